"""Where a batch's pages come from: HTML files (plain or ``.gz``; named one by one, by a
glob, or as a directory searched recursively), JSONL files of records with an ``html``
field (and optional ``url``, ``id``, ``date``), and WARC files (:mod:`.warc`).

Everything is streamed: a file is opened when its turn comes and records are yielded
one at a time, so a 10 GB WARC or JSONL never sits in memory.  What cannot be read (a
file that vanished, a JSONL line that is not JSON or has no ``html``) becomes a
:class:`~unboiler.batch.pages.Page` with its error, and reading goes on with the next
record.
"""

from __future__ import annotations

import glob
import gzip
import json
import zlib
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, Final, Literal, cast

from unboiler.batch.pages import TOO_LARGE, UNREADABLE, Page
from unboiler.batch.warc import describe, read_warc
from unboiler.errors import UnboilerError

Kind = Literal["html", "jsonl", "warc"]

#: File names a directory search takes as pages.
HTML_SUFFIXES: Final = (".html", ".htm", ".xhtml", ".html.gz", ".htm.gz", ".xhtml.gz")
JSONL_SUFFIXES: Final = (".jsonl", ".jsonl.gz", ".ndjson", ".ndjson.gz")
WARC_SUFFIXES: Final = (".warc", ".warc.gz", ".arc.gz")  # arc.gz: named so by some crawlers


class BatchInputError(UnboilerError, ValueError):
    """An input argument names nothing that can be read: no such file, or a glob or
    directory without pages."""


def input_kind(path: Path) -> Kind:
    """What a file holds, told by its name: WARC, JSONL, else an HTML page."""
    name = path.name.lower()
    if name.endswith(WARC_SUFFIXES):
        return "warc"
    if name.endswith(JSONL_SUFFIXES):
        return "jsonl"
    return "html"


def expand(inputs: Iterable[str | Path], *, unread: list[Path] | None = None) -> list[Path]:
    """The files the arguments name, in order, each once: a file as it is, a directory's
    HTML, JSONL and WARC files (recursively, sorted), a glob's matches (sorted).  Raises
    :class:`BatchInputError` for an argument that names none.  The other files of the
    directories (a ``page.php``, a link to nothing) are added to ``unread``, so that a
    batch can say what it did not read."""
    files: list[Path] = []
    for item in inputs:
        path = Path(item)
        if path.is_dir():
            found = []
            for child in sorted(path.rglob("*")):
                if child.is_dir():
                    continue
                if child.is_file() and child.name.lower().endswith(
                    HTML_SUFFIXES + JSONL_SUFFIXES + WARC_SUFFIXES
                ):
                    found.append(child)
                elif unread is not None:
                    unread.append(child)
        elif path.exists():
            found = [path]
        elif glob.has_magic(str(item)):
            found = sorted(Path(match) for match in glob.glob(str(item), recursive=True))
            found = [match for match in found if match.is_file()]
        else:
            raise BatchInputError(f"{item}: no such file or directory")
        if not found:
            raise BatchInputError(f"{item}: no HTML, JSONL or WARC files there")
        files.extend(found)
    # a file named twice ("crawl/ crawl/*.html", "a.html ./a.html") is read once: its
    # pages would be written twice under one id
    seen: set[Path] = set()
    unique = []
    for file in files:
        key = file.resolve()
        if key not in seen:
            seen.add(key)
            unique.append(file)
    return unique


def known_total(files: Iterable[Path]) -> int | None:
    """How many pages the files hold, when it is known without reading them: when all
    are HTML pages.  The progress bar shows an ETA then."""
    files = list(files)
    return len(files) if all(input_kind(path) == "html" for path in files) else None


def read_html_file(path: Path, *, max_bytes: int = 2**62) -> Page:
    """One HTML file as a page (gzip is decompressed by the worker, with its limit); a
    file larger than ``max_bytes`` is not read."""
    try:
        size = path.stat().st_size
        if size > max_bytes:
            return Page(str(path), error=f"too large: {size:,} bytes", error_type=TOO_LARGE)
        return Page(str(path), path.read_bytes())
    except OSError as error:
        return Page(
            str(path), error=f"cannot read the file: {describe(error)}", error_type=UNREADABLE
        )


def open_bytes(path: Path) -> IO[bytes]:
    """A file opened for reading, decompressed when it is gzip (told by its first
    bytes); a damaged gzip stream raises when reading reaches the damage."""
    with path.open("rb") as raw:
        compressed = raw.read(2) == b"\x1f\x8b"
    if compressed:
        return cast(IO[bytes], gzip.open(path, "rb"))
    return path.open("rb")


def _lines(path: Path) -> Iterator[bytes]:
    with open_bytes(path) as stream:
        yield from stream


def _text_field(record: dict[str, object], name: str) -> str | None:
    value = record.get(name)
    return None if value is None else str(value)


def read_jsonl(path: Path) -> Iterator[Page]:
    """The records of a JSONL file as pages, ``id`` defaulting to ``FILE:LINE``."""
    number = 0
    try:
        for number, line in enumerate(_lines(path), 1):
            if not line.strip():
                continue
            fallback = f"{path}:{number}"
            try:
                # without its line's end, so that the decoder's position is a column of
                # this line ("line 2 column 1" was a record cut at its end)
                record = json.loads(line.rstrip(b"\r\n"))
            except (ValueError, RecursionError) as error:
                # RecursionError: values nested deeper than the decoder goes ("[" * 100000)
                where = (
                    f"{error.msg} at column {error.colno}"
                    if isinstance(error, json.JSONDecodeError)
                    else "nested too deeply"
                    if isinstance(error, RecursionError)
                    else describe(error)
                )
                yield Page(
                    fallback, error=f"line {number} is not JSON: {where}", error_type=UNREADABLE
                )
                continue
            if not isinstance(record, dict):
                yield Page(
                    fallback, error=f"line {number} is not a JSON object", error_type=UNREADABLE
                )
                continue
            page_id = _text_field(record, "id") or fallback
            url = _text_field(record, "url")
            date = _text_field(record, "date")
            html = record.get("html")
            if not isinstance(html, str):
                yield Page(
                    page_id,
                    url=url,
                    error=f"line {number} has no 'html' text field",
                    error_type=UNREADABLE,
                )
                continue
            yield Page(page_id, html.encode("utf-8", "replace"), url=url, record_date=date)
    except (OSError, EOFError, zlib.error) as error:
        yield Page(
            f"{path}:{number + 1}",
            error=f"unreadable after line {number}: {describe(error)}",
            error_type=UNREADABLE,
        )


def read_pages(
    inputs: Iterable[str | Path], *, warc_library: str = "auto", max_bytes: int = 2**62
) -> Iterator[Page]:
    """Every page of every input, streamed in order (see the module docstring)."""
    for path in expand(inputs):
        kind = input_kind(path)
        if kind == "warc":
            yield from read_warc(path, library=warc_library, max_bytes=max_bytes)
        elif kind == "jsonl":
            yield from read_jsonl(path)
        else:
            yield read_html_file(path, max_bytes=max_bytes)


__all__ = [
    "BatchInputError",
    "expand",
    "input_kind",
    "known_total",
    "open_bytes",
    "read_html_file",
    "read_jsonl",
    "read_pages",
]
