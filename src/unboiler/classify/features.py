"""What the block classifier sees of a block: shallow numbers about the block and about
its context on the page.

Pal's classifier ("Extracting Useful Text from HTML", 2009) read only the text of each
chunk (a character 6-gram language model).  Ours reads the shallow features Boilerpipe
showed to carry most of the signal (Kohlschütter et al., WSDM 2010, §4.2: words, link
density, text density, and the same for the neighbours), and widens the context, because
content comes in runs under one container: for each of the block's enclosing elements,
how much of the page's text lies under it, how much of that is link text, and how much of
it the density stage kept; and the same over windows of neighbouring blocks.

Character n-grams and class/tag-name tokens were tried (features version 1, and as a
stacked text score) and left out: cross-validated by site on scrapinghub they lowered F1
(they learn one site's template and its vocabulary, which other sites do not share; see
benchmarks/results/density.md).

Every feature is computed from the document alone, the same way for training and for
extraction.  Any change to what this module computes must bump :data:`FEATURES_VERSION`:
models record it and the feature names, and the loader refuses a model made for others.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from unboiler.document import TextBlock, TextDocument

#: Bump when anything below changes what a feature means or the order of the features.
FEATURES_VERSION: Final = 2
#: Each block's text is read up to this many characters for the character statistics.
MAX_TEXT_CHARS: Final = 2000
#: Enclosing elements whose text totals are features, innermost first (the parent of the
#: block's element is depth 1).  Six reach from a paragraph past the article container on
#: the pages we measured; a block with fewer ancestors gets the whole page's figures.
ANCESTOR_DEPTHS: Final = 6
#: Half-widths of the windows of neighbouring blocks (two and five blocks either side).
WINDOWS: Final = (2, 5)

_OWN: Final = (
    "log_words",
    "link_density",
    "log_text_density",
    "position",
    "heading",
    "prior",
    "ends_sentence",
    "digit_share",
)
_NEIGHBOUR: Final = ("log_words", "link_density", "prior")
_AGGREGATE: Final = ("word_share", "link_density", "prior_share")

DENSE_FEATURES: Final = (
    *_OWN,
    *(f"prev_{name}" for name in _NEIGHBOUR),
    *(f"next_{name}" for name in _NEIGHBOUR),
    *(f"ancestor{d}_{name}" for d in range(1, ANCESTOR_DEPTHS + 1) for name in _AGGREGATE),
    *(
        f"window{r}_{name}"
        for r in WINDOWS
        for name in ("log_words", "link_density", "prior_share")
    ),
    "words_before_share",
)
"""The features, in model order.  ``prior`` is the block's content flag before the
classifier runs (what the density stage decided); ``position`` is the block's index over
the number of blocks; ``ends_sentence`` whether the text ends with sentence punctuation;
``prev_``/``next_`` are the adjacent blocks' values (zero beyond the ends).
``ancestorD_word_share`` is the share of the page's words under the block's D-th enclosing
element, ``_link_density`` the share of those words inside links, ``_prior_share`` the
share of them the density stage kept; ``windowR_`` the same over the blocks at most R
away (log of the words rather than a share); ``words_before_share`` the share of the
page's words in earlier blocks."""

_SENTENCE_END: Final = frozenset(".!?。！？…\"'”’")
_ROOTS: Final = frozenset({None, "-document", "#document", "html"})


def _ancestor_ids(node: Any, depth: int) -> list[int]:
    """Identities of up to ``depth`` elements above ``node``, innermost first, stopping
    below ``<html>``."""
    ids: list[int] = []
    current = node.parent if node is not None else None
    while current is not None and current.tag not in _ROOTS and len(ids) < depth:
        ids.append(current.mem_id)
        current = current.parent
    return ids


def _own_features(block: TextBlock, index: int, count: int) -> list[float]:
    text = block.text
    stripped = text.rstrip()
    head = text[:MAX_TEXT_CHARS]
    digits = sum(ch.isdigit() for ch in head)
    return [
        math.log1p(block.num_words),
        block.link_density,
        math.log1p(block.text_density),
        index / (count - 1) if count > 1 else 0.0,
        float(block.is_heading),
        float(block.is_content),
        float(bool(stripped) and stripped[-1] in _SENTENCE_END),
        digits / max(1, len(head)),
    ]


def block_features(document: TextDocument, indices: Sequence[int]) -> npt.NDArray[np.float64]:
    """The features (rows: the blocks at ``indices``; columns: :data:`DENSE_FEATURES`).
    Reads the blocks' content flags as the ``prior`` features, so run it before changing
    them."""
    blocks = document.blocks
    count = len(blocks)
    result = np.zeros((len(indices), len(DENSE_FEATURES)))
    if not len(indices):
        return result
    words = np.array([block.num_words for block in blocks], dtype=np.float64)
    linked = np.array([block.num_linked_words for block in blocks], dtype=np.float64)
    prior = np.array([float(block.is_content) for block in blocks])
    kept_words = words * prior
    total = max(float(words.sum()), 1.0)
    page_aggregate = (1.0, float(linked.sum()) / total, float(kept_words.sum()) / total)

    # Word, link-word and kept-word totals under each element that encloses some block.
    ancestors = [_ancestor_ids(block.node, ANCESTOR_DEPTHS) for block in blocks]
    sums: dict[int, list[float]] = {}
    for index, ids in enumerate(ancestors):
        for element in ids:
            totals = sums.setdefault(element, [0.0, 0.0, 0.0])
            totals[0] += words[index]
            totals[1] += linked[index]
            totals[2] += kept_words[index]

    # Prefix sums make every window a subtraction.
    cumulative = [np.concatenate([[0.0], np.cumsum(v)]) for v in (words, linked, kept_words)]
    link_density = np.divide(linked, words, out=np.zeros_like(words), where=words > 0)
    log_words = np.log1p(words)

    for row, index in enumerate(indices):
        features = _own_features(blocks[index], index, count)
        for neighbour in (index - 1, index + 1):
            if 0 <= neighbour < count:
                features += [log_words[neighbour], link_density[neighbour], prior[neighbour]]
            else:
                features += [0.0, 0.0, 0.0]
        ids = ancestors[index]
        for depth in range(ANCESTOR_DEPTHS):
            if depth < len(ids):
                under, under_linked, under_kept = sums[ids[depth]]
                features += [
                    under / total,
                    under_linked / max(under, 1.0),
                    under_kept / max(under, 1.0),
                ]
            else:
                features += page_aggregate
        for radius in WINDOWS:
            low, high = max(0, index - radius), min(count, index + radius + 1)
            near, near_linked, near_kept = (c[high] - c[low] for c in cumulative)
            features += [math.log1p(near), near_linked / max(near, 1.0), near_kept / max(near, 1.0)]
        features.append(cumulative[0][index] / total)
        result[row] = features
    return result


def feature_names() -> list[str]:
    """What a model records to say which features it was trained on."""
    return list(DENSE_FEATURES)


__all__ = [
    "ANCESTOR_DEPTHS",
    "DENSE_FEATURES",
    "FEATURES_VERSION",
    "MAX_TEXT_CHARS",
    "WINDOWS",
    "block_features",
    "feature_names",
]
