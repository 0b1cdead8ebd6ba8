"""Kept blocks in the page's navigation left out (:mod:`unboiler.filters.navigation`)."""

from __future__ import annotations

from pathlib import Path

import numpy as np

import unboiler
from unboiler.filters.navigation import (
    BREADCRUMB_MAX_WORDS,
    NAV_MAX_SHARE,
    breadcrumb_blocks,
    drop_navigation,
)
from unboiler.parse import parse


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


HOTEL = (
    "<html><head><title>Hotel Corte dei Tintori, Bologna</title></head><body>"
    "<div class='bui-container'><ol class='bui-breadcrumb__list'>"
    "<li><a href='/it'>Italia</a></li><li><a href='/bo'>Bologna</a></li>"
    "<li aria-current='page'>Hotel Corte dei Tintori (Hotel)</li></ol></div>"
    "<h2>Hotel Corte dei Tintori</h2>"
    "<p>Situato nel centro storico di Bologna, a soli 450 metri da Piazza Maggiore,"
    " l'Hotel Corte dei Tintori occupa un palazzo del Cinquecento restaurato nel 2019.</p>"
    "<p>Tutte le camere sono dotate di aria condizionata, TV a schermo piatto e bagno"
    " privato con doccia a pioggia, e molte conservano i soffitti originali.</p>"
    "</body></html>"
)


def test_a_breadcrumb_trails_blocks_are_found_by_its_name() -> None:
    document = parse(HOTEL)
    texts = [document.blocks[i].text for i in sorted(breadcrumb_blocks(document.blocks))]
    assert texts == ["Italia", "Bologna", "Hotel Corte dei Tintori (Hotel)"]
    # the tree read first for a name: the same blocks, and none on a page without one
    assert breadcrumb_blocks(document.blocks, document.tree) == breadcrumb_blocks(document.blocks)
    plain = parse(HOTEL.replace("breadcrumb", "trail"))
    assert breadcrumb_blocks(plain.blocks, plain.tree) == frozenset()
    # named by its landmark's label or its schema.org type too, in any case
    for trail in (
        "<nav aria-label='Breadcrumb'><p>Home</p><p>Docs</p></nav>",
        "<div itemtype='https://schema.org/BreadcrumbList'><p>Home</p><p>Docs</p></div>",
    ):
        found = parse(f"<body>{trail}<p>Text</p></body>")
        trail_texts = [found.blocks[i].text for i in sorted(breadcrumb_blocks(found.blocks))]
        assert trail_texts == ["Home", "Docs"]
        assert breadcrumb_blocks(found.blocks, found.tree) == breadcrumb_blocks(found.blocks)


def test_an_element_so_named_around_the_story_is_no_trail() -> None:
    story = " ".join(["The council voted on Tuesday."] * (BREADCRUMB_MAX_WORDS // 5 + 1))
    document = parse(f"<body><div class='has-breadcrumb'><p>{story}</p></div></body>")
    assert breadcrumb_blocks(document.blocks) == frozenset()
    # a short wrapper around the trail, the headline and the price: the trail alone
    page = (
        "<body><div class='product-top has-breadcrumb'><ol class='breadcrumb'><li>Home</li>"
        "<li>Men</li></ol><h1>Merino Crew Sweater</h1><p class='price'>$89.00</p></div>"
        "<div class='breadcrumb-wrapper'><p>Summer sale</p><h2>Shorts</h2></div></body>"
    )
    document = parse(page)
    found = [document.blocks[i].text for i in sorted(breadcrumb_blocks(document.blocks))]
    assert found == ["Home", "Men"]
    # the named elements found by one query of the tree: the same trail
    assert breadcrumb_blocks(document.blocks, document.tree) == breadcrumb_blocks(document.blocks)


HOTEL_PAGE = Path(__file__).parent.parent / "pages" / "breadcrumb-hotel-it.html"


def test_the_default_extractor_leaves_the_trails_last_item_out() -> None:
    # a newcomer's hotel page: the trail's last item names the page, unlinked, in the
    # title's words, and the model keeps it
    text = unboiler.extract(HOTEL_PAGE.read_bytes())
    assert "(Hotel)" not in text
    assert "palazzo del Cinquecento" in text and "soffitti a cassettoni" in text
