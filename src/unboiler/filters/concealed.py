"""Text that a page hides until a script shows it, and that no reader's click opens.

An element with the ``hidden`` attribute (HTML standard, §6.1: "not yet, or no longer,
directly relevant") or an inline ``display: none`` or ``visibility: hidden`` is not on
the screen.  Much of what pages hide so is furniture a script brings up: the sign-in
and newsletter forms of a modal, a mega menu's columns, a "similar items" carousel
filled later, a lockdown page's notice, a template a page builder left switched off.
Readability.js drops every such node before it scores the page
(``_isProbablyVisible``, mozilla/readability); the block model reads an ``any_hidden``
feature and still keeps many of them, because some hidden text is content: a tab's or
an accordion's panel, a slider's next slide, a question's answer shown when the
question is clicked.

:func:`concealed_blocks` finds the blocks under a hiding element that is none of those
(:func:`opens_on_click`), and :func:`drop_concealed` leaves them out unless they are
most of what was kept: a page that hides its whole body until its script has run
(anti-flicker snippets: ``<div id="app" style="visibility:hidden">``) hides its content,
and the page's reader sees it a moment later.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from unboiler.document import TextBlock
from unboiler.tags import HEADING_TAGS, HIDING_STYLE, nearest_marks

#: ARIA roles of an element a control shows and hides: a tab's panel, and an accordion's
#: (WAI-ARIA Authoring Practices 1.2, "Tabs Pattern" and "Accordion Pattern": "region",
#: labelled by its header's button).
DISCLOSURE_ROLES: Final = frozenset({"tabpanel", "region"})
#: Words in the ``class`` or ``id`` of an element that a reader's click or a timer shows:
#: the panels of accordions, collapsibles, tabs and "read more" boxes (Bootstrap's
#: ``collapse`` and ``tab-pane``, jQuery UI's ``ui-accordion-content``), a FAQ's
#: answers, and the slides of a slider or carousel (Slick, Swiper, Revolution Slider).
DISCLOSURE_WORDS: Final = re.compile(
    r"accordion|collaps|tab-?pane|tab-?content|tabs?-?panel|expand|toggle|disclos|faq|answer"
    r"|more|panel|slide|carousel|swiper|slick",
    re.IGNORECASE,
)
#: Elements that head what a click below them shows: a heading or button (an
#: accordion's header, WAI-ARIA's "Accordion Pattern"), a ``<summary>``, a definition
#: list's term, a label of a switch.
TRIGGER_TAGS: Final = HEADING_TAGS | frozenset({"button", "summary", "dt", "label"})
#: The kept blocks under hiding elements are left out only when their words are less
#: than this share of all kept words: more, and the page hides its content itself until
#: a script shows it.  Measured held out with the share of a half (the one value tried):
#: see :func:`drop_concealed`.
CONCEALED_MAX_SHARE: Final = 0.5


def hides_until_shown(element: Any) -> bool:
    """Whether ``element`` is out of sight until a script shows it: the ``hidden``
    attribute (but ``hidden="until-found"``, which the browser's find in page opens,
    HTML standard §6.1), or an inline style of :data:`~unboiler.tags.HIDING_STYLE`.
    Not ``aria-hidden``, which hides from screen readers what the eye sees, nor a
    framework's class, which hides at some widths what others show
    (:func:`unboiler.tags.hides_in_some_layout`)."""
    attributes = element.attributes
    if not attributes:
        return False
    if "hidden" in attributes and (attributes["hidden"] or "").strip().lower() != "until-found":
        return True
    style = attributes.get("style")
    return bool(style) and HIDING_STYLE.search(style) is not None


def is_disclosure_panel(element: Any) -> bool:
    """Whether ``element`` says it is a panel that a control shows: a role of
    :data:`DISCLOSURE_ROLES`, or a word of :data:`DISCLOSURE_WORDS` in its class or
    id."""
    attributes = element.attributes
    if not attributes:
        return False
    if (attributes.get("role") or "").strip().lower() in DISCLOSURE_ROLES:
        return True
    names = f"{attributes.get('class') or ''} {attributes.get('id') or ''}"
    return DISCLOSURE_WORDS.search(names) is not None


def _after_trigger(element: Any) -> bool:
    """Whether the element before ``element`` heads it (:data:`TRIGGER_TAGS`, or one
    that says whether it is expanded: ``aria-expanded``)."""
    before = element.prev
    while before is not None and not before.is_element_node:
        before = before.prev
    if before is None:
        return False
    return before.tag in TRIGGER_TAGS or "aria-expanded" in (before.attributes or {})


def _look(element: Any) -> tuple[str, str]:
    return element.tag or "", element.attributes.get("class") or ""


def opens_on_click(element: Any, alike: int) -> bool:
    """Whether a hiding ``element`` is one a reader opens: a disclosure panel
    (:func:`is_disclosure_panel`), or one of several hidden elements that look alike
    (``alike``: how many of the page's hiding elements have its tag and class) each
    right after the heading or button that opens it: an accordion's answers, written
    without the words or roles that say so."""
    return is_disclosure_panel(element) or (alike > 1 and _after_trigger(element))


def concealed_blocks(blocks: Sequence[TextBlock], among: Iterable[int]) -> dict[int, int]:
    """Of the blocks ``among``, those whose nearest hiding element
    (:func:`hides_until_shown`) is no panel a reader opens (:func:`opens_on_click`),
    each with that element's ``mem_id``.  A block inside a disclosure panel is not
    concealed, whatever hides the panel or its wrapper: the climb stops there."""
    elements: dict[int, Any] = {}

    def mark(element: Any) -> int | None:
        if is_disclosure_panel(element):
            return 0
        if hides_until_shown(element):
            elements[int(element.mem_id)] = element
            return int(element.mem_id)
        return None

    found = nearest_marks(((index, blocks[index].node) for index in among), mark)
    if not found:
        return found
    looks = Counter(_look(element) for element in elements.values())
    opened = {
        key for key, element in elements.items() if opens_on_click(element, looks[_look(element)])
    }
    return {index: key for index, key in found.items() if key not in opened}


def drop_concealed(
    keep: npt.NDArray[np.bool_],
    words: npt.NDArray[np.float64],
    concealed: Mapping[int, int] | Iterable[int],
) -> npt.NDArray[np.bool_]:
    """``keep`` without the kept blocks ``concealed`` (:func:`concealed_blocks`), unless
    their words are at least :data:`CONCEALED_MAX_SHARE` of the kept words.

    Measured on the default extractor's cross-validated run (stop 43's held-out
    probabilities, ``benchmarks/default_cv.py --load``): WCXB 0.88441 to 0.88534 (52
    pages better, 9 worse: product and collection pages lose their hidden modals, mega
    menus and filter forms; a shop whose product grid is ``display:none`` until its
    script runs, and a FAQ hidden by ``visibility:hidden`` without a word, role or
    heading that says it opens, are worse), readability 0.96474 to 0.96617 (its test
    page of a ``visibility: hidden`` section), scrapinghub unchanged.  Without the
    guard for disclosure panels, WCXB fell to 0.88387: tabs, accordions and sliders
    hide content that WCXB's annotators counted."""
    hidden = [index for index in concealed if keep[index]]
    if not hidden:
        return keep
    hidden_words = float(words[hidden].sum())
    if hidden_words >= CONCEALED_MAX_SHARE * float(words[keep].sum()):
        return keep
    keep = keep.copy()
    keep[hidden] = False
    return keep


__all__ = [
    "CONCEALED_MAX_SHARE",
    "DISCLOSURE_ROLES",
    "DISCLOSURE_WORDS",
    "TRIGGER_TAGS",
    "concealed_blocks",
    "drop_concealed",
    "hides_until_shown",
    "is_disclosure_panel",
    "opens_on_click",
]
