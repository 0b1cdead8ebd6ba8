"""Generic filters of the Boilerpipe toolbox (Boilerpipe 1.3 ``filters.simple``): mark,
drop and split blocks by flags, labels, word counts and clauses."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from unboiler.document import Label, TextBlock, TextDocument
from unboiler.text import count_words


def mark_everything_content(document: TextDocument) -> bool:
    """Mark every block as content (Boilerpipe's MarkEverythingContentFilter)."""
    changed = False
    for block in document.blocks:
        changed = block.set_content(True) | changed
    return changed


@dataclass(frozen=True, kw_only=True)
class BoilerplateBlockFilter:
    """Remove the blocks not marked as content (Boilerpipe's BoilerplateBlockFilter).

    With ``keep_title`` a block labelled :attr:`Label.TITLE` stays even when it is not
    content (Boilerpipe 1.2's ``INSTANCE_KEEP_TITLE``), so that ExpandTitleToContentFilter
    can still find the headline downstream.
    """

    keep_title: bool = False

    def __call__(self, document: TextDocument) -> bool:
        keep_title = self.keep_title
        kept = [
            block
            for block in document.blocks
            if block.is_content or (keep_title and Label.TITLE in block.labels)
        ]
        changed = len(kept) != len(document.blocks)
        document.blocks = kept
        return changed


@dataclass(frozen=True, kw_only=True)
class MinWords:
    """Content blocks with fewer than ``min_words`` words become boilerplate (Boilerpipe's
    MinWordsFilter)."""

    min_words: int

    def __call__(self, document: TextDocument) -> bool:
        changed = False
        for block in document.blocks:
            if block.is_content and block.num_words < self.min_words:
                block.is_content = False
                changed = True
        return changed


#: Words a clause needs (Boilerpipe's ``MinClauseWordsFilter.INSTANCE``).
MIN_CLAUSE_WORDS: Final = 5
# A clause ends with a letter or digit followed by clause punctuation and then whitespace
# or the end of the text (Boilerpipe's PAT_CLAUSE_DELIMITER) ...
_CLAUSE_DELIMITER: Final = re.compile(r"[^\W_][,.:;!?]+(?:[ \n\r]+|$)")
# ... and, in the ``unspaced`` variant, also by the full-width punctuation of Chinese and
# Japanese, which needs no space after it.
_UNSPACED_CLAUSE_DELIMITER: Final = re.compile(
    r"[^\W_](?:[,.:;!?]+(?:[ \n\r]+|$)|[，。：；！？、]+)"
)
# What separates a clause's words for Boilerpipe (MinClauseWordsFilter's PAT_WHITESPACE).
_CLAUSE_SPACE: Final = re.compile(r"[ \n\r]+")


@dataclass(frozen=True, kw_only=True)
class MinClauseWords:
    """Keep only content blocks with at least one clause of ``min_words`` words
    (Boilerpipe's MinClauseWordsFilter, used by ArticleSentencesExtractor).

    A clause is the text up to a delimiter; text after the last delimiter counts only with
    ``accept_clauses_without_delimiter``, since a real clause always ends with one.
    Boilerpipe counts a clause's words as its runs of spaces and line breaks plus one, so
    a "|" or "-" between spaces is a word.  ``unspaced`` (a variant of ours) counts with
    the shared word counter, which leaves such marks out and counts the words of Chinese
    or Japanese text, and ends clauses at their full-width punctuation too: without it no
    clause of an unspaced language ever has five words.
    """

    min_words: int = MIN_CLAUSE_WORDS
    accept_clauses_without_delimiter: bool = False
    unspaced: bool = False

    def _is_clause(self, text: str) -> bool:
        if self.unspaced:
            return count_words(text) >= self.min_words
        return 1 + len(_CLAUSE_SPACE.findall(text)) >= self.min_words

    def __call__(self, document: TextDocument) -> bool:
        changed = False
        for block in document.blocks:
            if not block.is_content:
                continue
            text = block.text
            start = 0
            has_clause = False
            delimiter = _UNSPACED_CLAUSE_DELIMITER if self.unspaced else _CLAUSE_DELIMITER
            for match in delimiter.finditer(text):
                if self._is_clause(text[start : match.start() + 1]):
                    has_clause = True
                    break
                start = match.end()
            if not has_clause and self.accept_clauses_without_delimiter:
                has_clause = self._is_clause(text[start:])
            if not has_clause:
                block.is_content = False
                changed = True
        return changed


def split_paragraph_blocks(document: TextDocument) -> bool:
    """Split merged blocks back into their paragraphs (Boilerpipe's
    SplitParagraphBlocksFilter).

    Boilerpipe splits the merged text at newlines and gives the pieces no statistics; we
    split at the original blocks, recount each piece and keep its DOM element.  Each piece
    inherits the content flag and labels of the block it came from.
    """
    result: list[TextBlock] = []
    changed = False
    for block in document.blocks:
        parts = block.parts
        if len(parts) < 2:
            result.append(block)
            continue
        changed = True
        nodes = block.nodes if len(block.nodes) == len(parts) else [None] * len(parts)
        for index, (text, node) in enumerate(zip(parts, nodes, strict=True)):
            piece = TextBlock.from_text(
                text,
                offset=block.offset_start + index,
                tag_level=block.tag_level,
                labels=block.labels,
                is_content=block.is_content,
                node=node,
            )
            result.append(piece)
    if changed:
        document.blocks = result
    return changed


__all__ = [
    "MIN_CLAUSE_WORDS",
    "BoilerplateBlockFilter",
    "MinClauseWords",
    "MinWords",
    "mark_everything_content",
    "split_paragraph_blocks",
]
