"""Boilerpipe's blocks of no-break spaces: recorded by the parser, inserted by the
Boilerpipe recipes only, and neighbours its word-count rule looks at."""

from __future__ import annotations

import unboiler
from unboiler.filters.spacers import insert_spacer_blocks

LONG = " ".join(f"word{i}" for i in range(50)) + "."
SHORT = " ".join(f"short{i}" for i in range(10)) + "."
TAIL = "five words of tail text."


def test_parser_records_runs_of_no_break_spaces_apart() -> None:
    document = unboiler.parse(
        "<p>one two</p><p>&nbsp;</p><p>three</p><div>&nbsp; &#8239;</div><p>\u2007</p>"
    )
    assert [block.text for block in document.blocks] == ["one two", "three"]
    assert [index for index, _ in document.spacers] == [1, 2, 2]
    assert all(spacer.num_words == 0 for _, spacer in document.spacers)
    # an ordinary space is no block, for Boilerpipe either
    assert unboiler.parse("<p>one</p><p> </p><p>two</p>").spacers == []


def test_insertion_puts_spacers_back_and_renumbers_offsets() -> None:
    document = unboiler.parse("<p>a</p><p>&nbsp;</p><p>b</p><p>c</p><p>&nbsp;</p>")
    assert insert_spacer_blocks(document)
    assert [block.text for block in document.blocks] == ["a", "", "b", "c", ""]
    assert [block.offset_start for block in document.blocks] == [0, 1, 2, 3, 4]
    assert document.spacers == []
    assert not insert_spacer_blocks(document)  # once only


def test_spacers_are_dropped_once_blocks_were_merged() -> None:
    document = unboiler.parse("<p>a</p><p>&nbsp;</p><p>b</p>")
    document.blocks[0].merge_next(document.blocks.pop(1))
    assert not insert_spacer_blocks(document)
    assert [block.text.split() for block in document.blocks] == [["a", "b"]]


def test_a_spacer_is_the_neighbour_the_word_count_rule_sees() -> None:
    # NumWordsRulesClassifier (WSDM 2010, Algorithm 2): a block of 10 words followed by
    # one of at most 15 is content when the block before it has more than 4 words, and
    # boilerplate when it has 4 or fewer.  Between the long paragraph and the short one
    # stands a paragraph of &nbsp;: no words, so the short one is boilerplate.
    with_spacer = f"<p>{LONG}</p><p>&nbsp;</p><p>{SHORT}</p><p>{TAIL}</p>"
    without = f"<p>{LONG}</p><p>{SHORT}</p><p>{TAIL}</p>"
    assert "short0" not in unboiler.extract(with_spacer, extractor="boilerpipe-numwords")
    assert "short0" in unboiler.extract(without, extractor="boilerpipe-numwords")
    # methods other than Boilerpipe's never see the spacer
    document = unboiler.parse(with_spacer)
    unboiler.extract(document, extractor="justext")
    assert len(document.blocks) == 3


def test_a_kept_spacer_adds_nothing_to_the_output() -> None:
    text = unboiler.extract(
        f"<p>{LONG}</p><p>&nbsp;</p><p>{LONG}</p>", extractor="boilerpipe-everything"
    )
    assert text == f"{LONG}\n\n{LONG}"


def test_the_default_recipe_can_leave_spacers_out() -> None:
    page = f"<p>{LONG}</p><p>&nbsp;</p><p>{SHORT}</p><p>{TAIL}</p>"
    published = unboiler.parse(page)
    unboiler.get_extractor("boilerpipe-default")(published)
    assert [block.num_words for block in published.blocks][:2] == [50, 0]
    variant = unboiler.parse(page)
    unboiler.get_extractor("boilerpipe-default", spacer_blocks=False)(variant)
    assert all(block.num_words for block in variant.blocks)
