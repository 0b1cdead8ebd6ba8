"""Would visual features help the default extractor? Its cross-validation
(``benchmarks/default_cv.py``) run again with the block features of
:mod:`unboiler.visual.features` added as extra columns, on the same pages, the same
folds and the same seed, and compared with the run without them.

    nice .venv/bin/python benchmarks/vips.py --out benchmarks/results/vips.md
    nice .venv/bin/python benchmarks/default_cv.py --save /tmp/vipsfull/base.pkl
    nice .venv/bin/python benchmarks/visual_cv.py --baseline /tmp/vipsfull/base.pkl \\
        --state /tmp/vipsfull/visual.pkl --out benchmarks/results/visual-cv.md

The pages' layouts come from the store ``benchmarks/vips.py`` fills
(``benchmarks/vips_cache.py``; a page not in it is rendered here).  Each page is parsed
as the default extractor parses it, its blocks are found in the layout and their
visual features appended to its block features; a page that could not be rendered
gets NaN in every visual column.  The run is kept in ``--state`` after each fold, and
resumes from it; ``--report`` writes the table from the folds finished so far, on their
pages only (the baseline cut to the same pages).  Nothing else changes: the extractor's model, its
training and the shipped feature set are untouched (the variant exists only here).
"""

from __future__ import annotations

import argparse
import dataclasses
import pickle
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import numpy.typing as npt
from default_cv import DATASETS, scores
from vips_cache import DEFAULT_CACHE, measure

from unboiler.classify import train_default
from unboiler.classify.default_model import PAGE_TYPES
from unboiler.classify.train_default import HeldOut, PageData
from unboiler.datasets import Page, load_dataset
from unboiler.parse import parse, reveal_noscript
from unboiler.visual.features import VISUAL_FEATURES, block_features
from unboiler.visual.render import Renderer

#: The seed of the folds and of training: ``default_cv.py``'s (the default).
SEED = 0
#: A change in WCXB F1 larger than this counts as clear: the quality gate's tolerance
#: (``tests/test_quality_gate.py``), below which F1 moves with small code changes.
CLEAR_CHANGE = 0.005
#: How the counts of :func:`with_visual` read in the table's notes.
LABELS = {
    "blocks not found in the layout": "blocks with no box shown (hidden, or not found in the "
    "layout: their position, size and font features are unknown)",
}
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


def signed(change: float) -> str:
    """A change to three places with its sign, without a "-0.000"."""
    return f"{change if abs(change) >= 0.0005 else 0.0:+.3f}"


def verdict(baseline: HeldOut, variant: HeldOut) -> str:
    """One sentence on what the comparison shows, from the WCXB change."""
    before = scores(baseline, "balanced")
    after = scores(variant, "balanced")
    if "wcxb" not in before or "wcxb" not in after:
        return "No WCXB pages in these runs."
    change = after["wcxb"][2] - before["wcxb"][2]
    others = ", ".join(
        f"{name} {signed(after[name][2] - before[name][2])}"
        for name in DATASETS
        if name != "wcxb" and name in before and name in after
    )
    if change > CLEAR_CHANGE:
        finding = f"help clearly on WCXB ({signed(change)} F1)"
    elif change < -CLEAR_CHANGE:
        finding = f"hurt on WCXB ({signed(change)} F1)"
    else:
        finding = (
            f"make no clear difference on WCXB ({signed(change)} F1, "
            f"within {CLEAR_CHANGE} either way)"
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
            f"| {label} | {f0:.3f} | {f1:.3f} | {signed(f1 - f0)} | {p0:.3f} | {p1:.3f} "
            f"| {r0:.3f} | {r1:.3f} |"
        )
    return lines


@dataclass
class State:
    """A variant run in progress, pickled after each step so that it can resume: the
    pages with their visual columns, what :func:`with_visual` counted, and each finished
    fold's held-out decisions (page index: predicted page type, block probabilities)."""

    pages: list[PageData]
    counts: Counter[str]
    folds: dict[int, dict[int, tuple[int, npt.NDArray[np.float64]]]] = field(default_factory=dict)

    def held_out(self) -> tuple[list[int], HeldOut]:
        """The pages of the finished folds, and their run."""
        decided = {i: result for fold in self.folds.values() for i, result in fold.items()}
        indices = sorted(decided)
        return indices, HeldOut(
            [self.pages[i] for i in indices],
            [decided[i][0] for i in indices],
            [decided[i][1] for i in indices],
        )


def run_folds(
    state: State,
    folds: int,
    path: Path,
    say: Callable[[str], None],
    *,
    reverse: bool = False,
) -> None:
    """:func:`unboiler.classify.train_default.cross_validate`, fold by fold (the same
    folds, seed and training), saving ``state`` to ``path`` after each fold; the last
    fold first with ``reverse`` (a second process on a copy of the state, merged later)."""
    pages = state.pages
    split = list(enumerate(train_default.group_folds(pages, folds, seed=SEED), start=1))
    for number, fold in reversed(split) if reverse else split:
        if number in state.folds:
            continue
        say(f"fold {number}/{folds}: training on {len(pages) - len(fold)} pages")
        state.folds[number] = train_default.predict_fold(pages, fold, seed=SEED)
        path.write_bytes(pickle.dumps(state))


def subset(run: HeldOut, indices: Sequence[int]) -> HeldOut:
    return HeldOut(
        [run.pages[i] for i in indices],
        [run.predicted_types[i] for i in indices],
        [run.probabilities[i] for i in indices],
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", type=Path, required=True, help="default_cv.py --save")
    parser.add_argument("--state", type=Path, required=True, help="the run's pickle (resumed)")
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE)
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--reverse", action="store_true", help="run the last fold first")
    parser.add_argument(
        "--merge",
        type=Path,
        action="append",
        default=[],
        help="another state of the same pages whose finished folds count too",
    )
    parser.add_argument(
        "--report", action="store_true", help="only write the table from the finished folds"
    )
    args = parser.parse_args()
    start = time.time()

    def say(message: str) -> None:
        print(f"[{time.time() - start:6.0f}s] {message}", file=sys.stderr, flush=True)

    if args.state.exists():
        state: State = pickle.loads(args.state.read_bytes())
    else:
        datasets = [load_dataset(name) for name in DATASETS]
        sources = {f"{d.name}/{page.id}": page for d in datasets for page in d.pages}
        pages = train_default.collect(datasets, progress=say)
        pages, counts = with_visual(pages, sources, args.cache)
        say(f"{len(pages)} pages with visual features: {dict(counts)}")
        state = State(pages, counts)
        args.state.write_bytes(pickle.dumps(state))
    if not args.report:
        run_folds(state, args.folds, args.state, say, reverse=args.reverse)
    for other in args.merge:
        more: State = pickle.loads(other.read_bytes())
        if [p.page_id for p in more.pages] != [p.page_id for p in state.pages]:
            raise SystemExit(f"{other} is a run of other pages")
        state.folds.update(more.folds)
    if not args.baseline.exists():
        say(f"no baseline run at {args.baseline} yet")
        return 1
    baseline: HeldOut = pickle.loads(args.baseline.read_bytes())
    if [p.page_id for p in state.pages] != [p.page_id for p in baseline.pages]:
        raise SystemExit("the baseline run is of other pages")
    indices, variant = state.held_out()
    if not indices:
        say("no fold finished yet")
        return 1
    baseline = subset(baseline, indices)
    done = sorted(state.folds)
    scope = (
        f"all {args.folds} folds"
        if len(done) == args.folds
        else f"folds {', '.join(map(str, done))} of {args.folds} only (the others did not "
        f"finish in time): {len(indices)} of {len(state.pages)} pages"
    )
    merged = "".join(f" --merge {path}" for path in args.merge)
    lines = [
        "Commands: `nice .venv/bin/python benchmarks/default_cv.py --save "
        f"{args.baseline}` (the run without), `nice .venv/bin/python benchmarks/vips.py` "
        "(renders every page once and stores it), then `nice .venv/bin/python "
        f"benchmarks/visual_cv.py --baseline {args.baseline} --state {args.state}`"
        + (
            f" (with a second process on a copy of the state, `--reverse`, and `{merged.strip()}`"
            " to count its folds)"
            if merged
            else ""
        )
        + ".",
        "",
        f"Cross-validated ({args.folds} folds by domain or site, seed {SEED}, the folds of "
        "`default_cv.py`; favor balanced; "
        f"{scope}), the default extractor's model without and with the visual block features "
        f"({', '.join(f'`{name}`' for name in VISUAL_FEATURES)}):",
        "",
        *comparison(baseline, variant),
        "",
        verdict(baseline, variant),
        "",
        ", ".join(f"{LABELS.get(key, key)}: {value}" for key, value in state.counts.items()) + ".",
        "",
        CAVEAT,
    ]
    text = "\n".join(lines) + "\n"
    if args.out:
        args.out.write_text(text, encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
