"""The document model every extractor shares: a page as a sequence of text blocks.

A :class:`TextBlock` is a run of text that no block-level element interrupts, with the raw
counts Boilerpipe's features are made of (Kohlschütter et al., WSDM 2010, §4.2) and the DOM
element(s) it came from.  Densities are properties computed from the counts, so merging two
blocks can never leave a stale value.  A :class:`TextDocument` is made fresh for every page
and is never shared; filters mutate it in place.

Nothing here parses HTML or applies a rule: see :mod:`unboiler.parse` and
:mod:`unboiler.filters`.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator
from typing import Any

from unboiler.text import count_words, normalize_space, wrap_stats


class Label(enum.StrEnum):
    """Labels a block can carry; Boilerpipe's ``DefaultLabels`` plus the tags it marks."""

    TITLE = "title"
    """The block matches the page's ``<title>`` (DocumentTitleMatchClassifier)."""
    INDICATES_END_OF_TEXT = "indicates-end-of-text"
    """A phrase such as "Add your comment" that usually follows the article."""
    MIGHT_BE_CONTENT = "might-be-content"
    """Discarded by a keep-the-largest step but may be restored by a later one."""
    VERY_LIKELY_CONTENT = "very-likely-content"
    """The block a keep-the-largest step chose as the core of the article."""
    STRICTLY_NOT_CONTENT = "strictly-not-content"
    """Never to be turned into content by a later filter."""
    HEADING = "heading"
    """Inside ``<h1>``–``<h3>`` (Boilerpipe 1.3 labels only these three levels)."""
    H1 = "h1"
    H2 = "h2"
    H3 = "h3"
    LI = "li"
    """Inside a list item."""
    CONTINUES = "continues"
    """The block goes on with the line of the block before it, which only an element the
    parser skips but a browser shows inside the line cut from it (a formula, an inline
    SVG icon, a script: :data:`unboiler.tags.IN_LINE_IGNORED_TAGS`)."""


class TextBlock:
    """A run of page text with its shallow features and its source elements.

    Counts follow Boilerpipe's ``TextBlock``: ``num_words`` word tokens, of which
    ``num_linked_words`` sit inside ``<a>``; ``num_words_in_wrapped_lines`` words on the
    ``num_wrapped_lines`` filled lines of an 80-column wrap.  ``offset_start`` and
    ``offset_end`` are the positions of the first and last original block a (possibly
    merged) block covers, which is what proximity fusion measures distances with.
    ``tag_level`` is the element depth where its text started (block-level elements,
    anchors and ignorable elements count, inline formatting does not).  ``labels`` is an
    immutable set, replaced when a label is added, so blocks can share one safely.
    """

    __slots__ = (
        "_texts",
        "is_content",
        "labels",
        "nodes",
        "num_linked_words",
        "num_words",
        "num_words_in_wrapped_lines",
        "num_wrapped_lines",
        "offset_end",
        "offset_start",
        "score",
        "tag_level",
    )

    def __init__(
        self,
        text: str,
        *,
        num_words: int,
        num_linked_words: int = 0,
        num_words_in_wrapped_lines: int | None = None,
        num_wrapped_lines: int = 1,
        offset: int = 0,
        tag_level: int = 0,
        labels: Iterable[Label] = (),
        is_content: bool = False,
        node: Any = None,
    ) -> None:
        if num_words_in_wrapped_lines is None:
            num_words_in_wrapped_lines = num_words
        if num_words_in_wrapped_lines == 0:
            # Boilerpipe's initDensities: a block whose filled lines hold no word (a single
            # token longer than a line) counts as one line with all its words.
            num_words_in_wrapped_lines = num_words
            num_wrapped_lines = 1
        self._texts = [text]
        self.num_words = num_words
        self.num_linked_words = num_linked_words
        self.num_words_in_wrapped_lines = num_words_in_wrapped_lines
        self.num_wrapped_lines = num_wrapped_lines
        self.offset_start = offset
        self.offset_end = offset
        self.tag_level = tag_level
        self.labels: frozenset[Label] = frozenset(labels)
        self.is_content = is_content
        self.nodes: list[Any] = [node] if node is not None else []
        #: The probability of being content a trained extractor gave the block (None
        #: when no model decided it): what explanations and the visual page show.
        self.score: float | None = None

    @classmethod
    def from_text(cls, text: str, *, link_text: str = "", **fields: Any) -> TextBlock:
        """A block whose counts are computed from its text (and the part of it inside
        links): what the parser does, for tests and for filters that split blocks."""
        stats = wrap_stats(normalize_space(text))
        return cls(
            text,
            num_words=stats.num_words,
            num_linked_words=count_words(link_text) if link_text else 0,
            num_words_in_wrapped_lines=stats.words_in_wrapped_lines,
            num_wrapped_lines=stats.wrapped_lines,
            **fields,
        )

    @classmethod
    def from_parser(
        cls,
        text: str,
        stats: tuple[int, int, int],
        num_linked_words: int,
        offset: int,
        tag_level: int,
        labels: frozenset[Label],
        node: Any,
    ) -> TextBlock:
        """The parser's constructor: positional, no defaults to resolve, the word
        statistics (words, words in wrapped lines, wrapped lines) computed in bulk
        beforehand.  It runs for every block of every page."""
        block = cls.__new__(cls)
        num_words, in_wrapped, wrapped = stats
        if in_wrapped == 0:  # see __init__
            in_wrapped = num_words
            wrapped = 1
        block._texts = [text]
        block.num_words = num_words
        block.num_linked_words = num_linked_words
        block.num_words_in_wrapped_lines = in_wrapped
        block.num_wrapped_lines = wrapped
        block.offset_start = offset
        block.offset_end = offset
        block.tag_level = tag_level
        block.labels = labels
        block.is_content = False
        block.nodes = [node]
        block.score = None
        return block

    @property
    def text(self) -> str:
        """The block's text; merged parts are separated by newlines, as in Boilerpipe."""
        texts = self._texts
        return texts[0] if len(texts) == 1 else "\n".join(texts)

    @property
    def parts(self) -> list[str]:
        """The texts of the original blocks this block was merged from, in order."""
        return list(self._texts)

    @property
    def link_density(self) -> float:
        """Share of the words that sit inside ``<a>`` (WSDM 2010, §4.2)."""
        return self.num_linked_words / self.num_words if self.num_words else 0.0

    @property
    def text_density(self) -> float:
        """Words per filled 80-column line (WSDM 2010, §4.2, after Kohlschütter and Nejdl
        2008)."""
        if self.num_words_in_wrapped_lines == 0:
            return float(self.num_words)
        return self.num_words_in_wrapped_lines / self.num_wrapped_lines

    @property
    def node(self) -> Any:
        """The first DOM element the block came from (``None`` for hand-built blocks)."""
        return self.nodes[0] if self.nodes else None

    @property
    def tag(self) -> str:
        """Tag name of the innermost block-level element around the block's first text."""
        node = self.node
        return (node.tag or "") if node is not None else ""

    @property
    def tag_path(self) -> str:
        """Tag names from ``<html>`` down to :attr:`tag`, joined by ``/``; computed from the
        tree on demand, since most extractors never ask."""
        names: list[str] = []
        node = self.node
        while node is not None and node.tag not in (None, "-document", "#document"):
            names.append(node.tag)
            node = node.parent
        return "/".join(reversed(names))

    @property
    def is_heading(self) -> bool:
        """Whether the block's text started inside ``<h1>``–``<h6>``."""
        tag = self.tag
        return len(tag) == 2 and tag[0] == "h" and tag[1] in "123456"

    def has_label(self, label: Label) -> bool:
        return label in self.labels

    def add_label(self, label: Label) -> None:
        if label not in self.labels:
            self.labels = self.labels | {label}

    def remove_label(self, label: Label) -> None:
        if label in self.labels:
            self.labels = self.labels - {label}

    def set_content(self, is_content: bool) -> bool:
        """Set the content flag; True when that changed it (what filters report)."""
        if is_content == self.is_content:
            return False
        self.is_content = is_content
        return True

    def copy(self) -> TextBlock:
        """An independent copy (its lists are new; labels are immutable and shared)."""
        clone = TextBlock.__new__(TextBlock)
        for name in TextBlock.__slots__:
            setattr(clone, name, getattr(self, name))
        clone._texts = list(self._texts)
        clone.nodes = list(self.nodes)
        return clone

    def merge_next(self, other: TextBlock) -> None:
        """Absorb the block that follows this one (Boilerpipe's ``TextBlock.mergeNext``):
        counts add up, offsets span both, labels unite, the content flag is or-ed and the
        tag level is the shallower of the two."""
        self._texts.extend(other._texts)
        self.num_words += other.num_words
        self.num_linked_words += other.num_linked_words
        self.num_words_in_wrapped_lines += other.num_words_in_wrapped_lines
        self.num_wrapped_lines += other.num_wrapped_lines
        self.offset_start = min(self.offset_start, other.offset_start)
        self.offset_end = max(self.offset_end, other.offset_end)
        if other.labels:
            self.labels = self.labels | other.labels
        self.is_content = self.is_content or other.is_content
        self.tag_level = min(self.tag_level, other.tag_level)
        self.nodes.extend(other.nodes)
        if other.score is not None:
            self.score = other.score if self.score is None else max(self.score, other.score)

    def __repr__(self) -> str:
        flag = "+" if self.is_content else "-"
        text = self.text
        short = text if len(text) <= 40 else text[:37] + "..."
        return (
            f"<TextBlock {flag} [{self.offset_start}-{self.offset_end}] words={self.num_words} "
            f"ld={self.link_density:.2f} td={self.text_density:.2f} level={self.tag_level} "
            f"{short!r}>"
        )


#: The virtual neighbour of the first and last block in Boilerpipe's classifiers
#: (``TextBlock.EMPTY_START``): no words, no links, density zero.
EMPTY_BLOCK = TextBlock("", num_words=0, offset=-1)


class TextDocument:
    """A page as text blocks, plus what filters need from the page as a whole.

    ``blocks`` is the current list: filters may merge or remove blocks.  ``tree`` is the
    parsed DOM the blocks' nodes belong to (``None`` for hand-built documents); ``title``
    is the text of ``<title>``; ``url`` and ``language`` are given by the caller or found
    by later stages; ``source`` is the decoded HTML, for methods that read the markup as
    lines of text rather than as a tree (None for hand-built documents); ``metadata``
    holds what extractors or metadata stages find about the page (``"date"``,
    ``"author"``, a headline found in the body as ``"headline"``, ...).

    ``spacers`` are the page's runs of nothing but no-break spaces (``<p>&nbsp;</p>``),
    each with the index of the block it comes before: Boilerpipe reads U+00A0 as a
    character (Java's ``Character.isWhitespace`` says it is none), so they are blocks
    without words for its filters, neighbours that its rules look at.  The Boilerpipe
    recipes insert them (:func:`unboiler.filters.boilerpipe.insert_spacer_blocks`); no
    other method sees them.
    """

    __slots__ = (
        "blocks",
        "language",
        "metadata",
        "page_type",
        "source",
        "spacers",
        "title",
        "tree",
        "url",
    )

    def __init__(
        self,
        blocks: list[TextBlock],
        *,
        title: str | None = None,
        url: str | None = None,
        language: str | None = None,
        tree: Any = None,
        source: str | None = None,
        metadata: dict[str, str] | None = None,
        page_type: str | None = None,
        spacers: list[tuple[int, TextBlock]] | None = None,
    ) -> None:
        self.blocks = blocks
        self.spacers: list[tuple[int, TextBlock]] = list(spacers) if spacers else []
        self.title = title
        self.url = url
        self.language = language
        self.tree = tree
        self.source = source
        self.metadata: dict[str, str] = dict(metadata) if metadata else {}
        #: What kind of page this is (one of WCXB's seven types), when an extractor that
        #: predicts it has run; None otherwise.
        self.page_type = page_type

    def copy(self) -> TextDocument:
        """A copy whose blocks can be changed without touching this one's; the tree is
        shared, since no filter changes it."""
        return TextDocument(
            [block.copy() for block in self.blocks],
            title=self.title,
            url=self.url,
            language=self.language,
            tree=self.tree,
            source=self.source,
            metadata=self.metadata,
            page_type=self.page_type,
            spacers=[(index, block.copy()) for index, block in self.spacers],
        )

    def __iter__(self) -> Iterator[TextBlock]:
        return iter(self.blocks)

    def __len__(self) -> int:
        return len(self.blocks)

    @property
    def content_blocks(self) -> list[TextBlock]:
        return [block for block in self.blocks if block.is_content]

    @property
    def content(self) -> str:
        """The text of the content blocks, one block per line."""
        return "\n".join(block.text for block in self.blocks if block.is_content)

    @property
    def text(self) -> str:
        """The text of every block, content or not."""
        return "\n".join(block.text for block in self.blocks)


__all__ = ["EMPTY_BLOCK", "Label", "TextBlock", "TextDocument"]
