"""Tokenisation and wrapping, against hand-counted cases and a slow reference."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import unboiler.text as text_module
from unboiler.text import (
    GLUE_PUNCTUATION,
    MAX_SYMBOL_REPLACEMENTS,
    WRAP_WIDTH,
    count_tokens,
    count_words,
    normalize_space,
    remove_space,
    word_texts,
    word_tokens,
    wrap_stats,
)


@pytest.mark.parametrize(
    ("text", "tokens"),
    [
        ("Hello, world!", ["Hello,", "world!"]),
        ("U.S. e-mail don't (see page 5)", ["U.S.", "e-mail", "don't", "(see", "page", "5)"]),
        ("foo&bar 50% off", ["foo", "bar", "50", "off"]),
        ("C:\\Users\\me", ["C:", "Users", "me"]),  # a backslash is not glue in Boilerpipe
        ("Home | News » Sport", ["Home", "News", "Sport"]),
        ("“quoted” don’t", ["quoted", "don", "t"]),
        ("-- ... ____ a_b", ["a_b"]),
        ("हिन्दी भाषा", ["हिन्दी", "भाषा"]),
        ("", []),
    ],
)
def test_word_tokens(text: str, tokens: list[str]) -> None:
    assert word_tokens(text) == tokens


# A straightforward, slow statement of the token rule: maximal runs of word characters
# and glue punctuation; a run is a word if it holds a letter or digit.
_RUN = re.compile(rf"[\w{re.escape(GLUE_PUNCTUATION)}]+")


def reference_tokens(text: str) -> list[str]:
    return [run for run in _RUN.findall(text) if any(c.isalnum() for c in run)]


_ALPHABET = list("ab1 _-.,'()|&»“ \n\téü#<~–’©\x00\x7f\u2190\\/")


@given(st.text(alphabet=st.sampled_from(_ALPHABET), max_size=60))
def test_tokens_match_reference(text: str) -> None:
    assert word_tokens(text) == reference_tokens(text)
    assert count_words(text) == len(reference_tokens(text))


@given(st.lists(st.text(alphabet=st.sampled_from(_ALPHABET), max_size=40), max_size=6))
def test_word_texts_match_reference_line_by_line(texts: list[str]) -> None:
    lines = [normalize_space(text) for text in texts]
    assert word_texts(lines) == [" ".join(reference_tokens(line)) for line in lines]


def test_word_texts_hand_counted() -> None:
    lines = ["Home | News", "", "-- a_b ...", "plain words", "» x «", "don’t #1"]
    assert word_texts(lines) == ["Home News", "", "a_b", "plain words", "x", "don t 1"]


def test_many_distinct_symbols() -> None:
    # more distinct non-ASCII symbols than are replaced one by one: one scan for all
    arrows = [chr(code) for code in range(0x2190, 0x2190 + MAX_SYMBOL_REPLACEMENTS + 3)]
    text = "".join(f"w{index}{arrow}" for index, arrow in enumerate(arrows))
    assert word_texts([text]) == [" ".join(f"w{index}" for index in range(len(arrows)))]
    assert word_texts(["a" + "".join(arrows[:3]) + "b"]) == ["a b"]


def test_lone_surrogates_split_words() -> None:
    assert count_words("left\ud800right") == 2


#: Boilerpipe's ``maxLineLength`` in ``BoilerpipeHTMLContentHandler.flushBlock``, written
#: out rather than read from the module under test, so that the reference cannot follow a
#: change of ``WRAP_WIDTH``.
BOILERPIPE_MAX_LINE_LENGTH = 80


def reference_wrap(tokens: list[str]) -> tuple[int, int, int]:
    """Boilerpipe's flushBlock loop, transcribed (the counts before ``TextBlock`` turns a
    block with no word on its filled lines into one line of all its words)."""
    line, lines, on_line = -1, 0, 0
    for token in tokens:
        on_line += 1
        line += len(token) + 1
        if line > BOILERPIPE_MAX_LINE_LENGTH:
            lines += 1
            line = len(token)
            on_line = 1
    if lines == 0:
        return len(tokens), len(tokens), 1
    return len(tokens), len(tokens) - on_line, lines


@given(st.lists(st.text(alphabet="abcdefghij", min_size=1, max_size=95), max_size=60))
def test_wrap_matches_boilerpipe_loop(tokens: list[str]) -> None:
    assert tuple(wrap_stats(" ".join(tokens))) == reference_wrap(tokens)


# Words of ordinary length mixed with words longer than a line, which a uniform draw of
# lengths almost never yields.
_SHORT_OR_LONG = st.one_of(
    st.text(alphabet="abcdefghij", min_size=1, max_size=12),
    st.text(alphabet="abcdefghij", min_size=76, max_size=90),
)


@given(st.lists(_SHORT_OR_LONG, max_size=30))
def test_wrap_matches_boilerpipe_loop_with_tokens_longer_than_a_line(tokens: list[str]) -> None:
    assert tuple(wrap_stats(" ".join(tokens))) == reference_wrap(tokens)


def test_wrap_width_is_boilerpipes() -> None:
    assert WRAP_WIDTH == BOILERPIPE_MAX_LINE_LENGTH


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # 39 + 1 + 40 = 80 characters fill the first line exactly; "z" starts the second
        ("x" * 39 + " " + "y" * 40 + " z", (3, 2, 1)),
        # 40 + 1 + 40 = 81 do not fit: the first line holds one word
        ("x" * 40 + " " + "y" * 40 + " z", (3, 1, 1)),
        ("a" * 80, (1, 1, 1)),  # a token of exactly one line fits
        # a token longer than a line: the loop counts a wrap before it (the empty first
        # line) and none of its words are on a filled line
        ("a" * 81, (1, 0, 1)),
        ("a" * 81 + " b", (2, 1, 2)),
        ("b " + "a" * 81, (2, 1, 1)),
        ("b " + "a" * 81 + " c", (3, 2, 2)),
        # four-letter words: a filled line holds 16 (16 * 5 - 1 = 79 characters)
        ("word " * 17, (17, 16, 1)),
        ("word " * 16, (16, 16, 1)),
    ],
)
def test_wrap_hand_counted_at_the_line_width(text: str, expected: tuple[int, int, int]) -> None:
    assert tuple(wrap_stats(text)) == expected
    assert reference_wrap(text.split()) == expected


def test_wrap_hand_counted() -> None:
    # 16 four-letter words fill a line (16*4 + 15 spaces = 79; one more word is 84)
    assert tuple(wrap_stats("word " * 100)) == (100, 96, 6)
    assert tuple(wrap_stats("short line")) == (2, 2, 1)
    assert tuple(wrap_stats("")) == (0, 0, 1)


def test_non_words_take_no_room() -> None:
    # the separators are not words, so these 20 words fit in the same lines as without
    with_bars = " | ".join(["word"] * 20)
    assert wrap_stats(with_bars) == wrap_stats(" ".join(["word"] * 20))


def test_normalize_space() -> None:
    assert normalize_space("  a \n\t b\u00a0 c  ") == "a b c"


# --------------------------------------------------------------------------- unspaced scripts

PARALLEL = json.loads((Path(__file__).parent / "data" / "parallel.json").read_text("utf-8"))


@pytest.mark.parametrize("language", ["zh", "ja", "th"])
def test_unspaced_scripts_count_like_their_english_original(language: str) -> None:
    for paragraph in PARALLEL["paragraphs"]:
        english = count_words(paragraph["en"])
        translated = count_words(paragraph[language])
        assert 0.75 * english <= translated <= 1.25 * english, (language, paragraph["en"])


@pytest.mark.parametrize("language", ["zh", "ja", "th"])
def test_unspaced_scripts_have_english_text_density(language: str) -> None:
    for paragraph in PARALLEL["paragraphs"]:
        english = wrap_stats(normalize_space(paragraph["en"]))
        translated = wrap_stats(normalize_space(paragraph[language]))
        density_en = english.words_in_wrapped_lines / english.wrapped_lines
        density = translated.words_in_wrapped_lines / translated.wrapped_lines
        assert 0.75 * density_en <= density <= 1.25 * density_en


def test_whitespace_tokenisation_would_have_failed() -> None:
    # the problem being solved: one "word" per sentence
    sentence = PARALLEL["paragraphs"][0]["zh"]
    assert len(sentence.split()) == 1
    assert count_words(sentence) > 20


def test_mixed_scripts_and_fractions() -> None:
    assert count_words("iPhone手机很好用") == 1 + round(5 * 0.65)
    # alternating kanji and kana runs are weighed together, not rounded run by run
    assert count_words("日本語のテキスト") == round(3 * 0.65 + 5 * 0.4)
    assert count_words("新") == 1
    # each line (block) starts afresh
    from unboiler.text import word_texts

    assert [w.count(" ") + 1 for w in word_texts(["新", "新"])] == [1, 1]


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("あ" * 15, 6),  # kana: 15 * 0.4 = 6
        ("ก" * 45, 10),  # Thai: 45 * 0.22 = 9.9
        ("ก" * 34, 7),  # 34 * 0.22 = 7.48 rounds down
        ("ก" * 11, 2),  # 11 * 0.22 = 2.42
        ("新" * 10, 7),  # Han: 10 * 0.65 = 6.5 rounds up
        ("新" * 99, 64),  # 64.35: more stand-in words than are prepared in advance
        ("新 新", 1),  # two runs of one line: 0.65 + 0.65 = 1.3
        ("a 新", 2),  # the text before the first run is kept
    ],
)
def test_unspaced_words_hand_counted(text: str, words: int) -> None:
    assert count_words(text) == words


def test_unspaced_fractions_restart_on_every_line() -> None:
    # 11 Thai letters are 2.42 words on any line, the first or a later one, and a leading
    # empty line changes nothing
    thai = "ก" * 11
    assert [w.count(" ") + 1 for w in word_texts(["x", thai, thai])] == [1, 2, 2]
    assert word_texts(["", "新 新", "新 新"]) == ["", "wwwww", "wwwww"]


def test_korean_is_spaced_already() -> None:
    assert count_words("서울 시의회는 월요일 새 계획을 승인했다") == 6


def test_unspaced_runs_are_single_tokens() -> None:
    assert word_tokens("東京は晴れ。大阪は雨") == ["東京は晴れ", "大阪は雨"]


def test_a_blocks_words_do_not_depend_on_the_other_scripts_of_its_page() -> None:
    # A page with one unspaced script finds its runs differently from a page with several;
    # both must weigh each block as it would be weighed alone.
    blocks = [
        PARALLEL["paragraphs"][0]["zh"],
        "年份2020年，天气「很好」",
        PARALLEL["paragraphs"][0]["th"],
        PARALLEL["paragraphs"][0]["ja"],
        "plain English, no unspaced script",
    ]
    alone = [word_texts([block])[0] for block in blocks]
    assert word_texts(blocks) == alone
    assert word_texts(blocks[:2]) == alone[:2]
    assert word_texts(blocks[1::2]) == alone[1::2]
    # fractions carry over between runs of a line (0.65 + 0.65 is one word) and end with
    # it (carried on, the second line would hold two)
    assert [w.count(" ") + 1 for w in word_texts(["新 新", "新 新"])] == [1, 1]


# Every character str.split splits on, and some that look like space but are not.
_SPACE_ALPHABET = st.sampled_from(
    ["a", "bc", "de", " ", "\t", "\n", "\r", "\x0b", "\x0c", "\x1c", "\x1f", "\x85",
     "\u00a0", "\u2007", "\u200b", "\u2028", "\u3000", "\ufeff", "漢"]
)  # fmt: skip


@given(st.lists(_SPACE_ALPHABET, max_size=40).map("".join))
def test_long_texts_are_spaced_as_short_ones(text: str) -> None:
    """The regex path for long texts (taken here for every text) gives what
    ``str.split`` gives: the same white space, the same tokens."""
    stops = frozenset({"a", "bc", "漢"})
    short = (normalize_space(text), remove_space(text), count_tokens(text, stops))
    assert short == (" ".join(text.split()), "".join(text.split()), _counted(text, stops))
    original = text_module.LONG_TEXT
    text_module.LONG_TEXT = 1  # pieces of a character or two: many cuts
    try:
        long = (normalize_space(text), remove_space(text), count_tokens(text, stops))
    finally:
        text_module.LONG_TEXT = original
    assert long == short


def _counted(text: str, stops: frozenset[str]) -> tuple[int, int]:
    tokens = text.split()
    return len(tokens), sum(token in stops for token in tokens)
