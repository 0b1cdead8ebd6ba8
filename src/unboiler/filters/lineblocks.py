"""The line-block distribution method of Chen Xin, "基于行块分布函数的通用网页正文抽取"
("General web page text extraction based on the line-block distribution function",
HIT Information Retrieval Lab, 2010; released as cx-extractor).

The method reads the page as text, not as a tree: no DOM, no tag names, one pass.

1. Remove scripts, styles and comments, then every tag (:func:`text_lines`).
2. The length of a line is its number of characters once whitespace is dropped
   (:func:`line_length`).
3. The *line block* of line ``i`` is lines ``i`` to ``i + K - 1``; its length is the sum of
   theirs.  Over the page these lengths form the line-block distribution
   (:func:`block_lengths`).  The main text is dense and contiguous, so it shows as a
   plateau well above the navigation and the footer, separated from them by runs of
   lines that hold only markup.
4. Scan the distribution for a *sharp rise* (a block longer than the threshold that is
   not isolated) and the *sharp fall* after it (the curve reaches zero); the lines in
   between are main text.  The scan goes on, so a page may yield several regions
   (:func:`find_regions`, :func:`select_lines`), up to a copyright footer.

The method's paper describes it without numbers; the reference implementation
(cx-extractor's ``TextExtract.java``) fixes them and every detail followed here: K = 3
and the threshold of 86 characters (``blocksWidth``, ``threshold``); the source
stripped by regular expressions applied one after the other (the document type,
comments, scripts and styles with whatever lies between their tags, then every
``&`` + two to five characters + ``;`` replaced by a space, then every tag), line
breaks inside what is removed going with it; the lines of the result as Java's
``split("\\n")`` gives them (trailing empty lines dropped); line lengths in UTF-16 code
units without Java's ``\\s`` (ASCII white space: a no-break or ideographic space
counts); one line block for each line but the last K; a rise needs a non-empty block
among the next three; a region ends where a block or the next one is empty, and one
still open when the scan ends is lost; lines under five characters are left out of a
region; and a region that holds "Copyright" or "版权所有" is not output and, because
the reference's loop ``continue``s without closing the region, neither is anything after
it.  Two departures, where the reference fails: where it would read a line block past
the end of its list (a rise in the last three blocks; Java throws
``IndexOutOfBoundsException`` and the page yields nothing), such blocks count as empty;
and each pattern is applied only up to the last place its closing token occurs, which
changes no match but keeps every step linear in the size of the page (``<.*?>`` alone
rescans the rest of the page from every ``<`` that no ``>`` follows).

Our blocks come from the DOM, so the selected lines are mapped back onto them with
:func:`unboiler.align.selection_coverage`: a block is content when most of its letters
lie on selected lines.  The mapping reads the same lines with their character
references decoded (the reference's spaces would hide an ``&#233;`` from the block
that shows it as ``é``).
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from unboiler.align import MIN_COVERAGE, mark_covered, selection_coverage
from unboiler.document import TextDocument
from unboiler.errors import ExtractorOptionError

#: K, the number of consecutive lines in a line block (cx-extractor ``blocksWidth``).
BLOCK_LINES: Final = 3
#: Length (characters without whitespace) a line block must exceed to start the main text:
#: the "sharp rise" (cx-extractor's default ``threshold``).
THRESHOLD: Final = 86
#: A rise counts only if one of this many following blocks is not empty, so that one long
#: isolated line (a keyword list, an inline JSON blob left in the text) does not open a
#: region (cx-extractor).
RISE_LOOKAHEAD: Final = 3
#: Lines of a region shorter than this (characters without whitespace) are left out: page
#: furniture between paragraphs ("Share", "1", "|") (cx-extractor).
MIN_LINE_LENGTH: Final = 5
#: A region holding one of these is the copyright footer: it and everything after it are
#: dropped (cx-extractor; case as there).
COPYRIGHT_MARKERS: Final = ("Copyright", "版权所有")

# The reference's patterns (TextExtract.preProcess), in its order.  Java's ``(?is)`` is
# case-insensitive for ASCII letters only (re.ASCII) and its ``.`` outside DOTALL stops
# at any of its line terminators.
_JAVA_DOT: Final = "[^\n\r\u0085\u2028\u2029]"
_STEPS: Final = (
    (re.compile(r"<!DOCTYPE.*?>", re.IGNORECASE | re.DOTALL | re.ASCII), ">"),
    (re.compile(r"<!--.*?-->", re.DOTALL), "-->"),
    (re.compile(r"<script.*?>.*?</script>", re.IGNORECASE | re.DOTALL | re.ASCII), "</script>"),
    (re.compile(r"<style.*?>.*?</style>", re.IGNORECASE | re.DOTALL | re.ASCII), "</style>"),
)
_ENTITY: Final = re.compile(f"&{_JAVA_DOT}{{2,5}};|&#{_JAVA_DOT}{{2,5}};")
_TAG: Final = (re.compile(r"<.*?>", re.DOTALL), ">")
#: Java's ``\s``: the ASCII white space the reference removes from a line before it
#: measures it.
_JAVA_SPACE: Final = re.compile("[ \t\n\x0b\f\r]+")
_ASTRAL: Final = re.compile("[\U00010000-\U0010ffff]")


def _keep_newlines(match: re.Match[str]) -> str:
    return "\n" * match.group().count("\n")


def _remove(pattern: re.Pattern[str], closing: str, text: str, keep_line_breaks: bool) -> str:
    """``pattern.sub("", text)``, applied only up to the end of the last ``closing`` (every
    match ends with one, so no match is lost or changed, and no failed attempt rescans
    the rest of the page); ``keep_line_breaks`` leaves each match's line breaks."""
    end = -1
    for found in re.finditer(re.escape(closing), text, re.IGNORECASE | re.ASCII):
        end = found.end()
    if end < 0:
        return text
    return pattern.sub(_keep_newlines if keep_line_breaks else "", text[:end]) + text[end:]


def strip_markup(source: str, *, entities: bool = False, keep_line_breaks: bool = False) -> str:
    """The source as the reference reads it: the document type, comments, scripts and
    styles (with their content) and then every tag removed, with the line breaks inside
    them, and character references replaced by a space before the tags go.
    ``entities`` keeps the character references, for :func:`decoded_lines`;
    ``keep_line_breaks`` (a variant of ours) leaves the line breaks of what is removed,
    so that line ``n`` of the text is line ``n`` of the source."""
    text = source
    for pattern, closing in _STEPS:
        text = _remove(pattern, closing, text, keep_line_breaks)
    if not entities:
        text = _ENTITY.sub(" ", text)
    return _remove(*_TAG, text, keep_line_breaks)


def _java_lines(text: str) -> list[str]:
    """``text.split("\\n")`` as Java splits: trailing empty strings dropped."""
    lines = text.split("\n")
    while lines and not lines[-1]:
        lines.pop()
    return lines


def text_lines(source: str, *, keep_line_breaks: bool = False) -> list[str]:
    """The lines of the page's text, in source order (step 1 of the method)."""
    return _java_lines(strip_markup(source, keep_line_breaks=keep_line_breaks))


def decoded_lines(source: str, *, keep_line_breaks: bool = False) -> list[str]:
    """The lines of :func:`text_lines` with their character references decoded, for
    mapping the selection onto the blocks; the reference's own lines when decoding would
    change how the page splits into lines (a ``<`` inside something the reference took
    for a character reference)."""
    kept = _java_lines(strip_markup(source, entities=True, keep_line_breaks=keep_line_breaks))
    lines = text_lines(source, keep_line_breaks=keep_line_breaks)
    if len(kept) != len(lines):
        return lines
    return [html.unescape(line) for line in kept]


def line_length(line: str) -> int:
    """The length of a line as the reference measures it (step 2): Java's ``length()``
    (UTF-16 code units: a character outside the Basic Multilingual Plane counts twice)
    of the line without its ASCII white space."""
    bare = _JAVA_SPACE.sub("", line)
    if bare.isascii():
        return len(bare)
    return len(bare) + len(_ASTRAL.findall(bare))


def block_lengths(lengths: Sequence[int], block_lines: int = BLOCK_LINES) -> list[int]:
    """The line-block distribution: entry ``i`` is the total length of lines ``i`` to
    ``i + block_lines - 1``, for every line but the last ``block_lines`` (step 3; the
    reference's loop bound, so a page of ``block_lines`` lines or fewer has no block)."""
    if block_lines < 1:
        raise ExtractorOptionError(f"a line block needs at least one line, not {block_lines}")
    count = len(lengths) - block_lines
    if count <= 0:
        return []
    total = sum(lengths[:block_lines])
    distribution = [total]
    for first in range(1, count):
        total += lengths[first + block_lines - 1] - lengths[first - 1]
        distribution.append(total)
    return distribution


def find_regions(
    distribution: Sequence[int], threshold: int = THRESHOLD, *, close_at_end: bool = False
) -> list[tuple[int, int]]:
    """The (first, last) line-block indexes of each main-text region (step 4), in the
    reference's scan: over every block but the last, a region starts at a *sharp rise*
    (a block longer than ``threshold`` with a non-empty block among the
    :data:`RISE_LOOKAHEAD` that follow; blocks past the end count as empty, where the
    reference fails) and, from the next block on, ends at the *sharp fall*: the first
    block that is empty or is followed by an empty one.  A region still open when the
    scan ends is lost, as in the reference, unless ``close_at_end`` (a variant of ours)
    ends it at the last block."""
    size = len(distribution)

    def length(index: int) -> int:
        return distribution[index] if index < size else 0

    regions: list[tuple[int, int]] = []
    start = -1
    for index in range(size - 1):
        if start < 0:
            if distribution[index] > threshold and any(
                length(index + ahead) for ahead in range(1, RISE_LOOKAHEAD + 1)
            ):
                start = index
        elif distribution[index] == 0 or distribution[index + 1] == 0:
            regions.append((start, index))
            start = -1
    if close_at_end and start >= 0:
        regions.append((start, size - 1))
    return regions


def select_lines(
    lines: Sequence[str],
    lengths: Sequence[int],
    regions: Sequence[tuple[int, int]],
    *,
    stop_at_copyright: bool = True,
) -> list[bool]:
    """Which lines are main text: the lines of each region from its first block's first
    line to its last block's first line (as in the reference implementation), without
    lines shorter than :data:`MIN_LINE_LENGTH`.  The first region that holds a
    :data:`COPYRIGHT_MARKERS` phrase (on its kept lines, white space removed, as the
    reference looks for it) ends the selection: neither it nor any later region is
    selected; with ``stop_at_copyright`` off (a variant of ours) only that region is
    left out."""
    selected = [False] * len(lines)
    for first, last in regions:
        kept = [n for n in range(first, last + 1) if lengths[n] >= MIN_LINE_LENGTH]
        joined = "\n".join(_JAVA_SPACE.sub("", lines[n]) for n in kept)
        if any(marker in joined for marker in COPYRIGHT_MARKERS):
            if stop_at_copyright:
                break
            continue
        for n in kept:
            selected[n] = True
    return selected


@dataclass(frozen=True, kw_only=True)
class LineBlocks:
    """Mark as content the blocks whose text lies on the lines the line-block
    distribution selects (Chen 2010; see the module docstring).

    ``block_lines`` is K, the lines per line block; ``threshold`` the length a block must
    exceed to start the main text; ``min_coverage`` the share of a block's letters that
    must lie on selected lines for the block to be content (the mapping onto our blocks,
    not part of the method).  A hand-built document without source is left alone.

    Four switches turn the reference's behaviour into a variant of ours (the
    ``line-blocks-lenient`` extractor turns all four): ``decode_references`` measures
    lines with their character references decoded instead of blanked;
    ``stop_at_copyright=False`` drops only the copyright region and goes on scanning;
    ``close_at_end`` keeps a region still open at the end of the page;
    ``keep_line_breaks`` keeps the source's lines where markup spanned several.
    """

    block_lines: int = BLOCK_LINES
    threshold: int = THRESHOLD
    min_coverage: float = MIN_COVERAGE
    decode_references: bool = False
    stop_at_copyright: bool = True
    close_at_end: bool = False
    keep_line_breaks: bool = False

    def __post_init__(self) -> None:
        if self.block_lines < 1:
            raise ExtractorOptionError(f"block_lines must be at least 1, not {self.block_lines}")

    def selected_lines(self, source: str) -> tuple[list[str], list[bool]]:
        """The page's text lines and, for each, whether the method selects it."""
        keep = self.keep_line_breaks
        lines = (
            decoded_lines(source, keep_line_breaks=keep)
            if self.decode_references
            else text_lines(source, keep_line_breaks=keep)
        )
        lengths = [line_length(line) for line in lines]
        regions = find_regions(
            block_lengths(lengths, self.block_lines),
            self.threshold,
            close_at_end=self.close_at_end,
        )
        return lines, select_lines(
            lines, lengths, regions, stop_at_copyright=self.stop_at_copyright
        )

    def __call__(self, document: TextDocument) -> bool:
        if document.source is None:
            return False
        _, selected = self.selected_lines(document.source)
        decoded = decoded_lines(document.source, keep_line_breaks=self.keep_line_breaks)
        coverage = selection_coverage(document.blocks, zip(decoded, selected, strict=True))
        return mark_covered(document, coverage, self.min_coverage)


__all__ = [
    "BLOCK_LINES",
    "COPYRIGHT_MARKERS",
    "MIN_LINE_LENGTH",
    "RISE_LOOKAHEAD",
    "THRESHOLD",
    "LineBlocks",
    "block_lengths",
    "decoded_lines",
    "find_regions",
    "line_length",
    "select_lines",
    "strip_markup",
    "text_lines",
]
