"""Rebuild ``benchmarks/RESULTS.md``: the ``unboiler eval`` table of every extractor and
every installed peer on the benchmarks, then the detailed results of each method.

    .venv/bin/python benchmarks/results.py            # run eval, then write RESULTS.md
    .venv/bin/python benchmarks/results.py --no-eval  # only re-assemble from saved runs

The eval runs go to ``benchmarks/results/<dataset>/`` (results.json, results.md, plot);
the sections that follow come from ``benchmarks/results/*.md``, each written by its own
script, whose command is at its top.  Install the peers first: ``pip install '.[compare]'``.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path
from typing import Final

HERE: Final = Path(__file__).resolve().parent
RESULTS: Final = HERE / "results"
#: The eval runs: dataset, the systems (``-e``/``-c`` options), and further options.
#: Every extractor of ours runs on the news benchmarks; WCXB's 1,355 pages run the default
#: extractor and Boilerpipe's article extractor.  The peers are those that finish a
#: benchmark in minutes (goose3, newspaper4k and inscriptis take a quarter of an hour on
#: WCXB; run them with ``-c all``).
PEERS: Final = (
    *("-c", "trafilatura", "-c", "trafilatura-fast", "-c", "readability-lxml"),
    *("-c", "resiliparse", "-c", "boilerpy3-article", "-c", "justext-lib"),
)
EVERYTHING: Final = ("-e", "all", *PEERS)
WCXB_SYSTEMS: Final = (
    *("-e", "default", "-e", "boilerpipe-article"),
    *("-c", "trafilatura", "-c", "readability-lxml", "-c", "resiliparse"),
)
RUNS: Final = (
    ("scrapinghub", EVERYTHING, ()),
    ("readability", EVERYTHING, ()),
    ("wcxb", WCXB_SYSTEMS, ()),
)
#: The detailed sections, in the order they appear, with their titles.
SECTIONS: Final = (
    ("default-cv.md", "The default extractor, cross-validated (issue 18)"),
    ("default-features.md", "The default extractor: features measured and not adopted (issue 18)"),
    ("default-url.md", "The default extractor without the page's URL (issue 18)"),
    ("default-ceiling.md", "Where the default extractor loses its F1 (issue 18)"),
    ("unseen-docs.md", "Documentation pages nobody tuned on (issue 18)"),
    ("metadata.md", "Metadata beside trafilatura's (issue 19)"),
    ("markdown-structure.md", "Markdown structure beside trafilatura's (issue 19)"),
    ("speed.md", "Speed of the foundation (issue 13)"),
    ("scaling.md", "Large pages: time per MB and peak memory (issue 22)"),
    ("encodings.md", "Legacy encodings decoded right (issue 22)"),
    ("tree-depth.md", "Tree ancestor filter: the depth table (issue 4)"),
    ("density.md", "Density filter and trained classifier (issue 5)"),
    ("lineblocks-weighted.md", "Line-blocks and weighted-blocks (issue 5)"),
    ("faithfulness.md", "Faithfulness to the reference implementations (issue 24)"),
    ("mutation.md", "Mutation testing of the published rules (issue 24)"),
    ("batch.md", "Many pages: unboiler batch and Dask (issue 20)"),
    ("serve-load.md", "Load check of the HTTP service (issue 21)"),
    ("vips.md", "VIPS in a real browser (issue 23)"),
    ("pathological.md", "Pathological pages (issue 22)"),
    ("fuzz.md", "Fuzzing extract() (issue 22)"),
    ("soak.md", "Soak: many extractions in one process (issue 22)"),
)


def run_eval(dataset: str, systems: tuple[str, ...], options: tuple[str, ...]) -> None:
    unboiler = Path(sys.executable).with_name("unboiler")
    command = [str(unboiler), "eval", dataset, *systems, *options]
    command += ["--out", str((RESULTS / dataset).relative_to(HERE.parent)), "--quiet"]
    print("running:", " ".join(command), file=sys.stderr, flush=True)
    subprocess.run(command, check=True, cwd=HERE.parent, stdout=subprocess.DEVNULL)


def demote(markdown: str, levels: int = 2) -> str:
    """Headings of an included file, pushed below this file's section headings."""
    lines = []
    for line in markdown.splitlines():
        if line.startswith("#"):
            line = "#" * levels + line
        lines.append(line)
    return "\n".join(lines)


def assemble() -> str:
    parts = [
        "# unboiler: results",
        "",
        "Reproduce everything on this page with one command, from the repository root, with"
        " the peers installed (`.venv/bin/pip install '.[compare]'`):",
        "",
        "    .venv/bin/python benchmarks/results.py",
        "",
        "Every table below names the command that made it and the machine it ran on. Speed "
        "figures are from shared 2-core machines: compare systems within one table (one run),"
        " not across tables.",
    ]
    for dataset, _, _ in RUNS:
        saved = RESULTS / dataset / "results.md"
        if not saved.is_file():
            continue
        text = saved.read_text(encoding="utf-8")
        text = text.replace("](f1-vs-speed.png)", f"](results/{dataset}/f1-vs-speed.png)")
        parts += ["", f"## {dataset}: extractors and peers (`unboiler eval`)", "", text]
    for name, title in SECTIONS:
        path = RESULTS / name
        if path.is_file():
            body = path.read_text(encoding="utf-8").split("\n", 1)
            # The file's own first heading is replaced by the section title.
            text = body[1] if body[0].startswith("# ") and len(body) > 1 else body[0]
            parts += ["", f"## {title}", "", f"From [`results/{name}`](results/{name}).", ""]
            parts.append(demote(text.strip(), levels=1))
    return "\n".join(parts).rstrip() + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--no-eval", action="store_true", help="only re-assemble RESULTS.md")
    args = parser.parse_args()
    if not args.no_eval:
        for dataset, systems, options in RUNS:
            run_eval(dataset, systems, options)
    (HERE / "RESULTS.md").write_text(assemble(), encoding="utf-8")
    print(f"wrote {HERE / 'RESULTS.md'}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
