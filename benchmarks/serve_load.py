"""Load check of ``unboiler serve``: a bounded number of concurrent requests from a local
client to a server started here on 127.0.0.1, and the figures that say whether it holds:
requests per second, median and 99th-percentile latency, and how many failed.

    python benchmarks/serve_load.py                      # 2,000 requests, 16 at a time
    python benchmarks/serve_load.py --requests 500 --concurrency 4 --extractor justext

The pages are the scrapinghub benchmark's (``$UNBOILER_BENCHMARKS`` or
``../shared/benchmarks``), cycled in order, each sent as the raw (gzip) body of
``POST /extract``; without the benchmark, the small pages of ``tests/pages``.  The client
is the standard library's, one connection per thread, so nothing but the server is
measured beside it (both share the machine: the figures are for this machine only).
A 503 (pool full) counts as a failure: with 16 clients and the default pool (2 workers, 16
waiting) there must be none.
"""

from __future__ import annotations

import argparse
import http.client
import os
import platform
import socket
import statistics
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parents[1]


def pages() -> list[bytes]:
    shared = Path(os.environ.get("UNBOILER_BENCHMARKS", ROOT.parent / "shared" / "benchmarks"))
    found = sorted((shared / "scrapinghub" / "html").glob("*.html.gz"))
    if not found:
        found = sorted((ROOT / "tests" / "pages").glob("*.html"))
    return [path.read_bytes() for path in found]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_for(port: int, server: subprocess.Popen[bytes], seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit("the server stopped before it answered")
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
            connection.request("GET", "/health")
            if connection.getresponse().status == 200:
                return
        except OSError:
            time.sleep(0.2)
    raise SystemExit("the server did not answer /health in time")


def library_rate(bodies: list[bytes], extractor: str) -> float:
    """Pages per second of the same extraction called in this process, one page after the
    other: what the service is compared with (same machine, same run)."""
    import unboiler
    from unboiler.compressed import decompress

    built = unboiler.get_extractor(extractor)
    unboiler.extract(decompress(bodies[0]), extractor=built, output="json")  # model loaded
    start = time.perf_counter()
    for body in bodies:
        unboiler.extract(decompress(body), extractor=built, output="json")
    return len(bodies) / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--concurrency", type=int, default=16)
    parser.add_argument("--extractor", default="default")
    parser.add_argument("--out", type=Path, default=None, help="also write the table here")
    args = parser.parse_args()
    bodies = pages()
    library = library_rate(bodies, args.extractor)
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "unboiler.cli", "serve", "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    path = f"/extract?extractor={quote(args.extractor)}"
    try:
        wait_for(port, server)

        def one(index: int) -> tuple[float, int]:
            start = time.perf_counter()
            try:
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
                connection.request("POST", path, body=bodies[index % len(bodies)])
                response = connection.getresponse()
                response.read()
                status = response.status
                connection.close()
            except OSError:
                status = 0
            return time.perf_counter() - start, status

        began = time.perf_counter()
        with ThreadPoolExecutor(args.concurrency) as clients:
            results = list(clients.map(one, range(args.requests)))
        elapsed = time.perf_counter() - began
    finally:
        server.terminate()
        server.wait(10)
    # measured before and after the load, so that other work on a shared machine weighs
    # on both figures alike
    library = (library + library_rate(bodies, args.extractor)) / 2
    latencies = sorted(seconds * 1000 for seconds, _ in results)
    failed = [status for _, status in results if status != 200]
    p99 = latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))]
    table = (
        "| extractor | requests | concurrency | pages | requests/s | library pages/s | ratio "
        "| p50 ms | p99 ms | failed |\n"
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"
        f"| {args.extractor} | {len(results)} | {args.concurrency} | {len(bodies)} | "
        f"{len(results) / elapsed:.1f} | {library:.1f} | {len(results) / elapsed / library:.2f} | "
        f"{statistics.median(latencies):.0f} | {p99:.0f} | {len(failed)} |"
    )
    print(table)
    if args.out is not None:
        command = " ".join(["python benchmarks/serve_load.py", *sys.argv[1:]])
        machine = f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores"
        args.out.write_text(
            "# Load check of unboiler serve\n\n"
            f"Produced by `{command}`.\n\n"
            f"Machine: {machine}, Python {platform.python_version()}; the client, the server "
            "(default limits: 2 extraction threads, 16 waiting) and the in-process figure share "
            "it. requests/s: POST /extract of the page as its raw gzip body, JSON answer; "
            "library pages/s: `unboiler.extract(..., output='json')` on the same pages in "
            "one thread of this script, before and after the load (mean); p50/p99: latency per "
            f"request, waiting for a worker included ({args.concurrency} clients, 2 workers); "
            "a 503 or 504 would count as failed. Load average of the machine after the run: "
            f"{os.getloadavg()[0]:.1f}.\n\n{table}\n",
            encoding="utf-8",
        )
    if failed:
        print(f"failed statuses: {sorted(set(failed))}")


if __name__ == "__main__":
    main()
