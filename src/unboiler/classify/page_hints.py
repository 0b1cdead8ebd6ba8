"""What a page says of its own kind, besides its text: its schema.org and Open Graph
types, and the words of its URL's path.

Part of the default extractor's page features (:mod:`unboiler.classify.signals`): a
``DiscussionForumPosting`` or a path through ``/forum/`` tells a thread from an article,
``Product`` or ``/dp/`` a product page, ``CollectionPage`` or ``/category/`` a listing.
The page-type model weighs them with the rest; none decides alone.
"""

from __future__ import annotations

import re
from typing import Final

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


def schema_groups(source: str | None) -> list[float]:
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


#: The page features read from its URL: the last ones of
#: :data:`~unboiler.classify.signals.PAGE_FEATURES`.
URL_FEATURES: Final = len(URL_GROUPS) + 2


def url_features(url: str | None) -> list[float]:
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
