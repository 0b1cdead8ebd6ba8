"""Time per MB and peak memory of the default extractor from 10 KB to 50 MB pages.

    python benchmarks/scaling.py [--sizes 0.01,0.1,1,10,50] [--out benchmarks/results/scaling.md]

Synthetic pages of six shapes, each grown to the size asked: article paragraphs, many
``<div>``s of one sentence each, lists of links, a table of short cells, ``<div>``
nesting 200 deep, and one text node of running words.  Each page is extracted
(``unboiler.extract``, text output, no size limit) in a fresh process, so that its peak
resident memory is the page's alone; the process reports the seconds of parsing and of
the whole extraction and its peak RSS before and after.  The same page is parsed by
lexbor alone in another fresh process: the memory its tree takes is the floor under any
extraction that keeps the tree.  What matters is the ratios: seconds per MB of the
largest page against the 100 KB page of the same shape (flat is 1.0), and the memory the
page added over the process after imports, as a multiple of the page's size.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import subprocess
import sys
import tempfile
from pathlib import Path

SHAPES = ("paragraphs", "divs", "links", "table", "nesting", "textnode")
WORDS = (
    "the", "of", "and", "to", "in", "is", "was", "for", "on", "that", "with", "as", "by", "at",
    "from", "his", "her", "it", "an", "were", "are", "which", "this", "be", "or", "has", "had",
    "first", "one", "their", "its", "new", "after", "who", "they", "have", "two", "been",
    "more", "other", "time", "city", "year", "government", "people", "school", "world",
    "music", "river", "between", "during", "including", "later", "under", "state",
)  # fmt: skip


def _sentence(rng: random.Random, words: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(words)).capitalize() + "."


def _chunk(shape: str, rng: random.Random) -> str:
    if shape == "paragraphs":
        return "<p>" + " ".join(_sentence(rng, 15) for _ in range(4)) + "</p>\n"
    if shape == "divs":  # many short <div>s, one sentence each
        return f"<div>{_sentence(rng, 12)}</div>\n"
    if shape == "links":
        items = "".join(
            f'<li><a href="/p/{rng.randrange(10**6)}">{_sentence(rng, 3)}</a></li>'
            for _ in range(10)
        )
        return f"<ul>{items}</ul>\n"
    if shape == "table":
        cells = "".join(f"<td>{rng.choice(WORDS)} {rng.randrange(1000)}</td>" for _ in range(8))
        return f"<tr>{cells}</tr>\n"
    if shape == "nesting":
        return "<div>" * 200 + f"<p>{_sentence(rng, 12)}</p>" + "</div>" * 200 + "\n"
    return _sentence(rng, 20) + " "  # textnode


def page(shape: str, size: int) -> bytes:
    """A page of ``shape`` of about ``size`` bytes (always the same for the same
    arguments)."""
    rng = random.Random(1)
    head = "<!doctype html><html><head><meta charset=utf-8><title>T</title></head><body><main>"
    wrap = {"table": ("<table>", "</table>"), "textnode": ("<p>", "</p>")}
    opening, closing = wrap.get(shape, ("", ""))
    parts = [head, opening]
    length = len(head) + len(opening)
    while length < size:
        chunk = _chunk(shape, rng)
        parts.append(chunk)
        length += len(chunk)
    parts += [closing, "</main></body></html>"]
    return "".join(parts).encode()


# Each child reads the page from a file written by the parent: building it in the child
# would leave the freed memory of its pieces in the process, which the extraction would
# then reuse unseen by the peak RSS.  The peak is the kernel's high-water mark of the
# process's memory (VmHWM), which starts again at exec, where getrusage's ru_maxrss keeps
# the parent's.
_PEAK = """
def peak_mb():
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
"""
_CHILD = (
    _PEAK
    + """
import json, sys, time
from pathlib import Path
data = Path({path!r}).read_bytes()
import unboiler
from unboiler.parse import parse
unboiler.extract(b"<p>warm up the model and the imports</p>")
before = peak_mb()
start = time.perf_counter()
parse(data, max_bytes=None)
parsed = time.perf_counter() - start
start = time.perf_counter()
unboiler.extract(data, max_bytes=None)
total = time.perf_counter() - start
peak = peak_mb()
print(json.dumps({{"bytes": len(data), "parse": parsed, "total": total,
                  "before": before, "peak": peak}}))
"""
)


#: The parser's share: the same page parsed by lexbor alone (selectolax), in a fresh
#: process, so that the memory the tree holds is the floor under any extraction that
#: keeps it.
_LEXBOR_CHILD = (
    _PEAK
    + """
import json
from pathlib import Path
data = Path({path!r}).read_bytes()
from selectolax.lexbor import LexborHTMLParser
before = peak_mb()
tree = LexborHTMLParser(data)
print(json.dumps({{"lexbor": peak_mb() - before}}))
"""
)


def measure(shape: str, size: int) -> dict[str, float]:
    """One page of ``shape`` and ``size`` extracted in a fresh process, and parsed by
    lexbor alone in another."""
    result: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"{shape}.html"
        path.write_bytes(page(shape, size))
        for child in (_CHILD, _LEXBOR_CHILD):
            done = subprocess.run(
                [sys.executable, "-c", child.format(path=str(path))],
                capture_output=True,
                text=True,
                check=True,
            )
            result.update(json.loads(done.stdout.strip().splitlines()[-1]))
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="0.01,0.1,1,10,50", help="page sizes in MB")
    parser.add_argument("--shapes", default=",".join(SHAPES))
    parser.add_argument("--out", type=Path, help="also write the Markdown report here")
    args = parser.parse_args()
    sizes = [float(size) for size in args.sizes.split(",")]
    shapes = args.shapes.split(",")
    lines = [
        "# Time per MB and peak memory on large pages",
        "",
        f"`python benchmarks/scaling.py --sizes {args.sizes}`",
        "",
        f"Python {platform.python_version()}; each page extracted once, by the default "
        "extractor to text, in a fresh process (peak RSS is the process's; the memory a "
        "page added is the peak less the RSS after imports and a warm-up page).  "
        "Times are of a shared machine: compare rows of one run.",
        "",
        "| shape | MB | parse s/MB | extract s/MB | peak RSS MB | added / page size "
        "| lexbor tree alone / page size |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    summary = [
        "",
        "| shape | s/MB, largest / 100 KB page | added memory / page size, largest "
        "| lexbor tree alone / page size, largest |",
        "|---|---:|---:|---:|",
    ]
    for shape in shapes:
        per_mb: dict[float, float] = {}
        multiple = 0.0
        for size in sizes:
            figures = measure(shape, int(size * 1e6))
            megabytes = figures["bytes"] / 1e6
            per_mb[size] = figures["total"] / megabytes
            multiple = (figures["peak"] - figures["before"]) / megabytes
            tree = figures["lexbor"] / megabytes
            row = (
                f"| {shape} | {megabytes:.2f} | {figures['parse'] / megabytes:.3f} | "
                f"{per_mb[size]:.3f} | {figures['peak']:.0f} | {multiple:.1f} | {tree:.1f} |"
            )
            print(row, flush=True)
            lines.append(row)
        base = per_mb.get(0.1) or next(iter(per_mb.values()))
        summary.append(
            f"| {shape} | {per_mb[sizes[-1]] / base:.2f} | {multiple:.1f} | {tree:.1f} |"
        )
    lines += summary
    report = "\n".join(lines) + "\n"
    print("\n".join(summary))
    if args.out:
        args.out.write_text(report, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
