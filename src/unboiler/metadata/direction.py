"""The direction of the content's text, left to right or right to left.

A reader's page that shows Arabic, Hebrew or Persian text must be told to lay it out from
the right: the page says so with HTML's ``dir`` attribute, which an element inherits from
its nearest ancestor that sets it (HTML standard, §3.2.6.4 "The dir attribute").  So the
content's direction is read where the content is, not only on ``<html>``: a site can
declare ``dir="ltr"`` on the whole page and ``dir="rtl"`` on its ``<body>`` or
``<main>``.  Mozilla Readability reports the same fact (its ``dir`` field) from the
ancestors of the element it chose; here every kept block votes with its words, from its
own element up, so that a quotation in another script does not decide for the article
around it.

Only what the page declares counts, as a browser reads it: the CSS ``direction`` of an
element's ``style`` (which wins over ``dir``, a mere presentational hint: CSS Writing
Modes 3, §2.1), then ``dir``; ``dir="auto"`` is the direction of the first
strongly directional letter of the element's text (HTML standard, "auto
directionality"), which is how a site with readers' posts in several scripts declares
them.  No declaration at all gives None: a browser lays such a page out left to right
whatever its language, so ``lang="ar"`` alone is not taken as right to left.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from typing import Any, Final

from unboiler.document import TextDocument

#: The values of ``dir`` that declare a direction (HTML standard, §3.2.6.4).
DIRECTIONS: Final = frozenset({"ltr", "rtl"})
#: The ``direction`` property in an inline style (the last one given wins).
_CSS_DIRECTION: Final = re.compile(r"(?:^|;)\s*direction\s*:\s*(ltr|rtl)\b", re.IGNORECASE)
#: How much of an element's text ``dir="auto"`` reads for its first strong letter.
AUTO_TEXT_CHARS: Final = 4096
#: Unicode bidirectional classes of strongly directional characters (UAX #9): left to
#: right, and right to left (Hebrew and the like; Arabic letters).
_STRONG: Final = {"L": "ltr", "R": "rtl", "AL": "rtl"}


#: Elements whose text ``dir="auto"`` passes over (HTML standard, "auto directionality":
#: an isolated ``<bdi>``, and text no reader sees as the element's).
_AUTO_SKIPPED: Final = frozenset({"bdi", "script", "style", "textarea", "template"})


def _auto(element: Any) -> str:
    """The direction ``dir="auto"`` gives ``element``: that of the first strongly
    directional character of its text, passing over :data:`_AUTO_SKIPPED` elements and
    those that declare a direction of their own; left to right when it has none (HTML
    standard).  At most :data:`AUTO_TEXT_CHARS` of text are read."""
    # In the page's order: a node's children before its next sibling.
    stack = [element.first_child] if element.first_child is not None else []
    read = 0
    while stack and read < AUTO_TEXT_CHARS:
        node = stack.pop()
        if node.next is not None:
            stack.append(node.next)
        if node.is_text_node:
            text = node.text(deep=False)[: AUTO_TEXT_CHARS - read]
            read += len(text)
            for character in text:
                found = _STRONG.get(unicodedata.bidirectional(character))
                if found is not None:
                    return found
        elif node.is_element_node and node.tag not in _AUTO_SKIPPED:
            value = (node.attributes.get("dir") or "").strip().lower()
            if value not in DIRECTIONS and value != "auto" and node.first_child is not None:
                stack.append(node.first_child)
    return "ltr"


def declared_direction(element: Any) -> str | None:
    """What ``element`` itself declares: a direction, "" for a wrong ``dir`` value
    (which, like no value, leaves the element its parent's direction), or None when it
    declares nothing."""
    attributes = element.attributes
    style = attributes.get("style")
    if style and "direction" in style.lower():
        given = _CSS_DIRECTION.findall(style)
        if given:
            return str(given[-1]).lower()
    value = (attributes.get("dir") or "").strip().lower()
    if not value:
        return None
    if value == "auto":
        return _auto(element)
    return value if value in DIRECTIONS else ""


def _declared(element: Any, known: dict[int, str | None]) -> str | None:
    """The direction ``element`` inherits: its own ``dir``, else its nearest ancestor's.
    ``known`` remembers the answer of every element walked, so that the blocks of one
    page walk each ancestor once."""
    walked: list[int] = []
    found: str | None = None
    while element is not None:
        key = element.mem_id
        if key in known:
            found = known[key]
            break
        walked.append(key)
        own = declared_direction(element)
        if own:  # a wrong value declares nothing: the parent's holds (HTML standard)
            found = own
            break
        element = element.parent
    for key in walked:
        known[key] = found
    return found


def content_direction(document: TextDocument) -> str | None:
    """``"rtl"`` or ``"ltr"``: the direction the page declares for most of the words of
    the blocks the extractor kept (for the page's ``<body>`` when none is kept); None
    when it declares none for most of them."""
    known: dict[int, str | None] = {}
    votes: Counter[str | None] = Counter()
    for block in document.blocks:
        if block.is_content and block.nodes:
            votes[_declared(block.nodes[0], known)] += max(block.num_words, 1)
    if votes:
        return votes.most_common(1)[0][0]
    tree = document.tree
    body = tree.body if tree is not None else None
    return _declared(body, known) if body is not None else None


__all__ = ["AUTO_TEXT_CHARS", "DIRECTIONS", "content_direction", "declared_direction"]
