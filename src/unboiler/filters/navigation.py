"""Text in the page's navigation is no content, whatever the model made of it.

A ``<nav>`` element, or an element whose ARIA role is ``navigation``, ``menu`` or
``menubar`` (WAI-ARIA 1.2: the navigation landmark, and the menu widgets), says that
what it holds is the page's navigation: menus, breadcrumbs, a wiki's navigation boxes
of related articles.  The model reads that (its ``any_nav`` feature) among many others,
and on some pages its other features win: a Wikipedia navigation box is a table of
short linked names below the article, in the article's element, and a newcomer's
Turkish article ended with two of them, their "g t d" links included.  A kept block
inside such an element is left out (:func:`drop_navigation`), unless the page's
navigation holds at least :data:`NAV_MAX_SHARE` of the kept words: then the page is its
navigation (a sitemap, a site's index), or the page misuses the role for its content,
and the model is trusted.

Measured on the default extractor's held-out run (three members, five folds by domain
or site; ``benchmarks/default_cv.py --combine`` with this code's rules): WCXB 0.885943 to
0.886106 (42 of the 49 pages that change are better; collection 0.7027 to 0.7044,
documentation 0.9428 to 0.9432, service 0.8705 to 0.8710, listing 0.7595 to 0.7585: a
scholar's profile page writes its citation figures in an element of role
``navigation``, which its gold keeps), readability 0.96679 to 0.96687, scrapinghub
unchanged.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from unboiler.document import TextBlock
from unboiler.tags import HEADING_TAGS

#: The share of the kept words that the navigation's kept blocks must stay under for
#: them to be left out (not fitted: a page that is mostly its navigation is left as
#: the model decided it).
NAV_MAX_SHARE: Final = 0.5


def drop_navigation(
    keep: npt.NDArray[np.bool_], words: npt.NDArray[np.float64], navigation: npt.NDArray[np.bool_]
) -> npt.NDArray[np.bool_]:
    """``keep`` without the blocks in the page's ``navigation`` (each block's flag),
    unless those hold :data:`NAV_MAX_SHARE` of the kept words or more."""
    kept_navigation = keep & navigation
    if not kept_navigation.any():
        return keep
    if words[kept_navigation].sum() >= NAV_MAX_SHARE * words[keep].sum():
        return keep
    return keep & ~navigation


#: What names a breadcrumb trail: a class, an id, an ``aria-label`` ("Breadcrumb", as the
#: WAI-ARIA Authoring Practices' breadcrumb pattern labels its ``<nav>``) or a schema.org
#: ``itemtype`` (``BreadcrumbList``).
BREADCRUMB_NAME: Final = re.compile(r"breadcrumb", re.IGNORECASE)
_BREADCRUMB_ATTRIBUTES: Final = ("class", "id", "aria-label", "itemtype")
_BREADCRUMB_SELECTOR: Final = ", ".join(
    f"[{name}*=breadcrumb i]" for name in _BREADCRUMB_ATTRIBUTES
)
#: A block's trail is its element or one of its ``BREADCRUMB_LEVELS - 1`` nearest
#: ancestors (Bootstrap's ``ol.breadcrumb > li.breadcrumb-item > a``, wrapped in a
#: ``<nav>`` and a container or two).
BREADCRUMB_LEVELS: Final = 6
#: A trail holds at most this many words: an element so named that holds more is a
#: wrapper around the page (a news site's ``div.has-breadcrumb`` around its story).
BREADCRUMB_MAX_WORDS: Final = 30
#: Nodes of a named element read before it counts as longer than a trail: its words,
#: the elements around them, and room for empty ones.
BREADCRUMB_MAX_NODES: Final = 4 * BREADCRUMB_MAX_WORDS + 16


def _is_trail(element: Any, named: frozenset[int] | None = None) -> bool:
    """Whether an element named as a trail is one: it holds at most
    :data:`BREADCRUMB_MAX_WORDS` words, no heading, and no other element so named (then
    it is a wrapper around the trail and more: a headline, a product's price), read in
    one walk of at most :data:`BREADCRUMB_MAX_NODES` nodes.  ``named``: the ids of
    the page's named elements, when they were found by one query."""
    words = 0
    for count, node in enumerate(element.traverse(include_text=True)):
        if count > BREADCRUMB_MAX_NODES:
            return False
        if node.is_text_node:
            words += len((node.text_content or "").split())
            if words > BREADCRUMB_MAX_WORDS:
                return False
        elif count and (
            node.tag in HEADING_TAGS
            or (int(node.mem_id) in named if named is not None else _named(node))
        ):
            return False
    return True


def _named(element: Any) -> bool:
    attributes = element.attributes
    names = " ".join(filter(None, map(attributes.get, _BREADCRUMB_ATTRIBUTES)))
    return bool(names) and BREADCRUMB_NAME.search(names) is not None


def breadcrumb_blocks(blocks: Sequence[TextBlock], tree: Any = None) -> frozenset[int]:
    """The blocks of the page's breadcrumb trail: the nearest element named so
    (:data:`BREADCRUMB_NAME`, :data:`BREADCRUMB_LEVELS`) that is one (:func:`_is_trail`:
    short, without a heading or another such element inside), navigation though no
    ``<nav>`` or role says so.  The trail's last item names the page, unlinked and in
    the title's words, and the model kept it: a newcomer's hotel page began with "Hotel
    Corte dei Tintori (Hotel)", numbered as a list.  Left out with the navigation
    (:func:`drop_navigation`), on the held-out run: WCXB 0.886987 to 0.887053 (product
    0.6705 to 0.6713, listing 0.7595 to 0.7596), scrapinghub and readability unchanged;
    without the bound on words, scrapinghub fell from 0.96749 to 0.96190 (two stories
    in such wrappers).  ``tree``: the page's parsed tree, when there is one: a page that
    names no trail (most) is not walked block by block."""
    named: frozenset[int] | None = None  # the named elements, when the tree says
    if tree is not None:
        # one query of the parser finds them all (most pages have none): the blocks'
        # climbs then look an element up instead of reading its attributes
        named = frozenset(int(element.mem_id) for element in tree.css(_BREADCRUMB_SELECTOR))
        if not named:
            return frozenset()
    found: set[int] = set()
    trails: dict[int, bool] = {}  # each named element seen: whether it is a trail
    for index, block in enumerate(blocks):
        element = block.node
        for _ in range(BREADCRUMB_LEVELS):
            if element is None or element.tag in ("body", "html"):
                break
            key = int(element.mem_id)
            if key in named if named is not None else _named(element):
                if key not in trails:
                    trails[key] = _is_trail(element, named)
                if trails[key]:
                    found.add(index)
                break
            element = element.parent
    return frozenset(found)


__all__ = [
    "BREADCRUMB_LEVELS",
    "BREADCRUMB_MAX_NODES",
    "BREADCRUMB_MAX_WORDS",
    "BREADCRUMB_NAME",
    "NAV_MAX_SHARE",
    "breadcrumb_blocks",
    "drop_navigation",
]
