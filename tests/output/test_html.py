"""The HTML output: the layout's structure as a small fragment, always safe to show."""

from __future__ import annotations

import html
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from selectolax.lexbor import LexborHTMLParser
from tests.output.helpers import (
    FIXTURES,
    PAGES,
    all_content,
    article_document,
    html_text,
    is_subsequence,
    page_text,
    squeeze,
)

import unboiler
from unboiler.output.html import ALLOWED_ATTRIBUTES, ALLOWED_TAGS, sanitize, to_html
from unboiler.output.markdown import to_markdown
from unboiler.output.text import to_text


def assert_safe(fragment: str) -> None:
    """No script, no event handler, no URL but http(s), only the allowed tags."""
    lowered = fragment.lower()
    assert "<script" not in lowered
    assert "javascript:" not in lowered
    assert not re.search(r"<[^>]*\son[a-z]+\s*=", lowered), fragment
    body = LexborHTMLParser(f"<body>{fragment}</body>").body
    assert body is not None
    for element in body.traverse():
        if element.tag == "body":
            continue
        assert element.tag in ALLOWED_TAGS, element.tag
        allowed = ALLOWED_ATTRIBUTES.get(element.tag or "", set()) | {"rel"}
        for name, value in element.attributes.items():
            assert name in allowed, (element.tag, name)
            if name in ("href", "src"):
                assert (value or "").startswith(("http://", "https://")), value


@pytest.mark.parametrize("name", FIXTURES)
def test_fixture_pages_are_safe_and_keep_the_text(name: str) -> None:
    document = article_document(name)
    fragment = to_html(document, links=True, images=True)
    assert_safe(fragment)
    assert squeeze(html_text(fragment)) == squeeze(to_text(document))


def test_hostile_page() -> None:
    document = unboiler.parse((PAGES / "hostile.html").read_bytes(), url="https://example.org/")
    unboiler.get_extractor("boilerpipe-everything")(document)
    fragment = to_html(document, links=True, images=True)
    assert_safe(fragment)
    assert '<a href="https://example.org/ok" rel="noopener noreferrer nofollow">' in fragment
    assert '<img src="https://example.org/ok.png" alt="ok">' in fragment
    # Text that looks like markup stays text.
    assert '<p>&lt;script&gt;alert("as text")&lt;/script&gt; is text here.</p>' in fragment
    for hidden in ("written by a script", "svg text", "noscript text", "template text", "red"):
        assert hidden not in fragment


def test_structure() -> None:
    lists = to_html(article_document("lists.html"))
    assert '<ol start="7">\n<li>ceramic</li>\n<li>hollow fibre</li>\n</ol>' in lists
    assert "<li>Shelter, <em>if</em> the night is cold</li>" in lists
    table = to_html(article_document("table.html"))
    assert "<thead>\n<tr><th>Route</th><th>Leaves</th><th>Arrives</th></tr>\n</thead>" in table
    assert '<td colspan="2">Cancelled all week | see the notice</td>' in table
    code = to_html(article_document("code.html"))
    assert '<pre><code class="language-python">def area(r):\n    if r &lt; 0:' in code
    quotes = to_html(article_document("quotes.html"))
    assert "<blockquote>\n<p>A quote inside the quote.</p>\n</blockquote>\n</blockquote>" in quotes
    notes = to_html(article_document("admonitions.html"))
    assert "<aside>\n<p>Note</p>\n<p>Proxies set on a session apply" in notes
    assert "<aside>\n<p><strong>Warning:</strong> never turn" in notes
    assert "<blockquote>\n<aside>\n<p>Quoted tip.</p>\n</aside>\n</blockquote>" in notes
    assert notes.count("<aside>") == 3
    links = to_html(article_document("links.html"), links=True)
    assert links.startswith(
        '<h2><a href="https://example.org/news/1" rel="noopener noreferrer nofollow">'
        "A heading that is a link</a></h2>"
    )


def test_links_and_images_only_on_request() -> None:
    document = article_document("images.html")
    assert "<img" not in to_html(document)
    assert '<img src="https://example.org/walks/img/bridge.jpg"' in to_html(document, images=True)
    assert "<a " not in to_html(article_document("links.html"))


def test_formatting_around_blocks_inside_the_same_formatting_is_written_once() -> None:
    # A page that never closes its <b> elements: the parser nests each in the previous
    # one, and every paragraph after the first sits inside several.
    document = unboiler.parse("<body>" + "<b><div>A paragraph in bold.</div>" * 5)
    unboiler.get_extractor("boilerpipe-everything")(document)
    fragment = to_html(document)
    assert fragment.split("\n") == ["<p><strong>A paragraph in bold.</strong></p>"] * 5
    emphasis = unboiler.parse("<body><em><p>One.</p><em><p>Two.</p></em><p>Three.</p></em>")
    unboiler.get_extractor("boilerpipe-everything")(emphasis)
    assert to_html(emphasis).split("\n") == [
        "<p><em>One.</em></p>",
        "<p><em>Two.</em></p>",
        "<p><em>Three.</em></p>",
    ]


def test_a_link_inside_an_anchor_without_an_address_is_kept() -> None:
    # An anchor that writes no link (a named target) does not hide one inside it.
    page = (
        "<body><a name='top'><div>Intro para</div><marquee>"
        "<a href='https://example.org/go'><div>Go there now</div></a></marquee></a>"
    )
    fragment = unboiler.extract(page, extractor="boilerpipe-everything", output="html", links=True)
    assert '<a href="https://example.org/go"' in fragment


def test_relative_urls_without_a_base_are_dropped() -> None:
    document = unboiler.parse('<p><a href="/x">x</a> <img src="y.png"> text</p>')
    unboiler.get_extractor("boilerpipe-everything")(document)
    fragment = to_html(document, links=True, images=True)
    assert "<a" not in fragment and "<img" not in fragment
    assert html_text(fragment).split() == ["x", "text"]
    # a paragraph of an image alone leaves no empty element behind
    alone = unboiler.parse(
        "<p>Words of a paragraph.</p><p><img src='y.png'></p><h2><img src='z'></h2>"
    )
    unboiler.get_extractor("boilerpipe-everything")(alone)
    assert to_html(alone, images=True) == "<p>Words of a paragraph.</p>"


def test_mailto_links_are_kept_as_markdown_keeps_them() -> None:
    page = '<p>Write to <a href="mailto:ed@example.org">the editor</a> today.</p>'
    document = unboiler.parse(page)
    unboiler.get_extractor("boilerpipe-everything")(document)
    fragment = to_html(document, links=True)
    assert '<a href="mailto:ed@example.org"' in fragment
    assert "](mailto:ed@example.org)" in unboiler.extract(
        page, extractor="boilerpipe-everything", output="markdown", links=True
    )
    # an image never loads from a mailto: address
    image = unboiler.parse('<p><img src="mailto:ed@example.org"> words here</p>')
    unboiler.get_extractor("boilerpipe-everything")(image)
    assert "<img" not in to_html(image, images=True)


def test_sanitize_is_the_last_word() -> None:
    fragment = '<p onclick="x()">a<script>b()</script><a href="javascript:c()">d</a></p>'
    assert sanitize(fragment) == '<p>a<a rel="noopener noreferrer nofollow">d</a></p>'


# Hostile markup around harmless text (letters, digits, CJK and a few signs; no ":" or
# "=" so that a match of "javascript:" or "on...=" can only come from markup).
_TEXT = st.text(alphabet="ab1 .,<>&'\"\n中文", min_size=1, max_size=10)
_URLS = [
    "javascript:alert(1)",
    " JaVaScRiPt:alert(1)",
    "java&#x09;script:alert(1)",
    "jav&#x61;script:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "//evil.example/x",
    "/fine",
    "https://example.org/ok",
]
_ATTRIBUTES = st.lists(
    st.sampled_from(
        [
            'onclick="alert(1)"',
            'onerror="alert(1)"',
            "onload=alert(1)",
            'style="background:url(javascript:alert(1))"',
            'class="language-x"',
            'srcset="javascript:alert(1)"',
            'formaction="javascript:alert(1)"',
        ]
    ),
    max_size=2,
)
_TAGS = ["p", "div", "span", "a", "img", "em", "code", "li", "td", "h2", "blockquote", "pre"]
_HOSTILE = [
    "<script>alert(1)</script>",
    "<style>*{}</style>",
    '<iframe src="javascript:alert(1)"></iframe>',
    '<svg onload="alert(1)"><script>alert(1)</script></svg>',
    '<math><mtext><table><mglyph><style><img src=x onerror="alert(1)">',
    '<object data="javascript:alert(1)"></object>',
    '<form action="javascript:alert(1)"><button>go</button></form>',
    '<base href="javascript:alert(1)//">',
    "<!-- <script>alert(1)</script> -->",
    "<noscript><p><img src=x onerror=alert(1)></p></noscript>",
    '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
]


@st.composite
def _hostile_fragments(draw: st.DrawFn, depth: int = 0) -> str:
    parts = []
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["text", "element", "hostile"]))
        if kind == "text" or (kind == "element" and depth >= 3):
            parts.append(html.escape(draw(_TEXT), quote=False))
        elif kind == "hostile":
            parts.append(draw(st.sampled_from(_HOSTILE)))
        else:
            tag = draw(st.sampled_from(_TAGS))
            attributes = draw(_ATTRIBUTES)
            url = draw(st.sampled_from(_URLS)).replace('"', "&quot;")
            if tag == "a":
                attributes.append(f'href="{url}"')
            elif tag == "img":
                attributes.append(f'src="{url}"')
            opening = " ".join([tag, *attributes])
            if tag == "img":
                parts.append(f"<{opening}>")
            else:
                parts.append(f"<{opening}>{draw(_hostile_fragments(depth + 1))}</{tag}>")
    return "".join(parts)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_hostile_fragments(), st.sampled_from([None, "https://example.org/a/"]))
def test_html_output_is_always_safe(body: str, url: str | None) -> None:
    page = f"<html><body>{body}</body></html>"
    document = unboiler.parse(page, url=url)
    unboiler.get_extractor("boilerpipe-everything")(document)
    fragment = to_html(document, links=True, images=True)
    assert_safe(fragment)
    assert is_subsequence(squeeze(html_text(fragment)), squeeze(page_text(page)))


@pytest.mark.parametrize(
    ("base", "url", "expected"),
    [
        ("/", "http://fakehost/test/page.html", "http://fakehost/foo/bar.html"),
        ("https://cdn.example.org/docs/", None, "https://cdn.example.org/docs/foo/bar.html"),
        (
            "https://cdn.example.org/docs/",
            "http://fakehost/a/",
            "https://cdn.example.org/docs/foo/bar.html",
        ),
        ("sub/", "http://fakehost/a/page", "http://fakehost/a/sub/foo/bar.html"),
        ("javascript:alert(1)", "http://fakehost/a/page", "http://fakehost/a/foo/bar.html"),
    ],
)
def test_links_resolve_against_the_base_element(base: str, url: str | None, expected: str) -> None:
    page = (
        f'<html><head><base href="{base}"></head><body>'
        '<p>Read <a href="foo/bar.html">the page</a> and see <img src="foo/bar.html"> it.</p>'
        "</body></html>"
    )
    document = unboiler.parse(page, url=url)
    unboiler.get_extractor("boilerpipe-everything")(document)
    assert f'<a href="{expected}"' in to_html(document, links=True)
    assert f'<img src="{expected}"' in to_html(document, images=True)
    markdown = unboiler.extract(
        page, url=url, extractor="boilerpipe-everything", output="markdown", links=True
    )
    assert f"]({expected})" in markdown


@pytest.mark.parametrize(
    ("head", "url", "expected"),
    [
        # a page saved to a file, given without its URL, stands where it says it does
        (
            '<link rel="canonical" href="https://flats.example.de/list/berlin?page=2">',
            None,
            "https://flats.example.de/list/foo/bar.html",
        ),
        (
            '<meta property="og:url" content="https://flats.example.de/list/">',
            None,
            "https://flats.example.de/list/foo/bar.html",
        ),
        # the URL given wins over the declared address
        (
            '<link rel="canonical" href="https://flats.example.de/list/">',
            "http://fakehost/a/",
            "http://fakehost/a/foo/bar.html",
        ),
    ],
)
def test_links_of_a_page_without_its_url_resolve_against_its_declared_address(
    head: str, url: str | None, expected: str
) -> None:
    page = (
        f"<html><head>{head}</head><body>"
        '<p>Read <a href="foo/bar.html">the page</a> and see it.</p></body></html>'
    )
    markdown = unboiler.extract(
        page, url=url, extractor="boilerpipe-everything", output="markdown", links=True
    )
    assert f"]({expected})" in markdown


@pytest.mark.parametrize(
    "head",
    [
        '<link rel="canonical" href="/list/">',  # relative
        '<link rel="canonical" href="https://flats.example.de]/list/">',  # no URL parses
        '<meta property="og:url" content="http://[::1">',
    ],
)
def test_a_relative_or_broken_declared_address_is_no_base(head: str) -> None:
    page = (
        f"<html><head>{head}</head><body>"
        '<p>Read <a href="foo/bar.html">the page</a> and see it.</p></body></html>'
    )
    markdown = unboiler.extract(
        page, extractor="boilerpipe-everything", output="markdown", links=True
    )
    assert "[the page](foo/bar.html)" in markdown  # as without one: the page's own link


def test_a_relative_canonical_link_gives_way_to_og_url() -> None:
    page = (
        '<html><head><link rel="canonical" href="/list/"><meta property="og:url" '
        'content="https://flats.example.de/list/"></head><body>'
        '<p>Read <a href="foo/bar.html">the page</a> and see it.</p></body></html>'
    )
    markdown = unboiler.extract(
        page, extractor="boilerpipe-everything", output="markdown", links=True
    )
    assert "[the page](https://flats.example.de/list/foo/bar.html)" in markdown


def test_superscript_and_subscript_are_kept() -> None:
    document = unboiler.parse("<p>H<sub>2</sub>O and mc<sup>2</sup><sup onclick='x()'>!</sup></p>")
    unboiler.get_extractor("boilerpipe-everything")(document)
    fragment = to_html(document)
    # two touching superscripts are one
    assert fragment == "<p>H<sub>2</sub>O and mc<sup>2!</sup></p>"
    assert_safe(fragment)


def test_leading_rows_of_header_cells_are_the_tables_head() -> None:
    document = unboiler.parse(
        "<table><thead><tr><th rowspan='2'>Route</th><th colspan='2'>Times</th></tr>"
        "<tr><th>Leaves</th><th>Arrives</th></tr></thead>"
        "<tbody><tr><td>12</td><td>8:00</td><td>8:40</td></tr>"
        "<tr><th>14</th><td>9:10</td><td>9:55</td></tr></tbody></table>"
    )
    unboiler.get_extractor("boilerpipe-everything")(document)
    assert to_html(document) == (
        "<table>\n<thead>\n"
        '<tr><th rowspan="2">Route</th><th colspan="2">Times</th></tr>\n'
        "<tr><th>Leaves</th><th>Arrives</th></tr>\n</thead>\n<tbody>\n"
        "<tr><td>12</td><td>8:00</td><td>8:40</td></tr>\n"
        "<tr><th>14</th><td>9:10</td><td>9:55</td></tr>\n</tbody>\n</table>"
    )


def test_a_cells_alignment_is_kept() -> None:
    # as the Markdown's delimiter row keeps it, and as GFM's HTML writes it
    document = unboiler.parse(
        "<table><tr><th>Tool</th><th style='text-align: center'>Stars</th>"
        "<th align=right>Build time</th><th align=justify>Note</th></tr>"
        "<tr><td>Quill</td><td align=center>12</td><td align=right>0.4 s</td>"
        "<td>fast</td></tr></table>"
    )
    unboiler.get_extractor("boilerpipe-everything")(document)
    fragment = to_html(document)
    assert fragment == (
        "<table>\n<thead>\n"
        '<tr><th>Tool</th><th align="center">Stars</th><th align="right">Build time</th>'
        "<th>Note</th></tr>\n</thead>\n<tbody>\n"
        '<tr><td>Quill</td><td align="center">12</td><td align="right">0.4 s</td>'
        "<td>fast</td></tr>\n</tbody>\n</table>"
    )
    assert_safe(fragment)


def test_a_table_of_header_rows_alone_is_headed_by_its_first() -> None:
    # a column of icons beside row headers: every row an empty corner and header cells
    document = unboiler.parse(
        "<table><tr><td></td><th>Encrypted backups</th></tr>"
        "<tr><td></td><th>Single sign-on</th></tr></table>"
    )
    unboiler.get_extractor("boilerpipe-everything")(document)
    assert to_html(document) == (
        "<table>\n<thead>\n<tr><td></td><th>Encrypted backups</th></tr>\n</thead>\n"
        "<tbody>\n<tr><td></td><th>Single sign-on</th></tr>\n</tbody>\n</table>"
    )


def _everything(page: str) -> str:
    document = unboiler.parse(page)
    unboiler.get_extractor("boilerpipe-everything")(document)
    return to_html(document)


def test_a_definition_list_is_one() -> None:
    page = (
        "<body><p>Terms.</p><dl><dt>Shingle</dt><dt><em>n</em>-gram</dt>"
        "<dd>A run of n words.</dd><div><dt>Gold</dt><dd><p>The text</p><p>to find.</p></dd>"
        "</div></dl><p>After.</p></body>"
    )
    assert _everything(page) == (
        "<p>Terms.</p>\n<dl>\n<dt>Shingle</dt>\n<dt><em>n</em>-gram</dt>\n"
        "<dd>A run of n words.</dd>\n<dt>Gold</dt>\n<dd>\n<p>The text</p>\n<p>to find.</p>\n</dd>\n"
        "</dl>\n<p>After.</p>"
    )  # one <dd> of two paragraphs stays one (it was written as two)


def test_what_a_definition_holds_besides_lines_stays_in_the_list() -> None:
    # a list in a definition is no line of it, but stays in the definition list as a
    # <dd> (the list was cut out of the <dl>, and a <dt> over a list alone was left
    # without its <dd>: invalid HTML); a block after the list is no part of it
    page = "<body><dl><dt>Steps</dt><dd>Do:<ul><li>one</li><li>two</li></ul></dd></dl></body>"
    assert _everything(page) == (
        "<dl>\n<dt>Steps</dt>\n<dd>\n<p>Do:</p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n"
        "</dd>\n</dl>"
    )
    page = (
        "<body><dl><dt>Parameters</dt><dd><ul><li><strong>url</strong> – the URL.</li>"
        "</ul></dd><dt>Returns</dt><dd>A string.</dd></dl><h2>Next</h2></body>"
    )
    assert _everything(page) == (
        "<dl>\n<dt>Parameters</dt>\n<dd>\n<ul>\n<li><strong>url</strong> – the URL.</li>\n"
        "</ul>\n</dd>\n<dt>Returns</dt>\n<dd>A string.</dd>\n</dl>\n<h2>Next</h2>"
    )
    page = "<body><dl><dt>Last term</dt></dl><h2>Next section</h2><ul><li>x</li></ul></body>"
    assert _everything(page) == (
        "<dl>\n<dt>Last term</dt>\n</dl>\n<h2>Next section</h2>\n<ul>\n<li>x</li>\n</ul>"
    )
    # a list item of one line is written as its line; one of more, as its blocks
    page = "<body><ul><li><dl><dt>Term</dt></dl></li></ul></body>"
    assert _everything(page) == "<ul>\n<li>Term</li>\n</ul>"
    page = "<body><ul><li><dl><dt>Term</dt><dd>What it is.</dd></dl></li></ul></body>"
    assert _everything(page) == (
        "<ul>\n<li>\n<dl>\n<dt>Term</dt>\n<dd>What it is.</dd>\n</dl>\n</li>\n</ul>"
    )


def test_a_tables_caption_is_its_caption() -> None:
    # it was a paragraph above the table; the text and Markdown keep it so
    page = (
        "<body><table><caption>Table 1: Prices</caption><tr><th>Plan</th><th>Price</th>"
        "</tr><tr><td>Pro</td><td>9</td></tr></table><p>After.</p></body>"
    )
    assert _everything(page) == (
        "<table>\n<caption>Table 1: Prices</caption>\n<thead>\n<tr><th>Plan</th>"
        "<th>Price</th></tr>\n</thead>\n<tbody>\n<tr><td>Pro</td><td>9</td></tr>\n"
        "</tbody>\n</table>\n<p>After.</p>"
    )
    document = unboiler.parse(page)
    unboiler.get_extractor("boilerpipe-everything")(document)
    assert to_markdown(document).startswith("Table 1: Prices\n\n| Plan | Price |")
    # a layout table laid out flat keeps its caption as a paragraph
    flat = "<body><table><caption>Contents</caption><tr><td>One cell</td></tr></table></body>"
    assert _everything(flat) == "<p>Contents</p>\n<p>One cell</p>"


def test_a_figures_caption_stays_with_its_picture() -> None:
    # a picture and its <figcaption> were two paragraphs, the caption tied to nothing;
    # without pictures, the caption is a paragraph as in the text
    page = (
        "<body><p>Before.</p><figure><img src='https://ex.com/a.jpg' alt='A cat'>"
        "<figcaption>A cat on a <em>warm</em> roof.</figcaption></figure><p>After.</p></body>"
    )
    document = all_content(page)
    written = to_html(document, images=True)
    assert written == (
        '<p>Before.</p>\n<figure><img src="https://ex.com/a.jpg" alt="A cat">'
        "<figcaption>A cat on a <em>warm</em> roof.</figcaption></figure>\n<p>After.</p>"
    ), written
    assert_safe(written)
    assert (
        to_html(document) == "<p>Before.</p>\n<p>A cat on a <em>warm</em> roof.</p>\n<p>After.</p>"
    )
    assert to_markdown(document, images=True) == (
        "Before.\n\n![A cat](https://ex.com/a.jpg)\n\nA cat on a *warm* roof.\n\nAfter."
    )
    # a picture that links to itself at full size (Substack, WordPress) is a figure too
    page = (
        "<body><p>Before.</p><figure><a href='https://ex.com/big.jpg'><img"
        " src='https://ex.com/a.jpg' alt=''></a><figcaption>The box.</figcaption></figure>"
        "<p>After.</p></body>"
    )
    document = all_content(page)
    for links in (False, True):
        written = to_html(document, images=True, links=links)
        assert re.search(
            r"<figure>.*<img [^>]*>.*<figcaption>The box\.</figcaption></figure>", written
        ), written
    # a figure in a definition's details stays in them, its caption a line of the <dd>
    page = (
        "<body><dl><dt>Term one</dt><dd><figure><img src='https://ex.com/b.png' alt='B'>"
        "<figcaption>Caption in dd</figcaption></figure></dd><dt>Term two</dt><dd>Two</dd>"
        "</dl></body>"
    )
    document = all_content(page)
    written = to_html(document, images=True)
    assert written.count("<dl>") == 1, written
    in_details = r"<dt>Term one</dt>\s*<dd>(?:(?!</dd>).)*<p>Caption in dd</p>\s*</dd>"
    assert re.search(in_details, written, re.DOTALL), written


def test_a_table_in_a_definition_stays_in_its_details() -> None:
    # Sphinx's class entry: a line, the parameters' table, a note after it; the <dl>
    # was closed before the table and the note made a <dd> of a list with no <dt>
    page = (
        "<body><dl><dt>class Retry(total=3)</dt><dd><p>A retry policy.</p><table><tr>"
        "<th>Parameter</th><th>Default</th></tr><tr><td>total</td><td>3</td></tr></table>"
        "<div><p>Added in version 2.1.</p></div></dd></dl><p>After.</p></body>"
    )
    assert _everything(page) == (
        "<dl>\n<dt>class Retry(total=3)</dt>\n<dd>\n<p>A retry policy.</p>\n<table>\n"
        "<thead>\n<tr><th>Parameter</th><th>Default</th></tr>\n</thead>\n<tbody>\n"
        "<tr><td>total</td><td>3</td></tr>\n</tbody>\n</table>\n"
        "<p>Added in version 2.1.</p>\n</dd>\n</dl>\n<p>After.</p>"
    )


def test_definition_lists_side_by_side_stay_apart_and_nested_stay_inside() -> None:
    # a list in another's details is written inside that <dd>, and what follows it
    # there stays in it (Sphinx's field list of "Parameters" in a function's entry)
    page = (
        "<body><dl><dt>A</dt><dd>1</dd></dl><dl><dt>B</dt><dd>2</dd></dl>"
        "<dl><dt>Outer</dt><dd>x<dl><dt>Inner</dt><dd>y</dd></dl>z</dd></dl></body>"
    )
    assert _everything(page) == (
        "<dl>\n<dt>A</dt>\n<dd>1</dd>\n</dl>\n"
        "<dl>\n<dt>B</dt>\n<dd>2</dd>\n</dl>\n"
        "<dl>\n<dt>Outer</dt>\n<dd>\n<p>x</p>\n"
        "<dl>\n<dt>Inner</dt>\n<dd>y</dd>\n</dl>\n"
        "<p>z</p>\n</dd>\n</dl>"
    )
    # a nested list whose term has details of a list and code, and a list nested in a
    # term's details with nothing before it
    nested = (
        "<body><dl><dt>f(x)</dt><dd><dl><dt>Parameters:</dt><dd><ul><li>x - a number</li>"
        "</ul></dd><dt>Example:</dt><dd><pre>f(2)</pre></dd></dl></dd></dl></body>"
    )
    assert _everything(nested) == (
        "<dl>\n<dt>f(x)</dt>\n<dd>\n<dl>\n<dt>Parameters:</dt>\n<dd>\n<ul>\n"
        "<li>x - a number</li>\n</ul>\n</dd>\n<dt>Example:</dt>\n<dd>\n"
        "<pre><code>f(2)</code></pre>\n</dd>\n</dl>\n</dd>\n</dl>"
    )
    # a nested list none of whose terms is written: its details stay in the outer
    # <dd>; a list in a term goes in a <dd> of its own after the term
    termless = (
        "<body><dl><dt>A</dt><dd><dl><dd><pre>code</pre></dd></dl>after</dd></dl>"
        "<dl><dt>Term <dl><dt>in</dt><dd>term</dd></dl></dt><dd>desc</dd></dl></body>"
    )
    assert _everything(termless) == (
        "<dl>\n<dt>A</dt>\n<dd>\n<pre><code>code</code></pre>\n<p>after</p>\n</dd>\n</dl>\n"
        "<dl>\n<dt>Term</dt>\n<dd>\n<dl>\n<dt>in</dt>\n<dd>term</dd>\n</dl>\n</dd>\n"
        "<dd>desc</dd>\n</dl>"
    )


_ENGLISH = (
    "<p>Our anthology prints every poem in its original script next to an English "
    "translation, so that readers can see the shape of the lines as the poets wrote them.</p>"
)
_ARABIC = "إذا الشعب يوماً أراد الحياة، فلا بد أن يستجيب القدر وفي الليل ينجلي."
_HEBREW = (
    "<p>חברת Intel הודיעה היום על השקת מעבד חדש שפותח במרכז הפיתוח שלה בחיפה, והוא "
    "מציע ביצועים גבוהים לעומת הדור הקודם של המעבדים.</p>"
)


@pytest.mark.parametrize(
    ("page", "expected"),
    [
        # text of the other direction in an English article keeps its own
        (f"<article>{_ENGLISH}<blockquote dir='rtl'><p>{_ARABIC}</p></blockquote></article>",
         f'<blockquote dir="rtl">\n<p>{_ARABIC}</p>\n</blockquote>'),
        (f"<article>{_ENGLISH}<p dir='rtl'>{_ARABIC}</p></article>", f'<p dir="rtl">{_ARABIC}</p>'),
        (f"<article>{_ENGLISH}<ul><li dir='rtl'>{_ARABIC}</li><li>Two</li></ul></article>",
         f'<li dir="rtl">{_ARABIC}</li>\n<li>Two</li>'),
        (f"<article>{_ENGLISH}<div style='direction: rtl'><p>{_ARABIC}</p></div></article>",
         f'<p dir="rtl">{_ARABIC}</p>'),
        (f"<article>{_ENGLISH}<h2 dir='auto'>{_ARABIC}</h2>{_ENGLISH}</article>",
         f'<h2 dir="rtl">{_ARABIC}</h2>'),
        # and a command in a Hebrew article is laid out left to right
        (f"<html dir='rtl'><body><article>{_HEBREW * 2}<pre dir='ltr'>$ lscpu | grep Model"
         "</pre></article></body></html>",
         '<pre dir="ltr"><code>$ lscpu | grep Model</code></pre>'),
    ],
)  # fmt: skip
def test_a_block_of_the_other_direction_says_so(page: str, expected: str) -> None:
    # Only the outer <div dir> was written: the Arabic quotation of an English page
    # came out left to right, punctuation on the wrong side.
    fragment = unboiler.extract(page, extractor="boilerpipe-everything", output="html")
    assert expected in fragment


def test_blocks_of_the_content_direction_carry_no_dir_of_their_own() -> None:
    page = f"<html dir='rtl'><body><article><div dir='rtl'>{_HEBREW * 3}</div></article>"
    fragment = unboiler.extract(page, extractor="boilerpipe-everything", output="html")
    assert fragment.startswith('<div dir="rtl">\n<p>')
    assert fragment.count("dir=") == 1
    # neither is a page that declares nothing marked anywhere
    plain = unboiler.extract(f"<article>{_ENGLISH * 2}</article>", output="html")
    assert "dir=" not in plain
