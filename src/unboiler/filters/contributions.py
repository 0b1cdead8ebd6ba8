"""Readers' contributions are not the page's content: an article's comments, a product's
reviews, a forum poster's signature.

Readers' comments under a news story or a blog post are the page's own text, often long
running prose, and the block model keeps some of them when they read like the article
(MacRumors' and Slashdot's threads under a story, at probabilities near one half).  On a
page whose type is an article, a comment section is never the main content: the
article-extraction benchmark's and WCXB's gold texts of articles leave comments out, as
trafilatura's comment-free output and Mozilla Readability do.  A product page's
customers' reviews are the same to it (WCXB's product content is the description and
the specifications), and so is the signature under each post of a forum thread, which
repeats the poster's links and slogans, not the discussion.

Such a section is an element whose ``class`` or ``id`` holds the type's word as a whole
word (:data:`SECTION_WORDS`: "comments-area", "fb-comments", ``id="reviews"``,
"post-signature"; not "nocomment", "preview" or "commentList", whose words may name
anything; nor an id of more than :data:`MAX_ID_WORDS` words, a heading's slug).  An
article's readers reply and respond too: "replies", a ``<div class="reply">``, Medium's
"responses" (a newcomer's blog kept its responses as the article's end; held out, WCXB
0.885501 to 0.885496, 2 product pages better and 2 worse for the id's bound, the news
sets unchanged; without the bound, an SRE book's section "Gmail: Predictable, Scriptable
Responses from Humans" went).  Its kept blocks are dropped when the page's likeliest
block lies outside it (:func:`unboiler.filters.drop_sections`): when the likeliest block
lies inside, the section's name says nothing reliable (a page that wraps its article in
``class="post has-comments"``), and the sections inside it are judged in turn (its
``<div id="comments">`` under the article is dropped).  On an article, alike sections
side by side are one section, judged whole (:data:`ALIKE_RUN_TYPES`): a thread's
replies, each in its own "comment" element, are all kept or all dropped, where the one
that held the likeliest block stayed alone.  A forum's posts, often marked up
as comments, are left alone by the page-type gate.  The headings right above a section
dropped go with it: "## Customer reviews" over the reviews' element, which the output
ended with, over nothing (a newcomer's report).  Held out, that costs WCXB 0.88123 to
0.88118 (product pages 0.6587 to 0.6579: WCXB's gold keeps a few such headings), the
news sets unchanged; it is kept for the reader, not for a figure.

Measured on the default extractor's held-out run (five folds by domain or site, the
saved probabilities of ``python benchmarks/default_cv.py``, the rule applied after the
others), one page type at a time:

- comments on articles: WCXB 0.87831 to 0.87893 (article 0.9566 to 0.9576, product
  0.6282 to 0.6302, no type lower), scrapinghub 0.96357 to 0.96504, readability
  unchanged; 3 of the 1,666 pages change;
- then reviews on products: WCXB 0.87968 to 0.88105 (product 0.6315 to 0.6516), the
  news sets unchanged; 25 pages change, 21 of them up;
- then signatures on forums: WCXB to 0.87984 alone (forum 0.8175 to 0.8194); 9 pages;
  Discuz!'s word for them, "sign", added later for a newcomer's Chinese thread whose
  five signatures came out, changes no page of the three benchmarks;
- sections nested in one that holds the likeliest block judged on their own, against
  the outermost sections alone: WCXB 0.88120 to 0.88123 (product 0.6516 to 0.6587, but
  forum 0.8194 to 0.8163 and service 0.8728 to 0.8711: two forum threads taken for
  articles lose their replies, which sit in "comment" elements inside the thread's
  own), the news sets unchanged.  The nesting is kept for what it fixes (comments
  inside a ``class="post has-comments"`` that holds the article), not for a figure.

All together, with the hidden-metadata rule (:mod:`unboiler.filters.structured`):
WCXB 0.8791 to 0.8812, scrapinghub 0.9636 to 0.9660, readability 0.9616 to 0.9617.
Split by the hash of the domain into two halves, reviews and signatures raise WCXB in
both; comments raise one (WCXB +0.0012, scrapinghub +0.0032) and lower the other
(WCXB -0.0005, the forum threads above).

Variants compared on those same runs (so the choice among them is not a held-out
figure): for comments, more words ("commentlist", "disqus_thread", "discussion",
"replies") changed one more page for the same score, and applying it on documentation
pages too gave 0.87892; gating on the section's share of the kept words (less than
half) rather than the likeliest block changed 1 page, since a long thread outweighs its
article.  For reviews, "review" inside a word but for "preview" gave 0.88093; reviews,
ratings and testimonials 0.88091; reviews on service pages as well 0.88092 (service
0.8728 to 0.8716).  Reviews on every page type lowered articles (0.9576 to 0.9554: a
critic's review is the article).  Sections of related links, sidebars, share buttons,
newsletters and ``<aside>`` on articles, and related products on product pages, did not
help (WCXB -0.0002 to -0.003, or a gain on scrapinghub bought on WCXB).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Final

from unboiler.document import TextDocument
from unboiler.filters import drop_sections_of

#: For each page type (WCXB's names), the words of its readers' contributions (each a
#: whole word of a class or id).
SECTION_WORDS: Final = {
    # (a signature on an article's page is as often its writer's own sign-off, an open
    # letter's "Sincerely, Jane Doe": signatures are a forum's only)
    "article": ("comment", "comments", "reply", "replies", "responses"),
    "product": ("review", "reviews"),
    "forum": ("signature", "signatures", "sign"),  # Discuz!'s <div class="sign">
}


def _word_pattern(words: Sequence[str]) -> re.Pattern[str]:
    """One of ``words`` as a whole word of a lower-cased class or id (split at anything
    but a letter or digit)."""
    return re.compile("(?<![a-z0-9])(?:" + "|".join(map(re.escape, words)) + ")(?![a-z0-9])")


_PATTERNS: Final = {kind: _word_pattern(words) for kind, words in SECTION_WORDS.items()}
#: The elements whose class or id holds one of a type's words anywhere: those to test
#: for a whole word (:data:`_PATTERNS`).
_SELECTORS: Final = {
    kind: ", ".join(f"[class*={word} i], [id*={word} i]" for word in words)
    for kind, words in SECTION_WORDS.items()
}


#: An id of more words than this is a heading's slug, not a section's name: an anchor
#: "gmail-predictable-scriptable-responses-from-humans" names no responses.  (Classes
#: are not held to it: a shop's reviews come in "product-reviews-widget-..." boxes.)
MAX_ID_WORDS: Final = 4
_NAME_WORD: Final = re.compile(r"[a-z0-9]+")


#: A table's cell of at most :data:`MAX_VALUE_WORDS` words holds one value, not a section
#: of anyone's posts, whatever its class says: arXiv's abstract page writes "15 pages, 5
#: figures" in a ``<td class="tablecell comments">``, beside its label "Comments:", and
#: the row came out as the label alone.  A cell of more words may be an old page's
#: comments laid out in a table.
VALUE_TAGS: Final = frozenset({"td", "th"})
MAX_VALUE_WORDS: Final = 12


#: The most words of a label cell ("Comments:") before a value cell of any length.
MAX_LABEL_WORDS: Final = 3


def _value_cell(element: Any) -> bool:
    """Whether ``element`` is a table's cell of one value (:data:`VALUE_TAGS`): short, or
    right after its label's cell (a header cell, or one of at most :data:`MAX_LABEL_WORDS`
    words ending in a colon).  arXiv's comments are as often a sentence or two
    ("Accepted at ACL 2024 (Findings). 9 pages, 4 figures; v2 adds results for Yoruba"),
    and the row came out as "Comments:" alone."""
    if element.tag not in VALUE_TAGS:
        return False
    if len(element.text(deep=True).split(maxsplit=MAX_VALUE_WORDS)) <= MAX_VALUE_WORDS:
        return True
    label = element.prev
    while label is not None and not label.is_element_node:
        label = label.prev
    if label is None or label.tag not in VALUE_TAGS:
        return False
    text = " ".join(label.text(deep=True).split())
    return label.tag == "th" or (
        text.endswith((":", "：")) and len(text.split()) <= MAX_LABEL_WORDS
    )


def _names(element: Any, pattern: re.Pattern[str]) -> bool:
    attributes = element.attributes
    if pattern.search((attributes.get("class") or "").lower()) is not None:
        return True
    identifier = (attributes.get("id") or "").lower()
    return (
        pattern.search(identifier) is not None
        and len(_NAME_WORD.findall(identifier)) <= MAX_ID_WORDS
    )


def contribution_sections(document: TextDocument, page_type: str) -> list[range]:
    """The blocks of each section of readers' contributions of a page of ``page_type``
    (see the module docstring), sections nested in others included, in the page's order
    of their starts; sections without blocks are left out, and a type without such
    sections has none; on some types, alike sections side by side are one
    (:func:`_alike_runs`).  Each is a :class:`range` of block indices: a thread of replies
    nested a thousand deep is a thousand ranges, not half a million indices."""
    tree = document.tree
    words = SECTION_WORDS.get(page_type)
    if tree is None or words is None:
        return []
    pattern = _PATTERNS[page_type]
    candidates = tree.css(_SELECTORS[page_type])
    sections = [
        element for element in candidates if _names(element, pattern) and not _value_cell(element)
    ]
    if not sections:
        return []
    number_of = {section: number for number, section in enumerate(sections)}
    # The innermost section around each element, and the section around each section,
    # in one walk of each outermost section (parents come before their children; the
    # outermost section's own parent is outside every section).
    innermost: dict[Any, int] = {}
    outer_of: dict[int, int] = {}
    for section in sections:
        if section in innermost:  # inside an earlier section: walked with it
            continue
        for element in section.traverse(include_text=False):
            number = number_of.get(element)
            around = innermost.get(element.parent)
            if number is not None:
                if around is not None:
                    outer_of[number] = around
                innermost[element] = number
            elif around is not None:
                innermost[element] = around
    # A section's blocks are a run of the page's blocks (its subtree's, in the page's
    # order): its first and last, from the blocks whose innermost section it is, then
    # passed out to the sections around it, inner ones first (they come later in the
    # page's order), in linear time however deep the nesting.
    first: dict[int, int] = {}
    last: dict[int, int] = {}
    for index, block in enumerate(document.blocks):
        found = innermost.get(block.node)
        if found is not None:
            first.setdefault(found, index)
            last[found] = index
    for number in range(len(sections) - 1, -1, -1):
        outer = outer_of.get(number)
        if outer is not None and number in first:
            first[outer] = min(first.get(outer, first[number]), first[number])
            last[outer] = max(last.get(outer, last[number]), last[number])
    # alike sections side by side are one, numbered as the first that has blocks: the
    # replies of a thread
    runs = _alike_runs(sections) if page_type in ALIKE_RUN_TYPES else {}
    for run in runs.values():
        ends = [end for end in run if end in first]
        if not ends:
            continue
        head = ends[0]
        first[head] = min(first[end] for end in ends)
        last[head] = max(last[end] for end in ends)
        for end in ends[1:]:
            del first[end]
    return [range(first[number], last[number] + 1) for number in sorted(first)]


#: A section that is an ``<article>`` or holds a heading of these is a story of its own
#: (a site that wraps each story of an endless page in ``class="post has-comments"``),
#: never one with the sections beside it.
STORY_HEADINGS: Final = "h1, h2"


def _holds_story(section: Any) -> bool:
    return section.tag == "article" or section.css_first(STORY_HEADINGS) is not None


#: The page types whose alike sections side by side are one (:func:`_alike_runs`): an
#: article's replies.  A product's reviews stay one by one: held out, WCXB 0.886987 to
#: 0.886656 with them (product 0.6705 to 0.6657: a review the model likes, kept with
#: its neighbours, where WCXB's gold keeps none), unchanged with articles' alone.
ALIKE_RUN_TYPES: Final = frozenset({"article"})


def _alike_runs(sections: Sequence[Any]) -> dict[int, list[int]]:
    """The runs of sections that are siblings side by side (nothing but white space and
    comments between) with one tag and one class, none a story (:func:`_holds_story`),
    by their first's number: each run is one section (:func:`contribution_sections`).
    Mastodon writes each reply to a post as ``<div class="entry h-cite u-comment">``:
    judged one by one, the reply that held the page's likeliest block stayed and the
    others went."""
    number_of = {int(section.mem_id): number for number, section in enumerate(sections)}
    runs: dict[int, list[int]] = {}
    head_of: dict[int, int] = {}
    for number, section in enumerate(sections):
        before = section.prev
        while (
            before is not None
            and not before.is_element_node
            and not (before.is_text_node and (before.text_content or "").strip())
        ):
            before = before.prev
        if before is None or not before.is_element_node:
            continue
        previous = number_of.get(int(before.mem_id))
        if previous is None or before.tag != section.tag:
            continue
        if (before.attributes.get("class") or "") != (section.attributes.get("class") or ""):
            continue
        if _holds_story(before) or _holds_story(section):
            continue
        head = head_of.get(previous, previous)
        head_of[number] = head
        runs.setdefault(head, [head]).append(number)
    return runs


def drop_contributions_filter(document: TextDocument) -> bool:
    """Filter: the content blocks of the readers' contributions of the page's type
    (:attr:`TextDocument.page_type`) that do not hold the likeliest block become
    boilerplate (:func:`unboiler.filters.drop_sections`)."""
    if document.page_type not in SECTION_WORDS:
        return False
    if not any(block.is_content for block in document.blocks):
        return False
    return drop_sections_of(document, contribution_sections(document, document.page_type))


__all__ = [
    "SECTION_WORDS",
    "contribution_sections",
    "drop_contributions_filter",
]
