"""Decoding and the cutting of pages into blocks, on the tiny pages in tests/pages."""

from __future__ import annotations

import codecs
import gzip

import pytest
from selectolax.lexbor import LexborHTMLParser
from tests.conftest import page

import unboiler
from unboiler import (
    ExtractionError,
    PageTooLargeError,
    UnboilerError,
    UnknownEncodingError,
    parse,
)
from unboiler.charset import declared_encoding, decode, given_encoding
from unboiler.document import Label
from unboiler.parse import build_blocks, reveal_noscript


class TestDecode:
    def test_declared_single_byte_charset(self) -> None:
        assert "café crème “quoted”" in decode(page("cp1252.html"))

    def test_valid_utf8_wins_over_a_latin1_label(self) -> None:
        assert "crème brûlée" in decode(page("mislabelled-utf8.html"))

    def test_byte_order_marks(self) -> None:
        assert decode(page("utf8-bom.html")).startswith("<html>")
        assert "Привет" in decode(page("utf16.html"))

    def test_undeclared_legacy_charset_is_detected(self) -> None:
        assert "Москва" in decode(page("koi8r-undeclared.html"))

    def test_http_charset_comes_before_the_meta_tag(self) -> None:
        data = '<meta charset="utf-8"><p>Grüße</p>'.encode("cp1252")
        assert "Grüße" in decode(data, encoding="windows-1252")

    def test_broken_declaration_falls_back(self) -> None:
        data = '<meta charset="no-such-charset"><p>Grüße</p>'.encode()
        assert "Grüße" in decode(data)

    def test_wrong_utf8_declaration_falls_back_to_detection(self) -> None:
        text = "<meta charset='utf-8'><p>" + "Ça coûte très cher, déjà élevé. " * 20 + "</p>"
        assert "Ça coûte très cher" in decode(text.encode("cp1252"))

    def test_declared_encoding_labels(self) -> None:
        assert (
            declared_encoding(
                b'<meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS">'
            )
            == "shift_jis"
        )
        assert declared_encoding(b"<meta charset=latin1>") == "cp1252"
        assert declared_encoding(b"<p>nothing</p>") is None

    def test_binary_is_refused(self) -> None:
        with pytest.raises(ExtractionError, match="binary"):
            decode(bytes(range(256)) * 10)

    @pytest.mark.parametrize("label", ["bogus", "utf-9", "", "base64", "rot13"])
    def test_an_unknown_encoding_from_the_caller_is_an_error(self, label: str) -> None:
        # A page's own wrong label is dropped (above); the caller's is an error, also for
        # codecs that exist but do not decode text, and whatever the input.
        for html in (b"<p>x</p>", codecs.BOM_UTF8 + b"<p>x</p>", "<p>x</p>"):
            with pytest.raises(UnknownEncodingError, match="unknown character encoding") as info:
                parse(html, encoding=label)
            assert isinstance(info.value, UnboilerError)
        with pytest.raises(UnknownEncodingError):
            decode(b"<p>x</p>", encoding=label)

    def test_known_encoding_labels_from_the_caller(self) -> None:
        assert given_encoding(None) is None
        assert given_encoding("UTF-8") == "utf-8"
        assert given_encoding(" Shift-JIS ") == "shift_jis"
        assert given_encoding("latin1") == "cp1252"  # as browsers read it

    def test_utf16_without_bom_is_read_by_its_zero_bytes(self) -> None:
        # no BOM, and every other byte zero: UTF-16, the zeros' parity giving the order
        assert decode(codecs.encode("<p>hello</p>", "utf-16-le")) == "<p>hello</p>"
        assert decode(codecs.encode("<p>hello</p>", "utf-16-be")) == "<p>hello</p>"


@pytest.fixture(scope="module")
def blocks_page() -> list[tuple[str, float, int, frozenset[Label], str]]:
    document = parse(page("blocks.html"))
    return [(b.text, b.link_density, b.tag_level, b.labels, b.tag) for b in document.blocks]


class TestBlocks:
    def texts(self, blocks: list[tuple[str, float, int, frozenset[Label], str]]) -> list[str]:
        return [text for text, *_ in blocks]

    def test_inline_elements_do_not_split_and_blocks_do(self, blocks_page: list) -> None:
        texts = self.texts(blocks_page)
        assert texts[:3] == [
            "Intro text bolditalic span",
            "First paragraph with a link here and more words.",
            "tail of intro",
        ]

    def test_ignorable_elements_are_skipped(self, blocks_page: list) -> None:
        joined = " ".join(self.texts(blocks_page))
        for hidden in (
            "never seen",
            "Enable JavaScript",
            "Choice one",
            "An icon",
            "svg text",
            "a comment",
            "color: red",
        ):
            assert hidden not in joined

    def test_br_ends_a_block_as_in_boilerpipe(self, blocks_page: list) -> None:
        texts = self.texts(blocks_page)
        assert "Before" in texts and "after break" in texts

    def test_phrasing_elements_stay_inline(self, blocks_page: list) -> None:
        assert "Hello today world, picture and WHO x." in self.texts(blocks_page)

    def test_link_density(self, blocks_page: list) -> None:
        by_text = {text: density for text, density, *_ in blocks_page}
        assert by_text["First paragraph with a link here and more words."] == 3 / 9
        assert by_text["Cell B"] == 0.5
        assert by_text["One item"] == 0

    def test_labels_and_tags(self, blocks_page: list) -> None:
        by_text = {text: (labels, tag) for text, _, _, labels, tag in blocks_page}
        assert by_text["One item"] == (frozenset({Label.LI}), "li")
        assert by_text["Main heading"] == (frozenset({Label.H1, Label.HEADING}), "h1")
        # Boilerpipe labels only h1-h3 as headings; the tag still says h4
        assert by_text["Minor heading"] == (frozenset(), "h4")

    def test_tag_levels(self, blocks_page: list) -> None:
        levels = {text: level for text, _, level, _, _ in blocks_page}
        # html=1, body=2, div=3; the paragraph inside it is 4; table cells are deeper
        assert levels["Intro text bolditalic span"] == 3
        assert levels["First paragraph with a link here and more words."] == 4
        assert levels["Cell A"] == 6

    def test_empty_paragraphs_make_no_blocks(self, blocks_page: list) -> None:
        assert all(text.strip() for text in self.texts(blocks_page))

    def test_custom_elements_are_blocks(self, blocks_page: list) -> None:
        assert "Custom element text" in self.texts(blocks_page)


def test_title_and_nodes() -> None:
    document = parse(page("blocks.html"))
    assert document.title == "Block test page"
    first = document.blocks[0]
    assert first.node is not None and first.node.tag == "div"
    assert first.tag_path == "html/body/div"
    assert [b.offset_start for b in document.blocks] == list(range(len(document.blocks)))


def test_text_outside_any_block_element() -> None:
    document = parse("plain words <b>and bold</b> directly in the body")
    assert [b.text for b in document.blocks] == ["plain words and bold directly in the body"]
    assert document.blocks[0].tag == "body"


def test_anchor_words_never_merge_with_neighbours() -> None:
    document = parse("<p>foo<a href='#'>bar</a>baz</p>")
    assert document.blocks[0].text == "foo bar baz"
    assert document.blocks[0].num_linked_words == 1


def test_a_form_fields_value_is_no_page_text() -> None:
    # a "Republish this story" box: the article again, as escaped HTML to copy
    document = parse(
        "<p>The story itself.</p><textarea readonly>&lt;h1&gt;The story&lt;/h1&gt;"
        "&lt;p&gt;The story itself.&lt;/p&gt;</textarea><p>After the box.</p>"
    )
    assert [b.text for b in document.blocks] == ["The story itself.", "After the box."]


def test_frameset_page_has_no_blocks() -> None:
    assert parse("<frameset><frame src='a.html'></frameset>").blocks == []


def test_wrong_type() -> None:
    with pytest.raises(unboiler.InputTypeError, match="expected str or bytes, got int"):
        parse(42)  # type: ignore[arg-type]
    with pytest.raises(TypeError):  # still a TypeError for callers that catch that
        unboiler.extract(None)  # type: ignore[arg-type]


class TestMaxBytes:
    """A page larger than ``max_bytes`` is refused before any work; the limit counts the
    page's bytes after gzip, or its UTF-8 bytes when it comes as text."""

    PAGE = "<p>Grüße aus Köln, ein kurzer Absatz.</p>"

    def test_the_default_limit_lets_real_pages_through_and_refuses_huge_ones(self) -> None:
        from unboiler.parse import MAX_BYTES

        assert 4 * 2**20 <= MAX_BYTES <= 64 * 2**20
        huge = b"<p>" + b"word " * (MAX_BYTES // 5) + b"</p>"
        with pytest.raises(ExtractionError, match="page too large"):
            parse(huge)
        assert parse(huge[: 2**20] + b"</p>").blocks  # 1 MB is fine

    def test_bytes_text_and_gzip_are_measured_after_decoding(self) -> None:
        data = self.PAGE.encode()
        assert parse(data, max_bytes=len(data)).blocks
        with pytest.raises(PageTooLargeError, match=f"{len(data):,} bytes"):
            parse(data, max_bytes=len(data) - 1)
        # as text: the two "ü" and the "ö" take two bytes each in UTF-8
        assert len(self.PAGE) == len(data) - 3
        with pytest.raises(PageTooLargeError, match="page too large"):
            parse(self.PAGE, max_bytes=len(data) - 1)
        assert parse(self.PAGE, max_bytes=len(data)).blocks
        packed = gzip.compress(data)
        with pytest.raises(PageTooLargeError, match="expands to more than"):
            parse(packed, max_bytes=len(data) - 1)
        assert parse(packed, max_bytes=len(data)).blocks

    @pytest.mark.parametrize("limit", [None, 0])
    def test_none_or_zero_is_no_limit(self, limit: int | None) -> None:
        big = "<p>" + "word " * 100_000 + "</p>"
        assert unboiler.extract(big, max_bytes=limit).startswith("word word")
        assert parse(gzip.compress(big.encode()), max_bytes=limit).blocks

    @pytest.mark.parametrize("limit", [-1, 1.5, "10", True])
    def test_a_limit_that_is_not_a_positive_count_is_an_error(self, limit: object) -> None:
        with pytest.raises(unboiler.ConfigurationError, match="max_bytes must be"):
            unboiler.extract(self.PAGE, max_bytes=limit)  # type: ignore[arg-type]


class TestSourceText:
    def test_nul_is_dropped_in_the_kept_source_too(self) -> None:
        # The HTML parser drops NUL from text; a word with NUL inside stays one word.
        for html in ("<p>one\x00two</p>", b"<p>one\x00two</p>"):
            document = parse(html)
            assert document.source == "<p>onetwo</p>"
            assert [b.text for b in document.blocks] == ["onetwo"]

    def test_nul_bytes_in_an_undeclared_latin_page(self) -> None:
        # NUL bytes made the detector read the page as UTF-16 (garbage) or left U+FFFD
        # inside the words.
        data = "<p>Der Zug l\x00\x00\x00äuft \x00über die Brücke.</p>".encode("latin-1")
        assert [b.text for b in parse(data).blocks] == ["Der Zug läuft über die Brücke."]

    @pytest.mark.parametrize("codec", ["utf-16-le", "utf-16-be"])
    def test_utf16_without_a_byte_order_mark(self, codec: str) -> None:
        text = "<html><body><p>Grüße aus Köln, Привет из Москвы, 東京.</p></body></html>"
        document = parse(text.encode(codec))
        assert [b.text for b in document.blocks] == ["Grüße aus Köln, Привет из Москвы, 東京."]

    def test_zeros_that_are_not_utf16_are_binary(self) -> None:
        with pytest.raises(ExtractionError, match="binary"):
            parse(b"<p>" + bytes(3000) + b"</p>")

    @pytest.mark.parametrize(
        "name", ["cp1252.html", "mislabelled-utf8.html", "utf8-bom.html", "utf16.html", "blog.html"]
    )
    def test_bytes_and_their_text_give_the_same_document(self, name: str) -> None:
        from_bytes = parse(page(name))
        from_text = parse(decode(page(name)))
        assert from_bytes.source == from_text.source
        assert from_bytes.tree.html == from_text.tree.html
        assert [b.text for b in from_bytes.blocks] == [b.text for b in from_text.blocks]

    def test_lone_surrogates_are_dropped_as_selectolax_drops_them(self) -> None:
        assert [b.text for b in parse("<p>caf\ud800\u00e9</p>").blocks] == ["caf\u00e9"]


class TestWalk:
    def test_empty_elements_inside_a_block(self) -> None:
        document = parse("<p>a<img>b<a href='#'></a>c<abbr></abbr>d<br>e</p>")
        assert [(b.text, b.num_linked_words) for b in document.blocks] == [("ab c d", 0), ("e", 0)]

    def test_blocks_of_nothing_but_unicode_spaces_are_dropped(self) -> None:
        document = parse("<p>one</p><p>&nbsp;</p><p>\u3000 &nbsp;</p><p>two</p>")
        assert [(b.text, b.offset_start) for b in document.blocks] == [("one", 0), ("two", 1)]

    def test_linked_words(self) -> None:
        document = parse(
            "<ul><li><a href='#'>one two</a></li></ul>"
            "<p><a href='#'>three</a> four five</p>"
            "<p><a href='#'>six</a> <a href='#'>seven</a></p>"
            "<p>eight <a href='#'>nine <b>ten</b></a></p>"
        )
        assert [(b.text, b.num_words, b.num_linked_words) for b in document.blocks] == [
            ("one two", 2, 2),
            ("three four five", 3, 1),
            ("six seven", 2, 2),
            ("eight nine ten", 3, 2),
        ]

    def test_abbr_inside_a_link_separates_linked_words_too(self) -> None:
        # Boilerpipe counts linked words on the same token stream as all words, so the
        # whitespace an <abbr> adds splits a linked word in both counts.
        document = parse("<p>see <a href='#'>the NA<abbr>SA</abbr>X page</a></p>")
        [block] = document.blocks
        assert (block.text, block.num_words, block.num_linked_words) == (
            "see the NA SA X page",
            6,
            5,
        )

    def test_nul_in_a_tree_changed_after_parsing_stays_in_the_text(self) -> None:
        # the HTML parser never leaves NUL in text, but a tree changed afterwards may hold it
        tree = LexborHTMLParser("<body><p>one two</p><p>three<b>four</b></p></body>")
        bold = tree.css_first("b")
        assert bold is not None
        bold.insert_child("fi\x00ve")
        assert tree.body is not None
        blocks = build_blocks(tree.body)
        assert [(b.text, b.num_words, b.offset_start) for b in blocks] == [
            ("one two", 2, 0),
            ("threefourfi\x00ve", 2, 1),
        ]


def test_noscript_read_when_the_page_has_its_content_only_there() -> None:
    post = " ".join(["The post is only here for readers without scripts."] * 6)
    document = parse(
        f"<body><div id=app></div><p>Menu</p><noscript><p>{post}</p></noscript></body>"
    )
    assert reveal_noscript(document)
    assert post in document.text


def test_a_noscript_notice_is_not_content() -> None:
    document = parse(
        "<body><div id=app></div><noscript>You need to enable JavaScript to run this app."
        "</noscript></body>"
    )
    assert not reveal_noscript(document)
    assert document.text == ""


@pytest.mark.parametrize(
    "noscript",
    [
        # Next.js's Google Tag Manager snippet: "/>" does not close an <iframe>
        '<noscript><iframe src="https://www.googletagmanager.com/ns.html?id=GTM-X"'
        ' height="0" width="0" style="display: none; visibility: hidden;" /></noscript>',
        "<NOSCRIPT><style>.menu { display: block }</NOSCRIPT>",
        "<noscript><iframe src='a'><iframe src='b'></noscript>",
    ],
)
def test_a_raw_text_element_left_open_in_noscript_ends_with_it(noscript: str) -> None:
    # a browser that runs scripts reads <noscript> as text up to </noscript>; read as
    # markup, the open element took the rest of the page for its text
    post = "The harbour reopens on Monday after a week of storms along the coast."
    document = parse(f"<body>{noscript}<article><h1>Harbour</h1><p>{post}</p></article></body>")
    assert [block.text for block in document.blocks] == ["Harbour", post]


def test_a_closed_raw_text_element_in_noscript_is_left_as_it_is() -> None:
    from unboiler.parse import _close_noscript_raw_text

    page = (
        "<body><noscript><iframe src='a'></iframe><p>Enable scripts.</p></noscript>"
        "<p>After the notice.</p><textarea>a</noscript> in a field</textarea></body>"
    )
    assert _close_noscript_raw_text(page.encode()) == page.encode()


def test_streamed_content_is_put_where_its_script_puts_it() -> None:
    # React's streamed rendering: a boundary's placeholder and fallback, a segment's
    # placeholder, and their content hidden after the page, moved by $RC and $RS
    page = (
        "<body><main><h1>Cloud stocks</h1><!--$?--><template id='B:0'></template>"
        "<p>Loading paragraph...</p><!--/$--><p>Middle of the page.</p>"
        "<template id='P:1'></template></main><footer>Footer links</footer>"
        "<div hidden id='S:0'><h2>1. Salesforce</h2><p>First pick.</p></div>"
        "<script>$RC('B:0','S:0')</script>".replace("'", '"')
        + '<div hidden id="S:1"><p>Last words.</p></div><script>$RS("S:1","P:1")</script></body>'
    )
    document = parse(page)
    assert [block.text for block in document.blocks] == [
        "Cloud stocks",
        "1. Salesforce",
        "First pick.",
        "Middle of the page.",
        "Last words.",
        "Footer links",
    ]
    assert document.tree is not None and document.tree.css_first("[hidden]") is None


def test_streamed_content_without_its_places_stays_as_it_is() -> None:
    # a hidden <div id="S:0"> with no placeholder, and a placeholder whose fallback has
    # no end comment: nothing moves, nothing is removed
    page = (
        '<body><p>Text.</p><template id="B:0"></template><p>Fallback kept.</p>'
        '<div hidden id="S:0"><p>Hidden.</p></div><div hidden id="S:1"><p>Other.</p></div>'
        '<script>$RC("B:0","S:0");$RC("B:9","S:1")</script></body>'
    )
    document = parse(page)
    texts = [block.text for block in document.blocks]
    assert texts == ["Text.", "Hidden.", "Fallback kept.", "Other."]


class TestFrameset:
    PAGE = (
        "<html><head><title>Framed news</title></head><frameset cols='50%,50%'>"
        "<frame src=a.html><frame src=b.html><noframes><body><h1>The harbour</h1>"
        "<p>This site uses frames; here is the article for readers without them.</p>"
        "</body></noframes></frameset></html>"
    )

    def test_a_frameset_page_is_read_from_noframes(self) -> None:
        document = parse(self.PAGE)
        assert [block.text for block in document.blocks] == [
            "The harbour",
            "This site uses frames; here is the article for readers without them.",
        ]
        assert document.title == "Framed news"
        text = unboiler.extract(self.PAGE, extractor="boilerpipe-everything")
        assert text == (
            "The harbour\n\nThis site uses frames; here is the article for readers without them."
        )

    def test_a_frameset_without_noframes_has_no_blocks(self) -> None:
        assert parse("<html><frameset><frame src=a.html></frameset></html>").blocks == []


class TestManyAttributes:
    """lexbor checks each new attribute against the element's others: an element of
    100,000 attributes took 14 s to parse, so more than MAX_ATTRIBUTES are refused."""

    @staticmethod
    def tag(count: int) -> str:
        return "<p " + " ".join(f"data-a{i}='{i}'" for i in range(count)) + ">x</p>"

    def test_an_element_of_too_many_attributes_is_refused(self) -> None:
        from unboiler.parse import MAX_ATTRIBUTES

        page = "<p>Some text here.</p>" + self.tag(MAX_ATTRIBUTES + 1)
        with pytest.raises(ExtractionError, match="more than 10,000 attributes"):
            parse(page)
        assert parse("<p>Some text here.</p>" + self.tag(MAX_ATTRIBUTES)).blocks

    def test_code_comments_and_long_values_are_not_attributes(self) -> None:
        code = "for (i = 0; i<n; i++) {" + " a = b;" * 30_000 + "}"
        value = "{&quot;key&quot;: 1, k=v}" * 20_000
        pages = [
            f"<script>{code}</script><p>Text after the script.</p>",
            f"<SCRIPT type=x>{code}</SCRIPT><p>Text after the script.</p>",
            f"<!-- <b {' x=1' * 30_000} --><p>Text after the script.</p>",
            f'<div data-json="{value}"><p>Text after the script.</p></div>',
        ]
        for html in pages:
            assert "Text after the script." in unboiler.extract(html)


def test_a_url_that_is_no_string_is_an_input_type_error() -> None:
    with pytest.raises(unboiler.InputTypeError, match="url must be a string"):
        unboiler.extract("<p>text</p>", url=123)  # type: ignore[arg-type]


def test_a_line_cut_at_an_element_shown_in_it_is_labelled_as_continued() -> None:
    # The parser cuts the block at a formula, an SVG icon or a script, as Boilerpipe
    # does; the parts after one, in the same element, say they go on with the line.
    document = parse(
        "<body><p>Consider <math><mi>x</mi></math> in this <svg><text>t</text></svg>"
        "sentence<script>var a;</script> here.</p>"
        "<div>a<math></math><div></div> b</div>"  # a block element between: a new line
        "<div>c</div><math></math><p>d</p>"  # another element: no line goes on
        "<p><math></math>e <iframe></iframe> f</p>"  # nothing before; not in line
        "<p>g <math></math> <iframe></iframe> h</p></body>"  # an element not in line between
    )
    continued = [(block.text, Label.CONTINUES in block.labels) for block in document.blocks]
    assert continued == [
        ("Consider", False),
        ("in this", True),
        ("sentence", True),
        ("here.", True),
        ("a", False),
        ("b", False),
        ("c", False),
        ("d", False),
        ("e", False),
        ("f", False),
        ("g", False),
        ("h", False),
    ]
    # microdata's <meta> and <link> in a post or a price show nothing: the line goes on
    micro = parse(
        "<body><div>Price: <meta itemprop='priceCurrency' content='USD'>$19.99</div>"
        "<p>Posted by Ann<link itemprop='url' href='/ann'> on Monday</p></body>"
    )
    assert [(block.text, Label.CONTINUES in block.labels) for block in micro.blocks] == [
        ("Price:", False),
        ("$19.99", True),
        ("Posted by Ann", False),
        ("on Monday", True),
    ]


def test_a_line_cut_at_a_checkbox_goes_on_after_it() -> None:
    # a form field in a sentence (Tufte's sidenote toggles) shows no text of its own
    document = parse(
        "<body><p>Notes<input type=checkbox id=n><span>A note.</span> go on.</p>"
        "<form>Search<input type=text></form><p>After</p>"
        # a shop's swatches: a radio button in each label, outside any paragraph
        "<fieldset>Colours<label><input type=radio><span>Oak</span></label><label><input "
        "type=radio><span>Walnut</span></label></fieldset></body>"
    )
    assert [(block.text, Label.CONTINUES in block.labels) for block in document.blocks] == [
        ("Notes", False),
        ("A note. go on.", True),
        ("Search", False),
        ("After", False),
        ("Colours", False),
        ("Oak", False),
        ("Walnut", False),
    ]


def test_subclasses_of_bytes_and_str_are_read_as_pages() -> None:
    # numpy's bytes_ and a pandas column's values reached selectolax, which takes bytes
    # or str exactly, and raised its TypeError
    class Page(bytes):
        pass

    class Text(str):
        pass

    page = b"<p>Some words here for a page of text.</p>"
    for html in (Page(page), Text(page.decode()), bytearray(page), memoryview(page)):
        assert unboiler.extract(html) == "Some words here for a page of text."


class TestPlainText:
    """Input without markup is read as plain text's paragraphs; JSON is refused."""

    WRAPPED = (
        "GNU GENERAL PUBLIC LICENSE\n"
        "   Version 3, 29 June 2007\n"
        "\n"
        " Copyright (C) 2007 Free Software Foundation, Inc. <https://fsf.org/>\n"
        " Everyone is permitted to copy and distribute verbatim copies\n"
        " of this license document.\n"
        "  \n"
        "    <one line to give the program's name>\n"
        "    Copyright (C) <year>  <name of author>\n"
    )

    def test_paragraphs_at_blank_lines_and_wrapped_lines_joined(self) -> None:
        document = parse(self.WRAPPED)
        assert [b.text for b in document.blocks] == [
            "GNU GENERAL PUBLIC LICENSE Version 3, 29 June 2007",
            "Copyright (C) 2007 Free Software Foundation, Inc. <https://fsf.org/> Everyone is "
            "permitted to copy and distribute verbatim copies of this license document.",
            "<one line to give the program's name> Copyright (C) <year> <name of author>",
        ]
        assert {b.tag for b in document.blocks} == {"p"}

    def test_a_line_longer_than_a_hand_wrapped_one_is_a_paragraph(self) -> None:
        long = "word " * 30
        document = parse(f"1. Heading\n{long}\nNext heading\r\n{long}")
        assert [b.text for b in document.blocks] == [
            "1. Heading",
            long.strip(),
            "Next heading",
            long.strip(),
        ]

    def test_the_default_extractor_gives_every_paragraph_back(self) -> None:
        text = "\n\n".join(
            f"Paragraph {n} of a note written without markup, long enough to read as prose."
            for n in range(1, 6)
        )
        assert unboiler.extract(text) == text

    @pytest.mark.parametrize(
        "markup",
        [
            "<p>One<p>Two",
            "Line one<br>Line two",
            "<!-- a comment --> words",
            "<!DOCTYPE html>words",
            "text and <B>bold</B>",
        ],
    )
    def test_a_known_element_or_a_doctype_is_markup(self, markup: str) -> None:
        assert "<" not in "".join(b.text for b in parse(markup).blocks)

    def test_character_references_read_as_in_a_fragment(self) -> None:
        assert [b.text for b in parse("AT&amp;T and 3 < 4").blocks] == ["AT&T and 3 < 4"]

    @pytest.mark.parametrize(
        ("data", "kind"),
        [
            ('{"title": "x", "body": "<div>words</div>"}', "JSON"),
            (b'  [1, 2, {"a": null}]\n', "JSON"),
            ('{"a": 1}\n{"a": 2}\n', "JSON lines"),
        ],
    )
    def test_json_is_refused(self, data: str | bytes, kind: str) -> None:
        with pytest.raises(ExtractionError, match=f"input is {kind}, not HTML"):
            parse(data)

    def test_end_tags_of_any_name_are_markup(self) -> None:
        """XML, custom elements, namespaced tags: their end tags say they are markup."""
        for markup in (
            "<note><to>Tove</to><message>Do not forget me.</message></note>",
            "<my-app><my-para>Words of a custom element.</my-para></my-app>",
            "<o:p>Office words.</o:p>",
        ):
            assert "<" not in "".join(b.text for b in parse(markup).blocks), markup

    def test_what_only_opens_as_json_is_read_as_before(self) -> None:
        # nested deeper than the JSON parser recurses: text, not a RecursionError
        assert parse("[" * 5000).blocks[0].text == "[" * 5000
        # one line of JSON, then a page or prose: no JSON lines
        page = "[]\n<html><body><p>Hello world, a page of text.</p></body></html>"
        assert [b.text for b in parse(page).blocks][-1] == "Hello world, a page of text."
        assert [b.text for b in parse("[1]\nSome reference text.").blocks] == [
            "[1] Some reference text."
        ]

    def test_a_long_line_in_a_wrapped_paragraph_is_one_of_its_lines(self) -> None:
        address = "https://example.org/" + "a" * 120
        text = f"See the page\nat {address}\nfor the rules\nof the club.\r\rOld Mac line."
        assert [b.text for b in parse(text).blocks] == [
            f"See the page at {address} for the rules of the club.",
            "Old Mac line.",
        ]

    def test_text_that_opens_with_a_brace_is_text(self) -> None:
        assert [b.text for b in parse("{draft} notes\n\nmore").blocks] == ["{draft} notes", "more"]

    def test_blank_input_is_still_empty(self) -> None:
        assert parse("  \n\n ").blocks == []


AMP_PARAGRAPH = "<p>" + "The monsoon is active over most of the country this week. " * 3 + "</p>"


def test_an_amp_image_is_shown_as_the_picture_its_script_draws() -> None:
    figure = (
        '<figure><amp-img src="https://x.org/rain.jpg" width="1200" height="675" '
        'layout="responsive" alt="People with umbrellas"></amp-img>'
        "<figcaption>People crossing the road in the rain.</figcaption></figure>"
    )
    html = f"<html ⚡><article><h1>Rain alert</h1>{AMP_PARAGRAPH}{figure}{AMP_PARAGRAPH}</article>"
    markdown = unboiler.extract(html, output="markdown", images=True)
    assert "\n\n![People with umbrellas](https://x.org/rain.jpg)\n\n" in markdown
    # a page not marked as AMP has no AMP runtime to draw it
    unmarked = html.replace("<html ⚡>", "<html>")
    assert "![" not in unboiler.extract(unmarked, output="markdown", images=True)
    # an AMP image drawn on the server keeps its own picture, written once
    drawn = figure.replace(
        "></amp-img>", '><img src="https://x.org/rain.jpg" alt="Drawn"></amp-img>'
    )
    html = f"<html amp><article><h1>Rain alert</h1>{AMP_PARAGRAPH}{drawn}{AMP_PARAGRAPH}</article>"
    markdown = unboiler.extract(html, output="markdown", images=True)
    assert markdown.count("![") == 1 and "![Drawn](https://x.org/rain.jpg)" in markdown


def test_an_amp_images_fallback_is_not_written_and_capitals_are_read() -> None:
    figure = (
        '<figure><AMP-IMG src="https://x.org/a.webp" alt="A cat"><amp-img fallback'
        ' src="https://x.org/a.jpg" alt="fallback"></amp-img></AMP-IMG></figure>'
    )
    html = f"<HTML AMP><article><h1>Cats</h1>{AMP_PARAGRAPH}{figure}{AMP_PARAGRAPH}</article>"
    markdown = unboiler.extract(html, output="markdown", images=True)
    assert markdown.count("![") == 1 and "![A cat](https://x.org/a.webp)" in markdown


def test_an_amp_image_without_a_source_is_left_alone() -> None:
    document = unboiler.parse('<html amp><p>Text <amp-img alt="nothing" width="3"></amp-img></p>')
    assert document.tree is not None and document.tree.css_first("img") is None
