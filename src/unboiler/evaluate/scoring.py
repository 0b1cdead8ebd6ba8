"""From the pages a system extracted to the figures of one table row.

Quality figures are averages over pages with a bootstrap ± (1.96 standard deviations of
1,000 resamples of the pages, :func:`~unboiler.metrics.bootstrap_ci`); speed is
pages per second of extraction time, with the median and 95th percentile of the per-page
milliseconds; memory is the peak resident set of the system's process.

The quality figures follow the dataset: the shingle metric, exact match and the character
metric for gold text; the snippet metric for snippets alone; WCXB's bag-of-words metric,
exact match and the snippet rates for a ``wordbag`` dataset (the character metric is left
out there: its alignment takes about 30 s per system on WCXB's 1,355 pages, four times
what boilerpipe-article takes to extract them).  When pages have a type, the same figures
are given for each type.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, TypeVar

from unboiler.datasets import Dataset, Page
from unboiler.evaluate.runner import SystemRun
from unboiler.metrics import (
    Counts,
    Scores,
    SnippetCounts,
    bootstrap_ci,
    char_counts,
    exact_match,
    page_f1,
    page_precision,
    page_recall,
    shingle_counts,
    snippet_counts,
    snippet_rates,
    snippet_scores,
    wordbag_macro,
    wordbag_scores,
)


@dataclass(frozen=True)
class Figure:
    """A figure with the half-width of its 95% interval."""

    value: float
    ci: float = 0.0


@dataclass
class SystemResult:
    """One row of the table, and the per-page figures behind it."""

    name: str
    kind: str
    version: str
    pages: int
    errors: int
    quality: dict[str, Figure]
    pages_per_second: float
    median_ms: float
    p95_ms: float
    peak_rss_mb: float
    base_rss_mb: float
    per_page: list[dict[str, Any]] = field(default_factory=list)
    #: The quality figures of the pages of each type (WCXB's page types), most pages first.
    by_type: dict[str, dict[str, Figure]] = field(default_factory=dict)


# Metric keys in table order, for gold-text, snippet and WCXB (wordbag) datasets.
GOLD_METRICS = ("f1", "precision", "recall", "exact", "char_f1", "char_precision", "char_recall")
SNIPPET_METRICS = ("f1", "precision", "recall", "accuracy")
WORDBAG_METRICS = ("f1", "precision", "recall", "exact", "with_found", "without_found")

_Row = TypeVar("_Row")


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def _f1(precision: float, recall: float) -> float:
    return 2 * precision * recall / (precision + recall) if precision + recall > 0 else 0.0


# Per page: (shingle precision or None, shingle recall or None, exact 0/1,
#            char precision or None, char recall or None).  None where the benchmark's
# averaging leaves the page out (no prediction for precision, no gold for recall).
_GoldRow = tuple[float | None, float | None, float, float | None, float | None]


def _gold_row(shingles: Counts, chars: Counts, exact: bool) -> _GoldRow:
    return (
        page_precision(shingles) if shingles.tp + shingles.fp > 0 else None,
        page_recall(shingles) if shingles.tp + shingles.fn > 0 else None,
        1.0 if exact else 0.0,
        page_precision(chars) if chars.tp + chars.fp > 0 else None,
        page_recall(chars) if chars.tp + chars.fn > 0 else None,
    )


def gold_statistic(rows: Sequence[_GoldRow]) -> dict[str, float]:
    """The gold-text figures of a set of pages: the benchmark's macro averages (as
    :func:`~unboiler.metrics.macro_scores`) for shingles and characters, and the
    share of exact matches."""
    precision = _mean([row[0] for row in rows if row[0] is not None])
    recall = _mean([row[1] for row in rows if row[1] is not None])
    char_precision = _mean([row[3] for row in rows if row[3] is not None])
    char_recall = _mean([row[4] for row in rows if row[4] is not None])
    return {
        "f1": _f1(precision, recall),
        "precision": precision,
        "recall": recall,
        "exact": _mean([row[2] for row in rows]),
        "char_f1": _f1(char_precision, char_recall),
        "char_precision": char_precision,
        "char_recall": char_recall,
    }


def snippet_statistic(rows: Sequence[SnippetCounts]) -> dict[str, float]:
    return dict(snippet_scores(rows)._asdict())


class WordbagRow(NamedTuple):
    """One page of a WCXB dataset: its bag-of-words scores, whether its tokens equal the
    gold's, and its snippets."""

    scores: Scores
    exact: bool
    snippets: SnippetCounts


def wordbag_statistic(rows: Sequence[WordbagRow]) -> dict[str, float]:
    """WCXB's figures of a set of pages: precision, recall and F1 each averaged over the
    pages (:func:`~unboiler.metrics.wordbag_macro`), the share of exact matches,
    and the shares of ``with`` and ``without`` snippets found."""
    scores = wordbag_macro([row.scores for row in rows])
    rates = snippet_rates([row.snippets for row in rows])
    return {
        "f1": scores.f1,
        "precision": scores.precision,
        "recall": scores.recall,
        "exact": _mean([1.0 if row.exact else 0.0 for row in rows]),
        "with_found": rates.with_found,
        "without_found": rates.without_found,
    }


def _snippet_counts(page: Page, text: str) -> SnippetCounts:
    snippets = page.snippets
    present, absent = (snippets.present, snippets.absent) if snippets else ((), ())
    return snippet_counts(present, absent, text)


def _figures(
    rows: Sequence[_Row],
    statistic: Callable[[Sequence[_Row]], dict[str, float]],
    keys: Sequence[str],
) -> dict[str, Figure]:
    values = statistic(rows)
    cis = bootstrap_ci(rows, statistic)
    return {key: Figure(values[key], cis[key]) for key in keys}


def _by_type(
    pages: Sequence[Page],
    rows: Sequence[_Row],
    statistic: Callable[[Sequence[_Row]], dict[str, float]],
    keys: Sequence[str],
) -> dict[str, dict[str, Figure]]:
    """The figures of each page type's pages, the type with most pages first; empty when
    the dataset gives no types."""
    groups: dict[str, list[_Row]] = {}
    for page, row in zip(pages, rows, strict=True):
        if page.page_type is not None:
            groups.setdefault(page.page_type, []).append(row)
    ordered = sorted(groups.items(), key=lambda item: (-len(item[1]), item[0]))
    return {page_type: _figures(group, statistic, keys) for page_type, group in ordered}


def _entry(row: SnippetCounts | WordbagRow | tuple[Counts, _GoldRow]) -> dict[str, Any]:
    """The per-page figures of ``results.json`` (and of ``--show-worst``) from a row."""
    if isinstance(row, SnippetCounts):
        return dict(row._asdict())
    if isinstance(row, WordbagRow):
        found = row.snippets
        return {
            **row.scores._asdict(),
            "exact": row.exact,
            "with_found": found.tp,
            "with_missed": found.fn,
            "without_found": found.fp,
            "without_absent": found.tn,
        }
    shingles, (_, _, exact, _, _) = row
    return {
        "f1": page_f1(shingles),
        "precision": page_precision(shingles),
        "recall": page_recall(shingles),
        "exact": bool(exact),
    }


def _quality(
    dataset: Dataset, texts: Sequence[str]
) -> tuple[dict[str, Figure], dict[str, dict[str, Figure]], list[Any]]:
    """The figures of the whole dataset, those of each page type, and one row per page."""
    pages = dataset.pages
    pairs = list(zip(pages, texts, strict=True))
    if dataset.metric == "wordbag":
        rows = [
            WordbagRow(
                wordbag_scores(page.gold or "", text),
                exact_match(page.gold or "", text),
                _snippet_counts(page, text),
            )
            for page, text in pairs
        ]
        return (
            _figures(rows, wordbag_statistic, WORDBAG_METRICS),
            _by_type(pages, rows, wordbag_statistic, WORDBAG_METRICS),
            list(rows),
        )
    if dataset.has_snippets:
        snippet_rows = [_snippet_counts(page, text) for page, text in pairs]
        return (
            _figures(snippet_rows, snippet_statistic, SNIPPET_METRICS),
            _by_type(pages, snippet_rows, snippet_statistic, SNIPPET_METRICS),
            list(snippet_rows),
        )
    gold_rows = []
    for page, text in pairs:
        gold = page.gold or ""
        shingles = shingle_counts(gold, text)
        gold_rows.append(
            (shingles, _gold_row(shingles, char_counts(gold, text), exact_match(gold, text)))
        )
    rows_only = [row for _, row in gold_rows]
    return (
        _figures(rows_only, gold_statistic, GOLD_METRICS),
        _by_type(pages, rows_only, gold_statistic, GOLD_METRICS),
        gold_rows,
    )


def _percentile(ordered: Sequence[float], share: float) -> float:
    """Nearest-rank percentile of sorted values."""
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered) + 0.5) - 1))]


def score(run: SystemRun, dataset: Dataset) -> SystemResult:
    """The table row of one system's run over ``dataset`` (pages in the same order)."""
    pages = list(dataset.pages)
    texts = [page.text for page in run.pages]
    quality, by_type, rows = _quality(dataset, texts)
    seconds = sorted(page.seconds for page in run.pages)
    busy = max(run.busy_seconds, default=0.0)
    per_page = [
        {
            "id": page.id,
            "url": page.url,
            "page_type": page.page_type,
            **_entry(row),
            "ms": page_run.seconds * 1000,
            "error": page_run.error,
        }
        for page, page_run, row in zip(pages, run.pages, rows, strict=True)
    ]
    return SystemResult(
        name=run.spec.name,
        kind=run.spec.kind,
        version=run.version,
        pages=len(pages),
        errors=run.errors,
        quality=quality,
        pages_per_second=len(pages) / busy if busy > 0 else 0.0,
        median_ms=statistics.median(seconds) * 1000 if seconds else 0.0,
        p95_ms=_percentile(seconds, 0.95) * 1000,
        peak_rss_mb=run.peak_rss_kb / 1024,
        base_rss_mb=run.base_rss_kb / 1024,
        per_page=per_page,
        by_type=by_type,
    )


__all__ = [
    "GOLD_METRICS",
    "SNIPPET_METRICS",
    "WORDBAG_METRICS",
    "Figure",
    "SystemResult",
    "WordbagRow",
    "gold_statistic",
    "score",
    "snippet_statistic",
    "wordbag_statistic",
]
