"""jusText: paragraphs classified by length, link density and stop words, then by their
neighbours (Pomikálek, "Removing Boilerplate and Duplicate Content from Web Corpora",
Ph.D. thesis, Masaryk University, 2011; the jusText algorithm notes, "Description of the
jusText boilerplate cleaning algorithm").

The method is a sequence of stages, each a public function that can be used and tested
on its own:

1. :func:`make_paragraphs` — preprocessing and segmentation of the parsed page;
2. :class:`ContextFreeClassifier` — each paragraph alone is *bad*, *good*, *short* or
   *near-good*;
3. :func:`preprocess_headings` — short headings just before good text become near-good;
4. :func:`revise_classification` — the context-sensitive pass: runs of short and
   near-good paragraphs take their class from the good and bad paragraphs around them;
5. :func:`postprocess_headings` — headings that were not bad on their own and precede
   good text become good.

:class:`JusText` runs them on a :class:`TextDocument` and marks the blocks that lie in
good paragraphs as content (:func:`good_blocks`).  Segmentation lives in
:mod:`.paragraphs`, the classification stages in :mod:`.classify`; everything is
re-exported here.

The jusText package (version 3.0.2, Michal Belica's maintained release of Pomikálek's
code) is the reference where the notes and it differ: the stop-word thresholds are
inclusive (``>=``; the notes' pseudo-code writes ``>``), the stop lists are the package's
own frequency lists (:func:`language_stop_words`) and its tokens keep their punctuation,
and the preprocessing removes and unwraps what the package's cleaner does (see
:data:`REMOVED_TAGS` and :data:`UNWRAPPED_TAGS`; the notes remove ``<header>``, the
package does not).  Heading preprocessing compares with the context-free classes of the
following paragraphs, as both describe it.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from importlib import resources
from typing import Final

from unboiler.document import TextDocument
from unboiler.errors import ExtractionError
from unboiler.filters.justext.classify import (
    BAD,
    COPYRIGHT_SIGN,
    GOOD,
    LANGUAGE_INDEPENDENT_DENSITY,
    LENGTH_HIGH,
    LENGTH_LOW,
    MAX_HEADING_DISTANCE,
    MAX_LINK_DENSITY,
    NEAR_GOOD,
    NO_HEADINGS,
    SHORT,
    STOPWORDS_HIGH,
    STOPWORDS_LOW,
    STRIP_PUNCTUATION,
    ContextFreeClassifier,
    ParagraphClass,
    postprocess_headings,
    preprocess_headings,
    revise_classification,
)
from unboiler.filters.justext.paragraphs import (
    HEADING_TAGS,
    INLINE_TAGS,
    PARAGRAPH_TAGS,
    PUNCTUATION,
    REMOVED_TAGS,
    UNWRAPPED_TAGS,
    Paragraph,
    good_blocks,
    make_paragraphs,
    weigh_unspaced,
)
from unboiler.language import UNSPACED_LANGUAGES, language_code, stop_words

#: Where jusText's own stop lists live in the package data (see the README there).
STOPLISTS: Final = "justext-stoplists"


@functools.lru_cache(maxsize=128)
def justext_stop_list(language: str) -> frozenset[str] | None:
    """jusText's own stop list for ``language`` (an ISO 639 code), lower-cased as the
    package's ``get_stoplist`` reads it, or ``None`` when it has none.  The thresholds
    0.30 and 0.32 were calibrated on these lists (Pomikálek 2011)."""
    resource = resources.files("unboiler") / "data" / STOPLISTS / f"{language_code(language)}.txt"
    if not resource.is_file():
        return None
    return frozenset(word.lower() for word in resource.read_text("utf-8").splitlines())


def language_stop_words(language: str | None) -> frozenset[str] | None:
    """The stop list jusText uses for a page in ``language``: the package's own list,
    else the Stopwords ISO list for a language the package has none for; ``None`` (the
    language-independent mode) when the language is unknown, has neither, or is written
    without spaces, where whitespace tokens are not words."""
    if language is None or language in UNSPACED_LANGUAGES:
        return None
    return justext_stop_list(language) or stop_words(language)


@dataclass(frozen=True, kw_only=True)
class JusText:
    """The whole jusText method as one filter: paragraphs, the two classifications and
    the heading rules, then content flags on the blocks of good paragraphs.

    The stop list is that of ``document.language`` (see :func:`language_stop_words`).
    ``no_headings`` turns off both heading stages, as jusText's NO_HEADINGS option does.
    Raises :class:`ExtractionError` for a document without a parsed page.
    """

    classifier: ContextFreeClassifier = field(default_factory=ContextFreeClassifier)
    max_heading_distance: int = MAX_HEADING_DISTANCE
    no_headings: bool = NO_HEADINGS

    def __call__(self, document: TextDocument) -> bool:
        if document.tree is None:
            raise ExtractionError("jusText segments the parsed page; this document has none")
        paragraphs = make_paragraphs(document.tree)
        if document.language in UNSPACED_LANGUAGES:
            paragraphs = weigh_unspaced(paragraphs)
        context_free = self.classifier(paragraphs, language_stop_words(document.language))
        if not self.no_headings:
            context_free = preprocess_headings(paragraphs, context_free, self.max_heading_distance)
        classes = revise_classification(context_free)
        if not self.no_headings:
            classes = postprocess_headings(
                paragraphs, context_free, classes, self.max_heading_distance
            )
        flags = good_blocks(document, paragraphs, [cls is GOOD for cls in classes])
        changed = False
        for block, is_content in zip(document.blocks, flags, strict=True):
            changed = block.set_content(is_content) | changed
        return changed


__all__ = [
    "BAD",
    "COPYRIGHT_SIGN",
    "GOOD",
    "HEADING_TAGS",
    "INLINE_TAGS",
    "LANGUAGE_INDEPENDENT_DENSITY",
    "LENGTH_HIGH",
    "LENGTH_LOW",
    "MAX_HEADING_DISTANCE",
    "MAX_LINK_DENSITY",
    "NEAR_GOOD",
    "NO_HEADINGS",
    "PARAGRAPH_TAGS",
    "PUNCTUATION",
    "REMOVED_TAGS",
    "SHORT",
    "STOPLISTS",
    "STOPWORDS_HIGH",
    "STOPWORDS_LOW",
    "STRIP_PUNCTUATION",
    "UNWRAPPED_TAGS",
    "ContextFreeClassifier",
    "JusText",
    "Paragraph",
    "ParagraphClass",
    "good_blocks",
    "justext_stop_list",
    "language_stop_words",
    "make_paragraphs",
    "postprocess_headings",
    "preprocess_headings",
    "revise_classification",
    "weigh_unspaced",
]
