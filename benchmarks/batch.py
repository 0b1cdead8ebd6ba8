"""Speed and memory of ``unboiler batch`` and ``unboiler.dask`` against a plain loop over
``unboiler.extract``, on a WARC built from the benchmark pages (scrapinghub and WCXB).

    python benchmarks/batch.py [--limit N] [--big-gb 2] [--no-big] [--no-dask]
                               [--out benchmarks/results/batch.md]

What it prints, all from one run on this machine:

- reading the WARC with FastWARC and with warcio through :func:`unboiler.batch.read_warc`
  (payloads read, best of three): records/s and MB/s, and their ratio;
- a plain loop (one process: read the WARC, ``unboiler.extract`` each page, write JSON
  lines), ``unboiler batch`` with 1 and 2 workers, the same pages through
  ``unboiler.dask.extract_warcs`` on a ``LocalCluster`` of 2 worker processes (over the
  WARC split in four files, against ``unboiler batch -w 2`` over the same four files):
  wall time of the whole command, pages/s, and the peak resident memory of the whole
  process tree (the sum over the command and its children, sampled every 50 ms);
- a WARC of about ``--big-gb`` GB (the pages again, between 1 MB binary records that a
  crawl also holds, images and videos): ``unboiler batch -w 2`` to Parquet, the peak RSS
  of its process tree, to show that memory does not grow with the file.

Absolute figures depend on the machine and its load (the load average is printed); the
ratios within one run are what to compare.
"""

from __future__ import annotations

import argparse
import gzip
import os
import platform
import subprocess
import sys
import tempfile
import textwrap
import threading
import time
from pathlib import Path

from unboiler.batch.warc import read_warc
from unboiler.datasets import load_dataset

PYTHON = sys.executable


def warc_record(uri: str, payload: bytes, number: int, content_type: str) -> bytes:
    http = (
        f"HTTP/1.1 200 OK\r\nContent-Type: {content_type}\r\nContent-Length: {len(payload)}\r\n\r\n"
    ).encode() + payload
    head = (
        f"WARC/1.0\r\nWARC-Type: response\r\nWARC-Target-URI: {uri}\r\n"
        f"WARC-Date: 2024-05-01T10:00:00Z\r\n"
        f"WARC-Record-ID: <urn:uuid:00000000-0000-0000-0000-{number:012d}>\r\n"
        f"Content-Type: application/http; msgtype=response\r\n"
        f"Content-Length: {len(http)}\r\n\r\n"
    ).encode()
    return head + http + b"\r\n\r\n"


def benchmark_pages(limit: int | None) -> list[tuple[str, bytes]]:
    pages = []
    for name in ("scrapinghub", "wcxb"):
        for page in load_dataset(name).pages:
            pages.append((page.url or f"https://{name}.example/{page.id}", page.html))
    return pages[:limit] if limit else pages


def write_warcs(
    pages: list[tuple[str, bytes]], folder: Path, parts: int
) -> tuple[Path, list[Path]]:
    """One gzip WARC of every page, and the same pages in ``parts`` files."""
    whole = folder / "pages.warc.gz"
    part_paths = [folder / f"part-{n}.warc.gz" for n in range(parts)]
    with whole.open("wb") as out:
        files = [path.open("wb") for path in part_paths]
        for number, (url, html) in enumerate(pages):
            member = gzip.compress(warc_record(url, html, number, "text/html"), compresslevel=6)
            out.write(member)
            files[number % parts].write(member)
        for file in files:
            file.close()
    return whole, part_paths


def write_big_warc(pages: list[tuple[str, bytes]], path: Path, gigabytes: float) -> int:
    """About ``gigabytes`` of plain WARC: each page once, each followed by binary
    records of 1 MB until the size is reached.  Returns the number of HTML pages."""
    target = int(gigabytes * 2**30)
    blob = os.urandom(2**20)
    per_page = max(0, target // len(pages) // 2**20)
    written = 0
    number = 0
    with path.open("wb") as out:
        for url, html in pages:
            record = warc_record(url, html, number, "text/html")
            out.write(record)
            written += len(record)
            number += 1
            for _ in range(per_page):
                if written >= target:
                    break
                record = warc_record(f"{url}.mp4", blob, number, "video/mp4")
                out.write(record)
                written += len(record)
                number += 1
    return len(pages)


def tree_rss_kb(root: int) -> int:
    """Resident memory of a process and all its descendants, from /proc."""
    total = 0
    stack = [root]
    while stack:
        pid = stack.pop()
        try:
            with open(f"/proc/{pid}/status") as status:
                for line in status:
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1])
            for task in os.listdir(f"/proc/{pid}/task"):
                with open(f"/proc/{pid}/task/{task}/children") as children:
                    stack.extend(int(child) for child in children.read().split())
        except (FileNotFoundError, ProcessLookupError, PermissionError):
            continue
    return total


def measured(command: list[str]) -> tuple[float, float, str]:
    """Wall seconds, peak RSS of the process tree (MB), and the command's stderr; the
    first two are also printed to stderr as soon as the command ends."""
    started = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    peak = 0
    done = threading.Event()

    def sample() -> None:
        nonlocal peak
        while not done.is_set():
            peak = max(peak, tree_rss_kb(process.pid))
            time.sleep(0.05)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    _, stderr = process.communicate()
    seconds = time.perf_counter() - started
    done.set()
    sampler.join()
    if process.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{stderr.decode()[-2000:]}")
    sys.stderr.write(f"{seconds:.1f} s, {peak / 1024:.0f} MB: {' '.join(command)[:120]}\n")
    return seconds, peak / 1024, stderr.decode()


PLAIN_LOOP = textwrap.dedent(
    """
    import json, sys
    import unboiler
    from unboiler.batch.warc import read_warc
    with open(sys.argv[2], "w", encoding="utf-8") as out:
        for page in read_warc(sys.argv[1]):
            try:
                text = unboiler.extract(page.html, url=page.url, encoding=page.encoding)
                error = None
            except unboiler.UnboilerError as exc:
                text, error = None, str(exc)
            out.write(json.dumps({"id": page.id, "text": text, "error": error}) + "\\n")
    """
)

DASK_RUN = textwrap.dedent(
    """
    import sys, time
    import dask
    from distributed import Client, LocalCluster
    from unboiler.dask import extract_warcs
    if __name__ == "__main__":
        started = time.perf_counter()
        with dask.config.set({"distributed.worker.daemon": False}), LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster, Client(cluster):
            ready = time.perf_counter()
            summaries = extract_warcs(sys.argv[2:], sys.argv[1])
            print(f"compute {time.perf_counter() - ready:.2f} startup {ready - started:.2f}",
                 file=sys.stderr)
    """
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=None, help="Use the first N pages.")
    parser.add_argument("--big-gb", type=float, default=2.0)
    parser.add_argument("--no-big", action="store_true")
    parser.add_argument("--no-dask", action="store_true")
    parser.add_argument("--out", type=Path, default=None, help="Also write the report here.")
    arguments = parser.parse_args()
    lines: list[str] = []

    def report(text: str = "") -> None:
        """Print a line of the report and keep it for --out."""
        lines.append(text)
        sys.stdout.write(text + "\n")
        sys.stdout.flush()

    command = "python benchmarks/batch.py " + " ".join(sys.argv[1:])
    report("# Many pages: unboiler batch and Dask")
    report()
    report(f"Command: `{command.strip()}`, {time.strftime('%Y-%m-%d')}, {platform.platform()}.")

    pages = benchmark_pages(arguments.limit)
    report(
        f"Load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores at the start (other "
        f"jobs share the machine); {len(pages)} pages (scrapinghub, then WCXB)."
    )
    with tempfile.TemporaryDirectory(prefix="unboiler-bench-") as directory:
        folder = Path(directory)
        whole, parts = write_warcs(pages, folder, 4)
        size_mb = whole.stat().st_size / 2**20
        report(f"\nWARC of {len(pages)} pages: {size_mb:.1f} MB gzip\n")

        report("| WARC library | records/s | MB/s (gzip) | ratio |")
        report("|---|---:|---:|---:|")
        reading = {}
        for library in ("fastwarc", "warcio"):
            best = float("inf")
            for _ in range(3):
                started = time.perf_counter()
                count = sum(1 for _ in read_warc(whole, library=library))
                best = min(best, time.perf_counter() - started)
            reading[library] = best
        for library, seconds in reading.items():
            report(
                f"| {library} | {count / seconds:,.0f} | {size_mb / seconds:.1f} | "
                f"{reading['warcio'] / seconds:.2f}x |"
            )

        unboiler = [PYTHON, "-m", "unboiler.cli", "batch", "-q"]
        runs: dict[str, tuple[float, float]] = {}
        seconds, peak, _ = measured(
            [PYTHON, "-c", PLAIN_LOOP, str(whole), str(folder / "plain.jsonl")]
        )
        runs["plain loop over unboiler.extract"] = (seconds, peak)
        for workers in (1, 2):
            out = folder / f"batch{workers}.jsonl"
            seconds, peak, _ = measured([*unboiler, str(whole), "-O", str(out), "-w", str(workers)])
            runs[f"unboiler batch -w {workers}"] = (seconds, peak)
        dask_compute = None
        if not arguments.no_dask:
            out = folder / "batch-parts.jsonl"
            parts_arg = [str(path) for path in parts]
            seconds, peak, _ = measured([*unboiler, *parts_arg, "-O", str(out), "-w", "2"])
            runs["unboiler batch -w 2, 4 files"] = (seconds, peak)
            seconds, peak, stderr = measured(
                [PYTHON, "-c", DASK_RUN, str(folder / "dask-out"), *parts_arg]
            )
            runs["dask LocalCluster 2 workers, 4 files"] = (seconds, peak)
            line = next(line for line in stderr.splitlines() if line.startswith("compute"))
            dask_compute = float(line.split()[1]), float(line.split()[3])

        plain = runs["plain loop over unboiler.extract"][0]
        report("\n| run | wall s | pages/s | vs plain loop | peak RSS of the tree MB |")
        report("|---|---:|---:|---:|---:|")
        for name, (seconds, peak) in runs.items():
            report(
                f"| {name} | {seconds:.1f} | {len(pages) / seconds:.1f} | "
                f"{plain / seconds:.2f}x | {peak:.0f} |"
            )
        one, two = runs["unboiler batch -w 1"][0], runs["unboiler batch -w 2"][0]
        report(f"\nbatch overhead with 1 worker: {100 * (one / plain - 1):+.1f}% of the plain loop")
        report(f"2 workers against 1: {one / two:.2f}x")
        if dask_compute is not None:
            batch_parts = runs["unboiler batch -w 2, 4 files"][0]
            dask_wall = runs["dask LocalCluster 2 workers, 4 files"][0]
            report(
                f"dask against unboiler batch -w 2 on the same 4 files: wall {dask_wall:.1f} s "
                f"vs {batch_parts:.1f} s ({100 * (dask_wall / batch_parts - 1):+.1f}%); "
                f"of which cluster start-up {dask_compute[1]:.1f} s and compute "
                f"{dask_compute[0]:.1f} s ({100 * (dask_compute[0] / batch_parts - 1):+.1f}%)"
            )

        if not arguments.no_big:
            big = folder / "big.warc"
            count = write_big_warc(pages, big, arguments.big_gb)
            gb = big.stat().st_size / 2**30
            for path in folder.glob("*.jsonl"):
                path.unlink()
            seconds, peak, _ = measured(
                [*unboiler, str(big), "-O", str(folder / "big.parquet"), "-w", "2"]
            )
            report(
                f"\n{gb:.2f} GB WARC ({count} HTML pages among 1 MB video records): "
                f"unboiler batch -w 2 to Parquet in {seconds:.1f} s, "
                f"peak RSS of the process tree {peak:.0f} MB"
            )
    if arguments.out is not None:
        arguments.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
