"""A trained block classifier: weights in a JSON file, scored with numpy.

A model is a logistic regression over :mod:`unboiler.classify.features`: one weight per
hashed bucket, one per dense feature, a bias, and the probability threshold above which a
block is content (chosen on the training pages only, see :mod:`unboiler.classify.train`).
The file is JSON, never pickle: the hashed weights are float32, zlib-compressed and
base64-encoded inside it.  It records the features and their version, the extractor it was
trained for, and the data and command it was trained with; :func:`load_model` refuses a
file made for other features or another format with a :class:`ModelError` that says so.

Scoring needs numpy only: scikit-learn is needed to train, not to extract.
"""

from __future__ import annotations

import base64
import functools
import json
import math
import zlib
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from unboiler.classify.features import (
    DENSE_FEATURES,
    FEATURES_VERSION,
    HASH_BITS,
    Features,
    block_features,
    feature_names,
)
from unboiler.document import TextDocument
from unboiler.errors import UnboilerError
from unboiler.filters.density import DensityLines

#: What the ``format`` field of a model file must say.
MODEL_FORMAT: Final = "unboiler-block-classifier"
#: Version of the file layout (not of the features: see FEATURES_VERSION).
MODEL_FORMAT_VERSION: Final = 1
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


class ModelError(UnboilerError):
    """A model file is missing, unreadable, or made for other features or another
    extractor."""


@dataclass(frozen=True, eq=False)
class BlockModel:
    """Weights of the linear block classifier, and what they were trained for."""

    extractor: str
    hashed: npt.NDArray[np.float32]
    dense: npt.NDArray[np.float64]
    bias: float
    threshold: float
    trained_on: dict[str, Any] = field(default_factory=dict)

    @property
    def candidates(self) -> str:
        return CANDIDATES[self.extractor]

    def decision(self, features: Features) -> npt.NDArray[np.float64]:
        """The linear score of each block (log-odds of being content)."""
        scores = features.dense @ self.dense + self.bias
        if len(features.buckets):
            scores = scores + np.bincount(
                features.rows,
                weights=self.hashed[features.buckets].astype(np.float64) * features.values,
                minlength=len(features),
            )
        return np.asarray(scores, dtype=np.float64)

    def probabilities(self, features: Features) -> npt.NDArray[np.float64]:
        return np.asarray(1.0 / (1.0 + np.exp(-self.decision(features))), dtype=np.float64)

    def to_json(self) -> dict[str, Any]:
        packed = zlib.compress(self.hashed.astype("<f4").tobytes(), 9)
        return {
            "format": MODEL_FORMAT,
            "format_version": MODEL_FORMAT_VERSION,
            "extractor": self.extractor,
            "features_version": FEATURES_VERSION,
            "features": feature_names(),
            "threshold": self.threshold,
            "bias": self.bias,
            "dense_weights": dict(zip(DENSE_FEATURES, map(float, self.dense), strict=True)),
            "hashed_weights": {
                "buckets": 1 << HASH_BITS,
                "dtype": "float32-le",
                "encoding": "zlib+base64",
                "data": base64.b64encode(packed).decode("ascii"),
            },
            "trained_on": self.trained_on,
        }

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")


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
        hashed_info = data["hashed_weights"]
        raw = zlib.decompress(base64.b64decode(hashed_info["data"]))
        hashed = np.frombuffer(raw, dtype="<f4").astype(np.float32)
        dense_map = data["dense_weights"]
        dense = np.array([float(dense_map[name]) for name in DENSE_FEATURES])
        bias = float(data["bias"])
        threshold = float(data["threshold"])
    except (KeyError, TypeError, ValueError, zlib.error) as error:
        raise ModelError(f"{where} is damaged: {error!r}") from error
    if hashed.shape != (1 << HASH_BITS,) or not (0.0 <= threshold <= 1.0):
        raise ModelError(f"{where} is damaged: wrong number of weights or threshold")
    if not (math.isfinite(bias) and np.isfinite(hashed).all() and np.isfinite(dense).all()):
        raise ModelError(f"{where} is damaged: weights that are not numbers")
    return BlockModel(str(extractor), hashed, dense, bias, threshold, data.get("trained_on", {}))


@functools.lru_cache(maxsize=8)
def _load_path(path: str, mtime_ns: int, size: int) -> BlockModel:
    del mtime_ns, size  # part of the cache key only: a rewritten file is read again
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ModelError(f"cannot read model {path}: {error}") from error
    return model_from_json(data, where=f"model {path}")


@functools.cache
def _load_default(extractor: str) -> BlockModel:
    name = DEFAULT_MODELS[extractor]
    resource = resources.files("unboiler") / "data" / name
    try:
        data = json.loads(resource.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as error:
        raise ModelError(f"the packaged model {name} cannot be read: {error}") from error
    return model_from_json(data, where=f"packaged model {name}")


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


def extract_with_model(
    html: str | bytes,
    *,
    extractor: str,
    model: str | Path | BlockModel,
    url: str | None = None,
    encoding: str | None = None,
    output: str = "text",
) -> str:
    """:func:`unboiler.extract` with a trained extractor's model given (``--model``)."""
    from unboiler.extractors import get_extractor
    from unboiler.output import render
    from unboiler.parse import parse

    document = parse(html, url=url, encoding=encoding)
    get_extractor(extractor, model=model)(document)
    return render(document, output, extractor=extractor)


__all__ = [
    "CANDIDATES",
    "DEFAULT_MODELS",
    "LINE_STAGES",
    "MODEL_FORMAT",
    "MODEL_FORMAT_VERSION",
    "BlockModel",
    "ClassifyBlocks",
    "ModelError",
    "candidate_indices",
    "extract_with_model",
    "load_model",
    "model_from_json",
]
