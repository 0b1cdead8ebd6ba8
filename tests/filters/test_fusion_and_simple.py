"""Block fusion and the generic filters."""

from __future__ import annotations

from tests.conftest import make_block, make_doc

from unboiler.document import Label, TextDocument
from unboiler.filters import chain
from unboiler.filters.fusion import BlockProximityFusion, simple_block_fusion
from unboiler.filters.simple import (
    BoilerplateBlockFilter,
    MinClauseWords,
    MinWords,
    mark_everything_content,
    split_paragraph_blocks,
)


def texts(doc: TextDocument) -> list[str]:
    return [b.text for b in doc.blocks]


class TestSimpleBlockFusion:
    def test_merges_runs_of_equal_density(self) -> None:
        doc = make_doc([3, 3, 3, 20], texts=["a", "b", "c", "d"])
        assert simple_block_fusion(doc)
        assert texts(doc) == ["a\nb\nc", "d"]
        assert doc.blocks[0].num_words == 9
        assert (doc.blocks[0].offset_start, doc.blocks[0].offset_end) == (0, 2)

    def test_nothing_to_merge(self) -> None:
        doc = make_doc([1, 2, 3])
        assert not simple_block_fusion(doc)
        assert len(doc) == 3


class TestBlockProximityFusion:
    def test_fresh_document_with_no_content_is_unchanged(self) -> None:
        doc = make_doc([5, 5, 5])
        assert not BlockProximityFusion()(doc)

    def test_content_merges_into_any_neighbour_at_distance_zero(self) -> None:
        doc = make_doc([5, 5, 5], content=[False, True, False], texts=["a", "b", "c"])
        assert BlockProximityFusion()(doc)
        assert texts(doc) == ["a\nb", "c"]
        assert doc.blocks[0].is_content  # or-ed flags

    def test_gap_of_one_block_is_bridged_not_two(self) -> None:
        doc = make_doc([5] * 6, content=[True] * 6, texts=list("abcdef"))
        del doc.blocks[4]  # gap of one between d(3) and f(5)
        del doc.blocks[1:3]  # gap of two between a(0) and d(3)
        assert BlockProximityFusion(content_only=True)(doc)
        assert texts(doc) == ["a", "d\nf"]

    def test_content_only_needs_content_on_both_sides(self) -> None:
        doc = make_doc([5, 5, 5, 5], content=[False, True, False, True], texts=list("abcd"))
        assert not BlockProximityFusion(content_only=True)(doc)
        doc = make_doc([5, 5, 5], content=[True, True, False], texts=list("abc"))
        assert BlockProximityFusion(content_only=True)(doc)
        assert texts(doc) == ["a\nb", "c"]

    def test_same_tag_level_only(self) -> None:
        doc = make_doc([5, 5, 5], content=[True] * 3, levels=[3, 4, 4], texts=list("abc"))
        assert BlockProximityFusion(content_only=True, same_tag_level_only=True)(doc)
        assert texts(doc) == ["a", "b\nc"]
        assert doc.blocks[1].tag_level == 4


class TestBoilerplateBlockFilter:
    def test_removes_non_content(self) -> None:
        doc = make_doc([1, 2, 3], content=[True, False, True])
        assert BoilerplateBlockFilter()(doc)
        assert [b.num_words for b in doc.blocks] == [1, 3]

    def test_keep_title(self) -> None:
        doc = make_doc([1, 2, 3], content=[False, False, True], labels=[(Label.TITLE,), (), ()])
        BoilerplateBlockFilter(keep_title=True)(doc)
        assert [b.num_words for b in doc.blocks] == [1, 3]


def test_mark_everything_and_min_words() -> None:
    doc = make_doc([4, 10, 9])
    assert chain(mark_everything_content, MinWords(min_words=10))(doc)
    assert [b.is_content for b in doc.blocks] == [False, True, False]


class TestMinClauseWords:
    def _run(self, text: str, **options: object) -> bool:
        doc = TextDocument([make_block(20, text=text, content=True)])
        MinClauseWords(**options)(doc)  # type: ignore[arg-type]
        return doc.blocks[0].is_content

    def test_block_with_a_full_clause_stays(self) -> None:
        assert self._run("Short one. This clause has six words in it, really.")

    def test_block_of_short_clauses_goes(self) -> None:
        assert not self._run("Home. About us. Contact the team now")

    def test_text_without_delimiter_counts_only_when_asked(self) -> None:
        text = "five words without any delimiter"
        assert not self._run(text)
        assert self._run(text, accept_clauses_without_delimiter=True)

    def test_words_are_runs_of_spaces_plus_one(self) -> None:
        # MinClauseWordsFilter.isClause: n = 1 + runs of [ \n\r]+, so marks count.
        assert self._run("Home | News | Sport.")  # five space-separated tokens
        assert not self._run("Home|News|Sport|World|Weather.")  # one token
        assert not self._run("Four words in here.")
        assert self._run("One   two\n\nthree  four five.")  # four runs: five words
        assert not self._run("One      two   three.")  # runs, not characters
        assert not self._run("Five   words\n\nin  here, ok.")  # clauses end at "here,"

    def test_unspaced_variant_counts_words_and_full_width_clauses(self) -> None:
        assert not self._run("Home | News | Sport.", unspaced=True)  # three words
        chinese = "渡轮在港口停了四十年。"
        assert not self._run(chinese)  # one "word" for Boilerpipe, no delimiter
        assert self._run(chinese, unspaced=True)


def test_split_paragraph_blocks_restores_parts() -> None:
    doc = make_doc(
        [3, 4, 2],
        content=[True, True, False],
        texts=["one two three", "four five six seven", "x y"],
    )
    doc.blocks[0].merge_next(doc.blocks.pop(1))
    doc.blocks[0].add_label(Label.TITLE)
    assert split_paragraph_blocks(doc)
    assert texts(doc) == ["one two three", "four five six seven", "x y"]
    assert [b.num_words for b in doc.blocks] == [3, 4, 2]
    assert [b.is_content for b in doc.blocks] == [True, True, False]
    assert Label.TITLE in doc.blocks[1].labels


def test_simple_block_fusion_of_two_blocks() -> None:
    # SimpleBlockFusionProcessor works from two blocks on
    doc = make_doc([3, 3], texts=["a", "b"])
    assert simple_block_fusion(doc)
    assert texts(doc) == ["a\nb"]


def test_split_paragraph_blocks_leaves_unmerged_blocks_alone() -> None:
    doc = make_doc([3, 4], link_words=[3, 0], content=[True, False])
    before = list(doc.blocks)
    assert not split_paragraph_blocks(doc)
    assert all(a is b for a, b in zip(doc.blocks, before, strict=True))
    assert doc.blocks[0].num_linked_words == 3


def test_split_pieces_have_consecutive_offsets() -> None:
    doc = make_doc([3, 4, 2, 1], content=[True] * 4, texts=["a b c", "d e f g", "h i", "j"])
    doc.blocks[1].merge_next(doc.blocks.pop(2))
    doc.blocks[1].merge_next(doc.blocks.pop(2))
    assert split_paragraph_blocks(doc)
    assert [(b.offset_start, b.offset_end) for b in doc.blocks] == [(0, 0), (1, 1), (2, 2), (3, 3)]


class TestMinClauseWordsAtItsBoundary:
    """MinClauseWordsFilter.INSTANCE = (5, false): a clause needs 5 words, counted as one
    more than its runs of spaces, up to the letter or digit before the delimiter."""

    def _kept(self, text: str, **options: object) -> bool:
        doc = TextDocument([make_block(20, text=text, content=True)])
        MinClauseWords(**options)(doc)  # type: ignore[arg-type]
        return doc.blocks[0].is_content

    def test_five_words_are_a_clause_four_are_not(self) -> None:
        assert self._kept("Five words are right here.")
        assert not self._kept("Four words only here.")

    def test_the_clause_starts_at_the_first_character(self) -> None:
        assert self._kept("A lot of rain fell. Then")

    def test_the_clause_ends_with_the_character_before_the_delimiter(self) -> None:
        assert self._kept("We met at gate 5, then left")

    def test_the_unspaced_count_reads_the_same_clause(self) -> None:
        # the shared word counter, unlike a count of spaces, would notice a clause that
        # lost its first or last character
        assert self._kept("A lot of rain fell. Then", unspaced=True)
        assert self._kept("We met at gate 5, then left", unspaced=True)
        assert not self._kept("Four words only here.", unspaced=True)

    def test_a_later_clause_counts(self) -> None:
        assert self._kept("Home. About us. We went to the coast, and")

    def test_text_after_the_last_delimiter(self) -> None:
        text = "Home. Five words are right here"
        assert not self._kept(text)
        assert self._kept(text, accept_clauses_without_delimiter=True)
        assert not self._kept("Home. Four words only here", accept_clauses_without_delimiter=True)
