"""The Markdown output parses back (markdown-it-py, CommonMark with GFM tables and
strikethrough) to the structure of the layout and to the text of the plain-text output."""

from __future__ import annotations

import html
import re
import unicodedata

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt
from selectolax.lexbor import LexborHTMLParser
from tests.output.helpers import (
    FIXTURES,
    all_content,
    article_document,
    is_subsequence,
    layout_skeleton,
    markdown_parser,
    markdown_skeleton,
    markdown_text,
    page_text,
    squeeze,
    without_markup,
)

import unboiler
from unboiler.document import TextDocument
from unboiler.output.html import to_html
from unboiler.output.layout import layout
from unboiler.output.markdown import escape, to_markdown
from unboiler.output.tables import MAX_CELL_CODE_LINES
from unboiler.output.text import to_text


@pytest.mark.parametrize("name", FIXTURES)
@pytest.mark.parametrize("links", [False, True])
@pytest.mark.parametrize("images", [False, True])
def test_round_trip_keeps_structure(name: str, links: bool, images: bool) -> None:
    document = article_document(name)
    markdown = to_markdown(document, links=links, images=images)
    expected = layout_skeleton(layout(document, images=images), links=links, images=images)
    assert markdown_skeleton(markdown) == expected, markdown


@pytest.mark.parametrize("name", FIXTURES)
def test_round_trip_keeps_the_text_of_the_text_output(name: str) -> None:
    document = article_document(name)
    markdown = to_markdown(document, links=True, images=True)
    assert squeeze(markdown_text(markdown)) == squeeze(to_text(document))


def test_nested_lists() -> None:
    markdown = to_markdown(article_document("lists.html"))
    # A list that starts at 7 cannot interrupt a paragraph (CommonMark §5.2): the list
    # around it is loose.
    assert (
        "in this order:\n\n"
        "1. Water\n"
        "   - two bottles\n\n"
        "   - a filter\n\n"
        "     7. ceramic\n"
        "     8. hollow fibre\n"
        "2. Food\n"
        "3. Shelter, *if* the night is cold\n\n"
        "A list that starts later:"
    ) in markdown
    # Two bullet lists in a row take different markers, or they would read as one.
    assert "- first bullet list\n\n* second bullet list" in markdown
    assert "- An item with two paragraphs.\n\n  Its second paragraph.\n\n- A plain item" in markdown


def test_a_list_whose_one_item_is_a_list_is_that_list() -> None:
    # a menu's nesting around the one item kept: "1. 1. 1. Item" and "- - Two"
    document = unboiler.parse(
        "<ol><li><ol><li> <ol><li>Deep item</li></ol> </li></ol></li></ol><p>Then:</p>"
        "<ul><li><ul><li>Two levels</li><li>and another</li></ul></li></ul><p>And:</p>"
        "<ul><li>Own text<ul><li>nested</li></ul></li></ul><p>Last:</p>"
        "<ul><li><input type=checkbox disabled><ul><li>a task's list</li></ul></li></ul>"
    )
    unboiler.get_extractor("boilerpipe-everything")(document)
    assert to_markdown(document).split("\n\n") == [
        "1. Deep item",
        "Then:",
        "- Two levels\n- and another",
        "And:",
        "- Own text\n  - nested",
        "Last:",
        "- [ ] - a task's list",
    ]
    assert to_html(document).startswith("<ol>\n<li>Deep item</li>\n</ol>")


def test_table_with_colspan() -> None:
    markdown = to_markdown(article_document("table.html"))
    assert markdown.split("\n\n")[1:4] == [
        "Weekday departures",
        "| Route | Leaves | Arrives |\n"
        "| --- | --- | --- |\n"
        "| Cancelled all week \\| see the notice |  | none |\n"
        "| Leeds to York | 08:15 | 08:40 |\n"
        "| `x\\|y` line | 09:00 | 09:31 |",
        "Times are local.",
    ]
    tree = markdown_skeleton(markdown)
    assert tree[2][1][1][0] == ("text:Cancelled all week | see the notice",)
    assert tree[2][1][3][0] == ("code", "text:x|y", "/code", "text: line")


def test_two_header_rows_are_one_header_of_joined_labels() -> None:
    # "Default" over "Type" and "Value": GFM has one header row, and the second row of
    # headers is no row of data
    page = (
        "<body><table><thead><tr><th rowspan=2>Setting</th><th colspan=2>Default</th>"
        "<th rowspan=2>Description</th></tr><tr><th>Type</th><th>Value</th></tr></thead>"
        "<tbody><tr><td>timeout</td><td>int</td><td>30</td><td>Seconds to wait.</td></tr>"
        "</tbody></table></body>"
    )
    document = all_content(page)
    assert to_markdown(document) == (
        "| Setting | Default Type | Default Value | Description |\n"
        "| --- | --- | --- | --- |\n"
        "| timeout | int | 30 | Seconds to wait. |"
    )
    # a table of header cells only keeps its first row as the header, as before
    grid = all_content("<body><table><tr><th>a</th><th>b</th></tr><tr><th>c</th><th>d</th>")
    assert to_markdown(grid) == "| a | b |\n| --- | --- |\n| c | d |"


def test_code_blocks_keep_text_and_language() -> None:
    markdown = to_markdown(article_document("code.html"))
    fences = [block for block in markdown_skeleton(markdown) if block[0] == "code"]
    assert fences == [
        (
            "code",
            "python",
            'def area(r):\n    if r < 0:\n        raise ValueError("*negative*")\n'
            "    return 3.14 * r ** 2  # ``` is not a fence here",
        ),
        ("code", "js", "const a = b <c> * 2;\n  // an indented comment"),
        ("code", "rust", 'fn main() {\n    println!("<hi> | *there*");\n}'),
    ]
    assert "````python\n" in markdown


def test_special_characters_stay_text() -> None:
    markdown = to_markdown(article_document("code.html"))
    blocks = markdown_skeleton(markdown)
    paragraphs = [block[1] for block in blocks if block[0] == "paragraph"]
    assert paragraphs[0] == (
        "text:Use ",
        "code",
        "text:a`b",
        "/code",
        "text: and ",
        "code",
        "text:``",
        "/code",
        "text: with care; ",
        "code",
        "text:Ctrl",
        "/code",
        "text:+",
        "code",
        "text:C",
        "/code",
        "text: copies.",
    )
    assert paragraphs[1:] == [
        (
            "text:Text with *stars*, _underscores_, [brackets], <tags>, a back\\slash, pipes | "
            "and ~tildes~ &amp; entities.",
        ),
        ("text:1. Not a list",),
        ("text:- Not a bullet",),
        ("text:# Not a heading",),
        ("text:> Not a quote",),
        ("text:+ Not a plus bullet\n=== not an underline",),
        ("text:C#",),
    ]


def test_quotes_nest() -> None:
    markdown = to_markdown(article_document("quotes.html"))
    assert markdown == (
        "## What they said\n\n"
        "> First paragraph of the quote.\n>\n"
        "> Second, with **bold** words.\n>\n"
        "> > A quote inside the quote.\n\n"
        "After the quote."
    )


def test_an_admonition_is_set_apart_as_a_quote() -> None:
    """A note's end cannot be told from the next paragraph unless it is marked."""
    markdown = to_markdown(article_document("admonitions.html"))
    assert markdown == (
        "## Sessions\n\n"
        "A session keeps its settings from one request to the next.\n\n"
        "> Note\n>\n"
        "> Proxies set on a session apply to every request it sends.\n\n"
        "Cookies are kept as well.\n\n"
        "> **Warning:** never turn verification off.\n>\n"
        "> - Not in tests\n> - Not in production\n\n"
        'A box whose class is only "note" is not taken for an admonition.\n\n'
        "Nor is a paragraph, which is already a block of its own.\n\n"
        "> > Quoted tip.\n\n"
        "The end."
    )
    # the plain text has no mark for it: the same paragraphs as without the classes
    plain = to_text(article_document("admonitions.html"))
    assert "Note\n\nProxies set on a session apply to every request it sends.\n\nCookies" in plain
    assert ">" not in plain


def test_a_docfx_alert_is_an_admonition() -> None:
    # Microsoft Learn writes DocFX's alerts with a class in capitals; a lower-case "note"
    # is any box's
    page = (
        "<p>Install the tools.</p><div class='TIP'><p>Tip</p><p>On WSL, follow the Linux "
        "tab.</p></div><p>Then open a terminal.</p><div class='note'><p>Cookie note</p>"
        "<p>We use cookies.</p></div>"
    )
    assert to_markdown(all_content(page)) == (
        "Install the tools.\n\n> Tip\n>\n> On WSL, follow the Linux tab.\n\n"
        "Then open a terminal.\n\nCookie note\n\nWe use cookies."
    )


def test_bootstrap_alerts_and_ghost_callouts_are_admonitions() -> None:
    # Hugo's Docsy writes notes as Bootstrap alerts of a kind, Ghost as callout cards;
    # an "alert" of no kind is any banner's
    page = (
        "<p>Install it.</p><div class='alert alert-info' role='alert'><h4"
        " class='alert-heading'>Note</h4><p>Needs Go 1.21.</p></div>"
        "<div class='kg-card kg-callout-card kg-callout-card-blue'><div"
        " class='kg-callout-emoji'>💡</div><div class='kg-callout-text'>Back up first.</div>"
        "</div><div class='alert'><p>Site banner</p></div><p>Done.</p>"
    )
    assert to_markdown(all_content(page)) == (
        "Install it.\n\n> #### Note\n>\n> Needs Go 1.21.\n\n> 💡\n>\n> Back up first.\n\n"
        "Site banner\n\nDone."
    )


def test_a_confluence_panel_is_an_admonition() -> None:
    page = (
        "<p>Deploy it.</p><div class='confluence-information-macro "
        "confluence-information-macro-warning'><p class='title'>Change freeze</p>"
        "<div class='confluence-information-macro-body'><p>No deploys in December.</p>"
        "</div></div><p>Done.</p>"
    )
    assert to_markdown(all_content(page)) == (
        "Deploy it.\n\n> Change freeze\n>\n> No deploys in December.\n\nDone."
    )


def test_a_collapsible_admonition_is_an_admonition() -> None:
    # MkDocs Material's and PyMdown's "??? tip" is a <details> of the admonition's kind;
    # a disclosure of any other class (an FAQ's question) is not one
    page = (
        "<p>Drop a tag.</p><details class='tip'><summary>From another process</summary>"
        "<p>Tags are kept in the backend.</p></details>"
        "<details class='faq'><summary>Is it free?</summary><p>Yes.</p></details>"
        "<p>Done.</p>"
    )
    assert to_markdown(all_content(page)) == (
        "Drop a tag.\n\n> **From another process**\n>\n> Tags are kept in the backend."
        "\n\n**Is it free?**\n\nYes.\n\nDone."
    )


def test_a_thematic_break_between_content_is_kept() -> None:
    """An ``<hr>`` between two stretches of content is a rule in Markdown and HTML, and
    only there: not before or after the content, not twice in a row, not in text."""
    page = (
        "<body><hr><article><p>The first part of the essay.</p><hr><hr>"
        "<div><p>The second part, after a scene change.</p></div><hr></article>"
        "<hr><footer><p>Site footer</p></footer></body>"
    )
    document = unboiler.parse(page)
    for block in document.blocks:
        block.set_content("footer" not in block.text.lower())
    markdown = to_markdown(document)
    assert markdown == (
        "The first part of the essay.\n\n---\n\nThe second part, after a scene change."
    )
    assert markdown_skeleton(markdown) == [
        ("paragraph", ("text:The first part of the essay.",)),
        ("rule",),
        ("paragraph", ("text:The second part, after a scene change.",)),
    ]
    assert to_html(document).count("<hr>") == 1
    assert to_text(document) == (
        "The first part of the essay.\n\nThe second part, after a scene change."
    )


def test_images_only_on_request_with_absolute_urls() -> None:
    document = article_document("images.html")
    assert "![" not in to_markdown(document)
    markdown = to_markdown(document, images=True)
    assert "![The path](https://example.org/img/path.jpg)\n\nMorning on the path" in markdown
    assert "![A bridge](https://example.org/walks/img/bridge.jpg) The old bridge" in markdown
    assert "javascript" not in markdown and "Advert" not in markdown
    assert "data:" not in markdown
    # decoration is left out: an icon with an empty alt amid words, an image a role or
    # aria-hidden hides; a photo alone in its paragraph is kept, empty alt and all
    assert "Listen to the birds at dawn, then turn left." in markdown
    assert "icon-" not in markdown and "badge" not in markdown
    assert "![](https://example.org/img/ferry.jpg)" in markdown


@pytest.mark.parametrize(
    "pixel",
    [
        '<img height="1" width="1" src="https://tracker.example/tr?id=1&amp;noscript=1">',
        '<img width="0" height="0" alt="" src="https://ads.example/collect">',
        '<img width="1px" src="https://example.org/spacer.gif">',
    ],
)
def test_an_image_that_shows_nothing_is_left_out(pixel: str) -> None:
    page = (
        f"<body><noscript>{pixel}</noscript><p>Morning on the path.</p><p>The bridge "
        f'{pixel}<img src="https://example.org/bridge.jpg" alt="A bridge" width="640">'
        "</p></body>"
    )
    document = unboiler.parse(page)
    unboiler.get_extractor("boilerpipe-everything")(document)
    assert to_markdown(document, images=True) == (
        "Morning on the path.\n\nThe bridge ![A bridge](https://example.org/bridge.jpg)"
    )


def test_an_image_sized_otherwise_than_its_attributes_say_is_kept() -> None:
    # sized by its style, and a lazy image's 1x1 placeholder (the picture comes later)
    page = (
        '<body><p>The chart <img src="https://example.org/chart.png" alt="Chart" width="1"'
        ' height="1" style="width:100%;height:auto"> and the photo <img alt="Photo"'
        ' src="https://example.org/blank.gif" data-src="https://example.org/photo.jpg"'
        ' width="1" height="1"></p></body>'
    )
    document = unboiler.parse(page)
    unboiler.get_extractor("boilerpipe-everything")(document)
    markdown = to_markdown(document, images=True)
    assert "![Chart](https://example.org/chart.png)" in markdown, markdown
    assert "![Photo](https://example.org/photo.jpg)" in markdown, markdown


def test_a_figure_between_content_keeps_its_picture_without_its_caption() -> None:
    # the model leaves most captions out; the picture between two kept paragraphs is
    # the article's (Substack wraps its figure in a div); two figures side by side are a
    # gallery; a figure after the content's end, or inside a link, is another page's
    def figure(name: str) -> str:
        return (
            f'<figure><a href="https://ex.org/{name}-big.jpg"><picture><img alt="{name}"'
            f' src="https://ex.org/{name}.jpg"></picture></a><figcaption>Caption of {name}'
            "</figcaption></figure>"
        )

    page = (
        "<html><body><article><p>The first paragraph of the article, about the city's"
        f" buses.</p><div class='captioned-image-container'>{figure('grid')}</div>"
        f"<p>The second paragraph, about transfers between the routes.</p>{figure('one')}"
        f"{figure('two')}<p>The third paragraph, about the timetable of each route.</p>"
        f"{figure('after')}</article><a href='/other'>{figure('card')}</a></body></html>"
    )
    document = unboiler.parse(page)
    for block in document.blocks:
        block.set_content("paragraph" in block.text)
    markdown = to_markdown(document, images=True)
    for name in ("grid", "one", "two"):
        assert f"![{name}](https://ex.org/{name}.jpg)" in markdown, markdown
    assert "after" not in markdown and "card" not in markdown, markdown
    assert "Caption" not in markdown, markdown
    assert markdown.index("grid") < markdown.index("second") < markdown.index("one")


def test_mediawikis_and_wordpress_captioned_pictures_are_figures() -> None:
    # MediaWiki's classic thumbnail and WordPress's [caption] between two kept
    # paragraphs keep their pictures without their captions
    page = (
        "<html><body><main><p>The first paragraph of the article, about the old keep.</p>"
        "<div class='thumb tright'><div class='thumbinner'><a href='/wiki/File:Keep.jpg'"
        " class='image'><img alt='' src='https://ex.org/keep.jpg' class='thumbimage'></a>"
        "<div class='thumbcaption'>The keep in the mountains.</div></div></div>"
        "<p>The second paragraph of the article, about the school's masters.</p>"
        "<div id='attachment_7' class='wp-caption aligncenter'><img alt='Masters'"
        " src='https://ex.org/masters.jpg'><p class='wp-caption-text'>The masters.</p></div>"
        "<div class='thumb'><img alt='Hall' src='https://ex.org/hall.jpg'><div"
        " class='thumbcaption'>The great hall after the fire of the year 1201.</div></div>"
        "<p>The third paragraph of the article, about the pupils of the school.</p>"
        "</main></body></html>"
    )
    document = unboiler.parse(page)
    for block in document.blocks:
        block.set_content("paragraph" in block.text)
    markdown = to_markdown(document, images=True)
    assert "![](https://ex.org/keep.jpg)" in markdown, markdown
    assert "![Masters](https://ex.org/masters.jpg)" in markdown, markdown
    assert "![Hall](https://ex.org/hall.jpg)" in markdown, markdown  # beside another
    assert "The keep in" not in markdown and "The masters." not in markdown, markdown


def test_a_figure_that_closes_a_live_blog_entry_keeps_its_picture() -> None:
    # the entry's picture is its last element; its author's name and an advert's label
    # stand between it and the next entry (a newcomer's Polish live blog); a teaser
    # picture after the last entry, with nothing but a short label after it, stays out
    def entry(time: str, text: str, picture: str = "") -> str:
        figure = (
            f'<figure><img src="https://ex.org/{picture}.jpg" alt="{picture}">'
            f"<figcaption>Caption of {picture}</figcaption></figure>"
            if picture
            else ""
        )
        return (
            f'<div class="entry"><time>{time}</time><div class="body"><p>{text}</p>'
            f'{figure}</div><div class="footer"><span>Tomasz Nowak</span></div></div>'
        )

    page = (
        "<html><body><main>"
        + entry("14:05", "The first entry's paragraph, about the power cuts.")
        + '<div class="ad"><span>REKLAMA</span><script>ads.display("slot-1");</script></div>'
        + entry("13:20", "The second entry's paragraph, about the meeting.", "meeting")
        + entry("12:31", "The third entry's paragraph, about the river levels.", "teaser")
        + "<p>Read more</p></main></body></html>"
    )
    document = unboiler.parse(page)
    for block in document.blocks:
        block.set_content("paragraph" in block.text)
    markdown = to_markdown(document, images=True)
    assert "![meeting](https://ex.org/meeting.jpg)" in markdown, markdown
    assert markdown.index("meeting") < markdown.index("third"), markdown
    assert "teaser" not in markdown, markdown


def test_a_footnote_mark_drawn_raised_by_its_style_is_a_superscript() -> None:
    # Substack's marks are links its style raises, with no <sup>: raised around the
    # link; a mark already in a <sup> is raised once; a link to a section, to a
    # fragment that only begins like a note's, or back from a note to its mark (the
    # note's label), stays as it is
    page = (
        "<html><body><article><p>New homes install heat pumps.<a class='footnote-anchor'"
        " href='#footnote-1'>1</a> Gas was the norm in the east.<a href='#fn:2'>[2]</a>"
        " So say the records.<sup class='reference'><a href='#cite_note-3'>[3]</a></sup>"
        " See <a href='#section-2'>section 2</a>, <a href='#notes'>4</a> and"
        " <a href='#fnord'>5</a> more.</p><div class='footnote'><a class='footnote-number'"
        " href='#footnote-anchor-1'>1</a><p>The agency's survey of new builds.</p></div>"
        "</article></body></html>"
    )
    document = unboiler.parse(page)
    unboiler.get_extractor("boilerpipe-everything")(document)
    text = to_text(document)
    assert text.startswith(
        "New homes install heat pumps.\u00b9 Gas was the norm in the east.[2] So say the"
        " records.[3] See section 2, 4 and 5 more."
    ), text
    markdown = to_markdown(document, links=True)
    assert "heat pumps.<sup>[1](#footnote-1)</sup> Gas" in markdown, markdown
    assert "the east.<sup>[[2]](#fn:2)</sup> So" in markdown, markdown
    assert "records.<sup>[[3]](#cite_note-3)</sup> See" in markdown, markdown
    assert "[section 2](#section-2), [4](#notes) and [5](#fnord) more" in markdown, markdown
    assert "<sup>1</sup>" not in to_markdown(document).split("more.")[1], markdown


def test_a_lazy_loaders_address_wins_over_the_placeholder_in_src() -> None:
    # Naver's blog: a blurred thumbnail in src, the picture in data-lazy-src; an image
    # with src alone keeps it
    page = (
        '<body><p>The café from the window <img alt="Window seat"'
        ' src="https://blog.example.kr/IMG_4401.JPG?type=w80_blur"'
        ' data-lazy-src="https://blog.example.kr/IMG_4401.JPG?type=w966"> and the bread'
        ' <img alt="Bread" src="https://blog.example.kr/bread.jpg" data-src="">.</p></body>'
    )
    document = unboiler.parse(page)
    unboiler.get_extractor("boilerpipe-everything")(document)
    markdown = to_markdown(document, images=True)
    assert "![Window seat](https://blog.example.kr/IMG_4401.JPG?type=w966)" in markdown, markdown
    assert "![Bread](https://blog.example.kr/bread.jpg)" in markdown, markdown


def test_links_only_on_request_with_absolute_urls() -> None:
    document = article_document("links.html")
    assert "](" not in to_markdown(document)
    markdown = to_markdown(document, links=True)
    assert markdown.startswith("## [A heading that is a link](https://example.org/news/1)\n\n")
    assert "### Part [linked](https://other.example/x) heading" in markdown
    assert "This is [link](https://example.org/l), and" in markdown
    # A link around blocks is read through: its heading stays a heading, and each of
    # its lines is the link (as each is in a browser).
    assert (
        "### [Card title](https://example.org/card)\n\n"
        "[Card text inside a link.](https://example.org/card)"
    ) in markdown
    assert "javascript" not in markdown and "Not a link any more." in markdown


def _emphasis_markdown(page: str) -> tuple[TextDocument, str, str]:
    """``page`` with every block kept, its Markdown, and that Markdown rendered by a
    CommonMark reader (the formatting a reader sees)."""
    document = unboiler.parse(page)
    unboiler.get_extractor("boilerpipe-everything")(document)
    markdown = to_markdown(document)
    return document, markdown, markdown_parser().render(markdown)


@pytest.mark.parametrize(
    ("page", "expected", "elements"),
    [
        # CommonMark reads no emphasis in 'a*"quoted"*b' (§6.2: the "*" touches
        # punctuation inside and a letter outside): inline HTML keeps it
        (
            '<p>a<em>"quoted"</em>b and <b>fine</b></p>',
            'a<em>"quoted"</em>b and **fine**',
            {"em": 1, "strong": 1},
        ),
        # nor in CJK text, which puts no space around punctuation
        (
            "<p>价格<strong>“100元”</strong>很贵，<b>强调</b>文本。</p>",
            "价格<strong>“100元”</strong>很贵，**强调**文本。",
            {"strong": 2},
        ),
        ("<p>x<s>(old)</s>y</p>", "x<del>(old)</del>y", {"del": 1}),
        # around white space or a lone sign it would show nothing: left out
        ("<h3>Search<strong>\u00a0</strong></h3>", "### Search", {}),
        ("<p>Word<em>.</em> And<b>, </b>so</p>", "Word. And, so", {}),
    ],
)
def test_emphasis_that_commonmark_cannot_read_is_written_as_html(
    page: str, expected: str, elements: dict[str, int]
) -> None:
    document, markdown, rendered = _emphasis_markdown(page)
    assert markdown == expected
    assert markdown_text(markdown) == to_text(document)
    for tag in ("em", "strong", "del", "s"):
        assert rendered.count(f"<{tag}>") == elements.get(tag, 0), rendered


@pytest.mark.parametrize(
    ("page", "expected", "elements"),
    [
        # a label in bold with the no-break space after it inside (plain spaces there
        # are moved out by the layout already)
        (
            "<ul><li><strong>Sizes:\u00a0</strong>Women: 0-24</li></ul>",
            "- **Sizes:**\u00a0Women: 0-24",
            {"strong": 1},
        ),
        ("<h3><em>1. REFUSE\u00a0</em></h3>", "### *1. REFUSE*", {"em": 1}),
        ("<p>a<em>\u00a0b</em>c</p>", "a\u00a0*b*c", {"em": 1}),
        # a space of its own between two openings, and one after both
        (
            "<p>a <b>\u00a0<i>\u00a0x</i></b> b</p>",
            "a \u00a0\u00a0**_x_** b",
            {"em": 1, "strong": 1},
        ),
        # nested: the spaces pass out of both
        (
            "<p>x<b><i>\u00a0both\u00a0</i></b>y</p>",
            "x\u00a0**_both_**\u00a0y",
            {"em": 1, "strong": 1},
        ),
    ],
)
def test_spaces_inside_emphasis_are_written_outside_it(
    page: str, expected: str, elements: dict[str, int]
) -> None:
    _, markdown, rendered = _emphasis_markdown(page)
    assert markdown == expected
    for tag in ("em", "strong"):
        assert rendered.count(f"<{tag}>") == elements.get(tag, 0), rendered


def test_escape() -> None:
    assert escape("*a* _b_ `c` [d](e) <e> |f| ~g~ \\h &amp; &x") == (
        "\\*a\\* \\_b\\_ \\`c\\` \\[d\\](e) \\<e> \\|f\\| \\~g\\~ \\h \\&amp; &x"
    )
    # a backslash escapes only ASCII punctuation (CommonMark §2.4): before a letter it
    # is text; before a sign, a space or the end (a hard break there) it is escaped
    assert escape("C:\\Users\\me") == "C:\\Users\\me"
    assert escape("a\\*b \\ c\\") == "a\\\\\\*b \\\\ c\\\\"
    assert escape("snake_case, _a_, b_ and _c") == "snake_case, \\_a\\_, b\\_ and \\_c"
    # "$" opens a formula for the readers of TeX in Markdown (Pandoc, GitHub)
    assert escape("$5 or $x$") == "\\$5 or \\$x\\$"


def test_a_lone_dollar_sign_is_not_escaped() -> None:
    # a price page: one "$" a paragraph cannot open a formula; two in one may, for the
    # lenient readers; a cell is a line of its own
    page = (
        "<body><p>The Pro plan costs $29 per month.</p><p>Essencial: R$ 89/mês.</p>"
        "<p>From $5 to $10 a month.</p><p>A \\$ sign.</p><p>$5 with <code>echo $HOME</code></p>"
        "<table><tr><th>Plan</th><th>Price</th></tr><tr><td>Pro</td><td>$29</td></tr>"
        "</table></body>"
    )
    markdown = to_markdown(all_content(page))
    assert markdown == (
        "The Pro plan costs $29 per month.\n\nEssencial: R$ 89/mês.\n\n"
        "From \\$5 to \\$10 a month.\n\nA \\\\$ sign.\n\n\\$5 with `echo $HOME`\n\n"
        "| Plan | Price |\n| --- | --- |\n| Pro | $29 |"
    ), markdown


def test_a_lone_tilde_is_not_escaped() -> None:
    # GFM's strikethrough takes a pair of runs of one or two tildes: one "~" in a
    # paragraph opens nothing (a Korean shop's "1~2일", "approx. ~5 km"); two may pair,
    # with each other or with a struck text's, and stay escaped; "~~~" opening a line
    # would open a fenced code block
    page = (
        "<body><p>배송 기간: 결제 완료 후 1~2일 이내 출고</p><p>About ~5 km away.</p>"
        "<p>From 1~2 to 3~4 days.</p><p>Was <del>$20</del> now 1~2 left.</p>"
        "<p>~~~</p></body>"
    )
    markdown = to_markdown(all_content(page))
    assert markdown == (
        "배송 기간: 결제 완료 후 1~2일 이내 출고\n\nAbout ~5 km away.\n\n"
        "From 1\\~2 to 3\\~4 days.\n\nWas ~~$20~~ now 1\\~2 left.\n\n\\~\\~\\~"
    ), markdown


@pytest.mark.parametrize(
    ("text", "written"),
    [
        # brackets nothing after them makes a link are text
        ("[00:00] Host: welcome back", "[00:00] Host: welcome back"),
        ("as shown before [1].", "as shown before [1]."),
        ("[a [b] c] d", "\\[a [b] c\\] d"),
        # with no definition written, a pair before another is no reference
        ("cited [2][3] twice", "cited [2][3] twice"),
        # an inline link, a definition, a task's box, and a pair at the end of a piece
        # (what follows is another piece's) are escaped
        ("[a](b)", "\\[a\\](b)"),
        ("[a][b](c)", "[a]\\[b\\](c)"),
        ("[a]: /url", "\\[a\\]: /url"),
        ("[x] done", "\\[x\\] done"),
        ("see [1]", "see \\[1\\]"),
    ],
)
def test_brackets_are_escaped_only_where_they_could_make_a_link(text: str, written: str) -> None:
    assert escape(text) == written
    assert markdown_text(written).strip() == text


@pytest.mark.parametrize(
    ("body", "written"),
    [
        # Wikipedia's footnote marks: each a piece of text of its own, the link to a
        # fragment of the page left out
        (
            'Earth is a planet.<sup><a href="#cite_note-1">[1]</a></sup> It has life.'
            '<sup><a href="#cite_note-2">[2]</a></sup><sup><a href="#cite_note-3">[3]</a></sup>',
            "Earth is a planet.<sup>[1]</sup> It has life.<sup>[2][3]</sup>",
        ),
        ("a pair that ends the paragraph [c]", "a pair that ends the paragraph [c]"),
        # what the next piece starts with still keeps a pair escaped
        ("<span>[a]</span>(b)", "\\[a\\](b)"),
        ("<span>[a]</span>: /url", "\\[a\\]: /url"),
        ("<i>[a]</i><i>(b)</i>", "*\\[a\\](b)*"),
        # a closing delimiter between them is what follows: no link can open there
        ("<b>[a]</b>(b)", "**[a]**(b)"),
        # a backslash of the page before a pair stays one, read once
        ("<b>\\[a] ]</b> x", "**\\\\[a] \\]** x"),
    ],
)
def test_brackets_at_a_pieces_end_are_read_with_what_follows(body: str, written: str) -> None:
    document = unboiler.parse(f"<p>{body}</p>")
    unboiler.get_extractor("boilerpipe-everything")(document)
    markdown = to_markdown(document)
    assert markdown == written
    rendered = MarkdownIt("commonmark").render(markdown)
    assert "<a " not in rendered, rendered
    assert markdown_text(markdown).split() == LexborHTMLParser(body).text().split()


@pytest.mark.parametrize(
    ("line", "written"),
    [
        # what opens no block nor emphasis is written as it is
        ("4.35 avg rating", "4.35 avg rating"),
        ("2024.4.4 then 2024.5.0", "2024.4.4 then 2024.5.0"),
        ("#hashtag of the day", "#hashtag of the day"),
        ("+1 for this", "+1 for this"),
        ("-5 degrees", "-5 degrees"),
        ("snake_case_names and file_name.txt", "snake_case_names and file_name.txt"),
        ("####### seven", "####### seven"),
        # a "<" that can open no tag, comment or autolink
        ("error rate < 0.5% and a <= b, 1<2", "error rate < 0.5% and a <= b, 1<2"),
        # what would is escaped
        ("2024. A year", "2024\\. A year"),
        ("# Not a heading", "\\# Not a heading"),
        ("- not a bullet", "\\- not a bullet"),
        ("+ not one either", "\\+ not one either"),
        ("---", "\\---"),
        ("_leading and trailing_", "\\_leading and trailing\\_"),
        ("a __b__ c", "a \\_\\_b\\_\\_ c"),
        ("use <div> and </p>, <!-- or <?php", "use \\<div> and \\</p>, \\<!-- or \\<?php"),
        ("ends with <", "ends with \\<"),
    ],
)
def test_escapes_only_what_markdown_would_read(line: str, written: str) -> None:
    document = unboiler.parse(f"<p>{html.escape(line)}</p>")
    unboiler.get_extractor("boilerpipe-everything")(document)
    markdown = to_markdown(document)
    assert markdown == written
    assert markdown_text(markdown).strip() == line


# Text with every character Markdown gives a meaning to, and some that it does not.
_TEXT = st.text(alphabet="ab1 .()*_`[]<>|#-+=!&\\~:;x\n\t中文", min_size=1, max_size=12)
_INLINE_TAGS = ["em", "strong", "code", "a", "span", "del", "b", "i", "sup", "sub"]
_BLOCK_TAGS = ["p", "div", "h2", "blockquote", "li", "pre", "td"]


@st.composite
def _fragments(draw: st.DrawFn, depth: int = 0) -> str:
    parts = []
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["text", "inline", "block", "list", "br"]))
        if kind == "text" or depth >= 3:
            parts.append(html.escape(draw(_TEXT)))
        elif kind == "br":
            parts.append("<br>")
        elif kind == "inline":
            tag = draw(st.sampled_from(_INLINE_TAGS))
            attributes = ' href="/x"' if tag == "a" else ""
            parts.append(f"<{tag}{attributes}>{draw(_fragments(depth + 1))}</{tag}>")
        elif kind == "list":
            tag = draw(st.sampled_from(["ul", "ol"]))
            items = "".join(f"<li>{draw(_fragments(depth + 1))}</li>" for _ in range(2))
            parts.append(f"<{tag}>{items}</{tag}>")
        else:
            tag = draw(st.sampled_from(_BLOCK_TAGS))
            inner = draw(_fragments(depth + 1))
            if tag == "td":
                parts.append(f"<table><tr><td>{inner}</td><td>{inner}</td></tr></table>")
            else:
                parts.append(f"<{tag}>{inner}</{tag}>")
    return "".join(parts)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_fragments(), st.booleans())
def test_markdown_text_is_the_text_output(body: str, links: bool) -> None:
    page = f"<html><body>{body}</body></html>"
    document = unboiler.parse(page, url="https://example.org/")
    unboiler.get_extractor("boilerpipe-everything")(document)
    markdown = to_markdown(document, links=links)
    text = _unraised(to_text(document))
    assert squeeze(_unraised(markdown_text(markdown))) == squeeze(text)
    expected = layout_skeleton(layout(document), links=links, images=False)
    assert without_markup(markdown_skeleton(markdown)) == without_markup(expected), markdown
    assert is_subsequence(squeeze(text), squeeze(_unraised(page_text(page))))


def _unraised(text: str) -> str:
    """``text`` with the Unicode forms of raised and lowered characters (¹, ₂, ⁻) that
    the plain text writes for what Markdown keeps in <sup>, taken back by compatibility
    normalisation; its minus sign is the hyphen-minus the page wrote."""
    return unicodedata.normalize("NFKC", text).replace("\u2212", "-")


def _structure_page() -> list[tuple[object, ...]]:
    return markdown_skeleton(to_markdown(article_document("structure.html")))


def test_table_whose_cells_are_headings_keeps_its_rows() -> None:
    table = _structure_page()[1]
    assert table == (
        "table",
        [
            [("text:Ingredient",), ("text:For two",), ("text:For four",)],
            [("text:Onions",), ("text:3",), ("text:6",)],
            [("text:Carrots",), ("text:8",), ("text:16",)],
        ],
    )


def test_table_with_header_cells_keeps_a_cell_of_two_paragraphs_as_one_cell() -> None:
    table = _structure_page()[2]
    assert table == (
        "table",
        [
            [("text:Plan",), ("text:What it gives",)],
            [("text:Basic",), ("text:One bowl a day.\nBread on Sundays.",)],
            [("text:Family",), ("text:Four bowls a day.",)],
        ],
    )


def test_a_layout_table_of_one_cell_of_text_is_its_text() -> None:
    # Hacker News's comment header beside its empty indent and vote cells, Wikipedia's
    # Commons box beside its logo: no grid; a row with a header cell, or rows of a
    # column, stay a table
    page = (
        "<table><tr><td class='ind'><img src='s.gif' width='40'></td><td class='votelinks'>"
        "</td><td class='default'>tptacek_fan 4 hours ago | next</td></tr></table>"
        "<table><tr><th>Status</th><td></td></tr></table>"
        "<table><tr><td></td><td>450+ free certificates</td></tr>"
        "<tr><td></td><td>470+ hours of online courses</td></tr></table>"
    )
    markdown = to_markdown(all_content(page))
    assert markdown.startswith("tptacek_fan 4 hours ago | next\n\n"), markdown
    assert "| Status |" in markdown and "| 450+ free certificates |" in markdown, markdown


def test_table_without_header_cells_and_with_paragraphs_in_a_cell_is_layout() -> None:
    blocks = _structure_page()[3:6]
    assert blocks == [
        ("paragraph", ("text:A column of the page, laid out with a table.",)),
        ("paragraph", ("text:Its second paragraph.",)),
        ("paragraph", ("text:Another column.",)),
    ]


def test_list_straight_inside_a_list_is_the_sublist_of_the_item_before() -> None:
    blocks = _structure_page()
    assert blocks[6] == (
        "list",
        False,
        1,
        [
            [
                ("paragraph", ("strong", "text:You need:", "/strong")),
                (
                    "list",
                    False,
                    1,
                    [
                        [("paragraph", ("text:a pot",))],
                        [("paragraph", ("text:a ", "em", "text:sharp", "/em", "text: knife"))],
                    ],
                ),
            ]
        ],
    )
    assert blocks[8] == (
        "list",
        True,
        1,
        [
            [
                ("paragraph", ("text:Chop",)),
                (
                    "list",
                    True,
                    1,
                    [
                        [("paragraph", ("text:onions first",))],
                        [("paragraph", ("text:then carrots",))],
                    ],
                ),
            ],
            [("paragraph", ("text:Boil",))],
        ],
    )


def test_items_wrapped_in_an_element_are_items_of_the_list() -> None:
    assert _structure_page()[7] == (
        "list",
        False,
        1,
        [
            [("paragraph", ("text:salt",))],
            [("paragraph", ("text:pepper",))],
            [("paragraph", ("text:thyme",))],
        ],
    )


@pytest.mark.parametrize(
    ("html", "expected"),
    [
        (
            '<div>Read the <a href="https://e.x/s">full story<div>Teaser</div>more</a>, ok.</div>',
            "Read the [full story](https://e.x/s)\n\n[Teaser](https://e.x/s)\n\n"
            "[more](https://e.x/s), ok.",
        ),
        (
            "<div><strong>Bold intro<p>bold paragraph</p></strong> after</div>",
            "**Bold intro**\n\n**bold paragraph**\n\nafter",
        ),
        (
            '<div><a href="https://e.x/o">Outer <b>bold<div>inner</div>tail</b> end</a></div>',
            "[Outer **bold**](https://e.x/o)\n\n[**inner**](https://e.x/o)\n\n"
            "[**tail** end](https://e.x/o)",
        ),
    ],
)
def test_formatting_around_blocks_is_on_each_of_its_lines(html: str, expected: str) -> None:
    document = unboiler.parse(html)
    unboiler.get_extractor("boilerpipe-everything")(document)
    assert to_markdown(document, links=True) == expected


def test_an_exclamation_mark_is_escaped_only_before_a_link() -> None:
    document = unboiler.parse(
        '<p>Keep at it!</p><p>Wow!<a href="https://e.x/">news</a>, and hi! there.</p>'
    )
    unboiler.get_extractor("boilerpipe-everything")(document)
    markdown = to_markdown(document, links=True)
    assert markdown == "Keep at it!\n\nWow\\![news](https://e.x/), and hi! there."
    html = markdown_parser().render(markdown)
    assert "<img" not in html and '<a href="https://e.x/">news</a>' in html


@pytest.mark.parametrize(
    ("body", "written"),
    [
        # After a line break, up to three spaces may come before a block's marker: a
        # " =" line under a paragraph's line is a setext underline (CommonMark §4.3).
        ("<em>1<br></em> =", "1\\\n \\="),
        ("<em>x<br></em> - y", "x\\\n \\- y"),
        ("<b>x<br></b> 3. y", "x\\\n 3\\. y"),
        ("<b>x<br></b> # y", "x\\\n \\# y"),
    ],
)
def test_block_markers_after_indentation_are_escaped(body: str, written: str) -> None:
    document = unboiler.parse(f"<p>{body}</p>")
    unboiler.get_extractor("boilerpipe-everything")(document)
    markdown = to_markdown(document)
    assert markdown == written
    assert markdown_skeleton(markdown)[0][0] == "paragraph"
    assert squeeze(markdown_text(markdown)) == squeeze(to_text(document))


def test_superscript_and_subscript_are_inline_html() -> None:
    document = unboiler.parse(
        "<p>Water is H<sub>2</sub>O, energy is mc<sup>2</sup> and the 2<sup>nd</sup>"
        " law holds; <sup>*a*</sup> stays text.</p>"
    )
    unboiler.get_extractor("boilerpipe-everything")(document)
    markdown = to_markdown(document)
    assert markdown == (
        "Water is H<sub>2</sub>O, energy is mc<sup>2</sup> and the 2<sup>nd</sup> law"
        " holds; <sup>\\*a\\*</sup> stays text."
    )
    rendered = markdown_parser().render(markdown)
    assert "H<sub>2</sub>O" in rendered
    assert "mc<sup>2</sup>" in rendered
    assert "<sup>*a*</sup>" in rendered
    # the plain text raises numbers with Unicode's forms; other raised text runs into
    # its word, as the page shows it
    assert to_text(document) == "Water is H₂O, energy is mc² and the 2nd law holds; *a* stays text."


@pytest.mark.parametrize(
    ("block", "language"),
    [
        ('<pre><code class="language-rust">', "rust"),  # HTML's suggestion, Prism
        ('<div class="highlight-python notranslate"><div class="highlight"><pre>', "python"),
        # Sphinx's default lexer is Python 3 or nothing, whichever lexes: no language
        ('<div class="highlight-default notranslate"><div class="highlight"><pre>', ""),
        ('<div class="highlight highlight-source-python"><pre>', "python"),  # GitHub
        ('<div class="highlight highlight-text-restructuredtext"><pre>', "restructuredtext"),
        ('<div class="highlight highlight-text-html-basic"><pre>', "html"),
        ('<div class="highlight highlight-text-html-php"><pre>', "php"),
        ('<div class="highlight highlight-text-tex-latex"><pre>', "latex"),
        ('<div class="highlight highlight-text-shell-session"><pre>', "console"),
        ('<pre><code class="lang-auto">', ""),  # Discourse: highlight.js guesses
        ('<div class="highlight-text notranslate"><div class="highlight"><pre>', ""),
        ('<div class="language-ruby highlighter-rouge"><div class="highlight"><pre>', "ruby"),
        ('<pre class="brush: css notranslate">', "css"),  # SyntaxHighlighter
        ('<div class="sourceCode"><pre class="sourceCode haskell">', "haskell"),  # Pandoc
        ('<pre class="chroma"><code data-lang="go">', "go"),  # Hugo
        ('<pre class="rust rust-example-rendered"><code>', "rust"),  # rustdoc's examples
        ('<pre class="rust item-decl"><code>', "rust"),  # and declarations
        ('<div class="language-bash highlight"><pre><span></span><code>', "bash"),  # MkDocs
        # Hexo: the language on the figure around the code's table
        ('<figure class="highlight rust"><table><tr><td class="code"><pre>', "rust"),
        ('<figure class="wide"><table><tr><td class="code"><pre>', ""),
        ('<section class="language-list"><div><div><pre>', ""),  # too far above
        # classes of that shape on other elements name no code's language
        ('<div class="highlight-box"><pre>', ""),
        ('<article class="post lang-en"><div><pre>', ""),
        ('<div class="language-selector"><div><pre>', ""),
        ('<div data-lang="fr"><pre>', ""),
        ('<pre><code class="hljs bash">', "bash"),  # highlight.js's older markup
        ('<pre class="hljs wp-block-code"><code>', ""),  # a page's own class beside it
        ('<div data-lang="cs"><pre>', ""),  # Czech, not C#
        ('<pre><code class="c">', ""),  # one letter: as often a minified class
        ('<pre><code class="javascript">', "javascript"),  # and without its mark
        ('<pre><code class="literal">', ""),  # a class that names no language
        ('<pre data-language="ruby"><code>', "ruby"),  # Prism's plugins, other CMSs
        # a reader's language on the <pre> itself (a lyrics site's): no code's
        ('<pre class="lyric-body" data-lang="es">', ""),
        ('<pre data-lang="pt-BR">', ""),
        ('<pre data-lang="es-419">', ""),
        ('<pre data-lang="go">', "go"),
        ('<pre data-lang="sh">', "sh"),  # the shell's, as on a <code>
        ('<pre data-lang="rst">', "rst"),
        ('<pre data-lang="go-html-template">', "go-html-template"),
        # in a <code>, code's: Perl's "pl", C#'s "cs"
        ('<pre><code data-lang="js">', "js"),
        ('<pre><code data-lang="pl">', "pl"),
        ('<pre><code data-lang="cs">', "cs"),
        ('<div class="code-frame" data-lang="python"><div class="highlight"><pre>', "python"),
        # Jupyter's nbconvert: IPython's lexer, Python to a fence's readers
        ('<div class=" highlight hl-ipython3"><pre>', "python"),
        ('<div class="highlight hl-julia"><pre>', "julia"),
        # Confluence's code macro; Jira's {code:java}, and "code-" before other words
        ('<pre class="syntaxhighlighter-pre" data-syntaxhighlighter-params="brush: yml; '
         'gutter: false">', "yml"),
        ('<pre class="code-java">', "java"),
        ('<pre class="code-block">', ""),
        ('<pre class="code-less">', ""),
        ('<pre class="rust"><code>', "rust"),  # Pandoc without highlighting
        ('<pre class="php">', "php"),  # GeSHi
        ('<pre class="code bash">', "bash"),  # GeSHi in DokuWiki: a known name beside "code"
        ('<pre class="code wrap">', ""),
        ('<pre class="code">', ""),
        ('<pre lang="python"><code>', "python"),  # GitHub's older rendering, WP-Syntax
        ('<pre lang="en">', ""),  # a reader's language
        ('<pre lang="cs">', ""),  # Czech, not C#
        ('<pre class="wide">', ""),
        # Medium: the language on the span that holds the block's text
        ('<pre class="rg rh bo"><span class="rj qd" data-code-block-mode="1" '
         'data-code-block-lang="sql">', "sql"),
        ('<pre><span class="rj" data-code-block-mode="0">', ""),
    ],
)  # fmt: skip
def test_code_block_language_as_highlighters_name_it(block: str, language: str) -> None:
    closing = "".join(f"</{tag}>" for tag in reversed(re.findall(r"<(\w+)", block)))
    document = unboiler.parse(f"<body>{block}x = 1{closing}</body>")
    for text_block in document.blocks:
        text_block.set_content(True)
    assert to_markdown(document).splitlines()[-3:] == [f"```{language}", "x = 1", "```"]


def test_short_code_in_a_cell_of_a_table_with_header_cells_is_the_cells_code() -> None:
    page = (
        "<table><tr><th>Operator</th><th>Example</th></tr>"
        "<tr><td>and</td><td><pre>x and y</pre></td></tr>"
        "<tr><td>or</td><td>logical or</td></tr></table>"
    )
    document = unboiler.parse(page)
    unboiler.get_extractor("boilerpipe-everything")(document)
    assert to_markdown(document) == (
        "| Operator | Example |\n| --- | --- |\n| and | `x and y` |\n| or | logical or |"
    )
    # a reference table's example of a few lines stays in its cell, a line each
    example = page.replace("x and y", "a\nb\nc\nd")
    document = unboiler.parse(example)
    unboiler.get_extractor("boilerpipe-everything")(document)
    assert "| and | `a`<br>`b`<br>`c`<br>`d` |" in to_markdown(document)
    # a listing longer than any cell's example is no cell's line: the table is laid out
    # flat (a layout table that places code)
    listing = "\n".join(f"line {n}" for n in range(MAX_CELL_CODE_LINES + 1))
    document = unboiler.parse(page.replace("x and y", listing))
    unboiler.get_extractor("boilerpipe-everything")(document)
    assert f"```\n{listing}\n```" in to_markdown(document)


def test_a_blank_line_in_a_cell_parts_paragraphs() -> None:
    # a table with header cells keeps it as one cell, its paragraphs the cell's lines
    document = unboiler.parse(
        "<table><tr><th>Name</th><th>Notes</th></tr>"
        "<tr><td>x</td><td>line one<br><br>line two</td></tr>"
        "<tr><td>y</td><td>z</td></tr></table>"
    )
    unboiler.get_extractor("boilerpipe-everything")(document)
    assert to_markdown(document) == (
        "| Name | Notes |\n| --- | --- |\n| x | line one<br>line two |\n| y | z |"
    )
    # a table-layout forum's post: its paragraphs stay paragraphs
    post = (
        "Hi all,<br><br>My sourdough starter smells of acetone after two days.<br>"
        "I feed it once a day.<br><br>Any ideas?"
    )
    expected = "Hi all,\n\nMy sourdough starter smells of acetone after two days.\\\nI feed it"
    for page in (
        f"<table><tr><td>{post}</td></tr></table>",
        f"<table><tr><td>breadnewbie<br>13 posts</td><td>{post}</td></tr></table>",
    ):
        document = unboiler.parse(page)
        unboiler.get_extractor("boilerpipe-everything")(document)
        assert expected in to_markdown(document), page
    # a tab in a cell's code would part the text output's columns
    tabbed = unboiler.parse(
        "<table><tr><th>Op</th><th>Example</th></tr><tr><td>and</td><td><pre>a\tb</pre></td></tr>"
        "</table>"
    )
    unboiler.get_extractor("boilerpipe-everything")(tabbed)
    assert to_text(tabbed) == "Op\tExample\nand\ta b"


def test_subscripts_and_superscripts_join_their_words() -> None:
    document = unboiler.parse("<p>Energy k<sub>B</sub>T, p<sub>T</sub> and iPhone<sup>TM</sup></p>")
    unboiler.get_extractor("boilerpipe-everything")(document)
    assert to_text(document) == "Energy kBT, pT and iPhoneTM"
    assert to_markdown(document) == "Energy k<sub>B</sub>T, p<sub>T</sub> and iPhone<sup>TM</sup>"


def test_a_table_without_header_cells_gets_an_empty_header_row() -> None:
    # a key-value table's first pair is no header; the header row GFM requires is empty
    document = unboiler.parse(
        "<table><tr><td>Weight</td><td>2.3 kg</td></tr><tr><td>Noise</td><td>72 dB</td></tr>"
        "</table>"
    )
    unboiler.get_extractor("boilerpipe-everything")(document)
    markdown = to_markdown(document)
    assert markdown == "| | |\n| --- | --- |\n| Weight | 2.3 kg |\n| Noise | 72 dB |"
    rendered = markdown_parser().render(markdown)
    assert "<td>Weight</td>" in rendered and "<th>Weight</th>" not in rendered
    # row headers in the first column do not make the first row a header either
    rows = unboiler.parse(
        "<table><tr><th>Weight</th><td>2.3 kg</td></tr><tr><th>Noise</th><td>72 dB</td></tr>"
        "</table>"
    )
    unboiler.get_extractor("boilerpipe-everything")(rows)
    assert to_markdown(rows).startswith("| | |\n| --- | --- |\n| Weight | 2.3 kg |")


def test_a_first_row_all_in_bold_or_in_thead_is_the_header() -> None:
    # a blog editor's table: its header a first row of <td><b>; in Markdown it heads
    # the columns, not a row under an empty header
    bold = unboiler.parse(
        "<table><tbody><tr><td><b>Item</b></td><td><strong>Cost</strong></td></tr>"
        "<tr><td>Rent</td><td>1,350,000</td></tr><tr><td>Fuel</td><td>148,000</td></tr>"
        "</tbody></table>"
    )
    unboiler.get_extractor("boilerpipe-everything")(bold)
    markdown = to_markdown(bold)
    assert markdown.startswith("| **Item** | **Cost** |\n| --- | --- |\n| Rent | 1,350,000 |")
    assert "<th><strong>Item</strong></th>" in markdown_parser().render(markdown)
    # the bold a paragraph or a span down in each cell
    nested = unboiler.parse(
        "<table><tr><td><p><b>Item</b></p></td><td><span><strong>Cost <b>in</b> EUR</strong>"
        "</span></td></tr><tr><td>Rent</td><td>900</td></tr></table>"
    )
    unboiler.get_extractor("boilerpipe-everything")(nested)
    assert to_markdown(nested).startswith("| **Item** | **Cost in EUR** |\n| --- | --- |\n")
    # a first row in <thead> of <td> cells
    head = unboiler.parse(
        "<table><thead><tr><td>Item</td><td>Cost</td></tr></thead>"
        "<tbody><tr><td>Rent</td><td>900</td></tr></tbody></table>"
    )
    unboiler.get_extractor("boilerpipe-everything")(head)
    assert to_markdown(head).startswith("| Item | Cost |\n| --- | --- |\n| Rent | 900 |")
    # two rows of <td> in <thead> head the columns together, an empty cell adding nothing
    two = unboiler.parse(
        "<table><thead><tr><td>Price</td><td colspan='2'>Year</td></tr><tr><td></td>"
        "<td>2023</td><td>2024</td></tr></thead><tbody><tr><td>Rent</td><td>900</td>"
        "<td>950</td></tr></tbody></table>"
    )
    unboiler.get_extractor("boilerpipe-everything")(two)
    assert to_markdown(two) == (
        "| Price | Year 2023 | Year 2024 |\n| --- | --- | --- |\n| Rent | 900 | 950 |"
    )
    # a first row only partly bold, or a table every row of which is bold, has none
    for rows in (
        "<tr><td><b>Rent</b> paid</td><td><b>900</b></td></tr><tr><td>Fuel</td><td>40</td></tr>",
        "<tr><td><b>Rent</b></td><td><b>900</b></td></tr><tr><td><b>Fuel</b></td><td><b>40</b>"
        "</td></tr>",
    ):
        plain_table = unboiler.parse(f"<table>{rows}</table>")
        unboiler.get_extractor("boilerpipe-everything")(plain_table)
        assert to_markdown(plain_table).startswith("| | |\n| --- | --- |\n"), rows


@pytest.mark.parametrize(
    "page",
    [
        # Hexo
        '<figure class="highlight python"><table><tr><td class="gutter"><pre>'
        '<span class="line">1</span><br><span class="line">2</span></pre></td>'
        '<td class="code"><pre><span class="line">x = 1</span><br>'
        '<span class="line">print(x)</span></pre></td></tr></table></figure>',
        # Pygments' table of line numbers (Sphinx, MkDocs with linenums)
        '<table class="highlighttable"><tr><td class="linenos"><div class="linenodiv"><pre>1\n2'
        '</pre></div></td><td class="code"><div class="highlight"><pre>x = 1\nprint(x)</pre>'
        "</div></td></tr></table>",
        # Rouge's table (Jekyll), inside the code block's own <pre>: the gutter's numbers
        # one <pre class="lineno"> of a line each
        '<figure class="highlight"><pre><code class="language-python" data-lang="python">'
        '<table class="rouge-table"><tbody><tr><td class="gutter gl"><pre class="lineno">1\n2\n'
        '</pre></td><td class="code"><pre>x = 1\nprint(x)\n</pre></td></tr></tbody></table>'
        "</code></pre></figure>",
        # Chroma's table (Hugo): the same class on both cells, the numbers told by counting
        '<div class="highlight"><table class="lntable"><tr><td class="lntd"><pre class="chroma">'
        '<code><span class="lnt">1\n</span><span class="lnt">2\n</span></code></pre></td>'
        '<td class="lntd"><pre class="chroma"><code class="language-python">'
        "x = 1\nprint(x)</code></pre></td></tr></table></div>",
    ],
)
def test_a_code_blocks_line_numbers_are_left_out(page: str) -> None:
    document = unboiler.parse(f"<body><p>Set it, then print it:</p>{page}</body>")
    for block in document.blocks:
        block.set_content(True)
    markdown = to_markdown(document)
    assert markdown.endswith("\nx = 1\nprint(x)\n```"), markdown
    assert markdown.count("```") == 2 and "1\n2" not in markdown


@pytest.mark.parametrize(
    ("wrapper", "inner"),
    [
        # Sphinx with :linenos:, its highlight mark inside the code's cell
        ('<div class="highlight-python notranslate">', '<div class="highlight">'),
        # MkDocs Material: the mark and the language on the wrapper around the table
        ('<div class="language-python highlight">', "<div>"),
    ],
)
def test_a_numbered_code_blocks_language_is_read_around_its_table(wrapper: str, inner: str) -> None:
    page = (
        f"<body><p>Set it, then print it:</p>{wrapper}<table class='highlighttable'><tr>"
        "<td class='linenos'><div class='linenodiv'><pre>1\n2</pre></div></td>"
        f"<td class='code'>{inner}<pre>x = 1\nprint(x)</pre></div></td></tr></table></div>"
        "</body>"
    )
    document = unboiler.parse(page)
    for block in document.blocks:
        block.set_content(True)
    assert "```python\nx = 1\nprint(x)\n```" in to_markdown(document)


def test_numbers_beside_code_that_do_not_count_on_are_kept() -> None:
    """A table of two code cells, one of which happens to hold numbers that do not count
    on by one (a listing's output), keeps both."""
    page = (
        "<body><p>Run it, and it prints:</p><table><tr><td><pre>print(2)\nprint(4)</pre></td>"
        "<td><pre>2\n4</pre></td></tr></table></body>"
    )
    document = unboiler.parse(page)
    for block in document.blocks:
        block.set_content(True)
    markdown = to_markdown(document)
    assert "print(2)" in markdown and "2\n4" in markdown, markdown
    # numbers that count on, right of the code or under a header, are its output
    for row in (
        "<tr><td><pre>for i in (1, 2):\n    print(i)</pre></td><td><pre>1\n2</pre></td></tr>",
        "<tr><th>Lines</th><th>Code</th></tr>"
        "<tr><td><pre>1\n2</pre></td><td><pre>x = 1\nprint(x)</pre></td></tr>",
    ):
        table = unboiler.parse(f"<body><table>{row}</table></body>")
        for block in table.blocks:
            block.set_content(True)
        markdown = to_markdown(table)
        assert "| `1`<br>`2` |" in markdown or "```\n1\n2\n```" in markdown, row


@pytest.mark.parametrize(
    "page",
    [
        # Pygments' inline numbers, as Sphinx writes them
        '<div class="highlight"><pre><span></span><span class="linenos">1</span>'
        '<span class="n">x</span> <span class="o">=</span> <span class="mi">1</span>\n'
        '<span class="linenos">2</span><span class="nb">print</span>(x)\n</pre></div>',
        # Pygments before 2.8, with a link on each number
        '<div class="highlight"><pre><span class="lineno"><a href="#l1"> 1</a></span>x = 1\n'
        '<span class="lineno"><a href="#l2"> 2</a></span>print(x)</pre></div>',
        # Chroma (Hugo): a line per span, its number first
        '<div class="highlight"><pre class="chroma"><code class="language-python">'
        '<span class="line"><span class="ln">1</span><span class="cl">x = 1\n</span></span>'
        '<span class="line"><span class="ln">2</span><span class="cl">print(x)\n</span></span>'
        "</code></pre></div>",
    ],
)
def test_a_code_lines_own_numbers_are_left_out(page: str) -> None:
    document = unboiler.parse(f"<body><p>Set it, then print it:</p>{page}</body>")
    for block in document.blocks:
        block.set_content(True)
    markdown = to_markdown(document)
    assert markdown.endswith("\nx = 1\nprint(x)\n```"), markdown
    assert to_text(document).endswith("\nx = 1\nprint(x)")
    assert "<pre><code" in to_html(document) and ">x = 1\nprint(x)</code>" in to_html(document)


def test_a_number_in_code_stays_when_it_is_no_line_number() -> None:
    # a span of such a class that holds more than a number is the program's
    document = unboiler.parse(
        '<body><pre><span class="ln">ln 2</span> = log(2)\n<span class="ln">7</span>x</pre></body>'
    )
    for block in document.blocks:
        block.set_content(True)
    assert to_text(document) == "ln 2 = log(2)\nx"


def test_a_reversed_list_and_items_values_keep_their_numbers() -> None:
    # a countdown: the page shows 3, 2, 1; items with their own values
    document = unboiler.parse(
        "<ol reversed><li>Bronze</li><li>Silver</li><li>Gold</li></ol>"
        "<ol><li>One</li><li value='7'>Seven</li><li>Eight</li></ol>"
        "<ol reversed start='10'><li>Ten</li><li>Nine</li></ol>"
    )
    unboiler.get_extractor("boilerpipe-everything")(document)
    markdown = to_markdown(document)
    # CommonMark numbers a list's items from its first: a number that does not follow on
    # starts a list of its own, with the other marker after a blank line (and a list
    # right after a list takes the other marker too)
    assert markdown.split("\n\n") == [
        "3. Bronze", "2) Silver", "1. Gold",
        "1) One", "7. Seven\n8. Eight",
        "10) Ten", "9. Nine",
    ]  # fmt: skip
    rendered = MarkdownIt("commonmark").render(markdown)
    shown = [
        int(n)
        for n in re.findall(r'<ol(?: start="(\d+)")?>', rendered.replace("<ol>", '<ol start="1">'))
    ]
    assert shown == [3, 2, 1, 1, 7, 10, 9]
    html = to_html(document)
    assert '<li value="3">Bronze</li>' in html and '<li value="1">Gold</li>' in html
    assert '<li value="7">Seven</li>' in html and '<li value="8">Eight</li>' in html
    # a list that counts one up from its start needs no value on its items
    plain = unboiler.parse("<ol start='4'><li>Four</li><li value='5'>Five</li></ol>")
    unboiler.get_extractor("boilerpipe-everything")(plain)
    assert to_markdown(plain) == "4. Four\n5. Five"
    assert "value=" not in to_html(plain)


def test_a_disclosures_summary_is_strong() -> None:
    # a FAQ's question over its answer; a summary in strong emphasis already keeps its own
    document = unboiler.parse(
        "<details><summary class='header'><span class='title'>Preciso ir a uma agência?"
        "</span></summary><div><p>Não, pela internet.</p></div></details>"
        "<details><summary><b>Quanto tempo?</b></summary><p>Até 30 dias.</p></details>"
        "<details><summary><h3>Q1?</h3></summary><p>A1</p></details>"
    )
    unboiler.get_extractor("boilerpipe-everything")(document)
    assert to_markdown(document).split("\n\n") == [
        "**Preciso ir a uma agência?**",
        "Não, pela internet.",
        "**Quanto tempo?**",
        "Até 30 dias.",
        "### Q1?",
        "A1",
    ]
    assert "<p><strong>Quanto tempo?</strong></p>" in to_html(document)
    assert "<h3>Q1?</h3>" in to_html(document)
    assert to_text(document).split("\n\n") == [
        "Preciso ir a uma agência?",
        "Não, pela internet.",
        "Quanto tempo?",
        "Até 30 dias.",
        "Q1?",
        "A1",
    ]


def test_a_pipe_is_escaped_only_where_a_table_could_start() -> None:
    # one line cannot be a table's header row over a delimiter row; lines of one
    # paragraph can; a cell's pipe is always escaped
    document = unboiler.parse(
        "<p>Kalori: 385kcal | Protein: 12g</p><p>a | b<br>--- | ---</p><p>c | d<br>:-:</p>"
        "<table><tr><th>Key</th><th>Value</th></tr><tr><td>or</td><td>x | y</td></tr></table>"
    )
    unboiler.get_extractor("boilerpipe-everything")(document)
    markdown = to_markdown(document)
    paragraphs = markdown.split("\n\n")[:2]
    assert paragraphs == ["Kalori: 385kcal | Protein: 12g", "a \\| b\\\n\\--- \\| ---"]
    assert "| or | x \\| y |" in markdown
    # a delimiter row of one column in a paragraph's second line is escaped too
    assert "c \\| d\\\n\\:-:" in markdown, markdown
    rendered = MarkdownIt("commonmark").enable("table").render(markdown)
    assert rendered.count("<table>") == 1 and "<p>Kalori: 385kcal | Protein: 12g</p>" in rendered


def test_a_heading_all_in_strong_emphasis_is_written_plain() -> None:
    document = unboiler.parse(
        "<h2 class='Normal'><strong>Chuyên gia: giá sẽ tăng</strong></h2><p>Body.</p>"
        "<h3> <b>Spaced</b> </h3><h2><strong>Part</strong> and rest</h2><h2><b>A</b> <b>B</b></h2>"
        "<h2><strong>Title <b>inner</b> more</strong></h2>"
    )
    unboiler.get_extractor("boilerpipe-everything")(document)
    assert to_markdown(document).split("\n\n") == [
        "## Chuyên gia: giá sẽ tăng",
        "Body.",
        "### Spaced",
        "## **Part** and rest",
        "## **A** **B**",
        "## Title inner more",
    ]


def test_an_items_own_number_apart_is_not_written_twice() -> None:
    # a government service's steps: the page styles each step's number and hides the
    # list's; a number in an item's line, or a number that is not the item's, is text
    page = (
        "<ol class='etapas'>"
        "<li><div class='etapa-header'><span class='numero-etapa'>1</span><h3>Criar a conta"
        "</h3></div><p>Acesse o portal.</p></li>"
        "<li><div class='etapa-header'><span class='numero-etapa'>2.</span><h3>Preencher"
        "</h3></div><p>Informe os dados.</p></li></ol>"
        "<p>Ingredients:</p><ol><li>1 cup of flour</li><li>2 eggs</li></ol>"
        "<p>Scores:</p><ol><li><span>7</span><p>Round one</p></li>"
        "<li><span>2</span><p>Round two</p></li></ol>"
    )
    document = unboiler.parse(page)
    unboiler.get_extractor("boilerpipe-everything")(document)
    markdown = to_markdown(document)
    assert markdown.split("\n\n") == [
        "1. ### Criar a conta",
        "   Acesse o portal.",
        "2. ### Preencher",
        "   Informe os dados.",
        "Ingredients:",
        "1. 1 cup of flour\n2. 2 eggs",
        "Scores:",
        "1. 7",
        "   Round one",
        "2. 2",
        "   Round two",
    ]
    html_out = to_html(document)
    assert "<li>\n<h3>Criar a conta</h3>" in html_out and ">1<" not in html_out.split("</ol>")[0]
    # the plain text writes no list's numbers, this one's as any other's
    assert to_text(document).startswith("Criar a conta\nAcesse o portal.\n\nPreencher")


def test_a_list_is_numbered_as_its_style_says() -> None:
    # a recipe plugin's steps: a <ul> whose items' style numbers them; letters by the
    # list's own style; a style that numbers some items only, or none, leaves bullets
    document = unboiler.parse(
        '<ul><li style="list-style-type: decimal;">Brown the butter.</li>'
        '<li style="list-style-type:decimal">Mash the bananas.</li></ul>'
        '<p>Then:</p><ul style="list-style: lower-alpha inside"><li>Bake</li><li>Cool</li></ul>'
        '<p>Or:</p><ul><li style="list-style-type: decimal">One</li><li>Two</li></ul>'
        '<p>And:</p><ul style="list-style-type: none"><li>Plain</li><li>Items</li></ul>'
        '<p>Clauses:</p><ol style="list-style: none"><li>4.1 You may close it.</li>'
        "<li>4.2 We may suspend it.</li></ol>"
        '<p>Motifs :</p><ol style="list-style-type:none"><li><span>1°</span> À des '
        "difficultés économiques ;</li><li><span>2°</span> À des mutations ;</li></ol>"
    )
    unboiler.get_extractor("boilerpipe-everything")(document)
    markdown = to_markdown(document)
    assert markdown.split("\n\n") == [
        "1. Brown the butter.\n2. Mash the bananas.",
        "Then:",
        "- a. Bake\n- b. Cool",
        "Or:",
        "- One\n- Two",
        "And:",
        "- Plain\n- Items",
        # an ordered list numbered by hand, its own numbers hidden: no second number
        "Clauses:",
        "- 4.1 You may close it.\n- 4.2 We may suspend it.",
        # French law's ordinals number its points by hand too
        "Motifs :",
        "- 1° À des difficultés économiques ;\n- 2° À des mutations ;",
    ]
    assert '<ol type="a">' in to_html(document)


def _latexml_list(tag: str, labels: tuple[str, ...]) -> str:
    """A list as LaTeXML writes a paper's: the marker hidden, each item's label in an
    element of its own over a block of the item's text."""
    items = "".join(
        f'<li class="ltx_item" style="list-style-type:none;"><span class="ltx_tag">{label}'
        f'</span><div class="ltx_para"><p class="ltx_p">Point {n} of the list.</p></div></li>'
        for n, label in enumerate(labels, start=1)
    )
    return f"<{tag}>{items}</{tag}>"


def test_an_items_label_over_its_text_is_written_beside_it() -> None:
    # Markdown wrote "- •" and "- 1\." over each item's text
    document = unboiler.parse(
        "<p>Bullets:</p>" + _latexml_list("ul", ("•", "•"))
        + "<p>Steps:</p>" + _latexml_list("ol", ("1.", "2.", "3."))
        + "<p>Cases:</p>" + _latexml_list("ol", ("(a)", "(b)"))
        + "<p>Step:</p><ol><li><span>1</span><h3>Criar a conta</h3></li></ol>"
    )  # fmt: skip
    unboiler.get_extractor("boilerpipe-everything")(document)
    assert to_markdown(document).split("\n\n") == [
        "Bullets:",
        "- Point 1 of the list.\n- Point 2 of the list.",
        "Steps:",
        "1. Point 1 of the list.\n2. Point 2 of the list.\n3. Point 3 of the list.",
        "Cases:",
        "- (a) Point 1 of the list.\n- (b) Point 2 of the list.",
        "Step:",  # a number over a heading is still the list's own number
        "1. ### Criar a conta",
    ]
    text = to_text(document)
    assert "Steps:\n\n1. Point 1 of the list.\n2. Point 2" in text  # the text keeps them
    assert "•" not in text and "\n(a) Point 1 of the list." in text
    assert "<ol>\n<li>Point 1 of the list.</li>" in to_html(document)


def test_a_grid_of_short_cells_without_header_cells_is_a_table() -> None:
    # an API reference's parameters: each cell a few short lines, no <th>
    rows = "".join(
        f"<tr><td><span>{name}</span><div>{flag}</div></td><td><div>{kind}</div>"
        f"<div><p>{what}</p></div></td></tr>"
        for name, flag, kind, what in (
            ("board_id", "required", "string", "The board to list tasks from."),
            ("status", "optional", "string", "Only tasks with this status."),
            ("limit", "optional", "integer", "How many tasks to return."),
        )
    )
    document = unboiler.parse(f"<body><table>{rows}</table></body>")
    unboiler.get_extractor("boilerpipe-everything")(document)
    assert to_markdown(document).splitlines() == [
        "| | |",
        "| --- | --- |",
        "| board_id<br>required | string<br>The board to list tasks from. |",
        "| status<br>optional | string<br>Only tasks with this status. |",
        "| limit<br>optional | integer<br>How many tasks to return. |",
    ]
    # two rows, or a long cell (a forum's post beside its author), stay a layout
    post = " ".join(["word"] * 45)
    for body in (
        rows[: rows.index("<tr>", 1)] + rows[rows.index("<tr>", 1) :].split("</tr>")[0] + "</tr>",
        rows.replace("How many tasks to return.", post),
    ):
        layout = unboiler.parse(f"<body><table>{body}</table></body>")
        unboiler.get_extractor("boilerpipe-everything")(layout)
        assert "|" not in to_markdown(layout)


def test_a_tables_column_alignment_is_kept() -> None:
    """A column aligned by its cells' style or ``align`` is aligned in the delimiter row
    (GFM §4.10); markdown-it-py reads it back."""
    document = unboiler.parse(
        "<table><tr><th>Setting</th><th style='text-align: center'>Default</th>"
        "<th align=right>Range</th><th align=justify>Note</th></tr>"
        "<tr><td>pool</td><td>10</td><td>1–100</td><td>per host</td></tr></table>"
    )
    unboiler.get_extractor("boilerpipe-everything")(document)
    markdown = to_markdown(document)
    assert markdown.splitlines()[:2] == [
        "| Setting | Default | Range | Note |",
        "| --- |:---:| ---:| --- |",
    ]
    header = markdown_parser().parse(markdown)
    styles = [token.attrGet("style") for token in header if token.type == "th_open"]
    assert styles == [None, "text-align:center", "text-align:right", None]


def test_a_column_under_a_header_of_two_rows_keeps_its_alignment() -> None:
    # "Price" over "2023" and "2024": the first row of numbers says how they align
    document = all_content(
        "<table><thead><tr><th rowspan='2'>Plan</th><th colspan='2'>Price</th></tr>"
        "<tr><th>2023</th><th>2024</th></tr></thead><tbody><tr><td>Basic</td>"
        "<td align='right'>9.00</td><td align='right'>10.00</td></tr></tbody></table>"
    )
    assert to_markdown(document).splitlines()[:2] == [
        "| Plan | Price 2023 | Price 2024 |",
        "| --- | ---:| ---:|",
    ]


def test_a_cell_across_the_columns_aligns_no_column() -> None:
    # an infobox's centred title and picture over rows of labels and values: the
    # labels' column is not centred; a centred value in a row of its own column is
    document = all_content(
        "<table><tr><th colspan='2' style='text-align:center'>Müngstener Brücke</th></tr>"
        "<tr><td colspan='2' style='text-align:center'>The bridge from the south</td></tr>"
        "<tr><td><b>Height</b></td><td align='right'>107 m</td></tr>"
        "<tr><td><b>Opened</b></td><td>1897</td></tr></table>"
    )
    lines = to_markdown(document).splitlines()
    assert lines[1] == "| --- | ---:|", lines


def test_a_task_list_keeps_its_checkboxes() -> None:
    """GitHub's task lists: a checkbox at the start of an item (or of its first
    paragraph) is GFM's ``[x]``/``[ ]`` in Markdown, and the same marks in text and
    HTML; an item without one, or with another input, has none, and so has one whose box
    the reader can tick and no class names a task (mkdocs-material's menus)."""
    document = unboiler.parse(
        "<ul><li><input type='checkbox' checked disabled> Write the parser</li>"
        "<li><input type=checkbox disabled> Write the tests</li><li>No box here</li></ul>"
        "<p>Then:</p><ol><li class='task-list-item'><p><input type='CheckBox' checked>"
        " In a paragraph</p></li></ol>"
        "<p>And:</p><ul><li><input type='text'> Not a box</li></ul>"
        "<p>Menu:</p><ul><li class='md-nav__item'><input class='md-nav__toggle md-toggle'"
        " type='checkbox' id='__nav_2' checked> Tutorial</li></ul>"
        # GitLab's empty <task-button> before the box; pymdown's label around it
        "<p>Then:</p><ul><li class='task-list-item'><task-button></task-button>"
        "<input type='checkbox' class='task-list-item-checkbox' checked disabled> Migrate</li>"
        "<li class='task-list-item'><label class='task-list-control'><input type='checkbox'"
        " disabled><span class='task-list-indicator'></span></label> Document</li>"
        "<li><label><input type='checkbox'> Remember me</label></li></ul>"
    )
    unboiler.get_extractor("boilerpipe-everything")(document)
    markdown = to_markdown(document)
    assert markdown.split("\n\n") == [
        "- [x] Write the parser\n- [ ] Write the tests\n- No box here",
        "Then:",
        "1. [x] In a paragraph",
        "And:",
        "- Not a box",
        "Menu:",
        "- Tutorial",
        "Then:",
        "- [x] Migrate\n- [ ] Document\n- Remember me",
    ]
    assert to_text(document).startswith("[x] Write the parser\n[ ] Write the tests\nNo box")
    assert "<li>[x] Write the parser</li>" in to_html(document)


def test_a_lists_numbering_style_is_kept() -> None:
    """Letters and roman numerals (``<ol type>``, or the page's CSS): the HTML output
    keeps them, so that a reference to clause (b) finds it.  Markdown numbers only in
    decimal: such a list is written as bullets, each item opening with its label."""
    document = unboiler.parse(
        "<ol type='a' start='2'><li>Fees</li><li>Taxes</li></ol><p>Between.</p>"
        "<ol type='I'><li>Part one</li></ol><p>And.</p><ol type='x'><li>Odd</li></ol>"
        "<p>Styled.</p><ol type='a' style='list-style-type: upper-roman'><li>Four</li></ol>"
        "<p>Hidden.</p><ol type='a' style='list-style: none'><li>Fees apply here</li></ol>"
    )
    unboiler.get_extractor("boilerpipe-everything")(document)
    html = to_html(document)
    assert '<ol start="2" type="a">' in html and '<ol type="I">' in html
    assert "<ol>\n<li>Odd</li>" in html  # not a type HTML knows: decimal
    assert '<ol type="I">\n<li>Four</li>' in html  # the CSS over the attribute
    assert to_markdown(document).split("\n\n") == [
        "- b. Fees\n- c. Taxes",
        "Between.",
        "- I. Part one",
        "And.",
        "1. Odd",
        "Styled.",
        "- I. Four",
        # letters the page's style does not show are not written
        "Hidden.",
        "1. Fees apply here",
    ]


def test_a_lettered_list_reads_back_as_its_items() -> None:
    # a lettered list beside a bulleted one takes the other marker, or the two would be
    # one list; an item opening with a nested list or a heading has its label alone
    document = unboiler.parse(
        "<ol type='i' start='3'><li><p>Third clause.</p></li>"
        "<li><ul><li>nested one</li><li>nested two</li></ul></li></ol>"
        "<ul><li>A bullet</li><li>Another</li></ul>"
        "<ol type='A' start='26'><li><h3>Zed</h3><p>Last letter.</p></li><li>Next</li></ol>"
    )
    unboiler.get_extractor("boilerpipe-everything")(document)
    rendered = markdown_parser().render(to_markdown(document))
    assert rendered.count("<ul>") == 4 and "<ol" not in rendered
    assert "<li>iii. Third clause.</li>" in rendered
    assert "<li>iv.\n<ul>\n<li>nested one</li>" in rendered
    assert "<li>A bullet</li>\n<li>Another</li>\n</ul>" in rendered
    assert "<p>Z.</p>\n<h3>Zed</h3>" in rendered and "<p>AA. Next</p>" in rendered


def test_a_definition_lists_terms_are_strong() -> None:
    # Markdown has no definition list: a term written plain read as one more paragraph
    page = (
        "<dl><dt>Apple</dt><dd>A red fruit.</dd><dt><b>Banana</b> split</dt><dd>Yellow.</dd>"
        "<dt><a href='https://example.org/pear'>Pear</a> <em>(ripe)</em></dt><dd>Green.</dd></dl>"
    )
    document = unboiler.parse(page)
    unboiler.get_extractor("boilerpipe-everything")(document)
    markdown = to_markdown(document, links=True)
    rendered = markdown_parser().render(markdown)
    assert "<p><strong>Apple</strong></p>\n<p>A red fruit.</p>" in rendered
    # a term with strong emphasis of its own keeps it as it is
    assert "<p><strong>Banana</strong> split</p>" in rendered
    assert (
        '<p><strong><a href="https://example.org/pear">Pear</a> <em>(ripe)</em></strong></p>'
        in rendered
    )
    # the text output writes the terms as paragraphs, as WCXB's gold does
    assert to_text(document).startswith("Apple\n\nA red fruit.\n\nBanana split\n\nYellow.")


def test_a_forum_posts_body_in_a_blockquote_is_no_quotation() -> None:
    # vBulletin 4 writes every post in <blockquote class="postcontent restore"> and its
    # quotations in <div class="bbcode_quote">: every post came out as a quotation, and
    # the quoted words ran into the reply
    page = (
        "<html><body><div id='post_message_2'><blockquote class='postcontent restore'>"
        "<div class='bbcode_container'><div class='bbcode_quote'><div class='quote_container'>"
        "<div class='bbcode_postedby'>Originally Posted by <strong>sohc4life</strong></div>"
        "<div class='message'>the idle screw does nothing</div></div></div></div>"
        "That almost always means the idle circuit is still blocked.</blockquote></div>"
        "</body></html>"
    )
    document = all_content(page)
    assert to_markdown(document) == (
        "> Originally Posted by **sohc4life**\n>\n> the idle screw does nothing\n\n"
        "That almost always means the idle circuit is still blocked."
    )


def test_images_of_a_line_without_text_stay_apart() -> None:
    # a README's row of badges: linked images parted by white space and nothing else
    page = (
        "<html><body><h1>tinyjson</h1><p><a href='https://ex.com/ci'>"
        "<img src='https://ex.com/ci.svg' alt='CI'></a>\n<a href='https://ex.com/lic'>"
        "<img src='https://ex.com/lic.svg' alt='License: MIT'></a></p>"
        "<p>tinyjson is a small JSON parser written in C.</p></body></html>"
    )
    document = all_content(page)
    badges = (
        "[![CI](https://ex.com/ci.svg)](https://ex.com/ci) "
        "[![License: MIT](https://ex.com/lic.svg)](https://ex.com/lic)"
    )
    assert to_markdown(document, images=True, links=True) == (
        f"# tinyjson\n\n{badges}\n\ntinyjson is a small JSON parser written in C."
    )
    # touching images stay touching
    touching = page.replace("</a>\n<a", "</a><a")
    assert "ci)[![License" in to_markdown(all_content(touching), images=True, links=True)


def test_an_image_touching_a_word_is_set_apart_from_it() -> None:
    # a shop card: the photo, then its badge in a span, all in one link
    page = (
        "<html><body><ul><li><a href='https://ex.com/f1'><img src='https://ex.com/f1.jpg'"
        " alt='City bike'><span class='badge'>New</span></a> and"
        "<img src='https://ex.com/star.png' alt='star'>rated</li></ul></body></html>"
    )
    markdown = to_markdown(all_content(page), images=True, links=True)
    assert markdown == (
        "- [![City bike](https://ex.com/f1.jpg) New](https://ex.com/f1) and "
        "![star](https://ex.com/star.png) rated"
    )
    # Chinese is written without spaces: none is put there
    page = "<body><p>图片<img src='https://ex.com/a.png' alt='图'>文字</p></body>"
    assert to_markdown(all_content(page), images=True) == "图片![图](https://ex.com/a.png)文字"


def test_an_image_alone_in_a_list_item_or_a_cell_is_kept_with_its_list() -> None:
    # a recipe's step photo and a table's picture cell were dropped, the steps renumbered
    page = (
        "<html><body><ol><li>Cream the butter and the sugar.</li>"
        "<li><div><img src='https://ex.com/step2.jpg' alt='creaming'></div></li>"
        "<li>Fold in the flour.</li></ol><table><tr><th>Tool</th><th>Photo</th></tr>"
        "<tr><td>Bowl</td><td><img src='https://ex.com/bowl.jpg' alt='A bowl'></td></tr>"
        "</table><ul class='gallery'><li><img src='https://ex.com/ad.jpg' alt='ad'></li></ul>"
        "</body></html>"
    )
    document = all_content(page)
    assert to_markdown(document, images=True) == (
        "1. Cream the butter and the sugar.\n2. ![creaming](https://ex.com/step2.jpg)\n"
        "3. Fold in the flour.\n\n| Tool | Photo |\n| --- | --- |\n"
        "| Bowl | ![A bowl](https://ex.com/bowl.jpg) |"
    )  # a list of images alone, beside no content, is no item of it


def test_an_image_over_its_caption_in_a_cell_is_kept() -> None:
    # an infobox's picture, and its caption in an element of its own under it: the
    # picture was dropped, the caption kept
    page = (
        "<html><body><table class='infobox'><tr><td colspan='2'><img "
        "src='https://ex.com/nile.jpg' alt='The Nile'><div class='caption'>The Nile in "
        "Cairo</div></td></tr><tr><th>Length</th><td>6,650 km</td></tr></table>"
        "<p>The Nile is a major river.</p></body></html>"
    )
    markdown = to_markdown(all_content(page), images=True)
    assert "| ![The Nile](https://ex.com/nile.jpg)<br>The Nile in Cairo |  |" in markdown, markdown


def test_a_lazy_images_noscript_copy_is_written_once() -> None:
    # lazysizes and WP Rocket: the picture's address in data-src, then a <noscript> copy
    page = (
        "<html><body><p>Text before the picture, long enough.</p><figure>"
        "<img class='lazyload' src='data:image/gif;base64,R0lGODlhAQABAAAAACw=' "
        "data-src='https://ex.com/real.jpg' alt='Cake'><noscript><img "
        "src='https://ex.com/real.jpg' alt='Cake'></noscript><figcaption>A cake</figcaption>"
        "</figure><p><noscript><img src='https://ex.com/only.jpg' alt='Only'></noscript></p>"
        "<p>The end.</p></body></html>"
    )
    document = all_content(page)
    markdown = to_markdown(document, images=True)
    assert markdown.count("real.jpg") == 1, markdown
    assert "![Only](https://ex.com/only.jpg)" in markdown  # a <noscript> image alone stays
    # Zhihu writes the copy first, then the lazy image
    first = (
        "<html><body><p>Text before the picture, long enough.</p><figure><noscript><img"
        " src='https://pic.ex.com/a_b.jpg' data-original='https://pic.ex.com/a_r.jpg'></noscript>"
        "<img src='data:image/svg+xml;utf8,x' class='lazy' data-original="
        "'https://pic.ex.com/a_r.jpg'><figcaption>A chart</figcaption></figure>"
        "<p>The end.</p></body></html>"
    )
    markdown = to_markdown(all_content(first), images=True)
    assert markdown.count("![](https://pic.ex.com/a_r.jpg)") == 1, markdown


def test_an_image_without_alt_text_between_paragraphs_is_a_picture() -> None:
    # a news photo between two paragraphs; an icon with an empty alt beside the words of
    # its line is decoration (the HTML standard, 4.8.4.4)
    page = (
        "<html><body><p>Para one is long enough to be content.</p>"
        "<img src='https://x.org/photo.jpg' alt=''><p>Para two, <img src='https://x.org/"
        "icon.svg' alt=''> with an icon in its line.</p></body></html>"
    )
    markdown = to_markdown(all_content(page), images=True)
    assert "![](https://x.org/photo.jpg)" in markdown and "icon.svg" not in markdown, markdown


def test_a_picture_marked_as_decoration_that_is_described_or_captioned_is_kept() -> None:
    # Medium marks every picture of its articles role="presentation"; an icon so marked,
    # with a word or no text, is decoration
    page = (
        "<html><body><p>Text before the pictures, long enough.</p>"
        "<figure><img role='presentation' alt='A chart of latency with retries spread out'"
        " src='https://ex.com/chart.png'></figure>"
        "<figure><div><picture><img role='presentation' alt='' src='https://ex.com/jitter.png'>"
        "</picture></div><figcaption>Expected sleep per attempt</figcaption></figure>"
        "<p>Share <img role='presentation' alt='Twitter' src='https://ex.com/t.png'> it.</p>"
        "<figure><img role='none' alt='' src='https://ex.com/rule.png'></figure>"
        "<p>The end.</p></body></html>"
    )
    markdown = to_markdown(all_content(page), images=True)
    assert "![A chart of latency with retries spread out](https://ex.com/chart.png)" in markdown
    assert "![](https://ex.com/jitter.png)" in markdown
    assert "ex.com/t.png" not in markdown and "rule.png" not in markdown, markdown


@pytest.mark.parametrize(
    ("page", "markdown", "html"),
    [
        # Blogger's and old WordPress's code samples: <code> lines parted by <br>,
        # indented with no-break spaces; Markdown's code span holds no line break
        (
            "<html><body><p>Loop:</p><p><code>for i in range(3):<br>&nbsp;&nbsp;&nbsp;&nbsp;"
            "print(i)</code></p><p>Run <code>python loop.py</code> to see it.</p></body></html>",
            "Loop:\n\n```\nfor i in range(3):\n    print(i)\n```\n\n"
            "Run `python loop.py` to see it.",
            "<pre><code>for i in range(3):\n    print(i)</code></pre>",
        ),
        # SMF writes a post's code as <code class="bbc_code"> lines parted by <br>, the
        # post's next sentence right after it in the same element: its style sheet shows
        # the code as a block; read inline, the code's last line ran into the sentence
        (
            "<html><body><div class='inner'>Мой план:<br><div class='codeheader'>Код</div>"
            "<code class='bbc_code'>Июнь:&nbsp; &nbsp;зола<br>Август: только полив</code>"
            "Для крупных сортов это важно.</div></body></html>",
            "Мой план:\n\nКод\n\n```\nИюнь:   зола\nАвгуст: только полив\n```\n\n"
            "Для крупных сортов это важно.",
            "<pre><code>Июнь:   зола\nАвгуст: только полив</code></pre>\n<p>Для крупных",
        ),
    ],
)
def test_a_code_element_broken_into_lines_is_a_code_block(
    page: str, markdown: str, html: str
) -> None:
    document = all_content(page)
    assert to_markdown(document) == markdown
    assert html in to_html(document)


def test_a_cell_with_a_quotation_or_a_nested_list_keeps_its_table() -> None:
    # a reference table's cell with a parameter's options, or a quotation: the table was
    # taken apart into one paragraph per cell
    page = (
        "<html><body><table><thead><tr><th>Option</th><th>Notes</th></tr></thead><tbody>"
        "<tr><td>mode</td><td><ul><li>fast<ul><li>no checks</li></ul></li><li>safe</li></ul>"
        "</td></tr><tr><td>a</td><td><blockquote>quoted cell</blockquote></td></tr>"
        "</tbody></table></body></html>"
    )
    document = all_content(page)
    assert to_markdown(document) == (
        "| Option | Notes |\n| --- | --- |\n| mode | fast<br>no checks<br>safe |\n"
        "| a | quoted cell |"
    )
    assert "<td>fast<br>no checks<br>safe</td>" in to_html(document)


def test_a_table_of_numbered_lines_is_a_code_block() -> None:
    # GitHub's files and gists: a row a line, its number's cell and its code's cell
    rows = "".join(
        f'<tr><td class="blob-num js-line-number" data-line-number="{n}"></td>'
        f'<td class="blob-code blob-code-inner js-file-line">{code}</td></tr>'
        for n, code in enumerate(["def f():", "    return 1", "", "print(f())"], 1)
    )
    page = f"<html><body><p>The script:</p><table class='highlight'>{rows}</table></body></html>"
    document = all_content(page)
    assert to_markdown(document) == (
        "The script:\n\n```\ndef f():\n    return 1\n\nprint(f())\n```"
    )
    # a table of two columns that are no line numbers stays a table
    page = "<html><body><table><tr><td>a</td><td>b</td></tr></table></body></html>"
    document = all_content(page)
    assert to_markdown(document) == "| | |\n| --- | --- |\n| a | b |"


def test_an_image_with_candidates_of_sizes_and_no_src_is_kept() -> None:
    page = (
        "<html><body><p><img srcset='https://ex.com/a-480.jpg 480w, https://ex.com/a-800.jpg "
        "800w' alt='Plated cake'> served warm</p><p><picture><source srcset="
        "'https://ex.com/p.avif'><img alt='pic'></picture> on a plate</p></body></html>"
    )
    document = all_content(page)
    assert to_markdown(document, images=True) == (
        "![Plated cake](https://ex.com/a-800.jpg) served warm\n\n"
        "![pic](https://ex.com/p.avif) on a plate"
    )


def test_images_of_a_layout_table_and_linked_ones_are_no_items() -> None:
    # a layout table (no header cells): its logo and advertisements beside the article
    page = (
        "<html><body><table><tr><td><a href='/'><img src='https://ex.com/logo.png' "
        "alt='Site logo'></a></td><td><p>The article's text, long enough to be read.</p></td>"
        "<td><img src='https://ex.com/ad.png' alt='Sponsored'></td></tr></table>"
        "<ul><li>Cream the butter.</li><li><a href='/big.jpg'><img src='https://ex.com/s.jpg' "
        "alt='step'></a></li></ul></body></html>"
    )
    document = all_content(page)
    markdown = to_markdown(document, images=True)
    assert "logo" not in markdown and "ad.png" not in markdown and "s.jpg" not in markdown


def test_a_srcset_address_may_hold_commas_and_a_hidden_lazy_image_keeps_its_copy() -> None:
    page = (
        "<html><body><p><img srcset='https://res.example/upload/c_scale,w_400/chart.jpg 400w, "
        "https://res.example/upload/c_scale,w_800/chart.jpg 800w' alt='Chart'> above</p>"
        "<p><img data-src='https://ex.com/a.jpg' src='data:image/gif;base64,R0lGOD' "
        "aria-hidden='true' role='presentation'><noscript><img src='https://ex.com/a.jpg' "
        "alt='Photo'></noscript> below</p></body></html>"
    )
    document = all_content(page)
    markdown = to_markdown(document, images=True)
    assert "![Chart](https://res.example/upload/c_scale,w_800/chart.jpg)" in markdown
    assert "![Photo](https://ex.com/a.jpg)" in markdown  # the only picture shown


def test_the_largest_candidate_of_a_srcset() -> None:
    from unboiler.output.layout import largest_candidate

    assert largest_candidate("/a-400.jpg 400w, /a-1200.jpg 1200w, /a-800.jpg 800w") == (
        "/a-1200.jpg"
    )
    assert largest_candidate("/a.jpg, /a@2x.jpg 2x") == "/a@2x.jpg"
    assert largest_candidate("/c_scale,w_400/x.jpg 400w,/c_scale,w_9/x.jpg 90w") == (
        "/c_scale,w_400/x.jpg"
    )
    assert largest_candidate("/only.jpg") == "/only.jpg"
    assert largest_candidate("  ,  ") is None


def test_a_placeholders_noscript_copy_gives_the_picture() -> None:
    """A lazy loader's shown image holds a blurred preview, its <noscript> copy the
    picture: one image, with the copy's address."""
    page = (
        "<html><body><p>The ridge at noon, seen from the path.</p><figure><img "
        "src='https://ex.com/ridge-tiny.jpg?w=20' width='1200' alt='Catbells ridge'>"
        "<noscript><img src='https://ex.com/ridge.jpg' alt='Catbells ridge'></noscript>"
        "<figcaption>On the ridge.</figcaption></figure></body></html>"
    )
    markdown = to_markdown(all_content(page), images=True)
    assert markdown.count("![") == 1, markdown
    assert "![Catbells ridge](https://ex.com/ridge.jpg)" in markdown


def test_a_threads_posts_are_parted_by_a_thematic_break() -> None:
    # a question and its answers (schema.org items), then a forum's posts (siblings of
    # one class), then comments nested in an answer (parts of it, not posts apart)
    page = (
        "<h1>Reversing a list</h1>"
        "<div itemscope itemtype='https://schema.org/Question'><p>How do I do it?</p></div>"
        "<div class='answer' itemscope itemtype='http://schema.org/Answer'><p>Slice it "
        "backwards.</p><div class='comment'><p>Nice one, thanks.</p></div><div "
        "class='comment'><p>Thanks, that works.</p></div></div><div class='answer'><p>Call "
        "the reverse method.</p></div><div class='posts'><div class='post'><p>The first "
        "post. \U0001f606</p></div><div class='post'><p>It says “the second "
        "post!”</p></div></div>"
    )
    markdown = to_markdown(all_content(page))
    assert markdown.split("\n\n") == [
        "# Reversing a list",
        "How do I do it?",
        "---",
        "Slice it backwards.",
        "Nice one, thanks.",
        "Thanks, that works.",
        "---",
        "Call the reverse method.",
        "---",
        "The first post. \U0001f606",
        "---",
        "It says “the second post!”",
    ]
    assert to_html(all_content(page)).count("<hr>") == 4
    assert "---" not in to_text(all_content(page))  # the text output parts paragraphs alone


def test_a_post_numbered_by_its_id_is_parted_from_the_replies() -> None:
    # Discourse's crawler view: the opening post is a <div id='post_1'> of no schema.org
    # type, its replies Comment items numbered on; a menu's numbered items are no posts.
    # The opening post ends with its likes, no prose that would part it as the page's own
    comment = "itemprop='comment' itemscope itemtype='http://schema.org/Comment'"
    page = (
        "<div id='post_1' class='topic-body'><p>My stick is not found since the upgrade.</p>"
        "<p>My setup is old.</p><span class='post-likes'>3 Likes</span></div>"
        f"<div id='post_2' {comment} class='topic-body'><p>Purge brltty, it takes the"
        " adapter.</p></div>"
        f"<div id='post_3' {comment} class='topic-body'><p>That was it, thank you.</p></div>"
        "<ul><li id='menu-item-1'>Latest posts.</li><li id='menu-item-2'>Top posts.</li></ul>"
    )
    assert to_markdown(all_content(page)).split("\n\n") == [
        "My stick is not found since the upgrade.",
        "My setup is old.",
        "3 Likes",
        "---",
        "Purge brltty, it takes the adapter.",
        "---",
        "That was it, thank you.",
        "- Latest posts.\n- Top posts.",
    ]


def test_one_post_cards_or_sections_are_not_parted() -> None:
    page = (
        "<article><h1>A post</h1><p>Its text is here.</p></article><div class='reply'><p>A "
        "box to reply to it.</p></div><div class='comment-form'><p>Leave a comment here."
        "</p></div><p class='post'>Alone of its class, it is.</p>"
    )
    assert "---" not in to_markdown(all_content(page))
    # a listing's cards (no prose) and a list article's sections (each opens with a
    # heading) need no break
    cards = "".join(
        f"<article><p>Oversized T-shirt</p><p>Regular Price: ${n}</p></article>" for n in (24, 36)
    )
    sections = "".join(
        f"<article><h2>Course {n}</h2><p>You will learn a lot here.</p></article>" for n in (1, 2)
    )
    assert "---" not in to_markdown(all_content(f"<main>{cards}{sections}</main>"))


def test_a_numbered_code_table_with_a_file_name_is_a_code_block() -> None:
    # MkDocs Material's `title="pipeline.py" linenums="1"`: Pygments' table of numbered
    # lines with a header row naming the file, its language on the <div> around it
    page = (
        "<p>Define the task:</p><div class='language-python highlight'><table "
        "class='highlighttable'><tr><th colspan='2' class='filename'><span "
        "class='filename'>pipeline.py</span></th></tr><tr><td class='linenos'><div "
        "class='linenodiv'><pre><span class='normal'>1</span>\n<span class='normal'>2</span>\n"
        "<span class='normal'>3</span></pre></div></td><td class='code'><div><pre><span>"
        "</span><code>import csv\n\ndef load(path):\n    return list(csv.DictReader(path))\n"
        "</code></pre></div></td></tr></table></div><p>Import it.</p>"
    )
    code = "import csv\n\ndef load(path):\n    return list(csv.DictReader(path))"
    assert to_markdown(all_content(page)) == (
        f"Define the task:\n\npipeline.py\n\n```python\n{code}\n```\n\nImport it."
    )
    assert f"\n\n{code}\n\n" in to_text(all_content(page))


def test_a_code_blocks_language_label_is_its_fence_info() -> None:
    # VitePress: the language on the <div> around the <pre> and a label above the code;
    # MDN: a header naming the language of a `brush: js` block; a label that names no
    # language of the block stays
    page = (
        "<p>Read it:</p><div class='language-js vp-adaptive-theme'><button class='copy'>"
        "</button><span class='lang'>js</span><pre class='shiki'><code>console.log(1)"
        "</code></pre></div><div class='code-example'><div class='example-header'><span>JS"
        "</span></div><pre class='brush: js'>let a = 2;</pre></div>"
        "<div><span class='title'>config.toml</span><pre>a = 1</pre></div>"
        "<div class='tip custom-block'><p class='custom-block-title'>TIP</p><p>Only VITE_ "
        "variables.</p></div>"
    )
    assert to_markdown(all_content(page)) == (
        "Read it:\n\n```js\nconsole.log(1)\n```\n\n```js\nlet a = 2;\n```\n\n"
        "config.toml\n\n```\na = 1\n```\n\n> TIP\n>\n> Only VITE\\_ variables."
    )
    assert "\n\njs\n\nconsole.log(1)" in to_text(all_content(page))  # the text's only mention
    assert "<p>js</p>" not in to_html(all_content(page))


def test_a_terms_name_of_a_language_stays_and_a_gutter_cell_keeps_its_table() -> None:
    # a definition list whose term is a language's name over its example: the term is
    # the list's, not the code's label; a table of data with a cell of the class that
    # marks line numbers but no code beside it stays a table
    terms = (
        "<dl><dt>Term one</dt><dd>First.</dd><dt>python</dt><dd><pre><code "
        "class='language-python'>print(1)</code></pre></dd></dl>"
    )
    assert "**python**" in to_markdown(all_content(terms))
    table = (
        "<table><tr><th>Name</th><th>Value</th></tr><tr><td class='gutter'>a</td>"
        "<td>1</td></tr><tr><td>b</td><td>2</td></tr></table>"
    )
    assert "| b | 2 |" in to_markdown(all_content(table))


def test_a_post_that_holds_the_others_is_the_threads_box() -> None:
    # Stack Exchange's Question item around the question and its answers: the answers
    # are the posts thematic breaks part, and the question's text from the first
    page = (
        "<div itemscope itemtype='https://schema.org/Question'><h1>Reversing a list</h1>"
        "<div class='body'><p>How do I reverse a list?</p></div><div id='answers'>"
        "<div itemscope itemtype='https://schema.org/Answer'><p>Slice it backwards.</p></div>"
        "<div itemscope itemtype='https://schema.org/Answer'><p>Call its reverse method."
        "</p></div></div></div>"
    )
    markdown = to_markdown(all_content(page))
    assert markdown.endswith(
        "How do I reverse a list?\n\n---\n\nSlice it backwards.\n\n---\n\nCall its reverse method."
    ), markdown


def test_a_reply_nested_in_the_comment_it_answers_is_parted_from_it() -> None:
    # old Reddit: each comment's replies in a box of their own under it, a reply alone
    # in its box, and a reply to the reply inside that; each reads as a post apart
    def comment(text: str, replies: str = "") -> str:
        return (
            f"<div class='thing comment'><div class='entry'><div class='md'><p>{text}</p>"
            f"</div></div><div class='child'><div class='sitetable listing'>{replies}</div>"
            "</div></div>"
        )

    reply = comment(
        "Does that mean I keep only a quarter of the starter each time I feed it?",
        comment("Yes, and the rest makes very good pancakes on a Sunday morning."),
    )
    page = (
        "<div class='sitetable nestedlisting'>"
        + comment("It is not dead, only hungry: feed it twice a day from now on.", reply)
        + comment("Tell your partner that it is really hard to kill a starter.")
        + "</div>"
    )
    expected = [
        "It is not dead, only hungry: feed it twice a day from now on.",
        "---",
        "Does that mean I keep only a quarter of the starter each time I feed it?",
        "---",
        "Yes, and the rest makes very good pancakes on a Sunday morning.",
        "---",
        "Tell your partner that it is really hard to kill a starter.",
    ]
    assert to_markdown(all_content(page)).split("\n\n") == expected
    # old Reddit's real markup: an empty spacer after each comment, between it and the
    # next, is no neighbour
    spaced = page.replace("</div></div></div>", "</div></div></div><div class='clearleft'></div>")
    assert spaced.count("clearleft") == 4
    assert to_markdown(all_content(spaced)).split("\n\n") == expected


def test_a_list_of_sections_is_written_as_sections() -> None:
    # javadoc: the class page's summaries, each a <section> with its heading, are the
    # items of a <ul>; a reader sees headings over text, not list items
    page = (
        "<ul class='summary-list'><li><section><h2>Nested Class Summary</h2><p>A "
        "snapshot of the counters.</p></section></li><li><section><h2>Method Summary"
        "</h2><p>Takes one permit.</p><ul class='member-list'><li><section><h3>acquire"
        "</h3><p>Blocks until a permit is free.</p></section></li></ul></section></li></ul>"
    )
    assert to_markdown(all_content(page)).split("\n\n") == [
        "## Nested Class Summary",
        "A snapshot of the counters.",
        "## Method Summary",
        "Takes one permit.",
        "### acquire",
        "Blocks until a permit is free.",
    ]
    # a list of headings alone (links to posts), and an ordered list, whose numbers are
    # its own, stay lists
    titles = "<ul><li><h3>First post</h3></li><li><h3>Second post</h3></li></ul>"
    assert to_markdown(all_content(titles)) == "- ### First post\n- ### Second post"
    steps = (
        "<ol><li><h3>Mix</h3><p>Mix the flour.</p></li><li><h3>Bake</h3><p>Bake it.</p></li></ol>"
    )
    assert to_markdown(all_content(steps)).startswith("1. ### Mix")
    # a <ul> numbered by its style sheet (a recipe plugin's steps) is numbered too
    styled = steps.replace("<ol>", "<ul>").replace("</ol>", "</ul>")
    styled = styled.replace("<li>", "<li style='list-style-type: decimal'>")
    assert to_markdown(all_content(styled)).startswith("1. ### Mix")


def test_a_pre_of_prose_is_written_as_paragraphs() -> None:
    # a listing's description set in a <pre> for its line breaks (pre-wrap): a
    # paragraph to a line, sentences, no sign of code
    paragraphs = [
        "Die Wohnung liegt im zweiten Obergeschoss eines sanierten Gründerzeithauses in "
        "einer ruhigen Seitenstraße. Hohe Decken (3,40 m) mit Stuck prägen die Räume.",
        "Das Wohnzimmer öffnet sich zum Südbalkon mit Blick in den begrünten Innenhof. "
        "Die beiden Schlafzimmer liegen zur Hofseite.\nDas Bad wurde 2019 erneuert.",
    ]
    text = "\n\n".join(paragraphs)
    page = f"<h2>Objektbeschreibung</h2><pre class='text-content'>\n\n{text}</pre>"
    markdown = to_markdown(all_content(page))
    assert "```" not in markdown
    assert markdown.split("\n\n")[1] == paragraphs[0]
    # a line of a paragraph stays a line of its own
    assert markdown.endswith("zur Hofseite.\\\nDas Bad wurde 2019 erneuert."), markdown
    assert to_text(all_content(page)).endswith("zur Hofseite.\nDas Bad wurde 2019 erneuert.")
    # a mail's lines wrapped by hand, a text laid out in columns, or a <code> inside: code
    mail = "\n".join(text[i : i + 70] for i in range(0, len(text), 70))
    columns = text.replace("Hohe", "   Hohe")
    coded = f"<code>{text}</code>"
    for pre in (mail, columns, coded):
        assert to_markdown(all_content(f"<pre>{pre}</pre>")).startswith("```"), pre


def test_code_elements_side_by_side_are_two_spans() -> None:
    # a table of code points writes each value in its own <code>: run into one span they
    # read as one token ("U+00DF0x C3 9F"), and Markdown cannot write two touching spans
    document = unboiler.parse(
        "<p>Eszett <code>U+00DF</code><code>0x C3 9F</code>, and <em>one</em><em>word</em>.</p>"
    )
    unboiler.get_extractor("boilerpipe-everything")(document)
    markdown = to_markdown(document)
    assert "`U+00DF` `0x C3 9F`" in markdown
    assert "*oneword*" in markdown  # other formatting that touches is still one
    rendered = MarkdownIt("commonmark").render(markdown)
    assert "<code>U+00DF</code> <code>0x C3 9F</code>" in rendered
    assert "U+00DF 0x C3 9F" in to_text(document)
    # where the page runs them on (punctuation, Chinese), they are one span, as before
    document = unboiler.parse(
        "<p>Call <code>foo</code><code>.bar()</code> and <code>中</code><code>文</code>.</p>"
    )
    unboiler.get_extractor("boilerpipe-everything")(document)
    assert "`foo.bar()`" in to_markdown(document) and "`中文`" in to_markdown(document)


def test_a_heading_left_open_takes_no_paragraphs_into_it() -> None:
    # "<h1>My first post" never closed: the parser puts the paragraphs in the heading
    paragraphs = [
        "This is the first paragraph of my blog, started when my old one got too old.",
        "This is the second paragraph, and I hope these posts will never end.",
    ]
    page = "<html><body><div class='post'><h1>My first post\n" + "".join(
        f"<p>{paragraph}\n" for paragraph in paragraphs
    )
    document = all_content(page)
    assert to_markdown(document) == "# My first post\n\n" + "\n\n".join(paragraphs)
    assert to_text(document) == "My first post\n\n" + "\n\n".join(paragraphs)
    # a heading that only wraps its title in a paragraph is a heading
    wrapped = all_content("<body><h2><p>Opening hours</p></h2><p>Nine to five.</p></body>")
    assert to_markdown(wrapped) == "## Opening hours\n\nNine to five."


def test_a_list_of_posts_is_read_as_posts_not_as_items() -> None:
    # vBulletin 4 writes a thread as an <ol> of posts numbered by id; WordPress writes
    # comments as an <ol> of class "comment".  A reader sees posts one after another,
    # paragraphs apart, not "1." and "2." items with their paragraphs packed in.
    thread = (
        '<ol id="posts">'
        '<li class="postbit" id="post_101"><h2>Boiler cycles on and off</h2>'
        "<p>It starts and stops every two minutes.</p><p>What should I check first?</p></li>"
        '<li class="postbit" id="post_102"><p>Lower the partial load.</p>'
        "<p>Then raise the anti-cycling time.</p></li>"
        "</ol>"
    )
    comments = (
        '<ol class="comment-list">'
        '<li class="comment" id="li-comment-7"><p>A lovely recipe.</p><p>I made it twice.</p></li>'
        '<li class="comment" id="li-comment-8"><p>It was too salty for me.</p></li>'
        "</ol>"
    )
    for page, paragraphs in (
        (
            thread,
            [
                "## Boiler cycles on and off",
                "It starts and stops every two minutes.",
                "What should I check first?",
                "Lower the partial load.",
                "Then raise the anti-cycling time.",
            ],
        ),
        (comments, ["A lovely recipe.", "I made it twice.", "It was too salty for me."]),
    ):
        document = unboiler.parse(page)
        unboiler.get_extractor("boilerpipe-everything")(document)
        markdown = to_markdown(document)
        # two posts of prose are parted by a thematic break, as posts in a flow are
        assert [part for part in markdown.split("\n\n") if part != "---"] == paragraphs
        text = [part for part in to_text(document).split("\n\n") if part.strip("-*_ ")]
        assert text == [p.lstrip("# ") for p in paragraphs]
        assert "<li>" not in to_html(document)


def test_items_numbered_by_id_or_cards_of_a_post_class_make_no_thread() -> None:
    # each item holds two paragraphs of prose, as a post does: the ids decide.  Ids
    # numbered with another word (a menu's "menu-item-3"), or a post's word on one
    # item alone, make no thread: the list stays a list; nor do posts that are cards (a
    # title and one line each: a blog's listing), written as the sections they are
    prose = "<p>It starts and stops every two minutes.</p><p>What should I check first?</p>"
    for first, second in (("menu-item-3", "menu-item-4"), ("post_1", "step_2")):
        document = unboiler.parse(
            f'<ol><li id="{first}">{prose}</li><li id="{second}">{prose}</li></ol>'
        )
        unboiler.get_extractor("boilerpipe-everything")(document)
        assert to_markdown(document).startswith("1. It starts"), first
    document = unboiler.parse(
        '<ul><li class="post"><h3>First story</h3><p>What the first story says.</p></li>'
        '<li class="post"><h3>Second story</h3><p>And what the second says.</p></li></ul>'
    )
    unboiler.get_extractor("boilerpipe-everything")(document)
    # no thematic break between the cards: each is a section under its heading
    assert to_markdown(document).split("\n\n") == [
        "### First story",
        "What the first story says.",
        "### Second story",
        "And what the second says.",
    ]


@pytest.mark.parametrize(
    "blank",
    [
        # Prism as Docusaurus writes it: a line of one empty token and a <br>
        '<span class="token-line"><span class="token plain" style="display:inline-block">'
        "</span><br></span>",
        # prism-react-renderer's empty token holds a line feed: at the end of its inline
        # block it opens no line of its own, and the <br> makes the one empty line
        '<span class="token-line"><span class="token plain" style="display:inline-block">'
        "\n</span><br></span>",
        # a line feed for the <br>, in a token of its own
        '<span class="token-line"><span class="token plain">\n</span></span>',
    ],
)
def test_a_highlighters_empty_line_stays_in_the_code(blank: str) -> None:
    def line(tokens: str) -> str:
        return f'<span class="token-line">{tokens}<br></span>'

    code = (
        line('<span class="token keyword">import</span><span class="token plain"> os</span>')
        + blank
        + line('<span class="token plain">print(os.name)</span>')
    )
    page = (
        "<article><h1>Guide</h1><p>Some text to read about this example here.</p>"
        f'<pre class="prism-code language-python"><code>{code}</code></pre>'
        "<p>And after the example, more text to read.</p></article>"
    )
    markdown = unboiler.extract(page, output="markdown")
    assert "```python\nimport os\n\nprint(os.name)\n```" in markdown


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        (
            '<span class="k">import</span> os<span class="nl"><br></span>print(1)',
            "import os\nprint(1)",
        ),
        # an icon's white space, a button's, a hidden element's, draw no line
        ('a = 1<svg class="icon">\n  <use href="#i"></use>\n</svg> + 2', "a = 1 + 2"),
        ("x = 1<button><svg>\n<path/>\n</svg></button>\ny = 2", "x = 1\ny = 2"),
        ('import os<span style="display:none"><br></span>print(1)', "import osprint(1)"),
    ],
)
def test_an_element_of_line_breaks_inside_code_makes_them(code: str, expected: str) -> None:
    page = (
        "<article><h1>Guide</h1><p>Some text to read about this example here.</p>"
        f"<pre><code>{code}</code></pre><p>And after the example, more text to read.</p></article>"
    )
    assert f"```\n{expected}\n```" in unboiler.extract(page, output="markdown")


def test_a_header_row_over_a_column_of_row_headers_keeps_its_empty_corner() -> None:
    # a comparison of plans: the corner over the row headers is an empty <td>
    page = (
        "<article><h1>Plans</h1><p>Compare what each plan includes before you choose one.</p>"
        "<table><thead><tr><td></td><th>Starter</th><th>Pro</th></tr></thead><tbody>"
        "<tr><th>Projects</th><td>3</td><td>Unlimited</td></tr>"
        "<tr><th>Seats</th><td>1</td><td>10</td></tr></tbody></table>"
        # a key-value table whose first value is blank has no header row
        "<table><tr><th>Weight</th><td></td></tr><tr><th>Colour</th><td>Red</td></tr></table>"
        "<p>Prices are per month and exclude taxes everywhere.</p></article>"
    )
    markdown = unboiler.extract(page, output="markdown")
    assert (
        "|  | Starter | Pro |\n| --- | --- | --- |\n"
        "| Projects | 3 | Unlimited |\n| Seats | 1 | 10 |"
    ) in markdown
    assert "| | |\n| --- | --- |\n| Weight |  |\n| Colour | Red |" in markdown
    html = unboiler.extract(page, output="html")
    assert "<thead>\n<tr><td></td><th>Starter</th><th>Pro</th></tr>\n</thead>" in html
    assert html.count("<thead>") == 1


def test_replies_nested_under_a_comment_are_parted_from_it() -> None:
    # WordPress: the replies' <ol class="children"> inside the comment's <li>
    def comment(number: int, words: str, replies: str = "") -> str:
        return (
            f'<li class="comment" id="li-comment-{number}"><article><p>User{number} says:</p>'
            f"<p>{words} was lovely.</p><p>I would make it again.</p></article>{replies}</li>"
        )

    replies = f'<ol class="children">{comment(2, "The soup")}{comment(3, "The bread")}</ol>'
    page = (
        "<article><p>The recipe itself, long enough to be the post's own paragraph.</p>"
        f'</article><ol class="comment-list">{comment(1, "The stew", replies)}'
        f"{comment(4, 'The cake')}</ol>"
    )
    document = unboiler.parse(page)
    unboiler.get_extractor("boilerpipe-everything")(document)
    parts = to_markdown(document).split("\n\n")
    # a break before each comment, the first reply's too; none opens or closes the text
    assert [parts.index(f"User{n} says:") for n in (1, 2, 3, 4)] == [2, 6, 10, 14]
    assert all(parts[index - 1] == "---" for index in (2, 6, 10, 14))
    assert parts[0] != "---" and parts[-1] != "---" and "---\n\n---" not in "\n\n".join(parts)


def test_emphasis_around_pictures_alone_is_left_out() -> None:
    # Telegram's avatar in an <i>, a logo in a <b>: emphasis is of text
    page = (
        "<article><p>Intro paragraph with enough words to be kept as the content here.</p>"
        "<p><i class='photo'><img src='https://x.org/a.jpg'></i> <b><img"
        " src='https://x.org/b.png' alt='Logo'> </b> Posted by <em>the</em> channel"
        " <em>as <img src='https://x.org/c.png' alt='shown'> here</em>.</p></article>"
    )
    markdown = unboiler.extract(page, output="markdown", images=True)
    assert markdown.endswith(
        "\n\n![](https://x.org/a.jpg) ![Logo](https://x.org/b.png) Posted by *the* channel"
        " *as ![shown](https://x.org/c.png) here*."
    )
    assert "<em><img" not in unboiler.extract(page, output="html", images=True)


def test_a_reference_lists_own_labels_are_written_once() -> None:
    # PLOS: each reference's number in an element of its own, set by its style where the
    # list's would be; a number without its full stop is the item's text
    page = (
        "<article><p>Intro paragraph with enough words to be kept as the content here.</p>"
        "<ol class='references'><li><span class='label'>1.</span><a name='r1'></a>Cleland"
        " EE. Shifting plant phenology. 2007.</li><li><span class='label'>2.</span>Menzel A."
        " Trends in phenology. 2000.</li></ol><ol><li>1 cup of flour</li><li>2 eggs</li></ol>"
        "<ol><li>1. Mix</li><li>3. Bake</li></ol>"
        "<ol><li>1. Preheat</li><li>2. Stir</li></ol></article>"
    )
    markdown = unboiler.extract(page, extractor="boilerpipe-everything", output="markdown")
    assert markdown.split("\n\n")[1:] == [
        "1. Cleland EE. Shifting plant phenology. 2007.\n2. Menzel A. Trends in phenology. 2000.",
        "1) 1 cup of flour\n2) 2 eggs",
        # a number that is not the item's own stays, and so does one in the item's text,
        # which a browser shows beside the list's
        "1. 1\\. Mix\n2. 3\\. Bake",
        "1) 1\\. Preheat\n2) 2\\. Stir",
    ]
    text = unboiler.extract(page, extractor="boilerpipe-everything")
    # the plain text writes no list's numbers: the labels are the page's, and stay
    assert "\n1. Cleland EE. Shifting" in text and "1.Cleland" not in text
    assert "\n1. Preheat\n2. Stir" in text
    html = unboiler.extract(page, extractor="boilerpipe-everything", output="html")
    assert "<li>Cleland EE. Shifting plant phenology. 2007.</li>" in html


def test_a_backslash_before_a_pipe_in_a_cells_code_is_kept() -> None:
    # GFM reads "\|" in a cell as a pipe even inside code: the code "\|" is written
    # "\\|", and "a|b" "a\|b" (found by the property test above)
    page = "<table><tr><td><code>\\|</code></td><td><code>a|b</code> and x|y</td></tr></table>"
    document = unboiler.parse(page)
    unboiler.get_extractor("boilerpipe-everything")(document)
    rendered = markdown_parser().render(to_markdown(document))
    assert "<td><code>\\|</code></td>" in rendered, rendered
    assert "<td><code>a|b</code> and x|y</td>" in rendered, rendered


def test_a_formula_drawn_as_a_picture_is_written_as_its_tex() -> None:
    # Zhihu's picture of an equation in a paragraph of its own, WordPress.com's in a
    # line: their alt is the TeX, in the text and in Markdown, with or without images;
    # a photo whose alt has an underscore, and a QR code from a chart API, are pictures
    page = (
        "<html><body><article><p>The drag grows with the square of the speed:</p>"
        "<p><img src='https://www.zhihu.com/equation?tex=F_d+%3D+%5Cfrac%7B1%7D%7B2%7D'"
        " alt='F_d = \\frac{1}{2} \\rho v^2' eeimg='1'></p>"
        "<p>So at twice the speed, <img class='latex' alt='4F'"
        " src='https://s0.wp.com/latex.php?latex=4F&amp;bg=ffffff'> is the drag, and the"
        " train's power must grow as fast.</p>"
        "<p><img src='https://ex.org/photo_2.jpg' alt='photo_2 of the train'>"
        "<img src='https://ex.org/img/equation-of-state.png' alt='Diagram of the state'>"
        "<img src='https://chart.googleapis.com/chart?cht=qr&amp;chl=x_y' alt='x_y'></p>"
        "<p>The last paragraph says what that costs in electricity each year.</p>"
        "</article></body></html>"
    )
    document = unboiler.parse(page)
    unboiler.get_extractor("boilerpipe-everything")(document)
    text = to_text(document)
    assert "speed:\n\nF_d = \\frac{1}{2} \\rho v^2\n\nSo at twice the speed, 4F is" in text, text
    for images in (False, True):
        markdown = to_markdown(document, images=images)
        assert "\n\n$F_d = \\frac{1}{2} \\rho v^2$\n\n" in markdown, markdown
        assert "speed, $4F$ is the drag" in markdown, markdown
    assert "photo_2" not in to_markdown(document)
    pictures = to_markdown(document, images=True)
    assert "![photo_2 of the train](https://ex.org/photo_2.jpg)" in pictures, pictures
    assert "![x_y](https://chart.googleapis.com/" in pictures, pictures
    assert "![Diagram of the state](https://ex.org/img/equation-of-state.png)" in pictures


def test_a_formula_picture_marked_by_its_class_keeps_its_symbols() -> None:
    # Habr draws each formula, a variable alone too, as a picture of class "formula"
    # with its TeX in the alt; a picture of another class with a short alt is a picture
    page = (
        "<html><body><article><p>The query costs <img class='formula inline'"
        " alt='O(N \\cdot L)' src='https://habrastorage.org/formulas/a.svg'>, where"
        " <img class='formula inline' alt='N' src='https://habrastorage.org/formulas/b.svg'>"
        " is the number of documents <img class='icon' alt='OK' src='/ok.svg'> here, in"
        " <img class='formula' alt='O(n)' src='/c.svg'> time, not <img class='formula'"
        " alt='car' src='/car.svg'> words.</p></article></body></html>"
    )
    document = unboiler.parse(page)
    unboiler.get_extractor("boilerpipe-everything")(document)
    markdown = to_markdown(document)
    assert "costs $O(N \\cdot L)$, where $N$ is the number" in markdown
    assert "in $O(n)$ time" in markdown and "$car$" not in markdown
    assert "where N is the number of documents here, in O(n) time" in to_text(document)


def test_code_cut_in_two_by_a_links_end_is_one_code_span() -> None:
    # a link around code that holds a link: the parser ends the first link, and the
    # code with it, and opens both again; "`<``1`" read as one span of "<``1"
    # (found by the property test above)
    document = unboiler.parse(
        '<p><a href="/x"><code>&lt;<a href="/x">1</a></code></a></p>', url="https://ex.org/"
    )
    unboiler.get_extractor("boilerpipe-everything")(document)
    markdown = to_markdown(document)
    assert markdown_text(markdown) == to_text(document) == "<1", markdown


def test_a_row_of_one_header_cell_across_the_table_titles_rows_and_heads_no_column() -> None:
    # an infobox: "Wappen" over a picture left out, "Basisdaten" over its fields; a
    # row of a header cell over each column stays the header
    page = (
        "<table><tr><th colspan='2'>Wappen</th></tr><tr><td colspan='2'><img alt=''"
        " src='https://ex.org/w.png'></td></tr><tr><th colspan='2'>Basisdaten</th></tr>"
        "<tr><td>Bundesland:</td><td>Sachsen-Anhalt</td></tr>"
        "<tr><td>Landkreis:</td><td>Harz</td></tr></table>"
        "<table><tr><th>Town</th><th>State</th></tr><tr><td>Wernigerode</td>"
        "<td>Sachsen-Anhalt</td></tr><tr><td>Goslar</td><td>Niedersachsen</td></tr></table>"
    )
    document = unboiler.parse(page)
    unboiler.get_extractor("boilerpipe-everything")(document)
    markdown = to_markdown(document)
    assert markdown.startswith(
        "| | |\n| --- | --- |\n| Wappen |  |\n| Basisdaten |  |\n| Bundesland: | Sachsen-Anhalt |\n"
    ), markdown
    assert "| Town | State |\n| --- | --- |\n| Wernigerode | Sachsen-Anhalt |" in markdown, markdown


STATUTE_LIST = (
    "<body><p>(1) Diensteanbieter haben folgende Informationen verfügbar zu halten:</p>"
    "<dl><dt>1.</dt><dd><div>den Namen und die Anschrift,</div></dd>"
    "<dt>2.</dt><dd><div>Angaben zur Kontaktaufnahme, über"
    "<dl><dt>a)</dt><dd><div>die Kammer,</div></dd><dt>b)</dt><dd><div>die Berufsbezeichnung,"
    "</div></dd></dl></div></dd>"
    "<dt>3.</dt><dd><div>das Handelsregister.</div></dd></dl>"
    "<p>(2) Weitere Pflichten bleiben unberührt.</p>"
    "<dl><dt>Term</dt><dd>A real definition.</dd></dl></body>"
)


def test_a_definition_list_of_item_labels_is_a_list() -> None:
    # German federal law numbers a section's points as terms of a definition list
    # ("<dt>1.</dt><dd>..."): each number goes with its point, as the page shows them
    # side by side, and the points are a list (they were "**1.**" over each point)
    document = all_content(STATUTE_LIST)
    markdown = to_markdown(document)
    assert markdown == (
        "(1) Diensteanbieter haben folgende Informationen verfügbar zu halten:\n\n"
        "1. den Namen und die Anschrift,\n"
        "2. Angaben zur Kontaktaufnahme, über\n"
        "   - a) die Kammer,\n"
        "   - b) die Berufsbezeichnung,\n"
        "3. das Handelsregister.\n\n"
        "(2) Weitere Pflichten bleiben unberührt.\n\n"
        "**Term**\n\nA real definition."
    ), markdown
    text = to_text(document)
    assert "1. den Namen und die Anschrift,\n" in text
    assert "a) die Kammer," in text
    html_output = to_html(document)
    assert "<ol>\n<li>den Namen und die Anschrift,</li>" in html_output, html_output
    assert "<dt>Term</dt>" in html_output
    # a point that opens with a list, beside which its label cannot stand: numbered still
    page = (
        "<body><dl><dt>1.</dt><dd><ul><li>erstens</li><li>zweitens</li></ul></dd>"
        "<dt>2.</dt><dd><p>der Rest.</p></dd></dl></body>"
    )
    document = all_content(page)
    markdown = to_markdown(document)
    assert markdown == "1. - erstens\n   - zweitens\n2. der Rest.", markdown
    lines = to_text(document).splitlines()  # the text, which numbers no list, keeps them
    assert lines[0] == "1." and "2. der Rest." in lines and "erstens" in lines, lines


def test_a_one_row_table_of_a_marker_and_its_text_is_a_line() -> None:
    # EUR-Lex sets each recital and lettered point as a table of one row: the marker's
    # cell beside the text's; a reader sees a list's line, not a grid of one row
    points = "".join(
        f"<table><tr><td><p>{marker}</p></td><td><p>{text}</p></td></tr></table>"
        for marker, text in [
            ("a)", "les piles portables;"),
            ("(12)", "les piles de démarrage;"),
            ("—", "les piles industrielles."),
        ]
    )
    page = f"<html><body><p>Le présent règlement s'applique aux piles:</p>{points}</body></html>"
    markdown = to_markdown(all_content(page))
    assert "|" not in markdown, markdown
    assert "\n\na) les piles portables;\n\n(12) les piles de démarrage;" in markdown
    assert markdown.endswith("\n\n— les piles industrielles.")
    # two cells without a marker, or a marker beside a second row, stay a grid
    for table in (
        "<tr><td>Size M</td><td>In stock</td></tr>",
        "<tr><td>Tel.</td><td>030 1234 567</td></tr>",
        "<tr><td>a)</td><td>portables</td></tr><tr><td>b)</td><td>industrielles</td></tr>",
    ):
        page = f"<html><body><table>{table}</table></body></html>"
        assert "| --- | --- |" in to_markdown(all_content(page))
