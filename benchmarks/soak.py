"""Soak test: many extractions in one process, to see memory that leaks or speed that
decays over time (tracker issue 22).

    python benchmarks/soak.py [--pages 100000] [--out benchmarks/results/soak.md]

The pages are the benchmark pages (scrapinghub and Mozilla Readability, held in memory as
bytes) with the pathological pages of ``tests/pathological.py`` mixed in (one in
:data:`PATHOLOGICAL_EVERY`; those whose size is one of the issue's at a tenth of it, so
that the run takes an hour rather than a day; the 50 MB page and its kind are measured
by ``benchmarks/pathological.py``).  Page *i* goes through extractor *i* mod 17 and
output *i* mod 4 (17 and 4 are coprime, so every extractor meets every output), as
bytes, as a crawler would pass it.  Every :data:`SAMPLE_EVERY` pages the process's
resident memory (``VmRSS``) and the pages per second of the last window are recorded;
a result of anything but a string or an ``UnboilerError`` stops the run.

What the report shows: resident memory at the start, its peak and at the end, and the
speed of the first and the last tenth of the run.  Flat means the end within
:data:`RSS_GROWTH_ALLOWED` of the memory after the first window (the first window
loads the models and fills the caches), and the last tenth's speed within
:data:`SPEED_DROP_ALLOWED` of the first's.
"""

from __future__ import annotations

import argparse
import gc
import gzip
import platform
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Final

import unboiler
from unboiler.extractors.registry import core_extractors

HERE: Final = Path(__file__).resolve().parent
ROOT: Final = HERE.parent
DATA: Final = ROOT.parent / "shared" / "benchmarks"
sys.path.insert(0, str(ROOT))  # tests/pathological.py, the generator of the bad pages

from tests.pathological import BIG, PATHOLOGIES, page_of  # noqa: E402

#: Pages between two samples of memory and speed (the issue's figure).
SAMPLE_EVERY: Final = 1_000
#: One page in this many is a pathological one.
PATHOLOGICAL_EVERY: Final = 10
#: The scale of the pathological pages whose size is one of the issue's.
PATHOLOGICAL_SCALE: Final = 0.1
#: How much resident memory may grow from the first sample to the end and still be flat:
#: the allocator keeps freed memory in its arenas, so the peak of the largest page stays.
RSS_GROWTH_ALLOWED: Final = 0.10
#: How much slower the last tenth of the run may be than the first (the machine is shared).
SPEED_DROP_ALLOWED: Final = 0.10
OUTPUTS: Final = ("text", "markdown", "html", "json")


def resident_mb() -> float:
    """The process's resident memory now (not its peak), in MB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS in /proc/self/status")


def benchmark_pages() -> list[bytes]:
    pages = [path.read_bytes() for path in sorted((DATA / "scrapinghub" / "html").glob("*.gz"))]
    pages += [path.read_bytes() for path in sorted((DATA / "readability").glob("*/source.html"))]
    return [gzip.decompress(page) if page[:2] == b"\x1f\x8b" else page for page in pages]


def pathological_pages() -> list[tuple[str, str | bytes, str | None]]:
    return [
        (p.name, page_of(p.name, PATHOLOGICAL_SCALE), p.encoding)
        for p in PATHOLOGIES
        if BIG not in p.tags
    ]


def run(total: int) -> tuple[list[tuple[int, float, float]], Counter[str], float]:
    """Samples of (pages done, resident MB, pages/s in the window), outcomes, seconds."""
    normal = benchmark_pages()
    bad = pathological_pages()
    extractors = core_extractors()
    outcomes: Counter[str] = Counter()
    samples = [(0, resident_mb(), 0.0)]
    started = window = time.perf_counter()
    done = 0
    try:
        for index in range(total):
            _one(index, normal, bad, extractors, outcomes)
            done = index + 1
            if done % SAMPLE_EVERY == 0:
                now = time.perf_counter()
                samples.append((done, resident_mb(), SAMPLE_EVERY / (now - window)))
                window = now
                print(f"{done:>7} pages  {samples[-1][1]:7.1f} MB  {samples[-1][2]:6.1f} pages/s",
                      file=sys.stderr, flush=True)  # fmt: skip
    except KeyboardInterrupt:  # a run cut short still reports the samples it has
        done -= done % SAMPLE_EVERY
        print(f"stopped after {done:,} pages", file=sys.stderr)
    gc.collect()
    samples.append((done, resident_mb(), 0.0))
    return samples, outcomes, time.perf_counter() - started


def _one(
    index: int,
    normal: list[bytes],
    bad: list[tuple[str, str | bytes, str | None]],
    extractors: list[str],
    outcomes: Counter[str],
) -> None:
    """Extract page ``index`` of the run, counting its outcome."""
    extractor = extractors[index % len(extractors)]
    output = OUTPUTS[index % len(OUTPUTS)]
    encoding = None
    if index % PATHOLOGICAL_EVERY == PATHOLOGICAL_EVERY - 1:
        _, page, encoding = bad[index // PATHOLOGICAL_EVERY % len(bad)]
    else:
        page = normal[index % len(normal)]
    try:
        result = unboiler.extract(page, extractor=extractor, output=output, encoding=encoding)
    except unboiler.UnboilerError as error:
        outcomes[type(error).__name__] += 1
    else:
        if not isinstance(result, str):
            raise TypeError(f"page {index}: {type(result).__name__}, not str")
        outcomes["result"] += 1


def report(
    samples: list[tuple[int, float, float]], outcomes: Counter[str], seconds: float, asked: int
) -> str:
    windows = samples[1:-1]
    total = samples[-1][0]
    tenth = max(len(windows) // 10, 1)
    first_speed = sum(s[2] for s in windows[:tenth]) / tenth
    last_speed = sum(s[2] for s in windows[-tenth:]) / tenth
    after_warmup = windows[0][1]
    peak = max(s[1] for s in samples)
    end = samples[-1][1]
    growth = end / after_warmup - 1
    drop = 1 - last_speed / first_speed
    flat = growth <= RSS_GROWTH_ALLOWED
    steady = drop <= SPEED_DROP_ALLOWED
    lines = [
        "# Soak: many extractions in one process",
        "",
        f"`python benchmarks/soak.py --pages {asked}` (Python {platform.python_version()}, "
        f"{platform.machine()}; the 2-core machine is shared with other work, so the speed "
        "is noisy; what counts is its trend)",
        "",
        (
            f"Stopped (Ctrl-C) after {total:,} of the {asked:,} extractions asked for. "
            if total < asked
            else ""
        )
        + f"{total:,} extractions in {seconds / 60:.1f} min ({total / seconds:.1f} pages/s): "
        "the 311 benchmark pages (scrapinghub, Mozilla Readability) in a loop, one page in "
        f"{PATHOLOGICAL_EVERY} a pathological one (the {len(pathological_pages())} of "
        f"`tests/pathological.py` that are not big, sized ones at {PATHOLOGICAL_SCALE:g} "
        "of the issue's size), every extractor, every output.",
        "",
        "Outcomes: "
        + ", ".join(f"{name} {count:,}" for name, count in sorted(outcomes.items()))
        + "; nothing else was raised.",
        "",
        "| | resident memory (MB) |",
        "|---|---:|",
        f"| start (models not yet loaded) | {samples[0][1]:.0f} |",
        f"| after the first {SAMPLE_EVERY:,} pages | {after_warmup:.0f} |",
        f"| peak of the samples | {peak:.0f} |",
        f"| end | {end:.0f} |",
        "",
        f"Memory from the first sample to the end: {growth:+.1%} "
        f"({'flat' if flat else 'GROWS'}: allowed {RSS_GROWTH_ALLOWED:.0%}).  Speed of the "
        f"first tenth {first_speed:.1f} pages/s, of the last {last_speed:.1f} "
        f"({-drop:+.1%}; {'steady' if steady else 'FALLS'}: allowed "
        f"-{SPEED_DROP_ALLOWED:.0%}).",
        "",
        "Every tenth of the run (the mean of its samples):",
        "",
        "| pages | resident MB (last sample) | pages/s |",
        "|---:|---:|---:|",
    ]
    for start in range(0, len(windows), tenth):
        part = windows[start : start + tenth]
        speed = sum(s[2] for s in part) / len(part)
        lines.append(f"| {part[-1][0]:,} | {part[-1][1]:.0f} | {speed:.1f} |")
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=100_000)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    if args.pages < 10 * SAMPLE_EVERY:  # Ctrl-C stops a run early and reports it
        parser.error(f"--pages must be at least {10 * SAMPLE_EVERY:,} (ten samples)")
    samples, outcomes, seconds = run(args.pages)
    text = report(samples, outcomes, seconds, args.pages)
    print(text)
    if args.out:
        args.out.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
