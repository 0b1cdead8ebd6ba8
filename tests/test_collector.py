"""The cyclic collector is paused while a page is read, and left as the caller had it."""

from __future__ import annotations

import gc

import pytest

import unboiler
from unboiler.collector import paused_collector


def test_paused_inside_and_enabled_again_after_an_error() -> None:
    assert gc.isenabled()
    with pytest.raises(RuntimeError), paused_collector():
        assert not gc.isenabled()
        with paused_collector():  # nested: still paused, and not re-enabled by the inner
            assert not gc.isenabled()
        assert not gc.isenabled()
        raise RuntimeError
    assert gc.isenabled()


def test_a_caller_who_disabled_it_finds_it_disabled() -> None:
    gc.disable()
    try:
        unboiler.extract("<p>One short paragraph of text for the test.</p>")
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_extraction_pauses_it() -> None:
    seen: list[bool] = []

    def spy(document: unboiler.TextDocument) -> bool:
        seen.append(gc.isenabled())
        return False

    extractor = unboiler.Extractor(name="spy", description="records", pipeline=spy)
    extractor(unboiler.parse("<p>Words.</p>"))
    assert seen == [False] and gc.isenabled()
