"""The character-level metric, exact match, the snippet metric and the bootstrap, on
hand-made cases."""

from __future__ import annotations

import statistics

import pytest

from unboiler.metrics import (
    Counts,
    SnippetCounts,
    bootstrap_ci,
    char_counts,
    exact_match,
    macro_scores,
    page_f1,
    page_precision,
    page_recall,
    snippet_counts,
    snippet_scores,
)


def scores(gold: str, prediction: str) -> tuple[float, float]:
    counts = char_counts(gold, prediction)
    return page_precision(counts), page_recall(counts)


# --------------------------------------------------------------------------- characters


def test_char_identical_texts() -> None:
    assert char_counts("Hello, world.", "Hello, world.") == Counts(1.0, 0.0, 0.0)


def test_char_disjoint_texts() -> None:
    assert char_counts("abc", "xyz") == Counts(0.0, 0.5, 0.5)


def test_char_empty_prediction_empty_gold_and_both() -> None:
    assert char_counts("some gold", "") == Counts(0.0, 0.0, 1.0)
    assert char_counts("", "invented") == Counts(0.0, 1.0, 0.0)
    assert char_counts("", "") == Counts(0.0, 0.0, 0.0)


def test_char_weighs_by_length() -> None:
    # gold: Headline(8) + A long paragraph of words (1+4+9+2+5 = 21): 29 characters
    precision, recall = scores("Headline\nA long paragraph of words", "A long paragraph of words")
    assert precision == 1.0
    assert recall == pytest.approx(21 / 29)


def test_char_repeated_paragraph_counts_twice() -> None:
    precision, recall = scores("one two", "one two one two")
    assert precision == pytest.approx(0.5)
    assert recall == 1.0


def test_char_alignment_respects_order() -> None:
    # a bag of words would call this perfect; an alignment keeps one of the two words
    precision, recall = scores("alpha gamma", "gamma alpha")  # 5 characters each
    assert precision == pytest.approx(0.5)
    assert recall == pytest.approx(0.5)


def test_char_ignores_whitespace_and_counts_punctuation() -> None:
    assert char_counts("a  b\n c", "a b c") == Counts(1.0, 0.0, 0.0)
    precision, recall = scores("Yes.", "Yes")
    assert precision == 1.0
    assert recall == pytest.approx(3 / 4)


def test_char_counts_feed_the_macro_average() -> None:
    pages = [char_counts("same text", "same text"), char_counts("gold", "")]
    precision, recall, _ = macro_scores(pages)
    assert precision == 1.0  # the page without a prediction has no precision
    assert recall == pytest.approx(0.5)


# --------------------------------------------------------------------------- exact match


def test_exact_match() -> None:
    assert exact_match("Hello, world!", "Hello\n world")
    assert not exact_match("Hello world", "hello world")
    assert not exact_match("alpha beta", "beta alpha")
    assert not exact_match("alpha beta", "alpha beta gamma")
    assert exact_match("", "")
    assert not exact_match("", "something")


def test_page_f1() -> None:
    assert page_f1(Counts(0.5, 0.25, 0.25)) == pytest.approx(2 / 3)
    assert page_f1(Counts(0.0, 0.0, 0.0)) == 1.0  # nothing to find and nothing found
    assert page_f1(Counts(0.0, 0.0, 1.0)) == 0.0


# --------------------------------------------------------------------------- snippets


def test_snippet_counts() -> None:
    prediction = "The river was cleaned.\nVolunteers came   from every village."
    counts = snippet_counts(
        ["river was cleaned", "Volunteers came from every", "not in the text"],
        ["Copyright", "every village"],
        prediction,
    )
    assert counts == SnippetCounts(tp=2, fp=1, tn=1, fn=1)


def test_snippet_counts_of_an_empty_extraction() -> None:
    assert snippet_counts(["a"], ["b"], "") == SnippetCounts(tp=0, fp=0, tn=1, fn=1)


def test_snippet_scores_sum_over_pages() -> None:
    pages = [SnippetCounts(3, 1, 2, 0), SnippetCounts(1, 0, 1, 3)]
    precision, recall, f1, accuracy = snippet_scores(pages)
    assert precision == pytest.approx(4 / 5)
    assert recall == pytest.approx(4 / 7)
    assert f1 == pytest.approx(2 * (4 / 5) * (4 / 7) / (4 / 5 + 4 / 7))
    assert accuracy == pytest.approx(7 / 11)
    assert snippet_scores([]) == (0.0, 0.0, 0.0, 0.0)


# --------------------------------------------------------------------------- bootstrap


def mean(sample: object) -> dict[str, float]:
    return {"mean": statistics.mean(sample)}  # type: ignore[call-overload]


def test_bootstrap_of_constant_pages_is_zero() -> None:
    assert bootstrap_ci([0.7] * 20, mean) == {"mean": 0.0}


def test_bootstrap_matches_the_standard_error() -> None:
    pages = [0.0, 1.0] * 50  # standard error of the mean: sqrt(0.25 / 100) = 0.05
    half_width = bootstrap_ci(pages, mean)["mean"]
    assert half_width == pytest.approx(1.96 * 0.05, rel=0.15)


def test_bootstrap_is_seeded() -> None:
    pages = [0.1, 0.5, 0.9, 0.3, 0.7]
    assert bootstrap_ci(pages, mean) == bootstrap_ci(pages, mean)
    assert bootstrap_ci(pages, mean, seed=1) != bootstrap_ci(pages, mean, seed=2)


def test_bootstrap_of_one_page() -> None:
    assert bootstrap_ci([0.4], mean) == {"mean": 0.0}
