"""What keeps one service alive under any input or burst: a body limit, a time limit and a
bounded worker pool, and the errors that say which one a request ran into.

Extraction is CPU work in Python, so it runs in a small pool of threads off the event
loop.  At most ``workers + queue`` requests are admitted at once; the next one is refused
at once (503) instead of waiting in memory, so a burst costs at most that many pages of
memory.  A request that outlives its time limit gets a 504, but a thread cannot be
stopped: its slot stays taken until the page is done, so slow pages cannot pile up
beyond the bound either.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator, Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Final, TypeVar

from unboiler.errors import ConfigurationError, UnboilerError

#: The largest request body taken (the issue's 10 MB; real pages are a few MB at most).
MAX_BODY_BYTES: Final = 10 * 2**20
#: Seconds a request may take, queueing included.
TIME_LIMIT: Final = 30.0
#: Extraction threads.  Extraction holds the GIL most of the time, so more threads than
#: cores buy nothing; more processes (several ``unboiler serve``) do.
WORKERS: Final = 2
#: Requests admitted beyond those being worked on, waiting for a thread.
QUEUE: Final = 16
#: Pages one ``/extract/batch`` request may hold.
MAX_BATCH: Final = 100

T = TypeVar("T")


@dataclass(frozen=True, kw_only=True)
class Limits:
    """The service's limits; every field has the default above."""

    max_body_bytes: int = MAX_BODY_BYTES
    time_limit: float = TIME_LIMIT
    workers: int = WORKERS
    queue: int = QUEUE
    max_batch: int = MAX_BATCH

    def __post_init__(self) -> None:
        if self.max_body_bytes < 1 or self.workers < 1 or self.queue < 0 or self.max_batch < 1:
            raise ConfigurationError("limits must be positive (queue may be 0)")
        if not self.time_limit > 0:
            raise ConfigurationError("the time limit must be positive")


class RequestError(UnboilerError):
    """A request the service refuses; ``status`` is the HTTP status it answers with."""

    status = 400


class BadInput(RequestError):
    """The body is not a page or JSON the service can read (400)."""

    status = 400


class BadParameter(RequestError):
    """A parameter the service or the extractor does not take (422)."""

    status = 422


class UnsupportedMediaType(RequestError):
    """A body the service does not read as a page: a form's upload (415)."""

    status = 415


class BodyTooLarge(RequestError):
    """The body is larger than :attr:`Limits.max_body_bytes` (413)."""

    status = 413


class Busy(RequestError):
    """Every worker is taken and the queue is full (503): try again later."""

    status = 503


class NotAvailable(RequestError):
    """A route this installation cannot serve: ``/segment`` without the visual extra
    (Playwright and Debian's Chromium) (501)."""

    status = 501


class TimeLimitExceeded(RequestError):
    """The request took longer than :attr:`Limits.time_limit` (504)."""

    status = 504


async def read_body(chunks: AsyncIterator[bytes], limit: int, declared: str | None) -> bytes:
    """The request body, refused with :class:`BodyTooLarge` as soon as it passes ``limit``
    bytes: by its declared length before reading anything, else while it streams in (a
    chunked body declares none)."""
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise BodyTooLarge(f"the body is {int(declared)} bytes; the limit is {limit}")
    parts: list[bytes] = []
    size = 0
    async for chunk in chunks:
        size += len(chunk)
        if size > limit:
            raise BodyTooLarge(f"the body is over {limit} bytes, the limit")
        parts.append(chunk)
    return b"".join(parts)


class WorkerPool:
    """Threads for extraction with a bound on the requests admitted (see the module
    docstring).  One pool per app; :meth:`close` when the app stops."""

    def __init__(self, workers: int, queue: int) -> None:
        self._executor = ThreadPoolExecutor(workers, thread_name_prefix="unboiler")
        self._capacity = workers + queue
        self._admitted = 0
        self._lock = threading.Lock()

    @property
    def admitted(self) -> int:
        """Requests being worked on or waiting (for the health endpoint and tests)."""
        return self._admitted

    @property
    def capacity(self) -> int:
        return self._capacity

    def _release(self, _: Future[Any]) -> None:
        with self._lock:
            self._admitted -= 1

    async def run(self, work: Callable[[], T], time_limit: float) -> T:
        """``work()`` in a thread, its result within ``time_limit`` seconds.

        Raises :class:`Busy` when the pool is full, :class:`TimeLimitExceeded` when the
        time runs out (the slot is freed only when ``work`` ends)."""
        with self._lock:
            if self._admitted >= self._capacity:
                raise Busy(f"all {self._capacity} places are taken; try again shortly")
            self._admitted += 1
        try:
            future = self._executor.submit(work)
        except BaseException:
            with self._lock:
                self._admitted -= 1
            raise
        future.add_done_callback(self._release)
        try:
            return await asyncio.wait_for(asyncio.wrap_future(future), time_limit)
        except TimeoutError:
            raise TimeLimitExceeded(
                f"the request took longer than the time limit of {time_limit:g} s"
            ) from None

    def close(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)


__all__ = [
    "MAX_BATCH",
    "MAX_BODY_BYTES",
    "QUEUE",
    "TIME_LIMIT",
    "WORKERS",
    "BadInput",
    "BadParameter",
    "BodyTooLarge",
    "Busy",
    "Limits",
    "RequestError",
    "TimeLimitExceeded",
    "UnsupportedMediaType",
    "WorkerPool",
    "read_body",
]
