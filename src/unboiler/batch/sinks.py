"""Where results go: JSONL (a file, ``.jsonl.gz``, or standard output), Parquet
(:mod:`.parquet`), or a directory with one file per page.

Every sink writes whole records only and is closed in a ``finally`` by the batch, so
that Ctrl-C leaves a valid output: the batch defers a stop signal until the record being
written is whole (:func:`unboiler.batch.run.whole_write`), a gzip stream gets its trailer
on close, a Parquet file its footer.  Each sink can say which ids it already holds, for
``--resume``; a JSONL file cut in the middle of a line by a crash (``kill -9``) has that
partial line dropped before appending.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import re
import sys
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any, Final, Protocol, cast

from unboiler.batch.extract import record_fields
from unboiler.batch.pages import PageResult
from unboiler.batch.sources import open_bytes
from unboiler.batch.warc import describe
from unboiler.core import FRONT_MATTER_OUTPUTS
from unboiler.errors import UnboilerError
from unboiler.output.frontmatter import EMPTY_FRONT_MATTER, front_matter

#: Name endings of a JSON Lines output; a name with another extension (``out.csv``) is
#: refused rather than filled with JSON Lines it does not announce.  A name without one
#: (or ending in a number, ``crawl.2024``) is JSON Lines.
JSONL_SUFFIXES: Final = (".jsonl", ".jsonl.gz", ".ndjson", ".ndjson.gz", ".json", ".json.gz")
#: File name extension of each output in a directory sink.
EXTENSIONS: Final = {"text": ".txt", "markdown": ".md", "html": ".html"}
#: The directory sink's list of what it wrote, one JSON record per page.
INDEX_NAME: Final = "index.jsonl"


class SinkError(UnboilerError):
    """An output that cannot be written, or resumed (another format, a damaged file)."""


class Sink(Protocol):
    """Takes results one at a time; ``close`` makes the output complete.  ``done`` holds
    the ids the output had already when resumed."""

    done: set[str]

    def write(self, result: PageResult) -> None: ...

    def close(self) -> None: ...


def _dumps(record: dict[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False) + "\n"


def _read_ids(path: Path) -> tuple[set[str], int, bool]:
    """The ids in a JSONL output, the byte length of its complete lines (plain files),
    and whether it ended damaged (a partial line, a cut gzip stream)."""
    ids: set[str] = set()
    good = 0
    damaged = False
    with open_bytes(path) as stream:
        try:
            for line in stream:
                if not line.endswith(b"\n"):
                    damaged = True
                    break
                try:
                    record = json.loads(line)
                except ValueError:
                    damaged = True
                    break
                ids.add(str(record.get("id")))
                good += len(line)
        except (OSError, EOFError, zlib.error):
            damaged = True
    return ids, good, damaged


def _check_fields(path: Path, fields: tuple[str, ...]) -> None:
    """Refuse to resume a JSONL output whose records hold other fields than this run's
    (another ``--output``, or ``--with-metadata`` given once and not the other time): the
    file would mix two shapes of record, as a Parquet file's schema forbids.  The first
    record of a page that was extracted tells (a failed page's has no metadata)."""
    found = None
    with open_bytes(path) as stream:
        try:
            for line in stream:
                record = json.loads(line)
                if isinstance(record, dict) and record.get("error") is None:
                    found = tuple(record)
                    break
        except (OSError, EOFError, zlib.error, ValueError):
            pass  # a damaged line ends the look: resumed as before, up to it
    if found is not None and found != fields:
        raise SinkError(
            f"cannot resume {path}: its records have the fields {', '.join(found)}, and "
            f"this run writes {', '.join(fields)} (give the same --output and "
            "--with-metadata as the run that wrote it, or another --out)"
        )


class JsonlSink:
    """One JSON object a line; gzip when the name ends in ``.gz``; standard output when
    there is no path."""

    def __init__(
        self,
        path: str | Path | None,
        *,
        resume: bool = False,
        fields: tuple[str, ...] | None = None,
    ) -> None:
        self.path = None if path is None else Path(path)
        self.done: set[str] = set()
        if self.path is None:
            self.stream: IO[str] = sys.stdout
            return
        gz = self.path.name.lower().endswith(".gz")
        if resume and self.path.exists():
            if fields is not None:
                _check_fields(self.path, fields)
            self.done, good, damaged = _read_ids(self.path)
            if damaged and gz:
                self._rewrite_good_lines()
            elif damaged:
                with self.path.open("r+b") as file:
                    file.truncate(good)
        mode = "at" if resume else "wt"
        # Open for the sink's life; close() closes it.
        if gz:
            self.stream = cast(IO[str], gzip.open(self.path, mode, encoding="utf-8"))  # noqa: SIM115
        else:
            self.stream = self.path.open(mode[0], encoding="utf-8")

    def _rewrite_good_lines(self) -> None:
        """A cut gzip stream cannot be appended to: keep its complete records."""
        assert self.path is not None
        temporary = self.path.with_name(self.path.name + ".resume")
        with gzip.open(temporary, "wb") as out, gzip.open(self.path, "rb") as stream:
            try:
                for line in stream:
                    if line.endswith(b"\n"):
                        json.loads(line)
                        out.write(line)
            except (OSError, EOFError, zlib.error, ValueError):
                pass
        os.replace(temporary, self.path)

    def write(self, result: PageResult) -> None:
        self.stream.write(_dumps(result.to_record()))

    def close(self) -> None:
        if self.path is None:
            self.stream.flush()
        else:
            self.stream.close()


def file_name(page_id: str, output: str) -> str:
    """A file name for a page: a readable part of its id (a URL's host and path, a
    file's name) and a short hash of the whole id, so that two ids never share a file."""
    digest = hashlib.sha1(page_id.encode("utf-8", "replace")).hexdigest()[:12]
    readable = re.sub(r"^[a-z]+://", "", page_id.lower())
    readable = re.sub(r"[^a-z0-9]+", "-", readable).strip("-")[:80] or "page"
    return f"{readable}-{digest}{EXTENSIONS[output]}"


class DirectorySink:
    """One file per page that has content, and ``index.jsonl`` with every page's record
    (its file name instead of its content, or its error)."""

    def __init__(
        self, path: str | Path, *, output: str, with_metadata: bool = False, resume: bool = False
    ) -> None:
        self.path = Path(path)
        self.output = output
        # each text or Markdown file opens with the page's metadata, as `unboiler
        # extract --with-metadata` prints it
        self.front_matter = with_metadata and output in FRONT_MATTER_OUTPUTS
        self.path.mkdir(parents=True, exist_ok=True)
        content = record_fields(output, with_metadata)
        fields = (*(name for name in content if name != output), "file")
        self.index = JsonlSink(self.path / INDEX_NAME, resume=resume, fields=fields)
        self.done = self.index.done
        # The files this output already has: two pages with one id (JSONL shards each
        # numbering their lines from 1) must not write one file, the second over the first.
        self.names: set[str] = set()
        if resume and self.done:
            self.index.stream.flush()
            self.names = {
                record["file"]
                for record in read_records(self.path / INDEX_NAME)
                if record.get("file")
            }
            # the index holds no content: its files' names tell the format they are in
            other = sorted(name for name in self.names if not name.endswith(EXTENSIONS[output]))
            if other:
                self.index.close()
                raise SinkError(
                    f"cannot resume {self.path}: it holds files of another output "
                    f"({other[0]}); give the same --output as the run that wrote it"
                )

    def write(self, result: PageResult) -> None:
        record = result.to_record()
        content = record.pop(self.output)
        record["file"] = None
        if self.front_matter and content is not None:
            # as `unboiler extract --with-metadata` prints it: the front matter alone for
            # a page without content, nothing for a page with neither
            block = front_matter(record)
            if block != EMPTY_FRONT_MATTER or content:
                content = block + ("\n" + content if content else "")
        if content:  # a page without content has no file, as extract prints nothing
            name = file_name(result.id, self.output)
            extension = EXTENSIONS[self.output]
            stem = name.removesuffix(extension)
            copy = 1
            while name in self.names:  # another page with the same id: the next free name
                copy += 1
                name = f"{stem}-{copy}{extension}"
            self.names.add(name)
            (self.path / name).write_text(content, encoding="utf-8")
            record["file"] = name
        self.index.stream.write(_dumps(record))

    def close(self) -> None:
        self.index.close()


def read_records(path: str | Path) -> Iterator[dict[str, Any]]:
    """The records of a batch's output (JSONL, ``.jsonl.gz``, Parquet, or a directory's
    index), for programs and tests."""
    path = Path(path)
    if path.is_dir():
        path = path / INDEX_NAME
    if path.suffix == ".parquet":
        from unboiler.batch.parquet import read_parquet_records

        yield from read_parquet_records(path)
        return
    with open_bytes(path) as stream:
        for line in stream:
            yield json.loads(line)


def open_sink(
    out: str | Path | None,
    *,
    output: str = "text",
    with_metadata: bool = False,
    resume: bool = False,
    directory: bool = False,
    row_group_size: int | None = None,
) -> Sink:
    """The sink for ``out``: standard output when None or ``-`` (the command-line
    convention, as for the files read), a directory with ``directory`` (or when ``out``
    ends with a slash or is an existing directory), Parquet by its ``.parquet`` name,
    else JSONL."""
    try:
        if out is None or (isinstance(out, str) and out == "-"):
            if resume:
                raise SinkError("--resume needs an output file (--out)")
            if directory:
                raise SinkError("--directory needs a directory to write (--out), not -")
            return JsonlSink(None)
        text = str(out)
        if directory or text.endswith(("/", os.sep)) or Path(out).is_dir():
            return DirectorySink(out, output=output, with_metadata=with_metadata, resume=resume)
        if text.lower().endswith(".parquet"):
            from unboiler.batch.parquet import ParquetSink

            return ParquetSink(
                out,
                output=output,
                with_metadata=with_metadata,
                resume=resume,
                **({"row_group_size": row_group_size} if row_group_size else {}),
            )
        named = Path(text)
        if named.suffix[1:].isalpha() and not (
            "".join(named.suffixes[-2:]).lower().endswith(JSONL_SUFFIXES)
        ):
            raise SinkError(
                f"cannot tell the format of {out}: name it .jsonl, .jsonl.gz or .parquet, "
                "or end it with / for a directory"
            )
        return JsonlSink(out, resume=resume, fields=record_fields(output, with_metadata))
    except OSError as error:
        raise SinkError(f"cannot write {out}: {describe(error)}") from error


__all__ = [
    "EXTENSIONS",
    "INDEX_NAME",
    "DirectorySink",
    "JsonlSink",
    "Sink",
    "SinkError",
    "file_name",
    "open_sink",
    "read_records",
]
