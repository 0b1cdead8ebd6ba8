"""Would tuning the constants of weighted-blocks that its source gives no number for do
better than the values set by reasoning?  Two-fold cross-validation on scrapinghub.

    python benchmarks/weighted_cv.py [--dump results.json]

The survey behind weighted-blocks ("目前互联网上公布出来的正文提取算法", c. 2010) names
its features but publishes no weights, no tag-density bound and no ratio for "far larger
/ far smaller" parents. The defaults in ``unboiler.filters.weighted`` were set from the reasoning in
their comments before any page was scored (``PRIOR`` below). This script splits the 181
pages into two halves by their sorted ids (even and odd positions), scores a grid of
values on each half, and prints the defaults' F1 on both halves and, for each half, the
values that do best there with their F1 on the *other* half: the held-out figure of
tuning.
"""

from __future__ import annotations

import argparse
import gzip
import itertools
import json
import sys
from pathlib import Path

import unboiler
from unboiler.filters.weighted import (
    PARENT_FAR_LARGER,
    PARENT_FAR_SMALLER,
    find_boxes,
    find_main,
    mark_main,
    short_texts,
    trim_ends,
)
from unboiler.filters.weighted.rules import DENSITY_EXPONENT, TAG_DENSITY_MAX
from unboiler.filters.weighted.stats import element_stats
from unboiler.metrics import Counts, macro_scores, shingle_counts

DATA = Path(__file__).resolve().parent.parent.parent / "shared" / "benchmarks" / "scrapinghub"

#: Values tried for each constant.  Every value keeps its rule in force (no infinite bound,
#: no zero ratio): the point is to set the survey's rules, not to switch them off.
GRID = {
    "density_exponent": (0.125, 0.25, 0.5, 0.75, 1.0),
    "tag_density_max": (50.0, 75.0, 100.0, 150.0),
    "parent_far_larger": (1.25, 1.5, 2.0, 3.0),
    "parent_far_smaller": (0.05, 0.1, 0.2, 0.3),
}

#: The defaults, set from the reasoning in their comments before any page was scored.
PRIOR = {
    "density_exponent": DENSITY_EXPONENT,
    "tag_density_max": TAG_DENSITY_MAX,
    "parent_far_larger": PARENT_FAR_LARGER,
    "parent_far_smaller": PARENT_FAR_SMALLER,
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dump", type=Path, help="write every value tried with its F1s")
    args = parser.parse_args()
    if not (DATA / "ground-truth.json").exists():
        print(f"benchmark not found at {DATA}", file=sys.stderr)
        return 1
    gold = json.loads((DATA / "ground-truth.json").read_text(encoding="utf-8"))
    ids = sorted(gold)
    halves = {"A": ids[0::2], "B": ids[1::2]}
    pages = {}
    for key in ids:
        document = unboiler.parse(gzip.decompress((DATA / "html" / f"{key}.html.gz").read_bytes()))
        records = element_stats(document.tree.body)
        boxes = find_boxes(records, short_texts(records))
        pages[key] = (document, records, boxes)

    def counts(key: str, params: dict[str, float]) -> Counts:
        document, records, boxes = pages[key]
        document = document.copy()
        main = find_main(
            records,
            boxes,
            tag_density_max=params["tag_density_max"],
            density_exponent=params["density_exponent"],
        )
        if main is not None:
            _, containers = mark_main(document, records, main, boxes)
            trim_ends(
                document.blocks,
                containers,
                far_larger=params["parent_far_larger"],
                far_smaller=params["parent_far_smaller"],
            )
        return shingle_counts(gold[key]["articleBody"], document.content)

    results = []
    for values in itertools.product(*GRID.values()):
        params = dict(zip(GRID, values, strict=True))
        f1 = {
            half: macro_scores([counts(key, params) for key in keys]).f1
            for half, keys in halves.items()
        }
        results.append((params, f1))
    if args.dump:
        rows = [{**params, "f1_A": f1["A"], "f1_B": f1["B"]} for params, f1 in results]
        args.dump.write_text(json.dumps(rows, indent=1))
    for params, f1 in results:
        if params == PRIOR:
            print(f"defaults: {params}  F1 A={f1['A']:.3f}  F1 B={f1['B']:.3f}")
    for chosen_on, held_out in (("A", "B"), ("B", "A")):
        params, f1 = max(results, key=lambda item: item[1][chosen_on])
        print(
            f"chosen on half {chosen_on}: {params}  F1 {chosen_on}={f1[chosen_on]:.3f}  "
            f"held-out F1 {held_out}={f1[held_out]:.3f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
