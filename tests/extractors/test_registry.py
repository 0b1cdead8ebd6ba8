"""The registry: names, descriptions, options and errors."""

from __future__ import annotations

import pytest

import unboiler
from unboiler import UnknownExtractorError, get_extractor
from unboiler.extractors import register

BOILERPIPE = {
    "boilerpipe-article",
    "boilerpipe-default",
    "boilerpipe-largest",
    "boilerpipe-canola",
    "boilerpipe-sentences",
    "boilerpipe-numwords",
    "boilerpipe-everything",
    "boilerpipe-everything-minwords",
}


def test_boilerpipe_family_is_registered_with_descriptions() -> None:
    listed = unboiler.extractors()
    assert BOILERPIPE | {"default"} <= set(listed)
    for name in BOILERPIPE:
        assert listed[name].startswith("Boilerpipe ")


def test_unknown_name_lists_the_known_ones() -> None:
    with pytest.raises(UnknownExtractorError, match="boilerpipe-article"):
        get_extractor("no-such-thing")


def test_options_are_passed_and_checked() -> None:
    html = "<p>one two three</p><p>" + "word " * 12 + "</p>"
    assert (
        unboiler.extract(html, extractor="boilerpipe-everything-minwords") == ("word " * 12).strip()
    )
    strict = get_extractor("boilerpipe-everything-minwords", min_words=20)
    assert strict(unboiler.parse(html)).content == ""
    with pytest.raises(unboiler.ExtractorOptionError, match="takes no option 'nonsense'"):
        get_extractor("boilerpipe-article", nonsense=1)
    with pytest.raises(unboiler.ExtractorOptionError, match="its options: min_words"):
        get_extractor("boilerpipe-everything-minwords", words=1)


def test_duplicate_registration_is_refused() -> None:
    with pytest.raises(ValueError, match="twice"):
        register("boilerpipe-article")(lambda: None)  # type: ignore[arg-type,return-value]


def test_one_parse_serves_several_extractors() -> None:
    document = unboiler.parse(open_page("blog.html"))
    before = [b.text for b in document.blocks]
    outputs = {name: unboiler.extract(document, extractor=name) for name in sorted(BOILERPIPE)}
    assert [b.text for b in document.blocks] == before  # the parsed document is untouched
    assert outputs["boilerpipe-everything"] != outputs["boilerpipe-article"]


def open_page(name: str) -> bytes:
    from tests.conftest import page

    return page(name)
