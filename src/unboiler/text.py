"""Tokenisation and the shallow text statistics every extractor shares.

Boilerpipe (Kohlschütter et al., WSDM 2010, §4.2 and the 1.2 source) counts *words* as
tokens that contain a letter or a digit, where a token is a run of word characters that may
be glued together by a few punctuation characters (``"'.,!@-:;$?()/``): ``U.S.``, ``don't``
and ``e-mail`` are one word each, while ``foo&bar`` is two and ``»`` is none.  Its *text
density* is the number of words per line after wrapping the block at 80 characters, counting
only the lines that were filled (the last, partial line is left out).

We follow those definitions with one deliberate change: combining marks (the vowel signs of
Indic scripts, Hebrew and Arabic points, Thai and Khmer signs, …) count as word characters,
so that a Hindi word is one word and not three.  Java's ``\\b`` splits words at spacing marks,
which no reader would call a word boundary.
"""

from __future__ import annotations

import re
from typing import NamedTuple

#: Punctuation that does not split a token (the set of Boilerpipe's ``UnicodeTokenizer``).
GLUE_PUNCTUATION = "\"'.,!@\\-:;$?()/"

#: Line width of Boilerpipe's word wrapping (``maxLineLength`` in ``flushBlock``).
WRAP_WIDTH = 80

# Blocks whose combining marks belong inside words: general diacritics, Hebrew, Arabic,
# the Indic scripts through Sinhala, Thai, Lao, Tibetan, Myanmar, Khmer, and the
# combining-mark supplements.  Whole Indic blocks are listed because their letters are
# word characters already and their own punctuation (danda) behaves like glue.
_MARKS = (
    "\u0300-\u036f\u0483-\u0489\u0591-\u05c7\u0610-\u061a\u064b-\u065f\u0670"
    "\u06d6-\u06ed\u0711\u0730-\u074a\u0900-\u0dff\u0e00-\u0eff\u0f00-\u0fff"
    "\u1000-\u109f\u1780-\u17ff\u1ab0-\u1aff\u1dc0-\u1dff\u200c\u200d\u20d0-\u20ff"
    "\u3099\u309a\ufe20-\ufe2f"
)
_TOKEN_CHAR = rf"\w{_MARKS}{GLUE_PUNCTUATION}"
# Characters that are neither token characters nor whitespace: symbols that split tokens.
_SPECIAL = re.compile(rf"[^\s{_TOKEN_CHAR}]+")
# A token made only of glue or underscores ("-", "...", "__") between spaces or newlines.
_GLUE_ONLY = re.compile(rf"([ \n])[{GLUE_PUNCTUATION}_]+(?=[ \n])")


def word_text(text: str) -> str:
    """The word tokens of ``text`` joined by single spaces.

    Symbols that are neither word characters nor glue split tokens and are not words
    themselves, so they become spaces; tokens made only of glue are dropped.
    """
    return word_texts([normalize_space(text)])[0]


def word_texts(texts: list[str]) -> list[str]:
    """:func:`word_text` of many whitespace-normalised, single-line texts at once.

    The texts are joined and cleaned with two regular-expression scans for the whole page
    instead of two per block: a call into the regex engine costs more than scanning a
    short block, and this runs on every block of every page.
    """
    if not texts:
        return []
    joined = "\n".join(texts)
    changed = False
    if _SPECIAL.search(joined):
        joined = _SPECIAL.sub(" ", joined)
        changed = True
    padded = f" {joined} "
    if _GLUE_ONLY.search(padded):
        joined = _GLUE_ONLY.sub(r"\1", padded)
        changed = True
    if not changed:
        return texts
    return [" ".join(line.split()) for line in joined.split("\n")]


def word_tokens(text: str) -> list[str]:
    """The word tokens of ``text`` in order (tokens without a letter or digit are dropped)."""
    words = word_text(normalize_space(text))
    return words.split(" ") if words else []


def count_words(text: str) -> int:
    """Number of word tokens in ``text``."""
    words = word_text(normalize_space(text))
    return words.count(" ") + 1 if words else 0


def normalize_space(text: str) -> str:
    """Collapse every run of whitespace to one space and strip the ends, as Boilerpipe's
    content handler does while it buffers characters."""
    return " ".join(text.split())


class WrapStats(NamedTuple):
    """Word counts of a block after wrapping it at :data:`WRAP_WIDTH` characters."""

    num_words: int
    words_in_wrapped_lines: int
    wrapped_lines: int


def wrap_stats(text: str) -> WrapStats:
    """Count the words of ``text`` and wrap them greedily into 80-character lines."""
    return wrap_words(word_text(text))


def wrap_words(words: str) -> WrapStats:
    """Wrap a text of word tokens joined by single spaces (what :func:`word_text` returns)
    greedily into 80-character lines and count.

    Only word tokens take space on a line (Boilerpipe ignores the length of other tokens):
    each line takes the longest run of whole tokens that fits in 80 characters, and a
    token longer than a line sits alone on its own.  When no line was filled the whole
    block counts as one line holding every word; otherwise the words of the last,
    unfinished line are left out, so that text density (words per line) reflects running
    text rather than a short tail.  One quirk of the original is kept: a block that opens
    with a token longer than a line counts an extra, empty line before it.
    """
    if not words:
        return WrapStats(0, 0, 1)
    num_words = words.count(" ") + 1
    remaining = len(words)
    if remaining <= WRAP_WIDTH:
        return WrapStats(num_words, num_words, 1)
    wrapped_lines = 0
    words_in_wrapped_lines = 0
    start = 0
    while remaining - start > WRAP_WIDTH:
        end = words.rfind(" ", start, start + WRAP_WIDTH + 1)
        if end < 0:  # a token longer than a line fills a line of its own
            end = words.find(" ", start)
            if end < 0:
                break
            if start == 0:
                wrapped_lines += 1
        wrapped_lines += 1
        words_in_wrapped_lines += words.count(" ", start, end) + 1
        start = end + 1
    if wrapped_lines == 0:
        return WrapStats(num_words, num_words, 1)
    return WrapStats(num_words, words_in_wrapped_lines, wrapped_lines)
