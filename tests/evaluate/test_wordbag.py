"""WCXB's bag-of-words metric and snippet rates, on cases computed by hand."""

from __future__ import annotations

import pytest

from unboiler.metrics import (
    Scores,
    SnippetCounts,
    snippet_rates,
    word_bag,
    wordbag_macro,
    wordbag_scores,
)


def test_words_are_lower_cased_w_tokens() -> None:
    assert word_bag("Don't STOP, don't!") == {"don": 2, "t": 2, "stop": 1}
    assert word_bag(" ... — ") == {}


def test_shared_words_count_as_a_multiset() -> None:
    # gold: the×2 cat sat on mat (6 tokens); prediction: the×3 cat dog (5 tokens).
    # Shared: min(2, 3) "the" + 1 "cat" = 3, so P = 3/5, R = 3/6, F1 = 2·0.3/1.1 = 6/11.
    precision, recall, f1 = wordbag_scores("The cat sat on the mat.", "the the THE cat dog")
    assert precision == pytest.approx(0.6)
    assert recall == pytest.approx(0.5)
    assert f1 == pytest.approx(6 / 11)


def test_word_order_does_not_count() -> None:
    assert wordbag_scores("one two three", "three, two; one") == Scores(1.0, 1.0, 1.0)


def test_lower_casing_is_not_case_folding() -> None:
    # "STRASSE".lower() is "strasse", which is not "straße": one of two words shared.
    assert wordbag_scores("über straße", "ÜBER STRASSE") == Scores(0.5, 0.5, 0.5)


def test_empty_gold_scores_one_only_for_an_empty_extraction() -> None:
    assert wordbag_scores("", "") == Scores(1.0, 1.0, 1.0)
    assert wordbag_scores("", " -- ") == Scores(1.0, 1.0, 1.0)  # punctuation alone is empty
    assert wordbag_scores("", "Subscribe now") == Scores(0.0, 0.0, 0.0)


def test_empty_extraction_of_a_page_with_gold_scores_zero() -> None:
    assert wordbag_scores("Some gold text", "") == Scores(0.0, 0.0, 0.0)


def test_disjoint_texts_score_zero() -> None:
    assert wordbag_scores("alpha beta", "gamma delta") == Scores(0.0, 0.0, 0.0)


def test_each_figure_is_averaged_over_pages() -> None:
    pages = [Scores(0.6, 0.5, 6 / 11), Scores(1.0, 1.0, 1.0)]
    precision, recall, f1 = wordbag_macro(pages)
    assert precision == pytest.approx(0.8)
    assert recall == pytest.approx(0.75)
    # The mean of the F1s (17/22 = 0.77273), not the F1 of the means (0.77419).
    assert f1 == pytest.approx(17 / 22)
    assert wordbag_macro([]) == Scores(0.0, 0.0, 0.0)


def test_snippet_rates_add_up_snippets_over_pages() -> None:
    pages = [SnippetCounts(tp=2, fp=1, tn=3, fn=2), SnippetCounts(tp=0, fp=0, tn=0, fn=1)]
    rates = snippet_rates(pages)
    assert rates.with_found == pytest.approx(2 / 5)
    assert rates.without_found == pytest.approx(1 / 4)
    assert snippet_rates([]) == (0.0, 0.0)
