"""extract_result(): one typed record of every output and metadata field, of which the
JSON output is the JSON."""

from __future__ import annotations

import dataclasses
import json

import pytest
from tests.conftest import page

import unboiler
from unboiler import Extraction, extract, extract_result

URL = "https://courier.example.org/news/2024/05/17/ferry-library"
PAGES = [
    "metadata/jsonld-article.html",
    "weighted-news-zh.html",
    "output/images.html",
    "justext-german.html",
    "cp1252.html",
]
EXTRACTORS = ["default", "weighted-blocks", "boilerpipe-article", "justext"]
#: The JSON output's fields, in its order, before the page type and extras.
JSON_FIELDS = [
    "url",
    "canonical_url",
    "title",
    "author",
    "date",
    "language",
    "direction",
    "sitename",
    "description",
    "image",
    "categories",
    "tags",
    "extractor",
    "version",
    "text",
    "page_type",
]


@pytest.mark.parametrize("name", PAGES)
@pytest.mark.parametrize("extractor", EXTRACTORS)
def test_json_output_is_the_result_as_json(name: str, extractor: str) -> None:
    html = page(name)
    result = extract_result(html, url=URL, extractor=extractor, links=True, images=True)
    written = extract(html, url=URL, extractor=extractor, output="json")
    assert written == json.dumps(result.to_dict(), ensure_ascii=False)


@pytest.mark.parametrize("name", PAGES)
def test_the_result_holds_every_output(name: str) -> None:
    html = page(name)
    plain = extract_result(html, url=URL)
    rich = extract_result(html, url=URL, links=True, images=True)
    assert plain.text == rich.text == extract(html, url=URL)
    assert plain.markdown == extract(html, url=URL, output="markdown")
    assert plain.html == extract(html, url=URL, output="html")
    for output in ("markdown", "html"):
        assert getattr(rich, output) == extract(
            html, url=URL, output=output, links=True, images=True
        )


def test_images_and_links_reach_markdown_and_html_only() -> None:
    rich = extract_result(page("output/images.html"), url=URL, images=True)
    assert "![" in rich.markdown and "<img " in rich.html
    assert "![" not in extract_result(page("output/images.html"), url=URL).markdown


def test_block_texts_are_the_kept_blocks() -> None:
    document = unboiler.parse(page("metadata/jsonld-article.html"))
    result = extract_result(document, extractor="boilerpipe-article")
    unboiler.get_extractor("boilerpipe-article")(document)
    kept = tuple(block.text for block in document.blocks if block.is_content)
    assert result.block_texts == kept and kept


def test_a_parsed_document_is_left_as_it_was() -> None:
    document = unboiler.parse(page("blog.html"))
    before = [(block.text, block.is_content) for block in document.blocks]
    extract_result(document, url=URL)
    assert [(block.text, block.is_content) for block in document.blocks] == before
    assert document.url is None


def test_every_metadata_field_of_the_page() -> None:
    result = extract_result(page("metadata/jsonld-article.html"), url=URL + "?ref=home")
    assert result.url == URL + "?ref=home"
    assert result.canonical_url == URL
    assert result.title == "Harbour ferry becomes a floating library"
    assert result.author == "Mira Holm, Jonas Berg"
    assert result.date == "2024-05-17T09:30:00+02:00"
    assert result.language == "en"
    assert result.sitename == "The Coastal Courier"
    assert result.image == "https://courier.example.org/images/ferry.jpg"
    assert result.categories == ("Local", "Culture")
    assert result.tags == ("libraries", "ferries", "volunteers")
    assert result.description is not None and result.description.startswith("Volunteers")
    assert result.page_type == "article" and result.extractor == "default"
    assert result.version == unboiler.__version__


def test_to_dict_keeps_the_json_layout() -> None:
    default = extract_result(page("metadata/jsonld-article.html")).to_dict()
    assert list(default) == JSON_FIELDS
    assert isinstance(default["tags"], list)
    plain = extract_result(page("metadata/jsonld-article.html"), extractor="boilerpipe-article")
    assert list(plain.to_dict()) == JSON_FIELDS and plain.page_type is None
    # the default extractor predicts no type for a page without text: the key stays
    empty = extract_result("<html><body><iframe src='/x'></iframe></body></html>").to_dict()
    assert empty["page_type"] is None and list(empty) == JSON_FIELDS


def test_what_the_extractor_found_wins_and_the_rest_are_extras() -> None:
    result = extract_result(page("weighted-news-zh.html"), extractor="weighted-blocks")
    assert result.date == "2026-03-14"  # the date weighted-blocks found beside its headline
    assert result.extras == (("headline", "港城旧渡轮改建为水上图书馆"),)
    record = result.to_dict()
    assert list(record) == [*JSON_FIELDS, "headline"] and record["date"] == "2026-03-14"


def test_the_result_is_frozen() -> None:
    result = extract_result(page("blog.html"))
    assert isinstance(result, Extraction)
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.text = "changed"  # type: ignore[misc]
    assert "Extraction" in unboiler.__all__ and "extract_result" in unboiler.__all__


# --------------------------------------------------------------------------- language

SHORT_GERMAN = (
    "<html><head><title>Fähre</title></head><body><h1>Die Nachtfähre fährt wieder</h1>"
    "<p>Nach elf Jahren fährt die Fähre wieder.</p>"
    "<p>Der Gemeinderat hat das am Dienstag beschlossen.</p>"
    "<p>Die Inselbewohner freuen sich sehr darüber.</p>"
    "<p>Die erste Fahrt ist am ersten Mai.</p></body></html>"
)


def test_language_of_the_default_extractor_is_detected() -> None:
    # No paragraph of ten words and no declaration: the default extractor detects the
    # language for its own features, and the JSON output said null.
    assert extract_result(SHORT_GERMAN).language == "de"
    assert json.loads(extract(SHORT_GERMAN, output="json"))["language"] == "de"


def test_detected_language_wins_over_a_template_declaration() -> None:
    # <html lang="en"> around a German article: the text's language is reported.
    for extractor in ("default", "justext", "boilerpipe-article"):
        result = extract_result(page("justext-german.html"), extractor=extractor)
        assert result.language == "de", extractor


def test_the_callers_language_wins() -> None:
    result = extract_result(page("justext-german.html"), extractor="justext", language="fr")
    assert result.language == "fr"


@pytest.mark.parametrize(
    ("head", "language"),
    [
        ('<html lang="pt-BR"><head>', "pt"),
        ('<html><head><meta http-equiv="content-language" content="nl">', "nl"),
        ("<html><head>", None),
    ],
)
def test_a_declared_language_when_none_is_detected(head: str, language: str | None) -> None:
    html = f"{head}<title>12</title></head><body><p>42 17 99</p></body></html>"
    assert extract_result(html, extractor="boilerpipe-everything").language == language
