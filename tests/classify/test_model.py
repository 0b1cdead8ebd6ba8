"""Model files: round trip, the refusals of the loader, the packaged models, and the
classifier stage on hand-built blocks."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import numpy as np
import pytest
from tests.conftest import make_doc

from unboiler.classify.features import DENSE_FEATURES, FEATURES_VERSION, HASH_BITS
from unboiler.classify.model import (
    DEFAULT_MODELS,
    BlockModel,
    ClassifyBlocks,
    ModelError,
    load_model,
    model_from_json,
)

#: The packaged models must stay small enough to ship in the wheel (issue 5: under 5 MB).
MAX_MODEL_BYTES = 5_000_000


def constant_model(
    bias: float, *, extractor: str = "density", threshold: float = 0.5
) -> BlockModel:
    return BlockModel(
        extractor,
        np.zeros(1 << HASH_BITS, dtype=np.float32),
        np.zeros(len(DENSE_FEATURES)),
        bias,
        threshold,
    )


def saved(tmp_path: Path, data: object) -> Path:
    path = tmp_path / "model.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_round_trip_keeps_every_weight(tmp_path: Path) -> None:
    rng = np.random.default_rng(1)
    model = BlockModel(
        "density-blocks",
        rng.normal(size=1 << HASH_BITS).astype(np.float32),
        rng.normal(size=len(DENSE_FEATURES)),
        -0.25,
        0.4,
        {"dataset": "toy"},
    )
    path = tmp_path / "m.json"
    model.save(path)
    loaded = load_model(path, extractor="density-blocks")
    assert np.array_equal(loaded.hashed, model.hashed)
    assert np.allclose(loaded.dense, model.dense)
    assert (loaded.bias, loaded.threshold, loaded.trained_on) == (-0.25, 0.4, {"dataset": "toy"})


def test_other_features_version_is_refused_with_the_reason(tmp_path: Path) -> None:
    data = constant_model(1.0).to_json()
    data["features_version"] = FEATURES_VERSION + 1
    with pytest.raises(ModelError, match=r"features version .* retrain"):
        load_model(saved(tmp_path, data), extractor="density")


def test_other_feature_list_is_refused(tmp_path: Path) -> None:
    data = constant_model(1.0).to_json()
    data["features"] = data["features"][1:]
    with pytest.raises(ModelError, match="features"):
        load_model(saved(tmp_path, data), extractor="density")


def test_model_of_another_extractor_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    constant_model(1.0, extractor="density-blocks").save(path)
    with pytest.raises(ModelError, match="trained for extractor 'density-blocks'"):
        load_model(path, extractor="density")


def test_file_that_is_not_a_model_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ModelError, match="not an unboiler block-classifier"):
        load_model(saved(tmp_path, {"weights": [1, 2]}), extractor="density")
    with pytest.raises(ModelError, match="cannot read"):
        load_model(tmp_path / "missing.json", extractor="density")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(ModelError, match="cannot read"):
        load_model(bad, extractor="density")


def test_damaged_weights_are_refused() -> None:
    data = constant_model(1.0).to_json()
    data["hashed_weights"]["data"] = "AAAA"
    with pytest.raises(ModelError, match="damaged"):
        model_from_json(data)
    data = constant_model(1.0).to_json()
    data["threshold"] = 2.0
    with pytest.raises(ModelError, match="damaged"):
        model_from_json(data)


def test_other_format_version_is_refused() -> None:
    data = constant_model(1.0).to_json()
    data["format_version"] = 99
    with pytest.raises(ModelError, match="format 99"):
        model_from_json(data)


@pytest.mark.parametrize("extractor", sorted(DEFAULT_MODELS))
def test_packaged_model_is_small_loads_and_states_its_data(extractor: str) -> None:
    resource = resources.files("unboiler") / "data" / DEFAULT_MODELS[extractor]
    assert len(resource.read_bytes()) < MAX_MODEL_BYTES
    model = load_model(None, extractor=extractor)
    assert model.extractor == extractor
    # Trained on Readability's pages, so that scoring it on scrapinghub is honest.
    assert model.trained_on["dataset"] == "readability"
    assert model.trained_on["command"].startswith("unboiler train readability")


def test_classifier_decides_only_flagged_blocks_for_density() -> None:
    document = make_doc([20, 20, 20], content=[True, False, True])
    assert not ClassifyBlocks(constant_model(5.0))(document)  # keeps what it sees
    assert [b.is_content for b in document.blocks] == [True, False, True]
    assert ClassifyBlocks(constant_model(-5.0))(document)
    assert [b.is_content for b in document.blocks] == [False, False, False]


def test_classifier_decides_every_block_for_the_variant() -> None:
    document = make_doc([20, 20, 20], content=[True, False, True])
    assert ClassifyBlocks(constant_model(5.0, extractor="density-blocks"))(document)
    assert [b.is_content for b in document.blocks] == [True, True, True]


def test_threshold_is_inclusive() -> None:
    document = make_doc([20], content=[True])
    ClassifyBlocks(constant_model(0.0, threshold=0.5))(document)  # probability exactly 0.5
    assert document.blocks[0].is_content


def test_classifier_on_empty_document_changes_nothing() -> None:
    assert not ClassifyBlocks(constant_model(5.0))(make_doc([]))


def test_weights_move_the_decision() -> None:
    model = constant_model(0.0, extractor="density-blocks", threshold=0.5)
    model.dense[DENSE_FEATURES.index("link_density")] = -10.0
    document = make_doc([10, 10], link_words=[10, 0])
    ClassifyBlocks(model)(document)
    assert [b.is_content for b in document.blocks] == [False, True]
