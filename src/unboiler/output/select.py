"""The first step of the outputs (:mod:`unboiler.output.text`): the DOM text nodes, and
images, that the content blocks were built from (:func:`select`), and a thread's posts
told apart (:class:`Posts`).
"""

from __future__ import annotations

import re
import unicodedata
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Final

from selectolax.lexbor import LexborNode

from unboiler import tags
from unboiler.document import TextBlock, TextDocument
from unboiler.output.controls import (
    drop_card_buttons,
    drop_cell_prompts,
    drop_code_buttons,
    drop_edit_links,
    drop_expanders,
    drop_heading_buttons,
    drop_permalinks,
    part_source_links,
)
from unboiler.output.copies import drop_pull_quotes
from unboiler.output.dom import BLOCK_INLINE_TAGS, MAX_BESIDE_NODES, Selection
from unboiler.output.emails import protected_addresses
from unboiler.output.hidden import (
    drop_assistive_copies,
    drop_drawn_symbols,
    drop_hidden_inline,
    drop_icon_ligatures,
    drop_image_descriptions,
    drop_layout_alternatives,
)
from unboiler.output.inline import plain
from unboiler.output.renderings import drop_formula_renderings, formulas, picture_tex
from unboiler.output.tree import Block, Heading, Paragraph, Rule
from unboiler.text import count_words, remove_space

#: A sentence's end, before any closing quotes, brackets, emoji or other symbols
#: (Unicode's "So" and "Sk" categories: "Polaroid, baby, Polaroid. 😆").
_SENTENCE_END: Final = re.compile(r"[.!?\u2026\u3002\uff01\uff1f\u061f\u0964]$")


#: A prose paragraph has at least this many words and ends a sentence, or has
#: :data:`POST_LONG_WORDS` (a reply that ends without a full stop).  A post whose
#: paragraphs are none of these is no prose (a product card's "Regular Price: $36", a
#: teaser's "Bib Gourmand | Crown Heights").
POST_PROSE_WORDS: Final = 3


POST_LONG_WORDS: Final = 8


_SENTENCE_CLOSERS: Final = frozenset("\"'\u201d\u2019\u00bb)]")


def _prose(block: Block) -> bool:
    """Whether ``block`` is a paragraph of prose (:data:`POST_PROSE_WORDS`)."""
    if not isinstance(block, Paragraph):
        return False
    text = plain(block.inlines).strip()
    # words as the text counts them (:func:`~unboiler.text.count_words`: Chinese and
    # Japanese, written without spaces, by their worth in words), not its spaces: a
    # Zhihu answer was one word, and the answers ran on unparted
    words = count_words(text)
    if words >= POST_LONG_WORDS:
        return True
    if words < POST_PROSE_WORDS:
        return False
    end = len(text)
    while end and (
        text[end - 1] in _SENTENCE_CLOSERS
        or text[end - 1].isspace()
        or unicodedata.category(text[end - 1]) in ("So", "Sk")
    ):
        end -= 1
    return _SENTENCE_END.search(text[:end]) is not None


@dataclass
class _OpenPost:
    """A post the flow is inside, and the last of its replies read through."""

    node: LexborNode
    start: int  # where its blocks start
    end: int = -1  # where its last reply's blocks ended
    prose: bool = False  # whether that reply held prose


class Posts:
    """The posts one flow reads through (:func:`unboiler.tags.is_post`), and the
    thematic breaks that part them: a thread's posts and a question's answers run on in
    a flow of paragraphs, and where one ends is where the next starts.  A break parts
    two posts of prose (:func:`_prose`), so that a listing's cards (an ``<article>``
    each, as often as a forum's posts) are not cut apart at every price; a post that
    opens with a heading is set apart by it already (the sections of a list article).
    On a page of several posts, the page's own paragraph of prose right before the
    first (a question that is no post, over its answers) is parted from it too.  A
    reply nested in the post it answers, a post of its kind
    (:func:`unboiler.tags.same_kind_of_post`: a Reddit or Disqus thread's tree), is
    parted from that post's own prose, and from the reply before it, the same way; a
    comment under an answer is part of the answer."""

    def __init__(self, posts: frozenset[int]) -> None:
        self.posts = posts  # the page's posts' addresses (unboiler.tags.post_ids)
        self.open: list[_OpenPost] = []  # the posts read into, outermost first
        self.prose_before = False
        self.end = -1  # where the last outermost post's blocks ended

    def enter(self, node: LexborNode, blocks: list[Block]) -> None:
        if self.posts and node.mem_id in self.posts:
            if self.open and not tags.same_kind_of_post(node, self.open[-1].node):
                return  # part of its post (a comment under an answer)
            self.open.append(_OpenPost(node, len(blocks)))

    def leave(self, node: LexborNode, blocks: list[Block]) -> None:
        # the layout's walk enters and leaves elements strictly nested, so a post left
        # is the one entered last: looking deeper was quadratic in a thread's depth
        if not self.open or not tags.same_node(node, self.open[-1].node):
            return
        start = self.open.pop().start
        own = blocks[start:]
        if not own:
            return
        prose = any(map(_prose, own))
        if self.open:  # a reply inside a post: after its post's prose or a reply's
            holder = self.open[-1]
            if start == holder.end:
                before = holder.prose
            else:
                before = start > holder.start and _prose(blocks[start - 1])
        else:
            if self.end < 0 and start and len(self.posts) > 1:
                # the first post of a thread: the page's own prose just before it (a
                # question before its answers, an article before its comments) is a
                # post before it; a lone <article> after a page's lead paragraph is no
                # thread
                self.prose_before = _prose(blocks[start - 1])
                self.end = start
            before = self.prose_before and start == self.end  # nothing between
        if (
            prose
            and before
            and start
            and not isinstance(blocks[start - 1], Rule)
            and not isinstance(own[0], Heading)
        ):
            blocks.insert(start, Rule(posts=True))
        if self.open:
            self.open[-1].end, self.open[-1].prose = len(blocks), prose
        else:
            self.prose_before, self.end = prose, len(blocks)


def posts_of_prose(blocks: list[Block]) -> bool:
    """Whether a post's blocks hold two paragraphs of prose (:func:`_prose`) or more: a
    post a reader reads, where a listing's card holds a title and one line of teaser."""
    return sum(map(_prose, blocks)) >= 2


def posts_in_turn(posts: list[list[Block]]) -> list[Block]:
    """The blocks of posts one after another, a thematic break between two posts of
    prose as :class:`Posts` sets it (none before a post that opens with a heading), and
    one before the first: it parts the thread from the text before it, a post's
    paragraphs from the replies nested under it (WordPress's ``ol.children``).  The
    layout leaves out a break that opens or closes the text or follows another
    (:func:`tidy_rules`)."""
    blocks: list[Block] = []
    prose_before = True
    for own in posts:
        if not own:
            continue
        prose = any(map(_prose, own))
        if prose and prose_before and not isinstance(own[0], Heading):
            blocks.append(Rule(posts=True))
        blocks.extend(own)
        prose_before = prose
    return blocks


def tidy_rules(blocks: list[Block]) -> list[Block]:
    """``blocks`` without the thematic breaks set between posts (:attr:`Rule.posts`)
    that part nothing: at the start or the end, right after another break, or right
    after a heading (which parts what follows already).  The page's own are kept."""
    tidy: list[Block] = []
    for block in blocks:
        if (
            isinstance(block, Rule)
            and block.posts
            and (not tidy or isinstance(tidy[-1], (Rule, Heading)))
        ):
            continue
        if isinstance(block, Rule) and tidy and isinstance(tidy[-1], Rule) and tidy[-1].posts:
            tidy[-1] = block  # the page's own break takes the place of the posts'
            continue
        tidy.append(block)
    while tidy and isinstance(tidy[-1], Rule) and tidy[-1].posts:
        tidy.pop()
    return tidy


@dataclass
class _Segment:
    """A run of text under one element that no element outside
    :data:`~unboiler.output.dom.BLOCK_INLINE_TAGS` interrupts: what the parser makes one block of.
    ``key`` is its text without whitespace, which is how a block's text is matched to it."""

    key: str
    texts: list[LexborNode]
    images: list[LexborNode]
    content: bool = False


def _segments(owner: LexborNode) -> list[_Segment]:
    """The runs of text directly under ``owner`` (not inside a nested block-level or
    ignorable element), in order: the parser's blocks whose element is ``owner``, plus
    runs of images without text."""
    segments: list[_Segment] = []
    texts: list[LexborNode] = []
    images: list[LexborNode] = []
    pieces: list[str] = []
    stack: list[LexborNode] = []
    node = owner.first_child
    while True:
        if node is None:
            if not stack:
                break
            node = stack.pop().next
            continue
        if node.is_text_node:
            texts.append(node)
            pieces.append(node.text_content or "")
        elif node.is_element_node:
            tag = node.tag
            if tag in BLOCK_INLINE_TAGS:
                if tag == "img":
                    images.append(node)
                stack.append(node)
                node = node.first_child
                continue
            if texts or images:
                segments.append(_Segment(remove_space("".join(pieces)), texts, images))
                texts, images, pieces = [], [], []
        node = node.next
    if texts or images:
        segments.append(_Segment(remove_space("".join(pieces)), texts, images))
    return segments


def _parts(block: TextBlock) -> Iterable[tuple[LexborNode | None, str]]:
    """Each original block a (possibly merged) block is made of, with its element.  A
    block merged with one that has no element cannot say which part is whose: all its
    parts then count as texts without an element.  (An iterator, not a generator: it
    runs for every block of every page, and a generator's frames cost more than the
    work.)"""
    parts = block.parts
    nodes = block.nodes
    if len(nodes) == len(parts):
        return zip(nodes, parts, strict=True)
    return [(None, text) for text in parts]


def select(document: TextDocument, *, images: bool = False) -> Selection:
    """The DOM text nodes the content blocks were built from.

    A block keeps only the element its first text is in, and several blocks can share
    one element (``<div>intro<p>…</p>outro</div>``, or lines cut by ``<br>``), so each
    element's runs of text are found again and matched, in page order, to the blocks
    whose element it is, by their text with whitespace left out.  Only the elements of
    content blocks are read, so the cost follows the size of the content, not of the
    page.  A content block that matches no run (a hand-built block, a text a filter
    rewrote) keeps its text as it is.  With ``images``, the images inside a content run,
    and those alone in a run next to one under the same element, are content too.
    """
    owners = {node for block in document.blocks if block.is_content for node in block.nodes}
    found: dict[LexborNode, list[_Segment]] = {}
    # each element's runs with text, by key, in page order: the first unused one of a
    # key is taken in constant time (a forum's thousands of runs under one element
    # made a scan of the used ones quadratic)
    unused: dict[LexborNode, dict[str, deque[_Segment]]] = {}
    selection = Selection()
    last: LexborNode | None = None  # the last content text node so far

    def place(text: str) -> None:
        if last is None:
            selection.before.append(text)
        else:
            selection.after.setdefault(last, []).append(text)

    for block in document.blocks:
        content = block.is_content
        for node, text in _parts(block):
            if not text:  # a block without text (Boilerpipe's spacer) shows nothing
                continue
            if node is None or node not in owners:
                if content:
                    place(text)
                continue
            by_key = unused.get(node)
            if by_key is None:
                segments = found[node] = _segments(node)
                by_key = unused[node] = {}
                for run in segments:
                    if run.texts:
                        by_key.setdefault(run.key, deque()).append(run)
            # The first unused run with this text: blocks come in page order, and runs
            # that earlier blocks (content or not) matched are used.
            runs = by_key.get(remove_space(text))
            segment = runs.popleft() if runs else None
            if segment is None:
                if content:
                    place(text)
                continue
            if content:
                segment.content = True
                selection.texts.update(segment.texts)
                last = segment.texts[-1]
            segment.texts = []  # used
    if selection.texts and document.tree is not None:
        selection.formulas = formulas(document)
        selection.tree = document.tree
        selection.addresses = protected_addresses(document.tree)
        drop_assistive_copies(document.tree, selection)
        drop_image_descriptions(document.tree, selection)
        drop_permalinks(document.tree, selection)
        drop_edit_links(document.tree, selection)
        drop_card_buttons(document.tree, selection)
        drop_expanders(document.tree, selection)
        drop_cell_prompts(document.tree, selection)
        part_source_links(document.tree, selection)
        drop_heading_buttons(document.tree, selection)
        drop_code_buttons(document.tree, selection)
        drop_hidden_inline(document.tree, selection)
        drop_drawn_symbols(document.tree, selection)
        drop_icon_ligatures(document.tree, selection)
        drop_layout_alternatives(document.tree, selection)
        drop_pull_quotes(document.tree, selection)
        drop_formula_renderings(selection)
    for segments in found.values():
        for index, segment in enumerate(segments):
            if not segment.images or not (images or any(map(picture_tex, segment.images))):
                continue
            near = segments[max(index - 1, 0) : index + 2]
            if segment.content or (not segment.key and any(s.content for s in near)):
                # without images, the formulas drawn as pictures alone (picture_tex)
                selection.images.update(
                    segment.images if images else filter(picture_tex, segment.images)
                )
    if images and selection.texts and document.tree is not None:
        _select_item_images(document.tree, selection)
        _select_figure_images(document.tree, selection)
    return selection


#: Elements that are one item of a list, a table or a definition list: an image alone
#: in one is the item (a recipe's step photo, a table's picture cell).
IMAGE_ITEM_TAGS: Final = frozenset({"li", "td", "th", "dd"})


#: How far above an image its item may be (``<li><div><img>``, WP Recipe Maker's step).
IMAGE_ITEM_LEVELS: Final = 3


def _select_item_images(tree: Any, selection: Selection) -> None:
    """Add to ``selection`` the images that are all an item holds (no text beside them,
    so no block was made of them) when an item beside it is content: the photo that is
    a recipe's second step, a data table's cell of a picture.  The runs of images the
    selection takes otherwise are beside content text in one element.  A linked image
    (a logo, an advertisement in a layout table's cell) is none, nor is a cell of a
    table without header cells.  Linear: the elements that hold content text are found
    once, from the texts up (:data:`IMAGE_ITEM_LEVELS` + 1 levels), and each item's
    text is read once."""
    holding: dict[LexborNode, int] = {}  # each element, with the levels left above it
    for text in selection.texts:
        node, left = text.parent, IMAGE_ITEM_LEVELS + 2
        while node is not None and left > holding.get(node, 0):
            holding[node] = left
            node, left = node.parent, left - 1
    items: dict[LexborNode, bool] = {}  # an item: holds no text of its own, and may take images
    for image in tree.css("li img, td img, th img, dd img"):
        if image in selection.images:
            continue
        item = image.parent
        linked = False
        for _ in range(IMAGE_ITEM_LEVELS):
            if item is None or item.tag in IMAGE_ITEM_TAGS:
                break
            linked = linked or item.tag == "a"
            item = item.parent
        if linked or item is None or item.tag not in IMAGE_ITEM_TAGS or item.parent is None:
            continue
        empty = items.get(item)
        if empty is None:
            empty = items[item] = not item.text(deep=True).strip() and _data_item(item)
        if empty and item.parent in holding:
            selection.images.add(image)


#: How far above a figure the element may be whose siblings before and after it are
#: content (``<div class="captioned-image-container"><figure>``).
FIGURE_LEVELS: Final = 2


#: A figure: ``<figure>``, and the captioned pictures of the markup before it that
#: two great publishers of pages still write: MediaWiki's classic thumbnail (``<div
#: class="thumb">`` over a ``thumbcaption``: Fandom's wikis, a newcomer's French one
#: lost its picture of Kaer Morhen) and WordPress's ``wp-caption`` (the classic
#: editor's ``[caption]``).  The innermost of those nested is the figure.
FIGURE_SELECTOR: Final = "figure, div.thumb:has(.thumbcaption), .wp-caption"


def _select_figure_images(tree: Any, selection: Selection) -> None:
    """Add to ``selection`` the images of each figure (:data:`FIGURE_SELECTOR`) that
    stands between content: the nearest element shown before it (or before a wrapper up
    to :data:`FIGURE_LEVELS` above it, past the end of its container, and past elements
    of at most :data:`PASSED_WORDS` words) and the nearest after it hold content text.  A
    figure's picture is the article's, whether or not its caption is: the model leaves
    most captions out (WCXB's gold does), and a newcomer's Substack, note.com and Habr
    articles lost every picture with ``--images`` while a figure without a caption kept
    its own.  A figure inside a link (a card of another page) is none, nor is one at the
    content's end (a teaser under the article); figures side by side (a gallery) are
    passed over to the content around them, at most
    :data:`~unboiler.output.dom.MAX_BESIDE_NODES` of them each way."""
    figures = [
        figure
        for figure in tree.css(FIGURE_SELECTOR)
        if figure.tag == "figure"
        # (a node's css() finds the node itself too)
        or all(inner.mem_id == figure.mem_id for inner in figure.css(FIGURE_SELECTOR))
    ]
    if not figures:
        return
    passed = set(figures)  # the figures side by side with one are passed over
    holding: set[LexborNode] = set()  # the elements that hold content text
    for text in selection.texts:
        node = text.parent
        while node is not None and node not in holding:
            holding.add(node)
            node = node.parent
    for figure in figures:
        if figure in holding or tags.within(figure.parent, ("a",), MAX_LINK_LEVELS):
            continue
        images = [image for image in figure.css("img") if image not in selection.images]
        if not images:
            continue
        node = figure
        for _ in range(FIGURE_LEVELS + 1):
            if _content_beside(
                node, holding, selection.texts, passed, before=True
            ) and _content_beside(node, holding, selection.texts, passed, before=False):
                selection.images.update(images)
                break
            node = node.parent
            if node is None or node in holding:
                break


#: The elements that hold the whole page: nothing is beside them.
_PAGE_TAGS: Final = frozenset({"body", "html"})
#: How far above a figure a link makes it a card.
MAX_LINK_LEVELS: Final = 4
#: An element beside a figure that shows at most this many words and no content is
#: passed over on the way to the content: a live blog entry's author under its last
#: picture ("Tomasz Nowak"), an advert's "REKLAMA" label between two entries (a
#: newcomer's Polish live blog lost the picture that closed an entry).  A teaser under
#: the article is followed by no content at all, and is still left out.
PASSED_WORDS: Final = 3


def _shows_more_words(element: LexborNode, words: int) -> bool:
    """Whether ``element`` shows more than ``words`` words: the text of its scripts,
    styles and other elements whose text is no page text (:data:`~unboiler.tags.
    IGNORED_TAGS`) is not counted, and the count stops once it is past ``words``."""
    seen = 0
    for node in element.traverse(include_text=True):
        if node.is_text_node:
            parent = node.parent
            if parent is not None and parent.tag in tags.IGNORED_TAGS:
                continue
            seen += count_words(node.text_content or "")
            if seen > words:
                return True
    return False


def _content_beside(
    node: LexborNode,
    holding: set[LexborNode],
    texts: set[LexborNode],
    figures: set[LexborNode],
    *,
    before: bool,
) -> bool:
    """Whether the nearest sibling of ``node`` in one direction that shows something
    (white space, comments, other ``figures`` and elements of at most
    :data:`PASSED_WORDS` words passed over) holds content text; past the end of its
    container, the nearest beside the container, up to :data:`FIGURE_LEVELS` above
    (a live blog's entry that closes with its picture is followed by the next entry).
    """
    sibling = node.prev if before else node.next
    container: LexborNode | None = node
    climbed = 0
    for _ in range(MAX_BESIDE_NODES):
        while sibling is None:  # the container's end: what comes beside the container
            container = container.parent if container is not None else None
            climbed += 1
            if container is None or container.tag in _PAGE_TAGS or climbed > FIGURE_LEVELS:
                return False
            sibling = container.prev if before else container.next
        if sibling.is_element_node:
            if sibling in holding:
                return True
            if sibling not in figures and _shows_more_words(sibling, PASSED_WORDS):
                return False
        elif sibling.is_text_node and (sibling.text_content or "").strip():
            return sibling in texts
        sibling = sibling.prev if before else sibling.next
    return False


def _data_item(item: LexborNode) -> bool:
    """Whether ``item`` is a list's item or a definition, or a cell of a table with
    header cells (a table of data, not of the page's layout)."""
    if item.tag not in ("td", "th"):
        return True
    table = item.parent
    while table is not None and table.tag != "table":
        table = table.parent
    return table is not None and table.css_first("th") is not None
