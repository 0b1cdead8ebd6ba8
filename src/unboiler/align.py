"""Mapping text back onto blocks.

Some methods do not classify our blocks directly: the line-based ones select lines of
the HTML source, and training needs to know which blocks a gold text covers.  Every
extractor must still end with content flags on :attr:`TextDocument.blocks`, so this
module measures how much of each block a given text covers.

Two measures, for two situations:

* :func:`bag_coverage` — the text is a gold text that may be edited, reordered or
  partial.  A block is scored by the share of its word 3-grams found in the gold text.
* :func:`selection_coverage` — the whole text of the page is given, in page order, as
  pieces flagged selected or not (the lines of a tag-stripped source).  Each block is
  looked up in it, ignoring word boundaries, and scored by the share of its letters that
  fall in selected pieces.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Final

from unboiler.document import TextBlock, TextDocument

_WORD: Final = re.compile(r"\w+")
#: Word n-gram length of :func:`bag_coverage`: long enough that common phrases of
#: boilerplate ("read more", "sign up for") do not match an article by accident.
BAG_NGRAM: Final = 3


def _words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


def _ngrams(words: list[str], size: int) -> list[tuple[str, ...]]:
    if len(words) < size:
        return [tuple(words)] if words else []
    return [tuple(words[i : i + size]) for i in range(len(words) - size + 1)]


def bag_coverage(
    blocks: Sequence[TextBlock], gold: str, size: int = BAG_NGRAM, *, context: bool = False
) -> list[float]:
    """For each block, the share of its word ``size``-grams that occur in ``gold``
    (blocks shorter than ``size`` words are one shorter n-gram).

    A block that short says little by itself: "Headphones" in a shop's menu is in the
    gold of any page whose description names headphones.  With ``context``, such a block
    counts (1.0) only when it also sits in the gold next to its neighbour: the n-gram its
    words make with the last words of the previous non-empty block, or with the first
    words of the next, is in the gold too; else it counts 0.  The default extractor's
    training labels use it (held-out WCXB F1 of its first stage 0.857 -> 0.861, the
    menus and tag lists of shop and service pages no longer taught as content).
    """
    gold_words = _words(gold)
    known: set[tuple[str, ...]] = set()
    for length in range(1, size + 1):
        known.update(_ngrams(gold_words, length))
    words = [_words(block.text) for block in blocks]
    result = []
    for index, own in enumerate(words):
        grams = _ngrams(own, size)
        if not grams:
            result.append(0.0)
        elif len(own) >= size or not context:
            result.append(sum(gram in known for gram in grams) / len(grams))
        elif grams[0] not in known:
            result.append(0.0)
        else:
            before = next((w for w in reversed(words[:index]) if w), [])
            after = next((w for w in words[index + 1 :] if w), [])
            beside = (bool(before) and tuple((before + own)[-size:]) in known) or (
                bool(after) and tuple((own + after)[:size]) in known
            )
            result.append(1.0 if beside else 0.0)
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


#: How many page-lengths of text the searches of :func:`selection_coverage` that find
#: nothing may read in all, before it only looks a short way ahead; this bounds the work
#: on pages whose blocks are missing from the given text.
MISS_BUDGET: Final = 4
#: How far past where the previous block ended :func:`selection_coverage` still looks for a
#: block once the miss budget is spent (letters beyond the block's own length).
NEAR_WINDOW: Final = 4096


def _letters(text: str) -> str:
    """The word characters of ``text``, lower-cased, with nothing between them."""
    return "".join(_WORD.findall(text.lower()))


def selection_coverage(
    blocks: Sequence[TextBlock], pieces: Iterable[tuple[str, bool]]
) -> list[float]:
    """For each block, the share of its letters that fall in the selected pieces.

    ``pieces`` is the text of the whole page in page order (selected or not), such as the
    lines of the HTML source with its markup removed.  Removing tags glues words together
    ("Title</h1><p>Body" becomes "TitleBody"), so texts are compared as runs of word
    characters without any separator.  And the blocks are looked up in the pieces, not
    the other way round: the pieces hold every block's text plus text no block has
    (``<title>``, ``<noscript>``, options), so each block is normally found ahead of the
    previous one and the search reads the page once.  A block that is not found at all
    costs a read of the rest of the page; those reads share a budget of
    :data:`MISS_BUDGET` page-lengths, after which a block is looked for only
    :data:`NEAR_WINDOW` letters ahead, so the whole mapping stays linear in the size of
    the page.
    """
    starts: list[int] = []
    selected_before: list[int] = []  # selected letters in the pieces before this one
    flags: list[bool] = []
    parts: list[str] = []
    position = 0
    selected_total = 0
    for text, selected in pieces:
        letters = _letters(text)
        if not letters:
            continue
        starts.append(position)
        selected_before.append(selected_total)
        flags.append(selected)
        parts.append(letters)
        position += len(letters)
        if selected:
            selected_total += len(letters)
    source = "".join(parts)

    # The offsets asked for only grow (each block is found after the previous one), so
    # the piece holding an offset is found by moving forward, never by searching again.
    piece = -1

    def selected_up_to(offset: int) -> int:
        nonlocal piece
        while piece + 1 < len(starts) and starts[piece + 1] <= offset:
            piece += 1
        if piece < 0:
            return 0
        inside = min(offset - starts[piece], len(parts[piece])) if flags[piece] else 0
        return selected_before[piece] + inside

    budget = MISS_BUDGET * len(source)
    cursor = 0
    result = []
    for block in blocks:
        needle = _letters(block.text)
        if not needle:
            result.append(0.0)
            continue
        if budget > 0:
            found = source.find(needle, cursor)
            if found < 0:
                budget -= len(source) - cursor
        else:
            found = source.find(needle, cursor, cursor + len(needle) + NEAR_WINDOW)
        if found < 0:
            result.append(0.0)
            continue
        end = found + len(needle)
        before = selected_up_to(found)
        result.append((selected_up_to(end) - before) / len(needle))
        cursor = end
    return result


__all__ = [
    "BAG_NGRAM",
    "MIN_COVERAGE",
    "MISS_BUDGET",
    "NEAR_WINDOW",
    "bag_coverage",
    "mark_covered",
    "selection_coverage",
]
