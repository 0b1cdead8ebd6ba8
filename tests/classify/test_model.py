"""Model files: round trip, the refusals of the loader, the packaged models, and the
classifier stage on hand-built blocks."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import numpy as np
import pytest
from tests.conftest import make_doc

from unboiler.classify.features import DENSE_FEATURES, FEATURES_VERSION
from unboiler.classify.model import (
    DEFAULT_MODELS,
    LEAF,
    BlockModel,
    ClassifyBlocks,
    ModelError,
    Trees,
    load_model,
    model_from_json,
)

#: The packaged models must stay small enough to ship in the wheel (issue 5: under 5 MB).
MAX_MODEL_BYTES = 5_000_000
LINK_DENSITY = DENSE_FEATURES.index("link_density")
LOG_WORDS = DENSE_FEATURES.index("log_words")


def no_trees() -> Trees:
    empty = np.zeros(0, dtype=np.int64)
    return Trees(empty, np.zeros(0), empty, empty, np.zeros(0), empty)


def link_tree(leaf_links: float = -3.0, leaf_text: float = 3.0) -> Trees:
    """One tree: link density above 0.5 goes to ``leaf_links``, else ``leaf_text``."""
    return Trees(
        np.array([LINK_DENSITY, LEAF, LEAF]),
        np.array([0.5, 0.0, 0.0]),
        np.array([1, 0, 0]),
        np.array([2, 0, 0]),
        np.array([0.0, leaf_text, leaf_links]),
        np.array([0]),
    )


def constant_model(
    bias: float, *, extractor: str = "density", threshold: float = 0.5
) -> BlockModel:
    return BlockModel(extractor, no_trees(), bias, threshold)


def saved(tmp_path: Path, data: object) -> Path:
    path = tmp_path / "model.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def two_trees() -> Trees:
    """A link-density stump, then a tree on words two levels deep."""
    first = link_tree()
    return Trees(
        np.concatenate([first.feature, [LOG_WORDS, LOG_WORDS, LEAF, LEAF, LEAF]]),
        np.concatenate([first.threshold, [2.0, 1.0, 0.0, 0.0, 0.0]]),
        np.concatenate([first.left, [4, 5, 0, 0, 0]]),
        np.concatenate([first.right, [7, 6, 0, 0, 0]]),
        np.concatenate([first.value, [0.0, 0.0, -1.0, 0.5, 2.0]]),
        np.array([0, 3]),
    )


def test_trees_add_the_leaf_each_row_reaches() -> None:
    trees = two_trees()
    rows = np.zeros((4, len(DENSE_FEATURES)))
    rows[:, LINK_DENSITY] = [0.9, 0.1, 0.1, 0.5]
    rows[:, LOG_WORDS] = [0.5, 1.5, 3.0, 1.0]
    # row 0: links (-3) and words <= 1 (-1); row 1: text (3), 1 < words <= 2 (0.5);
    # row 2: text (3), words > 2 (2); row 3: a value equal to a threshold goes left.
    assert trees.leaf_sum(rows).tolist() == [-4.0, 3.5, 5.0, 2.0]


def test_round_trip_keeps_every_node(tmp_path: Path) -> None:
    model = BlockModel("density-blocks", two_trees(), -0.25, 0.4, {"dataset": "toy"})
    path = tmp_path / "m.json"
    model.save(path)
    loaded = load_model(path, extractor="density-blocks")
    rows = np.random.default_rng(1).uniform(0, 4, size=(50, len(DENSE_FEATURES)))
    assert np.array_equal(loaded.decision(rows), model.decision(rows))
    assert (loaded.baseline, loaded.threshold, loaded.trained_on) == (
        -0.25,
        0.4,
        {"dataset": "toy"},
    )


def test_trees_pointing_outside_or_backwards_are_refused() -> None:
    for field, value in (("left", [5, 0, 0]), ("left", [0, 0, 0]), ("feature", [999, -1, -1])):
        data = BlockModel("density", link_tree(), 0.0, 0.5).to_json()
        data["trees"][field] = value
        with pytest.raises(ModelError, match="damaged"):
            model_from_json(data)


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
    data = BlockModel("density", link_tree(), 0.0, 0.5).to_json()
    data["trees"]["value"] = [0.0, 1.0]
    with pytest.raises(ModelError, match="damaged"):
        model_from_json(data)
    data = constant_model(1.0).to_json()
    del data["trees"]
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


def test_trees_move_the_decision() -> None:
    model = BlockModel("density-blocks", link_tree(), 0.0, 0.5)
    document = make_doc([10, 10], link_words=[10, 0])
    ClassifyBlocks(model)(document)
    assert [b.is_content for b in document.blocks] == [False, True]
