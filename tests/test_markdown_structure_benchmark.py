"""The pure parts of ``benchmarks/markdown_structure.py``: which elements of a Markdown text
count, with which words, and when two of them match (hand-written Markdown pairs)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "markdown_structure.py"


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    name = "benchmark_markdown_structure_units"
    spec = importlib.util.spec_from_file_location(name, SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def kinds_and_texts(bench: ModuleType, markdown: str) -> list[tuple[str, str]]:
    return [(element.kind, element.text) for element in bench.elements(markdown)]


def test_elements_of_each_kind(bench: ModuleType) -> None:
    markdown = (
        "# Title\n\nSetext heading\n--------------\n\n"
        "Some paragraph text.\n\n"
        "- first *item*\n- second item\n  1. nested one\n\n"
        "| Name | Size |\n| --- | --- |\n| Onions | 3 |\n\n"
        "```python\nprint('hi')\n```\n\n"
        "    indented code\n"
    )
    assert kinds_and_texts(bench, markdown) == [
        ("heading", "Title"),
        ("heading", "Setext heading"),
        ("list item", "first item"),
        ("list item", "nested one"),
        ("list item", "second item"),
        ("table row", "Name Size"),
        ("table row", "Onions 3"),
        ("code block", "print('hi')"),
        ("code block", "indented code"),
    ]


def test_a_heading_in_a_list_item_is_the_items_text_too(bench: ModuleType) -> None:
    assert kinds_and_texts(bench, "- ### Pros\n  Cheap to run\n") == [
        ("heading", "Pros"),
        ("list item", "Pros Cheap to run"),
    ]


def test_images_and_elements_without_words_are_left_out(bench: ModuleType) -> None:
    markdown = "- ![a photo of a cat](cat.jpg)\n- ![dog](dog.jpg) Rex\n\n```\n{}\n```\n"
    assert kinds_and_texts(bench, markdown) == [("list item", "Rex")]


def test_words_fold_case_and_drop_punctuation_and_split_cjk(bench: ModuleType) -> None:
    assert bench.words("Hello, World! snake_case 東京") == (
        "hello",
        "world",
        "snake",
        "case",
        "東",
        "京",
    )


def element(bench: ModuleType, kind: str, text: str) -> object:
    return bench.Element(kind, bench.words(text), text)


def test_match_same_words_in_other_case_and_punctuation(bench: ModuleType) -> None:
    gold = [element(bench, "heading", "Cloud computing, defined")]
    system = [element(bench, "heading", "cloud computing defined:")]
    assert bench.match(gold, system) == [True]


def test_match_needs_80_percent_of_the_longer_elements_words(bench: ModuleType) -> None:
    gold = [element(bench, "list item", "one two three four five")]
    four_of_five = [element(bench, "list item", "one two three four")]
    three_of_five = [element(bench, "list item", "one two three")]
    assert bench.match(gold, four_of_five) == [True]
    assert bench.match(gold, three_of_five) == [False]


def test_match_needs_the_same_kind(bench: ModuleType) -> None:
    gold = [element(bench, "heading", "Opening hours")]
    system = [element(bench, "list item", "Opening hours")]
    assert bench.match(gold, system) == [False]


def test_each_system_element_matches_once(bench: ModuleType) -> None:
    gold = [element(bench, "table row", "Yes Yes No"), element(bench, "table row", "Yes Yes No")]
    system = [element(bench, "table row", "yes yes no")]
    assert bench.match(gold, system) == [True, False]


def test_equal_words_are_paired_before_near_ones(bench: ModuleType) -> None:
    # The first gold element could take the near one; the equal one is kept for the second.
    gold = [element(bench, "heading", "a b c d e"), element(bench, "heading", "a b c d")]
    system = [element(bench, "heading", "a b c d"), element(bench, "heading", "a b c d e x")]
    assert bench.match(gold, system) == [True, True]


def test_tally_counts_found_and_written(bench: ModuleType) -> None:
    tally = bench.Tally()
    gold = bench.elements("# Menu\n\n- soup\n- bread\n- fresh cheese\n")
    markdown = "# Menu\n\n- soup\n\nbread\n\n## Extra\n\ncheese\n"
    missed = tally.add(gold, bench.elements(markdown), bench.markdown_text(markdown))
    assert [(e.kind, e.text) for e in missed] == [
        ("list item", "bread"),
        ("list item", "fresh cheese"),
    ]
    assert tally.share("heading") == 1.0
    assert tally.share("list item") == 1 / 3
    assert tally.share("table row") is None
    assert tally.written["heading"] == 2
    # "bread" is there as a paragraph: extracted, not written as an item; "fresh cheese"
    # is not there at all.
    assert tally.extracted["list item"] == 2
    assert tally.rendered("list item") == 0.5


def test_shown_needs_the_words_together_and_in_order(bench: ModuleType) -> None:
    item = element(bench, "list item", "Fresh cheese")
    assert bench.shown("We sell fresh, cheese and bread.", item)
    assert not bench.shown("Cheese, fresh from the farm.", item)
    assert not bench.shown("fresh bread and cheese", item)
    assert not bench.shown("refresh cheeses", item)


def test_markdown_text_is_the_text_without_markup(bench: ModuleType) -> None:
    markdown = (
        "## Soup *for* four\n\n**Chop** the [onions](https://example.org/o) and `stir`.\n\n"
        "| a | b |\n| --- | --- |\n| 1 | 2 |\n\n```\nx = 1\n```\n"
    )
    assert bench.markdown_text(markdown) == (
        "Soup for four\nChop the onions and stir.\na\tb\n1\t2\nx = 1"
    )
