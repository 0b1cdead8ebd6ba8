"""JSON: the content text with what is known about the page."""

from __future__ import annotations

import json

from unboiler.document import TextDocument


def to_json(document: TextDocument, extractor: str) -> str:
    record = {
        "url": document.url,
        "title": document.title,
        "language": document.language,
        "extractor": extractor,
        "text": document.content,
    }
    if document.page_type is not None:
        record["page_type"] = document.page_type
    for key, value in document.metadata.items():
        record.setdefault(key, value)
    return json.dumps(record, ensure_ascii=False)
