"""Training the block classifier from any dataset ``unboiler eval`` reads.

Pal labelled his chunks with markers his pages happened to carry ("Extracting Useful Text
from HTML", 2009); a benchmark gives a gold text instead, so a block is labelled content
when at least :data:`LABEL_COVERAGE` of its word 3-grams occur in the gold text
(:func:`unboiler.align.bag_coverage`).  The examples are the blocks the extractor's
classifier will decide: for ``density`` the blocks the density stage kept, as Pal trained
on the chunks that passed his filter; for ``density-blocks`` every block.

The model is an L2-regularised logistic regression (scikit-learn, ``liblinear``), each
block weighted by the square root of its words, since the benchmark's metric counts text,
not blocks.  The probability threshold is chosen on the training pages alone: they are
split into :data:`INNER_FOLDS` folds, each scored by a model trained on the others, and the
threshold that gives those out-of-fold predictions the best F1 under the benchmark's own
metric is kept.  Nothing of a page a model is scored on is ever seen here.

scikit-learn and scipy are imported only when training (``pip install 'unboiler[train]'``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from unboiler.align import bag_coverage
from unboiler.classify.features import DENSE_FEATURES, HASH_BITS, Features, block_features
from unboiler.classify.model import (
    CANDIDATES,
    LINE_STAGES,
    BlockModel,
    ModelError,
    candidate_indices,
)
from unboiler.errors import UnboilerError
from unboiler.evaluate.datasets import Page
from unboiler.evaluate.metrics import macro_scores, shingle_counts

#: A block is a positive example when this share of its word 3-grams is in the gold text
#: (the half used for every text-to-block mapping, :data:`unboiler.align.MIN_COVERAGE`).
LABEL_COVERAGE: Final = 0.5
#: Inverse regularisation strength of the logistic regression.
REGULARIZATION: Final = 4.0
#: Stopping tolerance of the solver: tighter changes no decision on the benchmarks and
#: takes twice as long.
TOLERANCE: Final = 1e-3
#: Folds of the training pages used to choose the threshold.
INNER_FOLDS: Final = 3
#: The thresholds tried, as probabilities.
THRESHOLDS: Final = tuple(round(0.1 + 0.05 * i, 2) for i in range(17))
#: Used when there are too few pages to hold some out.
DEFAULT_THRESHOLD: Final = 0.5


@dataclass(frozen=True)
class PageExamples:
    """The candidate blocks of one training page: features, labels, weights, and the
    texts and gold needed to score a threshold the way the benchmark does."""

    page_id: str
    features: Features
    labels: npt.NDArray[np.bool_]
    weights: npt.NDArray[np.float64]
    texts: tuple[str, ...]
    gold: str


def page_examples(page: Page, extractor: str) -> PageExamples:
    """Parse a page, run the extractor's density stage and label its candidate blocks.
    Raises :class:`UnboilerError` for a page that cannot be parsed or has no gold text."""
    from unboiler.parse import parse

    if page.gold is None:
        raise ModelError(f"page {page.id!r} has no gold text: training needs gold text")
    document = parse(page.html, url=page.url)
    LINE_STAGES[extractor](document)
    indices = candidate_indices(document, CANDIDATES[extractor])
    candidates = [document.blocks[i] for i in indices]
    features = block_features(document, indices)
    coverage = np.asarray(bag_coverage(candidates, page.gold), dtype=np.float64)
    words = np.asarray([block.num_words for block in candidates], dtype=np.float64)
    return PageExamples(
        page.id,
        features,
        coverage >= LABEL_COVERAGE,
        np.sqrt(words + 1.0),
        tuple(block.text for block in candidates),
        page.gold,
    )


def collect_examples(
    pages: Sequence[Page], extractor: str, *, progress: Callable[[str], None] | None = None
) -> list[PageExamples]:
    """The examples of every page that parses; a page that does not is reported through
    ``progress`` (if given) and left out."""
    if extractor not in CANDIDATES:
        raise ModelError(
            f"extractor {extractor!r} is not trainable; trainable: density, density-blocks"
        )
    examples = []
    for page in pages:
        try:
            examples.append(page_examples(page, extractor))
        except ModelError:
            raise
        except UnboilerError as error:
            if progress is not None:
                progress(f"skipped page {page.id}: {error}")
    return examples


def _require_sklearn() -> Any:
    try:
        from sklearn.linear_model import LogisticRegression
    except ImportError as error:  # pragma: no cover - depends on the installation
        raise ModelError("training needs scikit-learn: pip install 'unboiler[train]'") from error
    return LogisticRegression


def _design(examples: Sequence[PageExamples]) -> tuple[Any, Any, Any]:
    from scipy import sparse

    blocks = 0
    rows, cols, values, dense = [], [], [], []
    for example in examples:
        features = example.features
        rows.append(features.rows + blocks)
        cols.append(features.buckets)
        values.append(features.values)
        dense.append(features.dense)
        blocks += len(features)
    hashed = sparse.csr_matrix(
        (np.concatenate(values), (np.concatenate(rows), np.concatenate(cols))),
        shape=(blocks, 1 << HASH_BITS),
    )
    matrix = sparse.hstack([hashed, sparse.csr_matrix(np.vstack(dense))], format="csr")
    labels = np.concatenate([example.labels for example in examples])
    weights = np.concatenate([example.weights for example in examples])
    return matrix, labels, weights


def fit(
    examples: Sequence[PageExamples], *, extractor: str, threshold: float = DEFAULT_THRESHOLD
) -> BlockModel:
    """A logistic regression on the examples' blocks (with the given threshold)."""
    logistic_regression = _require_sklearn()
    from scipy import sparse

    examples = [example for example in examples if len(example.features)]
    if not examples:
        raise ModelError("no training blocks: the dataset has no page with candidate blocks")
    matrix, labels, weights = _design(examples)
    hashed_count = 1 << HASH_BITS
    if labels.all() or not labels.any():
        # One class only: a constant model that says what every example said.
        bias = 20.0 if labels.all() else -20.0
        return BlockModel(
            extractor,
            np.zeros(hashed_count, dtype=np.float32),
            np.zeros(len(DENSE_FEATURES)),
            bias,
            threshold,
        )
    classifier = logistic_regression(
        C=REGULARIZATION, solver="liblinear", tol=TOLERANCE, max_iter=1000, random_state=0
    )
    # The dense features are standardised for the fit (the solver converges far faster
    # when columns have comparable scales) and the scaling is folded back into the weights.
    dense = matrix[:, hashed_count:].toarray()
    mean = dense.mean(axis=0)
    scale = dense.std(axis=0)
    scale[scale == 0] = 1.0
    matrix = sparse.hstack(
        [matrix[:, :hashed_count], sparse.csr_matrix((dense - mean) / scale)], format="csr"
    )
    classifier.fit(matrix, labels, sample_weight=weights)
    coefficients = classifier.coef_[0]
    dense_weights = coefficients[hashed_count:] / scale
    return BlockModel(
        extractor,
        coefficients[:hashed_count].astype(np.float32),
        dense_weights.astype(np.float64),
        float(classifier.intercept_[0] - dense_weights @ mean),
        threshold,
    )


def page_folds(ids: Sequence[str], folds: int, *, seed: int = 0) -> list[list[str]]:
    """``ids`` dealt into ``folds`` folds after a seeded shuffle."""
    order = sorted(ids)
    random.Random(seed).shuffle(order)
    return [order[i::folds] for i in range(folds)]


def choose_threshold(
    examples: Sequence[PageExamples], *, extractor: str, folds: int = INNER_FOLDS, seed: int = 0
) -> float:
    """The threshold that gives out-of-fold predictions on these pages the best F1."""
    if len(examples) < folds * 2:
        return DEFAULT_THRESHOLD
    by_id = {example.page_id: example for example in examples}
    probabilities: dict[str, npt.NDArray[np.float64]] = {}
    for held_out in page_folds(list(by_id), folds, seed=seed):
        held = set(held_out)
        model = fit([e for e in examples if e.page_id not in held], extractor=extractor)
        for page_id in held_out:
            example = by_id[page_id]
            probabilities[page_id] = (
                model.probabilities(example.features) if len(example.features) else np.zeros(0)
            )
    best, best_f1 = DEFAULT_THRESHOLD, -1.0
    for threshold in THRESHOLDS:
        counts = []
        for example in examples:
            keep = probabilities[example.page_id] >= threshold
            text = "\n".join(t for t, k in zip(example.texts, keep.tolist(), strict=True) if k)
            counts.append(shingle_counts(example.gold, text))
        f1 = macro_scores(counts).f1
        if f1 > best_f1 + 1e-9:
            best, best_f1 = threshold, f1
    return best


def train(
    examples: Sequence[PageExamples],
    *,
    extractor: str,
    trained_on: dict[str, Any] | None = None,
    seed: int = 0,
) -> BlockModel:
    """A model for ``extractor`` from the examples of the training pages: the threshold
    chosen by inner folds, then the weights fitted on every page."""
    threshold = choose_threshold(examples, extractor=extractor, seed=seed)
    model = fit(examples, extractor=extractor, threshold=threshold)
    info = {"pages": len(examples), "label_coverage": LABEL_COVERAGE, **(trained_on or {})}
    return BlockModel(model.extractor, model.hashed, model.dense, model.bias, model.threshold, info)


def train_dataset(
    spec: str,
    *,
    extractor: str = "density",
    seed: int = 0,
    command: str | None = None,
    progress: Callable[[str], None] | None = None,
) -> BlockModel:
    """Train a model for ``extractor`` on the dataset ``spec`` (a name or a path
    :func:`unboiler.evaluate.datasets.load_dataset` reads); the model records the dataset
    and the command."""
    from unboiler.evaluate.datasets import load_dataset

    dataset = load_dataset(spec)
    pages = [page for page in dataset if page.gold is not None]
    if not pages:
        raise ModelError(
            f"dataset {dataset.name!r} has no gold text (snippet datasets cannot train a model)"
        )
    examples = collect_examples(pages, extractor, progress=progress)
    blocks = sum(len(example.features) for example in examples)
    positives = int(sum(int(example.labels.sum()) for example in examples))
    if progress is not None:
        progress(f"{len(examples)} pages, {blocks} candidate blocks, {positives} content")
    trained_on = {
        "dataset": dataset.name,
        "blocks": blocks,
        "content_blocks": positives,
        "seed": seed,
        "command": command or f"unboiler train {spec} --extractor {extractor} --seed {seed}",
    }
    return train(examples, extractor=extractor, trained_on=trained_on, seed=seed)


__all__ = [
    "DEFAULT_THRESHOLD",
    "INNER_FOLDS",
    "LABEL_COVERAGE",
    "REGULARIZATION",
    "THRESHOLDS",
    "TOLERANCE",
    "PageExamples",
    "choose_threshold",
    "collect_examples",
    "fit",
    "page_examples",
    "page_folds",
    "train",
    "train_dataset",
]
