"""From bytes or text to a :class:`~unboiler.document.TextDocument`: the only module that
reads raw HTML.

Three steps, each usable on its own:

1. :func:`unboiler.charset.decode` turns bytes into text (byte-order mark, the caller's
   charset, the page's declaration checked against the bytes, a detector last; see
   :mod:`unboiler.charset`).
2. :func:`parse_html` builds the DOM with lexbor (through selectolax), an HTML5 parser that
   builds the tree as browsers do and is several times faster than libxml2.
3. :func:`build_document` walks the DOM once and cuts it into text blocks the way
   Boilerpipe's SAX content handler does (Kohlschütter et al., WSDM 2010; Boilerpipe 1.3
   ``BoilerpipeHTMLContentHandler`` and ``DefaultTagActionMap``): block-level elements end
   a block, inline elements do not, anchors add whitespace and mark their words as linked,
   ignorable elements are skipped whole.
"""

from __future__ import annotations

import json
import re
from typing import Any, Final
from urllib.parse import urlsplit

from selectolax.lexbor import LexborHTMLParser, LexborNode

from unboiler.charset import decode_with_utf8_flag, given_encoding, undo_double_utf8
from unboiler.collector import paused_collector
from unboiler.compressed import decompress
from unboiler.document import Label, TextBlock, TextDocument
from unboiler.errors import (
    ConfigurationError,
    ExtractionError,
    InputTypeError,
    PageTooLargeError,
    PageURLError,
)
from unboiler.shadow import attach_shadow_roots
from unboiler.tags import (
    ADDED_INLINE_TAGS,
    ANCHOR_TAG,
    BOILERPIPE_INLINE_SPACE_TAGS,
    BOILERPIPE_INLINE_TAGS,
    FIELD_TAG,
    IGNORED_TAGS,
    IN_LINE_IGNORED_TAGS,
    lexbor_tag_ids,
)
from unboiler.text import WRAP_WIDTH, normalize_space, word_texts, wrap_words

# --------------------------------------------------------------------------- parsing

#: Element nesting beyond which lexbor's tree construction turns quadratic (its scope
#: checks walk the stack of open elements): 10,000 nested ``<div>`` parse in about 0.05 s,
#: 40,000 take seconds.  Deeper pages are refused with a clear error.
MAX_NESTING_DEPTH: Final = 10_000
# Only pages with this many tags can nest that deep; below it the check is skipped.
_NESTING_CHECK_MIN_TAGS: Final = MAX_NESTING_DEPTH
_NESTING_TAG = re.compile(
    r"<(/?)(?:div|section|article|aside|nav|header|footer|main|blockquote|ul|ol|dl|table|"
    r"form|fieldset|figure|details|center|address|menu|dir)\b",
    re.IGNORECASE,
)


def _nesting_depth(html: str) -> int:
    """An estimate of the deepest nesting of the container elements that make lexbor slow
    (elements that close implicitly, such as ``<p>`` and ``<li>``, are left out)."""
    depth = deepest = 0
    for match in _NESTING_TAG.finditer(html):
        if match.group(1):
            depth = max(depth - 1, 0)
        else:
            depth += 1
            deepest = max(deepest, depth)
    return deepest


#: Attributes on one element beyond which lexbor's tree construction turns quadratic
#: (each new attribute is checked against the element's others): 10,000 parse in 0.14 s,
#: 40,000 in 2.2 s, 100,000 in 14 s.  A page with an element that has more is refused.
MAX_ATTRIBUTES: Final = 10_000
# Only start tags this long can hold that many attributes; only pages with this many
# "=" are searched for them.
_LONG_TAG: Final = re.compile(rb"<[a-zA-Z][^<>]{16384,}")
_ATTRIBUTE: Final = re.compile(rb"""[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]*))?""")


#: Elements whose content is not markup, and comments: a "<" inside them opens no tag.
_RAW_TEXT: Final = ((b"<script", b"</script"), (b"<style", b"</style"), (b"<!--", b"-->"))


def _most_attributes(data: bytes) -> int:
    """The most attributes any long start tag of the page has (quoted values skipped, so
    that a tag with one long JSON value counts as one attribute; a "<" inside a script,
    a style sheet or a comment, as in ``i<count; i++``, is no tag)."""
    most = 0
    lowered = b""
    for tag in _LONG_TAG.finditer(data):
        lowered = lowered or data.lower()
        start = tag.start()
        if any(lowered.rfind(o, 0, start) > lowered.rfind(c, 0, start) for o, c in _RAW_TEXT):
            continue
        most = max(most, sum(1 for _ in _ATTRIBUTE.finditer(tag.group(), 1)) - 1)
    return most


#: The largest page :func:`parse` reads unless told otherwise (``max_bytes=``), in bytes
#: after gzip decompression; for a page given as text, its size in UTF-8.  Real pages are
#: far smaller (the largest of the 1,666 benchmark pages is 3.8 MB; one of the largest
#: single pages on the web, the WHATWG HTML standard, is 13 MB), and a page of tens of
#: megabytes costs seconds and hundreds of megabytes to read: a caller who wants it says
#: so with ``max_bytes=None`` or a larger limit.
MAX_BYTES: Final = 16 * 2**20


def check_max_bytes(max_bytes: int | None) -> int | None:
    """The limit ``max_bytes`` sets: None for none (given as None or 0, as the CLI's
    ``--max-bytes 0``); raise :class:`ConfigurationError` for anything but None or a
    number of bytes."""
    if max_bytes is not None and (
        isinstance(max_bytes, bool) or not isinstance(max_bytes, int) or max_bytes < 0
    ):
        raise ConfigurationError(
            f"max_bytes must be a number of bytes (0 or None: no limit), not {max_bytes!r}"
        )
    return max_bytes or None


def _refuse_large(size: int, max_bytes: int | None) -> None:
    if max_bytes is not None and size > max_bytes:
        raise PageTooLargeError(
            f"page too large: {size:,} bytes, more than max_bytes={max_bytes:,} "
            "(pass a larger max_bytes, or None, to read it)"
        )


# ------------------------------------------------------------ input that is not markup

#: The elements of HTML (the Living Standard's index of elements, §"Elements", with the
#: obsolete ones of §16.2 that pages still use, and SVG's and MathML's roots).
_ELEMENT_NAMES: Final = (
    "a abbr acronym address area article aside audio b base basefont bdi bdo big blink "
    "blockquote body br button canvas caption center cite code col colgroup data datalist "
    "dd del details dfn dialog dir div dl dt em embed fieldset figcaption figure font "
    "footer form frame frameset h1 h2 h3 h4 h5 h6 head header hgroup hr html i iframe img "
    "input ins kbd label legend li link main map mark marquee math menu meta meter nav "
    "nobr noembed noframes noscript object ol optgroup option output p param picture "
    "plaintext pre progress q rb rp rt rtc ruby s samp script search section select slot "
    "small source span strike strong style sub summary sup svg table tbody td template "
    "textarea tfoot th thead time title tr track tt u ul var video wbr xmp"
)
HTML_ELEMENTS: Final = frozenset(_ELEMENT_NAMES.split())
#: What may start markup: a "<" then a name up to a space, "/" or ">" (HTML Living
#: Standard, §13.2.5.6 "Tag open state"), or "</" and a name, or a comment, a doctype
#: or an XML declaration ("<!--", "<!DOCTYPE", "<?xml").  A start tag counts when its
#: name is an element's (:data:`HTML_ELEMENTS`), so that a placeholder ("<year>",
#: "<name of author>"), a key ("<Esc>", "<C-U>"), an address ("<https://fsf.org/>",
#: "<a@b.org>") or "x <2" in plain text is no markup; an end tag of any name counts
#: (:data:`_END_TAG`: XML, custom elements, "<o:p></o:p>").
_TAG_START: Final = re.compile(
    r"<(?:/?([A-Za-z][A-Za-z0-9-]*)(?=[\s/>])|!--|!doctype|\?xml)", re.IGNORECASE
)
#: An end tag of any name ("</note>", "</my-para>", "</o:p>"): plain text has none.
_END_TAG: Final = re.compile(r"</[A-Za-z][\w:.-]*\s*>")
#: Paragraphs of plain text: parted by a line that is blank or holds only spaces.
_BLANK_LINE: Final = re.compile(r"\n[ \t\f\r]*\n")
#: The longest line of a paragraph of plain text wrapped by hand: text is wrapped at 72
#: to 80 characters by custom (RFC 5322, §2.1.1, asks for at most 78), so a paragraph
#: at least half of whose lines are longer is written a line a paragraph (a heading
#: over an unwrapped paragraph), and each line is one.  A long address in a wrapped
#: paragraph is one line of it.
HARD_WRAP_MAX: Final = 100


def _has_markup(text: str) -> bool:
    """Whether ``text`` holds a tag, a comment, a doctype or a processing instruction."""
    for match in _TAG_START.finditer(text):
        name = match.group(1)
        if name is None or name.lower() in HTML_ELEMENTS:
            return True
    return _END_TAG.search(text) is not None


#: Text that opens as JSON does: an object or an array, after white space.
_JSON_START: Final = re.compile(r"\s*[\[{]")
#: Lines read to tell JSON lines: each an object or an array.
JSON_LINES_READ: Final = 2


def _json_value(text: str) -> object:
    """``text`` parsed as JSON, or None (``null`` too) when it is none: not JSON, or
    nested deeper than the parser recurses (``"[" * 100_000``)."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return None


def _json_kind(text: str) -> str | None:
    """Whether ``text`` is JSON: "JSON" for a document (an object or an array), "JSON
    lines" when its first :data:`JSON_LINES_READ` lines (blank ones aside) are each one,
    else None.  Only text that opens as JSON is read (a page's text is not copied to
    find out)."""
    start = _JSON_START.match(text)
    if start is None:
        return None
    head = text[start.end() - 1 :]
    if isinstance(_json_value(head), (dict, list)):
        return "JSON"
    lines: list[str] = []
    for line in head.split("\n", 2 * JSON_LINES_READ)[: 2 * JSON_LINES_READ]:
        if line.strip():
            lines.append(line)
    if len(lines) < JSON_LINES_READ:
        return None
    if all(isinstance(_json_value(line), (dict, list)) for line in lines[:JSON_LINES_READ]):
        return "JSON lines"
    return None


def text_as_markup(text: str) -> str | None:
    """The markup of ``text`` when it holds none: its paragraphs as ``<p>`` elements
    (parted by blank lines, and by every line break in a paragraph not wrapped by hand:
    :data:`HARD_WRAP_MAX`); None when it is markup, or empty.

    A browser shows a file without tags as it is, and the HTML parser would run its
    paragraphs together and read what looks like a tag ("<https://fsf.org/>" in a
    licence) as one, losing it.  A plain-text file, a note or a feed's summary gives its
    paragraphs back, each a block.  Angle brackets are escaped; character references
    are left to the parser ("AT&amp;T" reads as it did as a fragment of HTML).  JSON is
    refused (:class:`ExtractionError`): it is data, not a page, and read as text its
    keys and quotes would be taken for the content."""
    kind = _json_kind(text)
    if kind is not None:  # first: a JSON string may hold markup
        raise ExtractionError(f"input is {kind}, not HTML")
    if _has_markup(text) or not text.strip():  # a page's first tag is found at once
        return None
    text = text.replace("\r\n", "\n").replace("\r", "\n")  # and old Macs' line ends
    paragraphs = []
    for part in _BLANK_LINE.split(text):
        lines = [line.strip() for line in part.split("\n")]
        long = sum(len(line) > HARD_WRAP_MAX for line in lines)
        if 2 * long >= len(lines) and long:
            paragraphs.extend(lines)
        else:
            paragraphs.append(" ".join(lines))
    paragraphs = [part.replace("<", "&lt;").replace(">", "&gt;") for part in paragraphs]
    return "".join(f"<p>{part}</p>\n" for part in paragraphs if part.strip())


def _text_and_bytes(
    html: str | bytes, encoding: str | None, max_bytes: int | None = None
) -> tuple[str, bytes]:
    """The page as text, ready for the parser (decoded if needed, NUL characters dropped,
    as the HTML parser drops them from text, a double UTF-8 encoding undone), and the
    same text as the UTF-8 bytes the parser reads.  Text without markup is read as
    plain text's paragraphs (:func:`text_as_markup`).

    selectolax encodes text input exactly so before parsing it (dropping lone
    surrogates); encoding here instead lets the checks before parsing scan bytes.  On the
    scrapinghub pages the search for NUL is twenty times faster on the bytes (in a str of
    two bytes a character a zero byte is everywhere, so the search cannot use ``memchr``)
    and the count of ``<`` twice as fast.  Pages that come as valid UTF-8, most of them,
    are not encoded again: their own bytes are what the encoding would give.  Bytes that
    are gzip (told by their first two bytes) are decompressed first.  A page larger than
    ``max_bytes`` is refused before any of this work.
    """
    if isinstance(html, bytes):
        # A page as crawlers and the benchmarks store it; never decompressed past the limit.
        html = decompress(html, limit=max_bytes)
        _refuse_large(len(html), max_bytes)
        text, is_utf8 = decode_with_utf8_flag(html, encoding)
        data = html if is_utf8 else text.encode("utf-8", "ignore")
    else:
        given_encoding(encoding)  # text needs no decoding, but a bad label is still an error
        _refuse_large(len(html), max_bytes)  # fewer characters than UTF-8 bytes: cheap first
        text = html
        data = text.encode("utf-8", "ignore")
        _refuse_large(len(data), max_bytes)
    if b"\x00" in data:  # in UTF-8 only NUL itself has a zero byte
        text = text.replace("\x00", "")  # dropped, as the HTML parser drops it from text
        data = text.encode("utf-8", "ignore")
    repaired = undo_double_utf8(data)
    if repaired is not data:
        data = repaired
        text = data.decode("utf-8")
    markup = text_as_markup(text)
    if markup is not None:
        text = markup
        data = markup.encode("utf-8", "ignore")
    return text, data


def parse_html(
    html: str | bytes, *, encoding: str | None = None, max_bytes: int | None = MAX_BYTES
) -> LexborHTMLParser:
    """Decode if needed and parse into a lexbor DOM."""
    max_bytes = check_max_bytes(max_bytes)
    return _parse(*_text_and_bytes(html, encoding, max_bytes))


def _parse(text: str, data: bytes) -> LexborHTMLParser:
    """Parse the page (``data`` is ``text`` in UTF-8), refusing one nested too deep or
    with an element of too many attributes."""
    # "<" is one byte in UTF-8 and no part of another character: the count is the text's.
    if data.count(b"<") >= _NESTING_CHECK_MIN_TAGS and _nesting_depth(text) > MAX_NESTING_DEPTH:
        raise ExtractionError(f"page nests elements more than {MAX_NESTING_DEPTH:,} deep")
    if data.count(b"=") > MAX_ATTRIBUTES and _most_attributes(data) > MAX_ATTRIBUTES:
        raise ExtractionError(f"an element of the page has more than {MAX_ATTRIBUTES:,} attributes")
    tree = LexborHTMLParser(data)
    if _noscript_overrun(tree):
        tree = LexborHTMLParser(_close_noscript_raw_text(data))
    return tree


#: Elements whose content the parser reads as raw text up to their end tag (HTML Living
#: Standard, §13.1.2.1 "Elements": raw text and escapable raw text elements).
_RAW_TEXT_TAGS: Final = (
    "iframe",
    "noembed",
    "noframes",
    "xmp",
    "style",
    "script",
    "textarea",
    "title",
)
_NOSCRIPT_OPEN: Final = re.compile(rb"<noscript\b[^>]*>", re.IGNORECASE)
_NOSCRIPT_CLOSE: Final = re.compile(rb"</noscript", re.IGNORECASE)
_RAW_TEXT_OPEN: Final = re.compile(
    rb"<(" + "|".join(_RAW_TEXT_TAGS).encode() + rb")\b", re.IGNORECASE
)
_RAW_TEXT_CLOSE: Final = {
    tag.encode(): re.compile(b"</" + tag.encode() + rb"\b", re.IGNORECASE) for tag in _RAW_TEXT_TAGS
}


def _noscript_overrun(tree: LexborHTMLParser) -> bool:
    """Whether a raw-text element inside a ``<noscript>`` took the ``</noscript>`` and
    what follows for its text (see :func:`_close_noscript_raw_text`).  Such an element
    holds the rest of the page, so it is the last one of the body, down the last
    children: a look at a few elements, and the page is parsed again only then."""
    node = tree.body
    while node is not None:
        last = _last_element(node)
        if last is not None and last.tag == "noscript":
            raw = _last_element(last)
            return (
                raw is not None
                and raw.tag in _RAW_TEXT_TAGS
                and "</noscript" in (raw.text(deep=True) or "").lower()
            )
        node = last
    return False


def _last_element(node: LexborNode) -> LexborNode | None:
    child = node.last_child
    while child is not None and not child.is_element_node:
        child = child.prev
    return child


def _close_noscript_raw_text(data: bytes) -> bytes:
    """``data`` with a raw-text element left open inside a ``<noscript>`` closed at the
    ``</noscript>``.  The parser reads ``<noscript>`` as a browser without scripts does,
    as markup, and there an ``<iframe>`` reads the rest of the page as its text until an
    ``</iframe>``; a browser that runs scripts reads the whole ``<noscript>`` as text, up
    to ``</noscript>``, and shows the page after it.  Next.js writes Google Tag Manager's
    ``<noscript><iframe ... /></noscript>`` so (``/>`` does not close an ``<iframe>``):
    the page after it was lost (WCXB 2838 came out empty)."""
    pieces: list[bytes] = []
    done = position = 0
    # each piece of the page is scanned once: a page of many unclosed <noscript> costs
    # one search for a </noscript> that is not there
    while (opening := _NOSCRIPT_OPEN.search(data, position)) is not None:
        closing = _NOSCRIPT_CLOSE.search(data, opening.end())
        if closing is None:
            break
        start, end = opening.end(), closing.start()
        while (raw := _RAW_TEXT_OPEN.search(data, start, end)) is not None:
            tag = raw.group(1).lower()
            # its text runs to its end tag, whatever it holds
            found = _RAW_TEXT_CLOSE[tag].search(data, raw.end(), end)
            if found is None:
                pieces += [data[done:end], b"</" + tag + b">"]
                done = end
                break
            start = found.end()
        position = closing.end()
    if not pieces:
        return data
    pieces.append(data[done:])
    return b"".join(pieces)


# --------------------------------------------------------------------------- blocks

# What each element does to the block being built (Boilerpipe's tag actions).
_BLOCK: Final = 0  # unknown and block-level elements end the block before and after
_INLINE: Final = 1  # inline formatting: neither whitespace nor a new block
_INLINE_SPACE: Final = 2  # inline, but separates words (abbr, acronym)
_ANCHOR: Final = 3  # inline, adds whitespace, its words are linked
_IGNORABLE: Final = 4  # skipped with all its content, ends the block
_COMMENT: Final = 5  # comments are skipped and do not end the block
_IGNORABLE_IN_LINE: Final = 6  # as _IGNORABLE, but what follows in the line continues it
_FIELD: Final = 7  # _IGNORABLE_IN_LINE inside a paragraph, else _BLOCK (tags.FIELD_TAG)

_TAG_ACTIONS: Final = {
    # Boilerpipe 1.3 DefaultTagActionMap, then our additions (see unboiler.tags).
    **dict.fromkeys(sorted(IGNORED_TAGS), _IGNORABLE),
    ANCHOR_TAG: _ANCHOR,
    **dict.fromkeys(sorted(BOILERPIPE_INLINE_TAGS | ADDED_INLINE_TAGS), _INLINE),
    **dict.fromkeys(sorted(BOILERPIPE_INLINE_SPACE_TAGS), _INLINE_SPACE),
    **dict.fromkeys(sorted(IN_LINE_IGNORED_TAGS), _IGNORABLE_IN_LINE),
    FIELD_TAG: _FIELD,
}
# Labels a block inherits from an enclosing element (Boilerpipe 1.3 DefaultTagActionMap).
_TAG_LABELS: Final = {
    "li": frozenset({Label.LI}),
    "h1": frozenset({Label.H1, Label.HEADING}),
    "h2": frozenset({Label.H2, Label.HEADING}),
    "h3": frozenset({Label.H3, Label.HEADING}),
}


#: Spaces that do not break a line (no-break, figure and narrow no-break space): Python's
#: ``str.split`` takes them for white space, Java's ``Character.isWhitespace`` does not,
#: so Boilerpipe makes a block (without words) of a run of them (see
#: :attr:`TextDocument.spacers`).
_NO_BREAK_SPACES: Final = re.compile("[\u00a0\u2007\u202f]")

#: Lexbor numbers the standard elements below this; custom elements get ids far above it
#: (addresses), which the walk checks against this bound before it indexes the table.
_STANDARD_TAG_IDS: Final = 1024


def _tag_ids() -> tuple[list[int], dict[int, frozenset[Label]], int]:
    """Boilerpipe's action for each of lexbor's standard tag ids (a list indexed by id,
    cheaper in the walk than a dict; unlisted elements take the block action, and so do
    custom elements, which the walk keeps out of the list), its labels, and the id of
    text nodes."""
    ids, text_id, comment_id = lexbor_tag_ids({*_TAG_ACTIONS, *_TAG_LABELS})
    if max(ids.values()) >= _STANDARD_TAG_IDS:  # pragma: no cover - guards a lexbor change
        raise ConfigurationError("lexbor's standard tag ids outgrew the action table")
    actions = [_BLOCK] * _STANDARD_TAG_IDS
    for name, action in _TAG_ACTIONS.items():
        actions[ids[name]] = action
    actions[comment_id] = _COMMENT
    labels = {ids[name]: labels for name, labels in _TAG_LABELS.items()}
    return actions, labels, text_id


_ACTION_BY_ID, _LABELS_BY_ID, _TEXT_ID = _tag_ids()
#: The same actions with ``<noscript>`` read as a block-level element, for pages whose
#: content is only in their no-script fallback (:func:`reveal_noscript`).
_ACTION_BY_ID_NOSCRIPT: Final = list(_ACTION_BY_ID)
_ACTION_BY_ID_NOSCRIPT[lexbor_tag_ids({"noscript"})[0]["noscript"]] = _BLOCK
_NO_LABELS: Final[frozenset[Label]] = frozenset()
_CONTINUES: Final = frozenset({Label.CONTINUES})

# Element depth of text directly inside <body>: Boilerpipe counts <html> and <body>.
_BODY_TAG_LEVEL: Final = 2


def build_blocks(
    body: LexborNode,
    *,
    noscript: bool = False,
    spacers: list[tuple[int, TextBlock]] | None = None,
) -> list[TextBlock]:
    """Cut the subtree under ``body`` into text blocks in one iterative walk.

    ``noscript`` reads the content of ``<noscript>`` as page text (Boilerpipe skips it,
    as a browser with scripts on does).

    The walk keeps a stack instead of recursing, so nesting depth cannot exhaust Python's
    stack.  Text is buffered as raw pieces and normalised once per block.  This loop runs
    for every node of every page, so it is written for speed: locals instead of globals,
    no per-node function calls, and whitespace-only text nodes recognised by lexbor without
    copying their text.
    """
    actions = _ACTION_BY_ID_NOSCRIPT if noscript else _ACTION_BY_ID
    labels_by_id = _LABELS_BY_ID
    standard_ids = _STANDARD_TAG_IDS
    text_id = _TEXT_ID
    block_action, anchor_action, inline_space_action, ignorable_action, comment_action = (
        _BLOCK,
        _ANCHOR,
        _INLINE_SPACE,
        _IGNORABLE,
        _COMMENT,
    )
    in_line_action = _IGNORABLE_IN_LINE
    field_action = _FIELD
    # The block that would continue a line cut at an in-line ignorable element
    # (Label.CONTINUES): its index, and the element the line is in.
    continued_at = -1
    continued_owner: Any = None
    # One record per block; the word statistics are computed for all blocks at the end.
    texts: list[str] = []
    link_texts: dict[int, str] = {}
    records: list[tuple[int, frozenset[Label], Any]] = []
    pieces: list[str] = []  # raw text of the block being built
    link_pieces: list[str] = []  # the part of it inside <a>
    owner: Any = body  # innermost block-level element
    labels: frozenset[Label] = _NO_LABELS  # labels inherited from enclosing elements
    block_owner = owner
    block_labels = labels
    level = _BODY_TAG_LEVEL
    block_level = level
    in_anchor = 0
    stack: list[tuple[Any, int, Any, frozenset[Label]]] = []
    node = body.first_child

    def flush() -> None:
        raw = "".join(pieces)
        text = normalize_space(raw)
        pieces.clear()
        if not text and spacers is not None and _NO_BREAK_SPACES.search(raw):
            spacers.append(
                (
                    len(texts),
                    TextBlock.from_parser(
                        "", (0, 0, 1), 0, len(texts), block_level, block_labels, block_owner
                    ),
                )
            )
        if text:
            if link_pieces:
                raw_link = "".join(link_pieces)
                # A block that is one link (a menu item) holds the same raw text twice.
                link_texts[len(texts)] = text if raw_link == raw else normalize_space(raw_link)
            labels = block_labels
            if continued_at == len(texts) and block_owner is continued_owner:
                labels = labels | _CONTINUES
            texts.append(text)
            records.append((block_level, labels, block_owner))
        link_pieces.clear()

    while True:
        if node is None:
            if not stack:
                break
            element, action, saved_owner, saved_labels = stack.pop()
            if action == block_action:
                if pieces:
                    flush()
                owner = saved_owner
                labels = saved_labels
                level -= 1
            elif action == anchor_action:
                in_anchor -= 1
                level -= 1
                if pieces:
                    pieces.append(" ")
                    link_pieces.append(" ")
            elif action == inline_space_action and pieces:
                pieces.append(" ")
                if in_anchor:  # the space separates linked words too
                    link_pieces.append(" ")
            node = element.next
            continue

        tag_id = node.tag_id
        if tag_id == text_id:
            if pieces:
                text = node.text_content or ""
                pieces.append(text)
                if in_anchor:
                    link_pieces.append(text)
            elif not node.is_empty_text_node:
                text = node.text_content or ""
                if text:
                    block_level = level
                    block_owner = owner
                    block_labels = labels
                    pieces.append(text)
                    if in_anchor:
                        link_pieces.append(text)
            node = node.next
            continue
        action = actions[tag_id] if tag_id < standard_ids else block_action
        if action == field_action:
            parent = node.parent
            action = in_line_action if parent is not None and parent.tag == "p" else block_action
        if action == block_action:
            if pieces:
                flush()
            continued_at = -1
            stack.append((node, action, owner, labels))
            owner = node
            extra = labels_by_id.get(tag_id)
            if extra is not None:
                labels = labels | extra
            level += 1
        elif action == ignorable_action:
            if pieces:
                flush()
            continued_at = -1
            node = node.next
            continue
        elif action == comment_action:
            node = node.next
            continue
        elif action == in_line_action:
            if pieces:
                flush()
                continued_at = len(texts)
                continued_owner = owner
            node = node.next
            continue
        else:
            stack.append((node, action, None, labels))
            if action == anchor_action:
                in_anchor += 1
                level += 1
                if pieces:
                    pieces.append(" ")
            elif action == inline_space_action and pieces:
                pieces.append(" ")
                if in_anchor:
                    link_pieces.append(" ")
        node = node.first_child

    if pieces:
        flush()
    return _make_blocks(texts, link_texts, records)


def _make_blocks(
    texts: list[str],
    link_texts: dict[int, str],
    records: list[tuple[int, frozenset[Label], Any]],
) -> list[TextBlock]:
    # One pass over the texts of all blocks and of their links.  Most linked blocks are
    # menus and lists of links, whose link text is the whole text and whose words are all
    # linked; only the other link texts are counted on their own.
    apart = [index for index, link_text in link_texts.items() if link_text != texts[index]]
    words = word_texts(texts + [link_texts[index] for index in apart])
    words_apart = dict(zip(apart, words[len(texts) :], strict=True))
    del words[len(texts) :]
    new_block = TextBlock.from_parser
    blocks = []
    rows = zip(texts, words, records, strict=True)
    for offset, (text, block_words, (level, labels, node)) in enumerate(rows):
        num_words = block_words.count(" ") + 1 if block_words else 0
        if len(block_words) <= WRAP_WIDTH:
            stats = (num_words, num_words, 1)
        else:
            stats = wrap_words(block_words)
        linked = 0
        if offset in link_texts:
            link_words = words_apart.get(offset, block_words)
            linked = link_words.count(" ") + 1 if link_words else 0
        blocks.append(new_block(text, stats, linked, offset, level, labels, node))
    return blocks


def _title(tree: LexborHTMLParser) -> str | None:
    head = tree.head
    if head is None:
        return None
    element = head.first_child
    while element is not None:
        if element.tag == "title":
            title = normalize_space(element.text(deep=True))
            return title or None
        element = element.next
    return None


def build_document(
    tree: LexborHTMLParser, *, url: str | None = None, source: str | None = None
) -> TextDocument:
    """The text blocks of a parsed page, with its title, and the tree and source text kept
    for the stages that need them."""
    body = tree.body
    spacers: list[tuple[int, TextBlock]] = []
    with paused_collector():  # see unboiler.collector
        blocks = build_blocks(body, spacers=spacers) if body is not None else []
    return TextDocument(
        blocks, title=_title(tree), url=url, tree=tree, source=source, spacers=spacers
    )


#: A page's ``<noscript>`` content is read as page text when it holds more words than
#: this share of the words visible without it: script-built pages (Discourse forums,
#: Blogger's dynamic views) serve their whole content there for crawlers and readers
#: without scripts, and their visible page is an empty shell.
NOSCRIPT_MIN_SHARE: Final = 1.0
#: ... and at least this many words: a page that is only a script-built shell says "You
#: need to enable JavaScript to run this app." there, which is no content.
NOSCRIPT_MIN_WORDS: Final = 30


def reveal_noscript(document: TextDocument) -> bool:
    """Filter: rebuild the blocks with ``<noscript>`` content read as text when the
    page's words are mostly there (see :data:`NOSCRIPT_MIN_SHARE`); True when it did."""
    tree = document.tree
    body = tree.body if tree is not None else None
    if body is None:
        return False
    hidden = 0
    for element in body.css("noscript"):
        hidden += len(element.text(deep=True, separator=" ").split())
    if hidden < NOSCRIPT_MIN_WORDS:
        return False
    visible = sum(len(block.text.split()) for block in document.blocks)
    if hidden <= NOSCRIPT_MIN_SHARE * visible:
        return False
    document.spacers = []
    document.blocks = build_blocks(body, noscript=True, spacers=document.spacers)
    return True


def read_noscript(document: TextDocument) -> bool:
    """Filter: rebuild the blocks with ``<noscript>`` content read as text whenever the page
    has some, for methods whose reference reads it as a browser without scripts does
    (the jusText package's cleaner keeps it); True when it did."""
    tree = document.tree
    body = tree.body if tree is not None else None
    if body is None or body.css_first("noscript") is None:
        return False
    document.spacers = []
    document.blocks = build_blocks(body, noscript=True, spacers=document.spacers)
    return True


def check_url(url: object) -> str | None:
    """``url`` with the white space at its ends left out, when it is None or an absolute
    http(s) address (RFC 3986, §4.3: a page's address is one), also in the angle
    brackets WARC 1.0 writes it in; None for an empty string; :class:`InputTypeError`
    for what is no string, :class:`PageURLError` for any other string."""
    if url is None:
        return None
    if not isinstance(url, str):
        raise InputTypeError(f"url must be a string or None, not {type(url).__name__}")
    url = url.strip()
    if url.startswith("<") and url.endswith(">"):
        url = url[1:-1].strip()
    if not url:
        return None
    try:
        parts = urlsplit(url)
    except ValueError as error:
        raise PageURLError(f"{url!r} is not a URL ({error})") from None
    if parts.scheme.lower() not in ("http", "https") or not parts.netloc:
        raise PageURLError(
            f"{url!r} is not an absolute URL of http or https; give the page's full address, "
            "such as https://example.org/news/story.html"
        )
    return url


def parse(
    html: str | bytes,
    *,
    url: str | None = None,
    encoding: str | None = None,
    max_bytes: int | None = MAX_BYTES,
) -> TextDocument:
    """Parse a page once into a :class:`TextDocument` that any extractor can run on.

    ``html`` may be text or raw bytes (decoded by :func:`unboiler.charset.decode`, with
    ``encoding`` as the charset an HTTP header gave, if any).  A page larger than
    ``max_bytes`` (default :data:`MAX_BYTES`; None or 0 for no limit) is an
    :class:`ExtractionError`.  A frameset page, which has no body, is read from its
    ``<noframes>`` content (see :func:`_noframes_tree`).
    """
    if not isinstance(html, (str, bytes, bytearray, memoryview)):
        raise InputTypeError(f"expected str or bytes, got {type(html).__name__}")
    url = check_url(url)
    if encoding is not None and not isinstance(encoding, str):
        raise InputTypeError(f"encoding must be a string or None, not {type(encoding).__name__}")
    max_bytes = check_max_bytes(max_bytes)
    if type(html) not in (str, bytes):  # bytearray, memoryview, subclasses (numpy.bytes_)
        # the base types' own conversions: a subclass's __str__ or __bytes__ may differ
        html = str.__str__(html) if isinstance(html, str) else bytes(memoryview(html))
    text, data = _text_and_bytes(html, encoding, max_bytes)
    tree = _parse(text, data)
    if tree.body is None:
        fallback = _noframes_tree(tree)
        if fallback is not None:
            document = build_document(fallback, url=url, source=text)
            document.title = _title(tree) or document.title
            return document
    attach_shadow_roots(tree, text)
    place_streamed(tree, text)
    show_amp_images(tree)
    return build_document(tree, url=url, source=text)


#: The attributes of an AMP image that an ``<img>`` has too (AMP HTML, ``amp-img``).
AMP_IMAGE_ATTRIBUTES: Final = ("src", "srcset", "sizes", "alt", "title", "width", "height")
#: The most AMP images given an ``<img>`` on a page: a gallery's hundreds, not a page
#: built to make the parser copy attributes without end.
MAX_AMP_IMAGES: Final = 1000
#: The attributes of ``<html>`` that mark an AMP document (AMP HTML: "MUST contain a
#: top-level ``<html ⚡>`` or ``<html amp>`` tag"; its e-mail and ad formats' too), read
#: instead of searching the page's source for AMP's images (0.07 ms a page).
AMP_MARKS: Final = frozenset({"⚡", "amp", "⚡4email", "amp4email", "⚡4ads", "amp4ads"})
#: The attributes of an AMP image that stands in for another: shown only while the other
#: loads or when it fails (AMP's ``placeholder`` and ``fallback``).
AMP_STAND_INS: Final = ("fallback", "placeholder")


def show_amp_images(tree: LexborHTMLParser) -> bool:
    """Give each AMP image (``<amp-img>``, the AMP HTML format's picture, which its
    runtime script draws as an ``<img>`` inside it) the ``<img>`` a browser shows, where
    the page holds none, in a document marked as AMP (:data:`AMP_MARKS`); True when any
    was given.  Without it an AMP news page's
    pictures, which every output reads from ``<img>``, were lost (a newcomer's Hindi
    article).  An AMP image that stands in for the one around it (:data:`AMP_STAND_INS`:
    a JPEG ``fallback`` inside a WebP) gets none: the outer one is the picture."""
    root = tree.root
    if root is None or AMP_MARKS.isdisjoint(root.attributes):
        return False
    given = False
    for image in tree.css("amp-img")[:MAX_AMP_IMAGES]:
        attributes = image.attributes
        if not attributes.get("src") and not attributes.get("srcset"):
            continue
        if any(name in attributes for name in AMP_STAND_INS):
            continue  # the picture it stands in for is the one shown
        if image.css_first("img") is not None:
            continue  # drawn on the server, or a fallback of its own
        shown = LexborHTMLParser("<img>").css_first("img")
        if shown is None:
            continue
        for name in AMP_IMAGE_ATTRIBUTES:
            value = attributes.get(name)
            if value is not None:
                shown.attrs[name] = value
        image.insert_child(shown)
        given = True
    return given


# React's streamed server rendering (react-dom/server, since React 18): the content of
# each Suspense boundary that was not ready comes later in the page, in a hidden
# <div id="S:n">, and an inline script moves it into place, replacing the boundary's
# placeholder <template id="B:n"> and its fallback ("Loading...") up to <!--/$-->
# ($RC, completeBoundary), or a segment's <template id="P:n"> ($RS, completeSegment).
_STREAMED_CALL: Final = re.compile(r'\$R([CS])\("([BPS]:[0-9a-z]+)","([BPS]:[0-9a-z]+)"\)')
_SEGMENT_ID: Final = re.compile(r"S:[0-9a-z]+")
#: Rounds of moves: a boundary's content can hold another's placeholder.
STREAMED_ROUNDS: Final = 8
#: The most streamed pieces moved on a page (a few dozen on WCXB's pages): each move looks
#: up its two elements in the whole tree again, as moving and dropping change it.
MAX_STREAMED_SEGMENTS: Final = 1000


def place_streamed(tree: LexborHTMLParser, source: str) -> bool:
    """Move the hidden content that React streams after the page into the places its
    scripts would move it to, as a browser that runs them shows the page; True when any
    was moved.  Read in the order served, a streamed article came out in pieces after
    the footer, its headings missing, and hidden.  30 WCXB pages have such content;
    held out (one member, seed 0, five folds by domain), 29 of them (2838 aside, which
    another fix mended) went from 0.783 to 0.809 (an article of ranked stocks, 0046,
    0.593 to 0.942); moved but left hidden, 0.765."""
    if "$RC(" not in source and "$RS(" not in source:
        return False
    places: dict[str, str] = {}
    for kind, first, second in _STREAMED_CALL.findall(source):
        segment, place = (second, first) if kind == "C" else (first, second)
        places[segment] = place
    if len(places) > MAX_STREAMED_SEGMENTS:
        return False  # each move looks the page up again: a page of so many is no React's
    moved = False
    for _ in range(STREAMED_ROUNDS):
        progress = False
        for segment, place in places.items():
            if not _SEGMENT_ID.fullmatch(segment):
                continue
            content = tree.css_first(f'div[hidden][id="{segment}"]')
            target = tree.css_first(f'template[id="{place}"]')
            if content is None or target is None:
                continue
            if place.startswith("B:"):
                _drop_fallback(target)
            target.replace_with(content)  # a copy: the hidden original goes
            content.decompose()
            placed = tree.css_first(f'div[hidden][id="{segment}"]')
            if placed is not None:
                placed.unwrap()
            progress = moved = True
        if not progress:
            break
    return moved


def _drop_fallback(template: LexborNode) -> None:
    """Remove what follows a boundary's placeholder up to the boundary's end comment
    (``<!--/$-->``): the fallback a browser shows until the content comes."""
    fallback: list[LexborNode] = []
    node = template.next
    while node is not None:
        if node.tag == "-comment" and (node.comment_content or "").strip() == "/$":
            for part in fallback:
                part.decompose()
            return
        fallback.append(node)
        node = node.next
    # no end comment among its siblings: the page is not as React writes it, and nothing
    # is removed


def _noframes_tree(tree: LexborHTMLParser) -> LexborHTMLParser | None:
    """The DOM of a frameset page's ``<noframes>`` content, or None when it has none.

    A frameset page has no ``<body>``: its text for readers without frames is inside
    ``<noframes>``, which the HTML parser keeps as raw text (a browser with frames shows
    the frames instead); that text is parsed as a page of its own."""
    fallback = "".join(element.text() for element in tree.css("noframes"))
    if not fallback.strip():
        return None
    return _parse(fallback, fallback.encode("utf-8", "ignore"))
