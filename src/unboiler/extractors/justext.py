"""The jusText extractor (Pomikálek 2011; the jusText algorithm notes)."""

from __future__ import annotations

import warnings

from unboiler.extractors.registry import register
from unboiler.filters import Filter, chain
from unboiler.filters.justext import (
    MAX_HEADING_DISTANCE,
    NO_HEADINGS,
    STRIP_PUNCTUATION,
    ContextFreeClassifier,
    JusText,
    language_stop_words,
)
from unboiler.language import UNSPACED_LANGUAGES, SetLanguage, find_language
from unboiler.parse import read_noscript


def _has_stop_list(language: str) -> bool:
    """Whether ``language`` has a stop list, or needs none (written without spaces)."""
    return language in UNSPACED_LANGUAGES or language_stop_words(language) is not None


@register("justext")
def justext(
    *,
    language: str | None = None,
    no_headings: bool = NO_HEADINGS,
    max_heading_distance: int = MAX_HEADING_DISTANCE,
    strip_punctuation: bool = STRIP_PUNCTUATION,
) -> Filter:
    """jusText: paragraphs split at block tags, classified by length, link density and
    stop-word density, then by their neighbours (Pomikálek, Ph.D. thesis, 2011).

    ``language`` (an ISO 639-1 code or BCP 47 tag, such as ``"de"``) chooses the stop
    list; by default the page's language is detected (CLD2), or taken from its
    ``<html lang>``.  When it stays unknown, has no stop list, or is written without
    spaces (Chinese, Japanese, Thai, ...), the language-independent mode decides by
    length and link density alone.  ``no_headings`` turns off the heading rules;
    ``max_heading_distance`` is how many characters may separate a heading from its
    text.  The stop lists are jusText's own, Stopwords ISO's for the languages it lacks;
    ``strip_punctuation`` counts stop words without the punctuation around them (a
    variant of ours, measured in ``benchmarks/RESULTS.md``).  The text of ``<noscript>``
    is page text, as the package's cleaner leaves it.
    """
    find = SetLanguage(language=language) if language is not None else find_language
    if isinstance(find, SetLanguage) and not _has_stop_list(find.language):
        warnings.warn(
            f"jusText has no stop list for language {find.language!r}: it decides by "
            "length and link density alone (the stop lists' languages are ISO 639 codes, "
            'such as "en" or "de")',
            UserWarning,
            stacklevel=2,
        )
    return chain(
        read_noscript,
        find,
        JusText(
            classifier=ContextFreeClassifier(strip_punctuation=strip_punctuation),
            no_headings=no_headings,
            max_heading_distance=max_heading_distance,
        ),
    )
