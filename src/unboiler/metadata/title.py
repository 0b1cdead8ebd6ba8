"""The page's title: the headline as the page shows it.

Titles in metadata (JSON-LD ``headline``, ``og:title``, ``<title>``) are written for
search results and social cards: cut short, reworded for search, or carrying the
site's name ("Headline | Site", "Site - Headline").  The page's own ``<h1>`` is the
headline its readers see.  So the metadata titles are matched against the page's
headings: a heading that is the same headline, or the same reworded, is the title; with
no such heading the first metadata title is used without the site's name.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from typing import Any, Final
from urllib.parse import urlsplit

from unboiler.document import Label, TextBlock, TextDocument
from unboiler.metadata.rules import (
    BRACKETED_END,
    BRACKETED_START,
    COUNT_CLASS,
    HEADING_EXTRAS_SELECTOR,
    HEADING_TEXT_WINDOW,
    LOGO_DEPTH,
    LOGO_WORDS,
    MAX_HEADINGS,
    MAX_TEXT_LINK_DENSITY,
    MIN_CONTAINED_SHARE,
    MIN_HEADLINE_SIMILARITY,
    MIN_HEADLINE_WORDS,
    MONTH_NAMES,
    NUMBERED_PART,
    RUNNING_TEXT_WORDS,
    TITLE_SEPARATOR,
)
from unboiler.metadata.sources import fold, shown_block_text
from unboiler.tags import layout_alternatives

_HOME: Final = re.compile(r"(?:https?:)?//[^/]+/?(?:index\.\w+)?")
_WORDS: Final = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]|[^\W_]+")
_MONTH_WORDS: Final = frozenset(word for names in MONTH_NAMES for word in names.split())


@dataclass(frozen=True)
class Heading:
    """A top-level heading: the text of one ``<h1>`` (its blocks joined), the position
    of its first block, whether running text follows it (the headline of the content,
    not of a box), and whether all its words are a link (a teaser, or a question that
    links to itself)."""

    index: int
    text: str
    leads_text: bool
    is_link: bool
    is_home_link: bool
    """It links to the site's home page, or is in an element marked as the logo
    (:data:`LOGO_WORDS`): the site's logo."""
    label: str = ""
    """The text of the element the heading opens with, when text follows it (a forum's
    ``<span class="label">Solved</span>`` before the thread's headline)."""


def headings(document: TextDocument, site_names: Iterable[str] = ()) -> list[Heading]:
    """The page's ``<h1>`` headings in order, or its ``<h2>`` when it has no ``<h1>``
    other than the site's logo or name (blog templates put the blog's name in the
    ``<h1>`` and each post's headline in an ``<h2>``)."""
    names = list(site_names)
    top = _level(document.blocks, Label.H1)
    if any(not _is_logo(heading, names) for heading in top):
        return top
    return top + _level(document.blocks, Label.H2)


def _level(blocks: list[TextBlock], label: Label) -> list[Heading]:
    """The headings of one level, a heading's consecutive blocks joined; those inside a
    ``<nav>`` left out, which name the navigation's parts (rustdoc's sidebar: "In
    ringo::buffer")."""
    groups: list[tuple[int, int, int | None]] = []  # first, last block, element id
    for index, block in enumerate(blocks):
        if label not in block.labels or not block.num_words:
            continue
        if _enclosing(block.node, "nav") is not None:
            continue
        element = _enclosing(block.node, label.value)
        key = element.mem_id if element is not None else None
        if groups and key is not None and groups[-1][2] == key and groups[-1][1] == index - 1:
            groups[-1] = (groups[-1][0], index, key)
        else:
            groups.append((index, index, key))
    return [_heading(blocks, first, last) for first, last, _ in groups[:MAX_HEADINGS]]


def _is_logo(heading: Heading, site_names: list[str], leading: Collection[str] = ()) -> bool:
    """Whether a heading is the site's logo or name, not a headline: a link to the
    site's root, the site's name, or a bare domain, unless the heading is the first part
    of a title (``leading``, folded): a module's dotted name is written as a host's, and
    Sphinx titles an API page "tidepool.client — Tidepool 2.4.1 documentation" over an
    ``<h1>`` "tidepool.client" (a newcomer's page had its title and site swapped)."""
    return heading.is_home_link or is_site_name(
        heading.text, site_names, bare=fold(heading.text) not in leading
    )


def _enclosing(node: Any, tag: str) -> Any:
    while node is not None and node.tag != tag:
        node = node.parent
    return node


def _heading(blocks: list[TextBlock], first: int, last: int) -> Heading:
    parts = blocks[first : last + 1]
    following = blocks[last + 1 : last + 1 + HEADING_TEXT_WINDOW]
    element = _enclosing(blocks[first].node, "h1") or _enclosing(blocks[first].node, "h2")
    # Documentation generators end headings with a permalink sign ("Install ¶").
    text = " ".join(shown_block_text(block) for block in parts).rstrip(" ¶#§")
    return Heading(
        index=first,
        text=_without_extras(text, element),
        leads_text=any(
            block.num_words >= RUNNING_TEXT_WORDS and block.link_density < MAX_TEXT_LINK_DENSITY
            for block in following
        ),
        is_link=all(block.num_linked_words >= block.num_words for block in parts),
        is_home_link=_links_home(blocks[first].node) or _in_logo(element),
        label=_leading_element(element),
    )


def _leading_element(heading: Any) -> str:
    """The text of the element a heading opens with (white space before it passed over),
    when more text follows it in the heading; else empty."""
    if heading is None:
        return ""
    first = heading.first_child
    while first is not None and first.is_text_node and not (first.text_content or "").strip():
        first = first.next
    if first is None or not first.is_element_node:
        return ""
    text = " ".join((first.text(deep=True) or "").split())
    rest = " ".join((heading.text(deep=True) or "").split())
    return text if text and len(rest) > len(text) else ""


def _without_extras(text: str, element: Any) -> str:
    """A heading's text without what blogs and news sites put at its ends besides the
    headline (:data:`HEADING_EXTRAS_SELECTOR`): the count of comments ("Headline 139",
    the number linking to the comments), of a category's items (:data:`COUNT_CLASS`)
    and the date ("Dec 18 2025 Headline"); and
    without the versions of it written for narrower screens
    (:func:`unboiler.tags.layout_alternatives`: "The quiet comeback of the tram" beside
    "Trams are back" for phones), as the outputs write it."""
    if element is None:
        return text
    for replaced in layout_alternatives(element):
        shown = " ".join(replaced.text(deep=True).split())
        if shown and len(shown) < len(text):
            text = " ".join(text.replace(shown, " ", 1).split())
    counts = [
        candidate
        for candidate in element.css('[class*="count" i]')
        if COUNT_CLASS.search(candidate.attributes.get("class") or "")
    ]
    for extra in [*element.css(HEADING_EXTRAS_SELECTOR), *counts]:
        shown = " ".join(extra.text(deep=True).split())
        if not shown or len(shown) >= len(text):
            continue
        if text.endswith(shown):
            text = text[: -len(shown)].rstrip()
        elif text.startswith(shown):
            text = text[len(shown) :].lstrip()
    return text


def _in_logo(element: Any) -> bool:
    """Whether a heading is, or is in, an element whose class or id marks the site's
    logo (:data:`LOGO_WORDS`), up to :data:`LOGO_DEPTH` ancestors up."""
    node = element
    for _ in range(LOGO_DEPTH + 1):
        if node is None or node.tag in ("body", "html"):
            return False
        attributes = node.attributes
        if LOGO_WORDS.search(f"{attributes.get('class') or ''} {attributes.get('id') or ''}"):
            return True
        node = node.parent
    return False


def _links_home(node: Any) -> bool:
    """Whether a heading's element is a link to a site's root ("/", "./", or an address
    without a path): a link that holds all of the heading's words.  A heading whose link
    to the root is one part of a path ("Struct <a>ringo</a>::<a>buffer</a>::RingBuffer"
    in rustdoc, whose parts link to their indexes) is a headline, not a logo."""
    heading = _enclosing(node, "h1") or _enclosing(node, "h2")
    if heading is None:
        return False
    for link in heading.css("a[href]"):
        href = (link.attributes.get("href") or "").strip()
        if href in ("/", "./", "#") or _HOME.fullmatch(href):
            return fold(link.text(deep=True)) == fold(heading.text(deep=True))
    return False


def domain_names(url: str | None) -> list[str]:
    """The names a site goes by after its address: the host, and its longest label
    ("example" for ``www.example.co.uk``)."""
    if not url:
        return []
    try:
        host = urlsplit(url).hostname or ""
    except ValueError:
        return []
    labels = [label for label in host.split(".") if label not in ("www", "m", "amp")]
    names = [host, ".".join(labels)]
    if len(labels) >= 2:
        names.append(max(labels[:-1], key=len))
    return [name for name in names if name]


def is_site_name(text: str, site_names: Iterable[str], *, bare: bool = True) -> bool:
    """Whether ``text`` is the site's name (compared folded, spaces ignored: "Move.org"
    is "move org") or, with ``bare``, a bare domain."""
    folded = fold(text)
    if not folded:
        return True
    compact = folded.replace(" ", "")
    for name in site_names:
        site = fold(name)
        if site and (folded == site or compact == site.replace(" ", "")):
            return True
    return bare and is_dotted_name(text.strip())


def is_dotted_name(text: str) -> bool:
    """Whether ``text`` is written as a host name is (:data:`BARE_DOMAIN`): a domain, a
    module's name ("tidepool.client"), or a member's login ("andrew.keaveney", which a
    WordPress site states as its post's author where the byline shows the writer's
    name)."""
    return len(text) <= MAX_HOST_CHARS and BARE_DOMAIN.fullmatch(text) is not None


#: A host name as a site writes its name ("Move.org", "www.example.co.uk", "Node.js",
#: "Лента.ру"): labels of Latin or Cyrillic letters, digits and hyphens, parted by dots,
#: ending in letters.  Not
#: any text with a dot and no space: a headline in a script written without spaces
#: holds a decimal ("国家统计局：GDP增长5.2%", "日経平均、終値は0.5%高").
#: The longest host name (RFC 1035, §2.3.4), with a scheme and a slash around it.
MAX_HOST_CHARS: Final = 270
BARE_DOMAIN: Final = re.compile(
    r"(?:https?://)?(?:[a-z0-9\u00c0-\u024f\u0400-\u04ff]"
    r"(?:[a-z0-9\u00c0-\u024f\u0400-\u04ff-]*[a-z0-9\u00c0-\u024f\u0400-\u04ff])?\.)+"
    r"[a-z\u0400-\u04ff]{2,24}/?",
    re.IGNORECASE,
)


def unbracketed(title: str) -> str:
    """``title`` without a bracketed label at its start or end (:data:`BRACKETED_START`,
    :data:`BRACKETED_END`): the site's or section's name, or a tag such as 【速報】
    ("breaking"), never the headline."""
    if "【" not in title and "＜" not in title:
        return title
    return BRACKETED_END.sub("", BRACKETED_START.sub("", title))


def strip_site(title: str, site_names: Iterable[str], *, bare_start: bool = True) -> str:
    """A title without the parts at its ends that are the site's name
    (:func:`is_site_name`), a bare domain at its start too with ``bare_start``."""
    names = list(site_names)
    parts = TITLE_SEPARATOR.split(title)
    if len(parts) < 2:
        return title
    while len(parts) > 1 and is_site_name(parts[-1], names):
        parts.pop()
    while len(parts) > 1 and is_site_name(parts[0], names, bare=bare_start):
        parts.pop(0)
    start = title.find(parts[0])
    end = title.rfind(parts[-1]) + len(parts[-1])
    return title[start:end].strip()


def without_site_label(title: str, site_names: Iterable[str], shown: Iterable[str]) -> str:
    """``title`` without the site's name and a colon at its start when the rest is a
    heading the page shows (``shown``): Blogger writes a post's title "Diário de Viagem:
    Minha viagem a Lisboa" over the post's ``<h3>``.  A colon parts nothing else
    (:data:`TITLE_SEPARATOR`), and a home page's "Figma: The Collaborative Interface
    Design Tool" is the title whole (WCXB's gold keeps such titles)."""
    colon = title.find(": ")
    if colon <= 0:
        return title
    site, rest = fold(title[:colon]), title[colon + 2 :].strip()
    if not rest or not site or all(fold(name) != site for name in site_names):
        return title
    return rest if any(same_headline(rest, heading) for heading in shown) else title


#: A title's part after a dash that opens with an article in lower case is the
#: headline's apposition ("Driftwood – a stateless SQL database"), not another title.
APPOSITION: Final = re.compile(r"(?:a|an|the)\s")


def clean_title(title: str, site_names: Iterable[str] = ()) -> str:
    """The headline of a title that holds more ("Headline | Site", "Site - Headline",
    "Headline - Tagline | Site"): the site's name is dropped from the ends (one of
    ``site_names``, or a domain), then the first part is the headline when it has at
    least :data:`MIN_HEADLINE_WORDS` words."""
    stripped = strip_site(unbracketed(title), site_names)
    separators = list(TITLE_SEPARATOR.finditer(stripped))
    if separators and count_words(stripped[: separators[0].start()]) >= MIN_HEADLINE_WORDS:
        first = separators[0]
        end = separators[1].start() if len(separators) > 1 else len(stripped)
        second = stripped[first.end() : end]
        # "Headline - Part 2 | Site"; "Driftwood – a stateless SQL database | Site": a
        # part that opens with an article in lower case says what the headline's name
        # is, where a tagline ("– thoughts on gardening"), a byline ("– by Jane Doe") or
        # a section ("– rust") is a title of its own
        if _numbered_part(second) or APPOSITION.match(second):
            return stripped[:end].strip()
        return stripped[: first.start()].strip()
    return stripped


def _numbered_part(part: str) -> bool:
    """Whether a title's part numbers a part of a series (:data:`NUMBERED_PART`)."""
    found = NUMBERED_PART.fullmatch(part.strip())
    return found is not None and found.group(1).lower() not in _MONTH_WORDS


def count_words(text: str) -> int:
    """Words, each Chinese or Japanese character counted as one (those scripts put no
    space between words)."""
    return len(_WORDS.findall(text))


def same_headline(a: str, b: str) -> bool:
    """Whether two titles are the same headline: equal once folded, or one holding the
    other with most of its words (a headline cut short, or with the site's name)."""
    folded_a, folded_b = fold(a), fold(b)
    if not folded_a or not folded_b:
        return False
    if folded_a == folded_b:
        return True
    short, long = sorted((folded_a, folded_b), key=len)
    return f" {short} " in f" {long} " and (
        len(short.split()) >= MIN_CONTAINED_SHARE * len(long.split())
    )


def similarity(a: str, b: str) -> float:
    """The Dice coefficient of two texts' sets of folded words (1 for the same words)."""
    words_a, words_b = set(fold(a).split()), set(fold(b).split())
    if not words_a or not words_b:
        return 0.0
    return 2 * len(words_a & words_b) / (len(words_a) + len(words_b))


def _parts(title: str, site_names: list[str]) -> list[str]:
    """A title's headline, each of its parts between separators that is not the site's
    name, and the title whole: a heading may show any of them."""
    parts = [clean_title(title, site_names)]
    parts.extend(
        part
        for number, part in enumerate(TITLE_SEPARATOR.split(unbracketed(title)))
        # the first part may be a heading's dotted name (see _is_logo)
        if not is_site_name(part, site_names, bare=number > 0)
    )
    parts.append(title)
    return parts


def _begins(title: str, heading: str) -> bool:
    """Whether ``title`` begins with the whole of ``heading`` and goes on after a
    character that is no letter or digit ("新竹尖石_美樹營地賞楓 (2) @ Blog :: Site" and
    the heading "新竹尖石_美樹營地賞楓 (2)"), the heading having at least
    :data:`MIN_HEADLINE_WORDS` words: the title is the headline and the site's names
    after it, however it parts them, even with a separator inside the headline."""
    heading = heading.strip()
    if count_words(heading) < MIN_HEADLINE_WORDS or not title.startswith(heading):
        return False
    rest = title[len(heading) :]
    return not rest or not rest[0].isalnum()


#: What ends a heading that goes on elsewhere (its subtitle set apart below it).
LEAD_IN_ENDS: Final = (":", "：", "-", "–", "—")


def _part_of(heading: str, title: str) -> bool:
    """Whether ``heading`` is the first part of the headline ``title``, the rest set
    apart: it ends as a lead-in does (:data:`LEAD_IN_ENDS`) and every word of it is in
    ``title``, which has more ("Open Journalism Project:" over its subtitle, of "The Open
    Journalism Project: Better Student Journalism").  A shorter heading that ends
    otherwise is the headline as readers see it, which the title lengthened."""
    if not heading.rstrip().endswith(LEAD_IN_ENDS):
        return False
    heading_words, title_words = set(fold(heading).split()), set(fold(title).split())
    return heading_words < title_words


#: The marks a title sets between a kicker and its headline (:func:`_punctuated`):
#: after the kicker's last word, or alone between the two.
KICKER_MARKS: Final = (":", "：")
KICKER_DASHES: Final = frozenset({"-", "–", "—", "|"})


def _punctuated(title: str, heading: str) -> str:
    """``title`` where it is ``heading`` with one mark between its kicker and its
    headline (:data:`KICKER_MARKS` after a word, or one of :data:`KICKER_DASHES` alone),
    else ``heading``.  A news site's ``<h1>`` holds its kicker and its headline in
    elements of their own, which its style sets on two lines ("Hochwasser in
    Süddeutschland" over "Pegel in Passau steigt weiter"), and its title joins them with
    a colon; the heading's text runs them together."""
    words, shown = title.split(), heading.split()
    if len(words) == len(shown) + 1:
        for place, word in enumerate(words):
            if word in KICKER_DASHES and 0 < place < len(shown):
                return title if words[:place] + words[place + 1 :] == shown else heading
        return heading
    if len(words) != len(shown):
        return heading
    apart = [place for place, (a, b) in enumerate(zip(words, shown, strict=True)) if a != b]
    if len(apart) != 1 or apart[0] == len(shown) - 1:
        return heading
    word, bare = words[apart[0]], shown[apart[0]]
    return title if any(word == bare + mark for mark in KICKER_MARKS) else heading


def _shown_headline(heading: str, site_names: list[str]) -> str:
    """A heading the title was found in, without the site's name at its ends: at its
    start, only a name the page or its address gives, not any text shaped like a
    domain.  A heading that starts with one shows it as part of the headline: Sphinx's
    API pages open with the module's name ("os.path — Common pathname manipulations"),
    where "Pricing plans - Acme.io" ends with the site's."""
    return strip_site(heading, site_names, bare_start=False)


#: The most words of a label a forum writes before a thread's headline in its heading
#: ("Solved", "Vyřešeno", "Gelöst", "Sticky"), which its ``og:title`` leaves out.
MAX_LABEL_WORDS: Final = 2


def _labelled(heading: Heading, shown: str, headline: str, candidates: list[str]) -> bool:
    """Whether a heading (its text as ``shown``) is ``headline`` after a label of at
    most :data:`MAX_LABEL_WORDS` words: the element it opens with (XenForo's ``<span
    class="label">Vyřešeno</span>``), or words ending in a colon (vBulletin's "Thread:",
    a blog's "Blog:"), with no digit (a series' "Part 3:" is the headline's) and that no
    candidate title writes (Sphinx's "os.path — Common pathname manipulations" names the
    page).  The headline is the title then, as the page states it.  On WCXB's and
    Readability's titles (``benchmarks/metadata.py wcxb readability``), two become the
    gold's exactly ("Thread: ...", "Blog: ..."), no other changes; any one or two leading
    words not in the title, tried first, also cut a list's "10" from "10 Best Cameras"."""
    if not shown.endswith(headline) or len(shown) == len(headline):
        return False
    label = shown[: -len(headline)].strip()
    if not label or (not shown[len(label)].isspace() and not label.endswith(":")):
        return False  # the label ends mid-word: no label
    if not 0 < count_words(label) <= MAX_LABEL_WORDS or any(c.isdigit() for c in label):
        return False
    if label != heading.label and not label.endswith((":", "：")):
        return False
    folded = fold(label)
    return not any(folded in fold(candidate) for candidate in candidates)


#: A page's name in its site's scheme rather than words: one token of letters, digits and
#: dots joined by underscores or colons (DokuWiki's "config:nginx_reverse_proxy",
#: MediaWiki's "Special:Search"), a bracketed site name after it aside.
_PAGE_NAME: Final = re.compile(r"[\w.]+(?:[_:][\w.]+)+(?:\s+\[[^\]]*\])?")


def _page_name(title: str) -> bool:
    """Whether ``title`` is a page's name in its site's scheme (:data:`_PAGE_NAME`)."""
    return _PAGE_NAME.fullmatch(title.strip()) is not None


def find_title(
    candidates: list[str], page_headings: list[Heading], site_names: list[str]
) -> tuple[str | None, int | None]:
    """The title, and the position of the heading that shows it (None when none does).

    Headings that are the site's name (a logo in an ``<h1>``) are left out.  In order:
    a heading that is the same headline as a candidate or as a part of one (the first
    candidate that has such a heading decides, so the order of trust holds); a heading
    that a candidate begins with (:func:`_begins`); a heading
    whose words mostly are a candidate's (the same headline reworded; not a link, which
    would be a teaser; not a part of the candidate's words, :func:`_part_of`); the first
    candidate without the site's name; the first heading.

    The page's only ``<h1>`` before that first candidate (Reddit's ``<title>`` names the
    site's motto, its ``<h1>`` the post) was measured (``benchmarks/metadata.py wcxb
    readability``): WCXB's titles right 1,113 to 1,112, Readability's 100 to 79 (their
    gold takes the ``<title>``'s headline where the two differ); not adopted.  Nor the
    first heading where every candidate is the site's name alone (Glossier's ``<title>``
    over its product's ``<h1>``): 1,113 to 1,111 and 100 to 98, a home page's title is
    its site's name.
    """
    leading = {fold(TITLE_SEPARATOR.split(unbracketed(text))[0]) for text in candidates}
    own = [heading for heading in page_headings if not _is_logo(heading, site_names, leading)]
    splits = [_parts(candidate, site_names) for candidate in candidates]
    for parts in splits:
        for part in parts:
            for heading in own:
                if same_headline(part, heading.text):
                    shown = _shown_headline(heading.text, site_names)
                    if _labelled(heading, shown, part, candidates):
                        return part, heading.index
                    return _punctuated(part, shown), heading.index
    for candidate in candidates:
        for heading in own:
            if _begins(candidate, heading.text):
                return heading.text, heading.index
    for parts in splits:
        for part in parts:
            for heading in own:
                if (
                    not heading.is_link
                    and similarity(part, heading.text) >= MIN_HEADLINE_SIMILARITY
                    and not _part_of(heading.text, part)
                ):
                    if _labelled(heading, heading.text, part, candidates):
                        return part, heading.index
                    return _shown_headline(heading.text, site_names), heading.index
    if candidates:
        title = clean_title(candidates[0], site_names)
        if own and _page_name(title):
            # a wiki's page name ("config:nginx_reverse_proxy [Wiki Admin]"), not a
            # headline: the page's first heading is one
            return own[0].text, own[0].index
        return title, None
    if page_headings:
        heading = (own or page_headings)[0]
        return heading.text, heading.index
    return None, None


__all__ = [
    "Heading",
    "clean_title",
    "count_words",
    "domain_names",
    "find_title",
    "headings",
    "is_dotted_name",
    "is_site_name",
    "same_headline",
    "similarity",
    "strip_site",
    "without_site_label",
]
