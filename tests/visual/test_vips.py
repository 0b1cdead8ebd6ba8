"""VIPS on hand-built layouts (no browser): each rule of block extraction, separator
detection and weighting, and content structure construction, on a page whose boxes and
styles are written here (Cai, Yu, Wen and Ma, MSR-TR-2003-79, §4)."""

from __future__ import annotations

from typing import Any

import pytest

from unboiler.visual.layout import Layout, build_layout
from unboiler.visual.render import Node, RenderedPage
from unboiler.visual.vips import (
    MAX_DOC,
    Orientation,
    VisualBlock,
    construct,
    detect_separators,
    doc_of_weight,
    extract_blocks,
    segment,
)

WHITE = "rgb(255, 255, 255)"
GREY = "rgb(238, 238, 238)"
CLEAR = "rgba(0, 0, 0, 0)"


class PageBuilder:
    """Nodes in document order: ``add`` returns the new node's index."""

    def __init__(self, width: float = 1366, height: float = 768) -> None:
        self.rows: list[dict[str, Any]] = []
        self.width = width
        self.height = height

    def add(
        self,
        parent: int,
        tag: str,
        box: tuple[float, float, float, float],
        *,
        text: str = "",
        display: str = "block",
        background: str = CLEAR,
        font_size: float = 16.0,
        font_weight: int = 400,
        borders: int = 0,
    ) -> int:
        self.rows.append(
            {
                "parent": parent,
                "tag": "#text" if text else tag,
                "box": box,
                "text": text,
                "display": "inline" if text else display,
                "background": background,
                "font_size": font_size,
                "font_weight": font_weight,
                "borders": borders,
            }
        )
        return len(self.rows) - 1

    def text(
        self, parent: int, box: tuple[float, float, float, float], words: str, **kw: Any
    ) -> int:
        return self.add(parent, "#text", box, text=words, **kw)

    def layout(self) -> Layout:
        children: list[list[int]] = [[] for _ in self.rows]
        for index, row in enumerate(self.rows):
            if row["parent"] >= 0:
                children[row["parent"]].append(index)
        nodes = tuple(
            Node(
                index=index,
                parent=row["parent"],
                tag=row["tag"],
                x=row["box"][0],
                y=row["box"][1],
                width=row["box"][2],
                height=row["box"][3],
                display=row["display"],
                visible=True,
                background=row["background"],
                colour="rgb(0, 0, 0)",
                font_size=row["font_size"],
                font_weight=row["font_weight"],
                borders=row["borders"],
                text=row["text"],
                position="static",
                element=None,
                children=tuple(children[index]),
            )
            for index, row in enumerate(self.rows)
        )
        return build_layout(RenderedPage(nodes, self.width, self.height, 1366, 768))


def paragraph(
    page: PageBuilder, parent: int, box: tuple[float, float, float, float], **kw: Any
) -> int:
    p = page.add(parent, "p", box)
    page.text(p, box, "Words of a paragraph. " * 5, **kw)
    return p


def leaf_texts(layout: Layout, block: VisualBlock) -> list[str]:
    return [
        " ".join(
            layout.nodes[i].text.strip()
            for root in leaf.roots
            for i in layout.text_nodes(root)
            if layout.nodes[i].is_text
        )
        for leaf in block.leaves()
    ]


# ------------------------------------------------------------------- block extraction


def test_rule_4_text_in_one_font_is_one_block_of_the_highest_doc() -> None:
    page = PageBuilder()
    body = page.add(-1, "body", (0, 0, 1366, 768))
    p = page.add(body, "p", (0, 0, 600, 40))
    page.text(p, (0, 0, 600, 20), "Same font ")
    b = page.add(p, "b", (0, 20, 100, 20), display="inline")
    page.text(b, (0, 20, 100, 20), "bold words")
    layout = page.layout()
    blocks = extract_blocks(layout, (body,), (0, 0, 1366, 768))
    assert [(block.roots, block.rule) for block in blocks] == [((p,), "rule 4")]
    assert blocks[0].doc == MAX_DOC


def test_rule_4_text_in_two_fonts_is_one_step_less_coherent() -> None:
    page = PageBuilder()
    body = page.add(-1, "body", (0, 0, 1366, 768))
    p = page.add(body, "p", (0, 0, 600, 40))
    page.text(p, (0, 0, 600, 20), "Plain ")
    b = page.add(p, "b", (0, 20, 100, 20), display="inline")
    page.text(b, (0, 20, 100, 20), "bold words", font_weight=700)
    blocks = extract_blocks(page.layout(), (body,), (0, 0, 1366, 768))
    assert [block.doc for block in blocks] == [MAX_DOC - 1]


def test_rule_1_an_element_with_nothing_visible_is_cut() -> None:
    page = PageBuilder()
    body = page.add(-1, "body", (0, 0, 1366, 768))
    page.add(body, "div", (0, 0, 600, 100))  # an empty coloured box: no valid child
    paragraph(page, body, (0, 120, 600, 40))
    blocks = extract_blocks(page.layout(), (body,), (0, 0, 1366, 768))
    assert [block.rule for block in blocks] == ["rule 4"]


def test_rule_8_a_child_of_another_background_is_kept_whole() -> None:
    page = PageBuilder()
    body = page.add(-1, "body", (0, 0, 1366, 768))
    wrap = page.add(body, "div", (0, 0, 1366, 700))
    main = page.add(wrap, "div", (0, 0, 900, 700))
    for top in range(0, 700, 100):
        paragraph(page, main, (0, top, 900, 80))
    side = page.add(wrap, "div", (940, 0, 426, 700), background=GREY)
    for top in range(0, 700, 100):
        paragraph(page, side, (940, top, 426, 80))
    layout = page.layout()
    blocks = extract_blocks(layout, (body,), (0, 0, 1366, 768))
    rules = {block.roots[0]: block.rule for block in blocks}
    assert rules[side] == "rule 8"  # kept whole this round
    assert 6 <= next(b.doc for b in blocks if b.roots == (side,)) <= 8
    # the main column, of the parent's background, goes on through the rules: its
    # paragraphs are each under a tenth of the page, so rule 10 keeps it whole
    assert rules[main] == "rule 10"


def test_rule_10_a_node_whose_children_are_all_small_is_one_block() -> None:
    page = PageBuilder()
    body = page.add(-1, "body", (0, 0, 1366, 768))
    menu = page.add(body, "ul", (0, 0, 200, 300))
    for top in range(0, 300, 30):
        item = page.add(menu, "li", (0, top, 200, 30), display="list-item")
        page.text(item, (0, top, 100, 20), "Menu item")
    blocks = extract_blocks(page.layout(), (body,), (0, 0, 1366, 768))
    assert [(block.roots, block.rule) for block in blocks] == [((menu,), "rule 10")]


def test_rule_3_divides_the_root_of_a_block_segmented_again() -> None:
    page = PageBuilder()
    body = page.add(-1, "body", (0, 0, 1366, 768))
    menu = page.add(body, "ul", (0, 0, 200, 300))
    items = []
    for top in range(0, 300, 30):
        item = page.add(menu, "li", (0, top, 200, 30), display="list-item")
        page.text(item, (0, top, 100, 20), "Menu item")
        items.append(item)
    blocks = extract_blocks(page.layout(), (menu,), (0, 0, 200, 300))
    assert [block.roots for block in blocks] == [(item,) for item in items]


# ------------------------------------------------------------------- separators


def _blocks(*boxes: tuple[float, float, float, float]) -> tuple[Layout, list[VisualBlock]]:
    page = PageBuilder()
    body = page.add(-1, "body", (0, 0, 1366, 768))
    blocks = []
    for left, top, right, bottom in boxes:
        p = paragraph(page, body, (left, top, right - left, bottom - top))
        blocks.append(
            VisualBlock(roots=(p,), box=(left, top, right, bottom), doc=10, rule="rule 4")
        )
    return page.layout(), blocks


def test_three_columns_give_two_vertical_separators_and_no_horizontal_one() -> None:
    layout, blocks = _blocks((0, 0, 400, 500), (440, 0, 840, 400), (880, 0, 1366, 300))
    separators = detect_separators(layout, blocks, (0, 0, 1366, 500))
    assert [(s.orientation, s.start, s.end) for s in separators] == [
        (Orientation.VERTICAL, 400, 440),
        (Orientation.VERTICAL, 840, 880),
    ]


def test_the_bands_at_the_borders_of_the_pool_are_not_separators() -> None:
    layout, blocks = _blocks((100, 100, 600, 200), (100, 260, 600, 400))
    separators = detect_separators(layout, blocks, (0, 0, 1366, 768))
    assert [(s.orientation, s.start, s.end) for s in separators] == [
        (Orientation.HORIZONTAL, 200, 260)
    ]


def test_a_wider_gap_weighs_more() -> None:
    layout, blocks = _blocks((0, 0, 600, 100), (0, 110, 600, 200), (0, 260, 600, 300))
    near, far = detect_separators(layout, blocks, (0, 0, 600, 300))
    assert near.weight < far.weight


def test_backgrounds_that_differ_weigh_more_and_similar_text_less() -> None:
    page = PageBuilder()
    body = page.add(-1, "body", (0, 0, 1366, 768))
    first = paragraph(page, body, (0, 0, 600, 100))
    second = paragraph(page, body, (0, 120, 600, 100))
    band = page.add(body, "div", (0, 240, 600, 100), background=GREY)
    page.text(band, (0, 240, 600, 100), "Words of a paragraph. " * 5)
    layout = page.layout()
    blocks = [
        VisualBlock(roots=(first,), box=(0, 0, 600, 100), doc=10, rule="rule 4"),
        VisualBlock(roots=(second,), box=(0, 120, 600, 220), doc=10, rule="rule 4"),
        VisualBlock(roots=(band,), box=(0, 240, 600, 340), doc=10, rule="rule 4"),
    ]
    alike, coloured = detect_separators(layout, blocks, (0, 0, 600, 340))
    # the same gap of 20 pixels: text alike on both sides, then a change of background
    assert alike.weight < coloured.weight


def test_a_heading_below_weighs_more_than_text_below() -> None:
    page = PageBuilder()
    body = page.add(-1, "body", (0, 0, 1366, 768))
    text = paragraph(page, body, (0, 0, 600, 100))
    heading = page.add(body, "h2", (0, 120, 600, 30))
    page.text(heading, (0, 120, 300, 30), "A heading", font_size=24, font_weight=700)
    after = paragraph(page, body, (0, 170, 600, 100))
    layout = page.layout()
    blocks = [
        VisualBlock(roots=(text,), box=(0, 0, 600, 100), doc=10, rule="rule 4"),
        VisualBlock(roots=(heading,), box=(0, 120, 600, 150), doc=10, rule="rule 4"),
        VisualBlock(roots=(after,), box=(0, 170, 600, 270), doc=10, rule="rule 4"),
    ]
    above_heading, below_heading = detect_separators(layout, blocks, (0, 0, 600, 270))
    assert above_heading.weight > below_heading.weight


def test_a_border_line_weighs_more() -> None:
    page = PageBuilder()
    body = page.add(-1, "body", (0, 0, 1366, 768))
    top = page.add(body, "div", (0, 0, 600, 100), borders=4)
    page.text(top, (0, 0, 600, 100), "Words of a paragraph. " * 5)
    plain = page.add(body, "div", (0, 120, 600, 100))
    page.text(plain, (0, 120, 600, 100), "Words of a paragraph. " * 5)
    last = page.add(body, "div", (0, 240, 600, 100))
    page.text(last, (0, 240, 600, 100), "Words of a paragraph. " * 5)
    layout = page.layout()
    blocks = [
        VisualBlock(roots=(index,), box=(0, y, 600, y + 100), doc=10, rule="rule 4")
        for index, y in ((top, 0), (plain, 120), (last, 240))
    ]
    ruled, unruled = detect_separators(layout, blocks, (0, 0, 600, 340))
    assert ruled.weight > unruled.weight


def test_an_hr_in_the_gap_weighs_more_though_it_is_no_block() -> None:
    page = PageBuilder()
    body = page.add(-1, "body", (0, 0, 1366, 768))
    first = paragraph(page, body, (0, 0, 600, 100))
    second = paragraph(page, body, (0, 120, 600, 100))
    page.add(body, "hr", (0, 229, 600, 2))
    third = paragraph(page, body, (0, 240, 600, 100))
    layout = page.layout()
    blocks = extract_blocks(layout, (body,), (0, 0, 600, 340))
    assert [block.roots for block in blocks] == [(first,), (second,), (third,)]  # rule 1
    plain, ruled = detect_separators(layout, blocks, (0, 0, 600, 340))
    assert ruled.weight > plain.weight


# ------------------------------------------------------------------- construction


def test_doc_falls_as_the_separators_inside_get_heavier() -> None:
    assert doc_of_weight(1) == MAX_DOC
    assert doc_of_weight(4) > doc_of_weight(6) >= 1
    assert doc_of_weight(100) == 1


def test_the_heaviest_separators_are_the_top_cuts() -> None:
    # two paragraphs close together, then a wide gap, then a third
    layout, blocks = _blocks((0, 0, 600, 100), (0, 110, 600, 200), (0, 300, 600, 400))
    structure = construct(layout, blocks, (0, 0, 600, 400))
    assert [len(list(child.leaves())) for child in structure.children] == [2, 1]
    assert structure.doc < structure.children[0].doc


def test_segment_finds_header_columns_and_footer() -> None:
    page = PageBuilder(height=900)
    body = page.add(-1, "body", (0, 0, 1366, 900))
    header = page.add(body, "div", (0, 0, 1366, 80), background=GREY)
    page.text(header, (20, 20, 300, 40), "Site name", font_size=32)
    row = page.add(body, "div", (0, 120, 1366, 600))
    left = page.add(row, "div", (0, 120, 800, 600))
    for top in range(120, 720, 100):
        paragraph(page, left, (0, top, 800, 80))
    right = page.add(row, "div", (860, 120, 506, 600))
    for top in range(120, 720, 100):
        paragraph(page, right, (860, top, 506, 80))
    footer = page.add(body, "div", (0, 760, 1366, 60), background=GREY)
    page.text(footer, (20, 770, 300, 20), "Small print", font_size=12)
    layout = page.layout()
    structure = segment(layout)
    top_texts = [leaf_texts(layout, child) for child in structure.children]
    assert top_texts[0] == ["Site name"]
    assert top_texts[-1] == ["Small print"]
    middle = structure.children[1]
    assert [s.orientation for s in middle.separators] == [Orientation.VERTICAL]
    assert middle.separators[0].start == pytest.approx(800)
    assert middle.separators[0].end == pytest.approx(860)
    assert [len(list(column.leaves())) for column in middle.children] == [6, 6]
    # every leaf reached the permitted degree of coherence
    assert all(leaf.doc >= 8 for leaf in structure.leaves())
