"""A heading over nothing is no content: the last kept headings, when their sections'
text was left out.

The rules after the model leave sections out whole (an article's comments, a product's
reviews: :mod:`unboiler.filters.contributions`) or part by part, and the model itself
drops a box's text and keeps its heading: the output then ends "## Customer reviews" or
"## Still need help?" with nothing under it, which reads as a page cut short.  A kept
heading after the last kept text (a block with words that is no heading) is left out
when its section holds text that was not kept: a block of at least
:data:`SECTION_MIN_WORDS` words before the next heading of its level or above.  A heading
over no text of its own stays: the titles of a listing's items, a table of contents
written as headings.

Measured on the default extractor's held-out run (five folds by domain or site, the
saved probabilities of ``python benchmarks/default_cv.py``, the rule applied after the
others): WCXB 0.88123 to 0.88126, scrapinghub unchanged, readability 0.96166 to 0.96155
(one page: Mozilla's ``hidden-nodes`` test, whose gold keeps two headings over hidden
paragraphs); 38 pages up, 36 down, by a heading's words each.  Dropping every trailing
heading, those over no text too, gave WCXB 0.88093 (listing 0.7556 to 0.7518: the
titles of a listing's last items).  The rule is for the reader, not for a figure.
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from unboiler.document import TextDocument
from unboiler.filters import drop_blocks

#: A section's text, for :func:`drop_trailing_headings`: a block of at least this many
#: words that is no heading (a sentence, not a date or a "Read more").
SECTION_MIN_WORDS: Final = 5


def drop_trailing_headings(
    keep: npt.NDArray[np.bool_],
    words: npt.NDArray[np.float64],
    levels: npt.NDArray[np.int64],
) -> npt.NDArray[np.bool_]:
    """``keep`` without the kept headings after the last kept text whose sections hold
    text (see the module docstring); ``levels`` is each block's heading level (1 to 6,
    0 for no heading).  ``keep`` itself is not changed."""
    text = keep & (words > 0) & (levels == 0)
    if not text.any():
        return keep  # headings alone (a page of titles) are all there is
    last = int(np.flatnonzero(text)[-1])
    trailing = np.flatnonzero(keep[last + 1 :] & (levels[last + 1 :] > 0)) + last + 1
    if not len(trailing):
        return keep
    result = keep.copy()
    count = len(levels)
    for heading in trailing.tolist():
        level = levels[heading]
        index = heading + 1
        while index < count and not 0 < levels[index] <= level:
            if levels[index] == 0 and words[index] >= SECTION_MIN_WORDS:
                result[heading] = False
                break
            index += 1
    return result


def heading_levels(document: TextDocument) -> npt.NDArray[np.int64]:
    """Each block's heading level: that of its element, ``<h1>`` to ``<h6>`` (the block
    features' ``heading_level``), 0 for any other."""
    levels = np.zeros(len(document.blocks), dtype=np.int64)
    for index, block in enumerate(document.blocks):
        node = block.node
        tag = node.tag if node is not None else ""
        if tag is not None and len(tag) == 2 and tag[0] == "h" and tag[1] in "123456":
            levels[index] = int(tag[1])
    return levels


def drop_trailing_headings_filter(document: TextDocument) -> bool:
    """Filter: :func:`drop_trailing_headings` on the document's content flags."""
    blocks = document.blocks
    keep = np.fromiter((block.is_content for block in blocks), np.bool_, len(blocks))
    if not keep.any():
        return False
    words = np.fromiter((block.num_words for block in blocks), np.float64, len(blocks))
    kept = drop_trailing_headings(keep, words, heading_levels(document))
    return drop_blocks(document, np.flatnonzero(keep & ~kept).tolist())


__all__ = [
    "SECTION_MIN_WORDS",
    "drop_trailing_headings",
    "drop_trailing_headings_filter",
    "heading_levels",
]
