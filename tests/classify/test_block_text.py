"""The columns of a block's own text, checked against plain counts and the published
rules they vectorise."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

import unboiler.classify.block_text as block_text
from unboiler.classify.block_text import num_words_rule_columns, phrase_pattern
from unboiler.document import EMPTY_BLOCK, TextBlock
from unboiler.filters.boilerpipe import num_words_rule


@given(
    st.lists(
        st.tuples(st.integers(0, 60), st.integers(0, 60)).map(lambda t: (t[0], min(t[1], t[0]))),
        min_size=1,
        max_size=12,
    )
)
def test_num_words_rule_columns_match_the_published_tree(counts: list[tuple[int, int]]) -> None:
    blocks = [TextBlock("x", num_words=w, num_linked_words=linked) for w, linked in counts]
    padded = [EMPTY_BLOCK, *blocks, EMPTY_BLOCK]
    expected = [num_words_rule(*padded[i : i + 3]) for i in range(len(blocks))]
    words = np.asarray([w for w, _ in counts], dtype=np.float64)
    linked = np.asarray([linked for _, linked in counts], dtype=np.float64)
    assert num_words_rule_columns(words, linked).tolist() == expected


@given(
    texts=st.lists(
        st.text(alphabet=st.sampled_from("ab 1290,.;:!?，。、\ud800é漢\n"), max_size=12),
        max_size=30,
    ),
    chunk=st.integers(min_value=1, max_value=40),
)
def test_class_counts_agree_with_counting_each_text(texts: list[str], chunk: int) -> None:
    """Whatever the run length, every text's digits and marks are its own (empty texts,
    lone surrogates, CJK punctuation and line breaks inside a text included)."""
    original = block_text.CLASS_CHUNK
    block_text.CLASS_CHUNK = chunk  # runs of a few characters: many run boundaries
    try:
        lengths = np.asarray([len(text) for text in texts], dtype=np.int64)
        digits, marks = block_text._class_counts(texts, lengths)
    finally:
        block_text.CLASS_CHUNK = original
    assert digits.tolist() == [sum(c in "0123456789" for c in text) for text in texts]
    assert marks.tolist() == [sum(c in ",.;:!?，。；：！？、" for c in text) for text in texts]


def test_phrase_pattern_finds_what_an_alternation_finds() -> None:
    phrases = ["related", "related posts", "recommended", "you may also", "评论"]
    pattern = phrase_pattern(phrases)
    for text in ["Related posts", "you may also like", "no label here", "最新评论", "recommend"]:
        lowered = text.lower()
        assert bool(pattern.search(lowered)) == any(p in lowered for p in phrases), text
    assert phrase_pattern([]).search("anything") is None
