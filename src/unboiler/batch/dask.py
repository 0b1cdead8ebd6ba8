"""Extraction on a Dask cluster (``pip install 'unboiler[dask]'``), as ``unboiler.dask``:
:func:`extract_warcs` maps over WARC files, one task per file, each writing its own
Parquet or JSONL part; :func:`extract_bag` maps over a ``dask.bag`` of pages.  Dask does
the scheduling, on whatever cluster it runs on (local, SSH, Kubernetes, YARN, HPC job
queues through dask-jobqueue); unboiler adds nothing of its own there.

Each task does a page as ``unboiler batch`` does (:mod:`.extract`), with the same
per-page error isolation and ``max_bytes``, and the same killable ``page_timeout``: a
task runs its pages in one worker process of its own (:mod:`.workers`).  Dask's worker
processes are daemons by default, and a daemon may not start processes; set
``distributed.worker.daemon: False`` in the Dask configuration (the environment variable
``DASK_DISTRIBUTED__WORKER__DAEMON=False`` on the workers), as the tests do.  Where it is
not set, a task extracts in its own thread and no timeout can stop a hung page (a
warning says so): a thread cannot be killed.
"""

from __future__ import annotations

import multiprocessing
import os
import shutil
import tempfile
import warnings
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, Final

from unboiler.batch.extract import (
    DEFAULT_MAX_BYTES,
    DEFAULT_PAGE_TIMEOUT,
    PageExtractor,
    Settings,
)
from unboiler.batch.pages import Page, PageResult
from unboiler.batch.run import PageLike, as_page
from unboiler.batch.sinks import JsonlSink, open_sink
from unboiler.batch.warc import read_warc
from unboiler.batch.workers import WorkerPool
from unboiler.errors import ConfigurationError, UnboilerError

#: What :func:`extract_warcs` writes, by its ``format``.
FORMATS: Final = {"parquet": ".parquet", "jsonl": ".jsonl.gz"}


class DaskMissingError(UnboilerError, ImportError):
    """Dask is not installed (``pip install 'unboiler[dask]'``)."""


def _bag_module() -> Any:
    try:
        import dask.bag
    except ImportError:
        raise DaskMissingError("unboiler.dask needs Dask: pip install 'unboiler[dask]'") from None
    return dask.bag


def results(pages: Iterable[Page], settings: Settings) -> Iterator[PageResult]:
    """The results of ``pages`` inside a task: in one killable worker process when this
    process may start one, else in this thread (see the module docstring)."""
    if multiprocessing.current_process().daemon:
        warnings.warn(
            "this Dask worker is a daemon process, so pages run in its thread and "
            "page_timeout cannot stop a hung page; set distributed.worker.daemon: False",
            RuntimeWarning,
            stacklevel=2,
        )
        work = PageExtractor(settings)
        yield from (work(page) for page in pages)
        return
    with WorkerPool(settings, 1) as pool:
        yield from pool.run(pages, ordered=True)


def _extract_partition(items: Iterable[PageLike], settings: Settings) -> list[dict[str, Any]]:
    pages = (as_page(item, number) for number, item in enumerate(items))
    return [result.to_record() for result in results(pages, settings)]


def extract_bag(
    bag: Any,
    *,
    extractor: str = "default",
    output: str = "text",
    with_metadata: bool = False,
    page_timeout: float | None = DEFAULT_PAGE_TIMEOUT,
    max_bytes: int = DEFAULT_MAX_BYTES,
    **options: Any,
) -> Any:
    """A ``dask.bag`` of output records (dicts, as ``unboiler batch`` writes them) from a
    bag of pages: :class:`~unboiler.batch.Page` objects, HTML strings or bytes, or dicts
    with ``html`` and optional ``id``, ``url``, ``date``.  Lazy, as bags are; a wrong
    extractor or option raises here, before anything runs."""
    settings = Settings(
        extractor=extractor,
        options=options,
        output=output,
        with_metadata=with_metadata,
        max_bytes=max_bytes,
        page_timeout=page_timeout,
    )
    settings.build()
    return bag.map_partitions(_extract_partition, settings)


def _local_copy(path: str, directory: str) -> Path:
    """A WARC on this machine: a local path as it is; a URL (``https://``, ``s3://``...)
    copied first, since recovery after a bad record seeks in the file."""
    if "://" not in path:
        return Path(path)
    target = Path(directory) / Path(path.split("?", 1)[0]).name
    if path.startswith(("http://", "https://")):
        import urllib.request

        with urllib.request.urlopen(path) as response, target.open("wb") as file:
            shutil.copyfileobj(response, file, 1 << 20)
        return target
    try:
        import fsspec
    except ImportError:
        raise ConfigurationError(
            f"{path}: reading this URL needs fsspec (pip install fsspec)"
        ) from None
    with fsspec.open(path, "rb") as remote, target.open("wb") as file:
        shutil.copyfileobj(remote, file, 1 << 20)
    return target


def part_name(path: str, fmt: str) -> str:
    """The output file of one WARC: its name without ``.warc[.gz]``, and the format's."""
    name = path.rstrip("/").rsplit("/", 1)[-1].split("?", 1)[0]
    for suffix in (".gz", ".warc", ".arc"):
        name = name.removesuffix(suffix)
    return name + FORMATS[fmt]


def _extract_warc(
    path: str, out: str, fmt: str, settings: Settings, library: str, resume: bool
) -> dict[str, Any]:
    target = Path(out) / part_name(path, fmt)
    summary: dict[str, Any] = {"warc": path, "output": str(target), "pages": 0, "errors": 0}
    if resume and target.exists():  # parts are renamed into place only when complete
        summary["skipped"] = True
        return summary
    partial = target.with_name(target.name.removesuffix(".jsonl.gz") + ".partial.jsonl.gz")
    with tempfile.TemporaryDirectory(prefix="unboiler-warc-") as directory:
        local = _local_copy(path, directory)
        pages = read_warc(local, library=library, max_bytes=settings.max_bytes)
        if fmt == "jsonl":
            sink: Any = JsonlSink(partial)
        else:
            sink = open_sink(target, output=settings.output, with_metadata=settings.with_metadata)
        try:
            for result in results(pages, settings):
                sink.write(result)
                summary["pages"] += 1
                summary["errors"] += result.error is not None
        finally:
            sink.close()
    if fmt == "jsonl":
        os.replace(partial, target)
    return summary


def extract_warcs(
    paths: Sequence[str | Path],
    out: str | Path,
    *,
    format: str = "parquet",
    extractor: str = "default",
    output: str = "text",
    with_metadata: bool = False,
    page_timeout: float | None = DEFAULT_PAGE_TIMEOUT,
    max_bytes: int = DEFAULT_MAX_BYTES,
    warc_library: str = "auto",
    resume: bool = False,
    compute: bool = True,
    **options: Any,
) -> Any:
    """Extract every page of the WARC files ``paths`` (local paths every worker can
    read, or URLs), one Dask task per file, each writing ``out/<name>.parquet`` (or
    ``.jsonl.gz`` with ``format="jsonl"``) into the directory ``out``, which every
    worker must be able to write to (a shared file system).  Returns one summary per
    file (``warc``, ``output``, ``pages``, ``errors``), or with ``compute=False`` the
    bag that computes them.  ``resume`` skips files whose part is already complete.
    """
    if format not in FORMATS:
        raise ConfigurationError(f"format {format!r} is not one of {', '.join(FORMATS)}")
    bag_module = _bag_module()
    settings = Settings(
        extractor=extractor,
        options=options,
        output=output,
        with_metadata=with_metadata,
        max_bytes=max_bytes,
        page_timeout=page_timeout,
    )
    settings.build()
    Path(out).mkdir(parents=True, exist_ok=True)
    names = [str(path) for path in paths]
    if not names:
        raise ConfigurationError("no WARC files given")
    bag = bag_module.from_sequence(names, npartitions=len(names)).map(
        _extract_warc, str(out), format, settings, warc_library, resume
    )
    return bag.compute() if compute else bag


__all__ = ["FORMATS", "DaskMissingError", "extract_bag", "extract_warcs", "part_name", "results"]
