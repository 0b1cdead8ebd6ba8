"""Fixtures of the visual tests: one browser for the module that asks for it, and the
pages written for these tests (``tests/visual/pages``).  Tests that need the browser
skip, saying why, when Playwright or Debian's Chromium is missing (``.ci/run`` installs
both where it can)."""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from unboiler.visual.render import CHROMIUM, Renderer

PAGES = Path(__file__).parent / "pages"

MISSING = (
    "the visual tests need Playwright for Python (pip install 'unboiler[visual]')"
    if importlib.util.find_spec("playwright") is None
    else f"the visual tests need Debian's chromium at {CHROMIUM} (apt-get install chromium)"
    if not os.access(CHROMIUM, os.X_OK)
    else None
)
needs_browser = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")


@pytest.fixture(scope="module")
def renderer() -> Iterator[Renderer]:
    if MISSING is not None:
        pytest.skip(MISSING)
    with Renderer() as shared:
        yield shared


def page(name: str) -> bytes:
    return (PAGES / name).read_bytes()
