"""The second step of the outputs (:mod:`unboiler.output.text`): the selected text laid
out, in page order, as the tree of :mod:`unboiler.output.tree` (:func:`layout`).

Whatever else the page nests the content in is transparent: a walk of the content's
elements writes headings, paragraphs, lists, quotes, code and tables, and the seams
between inline elements are read for the spaces the page's CSS would show.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator
from typing import Final
from urllib.parse import urljoin, urlsplit

from selectolax.lexbor import LexborHTMLParser, LexborNode

from unboiler import tags
from unboiler.document import TextDocument
from unboiler.metadata.direction import DIRECTIONS, declared_direction
from unboiler.metadata.sources import declared_web_address
from unboiler.output.code import (
    code_language,
    counted_lines,
    first_shown,
    line_number,
    line_numbers,
    numbering_lists,
    pre_controls,
    prose_paragraphs,
)
from unboiler.output.dom import (
    BLOCK_DISPLAY,
    CODE_LINE_SELECTOR,
    FIGURE_TAGS,
    HEADING_LEVELS,
    IGNORED_TAGS,
    IMAGE_URL_ATTRIBUTES,
    IN_LINE_IGNORED,
    LINE_NUMBER_SELECTOR,
    LIST_TAGS,
    MAX_BESIDE_NODES,
    MAX_COLSPAN,
    MAX_NESTING,
    MAX_ROWSPAN,
    RUBY_ANNOTATION_TAGS,
    STYLED_INLINE_TAGS,
    Selection,
    TexMode,
    adjacent,
    admonition,
    hidden_from_readers,
    laid_inline,
    text_nodes,
)
from unboiler.output.emails import ENCODED_LINK_PATH, link_address
from unboiler.output.hidden import (
    HIDDEN_SPACE_LEVELS,
    QUOTE_MARKS,
    drop_cap,
    emoticon,
    hidden_space,
    initial_letter,
    is_decorative,
    opens_next_word,
    shows_nothing,
)
from unboiler.output.inline import (
    CASE_EDGE,
    EDGE_PUNCTUATION,
    ENCODED_INVISIBLE,
    WIDE,
    WIDE_CHARACTER,
    blank_line,
    blank_line_parts,
    code_line_breaks,
    end_code_line,
    follows_code,
    holds_only_breaks,
    normalize,
    plain,
    quote_depth,
    starts_line,
    strip_line_ends,
    styled_line,
)
from unboiler.output.lists import (
    CSS_NUMBERED_STYLES,
    LIST_NUMBER_STYLES,
    counted_by_hand,
    labelled_definitions,
    labelled_items,
    labels_inline,
    list_number,
    list_style,
    listed_sections,
    numbered_by_hand,
    numbered_items,
    ordinals,
    task_check,
)
from unboiler.output.renderings import (
    picture_tex,
    tex_in_text,
    tex_tokens,
    write_formula,
    write_picture_formula,
)
from unboiler.output.select import Posts, posts_in_turn, posts_of_prose, select, tidy_rules
from unboiler.output.tables import (
    EQUATION_NUMBER,
    cell_align,
    cell_line,
    cell_span,
    fits_cell,
    grid_of_data,
    header_rows,
    labelled_line,
    named_icon,
    row_line,
    wraps_items,
)
from unboiler.output.tabs import tab_labels
from unboiler.output.tree import (
    BREAK,
    FORMULA_TAGS,
    MARK_TAGS,
    Block,
    Cell,
    Close,
    CodeBlock,
    DefinitionPart,
    Heading,
    Image,
    Inline,
    LineBreak,
    ListBlock,
    Mark,
    Open,
    Paragraph,
    Quote,
    Rule,
    Table,
    has_text,
)
from unboiler.text import (
    visible,
)


def base_url(document: TextDocument) -> str | None:
    """The address the page's relative links resolve against: the page's first
    ``<base href>`` (HTML Living Standard, §4.2.3, "the base element"), made absolute
    against the page's URL, else the page's URL.  A relative ``<base>`` with no page URL
    to resolve it against is left out, as is one that is not http(s).  A page given
    without its URL stands at the http(s) address it declares
    (:func:`~unboiler.metadata.sources.declared_web_address`: its canonical link, else
    ``og:url``): a newcomer's listing saved to a file wrote its links
    "/expose/148203311", which lead nowhere outside the site."""
    tree = document.tree
    url = document.url if document.url is not None else declared_web_address(tree)
    element = tree.css_first("base[href]") if tree is not None else None
    if element is not None:
        resolved = _absolute_url(element.attributes.get("href"), url)
        if resolved is not None and resolved.lower().startswith(("http://", "https://")):
            return resolved
    return url


def _absolute_url(value: str | None, base: str | None) -> str | None:
    """``value`` resolved against ``base``: an http(s) URL, or a relative one when there is
    no base to resolve it against; None for anything else (``javascript:``, ``data:``, an
    address that cannot be parsed).
    Invisible characters in it (a soft hyphen in a file name) are percent-encoded, as a
    browser sends them: they are part of the address, but no output shows them raw."""
    if not value:
        return None
    # The URL standard drops tabs and newlines inside URLs and spaces at their ends.
    url = value.replace("\t", "").replace("\n", "").replace("\r", "").strip()
    if not url.isascii():
        url = url.translate(ENCODED_INVISIBLE)
    if not url:
        return None
    try:  # an address Python cannot split ("http://[::1", an unclosed IPv6 host) is none
        if base:
            url = urljoin(base, url)
        scheme = urlsplit(url).scheme.lower() if ":" in url else ""
    except ValueError:
        return None
    if scheme in ("http", "https"):
        return url
    if not scheme and not base and not url.startswith("//"):
        return url
    return None


#: A letter or digit that is not wide (CJK): two of these touching across an element's
#: edge with no space between are two words only when something lays them apart.
_WORD_CHARACTER: Final = re.compile(f"[^\\W_](?<![{WIDE}])")


class _Seams:
    """The edges of inline elements that hold blocks, in the run of a line being laid out.

    A browser keeps the text on either side of such an edge on one line (CSS 2.1,
    §9.2.1.1: the inline is split around the block, the text beside it stays in the
    line box), so the edge ends no line.  But where a word touches a word across it
    (``<span>Powered by AI agents</span><span><p>Designed…</p></span>``) a reader of the
    page sees two words, not one: such markup is a flex or grid layout, whose children
    CSS makes blocks, and the edge ends the line.  A page's own ``b<a>x<div>…`` is read
    that way too: without a space, "b" and "x" are taken as laid apart, as the
    glued-link rule of :func:`~unboiler.output.inline.normalize` takes links that touch a word.
    """

    def __init__(self) -> None:
        self.positions: list[int] = []

    def mark(self, run: list[Inline]) -> None:
        position = len(run)
        if not self.positions or self.positions[-1] != position:
            self.positions.append(position)

    def split(self, run: list[Inline]) -> list[list[Inline]]:
        """``run`` cut at the seams where a word touches a word; the seams are used up."""
        lines: list[list[Inline]] = []
        start = 0
        for position in self.positions:
            if position < len(run) and _touching(run, position):
                lines.append(run[start:position])
                start = position
        self.positions.clear()
        lines.append(run[start:])
        return lines


def _edge_character(run: list[Inline], position: int, step: int) -> str:
    """The character of text next to ``position`` in ``run``, looking back (``step`` -1) or forward
    (1) through formatting and :data:`~unboiler.output.inline.CASE_EDGE`; "" when a break, an image
    or nothing is there."""
    index = position - 1 if step < 0 else position
    while 0 <= index < len(run):
        token = run[index]
        if isinstance(token, str):
            if token and token != CASE_EDGE:
                return token[-1] if step < 0 else token[0]
        elif not isinstance(token, (Open, Close)):
            return ""
        index += step
    return ""


def _touching(run: list[Inline], position: int) -> bool:
    before = _edge_character(run, position, -1)
    after = _edge_character(run, position, 1)
    return bool(_WORD_CHARACTER.match(before) and _WORD_CHARACTER.match(after))


def _open_at_end(line: list[Inline]) -> list[Open]:
    """The formatting still open at the end of ``line``, outermost first."""
    opened: list[Open] = []
    for token in line:
        if isinstance(token, Open):
            opened.append(token)
        elif isinstance(token, Close):
            for index in range(len(opened) - 1, -1, -1):
                if opened[index].mark is token.mark:
                    del opened[index]
                    break
    return opened


def _formatted(blocks: list[Block], run: list[Inline]) -> list[Block]:
    """``blocks`` with the formatting open in ``run`` (only openings are left in it
    after :meth:`_Layout.end_line`) put on their headings: ``<a><h2>…</h2></a>`` is a
    linked heading."""
    opened = [token for token in run if isinstance(token, Open)]
    if not opened:
        return blocks
    closes = [Close(opening.mark) for opening in reversed(opened)]
    return [
        Heading(block.level, normalize([*opened, *block.inlines, *closes]), block.direction)
        if isinstance(block, Heading)
        else block
        for block in blocks
    ]


#: The token that closes a code span.
_CLOSE_CODE: Final = Close(Mark.CODE)


#: Marks whose edges part no words: code (a highlighter's spans), and raised or lowered
#: text, which is part of its word ("k<sub>B</sub>T", "iPhone<sup>TM</sup>").
_JOINED_MARKS: Final = frozenset({Mark.CODE, Mark.SUPERSCRIPT, Mark.SUBSCRIPT})
#: A fragment that names one note: Substack's ``#footnote-1``, Pandoc's ``#fn1``,
#: Python-Markdown's and Hugo's ``#fn:1``, ``#note-2``, ``#endnote3``, MediaWiki's
#: ``#cite_note-3`` (or ``#cite_note-Smith2004-3``); not a section's ``#notes``, nor
#: ``#fnord``.
_NOTE_FRAGMENT: Final = re.compile(
    r"^(?:.*[^a-z])?(?:fn|footnote|endnote|note)[-_:.]?\d+$|^cite_note-", re.IGNORECASE
)
#: A fragment that leads back from a note to its mark (Pandoc's ``#fnref1``,
#: Substack's ``#footnote-anchor-1``, MediaWiki's ``#cite_ref-3``): the note's label.
_BACK_FRAGMENT: Final = re.compile(r"ref|anchor|back", re.IGNORECASE)
#: A note's mark: a number, a number in brackets, or a dagger or asterisk sign.
_NOTE_MARK: Final = re.compile(r"\[?(?:\d{1,3}|[a-z]|[*†‡§])\]?")
#: How far above a reference a ``<sup>`` makes it raised already.
NOTE_SUP_LEVELS: Final = 2


def footnote_reference(anchor: LexborNode) -> bool:
    """Whether the link ``anchor`` is a footnote's mark in the text, drawn raised by the
    page's style, not by a ``<sup>``: a number (or a bracketed one, a dagger) that
    leads to one note of the page (its ``href`` a fragment that names a note,
    :data:`_NOTE_FRAGMENT`, and not back to a mark).  It is written as a superscript
    around the link, as a ``<sup>`` around it would be: text output read "heat
    pumps.1 That is" (a newcomer's Substack post)."""
    href = (anchor.attributes.get("href") or "").strip()
    if not href.startswith("#"):
        return False
    fragment = href[1:]
    if _NOTE_FRAGMENT.search(fragment) is None or _BACK_FRAGMENT.search(fragment):
        return False
    if _NOTE_MARK.fullmatch(anchor.text(deep=True).strip()) is None:
        return False
    return not tags.within(anchor.parent, ("sup",), NOTE_SUP_LEVELS)


_CLOSE_JOINED: Final = frozenset(Close(mark) for mark in _JOINED_MARKS)


def _mark_case_edge(run: list[Inline]) -> None:
    """Put :data:`~unboiler.output.inline.CASE_EDGE` at the end of ``run`` when it ends in a letter
    or a digit, in punctuation that ends a phrase (:data:`~unboiler.output.inline.EDGE_PUNCTUATION`)
    or in a number's full stop ("1."): an element's edge, where
    :func:`~unboiler.output.inline.normalize` may need a space."""
    if run:
        last = run[-1]
        if (
            isinstance(last, str)
            and last
            and (
                last[-1].isalnum()
                or last[-1] in EDGE_PUNCTUATION
                or (last[-1] == "." and last[-2:-1].isdigit())
            )
        ):
            run.append(CASE_EDGE)


#: What makes an element show its text's line breaks: the ``white-space`` values that
#: keep them (CSS Text 3, §3), in its style or by Tailwind's utility classes.
_BREAKS_SHOWN: Final = re.compile(
    r"white-space\s*:\s*(?:pre|pre-wrap|pre-line|break-spaces)\b", re.I
)
_BREAKING_CLASSES: Final = frozenset(
    {"whitespace-pre", "whitespace-pre-wrap", "whitespace-pre-line", "whitespace-break-spaces"}
)
_BREAKING: Final = '[style*="white-space" i], [class*="whitespace-" i]'
#: The most text nodes read under such elements (a page styled so throughout reads as
#: text of one line each beyond it).
MAX_BREAKING_TEXTS: Final = 100_000


#: A selector of one class, on any element or on one tag (".poem", "p.lyrics").
_CLASS_SELECTOR: Final = re.compile(r"\s*(?:[a-zA-Z][\w-]*)?\.([\w-]+)\s*")
#: A selector of the elements of one tag inside a class (".entry p").
_BLOCKS_INSIDE: Final = re.compile(r"\s*(?:[a-zA-Z][\w-]*)?\.([\w-]+)\s+([a-zA-Z][\w-]*)\s*")
#: A ``white-space`` that joins lines again.
_BREAKS_JOINED: Final = re.compile(r"white-space\s*:\s*(?:normal|nowrap)\b", re.I)
#: The most characters of the page's style sheets read for such rules.
MAX_STYLE_CHARS: Final = 1_000_000


def _without_comments(sheet: str) -> str:
    """A style sheet without its comments (``/* ... */``; one never closed runs to the
    end), in one pass."""
    pieces: list[str] = []
    position = 0
    while True:
        start = sheet.find("/*", position)
        if start == -1:
            pieces.append(sheet[position:])
            return "".join(pieces)
        pieces.append(sheet[position:start])
        end = sheet.find("*/", start + 2)
        if end == -1:
            return "".join(pieces)
        position = end + 2


def _style_rules(sheet: str) -> Iterator[tuple[str, str, bool]]:
    """Each rule of a style sheet whose declarations hold no other rule: its selectors,
    its declarations, and whether it stands at the sheet's top (not in an ``@media``
    block or another rule).  One pass over the sheet cut at its braces, whatever its
    nesting or size."""
    pieces = _BRACES.split(_without_comments(sheet))
    depth = 0
    for index, piece in enumerate(pieces):
        if piece == "{":
            if index > 0 and index + 2 < len(pieces) and pieces[index + 2] == "}":
                yield pieces[index - 1], pieces[index + 1], depth == 0
            depth += 1
        elif piece == "}":
            depth = max(depth - 1, 0)


_BRACES: Final = re.compile(r"([{}])")


def sheet_breaking_classes(tree: LexborHTMLParser) -> frozenset[str]:
    """The classes the page's own style sheets (its ``<style>`` elements) give a
    ``white-space`` that shows line breaks (:data:`_BREAKS_SHOWN`), by a selector of the
    class alone (:data:`_CLASS_SELECTOR`: a poem's ``.poema { white-space: pre-line }``,
    its lines written one a line in the source and shown so), unless another rule of the
    sheet's top sets a ``white-space`` that joins lines for the class alone (the
    cascade is not worked out, and the page's lines are then left joined, as before);
    or for the blocks it holds (``.entry p { white-space: normal }``); a rule for a line's
    elements in it (``.poem a { white-space: nowrap }``) or one for print leaves it
    alone."""
    shown: set[str] = set()
    joined: set[str] = set()
    read = 0
    for style in tree.css("style"):
        sheet = style.text(deep=True) or ""
        read += len(sheet)
        if read > MAX_STYLE_CHARS:
            break
        if "white-space" not in sheet.lower():
            continue
        for selectors, declarations, top in _style_rules(sheet):
            breaks = _BREAKS_SHOWN.search(declarations)
            if not breaks and not (top and _BREAKS_JOINED.search(declarations)):
                continue
            for selector in selectors.split(","):
                found = _CLASS_SELECTOR.fullmatch(selector)
                if found:
                    (shown if breaks else joined).add(found.group(1))
                elif not breaks:
                    inside = _BLOCKS_INSIDE.fullmatch(selector)
                    if inside and inside.group(2).lower() in tags.BLOCK_DISPLAY_TAGS:
                        joined.add(inside.group(1))  # its paragraphs joined again
    return frozenset(shown - joined)


def kept_breaks(tree: LexborHTMLParser) -> set[LexborNode]:
    """The text nodes under an element whose style shows their line breaks (a status
    page's postmortem in a ``<span class="whitespace-pre-wrap">``, a comment box's text
    kept as typed; a class the page's style sheet styles so,
    :func:`sheet_breaking_classes`): a browser shows "…58 minutes.\n\nWe have added…" on
    two lines, which ran into one ("58 minutes. We have added").  ``<pre>`` is code's,
    read apart."""
    found: set[LexborNode] = set()
    sheet = sheet_breaking_classes(tree)
    selector = _BREAKING + "".join(f', [class~="{name}"]' for name in sorted(sheet))
    breaking = _BREAKING_CLASSES | sheet
    for element in tree.css(selector):
        classes = set((element.attributes.get("class") or "").split())
        style = element.attributes.get("style") or ""
        if _BREAKS_JOINED.search(style):
            continue  # its own style over its class's
        if breaking.isdisjoint(classes) and not _BREAKS_SHOWN.search(style):
            continue
        for node in element.traverse(include_text=True):
            if node.is_text_node:
                found.add(node)
                if len(found) >= MAX_BREAKING_TEXTS:
                    return found
    return found


#: A ``srcset`` candidate's descriptor: a width ("1200w") or a pixel density ("2x").
_DESCRIPTOR: Final = re.compile(r"(\d+(?:\.\d+)?)([wx])")


def largest_candidate(srcset: str) -> str | None:
    """The address of the largest image a ``srcset`` offers (by its width, or else its
    density, descriptor; the first of equals), as a browser on a wide screen takes it:
    an archive or a reader wants the picture, not its thumbnail.  Candidates are parsed
    as the HTML standard's "parse a srcset attribute" does (§4.8.4.3.10): an address
    runs to white space and may hold commas ("/upload/c_scale,w_400/chart.jpg 400w"),
    a comma at its end ends a candidate without descriptors, and the descriptors run to
    the next comma."""
    best: tuple[float, float, int] | None = None
    chosen = None
    position, length, order = 0, len(srcset), 0
    while position < length:
        while position < length and (srcset[position].isspace() or srcset[position] == ","):
            position += 1
        end = position
        while end < length and not srcset[end].isspace():
            end += 1
        url = srcset[position:end]
        position = end
        if not url:
            break
        descriptor = ""
        if url.endswith(","):
            url = url.rstrip(",")
        else:
            comma = srcset.find(",", position)
            comma = length if comma < 0 else comma
            descriptor = srcset[position:comma].strip()
            position = comma + 1
        match = _DESCRIPTOR.fullmatch(descriptor)
        width = float(match.group(1)) if match and match.group(2) == "w" else 0.0
        density = float(match.group(1)) if match and match.group(2) == "x" else 1.0
        rank = (width, density, -order)
        if url and (best is None or rank > best):
            best, chosen = rank, url
        order += 1
    return chosen


#: The most words of a label that ends in a colon and the value it stands beside, as one
#: line (:func:`pair_value`).
PAIR_LABEL_WORDS: Final = 4
PAIR_VALUE_WORDS: Final = 12
#: The elements of such a pair: a heading, an item or a definition list's term has its
#: own structure.
PAIR_TAGS: Final = frozenset({"div", "p"})
#: The colons a label ends with: ASCII's and the full-width one of Chinese and Japanese.
WIDE_COLON: Final = "\uff1a"
LABEL_COLONS: Final = (":", WIDE_COLON)


def pair_value(label: LexborNode) -> tuple[LexborNode, str] | None:
    """The element ``label`` names, and what goes between them (a space; none after a
    full-width colon, in CJK text), when the two are a pair of blocks that a page's style
    lays out side by side: all their parent holds is ``label`` (a few words ending in a
    colon, :data:`PAIR_LABEL_WORDS`) and then a short value (:data:`PAIR_VALUE_WORDS`)
    with no block inside it.  A recipe's "<div>Prep Time:</div><div>20 mins</div>", a
    product's specification rows: written as blocks they came out as a label alone over
    its value ("Prep Time:", blank line, "20 mins").  A label over a paragraph, a list or
    more than one element is a line of its own."""
    if label.tag not in PAIR_TAGS:
        return None
    before = adjacent(label, before=True)
    value = adjacent(label, before=False)
    if before is not None or value is None or adjacent(value, before=False) is not None:
        return None
    if not value.is_element_node or value.tag not in PAIR_TAGS:
        return None
    name = label.text(deep=True).strip()
    if not name.endswith(LABEL_COLONS) or len(name.split()) > PAIR_LABEL_WORDS:
        return None
    words = value.text(deep=True).split()
    if not words or len(words) > PAIR_VALUE_WORDS:
        return None
    for inside in value.traverse(include_text=False):
        if inside.mem_id != value.mem_id and inside.tag in tags.BLOCK_DISPLAY_TAGS:
            return None
    return value, "" if name.endswith(WIDE_COLON) else " "


def _field_in_line(node: LexborNode) -> bool:
    """Whether ``node`` is a form field in a paragraph, which the parser reads as part
    of the line (:data:`unboiler.tags.FIELD_TAG`)."""
    if node.tag != tags.FIELD_TAG:
        return False
    parent = node.parent
    return parent is not None and parent.tag == "p"


#: ARIA roles (WAI-ARIA 1.2, §5.3.2 "Widget roles") of the controls a page draws as boxes
#: side by side: tabs, buttons, menu items, options.  An inline element with one parts
#: words at its edges, as the boxes do on screen ("Python PHP C#", not "Python PHPC#").
BOXED_ROLES: Final = frozenset(
    {"tab", "button", "menuitem", "menuitemcheckbox", "menuitemradio", "option", "switch"}
)


#: The inline elements that take a widget's role (the others are formatting).
_ROLE_HOLDERS: Final = frozenset({"span", "a", "label", "b", "strong", "i", "em"})


#: Classes of the badges a documentation generator draws as boxes beside an item's name:
#: rustdoc's stability and portability marks (``.stab``: "Experimental", "Deprecated",
#: the feature a module needs), which follow the name with no space in the page
#: ("process<wbr><span class="stab portability">...").
BOXED_CLASSES: Final = frozenset({"stab"})


def _boxed(node: LexborNode) -> bool:
    """Whether inline ``node`` is a control drawn as a box of its own (:data:`BOXED_ROLES`),
    a badge (:data:`BOXED_CLASSES`), or a form's label beside another one: the labels of
    a row of tabs or options (mkdocs-material's ``<label for=...>npm</label><label
    for=...>yarn</label>``), which read "npmyarn" joined."""
    if node.tag not in _ROLE_HOLDERS:
        return False
    if node.tag == "label" and any(
        (beside := adjacent(node, before=before)) is not None and beside.tag == "label"
        for before in (True, False)
    ):
        return True
    attributes = node.attributes
    role = attributes.get("role")
    if role is not None and role.strip().lower() in BOXED_ROLES:
        return True
    classes = attributes.get("class")
    return classes is not None and not BOXED_CLASSES.isdisjoint(classes.split())


#: How far below its ``<blockquote>`` a quote's attribution may be (phpBB's
#: ``blockquote > div > cite``).
ATTRIBUTION_LEVELS: Final = 2


#: What ends the words "Ann wrote" in an attribution (the full-width colon of CJK text).
ATTRIBUTION_COLONS: Final = (":", "：")


#: Class names (lower-cased, without hyphens and underscores) that make a
#: ``<blockquote>`` the body of a forum post, not a quotation: vBulletin 4 writes every
#: post's text in ``<blockquote class="postcontent restore">``, its quotations in a
#: ``<div class="bbcode_quote">`` inside.
POST_BODY_CLASSES: Final = frozenset(
    {"postcontent", "postbody", "postmessage", "messagecontent", "messagebody"}
)


#: Class names (written as :data:`POST_BODY_CLASSES` are) of a ``<div>`` that holds a
#: quotation in a forum post: vBulletin's ``bbcode_quote``, and the like of other forum
#: software whose quotations are no ``<blockquote>``.
QUOTATION_CLASSES: Final = frozenset({"bbcodequote", "quotecontent", "postquote", "messagequote"})


def _class_in(element: LexborNode, names: frozenset[str]) -> bool:
    """Whether a class of ``element``, lower-cased, without hyphens and underscores, is
    one of ``names``."""
    classes = element.attributes.get("class")
    if not classes:
        return False
    return any(
        token.lower().replace("-", "").replace("_", "") in names for token in classes.split()
    )


def _holds_a_post(blockquote: LexborNode) -> bool:
    """Whether a ``<blockquote>``'s class makes it a post's body (:data:`POST_BODY_CLASSES`)."""
    return _class_in(blockquote, POST_BODY_CLASSES)


def _attribution(cite: LexborNode) -> bool:
    """Whether a ``<cite>`` is the line that says whose words a quote holds ("Ann
    wrote:"): the first thing shown in a quote, directly or in a ``<div>`` or ``<p>``
    (:data:`ATTRIBUTION_LEVELS`), with the quoted words after it, and either holding a
    colon (phpBB 3.3 writes the post's link and date after "wrote:") or glued to the
    words.  Forum software's style sets it on a line of its own (phpBB's ``blockquote
    cite { display: block }``); without the line break, "Ann wrote:Last time" glues the
    two.  A title cited in a quote's sentence ("<cite>Hamlet</cite> is a play") is part
    of the sentence."""
    following = adjacent(cite, before=False)
    if following is None:
        return False
    element: LexborNode | None = cite
    for _ in range(ATTRIBUTION_LEVELS):
        if element is None or not first_shown(element):
            return False
        element = element.parent
        if element is None:
            return False
        if element.tag == "blockquote":
            break
        if element.tag not in ("div", "p"):
            return False
    else:
        return False
    if any(colon in (cite.text(deep=True) or "") for colon in ATTRIBUTION_COLONS):
        return True
    return following.is_text_node and not (following.text_content or "")[:1].isspace()


def _formula_paths(
    formulas: list[LexborNode], marked: dict[LexborNode, bool]
) -> frozenset[LexborNode]:
    """The page's MathML formulas (``<math>``) and the elements around each that hold nothing else
    to read (MathJax writes ``<mjx-container>``, ``<mjx-assistive-mml>``, ``<math>``), up to the
    nearest element that holds content: the layout walks down those to write a formula that stands
    in a line of content (:func:`~unboiler.output.renderings.write_formula`). An element with other
    text beside the formula (a menu) is not one of them, nor is one hidden from assistive technology
    beside it (KaTeX's drawing of the formula)."""
    paths: set[LexborNode] = set()
    for formula in formulas:
        element: LexborNode | None = formula
        while element is not None and element not in marked and element not in paths:
            paths.add(element)
            if _has_text_beside(element):
                break
            element = element.parent
    return frozenset(paths)


def _has_text_beside(element: LexborNode) -> bool:
    """Whether a sibling of ``element`` holds text (white space aside; a formula's tokens, and what
    is hidden from assistive technology, are no text: a list of formulas is one of them), or more
    than :data:`~unboiler.output.dom.MAX_BESIDE_NODES` nodes lie beside it (no formula's
    wrapper)."""
    seen = 0
    for backwards in (True, False):
        sibling = element.prev if backwards else element.next
        while sibling is not None:
            stack = [sibling]
            while stack:
                node = stack.pop()
                seen += 1
                if seen > MAX_BESIDE_NODES:
                    return True
                if node.is_text_node:
                    if not node.is_empty_text_node:
                        return True
                elif (
                    node.is_element_node
                    and node.tag not in IGNORED_TAGS
                    and not hidden_from_readers(node)
                ):
                    child = node.last_child
                    while child is not None:
                        stack.append(child)
                        child = child.prev
            sibling = sibling.prev if backwards else sibling.next
    return False


def _edge_space(node: LexborNode | None) -> bool:
    return node is not None and node.is_text_node and node.is_empty_text_node


def _ends_in_word(run: list[Inline], *, or_sign: bool = False) -> bool:
    """Whether the last text of a line so far ends in a letter or a digit (``or_sign``:
    or in any character but white space and an opening bracket or quote)."""
    for token in reversed(run):
        if isinstance(token, str) and token.strip(CASE_EDGE):
            last = token.strip(CASE_EDGE)[-1:]
            if or_sign:
                return not (
                    last.isspace()
                    or unicodedata.category(last) in _OPENING
                    or WIDE_CHARACTER.match(last)
                )
            return last.isalnum()
        if isinstance(token, (Image, LineBreak)):
            return False
    return False


#: The Unicode categories of an opening bracket and an opening quotation mark.
_OPENING: Final = frozenset({"Ps", "Pi"})


def _word_follows(node: LexborNode, *, spaced: bool = False) -> bool:
    """Whether the text right after ``node`` starts with a letter or a digit (``spaced``:
    of a script that parts its words by spaces, not CJK's)."""
    after = node.next
    if after is None or not after.is_text_node:
        return False
    first = (after.text_content or "")[:1]
    return first.isalnum() and not (spaced and WIDE_CHARACTER.match(first))


#: Unicode categories of the punctuation that closes what comes before it (brackets,
#: closing quotes, and the full stop, comma and colon class): no space before them.
_CLOSING: Final = frozenset({"Pe", "Pf", "Po"})


def _word_after(node: LexborNode) -> bool:
    """Whether the text right after ``node`` in its line starts with a letter, a digit or a sign (a
    currency's: Shopify's hidden "Regular price" before "$24.00"), of a script that parts its words
    by spaces, rather than with closing punctuation: after its next sibling, or its inline parent's
    (up to :data:`~unboiler.output.hidden.HIDDEN_SPACE_LEVELS` levels up) when it is the last
    child."""
    element: LexborNode | None = node
    for _ in range(HIDDEN_SPACE_LEVELS):
        if element is None:
            return False
        after = element.next
        if after is not None:
            if after.is_text_node:
                first = (after.text_content or "")[:1]
            elif after.is_element_node and laid_inline(after):
                first = after.text(deep=True)[:1]
            else:
                return False
            return bool(first.strip()) and not (
                unicodedata.category(first) in _CLOSING or WIDE_CHARACTER.match(first)
            )
        element = element.parent
        if element is None or not laid_inline(element):
            return False
    return False


#: Marks that end the words before them, with no space between: a screen reader's text
#: that opens with one is no word of its own.
ATTACHED_MARKS: Final = ",.:;!?)]}…»”’%、。，：；！？"


#: The ``dir`` values of an inline element that set its text apart (HTML standard, the
#: ``dir`` attribute): ``auto`` takes the direction of its first strong letter.
_INLINE_DIRECTIONS: Final = DIRECTIONS | {"auto"}


#: Elements that hold formulas and keep their structure when they hold nothing else.
_FORMULA_HOLDERS: Final = frozenset(HEADING_LEVELS) | LIST_TAGS | {"table"}


#: The parts of a definition list, by element.
_DEFINITION_PARTS: Final = {part.value: part for part in DefinitionPart}


def _list_depth(parts: list[DefinitionPart]) -> int:
    """The depth of the definition list of the innermost of ``parts`` (the terms and
    details read through, innermost last): one more than the terms and details around
    it (a list in a term is written in a ``<dd>`` of its own after the term)."""
    return max(len(parts), 1)


def _heading_left_open(heading: LexborNode) -> bool:
    """Whether ``heading`` holds text and then a ``<p>`` with text: a heading whose end
    tag the page left out, which took in the paragraphs after it.  A heading that only
    wraps its title in an element (``<h2><p>Title</p></h2>``, ``<h2><div>…``) is none."""
    child = heading.first_child
    titled = False
    while child is not None:
        if child.is_text_node:
            titled = titled or bool((child.text_content or "").strip())
        elif child.tag == "p":
            return titled and bool(child.text(deep=True).strip())
        elif child.is_element_node and child.text(deep=True).strip():
            titled = True
        child = child.next
    return False


#: What a ``<summary>`` set in strong emphasis holds none of: strong emphasis of its own,
#: or a heading, which is set apart already (lexbor's selector).
_SUMMARY_SET_ALREADY: Final = ", ".join(
    [*(tag for tag, mark in MARK_TAGS.items() if mark is Mark.STRONG), *sorted(tags.HEADING_TAGS)]
)


class _Layout:
    """One layout walk over the elements that hold content (see :func:`layout`)."""

    def __init__(
        self,
        selection: Selection,
        marked: dict[LexborNode, bool],
        *,
        base: str | None,
        images: bool,
        formulas: frozenset[LexborNode] = frozenset(),
        posts: frozenset[int] = frozenset(),
        tabs: tuple[dict[int, LexborNode], frozenset[int]] = ({}, frozenset()),
    ) -> None:
        self.texts = selection.texts
        self.posts = posts
        #: Each kept tab panel's label, and the rows of labels written at their panels
        #: instead (:func:`~unboiler.output.tabs.tab_labels`).
        self.tab_labels, self.tab_rows = tabs
        self.hidden = selection.hidden
        self.formulas = formulas
        self.tree = selection.tree
        self.tex: TexMode | None = None  # read at the first text that could hold TeX
        self.tex_read = False
        #: The text nodes whose line breaks the page's style shows (:func:`kept_breaks`),
        #: read at the first text with a line break.
        self.breaking: set[LexborNode] | None = None
        self.images = selection.images
        self.with_images = images
        #: The page's formulas drawn as pictures (:func:`~unboiler.output.renderings.
        #: picture_tex`), which are written without images too; read at the first
        #: element of pictures alone the walk meets.
        self.pictured: set[LexborNode] | None = None
        #: The footnotes' marks raised around their links (:func:`footnote_reference`).
        self.raised: set[LexborNode] = set()
        self.after = selection.after
        self.marked = marked
        self.base = base
        self.pending: list[str] = []  # texts without an element, due after this point
        self.part: DefinitionPart | None = None  # of the lines ended now (see flow)
        self.new_list = False  # a <dl> begun, none of its lines written yet
        self.new_item = False  # a <dt> or <dd> begun, none of its lines written yet
        self.part_depth = 1  # the depth of the definition list of self.part
        self.follows: dict[LexborNode, bool] = {}  # see content_follows
        self.box_ends: set[LexborNode] = set()  # links drawn as boxes: see close_inline
        self.apart = selection.apart
        self.addresses = selection.addresses
        #: The direction declared by the innermost element being read that declares one
        #: (None: the content's own, which the HTML output's wrapper carries).
        self.direction: str | None = None

    # -- leaves

    def text(self, node: LexborNode) -> str | None:
        if node not in self.texts:
            return None
        extra = self.after.get(node)
        if extra:
            self.pending.extend(map(visible, extra))
        address = self.addresses.get(node)
        if address is not None:  # an e-mail address a script writes (output.emails)
            return address
        text = visible(node.text_content or "")
        if text.isspace() and hidden_space(node):
            return ""
        return text.replace(CASE_EDGE, "") if CASE_EDGE in text else text

    def add_text(self, run: list[Inline], text: str, node: LexborNode | None = None) -> None:
        """Append a text node's ``text`` to the line, its formulas written in TeX marked
        as formulas where the page typesets them (:func:`tex_tokens`), and its line
        breaks as breaks where the page's style shows them (:func:`kept_breaks`)."""
        # the style's elements are read at a break between two pieces of text, not at
        # the source's indentation around one, which most texts have
        if (
            node is not None
            and "\n" in text
            and self.tree is not None
            and (self.breaking is not None or "\n" in text.strip())
        ):
            if self.breaking is None:
                self.breaking = kept_breaks(self.tree)
            if node in self.breaking:
                for number, line in enumerate(text.split("\n")):
                    if number:
                        run.append(BREAK)
                    if line:
                        self.add_text(run, line)
                return
        if ("$" in text or "\\" in text) and self.tree is not None:
            if not self.tex_read:
                self.tex, self.tex_read = tex_in_text(self.tree), True
            if self.tex is not None:
                run += tex_tokens(text, self.tex)
                return
        run.append(text)

    def formula_picture(self, image: LexborNode) -> bool:
        """Whether ``image`` is the picture of a formula beside it (MediaWiki's fallback
        ``<img>`` beside the MathML it hides), which the formula's text stands for: it
        parts no words ("E=mc² ." was written before a full stop)."""
        parent = image.parent
        return parent is not None and parent in self.formulas and is_decorative(image)

    def image(self, node: LexborNode) -> Image | None:
        attributes = node.attributes
        if is_decorative(node) or shows_nothing(attributes):
            return None
        src = self.image_url(node)
        if src is None or self.fallback_copy(node, src):
            return None
        alt = " ".join(visible(attributes.get("alt") or "").split())
        return Image(self.script_free_copy(node, alt) or src, alt)

    def script_free_copy(self, node: LexborNode, alt: str) -> str | None:
        """The address of the ``<noscript>`` copy right after ``node`` of the same picture
        (the same ``alt``), when it differs: a lazy loader's shown image holds a blurred
        placeholder ("photo.jpg?w=20", a low-quality preview) and the copy for browsers
        without scripts the picture itself.  The copy is then left out
        (:meth:`fallback_copy`): a reader sees one picture."""
        following = adjacent(node, before=False)
        if following is None or following.tag != "noscript":
            return None
        copy = following.css_first("img")
        if copy is None or " ".join(visible(copy.attributes.get("alt") or "").split()) != alt:
            return None
        return self.image_url(copy)

    def image_url(self, node: LexborNode) -> str | None:
        """The address of an image: the attribute a lazy loader keeps it in, else its ``src``
        (:data:`~unboiler.output.dom.IMAGE_URL_ATTRIBUTES`)."""
        attributes = node.attributes
        for name in IMAGE_URL_ATTRIBUTES:
            src = _absolute_url(attributes.get(name), self.base)
            if src is not None:
                return src
        # no address but candidates of sizes: the largest (the image's own, or its
        # <picture>'s first <source>)
        sources = [attributes.get("srcset"), attributes.get("data-srcset")]
        parent = node.parent
        if parent is not None and parent.tag == "picture":
            source = parent.css_first("source[srcset]")
            if source is not None:
                sources.append(source.attributes.get("srcset"))
        for srcset in sources:
            largest = largest_candidate(srcset or "")
            src = _absolute_url(largest, self.base) if largest else None
            if src is not None:
                return src
        return None

    def fallback_copy(self, node: LexborNode, src: str) -> bool:
        """Whether ``node`` is the ``<noscript>`` copy of the image just before it: a lazy
        loader (lazysizes, WP Rocket) writes the picture with its address in
        ``data-src``, then the same picture in a ``<noscript>`` for browsers without
        scripts.  A reader sees one picture.  Some write the copy first, then the lazy
        image (Zhihu's answers): a copy of the same address as the image right after it
        is one too."""
        parent = node.parent
        if parent is None or parent.tag != "noscript":
            return False
        after = adjacent(parent, before=False)
        if after is not None and after.tag == "img" and self._shown_picture(after) == src:
            return True
        before = adjacent(parent, before=True)
        if before is None or not before.is_element_node:
            return False
        shown = before if before.tag == "img" else before.css_first("img")
        if shown is None or self._shown_picture(shown) is None:
            return False  # the copy is the picture a reader sees
        if self.image_url(shown) == src:
            return True
        alt = " ".join(visible(shown.attributes.get("alt") or "").split())
        return before.tag == "img" and self.script_free_copy(shown, alt) == src

    def _shown_picture(self, image: LexborNode) -> str | None:
        """The address of an image a reader sees, None for decoration or nothing."""
        if is_decorative(image) or shows_nothing(image.attributes):
            return None
        return self.image_url(image)

    def pictured_formula(self, node: LexborNode) -> bool:
        """Whether ``node`` is, or holds, a formula drawn as a picture."""
        if self.pictured is None:
            tree = self.tree
            pictures = tree.css("img[alt]") if tree is not None else []
            self.pictured = {image for image in pictures if picture_tex(image) is not None}
        if not self.pictured:
            return False
        if node.tag == "img":
            return node in self.pictured
        return any(image in self.pictured for image in node.css("img"))

    def images_only(self, node: LexborNode) -> bool:
        """Whether ``node`` shows images and no text (a photo in its own ``<p>``)."""
        if node.tag == "img":
            return True
        return bool(node.css_first("img")) and not node.text(deep=True).strip()

    def content_follows(self, node: LexborNode) -> bool:
        """Whether content comes after ``node`` among its siblings.  Each answer is kept
        for every sibling passed on the way, so that asking it of each of many siblings
        (images, formulas: a row of 20,000 empty ``<math>`` took 150 s) costs one walk."""
        known = self.follows
        passed = [node]
        sibling = node.next
        result = False
        while sibling is not None:
            if sibling in self.marked or sibling in self.texts:
                result = True
                break
            answer = known.get(sibling)
            if answer is not None:
                result = answer
                break
            passed.append(sibling)
            sibling = sibling.next
        for each in passed:
            known[each] = result
        return result

    # -- inline

    def enter(self, node: LexborNode, run: list[Inline], *, edge: bool = True) -> Inline | None:
        """Open what ``node`` formats; the token that closes it.  ``edge``: mark the
        element's edge (:data:`~unboiler.output.inline.CASE_EDGE`) unless its mark joins words
        (:data:`_JOINED_MARKS`)."""
        tag = node.tag or ""
        mark = MARK_TAGS.get(tag)
        raised = mark is Mark.LINK and footnote_reference(node)
        if raised:
            # raised around the link, closed after it (close_raised)
            run.append(Open(Mark.SUPERSCRIPT))
            self.raised.add(node)
        direction = None
        if mark is None and (tag == "bdi" or "dir" in node.attributes):
            declared = (node.attributes.get("dir") or "").strip().lower()
            if tag == "bdi" or declared in _INLINE_DIRECTIONS:
                mark = Mark.ISOLATE
                direction = declared if declared in _INLINE_DIRECTIONS else None
        if edge and mark not in _JOINED_MARKS and not raised:
            _mark_case_edge(run)
        if tag == "cite" and _attribution(node):
            return BREAK
        said = self.apart and node in self.apart and node.text(deep=True).strip()
        if said:
            # a screen reader's word (phpBB's "<a><span class=sr-only>Post</span></a>by"):
            # said apart from the words and signs it touches ("Read More »" and the
            # post's title), and no glue between those it parts; a mark that ends what
            # is before it stays on it (GOV.UK's "Step 1<span class=govuk-visually-hidden>
            # :</span>" was "Step 1 :")
            if _ends_in_word(run, or_sign=True) and said[0] not in ATTACHED_MARKS:
                run.append(" ")
            if _word_after(node) and not opens_next_word(said, node):
                if mark is None:
                    return " "
                self.box_ends.add(node)
        boxed = _boxed(node)
        if boxed:  # a box beside a word: a space between (none in CJK text, unspaced)
            if _ends_in_word(run, or_sign=True):
                run.append(" ")
            if _word_follows(node, spaced=True):
                if mark is None:
                    return " "
                self.box_ends.add(node)  # the space after the mark's end (close_inline)
        if mark is not None:
            href = self.link_url(node) if mark is Mark.LINK else None
            run.append(Open(mark, href, direction=direction))
            return Close(mark)
        if node in self.formulas:
            # a formula's wrapper (MathJax's <mjx-container>) lays it out inline, or
            # apart (write_formula); white space inside it at an edge parts the formula
            # from a word there, not from a comma after it (a page saved pretty-printed)
            if _edge_space(node.first_child) and _ends_in_word(run):
                run.append(" ")
            if _edge_space(node.last_child) and _word_follows(node):
                return " "
            return None
        if boxed:
            return None
        if not laid_inline(node):  # a block inside a line (a heading, a cell) is a space
            run.append(" ")
            return " "
        if tag == "q":  # the marks a browser draws around it, written out
            opening, closing = QUOTE_MARKS[quote_depth(node) % len(QUOTE_MARKS)]
            run.append(opening)
            return closing
        style = node.attributes.get("style") if tag in STYLED_INLINE_TAGS else None
        if style and BLOCK_DISPLAY.search(style) and not drop_cap(node, style):
            # an inline element its own style makes a block: a line of its own, with
            # one break from the block before it (two would be a blank line)
            if not run or run[-1] is not BREAK:
                run.append(BREAK)
            return BREAK
        return None

    def link_url(self, node: LexborNode) -> str | None:
        href = node.attributes.get("href")
        if href and href.lstrip().lower().startswith("mailto:"):
            return href.strip()
        if href and ENCODED_LINK_PATH in href:
            return link_address(href, node.attributes.get("data-cfemail"))
        return _absolute_url(href, self.base)

    def inline(
        self,
        parent: LexborNode,
        run: list[Inline],
        *,
        free_images: bool = False,
        in_code: bool = False,
    ) -> None:
        """The content under ``parent`` as one line.  ``free_images`` takes every image of
        the subtree (one chosen for its position, see :meth:`flow`).  ``in_code``: the
        line is inside code, whose elements are a highlighter's spans
        (``<span>my</span><span>Object</span>``) and part no words, so their edges get
        no :data:`~unboiler.output.inline.CASE_EDGE`; nor do the edges of code itself."""
        stack: list[tuple[LexborNode, Inline | None]] = []
        code_depth = int(in_code)  # code elements open around the current node
        node = parent.first_child
        while True:
            if node is None:
                if not stack:
                    return
                element, closing = stack.pop()
                if not code_depth and closing not in _CLOSE_JOINED:
                    _mark_case_edge(run)
                if closing is not None:
                    self.close_inline(element, closing, run)
                    code_depth -= closing == _CLOSE_CODE
                node = element.next
                continue
            if node.is_text_node:
                text = self.text(node)
                if text and code_depth:
                    run.append(text)
                elif text:
                    self.add_text(run, text, node)
                elif free_images and (node.text_content or "").isspace():
                    # white space between the images of an element that shows images
                    # alone (a README's row of badges) parts them, as the browser shows
                    # them; it is in no block, so the selection does not hold it
                    run.append(" ")
            elif node.is_element_node:
                tag = node.tag
                if tag == "br":
                    run.append(BREAK)
                elif tag == "img":
                    self.inline_image(node, run, free_images=free_images)
                elif tag in FORMULA_TAGS and node in self.formulas:
                    write_formula(node, run)
                elif node in self.hidden:
                    if not code_depth:
                        _mark_case_edge(run)  # an element's edge, though hidden
                elif holds_only_breaks(node):
                    run.append(BREAK)
                elif tag not in RUBY_ANNOTATION_TAGS and (
                    free_images or node in self.marked or node in self.formulas
                ):
                    closing = self.enter(node, run, edge=not code_depth)
                    stack.append((node, closing))
                    code_depth += closing == _CLOSE_CODE
                    node = node.first_child
                    continue
            node = node.next

    def inline_element(
        self, node: LexborNode, run: list[Inline], *, free_images: bool = False
    ) -> None:
        if node.tag == "img":
            self.inline_image(node, run, free_images=free_images, spaced=False)
            return
        if node.tag == "br":
            run.append(BREAK)
            return
        if node.tag in FORMULA_TAGS and node in self.formulas:
            write_formula(node, run)
            return
        closing = self.enter(node, run)
        self.inline(node, run, free_images=free_images, in_code=closing == _CLOSE_CODE)
        if closing not in _CLOSE_JOINED:
            _mark_case_edge(run)
        if closing is not None:
            self.close_inline(node, closing, run)

    def inline_image(
        self, node: LexborNode, run: list[Inline], *, free_images: bool, spaced: bool = True
    ) -> None:
        """Write an ``<img>`` of a line: an emoticon's text
        (:func:`~unboiler.output.hidden.emoticon`) beside kept text, the image when it is kept, else
        (``spaced``) the space it stands for between words."""
        face = emoticon(node)
        if face is not None and (self.kept_beside(node.prev) or self.kept_beside(node.next)):
            run.append(face)
            return
        letter = initial_letter(node)
        if letter is not None and self.kept_beside(node.next):
            run.append(letter)  # a drop cap drawn as a picture: its word's first letter
            return
        if (free_images or node in self.images) and not self.formula_picture(node):
            tex = picture_tex(node)
            if tex is not None:  # a formula drawn as a picture: its TeX, with or without images
                write_picture_formula(tex, run)
                return
        image = self.image(node) if free_images or node in self.images else None
        if image is not None:
            run.append(image)
        elif spaced and not self.formula_picture(node):
            run.append(" ")  # an image left out still stands between words

    def kept_beside(self, sibling: LexborNode | None) -> bool:
        """Whether ``sibling`` (of an image) is kept text, or an element holding some."""
        if sibling is None:
            return False
        if sibling.is_text_node:
            return sibling in self.texts
        return sibling.is_element_node and any(node in self.texts for node in text_nodes(sibling))

    def close_inline(self, node: LexborNode, closing: Inline, run: list[Inline]) -> None:
        """Write what closes inline ``node`` (:meth:`enter`'s token), and the space after
        it when it is a box a word follows (:func:`_boxed`)."""
        run.append(closing)
        self.close_raised(node, run)
        if self.box_ends and node in self.box_ends:
            run.append(" ")

    def close_raised(self, node: LexborNode, run: list[Inline]) -> None:
        """Close the superscript :meth:`enter` opened around a footnote's mark."""
        if self.raised and node in self.raised:
            run.append(Close(Mark.SUPERSCRIPT))

    # -- blocks

    def flow(self, container: LexborNode, depth: int) -> list[Block]:
        """The blocks under ``container``.  Elements with no structure of their own
        (``<div>``, ``<p>``, ``<section>``, unknown ones) only end the line; lists,
        quotes, tables, headings and preformatted text become blocks."""
        blocks: list[Block] = []
        run: list[Inline] = []
        parents: list[LexborNode] = []
        outer_part, self.part = self.part, None  # a term's list or quote is no term
        outer_depth = self.part_depth
        parts: list[DefinitionPart] = []  # of the <dt> and <dd> read through, innermost last
        seams = _Seams()
        closings: dict[LexborNode, Inline] = {}  # of the inline elements read through
        # The formatting those elements hold open, each mark once: a link or emphasis
        # inside the same one adds nothing to a line (Markdown writes it once), and a
        # page of never-closed formatting (the parser nests it thousands deep) carried
        # every level to every line, quadratic in the nesting: 30 s for a 150 kB page.
        # Each mark is kept with the element that opened it.
        reading: dict[Mark, LexborNode] = {}
        # The direction before each element read through that declares its own.
        directions: dict[LexborNode, str | None] = {}
        posts = Posts(self.posts)
        # the values that go on in their label's line (pair_value)
        joined: set[int] = set()
        node = container.first_child
        while True:
            if node is None:
                if not parents:
                    break
                node = parents.pop()
                if laid_inline(node):
                    closing = closings.pop(node, None)
                    if closing is not None:
                        run.append(closing)
                        self.close_raised(node, run)
                        if isinstance(closing, Close) and reading.get(closing.mark) is node:
                            del reading[closing.mark]
                    seams.mark(run)
                else:
                    if closings.pop(node, None) is not None:  # a <summary>'s emphasis
                        run.append(Close(Mark.STRONG))
                        reading.pop(Mark.STRONG, None)
                    pair = pair_value(node) if run else None
                    if pair is not None:  # the value's words go on in this line
                        value, between = pair
                        joined.add(value.mem_id)
                        if between:
                            run.append(between)
                    else:
                        self.end_line(run, blocks, seams)
                    posts.leave(node, blocks)
                    if directions and node in directions:
                        self.direction = directions.pop(node)
                    if node.tag in _DEFINITION_PARTS:
                        parts.pop()
                        self.part = parts[-1] if parts else None
                        self.part_depth = _list_depth(parts)
                    elif node.tag == "dl":  # what follows a nested list is its outer one's
                        self.new_list = False
                node = node.next
                continue
            if node.is_text_node:
                text = self.text(node)
                if text:
                    self.add_text(run, text, node)
            elif node.is_element_node:
                tag = node.tag or ""
                holds_blocks = self.marked.get(node)
                inline = laid_inline(node)
                tab = self.tab_labels.get(node.mem_id) if holds_blocks is not None else None
                if tab is not None:  # a tab's panel: the tab's label first
                    self.end_line(run, blocks, seams)
                    label: list[Inline] = []
                    self.inline(tab, label)
                    label = [" " if isinstance(t, LineBreak) else t for t in normalize(label)]
                    if has_text(label):
                        blocks.append(
                            Paragraph(normalize(label), direction=self.direction, tab=True)
                        )
                if tag == "br":
                    run.append(BREAK)
                elif node.mem_id in self.tab_rows:
                    self.end_line(run, blocks, seams)  # its labels go to their panels
                elif tag in RUBY_ANNOTATION_TAGS:
                    pass
                elif holds_blocks is None and node in self.formulas:
                    # a MathML formula, or an element that holds one and no content: the
                    # walk reaches it beside content (_formula_paths), in a line of it,
                    # after it or before it, or as a cell or an item of it
                    if inline or tag in FORMULA_TAGS:
                        self.inline_element(node, run)
                    else:
                        self.end_line(run, blocks, seams)
                        # a heading, a list or a table of formulas keeps its structure
                        structure = (
                            self.structure(node, tag, depth) if tag in _FORMULA_HOLDERS else None
                        )
                        if structure is None:
                            self.inline_element(node, run)
                            self.end_line(run, blocks, seams)
                        else:
                            blocks.extend(structure)
                elif holds_blocks is None:
                    if node in self.images or (
                        tag == "img"
                        and (emoticon(node) is not None or initial_letter(node) is not None)
                    ):
                        self.inline_element(node, run)
                    elif (
                        (self.with_images or self.pictured_formula(node))
                        and self.images_only(node)
                        and self.image_placed(node, blocks, run)
                    ):
                        if inline:
                            self.inline_element(node, run, free_images=True)
                        else:
                            self.end_line(run, blocks, seams)
                            self.inline_element(node, run, free_images=True)
                            self.end_line(run, blocks, seams)
                    elif (
                        not inline
                        and tag not in IGNORED_TAGS
                        and tag not in IN_LINE_IGNORED
                        and not _field_in_line(node)
                    ):
                        # A block the extractor left out ends the line as it would if
                        # kept: the text on either side of it is not one line.
                        self.end_line(run, blocks, seams)
                        if tag == "hr" and self.parts_content(node, blocks):
                            blocks.append(Rule())
                    elif tag == "img" and not self.formula_picture(node):
                        run.append(" ")  # an image left out still stands between words
                    elif node in self.hidden:
                        _mark_case_edge(run)
                    elif holds_only_breaks(node):
                        run.append(BREAK)
                elif inline and not holds_blocks:
                    self.inline_element(node, run)
                elif inline:
                    # An inline element around blocks (``<a><div>…</div></a>``, a
                    # ``<span>`` around a ``<p>``) is read through: the blocks inside
                    # end lines, its own edges do not (CSS 2.1 §9.2.1.1) unless the
                    # words there touch (see _Seams).
                    # Its formatting (a link, emphasis) goes on every line inside it
                    # (see end_line).
                    seams.mark(run)
                    if MARK_TAGS.get(tag, Mark.ISOLATE if tag == "bdi" else None) not in reading:
                        closing = self.enter(node, run, edge=False)
                        if closing is not None:
                            closings[node] = closing
                            # an anchor without a usable address writes no link: one
                            # inside it still can
                            if isinstance(closing, Close) and (
                                closing.mark is not Mark.LINK or self.link_url(node)
                            ):
                                reading[closing.mark] = node
                    parents.append(node)
                    node = node.first_child
                    continue
                else:
                    if node.mem_id not in joined:
                        self.end_line(run, blocks, seams)
                    own = declared_direction(node)
                    within: DefinitionPart | None = self.part
                    structure = self.directed_structure(node, tag, depth, own)
                    if structure and within is DefinitionPart.DETAILS:
                        for block in structure:
                            if isinstance(block, (CodeBlock, Quote, ListBlock, Table)):
                                block.within = within
                                block.opens_item = self.new_item
                                block.depth = self.part_depth
                                self.new_item = False
                    if structure is None:
                        posts.enter(node, blocks)
                        parents.append(node)
                        if own:
                            directions[node] = self.direction
                            self.direction = own
                        if tag in _DEFINITION_PARTS:
                            self.part = _DEFINITION_PARTS[tag]
                            parts.append(self.part)
                            self.part_depth = _list_depth(parts)
                            self.new_item = True
                        elif tag == "dl":
                            self.new_list = True
                        elif (
                            tag == "summary"
                            and Mark.STRONG not in reading
                            and node.css_first(_SUMMARY_SET_ALREADY) is None
                        ):
                            # A disclosure's summary (a FAQ's question over its answer,
                            # HTML §4.11.2) is set in strong emphasis, as a definition's
                            # term is: as a paragraph it read as one more of the answer's.
                            # (One that holds strong emphasis or a heading keeps it.)
                            run.append(Open(Mark.STRONG))
                            closings[node] = Close(Mark.STRONG)
                            reading[Mark.STRONG] = node
                        node = node.first_child
                        continue
                    blocks.extend(_formatted(structure, run))
            if self.pending:
                self.end_line(run, blocks, seams)
            node = node.next
        self.end_line(run, blocks, seams)
        self.part = outer_part
        self.part_depth = outer_depth
        return blocks

    def parts_content(self, node: LexborNode, blocks: list[Block]) -> bool:
        """Whether a thematic break parts content: content before it in this flow (not
        a break already) and after it among its siblings.  A rule before or after the
        content, or between two left out, parts nothing of it."""
        return bool(blocks) and not isinstance(blocks[-1], Rule) and self.content_follows(node)

    def image_placed(self, node: LexborNode, blocks: list[Block], run: list[Inline]) -> bool:
        """Whether an image outside the content runs belongs to the content: it is in a
        figure with content, or between content (before it in this flow, after it among
        its siblings), or first in a table's cell whose content follows it (an infobox's
        picture over its caption, a comparison's product over its name)."""
        parent = node.parent
        if parent is not None and parent.tag in FIGURE_TAGS:
            return True
        if parent is not None and parent.tag in tags.CELL_TAGS and not blocks and not has_text(run):
            return self.content_follows(node)
        return bool(blocks or has_text(run)) and self.content_follows(node)

    def end_line(self, run: list[Inline], blocks: list[Block], seams: _Seams | None = None) -> None:
        lines = [run] if seams is None else seams.split(run)
        # A blank line parts paragraphs in a table's cell too, where old forums and blogs
        # laid out with tables write their posts' paragraphs (a cell of a table with
        # header cells joins them again as its lines: :func:`~unboiler.output.tables.cell_line`).
        lines = [part for line in lines for part in blank_line_parts(line)]
        if run:
            carried: list[Open] = []
            for line in lines:
                # Formatting open at the end of a line (an element around blocks is read
                # through, and its link or emphasis spans lines) closes there and opens
                # again on the next line, as Markdown and HTML need it.
                line = [*carried, *line]
                carried = _open_at_end(line)
                line.extend(Close(opening.mark) for opening in reversed(carried))
                inlines = normalize(line)
                if has_text(inlines):
                    opens = self.part is not None and self.new_list
                    if opens:
                        self.new_list = False
                    item = self.part is None or self.new_item
                    self.new_item = False
                    blocks.append(
                        Paragraph(
                            inlines,
                            self.part,
                            opens,
                            self.direction,
                            opens_item=item,
                            depth=self.part_depth,
                        )
                    )
            run.clear()
            run.extend(carried)
        if self.pending:
            blocks.extend(Paragraph([text], direction=self.direction) for text in self.pending)
            self.pending.clear()

    def structure(self, node: LexborNode, tag: str, depth: int) -> list[Block] | None:
        """The blocks of a structural element; None for an element without structure,
        whose content the flow reads through.  A direction the element declares is its
        blocks' (:attr:`direction`)."""
        return self.directed_structure(node, tag, depth, declared_direction(node))

    def directed_structure(
        self, node: LexborNode, tag: str, depth: int, own: str | None
    ) -> list[Block] | None:
        """:meth:`structure`, with the direction ``node`` declares (``own``) read
        already: the flow reads it once for the elements it walks through as well."""
        if not own:
            return self._structure(node, tag, depth)
        outer, self.direction = self.direction, own
        try:
            return self._structure(node, tag, depth)
        finally:
            self.direction = outer

    def _structure(self, node: LexborNode, tag: str, depth: int) -> list[Block] | None:
        level = HEADING_LEVELS.get(tag)
        if level is not None and depth < MAX_NESTING and _heading_left_open(node):
            # "<h1>Title<p>..." never closed: the parser puts the paragraphs after it
            # inside the heading (HTML standard §13.2.6.4.7: a <p> start tag does not
            # close an <h1>), where a browser shows them as paragraphs under a title
            blocks = self.flow(node, depth + 1)
            first = blocks[0] if blocks else None
            if isinstance(first, Paragraph):
                title = [" " if isinstance(t, LineBreak) else t for t in first.inlines]
                blocks[0] = Heading(level, normalize(title), self.direction)
            return blocks
        if level is not None:
            run: list[Inline] = []
            self.inline(node, run)
            inlines = [" " if isinstance(t, LineBreak) else t for t in normalize(run)]
            heading = Heading(level, normalize(inlines), self.direction)
            return [heading] if has_text(inlines) else []
        if tag == "pre":
            text = self.preformatted(node)
            prose = prose_paragraphs(node, text)
            if prose is not None:  # a listing's description, set in a <pre> for its breaks
                return [self.pre_paragraph(paragraph) for paragraph in prose]
            code = CodeBlock(text, code_language(node), self.direction)
            return [code] if text.strip() else []
        if tag == "code" and tags.is_code_block(node):
            # Blogger's, old WordPress's and SMF's code samples: lines parted by <br>,
            # indented with no-break spaces, which the style sheet's white-space keeps
            lines = self.preformatted(node).replace("\u00a0", " ").split("\n")
            text = "\n".join(line.rstrip() for line in lines).strip("\n")
            code = CodeBlock(text, code_language(node), self.direction)
            return [code] if text.strip() else []
        if depth >= MAX_NESTING:
            return None
        if tag == "figcaption" and self.part is None:  # in a <dd>, the details' line
            blocks = self.flow(node, depth + 1)
            if len(blocks) == 1 and isinstance(blocks[0], Paragraph) and blocks[0].part is None:
                blocks[0].figure_caption = True
            return blocks
        if tag in LIST_TAGS:
            return self.list_block(node, depth + 1)
        if tag == "dl":
            pairs = labelled_definitions(node)
            if pairs is not None:
                return self.labelled_list(pairs, depth + 1)
        if tag == "blockquote" and not _holds_a_post(node):
            blocks = self.flow(node, depth + 1)
            return [Quote(blocks, direction=self.direction)] if blocks else []
        if admonition(node):
            blocks = self.flow(node, depth + 1)
            return [Quote(blocks, aside=True, direction=self.direction)] if blocks else []
        if tag == "div" and _class_in(node, QUOTATION_CLASSES):
            blocks = self.flow(node, depth + 1)
            return [Quote(blocks, direction=self.direction)] if blocks else []
        if tag == "table":
            return self.table(node, depth + 1)
        return None

    def pre_paragraph(self, paragraph: str) -> Paragraph:
        """A paragraph of a ``<pre>`` of prose (:func:`~unboiler.output.code.
        prose_paragraphs`): its lines' spaces collapsed, its line breaks kept."""
        inlines: list[Inline] = []
        for line in paragraph.split("\n"):
            if inlines:
                inlines.append(LineBreak())
            inlines.append(" ".join(line.split()))
        return Paragraph(inlines, direction=self.direction)

    def preformatted(self, pre: LexborNode) -> str:
        """The text of ``<pre>`` as it is, line breaks and indentation kept (white space at the end
        of its lines, which no reader sees, left out).  When the code is in a ``<code>`` of its own,
        a link or button beside it (:data:`~unboiler.output.code.PRE_CONTROL_TAGS`: mdBook's "Run",
        a "Copy" button) is the page's control, not a line of the program, and is left out:
        "Run#[no_mangle]" is no Rust.  So is the number a highlighter writes before each line
        (:data:`~unboiler.output.dom.LINE_NUMBER_SPANS`, or with no class that says so:
        :func:`~unboiler.output.code.counted_lines`), and a list of them beside the code
        (:func:`~unboiler.output.code.numbering_lists`).  A block-level element inside
        (:data:`~unboiler.tags.BLOCK_DISPLAY_TAGS`: the ``<div>`` per line of CodeMirror and of many
        highlighters) is a line of its own, as a browser shows it; one holding only a ``<br>`` is an
        empty line, one holding nothing no line. Two ``<code>`` side by side in the ``<pre>`` are
        two programs, or two lines: a line break parts them (Node.js's manual writes each example
        twice, CommonJS and ES module, one shown at a time; "require('node:path');import path" is
        neither). An element whose class makes it a line
        (:data:`~unboiler.output.dom.CODE_LINE_CLASSES`) ends one."""
        pieces: list[str] = []
        stack: list[LexborNode] = []
        node = pre.first_child
        controls = pre_controls(pre)
        # one query of the whole <pre> (lexbor's), not a look at each highlighted token
        numbered = pre.css_first(LINE_NUMBER_SELECTOR) is not None
        counted = counted_lines(pre) | numbering_lists(pre)
        styled_lines = pre.css_first(CODE_LINE_SELECTOR) is not None
        while True:
            if node is None:
                if not stack:
                    break
                above = stack.pop()
                if above.tag in tags.BLOCK_DISPLAY_TAGS:
                    end_code_line(pieces)
                elif styled_lines and styled_line(above):
                    following = above.next
                    if not (following and following.is_text_node and starts_line(following)):
                        end_code_line(pieces)
                node = above.next
                continue
            if controls and node in controls:
                node = node.next
                continue
            if (numbered and not node.is_text_node and node.tag != "br" and line_number(node)) or (
                counted and node in counted
            ):
                node = node.next
                continue
            if node.is_text_node:
                text = self.text(node)
                if text is None and node.is_empty_text_node:
                    # white space of no block: a blank line's own line break
                    text = node.text_content
                if text:
                    pieces.append(text)
            elif node.tag == "br":
                pieces.append("\n")
            elif node.tag not in RUBY_ANNOTATION_TAGS and (node in self.marked or blank_line(node)):
                if (
                    node.tag in tags.BLOCK_DISPLAY_TAGS
                    or (not stack and node.tag == "code" and follows_code(node))
                    or (styled_lines and styled_line(node))
                ):
                    end_code_line(pieces)
                stack.append(node)
                node = node.first_child
                continue
            elif node.tag not in RUBY_ANNOTATION_TAGS:
                breaks = code_line_breaks(node)
                if breaks:
                    pieces.append("\n" * breaks)
            node = node.next
        return strip_line_ends("".join(pieces)).strip("\n")

    def _lists_posts(self, node: LexborNode) -> bool:
        """Whether a list's kept items are a thread's posts or a page's comments
        (:func:`~unboiler.tags.is_post`, :func:`~unboiler.tags.numbered_post`)."""
        found = False
        for child in node.iter(include_text=False):  # a menu's first item answers
            if child.tag != "li" or child not in self.marked:
                continue
            if child.mem_id not in self.posts and not tags.numbered_post(child):
                return False
            found = True
        return found

    def list_block(self, node: LexborNode, depth: int) -> list[Block]:
        """A list's block.  A list of one item that holds only a list (a menu's nesting,
        of which one deep item is kept) is that list: "1. 1. 1. Item" says nothing a
        reader of "1. Item" misses."""
        entries = self.list_items(node, depth)
        if not entries:
            return []
        if len(entries) == 1:
            only, _, check = entries[0]
            if check is None and len(only) == 1 and isinstance(only[0], ListBlock):
                return only
        items = [blocks for blocks, _, _ in entries]
        if self._lists_posts(node) and any(map(posts_of_prose, items)):
            # vBulletin 4's thread, WordPress's comments: the posts one after another,
            # as a reader sees them, and not numbered items with paragraphs packed in
            return posts_in_turn(items)
        shown = list_style(node)
        numbered = node.tag == "ol" or shown in CSS_NUMBERED_STYLES
        if not numbered and listed_sections(items):  # a numbered list's numbers are its own
            return [block for blocks in items for block in blocks]
        checks = [check for _, _, check in entries]
        tasks = checks if any(check is not None for check in checks) else None
        style: str | None = (node.attributes.get("type") or "").strip()
        if node.tag == "ol" and shown == "none" and numbered_by_hand(items):
            # its own numbers hidden, its items number themselves ("4.1 ..."); without
            # them its numbers come from CSS counters, and it keeps its own; numbers
            # that count as the list's own would ("1.", "2.") are written as its own
            items = labels_inline(items)
            numbers = ordinals(node, [value for _, value, _ in entries])
            if counted_by_hand(items, numbers):
                counting = numbers == list(range(numbers[0], numbers[0] + len(numbers)))
                steps = None if counting else numbers
                block = ListBlock(True, numbers[0], items, steps, None, tasks, self.direction)
                block.own_numbers = True
                return [block]
            return [ListBlock(False, 1, items, checks=tasks, direction=self.direction)]
        if not numbered:
            items = labels_inline(items)
            return [ListBlock(False, 1, items, checks=tasks, direction=self.direction)]
        if shown in CSS_NUMBERED_STYLES:  # the page's CSS over the ``type`` attribute's hint
            style = CSS_NUMBERED_STYLES[shown]
        elif shown is not None:  # "none", a bullet: no letters shown, none written
            style = None
        numbers = ordinals(node, [value for _, value, _ in entries])
        counting = numbers == list(range(numbers[0], numbers[0] + len(numbers)))
        block = ListBlock(
            True,
            numbers[0],
            items,
            None if counting else numbers,
            style if style in LIST_NUMBER_STYLES else None,
            tasks,
            self.direction,
        )
        block.items = labels_inline(numbered_items(block))
        block.own_numbers = labelled_items(block, node)
        return [block]

    def labelled_list(self, pairs: list[tuple[LexborNode, LexborNode]], depth: int) -> list[Block]:
        """The list a definition list of item labels is (:func:`~unboiler.output.lists.
        labelled_definitions`): each term's label at the head of its details' first line;
        an ordered list when the labels count 1., 2., 3. (or from another number, with
        their full stop or parenthesis), whose items number themselves
        (:attr:`~unboiler.output.tree.ListBlock.own_numbers`), else a list of bullets
        whose items show their own labels ("a)", "(iv)")."""
        items: list[list[Block]] = []
        labels: list[str] = []
        for term, details in pairs:
            blocks = self.flow(details, depth)
            if blocks:
                labels.append(" ".join((term.text(deep=True) or "").split()))
                items.append([Paragraph([labels[-1]], direction=self.direction), *blocks])
        if not items:
            return []
        items = labels_inline(items)
        start = list_number(labels[0][:-1]) if labels[0][:-1].isdecimal() else None
        if start is not None and counted_by_hand(items, list(range(start, start + len(items)))):
            block = ListBlock(True, start, items, direction=self.direction)
            block.own_numbers = True  # a label over a list or code too: the text keeps it
            return [block]
        return [ListBlock(False, 1, items, direction=self.direction)]

    def list_items(
        self, node: LexborNode, depth: int
    ) -> list[tuple[list[Block], int | None, bool | None]]:
        """The items of a list.  Besides its ``<li>``, a list may hold what HTML does not
        allow there but pages put anyway, and browsers show as list content: a list
        (``<ul><li>a</li><ul>…</ul></ul>``, shown indented under the item before it) is
        that item's sublist; an element wrapping items (``<ul><div><li>…</li></div></ul>``)
        is read through, its items being the list's; other text is an item of its own.
        Each item comes with its ``<li>``'s ``value``, if any, and its task checkbox's
        state (:func:`~unboiler.output.lists.task_check`)."""
        items: list[tuple[list[Block], int | None, bool | None]] = []
        run: list[Inline] = []
        child = node.first_child
        while child is not None:
            item: list[Block] = []
            value = None
            check = None
            if child.is_text_node:  # text straight inside a list: an item of its own
                text = self.text(child)
                if text:
                    run.append(text)
                    self.end_line(run, item)
            elif child.is_element_node and (child in self.marked or child in self.formulas):
                tag = child.tag or ""
                nested = self.structure(child, tag, depth) if tag in LIST_TAGS else None
                if nested is not None:
                    if items:
                        items[-1][0].extend(nested)
                    else:
                        item = nested
                elif tag != "li" and wraps_items(child) and depth < MAX_NESTING:
                    items.extend(self.list_items(child, depth + 1))
                elif tag == "li" or not laid_inline(child):
                    own = declared_direction(child)
                    outer = self.direction
                    self.direction = own or outer
                    item = self.flow(child, depth)
                    self.direction = outer
                    if tag == "li":
                        value = list_number(child.attributes.get("value"))
                        check = task_check(child)
                else:
                    self.inline_element(child, run)
                    self.end_line(run, item)
            if item:
                items.append((item, value, check))
            child = child.next
        return items

    def table(self, node: LexborNode, depth: int) -> list[Block]:
        """A table of data as a :class:`~unboiler.output.tree.Table`; a table used for layout as the
        blocks of its cells in order.

        A table is of data when it has two columns or more and each cell reads as one line: its text
        is one paragraph or one heading (``<td><h4>Amounts</h4></td>``: a heading in a cell is the
        cell's text, the cell is what places it), or, in a table that has header cells, several of
        those, joined by line breaks.  Header cells (``<th>``) are what the HTML standard gives
        tables of data, and layout tables lack; in such a table a cell of two paragraphs is still a
        cell, where in a table without them it is more likely a column of the page's layout
        (Firefox's guess of layout tables, ``IsProbablyLayoutTable``, takes ``<th>`` as a data
        table's), and so is a list (a plan's features; nested lists too: a parameter's options), its
        items the cell's lines, a quotation, its paragraphs the cell's lines, and a short ``<pre>``
        (:data:`~unboiler.output.tables.MAX_CELL_CODE_LINES`: a reference table's example), its
        lines the cell's, as code (:func:`~unboiler.output.tables.fits_cell`).  Longer code and
        nested tables never fit in a cell's line: a table holding them is laid out flat."""
        code = self.numbered_lines(node)
        if code is not None:
            return [code] if code.text.strip() else []
        before: list[Block] = []
        rows: list[list[tuple[LexborNode, list[Block]]]] = []
        numbered = False  # a row of numbered code lines: Pygments' table, laid out flat
        for row in self._rows(node, before, depth):
            cells = []
            cell = row.first_child
            while cell is not None:
                if cell.tag in ("td", "th") and line_numbers(cell):
                    # Pygments' table: the numbers beside a cell of code
                    numbered = numbered or any(
                        other.tag == "td" and other.css_first("pre") is not None
                        for other in row.iter(include_text=False)
                    )
                elif cell.tag in ("td", "th"):
                    reached = cell in self.marked or cell in self.formulas
                    cells.append((cell, self.flow(cell, depth) if reached else []))
                cell = cell.next
            if any(blocks for _, blocks in cells):
                rows.append(cells)
        all_cells = [cell for row_cells in rows for cell in row_cells]
        has_header = any(cell.tag == "th" for cell, _ in all_cells)
        if not has_header and self.equations(all_cells):
            return before + [Paragraph(row_line(r)) for r in rows]
        lines = all(
            all(isinstance(b, (Paragraph, Heading)) or (has_header and fits_cell(b)) for b in bl)
            for _, bl in all_cells
        )
        simple = lines and (
            has_header or all(len(bl) <= 1 for _, bl in all_cells) or grid_of_data(rows)
        )
        columns = max(
            (sum(cell_span(c.attributes.get("colspan"), MAX_COLSPAN) for c, _ in r) for r in rows),
            default=0,
        )
        # a layout table whose one row has one cell of content is a box, no grid: Hacker
        # News's comment header beside its empty indent and vote cells, Wikipedia's
        # "Wikimedia Commons has media related to..." beside its logo's cell
        box = len(rows) == 1 and sum(1 for _, blocks in rows[0] if blocks) < 2
        if not has_header and labelled_line(rows):
            return [*before, Paragraph(row_line(rows[0]))]
        if not simple or columns < 2 or numbered or (box and not has_header):
            return before + [block for r in rows for _, blocks in r for block in blocks]
        heads = 0 if has_header else header_rows(rows)
        table = Table(
            [
                [
                    Cell(
                        cell_line(blocks or (named_icon(cell) if has_header else [])),
                        header=cell.tag == "th" or position < heads,
                        colspan=cell_span(cell.attributes.get("colspan"), MAX_COLSPAN),
                        rowspan=cell_span(cell.attributes.get("rowspan"), MAX_ROWSPAN),
                        align=cell_align(cell.attributes),
                    )
                    for cell, blocks in r
                ]
                for position, r in enumerate(rows)
            ]
        )
        return [*before, table]

    def equations(self, cells: list[tuple[LexborNode, list[Block]]]) -> bool:
        """Whether a table's cells are formulas and their numbers, and nothing else: a
        table that sets equations apart and aligns them (LaTeXML's ``ltx_equation``,
        ``eqnarray``), each row of which is a line."""
        formulas = False
        for cell, blocks in cells:
            if not blocks:
                continue
            if cell in self.formulas and cell not in self.marked:
                formulas = True
            elif not (
                len(blocks) == 1
                and isinstance(blocks[0], Paragraph)
                and EQUATION_NUMBER.fullmatch(plain(blocks[0].inlines))
            ):
                return False
        return formulas

    def numbered_lines(self, table: LexborNode) -> CodeBlock | None:
        """The code a table of numbered lines shows, one line a row: each row a cell of line numbers
        (:data:`~unboiler.output.dom.LINE_NUMBER_CELLS`) and one cell of code, white space kept
        (GitHub's files and gists: ``td.blob-num`` beside ``td.blob-code``); its rows from the first
        to the last the content holds.  None for any other table, and for a table whose code cell
        holds a ``<pre>`` (Pygments' table of two cells: the ``<pre>`` is the code block)."""
        lines: list[tuple[LexborNode, str]] = []
        for row in table.css("tr"):
            cells = [c for c in row.iter(include_text=False) if c.tag in ("td", "th")]
            code = [cell for cell in cells if not line_numbers(cell)]
            if len(code) != 1 or len(cells) < 2 or code[0].css_first("pre, table"):
                return None
            lines.append((code[0], code[0].text(deep=True).rstrip("\r\n")))
        shown = [index for index, (cell, _) in enumerate(lines) if cell in self.marked]
        if not shown:
            return None if not lines else CodeBlock("", None, self.direction)
        text = "\n".join(line.rstrip() for _, line in lines[shown[0] : shown[-1] + 1])
        return CodeBlock(text, None, self.direction)

    def _rows(self, table: LexborNode, before: list[Block], depth: int) -> list[LexborNode]:
        """The rows of ``table`` that hold content (a caption's blocks go to ``before``),
        in the order a browser draws them: the first ``<thead>``'s rows first and the
        ``<tfoot>``s' rows last, wherever the page writes them (CSS 2.1 §17.2, the
        header and footer row groups; the HTML standard's table model, §4.9.12,
        processes the footers last too)."""
        head: list[LexborNode] = []
        body: list[LexborNode] = []
        foot: list[LexborNode] = []
        child = table.first_child
        while child is not None:
            if child in self.marked or child in self.formulas:
                if child.tag == "tr":
                    body.append(child)
                elif child.tag in ("thead", "tbody", "tfoot"):
                    group = foot if child.tag == "tfoot" else body
                    if child.tag == "thead" and not head:
                        group = head
                    row = child.first_child
                    while row is not None:
                        if row.tag == "tr" and (row in self.marked or row in self.formulas):
                            group.append(row)
                        row = row.next
                else:
                    laid = self.flow(child, depth)
                    if child.tag == "caption" and len(laid) == 1 and isinstance(laid[0], Paragraph):
                        laid[0].caption = True
                    before.extend(laid)
            child = child.next
        return head + body + foot


def _mark(selection: Selection) -> tuple[dict[LexborNode, bool], LexborNode | None]:
    """The elements that hold content, each with whether a block-level element lies
    between it and some of that content (an ``<a>`` around a heading must be read
    through, not as a line); and the root of the tree."""
    marked: dict[LexborNode, bool] = {}
    root: LexborNode | None = None
    for leaf in [*selection.texts, *selection.images]:
        below_block = False
        node = leaf.parent
        while node is not None:
            seen = marked.get(node)
            if seen is not None and (seen or not below_block):
                break
            marked[node] = below_block
            if not laid_inline(node):
                below_block = True
            parent = node.parent
            if parent is None:
                root = node
            node = parent
    return marked, root


def without_language_labels(blocks: Iterable[Block]) -> list[Block]:
    """``blocks`` without a paragraph that only names the language of the code block
    right after it (VitePress's ``<span class="lang">js</span>``, MDN's "js" over the
    code): the Markdown's fence and the HTML's ``language-`` class say it, and as a
    paragraph of its own the word reads as the page's text.  The plain text, which has
    no such place, keeps it (WCXB's gold keeps it too).  A tab's label names its panel
    among the others ("cURL", "JavaScript", "Go"), and stays."""
    blocks = list(blocks)
    return [
        block
        for index, block in enumerate(blocks)
        if not (
            isinstance(block, Paragraph)
            and block.part is None  # a definition list's term stays
            and not block.tab
            and index + 1 < len(blocks)
            and isinstance(following := blocks[index + 1], CodeBlock)
            and following.language is not None
            and plain(block.inlines).strip().lower() == following.language
        )
    ]


def layout(document: TextDocument, *, images: bool = False) -> list[Block]:
    """The content of ``document`` as blocks, in page order.

    Reads the content flags and the blocks' elements only (see
    :func:`~unboiler.output.select.select`), so it serves every extractor; the document is not
    changed.  ``images`` keeps the images of the content (they cost a little more to find).
    """
    selection = select(document, images=images)
    blocks: list[Block] = [Paragraph([visible(text)]) for text in selection.before]
    marked, root = _mark(selection)
    if root is not None:
        builder = _Layout(
            selection,
            marked,
            base=base_url(document),
            images=images,
            formulas=_formula_paths(selection.formulas, marked),
            posts=tags.post_ids(document.tree, innermost=True, numbered=True, past_spacers=True),
            tabs=tab_labels(document.tree, marked),
        )
        blocks.extend(builder.flow(root, 0))
    return tidy_rules(blocks)
