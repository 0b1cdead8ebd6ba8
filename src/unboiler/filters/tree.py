"""The HTML-tree ancestor filter of Viveros-Jiménez, Sanchez-Perez, Gómez-Adorno,
Posadas-Durán, Sidorov and Gelbukh, "Improving the Boilerpipe Algorithm for Boilerplate
Removal in News Articles Using HTML Tree Structure", Computación y Sistemas 22(2), 2018.

The paper's idea (§4): the article is one branch of the page's tree, so among the text an
extractor selected, keep only what hangs under the branch that holds most of it.  Its
four steps, each a function here:

1. :func:`paragraph_node` — map each selected text to its *paragraph*: the closest element
   whose tag is in :data:`PARAGRAPH_TAGS` and that contains no other paragraph, or else
   the closest descendant of that element that qualifies;
2. :func:`ancestors` — list each paragraph's ancestors, parent first;
3. :func:`group_ancestor`, :func:`group_paragraphs` — group the texts by the
   ``depth``-th ancestor of their paragraph (2, the grandparent, is the paper's best
   setting, Table 2);
4. :func:`choose_group` — keep the group with the most text; everything else is dropped.

Where the paper is silent, the choices are ours and are stated where they are made: "the
most text" is counted in characters (the unit of the paper's own P/R/F1, §5); a tie goes
to the group that starts first in the page; "the closest child" is the qualifying
descendant nearest to the text's own element in the tree (fewest edges; among equals the
one in the innermost branch around the text, then the first in the page); a paragraph
with fewer than ``depth`` ancestors is grouped under its topmost one (``<html>``).

The filter works on any extractor's selection: it reads only the blocks flagged as
content, whether the extractor removed the rest (Boilerpipe's ArticleExtractor) or merely
left them unflagged, and never turns a block into content.  A merged block is mapped part
by part, through the element each part came from (``block.nodes``); a merged block whose
parts fall on both sides of the decision is split into its parts first, so that only the
losing parts are dropped.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final, NamedTuple

from unboiler.document import TextBlock, TextDocument
from unboiler.errors import ExtractorOptionError
from unboiler.text import normalize_space, word_texts, wrap_words

#: The tags that make an element a paragraph (§4, step 1, listed verbatim).
PARAGRAPH_TAGS: Final = frozenset(
    {
        "div",
        "table",
        "ul",
        "ol",
        "p",
        "section",
        "article",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "header",
        "body",
    }
)

#: The ancestor the paragraphs are grouped by: 2, the grandparent, gave the best F1 in
#: both languages of the paper (Table 2; §4: "obtaining the best results with
#: grandparents (depth=2)").
DEFAULT_DEPTH: Final = 2
#: The depths the paper tested (Table 2: 1 = father ... 5).
MIN_DEPTH: Final = 1
MAX_DEPTH: Final = 5

# lexbor's document node, the parent of <html>: not an element, never an ancestor.
_DOCUMENT_TAGS: Final = frozenset({"-document", "#document"})


# --------------------------------------------------------------------------- step 1


def contains_paragraph(node: Any) -> bool:
    """Whether a paragraph-tagged element lies anywhere below ``node``.

    A walk in document order that stops at the first one; for the small elements most
    text sits in, this is several times faster than asking lexbor's selector engine once
    per child (its search on an element also matches the element itself).
    """
    descendants = node.traverse()
    next(descendants, None)  # the element itself comes first
    return any(element.tag in PARAGRAPH_TAGS for element in descendants)


def closest_paragraph_tag(node: Any) -> Any:
    """The element itself or its nearest ancestor with a paragraph tag (``None`` outside
    ``<body>``, which is one)."""
    while node is not None and node.tag not in _DOCUMENT_TAGS:
        if node.tag in PARAGRAPH_TAGS:
            return node
        node = node.parent
    return None


class ParagraphFinder:
    """Step 1 for the texts of one page, remembering what it learns about the tree.

    "A paragraph should not contain other paragraphs.  In this case we use the closest
    child satisfying this condition instead" (§4, step 1).  The paper does not say closest
    to what; we measure from the text: the paragraph-tagged element without paragraphs
    inside that is the fewest edges away from the element the text started in, without
    leaving the enclosing paragraph-tagged element.  Among equals, the one in the
    innermost branch around the text wins, then the first in the page; so a table cell's
    text goes to a paragraph in its own cell before one in the next cell.

    For every element it looks at, the finder remembers the nearest such paragraph below
    it, computed once for a whole subtree, so that the many texts of one container (the
    cells of a table, the quotes of a thread) cost one walk of it, not one each.  Make one
    per page: it holds the page's elements by identity.
    """

    __slots__ = ("_container", "_has_paragraph", "_nearest", "_nearest_inside")

    def __init__(self) -> None:
        self._has_paragraph: dict[int, bool] = {}
        # element identity -> its closest paragraph-tagged ancestor-or-self (or None)
        self._container: dict[int, Any] = {}
        # element identity -> (edges, element) of the nearest paragraph at or below it
        self._nearest: dict[int, tuple[int, Any] | None] = {}
        # element identity -> (edges, element) of the nearest paragraph anywhere inside
        # its container
        self._nearest_inside: dict[int, tuple[int, Any] | None] = {}

    def paragraph_node(self, node: Any) -> Any:
        """The paragraph of a text that started in ``node``, or ``None`` when the element
        has no paragraph-tagged ancestor (it is not under ``<body>``)."""
        container = self.container(node)
        if container is None or not self.contains_paragraph(container):
            return container
        return self.closest_qualifying_descendant(container, node)

    def container(self, node: Any) -> Any:
        """:func:`closest_paragraph_tag`, remembered for every element on the way up, so
        that deep nesting costs one walk rather than one per text."""
        known = self._container
        path = []
        while node is not None and node.mem_id not in known:
            if node.tag in _DOCUMENT_TAGS:
                node = None
                break
            if node.tag in PARAGRAPH_TAGS:
                known[node.mem_id] = node
                break
            path.append(node)
            node = node.parent
        found = None if node is None else known[node.mem_id]
        for element in path:
            known[element.mem_id] = found
        return found

    def contains_paragraph(self, node: Any) -> bool:
        key = node.mem_id
        known = self._has_paragraph.get(key)
        if known is None:
            known = self._has_paragraph[key] = contains_paragraph(node)
        return known

    def closest_qualifying_descendant(self, container: Any, start: Any) -> Any:
        """The paragraph inside ``container`` nearest to ``start`` (the element the text
        started in: ``container`` itself or an element below it)."""
        nearest_inside = self._nearest_inside
        path = []  # from start up to the first element already known, or the container
        node = start
        while node is not None and node.mem_id not in nearest_inside:
            path.append(node)
            if node.mem_id == container.mem_id:
                break
            node = node.parent
        for element in reversed(path):
            best = self.nearest_below(element)
            parent = element.parent
            if element.mem_id != container.mem_id and parent is not None:
                above = nearest_inside.get(parent.mem_id)
                if above is not None and (best is None or above[0] + 1 < best[0]):
                    best = (above[0] + 1, above[1])
            nearest_inside[element.mem_id] = best
        found = nearest_inside[start.mem_id]
        return found[1] if found is not None else container

    def nearest_below(self, node: Any) -> tuple[int, Any] | None:
        """(edges, element) of the paragraph without paragraphs inside that is nearest to
        ``node`` within its subtree (the first in the page among equals), or ``None``.

        One post-order walk computes it for the whole subtree, iteratively, since a page
        may nest thousands of elements deep.
        """
        nearest = self._nearest
        has_paragraph = self._has_paragraph
        if node.mem_id in nearest:
            return nearest[node.mem_id]
        stack: list[tuple[Any, list[Any] | None]] = [(node, None)]
        while stack:
            current, children = stack.pop()
            if children is None:  # first visit: its children go first
                children = list(current.iter())
                stack.append((current, children))
                stack.extend(
                    (child, None) for child in reversed(children) if child.mem_id not in nearest
                )
                continue
            below = False
            best: tuple[int, Any] | None = None
            for child in children:
                key = child.mem_id
                below = below or child.tag in PARAGRAPH_TAGS or has_paragraph[key]
                found = nearest[key]
                if found is not None and (best is None or found[0] + 1 < best[0]):
                    best = (found[0] + 1, found[1])
            has_paragraph[current.mem_id] = below
            if current.tag in PARAGRAPH_TAGS and not below:
                best = (0, current)
            nearest[current.mem_id] = best
        return nearest[node.mem_id]


def closest_qualifying_descendant(container: Any, start: Any) -> Any:
    """The paragraph inside ``container`` nearest to ``start``; see
    :class:`ParagraphFinder`, which does this for the texts of one page."""
    return ParagraphFinder().closest_qualifying_descendant(container, start)


def paragraph_node(node: Any) -> Any:
    """The paragraph of a text that started in ``node`` (§4, step 1), or ``None`` when
    the element has no paragraph-tagged ancestor (it is not under ``<body>``); see
    :class:`ParagraphFinder`, which does this for the texts of one page."""
    return ParagraphFinder().paragraph_node(node)


# --------------------------------------------------------------------------- steps 2 and 3


def ancestors(node: Any) -> list[Any]:
    """The element's ancestors, parent first, up to ``<html>`` (§4, step 2)."""
    result = []
    parent = node.parent
    while parent is not None and parent.tag not in _DOCUMENT_TAGS:
        result.append(parent)
        parent = parent.parent
    return result


def group_ancestor(paragraph: Any, depth: int) -> Any:
    """The ancestor ``depth`` levels above the paragraph, which names its group (§4,
    step 3): the ``depth``-th entry of :func:`ancestors`, found without listing the rest.
    A paragraph nearer the root than that is grouped under its topmost ancestor,
    ``<html>`` (our choice; the paper does not say), or under itself if it has none."""
    found = paragraph
    parent = paragraph.parent
    for _ in range(depth):
        if parent is None or parent.tag in _DOCUMENT_TAGS:
            break
        found = parent
        parent = parent.parent
    return found


class Piece(NamedTuple):
    """A selected text and the group its paragraph belongs to; ``group`` is ``None`` when
    the text cannot be placed in the tree (a hand-built block without an element)."""

    text: str
    group: Hashable | None


def group_paragraphs(pieces: Iterable[Piece]) -> dict[Hashable, int]:
    """The amount of text of each group, in characters, in order of first appearance.

    The paper's step 4 asks for "the most amount of text" without naming a unit; its
    evaluation counts characters (§5), so we count them too (whitespace included, which
    the parser has already collapsed to single spaces).
    """
    sizes: dict[Hashable, int] = {}
    for piece in pieces:
        if piece.group is not None:
            sizes[piece.group] = sizes.get(piece.group, 0) + len(piece.text)
    return sizes


# --------------------------------------------------------------------------- step 4


def choose_group(sizes: dict[Hashable, int]) -> Hashable | None:
    """The group with the most text (§4, step 4); ``None`` when there is none.  A tie goes
    to the group that appears first in the page (``sizes`` is in page order), where the
    article usually starts before comments and related links; the paper does not say."""
    best: Hashable | None = None
    best_size = -1
    for group, size in sizes.items():
        if size > best_size:
            best, best_size = group, size
    return best


# --------------------------------------------------------------------------- the filter


def _block_nodes(block: TextBlock) -> Sequence[Any]:
    """One element per part of the block; hand-built blocks may have fewer, and then the
    whole block is placed by its first element."""
    parts = block.parts
    if len(block.nodes) == len(parts):
        return block.nodes
    return [block.node] * len(parts)


@dataclass(frozen=True, kw_only=True)
class TreeFilter:
    """Keep only the selected text under the ancestor that holds most of it
    (Viveros-Jiménez et al. 2018, §4); see the module docstring for the four steps and the
    choices the paper leaves open.

    ``depth`` is the ancestor distance the paragraphs are grouped by: 1 = parent,
    2 = grandparent (the paper's best, Table 2) ... 5.  Unflagged blocks stay as they are;
    content blocks outside the winning group lose their flag, and merged blocks that
    straddle the boundary are split into their parts first.  Parts that cannot be placed
    in the tree (no element) are left as they were.
    """

    depth: int = DEFAULT_DEPTH

    def __post_init__(self) -> None:
        if not MIN_DEPTH <= self.depth <= MAX_DEPTH:
            raise ExtractorOptionError(
                f"tree filter depth must be between {MIN_DEPTH} and {MAX_DEPTH} "
                f"(the ancestor distances of the paper's Table 2), got {self.depth!r}"
            )

    def __call__(self, document: TextDocument) -> bool:
        selected = [block for block in document.blocks if block.is_content]
        if not selected:
            return False
        finder = ParagraphFinder()
        group_of: dict[int, Hashable | None] = {}  # element identity -> group identity

        def group(node: Any) -> Hashable | None:
            if node is None:
                return None
            key = node.mem_id
            if key not in group_of:
                paragraph = finder.paragraph_node(node)
                group_of[key] = (
                    None if paragraph is None else group_ancestor(paragraph, self.depth).mem_id
                )
            return group_of[key]

        placed = {
            id(block): [
                Piece(text, group(node))
                for text, node in zip(block.parts, _block_nodes(block), strict=True)
            ]
            for block in selected
        }
        winner = choose_group(group_paragraphs(p for pieces in placed.values() for p in pieces))
        if winner is None:
            return False

        changed = False
        result: list[TextBlock] = []
        for block in document.blocks:
            pieces = placed.get(id(block))
            if pieces is None:
                result.append(block)
                continue
            keep = [piece.group is None or piece.group == winner for piece in pieces]
            if all(keep):
                result.append(block)
            elif not any(keep):
                block.is_content = False
                result.append(block)
                changed = True
            else:
                parts = split_parts(block)
                for part, kept in zip(parts, keep, strict=True):
                    part.is_content = kept
                result.extend(parts)
                changed = True
        if len(result) != len(document.blocks):
            document.blocks = result
        return changed


def split_parts(block: TextBlock) -> list[TextBlock]:
    """The parts of a merged block as blocks of their own, as Boilerpipe's
    SplitParagraphBlocksFilter makes them (see
    :func:`unboiler.filters.simple.split_paragraph_blocks`): each part keeps its element,
    the block's labels, tag level and flag, and is recounted from its text (the words it
    had inside links are not known any more, so it has none).  The words of all parts are
    found in one pass, as the parser does for a page, which makes this several times
    faster than recounting part by part."""
    parts = [normalize_space(text) for text in block.parts]
    nodes = _block_nodes(block)
    pieces = []
    for index, (text, words, node) in enumerate(zip(parts, word_texts(parts), nodes, strict=True)):
        stats = wrap_words(words)
        pieces.append(
            TextBlock(
                text,
                num_words=stats.num_words,
                num_words_in_wrapped_lines=stats.words_in_wrapped_lines,
                num_wrapped_lines=stats.wrapped_lines,
                offset=block.offset_start + index,
                tag_level=block.tag_level,
                labels=block.labels,
                is_content=block.is_content,
                node=node,
            )
        )
    return pieces


def tree_filter(document: TextDocument, depth: int = DEFAULT_DEPTH) -> bool:
    """Apply :class:`TreeFilter` with ``depth`` to an extractor's selection: the
    convenience form for one call, e.g. on top of any extractor's output."""
    return TreeFilter(depth=depth)(document)


__all__ = [
    "DEFAULT_DEPTH",
    "MAX_DEPTH",
    "MIN_DEPTH",
    "PARAGRAPH_TAGS",
    "ParagraphFinder",
    "Piece",
    "TreeFilter",
    "ancestors",
    "choose_group",
    "closest_paragraph_tag",
    "closest_qualifying_descendant",
    "contains_paragraph",
    "group_ancestor",
    "group_paragraphs",
    "paragraph_node",
    "split_parts",
    "tree_filter",
]
