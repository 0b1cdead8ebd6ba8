"""The work done on one page, the same in a worker process, a Dask task or a plain loop:
decompress, parse once, run the extractor, render the chosen output, and turn any error
into the page's ``error`` so that one bad page never stops a batch.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from unboiler.batch.pages import (
    EXTRACTION,
    INTERNAL,
    TOO_LARGE,
    UNREADABLE,
    Page,
    PageResult,
    failed,
    unread,
)
from unboiler.compressed import decompress
from unboiler.errors import (
    ConfigurationError,
    DamagedInputError,
    OutputError,
    PageTooLargeError,
    PageURLError,
    UnboilerError,
    UnknownEncodingError,
)
from unboiler.extractors import Extractor, get_extractor
from unboiler.output import render
from unboiler.output.result import build_extraction
from unboiler.parse import check_url, parse

#: Outputs a batch can write (``json`` is what the record itself is).
OUTPUTS: Final = ("text", "markdown", "html")
#: The page's own fields a record gets with ``with_metadata`` (``date`` is the page's
#: publication date, ``record_date`` when it was fetched).
METADATA_FIELDS: Final = (
    "title",
    "author",
    "date",
    "language",
    "direction",
    "sitename",
    "description",
    "image",
    "canonical_url",
    "categories",
    "tags",
    "page_type",
)


def usable_url(url: str | None) -> str | None:
    """A record's URL as the page's address when it is one (:func:`check_url`), else
    None: a crawl's record with an ``ftp:`` or ``urn:`` target, or a JSONL ``url`` that
    is a path, is still a page to extract (its record keeps the URL as given)."""
    try:
        return check_url(url)
    except PageURLError:
        return None


def record_fields(output: str, with_metadata: bool) -> tuple[str, ...]:
    """The fields of a batch's records, in order
    (:meth:`~unboiler.batch.pages.PageResult.to_record`): a Parquet file's columns, and
    what a JSONL output's records must hold to be resumed by the same command."""
    metadata = METADATA_FIELDS if with_metadata else ()
    return ("id", "url", "record_date", "extractor", output, *metadata, "error", "error_type")


#: Pages larger than this (after gzip) are refused: real articles are under 1 MB, and
#: the default extractor takes tens of seconds and gigabytes on a 17 MB page (see the
#: commit that bounded its scoring), which would stall a batch for nothing.
DEFAULT_MAX_BYTES: Final = 5 * 2**20
#: Seconds a page may take: the slowest real benchmark pages take well under one second
#: on a loaded machine, so five means a hung page, not a large one.
DEFAULT_PAGE_TIMEOUT: Final = 5.0


@dataclass(frozen=True, kw_only=True)
class Settings:
    """What to do with each page; plain values, so it crosses into worker processes."""

    extractor: str = "default"
    options: Mapping[str, Any] = field(default_factory=dict)
    output: str = "text"
    with_metadata: bool = False
    max_bytes: int = DEFAULT_MAX_BYTES
    page_timeout: float | None = DEFAULT_PAGE_TIMEOUT

    def __post_init__(self) -> None:
        if self.output not in OUTPUTS:
            raise OutputError(f"output {self.output!r} is not one of {', '.join(OUTPUTS)}")
        if self.max_bytes < 1:
            raise ConfigurationError("max_bytes must be positive")
        if self.page_timeout is not None and self.page_timeout <= 0:
            raise ConfigurationError("page_timeout must be positive (or None for none)")

    def build(self) -> Extractor:
        """The extractor; raises :class:`~unboiler.ExtractorOptionError` and kin, so that
        a wrong name or option fails the batch once, before any page."""
        return get_extractor(self.extractor, **dict(self.options))


class PageExtractor:
    """Extracts pages with :class:`Settings`; the extractor is built once."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.extractor = settings.build()

    def __call__(self, page: Page) -> PageResult:
        settings = self.settings
        name = self.extractor.name
        if page.error is not None or page.html is None:
            return unread(page, extractor=name, output=settings.output)
        try:
            content, metadata = self._extract(page)
        except UnboilerError as error:
            kind = (
                TOO_LARGE
                if isinstance(error, PageTooLargeError)
                else UNREADABLE
                if isinstance(error, DamagedInputError)
                else EXTRACTION
            )
            message = f"{type(error).__name__}: {error}"
            return failed(page, message, kind, extractor=name, output=settings.output)
        except Exception as error:  # a bug of ours; recorded, never fatal to the batch
            return failed(
                page,
                f"internal error, please report it: {type(error).__name__}: {error}",
                INTERNAL,
                extractor=name,
                output=settings.output,
            )
        return PageResult(
            page.id,
            page.url,
            page.record_date,
            name,
            settings.output,
            content=content,
            metadata=metadata,
        )

    def _extract(self, page: Page) -> tuple[str, dict[str, Any]]:
        settings = self.settings
        assert page.html is not None
        html = decompress(page.html, limit=settings.max_bytes)
        if len(html) > settings.max_bytes:
            raise PageTooLargeError(f"too large: {len(html):,} bytes (max_bytes)")
        url = usable_url(page.url)
        try:
            document = parse(html, url=url, encoding=page.encoding, max_bytes=settings.max_bytes)
        except UnknownEncodingError:  # a server's bogus charset is no reason to fail
            document = parse(html, url=url, max_bytes=settings.max_bytes)
        self.extractor(document)
        name = self.extractor.name
        if not settings.with_metadata:
            return render(document, settings.output, extractor=name), {}
        result = build_extraction(document, name)
        record = result.to_dict()
        metadata = {key: record.get(key) for key in METADATA_FIELDS}
        return str(getattr(result, settings.output)), metadata


__all__ = [
    "DEFAULT_MAX_BYTES",
    "DEFAULT_PAGE_TIMEOUT",
    "METADATA_FIELDS",
    "OUTPUTS",
    "PageExtractor",
    "Settings",
    "record_fields",
]
