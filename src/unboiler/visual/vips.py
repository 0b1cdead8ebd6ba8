"""VIPS: a page cut into the blocks a reader sees, from its layout (Deng Cai, Shipeng Yu,
Ji-Rong Wen and Wei-Ying Ma, "VIPS: a Vision-based Page Segmentation Algorithm",
Microsoft Research technical report MSR-TR-2003-79, 2003).

The report's three steps, each a public function, iterated as its §4 describes:

1. **Visual block extraction** (§4.1, :func:`extract_blocks`): walk the DOM from the top
   of the pool and, at each node, apply the report's heuristic rules (its Table 2,
   :data:`RULES`) in order until one decides whether the node is a block, is divided
   into its children, or is cut.  The rules read four kinds of cue: tag (a line-break
   child, an ``<hr>``), colour (a child with another background), text (all children
   text or virtual text, same font) and size (a node small against the pool).  A block
   gets a degree of coherence (DoC, 1 to 10, higher is more coherent) from the rule
   that made it.
2. **Visual separator detection** (§4.2, :func:`detect_separators`): the horizontal and
   vertical bands of the pool that no block crosses, found by splitting, shrinking and
   removing an initial band that covers the pool; each gets a weight from the report's
   five rules (distance, an ``<hr>`` or border line in it, backgrounds that differ,
   fonts that differ, structures alike).
3. **Content structure construction** (§4.3, :func:`construct`): blocks on both sides
   of the lightest separators are merged first, so the heaviest separators are the top
   cuts of the tree; a merged block's DoC comes from the heaviest separator inside it.

Then every leaf whose DoC is below the permitted degree of coherence (PDoC) is
segmented again with itself as the pool (§4, the loop of Figure 3), until all leaves
reach it or cannot be divided (:func:`segment`).

What the report leaves open is our choice, each one a named constant below: the size
thresholds of rules 9 and 10, the exact DoC within the ranges rules 8 to 10 and 13
give, and how much each separator rule adds to a weight.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Final

from unboiler.errors import ExtractorOptionError
from unboiler.visual.layout import Box, Layout

# --------------------------------------------------------------------------- constants

#: The degrees of coherence: 10 for a run of text in one font (rule 4), lower for what
#: holds more; the report's scale.
MAX_DOC: Final = 10
MIN_DOC: Final = 1
#: The permitted degree of coherence: leaves below it are segmented again (§4).  The
#: report leaves it to the application; 8 stops at paragraphs and lists (rule 4 gives
#: 9 and 10; rules 8 to 10 give 5 to 8 to larger, looser blocks).
DEFAULT_PDOC: Final = 8
#: Rounds of the extraction-detection-construction loop at most; a page whose leaves
#: still fall short after that is left as it is (each round divides at least one level
#: of the DOM, and real pages are seldom segmented more than five times).
MAX_ROUNDS: Final = 12
#: Rules 9 and 10: a node "smaller than a threshold" relative to the pool.  The report
#: gives no value; a tenth of the pool keeps a paragraph or a menu whole in the first
#: round (where the pool is the whole page) and divides columns and articles.
RELATIVE_SIZE_THRESHOLD: Final = 0.1
#: DoC by size (rules 8, 9, 10, 13): a block covering this share of the page or more gets
#: the lowest DoC of its rule's range, a tiny one the highest.
DOC_SIZE_SCALE: Final = 0.2
#: Tags whose blocks read as one unit of text: one DoC higher within the rule's range.
TEXT_TAGS: Final = frozenset(
    {"p", "h1", "h2", "h3", "h4", "h5", "h6", "li", "dt", "dd", "a", "span", "pre"}
    | {"blockquote", "label", "figcaption", "caption", "th", "td", "font", "b", "em"}
)

#: Separator weights (§4.2): rule 1, one step per this many pixels between the blocks on
#: either side, from 1 (blocks that touch) to :data:`MAX_DISTANCE_WEIGHT`; rule 2, an
#: ``<hr>`` or a border line in the separator; rule 3, backgrounds that differ; rule 4
#: (horizontal), fonts that differ, and a smaller font above than below (a heading
#: below); rule 5 (horizontal), both sides alike (text in the same font).
DISTANCE_STEP: Final = 12.0
MAX_DISTANCE_WEIGHT: Final = 5.0
LINE_WEIGHT: Final = 2.0
BACKGROUND_WEIGHT: Final = 2.0
FONT_WEIGHT: Final = 1.0
HEADING_BELOW_WEIGHT: Final = 1.0
SIMILAR_WEIGHT: Final = -1.0
MAX_WEIGHT: Final = 10
#: Levels of the content structure at most: each level cuts along the heaviest
#: separators left, so real pages stay far below it; it bounds the recursion on a page
#: built to defeat it.
MAX_DEPTH: Final = 200
#: Pixels of overlap or misalignment that still count as touching (sub-pixel layout).
TOLERANCE: Final = 1.0


class Decision(enum.Enum):
    """What a rule says of a node (§4.1)."""

    DIVIDE = "divide"
    BLOCK = "block"
    CUT = "cut"


class Orientation(enum.StrEnum):
    HORIZONTAL = "horizontal"
    VERTICAL = "vertical"


#: The rules applied to each kind of node, in order (the report's Table 2, as we read
#: it).  Inline nodes are those laid out in lines (``display: inline``).  The table lists
#: the colour rule (8) for tables, cells and paragraphs only; pages of today draw their
#: coloured panels with ``<div>``, so we apply it to every block-level node.
RULES: Final[dict[str, tuple[int, ...]]] = {
    "inline": (1, 2, 3, 4, 5, 6, 7, 9, 10, 12),
    "table": (1, 2, 3, 7, 8, 10, 12),
    "tr": (1, 2, 3, 7, 8, 9, 12),
    "td": (1, 2, 3, 4, 8, 9, 10, 11, 13),
    "p": (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12),
    "other": (1, 2, 3, 4, 6, 7, 8, 9, 10, 12),
}


# --------------------------------------------------------------------------- the model


@dataclass(slots=True)
class VisualBlock:
    """A node of the content structure: a block extracted from the DOM (a leaf, with its
    ``roots``, the nodes whose subtrees it covers, and the ``rule`` that made it) or one
    merged from blocks between separators (with ``children`` and the ``separators``
    between them).  ``box`` is left, top, right, bottom in page pixels."""

    roots: tuple[int, ...]
    box: Box
    doc: int
    rule: str
    children: list[VisualBlock] = field(default_factory=list)
    separators: list[Separator] = field(default_factory=list)

    @property
    def is_leaf(self) -> bool:
        return not self.children

    def leaves(self) -> Iterator[VisualBlock]:
        """The leaf blocks under this one, in reading order of the structure."""
        stack = [self]
        while stack:
            block = stack.pop()
            if block.is_leaf:
                yield block
            else:
                stack.extend(reversed(block.children))

    def walk(self) -> Iterator[tuple[VisualBlock, int]]:
        """Every block of the structure with its depth, parents first."""
        stack = [(self, 0)]
        while stack:
            block, depth = stack.pop()
            yield block, depth
            stack.extend((child, depth + 1) for child in reversed(block.children))


@dataclass(frozen=True, slots=True)
class Separator:
    """A band of the pool that no block crosses: ``start`` to ``end`` across
    ``orientation`` (top to bottom for a horizontal one, left to right for a vertical
    one), drawn over ``box``; ``weight`` from 1 to :data:`MAX_WEIGHT`."""

    orientation: Orientation
    start: float
    end: float
    box: Box
    weight: int


# --------------------------------------------------------------------------- §4.1


def _kind(layout: Layout, index: int) -> str:
    node = layout.nodes[index]
    if node.display == "inline":
        return "inline"
    return node.tag if node.tag in ("table", "tr", "td", "th", "p") else "other"


def _area(box: Box | None) -> float:
    return 0.0 if box is None else max(0.0, box[2] - box[0]) * max(0.0, box[3] - box[1])


def _doc_by_size(layout: Layout, index: int, low: int, high: int) -> int:
    """A DoC in ``low``..``high`` from the node's tag and size (rules 8, 9, 10, 13): the
    report says only "based on the html tag and size"; larger blocks are looser, and a
    text tag is one step tighter."""
    share = min(1.0, _area(layout.boxes[index]) / layout.area / DOC_SIZE_SCALE)
    doc = high - round((high - low) * share)
    if layout.nodes[index].tag in TEXT_TAGS:
        doc += 1
    return max(low, min(high, doc))


def _same_font(layout: Layout, children: list[int]) -> bool:
    fonts = set()
    for child in children:
        for index in layout.text_nodes(child):
            node = layout.nodes[index]
            if node.is_text and layout.valid[index]:
                fonts.add((node.font_size, node.font_weight))
    return len(fonts) <= 1


def _decide(
    layout: Layout,
    index: int,
    *,
    pool_area: float,
    is_pool_root: bool,
    previous_divided: bool | None,
) -> tuple[Decision, int, str, list[int]]:
    """Apply the rules of the node's kind in order; the first that decides wins.

    Returns the decision, the DoC (for a block), the rule's name, and the children that
    rule 8 keeps whole in this round (those of another background)."""
    nodes = layout.nodes
    node = nodes[index]
    children = layout.valid_children(index)
    kind = _kind(layout, index)
    rules = RULES["td" if kind == "th" else kind]
    for rule in rules:
        if rule == 1 and not children:
            # a node that is no text node and has no valid child cannot be divided: cut
            return Decision.CUT, 0, "rule 1", []
        if rule == 2 and len(children) == 1 and not nodes[children[0]].is_text:
            return Decision.DIVIDE, 0, "rule 2", []
        if rule == 3 and is_pool_root:
            return Decision.DIVIDE, 0, "rule 3", []
        if rule == 4 and all(nodes[c].is_text or layout.virtual_text[c] for c in children):
            doc = MAX_DOC if _same_font(layout, children) else MAX_DOC - 1
            return Decision.BLOCK, doc, "rule 4", []
        if rule == 5 and any(layout.is_line_break(c) for c in children):
            return Decision.DIVIDE, 0, "rule 5", []
        if rule == 6 and any(nodes[c].tag == "hr" for c in children):
            return Decision.DIVIDE, 0, "rule 6", []
        if rule == 7 and sum(_area(layout.boxes[c]) for c in children) > _area(
            layout.boxes[index]
        ) + TOLERANCE * max(1.0, node.width + node.height):
            return Decision.DIVIDE, 0, "rule 7", []
        if rule == 8:
            other = [c for c in children if layout.backgrounds[c] != layout.backgrounds[index]]
            if other:
                return Decision.DIVIDE, 0, "rule 8", other
        if (
            rule == 9
            and any(nodes[c].is_text or layout.virtual_text[c] for c in children)
            and _area(layout.boxes[index]) < RELATIVE_SIZE_THRESHOLD * pool_area
        ):
            return Decision.BLOCK, _doc_by_size(layout, index, 5, 8), "rule 9", []
        if rule == 10:
            largest = max(_area(layout.boxes[c]) for c in children)
            if largest < RELATIVE_SIZE_THRESHOLD * pool_area:
                return Decision.BLOCK, _doc_by_size(layout, index, 5, 8), "rule 10", []
        if rule == 11 and previous_divided is False:
            return Decision.BLOCK, _doc_by_size(layout, index, 5, 8), "rule 11", []
        if rule == 12:
            return Decision.DIVIDE, 0, "rule 12", []
        if rule == 13:
            return Decision.BLOCK, _doc_by_size(layout, index, 5, 8), "rule 13", []
    return Decision.DIVIDE, 0, "rule 12", []  # pragma: no cover - every list ends in 12/13


def extract_blocks(layout: Layout, roots: tuple[int, ...], pool: Box) -> list[VisualBlock]:
    """Visual block extraction (§4.1): the blocks of the pool made of the subtrees at
    ``roots``, in document order.

    A text node reached by dividing is a block of its own (DoC 10: one run of text in
    one font).  Rule 3 divides the root when the pool is one subtree, which is how a
    block that fell short of the PDoC is segmented again."""
    pool_area = max(_area(pool), 1.0)
    blocks: list[VisualBlock] = []
    single = len(roots) == 1
    # (node, is the pool's root, previous sibling's decision or None)
    stack: list[tuple[int, bool]] = [(root, single) for root in reversed(roots)]
    divided: dict[int, bool] = {}  # parent -> was its last decided child divided
    kept_whole: set[int] = set()
    while stack:
        index, is_root = stack.pop()
        node = layout.nodes[index]
        box = layout.boxes[index]
        if box is None:
            continue
        if node.is_text:
            blocks.append(VisualBlock(roots=(index,), box=box, doc=MAX_DOC, rule="text"))
            continue
        if index in kept_whole:
            doc = _doc_by_size(layout, index, 6, 8)
            blocks.append(VisualBlock(roots=(index,), box=box, doc=doc, rule="rule 8"))
            divided[node.parent] = False
            continue
        decision, doc, rule, whole = _decide(
            layout,
            index,
            pool_area=pool_area,
            is_pool_root=is_root,
            previous_divided=divided.get(node.parent),
        )
        divided[node.parent] = decision is Decision.DIVIDE
        if decision is Decision.BLOCK:
            blocks.append(VisualBlock(roots=(index,), box=box, doc=doc, rule=rule))
        elif decision is Decision.DIVIDE:
            kept_whole.update(whole)
            stack.extend((child, False) for child in reversed(layout.valid_children(index)))
    return blocks


# --------------------------------------------------------------------------- §4.2


def _bands(
    intervals: list[tuple[float, float]], start: float, end: float
) -> list[tuple[float, float]]:
    """The report's detection in one dimension: start from one band covering the pool;
    a block inside a band splits it, a block across its edge shrinks it, a block
    covering it removes it; then the bands at the pool's borders go.  Blocks that touch
    leave a band of width zero between them (the report's bands are open regions; a
    zero-width band keeps two touching blocks apart)."""
    bands: list[tuple[float, float]] = []
    cursor = start
    for low, high in sorted(intervals):
        if low > cursor - TOLERANCE and cursor > start + TOLERANCE:
            bands.append((cursor, max(cursor, low)))
        cursor = max(cursor, high)
    return [(low, high) for low, high in bands if high < end - TOLERANCE]


def _dominant_font(layout: Layout, block: VisualBlock) -> tuple[float, int]:
    chars: dict[tuple[float, int], int] = {}
    for root in block.roots:
        for index in layout.text_nodes(root):
            node = layout.nodes[index]
            if node.is_text and layout.valid[index]:
                key = (node.font_size, node.font_weight)
                chars[key] = chars.get(key, 0) + len(node.text.strip())
    return max(chars, key=lambda key: chars[key]) if chars else (0.0, 0)


def _background(layout: Layout, block: VisualBlock) -> str:
    return layout.backgrounds[block.roots[0]]


def _weight(
    layout: Layout,
    orientation: Orientation,
    band: tuple[float, float],
    pool: Box,
    before: list[VisualBlock],
    after: list[VisualBlock],
) -> float:
    """The report's five weighting rules (§4.2) for one separator."""
    start, end = band
    weight = 1.0 + min(MAX_DISTANCE_WEIGHT - 1.0, (end - start) / DISTANCE_STEP)  # rule 1
    if _has_line(layout, orientation, band, pool, before, after):  # rule 2
        weight += LINE_WEIGHT
    backgrounds_before = {_background(layout, block) for block in before}
    backgrounds_after = {_background(layout, block) for block in after}
    if backgrounds_before and backgrounds_after and backgrounds_before != backgrounds_after:
        weight += BACKGROUND_WEIGHT  # rule 3
    if orientation is Orientation.HORIZONTAL and before and after:
        font_before = _dominant_font(layout, before[-1])
        font_after = _dominant_font(layout, after[0])
        if font_before != font_after:  # rule 4
            weight += FONT_WEIGHT
            if font_before[0] < font_after[0]:
                weight += HEADING_BELOW_WEIGHT
        elif (
            all(block.rule in ("rule 4", "text") for block in (before[-1], after[0]))
            and layout.nodes[before[-1].roots[0]].tag == layout.nodes[after[0].roots[0]].tag
        ):
            weight += SIMILAR_WEIGHT  # rule 5: text on both sides, in the same font
    return weight


def _has_line(
    layout: Layout,
    orientation: Orientation,
    band: tuple[float, float],
    pool: Box,
    before: list[VisualBlock],
    after: list[VisualBlock],
) -> bool:
    """An ``<hr>`` inside the band (and the pool), or a border on the edge of a block
    that faces it."""
    low_edge, high_edge = (4, 1) if orientation is Orientation.HORIZONTAL else (2, 8)
    if any(layout.nodes[block.roots[0]].borders & low_edge for block in before):
        return True
    if any(layout.nodes[block.roots[0]].borders & high_edge for block in after):
        return True
    low, high = (1, 3) if orientation is Orientation.HORIZONTAL else (0, 2)
    across_low, across_high = (0, 2) if orientation is Orientation.HORIZONTAL else (1, 3)
    for line in layout.lines:
        box = layout.boxes[line]
        if (
            box is not None
            and box[low] >= band[0] - TOLERANCE
            and box[high] <= band[1] + TOLERANCE
            and box[across_low] < pool[across_high]
            and box[across_high] > pool[across_low]
        ):
            return True
    return False


def detect_separators(layout: Layout, blocks: list[VisualBlock], pool: Box) -> list[Separator]:
    """Visual separator detection (§4.2): the horizontal and vertical separators between
    ``blocks`` in ``pool``, weighted."""
    separators: list[Separator] = []
    for orientation in Orientation:
        horizontal = orientation is Orientation.HORIZONTAL
        low, high = (1, 3) if horizontal else (0, 2)
        intervals = [(block.box[low], block.box[high]) for block in blocks]
        for band in _bands(intervals, pool[low], pool[high]):
            before = [b for b in blocks if b.box[high] <= band[0] + TOLERANCE]
            after = [b for b in blocks if b.box[low] >= band[1] - TOLERANCE]
            facing_before = [b for b in before if b.box[high] >= band[0] - TOLERANCE]
            facing_after = [b for b in after if b.box[low] <= band[1] + TOLERANCE]
            weight = _weight(layout, orientation, band, pool, facing_before, facing_after)
            box = (
                (pool[0], band[0], pool[2], band[1])
                if horizontal
                else (band[0], pool[1], band[1], pool[3])
            )
            level = max(1, min(MAX_WEIGHT, round(weight)))
            separators.append(Separator(orientation, band[0], band[1], box, level))
    return separators


# --------------------------------------------------------------------------- §4.3


def _union(blocks: list[VisualBlock]) -> Box:
    return (
        min(block.box[0] for block in blocks),
        min(block.box[1] for block in blocks),
        max(block.box[2] for block in blocks),
        max(block.box[3] for block in blocks),
    )


def doc_of_weight(weight: int) -> int:
    """The DoC of a block merged across separators no heavier than ``weight`` (§4.3):
    the heavier the separators inside, the less coherent the block."""
    return max(MIN_DOC, min(MAX_DOC, MAX_DOC + 1 - weight))


def construct(
    layout: Layout, blocks: list[VisualBlock], pool: Box, *, depth: int = 0
) -> VisualBlock:
    """Content structure construction (§4.3): merging blocks across the lightest
    separators first is cutting the pool along the heaviest ones first, which is how
    the tree is built here, top down; each part is cut again along the separators
    found among its own blocks, until a part is one block.

    Blocks that no separator can set apart (overlapping boxes) stay together in one
    node, whose DoC is the lowest of theirs."""
    if len(blocks) == 1:
        return blocks[0]
    separators = detect_separators(layout, blocks, pool)
    if not separators:
        return VisualBlock(
            roots=tuple(root for block in blocks for root in block.roots),
            box=_union(blocks),
            doc=min(block.doc for block in blocks),
            rule="overlap",
            children=blocks,
        )
    heaviest = max(separator.weight for separator in separators)
    top = [separator for separator in separators if separator.weight == heaviest]
    # one orientation per cut: the one whose heaviest separator is widest
    orientation = max(top, key=lambda separator: separator.end - separator.start).orientation
    cuts = sorted((s for s in top if s.orientation is orientation), key=lambda s: s.start)
    low, high = (1, 3) if orientation is Orientation.HORIZONTAL else (0, 2)
    parts: list[list[VisualBlock]] = [[] for _ in range(len(cuts) + 1)]
    for block in blocks:
        middle = (block.box[low] + block.box[high]) / 2
        parts[sum(1 for cut in cuts if middle >= cut.end - TOLERANCE)].append(block)
    parts = [part for part in parts if part]
    if len(parts) < 2 or depth >= MAX_DEPTH:  # slivers no cut can part; a runaway page
        return VisualBlock(
            roots=tuple(root for block in blocks for root in block.roots),
            box=_union(blocks),
            doc=min(block.doc for block in blocks),
            rule="overlap",
            children=blocks,
        )
    return VisualBlock(
        roots=tuple(root for block in blocks for root in block.roots),
        box=_union(blocks),
        doc=doc_of_weight(heaviest),
        rule=f"{orientation} separators of weight {heaviest}",
        children=[construct(layout, part, _union(part), depth=depth + 1) for part in parts],
        separators=cuts,
    )


def _divisible(layout: Layout, block: VisualBlock) -> bool:
    return any(
        not layout.nodes[root].is_text and layout.valid_children(root) for root in block.roots
    )


def segment(layout: Layout, *, pdoc: int = DEFAULT_PDOC) -> VisualBlock:
    """The content structure of the page (§4): extract, detect, construct from the whole
    page as the pool, then again within every leaf whose DoC is below ``pdoc``, until
    none is or :data:`MAX_ROUNDS` rounds have run."""
    if not 1 <= pdoc <= MAX_DOC:
        raise ExtractorOptionError(
            f"the permitted degree of coherence is 1 to {MAX_DOC}, not {pdoc}"
        )
    root_box = layout.boxes[0] if layout.nodes else None
    if root_box is None:
        return VisualBlock(roots=(), box=(0.0, 0.0, 0.0, 0.0), doc=MAX_DOC, rule="empty")
    page_box = (0.0, 0.0, max(root_box[2], layout.page.width), max(root_box[3], layout.page.height))
    blocks = extract_blocks(layout, (0,), page_box)
    if not blocks:
        return VisualBlock(roots=(0,), box=root_box, doc=MAX_DOC, rule="empty")
    structure = construct(layout, blocks, page_box)
    for _ in range(MAX_ROUNDS - 1):
        changed = False
        for leaf, parent, position in list(_leaves_with_parents(structure)):
            if leaf.doc >= pdoc or not _divisible(layout, leaf):
                continue
            inner = extract_blocks(layout, leaf.roots, leaf.box)
            if len(inner) <= 1 and (not inner or inner[0].roots == leaf.roots):
                continue
            replacement = construct(layout, inner, leaf.box) if inner else None
            if replacement is None:
                continue
            if parent is None:
                structure = replacement
            else:
                parent.children[position] = replacement
            changed = True
        if not changed:
            break
    return structure


def _leaves_with_parents(
    structure: VisualBlock,
) -> Iterator[tuple[VisualBlock, VisualBlock | None, int]]:
    if structure.is_leaf:
        yield structure, None, 0
        return
    stack = [structure]
    while stack:
        block = stack.pop()
        for position, child in enumerate(block.children):
            if child.is_leaf:
                yield child, block, position
            else:
                stack.append(child)


__all__ = [
    "DEFAULT_PDOC",
    "MAX_DOC",
    "RULES",
    "Decision",
    "Orientation",
    "Separator",
    "VisualBlock",
    "construct",
    "detect_separators",
    "doc_of_weight",
    "extract_blocks",
    "segment",
]
