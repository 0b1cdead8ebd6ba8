"""The default extractor's model: its file format, its checks on load, training it end
to end with `unboiler train`, and what its decisions carry."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from click.testing import CliRunner
from tests.classify.toy import make_page, write_dataset

import unboiler
from unboiler.classify.decide import explain
from unboiler.classify.default_model import (
    DEFAULT_MODEL_FORMAT,
    DEFAULT_MODEL_VERSION,
    FAVOR_MODES,
    PAGE_TYPES,
    default_model_from_json,
    load_default_model,
    model_feature_names,
    refine_feature_names,
)
from unboiler.classify.model import ModelError
from unboiler.classify.signals import SIGNALS_VERSION, page_feature_names
from unboiler.cli import main


@pytest.fixture(scope="module")
def toy_model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = write_dataset(tmp_path_factory.mktemp("toy") / "toy", pages=12)
    out = folder.parent / "model.json"
    result = CliRunner().invoke(main, ["train", str(folder), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "default model" in result.output
    return out


def test_packaged_model_loads_and_says_what_it_is() -> None:
    model = load_default_model()
    assert set(model.thresholds) == set(FAVOR_MODES)
    assert model.page_types.classes == len(PAGE_TYPES)
    assert "unboiler train" in model.trained_on["command"]
    raw = json.loads(
        (Path(unboiler.__file__).parent / "data" / "default-model.json").read_text("utf-8")
    )
    assert raw["format"] == DEFAULT_MODEL_FORMAT
    assert raw["format_version"] == DEFAULT_MODEL_VERSION
    assert raw["signals_version"] == SIGNALS_VERSION
    assert raw["block_features"] == model_feature_names()


def test_packaged_model_is_small() -> None:
    path = Path(unboiler.__file__).parent / "data" / "default-model.json"
    assert path.stat().st_size < 5_000_000


def _model_json(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text("utf-8"))
    return data


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(format="something-else"), "not an unboiler default"),
        (lambda d: d.update(format_version=DEFAULT_MODEL_VERSION + 1), "format version"),
        (lambda d: d.update(signals_version=SIGNALS_VERSION + 1), "features version"),
        (lambda d: d.update(page_features=page_feature_names()[:-1]), "retrain"),
        (lambda d: d.update(page_types=list(reversed(PAGE_TYPES))), "retrain"),
        (lambda d: d["thresholds"].pop("recall"), "thresholds"),
        (lambda d: d["thresholds"].update(balanced=1.5), "thresholds"),
        (lambda d: d["block_model"]["features"][0].__setitem__(0, 10**9), "damaged"),
        (lambda d: d["block_model"]["values"].pop(), "damaged"),
        (lambda d: d["refine_model"].pop("bias"), "damaged"),
        (lambda d: d["page_type_model"].update(scale="x"), "damaged"),
    ],
)
def test_refuses_a_model_made_for_something_else(
    toy_model: Path, change: Any, message: str
) -> None:
    data = _model_json(toy_model)
    change(data)
    with pytest.raises(ModelError, match=message):
        default_model_from_json(data)


def test_trained_model_round_trips(toy_model: Path, tmp_path: Path) -> None:
    model = load_default_model(toy_model)
    again = tmp_path / "again.json"
    model.save(again)
    reloaded = load_default_model(again)
    rows = np.random.default_rng(0).normal(size=(20, len(model_feature_names())))
    assert np.allclose(model.block_probabilities(rows), reloaded.block_probabilities(rows))
    assert reloaded.thresholds == model.thresholds


def test_trained_model_extracts_the_article_of_an_unseen_page(toy_model: Path) -> None:
    import random

    html, gold = make_page(random.Random(99), site=9)
    text = unboiler.extract(html, extractor=unboiler.get_extractor("default", model=toy_model))
    for paragraph in gold.split("\n"):
        assert paragraph in text
    assert "Share on Facebook" not in text
    assert "All rights reserved" not in text


def test_cli_extract_with_model(toy_model: Path, tmp_path: Path) -> None:
    import random

    html, gold = make_page(random.Random(5), site=2)
    page = tmp_path / "page.html"
    page.write_text(html, encoding="utf-8")
    result = CliRunner().invoke(main, ["extract", str(page), "--model", str(toy_model)])
    assert result.exit_code == 0, result.output
    assert gold.split("\n")[0] in result.output


def test_favor_modes_order_their_thresholds(toy_model: Path) -> None:
    thresholds = load_default_model(toy_model).thresholds
    assert thresholds["recall"] <= thresholds["balanced"] <= thresholds["precision"]


def test_each_block_carries_its_score_and_an_explanation(toy_model: Path) -> None:
    import random

    html, _ = make_page(random.Random(3), site=1)
    model = load_default_model(toy_model)
    document = unboiler.parse(html)
    unboiler.get_extractor("default", model=model)(document)
    assert all(block.score is not None for block in document.blocks)
    assert all(
        block.is_content == (block.score >= model.thresholds["balanced"])  # type: ignore[operator]
        for block in document.blocks
    )
    reasons = explain(document, model)
    assert len(reasons) == len(document.blocks)
    names = set(refine_feature_names())
    assert any(reasons)
    assert all(name in names for reason in reasons for name, _ in reason)


def test_unknown_favor_mode_is_refused() -> None:
    with pytest.raises(unboiler.UnboilerError, match="favor"):
        unboiler.get_extractor("default", favor="speed")
