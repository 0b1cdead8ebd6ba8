"""The four kinds of block of a news page and the rules that recognise them, as the
survey of Chinese news-portal extraction lists them (the survey, "一.标题块" to
"四.相关链接块"): the title block, the publication-time block, the main block and the
related-links block.

The survey gives the features and a few numbers (3–35 characters for a title, under 50
for a date line, more than 5 commas and full stops, fewer than 20 related links) but not
the weights of its "feature-weighting" (特征提权) scorer, which was never published.  Each
rule here is one named constant beside the code; where the survey gives no number the
constant says how it was chosen.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import Final

from unboiler.filters.weighted.stats import ElementStats

# --------------------------------------------------------------------------- containers

#: The HTML5 successors of the survey's generic containers.  The survey's pages were laid
#: out with ``td`` and ``div``; a page built from ``article``, ``section`` and ``main``
#: alone (no ``div`` at all) would otherwise have no candidate for the main block, and an
#: ``aside`` is what HTML5 made for related links.  An addition to the survey's lists,
#: applied the same way to every rule that names containers.
HTML5_CONTAINERS: Final = frozenset({"article", "section", "main", "aside"})

# --------------------------------------------------------------------------- lengths

#: Chinese, Japanese and Korean characters (kana, CJK ideographs, Hangul syllables), which
#: the survey's lengths count one by one.
CJK_CHARACTERS: Final = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af"
_UNSPACED: Final = re.compile(f"[{CJK_CHARACTERS}]")
_WORD: Final = re.compile(f"[^\\W{CJK_CHARACTERS}]+")


def text_units(text: str) -> int:
    """The length the survey's title and date rules count in: characters of Chinese,
    Japanese and Korean text, and words elsewhere.  The survey's limits (3–35, under 50)
    are numbers of Chinese characters; a word of a spaced script carries about what one
    such character does, so the limits hold for English headlines and date lines too."""
    return len(_UNSPACED.findall(text)) + len(_WORD.findall(text))


# --------------------------------------------------------------------------- 一. title block

#: Elements a title block can be (the survey, 一: "td,div,h,span").
TITLE_TAGS: Final = frozenset({"td", "div", "span", "h1", "h2", "h3", "h4", "h5", "h6"})
#: Length of a title in :func:`text_units` (the survey, 一: "大于3个字符,小于35个字符").
TITLE_MIN_LENGTH: Final = 3
TITLE_MAX_LENGTH: Final = 35
#: Words in a class or id that name a title (the survey, 一: "class包含title,head").
TITLE_CLASS_WORDS: Final = ("title", "head")
#: A title is not a link: blocks with more of their text in links are menus or teasers
#: (not in the survey; without it a navigation bar with class "header" passes every rule).
TITLE_MAX_LINK_SHARE: Final = 0.5
# Weights of the title rules: an emphasising tag (h1–h3, b, strong) is the strongest sign,
# a class or id naming a title the next, and nearness to the top of the text breaks ties.
TITLE_EMPHASIS_WEIGHT: Final = 2.0
TITLE_CLASS_WEIGHT: Final = 1.0
TITLE_TOP_WEIGHT: Final = 1.0
#: Score below which no title block is reported: one of the two markup signs is needed.
TITLE_MIN_SCORE: Final = TITLE_CLASS_WEIGHT


def _class_and_id(stats: ElementStats) -> str:
    attributes = stats.node.attributes
    return f"{attributes.get('class') or ''} {attributes.get('id') or ''}".lower()


def title_score(stats: ElementStats, text: str, total_chars: int) -> float:
    """How much the element looks like the title block (0 when it cannot be one)."""
    if stats.tag not in TITLE_TAGS or stats.link_share > TITLE_MAX_LINK_SHARE:
        return 0.0
    if not TITLE_MIN_LENGTH <= text_units(text) <= TITLE_MAX_LENGTH:
        return 0.0
    score = 0.0
    if stats.emphasis_tags:
        score += TITLE_EMPHASIS_WEIGHT
    label = _class_and_id(stats)
    if any(word in label for word in TITLE_CLASS_WORDS):
        score += TITLE_CLASS_WEIGHT
    if score < TITLE_MIN_SCORE:
        return 0.0
    position = stats.chars_before / total_chars if total_chars else 0.0
    return score + TITLE_TOP_WEIGHT * (1.0 - position)


# --------------------------------------------------------------------------- 二. date block

#: Elements a publication-time block can be (the survey, 二: "td,div,span"; and HTML5's
#: ``time``, made for exactly this).
DATE_TAGS: Final = frozenset({"td", "div", "span", "time"})
#: A date line is short (the survey, 二: "小于50个字符"), in :func:`text_units`.
DATE_MAX_LENGTH: Final = 50
#: Words that introduce a date line (the survey, 二: "来源,发表"; the issue adds the English).
DATE_KEYWORDS: Final = ("来源", "发表", "published", "source")
#: Weight of a keyword next to the date, which is itself required.
DATE_PATTERN_WEIGHT: Final = 1.0
DATE_KEYWORD_WEIGHT: Final = 1.0

_MONTHS: Final = {
    name: number
    for number, names in enumerate(
        (
            ("jan", "january"),
            ("feb", "february"),
            ("mar", "march"),
            ("apr", "april"),
            ("may",),
            ("jun", "june"),
            ("jul", "july"),
            ("aug", "august"),
            ("sep", "sept", "september"),
            ("oct", "october"),
            ("nov", "november"),
            ("dec", "december"),
        ),
        start=1,
    )
    for name in names
}
_MONTH: Final = "(?P<month_name>" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\.?"
_YEAR: Final = r"(?P<y>(?:19|20)\d\d)(?!\d)"
# Date patterns (the survey, 二: "包含日期格式(2010-08-09)的字符串"), each with named parts:
# 2010-08-09 (also with / . or 年月日), 9 Aug 2010, August 9th, 2010 and 8/9/2010.
_DATES: Final = (
    re.compile(
        r"(?<!\d)(?P<y>(?:19|20)\d\d)\s*[-/.年]\s*(?P<m>\d{1,2})\s*[-/.月]\s*(?P<d>\d{1,2})(?!\d)"
    ),
    re.compile(rf"(?<!\d)(?P<d>\d{{1,2}})\s+{_MONTH},?\s+{_YEAR}", re.IGNORECASE),
    re.compile(rf"\b{_MONTH}\s+(?P<d>\d{{1,2}})(?:st|nd|rd|th)?,?\s+{_YEAR}", re.IGNORECASE),
    re.compile(rf"(?<!\d)(?P<m>\d{{1,2}})/(?P<d>\d{{1,2}})/{_YEAR}"),
)


def find_date(text: str) -> str | None:
    """The first date in ``text`` as ``YYYY-MM-DD``, or None.  Numeric dates with the year
    last are read month first (the American order, the one English pages that write the
    year last with slashes mostly use)."""
    for pattern in _DATES:
        match = pattern.search(text)
        if match is None:
            continue
        parts = match.groupdict()
        month_name = parts.get("month_name")
        month = _MONTHS[month_name.lower().rstrip(".")] if month_name else int(parts["m"])
        day = int(parts["d"])
        if 1 <= month <= 12 and 1 <= day <= 31:
            return f"{int(parts['y']):04d}-{month:02d}-{day:02d}"
    return None


def date_score(stats: ElementStats, text: str) -> float:
    """How much the element looks like the publication-time block (0 when it cannot be)."""
    if stats.tag not in DATE_TAGS or text_units(text) >= DATE_MAX_LENGTH:
        return 0.0
    if find_date(text) is None:
        return 0.0
    lowered = text.lower()
    keyword = any(word in lowered for word in DATE_KEYWORDS)
    return DATE_PATTERN_WEIGHT + (DATE_KEYWORD_WEIGHT if keyword else 0.0)


# --------------------------------------------------------------------------- 四. related links

#: Elements a related-links block can be (the survey, 四: "td,div"; and HTML5's).
RELATED_TAGS: Final = frozenset({"td", "div"}) | HTML5_CONTAINERS
#: Fewer links than this (the survey, 四: "链接数小于20").
RELATED_MAX_LINKS: Final = 20
#: "A very high link share" (the survey, 四: "连接比例很高"); no number is given: most of the
#: text, since the heading ("相关新闻") is the only text of such a block that is no link.
RELATED_MIN_LINK_SHARE: Final = 0.5


def is_related_links(stats: ElementStats) -> bool:
    """The related-links block: a "相关新闻 / Related" phrase, mostly links, fewer than 20
    of them (the survey, 四)."""
    return (
        stats.tag in RELATED_TAGS
        and stats.related > 0
        and 0 < stats.links < RELATED_MAX_LINKS
        and stats.link_share > RELATED_MIN_LINK_SHARE
    )


# --------------------------------------------------------------------------- 三. main block

#: Elements the main block can be (the survey, 三: "td,div"; and HTML5's).
MAIN_TAGS: Final = frozenset({"td", "div"}) | HTML5_CONTAINERS
#: The main block has "more commas and full stops" than this (the survey, 三: ">5").
MIN_SENTENCE_MARKS: Final = 5
#: Exponent of the text density in the main score.  1 is the survey's wording taken
#: literally ("text density high" as a factor): the score is then text squared over HTML.
#: A smaller exponent would favour a whole article that carries embedded players or ads
#: over a dense box inside it, at the risk of favouring wrappers; set before any page was
#: scored, and two-fold cross-validation on scrapinghub found no value that does reliably
#: better (benchmarks/results/lineblocks-weighted.md).
DENSITY_EXPONENT: Final = 1.0
#: Tags per thousand characters of text above which a block is markup more than prose
#: (the survey, 三, gives the measure, not the bound).  Running text with a few links and
#: emphasised words has 5–30: a paragraph tag per 300–800 characters plus inline tags; a
#: link list has 100 or more (a link and a list item per 10–30 characters).  50 lies
#: between; set before any page was scored, and kept after cross-validation (see
#: DENSITY_EXPONENT).
TAG_DENSITY_MAX: Final = 50.0
# Each unmet rule multiplies the score by its factor: the rules are signs, not gates, so a
# page that breaks one (a main text without <p>, a short note) still has a best block.  The
# survey ranks none of them above another, so each halves the score: one broken rule
# weighs as much as half the text, or half the text density.
NO_PARAGRAPH_FACTOR: Final = 0.5
"""No ``<p>`` or ``<br>`` (the survey, 三: special tags of the main block)."""
FEW_SENTENCES_FACTOR: Final = 0.5
"""Five commas and full stops or fewer (the survey, 三)."""
TAG_DENSE_FACTOR: Final = 0.5
"""Tag density above :data:`TAG_DENSITY_MAX` (the survey, 三)."""
PREV_NEXT_FACTOR: Final = 0.5
"""Holds "上一篇 / 下一篇" or a previous / next link (the survey, 三: the main block should
not contain them)."""
COPYRIGHT_FACTOR: Final = 0.5
"""Holds a copyright line: ICP备, 版权所有, ©, Copyright (the survey, 三: "需减权")."""
ORDER_FACTOR: Final = 0.5
"""Starts before the end of the title or date block, or reaches the related-links block
(the survey, 三: the main block comes below the title and the date, above the related
links)."""


def main_score(
    stats: ElementStats,
    title: ElementStats | None,
    date: ElementStats | None,
    related: ElementStats | None,
    *,
    tag_density_max: float = TAG_DENSITY_MAX,
    density_exponent: float = DENSITY_EXPONENT,
) -> float:
    """The score of the element as the main block.

    Its base is the amount of text outside links ("主题块一般是含有较多文字信息") times
    its text density ("文本密度 ... 较大") to the power ``density_exponent``, so that a
    large block with much markup (the whole page) and a dense but small one (one
    paragraph) both lose to the article; each rule of the survey it breaks then
    multiplies the score by its factor.
    """
    if stats.tag not in MAIN_TAGS or stats.chars == 0:
        return 0.0
    score = (stats.chars - stats.link_chars) * math.pow(stats.text_density, density_exponent)
    if stats.paragraph_tags == 0:
        score *= NO_PARAGRAPH_FACTOR
    if stats.sentence_marks <= MIN_SENTENCE_MARKS:
        score *= FEW_SENTENCES_FACTOR
    if stats.tag_density > tag_density_max:
        score *= TAG_DENSE_FACTOR
    if stats.prev_next:
        score *= PREV_NEXT_FACTOR
    if stats.copyright:
        score *= COPYRIGHT_FACTOR
    for above in (title, date):
        if above is not None and stats.index <= above.end:
            score *= ORDER_FACTOR
            break
    if related is not None and stats.end >= related.index:
        score *= ORDER_FACTOR
    return score


def best(scores: Sequence[float]) -> int:
    """Index of the highest positive score, the first on ties; -1 when none is positive."""
    winner = -1
    top = 0.0
    for index, score in enumerate(scores):
        if score > top:
            winner, top = index, score
    return winner


__all__ = [
    "CJK_CHARACTERS",
    "COPYRIGHT_FACTOR",
    "DATE_KEYWORDS",
    "DATE_KEYWORD_WEIGHT",
    "DATE_MAX_LENGTH",
    "DATE_PATTERN_WEIGHT",
    "DATE_TAGS",
    "DENSITY_EXPONENT",
    "FEW_SENTENCES_FACTOR",
    "HTML5_CONTAINERS",
    "MAIN_TAGS",
    "MIN_SENTENCE_MARKS",
    "NO_PARAGRAPH_FACTOR",
    "ORDER_FACTOR",
    "PREV_NEXT_FACTOR",
    "RELATED_MAX_LINKS",
    "RELATED_MIN_LINK_SHARE",
    "RELATED_TAGS",
    "TAG_DENSE_FACTOR",
    "TAG_DENSITY_MAX",
    "TITLE_CLASS_WEIGHT",
    "TITLE_CLASS_WORDS",
    "TITLE_EMPHASIS_WEIGHT",
    "TITLE_MAX_LENGTH",
    "TITLE_MAX_LINK_SHARE",
    "TITLE_MIN_LENGTH",
    "TITLE_MIN_SCORE",
    "TITLE_TAGS",
    "TITLE_TOP_WEIGHT",
    "best",
    "date_score",
    "find_date",
    "is_related_links",
    "main_score",
    "text_units",
    "title_score",
]
