"""Every leaf of the two WSDM 2010 decision trees and of the Canola rules, reached with
hand-built blocks; thresholds are probed on both sides."""

from __future__ import annotations

import pytest
from tests.conftest import make_block, make_doc

from unboiler.document import EMPTY_BLOCK
from unboiler.filters.boilerpipe import (
    canola_classifier,
    canola_rule,
    density_rule,
    density_rules_classifier,
    num_words_rule,
    num_words_rules_classifier,
)


def block(words: int = 10, links: int = 0, density: float | None = None):
    return make_block(words, link_words=links, density=density)


# link densities just inside and outside the two link thresholds
CURR_LINKY = block(10, 4)  # 0.4 > 0.333333
CURR_PLAIN = block(10, 3)  # 0.3
PREV_LINKY = block(10, 6)  # 0.6 > 0.555556
PREV_PLAIN = block(10, 5)  # 0.5


class TestNumWordsRule:
    def test_linky_block_is_boilerplate(self) -> None:
        assert num_words_rule(PREV_PLAIN, block(100, 34), block(100)) is False

    def test_link_density_threshold_is_inclusive(self) -> None:
        # 1/3 of the words linked is just above 0.333333
        assert num_words_rule(PREV_PLAIN, block(30, 10), block(100)) is False
        assert num_words_rule(PREV_PLAIN, block(1000, 333), block(100)) is True

    def test_short_between_short_after_tiny_is_boilerplate(self) -> None:
        assert num_words_rule(block(4), block(16), block(15)) is False

    def test_short_between_short_after_longer_is_content(self) -> None:
        assert num_words_rule(block(5), block(16), block(15)) is True

    def test_short_before_long_is_content(self) -> None:
        assert num_words_rule(block(4), block(16), block(16)) is True

    def test_long_block_is_content(self) -> None:
        assert num_words_rule(block(0), block(17), block(0)) is True

    def test_after_links_medium_before_short_is_boilerplate(self) -> None:
        assert num_words_rule(PREV_LINKY, block(40), block(17)) is False

    def test_after_links_medium_before_long_is_content(self) -> None:
        assert num_words_rule(PREV_LINKY, block(40), block(18)) is True

    def test_after_links_long_is_content(self) -> None:
        assert num_words_rule(PREV_LINKY, block(41), block(0)) is True

    def test_prev_link_threshold(self) -> None:
        # prev exactly at 0.5: the "plain" branch, where 40 words is long enough
        assert num_words_rule(PREV_PLAIN, block(40), block(0)) is True
        assert num_words_rule(PREV_LINKY, block(40), block(0)) is False


class TestDensityRule:
    def test_linky_block_is_boilerplate(self) -> None:
        assert density_rule(PREV_PLAIN, block(10, 4, density=20), block(10, density=20)) is False

    def test_sparse_between_sparse_after_very_sparse_is_boilerplate(self) -> None:
        assert density_rule(block(density=4), block(density=9), block(density=10)) is False

    def test_sparse_between_sparse_after_denser_is_content(self) -> None:
        assert density_rule(block(density=4.01), block(density=9), block(density=10)) is True

    def test_sparse_before_dense_is_content(self) -> None:
        assert density_rule(block(density=0.5), block(density=9), block(density=10.01)) is True

    def test_dense_before_nothing_is_boilerplate(self) -> None:
        assert density_rule(block(density=20), block(density=9.01), block(0)) is False

    def test_dense_before_anything_is_content(self) -> None:
        assert density_rule(block(density=20), block(density=9.01), block(density=0.5)) is True

    def test_after_links_before_sparse_is_boilerplate(self) -> None:
        prev = make_block(10, link_words=6, density=5)
        assert density_rule(prev, block(density=30), block(density=11)) is False

    def test_after_links_before_dense_is_content(self) -> None:
        prev = make_block(10, link_words=6, density=5)
        assert density_rule(prev, block(density=3), block(density=11.01)) is True


class TestCanolaRule:
    def test_linked_block_before_long_one(self) -> None:
        assert canola_rule(EMPTY_BLOCK, block(2, 1), block(12)) is True
        assert canola_rule(EMPTY_BLOCK, block(2, 1), block(11)) is False

    def test_long_block(self) -> None:
        assert canola_rule(EMPTY_BLOCK, block(20), EMPTY_BLOCK) is True
        assert canola_rule(EMPTY_BLOCK, block(19), EMPTY_BLOCK) is False

    @pytest.mark.parametrize(
        ("prev", "curr", "next_", "expected"),
        [
            (8, 3, 7, True),  # previous long enough
            (7, 7, 7, True),  # current long enough
            (7, 6, 20, True),  # next long enough
            (7, 6, 19, False),  # none long enough
            (7, 7, 6, False),  # next too short
        ],
    )
    def test_block_in_plain_text(self, prev: int, curr: int, next_: int, expected: bool) -> None:
        assert canola_rule(block(prev), block(curr), block(next_)) is expected

    def test_linked_neighbour_breaks_context(self) -> None:
        assert canola_rule(block(8, 1), block(7), block(7)) is False
        assert canola_rule(block(8), block(7), block(7, 1)) is False


class TestClassifiersOverDocuments:
    def test_edges_see_empty_neighbours(self) -> None:
        # a lone 16-word block: next and prev are empty (0 words) -> boilerplate
        doc = make_doc([16])
        num_words_rules_classifier(doc)
        assert [b.is_content for b in doc.blocks] == [False]

    def test_neighbours_are_read_before_reclassification(self) -> None:
        doc = make_doc([5, 16, 10, 100])
        changed = num_words_rules_classifier(doc)
        assert changed
        # block 2 (10 words, next 100) is content; block 1 (16, next 10, prev 5) content;
        # block 0 (5 words, prev empty, next 16 <= 15? no: 16 > 15) content
        assert [b.is_content for b in doc.blocks] == [True, True, True, True]

    def test_reports_no_change_when_flags_stay(self) -> None:
        doc = make_doc([100], content=[True])
        assert num_words_rules_classifier(doc) is False

    def test_density_classifier_keeps_dense_run_and_its_neighbours(self) -> None:
        # sparse blocks count as content next to dense ones, not at the sparse edges
        doc = make_doc([5, 5, 50, 50, 5, 5], densities=[1, 1, 12, 12, 2, 1])
        density_rules_classifier(doc)
        assert [b.is_content for b in doc.blocks] == [False, True, True, True, True, False]

    def test_canola_classifier(self) -> None:
        # the first block is short but followed by a long link-free one; the last has
        # nothing after it
        doc = make_doc([3, 25, 2])
        assert canola_classifier(doc)
        assert [b.is_content for b in doc.blocks] == [True, True, False]


class TestLinkDensityThresholdsExactly:
    """Blocks whose link density equals a threshold of the trees: both trees test with
    ``<=`` (WSDM 2010, Algorithms 1 and 2; NumWordsRulesClassifier and
    DensityRulesClassifier), so the block stays on the low-link side.  Java keeps link
    density as a float: 333333 / 1e6 and 555556 / 1e6 round below the thresholds there
    too."""

    CURR_AT = make_block(1_000_000, link_words=333_333, text="x")  # 0.333333
    PREV_AT = make_block(1_000_000, link_words=555_556, text="x")  # 0.555556

    def test_num_words_rule(self) -> None:
        assert num_words_rule(PREV_PLAIN, self.CURR_AT, block(100)) is True
        # prev at the threshold is not "after links": 40 words are enough there
        assert num_words_rule(self.PREV_AT, block(40), block(0)) is True

    def test_density_rule(self) -> None:
        dense_curr = make_block(1_000_000, link_words=333_333, density=20, text="x")
        assert density_rule(PREV_PLAIN, dense_curr, block(density=5)) is True
        prev = make_block(1_000_000, link_words=555_556, density=5, text="x")
        # not "after links": sparse before denser than 10 is content (it would be
        # boilerplate after links, where next needs more than 11)
        assert density_rule(prev, block(density=3), block(density=11)) is True

    def test_prev_just_under_the_threshold_is_not_after_links(self) -> None:
        # 11 of 20 words linked (0.55) is below 0.555556
        assert num_words_rule(block(20, 11), block(40), block(0)) is True
        assert num_words_rule(block(20, 12), block(40), block(0)) is False  # 0.6
