"""Flags of the elements around a block: landmarks, roles, schema.org and class words."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from unboiler.classify.context import (
    BIT,
    WHOLE_TOKENS,
    WORD_PIECES,
    attribute_flags,
    element_table,
    word_flags,
)
from unboiler.parse import parse


def flags_of(bits: int) -> set[str]:
    return {name for name, bit in BIT.items() if bits & bit}


@pytest.mark.parametrize(
    ("names", "expected"),
    [
        ("entry-content", {"w_post", "w_content"}),
        ("commentlist", {"w_comment"}),
        ("sidebar1 widget_text", {"w_sidebar", "w_content"}),
        ("ad-slot", {"w_ad"}),
        ("ad", {"w_ad"}),
        ("main-nav", {"w_nav"}),
        ("cookie-consent", {"w_cookie"}),
        ("", set()),
    ],
)
def test_word_flags(names: str, expected: set[str]) -> None:
    assert flags_of(word_flags(names)) == expected


@pytest.mark.parametrize("names", ["header", "download", "canvas-wrapper", "shadow", "lead"])
def test_short_pieces_only_as_whole_tokens(names: str) -> None:
    # "ad" inside "header", "download", "shadow", "lead"; "nav" inside "canvas"
    bits = word_flags(names)
    assert not bits & BIT["w_ad"]
    assert not bits & BIT["w_nav"]


def test_word_flags_ignore_case() -> None:
    assert word_flags("PostBody") & BIT["w_post"]


def reference_word_flags(names: str) -> int:
    """The rule as written: a flag for each piece found anywhere in the lower-cased
    string, and for each whole token (split at anything but a letter or digit)."""
    lowered = names.lower()
    bits = 0
    for flag, pieces in WORD_PIECES.items():
        if any(piece in lowered for piece in pieces):
            bits |= BIT[flag]
    for token in re.split(r"[^a-z0-9]+", lowered):
        for flag, tokens in WHOLE_TOKENS.items():
            if token in tokens:
                bits |= BIT[flag]
    return bits


@pytest.mark.parametrize(
    ("names", "expected"),
    [
        # pieces that overlap, or start at the same place: each counts
        ("posted", {"w_post", "w_meta"}),
        ("cartitle", {"w_product", "w_title"}),
        ("text-content", {"w_content"}),
        ("menubar ad", {"w_nav", "w_ad"}),
        ("x-ads-y", {"w_ad"}),
    ],
)
def test_word_flags_overlapping_pieces(names: str, expected: set[str]) -> None:
    assert flags_of(word_flags(names)) == expected
    assert word_flags(names) == reference_word_flags(names)


_RULE_WORDS = sorted({p for ps in [*WORD_PIECES.values(), *WHOLE_TOKENS.values()] for p in ps})
_CLASS_WORDS = st.sampled_from([*_RULE_WORDS, "-", "_", " ", "x", "1", "É", "İ", "Post", "ADS"])


@given(st.lists(_CLASS_WORDS, max_size=12).map("".join))
def test_word_flags_match_reference(names: str) -> None:
    assert word_flags(names) == reference_word_flags(names)


@pytest.mark.parametrize(
    ("tag", "attributes", "expected"),
    [
        ("div", {"role": "navigation"}, "nav"),
        ("div", {"role": " Main "}, "main"),
        ("div", {"role": "contentinfo"}, "footer"),
        ("div", {"itemprop": "articleBody"}, "body_prop"),
        ("section", {"itemprop": "reviewBody"}, "body_prop"),
        ("div", {"itemprop": "comment"}, "comment_prop"),
        ("div", {"aria-hidden": "true"}, "hidden"),
        ("div", {"hidden": None}, "hidden"),
        ("div", {"style": "color: red; display : none"}, "hidden"),
        ("div", {"style": "visibility: hidden;"}, "hidden"),
        ("article", {}, "article"),
        ("td", {}, "table"),
        ("h4", {}, "heading"),
    ],
)
def test_attribute_flags(tag: str, attributes: dict[str, str | None], expected: str) -> None:
    assert attribute_flags(tag, attributes) & BIT[expected]


def test_visible_style_is_not_hidden() -> None:
    assert not attribute_flags("div", {"style": "display: block"}) & BIT["hidden"]
    assert not attribute_flags("div", {"style": "overflow: hidden"}) & BIT["hidden"]


def test_element_table_links_each_block_to_its_elements() -> None:
    document = parse(
        "<html><body><div class=wrap><article class=post><p>First paragraph here.</p>"
        "<p>Second one.</p></article><aside id=sidebar><p>Side</p></aside></div>"
        "loose text</body></html>"
    )
    table = element_table([block.node for block in document.blocks])
    texts = [block.text for block in document.blocks]
    assert texts == ["First paragraph here.", "Second one.", "Side", "loose text"]
    # the two paragraphs of the article share its element as parent
    first, second, side, loose = table.owner
    assert table.parent[first] == table.parent[second]
    article = table.parent[first]
    assert table.flags[article] & BIT["article"]
    assert table.flags[article] & BIT["w_post"]
    wrap = table.parent[article]
    assert table.parent[wrap] == -1
    assert table.depth[wrap] == 1 and table.depth[article] == 2 and table.depth[first] == 3
    assert table.flags[table.parent[side]] & BIT["w_sidebar"]
    assert loose == -1  # text directly in <body> has no element of its own
    # each element is read once, whatever the number of blocks under it
    assert len(table.parent) == 6
