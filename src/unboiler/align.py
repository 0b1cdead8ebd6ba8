"""Mapping text back onto blocks.

Some methods do not classify our blocks directly: the line-based ones select lines of
the HTML source, and training needs to know which blocks a gold text covers.  Every
extractor must still end with content flags on :attr:`TextDocument.blocks`, so this
module measures how much of each block a given text covers.

Two measures, for two situations:

* :func:`ordered_coverage` — the selected texts are pieces of the page, in page order
  (what a line filter keeps).  Each piece is looked up in the running text of the blocks
  from where the previous one ended, so a repeated phrase is matched where it occurs.
* :func:`bag_coverage` — the text is a gold text that may be edited, reordered or
  partial.  A block is scored by the share of its word 3-grams found in the gold text.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from typing import Final

from unboiler.document import TextBlock, TextDocument

_WORD: Final = re.compile(r"\w+")
#: Word n-gram length of :func:`bag_coverage`: long enough that common phrases of
#: boilerplate ("read more", "sign up for") do not match an article by accident.
BAG_NGRAM: Final = 3


def _words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


def ordered_coverage(blocks: Sequence[TextBlock], texts: Iterable[str]) -> list[float]:
    """For each block, the share of its words covered by ``texts``, matched in order.

    Words are compared case-insensitively and without punctuation, so markup-level
    differences (entities, spacing, a tag in the middle of a word) do not matter.  A
    piece that is not found at all is skipped.
    """
    # The blocks' words as one string, with the offset where each block starts.
    starts: list[int] = []
    pieces: list[str] = []
    position = 0
    for block in blocks:
        words = " ".join(_words(block.text))
        starts.append(position)
        pieces.append(words)
        position += len(words) + 1
    running = " ".join(pieces) + " "
    covered = [0] * len(blocks)
    cursor = 0
    for text in texts:
        needle = " ".join(_words(text))
        if not needle:
            continue
        found = running.find(needle, cursor)
        if found < 0:
            continue
        end = found + len(needle)
        _spread(starts, pieces, covered, found, end)
        cursor = end
    return [
        covered[i] / len(pieces[i]) if pieces[i] else 0.0 for i in range(len(blocks))
    ]


def _spread(starts: list[int], pieces: list[str], covered: list[int], begin: int, end: int) -> None:
    """Add the characters of [begin, end) to the blocks they fall in."""
    index = max(bisect_right(starts, begin) - 1, 0)
    while index < len(starts) and starts[index] < end:
        block_begin = starts[index]
        block_end = block_begin + len(pieces[index])
        overlap = min(end, block_end) - max(begin, block_begin)
        if overlap > 0:
            covered[index] += overlap
        index += 1


def _ngrams(words: list[str], size: int) -> list[tuple[str, ...]]:
    if len(words) < size:
        return [tuple(words)] if words else []
    return [tuple(words[i : i + size]) for i in range(len(words) - size + 1)]


def bag_coverage(blocks: Sequence[TextBlock], gold: str, size: int = BAG_NGRAM) -> list[float]:
    """For each block, the share of its word ``size``-grams that occur in ``gold``
    (blocks shorter than ``size`` words are one shorter n-gram)."""
    gold_words = _words(gold)
    known: set[tuple[str, ...]] = set()
    for length in range(1, size + 1):
        known.update(_ngrams(gold_words, length))
    result = []
    for block in blocks:
        grams = _ngrams(_words(block.text), size)
        result.append(sum(gram in known for gram in grams) / len(grams) if grams else 0.0)
    return result


#: Share of a block's words that must be selected for the block to count as content.
MIN_COVERAGE: Final = 0.5


def mark_covered(
    document: TextDocument, coverage: Sequence[float], threshold: float = MIN_COVERAGE
) -> bool:
    """Set each block's content flag from its coverage; True when a flag changed."""
    changed = False
    for block, share in zip(document.blocks, coverage, strict=True):
        changed = block.set_content(share >= threshold) | changed
    return changed


__all__ = ["BAG_NGRAM", "MIN_COVERAGE", "bag_coverage", "mark_covered", "ordered_coverage"]
