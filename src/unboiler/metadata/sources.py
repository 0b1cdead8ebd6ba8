"""Where a page states facts about itself, read once from the parsed tree: its meta
elements, its JSON-LD objects (through :mod:`unboiler.jsonld`) and its schema.org
microdata, with the small text helpers every field uses.

Values from pages are untrusted: every reader here accepts any type and returns None
(or nothing) for what it does not understand.
"""

from __future__ import annotations

import html
import re
from collections.abc import Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Final
from urllib.parse import urlsplit

from unboiler.document import TextBlock, TextDocument
from unboiler.jsonld import json_ld_objects, plain_text, types_of
from unboiler.metadata.rules import (
    ARTICLE_TYPES,
    ASIDE_WORDS,
    CLASS_NAME_PART,
    EVENT_TIME_PROPERTIES,
    EVENT_WORDS,
    LISTABLE_TYPES,
    ORGANIZATION_TYPES,
    PAGE_TYPES,
    REPLY_TYPES,
    REVIEW_WORDS,
)
from unboiler.tags import BLOCK_DISPLAY_TAGS, CELL_TAGS

# Punctuation and symbols: what is neither a word character nor a space (marks of
# scripts such as Devanagari go too, on both sides of a comparison alike).
_NOT_WORD = re.compile(r"[^\w\s]|_")

# Markup a publishing system left in a meta element's content ("<p>Summary</p>"): the
# value opens with a tag, or closes one.  Other text is the page's words, "<" and all
# ("How to use the <table> element", "Jane <jane at example dot org>"): the parser has
# already decoded the attribute's references, and a meta content is text (HTML
# standard, the meta element).
_LEFT_MARKUP = re.compile(r"^\s*<[A-Za-z!]|</[A-Za-z]")

#: How deep a schema.org value is followed (an author's ``@id`` to a ``Person`` and its
#: ``name``).
MAX_VALUE_DEPTH = 4


def clean_text(value: Any) -> str | None:
    """Plain text of a string value (entities decoded, markup and extra space dropped),
    or None for anything else or an empty string."""
    if not isinstance(value, str):
        return None
    text = plain_text(value) if "<" in value or "&" in value else " ".join(value.split())
    return text or None


def meta_text(value: str | None) -> str | None:
    """A meta element's content as text, white space collapsed; markup a publishing
    system left in it is dropped (:func:`clean_text`), anything else is kept as it is."""
    if value is None:
        return None
    # publishing systems often escape a meta content twice ("Tom &amp;amp; Jerry"):
    # its references are decoded again, as a reader would want them
    text = html.unescape(value) if "&" in value else value
    if _LEFT_MARKUP.search(text):
        return clean_text(text)
    return " ".join(text.split()) or None


def fold(text: str) -> str:
    """Text for comparison: case-folded, punctuation and symbols dropped, spaces single."""
    return " ".join(_NOT_WORD.sub(" ", text.casefold()).split())


#: The most nodes :func:`shown_text` walks: a byline, a name or a headline holds a few.
MAX_SHOWN_NODES: Final = 200


def shown_text(element: Any, *, first_line: bool = False) -> str:
    """The text of ``element`` as the page joins it, white space collapsed: its text nodes
    run together, with a space at a line break and where two letters or digits meet
    across an element's edge that the page's CSS lays apart, as the outputs read them
    (:func:`_apart`); with ``first_line``, only the text before the first line break that
    follows some.  ``Node.text(separator=" ")`` and a block's text
    space every edge, which splits a name whose parts are links: "Jean - Marie Dupont"
    for ``<a>Jean</a>-<a>Marie</a> Dupont``.  An element of more than
    :data:`MAX_SHOWN_NODES` nodes, no byline's, gives its text as the parser has it."""
    joined = _joined(element, first_line=first_line)
    if joined is None:
        return " ".join(element.text(deep=True, separator=" ").split())
    return joined


def _joined(element: Any, *, first_line: bool = False) -> str | None:
    """:func:`shown_text`, or None past :data:`MAX_SHOWN_NODES` nodes."""
    pieces: list[str] = []
    last = ""
    last_place: _Place = (0, frozenset())
    for count, node in enumerate(element.traverse(include_text=True)):
        if count > MAX_SHOWN_NODES:
            return None
        tag = node.tag
        if tag == "br":
            if first_line and "".join(pieces).strip():
                break
            pieces.append(" ")
            last = " "
        elif tag == "-text":
            text = node.text(deep=False)
            if not text:
                continue
            place = _place(node, element)
            if last[-1:].isalnum() and text[0].isalnum() and _apart(last, text, last_place, place):
                pieces.append(" ")
            pieces.append(text)
            last, last_place = text, place
    return " ".join("".join(pieces).split())


#: Where a text node sits: its nearest block's ``mem_id``, and the inline elements
#: between it and that block (each ``mem_id`` and tag).
_Place = tuple[int, frozenset[tuple[int, str]]]
#: Formatting inside a word, which a word in lower case goes on across ("Lyon<em>nais
#: </em>"); a ``<span>`` is as often a box the page's style lays apart, and a link is
#: set apart (as the outputs read them).
_IN_WORD_TAGS: Final = frozenset(
    {"em", "i", "b", "strong", "u", "s", "del", "ins", "mark", "small"}
)


def _place(node: Any, top: Any) -> _Place:
    """Where a text node sits below ``top``: its nearest ancestor that browsers display as
    a block (``top`` when none; by ``mem_id``, as lexbor's nodes compare by their HTML),
    and the inline elements between the two."""
    inline: list[tuple[int, str]] = []
    top_id = top.mem_id
    parent = node.parent
    while parent is not None and (parent_id := parent.mem_id) != top_id:
        tag = parent.tag
        if tag in BLOCK_DISPLAY_TAGS or tag in CELL_TAGS:
            return parent_id, frozenset(inline)
        inline.append((parent_id, tag))
        parent = parent.parent
    return top_id, frozenset(inline)


def _apart(before: str, after: str, before_place: _Place, place: _Place) -> bool:
    """Whether a text and the text before it, which touch across elements' edges with a
    letter or digit on each side, are words the page lays apart: texts of two blocks or
    cells are, and so are texts parted by a link's edge or a box's (a ``<span>``); lowered
    text and its base are one term ("H<sub>2</sub>O"), and so are a number and what is
    raised after it ("12<sup>e</sup>", "1<sup>st</sup>"), where a mark raised after a
    word is a note's or an affiliation's ("Jane Doe<sup>1</sup>": a name and its mark);
    a word in lower case goes on across formatting (:data:`_IN_WORD_TAGS`:
    "Lyon<em>nais</em>")."""
    if before_place[0] != place[0]:
        return True
    crossed = {tag for _, tag in before_place[1] ^ place[1]}
    if not crossed or "a" in crossed:
        return True
    if "sub" in crossed or ("sup" in crossed and before[-1:].isdigit()):
        return False
    return not (crossed <= _IN_WORD_TAGS and after[0].islower())


def shown_block_text(
    block: TextBlock, cache: dict[Any, tuple[str, str] | None] | None = None
) -> str:
    """A block's text as the page joins it (:func:`shown_text` of its element), when its
    element holds that text alone (and is small: :data:`MAX_SHOWN_NODES`); the block's
    own text otherwise.  ``cache`` keeps each element's text for the blocks that share
    it (a page of lines parted by ``<br>`` is one element of thousands of blocks: read
    once, not once a block)."""
    node = block.node
    if node is None:
        return block.text
    if cache is not None and node in cache:
        found = cache[node]
    else:
        joined = _joined(node)
        found = None if joined is None else (joined, "".join(joined.split()))
        if cache is not None:
            cache[node] = found
    if found is None or found[1] != "".join(block.text.split()):
        return block.text
    return found[0]


def unique(items: Iterable[str]) -> tuple[str, ...]:
    """The items in order without repeats (compared folded) or empty ones."""
    seen: dict[str, str] = {}
    for item in items:
        seen.setdefault(fold(item), item)
    return tuple(value for key, value in seen.items() if key)


def is_article(kinds: set[str]) -> bool:
    return bool(kinds & ARTICLE_TYPES) or any(kind.endswith("article") for kind in kinds)


def is_page(kinds: set[str]) -> bool:
    return is_article(kinds) or bool(kinds & PAGE_TYPES)


def listed_items(objects: Sequence[dict[str, Any]], kinds: Sequence[set[str]]) -> frozenset[int]:
    """The positions of the objects that are items of a list the page shows: those of a
    type of :data:`LISTABLE_TYPES` that two or more objects of different names have.  A
    calendar writes an ``Event`` for each of its events, a shop's category page a
    ``Product`` for each product, a job board a ``JobPosting`` for each job: the first
    item's name and description are not the page's (a newcomer's library calendar was
    titled after its first event, "Toddler Storytime").  One object written twice (by
    two plugins) is still the page's."""
    names: dict[str, set[str]] = {}
    for item, types in zip(objects, kinds, strict=True):
        name = item.get("name") or item.get("headline")
        for kind in types & LISTABLE_TYPES:
            names.setdefault(kind, set()).add(name if isinstance(name, str) else repr(name))
    repeated = {kind for kind, found in names.items() if len(found) > 1}
    if not repeated:
        return frozenset()
    return frozenset(index for index, types in enumerate(kinds) if types & repeated)


# --------------------------------------------------------------------------- meta elements


def meta_tags(tree: Any) -> dict[str, list[str]]:
    """Every ``<meta content>`` by lower-cased key, in page order.  The key is the
    element's ``property``, ``name``, ``itemprop`` or ``http-equiv``; a space-separated
    ``property`` names several keys (RDFa allows it: ``property="og:title
    twitter:title"``)."""
    found: dict[str, list[str]] = {}
    if tree is None:
        return found
    for element in tree.css("meta[content]"):
        attributes = element.attributes
        content = meta_text(attributes.get("content"))
        if content is None:
            continue
        for attribute in ("property", "name", "itemprop", "http-equiv"):
            keys = attributes.get(attribute)
            if keys:
                for key in keys.lower().split():
                    found.setdefault(key, []).append(content)
    return found


def first_values(meta: dict[str, list[str]], keys: Iterable[str]) -> Iterator[str]:
    """The values of ``keys`` in the order of the keys, then of the page."""
    for key in keys:
        yield from meta.get(key, ())


def declared_address(tree: Any, meta: dict[str, list[str]] | None = None) -> str | None:
    """The address a page gives for itself, as it gives it (perhaps relative):
    ``<link rel="canonical">`` (RFC 6596, its defining statement), else ``og:url``
    (the Open Graph protocol, https://ogp.me/).  ``meta`` is the page's
    :func:`meta_tags` when the caller already has them."""
    if tree is None:
        return None
    link = tree.css_first('link[rel~="canonical"][href]')
    canonical = clean_text(link.attributes.get("href")) if link is not None else None
    if canonical is None and meta is not None:
        canonical = next(first_values(meta, ("og:url",)), None)
    elif canonical is None:  # one look-up, not every meta element's (the extractor's case)
        element = tree.css_first(_OG_URL)
        canonical = meta_text(element.attributes.get("content")) if element is not None else None
    return canonical


def declared_web_address(tree: Any) -> str | None:
    """The first of the addresses a page gives for itself (its canonical link, then
    ``og:url``) that is an absolute http(s) URL with a host that parses: what a page given
    without its URL is taken to stand at.  A relative canonical link gives way to an
    absolute ``og:url``; an address that does not parse ("https://example.com]/news",
    "http://[::1") is none, or every link resolved against it would be lost."""
    if tree is None:
        return None
    link = tree.css_first('link[rel~="canonical"][href]')
    canonical = clean_text(link.attributes.get("href")) if link is not None else None
    if _web_address(canonical):
        return canonical
    og = tree.css_first(_OG_URL)  # asked for only when the canonical link gives none
    value = meta_text(og.attributes.get("content")) if og is not None else None
    return value if _web_address(value) else None


def _web_address(candidate: str | None) -> bool:
    """Whether ``candidate`` is an absolute http(s) URL whose host parses (``urlsplit``
    refuses an unbalanced bracket, which ``urljoin`` would refuse for every link)."""
    if not candidate or not candidate.lower().startswith(("http://", "https://")):
        return False
    try:
        return bool(urlsplit(candidate).hostname)
    except ValueError:
        return False


#: The ``og:url`` meta element, as :func:`meta_tags` would key it.
_OG_URL: Final = 'meta[property~="og:url" i][content], meta[name~="og:url" i][content]'


def labelled_values(meta: dict[str, list[str]], label: str) -> list[str]:
    """The values Twitter card "label/data" pairs give for ``label`` (``twitter:label1``
    "Written by", ``twitter:data1`` "Jane Doe")."""
    found = []
    for number in range(1, 5):
        labels = meta.get(f"twitter:label{number}", [])
        if labels and labels[0].casefold() == label:
            found.extend(meta.get(f"twitter:data{number}", [])[:1])
    return found


# --------------------------------------------------------------------------- JSON-LD


#: A value that is an address (absolute, or relative to the scheme), not a name.
_ADDRESS: Final = re.compile(r"\s*(?:https?:)?//\S+\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class StructuredData:
    """A page's JSON-LD objects, the article's first, then the page's, then the rest
    (schema.org: the object about the page is the one to read), each with its types;
    and the objects by ``@id`` so that references (``"author": {"@id": ...}``) can be
    followed."""

    objects: tuple[dict[str, Any], ...]
    kinds: tuple[set[str], ...]
    by_id: dict[str, dict[str, Any]]
    #: The positions of the objects that are items the page lists (:func:`listed_items`).
    listed: frozenset[int] = frozenset()

    @classmethod
    def read(cls, document: TextDocument) -> StructuredData:
        typed = [(item, types_of(item)) for item in json_ld_objects(document)]
        typed.sort(key=lambda pair: 0 if is_article(pair[1]) else 1 if is_page(pair[1]) else 2)
        by_id: dict[str, dict[str, Any]] = {}
        for item, _ in typed:
            # A bare {"@id": ...} is a reference, not the object it names.
            if isinstance(item.get("@id"), str) and len(item) > 1:
                by_id.setdefault(item["@id"], item)
        objects = tuple(item for item, _ in typed)
        kinds = tuple(kinds for _, kinds in typed)
        return cls(objects, kinds, by_id, listed_items(objects, kinds))

    def values(self, *keys: str, about_page: bool = False, own: bool = False) -> list[Any]:
        """The values of ``keys`` in every object, in rank order; with ``about_page``
        only in the objects about the page (articles, web pages, products...), not in
        those about its parts (the site, the organisation, a breadcrumb) nor in the items
        it lists (:func:`listed_items`); with ``own``
        not in the objects that reply to the page (:data:`REPLY_TYPES`: a product's
        reviews, a question's answers, whose dates and authors are their writers')."""
        found = []
        for index, (item, kinds) in enumerate(zip(self.objects, self.kinds, strict=True)):
            if (about_page and (not is_page(kinds) or index in self.listed)) or (
                own and kinds & REPLY_TYPES
            ):
                continue
            for key in keys:
                value = item.get(key)
                if value not in (None, "", [], {}):
                    found.append(value)
        return found

    def names(self, value: Any, depth: int = 0) -> list[str]:
        """The names in a schema.org ``author`` or ``publisher`` value: a string, a
        ``Person`` or ``Organization``, a reference to one by ``@id``, or a list.  A
        string that is an object's ``@id`` is that reference written bare (Invision
        Community's ``"publisher": "https://…/#organization"``), and any other address
        names no one."""
        if depth > MAX_VALUE_DEPTH:
            return []
        if isinstance(value, str):
            target = self.by_id.get(value.strip())
            if target is not None:
                return self.names(target, depth + 1)
            if _ADDRESS.match(value):
                return []
        if isinstance(value, list):
            return [name for item in value for name in self.names(item, depth + 1)]
        if isinstance(value, dict):
            name = value.get("name")
            if name is None and isinstance(value.get("@id"), str):
                target = self.by_id.get(value["@id"])
                return self.names(target, depth + 1) if target not in (None, value) else []
            if isinstance(name, (list, dict)):
                return self.names(name, depth + 1)
            value = name
        text = clean_text(value)
        return [text] if text else []

    def is_person(self, value: Any) -> bool:
        """Whether a schema.org ``publisher`` value is a ``Person`` (an object, or a
        reference to one by ``@id``): a one-person site's publisher is its writer (Yoast
        types it ``["Person", "Organization"]``), whose name is not the site's."""
        reference = value.strip() if isinstance(value, str) else None
        if isinstance(value, dict):
            if "person" in types_of(value):
                return True
            if isinstance(value.get("@id"), str):
                reference = value["@id"]
        if reference is None:
            return False
        # every object of that @id: a graph names its writer untyped first (the
        # article's "author") and types it further on
        return any(
            "person" in kinds
            for item, kinds in zip(self.objects, self.kinds, strict=True)
            if item.get("@id") == reference
        )

    def is_organization(self, value: Any, depth: int = 0) -> bool:
        """Whether a schema.org ``author`` value names organisations only."""
        if depth > MAX_VALUE_DEPTH:
            return False
        if isinstance(value, list):
            return bool(value) and all(self.is_organization(item, depth + 1) for item in value)
        if isinstance(value, dict):
            if "name" not in value and isinstance(value.get("@id"), str):
                value = self.by_id.get(value["@id"], value)
            kinds = types_of(value)
            return "person" not in kinds and bool(kinds & ORGANIZATION_TYPES)
        return False


#: What parts the items of a list written as one string (``keywords``, ``article:tag``):
#: the comma, and the semicolon, the ideographic comma 、 and the full-width comma and
#: semicolon that Chinese and Japanese pages write their keywords with
#: ("关注点;国家;发展", "アプリ、セキュリティ").
LIST_SEPARATORS: Final = re.compile("[,;\u3001\uff0c\uff1b]")


#: Chinese and Japanese letters: CJK radicals, kana and the ideographs, and half-width
#: katakana (Korean parts its words with spaces, so Hangul is not among them).
_IDEOGRAPHS: Final = re.compile(
    "[\u2e80-\u2fdf\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f]"
)


def _spaced_ideographs(text: str) -> bool:
    """Whether ``text`` is Chinese or Japanese words parted by spaces: most of its
    letters are ideographs or kana, and those scripts write no space between the words
    of a phrase, so a space parts items ("宇航员 太空 国际空间站")."""
    letters = sum(1 for character in text if character.isalpha())
    return " " in text and 2 * len(_IDEOGRAPHS.findall(text)) > letters


def strings(value: Any, *, keywords: bool = False) -> list[str]:
    """The strings of a schema.org value that may be one string, a list written as one
    string (``keywords``, parted by :data:`LIST_SEPARATORS`) or a list.  With
    ``keywords``, one string of Chinese or Japanese words with no separator is parted by
    its spaces (:func:`_spaced_ideographs`); an item of a list is one keyword as written."""
    if isinstance(value, list):
        return [text for item in value for text in strings(item)]
    text = clean_text(value)
    if not text:
        return []
    parts = [part.strip() for part in LIST_SEPARATORS.split(text) if part.strip()]
    if keywords and len(parts) == 1 and _spaced_ideographs(parts[0]):
        return parts[0].split()
    return parts


def image_url(value: Any, depth: int = 0) -> str | None:
    """The URL of a schema.org ``image``: a URL, an ``ImageObject`` or a list of either."""
    if depth > MAX_VALUE_DEPTH:
        return None
    if isinstance(value, list):
        return next((url for item in value if (url := image_url(item, depth + 1))), None)
    if isinstance(value, dict):
        value = value.get("url") or value.get("contentUrl")
    return clean_text(value)


# --------------------------------------------------------------------------- microdata


def in_aside(element: Any, tags: frozenset[str]) -> bool:
    """Whether an ancestor of ``element`` (below ``<body>``) is one of ``tags`` or is
    marked by its class or id (:data:`ASIDE_WORDS`) as comments, a sidebar or related
    stories: parts of the page whose bylines and dates are not the page's."""
    node = element.parent
    while node is not None and node.tag not in ("body", "html"):
        attributes = node.attributes
        words = f"{attributes.get('class') or ''} {attributes.get('id') or ''}"
        if node.tag in tags or ASIDE_WORDS.search(words):
            return True
        node = node.parent
    return False


#: Where the walk up from a byline looking for a customer's review stops: the page's own
#: article or main content (a critic's review page may call itself "review").
_CONTENT_ROOTS: Final = frozenset({"article", "main", "body", "html"})


def in_review(element: Any) -> bool:
    """Whether ``element``, or an element around it below the page's article or main
    content, is marked as a customer's review or testimonial (:data:`REVIEW_WORDS`, as
    whole words of its class or id): its writer's byline and date are not the page's."""
    return _marked(element, REVIEW_WORDS)


def in_event(time: Any) -> bool:
    """Whether a ``<time>`` is an event's: named as its start, end or doors' time
    (:data:`EVENT_TIME_PROPERTIES`), or in an element marked as an event (an ``Event``
    item, or :data:`EVENT_WORDS` as whole words of its class or id) below the page's
    article or main content.  A calendar's or a venue's page lists when its events are
    held; the first of them is not when the page was written."""
    names = (time.attributes.get("itemprop") or "").lower().split()
    if any(name in EVENT_TIME_PROPERTIES for name in names):
        return True
    return _marked(time, EVENT_WORDS, item_type="event")


def _marked(element: Any, words: frozenset[str], *, item_type: str = "") -> bool:
    """Whether ``element``, or an element around it below the page's article or main
    content, has one of ``words`` as a whole word of its class or id, or (when
    ``item_type`` is given) an ``itemtype`` that holds it."""
    node = element
    while node is not None and node.tag not in _CONTENT_ROOTS:
        attributes = node.attributes
        if item_type and item_type in (attributes.get("itemtype") or "").lower():
            return True
        names = f"{attributes.get('class') or ''} {attributes.get('id') or ''}"
        if any(part.lower() in words for part in CLASS_NAME_PART.findall(names)):
            return True
        node = node.parent
    return False


#: Elements whose text is a program's or a machine's (HTML's ``<pre>``, ``<code>``,
#: ``<samp>``, ``<kbd>``): a date there is a code sample's or a log's.
_CODE_TAGS: Final = frozenset({"pre", "code", "samp", "kbd"})


def in_code(element: Any) -> bool:
    """Whether ``element`` is, or is inside, code or a program's output
    (:data:`_CODE_TAGS`): a manual's example log line ("2019-03-04 12:00:01 INFO ...")
    is no dateline, however short and near the title."""
    return inside(element, _CODE_TAGS)


def inside(element: Any, tags: Collection[str]) -> bool:
    """Whether ``element`` is one of ``tags``, or is inside one below ``<body>``."""
    node = element
    while node is not None and node.tag not in ("body", "html"):
        if node.tag in tags:
            return True
        node = node.parent
    return False


def microdata(tree: Any, name: str) -> Iterator[str]:
    """The values of the schema.org microdata property ``name`` on elements other than
    ``<meta>`` (those are read with the meta elements), following HTML's rules for an
    item's property values: ``content`` or ``datetime`` when given, the ``name`` of a
    nested item, else the element's text.

    A property belongs to the item of its nearest ``itemscope`` ancestor (HTML's
    microdata model); properties of a comment, answer or review (their ``itemtype``) are
    someone else's and are skipped: a Q&A page marks each comment's ``datePublished``
    and ``author`` as it marks the question's."""
    if tree is None:
        return
    for element in tree.css(f'[itemprop~="{name}"]'):
        if element.tag == "meta" or _owned_by_other(element):
            continue
        attributes = element.attributes
        value = clean_text(attributes.get("content")) or clean_text(attributes.get("datetime"))
        if value is None and "itemscope" in attributes:
            named = element.css_first('[itemprop~="name"]')
            if named is not None:
                value = clean_text(named.attributes.get("content")) or clean_text(
                    named.text(deep=True, separator=" ")
                )
        if value is None:
            value = clean_text(element.text(deep=True, separator=" "))
        if value:
            yield value


#: Types of the microdata items whose bylines are a reply's writer's
#: (:func:`in_reply_item`).  Not ``Comment``: forum software (vBulletin) marks every post
#: so, the opening one too, whose writer is the thread's author (WCXB's gold says so).
BYLINE_REPLY_TYPES: Final = frozenset({"answer", "review"})


def in_reply_item(element: Any) -> bool:
    """Whether ``element`` lies in a microdata item of :data:`BYLINE_REPLY_TYPES` (a Q&A
    page's ``Answer``, a ``Review``) that is another item's property (``itemprop``:
    ``suggestedAnswer``, ``review``): the byline there is the reply's writer's, not the
    page's (Zhihu's answerer, with the badge beside the name, was taken for the question
    page's author).  A critic's review that is the page's own item is no reply."""
    node = element
    while node is not None and node.tag not in ("body", "html"):
        attributes = node.attributes
        if "itemscope" in attributes and "itemprop" in attributes:  # a property's item
            kind = (attributes.get("itemtype") or "").rstrip("/").rsplit("/", 1)[-1]
            if kind.casefold() in BYLINE_REPLY_TYPES:
                return True
        node = node.parent
    return False


def _owned_by_other(element: Any) -> bool:
    """Whether the item a microdata property belongs to is one of
    :data:`REPLY_TYPES` (a comment, an answer, a review)."""
    node = element.parent
    while node is not None and node.tag != "html":
        if "itemscope" in node.attributes:
            kind = (node.attributes.get("itemtype") or "").rstrip("/").rsplit("/", 1)[-1]
            return kind.casefold() in REPLY_TYPES
        node = node.parent
    return False


__all__ = [
    "StructuredData",
    "clean_text",
    "declared_address",
    "declared_web_address",
    "first_values",
    "fold",
    "image_url",
    "in_reply_item",
    "is_article",
    "is_page",
    "labelled_values",
    "meta_tags",
    "microdata",
    "shown_block_text",
    "shown_text",
    "strings",
    "unique",
]
