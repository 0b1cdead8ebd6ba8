"""The density line stage (Pal 2009, DensityFilter.java): counting, the length rule, the
threshold, the line cutting, and the mapping of kept lines onto blocks."""

from __future__ import annotations

import statistics

import pytest
from tests.conftest import make_doc, page

import unboiler
from unboiler.filters.density import (
    DENSITY_BASE,
    MIN_CHARS_IN_TEXT,
    DensityLines,
    dense_chunks,
    density_threshold,
    line_chunk,
    reflow,
    source_lines,
)

SIXTY = "x" * MIN_CHARS_IN_TEXT


def test_density_counts_text_and_markup_characters() -> None:
    # markup: 'p class="a"' (11) + '/p' (2); the angle brackets count as neither.
    chunk = line_chunk(0, f'<p class="a">{SIXTY}</p>')
    assert chunk is not None
    assert chunk.density == pytest.approx((60 + 1) / (60 + 13 + 1))
    assert chunk.text == SIXTY


def test_blank_line_is_no_chunk() -> None:
    assert line_chunk(0, "   \t ") is None


def test_line_with_too_little_text_is_dropped() -> None:
    assert line_chunk(0, "<p>" + "x" * (MIN_CHARS_IN_TEXT - 1) + "</p>") is None
    assert line_chunk(0, "<p>" + SIXTY + "</p>") is not None


def test_text_length_is_counted_after_trimming() -> None:
    assert line_chunk(0, "<b>  " + "x" * (MIN_CHARS_IN_TEXT - 1) + "  </b>") is None


def test_markup_state_starts_afresh_on_each_line() -> None:
    # The second half of a tag split over two lines counts as text, as in the Java.
    chunk = line_chunk(1, 'class="story">' + "y" * 50)
    assert chunk is not None
    assert chunk.density == 1.0
    assert chunk.text == 'class="story"' + "y" * 50


def test_angle_brackets_are_counted_nowhere() -> None:
    # "<" inside markup and ">" outside it are neither text nor markup.
    chunk = line_chunk(0, "a > b " + SIXTY + "<x<y>")
    assert chunk is not None
    assert chunk.text == "a  b " + SIXTY
    assert chunk.density == pytest.approx((65 + 1) / (65 + 2 + 1))


def test_unclosed_tag_counts_to_the_end_of_the_line() -> None:
    chunk = line_chunk(0, SIXTY + "<a href")
    assert chunk is not None
    assert chunk.density == pytest.approx(61 / (60 + 6 + 1))


def test_threshold_is_base_minus_sample_standard_deviation() -> None:
    assert density_threshold([0.2, 0.4, 0.6]) == pytest.approx(DENSITY_BASE - 0.2)
    assert density_threshold([0.9]) == DENSITY_BASE
    assert density_threshold([]) == DENSITY_BASE


def test_lines_are_cut_as_java_reads_them() -> None:
    assert source_lines("a\r\nb\rc\nd") == ["a", "b", "c", "d"]
    assert source_lines("a\x0cb") == ["a\x0cb"]  # a form feed is no line break in Java


def test_dense_chunks_keep_lines_above_the_threshold() -> None:
    dense = "<p>" + "d" * 90 + "</p>"  # density 91 / 96
    sparse = "<a " + "h" * 1138 + ">" + "s" * 60 + "</a>"  # density 61 / 1200
    lines = [dense] * 5 + [sparse, "short"]
    densities = [91 / 96] * 5 + [61 / 1200]
    threshold = DENSITY_BASE - statistics.stdev(densities)
    assert densities[-1] < threshold < densities[0]
    assert density_threshold(densities) == pytest.approx(threshold)
    kept = dense_chunks("\n".join(lines))
    assert [chunk.line for chunk in kept] == [0, 1, 2, 3, 4]


def test_density_equal_to_threshold_is_dropped() -> None:
    # One line: no spread, so the threshold is 0.5 and a line must be above it.
    at_threshold = "<" + "m" * 61 + ">" + "t" * 60  # (60 + 1) / (60 + 61 + 1) = 0.5
    assert dense_chunks(at_threshold) == []
    above = "<" + "m" * 60 + ">" + "t" * 60
    assert len(dense_chunks(above)) == 1


def test_reflow_breaks_lines_at_block_tags_only() -> None:
    assert reflow("<div><p>One <b>bold</b> <a href=x>link</a></p><br></div>") == (
        "\n<div>\n<p>One <b>bold</b> <a href=x>link</a>\n</p>\n<br>\n</div>"
    )
    assert reflow("<BODY><P>x") == "\n<BODY>\n<P>x"
    assert reflow("a < b") == "a < b"


def test_stage_flags_the_blocks_the_kept_lines_cover() -> None:
    document = unboiler.parse(page("density-lines.html"))
    changed = DensityLines()(document)
    assert changed
    kept = [block.text for block in document.blocks if block.is_content]
    assert len(kept) == 4 and kept[0].startswith("For the first time")
    assert kept[3].startswith("“It is a quiet life")  # entities decoded before matching
    dropped = [block.text for block in document.blocks if not block.is_content]
    assert "Home" in dropped and "Lighthouse keepers return to Skerry Point" in dropped


def test_stage_keeps_nothing_of_a_page_served_on_one_line() -> None:
    # The published method's blind spot: the body is one line, markup-heavy overall.
    document = unboiler.parse(page("density-minified.html"))
    DensityLines()(document)
    assert not any(block.is_content for block in document.blocks)


def test_reflowed_stage_finds_the_paragraphs_of_a_minified_page() -> None:
    document = unboiler.parse(page("density-minified.html"))
    DensityLines(reflow=True)(document)
    kept = [block.text for block in document.blocks if block.is_content]
    assert len(kept) == 4 and kept[0].startswith("For the first time")


def test_document_without_source_keeps_nothing() -> None:
    document = make_doc([20, 30], content=[True, True])
    assert DensityLines()(document)
    assert not any(block.is_content for block in document.blocks)


def test_article_on_one_dense_line_is_found_past_fragments_no_block_holds() -> None:
    # The whole body on one line, dense because of its long paragraphs; a tag splits a
    # word ("Ke<span></span>eper") and a script before the article holds words of the
    # share link after it (text no block has, which must not move the search past the
    # article).  Every paragraph must be flagged, and the menu with them (same line).
    paragraphs = [f"Paragraph {n} about the island ferry and its keeper. " * 3 for n in range(4)]
    body = (
        '<div class="m"><a href="/">Home</a> <a href="/n">News</a></div>'
        "<script>Share this</script>"
        "<h2>By the Ke<span></span>eper</h2>"
        + "".join(f"<p>{text}</p>" for text in paragraphs)
        + "<div><a href='/s'>Share this</a></div>"
    )
    source = "<html><head><title>t</title></head>\n<body>" + body + "</body></html>\n"
    document = unboiler.parse(source)
    DensityLines()(document)
    flagged = {block.text.strip() for block in document.blocks if block.is_content}
    assert {text.strip() for text in paragraphs} <= flagged
    assert "Home" in " ".join(flagged)


def test_short_lines_leave_their_blocks_out() -> None:
    long_line = "<p>" + "Long enough paragraph text for the density rule to keep. " * 2 + "</p>"
    source = f"<html><body>\n{long_line}\n<p>Too short to count.</p>\n{long_line}\n</body></html>"
    document = unboiler.parse(source)
    DensityLines()(document)
    assert [block.is_content for block in document.blocks] == [True, False, True]


def test_lone_carriage_returns_in_scripts_do_not_shift_lines() -> None:
    para = "<p>" + "A paragraph long enough to pass the sixty character rule. " * 2 + "</p>"
    script = "<script>a=1;\rb=2;\rc=3;</script>"
    source = f"<html><body>{script}\n<ul><li>x</li></ul>\n{para}\n</body></html>"
    document = unboiler.parse(source)
    DensityLines()(document)
    assert [
        block.text.startswith("A paragraph") for block in document.blocks if block.is_content
    ] == [True]


class TestJavaStrings:
    """``DensityFilter.java`` trims with ``String.trim`` and counts ``String.length()``:
    characters up to U+0020 only, and UTF-16 code units."""

    def test_no_break_spaces_are_not_trimmed_and_count(self) -> None:
        text = "x" * 58
        # 58 letters and two no-break spaces: 60 characters for Java, 58 for str.strip
        chunk = line_chunk(1, f"\u00a0{text}\u00a0")
        assert chunk is not None and chunk.text == f"\u00a0{text}\u00a0"
        assert line_chunk(1, f"\t\x01 {text} \x0b") is None  # control characters are trimmed

    def test_characters_beyond_the_bmp_count_twice(self) -> None:
        assert line_chunk(1, "\U0001f600" * 30) is not None  # 60 UTF-16 units
        assert line_chunk(1, "é" * 59) is None
        chunk = line_chunk(1, "<b>" + "\U0001f600" * 30 + "</b>")
        # markup "b" and "/b": 3 units; text 60: (60 + 1) / (60 + 3 + 1), as a Java float
        assert chunk is not None and chunk.density == 61 / 64  # exact in a float

    def test_the_density_is_a_java_float(self) -> None:
        chunk = line_chunk(1, "<i>" + "x" * 60)  # (60 + 1) / (60 + 1 + 1)
        assert chunk is not None and chunk.density != 61 / 62  # not the double ...
        assert chunk.density == 0.9838709831237793  # ... but the nearest float32
