"""Lists: the numbers of an ordered list's items (``start``, ``value``, ``type`` and
CSS list styles), task lists' check boxes, and lists that number their items by hand.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Final

from selectolax.lexbor import LexborNode

from unboiler.output.inline import plain
from unboiler.output.tree import Block, Heading, ListBlock, Paragraph

#: The largest number an ordered list may start at (CommonMark §5.2: nine digits).
MAX_LIST_START: Final = 999_999_999


def list_number(value: str | None) -> int | None:
    """A list's ``start`` or an item's ``value`` as a number, None when it is none; kept
    to what a Markdown list marker can write (CommonMark §5.2: at most nine digits)."""
    try:
        return min(max(int((value or "").strip()), 0), MAX_LIST_START)
    except ValueError:
        return None


#: The elements a task's checkbox may stand in at the start of its item: the item's
#: first paragraph (a loose list), a label around the box (pymdown's ``task-list-control``
#: in mkdocs-material).
_TASK_BOX_HOLDERS: Final = frozenset({"p", "label"})


def task_check(item: LexborNode) -> bool | None:
    """Whether a list item opens with a checkbox, ticked (True) or not (False), as
    GitHub and many Markdown renderers write a task list item; None when it does not.
    The box may stand in the item's first paragraph (a loose list) or in a label
    (:data:`_TASK_BOX_HOLDERS`), after empty elements (GitLab's ``<task-button>``, the
    script's handle to tick it).  It is a task's mark when the reader cannot tick it
    (``disabled``, as GitHub, GitLab, pandoc, markdown-it and Goldmark write it) or a
    class names it a task's: a box one can tick is a control (mkdocs-material's menus
    open and close on hidden checkboxes)."""
    node = item.first_child
    for _ in range(3):  # the item, its first paragraph, a label in it
        while node is not None and _nothing_shown(node):
            node = node.next
        if node is None or not node.is_element_node:
            return None
        if node.tag == "input":
            attributes = node.attributes
            if (attributes.get("type") or "").strip().lower() != "checkbox":
                return None
            if "disabled" not in attributes and not _names_task(node, item):
                return None
            return "checked" in attributes
        if node.tag not in _TASK_BOX_HOLDERS:
            return None
        node = node.first_child
    return None


def _nothing_shown(node: LexborNode) -> bool:
    """Whether a node before a task's box shows nothing: white space, a comment, an
    element of no content at all (GitLab's ``<task-button></task-button>``; an element
    with children is not read further, so that a deep list costs no walk per item)."""
    if node.is_text_node:
        return not (node.text_content or "").strip()
    if not node.is_element_node:
        return True
    if node.tag in _TASK_BOX_HOLDERS or node.tag in ("input", "img", "svg"):
        return False
    child = node.first_child
    while child is not None:
        if not child.is_text_node or (child.text_content or "").strip():
            return False
        child = child.next
    return True


def _names_task(*elements: LexborNode) -> bool:
    """Whether the class of one of ``elements`` says task (GitLab's and pymdown's
    ``task-list-item``), for a checkbox a renderer left enabled."""
    return any("task" in (element.attributes.get("class") or "").lower() for element in elements)


#: The ``type`` values of an ordered list that number it otherwise than in decimal
#: (HTML standard §4.4.8: lower and upper letters, lower and upper roman numerals).
LIST_NUMBER_STYLES: Final = frozenset({"a", "A", "i", "I"})


#: Roman numerals' values, largest first, with the subtractive pairs (IV, IX, ...).
_ROMAN: Final = (
    (1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"),
    (50, "l"), (40, "xl"), (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i"),
)  # fmt: skip
#: The numbers roman numerals write (CSS Counter Styles 3, §6.1: ``lower-roman`` and
#: ``upper-roman`` have the range 1 to 3999; a number outside it is written in decimal).
_ROMAN_RANGE: Final = range(1, 4000)


def item_label(number: int, style: str) -> str:
    """An item's number as a list of ``type`` ``style`` shows it (HTML standard §4.4.8;
    CSS Counter Styles 3, §6.1): letters ``a``..``z``, ``aa``.. for 27 on (an
    alphabetic system, which has no zero), or roman numerals, in upper case for ``A``
    and ``I``; in decimal where the style writes no such number (0, or past 3999)."""
    if style in ("a", "A") and number >= 1:
        letters = ""
        while number:
            number, rest = divmod(number - 1, 26)
            letters = chr(ord("a") + rest) + letters
        text = letters
    elif style in ("i", "I") and number in _ROMAN_RANGE:
        text = ""
        for value, numeral in _ROMAN:
            count, number = divmod(number, value)
            text += numeral * count
    else:
        return str(number)
    return text.upper() if style.isupper() else text


#: CSS ``list-style-type`` keywords that number a list (CSS Lists 3, §3), each with the
#: ``type`` of an ordered list that numbers alike (None: in decimal).
CSS_NUMBERED_STYLES: Final = {
    "decimal": None,
    "decimal-leading-zero": None,
    "lower-alpha": "a",
    "lower-latin": "a",
    "upper-alpha": "A",
    "upper-latin": "A",
    "lower-roman": "i",
    "upper-roman": "I",
}


_LIST_STYLE: Final = re.compile(r"list-style(?:-type)?\s*:\s*([^;]+)", re.IGNORECASE)


#: The ``list-style-type`` keywords the shorthand may name beside a position or an image.
_LIST_TYPE_WORDS: Final = frozenset({*CSS_NUMBERED_STYLES, "none", "disc", "circle", "square"})


#: An item that numbers itself ("4.1 You may...", "2) ...", "(b) ...", French and Spanish
#: law's ordinals "1° À des difficultés...", "2º").
_NUMBERED_BY_HAND: Final = re.compile(
    r"\s*(?:\d+(?:\.\d+)*(?:[.)]|[°º])?|\(?[a-z]\))\s", re.IGNORECASE
)


def list_style(node: LexborNode) -> str | None:
    """The ``list-style-type`` a list's inline style gives it, on the list or alike on
    every one of its items (a recipe plugin's steps: ``<ul>`` of ``<li style=
    "list-style-type: decimal">``), lower-cased; None when it gives none."""
    own = _list_type(node.attributes.get("style") or "")
    if own is not None:
        return own
    items = [child for child in node.iter(include_text=False) if child.tag == "li"]
    kinds = {_list_type(item.attributes.get("style") or "") for item in items}
    return kinds.pop() if len(kinds) == 1 else None


def numbered_by_hand(items: list[list[Block]]) -> bool:
    """Whether every item's text opens with a number of its own (:data:`_NUMBERED_BY_HAND`)."""
    for blocks in items:
        first = blocks[0] if blocks else None
        if not isinstance(first, (Paragraph, Heading)):
            return False
        if not _NUMBERED_BY_HAND.match(plain(first.inlines) + " "):
            return False
    return bool(items)


def listed_sections(items: list[list[Block]]) -> bool:
    """Whether a list's items are sections of a page: each opens with a heading and
    holds more than it (text, a list, the headings of its subsections).  A page's
    layout may set its sections as the items of a list (javadoc's ``<ul
    class="summary-list">`` of ``<section>`` with their ``<h2>``); a reader sees
    headings over their text, and Markdown's "- ## Method Summary" says something
    else.  A list of headings alone (links to articles) stays a list."""
    return bool(items) and all(
        len(blocks) > 1 and isinstance(blocks[0], Heading) for blocks in items
    )


def numbered_items(block: ListBlock) -> list[list[Block]]:
    """A list's items without their own numbers: an ordered list whose every item opens
    with a paragraph of its own number alone ("1", "2.", "3)") before the rest of it,
    without those paragraphs.  A page that styles the numbers itself (a government
    service's steps: ``<li><span class="numero-etapa">1</span><h3>``) hides the list's
    own with its style sheet, and Markdown and HTML wrote both ("1. 1" over the step's
    heading).  The plain text writes no list's numbers, this one's as any other's (its
    text is the Markdown's as a reader gets it).  A number in the item's line ("1 cup of
    flour") is its text."""
    items = block.items
    if not block.ordered or not items:
        return items
    numbers = block.ordinals()
    if all(
        len(blocks) >= 2
        and isinstance(blocks[0], Paragraph)
        and plain(blocks[0].inlines).strip().rstrip(".)") == str(number)
        for blocks, number in zip(items, numbers, strict=True)
    ):
        return [blocks[1:] for blocks in items]
    return items


def labelled_items(block: ListBlock, node: LexborNode) -> bool:
    """Whether an ordered list (in decimal) has every item (``<li>`` of ``node``) open
    with its own number in an element of its own followed by more text: a reference
    list's label, which its style sets where the list's number would be (PLOS's ``<span
    class="label">1.</span>Cleland EE``).  Markdown wrote "1. 1.Cleland"; the outputs
    that number the list leave such labels out (:func:`without_own_numbers`).  A number
    written in the item's text ("<li>1. Preheat"), which a browser shows beside the
    list's own, is no label; nor is one without its full stop or parenthesis."""
    if not block.ordered or block.style or not block.items:
        return False
    entries = [child for child in node.iter(include_text=False) if child.tag == "li"]
    return bool(entries) and all(_opens_with_label(entry) for entry in entries)


def without_own_numbers(block: ListBlock) -> list[list[Block]]:
    """A list's items, without the number each one's first line opens with where the
    items' own labels number them (``own_numbers``, :func:`labelled_items`) and every
    item's number is its own; else its items."""
    if not block.own_numbers:
        return block.items
    return _without_leading_numbers(block.items, block.ordinals())


def _opens_with_label(item: LexborNode) -> bool:
    """Whether a list item opens with an element whose text is a number and a full stop
    or parenthesis ("1.", "2)"), white space and empty elements aside."""
    child = item.first_child
    while child is not None:
        if child.is_text_node:
            if (child.text_content or "").strip():
                return False
        elif child.is_element_node:
            text = (child.text(deep=True) or "").strip()
            if text:
                return _LABEL.fullmatch(text) is not None
        child = child.next
    return False


#: A list item's label in an element of its own: "12.", "3)".
_LABEL: Final = re.compile(r"\d{1,9}[.)]")

#: Glyphs a page writes as an item's bullet when it hides the list's own marker
#: (``list-style: none``): the outputs write their own bullet in its place.
BULLETS: Final = "•◦▪▫‣⁃∙·●○■□►▸-–—*"
#: An item's label set apart in an element of its own, as LaTeXML writes each item of a
#: paper's lists (``<span class="ltx_tag ltx_tag_item">1.</span>`` before a block of
#: the item's text): a bullet glyph, or a number, letter or roman numeral with a full
#: stop or parentheses ("3.", "(b)", "iv)").
_ITEM_LABEL: Final = re.compile(
    rf"[{re.escape(BULLETS)}]|\(?(?:\d{{1,3}}|[a-z]|[ivxlc]{{1,6}})[.)]", re.IGNORECASE
)


def labelled_definitions(node: LexborNode) -> list[tuple[LexborNode, LexborNode]] | None:
    """The terms and details of a definition list (``node``) whose every term is an
    item's label (:data:`_ITEM_LABEL`: "1.", "a)", "(2)") with one details element after
    it, in order; None for any other list.  German federal law (gesetze-im-internet.de)
    numbers a section's points so, ``<dt>1.</dt><dd>den Namen ...</dd>``: a browser
    shows each number beside its point, and they are an enumeration, not terms defined
    (the outputs wrote "**1.**" over each point)."""
    pairs: list[tuple[LexborNode, LexborNode]] = []
    term: LexborNode | None = None
    for child in node.iter(include_text=False):
        if child.tag == "dt":
            if term is not None:
                return None
            label = " ".join((child.text(deep=True) or "").split())
            if not _ITEM_LABEL.fullmatch(label) or label in BULLETS:
                return None
            term = child
        elif child.tag == "dd":
            if term is None:
                return None
            pairs.append((term, child))
            term = None
        elif child.tag not in _NOTHING_SHOWN_TAGS:
            return None
    return pairs if pairs and term is None else None


#: Elements a definition list may hold between its terms and details that show nothing.
_NOTHING_SHOWN_TAGS: Final = frozenset({"script", "template", "style"})


def labels_inline(items: list[list[Block]]) -> list[list[Block]]:
    """``items`` with a label that stands as a line of its own over the item's first
    paragraph (:data:`_ITEM_LABEL`) put back at the head of that paragraph, where the
    page shows it ("(b) Compare the measures..."), and a lone bullet glyph left out, the
    outputs writing the list's own bullet.  Markdown wrote "- •" and "- (b)" over the
    item's text, each as a line of its own.  A label over anything but a paragraph (a
    service's step number over its heading) is left where it is, for
    :func:`numbered_items` to read."""
    return [_label_inline(blocks) for blocks in items]


def _label_inline(blocks: list[Block]) -> list[Block]:
    if len(blocks) < 2:
        return blocks
    label, first = blocks[0], blocks[1]
    if not isinstance(label, Paragraph) or not isinstance(first, Paragraph):
        return blocks
    if label.part is not None or first.part is not None:
        return blocks
    text = plain(label.inlines).strip()
    if not _ITEM_LABEL.fullmatch(text):
        return blocks
    if text in BULLETS:
        return blocks[1:]
    inlines = list(first.inlines)
    if inlines and isinstance(inlines[0], str):
        inlines[0] = f"{text} {inlines[0].lstrip()}"
    else:
        inlines.insert(0, f"{text} ")
    return [dataclasses.replace(first, inlines=inlines), *blocks[2:]]


def counted_by_hand(items: list[list[Block]], numbers: list[int]) -> bool:
    """Whether each item's first line opens with the number the list would give it
    (``numbers``, :func:`ordinals`: "1. ", "2. ") before more text.  A list that hides
    its own numbers and writes these (a paper's enumeration in LaTeXML) numbers its
    items as an ordered list does, and is written as one whose items number themselves
    (:attr:`~unboiler.output.tree.ListBlock.own_numbers`)."""
    return _without_leading_numbers(items, numbers) is not items


def _without_leading_numbers(items: list[list[Block]], numbers: list[int]) -> list[list[Block]]:
    """``items`` without the number each one's first line opens with, when every item's
    opens with its own ("1. ", "2) ") before more text; else ``items``."""
    stripped: list[list[Block]] = []
    for blocks, number in zip(items, numbers, strict=True):
        first = blocks[0] if blocks else None
        if not isinstance(first, Paragraph) or not first.inlines:
            return items
        text = first.inlines[0]
        if not isinstance(text, str):
            return items
        if len(blocks) > 1 and _LABEL.fullmatch(plain(first.inlines).strip()):
            # the number alone over a block it cannot stand beside (a list, code)
            if plain(first.inlines).strip()[:-1] != str(number):
                return items
            stripped.append(blocks[1:])
            continue
        found = _OWN_NUMBER.match(text)
        if found is None or found.group(1) != str(number) or found.end() == len(text):
            return items
        rest = [text[found.end() :], *first.inlines[1:]]
        stripped.append([dataclasses.replace(first, inlines=rest), *blocks[1:]])
    return stripped


#: An item's own number at the start of its first line: "12. ", "3) ".
_OWN_NUMBER: Final = re.compile(r"\s*(\d{1,9})[.)]\s+")


def _list_type(style: str) -> str | None:
    """The list-style type an inline style names (``list-style: outside none``: none)."""
    found = _LIST_STYLE.search(style)
    if found is None:
        return None
    return next((word for word in found.group(1).lower().split() if word in _LIST_TYPE_WORDS), None)


def ordinals(node: LexborNode, values: list[int | None]) -> list[int]:
    """The numbers of an ordered list's items, by the HTML standard's "ordinal value"
    (§4.4.8): from ``start`` (by default 1, or the number of items of a ``reversed``
    list), one up (or down) from the item before, an item's ``value`` its own; a number
    below 0 is written 0, which a Markdown marker can hold."""
    step = -1 if "reversed" in node.attributes else 1
    number = list_number(node.attributes.get("start"))
    if number is None:
        number = len(values) if step < 0 else 1
    numbers = []
    for value in values:
        number = number if value is None else value
        numbers.append(max(number, 0))
        number += step
    return numbers
