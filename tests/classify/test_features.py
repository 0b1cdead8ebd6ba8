"""Block features: hashed character n-grams and tree tokens, and the dense features."""

from __future__ import annotations

import numpy as np
import pytest
from tests.conftest import make_doc, page

import unboiler
from unboiler.classify.features import (
    DENSE_FEATURES,
    HASH_BITS,
    MAX_TEXT_CHARS,
    NGRAM_SIZES,
    block_features,
    feature_names,
    ngram_buckets,
    token_bucket,
)


def test_ngrams_of_each_text_have_unit_length_when_distinct() -> None:
    rows, buckets, values = ngram_buckets(["abcdef", "xy"])
    # " abcdef " has 8 characters: 6 trigrams, 5 four-grams, 4 five-grams.
    assert np.bincount(rows).tolist() == [6 + 5 + 4, 2 + 1]
    assert np.sum(values[rows == 0] ** 2) == pytest.approx(1.0)
    assert buckets.min() >= 0 and buckets.max() < 1 << HASH_BITS


def test_ngrams_do_not_straddle_two_texts() -> None:
    joined_rows, joined_buckets, _ = ngram_buckets(["ab", "cd"])
    alone = [set(ngram_buckets([text])[1].tolist()) for text in ("ab", "cd")]
    assert set(joined_buckets[joined_rows == 0].tolist()) == alone[0]
    assert set(joined_buckets[joined_rows == 1].tolist()) == alone[1]


def test_ngrams_ignore_case_and_are_stable() -> None:
    assert ngram_buckets(["Menu"])[1].tolist() == ngram_buckets(["menu"])[1].tolist()
    assert ngram_buckets(["menu"])[1].tolist() != ngram_buckets(["mend"])[1].tolist()


def test_long_text_is_read_up_to_the_cap() -> None:
    rows, _, _ = ngram_buckets(["a" * (MAX_TEXT_CHARS * 3)])
    assert len(rows) == sum(MAX_TEXT_CHARS + 2 - n + 1 for n in NGRAM_SIZES)


def test_no_text_no_ngrams() -> None:
    rows, buckets, values = ngram_buckets([])
    assert len(rows) == len(buckets) == len(values) == 0


def test_token_bucket_is_in_range_and_deterministic() -> None:
    assert token_bucket("t:p") == token_bucket("t:p")
    assert 0 <= token_bucket("c:footer") < 1 << HASH_BITS
    assert token_bucket("c:footer") != token_bucket("c:header")


def test_dense_features_of_hand_built_blocks() -> None:
    document = make_doc([10, 40, 5], link_words=[10, 0, 0], content=[False, True, False])
    document.blocks[1]._texts = ["A sentence that ends."]
    features = block_features(document, [1])
    row = dict(zip(DENSE_FEATURES, features.dense[0].tolist(), strict=True))
    assert row["log_words"] == pytest.approx(np.log1p(40))
    assert row["position"] == 0.5
    assert row["prior"] == 1.0
    assert row["ends_sentence"] == 1.0
    assert row["prev_link_density"] == 1.0 and row["prev_prior"] == 0.0
    assert row["next_log_words"] == pytest.approx(np.log1p(5))
    # Hand-built blocks have no element: only n-grams are hashed.
    assert set(features.rows.tolist()) == {0}


def test_neighbours_beyond_the_ends_are_zero() -> None:
    document = make_doc([7])
    row = dict(zip(DENSE_FEATURES, block_features(document, [0]).dense[0].tolist(), strict=True))
    assert row["prev_log_words"] == row["next_log_words"] == 0.0
    assert row["position"] == 0.0


def test_tree_tokens_add_one_per_token_for_parsed_blocks() -> None:
    document = unboiler.parse(page("density-lines.html"))
    index = next(i for i, b in enumerate(document.blocks) if b.text == "Home")
    features = block_features(document, [index])
    with_tree = features.values[features.values == 1.0]
    # tag, two path tokens, and at least the li/ul/div ancestors and the "menu" classes.
    assert len(with_tree) >= 7
    assert token_bucket("c:menu") in features.buckets.tolist()
    assert token_bucket("t:li") in features.buckets.tolist()


def test_feature_names_list_every_dense_feature() -> None:
    assert feature_names()[: len(DENSE_FEATURES)] == list(DENSE_FEATURES)
