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


@pytest.mark.parametrize(
    ("name", "options", "message"),
    [
        (
            "boilerpipe-tree",
            {"depth": "abc"},
            "'depth' of extractor 'boilerpipe-tree' takes int",
        ),
        ("boilerpipe-tree", {"depth": 2.5}, "takes int, not 2.5"),
        ("boilerpipe-tree", {"depth": True}, "takes int"),  # True is no depth
        ("line-blocks", {"threshold": "x"}, "'threshold' of extractor 'line-blocks'"),
        ("justext", {"no_headings": "yes"}, "takes bool, not .yes."),
        ("justext", {"language": 7}, "takes str or None, not 7"),
        ("default", {"favor": 1}, "takes str, not 1"),
    ],
)
def test_option_values_of_another_type_are_refused(
    name: str, options: dict[str, object], message: str
) -> None:
    with pytest.raises(unboiler.ExtractorOptionError, match=message):
        get_extractor(name, **options)


@pytest.mark.parametrize(
    ("name", "options", "message"),
    [
        ("boilerpipe-tree", {"depth": 9}, "depth must be between 1 and 5"),
        ("justext", {"language": "not a tag"}, "not a language tag"),
        ("line-blocks", {"block_lines": 0}, "block_lines must be at least 1"),
        ("default", {"favor": "speed"}, "unknown favor mode 'speed'"),
    ],
)
def test_values_a_factory_refuses_are_option_errors(
    name: str, options: dict[str, object], message: str
) -> None:
    with pytest.raises(unboiler.ExtractorOptionError, match=message):
        get_extractor(name, **options)


def test_values_that_fit_are_taken() -> None:
    assert get_extractor("justext", no_headings=True, language="de").name == "justext"
    assert get_extractor("line-blocks", block_lines=4, threshold=90).name == "line-blocks"


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


def test_an_option_error_is_caught_as_python_would_raise_it() -> None:
    # An unknown keyword is a TypeError in Python, a bad value a ValueError: callers that
    # caught those before options were checked here still catch them.
    with pytest.raises(TypeError):
        get_extractor("justext", langauge="de")
    with pytest.raises(ValueError):
        get_extractor("justext", language="German")
