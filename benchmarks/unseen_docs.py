"""The default extractor and trafilatura on documentation pages nobody here tuned on: the
HTML manuals that this machine's packages install (Rust's books and API pages, Node.js's
and npm's manuals, DocBook and gtk-doc manuals), scored against the text of the element
each generator puts its page's content in.

    .venv/bin/python benchmarks/unseen_docs.py --out benchmarks/results/unseen-docs.md

**Why.**  The benchmarks the model was trained and tuned on hold 89 documentation pages
of WCXB; these are hundreds of pages from six other generators, in their real markup,
in English and, for Rust by Example's translations, Japanese, Chinese, Korean and
Spanish, none of them in any benchmark or looked at before this script was written.

**The gold is a proxy.**  No one wrote a gold text for these pages; each source names
the element its generator writes the page's content into, and the elements inside it
that are the generator's own furniture (a toolbar, a "Source" link, the contents list of
the page), and the gold is the text of the one without the others.  That choice was made
once from each generator's markup, before any extractor ran on the pages, and is the
same for every page of a source.  It counts the page's title, headings, code and tables
as content, as WCXB's gold does.  A score against it says how much of that element an
extractor keeps and how much else it adds; differences of a point or two between
extractors mean little, a page far below the others is worth reading.

**Scoring.**  WCXB's metric (word-bag P, R and F1 per page, averaged over the pages:
:func:`unboiler.metrics.wordbag_scores`), on unboiler's plain text
(``unboiler.extract(html)``) and on ``trafilatura.extract(html)`` with its defaults.
In Chinese and Japanese, whose words are not parted by spaces, the metric's ``\\w+``
tokens are whole runs of characters between punctuation, a coarser unit than words but
the same for both systems.  Speed: each page's extraction timed for each system in the
same run, best of :data:`REPEATS` passes over the source.

A source whose files are missing (another machine, another version) is skipped with a
line that says so.  Pages are taken in sorted path order, every k-th one so that at
most ``--pages`` of a source are scored; a page whose gold has fewer than
:data:`MIN_GOLD_WORDS` words (a contents page, a redirect) is left out.
"""

from __future__ import annotations

import argparse
import glob
import os
import platform
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from selectolax.lexbor import LexborHTMLParser, LexborNode

import unboiler
from unboiler.metadata.title import count_words
from unboiler.metrics import wordbag_scores
from unboiler.tags import BLOCK_DISPLAY_TAGS

#: A gold shorter than this is no page of text (a contents page, a redirect); each
#: Chinese or Japanese character counts as a word.
MIN_GOLD_WORDS: Final = 50
#: Passes over each source's pages for the times; the fastest one counts.
REPEATS: Final = 3
#: Never part of a gold: what no browser shows.
UNSHOWN: Final = "script, style, noscript, template"

_HOME = os.path.expanduser("~")
#: Rust by Example's translations, scored as sources of their own.
_TRANSLATIONS: Final = (("ja", "Japanese"), ("zh", "Chinese"), ("ko", "Korean"), ("es", "Spanish"))
_RUST = f"{_HOME}/.rustup/toolchains/stable-*/share/doc/rust/html"


@dataclass(frozen=True, kw_only=True)
class Source:
    """Pages of one generator, the element holding each one's content, and the parts of
    it that are the generator's furniture."""

    name: str
    patterns: tuple[str, ...]
    content: str
    furniture: str = ""
    #: Paths holding one of these are another source's.
    elsewhere: tuple[str, ...] = ()


SOURCES: Final = (
    Source(
        name="mdBook (Rust's books)",
        patterns=tuple(
            f"{_RUST}/{book}/{depth}.html"
            for book in ("book", "nomicon", "reference", "rust-by-example", "cargo")
            for depth in ("*", "*/*")
        ),
        content="main",
        elsewhere=tuple(f"/rust-by-example/{code}/" for code, _ in _TRANSLATIONS),
    ),
    *(
        Source(
            name=f"mdBook, {name} (Rust by Example)",
            patterns=(
                f"{_RUST}/rust-by-example/{code}/*.html",
                f"{_RUST}/rust-by-example/{code}/*/*.html",
            ),
            content="main",
        )
        for code, name in (
            ("ja", "Japanese"),
            ("zh", "Chinese"),
            ("ko", "Korean"),
            ("es", "Spanish"),
        )
    ),
    Source(
        name="rustdoc (Rust's std API)",
        patterns=(
            f"{_RUST}/std/*/struct.*.html",
            f"{_RUST}/std/*/fn.*.html",
            f"{_RUST}/std/*/index.html",
        ),
        content="#main-content",
        furniture=(
            ".rustdoc-breadcrumbs, #copy-path, rustdoc-toolbar, .sub-heading, a.src, "
            ".since, summary.hideme"
        ),
    ),
    Source(
        name="Node.js API",
        patterns=("/usr/share/doc/nodejs/api/*.html",),
        content="#apicontent",
        furniture="#toc, .srclink",
    ),
    Source(
        name="npm manual",
        patterns=("/usr/lib/node_modules/npm/docs/output/*/*.html",),
        content="section#content",
        furniture="#table_of_contents, footer#edit",
    ),
    Source(
        name="DocBook (valgrind, libffi)",
        patterns=("/usr/share/doc/valgrind/html/*.html", "/usr/share/doc/libffi8/html/*.html"),
        content="body",
        furniture=".navheader, .navfooter, div.toc",
    ),
    Source(
        name="gtk-doc (libxslt)",
        patterns=("/usr/share/doc/libxslt1-dev/gtk-doc/html/libxslt/*.html",),
        content="body",
        furniture="table.navigation",
    ),
)


def gold_text(html: str, source: Source) -> str | None:
    """The text of ``source``'s content element of the page, without its furniture and
    what is not shown; None when the page has no such element."""
    tree = LexborHTMLParser(html)
    node = tree.css_first(source.content)
    if node is None:
        return None
    for selector in (UNSHOWN, source.furniture):
        if selector:
            for element in node.css(selector):
                element.decompose()
    return shown_text(node)


def shown_text(node: LexborNode) -> str:
    """The text under ``node`` as a browser lays it out, roughly: inline elements'
    texts run on (a Japanese sentence with a link inside is one run, as it is shown),
    block elements and ``<br>`` start a line."""
    pieces = []
    for child in node.traverse(include_text=True):
        if child.is_text_node:
            pieces.append(child.text_content or "")
        elif child.tag in BLOCK_DISPLAY_TAGS or child.tag == "br":
            pieces.append("\n")
    return "".join(pieces)


@dataclass
class Scores:
    precision: float = 0.0
    recall: float = 0.0
    f1: float = 0.0
    seconds: float = 0.0

    def add(self, scores: tuple[float, float, float]) -> None:
        self.precision += scores[0]
        self.recall += scores[1]
        self.f1 += scores[2]


def _timed(extract: Callable[[str], str | None], html: str) -> tuple[str, float]:
    start = time.perf_counter()
    text = extract(html) or ""
    return text, time.perf_counter() - start


def score_source(source: Source, limit: int) -> tuple[int, dict[str, Scores], list[str]]:
    """The pages scored, each system's sums over them, and the three pages where
    unboiler's F1 is lowest."""
    import trafilatura

    files = sorted(
        path
        for pattern in source.patterns
        for path in glob.glob(pattern)
        if not any(part in path for part in source.elsewhere)
    )
    step = max(1, -(-len(files) // limit))
    pages: list[tuple[str, str, str]] = []
    for path in files[::step]:
        html = Path(path).read_bytes().decode("utf-8", "replace")
        gold = gold_text(html, source)
        if gold is not None and count_words(gold) >= MIN_GOLD_WORDS:
            pages.append((path, html, gold))
    systems: dict[str, Callable[[str], str | None]] = {
        "unboiler": unboiler.extract,
        "trafilatura": trafilatura.extract,
    }
    totals = {name: Scores() for name in systems}
    worst: list[tuple[float, str]] = []
    for name, extract in systems.items():
        times = [float("inf")] * len(pages)
        texts = [""] * len(pages)
        for _ in range(REPEATS):
            for index, (_path, html, _gold) in enumerate(pages):
                texts[index], seconds = _timed(extract, html)
                times[index] = min(times[index], seconds)
        totals[name].seconds = sum(times)
        for (path, _html, gold), text in zip(pages, texts, strict=True):
            scores = wordbag_scores(gold, text)
            totals[name].add(scores)
            if name == "unboiler":
                worst.append((scores[2], path))
    worst.sort()
    return len(pages), totals, [f"{f1:.3f} {path}" for f1, path in worst[:3]]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=60, help="at most this many pages a source")
    parser.add_argument("--out", type=Path, help="write the Markdown table here")
    args = parser.parse_args(argv)
    import trafilatura

    lines = [
        "# Documentation pages nobody tuned on",
        "",
        f"`python benchmarks/unseen_docs.py --pages {args.pages}`",
        "",
        f"unboiler {unboiler.__version__} (default extractor, text), trafilatura "
        f"{trafilatura.__version__} (defaults), Python {platform.python_version()}, "
        f"{platform.machine()}.  Gold: the text of the element each generator writes a "
        "page's content into, its own furniture left out (see the script's docstring: a "
        "proxy, chosen from each generator's markup before any extractor ran).  WCXB's "
        "word-bag metric averaged over pages; time per page the best of "
        f"{REPEATS} passes, both systems in the same run.",
        "",
        "| source | pages | unboiler F1 | P | R | trafilatura F1 | P | R "
        "| unboiler ms/page | trafilatura ms/page | speed ratio |",
        "|---|---:|---|---|---|---|---|---|---:|---:|---:|",
    ]
    notes = []
    for source in SOURCES:
        count, totals, worst = score_source(source, args.pages)
        if not count:
            notes.append(f"- {source.name}: no pages found on this machine, skipped.")
            continue
        ours, peer = totals["unboiler"], totals["trafilatura"]
        cells = [
            f"{value / count:.3f}"
            for scores in (ours, peer)
            for value in (scores.f1, scores.precision, scores.recall)
        ]
        lines.append(
            f"| {source.name} | {count} | {' | '.join(cells)} "
            f"| {1000 * ours.seconds / count:.1f} | {1000 * peer.seconds / count:.1f} "
            f"| {peer.seconds / ours.seconds:.2f}x |"
        )
        notes.append(f"- {source.name}, unboiler's lowest F1: " + "; ".join(worst))
        print(lines[-1], file=sys.stderr, flush=True)
    lines += ["", "Pages to read first (the lowest F1 of each source, path on this machine):", ""]
    lines += [note.replace(_HOME, "~") for note in notes]
    text = "\n".join(lines) + "\n"
    if args.out:
        args.out.write_text(text, encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
