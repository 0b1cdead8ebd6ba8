"""The pathological pages of ``tests/pathological.py`` through the extractors and outputs
(tracker issue 22): each gives a result or an :class:`~unboiler.ExtractionError`, never
another exception, and what it gives is text a writer can store (valid UTF-8, no NUL).

The small pages run through every extractor and every output.  The heavy ones (nesting
100,000 deep, the pages whose size is one of the issue's) cost seconds an extraction, too
much for 17 extractors × 4 outputs in CI: they run through one extractor of each family
(:data:`FAMILIES`), the sized ones at :data:`CI_SCALE` of the issue's size.  The full
matrix at full size is ``benchmarks/pathological.py`` (its figures are in
``benchmarks/RESULTS.md``); ``UNBOILER_PATHOLOGICAL_FULL=1`` runs it here too.
Nothing here measures time: a hang shows as a test that does not end.
"""

from __future__ import annotations

import os
from functools import cache

import pytest
from tests.pathological import BIG, BY_NAME, PATHOLOGIES, page_of

import unboiler
from unboiler.extractors.registry import core_extractors
from unboiler.output import RENDERERS, render

#: One extractor of each family (Boilerpipe's, its tree variant, jusText, the density
#: ones, line blocks, weighted blocks, and the default).
FAMILIES = (
    "boilerpipe-article",
    "boilerpipe-tree",
    "default",
    "density",
    "justext",
    "line-blocks",
    "weighted-blocks",
)
#: The size of the sized pages in CI, as a share of the issue's: 5,000-deep nesting, a
#: 2.5 MB page, a 256 KB line, a 5,000-cell table.
CI_SCALE = 0.05
FULL = os.environ.get("UNBOILER_PATHOLOGICAL_FULL") == "1"
EXTRACTORS = core_extractors()
OUTPUTS = sorted(RENDERERS)

HEAVY = [p.name for p in PATHOLOGIES if p.sized or BIG in p.tags]
LIGHT = [p.name for p in PATHOLOGIES if p.name not in HEAVY]


def _scale(name: str) -> float:
    return 1.0 if FULL or not BY_NAME[name].sized else CI_SCALE


@cache
def _parsed(name: str) -> unboiler.TextDocument | unboiler.ExtractionError:
    """The page parsed once per session (each extractor works on a copy), or the error."""
    try:
        return unboiler.parse(page_of(name, _scale(name)), encoding=BY_NAME[name].encoding)
    except unboiler.ExtractionError as error:
        return error


def _storable(text: str) -> None:
    text.encode("utf-8")  # no lone surrogate: a file or a socket can take it
    assert "\x00" not in text


def _extract_every_output(name: str, extractor: str) -> None:
    """The path of ``extract()`` for every output: the page parsed (once per session,
    shared by the extractors), the extractor run on a copy, each output rendered."""
    parsed = _parsed(name)
    if isinstance(parsed, unboiler.ExtractionError):
        return  # refused before any extractor runs (see the tests of outcomes below)
    document = parsed.copy()
    unboiler.get_extractor(extractor)(document)
    for output in OUTPUTS:
        _storable(render(document, output, extractor=extractor))


@pytest.mark.parametrize("extractor", EXTRACTORS)
@pytest.mark.parametrize("name", LIGHT)
def test_light_pages_through_every_extractor_and_output(name: str, extractor: str) -> None:
    _extract_every_output(name, extractor)


@pytest.mark.parametrize("extractor", EXTRACTORS if FULL else FAMILIES)
@pytest.mark.parametrize("name", HEAVY)
def test_heavy_pages_through_each_family(name: str, extractor: str) -> None:
    _extract_every_output(name, extractor)


@pytest.mark.parametrize("name", ["entities", "lone-surrogates", "nul-bytes", "unclosed-tags"])
def test_extract_itself_on_a_few(name: str) -> None:
    # The matrix above follows extract()'s steps to parse each page once; here extract()
    # runs whole, with links, images and metadata.
    for output in OUTPUTS:
        _storable(unboiler.extract(page_of(name), output=output, links=True, images=True))
    _storable(unboiler.extract(page_of(name), output="markdown", with_metadata=True))


# --------------------------------------------------------------------------- outcomes
# What some pages must give: the matrix above cannot fail on a page that is wrongly
# refused, or read as something else.


@pytest.mark.parametrize(
    "name",
    ["deep-divs", "deep-unclosed-divs", "deep-mixed", "deep-tables"],
)
def test_block_nesting_100000_deep_is_refused(name: str) -> None:
    with pytest.raises(unboiler.ExtractionError, match="nests"):
        unboiler.parse(page_of(name))


@pytest.mark.parametrize(
    "name", ["png", "gzip-of-binary", "gzip-bomb", "random-bytes", "pdf-compressed"]
)
def test_what_is_no_page_is_refused(name: str) -> None:
    with pytest.raises(unboiler.ExtractionError):
        unboiler.extract(page_of(name))


@pytest.mark.parametrize(
    "name",
    [
        "deep-spans",
        "deep-formatting",
        "deep-links",
        "deep-custom-elements",
        "nul-bytes",
        "invalid-utf8",
        "invalid-utf8-undeclared",
        "lone-surrogates",
        "utf16-without-bom",
        "utf16be-without-bom",
        "utf16-odd-length",
        "utf32",
        "header-conflict",
        "conflicting-charsets",
        "bom-against-header",
        "frameset",
        "long-line",
        "big-page",
    ],
)
def test_text_under_the_damage_is_read(name: str) -> None:
    document = (
        _parsed(name)
        if name in HEAVY
        else unboiler.parse(page_of(name), encoding=BY_NAME[name].encoding)
    )
    assert isinstance(document, unboiler.TextDocument)
    unboiler.get_extractor("boilerpipe-everything")(document)
    assert "agreed to fund the new library" in render(document, "text", extractor="x")


def test_unclosed_script_style_and_comment_hide_the_rest() -> None:
    for name in ("unclosed-script", "unclosed-style", "unclosed-comment"):
        text = unboiler.extract(page_of(name), extractor="boilerpipe-everything")
        assert "Paragraph 2." in text  # before the element that never closes
        assert "Paragraph 3." not in text  # after it: script, style or comment
        assert "not text" not in text and "color" not in text


def test_charsets_in_conflict_are_read_right() -> None:
    # UTF-8 byte-order mark over two wrong <meta>: the mark wins.
    text = unboiler.extract(page_of("conflicting-charsets"), extractor="boilerpipe-everything")
    assert "Crème brûlée, Ελληνικά, Русский, 日本語." in text
    # UTF-16 byte-order mark over an HTTP header and a <meta> that say otherwise.
    text = unboiler.extract(
        page_of("bom-against-header"), encoding="utf-8", extractor="boilerpipe-everything"
    )
    assert "Grüße aus Köln." in text


def test_characters_that_are_not_characters_never_reach_the_text() -> None:
    text = unboiler.extract(page_of("entities"), extractor="boilerpipe-everything")
    _storable(text)
    assert not any("\ud800" <= char <= "\udfff" for char in text)


# --------------------------------------------------------------------------- found by fuzzing
# Each input that tools/fuzz_extract.py found to crash extract(), reduced by hand.


@pytest.mark.parametrize("url", [None, "https://example.com/a/"])
@pytest.mark.parametrize(
    "markup",
    [
        "<a href='http://[::1/page'>a link</a>",  # an IPv6 host never closed: urlsplit fails
        "<a href='//[x'>a link</a>",
        "<img src='http://[::1/a.png' alt='alt'>",
        "<a href='https://a]b[/'>a link</a>",
    ],
)
def test_a_url_python_cannot_split_is_no_link(markup: str, url: str | None) -> None:
    # Found by the fuzzer (ValueError "Invalid IPv6 URL" from urllib in every output,
    # links kept or not): such an address is dropped, the text stays.
    html = f"<p>Words before {markup} and words after the link.</p>"
    for output in OUTPUTS:
        for keep in (False, True):
            text = unboiler.extract(
                html,
                url=url,
                output=output,
                links=keep,
                images=keep,
                extractor="boilerpipe-everything",
            )
            assert "words after the link" in text
            assert "[::1" not in text and "//[x" not in text
