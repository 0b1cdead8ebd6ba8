"""The direction of the kept text: declared where the content is, voted by its words."""

from __future__ import annotations

import json

import pytest
from tests.conftest import BENCHMARKS

import unboiler
from unboiler.metadata.direction import content_direction

PARAGRAPH = (
    "<p>This paragraph is long enough to be the article that the extractor keeps, with "
    "several sentences of running text. It goes on for a while so that nobody doubts it "
    "is the content of the page and not a menu or a footer.</p>"
)


def direction_of(html: str, extractor: str = "default") -> str | None:
    document = unboiler.parse(html)
    unboiler.get_extractor(extractor)(document)
    return content_direction(document)


def test_the_body_declares_over_the_root() -> None:
    html = f'<html dir="ltr"><body dir="rtl"><article>{PARAGRAPH * 3}</article></body></html>'
    assert direction_of(html) == "rtl"


def test_an_ancestor_of_the_content_declares() -> None:
    html = (
        '<html dir="ltr"><body><nav><a href="/">Home</a></nav>'
        f'<main dir="rtl"><article>{PARAGRAPH * 3}</article></main></body></html>'
    )
    assert direction_of(html) == "rtl"


def test_a_short_quotation_in_the_other_direction_does_not_decide() -> None:
    html = (
        f'<html dir="rtl"><body><article>{PARAGRAPH * 3}'
        '<blockquote dir="ltr"><p>A short quotation.</p></blockquote></article></body></html>'
    )
    document = unboiler.parse(html)
    unboiler.get_extractor("boilerpipe-everything")(document)
    quote = next(block for block in document.blocks if "quotation" in block.text)
    assert quote.is_content
    assert content_direction(document) == "rtl"


@pytest.mark.parametrize("declared", ['dir="sideways"', 'style="color: red"', 'lang="ar"', ""])
def test_no_declaration_is_none(declared: str) -> None:
    # a browser lays out a page that declares nothing left to right, Arabic or not
    html = f"<html {declared}><body><article>{PARAGRAPH * 3}</article></body></html>"
    assert direction_of(html) is None


ARABIC = (
    "<p>هذه فقرة طويلة بما يكفي لتكون المقال الذي يحتفظ به المستخرج، وفيها عدة جمل من "
    "النص المتصل. وهي تستمر لفترة حتى لا يشك أحد في أنها محتوى الصفحة وليست قائمة أو "
    "تذييلا.</p>"
)


@pytest.mark.parametrize(
    ("paragraph", "expected"),
    [(PARAGRAPH, "ltr"), (ARABIC, "rtl"), ("<p>«2024» " + ARABIC[3:], "rtl")],
)
def test_auto_is_the_direction_of_the_first_strong_letter(paragraph: str, expected: str) -> None:
    # HTML's dir="auto": digits and punctuation before the first letter decide nothing.
    # It stops what an outer element declares, as any dir does.
    html = f'<html dir="rtl"><body><div dir="auto">{paragraph * 3}</div></body></html>'
    assert direction_of(html, "boilerpipe-everything") == expected


@pytest.mark.parametrize(
    ("style", "expected"),
    [
        ("direction: rtl", "rtl"),
        ("color: red; DIRECTION:RTL", "rtl"),
        ("direction: rtl; direction: ltr", "ltr"),  # the last one given wins
        ("unicode-bidi: embed", "ltr"),  # no direction: the dir attribute's
    ],
)
def test_a_css_direction_in_the_style_wins_over_dir(style: str, expected: str) -> None:
    html = f'<html><body dir="ltr" style="{style}"><article>{ARABIC * 3}</article></body></html>'
    assert direction_of(html, "boilerpipe-everything") == expected


def test_a_page_without_content_has_its_body_direction() -> None:
    document = unboiler.parse('<html><body dir="rtl"><p>Menu</p></body></html>')
    assert not any(block.is_content for block in document.blocks)
    assert content_direction(document) == "rtl"
    assert content_direction(unboiler.parse(b"")) is None


def test_the_outputs_carry_it() -> None:
    html = f'<html dir="rtl"><body><article>{PARAGRAPH * 3}</article></body></html>'
    fragment = unboiler.extract(html, output="html")
    assert fragment.startswith('<div dir="rtl">\n<p>') and fragment.endswith("</p>\n</div>")
    assert json.loads(unboiler.extract(html, output="json"))["direction"] == "rtl"
    assert unboiler.extract_result(html).direction == "rtl"
    plain = f"<html><body><article>{PARAGRAPH * 3}</article></body></html>"
    assert unboiler.extract(plain, output="html").startswith("<p>")
    assert json.loads(unboiler.extract(plain, output="json"))["direction"] is None


def test_readability_test_pages_agree_with_readability() -> None:
    """Mozilla Readability's expected metadata states ``dir`` on 17 of its test pages:
    every one of them is ours too (on the others it states nothing; we may)."""
    root = BENCHMARKS / "readability"
    if not root.is_dir():
        pytest.skip(f"benchmark data not found at {root}")
    stated = {}
    for meta in sorted(root.glob("*/expected-metadata.json")):
        direction = json.loads(meta.read_text(encoding="utf-8")).get("dir")
        if direction:
            stated[meta.parent.name] = direction
    assert len(stated) >= 10
    ours = {
        name: unboiler.extract_result((root / name / "source.html").read_bytes()).direction
        for name in stated
    }
    assert ours == stated


def test_a_long_quotation_alone_declaring_does_not_decide() -> None:
    html = (
        f"<html><body><article>{PARAGRAPH * 3}"
        f'<blockquote dir="rtl">{PARAGRAPH}</blockquote></article></body></html>'
    )
    assert direction_of(html, "boilerpipe-everything") is None


@pytest.mark.parametrize(
    "before",
    [
        "<bdi>Jane</bdi>: ",  # an isolated name before the Arabic text
        "<span dir='ltr'>@jdoe</span> ",  # a part that declares its own direction
        "<style>p { color: red }</style>",
        "<textarea>reply here</textarea>",
    ],
)
def test_auto_passes_over_what_the_standard_passes_over(before: str) -> None:
    html = f'<html><body><div dir="auto">{before}{ARABIC[3:-4] * 3}</div></body></html>'
    assert direction_of(html, "boilerpipe-everything") == "rtl"


def test_a_wrong_dir_value_leaves_the_parents_direction() -> None:
    # HTML's dir has no invalid-value state of its own: the element inherits
    html = f'<html dir="rtl"><body><div dir="sideways">{ARABIC * 3}</div></body></html>'
    assert direction_of(html, "boilerpipe-everything") == "rtl"
