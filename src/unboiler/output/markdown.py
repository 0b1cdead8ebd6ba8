"""Markdown of the content: the layout of :mod:`unboiler.output.text` written as CommonMark
(spec 0.31.2) with GitHub's tables and strikethrough (GFM spec 0.29).

Headings are ATX headings, lists keep their nesting and numbering, quotes their ``>``,
code its fence and the language the page names, tables of data become pipe tables (a
cell spanning columns is followed by empty cells, as pipe tables have no spans; a line
break in a cell, between two of its paragraphs, is ``<br>``, as a pipe table's cell is
one line; a table without header cells gets an empty header row).  Links
(``links=True``) and images (``images=True``) are written with absolute URLs, resolved
against the document's URL.  Page text is escaped wherever CommonMark would read it as
markup, so that a Markdown parser gives back the same structure and the same text as the
plain-text output; emphasis that CommonMark could not open or close where the page puts it
(``a*"b"*``, §6.2's flanking rules) is left out rather than written as stray asterisks.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from unboiler.document import TextDocument
from unboiler.output.inline import WIDE_CHARACTER, strip_line_ends
from unboiler.output.layout import layout, without_language_labels
from unboiler.output.lists import item_label, without_own_numbers
from unboiler.output.tree import (
    FORMULA_MARKS,
    Block,
    Cell,
    Close,
    CodeBlock,
    DefinitionPart,
    Heading,
    Image,
    Inline,
    LineBreak,
    ListBlock,
    Mark,
    Open,
    Paragraph,
    Quote,
    Rule,
    Table,
    heads_columns,
)

#: A thematic break (CommonMark §4.1); three hyphens, as most writers do.  Blocks are
#: parted by blank lines, so it never underlines a paragraph into a heading (§4.3).
THEMATIC_BREAK: Final = "---"
#: Delimiters of inline formatting (CommonMark §6.2; GFM §6.5 for strikethrough).
DELIMITERS: Final = {Mark.EMPHASIS: "*", Mark.STRONG: "**", Mark.STRIKE: "~~"}
#: Formatting Markdown has no syntax for, written as the inline HTML that CommonMark
#: passes through (§6.6) and GitHub renders: "mc<sup>2</sup>" rather than "mc2".
HTML_MARKS: Final = {Mark.SUPERSCRIPT: "sup", Mark.SUBSCRIPT: "sub"}
#: Emphasis inside or around strong emphasis: another character, so that the two never
#: form one delimiter run.
EMPHASIS_BESIDE_STRONG: Final = "_"
#: The HTML elements of the delimiters, for formatting that delimiters cannot write
#: where it stands (CommonMark §6.2's flanking rules).
DELIMITER_TAGS: Final = {"*": "em", EMPHASIS_BESIDE_STRONG: "em", "**": "strong", "~~": "del"}
#: A hard line break: a backslash at the end of the line (CommonMark §6.7), which unlike
#: two trailing spaces survives editors that trim lines.
HARD_BREAK: Final = "\\\n"
#: A line break inside a table's cell.
CELL_BREAK: Final = "<br>"

# Characters that are markup anywhere in a line: backslash escapes (CommonMark §2.4) keep
# them text.  A backslash is markup only before ASCII punctuation (§2.4: "C:\Users" is
# written as it is), and before white space or at the text's end, where a line may end
# (a hard break, §6.7) or what follows is not known.  "|" is markup in GFM tables, "~"
# in GFM strikethrough, "$" where this writer puts formulas (Pandoc, GitHub and
# markdown-it's ``dollarmath`` read "$...$" as TeX: a page's prices, or its TeX that no
# script rendered, stay text; :meth:`_Line.unescape_lone_signs`, as a lone "~").  An underscore
# between two letters or digits is not: it can neither open nor close emphasis there
# (§6.2, the flanking rules for "_"), so "snake_case" is written as it is; nor is a "<"
# that no letter, "/", "!" or "?" follows, which can open no tag, comment or autolink
# (§6.5, §6.6): "error rate < 0.5%", "a <= b" are written as they are.  At the text's end
# what follows is not known, and it is escaped.
_INLINE_SPECIAL: Final = re.compile(
    r"(\\(?![^\s!-/:-@\[-`{-~])|[`*\[\]|~$]|<(?=[A-Za-z/!?]|\Z)|(?<![^\W_])_|_(?![^\W_]))"
)
# The same, but for "|": a pipe opens a table's cell only in a table's rows (GFM §4.10),
# which a line of one paragraph can start only where another line follows it in the
# same paragraph (a header row over a delimiter row); a table's cells escape theirs.
_INLINE_SPECIAL_NO_PIPE: Final = re.compile(
    r"(\\(?![^\s!-/:-@\[-`{-~])|[`*\[\]~$]|<(?=[A-Za-z/!?]|\Z)|(?<![^\W_])_|_(?![^\W_]))"
)
#: Signs that are markup only in pairs, and are written as they are when a line has one
#: (:meth:`_Line.unescape_lone_signs`).
PAIRED_SIGNS: Final = ("$", "~")
# "&" is markup only before what reads as an entity or a numeric character reference.
_ENTITY_LIKE: Final = re.compile(r"&(?=#?[0-9A-Za-z]+;)")
# What opens a block at the start of a line (CommonMark §4.1-4.3, §5.1-5.2): a quote's
# ">" always; an ATX heading's one to six "#", a bullet's "-" or "+" and an ordered
# item's number and "." or ")" only when a space, a tab or the line's end follows; a
# setext underline or a thematic break only as the whole line ("===", "- - -").  Text
# that opens nothing ("#hashtag", "+1", "-5 degrees", "4.35 avg", "2024.4.4") is written
# as it is.  Up to three spaces may come before any of them.
_BLOCK_START: Final = re.compile(
    r"^( {0,3})(?=>|#{1,6}(?:[ \t]|$)|[-+](?:[ \t]|$)|=+[ \t]*$|-[ \t-]*$)"
)
# A table's delimiter row: cells of dashes with colons at their edges, parted by pipes
# (escaped or not); group 2 is its first mark, which an escape makes text.
_DELIMITER_ROW: Final = re.compile(
    r"^( {0,3}(?:\\?\|)?[ \t]*)([:-])(?=-*:?[ \t]*(?:\\?\|[ \t]*:?-+:?[ \t]*)*(?:\\?\|)?[ \t]*\\?$)"
)
_ORDERED_MARKER: Final = re.compile(r"^( {0,3}\d{1,9})([.)])(?=[ \t]|$)")
_URL_UNSAFE: Final = {" ": "%20", "(": "%28", ")": "%29", "<": "%3C", ">": "%3E", "\\": "%5C"}


# A bracketed text, escaped, that nothing after it in the same piece of text makes a
# link: no "(" (an inline link) and no ":" (a link reference definition) follows its "]"
# (CommonMark §6.3, §4.7), so its brackets are text as they stand.  With no definition
# ever written (a ":" after the pair keeps it escaped), no pair is a reference either:
# "[1]" alone, "[2][3]" (a full reference needs its second label defined) and "[a][]"
# are text, as CommonMark, GFM and Pandoc read them.  At the end of a piece, what the
# next piece starts with is not known: the line's pass looks
# (:meth:`_Line.unescape_closing_brackets`).  A GFM task list's box ("[ ]", "[x]")
# reads as a checkbox: it stays escaped.
_PLAIN_BRACKETS: Final = re.compile(r"\\\[((?:[^\\\n]|\\[^\[\]\n])+?)\\\](?=[^(:\\]|\\.)")
_TASK_BOXES: Final = frozenset({" ", "x", "X"})


def _unescape_brackets(match: re.Match[str]) -> str:
    inside = match.group(1)
    return match.group(0) if inside in _TASK_BOXES else f"[{inside}]"


def escape(text: str, following: str = "", *, pipes: bool = True) -> str:
    """Page text made literal in a Markdown line.  A pair of brackets that cannot open
    a link is left as it is (:data:`_PLAIN_BRACKETS`): "[00:00]" before each line of a
    transcript, "[1]" after a sentence, read better without backslashes.  ``following``
    is the start of what the line writes after the text ("\\n" where the line ends): a
    pair at the text's end is read with it, and stays escaped when it is not known.
    ``pipes``: escape "|" too (:data:`_INLINE_SPECIAL_NO_PIPE` says where it need not)."""
    text = (_INLINE_SPECIAL if pipes else _INLINE_SPECIAL_NO_PIPE).sub(r"\\\1", text)
    if "[" in text:
        # every bracket is escaped here, so each "\\[" the pattern finds is one (an
        # escaped backslash before it is two characters more): it is matched once
        written = _PLAIN_BRACKETS.sub(_unescape_brackets, text + following)
        if following and not written.endswith(following):  # a pair reaching into it
            written = _PLAIN_BRACKETS.sub(_unescape_brackets, text) + following
        text = written[: len(written) - len(following)]
    return _ENTITY_LIKE.sub(r"\\&", text) if "&" in text else text


def _term_marked(paragraph: Paragraph) -> list[Inline]:
    """A paragraph's line, in strong emphasis when it is a definition list's term
    (``<dt>``): Markdown has no definition lists, and the term would read as one more
    paragraph beside what it defines ("Apple", "A red fruit.").  A term that holds strong
    emphasis already is left as it is (strong inside strong would not parse)."""
    inlines = paragraph.inlines
    if paragraph.part is not DefinitionPart.TERM or any(
        isinstance(token, Open) and token.mark is Mark.STRONG for token in inlines
    ):
        return inlines
    return [Open(Mark.STRONG), *inlines, Close(Mark.STRONG)]


def _without_outer_strong(inlines: Sequence[Inline]) -> Sequence[Inline]:
    """A heading's line without the strong emphasis that holds all of it: a heading is
    set in bold already, and "## **Chuyên gia: ...**" (a newspaper's ``<h2><strong>``)
    says it twice to a reader of the source.  Emphasis on part of a heading stays."""
    first = next((i for i, token in enumerate(inlines) if not _blank_token(token)), None)
    last = next((i for i in range(len(inlines) - 1, -1, -1) if not _blank_token(inlines[i])), None)
    if first is None or last is None or first >= last:
        return inlines
    opening, closing = inlines[first], inlines[last]
    if not (
        isinstance(opening, Open)
        and opening.mark is Mark.STRONG
        and isinstance(closing, Close)
        and closing.mark is Mark.STRONG
    ):
        return inlines
    depth = 0
    for token in inlines[first:last]:  # the opening's span must be the one that closes
        if isinstance(token, Open) and token.mark is Mark.STRONG:
            depth += 1
        elif isinstance(token, Close) and token.mark is Mark.STRONG:
            depth -= 1
            if not depth:
                return inlines
    # strong emphasis inside the whole heading's adds nothing either: written alone, it
    # would set part of the heading apart ("## Title **inner** more")
    return [
        token
        for token in inlines
        if not (isinstance(token, (Open, Close)) and token.mark is Mark.STRONG)
    ]


def _blank_token(token: Inline) -> bool:
    """Whether a line's token is white space alone."""
    return isinstance(token, str) and not token.strip()


def _escape_line_starts(text: str) -> str:
    """Escape what would open a block at the start of each line of a paragraph, and a
    line after the first that reads as a table's delimiter row (":-:", "--- | ---"),
    which would make the line above it a table's header (GFM §4.10; markdown-it counts
    an escaped pipe as a cell's edge there too)."""
    lines = text.split("\n")
    for index, line in enumerate(lines):
        if _BLOCK_START.match(line):
            lines[index] = _BLOCK_START.sub(r"\1\\", line, count=1)
        elif line.lstrip(" ")[:1].isdigit():
            lines[index] = _ORDERED_MARKER.sub(r"\1\\\2", line)
        elif index and _DELIMITER_ROW.match(line):
            lines[index] = _DELIMITER_ROW.sub(r"\1\\\2", line, count=1)
    return "\n".join(lines)


def _destination(url: str) -> str:
    """A link destination that needs no angle brackets (CommonMark §6.3)."""
    return "".join(_URL_UNSAFE.get(char, char) for char in url if char >= " ")


def _code_span(text: str) -> str:
    """Inline code fenced by one backtick more than its longest run of backticks, with
    the padding §6.1 strips when the code starts or ends with a backtick or a space."""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * (longest + 1)
    if text.startswith(("`", " ")) or text.endswith(("`", " ")):
        text = f" {text} "
    return f"{fence}{text}{fence}"


def _is_space(char: str) -> bool:
    return not char or char.isspace()


def _is_punctuation(char: str) -> bool:
    """Unicode punctuation as CommonMark 0.31 defines it: categories P and S."""
    return bool(char) and unicodedata.category(char)[0] in "PS"


def _left_flanking(before: str, after: str) -> bool:
    """CommonMark §6.2: a delimiter run that can open emphasis."""
    return not _is_space(after) and (
        not _is_punctuation(after) or _is_space(before) or _is_punctuation(before)
    )


def _right_flanking(before: str, after: str) -> bool:
    """CommonMark §6.2: a delimiter run that can close emphasis."""
    return not _is_space(before) and (
        not _is_punctuation(before) or _is_space(after) or _is_punctuation(after)
    )


@dataclass
class _Span:
    """Inline formatting open in a line: ``opening`` is the index of its opening piece
    (-1 when nothing was written for it), ``beside_strong`` whether strong emphasis opened
    around or inside it."""

    mark: Mark
    opening: int
    href: str | None
    beside_strong: bool = False


def _spaced_letter(char: str) -> bool:
    """Whether ``char`` is a letter or digit of a script that spaces its words."""
    return char.isalnum() and WIDE_CHARACTER.match(char) is None


class _Line:
    """Markdown of a run of inline tokens.  Emphasis delimiters are kept apart until the
    end, when each pair is checked against the characters around it (CommonMark §6.2)."""

    def __init__(
        self, *, links: bool, images: bool, line_break: str, pipes: bool = True, cell: bool = False
    ) -> None:
        self.links = links
        self.images = images
        self.line_break = line_break
        self.pipes = pipes
        # in a table's cell, GFM (§4.10) reads "\|" as a pipe even inside code: each
        # pipe of a code span is escaped there, a backslash before one kept ("\|" in
        # the code is written "\\|")
        self.cell = cell
        self.pieces: list[str] = []
        self.delimiters: set[int] = set()  # indexes of delimiter pieces
        self.link_openings: list[int] = []  # indexes of the "[" that open links
        self.texts: list[tuple[int, str]] = []  # the pieces of page text: index, text
        self.image_pieces: list[int] = []  # indexes of the images written
        self.formulas = 0  # formulas written as TeX between dollar signs
        self.pairs: list[tuple[int, int]] = []

    def neighbour(self, index: int, step: int) -> str:
        """The character next to the delimiter run that holds piece ``index``."""
        char = self.pieces[index][0]
        index += step
        pieces = self.pieces
        while 0 <= index < len(pieces):
            piece = pieces[index]
            if piece and not (index in self.delimiters and piece[0] == char):
                return piece[-1] if step < 0 else piece[0]
            index += step
        return ""

    def can_open(self, index: int) -> bool:
        before, after = self.neighbour(index, -1), self.neighbour(index, 1)
        if not _left_flanking(before, after):
            return False
        # "_" opens inside a word only after punctuation (§6.2, rule 2).
        return self.pieces[index][0] != "_" or (
            not _right_flanking(before, after) or _is_punctuation(before)
        )

    def can_close(self, index: int) -> bool:
        before, after = self.neighbour(index, -1), self.neighbour(index, 1)
        if not _right_flanking(before, after):
            return False
        return self.pieces[index][0] != "_" or (
            not _left_flanking(before, after) or _is_punctuation(after)
        )

    def nothing_after(self, pieces: list[str], index: int) -> bool:
        """Whether the pieces after ``index`` show nothing (no text, no delimiter)."""
        return not any(
            pieces[after] or after in self.delimiters for after in range(index + 1, len(pieces))
        )

    def code_span(self, code: str) -> str:
        return _code_span(code.replace("|", "\\|") if self.cell else code)

    def render(self, inlines: Sequence[Inline]) -> str:
        inlines = _spaces_outside_emphasis(inlines)
        pieces = self.pieces
        stack: list[_Span] = []
        code: list[str] | None = None  # the text of an open code span
        code_depth = 0
        formula: Open | None = None  # an open formula, written whole at its close
        formula_text: list[str] = []
        last_formula = -1  # the piece of the last formula written
        last_code: tuple[int, str] | None = None  # the last code span's piece and code
        for token in inlines:
            if formula is not None:
                if isinstance(token, Close) and token.mark is formula.mark:
                    if formula.tex and last_formula == len(pieces) - 1 >= 0:
                        pieces.append(" ")  # "$a$$b$" would read as "$$"
                    last_formula = len(pieces)
                    pieces.append(_formula(formula, "".join(formula_text)))
                    self.formulas += 1
                    formula = None
                elif isinstance(token, str):
                    formula_text.append(token)
                continue
            if isinstance(token, Open) and token.mark in FORMULA_MARKS and code is None:
                formula, formula_text = token, []  # in code, a formula is its text
                continue
            if code is not None:
                if isinstance(token, str):
                    code.append(token)
                elif isinstance(token, LineBreak):
                    code.append(" ")
                elif isinstance(token, Open) and token.mark is Mark.CODE:
                    code_depth += 1
                elif isinstance(token, Close) and token.mark is Mark.CODE:
                    code_depth -= 1
                    if not code_depth:
                        content = "".join(code)
                        if last_code is not None and self.nothing_after(pieces, last_code[0]):
                            # code right after code, nothing shown between (the parser
                            # cut it at a link's end): one span, as "`a``b`" reads as
                            # neither
                            index, content = last_code[0], last_code[1] + content
                            pieces[index] = self.code_span(content)
                        else:
                            index = len(pieces)
                            pieces.append(self.code_span(content))
                        last_code = (index, content)
                        code = None
                        self.close(stack)
                continue
            if isinstance(token, str):
                self.texts.append((len(pieces), token))
                pieces.append(escape(token, pipes=self.pipes))
            elif isinstance(token, LineBreak):
                pieces.append(self.line_break)
            elif isinstance(token, Image):
                if self.images:
                    self.image_pieces.append(len(pieces))
                    pieces.append(f"![{escape(token.alt)}]({_destination(token.src)})")
            elif isinstance(token, Open):
                self.open(token, stack)
                if token.mark is Mark.CODE:
                    code, code_depth = [], 1
            else:
                self.close(stack)
        if code is not None:  # a code span the walk left open (never, as it nests)
            pieces.append(self.code_span("".join(code)))
        # A pair CommonMark would not read as emphasis (its delimiters touch punctuation
        # on the inside and a letter outside: 'a*"quoted"*b', or CJK text around
        # '**“100元”**') is written as inline HTML (§6.6).  That changes what its
        # neighbours touch: check again until every pair left reads.
        pairs = self.pairs
        while pairs:
            kept = [p for p in pairs if self.can_open(p[0]) and self.can_close(p[1])]
            if len(kept) == len(pairs):
                break
            for opening, closing in set(pairs) - set(kept):
                inside = "".join(pieces[opening + 1 : closing])
                if "\n" in inside or not any(char.isalnum() for char in inside):
                    # across a line break a tag could start a line, and an HTML block
                    # (§4.6); around white space or a lone sign it shows nothing: left
                    # out, as the text shows the words all the same
                    pieces[opening] = pieces[closing] = ""
                else:
                    tag = DELIMITER_TAGS[pieces[opening]]
                    pieces[opening], pieces[closing] = f"<{tag}>", f"</{tag}>"
                self.delimiters -= {opening, closing}
            pairs = kept
        self.join_touching(pairs)
        self.part_images_from_words()
        self.escape_image_marks()
        self.unescape_closing_brackets()
        self.unescape_lone_signs()
        return "".join(pieces)

    def unescape_closing_brackets(self) -> None:
        """A pair of brackets that ends a piece of text is written as it is when what
        follows it cannot make it a link: :func:`escape` sees one piece and leaves such a
        pair escaped, since the next piece might open "(".  Wikipedia's footnote marks
        are each a piece of their own (``<sup><a href="#cite_note-1">[1]</a></sup>``,
        the fragment's link left out) and came out as "\\[1\\]"; so did a pair that ends
        a paragraph ("... at the end [c]")."""
        pieces = self.pieces
        after = len(pieces)  # the first piece after the current one that writes something
        for index, text in reversed(self.texts):  # last first: one walk back over the line
            for between in range(after - 1, index, -1):
                if pieces[between]:
                    after = between
            following = pieces[after] if after < len(pieces) else "\n"
            if pieces[index].endswith("\\]"):
                pieces[index] = escape(text, following[:2], pipes=self.pipes)
            if pieces[index]:
                after = index

    def part_images_from_words(self) -> None:
        """An image whose markup touches a word ("![Bike](bike.jpg)New", a shop card's
        photo and its badge) is set apart from it by a space: on the page the picture is
        a box of its own, and the alt text would otherwise run into the word for anyone
        who reads the Markdown as text.  Images that touch each other, punctuation or
        text written without spaces (Chinese, Japanese: :data:`WIDE_CHARACTER`) stay as
        they are."""
        if not self.image_pieces:  # most lines: nothing to look at
            return
        pieces = self.pieces
        texts = {index for index, _ in self.texts}
        for index in self.image_pieces:
            following = index + 1
            while following < len(pieces) and not pieces[following]:
                following += 1
            if following in texts and _spaced_letter(pieces[following][:1]):
                pieces[index] += " "
            before = index - 1
            while before >= 0 and not pieces[before]:
                before -= 1
            if before in texts and _spaced_letter(pieces[before][-1:]):
                pieces[index] = " " + pieces[index]

    def unescape_lone_signs(self) -> None:
        """A sign that makes markup only in pairs (:data:`PAIRED_SIGNS`) and is the only
        one its line writes (in text, code, formulas, struck text's delimiters or
        addresses) is written as it is.  Maths between dollars needs two, and no reader of
        "$...$" (Pandoc, GitHub, markdown-it's ``dollarmath``) pairs one across blocks, so
        "$29 per month" or "R$ 89/mês" cannot open one; GFM's strikethrough (§6.5) takes
        a pair of runs of one or two tildes, so "1~2일" cannot open one either.  A line
        with two or more stays escaped: the lenient readers (``dollarmath`` allows spaces
        and digits beside the signs, and looks past code spans for the closing one) would
        read "$5 and $10", or "$5 with `echo $HOME`", as a formula, and "1~2 to 3~4" is
        struck text to GitHub."""
        pieces = self.pieces
        for sign in PAIRED_SIGNS:
            if sum(piece.count(sign) for piece in pieces) != 1:
                continue
            for index, text in self.texts:
                if sign in text:
                    pieces[index] = pieces[index].replace("\\" + sign, sign, 1)
                    break

    def escape_image_marks(self) -> None:
        """Escape a "!" that a link's "[" follows (with nothing between once the
        emphasis that could not open or close is dropped), which would make the link an
        image; a "!" anywhere else is only an exclamation mark, written as it is."""
        pieces = self.pieces
        for index in self.link_openings:
            if not pieces[index]:  # a link that wrote nothing
                continue
            before = index - 1
            while before >= 0 and not pieces[before]:
                before -= 1
            if before >= 0 and before not in self.delimiters and pieces[before].endswith("!"):
                pieces[before] = pieces[before][:-1] + "\\!"

    def join_touching(self, pairs: list[tuple[int, int]]) -> None:
        """A span that closes where another of the same delimiter opens (once the pairs
        between them were dropped) would make one run of both, "a**b****c**": the two
        become one span."""
        pieces = self.pieces
        openings = {opening for opening, _ in pairs}
        for _, closing in pairs:
            following = closing + 1
            while following < len(pieces) and not pieces[following]:
                following += 1
            if following in openings and pieces[following] == pieces[closing]:
                pieces[closing] = pieces[following] = ""

    def open(self, token: Open, stack: list[_Span]) -> None:
        mark = token.mark
        index = -1
        if mark is Mark.LINK:
            if self.links and token.href and all(s.mark is not Mark.LINK for s in stack):
                index = len(self.pieces)
                self.pieces.append("[")
                self.link_openings.append(index)
        elif mark in HTML_MARKS and all(s.mark is not mark for s in stack if s.opening >= 0):
            index = len(self.pieces)
            self.pieces.append(f"<{HTML_MARKS[mark]}>")
        elif mark in DELIMITERS and all(s.mark is not mark for s in stack if s.opening >= 0):
            # The same emphasis twice over would read as another one ("**" is strong).
            index = len(self.pieces)
            self.pieces.append(DELIMITERS[mark])
            self.delimiters.add(index)
        span = _Span(mark, index, token.href)
        if mark is Mark.STRONG and index >= 0:
            for outer in stack:
                outer.beside_strong = True
        span.beside_strong = any(s.mark is Mark.STRONG and s.opening >= 0 for s in stack)
        stack.append(span)

    def close(self, stack: list[_Span]) -> None:
        if not stack:
            return
        span = stack.pop()
        if span.opening < 0 or span.mark is Mark.CODE:
            return
        if span.mark is Mark.LINK:
            if span.href is not None:
                self.pieces.append(f"]({_destination(span.href)})")
            return
        if span.mark in HTML_MARKS:
            self.pieces.append(f"</{HTML_MARKS[span.mark]}>")
            return
        delimiter = DELIMITERS[span.mark]
        if span.mark is Mark.EMPHASIS and span.beside_strong:
            # "*" next to "**" makes runs CommonMark may pair otherwise (***a*b*c***):
            # emphasis takes the other character there.
            delimiter = EMPHASIS_BESIDE_STRONG
            self.pieces[span.opening] = delimiter
        closing = len(self.pieces)
        self.delimiters.add(closing)
        self.pairs.append((span.opening, closing))
        self.pieces.append(delimiter)


def _spaces_outside_emphasis(inlines: Sequence[Inline]) -> list[Inline]:
    """``inlines`` with the white space at the inner edges of emphasis moved out of it:
    ``<strong>Sizes:&nbsp;</strong>`` is written ``**Sizes:**&nbsp;``, as a browser shows
    it (the layout moves plain spaces out already; a no-break space stays where the page
    put it).  A delimiter run with white space on its inner side can neither open nor
    close (CommonMark §6.2), so the pair was written as inline HTML: on 132 WCXB pages.
    Two passes, openings forwards and closings backwards, each linear however deep the
    emphasis nests."""
    forwards = _spaces_before_runs(list(inlines), Open, str.lstrip)
    forwards.reverse()
    backwards = _spaces_before_runs(forwards, Close, str.rstrip)
    backwards.reverse()
    return backwards


def _spaces_before_runs(
    tokens: list[Inline], edge: type[Open] | type[Close], strip: Callable[[str], str]
) -> list[Inline]:
    """``tokens`` with the white space that follows a run of emphasis ``edge`` tokens
    (what ``strip`` takes off the text after the run) put before the run; a text of white
    space alone goes whole, and the run stays open for the text after it."""
    result: list[Inline] = []
    run: list[Inline] = []
    for token in tokens:
        if isinstance(token, edge) and token.mark in DELIMITERS:
            run.append(token)
            continue
        if run and isinstance(token, str):
            kept = strip(token)
            if len(kept) < len(token):
                # the space, from before the kept text (forwards) or after it (backwards)
                result.append(
                    token[: len(token) - len(kept)] if strip is str.lstrip else token[len(kept) :]
                )
            if not kept:
                continue
            token = kept
        result.extend(run)
        run = []
        result.append(token)
    result.extend(run)
    return result


#: What a CommonMark reader that knows no formulas would read as markup in a formula's
#: TeX, whatever its dollars: a link (``\mathcal{L}[f](s)``), emphasis between two
#: stars (``x^*`` and ``y^*``), code, inline HTML or an autolink (a ``<`` before a
#: letter, ``/``, ``!`` or ``?``: CommonMark 0.31, sections 6.5 and 6.6; ``a < b`` and
#: ``x<1`` are neither), a dollar of its own.  Such a formula is written as its text,
#: escaped.
_TEX_MARKUP: Final = re.compile(r"\]\(|\]\[|\*|`|<(?=[A-Za-z/!?])|\$")


def _formula(opening: Open, text: str) -> str:
    """A formula as TeX between dollar signs, ``$...$`` in a line and ``$$...$$`` set
    apart (Pandoc's ``tex_math_dollars``, GitHub's and markdown-it's ``dollarmath``); its
    text, escaped, when it has no TeX or TeX a reader would take markup from
    (:data:`_TEX_MARKUP`)."""
    if not opening.tex or _TEX_MARKUP.search(opening.tex):
        return escape(text)
    dollars = "$$" if opening.mark is Mark.DISPLAY_FORMULA else "$"
    return f"{dollars}{opening.tex}{dollars}"


def _line(
    inlines: Sequence[Inline],
    *,
    links: bool,
    images: bool,
    line_break: str = HARD_BREAK,
    pipes: bool | None = None,
    cell: bool = False,
) -> str:
    """A line's Markdown; its pipes escaped when ``pipes``, or by default when it breaks
    into lines (one of which could be a table's header row over the next); ``cell``:
    the line is a table's cell, whose code spans' pipes are escaped too."""
    if pipes is None:
        pipes = any(isinstance(token, LineBreak) for token in inlines)
    return _Line(links=links, images=images, line_break=line_break, pipes=pipes, cell=cell).render(
        inlines
    )


class _Writer:
    """Blocks to Markdown with the output's options."""

    def __init__(self, *, links: bool, images: bool) -> None:
        self.links = links
        self.images = images

    def blocks(self, blocks: Iterable[Block], separator: str = "\n\n") -> str:
        written: list[str] = []
        previous_list: tuple[bool, bool] | None = None  # (numbered, alternate marker)
        for block in without_language_labels(blocks):
            alternate = False
            if isinstance(block, ListBlock):
                # Two lists in a row with the same marker would read as one (§5.3).
                numbered = _numbered(block)
                if previous_list is not None and previous_list[0] == numbered:
                    alternate = not previous_list[1]
                flips = len(_number_runs(block)) - 1  # the list ends in its last run's marker
                previous_list = (numbered, alternate != (flips % 2 == 1))
            else:
                previous_list = None
            text = self.block(block, alternate=alternate)
            if text:
                written.append(text)
        return separator.join(written)

    def block(self, block: Block, *, alternate: bool = False) -> str:
        if isinstance(block, Paragraph):
            return _escape_line_starts(self.line(_term_marked(block)))
        if isinstance(block, Heading):
            text = self.line(_without_outer_strong(block.inlines), line_break=" ")
            if text.endswith("#"):  # else read as the optional closing sequence (§4.2)
                text = text[:-1] + "\\#"
            return f"{'#' * block.level} {text}" if text else ""
        if isinstance(block, CodeBlock):
            longest = max((len(run) for run in re.findall(r"`+", block.text)), default=0)
            fence = "`" * max(3, longest + 1)
            return f"{fence}{block.language or ''}\n{block.text}\n{fence}"
        if isinstance(block, Quote):
            inner = self.blocks(block.blocks)
            return "\n".join(f"> {line}" if line else ">" for line in inner.split("\n"))
        if isinstance(block, ListBlock):
            return self.list_block(block, alternate=alternate)
        if isinstance(block, Rule):
            return THEMATIC_BREAK
        return self.table(block)

    def line(
        self,
        inlines: Sequence[Inline],
        *,
        line_break: str = HARD_BREAK,
        pipes: bool | None = None,
        cell: bool = False,
    ) -> str:
        return _line(
            inlines,
            links=self.links,
            images=self.images,
            line_break=line_break,
            pipes=pipes,
            cell=cell,
        )

    def list_block(self, block: ListBlock, *, alternate: bool) -> str:
        # Tight when no item holds more than one block before its nested lists: a blank
        # line anywhere would make the whole list loose (§5.3).  An ordered list that does
        # not start at 1 cannot interrupt a paragraph (§5.2), so it needs the blank line.
        items = without_own_numbers(block)
        tight = all(
            all(isinstance(b, ListBlock) and (not _numbered(b) or b.start == 1) for b in item[1:])
            for item in items
        )
        separator = "\n" if tight else "\n\n"
        written = ""
        marks = block.check_marks()
        starts = set(_number_runs(block)[1:])
        for index, (number, item, task) in enumerate(
            zip(block.ordinals(), items, marks, strict=True)
        ):
            if index in starts:
                # A number that does not follow on (a reversed list, an item's value)
                # starts a list of its own: CommonMark numbers a list's items from its
                # first (§5.3), and a new delimiter after a blank line starts another.
                alternate = not alternate
                written += "\n\n"
            elif index:
                written += separator
            label = ""
            if _numbered(block):
                marker = f"{number}{')' if alternate else '.'}"
            else:
                marker = "*" if alternate else "-"
                if block.ordered and block.style:
                    label = f"{item_label(number, block.style)}. "
            body = self.blocks(item, separator) or ""
            if label and not (item and isinstance(item[0], Paragraph)):
                # the label on a line of its own: before a heading or a nested list's
                # marker it would make them text
                body = f"{label.rstrip()}\n{body}" if body else label.rstrip()
                label = ""
            indent = " " * (len(marker) + 1)
            first, *rest = body.split("\n")
            lines = [f"{marker} {task}{label}{first}" if first else marker]
            lines.extend(f"{indent}{line}" if line else "" for line in rest)
            written += "\n".join(lines)
        return written

    def table(self, table: Table) -> str:
        """A GitHub table (GFM §4.10).  Its header row is the table's first row when that
        row is all header cells (``<th>``, and the slots their spans fill); else the
        header row is empty, since a GFM table must have one and a key-value table's
        first pair ("Weight | 2.3 kg") is no header.  Several such rows at the top (a
        "Default" over "Type" and "Value") are one header row of a GFM table, which has
        only one: each column's headers joined, top first ("Default Type", "Default
        Value"; :func:`_column_headers`), where the second row used to go under the
        header as a row of data.  A cell's line breaks are ``<br>``,
        the inline HTML GitHub renders in a cell, which a table row cannot hold as a line
        break."""
        grid = table.grid()  # cells in their columns; spanned slots empty
        width = max(len(row) for row in grid)
        heads = _header_rows(grid)
        delimiters = (
            "|" + "|".join(_delimiter(column, grid, heads) for column in range(width)) + "|"
        )
        lines = []
        if not heads:
            lines.append("|" + " |" * width)
            lines.append(delimiters)
        elif heads > 1:
            labels = [
                " ".join(
                    label
                    for cell in column
                    if (label := self.line(cell.inlines, line_break=" ", pipes=True, cell=True))
                )
                for column in _column_headers(grid, heads, width)
            ]
            lines.append("| " + " | ".join(map(_escape_code_pipes, labels)) + " |")
            lines.append(delimiters)
            grid = grid[heads:]
        for row in grid:
            cells: list[str] = []
            for cell in row:
                text = ""
                if cell is not None:
                    text = self.line(cell.inlines, line_break=CELL_BREAK, pipes=True, cell=True)
                # GFM §4.10: a pipe inside a cell, even inside code, is escaped.
                cells.append(_escape_code_pipes(text))
            cells.extend([""] * (width - len(cells)))
            lines.append("| " + " | ".join(cells) + " |")
            if len(lines) == 1:
                lines.append(delimiters)
        return "\n".join(lines)


#: A GFM table's delimiter cell for each alignment of its column (GFM §4.10).
ALIGNED_DELIMITERS: Final = {None: " --- ", "left": ":--- ", "center": ":---:", "right": " ---:"}


#: The rows a column's alignment is read from: the header and the first row of data (a
#: table of a hundred thousand rows is not read twice for it).
ALIGNMENT_ROWS: Final = 2
#: ... and, besides them, at most this many rows of one cell across the table passed over.
ALIGNMENT_ACROSS_ROWS: Final = 4


def _numbered(block: ListBlock) -> bool:
    """Whether a list is written with CommonMark's numbered markers: an ordered list in
    decimal.  CommonMark numbers only in decimal (§5.2), and a list of clauses "(a)",
    "(b)" renumbered "1.", "2." no longer matches the text that cites them ("breaks rule
    (b)"): a list the page numbers in letters or roman numerals is written as bullets,
    each item opening with its label as the page shows it ("- b. The user must...")."""
    return block.ordered and not block.style


def _number_runs(block: ListBlock) -> list[int]:
    """The items of an ordered list where a run of numbers that follow on from each
    other starts (the first item's is 0): a reversed list (``<ol reversed>``) or an
    item's own ``value`` starts a new one.  One run for a bulleted list, and for a list
    written as one (:func:`_numbered`)."""
    if not _numbered(block):
        return [0]
    numbers = block.ordinals()
    return [0, *(i for i in range(1, len(numbers)) if numbers[i] != numbers[i - 1] + 1)]


def _header_rows(grid: list[list[Cell | None]]) -> int:
    """How many rows at the top of ``grid`` are header rows (:func:`heads_columns`); a
    table all of whose rows are so has only its first.  A row of one header cell across
    a table of several columns titles the rows below it (an infobox's "Wappen",
    "Basisdaten"), and heads no column: it ends the header rows, and is written as a
    row (two such rows over nothing else came out as one label, "Wappen Basisdaten",
    over each column of a newcomer's German Wikipedia infobox)."""
    width = max((len(row) for row in grid), default=0)
    count = 0
    for row in grid:
        if not heads_columns(row) or (width > 1 and _one_cell_across(row)):
            break
        count += 1
    return min(count, 1) if count == len(grid) else count


def _one_cell_across(row: list[Cell | None]) -> bool:
    """Whether ``row`` is one cell, the others its span's slots."""
    return sum(cell is not None for cell in row) == 1


def _column_headers(grid: list[list[Cell | None]], rows: int, width: int) -> list[list[Cell]]:
    """The header cells over each column of ``grid``'s first ``rows`` rows, top first,
    each once: a cell is over every column its ``colspan`` covers, in every row its
    ``rowspan`` covers (HTML standard §4.9.12)."""
    over: list[list[Cell]] = [[] for _ in range(width)]
    for top in range(rows):
        for column, cell in enumerate(grid[top]):
            if cell is None:
                continue
            for covered in range(column, min(column + max(cell.colspan, 1), width)):
                if not any(cell is seen for seen in over[covered]):
                    over[covered].append(cell)
    return over


def _delimiter(column: int, grid: list[list[Cell | None]], heads: int = 1) -> str:
    """The delimiter cell of a column: aligned as the first of its cells that says how in
    the ``heads`` header rows and the :data:`ALIGNMENT_ROWS` - 1 rows after them (a
    header of two rows, "Price" over "2023" and "2024", left the first row of numbers
    unread), else plain.  A cell across several columns aligns itself, not a column, and
    its row is not counted: an infobox's centred title over its rows of labels and
    values centred its labels (a newcomer's German Wikipedia article)."""
    limit = max(heads, 1) + ALIGNMENT_ROWS - 1
    read = 0
    for row in grid[: limit + ALIGNMENT_ACROSS_ROWS]:
        if read >= limit:
            break
        cell = row[column] if column < len(row) else None
        if (cell is not None and cell.colspan > 1) or (cell is None and _one_cell_across(row)):
            continue
        if cell is not None and cell.align:
            return ALIGNED_DELIMITERS[cell.align]
        read += 1
    return ALIGNED_DELIMITERS[None]


def _escape_code_pipes(cell: str) -> str:
    """Escape the pipes of a cell that text escaping did not reach (those in code spans);
    a pipe already escaped is left as it is."""
    return re.sub(r"(?<!\\)\|", r"\\|", cell)


def blocks_to_markdown(
    blocks: Iterable[Block], *, links: bool = False, images: bool = False
) -> str:
    """Laid-out blocks (:func:`unboiler.output.layout.layout`) as Markdown."""
    return strip_line_ends(_Writer(links=links, images=images).blocks(blocks))


def to_markdown(document: TextDocument, *, links: bool = False, images: bool = False) -> str:
    """The content of ``document`` as Markdown; ``links`` and ``images`` keep those (with
    absolute URLs when the document has its URL)."""
    return blocks_to_markdown(layout(document, images=images), links=links, images=images)


__all__ = ["blocks_to_markdown", "escape", "to_markdown"]
