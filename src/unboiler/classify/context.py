"""What the elements around a block say about it: landmarks, roles and class names.

Authors label their markup.  HTML5 landmarks (``<article>``, ``<main>``, ``<nav>``,
``<aside>``, ``<header>``, ``<footer>``), ARIA roles, schema.org ``itemprop`` and, most of
all, the words in ``class`` and ``id`` attributes ("comment", "share", "sidebar",
"entry-content") say what a part of the page is for.  Readability (Mozilla, the
``unlikelyCandidates`` and ``positive``/``negative`` patterns) and trafilatura (its XPath
rule lists) turn such words into hand-written rules; here they become flags that the
default extractor's trained model weighs (:mod:`unboiler.classify.signals`), so no weight
is written by hand and none is tuned for one site.

For every element that encloses a text block, :func:`element_table` records its parent
and its flags, each element once per page: blocks share most of their ancestors, so the
walk up from each block stops at the first element already seen.  Class and id strings
repeat within and across the pages of a site, so their flags are cached by string.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

#: The flags, one bit each, in a fixed order (the model's features are named after
#: them).  Tag flags come from the element's name, role and schema.org attributes,
#: word flags from its ``class`` and ``id``.
FLAGS: Final = (
    # landmarks and structural tags (HTML Living Standard, §4.3-4.9)
    "article",
    "main",
    "nav",
    "aside",
    "header",
    "footer",
    "form",
    "list_item",
    "table",
    "quote",
    "figure",
    "pre",
    "section",
    "heading",
    "definition",
    "address",
    "noscript",
    "control",
    "paragraph",
    # schema.org and visibility attributes
    "body_prop",
    "comment_prop",
    "hidden",
    # words of class and id
    "w_comment",
    "w_share",
    "w_related",
    "w_sidebar",
    "w_cookie",
    "w_ad",
    "w_nav",
    "w_footer",
    "w_header",
    "w_post",
    "w_content",
    "w_byline",
    "w_meta",
    "w_tags",
    "w_newsletter",
    "w_modal",
    "w_product",
    "w_thread",
    "w_title",
    "w_caption",
    "w_code",
    "w_toc",
    "w_pagination",
    "w_search",
    "w_account",
    "w_card",
    "w_docs",
)
BIT: Final = {name: 1 << index for index, name in enumerate(FLAGS)}

#: Element names that set a flag.
TAG_FLAGS: Final = {
    "article": BIT["article"],
    "main": BIT["main"],
    "nav": BIT["nav"],
    "aside": BIT["aside"],
    "header": BIT["header"],
    "footer": BIT["footer"],
    "form": BIT["form"],
    "li": BIT["list_item"],
    "table": BIT["table"],
    "td": BIT["table"],
    "th": BIT["table"],
    "blockquote": BIT["quote"],
    "figure": BIT["figure"],
    "figcaption": BIT["figure"],
    "pre": BIT["pre"],
    "section": BIT["section"],
    **dict.fromkeys(("h1", "h2", "h3", "h4", "h5", "h6"), BIT["heading"]),
    "dl": BIT["definition"],
    "dt": BIT["definition"],
    "dd": BIT["definition"],
    "address": BIT["address"],
    "noscript": BIT["noscript"],
    **dict.fromkeys(("button", "select", "label", "option", "input"), BIT["control"]),
    "p": BIT["paragraph"],
}
#: ARIA landmark roles (WAI-ARIA 1.2, §5.3.4) and the tag flag each stands for.
ROLE_FLAGS: Final = {
    "navigation": BIT["nav"],
    "banner": BIT["header"],
    "contentinfo": BIT["footer"],
    "complementary": BIT["aside"],
    "main": BIT["main"],
    "article": BIT["article"],
    "dialog": BIT["w_modal"],
    "alertdialog": BIT["w_modal"],
    "search": BIT["w_search"],
    "menu": BIT["nav"],
    "menubar": BIT["nav"],
}
#: schema.org properties that hold the main text of what the page is about.
BODY_PROPERTIES: Final = frozenset(
    {"articlebody", "text", "reviewbody", "description", "mainentityofpage", "acceptedanswer"}
)
COMMENT_PROPERTIES: Final = frozenset({"comment", "comments"})

#: Word pieces of class and id attributes, by flag.  Pieces are matched inside the
#: attribute ("entry-content", "commentlist", "sidebar1"); the short ones, which occur
#: inside unrelated words ("ad" in "header", "nav" in "canvas"), only as a whole token.
WORD_PIECES: Final = {
    "w_comment": ("comment", "disqus", "respond", "pingback", "trackback"),
    "w_share": ("share", "sharing", "social", "addthis", "sociable"),
    "w_related": (
        "related",
        "recommend",
        "trending",
        "popular",
        "read-next",
        "readnext",
        "more-stories",
        "outbrain",
        "taboola",
        "yarpp",
    ),
    "w_sidebar": ("sidebar", "widget", "secondary"),
    "w_cookie": ("cookie", "consent", "gdpr"),
    "w_ad": ("advert", "sponsor", "promo", "dfp-", "adsense", "adslot", "ad-slot"),
    "w_nav": ("menu", "breadcrumb", "navbar", "navigation", "toolbar", "skip-link"),
    "w_footer": ("footer", "copyright", "colophon"),
    "w_header": ("header", "masthead", "topbar", "top-bar", "branding"),
    "w_post": ("post", "entry", "article", "story", "blog"),
    "w_content": ("content", "body", "text", "prose", "markdown", "richtext", "rich-text"),
    "w_byline": ("author", "byline", "avatar", "username", "user-name", "profile"),
    "w_meta": ("meta", "date", "time", "publish", "posted", "stamp"),
    "w_tags": ("tag", "categor", "topics"),
    "w_newsletter": ("newsletter", "subscri", "signup", "sign-up", "mailchimp", "optin"),
    "w_modal": (
        "modal",
        "popup",
        "overlay",
        "lightbox",
        "sr-only",
        "screen-reader",
        "visually-hidden",
        "offscreen",
    ),
    "w_product": ("product", "price", "sku", "cart", "offer", "spec"),
    "w_thread": (
        "thread",
        "forum",
        "message",
        "reply",
        "discussion",
        "question",
        "answer",
        "bbp-",
        "phpbb",
    ),
    "w_title": ("title", "headline", "heading"),
    "w_caption": ("caption", "credit"),
    "w_code": (
        "highlight",
        "syntax",
        "prettyprint",
        "language-",
        "lang-",
        "codehilite",
        "sourcecode",
    ),
    "w_toc": ("toc", "table-of-contents", "tableofcontents"),
    "w_pagination": ("paginat", "pager", "next", "prev"),
    "w_search": ("search",),
    "w_account": ("login", "account", "signin", "sign-in", "register"),
    "w_card": ("card", "item", "tile", "teaser", "grid", "feed", "listing"),
    "w_docs": ("docs", "documentation", "api-", "reference", "manual"),
}
#: Pieces matched only as whole tokens of the attribute (split at anything but a
#: letter or digit).
WHOLE_TOKENS: Final = {
    "w_ad": ("ad", "ads", "adv", "advert", "banner"),
    "w_nav": ("nav", "menu"),
    "w_code": ("code", "hljs"),
    "w_toc": ("toc",),
    "w_modal": ("hidden", "hide", "modal"),
    "hidden": ("hidden",),
}


def _piece_search() -> tuple[re.Pattern[str], dict[str, int]]:
    """One regular expression that finds, at every position of a lower-cased class
    string, the longest of :data:`WORD_PIECES` that starts there; and for each piece the
    flags of it and of every piece that is its prefix (those start at the same position,
    so the longest stands for them all: "posted" is ``w_meta`` and, through "post",
    ``w_post``).

    Why not a test of each piece with ``in``: class strings are long (Tailwind's run to
    hundreds of characters) and mostly new to the cache (wcxb's pages have 47,000
    distinct ones in 120,000 elements), and 150 substring tests cost 7-11 µs a string
    where this scan costs under 3.  The look-ahead lets matches overlap ("entry-content"
    finds "entry" and "content"; "cartitle" finds "cart" and "title"); grouping the
    pieces by their first character lets the regex engine try only the pieces that can
    start at a position, not all of them."""
    bits_of: dict[str, int] = {}
    for flag, pieces in WORD_PIECES.items():
        for piece in pieces:
            bits_of[piece] = bits_of.get(piece, 0) | BIT[flag]
    by_first: dict[str, list[str]] = {}
    for piece in sorted(bits_of, key=lambda piece: (-len(piece), piece)):  # longest first
        by_first.setdefault(piece[0], []).append(re.escape(piece[1:]))
    alternatives = "|".join(
        f"{re.escape(first)}(?:{'|'.join(rests)})" for first, rests in by_first.items()
    )
    with_prefixes = {
        piece: sum(
            BIT[flag]
            for flag, pieces in WORD_PIECES.items()
            if any(piece.startswith(prefix) for prefix in pieces)
        )
        for piece in bits_of
    }
    return re.compile(f"(?=({alternatives}))"), with_prefixes


_PIECE_SEARCH, _PIECE_BITS = _piece_search()
#: The flags of each of :data:`WHOLE_TOKENS`.
_TOKEN_BITS: Final = {
    token: sum(BIT[flag] for flag, tokens in WHOLE_TOKENS.items() if token in tokens)
    for tokens in WHOLE_TOKENS.values()
    for token in tokens
}
#: Any of :data:`WHOLE_TOKENS` standing as a whole token (no letter or digit on either
#: side): one scan, half the cost of splitting the string into its tokens.
_WHOLE_TOKEN: Final = re.compile(
    "(?<![a-z0-9])(?:"
    + "|".join(sorted(_TOKEN_BITS, key=lambda token: (-len(token), token)))
    + ")(?![a-z0-9])"
)
#: An inline style that hides its element: ``display: none`` (CSS 2.1 §9.2.4, no box) or
#: ``visibility: hidden`` (§11.2, an unseen box; Mozilla's Readability also reads both
#: as hidden, ``_isProbablyVisible``).  Lower case only, as the packaged model was trained
#: (:data:`unboiler.tags.HIDING_STYLE` reads any case; to be one with it at the next
#: training, with ``SIGNALS_VERSION`` raised).
_HIDING_STYLE: Final = re.compile(r"display\s*:\s*none|visibility\s*:\s*hidden")
#: Class-and-id strings whose flags are remembered; the cache is emptied when full, so
#: memory stays bounded on any stream of pages.
CACHE_SIZE: Final = 50_000
_word_cache: dict[str, int] = {}


def word_flags(names: str) -> int:
    """The word flags of an element's ``class`` and ``id`` (given joined by a space)."""
    cached = _word_cache.get(names)
    if cached is not None:
        return cached
    lowered = names.lower()
    bits = 0
    for piece in _PIECE_SEARCH.findall(lowered):
        bits |= _PIECE_BITS[piece]
    for token in _WHOLE_TOKEN.findall(lowered):
        bits |= _TOKEN_BITS[token]
    if len(_word_cache) >= CACHE_SIZE:
        _word_cache.clear()
    _word_cache[names] = bits
    return bits


def attribute_flags(tag: str, attributes: dict[str, str | None]) -> int:
    """Every flag of one element: its name, role, schema.org property, visibility and
    the words of its class and id."""
    bits = TAG_FLAGS.get(tag, 0)
    if not attributes:
        return bits
    get = attributes.get
    names = get("class")
    identifier = get("id")
    if identifier:
        names = f"{names} {identifier}" if names else identifier
    if names:
        bits |= word_flags(names)
    role = get("role")
    if role:
        bits |= ROLE_FLAGS.get(role.strip().lower(), 0)
    prop = get("itemprop")
    if prop:
        lowered = prop.lower().split()
        if any(p in BODY_PROPERTIES for p in lowered):
            bits |= BIT["body_prop"]
        if any(p in COMMENT_PROPERTIES for p in lowered):
            bits |= BIT["comment_prop"]
    if "hidden" in attributes or get("aria-hidden") == "true":
        bits |= BIT["hidden"]
    style = get("style")
    if style and ("none" in style or "hidden" in style) and _HIDING_STYLE.search(style):
        bits |= BIT["hidden"]
    return bits


@dataclass(frozen=True, eq=False)
class ElementTable:
    """The elements that enclose text blocks, each once, parents before children.

    ``parent[i]`` is the index of element ``i``'s parent in the table, or -1 above the
    ``<body>``; ``tag[i]`` its name; ``flags[i]`` its own flags; ``key[i]`` its tag and
    class (what makes repeated items of a list or thread look alike); ``depth[i]`` its
    depth below ``<body>``.  ``owner[b]`` is the element of block ``b`` (-1 for text
    directly in ``<body>``).
    """

    parent: list[int]
    tag: list[str]
    flags: list[int]
    key: list[str]
    depth: list[int]
    owner: list[int]


_ROOTS: Final = frozenset({"html", "body", "-document", "#document", None})


def element_table(nodes: Sequence[Any]) -> ElementTable:
    """The table of the elements above ``nodes`` (each block's element, ``None`` for a
    hand-built block), read from the DOM once per element."""
    index_of: dict[int, int] = {}
    parent: list[int] = []
    tags: list[str] = []
    flags: list[int] = []
    keys: list[str] = []
    depth: list[int] = []
    owner: list[int] = []
    names: dict[str, str] = {}
    for node in nodes:
        # Climb to the first element already in the table (or the body), then add the
        # new ones top-down so that each finds its parent's index.
        chain: list[tuple[Any, str]] = []
        current = node
        found = -1
        while current is not None:
            # the table first: most climbs end at once, at an element already read,
            # and asking lexbor for a name costs more than the look-up
            known = index_of.get(current.mem_id)
            if known is not None:
                found = known
                break
            tag = current.tag
            if tag in _ROOTS:
                break
            chain.append((current, tag))
            current = current.parent
        above = found
        for element, tag in reversed(chain):
            attributes = element.attributes
            index = len(parent)
            index_of[element.mem_id] = index
            parent.append(above)
            # one string object for each distinct tag and key: a page of nested <div>s
            # has millions of elements and a handful of names
            tag = names.setdefault(tag, tag)
            tags.append(tag)
            flags.append(attribute_flags(tag, attributes))
            key = f"{tag}.{attributes.get('class') or ''}" if attributes else tag
            keys.append(names.setdefault(key, key))
            depth.append(depth[above] + 1 if above >= 0 else 1)
            above = index
        owner.append(above)
    return ElementTable(parent, tags, flags, keys, depth, owner)


__all__ = [
    "BIT",
    "BODY_PROPERTIES",
    "CACHE_SIZE",
    "FLAGS",
    "ROLE_FLAGS",
    "TAG_FLAGS",
    "WHOLE_TOKENS",
    "WORD_PIECES",
    "ElementTable",
    "attribute_flags",
    "element_table",
    "word_flags",
]
