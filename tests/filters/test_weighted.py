"""The feature-weighted block rules (the Chinese survey "目前互联网上公布出来的正文提取算法"):
the element statistics, each rule of the title, date, related-links and main blocks, the
head-and-tail trimming and the headline."""

from __future__ import annotations

from typing import Any

import pytest
from selectolax.lexbor import LexborHTMLParser
from tests.conftest import make_doc

from unboiler.document import TextBlock
from unboiler.filters.weighted import (
    SHORT_TEXT_MAX_ELEMENTS,
    WeightedBlocks,
    find_headline,
    short_texts,
    trim_ends,
    words,
)
from unboiler.filters.weighted.rules import (
    COPYRIGHT_FACTOR,
    FEW_SENTENCES_FACTOR,
    NO_PARAGRAPH_FACTOR,
    ORDER_FACTOR,
    PREV_NEXT_FACTOR,
    TAG_DENSE_FACTOR,
    best,
    date_score,
    find_date,
    is_related_links,
    main_score,
    text_units,
    title_score,
)
from unboiler.filters.weighted.stats import ElementStats, element_stats

# --------------------------------------------------------------------------- statistics


def stats_of(html: str) -> list[ElementStats]:
    return element_stats(LexborHTMLParser(html).body)


def test_element_stats_count_text_links_tags_and_marks() -> None:
    records = stats_of(
        '<body><div id="x"><p>One, two. Three</p><p>四，五。<a href="/">Link text</a></p>'
        "<br><script>var notText = 1;</script><!-- no --></div></body>"
    )
    body, div = records[0], records[1]
    assert [r.tag for r in records] == ["body", "div", "p", "p", "a", "br", "script"]
    assert div.chars == len("One,two.Three四，五。Linktext")
    assert div.link_chars == len("Linktext")
    assert div.elements == 6  # div, two p, a, br, script
    assert div.links == 1
    assert div.paragraph_tags == 3  # two p and a br
    assert div.sentence_marks == 4  # "," and "." before a space, "，" and "。"
    assert body.chars == div.chars
    assert div.markup > len('<div id="x"></div>') + div.chars


def test_element_stats_order_and_containment() -> None:
    records = stats_of("<body><div><p>ab</p></div><div>cd</div></body>")
    body, first, paragraph, second = records
    assert (first.index, first.end) == (1, 2)
    assert first.contains(paragraph)
    assert not first.contains(second)
    assert body.contains(second)
    assert paragraph.parent == first.index
    assert second.chars_before == 2


def test_element_stats_find_the_telltale_phrases() -> None:
    records = stats_of(
        '<body><div><a href="/1">上一篇：旧闻</a><a href="/2">Next article</a>'
        "<span>Copyright 2026</span><span>海ICP备123号</span><h3>Related stories</h3>"
        "<p>We will be next in line.</p></div></body>"
    )
    div = records[1]
    assert div.prev_next == 2  # "next" in prose is not a link label
    assert div.copyright == 2
    assert div.related == 1
    assert div.emphasis_tags == 1


# --------------------------------------------------------------------------- lengths


def test_text_units_count_cjk_characters_and_other_words() -> None:
    assert text_units("港城旧渡轮") == 5
    assert text_units("Old harbour ferry") == 3
    assert text_units("新 iPhone 发布") == 4


# --------------------------------------------------------------------------- title block


class Node:
    def __init__(self, **attributes: str) -> None:
        self.attributes: dict[str, Any] = attributes


def record(tag: str = "div", *, node: Any = None, **counts: Any) -> ElementStats:
    fields = {"index": 5, "parent": 0, "chars_before": 0, **counts}
    stats = ElementStats(node if node is not None else Node(), tag, **fields)
    if stats.end < stats.index:
        stats.end = stats.index
    return stats


def test_title_block_rules() -> None:
    heading = record("h1", chars=20, emphasis_tags=1, chars_before=0)
    assert title_score(heading, "Old harbour ferry reopens", 100) == 3.0
    lower = record("h1", chars=20, emphasis_tags=1, chars_before=50)
    assert title_score(lower, "Old harbour ferry reopens", 100) == 2.5
    by_class = record("div", chars=20, node=Node(**{"class": "news-Title"}))
    assert title_score(by_class, "Old harbour ferry reopens", 100) == 2.0
    by_id = record("span", chars=20, node=Node(id="headline"))
    assert title_score(by_id, "Old harbour ferry reopens", 100) == 2.0


def test_title_block_exclusions() -> None:
    text = "Old harbour ferry reopens"
    assert title_score(record("p", chars=20, emphasis_tags=1), text, 100) == 0.0  # tag
    assert title_score(record("div", chars=20), text, 100) == 0.0  # no sign
    linked = record("h2", chars=20, link_chars=15, emphasis_tags=1)
    assert title_score(linked, text, 100) == 0.0  # a link
    short = record("h1", chars=4, emphasis_tags=1)
    assert title_score(short, "Home", 100) == 0.0  # under 3
    long = record("h1", chars=400, emphasis_tags=1)
    assert title_score(long, "word " * 36, 100) == 0.0  # over 35


# --------------------------------------------------------------------------- date block


@pytest.mark.parametrize(
    ("text", "date"),
    [
        ("2010-08-09 10:30", "2010-08-09"),
        ("发表于 2010/8/9", "2010-08-09"),
        ("2026年3月14日 9時30分", "2026-03-14"),
        ("Published November 18, 2019", "2019-11-18"),
        ("Nov. 3rd, 2019", "2019-11-03"),
        ("18 Nov 2019, 10:00", "2019-11-18"),
        ("11/18/2019", "2019-11-18"),
        ("Version 2.3.4 of 2019", None),
        ("2019-13-40", None),
        ("no date here", None),
    ],
)
def test_find_date(text: str, date: str | None) -> None:
    assert find_date(text) == date


def test_date_block_rules() -> None:
    assert date_score(record("div"), "2026-03-14 09:30") == 1.0
    assert date_score(record("span"), "2026-03-14　来源：海岸日报") == 2.0
    assert date_score(record("td"), "Published: 2026-03-14") == 2.0
    assert date_score(record("p"), "2026-03-14") == 0.0  # not a date tag
    assert date_score(record("div"), "Source: The Courier") == 0.0  # no date
    assert date_score(record("div"), "2026-03-14 " + "word " * 50) == 0.0  # too long


# --------------------------------------------------------------------------- related links


def test_related_links_rules() -> None:
    good = record("div", related=1, links=5, chars=100, link_chars=80)
    assert is_related_links(good)
    assert not is_related_links(record("ul", related=1, links=5, chars=100, link_chars=80))
    assert not is_related_links(record("div", related=0, links=5, chars=100, link_chars=80))
    assert not is_related_links(record("div", related=1, links=20, chars=100, link_chars=80))
    assert not is_related_links(record("div", related=1, links=0, chars=100, link_chars=0))
    assert not is_related_links(record("div", related=1, links=5, chars=100, link_chars=40))


# --------------------------------------------------------------------------- main block

GOOD = {"chars": 1000, "markup": 2000, "paragraph_tags": 5, "sentence_marks": 20, "elements": 10}
BASE = 1000 * 0.5  # text outside links times text density


def test_main_score_base_is_text_times_density() -> None:
    assert main_score(record("div", **GOOD), None, None, None) == BASE
    linked = record("td", **{**GOOD, "link_chars": 200})
    assert main_score(linked, None, None, None) == 800 * 0.5
    assert main_score(record("div", **GOOD), None, None, None, density_exponent=0.0) == 1000


def test_main_score_needs_a_container_with_text() -> None:
    assert main_score(record("p", **GOOD), None, None, None) == 0.0
    assert main_score(record("div", **{**GOOD, "chars": 0}), None, None, None) == 0.0


@pytest.mark.parametrize(
    ("change", "factor"),
    [
        ({"paragraph_tags": 0}, NO_PARAGRAPH_FACTOR),
        ({"sentence_marks": 5}, FEW_SENTENCES_FACTOR),
        ({"elements": 51}, TAG_DENSE_FACTOR),
        ({"prev_next": 1}, PREV_NEXT_FACTOR),
        ({"copyright": 1}, COPYRIGHT_FACTOR),
    ],
)
def test_main_score_rules(change: dict[str, int], factor: float) -> None:
    assert main_score(record("div", **{**GOOD, **change}), None, None, None) == BASE * factor


def test_main_score_tag_density_bound_is_a_parameter() -> None:
    dense = record("div", **{**GOOD, "elements": 51})
    assert main_score(dense, None, None, None, tag_density_max=60) == BASE


def test_main_score_order_rules() -> None:
    main = record("div", index=10, end=20, **GOOD)
    title_above = record("h1", index=5, end=6)
    date_above = record("div", index=7, end=8)
    related_below = record("div", index=30, end=35)
    assert main_score(main, title_above, date_above, related_below) == BASE
    title_inside = record("h1", index=11, end=11)
    assert main_score(main, title_inside, None, None) == BASE * ORDER_FACTOR
    date_below = record("div", index=25, end=26)
    assert main_score(main, None, date_below, None) == BASE * ORDER_FACTOR
    # Below both the title and the date: the factor counts once.
    assert main_score(main, title_inside, date_below, None) == BASE * ORDER_FACTOR
    related_inside = record("div", index=15, end=18)
    assert main_score(main, None, None, related_inside) == BASE * ORDER_FACTOR


def test_best_takes_the_first_of_the_highest_positive_scores() -> None:
    assert best([0.0, 2.0, 1.0, 2.0]) == 1
    assert best([0.0, 0.0]) == -1
    assert best([]) == -1


# --------------------------------------------------------------------------- trimming


def blocks_and_containers(
    spec: list[tuple[int, int]], *, content: bool = True
) -> tuple[list[TextBlock], list[ElementStats]]:
    """Blocks of ``letters`` letters each, in a container of ``container_chars``."""
    blocks = []
    containers = []
    for i, (letters, container_chars) in enumerate(spec):
        blocks.append(TextBlock("x" * letters, num_words=1, is_content=content, offset=i))
        containers.append(record("div", index=100 + container_chars, chars=container_chars))
    return blocks, containers


def test_trim_drops_strays_at_both_ends_and_stops_at_the_first_body_block() -> None:
    # The body container holds 1000 letters; a block beside it (parent of 5000) heads the
    # content, a boxed one (parent of 50) ends it, and another box sits in the middle.
    blocks, containers = blocks_and_containers(
        [(30, 5000), (400, 1000), (50, 50), (500, 1000), (40, 50)]
    )
    assert trim_ends(blocks, containers)
    assert [b.is_content for b in blocks] == [False, True, True, True, False]


def test_trim_leaves_blocks_in_the_body_alone() -> None:
    blocks, containers = blocks_and_containers([(400, 1000), (500, 1000)])
    assert not trim_ends(blocks, containers)
    assert all(b.is_content for b in blocks)


def test_trim_ratios_are_parameters() -> None:
    blocks, containers = blocks_and_containers([(30, 1500), (400, 1000), (40, 300)])
    assert not trim_ends(blocks, containers)
    assert trim_ends(blocks, containers, far_larger=1.4, far_smaller=0.4)
    assert [b.is_content for b in blocks] == [False, True, False]


def test_trim_without_content_does_nothing() -> None:
    blocks, containers = blocks_and_containers([(30, 5000)], content=False)
    assert not trim_ends(blocks, containers)


# --------------------------------------------------------------------------- headline


def test_words_are_lowercase_words_and_cjk_pairs() -> None:
    assert words("Old Harbour 渡轮改建") == {"old", "harbour", "渡轮", "轮改", "改建"}
    assert words("港") == {"港"}


def test_headline_is_the_candidate_most_contained_in_the_text() -> None:
    text = "The old harbour ferry reopens as a library. The ferry carried commuters."
    candidates = [
        "Most read stories today",
        "Old harbour ferry reopens",
        "Old harbour ferry reopens - The Coastal Courier",
    ]
    assert find_headline(candidates, text) == "Old harbour ferry reopens"


def test_headline_ties_on_share_go_to_more_shared_words_then_the_first() -> None:
    text = "alpha beta gamma delta epsilon"
    assert find_headline(["alpha beta gamma", "alpha beta gamma delta"], text) == (
        "alpha beta gamma delta"
    )
    assert find_headline(["alpha beta gamma", "gamma beta alpha"], text) == "alpha beta gamma"


def test_headline_needs_a_title_length_and_a_shared_word() -> None:
    text = "alpha beta gamma"
    assert find_headline(["alpha", "alpha beta"], text) is None  # too short
    assert find_headline(["one two three"], text) is None
    assert find_headline([], text) is None


def test_filter_leaves_hand_built_documents_alone() -> None:
    document = make_doc([10, 20])
    assert not WeightedBlocks()(document)
    assert document.metadata == {}


def test_trim_measures_against_the_parent_holding_most_content() -> None:
    # The 1000-letter body's only block was dropped upstream: the 30-letter box, holding
    # the most content left, is the body now, and the 20-letter one is two thirds of it.
    blocks, containers = blocks_and_containers([(10, 30), (500, 1000), (10, 20)])
    blocks[1].is_content = False
    assert not trim_ends(blocks, containers)
    assert trim_ends(blocks, containers, far_smaller=0.9)
    assert [b.is_content for b in blocks] == [True, False, False]


def test_mark_main_and_containers_on_a_parsed_page() -> None:
    from unboiler import parse
    from unboiler.filters.weighted import Boxes, mark_main

    document = parse(
        "<body>Loose text in the body<div id='main'>Text right in the main block"
        "<p>A paragraph of the main block.</p><div class='date'>2026-03-14</div></div>"
        "<div>After</div></body>"
    )
    records = element_stats(document.tree.body)
    main = next(r for r in records if r.node.attributes.get("id") == "main")
    date = next(r for r in records if r.node.attributes.get("class") == "date")
    changed, containers = mark_main(document, records, main, Boxes(None, date, None))
    assert changed
    flags = [block.is_content for block in document.blocks]
    assert flags == [False, True, True, False, False]  # the date block is left out
    body = records[0]
    assert containers[0] is body  # text directly in <body>: the body itself
    assert containers[1] is main  # text directly in the main block: the main block
    assert containers[2] is main  # the paragraph's parent


def test_no_headline_without_a_candidate() -> None:
    from unboiler import parse

    document = parse(
        "<body><div><p>"
        + "A sentence of the article, with commas, and a full stop. " * 8
        + "</p></div></body>"
    )
    assert WeightedBlocks()(document)
    assert "headline" not in document.metadata
    assert "date" not in document.metadata


def test_short_texts_skip_blocks_with_too_many_elements_inside() -> None:
    # Reading a nested candidate's text walks everything inside it: 100,000 nested
    # spans around a date took minutes.  Past the limit a block is no short text; below
    # it, it still is.
    depth = SHORT_TEXT_MAX_ELEMENTS + 10
    records = stats_of("<div>" + "<span>" * depth + "12 March 2024" + "</span>" * depth + "</div>")
    short = short_texts(records)
    spans = [r for r in records if r.tag == "span"]
    assert all(short[r.index] == "12 March 2024" for r in spans[-SHORT_TEXT_MAX_ELEMENTS:])
    assert not any(r.index in short for r in spans[:10])
