"""The default extractor's view of a page: one row of numbers per block, one per page.

Each family of extractors in this project reads one kind of evidence, and each fails where
its evidence does: Boilerpipe's word counts and link density around a block (Kohlschütter
et al., WSDM 2010, §4.2-4.3) miss a short paragraph after a table; the tree filter's
ancestor groups (Viveros-Jiménez et al. 2018) pick a sidebar that holds more text than the
post; jusText's stop-word density (Pomikálek 2011, §3.3) knows nothing of markup; none of
them reads what authors write in their markup.  The default extractor hands all of it to
one trained model (:mod:`unboiler.classify.default_model`), which weighs it from data:

* the block: words, link density, text density, sentence and punctuation statistics,
  stop-word density in the page's language, dates, prices, copyright lines, whether it
  repeats the page title, Boilerpipe's NumWords rule and its end-of-text phrases, and
  whether it is under a heading or after a label that names the page's furniture
  ("You may also like", "Comments": :mod:`unboiler.classify.block_text`);
* its neighbours: the same for the blocks before and after, and over windows of 2 and 5;
* its ancestors: the share of the page's words and links under each of its six nearest
  enclosing elements, how often the element's tag and class repeat among its siblings
  (the posts of a thread, the items of a list), the prices under two of them (a grid of
  priced cards), and whether it lies under the container
  of the tree filter's largest paragraph group;
* the landmarks and class words around it (:mod:`unboiler.classify.context`): flags of
  the block's own element and its two parents, and of any ancestor;
* the page: its size, link density, where its words lie (under ``<article>``, lists,
  tables, comment, product and thread containers), its JSON-LD and Open Graph types and
  the words of its URL path: what tells a forum from a product page from an article.

Everything is computed from the one :class:`~unboiler.document.TextDocument`, as numpy
columns over the blocks, the same way for training and for extraction.  Any change to what
a column means must bump :data:`SIGNALS_VERSION`; models record it and are refused by a
version that computes something else.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from unboiler.classify.block_text import BLOCK_OWN, text_columns
from unboiler.classify.context import BIT, FLAGS, ElementTable, element_table
from unboiler.classify.page_hints import (
    SCHEMA_GROUPS,
    URL_FEATURES,
    URL_GROUPS,
    schema_groups,
    url_features,
)
from unboiler.document import TextDocument
from unboiler.errors import ConfigurationError

#: Bump when a feature changes meaning, or the list or order of features changes.
SIGNALS_VERSION: Final = 2

#: Enclosing elements whose totals are features, nearest first.
ANCESTOR_DEPTHS: Final = 6

#: Half-widths of the windows of neighbouring blocks.
WINDOWS: Final = (2, 5)

#: Blocks of at least this many words, with link density below the next figure, are the
#: "paragraphs" whose containers the tree-filter features group (Viveros-Jiménez et al.
#: 2018 group paragraph elements; any block that reads as running text serves here).
PARAGRAPH_MIN_WORDS: Final = 10

PARAGRAPH_MAX_LINK_DENSITY: Final = 0.33

# Flags summarised page-wide: how many enclosing elements carry each, and how much of
# the page's text lies under one.
_PAGE_FLAGS: Final = (
    "article",
    "main",
    "nav",
    "aside",
    "header",
    "footer",
    "list_item",
    "table",
    "pre",
    "form",
    "heading",
    "w_comment",
    "w_thread",
    "w_product",
    "w_card",
    "w_post",
    "w_content",
    "w_sidebar",
    "w_related",
    "w_docs",
    "w_code",
    "body_prop",
)

_PAGE_BITS: Final = np.asarray([BIT[flag] for flag in _PAGE_FLAGS], dtype=np.int64)

#: Enclosing elements whose count of prices is a feature (the block's parent's parent and
#: two levels further up): a grid of priced cards is a shop's listing, or the
#: recommendations beside its product.
PRICE_DEPTHS: Final = (2, 4)

_NEIGHBOUR: Final = ("log_words", "link_density", "heading")

_WINDOW: Final = ("log_words", "link_density")

_ANCESTOR: Final = ("word_share", "link_density", "log_repeats", "repeat_word_share")

BLOCK_FEATURES: Final = (
    *BLOCK_OWN,
    *(f"{side}_{name}" for side in ("prev", "next") for name in _NEIGHBOUR),
    *(f"window{r}_{name}" for r in WINDOWS for name in _WINDOW),
    *(f"ancestor{d}_{name}" for d in range(ANCESTOR_DEPTHS) for name in _ANCESTOR),
    *(f"ancestor{d}_log_prices" for d in PRICE_DEPTHS),
    "in_best_group1",
    "in_best_group2",
    "element_depth",
    *(f"near_{flag}" for flag in FLAGS),
    *(f"any_{flag}" for flag in FLAGS),
)
"""Per-block features, in model order.  ``ancestor0`` is the block's own element."""

PAGE_FEATURES: Final = (
    "page_log_words",
    "page_log_blocks",
    "page_link_density",
    "page_linked_block_share",
    "page_best_group1_share",
    "page_best_group2_share",
    "page_max_repeat_share",
    "page_log_max_repeats",
    "page_log_dates",
    "page_log_prices",
    "page_log_headings",
    *(f"page_log_{flag}" for flag in _PAGE_FLAGS),
    *(f"page_share_{flag}" for flag in _PAGE_FLAGS),
    *(f"schema_{group}" for group in SCHEMA_GROUPS),
    *(f"url_{group}" for group in URL_GROUPS),
    "url_depth",
    "url_has_digits",
)
"""Per-page features (the same for every block of a page; the page-type model reads
only these)."""


@dataclass(frozen=True, eq=False)
class PageSignals:
    """The features of one page: ``blocks`` (one row per block, :data:`BLOCK_FEATURES`)
    and ``page`` (:data:`PAGE_FEATURES`); and the element tree they came from, for the
    second stage's features (:func:`score_context`): each block's ``owner`` element, each
    element's ``parent`` (the last element is a virtual root, its own parent), the
    non-root elements by depth, deepest first (``levels``), and the blocks' ``words``."""

    blocks: npt.NDArray[np.float32]
    page: npt.NDArray[np.float64]
    owner: npt.NDArray[np.int64]
    parent: npt.NDArray[np.int64]
    levels: tuple[npt.NDArray[np.int64], ...]
    words: npt.NDArray[np.float64]
    #: The array whose leading columns are ``blocks``, with room after them for the
    #: columns the model adds (``page_signals(..., spare=)``): the default model writes
    #: its second stage's rows there instead of into a copy, which on a page of a
    #: hundred thousand blocks is the largest allocation of an extraction.
    rows: npt.NDArray[np.float32] | None = None


def _carry_up(
    values: npt.NDArray[np.float64],
    owner: npt.NDArray[np.int64],
    parent: npt.NDArray[np.int64],
    levels: Sequence[npt.NDArray[np.int64]],
) -> npt.NDArray[np.float64]:
    """Per element, the sum of ``values`` (rows: blocks) over the blocks under it; the
    virtual root gets every block's."""
    sums = np.zeros((len(parent), *values.shape[1:]))
    np.add.at(sums, owner, values)
    root = len(parent) - 1
    for level in levels:  # deepest first: each level's totals are complete when carried
        np.add.at(sums, parent[level], sums[level])
    sums[root] = values.sum(axis=0)
    return sums


#: Blocks whose flags are unpacked at once by :func:`_flag_columns`: the shifted masks
#: take eight bytes a flag, so a page of a hundred thousand blocks unpacked whole held
#: tens of MB for a moment.
FLAG_ROWS: Final = 4096


def _flag_columns(masks: npt.NDArray[np.int64]) -> npt.NDArray[np.bool_]:
    """One column per bit of :data:`FLAGS`, from each block's bit mask."""
    shifts = np.arange(len(FLAGS), dtype=np.int64)
    columns = np.empty((len(masks), len(FLAGS)), dtype=np.bool_)
    for start in range(0, len(masks), FLAG_ROWS):
        columns[start : start + FLAG_ROWS] = (masks[start : start + FLAG_ROWS, None] >> shifts) & 1
    return columns


def _bit_totals(
    masks: npt.NDArray[np.int64],
    bits: npt.NDArray[np.int64],
    weights: npt.NDArray[np.float64] | None = None,
) -> npt.NDArray[np.float64]:
    """For each of ``bits``, how many of ``masks`` have it (or the sum of their
    ``weights``), read :data:`FLAG_ROWS` masks at a time."""
    totals = np.zeros(len(bits))
    for start in range(0, len(masks), FLAG_ROWS):
        present = (masks[start : start + FLAG_ROWS, None] & bits) > 0
        if weights is None:
            totals += present.sum(axis=0)
        else:
            totals += weights[start : start + FLAG_ROWS] @ present
    return totals


#: The type of the model's input rows.  The trees compare features with float32 borders
#: (CatBoost quantises features in single precision), so each value is rounded to
#: float32 before it is compared: storing the rows so gives the same decisions and
#: halves the largest arrays of a page (a page of 500,000 table cells has a row of
#: several hundred features for each).
ROW_DTYPE: Final = np.float32


class ColumnWriter:
    """The block rows of a page, one :data:`ROW_DTYPE` array of ``count`` rows and
    ``width`` columns filled part by part in column order (``np.column_stack`` without
    the float64 copy in between), with ``spare`` more columns left unset for the caller.
    Each part is written as soon as it is computed and can be let go: on a page of a
    hundred thousand blocks, holding every part until the end cost more than the rows."""

    def __init__(self, count: int, width: int, spare: int = 0) -> None:
        # column-major: written column by column, and its leading columns are one
        # contiguous array
        self.rows = np.empty((count, width + spare), dtype=ROW_DTYPE, order="F")
        self.width = width
        self.column = 0

    def put(self, *parts: npt.NDArray[Any]) -> None:
        """Write ``parts`` (columns, or arrays of columns) after those written so far."""
        for part in parts:
            columns = 1 if part.ndim == 1 else part.shape[1]
            if self.column + columns > self.width:
                raise ConfigurationError(f"more than {self.width} feature columns computed")
            if part.ndim == 1:
                self.rows[:, self.column] = part
            else:
                self.rows[:, self.column : self.column + columns] = part
            self.column += columns

    def done(self) -> npt.NDArray[np.float32]:
        """The rows, once every declared column is written."""
        if self.column != self.width:
            declared = f"{self.column} feature columns computed, {self.width} declared"
            raise ConfigurationError(declared)
        return self.rows


def with_address(signals: PageSignals, address: str | None) -> PageSignals:
    """``signals`` of a page whose URL is not known, with the URL features read from
    the ``address`` it declares instead (:func:`unboiler.metadata.sources.declared_address`).

    Only inference does this: the model is trained with the pages' URLs, and a page
    without one (the readability set's) is trained without.  Held out, deciding a page
    this way instead of with no URL at all wins back most of what the URL is worth
    (benchmarks/results/default-url.md); on readability's pages, whose training had no
    URL, it moved F1 from 0.9662 to 0.9647, and training with it too cost 0.005."""
    if not address:
        return signals
    page = signals.page.copy()
    page[len(page) - URL_FEATURES :] = url_features(address)
    return replace(signals, page=page)


def page_signals(document: TextDocument, *, spare: int = 0) -> PageSignals:
    """The block and page features of ``document`` (its blocks as they are now), with
    ``spare`` unset columns after each block's row (:attr:`PageSignals.rows`)."""
    blocks = document.blocks
    count = len(blocks)
    table = element_table([block.node for block in blocks])
    elements = len(table.parent)
    root = elements  # a virtual element above everything, for blocks outside any element

    # ---------------------------------------------------------------- elements
    # numpy arrays over the elements, not Python lists: a page of 200-deep nests has
    # millions of them
    parent = np.asarray(table.parent, dtype=np.int64)
    parent = np.append(np.where(parent >= 0, parent, root), root)
    depths = np.asarray(table.depth, dtype=np.int64)
    levels = tuple(
        np.flatnonzero(depths == depth) for depth in range(int(depths.max(initial=0)), 0, -1)
    )
    own_flags = np.append(np.asarray(table.flags, dtype=np.int64), 0)  # the root has none
    # an element's flags with its parent's and grandparent's (the root's are 0) ...
    near_flags = own_flags | own_flags[parent] | own_flags[parent[parent]]
    # ... and with every ancestor's, level by level from the top
    any_flags = own_flags.copy()
    for members in reversed(levels):
        any_flags[members] |= any_flags[parent[members]]
    owner = np.asarray([o if o >= 0 else root for o in table.owner], dtype=np.int64)

    words = np.fromiter((b.num_words for b in blocks), dtype=np.float64, count=count)
    linked = np.fromiter((b.num_linked_words for b in blocks), dtype=np.float64, count=count)
    total = max(float(words.sum()), 1.0)

    # ---------------------------------------------------------------- block texts
    texts = [block.text for block in blocks]
    tags = [table.tag[o] if o >= 0 else "" for o in table.owner]
    own = text_columns(document, texts, tags, words, linked)
    del texts, tags
    heading_flags = own[:, BLOCK_OWN.index("heading_level")] > 0
    priced = own[:, BLOCK_OWN.index("has_price")]
    totals = _carry_up(np.column_stack([words, linked, priced]), owner, parent, levels)
    under = totals[:, 0]
    under_linked = totals[:, 1]
    under_prices = totals[:, 2]
    del totals, priced

    # Siblings that look alike (same parent, tag and class): the posts of a thread, the
    # items of a listing.  Each group is numbered (parent, key) and counted with numpy.
    key_ids: dict[str, int] = {}
    keys = np.fromiter(
        (key_ids.setdefault(key, len(key_ids)) for key in table.key), np.int64, elements
    )
    _, group, repeats = np.unique(
        parent[:elements] * max(len(key_ids), 1) + keys, return_inverse=True, return_counts=True
    )
    group = group.reshape(-1)
    repeat_count = np.append(repeats[group], 1).astype(np.float64)
    group_words = np.bincount(group, weights=under[:elements], minlength=len(repeats))
    repeat_share = np.append(group_words[group], total) / total
    repeat_share[root] = 0.0
    repeat_count[repeat_count < 2] = 1.0
    repeat_share[repeat_count < 2] = 0.0

    own[:, BLOCK_OWN.index("noscript")] = (any_flags[owner] & BIT["noscript"]) > 0
    dates = int(own[:, BLOCK_OWN.index("has_date")].sum())
    prices = int(own[:, BLOCK_OWN.index("has_price")].sum())
    # Each part of the rows is written as soon as it is computed, in BLOCK_FEATURES'
    # order, and let go; the rows are allocated only now, after the texts' passes,
    # which hold copies of the page's text.
    writer = ColumnWriter(count, len(BLOCK_FEATURES), spare)
    writer.put(own)
    del own

    # ---------------------------------------------------------------- neighbours
    log_words = np.log1p(words)
    link_density = np.divide(linked, words, out=np.zeros_like(words), where=words > 0)
    neighbour = np.column_stack([log_words, link_density, heading_flags])
    zero = np.zeros((1, neighbour.shape[1]))
    writer.put(np.vstack([zero, neighbour[:-1]]) if count else neighbour)  # previous
    writer.put(np.vstack([neighbour[1:], zero]) if count else neighbour)  # next
    del neighbour
    cumulative_words = np.concatenate([[0.0], np.cumsum(words)])
    cumulative_linked = np.concatenate([[0.0], np.cumsum(linked)])
    positions = np.arange(count)
    for radius in WINDOWS:
        low = np.maximum(positions - radius, 0)
        high = np.minimum(positions + radius + 1, count)
        near = cumulative_words[high] - cumulative_words[low]
        near_linked = cumulative_linked[high] - cumulative_linked[low]
        writer.put(np.log1p(near), near_linked / np.maximum(near, 1.0))
    del cumulative_words, cumulative_linked, positions

    # ---------------------------------------------------------------- ancestors of blocks
    ancestors = np.empty((ANCESTOR_DEPTHS, count), dtype=np.int64)
    current = owner
    for depth in range(ANCESTOR_DEPTHS):
        ancestors[depth] = current
        current = parent[current]
    for element in ancestors:
        writer.put(
            under[element] / total,
            under_linked[element] / np.maximum(under[element], 1.0),
            np.log(repeat_count[element]),
            repeat_share[element],
        )
    for depth in PRICE_DEPTHS:
        writer.put(np.log1p(under_prices[ancestors[depth]]))
    deeper = np.empty((4, count), dtype=np.int64)  # up to ten levels, for the groups
    for depth in range(4):
        deeper[depth] = current
        current = parent[current]
    chain = np.vstack([ancestors, deeper])
    del deeper

    paragraph = (words >= PARAGRAPH_MIN_WORDS) & (
        linked <= PARAGRAPH_MAX_LINK_DENSITY * np.maximum(words, 1.0)
    )
    best_shares = []
    for level in (1, 2):
        sums = np.zeros(elements + 1)
        np.add.at(sums, ancestors[level][paragraph], words[paragraph])
        sums[root] = 0.0
        best = int(sums.argmax()) if paragraph.any() and sums.max() > 0 else -1
        writer.put((chain == best).any(axis=0) if best >= 0 else np.zeros(count, bool))
        best_shares.append(under[best] / total if best >= 0 else 0.0)
    del chain, ancestors

    writer.put(np.asarray([*table.depth, 0], dtype=np.float64)[owner])  # element depth
    any_masks = any_flags[owner]
    writer.put(_flag_columns(near_flags[owner]))
    writer.put(_flag_columns(any_masks))
    rows = writer.done()

    # ---------------------------------------------------------------- page
    element_own = own_flags[:elements]
    block_any = any_masks if count else np.zeros(0, dtype=np.int64)
    flag_counts = np.log1p(_bit_totals(element_own, _PAGE_BITS)).tolist()
    flag_shares = (_bit_totals(block_any, _PAGE_BITS, words) / total).tolist()
    best_repeat = repeat_share.argmax() if elements else root
    page = np.asarray(
        [
            math.log1p(total),
            math.log1p(count),
            float(linked.sum()) / total,
            float(words[link_density >= 0.5].sum()) / total,
            best_shares[0],
            best_shares[1],
            float(repeat_share[best_repeat]),
            math.log(float(repeat_count[best_repeat])),
            math.log1p(dates),
            math.log1p(prices),
            math.log1p(float(heading_flags.sum())),
            *flag_counts,
            *flag_shares,
            *schema_groups(document.source),
            *url_features(document.url),
        ],
        dtype=np.float64,
    )
    return PageSignals(
        rows[:, : len(BLOCK_FEATURES)], page, owner, parent, levels, words, rows if spare else None
    )


#: What the second stage adds to a block's row: the first stage's probability for the
#: block, its neighbours and its ancestors.  Content comes in runs under one container,
#: so a block whose first-stage score is unsure is decided by the scores around it:
#: stacked generalisation (Wolpert 1992), with the first stage's held-out scores as
#: features when training (:mod:`unboiler.classify.train_default`).
#:
#: Measured and not adopted (the model trained again, two members held out,
#: ``benchmarks/default_cv.py --member 0`` and ``1``, branch ``var52-in-main``): whether
#: the block lies inside the page's main container, the deepest element that holds half
#: (and, a second column, 80%) of the words the first stage keeps, as Readability's top
#: candidate is found from its scores.  WCXB 0.88381 to 0.88451 (product 0.633 to
#: 0.640, listing 0.755 to 0.750; 450 pages better, 378 worse), readability 0.96596 to
#: 0.96613, but scrapinghub 0.96739 to 0.96614: within what two runs differ by, and not
#: worth a model of new columns.
CONTEXT_FEATURES: Final = (
    "score",
    "prev_score",
    "next_score",
    "prev2_score",
    "next2_score",
    "window2_score",
    "window5_score",
    *(f"ancestor{d}_score" for d in range(1, ANCESTOR_DEPTHS)),
    *(f"ancestor{d}_kept_share" for d in range(1, ANCESTOR_DEPTHS)),
    "page_kept_share",
    "page_max_score",
)

#: A block counts as kept, for the shares above, at this first-stage probability.
CONTEXT_KEEP: Final = 0.5


def score_context(signals: PageSignals, scores: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """The :data:`CONTEXT_FEATURES` of every block, from the first stage's ``scores``:
    neighbours' scores, word-weighted mean scores over windows and over each ancestor's
    blocks, and the share of words kept."""
    count = len(scores)
    if not count:
        return np.zeros((0, len(CONTEXT_FEATURES)))
    words = signals.words + 1.0
    kept = (scores >= CONTEXT_KEEP).astype(np.float64)
    padded = np.concatenate([[0.0, 0.0], scores, [0.0, 0.0]])
    cumulative_weighted = np.concatenate([[0.0], np.cumsum(scores * words)])
    cumulative_words = np.concatenate([[0.0], np.cumsum(words)])
    positions = np.arange(count)
    columns = [
        scores,
        padded[1 : count + 1],
        padded[3 : count + 3],
        padded[0:count],
        padded[4 : count + 4],
    ]
    for radius in WINDOWS:
        low = np.maximum(positions - radius, 0)
        high = np.minimum(positions + radius + 1, count)
        columns.append(
            (cumulative_weighted[high] - cumulative_weighted[low])
            / (cumulative_words[high] - cumulative_words[low])
        )
    totals = _carry_up(
        np.column_stack([scores * words, words, kept * words]),
        signals.owner,
        signals.parent,
        signals.levels,
    )
    element = signals.owner
    shares = []
    for _ in range(1, ANCESTOR_DEPTHS):
        element = signals.parent[element]
        columns.append(totals[element, 0] / totals[element, 1])
        shares.append(totals[element, 2] / totals[element, 1])
    columns += shares
    page_share = float((kept * words).sum() / words.sum())
    columns += [np.full(count, page_share), np.full(count, float(scores.max()))]
    return np.column_stack(columns)


def block_feature_names() -> list[str]:
    return list(BLOCK_FEATURES)


def page_feature_names() -> list[str]:
    return list(PAGE_FEATURES)


__all__ = [
    "ANCESTOR_DEPTHS",
    "BLOCK_FEATURES",
    "CONTEXT_FEATURES",
    "CONTEXT_KEEP",
    "PAGE_FEATURES",
    "SCHEMA_GROUPS",
    "SIGNALS_VERSION",
    "URL_FEATURES",
    "URL_GROUPS",
    "WINDOWS",
    "ElementTable",
    "PageSignals",
    "block_feature_names",
    "page_feature_names",
    "page_signals",
    "score_context",
    "with_address",
]
