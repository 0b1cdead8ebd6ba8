"""The jusText extractor end to end on pages written for these tests, its options, and
bad input."""

from __future__ import annotations

import pytest
from tests.conftest import page

import unboiler
from unboiler import get_extractor
from unboiler.document import TextDocument


def lines(html: str | bytes, **options: object) -> list[str]:
    document = get_extractor("justext", **options)(unboiler.parse(html))
    return [block.text for block in document.blocks if block.is_content]


def content(html: str | bytes, **options: object) -> str:
    return "\n".join(lines(html, **options))


class TestArticle:
    text = content(page("justext-article.html"))

    def test_the_article_is_kept(self) -> None:
        assert "After a gap of eleven years" in self.text
        assert "if the weather allows it." in self.text

    def test_a_short_paragraph_between_good_ones_is_kept(self) -> None:
        assert "Then the vote was taken." in self.text

    def test_headings_before_good_text_are_kept(self) -> None:
        assert "Night ferry returns to the islands" in self.text
        assert "Who will run it" in self.text

    def test_boilerplate_is_dropped(self) -> None:
        for boilerplate in (
            "Sport",  # menu of links
            "Related stories",  # a heading followed by links only
            "Council to vote on the new harbour wall",  # related links
            "Islands edition",  # the options of a <select>
            "All of the articles and the pictures",  # long, but has a copyright sign
            "The Harbour Gazette: news from the coast",  # inside <header>
        ):
            assert boilerplate not in self.text

    def test_no_headings_drops_a_heading_its_neighbours_make_bad(self) -> None:
        text = content(page("justext-article.html"), no_headings=True)
        assert "Night ferry returns to the islands" not in text
        assert "After a gap of eleven years" in text

    def test_a_short_heading_distance(self) -> None:
        text = content(page("justext-article.html"), max_heading_distance=0)
        assert "Night ferry returns to the islands" not in text  # a byline in between
        assert "Who will run it" in text  # right before its paragraph


def test_paragraphs_split_by_double_br() -> None:
    kept = lines(page("justext-br.html"))
    # Our parser cuts at every <br>; jusText's paragraph is the run up to <br><br>,
    # so both lines of the second paragraph are kept.
    assert kept[0].startswith("I have kept two hives")
    assert kept[1].startswith("The first thing to think about")
    assert kept[2].startswith("A line of tall plants")
    assert kept[3].startswith("Water is the second problem")
    assert len(kept) == 4


class TestLanguage:
    def test_detected_despite_a_wrong_declaration(self) -> None:
        document = get_extractor("justext")(unboiler.parse(page("justext-german.html")))
        assert document.language == "de"
        assert "Nach einer Pause von elf Jahren" in document.content
        assert "Impressum" not in document.content

    def test_given_language_wins(self) -> None:
        # German text measured against English stop words has too few of them.
        assert content(page("justext-german.html"), language="en") == ""
        assert "Nach einer Pause" in content(page("justext-german.html"), language="de-DE")

    def test_a_language_without_stop_list_decides_by_length(self) -> None:
        # ... and says so, since a given code without a list is most likely a typo
        with pytest.warns(UserWarning, match="no stop list for language 'zz'"):
            text = content(page("justext-german.html"), language="zz")
        assert "Nach einer Pause" in text
        assert "Startseite" not in text

    def test_a_three_letter_code_is_its_languages(self) -> None:
        german = page("justext-german.html")
        for code in ("deu", "ger"):
            assert content(german, language=code) == content(german, language="de")
        assert content(german, language="eng") == ""  # as "en" above

    def test_a_language_name_is_refused_when_the_extractor_is_built(self) -> None:
        with pytest.raises(ValueError, match="not a language tag"):
            get_extractor("justext", language="German")

    def test_unknown_option(self) -> None:
        with pytest.raises(unboiler.ExtractorOptionError, match="language"):
            get_extractor("justext", stoplist="English")

    def test_the_parsed_document_keeps_its_language(self) -> None:
        document = unboiler.parse(page("justext-german.html"))
        unboiler.extract(document, extractor="justext")
        assert document.language is None


LONG = (
    "The harbour master said that the boats would stay in port until the storm had "
    "passed, and that the crews had been told to check their moorings twice a day."
)


@pytest.mark.parametrize(
    "html",
    [
        pytest.param("<html><body></body></html>", id="no paragraphs"),
        pytest.param("<div><br><br><br></div><p> </p>", id="only breaks and spaces"),
        pytest.param(
            "<ul>" + "".join(f"<li><a href=/{i}>Link number {i}</a></li>" for i in range(30))
            + "</ul>",
            id="only links",
        ),
        pytest.param("<h1>First heading</h1><h2>Second</h2><h3>Third</h3>", id="only headings"),
        pytest.param("<script>document.write('x')</script>", id="only a script"),
    ],
)  # fmt: skip
def test_pages_without_content_give_empty_text(html: str) -> None:
    assert unboiler.extract(html, extractor="justext") == ""


def test_text_outside_any_block_tag() -> None:
    # One paragraph alone on the page touches both edges, which count as bad, so only a
    # paragraph good on its own survives.
    assert unboiler.extract(f"{LONG} {LONG}", extractor="justext") == f"{LONG} {LONG}"
    assert unboiler.extract("just a few loose words", extractor="justext") == ""


def test_hand_built_document_is_refused_clearly() -> None:
    with pytest.raises(unboiler.ExtractionError, match="parsed page"):
        unboiler.extract(TextDocument([]), extractor="justext")


def test_listed_with_a_description() -> None:
    assert unboiler.extractors()["justext"].startswith("jusText")
