"""Shared test helpers: hand-built documents, the tiny pages under tests/pages, and the
benchmark data (tests that need it skip when ../shared/benchmarks is absent)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from unboiler.datasets import benchmarks_root
from unboiler.document import Label, TextBlock, TextDocument

ROOT = Path(__file__).resolve().parent.parent
PAGES = Path(__file__).resolve().parent / "pages"
#: ``$UNBOILER_BENCHMARKS`` when set, else ``../shared/benchmarks`` beside the checkout.
BENCHMARKS = benchmarks_root() or ROOT.parent / "shared" / "benchmarks"


#: Wrapped lines of a hand-built block with a given density: densities are exact to 0.01.
_LINES = 100


def make_block(
    words: int,
    *,
    link_words: int = 0,
    content: bool = False,
    density: float | None = None,
    level: int = 3,
    labels: Sequence[Label] = (),
    offset: int = 0,
    text: str | None = None,
) -> TextBlock:
    """A block with the given counts.  ``density`` sets the text density (words per
    wrapped line) directly; by default the block is one line holding all its words."""
    if density is None:
        in_wrapped, lines = words, 1
    else:
        in_wrapped, lines = round(density * _LINES), _LINES
    return TextBlock(
        text if text is not None else " ".join(f"w{offset}x{i}" for i in range(words)),
        num_words=words,
        num_linked_words=link_words,
        num_words_in_wrapped_lines=in_wrapped,
        num_wrapped_lines=lines,
        offset=offset,
        tag_level=level,
        labels=labels,
        is_content=content,
    )


def make_doc(
    words: Sequence[int],
    *,
    link_words: Sequence[int] | None = None,
    content: Sequence[bool] | None = None,
    densities: Sequence[float] | None = None,
    levels: Sequence[int] | None = None,
    labels: Sequence[Sequence[Label]] | None = None,
    texts: Sequence[str] | None = None,
    title: str | None = None,
) -> TextDocument:
    """A document of hand-built blocks, one per entry of ``words``."""
    n = len(words)
    blocks = [
        make_block(
            words[i],
            link_words=link_words[i] if link_words else 0,
            content=content[i] if content else False,
            density=densities[i] if densities else None,
            level=levels[i] if levels else 3,
            labels=labels[i] if labels else (),
            offset=i,
            text=texts[i] if texts else None,
        )
        for i in range(n)
    ]
    return TextDocument(blocks, title=title)


def page(name: str) -> bytes:
    return (PAGES / name).read_bytes()


@pytest.fixture
def scrapinghub() -> Path:
    path = BENCHMARKS / "scrapinghub"
    if not (path / "ground-truth.json").exists():
        pytest.skip(f"benchmark data not found at {path}")
    return path
