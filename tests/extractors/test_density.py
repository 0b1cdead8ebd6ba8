"""The density recipes end to end with their packaged models: the published method on a
page written one paragraph per line and on the same page served minified, and the
variant on both."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.conftest import page

import unboiler
from unboiler.classify.model import ModelError
from unboiler.extractors import extractors, get_extractor

ARTICLE = [
    "For the first time in thirty years",
    "four hundred applications",
    "send weather readings to the coastguard",
    "It is a quiet life",
]
# Boilerplate every recipe must drop: the menu and the footer.  (The packaged
# density-blocks model, trained on Readability's pages, keeps the two-link share line
# "Share Tweet" right after the article on these pages, where the article and the share
# line have no container but <body>; the density line rule drops it.)
MENU = ["Home", "News", "Sport", "Privacy", "Terms"]


@pytest.mark.parametrize("name", ["density", "density-blocks"])
def test_article_written_line_by_line(name: str) -> None:
    text = unboiler.extract(page("density-lines.html"), extractor=name)
    for phrase in ARTICLE:
        assert phrase in text, f"{name} missed {phrase!r}"
    for phrase in MENU:
        assert phrase not in text, f"{name} kept {phrase!r}"


def test_published_method_drops_the_share_line() -> None:
    assert "Tweet" not in unboiler.extract(page("density-lines.html"), extractor="density")


def test_variant_keeps_the_headline() -> None:
    text = unboiler.extract(page("density-lines.html"), extractor="density-blocks")
    assert text.startswith("Lighthouse keepers return to Skerry Point")


def test_published_method_finds_nothing_on_a_minified_page() -> None:
    assert unboiler.extract(page("density-minified.html"), extractor="density") == ""


def test_variant_finds_the_article_of_a_minified_page() -> None:
    text = unboiler.extract(page("density-minified.html"), extractor="density-blocks")
    for phrase in ARTICLE:
        assert phrase in text
    for phrase in MENU:
        assert phrase not in text


def test_both_are_registered_with_their_source() -> None:
    described = extractors()
    assert "The Easy Way" in described["density"]
    assert "Variant of density" in described["density-blocks"]


def test_missing_model_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ModelError, match="cannot read model"):
        get_extractor("density", model=tmp_path / "none.json")


def test_document_without_source_keeps_nothing() -> None:
    from tests.conftest import make_doc

    document = make_doc([50, 50], content=[True, True])
    get_extractor("density")(document)
    assert not any(block.is_content for block in document.blocks)
