"""The benchmark's shingle metric on hand-made cases."""

from __future__ import annotations

import pytest

from unboiler.metrics import (
    Counts,
    macro_scores,
    page_precision,
    page_recall,
    shingle_counts,
    shingles,
)


def test_shingles() -> None:
    assert shingles("a b c d e") == {("a", "b", "c", "d"): 1, ("b", "c", "d", "e"): 1}
    assert shingles("Hi, there!") == {("Hi", "there"): 1}
    assert shingles("  ... ") == {}


def test_identical_texts() -> None:
    counts = shingle_counts("one two three four five", "one two three four five")
    assert counts == Counts(1.0, 0.0, 0.0)
    assert page_precision(counts) == page_recall(counts) == 1.0


def test_disjoint_texts() -> None:
    counts = shingle_counts("one two three four five", "six seven eight nine ten")
    assert counts == Counts(0.0, 0.5, 0.5)
    assert page_precision(counts) == page_recall(counts) == 0.0


def test_empty_prediction_and_empty_gold() -> None:
    missed = shingle_counts("one two three four", "")
    assert missed == Counts(0.0, 0.0, 1.0)
    assert page_recall(missed) == 0.0
    invented = shingle_counts("", "one two three four")
    assert page_precision(invented) == 0.0
    assert shingle_counts("", "") == Counts(0.0, 0.0, 0.0)


def test_repeated_paragraphs_count_as_multisets() -> None:
    paragraph = "the same four words "
    # predicting the paragraph twice when the gold has it once: half the shingles extra
    counts = shingle_counts(paragraph, paragraph * 2)
    assert counts.fn == 0
    assert page_precision(counts) == pytest.approx(1 / 5)  # 1 shingle vs 5 predicted
    assert page_recall(counts) == 1.0


def test_partial_overlap() -> None:
    gold = "a b c d e f"  # shingles abcd bcde cdef
    counts = shingle_counts(gold, "a b c d e x")  # abcd bcde bcdx? -> abcd bcde cdex
    assert page_precision(counts) == pytest.approx(2 / 3)
    assert page_recall(counts) == pytest.approx(2 / 3)


def test_macro_averages_skip_pages_without_prediction_or_gold() -> None:
    pages = [
        Counts(1.0, 0.0, 0.0),  # perfect
        Counts(0.0, 0.0, 1.0),  # nothing predicted: counts for recall only
        Counts(0.0, 1.0, 0.0),  # no gold: counts for precision only
        Counts(0.0, 0.0, 0.0),  # both empty: counts for neither
    ]
    precision, recall, f1 = macro_scores(pages)
    assert precision == pytest.approx(0.5)
    assert recall == pytest.approx(0.5)
    assert f1 == pytest.approx(0.5)


def test_macro_scores_of_nothing() -> None:
    assert macro_scores([]) == (0.0, 0.0, 0.0)
