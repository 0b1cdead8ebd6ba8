"""Speed and memory of unboiler next to its peers, measured in one run, one process.

    python benchmarks/speed.py [--repeat 3] [--out benchmarks/results/speed.md]

Prints, for the 181 scrapinghub pages held in memory: pages/s and median / 95th-percentile
ms per page of the raw parser, of parse + one bare traversal (one visiting every node, and
one visiting every node and reading its text: the least any block builder must do, and
the least walk a builder written in Python makes through selectolax's node API), of
parse + building the TextDocument, of every registered extractor end to end (from the
page's bytes), and of the installed peers on the same bytes; then time per MB on
synthetic pages of 10 KB to 10 MB and the peak memory of extracting the largest one in a
fresh process.  The figures that matter are the ratios between rows of the same run:
absolute times depend on the machine and on what else runs on it.  Each row is the
fastest of ``--repeat`` passes.
"""

from __future__ import annotations

import argparse
import gc
import gzip
import json
import platform
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from selectolax.lexbor import LexborHTMLParser, LexborNode

import unboiler
from unboiler.charset import decode
from unboiler.extractors.registry import core_extractors
from unboiler.parse import build_document, parse_html
from unboiler.text import WRAP_WIDTH, word_texts, wrap_words

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "benchmarks" / "scrapinghub"


# --------------------------------------------------------------------------- timing


def time_pages(run: Callable[[object], object], pages: list, repeat: int) -> list[float]:
    """Per-page seconds of the fastest of ``repeat`` passes over ``pages``."""
    best: list[float] | None = None
    for _ in range(repeat):
        gc.collect()
        times = []
        for item in pages:
            start = time.perf_counter()
            run(item)
            times.append(time.perf_counter() - start)
        if best is None or sum(times) < sum(best):
            best = times
    assert best is not None
    return best


def row(name: str, times: list[float]) -> dict[str, float | str]:
    ordered = sorted(times)
    return {
        "system": name,
        "pages_per_s": len(times) / sum(times),
        "median_ms": statistics.median(ordered) * 1000,
        "p95_ms": ordered[int(0.95 * (len(ordered) - 1))] * 1000,
    }


def word_statistics(texts: object) -> None:
    """What the block builder computes from the block texts once the walk is done."""
    for words in word_texts(texts):  # type: ignore[arg-type]
        if len(words) > WRAP_WIDTH:
            wrap_words(words)
        else:
            words.count(" ")


# --------------------------------------------------------------------------- peers


def peers() -> dict[str, Callable[[bytes, str], object]]:
    """The installed peers, each called the way its documentation recommends."""
    found: dict[str, Callable[[bytes, str], object]] = {}
    try:
        from boilerpy3 import extractors as bp3

        article = bp3.ArticleExtractor(raise_on_failure=False)
        found["boilerpy3 Article"] = lambda data, text: article.get_content(text)
    except ImportError:
        pass
    try:
        import trafilatura

        found["trafilatura"] = lambda data, text: trafilatura.extract(text)
        found["trafilatura fast"] = lambda data, text: trafilatura.extract(text, fast=True)
    except ImportError:
        pass
    try:
        from resiliparse.extract.html2text import extract_plain_text
        from resiliparse.parse.html import HTMLTree

        found["resiliparse"] = lambda data, text: extract_plain_text(
            HTMLTree.parse(text), main_content=True
        )
    except ImportError:
        pass
    try:
        from readability import Document

        found["readability-lxml"] = lambda data, text: Document(text).summary()
    except ImportError:
        pass
    return found


def safe(call: Callable[[bytes, str], object]) -> Callable[[object], object]:
    def run(item: object) -> object:
        data, text = item  # type: ignore[misc]
        try:
            return call(data, text)
        except Exception:  # a peer failing on a page is timed, not fatal
            return None

    return run


# --------------------------------------------------------------------------- synthetic pages

PARAGRAPH = (
    "<p>For forty years the <em>Gull</em> carried commuters and their bicycles across the "
    "narrow strait between Port Elling and the island of Skerra. Since Saturday it has "
    'carried books instead, shelved along both decks of the <a href="/ferry">retired '
    "ferry</a>, which now sits moored beside the old fish market.</p>\n"
)
SECTION = (
    '<div class="story"><h2>Shelves where the benches were</h2>\n'
    + PARAGRAPH * 5
    + '<ul class="related"><li><a href="/a">Ferry timetable changes</a></li>'
    '<li><a href="/b">Book festival returns</a></li></ul></div>\n'
)
HEAD = (
    "<!DOCTYPE html><html><head><title>Synthetic page</title>"
    "<script>var tracking = {id: 1};</script></head><body>"
    '<nav><a href="/">Home</a> <a href="/news">News</a> <a href="/sport">Sport</a></nav>'
    "<main><article><h1>A long synthetic article</h1>\n"
)
TAIL = "</article></main><footer>&copy; 2026 The Coastal Courier</footer></body></html>"


def synthetic_page(size: int) -> bytes:
    body_size = max(size - len(HEAD) - len(TAIL), 0)
    sections = max(1, round(body_size / len(SECTION)))
    return (HEAD + SECTION * sections + TAIL).encode()


# Linux keeps ru_maxrss across exec, so a child would report its parent's peak; VmHWM in
# /proc belongs to the new address space and starts afresh.
MEMORY_PROBE = """
import sys
sys.path.insert(0, {src!r})
sys.path.insert(0, {bench!r})
import unboiler
from unboiler.extractors.registry import core_extractors
from speed import synthetic_page

def high_water_kb():
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    return 0

page = synthetic_page({size})
before = high_water_kb()
unboiler.extract(page)
print(before, high_water_kb())
"""


def peak_memory_mb(size: int) -> tuple[float, float]:
    """Peak RSS (MB) of a fresh process before and after extracting a synthetic page."""
    code = MEMORY_PROBE.format(src=str(ROOT / "src"), bench=str(ROOT / "benchmarks"), size=size)
    out = subprocess.run(
        [sys.executable, "-c", code], check=True, capture_output=True, text=True
    ).stdout.split()
    return int(out[0]) / 1024, int(out[1]) / 1024


# --------------------------------------------------------------------------- main


def machine() -> str:
    cpu = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    import os

    return f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--out", type=Path, default=None, help="also write a Markdown table")
    parser.add_argument("--no-peers", action="store_true")
    args = parser.parse_args()
    if not (DATA / "ground-truth.json").exists():
        print(f"scrapinghub benchmark not found at {DATA}", file=sys.stderr)
        return 1
    keys = sorted(json.loads((DATA / "ground-truth.json").read_text()))
    raw = [gzip.decompress((DATA / "html" / f"{key}.html.gz").read_bytes()) for key in keys]
    texts = [decode(data) for data in raw]
    both = list(zip(raw, texts, strict=True))
    repeat = args.repeat

    def bare_traversal(text: object) -> None:
        tree = LexborHTMLParser(text)  # type: ignore[arg-type]
        for _ in tree.root.traverse(include_text=True):  # type: ignore[union-attr]
            pass

    def reading_traversal(text: object) -> None:
        tree = LexborHTMLParser(text)  # type: ignore[arg-type]
        for node in tree.root.traverse(include_text=True):  # type: ignore[union-attr]
            _ = node.text_content  # None for elements, the text of text nodes

    def text_method_traversal(text: object) -> None:
        # Each node's text read with selectolax's general accessor, text(deep=False): in
        # our runs the traversal closest to the 1,253 pages/s of "parse + one
        # traverse(include_text=True)" in ../shared/benchmarks/README.md's speed floors.
        tree = LexborHTMLParser(text)  # type: ignore[arg-type]
        for node in tree.root.traverse(include_text=True):  # type: ignore[union-attr]
            _ = node.text(deep=False)

    def python_walk(text: object) -> None:
        # The least a block builder written in Python does: read every node's tag id and
        # step to its first child or next sibling through selectolax's node API.
        tree = LexborHTMLParser(text)  # type: ignore[arg-type]
        node = tree.root
        stack: list[LexborNode] = []
        while True:
            if node is None:
                if not stack:
                    break
                node = stack.pop().next
                continue
            _ = node.tag_id
            child = node.first_child
            if child is None:
                node = node.next
            else:
                stack.append(node)
                node = child

    rows = [
        row("lexbor parse only", time_pages(lambda t: LexborHTMLParser(t), texts, repeat)),
        row("lexbor parse + bare traversal", time_pages(bare_traversal, texts, repeat)),
        row(
            "lexbor parse + traversal reading every text",
            time_pages(reading_traversal, texts, repeat),
        ),
        row(
            "lexbor parse + traversal calling text(deep=False) on every node",
            time_pages(text_method_traversal, texts, repeat),
        ),
        row("lexbor parse + minimal Python walk", time_pages(python_walk, texts, repeat)),
        row(
            "parse + TextDocument",
            time_pages(lambda t: build_document(parse_html(t)), texts, repeat),  # type: ignore[arg-type]
        ),
        row("decode + parse + TextDocument", time_pages(unboiler.parse, raw, repeat)),
    ]
    for name in core_extractors():  # "default" is the learned extractor (issue 18's row)
        rows.append(
            row(name, time_pages(lambda d, n=name: unboiler.extract(d, extractor=n), raw, repeat))
        )
    if not args.no_peers:
        for name, call in peers().items():
            rows.append(row(f"peer: {name}", time_pages(safe(call), both, repeat)))
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

    by_name = {r["system"]: r for r in rows}
    lines = [f"Machine: {machine()}.  Pages: {len(raw)} (scrapinghub), in memory.", ""]
    lines.append("| system | pages/s | median ms | p95 ms |")
    lines.append("|---|---:|---:|---:|")
    for r in rows:
        lines.append(
            f"| {r['system']} | {r['pages_per_s']:.0f} | {r['median_ms']:.2f} | {r['p95_ms']:.2f} |"
        )
    lines.append("")
    lines.append(f"Peak RSS of this process: {peak:.0f} MB.")
    build = by_name["parse + TextDocument"]["pages_per_s"]
    for baseline in (
        "lexbor parse + bare traversal",
        "lexbor parse + traversal reading every text",
        "lexbor parse + minimal Python walk",
        "lexbor parse + traversal calling text(deep=False) on every node",
    ):
        walk = by_name[baseline]["pages_per_s"]
        lines.append(
            f"Parse + TextDocument takes {walk / build:.2f}x the time of {baseline[7:]} "  # type: ignore[operator]
            "(target: at most 2x)."
        )
    block_texts = [[b.text for b in unboiler.parse(data).blocks] for data in raw]
    ms_stats = 1000 / float(
        row("stats", time_pages(word_statistics, block_texts, repeat))["pages_per_s"]
    )
    ms_parse = 1000 / float(by_name["lexbor parse only"]["pages_per_s"])
    ms_walk = 1000 / float(by_name["lexbor parse + minimal Python walk"]["pages_per_s"]) - ms_parse
    ms_build = 1000 / float(build) - ms_parse
    lines.append(
        f"Where the time of building goes, per page: the minimal Python walk adds {ms_walk:.3f} "
        f"ms to the parse; the word statistics of the block texts (words, linked words, "
        f"80-column wrap) take {ms_stats:.3f} ms; parse + TextDocument takes {ms_build:.3f} ms "
        "beyond the parse."
    )
    if "peer: boilerpy3 Article" in by_name:
        ours = by_name["boilerpipe-article"]["pages_per_s"]
        theirs = by_name["peer: boilerpy3 Article"]["pages_per_s"]
        lines.append(
            f"boilerpipe-article runs {ours / theirs:.1f}x boilerpy3 ArticleExtractor's "  # type: ignore[operator]
            "pages/s (target: at least 3x)."
        )

    lines += ["", "Time per MB of `unboiler.extract` (default extractor) on synthetic pages:", ""]
    lines.append("| page size | seconds per page | seconds per MB |")
    lines.append("|---:|---:|---:|")
    per_mb = {}
    for size in (10_000, 100_000, 1_000_000, 10_000_000):
        page = synthetic_page(size)
        runs = 3 if size <= 1_000_000 else 1
        seconds = min(time_pages(unboiler.extract, [page], 1)[0] for _ in range(runs))
        per_mb[size] = seconds / (len(page) / 1e6)
        lines.append(f"| {len(page) / 1e6:.2f} MB | {seconds:.3f} | {per_mb[size]:.3f} |")
    lines.append("")
    lines.append(
        f"10 MB page: {per_mb[10_000_000] / per_mb[100_000]:.2f}x the time per MB of the "
        "100 KB page (target: at most 1.5x)."
    )
    before, after = peak_memory_mb(10_000_000)
    lines.append(
        f"Peak RSS of a fresh process extracting the 10 MB page: {after:.0f} MB "
        f"({before:.0f} MB after imports; target: under 400 MB)."
    )
    report = "\n".join(lines)
    print(report)
    if args.out:
        command = " ".join(["python benchmarks/speed.py", *sys.argv[1:]])
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(f"# Speed and memory\n\nProduced by `{command}`.\n\n{report}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
