"""Training the default extractor's model on several benchmarks at once.

Each page of each dataset gives its block and page features
(:func:`~unboiler.classify.signals.page_signals`, after the extractor's own no-script
stage), its page type (WCXB's label; the news benchmarks' pages are articles) and block
labels: a block is content when at least :data:`LABEL_COVERAGE` of its word 3-grams are
in the gold text, and a block of one or two words only when it is there beside its
neighbour's words (:func:`unboiler.align.bag_coverage` with ``context``).

The models are gradient-boosted symmetric trees (CatBoost; see
:mod:`unboiler.classify.default_model` for why), fitted with one thread and a fixed seed,
so the same data give the same file (each member of the model from its own seed,
:data:`MEMBERS`).  A block is weighted
by its share of its page's words (the benchmarks' metrics count words within a page, so
a long paragraph weighs more than a menu item) times the page's number of blocks, so
the mean block weighs 1 and a page of many blocks weighs more than a short one.  Every
page weighing the same, as the metrics average over pages, was measured on the
cross-validation's folds (first stage alone): WCXB 0.866 against 0.871, scrapinghub
0.956 against 0.949, readability 0.954 against 0.950; a page weight between the two
(the square root of its blocks times the mean) 0.869, 0.955, 0.953.  WCXB's listings
and forums, pages of many blocks, are where the shipped weights win (listing 0.742
against 0.712).

Nothing is chosen on a page it is then scored on.  Pages are split into folds by *group*
(a domain for WCXB, a site for the others; :func:`group_folds`): the block model learns
from page-type probabilities predicted by page-type models that did not see the page,
and the second stage from first-stage scores predicted by block models that did not.
No threshold is chosen: the extractor keeps, on each page, the blocks that maximise the
expected F-measure (:func:`~unboiler.classify.default_model.choose_blocks`).
:func:`cross_validate` runs all of that inside each outer fold, so its figures are of
pages, and domains, never seen in training.

CatBoost is imported only here (``pip install 'unboiler[train]'``).
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
    PAGE_TYPES,
    Decision,
    DefaultModel,
    Ensemble,
    Member,
    favor_beta,
)
from unboiler.classify.model import ModelError
from unboiler.classify.signals import PageSignals, page_signals, score_context
from unboiler.datasets import Dataset, Page, domain_of
from unboiler.document import TextDocument
from unboiler.errors import UnboilerError
from unboiler.filters.concealed import Concealed

#: A block is a positive example when this share of its word 3-grams is in the gold.
LABEL_COVERAGE: Final = 0.5
#: The block model: 400 symmetric trees of depth 6 (64 leaves), step 0.15, CatBoost's
#: default L2 on the leaves.  Its held-out log-loss is lowest near 200 trees, and 450
#: trees of depth 8 at step 0.05 lower it further (0.289 against 0.319 on one outer
#: fold), yet the extractor's held-out F1 is what counts, and that model scored lower:
#: WCXB 0.873 against 0.876, readability 0.963 against 0.966 (scrapinghub 0.966
#: against 0.965); the two averaged, 0.877, 0.965, 0.964.
BLOCK_BOOSTING: Final = {"iterations": 400, "depth": 6, "learning_rate": 0.15}
#: The second stage: its strongest feature is the first stage's score, so fewer and
#: smaller trees do.
REFINE_BOOSTING: Final = {"iterations": 200, "depth": 5, "learning_rate": 0.15}
#: The page-type model: small trees, few pages.
PAGE_BOOSTING: Final = {"iterations": 150, "depth": 4, "learning_rate": 0.15}
#: Members of the model (:class:`~unboiler.classify.default_model.DefaultModel`), each
#: trained alike from its own seed.  Held out (``benchmarks/default_cv.py --member K``
#: for K = 0, 1, 2, then ``--combine``; five folds by domain or site), one member scores
#: WCXB 0.875, 0.870, 0.872 with seeds 0, 1, 2 (scrapinghub 0.963, 0.961, 0.961;
#: readability 0.961, 0.954, 0.960); two members 0.875 to 0.876; three 0.877 (0.966,
#: 0.960).  Each member adds its trees to every page's scoring: three cost about a fifth
#: of the extractor's speed.
MEMBERS: Final = 3
#: Folds of the training pages for the held-out page types and first-stage scores.
INNER_FOLDS: Final = 3
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
    signals: PageSignals
    labels: npt.NDArray[np.bool_]
    words: npt.NDArray[np.float64]
    texts: tuple[str, ...]
    gold: str
    #: The blocks of each ``<pre>`` and of each table row, decided together
    #: (:func:`unboiler.filters.units.decision_units`); empty in runs saved before them.
    code: tuple[tuple[int, ...], ...] = ()
    rows: tuple[tuple[int, ...], ...] = ()
    #: The blocks the repeated-text rule leaves alone
    #: (:func:`~unboiler.filters.repeats.in_table_cell`).
    cells: frozenset[int] = frozenset()
    #: The blocks in a list's item, each with its list, whose text repeated only among
    #: them the rule leaves alone on some page types
    #: (:func:`~unboiler.filters.repeats.parallel_blocks`); empty in runs saved before them.
    items: tuple[tuple[int, int], ...] = ()
    #: The blocks in a quotation whose text another block repeats, and their depth in
    #: quotations (:func:`~unboiler.filters.repeats.quotation_depths`); empty in runs
    #: saved before them.
    quote_depths: tuple[tuple[int, int], ...] = ()
    #: The lines without words of a paragraph (:func:`~unboiler.filters.units.wordless_lines`);
    #: empty in runs saved before them.
    wordless: frozenset[int] = frozenset()
    #: The blocks of each definition list's term and descriptions
    #: (:func:`~unboiler.filters.units.definition_groups`); empty in runs saved before them.
    definitions: tuple[tuple[int, ...], ...] = ()
    #: The blocks of each quotation (:func:`~unboiler.filters.units.quotation_groups`);
    #: empty in runs saved before them.
    quotes: tuple[tuple[int, ...], ...] = ()
    #: The blocks that are a button's label (:func:`~unboiler.filters.controls.control_labels`);
    #: empty in runs saved before them.
    controls: frozenset[int] = frozenset()
    #: For each page type with readers' contributions, the blocks of each of their
    #: sections (:func:`~unboiler.filters.contributions.contribution_sections`), as
    #: (type, blocks) pairs; empty in runs saved before them.
    contributions: tuple[tuple[str, range], ...] = ()
    #: The blocks of each hidden microdata item of the page
    #: (:func:`~unboiler.filters.structured.hidden_metadata`); empty in runs saved before them.
    hidden_items: tuple[tuple[int, ...], ...] = ()
    #: The entries of the page's own table of contents
    #: (:func:`~unboiler.filters.units.contents_entries`); empty in runs saved before them.
    contents: frozenset[int] = frozenset()
    #: The blocks of each item of the page's lists (:func:`~unboiler.filters.units.
    #: list_groups`); empty in runs saved before them.
    lists: tuple[tuple[tuple[int, ...], ...], ...] = ()
    #: The blocks of each term, with its descriptions, of the page's definition lists
    #: (:func:`~unboiler.filters.units.definition_lists`); empty in runs saved before them.
    definition_lists: tuple[tuple[tuple[int, ...], ...], ...] = ()
    #: The blocks of each slot of each run of sibling posts (:func:`~unboiler.filters.
    #: units.post_slots`); empty in runs saved before them.
    posts: tuple[tuple[tuple[int, ...], ...], ...] = ()
    #: The blocks inside an element the page hides at some width, each with an id of
    #: that element (:func:`~unboiler.filters.repeats.layout_hidden`); empty in runs saved
    #: before them.
    layout_hidden: tuple[tuple[int, int], ...] = ()
    #: The blocks inside an element the page hides until a script shows it and that no
    #: reader's click opens (:func:`~unboiler.filters.concealed.concealed_blocks`);
    #: empty in runs saved before them.
    concealed: tuple[int, ...] = ()
    #: Those of them under a closed modal (:class:`~unboiler.filters.concealed.Concealed`);
    #: empty in runs saved before them.
    concealed_modal: tuple[int, ...] = ()
    #: The lines of a poster's profile (:func:`~unboiler.filters.profiles.profile_fields`);
    #: empty in runs saved before them.
    profiles: frozenset[int] = frozenset()
    #: The blocks of each row of each table (:func:`~unboiler.filters.units.table_rows`);
    #: empty in runs saved before them.
    tables: tuple[tuple[tuple[int, ...], ...], ...] = ()
    #: Each table's blocks and the blocks beside it (:func:`~unboiler.filters.units.
    #: table_places`); empty in runs saved before them.
    places: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...] = ()
    #: The features the extractor decides the page with where they differ from those
    #: it is trained on: a page without a URL reads the address it declares
    #: (:func:`~unboiler.classify.decide.deciding_signals`).
    at_inference: PageSignals | None = None
    #: The blocks in a slot of alike cards that holds values, each with its slot
    #: (:func:`~unboiler.filters.repeats.value_slots`); empty in runs saved before them.
    values: tuple[tuple[int, int], ...] = ()
    #: The blocks of the page's breadcrumb trail (:func:`~unboiler.filters.navigation.
    #: breadcrumb_blocks`); empty in runs saved before them.
    breadcrumbs: frozenset[int] = frozenset()
    #: The head and the panel's blocks of each disclosure (:func:`~unboiler.filters.units.
    #: disclosure_groups`); empty in runs saved before them.
    disclosures: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...] = ()
    #: Whether the page's JSON-LD says it is a thread (:func:`~unboiler.classify.decide.
    #: declared_thread`); false in runs saved before it.
    thread: bool = False

    @property
    def deciding(self) -> PageSignals:
        """The features a held-out page is decided with, as the extractor would."""
        return self.signals if self.at_inference is None else self.at_inference

    @property
    def blocks(self) -> npt.NDArray[np.float32]:
        return self.signals.blocks

    @property
    def page(self) -> npt.NDArray[np.float64]:
        return self.signals.page


def decision_fields(document: TextDocument) -> dict[str, Any]:
    """The fields of :class:`PageData` that the extractor's rules after the model read
    (decision units, cells, quotations, button labels...), from ``document`` parsed as the
    extractor parses it: by name, for :func:`page_data` and for a saved run's pages to
    take this code's rules (``benchmarks/default_cv.py --load``)."""
    from unboiler.classify.decide import declared_thread, furniture_table
    from unboiler.filters.concealed import concealed_blocks
    from unboiler.filters.contributions import SECTION_WORDS, contribution_sections
    from unboiler.filters.controls import control_labels
    from unboiler.filters.navigation import breadcrumb_blocks
    from unboiler.filters.profiles import profile_fields
    from unboiler.filters.repeats import (
        in_table_cell,
        layout_hidden,
        list_of,
        quotation_depths,
        value_slots,
    )
    from unboiler.filters.structured import hidden_metadata
    from unboiler.filters.units import (
        contents_entries,
        decision_units,
        definition_groups,
        definition_lists,
        disclosure_groups,
        list_groups,
        post_slots,
        quotation_groups,
        table_places,
        table_rows,
        wordless_lines,
    )

    code, rows = decision_units(document)
    blocks = document.blocks
    concealed = concealed_blocks(document)
    tables = table_rows(document)
    return {
        "code": tuple(map(tuple, code)),
        "rows": tuple(map(tuple, rows)),
        "cells": frozenset(i for i, block in enumerate(blocks) if in_table_cell(block)),
        "items": tuple(
            (i, holder) for i, block in enumerate(blocks) if (holder := list_of(block)) is not None
        ),
        "quote_depths": tuple(sorted(quotation_depths(blocks, [True] * len(blocks)).items())),
        "wordless": wordless_lines(document),
        "definitions": tuple(map(tuple, definition_groups(document))),
        "contents": contents_entries(document),
        "quotes": tuple(map(tuple, quotation_groups(document))),
        "lists": tuple(tuple(map(tuple, items)) for items in list_groups(document)),
        "definition_lists": tuple(tuple(map(tuple, items)) for items in definition_lists(document)),
        "posts": tuple(tuple(map(tuple, slot)) for slot in post_slots(document)),
        "controls": control_labels(document),
        "contributions": tuple(
            (kind, section)
            for kind in SECTION_WORDS
            for section in contribution_sections(document, kind)
        ),
        "hidden_items": tuple(hidden_metadata(document)),
        "layout_hidden": tuple(sorted(layout_hidden(blocks, range(len(blocks))).items())),
        "concealed": tuple(sorted(concealed)),
        "concealed_modal": tuple(sorted(concealed.modal)),
        "profiles": profile_fields(document),
        "tables": tuple(tuple(map(tuple, rows)) for rows in tables),
        "places": tuple(table_places(document, tables, furniture_table)),
        "thread": declared_thread(document),
        "values": tuple(sorted(value_slots(blocks).items())),
        "breadcrumbs": breadcrumb_blocks(blocks, document.tree),
        "disclosures": tuple(
            (tuple(head), tuple(body)) for head, body in disclosure_groups(document)
        ),
    }


def page_data(page: Page, dataset: str, metric: str = "shingle") -> PageData:
    """Parse one page as the default extractor does and label its blocks.  ``metric`` is
    how its dataset scores a page (``shingle`` or ``wordbag``)."""
    from unboiler.classify.decide import addressed
    from unboiler.parse import parse, reveal_noscript

    if page.gold is None:
        raise ModelError(f"page {page.id!r} has no gold text: training needs gold text")
    document = parse(page.html, url=page.url)
    reveal_noscript(document)
    signals = page_signals(document)
    decided = addressed(document, signals)
    blocks = document.blocks
    coverage = np.asarray(bag_coverage(blocks, page.gold, context=True), dtype=np.float64)
    kind = page.page_type or "article"
    if kind not in PAGE_TYPES:
        raise ModelError(f"page {page.id!r} has unknown page type {kind!r}")
    return PageData(
        page_id=f"{dataset}/{page.id}",
        dataset=dataset,
        metric=metric,
        group=domain_of(page),
        page_type=PAGE_TYPES.index(kind),
        signals=signals,
        labels=coverage >= LABEL_COVERAGE,
        words=np.asarray([block.num_words for block in blocks], dtype=np.float64),
        texts=tuple(block.text for block in blocks),
        gold=page.gold,
        at_inference=None if decided is signals else decided,
        **decision_fields(document),
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


def _classifier(parameters: dict[str, Any], classes: int, seed: int = 0) -> Any:
    try:
        from catboost import CatBoostClassifier
    except ImportError as error:  # pragma: no cover - depends on the installation
        raise ModelError("training needs CatBoost: pip install 'unboiler[train]'") from error
    multi = {"loss_function": "MultiClass", "class_names": list(range(classes))}
    return CatBoostClassifier(
        **parameters,
        **(multi if classes > 2 else {"loss_function": "Logloss"}),
        random_seed=seed,
        thread_count=TRAINING_THREADS,
        verbose=0,
        allow_writing_files=False,
    )


def export_ensemble(classifier: Any) -> Ensemble:
    """The fitted trees of a ``CatBoostClassifier`` as arrays, from the JSON form CatBoost
    writes (its documented export); trees of less than the full depth are padded with
    levels that always answer 0.  The caller checks the copy against ``predict_proba``."""
    import json
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "model.json"
        classifier.save_model(str(path), format="json")
        data = json.loads(path.read_text(encoding="utf-8"))
    scale, bias = data["scale_and_bias"]
    bias = np.asarray(bias if isinstance(bias, list) else [bias], dtype=np.float64)
    classes = len(bias)
    trees = data["oblivious_trees"]
    depth = max((len(tree["splits"]) for tree in trees), default=0)
    size = 1 << depth
    features = np.zeros((len(trees), depth), dtype=np.int64)
    borders = np.full((len(trees), depth), np.inf, dtype=np.float32)
    values = np.zeros((len(trees), size, classes))
    weights = np.zeros((len(trees), size))
    for index, tree in enumerate(trees):
        splits = tree["splits"]
        for level, split in enumerate(splits):
            if split.get("split_type") != "FloatFeature":
                raise ModelError(f"CatBoost made a {split.get('split_type')} split; expected float")
            features[index, level] = split["float_feature_index"]
            borders[index, level] = split["border"]
        own = 1 << len(splits)
        leaf_values = np.asarray(tree["leaf_values"], dtype=np.float64).reshape(own, classes)
        values[index, :own] = leaf_values
        weights[index, :own] = tree["leaf_weights"]
    return Ensemble(features, borders, values, weights, float(scale), bias)


def _fit(
    matrix: npt.NDArray[np.float64],
    labels: npt.NDArray[np.int64],
    weights: npt.NDArray[np.float64] | None,
    parameters: dict[str, Any],
    classes: int = 2,
    seed: int = 0,
) -> Ensemble:
    classifier = _classifier(parameters, classes, seed)
    classifier.fit(matrix, labels, sample_weight=weights)
    expected = classifier.predict_proba(matrix)
    ensemble = export_ensemble(classifier)
    scores = ensemble.scores(matrix)
    if classes == 2:
        ours = 1.0 / (1.0 + np.exp(-scores[:, 0]))
        gap = np.abs(ours - expected[:, 1]).max()
    else:
        shifted = np.exp(scores - scores.max(axis=1, keepdims=True))
        gap = np.abs(shifted / shifted.sum(axis=1, keepdims=True) - expected).max()
    if gap > EXPORT_TOLERANCE:
        raise ModelError(
            f"the exported trees disagree with CatBoost's predictions (by {gap:.2g}): this "
            "CatBoost stores its trees differently; train with a version this unboiler knows"
        )
    return ensemble


def _constant(classes: int, label: int) -> Ensemble:
    """A model without trees that always gives ``label``: what one class of examples
    teaches."""
    bias = np.full(classes, -20.0)
    if classes == 1:
        bias[0] = 20.0 if label else -20.0
    else:
        bias[label] = 20.0
    empty = np.zeros((0, 0))
    return Ensemble(
        empty.astype(np.int64),
        empty.astype(np.float32),
        np.zeros((0, 1, classes)),
        np.zeros((0, 1)),
        1.0,
        bias,
    )


def fit_page_types(pages: Sequence[PageData], *, seed: int = 0) -> Ensemble:
    """The page-type model, one class per type of :data:`PAGE_TYPES`, seen or not."""
    matrix = np.vstack([page.page for page in pages])
    labels = np.asarray([page.page_type for page in pages], dtype=np.int64)
    present = sorted(set(labels.tolist()))
    if len(present) < 2:
        return _constant(len(PAGE_TYPES), present[0])
    return _fit(matrix, labels, None, PAGE_BOOSTING, classes=len(PAGE_TYPES), seed=seed)


def _page_type_probabilities(model: Ensemble, pages: Sequence[PageData]) -> npt.NDArray[np.float64]:
    from unboiler.classify.default_model import softmax

    return softmax(model.scores(np.vstack([page.page for page in pages])))


def held_out_page_types(
    pages: Sequence[PageData], *, folds: int = INNER_FOLDS, seed: int = 0
) -> npt.NDArray[np.float64]:
    """Page-type probabilities of every page from a model that did not see its group
    (``seed`` splits the folds and seeds the trees)."""
    result = np.zeros((len(pages), len(PAGE_TYPES)))
    for fold in group_folds(pages, folds, seed=seed):
        held = set(fold)
        model = fit_page_types([p for i, p in enumerate(pages) if i not in held], seed=seed)
        result[fold] = _page_type_probabilities(model, [pages[i] for i in fold])
    return result


def _rows(
    page: PageData, types: npt.NDArray[np.float64], first: npt.NDArray[np.float64] | None
) -> npt.NDArray[np.float64]:
    """A page's rows for the first stage, or for the second given first-stage scores."""
    tail = np.concatenate([page.page, types])
    count = len(page.blocks)
    rows = np.hstack([page.blocks, np.broadcast_to(tail, (count, len(tail)))])
    if first is None:
        return rows
    return np.hstack([rows, score_context(page.signals, first)])


def _design(
    pages: Sequence[PageData],
    types: npt.NDArray[np.float64],
    first: Sequence[npt.NDArray[np.float64]] | None = None,
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.int64], npt.NDArray[np.float64]]:
    rows, labels, weights = [], [], []
    for index, (page, probabilities) in enumerate(zip(pages, types, strict=True)):
        count = len(page.blocks)
        if not count:
            continue
        rows.append(_rows(page, probabilities, None if first is None else first[index]))
        labels.append(page.labels.astype(np.int64))
        share = (page.words + 1.0) / float((page.words + 1.0).sum())
        weights.append(share * count)
    return np.vstack(rows), np.concatenate(labels), np.concatenate(weights)


def fit_blocks(
    pages: Sequence[PageData],
    types: npt.NDArray[np.float64],
    first: Sequence[npt.NDArray[np.float64]] | None = None,
    *,
    seed: int = 0,
) -> Ensemble:
    """The block model, given each page's (held-out) page-type probabilities; or, given
    the pages' held-out first-stage scores (``first``), the second stage."""
    matrix, labels, weights = _design(pages, types, first)
    if labels.all() or not labels.any():
        return _constant(1, int(labels.all()))
    parameters = BLOCK_BOOSTING if first is None else REFINE_BOOSTING
    return _fit(matrix, labels, weights, parameters, seed=seed)


def block_probabilities(
    model: Ensemble,
    page: PageData,
    types: npt.NDArray[np.float64],
    first: npt.NDArray[np.float64] | None = None,
) -> npt.NDArray[np.float64]:
    """The first stage's probabilities for a page's blocks, or the second stage's given
    the first's."""
    from unboiler.classify.default_model import sigmoid

    if not len(page.blocks):
        return np.zeros(0)
    return sigmoid(model.scores(_rows(page, types, first))[:, 0])


# --------------------------------------------------------------------------- scoring


def _kept_text(page: PageData, keep: npt.NDArray[np.bool_]) -> str:
    return "\n".join(text for text, k in zip(page.texts, keep.tolist(), strict=True) if k)


# --------------------------------------------------------------------------- training


def _held_out(
    pages: Sequence[PageData],
    types: npt.NDArray[np.float64],
    split: Sequence[Sequence[int]],
    first: Sequence[npt.NDArray[np.float64]] | None,
    *,
    seed: int = 0,
) -> list[npt.NDArray[np.float64]]:
    """Each page's block probabilities from a model (first stage, or second given
    ``first``) fitted on the other folds."""
    result: list[npt.NDArray[np.float64]] = [np.zeros(0)] * len(pages)
    for fold in split:
        held = set(fold)
        training = [i for i in range(len(pages)) if i not in held]
        model = fit_blocks(
            [pages[i] for i in training],
            types[training],
            None if first is None else [first[i] for i in training],
            seed=seed,
        )
        for i in fold:
            result[i] = block_probabilities(
                model, pages[i], types[i], None if first is None else first[i]
            )
    return result


def train_member(
    pages: Sequence[PageData],
    *,
    seed: int = 0,
    folds: int = INNER_FOLDS,
    progress: Callable[[str], None] | None = None,
) -> Member:
    """One member of the model from these pages, ``seed`` splitting its inner folds and
    seeding its trees: held-out page types; held-out first-stage block probabilities,
    which the second stage learns from; then the page-type model and both stages fitted
    on every page (the second on the held-out first-stage scores, as it will see scores
    of pages the first stage never saw)."""
    say = progress or (lambda message: None)
    say(f"page types: held-out predictions over {folds} folds")
    types = held_out_page_types(pages, folds=folds, seed=seed)
    split = group_folds(pages, folds, seed=seed)
    say("first stage: held-out block predictions")
    first = _held_out(pages, types, split, None, seed=seed)
    say(f"fitting on all {len(pages)} pages")
    return Member(
        fit_page_types(pages, seed=seed),
        fit_blocks(pages, types, seed=seed),
        fit_blocks(pages, types, first, seed=seed),
    )


def train(
    pages: Sequence[PageData],
    *,
    seed: int = 0,
    folds: int = INNER_FOLDS,
    members: int = MEMBERS,
    trained_on: dict[str, Any] | None = None,
    progress: Callable[[str], None] | None = None,
) -> DefaultModel:
    """The model from these pages: ``members`` members (:func:`train_member`), seeded
    ``seed``, ``seed + 1``, and so on."""
    say = progress or (lambda message: None)
    built = []
    for number in range(members):
        say(f"member {number + 1}/{members} (seed {seed + number})")
        built.append(train_member(pages, seed=seed + number, folds=folds, progress=progress))
    info = {
        "pages": len(pages),
        "datasets": dict(Counter(page.dataset for page in pages)),
        "blocks": int(sum(len(page.blocks) for page in pages)),
        "label_coverage": LABEL_COVERAGE,
        "block_boosting": BLOCK_BOOSTING,
        "page_boosting": PAGE_BOOSTING,
        "refine_boosting": REFINE_BOOSTING,
        "inner_folds": folds,
        "members": members,
        "seed": seed,
        **(trained_on or {}),
    }
    return DefaultModel(tuple(built), info)


@dataclass(frozen=True)
class HeldOut:
    """A cross-validated run: each page's predicted page type and its blocks' held-out
    probabilities, from the model that did not see the page's group."""

    pages: list[PageData]
    predicted_types: list[int]
    probabilities: list[npt.NDArray[np.float64]]

    def kept_text(
        self,
        index: int,
        favor: str = "balanced",
        *,
        drop_repeats: bool = True,
        beta: float | None = None,
    ) -> str:
        """The text the extractor keeps of page ``index`` in a ``favor`` mode, or at
        F-``beta`` when given: its decision units (:mod:`unboiler.filters.units`) and,
        the rules right after the cut (:func:`~unboiler.classify.decide.after_the_cut`),
        unless ``drop_repeats`` is false its repeated-text rule
        (:mod:`unboiler.filters.repeats`), then its rules for a quotation's remnants,
        for a button's labels (:mod:`unboiler.filters.controls`), for readers'
        contributions (:mod:`unboiler.filters.contributions`), for a forum poster's
        profile fields (:mod:`unboiler.filters.profiles`), for hidden metadata
        (:mod:`unboiler.filters.structured`), as the extractor's filters apply them."""
        from unboiler.classify.decide import (
            HEADING_COLUMN,
            QUOTE_COLUMN,
            after_the_cut,
            choose_units,
            chrome_words,
            described_blocks,
        )
        from unboiler.filters import drop_sections
        from unboiler.filters.controls import control_headings
        from unboiler.filters.profiles import PROFILE_TYPE
        from unboiler.filters.repeats import (
            LIST_ITEM_TYPES,
            drops_repeats,
            one_copy_each,
            section_headings,
        )
        from unboiler.filters.structured import drop_hidden_items
        from unboiler.filters.units import (
            drop_quotation_remnants,
            keep_quotations_whole,
            keep_whole,
        )

        page = self.pages[index]
        kind = PAGE_TYPES[self.predicted_types[index]]
        if kind == "article" and page.thread:  # as decide.declared_type
            kind = "forum"
        if beta is None:
            beta = favor_beta(favor, kind)
        headings = page.blocks[:, HEADING_COLUMN] > 0 if len(page.blocks) else None
        keep = choose_units(
            self.probabilities[index],
            page.words,
            beta,
            page.code,
            page.rows,
            headings=headings,
            wordless=page.wordless,
            definitions=page.definitions,
            contents=page.contents,
            chrome=chrome_words(page.blocks, page.words) if len(page.blocks) else None,
            siblings=page.signals.parent[page.signals.owner] if len(page.blocks) else None,
            controls=page.controls,
        )
        if len(page.blocks):
            keep = after_the_cut(
                keep,
                self.probabilities[index],
                page.blocks,
                page.texts.__getitem__,
                page.words,
                {index for lines in page.code for index in lines},
                page.lists,
                page.posts,
                (page.signals.owner, page.signals.parent, page.signals.levels),
                dict(page.layout_hidden),
                Concealed(dict.fromkeys(page.concealed, 0), page.concealed_modal),
                lambda: page.lists,
                tables=page.tables,
                page_type=kind,
                definition_lists=page.definition_lists,
                places=page.places,
                described=described_blocks(page.definitions),
                breadcrumbs=page.breadcrumbs,
                units=page.rows,
                disclosures=page.disclosures,
            )
        if drop_repeats and drops_repeats(kind):
            likelihood = self.probabilities[index].tolist()
            quoted: dict[int, int] | set[int] = dict(page.quote_depths)
            if not quoted and len(page.blocks):  # a run saved before the depths
                quoted = set(np.flatnonzero(page.blocks[:, QUOTE_COLUMN] > 0).tolist())
            heads = (
                section_headings(page.texts, page.words.tolist(), keep.tolist(), headings.tolist())
                if headings is not None
                else set()
            )
            one = one_copy_each(
                page.texts,
                page.words.tolist(),
                keep.tolist(),
                likelihood,
                exempt=page.cells | heads,
                quoted=quoted,
                parallel=dict(page.items) if kind in LIST_ITEM_TYPES else None,
                pairs=page.definitions,
                values=dict(page.values),
            )
            keep = np.asarray(one, dtype=bool)
        keep = drop_quotation_remnants(keep, page.words, page.quotes)
        keep = keep_quotations_whole(keep, page.words, page.quotes, page.texts.__getitem__)
        if page.controls:
            keep = keep.copy()
            keep[list(page.controls)] = False
            if len(page.blocks):
                levels = page.blocks[:, HEADING_COLUMN].astype(int).tolist()
                keep[control_headings(keep, page.words, levels, page.controls)] = False
        probabilities = self.probabilities[index]
        sections = [blocks for of, blocks in page.contributions if of == kind]
        keep = drop_sections(keep, probabilities, page.words, sections, headings)
        if kind == PROFILE_TYPE and page.profiles:
            keep = keep.copy()
            keep[list(page.profiles)] = False
        keep = drop_hidden_items(keep, page.words, page.hidden_items)
        keep = keep_whole(keep, [group for group in page.code if len(group) > 1])
        return _kept_text(page, keep)


def predict_fold(
    pages: Sequence[PageData],
    fold: Sequence[int],
    *,
    seed: int = 0,
    members: int = MEMBERS,
) -> dict[int, tuple[int, npt.NDArray[np.float64]]]:
    """Train on every page but those of ``fold`` (indices into ``pages``), and give
    each of these its predicted page type and block probabilities: one fold of
    :func:`cross_validate`, for a run that keeps each fold as it finishes."""
    held = set(fold)
    training = [p for i, p in enumerate(pages) if i not in held]
    model = train(training, seed=seed, members=members)
    predicted = {}
    for i in fold:
        decision = model.decide(pages[i].deciding)
        predicted[i] = (decision.page_type, decision.probabilities)
    return predicted


def cross_validate(
    pages: Sequence[PageData],
    *,
    folds: int = 5,
    seed: int = 0,
    model_seed: int | None = None,
    members: int = MEMBERS,
    progress: Callable[[str], None] | None = None,
) -> HeldOut:
    """Train on all folds but one, predict the held-out one, for every fold: pages are
    split by group, so no domain (site) is on both sides.  ``seed`` splits the folds;
    the models' members are seeded from ``model_seed`` (``seed`` when None) on, so that
    one member's run (``members=1``) can be made apart and the runs averaged
    (:func:`combine`)."""
    say = progress or (lambda message: None)
    predicted = [0] * len(pages)
    probabilities: list[npt.NDArray[np.float64]] = [np.zeros(0)] * len(pages)
    for number, fold in enumerate(group_folds(pages, folds, seed=seed), start=1):
        say(f"fold {number}/{folds}: training on {len(pages) - len(fold)} pages")
        trained = seed if model_seed is None else model_seed
        for i, (kind, scores) in predict_fold(pages, fold, seed=trained, members=members).items():
            predicted[i], probabilities[i] = kind, scores
    return HeldOut(list(pages), predicted, probabilities)


def combine(runs: Sequence[HeldOut]) -> HeldOut:
    """The held-out run of a model whose members' runs these are, in member order (each
    made with ``cross_validate(members=1, model_seed=k)`` over the same folds): block
    probabilities averaged, page types voted, as :class:`DefaultModel` decides."""
    from unboiler.classify.default_model import vote_firsts

    first = runs[0]
    ids = [page.page_id for page in first.pages]
    for run in runs[1:]:
        if [page.page_id for page in run.pages] != ids:
            raise ModelError("the runs to combine are not of the same pages in the same order")
    predicted, probabilities = [], []
    for index in range(len(ids)):
        predicted.append(vote_firsts([run.predicted_types[index] for run in runs]))
        total = np.zeros(len(first.probabilities[index]))
        for run in runs:
            total += run.probabilities[index]
        probabilities.append(total / len(runs))
    return HeldOut(list(first.pages), predicted, probabilities)


class ReplayedModel(DefaultModel):
    """A model that decides each page as a saved held-out run decided it: the run's page
    type and block probabilities (:meth:`replay`, before each page) go through the
    default extractor's whole chain and its renderer, as the packaged model's would.

    :meth:`HeldOut.kept_text` replays the rules after the model on the blocks' texts,
    which is what the cross-validation chooses on; what a user gets is the rendered
    output of :func:`unboiler.extract`, after the filters that add text (a product's
    description or a recipe from the page's JSON-LD) and the renderer's own choices
    (formulas written out, screen readers' copies and soft hyphens left out).
    ``get_extractor("default", model=ReplayedModel(model))`` decides with the run, so
    the held-out figure of that output can be measured (``benchmarks/default_cv.py``)."""

    _next: Decision | None

    def __init__(self, model: DefaultModel) -> None:
        super().__init__(model.members, model.trained_on)
        object.__setattr__(self, "_next", None)

    def replay(self, page_type: int, probabilities: npt.NDArray[np.float64]) -> None:
        """Decide the next page as ``page_type`` (an index into :data:`PAGE_TYPES`) with
        these block probabilities (the page types' probabilities: all on that one)."""
        types = np.zeros(len(PAGE_TYPES))
        types[page_type] = 1.0
        object.__setattr__(
            self, "_next", Decision(page_type, types, np.asarray(probabilities, np.float64))
        )

    def decide(self, signals: PageSignals) -> Decision:
        decision = self._next
        if decision is None:
            raise ModelError("no decision to replay: call replay() before each page")
        if len(decision.probabilities) != len(signals.blocks):
            raise ModelError(
                f"the run decided {len(decision.probabilities)} blocks and the page has "
                f"{len(signals.blocks)}: the parser cuts it otherwise than when the run was made"
            )
        return decision


def train_datasets(
    specs: Sequence[str],
    *,
    seed: int = 0,
    command: str | None = None,
    progress: Callable[[str], None] | None = None,
) -> DefaultModel:
    """Train the default extractor's model on the datasets ``specs`` (names or paths
    :func:`unboiler.datasets.load_dataset` reads), recording them and the
    command in the model."""
    from unboiler.datasets import load_dataset

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
    "INNER_FOLDS",
    "LABEL_COVERAGE",
    "MEMBERS",
    "PAGE_BOOSTING",
    "REFINE_BOOSTING",
    "HeldOut",
    "PageData",
    "ReplayedModel",
    "block_probabilities",
    "collect",
    "combine",
    "cross_validate",
    "decision_fields",
    "export_ensemble",
    "fit_blocks",
    "fit_page_types",
    "group_folds",
    "held_out_page_types",
    "page_data",
    "predict_fold",
    "train",
    "train_datasets",
    "train_member",
]
