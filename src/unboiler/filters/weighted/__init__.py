"""Feature-weighted blocks: the rules long used to extract the article of Chinese news
portals, as a survey of the field collects them: "目前互联网上公布出来的正文提取算法"
("Main-text extraction algorithms published on the Internet so far", a Chinese blog
compilation under the tag "正文提取", c. 2010; cited below as *the survey*): the four block
kinds "一.标题块" to "四.相关链接块", the head-and-tail clean-up by parent size, and title
detection by word containment.

1. Every element is measured in one walk (:mod:`.stats`).
2. The title block, the publication-time block and the related-links block are found by
   their rules, then the main block is the ``td`` or ``div`` (or HTML5 container) with the
   best score, which rewards text and text density and weighs down each broken rule,
   including coming before the title or date or reaching the related links
   (:mod:`.rules`).
3. The blocks of the main block are content, except those inside the title, date or
   related-links block.
4. Advertising left at the head and tail of the content gives itself away by its parent
   (the survey): a real paragraph's parent is the body of the article, while a block beside
   it has a parent that holds the article too (far more text) and a block tucked into a
   box has a parent with far less.  Such blocks are dropped from each end until one
   passes (:func:`trim_ends`).
5. The headline is the ``font``, ``strong``, ``h1`` or ``<title>`` outside the main text
   whose words the main text contains most (:func:`find_headline`); it and the date go
   to ``document.metadata`` as ``"headline"`` and ``"date"``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, NamedTuple

from unboiler.document import TextBlock, TextDocument
from unboiler.filters.weighted.rules import (
    CJK_CHARACTERS,
    DATE_TAGS,
    DENSITY_EXPONENT,
    TAG_DENSITY_MAX,
    TITLE_MAX_LENGTH,
    TITLE_MIN_LENGTH,
    TITLE_TAGS,
    best,
    date_score,
    find_date,
    is_related_links,
    main_score,
    text_units,
    title_score,
)
from unboiler.filters.weighted.stats import ElementStats, element_stats

#: A block's parent holding this many times the text of the article body sits beside the
#: body, not in it (the survey: "父节点文字内容过大"; no number given: twice the body means
#: the parent holds as much else as article).
PARENT_FAR_LARGER: Final = 2.0
#: A block's parent holding less than this share of the article body's text is a box
#: inside it (the survey: "父节点文字内容过小"; no number given: a tenth of the body is a
#: caption or a promotion, not a section of the article).  Both ratios were set before any
#: page was scored and kept after cross-validation (benchmarks/results/lineblocks-weighted.md).
PARENT_FAR_SMALLER: Final = 0.1
#: Elements whose text may be the headline (the survey: "font字体的,strong的,h1的,title的
#: 节点"), besides the page's ``<title>``.
HEADLINE_TAGS: Final = frozenset({"font", "strong", "h1"})
#: Longest text (characters without whitespace) looked at for the short blocks: titles,
#: date lines and headline candidates; longer ones cannot pass their length rules.
SHORT_TEXT_MAX_CHARS: Final = 600
#: Most elements inside a short block whose text is read: reading an element's text walks
#: everything inside it, so 100,000 nested ``<span>`` around one sentence (each a short
#: date-line candidate) took minutes, quadratic in the depth.  A title or date line of at
#: most 600 characters with a thousand elements inside is no title or date line.
SHORT_TEXT_MAX_ELEMENTS: Final = 1_000

_SHORT_BLOCK_TAGS: Final = TITLE_TAGS | DATE_TAGS | HEADLINE_TAGS
_CJK_RUN: Final = re.compile(f"[{CJK_CHARACTERS}]+")
_SPACED_WORD: Final = re.compile(f"[^\\W{CJK_CHARACTERS}]+")


def words(text: str) -> set[str]:
    """The words of ``text`` for headline matching: lower-cased words of spaced scripts,
    and character pairs of Chinese, Japanese and Korean runs, the usual stand-in for word
    segmentation (the survey segments words, "分词", without saying how)."""
    lowered = text.lower()
    found = set(_SPACED_WORD.findall(lowered))
    for run in _CJK_RUN.findall(lowered):
        if len(run) == 1:
            found.add(run)
        found.update(run[i : i + 2] for i in range(len(run) - 1))
    return found


def _text(stats: ElementStats) -> str:
    return " ".join(stats.node.text(deep=True).split())


def _letters(block: TextBlock) -> int:
    return sum(map(len, block.text.split()))


def find_headline(candidates: Sequence[str], main_text: str) -> str | None:
    """The candidate whose words are most contained in the main text (the survey: "查验分
    出来的词有多少是被正文包含的,包含最多的一般就是标题"): the highest share of its words
    found in the main text, then the most such words, then the first.  Only candidates of
    a title's length count (the survey, 一: 3 to 35, see :func:`~.rules.text_units`), so that
    a one-word label that happens to occur in the text cannot win.  None when no
    candidate shares a word with the main text."""
    main_words = words(main_text)
    chosen = None
    top = (0.0, 0)
    for candidate in candidates:
        if not TITLE_MIN_LENGTH <= text_units(candidate) <= TITLE_MAX_LENGTH:
            continue
        own = words(candidate)
        shared = len(own & main_words)
        key = (shared / len(own), shared)
        if shared and key > top:
            chosen, top = candidate, key
    return chosen


def trim_ends(
    blocks: Sequence[TextBlock],
    containers: Sequence[ElementStats],
    *,
    far_larger: float = PARENT_FAR_LARGER,
    far_smaller: float = PARENT_FAR_SMALLER,
) -> bool:
    """Drop content blocks from the head and the tail of the content while their parent
    element holds far more or far less text than the article body, the parent that holds
    most of the content's text (the survey).  ``containers[i]`` is the parent of the
    element of ``blocks[i]``.  True when a block was dropped."""
    content = [i for i, block in enumerate(blocks) if block.is_content]
    if not content:
        return False
    weight: dict[int, int] = {}
    for i in content:
        key = containers[i].index
        weight[key] = weight.get(key, 0) + _letters(blocks[i])
    body_index = max(weight, key=lambda key: weight[key])
    body_chars = next(c.chars for c in containers if c.index == body_index)

    def stray(i: int) -> bool:
        chars = containers[i].chars
        return chars > far_larger * body_chars or chars < far_smaller * body_chars

    # With ratios either side of 1, each pass stops at the latest at a block of the body
    # itself, so the two passes never cross and the body's blocks always stay.
    changed = False
    for order in (content, content[::-1]):
        for i in order:
            if not stray(i):
                break
            blocks[i].is_content = False
            changed = True
    return changed


class Boxes(NamedTuple):
    """The blocks the rules find around the main block (each None when absent)."""

    title: ElementStats | None
    date: ElementStats | None
    related: ElementStats | None


def short_texts(records: Sequence[ElementStats]) -> dict[int, str]:
    """The text of every element that may be a title, date line or headline and is short
    enough to be one, by element index."""
    return {
        r.index: _text(r)
        for r in records
        if 0 < r.chars <= SHORT_TEXT_MAX_CHARS
        and r.elements <= SHORT_TEXT_MAX_ELEMENTS
        and r.tag in _SHORT_BLOCK_TAGS
    }


def find_boxes(records: Sequence[ElementStats], short: dict[int, str]) -> Boxes:
    """The title block, the publication-time block and the related-links block (the
    survey, 一, 二 and 四): the best-scoring title and date, and the first related-links block
    after the title."""
    total = records[0].chars if records else 0
    title = _pick(
        records,
        [title_score(r, short[r.index], total) if r.index in short else 0.0 for r in records],
    )
    date = _pick(
        records, [date_score(r, short[r.index]) if r.index in short else 0.0 for r in records]
    )
    related = next(
        (r for r in records if is_related_links(r) and (title is None or r.index > title.end)),
        None,
    )
    return Boxes(title, date, related)


def find_main(
    records: Sequence[ElementStats],
    boxes: Boxes,
    *,
    tag_density_max: float = TAG_DENSITY_MAX,
    density_exponent: float = DENSITY_EXPONENT,
) -> ElementStats | None:
    """The best-scoring main block (the survey, 三), or None on a page without text."""
    return _pick(
        records,
        [
            main_score(
                r,
                *boxes,
                tag_density_max=tag_density_max,
                density_exponent=density_exponent,
            )
            for r in records
        ],
    )


def mark_main(
    document: TextDocument,
    records: Sequence[ElementStats],
    main: ElementStats,
    boxes: Boxes,
) -> tuple[bool, list[ElementStats]]:
    """Flag as content the blocks inside the main block but outside the title, date and
    related-links blocks.  Returns whether a flag changed and, for each block, its parent
    element as :func:`trim_ends` sees it (the main block itself for text directly in
    it)."""
    by_node = {r.node.mem_id: r for r in records}
    excluded = [box for box in boxes if box is not None]
    changed = False
    containers: list[ElementStats] = []
    for block in document.blocks:
        node = block.node
        record = by_node.get(node.mem_id) if node is not None else None
        inside = (
            record is not None
            and main.contains(record)
            and not any(box.contains(record) for box in excluded)
        )
        changed = block.set_content(inside) | changed
        if record is None:
            containers.append(records[0])
        elif record.index == main.index or record.parent < 0:
            containers.append(record)
        else:
            containers.append(records[record.parent])
    return changed, containers


def headline_candidates(
    records: Sequence[ElementStats], short: dict[int, str], main: ElementStats, title: str | None
) -> list[str]:
    """Texts that may be the headline: ``font``, ``strong`` and ``h1`` elements outside the
    main block, in page order, then the page's ``<title>`` (the survey)."""
    candidates = [
        short[r.index]
        for r in records
        if r.tag in HEADLINE_TAGS and r.index in short and not main.contains(r)
    ]
    if title:
        candidates.append(title)
    return candidates


@dataclass(frozen=True, kw_only=True)
class WeightedBlocks:
    """Mark the blocks of the best-scoring main block as content and record the headline
    and date found on the way (the survey; see the package docstring).

    A document without a tree (hand-built) is left alone.
    """

    tag_density_max: float = TAG_DENSITY_MAX
    density_exponent: float = DENSITY_EXPONENT
    parent_far_larger: float = PARENT_FAR_LARGER
    parent_far_smaller: float = PARENT_FAR_SMALLER

    def __call__(self, document: TextDocument) -> bool:
        tree = document.tree
        body = tree.body if tree is not None else None
        if body is None:
            return False
        records = element_stats(body)
        short = short_texts(records)
        boxes = find_boxes(records, short)
        if boxes.date is not None:
            date = find_date(short[boxes.date.index])
            if date:
                document.metadata["date"] = date
        main = find_main(
            records,
            boxes,
            tag_density_max=self.tag_density_max,
            density_exponent=self.density_exponent,
        )
        if main is None:
            return False
        changed, containers = mark_main(document, records, main, boxes)
        trimmed = trim_ends(
            document.blocks,
            containers,
            far_larger=self.parent_far_larger,
            far_smaller=self.parent_far_smaller,
        )
        candidates = headline_candidates(records, short, main, document.title)
        headline = find_headline(candidates, document.content)
        if headline:
            document.metadata["headline"] = headline
        return changed or trimmed


def _pick(records: Sequence[ElementStats], scores: Sequence[float]) -> ElementStats | None:
    index = best(scores)
    return records[index] if index >= 0 else None


__all__ = [
    "HEADLINE_TAGS",
    "PARENT_FAR_LARGER",
    "PARENT_FAR_SMALLER",
    "SHORT_TEXT_MAX_CHARS",
    "Boxes",
    "WeightedBlocks",
    "find_boxes",
    "find_headline",
    "find_main",
    "headline_candidates",
    "mark_main",
    "short_texts",
    "trim_ends",
    "words",
]
