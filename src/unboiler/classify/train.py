"""Training the block classifier from any dataset ``unboiler eval`` reads.

Pal labelled his chunks with markers his pages happened to carry ("Extracting Useful Text
from HTML", 2009); a benchmark gives a gold text instead, so a block is labelled content
when at least :data:`LABEL_COVERAGE` of its word 3-grams occur in the gold text
(:func:`unboiler.align.bag_coverage`).  The examples are the blocks the extractor's
classifier will decide: for ``density`` the blocks the density stage kept, as Pal trained
on the chunks that passed his filter; for ``density-blocks`` every block.

The model is gradient-boosted trees (scikit-learn's ``HistGradientBoostingClassifier``),
each block weighted by the square root of its words, since the benchmark's metric counts
text, not blocks.  Its size (:data:`PARAMETER_GRID`) and the probability threshold are
chosen on the training pages alone: they are split into :data:`INNER_FOLDS` folds, each
scored by a model trained on the others, and the setting and threshold that give those
out-of-fold predictions the best F1 under the benchmark's own metric are kept.  Nothing of
a page a model is scored on is ever seen here.  The fitted trees are copied into a
:class:`~unboiler.classify.model.Trees` and checked against scikit-learn's own
probabilities before a model is returned.

scikit-learn is imported only when training (``pip install 'unboiler[train]'``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from unboiler.align import bag_coverage
from unboiler.classify.features import block_features
from unboiler.classify.model import (
    CANDIDATES,
    LEAF,
    LINE_STAGES,
    BlockModel,
    ModelError,
    Trees,
    candidate_indices,
)
from unboiler.datasets import Page
from unboiler.errors import UnboilerError
from unboiler.metrics import Scores, macro_scores, shingle_counts

#: A block is a positive example when this share of its word 3-grams is in the gold text
#: (the half used for every text-to-block mapping, :data:`unboiler.align.MIN_COVERAGE`).
LABEL_COVERAGE: Final = 0.5
#: Boosting settings fixed for every model: 200 trees of step 0.1 (scikit-learn's default
#: step), no early stopping (it would hold out random blocks, not pages), L2 on the leaves.
BOOSTING: Final = {
    "max_iter": 200,
    "learning_rate": 0.1,
    "min_samples_leaf": 20,
    "l2_regularization": 1.0,
    "early_stopping": False,
    "random_state": 0,
}
#: The tree sizes tried by inner cross-validation (leaves per tree).
PARAMETER_GRID: Final = ({"max_leaf_nodes": 15}, {"max_leaf_nodes": 31}, {"max_leaf_nodes": 63})
#: Used when there are too few pages to hold some out.
DEFAULT_PARAMETERS: Final = PARAMETER_GRID[1]
#: Largest difference allowed between our tree walk and scikit-learn's probabilities.
EXPORT_TOLERANCE: Final = 1e-6
#: Folds of the training pages used to choose the threshold.
INNER_FOLDS: Final = 3
#: The thresholds tried, as probabilities.
THRESHOLDS: Final = tuple(round(0.05 + 0.05 * i, 2) for i in range(19))
#: Used when there are too few pages to hold some out.
DEFAULT_THRESHOLD: Final = 0.5


@dataclass(frozen=True)
class PageExamples:
    """The candidate blocks of one training page: features, labels, weights, and the
    texts and gold needed to score a threshold the way the benchmark does."""

    page_id: str
    features: npt.NDArray[np.float64]
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


#: OpenMP threads of one fit (see :func:`fit`).
TRAINING_THREADS: Final = 1


def _require_sklearn() -> Any:
    try:
        from sklearn.ensemble import HistGradientBoostingClassifier
    except ImportError as error:  # pragma: no cover - depends on the installation
        raise ModelError("training needs scikit-learn: pip install 'unboiler[train]'") from error
    return HistGradientBoostingClassifier


def _design(
    examples: Sequence[PageExamples],
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.bool_], npt.NDArray[np.float64]]:
    matrix = np.vstack([example.features for example in examples])
    labels = np.concatenate([example.labels for example in examples])
    weights = np.concatenate([example.weights for example in examples])
    return matrix, labels, weights


def export_trees(classifier: Any) -> tuple[Trees, float]:
    """The fitted trees of a binary ``HistGradientBoostingClassifier`` as flat node
    arrays, and its baseline log-odds.  Reads the estimator's fitted predictors (there is
    no public export); :func:`fit` checks the copy against ``predict_proba``."""
    feature, threshold, left, right, value, roots = [], [], [], [], [], []
    offset = 0
    for (predictor,) in classifier._predictors:
        nodes = predictor.nodes
        roots.append(offset)
        leaf = nodes["is_leaf"].astype(bool)
        feature.append(np.where(leaf, LEAF, nodes["feature_idx"]).astype(np.int64))
        threshold.append(np.where(leaf, 0.0, nodes["num_threshold"]).astype(np.float64))
        left.append(np.where(leaf, 0, nodes["left"] + offset).astype(np.int64))
        right.append(np.where(leaf, 0, nodes["right"] + offset).astype(np.int64))
        value.append(np.where(leaf, nodes["value"], 0.0).astype(np.float64))
        offset += len(nodes)
    trees = Trees(
        np.concatenate(feature),
        np.concatenate(threshold),
        np.concatenate(left),
        np.concatenate(right),
        np.concatenate(value),
        np.asarray(roots, dtype=np.int64),
    )
    return trees, float(np.ravel(classifier._baseline_prediction)[0])


def fit(
    examples: Sequence[PageExamples],
    *,
    extractor: str,
    threshold: float = DEFAULT_THRESHOLD,
    parameters: dict[str, Any] | None = None,
) -> BlockModel:
    """Boosted trees on the examples' blocks (with the given threshold and tree size)."""
    classifier_type = _require_sklearn()
    examples = [example for example in examples if len(example.features)]
    if not examples:
        raise ModelError("no training blocks: the dataset has no page with candidate blocks")
    matrix, labels, weights = _design(examples)
    if labels.all() or not labels.any():
        # One class only: a constant model that says what every example said.
        empty = np.zeros(0, dtype=np.int64)
        trees = Trees(empty, np.zeros(0), empty, empty, np.zeros(0), empty)
        return BlockModel(extractor, trees, 20.0 if labels.all() else -20.0, threshold)
    classifier = classifier_type(**BOOSTING, **(parameters or DEFAULT_PARAMETERS))
    # One OpenMP thread: on a few thousand blocks threads gain little, and two trainings
    # (or a training beside any busy process) on a small machine made OpenMP's spinning
    # threads run a 3-second fit for minutes.
    from threadpoolctl import threadpool_limits

    with threadpool_limits(limits=TRAINING_THREADS, user_api="openmp"):
        classifier.fit(matrix, labels, sample_weight=weights)
        expected = classifier.predict_proba(matrix)[:, 1]
    trees, baseline = export_trees(classifier)
    model = BlockModel(extractor, trees, baseline, threshold)
    if np.abs(model.probabilities(matrix) - expected).max() > EXPORT_TOLERANCE:
        raise ModelError(
            "the exported trees disagree with scikit-learn's predictions: this scikit-learn "
            "stores its trees differently; train with a version this unboiler knows"
        )
    return model


def page_folds(ids: Sequence[str], folds: int, *, seed: int = 0) -> list[list[str]]:
    """``ids`` dealt into ``folds`` folds after a seeded shuffle."""
    order = sorted(ids)
    random.Random(seed).shuffle(order)
    return [order[i::folds] for i in range(folds)]


@dataclass(frozen=True)
class Choice:
    """What inner cross-validation chose: the tree size, the threshold, and the F1 of the
    out-of-fold predictions with them."""

    parameters: dict[str, Any]
    threshold: float
    f1: float


def _best_threshold(
    examples: Sequence[PageExamples], probabilities: dict[str, npt.NDArray[np.float64]]
) -> tuple[float, float]:
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
    return best, best_f1


def choose(
    examples: Sequence[PageExamples],
    *,
    extractor: str,
    folds: int = INNER_FOLDS,
    seed: int = 0,
    grid: Sequence[dict[str, Any]] = PARAMETER_GRID,
) -> Choice:
    """The tree size and threshold that give out-of-fold predictions on these pages the
    best F1 (the first setting of the grid wins ties)."""
    if len(examples) < folds * 2:
        return Choice(dict(DEFAULT_PARAMETERS), DEFAULT_THRESHOLD, float("nan"))
    by_id = {example.page_id: example for example in examples}
    split = page_folds(list(by_id), folds, seed=seed)
    best: Choice | None = None
    for parameters in grid:
        probabilities: dict[str, npt.NDArray[np.float64]] = {}
        for held_out in split:
            held = set(held_out)
            model = fit(
                [e for e in examples if e.page_id not in held],
                extractor=extractor,
                parameters=parameters,
            )
            for page_id in held_out:
                features = by_id[page_id].features
                probabilities[page_id] = (
                    model.probabilities(features) if len(features) else np.zeros(0)
                )
        threshold, f1 = _best_threshold(examples, probabilities)
        if best is None or f1 > best.f1 + 1e-9:
            best = Choice(dict(parameters), threshold, f1)
    assert best is not None  # the grid is never empty
    return best


def choose_threshold(
    examples: Sequence[PageExamples], *, extractor: str, folds: int = INNER_FOLDS, seed: int = 0
) -> float:
    """The threshold that gives out-of-fold predictions on these pages the best F1, with
    the default tree size."""
    return choose(
        examples, extractor=extractor, folds=folds, seed=seed, grid=[DEFAULT_PARAMETERS]
    ).threshold


def train(
    examples: Sequence[PageExamples],
    *,
    extractor: str,
    trained_on: dict[str, Any] | None = None,
    seed: int = 0,
) -> BlockModel:
    """A model for ``extractor`` from the examples of the training pages: tree size and
    threshold chosen by inner folds, then the trees fitted on every page."""
    choice = choose(examples, extractor=extractor, seed=seed)
    model = fit(
        examples, extractor=extractor, threshold=choice.threshold, parameters=choice.parameters
    )
    info = {
        "pages": len(examples),
        "label_coverage": LABEL_COVERAGE,
        "parameters": {**BOOSTING, **choice.parameters},
        "inner_cv_f1": None if math.isnan(choice.f1) else round(choice.f1, 4),
        **(trained_on or {}),
    }
    return BlockModel(model.extractor, model.trees, model.baseline, model.threshold, info)


@dataclass(frozen=True)
class Ceiling:
    """What an extractor's density stage allows: the scores of the stage alone (every
    candidate it flags kept) and of the stage followed by a perfect classifier (exactly
    the candidates labelled content kept).  For ``density-blocks`` every block is a
    candidate, so its perfect classifier is bounded only by the labelling."""

    stage: Scores
    perfect: Scores


def stage_ceiling(pages: Sequence[Page], extractor: str) -> Ceiling:
    """Score the stage and its perfect classifier on pages with gold text, end to end
    through the text output as a user would get it."""
    from unboiler.output import render
    from unboiler.parse import parse

    stage_counts, perfect_counts = [], []
    for page in pages:
        if page.gold is None:
            continue
        document = parse(page.html, url=page.url)
        LINE_STAGES[extractor](document)
        stage_counts.append(
            shingle_counts(page.gold, render(document, "text", extractor=extractor))
        )
        indices = candidate_indices(document, CANDIDATES[extractor])
        coverage = bag_coverage([document.blocks[i] for i in indices], page.gold)
        content = {i for i, share in zip(indices, coverage, strict=True) if share >= LABEL_COVERAGE}
        for index, block in enumerate(document.blocks):
            block.set_content(index in content)
        perfect_counts.append(
            shingle_counts(page.gold, render(document, "text", extractor=extractor))
        )
    return Ceiling(macro_scores(stage_counts), macro_scores(perfect_counts))


def train_dataset(
    spec: str,
    *,
    extractor: str = "density",
    seed: int = 0,
    command: str | None = None,
    progress: Callable[[str], None] | None = None,
) -> BlockModel:
    """Train a model for ``extractor`` on the dataset ``spec`` (a name or a path
    :func:`unboiler.datasets.load_dataset` reads); the model records the dataset
    and the command."""
    from unboiler.datasets import load_dataset

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
    "BOOSTING",
    "DEFAULT_PARAMETERS",
    "DEFAULT_THRESHOLD",
    "EXPORT_TOLERANCE",
    "INNER_FOLDS",
    "LABEL_COVERAGE",
    "PARAMETER_GRID",
    "THRESHOLDS",
    "Ceiling",
    "Choice",
    "PageExamples",
    "choose",
    "choose_threshold",
    "collect_examples",
    "export_trees",
    "fit",
    "page_examples",
    "page_folds",
    "stage_ceiling",
    "train",
    "train_dataset",
]
