"""Helpers of the output tests: fixture pages with their content marked by hand, the
structure of laid-out blocks and of parsed Markdown in one comparable shape, the text of
a page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.tree import SyntaxTreeNode
from selectolax.lexbor import LexborHTMLParser

import unboiler
from unboiler.document import TextDocument
from unboiler.output.tree import (
    Block,
    Close,
    CodeBlock,
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
)

PAGES = Path(__file__).resolve().parent.parent / "pages" / "output"
URL = "https://example.org/walks/index.html"
#: The fixture pages whose content is what their <article> holds.
FIXTURES = [
    "lists.html",
    "table.html",
    "layout-table.html",
    "code.html",
    "quotes.html",
    "admonitions.html",
    "images.html",
    "links.html",
    "conventions.html",
    "hostile.html",
    "invisible.html",
    "structure.html",
]


def inside(node: Any, tag: str) -> bool:
    while node is not None:
        if node.tag == tag:
            return True
        node = node.parent
    return False


def article_document(name: str, *, container: str = "article") -> TextDocument:
    """A fixture page whose blocks inside ``container`` are content: the tests of the
    outputs choose the content themselves and depend on no extractor."""
    document = unboiler.parse((PAGES / name).read_bytes(), url=URL)
    for block in document.blocks:
        block.set_content(inside(block.node, container))
    return document


def all_content(page: str) -> TextDocument:
    """``page`` parsed, every block of it content: the outputs' own rules, whatever an
    extractor would keep."""
    document = unboiler.parse(page)
    for block in document.blocks:
        block.set_content(True)
    return document


def markdown_parser() -> MarkdownIt:
    """CommonMark with GFM's tables and strikethrough, as the Markdown output writes."""
    return MarkdownIt("commonmark").enable(["table", "strikethrough"])


# ------------------------------------------------------------------ structure of blocks
# A block is a tuple: ("heading", level, line), ("paragraph", line), ("code", language,
# text), ("quote", blocks), ("list", ordered, start, items), ("table", rows); a line is a
# tuple of strings, "text" pieces and the names of the markup around them.

_MARK_NAMES = {
    Mark.EMPHASIS: "em",
    Mark.STRONG: "strong",
    Mark.STRIKE: "s",
    Mark.LINK: "link",
    Mark.CODE: "code",
    Mark.SUPERSCRIPT: "sup",
    Mark.SUBSCRIPT: "sub",
}
#: The inline HTML the Markdown writer uses for marks Markdown has no syntax for.
_HTML_MARKS = {
    "<sup>": "sup",
    "</sup>": "/sup",
    "<sub>": "sub",
    "</sub>": "/sub",
    # emphasis CommonMark's delimiters could not write where it stands
    "<em>": "em",
    "</em>": "/em",
    "<strong>": "strong",
    "</strong>": "/strong",
    "<del>": "s",
    "</del>": "/s",
}


def _merge_text(line: list[str]) -> tuple[str, ...]:
    merged: list[str] = []
    for piece in line:
        if piece.startswith("text:") and merged and merged[-1].startswith("text:"):
            merged[-1] += piece[5:]
        else:
            merged.append(piece)
    return tuple(merged)


def layout_line(inlines: list[Inline], *, links: bool, images: bool) -> tuple[str, ...]:
    """A line as the Markdown output should write it: links only with ``links`` and a URL
    and never inside another link, no emphasis inside code or inside the same emphasis."""
    line: list[str] = []
    in_code = 0
    opened: list[tuple[Mark, bool]] = []
    for token in inlines:
        if isinstance(token, str):
            line.append("text:" + token)
        elif isinstance(token, LineBreak):
            line.append("text: " if in_code else "text:\n")
        elif isinstance(token, Image):
            if images and not in_code:
                line.append("image:" + token.alt)
        elif isinstance(token, Open):
            mark = token.mark
            if in_code:
                shown = False
            elif mark is Mark.LINK:
                shown = links and token.href is not None
                shown = shown and not any(m is Mark.LINK and s for m, s in opened)
            else:
                shown = not any(m is mark and s for m, s in opened)
            opened.append((mark, shown))
            in_code += mark is Mark.CODE
            if shown:
                line.append(_MARK_NAMES[mark])
        elif isinstance(token, Close):
            mark, shown = opened.pop()
            in_code -= mark is Mark.CODE
            if shown:
                line.append("/" + _MARK_NAMES[mark])
    return _merge_text(line)


def layout_skeleton(blocks: list[Block], *, links: bool, images: bool) -> list[tuple[Any, ...]]:
    def line(inlines: list[Inline]) -> tuple[str, ...]:
        return layout_line(inlines, links=links, images=images)

    result: list[tuple[Any, ...]] = []
    for block in blocks:
        if isinstance(block, Paragraph):
            result.append(("paragraph", line(block.inlines)))
        elif isinstance(block, Heading):
            result.append(("heading", block.level, line(block.inlines)))
        elif isinstance(block, CodeBlock):
            result.append(("code", block.language or "", block.text))
        elif isinstance(block, Quote):
            result.append(("quote", layout_skeleton(block.blocks, links=links, images=images)))
        elif isinstance(block, ListBlock):
            items = [layout_skeleton(item, links=links, images=images) for item in block.items]
            result.append(("list", block.ordered, block.start, items))
        elif isinstance(block, Rule):
            result.append(("rule",))
        elif isinstance(block, Table):
            width = max(sum(cell.colspan for cell in row) for row in block.rows)
            rows = []
            for row in block.rows:
                cells = []
                for cell in row:
                    # A cell is one line: Markdown writes its breaks as <br>.
                    cells.append(line(cell.inlines))
                    cells.extend([()] * (cell.colspan - 1))
                cells.extend([()] * (width - len(cells)))
                rows.append(cells)
            result.append(("table", rows))
    return result


def _markdown_line(node: SyntaxTreeNode) -> tuple[str, ...]:
    line: list[str] = []

    def walk(current: SyntaxTreeNode) -> None:
        for child in current.children:
            kind = child.type
            if kind == "text":
                if child.content:  # markdown-it-py leaves empty texts beside delimiters
                    line.append("text:" + child.content)
            elif kind in ("softbreak", "hardbreak"):
                line.append("text:\n")
            elif kind == "code_inline":
                line.extend(["code", "text:" + child.content, "/code"])
            elif kind == "image":
                line.append("image:" + "".join(c.content for c in child.children))
            elif kind in ("em", "strong", "s", "link"):
                line.append(kind)
                walk(child)
                line.append("/" + kind)
            elif kind == "html_inline" and child.content in _HTML_MARKS:
                line.append(_HTML_MARKS[child.content])
            elif kind == "html_inline" and child.content == "<br>":  # a break in a cell
                line.append("text:\n")
            else:
                raise AssertionError(f"unexpected inline {kind}")

    walk(node)
    return _merge_text(line)


def markdown_skeleton(text: str) -> list[tuple[Any, ...]]:
    """The structure of Markdown as markdown-it-py parses it."""
    return _markdown_blocks(SyntaxTreeNode(markdown_parser().parse(text)))


def _markdown_blocks(node: SyntaxTreeNode) -> list[tuple[Any, ...]]:
    result: list[tuple[Any, ...]] = []
    for child in node.children:
        kind = child.type
        if kind == "paragraph":
            result.append(("paragraph", _markdown_line(child.children[0])))
        elif kind == "heading":
            result.append(("heading", int(child.tag[1]), _markdown_line(child.children[0])))
        elif kind == "fence":
            result.append(("code", child.info, child.content.removesuffix("\n")))
        elif kind == "blockquote":
            result.append(("quote", _markdown_blocks(child)))
        elif kind in ("bullet_list", "ordered_list"):
            start = int(str(child.attrs.get("start", 1))) if kind == "ordered_list" else 1
            items = [_markdown_blocks(item) for item in child.children]
            result.append(("list", kind == "ordered_list", start, items))
        elif kind == "hr":
            result.append(("rule",))
        elif kind == "table":
            rows = []
            for section in child.children:
                for row in section.children:
                    rows.append(
                        [
                            _markdown_line(cell.children[0]) if cell.children else ()
                            for cell in row.children
                        ]
                    )
            if not any(rows[0]):  # the empty header row of a table without one
                rows = rows[1:]
            result.append(("table", rows))
        else:
            raise AssertionError(f"unexpected block {kind}")
    return result


def markdown_text(text: str) -> str:
    """The text a Markdown parser reads in ``text`` (image descriptions left out)."""
    pieces: list[str] = []
    for token in markdown_parser().parse(text):
        if token.type == "fence":
            pieces.append(token.content)
        for child in token.children or []:
            if child.type in ("text", "code_inline"):
                pieces.append(child.content)
            elif child.type in ("softbreak", "hardbreak") or child.content == "<br>":
                pieces.append("\n")
    return "".join(pieces)


# ------------------------------------------------------------------ text of pages


def page_text(html: str | bytes) -> str:
    """Every text node of the page's body, in order, without white space."""
    body = LexborHTMLParser(html).body
    if body is None:
        return ""
    return "".join(
        node.text_content or "" for node in body.traverse(include_text=True) if node.is_text_node
    )


def html_text(fragment: str) -> str:
    """The text an HTML fragment shows."""
    body = LexborHTMLParser(f"<body>{fragment}</body>").body
    return body.text(deep=True) if body is not None else ""


def squeeze(text: str) -> str:
    return "".join(text.split())


def is_subsequence(part: str, whole: str) -> bool:
    remaining = iter(whole)
    return all(char in remaining for char in part)


def without_markup(skeleton: Any) -> Any:
    """A skeleton with each line reduced to its text: the block structure alone."""
    if isinstance(skeleton, tuple) and all(isinstance(piece, str) for piece in skeleton):
        text = "".join(p[5:] for p in skeleton if p.startswith("text:"))
        return " ".join(text.split())
    if isinstance(skeleton, (list, tuple)):
        return type(skeleton)(without_markup(part) for part in skeleton)
    return skeleton
