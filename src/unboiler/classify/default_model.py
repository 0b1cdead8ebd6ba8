"""The default extractor's model: a page-type classifier and a block classifier, both
gradient-boosted trees, in one versioned JSON file scored with numpy alone.

Two stages, because what counts as content depends on what the page is (WCXB, Foley
2026, defines seven page types for that reason): the posts of a forum, the description
and specifications of a product, the items of a listing, the whole body of a service
page.  The page-type model reads the page's features
(:data:`~unboiler.classify.signals.PAGE_FEATURES`) and gives a probability per type; the
block model reads each block's features, the page's, and those probabilities, and gives
the probability that the block is content.  No threshold is learnt: on each page, the
blocks kept are those that maximise the expected F-measure of the page's words under
those probabilities (:func:`expected_f_choice`): a cut on the probability that each page
sets for itself, and ``favor`` picks which F-measure.

The trees are symmetric (oblivious) trees, trained by CatBoost (Prokhorenkova et al.,
"CatBoost: unbiased boosting with categorical features", NeurIPS 2018): every level of a
tree asks one question of every row, so all trees score all blocks of a page in a few
numpy operations.  Trees grown node by node (scikit-learn's histogram boosting) scored
as well on held-out pages but cost ten times more to walk in numpy (measured on the
scrapinghub pages, benchmarks/results/default.md).  Each leaf keeps the training weight
that reached it, so the expected score before and after each level's question is known:
the change is what that level's feature contributed for a row (Saabas's attribution),
and the per-feature sums over trees are what :meth:`DefaultModel.explain` reports.

The model is several such pipelines (members), trained alike from different seeds,
whose block probabilities are averaged and whose page types vote (bagging: Breiman,
"Bagging predictors", Machine Learning 24, 1996): one pipeline's decisions on pages it
never saw move a great deal with any small change of its training, and the mean keeps
what the members agree on (:class:`DefaultModel`).

The file is JSON, never pickle.  It records its format version, the features and their
version, the page types, and how it was trained; :func:`load_default_model`
refuses a file made for another version with a :class:`ModelError` that says so.
"""

from __future__ import annotations

import functools
import json
import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from unboiler.classify.model import ModelError, read_model_file, read_packaged_model
from unboiler.classify.signals import (
    CONTEXT_FEATURES,
    ROW_DTYPE,
    SIGNALS_VERSION,
    PageSignals,
    block_feature_names,
    page_feature_names,
    score_context,
)
from unboiler.errors import ConfigurationError

#: What the ``format`` field of the file must say, and the layout version this reads.
DEFAULT_MODEL_FORMAT: Final = "unboiler-default-model"
DEFAULT_MODEL_VERSION: Final = 3
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
#: The modes of ``favor=`` and the F-beta each one maximises on a page: F1, F0.5
#: (precision weighs twice recall) and F2 (recall twice precision).
FAVOR_BETA: Final[Mapping[str, float]] = MappingProxyType(
    {"balanced": 1.0, "precision": 0.5, "recall": 2.0}
)
FAVOR_MODES: Final = tuple(FAVOR_BETA)
#: The F-beta of the balanced mode on a page of these predicted types, where it is not
#: F1 (the other modes scale it: F0.3 and F1.2 on an article).  Articles surround their
#: text with the most that readers skip and the benchmarks' gold leaves out (on
#: scrapinghub, most of the words kept beyond the gold are readers' comments and teasers
#: of other stories), so there a doubtful block kept costs more than one dropped.
#: Chosen by cross-validation nested in the five folds by domain or site of
#: ``benchmarks/default_cv.py``: each fold's β is the best of 0.5, 0.6, 0.7, 0.85 and 1
#: on the other four (the sum of the three datasets' F1); four folds chose 0.6, one 0.7.
#: Held out, WCXB 0.874 to 0.875 (its articles 0.944 to 0.946), scrapinghub 0.950 to
#: 0.959, readability unchanged (0.954).  On the other page types the curves were flat
#: or noisy, and F1 stays.
#:
#: Chosen again with the rules of stop 75 on stop 70's held-out run, every fold chose
#: 0.5: against 0.6, scrapinghub 0.96747 to 0.96980, readability 0.96717 to 0.96733,
#: WCXB 0.88722 to 0.88691 (0.55: 0.96866, 0.96696, 0.88701).  That sum weighs
#: scrapinghub's 181 news pages as much as WCXB's 1,355 pages of seven types; counting
#: each page once, 0.5 and 0.6 tie (a mean F1 0.00002 apart), and 0.6 stays: at 0.5 a
#: newcomer's event page, taken for an article, lost the answers of its FAQ
#: (``tests/pages/faq-accordion-es.html``).
TYPE_BETA: Final[Mapping[str, float]] = MappingProxyType({"article": 0.6})


def favor_beta(favor: str, page_type: str) -> float:
    """The F-beta a page of ``page_type`` maximises in a ``favor`` mode."""
    return FAVOR_BETA[favor] * TYPE_BETA.get(page_type, 1.0)


#: A block under this probability is never kept, whatever the page's other blocks: a
#: page on which the model sees no content returns none rather than its least unlikely
#: block.  (No benchmark figure moved between 0 and 0.2: it only matters on such pages.)
MIN_PROBABILITY: Final = 0.1
#: A page none of whose blocks is more likely content than not gives no content at all:
#: the blocks such a page would keep are its least unlikely ones, which on the
#: benchmarks are the footer or the language menu of a shell whose content a script
#: loads, an error page, a consent wall.  WCXB's gold leaves 21 of its 1,355 pages
#: empty for that reason.  Cross-validated (``python benchmarks/default_cv.py``, five
#: folds by domain or site): WCXB 0.871 to 0.874 (product pages 0.591 to 0.621,
#: listings 0.739 to 0.759, collections 0.687 to 0.676), scrapinghub and readability
#: unchanged (0.950, 0.954).  On the first stage's held-out probabilities it empties 24
#: of the 1,666 pages, 12 of them pages with empty gold.
PAGE_FLOOR: Final = 0.5
#: ... except a page of at most this many words, which is kept whole: it has no
#: boilerplate to tell its text from (a snippet, a note, a test page), and an empty
#: answer for a page that has text is the one a user trusts least.  On the held-out run
#: (``python benchmarks/default_cv.py --load``) three pages have nothing chosen and
#: 1 to 5 words, and their gold is those words (readability 0.957 to 0.965; WCXB
#: 0.8762 to 0.8763); any bound from 5 to 100 words changes the same three pages, and
#: the next pages with nothing chosen (135 words and more) are error pages whose gold
#: is empty.
SHORT_PAGE_WORDS: Final = 20


def expected_f_choice(
    probabilities: npt.NDArray[np.float64],
    words: npt.NDArray[np.float64],
    beta: float = 1.0,
) -> npt.NDArray[np.bool_]:
    """The blocks to keep: those that maximise the page's expected F-beta of words.

    The benchmarks (and readers) score a page by the words it gets right, so the choice
    is made per page, not per block: with block ``i`` content with probability ``p_i``
    and holding ``w_i`` words, keeping a set ``S`` is scored by the ratio of expected
    counts ``(1 + b²) Σ_S p_i w_i / (Σ_S w_i + b² Σ_all p_i w_i)`` (a surrogate of the
    expected F-beta, whose exact form Jansche, "A maximum expected utility framework for
    binary sequence labeling", ACL 2007, computes).  For that ratio the best set is the
    blocks above a cut, ``F* / (1 + b²)`` where ``F*`` is the best score reached (Lipton,
    Elkan and Naryanaswamy, "Thresholding classifiers to maximize F1", 2014, for F1), so
    the best top-k by probability is found in one sorted pass.  The cut follows the page:
    it is at most 0.5 for F1 (0.8 for F0.5, 0.2 for F2), highest on a page whose content
    the model is sure of, and lower where every block is doubtful, so that such a page
    still keeps its likeliest blocks (unless none is likely: :func:`choose_blocks`).  The
    probabilities are not calibrated for this (training weighs blocks by words,
    neighbours are correlated); what justifies the rule is the held-out figure: it beat
    the best cross-validated threshold by 0.005 on WCXB and 0.007 on scrapinghub (the
    same folds and trees, commit b17531d).  A block gets one more word than it has, so
    that blocks of images or numbers count.
    """
    if probabilities.shape != words.shape or probabilities.ndim != 1:
        raise ConfigurationError("one probability and one word count per block")
    keep = np.zeros(len(probabilities), dtype=np.bool_)
    if not len(probabilities):
        return keep
    # a probability that is not a number (a model fault) keeps nothing
    probabilities = np.nan_to_num(probabilities, nan=0.0)
    weights = words + 1.0
    expected = probabilities * weights
    order = np.argsort(-probabilities, kind="stable")
    squared = beta * beta
    gained = np.cumsum(expected[order])
    size = np.cumsum(weights[order])
    scores = (1.0 + squared) * gained / (size + squared * float(expected.sum()))
    keep[order[: int(np.argmax(scores)) + 1]] = True
    keep &= probabilities >= MIN_PROBABILITY
    return keep


def choose_blocks(
    probabilities: npt.NDArray[np.float64],
    words: npt.NDArray[np.float64],
    beta: float = 1.0,
    chrome: npt.NDArray[np.float64] | None = None,
) -> npt.NDArray[np.bool_]:
    """The blocks the default extractor keeps: every block of a page of at most
    :data:`SHORT_PAGE_WORDS` words where none would be kept, unless every word of it is
    in the page's navigation (``chrome``: each block's words when it lies in a
    ``<nav>``, ``<header>`` or ``<footer>``, else 0: the menu of a page cut before its
    article is no note); none on a longer page where no block reaches
    :data:`PAGE_FLOOR`, else those of :func:`expected_f_choice`."""
    if probabilities.shape != words.shape or probabilities.ndim != 1:
        raise ConfigurationError("one probability and one word count per block")
    # nanmax leaves out what is not a number (a model fault), as expected_f_choice does
    if np.nanmax(probabilities, initial=0.0) < PAGE_FLOOR:
        keep = np.zeros(len(probabilities), dtype=np.bool_)
    else:
        keep = expected_f_choice(probabilities, words, beta)
    total = float(words.sum())
    if (
        not keep.any()
        and total <= SHORT_PAGE_WORDS
        and (chrome is None or float(chrome.sum()) < total or not total)
    ):
        keep[:] = True
    return keep


def model_feature_names() -> list[str]:
    """The block model's columns: block features, page features, page-type
    probabilities."""
    return [
        *block_feature_names(),
        *page_feature_names(),
        *(f"type_{name}" for name in PAGE_TYPES),
    ]


def refine_feature_names() -> list[str]:
    """The second stage's columns: the first stage's, then :data:`CONTEXT_FEATURES`."""
    return [*model_feature_names(), *CONTEXT_FEATURES]


#: Rows scored at once: scoring holds about 20 kB per row (each tree's bits and leaf),
#: so a page of 30,000 blocks scored in one piece took 600 MB; in pieces of this many
#: rows it takes a few tens of MB, and no more time (the arrays stay in cache).
SCORING_ROWS: Final = 1024


@dataclass(frozen=True, eq=False)
class Fixed:
    """Features that are the same for every row of a page (the page's features and its
    page-type probabilities), given once rather than repeated in every row: the model's
    features ``first`` to ``first + len(values) - 1`` are ``values``, and a row holds the
    features before them, then those after them.  On a page of a hundred thousand
    blocks, those 78 columns repeated took 30 MB."""

    first: int
    values: npt.NDArray[np.float64]


@dataclass(frozen=True, eq=False)
class Ensemble:
    """Boosted oblivious decision trees (CatBoost's symmetric trees: every node of a
    level tests the same feature against the same border), with one score per class.

    Tree ``t`` reads features ``features[t, :]`` against ``borders[t, :]``; bit ``i`` of
    a row's leaf index is whether feature ``i`` is above its border (compared as float32,
    as CatBoost compares).  ``values[t, leaf, k]`` is what the leaf adds to class ``k``;
    ``weights[t, leaf]`` the training weight that reached it (for explanations).  The
    score is ``scale`` times the sum, plus ``bias``.  One tree level costs one comparison
    per row for all trees at once, which is what makes scoring every block of a page cheap
    with numpy alone: a few array operations, no walk down node by node.
    """

    features: npt.NDArray[np.int64]
    borders: npt.NDArray[np.float32]
    values: npt.NDArray[np.float64]
    weights: npt.NDArray[np.float64]
    scale: float
    bias: npt.NDArray[np.float64]
    _level_features: npt.NDArray[np.int64] = field(init=False, repr=False)
    _level_borders: npt.NDArray[np.float32] = field(init=False, repr=False)
    _flat_values: npt.NDArray[np.float64] = field(init=False, repr=False)
    _single_values: npt.NDArray[np.float64] = field(init=False, repr=False)
    _offsets: npt.NDArray[np.int64] = field(init=False, repr=False)
    _splits: dict[
        tuple[int, int],
        tuple[
            npt.NDArray[np.intp], npt.NDArray[np.int64], npt.NDArray[np.intp], npt.NDArray[np.int64]
        ],
    ] = field(init=False, repr=False, default_factory=dict)

    @property
    def classes(self) -> int:
        return len(self.bias)

    def __post_init__(self) -> None:
        # Level-major copies for scoring: gathering whole rows of the transposed features
        # is contiguous, three to four times faster than gathering columns.
        trees = len(self.features)
        object.__setattr__(self, "_level_features", np.ascontiguousarray(self.features.T).ravel())
        object.__setattr__(
            self, "_level_borders", np.ascontiguousarray(self.borders.T).ravel()[:, None]
        )
        size = self.values.shape[1]
        object.__setattr__(
            self, "_flat_values", self.values.reshape(trees * size, self.values.shape[2])
        )
        object.__setattr__(self, "_single_values", self.values[:, :, 0].ravel())
        object.__setattr__(self, "_offsets", (np.arange(trees) * size)[:, None])

    def leaves(
        self, rows: npt.NDArray[np.floating[Any]], fixed: Fixed | None = None
    ) -> npt.NDArray[np.unsignedinteger[Any]]:
        """The leaf each row reaches in each tree (trees by rows), in the smallest
        unsigned type that holds it (one byte for trees of depth 8 or less: the bits of
        every tree and row are combined level by level, and an eighth of the memory
        traffic of 64-bit integers is measurably faster).  With ``fixed``, the rows lack
        the features it gives, the same for every row (:class:`Fixed`)."""
        trees, depth = self.features.shape
        # float32 columns in one copy; none when the rows are already float32 and
        # column-major, as DefaultModel.decide lays them out
        columns = np.ascontiguousarray(rows.T, dtype=np.float32)
        if fixed is None:
            above = columns[self._level_features] > self._level_borders
        else:
            read, columns_read, given, features_given = self._split_levels(
                fixed.first, len(fixed.values)
            )
            above = np.empty((trees * depth, len(rows)), dtype=np.bool_)
            above[read] = columns[columns_read] > self._level_borders[read]
            values = fixed.values.astype(np.float32)[features_given - fixed.first]
            above[given] = (values > self._level_borders[given, 0])[:, None]
        above = above.reshape(depth, trees, len(rows))
        leaf_type = np.min_scalar_type((1 << depth) - 1)
        if leaf_type != np.uint8:  # pragma: no cover - no packaged tree is deeper than 8
            index = np.zeros((trees, len(rows)), dtype=leaf_type)
            for level in range(depth):
                index |= above[level].astype(leaf_type) << level
            return index
        # a bool is one byte of 0 or 1: each level's bits are read as bytes and shifted
        # in place, with no conversion (a third faster than converting each level)
        bits: npt.NDArray[np.uint8] = above.view(np.uint8)
        packed: npt.NDArray[np.uint8] = bits[0].copy()
        shifted = np.empty_like(packed)
        for level in range(1, depth):
            np.left_shift(bits[level], level, out=shifted)
            packed |= shifted
        return packed

    def _split_levels(
        self, first: int, count: int
    ) -> tuple[
        npt.NDArray[np.intp], npt.NDArray[np.int64], npt.NDArray[np.intp], npt.NDArray[np.int64]
    ]:
        """For features ``first`` to ``first + count - 1`` given apart (:class:`Fixed`):
        the tree levels (level-major) that read a row's own feature and the row columns
        they read, and the levels that read a given feature and which one.  Kept for the
        next page: every page of a model splits the same way."""
        key = (first, count)
        split = self._splits.get(key)
        if split is None:
            features = self._level_features
            inside = (features >= first) & (features < first + count)
            read, given = np.flatnonzero(~inside), np.flatnonzero(inside)
            outside = features[read]
            columns = np.where(outside >= first + count, outside - count, outside)
            split = self._splits[key] = (read, columns, given, features[given])
        return split

    def scores(
        self, rows: npt.NDArray[np.floating[Any]], fixed: Fixed | None = None
    ) -> npt.NDArray[np.float64]:
        """Raw scores, rows by classes (``fixed``: see :meth:`leaves`)."""
        if not len(self.features) or not len(rows):
            return np.broadcast_to(self.bias, (len(rows), self.classes)).copy()
        result = np.empty((len(rows), self.classes))
        for start in range(0, len(rows), SCORING_ROWS):
            chunk = rows[start : start + SCORING_ROWS]
            leaves = self.leaves(chunk, fixed) + self._offsets
            if self.classes == 1:  # a gather from a flat array: faster than of rows
                picked = self._single_values.take(leaves)  # trees, rows
                result[start : start + len(chunk), 0] = picked.sum(axis=0) * self.scale + self.bias
            else:
                picked = self._flat_values[leaves]  # trees, rows, classes
                result[start : start + len(chunk)] = picked.sum(axis=0) * self.scale + self.bias
        return result

    def contributions(
        self, rows: npt.NDArray[np.floating[Any]], width: int
    ) -> npt.NDArray[np.float64]:
        """How much each feature moved each row's class-0 score (rows by ``width``): along
        a row's path, each level's feature is credited with the change of the expected
        leaf value (weighted by training weight) that its bit brings (Saabas's
        attribution, for symmetric trees).  The expected values of every prefix of leaf
        bits are tabled once per call, so a page of a thousand blocks is explained in
        well under a second (the visual page explains every block)."""
        result = np.zeros((len(rows), width))
        if not len(self.features) or not len(rows):
            return result
        leaves = self.leaves(rows)  # trees by rows
        trees, depth = self.features.shape
        weights = self.weights + 1e-12
        weighted = self.values[:, :, 0] * weights
        tree_index = np.arange(trees)[:, None]
        row_index = np.arange(len(rows))[None, :]
        # before: the expected leaf value knowing no bit yet (every leaf, by weight)
        before = np.broadcast_to(
            (weighted.sum(axis=1) / weights.sum(axis=1))[:, None], leaves.shape
        )
        for level in range(depth):
            # Bits 0..level fix the low part of the leaf index: group leaves by it.
            low = 1 << (level + 1)
            sums = weighted.reshape(trees, -1, low).sum(axis=1)
            totals = weights.reshape(trees, -1, low).sum(axis=1)
            after = (sums / totals)[tree_index, leaves & (low - 1)]
            np.add.at(
                result, (row_index, self.features[:, level][:, None]), (after - before) * self.scale
            )
            before = after
        return result

    def to_json(self) -> dict[str, Any]:
        return {
            "features": self.features.tolist(),
            "borders": [[float(b) for b in row] for row in self.borders],
            "values": self.values.tolist(),
            "weights": self.weights.tolist(),
            "scale": self.scale,
            "bias": [float(b) for b in self.bias],
        }


def ensemble_from_json(data: Any, num_features: int) -> Ensemble:
    """Rebuild an :class:`Ensemble`, checking every shape and index."""
    features = np.asarray(data["features"], dtype=np.int64)
    borders = np.asarray(data["borders"], dtype=np.float32)
    values = np.asarray(data["values"], dtype=np.float64)
    weights = np.asarray(data["weights"], dtype=np.float64)
    bias = np.asarray(data["bias"], dtype=np.float64)
    scale = float(data["scale"])
    trees = len(features)
    if trees:
        if features.ndim != 2 or borders.shape != features.shape:
            raise ModelError("features and borders of different shapes")
        size = 1 << features.shape[1]
        if values.shape != (trees, size, len(bias)) or weights.shape != (trees, size):
            raise ModelError("leaf values of the wrong shape")
        if features.min() < 0 or features.max() >= num_features:
            raise ModelError("a tree reads a feature that does not exist")
    else:
        features = features.reshape(0, 0)
        borders = borders.reshape(0, 0)
        values = values.reshape(0, 1, len(bias))
        weights = weights.reshape(0, 1)
    if bias.ndim != 1 or not len(bias):
        raise ModelError("bias of the wrong shape")
    finite = (values, weights, bias)
    if not (all(np.isfinite(a).all() for a in finite) and math.isfinite(scale)):
        raise ModelError("weights that are not numbers")
    if np.isnan(borders).any():
        raise ModelError("borders that are not numbers")
    return Ensemble(features, borders, values, weights, scale, bias)


def softmax(scores: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    shifted = scores - scores.max(axis=1, keepdims=True)
    exp = np.exp(shifted)
    return np.asarray(exp / exp.sum(axis=1, keepdims=True), dtype=np.float64)


def sigmoid(scores: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    return np.asarray(1.0 / (1.0 + np.exp(-scores)), dtype=np.float64)


@dataclass(frozen=True, eq=False)
class Member:
    """One trained pipeline: the page-type model, the block model and its second stage."""

    page_types: Ensemble
    blocks: Ensemble
    refine: Ensemble

    def page_type_probabilities(self, page: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        """The probability of each of :data:`PAGE_TYPES` for one page's features."""
        return np.asarray(softmax(self.page_types.scores(page[None, :]))[0], dtype=np.float64)

    def to_json(self) -> dict[str, Any]:
        return {
            "page_type_model": self.page_types.to_json(),
            "block_model": self.blocks.to_json(),
            "refine_model": self.refine.to_json(),
        }


def vote(types: Sequence[npt.NDArray[np.float64]]) -> int:
    """The page type most members put first, given each member's probabilities
    (:func:`vote_firsts`)."""
    return vote_firsts([int(np.argmax(probabilities)) for probabilities in types])


def vote_firsts(firsts: Sequence[int]) -> int:
    """The page type most members put first, given each member's first type; the first
    member's when no type is put first by more members than any other."""
    counts = Counter(firsts)
    most = max(counts.values())
    if counts[firsts[0]] == most:
        return firsts[0]
    return min(kind for kind, count in counts.items() if count == most)


@dataclass(frozen=True, eq=False)
class Decision:
    """What the model says of a page: its type (an index into :data:`PAGE_TYPES`), the
    page-type probabilities (the members' mean) and each block's probability of being
    content (the members' mean)."""

    page_type: int
    types: npt.NDArray[np.float64]
    probabilities: npt.NDArray[np.float64]


@dataclass(frozen=True, eq=False)
class DefaultModel:
    """Members trained alike from different random seeds (bagging: Breiman, "Bagging
    predictors", Machine Learning 24, 1996), whose block probabilities are averaged and
    whose page types vote (:func:`vote`).

    Why several: one model's held-out decisions move a great deal with any small change
    of its training (a feature flag that touches a few pages changed the held-out F1 of
    900 of WCXB's 1,355 pages, by up to 1.0 each); the mean of members that differ only
    by chance keeps what they agree on.  Measured on the five folds of
    ``benchmarks/default_cv.py`` (see :data:`MEMBERS` in
    :mod:`unboiler.classify.train_default` for the figures)."""

    members: tuple[Member, ...]
    trained_on: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.members:
            raise ModelError("a default model needs at least one member")

    def decide(self, signals: PageSignals) -> Decision:
        """The page's type and each block's probability of being content.

        One array holds both stages' rows: a block's own features, then the second
        stage's context columns written after them (each member writes its own in turn);
        the page's features and page-type probabilities, the same for every block, are
        given to the trees once (:class:`Fixed`), not repeated in every row.  The array is
        the signals' own when they were computed with room for the context
        (``page_signals(document, spare=self.spare_columns)``), so the rows are never
        copied."""
        return self._run(signals, whole_rows=False)[0]

    def decide_with_rows(
        self, signals: PageSignals
    ) -> tuple[Decision, list[npt.NDArray[np.float32]]]:
        """:meth:`decide`, with every member's whole second-stage rows (the first stage's
        columns, then the context's), which :meth:`explain` reads; the page's features are
        written into every row, as the trees were trained on them."""
        return self._run(signals, whole_rows=True)

    def _run(
        self, signals: PageSignals, *, whole_rows: bool
    ) -> tuple[Decision, list[npt.NDArray[np.float32]]]:
        """Both stages of every member: into one shared array of rows whose page columns
        are :class:`Fixed` (:meth:`decide`), or into whole rows of each member's own,
        returned with the decision (:meth:`decide_with_rows`)."""
        blocks = signals.blocks
        count, width = blocks.shape
        shared: npt.NDArray[np.float32] | None = None
        if not whole_rows:
            full_width = width + len(CONTEXT_FEATURES)
            if signals.rows is not None and signals.rows.shape[1] == full_width:
                shared = signals.rows
            else:
                # Column-major, so that each stage reads its features as contiguous
                # columns without a transposed copy (Ensemble.leaves).
                shared = np.empty((count, full_width), dtype=ROW_DTYPE, order="F")
                shared[:, :width] = blocks
        types, member_rows = [], []
        total = np.zeros(count)
        for member in self.members:
            member_types = member.page_type_probabilities(signals.page)
            tail = np.concatenate([signals.page, member_types])
            fixed: Fixed | None
            if shared is None:
                first_width, fixed = width + len(tail), None
                rows = np.empty(
                    (count, first_width + len(CONTEXT_FEATURES)), dtype=ROW_DTYPE, order="F"
                )
                rows[:, :width] = blocks
                rows[:, width:first_width] = tail
                member_rows.append(rows)
            else:
                rows, first_width, fixed = shared, width, Fixed(width, tail)
            first = sigmoid(member.blocks.scores(rows[:, :first_width], fixed)[:, 0])
            rows[:, first_width:] = score_context(signals, first)
            total += sigmoid(member.refine.scores(rows, fixed)[:, 0])
            types.append(member_types)
        decision = Decision(vote(types), np.mean(types, axis=0), total / len(self.members))
        return decision, member_rows

    @property
    def spare_columns(self) -> int:
        """The columns :meth:`decide` adds after a block's features: pass them to
        ``page_signals(document, spare=)`` so that it writes them in place."""
        return len(CONTEXT_FEATURES)

    def explain(
        self, member_rows: Sequence[npt.NDArray[np.floating[Any]]], top: int = 3, *, stage: int = 2
    ) -> list[list[tuple[str, float]]]:
        """For each block, given every member's second-stage rows (from
        :meth:`decide_with_rows`), the ``top`` features that moved its score most, with
        how much (positive: towards content; the members' mean).  The second stage's
        strongest feature is mostly the first stage's score; ``stage=1`` says what moved
        that score (the first columns of the same rows are the first stage's input)."""
        if stage == 1:
            names = model_feature_names()
            parts = [
                member.blocks.contributions(rows[:, : len(names)], len(names))
                for member, rows in zip(self.members, member_rows, strict=True)
            ]
        else:
            names = refine_feature_names()
            parts = [
                member.refine.contributions(rows, len(names))
                for member, rows in zip(self.members, member_rows, strict=True)
            ]
        weights = np.mean(parts, axis=0)
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
            "refine_features": refine_feature_names(),
            "page_types": list(PAGE_TYPES),
            "trained_on": self.trained_on,
            "members": [member.to_json() for member in self.members],
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
        or data.get("refine_features") != refine_feature_names()
        or data.get("page_types") != list(PAGE_TYPES)
    ):
        raise ModelError(
            f"{where} was trained on features version {data.get('signals_version')}; this "
            f"unboiler computes version {SIGNALS_VERSION} (or other features or page "
            "types): retrain it with `unboiler train`"
        )
    members = data.get("members")
    if not isinstance(members, list) or not members:
        raise ModelError(f"{where} is damaged: it has no members")
    try:
        built = tuple(
            Member(
                ensemble_from_json(member["page_type_model"], len(page_feature_names())),
                ensemble_from_json(member["block_model"], len(model_feature_names())),
                ensemble_from_json(member["refine_model"], len(refine_feature_names())),
            )
            for member in members
        )
    except (KeyError, TypeError, ValueError) as error:
        raise ModelError(f"{where} is damaged: {error}") from error
    for member in built:
        if (
            member.page_types.classes != len(PAGE_TYPES)
            or member.blocks.classes != 1
            or member.refine.classes != 1
        ):
            raise ModelError(f"{where} is damaged: wrong number of classes")
    trained_on = dict(data.get("trained_on", {}))
    return DefaultModel(built, trained_on)


@functools.lru_cache(maxsize=8)
def _load_path(path: str, mtime_ns: int, size: int) -> DefaultModel:
    del mtime_ns, size  # part of the cache key only: a rewritten file is read again
    return default_model_from_json(read_model_file(path), where=f"model {path}")


@functools.cache
def _load_packaged() -> DefaultModel:
    data = read_packaged_model(PACKAGED_MODEL)
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
    "FAVOR_BETA",
    "FAVOR_MODES",
    "MIN_PROBABILITY",
    "PACKAGED_MODEL",
    "PAGE_FLOOR",
    "PAGE_TYPES",
    "SCORING_ROWS",
    "SHORT_PAGE_WORDS",
    "TYPE_BETA",
    "Decision",
    "DefaultModel",
    "Ensemble",
    "Member",
    "choose_blocks",
    "default_model_from_json",
    "ensemble_from_json",
    "expected_f_choice",
    "favor_beta",
    "load_default_model",
    "model_feature_names",
    "refine_feature_names",
    "sigmoid",
    "softmax",
    "vote",
    "vote_firsts",
]
