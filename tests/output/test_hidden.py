"""What the page shows nobody, or only a screen reader, is not written as seen."""

from __future__ import annotations

import pytest

import unboiler

DEALS = (
    "<html><body><main><p>Save up to $500 on select vacation packages when you book by"
    ' June 30<sup><a href="#fn1">1<span class="sr-only">, footnote</span></a></sup>.'
    ' See the <a href="#hotels">hotel offers<span class="visually-hidden">, go to the'
    " footer note</span></a> below.</p>"
    '<p>Your basket: <a href="/cart"><svg></svg><span class="sr-only">Cart</span></a>'
    ' and <span class="sr-only">three items</span> waiting.</p></main></body></html>'
)


@pytest.mark.parametrize("output", ["text", "markdown"])
def test_a_screen_reader_note_on_a_links_shown_text_is_left_out(output: str) -> None:
    rendered = unboiler.extract(DEALS, extractor="boilerpipe-everything", output=output)
    assert "footnote" not in rendered and "go to the footer note" not in rendered, rendered
    assert "See the hotel offers below." in rendered.replace("[", "").replace("]", "")
    # a link named only for screen readers keeps its name; hidden text outside a link
    # is no note on anything shown
    assert "Cart" in rendered and "three items" in rendered


def test_a_text_placed_after_an_annotation_keeps_its_place() -> None:
    """A content block without an element (a description from JSON-LD) placed after the
    annotation's text is still written."""
    from unboiler.document import TextBlock

    page = (
        "<html><body><main><p>Read <a href='#fn1'>the terms<span class='sr-only'>,"
        " footnote</span></a></p></main></body></html>"
    )
    document = unboiler.parse(page)
    for block in document.blocks:
        block.set_content(True)
    document.blocks.append(TextBlock.from_text("Solid walnut, oiled by hand.", is_content=True))
    from unboiler.output import render

    assert "Solid walnut, oiled by hand." in render(document, "text", extractor="by-hand")
