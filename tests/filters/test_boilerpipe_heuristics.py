"""The heuristics around Boilerpipe's classifiers, each driven with hand-built blocks."""

from __future__ import annotations

import pytest
from tests.conftest import make_block, make_doc

from unboiler.document import Label, TextDocument
from unboiler.filters.boilerpipe import (
    IgnoreBlocksAfterContent,
    KeepLargestBlock,
    document_title_match_classifier,
    expand_title_to_content,
    is_terminating_text,
    keep_largest_fulltext_block,
    large_block_same_tag_level_to_content,
    list_at_end,
    num_fulltext_words,
    potential_titles,
    terminating_blocks_finder,
    trailing_headline_to_boilerplate,
)

END = Label.INDICATES_END_OF_TEXT


class TestTerminatingBlocks:
    @pytest.mark.parametrize(
        "text",
        [
            "Comments (12)",
            "comments are closed",
            "© Reuters 2019. All rights reserved",
            "Please rate this article",
            "Post a comment",
            "Tell us what you think...",
            "Click here to add your comment",
            "Add comment",
            "Reader views on this story",
            "Have your say",
            "Reader Comments",
            "Rätta artikeln",
            "Thanks for your comments - this feedback is now closed",
            "23 comments",
            "1045 users responded in this poll",
        ],
    )
    def test_each_phrase_ends_the_text(self, text: str) -> None:
        assert is_terminating_text(text, link_density=0.0)

    @pytest.mark.parametrize(
        "text",
        ["The comments of the minister", "Reuters reported that", "23 commentators", "Comment"],
    )
    def test_ordinary_text_does_not(self, text: str) -> None:
        # "Comment" is shorter than eight characters and counts only when fully linked
        assert not is_terminating_text(text, link_density=0.0)

    def test_lone_linked_comment(self) -> None:
        assert is_terminating_text("Comment", link_density=1.0)
        assert not is_terminating_text("Comment", link_density=0.5)

    def test_word_limit(self) -> None:
        short = "add your comment " + " ".join(["x"] * 11)  # 14 words
        long_ = short + " y"  # 15 words
        doc = TextDocument([make_block(14, text=short), make_block(15, text=long_, offset=1)])
        assert terminating_blocks_finder(doc)
        assert [END in b.labels for b in doc.blocks] == [True, False]


class TestIgnoreBlocksAfterContent:
    def test_blocks_after_end_marker_are_dropped_once_enough_text(self) -> None:
        doc = make_doc(
            [60, 20, 5, 30],
            content=[True, True, True, True],
            densities=[10, 10, 2, 10],
            labels=[(), (END,), (), ()],
        )
        assert IgnoreBlocksAfterContent()(doc)
        assert [b.is_content for b in doc.blocks] == [True, False, False, False]

    def test_early_marker_is_ignored(self) -> None:
        # only 59 full-text words before the marker
        doc = make_doc(
            [59, 3, 100],
            content=[True, True, True],
            densities=[10, 2, 10],
            labels=[(), (END,), ()],
        )
        assert not IgnoreBlocksAfterContent()(doc)
        assert all(b.is_content for b in doc.blocks)

    def test_sparse_words_do_not_count(self) -> None:
        doc = make_doc(
            [200, 3, 10],
            content=[True, True, True],
            densities=[8.9, 2, 10],
            labels=[(), (END,), ()],
        )
        assert not IgnoreBlocksAfterContent()(doc)

    def test_marker_counts_its_own_words(self) -> None:
        doc = make_doc(
            [50, 10, 5], content=[True, True, True], densities=[9, 9, 9], labels=[(), (END,), ()]
        )
        assert IgnoreBlocksAfterContent()(doc)
        assert [b.is_content for b in doc.blocks] == [True, False, False]


def test_num_fulltext_words() -> None:
    assert num_fulltext_words(make_block(30, density=9)) == 30
    assert num_fulltext_words(make_block(30, density=8.99)) == 0


class TestTitle:
    def test_potential_titles_of_a_news_title(self) -> None:
        titles = potential_titles("Floods close the coast road | The Daily Courier")
        assert "floods close the coast road" in titles
        assert "floods close the coast road | the daily courier" in titles

    def test_dash_and_site_name(self) -> None:
        titles = potential_titles("Site.com - Mayor's plan for the harbour wins the vote")
        assert "mayors plan for the harbour wins the vote" in titles

    def test_no_title(self) -> None:
        assert potential_titles(None) == set()
        assert potential_titles("   ") == set()

    def test_first_matching_block_is_labelled(self) -> None:
        doc = make_doc(
            [3, 5, 5],
            texts=["Menu", "Floods close the coast road!", "Floods close the coast road"],
            title="Floods close the coast road | The Daily Courier",
        )
        assert document_title_match_classifier(doc)
        assert [Label.TITLE in b.labels for b in doc.blocks] == [False, True, False]

    def test_no_match(self) -> None:
        doc = make_doc([3], texts=["Something else"], title="A title | Site")
        assert not document_title_match_classifier(doc)


class TestKeepLargest:
    def test_keeps_the_largest_content_block_only(self) -> None:
        doc = make_doc([50, 80, 80, 300], content=[True, True, True, False])
        assert KeepLargestBlock()(doc)
        assert [b.is_content for b in doc.blocks] == [False, True, False, False]
        assert Label.VERY_LIKELY_CONTENT in doc.blocks[1].labels
        assert all(Label.MIGHT_BE_CONTENT in doc.blocks[i].labels for i in (0, 2, 3))

    def test_expands_to_large_blocks_at_the_same_level(self) -> None:
        doc = make_doc(
            [150, 149, 200, 20, 160, 170, 150],
            content=[False, False, True, False, False, False, False],
            levels=[5, 5, 5, 6, 5, 4, 5],
        )
        KeepLargestBlock(expand_to_same_tag_level=True, min_words=150)(doc)
        # 149 words is too short; the level-4 block stops the expansion downwards
        assert [b.is_content for b in doc.blocks] == [True, False, True, False, True, False, False]

    def test_no_content_marks_everything_might_be_content(self) -> None:
        doc = make_doc([10, 20])
        assert KeepLargestBlock()(doc)
        assert all(Label.MIGHT_BE_CONTENT in b.labels for b in doc.blocks)

    def test_single_block_is_left_alone(self) -> None:
        assert not KeepLargestBlock()(make_doc([10], content=[True]))

    def test_fulltext_variant_ignores_sparse_blocks(self) -> None:
        doc = make_doc([300, 100], content=[True, True], densities=[5, 12])
        assert keep_largest_fulltext_block(doc)
        assert [b.is_content for b in doc.blocks] == [False, True]


def test_expand_title_to_content() -> None:
    doc = make_doc(
        [8, 30, 40, 200, 30],
        content=[False, False, False, True, False],
        labels=[
            (Label.TITLE, Label.MIGHT_BE_CONTENT),
            (Label.MIGHT_BE_CONTENT,),
            (),
            (),
            (Label.MIGHT_BE_CONTENT,),
        ],
    )
    assert expand_title_to_content(doc)
    assert [b.is_content for b in doc.blocks] == [True, True, False, True, False]


def test_expand_title_needs_title_before_content() -> None:
    doc = make_doc(
        [200, 8],
        content=[True, False],
        labels=[(), (Label.TITLE, Label.MIGHT_BE_CONTENT)],
    )
    assert not expand_title_to_content(doc)


def test_large_block_same_tag_level() -> None:
    doc = make_doc(
        [100, 99, 100, 300],
        content=[False, False, False, True],
        levels=[4, 4, 5, 4],
        labels=[(), (), (), (Label.VERY_LIKELY_CONTENT,)],
    )
    assert large_block_same_tag_level_to_content(doc)
    assert [b.is_content for b in doc.blocks] == [True, False, False, True]


def test_list_at_end() -> None:
    might = Label.MIGHT_BE_CONTENT
    doc = make_doc(
        [300, 10, 12, 8, 9],
        link_words=[0, 0, 0, 0, 0],
        content=[True, False, False, False, False],
        levels=[4, 6, 6, 4, 6],
        labels=[
            (Label.VERY_LIKELY_CONTENT,),
            (might, Label.LI),
            (might, Label.LI),
            (might, Label.LI),
            (might, Label.LI),
        ],
    )
    assert list_at_end(doc)
    # the two nested items right after the content; the list item at the content's own
    # level ends the run
    assert [b.is_content for b in doc.blocks] == [True, True, True, False, False]


def test_list_at_end_skips_linked_items() -> None:
    doc = make_doc(
        [300, 10],
        link_words=[0, 2],
        content=[True, False],
        levels=[4, 6],
        labels=[(Label.VERY_LIKELY_CONTENT,), (Label.MIGHT_BE_CONTENT, Label.LI)],
    )
    assert not list_at_end(doc)


def test_trailing_headlines() -> None:
    heading = (Label.HEADING,)
    doc = make_doc(
        [5, 200, 4, 3, 6],
        content=[True, True, True, False, True],
        labels=[heading, (), heading, (), heading],
    )
    assert trailing_headline_to_boilerplate(doc)
    assert [b.is_content for b in doc.blocks] == [True, True, False, False, False]
