"""Print precision, recall and F1 of unboiler's extractors on the scrapinghub benchmark,
scored with the benchmark's own shingle metric.

    python benchmarks/quality.py [EXTRACTOR ...]

With no argument every registered extractor is scored.  The full harness, with peers,
bootstrap intervals and timings, is ``unboiler eval``.
"""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

import unboiler
from unboiler.extractors.registry import core_extractors
from unboiler.metrics import macro_scores, shingle_counts

DATA = Path(__file__).resolve().parent.parent.parent / "shared" / "benchmarks" / "scrapinghub"


def main(names: list[str]) -> int:
    if not (DATA / "ground-truth.json").exists():
        print(f"benchmark not found at {DATA}", file=sys.stderr)
        return 1
    gold = json.loads((DATA / "ground-truth.json").read_text(encoding="utf-8"))
    documents = {
        key: unboiler.parse(gzip.decompress((DATA / "html" / f"{key}.html.gz").read_bytes()))
        for key in gold
    }
    for name in names or core_extractors():
        counts = [
            shingle_counts(gold[key]["articleBody"], unboiler.extract(document, extractor=name))
            for key, document in documents.items()
        ]
        precision, recall, f1 = macro_scores(counts)
        print(f"{name:32s} P={precision:.3f} R={recall:.3f} F1={f1:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
