"""The quality gate: every registered extractor's F1 on fixed benchmark pages, pinned as
floors in ``tests/quality_floors.json`` and checked by ``tests/test_quality_gate.py``;
those that need an optional extra (``vips``, which renders pages in a browser) are left
out, and their figures are in ``benchmarks/RESULTS.md``.

A floor sits at most :data:`PIN_MARGIN` below the figure it was measured from, so a
change that costs an extractor more than that fails the tests, and one that raises a
figure by more than that asks for the floor to be raised (``benchmarks/pin_floors.py``,
which refuses to lower a floor unless told to).  Floors are bound to the pages they were
measured on by a digest of those pages.

The pages are those of :data:`GATE_DATASETS`, found where ``unboiler eval`` finds them
(``$UNBOILER_BENCHMARKS`` or ``../shared/benchmarks``).  WCXB is sampled (every
:data:`WCXB_STEP`-th page in id order) so that the gate stays a minute or two on two
cores, its pages shared out among them; each dataset is scored with its own metric.
"""

from __future__ import annotations

import hashlib
import json
import math
import multiprocessing
import os
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from itertools import repeat
from pathlib import Path
from typing import Any, Final, cast

from unboiler.datasets import Dataset, Page, load_dataset
from unboiler.metrics import (
    Counts,
    Scores,
    macro_scores,
    shingle_counts,
    wordbag_macro,
    wordbag_scores,
)

#: The datasets every extractor has a floor on.
GATE_DATASETS: Final = ("scrapinghub", "wcxb")
#: WCXB pages in the gate: every this-many-th page by id (1,355 pages -> 339).
WCXB_STEP: Final = 4
#: How far below its measured figure a floor is pinned (the issue's "within 0.005").
PIN_MARGIN: Final = 0.005


def gate_pages(dataset: Dataset) -> list[Page]:
    """The pages of ``dataset`` the gate scores, with gold text, in id order."""
    pages = [page for page in dataset.pages if page.gold is not None]
    return pages[::WCXB_STEP] if dataset.name == "wcxb" else pages


def pages_digest(pages: Iterable[Page]) -> str:
    """A digest of the pages' ids, HTML and gold text: floors hold for these pages only."""
    digest = hashlib.sha256()
    for page in pages:
        for part in (page.id.encode(), page.html, (page.gold or "").encode()):
            digest.update(len(part).to_bytes(8, "little"))
            digest.update(part)
    return digest.hexdigest()


def load_gate(name: str) -> tuple[Dataset, list[Page]]:
    """The dataset ``name`` and its gate pages (raises ``DatasetError`` when missing)."""
    dataset = load_dataset(name)
    return dataset, gate_pages(dataset)


def score(
    dataset: Dataset, pages: Sequence[Page], names: Iterable[str], *, workers: int = 1
) -> dict[str, float]:
    """F1 of each extractor in ``names`` on ``pages``, under the dataset's own metric.

    Each page is parsed once and every extractor runs on that document.  With
    ``workers`` over 1 the pages are shared out among that many spawned processes (the
    caller's script then needs its ``if __name__ == "__main__"`` guard): the gate is the
    longest part of the test suite, and the figures do not depend on the sharing, since
    every page is scored alone and the averages are taken here in page order."""
    names = list(names)
    items = [(page.html, page.url, page.gold or "") for page in pages]
    workers = max(1, min(workers, len(items)))
    if workers == 1:
        rows = _page_scores(dataset.metric, names, items)
    else:
        # four runs of pages a process, in page order: a run of slow pages holds up one
        # process for a quarter of its share, not the whole of it
        size = -(-len(items) // (4 * workers))
        chunks = [items[start : start + size] for start in range(0, len(items), size)]
        context = multiprocessing.get_context("spawn")  # no fork of a threaded test runner
        with ProcessPoolExecutor(workers, mp_context=context) as pool:
            parts = pool.map(_page_scores, repeat(dataset.metric), repeat(names), chunks)
            rows = [row for part in parts for row in part]
    result = {}
    for index, name in enumerate(names):
        column = [row[index] for row in rows]
        if dataset.metric == "wordbag":
            result[name] = wordbag_macro(cast(list[Scores], column)).f1
        else:
            result[name] = macro_scores(cast(list[Counts], column)).f1
    return result


def _page_scores(
    metric: str, names: Sequence[str], items: Sequence[tuple[bytes, str | None, str]]
) -> list[list[Scores | Counts]]:
    """Each page's score under each extractor in ``names``, a row a page (in a worker)."""
    import unboiler

    rows: list[list[Scores | Counts]] = []
    for html, url, gold in items:
        document = unboiler.parse(html, url=url)
        outputs = [unboiler.extract(document, extractor=name) for name in names]
        if metric == "wordbag":
            rows.append([wordbag_scores(gold, output) for output in outputs])
        else:
            rows.append([shingle_counts(gold, output) for output in outputs])
    return rows


def usable_cores() -> int:
    """The cores this process may run on (its CPU affinity, which a container's limit
    narrows, unlike ``os.cpu_count``)."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def pin(measured: float) -> float:
    """The floor for a measured figure: the lowest three-decimal value no more than
    :data:`PIN_MARGIN` below it."""
    return max(math.ceil(round((measured - PIN_MARGIN) * 1000, 6)) / 1000, 0.0)


def repin(old: dict[str, float], figures: dict[str, float]) -> tuple[dict[str, float], list[str]]:
    """The floors for ``figures`` (:func:`pin`), and a line for each extractor whose floor
    in ``old`` would go down: the caller refuses those unless lowering is asked for.  An
    old floor that its figure still meets stays, though the pin would be lower: the pin
    rounds, and a figure pinned at 0.9422 (floor 0.938) that is now 0.9412 (pin 0.937)
    has not fallen below anything; refusing it held back every floor that rose."""
    floors: dict[str, float] = {}
    lowered = []
    for name, f1 in sorted(figures.items()):
        floor, previous = pin(f1), old.get(name)
        if previous is not None and floor < previous:
            if f1 >= previous:
                floor = previous
            else:
                lowered.append(f"{name}: {previous} -> {floor} (F1 {f1:.4f})")
        floors[name] = floor
    return floors, lowered


def read_floors(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def write_floors(path: Path, data: dict[str, Any]) -> None:
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


__all__ = [
    "GATE_DATASETS",
    "PIN_MARGIN",
    "WCXB_STEP",
    "gate_pages",
    "load_gate",
    "pages_digest",
    "pin",
    "read_floors",
    "repin",
    "score",
    "usable_cores",
    "write_floors",
]
