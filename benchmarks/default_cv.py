"""Cross-validated figures of the default extractor, written to results/default-cv.md.

    .venv/bin/python benchmarks/default_cv.py --out benchmarks/results/default-cv.md

The default extractor's packaged model is trained on wcxb, scrapinghub and readability
together (`unboiler train wcxb scrapinghub readability`), so its figures on those pages
are not held-out figures.  This script trains it again inside five folds of the three
datasets pooled, split by group (a WCXB page's domain, the site of the others: no domain
on both sides of a fold), with everything the training chooses (held-out page types and
first-stage scores) chosen inside each fold, and scores every page once, with the model that did
not see its domain, under its own dataset's metric and each favor mode.

The model's members (``MEMBERS`` in :mod:`unboiler.classify.train_default`) are trained
one after another, so a run takes as many times longer.  On a machine with a core per
member, run one process per member and combine them; the tables are the same:

    .venv/bin/python benchmarks/default_cv.py --member 0 --save run0.pkl   # and 1, 2
    .venv/bin/python benchmarks/default_cv.py --combine run0.pkl run1.pkl run2.pkl --out ...
"""

from __future__ import annotations

import argparse
import dataclasses
import pickle
import platform
import statistics
import sys
import time
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

import numpy as np

from unboiler import extract, get_extractor
from unboiler.classify import train_default
from unboiler.classify.default_model import (
    FAVOR_MODES,
    PAGE_TYPES,
    TYPE_BETA,
    load_default_model,
)
from unboiler.classify.model import ModelError
from unboiler.datasets import Page, load_dataset
from unboiler.metrics import macro_scores, shingle_counts, wordbag_scores
from unboiler.parse import parse, reveal_noscript

DATASETS = ("wcxb", "scrapinghub", "readability")
#: The balanced mode's F-betas tried on pages predicted to be articles
#: (:data:`~unboiler.classify.default_model.TYPE_BETA`).
ARTICLE_BETAS = (0.5, 0.6, 0.7, 0.85, 1.0)


def scores(held: train_default.HeldOut, mode: str) -> dict[str, tuple[float, float, float]]:
    """Per dataset and per WCXB page type: precision, recall, F1 under its metric."""
    return _table((page, held.kept_text(index, mode)) for index, page in enumerate(held.pages))


def _table(
    texts: Iterable[tuple[train_default.PageData, str]],
) -> dict[str, tuple[float, float, float]]:
    """Per dataset and per WCXB page type: precision, recall, F1 of these pages' texts
    under their metric."""
    wordbag: dict[str, list[tuple[float, float, float]]] = {}
    shingles: dict[str, list[object]] = {}
    for page, text in texts:
        if page.metric == "wordbag":
            result = wordbag_scores(page.gold, text)
            for key in (page.dataset, f"{page.dataset}/{PAGE_TYPES[page.page_type]}"):
                wordbag.setdefault(key, []).append(tuple(result))  # type: ignore[arg-type]
        else:
            shingles.setdefault(page.dataset, []).append(shingle_counts(page.gold, text))
    table: dict[str, tuple[float, float, float]] = {}
    for key, rows in wordbag.items():
        table[key] = tuple(statistics.mean(column) for column in zip(*rows, strict=True))
    for key, counts in shingles.items():
        table[key] = tuple(macro_scores(counts))  # type: ignore[arg-type, assignment]
    return table


def extracted_scores(
    held: train_default.HeldOut, mode: str
) -> dict[str, tuple[float, float, float]]:
    """:func:`scores` of what the extractor writes: each page's held-out decision goes
    through the default extractor's whole chain in a ``mode`` and its text output
    (:class:`~unboiler.classify.train_default.ReplayedModel`), as ``unboiler eval``
    scores a peer's output, where :func:`scores` reads the kept blocks' texts.  A page
    this code cuts into other blocks than the run did (see :func:`with_units`) is left
    out, and named on standard error."""
    model = train_default.ReplayedModel(load_default_model())
    extractor = get_extractor("default", model=model, favor=mode)
    sources = _sources()
    texts: list[str] = []
    apart: list[str] = []
    for index, page in enumerate(held.pages):
        source = sources[page.page_id]
        model.replay(held.predicted_types[index], held.probabilities[index])
        try:
            texts.append(extract(source.html, url=source.url, extractor=extractor))
        except ModelError:
            apart.append(page.page_id)
            texts.append("")
    if apart:
        print(f"{len(apart)} pages left out: {', '.join(apart)}", file=sys.stderr)
    return _table(
        (page, text)
        for page, text in zip(held.pages, texts, strict=True)
        if page.page_id not in apart
    )


def _page_score(held: train_default.HeldOut, index: int, beta: float) -> object:
    """Page ``index`` cut at F-beta ``beta``: its word-bag F1, or its shingle counts."""
    page = held.pages[index]
    text = held.kept_text(index, beta=beta)
    if page.metric == "wordbag":
        return wordbag_scores(page.gold, text).f1
    return shingle_counts(page.gold, text)


def _sources() -> dict[str, Page]:
    """Every page of the three datasets, by the id a saved run gives it."""
    return {f"{name}/{p.id}": p for name in DATASETS for p in load_dataset(name).pages}


def with_units(pages: list[train_default.PageData]) -> list[train_default.PageData]:
    """``pages`` of a saved run with this code's decision units and the other fields its
    rules after the model read (:func:`~unboiler.classify.train_default.decision_fields`),
    from each page parsed again as the extractor parses it: a run saved before a rule
    was added, or changed, is scored with the rule as it is now.  The probabilities are
    the run's: a change of the block features needs a new run.  A page that this code
    cuts into other blocks than the run did (a change of the parser) keeps the run's
    fields and is named on standard error: its figure is the run's until a new run."""
    sources = _sources()
    result = []
    apart: list[str] = []
    for page in pages:
        source = sources[page.page_id]
        document = parse(source.html, url=source.url)
        reveal_noscript(document)
        if tuple(block.text for block in document.blocks) != page.texts:
            apart.append(page.page_id)
            result.append(page)
            continue
        result.append(dataclasses.replace(page, **train_default.decision_fields(document)))
    if apart:
        print(
            f"{len(apart)} pages are cut into other blocks than in the saved run, and are "
            f"scored as the run scored them: {', '.join(apart)}",
            file=sys.stderr,
        )
    return result


def article_beta(held: train_default.HeldOut, folds: int) -> list[str]:
    """The balanced mode's F-beta on pages predicted to be articles, chosen by
    cross-validation nested in the same folds: each fold's β is the one of
    :data:`ARTICLE_BETAS` with the best sum of the three datasets' F1 on the other folds'
    pages, and the fold's pages are scored with it.  Other pages keep F1."""
    article = PAGE_TYPES.index("article")
    cache: dict[tuple[int, float], object] = {}

    def score(index: int, beta: float) -> object:
        if held.predicted_types[index] != article:
            beta = 1.0
        if (index, beta) not in cache:
            cache[index, beta] = _page_score(held, index, beta)
        return cache[index, beta]

    def figures(indices: list[int], beta_of: dict[int, float]) -> dict[str, float]:
        result = {}
        for name in DATASETS:
            rows = [score(i, beta_of[i]) for i in indices if held.pages[i].dataset == name]
            if name == "wcxb":
                result[name] = statistics.mean(rows)  # type: ignore[arg-type]
            else:
                result[name] = macro_scores(rows).f1  # type: ignore[arg-type]
        return result

    everything = list(range(len(held.pages)))
    chosen: dict[int, float] = {}
    lines = [
        "",
        "## The F-beta on articles, chosen by nested cross-validation",
        "",
        "On pages predicted to be articles the balanced mode maximises F-beta "
        f"{TYPE_BETA['article']} (`TYPE_BETA`), not F1. Each outer fold's β is the best of "
        f"{', '.join(map(str, ARTICLE_BETAS))} on the other folds' pages (the sum of the "
        "three datasets' F1), then scores that fold's pages (where the folds choose "
        "another β than the shipped one, `TYPE_BETA`'s note says why it stays):",
        "",
        "| fold | pages | β chosen |",
        "|---|---:|---:|",
    ]
    split = train_default.group_folds(held.pages, folds)
    for number, fold in enumerate(split, start=1):
        inside = set(fold)
        training = [i for i in everything if i not in inside]
        best = max(
            ARTICLE_BETAS,
            key=lambda beta: sum(figures(training, dict.fromkeys(training, beta)).values()),
        )
        chosen.update(dict.fromkeys(fold, best))
        lines.append(f"| {number} | {len(fold)} | {best} |")
    rows = {
        "F1 on every page": figures(everything, dict.fromkeys(everything, 1.0)),
        "β chosen in each fold": figures(everything, chosen),
    }
    lines += ["", "| balanced mode | " + " | ".join(DATASETS) + " |", "|---|---|---|---|"]
    for label, values in rows.items():
        lines.append(f"| {label} | " + " | ".join(f"{values[n]:.3f}" for n in DATASETS) + " |")
    return lines


def _extracted_lines(held: train_default.HeldOut) -> list[str]:
    """The tables of :func:`extracted_scores`: what the extractor writes."""
    lines = [
        "",
        "## What the extractor writes",
        "",
        "The figures above score the texts of the blocks each page keeps (what the rules "
        "after the model choose, the same rules as the extractor's). Below, the same "
        "held-out decisions go through the default extractor's whole chain and its text "
        "output, as `unboiler eval` scores it (`extracted_scores`): with the text the "
        "extractor adds from the page's JSON-LD (a product's description, a recipe) and "
        "without what the renderer leaves out (screen readers' copies, soft hyphens), "
        "with formulas written out and no space put between an element's text and "
        "the Chinese or Japanese text around it.",
        "",
        "| favor | " + " | ".join(f"{name} F1 | P | R" for name in DATASETS) + " |",
        "|---|" + "---|---|---|" * len(DATASETS),
    ]
    tables = {mode: extracted_scores(held, mode) for mode in FAVOR_MODES}
    for mode in FAVOR_MODES:
        cells = []
        for name in DATASETS:
            precision, recall, f1 = tables[mode][name]
            cells += [f"{f1:.3f}", f"{precision:.3f}", f"{recall:.3f}"]
        lines.append(f"| {mode} | " + " | ".join(cells) + " |")
    lines += [
        "",
        "| favor | " + " | ".join(PAGE_TYPES) + " |",
        "|---|" + "---|" * len(PAGE_TYPES),
    ]
    for mode in FAVOR_MODES:
        row = [f"{tables[mode][f'wcxb/{t}'][2]:.3f}" for t in PAGE_TYPES]
        lines.append(f"| {mode} | " + " | ".join(row) + " |")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--threads", type=int, default=1, help="CatBoost threads per fit")
    parser.add_argument(
        "--save",
        type=Path,
        default=None,
        help="also pickle the held-out run (for --load); with --combine or --load, the run "
        "as this code's rules read it",
    )
    parser.add_argument(
        "--load", type=Path, default=None, help="write the tables from a saved run, no training"
    )
    parser.add_argument(
        "--member",
        type=int,
        default=None,
        help="train only member K of each fold's model (seeded K): a run to --save and then "
        "--combine with the other members' (one process per member, in parallel)",
    )
    parser.add_argument(
        "--combine",
        type=Path,
        nargs="+",
        default=None,
        help="write the tables of the model whose members' saved runs these are, in order",
    )
    args = parser.parse_args()
    train_default.TRAINING_THREADS = args.threads  # type: ignore[misc]
    start = time.time()

    def say(message: str) -> None:
        print(f"[{time.time() - start:6.0f}s] {message}", file=sys.stderr, flush=True)

    if args.load:
        held = pickle.loads(args.load.read_bytes())
        held = dataclasses.replace(held, pages=with_units(held.pages))
        pages = held.pages
    elif args.combine:
        held = train_default.combine([pickle.loads(path.read_bytes()) for path in args.combine])
        held = dataclasses.replace(held, pages=with_units(held.pages))
        pages = held.pages
    else:
        pages = train_default.collect([load_dataset(name) for name in DATASETS], progress=say)
        say(f"{len(pages)} pages")
        if args.member is None:
            held = train_default.cross_validate(pages, folds=args.folds, progress=say)
        else:
            held = train_default.cross_validate(
                pages, folds=args.folds, model_seed=args.member, members=1, progress=say
            )

    if args.save:  # a combined or reloaded run is saved with this code's rules' fields
        args.save.write_bytes(pickle.dumps(held))
    threads = f" --threads {args.threads}" if args.threads != 1 else ""
    command = f"python benchmarks/default_cv.py{threads}"
    if args.load:
        command = f"python benchmarks/default_cv.py --load {args.load.name}"
    if args.combine:
        command = (
            f"python benchmarks/default_cv.py{threads} --member K --save runK.pkl` for K = 0 "
            f"to {len(args.combine) - 1}, then `python benchmarks/default_cv.py --combine "
            + " ".join(f"run{k}.pkl" for k in range(len(args.combine)))
        )
    lines = [
        "# The default extractor, cross-validated",
        "",
        f"Produced by `{command}` ({args.folds} folds of wcxb, scrapinghub and readability "
        f"pooled, {len(pages)} pages, split by domain or site; "
        f"{platform.processor() or platform.machine()}, Python {platform.python_version()}).",
        "",
        *(
            [
                f"The run in {args.load.name} was saved by `--save` after its training; its "
                "held-out probabilities are read again with this code's rules after the model.",
                "",
            ]
            if args.load
            else []
        ),
        "Every page is extracted by a model trained without its domain; WCXB pages are scored "
        "with WCXB's word-bag metric (P, R and F1 averaged over pages), the others with the "
        "article-extraction benchmark's 4-gram shingles (F1 of the averaged P and R).",
        "",
        "| favor | " + " | ".join(f"{name} F1 | P | R" for name in DATASETS) + " |",
        "|---|" + "---|---|---|" * len(DATASETS),
    ]
    tables = {mode: scores(held, mode) for mode in FAVOR_MODES}
    for mode in FAVOR_MODES:
        cells = []
        for name in DATASETS:
            precision, recall, f1 = tables[mode][name]
            cells += [f"{f1:.3f}", f"{precision:.3f}", f"{recall:.3f}"]
        lines.append(f"| {mode} | " + " | ".join(cells) + " |")
    counts = Counter(PAGE_TYPES[p.page_type] for p in held.pages if p.dataset == "wcxb")
    lines += [
        "",
        "WCXB F1 by page type (pages):",
        "",
        "| favor | " + " | ".join(f"{t} ({counts[t]})" for t in PAGE_TYPES) + " |",
        "|---|" + "---|" * len(PAGE_TYPES),
    ]
    for mode in FAVOR_MODES:
        row = [f"{tables[mode][f'wcxb/{t}'][2]:.3f}" for t in PAGE_TYPES]
        lines.append(f"| {mode} | " + " | ".join(row) + " |")
    lines += _extracted_lines(held)
    wcxb = [i for i, p in enumerate(held.pages) if p.dataset == "wcxb"]
    right = np.mean([held.predicted_types[i] == held.pages[i].page_type for i in wcxb])
    lines += [
        "",
        f"Page type predicted right on {right:.1%} of the WCXB pages (held out by domain).",
        *article_beta(held, args.folds),
        "",
    ]
    text = "\n".join(lines)
    if args.out:
        args.out.write_text(text, encoding="utf-8")
        say(f"wrote {args.out}")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
