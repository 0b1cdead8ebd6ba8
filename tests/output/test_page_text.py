"""Every output is made only of the page's own text, in the page's order."""

from __future__ import annotations

import pytest
from tests.output.helpers import (
    FIXTURES,
    PAGES,
    article_document,
    html_text,
    is_subsequence,
    markdown_text,
    page_text,
    squeeze,
)

from unboiler.output.html import to_html
from unboiler.output.markdown import to_markdown
from unboiler.output.text import to_text


@pytest.mark.parametrize("name", FIXTURES)
def test_outputs_are_made_of_the_page_text(name: str) -> None:
    document = article_document(name)
    page = squeeze(page_text((PAGES / name).read_bytes()))
    outputs = {
        "text": to_text(document),
        "markdown": markdown_text(to_markdown(document, links=True, images=True)),
        "html": html_text(to_html(document, links=True, images=True)),
    }
    for output, text in outputs.items():
        assert text.strip(), (name, output)
        assert is_subsequence(squeeze(text), page), (name, output)
