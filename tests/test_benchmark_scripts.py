"""The scripts in ``benchmarks/`` import: they are run by hand, rarely, so a name they
import that moved or went away would otherwise be found only then."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

SCRIPTS = sorted((Path(__file__).resolve().parents[1] / "benchmarks").glob("*.py"))


def test_there_are_scripts() -> None:
    assert len(SCRIPTS) >= 5


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda path: path.name)
def test_script_imports(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    name = f"benchmark_{path.stem}"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, name, module)  # dataclasses look their module up
    spec.loader.exec_module(module)  # their work is under `if __name__ == "__main__"`
    assert callable(getattr(module, "main", None))


def test_scaling_pages_have_the_size_and_shape_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """benchmarks/scaling.py measures time per MB: its pages must be the size it says,
    the same at every call, and of the shape named."""
    import unboiler

    path = SCRIPTS[0].parent / "scaling.py"
    spec = importlib.util.spec_from_file_location("benchmark_scaling", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "benchmark_scaling", module)
    spec.loader.exec_module(module)
    markers = {"paragraphs": b"<p>", "links": b"<a href", "table": b"<td>", "nesting": b"<div>"}
    for shape in module.SHAPES:
        data = module.page(shape, 50_000)
        assert 50_000 <= len(data) <= 60_000 and data == module.page(shape, 50_000)
        assert data.count(markers.get(shape, b"<p>")) >= (1 if shape == "textnode" else 50)
        document = unboiler.parse(data)
        assert len(document.blocks) == 1 if shape == "textnode" else len(document.blocks) > 20
