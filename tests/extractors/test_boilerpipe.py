"""The Boilerpipe extractors end to end on pages written for these tests."""

from __future__ import annotations

import json

import pytest
from tests.conftest import ROOT, page

import unboiler

ARTICLE = (ROOT / "examples" / "article.html").read_bytes()


def test_article_extractor_on_the_sample_page() -> None:
    text = unboiler.extract(ARTICLE, extractor="boilerpipe-article")
    assert text.startswith("Harbour town turns old ferry into a floating library")
    assert "For forty years the Gull" in text
    assert "simply a good library" in text
    for boilerplate in (
        "Sport",
        "Related stories",
        "Ferry timetable",
        "sailor_jo",
        "Privacy policy",
        "All rights reserved",
        "Advertisement",
    ):
        assert boilerplate not in text


def test_article_extractor_on_a_table_blog() -> None:
    text = unboiler.extract(page("blog.html"), extractor="boilerpipe-article")
    assert text.splitlines()[0] == "Notes on sourdough at altitude"
    assert "wrapped in a wool sock" in text and "mill in the valley" in text
    for boilerplate in ("December 2025", "Great notes", "Add your comment", "Powered by"):
        assert boilerplate not in text


@pytest.mark.parametrize(
    "name",
    [
        "boilerpipe-article",
        "boilerpipe-default",
        "boilerpipe-largest",
        "boilerpipe-canola",
        "boilerpipe-sentences",
        "boilerpipe-numwords",
    ],
)
def test_every_extractor_finds_the_article_body(name: str) -> None:
    text = unboiler.extract(ARTICLE, extractor=name)
    assert "Keeping paper dry on the water was the hardest problem." in text
    assert "Privacy policy" not in text


@pytest.mark.parametrize(
    "name",
    ["boilerpipe-article", "boilerpipe-numwords", "boilerpipe-default", "boilerpipe-largest"],
)
def test_a_page_of_links_has_no_article(name: str) -> None:
    assert unboiler.extract(page("portal.html"), extractor=name) == ""


def test_sentences_extractor_drops_headline_and_byline() -> None:
    text = unboiler.extract(ARTICLE, extractor="boilerpipe-sentences")
    assert "By Mira Ostrova" not in text
    assert "Shelves where the benches were" not in text
    assert "The conversion took fourteen months" in text


def test_everything_keeps_everything() -> None:
    text = unboiler.extract(ARTICLE, extractor="boilerpipe-everything")
    assert "Privacy policy" in text and "For forty years" in text


def test_json_output() -> None:
    record = json.loads(unboiler.extract(ARTICLE, url="https://example.org/a", output="json"))
    assert record["url"] == "https://example.org/a"
    assert record["title"].startswith("Harbour town turns old ferry")
    assert record["extractor"] == "default"
    assert "For forty years" in record["text"]


def test_unknown_output_format() -> None:
    with pytest.raises(unboiler.UnboilerError, match="output format"):
        unboiler.extract(ARTICLE, output="pdf")
