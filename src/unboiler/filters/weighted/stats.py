"""The statistics the feature-weighted block rules read, for every element of the page, in
one walk of the DOM.

The rules of the news-portal survey (the survey, sections 一–四) speak of a block's text
length, its number of tags and links, the share of its text inside links, its ``<p>`` and
``<br>`` tags, its commas and full stops, the length of its HTML and a few telltale
phrases ("上一篇", "版权所有", "相关新闻" ...).  Asking the tree for each candidate's text
and HTML would read nested candidates again and again (quadratic in the nesting depth), so
one iterative walk counts everything per element and adds each element's totals to its
parent when it closes.

Lengths are in characters without whitespace, so that the indentation of templates does
not count as text.  The length of an element's HTML is reconstructed from its parts (tags
with their attributes, text, script and style bodies) rather than serialised: within a few
per cent of the real markup, and free.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Final

#: Elements whose text is never shown: it counts as markup, not as text.
# fmt: off
HIDDEN_TAGS: Final = frozenset({
    "script", "style", "noscript", "template", "textarea", "select", "option", "svg",
    "math", "iframe", "object", "embed", "canvas", "audio", "video", "head", "title",
})
# fmt: on
#: Elements that mark paragraphs, which "usually occur only in the main block" (the survey,
#: 三: "<P><BR>").
PARAGRAPH_TAGS: Final = frozenset({"p", "br"})
#: Elements that set a title apart (the survey, 一: "<h1>-<h3>,<b>,<strong>"; the survey also
#: lists ``<i>``, left out here because pages now use it mostly for icon fonts).
EMPHASIS_TAGS: Final = frozenset({"h1", "h2", "h3", "b", "strong"})
# Void elements have no end tag.
# fmt: off
_VOID_TAGS: Final = frozenset({
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
    "track", "wbr",
})
# fmt: on

# Commas and full stops "in any script" (the survey, 三: "逗号、句号"): the full-width and
# ideographic ones (Chinese "，。", Japanese "、。") always, the ASCII ones when followed by
# a space or the end of the text, so that "3.5", "e.g" inside a word and URLs do not count.
_SENTENCE_MARK: Final = re.compile(r"[，。、．]|[,.](?!\S)")
# The telltale phrases of the survey, each in its own group.  "Previous"/"next" are link
# labels in English pages and common words in prose, so they are checked only on the
# short texts of links (see _PREV_NEXT_LINK).
_MARKERS: Final = re.compile(
    r"(上一篇|下一篇)|(ICP备|版权所有|©|copyright)|(相关链接|相关新闻|相关报道|\brelated\b)",
    re.IGNORECASE,
)
_PREV_NEXT_LINK: Final = re.compile(r"\s*(?:previous|prev|next)\b", re.IGNORECASE)
#: Longest link text that can be a "previous"/"next" label.
PREV_NEXT_LINK_MAX_CHARS: Final = 80


@dataclass(slots=True)
class ElementStats:
    """Counts over one element and everything inside it.

    ``index`` is the element's position in document order (pre-order) and ``end`` the
    index of its last descendant, so ``a`` contains ``b`` exactly when ``a.index <=
    b.index <= a.end``.  ``chars_before`` is the text that precedes the element in the
    page, for rules about position.
    """

    node: Any
    tag: str
    index: int
    parent: int
    chars_before: int
    end: int = -1
    chars: int = 0
    link_chars: int = 0
    elements: int = 1
    links: int = 0
    paragraph_tags: int = 0
    emphasis_tags: int = 0
    sentence_marks: int = 0
    markup: int = 0
    prev_next: int = 0
    copyright: int = 0
    related: int = 0

    @property
    def link_share(self) -> float:
        """Share of the element's text inside links."""
        return self.link_chars / self.chars if self.chars else 0.0

    @property
    def text_density(self) -> float:
        """Text length over HTML length (the survey, 三: "文本密度=len(文本)/len(HTML代码)")."""
        return self.chars / self.markup if self.markup else 0.0

    @property
    def tag_density(self) -> float:
        """Tags per thousand characters of text (the survey, 三: "标签密度=1000*标签数/文字数");
        infinite for an element without text."""
        return 1000 * self.elements / self.chars if self.chars else float("inf")

    def contains(self, other: ElementStats) -> bool:
        return self.index <= other.index <= self.end


def _start_tag_length(tag: str, attributes: dict[str, str | None]) -> int:
    length = len(tag) + 2
    for name, value in attributes.items():
        length += len(name) + 1 if value is None else len(name) + len(value) + 4
    return length


def _open(node: Any, index: int, parent: int, chars_before: int) -> ElementStats:
    tag = node.tag or ""
    record = ElementStats(node, tag, index, parent, chars_before)
    markup = _start_tag_length(tag, node.attributes)
    record.markup = markup if tag in _VOID_TAGS else markup + len(tag) + 3
    if tag == "a":
        record.links = 1
    elif tag in PARAGRAPH_TAGS:
        record.paragraph_tags = 1
    elif tag in EMPHASIS_TAGS:
        record.emphasis_tags = 1
    return record


def element_stats(root: Any) -> list[ElementStats]:
    """Statistics of ``root`` and every element under it, in document order.

    The walk keeps its own stack, so no nesting depth can exhaust Python's.  It runs over
    every node of the page, so it is written for speed: the per-element bookkeeping is
    done when an element closes, with its totals added to its parent's.
    """
    hidden_tags = HIDDEN_TAGS
    sentence_mark = _SENTENCE_MARK.findall
    markers = _MARKERS.finditer
    current = _open(root, 0, -1, 0)
    records: list[ElementStats] = [current]
    stack: list[ElementStats] = []
    hidden = 1 if current.tag in hidden_tags else 0  # depth inside elements not shown
    in_link = 1 if current.tag == "a" else 0  # depth inside <a>
    text_so_far = 0
    node = root.first_child
    while True:
        if node is None:
            # The current element closes: hand its totals to its parent.
            done = current
            done.end = len(records) - 1
            if done.tag in hidden_tags:
                hidden -= 1
            elif done.tag == "a":
                in_link -= 1
            if not stack:
                break
            parent = current = stack.pop()
            parent.chars += done.chars
            parent.link_chars += done.link_chars
            parent.elements += done.elements
            parent.links += done.links
            parent.paragraph_tags += done.paragraph_tags
            parent.emphasis_tags += done.emphasis_tags
            parent.sentence_marks += done.sentence_marks
            parent.markup += done.markup
            parent.prev_next += done.prev_next
            parent.copyright += done.copyright
            parent.related += done.related
            node = done.node.next
            continue
        if node.is_text_node:
            text = node.text_content or ""
            current.markup += len(text)
            if not hidden and not node.is_empty_text_node:
                length = sum(map(len, text.split()))
                text_so_far += length
                current.chars += length
                current.sentence_marks += len(sentence_mark(text))
                if in_link:
                    current.link_chars += length
                    if length <= PREV_NEXT_LINK_MAX_CHARS and _PREV_NEXT_LINK.match(text):
                        current.prev_next += 1
                for match in markers(text):
                    if match.group(1):
                        current.prev_next += 1
                    elif match.group(2):
                        current.copyright += 1
                    else:
                        current.related += 1
            node = node.next
            continue
        if not node.is_element_node:  # comments and the like
            node = node.next
            continue
        stack.append(current)
        current = _open(node, len(records), current.index, text_so_far)
        records.append(current)
        if current.tag in hidden_tags:
            hidden += 1
        elif current.tag == "a":
            in_link += 1
        node = node.first_child
    return records


__all__ = [
    "EMPHASIS_TAGS",
    "HIDDEN_TAGS",
    "PARAGRAPH_TAGS",
    "PREV_NEXT_LINK_MAX_CHARS",
    "ElementStats",
    "element_stats",
]
