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
3. :func:`group_paragraphs` — group the texts by the ``depth``-th ancestor of their
   paragraph (2, the grandparent, is the paper's best setting, Table 2);
4. :func:`choose_group` — keep the group with the most text; everything else is dropped.

Where the paper is silent, the choices are ours and are stated where they are made: "the
most text" is counted in characters (the unit of the paper's own P/R/F1, §5); a tie goes
to the group that starts first in the page; "the closest child" is the qualifying
descendant nearest to the text's own element in the tree (fewest edges), the first in
document order among equals; a paragraph with fewer than ``depth`` ancestors is grouped
under its topmost one (``<html>``).

The filter works on any extractor's selection: it reads only the blocks flagged as
content, whether the extractor removed the rest (Boilerpipe's ArticleExtractor) or merely
left them unflagged, and never turns a block into content.  A merged block is mapped part
by part, through the element each part came from (``block.nodes``); a merged block whose
parts fall on both sides of the decision is split into its parts first, so that only the
losing parts are dropped.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final, NamedTuple

from unboiler.document import TextBlock, TextDocument
from unboiler.filters.simple import split_paragraph_blocks

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
_PARAGRAPH_SELECTOR: Final = ",".join(sorted(PARAGRAPH_TAGS))

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


def is_paragraph_tag(node: Any) -> bool:
    """Whether the element's tag is one of the paper's paragraph tags."""
    return node.tag in PARAGRAPH_TAGS


def contains_paragraph(node: Any) -> bool:
    """Whether a paragraph-tagged element lies anywhere below ``node``.

    lexbor's selector search on an element also matches the element itself, so the search
    starts from each child: a child matches when it, or something inside it, is a
    paragraph.
    """
    return any(child.css_first(_PARAGRAPH_SELECTOR) is not None for child in node.iter())


def closest_paragraph_tag(node: Any) -> Any:
    """The element itself or its nearest ancestor with a paragraph tag (``None`` outside
    ``<body>``, which is one)."""
    while node is not None and node.tag not in _DOCUMENT_TAGS:
        if node.tag in PARAGRAPH_TAGS:
            return node
        node = node.parent
    return None


def closest_qualifying_descendant(container: Any, start: Any) -> Any:
    """The paragraph inside ``container`` nearest to ``start`` (the element the text
    started in, ``container`` itself or an element below it).

    §4, step 1: "A paragraph should not contain other paragraphs.  In this case we use the
    closest child satisfying this condition instead."  The paper does not say closest to
    what; we measure from the text: a breadth-first search from ``start`` over the tree
    inside ``container`` (down into children, in document order, then up to the parent),
    so the first paragraph-tagged element without paragraphs inside is the one the fewest
    edges away, and among equals the first in the page.  A table cell's text therefore
    goes to a paragraph in its own cell before one in the next cell.
    """
    seen = {start.mem_id}
    queue: deque[Any] = deque([start])
    while queue:
        node = queue.popleft()
        is_inside = node.mem_id != container.mem_id
        if is_inside and is_paragraph_tag(node) and not contains_paragraph(node):
            return node
        neighbours = list(node.iter())
        if is_inside:
            neighbours.append(node.parent)
        for neighbour in neighbours:
            if neighbour.mem_id not in seen:
                seen.add(neighbour.mem_id)
                queue.append(neighbour)
    return container  # unreachable: a paragraph inside means a paragraph-free one inside


def paragraph_node(node: Any) -> Any:
    """The paragraph of a text that started in ``node`` (§4, step 1), or ``None`` when
    the element has no paragraph-tagged ancestor (it is not under ``<body>``)."""
    container = closest_paragraph_tag(node)
    if container is None or not contains_paragraph(container):
        return container
    return closest_qualifying_descendant(container, node)


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
    step 3).  A paragraph nearer the root than that is grouped under its topmost
    ancestor, ``<html>`` (our choice; the paper does not say), or under itself if it has
    none."""
    chain = ancestors(paragraph)
    if not chain:
        return paragraph
    return chain[min(depth, len(chain)) - 1]


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


@dataclass(frozen=True)
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
            raise ValueError(
                f"tree filter depth must be between {MIN_DEPTH} and {MAX_DEPTH} "
                f"(the ancestor distances of the paper's Table 2), got {self.depth!r}"
            )

    def __call__(self, document: TextDocument) -> bool:
        selected = [block for block in document.blocks if block.is_content]
        if not selected:
            return False
        group_of: dict[int, Hashable | None] = {}  # element identity -> group identity

        def group(node: Any) -> Hashable | None:
            if node is None:
                return None
            key = node.mem_id
            if key not in group_of:
                paragraph = paragraph_node(node)
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
                parts = _split(block)
                for part, kept in zip(parts, keep, strict=True):
                    part.is_content = kept
                result.extend(parts)
                changed = True
        if len(result) != len(document.blocks):
            document.blocks = result
        return changed


def _split(block: TextBlock) -> list[TextBlock]:
    """The parts of a merged block as blocks of their own, made by Boilerpipe's
    SplitParagraphBlocksFilter (:func:`unboiler.filters.simple.split_paragraph_blocks`):
    each part is recounted from its text and keeps its element."""
    single = TextDocument([block])
    split_paragraph_blocks(single)
    return single.blocks


def tree_filter(document: TextDocument, depth: int = DEFAULT_DEPTH) -> bool:
    """Apply :class:`TreeFilter` with ``depth`` to an extractor's selection: the
    convenience form for one call, e.g. on top of any extractor's output."""
    return TreeFilter(depth=depth)(document)


__all__ = [
    "DEFAULT_DEPTH",
    "MAX_DEPTH",
    "MIN_DEPTH",
    "PARAGRAPH_TAGS",
    "Piece",
    "TreeFilter",
    "ancestors",
    "choose_group",
    "closest_paragraph_tag",
    "closest_qualifying_descendant",
    "contains_paragraph",
    "group_ancestor",
    "group_paragraphs",
    "is_paragraph_tag",
    "paragraph_node",
    "tree_filter",
]
