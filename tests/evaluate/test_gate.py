"""The quality gate's scoring (:func:`unboiler.evaluate.gate.score`), on toy pages."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.classify.toy import write_dataset

from unboiler.datasets import load_dataset
from unboiler.evaluate.gate import score
from unboiler.metrics import macro_scores, shingle_counts


def test_pages_shared_among_workers_score_as_in_one_process(tmp_path: Path) -> None:
    """Each page is scored alone and the means taken in page order, so the figures are
    the same however many processes share the pages, and they are the metric's own."""
    import unboiler

    dataset = load_dataset(write_dataset(tmp_path / "toy", pages=7))
    pages = [page for page in dataset.pages if page.gold]
    names = ["default", "justext", "boilerpipe-everything"]
    alone = score(dataset, pages, names, workers=1)
    shared = score(dataset, pages, names, workers=3)
    assert shared == alone
    assert len(set(alone.values())) > 1  # the extractors differ: no column mixed up
    by_hand = macro_scores(
        [
            shingle_counts(
                page.gold or "", unboiler.extract(page.html, url=page.url, extractor="justext")
            )
            for page in pages
        ]
    ).f1
    assert dataset.metric != "wordbag"
    assert alone["justext"] == pytest.approx(by_hand, abs=1e-12)
