"""A minimal HTML fragment of the content, safe to show in another page.

The fragment is written from the layout of :mod:`unboiler.output.text` (headings,
paragraphs, lists, quotes, code, tables, emphasis; links and images on request), never
copied from the page, and then passed through nh3 (the Python binding of the Rust
sanitiser ammonia, which parses it as HTML5 does) with a short allow-list: structural tags
only, ``href`` and ``src`` only with http(s) URLs, no scripts, styles, event handlers or
``javascript:`` URLs even if a bug upstream let one through.  Sanitising is a parser's
job; regular expressions are never used for it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape as escape_html
from typing import Final
from urllib.parse import urlsplit

import nh3

from unboiler.document import TextDocument
from unboiler.metadata.direction import DIRECTIONS, content_direction
from unboiler.output.layout import layout, without_language_labels
from unboiler.output.lists import without_own_numbers
from unboiler.output.tree import (
    FORMULA_MARKS,
    Block,
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
    heads_columns,
)

INLINE_TAGS: Final = {
    Mark.EMPHASIS: "em",
    Mark.STRONG: "strong",
    Mark.CODE: "code",
    Mark.STRIKE: "del",
    Mark.SUPERSCRIPT: "sup",
    Mark.SUBSCRIPT: "sub",
    Mark.LINK: "a",
}
ALLOWED_TAGS: Final = frozenset(
    {"p", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "blockquote", "pre", "br", "hr"}
    | {"aside"}
    | {"dl", "dt", "dd"}
    | {"table", "caption", "thead", "tbody", "tr", "th", "td", "img"}
    | {"figure", "figcaption"}
    | {"div"}  # only the wrapper that carries the content's direction
    | {"bdi"}  # text set apart in its own direction in a line (Mark.ISOLATE)
    | set(INLINE_TAGS.values())
)
#: Elements that carry the direction of their text where it differs from the text
#: around them (an Arabic quotation in an English article).
DIRECTED_TAGS: Final = frozenset(
    {"div", "p", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "aside", "pre", "ul", "ol"}
    | {"li", "dt", "dd", "bdi"}
)
ALLOWED_ATTRIBUTES: Final = {
    **{tag: {"dir"} for tag in DIRECTED_TAGS},
    "a": {"href"},
    "img": {"src", "alt"},
    "ol": {"start", "type", "dir"},
    "li": {"value", "dir"},
    "th": {"colspan", "rowspan", "align"},
    "td": {"colspan", "rowspan", "align"},
    "code": {"class"},  # the language of a code block, written here as language-NAME
}
URL_SCHEMES: Final = frozenset({"http", "https"})
#: Links may also write to someone (the Markdown writer keeps ``mailto:`` links too);
#: images only load from the web.
LINK_SCHEMES: Final = URL_SCHEMES | {"mailto"}


def _pictures_alone(inlines: Sequence[Inline]) -> bool:
    """Whether a line holds pictures and nothing else but white space (a figure's), each
    picture maybe a link (to itself at full size, as Substack's and WordPress's are)."""
    found = False
    for token in inlines:
        if isinstance(token, Image):
            found = True
        elif isinstance(token, (Open, Close)) and token.mark is Mark.LINK:
            continue
        elif not (isinstance(token, str) and not token.strip()) and not isinstance(
            token, LineBreak
        ):
            return False
    return found


def _entry(entry: tuple[str, str, list[tuple[bool, str]]]) -> str:
    """A term or details of a definition list: its line, or its pieces each a paragraph
    or a block (a ``<dd>`` of two paragraphs, of a line and a list)."""
    tag, direction, pieces = entry
    if len(pieces) == 1 and pieces[0][0]:
        return f"<{tag}{direction}>{pieces[0][1]}</{tag}>"
    body = "\n".join(f"<p>{html}</p>" if line else html for line, html in pieces)
    return f"<{tag}{direction}>\n{body}\n</{tag}>"


def _web_url(url: str | None, schemes: frozenset[str] = URL_SCHEMES) -> str | None:
    """``url`` if it is absolute in one of ``schemes`` (a relative one could not be
    resolved)."""
    if not url:
        return None
    try:
        scheme = urlsplit(url).scheme.lower()
    except ValueError:  # an address that cannot be parsed ("http://[::1")
        return None
    return url if scheme in schemes else None


def _attribute(value: str) -> str:
    return escape_html(value, quote=True)


def _dir(direction: str | None, around: str | None) -> str:
    """The ``dir`` attribute of an element whose text the page declares in
    ``direction``, written in one of direction ``around``: none when they agree (an
    Arabic quotation in an English article is ``<blockquote dir="rtl">``, a shell
    command in a Hebrew one ``<pre dir="ltr">``)."""
    if direction is None or direction == around or direction not in DIRECTIONS:
        return ""
    return f' dir="{direction}"'


class _Writer:
    def __init__(self, *, links: bool, images: bool) -> None:
        self.links = links
        self.images = images
        #: The caption of the table written next (a paragraph the layout marks so).
        self.caption: str | None = None

    def line(self, inlines: Sequence[Inline]) -> str:
        out: list[str] = []
        closings: list[str] = []
        for token in inlines:
            if isinstance(token, str):
                out.append(escape_html(token, quote=False))
            elif isinstance(token, LineBreak):
                out.append("<br>")
            elif isinstance(token, Image):
                src = _web_url(token.src)
                if self.images and src is not None:
                    out.append(f'<img src="{_attribute(src)}" alt="{_attribute(token.alt)}">')
            elif isinstance(token, Open):
                closing = ""
                if token.mark in FORMULA_MARKS:
                    pass  # a formula's text is written as it is, without markup
                elif token.mark is Mark.ISOLATE:
                    # directions are three known words: nothing to escape
                    shown = f' dir="{token.direction}"' if token.direction else ""
                    out.append(f"<bdi{shown}>")
                    closing = "</bdi>"
                elif token.mark is not Mark.LINK:
                    tag = INLINE_TAGS[token.mark]
                    out.append(f"<{tag}>")
                    closing = f"</{tag}>"
                else:
                    href = _web_url(token.href, LINK_SCHEMES) if self.links else None
                    if href is not None and "</a>" not in closings:
                        out.append(f'<a href="{_attribute(href)}">')
                        closing = "</a>"
                closings.append(closing)
            elif isinstance(token, Close) and closings:
                out.append(closings.pop())
        out.extend(reversed(closings))
        return "".join(out)

    def blocks(self, blocks: Iterable[Block], around: str | None) -> str:
        """The blocks, a definition list's lines (:class:`~unboiler.output.tree.DefinitionPart`) in
        a ``<dl>`` of their own, each run of them one, and a list in another's details
        (their :attr:`~unboiler.output.tree.Paragraph.depth`) inside that ``<dd>``;
        ``around`` is the direction of the element they are written in (see :func:`_dir`)."""
        written: list[str] = []
        # the definition lists being written, outermost first: each term or details of
        # each, its tag and direction, and its pieces (a line, or a block's HTML)
        lists: list[list[tuple[str, str, list[tuple[bool, str]]]]] = []

        def close_lists(depth: int) -> None:
            """Close the lists deeper than ``depth``: each goes in the details of the
            list around it (a <dd> of its own after a <dt>), the outermost in the text."""
            while len(lists) > depth:
                entries = lists.pop()
                if not entries:
                    continue
                html = "<dl>\n" + "\n".join(map(_entry, entries)) + "\n</dl>"
                if not lists:
                    written.append(html)
                elif lists[-1] and lists[-1][-1][0] == "dd":
                    lists[-1][-1][2].append((False, html))
                else:  # a <dt> must be followed by its <dd> (HTML standard, §4.4.9)
                    lists[-1].append(("dd", "", [(False, html)]))

        laid = without_language_labels(blocks)
        captioned = -1  # the index of a figure's caption, written with its pictures
        for index, block in enumerate(laid):
            if index == captioned:
                continue
            if (
                isinstance(block, Paragraph)
                and block.caption
                and index + 1 < len(laid)
                and isinstance(laid[index + 1], Table)
            ):
                self.caption = self.line(block.inlines)  # written in the table
                continue
            figure = self.figure(block, laid[index + 1] if index + 1 < len(laid) else None)
            if figure:
                close_lists(0)
                written.append(figure)
                captioned = index + 1
                continue
            if isinstance(block, Paragraph) and block.part is not None:
                depth = max(block.depth, 1)
                close_lists(depth - 1 if block.opens_list else depth)
                while len(lists) < depth:
                    lists.append([])
                entries = lists[-1]
                line = self.line(block.inlines)
                if line.strip():
                    tag = block.part.value
                    if not block.opens_item and entries and entries[-1][0] == tag:
                        entries[-1][2].append((True, line))  # the same <dd>'s next paragraph
                    else:
                        entries.append((tag, _dir(block.direction, around), [(True, line)]))
                continue
            text = self.block(block, around)
            within, opens, depth = None, True, 1
            if isinstance(block, (CodeBlock, Quote, ListBlock, Table)):
                within, opens, depth = block.within, block.opens_item, max(block.depth, 1)
            if lists and text and within is DefinitionPart.DETAILS:
                # a definition's list, quotation, code or table (Sphinx's "Parameters"
                # over a list, its parameters' table): a <dt> must be followed by its
                # <dd> (HTML standard, §4.4.9); in a list none of whose lines is written
                # (its term left out), it goes in the details of the deepest one that is
                close_lists(depth)
                entries = lists[-1]
                if not opens and entries and entries[-1][0] == "dd":
                    entries[-1][2].append((False, text))
                else:
                    entries.append(("dd", "", [(False, text)]))
                continue
            close_lists(0)
            if text:
                written.append(text)
        close_lists(0)
        return "\n".join(written)

    def figure(self, block: Block, following: Block | None) -> str:
        """A ``<figure>`` of a line of pictures alone and the figure's caption right after
        it (:attr:`~unboiler.output.tree.Paragraph.figure_caption`), so that the caption
        stays tied to its picture; "" for any other pair, and when no picture is written
        (none asked for: the caption is then a paragraph, as in the text)."""
        if not (
            isinstance(following, Paragraph)
            and following.figure_caption
            and isinstance(block, Paragraph)
            and block.part is None
            and _pictures_alone(block.inlines)
        ):
            return ""
        pictures = self.line(block.inlines)
        if not pictures.strip():
            return ""
        return f"<figure>{pictures}<figcaption>{self.line(following.inlines)}</figcaption></figure>"

    def block(self, block: Block, around: str | None) -> str:
        if isinstance(block, Rule | Table):
            return "<hr>" if isinstance(block, Rule) else self.table(block)
        direction = _dir(block.direction, around)
        inner = block.direction or around
        if isinstance(block, Paragraph | Heading):
            # A line of images alone writes nothing when its images are left out (none
            # asked for, or no web address for them): no empty element is written.
            line = self.line(block.inlines)
            if not line.strip():
                return ""
            if isinstance(block, Paragraph):
                return f"<p{direction}>{line}</p>"
            return f"<h{block.level}{direction}>{line}</h{block.level}>"
        if isinstance(block, CodeBlock):
            language = f' class="language-{_attribute(block.language)}"' if block.language else ""
            code = escape_html(block.text, quote=False)
            return f"<pre{direction}><code{language}>{code}</code></pre>"
        if isinstance(block, Quote):
            tag = "aside" if block.aside else "blockquote"
            return f"<{tag}{direction}>\n{self.blocks(block.blocks, inner)}\n</{tag}>"
        # what is left is a list
        tag = "ol" if block.ordered else "ul"
        start = f' start="{block.start}"' if block.ordered and block.start != 1 else ""
        if block.style is not None:
            start += f' type="{block.style}"'  # one of four letters: nothing to escape
        # items numbered otherwise than one up (reversed, or by value) each say it
        values = [f' value="{n}"' for n in block.numbers] if block.numbers else None
        marks = block.check_marks()
        written = []
        for index, item in enumerate(without_own_numbers(block)):
            item_dir, content = self.item(item, inner)
            value = values[index] if values else ""
            written.append(f"<li{value}{item_dir}>{marks[index]}{content}</li>")
        items = "\n".join(written)
        return f"<{tag}{start}{direction}>\n{items}\n</{tag}>"

    def item(self, blocks: list[Block], around: str | None) -> tuple[str, str]:
        """A list item's ``dir`` attribute and content; one that is a single line is
        written without its ``<p>``, its direction on the ``<li>``."""
        if len(blocks) == 1 and isinstance(blocks[0], Paragraph):
            return _dir(blocks[0].direction, around), self.line(blocks[0].inlines)
        return "", "\n" + self.blocks(blocks, around) + "\n"

    def table(self, table: Table) -> str:
        rows = []
        for row in table.rows:
            cells = []
            for cell in row:
                tag = "th" if cell.header else "td"
                spans = "".join(
                    f' {name}="{value}"'
                    for name, value in (("colspan", cell.colspan), ("rowspan", cell.rowspan))
                    if value > 1
                )
                # its alignment as GFM's HTML writes a column's (obsolete in HTML5, but
                # read by every browser and by readers that drop style attributes)
                aligned = f' align="{cell.align}"' if cell.align else ""
                cells.append(f"<{tag}{spans}{aligned}>{self.line(cell.inlines)}</{tag}>")
            rows.append("<tr>" + "".join(cells) + "</tr>")
        # The leading header rows head the table (a two-level header: "Times" over
        # "Leaves" and "Arrives"); of a table all of whose rows are so, the first, as the
        # Markdown writes it (a column of icons beside row headers, the corner empty)
        count = next(
            (i for i, row in enumerate(table.rows) if not heads_columns(row)),
            min(len(rows), 1),
        )
        header = f"<thead>\n{chr(10).join(rows[:count])}\n</thead>\n" if count else ""
        rows = rows[count:]
        body = f"<tbody>\n{chr(10).join(rows)}\n</tbody>\n" if rows else ""
        caption, self.caption = self.caption, None
        caption = f"<caption>{caption}</caption>\n" if caption and caption.strip() else ""
        return f"<table>\n{caption}{header}{body}</table>"


def sanitize(fragment: str) -> str:
    """``fragment`` with only the allowed tags, attributes and URL schemes (nh3)."""
    return nh3.clean(
        fragment,
        tags=set(ALLOWED_TAGS),
        attributes={tag: set(names) for tag, names in ALLOWED_ATTRIBUTES.items()},
        url_schemes=set(LINK_SCHEMES),
        strip_comments=True,
        link_rel="noopener noreferrer nofollow",
    )


def blocks_to_html(
    blocks: Iterable[Block],
    *,
    links: bool = False,
    images: bool = False,
    direction: str | None = None,
) -> str:
    """Laid-out blocks (:func:`unboiler.output.layout.layout`) as a sanitised fragment,
    inside a ``<div dir>`` when ``direction`` is given (the one the page declares,
    :func:`unboiler.metadata.direction.content_direction`): pasted into a page of the
    other direction, Arabic or Hebrew text would otherwise run the wrong way."""
    fragment = _Writer(links=links, images=images).blocks(
        blocks, direction if direction in DIRECTIONS else None
    )
    if fragment and direction in DIRECTIONS:
        fragment = f'<div dir="{direction}">\n{fragment}\n</div>'
    return sanitize(fragment)


def to_html(document: TextDocument, *, links: bool = False, images: bool = False) -> str:
    """The content of ``document`` as a sanitised HTML fragment, inside a ``<div dir>``
    when the page declares its text's direction; ``links`` and ``images`` keep those
    whose URLs are (or resolve, against the document's URL, to) http(s)."""
    return blocks_to_html(
        layout(document, images=images),
        links=links,
        images=images,
        direction=content_direction(document),
    )


__all__ = [
    "ALLOWED_ATTRIBUTES",
    "ALLOWED_TAGS",
    "blocks_to_html",
    "sanitize",
    "to_html",
]
