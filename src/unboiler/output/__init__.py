"""Serialisers of an extracted document: every extractor ends with content flags on the
blocks, and every output reads only those (and the blocks' elements).

``text`` is WCXB's plain text, ``markdown`` CommonMark with GFM tables, ``html`` a
sanitised fragment, ``json`` the text with what is known about the page.  A renderer is
called as ``renderer(document, extractor_name)``; those that can keep links and images
take ``links=`` and ``images=`` too, and the others ignore them.
"""

from __future__ import annotations

from typing import Final, Protocol

from unboiler.collector import paused_collector
from unboiler.document import TextDocument
from unboiler.errors import OutputError
from unboiler.output.html import to_html
from unboiler.output.json import to_json
from unboiler.output.markdown import to_markdown
from unboiler.output.text import to_text


class Renderer(Protocol):
    def __call__(
        self, document: TextDocument, extractor: str, /, *, links: bool = ..., images: bool = ...
    ) -> str: ...


def _text(
    document: TextDocument, extractor: str, /, *, links: bool = False, images: bool = False
) -> str:
    return to_text(document)


def _json(
    document: TextDocument, extractor: str, /, *, links: bool = False, images: bool = False
) -> str:
    return to_json(document, extractor)


def _markdown(
    document: TextDocument, extractor: str, /, *, links: bool = False, images: bool = False
) -> str:
    return to_markdown(document, links=links, images=images)


def _html(
    document: TextDocument, extractor: str, /, *, links: bool = False, images: bool = False
) -> str:
    return to_html(document, links=links, images=images)


RENDERERS: Final[dict[str, Renderer]] = {
    "text": _text,
    "markdown": _markdown,
    "html": _html,
    "json": _json,
}


def render(
    document: TextDocument,
    output: str,
    *,
    extractor: str,
    links: bool = False,
    images: bool = False,
) -> str:
    """The extracted content of ``document`` in the format ``output``; ``links`` and
    ``images`` keep those in the formats that can show them (markdown, html)."""
    try:
        renderer = RENDERERS[output]
    except KeyError:
        known = ", ".join(RENDERERS)
        raise OutputError(f"unknown output format {output!r}; known: {known}") from None
    with paused_collector():  # see unboiler.collector
        return renderer(document, extractor, links=links, images=images)


__all__ = ["RENDERERS", "Renderer", "render", "to_html", "to_json", "to_markdown", "to_text"]
