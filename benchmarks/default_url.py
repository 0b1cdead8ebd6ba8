"""What the default extractor loses, held out, when the caller does not give the page's URL.

    .venv/bin/python benchmarks/default_url.py --threads 2 --out benchmarks/results/default-url.md

The model reads words of the page's URL; ``unboiler extract page.html`` without ``--url``
gives it none.  This script trains the five folds of ``benchmarks/default_cv.py`` (by
domain or site, every page with its URL, as the packaged model is trained) and decides
each held-out page three ways with its fold's model: with the URL, with none, and with
none but the address the page declares for itself (``<link rel="canonical">``, else
``og:url``) in its place.  Readability's pages have no URL in any of the three.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
from default_cv import DATASETS, scores

from unboiler.classify import train_default
from unboiler.classify.default_model import PAGE_TYPES
from unboiler.classify.signals import PageSignals, page_signals, with_address
from unboiler.datasets import load_dataset
from unboiler.metadata.sources import declared_address
from unboiler.parse import parse, reveal_noscript

MODES = ("with the URL", "no URL", "no URL, the declared address in its place")


def signals_of(html: bytes | str, declared: bool) -> PageSignals:
    """The page's features without its URL, with its declared address in its place
    when ``declared`` is true."""
    document = parse(html)
    reveal_noscript(document)
    signals = page_signals(document)
    return with_address(signals, declared_address(document.tree)) if declared else signals


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--threads", type=int, default=1, help="CatBoost threads per fit")
    args = parser.parse_args()
    train_default.TRAINING_THREADS = args.threads  # type: ignore[misc]
    start = time.time()

    def say(message: str) -> None:
        print(f"[{time.time() - start:6.0f}s] {message}", file=sys.stderr, flush=True)

    datasets = [load_dataset(name) for name in DATASETS]
    sources = {f"{d.name}/{p.id}": p for d in datasets for p in d.pages}
    pages = train_default.collect(datasets, progress=say)
    variants = {
        MODES[0]: [page.signals for page in pages],
        MODES[1]: [signals_of(sources[p.page_id].html, False) for p in pages],
        MODES[2]: [signals_of(sources[p.page_id].html, True) for p in pages],
    }
    decided: dict[str, Any] = {m: ([0] * len(pages), [np.zeros(0)] * len(pages)) for m in MODES}
    for number, fold in enumerate(train_default.group_folds(pages, 5), start=1):
        say(f"fold {number}/5")
        held = set(fold)
        model = train_default.train([p for i, p in enumerate(pages) if i not in held], seed=0)
        for index in fold:
            for mode in MODES:
                decision = model.decide(variants[mode][index])
                decided[mode][0][index] = decision.page_type
                decided[mode][1][index] = decision.probabilities
    wcxb = [i for i, p in enumerate(pages) if p.dataset == "wcxb"]
    lines = [
        "# The default extractor without the page's URL, held out",
        "",
        f"Produced by `python benchmarks/default_url.py --threads {args.threads}`: the "
        "folds of `benchmarks/default_cv.py`, each held-out page decided three ways by its "
        "fold's model (balanced mode; the packaged model's three members). With one "
        "training thread the figures with the URL are default-cv.md's; more threads "
        "change the trees a little.",
        "",
        "| held out | " + " | ".join(DATASETS) + " | page type right (wcxb) |",
        "|---|" + "---:|" * (len(DATASETS) + 1),
    ]
    for mode in MODES:
        predicted, probabilities = decided[mode]
        pages_seen = [
            dataclasses.replace(page, signals=signals)
            for page, signals in zip(pages, variants[mode], strict=True)
        ]
        held_out = train_default.HeldOut(pages_seen, predicted, probabilities)
        table = scores(held_out, "balanced")
        right = np.mean([predicted[i] == pages[i].page_type for i in wcxb])
        figures = " | ".join(f"{table[name][2]:.4f}" for name in DATASETS)
        lines.append(f"| {mode} | {figures} | {right:.1%} |")
        types = " ".join(f"{t} {table[f'wcxb/{t}'][2]:.3f}" for t in PAGE_TYPES)
        say(f"{mode}: {figures}; wcxb by type: {types}")
    text = "\n".join(lines) + "\n"
    if args.out:
        args.out.write_text(text, encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
