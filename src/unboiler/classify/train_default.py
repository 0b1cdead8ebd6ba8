"""Training the default extractor's model on several benchmarks at once.

Each page of each dataset gives its block and page features
(:func:`~unboiler.classify.signals.page_signals`, after the extractor's own no-script
stage), its page type (WCXB's label; the news benchmarks' pages are articles) and block
labels: a block is content when at least :data:`LABEL_COVERAGE` of its word 3-grams are
in the gold text (:func:`unboiler.align.bag_coverage`).

Both models are gradient-boosted trees (scikit-learn's ``HistGradientBoostingClassifier``),
fitted with one thread and a fixed seed, so the same data give the same file.  Blocks are
weighted by their words over their page's words: the benchmarks' metrics average over
pages and, within a page, count words, so every page weighs the same and a long paragraph
more than a menu item.

Nothing is chosen on a page it is then scored on.  Pages are split into folds by *group*
(a domain for WCXB, a site for the others; :func:`group_folds`): the block model learns
from page-type probabilities predicted by page-type models that did not see the page,
and the thresholds of the ``favor`` modes are those that give held-out predictions of
the training pages the best F1 (F0.5, F2).  :func:`cross_validate` runs all of that
inside each outer fold, so its figures are of pages, and domains, never seen in training.

scikit-learn is imported only here (``pip install 'unboiler[train]'``).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from unboiler.align import bag_coverage
from unboiler.classify.default_model import (
    FAVOR_MODES,
    PAGE_TYPES,
    DefaultModel,
    Ensemble,
)
from unboiler.classify.model import LEAF, ModelError, Trees
from unboiler.classify.signals import page_signals
from unboiler.errors import UnboilerError
from unboiler.evaluate.datasets import Dataset, Page

#: A block is a positive example when this share of its word 3-grams is in the gold.
LABEL_COVERAGE: Final = 0.5
#: The block model: trees of up to 63 leaves, step 0.1, L2 on the leaves; no early
#: stopping (it would hold out random blocks, not pages).
BLOCK_BOOSTING: Final = {
    "max_iter": 250,
    "learning_rate": 0.1,
    "max_leaf_nodes": 63,
    "min_samples_leaf": 40,
    "l2_regularization": 1.0,
    "early_stopping": False,
    "random_state": 0,
}
#: The page-type model: small trees, few pages.
PAGE_BOOSTING: Final = {
    "max_iter": 120,
    "learning_rate": 0.1,
    "max_leaf_nodes": 15,
    "min_samples_leaf": 10,
    "l2_regularization": 1.0,
    "early_stopping": False,
    "random_state": 0,
}
#: Folds of the training pages for the held-out page types and thresholds.
INNER_FOLDS: Final = 3
#: The thresholds tried.
THRESHOLDS: Final = tuple(round(0.1 + 0.025 * i, 3) for i in range(33))
#: F-beta maximised by each favor mode.
FAVOR_BETA: Final = {"balanced": 1.0, "precision": 0.5, "recall": 2.0}
#: Largest difference allowed between our tree walk and scikit-learn's probabilities.
EXPORT_TOLERANCE: Final = 1e-6
#: OpenMP threads of one fit: reproducible, and safe beside other work on 2 cores.
TRAINING_THREADS: Final = 1


@dataclass(frozen=True)
class PageData:
    """What training needs of one page."""

    page_id: str
    dataset: str
    metric: str
    group: str
    page_type: int
    blocks: npt.NDArray[np.float64]
    page: npt.NDArray[np.float64]
    labels: npt.NDArray[np.bool_]
    words: npt.NDArray[np.float64]
    texts: tuple[str, ...]
    gold: str


def page_data(page: Page, dataset: str, metric: str = "shingle") -> PageData:
    """Parse one page as the default extractor does and label its blocks.  ``metric`` is
    how its dataset scores a page (``shingle`` or ``wordbag``)."""
    from unboiler.evaluate.crossval import domain_of
    from unboiler.parse import parse, reveal_noscript

    if page.gold is None:
        raise ModelError(f"page {page.id!r} has no gold text: training needs gold text")
    document = parse(page.html, url=page.url)
    reveal_noscript(document)
    signals = page_signals(document)
    blocks = document.blocks
    coverage = np.asarray(bag_coverage(blocks, page.gold), dtype=np.float64)
    kind = page.page_type or "article"
    if kind not in PAGE_TYPES:
        raise ModelError(f"page {page.id!r} has unknown page type {kind!r}")
    return PageData(
        page_id=f"{dataset}/{page.id}",
        dataset=dataset,
        metric=metric,
        group=domain_of(page),
        page_type=PAGE_TYPES.index(kind),
        blocks=signals.blocks,
        page=signals.page,
        labels=coverage >= LABEL_COVERAGE,
        words=np.asarray([block.num_words for block in blocks], dtype=np.float64),
        texts=tuple(block.text for block in blocks),
        gold=page.gold,
    )


def collect(
    datasets: Sequence[Dataset], *, progress: Callable[[str], None] | None = None
) -> list[PageData]:
    """The training data of every page with gold text; a page that cannot be parsed is
    reported through ``progress`` and left out."""
    pages = []
    for dataset in datasets:
        for page in dataset.pages:
            if page.gold is None:
                continue
            try:
                pages.append(page_data(page, dataset.name, dataset.metric))
            except ModelError:
                raise
            except UnboilerError as error:
                if progress is not None:
                    progress(f"skipped {dataset.name}/{page.id}: {error}")
    return pages


def group_folds(pages: Sequence[PageData], folds: int, *, seed: int = 0) -> list[list[int]]:
    """Indices of ``pages`` in ``folds`` folds, no group on two sides: groups shuffled
    with the seed, then dealt largest first into the fold with the fewest pages."""
    groups: dict[str, list[int]] = {}
    for index, page in enumerate(pages):
        groups.setdefault(page.group, []).append(index)
    names = sorted(groups)
    random.Random(seed).shuffle(names)
    names.sort(key=lambda name: -len(groups[name]))
    result: list[list[int]] = [[] for _ in range(folds)]
    for name in names:
        smallest = min(range(folds), key=lambda f: len(result[f]))
        result[smallest].extend(groups[name])
    return [sorted(fold) for fold in result]


# --------------------------------------------------------------------------- fitting


def _classifier(parameters: dict[str, Any]) -> Any:
    try:
        from sklearn.ensemble import HistGradientBoostingClassifier
    except ImportError as error:  # pragma: no cover - depends on the installation
        raise ModelError("training needs scikit-learn: pip install 'unboiler[train]'") from error
    return HistGradientBoostingClassifier(**parameters)


def export_ensemble(classifier: Any) -> Ensemble:
    """The fitted trees of a ``HistGradientBoostingClassifier`` (binary or multi-class)
    as flat arrays, every node's value kept (see :mod:`~unboiler.classify.default_model`).
    Reads the estimator's fitted predictors (there is no public export); the caller checks
    the copy against ``predict_proba``."""
    feature, threshold, left, right, value, roots, tree_class = [], [], [], [], [], [], []
    offset = 0
    for iteration in classifier._predictors:
        for label, predictor in enumerate(iteration):
            nodes = predictor.nodes
            roots.append(offset)
            tree_class.append(label)
            leaf = nodes["is_leaf"].astype(bool)
            feature.append(np.where(leaf, LEAF, nodes["feature_idx"]).astype(np.int64))
            threshold.append(np.where(leaf, 0.0, nodes["num_threshold"]).astype(np.float64))
            left.append(np.where(leaf, 0, nodes["left"] + offset).astype(np.int64))
            right.append(np.where(leaf, 0, nodes["right"] + offset).astype(np.int64))
            value.append(nodes["value"].astype(np.float64))
            offset += len(nodes)
    trees = Trees(
        np.concatenate(feature),
        np.concatenate(threshold),
        np.concatenate(left),
        np.concatenate(right),
        np.concatenate(value),
        np.asarray(roots, dtype=np.int64),
    )
    baseline = np.ravel(np.asarray(classifier._baseline_prediction, dtype=np.float64))
    return Ensemble(trees, np.asarray(tree_class, dtype=np.int64), baseline)


def _fit(
    matrix: npt.NDArray[np.float64],
    labels: npt.NDArray[np.int64],
    weights: npt.NDArray[np.float64] | None,
    parameters: dict[str, Any],
) -> Ensemble:
    from threadpoolctl import threadpool_limits

    classifier = _classifier(parameters)
    with threadpool_limits(limits=TRAINING_THREADS, user_api="openmp"):
        classifier.fit(matrix, labels, sample_weight=weights)
        expected = classifier.predict_proba(matrix)
    ensemble = export_ensemble(classifier)
    scores = ensemble.scores(matrix)
    if ensemble.classes == 1:
        ours = 1.0 / (1.0 + np.exp(-scores[:, 0]))
        gap = np.abs(ours - expected[:, 1]).max()
    else:
        shifted = np.exp(scores - scores.max(axis=1, keepdims=True))
        gap = np.abs(shifted / shifted.sum(axis=1, keepdims=True) - expected).max()
    if gap > EXPORT_TOLERANCE:
        raise ModelError(
            "the exported trees disagree with scikit-learn's predictions: this scikit-learn "
            "stores its trees differently; train with a version this unboiler knows"
        )
    return ensemble


def fit_page_types(pages: Sequence[PageData]) -> Ensemble:
    """The page-type model.  Every type gets a class, seen or not (an unseen type gets a
    constant low score)."""
    matrix = np.vstack([page.page for page in pages])
    labels = np.asarray([page.page_type for page in pages], dtype=np.int64)
    present = sorted(set(labels.tolist()))
    if len(present) < 2:
        # One type only: a constant model that always says it.
        baseline = np.full(len(PAGE_TYPES), -20.0)
        baseline[present[0]] = 20.0
        empty = np.zeros(0, dtype=np.int64)
        trees = Trees(empty, np.zeros(0), empty, empty, np.zeros(0), empty)
        return Ensemble(trees, empty, baseline)
    # Pad with one copy of each missing type at zero weight, so scikit-learn makes one
    # class per type in PAGE_TYPES' order.
    missing = [t for t in range(len(PAGE_TYPES)) if t not in present]
    weights = np.ones(len(labels))
    if missing:
        matrix = np.vstack([matrix, np.repeat(matrix[:1], len(missing), axis=0)])
        labels = np.concatenate([labels, np.asarray(missing, dtype=np.int64)])
        weights = np.concatenate([weights, np.full(len(missing), 1e-9)])
    return _fit(matrix, labels, weights, PAGE_BOOSTING)


def _page_type_probabilities(model: Ensemble, pages: Sequence[PageData]) -> npt.NDArray[np.float64]:
    from unboiler.classify.default_model import softmax

    return softmax(model.scores(np.vstack([page.page for page in pages])))


def held_out_page_types(
    pages: Sequence[PageData], *, folds: int = INNER_FOLDS, seed: int = 0
) -> npt.NDArray[np.float64]:
    """Page-type probabilities of every page from a model that did not see its group."""
    result = np.zeros((len(pages), len(PAGE_TYPES)))
    for fold in group_folds(pages, folds, seed=seed):
        held = set(fold)
        model = fit_page_types([p for i, p in enumerate(pages) if i not in held])
        result[fold] = _page_type_probabilities(model, [pages[i] for i in fold])
    return result


def _design(
    pages: Sequence[PageData], types: npt.NDArray[np.float64]
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.int64], npt.NDArray[np.float64]]:
    rows, labels, weights = [], [], []
    for page, probabilities in zip(pages, types, strict=True):
        count = len(page.blocks)
        if not count:
            continue
        tail = np.concatenate([page.page, probabilities])
        rows.append(np.hstack([page.blocks, np.broadcast_to(tail, (count, len(tail)))]))
        labels.append(page.labels.astype(np.int64))
        share = (page.words + 1.0) / float((page.words + 1.0).sum())
        weights.append(share * count)
    return np.vstack(rows), np.concatenate(labels), np.concatenate(weights)


def fit_blocks(pages: Sequence[PageData], types: npt.NDArray[np.float64]) -> Ensemble:
    """The block model, given each page's (held-out) page-type probabilities."""
    matrix, labels, weights = _design(pages, types)
    if labels.all() or not labels.any():
        empty = np.zeros(0, dtype=np.int64)
        trees = Trees(empty, np.zeros(0), empty, empty, np.zeros(0), empty)
        return Ensemble(trees, empty, np.asarray([20.0 if labels.all() else -20.0]))
    return _fit(matrix, labels, weights, BLOCK_BOOSTING)


def block_probabilities(
    model: Ensemble, page: PageData, types: npt.NDArray[np.float64]
) -> npt.NDArray[np.float64]:
    from unboiler.classify.default_model import sigmoid

    if not len(page.blocks):
        return np.zeros(0)
    tail = np.concatenate([page.page, types])
    rows = np.hstack([page.blocks, np.broadcast_to(tail, (len(page.blocks), len(tail)))])
    return sigmoid(model.scores(rows)[:, 0])


# --------------------------------------------------------------------------- scoring


def page_scores(page: PageData, text: str) -> tuple[float, float]:
    """Precision and recall of one page's text under its dataset's metric: WCXB's word
    bag, or the article-extraction benchmark's 4-gram shingles."""
    from unboiler.evaluate.metrics import (
        page_precision,
        page_recall,
        shingle_counts,
        wordbag_scores,
    )

    if page.metric == "wordbag":
        precision, recall, _ = wordbag_scores(page.gold, text)
        return precision, recall
    counts = shingle_counts(page.gold, text)
    return page_precision(counts), page_recall(counts)


def f_beta(precision: float, recall: float, beta: float = 1.0) -> float:
    squared = beta * beta
    denominator = squared * precision + recall
    return (1 + squared) * precision * recall / denominator if denominator > 0 else 0.0


def _kept_text(page: PageData, keep: npt.NDArray[np.bool_]) -> str:
    return "\n".join(text for text, k in zip(page.texts, keep.tolist(), strict=True) if k)


def choose_thresholds(
    pages: Sequence[PageData], probabilities: Sequence[npt.NDArray[np.float64]]
) -> dict[str, float]:
    """The threshold of each favor mode: the one whose decisions on these (held-out)
    probabilities give the best mean F-beta over pages."""
    table = np.zeros((len(THRESHOLDS), len(pages), 2))
    for t, threshold in enumerate(THRESHOLDS):
        for p, (page, probs) in enumerate(zip(pages, probabilities, strict=True)):
            table[t, p] = page_scores(page, _kept_text(page, probs >= threshold))
    chosen = {}
    for mode in FAVOR_MODES:
        beta = FAVOR_BETA[mode]
        means = [np.mean([f_beta(p, r, beta) for p, r in table[t]]) for t in range(len(THRESHOLDS))]
        chosen[mode] = THRESHOLDS[int(np.argmax(means))]
    return chosen


# --------------------------------------------------------------------------- training


def train(
    pages: Sequence[PageData],
    *,
    seed: int = 0,
    folds: int = INNER_FOLDS,
    trained_on: dict[str, Any] | None = None,
    progress: Callable[[str], None] | None = None,
) -> DefaultModel:
    """The model from these pages: held-out page types, then held-out block
    probabilities for the thresholds, then both models fitted on every page."""
    say = progress or (lambda message: None)
    say(f"page types: held-out predictions over {folds} folds")
    types = held_out_page_types(pages, folds=folds, seed=seed)
    say("thresholds: held-out block predictions")
    probabilities: list[npt.NDArray[np.float64]] = [np.zeros(0)] * len(pages)
    for fold in group_folds(pages, folds, seed=seed):
        held = set(fold)
        training = [i for i in range(len(pages)) if i not in held]
        model = fit_blocks([pages[i] for i in training], types[training])
        for i in fold:
            probabilities[i] = block_probabilities(model, pages[i], types[i])
    thresholds = choose_thresholds(pages, probabilities)
    say(f"thresholds {thresholds}; fitting on all {len(pages)} pages")
    page_model = fit_page_types(pages)
    block_model = fit_blocks(pages, types)
    info = {
        "pages": len(pages),
        "datasets": dict(Counter(page.dataset for page in pages)),
        "blocks": int(sum(len(page.blocks) for page in pages)),
        "label_coverage": LABEL_COVERAGE,
        "block_boosting": BLOCK_BOOSTING,
        "page_boosting": PAGE_BOOSTING,
        "inner_folds": folds,
        "seed": seed,
        **(trained_on or {}),
    }
    return DefaultModel(page_model, block_model, thresholds, info)


@dataclass(frozen=True)
class HeldOut:
    """A cross-validated run: for each page, its held-out text under each favor mode
    and its predicted page type."""

    pages: list[PageData]
    texts: dict[str, list[str]]
    predicted_types: list[int]


def cross_validate(
    pages: Sequence[PageData],
    *,
    folds: int = 5,
    seed: int = 0,
    progress: Callable[[str], None] | None = None,
) -> HeldOut:
    """Train on all folds but one, extract the held-out one, for every fold: pages are
    split by group, so no domain (site) is on both sides."""
    say = progress or (lambda message: None)
    texts: dict[str, list[str]] = {mode: [""] * len(pages) for mode in FAVOR_MODES}
    predicted = [0] * len(pages)
    for number, fold in enumerate(group_folds(pages, folds, seed=seed), start=1):
        held = set(fold)
        training = [p for i, p in enumerate(pages) if i not in held]
        say(f"fold {number}/{folds}: training on {len(training)} pages")
        model = train(training, seed=seed)
        for i in fold:
            page = pages[i]
            types = model.page_type_probabilities(page.page)
            predicted[i] = int(np.argmax(types))
            probabilities = block_probabilities(model.blocks, page, types)
            for mode in FAVOR_MODES:
                texts[mode][i] = _kept_text(page, probabilities >= model.thresholds[mode])
    return HeldOut(list(pages), texts, predicted)


def train_datasets(
    specs: Sequence[str],
    *,
    seed: int = 0,
    command: str | None = None,
    progress: Callable[[str], None] | None = None,
) -> DefaultModel:
    """Train the default extractor's model on the datasets ``specs`` (names or paths
    :func:`unboiler.evaluate.datasets.load_dataset` reads), recording them and the
    command in the model."""
    from unboiler.evaluate.datasets import load_dataset

    datasets = [load_dataset(spec) for spec in specs]
    pages = collect(datasets, progress=progress)
    if not pages:
        raise ModelError("the datasets have no page with gold text to train on")
    if progress is not None:
        blocks = sum(len(page.blocks) for page in pages)
        positives = sum(int(page.labels.sum()) for page in pages)
        progress(f"{len(pages)} pages, {blocks} blocks, {positives} content")
    joined = " ".join(specs)
    trained_on = {
        "command": command or f"unboiler train {joined} --extractor default --seed {seed}",
    }
    return train(pages, seed=seed, trained_on=trained_on, progress=progress)


__all__ = [
    "BLOCK_BOOSTING",
    "EXPORT_TOLERANCE",
    "FAVOR_BETA",
    "INNER_FOLDS",
    "LABEL_COVERAGE",
    "PAGE_BOOSTING",
    "THRESHOLDS",
    "HeldOut",
    "PageData",
    "block_probabilities",
    "choose_thresholds",
    "collect",
    "cross_validate",
    "export_ensemble",
    "f_beta",
    "fit_blocks",
    "fit_page_types",
    "group_folds",
    "held_out_page_types",
    "page_data",
    "page_scores",
    "train",
    "train_datasets",
]
