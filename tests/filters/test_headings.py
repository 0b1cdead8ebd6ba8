"""The last kept headings are left out when their sections' text was: a heading over
nothing reads as a page cut short; a heading over no text of its own stays."""

from __future__ import annotations

import numpy as np

from unboiler.filters.headings import (
    drop_trailing_headings,
    drop_trailing_headings_filter,
    heading_levels,
)
from unboiler.parse import parse


def _kept(keep: list[int], words: list[int], levels: list[int]) -> list[int]:
    result = drop_trailing_headings(
        np.asarray(keep, dtype=bool),
        np.asarray(words, dtype=np.float64),
        np.asarray(levels, dtype=np.int64),
    )
    return np.flatnonzero(result).tolist()


def test_a_heading_whose_section_was_left_out_goes() -> None:
    # text, then "## Reviews" kept over a review that was not
    assert _kept([1, 1, 1, 0], [12, 8, 2, 9], [0, 0, 2, 0]) == [0, 1]
    # two levels of them: both go
    assert _kept([1, 1, 1, 0], [12, 2, 3, 9], [0, 2, 3, 0]) == [0]


def test_headings_over_no_text_of_their_own_stay() -> None:
    # a listing's last items: titles with nothing under them, or a word or two
    assert _kept([1, 1, 1], [12, 4, 5], [0, 3, 3]) == [0, 1, 2]
    assert _kept([1, 1, 0], [12, 4, 2], [0, 3, 0]) == [0, 1]
    # the next heading of the same level ends the section: its text is not the first's
    assert _kept([1, 1, 0, 0], [12, 3, 2, 9], [0, 2, 2, 0]) == [0, 1]


def test_a_heading_before_kept_text_stays() -> None:
    assert _kept([1, 1, 1, 0], [2, 12, 8, 9], [1, 0, 0, 0]) == [0, 1, 2]
    # a page of headings alone keeps them all
    assert _kept([1, 1, 0], [3, 3, 9], [2, 2, 0]) == [0, 1]
    keep = np.ones(3, dtype=bool)
    assert drop_trailing_headings(keep, np.zeros(3), np.zeros(3, dtype=np.int64)) is keep


PRODUCT = (
    "<html><body><main><h1>Steel kettle</h1>"
    "<p>A kettle of brushed steel that boils a litre in three minutes, with a lid that "
    "opens at a touch and a base that turns all the way round.</p>"
    "<h2>Customer reviews</h2>"
    "<div class='review'><p>Boils fast, but the lid is stiff to open and the handle gets "
    "warm.</p></div></main></body></html>"
)


def test_heading_levels_are_those_of_the_blocks_elements() -> None:
    document = parse(PRODUCT)
    assert heading_levels(document).tolist() == [1, 0, 2, 0]


def test_the_filter_on_a_page() -> None:
    document = parse(PRODUCT)
    for index, block in enumerate(document.blocks):
        block.set_content(index != 3)  # the review left out, its heading kept
    assert drop_trailing_headings_filter(document)
    assert [block.is_content for block in document.blocks] == [True, True, False, False]
    assert not drop_trailing_headings_filter(document)  # nothing left to drop
