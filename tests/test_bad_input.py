"""Bad input gives an empty result or an ExtractionError, never a crash or a hang."""

from __future__ import annotations

import gzip
import random
import time
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from tests.conftest import page

import unboiler
from unboiler import ExtractionError
from unboiler.extractors.registry import core_extractors
from unboiler.parse import MAX_NESTING_DEPTH


@pytest.mark.parametrize("data", ["", b"", "   \n\t ", b"\n\n", "<html></html>", "<!---->"])
def test_empty_input_gives_empty_text(data: str | bytes) -> None:
    assert unboiler.extract(data) == ""


def test_binary_junk_is_refused_clearly() -> None:
    junk = bytes(range(256)) * 64
    with pytest.raises(ExtractionError, match="binary"):
        unboiler.extract(junk)


@pytest.mark.parametrize("seed", range(3))
def test_random_bytes_with_few_control_bytes_are_binary_too(seed: int) -> None:
    # a quarter of the control bytes of random data turned into a letter: under the
    # control-byte share that marks binary at once, so the encoding detector decides
    data = bytearray(random.Random(seed).randbytes(3000))
    controls = [index for index, byte in enumerate(data) if byte < 0x20 and byte not in b"\t\n\r"]
    for index in controls[: len(controls) // 4]:
        data[index] = 0xE9
    with pytest.raises(ExtractionError, match="binary"):
        unboiler.extract(bytes(data))


def test_gzip_bytes_are_read_as_the_page_they_hold() -> None:
    html = "<html><body><article><h1>Flood</h1><p>" + "The river rose overnight. " * 20
    html += "</p></article></body></html>"
    assert "The river rose overnight." in unboiler.extract(gzip.compress(html.encode()))


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda data: data[: len(data) // 2], "truncated"),
        (lambda data: data[:10] + b"x" * 40, "corrupt"),
    ],
)
def test_damaged_gzip_is_refused_clearly(damage: Any, message: str) -> None:
    data = gzip.compress(b"<p>" + b"words and more words " * 50 + b"</p>")
    with pytest.raises(ExtractionError, match=message):
        unboiler.extract(damage(data))


def test_png_header_is_refused() -> None:
    png = b"\x89PNG\r\n\x1a\n" + b"\x00\x00\x00\rIHDR" + bytes(200)
    with pytest.raises(ExtractionError):
        unboiler.extract(png)


def test_truncated_markup_keeps_its_text() -> None:
    text = unboiler.extract(page("truncated.html"), extractor="boilerpipe-everything")
    assert text.startswith("This page was cut off")


def test_script_only_page_is_empty() -> None:
    assert unboiler.extract(page("script-only.html")) == ""


def test_invalid_bytes_in_declared_charset() -> None:
    data = (
        b'<meta charset="utf-8"><p>' + b"Valid words then \xff\xfe\xfa broken bytes " * 5 + b"</p>"
    )
    text = unboiler.extract(data, extractor="boilerpipe-everything")
    assert "Valid words then" in text


def test_nul_characters_in_text() -> None:
    text = unboiler.extract(
        "<p>before\x00after and more words</p>", extractor="boilerpipe-everything"
    )
    assert "before" in text and "after" in text


def test_ten_thousand_deep_nesting() -> None:
    html = "<div>" * 10_000 + "<p>deep down there is a sentence of text</p>" + "</div>" * 10_000
    text = unboiler.extract(html, extractor="boilerpipe-everything")
    assert text == "deep down there is a sentence of text"


def test_deeper_nesting_is_refused_fast() -> None:
    html = "<div>" * (MAX_NESTING_DEPTH * 5) + "text"
    start = time.perf_counter()
    with pytest.raises(ExtractionError, match="nests"):
        unboiler.extract(html)
    assert time.perf_counter() - start < 30  # a guard against a hang, not a speed test


def test_deep_inline_nesting_is_fine() -> None:
    html = "<p>" + "<span>" * 50_000 + "inline text" + "</span>" * 50_000 + "</p>"
    assert unboiler.extract(html, extractor="boilerpipe-everything") == "inline text"


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=2000))
def test_random_bytes_never_crash(data: bytes) -> None:
    try:
        result = unboiler.extract(data)
    except ExtractionError:
        return
    assert isinstance(result, str)


_TAGS = ["div", "p", "a", "b", "span", "li", "ul", "h1", "td", "tr", "table", "script", "br"]


@st.composite
def html_soup(draw: st.DrawFn) -> str:
    parts = draw(
        st.lists(
            st.one_of(
                st.sampled_from([f"<{t}>" for t in _TAGS] + [f"</{t}>" for t in _TAGS]),
                st.text(alphabet="abc def.,|&<>\"'", max_size=20),
            ),
            max_size=60,
        )
    )
    return "".join(parts)


@settings(max_examples=200, deadline=None)
@given(html_soup(), st.sampled_from(core_extractors()))
@example(html="<h1>b<div><<div>a", extractor="default")  # a heading's middle left out
def test_random_markup_never_crashes_any_extractor(html: str, extractor: str) -> None:
    text = unboiler.extract(html, extractor=extractor)
    # everything extracted is text that was in the page's blocks, in the page's order.
    # Compared without white space: where the line breaks fall depends on which blocks
    # are kept ("b<a>x<div>y</div></a>" is laid out "b\n\nx\n\ny" when all are, "bx"
    # when only the first is).
    # Within a line, text apart is text between which a block was left out (a heading
    # "b<div>&lt;</div><div>a</div>" keeping "b" and "a" is written "b a"): each piece
    # comes from the page, after the one before it.
    everything = "".join(unboiler.extract(html, extractor="boilerpipe-everything").split())
    for line in text.splitlines():
        position = 0
        for piece in line.split():
            found = everything.find(piece, position)
            assert found >= 0, (piece, line, everything)
            position = found + len(piece)
