"""Pages without spaces between words: every extractor must find the article of a
Chinese, a Japanese and a mixed-script news page and drop the navigation, the related
links and the footer (issue 5; the word counter weighs unspaced scripts, see text.py)."""

from __future__ import annotations

import pytest
from tests.conftest import page

import unboiler
from unboiler.extractors.registry import core_extractors

# Baselines that keep everything by design.
BASELINES = {"boilerpipe-everything", "boilerpipe-everything-minwords"}
# Canola's first rule keeps a linked block followed by a block of more than 11 words, so
# a menu right above a long headline survives; that is the published rule, not a bug.
KEEPS_MENU_ABOVE_HEADLINE = {"boilerpipe-canola"}
# Chen's line-block method reads the source's line breaks: these pages put the article,
# the related links and the footer on adjacent lines with no markup-only lines between
# them, so each page is one region, which holds the copyright line and is dropped.  That
# is the published method; tests/extractors/test_lineblocks.py checks it on CJK pages
# laid out with line breaks.
NEEDS_LINE_BREAKS = {"line-blocks", "line-blocks-lenient"}
# Boilerpipe's MinClauseWordsFilter counts a clause's words by its spaces, so no Chinese
# or Japanese clause has five: ArticleSentencesExtractor keeps nothing of these pages.
# Its ``unspaced`` variant counts them as the word counter does (tested below).
COUNTS_SPACES = {"boilerpipe-sentences"}

PAGES = {
    "cjk-news-zh.html": {
        "article": [
            "四十年来",
            "这个想法来自一群志愿者",
            "改建工程历时十四个月",
            "在水上保持纸张干燥",
        ],
        "menu": ["财经", "娱乐", "汽车"],
        "related": ["图书节重返港口", "斯凯拉岛新建码头", "市议会通过文化预算"],
        "footer": ["ICP备", "广告服务"],
    },
    "cjk-news-ja.html": {
        "article": ["四十年にわたり", "きっかけは", "改装には十四か月", "水の上で紙を"],
        "menu": ["スポーツ", "天気"],
        "related": ["時刻表が変わります", "本のお祭り", "魚市場の改修"],
        "footer": ["プライバシーポリシー", "利用規約"],
    },
    "cjk-mixed.html": {
        "article": ["北京时间周三凌晨", "本次更新的重点是电池续航", "相机方面"],
        "menu": ["登录", "注册"],
        "related": ["降价 500 元", "AI 芯片市场格局生变", "新款平板电脑评测"],
        "footer": ["ICP备"],
    },
}

EXTRACTORS = sorted(set(core_extractors()) - BASELINES - NEEDS_LINE_BREAKS - COUNTS_SPACES)
UNSPACED_SENTENCES = unboiler.get_extractor("boilerpipe-sentences", unspaced=True)


@pytest.mark.parametrize("page_name", sorted(PAGES))
def test_published_sentences_extractor_finds_no_clause(page_name: str) -> None:
    assert unboiler.extract(page(page_name), extractor="boilerpipe-sentences") == ""


@pytest.mark.parametrize("name", [*EXTRACTORS, "boilerpipe-sentences (unspaced)"])
@pytest.mark.parametrize("page_name", sorted(PAGES))
def test_article_found_and_boilerplate_dropped(page_name: str, name: str) -> None:
    expected = PAGES[page_name]
    extractor = UNSPACED_SENTENCES if name.endswith("(unspaced)") else name
    text = unboiler.extract(page(page_name), extractor=extractor)
    for phrase in expected["article"]:
        assert phrase in text, f"{name} missed {phrase!r}"
    for phrase in expected["related"] + expected["footer"]:
        assert phrase not in text, f"{name} kept {phrase!r}"
    if name not in KEEPS_MENU_ABOVE_HEADLINE:
        for phrase in expected["menu"]:
            assert phrase not in text, f"{name} kept the menu item {phrase!r}"
