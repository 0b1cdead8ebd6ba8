"""Pathological pages, generated here (never downloaded): the inputs that break HTML
tools in the wild, each pushed to an extreme (tracker issue 22).

Each :class:`Pathology` makes its page on demand; :func:`page_of` caches it, so one
test session or benchmark run builds each page once.  ``tests/test_pathological.py``
runs them all through every extractor and output (the big ones through a few, see
:data:`BIG`); ``benchmarks/pathological.py`` runs the full matrix and times it.

What each page must give is only this: a result or an
:class:`~unboiler.errors.ExtractionError`, in time proportional to its size, never
another exception.  The sizes are the issue's.
"""

from __future__ import annotations

import gzip
import struct
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import Final

#: The sizes the issue asks for.
DEEP_NESTING: Final = 100_000
BIG_PAGE_BYTES: Final = 50 * 2**20
LONG_LINE_BYTES: Final = 5 * 2**20
TABLE_CELLS: Final = 100_000

_SENTENCE: Final = (
    "The committee met on Tuesday to discuss the budget, and after a long debate it "
    "agreed to fund the new library on the east side of town. "
)


def _article(body: str, *, title: str = "A page", head: str = "") -> str:
    return (
        f"<!DOCTYPE html><html><head><title>{title}</title>{head}</head><body>"
        f"<nav><a href='/'>Home</a> <a href='/news'>News</a></nav>"
        f"<article><h1>{title}</h1>{body}</article>"
        f"<footer>Copyright 2026 Example News</footer></body></html>"
    )


def _n(count: int, scale: float) -> int:
    """``count`` scaled, at least one."""
    return max(1, round(count * scale))


def _paragraphs(count: int) -> str:
    return "".join(f"<p>{_SENTENCE * 3} Paragraph {i}.</p>" for i in range(count))


# --------------------------------------------------------------------------- markup


def unclosed_tags() -> str:
    """Every element left open: lexbor's adoption agency and implied end tags at work."""
    unit = "<div><p><b><i><a href='/x'>link <em>word <table><tr><td>cell <li>item <font>"
    return "<html><body>" + (unit + _SENTENCE) * 500


def misnested_formatting() -> str:
    """Formatting elements closed in the wrong order, the adoption agency's worst case."""
    unit = "<b><i><u><s>" + _SENTENCE + "</b></i></u></s><p>" + _SENTENCE
    return "<html><body>" + unit * 750


def deep_divs(scale: float = 1.0) -> str:
    """Block containers 100,000 deep (the parser turns quadratic past about 10,000)."""
    return (
        "<html><body>"
        + "<div>" * _n(DEEP_NESTING, scale)
        + _SENTENCE
        + "</div>" * _n(DEEP_NESTING, scale)
    )


def deep_unclosed_divs(scale: float = 1.0) -> str:
    """The same, never closed."""
    return "<html><body>" + "<div>" * _n(DEEP_NESTING, scale) + _SENTENCE


def deep_spans(scale: float = 1.0) -> str:
    """Inline elements 100,000 deep."""
    return (
        "<p>" + "<span>" * _n(DEEP_NESTING, scale) + _SENTENCE + "</span>" * _n(DEEP_NESTING, scale)
    )


def deep_formatting_no_break(scale: float = 1.0) -> str:
    """Emphasis 100,000 deep with a no-break space at its inner edges (Markdown moves it
    out of the emphasis, level by level)."""
    depth = _n(DEEP_NESTING // 2, scale)
    return "<p>a " + "<b><i>" * depth + f"\u00a0{_SENTENCE}\u00a0" + "</i></b>" * depth + " b</p>"


def deep_quotes(scale: float = 1.0) -> str:
    """Quotations 100,000 deep, each with a word (each ``<q>`` counts the quotations
    around it for its marks)."""
    depth = _n(DEEP_NESTING, scale)
    return "<p>" + "<q>said " * depth + _SENTENCE + "</q>" * depth + "</p>"


#: Definition lists nested inside each other's descriptions, under the depth the parser
#: refuses (each term's group holds the lists nested in it: read again for each term,
#: they cost the square of the depth).
DEFINITION_NESTING: Final = 4_500


def deep_definitions(scale: float = 1.0) -> str:
    """Definition lists 4,500 deep (9,000 elements: a list and a description at each
    level), a term and a description at each level."""
    depth = _n(DEFINITION_NESTING, scale)
    return _article("<dl><dt>term</dt><dd>description " * depth + "</dd></dl>" * depth)


#: Replies nested in the comments they answer, as deep as the definition lists above
#: (each level two elements: a comment and the paragraph in it).
REPLY_NESTING: Final = 4_500


def deep_replies(scale: float = 1.0) -> str:
    """Replies 4,500 deep, each a comment of one class beside a closed one of the same
    (old Reddit's and Disqus's threads, pushed down: the layout keeps the posts it is
    inside, and looked through them all at every element it left)."""
    level = f"<div class='comment'><p>{_SENTENCE}</p></div><div class='comment'><p>{_SENTENCE}</p>"
    depth = _n(REPLY_NESTING, scale)
    return "<html><body>" + level * depth + "</div>" * depth


def deep_formatting(scale: float = 1.0) -> str:
    """Formatting elements 100,000 deep with a space inside each (the layout moves spaces
    out of formatting)."""
    return (
        "<p>"
        + "<b> <i> " * _n(DEEP_NESTING // 2, scale)
        + _SENTENCE
        + " </i> </b>" * _n(DEEP_NESTING // 2, scale)
    )


def deep_links(scale: float = 1.0) -> str:
    """Links nested 100,000 deep (an anchor closes the one open before it) and bold inside
    links 100,000 deep."""
    return "<p>" + "<a href='/x'><b>" * _n(DEEP_NESTING, scale) + _SENTENCE


def deep_custom_elements(scale: float = 1.0) -> str:
    """Custom elements (unknown to the parser, so block-level to Boilerpipe) 100,000 deep."""
    return (
        "<body>"
        + "<x-box>" * _n(DEEP_NESTING, scale)
        + _SENTENCE
        + "</x-box>" * _n(DEEP_NESTING, scale)
    )


def deep_mixed(scale: float = 1.0) -> str:
    """A cycle of block, inline, list and quote elements 100,000 deep, never closed."""
    cycle = ("<section>", "<b>", "<ul><li>", "<blockquote>", "<span>", "<dl><dd>", "<x-a>")
    return (
        "<body>"
        + "".join(cycle[i % len(cycle)] for i in range(_n(DEEP_NESTING, scale)))
        + _SENTENCE
    )


def deep_tables(scale: float = 1.0) -> str:
    """Tables nested in cells 100,000 / 3 deep: every level opens a table, a row and a cell."""
    return "<body>" + "<table><tr><td>" * _n(DEEP_NESTING // 3, scale) + _SENTENCE


def deep_svg(scale: float = 1.0) -> str:
    """SVG groups 100,000 deep (foreign content: the parser's other insertion mode)."""
    return "<body><svg>" + "<g>" * _n(DEEP_NESTING, scale) + "<text>" + _SENTENCE + "</text>"


def nested_code(scale: float = 1.0) -> str:
    """``<pre>`` 20,000 deep (each code block's frame holds every one under it)."""
    depth = _n(DEEP_NESTING // 5, scale)
    return "<body><article>" + "<pre>x = 1\n" * depth + "</pre>" * depth + "</article>"


def many_code_blocks(scale: float = 1.0) -> str:
    """20,000 code blocks, each framed with its "Copy" button."""
    block = "<div class='highlight'><button>Copy</button><pre>x = 1</pre></div>"
    return "<body><article>" + block * _n(DEEP_NESTING // 5, scale) + "</article>"


def many_streamed(scale: float = 1.0) -> str:
    """1,000 pieces of React's streamed content, each with its placeholder, fallback and
    script (each move looks the page up again)."""
    count = _n(1000, scale)
    places = "".join(
        f'<!--$?--><template id="B:{i:x}"></template><p>Loading</p><!--/$-->' for i in range(count)
    )
    pieces = "".join(
        f'<div hidden id="S:{i:x}"><p>{_SENTENCE}</p></div>'
        f'<script>$RC("B:{i:x}","S:{i:x}")</script>'
        for i in range(count)
    )
    return f"<body>{places}{pieces}</body>"


def many_formulas(scale: float = 1.0) -> str:
    """100,000 MathML formulas: a row of empty ones, then MathJax-style wrappers in a
    sentence (the layout writes a formula in a line of content; asking of each formula
    whether content follows it was quadratic)."""
    count = _n(DEEP_NESTING, scale)
    empty = "<div>" + "<math><mi></mi></math>" * (count // 2) + "</div>"
    wrapped = "<span><mjx-assistive-mml><math><mi>x</mi></math></mjx-assistive-mml></span> "
    return _article(_paragraphs(2) + empty + "<p>Then " + wrapped * (count // 2) + "end.</p>")


def deep_hidden(scale: float = 1.0) -> str:
    """Hidden inline elements 100,000 deep, each with a word, in a sentence (the outputs
    leave out short hidden text; counting each one's words walked all of its subtree)."""
    depth = _n(DEEP_NESTING, scale)
    hidden = "<span hidden>w " * depth + "</span>" * depth
    return _article(f"<p>{_SENTENCE} {hidden} end.</p>")


def unclosed_bold_blank_lines(scale: float = 1.0) -> str:
    """Unclosed ``<b>`` before each of 20,000 blank lines (``<br><br>``), an old forum's
    markup (each paragraph cut at a blank line opened every formatting again)."""
    count = _n(DEEP_NESTING // 5, scale)
    return _article("<div>" + "<b>w<br><br>" * count + "</div>")


def long_author(scale: float = 1.0) -> str:
    """A 500 KB author in a meta element, all brackets and "at" (a regular expression
    that looked for a contact after a name backtracked over it)."""
    count = _n(DEEP_NESTING, scale)
    author = "(" + "at " * count + "x("
    return _article(_paragraphs(2), head=f'<meta name="author" content="{author}">')


def deep_mathml(scale: float = 1.0) -> str:
    """A MathML formula 100,000 rows deep, in a sentence."""
    depth = _n(DEEP_NESTING, scale)
    return _article(f"<p>{_SENTENCE}<math>" + "<mrow>" * depth + "<mi>x</mi></math> end.</p>")


def big_page(scale: float = 1.0) -> str:
    """A 50 MB article: ordinary markup, just a great deal of it."""
    unit = _paragraphs(10) + "<ul>" + "<li><a href='/more'>More news</a></li>" * 10 + "</ul>"
    body = unit * (_n(BIG_PAGE_BYTES, scale) // len(unit) + 1)
    return _article(body, title="A very long page")


def long_line(scale: float = 1.0) -> str:
    """One 5 MB paragraph: a single line of words, no newline anywhere."""
    words = _SENTENCE * (_n(LONG_LINE_BYTES, scale) // len(_SENTENCE) + 1)
    return _article(f"<p>{words}</p>", title="One long line")


def long_word(scale: float = 1.0) -> str:
    """One 5 MB word: no space to wrap at."""
    return _article(f"<p>Start {'x' * _n(LONG_LINE_BYTES, scale)} end.</p>" + _paragraphs(3))


def long_attribute(scale: float = 1.0) -> str:
    """A 5 MB attribute value and a tag with 100,000 attributes."""
    attributes = " ".join(f"data-a{i}='{i}'" for i in range(_n(100_000, scale)))
    return _article(
        f"<p title='{'y' * _n(LONG_LINE_BYTES, scale)}'>{_SENTENCE}</p><p {attributes}>x</p>"
    )


def many_paragraphs(scale: float = 1.0) -> str:
    """100,000 short paragraphs: many blocks."""
    return _article(
        "".join(f"<p>Short paragraph number {i} here.</p>" for i in range(_n(100_000, scale)))
    )


def big_table(scale: float = 1.0) -> str:
    """A table of 100,000 cells (1,000 rows of 100)."""
    row = "<tr>" + "".join(f"<td>cell {i}</td>" for i in range(100)) + "</tr>"
    rows = row * (_n(TABLE_CELLS, scale) // 100)
    return _article(f"<table><thead><tr><th>Head</th></tr></thead>{rows}</table>")


def links_only(scale: float = 1.0) -> str:
    """A page of nothing but links."""
    links = "".join(f"<a href='/page/{i}'>Link number {i}</a> " for i in range(_n(20_000, scale)))
    return f"<html><body>{links}</body></html>"


def fragment_links() -> str:
    """A paragraph of 20,000 links to fragments side by side, in a ``<span>`` (a link's
    formatting, where the outputs look for the one link it wraps), and 5,000 notes each
    with lettered links back ("^ a b", the letters' links bare or inside their
    formatting): where the outputs look for a note's way back up."""
    links = "".join(f"<a href='#n{i}'>{i}</a>" for i in range(20_000))
    notes = "".join(
        f"<li><span>^ <a href='#r{i}a'>a</a> <a href='#r{i}b'>b</a></span> Note {i}.</li>"
        if i % 2
        else f"<li><span>↑ <sup><i><b><a href='#r{i}a'>a</a></b></i></sup></span> Note {i}.</li>"
        for i in range(5_000)
    )
    return _article(f"<p><span>{links}</span></p><ol>{notes}</ol>")


def links_only_lists() -> str:
    """Nothing but links, in lists, with a heading: a sitemap."""
    items = "".join(f"<li><a href='/p/{i}'>Article {i} title</a></li>" for i in range(5_000))
    return f"<html><body><h1>Sitemap</h1><ul>{items}</ul></body></html>"


def unclosed_script() -> str:
    """A ``<script>`` that never closes: everything after it is script text."""
    return _article(_paragraphs(3) + "<script>var a = '<p>not text</p>';" + _paragraphs(50))


def unclosed_style() -> str:
    """A ``<style>`` that never closes."""
    return _article(_paragraphs(3) + "<style>p { color: red }" + _paragraphs(50))


def unclosed_comment() -> str:
    """A comment that never closes: the rest of the page is comment."""
    return _article(_paragraphs(3) + "<!-- a comment that runs on " + _paragraphs(50))


def unclosed_raw_text() -> str:
    """``<textarea>``, ``<title>`` and ``<xmp>`` never closed, then ``<plaintext>``."""
    return (
        "<html><head><title>Unclosed title "
        + _SENTENCE
        + "<body><textarea>"
        + _paragraphs(5)
        + "<xmp>"
        + _SENTENCE
        + "<plaintext><p>"
        + _SENTENCE * 5
    )


def comments_everywhere() -> str:
    """Comments between every word, malformed ones (``<!-->``, ``--!>``) among them."""
    words = _SENTENCE.split()
    comments = ("<!---->", "<!-->", "<!-- x --!>", "<!-- a -- b -->", "<!>", "<?php x ?>")
    text = " ".join(w + comments[i % len(comments)] for i, w in enumerate(words * 200))
    return _article(f"<p>{text}</p>")


def cdata() -> str:
    """CDATA sections in HTML (a bogus comment there), in SVG (text) and never closed."""
    return _article(
        "<p>Before <![CDATA[ hidden <b>markup</b> ]]> after.</p>"
        "<svg><text><![CDATA[SVG text in CDATA]]></text></svg>"
        + _paragraphs(3)
        + "<svg><![CDATA[ never closed "
        + _SENTENCE
    )


def svg_and_mathml() -> str:
    """Inline SVG and MathML among the prose, with HTML inside ``foreignObject``."""
    svg = (
        "<svg viewBox='0 0 10 10'><title>Chart</title><desc>A chart of costs</desc>"
        "<g><text x='1'>Axis label</text><foreignObject><p>" + _SENTENCE + "</p>"
        "</foreignObject></g><style>.a{}</style><script>x()</script></svg>"
    )
    math = (
        "<math><mrow><mi>x</mi><mo>=</mo><mfrac><mn>1</mn><mn>2</mn></mfrac></mrow>"
        "<mtext><p>HTML in mtext</p></mtext><annotation-xml encoding='text/html'><div>"
        + _SENTENCE
        + "</div></annotation-xml></math>"
    )
    return _article((_paragraphs(2) + svg + math) * 50)


def frameset() -> str:
    """A frameset with ``<noframes>`` content, nested framesets, and one without."""
    return (
        "<html><head><title>Frames</title></head><frameset cols='50%,50%'>"
        "<frame src='a.html'><frameset rows='1,1'><frame src='b.html'></frameset>"
        f"<noframes><body><h1>No frames</h1>{_paragraphs(5)}</body></noframes>"
        "</frameset></html>"
    )


def frameset_empty() -> str:
    """A frameset and nothing else."""
    return "<html><frameset><frame src='a.html'><frame src='b.html'></frameset></html>"


def frameset_noframes_nested() -> str:
    """``<noframes>`` whose content is another frameset with ``<noframes>``, 1,000 deep."""
    inner = f"<p>{_SENTENCE}</p>"
    for _ in range(1_000):
        inner = f"<frameset><frame src='x'><noframes>{inner}</noframes></frameset>"
    return f"<html><head><title>Nested</title></head>{inner}</html>"


def entities() -> str:
    """Character references that are not characters: NUL, surrogates, beyond Unicode,
    noncharacters, C1 controls, huge numbers, unterminated and unknown names."""
    references = (
        "&#0; &#x0; &#xD800; &#xDFFF; &#55296; &#x110000; &#1114112; &#xFFFE; &#xFFFF; "
        "&#x80; &#x9F; &#128; &#99999999999999999999; &#x; &#; &# &#x &#xZZ; "
        "&amp &lt &nbsp &notit; &notin; &bogus; &AMP; &; & "
    )
    return _article(f"<p>{references * 200}</p><p title='&#0;&#xD800;'>{_SENTENCE}</p>")


# --------------------------------------------------------------------------- bytes


def nul_bytes() -> bytes:
    """NUL bytes in text, in tag names, in attributes, and a run of them."""
    html = _article(
        f"<p>before\x00after {_SENTENCE}</p><di\x00v>x</div><p class='a\x00b'>{_SENTENCE}</p>"
        + "\x00" * 100
        + _paragraphs(3)
    )
    return html.encode("utf-8")


def nul_bytes_dense() -> bytes:
    """A NUL after every character: a page that is one third zeros but is not UTF-16."""
    return "\x00".join(_article(_paragraphs(20))).encode("utf-8")


def invalid_utf8() -> bytes:
    """Declared UTF-8, with every kind of invalid sequence: stray continuation bytes,
    truncated sequences, overlong forms, encoded surrogates, bytes beyond U+10FFFF."""
    bad = (
        b"\x80 \xbf \xc0\xaf \xe0\x80\xaf \xed\xa0\x80 \xed\xbf\xbf \xf4\x90\x80\x80 "
        b"\xf8\x88\x80\x80\x80 \xfe \xff \xc3 \xe2\x82 \xf0\x9f\x98 "
    )
    body = (b"<p>" + _SENTENCE.encode() + bad + b"</p>") * 200
    return b'<html><head><meta charset="utf-8"></head><body>' + body + b"</body></html>"


def invalid_utf8_undeclared() -> bytes:
    """Mostly UTF-8 text with invalid bytes and no declaration: the detector decides."""
    text = ("Zürich café naïve — " + _SENTENCE).encode() + b"\xff\xfe\xc3("
    return b"<html><body>" + b"<p>" + text * 300 + b"</p></body></html>"


def lone_surrogates() -> str:
    """A str page holding lone surrogates (from a careless ``surrogateescape`` decode)."""
    text = "before \ud800 middle \udfff after \udcff\udc80 " + _SENTENCE
    return _article(f"<p>{text * 200}</p><p title='\ud800'>{_SENTENCE}</p>")


def conflicting_charsets() -> bytes:
    """A UTF-8 byte-order mark, a ``<meta>`` saying windows-1251 and another saying
    Shift_JIS, over UTF-8 text."""
    html = _article(
        "<p>Crème brûlée, Ελληνικά, Русский, 日本語. " + _SENTENCE + "</p>",
        head="<meta charset='windows-1251'><meta http-equiv='Content-Type' "
        "content='text/html; charset=shift_jis'>",
    )
    return b"\xef\xbb\xbf" + html.encode("utf-8")


def header_conflict() -> bytes:
    """windows-1252 bytes declared as UTF-8 by ``<meta>``, read with an HTTP header that
    says ISO-2022-JP: three answers, at most one right."""
    html = _article(
        "<p>Caf\u00e9 cr\u00e8me \u2014 \u201cquoted\u201d " + _SENTENCE + "</p>",
        head="<meta charset='utf-8'>",
    )
    return html.encode("cp1252")


def bom_against_header() -> bytes:
    """A UTF-16 byte-order mark on a page an HTTP header calls UTF-8, whose ``<meta>``
    says ISO-8859-1."""
    html = _article(
        "<p>Gr\u00fc\u00dfe aus K\u00f6ln. " + _SENTENCE + "</p>",
        head="<meta charset='iso-8859-1'>",
    )
    return html.encode("utf-16")  # with its byte-order mark


def utf16_without_bom() -> bytes:
    """UTF-16 little-endian with no byte-order mark and no declaration."""
    return _article(_paragraphs(20) + "<p>Ünïcödé 日本語</p>").encode("utf-16-le")


def utf16be_without_bom() -> bytes:
    """UTF-16 big-endian with no byte-order mark, declaring (wrongly) UTF-8."""
    return _article(_paragraphs(20), head="<meta charset='utf-8'>").encode("utf-16-be")


def utf16_odd_length() -> bytes:
    """UTF-16 without a byte-order mark, cut in the middle of a character."""
    return _article(_paragraphs(20)).encode("utf-16-le")[:-1]


def utf32() -> bytes:
    """UTF-32 with its byte-order mark (which starts as UTF-16's)."""
    return _article(_paragraphs(5)).encode("utf-32")


def pdf() -> bytes:
    """A small but well-formed PDF document with a text stream."""
    stream = b"BT /F1 12 Tf 72 712 Td (Hello from a PDF, not a web page) Tj ET"
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>",
        b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream",
    ]
    out = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n"
    for number, body in enumerate(objects, start=1):
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    return out + b"trailer\n<< /Root 1 0 R >>\n%%EOF\n"


def pdf_compressed() -> bytes:
    """A PDF whose stream is deflated: binary bytes after an ASCII header."""
    stream = zlib.compress(b"BT (text) Tj ET " * 2000)
    head = b"%%PDF-1.7\n1 0 obj\n<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(stream)
    return head + stream + b"\nendstream\nendobj\n%%EOF\n"


def png() -> bytes:
    """A real 64×64 grey PNG."""
    raw = b"".join(b"\x00" + bytes(range(64)) for _ in range(64))

    def chunk(kind: bytes, data: bytes) -> bytes:
        checksum = zlib.crc32(kind + data) & 0xFFFFFFFF
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", checksum)

    header = struct.pack(">IIBBBBB", 64, 64, 8, 0, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw))
        + chunk(b"IEND", b"")
    )


def gzip_bomb() -> bytes:
    """A few hundred kilobytes of gzip that expand to 200 MB of spaces."""
    return gzip.compress(b"<p>" + b" " * (200 * 2**20), compresslevel=9)


def gzip_of_binary() -> bytes:
    """A valid gzip stream whose content is a PNG."""
    return gzip.compress(png())


def random_bytes() -> bytes:
    """A megabyte of pseudo-random bytes (a fixed seed: the same page every run)."""
    state, out = 0x12345678, bytearray()
    for _ in range(2**18):
        state = (state * 1103515245 + 12345) & 0xFFFFFFFF
        out += state.to_bytes(4, "little")
    return bytes(out)


def control_characters() -> str:
    """Every C0 and C1 control character and the Unicode separators in text."""
    controls = "".join(chr(c) for c in (*range(1, 32), *range(0x7F, 0xA0)))
    separators = "\u2028\u2029\u200b\u200e\u202e\ufeff\ufffe\uffff"
    return _article(f"<p>{(controls + separators + _SENTENCE) * 100}</p>")


@dataclass(frozen=True)
class Pathology:
    """One pathological page: its name, how to make it, and the charset an HTTP header
    gave with it (None: no header)."""

    name: str
    make: Callable[..., str | bytes]
    encoding: str | None = None
    tags: frozenset[str] = field(default_factory=frozenset)

    @property
    def sized(self) -> bool:
        """Whether the page takes a ``scale`` (its size is one of the issue's)."""
        return "scale" in self.make.__code__.co_varnames[: self.make.__code__.co_argcount]

    @property
    def description(self) -> str:
        first = (self.make.__doc__ or "").split("\n\n")[0]
        return " ".join(first.replace("``", "`").split())


#: A page too big for every extractor × output in the test suite: the tests run it
#: through a few representative extractors, the benchmark through all.
BIG: Final = "big"

PATHOLOGIES: Final = (
    Pathology("unclosed-tags", unclosed_tags),
    Pathology("misnested-formatting", misnested_formatting),
    Pathology("deep-divs", deep_divs),
    Pathology("deep-unclosed-divs", deep_unclosed_divs),
    Pathology("deep-spans", deep_spans),
    Pathology("deep-formatting", deep_formatting),
    Pathology("deep-formatting-no-break", deep_formatting_no_break),
    Pathology("deep-quotes", deep_quotes),
    Pathology("deep-definitions", deep_definitions),
    Pathology("deep-replies", deep_replies),
    Pathology("deep-links", deep_links),
    Pathology("deep-custom-elements", deep_custom_elements),
    Pathology("deep-mixed", deep_mixed),
    Pathology("deep-tables", deep_tables),
    Pathology("deep-svg", deep_svg),
    Pathology("deep-mathml", deep_mathml),
    Pathology("deep-hidden", deep_hidden),
    Pathology("unclosed-bold-blank-lines", unclosed_bold_blank_lines),
    Pathology("long-author", long_author),
    Pathology("many-formulas", many_formulas),
    Pathology("many-streamed", many_streamed),
    Pathology("nested-code", nested_code),
    Pathology("many-code-blocks", many_code_blocks),
    Pathology("big-page", big_page, tags=frozenset({BIG})),
    Pathology("long-line", long_line, tags=frozenset({BIG})),
    Pathology("long-word", long_word, tags=frozenset({BIG})),
    Pathology("long-attribute", long_attribute, tags=frozenset({BIG})),
    Pathology("many-paragraphs", many_paragraphs, tags=frozenset({BIG})),
    Pathology("big-table", big_table, tags=frozenset({BIG})),
    Pathology("links-only", links_only),
    Pathology("links-only-lists", links_only_lists),
    Pathology("fragment-links", fragment_links),
    Pathology("unclosed-script", unclosed_script),
    Pathology("unclosed-style", unclosed_style),
    Pathology("unclosed-comment", unclosed_comment),
    Pathology("unclosed-raw-text", unclosed_raw_text),
    Pathology("comments-everywhere", comments_everywhere),
    Pathology("cdata", cdata),
    Pathology("svg-and-mathml", svg_and_mathml),
    Pathology("frameset", frameset),
    Pathology("frameset-empty", frameset_empty),
    Pathology("frameset-noframes-nested", frameset_noframes_nested),
    Pathology("entities", entities),
    Pathology("nul-bytes", nul_bytes),
    Pathology("nul-bytes-dense", nul_bytes_dense),
    Pathology("invalid-utf8", invalid_utf8),
    Pathology("invalid-utf8-undeclared", invalid_utf8_undeclared),
    Pathology("lone-surrogates", lone_surrogates),
    Pathology("conflicting-charsets", conflicting_charsets),
    Pathology("header-conflict", header_conflict, encoding="iso-2022-jp"),
    Pathology("bom-against-header", bom_against_header, encoding="utf-8"),
    Pathology("utf16-without-bom", utf16_without_bom),
    Pathology("utf16be-without-bom", utf16be_without_bom),
    Pathology("utf16-odd-length", utf16_odd_length),
    Pathology("utf32", utf32),
    Pathology("pdf", pdf),
    Pathology("pdf-compressed", pdf_compressed),
    Pathology("png", png),
    Pathology("gzip-bomb", gzip_bomb),
    Pathology("gzip-of-binary", gzip_of_binary),
    Pathology("random-bytes", random_bytes),
    Pathology("control-characters", control_characters),
)

BY_NAME: Final = {pathology.name: pathology for pathology in PATHOLOGIES}


@cache
def page_of(name: str, scale: float = 1.0) -> str | bytes:
    """The page of the pathology ``name``, made once per process; ``scale`` shrinks or
    grows the pages whose size is one of the issue's (the others ignore it)."""
    pathology = BY_NAME[name]
    return pathology.make(scale) if pathology.sized else pathology.make()
