"""The line-block distribution method of Chen Xin, "基于行块分布函数的通用网页正文抽取"
("General web page text extraction based on the line-block distribution function",
HIT Information Retrieval Lab, 2010; released as cx-extractor).

The method reads the page as text, not as a tree: no DOM, no tag names, one pass.

1. Remove scripts, styles and comments, then every tag, keeping the lines of the source
   (:func:`text_lines`).
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
   (:func:`find_regions`, :func:`select_lines`).

The survey the project works from (seed 001) describes the method without numbers; K = 3
and the threshold of 86 characters are the defaults of the reference implementation
(cx-extractor's ``TextExtract``, ``blocksWidth`` and ``threshold``), and so are the rules
that a rise must be followed by a non-empty block within three, that a region ends where
a block or the next one is empty, that lines under five characters are left out of a
region and that a region containing "Copyright" or "版权所有" is a footer.  Every step is
linear in the size of the page: one regular-expression pass that cannot backtrack, one
pass over the lines, one over the distribution.

Our blocks come from the DOM, so the selected lines are mapped back onto them with
:func:`unboiler.align.selection_coverage`: a block is content when most of its letters
lie on selected lines.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from unboiler.align import MIN_COVERAGE, mark_covered, selection_coverage
from unboiler.document import TextDocument

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
#: A region holding one of these is the copyright footer and is dropped whole
#: (cx-extractor; case as there).
COPYRIGHT_MARKERS: Final = ("Copyright", "版权所有")

# Comments, scripts and styles with their content, then any other tag.  A comment, script
# or style runs to its end marker or, unclosed, to the end of the text (as in a browser);
# any other tag stops at the first ``<`` or ``>``.  So every attempt either matches what it
# read or fails before the next ``<``, and no text is read twice: one linear pass, where
# the usual ``<.*?>`` would rescan the rest of the page from every unclosed ``<``.
_MARKUP: Final = re.compile(
    r"<!--.*?(?:-->|\Z)"
    r"|<script\b[^<>]*>.*?(?:</script\s*>|\Z)"
    r"|<style\b[^<>]*>.*?(?:</style\s*>|\Z)"
    r"|<[a-zA-Z/!?][^<>]*>",
    re.IGNORECASE | re.DOTALL,
)


def _keep_newlines(match: re.Match[str]) -> str:
    return "\n" * match.group().count("\n")


def strip_markup(source: str) -> str:
    """The source without comments, scripts, styles and tags; whatever they spanned leaves
    its newlines behind, so line ``n`` of the result is line ``n`` of the source.

    Character references are decoded only afterwards, so that an escaped ``&lt;p&gt;`` in
    the text stays text.
    """
    return html.unescape(_MARKUP.sub(_keep_newlines, source))


def text_lines(source: str) -> list[str]:
    """The lines of the page's text, in source order (step 1 of the method)."""
    text = strip_markup(source)
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text.split("\n")


def line_length(line: str) -> int:
    """Characters of a line once every whitespace character is dropped (step 2)."""
    return sum(map(len, line.split()))


def block_lengths(lengths: Sequence[int], block_lines: int = BLOCK_LINES) -> list[int]:
    """The line-block distribution: entry ``i`` is the total length of lines ``i`` to
    ``i + block_lines - 1`` (step 3).  A page shorter than one block is one block."""
    if block_lines < 1:
        raise ValueError(f"a line block needs at least one line, not {block_lines}")
    if not lengths:
        return []
    if len(lengths) <= block_lines:
        return [sum(lengths)]
    total = sum(lengths[:block_lines])
    distribution = [total]
    for first in range(1, len(lengths) - block_lines + 1):
        total += lengths[first + block_lines - 1] - lengths[first - 1]
        distribution.append(total)
    return distribution


def find_regions(distribution: Sequence[int], threshold: int = THRESHOLD) -> list[tuple[int, int]]:
    """The (first, last) line-block indexes of each main-text region (step 4).

    A region starts at a *sharp rise*: a block longer than ``threshold`` with a non-empty
    block among the :data:`RISE_LOOKAHEAD` that follow.  It ends at the *sharp fall*: the
    first later block that is empty or is followed by an empty one.  The scan then looks
    for the next rise.  Blocks past the end of the page count as empty, so a region still
    open at the end of the page ends there (the reference implementation loses such a
    region; it can only happen on pages whose text runs to the very last lines).
    """
    size = len(distribution)

    def length(index: int) -> int:
        return distribution[index] if index < size else 0

    regions: list[tuple[int, int]] = []
    start = -1
    for index in range(size):
        if start < 0:
            if distribution[index] > threshold and any(
                length(index + ahead) for ahead in range(1, RISE_LOOKAHEAD + 1)
            ):
                start = index
        elif length(index) == 0 or length(index + 1) == 0:
            regions.append((start, index))
            start = -1
    if start >= 0:
        regions.append((start, size - 1))
    return regions


def select_lines(
    lines: Sequence[str], lengths: Sequence[int], regions: Sequence[tuple[int, int]]
) -> list[bool]:
    """Which lines are main text: the lines of each region from its first block's first
    line to its last block's first line (as in the reference implementation), without
    lines shorter than :data:`MIN_LINE_LENGTH`, and without regions that hold a
    :data:`COPYRIGHT_MARKERS` phrase."""
    selected = [False] * len(lines)
    for first, last in regions:
        kept = [n for n in range(first, last + 1) if lengths[n] >= MIN_LINE_LENGTH]
        if any(marker in lines[n] for n in kept for marker in COPYRIGHT_MARKERS):
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
    """

    block_lines: int = BLOCK_LINES
    threshold: int = THRESHOLD
    min_coverage: float = MIN_COVERAGE

    def __post_init__(self) -> None:
        if self.block_lines < 1:
            raise ValueError(f"block_lines must be at least 1, not {self.block_lines}")

    def selected_lines(self, source: str) -> tuple[list[str], list[bool]]:
        """The page's text lines and, for each, whether the method selects it."""
        lines = text_lines(source)
        lengths = [line_length(line) for line in lines]
        regions = find_regions(block_lengths(lengths, self.block_lines), self.threshold)
        return lines, select_lines(lines, lengths, regions)

    def __call__(self, document: TextDocument) -> bool:
        if document.source is None:
            return False
        lines, selected = self.selected_lines(document.source)
        coverage = selection_coverage(document.blocks, zip(lines, selected, strict=True))
        return mark_covered(document, coverage, self.min_coverage)


__all__ = [
    "BLOCK_LINES",
    "COPYRIGHT_MARKERS",
    "MIN_LINE_LENGTH",
    "RISE_LOOKAHEAD",
    "THRESHOLD",
    "LineBlocks",
    "block_lengths",
    "find_regions",
    "line_length",
    "select_lines",
    "strip_markup",
    "text_lines",
]
