"""jusText's classification of paragraphs: context-free, then by the neighbours, with the
heading rules around the second stage (Pomikálek 2011; jusText algorithm notes,
"context-free classification", "context-sensitive classification", "headings").

Every stage takes and returns plain lists, so each can be used and tested on its own
with hand-built paragraphs and class sequences.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from unboiler.filters.justext.paragraphs import Paragraph

# --------------------------------------------------------------------------- parameters
# The published defaults (jusText algorithm notes, "default settings"; Pomikálek 2011).

#: Paragraphs whose share of characters inside ``<a>`` exceeds this are bad.
MAX_LINK_DENSITY: Final = 0.2
#: Paragraphs shorter than this many characters are "short".
LENGTH_LOW: Final = 70
#: Paragraphs longer than this many characters can be "good" on their own.
LENGTH_HIGH: Final = 200
#: Stop-word density from which a paragraph of medium or long length is near-good.
STOPWORDS_LOW: Final = 0.30
#: Stop-word density from which a long paragraph is good.
STOPWORDS_HIGH: Final = 0.32
#: Whether the stop-word count strips punctuation off the tokens first (a variant of
#: ours; the package compares the tokens as they are, see
#: :meth:`~unboiler.filters.justext.paragraphs.Paragraph.stop_word_density`).
STRIP_PUNCTUATION: Final = False
#: Characters that may lie between a heading and the good paragraph it belongs to
#: (MAX_HEADING_DISTANCE, 200 characters: Pomikálek 2011, the heading rules of jusText;
#: the jusText algorithm notes, "headings", name the parameter).
MAX_HEADING_DISTANCE: Final = 200
#: Whether to skip the special treatment of headings (jusText's NO_HEADINGS option).
NO_HEADINGS: Final = False

#: A paragraph with the copyright sign is boilerplate, whatever else it holds.
COPYRIGHT_SIGN: Final = "\N{COPYRIGHT SIGN}"
#: The stop-word density every paragraph gets in the language-independent mode, used
#: when the page's language is unknown, has no stop list, or is written without spaces:
#: above both thresholds, so that only length and link density decide, as in jusText's
#: own language-independent mode (its command line sets both thresholds to zero then).
LANGUAGE_INDEPENDENT_DENSITY: Final = 1.0


class ParagraphClass(enum.Enum):
    """The four classes of jusText's classification."""

    BAD = "bad"
    """Boilerplate."""
    GOOD = "good"
    """Main content."""
    SHORT = "short"
    """Too short to decide alone; its neighbours decide."""
    NEAR_GOOD = "near-good"
    """Between short and good; good next to good text."""


BAD: Final = ParagraphClass.BAD
GOOD: Final = ParagraphClass.GOOD
SHORT: Final = ParagraphClass.SHORT
NEAR_GOOD: Final = ParagraphClass.NEAR_GOOD


# --------------------------------------------------------------------------- classification


@dataclass(frozen=True, kw_only=True)
class ContextFreeClassifier:
    """jusText's context-free classification: each paragraph on its own (jusText
    algorithm notes, "context-free classification"; Pomikálek 2011).

    The thresholds are the published defaults.  ``stop_words`` is the stop list of the
    page's language; ``None`` selects the language-independent mode, in which the
    stop-word tests pass for every paragraph (:data:`LANGUAGE_INDEPENDENT_DENSITY`).
    """

    max_link_density: float = MAX_LINK_DENSITY
    length_low: int = LENGTH_LOW
    length_high: int = LENGTH_HIGH
    stopwords_low: float = STOPWORDS_LOW
    stopwords_high: float = STOPWORDS_HIGH
    strip_punctuation: bool = STRIP_PUNCTUATION

    def __call__(
        self, paragraphs: Sequence[Paragraph], stop_words: frozenset[str] | None
    ) -> list[ParagraphClass]:
        return [self.classify(paragraph, stop_words) for paragraph in paragraphs]

    def classify(self, paragraph: Paragraph, stop_words: frozenset[str] | None) -> ParagraphClass:
        """The published decision procedure, literally, after the two preprocessing
        rules: the contents of ``<select>`` and blocks with a copyright sign are bad."""
        if paragraph.in_select or COPYRIGHT_SIGN in paragraph.text:
            return BAD

        if paragraph.link_density > self.max_link_density:
            return BAD

        # short blocks
        length = paragraph.length
        if length < self.length_low:
            if paragraph.chars_in_links > 0:
                return BAD
            return SHORT

        # medium and long blocks
        if stop_words is None:
            stopwords_density = LANGUAGE_INDEPENDENT_DENSITY
        else:
            stopwords_density = paragraph.stop_word_density(
                stop_words, strip_punctuation=self.strip_punctuation
            )
        if stopwords_density >= self.stopwords_high:
            if length > self.length_high:
                return GOOD
            return NEAR_GOOD
        if stopwords_density >= self.stopwords_low:
            return NEAR_GOOD
        return BAD


def _good_follows(
    paragraphs: Sequence[Paragraph],
    classes: Sequence[ParagraphClass],
    index: int,
    max_heading_distance: int,
) -> bool:
    """Whether a good paragraph follows ``index`` with no more than
    ``max_heading_distance`` characters of other paragraphs in between."""
    distance = 0
    for later in range(index + 1, len(paragraphs)):
        if classes[later] is GOOD:
            return True
        distance += paragraphs[later].length
        if distance > max_heading_distance:
            return False
    return False


def preprocess_headings(
    paragraphs: Sequence[Paragraph],
    classes: Sequence[ParagraphClass],
    max_heading_distance: int = MAX_HEADING_DISTANCE,
) -> list[ParagraphClass]:
    """Short headings that precede a good paragraph (context-free classes) within
    ``max_heading_distance`` characters become near-good, so that the context-sensitive
    pass keeps the short paragraphs between a heading and its text (jusText algorithm
    notes, "headings", stage 2)."""
    revised = list(classes)
    for index, paragraph in enumerate(paragraphs):
        if (
            paragraph.is_heading
            and classes[index] is SHORT
            and _good_follows(paragraphs, classes, index, max_heading_distance)
        ):
            revised[index] = NEAR_GOOD
    return revised


def revise_classification(classes: Sequence[ParagraphClass]) -> list[ParagraphClass]:
    """The context-sensitive classification (jusText algorithm notes,
    "context-sensitive classification").

    Good and bad paragraphs keep their class.  Each maximal run of short and near-good
    paragraphs lies between two of them, where the edges of the document count as bad:
    between two good ones the whole run is good, between two bad ones it is bad.  With
    good on one side and bad on the other, the near-good paragraph closest to the bad
    side divides the run: what lies between it and the bad paragraph is bad, the rest
    (that near-good paragraph included) is good; a run without a near-good paragraph is
    bad.
    """
    revised = list(classes)
    count = len(classes)
    start = 0
    while start < count:
        if classes[start] is GOOD or classes[start] is BAD:
            start += 1
            continue
        end = start
        while end < count and (classes[end] is SHORT or classes[end] is NEAR_GOOD):
            end += 1
        before = classes[start - 1] if start > 0 else BAD
        after = classes[end] if end < count else BAD
        if before is after:
            outcome = [before] * (end - start)
        else:
            outcome = _divide(classes[start:end], bad_after=after is BAD)
        revised[start:end] = outcome
        start = end
    return revised


def _divide(run: Sequence[ParagraphClass], *, bad_after: bool) -> list[ParagraphClass]:
    """Classes of a run of short and near-good paragraphs with good on one side and bad
    on the other (``bad_after``: the bad side is the end of the run)."""
    near_goods = [index for index, cls in enumerate(run) if cls is NEAR_GOOD]
    if not near_goods:
        return [BAD] * len(run)
    if bad_after:
        divider = near_goods[-1]
        return [GOOD] * (divider + 1) + [BAD] * (len(run) - divider - 1)
    divider = near_goods[0]
    return [BAD] * divider + [GOOD] * (len(run) - divider)


def postprocess_headings(
    paragraphs: Sequence[Paragraph],
    context_free: Sequence[ParagraphClass],
    classes: Sequence[ParagraphClass],
    max_heading_distance: int = MAX_HEADING_DISTANCE,
) -> list[ParagraphClass]:
    """Headings that the context made bad but that were not bad on their own (their
    ``context_free`` class, after :func:`preprocess_headings`) become good when a good
    paragraph follows within ``max_heading_distance`` characters (jusText algorithm
    notes, "headings", stage 4).  Not iterative: a heading made good here does not count
    as good text for the headings before it."""
    revised = list(classes)
    for index, paragraph in enumerate(paragraphs):
        if (
            paragraph.is_heading
            and classes[index] is BAD
            and context_free[index] is not BAD
            and _good_follows(paragraphs, classes, index, max_heading_distance)
        ):
            revised[index] = GOOD
    return revised


__all__ = [
    "BAD",
    "COPYRIGHT_SIGN",
    "GOOD",
    "LANGUAGE_INDEPENDENT_DENSITY",
    "LENGTH_HIGH",
    "LENGTH_LOW",
    "MAX_HEADING_DISTANCE",
    "MAX_LINK_DENSITY",
    "NEAR_GOOD",
    "NO_HEADINGS",
    "SHORT",
    "STOPWORDS_HIGH",
    "STOPWORDS_LOW",
    "ContextFreeClassifier",
    "ParagraphClass",
    "postprocess_headings",
    "preprocess_headings",
    "revise_classification",
]
