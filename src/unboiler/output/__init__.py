"""Serialisers of an extracted document: every extractor ends with content flags on the
blocks, and every output reads only those (and the blocks' elements)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from unboiler.document import TextDocument
from unboiler.errors import UnboilerError
from unboiler.output.json import to_json
from unboiler.output.text import to_text

Renderer = Callable[[TextDocument, str], str]

RENDERERS: Final[dict[str, Renderer]] = {
    "text": lambda document, extractor: to_text(document),
    "json": to_json,
}


def render(document: TextDocument, output: str, *, extractor: str) -> str:
    """The extracted content of ``document`` in the format ``output``."""
    try:
        renderer = RENDERERS[output]
    except KeyError:
        known = ", ".join(RENDERERS)
        raise UnboilerError(f"unknown output format {output!r}; known: {known}") from None
    return renderer(document, extractor)


__all__ = ["RENDERERS", "render", "to_json", "to_text"]
