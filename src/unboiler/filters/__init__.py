"""Filters: small units that classify, merge or drop the blocks of a document.

A filter is any callable ``(TextDocument) -> bool`` that returns True when it changed
something, as in Boilerpipe, so an extractor is simply a list of filters.  Filters without
parameters are plain functions; filters with parameters are frozen dataclasses whose
defaults are the published constants.  No filter keeps state between calls: what it needs
from the page (the title, the language) it reads from the document.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from unboiler.document import EMPTY_BLOCK, TextBlock, TextDocument

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


def drop_blocks(document: TextDocument, indices: Iterable[int]) -> bool:
    """Make the content blocks among ``indices`` boilerplate: the last step of a rule
    that finds the blocks to leave out; True when one was content."""
    blocks = document.blocks
    changed = False
    for index in indices:
        changed = blocks[index].set_content(False) | changed
    return changed


__all__ = ["Chain", "Filter", "chain", "drop_blocks", "neighbours"]
