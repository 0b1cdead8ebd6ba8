"""The block model: densities from raw counts, merging, copies, labels."""

from __future__ import annotations

from tests.conftest import make_block, make_doc

from unboiler.document import EMPTY_BLOCK, Label, TextBlock


def test_densities_are_computed_from_counts() -> None:
    block = TextBlock(
        "x", num_words=30, num_linked_words=6, num_words_in_wrapped_lines=24, num_wrapped_lines=2
    )
    assert block.link_density == 0.2
    assert block.text_density == 12.0


def test_block_without_filled_lines_counts_one_line() -> None:
    block = TextBlock("x", num_words=5, num_words_in_wrapped_lines=0, num_wrapped_lines=3)
    assert block.text_density == 5.0
    assert EMPTY_BLOCK.text_density == 0.0
    assert EMPTY_BLOCK.link_density == 0.0


def test_merge_adds_counts_and_never_leaves_stale_densities() -> None:
    first = make_block(10, link_words=10, density=10, level=5, labels=[Label.LI])
    second = make_block(30, density=15, level=4, offset=3, content=True)
    first.merge_next(second)
    assert first.num_words == 40
    assert first.link_density == 0.25
    assert first.text_density == (1000 + 1500) / 200
    assert (first.offset_start, first.offset_end) == (0, 3)
    assert first.tag_level == 4
    assert first.is_content
    assert Label.LI in first.labels
    assert first.text.count("\n") == 1
    assert first.parts == [first.text.split("\n")[0], second.text]


def test_copy_is_independent() -> None:
    doc = make_doc([3, 4], content=[True, False])
    copy = doc.copy()
    copy.blocks[0].merge_next(copy.blocks.pop(1))
    copy.blocks[0].add_label(Label.TITLE)
    assert len(doc.blocks) == 2
    assert doc.blocks[0].num_words == 3
    assert Label.TITLE not in doc.blocks[0].labels


def test_labels_are_shared_safely() -> None:
    shared = frozenset({Label.LI})
    a = make_block(1, labels=shared)
    b = make_block(1, labels=shared)
    a.add_label(Label.TITLE)
    assert Label.TITLE not in b.labels
    a.remove_label(Label.LI)
    assert Label.LI in b.labels


def test_content_text() -> None:
    doc = make_doc([1, 1, 1], content=[True, False, True], texts=["a", "b", "c"])
    assert doc.content == "a\nc"
    assert doc.text == "a\nb\nc"
    assert [b.text for b in doc.content_blocks] == ["a", "c"]


def test_a_block_of_one_token_longer_than_a_line_is_one_line_of_its_words() -> None:
    # Boilerpipe's flushBlock counts one filled line holding no word for such a block, and
    # its TextBlock.initDensities then counts one line holding all the block's words
    block = TextBlock.from_text("a" * 81)
    assert (block.num_words, block.num_words_in_wrapped_lines, block.num_wrapped_lines) == (1, 1, 1)
    assert block.text_density == 1.0
