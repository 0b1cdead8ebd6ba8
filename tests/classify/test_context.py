"""Flags of the elements around a block: landmarks, roles, schema.org and class words."""

from __future__ import annotations

import pytest

from unboiler.classify.context import BIT, attribute_flags, element_table, word_flags
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
        ("article", {}, "article"),
        ("td", {}, "table"),
        ("h4", {}, "heading"),
    ],
)
def test_attribute_flags(tag: str, attributes: dict[str, str | None], expected: str) -> None:
    assert attribute_flags(tag, attributes) & BIT[expected]


def test_visible_style_is_not_hidden() -> None:
    assert not attribute_flags("div", {"style": "display: block"}) & BIT["hidden"]


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
