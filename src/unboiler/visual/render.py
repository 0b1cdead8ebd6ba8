"""A page as a browser lays it out: every element's and text node's box and style, from
Debian's Chromium driven by Playwright, with the parsed page's elements found again.

The page the browser loads is our own parse of it serialised, with every element
numbered in a ``data-ubid`` attribute (its position in document order in the lexbor
tree, see :func:`numbered_html`): what the browser measures is then mapped back to the
very elements our :class:`~unboiler.document.TextBlock` s came from, whatever the
browser's parser does differently (with scripts off it reads ``<noscript>`` content as
markup, which lexbor keeps as text; those elements carry no number and are found
through their numbered ancestors).

Rendering is safe by construction: scripts are off unless asked for, every request the
page makes (stylesheets, images, frames, fonts) is aborted, so the page is laid out
from its inline styles and the browser's defaults, at a fixed viewport (1366×768 by
default).  The browser runs in a worker process (:mod:`unboiler.visual.worker`) that is
killed with all its children when a page takes longer than its time limit (10 s by
default); the page then fails with :class:`~unboiler.errors.ExtractionError` saying so.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import select
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any, Final

from selectolax.lexbor import LexborHTMLParser, SelectolaxError

from unboiler.errors import BrowserUnavailableError, ConfigurationError, ExtractionError


class _TimedOut(ExtractionError):
    """The worker did not answer in time (caught here and reported with the limit)."""


class _WorkerExited(ExtractionError):
    """The worker's output ended (caught here and reported as the browser stopping)."""


#: Debian's Chromium, the only browser we drive (never a browser download).
CHROMIUM: Final = "/usr/bin/chromium"
#: The viewport pages are laid out at: the commonest desktop screen size of the last
#: decade (StatCounter's desktop resolution statistics), wide enough for multi-column
#: layouts.
VIEWPORT_WIDTH: Final = 1366
VIEWPORT_HEIGHT: Final = 768
#: Time a page may take from the request to its last measurement, in seconds.
TIME_LIMIT: Final = 10.0
#: Time the worker may take to start (Python, Playwright and Chromium) before a first
#: page: on a loaded two-core machine a cold start takes a few seconds.
START_LIMIT: Final = 60.0
#: The environment variable that marks the worker and every browser process under it,
#: so that a test can check that none is left running.
MARK_VARIABLE: Final = "UNBOILER_VISUAL_WORKER"

_UBID: Final = "data-ubid"


def visual_available(executable: str = CHROMIUM) -> None:
    """Raise :class:`BrowserUnavailableError` unless Playwright and the browser are
    installed; every entry point of the visual extra calls this first."""
    if importlib.util.find_spec("playwright") is None:
        raise BrowserUnavailableError(
            "the visual extra is not installed: pip install 'unboiler[visual]' "
            "(Playwright for Python)"
        )
    if not os.access(executable, os.X_OK):
        raise BrowserUnavailableError(
            f"no Chromium at {executable}: install Debian's chromium package "
            "(apt-get install chromium); unboiler never downloads a browser"
        )


@dataclass(frozen=True, slots=True)
class Node:
    """One element or text node as laid out: its box in page coordinates, what CSS says
    about it, and where it sits in the DOM (``parent`` and ``children`` are indices into
    :attr:`RenderedPage.nodes`; ``element`` is the parsed page's element it is, or None
    for text nodes and for elements only the browser made)."""

    index: int
    parent: int
    tag: str
    x: float
    y: float
    width: float
    height: float
    display: str
    visible: bool
    background: str
    colour: str
    font_size: float
    font_weight: int
    borders: int
    text: str
    position: str
    element: Any
    children: tuple[int, ...]

    @property
    def is_text(self) -> bool:
        return self.tag == "#text"

    @property
    def area(self) -> float:
        return self.width * self.height

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def bottom(self) -> float:
        return self.y + self.height


@dataclass(frozen=True, slots=True)
class RenderedPage:
    """Every measured node in document order (``nodes[0]`` is ``<body>``), and the size of
    the laid-out page."""

    nodes: tuple[Node, ...]
    width: float
    height: float
    viewport_width: int
    viewport_height: int


def document_elements(tree: Any) -> list[Any]:
    """The elements of a parsed page (a lexbor tree) in document order: element ``i`` is
    the one the browser's ``data-ubid`` number ``i`` points to."""
    return [node for node in tree.root.traverse(include_text=False) if node.tag]


def numbered_html(tree: Any) -> tuple[str, list[Any]]:
    """The parsed page serialised with each element numbered in document order, and the
    elements of ``tree`` in that order (number ``i`` is ``elements[i]``).

    A copy of the tree is numbered, so ``tree`` itself is never written to (it is shared
    by every copy of a document); the copy has the same shape, so walking both in the
    same order pairs each element with its copy."""
    try:
        copy = tree.clone()
    except SelectolaxError:
        # lexbor refuses to clone some trees (seen on a WCXB listing page); the page's
        # own serialisation parsed again has the same shape in all but odd cases, which
        # the count below catches
        copy = LexborHTMLParser(tree.html or "")
    elements = document_elements(tree)
    copies = [node for node in copy.root.traverse(include_text=False) if node.tag]
    if len(copies) != len(elements):
        raise ExtractionError("the page could not be copied for rendering")
    for number, element in enumerate(copies):
        if not element.tag.startswith(("-", "#", "!")):
            element.attrs[_UBID] = str(number)
    return copy.html or "", elements


class Renderer:
    """A browser in a worker process, reused from page to page; a context manager that
    always stops the worker and every process under it on exit.

    ``time_limit`` bounds each page, from sending it to the last measurement; when it
    runs out the worker is killed (with Chromium) and the page fails with
    :class:`ExtractionError`; the next page starts a new worker.
    """

    def __init__(
        self,
        *,
        executable: str = CHROMIUM,
        width: int = VIEWPORT_WIDTH,
        height: int = VIEWPORT_HEIGHT,
        javascript: bool = False,
        time_limit: float = TIME_LIMIT,
    ) -> None:
        if time_limit <= 0 or width <= 0 or height <= 0:
            raise ConfigurationError("the time limit and viewport must be positive")
        visual_available(executable)
        self.executable = executable
        self.width = width
        self.height = height
        self.javascript = javascript
        self.time_limit = time_limit
        self._process: subprocess.Popen[bytes] | None = None
        self._buffer = b""

    def __enter__(self) -> Renderer:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    def render(self, tree: Any) -> RenderedPage:
        """Lay out a parsed page (a lexbor tree) and measure it."""
        return rendered_page(self.measure(tree), tree, self.width, self.height)

    def measure(self, tree: Any) -> dict[str, Any]:
        """The browser's measurements of a parsed page as plain JSON data (what
        :meth:`render` reads): a benchmark can store them and lay the page out again
        later with :func:`rendered_page` on the same page parsed again, without a
        browser."""
        html, _ = numbered_html(tree)
        answer = self._ask(
            {
                "op": "render",
                "html": html,
                "width": self.width,
                "height": self.height,
                "javascript": self.javascript,
                "budget_ms": max(1, int(self.time_limit * 1000)),
            },
            self.time_limit,
        )
        return {key: answer[key] for key in ("rows", "width", "height")}

    def draw(self, boxes: list[dict[str, Any]], path: Path) -> None:
        """Draw ``boxes`` (``x``, ``y``, ``width``, ``height``, ``label``, ``kind``) over the
        page rendered last and save a full-page screenshot as PNG at ``path``."""
        self._ask({"op": "draw", "boxes": boxes, "path": str(path)}, self.time_limit)

    def close(self) -> None:
        """Stop the worker: politely, then by force, with every process under it."""
        process = self._process
        if process is None:
            return
        self._process = None
        self._buffer = b""
        try:
            if process.poll() is None and process.stdin is not None:
                process.stdin.write(b'{"op": "close"}\n')
                process.stdin.flush()
                process.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            pass
        _kill_tree(process)

    # ------------------------------------------------------------------ the worker

    def _start(self) -> subprocess.Popen[bytes]:
        if self._process is not None and self._process.poll() is None:
            return self._process
        environment = dict(os.environ, **{MARK_VARIABLE: str(os.getpid())})
        process = subprocess.Popen(
            [sys.executable, "-m", "unboiler.visual.worker"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=environment,
            start_new_session=True,
        )
        assert process.stdin is not None
        self._process = process
        self._buffer = b""
        try:
            process.stdin.write(json.dumps({"executable": self.executable}).encode() + b"\n")
            process.stdin.flush()
            ready = json.loads(self._read_line(process, time.monotonic() + START_LIMIT))
        except (OSError, _WorkerExited, _TimedOut, ValueError):
            self.close()
            raise BrowserUnavailableError(
                f"the browser at {self.executable} did not start within {START_LIMIT:g} s"
            ) from None
        if not ready.get("ready"):  # pragma: no cover - the worker's first answer
            self.close()
            raise BrowserUnavailableError(f"the browser at {self.executable} did not start")
        return process

    def _ask(self, request: dict[str, Any], limit: float) -> dict[str, Any]:
        process = self._start()
        assert process.stdin is not None and process.stdout is not None
        deadline = time.monotonic() + limit
        try:
            process.stdin.write(json.dumps(request).encode() + b"\n")
            process.stdin.flush()
            line = self._read_line(process, deadline)
        except (OSError, _WorkerExited, _TimedOut) as error:
            self.close()
            reason = (
                f"time limit: the page took longer than {limit:g} s to render"
                if isinstance(error, _TimedOut)
                else f"the browser stopped: {error}"
            )
            raise ExtractionError(reason) from None
        answer: dict[str, Any] = json.loads(line)
        if not answer.get("ok"):
            # a page the browser could not load or measure; the worker may be unusable
            self.close()
            reason = str(answer.get("error", "unknown error"))
            if not reason.startswith("time limit"):
                reason = f"the browser could not render the page: {reason}"
            raise ExtractionError(reason)
        return answer

    def _read_line(self, process: subprocess.Popen[bytes], deadline: float) -> bytes:
        assert process.stdout is not None
        descriptor = process.stdout.fileno()
        while b"\n" not in self._buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise _TimedOut
            ready, _, _ = select.select([descriptor], [], [], remaining)
            if not ready:
                continue
            chunk = os.read(descriptor, 1 << 20)
            if not chunk:
                raise _WorkerExited("the browser's worker exited")
            self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line


def rendered_page(answer: dict[str, Any], tree: Any, width: int, height: int) -> RenderedPage:
    """The page as laid out, from :meth:`Renderer.measure`'s ``answer`` for ``tree`` (or
    for a tree parsed from the same HTML, which has the same elements in the same
    order) at a ``width`` × ``height`` viewport."""
    elements = document_elements(tree)
    rows = answer["rows"]
    children: list[list[int]] = [[] for _ in rows]
    for index, row in enumerate(rows):
        if row[0] >= 0:
            children[row[0]].append(index)
    nodes = tuple(
        Node(
            index=index,
            parent=row[0],
            tag=row[2],
            x=float(row[3]),
            y=float(row[4]),
            width=float(row[5]),
            height=float(row[6]),
            display=row[7],
            visible=bool(row[8]),
            background=row[9],
            colour=row[10],
            font_size=float(row[11]),
            font_weight=int(row[12]),
            borders=int(row[13]),
            text=row[14],
            position=row[15],
            element=elements[row[1]] if 0 <= row[1] < len(elements) else None,
            children=tuple(children[index]),
        )
        for index, row in enumerate(rows)
    )
    return RenderedPage(
        nodes=nodes,
        width=float(answer["width"]),
        height=float(answer["height"]),
        viewport_width=width,
        viewport_height=height,
    )


def _descendants(root: int) -> list[int]:
    """Every process under ``root`` (Linux: read from /proc), deepest last."""
    parents: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        # the command name is in parentheses and may hold spaces: read after the last ")"
        fields = stat[stat.rfind(")") + 2 :].split()
        parents.setdefault(int(fields[1]), []).append(int(entry.name))
    found: list[int] = []
    frontier = [root]
    while frontier:
        pid = frontier.pop()
        for child in parents.get(pid, ()):
            found.append(child)
            frontier.append(child)
    return found


def _kill_tree(process: subprocess.Popen[bytes]) -> None:
    """Kill the worker and everything under it, and reap the worker.

    Playwright starts Chromium in a process group of its own, so killing the worker's
    group is not enough: the processes under the worker are found and killed one by
    one, before the worker, while they are still its descendants."""
    if process.poll() is None:
        with contextlib.suppress(OSError):
            for pid in _descendants(process.pid):
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
        with contextlib.suppress(ProcessLookupError):
            process.kill()
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(timeout=5)
    for stream in (process.stdin, process.stdout):
        if stream is not None:
            with contextlib.suppress(OSError):
                stream.close()


__all__ = [
    "CHROMIUM",
    "TIME_LIMIT",
    "VIEWPORT_HEIGHT",
    "VIEWPORT_WIDTH",
    "Node",
    "RenderedPage",
    "Renderer",
    "document_elements",
    "numbered_html",
    "rendered_page",
    "visual_available",
]
