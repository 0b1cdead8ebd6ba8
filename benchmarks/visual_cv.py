"""Would visual features help the default extractor? Its cross-validation
(``benchmarks/default_cv.py``) run again with the block features of
:mod:`unboiler.visual.features` added as extra columns, on the same pages, the same
folds and the same seed, and compared with the run without them.

    nice .venv/bin/python benchmarks/vips.py --out benchmarks/results/vips.md
    nice .venv/bin/python benchmarks/default_cv.py --save /tmp/vipsfull/base.pkl
    nice .venv/bin/python benchmarks/visual_cv.py --baseline /tmp/vipsfull/base.pkl \\
        --save /tmp/vipsfull/visual.pkl --out /tmp/vipsfull/visual-cv.md

The pages' layouts come from the store ``benchmarks/vips.py`` fills
(``benchmarks/vips_cache.py``; a page not in it is rendered here).  Each page is parsed
as the default extractor parses it, its blocks are found in the layout and their
visual features appended to its block features; a page that could not be rendered
gets NaN in every visual column.  Nothing else changes: the extractor's model, its
training and the shipped feature set are untouched (the variant exists only here).
"""

from __future__ import annotations

import argparse
import dataclasses
import pickle
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from default_cv import DATASETS, scores
from vips_cache import DEFAULT_CACHE, measure

from unboiler.classify import train_default
from unboiler.classify.default_model import PAGE_TYPES
from unboiler.classify.train_default import HeldOut, PageData
from unboiler.datasets import Page, load_dataset
from unboiler.parse import parse, reveal_noscript
from unboiler.visual.features import VISUAL_FEATURES, block_features
from unboiler.visual.render import Renderer

#: A change in WCXB F1 larger than this counts as clear: the quality gate's tolerance
#: (``tests/test_quality_gate.py``), below which F1 moves with small code changes.
CLEAR_CHANGE = 0.005
#: What the features can and cannot see, written under the table.
CAVEAT = (
    "Pages are rendered without their external stylesheets, scripts, images and fonts "
    "(no network, as `vips` renders them), so most lay out as one unstyled column: the "
    "position and width cues are weak, and what the features add is mostly font size, "
    "bold, hidden text and the `vips` extractor's own choice. With each page's real "
    "styles the visual cues could say more; that was not measured. The features are not "
    "in the shipped default extractor, whatever the result: they need a browser for every "
    "page (about a second each)."
)


def verdict(baseline: HeldOut, variant: HeldOut) -> str:
    """One sentence on what the comparison shows, from the WCXB change."""
    before = scores(baseline, "balanced")
    after = scores(variant, "balanced")
    if "wcxb" not in before or "wcxb" not in after:
        return "No WCXB pages in these runs."
    change = after["wcxb"][2] - before["wcxb"][2]
    others = ", ".join(
        f"{name} {after[name][2] - before[name][2]:+.3f}"
        for name in DATASETS
        if name != "wcxb" and name in before and name in after
    )
    if change > CLEAR_CHANGE:
        finding = f"help clearly on WCXB ({change:+.3f} F1)"
    elif change < -CLEAR_CHANGE:
        finding = f"hurt on WCXB ({change:+.3f} F1)"
    else:
        finding = (
            f"make no clear difference on WCXB ({change:+.3f} F1, within {CLEAR_CHANGE} either way)"
        )
    return f"With these features the held-out figures {finding}; {others}."


def with_visual(
    pages: Sequence[PageData], sources: dict[str, Page], cache: Path
) -> tuple[list[PageData], Counter[str]]:
    """The pages with the visual columns appended to their block features, and counts
    of what happened (pages rendered or not, blocks found in the layout or not)."""
    counts: Counter[str] = Counter()
    result = []
    with Renderer() as renderer:
        for data in pages:
            dataset, _, _ = data.page_id.partition("/")
            page = sources[data.page_id]
            measured = measure(cache, dataset, page, renderer)
            document = parse(page.html, url=page.url)
            reveal_noscript(document)
            if tuple(block.text for block in document.blocks) != data.texts:
                raise SystemExit(f"{data.page_id}: parsed again, the blocks differ")
            layout = measured.layout(document.tree)
            counts["pages rendered" if layout is not None else "pages not rendered"] += 1
            visual = block_features(document.blocks, layout)
            counts["blocks"] += len(visual)
            counts["blocks not found in the layout"] += int(np.isnan(visual[:, 0]).sum())
            blocks = np.hstack([data.signals.blocks, visual]).astype(data.signals.blocks.dtype)
            signals = dataclasses.replace(data.signals, blocks=blocks)
            result.append(dataclasses.replace(data, signals=signals))
    return result, counts


def comparison(baseline: HeldOut, variant: HeldOut) -> list[str]:
    """Markdown rows: each dataset and WCXB page type, balanced mode, without and with."""
    before = scores(baseline, "balanced")
    after = scores(variant, "balanced")
    counts = Counter(PAGE_TYPES[p.page_type] for p in variant.pages if p.dataset == "wcxb")
    sizes = Counter(p.dataset for p in variant.pages)
    keys = [(name, f"{name} ({sizes[name]})") for name in DATASETS]
    keys += [(f"wcxb/{kind}", f"wcxb {kind} ({counts[kind]})") for kind in PAGE_TYPES]
    lines = [
        "| pages | F1 without | F1 with visual features | change | P without | P with "
        "| R without | R with |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for key, label in keys:
        if key not in before or key not in after:
            continue
        p0, r0, f0 = before[key]
        p1, r1, f1 = after[key]
        lines.append(
            f"| {label} | {f0:.3f} | {f1:.3f} | {f1 - f0:+.3f} | {p0:.3f} | {p1:.3f} "
            f"| {r0:.3f} | {r1:.3f} |"
        )
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", type=Path, required=True, help="default_cv.py --save")
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE)
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--save", type=Path, default=None, help="pickle the variant's run")
    parser.add_argument("--load", type=Path, default=None, help="a saved variant run")
    args = parser.parse_args()
    start = time.time()

    def say(message: str) -> None:
        print(f"[{time.time() - start:6.0f}s] {message}", file=sys.stderr, flush=True)

    baseline: HeldOut = pickle.loads(args.baseline.read_bytes())
    counts: Counter[str] = Counter()
    if args.load:
        variant: HeldOut = pickle.loads(args.load.read_bytes())
    else:
        datasets = [load_dataset(name) for name in DATASETS]
        sources = {f"{d.name}/{page.id}": page for d in datasets for page in d.pages}
        pages = train_default.collect(datasets, progress=say)
        if [p.page_id for p in pages] != [p.page_id for p in baseline.pages]:
            raise SystemExit("the baseline run is of other pages")
        pages, counts = with_visual(pages, sources, args.cache)
        say(f"{len(pages)} pages with visual features: {dict(counts)}")
        variant = train_default.cross_validate(pages, folds=args.folds, progress=say)
        if args.save:
            args.save.write_bytes(pickle.dumps(variant))
    lines = [
        "Cross-validated (5 folds by domain or site, seed 0, favor balanced), the default "
        "extractor's model without and with the visual block features "
        f"({', '.join(f'`{name}`' for name in VISUAL_FEATURES)}):",
        "",
        *comparison(baseline, variant),
        "",
        verdict(baseline, variant),
    ]
    if counts:
        lines += ["", ", ".join(f"{key}: {value}" for key, value in counts.items()) + "."]
    lines += ["", CAVEAT]
    text = "\n".join(lines) + "\n"
    if args.out:
        args.out.write_text(text, encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
