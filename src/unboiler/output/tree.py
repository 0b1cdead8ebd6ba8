"""The small tree the outputs write: headings, paragraphs of inline runs, lists, quotes,
code blocks, tables and rules.

:func:`unboiler.output.layout.layout` builds it from the page; the plain-text,
Markdown and HTML writers (:mod:`unboiler.output.text`, :mod:`unboiler.output.markdown`,
:mod:`unboiler.output.html`) read it.  An inline run is text and marks: opening and
closing formatting (:class:`Open`, :class:`Close`), line breaks and images.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

#: Slots a table's spans may fill before :meth:`Table.grid` leaves its rows' spans out (a
#: table of a thousand cells each spanning a thousand rows and columns is no grid).
MAX_GRID_SLOTS: Final = 1_000_000


class Mark(enum.Enum):
    """Inline formatting the structured outputs keep."""

    EMPHASIS = "emphasis"
    STRONG = "strong"
    CODE = "code"
    STRIKE = "strike"
    LINK = "link"
    #: Raised and lowered text: exponents ("mc<sup>2</sup>"), chemical formulas
    #: ("H<sub>2</sub>O"), ordinals.  The plain text runs them into the word, as the page
    #: shows them; the HTML and Markdown keep them, or "x2" would read as a product.
    SUPERSCRIPT = "superscript"
    SUBSCRIPT = "subscript"
    #: A MathML formula, in a line or set apart on its own (:mod:`unboiler.output.formula`):
    #: the plain text is its Unicode text, Markdown its TeX (the :class:`Open`'s ``tex``).
    FORMULA = "formula"
    DISPLAY_FORMULA = "display formula"
    #: Text set apart in its own direction inside a line (``<bdi>``, an inline element's
    #: ``dir``: "C++" in a Hebrew sentence); the :class:`Open`'s ``direction`` says which
    #: (None: the text's own, ``<bdi>`` without ``dir``).  The HTML output keeps it (a
    #: ``<bdi>``), without which the bidirectional algorithm shows "++C"; the text and
    #: Markdown have no such mark.
    ISOLATE = "isolate"


#: The marks of formulas, which hold their text whole: two formulas side by side are two.
FORMULA_MARKS: Final = frozenset({Mark.FORMULA, Mark.DISPLAY_FORMULA})


#: The elements of formulas (:func:`~unboiler.output.renderings.formulas`).
FORMULA_TAGS: Final = frozenset({"math", "script"})


MARK_TAGS: Final = {
    "em": Mark.EMPHASIS,
    "i": Mark.EMPHASIS,
    "strong": Mark.STRONG,
    "b": Mark.STRONG,
    "code": Mark.CODE,
    "kbd": Mark.CODE,
    "samp": Mark.CODE,
    "tt": Mark.CODE,
    "del": Mark.STRIKE,
    "s": Mark.STRIKE,
    "strike": Mark.STRIKE,
    "sup": Mark.SUPERSCRIPT,
    "sub": Mark.SUBSCRIPT,
    "a": Mark.LINK,
}


@dataclass(frozen=True)
class Open:
    """Start of inline formatting; ``href`` is the absolute URL of a link, if usable;
    ``tex`` a formula's TeX."""

    mark: Mark
    href: str | None = None
    tex: str | None = None
    direction: str | None = None


@dataclass(frozen=True)
class Close:
    mark: Mark


@dataclass(frozen=True)
class LineBreak:
    pass


@dataclass(frozen=True)
class Image:
    src: str
    alt: str


#: A piece of a line: text (whitespace already collapsed), formatting, a break, an image.
Inline = str | Open | Close | LineBreak | Image


BREAK: Final = LineBreak()


class DefinitionPart(enum.Enum):
    """What a line of a definition list (``<dl>``) is: a term (``<dt>``) or what it says
    of the terms before it (``<dd>``, HTML Living Standard §4.4.9)."""

    TERM = "dt"
    DETAILS = "dd"


@dataclass
class Paragraph:
    """A line of text; ``part`` says when it is a term or details of a definition list,
    which the HTML output writes as one (the text and Markdown write paragraphs, as
    WCXB's gold does)."""

    inlines: list[Inline]
    part: DefinitionPart | None = None
    #: The first line of its definition list: two lists side by side stay two.
    opens_list: bool = False
    #: The direction its element or an enclosing one in the content declares
    #: (:func:`~unboiler.metadata.direction.declared_direction`); None when none does.
    direction: str | None = None
    #: The first line of its term or details (false: the second paragraph of one
    #: ``<dd>``, which the HTML output keeps in it).
    opens_item: bool = True
    #: The label of a tab, written before its panel (:mod:`unboiler.output.tabs`).
    tab: bool = False
    #: How deep its definition list is: 1 for one in no other's details, 2 for one in
    #: the details (``<dd>``) of a term of such a list (Sphinx's field list of a
    #: function's "Parameters" in the function's entry), and so on.
    depth: int = 1
    #: The caption of the table right after it (``<caption>``): the HTML output writes
    #: it there, the text and Markdown, which have no captions, as a line above.
    caption: bool = False
    #: The caption of a figure (``<figcaption>``): the HTML output writes it in a
    #: ``<figure>`` with the line of pictures right before it, the text and Markdown as
    #: a line under them.
    figure_caption: bool = False


@dataclass
class Heading:
    level: int
    inlines: list[Inline]
    direction: str | None = None  # as a paragraph's


@dataclass
class CodeBlock:
    """Preformatted text, its line breaks and indentation as the page has them."""

    text: str
    language: str | None = None
    direction: str | None = None  # as a paragraph's
    #: The details (``<dd>``) of a definition list it is written in, or None: the HTML
    #: output keeps it there (a Sphinx field list's "Parameters" over a list).
    within: DefinitionPart | None = None
    #: It begins its ``<dd>`` (false: it follows a line or a block of the same one).
    opens_item: bool = True
    #: The depth of the definition list in whose details it is (as a paragraph's).
    depth: int = 1


@dataclass
class Quote:
    """A quotation (``<blockquote>``); with ``aside``, a note set apart from the text around it
    rather than quoted (an admonition, :data:`~unboiler.output.dom.ADMONITION_CLASSES`)."""

    blocks: list[Block]
    aside: bool = False
    direction: str | None = None  # as a paragraph's
    within: DefinitionPart | None = None  # as a code block's
    opens_item: bool = True  # as a code block's
    depth: int = 1  # as a code block's


@dataclass
class ListBlock:
    """A list; an ordered one's items are numbered from ``start`` up, or by ``numbers``
    where the page numbers them otherwise (``<ol reversed>``, ``<li value>``)."""

    ordered: bool
    start: int
    items: list[list[Block]]
    numbers: list[int] | None = None
    #: How an ordered list's numbers are written (its ``type``: ``a``, ``A``, ``i``,
    #: ``I``; HTML standard §4.4.8), when not in decimal: the HTML output keeps it, so
    #: that "see clause 2(b)" still finds its clause.
    style: str | None = None
    #: Each item's checkbox, for a task list (GitHub's ``<input type="checkbox">`` at
    #: the start of an item): ticked, not ticked, or None for an item without one.
    checks: list[bool | None] | None = None
    direction: str | None = None  # as a paragraph's
    within: DefinitionPart | None = None  # as a code block's
    opens_item: bool = True  # as a code block's
    depth: int = 1  # as a code block's
    #: Each item's first line opens with its own number in an element of its own (a
    #: reference list's label, :func:`~unboiler.output.lists.labelled_items`): the
    #: outputs that number the list themselves (Markdown, HTML) leave it out, the text,
    #: which writes no list's numbers, keeps it.
    own_numbers: bool = False

    def check_marks(self) -> list[str]:
        """Each item's task mark as GFM writes it (``[x] ``, ``[ ] ``; GFM §5.3), or ""."""
        if self.checks is None:
            return [""] * len(self.items)
        return ["" if c is None else TASK_MARKS[c] for c in self.checks]

    def ordinals(self) -> list[int]:
        """The number of each item, as a browser shows it."""
        if self.numbers is not None:
            return self.numbers
        return list(range(self.start, self.start + len(self.items)))


@dataclass
class Cell:
    inlines: list[Inline]
    header: bool = False
    colspan: int = 1
    rowspan: int = 1
    #: How the page aligns the cell's text (``left``, ``center``, ``right``), when it
    #: says (:func:`~unboiler.output.tables.cell_align`).
    align: str | None = None


@dataclass
class Table:
    """A table of data: every cell holds one line of text."""

    rows: list[list[Cell]]
    within: DefinitionPart | None = None  # as a code block's (Sphinx's parameter table)
    opens_item: bool = True  # as a code block's
    depth: int = 1  # as a code block's

    def grid(self) -> list[list[Cell | None]]:
        """The rows with every cell in its column, as the HTML standard's table model places them
        (§4.9.12, "forming a table"): a slot that a cell above spans into (``rowspan``), or that a
        cell's ``colspan`` covers after it, is None.  Written as rows of cells, a table with a
        ``rowspan`` put the cells after it under the wrong headers.  A table whose spans would fill
        more than :data:`MAX_GRID_SLOTS` slots keeps its rows as they are, its
        spans left out.  A column that shows nothing in any row (:func:`_shown_columns`) is left
        out."""
        rows = self.rows
        slots = sum(min(cell.rowspan, len(rows)) * cell.colspan for row in rows for cell in row)
        if slots > MAX_GRID_SLOTS:
            return _shown_columns([list(row) for row in rows])
        taken: set[tuple[int, int]] = set()  # slots a cell above spans into
        grid: list[list[Cell | None]] = []
        for top, row in enumerate(rows):
            placed: dict[int, Cell | None] = {}
            column = 0
            for cell in row:
                while (top, column) in taken:
                    placed[column] = None
                    column += 1
                placed[column] = cell
                for extra in range(1, cell.colspan):
                    placed[column + extra] = None
                for below in range(top + 1, min(top + cell.rowspan, len(rows))):
                    taken.update((below, column + extra) for extra in range(cell.colspan))
                column += cell.colspan
            while (top, column) in taken:  # spans into the end of the row
                placed[column] = None
                column += 1
            grid.append([placed.get(index) for index in range(column)])
        return _shown_columns(grid)


def _shown_columns(grid: list[list[Cell | None]]) -> list[list[Cell | None]]:
    """``grid`` without the columns that show nothing in any row: the spacer column of a
    table that lays a page out (an empty first cell beside every post or link) wrote a
    tab at the start of every line of the text, and an empty column in the Markdown.  A
    column empty in some rows only (a header row's corner cell) keeps its place, since
    the other rows' cells belong under it."""
    width = max((len(row) for row in grid), default=0)
    shown = [
        column
        for column in range(width)
        if any(
            column < len(row) and (cell := row[column]) is not None and has_text(cell.inlines)
            for row in grid
        )
    ]
    if len(shown) == width or not shown:  # a table of nothing is left as it is
        return grid
    return [[row[column] for column in shown if column < len(row)] for row in grid]


@dataclass
class Rule:
    """A thematic break (``<hr>``, the HTML standard §4.4.2: a change of topic, a
    scene change) between two stretches of content."""

    #: Set by the layout between posts (:class:`~unboiler.output.select.Posts`), not
    #: written by the page.
    posts: bool = False


Block = Paragraph | Heading | CodeBlock | Quote | ListBlock | Table | Rule


#: The zero-width non-joiner and joiner: a line of them alone (Webflow's spacer
#: paragraphs, ``<p>&zwj;</p>``) shows nothing, and is no line.
JOINERS: Final = "\u200c\u200d"


def heads_columns(row: Iterable[Cell | None]) -> bool:
    """Whether a row of a table is a header row: all header cells (None: a span's slot),
    at least one.  An empty cell before them is the corner over a column of row
    headers (a comparison of plans: ``<td></td><th>Starter</th><th>Pro</th>``), no
    data; an empty cell after one is a value left blank ("Weight | ")."""
    cells = [cell for cell in row if cell is not None]
    corner = 0
    while corner < len(cells) and not cells[corner].header and not has_text(cells[corner].inlines):
        corner += 1
    return bool(cells[corner:]) and all(cell.header for cell in cells[corner:])


def has_text(inlines: Iterable[Inline]) -> bool:
    """Whether a line shows anything: an image, or text other than white space and
    :data:`JOINERS`."""
    return any(
        isinstance(token, Image) or (isinstance(token, str) and token.strip().strip(JOINERS))
        for token in inlines
    )


#: A task list item's mark, ticked and not (GFM §5.3, "Task list items"); the plain
#: text and HTML outputs write the same.
TASK_MARKS: Final = {True: "[x] ", False: "[ ] "}
