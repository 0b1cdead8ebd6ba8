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
anything).  Its kept blocks are dropped when the page's likeliest block lies outside
it: when the likeliest block lies inside, the section's name says nothing reliable (a
page that wraps its article in ``class="post has-comments"``).  A forum's posts, often
marked up as comments, are left alone by the page-type gate.

Measured on the default extractor's held-out run (five folds by domain or site, the
saved probabilities of ``python benchmarks/default_cv.py``, the rule applied after the
others), one page type at a time:

- comments on articles: WCXB 0.87831 to 0.87893 (article 0.9566 to 0.9576, product
  0.6282 to 0.6302, no type lower), scrapinghub 0.96357 to 0.96504, readability
  unchanged; 3 of the 1,666 pages change;
- then reviews on products: WCXB 0.87968 to 0.88105 (product 0.6315 to 0.6516), the
  news sets unchanged; 25 pages change, 21 of them up;
- then signatures on forums: WCXB to 0.87984 alone (forum 0.8175 to 0.8194); 9 pages.

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

import numpy as np
import numpy.typing as npt

from unboiler.document import TextDocument
from unboiler.filters import drop_blocks

#: For each page type (WCXB's names), the words of its readers' contributions, the
#: stem first (what the page's classes and ids are searched for).
SECTION_WORDS: Final = {
    "article": ("comment", "comments"),
    "product": ("review", "reviews"),
    "forum": ("signature", "signatures"),
}


def _word_pattern(words: Sequence[str]) -> re.Pattern[str]:
    """One of ``words`` as a whole word of a lower-cased class or id (split at anything
    but a letter or digit)."""
    return re.compile("(?<![a-z0-9])(?:" + "|".join(map(re.escape, words)) + ")(?![a-z0-9])")


_PATTERNS: Final = {kind: _word_pattern(words) for kind, words in SECTION_WORDS.items()}


def _names(element: Any, pattern: re.Pattern[str]) -> bool:
    attributes = element.attributes
    return any(
        pattern.search((attributes.get(name) or "").lower()) is not None for name in ("class", "id")
    )


def contribution_sections(document: TextDocument, page_type: str) -> list[tuple[int, ...]]:
    """The blocks of each outermost section of readers' contributions of a page of
    ``page_type`` (see the module docstring), in the page's order; sections without
    blocks are left out, and a type without such sections has none."""
    tree = document.tree
    words = SECTION_WORDS.get(page_type)
    if tree is None or words is None:
        return []
    pattern = _PATTERNS[page_type]
    stem = words[0]
    candidates = tree.css(f"[class*={stem} i], [id*={stem} i]")
    sections = [element for element in candidates if _names(element, pattern)]
    if not sections:
        return []
    # Each section's elements, the outer sections first (the selector gives them in
    # document order, so an inner section comes after the one that holds it).
    section_of: dict[Any, int] = {}
    for number, section in enumerate(sections):
        if section in section_of:  # inside an earlier section: part of it
            continue
        for element in section.traverse(include_text=False):
            section_of[element] = number
    groups: dict[int, list[int]] = {}
    for index, block in enumerate(document.blocks):
        found = section_of.get(block.node)
        if found is not None:
            groups.setdefault(found, []).append(index)
    return [tuple(groups[number]) for number in sorted(groups)]


def drop_contributions(
    keep: npt.NDArray[np.bool_],
    likelihood: npt.NDArray[np.float64],
    words: npt.NDArray[np.float64],
    sections: Sequence[Sequence[int]],
) -> npt.NDArray[np.bool_]:
    """``keep`` without the blocks of each of ``sections`` that does not hold the
    likeliest block with words (the first of them on a tie)."""
    if not sections or not keep.any():
        return keep
    with_words = words > 0
    if not with_words.any():
        return keep
    likeliest = int(np.argmax(np.where(with_words, likelihood, -1.0)))
    keep = keep.copy()
    for section in sections:
        if likeliest not in section:
            keep[list(section)] = False
    return keep


def drop_contributions_filter(document: TextDocument) -> bool:
    """Filter: the content blocks of the readers' contributions of the page's type
    (:attr:`TextDocument.page_type`; :func:`drop_contributions`, over each block's
    :attr:`~unboiler.document.TextBlock.score`) become boilerplate."""
    if document.page_type not in SECTION_WORDS:
        return False
    blocks = document.blocks
    keep = np.fromiter((block.is_content for block in blocks), bool, len(blocks))
    if not keep.any():
        return False
    sections = contribution_sections(document, document.page_type)
    if not sections:
        return False
    likelihood = np.fromiter((block.score for block in blocks), np.float64, len(blocks))
    words = np.fromiter((block.num_words for block in blocks), np.float64, len(blocks))
    kept = drop_contributions(keep, likelihood, words, sections)
    return drop_blocks(document, np.flatnonzero(keep & ~kept).tolist())


__all__ = [
    "SECTION_WORDS",
    "contribution_sections",
    "drop_contributions",
    "drop_contributions_filter",
]
