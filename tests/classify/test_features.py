"""Block features: the block's own numbers, its neighbours, its enclosing elements and the
windows around it."""

from __future__ import annotations

import numpy as np
import pytest
from tests.conftest import make_doc, page

import unboiler
from unboiler.classify.features import (
    ANCESTOR_DEPTHS,
    DENSE_FEATURES,
    MAX_TEXT_CHARS,
    block_features,
    feature_names,
)


def named(row: np.ndarray) -> dict[str, float]:
    return dict(zip(DENSE_FEATURES, row.tolist(), strict=True))


def test_own_and_neighbour_features_of_hand_built_blocks() -> None:
    document = make_doc([10, 40, 5], link_words=[10, 0, 0], content=[False, True, False])
    document.blocks[1]._texts = ["A sentence that ends 2026."]
    row = named(block_features(document, [1])[0])
    assert row["log_words"] == pytest.approx(np.log1p(40))
    assert row["position"] == 0.5
    assert row["prior"] == 1.0
    assert row["ends_sentence"] == 1.0
    assert row["digit_share"] == pytest.approx(4 / 26)
    assert row["prev_link_density"] == 1.0 and row["prev_prior"] == 0.0
    assert row["next_log_words"] == pytest.approx(np.log1p(5))
    assert row["words_before_share"] == pytest.approx(10 / 55)


def test_neighbours_beyond_the_ends_are_zero() -> None:
    row = named(block_features(make_doc([7]), [0])[0])
    assert row["prev_log_words"] == row["next_log_words"] == 0.0
    assert row["position"] == 0.0


def test_windows_sum_the_blocks_at_most_r_away() -> None:
    words = [1, 2, 3, 4, 5, 6, 7, 8]
    document = make_doc(
        words, link_words=[1, 0, 0, 0, 0, 0, 0, 8], content=[False] * 4 + [True] * 4
    )
    row = named(block_features(document, [3])[0])
    # window 2 around block 3: blocks 1..5 (2+3+4+5+6 = 20 words, 5+6 kept, no links).
    assert row["window2_log_words"] == pytest.approx(np.log1p(20))
    assert row["window2_prior_share"] == pytest.approx(11 / 20)
    assert row["window2_link_density"] == 0.0
    # window 5: blocks 0..7, all 36 words, 9 of them links, 26 kept.
    assert row["window5_link_density"] == pytest.approx(9 / 36)
    assert row["window5_prior_share"] == pytest.approx(26 / 36)


def test_blocks_without_elements_get_the_page_as_every_ancestor() -> None:
    document = make_doc([10, 30], link_words=[10, 0], content=[False, True])
    row = named(block_features(document, [0])[0])
    for depth in range(1, ANCESTOR_DEPTHS + 1):
        assert row[f"ancestor{depth}_word_share"] == 1.0
        assert row[f"ancestor{depth}_link_density"] == pytest.approx(10 / 40)
        assert row[f"ancestor{depth}_prior_share"] == pytest.approx(30 / 40)


def test_ancestors_total_the_text_under_each_enclosing_element() -> None:
    document = unboiler.parse(page("density-lines.html"))
    index = next(i for i, b in enumerate(document.blocks) if b.text == "Home")
    menu = named(block_features(document, [index])[0])
    first = next(i for i, b in enumerate(document.blocks) if b.text.startswith("For the first"))
    article = named(block_features(document, [first])[0])
    # The menu item's list holds only links; the paragraph's container holds the article.
    assert menu["ancestor1_link_density"] == 1.0
    assert article["ancestor1_link_density"] < 0.1
    assert article["ancestor1_word_share"] > 0.5 > menu["ancestor1_word_share"]
    # Going up, the share of the page under an element never falls.
    shares = [article[f"ancestor{d}_word_share"] for d in range(1, ANCESTOR_DEPTHS + 1)]
    assert shares == sorted(shares)


def test_long_text_is_read_up_to_the_cap_for_digits() -> None:
    document = make_doc([3], texts=["x" * MAX_TEXT_CHARS + "1" * 100])
    assert named(block_features(document, [0])[0])["digit_share"] == 0.0


def test_no_indices_no_rows() -> None:
    assert block_features(make_doc([3, 4]), []).shape == (0, len(DENSE_FEATURES))


def test_feature_names_are_the_dense_features() -> None:
    assert feature_names() == list(DENSE_FEATURES)
    assert len(set(DENSE_FEATURES)) == len(DENSE_FEATURES)
