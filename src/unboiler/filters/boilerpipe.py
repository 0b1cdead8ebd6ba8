"""The classifiers and heuristics of Boilerpipe (Kohlschütter, Fankhauser and Nejdl,
"Boilerplate Detection using Shallow Text Features", WSDM 2010) as released in Boilerpipe
1.3 (``filters.english`` and ``filters.heuristics``).

The two decision trees of the paper (§4.3, Algorithms 1 and 2) stay literal, one function
each, with their thresholds as named constants; the heuristics around them keep the names
of the Boilerpipe classes they reproduce.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from unboiler.document import Label, TextBlock, TextDocument
from unboiler.filters import neighbours

# --------------------------------------------------------------------------- decision trees

# Thresholds of the two C4.8 trees (WSDM 2010, §4.3, Algorithms 1 and 2, as printed in
# Boilerpipe's NumWordsRulesClassifier and DensityRulesClassifier).
CURR_LINK_DENSITY_MAX: Final = 0.333333
PREV_LINK_DENSITY_MAX: Final = 0.555556
# Algorithm 2 (number of words)
CURR_NUM_WORDS_SHORT: Final = 16
NEXT_NUM_WORDS_SHORT: Final = 15
PREV_NUM_WORDS_SHORT: Final = 4
CURR_NUM_WORDS_AFTER_LINKS: Final = 40
NEXT_NUM_WORDS_AFTER_LINKS: Final = 17
# Algorithm 1 (text density)
CURR_TEXT_DENSITY_LOW: Final = 9
NEXT_TEXT_DENSITY_LOW: Final = 10
PREV_TEXT_DENSITY_LOW: Final = 4
NEXT_TEXT_DENSITY_AFTER_LINKS: Final = 11


def num_words_rule(prev: TextBlock, curr: TextBlock, next: TextBlock) -> bool:
    """Algorithm 2 of WSDM 2010 (§4.3): the classifier on the number of words and link
    density of a block and its two neighbours.  True means content."""
    if curr.link_density <= CURR_LINK_DENSITY_MAX:
        if prev.link_density <= PREV_LINK_DENSITY_MAX:
            if curr.num_words <= CURR_NUM_WORDS_SHORT:
                if next.num_words <= NEXT_NUM_WORDS_SHORT:
                    if prev.num_words <= PREV_NUM_WORDS_SHORT:
                        return False
                    return True
                return True
            return True
        if curr.num_words <= CURR_NUM_WORDS_AFTER_LINKS:
            if next.num_words <= NEXT_NUM_WORDS_AFTER_LINKS:
                return False
            return True
        return True
    return False


def density_rule(prev: TextBlock, curr: TextBlock, next: TextBlock) -> bool:
    """Algorithm 1 of WSDM 2010 (§4.3): the densitometric classifier on the text density
    and link density of a block and its two neighbours.  True means content."""
    if curr.link_density <= CURR_LINK_DENSITY_MAX:
        if prev.link_density <= PREV_LINK_DENSITY_MAX:
            if curr.text_density <= CURR_TEXT_DENSITY_LOW:
                if next.text_density <= NEXT_TEXT_DENSITY_LOW:
                    if prev.text_density <= PREV_TEXT_DENSITY_LOW:
                        return False
                    return True
                return True
            if next.text_density == 0:
                return False
            return True
        if next.text_density <= NEXT_TEXT_DENSITY_AFTER_LINKS:
            return False
        return True
    return False


# Canola rules (Boilerpipe's CanolaFilter, trained on the krdwrd Canola corpus).
CANOLA_NEXT_WORDS_AFTER_LINK: Final = 11
CANOLA_CURR_WORDS: Final = 19
CANOLA_NEXT_WORDS: Final = 6
CANOLA_CURR_WORDS_IN_CONTEXT: Final = 6
CANOLA_PREV_WORDS_IN_CONTEXT: Final = 7
CANOLA_NEXT_WORDS_IN_CONTEXT: Final = 19


def canola_rule(prev: TextBlock, curr: TextBlock, next: TextBlock) -> bool:
    """Boilerpipe's CanolaFilter: content if a linked block precedes a long one, if the
    block is long, or if it sits between link-free neighbours and is not tiny."""
    linked_before_text = curr.link_density > 0 and next.num_words > CANOLA_NEXT_WORDS_AFTER_LINK
    long_block = curr.num_words > CANOLA_CURR_WORDS
    in_text = (
        next.num_words > CANOLA_NEXT_WORDS
        and next.link_density == 0
        and prev.link_density == 0
        and (
            curr.num_words > CANOLA_CURR_WORDS_IN_CONTEXT
            or prev.num_words > CANOLA_PREV_WORDS_IN_CONTEXT
            or next.num_words > CANOLA_NEXT_WORDS_IN_CONTEXT
        )
    )
    return linked_before_text or long_block or in_text


Rule = Callable[[TextBlock, TextBlock, TextBlock], bool]


def _classify(document: TextDocument, rule: Rule) -> bool:
    changed = False
    for prev, curr, next_ in neighbours(document.blocks):
        changed = curr.set_content(rule(prev, curr, next_)) | changed
    return changed


def num_words_rules_classifier(document: TextDocument) -> bool:
    """Classify every block with :func:`num_words_rule` (NumWordsRulesClassifier)."""
    return _classify(document, num_words_rule)


def density_rules_classifier(document: TextDocument) -> bool:
    """Classify every block with :func:`density_rule` (DensityRulesClassifier)."""
    return _classify(document, density_rule)


def canola_classifier(document: TextDocument) -> bool:
    """Classify every block with :func:`canola_rule` (CanolaFilter)."""
    return _classify(document, canola_rule)


# --------------------------------------------------------------------------- end of text

#: Only blocks shorter than this can announce the end of the article (Boilerpipe 1.3
#: TerminatingBlocksFinder; Boilerpipe 1.1 used 20).
TERMINATING_MAX_WORDS: Final = 15
#: Shorter texts are only checked for a lone, fully linked "Comment".
TERMINATING_MIN_LENGTH: Final = 8
# Phrases of Boilerpipe 1.3's TerminatingBlocksFinder, matched on the lower-cased text.
TERMINATING_PREFIXES: Final = ("comments", "© reuters", "please rate this", "post a comment")
TERMINATING_INFIXES: Final = (
    "what you think...",
    "add your comment",
    "add comment",
    "reader views",
    "have your say",
    "reader comments",
    "rätta artikeln",
)
TERMINATING_EXACT: Final = ("thanks for your comments - this feedback is now closed",)
TERMINATING_AFTER_NUMBER: Final = (" comments", " users responded in")
_LEADING_DIGITS: Final = re.compile(r"[0-9]+")


def _terminating_clues() -> tuple[str, ...]:
    phrases = {
        *TERMINATING_PREFIXES,
        *TERMINATING_INFIXES,
        *TERMINATING_EXACT,
        *TERMINATING_AFTER_NUMBER,
        "comment",  # the rule for short texts
    }
    return tuple(sorted(p for p in phrases if not any(q != p and q in p for q in phrases)))


#: Every text :func:`is_terminating_text` accepts holds one of these once lower-cased
#: (each of its phrases holds one), so that a page-wide scan for them finds every block
#: the rule needs to read (the default extractor's features read it for every short
#: block of a page, most of which hold none).
TERMINATING_CLUES: Final = _terminating_clues()


def is_terminating_text(text: str, link_density: float) -> bool:
    """Whether a short block's text reads like the end of an article ("Add your comment",
    "12 comments", "© Reuters")."""
    text = text.strip()
    if len(text) < TERMINATING_MIN_LENGTH:
        return link_density == 1.0 and text == "Comment"
    lowered = text.lower()
    if lowered.startswith(TERMINATING_PREFIXES) or lowered in TERMINATING_EXACT:
        return True
    if any(phrase in lowered for phrase in TERMINATING_INFIXES):
        return True
    digits = _LEADING_DIGITS.match(lowered)
    return digits is not None and lowered.startswith(TERMINATING_AFTER_NUMBER, digits.end())


def terminating_blocks_finder(document: TextDocument) -> bool:
    """Label the short blocks that usually follow an article (comment prompts, agency
    lines) with :attr:`Label.INDICATES_END_OF_TEXT` (Boilerpipe's TerminatingBlocksFinder);
    :class:`IgnoreBlocksAfterContent` acts on the label."""
    changed = False
    for block in document.blocks:
        if block.num_words < TERMINATING_MAX_WORDS and is_terminating_text(
            block.text, block.link_density
        ):
            block.add_label(Label.INDICATES_END_OF_TEXT)
            changed = True
    return changed


#: Text density from which a block's words count as full text (Boilerpipe's
#: HeuristicFilterBase.getNumFullTextWords).
FULLTEXT_MIN_TEXT_DENSITY: Final = 9


def num_fulltext_words(block: TextBlock) -> int:
    """The block's words if it is dense enough to be running text, else zero."""
    return block.num_words if block.text_density >= FULLTEXT_MIN_TEXT_DENSITY else 0


#: Full-text words that must come before an end-of-text label for it to count
#: (Boilerpipe's IgnoreBlocksAfterContentFilter.DEFAULT_INSTANCE).
END_OF_TEXT_MIN_WORDS: Final = 60


@dataclass(frozen=True, kw_only=True)
class IgnoreBlocksAfterContent:
    """Everything from the first end-of-text label on is boilerplate, once at least
    ``min_words`` full-text words of content came before it (Boilerpipe's
    IgnoreBlocksAfterContentFilter); an early "Comments" link in a menu is ignored."""

    min_words: int = END_OF_TEXT_MIN_WORDS

    def __call__(self, document: TextDocument) -> bool:
        changed = False
        words = 0
        found_end = False
        for block in document.blocks:
            if block.is_content:
                words += num_fulltext_words(block)
            if not found_end and words >= self.min_words:
                found_end = Label.INDICATES_END_OF_TEXT in block.labels
            if found_end:
                changed = True
                block.is_content = False
        return changed


# --------------------------------------------------------------------------- title

# Separators that split a <title> into the headline and the site name, tried in turn
# (Boilerpipe 1.3 DocumentTitleMatchClassifier).
_TITLE_SEPARATORS: Final = tuple(
    re.compile(pattern)
    for pattern in (
        r"[ ]*[|»-][ ]*",
        r"[ ]*[|»:][ ]*",
        r"[ ]*[|»:()][ ]*",
        r"[ ]*[|»:()\-][ ]*",
        r"[ ]*[|»,:()\-][ ]*",
        r"[ ]*[|»,:()\-\u00a0][ ]*",
    )
)
_TITLE_WORD_SEPARATORS: Final = (re.compile(r"[ ]+[|][ ]+"), re.compile(r"[ ]+[\-][ ]+"))
#: Words a separated part of the title needs to be a candidate on its own.
TITLE_PART_MIN_WORDS: Final = 4
_TITLE_STRIP_CHARACTERS: Final = re.compile(r"[?!.\-:]+")
_SPACES: Final = re.compile(r" +")


def _split(pattern: re.Pattern[str], text: str) -> list[str]:
    """Split as Java's ``String.split`` does: trailing empty strings are dropped."""
    parts = pattern.split(text)
    while parts and parts[-1] == "":
        parts.pop()
    return parts


def _word_count(part: str) -> int:
    return len(_split(_SPACES, part)) or 1


def _longest_part(title: str, separator: re.Pattern[str]) -> str | None:
    parts = _split(separator, title)
    if len(parts) <= 1:
        return None
    longest = ""
    longest_words = 0
    for part in parts:
        if ".com" in part:
            continue
        words = _word_count(part)
        if words > longest_words or len(part) > len(longest):
            longest_words = words
            longest = part
    return longest.strip() or None


def _normalise_title(text: str) -> str:
    return text.replace("\u00a0", " ").replace("'", "").strip().lower()


def potential_titles(title: str | None) -> set[str]:
    """The forms in which a page's ``<title>`` may appear as its headline: the whole
    title, its longest part between separators, and long enough parts on their own."""
    if title is None:
        return set()
    title = _normalise_title(title)
    if not title:
        return set()
    candidates = {title}
    for separator in _TITLE_SEPARATORS:
        part = _longest_part(title, separator)
        if part is not None:
            candidates.add(part)
    for separator in _TITLE_WORD_SEPARATORS:
        parts = _split(separator, title)
        if len(parts) > 1:
            candidates.update(
                part
                for part in parts
                if ".com" not in part and _word_count(part) >= TITLE_PART_MIN_WORDS
            )
    candidates.add(re.sub(r" - [^\-]+$", "", title, count=1))
    candidates.add(re.sub(r"^[^\-]+ - ", "", title, count=1))
    return candidates


def document_title_match_classifier(document: TextDocument) -> bool:
    """Label the first block that matches the page's ``<title>`` with :attr:`Label.TITLE`
    (Boilerpipe's DocumentTitleMatchClassifier); ExpandTitleToContentFilter starts the
    article there."""
    candidates = potential_titles(document.title)
    if not candidates:
        return False
    for block in document.blocks:
        text = _normalise_title(block.text)
        if text in candidates or _TITLE_STRIP_CHARACTERS.sub("", text).strip() in candidates:
            block.add_label(Label.TITLE)
            return True
    return False


def expand_title_to_content(document: TextDocument) -> bool:
    """Mark as content the blocks between the headline and the start of the content that a
    keep-the-largest step set aside as :attr:`Label.MIGHT_BE_CONTENT` (Boilerpipe's
    ExpandTitleToContentFilter): the lead paragraphs of a news article."""
    title = -1
    content_start = -1
    for index, block in enumerate(document.blocks):
        if content_start == -1 and Label.TITLE in block.labels:
            title = index
        if content_start == -1 and block.is_content:
            content_start = index
    if title == -1 or content_start <= title:
        return False
    changed = False
    for block in document.blocks[title:content_start]:
        if Label.MIGHT_BE_CONTENT in block.labels:
            changed = block.set_content(True) | changed
    return changed


# --------------------------------------------------------------------------- keep largest

#: Words a block at the level of the largest block needs to join it (Boilerpipe 1.3
#: KeepLargestBlockFilter.INSTANCE_EXPAND_TO_SAME_TAGLEVEL_MIN_WORDS).
EXPAND_MIN_WORDS: Final = 150


def _keep_only(blocks: list[TextBlock], largest: TextBlock) -> None:
    for block in blocks:
        if block is largest:
            block.is_content = True
            block.add_label(Label.VERY_LIKELY_CONTENT)
        else:
            block.is_content = False
            block.add_label(Label.MIGHT_BE_CONTENT)


@dataclass(frozen=True, kw_only=True)
class KeepLargestBlock:
    """Keep only the content block with the most words, the first of equals (Boilerpipe's
    KeepLargestBlockFilter); the others become boilerplate labelled
    :attr:`Label.MIGHT_BE_CONTENT` for later filters to reconsider.

    With ``expand_to_same_tag_level``, blocks of at least ``min_words`` words at the same
    element depth as the largest one, reached from it without climbing above that depth,
    are kept too: the other long paragraphs of the same article body.
    """

    expand_to_same_tag_level: bool = False
    min_words: int = 0

    def __call__(self, document: TextDocument) -> bool:
        blocks = document.blocks
        if len(blocks) < 2:
            return False
        largest: TextBlock | None = None
        index = -1
        for position, block in enumerate(blocks):
            if block.is_content and (largest is None or block.num_words > largest.num_words):
                largest = block
                index = position
        if largest is None:
            for block in blocks:
                block.is_content = False
                block.add_label(Label.MIGHT_BE_CONTENT)
            return True
        _keep_only(blocks, largest)
        if self.expand_to_same_tag_level:
            level = largest.tag_level
            for run in (reversed(blocks[:index]), blocks[index:]):
                for block in run:
                    if block.tag_level < level:
                        break
                    if block.tag_level == level and block.num_words >= self.min_words:
                        block.is_content = True
        return True


def keep_largest_fulltext_block(document: TextDocument) -> bool:
    """Keep only the content block with the most full-text words (Boilerpipe 1.1's
    KeepLargestFulltextBlockFilter): like :class:`KeepLargestBlock`, but sparse blocks
    count for nothing."""
    blocks = document.blocks
    if len(blocks) < 2:
        return False
    largest: TextBlock | None = None
    most = -1
    for block in blocks:
        if block.is_content and num_fulltext_words(block) > most:
            largest = block
            most = num_fulltext_words(block)
    if largest is None:
        return False
    for block in blocks:
        if block is largest:
            block.is_content = True
        else:
            block.is_content = False
            block.add_label(Label.MIGHT_BE_CONTENT)
    return True


#: Words a block needs to join the content for being at its element depth (Boilerpipe
#: 1.3 LargeBlockSameTagLevelToContentFilter).
LARGE_BLOCK_MIN_WORDS: Final = 100


def large_block_same_tag_level_to_content(document: TextDocument) -> bool:
    """Mark as content every long block at the element depth of the block chosen as very
    likely content (Boilerpipe 1.3 LargeBlockSameTagLevelToContentFilter)."""
    level = next(
        (
            block.tag_level
            for block in document.blocks
            if block.is_content and Label.VERY_LIKELY_CONTENT in block.labels
        ),
        None,
    )
    if level is None:
        return False
    changed = False
    for block in document.blocks:
        if (
            not block.is_content
            and block.num_words >= LARGE_BLOCK_MIN_WORDS
            and block.tag_level == level
        ):
            block.is_content = True
            changed = True
    return changed


def list_at_end(document: TextDocument) -> bool:
    """Restore the link-free list items nested right below the main content (Boilerpipe
    1.3 ListAtEndFilter): a bulleted summary at the end of an article."""
    changed = False
    level: float = float("inf")
    for block in document.blocks:
        if block.is_content and Label.VERY_LIKELY_CONTENT in block.labels:
            level = block.tag_level
        elif (
            block.tag_level > level
            and Label.MIGHT_BE_CONTENT in block.labels
            and Label.LI in block.labels
            and block.link_density == 0
        ):
            block.is_content = True
            changed = True
        else:
            level = float("inf")
    return changed


def trailing_headline_to_boilerplate(document: TextDocument) -> bool:
    """Headings that come after all other content are boilerplate (Boilerpipe 1.3
    TrailingHeadlineToBoilerplateFilter): "Related stories", "More from …"."""
    changed = False
    for block in reversed(document.blocks):
        if block.is_content:
            if Label.HEADING not in block.labels:
                break
            block.is_content = False
            changed = True
    return changed


__all__ = [
    "IgnoreBlocksAfterContent",
    "KeepLargestBlock",
    "canola_classifier",
    "canola_rule",
    "density_rule",
    "density_rules_classifier",
    "document_title_match_classifier",
    "expand_title_to_content",
    "is_terminating_text",
    "keep_largest_fulltext_block",
    "large_block_same_tag_level_to_content",
    "list_at_end",
    "num_fulltext_words",
    "num_words_rule",
    "num_words_rules_classifier",
    "potential_titles",
    "terminating_blocks_finder",
    "trailing_headline_to_boilerplate",
]
