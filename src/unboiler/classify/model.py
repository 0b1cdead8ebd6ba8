"""A trained block classifier: boosted decision trees in a JSON file, scored with numpy.

A model is a sum of regression trees over :mod:`unboiler.classify.features` (gradient
boosting, fitted by scikit-learn's ``HistGradientBoostingClassifier``): the log-odds of a
block being content is a baseline plus one leaf value per tree, and a block is content
when the probability reaches the model's threshold (chosen on the training pages only,
see :mod:`unboiler.classify.train`).  The file is JSON, never pickle: the trees are flat
lists of nodes.  It records the features and their version, the extractor it was trained
for, and the data and command it was trained with; :func:`load_model` refuses a file made
for other features or another format with a :class:`ModelError` that says so.

Scoring needs numpy only: scikit-learn is needed to train, not to extract.
"""

from __future__ import annotations

import functools
import json
import math
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from unboiler.classify.features import (
    DENSE_FEATURES,
    FEATURES_VERSION,
    block_features,
    feature_names,
)
from unboiler.document import TextDocument
from unboiler.errors import UnboilerError
from unboiler.filters.density import DensityLines

#: What the ``format`` field of a model file must say.
MODEL_FORMAT: Final = "unboiler-block-classifier"
#: Version of the file layout (not of the features: see FEATURES_VERSION).  Version 1 was
#: a linear model over hashed n-grams.
MODEL_FORMAT_VERSION: Final = 2
#: The models that ship with the package, by extractor, under ``unboiler/data``.
DEFAULT_MODELS: Final = {
    "density": "density-model.json",
    "density-blocks": "density-blocks-model.json",
}
#: Which blocks an extractor's classifier decides: ``flagged`` (the blocks the density
#: stage kept, as in the published method) or ``all`` (the variant's).
CANDIDATES: Final = {"density": "flagged", "density-blocks": "all"}
#: The density stage that runs before each extractor's classifier: the published one on
#: the lines as served, and the variant's on lines cut at block-level tags.
LINE_STAGES: Final = {"density": DensityLines(), "density-blocks": DensityLines(reflow=True)}
#: Marks a leaf in :attr:`Trees.feature`.
LEAF: Final = -1


class ModelError(UnboilerError, ValueError):
    """A model file is missing, unreadable, or made for other features or another
    extractor."""


@dataclass(frozen=True, eq=False)
class Trees:
    """Regression trees as flat node arrays shared by all trees: node ``i`` sends a row
    to ``left[i]`` when its value of feature ``feature[i]`` is at most ``threshold[i]``,
    else to ``right[i]``; a leaf (``feature[i] == LEAF``) adds ``value[i]``.  ``roots``
    are the first node of each tree."""

    feature: npt.NDArray[np.int64]
    threshold: npt.NDArray[np.float64]
    left: npt.NDArray[np.int64]
    right: npt.NDArray[np.int64]
    value: npt.NDArray[np.float64]
    roots: npt.NDArray[np.int64]

    def leaves(self, rows: npt.NDArray[np.float64]) -> npt.NDArray[np.int64]:
        """The leaf each row reaches in each tree (rows by trees); all rows and trees walk
        down together, one level per step."""
        nodes = np.broadcast_to(self.roots, (len(rows), len(self.roots))).copy()
        if not len(self.roots) or not len(rows):
            return nodes
        row_index = np.arange(len(rows))[:, None]
        while True:
            feature = self.feature[nodes]
            inner = feature != LEAF
            if not inner.any():
                break
            values = rows[row_index, np.where(inner, feature, 0)]
            step = np.where(values <= self.threshold[nodes], self.left[nodes], self.right[nodes])
            nodes = np.where(inner, step, nodes)
        return nodes

    def leaf_sum(self, rows: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        """The sum over trees of the leaf each row reaches."""
        if not len(self.roots) or not len(rows):
            return np.zeros(len(rows))
        return np.asarray(self.value[self.leaves(rows)].sum(axis=1), dtype=np.float64)

    def to_json(self) -> dict[str, Any]:
        return {
            "roots": self.roots.tolist(),
            "feature": self.feature.tolist(),
            "threshold": [float(t) for t in self.threshold],
            "left": self.left.tolist(),
            "right": self.right.tolist(),
            "value": [float(v) for v in self.value],
        }


def trees_from_json(data: Any, num_features: int = len(DENSE_FEATURES)) -> Trees:
    """Rebuild :class:`Trees` over ``num_features`` features, checking that every node
    points inside the arrays and that every walk ends (children come after their
    parent)."""
    trees = Trees(
        np.asarray(data["feature"], dtype=np.int64),
        np.asarray(data["threshold"], dtype=np.float64),
        np.asarray(data["left"], dtype=np.int64),
        np.asarray(data["right"], dtype=np.int64),
        np.asarray(data["value"], dtype=np.float64),
        np.asarray(data["roots"], dtype=np.int64),
    )
    size = len(trees.feature)
    arrays = (trees.threshold, trees.left, trees.right, trees.value)
    if any(array.shape != (size,) for array in arrays) or trees.roots.ndim != 1:
        raise ModelError("node arrays of different lengths")
    inner = trees.feature != LEAF
    positions = np.arange(size)
    if (
        ((trees.roots < 0) | (trees.roots >= size)).any()
        or (trees.feature[inner] < 0).any()
        or (trees.feature[inner] >= num_features).any()
        or (trees.left[inner] <= positions[inner]).any()
        or (trees.right[inner] <= positions[inner]).any()
        or (trees.left[inner] >= size).any()
        or (trees.right[inner] >= size).any()
    ):
        raise ModelError("a node points outside the trees")
    if not (np.isfinite(trees.threshold[inner]).all() and np.isfinite(trees.value).all()):
        raise ModelError("weights that are not numbers")
    return trees


@dataclass(frozen=True, eq=False)
class BlockModel:
    """The boosted trees of a block classifier, and what they were trained for."""

    extractor: str
    trees: Trees
    baseline: float
    threshold: float
    trained_on: dict[str, Any] = field(default_factory=dict)

    @property
    def candidates(self) -> str:
        return CANDIDATES[self.extractor]

    def decision(self, features: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        """The score of each block (log-odds of being content)."""
        return self.baseline + self.trees.leaf_sum(features)

    def probabilities(self, features: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        return np.asarray(1.0 / (1.0 + np.exp(-self.decision(features))), dtype=np.float64)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": MODEL_FORMAT,
            "format_version": MODEL_FORMAT_VERSION,
            "extractor": self.extractor,
            "features_version": FEATURES_VERSION,
            "features": feature_names(),
            "threshold": self.threshold,
            "baseline": self.baseline,
            "trained_on": self.trained_on,
            "trees": self.trees.to_json(),
        }

    def save(self, path: str | Path) -> None:
        Path(path).write_text(
            json.dumps(self.to_json(), separators=(",", ":")) + "\n", encoding="utf-8"
        )


def model_from_json(data: Any, where: str = "model") -> BlockModel:
    """Rebuild a model from its JSON form, checking that it fits this version's features."""
    if not isinstance(data, dict) or data.get("format") != MODEL_FORMAT:
        raise ModelError(f"{where} is not an unboiler block-classifier model")
    if data.get("format_version") != MODEL_FORMAT_VERSION:
        raise ModelError(
            f"{where} has model format {data.get('format_version')}; this unboiler reads "
            f"format {MODEL_FORMAT_VERSION}: retrain it with `unboiler train`"
        )
    if data.get("features_version") != FEATURES_VERSION or data.get("features") != feature_names():
        raise ModelError(
            f"{where} was trained on features version {data.get('features_version')} "
            f"({data.get('features')}); this unboiler computes version {FEATURES_VERSION} "
            f"({feature_names()}): retrain it with `unboiler train`"
        )
    extractor = data.get("extractor")
    if extractor not in CANDIDATES:
        raise ModelError(f"{where} was trained for unknown extractor {extractor!r}")
    try:
        trees = trees_from_json(data["trees"])
        baseline = float(data["baseline"])
        threshold = float(data["threshold"])
    except (KeyError, TypeError, ValueError) as error:
        raise ModelError(f"{where} is damaged: {error}") from error
    if not (0.0 <= threshold <= 1.0 and math.isfinite(baseline)):
        raise ModelError(f"{where} is damaged: baseline or threshold out of range")
    return BlockModel(str(extractor), trees, baseline, threshold, data.get("trained_on", {}))


def read_model_file(path: str) -> Any:
    """The JSON of a model file, or a :class:`ModelError` saying why it cannot be read."""
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ModelError(f"cannot read model {path}: {error}") from error


def read_packaged_model(name: str) -> Any:
    """The JSON of a model shipped under ``unboiler/data``."""
    resource = resources.files("unboiler") / "data" / name
    try:
        return json.loads(resource.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as error:
        raise ModelError(f"the packaged model {name} cannot be read: {error}") from error


@functools.lru_cache(maxsize=8)
def _load_path(path: str, mtime_ns: int, size: int) -> BlockModel:
    del mtime_ns, size  # part of the cache key only: a rewritten file is read again
    return model_from_json(read_model_file(path), where=f"model {path}")


@functools.cache
def _load_default(extractor: str) -> BlockModel:
    name = DEFAULT_MODELS[extractor]
    return model_from_json(read_packaged_model(name), where=f"packaged model {name}")


def load_model(model: str | Path | BlockModel | None, *, extractor: str) -> BlockModel:
    """The model an extractor runs with: ``model`` itself, the file at ``model``, or, for
    None, the packaged default (read once, on first use).  Refuses a model trained for
    another extractor."""
    if isinstance(model, BlockModel):
        chosen = model
    elif model is None:
        if extractor not in DEFAULT_MODELS:
            raise ModelError(f"no packaged model for extractor {extractor!r}")
        chosen = _load_default(extractor)
    else:
        path = Path(model)
        try:
            stat = path.stat()
        except OSError as error:
            raise ModelError(f"cannot read model {path}: {error}") from error
        chosen = _load_path(str(path.resolve()), stat.st_mtime_ns, stat.st_size)
    if chosen.extractor != extractor:
        raise ModelError(
            f"the model was trained for extractor {chosen.extractor!r}, not {extractor!r}"
        )
    return chosen


def candidate_indices(document: TextDocument, candidates: str) -> list[int]:
    """The blocks a classifier decides: those already flagged, or all."""
    if candidates == "all":
        return list(range(len(document.blocks)))
    return [i for i, block in enumerate(document.blocks) if block.is_content]


@dataclass(frozen=True, eq=False)
class ClassifyBlocks:
    """The classifier stage: each candidate block is content when the model's probability
    reaches its threshold; blocks that are not candidates are left as they are (the
    density stage already marked them boilerplate)."""

    model: BlockModel

    def __call__(self, document: TextDocument) -> bool:
        indices = candidate_indices(document, self.model.candidates)
        if not indices:
            return False
        features = block_features(document, indices)
        keep = self.model.probabilities(features) >= self.model.threshold
        changed = False
        for index, is_content in zip(indices, keep.tolist(), strict=True):
            changed = document.blocks[index].set_content(bool(is_content)) | changed
        return changed


__all__ = [
    "CANDIDATES",
    "DEFAULT_MODELS",
    "LEAF",
    "LINE_STAGES",
    "MODEL_FORMAT",
    "MODEL_FORMAT_VERSION",
    "BlockModel",
    "ClassifyBlocks",
    "ModelError",
    "Trees",
    "candidate_indices",
    "load_model",
    "model_from_json",
    "read_model_file",
    "read_packaged_model",
    "trees_from_json",
]
