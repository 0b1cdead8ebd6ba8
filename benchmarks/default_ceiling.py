"""Where the default extractor loses its F1: the labels, the ranking of blocks, or the cut.

    python benchmarks/default_ceiling.py --threads 2 --out benchmarks/results/default-ceiling.md

The default extractor keeps, on each page, the blocks above a cut in its block model's
ranking (:func:`unboiler.classify.default_model.choose_blocks`).  Each step can lose
words, and this script measures what each loses, on the three training sets pooled and
split in five folds by domain or site, as ``benchmarks/default_cv.py`` splits them:

* *labels*: the blocks the training labels call content, kept as they are (no model):
  what blocks and labels allow at best;
* *extractor*: the first stage's held-out probabilities (each page scored by a model
  that did not see its domain) cut as the extractor cuts them (the expected-F rule, and
  nothing on a page without a likely block; the second stage left out: on these folds
  it moves no figure by more than 0.002);
* *best β*: the same rule with, on each page, the best of a few F-betas (an oracle: the
  gold chooses);
* *best cut*: on each page, the best cut of the same ranking, at probabilities rounded
  to two decimals (an oracle too): what a perfect choice of how many blocks to keep
  would give with this ranking.

The gap between *extractor* and *best cut* is what the choice of the cut loses; between
*best cut* and *labels*, what the ranking loses.  Each page's repeated texts are kept
once on the page types where the extractor does so (:mod:`unboiler.filters.repeats`).
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt

from unboiler.classify import train_default
from unboiler.classify.default_model import PAGE_TYPES, choose_blocks, favor_beta, softmax
from unboiler.datasets import load_dataset
from unboiler.filters.repeats import drops_repeats, one_copy_each
from unboiler.metrics import Counts, macro_scores, shingle_counts, wordbag_scores

DATASETS = ("wcxb", "scrapinghub", "readability")
FOLDS = 5
#: The F-betas the *best β* oracle chooses from (the extractor's modes use 0.5, 1, 2).
BETAS = (0.35, 0.5, 0.7, 1.0, 1.4, 2.0, 3.0)
#: The *best cut* oracle tries cuts at probabilities rounded to this many decimals.
CUT_DECIMALS = 2
COLUMNS = ("labels", "extractor", "best β", "best cut")

Keep = npt.NDArray[np.bool_]


def held_out_probabilities(
    pages: Sequence[train_default.PageData], say: Callable[[str], None]
) -> tuple[npt.NDArray[np.float64], list[npt.NDArray[np.float64]]]:
    """Page-type probabilities and first-stage block probabilities of every page, each
    from models that did not see the page's group."""
    split = train_default.group_folds(pages, FOLDS)
    types = np.zeros((len(pages), len(PAGE_TYPES)))
    probabilities: list[npt.NDArray[np.float64]] = [np.zeros(0)] * len(pages)
    for number, fold in enumerate(split, start=1):
        say(f"fold {number}/{FOLDS}")
        held = set(fold)
        training = [page for i, page in enumerate(pages) if i not in held]
        type_model = train_default.fit_page_types(training)
        fold_pages = [pages[i] for i in fold]
        types[fold] = softmax(type_model.scores(np.vstack([page.page for page in fold_pages])))
        # the block model learns from page types held out inside the training pages
        inner = train_default.held_out_page_types(training)
        block_model = train_default.fit_blocks(training, inner)
        for i in fold:
            probabilities[i] = train_default.block_probabilities(block_model, pages[i], types[i])
    return types, probabilities


def score(page: train_default.PageData, keep: Keep) -> tuple[float, Counts | None]:
    """The page's F1 under its dataset's metric, and its shingle counts (for the
    datasets whose F1 is of averaged precision and recall)."""
    text = "\n".join(t for t, k in zip(page.texts, keep.tolist(), strict=True) if k)
    if page.metric == "wordbag":
        return wordbag_scores(page.gold, text).f1, None
    counts = shingle_counts(page.gold, text)
    return macro_scores([counts]).f1, counts


def choices(
    page: train_default.PageData, probabilities: npt.NDArray[np.float64], kind: str
) -> dict[str, list[Keep]]:
    """Each column's candidate selections of the page's blocks (an oracle column has
    several, and the best one counts)."""

    def once(keep: Keep) -> Keep:
        if not drops_repeats(kind):
            return keep
        likelihood = probabilities.tolist()
        one = one_copy_each(page.texts, page.words.tolist(), keep.tolist(), likelihood)
        return np.asarray(one, bool)

    cuts = np.unique(np.round(probabilities, CUT_DECIMALS))
    return {
        "labels": [page.labels],
        "extractor": [once(choose_blocks(probabilities, page.words, favor_beta("balanced", kind)))],
        "best β": [once(choose_blocks(probabilities, page.words, b)) for b in BETAS],
        "best cut": [once(probabilities >= cut) for cut in cuts] or [page.labels],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--threads", type=int, default=1, help="CatBoost threads per fit")
    args = parser.parse_args()
    train_default.TRAINING_THREADS = args.threads  # type: ignore[misc]
    start = time.time()

    def say(message: str) -> None:
        print(f"[{time.time() - start:6.0f}s] {message}", file=sys.stderr, flush=True)

    pages = train_default.collect([load_dataset(name) for name in DATASETS], progress=say)
    say(f"{len(pages)} pages")
    types, probabilities = held_out_probabilities(pages, say)
    f1s: dict[str, dict[str, list[float]]] = {}
    counts: dict[str, dict[str, list[Counts]]] = {}
    for index, page in enumerate(pages):
        kind = PAGE_TYPES[int(np.argmax(types[index]))]
        keys = [page.dataset]
        if page.metric == "wordbag":
            keys.append(f"{page.dataset}/{PAGE_TYPES[page.page_type]}")
        for column, candidates in choices(page, probabilities[index], kind).items():
            scored = [score(page, keep) for keep in candidates]
            best, best_counts = max(scored, key=lambda pair: pair[0])
            for key in keys:
                f1s.setdefault(key, {}).setdefault(column, []).append(best)
                if best_counts is not None:
                    counts.setdefault(key, {}).setdefault(column, []).append(best_counts)
    lines = [
        "# Where the default extractor loses its F1",
        "",
        f"Produced by `python benchmarks/default_ceiling.py"
        f"{f' --threads {args.threads}' if args.threads != 1 else ''}` ({FOLDS} folds of "
        f"{', '.join(DATASETS)} pooled, {len(pages)} pages, split by domain or site; "
        f"{platform.processor() or platform.machine()}, Python {platform.python_version()}). "
        "*labels*: the blocks the training labels call content; *extractor*: each page's "
        "first-stage probabilities from a model that did not see its domain, cut by the "
        "extractor's rule (expected F-beta, F0.6 on pages predicted to be articles and F1 "
        "on the others; nothing on a page without a likely block); "
        "*best β*: that rule with the best of "
        f"{len(BETAS)} F-betas per page; *best cut*: the best cut of the same ranking per "
        "page. The last two are oracles (the gold chooses, per page): the gap from "
        "*extractor* to *best cut* is what the choice of the cut loses, from *best cut* "
        "to *labels* what the ranking loses. WCXB: its word-bag F1 averaged over pages; "
        "the others: F1 of the averaged shingle precision and recall.",
        "",
        "| pages | " + " | ".join(COLUMNS) + " |",
        "|---|" + "---:|" * len(COLUMNS),
    ]
    for key in sorted(f1s, key=lambda k: (k.count("/"), k)):
        cells = []
        for column in COLUMNS:
            if key in counts:
                cells.append(f"{macro_scores(counts[key][column]).f1:.3f}")
            else:
                cells.append(f"{statistics.mean(f1s[key][column]):.3f}")
        lines.append(f"| {key} ({len(f1s[key]['labels'])}) | " + " | ".join(cells) + " |")
    text = "\n".join(lines) + "\n"
    if args.out:
        args.out.write_text(text, encoding="utf-8")
        say(f"wrote {args.out}")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
