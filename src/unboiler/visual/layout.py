"""What VIPS reads from a rendered page, computed once per page as columns over its nodes:
each node's visible box, whether it is valid, a text node, a virtual text node or a
line-break node (the terms of Cai, Yu, Wen and Ma, "VIPS: a Vision-based Page
Segmentation Algorithm", MSR-TR-2003-79, 2003, §4.1), its background as seen, and the
end of its subtree, so that the text under any block is a slice of the node list.

A node's box is the union of its own box and its children's: an element whose own box
is empty (a container of floats that does not clear them, ``display: contents``) still
shows what it holds, and an element wider than its box (overflowing text) shows it
too.  Nodes outside the page (a skip link at ``left: -9999px``) are not valid, and neither is
a fixed layer over most of the screen (a cookie wall: :data:`MAX_FIXED_SHARE`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from unboiler.visual.render import Node, RenderedPage

Box = tuple[float, float, float, float]  # left, top, right, bottom

#: The background of a page that sets none: browsers paint the canvas white.
CANVAS: Final = "rgb(255, 255, 255)"
_TRANSPARENT: Final = frozenset({"rgba(0, 0, 0, 0)", "transparent"})
#: A ``position: fixed`` layer over more than this share of the viewport is a dialog or
#: a cookie wall over the page, not part of it: it and what it holds are not valid.
MAX_FIXED_SHARE: Final = 0.5
#: Displays of inline nodes, the paper's inline tags (B, BIG, EM, FONT, I, STRONG, U, ...)
#: read from the layout rather than from the tag: what the browser lays out in lines.
INLINE_DISPLAYS: Final = frozenset({"inline"})


@dataclass(frozen=True, slots=True)
class Layout:
    """The columns VIPS works on for one page (all indexed by node)."""

    page: RenderedPage
    boxes: tuple[Box | None, ...]
    valid: tuple[bool, ...]
    virtual_text: tuple[bool, ...]
    backgrounds: tuple[str, ...]
    ends: tuple[int, ...]
    in_link: tuple[bool, ...]
    lines: tuple[int, ...]
    """The visible ``<hr>`` elements: rule 1 cuts them from the blocks (they hold nothing),
    but a separator they lie in weighs more (§4.2)."""

    @property
    def nodes(self) -> tuple[Node, ...]:
        return self.page.nodes

    @property
    def area(self) -> float:
        """The page's area, at least a screenful (what DoC sizes are measured against)."""
        page = self.page
        return max(page.width, page.viewport_width) * max(page.height, page.viewport_height)

    def valid_children(self, index: int) -> list[int]:
        return [child for child in self.nodes[index].children if self.valid[child]]

    def is_line_break(self, index: int) -> bool:
        """A node the browser starts on a line of its own (the paper's P, TABLE, UL, HR)."""
        node = self.nodes[index]
        return not node.is_text and node.display not in INLINE_DISPLAYS

    def text_nodes(self, index: int) -> range:
        """The nodes of ``index``'s subtree (text nodes among them), as a range."""
        return range(index, self.ends[index])


def build_layout(page: RenderedPage) -> Layout:
    """Compute the columns in two passes over the nodes (children before parents, then
    parents before children)."""
    nodes = page.nodes
    count = len(nodes)
    boxes: list[Box | None] = [None] * count
    ends = list(range(1, count + 1))
    virtual_text = [False] * count
    viewport = page.viewport_width * page.viewport_height
    for index in range(count - 1, -1, -1):
        node = nodes[index]
        box: Box | None = None
        for child in node.children:
            ends[index] = max(ends[index], ends[child])
        if node.position == "fixed" and node.area > MAX_FIXED_SHARE * viewport:
            continue  # boxes[index] stays None: the overlay and its content are left out
        if node.visible and node.width > 0 and node.height > 0:
            box = (node.x, node.y, node.right, node.bottom)
        all_text = bool(node.children) and node.display in INLINE_DISPLAYS
        for child in node.children:
            inner = boxes[child]
            if inner is None:
                continue
            all_text = all_text and (nodes[child].is_text or virtual_text[child])
            box = (
                inner
                if box is None
                else (
                    min(box[0], inner[0]),
                    min(box[1], inner[1]),
                    max(box[2], inner[2]),
                    max(box[3], inner[3]),
                )
            )
        if node.is_text:
            virtual_text[index] = False
        else:
            virtual_text[index] = all_text and any(boxes[c] is not None for c in node.children)
        if box is not None and (box[2] <= 0 or box[3] <= 0):
            box = None  # entirely left of or above the page
        boxes[index] = box
    backgrounds = [CANVAS] * count
    in_link = [False] * count
    for index, node in enumerate(nodes):
        parent = node.parent
        inherited = backgrounds[parent] if parent >= 0 else CANVAS
        backgrounds[index] = inherited if node.background in _TRANSPARENT else node.background
        in_link[index] = node.tag == "a" or (parent >= 0 and in_link[parent])
    return Layout(
        page=page,
        boxes=tuple(boxes),
        valid=tuple(box is not None for box in boxes),
        virtual_text=tuple(virtual_text),
        backgrounds=tuple(backgrounds),
        ends=tuple(ends),
        in_link=tuple(in_link),
        lines=tuple(i for i, node in enumerate(nodes) if node.tag == "hr" and boxes[i]),
    )


__all__ = ["CANVAS", "INLINE_DISPLAYS", "Box", "Layout", "build_layout"]
