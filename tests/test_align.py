"""Mapping selected or gold text back onto blocks."""

from __future__ import annotations

import pytest
from tests.conftest import make_doc

from unboiler.align import bag_coverage, mark_covered


def doc_of(*texts: str):
    return make_doc([len(t.split()) for t in texts], texts=list(texts))


def test_bag_coverage_tolerates_edits_and_order() -> None:
    doc = doc_of(
        "Subscribe to our newsletter",
        "The river rose by two metres overnight.",
        "Residents were told to leave early.",
    )
    gold = "Residents were told to leave early. The river rose by two metres overnight!"
    coverage = bag_coverage(doc.blocks, gold)
    assert coverage[0] == 0.0
    assert coverage[1] == coverage[2] == 1.0


def test_bag_coverage_in_context_wants_short_blocks_beside_their_neighbours() -> None:
    doc = doc_of(
        "Studio Monitors",
        "Headphones",
        "Microphones",
        "Features",
        "The best interface yet, with four inputs.",
        "Headphones",
    )
    gold = "Headphones are sold apart. Features The best interface yet, with four inputs."
    plain = bag_coverage(doc.blocks, gold)
    assert plain[1] == plain[5] == 1.0  # the menu's word is somewhere in the gold
    coverage = bag_coverage(doc.blocks, gold, context=True)
    # The menu item is not beside "studio monitors" or "microphones" in the gold; the
    # heading is beside its paragraph; the last "Headphones" has no neighbour after it
    # and is not after "four inputs" in the gold.
    assert coverage == [0.0, 0.0, 0.0, 1.0, 1.0, 0.0]


def test_bag_coverage_in_context_skips_empty_neighbours() -> None:
    doc = doc_of("Features", "", "The best interface yet")
    coverage = bag_coverage(doc.blocks, "Features The best interface yet", context=True)
    assert coverage == [1.0, 0.0, 1.0]


def test_mark_covered() -> None:
    doc = doc_of("a b", "c d")
    assert mark_covered(doc, [0.2, 0.5])
    assert [b.is_content for b in doc.blocks] == [False, True]
    assert not mark_covered(doc, [0.0, 1.0])


# --------------------------------------------------------------------------- selection_coverage


def test_selection_coverage_ignores_word_boundaries_lost_with_tags() -> None:
    from unboiler.align import selection_coverage

    doc = doc_of("Storm closes road", "The road was closed.", "Home")
    pieces = [("StormcloSES roadThe road was", True), ("closed.Home", False)]
    coverage = selection_coverage(doc.blocks, pieces)
    assert coverage[0] == 1.0
    assert coverage[1] == pytest.approx(len("theroadwas") / len("theroadwasclosed"))
    assert coverage[2] == 0.0


def test_selection_coverage_skips_text_no_block_has() -> None:
    from unboiler.align import selection_coverage

    doc = doc_of("Home News", "The mayor said so.")
    pieces = [
        ("Page title | Site", True),
        ("Home News", False),
        ("var x = 1", True),
        ("The mayor said so.", True),
    ]
    assert selection_coverage(doc.blocks, pieces) == [0.0, 1.0]


def test_selection_coverage_of_a_block_missing_from_the_pieces() -> None:
    from unboiler.align import selection_coverage

    doc = doc_of("alpha beta", "not on the page", "gamma delta", "")
    pieces = [("alpha beta", True), ("gamma delta", True)]
    assert selection_coverage(doc.blocks, pieces) == [1.0, 0.0, 1.0, 0.0]
    assert selection_coverage(doc.blocks, []) == [0.0, 0.0, 0.0, 0.0]
    assert selection_coverage([], pieces) == []


def test_selection_coverage_looks_only_near_once_misses_used_their_budget() -> None:
    from unboiler.align import MISS_BUDGET, NEAR_WINDOW, selection_coverage

    filler = "x" * (NEAR_WINDOW + 10)
    missing = [f"absent{i}" for i in range(MISS_BUDGET)]
    doc = doc_of(*missing, "near", "far")
    pieces = [("near", True), (filler, False), ("far", True)]
    # With the budget spent by the four misses, "far" lies beyond the window after "near".
    assert selection_coverage(doc.blocks, pieces)[-2:] == [1.0, 0.0]
    # With budget left, it is found.
    doc = doc_of("near", "far")
    assert selection_coverage(doc.blocks, pieces) == [1.0, 1.0]
