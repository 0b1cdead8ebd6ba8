"""The feature-weighted block extractor of Chinese news portals (the survey of
:mod:`unboiler.filters.weighted`)."""

from __future__ import annotations

from unboiler.extractors.registry import register
from unboiler.filters import Filter
from unboiler.filters.weighted import WeightedBlocks


@register("weighted-blocks")
def weighted_blocks() -> Filter:
    """Feature-weighted blocks: the title, date, main and related-links block rules of
    Chinese news-portal extractors (as the Chinese survey "目前互联网上公布出来的正文提取算法",
    c. 2010, collects them), the main block trimmed at its ends by parent size; also reports
    the headline and date it found.

    The survey publishes the rules but not their weights; the constants it leaves open
    are documented in :mod:`unboiler.filters.weighted.rules`.
    """
    return WeightedBlocks()
