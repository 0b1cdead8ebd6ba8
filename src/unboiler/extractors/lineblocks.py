"""The line-block distribution extractor (Chen Xin, cx-extractor, 2010)."""

from __future__ import annotations

from unboiler.extractors.registry import register
from unboiler.filters import Filter
from unboiler.filters.lineblocks import BLOCK_LINES, THRESHOLD, LineBlocks


@register("line-blocks")
def line_blocks(block_lines: int = BLOCK_LINES, threshold: int = THRESHOLD) -> Filter:
    """Line-block distribution (Chen Xin, "General web page text extraction based on the
    line-block distribution function", HIT 2010, cx-extractor): the tag-stripped source's
    dense runs of lines, without a DOM, in linear time.

    ``block_lines`` is K, the lines summed into one line block (3); ``threshold`` the
    length in characters, whitespace excluded, a line block must exceed to start the main
    text (86); both are the reference implementation's defaults.
    """
    return LineBlocks(block_lines=block_lines, threshold=threshold)
