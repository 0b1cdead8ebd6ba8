"""The one entry point: page in, main content out."""

from __future__ import annotations

from unboiler.document import TextDocument
from unboiler.extractors import get_extractor
from unboiler.output import render
from unboiler.parse import parse


def extract(
    html: str | bytes | TextDocument,
    *,
    url: str | None = None,
    extractor: str = "default",
    output: str = "text",
    encoding: str | None = None,
) -> str:
    """The main content of a page.

    ``html`` is the page as text, as raw bytes (decoded with ``encoding`` if an HTTP
    header gave one, else detected), or a :class:`TextDocument` from :func:`unboiler.parse`;
    a parsed document is copied first, so one parse can serve several extractors.
    ``extractor`` names a registered extractor (see :func:`unboiler.extractors`) and
    ``output`` a format (``text`` or ``json``).  Raises :class:`unboiler.ExtractionError`
    for input that is not a web page.
    """
    chosen = get_extractor(extractor)
    if isinstance(html, TextDocument):
        document = html.copy()
        if url is not None:
            document.url = url
    else:
        document = parse(html, url=url, encoding=encoding)
    chosen(document)
    return render(document, output, extractor=extractor)
