"""Visual features of a page's text blocks, read from its layout in a browser: where each
block sits on the page, how wide it is, its font against the page's body text, whether
the reader sees it, and what VIPS makes of it (the degree of coherence of the visual
block holding it and whether it lies in the main block :mod:`unboiler.visual.main_content`
chooses).

These are the cues a reader uses and the default extractor's model does not see (it reads
the DOM and the text).  They are not part of the default extractor, which would need a
browser for every page; ``benchmarks/visual_cv.py`` measures, cross-validated, whether
adding them as extra columns to its block features would help.

A text block is found in the layout through the elements it came from
(:attr:`~unboiler.document.TextBlock.nodes`): each measured text node belongs to the
nearest of its ancestors that is one of those elements, as the parser's text in an
inline element belongs to the block of its block-level ancestor.  A block without a
measured text node (text the browser does not show as laid out, ``<noscript>`` content
read by the parser), and every block of a page that could not be rendered, has NaN
features: unknown, which gradient-boosted trees route on their own.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from unboiler.document import TextBlock
from unboiler.visual.layout import Box, Layout
from unboiler.visual.main_content import body_font_size, choose_main_block, main_elements
from unboiler.visual.vips import DEFAULT_PDOC, segment

#: The columns :func:`block_features` returns, in order:
#:
#: - ``visual_x_offset``: the block's horizontal centre minus the viewport's, over the
#:   viewport width (negative left of the centre: a left sidebar; about 0 for the
#:   article column of a centred layout);
#: - ``visual_top``: the block's top over the page's height (0 at the top, 1 at the
#:   bottom: headers and footers at the ends);
#: - ``visual_top_screens``: the block's top in screen heights (below 1: seen without
#:   scrolling);
#: - ``visual_width``: the block's width over the viewport width (a column's share);
#: - ``visual_font``: the font size most of its characters are in, over the page's
#:   body font (small print below 1, headings above);
#: - ``visual_bold``: the share of its characters in bold (weight 600 or more);
#: - ``visual_shown``: the share of its characters the reader sees (a laid-out box
#:   inside the page, not hidden, not under a cookie wall);
#: - ``vips_doc``: the degree of coherence (1 to 10) of the VIPS leaf holding most of
#:   its characters;
#: - ``vips_main``: 1 when the ``vips`` extractor keeps the block (it lies in the main
#:   block), else 0.
VISUAL_FEATURES: Final = (
    "visual_x_offset",
    "visual_top",
    "visual_top_screens",
    "visual_width",
    "visual_font",
    "visual_bold",
    "visual_shown",
    "vips_doc",
    "vips_main",
)
#: CSS font weight from which text reads as bold (``font-weight: bold`` is 700,
#: semibold 600).
BOLD_WEIGHT: Final = 600

_COLUMN: Final = {name: index for index, name in enumerate(VISUAL_FEATURES)}


def _chars(text: str) -> int:
    return len("".join(text.split()))


def block_text_nodes(blocks: Sequence[TextBlock], layout: Layout) -> list[list[int]]:
    """For each block, the measured text nodes whose nearest ancestor among the blocks'
    elements is one of its own (an element shared by two blocks gives its text to both)."""
    owners: dict[int, list[int]] = {}
    for number, block in enumerate(blocks):
        for element in block.nodes:
            if element is not None:
                owners.setdefault(element.mem_id, []).append(number)
    nodes = layout.nodes
    # nodes come in document order, parents first: each node's owning blocks are its own
    # element's, else its parent's
    owning: list[list[int]] = [[] for _ in nodes]
    found: list[list[int]] = [[] for _ in blocks]
    for index, node in enumerate(nodes):
        element = node.element
        own = owners.get(element.mem_id) if element is not None else None
        if own is not None:
            owning[index] = own
        elif node.parent >= 0:
            owning[index] = owning[node.parent]
        if node.is_text:
            for number in owning[index]:
                found[number].append(index)
    return found


def _union(boxes: list[Box]) -> Box:
    return (
        min(box[0] for box in boxes),
        min(box[1] for box in boxes),
        max(box[2] for box in boxes),
        max(box[3] for box in boxes),
    )


def _leaf_docs(layout: Layout, pdoc: int) -> tuple[dict[int, int], set[int]]:
    """Each text node's VIPS leaf DoC, and the elements (``mem_id``) of the main block."""
    structure = segment(layout, pdoc=pdoc)
    docs: dict[int, int] = {}
    for leaf in structure.leaves():
        for root in leaf.roots:
            for index in layout.text_nodes(root):
                docs.setdefault(index, leaf.doc)
    main = choose_main_block(layout, structure)
    return docs, main_elements(layout, main) if main is not None else set()


def block_features(
    blocks: Sequence[TextBlock], layout: Layout | None, *, pdoc: int = DEFAULT_PDOC
) -> npt.NDArray[np.float32]:
    """One row of :data:`VISUAL_FEATURES` per block, from the page's ``layout`` (None for a
    page that could not be rendered: every value NaN)."""
    rows = np.full((len(blocks), len(VISUAL_FEATURES)), np.nan, dtype=np.float32)
    if layout is None or not blocks:
        return rows
    page = layout.page
    viewport_width = float(page.viewport_width)
    screen = float(page.viewport_height)
    height = max(page.height, screen)
    body_font = body_font_size(layout)
    docs, main = _leaf_docs(layout, pdoc)
    nodes = layout.nodes
    for number, (block, texts) in enumerate(
        zip(blocks, block_text_nodes(blocks, layout), strict=True)
    ):
        row = rows[number]
        row[_COLUMN["vips_main"]] = float(
            any(element is not None and element.mem_id in main for element in block.nodes)
        )
        counted = [(index, _chars(nodes[index].text)) for index in texts]
        counted = [(index, chars) for index, chars in counted if chars]
        total = sum(chars for _, chars in counted)
        if not total:
            continue
        shown = [(index, chars) for index, chars in counted if layout.valid[index]]
        shown_chars = sum(chars for _, chars in shown)
        row[_COLUMN["visual_shown"]] = shown_chars / total
        if not shown_chars:
            continue
        box = _union([box for index, _ in shown if (box := layout.boxes[index]) is not None])
        row[_COLUMN["visual_x_offset"]] = ((box[0] + box[2]) / 2 - viewport_width / 2) / (
            viewport_width
        )
        row[_COLUMN["visual_top"]] = box[1] / height
        row[_COLUMN["visual_top_screens"]] = box[1] / screen
        row[_COLUMN["visual_width"]] = (box[2] - box[0]) / viewport_width
        by_font: dict[float, int] = {}
        by_doc: dict[int, int] = {}
        bold = 0
        for index, chars in shown:
            node = nodes[index]
            by_font[node.font_size] = by_font.get(node.font_size, 0) + chars
            bold += chars if node.font_weight >= BOLD_WEIGHT else 0
            if index in docs:
                by_doc[docs[index]] = by_doc.get(docs[index], 0) + chars
        font = max(by_font, key=lambda size: by_font[size])
        if body_font > 0:
            row[_COLUMN["visual_font"]] = font / body_font
        row[_COLUMN["visual_bold"]] = bold / shown_chars
        if by_doc:
            row[_COLUMN["vips_doc"]] = max(by_doc, key=lambda doc: by_doc[doc])
    return rows


__all__ = ["BOLD_WEIGHT", "VISUAL_FEATURES", "block_features", "block_text_nodes"]
