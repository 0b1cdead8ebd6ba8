"""The text-density line filter of "The Easy Way to Extract Useful Text from Arbitrary
HTML" (ai-depot), in the form Sujit Pal published and measured ("Extracting Useful Text
from HTML", 2009, ``DensityFilter.java``).

The method reads the page as lines of source, not as a tree.  Each line is cut into
markup (the characters between ``<`` and ``>``) and text (the rest); a line whose text,
trimmed, is shorter than :data:`MIN_CHARS_IN_TEXT` characters is dropped; every other line
gets the density ``(text + 1) / (text + markup + 1)``, and the lines whose density is above
``0.5 - stddev(densities)`` are kept.  The kept lines ("chunks") go to a trained
classifier (:mod:`unboiler.classify`).

Two details of the published code are kept literally because they change results: the
markup state starts afresh on every line (a tag split across two lines counts its second
half as text), and the text of ``<script>`` and ``<style>`` is text (Pal notes that such
chunks pass the filter and leaves them to the classifier).

Our blocks are the unit every extractor ends on, so the filter ends by flagging the
blocks whose text lies mostly on kept lines (:func:`unboiler.align.selection_coverage`
over the lines of the source with scripts, styles, comments and tags removed,
:func:`unboiler.filters.lineblocks.decoded_lines` with the line breaks of the removed
markup kept, so line ``n`` of that text is line ``n`` of the source).  The blocks are
looked up in the whole text of the page, kept or not, in page order; looking the kept
lines' texts up among the blocks instead lost whole articles on pages served on a few
long lines, where a fragment no block holds (a share button's label, half a word split
by a tag) matched far ahead and moved the search past the article.

:func:`reflow` is not part of the method: it is the line cutting of the improved variant
``density-blocks`` (see :mod:`unboiler.extractors.density`), which starts a new line at
every block-level tag so that a page served on a few very long lines gets the line
structure the method assumes.
"""

from __future__ import annotations

import math
import re
import struct
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from unboiler import tags
from unboiler.align import selection_coverage
from unboiler.document import TextDocument
from unboiler.filters.lineblocks import decoded_lines

#: Lines whose text, trimmed, is shorter than this are dropped before densities are
#: computed (``MIN_CHARS_IN_TEXT`` in Pal's ``DensityFilter.java``; he reports it took the
#: classifier's error from 19.8% to 0 on his corpus by removing ``<li>`` and ``<hx>`` text).
MIN_CHARS_IN_TEXT: Final = 60
#: The threshold is this minus the standard deviation of the densities (Pal: "0.5 -
#: stddev(densities) works quite well"); a line is kept when its density is above it.
DENSITY_BASE: Final = 0.5
#: Share of a block's words the kept lines must cover for the block to be kept.  Half, as
#: for every line-to-block mapping (:data:`unboiler.align.MIN_COVERAGE`).
MIN_BLOCK_COVERAGE: Final = 0.5

# java.io.BufferedReader.readLine: a line ends at "\n", "\r" or "\r\n".
_LINE_BREAK: Final = re.compile(r"\r\n|\r|\n")

#: Elements that do not end a line of text in a browser (and do not end a block in
#: unboiler.parse): :data:`unboiler.tags.INLINE_TAGS`; every other tag starts a new line
#: in :func:`reflow`.
INLINE_TAGS: Final = tags.INLINE_TAGS
_BLOCK_TAG: Final = re.compile(
    r"(?=<(?!/?(?:" + "|".join(sorted(INLINE_TAGS, key=len, reverse=True)) + r")\b)/?[a-zA-Z!])",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Chunk:
    """One line of source past the length rule: its number, its text as the method sees
    it (markup removed, nothing else changed) and its density."""

    line: int
    text: str
    density: float


def source_lines(source: str) -> list[str]:
    """The lines of the source as Java's ``readLine`` cuts them."""
    return _LINE_BREAK.split(source)


def reflow(source: str) -> str:
    """The source with a line break before every tag that is not inline (the variant's
    line cutting; the method itself reads the lines as served)."""
    return _BLOCK_TAG.sub("\n", source)


def line_chunk(number: int, line: str, *, min_chars: int = MIN_CHARS_IN_TEXT) -> Chunk | None:
    """The chunk of one source line, or None when the line is blank or its text is shorter
    than ``min_chars``.

    Counting follows ``DensityFilter.java``: ``<`` opens markup and ``>`` closes it (neither
    is counted), characters inside markup are markup, the others are text; the markup state
    does not carry over from the previous line.
    """
    line = line.strip(_JAVA_TRIM)
    if not line:
        return None
    length_of = len if line.isascii() else _utf16_length
    markup = 0
    text: list[str] = []
    in_markup = False
    position = 0
    # Runs of text and of markup at a time instead of a character loop, with the same
    # counts: a "<" inside markup and a ">" outside it are counted nowhere.
    while position < len(line):
        if in_markup:
            end = line.find(">", position)
            stop = len(line) if end < 0 else end
            markup += length_of(line[position:stop]) - line.count("<", position, stop)
            if end < 0:
                break
            in_markup = False
            position = end + 1
        else:
            end = line.find("<", position)
            stop = len(line) if end < 0 else end
            text.append(line[position:stop].replace(">", ""))
            if end < 0:
                break
            in_markup = True
            position = end + 1
    chunk_text = "".join(text)
    length = length_of(chunk_text.strip(_JAVA_TRIM))
    if length < min_chars:
        return None
    density = _java_float((length + 1) / (length + markup + 1))
    return Chunk(number, chunk_text, density)


#: What Java's ``String.trim`` removes: every character up to U+0020 (control characters
#: included), and nothing else (not the no-break space that ``str.strip`` also removes).
_JAVA_TRIM: Final = "".join(map(chr, range(0x21)))
_FLOAT: Final = struct.Struct("f")


def _utf16_length(text: str) -> int:
    """``String.length()`` in Java: UTF-16 code units (a character beyond U+FFFF is two)."""
    return len(text) + sum(1 for char in text if char > "\uffff")


def _java_float(value: float) -> float:
    """``value`` rounded to a Java ``float``, the type of ``DensityFilter``'s density."""
    return float(_FLOAT.unpack(_FLOAT.pack(value))[0])


def density_threshold(densities: Sequence[float], *, base: float = DENSITY_BASE) -> float:
    """``base`` minus the sample standard deviation of the densities (Apache Commons Math's
    ``DescriptiveStatistics``, which Pal uses, corrects for bias; one value has none)."""
    n = len(densities)
    if n < 2:
        return base
    mean = sum(densities) / n
    variance = sum((d - mean) ** 2 for d in densities) / (n - 1)
    return base - math.sqrt(variance)


def dense_chunks(
    source: str,
    *,
    min_chars: int = MIN_CHARS_IN_TEXT,
    base: float = DENSITY_BASE,
) -> list[Chunk]:
    """The chunks the method keeps: lines long enough whose density is above the
    threshold computed over those same lines."""
    chunks = [
        chunk
        for number, line in enumerate(source_lines(source))
        if (chunk := line_chunk(number, line, min_chars=min_chars)) is not None
    ]
    threshold = density_threshold([chunk.density for chunk in chunks], base=base)
    return [chunk for chunk in chunks if chunk.density > threshold]


@dataclass(frozen=True, kw_only=True)
class DensityLines:
    """Flag as content the blocks the dense lines cover, every other block as boilerplate.

    ``reflow=True`` cuts the source with :func:`reflow` first (the ``density-blocks``
    variant).  A document without source (built by hand) has no lines, so nothing in it
    is kept.
    """

    min_chars: int = MIN_CHARS_IN_TEXT
    base: float = DENSITY_BASE
    min_coverage: float = MIN_BLOCK_COVERAGE
    reflow: bool = False

    def __call__(self, document: TextDocument) -> bool:
        # One kind of line break, so that the method's lines and the text lines agree
        # on numbering even where a lone "\r" sits inside a script.
        source = _LINE_BREAK.sub("\n", document.source or "")
        if self.reflow:
            source = reflow(source)
        kept = {
            chunk.line for chunk in dense_chunks(source, min_chars=self.min_chars, base=self.base)
        }
        coverage = selection_coverage(
            document.blocks,
            (
                (text, n in kept)
                for n, text in enumerate(decoded_lines(source, keep_line_breaks=True))
            ),
        )
        changed = False
        for block, share in zip(document.blocks, coverage, strict=True):
            changed = block.set_content(share >= self.min_coverage) | changed
        return changed


__all__ = [
    "DENSITY_BASE",
    "INLINE_TAGS",
    "MIN_BLOCK_COVERAGE",
    "MIN_CHARS_IN_TEXT",
    "Chunk",
    "DensityLines",
    "dense_chunks",
    "density_threshold",
    "line_chunk",
    "reflow",
    "source_lines",
]
