"""The default extractor's model: a page-type classifier and a block classifier, both
gradient-boosted trees, in one versioned JSON file scored with numpy alone.

Two stages, because what counts as content depends on what the page is (WCXB, Foley
2026, defines seven page types for that reason): the posts of a forum, the description
and specifications of a product, the items of a listing, the whole body of a service
page.  The page-type model reads the page's features
(:data:`~unboiler.classify.signals.PAGE_FEATURES`) and gives a probability per type; the
block model reads each block's features, the page's, and those probabilities, and gives
the probability that the block is content.  Thresholds on it, one per ``favor`` mode,
were chosen by cross-validation when the model was trained
(:mod:`unboiler.classify.train_default`).

A tree stores every node's value, its leaves' and its inner nodes': a leaf's is what the
tree adds to the score, an inner node's is the mean score of the rows under it.  The
change of value from a node to the child a row goes to is what the node's feature
contributed for that row (Saabas's attribution of a tree's output to its features): the
per-feature sums over trees are what :meth:`DefaultModel.explain` reports.

The file is JSON, never pickle.  It records its format version, the features and their
version, the page types, the thresholds, and how it was trained; :func:`load_default_model`
refuses a file made for another version with a :class:`ModelError` that says so.
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

from unboiler.classify.model import LEAF, ModelError, Trees, trees_from_json
from unboiler.classify.signals import (
    SIGNALS_VERSION,
    block_feature_names,
    page_feature_names,
)

#: What the ``format`` field of the file must say, and the layout version this reads.
DEFAULT_MODEL_FORMAT: Final = "unboiler-default-model"
DEFAULT_MODEL_VERSION: Final = 1
#: The packaged model, under ``unboiler/data``.
PACKAGED_MODEL: Final = "default-model.json"
#: WCXB's page types (Foley 2026), in the model's order.
PAGE_TYPES: Final = (
    "article",
    "documentation",
    "service",
    "forum",
    "collection",
    "listing",
    "product",
)
#: The modes of ``favor=``: the balanced threshold maximises F1 of the training pages'
#: held-out predictions; ``precision`` maximises F0.5 and ``recall`` F2.
FAVOR_MODES: Final = ("balanced", "precision", "recall")


def model_feature_names() -> list[str]:
    """The block model's columns: block features, page features, page-type
    probabilities."""
    return [
        *block_feature_names(),
        *page_feature_names(),
        *(f"type_{name}" for name in PAGE_TYPES),
    ]


@dataclass(frozen=True, eq=False)
class Ensemble:
    """Boosted trees with one score per class: tree ``i`` adds to class
    ``tree_class[i]``; a binary model has one class (the log-odds of the positive)."""

    trees: Trees
    tree_class: npt.NDArray[np.int64]
    baseline: npt.NDArray[np.float64]

    @property
    def classes(self) -> int:
        return len(self.baseline)

    def scores(self, rows: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        """Raw scores, rows by classes."""
        result = np.broadcast_to(self.baseline, (len(rows), self.classes)).copy()
        if not len(self.trees.roots) or not len(rows):
            return result
        values = self.trees.value[self.trees.leaves(rows)]
        if self.classes == 1:
            result[:, 0] += values.sum(axis=1)
        else:
            for label in range(self.classes):
                result[:, label] += values[:, self.tree_class == label].sum(axis=1)
        return result

    def contributions(self, rows: npt.NDArray[np.float64], width: int) -> npt.NDArray[np.float64]:
        """How much each feature moved each row's score of class 0 (rows by ``width``),
        summed over trees: Saabas's path attribution.  Slow; for explanations only."""
        trees = self.trees
        result = np.zeros((len(rows), width))
        for row_index, row in enumerate(rows):
            for tree, root in enumerate(trees.roots.tolist()):
                if self.tree_class[tree] != 0:
                    continue
                node = root
                while trees.feature[node] != LEAF:
                    feature = int(trees.feature[node])
                    child = int(
                        trees.left[node]
                        if row[feature] <= trees.threshold[node]
                        else trees.right[node]
                    )
                    result[row_index, feature] += trees.value[child] - trees.value[node]
                    node = child
        return result

    def to_json(self) -> dict[str, Any]:
        return {
            **self.trees.to_json(),
            "tree_class": self.tree_class.tolist(),
            "baseline": [float(b) for b in self.baseline],
        }


def ensemble_from_json(data: Any, num_features: int) -> Ensemble:
    trees = trees_from_json(data, num_features)
    tree_class = np.asarray(data["tree_class"], dtype=np.int64)
    baseline = np.asarray(data["baseline"], dtype=np.float64)
    if tree_class.shape != trees.roots.shape or baseline.ndim != 1 or not len(baseline):
        raise ValueError("tree classes or baseline of the wrong shape")
    if len(tree_class) and (tree_class.min() < 0 or tree_class.max() >= len(baseline)):
        raise ValueError("a tree adds to a class that does not exist")
    if not np.isfinite(baseline).all():
        raise ValueError("baseline that is not a number")
    return Ensemble(trees, tree_class, baseline)


def softmax(scores: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    shifted = scores - scores.max(axis=1, keepdims=True)
    exp = np.exp(shifted)
    return np.asarray(exp / exp.sum(axis=1, keepdims=True), dtype=np.float64)


def sigmoid(scores: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    return np.asarray(1.0 / (1.0 + np.exp(-scores)), dtype=np.float64)


@dataclass(frozen=True, eq=False)
class DefaultModel:
    """The page-type and block models, and the threshold of each ``favor`` mode."""

    page_types: Ensemble
    blocks: Ensemble
    thresholds: dict[str, float]
    trained_on: dict[str, Any] = field(default_factory=dict)

    def page_type_probabilities(self, page: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        """The probability of each of :data:`PAGE_TYPES` for one page's features."""
        return np.asarray(softmax(self.page_types.scores(page[None, :]))[0], dtype=np.float64)

    def block_rows(
        self,
        blocks: npt.NDArray[np.float64],
        page: npt.NDArray[np.float64],
        types: npt.NDArray[np.float64],
    ) -> npt.NDArray[np.float64]:
        """The block model's input: each block's row with the page's features and the
        page-type probabilities appended."""
        tail = np.concatenate([page, types])
        return np.hstack([blocks, np.broadcast_to(tail, (len(blocks), len(tail)))])

    def block_probabilities(self, rows: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        return sigmoid(self.blocks.scores(rows)[:, 0])

    def threshold(self, favor: str) -> float:
        try:
            return self.thresholds[favor]
        except KeyError:
            known = ", ".join(self.thresholds)
            raise ModelError(f"unknown favor mode {favor!r}; known: {known}") from None

    def explain(self, rows: npt.NDArray[np.float64], top: int = 3) -> list[list[tuple[str, float]]]:
        """For each row, the ``top`` features that moved its score most, with how much
        (positive: towards content)."""
        names = model_feature_names()
        weights = self.blocks.contributions(rows, len(names))
        result = []
        for row in weights:
            order = np.argsort(-np.abs(row))[:top]
            result.append([(names[i], round(float(row[i]), 3)) for i in order if row[i] != 0])
        return result

    def to_json(self) -> dict[str, Any]:
        return {
            "format": DEFAULT_MODEL_FORMAT,
            "format_version": DEFAULT_MODEL_VERSION,
            "signals_version": SIGNALS_VERSION,
            "page_features": page_feature_names(),
            "block_features": model_feature_names(),
            "page_types": list(PAGE_TYPES),
            "thresholds": self.thresholds,
            "trained_on": self.trained_on,
            "page_type_model": self.page_types.to_json(),
            "block_model": self.blocks.to_json(),
        }

    def save(self, path: str | Path) -> None:
        text = json.dumps(self.to_json(), separators=(",", ":"))
        Path(path).write_text(text + "\n", encoding="utf-8")


def default_model_from_json(data: Any, where: str = "model") -> DefaultModel:
    """Rebuild the model, refusing one made for other features or another layout."""
    if not isinstance(data, dict) or data.get("format") != DEFAULT_MODEL_FORMAT:
        raise ModelError(f"{where} is not an unboiler default-extractor model")
    if data.get("format_version") != DEFAULT_MODEL_VERSION:
        raise ModelError(
            f"{where} has format version {data.get('format_version')}; this unboiler reads "
            f"version {DEFAULT_MODEL_VERSION}: retrain it with `unboiler train`"
        )
    if (
        data.get("signals_version") != SIGNALS_VERSION
        or data.get("page_features") != page_feature_names()
        or data.get("block_features") != model_feature_names()
        or data.get("page_types") != list(PAGE_TYPES)
    ):
        raise ModelError(
            f"{where} was trained on features version {data.get('signals_version')}; this "
            f"unboiler computes version {SIGNALS_VERSION} (or other features or page "
            "types): retrain it with `unboiler train`"
        )
    try:
        page_types = ensemble_from_json(data["page_type_model"], len(page_feature_names()))
        blocks = ensemble_from_json(data["block_model"], len(model_feature_names()))
        thresholds = {str(k): float(v) for k, v in dict(data["thresholds"]).items()}
    except (KeyError, TypeError, ValueError) as error:
        raise ModelError(f"{where} is damaged: {error}") from error
    if page_types.classes != len(PAGE_TYPES) or blocks.classes != 1:
        raise ModelError(f"{where} is damaged: wrong number of classes")
    if set(thresholds) != set(FAVOR_MODES) or not all(
        0.0 <= t <= 1.0 and math.isfinite(t) for t in thresholds.values()
    ):
        raise ModelError(f"{where} is damaged: thresholds must be {', '.join(FAVOR_MODES)}")
    return DefaultModel(page_types, blocks, thresholds, dict(data.get("trained_on", {})))


@functools.lru_cache(maxsize=8)
def _load_path(path: str, mtime_ns: int, size: int) -> DefaultModel:
    del mtime_ns, size  # part of the cache key only: a rewritten file is read again
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ModelError(f"cannot read model {path}: {error}") from error
    return default_model_from_json(data, where=f"model {path}")


@functools.cache
def _load_packaged() -> DefaultModel:
    resource = resources.files("unboiler") / "data" / PACKAGED_MODEL
    try:
        data = json.loads(resource.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as error:
        raise ModelError(f"the packaged model {PACKAGED_MODEL} cannot be read: {error}") from error
    return default_model_from_json(data, where=f"packaged model {PACKAGED_MODEL}")


def load_default_model(model: str | Path | DefaultModel | None = None) -> DefaultModel:
    """``model`` itself, the model in the file ``model``, or the packaged one (read once,
    on first use)."""
    if isinstance(model, DefaultModel):
        return model
    if model is None:
        return _load_packaged()
    path = Path(model)
    try:
        stat = path.stat()
    except OSError as error:
        raise ModelError(f"cannot read model {path}: {error}") from error
    return _load_path(str(path.resolve()), stat.st_mtime_ns, stat.st_size)


__all__ = [
    "DEFAULT_MODEL_FORMAT",
    "DEFAULT_MODEL_VERSION",
    "FAVOR_MODES",
    "PACKAGED_MODEL",
    "PAGE_TYPES",
    "DefaultModel",
    "Ensemble",
    "default_model_from_json",
    "ensemble_from_json",
    "load_default_model",
    "model_feature_names",
    "sigmoid",
    "softmax",
]
