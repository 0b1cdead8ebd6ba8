"""A batch from end to end: inputs read, pages extracted by workers, results written,
progress shown; and :func:`extract_many`, the same loop for use inside other programs.
"""

from __future__ import annotations

import contextlib
import signal
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from unboiler.batch.extract import (
    DEFAULT_MAX_BYTES,
    DEFAULT_PAGE_TIMEOUT,
    PageExtractor,
    Settings,
)
from unboiler.batch.pages import UNREADABLE, Page, PageResult
from unboiler.batch.sinks import open_sink
from unboiler.batch.sources import expand, known_total, read_pages
from unboiler.batch.workers import WorkerPool, default_workers

PageLike = Page | str | bytes | Mapping[str, Any]


def as_page(item: PageLike, number: int) -> Page:
    """A :class:`Page` from what a caller may pass: a page, its HTML (the id is its
    number in the input), or a mapping with ``html`` and optional ``id``, ``url`` and
    ``date``, as a JSONL record has."""
    if isinstance(item, Page):
        return item
    if isinstance(item, str | bytes):
        html = item.encode("utf-8", "replace") if isinstance(item, str) else item
        return Page(str(number), html)
    if not isinstance(item, Mapping):  # None for a failed fetch, a number: no page
        kind = "None" if item is None else type(item).__name__
        return Page(
            str(number),
            error=f"not a page: {kind} (pass HTML, a Page or a mapping)",
            error_type=UNREADABLE,
        )
    given = item.get("id")
    page_id = str(number) if given is None or given == "" else str(given)
    url = item.get("url")
    date = item.get("date")
    html_value = item.get("html")
    url_text = None if url is None else str(url)
    date_text = None if date is None else str(date)
    if isinstance(html_value, str):
        html_value = html_value.encode("utf-8", "replace")
    if not isinstance(html_value, bytes):
        return Page(
            page_id,
            url=url_text,
            record_date=date_text,
            error="no 'html' field",
            error_type=UNREADABLE,
        )
    return Page(page_id, html_value, url=url_text, record_date=date_text)


def extract_many(
    pages: Iterable[PageLike],
    *,
    extractor: str = "default",
    output: str = "text",
    with_metadata: bool = False,
    workers: int | None = None,
    ordered: bool = False,
    page_timeout: float | None = DEFAULT_PAGE_TIMEOUT,
    max_bytes: int = DEFAULT_MAX_BYTES,
    **options: Any,
) -> Iterator[PageResult]:
    """Extract every page of ``pages``, yielding a :class:`PageResult` for each, a
    failed page with its ``error`` (it never raises for a page).

    ``pages`` holds :class:`Page` objects (:func:`unboiler.batch.read_pages` makes them
    from files, JSONL and WARC), HTML strings or bytes, or mappings with ``html`` and
    optional ``id``, ``url``, ``date``; it is read lazily, as workers free up.
    ``workers`` processes (default: the usable cores) do the work, each page under
    ``page_timeout`` seconds (the worker is killed past it); ``workers=0`` works in this
    process, with no timeout (for debugging, or where processes cannot be started).
    Results come as they finish, or in input order with ``ordered``.  ``extractor`` and
    ``options`` are :func:`unboiler.get_extractor`'s; a wrong one raises at once.
    """
    settings = Settings(
        extractor=extractor,
        options=options,
        output=output,
        with_metadata=with_metadata,
        max_bytes=max_bytes,
        page_timeout=page_timeout,
    )
    stream = (as_page(item, number) for number, item in enumerate(pages))
    count = default_workers() if workers is None else workers
    if count == 0:
        work = PageExtractor(settings)
        return (work(page) for page in stream)
    return _pooled(settings, count, stream, ordered)


def _pooled(
    settings: Settings, workers: int, pages: Iterator[Page], ordered: bool
) -> Iterator[PageResult]:
    with WorkerPool(settings, workers) as pool:
        yield from pool.run(pages, ordered=ordered)


@dataclass
class Summary:
    """What a batch did."""

    pages: int = 0
    errors: int = 0
    #: Pages read without an error whose content is empty: an empty file, a shell whose
    #: content a script loads, a page of navigation alone.
    empty: int = 0
    skipped: int = 0
    #: Files of the directories given that are not read: not named as HTML, JSONL or
    #: WARC files, or links to nothing (:func:`~unboiler.batch.sources.expand`).
    unread_files: list[Path] = field(default_factory=list)
    seconds: float = 0.0
    interrupted: bool = False
    #: The pages with errors by ``error_type``.
    error_types: Counter[str] = field(default_factory=Counter)

    def __str__(self) -> str:
        rate = self.pages / self.seconds if self.seconds > 0 else 0.0
        text = f"{self.pages:,} pages in {self.seconds:.1f} s ({rate:.1f} pages/s), "
        text += f"{self.errors:,} with errors"
        if self.error_types:
            kinds = sorted(self.error_types.items(), key=lambda item: (-item[1], item[0]))
            text += " (" + ", ".join(f"{count:,} {kind}" for kind, count in kinds) + ")"
        if self.empty:
            text += f", {self.empty:,} without content"
        if self.skipped:
            text += f", {self.skipped:,} skipped (already in the output)"
        if self.unread_files:
            first, count = self.unread_files[0], len(self.unread_files)
            text += (
                f"; {count:,} file{'s' if count != 1 else ''} of the directories not read, "
                f"not named .html, .jsonl or .warc or links to nothing (first: {first}); "
                "name a file to read it"
            )
        if self.interrupted:
            text += "; interrupted: the output holds what was done, --resume goes on"
        return text


#: The signals that stop a batch with its output closed: Ctrl-C, and the polite stop
#: that ``kill``, ``timeout`` and ``docker stop`` send.
STOP_SIGNALS: Final = (signal.SIGINT, signal.SIGTERM)


@contextlib.contextmanager
def _handled(handler: Any) -> Iterator[None]:
    """:data:`STOP_SIGNALS` go to ``handler`` inside the block (main thread only: Python
    runs signal handlers there and nowhere else), except one the process ignores: a
    batch started to ignore Ctrl-C (under ``nohup``, as a shell's background job) goes
    on ignoring it."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {
        number: signal.signal(number, handler)
        for number in STOP_SIGNALS
        if signal.getsignal(number) is not signal.SIG_IGN
    }
    try:
        yield
    finally:
        for number, old in previous.items():
            signal.signal(number, old if old is not None else signal.SIG_DFL)


@contextlib.contextmanager
def whole_write() -> Iterator[None]:
    """A stop signal that arrives inside the block takes effect after it, as a
    ``KeyboardInterrupt``: a record is written whole.  Python runs a signal's handler
    between bytecodes, and a gzip stream's ``write`` is many of them, so an interrupt
    inside one left the compressor's state and its checksum apart, and the file closed
    on it corrupt."""
    caught: list[int] = []
    with _handled(lambda number, frame: caught.append(number)):
        yield
    if caught:
        signal.default_int_handler(caught[0], None)  # Python's Ctrl-C: KeyboardInterrupt


def run_batch(
    inputs: Iterable[str | Path],
    out: str | Path | None,
    settings: Settings,
    *,
    workers: int | None = None,
    ordered: bool = False,
    resume: bool = False,
    directory: bool = False,
    progress: bool = True,
    warc_library: str = "auto",
    row_group_size: int | None = None,
) -> Summary:
    """``unboiler batch``: every page of ``inputs`` into ``out``.  Ctrl-C or SIGTERM
    stops the workers and closes the output normally, after the record being written;
    the summary says it was interrupted."""
    from tqdm import tqdm

    unread: list[Path] = []
    files = expand(inputs, unread=unread)
    settings.build()
    sink = open_sink(
        out,
        output=settings.output,
        with_metadata=settings.with_metadata,
        resume=resume,
        directory=directory,
        row_group_size=row_group_size,
    )
    summary = Summary(unread_files=unread)
    bar = tqdm(
        total=known_total(files),
        unit="page",
        file=sys.stderr,
        disable=not progress,
        dynamic_ncols=True,
        smoothing=0.05,
    )

    def fresh(pages: Iterator[Page]) -> Iterator[Page]:
        for page in pages:
            if page.id in sink.done:
                summary.skipped += 1
                bar.update(1)
                continue
            yield page

    started = time.perf_counter()
    try:
        # SIGTERM too does what Ctrl-C does by default: a KeyboardInterrupt
        with _handled(signal.default_int_handler):
            pages = fresh(
                read_pages(files, warc_library=warc_library, max_bytes=settings.max_bytes)
            )
            count = default_workers() if workers is None else workers
            results: Iterable[PageResult]
            if count == 0:
                work = PageExtractor(settings)
                results = (work(page) for page in pages)
            else:
                results = _pooled(settings, count, pages, ordered)
            for result in results:
                with whole_write():
                    sink.write(result)
                summary.pages += 1
                if result.error is not None:
                    summary.errors += 1
                    summary.error_types[result.error_type or UNREADABLE] += 1
                    bar.set_postfix(errors=summary.errors, refresh=False)
                elif not result.content:
                    summary.empty += 1
                bar.update(1)
    except KeyboardInterrupt:
        summary.interrupted = True
    finally:
        summary.seconds = time.perf_counter() - started
        bar.close()
        with _handled(signal.SIG_IGN):  # closing is not cut short by a second Ctrl-C
            sink.close()
    return summary


__all__ = ["PageLike", "Summary", "as_page", "extract_many", "run_batch"]
