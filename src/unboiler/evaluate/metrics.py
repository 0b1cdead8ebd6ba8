"""Metrics that compare an extracted text with the gold text.

The shingle metric is the one of the public article-extraction benchmark (Scrapinghub,
"article-extraction-benchmark", ``evaluate.py``): texts are cut into ``\\w+`` tokens,
tokens into overlapping 4-grams ("shingles") counted as multisets, and each page gets
true/false positives and false negatives normalised by their sum, so that long pages do
not weigh more than short ones.  Precision is averaged over the pages where something was
predicted, recall over the pages that have gold text, and F1 is the harmonic mean of the
two averages (not an average of per-page F1s).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from typing import Final, NamedTuple

#: Shingle length of the benchmark.
SHINGLE_SIZE: Final = 4
_TOKEN: Final = re.compile(r"\w+")


class Counts(NamedTuple):
    """Normalised true positives, false positives and false negatives of one page."""

    tp: float
    fp: float
    fn: float


class Scores(NamedTuple):
    precision: float
    recall: float
    f1: float


def shingles(text: str, size: int = SHINGLE_SIZE) -> Counter[tuple[str, ...]]:
    """The multiset of ``size``-token shingles of ``text``; a text shorter than ``size``
    tokens is one shorter shingle, an empty text none."""
    tokens = _TOKEN.findall(text or "")
    if not tokens:
        return Counter()
    return Counter(tuple(tokens[i : i + size]) for i in range(max(1, len(tokens) - size + 1)))


def shingle_counts(gold: str, prediction: str, size: int = SHINGLE_SIZE) -> Counts:
    """Matched, extra and missed shingles of one page, normalised by their sum."""
    gold_shingles = shingles(gold, size)
    predicted = shingles(prediction, size)
    tp = sum((gold_shingles & predicted).values())
    fp = sum((predicted - gold_shingles).values())
    fn = sum((gold_shingles - predicted).values())
    total = tp + fp + fn
    if total == 0:
        return Counts(0.0, 0.0, 0.0)
    return Counts(tp / total, fp / total, fn / total)


def page_precision(counts: Counts) -> float:
    """Precision of one page: 1.0 when nothing was missed or added, 0.0 when nothing was
    predicted."""
    tp, fp, fn = counts
    if fp == 0 and fn == 0:
        return 1.0
    if tp == 0 and fp == 0:
        return 0.0
    return tp / (tp + fp)


def page_recall(counts: Counts) -> float:
    """Recall of one page: 1.0 when nothing was missed or added, 0.0 when there was gold
    text and none of it was found."""
    tp, fp, fn = counts
    if fp == 0 and fn == 0:
        return 1.0
    if tp == 0 and fn == 0:
        return 0.0
    return tp / (tp + fn)


def macro_scores(pages: Sequence[Counts]) -> Scores:
    """Precision averaged over pages with a prediction, recall over pages with gold text,
    and F1 of the two averages, as the benchmark computes them."""
    precisions = [page_precision(c) for c in pages if c.tp + c.fp > 0]
    recalls = [page_recall(c) for c in pages if c.tp + c.fn > 0]
    precision = sum(precisions) / len(precisions) if precisions else 0.0
    recall = sum(recalls) / len(recalls) if recalls else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall > 0 else 0.0
    return Scores(precision, recall, f1)


__all__ = [
    "SHINGLE_SIZE",
    "Counts",
    "Scores",
    "macro_scores",
    "page_precision",
    "page_recall",
    "shingle_counts",
    "shingles",
]
