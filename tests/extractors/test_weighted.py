"""The weighted-blocks extractor end to end on news-portal pages: the article is found;
the navigation, title, date line, previous/next links, related links, side boxes and the
copyright footer are not; the headline and date are reported."""

from __future__ import annotations

import pytest
from tests.conftest import page

import unboiler

PAGES = {
    "weighted-news-zh.html": {  # a table layout, paragraphs split by <br>
        "article": [
            "四十年来",
            "这个想法来自一群志愿者",
            "改建工程历时十四个月",
            "在水上保持纸张干燥",
        ],
        "boilerplate": [
            "首页",
            "您的位置",
            "来源",
            "上一篇",
            "相关新闻",
            "图书节重返港口",
            "热点排行",
            "跨海大桥",
            "ICP备",
        ],
        "headline": "港城旧渡轮改建为水上图书馆",
        "date": "2026-03-14",
    },
    "weighted-news-ja.html": {
        "article": ["四十年にわたり", "きっかけは", "改装には十四か月", "水の上で紙を"],
        "boilerplate": ["スポーツ", "来源", "上一篇", "相关新闻", "本のお祭り", "利用規約"],
        "headline": "旧フェリーが水上図書館に生まれ変わる",
        "date": "2026-03-14",
    },
    "weighted-news-en.html": {
        "article": [
            "For forty years the Seagull",
            "The idea came",
            "The conversion took",
            "On stormy nights",
        ],
        "boilerplate": [
            "Opinion",
            "Published",
            "Previous article",
            "Related stories",
            "Book festival",
            "Most read",
            "Tide tables",
            "All rights reserved",
        ],
        "headline": "Old harbour ferry reopens as a floating library",
        "date": "2019-11-18",
    },
}


@pytest.mark.parametrize("name", sorted(PAGES))
def test_article_found_and_boilerplate_dropped(name: str) -> None:
    expected = PAGES[name]
    document = unboiler.get_extractor("weighted-blocks")(unboiler.parse(page(name)))
    text = document.content
    for phrase in expected["article"]:
        assert phrase in text, f"missed {phrase!r}"
    for phrase in expected["boilerplate"]:
        assert phrase not in text, f"kept {phrase!r}"
    assert expected["headline"] not in text


@pytest.mark.parametrize("name", sorted(PAGES))
def test_headline_and_date_are_reported(name: str) -> None:
    document = unboiler.get_extractor("weighted-blocks")(unboiler.parse(page(name)))
    assert document.metadata["headline"] == PAGES[name]["headline"]
    assert document.metadata["date"] == PAGES[name]["date"]


def test_metadata_is_in_the_json_output() -> None:
    import json

    data = json.loads(
        unboiler.extract(page("weighted-news-zh.html"), extractor="weighted-blocks", output="json")
    )
    assert data["headline"] == "港城旧渡轮改建为水上图书馆"
    assert data["date"] == "2026-03-14"


def test_advertising_at_the_head_and_tail_of_the_article_is_trimmed() -> None:
    text = unboiler.extract(page("weighted-ad-ends.html"), extractor="weighted-blocks")
    assert text.startswith("The coast road between the harbour")
    assert text.endswith("both ends of the road.")
    assert "Sponsored" not in text
    assert "Sign up" not in text


def test_a_page_without_text_gives_an_empty_result() -> None:
    assert (
        unboiler.extract("<html><body><div></div></body></html>", extractor="weighted-blocks") == ""
    )


def test_listed_with_its_source() -> None:
    assert "news-portal" in unboiler.extractors()["weighted-blocks"]
