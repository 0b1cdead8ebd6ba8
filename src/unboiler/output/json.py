"""JSON: the content text with what is known about the page.

Every field of :class:`unboiler.metadata.Metadata` is written, null (or an empty list)
when the page does not say.  ``url`` is the address the caller gave and
``canonical_url`` the one the page declares; ``title`` is the page's headline, or its
``<title>`` when no headline is found; ``language`` is the one the extraction used when
an extractor set it (detected from the text, or given by the caller), else the page's
own.  ``text`` is the text output, laid out the same way.  What an extractor found
about the page (``document.metadata``, such as the ``headline`` and ``date`` of
``weighted-blocks``) is written as it found it.
"""

from __future__ import annotations

import json
from typing import Any

from unboiler.document import TextDocument
from unboiler.metadata import extract_metadata
from unboiler.output.text import to_text


def to_json(document: TextDocument, extractor: str) -> str:
    from unboiler import __version__  # at call time: the package imports this module

    meta = extract_metadata(document)
    record: dict[str, Any] = {
        "url": document.url,
        "canonical_url": meta.url,
        "title": meta.title or document.title,
        "author": meta.author,
        "date": meta.date,
        "language": document.language or meta.language,
        "sitename": meta.sitename,
        "description": meta.description,
        "image": meta.image,
        "categories": list(meta.categories),
        "tags": list(meta.tags),
        "extractor": extractor,
        "version": __version__,
        "text": to_text(document),
    }
    if document.page_type is not None:
        record["page_type"] = document.page_type
    record.update(document.metadata)
    return json.dumps(record, ensure_ascii=False)
