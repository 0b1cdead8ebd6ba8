"""Kept blocks in the page's navigation left out (:mod:`unboiler.filters.navigation`)."""

from __future__ import annotations

from pathlib import Path

import numpy as np

import unboiler
from unboiler.filters.navigation import NAV_MAX_SHARE, drop_navigation


def test_kept_navigation_goes_unless_it_is_most_of_the_kept_words() -> None:
    keep = np.array([True, True, True, False])
    words = np.array([40.0, 30.0, 5.0, 9.0])
    navigation = np.array([False, False, True, True])
    assert drop_navigation(keep, words, navigation).tolist() == [True, True, False, False]
    # the navigation's kept words at the share or over it: the model's decision stands
    share = np.array([True, False, True, False])
    words = np.array([10.0, 0.0, 10.0 * NAV_MAX_SHARE / (1 - NAV_MAX_SHARE), 0.0])
    assert drop_navigation(share, words, navigation) is share
    nothing = np.array([True, True, False, False])
    assert drop_navigation(nothing, words, navigation) is nothing


WIKI_PAGE = Path(__file__).parent.parent / "pages" / "wiki-navbox-tr.html"


def test_a_wikis_navigation_boxes_under_the_article_are_left_out() -> None:
    # a newcomer's Turkish Wikipedia article: two navigation boxes (role navigation)
    # below it, which the model kept at p 0.5 to 0.75
    text = unboiler.extract(WIKI_PAGE.read_bytes())
    assert "Safranbolu" in text and "Günay, Reha (1998)" in text
    assert "Eskipazar" not in text and "Türkiye'deki UNESCO Dünya Mirası Alanları" not in text
