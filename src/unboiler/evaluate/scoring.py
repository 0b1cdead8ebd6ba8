"""From the pages a system extracted to the figures of one table row.

Quality figures are averages over pages with a bootstrap ± (1.96 standard deviations of
1,000 resamples of the pages, :func:`~unboiler.evaluate.metrics.bootstrap_ci`); speed is
pages per second of extraction time, with the median and 95th percentile of the per-page
milliseconds; memory is the peak resident set of the system's process.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from unboiler.evaluate.datasets import Dataset, Page
from unboiler.evaluate.metrics import (
    Counts,
    SnippetCounts,
    bootstrap_ci,
    char_counts,
    exact_match,
    page_f1,
    page_precision,
    page_recall,
    shingle_counts,
    snippet_counts,
    snippet_scores,
)
from unboiler.evaluate.runner import SystemRun


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


# Metric keys in table order, for gold-text and for snippet datasets.
GOLD_METRICS = ("f1", "precision", "recall", "exact", "char_f1", "char_precision", "char_recall")
SNIPPET_METRICS = ("f1", "precision", "recall", "accuracy")


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
    :func:`~unboiler.evaluate.metrics.macro_scores`) for shingles and characters, and the
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


def _quality(pages: Sequence[Page], texts: Sequence[str]) -> tuple[dict[str, Figure], list[Any]]:
    if any(page.snippets is not None for page in pages):
        snippet_rows = []
        for page, text in zip(pages, texts, strict=True):
            snippets = page.snippets
            present, absent = (snippets.present, snippets.absent) if snippets else ((), ())
            snippet_rows.append(snippet_counts(present, absent, text))
        values = snippet_statistic(snippet_rows)
        cis = bootstrap_ci(snippet_rows, snippet_statistic)
        return {k: Figure(values[k], cis[k]) for k in SNIPPET_METRICS}, list(snippet_rows)
    gold_rows = []
    for page, text in zip(pages, texts, strict=True):
        gold = page.gold or ""
        shingles = shingle_counts(gold, text)
        gold_rows.append(
            (shingles, _gold_row(shingles, char_counts(gold, text), exact_match(gold, text)))
        )
    rows = [row for _, row in gold_rows]
    values = gold_statistic(rows)
    cis = bootstrap_ci(rows, gold_statistic)
    return {k: Figure(values[k], cis[k]) for k in GOLD_METRICS}, gold_rows


def _percentile(ordered: Sequence[float], share: float) -> float:
    """Nearest-rank percentile of sorted values."""
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered) + 0.5) - 1))]


def score(run: SystemRun, dataset: Dataset) -> SystemResult:
    """The table row of one system's run over ``dataset`` (pages in the same order)."""
    pages = list(dataset.pages)
    texts = [page.text for page in run.pages]
    quality, rows = _quality(pages, texts)
    seconds = sorted(page.seconds for page in run.pages)
    busy = max(run.busy_seconds, default=0.0)
    per_page: list[dict[str, Any]] = []
    for page, page_run, row in zip(pages, run.pages, rows, strict=True):
        entry: dict[str, Any] = {"id": page.id, "url": page.url}
        if isinstance(row, SnippetCounts):
            entry.update(row._asdict())
        else:
            shingles, (_, _, exact, _, _) = row
            entry.update(
                f1=page_f1(shingles),
                precision=page_precision(shingles),
                recall=page_recall(shingles),
                exact=bool(exact),
            )
        entry.update(ms=page_run.seconds * 1000, error=page_run.error)
        per_page.append(entry)
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
    )


__all__ = [
    "GOLD_METRICS",
    "SNIPPET_METRICS",
    "Figure",
    "SystemResult",
    "gold_statistic",
    "score",
    "snippet_statistic",
]
