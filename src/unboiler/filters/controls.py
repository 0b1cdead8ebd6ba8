"""A button's label is the page's control, not its content.

A ``<button>`` is interactive content (HTML standard, §4.10.6): its text says what
pressing it does ("Filter by Brand", "Show 90 results per page", "Save this event: …",
"Copy code block"), and a reader of the extracted text cannot press anything.  The
block model judged such labels one by one and kept them where they sat among content:
a shop's filter panel above its products, the "Copy" and "Report" buttons over every
code sample of a documentation page.

Two kinds of button hold text that is content, and keep it:

- the header of an accordion (WAI-ARIA Authoring Practices, "Accordion Pattern"): a
  button inside a heading, or one that says what it shows (``aria-expanded``,
  ``aria-controls``); a FAQ's questions are written so;
- a question ("How long can I rent equipment for?"), which is a FAQ's entry in markup
  that follows no pattern.

A tooltip (WAI-ARIA 1.2, role ``tooltip``: "a contextual popup that displays a
description for an element") is a control's too: its text shows while a pointer rests on
the control ("This answer is useful", "Copied!", "Read Later", a price plan's feature
explained), and a reader of the extracted text has neither.  Every block inside one is
left out.  On the held-out run below (then at WCXB 0.88130): WCXB 0.88140 (product
0.6579 to 0.6598, listing 0.7556 to 0.7553; 4 pages better, 2 worse), scrapinghub and
readability unchanged.  In the three datasets, 191 of the 202 tooltips with text are
absent from the gold, and the other 11 are words the page also shows elsewhere.

A button inside a sentence (:func:`unboiler.tags.control_in_line`) is part of the
sentence and is left alone too.  (The output's rule for a code block's buttons keeps a
button with any ``role`` or ``aria-pressed`` as well; here that kept a shop's filter
chips and tabs: WCXB 0.87884 on the run below, against 0.87909.)

Measured on the default extractor's held-out run (five folds by domain or site, the
saved probabilities of ``python benchmarks/default_cv.py``, this rule applied after the
others): WCXB 0.87831 to 0.87909 (listing 0.752 to 0.756, collection 0.679 to 0.684,
product 0.628 to 0.630, service 0.872 to 0.873, no type lower), scrapinghub and
readability unchanged; 64 of the 1,666 pages change.  Four variants were compared on
that run, so the figure is not a held-out one for the choice among them: every button
(WCXB 0.87901, but 0.0005 lower on service pages, whose FAQ questions it dropped),
accordion headers kept by heading or by ARIA state alone (0.87902, 0.87901), both
(0.87903), and both with questions (0.87909, shipped).
"""

from __future__ import annotations

from typing import Any, Final

from unboiler.document import TextDocument
from unboiler.filters import drop_blocks
from unboiler.tags import control_in_line, in_heading

#: A block whose element or one of its ``BUTTON_LEVELS - 1`` nearest ancestors is a
#: ``<button>`` is the button's label (a label wrapped in a ``<span>`` or two).
BUTTON_LEVELS: Final = 3
#: How far above a button a heading makes it an accordion's header
#: (``<h3><span><button>``).
HEADER_LEVELS: Final = 3
#: Attributes by which a button says it shows or hides a region (WAI-ARIA 1.2, §6.7).
DISCLOSURE_ATTRIBUTES: Final = ("aria-expanded", "aria-controls")
#: Endings of a question, in Latin, CJK (full-width), Arabic and Greek script.
QUESTION_MARKS: Final = ("?", "\uff1f", "\u061f", "\u037e")


def _accordion_header(button: Any) -> bool:
    """Whether ``button`` heads a region it shows or hides (a heading's button, or one
    with a disclosure attribute)."""
    attributes = button.attributes
    if any(name in attributes for name in DISCLOSURE_ATTRIBUTES):
        return True
    return in_heading(button, HEADER_LEVELS)


def _labels_of(tree: Any) -> dict[Any, Any]:
    """Each element that is a button's label (the button, and the elements
    :data:`BUTTON_LEVELS` - 1 levels inside it), and its button."""
    buttons: dict[Any, Any] = {}
    for button in tree.css("button"):
        level = [button]
        for depth in range(BUTTON_LEVELS):
            for element in level:
                buttons.setdefault(element, button)
            if depth + 1 < BUTTON_LEVELS:  # the children of the last level are no label
                level = [child for element in level for child in element.iter(include_text=False)]
    return buttons


def _tooltip_elements(tree: Any) -> set[Any]:
    """The elements inside the page's tooltips (``role="tooltip"``), the tooltips too."""
    inside: set[Any] = set()
    for tooltip in tree.css('[role="tooltip" i]'):
        if tooltip not in inside:
            inside.update(tooltip.traverse(include_text=False))
    return inside


def control_labels(document: TextDocument) -> frozenset[int]:
    """The blocks that are a button's label or a tooltip's text, and no content (see
    the module docstring)."""
    tree = document.tree
    if tree is None:
        return frozenset()
    buttons = _labels_of(tree)  # the page's buttons walked, not every block's ancestors
    tooltips = _tooltip_elements(tree)
    if not buttons and not tooltips:
        return frozenset()
    labels = set()
    for index, block in enumerate(document.blocks):
        if block.node in tooltips:
            labels.add(index)
            continue
        button = buttons.get(block.node)
        if (
            button is not None
            and not block.text.rstrip().endswith(QUESTION_MARKS)
            and not control_in_line(button)
            and not _accordion_header(button)
        ):
            labels.add(index)
    return frozenset(labels)


def drop_control_labels(document: TextDocument) -> bool:
    """Filter: the content blocks that are a button's label (:func:`control_labels`)
    become boilerplate."""
    return drop_blocks(document, control_labels(document))


__all__ = [
    "BUTTON_LEVELS",
    "DISCLOSURE_ATTRIBUTES",
    "HEADER_LEVELS",
    "QUESTION_MARKS",
    "control_labels",
    "drop_control_labels",
]
