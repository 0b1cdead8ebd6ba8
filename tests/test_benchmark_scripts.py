"""The scripts in ``benchmarks/`` import: they are run by hand, rarely, so a name they
import that moved or went away would otherwise be found only then."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

import pytest

SCRIPTS = sorted((Path(__file__).resolve().parents[1] / "benchmarks").glob("*.py"))


def test_there_are_scripts() -> None:
    assert len(SCRIPTS) >= 5


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda path: path.name)
def test_script_imports(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    name = f"benchmark_{path.stem}"
    # run as `python benchmarks/x.py`, a script finds the scripts beside it
    monkeypatch.syspath_prepend(str(path.parent))
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
    markers = {
        "paragraphs": b"<p>",
        "divs": b"<div>",
        "links": b"<a href",
        "table": b"<td>",
        "nesting": b"<div>",
    }
    for shape in module.SHAPES:
        data = module.page(shape, 50_000)
        assert 50_000 <= len(data) <= 60_000 and data == module.page(shape, 50_000)
        assert data.count(markers.get(shape, b"<p>")) >= (1 if shape == "textnode" else 50)
        document = unboiler.parse(data)
        assert len(document.blocks) == 1 if shape == "textnode" else len(document.blocks) > 20


def _faithfulness(monkeypatch: pytest.MonkeyPatch) -> Any:
    path = SCRIPTS[0].parent / "faithfulness.py"
    spec = importlib.util.spec_from_file_location("benchmark_faithfulness", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "benchmark_faithfulness", module)
    spec.loader.exec_module(module)
    return module


def test_density_transcription_follows_the_java_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    """The transcription of Pal's DensityFilter.java in benchmarks/faithfulness.py, on a
    page worked out by hand from the Java's rules.

    Every text below is 60 characters (the least MIN_CHARS_IN_TEXT lets through).  Four
    lines carry 39 characters of markup: density (60 + 1) / (60 + 39 + 1) = 0.61.  One
    carries 122: 61 / 183 = 1/3.  The densities' mean is 0.5547, their sample standard
    deviation sqrt((4 * 0.0553^2 + 0.2213^2) / 4) = 0.1237, the threshold 0.5 - 0.1237 =
    0.3763: the four lines at 0.61 are kept, the one at 1/3 is not.  The line of 59
    characters of plain text is dropped before the statistics; had it counted (density 1)
    the deviation would be 0.2128 and the line at 1/3 would pass the threshold of 0.287.
    """
    module = _faithfulness(monkeypatch)

    def text(n: int) -> str:
        return f"line {n} ".ljust(60, "z")

    light, heavy = "<" + "i" * 39 + ">", "<" + "i" * 122 + ">"
    page = "\r\n".join(
        [
            "<html><body>",
            light + text(1),
            "",
            "   \t ",
            "z" * 59,
            "\t  " + light + text(2) + "  ",  # trimmed as Java's trim does
            heavy + text(3),
            light + text(4) + "\n" + light + text(5),  # "\r\n", "\n": both end a line
            "</body></html>",
        ]
    )
    kept = module.density_filter(page)
    assert kept == [(1, text(1)), (5, text(2)), (7, text(4)), (8, text(5))]
    # A dense line of script code is kept by the Java (Pal leaves scripts to his
    # classifier) but shows nothing: the visible reading drops it.
    script = "<script>\nvar " + "z" * 70 + " = 1;\n</script>\n" + light + text(9)
    assert module.density_printed(script) == "var " + "z" * 70 + " = 1;\n" + text(9)
    assert module.density_visible(script) == "\n" + text(9)
