"""Worker processes with a watchdog: pages in, results out, a hung page killed.

Why processes that the parent kills, rather than ``concurrent.futures`` or an alarm
inside the worker: a page can hang in C code (the HTML parser, numpy) that holds the
GIL, where neither ``signal.alarm`` nor a thread can interrupt it, since Python runs a
signal handler only between bytecodes; and a ``ProcessPoolExecutor`` cannot cancel a
running call, nor kill one worker without breaking the pool.  Here each worker has its
own pipe, so the parent always knows which page each worker holds and since when; a
worker past ``page_timeout`` is killed (SIGKILL), its page recorded as timed out, and a
new worker takes its slot.  A worker that dies (a segfault, the OOM killer) costs its
page the same way.  Killing is rare, so its price (a new process, the extractor built
again, well under a second with ``forkserver``) does not matter.

Memory stays bounded: each worker holds one page (:data:`PREFETCH`), input is read
only as workers free up, and with ``ordered`` results wait for an earlier slow page in a
buffer of at most :data:`ORDER_BUFFER` pages per worker, after which reading pauses.

Workers ignore SIGINT: Ctrl-C reaches the parent alone, which stops, kills the workers
and leaves the writing to finish cleanly.  Pages in flight then are lost, not half
written; ``--resume`` does them again.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import multiprocessing.connection
import os
import signal
import time
from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, Final

from unboiler.batch.extract import PageExtractor, Settings
from unboiler.batch.pages import CRASHED, TIMEOUT, Page, PageResult, failed, unread
from unboiler.errors import ConfigurationError

#: Pages a worker holds at once.  One: the parent sends a page only to a worker that
#: waits for one, so neither side can block on a full pipe while the other does (with
#: two, a worker sending a large result while the parent sends it a large page would
#: deadlock).  The round trip costs well under a millisecond, next to tens per page.
PREFETCH: Final = 1
#: Results per worker that ``ordered`` may hold back behind a slow page.
ORDER_BUFFER: Final = 64
#: A worker's first message: the extractor is built, the clock of its pages may start.
READY: Final = "ready"


def _context() -> Any:
    """``forkserver`` where there is one (POSIX): a new worker is a fork of a clean
    server that has imported unboiler already, fast to replace after a kill and safe
    with the parent's threads (the progress bar's); else ``spawn``."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["unboiler.batch.extract"])
        return context
    return multiprocessing.get_context("spawn")


def _serve(connection: Any, settings: Settings) -> None:
    """A worker's life: build the extractor, then answer pages until told to stop."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    work = PageExtractor(settings)
    # A parent that is gone (killed with SIGKILL, so it could not say stop) has closed
    # the pipe: the worker ends quietly, as when told to stop, rather than print a
    # BrokenPipeError traceback from each worker under the batch's own output.
    try:
        connection.send(READY)
    except OSError:  # BrokenPipeError, ConnectionResetError
        return
    while True:
        try:
            task = connection.recv()
        except (EOFError, OSError):
            return
        if task is None:
            return
        number, page = task
        result = work(page)
        try:
            connection.send((number, result))
        except OSError:
            return


@dataclass
class _Slot:
    """One worker and the pages it holds, in the order it will do them."""

    process: Any
    connection: Any
    tasks: deque[tuple[int, Page]] = field(default_factory=deque)
    #: When the worker began its first task (monotonic seconds).
    started: float = 0.0
    #: Whether the worker has built its extractor (said :data:`READY`).
    ready: bool = False


class WorkerPool:
    """``workers`` processes extracting pages with ``settings`` (see the module
    docstring); :meth:`run` maps pages to results."""

    def __init__(self, settings: Settings, workers: int) -> None:
        if workers < 1:
            raise ConfigurationError("a pool needs at least one worker")
        # A wrong extractor name or option fails here, once, not on every page.
        self.extractor_name = settings.build().name
        self.settings = settings
        self.context = _context()
        self.slots: list[_Slot] = []
        self.restarts = 0
        for _ in range(workers):
            self.slots.append(self._start())

    def _start(self) -> _Slot:
        mine, theirs = self.context.Pipe(duplex=True)
        process = self.context.Process(
            target=_serve, args=(theirs, self.settings), daemon=True, name="unboiler-batch"
        )
        process.start()
        theirs.close()
        return _Slot(process, mine)

    def _replace(self, index: int) -> list[tuple[int, Page]]:
        """Kill the worker in slot ``index``, start a new one; the tasks it held."""
        slot = self.slots[index]
        if slot.process.is_alive():
            slot.process.kill()
        slot.process.join(timeout=5)
        slot.connection.close()
        self.restarts += 1
        self.slots[index] = self._start()
        return list(slot.tasks)

    def _send(self, slot: _Slot, number: int, page: Page) -> None:
        if not slot.tasks:
            slot.started = time.monotonic()
        slot.tasks.append((number, page))
        slot.connection.send((number, page))

    def close(self) -> None:
        """Stop every worker now (pages in flight are dropped)."""
        for slot in self.slots:
            with contextlib.suppress(OSError):  # a worker that died already
                slot.connection.send(None)
        deadline = time.monotonic() + 2
        for slot in self.slots:
            slot.process.join(timeout=max(0.0, deadline - time.monotonic()))
            if slot.process.is_alive():
                slot.process.kill()
                slot.process.join(timeout=5)
            slot.connection.close()
        self.slots = []

    def __enter__(self) -> WorkerPool:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def run(self, pages: Iterable[Page], *, ordered: bool = False) -> Iterator[PageResult]:
        """The result of every page, as they finish (in input order with ``ordered``).

        A page that already carries an error (it could not be read) gets its result
        here, without a worker."""
        settings = self.settings
        name = self.extractor_name
        source = iter(pages)
        exhausted = False
        read = 0  # pages numbered so far
        emitted = 0  # with ordered: the next number to yield
        waiting: dict[int, PageResult] = {}
        limit = ORDER_BUFFER * len(self.slots)

        def done(number: int, result: PageResult) -> Iterator[PageResult]:
            nonlocal emitted
            if not ordered:
                yield result
                return
            waiting[number] = result
            while emitted in waiting:
                yield waiting.pop(emitted)
                emitted += 1

        while True:
            # Hand out pages to workers with room, while the order buffer has room.
            for slot in self.slots:
                while not exhausted and len(slot.tasks) < PREFETCH and len(waiting) < limit:
                    page = next(source, None)
                    if page is None:
                        exhausted = True
                        break
                    number, read = read, read + 1
                    if page.error is not None or page.html is None:
                        yield from done(
                            number, unread(page, extractor=name, output=settings.output)
                        )
                        continue
                    self._send(slot, number, page)
            busy = [slot for slot in self.slots if slot.tasks]
            if not busy:
                if exhausted:
                    return
                continue
            timeout = settings.page_timeout
            wait = None
            clocks = [slot.started for slot in busy if slot.ready]
            if timeout is not None and clocks:
                wait = max(0.0, min(clocks) + timeout - time.monotonic()) + 0.01
            ready = multiprocessing.connection.wait([slot.connection for slot in busy], wait)
            now = time.monotonic()
            for index, slot in enumerate(self.slots):
                if not slot.tasks:
                    continue
                if slot.connection in ready:
                    try:
                        message = slot.connection.recv()
                    except (EOFError, OSError):
                        yield from self._lost(index, CRASHED, done)
                        continue
                    if message == READY:
                        slot.ready = True
                        slot.started = now
                        continue
                    number, result = message
                    slot.tasks.popleft()
                    slot.started = now
                    yield from done(number, result)
                elif slot.ready and timeout is not None and now - slot.started > timeout:
                    yield from self._lost(index, TIMEOUT, done)

    def _lost(self, index: int, kind: str, done: Any) -> Iterator[PageResult]:
        """The page a worker was on when it died (``kind`` :data:`CRASHED`) or was
        killed past the timeout (:data:`TIMEOUT`) gets that error; the pages queued
        behind it go to the new worker."""
        slot = self.slots[index]
        process = slot.process
        tasks = self._replace(index)
        settings = self.settings
        if kind == CRASHED:
            reason = f"the worker died (exit code {process.exitcode})"
        else:
            reason = f"timed out after {settings.page_timeout:g} s"
        number, page = tasks[0]
        yield from done(
            number,
            failed(page, reason, kind, extractor=self.extractor_name, output=settings.output),
        )
        fresh = self.slots[index]
        for number, page in tasks[1:]:
            self._send(fresh, number, page)


def default_workers() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


__all__ = ["ORDER_BUFFER", "PREFETCH", "READY", "WorkerPool", "default_workers"]
