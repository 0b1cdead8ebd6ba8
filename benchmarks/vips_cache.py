"""The browser's measurements of benchmark pages, stored once per page so that the VIPS
benchmark (``benchmarks/vips.py``) and the cross-validated visual-features experiment
(``benchmarks/visual_cv.py``) lay every page out from one rendering.

Each page is parsed as the ``vips`` extractor parses it (``<noscript>`` read as text, as
Chromium shows it with scripts off), rendered by one reused browser, and its raw
measurements (:meth:`~unboiler.visual.render.Renderer.measure`) written as gzipped JSON
with the seconds the parse and rendering took, or the reason it failed.  A page is laid
out again from them with :func:`~unboiler.visual.render.rendered_page` on the same HTML
parsed again: same parser, same elements in the same order.

    nice .venv/bin/python benchmarks/vips_cache.py   # render and store every page first

(``vips.py`` and ``visual_cv.py`` render what is not stored yet themselves.)
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

import unboiler
from unboiler.datasets import Page, load_dataset
from unboiler.errors import ExtractionError
from unboiler.visual.layout import Layout, build_layout
from unboiler.visual.main_content import Vips
from unboiler.visual.render import VIEWPORT_HEIGHT, VIEWPORT_WIDTH, Renderer, rendered_page

#: Where the measurements go unless told otherwise (not in the repository: about
#: 100 kB a page).
DEFAULT_CACHE = Path("/tmp/vipsfull-cache")


@dataclass(frozen=True)
class Measured:
    """One page's stored rendering: the browser's answer, or why there is none."""

    answer: dict[str, Any] | None
    seconds: float
    error: str | None
    width: int = VIEWPORT_WIDTH
    height: int = VIEWPORT_HEIGHT

    def layout(self, tree: Any) -> Layout | None:
        """The page laid out, from the page parsed again (None when it failed)."""
        if self.answer is None:
            return None
        return build_layout(rendered_page(self.answer, tree, self.width, self.height))


def cache_path(cache: Path, dataset: str, page: Page) -> Path:
    return cache / dataset / f"{quote(page.id, safe='')}.json.gz"


def load(cache: Path, dataset: str, page: Page) -> Measured | None:
    """The page's stored rendering, or None when it was never rendered."""
    path = cache_path(cache, dataset, page)
    if not path.exists():
        return None
    data = json.loads(gzip.decompress(path.read_bytes()))
    return Measured(
        answer=data["answer"],
        seconds=data["seconds"],
        error=data["error"],
        width=data["width"],
        height=data["height"],
    )


def measure(cache: Path, dataset: str, page: Page, renderer: Renderer) -> Measured:
    """The page's stored rendering, rendering it first (and storing it) if need be."""
    found = load(cache, dataset, page)
    if found is not None:
        return found
    start = time.perf_counter()
    document = unboiler.parse(page.html, url=page.url)
    Vips().prepare(document)
    answer: dict[str, Any] | None = None
    error: str | None = None
    try:
        answer = renderer.measure(document.tree)
    except ExtractionError as failure:
        error = str(failure)
    measured = Measured(answer, time.perf_counter() - start, error, renderer.width, renderer.height)
    path = cache_path(cache, dataset, page)
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(f".{os.getpid()}.part")
    data = {
        "answer": answer,
        "seconds": measured.seconds,
        "error": error,
        "width": measured.width,
        "height": measured.height,
    }
    partial.write_bytes(gzip.compress(json.dumps(data).encode(), compresslevel=5))
    partial.replace(path)
    return measured


def main() -> int:
    parser = argparse.ArgumentParser(description="Render and store every benchmark page.")
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE)
    args = parser.parse_args()
    start = time.perf_counter()
    count = failed = 0
    with Renderer() as renderer:
        for name in ("scrapinghub", "readability", "wcxb"):
            for page in load_dataset(name).pages:
                if page.gold is None:
                    continue
                measured = measure(args.cache, name, page, renderer)
                count += 1
                if measured.error is not None:
                    failed += 1
                    print(f"{name}/{page.id}: {measured.error}", file=sys.stderr, flush=True)
    print(
        f"{count} pages stored in {args.cache} ({failed} failed), "
        f"{time.perf_counter() - start:.0f} s"
    )
    return 0


__all__ = ["DEFAULT_CACHE", "Measured", "cache_path", "load", "measure"]


if __name__ == "__main__":
    sys.exit(main())
