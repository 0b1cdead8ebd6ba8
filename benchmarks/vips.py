"""VIPS in a real browser (issue 23): the ``vips`` extractor's F1 and pages per second on
scrapinghub and on a sample of WCXB by page type, beside the default extractor on the
same pages, written to ``benchmarks/results/vips.md``.

    nice .venv/bin/python benchmarks/vips.py --out benchmarks/results/vips.md

One browser serves every page (a worker process reused from page to page, restarted
after a page that fails); the time per page is the whole of it: parsing, serialising
the page for the browser, layout, measuring, segmentation and the choice of the main
block.  A page that fails (the time limit, a page the browser cannot load) counts as an
empty extraction, and the failures are listed.  The quality gate leaves ``vips`` out
(rendering its 520 pages takes longer than a test run should); these figures stand in
for it.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

import unboiler
from unboiler.datasets import Dataset, Page, load_dataset
from unboiler.errors import ExtractionError
from unboiler.extractors import Extractor
from unboiler.metrics import macro_scores, shingle_counts, wordbag_macro, wordbag_scores
from unboiler.output import render
from unboiler.visual.main_content import Vips
from unboiler.visual.render import Renderer

#: WCXB pages per page type in the sample (the first ones by id).
PER_TYPE = 10


def f1(dataset: Dataset, golds: Sequence[str], outputs: Sequence[str]) -> float:
    if dataset.metric == "wordbag":
        return wordbag_macro([wordbag_scores(g, o) for g, o in zip(golds, outputs, strict=True)]).f1
    return macro_scores([shingle_counts(g, o) for g, o in zip(golds, outputs, strict=True)]).f1


def run(pages: Sequence[Page], renderer: Renderer) -> tuple[list[str], float, list[str]]:
    """The vips outputs of ``pages``, the seconds they took, and the failures."""
    extractor = Extractor("vips", "VIPS", Vips(renderer=renderer))
    outputs: list[str] = []
    failures: list[str] = []
    start = time.perf_counter()
    for page in pages:
        try:
            document = unboiler.parse(page.html, url=page.url)
            extractor(document)
            outputs.append(render(document, "text", extractor="vips"))
        except ExtractionError as error:
            outputs.append("")
            failures.append(f"{page.id}: {error}")
    return outputs, time.perf_counter() - start, failures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--per-type", type=int, default=PER_TYPE)
    args = parser.parse_args()
    lines = [
        "Command: `nice .venv/bin/python benchmarks/vips.py --out benchmarks/results/vips.md`",
        "",
        "| pages | n | vips F1 | default F1 | vips pages/s | failures |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    failures_all: list[str] = []
    with Renderer() as renderer:
        scrapinghub = load_dataset("scrapinghub")
        wcxb = load_dataset("wcxb")
        by_type: dict[str, list[Page]] = defaultdict(list)
        for page in wcxb.pages:
            if page.gold is not None and len(by_type[page.page_type or "?"]) < args.per_type:
                by_type[page.page_type or "?"].append(page)
        groups: list[tuple[str, Dataset, list[Page]]] = [
            ("scrapinghub", scrapinghub, [p for p in scrapinghub.pages if p.gold is not None])
        ]
        groups += [(f"wcxb {kind}", wcxb, by_type[kind]) for kind in sorted(by_type)]
        wcxb_outputs: list[str] = []
        wcxb_default: list[str] = []
        wcxb_golds: list[str] = []
        wcxb_seconds = 0.0
        wcxb_failures = 0
        for label, dataset, pages in groups:
            outputs, seconds, failures = run(pages, renderer)
            golds = [page.gold or "" for page in pages]
            default = [unboiler.extract(page.html, url=page.url) for page in pages]
            failures_all += failures
            lines.append(
                f"| {label} | {len(pages)} | {f1(dataset, golds, outputs):.3f} "
                f"| {f1(dataset, golds, default):.3f} | {len(pages) / seconds:.2f} "
                f"| {len(failures)} |"
            )
            print(lines[-1], file=sys.stderr, flush=True)
            if dataset is wcxb:
                wcxb_outputs += outputs
                wcxb_default += default
                wcxb_golds += golds
                wcxb_seconds += seconds
                wcxb_failures += len(failures)
        count = len(wcxb_golds)
        lines.append(
            f"| wcxb sample, all types | {count} | {f1(wcxb, wcxb_golds, wcxb_outputs):.3f} "
            f"| {f1(wcxb, wcxb_golds, wcxb_default):.3f} | {count / wcxb_seconds:.2f} "
            f"| {wcxb_failures} |"
        )
    lines += ["", "Failures (counted as empty extractions):", ""]
    lines += [f"- {failure}" for failure in failures_all] or ["- none"]
    text = "\n".join(lines) + "\n"
    if args.out:
        args.out.write_text(text, encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
