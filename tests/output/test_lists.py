"""The numbers of an ordered list's items as the page shows them."""

from __future__ import annotations

import pytest

from unboiler.output.lists import item_label


@pytest.mark.parametrize(
    ("number", "style", "label"),
    [
        (1, "a", "a"), (26, "a", "z"), (27, "a", "aa"), (52, "A", "AZ"), (703, "a", "aaa"),
        (4, "i", "iv"), (9, "I", "IX"), (1994, "i", "mcmxciv"), (3999, "I", "MMMCMXCIX"),
        # no such numeral: decimal, as browsers write it
        (0, "a", "0"), (-2, "i", "-2"), (4000, "I", "4000"),
    ],
)  # fmt: skip
def test_an_items_label_is_written_as_its_style_says(number: int, style: str, label: str) -> None:
    assert item_label(number, style) == label
