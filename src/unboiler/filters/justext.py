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
good paragraphs as content.  jusText's paragraphs are not our blocks: it splits the page
at fewer elements (its own list, and runs of two or more ``<br>``), so a paragraph is one
or more of our blocks; it walks ``document.tree`` once more to build them and maps them
back onto the blocks by their text.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final

from selectolax.lexbor import LexborHTMLParser

from unboiler.document import TextDocument
from unboiler.errors import ExtractionError
from unboiler.language import UNSPACED_LANGUAGES, stop_words
from unboiler.text import word_texts

# --------------------------------------------------------------------------- parameters
# The published defaults (jusText algorithm notes, "default settings"; Pomikálek 2011).

#: Paragraphs whose share of characters inside ``<a>`` exceeds this are bad.
MAX_LINK_DENSITY: Final = 0.2
#: Paragraphs shorter than this many characters are "short".
LENGTH_LOW: Final = 70
#: Paragraphs longer than this many characters can be "good" on their own.
LENGTH_HIGH: Final = 200
#: Stop-word density above which a paragraph of medium or long length is near-good.
STOPWORDS_LOW: Final = 0.30
#: Stop-word density above which a long paragraph is good.
STOPWORDS_HIGH: Final = 0.32
#: Characters that may lie between a heading and the good paragraph it belongs to
#: (Pomikálek 2011, the heading rules of jusText; 200 characters).
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


@dataclass(frozen=True, slots=True)
class Paragraph:
    """One jusText paragraph: its whitespace-normalised text, how many of its characters
    sit inside links, and where it stands in the page."""

    text: str
    chars_in_links: int = 0
    is_heading: bool = False
    """Its text lies inside ``<h1>``–``<h6>``."""
    in_select: bool = False
    """Its text lies inside ``<select>`` (the options of a form field)."""
    length: int = -1
    """Length in characters, the measure of all of jusText's size rules: the length of
    the text unless given (see :func:`weigh_unspaced`)."""

    def __post_init__(self) -> None:
        if self.length < 0:
            object.__setattr__(self, "length", len(self.text))

    @property
    def link_density(self) -> float:
        """Share of the characters that sit inside ``<a>``."""
        length = len(self.text)
        return min(self.chars_in_links / length, 1.0) if length else 0.0

    def stop_word_density(self, stop_words: frozenset[str]) -> float:
        """Share of the whitespace-separated tokens that are stop words (compared in
        lower case, without the punctuation around them)."""
        tokens = self.text.lower().split()
        if not tokens:
            return 0.0
        hits = sum(1 for token in tokens if token.strip(_PUNCTUATION) in stop_words)
        return hits / len(tokens)


# Punctuation a whitespace token may carry around a word ("the,", "(for", "it."), which
# function-word lists, unlike jusText's frequency lists, never include.
_PUNCTUATION: Final = "\"'`.,:;!?()[]{}<>«»‘’“”„‚‹›…–—-/\\*&#%|"


# --------------------------------------------------------------------------- segmentation

#: The elements that separate paragraphs (jusText algorithm notes, "segmentation").
PARAGRAPH_TAGS: Final = frozenset(
    {
        "blockquote", "caption", "center", "col", "colgroup", "dd", "div", "dl", "dt",
        "fieldset", "form", "h1", "h2", "h3", "h4", "h5", "h6", "legend", "li",
        "optgroup", "option", "p", "pre", "table", "td", "textarea", "tfoot", "th",
        "thead", "tr", "ul",
    }
)  # fmt: skip
#: Elements removed with their content before segmentation: ``<header>``, ``<style>``
#: and ``<script>`` (jusText algorithm notes, "preprocessing"), and the elements whose
#: content is never shown as page text, which our parser skips as well.
REMOVED_TAGS: Final = frozenset(
    {
        "header", "style", "script", "noscript", "template", "svg", "math", "iframe",
        "canvas", "audio", "video", "object", "embed", "applet",
    }
)  # fmt: skip
#: Inline formatting: text on either side runs on without a space.  Any other element
#: that is not a paragraph tag (``<section>``, ``<span>``-like custom elements, ``<br>``)
#: keeps its paragraph together but separates words.
INLINE_TAGS: Final = frozenset(
    {
        "a", "abbr", "acronym", "b", "bdi", "bdo", "big", "cite", "code", "data", "del",
        "dfn", "em", "font", "i", "img", "ins", "kbd", "label", "mark", "nobr", "q", "rp",
        "rt", "ruby", "s", "samp", "small", "span", "strike", "strong", "sub", "sup",
        "time", "tt", "u", "var", "wbr",
    }
)  # fmt: skip
HEADING_TAGS: Final = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})

# What an element does during the walk, as bits of one flag word per lexbor tag id.
_BOUNDARY: Final = 1  # a paragraph tag
_REMOVED: Final = 2  # skipped with its content
_INLINE: Final = 4  # no space around it
_BR: Final = 8
_HEADING: Final = 16
_SELECT: Final = 32
_LINK: Final = 64
_SPACED: Final = 0  # any other element


def _tag_flags() -> tuple[dict[int, int], int, int]:
    """Flags by lexbor tag id, found by parsing one sample of each tag (lexbor's ids of
    standard tags are fixed; custom elements get ids of their own and the default)."""
    flags_by_name: dict[str, int] = {}
    for name in PARAGRAPH_TAGS:
        flags_by_name[name] = _BOUNDARY
    for name in REMOVED_TAGS:
        flags_by_name[name] = _REMOVED
    for name in INLINE_TAGS:
        flags_by_name[name] = _INLINE
    for name in HEADING_TAGS:
        flags_by_name[name] |= _HEADING
    # A removed <header> is a block of the page: the text before and after it does not
    # run on as one paragraph.
    flags_by_name["header"] |= _BOUNDARY
    flags_by_name["a"] |= _LINK
    flags_by_name["br"] = _BR
    flags_by_name["select"] = _SELECT
    flags_by_name["option"] |= _SELECT
    # Table parts and options only parse inside their parents.
    nested = {"caption", "col", "colgroup", "td", "tfoot", "th", "thead", "tr", "option"}
    sample = "".join(f"<{name}></{name}>" for name in sorted(set(flags_by_name) - nested))
    table = (
        "<table><caption></caption><colgroup><col></colgroup><thead><tr><th></th></tr>"
        "</thead><tfoot><tr><td></td></tr></tfoot></table>"
    )
    tree = LexborHTMLParser(f"<body><select><option></option></select>{table}{sample}x<!--c-->")
    ids: dict[str, int] = {}
    text_id = comment_id = -1
    for node in tree.root.traverse(include_text=True):  # type: ignore[union-attr]
        if node.is_text_node:
            text_id = node.tag_id
        elif node.is_comment_node:
            comment_id = node.tag_id
        else:
            ids.setdefault(node.tag or "", node.tag_id)
    missing = set(flags_by_name) - set(ids)
    if missing or text_id < 0 or comment_id < 0:  # pragma: no cover - guards a lexbor change
        raise RuntimeError(f"lexbor did not report tag ids for {sorted(missing)}")
    return {ids[name]: flags for name, flags in flags_by_name.items()}, text_id, comment_id


_FLAGS_BY_ID, _TEXT_ID, _COMMENT_ID = _tag_flags()


def make_paragraphs(tree: LexborHTMLParser) -> list[Paragraph]:
    """Preprocess and segment the page's ``<body>`` into jusText paragraphs.

    Preprocessing drops :data:`REMOVED_TAGS` with their content.  Segmentation starts a
    new paragraph at the start and end of every :data:`PARAGRAPH_TAGS` element and at
    the second of two ``<br>`` with nothing but whitespace between them (a single
    ``<br>`` is a line break inside the paragraph).  A paragraph records whether its
    first text lies in a heading or a ``<select>``, which the classification needs.
    Paragraphs without text are not made.

    One iterative walk with an explicit stack, so no nesting depth exhausts Python's.
    """
    body = tree.body
    if body is None:
        return []
    flags_by_id = _FLAGS_BY_ID
    text_id = _TEXT_ID
    comment_id = _COMMENT_ID
    paragraphs: list[Paragraph] = []
    pieces: list[str] = []
    link_pieces: list[str] = []
    is_heading = in_select = False  # of the paragraph being built
    headings = selects = links = 0  # open elements of each kind
    after_br = False  # a <br> came last, with only whitespace after it
    stack: list[tuple[Any, int]] = []
    node = body.first_child

    def flush() -> None:
        text = " ".join("".join(pieces).split())
        pieces.clear()
        if text:
            linked = len(" ".join("".join(link_pieces).split())) if link_pieces else 0
            paragraphs.append(Paragraph(text, linked, is_heading, in_select))
        link_pieces.clear()

    while True:
        if node is None:
            if not stack:
                break
            element, flags = stack.pop()
            if flags & _BOUNDARY:
                if pieces:
                    flush()
            elif not flags & _INLINE and pieces:
                pieces.append(" ")
            if flags & _HEADING:
                headings -= 1
            if flags & _SELECT:
                selects -= 1
            if flags & _LINK:
                links -= 1
            node = element.next
            continue

        tag_id = node.tag_id
        if tag_id == text_id:
            if node.is_empty_text_node:
                if pieces:
                    pieces.append(" ")
            else:
                text = node.text_content or ""
                if not pieces:
                    is_heading = headings > 0
                    in_select = selects > 0
                pieces.append(text)
                if links:
                    link_pieces.append(text)
                after_br = False
            node = node.next
            continue
        if tag_id == comment_id:
            node = node.next
            continue

        flags = flags_by_id.get(tag_id, _SPACED)
        if flags & _REMOVED:
            if flags & _BOUNDARY and pieces:
                flush()
            node = node.next
            continue
        if flags & _BR:
            if after_br:
                if pieces:
                    flush()
            else:
                after_br = True
                if pieces:
                    pieces.append(" ")
            node = node.next
            continue
        if flags & _BOUNDARY:
            if pieces:
                flush()
        else:
            after_br = False
            if not flags & _INLINE and pieces:
                pieces.append(" ")
        if flags & _HEADING:
            headings += 1
        if flags & _SELECT:
            selects += 1
        if flags & _LINK:
            links += 1
        stack.append((node, flags))
        node = node.first_child

    if pieces:
        flush()
    return paragraphs


# --------------------------------------------------------------------------- classification


@dataclass(frozen=True)
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
            stopwords_density = paragraph.stop_word_density(stop_words)
        if stopwords_density > self.stopwords_high:
            if length > self.length_high:
                return GOOD
            return NEAR_GOOD
        if stopwords_density > self.stopwords_low:
            return NEAR_GOOD
        return BAD


def weigh_unspaced(paragraphs: Sequence[Paragraph]) -> list[Paragraph]:
    """The paragraphs with their lengths in the Latin characters their text is worth.

    jusText's length thresholds were set on European languages, where 70 characters are
    about a dozen words.  A Chinese or Japanese character carries about as much as four
    Latin ones, so on pages in a language written without spaces every paragraph would
    be short.  Their lengths are measured here as the length of the text with each run
    of unspaced script replaced by as many average English words as it is worth (the
    calibration of :mod:`unboiler.text`); an adaptation of ours, not jusText's.
    """
    weighed = word_texts([paragraph.text for paragraph in paragraphs])
    return [
        replace(paragraph, length=len(words))
        for paragraph, words in zip(paragraphs, weighed, strict=True)
    ]


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


# --------------------------------------------------------------------------- blocks


def _squeeze(text: str) -> str:
    """``text`` without whitespace: two walks over the same text nodes that split or
    space the text differently agree on this."""
    return "".join(text.split())


def good_blocks(
    document: TextDocument, paragraphs: Sequence[Paragraph], classes: Sequence[ParagraphClass]
) -> list[bool]:
    """For each block of ``document``, whether its text lies in a good paragraph.

    Both the blocks and the paragraphs hold the page's text in page order, cut at
    different places and with text the other leaves out (jusText removes ``<header>``;
    our parser drops the options of ``<select>``).  Each paragraph is looked up in the
    blocks' running text from where the previous one ended, ignoring whitespace; a
    paragraph that is not found is skipped.  A block is content when at least half of
    its characters lie in good paragraphs.
    """
    blocks = document.blocks
    squeezed = [_squeeze(block.text) for block in blocks]
    running = "".join(squeezed)
    spans: list[tuple[int, int]] = []
    cursor = 0
    for paragraph, cls in zip(paragraphs, classes, strict=True):
        if paragraph.in_select:  # not in the blocks: our parser drops <option> text
            continue
        needle = _squeeze(paragraph.text)
        if not needle:
            continue
        found = running.find(needle, cursor)
        if found < 0:
            continue
        cursor = found + len(needle)
        if cls is GOOD:
            spans.append((found, cursor))
    result: list[bool] = []
    position = 0
    first = 0  # the first span that does not end before the current block
    for text in squeezed:
        start, end = position, position + len(text)
        position = end
        while first < len(spans) and spans[first][1] <= start:
            first += 1
        covered = 0
        index = first
        while index < len(spans) and spans[index][0] < end:
            covered += min(end, spans[index][1]) - max(start, spans[index][0])
            index += 1
        result.append(bool(text) and 2 * covered >= len(text))
    return result


def language_stop_words(language: str | None) -> frozenset[str] | None:
    """The stop list jusText uses for a page in ``language``: ``None`` (the
    language-independent mode) when the language is unknown, has no list, or is written
    without spaces, where whitespace tokens are not words."""
    if language is None or language in UNSPACED_LANGUAGES:
        return None
    return stop_words(language)


@dataclass(frozen=True)
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
        changed = False
        for block, is_good in zip(
            document.blocks, good_blocks(document, paragraphs, classes), strict=True
        ):
            changed = block.set_content(is_good) | changed
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
    "REMOVED_TAGS",
    "SHORT",
    "STOPWORDS_HIGH",
    "STOPWORDS_LOW",
    "ContextFreeClassifier",
    "JusText",
    "Paragraph",
    "ParagraphClass",
    "good_blocks",
    "language_stop_words",
    "make_paragraphs",
    "postprocess_headings",
    "preprocess_headings",
    "revise_classification",
    "weigh_unspaced",
]
