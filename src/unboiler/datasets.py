"""Benchmarks as lists of pages: the raw bytes of each page with its gold text or snippets.

A dataset is whatever ``unboiler eval`` (and later ``unboiler train``) reads: a tuple of
:class:`Page`, each with an ``id``, the ``url`` if the dataset gives one, the page's raw
``html`` bytes exactly as stored (decoding is the extractor's job, as it is in real use),
and ``gold`` text, :class:`Snippets`, or both.  Four shapes are read:

``gold`` folder (the shape of Scrapinghub's article-extraction-benchmark)
    ``ground-truth.json`` maps an id to ``{"articleBody": gold text, "url": ...}``; the
    page is ``html/<id>.html.gz`` or ``html/<id>.html``, or the entry's ``"file"``.
``pairs`` folder (the shape of Mozilla Readability's test suite)
    one sub-folder per page holding ``source.html`` and ``expected.html``; the gold text is
    the visible text of ``expected.html`` (see :func:`html_text`), and the gold metadata
    the title, byline and publication time of ``expected-metadata.json`` when it is there.
``snippets`` file (the shape of trafilatura's evaluation data)
    a JSON file ``{url: {"file": page, "with": [...], "without": [...]}}`` naming, per
    page, text that must appear in the extraction and text that must not.  A folder that
    holds a ``snippets.json`` is read the same way.
``wcxb`` folder (the shape of WCXB, Murrough Foley's Web Content Extraction Benchmark,
v1.0, CC-BY-4.0)
    ``dev/ground-truth/<id>.json`` (or ``ground-truth/<id>.json`` in the folder given), one
    file per page with a ``schema_version``: the URL, the page type and a ``ground_truth``
    object holding the gold text (``main_content``), the same as Markdown, the title,
    author and date, and ``with``/``without`` snippets; the page is ``html/<id>.html.gz``
    beside it.  ``metadata.json`` (in the folder or above it) gives each page's domain.
    Pages of many types, not only articles, so such a dataset is scored with WCXB's own
    bag-of-words metric (``metric="wordbag"``), by page type.

The named benchmarks ``scrapinghub``, ``readability`` and ``wcxb`` are looked up under
:func:`benchmarks_root`.  Anything missing or malformed raises :class:`DatasetError` with a
message saying what was expected where.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Final, Literal
from urllib.parse import urlsplit

from unboiler.compressed import decompress
from unboiler.errors import UnboilerError

#: Environment variable that points at the folder holding the named benchmarks.
BENCHMARKS_ENV: Final = "UNBOILER_BENCHMARKS"
#: The benchmarks known by name, as sub-folders of :func:`benchmarks_root`.
NAMED: Final = ("scrapinghub", "readability", "wcxb")
GROUND_TRUTH: Final = "ground-truth.json"
SNIPPETS_FILE: Final = "snippets.json"
#: WCXB's layout: the split read from its top folder, the folder of one JSON file per page
#: in a split, and the file of per-page metadata (page type, domain) beside the splits.
WCXB_SPLIT: Final = "dev"
WCXB_GROUND_TRUTH: Final = "ground-truth"
WCXB_METADATA: Final = "metadata.json"

#: The fields of :class:`GoldMeta`, as WCXB names them in ``ground_truth``.
GOLD_META_FIELDS: Final = ("title", "author", "publish_date")

#: How a dataset's gold text is compared with an extraction
#: (:mod:`unboiler.metrics`): ``shingle``, the article-extraction benchmark's
#: 4-gram shingles; ``wordbag``, WCXB's bag of words.
Metric = Literal["shingle", "wordbag"]


class DatasetError(UnboilerError):
    """A dataset is missing or not in one of the shapes ``unboiler eval`` reads."""


@dataclass(frozen=True)
class Snippets:
    """Text that must appear in a page's extraction (``present``) and text that must not
    (``absent``): the evaluation of trafilatura's own benchmark, which scores each
    snippet as a true or false positive or negative."""

    present: tuple[str, ...] = ()
    absent: tuple[str, ...] = ()


@dataclass(frozen=True)
class GoldMeta:
    """The metadata a benchmark gives for a page (WCXB's ``ground_truth``, Readability's
    ``expected-metadata.json``); None where it gives none."""

    title: str | None = None
    author: str | None = None
    publish_date: str | None = None


@dataclass(frozen=True)
class Page:
    """One page of a benchmark.  ``gold`` is None for a snippet dataset, ``snippets`` is
    None for a gold-text dataset; a WCXB page has both.

    The other fields are set only by datasets that give them (WCXB; Readability's pairs
    give ``gold_meta``): ``page_type`` (``article``, ``forum``, ``product`` ...) for the
    figures by type, ``site`` (the page's domain as the benchmark states it) for
    cross-validation by domain, and ``gold_markdown`` and ``gold_meta`` for scoring
    structure and metadata.  Plain data,
    so that pages cross into worker processes cheaply.
    """

    id: str
    html: bytes
    url: str | None = None
    gold: str | None = None
    snippets: Snippets | None = None
    page_type: str | None = None
    site: str | None = None
    gold_markdown: str | None = None
    gold_meta: GoldMeta | None = None


@dataclass(frozen=True)
class Dataset:
    """The pages of one benchmark, in a stable order (sorted by id), with where they came
    from and the ``metric`` its gold text is scored with.  Pages are plain data, so a
    subset (one fold of a cross-validation) is just another :class:`Dataset`."""

    name: str
    pages: tuple[Page, ...]
    source: str = ""
    metric: Metric = "shingle"

    @property
    def has_snippets(self) -> bool:
        """True when the pages are scored by snippets alone, having no gold text."""
        return any(page.snippets is not None for page in self.pages) and not any(
            page.gold is not None for page in self.pages
        )

    def subset(self, ids: Sequence[str]) -> Dataset:
        """The pages whose id is in ``ids``, in the dataset's order."""
        wanted = set(ids)
        return replace(self, pages=tuple(p for p in self.pages if p.id in wanted))

    def __len__(self) -> int:
        return len(self.pages)

    def __iter__(self) -> Iterator[Page]:
        return iter(self.pages)


def benchmarks_root() -> Path | None:
    """The folder that holds the named benchmarks: ``$UNBOILER_BENCHMARKS`` if set, else
    ``../shared/benchmarks`` seen from the current directory (the project's layout), else
    the same seen from the source checkout this module runs from."""
    configured = os.environ.get(BENCHMARKS_ENV)
    if configured:
        return Path(configured)
    checkout = Path(__file__).resolve().parents[3]
    for candidate in (
        Path.cwd().parent / "shared" / "benchmarks",
        Path.cwd() / "shared" / "benchmarks",
        checkout.parent / "shared" / "benchmarks",
    ):
        if candidate.is_dir():
            return candidate
    return None


def load_dataset(spec: str | os.PathLike[str]) -> Dataset:
    """The dataset named ``spec`` (``scrapinghub``, ``readability``, ``wcxb``) or stored at
    the path ``spec``, in any of the four shapes of this module."""
    path = Path(spec)
    if not path.exists() and str(spec) in NAMED:
        root = benchmarks_root()
        if root is None or not (root / str(spec)).exists():
            where = root / str(spec) if root else f"../shared/benchmarks/{spec}"
            raise DatasetError(
                f"benchmark {spec!r} not found at {where}; set ${BENCHMARKS_ENV} to the folder "
                "that holds it, or give the dataset's path"
            )
        path = root / str(spec)
        name = str(spec)
    else:
        name = path.stem if path.is_file() else path.name
    if not path.exists():
        named = ", ".join(NAMED)
        raise DatasetError(f"no dataset at {path} (give a path, or one of: {named})")
    if path.is_file():
        return Dataset(name, _load_json(path), str(path))
    for file_name in (GROUND_TRUTH, SNIPPETS_FILE):
        if (path / file_name).is_file():
            return Dataset(name, _load_json(path / file_name), str(path))
    split = _wcxb_split(path)
    if split is not None:
        return Dataset(name, _load_wcxb(split), str(path), metric="wordbag")
    pairs = _load_pairs(path)
    if pairs:
        return Dataset(name, pairs, str(path))
    raise DatasetError(
        f"{path} is not a dataset: expected {GROUND_TRUTH} with html/<id>.html[.gz], "
        f"{SNIPPETS_FILE}, {WCXB_SPLIT}/{WCXB_GROUND_TRUTH}/<id>.json, "
        "or sub-folders holding source.html and expected.html"
    )


def _read_page(path: Path) -> bytes:
    return decompress(path.read_bytes())


def _page_file(folder: Path, key: str, entry: dict[str, Any]) -> Path:
    named = entry.get("file")
    if isinstance(named, str):
        return folder / named
    for candidate in (folder / "html" / f"{key}.html.gz", folder / "html" / f"{key}.html"):
        if candidate.is_file():
            return candidate
    return folder / "html" / f"{key}.html.gz"


def _strings(value: Any, field: str, key: str) -> tuple[str, ...]:
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise DatasetError(f"entry {key!r}: {field!r} must be a list of strings")
    return tuple(value)


def _load_json(path: Path) -> tuple[Page, ...]:
    """Pages listed in a JSON mapping: gold-text entries (``articleBody``) or snippet
    entries (``with``/``without``).  A key that is a URL serves as the page's URL."""
    entries = _read_json(path)
    if not isinstance(entries, dict):
        raise DatasetError(f"{path} must hold a JSON object mapping page ids to entries")
    pages = []
    for key, entry in entries.items():
        if not isinstance(entry, dict):
            raise DatasetError(f"{path}: entry {key!r} is not an object")
        file = _page_file(path.parent, key, entry)
        if not file.is_file():
            raise DatasetError(f"{path}: the page of entry {key!r} is missing ({file})")
        is_url = key.startswith(("http://", "https://"))
        url = entry.get("url") or (key if is_url else None)
        page_id = file.name.split(".")[0] if is_url else key
        if "with" in entry or "without" in entry:
            snippets = Snippets(
                _strings(entry.get("with"), "with", key),
                _strings(entry.get("without"), "without", key),
            )
            pages.append(Page(page_id, _read_page(file), url=url, snippets=snippets))
        else:
            gold = entry.get("articleBody")
            if not isinstance(gold, str):
                raise DatasetError(f"{path}: entry {key!r} has no 'articleBody' text")
            pages.append(Page(page_id, _read_page(file), url=url, gold=gold))
    return tuple(sorted(pages, key=lambda page: page.id))


def _read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        # a page given where a dataset is wanted ("unboiler eval page.html"): say what a
        # dataset file is, not what the JSON parser found at its first character
        kind = "not JSON" if isinstance(error, (UnicodeDecodeError, ValueError)) else error
        raise DatasetError(
            f"cannot read {path} as a dataset ({kind}): a dataset file is a JSON object "
            f"mapping page ids to their gold, as {GROUND_TRUTH} is"
        ) from error


def _wcxb_split(folder: Path) -> Path | None:
    """The folder holding ``ground-truth/`` and ``html/`` when ``folder`` is WCXB's top
    folder (its development split) or one split of it; None for any other folder.  The
    first ground-truth file must carry WCXB's ``schema_version``."""
    for split in (folder / WCXB_SPLIT, folder):
        first = min((split / WCXB_GROUND_TRUTH).glob("*.json"), default=None)
        if first is not None:
            entry = _read_json(first)
            if isinstance(entry, dict) and "schema_version" in entry:
                return split
    return None


def _wcxb_metadata(split: Path) -> dict[str, Any]:
    """``files`` of WCXB's ``metadata.json`` (page type and domain per id), looked up in the
    split folder and the folder above it; empty when there is none."""
    for path in (split / WCXB_METADATA, split.parent / WCXB_METADATA):
        if path.is_file():
            files = _nested(_read_json(path), "files")
            if not isinstance(files, dict):
                raise DatasetError(f"{path} has no 'files' object mapping page ids to metadata")
            return files
    return {}


def _optional_str(value: Any, field: str, path: Path) -> str | None:
    if value is None or isinstance(value, str):
        return value
    raise DatasetError(f"{path}: {field!r} must be a string or null")


def _nested(entry: Any, *keys: str) -> Any:
    """``entry[keys[0]][keys[1]]...``, or None where a level is missing or not an object."""
    value: Any = entry
    for key in keys:
        value = value.get(key) if isinstance(value, dict) else None
    return value


def _load_wcxb(split: Path) -> tuple[Page, ...]:
    """One page per ``ground-truth/<id>.json`` of a WCXB split, with its snippets, page
    type, domain, Markdown gold and metadata.  A page whose ``main_content`` is missing or
    null has empty gold text: WCXB counts such a page right only when nothing is
    extracted."""
    metadata = _wcxb_metadata(split)
    pages = []
    for path in sorted((split / WCXB_GROUND_TRUTH).glob("*.json")):
        page_id = path.stem
        entry = _read_json(path)
        truth = entry.get("ground_truth") if isinstance(entry, dict) else None
        if not isinstance(truth, dict):
            raise DatasetError(f"{path} has no 'ground_truth' object")
        file = _page_file(split, page_id, {})
        if not file.is_file():
            raise DatasetError(f"{path}: the page is missing ({file})")
        about = metadata.get(page_id)
        about = about if isinstance(about, dict) else {}
        page_type = _nested(entry, "_internal", "page_type", "primary") or about.get("page_type")
        pages.append(
            Page(
                page_id,
                _read_page(file),
                url=_optional_str(entry.get("url"), "url", path),
                gold=_optional_str(truth.get("main_content"), "main_content", path) or "",
                snippets=Snippets(
                    _strings(truth.get("with"), "with", page_id),
                    _strings(truth.get("without"), "without", page_id),
                ),
                page_type=_optional_str(page_type, "page_type", path),
                site=_optional_str(about.get("domain"), "domain", path),
                gold_markdown=_optional_str(
                    truth.get("main_content_markdown"), "main_content_markdown", path
                ),
                gold_meta=GoldMeta(
                    *(_optional_str(truth.get(key), key, path) for key in GOLD_META_FIELDS)
                ),
            )
        )
    return tuple(pages)


#: The file of a pairs folder's page that gives its expected metadata, and the names of
#: the :class:`GoldMeta` fields in it (Mozilla Readability's ``expected-metadata.json``).
PAIRS_METADATA: Final = "expected-metadata.json"
PAIRS_META_FIELDS: Final = ("title", "byline", "publishedTime")


def _load_pairs(folder: Path) -> tuple[Page, ...]:
    pages = []
    for sub in sorted(folder.iterdir()):
        source, expected = sub / "source.html", sub / "expected.html"
        if sub.is_dir() and source.is_file() and expected.is_file():
            gold = html_text(expected.read_bytes())
            meta = _pairs_meta(sub / PAIRS_METADATA)
            pages.append(Page(sub.name, source.read_bytes(), gold=gold, gold_meta=meta))
    return tuple(pages)


def _pairs_meta(path: Path) -> GoldMeta | None:
    """The title, byline and publication time a pairs page expects, when it has the file."""
    if not path.is_file():
        return None
    entry = _read_json(path)
    if not isinstance(entry, dict):
        raise DatasetError(f"{path} must hold a JSON object")
    return GoldMeta(*(_optional_str(entry.get(key), key, path) for key in PAIRS_META_FIELDS))


def html_text(html: str | bytes) -> str:
    """The visible text of an HTML page or fragment, one text block per line.

    Used for gold pages given as HTML (Readability's ``expected.html``) and for peers that
    return HTML.  It is unboiler's own parse, so the segmentation is the one every
    extractor sees: text inside scripts, styles and the other ignorable elements is left
    out, block-level elements start a new line, inline elements do not.
    """
    from unboiler.parse import parse  # the evaluation package imports no parser eagerly

    document = parse(html)
    return "\n".join(block.text for block in document.blocks)


def site_of(page: Page) -> str:
    """The group a page belongs to when splitting by site."""
    host = urlsplit(page.url).hostname if page.url else None
    if not host:
        return "page:" + page.id
    return host.removeprefix("www.")


def domain_of(page: Page) -> str:
    """The group a page belongs to when splitting by domain: the domain its benchmark
    states, else its site."""
    return page.site if page.site else site_of(page)


__all__ = [
    "BENCHMARKS_ENV",
    "NAMED",
    "Dataset",
    "DatasetError",
    "GoldMeta",
    "Metric",
    "Page",
    "Snippets",
    "benchmarks_root",
    "domain_of",
    "html_text",
    "load_dataset",
    "site_of",
]
