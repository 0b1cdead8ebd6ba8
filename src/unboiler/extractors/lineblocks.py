"""The line-block distribution extractor (Chen Xin, cx-extractor, 2010), and a lenient
variant of ours."""

from __future__ import annotations

from unboiler.extractors.registry import register
from unboiler.filters import Filter, chain
from unboiler.filters.lineblocks import BLOCK_LINES, THRESHOLD, LineBlocks
from unboiler.parse import read_noscript


@register("line-blocks")
def line_blocks(block_lines: int = BLOCK_LINES, threshold: int = THRESHOLD) -> Filter:
    """Line-block distribution (Chen Xin, "General web page text extraction based on the
    line-block distribution function", HIT 2010, cx-extractor): the tag-stripped source's
    dense runs of lines, without a DOM, in linear time.

    ``block_lines`` is K, the lines summed into one line block (3); ``threshold`` the
    length in characters, whitespace excluded, a line block must exceed to start the main
    text (86); both are the reference implementation's defaults.  The method reads the
    source as text, ``<noscript>`` included, so the blocks are built with it too.
    """
    return chain(read_noscript, LineBlocks(block_lines=block_lines, threshold=threshold))


@register("line-blocks-lenient")
def line_blocks_lenient(block_lines: int = BLOCK_LINES, threshold: int = THRESHOLD) -> Filter:
    """Variant of line-blocks (ours): the same method, but the source's lines kept where
    markup spans several, character references decoded, a copyright region skipped
    instead of ending the scan, and a region still open at the end of the page kept
    (measured in benchmarks/RESULTS.md).  Options as for line-blocks.
    """
    return chain(
        read_noscript,
        LineBlocks(
            block_lines=block_lines,
            threshold=threshold,
            decode_references=True,
            stop_at_copyright=False,
            close_at_end=True,
            keep_line_breaks=True,
        ),
    )
