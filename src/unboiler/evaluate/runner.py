"""Run one system (one of our extractors or a peer) over a dataset's pages and time it.

Each system runs in fresh processes of its own (``multiprocessing`` *spawn*): the peak
resident memory a process reports (``getrusage``'s ``ru_maxrss``) is then that system's,
not the sum of everything imported before it; a peer that crashes the interpreter or
cannot be imported costs its own row only; and no system's caches or warmed-up imports
favour the next.  ``workers`` processes share the pages of one system; systems run one
after the other, so they never compete for the cores.

Inside a worker: the pages arrive already in memory, each is decoded once (outside the
timer, :func:`~unboiler.evaluate.peers.page_input`), the system is built (imports and
one-off set-up, untimed), the first page is run once untimed to warm up lazy
initialisation, then every page is timed with ``time.perf_counter`` around the extraction
call alone.  Our extractors are timed end to end from the raw bytes, parse included, as a
user calls them; peers get the decoded text.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import queue
import resource
import socket
import time
import traceback
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, NoReturn

from unboiler.datasets import Page
from unboiler.errors import ConfigurationError, UnknownExtractorError
from unboiler.evaluate.peers import PEERS, Extract, PageInput, page_input

Kind = Literal["unboiler", "peer"]

#: How long the parent waits for any message before checking that its workers live.
_POLL_SECONDS = 1.0


@dataclass(frozen=True)
class SystemSpec:
    """What to run, by name only, so it can cross into a spawned process."""

    name: str
    kind: Kind
    #: Model file of a trained extractor (``--model``); None for the packaged one.
    model: str | None = None


@dataclass
class PageRun:
    """One page's extraction: the text (empty when it raised), the time it took and the
    error it raised, if any."""

    id: str
    text: str
    seconds: float
    error: str | None = None


@dataclass
class SystemRun:
    """The pages of one system, in the dataset's order, with its memory and timing."""

    spec: SystemSpec
    version: str
    pages: list[PageRun] = field(default_factory=list)
    peak_rss_kb: int = 0
    base_rss_kb: int = 0
    #: Seconds each worker spent inside extraction calls.
    busy_seconds: list[float] = field(default_factory=list)
    #: Set when the system could not run at all.
    failure: str | None = None

    @property
    def errors(self) -> int:
        return sum(page.error is not None for page in self.pages)


def resolve(
    extractors: Sequence[str], peers: Sequence[str], *, model: str | None = None
) -> tuple[list[SystemSpec], list[str]]:
    """The systems to run and the notes about those left out.

    ``all`` stands for every registered extractor that needs no optional extra (``vips``
    renders each page in a browser: name it to run it) or every known peer.  An unknown name is
    an error (:class:`ValueError` with the known names); a known peer that is not
    installed is left out with a note.  ``model`` goes to the trained extractors.
    """
    from unboiler.evaluate.crossval import TRAINABLE
    from unboiler.extractors import extractors as registered
    from unboiler.extractors.registry import core_extractors

    known = list(registered())
    names = core_extractors() if "all" in extractors else list(dict.fromkeys(extractors))
    unknown = [name for name in names if name not in known]
    if unknown:
        raise UnknownExtractorError(f"unknown extractor {unknown[0]!r}; known: {', '.join(known)}")
    wanted = list(PEERS) if "all" in peers else list(dict.fromkeys(peers))
    unknown = [name for name in wanted if name not in PEERS]
    if unknown:
        raise ConfigurationError(f"unknown peer {unknown[0]!r}; known: {', '.join(PEERS)}, all")
    trained = (*TRAINABLE, "default")
    systems = [SystemSpec(name, "unboiler", model if name in trained else None) for name in names]
    notes = []
    for name in wanted:
        peer = PEERS[name]
        if peer.installed():
            systems.append(SystemSpec(name, "peer"))
        else:
            notes.append(
                f"{name}: skipped, {peer.distribution} is not installed "
                "(pip install 'unboiler[compare]')"
            )
    return systems, notes


def version(spec: SystemSpec) -> str:
    """The version of the library behind a system."""
    if spec.kind == "peer":
        return f"{PEERS[spec.name].distribution} {PEERS[spec.name].version()}"
    from unboiler.version import __version__

    return f"unboiler {__version__}"


def build(spec: SystemSpec) -> Extract:
    """The per-page call of a system."""
    if spec.kind == "peer":
        return PEERS[spec.name].factory()
    from unboiler import extract
    from unboiler.extractors import get_extractor

    # Built once, untimed, as a user would: the model (if any) is read here.
    options = {"model": spec.model} if spec.model is not None else {}
    extractor = get_extractor(spec.name, **options)

    def run(page: PageInput) -> str:
        return extract(page.html, url=page.url, extractor=extractor)

    return run


def _max_rss_kb() -> int:
    # Linux reports kilobytes; macOS bytes.
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak // 1024 if os.uname().sysname == "Darwin" else peak


def _describe(error: BaseException) -> str:
    text = f"{type(error).__name__}: {error}".strip()
    return text if len(text) <= 300 else text[:297] + "..."


def _extract_all(
    spec: SystemSpec,
    pages: Sequence[Page],
    report: Callable[[tuple[Any, ...]], None],
) -> None:
    """The work of one worker; every outcome goes through ``report`` as a message:
    ``("base", rss_kb)``, ``("page", PageRun)`` per page, then ``("done", rss_kb,
    busy_seconds)``, or ``("failed", reason)`` when the system cannot be built."""
    inputs = [page_input(page.html, page.url) for page in pages]
    report(("base", _max_rss_kb()))
    try:
        run = build(spec)
    except Exception as error:
        report(("failed", f"cannot start: {_describe(error)}"))
        return
    if inputs:
        with contextlib.suppress(Exception):  # the timed run below records it
            run(inputs[0])
    busy = 0.0
    clock = time.perf_counter
    for page, item in zip(pages, inputs, strict=True):
        failure: str | None = None
        start = clock()
        try:
            text = run(item)
        except Exception as exc:
            seconds = clock() - start
            text, failure = "", _describe(exc)
        else:
            seconds = clock() - start
        busy += seconds
        report(("page", PageRun(page.id, text if isinstance(text, str) else "", seconds, failure)))
    report(("done", _max_rss_kb(), busy))


def _quiet() -> None:
    """Peers log and warn freely; in a worker that only garbles the progress bar."""
    logging.disable(logging.CRITICAL)
    warnings.simplefilter("ignore")


class NetworkDisabledError(OSError):
    """Raised in an evaluation worker by any attempt to reach the network."""


def offline() -> None:
    """Refuse name resolution and internet connections in this process.

    An evaluation compares extraction from the bytes given; a library that fetches images
    or follows links would time the network (or hang on a machine without one).  Local
    sockets (the Unix ones multiprocessing may use) are left alone.
    """

    def refuse(*args: object, **kwargs: object) -> NoReturn:
        raise NetworkDisabledError("network access is disabled during evaluation")

    real_connect = socket.socket.connect

    def connect(self: socket.socket, address: Any) -> None:
        if self.family in (socket.AF_INET, socket.AF_INET6):
            refuse()
        real_connect(self, address)

    socket.getaddrinfo = refuse
    socket.socket.connect = connect  # type: ignore[method-assign,assignment]


def _worker(
    spec: SystemSpec,
    pages: Sequence[Page],
    messages: Any,
    slot: int,
) -> None:
    _quiet()
    offline()
    try:
        _extract_all(spec, pages, lambda message: messages.put((slot, *message)))
    except BaseException:  # pragma: no cover - a bug in this module, reported to the parent
        messages.put((slot, "failed", traceback.format_exc(limit=3)))


def run_system(
    spec: SystemSpec,
    pages: Sequence[Page],
    *,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    isolate: bool = True,
) -> SystemRun:
    """Run ``spec`` over ``pages`` and collect one :class:`PageRun` per page.

    ``isolate=False`` runs in this process (no memory figure, for debugging); otherwise
    ``workers`` spawned processes each take every ``workers``-th page.  ``progress`` is
    called with the number of pages just finished.
    """
    result = SystemRun(spec, version(spec))
    by_id: dict[str, PageRun] = {}
    tick = progress or (lambda count: None)
    if not isolate:
        outcome: dict[str, Any] = {}

        def collect(message: tuple[Any, ...]) -> None:
            if message[0] == "page":
                by_id[message[1].id] = message[1]
                tick(1)
            else:
                outcome[message[0]] = message[1:]

        _extract_all(spec, pages, collect)
        if "failed" in outcome:
            result.failure = str(outcome["failed"][0])
            return result
        result.busy_seconds = [float(outcome["done"][1])]
        result.pages = [by_id[page.id] for page in pages]
        return result

    count = max(1, min(workers, len(pages) or 1))
    context = multiprocessing.get_context("spawn")
    messages = context.Queue()
    chunks = [list(pages[slot::count]) for slot in range(count)]
    processes = [
        context.Process(target=_worker, args=(spec, chunk, messages, slot), daemon=True)
        for slot, chunk in enumerate(chunks)
    ]
    for process in processes:
        process.start()
    finished: set[int] = set()
    failures: list[str] = []
    base: list[int] = []
    peak: list[int] = []
    while len(finished) < count:
        try:
            slot, kind, *payload = messages.get(timeout=_POLL_SECONDS)
        except queue.Empty:
            for slot, process in enumerate(processes):
                if slot not in finished and not process.is_alive() and process.exitcode != 0:
                    finished.add(slot)
                    failures.append(f"worker died (exit code {process.exitcode})")
            continue
        if kind == "page":
            by_id[payload[0].id] = payload[0]
            tick(1)
        elif kind == "base":
            base.append(payload[0])
        elif kind == "done":
            finished.add(slot)
            peak.append(payload[0])
            result.busy_seconds.append(payload[1])
        elif kind == "failed":
            finished.add(slot)
            failures.append(str(payload[0]))
    for process in processes:
        process.join(timeout=10)
    if failures and not by_id:
        result.failure = failures[0]
        return result
    died = failures[0] if failures else "no result"
    result.pages = [by_id.get(page.id) or PageRun(page.id, "", 0.0, died) for page in pages]
    result.base_rss_kb = max(base, default=0)
    result.peak_rss_kb = max(peak, default=0)
    return result


__all__ = [
    "NetworkDisabledError",
    "PageRun",
    "SystemRun",
    "SystemSpec",
    "build",
    "offline",
    "resolve",
    "run_system",
    "version",
]
