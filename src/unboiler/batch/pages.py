"""The two records a batch passes around: a :class:`Page` read from an input, and the
:class:`PageResult` of extracting it.

Both are plain frozen dataclasses of builtin types, so they cross process boundaries
(pickled to a worker and back) and Dask partitions cheaply.  A page that could not even
be read (a truncated WARC record, a JSONL line that is not JSON) is still a
:class:`Page`, with ``error`` set and no ``html``: it flows through the batch like any
other and comes out as a result with that error, so a bad record is reported in the
output in its place instead of stopping the batch.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Page:
    """One page to extract.

    ``id`` is unique within a batch (what ``--resume`` matches on): the file's path, the
    JSONL record's ``id`` (else ``FILE:LINE``), or the WARC-Record-ID.  ``url`` is the
    page's address when known (WARC-Target-URI, the JSONL ``url``); ``record_date`` when
    it was fetched (WARC-Date, the JSONL ``date``); ``encoding`` the charset an HTTP
    header declared, a hint for decoding.
    """

    id: str
    html: bytes | None = None
    url: str | None = None
    record_date: str | None = None
    encoding: str | None = None
    error: str | None = None


@dataclass(frozen=True, slots=True)
class PageResult:
    """What came of one page: the extracted ``content`` in the chosen output format, or
    the ``error`` that stopped it (then ``content`` is None).  ``metadata`` holds the
    page's own fields (title, author, date...) when they were asked for."""

    id: str
    url: str | None
    record_date: str | None
    extractor: str
    output: str
    content: str | None = None
    error: str | None = None
    metadata: dict[str, Any] = field(default_factory=dict)

    def to_record(self) -> dict[str, Any]:
        """The flat record the sinks write: ``id``, ``url``, ``record_date``,
        ``extractor``, the content under the output format's name (``text``,
        ``markdown`` or ``html``), the metadata fields when asked, then ``error``."""
        record: dict[str, Any] = {
            "id": self.id,
            "url": self.url,
            "record_date": self.record_date,
            "extractor": self.extractor,
            self.output: self.content,
        }
        record.update(self.metadata)
        record["error"] = self.error
        return record


def failed(page: Page, error: str, *, extractor: str, output: str) -> PageResult:
    """The result of a page that failed with ``error``."""
    return PageResult(
        page.id, page.url, page.record_date, extractor, output, content=None, error=error
    )


__all__ = ["Page", "PageResult", "failed"]
