"""Who wrote the page, from names in metadata and from the page's byline.

A name from a page is cleaned of what bylines add ("By", "Written by:", a date or a
role after a separator) and refused when it is no name: a URL (Open Graph's
``article:author`` is often a profile address), an e-mail address, a placeholder
("admin"), initials, a sentence.  A byline is found in three ways, most certain first:
a "By Jane Doe" line near the title; a "Written by Jane Doe" line anywhere; an element
publishing systems mark as the byline (``rel="author"`` (HTML), classes such as
``post-author`` or ``byline``, a link to an ``/author/`` page), outside comments and
sidebars.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator
from typing import Any, Final

from unboiler.document import Label, TextBlock
from unboiler.metadata.dates import parse_date
from unboiler.metadata.rules import (
    AUTHOR_PAGE,
    AUTHOR_PAGE_SELECTOR,
    BYLINE,
    BYLINE_CLASS_PART,
    BYLINE_CUT,
    BYLINE_LABEL,
    BYLINE_SELECTOR,
    BYLINE_STOP,
    CLASS_NAME_PART,
    CO_AUTHORS,
    COLUMN_HEADINGS,
    DATED_BYLINE,
    LINKED_LABEL_WORD,
    MAX_AUTHORS,
    MAX_BYLINE_CHARS,
    MAX_BYLINE_WORDS,
    MAX_NAME_WORDS,
    NAME_SELECTOR,
    NEXT_CREDIT,
    NOT_AUTHORS,
    OTHER_ROLE,
    ROLE_WORDS,
    STARTER_LABEL,
    STRONG_BYLINE,
    USERNAME_SELECTOR,
    WEEKDAY,
)
from unboiler.metadata.sources import (
    fold,
    in_aside,
    in_reply_item,
    in_review,
    inside,
    shown_block_text,
    shown_text,
    unique,
)
from unboiler.metadata.title import is_site_name
from unboiler.tags import HEADING_TAGS

_TRIM = " \t,;:|-–—·•"
#: A label and a colon before a name that the page marks as its author ("Text: Venera
#: Yerofeyeva", "Texto: …", "Текст: …"): one or two words, in any language; the mark
#: says what follows is the author, so the label is only the page's wording of it.
NAME_LABEL: Final = re.compile(r"^[^\W\d_]{2,20}(?:\s+[^\W\d_]{2,20})?\s*:\s*(?=\S)")
#: A way to write to the person after the name, in brackets ("Vinay Sajip <vinay_sajip
#: at red-dove dot com>", "Jane Doe (jane@example.org)", "(jane[at]example[dot]org)"),
#: closed or cut short: RFC 5322's "display name <address>" form, and its spelt-out
#: variant that hides it from harvesters.  Searched in what follows the first bracket.
CONTACT_WORDS: Final = re.compile(r"@|\bat\b|\bdot\b", re.IGNORECASE)
_BRACKETS: Final = "<(["


def without_contact(name: str) -> str:
    """``name`` without the contact that follows it in brackets (:data:`CONTACT_WORDS`);
    a bracket that holds none ("Jane Doe (Reuters)") stays."""
    start = min((i for i in map(name.find, _BRACKETS) if i > 0), default=-1)
    if start > 0 and CONTACT_WORDS.search(name, start):
        return name[:start].rstrip()
    return name


#: Abbreviations that end a name with their period ("Sammy Davis Jr.", "Acme Inc."); the
#: period after any other final word of two letters or more ends the byline's sentence
#: ("Posted by Alon Zakai."), and an initial keeps its own ("John Q.").
NAME_ABBREVIATIONS: Final = frozenset(
    {"jr", "sr", "inc", "ltd", "co", "corp", "bros", "llc", "esq", "st", "dr", "ph.d"}
)


#: The elements of an aside and of navigation, whose bylines and author links are not
#: the page's (a menu's "Authors" entry; besides the class and id words of
#: :func:`~unboiler.metadata.sources.in_aside`).
ASIDE_TAGS: Final = frozenset({"aside", "nav"})


def clean_author(name: str) -> str | None:
    """A person's or organisation's name as metadata gives it, without a "By", a label
    (:data:`NAME_LABEL`) or the period that ends a byline's sentence; None for what is
    not a name."""
    name = without_contact(name).strip(_TRIM)
    if _is_address(name):  # a profile's address ("https://www.facebook.com/jdoe")
        return None
    match = BYLINE.match(name)
    if match:
        name = match["name"].strip(_TRIM)
    elif ":" in name:
        name = NAME_LABEL.sub("", name, count=1)
    if name.endswith(".") and not name.endswith(".."):
        last = name.split()[-1][:-1]
        if len(last) >= 2 and "." not in last and last.lower() not in NAME_ABBREVIATIONS:
            name = name[:-1].rstrip(_TRIM)
    if not name or "@" in name or _is_address(name):
        return None
    folded = fold(name)
    if not folded or folded in NOT_AUTHORS:
        return None
    # A number on its own is a date, a count or an address, never part of a name; digits
    # inside a word are a username's ("lulug30", "user3080392").
    if any(word.isdigit() for word in folded.split()):
        return None
    if len(folded) <= 2 and name.isupper():  # initials on an avatar
        return None
    if len(name.split()) > MAX_NAME_WORDS * MAX_AUTHORS:
        return None
    return name


def _is_address(text: str) -> bool:
    """Whether ``text`` is a web address rather than a name (checked before a label's
    colon is taken off: "https:" is no label)."""
    return "://" in text or text.startswith(("www.", "//"))


#: A byline element's text of one word and then "the" is a call to action, not a name
#: ("Visit the Kestrel Audio Store", a shop's brand link marked as its byline; "Meet the
#: team"); the word before "the" was taken for the name.
CALL_TO_ACTION: Final = re.compile(r"[^\W\d_]+\s+(?i:the)\s")


def byline_name(text: str, *, username: bool = False) -> str | None:
    """The name in a byline as a page shows it ("By Jane Doe | May 5, 2024"): after a
    "By", before a separator, a date or the words that follow names; None for a line
    that credits someone else ("Photo by") or holds no name.  A name has a capital,
    unless ``username`` (the text of an element that holds only the name, where a
    forum's "jdoe42" is the author)."""
    # composed, so that a name typed with combining accents ("He\u0301le\u0300ne") is
    # read, and given, as one written with accented letters
    text = unicodedata.normalize("NFC", text)
    if OTHER_ROLE.match(text) or BYLINE_LABEL.match(text) or COLUMN_HEADINGS.match(text):
        return None
    text = without_contact(text)
    if WEEKDAY.match(text) and parse_date(text):
        return None  # a date that opens with its weekday ("Sun Dec 17, 2023"), no name
    text = text.strip()
    match = BYLINE.match(text) or dated_byline(text) or byline_part(text, BYLINE, marked=True)
    names = 1
    if match:
        line = match.string  # the text, or its rest after a dateline
        start, end = match.span("name")
        listed = CO_AUTHORS.match(line, end)
        if listed and _lists_names(listed.group()):
            end = listed.end()
            names += sum(1 for part in _LIST_PARTS.split(listed.group()) if part.strip())
        credit = NEXT_CREDIT.search(line, start)
        text = line[start : credit.start() if credit and credit.start() < end else end]
    text = " ".join(BYLINE_CUT.split(text, maxsplit=1)[0].split())
    if not match and CALL_TO_ACTION.match(text):
        return None
    text = BYLINE_STOP.sub("", text).strip(" ,&")
    if not text or len(text.split()) > MAX_NAME_WORDS * names or parse_date(f"{text} 1, 2000"):
        return None  # the last test refuses a month name left of a date ("July 5")
    if username and " " not in text:
        return clean_author(text)
    # A name has a capital (or is in a script without case), unlike a sentence's words.
    if not any(char.isupper() or (char.isalpha() and not char.islower()) for char in text):
        return None
    if _mostly_lower_case(text) or _opens_lower_case(text):
        return None
    return clean_author(text)


#: The separators of :data:`BYLINE_CUT` that no date holds (a dash may stand before
#: its time: "12 March 2024 - 10:32").
_PART_SEPARATOR: Final = re.compile(r"[|•·»«／\u3000]")
_DASH: Final = re.compile(r"\s[-–—]\s")


def dated_byline(text: str) -> re.Match[str] | None:
    """The byline after a dateline that opens ``text`` ("Posted on March 3, 2023 by Sam
    Carter in Tools"; :data:`DATED_BYLINE`), when its words read as a date and hold no
    separator: a line of parts is read part by part (:func:`byline_part`), and "March 7,
    2024 | Photo" reads as a date to a lenient parser."""
    dated = DATED_BYLINE.match(text)
    if dated is None or _PART_SEPARATOR.search(dated["date"]):
        return None
    # after a dash, a time is the date's ("12 March 2024 - 10:32"), a word another
    # credit's ("March 7, 2024 - Photo by")
    pieces = _DASH.split(dated["date"])
    if len(pieces) > 1 and not pieces[-1].strip()[:1].isdigit():
        return None
    if parse_date(dated["date"]):
        return BYLINE.match(text[dated.end() :])
    return None


def byline_part(
    text: str, pattern: re.Pattern[str], *, marked: bool = False
) -> re.Match[str] | None:
    """The first part of a line, after one of its separators (:data:`_FACT_SEPARATOR`),
    that opens with "by" or a label's colon and that ``pattern`` reads as a byline: a
    line of facts that opens with a date or a section ("12.04.2023, 14:05 | Автор:
    Алексей Прохоров | Просмотров: 3 418", "Politics · By Jane Doe").  The line's first
    part is the caller's to read.  In an element that says it is a byline (``marked``),
    any of :data:`BYLINE`'s words opens one ("Politik | Von Max Mustermann"); elsewhere
    only "by" or a label's colon, for another language's "by" opens a title's words as
    often ("12.04.2023 | Da Roma a Milano")."""
    for part in _FACT_SEPARATOR.split(text)[1:]:
        if not marked and not _PART_BYLINE.match(part):
            continue
        match = pattern.match(part)
        if match:
            return match
    return None


#: The separators of a line of facts: not a breadcrumb's "»" or "/", nor a dash.
_FACT_SEPARATOR: Final = re.compile(r"\s*[|•·]\s*")
#: What opens a byline among a line's parts: "by", or a label and its colon
#: ("Автор:", "Autor:"); a preposition of another language ("Von Berlin nach
#: Hamburg", "Da Roma a Milano") opens a breadcrumb's or a title's words as often.
_PART_BYLINE: Final = re.compile(
    r"(?:(?:written|authored|posted|post|published|words|text|story|article)\s+)?by\s"
    r"|[^\W\d_]+\s*[:：]",
    re.IGNORECASE,
)


_LIST_PARTS: Final = re.compile(r",|\s(?:and|und|et|y|e|&)\s")


def _lists_names(listed: str) -> bool:
    """Whether the rest of a byline that :data:`CO_AUTHORS` matched lists names: each
    part starts with a capital (or a letter of a script without case) and holds no word
    of a role (:data:`ROLE_WORDS`)."""
    if _OTHER_CREDIT.search(listed):  # "By Jane Doe, Photos by John Roe and Ann Lee"
        return False
    parts = [part.strip() for part in _LIST_PARTS.split(listed)]
    return all(
        part
        and not part[0].islower()
        and not ROLE_WORDS.search(part)
        and not WEEKDAY.match(f"{part} ")
        and not parse_date(f"{part} 1, 2000")  # a month's name: "March and April"
        for part in parts
        if part
    ) and any(parts)


#: Another credit in a list after a byline's name ("Photos by", "illustrations by"): the
#: list is no list of authors.
_OTHER_CREDIT: Final = re.compile(r"\bby\b", re.IGNORECASE)


def _opens_lower_case(text: str) -> bool:
    """Whether a name of several words opens with a word in lower case that is no
    particle (:data:`NAME_PARTICLES`) nor the "the" of a team ("the Lavazza Team"): the
    sentence of a notice, not a name ("By using VS Code, you agree", "Author in
    Residence")."""
    first, _, rest = text.partition(" ")
    return (
        bool(rest)
        and first[:1].islower()
        and first.lower() not in NAME_PARTICLES
        and first.lower() != "the"
    )


#: The words a name may hold in lower case: particles of family names ("Ludwig van
#: Beethoven", "Gabriel García y Márquez", "Ibn al Haytham"), and the words that join
#: two names.
NAME_PARTICLES: Final = frozenset(
    {
        "van", "von", "der", "den", "de", "del", "della", "di", "da", "do", "dos", "das",
        "du", "le", "la", "les", "ten", "ter", "zu", "bin", "ibn", "al", "el", "y", "e",
        "and", "und", "et", "&",
    }
)  # fmt: skip


def _mostly_lower_case(text: str) -> bool:
    """Whether most words of a name of several words are in lower case and no particles
    (:data:`NAME_PARTICLES`; "d'" and "l'" start one too): a sentence after an "author:"
    ("author: Take some credit", npm's manual on package.json), not a name.  A team's
    name may have one ("The Currency editors", "the Lavazza Team")."""
    words = text.split()
    if len(words) < 2:
        return False
    lower = sum(
        1
        for word in words
        if word[0].islower()
        and word.lower() not in NAME_PARTICLES
        and not word.startswith(("d'", "d’", "l'", "l’"))
    )
    return 2 * lower > len(words)


def join_authors(names: Iterable[str], site_names: Iterable[str]) -> str | None:
    """Names joined with commas, without repeats; the site's own name is dropped when
    people are named beside it ("Jane Doe, The Daily Planet")."""
    kept = unique(name for raw in names if (name := clean_author(raw)))[:MAX_AUTHORS]
    if len(kept) > 1:
        kept = tuple(name for name in kept if not is_site_name(name, site_names)) or kept
    return ", ".join(kept) if kept else None


def without_site(name: str, site_names: Iterable[str]) -> str:
    """A byline's name without the outlet written after it ("Jane Doe USA TODAY",
    "Jane Doe, Reuters")."""
    folded = fold(name)
    for site in site_names:
        tail = fold(site)
        if tail and folded.endswith(f" {tail}") and len(tail) < len(folded):
            words = name.split()
            kept = " ".join(words[: len(words) - len(tail.split())]).strip(_TRIM)
            return kept or name
    return name


def byline_author(
    blocks: list[TextBlock], *, strong: bool = False, headline: str | None = None
) -> str | None:
    """A "By Jane Doe" line among ``blocks`` (those near the title), or with ``strong``
    only a "Written by Jane Doe" (any block).  A label alone ("Written by") takes its
    name from the next block.  Near the title, forum software's "Thread starter jdoe42"
    names who opened the thread (:data:`STARTER_LABEL`).  Blocks of forms are skipped:
    a search form's "By:" field is no byline.  So is the page's headline, an ``<h1>``
    or the ``headline`` text: "By Popular Demand" and "Author Spotlight" name no one."""
    folded_headline = fold(headline) if headline else None
    shown: dict[Any, tuple[str, str] | None] = {}  # each element's text as shown, read once
    for index, block in enumerate(blocks):
        if block.num_words > MAX_BYLINE_WORDS or Label.H1 in block.labels:
            continue
        text = shown_block_text(block, shown)
        if folded_headline and fold(text) == folded_headline:
            continue
        starter = STARTER_LABEL.match(text) if not strong else None
        label = starter is None and BYLINE_LABEL.match(text)
        pattern = STRONG_BYLINE if strong else BYLINE
        byline = not (starter or label) and (
            pattern.match(text) or (not strong and dated_byline(text)) or byline_part(text, pattern)
        )
        if not (starter or label or byline) or _in_form(block.node):
            continue
        if label and _in_header_cell(block.node):  # a table's "Author" column: no byline
            continue
        if byline:
            if block.num_linked_words == block.num_words and LINKED_LABEL_WORD.match(text):
                continue  # a link to a page named so ("Author Talk")
            name = byline_name(text)
            if name:
                return _name_element(block, name) or name
            name = _member_name(block)
            if name:
                return name
            continue
        following = _next_name_block(blocks, index)
        if starter:
            next_text = shown_block_text(following, shown) if following is not None else ""
            named = starter["name"] or next_text
            name = byline_name(named, username=True)
        # A label's name is the next block's text, unless that is another label.
        elif (
            following is not None
            and following.num_words <= MAX_NAME_WORDS
            and not following.text.rstrip().endswith(":")
        ):
            name = byline_name(shown_block_text(following, shown))
        else:
            name = None
        if name:
            return name
    return None


def _member_name(block: TextBlock) -> str | None:
    """The member's name in a byline whose words read as no name ("Post autor:
    tomek_z_lodzi"), when forum software marks it as one (:data:`USERNAME_SELECTOR`): a
    member picks a name in lower case as often as not, and phpBB's first post of a
    thread was passed over for its first reply's "autor: Marek_instalator"."""
    node = block.node
    member = node.css_first(USERNAME_SELECTOR) if node is not None else None
    return byline_name(shown_text(member), username=True) if member is not None else None


def _next_name_block(blocks: list[TextBlock], index: int) -> TextBlock | None:
    """The block after a byline's label that may hold the name: the next one, or the
    one after when the next lists the page's categories."""
    return next((later for later in blocks[index + 1 : index + 3] if not _tag_links(later)), None)


def _name_element(block: TextBlock, name: str) -> str | None:
    """The name as the byline's own markup bounds it, when an element of the block holds
    the name alone (a link to the author's page, ``rel="author"``, hCard's ``fn``) and
    the name read from the text starts with it: the text runs the name into a role
    written beside it ("Celeste Longacre Gardener & Astrologer").  Not when the text
    goes on to a co-author's name ("Von <a rel=author>Anna Schmidt</a> und Peter
    Meier"): the names read are the line's."""
    folded = fold(name)
    for node in block.nodes:
        for element in node.css(NAME_SELECTOR):
            text = shown_text(element)
            marked = fold(text)
            if marked and folded != marked and folded.startswith(f"{marked} "):
                if _joins_coauthor(name, text):
                    return None  # "Anna Schmidt und Peter Meier": the line's names
                return clean_author(text)
    return None


def _joins_coauthor(line: str, name: str) -> bool:
    """Whether ``line`` goes on from ``name`` to another author's, after a joiner
    (:data:`_NAME_JOINER`)."""
    if not line.startswith(name) or len(line) == len(name):
        return False
    joined = _NAME_JOINER.match(line, len(name))
    return joined is not None and joined.end() < len(line)


#: The name's own element in a microformat's card (microformats2 ``p-name``, hCard's
#: ``fn``): read before the other names of a byline, which may hold the account beside
#: it (Mastodon's ``<span class="display-name"><bdi><strong class="p-name">Dana
#: Okafor</strong></bdi><span>@dana@hachyderm.io</span>``, written without a space).
#: LaTeXML's authors (arXiv's HTML papers): each author's, or the authors', names in a
#: ``ltx_personname`` inside a ``ltx_role_author`` creator, their affiliations after a
#: line break and their marks in ``<sup>``.
LATEXML_AUTHORS: Final = '[class~="ltx_role_author"] [class~="ltx_personname"]'


def latexml_authors(tree: Any, site_names: Iterable[str] = ()) -> str | None:
    """The authors of a paper LaTeXML wrote as HTML (:data:`LATEXML_AUTHORS`): the first
    line of each name's element, without its affiliation marks, read as a list ("Ingrid
    Solberg¹, Daniel Okafor¹, Mei-Ling Chou²" over the affiliations); None when there is
    none.  A newcomer's arXiv paper had no author, though its three were written under
    its title; read before the byline classes, where "ltx_role_author" gave the first
    name alone.  ``benchmarks/metadata.py wcxb readability``: no page changes."""
    names: list[str] = []
    for element in tree.css(LATEXML_AUTHORS):
        pieces: list[str] = []
        child = element.first_child
        while child is not None and child.tag != "br":
            if child.is_text_node:
                pieces.append(child.text_content or "")
            elif child.is_element_node and child.tag != "sup":
                pieces.append(child.text(deep=True) or "")
            child = child.next
        line = " ".join("".join(pieces).split())
        names.extend(part.strip() for part in _LIST_PARTS.split(line) if part.strip())
    return join_authors(names, site_names) if names else None


MICROFORMAT_NAME: Final = '[class~="p-name"], [class~="fn"]'
#: A microformats2 person's card (``h-card``) without a ``p-name`` in it: its text is the
#: name ("implied name", microformats2 parsing §1.4), as Lobsters' byline writes
#: ``<a class="u-author h-card">mkosinski</a>``.
MICROFORMAT_CARD: Final = '[class~="h-card"]'


def marked_author(tree: Any) -> str | None:
    """The first name in an element marked as a byline, then in a link to an author's
    page, then in the element forum software marks as a member's name
    (:data:`USERNAME_SELECTOR`), outside comments, sidebars and forms."""
    for selector, is_byline in (
        (BYLINE_SELECTOR, _marks_byline),
        (AUTHOR_PAGE_SELECTOR, _links_author),
    ):
        for element in _visible_marked(tree, selector):
            if not is_byline(element):
                continue
            # The name's own element, when the byline holds one, leaves out a role or a
            # date written beside it ("Sam Lee <span>Head of Operations</span>").
            named = (
                element.css_first(MICROFORMAT_NAME)
                or next(
                    (
                        found
                        for found in element.css(NAME_SELECTOR)
                        if not _beside_the_name(found, element)
                    ),
                    None,
                )
                or element.css_first(MICROFORMAT_CARD)
            )
            if named is not None and (
                named.mem_id != element.mem_id
                or "h-card" in (element.attributes.get("class") or "").split()
            ):
                name = byline_name(shown_text(named), username=True)
                if name:
                    return name
            name = byline_name(_first_line(element))
            if name:
                return _with_coauthors(element, name)
    for element in _visible_marked(tree, USERNAME_SELECTOR):
        name = byline_name(shown_text(element), username=True)
        if name:
            return name
    return None


#: Class words of the parts of an author's box that hold what is shown beside the
#: name: the writer's figures (Zhihu's "AnswerAuthor-counts", whose "NumberBoard-itemName"
#: labels them: "回答", answers), biography, picture or badges.
BESIDE_THE_NAME: Final = frozenset(
    {"count", "counts", "stat", "stats", "statistics", "followers", "bio", "biography"}
    | {"avatar", "badge", "badges"}
)


def _beside_the_name(found: Any, byline: Any) -> bool:
    """Whether ``found``, inside a ``byline`` element, is in one of the box's parts that
    hold what is shown beside the name (:data:`BESIDE_THE_NAME`)."""
    node = found
    while node is not None and node.mem_id != byline.mem_id:
        names = " ".join((node.attributes.get(key) or "") for key in ("class", "id"))
        if any(part.lower() in BESIDE_THE_NAME for part in CLASS_NAME_PART.findall(names)):
            return True
        node = node.parent
    return False


#: What joins a link's name to the next author's in a byline's line: a comma, an
#: ampersand, "and" in the languages of :data:`~unboiler.metadata.rules` (English,
#: German, French, Spanish and Portuguese, Italian, Dutch).
_NAME_JOINER: Final = re.compile(r"\s*(?:,|&|\band\b|\bund\b|\bet\b|\by\b|\be\b|\ben\b)\s*")


def _with_coauthors(element: Any, name: str) -> str:
    """``name``, or the names of the line around it when ``element`` is a link to one
    author in a line that names more ("Von <a rel=author>Anna Schmidt</a> und Peter
    Meier"): the line's byline, when it starts with the link's name and goes on to
    another after a joiner (:data:`_NAME_JOINER`)."""
    parent = element.parent
    if element.tag != "a" or parent is None:
        return name
    line = byline_name(_first_line(parent))
    return line if line and _joins_coauthor(line, name) else name


#: Children that put their text on a line of its own in an author's box.
_LINE_TAGS: Final = frozenset({"p", "div", "li"})


def _first_line(element: Any) -> str:
    """The text of a byline element, or of its first line when it lays out lines of
    its own (an author's box: the name, then "Tech Writer", then "Articles by Jane"; or
    lines parted by ``<br>``), which read as one would run the name into the role."""
    lines = [
        text
        for child in element.iter(include_text=False)
        if child.tag in _LINE_TAGS and (text := shown_text(child))
    ]
    if len(lines) > 1:
        return lines[0]
    # A line break does the same, at any depth: a forum post's header puts the name,
    # then "Posts: 3" ("Сообщений: 3") under it; "By <b>Jane Doe<br>Staff writer</b>".
    return shown_text(element, first_line=True)


def _visible_marked(tree: Any, selector: str) -> Iterator[Any]:
    """The elements ``selector`` finds that are short enough to be a byline and not
    part of a comment, a sidebar or a form."""
    for element in tree.css(selector):
        text = element.text(deep=True, separator=" ")
        if (
            len(text) <= MAX_BYLINE_CHARS
            and not in_aside(element, ASIDE_TAGS)
            and not _in_form(element)
            and not in_review(element)
            and not in_reply_item(element)
        ):
            yield element


#: Class words before a byline word that say the element shows none ("no-byline").
NEGATIONS: Final = frozenset({"no", "not", "without", "hide", "hidden"})
#: Class words before a byline word that name another work's author: a quotation's, a
#: verse's, a photograph's, a book's under review ("verse-author", "quote-author",
#: "photo-author"), not the page's writer.
OTHER_WORKS: Final = frozenset(
    {
        "quote", "quotation", "blockquote", "verse", "poem", "citation", "cite", "epigraph",
        "photo", "image", "img", "caption", "book", "tweet", "embed",
    }
)  # fmt: skip


def _marks_byline(element: Any) -> bool:
    """Whether an element's ``rel`` is ``author``, or its ``class``, ``id`` (not a
    heading's) or ``data-testid`` has a byline word as a whole part ("post-author",
    "authorName"; not "authority")."""
    attributes = element.attributes
    if "author" in (attributes.get("rel") or "").lower().split():
        return True
    # A heading's id is the anchor its generator made of its words (Cargo's manual: "The
    # authors field" under id="the-authors-field"), not a mark the page put on a byline.
    keys = (
        ("class", "data-testid") if element.tag in HEADING_TAGS else ("class", "id", "data-testid")
    )
    names = " ".join(attributes.get(key) or "" for key in keys)
    # each part with the number of the class name (or id) it is of
    parts = [
        (part.lower(), number)
        for number, token in enumerate(names.split())
        for part in CLASS_NAME_PART.findall(token)
    ]
    # "no-byline", "hide-author": the template says that there is none, or none shown;
    # "verse-author": another work's (OTHER_WORKS); "AnswerAuthor-counts", "author-bio",
    # "AuthorInfo-badgeText": a part of an author's box, not the name (a word after the
    # byline word in the same class name: "author with-avatar" is a byline)
    return any(
        BYLINE_CLASS_PART.fullmatch(part)
        and (
            not index
            or (parts[index - 1][0] not in NEGATIONS and parts[index - 1][0] not in OTHER_WORKS)
        )
        and not any(later in BESIDE_THE_NAME for later, of in parts[index + 1 :] if of == number)
        for index, (part, number) in enumerate(parts)
    )


def _links_author(element: Any) -> bool:
    return AUTHOR_PAGE.search(element.attributes.get("href") or "") is not None


def _tag_links(block: TextBlock) -> bool:
    """Whether a block is a list of the page's categories or tags (links marked
    ``rel="tag"`` or ``rel="category"``, microformats' rel-tag), which some themes
    print between a "By" and the name."""
    return any(
        node.css_first('a[rel~="tag"], a[rel~="category"]') is not None
        or "tag" in (node.attributes.get("rel") or "").split()
        for node in block.nodes
    )


def _in_header_cell(node: Any) -> bool:
    """Whether a node is in a table's header cell (``<th>``), which names a column."""
    while node is not None and node.tag not in ("body", "html", "table"):
        if node.tag == "th":
            return True
        node = node.parent
    return False


def _in_form(node: Any) -> bool:
    """Whether a node is part of a form: a search form's "By:" field labels no byline."""
    return inside(node, ("form",))


def citation_name(name: str) -> str:
    """A name from a Highwire Press ``citation_author`` tag (read by Google Scholar),
    which puts the family name first ("Doe, Jane"), in reading order."""
    family, comma, given = name.partition(",")
    if comma and given.strip() and " " not in family.strip() and "," not in given:
        return f"{given.strip()} {family.strip()}"
    return name


__all__ = [
    "byline_author",
    "byline_name",
    "citation_name",
    "clean_author",
    "join_authors",
    "marked_author",
    "without_site",
]
