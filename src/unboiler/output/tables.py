"""Tables: the alignment of cells, a table of data told from a table used for layout,
icons that stand for a cell's value, and the text of cells that hold blocks.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

from selectolax.lexbor import LexborNode

from unboiler import tags
from unboiler.output.dom import INLINE_TAGS, LIST_TAGS, hidden_from_readers
from unboiler.output.inline import normalize, plain
from unboiler.output.tree import (
    BREAK,
    Block,
    Close,
    CodeBlock,
    Heading,
    Inline,
    ListBlock,
    Mark,
    Open,
    Paragraph,
    Quote,
)
from unboiler.text import (
    normalize_space,
)


def cell_span(value: str | None, limit: int) -> int:
    try:
        return min(max(int((value or "1").strip()), 1), limit)
    except ValueError:
        return 1


#: A cell's ``text-align`` in its inline style (CSS Text Module Level 3, §7.1), the way
#: Markdown writers and wikis write a column's alignment into HTML.
_TEXT_ALIGN: Final = re.compile(r"text-align\s*:\s*(left|center|right)\b", re.IGNORECASE)


#: The alignments a GFM table's delimiter row can write (GFM §4.10).
CELL_ALIGNMENTS: Final = frozenset({"left", "center", "right"})


def cell_align(attributes: dict[str, str | None]) -> str | None:
    """How a table cell's text is aligned: its style's ``text-align``, else its
    ``align`` attribute (obsolete in HTML5, §16.3.4, and still written)."""
    style = attributes.get("style")
    found = _TEXT_ALIGN.search(style) if style else None
    if found is not None:
        return found.group(1).lower()
    align = (attributes.get("align") or "").strip().lower()
    return align if align in CELL_ALIGNMENTS else None


def wraps_items(node: LexborNode) -> bool:
    """Whether ``node`` is an element around list items (one of its children is an
    ``<li>``)."""
    if node.tag in INLINE_TAGS or node.tag in LIST_TAGS:
        return False
    child = node.first_child
    while child is not None:
        if child.tag == "li":
            return True
        child = child.next
    return False


#: An equation's number beside it: "(1)", "(2.3)", "(A.1)".
EQUATION_NUMBER: Final = re.compile(r"\(\s*[\w.]{1,12}\s*\)")


#: A table without header cells whose cells hold several lines is still a table of data
#: when it is a grid: at least this many rows, each of the same number of cells, and each
#: cell a few short lines (an API reference's parameters: "board_id" over "required",
#: beside "string" over what it is).  A layout table's cells are long (a forum's posts) or
#: many lines (a menu), and its rows are few or uneven.  The bounds are not fitted; with
#: them the Markdown structure benchmark (``benchmarks/markdown_structure.py``) finds 2,454
#: of WCXB's 2,976 gold table rows, against 2,435 without, and the same headings and
#: list items.
MIN_GRID_ROWS: Final = 3


MAX_GRID_CELL_LINES: Final = 4


MAX_GRID_CELL_WORDS: Final = 40


def grid_of_data(rows: list[list[tuple[LexborNode, list[Block]]]]) -> bool:
    """Whether a table's rows (of cells and their blocks, every block a paragraph or a
    heading) are a grid of data (:data:`MIN_GRID_ROWS`)."""
    if len(rows) < MIN_GRID_ROWS or len({len(row) for row in rows}) != 1 or len(rows[0]) < 2:
        return False
    for row in rows:
        for cell, blocks in row:
            if cell.attributes.get("colspan") not in (None, "", "1"):
                return False
            if len(blocks) > MAX_GRID_CELL_LINES:
                return False
            paragraphs = [block for block in blocks if isinstance(block, Paragraph)]
            if len(paragraphs) < len(blocks):
                return False  # a heading in a cell heads a part of the page's layout
            if sum(len(plain(p.inlines).split()) for p in paragraphs) > MAX_GRID_CELL_WORDS:
                return False
    return True


#: Elements that set a cell's text in bold, as a header's (:func:`header_rows`).
BOLD_TAGS: Final = frozenset({"b", "strong"})


def _bold_text(cell: LexborNode) -> bool:
    """Whether ``cell`` shows text, and all of it inside ``<b>`` or ``<strong>``."""
    text = "".join((cell.text(deep=True) or "").split())
    if not text:
        return False
    bold = "".join(
        "".join((element.text(deep=True) or "").split())
        for element in cell.traverse(include_text=False)
        if element.tag in BOLD_TAGS and not _in_bold(element, cell)
    )
    return bold == text


def _in_bold(element: LexborNode, cell: LexborNode) -> bool:
    """Whether ``element`` lies in a bold element inside ``cell`` (its text counted there)."""
    node = element.parent
    while node is not None and node.mem_id != cell.mem_id:
        if node.tag in BOLD_TAGS:
            return True
        node = node.parent
    return False


def _in_head(row: list[tuple[LexborNode, list[Block]]]) -> bool:
    """Whether a table's row (its cells) is in the table's ``<thead>``."""
    tr = row[0][0].parent if row else None
    return tr is not None and tr.parent is not None and tr.parent.tag == "thead"


def header_rows(rows: list[list[tuple[LexborNode, list[Block]]]]) -> int:
    """How many of a table's first rows (a table without header cells) are its header:
    those in its ``<thead>`` (two rows there head the columns together), else a first
    row each of whose cells with text is set all in bold while a later row is not; none
    for a table of one row.  Blog editors (Tistory's, Gutenberg's) write a table's
    header as a first row of ``<td><b>...</b></td>``; written as data, it came out in
    Markdown under an empty header row (a newcomer's Korean blog post)."""
    if len(rows) < 2 or not rows[0]:
        return 0
    head = 0
    while head < len(rows) - 1 and _in_head(rows[head]):
        head += 1
    if head:
        return head
    shown = [cell for cell, _ in rows[0] if (cell.text(deep=True) or "").strip()]
    return int(
        len(shown) >= 2
        and all(_bold_text(cell) for cell in shown)
        and not all(_bold_text(cell) for row in rows[1:] for cell, _ in row)
    )


#: The elements an icon is drawn with, whose ``title`` names it (Font Awesome's and
#: Bootstrap's ``<i class="fa fa-check" title="Included">``; an ``<img>``'s ``alt``
#: and any element's ``aria-label`` name it too).
ICON_TAGS: Final = frozenset({"i", "span", "svg", "img", "em"})


def named_icon(cell: LexborNode) -> list[Block]:
    """The text alternative of the icon that is a table cell's only content ("Yes",
    "Included"), as a screen reader reads the cell (WAI-ARIA's accessible name:
    ``aria-label``, an image's ``alt``, an SVG's ``<title>``, an icon's ``title``), as a
    paragraph; none when the cell holds text or nothing with a name.  A comparison
    table's ticks and crosses are its data: without their names, a plan's row read "SSO"
    and two empty cells.  An icon hidden from screen readers (``aria-hidden``) names
    nothing, and only a table of data with header cells has its icons named: a layout
    table's cells hold logos and advertisements."""
    if _shown_text(cell) or hidden_from_readers(cell):
        return []
    for node in cell.traverse():
        if not node.is_element_node or tags.same_node(node, cell) or _hidden_within(node, cell):
            continue
        attributes = node.attributes
        tag = node.tag or ""
        names = [attributes.get("aria-label")]
        if tag == "img":
            names.append(attributes.get("alt"))
        if tag in ICON_TAGS:
            names.append(attributes.get("title"))
        if tag == "svg":
            title = node.css_first("title")
            names.append(title.text() if title is not None else None)
        for name in names:
            text = normalize_space(name or "")
            if text:
                return [Paragraph([text])]
    return []


def _hidden_within(node: LexborNode, cell: LexborNode) -> bool:
    """Whether ``node`` or an element above it inside ``cell`` (at most
    :data:`SHOWN_TEXT_LEVELS` up) is hidden from screen readers: an icon inside an
    ``aria-hidden`` wrapper names nothing either."""
    element: LexborNode | None = node
    for _ in range(SHOWN_TEXT_LEVELS):
        if element is None or tags.same_node(element, cell):
            return False
        if hidden_from_readers(element):
            return True
        element = element.parent
    return False


#: How many elements above a text :func:`_shown_text` looks for one that hides it;
#: text nested deeper counts as shown (the walk stays linear in the cell's size).
SHOWN_TEXT_LEVELS: Final = 16


def _shown_text(element: LexborNode) -> bool:
    """Whether ``element`` holds text a page shows: outside the elements whose content
    is never page text (an SVG's ``<title>``, a script)."""
    for node in element.traverse(include_text=True):
        if node.is_text_node and (node.text_content or "").strip():
            parent = node.parent
            for _ in range(SHOWN_TEXT_LEVELS):
                if parent is None or tags.same_node(parent, element):
                    return True
                if parent.tag in tags.IGNORED_TAGS:
                    break
                parent = parent.parent
            else:
                return True
    return False


#: A list's marker written in a cell of its own: a number of at most four digits, a
#: letter or a Roman numeral, in parentheses or before a point or a parenthesis ("a)",
#: "(12)", "iv.", "1.2."), or a dash or a bullet.  Not any short word before a point
#: ("Tel.", "Inc.", "(EUR)", "12.50)": review).
ENUMERATOR: Final = re.compile(
    r"\((?:\d{1,4}|[a-z]|[ivxlc]{1,6})\)"
    r"|(?:\d{1,4}(?:\.\d{1,3})*|[a-z]|[ivxlc]{1,6})[.)]"
    r"|[\u2013\u2014\u2022*-]",
    re.IGNORECASE,
)


def labelled_line(rows: list[list[tuple[LexborNode, list[Block]]]]) -> bool:
    """Whether a table without header cells is one row of a list's marker and its text:
    a layout that sets a number beside a paragraph (EUR-Lex writes each recital and each
    lettered point as such a table: "a)" beside "les piles portables;").  It is a line of
    a list to a reader, and a grid of one row and no header in Markdown, which a
    newcomer's regulation had nine of.  Two cells of one paragraph each, the first an
    :data:`ENUMERATOR`; other one-row tables ("Size M" beside "In stock") stay grids."""
    if len(rows) != 1:
        return False
    cells = [blocks for _, blocks in rows[0] if blocks]
    if len(cells) != 2 or any(
        len(blocks) != 1 or not isinstance(blocks[0], Paragraph) for blocks in cells
    ):
        return False
    marker = cells[0][0]
    return isinstance(marker, Paragraph) and bool(ENUMERATOR.fullmatch(plain(marker.inlines)))


def row_line(cells: list[tuple[LexborNode, list[Block]]]) -> list[Inline]:
    """A table row's cells as one line, a space between two."""
    line: list[Inline] = []
    for _, blocks in cells:
        inlines = cell_line(blocks)
        if inlines:
            if line:
                line.append(" ")
            line.extend(inlines)
    return normalize(line)


def cell_line(blocks: list[Block]) -> list[Inline]:
    """The one line of a table cell: its paragraphs and headings, the items of its lists
    (a nested list's items after their parent's), the paragraphs of a quotation, the
    lines of short code, a line break between two (:func:`fits_cell`)."""
    line: list[Inline] = []
    for inlines in _cell_lines(blocks):
        if line:
            line.append(BREAK)
        line.extend(inlines)
    return line


def _cell_lines(blocks: Iterable[Block]) -> list[list[Inline]]:
    lines: list[list[Inline]] = []
    for block in blocks:
        if isinstance(block, (Paragraph, Heading)):
            lines.append(block.inlines)
        elif isinstance(block, ListBlock):
            for item in block.items:
                lines.extend(_cell_lines(item))
        elif isinstance(block, Quote):
            lines.extend(_cell_lines(block.blocks))
        elif isinstance(block, CodeBlock):
            # a tab would part the text output's columns
            lines.extend(
                [Open(Mark.CODE), code.replace("\t", " "), Close(Mark.CODE)]
                for code in block.text.splitlines()
                if code.strip()
            )
    return lines


#: Lines of a ``<pre>`` that a cell of a table with header cells holds as its lines.
MAX_CELL_CODE_LINES: Final = 20


def _short_code(block: Block) -> bool:
    """Whether ``block`` is code of :data:`MAX_CELL_CODE_LINES` lines at most."""
    return isinstance(block, CodeBlock) and len(block.text.splitlines()) <= MAX_CELL_CODE_LINES


def fits_cell(block: Block, depth: int = 0) -> bool:
    """Whether ``block`` reads as lines of a cell of a table with header cells: a
    paragraph or a heading; a list whose items hold such lines (nested lists too: a
    parameter's options), a quotation of them, short code (:func:`_short_code`).  A
    table, and anything nested past :data:`MAX_CELL_NESTING`, does not."""
    if isinstance(block, (Paragraph, Heading)):
        return True
    if isinstance(block, CodeBlock):
        return _short_code(block)
    if depth >= MAX_CELL_NESTING:
        return False
    if isinstance(block, ListBlock):
        return all(fits_cell(inner, depth + 1) for item in block.items for inner in item)
    if isinstance(block, Quote):
        return all(fits_cell(inner, depth + 1) for inner in block.blocks)
    return False


#: How deep lists and quotations may nest in a cell that keeps its table.
MAX_CELL_NESTING: Final = 4
