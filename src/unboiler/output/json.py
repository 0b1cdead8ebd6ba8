"""JSON: the content text with what is known about the page.

The record is :meth:`unboiler.output.result.Extraction.to_dict`, written as one line of UTF-8
JSON: every metadata field, null (or an empty list) when the page does not say, the
extractor and version, the text output, the page type when the extractor predicts one,
and what else the extractor found.  :mod:`unboiler.output.result` says where each field comes
from; the JSON output and :func:`unboiler.extract_result` are one record.
"""

from __future__ import annotations

import json

from unboiler.document import TextDocument
from unboiler.output.result import build_extraction


def to_json(document: TextDocument, extractor: str) -> str:
    return json.dumps(build_extraction(document, extractor).to_dict(), ensure_ascii=False)
