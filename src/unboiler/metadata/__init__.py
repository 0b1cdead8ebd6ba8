"""What a page says about itself: title, author, publication date, language, site name,
description, main image, canonical URL, categories and tags.

Pages state these facts in three places; a field is taken from the first that has it:

1. **JSON-LD** (schema.org vocabulary in ``<script type="application/ld+json">``, read
   by :mod:`unboiler.jsonld`): written for search engines, which check it, so it is the
   most deliberate statement.  The article's object (``Article``, ``NewsArticle``,
   ``BlogPosting``...) is read before the page's (``WebPage``), and those before the
   others (the site, the organisation).
2. **Meta elements**: the Open Graph protocol (``og:title``, ``og:site_name``,
   ``og:image``, ``article:published_time``, ``article:author``, ``article:section``,
   ``article:tag``; https://ogp.me/), Dublin Core (``dc.title``, ``dc.creator``,
   ``dc.date``; DCMI Metadata Terms, embedded as RFC 2731 describes), Twitter cards,
   Parse.ly's and Sailthru's tags, HTML's ``author``, ``description`` and ``keywords``;
   then schema.org microdata (``itemprop``) in the body.
3. **The visible page**: its ``<h1>``; a "By Jane Doe" byline near it, or an element
   marked as the byline; a ``<time datetime>`` or a written date near it (not in a
   sentence), then the first ``<time datetime>`` outside menus, footers, sidebars and
   comments, or a date the page labels as its own ("Published on ..."); a date in the
   URL's path
   (``/2024/05/17/``, read before the page's text); ``rel="category"`` and
   ``rel="tag"`` links.

Where the order differs, it is for a reason given with the field:

- the title: metadata titles are matched against the page's headings, and a heading
  that is the same headline is the title, since metadata titles are often cut short,
  reworded for search or carry the site's name (:mod:`unboiler.metadata.title`);
- a site's own name, or an organisation, as the author is kept only when no source
  names a person, since publishing systems fill it in when nobody signed; JSON-LD's
  ``creator`` is read after the page's byline (it names the account that made the item
  as often as its writer);
- the date: a dateline under the title wins over a stated date that the page never
  shows and the URL does not repeat (publishing systems fill ``datePublished`` from
  fields their templates do not keep up), and the URL's day over a stated instant
  that is the same moment in another time zone (:func:`_date`);
- the site's name is the ``WebSite``'s, then ``og:site_name``, before the publisher,
  which is the company behind the site as often as the site (:func:`_site_names`);
- the canonical URL is ``<link rel="canonical">`` (RFC 6596, its defining statement),
  then ``og:url``, then JSON-LD's ``url``;
- the language is ``<html lang>`` (HTML's own declaration), then ``Content-Language``
  and the other meta keys, then JSON-LD's ``inLanguage``, then detection over the page
  text (:func:`unboiler.language.detect`).

Nothing here raises on a page: broken JSON-LD is skipped, a value of an unexpected type
or a date that does not parse is ignored, and a field found nowhere is None (the tuples
of categories and tags are empty).  The page is not parsed again: everything is read
from the document's lexbor tree and blocks, and from the source not at all.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Any, Final
from urllib.parse import unquote, urljoin, urlsplit

from unboiler.document import Label, TextBlock, TextDocument
from unboiler.jsonld import percent_encoded, plain_text
from unboiler.language import MIN_DETECTION_WORDS, detect, language_code
from unboiler.metadata.author import (
    byline_author,
    citation_name,
    clean_author,
    join_authors,
    latexml_authors,
    marked_author,
    without_site,
)
from unboiler.metadata.dates import (
    dateline,
    first_date,
    labelled_date,
    lists_items,
    page_time,
    parse_date,
    same_moment,
    shows_day,
    url_date,
    writes_day_first,
)
from unboiler.metadata.rules import (
    AUTHOR_LABEL,
    AUTHOR_META,
    BLOCKS_AFTER_TITLE,
    BLOCKS_BEFORE_TITLE,
    CATEGORY_META,
    DATE_META,
    DESCRIPTION_META,
    EMPTY_HEADLINE,
    FILE_NAME_TITLE,
    IMAGE_META,
    LANGUAGE_META,
    LEFT_AMPERSAND,
    MAX_BYLINE_WORDS,
    NOT_AUTHORED_TYPES,
    PUBLISH_KEY,
    SITE_NAME_META,
    TAG_META,
    TITLE_META,
    TITLE_SEPARATOR,
    credits_software,
)
from unboiler.metadata.sources import (
    StructuredData,
    clean_text,
    declared_address,
    first_values,
    fold,
    image_url,
    labelled_values,
    meta_tags,
    microdata,
    strings,
    unique,
)
from unboiler.metadata.title import (
    clean_title,
    count_words,
    domain_names,
    find_title,
    headings,
    is_dotted_name,
    is_site_name,
    same_headline,
    without_site_label,
)
from unboiler.text import visible


@dataclass(frozen=True)
class Metadata:
    """What :func:`extract_metadata` found; None (or empty) where the page says nothing.

    ``date`` is the publication date in ISO 8601: ``2024-05-17``, or with the time as
    the page gave it (``2024-05-17T09:30:00+02:00``; an offset only when the page stated
    one).  ``language`` is an ISO 639 code, ``url`` the canonical URL, ``image`` the main
    image's URL, both made absolute against the page's address when it is known.
    ``author`` joins several names with commas.
    """

    title: str | None = None
    author: str | None = None
    date: str | None = None
    language: str | None = None
    sitename: str | None = None
    description: str | None = None
    image: str | None = None
    url: str | None = None
    categories: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()


@dataclass(frozen=True)
class _Page:
    """What every field reads, gathered once per page."""

    document: TextDocument
    tree: Any
    meta: dict[str, list[str]]
    data: StructuredData
    site_names: list[str]
    """The site's names (publisher, ``WebSite``, ``og:site_name``), then its domain's."""


def extract_metadata(document: TextDocument) -> Metadata:
    """The page's metadata, each field from the most trusted source that gives it (see
    the module docstring).  A document without a tree (built by hand) has only what its
    blocks, title and URL tell."""
    tree = document.tree
    meta = meta_tags(tree)
    data = StructuredData.read(document)
    sites = _site_names(meta, data, document.title, document.url or declared_address(tree, meta))
    page = _Page(document, tree, meta, data, [*sites, *domain_names(document.url)])
    title, title_index = _title(page)
    near = _near_title(document.blocks, title_index)
    headline = _headline_blocks(near, title)
    canonical, image = _urls(page)
    categories, tags = _topics(page)
    language = _language(page)
    return Metadata(
        title=_shown(title),
        author=_shown(_author(page, near, title)),
        date=_date(page, near, headline, language) or _declared_day(document.url, canonical),
        language=language,
        sitename=_shown(_site_name(sites, document.title, title, canonical or document.url)),
        description=_shown(_description(page)),
        image=image,
        url=canonical,
        categories=tuple(filter(None, (_shown(_unquoted(name)) for name in categories))),
        tags=tuple(filter(None, (_shown(_unquoted(name)) for name in tags))),
    )


#: The marks of bidirectional text (UAX #9: LRM, RLM, ALM, the embeddings, overrides and
#: isolates), left out with white space at a field's ends.  Google's pages wrap a name in
#: an embedding ("\u202aGoogle Наука\u202c") so that it reads right inside text of the
#: other direction; a field alone needs no such wrapping, and a program comparing or
#: indexing names is misled by it.
DIRECTION_MARKS: Final = "\u200e\u200f\u061c\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"


#: Quotation marks a site writes around a topic's name (Tistory's ``article:section``
#: is "'국내여행'"), each opening mark with its closing one.
TOPIC_QUOTES: Final = (("'", "'"), ('"', '"'), ("\u2018", "\u2019"), ("\u201c", "\u201d"))


def _unquoted(name: str) -> str:
    """A category's or tag's name without the quotation marks around it whole."""
    name = name.strip()
    for opening, closing in TOPIC_QUOTES:
        if len(name) > 2 and name.startswith(opening) and name.endswith(closing):
            inner = name[1:-1]
            if opening not in inner and closing not in inner:
                return inner.strip()
    return name


def _shown(text: str | None) -> str | None:
    """A field as a reader sees it: without the zero-width spaces, byte-order marks and
    soft hyphens a ``<title>`` or a meta tag carries (:func:`unboiler.text.visible`), as
    no text output holds them, nor the direction marks at its ends
    (:data:`DIRECTION_MARKS`); None when nothing is left."""
    if text is None:
        return None
    text = visible(text).strip()
    while text and (text[0] in DIRECTION_MARKS or text[-1] in DIRECTION_MARKS):
        text = text.strip(DIRECTION_MARKS).strip()
    return text or None


def _site_names(
    meta: dict[str, list[str]], data: StructuredData, title: str | None, url: str | None
) -> list[str]:
    """The site's names: its ``WebSite``'s, ``og:site_name`` ("the name of the overall
    site", The Open Graph protocol), its publisher's, the short names of the web app
    (:data:`SITE_NAME_META`); a publisher that is a person after them (a blog's writer,
    who publishes it).  A publisher is the organisation behind the site, which can be
    another name: The Verge's is Vox Media, Stack Exchange's sites (Super User, Ask
    Ubuntu) name Stack Overflow, a newspaper's wire story the Associated Press.
    Trafilatura reads ``og:site_name`` first too.  On the three benchmarks' pages, 137
    of 1,666 site names changed so; four newcomers' reports (a news site, a shop, two
    blogs) had asked for the site they had read, and got its company.

    A stated name that is no name (:func:`_names_site`) is passed over, one with a
    tagline is cut to the name (:func:`_without_tagline`), and an ``og:site_name`` that
    is the publisher's name run together ("usatoday", "TheHill") is written as the
    publisher writes it (:func:`_spelled_out`)."""
    publishers = data.values("publisher")
    persons = [value for value in publishers if data.is_person(value)]
    organisations = [
        name for value in publishers if value not in persons for name in data.names(value)
    ]
    titles = [title or "", *meta.get("og:title", ())]
    websites = [
        name
        for item, kinds in zip(data.objects, data.kinds, strict=True)
        if "website" in kinds
        for name in data.names(item.get("name"))
    ]
    stated = list(first_values(meta, SITE_NAME_META[:1]))
    label = _site_label(url)
    names = [_without_tagline(name, label) for name in websites if _names_site(name, titles)]
    names.extend(
        _spelled_out(_without_tagline(name, label), organisations)
        for name in stated
        if _names_site(name, titles)
    )
    names.extend(organisations)
    names.extend(first_values(meta, SITE_NAME_META[1:]))
    names.extend(name for value in persons for name in data.names(value))
    # what was passed over is a name still, where nothing else names the site (an
    # address; a home page's title that is its site's long name)
    names.extend(websites + stated)
    return list(unique(names))


def _site_label(url: str | None) -> str:
    """The label of an address that names its site, folded without spaces: the longest
    of its host's labels but the top level and "www" ("housecallpro"), the one nearer
    the top level of two as long ("acme" of blog.acme.com)."""
    addressed = domain_names(url)
    if not addressed:
        return ""
    labels = addressed[1].split(".")[:-1]
    if not labels:
        return ""
    longest = max(reversed(labels), key=len)
    return "".join(fold(longest).split())


#: The most words of a stated site name that is also the page's whole title: more, and
#: it is the headline a template wrote everywhere.
MAX_SITE_NAME_WORDS: Final = 8


#: An address's or a path's words joined by hyphens ("cultivating-health"): a slug.
SLUG: Final = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)+")


def _names_site(name: str, titles: list[str]) -> bool:
    """Whether a stated site name (``og:site_name``, a ``WebSite``'s) can be the site's
    name: not an address ("https://www.newsnation.in"), not a slug, and not the page's
    whole title of more than :data:`MAX_SITE_NAME_WORDS` words (a template that fills
    every ``og:`` field with the headline: "39 Best Electrician Tools for Your Tool Belt
    & Your Business (2025)").  A title of that many words that holds the site's name
    beside a headline ("Research | National Institute of Environmental Health
    Sciences") does not make the name a headline."""
    name = name.strip()
    if "://" in name or SLUG.fullmatch(name):
        return False
    folded = fold(name)
    return count_words(name) <= MAX_SITE_NAME_WORDS or not any(
        fold(title) == folded for title in titles if title
    )


#: What a name ends with that only parted it from a tagline a template left out
#: ("Mindesigns -", "Netsmartz |").
TRAILING_SEPARATORS: Final = " -|–—·•:"


def _without_tagline(name: str, label: str) -> str:
    """A site's name without the tagline written beside it ("Housecall Pro - The #1
    all-in-one solution for your home services business", "Thoughts about Product
    Adoption | Userpilot Blog"): the part between separators that holds the ``label``
    of the page's address that names the site (folded, "housecallpro"), or that the
    label holds ("NCA" of ncausa.org).  Without a label, or with no such part, the
    name stays."""
    name = name.rstrip(TRAILING_SEPARATORS) or name
    parts = [part for part in TITLE_SEPARATOR.split(name) if fold(part)]
    if len(parts) < 2 or not label:
        return name
    keys = ["".join(fold(part).split()) for part in parts]
    # a part that holds the whole label ("Homes.com" of "Home - Homes.com"), else the
    # longest the label holds ("The Weather Network" of "Weather - The Weather Network")
    holding = [part for part, key in zip(parts, keys, strict=True) if label in key]
    if holding:
        return holding[0].strip()
    held = [
        (len(key), part)
        for part, key in zip(parts, keys, strict=True)
        if len(key) >= MIN_ADDRESS_WORD and key in label
    ]
    return max(held, key=lambda pair: pair[0])[1].strip() if held else name


#: The fewest characters of a lower-case handle read as a publisher's name run together
#: at its start or end ("detroitnews" of "The Detroit News"; "ft" is no handle of
#: "Microsoft Corporation").
MIN_HANDLE_CHARS: Final = 4


def _spelled_out(name: str, organisations: list[str]) -> str:
    """An ``og:site_name`` written as one word, as its publisher writes it in several:
    "USA TODAY" for "usatoday", "The Hill" for "TheHill", "The Detroit News" for the
    lower-case handle "detroitnews"; a name the publisher does not spell out stays."""
    if " " in name.strip():
        return name
    key = fold(name).replace(" ", "")
    for organisation in organisations:
        squashed = fold(organisation).replace(" ", "")
        if " " in organisation.strip() and (
            key == squashed
            or (
                name.islower()
                and len(key) >= MIN_HANDLE_CHARS
                and (squashed.startswith(key) or squashed.endswith(key))
            )
        ):
            return organisation
    return name


#: A part of a ``<title>`` that credits the software the site runs on, not the site:
#: "Powered by Discuz!", "Proudly powered by WordPress", "Powered by vBulletin" (the
#: forum packages write it into every page's title).
SOFTWARE_CREDIT: Final = re.compile(r"(?:proudly\s+)?powered\s+by\b", re.IGNORECASE)
#: The most words of a site's name read from a ``<title>`` (:func:`_title_site`).
MAX_TITLE_SITE_WORDS: Final = 4


#: A version number ("2.4.1"), one word of a site's name: "Tidewater 2.4.1
#: documentation", as Sphinx ends every page's title, is three words and not five.
VERSION_NUMBER: Final = re.compile(r"\d+(?:\.\d+)+")


#: A part of a ``<title>`` that credits the writer, not the site: Substack ends every
#: post's title with "- by Jessica Talisman", on jessicatalisman.substack.com.  A site
#: whose host holds the whole part, "by" too, is named so ("By The Sea", bythesea.com).
TITLE_BYLINE: Final = re.compile(r"by\s", re.IGNORECASE)


#: The fewest letters of a word of that name found in the site's address.
MIN_ADDRESS_WORD: Final = 3


def _credit(part: str, headline: str) -> bool:
    """Whether a ``<title>``'s ``part`` credits the site's software
    (:data:`SOFTWARE_CREDIT`, in at most :data:`MAX_TITLE_SITE_WORDS` words), and is not
    the headline ("Powered by Plants: The Vegan Athlete")."""
    return (
        SOFTWARE_CREDIT.match(part) is not None
        and count_words(part) <= MAX_TITLE_SITE_WORDS
        and not same_headline(part, headline)
    )


def _title_site(title: str | None, headline: str | None, url: str | None) -> str | None:
    """The site's name as the ``<title>`` writes it beside the headline, for a page that
    names its site nowhere else (no publisher, ``WebSite`` or ``og:site_name``): the
    title's last part ("Headline - Wikipedia", "标题_新华网"), else its first ("Blog |
    How we built search"), of at most
    :data:`MAX_TITLE_SITE_WORDS` words and no part of the headline.  When the page's
    address is known, a word of the name must be in its host ("Car Talk" for
    cartalk.com, "Gentoo wiki" for wiki.gentoo.org): the last part is as often a tagline
    ("Stripe Payments | Global Payment Processing Platform", "... | Sign Up for Free").
    A part that credits the site's software (:data:`SOFTWARE_CREDIT`) or its writer
    (:data:`TITLE_BYLINE`) is no name."""
    if not title or not headline:
        return None
    parts = [part.strip() for part in TITLE_SEPARATOR.split(title)]
    parts = [part for part in parts if not _credit(part, headline)]
    if len(parts) < 2:
        return None
    folded = fold(headline)
    host = _host_letters(url)
    for part in (parts[-1], parts[0]):
        name = fold(part)
        if (
            name
            and count_words(VERSION_NUMBER.sub("0", part)) <= MAX_TITLE_SITE_WORDS
            and name not in folded
            and not same_headline(part, headline)
            and not (TITLE_BYLINE.match(part) and "".join(_bare(name).split()) not in host)
            and (not host or _in_host(name, host))
        ):
            return part
    return None


def _host_letters(url: str | None) -> str:
    """The labels of an address's host but "www" and the top level, folded and run
    together ("gardeningcalscornell" of gardening.cals.cornell.edu): "www" and "com" are
    no word of a name.  Empty without an address."""
    names = domain_names(url)
    labels = names[1].split(".")[:-1] if len(names) > 1 else names[:1]
    return "".join(_bare(fold(" ".join(labels))).split())


#: A run of the letters and digits an address writes: a name's words as a host may hold
#: them, apart from the letters of other scripts that touch them ("csdn" of "CSDN博客").
_ADDRESS_RUN: Final = re.compile(r"[a-z0-9]+")


def _in_host(folded_name: str, host: str) -> bool:
    """Whether a word of a folded name, of :data:`MIN_ADDRESS_WORD` letters or more,
    without its diacritics, is in the host's letters (:func:`_host_letters`); a word is
    a run of the letters and digits an address writes (:data:`_ADDRESS_RUN`)."""
    return any(
        len(word) >= MIN_ADDRESS_WORD and word in host
        for word in _ADDRESS_RUN.findall(_bare(folded_name))
    )


def _bare(text: str) -> str:
    """``text`` without diacritics, as a host may write it: "liberation" of "Libération"
    (liberation.fr); an address in Unicode ("bücherhaus.de") is compared so too."""
    return "".join(
        character
        for character in unicodedata.normalize("NFKD", text)
        if not unicodedata.combining(character)
    )


def _host_words(folded_name: str) -> str:
    """The words of a folded name a host could hold, without diacritics: not those of
    other letters than the Latin alphabet's (a Chinese blog's name), which the addresses
    of the sites that state them do not write."""
    return " ".join(word for word in _bare(folded_name).split() if word.isascii())


def _site_name(
    sites: list[str], title: str | None, headline: str | None, url: str | None
) -> str | None:
    """The site's name: the first it states (:func:`_site_names`), else the one its
    ``<title>`` writes (:func:`_title_site`).  A stated name none of whose words is in
    the page's host yields to a ``<title>``'s name that has one: Wikipedia states only
    its publisher, the Wikimedia Foundation, and ends every title with "- Wikipedia" on
    wikipedia.org; National Geographic's ``og:site_name`` is a section ("Health"), its
    titles end with "| National Geographic".  A stated name with no word a host could
    hold (a Chinese blog's name on its platform's address) is kept: nothing tells it is
    not the site's."""
    if not sites:
        return _title_site(title, headline, url)
    host = _host_letters(url)
    stated = _host_words(fold(sites[0]))
    if (
        not host
        or not any(len(word) >= MIN_ADDRESS_WORD for word in stated.split())
        or _in_host(stated, host)
    ):
        return sites[0]  # the common case: the title is not read for a name
    titled = _title_site(title, headline, url)
    if titled and _in_host(fold(titled), host) and not _abbreviates(titled, stated):
        return titled
    return sites[0]


def _abbreviates(short: str, folded_name: str) -> bool:
    """Whether ``short`` is an acronym of a folded name: written in capitals, its letters
    in order among the initials of the name's words, the first with the first ("BHF" of
    British Heart Foundation, "NIDDK" of National Institute of Diabetes and Digestive
    and Kidney Diseases).  The site then has one name, spelled out where it is stated."""
    letters = "".join(short.split())
    initials = "".join(word[0] for word in folded_name.split())
    if not (letters.isalpha() and letters.isupper() and initials):
        return False
    letters = letters.casefold()
    if letters[0] != initials[0]:
        return False
    rest = iter(initials[1:])
    return all(letter in rest for letter in letters[1:])


def _title(page: _Page) -> tuple[str | None, int | None]:
    """The title, and the position of the block that shows it on the page (None when
    it is not found there)."""
    data, document = page.data, page.document
    candidates = [text for value in data.values("headline") if (text := clean_text(value))]
    candidates.extend(
        text for value in data.values("name", about_page=True) if (text := clean_text(value))
    )
    candidates.extend(first_values(page.meta, TITLE_META))
    candidates.extend(microdata(page.tree, "headline"))
    if document.title:
        candidates.append(document.title)
    # A title that begins with a separator is the site's name alone: it names no page.
    # A file's name is the file's, the title only when the page shows no heading.
    candidates = [text for text in candidates if not EMPTY_HEADLINE.match(text)]
    file_names = [text for text in candidates if FILE_NAME_TITLE.match(text)]
    candidates = [text for text in candidates if text not in file_names]
    names = [*page.site_names, *_trailing_names(document.title, document)]
    page_headings = headings(document, names)
    # a heading that is a link to the site's root, whole, is the site's name (a blog's
    # <h1> over its posts, whose titles the <title> writes "Blog: Post"), unless it is
    # the first part of the title (a headline linked to "#" or "/" is no logo's)
    first = fold(TITLE_SEPARATOR.split(document.title)[0]) if document.title else ""
    names += [
        heading.text
        for heading in page_headings
        if heading.is_home_link and fold(heading.text) != first
    ]
    title, index = find_title(candidates, page_headings, names)
    if title is None and file_names:
        title = file_names[0]
    if title and "&#" in title:
        title = LEFT_AMPERSAND.sub("&", title)
    if title:
        title = TITLE_LABEL.sub("", title) or title
        title = _without_stars(title)
    if title and index is None and ": " in title:
        shown = (block.text for block in document.blocks if Label.HEADING in block.labels)
        title = without_site_label(title, names, shown)
    if index is None and title:
        index = next(
            (i for i, block in enumerate(document.blocks) if same_headline(block.text, title)),
            None,
        )
    if index is None and title:
        index = next(
            (i for i, block in enumerate(document.blocks) if _title_then_tags(block.text, title)),
            None,
        )
    if index is None and title:
        title, index = _shown_headline(title, document.blocks)
    if index is None and page_headings:
        index = next((h.index for h in page_headings if h.leads_text), page_headings[0].index)
    return title, index


#: The share of a title's characters that its headline, shown on the page without the
#: site's or the section's name around it, holds at least (:func:`_shown_headline`).
SHOWN_HEADLINE_SHARE: Final = 0.6
#: How a ``<title>`` ends with its section's name after a spaced colon, as old Reddit's
#: "Post's title : subreddit" does (a colon alone parts nothing: "Figma: The Tool").
_SECTION_SUFFIX: Final = re.compile(r"\s+:\s+(?=[^:]+$)")


def _shown_headline(title: str, blocks: list[TextBlock]) -> tuple[str, int | None]:
    """``title`` without a site's or a section's name at one of its ends (its first or
    last part, :data:`~unboiler.metadata.rules.TITLE_SEPARATOR`, or a section after a
    spaced colon), when the page shows that headline as a block and it is most of the
    title (:data:`SHOWN_HEADLINE_SHARE`), with the block's position; else ``title`` and
    None.  Old Reddit's ``og:title`` is "r/Sourdough - Post's title", and the post's
    title is a paragraph with its flair and domain after it: found nowhere, the title
    left the bylines and datelines to be read under the sidebar's first heading (the
    page was dated by the day its community opened)."""
    parts = []
    separators = list(TITLE_SEPARATOR.finditer(title))
    if separators:
        parts += [title[separators[0].end() :], title[: separators[-1].start()]]
    suffix = _SECTION_SUFFIX.search(title)
    if suffix:
        parts.append(title[: suffix.start()])
    for part in sorted({part.strip() for part in parts}, key=lambda part: (-len(part), part)):
        if len(part) < SHOWN_HEADLINE_SHARE * len(title):
            continue
        for index, block in enumerate(blocks):
            if same_headline(block.text, part) or _title_then_tags(block.text, part):
                return part, index
    return title, None


#: The characters of a rating's stars (★, ☆, the outlined and shadowed ones, ⭐).
RATING_STARS: Final = "\u2605\u2606\u2729\u272a\u272b\u272c\u272d\u272e\u272f\u2730\u2b50"


def _without_stars(title: str) -> str:
    """``title`` without a rating's stars at its end, and the space before them: the
    heading that shows the title rates the place ("Hotel Casa de los Azulejos ★★★",
    whose ``<span>`` of stars says "3 estrellas"), and stars are no words of a name.
    A title from any source loses them: a name that ends in a star is rarer than a
    rating after one.  Stripped, not matched: a pattern with a run of stars took time
    growing with the square of a run not at the end (30,000 stars, then a letter: 10 s)."""
    end = title.rstrip()
    bare = end.rstrip(RATING_STARS).rstrip()
    return bare if bare and bare != end else title


#: A field's label before the title in the heading that shows it (arXiv's
#: ``<span class="descriptor">Title:</span>``, a catalogue's record): the page labels the
#: field, the label is not the title's.
TITLE_LABEL: Final = re.compile(r"^\s*(?:title|titre|titel|título|titolo)\s*[:：]\s*", re.I)
#: The most words a link aggregator writes after a story's title in its block: its tags
#: and the linked site's domain (Lobsters' "rust blog.rust-lang.org", Hacker News'
#: "(example.com)").
TITLE_TAIL_WORDS: Final = 4
#: The fewest words of a title found that way: a word or two ("Home") start many blocks.
TITLE_MIN_WORDS: Final = 3
#: The domain that ends an aggregator's story line, in brackets or not.
_TAIL_DOMAIN: Final = re.compile(r"\(?[\w-]+(?:\.[\w-]+)+\)?")


def _title_then_tags(text: str, title: str) -> bool:
    """Whether a block is the title, then a few words (:data:`TITLE_TAIL_WORDS`) that end
    with a domain: a link aggregator's story, whose title block holds its tags and the
    linked site too.  A longer headline that starts with the title's words (a related
    story's link) ends with no domain."""
    words = text.split()
    if len(title.split()) < TITLE_MIN_WORDS or not words or not _TAIL_DOMAIN.fullmatch(words[-1]):
        return False
    folded = fold(title)
    return any(
        fold(" ".join(words[:-size])) == folded
        for size in range(1, min(TITLE_TAIL_WORDS, len(words) - 1) + 1)
    )


#: The separators a headline may hold that :func:`_trailing_names` looks past: each
#: beginning is compared with every heading, so a title of hundreds of parts is not
#: read to its end.
MAX_HEADLINE_SEPARATORS: Final = 3


def _trailing_names(title: str | None, document: TextDocument) -> list[str]:
    """The parts of a ``<title>`` after its headline ("Headline - Book | Site": its
    first part, or its shortest beginning a heading shows, of at most
    :data:`MAX_HEADLINE_SEPARATORS` separators) that an ``<h1>`` of the page shows
    whole: a book's or a site's name that its template puts
    in a heading over every page (a manual's "The Rust Programming Language"), not the
    page's headline, which the title's headline is and another heading shows.  A part
    longer than the headline is the headline of a title that names the site first
    ("Journal - A Long Headline"), unless the page shows it as a masthead over the first
    part: an ``<h1>`` where only headings below the ``<h1>`` show the first part ("Data
    Types - The Rust Programming Language", "File system | Node.js v20.20.2
    Documentation", their chapter's heading an ``<h2>``), or a heading the extractor
    left out where it kept one that shows the first part ("cargo build - The Cargo
    Book")."""
    if not title:
        return []
    separators = list(TITLE_SEPARATOR.finditer(title))
    if not separators or count_words(title[: separators[0].start()]) < 2:
        return []
    # the headline itself is a heading of the page too (a chapter's <h1> or <h2>):
    # without one, the heading that shows a later part is the page's only headline
    # ("BBC News - Brexit deal" over <h1>Brexit deal</h1>).  The headline may hold a
    # separator of its own ("Vaillant ecoTEC plus — F.28 after a board swap - Home
    # Heating Forum", the thread's <h2> showing the first two parts, the forum's <h1>
    # its name): the shortest beginning a heading shows is the headline
    titled = [block for block in document.blocks if Label.HEADING in block.labels]
    for separator in separators[:MAX_HEADLINE_SEPARATORS]:
        headline = title[: separator.start()].strip()
        showing = [block for block in titled if same_headline(block.text, headline)]
        if showing:
            break
    else:
        return []
    parts = [headline, *(part.strip() for part in TITLE_SEPARATOR.split(title[separator.end() :]))]
    first = fold(headline)
    below_top = not any(Label.H1 in block.labels for block in showing)
    first_kept = any(block.is_content for block in showing)
    top: set[str] = set()  # the parts an <h1> shows
    kept: set[str] = set()  # the parts a heading the extractor kept shows
    shown: set[str] = set()
    for heading in headings(document):
        key, block = fold(heading.text), document.blocks[heading.index]
        shown.add(key)
        if Label.H1 in block.labels:
            top.add(key)
        if block.is_content:
            kept.add(key)
    return [
        part
        for part in parts[1:]
        if (key := fold(part)) in shown
        and key != first
        and (
            count_words(part) <= count_words(parts[0])
            or (below_top and key in top)
            or (first_kept and key not in kept)
        )
    ]


def _near_title(blocks: list[TextBlock], title_index: int | None) -> list[TextBlock]:
    """The short blocks where bylines and datelines are written: those after the title
    (and the title's own), then those just before it; around the first content block
    (or the top of the page) when the title was not found."""
    if title_index is None:
        title_index = next((i for i, block in enumerate(blocks) if block.is_content), 0)
    after = blocks[title_index + 1 : title_index + 1 + BLOCKS_AFTER_TITLE]
    before = blocks[max(title_index - BLOCKS_BEFORE_TITLE, 0) : title_index + 1]
    return [block for block in after + before if block.num_words <= MAX_BYLINE_WORDS]


def _headline_blocks(near: list[TextBlock], title: str | None) -> list[TextBlock]:
    """The blocks ``near`` the title that show the headline itself.  A date the headline
    names is often what the page talks about (a forum's thread "Pi 5 won't boot after
    EEPROM update (2024-02-29)", whose first post's ``<time>`` says when it was
    written), and sometimes the page's own ("Lemmy Development Update 2024-10-04"): it
    is read after every other date the page states or shows, before the address the
    page declares (:func:`_declared_day`)."""
    if not title:
        return []
    return [block for block in near if same_headline(block.text, title)]


def _author(page: _Page, near: list[TextBlock], title: str | None) -> str | None:
    """Who wrote the page: a person named by the structured data or the meta elements,
    then the page's byline, then a JSON-LD ``creator`` (schema.org's wider term for
    whoever made the item: as often the account that uploaded it as its writer), then
    an organisation named as the author.  The page's headline (``title``) is no
    byline, whatever words it starts with."""
    data, meta = page.data, page.meta
    stated: list[str | None] = []
    creators: list[str | None] = []
    organisations: list[str | None] = []
    for item, kinds in zip(data.objects, data.kinds, strict=True):
        if kinds & NOT_AUTHORED_TYPES:
            continue
        for key, people in (("author", stated), ("creator", creators)):
            value = item.get(key)
            if not value:
                continue
            names = join_authors(data.names(value), page.site_names)
            (organisations if data.is_organization(value) else people).append(names)
    generator = next(iter(meta.get("generator", [])), None)
    stated.extend(
        clean_author(name)
        for name in first_values(meta, AUTHOR_META)
        if not credits_software(name, generator)
    )
    stated.extend(clean_author(name) for name in labelled_values(meta, AUTHOR_LABEL))
    # A paper's Highwire Press tags name each of its authors in a tag of its own, in the
    # paper's order; all of them are its authors, as JSON-LD's list is.
    citations = (citation_name(name) for name in meta.get("citation_author", []))
    stated.append(join_authors(citations, page.site_names))
    stated.extend(clean_author(name) for name in microdata(page.tree, "author"))
    for name in stated:
        # a site's name, or a login written like a host's ("andrew.keaveney"), is set
        # aside for a byline's name
        if name and (is_site_name(name, page.site_names) or is_dotted_name(name)):
            organisations.append(name)
        elif name:
            return name
    found = byline_author(near, headline=title) or byline_author(
        page.document.blocks, strong=True, headline=title
    )
    if found is None and page.tree is not None:
        found = latexml_authors(page.tree, page.site_names) or marked_author(page.tree)
    if found:
        return without_site(found, page.site_names)
    for name in creators:
        if name and (is_site_name(name, page.site_names) or is_dotted_name(name)):
            organisations.append(name)
        elif name:
            return name
    return next((name for name in organisations if name), None)


def _date(
    page: _Page, near: list[TextBlock], headline: list[TextBlock], language: str | None = None
) -> str | None:
    """The publication date: the first the structured data or the meta elements state,
    unless the page shows another as the dateline under its title and the stated date
    appears nowhere on the page (see :func:`_stated_date_hidden`), or the URL writes the
    same moment as another day (the publisher's local day); else the URL's, the date
    shown near the title, the page's first ``<time datetime>`` outside its menus and
    comments, a date labelled as the publication's anywhere, and last a date in the
    ``headline`` (its blocks among ``near``: :func:`_headline_blocks`).  Datelines that
    list other pages' dates newest first (a news index, :func:`lists_items`) date
    nothing."""
    near = [block for block in near if all(block is not shown for shown in headline)]
    # Key by key across the objects: a video's uploadDate (schema.org MediaObject) is
    # read only when no object states when it was published or created, since news
    # pages embed other stories' videos; a job posting's datePosted is its publication.
    # Baidu's Cambrian JSON-LD, on many Chinese sites, states it as pubDate.
    values = [
        value
        for key in ("datePublished", "dateCreated", "datePosted", "pubDate", "uploadDate")
        for value in page.data.values(key, own=True)
        if isinstance(value, str)
    ]
    values.extend(first_values(page.meta, DATE_META))
    values.extend(
        value for key, found in page.meta.items() if PUBLISH_KEY.search(key) for value in found
    )
    values.extend(microdata(page.tree, "datePublished"))
    values.extend(microdata(page.tree, "dateCreated"))
    blocks = page.document.blocks
    # the language the page declares, else the one its text is in (``language``): a
    # Vietnamese forum without a lang attribute writes "10/04/2024" for the 10th of April
    day_first = writes_day_first(blocks, next(iter(_language_tags(page)), None) or language)
    # a stated date with slashes is read as the page writes its dates ("05/03/2024" on
    # a French page is the fifth of March, as in its text)
    stated = next(
        (day for value in values if (day := parse_date(value, day_first=day_first))), None
    )
    url_day = url_date(page.document.url) if page.document.url else None
    listing = lists_items(near, day_first=day_first)
    shown = None if listing else dateline(near, day_first=day_first)
    if stated and shown and _stated_date_hidden(page, stated, shown, url_day, day_first):
        return shown
    if stated and url_day and url_day != stated[:10] and same_moment(stated, url_day):
        # The same instant: the URL writes the day in the publisher's time zone, the
        # stated date in another (often UTC), and the local day is the one readers see.
        return url_day
    return (
        stated
        or url_day
        or (None if listing else first_date(near, day_first=day_first) or page_time(page.tree))
        or labelled_date(blocks, day_first=day_first)
        or first_date(headline, day_first=day_first)
    )


def _declared_day(url: str | None, canonical: str | None) -> str | None:
    """The day the canonical address writes (``/2024/03/20/``, :func:`url_date`) of a
    page given without its own: the last resort, after every date the page states or
    shows.  The address given is read before the page's dates; the declared one, read
    there, moved two of Readability's test pages (which come without their address)
    from a stated moment to the print edition's day in the address, or the same day
    without its time (``benchmarks/metadata.py readability``)."""
    if url or not canonical:
        return None
    return url_date(canonical)


def _stated_date_hidden(
    page: _Page, stated: str, shown: str, url_day: str | None, day_first: bool
) -> bool:
    """Whether the page's dateline should win over its stated date: they are different
    moments, the URL does not back the stated one, and the page never shows it.

    Publishing systems fill ``datePublished`` and ``article:published_time`` from
    fields their templates do not keep up (the date an entry was created or imported,
    or re-published after an edit), while the dateline under the headline is what
    readers see.  A stated date that the page shows somewhere is kept (the dateline is
    then another date, such as a revision), and so is one the URL repeats.  On WCXB's
    pages it turned 14 misses into hits and 2 hits into misses on the domains it was
    developed on, 11 and 6 on the others; on Readability's pages (whose gold is the
    stated date by construction) 1 and 1."""
    if same_moment(stated, shown) or url_day == stated[:10]:
        return False
    return not shows_day(page.tree, page.document.blocks, stated, day_first=day_first)


def _language_tags(page: _Page) -> list[str]:
    """The language tags the page declares, in the order of trust: ``<html lang>``,
    then the meta keys, then JSON-LD's ``inLanguage``."""
    root = page.tree.root if page.tree is not None else None
    declared: list[Any] = []
    if root is not None:
        declared.extend((root.attributes.get("lang"), root.attributes.get("xml:lang")))
    declared.extend(first_values(page.meta, LANGUAGE_META))
    declared.extend(page.data.values("inLanguage", about_page=True))
    return [
        tag.replace("_", "-").split(",")[0].strip()
        for tag in declared
        if isinstance(tag, str) and tag.strip()
    ]


def _language(page: _Page) -> str | None:
    for tag in _language_tags(page):
        try:
            return language_code(tag)
        except ValueError:
            continue
    blocks = page.document.blocks
    running = [block.text for block in blocks if block.num_words >= MIN_DETECTION_WORDS]
    return detect("\n".join(running)) if running else None


#: A JSON-LD description of more characters than this is the item's whole text, not a
#: summary of the page: schema.org's ``JobPosting`` and ``Product`` hold the whole job
#: ad or product text there.  A meta description, where the page has one, is read
#: instead.  (Characters, not words: a Japanese or Chinese summary of two sentences is a
#: hundred characters, each a word to :func:`count_words`; search engines show about
#: 160 characters of a description.)
MAX_SUMMARY_CHARS: Final = 500
#: A description written in HTML (Google asks for a ``JobPosting``'s so) is the item's
#: text too.
_MARKUP: Final = re.compile(r"<(?:p|br|ul|li|div|h[1-6]|strong|b)\b", re.IGNORECASE)


def _description(page: _Page) -> str | None:
    """JSON-LD's description, else the meta one; a description written percent-encoded
    (:func:`unboiler.jsonld.percent_encoded`) is decoded.  A JSON-LD description longer
    than :data:`MAX_SUMMARY_CHARS`, or written in HTML, yields to a meta description (a
    newcomer's job posting gave the ad's first paragraph for its description)."""
    meta = next(first_values(page.meta, DESCRIPTION_META), None)
    for value in page.data.values("description", about_page=True):
        text = clean_text(value)
        if text:
            text = plain_text(text) if percent_encoded(text) else text
            marked_up = isinstance(value, str) and _MARKUP.search(value) is not None
            if meta is None or (len(text) <= MAX_SUMMARY_CHARS and not marked_up):
                return text
            break
    return plain_text(meta) if meta is not None and percent_encoded(meta) else meta


def _urls(page: _Page) -> tuple[str | None, str | None]:
    """The canonical URL and the main image's, absolute against the page's address (or
    ``<base href>``, or the canonical URL when the address is not known)."""
    tree, meta, data = page.tree, page.meta, page.data
    canonical = declared_address(tree, meta)
    if canonical is None:
        canonical = next(
            (text for value in data.values("url", about_page=True) if (text := clean_text(value))),
            None,
        )
    base = page.document.url or _absolute(canonical, None)
    if tree is not None:
        element = tree.css_first("base[href]")
        if element is not None:
            base = _absolute(clean_text(element.attributes.get("href")), base) or base
    image = next(
        (
            url
            for value in data.values("image", "thumbnailUrl", about_page=True)
            if (url := image_url(value))
        ),
        None,
    )
    image = image or next(first_values(meta, IMAGE_META), None)
    return _absolute(canonical, base), _absolute(image, base)


#: Schemes a URL may be made absolute with; anything else is left as the page gave it.
_BASE_SCHEMES: Final = ("http://", "https://")


def _absolute(url: str | None, base: str | None) -> str | None:
    """``url`` made absolute against ``base``.  Without a base, an address relative to
    the scheme (``//www.example.com/item``: AliExpress's canonical) is taken as HTTPS,
    as the web's pages now are: a program that reads the field wants an address it can
    fetch."""
    if not url:
        return None
    if not base or not base.startswith(_BASE_SCHEMES):
        return f"https:{url}" if url.startswith("//") and len(url) > 2 else url
    try:
        return urljoin(base, url)
    except ValueError:
        return url


#: A part of an address's path that names a category ("category", WooCommerce's
#: "product-category" and its translations, "categoria-prodotto", "produkt-kategorie").
_CATEGORY_SEGMENT: Final = re.compile(
    r"(?:[^/]*[-_])?(?:categor(?:y|ies|ie|ia|ias|ía|ías)|kategori(?:e|en|a|ja)?)(?:[-_][^/]*)?",
    re.IGNORECASE,
)
#: A part of a path that names tags ("tag", "tags", "product-tag", "tag-prodotto").
_TAG_SEGMENT: Final = re.compile(r"(?:[^/]*[-_])?tags?(?:[-_][^/]*)?", re.IGNORECASE)


def _category_address(href: str) -> bool:
    """Whether a link's address is a category's: a part of its path names a category
    (:data:`_CATEGORY_SEGMENT`) and a slug follows it, with no part before it that names
    tags ("/tag/category-theory/" is a tag's).  WooCommerce marks a product's categories
    and its tags alike, ``rel="tag"``."""
    try:
        path = unquote(urlsplit(href).path)
    except ValueError:  # an address that is none ("http://[x")
        return False
    segments = [segment for segment in path.split("/") if segment]
    for segment in segments[:-1]:
        if _TAG_SEGMENT.fullmatch(segment):
            return False
        if _CATEGORY_SEGMENT.fullmatch(segment):
            return True
    return False


def _topics(page: _Page) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Categories (JSON-LD ``articleSection``, Open Graph ``article:section``, links
    marked ``rel="category"`` or to a category's address, :func:`_category_address`;
    MediaWiki's: :data:`WIKI_CATEGORY_LINKS`) and tags
    (JSON-LD ``keywords``, ``article:tag``, HTML's ``keywords``, microformats'
    ``rel="tag"`` links)."""
    data, meta, tree = page.data, page.meta, page.tree
    categories = unique(text for value in data.values("articleSection") for text in strings(value))
    categories = categories or unique(first_values(meta, CATEGORY_META))
    tags = unique(
        text for value in data.values("keywords") for text in strings(value, keywords=True)
    )
    tags = tags or unique(
        text for value in first_values(meta, TAG_META) for text in strings(value, keywords=True)
    )
    if tree is not None and not (categories and tags):
        linked_categories: list[str] = []
        linked_tags: list[str] = []
        for link in tree.css('a[rel~="tag"], a[rel~="category"]'):
            # a tag link's text may show it as a hashtag ("#bananas", the "#" in a span
            # of its own): the tag is the word
            text = (clean_text(link.text(deep=True, separator=" ")) or "").lstrip("#＃ ")
            if text:
                rel = (link.attributes.get("rel") or "").lower().split()
                category = "category" in rel or _category_address(link.attributes.get("href") or "")
                (linked_categories if category else linked_tags).append(text)
        if not linked_categories:
            # MediaWiki's box of the page's categories, at the foot of every wiki page
            # (hidden maintenance categories are in a box of their own, left out)
            for link in tree.css(WIKI_CATEGORY_LINKS):
                name = clean_text(link.text(deep=True, separator=" "))
                if name:
                    linked_categories.append(name)
        categories = categories or unique(linked_categories)
        tags = tags or unique(linked_tags)
    return categories, tags


#: The links of MediaWiki's box of a page's categories (lexbor's selector).
WIKI_CATEGORY_LINKS: Final = "#mw-normal-catlinks li a"


__all__ = ["Metadata", "clean_title", "extract_metadata", "parse_date", "url_date"]
