"""The line-blocks extractor end to end on news pages laid out with line breaks, as
templates write them: the article is found, the navigation, previous/next links, related
links and footer are not."""

from __future__ import annotations

import pytest
from tests.conftest import page

import unboiler

PAGES = {
    "lineblocks-news-zh.html": {
        "article": [
            "四十年来",
            "这个想法来自一群志愿者",
            "改建工程历时十四个月",
            "在水上保持纸张干燥",
        ],
        "boilerplate": [
            "首页",
            "财经",
            "上一篇",
            "相关新闻",
            "图书节重返港口",
            "ICP备",
            "关于我们",
        ],
    },
    "lineblocks-news-ja.html": {
        "article": ["四十年にわたり", "きっかけは", "改装には十四か月", "水の上で紙を"],
        "boilerplate": ["スポーツ", "前の記事", "関連ニュース", "本のお祭り", "利用規約"],
    },
    "lineblocks-news-en.html": {
        "article": [
            "For forty years the Seagull",
            "the ferry’s future",  # &rsquo; decoded
            "a local bakery chain & several",  # &amp; decoded
            "Keeping paper dry",
        ],
        "boilerplate": [
            "Culture",
            "lives in a script",
            "Old sidebar",
            "Previous:",
            "Related news",
            "Book festival",
            "All rights reserved",
        ],
    },
}


@pytest.mark.parametrize("name", sorted(PAGES))
def test_article_found_and_boilerplate_dropped(name: str) -> None:
    text = unboiler.extract(page(name), extractor="line-blocks")
    for phrase in PAGES[name]["article"]:
        assert phrase in text, f"missed {phrase!r}"
    for phrase in PAGES[name]["boilerplate"]:
        assert phrase not in text, f"kept {phrase!r}"


def test_two_regions_of_one_article_are_both_kept() -> None:
    text = unboiler.extract(page("lineblocks-two-regions.html"), extractor="line-blocks")
    assert "waves threw stones" in text
    assert "asked for a ferry" in text  # after the gallery, in a second region
    assert "Weather" not in text
    assert "Copyright" not in text


def test_a_page_on_one_line_is_one_region_and_its_copyright_drops_it() -> None:
    # The published method needs the source's line breaks: a page on one line has no
    # line block (the reference makes one for every line but the last three).
    source = page("lineblocks-news-en.html").decode().replace("\n", " ")
    assert unboiler.extract(source, extractor="line-blocks") == ""


def test_options_reach_the_filter() -> None:
    strict = unboiler.get_extractor("line-blocks", threshold=10_000)
    document = strict(unboiler.parse(page("lineblocks-news-en.html")))
    assert document.content == ""
    # The headline and date lines (40 + 51 characters without spaces; "&middot;" is
    # longer than the references the reference blanks out) form a line block of 91:
    # a region at the default threshold of 86, none at 100, and none with blocks of one
    # line, where neither line alone passes 86.
    default = unboiler.extract(page("lineblocks-news-en.html"), extractor="line-blocks")
    assert "Published 2026-03-14" in default
    for options in ({"threshold": 100}, {"block_lines": 1}):
        other = unboiler.get_extractor("line-blocks", **options)
        text = other(unboiler.parse(page("lineblocks-news-en.html"))).content
        assert "Published 2026-03-14" not in text
        assert "For forty years the Seagull" in text
    with pytest.raises(unboiler.ExtractorOptionError, match="block_lines"):
        unboiler.get_extractor("line-blocks", k=3)


def test_listed_with_its_source() -> None:
    assert "Chen" in unboiler.extractors()["line-blocks"]


@pytest.mark.parametrize("name", ["line-blocks", "line-blocks-lenient"])
def test_a_page_served_in_noscript_is_read(name: str) -> None:
    # The method reads the source as text, <noscript> included (a Discourse thread).
    paragraph = (
        "The council voted on Tuesday to keep the old ferry in the harbour as a library "
        "for the town, after a long debate about its cost."
    )
    lines = ["<html><body>", '<div id="app"></div>', "<noscript>"]
    lines += [f"<p>{paragraph}</p>"] * 3 + ["</noscript>", "", "", "", "<p>.</p>"]
    text = unboiler.extract("\n".join(lines), extractor=name)
    assert text.count("The council voted") == 3
