"""The columns of a block's own text: what its words, marks and labels say.

Part of the default extractor's view of a page (:mod:`unboiler.classify.signals`, which
puts these columns first in each block's row, :data:`BLOCK_OWN`): the block's words,
link and text density, sentence and punctuation statistics, stop-word density in the
page's language, dates, prices, copyright lines, whether it repeats the page's title,
Boilerpipe's NumWords rule and end-of-text phrases (Kohlschütter et al., WSDM 2010),
where it lies among the headings, and whether it is under a heading or after a label
that names the page's furniture ("You may also like", "Comments": :data:`FURNITURE_LABELS`).

Each column is computed for the whole page at once where it can be: the texts are
joined and scanned once per pattern, not once per block.
"""

from __future__ import annotations

import operator
import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from importlib import resources
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from unboiler.document import TextDocument
from unboiler.filters.boilerpipe import TERMINATING_CLUES, is_terminating_text
from unboiler.text import LONG_TEXT, count_tokens

#: Blocks since the last heading (the heading itself is 0) are counted up to this; a
#: block before any heading has this value.
MAX_SINCE_HEADING: Final = 50

#: Blocks of fewer words are checked for Boilerpipe's end-of-text phrases (its
#: TerminatingBlocksFinder looks at blocks under 15 words).
END_OF_TEXT_MAX_WORDS: Final = 15

#: Blocks of at most this many words are compared with the page title.
TITLE_MAX_WORDS: Final = 30

_SENTENCE_END: Final = frozenset(".!?。！？…\"'”’")

# Page-wide scans: each pattern starts with a character class or a literal, so that the
# regex engine skips to candidate positions instead of trying every one; month names and
# the copyright line are searched in the lower-cased text.
_DATES: Final = (
    re.compile(
        r"\d(?:\d{0,3}[./-]\d{1,2}[./-]\d{1,4}|\d?\.?\s+(?:jan|feb|mar|apr|may|jun|jul|aug|"
        r"sep|oct|nov|dec)|\d{3}年\d{1,2}月|\d*\s+(?:minutes?|hours?|days?|weeks?|months?|"
        r"years?)\s+ago)"
    ),
    re.compile(
        r"[adfjmnos](?<![a-z][adfjmnos])(?:an|eb|ar|pr|ay|un|ul|ug|ep|ct|ov|ec)[a-z]*\.?\s+\d"
    ),
)


def _phrases(name: str) -> tuple[str, ...]:
    """The phrases of the package's list ``data/<name>``: one a line, lower-cased, with
    ``#`` comments and blank lines left out."""
    text = (resources.files("unboiler") / "data" / name).read_text(encoding="utf-8")
    lines = (line.strip() for line in text.splitlines())
    return tuple(line.lower() for line in lines if line and not line.startswith("#"))


#: Labels of the parts of a page beside its content (``data/furniture-labels.txt``,
#: lower-cased: "you may also like", "customers also bought", "comments", "lire aussi",
#: "相关推荐"...): what the site recommends or sells next to it, readers' comments,
#: sharing, newsletter and sponsored boxes.  Trafilatura's and Readability's rules find
#: such parts by their markup's class names; a label is what tells them apart where the
#: class names say nothing (a generated ``a-carousel-container``).  The phrases are in
#: the languages the benchmarks and the held-out pages are written in most; a phrase
#: matches anywhere in a label, inside a word too ("related" in "age-related", "teilen"
#: in "Vorteilen"; a headline can hold one), and as written (a typographic apostrophe,
#: "Don’t miss", is no match).  They are features, not rules: the model weighs them (a
#: paper's "Related work" is content, a shop's "Related products" is not).  Added with
#: the prices under the block's ancestors (:data:`~unboiler.classify.signals.PRICE_DEPTHS`)
#: and ``visibility: hidden`` as hidden (:mod:`unboiler.classify.context`), all three
#: chosen before the run that measured them, held out (``benchmarks/default_cv.py``, the
#: model trained again): WCXB 0.88208 to 0.88348 (collection 0.683 to 0.697, service
#: 0.871 to 0.875, documentation 0.942 to 0.941, listing 0.756 to 0.754), scrapinghub
#: 0.96608 to 0.96635, readability 0.96258 to 0.96400.
#:
#: Measured and not adopted (the model trained again, held out as above): phrases
#: matched at word starts only, typographic apostrophes read as straight ones, a
#: furniture heading's section left open under a nested one, six more phrases ("more
#: topics", "similar threads", "more like this", "you may/might be interested", "other
#: items"), together with the class tokens ``hide`` and ``invisible`` read as hidden:
#: WCXB 0.88348 to 0.88221 (product 0.662 to 0.633, listing 0.754 to 0.746, forum 0.820
#: to 0.824), scrapinghub 0.96635 to 0.96512, readability 0.96400 to 0.96405.  Four
#: pages account for WCXB's loss and more (three shop pages of empty gold given text
#: at the page floor, a listing emptied by it); ``invisible`` is also a visible style
#: (GitHub Primer's ``Button--invisible``), so the lexicon's changes were measured
#: again without the class tokens, with three more phrases ("in this article", "on this
#: page", "table of contents") and the hiding style read case-insensitively
#: (``unboiler.tags``-wide, as the outputs read it): WCXB 0.88349 to 0.88471 (forum
#: 0.821 to 0.828, listing 0.754 to 0.758), but scrapinghub 0.96635 to 0.96412 and
#: readability 0.96400 to 0.96384, four news pages moving by 0.13 to 0.35 each way; not
#: adopted (scrapinghub fell under its 0.965).  The run is branch ``var45``.
FURNITURE_LABELS: Final = _phrases("furniture-labels.txt")

#: Blocks of at most this many words are read as labels (besides every heading).
FURNITURE_LABEL_MAX_WORDS: Final = 8


def phrase_pattern(phrases: Iterable[str]) -> re.Pattern[str]:
    """A regular expression that finds any of ``phrases``, written as a trie ("re(?:lated|
    commend...)") rather than one branch per phrase: Python's engine then tries the few
    branches of one character at each position, not every phrase (two and a half times
    faster on the labels of scrapinghub's pages, 0.5 against 1.2 ms a page).  A phrase
    that another begins with matches where the longer one does, which is all a search
    for any of them needs."""
    trie: dict[str, Any] = {}
    for phrase in phrases:
        node = trie
        for character in phrase:
            node = node.setdefault(character, {})
        node[""] = {}

    def branches(node: dict[str, Any]) -> str:
        if "" in node:  # a phrase ends here: what follows may be left out
            return ""
        alternatives = [re.escape(key) + branches(child) for key, child in sorted(node.items())]
        if len(alternatives) == 1:
            return alternatives[0]
        return "(?:" + "|".join(alternatives) + ")"

    if not trie:
        return re.compile("(?!)")  # no phrase: nothing matches
    return re.compile(branches(trie))


_FURNITURE_LABEL: Final = phrase_pattern(FURNITURE_LABELS)

_PRICES: Final = (
    re.compile(r"[$€£¥₹]\s?\d"),
    re.compile(r"\d(?:[.,]\d{2})?\s?(?:€|EUR|USD|GBP|zł|kr)\b"),
)

_COPYRIGHT: Final = ("©", "copyright", "all rights reserved")

BLOCK_OWN: Final = (
    "log_words",
    "link_density",
    "log_text_density",
    "wrapped_lines",
    "ends_sentence",
    "punctuation_per_word",
    "digit_share",
    "stop_word_density",
    "has_date",
    "has_price",
    "has_copyright",
    "title_share",
    "is_title",
    "heading_level",
    "repeats_on_page",
    "num_words_rule",
    "end_of_text_phrase",
    "position",
    "words_before_share",
    "blocks_since_heading",
    "noscript",
    "furniture_section",
    "since_furniture_label",
)

#: Characters of running text the language is detected from: a few paragraphs tell the
#: language as well as the page (CLD2's time grows with the text).
LANGUAGE_SAMPLE_CHARS: Final = 4000


def _page_language(document: TextDocument) -> str | None:
    """The caller's language, else the one CLD2 detects in the page's running text (the
    blocks of ten words or more, up to :data:`LANGUAGE_SAMPLE_CHARS`; code among them,
    as the packaged model was trained, where :func:`unboiler.language.document_language`
    leaves it out), else the declared one."""
    from unboiler.language import MIN_DETECTION_WORDS, declared_language, detect

    if document.language is not None:
        return document.language
    sample: list[str] = []
    size = 0
    for block in document.blocks:
        if block.num_words >= MIN_DETECTION_WORDS:
            sample.append(block.text)
            size += len(block.text)
            if size >= LANGUAGE_SAMPLE_CHARS:
                break
    if not sample:
        sample = [block.text for block in document.blocks[:50]]
    return detect("\n".join(sample)) or declared_language(document)


def _stop_words(document: TextDocument) -> frozenset[str] | None:
    from unboiler.language import UNSPACED_LANGUAGES, stop_words

    language = _page_language(document)
    if language is None or language in UNSPACED_LANGUAGES:
        return None
    try:
        return stop_words(language)
    except ValueError:
        return None


_DIGIT: Final = 1

_MARK: Final = 2


def _character_classes() -> npt.NDArray[np.uint8]:
    """A table over every code point: :data:`_DIGIT` for ASCII digits, :data:`_MARK` for
    the sentence and clause punctuation counted per word (Latin and CJK)."""
    table = np.zeros(0x110000, dtype=np.uint8)
    table[ord("0") : ord("9") + 1] = _DIGIT
    table[[ord(c) for c in ",.;:!?，。；：！？、"]] = _MARK
    return table


# One byte a code point (1.1 MB): indexing it with the code points of a run of texts
# classifies them in one pass, where np.isin allocates several temporaries their size.
_CHARACTER_CLASSES: Final = _character_classes()

_TITLE_STRIP: Final = ".,:;!?\"'()[]|«»“”‘’-–—"


def _per_block_matches(
    patterns: Sequence[re.Pattern[str] | str],
    joined: str,
    starts: npt.NDArray[np.int64],
    count: int,
) -> npt.NDArray[np.float64]:
    """1 for each block in which one of ``patterns`` (regular expressions or plain
    strings) occurs: one scan of the joined texts per pattern."""
    result = np.zeros(count)
    positions: list[int] = []
    for pattern in patterns:
        if isinstance(pattern, str):
            found = joined.find(pattern)
            while found >= 0:
                positions.append(found)
                found = joined.find(pattern, found + 1)
        else:
            positions += [match.start() for match in pattern.finditer(joined)]
    if positions:
        result[np.searchsorted(starts, positions, side="right") - 1] = 1.0
    return result


def num_words_rule_columns(
    words: npt.NDArray[np.float64], linked: npt.NDArray[np.float64]
) -> npt.NDArray[np.bool_]:
    """:func:`~unboiler.filters.boilerpipe.num_words_rule` (WSDM 2010, Algorithm 2) for
    every block at once, with the virtual empty block before the first and after the
    last; the same leaves in the same order, as array conditions."""
    from unboiler.filters import boilerpipe as rule

    density = np.divide(linked, words, out=np.zeros_like(words), where=words > 0)
    prev_words = np.concatenate([[0.0], words[:-1]])
    next_words = np.concatenate([words[1:], [0.0]])
    prev_density = np.concatenate([[0.0], density[:-1]])
    short_run = (
        (words <= rule.CURR_NUM_WORDS_SHORT)
        & (next_words <= rule.NEXT_NUM_WORDS_SHORT)
        & (prev_words <= rule.PREV_NUM_WORDS_SHORT)
    )
    after_links = (words <= rule.CURR_NUM_WORDS_AFTER_LINKS) & (
        next_words <= rule.NEXT_NUM_WORDS_AFTER_LINKS
    )
    prev_clean = prev_density <= rule.PREV_LINK_DENSITY_MAX
    content = np.where(prev_clean, ~short_run, ~after_links)
    return np.asarray(content & (density <= rule.CURR_LINK_DENSITY_MAX))


#: Characters classified at once by :func:`_class_counts`: their code points take four
#: bytes each, so a page is read in runs of blocks about this long, not whole.
CLASS_CHUNK: Final = 1 << 20


def _classes(text: str) -> npt.NDArray[np.uint8]:
    points = np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
    return _CHARACTER_CLASSES[points]


def _class_counts(
    texts: list[str], lengths: npt.NDArray[np.int64]
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """The digits and the punctuation marks of each text, counted by ``np.add.reduceat``
    over the code points of runs of texts about :data:`CLASS_CHUNK` long (each text is
    followed by a separator, so that every run's last offset lies inside the run); no
    page-long array is held."""
    count = len(texts)
    digits = np.zeros(count, dtype=np.int64)
    marks = np.zeros(count, dtype=np.int64)
    ends = np.cumsum(lengths + 1)
    first = 0
    while first < count:
        start = int(ends[first] - lengths[first] - 1)
        last = max(int(np.searchsorted(ends, start + CLASS_CHUNK, side="right")), first + 1)
        if lengths[first] > CLASS_CHUNK:  # one long text: counted slice by slice
            for at in range(0, int(lengths[first]), CLASS_CHUNK):
                classes = _classes(texts[first][at : at + CLASS_CHUNK])
                digits[first] += np.count_nonzero(classes == _DIGIT)
                marks[first] += np.count_nonzero(classes == _MARK)
            first += 1
            continue
        run = "\n".join(texts[first:last]) + "\n"
        classes = _classes(run)
        offsets = ends[first:last] - (lengths[first:last] + 1) - start
        digits[first:last] = np.add.reduceat(classes == _DIGIT, offsets, dtype=np.int64)
        marks[first:last] = np.add.reduceat(classes == _MARK, offsets, dtype=np.int64)
        first = last
    return digits, marks


def _stop_word_share(text: str, stops: frozenset[str]) -> float:
    tokens, found = count_tokens(text, stops)
    return found / tokens if tokens else 0.0


def _token_shares(
    lowered: Iterable[str],
    count: int,
    stops: frozenset[str] | None,
    title_text: str,
    short: list[int],
) -> tuple[list[float], list[float]]:
    """For each of the ``count`` lower-cased block texts, the share of its tokens that
    are ``stops`` (none without a stop list); for the blocks ``short``, the share of
    their tokens that are words of ``title_text`` (distinct title words found, over
    tokens).  One pass that splits each block once: a pass for each share cost a third
    more.  A long text is counted in pieces (see :func:`count_tokens`) unless the title
    share reads it, which it does only for a few words."""
    title_words = frozenset(word.strip(_TITLE_STRIP) for word in title_text.split())
    stop_shares: list[float] = []
    title_shares: list[float] = []
    if not stops and not short:
        return stop_shares, title_shares
    strip = operator.methodcaller("strip", _TITLE_STRIP)
    for_title = np.zeros(count, dtype=bool)
    for_title[short] = True
    for text, title_too in zip(lowered, for_title.tolist(), strict=True):
        if len(text) > LONG_TEXT and not title_too:
            if stops:
                stop_shares.append(_stop_word_share(text, stops))
            continue
        tokens = text.split()
        if stops:
            stop_shares.append(
                sum(map(stops.__contains__, tokens)) / len(tokens) if tokens else 0.0
            )
        if title_too:
            found = len(title_words.intersection(map(strip, tokens)))
            title_shares.append(found / max(len(tokens), 1))
    return stop_shares, title_shares


def text_columns(
    document: TextDocument,
    texts: list[str],
    tags: list[str],
    words: npt.NDArray[np.float64],
    linked: npt.NDArray[np.float64],
) -> npt.NDArray[np.float64]:
    """The columns of :data:`BLOCK_OWN`, page-wide passes over the joined texts where
    possible (a regex or numpy scan of the page, not one per block)."""
    blocks = document.blocks
    count = len(blocks)
    own = np.zeros((count, len(BLOCK_OWN)))
    if not count:
        return own
    column = BLOCK_OWN.index
    lengths = np.fromiter(map(len, texts), dtype=np.int64, count=count)
    starts = np.concatenate([[0], np.cumsum(lengths + 1)[:-1]])
    digits, marks = _class_counts(texts, lengths)
    in_wrapped = np.fromiter((b.num_words_in_wrapped_lines for b in blocks), np.float64, count)
    wrapped = np.fromiter((b.num_wrapped_lines for b in blocks), np.float64, count)
    # TextBlock.text_density, for all blocks at once
    density = np.where(in_wrapped == 0, words, in_wrapped / np.maximum(wrapped, 1.0))

    own[:, column("log_words")] = np.log1p(words)
    own[:, column("link_density")] = np.divide(
        linked, words, out=np.zeros_like(words), where=words > 0
    )
    own[:, column("log_text_density")] = np.log1p(density)
    own[:, column("wrapped_lines")] = np.minimum(wrapped, 50)
    own[:, column("ends_sentence")] = [text[-1:] in _SENTENCE_END for text in texts]
    own[:, column("punctuation_per_word")] = marks / np.maximum(words, 1.0)
    own[:, column("digit_share")] = digits / np.maximum(lengths, 1)
    joined = "\n".join(texts)
    own[:, column("has_price")] = _per_block_matches(_PRICES, joined, starts, count)
    # The page's texts once more, lower-cased, for the scans that ignore case; the
    # original joined texts are let go first and no list of lower-cased texts is kept
    # (each is sliced when read): on a page of 50 MB of text each copy is 50 MB.
    lowered_joined = joined.lower()
    # str.lower never shortens a code point, so an equal length means every text kept
    # its own
    same = len(lowered_joined) == len(joined)
    del joined
    if same:
        starts_lowered = starts
        lowered_lengths = lengths
    else:  # lower-casing changed the length of some text: go one by one
        del lowered_joined
        lowered_texts = [text.lower() for text in texts]
        lowered_lengths = np.fromiter(map(len, lowered_texts), dtype=np.int64, count=count)
        starts_lowered = np.concatenate([[0], np.cumsum(lowered_lengths + 1)[:-1]])
        lowered_joined = "\n".join(lowered_texts)
        del lowered_texts
    ranges = list(
        zip(starts_lowered.tolist(), (starts_lowered + lowered_lengths).tolist(), strict=True)
    )

    def lowered(index: int) -> str:
        start, end = ranges[index]
        return lowered_joined[start:end]

    own[:, column("has_date")] = _per_block_matches(_DATES, lowered_joined, starts_lowered, count)
    own[:, column("has_copyright")] = _per_block_matches(
        _COPYRIGHT, lowered_joined, starts_lowered, count
    )

    stops = _stop_words(document)
    title = document.title
    title_text = " ".join(title.split()).lower() if title else ""
    short = np.flatnonzero(words <= TITLE_MAX_WORDS).tolist() if title else []
    stop_shares, title_shares = _token_shares(
        (lowered_joined[start:end] for start, end in ranges), count, stops, title_text, short
    )
    own[:, column("stop_word_density")] = stop_shares if stops else -1.0
    if title:
        own[short, column("title_share")] = title_shares
        own[short, column("is_title")] = [lowered(i) in title_text for i in short]
    own[:, column("heading_level")] = [
        int(tag[1]) if len(tag) == 2 and tag[0] == "h" and tag[1] in "123456" else 0 for tag in tags
    ]
    text_counts = Counter(texts)
    own[:, column("repeats_on_page")] = [min(text_counts[text], 20) for text in texts]
    own[:, column("num_words_rule")] = num_words_rule_columns(words, linked)
    # the rule is read only where one of its phrases occurs (one scan of the page)
    clues = _per_block_matches(TERMINATING_CLUES, lowered_joined, starts_lowered, count)
    short_blocks = np.flatnonzero((words < END_OF_TEXT_MAX_WORDS) & (clues > 0)).tolist()
    densities = own[:, column("link_density")].tolist()
    own[short_blocks, column("end_of_text_phrase")] = [
        is_terminating_text(texts[i], densities[i]) for i in short_blocks
    ]
    own[:, column("position")] = np.arange(count) / max(count - 1, 1)
    total = max(float(words.sum()), 1.0)
    own[:, column("words_before_share")] = (np.cumsum(words) - words) / total
    since = []
    last = -MAX_SINCE_HEADING
    for index, level in enumerate(own[:, column("heading_level")].tolist()):
        if level:  # blocks since the last heading, capped
            last = index
        since.append(min(index - last, MAX_SINCE_HEADING))
    own[:, column("blocks_since_heading")] = since
    _furniture_columns(own, lowered, words)
    return own


def _furniture_columns(
    own: npt.NDArray[np.float64],
    lowered: Callable[[int], str],
    words: npt.NDArray[np.float64],
) -> None:
    """The columns ``furniture_section`` and ``since_furniture_label`` of ``own``.

    A heading that reads as a :data:`FURNITURE_LABELS` label opens a section that the
    next heading of its rank or higher closes (the outline of HTML's sectioning, §4.3.11
    of the Living Standard); every block in it, the heading too, is in a furniture
    section.  A furniture heading inside one takes its place, so that a heading of that
    lower rank closes both (an ``<h3>`` "Most popular" under an ``<h2>`` "You may also
    like": the next ``<h3>`` ends the section).  The packaged model learned the column
    so; keeping the outer section open is for the next time it is trained. A short block
    that reads as one (a ``<div>`` "You may also like" over a carousel) opens no
    section, as cards under it have headings of their own: for every block, the blocks
    since the last label of either kind are counted instead, up to
    :data:`MAX_SINCE_HEADING` (which also means none)."""
    column = BLOCK_OWN.index
    levels = own[:, column("heading_level")].astype(np.int64)
    candidates = np.flatnonzero(
        (levels > 0) | ((words > 0) & (words <= FURNITURE_LABEL_MAX_WORDS))
    ).tolist()
    labels: list[int] = []
    if candidates:
        texts = [lowered(index) for index in candidates]
        lengths = np.fromiter(map(len, texts), dtype=np.int64, count=len(texts))
        starts = np.concatenate([[0], np.cumsum(lengths + 1)[:-1]])
        found = _per_block_matches((_FURNITURE_LABEL,), "\n".join(texts), starts, len(texts))
        labels = [candidates[i] for i in np.flatnonzero(found).tolist()]
    if not labels:
        own[:, column("since_furniture_label")] = MAX_SINCE_HEADING
        return
    is_label = np.zeros(len(words), dtype=np.bool_)
    is_label[labels] = True
    section = []
    since = []
    opened = 0  # the rank of the furniture heading whose section this is; 0 for none
    last = -MAX_SINCE_HEADING
    for index, (level, label) in enumerate(zip(levels.tolist(), is_label.tolist(), strict=True)):
        if level:
            if opened and level <= opened:
                opened = 0
            if label:
                opened = level
        if label:
            last = index
        section.append(opened > 0)
        since.append(min(index - last, MAX_SINCE_HEADING))
    own[:, column("furniture_section")] = section
    own[:, column("since_furniture_label")] = since
