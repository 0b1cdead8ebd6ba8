"""The stages of Chen's line-block distribution method, one test per rule and branch."""

from __future__ import annotations

import pytest
from tests.conftest import make_doc

from unboiler.document import TextDocument
from unboiler.filters.lineblocks import (
    BLOCK_LINES,
    MIN_LINE_LENGTH,
    THRESHOLD,
    LineBlocks,
    block_lengths,
    find_regions,
    line_length,
    select_lines,
    strip_markup,
    text_lines,
)

# --------------------------------------------------------------------------- step 1


def test_tags_go_and_lines_stay() -> None:
    source = "<div>\n  <p>First <b>bold</b> line</p>\n</div>\n<p>Second</p>"
    assert text_lines(source) == ["", "  First bold line", "", "Second"]


def test_scripts_styles_and_comments_go_with_their_content_but_not_their_lines() -> None:
    source = (
        "a\n<script>\nvar s = '<p>not text</p>';\n</script>\n"
        "b<style>p { color: red }</style>\n<!-- old\nsidebar -->c"
    )
    assert strip_markup(source) == "a\n\n\n\nb\n\nc"


def test_a_comment_inside_a_script_string_does_not_open_a_comment() -> None:
    source = "<script>var s = '<!--';</script>kept<!-- real -->text"
    assert strip_markup(source) == "kepttext"


def test_an_unclosed_comment_swallows_the_rest_of_the_page() -> None:
    assert strip_markup("before<!-- never closed\nafter") == "before\n"


def test_escaped_markup_and_lone_angle_brackets_are_text() -> None:
    assert strip_markup("&lt;p&gt; if a < b and c > d") == "<p> if a < b and c > d"


def test_character_references_are_decoded() -> None:
    assert strip_markup("caf&eacute; &amp; &#8220;bar&#8221;") == "café & “bar”"


def test_carriage_returns_end_lines() -> None:
    assert text_lines("one\r\ntwo\rthree") == ["one", "two", "three"]


def test_markup_regex_stays_linear_on_unclosed_tags() -> None:
    # Each "<a" without ">" must not make the pattern scan the rest of the text again.
    text = "<a" * 50_000
    assert strip_markup(text) == text


# --------------------------------------------------------------------------- step 2


def test_line_length_counts_characters_without_whitespace() -> None:
    assert line_length("  The cat\tsat ") == 9
    assert line_length("\u3000\u3000四十年来，渡轮") == 7  # ideographic spaces do not count
    assert line_length("   ") == 0


# --------------------------------------------------------------------------- step 3


def test_block_lengths_sum_k_consecutive_lines() -> None:
    assert block_lengths([1, 2, 3, 4, 5], 3) == [6, 9, 12]
    assert block_lengths([1, 2, 3, 4, 5], 1) == [1, 2, 3, 4, 5]


def test_a_page_shorter_than_a_block_is_one_block() -> None:
    assert block_lengths([4, 5], 3) == [9]
    assert block_lengths([], 3) == []


def test_a_block_needs_a_line() -> None:
    with pytest.raises(ValueError):
        block_lengths([1, 2], 0)
    with pytest.raises(ValueError):
        LineBlocks(block_lines=0)


# --------------------------------------------------------------------------- step 4


def test_region_from_sharp_rise_to_sharp_fall() -> None:
    # index:        0  1  2    3    4   5  6  7
    distribution = [5, 0, 100, 120, 90, 0, 0, 7]
    assert find_regions(distribution, threshold=86) == [(2, 4)]


def test_the_rise_must_exceed_the_threshold() -> None:
    assert find_regions([0, 86, 86, 86, 0, 0], threshold=86) == []
    assert find_regions([0, 87, 86, 86, 0, 0], threshold=86) == [(1, 3)]


def test_an_isolated_peak_is_no_rise() -> None:
    # Nothing but empty blocks in the three after the peak.
    assert find_regions([0, 200, 0, 0, 0, 0, 0], threshold=86) == []


def test_a_rise_with_text_three_blocks_later_counts() -> None:
    assert find_regions([200, 0, 0, 9, 9, 0, 0], threshold=86) == [(0, 1)]


def test_the_fall_is_an_empty_block_or_one_before_it() -> None:
    # Block 3 is followed by an empty block: the region ends at 3.
    assert find_regions([0, 100, 50, 9, 0, 40], threshold=86) == [(1, 3)]


def test_several_regions_are_kept() -> None:
    distribution = [100, 100, 0, 0, 0, 120, 120, 0, 0]
    assert find_regions(distribution, threshold=86) == [(0, 1), (5, 6)]


def test_a_region_still_open_at_the_end_of_the_page_ends_there() -> None:
    assert find_regions([0, 100, 100, 100], threshold=86) == [(1, 3)]


def test_select_lines_takes_the_lines_of_each_region() -> None:
    lines = ["nav", "A long paragraph", "ok", "Another paragraph", "tail"]
    lengths = [line_length(line) for line in lines]
    assert select_lines(lines, lengths, [(1, 3)]) == [False, True, False, True, False]
    assert lengths[2] < MIN_LINE_LENGTH  # "ok" is left out as too short


def test_a_region_with_a_copyright_line_is_dropped_whole() -> None:
    lines = ["A long paragraph of text", "Copyright 2026 The Courier", "Other text"]
    lengths = [line_length(line) for line in lines]
    assert select_lines(lines, lengths, [(0, 1), (2, 2)]) == [False, False, True]
    lines[1] = "版权所有 © 2026 海岸日报"
    assert select_lines(lines, lengths, [(0, 1)]) == [False, False, False]


def test_the_published_defaults() -> None:
    assert BLOCK_LINES == 3
    assert THRESHOLD == 86
    assert LineBlocks() == LineBlocks(block_lines=3, threshold=86)


# --------------------------------------------------------------------------- the filter


PARAGRAPH = (
    "The council voted on Tuesday to keep the old ferry in the harbour as a library for "
    "the town, after a long debate about its cost."
)


def _page(body_lines: list[str]) -> str:
    return "<html><body>\n" + "\n".join(body_lines) + "\n</body></html>"


def test_filter_marks_the_blocks_on_selected_lines() -> None:
    import unboiler

    source = _page(
        ['<div><a href="/">Home</a> <a href="/news">News</a></div>', "", "", "", ""]
        + [f"<p>{PARAGRAPH}</p>"] * 3
        + ["", "", "", "<div>Footer text here</div>"]
    )
    document = unboiler.parse(source)
    assert LineBlocks()(document)
    assert [block.is_content for block in document.blocks] == [False, True, True, True, False]


def test_threshold_is_an_option() -> None:
    import unboiler

    source = _page(["", "", "", "<p>Short text of forty characters or so.</p>", "", "", ""])
    assert not LineBlocks()(unboiler.parse(source))
    document = unboiler.parse(source)
    assert LineBlocks(threshold=20)(document)
    assert document.blocks[0].is_content


def test_k_is_an_option() -> None:
    import unboiler

    # Paragraphs one blank line apart: blocks of three lines bridge the gaps, blocks of
    # one line fall to zero after each paragraph, and the last paragraph, with nothing
    # after it, is an isolated peak.
    source = _page(["", "", ""] + [f"<p>{PARAGRAPH}</p>", ""] * 3 + ["", "", ""])
    document = unboiler.parse(source)
    LineBlocks()(document)
    assert [block.is_content for block in document.blocks] == [True, True, True]
    document = unboiler.parse(source)
    LineBlocks(block_lines=1)(document)
    assert [block.is_content for block in document.blocks] == [True, True, False]


def test_hand_built_documents_without_source_are_left_alone() -> None:
    document = make_doc([10, 20])
    assert document.source is None
    assert not LineBlocks()(document)
    assert not any(block.is_content for block in document.blocks)


def test_an_empty_page_selects_nothing() -> None:
    assert not LineBlocks()(TextDocument([], source=""))
