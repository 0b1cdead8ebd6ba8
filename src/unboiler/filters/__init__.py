"""Filters: small units that classify, merge or drop the blocks of a document.

A filter is any callable ``(TextDocument) -> bool`` that returns True when it changed
something, as in Boilerpipe, so an extractor is simply a list of filters.  Filters without
parameters are plain functions; filters with parameters are frozen dataclasses whose
defaults are the published constants.  No filter keeps state between calls: what it needs
from the page (the title, the language) it reads from the document.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from unboiler.document import EMPTY_BLOCK, TextBlock, TextDocument
from unboiler.tags import HEADING_TAGS

Filter = Callable[[TextDocument], bool]


@dataclass(frozen=True, kw_only=True)
class Chain:
    """Run filters in order; changed when any of them changed something.  A chain is a
    filter, so recipes nest (ArticleSentencesExtractor starts with ArticleExtractor)."""

    filters: tuple[Filter, ...]

    def __call__(self, document: TextDocument) -> bool:
        changed = False
        for step in self.filters:
            changed = step(document) | changed
        return changed


def chain(*filters: Filter) -> Chain:
    """A filter that runs ``filters`` one after the other."""
    return Chain(filters=tuple(filters))


def neighbours(blocks: list[TextBlock]) -> Iterable[tuple[TextBlock, TextBlock, TextBlock]]:
    """(previous, current, next) for every block, with :data:`EMPTY_BLOCK` beyond either
    end, as Boilerpipe's classifiers see a page.  Neighbours are the blocks as they were
    before the loop: a classification never feeds into the next one."""
    padded = [EMPTY_BLOCK, *blocks, EMPTY_BLOCK]
    return zip(padded, blocks, padded[2:], strict=False)


def drop_sections(
    keep: npt.NDArray[np.bool_],
    likelihood: npt.NDArray[np.float64],
    words: npt.NDArray[np.float64],
    sections: Sequence[Sequence[int]],
    headings: npt.NDArray[np.bool_] | None = None,
) -> npt.NDArray[np.bool_]:
    """``keep`` without the blocks of each of ``sections`` that does not hold the
    page's likeliest block with words (the first of them on a tie): a section a rule
    finds by its markup (readers' comments, a hidden metadata box) is no content, unless
    the model's surest block lies in it, where the markup says nothing reliable (an
    article wrapped in ``class="post has-comments"``).  The headings (``headings``: each
    block's flag) right before a section dropped go with it: "## Customer reviews"
    written above the reviews' element, which the output ended with, over nothing.
    ``keep`` itself is not changed."""
    if not sections or not keep.any():
        return keep
    with_words = words > 0
    if not with_words.any():
        return keep
    likeliest = int(np.argmax(np.where(with_words, likelihood, -1.0)))
    keep = keep.copy()
    for section in sections:
        if likeliest not in section:
            if isinstance(section, range):  # a run of blocks: one slice
                keep[section.start : section.stop] = False
            else:
                keep[list(section)] = False
            if headings is not None and len(section):
                before = min(section) - 1
                while before >= 0 and headings[before] and before != likeliest:
                    keep[before] = False
                    before -= 1
    return keep


def drop_sections_of(document: TextDocument, sections: Sequence[Sequence[int]]) -> bool:
    """Filter step: :func:`drop_sections` over the document's content flags and each
    block's :attr:`~unboiler.document.TextBlock.score`."""
    blocks = document.blocks
    if not sections:
        return False
    keep = np.fromiter((block.is_content for block in blocks), np.bool_, len(blocks))
    if not keep.any():
        return False
    likelihood = np.fromiter((block.score for block in blocks), np.float64, len(blocks))
    words = np.fromiter((block.num_words for block in blocks), np.float64, len(blocks))
    kept = drop_sections(keep, likelihood, words, sections, heading_blocks(document))
    return drop_blocks(document, np.flatnonzero(keep & ~kept).tolist())


def heading_blocks(document: TextDocument) -> npt.NDArray[np.bool_]:
    """Each block's flag: its element is a heading, ``<h1>`` to ``<h6>`` (the block
    features' ``heading_level`` is above 0)."""
    return np.fromiter(
        (block.node is not None and block.node.tag in HEADING_TAGS for block in document.blocks),
        np.bool_,
        len(document.blocks),
    )


def drop_blocks(document: TextDocument, indices: Iterable[int]) -> bool:
    """Make the content blocks among ``indices`` boilerplate: the last step of a rule
    that finds the blocks to leave out; True when one was content."""
    blocks = document.blocks
    changed = False
    for index in indices:
        changed = blocks[index].set_content(False) | changed
    return changed


__all__ = [
    "Chain",
    "Filter",
    "chain",
    "drop_blocks",
    "drop_sections",
    "drop_sections_of",
    "heading_blocks",
    "neighbours",
]
