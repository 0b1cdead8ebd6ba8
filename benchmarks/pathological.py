"""Every pathological page of ``tests/pathological.py`` through every extractor and every
output, timed (tracker issue 22).

    python benchmarks/pathological.py [--scale 1] [-e default -e justext ...]
                                      [--out benchmarks/results/pathological.md]

Each page runs in a child process of its own, so that a crash of the parser (a signal)
or a hang (``--timeout``) is recorded against the page instead of ending the run, and so
that the peak memory measured is the page's.  In the child, each extractor extracts the
page end to end as text (``unboiler.extract(page, ...)``, parse included); the Markdown,
HTML and JSON outputs are then rendered from one parse of the page shared by the
extractors (``extract(document, ...)``), and their time is that parse's plus their own.
A cell of the report is the slowest of the four outputs.

``--scale`` multiplies the issue's sizes (100,000-deep nesting, the 50 MB page, the 5 MB
line, the 100,000-cell table); the pages without a size ignore it.  Time proportional to
size is checked on the sized pages: the default extractor's seconds per MB at a quarter
of the scale and at the full scale (a ratio near 1 is linear, near 4 quadratic).
"""

from __future__ import annotations

import argparse
import json
import platform
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Final

import unboiler
from unboiler.extractors.registry import core_extractors

HERE: Final = Path(__file__).resolve().parent
ROOT: Final = HERE.parent
sys.path.insert(0, str(ROOT))  # tests/pathological.py, the generator of the pages

from tests.pathological import BY_NAME, PATHOLOGIES, page_of  # noqa: E402

OUTPUTS: Final = ("text", "markdown", "html", "json")
#: Seconds per MB at full scale over those at a quarter, past which a page is flagged as
#: growing faster than its size (noise on a shared machine stays well below).
SUPERLINEAR_RATIO: Final = 2.0
#: The extractor of the scaling check.
SCALING_EXTRACTOR: Final = "default"


def _outcome(call: Any) -> tuple[float, str]:
    start = time.perf_counter()
    try:
        result = call()
    except unboiler.UnboilerError as error:
        return time.perf_counter() - start, f"{type(error).__name__}: {error}"
    except Exception as error:  # the bug this benchmark looks for: recorded, not raised
        return time.perf_counter() - start, f"CRASH {type(error).__name__}: {error}"
    if not isinstance(result, str):
        return time.perf_counter() - start, f"CRASH returned {type(result).__name__}"
    return time.perf_counter() - start, "ok"


def run_page(name: str, scale: float, extractors: list[str]) -> dict[str, Any]:
    """In the child: every extractor and output on one page, and the scaling check."""
    pathology = BY_NAME[name]
    page = page_of(name, scale)
    encoding = pathology.encoding
    for extractor in extractors:  # models loaded and caches filled before the clock runs
        unboiler.extract("<p>warm up</p>", extractor=extractor, output="json")
    rows = []
    parsed: list[unboiler.TextDocument] = []
    parse_seconds, parse_outcome = _outcome(
        lambda: parsed.append(unboiler.parse(page, encoding=encoding)) or ""
    )
    document = parsed[0] if parsed else None
    for extractor in extractors:
        seconds, outcome = _outcome(
            lambda e=extractor: unboiler.extract(page, extractor=e, encoding=encoding)
        )
        rows.append({"extractor": extractor, "output": "text", "s": seconds, "outcome": outcome})
        for output in OUTPUTS[1:]:
            if document is None:  # the parse failed: so does every output, as the text did
                rows.append({"extractor": extractor, "output": output, "s": parse_seconds,
                             "outcome": parse_outcome})  # fmt: skip
                continue
            seconds, outcome = _outcome(
                lambda e=extractor, o=output: unboiler.extract(document, extractor=e, output=o)
            )
            rows.append({"extractor": extractor, "output": output,
                         "s": parse_seconds + seconds, "outcome": outcome})  # fmt: skip
    scaling = None
    if pathology.sized and document is not None:
        quarter = page_of(name, scale / 4)
        small, _ = _outcome(lambda: unboiler.extract(quarter, extractor=SCALING_EXTRACTOR))
        full, _ = _outcome(lambda: unboiler.extract(page, extractor=SCALING_EXTRACTOR))
        scaling = {
            "quarter_mb": _mb(quarter),
            "quarter_s_per_mb": small / _mb(quarter),
            "s_per_mb": full / _mb(page),
        }
    return {
        "page": name,
        "bytes": len(page if isinstance(page, bytes) else page.encode("utf-8", "surrogatepass")),
        "rows": rows,
        "scaling": scaling,
        "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }


def _mb(page: str | bytes) -> float:
    size = len(page if isinstance(page, bytes) else page.encode("utf-8", "surrogatepass"))
    return size / 2**20


def run_child(name: str, scale: float, extractors: list[str], timeout: float) -> dict[str, Any]:
    """One page in a child process; a crash or a hang becomes the page's outcome."""
    command = [sys.executable, __file__, "--page", name, "--scale", str(scale)]
    for extractor in extractors:
        command += ["-e", extractor]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"page": name, "failed": f"no answer in {timeout:.0f} s"}
    if done.returncode != 0:
        tail = done.stderr.strip().splitlines()[-1:] or [""]
        return {"page": name, "failed": f"exit {done.returncode}: {tail[0]}"}
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def _cell(rows: list[dict[str, Any]]) -> str:
    seconds = max(row["s"] for row in rows)
    outcomes = {row["outcome"].split(":")[0] for row in rows}
    mark = "" if outcomes == {"ok"} else " " + "/".join(sorted(o[:5] for o in outcomes))
    return f"{seconds:.2f}{mark}"


def report(
    results: list[dict[str, Any]], scale: float, extractors: list[str], took: float, pages: str
) -> str:
    tried = sum(len(r.get("rows", [])) for r in results)
    crashes = [
        (r["page"], row["extractor"], row["output"], row["outcome"])
        for r in results
        for row in r.get("rows", [])
        if row["outcome"].startswith("CRASH")
    ]
    failed = [(r["page"], r["failed"]) for r in results if "failed" in r]
    refused = sum(1 for r in results for row in r.get("rows", []) if row["outcome"] != "ok")
    command = "python benchmarks/pathological.py" + (f" --scale {scale:g}" if scale != 1 else "")
    if extractors != core_extractors():
        command += "".join(f" -e {e}" for e in extractors)
    command += pages
    lines = [
        "# Pathological pages",
        "",
        f"`{command}` (Python {platform.python_version()}, {platform.machine()}, "
        f"{took / 60:.0f} min; a shared 2-core machine: the times are noisy)",
        "",
        f"{len(results)} pages of `tests/pathological.py` at {scale:g} × the issue's sizes, "
        f"{len(extractors)} extractors, {len(OUTPUTS)} outputs: {tried:,} extractions, "
        f"{tried - refused:,} gave a result, {refused:,} an `ExtractionError` (or another "
        f"`UnboilerError`), {len(crashes)} anything else; {len(failed)} pages crashed or "
        "hung their process.",
        "",
    ]
    lines += [f"- CRASH {page} {extractor} {output}: {o}" for page, extractor, output, o in crashes]
    lines += [f"- FAILED {page}: {why}" for page, why in failed]
    lines += [
        "## Every page",
        "",
        "Seconds of the slowest extractor (over its four outputs), peak memory of the "
        "page's process, and the outcome: `ok` a result from every extractor and output, "
        "else the error and how many raised it.",
        "",
        "| page | size | slowest (s) | peak MB | outcome | what it is |",
        "|---|---:|---:|---:|---|---|",
    ]
    for result in results:
        name = result["page"]
        if "failed" in result:
            lines.append(f"| {name} | | | | FAILED: {result['failed']} | |")
            continue
        rows = result["rows"]
        slowest = max(rows, key=lambda row: row["s"])
        outcomes: dict[str, int] = {}
        for row in rows:
            outcomes[row["outcome"]] = outcomes.get(row["outcome"], 0) + 1
        said = "; ".join(
            ("ok" if o == "ok" else o.replace("|", "\\|")[:90]) + f" ×{n}"
            for o, n in sorted(outcomes.items())
        )
        lines.append(
            f"| {name} | {_size(result['bytes'])} | {slowest['s']:.2f} "
            f"({slowest['extractor']}, {slowest['output']}) | {result['peak_mb']:.0f} | {said} "
            f"| {BY_NAME[name].description.replace('|', '/')} |"
        )
    scaled = [r for r in results if r.get("scaling")]
    if scaled:
        lines += [
            "",
            f"## Time and size ({SCALING_EXTRACTOR} extractor, text)",
            "",
            "Seconds per MB at a quarter of the size and at the full size: the same figure "
            f"means time proportional to size; past {SUPERLINEAR_RATIO:g}× it grows faster.",
            "",
            "| page | quarter: MB | s/MB | full: MB | s/MB | ratio |",
            "|---|---:|---:|---:|---:|---:|",
        ]
        for result in scaled:
            s = result["scaling"]
            ratio = s["s_per_mb"] / s["quarter_s_per_mb"] if s["quarter_s_per_mb"] else 0.0
            flag = " **faster than linear**" if ratio > SUPERLINEAR_RATIO else ""
            lines.append(
                f"| {result['page']} | {s['quarter_mb']:.2f} | {s['quarter_s_per_mb']:.2f} "
                f"| {result['bytes'] / 2**20:.2f} | {s['s_per_mb']:.2f} | {ratio:.2f}{flag} |"
            )
    lines += [
        "",
        "## Every extractor",
        "",
        "Seconds of the slowest output of each extractor on each page; a mark after the "
        "time names the errors (`Extra` an `ExtractionError`).",
        "",
        "| page | " + " | ".join(extractors) + " |",
        "|---|" + "---:|" * len(extractors),
    ]
    for result in results:
        if "failed" in result:
            continue
        by_extractor = {
            e: [row for row in result["rows"] if row["extractor"] == e] for e in extractors
        }
        cells = " | ".join(_cell(by_extractor[e]) for e in extractors)
        lines.append(f"| {result['page']} | {cells} |")
    return "\n".join(lines) + "\n"


def _size(size: int) -> str:
    return f"{size / 2**20:.1f} MB" if size >= 2**20 else f"{size / 1024:.1f} KB"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("-e", "--extractor", action="append", dest="extractors")
    parser.add_argument("--page", help=argparse.SUPPRESS)  # the child's one page
    parser.add_argument("--only", action="append", help="pages to run (default: all)")
    parser.add_argument("--skip", action="append", default=[], help="pages not to run")
    parser.add_argument("--timeout", type=float, default=3600, help="seconds per page")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    extractors = args.extractors or core_extractors()
    if args.page:
        print(json.dumps(run_page(args.page, args.scale, extractors)))
        return
    names = [n for n in args.only or [p.name for p in PATHOLOGIES] if n not in args.skip]
    started = time.perf_counter()
    results = []
    for name in names:
        results.append(run_child(name, args.scale, extractors, args.timeout))
        print(name, results[-1].get("failed", "done"), file=sys.stderr, flush=True)
    pages = "".join(f" --only {n}" for n in args.only or []) + "".join(
        f" --skip {n}" for n in args.skip
    )
    text = report(results, args.scale, extractors, time.perf_counter() - started, pages)
    print(text)
    if args.out:
        args.out.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
