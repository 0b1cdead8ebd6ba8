"""The main content of a page as a reader finds it: the part of the VIPS content structure
(:mod:`unboiler.visual.vips`) that holds the most text a reader would read, judged by
how it looks, then mapped back to the page's text blocks.

VIPS itself only segments; choosing the main block is ours.  Each leaf block is valued
by the characters of text it shows, weighed by visual cues: its font size against the
page's body text (small print is footers and captions; headings are larger), how densely
its box is filled with text for its font size (a padded banner or a footer band holds a
few words in a large box; paragraphs fill theirs), and the share of its text inside
links (menus and lists of links; the one cue that is not visual, but the browser
underlines it).  A leaf of quality above :data:`QUALITY_THRESHOLD` counts for the block
holding it, a leaf below against; each node of the content structure sums its leaves,
weighed by how far the node's centre lies from the page's horizontal centre (articles
sit in the middle or in the widest column, sidebars at the edges), and the node with the
highest score is the main block: it grows to hold the article's headings and paragraphs
and stops where menus, sidebars and footers begin.  Inside it, leaves that are mostly
links are left out.

Pages are laid out without their external stylesheets (no network), so many render as
one long column of unstyled text: there the position and density cues say little and
the choice rests on fonts (headings, small print), links and the amount of text.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass
from typing import Any, Final

from unboiler.document import TextDocument
from unboiler.parse import read_noscript
from unboiler.visual.layout import Layout, build_layout
from unboiler.visual.render import (
    CHROMIUM,
    TIME_LIMIT,
    VIEWPORT_HEIGHT,
    VIEWPORT_WIDTH,
    Renderer,
)
from unboiler.visual.vips import DEFAULT_PDOC, VisualBlock, segment

#: A leaf whose quality (1 for plain body text at the centre, less away from it, in small
#: print or in links) is below this counts against the block that holds it.
QUALITY_THRESHOLD: Final = 0.5
#: A leaf's text density is its characters times its font size squared over its area
#: (text in lines of the leaf's font fills about 0.6 of that for Latin script and 0.55
#: for Chinese at a line height of 1.5 to 1.8); a leaf at least this dense counts in
#: full, a sparser one in proportion.
DENSITY_REFERENCE: Final = 0.5
#: How much a node's distance from the horizontal centre takes from its score: at an
#: edge of the viewport it keeps 1 - this share.  Enough to prefer the centred one of
#: two blocks of equal text, not so much that an article set in two columns left of
#: the centre loses to one of its columns, or gains by taking in the sidebar beside it.
POSITION_WEIGHT: Final = 0.25
#: Leaves inside the main block with more of their text in links than this are left out
#: (a list of related links under the article): Boilerpipe's and jusText's link-density
#: cut-offs lie between 0.2 and 0.5; ours is the permissive end, since the block has
#: already been chosen as content.
MAX_LINK_SHARE: Final = 0.5


@dataclass(frozen=True, slots=True)
class LeafCues:
    """What the main-block choice reads of a leaf block."""

    chars: int
    link_chars: int
    font_size: float
    area: float

    @property
    def link_share(self) -> float:
        return self.link_chars / self.chars if self.chars else 0.0


def leaf_cues(layout: Layout, leaf: VisualBlock) -> LeafCues:
    chars = link_chars = 0
    by_font: dict[float, int] = {}
    for root in leaf.roots:
        for index in layout.text_nodes(root):
            node = layout.nodes[index]
            if not (node.is_text and layout.valid[index]):
                continue
            count = len("".join(node.text.split()))
            chars += count
            if layout.in_link[index]:
                link_chars += count
            by_font[node.font_size] = by_font.get(node.font_size, 0) + count
    font = max(by_font, key=lambda size: by_font[size]) if by_font else 0.0
    box = leaf.box
    if len(leaf.roots) == 1 and layout.nodes[leaf.roots[0]].is_text:
        # a text that is all its element holds shows in that element's box (a banner's
        # padding and background are the banner's)
        parent = layout.nodes[leaf.roots[0]].parent
        if parent >= 0 and len(layout.valid_children(parent)) == 1:
            box = layout.boxes[parent] or box
    area = (box[2] - box[0]) * (box[3] - box[1])
    return LeafCues(chars, link_chars, font, area)


def centre_offset(layout: Layout, block: VisualBlock) -> float:
    """Distance of the block's centre from the page's horizontal centre, as a share of
    half the viewport width (0 at the centre, 1 at an edge or beyond)."""
    half = layout.page.viewport_width / 2
    centre = (block.box[0] + block.box[2]) / 2
    return min(1.0, abs(centre - half) / half)


def body_font_size(layout: Layout) -> float:
    """The font size most of the page's text is set in (by characters): the body text
    other text is compared with."""
    sizes: list[float] = []
    weights: list[int] = []
    for index, node in enumerate(layout.nodes):
        if node.is_text and layout.valid[index]:
            sizes.append(node.font_size)
            weights.append(len("".join(node.text.split())))
    if not sizes:
        return 0.0
    by_size: dict[float, int] = {}
    for size, weight in zip(sizes, weights, strict=True):
        by_size[size] = by_size.get(size, 0) + weight
    return max(by_size, key=lambda size: by_size[size]) or statistics.median(sizes)


def quality(cues: LeafCues, body_font: float) -> float:
    """How much a leaf looks like the text a reader came for, 0 to 1."""
    if cues.chars == 0:
        return 0.0
    ratio = cues.font_size / body_font if body_font else 1.0
    font = 1.0 if ratio >= 1.0 else ratio * ratio
    density = cues.chars * cues.font_size**2 / cues.area if cues.area > 0 else 0.0
    filled = min(1.0, density / DENSITY_REFERENCE)
    return (1.0 - cues.link_share) * font * filled


def choose_main_block(layout: Layout, structure: VisualBlock) -> VisualBlock | None:
    """The node of the content structure whose leaves are worth most (see the module
    docstring), or None for a page without text."""
    body_font = body_font_size(layout)
    value: dict[int, float] = {}
    for block, _ in reversed(list(structure.walk())):  # children before parents
        if block.is_leaf:
            cues = leaf_cues(layout, block)
            value[id(block)] = cues.chars * (quality(cues, body_font) - QUALITY_THRESHOLD)
        else:
            value[id(block)] = sum(value[id(child)] for child in block.children)
    best = None
    best_score = 0.0
    for block, _ in structure.walk():  # parents first: a tie keeps the larger block
        score = value[id(block)] * (1.0 - POSITION_WEIGHT * centre_offset(layout, block))
        if score > best_score:
            best, best_score = block, score
    return best


def main_elements(layout: Layout, main: VisualBlock) -> set[int]:
    """The parsed page's elements (their ``mem_id``) the main block's text lies in.

    A leaf covers its roots' subtrees; a text or inline root also covers its nearest
    block-level ancestor, which is where the parser's text block starts."""
    found: set[int] = set()
    nodes = layout.nodes
    for leaf in main.leaves():
        cues = leaf_cues(layout, leaf)
        if cues.chars and cues.link_share > MAX_LINK_SHARE:
            continue
        for root in leaf.roots:
            for index in layout.text_nodes(root):
                element = nodes[index].element
                if element is not None:
                    found.add(element.mem_id)
            ancestor = root
            while ancestor >= 0 and (
                nodes[ancestor].element is None or nodes[ancestor].display == "inline"
            ):
                ancestor = nodes[ancestor].parent
            if ancestor >= 0 and nodes[ancestor].element is not None:
                found.add(nodes[ancestor].element.mem_id)
    return found


@dataclass(frozen=True, kw_only=True)
class Vips:
    """Filter: mark as content the text blocks inside the main VIPS block.

    The page is rendered from the document's own parse (:mod:`unboiler.visual.render`)
    with ``renderer`` when one is given (a benchmark reuses one browser), else with a
    browser started for this page and stopped after it."""

    pdoc: int = DEFAULT_PDOC
    time_limit: float = TIME_LIMIT
    width: int = VIEWPORT_WIDTH
    height: int = VIEWPORT_HEIGHT
    javascript: bool = False
    executable: str = CHROMIUM
    renderer: Renderer | None = None

    def __call__(self, document: TextDocument) -> bool:
        if document.tree is None or document.tree.body is None:
            return False
        changed = self.prepare(document)
        if not document.blocks:
            return changed
        return self.select(document, self.layout(document.tree)) or changed

    def prepare(self, document: TextDocument) -> bool:
        """Filter: the blocks as the browser will show the page; scripts off, it shows
        ``<noscript>`` content, so that is read as text."""
        return False if self.javascript else read_noscript(document)

    def select(self, document: TextDocument, layout: Layout) -> bool:
        """Mark the blocks inside the main block of ``layout`` (the page's layout, from
        :meth:`layout`) as content and the others not; True when that changed any."""
        structure = segment(layout, pdoc=self.pdoc)
        main = choose_main_block(layout, structure)
        elements = main_elements(layout, main) if main is not None else set()
        changed = False
        for text_block in document.blocks:
            inside = any(node.mem_id in elements for node in text_block.nodes if node is not None)
            changed |= text_block.set_content(inside)
        return changed

    def layout(self, tree: Any) -> Layout:
        """The page laid out and measured (see :mod:`unboiler.visual.render`)."""
        if self.renderer is not None:
            return build_layout(self.renderer.render(tree))
        with Renderer(
            executable=self.executable,
            width=self.width,
            height=self.height,
            javascript=self.javascript,
            time_limit=self.time_limit,
        ) as renderer:
            return build_layout(renderer.render(tree))


__all__ = [
    "MAX_LINK_SHARE",
    "QUALITY_THRESHOLD",
    "LeafCues",
    "Vips",
    "body_font_size",
    "centre_offset",
    "choose_main_block",
    "leaf_cues",
    "main_elements",
    "quality",
]
