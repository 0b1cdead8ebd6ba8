"""Cross-validation of trained extractors: a model is never scored on a page it was
trained on.

The pages are dealt into ``k`` folds; for each fold a model is trained on the pages of the
other folds (threshold included: :mod:`unboiler.classify.train` chooses it on those pages
alone) and the extractor runs with it on the held-out pages, end to end from their bytes,
scored with the dataset's metric (:mod:`unboiler.metrics`: the benchmark's
shingles, or WCXB's bag of words).  The figures are the macro scores over all held-out
pages, so every page is scored exactly once.

Three ways to split: by page; by site (the URL's host, without ``www.``), so that no
site has pages on both sides: a model that learned one site's template is not credited
for recognising it on another page of the same site; and by domain, the same with the
domain the benchmark states for each page (WCXB's ``metadata.json``), falling back to the
URL's host.  Pages without a URL are a site of their own.  Folds are deterministic:
groups are shuffled with a seed, then dealt largest first into the fold with the fewest
pages.  A dataset that states domains is split by page and by domain, any other by page
and by site (:func:`default_splits`).

    python -m unboiler.evaluate.crossval scrapinghub --extractor density --folds 5
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Final, Literal

from unboiler.datasets import Dataset, Metric, Page, domain_of, load_dataset, site_of
from unboiler.errors import ConfigurationError, UnboilerError
from unboiler.metrics import (
    Counts,
    Scores,
    macro_scores,
    shingle_counts,
    wordbag_macro,
    wordbag_scores,
)

Split = Literal["page", "site", "domain"]
#: The splits of a dataset without stated domains, and of one with them (WCXB).
SPLITS: Final[tuple[Split, ...]] = ("page", "site")
DOMAIN_SPLITS: Final[tuple[Split, ...]] = ("page", "domain")
#: Folds of ``unboiler eval --cv`` when no number is given, as in the issue's figures.
DEFAULT_FOLDS: Final = 5
#: The extractors that learn from pages.
TRAINABLE: Final = ("density", "density-blocks")


def default_splits(dataset: Dataset) -> tuple[Split, ...]:
    """By page and by domain when the dataset states the pages' domains, else by page and
    by site."""
    return DOMAIN_SPLITS if any(page.site for page in dataset) else SPLITS


def make_folds(
    pages: Sequence[Page], folds: int, *, split: Split = "page", seed: int = 0
) -> list[list[str]]:
    """Page ids in ``folds`` folds, no group on two sides (a group is a page, a site or a
    domain)."""
    if folds < 2:
        raise ConfigurationError("cross-validation needs at least 2 folds")
    if len(pages) < folds:
        raise ConfigurationError(f"{len(pages)} pages cannot be split into {folds} folds")
    groups: dict[str, list[str]] = {}
    for page in pages:
        if split == "page":
            key = page.id
        elif split == "domain":
            key = domain_of(page)
        else:
            key = site_of(page)
        groups.setdefault(key, []).append(page.id)
    order = sorted(groups)
    random.Random(seed).shuffle(order)
    order.sort(key=lambda key: -len(groups[key]))  # stable: shuffled within equal sizes
    dealt: list[list[str]] = [[] for _ in range(folds)]
    for key in order:
        smallest = min(range(folds), key=lambda i: len(dealt[i]))
        dealt[smallest].extend(groups[key])
    return [sorted(fold) for fold in dealt]


@dataclass
class CrossValidation:
    """The held-out scores of one extractor under one split: per page, the shingle
    ``counts`` or, for a ``wordbag`` dataset, WCXB's ``page_scores``."""

    extractor: str
    dataset: str
    split: Split
    folds: int
    counts: dict[str, Counts] = field(default_factory=dict)
    fold_scores: list[Scores] = field(default_factory=list)
    thresholds: list[float] = field(default_factory=list)
    failures: dict[str, str] = field(default_factory=dict)
    metric: Metric = "shingle"
    page_scores: dict[str, Scores] = field(default_factory=dict)

    @property
    def scores(self) -> Scores:
        if self.metric == "wordbag":
            return wordbag_macro(list(self.page_scores.values()))
        return macro_scores(list(self.counts.values()))


def held_out_text(page: Page, extractor: str, model: object) -> str:
    """The extractor's text for a page, with the given model, as a user would get it."""
    from unboiler.extractors import get_extractor
    from unboiler.output import render
    from unboiler.parse import parse

    document = parse(page.html, url=page.url)
    get_extractor(extractor, model=model)(document)
    return render(document, "text", extractor=extractor)


def cross_validate(
    dataset: Dataset,
    extractor: str = "density",
    *,
    folds: int = DEFAULT_FOLDS,
    split: Split = "page",
    seed: int = 0,
    progress: Callable[[str], None] | None = None,
) -> CrossValidation:
    """Train on k-1 folds, score the k-th, for every fold."""
    from unboiler.classify.train import collect_examples, train

    if extractor not in TRAINABLE:
        raise ConfigurationError(
            f"extractor {extractor!r} is not trained, so it has nothing to cross-validate; "
            f"trainable: {', '.join(TRAINABLE)}"
        )
    pages = [page for page in dataset if page.gold is not None]
    if not pages:
        raise ConfigurationError(f"dataset {dataset.name!r} has no gold text to train on")
    result = CrossValidation(extractor, dataset.name, split, folds, metric=dataset.metric)
    # A page's examples depend on the page alone, so they are computed once for all folds.
    examples = {e.page_id: e for e in collect_examples(pages, extractor, progress=progress)}
    for number, held_out in enumerate(make_folds(pages, folds, split=split, seed=seed), 1):
        held = set(held_out)
        training = [e for page_id, e in examples.items() if page_id not in held]
        model = train(training, extractor=extractor, seed=seed)
        result.thresholds.append(model.threshold)
        fold_counts, fold_page_scores = [], []
        for page in pages:
            if page.id not in held:
                continue
            try:
                text = held_out_text(page, extractor, model)
            except UnboilerError as error:
                result.failures[page.id] = str(error)
                text = ""
            if dataset.metric == "wordbag":
                page_scores = wordbag_scores(page.gold or "", text)
                result.page_scores[page.id] = page_scores
                fold_page_scores.append(page_scores)
            else:
                counts = shingle_counts(page.gold or "", text)
                result.counts[page.id] = counts
                fold_counts.append(counts)
        result.fold_scores.append(
            wordbag_macro(fold_page_scores)
            if dataset.metric == "wordbag"
            else macro_scores(fold_counts)
        )
        if progress is not None:
            p, r, f1 = result.fold_scores[-1]
            progress(
                f"{extractor} by {split}, fold {number}/{folds}: {len(held_out)} pages, "
                f"threshold {model.threshold:.2f}, P={p:.3f} R={r:.3f} F1={f1:.3f}"
            )
    return result


def format_result(result: CrossValidation) -> str:
    """One line: what was cross-validated and its held-out scores."""
    p, r, f1 = result.scores
    folds = " ".join(f"{s.f1:.3f}" for s in result.fold_scores)
    return (
        f"{result.extractor:16s} {result.dataset} {result.folds}-fold by {result.split:6s} "
        f"P={p:.3f} R={r:.3f} F1={f1:.3f}  (folds F1: {folds}; "
        f"thresholds {', '.join(f'{t:.2f}' for t in result.thresholds)})"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m unboiler.evaluate.crossval", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("dataset", help="scrapinghub, readability, wcxb, or a dataset's path")
    parser.add_argument("--extractor", "-e", action="append", choices=TRAINABLE)
    parser.add_argument("--folds", "-k", type=int, default=DEFAULT_FOLDS)
    parser.add_argument(
        "--split",
        choices=["page", "site", "domain", "both"],
        default="both",
        help="both: by page, and by domain when the dataset states domains, else by site",
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--verbose", "-v", action="store_true")
    parser.add_argument(
        "--ceiling",
        action="store_true",
        help="print what the density stage allows instead: the stage alone, and the stage "
        "followed by a perfect classifier (no training)",
    )
    args = parser.parse_args(argv)

    def progress(message: str) -> None:
        if args.verbose:
            print(message, file=sys.stderr)

    try:
        dataset = load_dataset(args.dataset)
        if args.ceiling:
            from unboiler.classify.train import stage_ceiling

            for extractor in args.extractor or ["density"]:
                ceiling = stage_ceiling(dataset.pages, extractor)
                for what, scores in (("stage alone", ceiling.stage), ("perfect", ceiling.perfect)):
                    p, r, f1 = scores
                    print(
                        f"{extractor:16s} {dataset.name} {what:11s} P={p:.3f} R={r:.3f} F1={f1:.3f}"
                    )
            return 0
        splits = default_splits(dataset) if args.split == "both" else (args.split,)
        for extractor in args.extractor or ["density"]:
            for split in splits:
                result = cross_validate(
                    dataset,
                    extractor,
                    folds=args.folds,
                    split=split,
                    seed=args.seed,
                    progress=progress,
                )
                print(format_result(result), flush=True)
    except (UnboilerError, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())


__all__ = [
    "DEFAULT_FOLDS",
    "DOMAIN_SPLITS",
    "SPLITS",
    "TRAINABLE",
    "CrossValidation",
    "cross_validate",
    "default_splits",
    "format_result",
    "held_out_text",
    "make_folds",
]
