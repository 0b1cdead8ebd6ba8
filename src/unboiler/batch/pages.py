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
from typing import Any, Final

#: Why a page has no content, as the record's ``error_type``: one word that a pipeline
#: counts or filters on, beside the ``error`` message written for a person.
#: The record or file could not be read as a page: an unreadable file, a JSONL line that
#: is not a JSON object or has no ``html``, damaged WARC data, a truncated WARC record,
#: an item of ``extract_many`` that is no page.
UNREADABLE: Final = "unreadable"
#: More bytes than ``max_bytes``, as read or once its gzip stream is expanded.
TOO_LARGE: Final = "too-large"
#: A WARC response whose content type is not HTML.
NOT_HTML: Final = "not-html"
#: A WARC response whose HTTP status is not a success: an error page or a redirect.
HTTP_STATUS: Final = "http-status"
#: Read, but no text could be extracted: binary data, bytes no charset decodes, nesting
#: too deep to walk (the message names the :class:`~unboiler.UnboilerError`).
EXTRACTION: Final = "extraction"
#: The page took longer than ``page_timeout``; its worker was killed.
TIMEOUT: Final = "timeout"
#: The worker process died on the page (out of memory, a crash in a library).
CRASHED: Final = "crashed"
#: An exception that is a bug of unboiler's; please report it.
INTERNAL: Final = "internal"
ERROR_TYPES: Final = (
    UNREADABLE,
    TOO_LARGE,
    NOT_HTML,
    HTTP_STATUS,
    EXTRACTION,
    TIMEOUT,
    CRASHED,
    INTERNAL,
)


@dataclass(frozen=True, slots=True)
class Page:
    """One page to extract.

    ``id`` is unique within a batch (what ``--resume`` matches on): the file's path, the
    JSONL record's ``id`` (else ``FILE:LINE``), or the WARC-Record-ID.  ``url`` is the
    page's address when known (WARC-Target-URI, the JSONL ``url``); ``record_date`` when
    it was fetched (WARC-Date, the JSONL ``date``); ``encoding`` the charset an HTTP
    header declared, a hint for decoding.  A page that could not be read has no
    ``html``, and its ``error`` and ``error_type`` (one of :data:`ERROR_TYPES`) instead.
    """

    id: str
    html: bytes | None = None
    url: str | None = None
    record_date: str | None = None
    encoding: str | None = None
    error: str | None = None
    error_type: str | None = None

    def __post_init__(self) -> None:
        # the fields every sink writes, made writable once (see writable)
        for name in ("id", "url", "record_date"):
            value = getattr(self, name)
            if value is not None:
                object.__setattr__(self, name, writable(value))


def writable(text: str) -> str:
    """``text`` as UTF-8 can hold it: its lone surrogates (the bytes of a file name that
    are no UTF-8, which ``os.fsdecode`` keeps as such; an escaped lone surrogate in a
    JSONL string) written as backslash escapes, ``caf\\udce9``.  Left in, the first such
    id stopped a batch at the sink with a ``UnicodeEncodeError``, and ``--resume`` stopped
    at it again.  The escape is the same on every run, so ``--resume`` still matches
    the page (an id written with the escape's own backslashes reads the same)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text


@dataclass(frozen=True, slots=True)
class PageResult:
    """What came of one page: the extracted ``content`` in the chosen output format, or
    the ``error`` that stopped it (then ``content`` is None) and its ``error_type``, one
    of :data:`ERROR_TYPES`.  ``metadata`` holds the page's own fields (title, author,
    date...) when they were asked for."""

    id: str
    url: str | None
    record_date: str | None
    extractor: str
    output: str
    content: str | None = None
    error: str | None = None
    metadata: dict[str, Any] = field(default_factory=dict)
    error_type: str | None = None

    def to_record(self) -> dict[str, Any]:
        """The flat record the sinks write: ``id``, ``url``, ``record_date``,
        ``extractor``, the content under the output format's name (``text``,
        ``markdown`` or ``html``), the metadata fields when asked, then ``error`` and
        ``error_type``."""
        record: dict[str, Any] = {
            "id": self.id,
            "url": self.url,
            "record_date": self.record_date,
            "extractor": self.extractor,
            self.output: self.content,
        }
        record.update(self.metadata)
        record["error"] = self.error
        record["error_type"] = self.error_type
        return record


def failed(page: Page, error: str, error_type: str, *, extractor: str, output: str) -> PageResult:
    """The result of a page that failed with ``error`` of ``error_type``."""
    return PageResult(
        page.id,
        page.url,
        page.record_date,
        extractor,
        output,
        content=None,
        error=error,
        error_type=error_type,
    )


def unread(page: Page, *, extractor: str, output: str) -> PageResult:
    """The result of a page that could not be read, with the error it carries."""
    return failed(
        page,
        page.error or "no page",
        page.error_type or UNREADABLE,
        extractor=extractor,
        output=output,
    )


__all__ = [
    "CRASHED",
    "ERROR_TYPES",
    "EXTRACTION",
    "HTTP_STATUS",
    "INTERNAL",
    "NOT_HTML",
    "TIMEOUT",
    "TOO_LARGE",
    "UNREADABLE",
    "Page",
    "PageResult",
    "failed",
    "unread",
    "writable",
]
