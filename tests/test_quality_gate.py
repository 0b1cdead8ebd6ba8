"""The quality gate: every registered extractor's F1 on scrapinghub and on a fixed sample
of WCXB, pinned in tests/quality_floors.json with a digest of the pages
(:mod:`unboiler.evaluate.gate`; re-pin with ``python benchmarks/pin_floors.py``).

Extractors that need an optional extra are left out (``core_extractors``): ``vips``
renders every page in Chromium, about a second a page, so its 520 gate pages would take
most of ten minutes on two cores; its figures are in ``benchmarks/results/vips.md``."""

from __future__ import annotations

from pathlib import Path

import pytest

from unboiler.datasets import DatasetError
from unboiler.evaluate.gate import (
    GATE_DATASETS,
    PIN_MARGIN,
    load_gate,
    pages_digest,
    pin,
    repin,
    score,
    usable_cores,
)
from unboiler.extractors.registry import core_extractors

FLOORS_FILE = Path(__file__).parent / "quality_floors.json"
FLOORS = __import__("json").loads(FLOORS_FILE.read_text(encoding="utf-8"))


@pytest.mark.parametrize("dataset", GATE_DATASETS)
def test_every_extractor_has_a_floor(dataset: str) -> None:
    floors = FLOORS[dataset]["floors"]
    missing = sorted(set(core_extractors()) - set(floors))
    stale = sorted(set(floors) - set(core_extractors()))
    assert not missing, f"no {dataset} floor for {missing}: run benchmarks/pin_floors.py"
    assert not stale, f"{dataset} floors for extractors that no longer exist: {stale}"


def test_pin_stays_within_the_margin() -> None:
    for measured in (0.7293, 0.7290, 0.9551, 0.001, 0.0):
        floor = pin(measured)
        assert measured - PIN_MARGIN - 1e-9 <= floor <= measured
        assert round(floor * 1000) == pytest.approx(floor * 1000)


def test_repin_raises_floors_and_reports_any_that_would_go_down() -> None:
    old = {"a": 0.80, "b": 0.90, "d": 0.938}
    figures = {"a": 0.8512, "b": 0.8001, "c": 0.5, "d": 0.9412}
    floors, lowered = repin(old, figures)
    # d still meets its floor: its pin (0.937) is lower only by rounding, and it stays
    assert floors == {"a": 0.847, "b": 0.796, "c": 0.495, "d": 0.938}
    assert lowered == ["b: 0.9 -> 0.796 (F1 0.8001)"]


@pytest.fixture(scope="module", params=GATE_DATASETS)
def scored(request: pytest.FixtureRequest) -> tuple[str, dict[str, float]]:
    name = request.param
    try:
        dataset, pages = load_gate(name)
    except DatasetError as error:
        pytest.skip(f"{name} benchmark not available: {error}")
    if pages_digest(pages) != FLOORS[name]["digest"]:
        pytest.fail(f"the {name} pages differ from those the floors were measured on")
    # the longest fixture of the suite: its pages on every core, beside the other tests
    # that pytest-xdist runs there meanwhile
    return name, score(dataset, pages, sorted(FLOORS[name]["floors"]), workers=usable_cores())


def test_f1_floors(scored: tuple[str, dict[str, float]]) -> None:
    name, figures = scored
    below = {
        extractor: (round(f1, 4), FLOORS[name]["floors"][extractor])
        for extractor, f1 in figures.items()
        if f1 < FLOORS[name]["floors"][extractor]
    }
    above = {
        extractor: (round(f1, 4), FLOORS[name]["floors"][extractor])
        for extractor, f1 in figures.items()
        if f1 - FLOORS[name]["floors"][extractor] > PIN_MARGIN + 1e-9
    }
    assert not below, f"{name}: F1 fell below its floor (F1, floor): {below}"
    assert not above, (
        f"{name}: F1 rose more than {PIN_MARGIN} above its floor (F1, floor): {above}; "
        "raise the floors with python benchmarks/pin_floors.py"
    )
