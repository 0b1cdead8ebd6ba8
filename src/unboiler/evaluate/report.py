"""What ``unboiler eval`` shows and writes: one table (a row per system), the same as
``results.json`` and ``results.md``, a plot of F1 against speed, and the worst pages.
When the pages have types (WCXB), a second table gives each system's F1 by page type.

The table is Markdown, printed as is on the terminal too: it reads well in both places and
is what ``benchmarks/RESULTS.md`` is made of, so what a developer sees is what is committed.
"""

from __future__ import annotations

import datetime as _dt
import json
import os
import platform
import re
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Final

from unboiler.datasets import Dataset, Metric, Page
from unboiler.evaluate.runner import SystemRun
from unboiler.evaluate.scoring import SNIPPET_METRICS, WORDBAG_METRICS, SystemResult
from unboiler.metrics import SHINGLE_SIZE

#: File names written into ``--out``.
RESULTS_JSON: Final = "results.json"
RESULTS_MD: Final = "results.md"
PLOT_PNG: Final = "f1-vs-speed.png"

_HEADINGS: Final = {
    "f1": "F1",
    "precision": "P",
    "recall": "R",
    "exact": "exact",
    "char_f1": "char F1",
    "char_precision": "char P",
    "char_recall": "char R",
    "accuracy": "accuracy",
    "with_found": "with ↑",
    "without_found": "without ↓",
}
# Figures shown in the table; the character precision and recall stay in results.json.
_GOLD_COLUMNS: Final = ("f1", "precision", "recall", "exact", "char_f1")


def machine() -> str:
    """The processor, its cores and the Python that ran: speed figures mean nothing without
    them."""
    model = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return (
        f"{model}, {os.cpu_count()} cores, {platform.system()} {platform.release()}, "
        f"Python {platform.python_version()}"
    )


@dataclass
class CrossValidated:
    """The held-out figures of a trained extractor (``--cv``), one per split."""

    extractor: str
    split: str
    folds: int
    precision: float
    recall: float
    f1: float
    fold_f1: list[float] = field(default_factory=list)


@dataclass
class Report:
    """Everything one ``unboiler eval`` run measured."""

    dataset: str
    pages: int
    command: str
    workers: int
    results: list[SystemResult]
    notes: list[str] = field(default_factory=list)
    cross_validated: list[CrossValidated] = field(default_factory=list)
    machine: str = field(default_factory=machine)
    date: str = field(default_factory=lambda: _dt.date.today().isoformat())
    #: The dataset's metric (:data:`~unboiler.datasets.Metric`).
    metric: Metric = "shingle"
    #: Pages of each type, most pages first; empty when the dataset gives no types.
    page_types: dict[str, int] = field(default_factory=dict)

    @property
    def snippets(self) -> bool:
        return bool(self.results) and "accuracy" in self.results[0].quality


def _figure(result: SystemResult, key: str) -> str:
    figure = result.quality[key]
    return f"{figure.value:.3f} ±{figure.ci:.3f}"


def _ranked(report: Report) -> list[SystemResult]:
    """Best F1 first (a system that could not run comes last)."""
    return sorted(report.results, key=lambda r: -r.quality["f1"].value if r.quality else 1)


def _name(result: SystemResult) -> str:
    return f"**{result.name}**" if result.kind == "unboiler" else result.name


def table(report: Report) -> str:
    """The Markdown table, best F1 first (a system that could not run comes last)."""
    if report.metric == "wordbag":
        keys: Sequence[str] = WORDBAG_METRICS
    else:
        keys = SNIPPET_METRICS if report.snippets else _GOLD_COLUMNS
    head = ["system", *(_HEADINGS[key] for key in keys)]
    head += ["pages/s", "median ms", "p95 ms", "peak MB", "errors"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for result in _ranked(report):
        cells = [_name(result), *(_figure(result, key) for key in keys)]
        cells += [
            f"{result.pages_per_second:.1f}",
            f"{result.median_ms:.2f}",
            f"{result.p95_ms:.2f}",
            f"{result.peak_rss_mb:.0f}",
            str(result.errors),
        ]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def type_table(report: Report) -> str:
    """F1 of each system on the pages of each type, one column per type with its number
    of pages, in the order of the main table; empty when the pages have no type."""
    if not report.page_types:
        return ""
    head = ["system", f"all ({report.pages})"]
    head += [f"{page_type} ({count})" for page_type, count in report.page_types.items()]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for result in _ranked(report):
        cells = [_name(result), f"{result.quality['f1'].value:.3f}" if result.quality else "–"]
        for page_type in report.page_types:
            figures = result.by_type.get(page_type)
            cells.append(f"{figures['f1'].value:.3f}" if figures else "–")
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def cv_table(report: Report) -> str:
    """The cross-validated figures of trained extractors, one row per split."""
    lines = ["| extractor | split | folds | F1 | P | R | F1 of each fold |", "|" + "---|" * 7]
    for row in report.cross_validated:
        folds = " ".join(f"{value:.3f}" for value in row.fold_f1)
        lines.append(
            f"| **{row.extractor}** | by {row.split} | {row.folds} | {row.f1:.3f} | "
            f"{row.precision:.3f} | {row.recall:.3f} | {folds} |"
        )
    return "\n".join(lines)


def markdown(report: Report, *, plot: str | None = None) -> str:
    """``results.md``: how the figures were made, the table, notes, cross-validation."""
    if report.metric == "wordbag":
        metric = (
            "F1, P, R: WCXB's metric (Murrough Foley, WCXB v1.0, CC-BY-4.0): per page, "
            "precision and recall of the bag of lower-cased `\\w+` tokens (a multiset "
            "intersection) and their F1, each averaged over pages (an empty gold counts 1 "
            "only when nothing is extracted); exact: share of pages whose tokens equal the "
            "gold's; with: share of WCXB's `with` snippets (text a good extraction must "
            "contain) found, higher is better; without: share of its `without` snippets "
            "found, lower is better.  No character metric here: too slow on pages this long."
        )
    elif report.snippets:
        metric = (
            "Snippet metric: each text that must appear and is found is a true positive, "
            "each text that must not appear and is found a false positive; sums over pages."
        )
    else:
        metric = (
            f"F1, P, R: the benchmark's metric ({SHINGLE_SIZE}-gram shingles of `\\w+` "
            "tokens, per-page precision and recall averaged over pages, F1 of the averages); "
            "exact: share of pages whose tokens equal the gold's; char F1: the character "
            "metric of Viveros-Jiménez et al. (2018)."
        )
    parts = [
        f"Dataset **{report.dataset}** ({report.pages} pages), {report.date}, on {report.machine}.",
        f"Command: `{report.command}`",
        "",
        f"{metric} ± is the half-width of a 95% bootstrap interval over pages. Speed: "
        f"extraction time only, pages already in memory, {report.workers} worker process"
        f"{'es' if report.workers != 1 else ''} per system; peak MB is the resident memory "
        "of a system's process (pages included). Our extractors in bold.",
        "",
        table(report),
    ]
    if report.page_types:
        parts += [
            "",
            "F1 by page type (the same metric over the pages of each type; pages of each "
            "type in the header; the ± of each type is in results.json):",
            "",
            type_table(report),
        ]
    if report.notes:
        parts += ["", *(f"- {note}" for note in report.notes)]
    if report.cross_validated:
        groups = sorted({row.split for row in report.cross_validated} - {"page"})
        grouped = "".join(f"; by {group}: no {group} on both sides" for group in groups)
        parts += [
            "",
            "Trained extractors, scored on pages they were not trained on (k-fold "
            f"cross-validation{grouped}):",
            "",
            cv_table(report),
        ]
    if plot:
        parts += ["", f"![F1 against pages per second]({plot})"]
    return "\n".join(parts) + "\n"


def to_json(report: Report) -> dict[str, Any]:
    """``results.json``: the report with every per-page figure."""
    data = asdict(report)
    for result in data["results"]:
        result["quality"] = {
            key: {"value": figure["value"], "ci": figure["ci"]}
            for key, figure in result["quality"].items()
        }
    return data


def plot(report: Report, path: Path) -> bool:
    """F1 against pages per second (log scale), one labelled point per system, ours and
    the peers in two colours.  False (and nothing written) when matplotlib is missing."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    shown = [r for r in report.results if r.pages_per_second > 0 and "f1" in r.quality]
    figure, axes = plt.subplots(figsize=(9, 6), dpi=110)
    for kind, colour, label in (
        ("unboiler", "tab:blue", "unboiler"),
        ("peer", "tab:grey", "peers"),
    ):
        points = [r for r in shown if r.kind == kind]
        if not points:
            continue
        axes.scatter(
            [r.pages_per_second for r in points],
            [r.quality["f1"].value for r in points],
            color=colour,
            label=label,
            zorder=3,
        )
        # Neighbours in speed alternate above and below their point, so labels overlap less.
        points.sort(key=lambda r: r.pages_per_second)
        for number, result in enumerate(points):
            axes.annotate(
                result.name,
                (result.pages_per_second, result.quality["f1"].value),
                textcoords="offset points",
                xytext=(4, 4 if number % 2 == 0 else -10),
                fontsize=7,
                color=colour,
            )
    axes.set_xscale("log")
    axes.set_xlabel("pages per second (log scale, one process)")
    axes.set_ylabel("F1")
    axes.set_title(f"{report.dataset}: quality against speed (up and right is better)")
    axes.grid(True, which="both", alpha=0.3)
    axes.legend(loc="lower left")
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)
    return True


def write(report: Report, out: Path) -> list[Path]:
    """Write ``results.json``, ``results.md`` and the plot into ``out``; the paths written."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    picture = out / PLOT_PNG
    has_plot = plot(report, picture)
    if has_plot:
        written.append(picture)
    else:
        report.notes.append("no plot: matplotlib is not installed (pip install 'unboiler[eval]')")
    (out / RESULTS_JSON).write_text(
        json.dumps(to_json(report), indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    (out / RESULTS_MD).write_text(
        markdown(report, plot=PLOT_PNG if has_plot else None), encoding="utf-8"
    )
    return [out / RESULTS_JSON, out / RESULTS_MD, *written]


# --------------------------------------------------------------------------- worst pages

_WORD: Final = re.compile(r"\w+")
#: A line counts as found in the other text when this share of its shingles (or, for a
#: line shorter than a shingle, of its words) occurs there.
_FOUND_SHARE: Final = 0.5
#: Lines of missed and of added text shown per page.
WORST_LINES: Final = 5
_LINE_WIDTH: Final = 110


def _grams(tokens: Sequence[str]) -> list[tuple[str, ...]]:
    size = SHINGLE_SIZE if len(tokens) >= SHINGLE_SIZE else 1
    return [tuple(tokens[i : i + size]) for i in range(len(tokens) - size + 1)]


def unmatched_lines(text: str, other: str) -> list[str]:
    """The lines of ``text`` that are mostly absent from ``other``, judged with the
    metric's own shingles so that what is shown is what the score counted."""
    other_tokens = [token.lower() for token in _WORD.findall(other)]
    present = set(_grams(other_tokens)) | {(token,) for token in other_tokens}
    lines = []
    for line in text.splitlines():
        grams = _grams([token.lower() for token in _WORD.findall(line)])
        if grams and sum(gram in present for gram in grams) < _FOUND_SHARE * len(grams):
            lines.append(" ".join(line.split()))
    return lines


def _clip(line: str) -> str:
    return line if len(line) <= _LINE_WIDTH else line[: _LINE_WIDTH - 1] + "…"


def worst_pages(result: SystemResult, run: SystemRun, dataset: Dataset, count: int) -> str:
    """The ``count`` pages where the system scored lowest, each with its URL, its figures,
    the first lines of gold text it missed and of text it added that the gold lacks."""
    pages = {page.id: page for page in dataset}
    texts = {page.id: page.text for page in run.pages}
    ranked = sorted(result.per_page, key=lambda entry: (entry.get("f1", 0.0), entry["id"]))
    out = [f"Worst {min(count, len(ranked))} pages of {result.name}:"]
    for entry in ranked[:count]:
        page = pages[entry["id"]]
        text = texts.get(page.id, "")
        figures = f"F1 {entry.get('f1', 0.0):.3f}"
        if "precision" in entry:
            figures += f", P {entry['precision']:.3f}, R {entry['recall']:.3f}"
        kind = f"  [{page.page_type}]" if page.page_type else ""
        out.append(f"\n{page.id}{kind}  {page.url or '(no url)'}  {figures}")
        if entry.get("error"):
            out.append(f"  raised: {entry['error']}")
        if page.gold is None and page.snippets is not None:
            lost = [s for s in page.snippets.present if " ".join(s.split()) not in text]
            leaked = [s for s in page.snippets.absent if " ".join(s.split()) in text]
            sections = (("missed", lost), ("added", leaked))
        else:
            gold = page.gold or ""
            sections = (
                ("missed", unmatched_lines(gold, text)),
                ("added", unmatched_lines(text, gold)),
            )
        reasons = _reasons(page, run.spec.model) if run.spec.name == "default" else {}
        for label, lines in sections:
            out.append(f"  {label}: {len(lines)} line{'s' if len(lines) != 1 else ''}")
            for line in lines[:WORST_LINES]:
                out.append(f"    {_clip(line)}")
                if " ".join(line.split()) in reasons:
                    out.append(f"      why: {reasons[' '.join(line.split())]}")
            if len(lines) > WORST_LINES:
                out.append(f"    … {len(lines) - WORST_LINES} more")
    return "\n".join(out)


def _reasons(page: Page, model: str | None) -> dict[str, str]:
    """For each block text of a page, why the default extractor kept or dropped it: its
    probability and the features that moved it most (the model's own attribution)."""
    from unboiler.classify.decide import explain
    from unboiler.classify.default_model import load_default_model
    from unboiler.extractors import get_extractor
    from unboiler.parse import parse

    try:
        loaded = load_default_model(model)
        document = parse(page.html, url=page.url)
        get_extractor("default", model=loaded)(document)
        explained = explain(document, loaded)
    except Exception:  # the page's own error is reported above; no reasons then
        return {}
    # The page's cut: the lowest probability among the blocks kept (the expected-F rule
    # keeps every block above it, see default_model.expected_f_choice).
    kept = [b.score for b in document.blocks if b.is_content and b.score is not None]
    cut = f", page keeps p>={min(kept):.2f}" if kept else ", page keeps nothing"
    reasons = {}
    for block, top in zip(document.blocks, explained, strict=True):
        if block.score is None:
            score = "added from JSON-LD"
        else:
            verdict = "kept" if block.is_content else "dropped"
            score = f"p={block.score:.2f} {verdict}{cut}"
        weights = ", ".join(f"{name} {weight:+.2f}" for name, weight in top)
        reasons[" ".join(block.text.split())] = f"{score}; {weights}"
    return reasons


__all__ = [
    "PLOT_PNG",
    "RESULTS_JSON",
    "RESULTS_MD",
    "CrossValidated",
    "Report",
    "cv_table",
    "machine",
    "markdown",
    "plot",
    "table",
    "to_json",
    "type_table",
    "unmatched_lines",
    "worst_pages",
    "write",
]
