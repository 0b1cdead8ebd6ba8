"""VIPS in Chromium on pages written for it, whose layout is known: the segmentation finds
the blocks and separators designed into each page, and the ``vips`` extractor keeps the
article.  Skips when Playwright or Debian's Chromium is missing."""

from __future__ import annotations

import json

import pytest
from tests.visual.conftest import needs_browser, page

import unboiler
from unboiler.extractors import Extractor
from unboiler.visual.layout import Layout, build_layout
from unboiler.visual.main_content import Vips
from unboiler.visual.render import Renderer
from unboiler.visual.vips import Orientation, VisualBlock, segment

pytestmark = needs_browser


def _segment(renderer: Renderer, name: str) -> tuple[Layout, VisualBlock]:
    document = unboiler.parse(page(name))
    layout = build_layout(renderer.render(document.tree))
    return layout, segment(layout)


def _text(layout: Layout, block: VisualBlock) -> str:
    return " ".join(
        " ".join(layout.nodes[i].text.split())
        for root in block.roots
        for i in layout.text_nodes(root)
        if layout.nodes[i].is_text
    )


def _holding(structure: VisualBlock, layout: Layout, *needles: str) -> VisualBlock:
    """The smallest block of the structure whose text holds every needle."""
    found = [
        (len(_text(layout, block)), id(block), block)
        for block, _ in structure.walk()
        if all(needle in _text(layout, block) for needle in needles)
    ]
    return min(found)[2]


def _extract(renderer: Renderer, name: str, output: str = "text") -> str:
    extractor = Extractor("vips", "VIPS", Vips(renderer=renderer))
    return unboiler.extract(page(name), extractor=extractor, output=output)


# the two article columns start at x=20 and x=480 and are 420 pixels wide, 40 apart; the
# sidebar starts 40 pixels after the second column (see columns.html)
def test_two_columns_and_a_sidebar_are_three_blocks_between_vertical_separators(
    renderer: Renderer,
) -> None:
    layout, structure = _segment(renderer, "columns.html")
    row = _holding(structure, layout, "old ferry", "two euros", "Most read")
    assert {s.orientation for s in row.separators} == {Orientation.VERTICAL}
    columns = _holding(row, layout, "old ferry", "two euros")
    assert [s.orientation for s in columns.separators] == [Orientation.VERTICAL]
    gap = columns.separators[0]
    assert (gap.start, gap.end) == pytest.approx((440, 480), abs=1)
    left, right = columns.children
    assert "old ferry" in _text(layout, left) and "two euros" not in _text(layout, left)
    assert "two euros" in _text(layout, right) and "old ferry" not in _text(layout, right)
    sidebar = [child for child in row.children if "Most read" in _text(layout, child)]
    assert len(sidebar) == 1 and "ferry" not in _text(layout, sidebar[0])
    # the header and the footer are cut off the page by horizontal separators
    assert {s.orientation for s in structure.separators} == {Orientation.HORIZONTAL}
    assert "Gazette" in _text(layout, structure.children[0])
    assert "Privacy" in _text(layout, structure.children[-1])


def test_the_article_in_two_columns_is_extracted_without_sidebar_or_footer(
    renderer: Renderer,
) -> None:
    text = _extract(renderer, "columns.html")
    for needle in ("The old ferry sails again", "larch from the hills", "brass bell", "two euros"):
        assert needle in text
    for needle in ("Most read", "Council votes", "Privacy", "Harbour Town Gazette"):
        assert needle not in text


def test_header_and_footer_are_cut_off_by_the_heaviest_separators(renderer: Renderer) -> None:
    layout, structure = _segment(renderer, "header-footer.html")
    header, article, footer = structure.children
    assert _text(layout, header).startswith("Garden Notes — a weekly letter")
    assert "allotment society" in _text(layout, footer)
    assert "When to sow broad beans" in _text(layout, article)
    # the separators inside the article (between paragraphs) weigh less than those
    # around it, so the article is more coherent than the page
    inner = [s.weight for block, _ in article.walk() for s in block.separators]
    assert inner and max(inner) < min(s.weight for s in structure.separators)
    assert article.doc > structure.doc
    text = _extract(renderer, "header-footer.html")
    assert text.startswith("When to sow broad beans")
    assert "mice make" in text and "Garden Notes" not in text


def test_blocks_follow_the_visual_order_when_css_reorders_the_dom(renderer: Renderer) -> None:
    layout, structure = _segment(renderer, "reordered.html")
    texts = [_text(layout, child) for child in structure.children]
    # written: article, links, banner; shown: banner, article, links
    assert texts[0].startswith("Shown first, written second")
    assert "A library that lends tools" in texts[1]
    assert texts[-1] == "Events Members Donate"
    tops = [child.box[1] for child in structure.children]
    assert tops == sorted(tops)
    text = _extract(renderer, "reordered.html")
    assert text.startswith("A library that lends tools") and "wallpaper steamer" in text
    assert "Donate" not in text


def test_a_fixed_layer_over_the_screen_does_not_hide_the_article(renderer: Renderer) -> None:
    text = _extract(renderer, "overlay.html")
    assert text.startswith("Night trains return to the valley line")
    assert "separate van" in text
    assert "cookies" not in text and "Home" not in text


def test_a_chinese_news_page_in_gbk_in_two_columns(renderer: Renderer) -> None:
    assert 'charset="gbk"' in page("gbk-news.html").decode("ascii", "ignore")
    layout, structure = _segment(renderer, "gbk-news.html")
    row = _holding(structure, layout, "百年石桥完成修缮", "热门新闻")
    assert [s.orientation for s in row.separators] == [Orientation.VERTICAL]
    story, aside = row.children
    assert "附近居民表示" in _text(layout, story) and "地铁" not in _text(layout, story)
    assert _text(layout, aside).startswith("热门新闻")
    text = _extract(renderer, "gbk-news.html")
    assert text.splitlines()[0] == "老城区百年石桥完成修缮重新开放"
    for needle in ("经过十四个月的施工", "使石桥能够继续使用数十年", "心里非常高兴"):
        assert needle in text
    for needle in ("热门新闻", "地铁五号线", "版权所有", "首页"):
        assert needle not in text


def test_every_output_format_works_on_the_visual_selection(renderer: Renderer) -> None:
    result = json.loads(_extract(renderer, "gbk-news.html", output="json"))
    assert result["extractor"] == "vips"
    assert result["title"].startswith("江城日报")  # decoded from GBK
    assert "经过十四个月的施工" in result["text"]
    markdown = _extract(renderer, "gbk-news.html", output="markdown")
    assert markdown.startswith("# 老城区百年石桥完成修缮重新开放")
    html = _extract(renderer, "columns.html", output="html")
    assert "<h2>The old ferry sails again</h2>" in html and "Most read" not in html
