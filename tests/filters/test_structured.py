"""The product description added from JSON-LD when the page's text lacks it."""

from __future__ import annotations

from unboiler.filters.structured import add_product_description
from unboiler.parse import parse

DESCRIPTION = (
    "A kettle of brushed steel that boils a litre of water in three minutes, keeps it "
    "warm for an hour and switches itself off when the pot is lifted from its base plate."
)


def product_page(body: str, description: str = DESCRIPTION) -> str:
    script = f'{{"@type": "Product", "name": "Kettle", "description": "{description}"}}'
    return (
        f'<html><head><script type="application/ld+json">{script}</script></head>'
        f"<body>{body}</body></html>"
    )


def decided(html: str, page_type: str = "product"):  # type: ignore[no-untyped-def]
    document = parse(html)
    document.page_type = page_type
    for block in document.blocks:
        block.set_content(block.text == "Kettle")
    return document


def test_added_after_the_first_content_block() -> None:
    document = decided(product_page("<nav>Home Shop</nav><h1>Kettle</h1><p>Add to cart</p>"))
    assert add_product_description(document)
    assert [b.text for b in document.content_blocks] == ["Kettle", DESCRIPTION]
    assert document.blocks[2].text == DESCRIPTION


def test_not_added_when_the_page_shows_it() -> None:
    document = decided(product_page(f"<h1>Kettle</h1><div class=tab><p>{DESCRIPTION}</p></div>"))
    assert not add_product_description(document)
    assert DESCRIPTION not in document.content  # the model's decision stands


def test_only_on_product_pages() -> None:
    assert not add_product_description(decided(product_page("<h1>Kettle</h1>"), "article"))


def test_a_tagline_is_not_a_description() -> None:
    short = "Brushed steel, one litre, three minutes."
    assert not add_product_description(decided(product_page("<h1>Kettle</h1>", short)))
