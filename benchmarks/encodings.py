"""Legacy encodings decoded right: unboiler's decoding beside the detector's first guess.

    python benchmarks/encodings.py [--out benchmarks/results/encodings.md]

The pages are those of ``tests/test_charset.py``: a sentence or two of running text in a
language each encoding serves, in a page that declares its charset in ``<meta>``, one
that does not (with and without ``<html lang>``), and one whose charset comes only from
the HTTP header.  A page is decoded right when its sentence comes back whole.  Beside
unboiler, charset-normalizer's first guess on the same bytes (what a caller gets from the
detector alone) and trafilatura's decoding (``trafilatura.utils.decode_file``) when it is
installed.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from unboiler.charset import decode

ROOT = Path(__file__).resolve().parent.parent


def _test_module() -> Any:
    """``tests/test_charset.py``, whose pages and samples this script measures."""
    spec = importlib.util.spec_from_file_location("charset_pages", ROOT / "tests/test_charset.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _detector(data: bytes) -> str:
    from charset_normalizer import from_bytes

    best = from_bytes(data).best()
    return str(best) if best is not None else ""


def _trafilatura() -> Callable[[bytes], str] | None:
    try:
        from trafilatura.utils import decode_file
    except ImportError:
        return None
    return lambda data: str(decode_file(data))


CASES = (
    ("declared", True, True, False),
    ("undeclared", False, True, False),
    ("undeclared, no lang", False, False, False),
    ("HTTP header only", False, True, True),
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, help="also write the Markdown report here")
    args = parser.parse_args()
    systems: list[tuple[str, Callable[[bytes, str | None], str]]] = [
        ("unboiler", lambda data, header: decode(data, encoding=header)),
        ("detector alone", lambda data, header: _detector(data)),
    ]
    trafilatura = _trafilatura()
    if trafilatura is not None:
        systems.append(("trafilatura", lambda data, header: trafilatura(data)))
    tests = _test_module()
    samples: dict[str, tuple[str, str]] = tests.SAMPLES
    header = "| encoding | " + " | ".join(
        f"{case} ({name})" for case, *_ in CASES for name, _ in systems
    )
    lines = [
        "# Legacy encodings decoded right",
        "",
        "`python benchmarks/encodings.py --out benchmarks/results/encodings.md`",
        "",
        "Pages of `tests/test_charset.py` (a sentence of running text each); "
        "yes: the sentence comes back whole.  The HTTP header case gives the charset to "
        "unboiler only (`encoding=`); the others decode the bytes alone.",
        "",
        header + " |",
        "|---|" + "---|" * (len(CASES) * len(systems)),
    ]
    totals = {(case, name): 0 for case, *_ in CASES for name, _ in systems}
    for encoding, (_, text) in sorted(samples.items()):
        cells = []
        for case, meta, lang, given in CASES:
            data = tests._page(encoding, declared=meta, lang=None if lang else "")
            for name, run in systems:
                try:
                    ok = text in run(data, encoding if given else None)
                except Exception:  # a peer's failure is its result, not ours to raise
                    ok = False
                totals[(case, name)] += ok
                cells.append("yes" if ok else "**no**")
        lines.append(f"| {encoding} | " + " | ".join(cells) + " |")
    lines.append(
        "| **all** | "
        + " | ".join(
            f"{totals[(case, name)]}/{len(samples)}" for case, *_ in CASES for name, _ in systems
        )
        + " |"
    )
    lines += [
        "",
        "## Pages labelled wrong",
        "",
        "A sentence or two in a page whose `<meta charset>` names another encoding than "
        "its bytes' (`MISLABELLED` in `tests/test_charset.py`); yes: the text comes back "
        "whole.",
        "",
        "| bytes | label | lang | " + " | ".join(name for name, _ in systems) + " |",
        "|---|---|---|" + "---|" * len(systems),
    ]
    right = dict.fromkeys((name for name, _ in systems), 0)
    for text, encoding, label, lang in tests.MISLABELLED:
        data = tests.labelled(text, encoding, label, lang)
        cells = []
        for name, run in systems:
            try:
                ok = text in run(data, None)
            except Exception:  # a peer's failure is its result, not ours to raise
                ok = False
            right[name] += ok
            cells.append("yes" if ok else "**no**")
        lines.append(f"| {encoding} | {label} | {lang or 'none'} | " + " | ".join(cells) + " |")
    total = len(tests.MISLABELLED)
    lines.append(
        "| **all** | | | " + " | ".join(f"{right[name]}/{total}" for name, _ in systems) + " |"
    )
    report = "\n".join(lines) + "\n"
    print(report)
    if args.out:
        args.out.write_text(report, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
