"""The heuristics around Boilerpipe's classifiers, each driven with hand-built blocks."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tests.conftest import make_block, make_doc

from unboiler.document import Label, TextDocument
from unboiler.filters.boilerpipe import (
    EXPAND_MIN_WORDS,
    TERMINATING_CLUES,
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
        assert any(clue in text.lower() for clue in TERMINATING_CLUES)

    @given(
        st.lists(
            st.sampled_from(
                [
                    "Comment",
                    "comments",
                    " ",
                    "12",
                    "x",
                    "© Reuters",
                    "add your",
                    "what you",
                    "think...",
                    " users responded in",
                    "Rätta artikeln",
                    "reader",
                    "views",
                ]
            ),
            max_size=6,
        ).map("".join),
        st.sampled_from([0.0, 1.0]),
    )
    def test_every_text_that_ends_holds_a_clue(self, text: str, link_density: float) -> None:
        """The default extractor reads the rule only on blocks holding a clue."""
        if is_terminating_text(text, link_density):
            assert any(clue in text.lower() for clue in TERMINATING_CLUES)

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


# --------------------------------------------------------------------------- boundaries and
# routes, each expected value worked out by hand from the Boilerpipe 1.3 Java sources


def test_comments_of_exactly_eight_characters_ends_the_text() -> None:
    # TerminatingBlocksFinder: texts of at least 8 characters are matched against the
    # phrases; "Comments" has 8 and starts with "comments"
    assert is_terminating_text("Comments", link_density=0.0)
    assert is_terminating_text("comments", link_density=0.0)


class TestPotentialTitlesByRoute:
    """Every candidate of DocumentTitleMatchClassifier's constructor, for titles where each
    route (longest part per separator pattern, parts of at least 4 words between spaced
    separators, the two ``replaceFirst`` cuts) contributes something the others do not."""

    def test_only_the_colon_patterns_split(self) -> None:
        title = "Review: the new harbour library opens its doors"
        assert potential_titles(title) == {
            "review: the new harbour library opens its doors",
            "the new harbour library opens its doors",
        }

    def test_parts_of_four_words_or_more_beside_the_longest(self) -> None:
        title = "Harbour library opens today | News from all the coast towns | The Daily Courier"
        assert potential_titles(title) == {
            title.lower(),
            "news from all the coast towns",  # the longest part (6 words)
            "harbour library opens today",  # 4 words: a part of its own; 3 are not
        }

    def test_two_parts_of_four_words_or_more(self) -> None:
        title = "Harbour library opens today | News from all the coast towns"
        assert potential_titles(title) == {
            title.lower(),
            "news from all the coast towns",
            "harbour library opens today",
        }

    def test_dot_com_parts_are_skipped_even_when_longest(self) -> None:
        title = "Mayor wins the vote | Harbourcoastnewsonline.com"
        assert potential_titles(title) == {
            "mayor wins the vote | harbourcoastnewsonline.com",
            "mayor wins the vote",
        }

    def test_dash_cuts(self) -> None:
        title = "Mayor wins the harbour vote - Local News - Example.com"
        assert potential_titles(title) == {
            "mayor wins the harbour vote - local news - example.com",
            "mayor wins the harbour vote",  # longest part, and a part of 5 words
            "mayor wins the harbour vote - local news",  # the last " - ..." cut off
            "local news - example.com",  # the first "... - " cut off
        }

    @pytest.mark.parametrize(
        ("title", "longest"),
        [
            ("Internationalisation | a b c", "a b c"),  # more words wins though shorter
            ("Alphabet soup | big tree", "alphabet soup"),  # equal words, shorter: no
            ("Storm | cloud", "storm"),  # equal words and length: the first stays
            ("Abc || d", "abc"),  # the empty part between the bars counts one word
        ],
    )
    def test_longest_part(self, title: str, longest: str) -> None:
        assert potential_titles(title) == {title.lower(), longest}

    def test_trailing_separator_gives_no_part(self) -> None:
        # Java's split drops the trailing empty string: one part, no candidate
        assert potential_titles("Abc |") == {"abc |"}

    def test_title_stripped_of_punctuation_matches(self) -> None:
        # "storm: cloud!" without ?!.-: is "storm cloud", the whole title
        doc = make_doc([5], texts=["Storm: cloud!"], title="Storm cloud")
        assert document_title_match_classifier(doc)
        assert Label.TITLE in doc.blocks[0].labels


class TestExpandTitleToContent:
    def test_content_starts_at_the_first_content_block(self) -> None:
        might = Label.MIGHT_BE_CONTENT
        doc = make_doc(
            [8, 30, 200, 30, 100],
            content=[False, False, True, False, True],
            labels=[(Label.TITLE, might), (might,), (), (might,), ()],
        )
        assert expand_title_to_content(doc)
        # block 3 lies after the start of the content: left alone
        assert [b.is_content for b in doc.blocks] == [True, True, True, False, True]

    def test_no_title_changes_nothing(self) -> None:
        might = Label.MIGHT_BE_CONTENT
        doc = make_doc([30, 30, 200], content=[False, False, True], labels=[(might,), (might,), ()])
        assert not expand_title_to_content(doc)
        assert [b.is_content for b in doc.blocks] == [False, False, True]

    def test_title_without_content_changes_nothing(self) -> None:
        might = Label.MIGHT_BE_CONTENT
        doc = make_doc([8, 30, 30], labels=[(Label.TITLE, might), (might,), (might,)])
        assert not expand_title_to_content(doc)
        assert not any(b.is_content for b in doc.blocks)


class TestKeepLargestAtItsBoundaries:
    def test_expand_min_words_is_boilerpipes(self) -> None:
        # KeepLargestBlockFilter.INSTANCE_EXPAND_TO_SAME_TAGLEVEL_MIN_WORDS = (true, 150)
        assert EXPAND_MIN_WORDS == 150
        doc = make_doc([150, 149, 300], content=[False, False, True], levels=[5, 5, 5])
        KeepLargestBlock(expand_to_same_tag_level=True, min_words=EXPAND_MIN_WORDS)(doc)
        assert [b.is_content for b in doc.blocks] == [True, False, True]

    def test_expansion_without_minimum_takes_every_block_of_the_level(self) -> None:
        # INSTANCE_EXPAND_TO_SAME_TAGLEVEL = (true, 0): even a block of no words
        doc = make_doc([0, 300, 2], content=[False, True, False], levels=[5, 5, 5])
        KeepLargestBlock(expand_to_same_tag_level=True)(doc)
        assert [b.is_content for b in doc.blocks] == [True, True, True]

    def test_likely_content_that_is_not_content_is_never_the_largest(self) -> None:
        might = Label.MIGHT_BE_CONTENT
        doc = make_doc([50, 500], content=[True, False], labels=[(), (might,)])
        assert KeepLargestBlock()(doc)
        assert [b.is_content for b in doc.blocks] == [True, False]


class TestKeepLargestFulltextBlock:
    def test_likely_content_that_is_not_content_is_never_the_largest(self) -> None:
        might = Label.MIGHT_BE_CONTENT
        doc = make_doc([50, 500], content=[True, False], densities=[10, 10], labels=[(), (might,)])
        assert keep_largest_fulltext_block(doc)
        assert [b.is_content for b in doc.blocks] == [True, False]

    def test_first_of_equals(self) -> None:
        doc = make_doc([80, 80], content=[True, True], densities=[10, 10])
        assert keep_largest_fulltext_block(doc)
        assert [b.is_content for b in doc.blocks] == [True, False]
        assert Label.MIGHT_BE_CONTENT in doc.blocks[1].labels

    def test_a_sparse_block_is_kept_when_every_content_block_is_sparse(self) -> None:
        # max starts at -1: the first content block, with 0 full-text words, is the largest
        doc = make_doc([300, 100, 20], content=[False, True, True], densities=[10, 5, 5])
        assert keep_largest_fulltext_block(doc)
        assert [b.is_content for b in doc.blocks] == [False, True, False]

    def test_no_content_changes_nothing(self) -> None:
        doc = make_doc([300, 100], densities=[10, 10])
        assert not keep_largest_fulltext_block(doc)

    def test_single_block_is_left_alone(self) -> None:
        # KeepLargestFulltextBlockFilter returns false for fewer than two blocks
        assert not keep_largest_fulltext_block(make_doc([100], content=[True], densities=[10]))


def test_large_block_level_comes_from_a_content_block_labelled_very_likely() -> None:
    very = Label.VERY_LIKELY_CONTENT
    doc = make_doc(
        [300, 300, 120, 120],
        content=[False, True, False, False],
        levels=[5, 4, 5, 4],
        labels=[(very,), (very,), (), ()],
    )
    assert large_block_same_tag_level_to_content(doc)
    assert [b.is_content for b in doc.blocks] == [False, True, False, True]


def test_large_block_without_very_likely_content_changes_nothing() -> None:
    doc = make_doc([300, 120], content=[True, False], levels=[4, 4])
    assert not large_block_same_tag_level_to_content(doc)
    assert [b.is_content for b in doc.blocks] == [True, False]


def test_list_at_end_starts_only_after_very_likely_content() -> None:
    might = Label.MIGHT_BE_CONTENT
    doc = make_doc(
        [300, 10, 300, 10],
        content=[True, False, False, False],
        levels=[3, 5, 3, 5],
        labels=[(), (might, Label.LI), (Label.VERY_LIKELY_CONTENT,), (might, Label.LI)],
    )
    # a content block without the label, and a labelled block that is not content,
    # open no list
    assert not list_at_end(doc)
    assert [b.is_content for b in doc.blocks] == [True, False, False, False]
