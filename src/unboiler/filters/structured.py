"""Content a page states only in its structured data.

Shops render a product's description with scripts, or behind a tab the HTML does not
hold, and still describe the product in JSON-LD for search engines
(:func:`unboiler.jsonld.product_description`).  When the page's text has none of it, the
description is the content a reader would see, so it is added as a block.
"""

from __future__ import annotations

import re
from typing import Final

from unboiler.document import TextBlock, TextDocument
from unboiler.jsonld import product_description

#: A description shorter than this (in words) is a tagline, not a description.
MIN_DESCRIPTION_WORDS: Final = 20
#: The description counts as absent from the page when less than this share of its
#: distinct words occurs anywhere in the page's text.
MAX_SHARE_ON_PAGE: Final = 0.5

_WORD: Final = re.compile(r"\w+")


def add_product_description(document: TextDocument) -> bool:
    """Filter: on a page predicted to be a product page, add the JSON-LD description as a
    content block after the first content block when the page's own text lacks it."""
    if document.page_type != "product":
        return False
    description = product_description(document)
    if description is None:
        return False
    words = set(_WORD.findall(description.lower()))
    if len(words) < MIN_DESCRIPTION_WORDS:
        return False
    page_words = set(_WORD.findall(document.text.lower()))
    if len(words & page_words) >= MAX_SHARE_ON_PAGE * len(words):
        return False
    block = TextBlock.from_text(description, is_content=True)
    blocks = document.blocks
    first = next((i for i, b in enumerate(blocks) if b.is_content), -1)
    blocks.insert(first + 1, block)
    return True


__all__ = ["MAX_SHARE_ON_PAGE", "MIN_DESCRIPTION_WORDS", "add_product_description"]
