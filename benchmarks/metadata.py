"""Title, author and publication date found by unboiler and by trafilatura, scored against
the gold metadata of WCXB and of Mozilla Readability's test pages, in one run.

    .venv/bin/python benchmarks/metadata.py --out benchmarks/results/metadata.md

A page counts for a field when its gold has a value there (WCXB's ``title``, ``author``,
``publish_date``; Readability's ``title``, ``byline``, ``publishedTime``).  A value
matches the gold when both are equal once case-folded with punctuation and symbols
dropped, or when one holds the other (on word boundaries) and has at least 80% of its
words; dates match on their ``YYYY-MM-DD``.  The table gives the share of such pages
each system gets right, and beside it the share of pages *without* a gold value where
the system still gave one (a gold that is empty may mean the page has none, or that the
annotator gave none, so that column is a hint, not a score).

Both systems read the same decoded text with the page's URL (Readability's pages have
none).  trafilatura runs as ``bare_extraction(text, url=url, with_metadata=True)``;
where that returns nothing (it gives up on pages with too little text), its
``extract_metadata`` is asked instead, so it is not scored down for its text extraction.
``--dump`` writes every page's gold and both answers as JSON lines, to look at misses.
``--halves`` adds the figures of each half of the pages split by domain (the last byte
of the MD5 of ``domain_of(page)``, even or odd): rules developed on one half are checked
on the other, whose domains they have not seen.

Each dataset's report ends with how far its gold can be reached (:class:`GoldCheck`):
on the pages whose ``<h1>`` and ``<title>`` name different headlines, which of the two
the gold took; the gold dates written nowhere in the page or its URL; and, where the
page states both a publication and a modification date, which one the gold took.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import platform
import re
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import unboiler
from unboiler.charset import decode
from unboiler.datasets import Dataset, Page, domain_of, load_dataset
from unboiler.document import TextDocument
from unboiler.metadata import extract_metadata, parse_date
from unboiler.metadata.rules import MONTH_NAMES
from unboiler.metadata.sources import StructuredData, meta_tags
from unboiler.metadata.title import clean_title, domain_names, headings, is_site_name
from unboiler.parse import parse

FIELDS = ("title", "author", "date")
DATASETS = ("wcxb", "readability")
#: Share of the longer value's words the shorter must have when one holds the other.
MIN_CONTAINED_WORDS = 0.8

_PUNCTUATION = re.compile(r"[^\w\s]|_")
# Each CJK character counts as a word, since those scripts put no space between words.
_WORDS = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]|[^\W_]+")
_DAY = re.compile(r"(\d{4})-(\d{2})-(\d{2})")


def fold(text: str) -> str:
    return " ".join(_PUNCTUATION.sub(" ", text.casefold()).split())


def same_text(found: str, gold: str) -> bool:
    a, b = fold(found), fold(gold)
    if not a or not b:
        return False
    if a == b:
        return True
    short, long = (a, b) if len(a) <= len(b) else (b, a)
    if f" {short} " not in f" {long} ":
        return False
    return len(_WORDS.findall(short)) >= MIN_CONTAINED_WORDS * len(_WORDS.findall(long))


def same_day(found: str, gold: str) -> bool:
    a, b = _DAY.search(found), _DAY.search(gold)
    return a is not None and b is not None and a.groups() == b.groups()


MATCHERS: dict[str, Callable[[str, str], bool]] = {
    "title": same_text,
    "author": same_text,
    "date": same_day,
}


def gold_of(page: Page) -> dict[str, str | None]:
    meta = page.gold_meta
    if meta is None:
        return dict.fromkeys(FIELDS)
    return {"title": meta.title, "author": meta.author, "date": meta.publish_date}


def ours(page: Page) -> tuple[dict[str, str | None], float, TextDocument]:
    """unboiler's answers, the seconds metadata took after the parse, and the parse."""
    document = parse(page.html, url=page.url)
    start = time.perf_counter()
    meta = extract_metadata(document)
    elapsed = time.perf_counter() - start
    answers = {"title": meta.title, "author": meta.author, "date": meta.date}
    return answers, elapsed, document


def written_days(day: str) -> list[re.Pattern[str]]:
    """The usual ways of writing the day ``YYYY-MM-DD`` in a page or an address: ISO
    and its look-alikes, numeric day-month and month-day orders, the month's name in any
    of the languages unboiler reads (:data:`~unboiler.metadata.rules.MONTH_NAMES`) before
    or after the day, and the CJK year-month-day."""
    year, month, date = day.split("-")
    m, d = int(month), int(date)
    if not 1 <= m <= len(MONTH_NAMES):
        return []
    name = "(?:" + "|".join(map(re.escape, MONTH_NAMES[m - 1].split())) + ")"
    forms = [
        rf"{year}[-/]?{month}[-/]?{date}(?!\d)",
        rf"(?<!\d)0?{m}/0?{d}/{year}",
        rf"(?<!\d)0?{d}[./-]0?{m}[./-]{year}",
        rf"{name}[a-z]*\.?\s+0?{d}(?:st|nd|rd|th)?,?\s+{year}",
        rf"(?<!\d)0?{d}(?:st|nd|rd|th)?\.?\s+(?:of\s+)?{name}[a-z]*\.?,?\s+{year}",
        rf"{year}年0?{m}月0?{d}日",
    ]
    return [re.compile(form, re.IGNORECASE) for form in forms]


@dataclass
class GoldCheck:
    """How far a dataset's gold title and date can be reached.

    ``h1``, ``title``, ``neither``: pages whose first ``<h1>`` (other than the site's
    logo) and ``<title>`` (without the site's name) are both there and are not the same
    headline (:func:`same_text`), by which one the gold's title matches.  No rule that
    picks one of the two can be right on more of these pages than the larger count, and
    one right on that many would have to tell them apart; ``found``: those where
    unboiler's title matches the gold.  ``unwritten``: pages whose gold date is written
    nowhere in the page or its URL (:func:`written_days`).  ``published``, ``modified``,
    ``other``: pages stating a publication and a different modification day (JSON-LD's
    own object, or ``article:published_time`` and ``article:modified_time``), by which
    one the gold's date is."""

    h1: int = 0
    title: int = 0
    neither: int = 0
    found: int = 0
    dated: int = 0
    unwritten: int = 0
    published: int = 0
    modified: int = 0
    other: int = 0

    def add(self, page: Page, document: TextDocument, html: str, found: str | None) -> None:
        """Count one page; ``found`` is the title unboiler gave it."""
        gold = gold_of(page)
        if gold["title"]:
            self._title(document, gold["title"], found)
        day = _DAY.search(gold["date"] or "")
        if day:
            self.dated += 1
            written = written_days(day.group(0))
            if not any(form.search(text) for form in written for text in (html, page.url or "")):
                self.unwritten += 1
            self._stated(document, day.group(0))

    def _title(self, document: TextDocument, gold: str, found: str | None) -> None:
        names = [*meta_tags(document.tree).get("og:site_name", []), *domain_names(document.url)]
        shown = [
            h
            for h in headings(document, names)
            if not h.is_home_link and not is_site_name(h.text, names)
        ]
        if not shown or not document.title:
            return
        heading, title = shown[0].text, clean_title(document.title, names)
        if same_text(heading, title) or same_text(heading, document.title):
            return
        self.found += bool(found) and same_text(found or "", gold)
        if same_text(heading, gold):
            self.h1 += 1
        elif same_text(title, gold) or same_text(document.title, gold):
            self.title += 1
        else:
            self.neither += 1

    def _stated(self, document: TextDocument, gold: str) -> None:
        data, meta = StructuredData.read(document), meta_tags(document.tree)
        published = [
            *data.values("datePublished", own=True),
            *meta.get("article:published_time", []),
        ]
        modified = [*data.values("dateModified", own=True), *meta.get("article:modified_time", [])]
        first = [_first_day(values) for values in (published, modified)]
        if first[0] is None or first[1] is None or first[0] == first[1]:
            return
        if first[0] == gold:
            self.published += 1
        elif first[1] == gold:
            self.modified += 1
        else:
            self.other += 1

    def lines(self) -> list[str]:
        disagree = self.h1 + self.title + self.neither
        stated = self.published + self.modified + self.other
        return [
            f"How far the gold can be reached: on {disagree} pages the `<h1>` and the "
            f"`<title>` name different headlines; the gold's title is the `<h1>` on "
            f"{self.h1}, the `<title>` on {self.title}, neither on {self.neither} "
            f"(unboiler's title matches the gold on {self.found} of these pages).  "
            f"Of {self.dated} gold dates, {self.unwritten} are written nowhere in the page "
            f"or its URL (at most {1 - self.unwritten / max(self.dated, 1):.3f} of the "
            f"dates can be found).  On {stated} pages stating a publication and a "
            f"different modification day, the gold's date is the publication's on "
            f"{self.published}, the modification's on {self.modified}, another on "
            f"{self.other}.",
            "",
        ]


def _first_day(values: list[object]) -> str | None:
    for value in values:
        if isinstance(value, str) and (found := parse_date(value)):
            return found[:10]
    return None


def theirs(page: Page) -> tuple[dict[str, str | None], bool]:
    """trafilatura's answers, and whether bare_extraction gave up on the page."""
    import trafilatura
    from trafilatura.metadata import extract_metadata as trafilatura_metadata

    text = page.html if isinstance(page.html, str) else decode(page.html)
    result = trafilatura.bare_extraction(text, url=page.url, with_metadata=True)
    gave_up = result is None
    if result is None:
        result = trafilatura_metadata(text, default_url=page.url)
    return {field: getattr(result, field, None) or None for field in FIELDS}, gave_up


@dataclass
class Tally:
    pages: int = 0
    right: int = 0
    without_gold: int = 0
    spurious: int = 0

    def add(self, found: str | None, gold: str | None, match: Callable[[str, str], bool]) -> None:
        if gold:
            self.pages += 1
            self.right += bool(found) and match(found or "", gold)
        else:
            self.without_gold += 1
            self.spurious += bool(found)

    @property
    def score(self) -> float:
        return self.right / self.pages if self.pages else 0.0

    @property
    def spurious_share(self) -> float:
        return self.spurious / self.without_gold if self.without_gold else 0.0


def half_of(page: Page) -> str:
    """The half of the domain split a page falls in: "even" or "odd"."""
    digest = hashlib.md5(domain_of(page).encode("utf-8"), usedforsecurity=False).digest()
    return "odd" if digest[-1] % 2 else "even"


def new_tallies() -> dict[str, dict[str, Tally]]:
    return {system: {field: Tally() for field in FIELDS} for system in ("unboiler", "trafilatura")}


def run(
    dataset: Dataset,
    *,
    peer: bool,
    dump: list[dict[str, object]],
    check: GoldCheck,
    halves: dict[str, dict[str, dict[str, Tally]]] | None = None,
) -> tuple[dict[str, dict[str, Tally]], float, int]:
    tallies = new_tallies()
    seconds = 0.0
    gave_up = 0
    for page in dataset:
        gold = gold_of(page)
        mine, elapsed, document = ours(page)
        seconds += elapsed
        text = page.html if isinstance(page.html, str) else decode(page.html)
        check.add(page, document, text, mine["title"])
        other: dict[str, str | None] = dict.fromkeys(FIELDS)
        if peer:
            other, failed = theirs(page)
            gave_up += failed
        groups = [tallies]
        if halves is not None:
            groups.append(halves.setdefault(half_of(page), new_tallies()))
        for group in groups:
            for field in FIELDS:
                group["unboiler"][field].add(mine[field], gold[field], MATCHERS[field])
                group["trafilatura"][field].add(other[field], gold[field], MATCHERS[field])
        dump.append(
            {
                "dataset": dataset.name,
                "id": page.id,
                "url": page.url,
                "gold": gold,
                "unboiler": mine,
                "trafilatura": other if peer else None,
            }
        )
    return tallies, seconds / max(len(dataset), 1), gave_up


def table(name: str, tallies: dict[str, dict[str, Tally]], peer: bool) -> list[str]:
    systems = ["unboiler", "trafilatura"] if peer else ["unboiler"]
    lines = [
        f"### {name}",
        "",
        "| field | pages with gold | "
        + " | ".join(systems)
        + " | "
        + " | ".join(f"{s}: given, no gold" for s in systems)
        + " |",
        "|---|---:|" + "---:|" * (2 * len(systems)),
    ]
    for field in FIELDS:
        mine = tallies["unboiler"][field]
        row = [field, str(mine.pages)]
        row += [f"{tallies[s][field].score:.3f} ({tallies[s][field].right})" for s in systems]
        row += [
            f"{tallies[s][field].spurious_share:.2f} of {tallies[s][field].without_gold}"
            for s in systems
        ]
        lines.append("| " + " | ".join(row) + " |")
    return [*lines, ""]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("datasets", nargs="*", default=list(DATASETS))
    parser.add_argument("--out", type=Path, help="write the Markdown table here")
    parser.add_argument("--dump", type=Path, help="write each page's answers as JSON lines")
    parser.add_argument("--no-trafilatura", action="store_true", help="score unboiler alone")
    parser.add_argument(
        "--halves", action="store_true", help="also score each half of a split by domain"
    )
    args = parser.parse_args(argv)
    peer = not args.no_trafilatura
    command = "python benchmarks/metadata.py " + " ".join(
        [
            *args.datasets,
            *(["--no-trafilatura"] if not peer else []),
            *(["--halves"] if args.halves else []),
        ]
        + ([f"--out {args.out}"] if args.out else [])
    )
    lines = [
        "# Metadata: unboiler and trafilatura against the gold",
        "",
        f"`{command.strip()}`",
        "",
    ]
    if peer:
        import trafilatura

        lines.append(
            f"unboiler {unboiler.__version__}, trafilatura {trafilatura.__version__}, "
            f"Python {platform.python_version()}."
        )
    lines += [
        "Share of the pages whose gold has the field where the system's value matches it "
        "(count in brackets); beside it, the share of pages with no gold value where the "
        "system gave one anyway.  Matching: equal after case-folding and dropping "
        "punctuation, or one holds the other with at least 80% of its words; dates by "
        "their YYYY-MM-DD.",
        "",
    ]
    dump: list[dict[str, object]] = []
    for name in args.datasets:
        dataset = load_dataset(name)
        halves: dict[str, dict[str, dict[str, Tally]]] | None = {} if args.halves else None
        check = GoldCheck()
        tallies, per_page, gave_up = run(dataset, peer=peer, dump=dump, check=check, halves=halves)
        lines += table(f"{name} ({len(dataset)} pages)", tallies, peer)
        for half, counts in sorted((halves or {}).items()):
            pages = counts["unboiler"]["title"].pages + counts["unboiler"]["title"].without_gold
            lines += table(f"{name}, domains of {half} hash ({pages} pages)", counts, peer)
        lines.append(f"unboiler's metadata took {1000 * per_page:.2f} ms a page after the parse.")
        if peer:
            lines.append(
                f"trafilatura's bare_extraction gave up on {gave_up} pages, whose metadata "
                "came from its extract_metadata."
            )
        lines.append("")
        lines += check.lines()
    text = "\n".join(lines)
    print(text)
    if args.out:
        args.out.write_text(text, encoding="utf-8")
    if args.dump:
        args.dump.write_text(
            "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in dump), encoding="utf-8"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
