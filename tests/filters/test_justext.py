"""The stages of jusText, each on its own: segmentation, the context-free decision
procedure branch by branch, the context-sensitive pass on hand-built class sequences
(document edges included), the heading rules, and the mapping onto blocks."""

from __future__ import annotations

import pytest

import unboiler
from unboiler.document import TextBlock, TextDocument
from unboiler.errors import ExtractionError
from unboiler.filters.justext import (
    BAD,
    GOOD,
    LENGTH_HIGH,
    LENGTH_LOW,
    MAX_HEADING_DISTANCE,
    NEAR_GOOD,
    SHORT,
    ContextFreeClassifier,
    JusText,
    Paragraph,
    ParagraphClass,
    good_blocks,
    justext_stop_list,
    language_stop_words,
    make_paragraphs,
    postprocess_headings,
    preprocess_headings,
    revise_classification,
    weigh_unspaced,
)
from unboiler.language import stop_words

STOP = frozenset({"the", "of", "and"})
classify = ContextFreeClassifier()


def prose(words: int, stop_share: float) -> str:
    """``words`` tokens of which the given share are stop words (from STOP)."""
    stops = round(words * stop_share)
    tokens = ["the" if i < stops else f"word{i % 10}" for i in range(words)]
    return " ".join(tokens)


def paragraphs_of(html: str) -> list[Paragraph]:
    return make_paragraphs(unboiler.parse(html).tree)


def texts_of(html: str) -> list[str]:
    return [p.text for p in paragraphs_of(html)]


# --------------------------------------------------------------------------- segmentation


class TestSegmentation:
    def test_each_paragraph_tag_separates(self) -> None:
        html = (
            "<blockquote>a1</blockquote><center>a2</center><dl><dt>a3</dt><dd>a4</dd></dl>"
            "<fieldset><legend>a5</legend>a6</fieldset><form>a7</form><h1>a8</h1><h6>a9</h6>"
            "<ul><li>b1</li></ul><optgroup label=g>b2</optgroup>"
            "<p>b3</p><pre>b4</pre>"
            "<table><caption>c1</caption><thead><tr><th>c2</th></tr></thead>"
            "<tfoot><tr><td>c3</td></tr></tfoot></table><div>c4</div>"
        )
        expected = [
            "a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9",
            "b1", "b2", "b3", "b4", "c1", "c2", "c3", "c4",
        ]  # fmt: skip
        assert texts_of(html) == expected

    def test_other_elements_keep_a_paragraph_together(self) -> None:
        html = "<div>one <section>two</section><article>three</article><nav>four</nav></div>"
        assert texts_of(html) == ["one two three four"]

    def test_inline_elements_do_not_separate_words(self) -> None:
        assert texts_of("<p>un<b>break</b><i>able</i>, <a href=#>linked</a>.</p>") == [
            "unbreakable, linked."
        ]

    def test_a_single_br_is_a_line_break(self) -> None:
        assert texts_of("<p>first line<br>second line</p>") == ["first line second line"]

    def test_two_br_separate_paragraphs(self) -> None:
        assert texts_of("<div>first<br><br>second<br> \n <br>third</div>") == [
            "first",
            "second",
            "third",
        ]

    def test_an_element_between_two_br_keeps_them_apart(self) -> None:
        assert texts_of("<div>first<br><span></span><br>second</div>") == ["first second"]

    def test_removed_elements_leave_no_text(self) -> None:
        # jusText 3.0.2's cleaner kills scripts, styles and the form controls.
        html = (
            "<script>var x = 1;</script><style>p {}</style><button>Send</button>"
            "<select><option>Choice</option></select><textarea>Your comment</textarea>"
            "<input value=typed><p>kept</p>"
        )
        assert texts_of(html) == ["kept"]

    def test_header_and_noscript_are_read(self) -> None:
        # The package kills <head>, not <header>, and keeps <noscript>'s content.
        html = "<header>Site name</header><noscript><p>Enable scripts</p></noscript>"
        assert texts_of(html) == ["Site name", "Enable scripts"]
        assert texts_of("<div>before<header>Site</header>after</div>") == ["before Site after"]

    def test_form_and_object_are_unwrapped(self) -> None:
        # The cleaner drops these tags and keeps their content in place: no paragraph
        # break, not even a space (lxml's drop_tag joins the texts).
        assert texts_of("<div>before<form>inside</form>after</div>") == ["beforeinsideafter"]
        assert texts_of("<p>a<object>b<embed></object>c</p>") == ["abc"]

    def test_text_outside_any_block_tag_is_a_paragraph(self) -> None:
        assert texts_of("loose text <b>in</b> the body") == ["loose text in the body"]

    def test_empty_page_has_no_paragraphs(self) -> None:
        assert paragraphs_of("") == []
        assert paragraphs_of("<p> </p><div>\n</div><!-- comment -->") == []

    def test_characters_inside_links_are_counted(self) -> None:
        (paragraph,) = paragraphs_of("<p>see <a href=#>this  link</a> now</p>")
        assert paragraph.text == "see this link now"
        assert paragraph.chars_in_links == len("this link")
        assert paragraph.link_density == pytest.approx(9 / 17)

    def test_heading_is_recorded(self) -> None:
        paragraphs = paragraphs_of(
            "<div><h2><span>Title</span></h2>after the heading"
            "<select><option>Choice</option></select></div>"
        )
        assert [(p.text, p.is_heading, p.in_select) for p in paragraphs] == [
            ("Title", True, False),
            ("after the heading", False, False),
        ]

    def test_text_the_block_parser_skips_is_left_out_of_blocks_text(self) -> None:
        (paragraph,) = paragraphs_of("<p>one <noscript>two</noscript> three</p>")
        assert paragraph.text == "one two three"
        assert paragraph.blocks_text is not None
        assert paragraph.blocks_text.split() == ["one", "three"]
        (plain,) = paragraphs_of("<p>one <b>two</b> three</p>")
        assert plain.blocks_text is None

    def test_length_is_the_length_of_the_text(self) -> None:
        assert Paragraph("five.").length == 5
        assert Paragraph("x", length=40).length == 40


def test_weigh_unspaced_measures_chinese_in_latin_characters() -> None:
    chinese, english = Paragraph("北京时间周三凌晨举行秋季发布会"), Paragraph("plain text")
    weighed = weigh_unspaced([chinese, english])
    assert weighed[0].length > 3 * chinese.length
    assert weighed[0].text == chinese.text
    assert weighed[1].length == english.length


# --------------------------------------------------------------------------- context-free


class TestContextFreeClassification:
    def test_select_contents_are_bad(self) -> None:
        paragraph = Paragraph(prose(60, 0.5), in_select=True)
        assert classify.classify(paragraph, STOP) is BAD

    def test_copyright_sign_makes_bad(self) -> None:
        assert classify.classify(Paragraph(prose(60, 0.5) + " © 2024"), STOP) is BAD

    def test_high_link_density_is_bad(self) -> None:
        text = prose(60, 0.5)
        linked = Paragraph(text, chars_in_links=int(0.21 * len(text)) + 1)
        assert classify.classify(linked, STOP) is BAD

    def test_link_density_at_the_maximum_is_not_bad_for_that(self) -> None:
        text = "x" * 300
        paragraph = Paragraph(text, chars_in_links=60)
        assert paragraph.link_density == pytest.approx(0.2)
        assert classify.classify(paragraph, None) is GOOD

    def test_short_with_a_link_is_bad(self) -> None:
        text = "short text with one link"
        assert classify.classify(Paragraph(text, chars_in_links=4), STOP) is BAD

    def test_short_without_links_is_short(self) -> None:
        assert classify.classify(Paragraph("A short line of text"), STOP) is SHORT

    def test_length_low_itself_is_not_short(self) -> None:
        text = prose(14, 0.5).ljust(LENGTH_LOW, "x")
        assert len(text) == LENGTH_LOW
        assert classify.classify(Paragraph(text), STOP) is NEAR_GOOD

    def test_long_with_high_stop_word_density_is_good(self) -> None:
        paragraph = Paragraph(prose(60, 0.5))
        assert paragraph.length > LENGTH_HIGH
        assert classify.classify(paragraph, STOP) is GOOD

    def test_medium_with_high_stop_word_density_is_near_good(self) -> None:
        paragraph = Paragraph(prose(20, 0.5))
        assert LENGTH_LOW <= paragraph.length <= LENGTH_HIGH
        assert classify.classify(paragraph, STOP) is NEAR_GOOD

    def test_medium_stop_word_density_is_near_good(self) -> None:
        paragraph = Paragraph(prose(64, 0.3125))  # 20 of 64: between 0.30 and 0.32
        assert paragraph.length > LENGTH_HIGH
        assert classify.classify(paragraph, STOP) is NEAR_GOOD

    def test_low_stop_word_density_is_bad(self) -> None:
        paragraph = Paragraph(prose(60, 0.1))
        assert classify.classify(paragraph, STOP) is BAD

    def test_density_at_the_thresholds_counts(self) -> None:
        # The package compares with >= (jusText 3.0.2, classify_paragraphs).
        at_high = Paragraph(prose(50, 0.32))  # exactly 16 of 50
        assert at_high.stop_word_density(STOP) == 16 / 50
        assert at_high.length > LENGTH_HIGH
        assert classify.classify(at_high, STOP) is GOOD
        at_low = Paragraph(prose(50, 0.30))  # exactly 15 of 50
        assert classify.classify(at_low, STOP) is NEAR_GOOD
        below = Paragraph(prose(50, 0.28))
        assert classify.classify(below, STOP) is BAD

    def test_stop_words_match_without_case_but_with_punctuation(self) -> None:
        paragraph = Paragraph('The, (of) AND. "the" the words')
        assert paragraph.stop_word_density(STOP) == pytest.approx(1 / 6)
        listed = frozenset({"the,", "and."})
        assert paragraph.stop_word_density(listed) == pytest.approx(2 / 6)

    def test_strip_punctuation_variant(self) -> None:
        paragraph = Paragraph('The, (of) AND. "the" the words')
        stripped = paragraph.stop_word_density(STOP, strip_punctuation=True)
        assert stripped == pytest.approx(5 / 6)
        text = ", ".join(["the", "word"] * 40)  # every stop word carries a comma
        assert classify.classify(Paragraph(text), STOP) is BAD
        lenient = ContextFreeClassifier(strip_punctuation=True)
        assert lenient.classify(Paragraph(text), STOP) is GOOD

    def test_language_independent_mode_decides_by_length(self) -> None:
        long_text = Paragraph(prose(60, 0.0))
        medium = Paragraph(prose(20, 0.0))
        assert classify([long_text, medium, Paragraph("tiny")], None) == [GOOD, NEAR_GOOD, SHORT]

    def test_thresholds_are_parameters(self) -> None:
        strict = ContextFreeClassifier(length_high=10_000)
        assert strict.classify(Paragraph(prose(60, 0.5)), STOP) is NEAR_GOOD


def test_language_stop_words() -> None:
    assert language_stop_words(None) is None
    assert language_stop_words("ja") is None  # written without spaces
    assert language_stop_words("zz") is None  # no list
    english = language_stop_words("en")
    # jusText's own English list: a frequency list with punctuation in it, 503 words
    assert english is not None and "the" in english and "however," in english
    assert len(english) > 400
    assert language_stop_words("pt-BR") == justext_stop_list("pt")
    # Norwegian takes the Bokmål list whatever the page calls it
    assert language_stop_words("nb") == language_stop_words("no") is not None
    # Zulu: no jusText list, Stopwords ISO has one
    assert justext_stop_list("zu") is None
    zulu = language_stop_words("zu")
    assert zulu is not None and zulu == stop_words("zu")


# --------------------------------------------------------------------------- context-sensitive

G, B, S, N = GOOD, BAD, SHORT, NEAR_GOOD


@pytest.mark.parametrize(
    ("classes", "expected"),
    [
        pytest.param([], [], id="empty document"),
        pytest.param([G, B, G], [G, B, G], id="good and bad never change"),
        pytest.param([G, S, N, S, G], [G, G, G, G, G], id="between good and good"),
        pytest.param([B, S, N, S, B], [B, B, B, B, B], id="between bad and bad"),
        pytest.param([G, S, S, B], [G, B, B, B], id="good-bad run without near-good"),
        pytest.param([G, S, N, S, N, S, B], [G, G, G, G, G, B, B], id="near-good closest to bad"),
        pytest.param([B, S, N, S, N, S, G], [B, B, G, G, G, G, G], id="mirrored"),
        pytest.param([N, B], [B, B], id="document start counts as bad"),
        pytest.param([B, N], [B, B], id="document end counts as bad"),
        pytest.param([S, G, S], [B, G, B], id="short runs at both edges"),
        pytest.param([N, S, G], [G, G, G], id="near-good at the start before good"),
        pytest.param([G, S, N], [G, G, G], id="near-good at the end after good"),
        pytest.param([G, N, S], [G, G, B], id="short after the last near-good at the end"),
        pytest.param([S, S, S], [B, B, B], id="only short paragraphs"),
        pytest.param([N], [B], id="a lone near-good paragraph"),
    ],
)
def test_revise_classification(
    classes: list[ParagraphClass], expected: list[ParagraphClass]
) -> None:
    assert revise_classification(classes) == expected


def test_revise_does_not_change_its_input() -> None:
    classes = [G, S, G]
    revise_classification(classes)
    assert classes == [G, S, G]


# --------------------------------------------------------------------------- headings


def heading(text: str = "A heading") -> Paragraph:
    return Paragraph(text, is_heading=True)


def filler(length: int) -> Paragraph:
    return Paragraph("x" * length)


class TestPreprocessHeadings:
    def test_short_heading_before_good_becomes_near_good(self) -> None:
        paragraphs = [heading(), filler(50), filler(300)]
        assert preprocess_headings(paragraphs, [S, S, G]) == [N, S, G]

    def test_distance_up_to_the_maximum(self) -> None:
        paragraphs = [heading(), filler(MAX_HEADING_DISTANCE), filler(300)]
        assert preprocess_headings(paragraphs, [S, S, G]) == [N, S, G]

    def test_good_too_far_away(self) -> None:
        paragraphs = [heading(), filler(120), filler(MAX_HEADING_DISTANCE - 119), filler(300)]
        assert preprocess_headings(paragraphs, [S, S, S, G]) == [S, S, S, G]

    def test_only_good_counts(self) -> None:
        paragraphs = [heading(), filler(100)]
        assert preprocess_headings(paragraphs, [S, N]) == [S, N]

    def test_only_short_headings_change(self) -> None:
        paragraphs = [heading(), heading(), Paragraph("not a heading"), filler(300)]
        assert preprocess_headings(paragraphs, [B, N, S, G]) == [B, N, S, G]

    def test_heading_at_the_end(self) -> None:
        assert preprocess_headings([filler(300), heading()], [G, S]) == [G, S]

    def test_saves_the_short_paragraphs_under_a_heading(self) -> None:
        paragraphs = [filler(10), heading(), Paragraph("By a reporter"), filler(300)]
        context_free = [B, S, S, G]
        assert revise_classification(context_free) == [B, B, B, G]
        assert revise_classification(preprocess_headings(paragraphs, context_free)) == [
            B,
            G,
            G,
            G,
        ]


class TestPostprocessHeadings:
    def test_heading_made_bad_by_its_context_becomes_good(self) -> None:
        paragraphs = [heading(), filler(300)]
        assert postprocess_headings(paragraphs, [S, G], [B, G]) == [G, G]

    def test_bad_on_its_own_stays_bad(self) -> None:
        paragraphs = [heading(), filler(300)]
        assert postprocess_headings(paragraphs, [B, G], [B, G]) == [B, G]

    def test_good_too_far_away(self) -> None:
        paragraphs = [heading(), filler(MAX_HEADING_DISTANCE + 1), filler(300)]
        assert postprocess_headings(paragraphs, [N, B, G], [B, B, G]) == [B, B, G]

    def test_not_a_heading(self) -> None:
        paragraphs = [Paragraph("plain"), filler(300)]
        assert postprocess_headings(paragraphs, [S, G], [B, G]) == [B, G]

    def test_not_iterative(self) -> None:
        # The second heading becomes good; the first is too far from the good text and
        # must not count the second one as good text.
        paragraphs = [heading(), heading("x" * 10), filler(MAX_HEADING_DISTANCE - 5), filler(300)]
        context_free = [S, S, B, G]
        assert postprocess_headings(paragraphs, context_free, [B, B, B, G]) == [B, G, B, G]


# --------------------------------------------------------------------------- blocks


def test_good_paragraphs_map_onto_their_blocks() -> None:
    document = unboiler.parse(
        "<header>Site name</header>"
        "<div>first part<br>second part</div>"  # one paragraph, two blocks
        "<select><option>Choice</option></select>"
        "<p>a bad paragraph</p><p>another good one</p>"
    )
    assert [b.text for b in document.blocks] == [
        "Site name",
        "first part",
        "second part",
        "a bad paragraph",
        "another good one",
    ]
    paragraphs = make_paragraphs(document.tree)
    assert [p.text for p in paragraphs] == [
        "Site name",
        "first part second part",
        "a bad paragraph",
        "another good one",
    ]
    assert good_blocks(document, paragraphs, [False, True, False, True]) == [
        False,
        True,
        True,
        False,
        True,
    ]


def test_a_paragraph_missing_from_the_blocks_is_skipped() -> None:
    document = TextDocument([TextBlock.from_text("one two"), TextBlock.from_text("three")])
    paragraphs = [Paragraph("not on the page"), Paragraph("three")]
    assert good_blocks(document, paragraphs, [True, True]) == [False, True]


def test_a_repeated_text_is_matched_where_it_occurs() -> None:
    document = TextDocument([TextBlock.from_text(t) for t in ("Share", "Share", "Story text")])
    paragraphs = [Paragraph("Share"), Paragraph("Share"), Paragraph("Story text")]
    assert good_blocks(document, paragraphs, [False, True, True]) == [False, True, True]


def test_every_paragraph_is_found_in_the_blocks() -> None:
    # jusText reads text the block parser skips (<object>, <noscript>): its paragraphs
    # are found among the blocks without that text, so with every paragraph good, every
    # block is content.
    document = unboiler.parse(
        "<p>a <script>x</script>b</p><p>c<object>d</object>e</p><p>f<svg><text>g</text>"
        "</svg>h</p><p>i<iframe>j</iframe>k<video>l</video>m<noscript>n</noscript>o</p>"
        "<p>p<template>q</template>r<math>s</math>t<canvas>u</canvas>v</p>"
        "<header>w</header><p>x<abbr>y</abbr>z</p>"
    )
    paragraphs = make_paragraphs(document.tree)
    flags = good_blocks(document, paragraphs, [True] * len(paragraphs))
    assert [b.text for b, good in zip(document.blocks, flags, strict=True) if not good] == []


def test_filter_needs_the_parsed_page() -> None:
    with pytest.raises(ExtractionError, match="parsed page"):
        JusText()(TextDocument([TextBlock.from_text("text")]))


def test_filter_reports_a_change() -> None:
    document = unboiler.parse("<p>" + prose(60, 0.5) + "</p><p>" + prose(60, 0.5) + "</p>")
    document.language = "en"
    assert JusText()(document)
    assert all(block.is_content for block in document.blocks)
    assert not JusText()(document)


def test_a_page_served_in_noscript_is_read_as_the_package_reads_it() -> None:
    # Script-built pages (Discourse forums) serve their posts in <noscript>; the jusText
    # package's cleaner keeps that text, and so does the extractor.
    post = prose(60, 0.5)
    html = f"<body><div id=app></div><noscript><p>{post}</p><p>{post}</p></noscript></body>"
    text = unboiler.extract(html, extractor="justext", language="en")
    assert text.split() == (post + " " + post).split()
