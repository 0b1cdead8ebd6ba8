"""Tokenisation and wrapping, against hand-counted cases and a slow reference."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from unboiler.text import (
    GLUE_PUNCTUATION,
    MAX_SYMBOL_REPLACEMENTS,
    WRAP_WIDTH,
    count_words,
    normalize_space,
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


def reference_wrap(tokens: list[str]) -> tuple[int, int, int]:
    """Boilerpipe's flushBlock loop, transcribed."""
    line, lines, on_line = -1, 0, 0
    for token in tokens:
        on_line += 1
        line += len(token) + 1
        if line > WRAP_WIDTH:
            lines += 1
            line = len(token)
            on_line = 1
    if lines == 0:
        return len(tokens), len(tokens), 1
    return len(tokens), len(tokens) - on_line, lines


@given(st.lists(st.text(alphabet="abcdefghij", min_size=1, max_size=95), max_size=60))
def test_wrap_matches_boilerpipe_loop(tokens: list[str]) -> None:
    assert tuple(wrap_stats(" ".join(tokens))) == reference_wrap(tokens)


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
