"""jusText's paragraphs: made from the parsed page, and mapped back onto our blocks.

jusText splits a page at fewer elements than our parser (its own list of tags, and runs
of two or more ``<br>``; Pomikálek 2011; jusText algorithm notes, "segmentation"), so a
paragraph is one or more of our blocks.  :func:`make_paragraphs` walks ``document.tree``
once more to build them (the page is not parsed again) and :func:`good_blocks` maps them
back onto the blocks by their text.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from selectolax.lexbor import LexborHTMLParser

from unboiler import tags
from unboiler.document import TextDocument
from unboiler.tags import IGNORED_TAGS, lexbor_tag_ids
from unboiler.text import word_texts


@dataclass(frozen=True, slots=True)
class Paragraph:
    """One jusText paragraph: its whitespace-normalised text, how many of its characters
    sit inside links, and where it stands in the page."""

    text: str
    chars_in_links: int = 0
    is_heading: bool = False
    """Its text lies inside ``<h1>``–``<h6>``."""
    in_select: bool = False
    """Its text lies inside ``<select>`` (the options of a form field): bad, by the
    package's rule.  The preprocessing removes ``<select>``, so only a paragraph built
    by hand has it."""
    length: int = -1
    """Length in characters, the measure of all of jusText's size rules: the length of
    the text unless given (see :func:`weigh_unspaced`)."""
    blocks_text: str | None = None
    """The part of the text that the block parser also reads, when it is not all of it
    (text inside ``<noscript>``, ``<object>`` or an ``<option>`` outside a
    ``<select>``, which jusText reads and the parser skips): what :func:`good_blocks`
    looks for among the blocks when the whole text is not there."""

    def __post_init__(self) -> None:
        if self.length < 0:
            object.__setattr__(self, "length", len(self.text))

    @property
    def link_density(self) -> float:
        """Share of the characters that sit inside ``<a>``."""
        length = len(self.text)
        return min(self.chars_in_links / length, 1.0) if length else 0.0

    def stop_word_density(
        self, stop_words: frozenset[str], *, strip_punctuation: bool = False
    ) -> float:
        """Share of the whitespace-separated tokens that are stop words, compared in lower
        case and, as the jusText package compares them (``Paragraph.stopwords_count``),
        with their punctuation: its frequency lists hold "However," as a word of its own.
        ``strip_punctuation`` compares the tokens without the punctuation around them,
        which suits function-word lists such as Stopwords ISO (a variant of ours)."""
        tokens = self.text.lower().split()
        if not tokens:
            return 0.0
        if strip_punctuation:
            tokens = [token.strip(PUNCTUATION) for token in tokens]
        return sum(map(stop_words.__contains__, tokens)) / len(tokens)


#: Punctuation a whitespace token may carry around a word ("the,", "(for", "it."), taken
#: off before the stop-word test by the ``strip_punctuation`` variant.
PUNCTUATION: Final = "\"'`.,:;!?()[]{}<>«»‘’“”„‚‹›…–—-/\\*&#%|"


# --------------------------------------------------------------------------- segmentation

#: The elements that separate paragraphs (jusText algorithm notes, "segmentation").
PARAGRAPH_TAGS: Final = frozenset(
    {
        "blockquote", "caption", "center", "col", "colgroup", "dd", "div", "dl", "dt",
        "fieldset", "form", "h1", "h2", "h3", "h4", "h5", "h6", "legend", "li",
        "optgroup", "option", "p", "pre", "table", "td", "textarea", "tfoot", "th",
        "thead", "tr", "ul",
    }
)  # fmt: skip
#: Elements removed with their content before segmentation, as the jusText package's
#: preprocessor removes them (jusText 3.0.2, ``core.preprocessor``: lxml's ``Cleaner``
#: with scripts, comments, styles, embedded objects and forms cleaned, and ``<head>``
#: killed; only ``<body>`` is walked here): scripts and styles, ``<applet>``, and the
#: form controls ``<button>``, ``<input>``, ``<select>`` and ``<textarea>``.  Also
#: removed, where the package keeps their text: ``<iframe>``, whose content lexbor (as a
#: browser does) reads as raw text, not as the fallback markup lxml makes of it, and the
#: elements that show no text (``<template>``, ``<svg>``, ``<math>``, ``<canvas>``,
#: ``<audio>``, ``<video>``).  The jusText algorithm notes also remove ``<header>``; the
#: package does not, and neither does this walk.
REMOVED_TAGS: Final = frozenset(
    {
        "style", "script", "applet", "button", "input", "select", "textarea", "iframe",
        "template", "svg", "math", "canvas", "audio", "video",
    }
)  # fmt: skip
#: Elements the package's preprocessor unwraps (``Cleaner``'s ``remove_tags`` for forms
#: and embedded objects): their content stays, and they neither separate paragraphs nor
#: words, so ``<form>`` is no paragraph boundary although the notes list it as one.
UNWRAPPED_TAGS: Final = frozenset({"form", "object", "embed", "param", "layer"})
#: Inline elements (:data:`unboiler.tags.INLINE_TAGS`): text on either side runs on
#: without a space.  Any other element that is not a paragraph tag (``<section>``,
#: custom elements, ``<br>``) keeps its paragraph together but separates words.
INLINE_TAGS: Final = tags.INLINE_TAGS
HEADING_TAGS: Final = tags.HEADING_TAGS

# What an element does during the walk, as bits of one flag word per lexbor tag id.
_BOUNDARY: Final = 1  # a paragraph tag
_REMOVED: Final = 2  # skipped with its content
_INLINE: Final = 4  # no space around it
_BR: Final = 8
_HEADING: Final = 16
_LINK: Final = 64
_UNBLOCKED: Final = 128  # read here, skipped by the block parser (its text is in no block)
_SPACED: Final = 0  # any other element


def _tag_flags() -> tuple[dict[int, int], int, int]:
    """Flags by lexbor tag id, found by parsing one sample of each tag (lexbor's ids of
    standard tags are fixed; custom elements get ids of their own and the default)."""
    flags_by_name: dict[str, int] = {}
    for name in PARAGRAPH_TAGS:
        flags_by_name[name] = _BOUNDARY
    for name in REMOVED_TAGS:
        flags_by_name[name] = _REMOVED
    for name in INLINE_TAGS | UNWRAPPED_TAGS:
        flags_by_name[name] = _INLINE
    for name in HEADING_TAGS:
        flags_by_name[name] |= _HEADING
    flags_by_name["a"] |= _LINK
    flags_by_name["br"] = _BR
    for name in IGNORED_TAGS - REMOVED_TAGS:
        flags_by_name[name] = flags_by_name.get(name, _SPACED) | _UNBLOCKED
    ids, text_id, comment_id = lexbor_tag_ids(flags_by_name)
    return {ids[name]: flags for name, flags in flags_by_name.items()}, text_id, comment_id


_FLAGS_BY_ID, _TEXT_ID, _COMMENT_ID = _tag_flags()


def make_paragraphs(tree: LexborHTMLParser) -> list[Paragraph]:
    """Preprocess and segment the page's ``<body>`` into jusText paragraphs.

    Preprocessing drops :data:`REMOVED_TAGS` with their content and reads through
    :data:`UNWRAPPED_TAGS`.  Segmentation starts a new paragraph at the start and end of
    every :data:`PARAGRAPH_TAGS` element and at the second of two ``<br>`` with nothing
    but whitespace between them (a single ``<br>`` is a line break inside the
    paragraph).  A paragraph records whether its first text lies in a heading, which the
    heading rules need; ``<select>`` is removed whole, so no paragraph made here is
    ``in_select``.  Paragraphs without text are not made.

    One iterative walk with an explicit stack, so no nesting depth exhausts Python's.
    """
    body = tree.body
    if body is None:
        return []
    flags_by_id = _FLAGS_BY_ID
    text_id = _TEXT_ID
    comment_id = _COMMENT_ID
    paragraphs: list[Paragraph] = []
    pieces: list[str] = []
    link_pieces: list[str] = []
    block_pieces: list[str] = []  # the text of the blocks (see Paragraph.blocks_text)
    unblocked_text = False  # whether the paragraph has text that is in no block
    is_heading = False  # of the paragraph being built
    headings = links = unblocked = 0  # open elements of each kind
    after_br = False  # a <br> came last, with only whitespace after it
    stack: list[tuple[Any, int]] = []
    node = body.first_child

    def flush() -> None:
        nonlocal unblocked_text
        text = " ".join("".join(pieces).split())
        pieces.clear()
        if text:
            linked = len(" ".join("".join(link_pieces).split())) if link_pieces else 0
            in_blocks = "".join(block_pieces) if unblocked_text else None
            paragraphs.append(Paragraph(text, linked, is_heading, blocks_text=in_blocks))
        link_pieces.clear()
        block_pieces.clear()
        unblocked_text = False

    while True:
        if node is None:
            if not stack:
                break
            element, flags = stack.pop()
            if flags & _BOUNDARY:
                if pieces:
                    flush()
            elif not flags & _INLINE and pieces:
                pieces.append(" ")
            if flags & _HEADING:
                headings -= 1
            if flags & _LINK:
                links -= 1
            if flags & _UNBLOCKED:
                unblocked -= 1
            node = element.next
            continue

        tag_id = node.tag_id
        if tag_id == text_id:
            if node.is_empty_text_node:
                if pieces:
                    pieces.append(" ")
            else:
                text = node.text_content or ""
                if not pieces:
                    is_heading = headings > 0
                pieces.append(text)
                if links:
                    link_pieces.append(text)
                if unblocked:
                    unblocked_text = True
                else:
                    block_pieces.append(text)
                after_br = False
            node = node.next
            continue
        if tag_id == comment_id:
            node = node.next
            continue

        flags = flags_by_id.get(tag_id, _SPACED)
        if flags & _REMOVED:
            if flags & _BOUNDARY and pieces:
                flush()
            node = node.next
            continue
        if flags & _BR:
            if after_br:
                if pieces:
                    flush()
            else:
                after_br = True
                if pieces:
                    pieces.append(" ")
            node = node.next
            continue
        if flags & _BOUNDARY:
            if pieces:
                flush()
        else:
            after_br = False
            if not flags & _INLINE and pieces:
                pieces.append(" ")
        if flags & _HEADING:
            headings += 1
        if flags & _LINK:
            links += 1
        if flags & _UNBLOCKED:
            unblocked += 1
        stack.append((node, flags))
        node = node.first_child

    if pieces:
        flush()
    return paragraphs


def weigh_unspaced(paragraphs: Sequence[Paragraph]) -> list[Paragraph]:
    """The paragraphs with their lengths in the Latin characters their text is worth.

    jusText's length thresholds were set on European languages, where 70 characters are
    about a dozen words.  A Chinese or Japanese character carries about as much as four
    Latin ones, so on pages in a language written without spaces every paragraph would
    be short.  Their lengths are measured here as the length of the text with each run
    of unspaced script replaced by as many average English words as it is worth (the
    calibration of :mod:`unboiler.text`); an adaptation of ours, not jusText's.
    """
    weighed = word_texts([paragraph.text for paragraph in paragraphs])
    return [
        replace(paragraph, length=len(words))
        for paragraph, words in zip(paragraphs, weighed, strict=True)
    ]


# --------------------------------------------------------------------------- blocks


def _squeeze(text: str) -> str:
    """``text`` without whitespace: two walks over the same text nodes that split or
    space the text differently agree on this."""
    return "".join(text.split())


def good_blocks(
    document: TextDocument, paragraphs: Sequence[Paragraph], good: Sequence[bool]
) -> list[bool]:
    """For each block of ``document``, whether its text lies in a good paragraph.

    Both the blocks and the paragraphs hold the page's text in page order, cut at
    different places and with text the other leaves out (jusText removes ``<header>``;
    our parser drops the options of ``<select>``).  Each paragraph is looked up in the
    blocks' running text from where the previous one ended, ignoring whitespace; a
    paragraph that is not found is skipped.  A block is content when at least half of
    its characters lie in good paragraphs.
    """
    blocks = document.blocks
    squeezed = [_squeeze(block.text) for block in blocks]
    running = "".join(squeezed)
    spans: list[tuple[int, int]] = []
    cursor = 0
    for paragraph, is_good in zip(paragraphs, good, strict=True):
        if paragraph.in_select:  # not in the blocks: our parser drops <option> text
            continue
        # Its whole text, else the part the block parser reads (when the blocks were
        # built without <noscript>, say): the first found is the paragraph's place.
        needles = [_squeeze(paragraph.text)]
        if paragraph.blocks_text is not None:
            needles.append(_squeeze(paragraph.blocks_text))
        found = -1
        needle = ""
        for needle in needles:
            found = running.find(needle, cursor) if needle else -1
            if found >= 0:
                break
        if found < 0:
            continue
        cursor = found + len(needle)
        if is_good:
            spans.append((found, cursor))
    result: list[bool] = []
    position = 0
    first = 0  # the first span that does not end before the current block
    for text in squeezed:
        start, end = position, position + len(text)
        position = end
        while first < len(spans) and spans[first][1] <= start:
            first += 1
        covered = 0
        index = first
        while index < len(spans) and spans[index][0] < end:
            covered += min(end, spans[index][1]) - max(start, spans[index][0])
            index += 1
        result.append(bool(text) and 2 * covered >= len(text))
    return result


__all__ = [
    "HEADING_TAGS",
    "INLINE_TAGS",
    "PARAGRAPH_TAGS",
    "PUNCTUATION",
    "REMOVED_TAGS",
    "UNWRAPPED_TAGS",
    "Paragraph",
    "good_blocks",
    "make_paragraphs",
    "weigh_unspaced",
]
