"""Coverage-guided fuzzing of :func:`unboiler.extract` with atheris (libFuzzer for Python).

The contract under test (tracker issue 22): any input gives a string or an
:class:`unboiler.UnboilerError`; any other exception, a hang past ``-timeout`` seconds
or memory past ``-rss_limit_mb`` is a crash, which libFuzzer saves as
``.fuzz/crash-<sha1>`` (``timeout-``, ``oom-``).  Each input picks from its first four
bytes the extractor, the output, the charset an HTTP header would give, and whether the
page is passed as bytes or as text, with ``links``, ``images``, ``with_metadata``; the
rest is the page.  unboiler's own modules are instrumented, so inputs that reach new
branches of the parser, the charset rules, the filters or the layout are kept and
mutated further.

The seed corpus is the tiny pages of ``tests/pages`` (copied into the corpus folder the
first time), so the fuzzer starts from real markup instead of from nothing.

    pip install '.[fuzz]'
    python tools/fuzz_extract.py -max_total_time=60                  # CI's short run
    python tools/fuzz_extract.py -max_total_time=28800 -jobs=2 -workers=2  # the long run

Further arguments go to libFuzzer (``-help=1`` lists them); the corpus folder is
``.fuzz/corpus`` unless one is given.  A crash is replayed with
``python tools/fuzz_extract.py .fuzz/crash-<sha1>``, and then becomes a regression test.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Final

import atheris

with atheris.instrument_imports(include=["unboiler"]):
    import unboiler
    from unboiler.extractors.registry import core_extractors

ROOT: Final = Path(__file__).resolve().parent.parent
SEEDS: Final = ROOT / "tests" / "pages"
CORPUS: Final = ROOT / ".fuzz" / "corpus"
EXTRACTORS: Final = core_extractors()
OUTPUTS: Final = ("text", "markdown", "html", "json")
#: What an HTTP header may say: nothing, the common charsets, a wide one, an unknown name.
ENCODINGS: Final = (None, None, None, "utf-8", "windows-1252", "shift_jis", "utf-16", "bogus")
#: Defaults of libFuzzer that do not fit a page extractor: pages are kilobytes, not the
#: 4,096 bytes libFuzzer starts with, and a page may take seconds when it is large.
DEFAULTS: Final = (
    "-max_len=200000",
    "-timeout=30",
    "-rss_limit_mb=4096",
    f"-artifact_prefix={ROOT / '.fuzz'}/",
)
#: The bytes of an input that choose how the page is extracted (see :func:`one_input`).
CHOICE_BYTES: Final = 4


def one_input(data: bytes) -> None:
    """Extract from one fuzzed input; anything but a string or an UnboilerError escapes."""
    choice, page_bytes = data[:CHOICE_BYTES].ljust(CHOICE_BYTES, b"\0"), data[CHOICE_BYTES:]
    extractor = EXTRACTORS[choice[0] % len(EXTRACTORS)]
    output = OUTPUTS[choice[1] % len(OUTPUTS)]
    encoding = ENCODINGS[choice[2] % len(ENCODINGS)]
    flags = choice[3]
    page: str | bytes = page_bytes
    if flags & 1:  # as text, lone surrogates and all
        page = page_bytes.decode("utf-8", "surrogateescape")
    try:
        result = unboiler.extract(
            page,
            extractor=extractor,
            output=output,
            encoding=encoding,
            links=bool(flags & 2),
            images=bool(flags & 4),
            with_metadata=bool(flags & 8) and output in ("text", "markdown"),
        )
    except unboiler.UnboilerError:
        return
    if not isinstance(result, str):
        raise TypeError(f"extract gave {type(result).__name__}, not str")


def seed(page: bytes, index: int) -> bytes:
    """A seed input: the page behind choice bytes that vary with ``index``, so that the
    seeds between them run every extractor and output."""
    choice = bytes([index % 256, index // len(EXTRACTORS) % 256, 0, index % 16])
    return choice + page


def _corpus(arguments: list[str]) -> list[str]:
    """The arguments, with the default corpus folder (seeded) when none is given."""
    if any(not argument.startswith("-") for argument in arguments):
        return arguments
    if not CORPUS.exists():
        CORPUS.mkdir(parents=True)
        for index, page in enumerate(sorted(SEEDS.rglob("*.html"))):
            (CORPUS / page.name).write_bytes(seed(page.read_bytes(), index))
    return [*arguments, str(CORPUS)]


def main() -> None:
    given = sys.argv[1:]
    names = {argument.split("=")[0] for argument in given}
    defaults = [default for default in DEFAULTS if default.split("=")[0] not in names]
    atheris.Setup([sys.argv[0], *defaults, *_corpus(given)], one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
