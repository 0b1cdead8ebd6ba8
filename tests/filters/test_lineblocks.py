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
    decoded_lines,
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


def test_scripts_styles_and_comments_go_with_their_content_and_their_lines() -> None:
    # TextExtract's (?is) patterns remove the line breaks inside what they remove.
    source = (
        "a\n<script>\nvar s = '<p>not text</p>';\n</script>\n"
        "b<style>p { color: red }</style>\n<!-- old\nsidebar -->c<!DOCTYPE\nhtml>"
    )
    assert strip_markup(source) == "a\n\nb\nc"


def test_a_tag_over_several_lines_takes_them_with_it() -> None:
    assert text_lines('one<a\nhref="/x"\n>two</a>\nthree') == ["onetwo", "three"]


def test_comments_go_before_scripts_as_in_the_reference() -> None:
    # The comment pattern runs first, so a "<!--" inside a script string opens a comment
    # that runs to the next "-->"; the script is then unclosed and only its tag goes.
    source = "<script>var s = '<!--';</script>kept<!-- real -->text"
    assert strip_markup(source) == "var s = 'text"


def test_an_unclosed_comment_is_text() -> None:
    # Neither the comment pattern nor the tag pattern matches without a closing ">".
    assert strip_markup("before<!-- never closed\nafter") == "before<!-- never closed\nafter"


def test_anything_between_angle_brackets_is_a_tag() -> None:
    # (?is)<.*?> removes from a lone "<" to the next ">"; references are spaces first.
    assert strip_markup("&lt;p&gt; if a < b and c > d") == " p  if a  d"


def test_character_references_of_two_to_five_characters_become_spaces() -> None:
    # "&eacute;" has six characters between "&" and ";": the pattern leaves it.
    source = "caf&eacute; &amp; &#8220;bar&#8221;"
    assert strip_markup(source) == "caf&eacute;" + " " * 4 + "bar "
    assert decoded_lines(source) == ["café & “bar”"]


def test_lines_are_split_at_line_feeds_only_and_trailing_empty_lines_dropped() -> None:
    assert text_lines("one\r\ntwo\rthree\n\n\n") == ["one\r", "two\rthree"]
    assert text_lines("\n\nx\n \n") == ["", "", "x", " "]
    assert line_length("two\rthree") == 8


def test_markup_regex_stays_linear_on_unclosed_tags() -> None:
    # Each "<a" without ">" must not make the pattern scan the rest of the text again.
    text = "<a" * 50_000
    assert strip_markup(text) == text


# --------------------------------------------------------------------------- step 2


def test_line_length_counts_characters_without_ascii_whitespace() -> None:
    assert line_length("  The cat\tsat \x0b\f") == 9
    # Java's \s is ASCII: ideographic and no-break spaces are characters
    assert line_length("\u3000\u3000四十年来，渡轮") == 9
    assert line_length("a\u00a0b") == 3
    assert line_length("   ") == 0
    # String.length() counts UTF-16 units: a character past U+FFFF counts twice
    assert line_length("ok \U0001f600") == 4


# --------------------------------------------------------------------------- step 3


def test_block_lengths_sum_k_consecutive_lines_for_all_but_the_last_k() -> None:
    # TextExtract: for (i = 0; i < lines.size() - blocksWidth; i++)
    assert block_lengths([1, 2, 3, 4, 5], 3) == [6, 9]
    assert block_lengths([1, 2, 3, 4, 5], 1) == [1, 2, 3, 4]


def test_a_page_of_k_lines_or_fewer_has_no_block() -> None:
    assert block_lengths([4, 5], 3) == []
    assert block_lengths([1, 2, 3], 3) == []
    assert block_lengths([1, 2, 3, 4], 3) == [6]
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


def test_a_region_still_open_when_the_scan_ends_is_lost() -> None:
    assert find_regions([0, 100, 100, 100], threshold=86) == []
    # the scan stops before the last block: a rise there opens nothing
    assert find_regions([0, 0, 0, 100], threshold=86) == []
    assert find_regions([0, 100, 100, 0], threshold=86) == [(1, 2)]


def test_a_rise_near_the_end_looks_past_it_as_at_empty_blocks() -> None:
    # The reference throws on reading past its list; here those blocks are empty.
    assert find_regions([0, 0, 100, 0], threshold=86) == []


def test_select_lines_takes_the_lines_of_each_region() -> None:
    lines = ["nav", "A long paragraph", "ok", "Another paragraph", "tail"]
    lengths = [line_length(line) for line in lines]
    assert select_lines(lines, lengths, [(1, 3)]) == [False, True, False, True, False]
    assert lengths[2] < MIN_LINE_LENGTH  # "ok" is left out as too short


def test_a_copyright_region_ends_the_selection() -> None:
    # TextExtract "continue"s without closing the region: nothing after it is output.
    lines = ["A long paragraph of text", "Copyright 2026 The Courier", "Other text"]
    lengths = [line_length(line) for line in lines]
    assert select_lines(lines, lengths, [(0, 1), (2, 2)]) == [False, False, False]
    assert select_lines(lines, lengths, [(0, 0), (1, 1), (2, 2)]) == [True, False, False]
    # looked for with white space removed, as the reference's lines are
    lines[1] = "版权 所有 © 2026 海岸日报"
    lengths = [line_length(line) for line in lines]
    assert select_lines(lines, lengths, [(0, 0), (1, 2)]) == [True, False, False]
    lines[1] = "Copy right 2026"  # "Copyright" once the spaces are gone
    assert select_lines(lines, lengths, [(0, 0), (1, 2)]) == [True, False, False]
    lines[1] = "Copyleft 2026"
    assert select_lines(lines, lengths, [(0, 0), (1, 2)]) == [True, True, True]


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

    # 31 characters without spaces; the last line keeps the blocks after it in the page
    source = _page(
        ["", "", "", "<p>Short text of forty characters or so.</p>", "", "", "", "<p>.</p>"]
    )
    assert not LineBlocks()(unboiler.parse(source))
    document = unboiler.parse(source)
    assert LineBlocks(threshold=20)(document)
    assert document.blocks[0].is_content


def test_k_is_an_option() -> None:
    import unboiler

    # Paragraphs one blank line apart: blocks of three lines bridge the gaps, blocks of
    # one line fall to zero after each paragraph, and the last paragraph, with only
    # short lines three lines after it, is an isolated peak.
    source = _page(
        ["", "", ""]
        + [f"<p>{PARAGRAPH}</p>", ""] * 3
        + ["", "", "<div>Footer</div>", "", "", "", "<div>Legal</div>"]
    )
    document = unboiler.parse(source)
    LineBlocks()(document)
    assert [block.is_content for block in document.blocks] == [True, True, True, False, False]
    document = unboiler.parse(source)
    LineBlocks(block_lines=1)(document)
    assert [block.is_content for block in document.blocks] == [True, True, False, False, False]


def test_hand_built_documents_without_source_are_left_alone() -> None:
    document = make_doc([10, 20])
    assert document.source is None
    assert not LineBlocks()(document)
    assert not any(block.is_content for block in document.blocks)


def test_an_empty_page_selects_nothing() -> None:
    assert not LineBlocks()(TextDocument([], source=""))


# --------------------------------------------------------------------------- variants


def test_variant_switches_change_what_they_say() -> None:
    # A copyright region in the middle: the reference stops there, the variant skips it.
    lines = ["A long paragraph of text", "Copyright 2026 The Courier", "Other text here"]
    lengths = [line_length(line) for line in lines]
    regions = [(0, 0), (1, 1), (2, 2)]
    assert select_lines(lines, lengths, regions, stop_at_copyright=False) == [True, False, True]
    # A region open at the end: lost, or closed at the last block.
    assert find_regions([0, 100, 100, 100], threshold=86, close_at_end=True) == [(1, 3)]
    # Line breaks inside removed markup: gone, or kept so that lines stay the source's.
    source = "a<script>\n\n</script>b\n<!--\n-->c"
    assert text_lines(source) == ["ab", "c"]
    assert text_lines(source, keep_line_breaks=True) == ["a", "", "b", "", "c"]


def test_decoded_references_are_measured_by_the_variant() -> None:
    import unboiler

    # The reference blanks "&#233;" (a space, not counted): each "caf&#233;" counts 3,
    # the line 67 in all.  The variant decodes it ("café", 4): 84.  Only the variant's
    # line block passes a threshold of 70.
    word = "caf&#233;"
    line = " ".join([word] * 17) + " " + "x" * 16  # 17 * 3 + 16 = 67 letters blanked
    assert line_length(text_lines(line)[0]) == 67
    assert line_length(decoded_lines(line)[0]) == 84
    source = "\n".join(["", "", "", f"<p>{line}</p>", "", "", "", "<p>.</p>"])
    assert not LineBlocks(threshold=70)(unboiler.parse(source))
    assert LineBlocks(threshold=70, decode_references=True)(unboiler.parse(source))
