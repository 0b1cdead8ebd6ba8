"""Repeated text kept once on pages that are not articles or documentation."""

from __future__ import annotations

from pathlib import Path

import pytest

import unboiler
from unboiler.document import TextBlock, TextDocument
from unboiler.filters.repeats import DropRepeatedContent, first_copies

SHOP = [
    ("Brass Desk Lamp", True),
    ("Menu", False),
    ("Brass Desk Lamp", True),  # the gallery's caption: the same name again
    ("A lamp of solid brass with a linen shade and a dimmer in its base.", True),
    ("brass   DESK lamp", True),  # the sticky buy box, other case and spacing
    ("Add to basket", True),
    ("Add to basket", False),  # a second copy that is not content stays as it is
]


def document(page_type: str | None, blocks: list[tuple[str, bool]] = SHOP) -> TextDocument:
    return TextDocument(
        [TextBlock.from_text(text, is_content=content) for text, content in blocks],
        page_type=page_type,
    )


def kept(doc: TextDocument) -> list[str]:
    return [block.text for block in doc.blocks if block.is_content]


@pytest.mark.parametrize("page_type", ["product", "listing", "forum", "service", "collection"])
def test_later_copies_are_dropped(page_type: str) -> None:
    doc = document(page_type)
    assert DropRepeatedContent()(doc)
    assert kept(doc) == [
        "Brass Desk Lamp",
        "A lamp of solid brass with a linen shade and a dimmer in its base.",
        "Add to basket",
    ]


@pytest.mark.parametrize("page_type", ["article", "documentation", None])
def test_articles_documentation_and_untyped_pages_keep_their_repeats(
    page_type: str | None,
) -> None:
    doc = document(page_type)
    assert not DropRepeatedContent()(doc)
    assert kept(doc) == [text for text, content in SHOP if content]


def test_blocks_under_min_words_are_kept() -> None:
    doc = document("product", [("Lamp", True), ("Lamp", True), ("Brass lamp", True)])
    DropRepeatedContent(min_words=2)(doc)
    assert kept(doc) == ["Lamp", "Lamp", "Brass lamp"]


def test_a_table_cell_is_never_a_repeat() -> None:
    from unboiler.parse import parse

    # A specification table repeats values row by row; text outside the table does not
    # get the same pass, even after a cell that holds it.
    page = """<html><body><h1>Charcoal grill</h1>
    <table><tr><th>Lid</th><td>Inox</td></tr><tr><th>Grill</th><td><p>Inox</p></td></tr>
    <tr><th>Legs</th><td><div><span>Steel</span></div></td></tr></table>
    <p>Inox</p><p>Lid</p></body></html>"""
    doc = parse(page)
    for block in doc.blocks:
        block.set_content(True)
    doc.page_type = "product"
    DropRepeatedContent()(doc)
    assert kept(doc) == ["Charcoal grill", "Lid", "Inox", "Grill", "Inox", "Legs", "Steel"]


def test_first_copies_reads_only_kept_texts() -> None:
    # a text first seen in a dropped block does not make its later kept copy a repeat
    assert first_copies(["a b", "a b", "a b"], [2, 2, 2], [False, True, True]) == [
        False,
        True,
        False,
    ]


PRODUCT_PAGE = Path(__file__).parent.parent / "pages" / "default" / "product.html"
REPEATED = "Incluye una junta de silicona de repuesto."


def shop_page_with_a_repeat() -> str:
    """The hand-written shop page (predicted a product page) with its care paragraph
    written a second time after the specifications, as shops repeat a tab's text."""
    html = PRODUCT_PAGE.read_text(encoding="utf-8")
    paragraph = next(line.strip() for line in html.splitlines() if REPEATED in line)
    return html.replace("</table>", f"</table>\n{paragraph}", 1)


def test_the_default_extractor_keeps_one_copy_unless_told_otherwise() -> None:
    html = shop_page_with_a_repeat()
    assert html.count(REPEATED) == 2
    result = unboiler.extract_result(html)
    assert result.to_dict()["page_type"] == "product"
    assert result.text.count(REPEATED) == 1
    assert unboiler.extract(html, drop_repeats=False).count(REPEATED) == 2
