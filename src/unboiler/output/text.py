"""Plain text of the content, and the layout the structured outputs share.

Every extractor ends with content flags on the document's blocks; an output reads only
those flags and the blocks' DOM elements.  Three steps, each usable on its own:

1. :func:`~unboiler.output.select.select` finds the DOM text nodes each content block was built
   from;
2. :func:`~unboiler.output.layout.layout` lays them out, in page order, as a small tree
   (:mod:`unboiler.output.tree`) of headings, paragraphs, lists, quotes, code and tables
   (whatever else the page nests them in is transparent);
3. :func:`to_text` writes the tree as plain text the way WCXB's gold ``main_content`` is
   written (Foley 2026, WCXB v1.0): headings on their own lines, paragraphs separated by
   a blank line, list items one per line (a list whose items hold several paragraphs,
   a thread's posts, parts them by a blank line), table rows one per line with tab-separated
   cells, preformatted text as the page has it.  Markdown and HTML
   (:mod:`unboiler.output.markdown`, :mod:`unboiler.output.html`) write the same tree.

The outputs are built from the DOM, not from ``block.text``: that is Boilerpipe's token
stream made for the word statistics (anchors and ``<abbr>`` add spaces, whitespace is
squeezed), so it writes "link , and" and spaces Chinese text around links, and it has no
structure left.  Inline text is joined as the page joins it, with HTML's white-space
collapsing (CSS Text 3, §4.1): runs of ASCII whitespace are one space, and a line break in
the source between two wide (CJK) characters is no space at all (§4.1.3).  Words that touch
across the edge of a link, or a lower-case letter and an upper-case one across the edge
of any element, are taken as laid apart by the page's CSS and get a space.  Ruby
annotations (``<rt>``, ``<rp>``) are left out, as WCXB's gold leaves them out.

Hygiene has one home here too: the layout drops the characters that show nothing
(:func:`unboiler.text.visible`: byte-order marks, zero-width spaces, word joiners, soft hyphens)
from every text it takes, so every output is without them, and the text and Markdown writers end no
line with white space (:func:`~unboiler.output.inline.strip_line_ends`).  The plain text writes
no-break spaces as spaces (:data:`NO_BREAK_SPACES`) and leaves out direction marks
(:data:`DIRECTION_MARKS`).

Before the layout, the page's tree is read for what it shows nobody
(:mod:`unboiler.output.hidden`), for its own controls (:mod:`unboiler.output.controls`)
and for formulas drawn twice (:mod:`unboiler.output.renderings`); code blocks, lists and
tables have their own modules (:mod:`unboiler.output.code`, :mod:`unboiler.output.lists`,
:mod:`unboiler.output.tables`), and the tag tables they share are in
:mod:`unboiler.output.dom`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

from unboiler.document import TextDocument
from unboiler.output.inline import plain, strip_line_ends
from unboiler.output.layout import layout
from unboiler.output.tree import Block, CodeBlock, Heading, ListBlock, Paragraph, Quote, Rule

#: The no-break spaces (U+00A0; the figure space U+2007 and the narrow one U+202F, which
#: French and number formats use): the plain text writes them as spaces.  A reader of a
#: text file sees no difference, and a search for "ROI payback", a tokenizer or a
#: ``grep`` fails on "ROI\u00a0payback"; trafilatura's text output has none either (its
#: ``str.split`` reads them as white space).  Markdown and HTML keep them: there they
#: indent a line after a ``<br>`` and bind words as the page binds them.
NO_BREAK_SPACES: Final = "\u00a0\u2007\u202f"
#: The marks that order mixed-direction text (the left-to-right and right-to-left marks,
#: U+200E and U+200F, and the Arabic letter mark, U+061C): the plain text leaves them
#: out, as trafilatura's does.  Amazon begins each technical detail with one
#: ("\u200eBrauwerk", a newcomer's German product page), which a tokenizer or a search
#: reads as part of the word; a text file's reader sees the text without them, in the
#: direction of its letters.  Markdown and HTML keep them, for their display.
DIRECTION_MARKS: Final = "\u200e\u200f\u061c"
_NO_BREAK: Final = re.compile(f"[{NO_BREAK_SPACES}{DIRECTION_MARKS}]")
_WITHOUT_MARKS: Final = {
    **dict.fromkeys(map(ord, NO_BREAK_SPACES), " "),
    **dict.fromkeys(map(ord, DIRECTION_MARKS)),
}
_SPACE_RUN: Final = re.compile(r"(?<=[^ \n]) {2,}")


def _spaced(text: str) -> str:
    """``text`` with its no-break spaces as spaces (:data:`NO_BREAK_SPACES`), one for
    each run within a line ("end.&nbsp; Next"), and without direction marks
    (:data:`DIRECTION_MARKS`); a line's indentation stays.  (Searched for first: most
    paragraphs have none, and on a paragraph of 340 characters the search takes 1.1 µs
    where ``str.translate`` took 17.7.)"""
    if text.isascii() or _NO_BREAK.search(text) is None:
        return text
    return _SPACE_RUN.sub(" ", text.translate(_WITHOUT_MARKS))


#: List items are written without a mark.  WCXB's gold text starts them with "- " or
#: their number ("1. "), but the news benchmarks' gold does not number them, and a number
#: is a word to both metrics: writing "- " and each ordered item's number as a browser
#: shows it was measured (``unboiler eval``, in sample) at WCXB 0.93282 to 0.93286 (107
#: pages up, 119 down), readability 0.9695 to 0.9675 (Wikipedia's numbered references),
#: scrapinghub 0.9799 to 0.9793, and not adopted; the Markdown and HTML outputs number
#: them.


def _text_blocks(blocks: Iterable[Block], separator: str) -> str:
    return separator.join(text for text in map(_text_block, blocks) if text)


def _text_block(block: Block) -> str:
    if isinstance(block, Rule):  # no words: the blank line around a block parts it
        return ""
    if isinstance(block, (Paragraph, Heading)):
        return _spaced(plain(block.inlines))
    if isinstance(block, CodeBlock):
        return block.text
    if isinstance(block, Quote):
        return _text_blocks(block.blocks, "\n\n")
    if isinstance(block, ListBlock):
        items = [
            mark + _text_blocks(item, "\n")
            for mark, item in zip(block.check_marks(), block.items, strict=True)
        ]
        # items of several paragraphs (a thread's posts, a recipe's steps) are parted by
        # a blank line, or one item's lines run into the next's; a nested list is no
        # paragraph of its item, unless its own items are parted so.  Told by the tree's
        # shape and the items' text: rendering an item's blocks again to see their text
        # doubled the work at every level of a nest of lists.
        loose = any("\n\n" in text for text in items) or any(
            sum(not isinstance(part, (ListBlock, Rule)) for part in item) > 1
            for item in block.items
        )
        return ("\n\n" if loose else "\n").join(items)
    return "\n".join(
        "\t".join(
            "" if cell is None else _spaced(plain(cell.inlines, line_break=" ")) for cell in row
        )
        for row in block.grid()
    )


def blocks_to_text(blocks: Iterable[Block]) -> str:
    """Blocks as WCXB's gold writes text: blocks apart by a blank line, list items and
    table rows one per line, cells apart by a tab (none after a row's last cell)."""
    return strip_line_ends(_text_blocks(blocks, "\n\n"))


def to_text(document: TextDocument) -> str:
    """The content of ``document`` as plain text (see the module docstring)."""
    return blocks_to_text(layout(document))


__all__ = ["blocks_to_text", "to_text"]
