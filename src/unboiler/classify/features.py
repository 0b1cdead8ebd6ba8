"""What the block classifier sees of a block.

Pal's classifier ("Extracting Useful Text from HTML", 2009) was a character 6-gram
language model over the text of each chunk.  Ours is a linear model over the same kind of
evidence, character n-grams, plus the shallow features Boilerpipe showed to carry most of
the signal (Kohlschütter et al., WSDM 2010, §4.2): words, link density, text density,
where the block sits in the page and in the tree, and the same for its two neighbours.

Every feature is computed with numpy from the document alone, the same way for training
and for extraction, so a model is a vector of weights and scoring a page is a few array
operations:

* *hashed* features: the character n-grams of the lower-cased text (each block's n-gram
  vector has about unit length, so long and short blocks weigh alike), and tokens of the
  block's place in the tree (its tag, the last two and three tags of its path, every
  enclosing tag, the words of the ``class`` and ``id`` of its element and of the elements
  around it), each hashed into :data:`HASH_BITS` bits;
* *dense* features: the named numbers of :data:`DENSE_FEATURES`.

The hash is our own (a polynomial rolling hash of code points, then a multiplicative
mix), so a model never depends on a library's hashing staying the same.  Any change to
what this module computes must bump :data:`FEATURES_VERSION`: models record it, and the
loader refuses a model made for other features.
"""

from __future__ import annotations

import hashlib
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from unboiler.document import TextBlock, TextDocument

#: Bump when anything below changes what a feature means or where it is hashed.
FEATURES_VERSION: Final = 1
#: Character n-gram lengths (Pal's model used 6-grams only; shorter ones generalise better
#: from a few hundred pages, and three sizes still keep the vectors small).
NGRAM_SIZES: Final = (3, 4, 5)
#: Hashed features live in 2**HASH_BITS buckets: 262,144 weights, about 1 MB as float32.
HASH_BITS: Final = 18
#: Each block's text is read up to this many characters: enough to tell a paragraph from a
#: menu, and it keeps a page with one enormous block from costing more than it is worth.
MAX_TEXT_CHARS: Final = 2000
#: Class and id words shorter or longer than this are noise (single letters, hashes).
CLASS_WORD: Final = re.compile(r"[a-z]{3,20}")

DENSE_FEATURES: Final = (
    "log_words",
    "link_density",
    "log_text_density",
    "position",
    "heading",
    "prior",
    "ends_sentence",
    "digit_share",
    "prev_log_words",
    "prev_link_density",
    "prev_prior",
    "next_log_words",
    "next_link_density",
    "next_prior",
)
"""The dense features, in model order.  ``prior`` is the block's content flag before the
classifier runs (what the density stage decided); ``position`` is the block's index over
the number of blocks; ``ends_sentence`` is whether the text ends with sentence
punctuation; ``prev_``/``next_`` are the neighbours' values (zero beyond the ends)."""

_SENTENCE_END: Final = frozenset(".!?。！？…\"'”’")
_MIX: Final = np.uint64(0x9E3779B97F4A7C15)
_PRIME: Final = np.uint64(0x100000001B3)
_SHIFT: Final = np.uint64(64 - HASH_BITS)


@dataclass(frozen=True)
class Features:
    """The features of some blocks of one page: ``dense`` (blocks x dense features), and
    the hashed features as coordinates: block row, bucket, value."""

    dense: npt.NDArray[np.float64]
    rows: npt.NDArray[np.int64]
    buckets: npt.NDArray[np.int64]
    values: npt.NDArray[np.float64]

    def __len__(self) -> int:
        return int(self.dense.shape[0])


def token_bucket(token: str) -> int:
    """The bucket of a string token (tag and class features)."""
    digest = hashlib.blake2b(token.encode("utf-8"), digest_size=8).digest()
    return int.from_bytes(digest, "little") >> (64 - HASH_BITS)


def ngram_buckets(
    texts: Sequence[str],
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.float64]]:
    """Rows, buckets and values of the character n-grams of ``texts`` (one row per text).

    The texts are joined into one array of code points, so a page costs a few vectorised
    passes whatever its number of blocks; n-grams that would straddle two texts are
    dropped.  Each of a text's ``count`` n-grams carries ``1/sqrt(count)``, so that every
    text's vector has about unit length whatever its size (exactly when its n-grams are
    all different).
    """
    padded = [" " + text[:MAX_TEXT_CHARS].lower() + " " for text in texts]
    lengths = np.fromiter((len(text) for text in padded), dtype=np.int64, count=len(padded))
    if not padded:
        empty = np.zeros(0, dtype=np.int64)
        return empty, empty, np.zeros(0)
    codes = np.frombuffer("".join(padded).encode("utf-32-le"), dtype=np.uint32).astype(np.uint64)
    owner = np.repeat(np.arange(len(padded), dtype=np.int64), lengths)
    rows: list[npt.NDArray[np.int64]] = []
    buckets: list[npt.NDArray[np.int64]] = []
    total = len(codes)
    for size in NGRAM_SIZES:
        count = total - size + 1
        if count <= 0:
            continue
        hashed = np.full(count, np.uint64(size))
        for k in range(size):
            hashed = hashed * _PRIME + codes[k : k + count]
        keep = owner[:count] == owner[size - 1 : size - 1 + count]
        rows.append(owner[:count][keep])
        buckets.append(((hashed[keep] * _MIX) >> _SHIFT).astype(np.int64))
    if not rows:
        empty = np.zeros(0, dtype=np.int64)
        return empty, empty, np.zeros(0)
    all_rows = np.concatenate(rows)
    per_text = np.bincount(all_rows, minlength=len(padded)).astype(np.float64)
    values = 1.0 / np.sqrt(per_text[all_rows])
    return all_rows, np.concatenate(buckets), values


def _log(value: float) -> float:
    return math.log1p(value)


def _node_tokens(node: Any, cache: dict[int, frozenset[str]]) -> frozenset[str]:
    """Tag and class/id tokens of ``node`` and every element above it, memoised per
    element for the page (blocks share their ancestors)."""
    if node is None or node.tag in (None, "-document", "#document", "html"):
        return frozenset()
    key = node.mem_id
    known = cache.get(key)
    if known is not None:
        return known
    tokens = set(_node_tokens(node.parent, cache))
    tokens.add("a:" + (node.tag or ""))
    attributes = node.attributes
    for name in ("class", "id"):
        value = attributes.get(name)
        if value:
            tokens.update("c:" + word for word in CLASS_WORD.findall(value.lower()))
    result = frozenset(tokens)
    cache[key] = result
    return result


def _tree_tokens(block: TextBlock, cache: dict[int, frozenset[str]]) -> list[str]:
    node = block.node
    if node is None:
        return []
    tokens = list(_node_tokens(node, cache))
    path = block.tag_path.split("/")
    tokens.append("t:" + path[-1])
    tokens.append("p2:" + "/".join(path[-2:]))
    tokens.append("p3:" + "/".join(path[-3:]))
    attributes = node.attributes
    for name in ("class", "id"):
        value = attributes.get(name)
        if value:
            tokens.extend("o:" + word for word in CLASS_WORD.findall(value.lower()))
    return tokens


def _dense_row(block: TextBlock) -> tuple[float, float, float]:
    return (_log(block.num_words), block.link_density, float(block.is_content))


def block_features(document: TextDocument, indices: Sequence[int]) -> Features:
    """The features of the blocks of ``document`` at ``indices``.  Reads the blocks' content
    flags as the ``prior`` feature, so run it before changing them."""
    blocks = document.blocks
    n = len(blocks)
    own = [_dense_row(block) for block in blocks]
    nothing = (0.0, 0.0, 0.0)
    dense = np.zeros((len(indices), len(DENSE_FEATURES)))
    texts = []
    token_rows: list[int] = []
    token_buckets: list[int] = []
    cache: dict[int, frozenset[str]] = {}
    for row, index in enumerate(indices):
        block = blocks[index]
        text = block.text
        texts.append(text)
        log_words, link_density, prior = own[index]
        previous = own[index - 1] if index > 0 else nothing
        following = own[index + 1] if index + 1 < n else nothing
        stripped = text.rstrip()
        digits = sum(ch.isdigit() for ch in text[:MAX_TEXT_CHARS])
        dense[row] = (
            log_words,
            link_density,
            _log(block.text_density),
            index / (n - 1) if n > 1 else 0.0,
            float(block.is_heading),
            prior,
            float(bool(stripped) and stripped[-1] in _SENTENCE_END),
            digits / max(1, min(len(text), MAX_TEXT_CHARS)),
            *previous,
            *following,
        )
        for token in _tree_tokens(block, cache):
            token_rows.append(row)
            token_buckets.append(token_bucket(token))
    rows, buckets, values = ngram_buckets(texts)
    return Features(
        dense,
        np.concatenate([rows, np.asarray(token_rows, dtype=np.int64)]),
        np.concatenate([buckets, np.asarray(token_buckets, dtype=np.int64)]),
        np.concatenate([values, np.ones(len(token_rows))]),
    )


def feature_names() -> list[str]:
    """What a model records to say which features it was trained on."""
    return [
        *DENSE_FEATURES,
        f"char-ngrams{list(NGRAM_SIZES)}@{HASH_BITS}",
        f"tree-tokens@{HASH_BITS}",
    ]


__all__ = [
    "DENSE_FEATURES",
    "FEATURES_VERSION",
    "HASH_BITS",
    "MAX_TEXT_CHARS",
    "NGRAM_SIZES",
    "Features",
    "block_features",
    "feature_names",
    "ngram_buckets",
    "token_bucket",
]
