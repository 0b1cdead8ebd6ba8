"""Plain text of the content, and the layout the structured outputs share.

Every extractor ends with content flags on the document's blocks; an output reads only
those flags and the blocks' DOM elements.  Three steps, each usable on its own:

1. :func:`select` finds the DOM text nodes each content block was built from;
2. :func:`layout` lays them out, in page order, as a small tree of headings, paragraphs,
   lists, quotes, code and tables (whatever else the page nests them in is transparent);
3. :func:`to_text` writes the tree as plain text the way WCXB's gold ``main_content`` is
   written (Foley 2026, WCXB v1.0): headings on their own lines, paragraphs separated by
   a blank line, list items one per line, table rows one per line with tab-separated
   cells, preformatted text as the page has it.  Markdown and HTML
   (:mod:`unboiler.output.markdown`, :mod:`unboiler.output.html`) write the same tree.

The outputs are built from the DOM, not from ``block.text``: that is Boilerpipe's token
stream made for the word statistics (anchors and ``<abbr>`` add spaces, whitespace is
squeezed), so it writes "link , and" and spaces Chinese text around links, and it has no
structure left.  Inline text is joined as the page joins it, with HTML's white-space
collapsing (CSS Text 3, §4.1): runs of ASCII whitespace are one space, and a line break in
the source between two wide (CJK) characters is no space at all (§4.1.3).  Words that touch
across the edge of a link, or a lower-case letter and an upper-case one across the edge
of any element, are taken as laid apart by the page's CSS and get a space.  Ruby
annotations (``<rt>``, ``<rp>``) are left out, as WCXB's gold leaves them out.

Hygiene has one home here too: the layout drops the characters that show nothing
(:func:`visible`: byte-order marks, zero-width spaces, word joiners, soft hyphens) from
every text it takes, so every output is without them, and the text and Markdown writers
end no line with white space (:func:`strip_line_ends`).
"""

from __future__ import annotations

import enum
import re
import unicodedata
from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final
from urllib.parse import quote, urljoin, urlsplit

from selectolax.lexbor import LexborNode

from unboiler import tags
from unboiler.document import TextBlock, TextDocument
from unboiler.metadata.direction import DIRECTIONS, declared_direction
from unboiler.output.formula import (
    MATHJAX_CLASS,
    SUBSCRIPT_FORMS,
    SUPERSCRIPT_FORMS,
    element_children,
    formula_parts,
    is_display,
)
from unboiler.text import (
    INVISIBLE_CHARACTERS,
    LONG_TEXT,
    normalize_space,
    pieces,
    remove_space,
    visible,
)

# --------------------------------------------------------------------------- tag tables

#: Elements the parser reads as part of the block around them: a block's text is the text
#: under its element, up to the first element that is not one of these.
BLOCK_INLINE_TAGS: Final = tags.INLINE_TAGS
#: Elements laid out inside a line: the above, and line breaks, which end a block for
#: the parser but only a line for a reader.
INLINE_TAGS: Final = BLOCK_INLINE_TAGS | tags.LINE_BREAK_TAGS
#: Elements the parser skips whole (scripts, styles, media): they end a block for the
#: parser but show no text, so they end no line of the layout.
IGNORED_TAGS: Final = tags.IGNORED_TAGS
IN_LINE_IGNORED: Final = tags.IN_LINE_IGNORED_TAGS
HEADING_LEVELS: Final = tags.HEADING_LEVELS
LIST_TAGS: Final = frozenset({"ul", "ol", "menu", "dir"})
#: Ruby annotations: the reading of the base text, not text of the page's own (WCXB's
#: gold leaves them out).
RUBY_ANNOTATION_TAGS: Final = frozenset({"rt", "rp", "rtc"})
#: Elements that wrap an image and its caption, whose images belong to the content even
#: when only the caption has words.
FIGURE_TAGS: Final = frozenset({"figure", "picture"})
#: Attributes that hold an image's URL, in order: lazy-loading pages put the real one in
#: a data attribute and a placeholder in ``src``.
IMAGE_URL_ATTRIBUTES: Final = ("src", "data-src", "data-original", "data-lazy-src")
#: ``role`` values that strip an element of its meaning for assistive technology
#: (WAI-ARIA 1.2, the ``presentation`` and ``none`` roles): an image so marked is
#: decoration.
DECORATIVE_ROLES: Final = frozenset({"presentation", "none"})
#: Class-name prefixes that name a code block's language on its ``<pre>`` or ``<code>``:
#: ``language-`` (HTML standard's suggestion, highlight.js, Prism), ``lang-`` (Google's
#: prettify), ``highlight-source-`` (GitHub).
CODE_LANGUAGE_PREFIXES: Final = ("language-", "lang-", "highlight-source-")
#: Names in those places that name no language: "text", "none" or "plain" ask for no
#: highlighting, and Sphinx's "default" is Python 3 or nothing, whichever lexes.
NOT_LANGUAGES: Final = frozenset(
    {"default", "none", "text", "plain", "plaintext", "txt", "nohighlight", "output"}
)
#: SyntaxHighlighter's class (``class="brush: css"``, MDN's older pages among others).
_BRUSH: Final = re.compile(r"\bbrush:\s*([\w+#.-]+)")
#: Classes beside which the one other class of a ``<pre>`` or ``<code>`` is its
#: language: Pandoc's ``class="sourceCode python"``; rustdoc's examples, ``class="rust
#: rust-example-rendered"``, and item declarations, ``class="rust item-decl"``.
LANGUAGE_BESIDE_CLASSES: Final = frozenset({"sourceCode", "rust-example-rendered", "item-decl"})
#: The wrappers that name the language above the ``<pre>``, up to two levels: each is a
#: class that marks the wrapper and the prefix of the class that names the language.
#: GitHub's ``<div class="highlight highlight-source-python">``; Sphinx's
#: ``<div class="highlight-python notranslate"><div class="highlight">``; Rouge's
#: (Jekyll) ``<div class="language-ruby highlighter-rouge"><div class="highlight">``.
#: Another class of that shape on a page's element ("highlight-box", "lang-en",
#: "language-selector") names no code's language.
#: Python-Markdown's and MkDocs Material's ``<div class="language-bash highlight">``.
CODE_WRAPPERS: Final = (
    ("highlight", "highlight-source-"),
    ("highlight", "highlight-"),
    ("highlighter-rouge", "language-"),
    ("highlight", "language-"),
)
#: How far above the ``<pre>`` a wrapper (:data:`CODE_WRAPPERS`) may be.
CODE_LANGUAGE_DEPTH: Final = 2
#: Hexo's code blocks: ``<figure class="highlight rust">`` around a table whose first
#: cell holds the line numbers; its other class is the language.  How far above the
#: ``<pre>`` the figure may be (cell, row, body, table, figure).
CODE_FIGURE: Final = ("figure", "highlight")
CODE_FIGURE_DEPTH: Final = 5
#: Classes of a table's cell that holds a code block's line numbers, beside the cell of
#: code (Hexo's "gutter", Pygments' and Chroma's "linenos", GitHub's "blob-num",
#: highlightjs-line-numbers' "hljs-ln-numbers"): numbers, not the page's text.
LINE_NUMBER_CELLS: Final = frozenset({"gutter", "linenos", "blob-num", "hljs-ln-numbers"})
#: Classes of an element inside a ``<pre>`` that holds one line's number before the
#: line's code: Pygments' inline numbers and Sphinx's ("linenos"; "lineno" before
#: Pygments 2.8), Chroma's, which Hugo uses ("ln", "lnt").  Such an element is left out
#: when it holds a number and nothing else.
LINE_NUMBER_SPANS: Final = frozenset({"linenos", "lineno", "ln", "lnt"})
_LINE_NUMBER_SELECTOR: Final = ", ".join(f".{name}" for name in sorted(LINE_NUMBER_SPANS))
#: Classes of an inline element inside a ``<pre>`` that its style shows as a line of its
#: own, with no line break written after it: gatsby-remark-prismjs's highlighted lines
#: (``display: block`` in its stylesheet; the line's own line feed is dropped).
CODE_LINE_CLASSES: Final = frozenset({"gatsby-highlight-code-line"})
_CODE_LINE_SELECTOR: Final = ", ".join(f".{name}" for name in sorted(CODE_LINE_CLASSES))
#: Bounds of ``colspan`` and ``rowspan`` (HTML standard, "processing model" of tables).
MAX_COLSPAN: Final = 1000
MAX_ROWSPAN: Final = 65534
#: Slots a table's spans may fill before :meth:`Table.grid` leaves its rows' spans out (a
#: table of a thousand cells each spanning a thousand rows and columns is no grid).
MAX_GRID_SLOTS: Final = 1_000_000
#: Lists, quotes and tables nested deeper than this are laid out flat (their text stays):
#: the layout recurses once per such level, and a page may nest thousands.
MAX_NESTING: Final = 64


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
#: The elements of formulas (:func:`formulas`).
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

# --------------------------------------------------------------------------- the layout


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


#: Class names that mark a documentation admonition, a note or warning set apart from
#: the text: Sphinx's and MkDocs's ``admonition`` (with ``note``, ``warning``...
#: beside it), Docusaurus's ``theme-admonition``, GitHub's ``markdown-alert``,
#: MDN's ``notecard`` and VitePress's ``custom-block``.  Written as paragraphs, a
#: note's end cannot be told from the text that follows it; the Markdown sets it apart
#: as a block quote and the HTML as an ``<aside>``, while the plain text, which has no
#: such mark, is unchanged.  Only names made for the purpose: ``note``, ``callout``
#: and ``alert`` alone also name a page's banners, footnotes and sliders.
ADMONITION_CLASSES: Final = frozenset(
    {"admonition", "theme-admonition", "markdown-alert", "notecard", "custom-block"}
)
#: DocFX's alerts (Microsoft Learn, .NET's documentation): ``<div class="NOTE">`` and the
#: other four kinds of its Markdown syntax, written in capitals, which no banner's class
#: is; matched as written.
DOCFX_ALERT_CLASSES: Final = frozenset({"NOTE", "TIP", "IMPORTANT", "CAUTION", "WARNING"})
#: Elements an admonition is made of (a ``<p class="admonition">`` is a paragraph).
_ADMONITION_TAGS: Final = frozenset({"div", "aside", "section"})


def _admonition(element: LexborNode) -> bool:
    """Whether ``element`` is a documentation admonition (:data:`ADMONITION_CLASSES`)."""
    if element.tag not in _ADMONITION_TAGS:
        return False
    classes = element.attributes.get("class")
    if not classes:
        return False
    names = classes.split()
    return not ADMONITION_CLASSES.isdisjoint(names) or not DOCFX_ALERT_CLASSES.isdisjoint(names)


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


@dataclass
class Quote:
    """A quotation (``<blockquote>``); with ``aside``, a note set apart from the text
    around it rather than quoted (an admonition, :data:`ADMONITION_CLASSES`)."""

    blocks: list[Block]
    aside: bool = False
    direction: str | None = None  # as a paragraph's
    within: DefinitionPart | None = None  # as a code block's
    opens_item: bool = True  # as a code block's


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
    #: says (:func:`_cell_align`).
    align: str | None = None


@dataclass
class Table:
    """A table of data: every cell holds one line of text."""

    rows: list[list[Cell]]

    def grid(self) -> list[list[Cell | None]]:
        """The rows with every cell in its column, as the HTML standard's table model
        places them (§4.9.12, "forming a table"): a slot that a cell above spans into
        (``rowspan``), or that a cell's ``colspan`` covers after it, is None.  Written as
        rows of cells, a table with a ``rowspan`` put the cells after it under the wrong
        headers.  A table whose spans would fill more than :data:`MAX_GRID_SLOTS` slots
        keeps its rows as they are, its spans left out.  A column that shows nothing in
        any row (:func:`_shown_columns`) is left out."""
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


Block = Paragraph | Heading | CodeBlock | Quote | ListBlock | Table | Rule

#: A sentence's end, before any closing quotes, brackets, emoji or other symbols
#: (Unicode's "So" and "Sk" categories: "Polaroid, baby, Polaroid. 😆").
_SENTENCE_END: Final = re.compile(r"[.!?\u2026\u3002\uff01\uff1f\u061f\u0964]$")
#: A prose paragraph has at least this many words and ends a sentence, or has
#: :data:`POST_LONG_WORDS` (a reply that ends without a full stop).  A post whose
#: paragraphs are none of these is no prose (a product card's "Regular Price: $36", a
#: teaser's "Bib Gourmand | Crown Heights").
POST_PROSE_WORDS: Final = 3
POST_LONG_WORDS: Final = 8
_SENTENCE_CLOSERS: Final = frozenset("\"'\u201d\u2019\u00bb)]")


def _prose(block: Block) -> bool:
    """Whether ``block`` is a paragraph of prose (:data:`POST_PROSE_WORDS`)."""
    if not isinstance(block, Paragraph):
        return False
    text = plain(block.inlines).strip()
    words = len(text.split())
    if words >= POST_LONG_WORDS:
        return True
    if words < POST_PROSE_WORDS:
        return False
    end = len(text)
    while end and (
        text[end - 1] in _SENTENCE_CLOSERS
        or text[end - 1].isspace()
        or unicodedata.category(text[end - 1]) in ("So", "Sk")
    ):
        end -= 1
    return _SENTENCE_END.search(text[:end]) is not None


class _Posts:
    """The posts one flow reads through (:func:`unboiler.tags.is_post`, outside any
    other), and the thematic breaks that part them: a thread's posts and a question's
    answers run on in a flow of paragraphs, and where one ends is where the next starts.  A break
    parts two posts of prose (:func:`_prose`), so that a listing's cards (an
    ``<article>`` each, as often as a forum's posts) are not cut apart at every price;
    a post that opens with a heading is set apart by it already (the sections of a
    list article)."""

    def __init__(self, posts: frozenset[int]) -> None:
        self.posts = posts  # the page's posts' addresses (unboiler.tags.post_ids)
        self.node: LexborNode | None = None
        self.start = 0
        self.prose_before = False
        self.end = -1  # where the last post's blocks ended

    def enter(self, node: LexborNode, blocks: list[Block]) -> None:
        if self.node is None and self.posts and node.mem_id in self.posts:
            self.node = node
            self.start = len(blocks)

    def leave(self, node: LexborNode, blocks: list[Block]) -> None:
        if self.node is None or not tags.same_node(node, self.node):
            return
        self.node = None
        own = blocks[self.start :]
        if not own:
            return
        prose = any(map(_prose, own))
        if (
            prose
            and self.prose_before
            and self.start == self.end  # right after the last post, nothing between
            and self.start
            and not isinstance(blocks[self.start - 1], Rule)
            and not isinstance(own[0], Heading)
        ):
            blocks.insert(self.start, Rule())
        self.prose_before = prose
        self.end = len(blocks)


# --------------------------------------------------------------------------- selection


@dataclass
class Selection:
    """What of the page is content: the text nodes (and images) of the content blocks, and
    the texts of content blocks that have no element (a description from JSON-LD), each
    placed after the content text node that precedes it (``after``) or before everything
    (``before``)."""

    texts: set[LexborNode] = field(default_factory=set)
    images: set[LexborNode] = field(default_factory=set)
    after: dict[LexborNode, list[str]] = field(default_factory=dict)
    before: list[str] = field(default_factory=list)
    #: Inline elements the page hides, whose text is left out (their edges stay edges).
    hidden: set[LexborNode] = field(default_factory=set)
    #: The page's MathML formulas (:func:`formulas`).
    formulas: list[LexborNode] = field(default_factory=list)
    #: Elements in a visually-hidden class (:func:`visually_hidden`): their text is a
    #: word of its own, which a screen reader says apart from the words around it.
    apart: set[LexborNode] = field(default_factory=set)


@dataclass
class _Segment:
    """A run of text under one element that no element outside :data:`BLOCK_INLINE_TAGS`
    interrupts: what the parser makes one block of.  ``key`` is its text without
    whitespace, which is how a block's text is matched to it."""

    key: str
    texts: list[LexborNode]
    images: list[LexborNode]
    content: bool = False


def _segments(owner: LexborNode) -> list[_Segment]:
    """The runs of text directly under ``owner`` (not inside a nested block-level or
    ignorable element), in order: the parser's blocks whose element is ``owner``, plus
    runs of images without text."""
    segments: list[_Segment] = []
    texts: list[LexborNode] = []
    images: list[LexborNode] = []
    pieces: list[str] = []
    stack: list[LexborNode] = []
    node = owner.first_child
    while True:
        if node is None:
            if not stack:
                break
            node = stack.pop().next
            continue
        if node.is_text_node:
            texts.append(node)
            pieces.append(node.text_content or "")
        elif node.is_element_node:
            tag = node.tag
            if tag in BLOCK_INLINE_TAGS:
                if tag == "img":
                    images.append(node)
                stack.append(node)
                node = node.first_child
                continue
            if texts or images:
                segments.append(_Segment(remove_space("".join(pieces)), texts, images))
                texts, images, pieces = [], [], []
        node = node.next
    if texts or images:
        segments.append(_Segment(remove_space("".join(pieces)), texts, images))
    return segments


def _parts(block: TextBlock) -> Iterable[tuple[LexborNode | None, str]]:
    """Each original block a (possibly merged) block is made of, with its element.  A
    block merged with one that has no element cannot say which part is whose: all its
    parts then count as texts without an element.  (An iterator, not a generator: it
    runs for every block of every page, and a generator's frames cost more than the
    work.)"""
    parts = block.parts
    nodes = block.nodes
    if len(nodes) == len(parts):
        return zip(nodes, parts, strict=True)
    return [(None, text) for text in parts]


def select(document: TextDocument, *, images: bool = False) -> Selection:
    """The DOM text nodes the content blocks were built from.

    A block keeps only the element its first text is in, and several blocks can share
    one element (``<div>intro<p>…</p>outro</div>``, or lines cut by ``<br>``), so each
    element's runs of text are found again and matched, in page order, to the blocks
    whose element it is, by their text with whitespace left out.  Only the elements of
    content blocks are read, so the cost follows the size of the content, not of the
    page.  A content block that matches no run (a hand-built block, a text a filter
    rewrote) keeps its text as it is.  With ``images``, the images inside a content run,
    and those alone in a run next to one under the same element, are content too.
    """
    owners = {node for block in document.blocks if block.is_content for node in block.nodes}
    found: dict[LexborNode, list[_Segment]] = {}
    # each element's runs with text, by key, in page order: the first unused one of a
    # key is taken in constant time (a forum's thousands of runs under one element
    # made a scan of the used ones quadratic)
    unused: dict[LexborNode, dict[str, deque[_Segment]]] = {}
    selection = Selection()
    last: LexborNode | None = None  # the last content text node so far

    def place(text: str) -> None:
        if last is None:
            selection.before.append(text)
        else:
            selection.after.setdefault(last, []).append(text)

    for block in document.blocks:
        content = block.is_content
        for node, text in _parts(block):
            if not text:  # a block without text (Boilerpipe's spacer) shows nothing
                continue
            if node is None or node not in owners:
                if content:
                    place(text)
                continue
            by_key = unused.get(node)
            if by_key is None:
                segments = found[node] = _segments(node)
                by_key = unused[node] = {}
                for run in segments:
                    if run.texts:
                        by_key.setdefault(run.key, deque()).append(run)
            # The first unused run with this text: blocks come in page order, and runs
            # that earlier blocks (content or not) matched are used.
            runs = by_key.get(remove_space(text))
            segment = runs.popleft() if runs else None
            if segment is None:
                if content:
                    place(text)
                continue
            if content:
                segment.content = True
                selection.texts.update(segment.texts)
                last = segment.texts[-1]
            segment.texts = []  # used
    if selection.texts and document.tree is not None:
        selection.formulas = formulas(document)
        _drop_assistive_copies(document.tree, selection)
        _drop_image_descriptions(document.tree, selection)
        _drop_permalinks(document.tree, selection)
        _drop_edit_links(document.tree, selection)
        _drop_heading_buttons(document.tree, selection)
        _drop_code_buttons(document.tree, selection)
        _drop_hidden_inline(document.tree, selection)
        _drop_formula_renderings(selection)
    if images:
        for segments in found.values():
            for index, segment in enumerate(segments):
                near = segments[max(index - 1, 0) : index + 2]
                if segment.content or (not segment.key and any(s.content for s in near)):
                    selection.images.update(segment.images)
        if selection.texts and document.tree is not None:
            _select_item_images(document.tree, selection)
    return selection


#: Elements that are one item of a list, a table or a definition list: an image alone
#: in one is the item (a recipe's step photo, a table's picture cell).
IMAGE_ITEM_TAGS: Final = frozenset({"li", "td", "th", "dd"})
#: How far above an image its item may be (``<li><div><img>``, WP Recipe Maker's step).
IMAGE_ITEM_LEVELS: Final = 3


def _select_item_images(tree: Any, selection: Selection) -> None:
    """Add to ``selection`` the images that are all an item holds (no text beside them,
    so no block was made of them) when an item beside it is content: the photo that is
    a recipe's second step, a data table's cell of a picture.  The runs of images the
    selection takes otherwise are beside content text in one element.  A linked image
    (a logo, an advertisement in a layout table's cell) is none, nor is a cell of a
    table without header cells.  Linear: the elements that hold content text are found
    once, from the texts up (:data:`IMAGE_ITEM_LEVELS` + 1 levels), and each item's
    text is read once."""
    holding: dict[LexborNode, int] = {}  # each element, with the levels left above it
    for text in selection.texts:
        node, left = text.parent, IMAGE_ITEM_LEVELS + 2
        while node is not None and left > holding.get(node, 0):
            holding[node] = left
            node, left = node.parent, left - 1
    items: dict[LexborNode, bool] = {}  # an item: holds no text of its own, and may take images
    for image in tree.css("li img, td img, th img, dd img"):
        if image in selection.images:
            continue
        item = image.parent
        linked = False
        for _ in range(IMAGE_ITEM_LEVELS):
            if item is None or item.tag in IMAGE_ITEM_TAGS:
                break
            linked = linked or item.tag == "a"
            item = item.parent
        if linked or item is None or item.tag not in IMAGE_ITEM_TAGS or item.parent is None:
            continue
        empty = items.get(item)
        if empty is None:
            empty = items[item] = not item.text(deep=True).strip() and _data_item(item)
        if empty and item.parent in holding:
            selection.images.add(image)


def _data_item(item: LexborNode) -> bool:
    """Whether ``item`` is a list's item or a definition, or a cell of a table with
    header cells (a table of data, not of the page's layout)."""
    if item.tag not in ("td", "th"):
        return True
    table = item.parent
    while table is not None and table.tag != "table":
        table = table.parent
    return table is not None and table.css_first("th") is not None


#: Class names that hide an element from sight and keep it for screen readers:
#: Bootstrap 3-4's and Tailwind's ``sr-only``, Bootstrap 5's and HTML5 Boilerplate's
#: ``visually-hidden`` (``visuallyhidden`` before), WordPress's ``screen-reader-text``,
#: eBay's Skin ``clipped``, Amazon's ``a-offscreen`` (``offscreen`` in other style
#: guides), and the ``a11y-hidden`` of many style guides.  A class token
#: names one when, lower-cased and without its hyphens and underscores, it is one of
#: these or holds one with more letters around it: CSS Modules and styled components
#: rename ``visuallyHidden`` to ``utils_visuallyHidden__DJ_eB`` or
#: ``VisuallyHidden_root__x1``, and design systems prefix theirs (``u-sr-only``).
VISUALLY_HIDDEN_CLASSES: Final = (
    "sr-only",
    "visually-hidden",
    "visuallyhidden",
    "screen-reader-text",
    "a11y-hidden",
    "offscreen",
    "clipped",
)
_HIDDEN_STEMS: Final = tuple(
    {name.replace("-", "") for name in VISUALLY_HIDDEN_CLASSES if name != "clipped"}
)
#: The elements worth a closer look (:func:`hides_visually`): a class attribute holding
#: a piece every name above has, case aside (lexbor matches ``i`` selectors).
_VISUALLY_HIDDEN: Final = (
    '[class*="hidden" i], [class*="sr-only" i], [class*="sr_only" i], [class*="sronly" i], '
    '[class*="screen-reader" i], [class*="screen_reader" i], [class*="screenreader" i], '
    '[class*="offscreen" i], .clipped'
)


def hides_visually(classes: str) -> bool:
    """Whether a ``class`` attribute names a screen-reader-only style
    (:data:`VISUALLY_HIDDEN_CLASSES`)."""
    for token in classes.split():
        if token == "clipped":
            return True
        squeezed = token.lower().replace("-", "").replace("_", "")
        if any(stem in squeezed for stem in _HIDDEN_STEMS):
            return True
    return False


#: A copy, and the text it repeats, are a price or a name: a few nodes.  Either one with
#: more nodes is not compared, so that a page of nested hidden elements costs no more
#: than its size.
MAX_COPY_NODES: Final = 16


def visually_hidden(tree: Any) -> list[LexborNode]:
    """The elements of ``tree`` in a visually-hidden class (:func:`hides_visually`), each
    once, in document order."""
    found: list[LexborNode] = []
    seen: set[LexborNode] = set()  # an element with two of the classes is found twice
    for element in tree.css(_VISUALLY_HIDDEN):
        if element not in seen:
            seen.add(element)
            if hides_visually(element.attributes.get("class") or ""):
                found.append(element)
    return found


def assistive_copies(
    tree: Any, hidden: Iterable[LexborNode] | None = None
) -> list[tuple[LexborNode, LexborNode]]:
    """Elements that repeat, for screen readers, the text shown just before or after
    them, each with the node it repeats.

    A page that styles a price or a title for the eye often marks it ``aria-hidden``
    and follows it with the same text in an element that only screen readers get (see
    :data:`VISUALLY_HIDDEN_CLASSES`): a reader sees the text once, but the DOM holds it
    twice ("EUR 20.99EUR 20.99").  Such an element is a copy when its text is exactly
    that of the node just before it, or just after it (Amazon's prices put the copy
    first), white space and comments aside; a screen-reader text that repeats nothing
    ("opens in a new tab"), and words the page repeats in sight ("Bora Bora"), are
    not.  Where the shown text is ``aria-hidden`` (drawn for the eye), and the same as
    the copy or different only by punctuation and spaces its style draws, the copy is
    kept and the drawing left out (the pair is returned the other way round); where the
    copy says the drawn text in a sentence ("Original price was: $169.95."), the drawing
    is what a reader sees, and the copy is left out.  ``hidden``: the page's
    :func:`visually_hidden` elements, when already found."""
    copies = []
    for element in visually_hidden(tree) if hidden is None else hidden:
        text = _short_text(element)
        if not text:
            continue
        for shown in (_sibling(element, before=True), _sibling(element, before=False)):
            if shown is None:
                continue
            shown_text = _short_text(shown)
            if shown_text is None:
                continue
            drawn = not shown.is_text_node and _hidden_from_readers(shown)
            if shown_text == text and not drawn:
                copies.append((shown, element))
                break
            if not drawn:
                continue
            drawing, spoken = _letters_and_digits(shown_text), _letters_and_digits(text)
            if drawing == spoken:
                # The shown text is drawn for the eye, hidden from screen readers, and
                # may lack what its style adds (the separator of "34.42" drawn by CSS,
                # written "3442", or the space of "EUR 23.06"): the reader's copy is the
                # text as written, and the drawing is the one left out.
                copies.append((element, shown))
                break
            if len(drawing) >= MIN_SPOKEN_DRAWING and drawing in spoken:
                # The screen readers' text says the drawn one in a sentence: WooCommerce's
                # "<del aria-hidden>$169.95</del><span class=screen-reader-text>Original
                # price was: $169.95.</span>".  The drawing is what a reader sees.
                copies.append((shown, element))
                break
    return copies


#: The fewest letters and digits of a drawn text that a screen readers' sentence around
#: it is taken to say (:func:`assistive_copies`): a price, a rating; not a lone digit.
MIN_SPOKEN_DRAWING: Final = 3


#: Punctuation that takes no space before it, in the languages that space their words.
CLOSING_PUNCTUATION: Final = ",.;:!?)]}…"
#: How far up from a hidden space its element's next text is looked for.
HIDDEN_SPACE_LEVELS: Final = 3


def _hidden_space(node: LexborNode) -> bool:
    """Whether a text node of white space alone is all its element holds, the element is
    in a visually-hidden class (:data:`VISUALLY_HIDDEN_CLASSES`), and the text after it
    starts with punctuation (:data:`CLOSING_PUNCTUATION`): taken out of the flow, the
    space shows nothing there, and "<span class="visually-hidden"> </span></a>, but" read
    "traffic , but".  Before a word it stays: the page may have no other space there."""
    parent = node.parent
    if parent is None or node.prev is not None or node.next is not None:
        return False
    if not hides_visually(parent.attributes.get("class") or ""):
        return False
    element: LexborNode | None = parent
    for _ in range(HIDDEN_SPACE_LEVELS):
        if element is None:
            return False
        following = _sibling(element, before=False)
        if following is not None:
            text = following.text_content if following.is_text_node else following.text()
            return (text or "").lstrip()[:1] in tuple(CLOSING_PUNCTUATION)
        element = element.parent
    return False


def _letters_and_digits(text: str) -> str:
    return "".join(filter(str.isalnum, text))


def _sibling(node: LexborNode, *, before: bool) -> LexborNode | None:
    """The node just before (or after) ``node``, white space and comments aside."""
    sibling = node.prev if before else node.next
    while sibling is not None and (sibling.is_empty_text_node or sibling.tag == "-comment"):
        sibling = sibling.prev if before else sibling.next
    return sibling


def _short_text(node: LexborNode) -> str | None:
    """The text of ``node`` without white space, or None when it holds more than
    :data:`MAX_COPY_NODES` nodes."""
    if node.is_text_node:
        return remove_space(node.text_content or "")
    pieces = []
    for count, child in enumerate(node.traverse(include_text=True)):
        if count > MAX_COPY_NODES:
            return None
        if child.is_text_node:
            pieces.append(child.text_content or "")
        elif child.tag in IGNORED_TAGS:
            return None  # its text is not shown: not worth a closer look
    return remove_space("".join(pieces))


def _text_nodes(node: LexborNode) -> list[LexborNode]:
    """``node`` itself if it is text, else the text nodes under it."""
    if node.is_text_node:
        return [node]
    return [child for child in node.traverse(include_text=True) if child.is_text_node]


#: What a heading's permalink shows: a link to a fragment whose text is one of these
#: signs (Sphinx's and MkDocs' ``headerlink`` "¶", the "#" of many static site
#: generators, rustdoc's "§", the link and anchor emoji), there to copy the heading's
#: address, not to be read.  WCXB's gold text has none of them.
PERMALINK_SIGNS: Final = frozenset({"¶", "#", "§", "🔗", "⚓"})
#: Where a permalink sits: in a heading, a term being defined (Sphinx's API entries) or a
#: caption, within this many levels; or beside a heading (GitHub's Markdown).
PERMALINK_HOLDERS: Final = tags.HEADING_TAGS | {"dt", "caption", "figcaption"}
PERMALINK_LEVELS: Final = 3
#: The signs that are a permalink wherever they stand: a pilcrow shown alone by a link
#: to a fragment is nothing else (Sphinx also puts one in the caption of a code block,
#: a ``<div>``; a "#" or "§" alone may be a column's or a clause's).
ANYWHERE_PERMALINK_SIGNS: Final = frozenset({"¶"})
#: Variation selectors that may follow an emoji sign (text or emoji presentation).
_VARIATION_SELECTORS: Final = "\ufe0e\ufe0f"


def link_sign(text: str) -> str:
    """A link's text as a sign: white space and variation selectors (text or emoji
    presentation) around it left out."""
    return text.strip().rstrip(_VARIATION_SELECTORS)


def is_permalink(link: LexborNode, sign: str) -> bool:
    """Whether ``link`` (an ``<a>`` to a fragment) showing ``sign`` (:func:`link_sign`)
    is a heading's permalink: the sign is one of :data:`PERMALINK_SIGNS` and the link
    sits in or beside a heading (:data:`PERMALINK_HOLDERS`), or the sign is one of
    :data:`ANYWHERE_PERMALINK_SIGNS`."""
    if sign not in PERMALINK_SIGNS:
        return False
    if sign in ANYWHERE_PERMALINK_SIGNS:
        return True
    element = link.parent
    for _ in range(PERMALINK_LEVELS):
        if element is None:
            break
        if element.tag in PERMALINK_HOLDERS:
            return True
        element = element.parent
    return _next_element(link, backwards=True) in tags.HEADING_TAGS or (
        _next_element(link, backwards=False) in tags.HEADING_TAGS
    )


#: What a footnote's link back to where it is cited shows (Python-Markdown's, Pandoc's
#: and kramdown's "↩", the "↑" and "^" of wikis and hand-made notes): a way back up the
#: page, not part of the note.
BACK_REFERENCE_SIGNS: Final = frozenset({"↩", "↑", "^", "⤴", "↵"})


def is_back_reference(sign: str) -> bool:
    """Whether a link to a fragment showing ``sign`` (:func:`link_sign`) is a footnote's
    link back to its citation: the sign is one of :data:`BACK_REFERENCE_SIGNS`."""
    return sign in BACK_REFERENCE_SIGNS


#: The letters a note's links back show when it is cited more than once ("^ a b c", as
#: MediaWiki writes them after the sign, which is then no link): one or two letters each.
_BACK_LETTERS: Final = re.compile(r"[a-z]{1,2}")


#: Links back that a note cited many times can have (MediaWiki letters them a to z,
#: then aa, ab...): a run of more is no note's, and the walk over it stops.
MAX_BACK_LETTERS: Final = 60


def _lettered_back_references(sign: LexborNode) -> list[LexborNode] | None:
    """The text nodes of the links that follow ``sign`` (a text node showing a
    :data:`BACK_REFERENCE_SIGNS` sign, in no link) to the end of its element when every
    one of them is a link to a fragment showing a letter or two (:data:`_BACK_LETTERS`),
    with nothing but white space between, and there are at most
    :data:`MAX_BACK_LETTERS`; None otherwise."""
    found: list[LexborNode] = []
    node = sign.next
    while node is not None:
        if node.is_text_node:
            if (node.text_content or "").strip():
                return None
        elif node.is_element_node:
            if node.tag != "a" or not (node.attributes.get("href") or "").startswith("#"):
                return None
            texts = [text for text in _text_nodes(node) if not text.is_empty_text_node]
            shown = link_sign(texts[0].text_content or "") if len(texts) == 1 else ""
            if not _BACK_LETTERS.fullmatch(shown) or len(found) >= MAX_BACK_LETTERS:
                return None
            found += texts
        node = node.next
    return found or None


def _next_element(node: LexborNode, *, backwards: bool) -> str | None:
    """The tag of the element just before (or after) ``node``, white space and comments
    skipped; None when text or nothing is there."""
    sibling = _sibling(node, before=backwards)
    if sibling is None or not sibling.is_element_node:
        return None
    return sibling.tag


def _drop_permalinks(tree: Any, selection: Selection) -> None:
    """Leave out of ``selection`` the text of each permalink (:func:`is_permalink`) and
    footnote back-reference (:func:`is_back_reference`), unless texts are placed after
    it (a page's last text: they would lose their place); and, in the same walk over the
    links to fragments, the lettered back-references of a note cited more than once
    (:func:`_drop_lettered_back_references`)."""
    for link in tree.css('a[href^="#"]'):
        _drop_lettered_back_references(link, selection)
        texts = [node for node in _text_nodes(link) if not node.is_empty_text_node]
        if len(texts) != 1 or texts[0] not in selection.texts or texts[0] in selection.after:
            continue
        sign = link_sign(texts[0].text_content or "")
        if is_permalink(link, sign) or is_back_reference(sign):
            selection.texts.discard(texts[0])


#: The class of a link to edit the text beside it, or of its wrapper: MediaWiki's
#: ``mw-editsection`` in each heading ("History[edit]"), WordPress's ``edit-link`` and
#: ``post-edit-link``, and the ``edit-section`` of other wikis.  A class token "edit",
#: or one that ends in it before "section" or "link" (not "credit" or "editor").
_EDIT_CLASS: Final = re.compile(r"(?:^|[\s_-])edit(?:[_-]?(?:section|link))?(?:$|[\s_-])", re.I)
#: An edit control says "edit", "Edit this page", "Edit on GitHub": no more words.
EDIT_LINK_MAX_WORDS: Final = 4
#: What an edit control may show besides its link: brackets and separators.
_EDIT_PUNCTUATION: Final = frozenset("[]()|·:- ")


def _blank(node: LexborNode | None) -> bool:
    return node is not None and node.is_text_node and not (node.text_content or "").strip()


def _drop_lettered_back_references(link: LexborNode, selection: Selection) -> None:
    """Leave out of ``selection`` the back-references of a note cited more than once
    when ``link`` (to a fragment) is the first of them: a :data:`BACK_REFERENCE_SIGNS`
    sign that is no link, followed by a link to a fragment for each citation, showing a
    letter (MediaWiki's "^ a b c"), as for a note cited once (:func:`_drop_permalinks`),
    unless texts are placed after them.  A reader, and a corpus, has no use for "^ a b"
    before a note; Mozilla Readability keeps it, and so does the readability benchmark's
    gold: its three Wikipedia pages lose 0.003 to 0.011 each (``unboiler eval
    readability``; WCXB unchanged)."""
    # the first letter's link, right after the sign: the others are read from there
    node = link.prev
    if node is not None and _blank(node):
        node = node.prev
    if node is None or not node.is_text_node:
        return
    if not is_back_reference(link_sign(node.text_content or "")):
        return
    if node not in selection.texts or node in selection.after:
        return
    letters = _lettered_back_references(node)
    if letters is None or any(text in selection.after for text in letters):
        return
    selection.texts.discard(node)
    selection.texts.difference_update(letters)


def _drop_edit_links(tree: Any, selection: Selection) -> None:
    """Leave out of ``selection`` the text of each edit control: an element of an
    :data:`_EDIT_CLASS` class that is or holds a link, of at most
    :data:`EDIT_LINK_MAX_WORDS` words, with nothing but brackets and separators beside
    the link.  It is there for the page's editors, not its readers: WCXB's gold has
    none.  Mozilla Readability keeps MediaWiki's, and so does the readability benchmark's
    gold, its output: leaving them out costs three Wikipedia pages there (in-sample F1
    0.9634 to 0.9630 over its 130 pages)."""
    for element in tree.css('[class*="edit" i]'):
        if not _EDIT_CLASS.search(element.attributes.get("class") or ""):
            continue
        texts = [node for node in _text_nodes(element) if not node.is_empty_text_node]
        if not texts or any(n not in selection.texts or n in selection.after for n in texts):
            continue
        words = sum(len((node.text_content or "").split()) for node in texts)
        linked = [element] if element.tag == "a" else element.css("a")
        if not linked or words > EDIT_LINK_MAX_WORDS:
            continue
        inside = {node for link in linked for node in _text_nodes(link)}
        beside = "".join(node.text_content or "" for node in texts if node not in inside)
        if set(beside) <= _EDIT_PUNCTUATION:
            selection.texts.difference_update(texts)


#: A button in a heading (lexbor's selector).
_HEADING_BUTTON: Final = ", ".join(f"{tag} button" for tag in sorted(tags.HEADING_TAGS))


def _drop_heading_buttons(tree: Any, selection: Selection) -> None:
    """Leave out of ``selection`` the text of a ``<button>`` in a heading that has text
    besides it: a control beside the heading's words (rustdoc's "Copy item path" in
    each item's ``<h1>``, a "Copy link" or "Edit" button), not part of them.  A button
    that holds the heading's whole text (an accordion's question) is the heading."""
    for button in tree.css(_HEADING_BUTTON):
        texts = [node for node in _text_nodes(button) if not node.is_empty_text_node]
        if not texts or any(n not in selection.texts or n in selection.after for n in texts):
            continue
        heading = button.parent
        while heading is not None and heading.tag not in tags.HEADING_TAGS:
            heading = heading.parent
        if heading is None:
            continue
        inside = set(texts)
        if any(
            node not in inside and node in selection.texts and not node.is_empty_text_node
            for node in _text_nodes(heading)
        ):
            selection.texts.difference_update(texts)


#: A code block's frame (:func:`_drop_code_buttons`): at most this many levels above its
#: ``<pre>``, with at most this many words besides the code (a title, the language, the
#: buttons' labels: "Copy code block", "Run").
CODE_FRAME_LEVELS: Final = 4
CODE_FRAME_MAX_WORDS: Final = 8
#: The most words of a code block's button: "Copy", "Run", "Copy code block", "Show more".
CODE_BUTTON_MAX_WORDS: Final = 3
#: Attributes of a button that opens, shows or picks something (an accordion's question,
#: a tab, a quiz's choice): a control of the page's content, not of the code.
_CONTENT_CONTROL_ATTRIBUTES: Final = ("aria-expanded", "aria-controls", "aria-pressed", "role")


def _drop_code_buttons(tree: Any, selection: Selection) -> None:
    """Leave out of ``selection`` the text of each short ``<button>``
    (:data:`CODE_BUTTON_MAX_WORDS`) in a code block's frame: the largest element around
    the ``<pre>``, :data:`CODE_FRAME_LEVELS` up at most, that holds no other ``<pre>``
    and few words besides the code (:data:`CODE_FRAME_MAX_WORDS`).  Such a button is the
    block's control: Sphinx's "Copy" beside the ``<pre>``, a toolbar's "Copy code block"
    above it.  A button in a heading, or one that opens or picks something
    (:data:`_CONTENT_CONTROL_ATTRIBUTES`: an accordion's question whose answer is code,
    a tab), is the page's.  Those inside the ``<pre>`` are left out by the layout
    (:data:`PRE_CONTROL_TAGS`)."""
    pres = tree.css("pre")
    if not pres:
        return
    # the <pre>s under each element, up to the frame's height: one count for the page
    held: dict[LexborNode, int] = {}
    for pre in pres:
        element = pre.parent
        for _ in range(CODE_FRAME_LEVELS):
            if element is None:
                break
            held[element] = held.get(element, 0) + 1
            element = element.parent
    for pre in pres:
        frame, element = None, pre.parent
        code_words = -1
        for _ in range(CODE_FRAME_LEVELS):
            if element is None or element.tag in _PAGE_ROOT_TAGS or held.get(element, 0) > 1:
                break
            if code_words < 0:
                code_words = _shown_words(pre)
            if _shown_words(element) - code_words > CODE_FRAME_MAX_WORDS:
                break
            frame, element = element, element.parent
        if frame is None:
            continue
        for button in frame.css("button"):
            if _content_control(button):
                continue
            # the text shown (a CSS-in-JS <style> inside is not)
            texts = [node for node in _text_nodes(button) if node in selection.texts]
            words = sum(len((node.text_content or "").split()) for node in texts)
            if (
                texts
                and words <= CODE_BUTTON_MAX_WORDS
                and not any(n in selection.after for n in texts)
            ):
                selection.texts.difference_update(texts)


#: The elements no frame of a block reaches up to.
_PAGE_ROOT_TAGS: Final = frozenset({"body", "html"})


def _content_control(button: LexborNode) -> bool:
    """Whether a button belongs to the page's content: it opens, shows or picks something
    (:data:`_CONTENT_CONTROL_ATTRIBUTES`), or it is in a heading."""
    attributes = button.attributes
    if any(name in attributes for name in _CONTENT_CONTROL_ATTRIBUTES):
        return True
    return tags.in_heading(button, CODE_FRAME_LEVELS)


def _shown_words(element: LexborNode) -> int:
    """The words of ``element``'s text, without that of elements that show none (a
    ``<style>`` that a CSS-in-JS library puts in the page's body)."""
    return sum(
        len((node.text_content or "").split())
        for node in element.traverse(include_text=True)
        if node.is_text_node and (node.parent is None or node.parent.tag not in IGNORED_TAGS)
    )


#: What a ``<q>`` shows around its text: the HTML standard's rendering (§15.3.6,
#: "Quotes") draws the quotation marks of the element's language there, not the page's
#: text; these are English's, the most common (a page's own language aside): double
#: marks, and single ones for a quote inside a quote (CSS Generated Content Level 3,
#: §2.1: each level of nesting takes the next pair).
QUOTE_MARKS: Final = (("\u201c", "\u201d"), ("\u2018", "\u2019"))
#: An inline style that lays its element out as a block (CSS Display Module Level 3,
#: §2: an outer display type of ``block``), on its own line: WP Recipe Maker writes a
#: recipe's notes as ``<span style="display: block">``.
_BLOCK_DISPLAY: Final = re.compile(
    r"display\s*:\s*(?:block|flex|grid|table|list-item|flow-root)\b", re.IGNORECASE
)
#: The inline elements whose style is read for it: those that format nothing, and so are
#: laid out by their style alone.
_STYLED_INLINE_TAGS: Final = frozenset({"span", "font", "label"})
#: An inline style that hides its element: CSS 2.1's ``display: none`` (§9.2.4: no box
#: at all) and ``visibility: hidden`` (§11.2: the box is there, unseen).
HIDDEN_STYLE: Final = re.compile(r"display\s*:\s*none|visibility\s*:\s*hidden", re.IGNORECASE)


#: Hidden inline text longer than this is the rest of a text cut short, which a "Read
#: more" button shows ("you can com...…Read More <span style='display:none'>the whole
#: paragraph</span>"): content a reader opens, kept.  Shorter hidden text is a label's
#: or a date's copy.  On WCXB's default output, dropping every hidden inline element
#: made 10 pages closer to the gold and 4 farther (one an expander, -0.013 F1); with
#: this bound, 8 closer and 4 farther, the most a page whose gold keeps hidden copies of
#: a filter's labels ("No Show No Show Half Calf Half Calf").  The mean F1 moved by
#: -0.00004.
MAX_HIDDEN_WORDS: Final = 12
#: Nodes of a hidden element read before it counts as longer than that: its words, the
#: elements around them, and room for empty ones.
MAX_HIDDEN_NODES: Final = 4 * MAX_HIDDEN_WORDS + 16


def _drop_hidden_inline(tree: Any, selection: Selection) -> None:
    """Leave out of ``selection`` the text of each inline element the page hides (the
    ``hidden`` attribute, or :data:`HIDDEN_STYLE` in its ``style``) inside a line: a
    machine-readable copy of a date ("(1998-02-28)" in an infobox), a tooltip's text, a
    value a script shows later.  Nobody sees it, and it glues onto the words it touches.
    Longer hidden text (:data:`MAX_HIDDEN_WORDS`) is kept.
    Hidden blocks are the extractor's to judge: tabs and accordions hide content
    (on WCXB, 36% of the words of blocks under a hidden element are in the gold text;
    of the blocks that only an inline hidden element holds, none).  A hidden element has
    no box (CSS 2.1, §9.2.4), so the words on either side of it touch, as a browser
    shows them; its edge is an element's edge all the same (:data:`CASE_EDGE`)."""
    for element in tree.css("[hidden], [style]"):
        # most styles hide nothing: the attributes first, then the element's place
        attributes = element.attributes
        if "hidden" not in attributes and not HIDDEN_STYLE.search(attributes.get("style") or ""):
            continue
        if not _laid_inline(element):
            continue
        texts = _short_texts(element)
        if texts is None:
            _drop_teaser(element, selection)
            continue
        texts = [node for node in texts if node in selection.texts]
        if texts and not any(node in selection.after for node in texts):
            selection.texts.difference_update(texts)
            selection.hidden.add(element)


#: A teaser is the start of the text a "Read more" shows whole: at least this many words
#: of it, before the word it is cut in, open the hidden text.
TEASER_MIN_WORDS: Final = 8


def _drop_teaser(hidden: LexborNode, selection: Selection) -> None:
    """Leave out of ``selection`` the teaser before a long hidden element, when the
    hidden text is the whole text and not only its rest: "you can com...…Read More"
    then, hidden, the paragraph from its first word.  Both are kept otherwise, and the
    reader gets the paragraph's start twice.  The teaser is the element (or text) just
    before, with its button; it must open with :data:`TEASER_MIN_WORDS` words of the
    hidden text, all but the one it is cut in."""
    teaser = _sibling(hidden, before=True)
    if teaser is None:
        return
    nodes = [node for node in _text_nodes(teaser) if not node.is_empty_text_node]
    shown = " ".join(node.text_content or "" for node in nodes).split()
    if len(shown) <= TEASER_MIN_WORDS or not all(
        node in selection.texts and node not in selection.after for node in nodes
    ):
        return  # (texts placed after one of its words would lose their place)
    start = shown[:TEASER_MIN_WORDS]
    whole = (hidden.text(deep=True) or "").split()[:TEASER_MIN_WORDS]
    if start == whole:
        selection.texts.difference_update(nodes)


def _short_texts(element: LexborNode) -> list[LexborNode] | None:
    """The text nodes under ``element``, or None when they hold more than
    :data:`MAX_HIDDEN_WORDS` words or the element more than :data:`MAX_HIDDEN_NODES`
    nodes; the walk stops there, so that nested hidden elements cost no more than the
    page's size times that bound."""
    texts: list[LexborNode] = []
    words = 0
    for count, node in enumerate(element.traverse(include_text=True)):
        if count > MAX_HIDDEN_NODES:
            return None
        if node.is_text_node:
            words += len((node.text_content or "").split())
            if words > MAX_HIDDEN_WORDS:
                return None
            texts.append(node)
    return texts


def _drop_assistive_copies(tree: Any, selection: Selection) -> None:
    """Leave out of ``selection`` each screen-reader copy (:func:`assistive_copies`)
    whose shown text is written whole; texts placed after the copy's text (a product
    description from JSON-LD) move to the last text of what it repeats.  The elements
    in a visually-hidden class are kept in ``selection.apart``."""
    hidden = visually_hidden(tree)
    selection.apart.update(hidden)
    for shown, copy in assistive_copies(tree, hidden):
        shown_texts = [node for node in _text_nodes(shown) if not node.is_empty_text_node]
        if not shown_texts or not all(node in selection.texts for node in shown_texts):
            continue
        anchor = shown_texts[-1]
        for node in _text_nodes(copy):
            selection.texts.discard(node)
            moved = selection.after.pop(node, None)
            if moved:
                selection.after.setdefault(anchor, []).extend(moved)


#: Images that name the elements describing them: WAI-ARIA 1.2, ``aria-describedby``
#: and ``aria-labelledby`` (lists of ids), on ``<img>``, ``<svg>`` or the ``img`` role.
_DESCRIBED_IMAGES: Final = ", ".join(
    f"{image}[{attribute}]"
    for image in ("img", "svg", '[role="img" i]')
    for attribute in ("aria-describedby", "aria-labelledby")
)


def _drop_image_descriptions(tree: Any, selection: Selection) -> None:
    """Leave out of ``selection`` the text that describes an image to screen readers
    only: an element in a visually-hidden class (:data:`VISUALLY_HIDDEN_CLASSES`) that an
    image names by ``aria-describedby`` or ``aria-labelledby``.  It is the image's
    alternative text written apart ("Image 1 of 5" under each slide of a shop's
    gallery), and the text output leaves an image's ``alt`` out too.  A description the
    page shows is a caption, and stays; so does one of more than :data:`MAX_HIDDEN_WORDS`
    words, more than a name (a chart's data told in words)."""
    names: set[str] = set()
    for image in tree.css(_DESCRIBED_IMAGES):
        attributes = image.attributes
        for attribute in ("aria-describedby", "aria-labelledby"):
            names.update((attributes.get(attribute) or "").split())
    if not names:
        return
    for element in tree.css(_VISUALLY_HIDDEN):
        attributes = element.attributes
        if attributes.get("id") not in names or not hides_visually(attributes.get("class") or ""):
            continue
        short = _short_texts(element)
        if short is None:
            continue  # a long description (a chart's data) is more than an image's name
        texts = [node for node in short if node in selection.texts]
        if texts and not any(node in selection.after for node in texts):
            selection.texts.difference_update(texts)


#: How far above a formula its visual rendering is looked for: KaTeX sets it beside the
#: ``<span>`` that holds the ``<math>``, MathJax 2 beside the one that holds it.
RENDERING_LEVELS: Final = 2


def _hidden_from_readers(element: LexborNode) -> bool:
    return (element.attributes.get("aria-hidden") or "").strip().lower() == "true"


#: The formulas of a page: MathML, and the TeX that MathJax 2 reads from a script.
_FORMULA_SELECTOR: Final = 'math, script[type^="math/tex" i]'


def formulas(document: TextDocument) -> list[LexborNode]:
    """The formulas of ``document``'s tree: its MathML (``<math>``), and the TeX of each
    ``<script type="math/tex">`` beside which MathJax 2 left no MathML (kramdown and other
    Markdown writers leave the TeX there for a script that may never run; MathJax's
    HTML output without its assistive MathML draws glyphs only).

    Lexbor's selector search of the tree (about 0.1 ms on a news page) is cheaper than a
    case-insensitive scan of the page's source for the same tags (1.6 ms)."""
    tree = document.tree
    if tree is None:
        return []
    found = []
    for node in tree.css(_FORMULA_SELECTOR):
        if node.tag != "math":
            rendering = _rendering(node)
            if rendering is not None and rendering.css_first("math") is not None:
                continue  # the MathML is the formula (its TeX is this script's)
        found.append(node)
    return found


def _rendering(script: LexborNode) -> LexborNode | None:
    """The element in which MathJax 2 rendered a TeX script's formula, just before the
    script (its preview aside), if it did."""
    sibling = script.prev
    while sibling is not None:
        if sibling.is_element_node:
            classes = sibling.attributes.get("class") or ""
            if "MathJax_Preview" not in classes:
                return sibling if MATHJAX_CLASS.search(classes) else None
        elif sibling.is_text_node and not sibling.is_empty_text_node:
            return None
        sibling = sibling.prev
    return None


def _drop_formula_renderings(selection: Selection) -> None:
    """Leave out of ``selection`` the text of each formula's visual rendering.

    KaTeX writes a formula twice: as MathML for assistive technology, and as styled
    ``<span>`` glyphs for the eye, marked ``aria-hidden="true"`` (MathJax 2 does the
    same with its ``<nobr>``).  The layout writes the MathML (:func:`_write_formula`);
    the glyphs, in the parser's text, would write it again with its structure lost
    ("E=mc2E=mc2").  A rendering is an element hidden from assistive technology beside
    the formula, or beside an element within :data:`RENDERING_LEVELS` above it, where
    nothing else beside it has text."""
    for formula in selection.formulas:
        if formula.tag != "math":  # a TeX script: its preview, or its glyphs, are copies
            for copy in (_preview(formula), _rendering(formula)):
                if copy is not None:
                    _drop_texts(selection, copy)
            continue
        element = formula
        for _ in range(RENDERING_LEVELS):
            parent = element.parent
            if parent is None:
                break
            renderings = _renderings_beside(parent, element)
            if renderings is None:
                break
            for rendering in renderings:
                _drop_texts(selection, rendering)
            element = parent


def _drop_texts(selection: Selection, element: LexborNode) -> None:
    """Leave the text of ``element`` out of ``selection``, unless texts are placed after
    it (they would lose their place)."""
    texts = _text_nodes(element)
    if not any(node in selection.after for node in texts):
        selection.texts.difference_update(texts)


def _preview(script: LexborNode) -> LexborNode | None:
    """The preview MathJax 2 shows of a TeX script's formula until it renders it (the
    ``MathJax_Preview`` element before the script, or before its rendering): the
    script's TeX, or the rendering's MathML, is written in its place."""
    sibling = script.prev
    elements = 0
    while sibling is not None and elements < 2:
        if sibling.is_element_node:
            elements += 1
            classes = sibling.attributes.get("class") or ""
            if "MathJax_Preview" in classes:
                return sibling
            if not MATHJAX_CLASS.search(classes):
                return None
        elif sibling.is_text_node and not sibling.is_empty_text_node:
            return None
        sibling = sibling.prev
    return None


def _renderings_beside(parent: LexborNode, element: LexborNode) -> list[LexborNode] | None:
    """The children of ``parent`` beside ``element`` hidden from assistive technology,
    or None when another child has text, or when more than :data:`MAX_BESIDE_NODES`
    nodes are read before that is known (no formula's wrapper holds so many)."""
    renderings: list[LexborNode] = []
    seen = 0
    child = parent.first_child
    while child is not None:
        seen += 1
        if not tags.same_node(child, element):
            if child.is_text_node and not child.is_empty_text_node:
                return None
            if child.is_element_node and child.tag not in IGNORED_TAGS:
                if _hidden_from_readers(child):
                    renderings.append(child)
                else:
                    for node in child.traverse(include_text=True):
                        seen += 1
                        if node.is_text_node and not node.is_empty_text_node:
                            return None
                        if seen > MAX_BESIDE_NODES:
                            return None
        if seen > MAX_BESIDE_NODES:
            return None
        child = child.next
    return renderings


# --------------------------------------------------------------------------- white space

# A line is laid out as one string, each token that is not text standing in it as one
# control character (page text never keeps these: they are removed from it first), so
# that white space is collapsed by a few regular-expression passes over the whole line
# instead of token by token.
_OPEN: Final = "\x01"
_IMAGE: Final = "\x02"
_CLOSE: Final = "\x03"
_BREAK: Final = "\x04"
_LINK_OPEN: Final = "\x05"
_LINK_CLOSE: Final = "\x06"
#: Raised or lowered text (:data:`_JOINED_MARKS` less code): a link in it is a footnote's
#: number, which is part of the word before it.
_RAISED_OPEN: Final = "\x0e"
_RAISED_CLOSE: Final = "\x0f"
_STAND_INS: Final = re.compile("([\x01-\x06\x0e\x0f])")
#: The stand-ins of formatting, which a line's characters are read through.
_FORMATTING_STAND_INS: Final = frozenset("\x01\x02\x03\x05\x06\x0e\x0f")
_STAND_IN_SET: Final = frozenset("\x01\x02\x03\x04\x05\x06\x0e\x0f")
_OPENS: Final = "\x01\x05\x0e"
_CLOSES: Final = "\x03\x06\x0f"
_SPACE_CHARS: Final = " \t\n\r\f"  # ASCII white space, what HTML collapses
_HTML_SPACE: Final = re.compile(f"[{_SPACE_CHARS}]+")
_NOT_HTML_SPACE: Final = re.compile(f"[^{_SPACE_CHARS}]")
#: East Asian wide and full-width characters, Hangul left out: between two of them a line
#: break of the source is no space (CSS Text 3, §4.1.3, "segment break transformation").
#: Written as ranges (CJK radicals to CJK ideographs less Hangul Jamo, compatibility
#: ideographs, CJK forms, full-width forms, the supplementary ideographic planes).
_WIDE: Final = (
    "\u2e80-\u312f\u3190-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff9f\uffe0-\uffe6"
    "\U00020000-\U0003ffff"
)
_WIDE_CHARACTER: Final = re.compile(f"[{_WIDE}]")
_MARKS: Final = f"[{_OPENS}{_CLOSES}]*"
_WIDE_BREAK: Final = re.compile(
    f"([{_WIDE}]{_MARKS})[ \t\r\f]*\n[{_SPACE_CHARS}]*(?={_MARKS}[{_WIDE}])"
)
#: Two links, or a link and a word, that touch without a space between two letters or
#: digits: browsers lay such links out apart (menus, breadcrumbs and tag lists separate
#: them with CSS), as Boilerpipe's anchor rule assumes; a space goes between them.  But a
#: link and a word that touch where a lower-case letter follows are one word that the
#: link cuts ("restaurant <a>business</a>es", "<a>RSVP</a>s"), and stay one: on WCXB's
#: default output this joined words on 9 pages, 7 of them closer to the gold, 2 farther.
#: So is a link in raised or lowered text, a footnote's number ("study<sup><a>1</a>
#: </sup>"), which the plain text writes raised ("study¹").  Punctuation after
#: a link ("link, and"), wide characters and unspaced scripts get none.  The match is a whole run of
#: formatting with a link's opening or closing in it, between two letters or
#: digits that are not wide.  The pattern starts with the run's first character, which
#: the regex engine skips to directly, and checks the letter before it by look-behind;
#: written with the look-behind first, the check ran at every position of every line,
#: three times slower.
_MARK_CHARS: Final = f"[{_OPENS}{_CLOSES}]"
#: Punctuation that ends one link where another touches it ("Why is the sky blue?</a><a>
#: What is air made of"): a menu's or a table of contents' items, apart as the two
#: links between letters are.  After a link that ends so, a word is left as it is.
_LINK_END_MARKS: Final = ".!?…:;)]}\"'”’»"
#: Scripts written without spaces between words besides the wide ones: Thai, Lao,
#: Myanmar and Khmer (:data:`unboiler.language.UNSPACED_LANGUAGES`).  Two links that
#: touch there are one phrase ("<a>เศรษฐกิจ</a><a>การเมือง</a>", political economy),
#: where a space would mark a break the page does not show.
_UNSPACED_SCRIPTS: Final = "\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff"
_GLUED_LINK: Final = re.compile(
    f"({_MARK_CHARS}(?<=[^\\W_]{_MARK_CHARS}|[{re.escape(_LINK_END_MARKS)}]{_MARK_CHARS})"
    f"(?<![{_WIDE}{_UNSPACED_SCRIPTS}]{_MARK_CHARS})"
    f"(?:(?<=[{_LINK_OPEN}{_LINK_CLOSE}])|(?={_MARK_CHARS}*[{_LINK_OPEN}{_LINK_CLOSE}]))"
    f"{_MARK_CHARS}*)"
    f"(?=[^\\W_])(?![{_WIDE}{_UNSPACED_SCRIPTS}])"
)
#: The edge of an inline element after a lower-case letter, standing in a line as a text
#: token of its own (page text never keeps this character: :meth:`_Layout.text` drops
#: it).  Where such an edge has a lower-case letter before it and an upper-case letter
#: after it ("San Diego</span><span>Confirmed", "agents</b>Designed"), the two words are
#: laid apart by the page's CSS (a block, a flex item, a margin), as links are (above), and
#: a space goes between them.  On WCXB, of the words that touch so across the edge of an
#: element other than a link, the gold text has 527 apart and 4 joined; across edges
#: between other characters it is mixed ("12<sup>th</sup>", a drop capital's
#: "<b>I</b>f"), and those are left as they are.
#:
#: Two more edges are words laid apart, not one word: an upper-case letter, then an
#: upper-case letter starting a word in lower case ("New York, NY</span><span>Full-time",
#: "UK</b>Limited"), and closing punctuation that ends a phrase, then an upper-case letter
#: ("Engineer (Go)</span><span>Remote", "API?</span><span>Operational"); a job board's and
#: a status page's fields came out glued so.  In sample (``unboiler eval wcxb``), WCXB's
#: F1 went from 0.93179 to 0.93183: 8 pages better, none worse.
CASE_EDGE: Final = "\x07"
#: Punctuation that ends a phrase, after which an element's edge and an upper-case
#: letter start another.
EDGE_PUNCTUATION: Final = ")]?!"
_CASE_EDGE: Final = re.compile(
    f"(?<=[^\\W\\d_]|[{re.escape(EDGE_PUNCTUATION)}])"
    f"([{_OPENS}{_CLOSES}{CASE_EDGE}]*{CASE_EDGE}[{_OPENS}{_CLOSES}{CASE_EDGE}]*)"
    f"(?=[^\\W\\d_])"
)


def _space_between_links(match: re.Match[str]) -> str:
    """A space before a run of formatting at a link's edge, unless the run only opens or
    only closes links and a lower-case letter follows it: a word the link cuts."""
    run = match.group(1)
    if _RAISED_OPEN in run or _RAISED_CLOSE in run:
        return run
    closing = run.find(_LINK_CLOSE)
    if closing != -1 and _LINK_OPEN in run[closing:]:
        return " " + run
    if match.string[match.start() - 1] in _LINK_END_MARKS:  # a link and a word
        return run
    return run if _continues_word(match.string[match.end()]) else " " + run


def _continues_word(character: str) -> bool:
    """Whether a letter after an element's edge goes on the word before it: a
    lower-case letter, or a letter of a script without case (Hangul, Thai, Arabic,
    Hebrew...), whose particles and affixes a link cuts off as often as Latin's
    ("<a>교통비</a>가", "و<a>الإسكندرية</a>").  An upper-case letter starts a word."""
    return character.islower() or (character.isalpha() and not character.isupper())


def _space_at_case_edge(match: re.Match[str]) -> str:
    line, start, end = match.string, match.start(), match.end()
    before, after = line[start - 1], line[end]
    if after.isupper() and (
        before.islower()
        or before in EDGE_PUNCTUATION
        or (before.isupper() and line[end + 1 : end + 2].islower())
    ):
        return " " + match.group(1)
    return match.group(1)


#: A run of openings and spaces with a space after an opening, and a run of spaces and
#: closings with a space before a closing: each is rewritten whole (spaces first, or
#: last), which is where swapping the touching runs again and again would end, in one
#: pass.  Each match starts where its first run starts (the look-behind), so that a run
#: not followed as required is scanned once, not once from each of its characters: a
#: page of 100,000 nested ``<b>`` took 50 s, quadratic in the run.
_SPACE_AFTER_OPEN: Final = re.compile(
    f"(?<![{_OPENS}])[{_OPENS}]+[{_SPACE_CHARS}][{_OPENS}{_SPACE_CHARS}]*"
)
_SPACE_BEFORE_CLOSE: Final = re.compile(
    f"(?<![{_SPACE_CHARS}])[{_SPACE_CHARS}]+[{_CLOSES}][{_SPACE_CHARS}{_CLOSES}]*"
)
_NOT_SPACE: Final = re.compile(f"[^{_SPACE_CHARS}]+")
_SPACE: Final = re.compile(f"[{_SPACE_CHARS}]+")
#: The spaces a page indents a line with, which no reader of the extracted text needs:
#: Chinese and Japanese pages open each paragraph with two ideographic spaces
#: ("\u3000\u3000新华社北京电"), older pages with a run of ``&nbsp;``.  A browser shows
#: them (they are no HTML white space); the outputs leave them out at a paragraph's
#: ends.  After a line break inside a paragraph they stay: there they indent a line of a
#: poem or of code written with ``<br>`` (Blogger's code samples).
INDENT_SPACES: Final = " \u00a0\u3000"
_LEADING_OPENS: Final = re.compile(f"^[{_OPENS}]+[{INDENT_SPACES}]+")
_TRAILING_CLOSES: Final = re.compile(f"(?<![{INDENT_SPACES}])[{INDENT_SPACES}]+[{_CLOSES}]+$")


def _indent_in_formatting(line: str) -> str:
    """``line`` without the indentation inside the formatting that opens or closes it
    (``<b>&nbsp;&nbsp;Notice</b>``), which :data:`INDENT_SPACES` left alone."""
    line = _LEADING_OPENS.sub(lambda match: match.group().rstrip(INDENT_SPACES), line)
    return _TRAILING_CLOSES.sub(lambda match: match.group().lstrip(INDENT_SPACES), line)


_SPACE_AT_BREAK: Final = re.compile(f" ?{_BREAK} ?")
#: What the two rewrites above need to find anything: an opening right before a space, a
#: space right before a closing.  Looking for that first (a scan that skips to the few
#: formatting characters) is three times cheaper than the rewrite's scan, whose
#: look-behind runs at every position, and one line in fifty has it.
_OPEN_THEN_SPACE: Final = re.compile(f"[{_OPENS}][{_SPACE_CHARS}]")
_SPACE_THEN_CLOSE: Final = re.compile(f"[{_SPACE_CHARS}][{_CLOSES}]")


def _collapsible(line: str) -> bool:
    """Whether :data:`_HTML_SPACE` would change ``line``: two spaces in a row, or white
    space other than a space (five substring tests, eight times cheaper than the
    rewrite; one line in twenty has any)."""
    return "  " in line or "\n" in line or "\t" in line or "\r" in line or "\f" in line


def _stand_in(token: Inline) -> str:
    if isinstance(token, Open):
        return _OPEN_STAND_INS.get(token.mark, _OPEN)
    if isinstance(token, Close):
        return _CLOSE_STAND_INS.get(token.mark, _CLOSE)
    return _BREAK if isinstance(token, LineBreak) else _IMAGE


_OPEN_STAND_INS: Final = {
    Mark.LINK: _LINK_OPEN,
    Mark.SUPERSCRIPT: _RAISED_OPEN,
    Mark.SUBSCRIPT: _RAISED_OPEN,
}
_CLOSE_STAND_INS: Final = {
    Mark.LINK: _LINK_CLOSE,
    Mark.SUPERSCRIPT: _RAISED_CLOSE,
    Mark.SUBSCRIPT: _RAISED_CLOSE,
}


def _spaces_first(match: re.Match[str]) -> str:
    run = match.group()
    return _NOT_SPACE.sub("", run) + _SPACE.sub("", run)


def _spaces_last(match: re.Match[str]) -> str:
    run = match.group()
    return _SPACE.sub("", run) + _NOT_SPACE.sub("", run)


def _join_links(tokens: list[Inline]) -> list[Inline]:
    """``tokens`` with each link that closes right where a link to the same address
    opens made one link: a page that cuts a word into two links to one address
    ("<a href=/p>P</a><a href=/p>acking</a>", a drop capital) shows one word, where two
    links to two addresses are two items of a menu."""
    result: list[Inline] = []
    href: str | None = None
    index = 0
    while index < len(tokens):
        token = tokens[index]
        if isinstance(token, Open) and token.mark is Mark.LINK:
            href = token.href
        elif isinstance(token, Close) and token.mark is Mark.LINK and href is not None:
            after = index + 1
            while after < len(tokens) and tokens[after] == CASE_EDGE:
                after += 1
            following = tokens[after] if after < len(tokens) else None
            if (
                isinstance(following, Open)
                and following.mark is Mark.LINK
                and following.href == href
            ):
                result.extend(tokens[index + 1 : after])
                index = after + 1
                continue
        result.append(token)
        index += 1
    return result


#: Each part of a line cut at blank lines opens again the formatting open across it: a
#: line of more breaks times openings than this (thousands of unclosed ``<b>`` around
#: as many ``<br><br>``, an old forum's markup) stays one line, so that the cost stays
#: bounded.
MAX_SPLIT_WORK: Final = 20_000


def _blank_line_parts(line: list[Inline]) -> list[list[Inline]]:
    """A line cut where two line breaks follow each other with nothing shown between
    them (``<br><br>``, white space and formatting aside): a blank line on the page,
    the way forum posts and older pages part their paragraphs (:data:`MAX_SPLIT_WORK`)."""
    breaks = sum(isinstance(token, LineBreak) for token in line)
    if breaks < 2 or breaks * sum(isinstance(token, Open) for token in line) > MAX_SPLIT_WORK:
        return [line]
    parts: list[list[Inline]] = [[]]
    breaks = 0  # line breaks since the last token shown
    for token in line:
        if isinstance(token, LineBreak):
            breaks += 1
            if breaks == 2:
                parts.append([])
                continue
        elif (isinstance(token, str) and token.strip()) or isinstance(token, Image):
            breaks = 0
        if breaks < 2:
            parts[-1].append(token)
        elif not isinstance(token, LineBreak):
            parts[-1].append(token)  # formatting and white space after the blank line
    return [part for part in parts if part]


_JOINER_RUN: Final = re.compile("[\u200c\u200d]+")


def _unjoined(line: str) -> str:
    """``line`` (its formatting as stand-ins) without the joiners that join nothing: those
    beside white space, a line break or the line's end, the formatting around them
    aside (Webflow writes one at the end of lines, in an empty ``<strong>``: "regions.
    <strong>&zwj;</strong>").  Between two characters, or two elements' texts
    (``<b>می</b>&zwnj;<b>خواهم</b>``), they stay."""

    def joined(match: re.Match[str]) -> str:
        before = match.start() - 1
        while before >= 0 and line[before] in _FORMATTING_STAND_INS:
            before -= 1
        after = match.end()
        while after < len(line) and line[after] in _FORMATTING_STAND_INS:
            after += 1
        if before < 0 or after >= len(line):
            return ""
        if line[before].isspace() or line[after].isspace() or _BREAK in (line[before], line[after]):
            return ""
        return match.group()

    return _JOINER_RUN.sub(joined, line)


def normalize(raw: Iterable[Inline]) -> list[Inline]:
    """Collapse white space the way a browser lays out a line: one space for each run,
    none at the ends or around a break, none between wide characters across a source line
    break (CSS Text 3, §4.1); spaces are moved out of formatting (so that Markdown's
    emphasis can open and close, CommonMark §6.2), and formatting left empty is dropped."""
    tokens = list(raw)
    others = [token for token in tokens if not isinstance(token, str)]
    if others and any(isinstance(token, Close) and token.mark is Mark.LINK for token in others):
        tokens = _join_links(tokens)
        others = [token for token in tokens if not isinstance(token, str)]
    text = "".join([token for token in tokens if isinstance(token, str)])
    if _STAND_INS.search(text):  # page text holding those control characters
        tokens = [_STAND_INS.sub("", t) if isinstance(t, str) else t for t in tokens]
        text = _STAND_INS.sub("", text)
    # most lines are text alone (two in three): the line is their text
    line = "".join([t if isinstance(t, str) else _stand_in(t) for t in tokens]) if others else text
    if "\n" in line and not line.isascii():
        line = _WIDE_BREAK.sub(r"\1", line)
    if CASE_EDGE in line:
        line = _CASE_EDGE.sub(_space_at_case_edge, line).replace(CASE_EDGE, "")
    if others:
        if _LINK_OPEN in line:
            line = _GLUED_LINK.sub(_space_between_links, line)
        if _OPEN_THEN_SPACE.search(line):
            line = _SPACE_AFTER_OPEN.sub(_spaces_first, line)
        if _SPACE_THEN_CLOSE.search(line):
            line = _SPACE_BEFORE_CLOSE.sub(_spaces_last, line)
    if not _collapsible(line):
        pass  # the common case, nothing to collapse
    elif len(line) > LONG_TEXT:  # see unboiler.text.LONG_TEXT
        line = "".join(_HTML_SPACE.sub(" ", piece) for piece in pieces(line, _NOT_HTML_SPACE))
    else:
        line = _HTML_SPACE.sub(" ", line)
    if _BREAK in line:
        line = _SPACE_AT_BREAK.sub(_BREAK, line)
    line = line.strip(INDENT_SPACES)
    if others and line and (line[0] in _OPENS or line[-1] in _CLOSES):
        # the indentation inside formatting at an end (<b>&nbsp;&nbsp;Notice</b>)
        line = _indent_in_formatting(line)
    if "\u200d" in line or "\u200c" in line:
        line = _unjoined(line)
    if not others:
        return [line] if line else []
    result: list[Inline] = []
    queue = iter(others)
    for piece in _STAND_INS.split(line):
        if len(piece) == 1 and piece in _STAND_IN_SET:
            result.append(next(queue))
        elif piece:
            result.append(piece)
    return _tidy(result)


def _is_visible(token: Inline) -> bool:
    return isinstance(token, Image) or (isinstance(token, str) and token != " ")


def _tidy(tokens: list[Inline]) -> list[Inline]:
    """The end of :func:`normalize`, over the few tokens that are not text: one break at
    most between two texts, none at the ends, no formatting left empty by that, touching
    formatting of one kind joined (but for two code elements that would run into one
    word, :func:`_two_words`), no space beside a break or at the ends."""
    kept: list[Inline] = []
    seen_visible = False
    for token in tokens:
        if isinstance(token, LineBreak):
            if seen_visible:
                kept.append(token)
            seen_visible = False
        else:
            seen_visible = seen_visible or _is_visible(token)
            kept.append(token)
    last = max((i for i, token in enumerate(kept) if _is_visible(token)), default=-1)
    kept = kept[: last + 1] + [t for t in kept[last + 1 :] if isinstance(t, (Open, Close))]
    paired: list[Inline] = []
    for position, token in enumerate(kept):
        if isinstance(token, Close) and paired and isinstance(paired[-1], Open):
            paired.pop()  # a Close right after an Open closes that Open: nesting is proper
        elif (
            isinstance(token, Open)
            and token.mark is not Mark.LINK
            and token.mark not in FORMULA_MARKS
            and paired
            and paired[-1] == Close(token.mark)
        ):
            if token.mark is Mark.CODE and _two_words(paired, kept, position):
                # <code>U+00DF</code><code>0x C3 9F</code>: two values in boxes of their
                # own, which one code span would run into one word (and Markdown cannot
                # write two touching code spans): a space parts them
                paired += [" ", token]
            else:
                paired.pop()  # <em>a</em><em>b</em> is one emphasis
        else:
            paired.append(token)
    merged: list[Inline] = []
    for token in paired:
        if isinstance(token, str):
            if not merged or isinstance(merged[-1], LineBreak):
                token = token.lstrip(" ")
            elif isinstance(merged[-1], str):
                if merged[-1].endswith(" ") and token.startswith(" "):
                    token = token[1:]
                merged[-1] += token
                continue
            if not token:
                continue
        elif isinstance(token, LineBreak):
            _strip_last_space(merged)
        merged.append(token)
    _strip_last_space(merged)
    return [token for token in merged if token != ""]


def _two_words(before: list[Inline], tokens: list[Inline], position: int) -> bool:
    """Whether the code that closes at the end of ``before`` and the code that opens at
    ``tokens[position]`` touch with a letter or digit on both sides, neither of them a
    wide character (``U+00DF`` then ``0x C3 9F``): read as one they would be one word.
    ``foo`` then ``.bar()``, or 中 then 文, read on as the page shows them."""
    last = before[-2] if len(before) >= 2 and isinstance(before[-2], str) else ""
    following = tokens[position + 1] if position + 1 < len(tokens) else ""
    first = following if isinstance(following, str) else ""
    if not last or not first:
        return False
    left, right = last[-1], first[0]
    return (
        left.isalnum()
        and right.isalnum()
        and not _WIDE_CHARACTER.match(left)
        and not _WIDE_CHARACTER.match(right)
    )


def _strip_last_space(tokens: list[Inline]) -> None:
    """Drop the space that ends the last text, looking through formatting."""
    index = len(tokens) - 1
    while index >= 0 and isinstance(tokens[index], (Open, Close)):
        index -= 1
    if index >= 0:
        token = tokens[index]
        if isinstance(token, str) and token.endswith(" "):
            tokens[index] = token[:-1]


#: The zero-width non-joiner and joiner: a line of them alone (Webflow's spacer
#: paragraphs, ``<p>&zwj;</p>``) shows nothing, and is no line.
JOINERS: Final = "\u200c\u200d"


def has_text(inlines: Iterable[Inline]) -> bool:
    """Whether a line shows anything: an image, or text other than white space and
    :data:`JOINERS`."""
    return any(
        isinstance(token, Image) or (isinstance(token, str) and token.strip().strip(JOINERS))
        for token in inlines
    )


#: Unicode's superscript and subscript forms (the Superscripts and Subscripts block, and
#: the Latin-1 ¹²³), for plain text, which has no markup to raise a number with:
#: "1.4 × 10<sup>21</sup>" is "1.4 × 10²¹", not "1.4 × 1021", and "H<sub>2</sub>O" is
#: "H₂O".  Raised text with any other character ("12<sup>th</sup>", "[1]") runs into the
#: word as the page shows it.
RAISED_FORMS: Final = {Mark.SUPERSCRIPT: SUPERSCRIPT_FORMS, Mark.SUBSCRIPT: SUBSCRIPT_FORMS}


def plain(inlines: Iterable[Inline], *, line_break: str = "\n") -> str:
    """The text of a line: formatting and images left out, breaks as ``line_break``,
    raised and lowered numbers in their Unicode forms (:data:`RAISED_FORMS`)."""
    parts: list[str] = []
    raised: list[tuple[Mark, int]] = []
    for token in inlines:
        if isinstance(token, str):
            parts.append(token)
        elif isinstance(token, LineBreak):
            parts.append(line_break)
        elif isinstance(token, Open) and token.mark in RAISED_FORMS:
            raised.append((token.mark, len(parts)))
        elif isinstance(token, Close) and raised and raised[-1][0] is token.mark:
            mark, start = raised.pop()
            text = "".join(parts[start:])
            forms = text.translate(RAISED_FORMS[mark])
            if text and not any(a == b for a, b in zip(text, forms, strict=True)):
                parts[start:] = [forms]
    return "".join(parts)


# --------------------------------------------------------------------------- hygiene

_ENCODED_INVISIBLE: Final = {ord(char): quote(char) for char in INVISIBLE_CHARACTERS}
#: White space other than the line break at the end of a line (spaces, tabs, no-break
#: spaces left after a line's last word).
_LINE_END_SPACE: Final = re.compile(r"[^\S\n]+$", re.MULTILINE)


#: How far up a ``<q>``'s enclosing quotations are counted (:func:`_quote_depth`): a
#: page of thousands of nested ``<q>`` would otherwise cost the square of its depth.
QUOTE_DEPTH_LEVELS: Final = 32


def _quote_depth(quote: LexborNode) -> int:
    """How many ``<q>`` hold ``quote`` within :data:`QUOTE_DEPTH_LEVELS` elements above
    it: the level of :data:`QUOTE_MARKS` it takes."""
    depth = 0
    node = quote.parent
    for _ in range(QUOTE_DEPTH_LEVELS):
        if node is None:
            break
        depth += node.tag == "q"
        node = node.parent
    return depth


def _blank_line(element: LexborNode) -> bool:
    """Whether ``element`` holds white space and line breaks only: no block of the page
    (so not among the kept elements), but inside a ``<pre>`` an empty line of the
    program (CodeMirror's ``<div><br></div>``)."""
    return element.tag in tags.BLOCK_DISPLAY_TAGS and not (element.text() or "").strip()


def _follows_code(node: LexborNode) -> bool:
    """Whether the node just before ``node`` is a ``<code>``, nothing between them (a
    space between is the space of one line, a line feed its own line break)."""
    before = node.prev
    return before is not None and before.tag == "code"


def _holds_only_breaks(element: LexborNode) -> bool:
    """Whether an element holds a ``<br>`` and no text (``<b><br></b>`` between two
    lines): no block of the page, so not among the kept elements, but a line break all
    the same ("TikTok)Focus on" read so).  A few nodes are looked at, at most
    (:data:`MAX_COPY_NODES`)."""
    found = False
    for count, node in enumerate(element.traverse(include_text=True)):
        if count > MAX_COPY_NODES:
            return False
        if node.is_text_node:
            if not node.is_empty_text_node:
                return False
        elif node.tag == "br":
            found = True
    return found


def _styled_line(element: LexborNode) -> bool:
    """Whether an element inside a ``<pre>`` is a line by its class
    (:data:`CODE_LINE_CLASSES`)."""
    classes = element.attributes.get("class") or ""
    return not CODE_LINE_CLASSES.isdisjoint(classes.split())


def _starts_line(text: LexborNode) -> bool:
    """Whether a text node starts with a line break (the line before it is ended)."""
    return (text.text_content or "").startswith(("\n", "\r"))


def _end_code_line(pieces: list[str]) -> None:
    """End the line of preformatted text being read, unless it is ended (or none has
    begun): a line break that ends a block's text opens no empty line after the block,
    in a browser, so none is added to it."""
    if pieces and not pieces[-1].endswith("\n"):
        pieces.append("\n")


def strip_line_ends(text: str) -> str:
    """``text`` without white space at the end of its lines, which a reader cannot see and
    a diff or an editor flags (and Markdown reads two trailing spaces as a line break)."""
    return _LINE_END_SPACE.sub("", text)


# --------------------------------------------------------------------------- layout walk


def is_decorative(node: LexborNode) -> bool:
    """Whether the page marks an image as decoration rather than content: hidden from
    assistive technology (``aria-hidden="true"``, a role of :data:`DECORATIVE_ROLES`), or
    with an empty ``alt`` amid running text, an icon beside the words that say what it
    shows (the HTML standard, 4.8.4.4: an empty ``alt`` says the image adds nothing to
    the text around it).  An image on its own with an empty ``alt`` is kept: as often as
    not it is a photo whose author left the text out."""
    attributes = node.attributes
    if (attributes.get("aria-hidden") or "").strip().lower() == "true":
        return True
    if (attributes.get("role") or "").strip().lower() in DECORATIVE_ROLES:
        return True
    alt = attributes.get("alt")
    if alt is None or alt.strip():
        return False
    return _beside_words(node.prev, backward=True) or _beside_words(node.next, backward=False)


#: An image this many CSS pixels wide and high, or less, shows nothing: a tracking pixel
#: (the 1x1 ``<img>`` that analytics and ad services put in ``<noscript>``) or a spacer.
PIXEL_MAX_SIZE: Final = 1.0
#: An inline style that sizes an image (its ``width`` and ``height`` attributes are then
#: only its aspect ratio, or a placeholder's).
_STYLE_SIZE: Final = re.compile(r"(?:^|[;\s])(?:max-|min-)?(?:width|height)\s*:", re.IGNORECASE)


def shows_nothing(attributes: dict[str, str | None]) -> bool:
    """Whether an image's attributes say it shows nothing: its ``width`` and ``height``,
    each one given, at most :data:`PIXEL_MAX_SIZE`; unless its inline style sizes it, or a
    script will load another picture into it (:data:`IMAGE_URL_ATTRIBUTES` besides
    ``src``: a lazy image's 1x1 placeholder)."""
    sizes = []
    for name in ("width", "height"):
        value = (attributes.get(name) or "").strip().lower().removesuffix("px")
        if not value:
            continue
        try:
            sizes.append(float(value))
        except ValueError:
            return False
    if not sizes or max(sizes) > PIXEL_MAX_SIZE:
        return False
    if _STYLE_SIZE.search(attributes.get("style") or ""):
        return False
    return not any(attributes.get(name) for name in IMAGE_URL_ATTRIBUTES[1:])


#: The longest ``alt`` of an image that is an emoji or an emoticon.
EMOTICON_MAX_CHARS: Final = 8
#: The class tokens of a picture of an emoji or a smiley: WordPress's ``emoji`` and
#: ``wp-smiley``, vBulletin's and XenForo's ``smilie``, Twemoji's ``emoji``.
_EMOTICON_CLASS: Final = re.compile(r"emoji|smil(?:ie|ey)|emoticon", re.IGNORECASE)
#: A folder of smileys in an image's address, where no class names one: phpBB's
#: ``./images/smilies/icon_e_smile.gif``, Discuz's ``static/image/smiley/``.
_EMOTICON_FOLDER: Final = re.compile(r"/(?:smil(?:ie|ey)s?|emoji|emoticons?)/", re.IGNORECASE)


def emoticon(image: LexborNode) -> str | None:
    """The text an ``<img>`` stands for when it draws an emoji or an emoticon: its
    ``alt``, when an emoji or a smiley class or folder names it and the ``alt`` is what one types
    (":)", "😀": at most :data:`EMOTICON_MAX_CHARS` characters, no letter or digit).  A
    forum's ":)" is part of the post (WCXB's gold keeps it); a shortcode alt
    (":slight_smile:") or a reaction's ("Like") is not what the writer typed."""
    attributes = image.attributes
    alt = (attributes.get("alt") or "").strip()
    if not alt or len(alt) > EMOTICON_MAX_CHARS or any(ch.isalnum() for ch in alt):
        return None
    if not (
        _EMOTICON_CLASS.search(attributes.get("class") or "")
        or _EMOTICON_FOLDER.search(attributes.get("src") or "")
    ):
        return None
    return alt


#: Siblings passed over on the way from an image to the words beside it.
_NOTHING_BETWEEN: Final = frozenset({"br", "wbr", "img"})


def _beside_words(node: LexborNode | None, *, backward: bool) -> bool:
    """Whether the nearest sibling in one direction that shows something (white space,
    comments, line breaks and other images passed over) has text."""
    while node is not None:
        text = node.text(deep=True) if node.is_element_node or node.is_text_node else ""
        if text.strip():
            return True
        if node.is_element_node and node.tag not in _NOTHING_BETWEEN:
            return False
        node = node.prev if backward else node.next
    return False


def _write_formula(node: LexborNode, run: list[Inline]) -> None:
    """A formula, as :mod:`unboiler.output.formula` writes it; one the page sets apart
    (``display="block"``) on a line of its own.  A TeX script's formula is its TeX, in
    the text too: there is no other."""
    text, tex = formula_parts(node)
    text = visible(text)
    if not text:
        return
    display = is_display(node)
    mark = Mark.DISPLAY_FORMULA if display else Mark.FORMULA
    if display:
        run.append(BREAK)
    run += [Open(mark, tex=tex), text, Close(mark)]
    if display:
        run.append(BREAK)


def base_url(document: TextDocument) -> str | None:
    """The address the page's relative links resolve against: the page's first
    ``<base href>`` (HTML Living Standard, §4.2.3, "the base element"), made absolute
    against the page's URL, else the page's URL.  A relative ``<base>`` with no page URL
    to resolve it against is left out, as is one that is not http(s)."""
    url = document.url
    tree = document.tree
    element = tree.css_first("base[href]") if tree is not None else None
    if element is not None:
        resolved = _absolute_url(element.attributes.get("href"), url)
        if resolved is not None and resolved.lower().startswith(("http://", "https://")):
            return resolved
    return url


def _absolute_url(value: str | None, base: str | None) -> str | None:
    """``value`` resolved against ``base``: an http(s) URL, or a relative one when there is
    no base to resolve it against; None for anything else (``javascript:``, ``data:``, an
    address that cannot be parsed).
    Invisible characters in it (a soft hyphen in a file name) are percent-encoded, as a
    browser sends them: they are part of the address, but no output shows them raw."""
    if not value:
        return None
    # The URL standard drops tabs and newlines inside URLs and spaces at their ends.
    url = value.replace("\t", "").replace("\n", "").replace("\r", "").strip()
    if not url.isascii():
        url = url.translate(_ENCODED_INVISIBLE)
    if not url:
        return None
    try:  # an address Python cannot split ("http://[::1", an unclosed IPv6 host) is none
        if base:
            url = urljoin(base, url)
        scheme = urlsplit(url).scheme.lower() if ":" in url else ""
    except ValueError:
        return None
    if scheme in ("http", "https"):
        return url
    if not scheme and not base and not url.startswith("//"):
        return url
    return None


#: Characters a language name may hold besides letters and digits ("c++", "c#", "objective-c").
_LANGUAGE_MARKS: Final = "+#-_."


#: Elements beside a ``<pre>``'s ``<code>`` that are controls, not code
#: (:meth:`_Layout.preformatted`).
PRE_CONTROL_TAGS: Final = frozenset({"a", "button"})


def _pre_controls(pre: LexborNode) -> set[LexborNode]:
    """The links and buttons straight inside ``pre`` when it also holds a ``<code>``."""
    children = element_children(pre)
    if not any(child.tag == "code" for child in children):
        return set()
    return {child for child in children if child.tag in PRE_CONTROL_TAGS}


def _code_language(pre: LexborNode) -> str | None:
    """The language a code block names: on its ``<code>`` or ``<pre>``, a ``data-lang``
    (Hugo's Chroma) or a class (:data:`CODE_LANGUAGE_PREFIXES`, :data:`_BRUSH`,
    :data:`LANGUAGE_BESIDE_CLASSES`); above it, a highlighter's wrapper
    (:data:`CODE_WRAPPERS`)."""
    own: list[LexborNode] = []
    child = pre.first_child
    while child is not None:
        if child.tag == "code":
            own.append(child)
            break
        child = child.next
    own.append(pre)
    for element in own:
        language = _language_name(element.attributes.get("data-lang") or "")
        if language:
            return language
    for element in own:
        language = _class_language(element.attributes.get("class") or "")
        if language:
            return language
    parent = pre.parent
    if parent is not None and parent.tag == "div":
        # the HTML standard's ``language-`` class on the <div> right around the <pre>
        # (VitePress's ``<div class="language-js vp-adaptive-theme">``)
        for name in (parent.attributes.get("class") or "").split():
            if name.startswith("language-"):
                language = _language_name(name.removeprefix("language-"))
                if language:
                    return language
    language = _wrappers_language(pre)
    if language:
        return language
    table = _numbered_table(pre)
    if table is not None:  # the wrapper around Pygments' table of numbered lines
        language = _wrappers_language(table)
        if language:
            return language
    return _figure_language(pre)


def _wrappers_language(below: LexborNode) -> str | None:
    """The language a highlighter's wrapper above ``below`` names, at most
    :data:`CODE_LANGUAGE_DEPTH` levels up (:func:`_wrapper_language`)."""
    wrapper: LexborNode | None = below.parent
    for _ in range(CODE_LANGUAGE_DEPTH):
        if wrapper is None or not wrapper.is_element_node or wrapper.tag in ("body", "html"):
            break
        language = _wrapper_language(wrapper, below)
        if language:
            return language
        below, wrapper = wrapper, wrapper.parent
    return None


#: How far above a ``<pre>`` its cell of a table of numbered lines may be (Pygments'
#: ``<td class="code"><div><pre>``).
NUMBERED_CELL_DEPTH: Final = 3


def _numbered_table(pre: LexborNode) -> LexborNode | None:
    """The table of numbered lines whose code cell holds ``pre`` (Pygments' ``linenos``
    table, which MkDocs Material writes with its language on the ``<div>`` around the
    table); None when it is in no such table."""
    cell = pre.parent
    for _ in range(NUMBERED_CELL_DEPTH):
        if cell is None or cell.tag in ("td", "th", "body", "html"):
            break
        cell = cell.parent
    if cell is None or cell.tag != "td":
        return None
    row = cell.parent
    if row is None or row.tag != "tr":
        return None
    if not any(_line_numbers(other) for other in row.iter(include_text=False) if other.tag == "td"):
        return None
    table = row.parent
    while table is not None and table.tag in ("tbody", "thead", "tfoot"):
        table = table.parent
    return table if table is not None and table.tag == "table" else None


def _figure_language(pre: LexborNode) -> str | None:
    """The language of a ``<pre>`` in Hexo's figure (:data:`CODE_FIGURE`)."""
    tag, mark = CODE_FIGURE
    element = pre.parent
    for _ in range(CODE_FIGURE_DEPTH):
        if element is None or not element.is_element_node:
            return None
        if element.tag == tag:
            names = (element.attributes.get("class") or "").split()
            if mark not in names:
                return None
            others = [name for name in names if name != mark]
            return _language_name(others[0]) if len(others) == 1 else None
        element = element.parent
    return None


def _line_number(element: LexborNode) -> bool:
    """Whether an element inside a ``<pre>`` is a line's number (:data:`LINE_NUMBER_SPANS`)."""
    classes = element.attributes.get("class")
    if not classes or LINE_NUMBER_SPANS.isdisjoint(classes.split()):
        return False
    return element.text(deep=True).strip().isdigit()


#: Fewest lines whose numbers, written with no class that says so, are taken for a code
#: block's line numbers (:func:`_counted_lines`).
COUNTED_LINES_MIN: Final = 2


def _counted_lines(pre: LexborNode) -> set[LexborNode]:
    """The elements inside ``pre`` that hold their line's number with no class that says
    so (Code Hike's and Twilio's blocks: ``<div><span>1</span><div>code</div></div>``
    per line): each holds only digits, is the first thing shown in an element of its
    own, and has the line's code after it in a block-level element; and they count 1, 2,
    3... (or on from their first) through the whole block, at least
    :data:`COUNTED_LINES_MIN` of them.  Any other element like them, a gap in the count,
    or a number followed by more of its line's tokens (a highlighter's ``<span>1</span>``
    at the start of "1. First", one per line), and none is taken."""
    numbers = []
    for element in pre.traverse(include_text=False):
        child = element.child
        if element is pre or child is None or not child.is_text_node or child.next:
            continue
        text = (child.text_content or "").strip()
        if text.isascii() and text.isdigit() and len(text) < 7 and _first_shown(element):
            numbers.append((int(text), element))
    if len(numbers) < COUNTED_LINES_MIN:
        return set()
    first = numbers[0][0]
    if [value for value, _ in numbers] != list(range(first, first + len(numbers))):
        return set()
    parents = set()
    for _, element in numbers:
        parent, following = element.parent, _sibling(element, before=False)
        while following is not None and following.tag in IGNORED_TAGS:  # a CSS-in-JS <style>
            following = _sibling(following, before=False)
        if parent is None or parent in parents or following is None:
            return set()
        if following.tag not in tags.BLOCK_DISPLAY_TAGS:
            return set()  # a token of the line, as highlighters write numbers
        parents.add(parent)
    return {element for _, element in numbers}


def _first_shown(element: LexborNode) -> bool:
    """Whether nothing shown comes before ``element`` in its parent (a ``<style>`` that a
    CSS-in-JS library puts before the first element of its class shows nothing)."""
    before = _sibling(element, before=True)
    while before is not None and before.tag in IGNORED_TAGS:
        before = _sibling(before, before=True)
    return before is None


def _line_numbers(cell: LexborNode) -> bool:
    """Whether a table's ``cell`` holds a code block's line numbers
    (:data:`LINE_NUMBER_CELLS`)."""
    classes = cell.attributes.get("class") or ""
    return not LINE_NUMBER_CELLS.isdisjoint(classes.split())


def _class_language(classes: str) -> str | None:
    """The language the ``class`` of a ``<pre>`` or ``<code>`` names."""
    names = classes.split()
    for name in names:
        for prefix in CODE_LANGUAGE_PREFIXES:
            if name.startswith(prefix):
                language = _language_name(name[len(prefix) :])
                if language:
                    return language
                break
    brush = _BRUSH.search(classes)
    if brush:
        return _language_name(brush.group(1))
    if not LANGUAGE_BESIDE_CLASSES.isdisjoint(names):
        others = [name for name in names if name not in LANGUAGE_BESIDE_CLASSES]
        if len(others) == 1:
            return _language_name(others[0])
    return None


def _wrapper_language(element: LexborNode, below: LexborNode) -> str | None:
    """The language a highlighter's wrapper names (:data:`CODE_WRAPPERS`): the wrapper's
    mark is on it or on the element below it on the way to the ``<pre>``."""
    names = (element.attributes.get("class") or "").split()
    marks = set(names) | set((below.attributes.get("class") or "").split())
    for mark, prefix in CODE_WRAPPERS:
        if mark not in marks:
            continue
        for name in names:
            if name.startswith(prefix) and name != mark:
                language = _language_name(name[len(prefix) :])
                if language:
                    return language
    return None


def _language_name(name: str) -> str | None:
    """A language's name as a fence's info string gives it: lower case, letters, digits
    and :data:`_LANGUAGE_MARKS`; None for what names no language."""
    language = "".join(c for c in name if c.isalnum() or c in _LANGUAGE_MARKS).lower()
    return language if language and language not in NOT_LANGUAGES else None


def _span(value: str | None, limit: int) -> int:
    try:
        return min(max(int((value or "1").strip()), 1), limit)
    except ValueError:
        return 1


#: The largest number an ordered list may start at (CommonMark §5.2: nine digits).
MAX_LIST_START: Final = 999_999_999


def _list_number(value: str | None) -> int | None:
    """A list's ``start`` or an item's ``value`` as a number, None when it is none; kept
    to what a Markdown list marker can write (CommonMark §5.2: at most nine digits)."""
    try:
        return min(max(int((value or "").strip()), 0), MAX_LIST_START)
    except ValueError:
        return None


#: A cell's ``text-align`` in its inline style (CSS Text Module Level 3, §7.1), the way
#: Markdown writers and wikis write a column's alignment into HTML.
_TEXT_ALIGN: Final = re.compile(r"text-align\s*:\s*(left|center|right)\b", re.IGNORECASE)
#: The alignments a GFM table's delimiter row can write (GFM §4.10).
CELL_ALIGNMENTS: Final = frozenset({"left", "center", "right"})


def _cell_align(attributes: dict[str, str | None]) -> str | None:
    """How a table cell's text is aligned: its style's ``text-align``, else its
    ``align`` attribute (obsolete in HTML5, §16.3.4, and still written)."""
    style = attributes.get("style")
    found = _TEXT_ALIGN.search(style) if style else None
    if found is not None:
        return found.group(1).lower()
    align = (attributes.get("align") or "").strip().lower()
    return align if align in CELL_ALIGNMENTS else None


#: A task list item's mark, ticked and not (GFM §5.3, "Task list items"); the plain
#: text and HTML outputs write the same.
TASK_MARKS: Final = {True: "[x] ", False: "[ ] "}


def _task_check(item: LexborNode) -> bool | None:
    """Whether a list item opens with a checkbox, ticked (True) or not (False), as
    GitHub and many Markdown renderers write a task list item; None when it does not.
    The box may stand in the item's first paragraph (a loose list).  It is a task's
    mark when the reader cannot tick it (``disabled``, as GitHub, GitLab, pandoc,
    markdown-it and Goldmark write it) or a class names it a task's: a box one can tick
    is a control (mkdocs-material's menus open and close on hidden checkboxes)."""
    node = item.first_child
    for _ in range(2):  # the item, then its first paragraph
        while node is not None and (node.is_text_node and not (node.text_content or "").strip()):
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
        if node.tag != "p":
            return None
        node = node.first_child
    return None


def _names_task(*elements: LexborNode) -> bool:
    """Whether the class of one of ``elements`` says task (GitLab's and pymdown's
    ``task-list-item``), for a checkbox a renderer left enabled."""
    return any("task" in (element.attributes.get("class") or "").lower() for element in elements)


#: The ``type`` values of an ordered list that number it otherwise than in decimal
#: (HTML standard §4.4.8: lower and upper letters, lower and upper roman numerals).
LIST_NUMBER_STYLES: Final = frozenset({"a", "A", "i", "I"})


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
#: An item that numbers itself ("4.1 You may...", "2) ...", "(b) ...").
_NUMBERED_BY_HAND: Final = re.compile(r"\s*(?:\d+(?:\.\d+)*[.)]?|\(?[a-z]\))\s", re.IGNORECASE)


def _list_style(node: LexborNode) -> str | None:
    """The ``list-style-type`` a list's inline style gives it, on the list or alike on
    every one of its items (a recipe plugin's steps: ``<ul>`` of ``<li style=
    "list-style-type: decimal">``), lower-cased; None when it gives none."""
    own = _list_type(node.attributes.get("style") or "")
    if own is not None:
        return own
    items = [child for child in node.iter(include_text=False) if child.tag == "li"]
    kinds = {_list_type(item.attributes.get("style") or "") for item in items}
    return kinds.pop() if len(kinds) == 1 else None


def _numbered_by_hand(items: list[list[Block]]) -> bool:
    """Whether every item's text opens with a number of its own (:data:`_NUMBERED_BY_HAND`)."""
    for blocks in items:
        first = blocks[0] if blocks else None
        if not isinstance(first, (Paragraph, Heading)):
            return False
        if not _NUMBERED_BY_HAND.match(plain(first.inlines) + " "):
            return False
    return bool(items)


def _list_type(style: str) -> str | None:
    """The list-style type an inline style names (``list-style: outside none``: none)."""
    found = _LIST_STYLE.search(style)
    if found is None:
        return None
    return next((word for word in found.group(1).lower().split() if word in _LIST_TYPE_WORDS), None)


def _ordinals(node: LexborNode, values: list[int | None]) -> list[int]:
    """The numbers of an ordered list's items, by the HTML standard's "ordinal value"
    (§4.4.8): from ``start`` (by default 1, or the number of items of a ``reversed``
    list), one up (or down) from the item before, an item's ``value`` its own; a number
    below 0 is written 0, which a Markdown marker can hold."""
    step = -1 if "reversed" in node.attributes else 1
    number = _list_number(node.attributes.get("start"))
    if number is None:
        number = len(values) if step < 0 else 1
    numbers = []
    for value in values:
        number = number if value is None else value
        numbers.append(max(number, 0))
        number += step
    return numbers


#: A letter or digit that is not wide (CJK): two of these touching across an element's
#: edge with no space between are two words only when something lays them apart.
_WORD_CHARACTER: Final = re.compile(f"[^\\W_](?<![{_WIDE}])")


class _Seams:
    """The edges of inline elements that hold blocks, in the run of a line being laid out.

    A browser keeps the text on either side of such an edge on one line (CSS 2.1,
    §9.2.1.1: the inline is split around the block, the text beside it stays in the
    line box), so the edge ends no line.  But where a word touches a word across it
    (``<span>Powered by AI agents</span><span><p>Designed…</p></span>``) a reader of the
    page sees two words, not one: such markup is a flex or grid layout, whose children
    CSS makes blocks, and the edge ends the line.  A page's own ``b<a>x<div>…`` is read
    that way too: without a space, "b" and "x" are taken as laid apart, as the
    glued-link rule of :func:`normalize` takes links that touch a word.
    """

    def __init__(self) -> None:
        self.positions: list[int] = []

    def mark(self, run: list[Inline]) -> None:
        position = len(run)
        if not self.positions or self.positions[-1] != position:
            self.positions.append(position)

    def split(self, run: list[Inline]) -> list[list[Inline]]:
        """``run`` cut at the seams where a word touches a word; the seams are used up."""
        lines: list[list[Inline]] = []
        start = 0
        for position in self.positions:
            if position < len(run) and _touching(run, position):
                lines.append(run[start:position])
                start = position
        self.positions.clear()
        lines.append(run[start:])
        return lines


def _edge_character(run: list[Inline], position: int, step: int) -> str:
    """The character of text next to ``position`` in ``run``, looking back (``step`` -1)
    or forward (1) through formatting and :data:`CASE_EDGE`; "" when a break, an image or
    nothing is there."""
    index = position - 1 if step < 0 else position
    while 0 <= index < len(run):
        token = run[index]
        if isinstance(token, str):
            if token and token != CASE_EDGE:
                return token[-1] if step < 0 else token[0]
        elif not isinstance(token, (Open, Close)):
            return ""
        index += step
    return ""


def _touching(run: list[Inline], position: int) -> bool:
    before = _edge_character(run, position, -1)
    after = _edge_character(run, position, 1)
    return bool(_WORD_CHARACTER.match(before) and _WORD_CHARACTER.match(after))


def _open_at_end(line: list[Inline]) -> list[Open]:
    """The formatting still open at the end of ``line``, outermost first."""
    opened: list[Open] = []
    for token in line:
        if isinstance(token, Open):
            opened.append(token)
        elif isinstance(token, Close):
            for index in range(len(opened) - 1, -1, -1):
                if opened[index].mark is token.mark:
                    del opened[index]
                    break
    return opened


def _formatted(blocks: list[Block], run: list[Inline]) -> list[Block]:
    """``blocks`` with the formatting open in ``run`` (only openings are left in it
    after :meth:`_Layout.end_line`) put on their headings: ``<a><h2>…</h2></a>`` is a
    linked heading."""
    opened = [token for token in run if isinstance(token, Open)]
    if not opened:
        return blocks
    closes = [Close(opening.mark) for opening in reversed(opened)]
    return [
        Heading(block.level, normalize([*opened, *block.inlines, *closes]), block.direction)
        if isinstance(block, Heading)
        else block
        for block in blocks
    ]


#: The token that closes a code span.
_CLOSE_CODE: Final = Close(Mark.CODE)
#: Marks whose edges part no words: code (a highlighter's spans), and raised or lowered
#: text, which is part of its word ("k<sub>B</sub>T", "iPhone<sup>TM</sup>").
_JOINED_MARKS: Final = frozenset({Mark.CODE, Mark.SUPERSCRIPT, Mark.SUBSCRIPT})
_CLOSE_JOINED: Final = frozenset(Close(mark) for mark in _JOINED_MARKS)


def _mark_case_edge(run: list[Inline]) -> None:
    """Put :data:`CASE_EDGE` at the end of ``run`` when it ends in a letter or in
    punctuation that ends a phrase (:data:`EDGE_PUNCTUATION`): an element's edge, where
    :func:`normalize` may need a space."""
    if run:
        last = run[-1]
        if isinstance(last, str) and last and (last[-1].isalpha() or last[-1] in EDGE_PUNCTUATION):
            run.append(CASE_EDGE)


def _field_in_line(node: LexborNode) -> bool:
    """Whether ``node`` is a form field in a paragraph, which the parser reads as part
    of the line (:data:`unboiler.tags.FIELD_TAG`)."""
    if node.tag != tags.FIELD_TAG:
        return False
    parent = node.parent
    return parent is not None and parent.tag == "p"


def _laid_inline(node: LexborNode) -> bool:
    """Whether ``node`` lies inside a line: an inline element, or a custom element
    (a name with a hyphen: ``<relative-time>``, ``<x-price>``) in running text.  CSS's
    initial ``display`` is ``inline``, and the HTML standard's default style sheet
    (§15.3.3, "Flow content") makes no custom element a block, so "released
    <relative-time>3 days ago</relative-time> by" is one line; the parser follows
    Boilerpipe, for which every unknown element ends a block.  A custom element with no
    text beside it is most often a component's box (``<cart-drawer>``,
    ``<devsite-content>``) that its own style makes a block, and stays one.  A form
    control inside a sentence runs on in it (:func:`unboiler.tags.control_in_line`)."""
    tag = node.tag or ""
    if tag in INLINE_TAGS:
        return True
    if tag in tags.INLINE_CONTROL_TAGS:
        return tags.control_in_line(node)
    if "-" not in tag:
        return False
    return tags.beside_text(node.prev, backwards=True) or tags.beside_text(
        node.next, backwards=False
    )


#: ARIA roles (WAI-ARIA 1.2, §5.3.2 "Widget roles") of the controls a page draws as boxes
#: side by side: tabs, buttons, menu items, options.  An inline element with one parts
#: words at its edges, as the boxes do on screen ("Python PHP C#", not "Python PHPC#").
BOXED_ROLES: Final = frozenset(
    {"tab", "button", "menuitem", "menuitemcheckbox", "menuitemradio", "option", "switch"}
)
#: The inline elements that take a widget's role (the others are formatting).
_ROLE_HOLDERS: Final = frozenset({"span", "a", "label", "b", "strong", "i", "em"})


#: Classes of the badges a documentation generator draws as boxes beside an item's name:
#: rustdoc's stability and portability marks (``.stab``: "Experimental", "Deprecated",
#: the feature a module needs), which follow the name with no space in the page
#: ("process<wbr><span class="stab portability">...").
BOXED_CLASSES: Final = frozenset({"stab"})


def _boxed(node: LexborNode) -> bool:
    """Whether inline ``node`` is a control drawn as a box of its own (:data:`BOXED_ROLES`),
    a badge (:data:`BOXED_CLASSES`), or a form's label beside another one: the labels of
    a row of tabs or options (mkdocs-material's ``<label for=...>npm</label><label
    for=...>yarn</label>``), which read "npmyarn" joined."""
    if node.tag not in _ROLE_HOLDERS:
        return False
    if node.tag == "label" and any(
        (beside := _sibling(node, before=before)) is not None and beside.tag == "label"
        for before in (True, False)
    ):
        return True
    attributes = node.attributes
    role = attributes.get("role")
    if role is not None and role.strip().lower() in BOXED_ROLES:
        return True
    classes = attributes.get("class")
    return classes is not None and not BOXED_CLASSES.isdisjoint(classes.split())


#: How far below its ``<blockquote>`` a quote's attribution may be (phpBB's
#: ``blockquote > div > cite``).
ATTRIBUTION_LEVELS: Final = 2
#: What ends the words "Ann wrote" in an attribution (the full-width colon of CJK text).
ATTRIBUTION_COLONS: Final = (":", "：")


#: Class names (lower-cased, without hyphens and underscores) that make a
#: ``<blockquote>`` the body of a forum post, not a quotation: vBulletin 4 writes every
#: post's text in ``<blockquote class="postcontent restore">``, its quotations in a
#: ``<div class="bbcode_quote">`` inside.
POST_BODY_CLASSES: Final = frozenset(
    {"postcontent", "postbody", "postmessage", "messagecontent", "messagebody"}
)


#: Class names (written as :data:`POST_BODY_CLASSES` are) of a ``<div>`` that holds a
#: quotation in a forum post: vBulletin's ``bbcode_quote``, and the like of other forum
#: software whose quotations are no ``<blockquote>``.
QUOTATION_CLASSES: Final = frozenset({"bbcodequote", "quotecontent", "postquote", "messagequote"})


def _class_in(element: LexborNode, names: frozenset[str]) -> bool:
    """Whether a class of ``element``, lower-cased, without hyphens and underscores, is
    one of ``names``."""
    classes = element.attributes.get("class")
    if not classes:
        return False
    return any(
        token.lower().replace("-", "").replace("_", "") in names for token in classes.split()
    )


def _holds_a_post(blockquote: LexborNode) -> bool:
    """Whether a ``<blockquote>``'s class makes it a post's body (:data:`POST_BODY_CLASSES`)."""
    return _class_in(blockquote, POST_BODY_CLASSES)


def _broken_code(inlines: Sequence[Inline]) -> str | None:
    """The text of a line that is one ``<code>`` broken into lines by ``<br>``, its
    indentation written with no-break spaces (Blogger's and old WordPress's code
    samples: ``<p><code>for i in x:<br>&nbsp;&nbsp;&nbsp;&nbsp;print(i)</code></p>``),
    as a code block's lines; None for any other line.  Markdown's code span holds no
    line break: the program came out as one line."""
    if (
        len(inlines) < 3
        or inlines[0] != Open(Mark.CODE)
        or inlines[-1] != _CLOSE_CODE
        or not any(token is BREAK for token in inlines)
    ):
        return None
    pieces: list[str] = []
    for token in inlines[1:-1]:
        if token is BREAK:
            pieces.append("\n")
        elif isinstance(token, str):
            pieces.append(token)
        else:
            return None  # a link, emphasis or an image in it: a line of text after all
    lines = "".join(pieces).replace("\u00a0", " ").split("\n")
    return "\n".join(line.rstrip() for line in lines).strip("\n")


def _attribution(cite: LexborNode) -> bool:
    """Whether a ``<cite>`` is the line that says whose words a quote holds ("Ann
    wrote:"): the first thing shown in a quote, directly or in a ``<div>`` or ``<p>``
    (:data:`ATTRIBUTION_LEVELS`), with the quoted words after it, and either holding a
    colon (phpBB 3.3 writes the post's link and date after "wrote:") or glued to the
    words.  Forum software's style sets it on a line of its own (phpBB's ``blockquote
    cite { display: block }``); without the line break, "Ann wrote:Last time" glues the
    two.  A title cited in a quote's sentence ("<cite>Hamlet</cite> is a play") is part
    of the sentence."""
    following = _sibling(cite, before=False)
    if following is None:
        return False
    element: LexborNode | None = cite
    for _ in range(ATTRIBUTION_LEVELS):
        if element is None or not _first_shown(element):
            return False
        element = element.parent
        if element is None:
            return False
        if element.tag == "blockquote":
            break
        if element.tag not in ("div", "p"):
            return False
    else:
        return False
    if any(colon in (cite.text(deep=True) or "") for colon in ATTRIBUTION_COLONS):
        return True
    return following.is_text_node and not (following.text_content or "")[:1].isspace()


def _formula_paths(
    formulas: list[LexborNode], marked: dict[LexborNode, bool]
) -> frozenset[LexborNode]:
    """The page's MathML formulas (``<math>``) and the elements around each that hold
    nothing else to read (MathJax writes ``<mjx-container>``, ``<mjx-assistive-mml>``,
    ``<math>``), up to the nearest element that holds content: the layout walks down
    those to write a formula that stands in a line of content (:func:`_write_formula`).
    An element with other text beside the formula (a menu) is not one of them, nor is
    one hidden from assistive technology beside it (KaTeX's drawing of the formula)."""
    paths: set[LexborNode] = set()
    for formula in formulas:
        element: LexborNode | None = formula
        while element is not None and element not in marked and element not in paths:
            paths.add(element)
            if _has_text_beside(element):
                break
            element = element.parent
    return frozenset(paths)


#: Nodes :func:`_has_text_beside` looks at before it answers yes: a formula's wrappers
#: hold a few nodes beside it, and a walk through all the siblings of each of 20,000
#: formulas in a row would be quadratic.
MAX_BESIDE_NODES: Final = 64


def _has_text_beside(element: LexborNode) -> bool:
    """Whether a sibling of ``element`` holds text (white space aside; a formula's
    tokens, and what is hidden from assistive technology, are no text: a list of
    formulas is one of them), or more than :data:`MAX_BESIDE_NODES` nodes lie beside it
    (no formula's wrapper)."""
    seen = 0
    for backwards in (True, False):
        sibling = element.prev if backwards else element.next
        while sibling is not None:
            stack = [sibling]
            while stack:
                node = stack.pop()
                seen += 1
                if seen > MAX_BESIDE_NODES:
                    return True
                if node.is_text_node:
                    if not node.is_empty_text_node:
                        return True
                elif (
                    node.is_element_node
                    and node.tag not in IGNORED_TAGS
                    and not _hidden_from_readers(node)
                ):
                    child = node.last_child
                    while child is not None:
                        stack.append(child)
                        child = child.prev
            sibling = sibling.prev if backwards else sibling.next
    return False


def _edge_space(node: LexborNode | None) -> bool:
    return node is not None and node.is_text_node and node.is_empty_text_node


def _ends_in_word(run: list[Inline], *, or_sign: bool = False) -> bool:
    """Whether the last text of a line so far ends in a letter or a digit (``or_sign``:
    or in any character but white space and an opening bracket or quote)."""
    for token in reversed(run):
        if isinstance(token, str) and token.strip(CASE_EDGE):
            last = token.strip(CASE_EDGE)[-1:]
            if or_sign:
                return not (
                    last.isspace()
                    or unicodedata.category(last) in _OPENING
                    or _WIDE_CHARACTER.match(last)
                )
            return last.isalnum()
        if isinstance(token, (Image, LineBreak)):
            return False
    return False


#: The Unicode categories of an opening bracket and an opening quotation mark.
_OPENING: Final = frozenset({"Ps", "Pi"})


def _word_follows(node: LexborNode, *, spaced: bool = False) -> bool:
    """Whether the text right after ``node`` starts with a letter or a digit (``spaced``:
    of a script that parts its words by spaces, not CJK's)."""
    after = node.next
    if after is None or not after.is_text_node:
        return False
    first = (after.text_content or "")[:1]
    return first.isalnum() and not (spaced and _WIDE_CHARACTER.match(first))


#: Unicode categories of the punctuation that closes what comes before it (brackets,
#: closing quotes, and the full stop, comma and colon class): no space before them.
_CLOSING: Final = frozenset({"Pe", "Pf", "Po"})


def _word_after(node: LexborNode) -> bool:
    """Whether the text right after ``node`` in its line starts with a letter, a digit
    or a sign (a currency's: Shopify's hidden "Regular price" before "$24.00"), of a
    script that parts its words by spaces, rather than with closing punctuation: after
    its next sibling, or its inline parent's (up to :data:`HIDDEN_SPACE_LEVELS` levels
    up) when it is the last child."""
    element: LexborNode | None = node
    for _ in range(HIDDEN_SPACE_LEVELS):
        if element is None:
            return False
        after = element.next
        if after is not None:
            if after.is_text_node:
                first = (after.text_content or "")[:1]
            elif after.is_element_node and _laid_inline(after):
                first = after.text(deep=True)[:1]
            else:
                return False
            return bool(first.strip()) and not (
                unicodedata.category(first) in _CLOSING or _WIDE_CHARACTER.match(first)
            )
        element = element.parent
        if element is None or not _laid_inline(element):
            return False
    return False


#: The ``dir`` values of an inline element that set its text apart (HTML standard, the
#: ``dir`` attribute): ``auto`` takes the direction of its first strong letter.
_INLINE_DIRECTIONS: Final = DIRECTIONS | {"auto"}


#: Elements that hold formulas and keep their structure when they hold nothing else.
_FORMULA_HOLDERS: Final = frozenset(HEADING_LEVELS) | LIST_TAGS | {"table"}
#: The parts of a definition list, by element.
_DEFINITION_PARTS: Final = {part.value: part for part in DefinitionPart}


class _Layout:
    """One layout walk over the elements that hold content (see :func:`layout`)."""

    def __init__(
        self,
        selection: Selection,
        marked: dict[LexborNode, bool],
        *,
        base: str | None,
        images: bool,
        formulas: frozenset[LexborNode] = frozenset(),
        posts: frozenset[int] = frozenset(),
    ) -> None:
        self.texts = selection.texts
        self.posts = posts
        self.hidden = selection.hidden
        self.formulas = formulas
        self.images = selection.images
        self.with_images = images
        self.after = selection.after
        self.marked = marked
        self.base = base
        self.pending: list[str] = []  # texts without an element, due after this point
        self.part: DefinitionPart | None = None  # of the lines ended now (see flow)
        self.new_list = False  # a <dl> begun, none of its lines written yet
        self.new_item = False  # a <dt> or <dd> begun, none of its lines written yet
        self.follows: dict[LexborNode, bool] = {}  # see content_follows
        self.box_ends: set[LexborNode] = set()  # links drawn as boxes: see close_inline
        self.apart = selection.apart
        #: The direction declared by the innermost element being read that declares one
        #: (None: the content's own, which the HTML output's wrapper carries).
        self.direction: str | None = None

    # -- leaves

    def text(self, node: LexborNode) -> str | None:
        if node not in self.texts:
            return None
        extra = self.after.get(node)
        if extra:
            self.pending.extend(map(visible, extra))
        text = visible(node.text_content or "")
        if text.isspace() and _hidden_space(node):
            return ""
        return text.replace(CASE_EDGE, "") if CASE_EDGE in text else text

    def formula_picture(self, image: LexborNode) -> bool:
        """Whether ``image`` is the picture of a formula beside it (MediaWiki's fallback
        ``<img>`` beside the MathML it hides), which the formula's text stands for: it
        parts no words ("E=mc² ." was written before a full stop)."""
        parent = image.parent
        return parent is not None and parent in self.formulas and is_decorative(image)

    def image(self, node: LexborNode) -> Image | None:
        attributes = node.attributes
        if is_decorative(node) or shows_nothing(attributes):
            return None
        src = self.image_url(node)
        if src is None or self.fallback_copy(node, src):
            return None
        return Image(src, " ".join(visible(attributes.get("alt") or "").split()))

    def image_url(self, node: LexborNode) -> str | None:
        """The address of an image: its ``src``, or the attribute a lazy loader keeps
        it in (:data:`IMAGE_URL_ATTRIBUTES`) when ``src`` holds a placeholder."""
        attributes = node.attributes
        for name in IMAGE_URL_ATTRIBUTES:
            src = _absolute_url(attributes.get(name), self.base)
            if src is not None:
                return src
        # no address but candidates of sizes: the first, as a browser may pick it (the
        # image's own, or its <picture>'s first <source>)
        sources = [attributes.get("srcset"), attributes.get("data-srcset")]
        parent = node.parent
        if parent is not None and parent.tag == "picture":
            source = parent.css_first("source[srcset]")
            if source is not None:
                sources.append(source.attributes.get("srcset"))
        for srcset in sources:
            # the first candidate's address ends at white space, and may hold commas
            # ("/upload/c_scale,w_400/chart.jpg 400w, ..."); one alone may end in one
            first = srcset.split() if srcset else []
            src = _absolute_url(first[0].rstrip(","), self.base) if first else None
            if src is not None:
                return src
        return None

    def fallback_copy(self, node: LexborNode, src: str) -> bool:
        """Whether ``node`` is the ``<noscript>`` copy of the image just before it: a lazy
        loader (lazysizes, WP Rocket) writes the picture with its address in
        ``data-src``, then the same picture in a ``<noscript>`` for browsers without
        scripts.  A reader sees one picture."""
        parent = node.parent
        if parent is None or parent.tag != "noscript":
            return False
        before = _sibling(parent, before=True)
        if before is None or not before.is_element_node:
            return False
        shown = before if before.tag == "img" else before.css_first("img")
        if shown is None or is_decorative(shown) or shows_nothing(shown.attributes):
            return False  # the copy is the picture a reader sees
        return self.image_url(shown) == src

    def images_only(self, node: LexborNode) -> bool:
        """Whether ``node`` shows images and no text (a photo in its own ``<p>``)."""
        if node.tag == "img":
            return True
        return bool(node.css_first("img")) and not node.text(deep=True).strip()

    def content_follows(self, node: LexborNode) -> bool:
        """Whether content comes after ``node`` among its siblings.  Each answer is kept
        for every sibling passed on the way, so that asking it of each of many siblings
        (images, formulas: a row of 20,000 empty ``<math>`` took 150 s) costs one walk."""
        known = self.follows
        passed = [node]
        sibling = node.next
        result = False
        while sibling is not None:
            if sibling in self.marked or sibling in self.texts:
                result = True
                break
            answer = known.get(sibling)
            if answer is not None:
                result = answer
                break
            passed.append(sibling)
            sibling = sibling.next
        for each in passed:
            known[each] = result
        return result

    # -- inline

    def enter(self, node: LexborNode, run: list[Inline], *, edge: bool = True) -> Inline | None:
        """Open what ``node`` formats; the token that closes it.  ``edge``: mark the
        element's edge (:data:`CASE_EDGE`) unless its mark joins words
        (:data:`_JOINED_MARKS`)."""
        tag = node.tag or ""
        mark = MARK_TAGS.get(tag)
        direction = None
        if mark is None and (tag == "bdi" or "dir" in node.attributes):
            declared = (node.attributes.get("dir") or "").strip().lower()
            if tag == "bdi" or declared in _INLINE_DIRECTIONS:
                mark = Mark.ISOLATE
                direction = declared if declared in _INLINE_DIRECTIONS else None
        if edge and mark not in _JOINED_MARKS:
            _mark_case_edge(run)
        if tag == "cite" and _attribution(node):
            return BREAK
        if self.apart and node in self.apart and node.text(deep=True).strip():
            # a screen reader's word (phpBB's "<a><span class=sr-only>Post</span></a>by"):
            # said apart from the words and signs it touches ("Read More »" and the
            # post's title), and no glue between those it parts
            if _ends_in_word(run, or_sign=True):
                run.append(" ")
            if _word_after(node):
                if mark is None:
                    return " "
                self.box_ends.add(node)
        boxed = _boxed(node)
        if boxed:  # a box beside a word: a space between (none in CJK text, unspaced)
            if _ends_in_word(run, or_sign=True):
                run.append(" ")
            if _word_follows(node, spaced=True):
                if mark is None:
                    return " "
                self.box_ends.add(node)  # the space after the mark's end (close_inline)
        if mark is not None:
            href = self.link_url(node) if mark is Mark.LINK else None
            run.append(Open(mark, href, direction=direction))
            return Close(mark)
        if node in self.formulas:
            # a formula's wrapper (MathJax's <mjx-container>) lays it out inline, or
            # apart (_write_formula); white space inside it at an edge parts the formula
            # from a word there, not from a comma after it (a page saved pretty-printed)
            if _edge_space(node.first_child) and _ends_in_word(run):
                run.append(" ")
            if _edge_space(node.last_child) and _word_follows(node):
                return " "
            return None
        if boxed:
            return None
        if not _laid_inline(node):  # a block inside a line (a heading, a cell) is a space
            run.append(" ")
            return " "
        if tag == "q":  # the marks a browser draws around it, written out
            opening, closing = QUOTE_MARKS[_quote_depth(node) % len(QUOTE_MARKS)]
            run.append(opening)
            return closing
        style = node.attributes.get("style") if tag in _STYLED_INLINE_TAGS else None
        if style and _BLOCK_DISPLAY.search(style):
            # an inline element its own style makes a block: a line of its own, with
            # one break from the block before it (two would be a blank line)
            if not run or run[-1] is not BREAK:
                run.append(BREAK)
            return BREAK
        return None

    def link_url(self, node: LexborNode) -> str | None:
        href = node.attributes.get("href")
        if href and href.lstrip().lower().startswith("mailto:"):
            return href.strip()
        return _absolute_url(href, self.base)

    def inline(
        self,
        parent: LexborNode,
        run: list[Inline],
        *,
        free_images: bool = False,
        in_code: bool = False,
    ) -> None:
        """The content under ``parent`` as one line.  ``free_images`` takes every image of
        the subtree (one chosen for its position, see :meth:`flow`).  ``in_code``: the
        line is inside code, whose elements are a highlighter's spans
        (``<span>my</span><span>Object</span>``) and part no words, so their edges get
        no :data:`CASE_EDGE`; nor do the edges of code itself."""
        stack: list[tuple[LexborNode, Inline | None]] = []
        code_depth = int(in_code)  # code elements open around the current node
        node = parent.first_child
        while True:
            if node is None:
                if not stack:
                    return
                element, closing = stack.pop()
                if not code_depth and closing not in _CLOSE_JOINED:
                    _mark_case_edge(run)
                if closing is not None:
                    self.close_inline(element, closing, run)
                    code_depth -= closing == _CLOSE_CODE
                node = element.next
                continue
            if node.is_text_node:
                text = self.text(node)
                if text:
                    run.append(text)
            elif node.is_element_node:
                tag = node.tag
                if tag == "br":
                    run.append(BREAK)
                elif tag == "img":
                    self.inline_image(node, run, free_images=free_images)
                elif tag in FORMULA_TAGS and node in self.formulas:
                    _write_formula(node, run)
                elif node in self.hidden:
                    if not code_depth:
                        _mark_case_edge(run)  # an element's edge, though hidden
                elif _holds_only_breaks(node):
                    run.append(BREAK)
                elif tag not in RUBY_ANNOTATION_TAGS and (
                    free_images or node in self.marked or node in self.formulas
                ):
                    closing = self.enter(node, run, edge=not code_depth)
                    stack.append((node, closing))
                    code_depth += closing == _CLOSE_CODE
                    node = node.first_child
                    continue
            node = node.next

    def inline_element(
        self, node: LexborNode, run: list[Inline], *, free_images: bool = False
    ) -> None:
        if node.tag == "img":
            self.inline_image(node, run, free_images=free_images, spaced=False)
            return
        if node.tag == "br":
            run.append(BREAK)
            return
        if node.tag in FORMULA_TAGS and node in self.formulas:
            _write_formula(node, run)
            return
        closing = self.enter(node, run)
        self.inline(node, run, free_images=free_images, in_code=closing == _CLOSE_CODE)
        if closing not in _CLOSE_JOINED:
            _mark_case_edge(run)
        if closing is not None:
            self.close_inline(node, closing, run)

    def inline_image(
        self, node: LexborNode, run: list[Inline], *, free_images: bool, spaced: bool = True
    ) -> None:
        """Write an ``<img>`` of a line: an emoticon's text (:func:`emoticon`) beside kept
        text, the image when it is kept, else (``spaced``) the space it stands for
        between words."""
        face = emoticon(node)
        if face is not None and (self.kept_beside(node.prev) or self.kept_beside(node.next)):
            run.append(face)
            return
        image = self.image(node) if free_images or node in self.images else None
        if image is not None:
            run.append(image)
        elif spaced and not self.formula_picture(node):
            run.append(" ")  # an image left out still stands between words

    def kept_beside(self, sibling: LexborNode | None) -> bool:
        """Whether ``sibling`` (of an image) is kept text, or an element holding some."""
        if sibling is None:
            return False
        if sibling.is_text_node:
            return sibling in self.texts
        return sibling.is_element_node and any(node in self.texts for node in _text_nodes(sibling))

    def close_inline(self, node: LexborNode, closing: Inline, run: list[Inline]) -> None:
        """Write what closes inline ``node`` (:meth:`enter`'s token), and the space after
        it when it is a box a word follows (:func:`_boxed`)."""
        run.append(closing)
        if self.box_ends and node in self.box_ends:
            run.append(" ")

    # -- blocks

    def flow(self, container: LexborNode, depth: int) -> list[Block]:
        """The blocks under ``container``.  Elements with no structure of their own
        (``<div>``, ``<p>``, ``<section>``, unknown ones) only end the line; lists,
        quotes, tables, headings and preformatted text become blocks."""
        blocks: list[Block] = []
        run: list[Inline] = []
        parents: list[LexborNode] = []
        outer_part, self.part = self.part, None  # a term's list or quote is no term
        parts: list[DefinitionPart] = []  # of the <dt> and <dd> read through, innermost last
        seams = _Seams()
        closings: dict[LexborNode, Inline] = {}  # of the inline elements read through
        # The formatting those elements hold open, each mark once: a link or emphasis
        # inside the same one adds nothing to a line (Markdown writes it once), and a
        # page of never-closed formatting (the parser nests it thousands deep) carried
        # every level to every line, quadratic in the nesting: 30 s for a 150 kB page.
        # Each mark is kept with the element that opened it.
        reading: dict[Mark, LexborNode] = {}
        # The direction before each element read through that declares its own.
        directions: dict[LexborNode, str | None] = {}
        posts = _Posts(self.posts)
        node = container.first_child
        while True:
            if node is None:
                if not parents:
                    break
                node = parents.pop()
                if _laid_inline(node):
                    closing = closings.pop(node, None)
                    if closing is not None:
                        run.append(closing)
                        if isinstance(closing, Close) and reading.get(closing.mark) is node:
                            del reading[closing.mark]
                    seams.mark(run)
                else:
                    self.end_line(run, blocks, seams)
                    posts.leave(node, blocks)
                    if directions and node in directions:
                        self.direction = directions.pop(node)
                    if node.tag in _DEFINITION_PARTS:
                        parts.pop()
                        self.part = parts[-1] if parts else None
                    elif node.tag == "dl":  # what follows a nested list is not its own
                        self.new_list = bool(parts)
                node = node.next
                continue
            if node.is_text_node:
                text = self.text(node)
                if text:
                    run.append(text)
            elif node.is_element_node:
                tag = node.tag or ""
                holds_blocks = self.marked.get(node)
                inline = _laid_inline(node)
                if tag == "br":
                    run.append(BREAK)
                elif tag in RUBY_ANNOTATION_TAGS:
                    pass
                elif holds_blocks is None and node in self.formulas:
                    # a MathML formula, or an element that holds one and no content: the
                    # walk reaches it beside content (_formula_paths), in a line of it,
                    # after it or before it, or as a cell or an item of it
                    if inline or tag in FORMULA_TAGS:
                        self.inline_element(node, run)
                    else:
                        self.end_line(run, blocks, seams)
                        # a heading, a list or a table of formulas keeps its structure
                        structure = (
                            self.structure(node, tag, depth) if tag in _FORMULA_HOLDERS else None
                        )
                        if structure is None:
                            self.inline_element(node, run)
                            self.end_line(run, blocks, seams)
                        else:
                            blocks.extend(structure)
                elif holds_blocks is None:
                    if node in self.images or (tag == "img" and emoticon(node) is not None):
                        self.inline_element(node, run)
                    elif (
                        self.with_images
                        and self.images_only(node)
                        and self.image_placed(node, blocks, run)
                    ):
                        if inline:
                            self.inline_element(node, run, free_images=True)
                        else:
                            self.end_line(run, blocks, seams)
                            self.inline_element(node, run, free_images=True)
                            self.end_line(run, blocks, seams)
                    elif (
                        not inline
                        and tag not in IGNORED_TAGS
                        and tag not in IN_LINE_IGNORED
                        and not _field_in_line(node)
                    ):
                        # A block the extractor left out ends the line as it would if
                        # kept: the text on either side of it is not one line.
                        self.end_line(run, blocks, seams)
                        if tag == "hr" and self.parts_content(node, blocks):
                            blocks.append(Rule())
                    elif tag == "img" and not self.formula_picture(node):
                        run.append(" ")  # an image left out still stands between words
                    elif node in self.hidden:
                        _mark_case_edge(run)
                    elif _holds_only_breaks(node):
                        run.append(BREAK)
                elif inline and not holds_blocks:
                    self.inline_element(node, run)
                elif inline:
                    # An inline element around blocks (``<a><div>…</div></a>``, a
                    # ``<span>`` around a ``<p>``) is read through: the blocks inside
                    # end lines, its own edges do not (CSS 2.1 §9.2.1.1) unless the
                    # words there touch (see _Seams).
                    # Its formatting (a link, emphasis) goes on every line inside it
                    # (see end_line).
                    seams.mark(run)
                    if MARK_TAGS.get(tag, Mark.ISOLATE if tag == "bdi" else None) not in reading:
                        closing = self.enter(node, run, edge=False)
                        if closing is not None:
                            closings[node] = closing
                            # an anchor without a usable address writes no link: one
                            # inside it still can
                            if isinstance(closing, Close) and (
                                closing.mark is not Mark.LINK or self.link_url(node)
                            ):
                                reading[closing.mark] = node
                    parents.append(node)
                    node = node.first_child
                    continue
                else:
                    self.end_line(run, blocks, seams)
                    own = declared_direction(node)
                    within: DefinitionPart | None = self.part
                    structure = self.directed_structure(node, tag, depth, own)
                    if structure and within is DefinitionPart.DETAILS:
                        for block in structure:
                            if isinstance(block, (CodeBlock, Quote, ListBlock)):
                                block.within = within
                                block.opens_item = self.new_item
                                self.new_item = False
                    if structure is None:
                        posts.enter(node, blocks)
                        parents.append(node)
                        if own:
                            directions[node] = self.direction
                            self.direction = own
                        if tag in _DEFINITION_PARTS:
                            self.part = _DEFINITION_PARTS[tag]
                            parts.append(self.part)
                            self.new_item = True
                        elif tag == "dl":
                            self.new_list = True
                        node = node.first_child
                        continue
                    blocks.extend(_formatted(structure, run))
            if self.pending:
                self.end_line(run, blocks, seams)
            node = node.next
        self.end_line(run, blocks, seams)
        self.part = outer_part
        return blocks

    def parts_content(self, node: LexborNode, blocks: list[Block]) -> bool:
        """Whether a thematic break parts content: content before it in this flow (not
        a break already) and after it among its siblings.  A rule before or after the
        content, or between two left out, parts nothing of it."""
        return bool(blocks) and not isinstance(blocks[-1], Rule) and self.content_follows(node)

    def image_placed(self, node: LexborNode, blocks: list[Block], run: list[Inline]) -> bool:
        """Whether an image outside the content runs belongs to the content: it is in a
        figure with content, or between content (before it in this flow, after it among
        its siblings)."""
        parent = node.parent
        if parent is not None and parent.tag in FIGURE_TAGS:
            return True
        return bool(blocks or has_text(run)) and self.content_follows(node)

    def end_line(self, run: list[Inline], blocks: list[Block], seams: _Seams | None = None) -> None:
        lines = [run] if seams is None else seams.split(run)
        # A blank line parts paragraphs in a table's cell too, where old forums and blogs
        # laid out with tables write their posts' paragraphs (a cell of a table with
        # header cells joins them again as its lines: :func:`_cell_line`).
        lines = [part for line in lines for part in _blank_line_parts(line)]
        if run:
            carried: list[Open] = []
            for line in lines:
                # Formatting open at the end of a line (an element around blocks is read
                # through, and its link or emphasis spans lines) closes there and opens
                # again on the next line, as Markdown and HTML need it.
                line = [*carried, *line]
                carried = _open_at_end(line)
                line.extend(Close(opening.mark) for opening in reversed(carried))
                inlines = normalize(line)
                code = _broken_code(inlines)
                if code is not None:
                    blocks.append(CodeBlock(code, None, self.direction))
                    continue
                if has_text(inlines):
                    opens = self.part is not None and self.new_list
                    if opens:
                        self.new_list = False
                    item = self.part is None or self.new_item
                    self.new_item = False
                    blocks.append(
                        Paragraph(inlines, self.part, opens, self.direction, opens_item=item)
                    )
            run.clear()
            run.extend(carried)
        if self.pending:
            blocks.extend(Paragraph([text], direction=self.direction) for text in self.pending)
            self.pending.clear()

    def structure(self, node: LexborNode, tag: str, depth: int) -> list[Block] | None:
        """The blocks of a structural element; None for an element without structure,
        whose content the flow reads through.  A direction the element declares is its
        blocks' (:attr:`direction`)."""
        return self.directed_structure(node, tag, depth, declared_direction(node))

    def directed_structure(
        self, node: LexborNode, tag: str, depth: int, own: str | None
    ) -> list[Block] | None:
        """:meth:`structure`, with the direction ``node`` declares (``own``) read
        already: the flow reads it once for the elements it walks through as well."""
        if not own:
            return self._structure(node, tag, depth)
        outer, self.direction = self.direction, own
        try:
            return self._structure(node, tag, depth)
        finally:
            self.direction = outer

    def _structure(self, node: LexborNode, tag: str, depth: int) -> list[Block] | None:
        level = HEADING_LEVELS.get(tag)
        if level is not None:
            run: list[Inline] = []
            self.inline(node, run)
            inlines = [" " if isinstance(t, LineBreak) else t for t in normalize(run)]
            heading = Heading(level, normalize(inlines), self.direction)
            return [heading] if has_text(inlines) else []
        if tag == "pre":
            text = self.preformatted(node)
            code = CodeBlock(text, _code_language(node), self.direction)
            return [code] if text.strip() else []
        if depth >= MAX_NESTING:
            return None
        if tag in LIST_TAGS:
            return self.list_block(node, depth + 1)
        if tag == "blockquote" and not _holds_a_post(node):
            blocks = self.flow(node, depth + 1)
            return [Quote(blocks, direction=self.direction)] if blocks else []
        if _admonition(node):
            blocks = self.flow(node, depth + 1)
            return [Quote(blocks, aside=True, direction=self.direction)] if blocks else []
        if tag == "div" and _class_in(node, QUOTATION_CLASSES):
            blocks = self.flow(node, depth + 1)
            return [Quote(blocks, direction=self.direction)] if blocks else []
        if tag == "table":
            return self.table(node, depth + 1)
        return None

    def preformatted(self, pre: LexborNode) -> str:
        """The text of ``<pre>`` as it is, line breaks and indentation kept (white space
        at the end of its lines, which no reader sees, left out).  When the code is in a
        ``<code>`` of its own, a link or button beside it (:data:`PRE_CONTROL_TAGS`:
        mdBook's "Run", a "Copy" button) is the page's control, not a line of the
        program, and is left out: "Run#[no_mangle]" is no Rust.  So is the number a
        highlighter writes before each line (:data:`LINE_NUMBER_SPANS`, or with no class
        that says so: :func:`_counted_lines`).  A block-level element
        inside (:data:`~unboiler.tags.BLOCK_DISPLAY_TAGS`: the ``<div>`` per line of
        CodeMirror and of many highlighters) is a line of its own, as a browser shows
        it; one holding only a ``<br>`` is an empty line, one holding nothing no line.
        Two ``<code>`` side by side in the ``<pre>`` are two programs, or two lines: a
        line break parts them (Node.js's manual writes each example twice, CommonJS and
        ES module, one shown at a time; "require('node:path');import path" is neither).
        An element whose class makes it a line (:data:`CODE_LINE_CLASSES`) ends one."""
        pieces: list[str] = []
        stack: list[LexborNode] = []
        node = pre.first_child
        controls = _pre_controls(pre)
        # one query of the whole <pre> (lexbor's), not a look at each highlighted token
        numbered = pre.css_first(_LINE_NUMBER_SELECTOR) is not None
        counted = _counted_lines(pre)
        styled_lines = pre.css_first(_CODE_LINE_SELECTOR) is not None
        while True:
            if node is None:
                if not stack:
                    break
                above = stack.pop()
                if above.tag in tags.BLOCK_DISPLAY_TAGS:
                    _end_code_line(pieces)
                elif styled_lines and _styled_line(above):
                    following = above.next
                    if not (following and following.is_text_node and _starts_line(following)):
                        _end_code_line(pieces)
                node = above.next
                continue
            if controls and node in controls:
                node = node.next
                continue
            if (numbered and not node.is_text_node and node.tag != "br" and _line_number(node)) or (
                counted and node in counted
            ):
                node = node.next
                continue
            if node.is_text_node:
                text = self.text(node)
                if text is None and node.is_empty_text_node:
                    # white space of no block: a blank line's own line break
                    text = node.text_content
                if text:
                    pieces.append(text)
            elif node.tag == "br":
                pieces.append("\n")
            elif node.tag not in RUBY_ANNOTATION_TAGS and (
                node in self.marked or _blank_line(node)
            ):
                if (
                    node.tag in tags.BLOCK_DISPLAY_TAGS
                    or (not stack and node.tag == "code" and _follows_code(node))
                    or (styled_lines and _styled_line(node))
                ):
                    _end_code_line(pieces)
                stack.append(node)
                node = node.first_child
                continue
            node = node.next
        return strip_line_ends("".join(pieces)).strip("\n")

    def list_block(self, node: LexborNode, depth: int) -> list[Block]:
        """A list's block.  A list of one item that holds only a list (a menu's nesting,
        of which one deep item is kept) is that list: "1. 1. 1. Item" says nothing a
        reader of "1. Item" misses."""
        entries = self.list_items(node, depth)
        if not entries:
            return []
        if len(entries) == 1:
            only, _, check = entries[0]
            if check is None and len(only) == 1 and isinstance(only[0], ListBlock):
                return only
        items = [blocks for blocks, _, _ in entries]
        checks = [check for _, _, check in entries]
        tasks = checks if any(check is not None for check in checks) else None
        style: str | None = (node.attributes.get("type") or "").strip()
        shown = _list_style(node)
        if node.tag == "ol" and shown == "none" and _numbered_by_hand(items):
            # its own numbers hidden, its items number themselves ("4.1 ..."); without
            # them its numbers come from CSS counters, and it keeps its own
            return [ListBlock(False, 1, items, checks=tasks, direction=self.direction)]
        if node.tag != "ol":
            if shown not in CSS_NUMBERED_STYLES:
                return [ListBlock(False, 1, items, checks=tasks, direction=self.direction)]
            style = CSS_NUMBERED_STYLES[shown]
        numbers = _ordinals(node, [value for _, value, _ in entries])
        counting = numbers == list(range(numbers[0], numbers[0] + len(numbers)))
        return [
            ListBlock(
                True,
                numbers[0],
                items,
                None if counting else numbers,
                style if style in LIST_NUMBER_STYLES else None,
                tasks,
                self.direction,
            )
        ]

    def list_items(
        self, node: LexborNode, depth: int
    ) -> list[tuple[list[Block], int | None, bool | None]]:
        """The items of a list.  Besides its ``<li>``, a list may hold what HTML does not
        allow there but pages put anyway, and browsers show as list content: a list
        (``<ul><li>a</li><ul>…</ul></ul>``, shown indented under the item before it) is
        that item's sublist; an element wrapping items (``<ul><div><li>…</li></div></ul>``)
        is read through, its items being the list's; other text is an item of its own.
        Each item comes with its ``<li>``'s ``value``, if any, and its task checkbox's
        state (:func:`_task_check`)."""
        items: list[tuple[list[Block], int | None, bool | None]] = []
        run: list[Inline] = []
        child = node.first_child
        while child is not None:
            item: list[Block] = []
            value = None
            check = None
            if child.is_text_node:  # text straight inside a list: an item of its own
                text = self.text(child)
                if text:
                    run.append(text)
                    self.end_line(run, item)
            elif child.is_element_node and (child in self.marked or child in self.formulas):
                tag = child.tag or ""
                nested = self.structure(child, tag, depth) if tag in LIST_TAGS else None
                if nested is not None:
                    if items:
                        items[-1][0].extend(nested)
                    else:
                        item = nested
                elif tag != "li" and _wraps_items(child) and depth < MAX_NESTING:
                    items.extend(self.list_items(child, depth + 1))
                elif tag == "li" or not _laid_inline(child):
                    own = declared_direction(child)
                    outer = self.direction
                    self.direction = own or outer
                    item = self.flow(child, depth)
                    self.direction = outer
                    if tag == "li":
                        value = _list_number(child.attributes.get("value"))
                        check = _task_check(child)
                else:
                    self.inline_element(child, run)
                    self.end_line(run, item)
            if item:
                items.append((item, value, check))
            child = child.next
        return items

    def table(self, node: LexborNode, depth: int) -> list[Block]:
        """A table of data as a :class:`Table`; a table used for layout as the blocks of
        its cells in order.

        A table is of data when it has two columns or more and each cell reads as one
        line: its text is one paragraph or one heading (``<td><h4>Amounts</h4></td>``: a
        heading in a cell is the cell's text, the cell is what places it), or, in a table
        that has header cells, several of those, joined by line breaks.  Header cells
        (``<th>``) are what the HTML standard gives tables of data, and layout tables
        lack; in
        such a table a cell of two paragraphs is still a cell, where in a table without
        them it is more likely a column of the page's layout (Firefox's guess of layout
        tables, ``IsProbablyLayoutTable``, takes ``<th>`` as a data table's), and so is a
        list (a plan's features; nested lists too: a parameter's options), its items the
        cell's lines, a quotation, its paragraphs the cell's lines, and a short ``<pre>``
        (:data:`MAX_CELL_CODE_LINES`: a reference table's example), its lines the cell's,
        as code (:func:`_fits_cell`).  Longer code and nested tables never fit in a
        cell's line: a table holding them is laid out flat."""
        code = self.numbered_lines(node)
        if code is not None:
            return [code] if code.text.strip() else []
        before: list[Block] = []
        rows: list[list[tuple[LexborNode, list[Block]]]] = []
        numbered = False  # a row of numbered code lines: Pygments' table, laid out flat
        for row in self._rows(node, before, depth):
            cells = []
            cell = row.first_child
            while cell is not None:
                if cell.tag in ("td", "th") and _line_numbers(cell):
                    # Pygments' table: the numbers beside a cell of code
                    numbered = numbered or any(
                        other.tag == "td" and other.css_first("pre") is not None
                        for other in row.iter(include_text=False)
                    )
                elif cell.tag in ("td", "th"):
                    reached = cell in self.marked or cell in self.formulas
                    cells.append((cell, self.flow(cell, depth) if reached else []))
                cell = cell.next
            if any(blocks for _, blocks in cells):
                rows.append(cells)
        all_cells = [cell for row_cells in rows for cell in row_cells]
        has_header = any(cell.tag == "th" for cell, _ in all_cells)
        if not has_header and self.equations(all_cells):
            return before + [Paragraph(_row_line(r)) for r in rows]
        lines = all(
            all(isinstance(b, (Paragraph, Heading)) or (has_header and _fits_cell(b)) for b in bl)
            for _, bl in all_cells
        )
        simple = lines and (
            has_header or all(len(bl) <= 1 for _, bl in all_cells) or _grid_of_data(rows)
        )
        columns = max(
            (sum(_span(c.attributes.get("colspan"), MAX_COLSPAN) for c, _ in r) for r in rows),
            default=0,
        )
        if not simple or columns < 2 or numbered:
            return before + [block for r in rows for _, blocks in r for block in blocks]
        table = Table(
            [
                [
                    Cell(
                        _cell_line(blocks or (_named_icon(cell) if has_header else [])),
                        header=cell.tag == "th",
                        colspan=_span(cell.attributes.get("colspan"), MAX_COLSPAN),
                        rowspan=_span(cell.attributes.get("rowspan"), MAX_ROWSPAN),
                        align=_cell_align(cell.attributes),
                    )
                    for cell, blocks in r
                ]
                for r in rows
            ]
        )
        return [*before, table]

    def equations(self, cells: list[tuple[LexborNode, list[Block]]]) -> bool:
        """Whether a table's cells are formulas and their numbers, and nothing else: a
        table that sets equations apart and aligns them (LaTeXML's ``ltx_equation``,
        ``eqnarray``), each row of which is a line."""
        formulas = False
        for cell, blocks in cells:
            if not blocks:
                continue
            if cell in self.formulas and cell not in self.marked:
                formulas = True
            elif not (
                len(blocks) == 1
                and isinstance(blocks[0], Paragraph)
                and EQUATION_NUMBER.fullmatch(plain(blocks[0].inlines))
            ):
                return False
        return formulas

    def numbered_lines(self, table: LexborNode) -> CodeBlock | None:
        """The code a table of numbered lines shows, one line a row: each row a cell of
        line numbers (:data:`LINE_NUMBER_CELLS`) and one cell of code, white space kept
        (GitHub's files and gists: ``td.blob-num`` beside ``td.blob-code``); its rows
        from the first to the last the content holds.  None for any other table, and
        for a table whose code cell holds a ``<pre>`` (Pygments' table of two cells: the
        ``<pre>`` is the code block)."""
        lines: list[tuple[LexborNode, str]] = []
        for row in table.css("tr"):
            cells = [c for c in row.iter(include_text=False) if c.tag in ("td", "th")]
            code = [cell for cell in cells if not _line_numbers(cell)]
            if len(code) != 1 or len(cells) < 2 or code[0].css_first("pre, table"):
                return None
            lines.append((code[0], code[0].text(deep=True).rstrip("\r\n")))
        shown = [index for index, (cell, _) in enumerate(lines) if cell in self.marked]
        if not shown:
            return None if not lines else CodeBlock("", None, self.direction)
        text = "\n".join(line.rstrip() for _, line in lines[shown[0] : shown[-1] + 1])
        return CodeBlock(text, None, self.direction)

    def _rows(self, table: LexborNode, before: list[Block], depth: int) -> list[LexborNode]:
        """The rows of ``table`` that hold content (a caption's blocks go to ``before``),
        in the order a browser draws them: the first ``<thead>``'s rows first and the
        ``<tfoot>``s' rows last, wherever the page writes them (CSS 2.1 §17.2, the
        header and footer row groups; the HTML standard's table model, §4.9.12,
        processes the footers last too)."""
        head: list[LexborNode] = []
        body: list[LexborNode] = []
        foot: list[LexborNode] = []
        child = table.first_child
        while child is not None:
            if child in self.marked or child in self.formulas:
                if child.tag == "tr":
                    body.append(child)
                elif child.tag in ("thead", "tbody", "tfoot"):
                    group = foot if child.tag == "tfoot" else body
                    if child.tag == "thead" and not head:
                        group = head
                    row = child.first_child
                    while row is not None:
                        if row.tag == "tr" and (row in self.marked or row in self.formulas):
                            group.append(row)
                        row = row.next
                else:
                    before.extend(self.flow(child, depth))
            child = child.next
        return head + body + foot


def _wraps_items(node: LexborNode) -> bool:
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


def _grid_of_data(rows: list[list[tuple[LexborNode, list[Block]]]]) -> bool:
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


#: The elements an icon is drawn with, whose ``title`` names it (Font Awesome's and
#: Bootstrap's ``<i class="fa fa-check" title="Included">``; an ``<img>``'s ``alt``
#: and any element's ``aria-label`` name it too).
ICON_TAGS: Final = frozenset({"i", "span", "svg", "img", "em"})


def _named_icon(cell: LexborNode) -> list[Block]:
    """The text alternative of the icon that is a table cell's only content ("Yes",
    "Included"), as a screen reader reads the cell (WAI-ARIA's accessible name:
    ``aria-label``, an image's ``alt``, an SVG's ``<title>``, an icon's ``title``), as a
    paragraph; none when the cell holds text or nothing with a name.  A comparison
    table's ticks and crosses are its data: without their names, a plan's row read "SSO"
    and two empty cells.  An icon hidden from screen readers (``aria-hidden``) names
    nothing, and only a table of data with header cells has its icons named: a layout
    table's cells hold logos and advertisements."""
    if _shown_text(cell) or _hidden_from_readers(cell):
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
        if _hidden_from_readers(element):
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


def _row_line(cells: list[tuple[LexborNode, list[Block]]]) -> list[Inline]:
    """A table row's cells as one line, a space between two."""
    line: list[Inline] = []
    for _, blocks in cells:
        inlines = _cell_line(blocks)
        if inlines:
            if line:
                line.append(" ")
            line.extend(inlines)
    return normalize(line)


def _cell_line(blocks: list[Block]) -> list[Inline]:
    """The one line of a table cell: its paragraphs and headings, the items of its lists
    (a nested list's items after their parent's), the paragraphs of a quotation, the
    lines of short code, a line break between two (:func:`_fits_cell`)."""
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


def _fits_cell(block: Block, depth: int = 0) -> bool:
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
        return all(_fits_cell(inner, depth + 1) for item in block.items for inner in item)
    if isinstance(block, Quote):
        return all(_fits_cell(inner, depth + 1) for inner in block.blocks)
    return False


#: How deep lists and quotations may nest in a cell that keeps its table.
MAX_CELL_NESTING: Final = 4


def _mark(selection: Selection) -> tuple[dict[LexborNode, bool], LexborNode | None]:
    """The elements that hold content, each with whether a block-level element lies
    between it and some of that content (an ``<a>`` around a heading must be read
    through, not as a line); and the root of the tree."""
    marked: dict[LexborNode, bool] = {}
    root: LexborNode | None = None
    for leaf in [*selection.texts, *selection.images]:
        below_block = False
        node = leaf.parent
        while node is not None:
            seen = marked.get(node)
            if seen is not None and (seen or not below_block):
                break
            marked[node] = below_block
            if not _laid_inline(node):
                below_block = True
            parent = node.parent
            if parent is None:
                root = node
            node = parent
    return marked, root


def without_language_labels(blocks: Iterable[Block]) -> list[Block]:
    """``blocks`` without a paragraph that only names the language of the code block
    right after it (VitePress's ``<span class="lang">js</span>``, MDN's "js" over the
    code): the Markdown's fence and the HTML's ``language-`` class say it, and as a
    paragraph of its own the word reads as the page's text.  The plain text, which has
    no such place, keeps it (WCXB's gold keeps it too)."""
    blocks = list(blocks)
    return [
        block
        for index, block in enumerate(blocks)
        if not (
            isinstance(block, Paragraph)
            and block.part is None  # a definition list's term stays
            and index + 1 < len(blocks)
            and isinstance(following := blocks[index + 1], CodeBlock)
            and following.language is not None
            and plain(block.inlines).strip().lower() == following.language
        )
    ]


def layout(document: TextDocument, *, images: bool = False) -> list[Block]:
    """The content of ``document`` as blocks, in page order.

    Reads the content flags and the blocks' elements only (see :func:`select`), so it
    serves every extractor; the document is not changed.  ``images`` keeps the images of
    the content (they cost a little more to find).
    """
    selection = select(document, images=images)
    blocks: list[Block] = [Paragraph([visible(text)]) for text in selection.before]
    marked, root = _mark(selection)
    if root is not None:
        builder = _Layout(
            selection,
            marked,
            base=base_url(document),
            images=images,
            formulas=_formula_paths(selection.formulas, marked),
            posts=tags.post_ids(document.tree, innermost=True),
        )
        blocks.extend(builder.flow(root, 0))
    return blocks


# --------------------------------------------------------------------------- plain text


def _text_blocks(blocks: Iterable[Block], separator: str) -> str:
    return separator.join(text for text in map(_text_block, blocks) if text)


def _text_block(block: Block) -> str:
    if isinstance(block, Rule):  # no words: the blank line around a block parts it
        return ""
    if isinstance(block, (Paragraph, Heading)):
        return plain(block.inlines)
    if isinstance(block, CodeBlock):
        return block.text
    if isinstance(block, Quote):
        return _text_blocks(block.blocks, "\n\n")
    if isinstance(block, ListBlock):
        return "\n".join(
            mark + _text_blocks(item, "\n")
            for mark, item in zip(block.check_marks(), block.items, strict=True)
        )
    return "\n".join(
        "\t".join("" if cell is None else plain(cell.inlines, line_break=" ") for cell in row)
        for row in block.grid()
    )


def blocks_to_text(blocks: Iterable[Block]) -> str:
    """Blocks as WCXB's gold writes text: blocks apart by a blank line, list items and
    table rows one per line, cells apart by a tab (none after a row's last cell)."""
    return strip_line_ends(_text_blocks(blocks, "\n\n"))


def to_text(document: TextDocument) -> str:
    """The content of ``document`` as plain text (see the module docstring)."""
    return blocks_to_text(layout(document))


__all__ = [
    "TASK_MARKS",
    "Block",
    "Cell",
    "Close",
    "CodeBlock",
    "DefinitionPart",
    "Heading",
    "Image",
    "Inline",
    "LineBreak",
    "ListBlock",
    "Mark",
    "Open",
    "Paragraph",
    "Quote",
    "Rule",
    "Selection",
    "Table",
    "blocks_to_text",
    "layout",
    "normalize",
    "plain",
    "select",
    "strip_line_ends",
    "to_text",
    "visible",
    "without_language_labels",
]
