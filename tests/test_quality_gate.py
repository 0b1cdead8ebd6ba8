"""The quality gate: F1 floors per extractor on the scrapinghub benchmark, pinned in
tests/quality_floors.json together with a digest of the corpus they were measured on."""

from __future__ import annotations

import gzip
import hashlib
import json
from pathlib import Path

import pytest

import unboiler
from unboiler.evaluate.metrics import macro_scores, shingle_counts

FLOORS = json.loads((Path(__file__).parent / "quality_floors.json").read_text())


def corpus_digest(path: Path) -> str:
    digest = hashlib.sha256((path / "ground-truth.json").read_bytes())
    for file in sorted((path / "html").glob("*.html.gz")):
        digest.update(file.name.encode())
        digest.update(file.read_bytes())
    return digest.hexdigest()


@pytest.fixture(scope="module")
def scored(request: pytest.FixtureRequest) -> dict[str, float]:
    path = Path(__file__).resolve().parent.parent.parent / "shared" / "benchmarks" / "scrapinghub"
    if not (path / "ground-truth.json").exists():
        pytest.skip(f"scrapinghub benchmark not found at {path}")
    expected = FLOORS["scrapinghub"]["digest"]
    if expected and corpus_digest(path) != expected:
        pytest.fail("the scrapinghub corpus differs from the one the floors were set on")
    gold = json.loads((path / "ground-truth.json").read_text(encoding="utf-8"))
    documents = {
        key: unboiler.parse(gzip.decompress((path / "html" / f"{key}.html.gz").read_bytes()))
        for key in gold
    }
    scores = {}
    for name in FLOORS["scrapinghub"]["floors"]:
        counts = [
            shingle_counts(gold[key]["articleBody"], unboiler.extract(doc, extractor=name))
            for key, doc in documents.items()
        ]
        scores[name] = macro_scores(counts).f1
    return scores


@pytest.mark.parametrize("name", sorted(FLOORS["scrapinghub"]["floors"]))
def test_f1_floor(scored: dict[str, float], name: str) -> None:
    floor = FLOORS["scrapinghub"]["floors"][name]
    assert scored[name] >= floor, f"{name}: F1 {scored[name]:.3f} fell below its floor {floor}"
