"""Tokenisation and the shallow text statistics every extractor shares.

Boilerpipe (Kohlschütter et al., WSDM 2010, §4.2 and the 1.2 source) counts *words* as
tokens that contain a letter or a digit, where a token is a run of word characters that may
be glued together by a few punctuation characters (``"'.,!@-:;$?()/``): ``U.S.``, ``don't``
and ``e-mail`` are one word each, while ``foo&bar`` is two and ``»`` is none.  Its *text
density* is the number of words per line after wrapping the block at 80 characters, counting
only the lines that were filled (the last, partial line is left out).

We follow those definitions with two deliberate changes, both for scripts Boilerpipe's
English-trained rules never met.  Combining marks (the vowel signs of Indic scripts, Hebrew
and Arabic points, Thai and Khmer signs, …) count as word characters, so that a Hindi word
is one word and not three; Java's ``\\b`` splits words at spacing marks, which no reader
would call a word boundary.  And text in scripts written without spaces (Chinese, Japanese,
Thai, Lao, Khmer, Burmese), which whitespace tokenisation would count as one word per
sentence, counts as many words as it is worth, calibrated against English, so that every
rule built on word counts and densities works on such pages unchanged.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final, NamedTuple

#: Punctuation that does not split a token: the character class of Boilerpipe's
#: ``UnicodeTokenizer`` (whose Java source escapes each character, so that its backslashes
#: are escapes and not members; a backslash splits words there and here).
GLUE_PUNCTUATION = "\"'.,!@-:;$?()/"
_GLUE = re.escape(GLUE_PUNCTUATION)  # for use inside a regex character class

#: Line width of Boilerpipe's word wrapping (``maxLineLength`` in ``flushBlock``).
WRAP_WIDTH = 80

#: Blocks whose combining marks belong inside words (for a regex character class):
#: general diacritics, Hebrew, Arabic, the Indic scripts through Sinhala, Thai, Lao,
#: Tibetan, Myanmar, Khmer, and the combining-mark supplements.  Whole Indic blocks are
#: listed because their letters are word characters already and their own punctuation
#: (danda) behaves like glue.  Python's ``\w`` leaves the marks out: "राहुल" is not one
#: run of ``\w``.
WORD_MARKS: Final = (
    "\u0300-\u036f\u0483-\u0489\u0591-\u05c7\u0610-\u061a\u064b-\u065f\u0670"
    "\u06d6-\u06ed\u0711\u0730-\u074a\u0900-\u0dff\u0e00-\u0eff\u0f00-\u0fff"
    "\u1000-\u109f\u1780-\u17ff\u1ab0-\u1aff\u1dc0-\u1dff\u200c\u200d\u20d0-\u20ff"
    "\u3099\u309a\ufe20-\ufe2f"
)
_TOKEN_CHAR = rf"\w{WORD_MARKS}{_GLUE}"
# Characters that are neither token characters nor whitespace: symbols that split tokens.
#
# The patterns below are written so that they begin with a single character class or a
# literal (``[x][x]*`` rather than ``[x]+``): the regex engine then scans for it in a tight
# loop instead of attempting a match at every position, which makes these page-wide
# scans 1.4 to 3 times faster (measured on the scrapinghub pages).
_SPECIAL = re.compile(rf"[^\s{_TOKEN_CHAR}][^\s{_TOKEN_CHAR}]*")
# A token made only of glue or underscores ("-", "...", "__"): a run of them with neither
# a word character before it (the lookbehind, checked once the run's first character is
# found) nor one after it.  Removing it leaves the spaces around it, collapsed later.
_GLUE_ONLY = re.compile(rf"[{_GLUE}_](?<![^ \n][{_GLUE}_])[{_GLUE}_]*(?![^ \n])")
# The ASCII characters _SPECIAL matches, as a table for bytes.translate; see _clean.
_ASCII = bytes(range(128))
_ASCII_SYMBOLS = bytes(code for code in _ASCII if _SPECIAL.match(chr(code)))
_ASCII_SYMBOLS_TO_SPACES = bytes.maketrans(_ASCII_SYMBOLS, b" " * len(_ASCII_SYMBOLS))
#: Up to this many distinct non-ASCII symbols in a text are replaced one by one (a fast
#: scan each); beyond it, one regex scan for all of them is cheaper.
MAX_SYMBOL_REPLACEMENTS = 24
# Runs of word characters and whitespace, which are never symbols: deleting them from the
# non-ASCII text of a Cyrillic or Greek page leaves the few characters worth testing, and
# a run of \w and \s is scanned four times faster than the symbol class itself.
_WORD_OR_SPACE_RUN = re.compile(r"[\w\s][\w\s]*")


# Scripts written without spaces between words, and the words each character is worth.
# Calibrated on parallel paragraphs (tests/data/parallel.json) and in line with the usual
# figures: a Chinese word averages about 1.6 characters and an English word becomes 1.5
# to 1.7 Chinese characters; Japanese kana-heavy text needs about two characters per
# English word; Thai spells each word with four to five code points including its vowel
# and tone marks.  Korean separates words with spaces and needs nothing.
HAN_WORDS_PER_CHAR = 0.65
KANA_WORDS_PER_CHAR = 0.4
SOUTHEAST_ASIAN_WORDS_PER_CHAR = 0.22
_HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f"
_KANA = "\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9f"
_SOUTHEAST_ASIAN = "\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff"  # Thai, Lao, Burmese, Khmer
_UNSPACED = re.compile(f"([{_HAN}]+)|([{_KANA}]+)|([{_SOUTHEAST_ASIAN}]+)")
_UNSPACED_WEIGHTS = (0.0, HAN_WORDS_PER_CHAR, KANA_WORDS_PER_CHAR, SOUTHEAST_ASIAN_WORDS_PER_CHAR)
# The same characters as one class: a scan for a single class is an order of magnitude
# faster than for alternatives, and most pages have none of these characters.
_ANY_UNSPACED = re.compile(f"[{_HAN}{_KANA}{_SOUTHEAST_ASIAN}]")
# A page with a single one of the scripts (most pages that have any) finds its runs with
# one class, and weighs them all alike.
_SCRIPTS = (
    (re.compile(f"[{_HAN}]"), re.compile(f"([{_HAN}][{_HAN}]*)"), HAN_WORDS_PER_CHAR),
    (re.compile(f"[{_KANA}]"), re.compile(f"([{_KANA}][{_KANA}]*)"), KANA_WORDS_PER_CHAR),
    (
        re.compile(f"[{_SOUTHEAST_ASIAN}]"),
        re.compile(f"([{_SOUTHEAST_ASIAN}][{_SOUTHEAST_ASIAN}]*)"),
        SOUTHEAST_ASIAN_WORDS_PER_CHAR,
    ),
)
_SPACES = re.compile("  +")  # a literal start, scanned fast
#: What one word of unspaced text stands for when lines are wrapped: an average English
#: word, so that a Chinese paragraph wraps into as many lines as its translation.
STAND_IN_WORD = "wwwww"
# The replacement of a run worth k words, for the usual k.
_STAND_INS = (" ", *(" " + " ".join([STAND_IN_WORD] * words) + " " for words in range(1, 64)))


def _weigh_unspaced(text: str, non_ascii: str) -> str:
    """Replace runs of unspaced scripts with as many stand-in words as they are worth
    (``non_ascii`` holds the text's non-ASCII characters, to tell which scripts occur).

    Fractions carry over from one run to the next within a line, so that a Japanese
    sentence of alternating kanji and kana runs is not rounded run by run.
    """
    present = [(runs, weight) for any_char, runs, weight in _SCRIPTS if any_char.search(non_ascii)]
    weights: tuple[float, ...] = _UNSPACED_WEIGHTS  # by the number of the matching group
    pattern = _UNSPACED
    if len(present) == 1:
        pattern, weights = present[0][0], (0.0, present[0][1])
    stand_ins = _STAND_INS
    out: list[str] = []
    last = 0
    worth = 0.0  # words the unspaced runs of the current line are worth so far
    emitted = 0
    newline = text.find("\n")  # the first line break after the previous run, if any
    if newline < 0:
        newline = len(text)
    for match in pattern.finditer(text):
        start, end = match.span()
        if start > newline:  # a new line: nothing carries over
            worth = 0.0
            emitted = 0
            newline = text.find("\n", start)
            if newline < 0:
                newline = len(text)
        worth += (end - start) * weights[match.lastindex or 0]
        words = int(worth + 0.5) - emitted
        emitted += words
        out.append(text[last:start])
        if words < len(stand_ins):
            out.append(stand_ins[words])
        else:
            out.append(" " + " ".join([STAND_IN_WORD] * words) + " ")
        last = end
    out.append(text[last:])
    return "".join(out)


def _clean(joined: str) -> tuple[str, bool, str]:
    """Symbols that are neither word characters nor glue become spaces; tokens made only
    of glue are dropped.  Returns the text, whether it changed, and the text's non-ASCII
    characters (for the caller's check for unspaced scripts).

    The scan for symbols is the costliest step of counting words, and a regex scan with
    Unicode classes costs about ten nanoseconds a character.  Most page text is ASCII,
    so the symbols are replaced on the UTF-8 bytes instead: ASCII symbols with one
    ``bytes.translate`` (multi-byte sequences hold no ASCII bytes), and the few distinct
    non-ASCII symbols (curly quotes, dashes, bullets), found among the non-ASCII
    characters alone, with one ``str.replace`` each.  Each symbol becomes one space
    rather than each run of them; the caller collapses spaces anyway.
    """
    changed = False
    data = joined.encode("utf-8", "surrogatepass")
    non_ascii = data.translate(None, _ASCII).decode("utf-8", "surrogatepass")
    cleaned = data.translate(_ASCII_SYMBOLS_TO_SPACES)
    if cleaned != data:
        joined = cleaned.decode("utf-8", "surrogatepass")
        changed = True
    if non_ascii:
        symbols = set("".join(_SPECIAL.findall(_WORD_OR_SPACE_RUN.sub("", non_ascii))))
        if symbols:
            changed = True
            if len(symbols) <= MAX_SYMBOL_REPLACEMENTS:
                for symbol in symbols:
                    joined = joined.replace(symbol, " ")
            else:
                joined = _SPECIAL.sub(" ", joined)
    if _GLUE_ONLY.search(joined):
        joined = _GLUE_ONLY.sub("", joined)
        changed = True
    return joined, changed, non_ascii


def word_text(text: str) -> str:
    """The word tokens of ``text`` joined by single spaces, with unspaced scripts replaced
    by stand-in words (see :func:`word_texts`)."""
    return word_texts([normalize_space(text)])[0]


def word_texts(texts: list[str]) -> list[str]:
    """For each whitespace-normalised, single-line text, its words as one string: the word
    tokens joined by single spaces, each run of Chinese, Japanese or Southeast Asian script
    replaced by the number of stand-in words it is worth.  Counting the spaces of the
    result counts words; wrapping it wraps the text.  Nothing but the statistics reads it.

    The texts are joined and cleaned with a few regular-expression scans for the whole
    page instead of a few per block: a call into the regex engine costs more than scanning
    a short block, and this runs on every block of every page.
    """
    if not texts:
        return []
    joined, changed, non_ascii = _clean("\n".join(texts))
    if _ANY_UNSPACED.search(non_ascii):
        joined = _weigh_unspaced(joined, non_ascii)
        changed = True
    if not changed:
        return texts
    # Replaced symbols left runs of spaces; collapse them for the whole page at once.
    joined = _SPACES.sub(" ", joined).replace("\n ", "\n").replace(" \n", "\n").strip(" ")
    return joined.split("\n")


def word_tokens(text: str) -> list[str]:
    """The word tokens of ``text`` in order (tokens without a letter or digit are dropped;
    a run of unspaced script is one token)."""
    words = " ".join(_clean(normalize_space(text))[0].split())
    return words.split(" ") if words else []


def count_words(text: str) -> int:
    """Number of words in ``text``; unspaced scripts count by their worth in words."""
    words = word_text(text)
    return words.count(" ") + 1 if words else 0


#: Above this length a text is split in pieces of about this length, cut at white space,
#: before ``str.split`` or a regular-expression substitution runs on it: both build a list
#: of every word or match at once, about 60 bytes a word, so a page of one 10 MB
#: paragraph would hold 100 MB of them.
LONG_TEXT: Final = 1 << 16


def pieces(text: str, separator: re.Pattern[str] | None = None) -> Iterator[str]:
    """``text`` in consecutive pieces of at least :data:`LONG_TEXT` characters (the last
    may be shorter), each cut just before a character ``separator`` matches (white space
    by default), so that no token, and no run of what ``separator`` matches, is cut."""
    separator = separator or _WHITESPACE
    start, size = 0, len(text)
    while start < size:
        end = start + max(LONG_TEXT, 1)
        if end < size:
            found = separator.search(text, end)
            end = found.start() if found else size
        yield text[start:end]
        start = end


_WHITESPACE: Final = re.compile(r"\s")  # \s is str.isspace, what str.split splits on


def normalize_space(text: str) -> str:
    """Collapse every run of whitespace to one space and strip the ends, as Boilerpipe's
    content handler does while it buffers characters."""
    if len(text) > LONG_TEXT:
        return " ".join(filter(None, (" ".join(piece.split()) for piece in pieces(text))))
    return " ".join(text.split())


def remove_space(text: str) -> str:
    """``text`` without its white space (``"".join(text.split())``)."""
    if len(text) > LONG_TEXT:
        return "".join("".join(piece.split()) for piece in pieces(text))
    return "".join(text.split())


def count_tokens(text: str, wanted: frozenset[str]) -> tuple[int, int]:
    """The whitespace-separated tokens of ``text``, and how many of them are in
    ``wanted``."""
    total = found = 0
    for piece in pieces(text) if len(text) > LONG_TEXT else (text,):
        tokens = piece.split()
        total += len(tokens)
        found += sum(map(wanted.__contains__, tokens))
    return total, found


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
    with a token longer than a line counts an extra, empty line before it, so a block of
    one such token has one filled line holding no word, ``(1, 0, 1)``, as Boilerpipe's
    ``flushBlock`` loop counts it (its ``TextBlock`` then counts that block as one line of
    all its words, and so does ours).
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
                if start == 0:  # the whole block is that token: the empty line only
                    return WrapStats(num_words, 0, 1)
                break
            if start == 0:
                wrapped_lines += 1
        wrapped_lines += 1
        words_in_wrapped_lines += words.count(" ", start, end) + 1
        start = end + 1
    if wrapped_lines == 0:
        return WrapStats(num_words, num_words, 1)
    return WrapStats(num_words, words_in_wrapped_lines, wrapped_lines)


#: Characters that show nothing and mean nothing to a reader of the text, which pages put
#: in for line breaking and encoders leave behind: the byte-order mark (U+FEFF, once the
#: zero-width no-break space), the zero-width space (U+200B), the word joiner (U+2060)
#: and the soft hyphen (U+00AD, a hyphenation point).  In extracted text they only cut
#: words apart for search indexes and tokenisers ("exam\u00adple" is not "example").
#: The zero-width non-joiner and joiner (U+200C, U+200D) stay: they change how Persian,
#: the Indic scripts and emoji sequences are written.
INVISIBLE_CHARACTERS: Final = "\ufeff\u200b\u2060\u00ad"
_WITHOUT_INVISIBLE: Final = dict.fromkeys(map(ord, INVISIBLE_CHARACTERS))


#: A run of joiners with nothing to join: white space on both sides.  At a text's edge a
#: joiner may join the text of the element beside it (``<b>می</b>&zwnj;<b>خواهم</b>``);
#: a line of joiners alone is no line (:func:`unboiler.output.tree.has_text`).
_LONE_JOINERS: Final = re.compile("(?<=\\s)[\u200c\u200d]+(?=\\s)")


def visible(text: str) -> str:
    """``text`` without :data:`INVISIBLE_CHARACTERS`, nor joiners that join nothing
    (:data:`_LONE_JOINERS`).  The layout applies it to every text it takes from the page,
    so that every output, and Markdown's emphasis rules, see the text as a reader does;
    the metadata to every field it takes from the page."""
    if text.isascii():
        return text
    text = text.translate(_WITHOUT_INVISIBLE)
    if "\u200d" in text or "\u200c" in text:
        text = _LONE_JOINERS.sub("", text)
    return text


def case_edge_parts(before: str, after: str, next_after: str = "") -> bool:
    """Whether a letter or digit ``before`` an element's edge and a letter or digit
    ``after`` it (``next_after`` the character after that) are two words that the
    page's CSS lays apart (:data:`unboiler.output.inline.CASE_EDGE`, which measured it
    on WCXB): a lower-case letter then an upper-case one or a digit ("San
    Diego</span><span>Verified", "Kilometerstand</span><span>48"), and an upper-case
    letter or a digit then a word that opens with a capital ("UK</b>Limited", a listing's
    "calle de Ruzafa, 24</span><span>Russafa"; a name written so, "<b>1</b>Password",
    is parted too).  Other letters and digits that touch are one word
    ("un<em>believ</em>able", "<b>NA</b>SA", "12<sup>th</sup>", "128</span><span>GB")."""
    if after.isupper():
        return before.islower() or (
            (before.isupper() or before.isdecimal()) and next_after.islower()
        )
    return after.isdecimal() and before.islower()
