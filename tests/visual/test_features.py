"""Visual block features on a page whose layout is written here (no browser): a parsed
page, and the browser's measurements of it as the worker reports them, by hand."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest

import unboiler
from unboiler.document import TextDocument
from unboiler.visual.features import VISUAL_FEATURES, block_features
from unboiler.visual.layout import Layout, build_layout
from unboiler.visual.render import document_elements, rendered_page

ARTICLE = " ".join(["The council voted on the new library budget after a long debate."] * 8)
PAGE = f"""<html><body>
<div id="nav"><a href="/">Home</a> <a href="/news">News</a> <a href="/sport">Sport</a></div>
<div id="main"><h1>Library budget passes</h1><p>{ARTICLE}</p></div>
<p id="hidden">Subscribe to our newsletter today</p>
<div id="foot"><small>Copyright 2024 The Town Paper</small></div>
</body></html>"""
WIDTH, HEIGHT, PAGE_HEIGHT = 1366, 768, 2000
CLEAR = "rgba(0, 0, 0, 0)"


class Rows:
    """The worker's rows for the page: ``parent, ubid, tag, x, y, width, height, display,
    visible, background, colour, font size, font weight, borders, text, position``."""

    def __init__(self, document: TextDocument) -> None:
        self.tree = document.tree
        self.elements = document_elements(document.tree)
        self.rows: list[list[Any]] = []

    def element(
        self,
        parent: int,
        css: str,
        box: tuple[float, float, float, float],
        *,
        display: str = "block",
        visible: bool = True,
    ) -> int:
        tree_node = self.tree.css_first(css)
        number = next(i for i, e in enumerate(self.elements) if e.mem_id == tree_node.mem_id)
        self.rows.append(
            [
                parent,
                number,
                tree_node.tag,
                *box,
                display,
                visible,
                CLEAR,
                "rgb(0, 0, 0)",
                16.0,
                400,
                0,
                "",
                "static",
            ]
        )
        return len(self.rows) - 1

    def text(
        self,
        parent: int,
        words: str,
        box: tuple[float, float, float, float],
        *,
        font: float = 16.0,
        weight: int = 400,
        visible: bool = True,
    ) -> int:
        self.rows.append(
            [
                parent,
                -1,
                "#text",
                *box,
                "inline",
                visible,
                CLEAR,
                "rgb(0, 0, 0)",
                font,
                weight,
                0,
                words,
                "static",
            ]
        )
        return len(self.rows) - 1


def laid_out() -> tuple[TextDocument, Layout]:
    """The page as designed: links in a left column, the article centred (a bold 32 px
    heading over a paragraph of six 600 px lines, as a browser sets it), a hidden paragraph,
    small print at the bottom."""
    document = unboiler.parse(PAGE)
    rows = Rows(document)
    body = rows.element(-1, "body", (0, 0, WIDTH, PAGE_HEIGHT))
    nav = rows.element(body, "#nav", (0, 100, 200, 300))
    for number, (word, href) in enumerate((("Home", "/"), ("News", "/news"), ("Sport", "/sport"))):
        box = (10, 110 + 30 * number, 60, 20)
        link = rows.element(nav, f'a[href="{href}"]', box, display="inline")
        rows.text(link, word, box)
    main = rows.element(body, "#main", (383, 100, 600, 250))
    heading = rows.element(main, "h1", (383, 100, 600, 80))
    rows.text(heading, "Library budget passes", (383, 110, 500, 40), font=32, weight=700)
    paragraph = rows.element(main, "#main p", (383, 200, 600, 150))
    rows.text(paragraph, ARTICLE, (383, 200, 600, 150))
    hidden = rows.element(body, "#hidden", (0, 0, 0, 0), visible=False)
    rows.text(hidden, "Subscribe to our newsletter today", (0, 0, 0, 0), visible=False)
    foot = rows.element(body, "#foot", (383, 1900, 600, 30))
    small = rows.element(foot, "small", (383, 1905, 300, 15), display="inline")
    rows.text(small, "Copyright 2024 The Town Paper", (383, 1905, 300, 15), font=12)
    answer = {"rows": rows.rows, "width": WIDTH, "height": PAGE_HEIGHT}
    return document, build_layout(rendered_page(answer, document.tree, WIDTH, HEIGHT))


def by_text(document: TextDocument, features: Any, start: str) -> dict[str, float]:
    [row] = [
        row for b, row in zip(document.blocks, features, strict=True) if b.text.startswith(start)
    ]
    return dict(zip(VISUAL_FEATURES, row.tolist(), strict=True))


@pytest.fixture(scope="module")
def page() -> tuple[TextDocument, Any]:
    document, layout = laid_out()
    return document, block_features(document.blocks, layout)


def test_the_centred_paragraph_sits_mid_page_in_body_type(page: tuple[TextDocument, Any]) -> None:
    document, features = page
    row = by_text(document, features, "The council")
    assert row["visual_x_offset"] == pytest.approx(0.0, abs=1e-6)  # 383 + 300 = 683
    assert row["visual_top"] == pytest.approx(200 / PAGE_HEIGHT)
    assert row["visual_top_screens"] == pytest.approx(200 / HEIGHT)
    assert row["visual_width"] == pytest.approx(600 / WIDTH)
    assert row["visual_font"] == pytest.approx(1.0)
    assert row["visual_bold"] == 0.0
    assert row["visual_shown"] == 1.0


def test_heading_links_and_small_print(page: tuple[TextDocument, Any]) -> None:
    document, features = page
    heading = by_text(document, features, "Library budget")
    assert heading["visual_font"] == pytest.approx(2.0)
    assert heading["visual_bold"] == 1.0
    links = by_text(document, features, "Home")
    # the links' text spans x 10 to 70: centre 40, left of the page's centre 683
    assert links["visual_x_offset"] == pytest.approx((40 - 683) / WIDTH)
    assert links["visual_top"] == pytest.approx(110 / PAGE_HEIGHT)
    foot = by_text(document, features, "Copyright")
    assert foot["visual_font"] == pytest.approx(12 / 16)
    assert foot["visual_top_screens"] > 2


def test_hidden_text_is_not_shown_and_has_no_position(page: tuple[TextDocument, Any]) -> None:
    document, features = page
    hidden = by_text(document, features, "Subscribe")
    assert hidden["visual_shown"] == 0.0
    assert math.isnan(hidden["visual_top"]) and math.isnan(hidden["vips_doc"])


def test_vips_keeps_the_article_not_the_links(page: tuple[TextDocument, Any]) -> None:
    document, features = page
    assert by_text(document, features, "The council")["vips_main"] == 1.0
    assert by_text(document, features, "Home")["vips_main"] == 0.0
    doc = by_text(document, features, "The council")["vips_doc"]
    assert 1 <= doc <= 10


def test_a_page_not_rendered_is_all_unknown() -> None:
    document = unboiler.parse(PAGE)
    features = block_features(document.blocks, None)
    assert features.shape == (len(document.blocks), len(VISUAL_FEATURES))
    assert np.isnan(features).all()
