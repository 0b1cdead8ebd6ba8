"""The VIPS segmentation drawn over the page (``unboiler segment FILE --png OUT.png``): each
leaf block outlined and labelled with its DoC, the separators of the content structure
shaded.  The boxes are drawn by the browser itself, as elements added over the
rendered page before the screenshot, so no imaging library is needed."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from unboiler.parse import parse
from unboiler.visual.layout import Layout, build_layout
from unboiler.visual.render import TIME_LIMIT, VIEWPORT_HEIGHT, VIEWPORT_WIDTH, Renderer
from unboiler.visual.vips import DEFAULT_PDOC, VisualBlock, segment


@dataclass(frozen=True, slots=True)
class Segmentation:
    """A page's layout and its VIPS content structure."""

    layout: Layout
    structure: VisualBlock


def overlay_boxes(structure: VisualBlock) -> list[dict[str, Any]]:
    """The boxes to draw: every separator of the structure, then every leaf block with
    its DoC and the rule that made it."""
    boxes: list[dict[str, Any]] = []
    for block, _ in structure.walk():
        for separator in block.separators:
            boxes.append(_box(separator.box, f"w{separator.weight}", "separator"))
    for leaf in structure.leaves():
        boxes.append(_box(leaf.box, f"DoC {leaf.doc}", "block"))
    return boxes


def _box(box: tuple[float, float, float, float], label: str, kind: str) -> dict[str, Any]:
    left, top, right, bottom = box
    return {
        "x": left,
        "y": top,
        "width": right - left,
        "height": bottom - top,
        "label": label,
        "kind": kind,
    }


def describe(segmentation: Segmentation, *, snippet: int = 60) -> list[str]:
    """The content structure as indented lines: DoC, the rule or separators that made the
    block, its box, and the start of a leaf's text."""
    layout = segmentation.layout
    lines = []
    for block, depth in segmentation.structure.walk():
        left, top, right, bottom = (round(value) for value in block.box)
        head = f"{'  ' * depth}DoC {block.doc} [{left},{top} {right - left}x{bottom - top}]"
        if block.is_leaf:
            words = " ".join(
                " ".join(layout.nodes[index].text.split())
                for root in block.roots
                for index in layout.text_nodes(root)
                if layout.nodes[index].is_text
            )
            lines.append(f"{head} {block.rule}: {words[:snippet]!r}")
        else:
            lines.append(f"{head} {block.rule}")
    return lines


def segment_page(
    html: str | bytes,
    *,
    png: Path | None = None,
    pdoc: int = DEFAULT_PDOC,
    time_limit: float = TIME_LIMIT,
    width: int = VIEWPORT_WIDTH,
    height: int = VIEWPORT_HEIGHT,
    javascript: bool = False,
) -> Segmentation:
    """Render and segment a page; with ``png``, also save the screenshot with the blocks
    drawn over it."""
    document = parse(html)
    with Renderer(
        width=width, height=height, javascript=javascript, time_limit=time_limit
    ) as renderer:
        layout = build_layout(renderer.render(document.tree))
        structure = segment(layout, pdoc=pdoc)
        if png is not None:
            renderer.draw(overlay_boxes(structure), png)
    return Segmentation(layout=layout, structure=structure)


__all__ = ["Segmentation", "describe", "overlay_boxes", "segment_page"]
