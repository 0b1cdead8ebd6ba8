"""The default extractor's view of a page: one row of numbers per block, one per page.

Each family of extractors in this project reads one kind of evidence, and each fails where
its evidence does: Boilerpipe's word counts and link density around a block (Kohlschütter
et al., WSDM 2010, §4.2-4.3) miss a short paragraph after a table; the tree filter's
ancestor groups (Viveros-Jiménez et al. 2018) pick a sidebar that holds more text than the
post; jusText's stop-word density (Pomikálek 2011, §3.3) knows nothing of markup; none of
them reads what authors write in their markup.  The default extractor hands all of it to
one trained model (:mod:`unboiler.classify.default_model`), which weighs it from data:

* the block: words, link density, text density, sentence and punctuation statistics,
  stop-word density in the page's language, dates, prices, copyright lines, whether it
  repeats the page title, Boilerpipe's NumWords rule and its end-of-text phrases, and
  whether it is under a heading or after a label that names the page's furniture
  ("You may also like", "Comments": :data:`FURNITURE_LABELS`);
* its neighbours: the same for the blocks before and after, and over windows of 2 and 5;
* its ancestors: the share of the page's words and links under each of its six nearest
  enclosing elements, how often the element's tag and class repeat among its siblings
  (the posts of a thread, the items of a list), the prices under two of them (a grid of
  priced cards), and whether it lies under the container
  of the tree filter's largest paragraph group;
* the landmarks and class words around it (:mod:`unboiler.classify.context`): flags of
  the block's own element and its two parents, and of any ancestor;
* the page: its size, link density, where its words lie (under ``<article>``, lists,
  tables, comment, product and thread containers), its JSON-LD and Open Graph types and
  the words of its URL path: what tells a forum from a product page from an article.

Everything is computed from the one :class:`~unboiler.document.TextDocument`, as numpy
columns over the blocks, the same way for training and for extraction.  Any change to what
a column means must bump :data:`SIGNALS_VERSION`; models record it and are refused by a
version that computes something else.
"""

from __future__ import annotations

import math
import operator
import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from unboiler.classify.context import BIT, FLAGS, ElementTable, element_table
from unboiler.document import TextDocument
from unboiler.errors import ConfigurationError
from unboiler.filters.boilerpipe import TERMINATING_CLUES, is_terminating_text
from unboiler.text import LONG_TEXT, count_tokens

#: Bump when a feature changes meaning, or the list or order of features changes.
SIGNALS_VERSION: Final = 2
#: Enclosing elements whose totals are features, nearest first.
ANCESTOR_DEPTHS: Final = 6
#: Half-widths of the windows of neighbouring blocks.
WINDOWS: Final = (2, 5)
#: Blocks of at least this many words, with link density below the next figure, are the
#: "paragraphs" whose containers the tree-filter features group (Viveros-Jiménez et al.
#: 2018 group paragraph elements; any block that reads as running text serves here).
PARAGRAPH_MIN_WORDS: Final = 10
PARAGRAPH_MAX_LINK_DENSITY: Final = 0.33
#: Blocks since the last heading (the heading itself is 0) are counted up to this; a
#: block before any heading has this value.
MAX_SINCE_HEADING: Final = 50
#: Blocks of fewer words are checked for Boilerpipe's end-of-text phrases (its
#: TerminatingBlocksFinder looks at blocks under 15 words).
END_OF_TEXT_MAX_WORDS: Final = 15
#: Blocks of at most this many words are compared with the page title.
TITLE_MAX_WORDS: Final = 30

# Flags summarised page-wide: how many enclosing elements carry each, and how much of
# the page's text lies under one.
_PAGE_FLAGS: Final = (
    "article",
    "main",
    "nav",
    "aside",
    "header",
    "footer",
    "list_item",
    "table",
    "pre",
    "form",
    "heading",
    "w_comment",
    "w_thread",
    "w_product",
    "w_card",
    "w_post",
    "w_content",
    "w_sidebar",
    "w_related",
    "w_docs",
    "w_code",
    "body_prop",
)

_PAGE_BITS: Final = np.asarray([BIT[flag] for flag in _PAGE_FLAGS], dtype=np.int64)

#: schema.org types (from JSON-LD ``@type`` and microdata ``itemtype``) and Open Graph
#: ``og:type`` values, grouped by what they say the page is.
SCHEMA_GROUPS: Final = {
    "article": (
        "article",
        "newsarticle",
        "blogposting",
        "report",
        "scholarlyarticle",
        "liveblogposting",
        "opinionnewsarticle",
        "reportagenewsarticle",
    ),
    "forum": (
        "discussionforumposting",
        "qapage",
        "question",
        "answer",
        "comment",
        "socialmediaposting",
    ),
    "product": (
        "product",
        "offer",
        "aggregateoffer",
        "productgroup",
        "individualproduct",
        "aggregaterating",
        "review",
    ),
    "collection": ("collectionpage", "itemlist", "searchresultspage", "offercatalog", "listitem"),
    "docs": ("techarticle", "apireference", "softwaresourcecode", "howto"),
    "service": (
        "service",
        "localbusiness",
        "organization",
        "professionalservice",
        "faqpage",
        "softwareapplication",
        "webapplication",
        "corporation",
        "place",
    ),
    "page": ("webpage", "aboutpage", "contactpage", "profilepage", "website"),
    "recipe_event": ("recipe", "event", "course", "jobposting", "videoobject"),
}
# Each pattern starts with a literal, so the regex engine scans for it at memchr speed.
# Each marker is found with str.find (fast), and the pattern matched only where it is.
_SCHEMA_TYPES: Final = (
    ('"@type"', re.compile(r'"@type"\s*:\s*\[?\s*"([A-Za-z]+)')),
    ("itemtype", re.compile(r"""itemtype\s*=\s*["']?https?://schema\.org/([A-Za-z]+)""")),
    ("og:type", re.compile(r"""og:type["']\s+content\s*=\s*["']([A-Za-z]+)""")),
)
_SCHEMA_GROUP_OF: Final = {t: g for g, types in SCHEMA_GROUPS.items() for t in types}

#: Words of a URL's path, grouped by the kind of page they usually name.
URL_GROUPS: Final = {
    "forum": (
        "forum",
        "forums",
        "thread",
        "threads",
        "topic",
        "topics",
        "community",
        "t",
        "discuss",
        "discussion",
        "questions",
        "board",
        "boards",
        "viewtopic",
        "d",
    ),
    "product": ("product", "products", "shop", "store", "item", "p", "dp", "buy", "sku"),
    "docs": (
        "docs",
        "doc",
        "documentation",
        "api",
        "reference",
        "guide",
        "guides",
        "manual",
        "wiki",
        "learn",
        "tutorial",
        "tutorials",
        "handbook",
        "sdk",
    ),
    "listing": (
        "category",
        "categories",
        "tag",
        "tags",
        "search",
        "archive",
        "archives",
        "list",
        "page",
        "collections",
        "collection",
        "browse",
        "c",
        "section",
    ),
    "article": ("blog", "news", "article", "articles", "post", "posts", "story", "stories"),
    "service": (
        "about",
        "contact",
        "pricing",
        "services",
        "service",
        "features",
        "solutions",
        "support",
        "help",
        "careers",
        "team",
        "plans",
        "company",
    ),
}
_URL_GROUP_OF: Final = {w: g for g, words in URL_GROUPS.items() for w in words}
_URL_WORD: Final = re.compile(r"[a-z]+")

_SENTENCE_END: Final = frozenset(".!?。！？…\"'”’")
# Page-wide scans: each pattern starts with a character class or a literal, so that the
# regex engine skips to candidate positions instead of trying every one; month names and
# the copyright line are searched in the lower-cased text.
_DATES: Final = (
    re.compile(
        r"\d(?:\d{0,3}[./-]\d{1,2}[./-]\d{1,4}|\d?\.?\s+(?:jan|feb|mar|apr|may|jun|jul|aug|"
        r"sep|oct|nov|dec)|\d{3}年\d{1,2}月|\d*\s+(?:minutes?|hours?|days?|weeks?|months?|"
        r"years?)\s+ago)"
    ),
    re.compile(
        r"[adfjmnos](?<![a-z][adfjmnos])(?:an|eb|ar|pr|ay|un|ul|ug|ep|ct|ov|ec)[a-z]*\.?\s+\d"
    ),
)
#: Labels of the parts of a page beside its content, lower-cased: what the site
#: recommends or sells next to it, readers' comments, sharing, newsletter and sponsored
#: boxes.  Trafilatura's and Readability's rules find such parts by their markup's class
#: names; a label is what tells them apart where the class names say nothing (a
#: generated ``a-carousel-container``).  The phrases are in the languages the benchmarks
#: and the held-out pages are written in most; a phrase matches anywhere in a label,
#: inside a word too ("related" in "age-related", "teilen" in "Vorteilen"; a headline
#: can hold one), and as written (a typographic apostrophe, "Don’t miss", is no match).
#: Word edges and normalised apostrophes are for the next time the model is trained.
#: They are features, not rules: the model weighs them (a paper's "Related work" is
#: content, a shop's "Related products" is not).  Added with the prices under the
#: block's ancestors (:data:`PRICE_DEPTHS`) and ``visibility: hidden`` as hidden
#: (:mod:`unboiler.classify.context`), all three chosen before the run that measured
#: them, held out (``benchmarks/default_cv.py``, the model trained again): WCXB 0.88208
#: to 0.88348 (collection 0.683 to 0.697, service 0.871 to 0.875, documentation 0.942
#: to 0.941, listing 0.756 to 0.754), scrapinghub 0.96608 to 0.96635, readability
#: 0.96258 to 0.96400.
FURNITURE_LABELS: Final = (
    # English
    "related",
    "you may also",
    "you might also",
    "you may like",
    "you might like",
    "recommended",
    "recommendations",
    "customers also",
    "also bought",
    "also viewed",
    "people also",
    "similar products",
    "similar items",
    "similar articles",
    "more from",
    "more stories",
    "more articles",
    "more news",
    "more posts",
    "read next",
    "up next",
    "read more",
    "most popular",
    "most read",
    "popular posts",
    "popular articles",
    "trending",
    "latest news",
    "latest posts",
    "latest articles",
    "recent posts",
    "comments",
    "leave a reply",
    "leave a comment",
    "post a comment",
    "add a comment",
    "join the conversation",
    "share this",
    "share on",
    "follow us",
    "subscribe",
    "newsletter",
    "sponsored",
    "advertisement",
    "from our partners",
    "around the web",
    "top stories",
    "editor's picks",
    "editors' picks",
    "frequently bought",
    "complete the look",
    "recently viewed",
    "don't miss",
    "see also",
    "explore more",
    # German
    "auch interessieren",
    "ähnliche",
    "weitere artikel",
    "mehr zum thema",
    "mehr aus",
    "kommentare",
    "empfehlungen",
    "empfohlen",
    "meistgelesen",
    "teilen",
    "anzeige",
    "das könnte",
    "verwandte",
    # French
    "lire aussi",
    "vous aimerez",
    "articles similaires",
    "même sujet",
    "commentaires",
    "les plus lus",
    "partager",
    "articles liés",
    "produits similaires",
    "à découvrir",
    "recommandé",
    "publicité",
    # Spanish, Portuguese, Italian
    "puede interesar",
    "relacionad",
    "más leíd",
    "lo más visto",
    "comentarios",
    "compartir",
    "te recomendamos",
    "publicidad",
    "também pode",
    "leia também",
    "mais lidas",
    "comentários",
    "compartilh",
    "veja também",
    "potrebbe interessar",
    "correlati",
    "più letti",
    "commenti",
    "condividi",
    "leggi anche",
    "prodotti simili",
    # Dutch, Polish, Russian
    "gerelateerd",
    "lees ook",
    "meest gelezen",
    "reacties",
    "zobacz także",
    "zobacz też",
    "podobne",
    "komentarze",
    "polecane",
    "najczęściej",
    "udostępnij",
    "похожие",
    "читайте также",
    "рекомендуем",
    "комментари",
    "популярн",
    "поделиться",
    "смотрите также",
    "реклама",
    # Chinese, Japanese, Korean
    "相关",
    "相關",
    "猜你喜欢",
    "推荐",
    "推薦",
    "热门",
    "熱門",
    "评论",
    "評論",
    "分享",
    "延伸阅读",
    "延伸閱讀",
    "関連",
    "おすすめ",
    "人気",
    "コメント",
    "シェア",
    "관련",
    "추천",
    "인기",
    "댓글",
    "공유",
)
#: Blocks of at most this many words are read as labels (besides every heading).
FURNITURE_LABEL_MAX_WORDS: Final = 8


def phrase_pattern(phrases: Iterable[str]) -> re.Pattern[str]:
    """A regular expression that finds any of ``phrases``, written as a trie ("re(?:lated|
    commend...)") rather than one branch per phrase: Python's engine then tries the few
    branches of one character at each position, not every phrase (two and a half times
    faster on the labels of scrapinghub's pages, 0.5 against 1.2 ms a page).  A phrase
    that another begins with matches where the longer one does, which is all a search
    for any of them needs."""
    trie: dict[str, Any] = {}
    for phrase in phrases:
        node = trie
        for character in phrase:
            node = node.setdefault(character, {})
        node[""] = {}

    def branches(node: dict[str, Any]) -> str:
        if "" in node:  # a phrase ends here: what follows may be left out
            return ""
        alternatives = [re.escape(key) + branches(child) for key, child in sorted(node.items())]
        if len(alternatives) == 1:
            return alternatives[0]
        return "(?:" + "|".join(alternatives) + ")"

    if not trie:
        return re.compile("(?!)")  # no phrase: nothing matches
    return re.compile(branches(trie))


_FURNITURE_LABEL: Final = phrase_pattern(FURNITURE_LABELS)
#: Enclosing elements whose count of prices is a feature (the block's parent's parent and
#: two levels further up): a grid of priced cards is a shop's listing, or the
#: recommendations beside its product.
PRICE_DEPTHS: Final = (2, 4)

_PRICES: Final = (
    re.compile(r"[$€£¥₹]\s?\d"),
    re.compile(r"\d(?:[.,]\d{2})?\s?(?:€|EUR|USD|GBP|zł|kr)\b"),
)
_COPYRIGHT: Final = ("©", "copyright", "all rights reserved")

_BLOCK_OWN: Final = (
    "log_words",
    "link_density",
    "log_text_density",
    "wrapped_lines",
    "ends_sentence",
    "punctuation_per_word",
    "digit_share",
    "stop_word_density",
    "has_date",
    "has_price",
    "has_copyright",
    "title_share",
    "is_title",
    "heading_level",
    "repeats_on_page",
    "num_words_rule",
    "end_of_text_phrase",
    "position",
    "words_before_share",
    "blocks_since_heading",
    "noscript",
    "furniture_section",
    "since_furniture_label",
)
_NEIGHBOUR: Final = ("log_words", "link_density", "heading")
_WINDOW: Final = ("log_words", "link_density")
_ANCESTOR: Final = ("word_share", "link_density", "log_repeats", "repeat_word_share")

BLOCK_FEATURES: Final = (
    *_BLOCK_OWN,
    *(f"{side}_{name}" for side in ("prev", "next") for name in _NEIGHBOUR),
    *(f"window{r}_{name}" for r in WINDOWS for name in _WINDOW),
    *(f"ancestor{d}_{name}" for d in range(ANCESTOR_DEPTHS) for name in _ANCESTOR),
    *(f"ancestor{d}_log_prices" for d in PRICE_DEPTHS),
    "in_best_group1",
    "in_best_group2",
    "element_depth",
    *(f"near_{flag}" for flag in FLAGS),
    *(f"any_{flag}" for flag in FLAGS),
)
"""Per-block features, in model order.  ``ancestor0`` is the block's own element."""

PAGE_FEATURES: Final = (
    "page_log_words",
    "page_log_blocks",
    "page_link_density",
    "page_linked_block_share",
    "page_best_group1_share",
    "page_best_group2_share",
    "page_max_repeat_share",
    "page_log_max_repeats",
    "page_log_dates",
    "page_log_prices",
    "page_log_headings",
    *(f"page_log_{flag}" for flag in _PAGE_FLAGS),
    *(f"page_share_{flag}" for flag in _PAGE_FLAGS),
    *(f"schema_{group}" for group in SCHEMA_GROUPS),
    *(f"url_{group}" for group in URL_GROUPS),
    "url_depth",
    "url_has_digits",
)
"""Per-page features (the same for every block of a page; the page-type model reads
only these)."""


@dataclass(frozen=True, eq=False)
class PageSignals:
    """The features of one page: ``blocks`` (one row per block, :data:`BLOCK_FEATURES`)
    and ``page`` (:data:`PAGE_FEATURES`); and the element tree they came from, for the
    second stage's features (:func:`score_context`): each block's ``owner`` element, each
    element's ``parent`` (the last element is a virtual root, its own parent), the
    non-root elements by depth, deepest first (``levels``), and the blocks' ``words``."""

    blocks: npt.NDArray[np.float32]
    page: npt.NDArray[np.float64]
    owner: npt.NDArray[np.int64]
    parent: npt.NDArray[np.int64]
    levels: tuple[npt.NDArray[np.int64], ...]
    words: npt.NDArray[np.float64]
    #: The array whose leading columns are ``blocks``, with room after them for the
    #: columns the model adds (``page_signals(..., spare=)``): the default model writes
    #: its second stage's rows there instead of into a copy, which on a page of a
    #: hundred thousand blocks is the largest allocation of an extraction.
    rows: npt.NDArray[np.float32] | None = None


def _carry_up(
    values: npt.NDArray[np.float64],
    owner: npt.NDArray[np.int64],
    parent: npt.NDArray[np.int64],
    levels: Sequence[npt.NDArray[np.int64]],
) -> npt.NDArray[np.float64]:
    """Per element, the sum of ``values`` (rows: blocks) over the blocks under it; the
    virtual root gets every block's."""
    sums = np.zeros((len(parent), *values.shape[1:]))
    np.add.at(sums, owner, values)
    root = len(parent) - 1
    for level in levels:  # deepest first: each level's totals are complete when carried
        np.add.at(sums, parent[level], sums[level])
    sums[root] = values.sum(axis=0)
    return sums


#: Blocks whose flags are unpacked at once by :func:`_flag_columns`: the shifted masks
#: take eight bytes a flag, so a page of a hundred thousand blocks unpacked whole held
#: tens of MB for a moment.
FLAG_ROWS: Final = 4096


def _flag_columns(masks: npt.NDArray[np.int64]) -> npt.NDArray[np.bool_]:
    """One column per bit of :data:`FLAGS`, from each block's bit mask."""
    shifts = np.arange(len(FLAGS), dtype=np.int64)
    columns = np.empty((len(masks), len(FLAGS)), dtype=np.bool_)
    for start in range(0, len(masks), FLAG_ROWS):
        columns[start : start + FLAG_ROWS] = (masks[start : start + FLAG_ROWS, None] >> shifts) & 1
    return columns


def _bit_totals(
    masks: npt.NDArray[np.int64],
    bits: npt.NDArray[np.int64],
    weights: npt.NDArray[np.float64] | None = None,
) -> npt.NDArray[np.float64]:
    """For each of ``bits``, how many of ``masks`` have it (or the sum of their
    ``weights``), read :data:`FLAG_ROWS` masks at a time."""
    totals = np.zeros(len(bits))
    for start in range(0, len(masks), FLAG_ROWS):
        present = (masks[start : start + FLAG_ROWS, None] & bits) > 0
        if weights is None:
            totals += present.sum(axis=0)
        else:
            totals += weights[start : start + FLAG_ROWS] @ present
    return totals


#: The type of the model's input rows.  The trees compare features with float32 borders
#: (CatBoost quantises features in single precision), so each value is rounded to
#: float32 before it is compared: storing the rows so gives the same decisions and
#: halves the largest arrays of a page (a page of 500,000 table cells has a row of
#: several hundred features for each).
ROW_DTYPE: Final = np.float32


class ColumnWriter:
    """The block rows of a page, one :data:`ROW_DTYPE` array of ``count`` rows and
    ``width`` columns filled part by part in column order (``np.column_stack`` without
    the float64 copy in between), with ``spare`` more columns left unset for the caller.
    Each part is written as soon as it is computed and can be let go: on a page of a
    hundred thousand blocks, holding every part until the end cost more than the rows."""

    def __init__(self, count: int, width: int, spare: int = 0) -> None:
        # column-major: written column by column, and its leading columns are one
        # contiguous array
        self.rows = np.empty((count, width + spare), dtype=ROW_DTYPE, order="F")
        self.width = width
        self.column = 0

    def put(self, *parts: npt.NDArray[Any]) -> None:
        """Write ``parts`` (columns, or arrays of columns) after those written so far."""
        for part in parts:
            columns = 1 if part.ndim == 1 else part.shape[1]
            if self.column + columns > self.width:
                raise ConfigurationError(f"more than {self.width} feature columns computed")
            if part.ndim == 1:
                self.rows[:, self.column] = part
            else:
                self.rows[:, self.column : self.column + columns] = part
            self.column += columns

    def done(self) -> npt.NDArray[np.float32]:
        """The rows, once every declared column is written."""
        if self.column != self.width:
            declared = f"{self.column} feature columns computed, {self.width} declared"
            raise ConfigurationError(declared)
        return self.rows


def _schema_groups(source: str | None) -> list[float]:
    found = set()
    if source:
        for marker, pattern in _SCHEMA_TYPES:
            position = source.find(marker)
            while position >= 0:
                match = pattern.match(source, position)
                if match is not None:
                    group = _SCHEMA_GROUP_OF.get(match.group(1).lower())
                    if group is not None:
                        found.add(group)
                position = source.find(marker, position + len(marker))
    return [float(group in found) for group in SCHEMA_GROUPS]


#: The page features read from its URL: the last ones of :data:`PAGE_FEATURES`.
URL_FEATURES: Final = len(URL_GROUPS) + 2


def _url_features(url: str | None) -> list[float]:
    if not url:
        return [0.0] * URL_FEATURES
    path = _url_path(url).split("?", 1)[0].split("#", 1)[0].lower()
    found = {_URL_GROUP_OF.get(word) for word in _URL_WORD.findall(path)}
    segments = [segment for segment in path.split("/") if segment]
    return [
        *(float(group in found) for group in URL_GROUPS),
        float(len(segments)),
        float(any(ch.isdigit() for ch in path)),
    ]


def _url_path(url: str) -> str:
    """The path of an absolute URL (``https://host/path``), a network-path reference
    (``//host/path``) or a relative one (``/path``, ``path``), without its leading
    slash: a page's declared address is often one of the last three (RFC 3986, 4.2)."""
    if "://" in url:
        rest = url.split("://", 1)[1]
    elif url.startswith("//"):
        rest = url[2:]
    else:
        return url.lstrip("/")
    return rest.split("/", 1)[1] if "/" in rest else ""


def with_address(signals: PageSignals, address: str | None) -> PageSignals:
    """``signals`` of a page whose URL is not known, with the URL features read from
    the ``address`` it declares instead (:func:`unboiler.metadata.sources.declared_address`).

    Only inference does this: the model is trained with the pages' URLs, and a page
    without one (the readability set's) is trained without.  Held out, deciding a page
    this way instead of with no URL at all wins back most of what the URL is worth
    (benchmarks/results/default-url.md); on readability's pages, whose training had no
    URL, it moved F1 from 0.9662 to 0.9647, and training with it too cost 0.005."""
    if not address:
        return signals
    page = signals.page.copy()
    page[len(page) - URL_FEATURES :] = _url_features(address)
    return replace(signals, page=page)


#: Characters of running text the language is detected from: a few paragraphs tell the
#: language as well as the page (CLD2's time grows with the text).
LANGUAGE_SAMPLE_CHARS: Final = 4000


def _page_language(document: TextDocument) -> str | None:
    """The caller's language, else the one CLD2 detects in the page's running text (the
    blocks of ten words or more, as :func:`unboiler.language.document_language` samples
    them, up to :data:`LANGUAGE_SAMPLE_CHARS`), else the declared one."""
    from unboiler.language import MIN_DETECTION_WORDS, declared_language, detect

    if document.language is not None:
        return document.language
    sample: list[str] = []
    size = 0
    for block in document.blocks:
        if block.num_words >= MIN_DETECTION_WORDS:
            sample.append(block.text)
            size += len(block.text)
            if size >= LANGUAGE_SAMPLE_CHARS:
                break
    if not sample:
        sample = [block.text for block in document.blocks[:50]]
    return detect("\n".join(sample)) or declared_language(document)


def _stop_words(document: TextDocument) -> frozenset[str] | None:
    from unboiler.language import UNSPACED_LANGUAGES, stop_words

    language = _page_language(document)
    if language is None or language in UNSPACED_LANGUAGES:
        return None
    try:
        return stop_words(language)
    except ValueError:
        return None


_DIGIT: Final = 1
_MARK: Final = 2


def _character_classes() -> npt.NDArray[np.uint8]:
    """A table over every code point: :data:`_DIGIT` for ASCII digits, :data:`_MARK` for
    the sentence and clause punctuation counted per word (Latin and CJK)."""
    table = np.zeros(0x110000, dtype=np.uint8)
    table[ord("0") : ord("9") + 1] = _DIGIT
    table[[ord(c) for c in ",.;:!?，。；：！？、"]] = _MARK
    return table


# One byte a code point (1.1 MB): indexing it with the code points of a run of texts
# classifies them in one pass, where np.isin allocates several temporaries their size.
_CHARACTER_CLASSES: Final = _character_classes()
_TITLE_STRIP: Final = ".,:;!?\"'()[]|«»“”‘’-–—"


def _per_block_matches(
    patterns: Sequence[re.Pattern[str] | str],
    joined: str,
    starts: npt.NDArray[np.int64],
    count: int,
) -> npt.NDArray[np.float64]:
    """1 for each block in which one of ``patterns`` (regular expressions or plain
    strings) occurs: one scan of the joined texts per pattern."""
    result = np.zeros(count)
    positions: list[int] = []
    for pattern in patterns:
        if isinstance(pattern, str):
            found = joined.find(pattern)
            while found >= 0:
                positions.append(found)
                found = joined.find(pattern, found + 1)
        else:
            positions += [match.start() for match in pattern.finditer(joined)]
    if positions:
        result[np.searchsorted(starts, positions, side="right") - 1] = 1.0
    return result


def num_words_rule_columns(
    words: npt.NDArray[np.float64], linked: npt.NDArray[np.float64]
) -> npt.NDArray[np.bool_]:
    """:func:`~unboiler.filters.boilerpipe.num_words_rule` (WSDM 2010, Algorithm 2) for
    every block at once, with the virtual empty block before the first and after the
    last; the same leaves in the same order, as array conditions."""
    from unboiler.filters import boilerpipe as rule

    density = np.divide(linked, words, out=np.zeros_like(words), where=words > 0)
    prev_words = np.concatenate([[0.0], words[:-1]])
    next_words = np.concatenate([words[1:], [0.0]])
    prev_density = np.concatenate([[0.0], density[:-1]])
    short_run = (
        (words <= rule.CURR_NUM_WORDS_SHORT)
        & (next_words <= rule.NEXT_NUM_WORDS_SHORT)
        & (prev_words <= rule.PREV_NUM_WORDS_SHORT)
    )
    after_links = (words <= rule.CURR_NUM_WORDS_AFTER_LINKS) & (
        next_words <= rule.NEXT_NUM_WORDS_AFTER_LINKS
    )
    prev_clean = prev_density <= rule.PREV_LINK_DENSITY_MAX
    content = np.where(prev_clean, ~short_run, ~after_links)
    return np.asarray(content & (density <= rule.CURR_LINK_DENSITY_MAX))


#: Characters classified at once by :func:`_class_counts`: their code points take four
#: bytes each, so a page is read in runs of blocks about this long, not whole.
CLASS_CHUNK: Final = 1 << 20


def _classes(text: str) -> npt.NDArray[np.uint8]:
    points = np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
    return _CHARACTER_CLASSES[points]


def _class_counts(
    texts: list[str], lengths: npt.NDArray[np.int64]
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """The digits and the punctuation marks of each text, counted by ``np.add.reduceat``
    over the code points of runs of texts about :data:`CLASS_CHUNK` long (each text is
    followed by a separator, so that every run's last offset lies inside the run); no
    page-long array is held."""
    count = len(texts)
    digits = np.zeros(count, dtype=np.int64)
    marks = np.zeros(count, dtype=np.int64)
    ends = np.cumsum(lengths + 1)
    first = 0
    while first < count:
        start = int(ends[first] - lengths[first] - 1)
        last = max(int(np.searchsorted(ends, start + CLASS_CHUNK, side="right")), first + 1)
        if lengths[first] > CLASS_CHUNK:  # one long text: counted slice by slice
            for at in range(0, int(lengths[first]), CLASS_CHUNK):
                classes = _classes(texts[first][at : at + CLASS_CHUNK])
                digits[first] += np.count_nonzero(classes == _DIGIT)
                marks[first] += np.count_nonzero(classes == _MARK)
            first += 1
            continue
        run = "\n".join(texts[first:last]) + "\n"
        classes = _classes(run)
        offsets = ends[first:last] - (lengths[first:last] + 1) - start
        digits[first:last] = np.add.reduceat(classes == _DIGIT, offsets, dtype=np.int64)
        marks[first:last] = np.add.reduceat(classes == _MARK, offsets, dtype=np.int64)
        first = last
    return digits, marks


def _stop_word_share(text: str, stops: frozenset[str]) -> float:
    tokens, found = count_tokens(text, stops)
    return found / tokens if tokens else 0.0


def _token_shares(
    lowered: Iterable[str],
    count: int,
    stops: frozenset[str] | None,
    title_text: str,
    short: list[int],
) -> tuple[list[float], list[float]]:
    """For each of the ``count`` lower-cased block texts, the share of its tokens that
    are ``stops`` (none without a stop list); for the blocks ``short``, the share of
    their tokens that are words of ``title_text`` (distinct title words found, over
    tokens).  One pass that splits each block once: a pass for each share cost a third
    more.  A long text is counted in pieces (see :func:`count_tokens`) unless the title
    share reads it, which it does only for a few words."""
    title_words = frozenset(word.strip(_TITLE_STRIP) for word in title_text.split())
    stop_shares: list[float] = []
    title_shares: list[float] = []
    if not stops and not short:
        return stop_shares, title_shares
    strip = operator.methodcaller("strip", _TITLE_STRIP)
    for_title = np.zeros(count, dtype=bool)
    for_title[short] = True
    for text, title_too in zip(lowered, for_title.tolist(), strict=True):
        if len(text) > LONG_TEXT and not title_too:
            if stops:
                stop_shares.append(_stop_word_share(text, stops))
            continue
        tokens = text.split()
        if stops:
            stop_shares.append(
                sum(map(stops.__contains__, tokens)) / len(tokens) if tokens else 0.0
            )
        if title_too:
            found = len(title_words.intersection(map(strip, tokens)))
            title_shares.append(found / max(len(tokens), 1))
    return stop_shares, title_shares


def _text_columns(
    document: TextDocument,
    texts: list[str],
    tags: list[str],
    words: npt.NDArray[np.float64],
    linked: npt.NDArray[np.float64],
) -> npt.NDArray[np.float64]:
    """The columns of :data:`_BLOCK_OWN`, page-wide passes over the joined texts where
    possible (a regex or numpy scan of the page, not one per block)."""
    blocks = document.blocks
    count = len(blocks)
    own = np.zeros((count, len(_BLOCK_OWN)))
    if not count:
        return own
    column = _BLOCK_OWN.index
    lengths = np.fromiter(map(len, texts), dtype=np.int64, count=count)
    starts = np.concatenate([[0], np.cumsum(lengths + 1)[:-1]])
    digits, marks = _class_counts(texts, lengths)
    in_wrapped = np.fromiter((b.num_words_in_wrapped_lines for b in blocks), np.float64, count)
    wrapped = np.fromiter((b.num_wrapped_lines for b in blocks), np.float64, count)
    # TextBlock.text_density, for all blocks at once
    density = np.where(in_wrapped == 0, words, in_wrapped / np.maximum(wrapped, 1.0))

    own[:, column("log_words")] = np.log1p(words)
    own[:, column("link_density")] = np.divide(
        linked, words, out=np.zeros_like(words), where=words > 0
    )
    own[:, column("log_text_density")] = np.log1p(density)
    own[:, column("wrapped_lines")] = np.minimum(wrapped, 50)
    own[:, column("ends_sentence")] = [text[-1:] in _SENTENCE_END for text in texts]
    own[:, column("punctuation_per_word")] = marks / np.maximum(words, 1.0)
    own[:, column("digit_share")] = digits / np.maximum(lengths, 1)
    joined = "\n".join(texts)
    own[:, column("has_price")] = _per_block_matches(_PRICES, joined, starts, count)
    # The page's texts once more, lower-cased, for the scans that ignore case; the
    # original joined texts are let go first and no list of lower-cased texts is kept
    # (each is sliced when read): on a page of 50 MB of text each copy is 50 MB.
    lowered_joined = joined.lower()
    # str.lower never shortens a code point, so an equal length means every text kept
    # its own
    same = len(lowered_joined) == len(joined)
    del joined
    if same:
        starts_lowered = starts
        lowered_lengths = lengths
    else:  # lower-casing changed the length of some text: go one by one
        del lowered_joined
        lowered_texts = [text.lower() for text in texts]
        lowered_lengths = np.fromiter(map(len, lowered_texts), dtype=np.int64, count=count)
        starts_lowered = np.concatenate([[0], np.cumsum(lowered_lengths + 1)[:-1]])
        lowered_joined = "\n".join(lowered_texts)
        del lowered_texts
    ranges = list(
        zip(starts_lowered.tolist(), (starts_lowered + lowered_lengths).tolist(), strict=True)
    )

    def lowered(index: int) -> str:
        start, end = ranges[index]
        return lowered_joined[start:end]

    own[:, column("has_date")] = _per_block_matches(_DATES, lowered_joined, starts_lowered, count)
    own[:, column("has_copyright")] = _per_block_matches(
        _COPYRIGHT, lowered_joined, starts_lowered, count
    )

    stops = _stop_words(document)
    title = document.title
    title_text = " ".join(title.split()).lower() if title else ""
    short = np.flatnonzero(words <= TITLE_MAX_WORDS).tolist() if title else []
    stop_shares, title_shares = _token_shares(
        (lowered_joined[start:end] for start, end in ranges), count, stops, title_text, short
    )
    own[:, column("stop_word_density")] = stop_shares if stops else -1.0
    if title:
        own[short, column("title_share")] = title_shares
        own[short, column("is_title")] = [lowered(i) in title_text for i in short]
    own[:, column("heading_level")] = [
        int(tag[1]) if len(tag) == 2 and tag[0] == "h" and tag[1] in "123456" else 0 for tag in tags
    ]
    text_counts = Counter(texts)
    own[:, column("repeats_on_page")] = [min(text_counts[text], 20) for text in texts]
    own[:, column("num_words_rule")] = num_words_rule_columns(words, linked)
    # the rule is read only where one of its phrases occurs (one scan of the page)
    clues = _per_block_matches(TERMINATING_CLUES, lowered_joined, starts_lowered, count)
    short_blocks = np.flatnonzero((words < END_OF_TEXT_MAX_WORDS) & (clues > 0)).tolist()
    densities = own[:, column("link_density")].tolist()
    own[short_blocks, column("end_of_text_phrase")] = [
        is_terminating_text(texts[i], densities[i]) for i in short_blocks
    ]
    own[:, column("position")] = np.arange(count) / max(count - 1, 1)
    total = max(float(words.sum()), 1.0)
    own[:, column("words_before_share")] = (np.cumsum(words) - words) / total
    since = []
    last = -MAX_SINCE_HEADING
    for index, level in enumerate(own[:, column("heading_level")].tolist()):
        if level:  # blocks since the last heading, capped
            last = index
        since.append(min(index - last, MAX_SINCE_HEADING))
    own[:, column("blocks_since_heading")] = since
    _furniture_columns(own, lowered, words)
    return own


def _furniture_columns(
    own: npt.NDArray[np.float64],
    lowered: Callable[[int], str],
    words: npt.NDArray[np.float64],
) -> None:
    """The columns ``furniture_section`` and ``since_furniture_label`` of ``own``.

    A heading that reads as a :data:`FURNITURE_LABELS` label opens a section that the
    next heading of its rank or higher closes (the outline of HTML's sectioning, §4.3.11
    of the Living Standard); every block in it, the heading too, is in a furniture
    section.  A furniture heading inside one takes its place, so that a heading of that
    lower rank closes both (an ``<h3>`` "Most popular" under an ``<h2>`` "You may also
    like": the next ``<h3>`` ends the section).  The packaged model learned the column
    so; keeping the outer section open is for the next time it is trained. A short block
    that reads as one (a ``<div>`` "You may also like" over a carousel) opens no
    section, as cards under it have headings of their own: for every block, the blocks
    since the last label of either kind are counted instead, up to
    :data:`MAX_SINCE_HEADING` (which also means none)."""
    column = _BLOCK_OWN.index
    levels = own[:, column("heading_level")].astype(np.int64)
    candidates = np.flatnonzero(
        (levels > 0) | ((words > 0) & (words <= FURNITURE_LABEL_MAX_WORDS))
    ).tolist()
    labels: list[int] = []
    if candidates:
        texts = [lowered(index) for index in candidates]
        lengths = np.fromiter(map(len, texts), dtype=np.int64, count=len(texts))
        starts = np.concatenate([[0], np.cumsum(lengths + 1)[:-1]])
        found = _per_block_matches((_FURNITURE_LABEL,), "\n".join(texts), starts, len(texts))
        labels = [candidates[i] for i in np.flatnonzero(found).tolist()]
    if not labels:
        own[:, column("since_furniture_label")] = MAX_SINCE_HEADING
        return
    is_label = np.zeros(len(words), dtype=np.bool_)
    is_label[labels] = True
    section = []
    since = []
    opened = 0  # the rank of the furniture heading whose section this is; 0 for none
    last = -MAX_SINCE_HEADING
    for index, (level, label) in enumerate(zip(levels.tolist(), is_label.tolist(), strict=True)):
        if level:
            if opened and level <= opened:
                opened = 0
            if label:
                opened = level
        if label:
            last = index
        section.append(opened > 0)
        since.append(min(index - last, MAX_SINCE_HEADING))
    own[:, column("furniture_section")] = section
    own[:, column("since_furniture_label")] = since


def page_signals(document: TextDocument, *, spare: int = 0) -> PageSignals:
    """The block and page features of ``document`` (its blocks as they are now), with
    ``spare`` unset columns after each block's row (:attr:`PageSignals.rows`)."""
    blocks = document.blocks
    count = len(blocks)
    table = element_table([block.node for block in blocks])
    elements = len(table.parent)
    root = elements  # a virtual element above everything, for blocks outside any element

    # ---------------------------------------------------------------- elements
    # numpy arrays over the elements, not Python lists: a page of 200-deep nests has
    # millions of them
    parent = np.asarray(table.parent, dtype=np.int64)
    parent = np.append(np.where(parent >= 0, parent, root), root)
    depths = np.asarray(table.depth, dtype=np.int64)
    levels = tuple(
        np.flatnonzero(depths == depth) for depth in range(int(depths.max(initial=0)), 0, -1)
    )
    own_flags = np.append(np.asarray(table.flags, dtype=np.int64), 0)  # the root has none
    # an element's flags with its parent's and grandparent's (the root's are 0) ...
    near_flags = own_flags | own_flags[parent] | own_flags[parent[parent]]
    # ... and with every ancestor's, level by level from the top
    any_flags = own_flags.copy()
    for members in reversed(levels):
        any_flags[members] |= any_flags[parent[members]]
    owner = np.asarray([o if o >= 0 else root for o in table.owner], dtype=np.int64)

    words = np.fromiter((b.num_words for b in blocks), dtype=np.float64, count=count)
    linked = np.fromiter((b.num_linked_words for b in blocks), dtype=np.float64, count=count)
    total = max(float(words.sum()), 1.0)

    # ---------------------------------------------------------------- block texts
    texts = [block.text for block in blocks]
    tags = [table.tag[o] if o >= 0 else "" for o in table.owner]
    own = _text_columns(document, texts, tags, words, linked)
    del texts, tags
    heading_flags = own[:, _BLOCK_OWN.index("heading_level")] > 0
    priced = own[:, _BLOCK_OWN.index("has_price")]
    totals = _carry_up(np.column_stack([words, linked, priced]), owner, parent, levels)
    under = totals[:, 0]
    under_linked = totals[:, 1]
    under_prices = totals[:, 2]
    del totals, priced

    # Siblings that look alike (same parent, tag and class): the posts of a thread, the
    # items of a listing.  Each group is numbered (parent, key) and counted with numpy.
    key_ids: dict[str, int] = {}
    keys = np.fromiter(
        (key_ids.setdefault(key, len(key_ids)) for key in table.key), np.int64, elements
    )
    _, group, repeats = np.unique(
        parent[:elements] * max(len(key_ids), 1) + keys, return_inverse=True, return_counts=True
    )
    group = group.reshape(-1)
    repeat_count = np.append(repeats[group], 1).astype(np.float64)
    group_words = np.bincount(group, weights=under[:elements], minlength=len(repeats))
    repeat_share = np.append(group_words[group], total) / total
    repeat_share[root] = 0.0
    repeat_count[repeat_count < 2] = 1.0
    repeat_share[repeat_count < 2] = 0.0

    own[:, _BLOCK_OWN.index("noscript")] = (any_flags[owner] & BIT["noscript"]) > 0
    dates = int(own[:, _BLOCK_OWN.index("has_date")].sum())
    prices = int(own[:, _BLOCK_OWN.index("has_price")].sum())
    # Each part of the rows is written as soon as it is computed, in BLOCK_FEATURES'
    # order, and let go; the rows are allocated only now, after the texts' passes,
    # which hold copies of the page's text.
    writer = ColumnWriter(count, len(BLOCK_FEATURES), spare)
    writer.put(own)
    del own

    # ---------------------------------------------------------------- neighbours
    log_words = np.log1p(words)
    link_density = np.divide(linked, words, out=np.zeros_like(words), where=words > 0)
    neighbour = np.column_stack([log_words, link_density, heading_flags])
    zero = np.zeros((1, neighbour.shape[1]))
    writer.put(np.vstack([zero, neighbour[:-1]]) if count else neighbour)  # previous
    writer.put(np.vstack([neighbour[1:], zero]) if count else neighbour)  # next
    del neighbour
    cumulative_words = np.concatenate([[0.0], np.cumsum(words)])
    cumulative_linked = np.concatenate([[0.0], np.cumsum(linked)])
    positions = np.arange(count)
    for radius in WINDOWS:
        low = np.maximum(positions - radius, 0)
        high = np.minimum(positions + radius + 1, count)
        near = cumulative_words[high] - cumulative_words[low]
        near_linked = cumulative_linked[high] - cumulative_linked[low]
        writer.put(np.log1p(near), near_linked / np.maximum(near, 1.0))
    del cumulative_words, cumulative_linked, positions

    # ---------------------------------------------------------------- ancestors of blocks
    ancestors = np.empty((ANCESTOR_DEPTHS, count), dtype=np.int64)
    current = owner
    for depth in range(ANCESTOR_DEPTHS):
        ancestors[depth] = current
        current = parent[current]
    for element in ancestors:
        writer.put(
            under[element] / total,
            under_linked[element] / np.maximum(under[element], 1.0),
            np.log(repeat_count[element]),
            repeat_share[element],
        )
    for depth in PRICE_DEPTHS:
        writer.put(np.log1p(under_prices[ancestors[depth]]))
    deeper = np.empty((4, count), dtype=np.int64)  # up to ten levels, for the groups
    for depth in range(4):
        deeper[depth] = current
        current = parent[current]
    chain = np.vstack([ancestors, deeper])
    del deeper

    paragraph = (words >= PARAGRAPH_MIN_WORDS) & (
        linked <= PARAGRAPH_MAX_LINK_DENSITY * np.maximum(words, 1.0)
    )
    best_shares = []
    for level in (1, 2):
        sums = np.zeros(elements + 1)
        np.add.at(sums, ancestors[level][paragraph], words[paragraph])
        sums[root] = 0.0
        best = int(sums.argmax()) if paragraph.any() and sums.max() > 0 else -1
        writer.put((chain == best).any(axis=0) if best >= 0 else np.zeros(count, bool))
        best_shares.append(under[best] / total if best >= 0 else 0.0)
    del chain, ancestors

    writer.put(np.asarray([*table.depth, 0], dtype=np.float64)[owner])  # element depth
    any_masks = any_flags[owner]
    writer.put(_flag_columns(near_flags[owner]))
    writer.put(_flag_columns(any_masks))
    rows = writer.done()

    # ---------------------------------------------------------------- page
    element_own = own_flags[:elements]
    block_any = any_masks if count else np.zeros(0, dtype=np.int64)
    flag_counts = np.log1p(_bit_totals(element_own, _PAGE_BITS)).tolist()
    flag_shares = (_bit_totals(block_any, _PAGE_BITS, words) / total).tolist()
    best_repeat = repeat_share.argmax() if elements else root
    page = np.asarray(
        [
            math.log1p(total),
            math.log1p(count),
            float(linked.sum()) / total,
            float(words[link_density >= 0.5].sum()) / total,
            best_shares[0],
            best_shares[1],
            float(repeat_share[best_repeat]),
            math.log(float(repeat_count[best_repeat])),
            math.log1p(dates),
            math.log1p(prices),
            math.log1p(float(heading_flags.sum())),
            *flag_counts,
            *flag_shares,
            *_schema_groups(document.source),
            *_url_features(document.url),
        ],
        dtype=np.float64,
    )
    return PageSignals(
        rows[:, : len(BLOCK_FEATURES)], page, owner, parent, levels, words, rows if spare else None
    )


#: What the second stage adds to a block's row: the first stage's probability for the
#: block, its neighbours and its ancestors.  Content comes in runs under one container,
#: so a block whose first-stage score is unsure is decided by the scores around it:
#: stacked generalisation (Wolpert 1992), with the first stage's held-out scores as
#: features when training (:mod:`unboiler.classify.train_default`).
CONTEXT_FEATURES: Final = (
    "score",
    "prev_score",
    "next_score",
    "prev2_score",
    "next2_score",
    "window2_score",
    "window5_score",
    *(f"ancestor{d}_score" for d in range(1, ANCESTOR_DEPTHS)),
    *(f"ancestor{d}_kept_share" for d in range(1, ANCESTOR_DEPTHS)),
    "page_kept_share",
    "page_max_score",
)
#: A block counts as kept, for the shares above, at this first-stage probability.
CONTEXT_KEEP: Final = 0.5


def score_context(signals: PageSignals, scores: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """The :data:`CONTEXT_FEATURES` of every block, from the first stage's ``scores``:
    neighbours' scores, word-weighted mean scores over windows and over each ancestor's
    blocks, and the share of words kept."""
    count = len(scores)
    if not count:
        return np.zeros((0, len(CONTEXT_FEATURES)))
    words = signals.words + 1.0
    kept = (scores >= CONTEXT_KEEP).astype(np.float64)
    padded = np.concatenate([[0.0, 0.0], scores, [0.0, 0.0]])
    cumulative_weighted = np.concatenate([[0.0], np.cumsum(scores * words)])
    cumulative_words = np.concatenate([[0.0], np.cumsum(words)])
    positions = np.arange(count)
    columns = [
        scores,
        padded[1 : count + 1],
        padded[3 : count + 3],
        padded[0:count],
        padded[4 : count + 4],
    ]
    for radius in WINDOWS:
        low = np.maximum(positions - radius, 0)
        high = np.minimum(positions + radius + 1, count)
        columns.append(
            (cumulative_weighted[high] - cumulative_weighted[low])
            / (cumulative_words[high] - cumulative_words[low])
        )
    totals = _carry_up(
        np.column_stack([scores * words, words, kept * words]),
        signals.owner,
        signals.parent,
        signals.levels,
    )
    element = signals.owner
    shares = []
    for _ in range(1, ANCESTOR_DEPTHS):
        element = signals.parent[element]
        columns.append(totals[element, 0] / totals[element, 1])
        shares.append(totals[element, 2] / totals[element, 1])
    columns += shares
    page_share = float((kept * words).sum() / words.sum())
    columns += [np.full(count, page_share), np.full(count, float(scores.max()))]
    return np.column_stack(columns)


def block_feature_names() -> list[str]:
    return list(BLOCK_FEATURES)


def page_feature_names() -> list[str]:
    return list(PAGE_FEATURES)


__all__ = [
    "ANCESTOR_DEPTHS",
    "BLOCK_FEATURES",
    "CONTEXT_FEATURES",
    "CONTEXT_KEEP",
    "PAGE_FEATURES",
    "SCHEMA_GROUPS",
    "SIGNALS_VERSION",
    "URL_FEATURES",
    "URL_GROUPS",
    "WINDOWS",
    "ElementTable",
    "PageSignals",
    "block_feature_names",
    "page_feature_names",
    "page_signals",
    "score_context",
    "with_address",
]
