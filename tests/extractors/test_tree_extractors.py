"""The tree-filter extractors end to end, on pages written for these tests."""

from __future__ import annotations

import pytest
from tests.conftest import page

import unboiler
from unboiler.extractors import extractors, get_extractor
from unboiler.filters.tree import tree_filter

TREE_EXTRACTORS = ["boilerpipe-tree", "boilerpipe-numwords-tree"]
STORY = (
    "The night ferry between the two islands will sail again from June",
    "The regional council agreed on Tuesday",
    "Islanders had collected signatures for three winters",
)
PROMO = "Subscribe today and read every story"


def run(name: str, html: bytes, **options: int) -> str:
    document = unboiler.parse(html)
    get_extractor(name, **options)(document)
    return document.content


def test_article_extractor_keeps_the_promo_box_that_the_tree_filter_drops() -> None:
    html = page("tree-article.html")
    assert PROMO in unboiler.extract(html, extractor="boilerpipe-article")
    text = unboiler.extract(html, extractor="boilerpipe-tree")
    assert PROMO not in text
    assert text.splitlines()[0] == "Night ferry timetable returns after ten years"
    for sentence in STORY:
        assert sentence in text


def test_numwords_variant_drops_the_promo_box_too() -> None:
    text = unboiler.extract(page("tree-article.html"), extractor="boilerpipe-numwords-tree")
    assert PROMO not in text
    assert all(sentence in text for sentence in STORY)


@pytest.mark.parametrize(
    ("depth", "last"),
    [(1, "The first voyage"), (2, "The first voyage"), (3, "Related:"), (5, "Footer:")],
)
def test_depth_option(depth: int, last: str) -> None:
    text = run("boilerpipe-tree", page("tree-depth.html"), depth=depth)
    assert text.splitlines()[-1].startswith(last)
    assert text.startswith("Harbour ferry") is (depth >= 2)


def test_bad_depth_is_refused_when_the_extractor_is_built() -> None:
    with pytest.raises(ValueError, match="between 1 and 5"):
        get_extractor("boilerpipe-tree", depth=9)


@pytest.mark.parametrize("name", TREE_EXTRACTORS)
def test_listed_with_the_paper(name: str) -> None:
    assert "Viveros-Jiménez" in extractors()[name]


# --------------------------------------------------------------------------- bad input


@pytest.mark.parametrize("name", TREE_EXTRACTORS)
@pytest.mark.parametrize(
    "html",
    [
        b"",
        b"<html><body></body></html>",
        page("script-only.html"),  # no paragraphs
        page("tree-links-only.html"),
    ],
)
def test_pages_without_article_give_empty_text(name: str, html: bytes) -> None:
    assert unboiler.extract(html, extractor=name) == ""


def test_page_of_headings_only_gives_what_article_extractor_gives() -> None:
    html = page("tree-headings-only.html")
    assert unboiler.extract(html, extractor="boilerpipe-tree") == unboiler.extract(
        html, extractor="boilerpipe-article"
    )


def test_page_of_headings_only_keeps_one_group_on_any_selection() -> None:
    # On top of an extractor that flags every block: each heading is its own paragraph
    # and all have <body> as parent, so at depth 1 they form one group and stay together.
    document = unboiler.parse(page("tree-headings-only.html"))
    get_extractor("boilerpipe-everything")(document)
    assert not tree_filter(document, depth=1)
    assert document.content.splitlines() == [
        "Only headings on this page",
        "A second-level heading",
        "And a third one below it",
    ]


@pytest.mark.parametrize("name", TREE_EXTRACTORS)
def test_text_outside_any_block_tag_is_kept(name: str) -> None:
    text = unboiler.extract(page("tree-body-text.html"), extractor=name)
    assert text.startswith("Text straight under the body")
    assert text.splitlines()[1].startswith("A second line of loose text")
