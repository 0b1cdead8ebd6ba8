"""Metrics that compare an extracted text with the gold text.

The shingle metric is the one of the public article-extraction benchmark (Scrapinghub,
"article-extraction-benchmark", ``evaluate.py``): texts are cut into ``\\w+`` tokens,
tokens into overlapping 4-grams ("shingles") counted as multisets, and each page gets
true/false positives and false negatives normalised by their sum, so that long pages do
not weigh more than short ones.  Precision is averaged over the pages where something was
predicted, recall over the pages that have gold text, and F1 is the harmonic mean of the
two averages (not an average of per-page F1s).

The bag-of-words metric is the one of WCXB (Murrough Foley, Web Content Extraction
Benchmark v1.0, CC-BY-4.0), a benchmark of seven page types (articles, forums, products,
listings ...): lower-cased ``\\w+`` tokens counted as multisets, precision, recall and F1
per page, and each of the three averaged over pages.  Word order does not count, and every
page weighs the same.

Beside them: the character-level metric of Viveros-Jiménez et al. (2018), which weighs each
matched word by its length, so that a missed headline costs less than a missed paragraph
even in a short page; exact-match accuracy; the snippet metric of trafilatura's evaluation
(text that must and must not appear); and the bootstrap that puts a ± on each figure.
"""

from __future__ import annotations

import random
import re
import statistics
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from difflib import SequenceMatcher
from typing import Final, NamedTuple, TypeVar

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


def page_f1(counts: Counts) -> float:
    """F1 of one page's precision and recall: what ranks pages in ``--show-worst``."""
    precision, recall = page_precision(counts), page_recall(counts)
    return 2 * precision * recall / (precision + recall) if precision + recall > 0 else 0.0


# --------------------------------------------------------------------------- bag of words


def word_bag(text: str) -> Counter[str]:
    """The multiset of lower-cased ``\\w+`` tokens of ``text``: WCXB's unit of comparison."""
    return Counter(token.lower() for token in _TOKEN.findall(text or ""))


def wordbag_scores(gold: str, prediction: str) -> Scores:
    """Precision, recall and F1 of one page, as WCXB scores it.

    WCXB (Murrough Foley, v1.0, CC-BY-4.0): the tokens both texts share, counted as a
    multiset intersection, over the tokens predicted (precision) and over the gold tokens
    (recall); F1 is their harmonic mean.  A page with no gold tokens scores 1 when nothing
    was predicted and 0 otherwise; nothing predicted on a page with gold text scores 0.
    "Empty" means no token: an extraction of punctuation alone is empty.
    """
    gold_words, predicted = word_bag(gold), word_bag(prediction)
    if not gold_words:
        return Scores(1.0, 1.0, 1.0) if not predicted else Scores(0.0, 0.0, 0.0)
    if not predicted:
        return Scores(0.0, 0.0, 0.0)
    shared = sum((gold_words & predicted).values())
    precision = shared / sum(predicted.values())
    recall = shared / sum(gold_words.values())
    f1 = 2 * precision * recall / (precision + recall) if shared else 0.0
    return Scores(precision, recall, f1)


def wordbag_macro(pages: Sequence[Scores]) -> Scores:
    """Precision, recall and F1 each averaged over every page, as WCXB reports them.

    Unlike :func:`macro_scores`, F1 is the mean of the pages' F1s, not the harmonic mean of
    the averages, and every page counts in all three, whatever was predicted.
    """
    if not pages:
        return Scores(0.0, 0.0, 0.0)
    count = len(pages)
    return Scores(
        sum(page.precision for page in pages) / count,
        sum(page.recall for page in pages) / count,
        sum(page.f1 for page in pages) / count,
    )


# --------------------------------------------------------------------------- characters

# Words and single punctuation marks: every character but whitespace belongs to one token,
# so the count below covers every visible character of both texts.
_CHAR_TOKEN: Final = re.compile(r"\w+|[^\w\s]")


def char_counts(gold: str, prediction: str) -> Counts:
    """Matched, extra and missed characters of one page, normalised by their sum.

    Viveros-Jiménez et al., "Improving the Boilerpipe algorithm for boilerplate removal in
    news articles using HTML tree structure", Computación y Sistemas 22(2), 2018, §5:
    precision, recall and F1 over characters, "where a positive value is any character
    that belongs to the gold standard content".  The paper does not say how a predicted
    character is matched to a gold one; here both texts are cut into words and punctuation
    marks, aligned in order with difflib's matching blocks (Ratcliff-Obershelp), and each
    aligned token counts its characters as true positives.  Whitespace is not counted:
    extractors disagree on it and readers do not see it.  The normalisation by the sum is
    the one of the shingle metric, so :func:`macro_scores` averages both the same way.
    """
    gold_tokens = _CHAR_TOKEN.findall(gold or "")
    predicted = _CHAR_TOKEN.findall(prediction or "")
    matcher = SequenceMatcher(None, gold_tokens, predicted, autojunk=False)
    tp = sum(
        len(token)
        for block in matcher.get_matching_blocks()
        for token in gold_tokens[block.a : block.a + block.size]
    )
    fp = sum(map(len, predicted)) - tp
    fn = sum(map(len, gold_tokens)) - tp
    total = tp + fp + fn
    if total == 0:
        return Counts(0.0, 0.0, 0.0)
    return Counts(tp / total, fp / total, fn / total)


# --------------------------------------------------------------------------- exact match


def exact_match(gold: str, prediction: str) -> bool:
    """True when the prediction is the gold text up to whitespace and punctuation.

    Our definition (the benchmark's published "accuracy" column has no definition in its
    ``evaluate.py``): the two texts have the same sequence of ``\\w+`` tokens, the tokens
    the shingle metric reads.  A page whose gold text and prediction are both empty
    matches.  Stricter than shingle precision and recall both 1.0, which ignores order.
    """
    return _TOKEN.findall(gold or "") == _TOKEN.findall(prediction or "")


# --------------------------------------------------------------------------- snippets


class SnippetCounts(NamedTuple):
    """Snippets of one page: wanted and found (tp), unwanted and found (fp), unwanted and
    absent (tn), wanted and absent (fn)."""

    tp: int
    fp: int
    tn: int
    fn: int


class SnippetScores(NamedTuple):
    precision: float
    recall: float
    f1: float
    accuracy: float


def _squeeze(text: str) -> str:
    return " ".join(text.split())


def snippet_counts(present: Sequence[str], absent: Sequence[str], prediction: str) -> SnippetCounts:
    """Score one page of a snippet dataset, as trafilatura's comparison with its peers does
    (``tests/comparison.py``, a ``with`` and a ``without`` list per page): each snippet
    that must appear is a true positive when the extraction contains it and a false
    negative otherwise; each snippet that must not appear is a false positive when present
    and a true negative otherwise.  Whitespace is collapsed on both sides before the
    substring test."""
    text = _squeeze(prediction or "")
    found = [_squeeze(snippet) in text for snippet in present]
    leaked = [_squeeze(snippet) in text for snippet in absent]
    return SnippetCounts(
        tp=sum(found), fp=sum(leaked), tn=len(leaked) - sum(leaked), fn=len(found) - sum(found)
    )


def snippet_scores(pages: Sequence[SnippetCounts]) -> SnippetScores:
    """Precision, recall, F1 and accuracy over all snippets of all pages (micro sums, as
    trafilatura's evaluation adds its counts over the whole collection)."""
    tp = sum(page.tp for page in pages)
    fp = sum(page.fp for page in pages)
    tn = sum(page.tn for page in pages)
    fn = sum(page.fn for page in pages)
    precision = tp / (tp + fp) if tp + fp else 0.0
    recall = tp / (tp + fn) if tp + fn else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall > 0 else 0.0
    accuracy = (tp + tn) / (tp + fp + tn + fn) if pages and tp + fp + tn + fn else 0.0
    return SnippetScores(precision, recall, f1, accuracy)


class SnippetRates(NamedTuple):
    """Share of the snippets that must appear that were found (higher is better), and of
    the snippets that must not appear that were found (lower is better)."""

    with_found: float
    without_found: float


def snippet_rates(pages: Sequence[SnippetCounts]) -> SnippetRates:
    """The two rates WCXB reports beside its word metric, over all snippets of all pages
    (sums, as :func:`snippet_scores`); 0.0 for a rate with no snippet to count."""
    wanted = sum(page.tp + page.fn for page in pages)
    unwanted = sum(page.fp + page.tn for page in pages)
    return SnippetRates(
        sum(page.tp for page in pages) / wanted if wanted else 0.0,
        sum(page.fp for page in pages) / unwanted if unwanted else 0.0,
    )


# --------------------------------------------------------------------------- bootstrap

#: Resamples of the pages, and the factor that turns their spread into a 95% interval:
#: the public article-extraction benchmark's ``evaluate.py`` reports 1.96 standard
#: deviations of 1,000 bootstrap resamples as its "±".
BOOTSTRAP_ROUNDS: Final = 1000
BOOTSTRAP_Z: Final = 1.96

_Item = TypeVar("_Item")


def bootstrap_ci(
    pages: Sequence[_Item],
    statistic: Callable[[Sequence[_Item]], Mapping[str, float]],
    *,
    rounds: int = BOOTSTRAP_ROUNDS,
    seed: int = 0,
) -> dict[str, float]:
    """Half-width of the 95% interval of each figure of ``statistic``, by resampling the
    pages with replacement (pages are the unit: the figures are averages over pages).

    Seeded, so the same run gives the same ± every time.  Fewer than two pages give 0.
    """
    if len(pages) < 2 or rounds < 2:
        return dict.fromkeys(statistic(pages), 0.0)
    rng = random.Random(seed)
    n = len(pages)
    draws: dict[str, list[float]] = {}
    for _ in range(rounds):
        sample = [pages[rng.randrange(n)] for _ in range(n)]
        for key, value in statistic(sample).items():
            draws.setdefault(key, []).append(value)
    return {key: BOOTSTRAP_Z * statistics.stdev(values) for key, values in draws.items()}


__all__ = [
    "BOOTSTRAP_ROUNDS",
    "BOOTSTRAP_Z",
    "SHINGLE_SIZE",
    "Counts",
    "Scores",
    "SnippetCounts",
    "SnippetRates",
    "SnippetScores",
    "bootstrap_ci",
    "char_counts",
    "exact_match",
    "macro_scores",
    "page_f1",
    "page_precision",
    "page_recall",
    "shingle_counts",
    "shingles",
    "snippet_counts",
    "snippet_rates",
    "snippet_scores",
    "word_bag",
    "wordbag_macro",
    "wordbag_scores",
]
