"""Measure every registered extractor on the quality gate's pages and pin its floors.

    python benchmarks/pin_floors.py [--lower] [--dataset scrapinghub] [--dataset wcxb]

Writes tests/quality_floors.json: for each dataset of the gate
(:data:`unboiler.evaluate.gate.GATE_DATASETS`), the digest of its pages and, for every
extractor, the lowest three-decimal value within 0.005 of its F1; an old floor that its
F1 still meets stays, though that value is lower (:func:`unboiler.evaluate.gate.repin`).
A floor that would go down, its F1 now below it, is refused (the script prints which
and exits 1, writing nothing) unless ``--lower`` is given: lowering a floor must be a
decision, said in the commit.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from unboiler.evaluate.gate import (
    GATE_DATASETS,
    load_gate,
    pages_digest,
    read_floors,
    repin,
    score,
    usable_cores,
    write_floors,
)
from unboiler.extractors.registry import core_extractors

FLOORS_FILE = Path(__file__).resolve().parent.parent / "tests" / "quality_floors.json"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--dataset", action="append", choices=GATE_DATASETS)
    parser.add_argument("--lower", action="store_true", help="allow floors to go down")
    args = parser.parse_args()
    data = read_floors(FLOORS_FILE)
    names = core_extractors()
    lowered = []
    for dataset_name in args.dataset or GATE_DATASETS:
        dataset, pages = load_gate(dataset_name)
        figures = score(dataset, pages, names, workers=usable_cores())
        entry = data.setdefault(dataset_name, {"digest": "", "floors": {}})
        same_pages = entry.get("digest") == pages_digest(pages)
        floors, down = repin(entry["floors"] if same_pages else {}, figures)
        lowered += [f"{dataset_name} {line}" for line in down]
        for name in names:
            print(f"{dataset_name:12} {name:32} F1 {figures[name]:.4f}  floor {floors[name]}")
        entry["digest"] = pages_digest(pages)
        entry["pages"] = len(pages)
        entry["floors"] = floors
    if lowered and not args.lower:
        print("refusing to lower these floors (give --lower if that is meant):", file=sys.stderr)
        for line in lowered:
            print("  " + line, file=sys.stderr)
        return 1
    write_floors(FLOORS_FILE, data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
