"""The rule lists of the metadata stage, kept as data: which meta keys and schema.org
types give which field, the words of bylines and date labels, and the thresholds.

Meta keys are compared lower-cased, whichever attribute names them (``name``,
``property``, ``itemprop``, ``http-equiv``).  Each list is in the order its keys are
tried.  The thresholds were chosen on the WCXB development pages and Mozilla
Readability's test pages (``benchmarks/metadata.py``).
"""

from __future__ import annotations

import re
from typing import Final

from unboiler.text import WORD_MARKS

# --------------------------------------------------------------------------- meta keys

#: The Open Graph protocol's title (https://ogp.me/), Dublin Core's (DCMI Metadata Terms,
#: embedded in HTML as RFC 2731 describes), Twitter cards', Parse.ly's and Sailthru's.
TITLE_META: Final = (
    "og:title",
    "dc.title",
    "dcterms.title",
    "twitter:title",
    "parsely-title",
    "sailthru.title",
    "headline",
    "title",
)
#: HTML's ``author`` name, Open Graph's ``article:author`` (often a profile URL, which is
#: skipped), Dublin Core's creator and the vendors'.
AUTHOR_META: Final = (
    "author",
    "article:author",
    "og:article:author",
    "dc.creator",
    "dcterms.creator",
    "parsely-author",
    "sailthru.author",
    "byl",
)
#: Open Graph's ``article:published_time`` first, then the vendors', then Dublin Core's
#: ``issued`` and ``created`` before its vaguer ``date``; Highwire Press's
#: ``citation_publication_date`` (read by Google Scholar) among them.  ``dc.created`` is
#: no Dublin Core name, but the javadoc tool (JDK 9 on) writes it on every page it makes.
DATE_META: Final = (
    "article:published_time",
    "og:article:published_time",
    "og:published_time",
    "parsely-pub-date",
    "sailthru.date",
    "datepublished",
    "dc.date.issued",
    "dcterms.issued",
    "dc.date.created",
    "dcterms.created",
    "dc.created",
    "citation_publication_date",
    "citation_date",
    "dc.date",
    "dcterms.date",
    "date",
)
#: Other keys that name a publication date ("published", "publish-date", "pubdate",
#: "w-published-date"): read after the listed ones.
PUBLISH_KEY: Final = re.compile(r"(?:^|[\W_])pub(?:lish(?:ed)?)?(?:[\W_]?(?:date|time|on))?$")
SITE_NAME_META: Final = ("og:site_name", "application-name", "apple-mobile-web-app-title")
DESCRIPTION_META: Final = (
    "og:description",
    "description",
    "twitter:description",
    "dc.description",
    "dcterms.description",
)
IMAGE_META: Final = (
    "og:image",
    "og:image:url",
    "og:image:secure_url",
    "twitter:image",
    "twitter:image:src",
)
CATEGORY_META: Final = ("article:section", "og:article:section", "parsely-section")
TAG_META: Final = ("article:tag", "og:article:tag", "parsely-tags", "news_keywords", "keywords")
#: ``Content-Language`` as an ``http-equiv`` (HTML 4.01), Dublin Core's, Open Graph's
#: ``og:locale`` (``en_US``).
LANGUAGE_META: Final = (
    "content-language",
    "dc.language",
    "dcterms.language",
    "language",
    "og:locale",
)
#: Twitter card label that Yoast SEO and other publishing plugins pair with the author's
#: name (``twitter:label1`` "Written by", ``twitter:data1`` the name).
AUTHOR_LABEL: Final = "written by"

# --------------------------------------------------------------------------- schema.org

#: Types whose object describes the page's own text: read before the page's and the
#: others.  Types that end in "Article" count too.
ARTICLE_TYPES: Final = frozenset(
    {
        "article",
        "blogposting",
        "socialmediaposting",
        "discussionforumposting",
        "liveblogposting",
        "report",
        "medicalwebpage",
        "recipe",
        "howto",
        "qapage",
        "videoobject",
        "podcastepisode",
    }
)
#: Types whose ``name`` (when they have no ``headline``), ``description`` and ``image``
#: are the page's.
PAGE_TYPES: Final = ARTICLE_TYPES | {
    "webpage",
    "itempage",
    "aboutpage",
    "faqpage",
    "collectionpage",
    "profilepage",
    "product",
    "event",
    "course",
    "jobposting",
    "softwareapplication",
}
#: The types of the things a page may be about that a page lists as often (a calendar's
#: events, a category's products, a board's jobs): two objects of one of them with
#: different names are items of a list, not what the page is about
#: (:func:`~unboiler.metadata.sources.listed_items`).
LISTABLE_TYPES: Final = frozenset(
    {"product", "event", "course", "jobposting", "softwareapplication"}
)
#: Types whose ``author`` did not write the page: a review, comment or answer on it, or
#: the site.
NOT_AUTHORED_TYPES: Final = frozenset(
    {"review", "comment", "answer", "question", "rating", "website", "organization"}
)
#: Types of the items that reply to a page (schema.org ``Comment``, ``Answer``,
#: ``Review``...): their microdata ``author`` and dates are not the page's.
REPLY_TYPES: Final = frozenset({"comment", "answer", "review", "rating", "usercomments"})
#: Types of organisations: an ``author`` that is one is kept only when no person is named.
ORGANIZATION_TYPES: Final = frozenset(
    {
        "organization",
        "newsmediaorganization",
        "corporation",
        "localbusiness",
        "educationalorganization",
        "governmentorganization",
        "ngo",
        "brand",
    }
)

# --------------------------------------------------------------------------- titles

#: Separators between a headline and the site's name or a tagline in ``<title>``: a dash,
#: bar, bullet or slash between spaces, the unspaced underscore of Chinese portals
#: ("标题_频道_网站"), and the full-width bar of Chinese and Japanese titles, spaced or
#: not ("新しいアプリ｜ITニュース").  A colon does not separate ("Review: ...").
TITLE_SEPARATOR: Final = re.compile(
    r"\s+(?:[|\-–—·•»«~/\\]|::)\s+|\s*\uff5c\s*"
    r"|(?<=[\u3040-\u9fff\uac00-\ud7af])_(?=[\u3040-\u9fff\uac00-\ud7af])"
)
#: A label that Chinese and Japanese titles set in brackets at the title's start
#: ("【ITニュース】新しいアプリ", lenticular brackets) or end ("欲張りなイヌ ＜福娘童話集＞",
#: full-width angle brackets): the site's or the section's name, or a tag, which
#: :func:`~unboiler.metadata.title.unbracketed` leaves out of the headline.  Not 《》,
#: which holds a book's or a film's name.
BRACKETED_START: Final = re.compile(r"^\s*【[^】]{1,60}】\s*(?=\S)")
BRACKETED_END: Final = re.compile(r"(?<=\S)\s*(?:＜[^＞]{1,60}＞|【[^】]{1,60}】)\s*$")

#: A title that starts with a separator ("<title> | Site</title>"): the page's template
#: wrote an empty headline before the site's name, so the title names the site alone.
#: Bullets, guillemets and tildes are left out: titles open with them as decoration
#: ("• LIVE: ...", "» The Complete Guide").
EMPTY_HEADLINE: Final = re.compile(r"^\s*(?:[|\-–—/\\]|::)(?:\s|$)")
#: A title that is a file's name ("analysis.ipynb", "README.md", "index.html"): what a
#: converter writes when the document names itself nowhere else (Jupyter's nbconvert,
#: a Markdown renderer, a directory listing), so it names the file, not the page; the
#: page's heading names it.
FILE_NAME_TITLE: Final = re.compile(
    r"^\s*[\w.-]+\.(?:ipynb|md|markdown|rst|txt|html?|xhtml|pdf|py|r|rmd|tex)\s*$",
    re.IGNORECASE,
)
#: A numeric reference to "&" itself left in a title's text: the page escaped its "&"
#: twice ("SQL &amp;#x26; AI" shows "SQL &#x26; AI"), and it stands for "&".  Other
#: references are left as the page shows them: a title about HTML writes "&nbsp;".
LEFT_AMPERSAND: Final = re.compile(r"&#(?:0*38|[xX]0*26);")
#: A title's first part is its headline when it has at least this many words; shorter
#: first parts are a section name ("News - ...").
MIN_HEADLINE_WORDS: Final = 3
#: A title's part that numbers a part of a series ("Part 2", "Chapter 12", "Vol. 3",
#: "Teil IV"): one word and a number, which belongs to the headline before it as much
#: as the words do ("Headline - Part 2 | Site" is the headline "Headline - Part 2"); a
#: month's name and a day ("March 3") is a date, not a part.
NUMBERED_PART: Final = re.compile(r"([^\W\d_]{2,12})\.?\s*(?:\d{1,4}|[IVXLC]{1,7})")
#: A headline held in another with at least this share of its words is the same
#: headline (one cut short, or with the site's name added).
MIN_CONTAINED_SHARE: Final = 0.6
#: Headings whose words overlap a metadata title this much (Dice coefficient) are the
#: same headline reworded ("... in 2025" for "... (2025)"): the page shows the heading.
MIN_HEADLINE_SIMILARITY: Final = 0.5
#: Class or id words of the element that holds a site's logo: a heading inside one (or
#: being one) is the site's name however the title writes it ("topbar__logo__title").
LOGO_WORDS: Final = re.compile(r"logo", re.IGNORECASE)
#: How many ancestors of a heading are checked for :data:`LOGO_WORDS` (a logo's heading
#: sits in the logo's link or box, not deep in the page).
LOGO_DEPTH: Final = 3
#: Elements at the start or end of a heading that are no part of its headline: the
#: count of its comments ("139" linking to ``#comments``, or in an element whose class
#: says comment), its date (a ``<time>``: "Dec 18 2025 Preparing a transition"), a
#: button (rustdoc's "Copy item path" after an item's name), and what the heading hides
#: from screen readers: VuePress's and markdown-it-anchor's permalink, ``<a
#: class="header-anchor" aria-hidden="true">#</a> Configuration`` (a newcomer's title
#: read "# Configuration").
HEADING_EXTRAS_SELECTOR: Final = (
    'a[href*="#comment" i], a[href*="#respond" i], a[href*="#disqus" i], [class*="comment" i], '
    'time, button, [aria-hidden="true" i]'
)
#: A class that names its element a count ("category-products__count", "item-count",
#: "results-counter"): the word "count" or "counter" between the class's separators, not
#: letters inside another word ("country", "account", "discount").  A shop's category
#: heading ends with how many products it lists ("Czajniki elektryczne (71 produktów)").
COUNT_CLASS: Final = re.compile(r"(?:^|[\s_-])count(?:er|s)?(?:$|[\s_-])", re.IGNORECASE)
#: Headings read at most (a page without ``<h1>`` may have hundreds of ``<h2>``).
MAX_HEADINGS: Final = 30

# --------------------------------------------------------------------------- near the title

#: Bylines and dates are looked for this many blocks after the title and before it; on
#: WCXB nearly all visible dates are within four blocks before and eight after.
BLOCKS_AFTER_TITLE: Final = 12
BLOCKS_BEFORE_TITLE: Final = 4
#: Blocks longer than this are running text, not a byline or a dateline.
MAX_BYLINE_WORDS: Final = 30
#: A heading followed within this many blocks by running text (a block of at least
#: this many words, mostly not links) heads the content, not a box.
HEADING_TEXT_WINDOW: Final = 6
RUNNING_TEXT_WORDS: Final = 25
MAX_TEXT_LINK_DENSITY: Final = 0.3

# --------------------------------------------------------------------------- authors

#: A written byline: "By Jane Doe", "Written by: Jane Doe", "Von", "Par", "Por"...,
#: "Автор:", and Chinese and Japanese "作者：", "著者：", "筆者：" (with a full-width colon);
#: and "Author(s)" (gtk-doc's and many manuals' wording) and, with a colon, "Authors:"
#: (without one, "Authors" is a menu's link to the authors' pages); Greek "Γράφει ο"
#: ("writes"), Hebrew "מאת", Thai "โดย" ("by"), Hindi "लेखक" ("author").  A name's
#: letters may carry combining marks (:data:`~unboiler.text.WORD_MARKS`: the vowel
#: signs of Devanagari and Tamil, Arabic's vowel points, Thai's vowels above and below).
#: A Chinese credit for the words and the pictures at once ("文/图：张三", "图／文：李四"):
#: the author's.
_WORDS_AND_PICTURES: Final = r"(?:文|图|圖)\s*[/／·]\s*(?:文|图|圖)\s*[:：]"
BYLINE: Final = re.compile(
    r"^\s*(?:(?:(?:written|authored|posted|post|published|words|text|story|article)\s+)?"
    r"(?:by|von|par|por|di|da|door|av|af|przez|autor(?:in)?|author|author\(s\)|auteur|автор|"
    r"作者|著者|筆者|記者|记者|撰文|بقلم|γράφει(?:\s+(?:ο|η|οι))?|מאת|โดย|लेखक)"
    r"(?:\s*[:：]\s*|\s+)|authors\s*[:：]\s*"
    rf"|{_WORDS_AND_PICTURES}\s*|(?:文|記者|记者|撰文|作者)\s*[:：/／]\s*)"
    rf"(?P<name>[^\W\d_][\w{WORD_MARKS}.'’\-]*"
    rf"(?:[ \t]+(?:[^\W\d_][\w{WORD_MARKS}.'’\-]*|and|und|et|y|e|&)){{0,12}})",
    re.IGNORECASE,
)
_LISTED_NAME: Final = (
    rf"[^\W\d_][\w{WORD_MARKS}.'’\-]*(?:[ \t]+[^\W\d_][\w{WORD_MARKS}.'’\-]*){{0,3}}"
)
#: More names after a byline's first, as a list that ends with a conjunction ("By Jane
#: Doe, John Roe and Max Mustermann"; the serial comma too): :data:`BYLINE` ends its name
#: at a comma, which also parts a name from a role or an outlet ("Jane Doe, Reuters"), so
#: a list without a conjunction stays one name.
CO_AUTHORS: Final = re.compile(
    rf"(?:,[ \t]+{_LISTED_NAME})+,?[ \t]+(?:and|und|et|y|e|&)[ \t]+{_LISTED_NAME}"
)
#: Words of a role, which a listed name never holds ("Jane Doe, Senior Editor and
#: Columnist" lists one person).
ROLE_WORDS: Final = re.compile(
    r"\b(?:editor|writer|reporter|correspondent|columnist|contributor|photographer|"
    r"staff|producer|director|analyst|expert|founder|ceo|cto|president|manager|chief|"
    r"senior|head|professor|doctor|md|phd|rd|dvm)\b",
    re.IGNORECASE,
)
#: A byline that cannot be anything else ("Written by", "Author:"), trusted anywhere on
#: the page; a bare "By" is trusted only near the title ("Photo by", "Powered by").
STRONG_BYLINE: Final = re.compile(
    r"^\s*(?:(?:(?:written|authored|posted)\s+by|author|autor(?:in)?|auteur|автор|作者|著者|筆者"
    r"|記者|记者|撰文|بقلم|γράφει|מאת|लेखक)\b|authors\s*[:：]|author\(s\)|文\s*[:：/／]"
    rf"|{_WORDS_AND_PICTURES})",
    re.IGNORECASE,
)
#: A strong byline's label with no colon after it ("Author Talk"): when a link's text
#: holds it whole, the link names another page (a library's "Author Talk" event, a
#: magazine's "Author Interviews"), not who wrote this one.  A byline linked whole
#: writes "By" or a colon ("<a>By Ann Lee</a>", "<a>Author: Ann Lee</a>").
LINKED_LABEL_WORD: Final = re.compile(
    r"^\s*(?:author|autor(?:in)?|auteur|автор)\s+[^\s:：]", re.IGNORECASE
)
#: A byline's label alone, its name in the next block ("Written by" / "Jane Doe").
BYLINE_LABEL: Final = re.compile(
    r"^\s*(?:(?:(?:written|authored|posted|published)\s+)?(?:by|von|par|por|door|author|"
    r"autor(?:in)?|auteur|автор|作者|著者|筆者|記者|记者|撰文|بقلم|γράφει|מאת|โดย|लेखक"
    r"|author\(s\))\s*[:：]?"
    r"|authors\s*[:：]|文\s*[:：/／])\s*$",
    re.IGNORECASE,
)
#: A thread's column headings above its posts, then the topic: SMF's "Author Topic:
#: Tomatoes crack after rain (Read 1843 times)", in Russian "Автор Тема: …".  "Topic"
#: ("Тема") is no author's name: the label "Author", one word, and a colon after it.
COLUMN_HEADINGS: Final = re.compile(
    r"^\s*(?:author|autor|auteur|автор)\s+[^\W\d_]+\s*:\s*\S", re.IGNORECASE
)
#: A ``<meta name="author">`` that credits the software the page's ``generator`` names
#: and its makers: Discuz! writes "Discuz! Team and Comsenz UI Team" into every thread.
#: It is the generator's name, version left out, alone or followed by one of these
#: words: a person who shares a word with the software ("Hugo Smith" on a site Hugo
#: built) is still the author.
SOFTWARE_TEAM_WORDS: Final = frozenset(
    {"team", "teams", "group", "inc", "inc.", "ltd", "ltd.", "developers", "development", "project"}
)


def credits_software(name: str, generator: str | None) -> bool:
    """Whether an author's ``name`` credits the page's software (:data:`SOFTWARE_TEAM_WORDS`)."""
    if not generator:
        return False
    software = [word for word in generator.split() if not any(c.isdigit() for c in word)]
    words = name.split()
    if not software or words[: len(software)] != software:
        return False
    rest = words[len(software) :]
    return not rest or rest[0].lower() in SOFTWARE_TEAM_WORDS


#: Labels forum software writes before the name of who opened a thread or asked a
#: question ("Thread starter jdoe42", "Started by", "Original poster"); the name may be
#: a username.
STARTER_LABEL: Final = re.compile(
    r"^\s*(?:thread\s+starter|topic\s+starter|started\s+by|original\s+poster|asked\s+by)"
    r"\s*:?\s*(?P<name>.*)$",
    re.IGNORECASE,
)
#: A dateline before the byline ("Posted on March 3, 2023 by Sam Carter"): the words
#: before the "by", which must read as a date for the name after it to count.
DATED_BYLINE: Final = re.compile(
    r"^\s*(?:(?:posted|published|written|updated)\s+)?(?:on\s+)?(?P<date>\S.{3,40}?),?\s+"
    r"(?=(?:by|von|par|por)\s)",
    re.IGNORECASE,
)
#: Lines that credit someone other than the author ("Reviewed by", "Photo by"), or that
#: link to the author's other work ("Articles by Jane", "More by Jane Doe").
OTHER_ROLE: Final = re.compile(
    r"^\s*(?:(?:medically\s+)?reviewed|edited|fact[- ]checked|photo(?:graph)?s?|image|"
    r"illustration|video|powered|designed|developed|sponsored|presented|hosted|translated|"
    r"(?:more\s+)?(?:articles|posts|stories)|more)"
    r"\b.{0,20}?\bby\b"
    # Chinese credits for an editor, a photographer, a translator ("责任编辑：张三",
    # "圖／李大華")
    # ("图/文：", words and pictures, is the author's)
    rf"|^\s*(?!{_WORDS_AND_PICTURES})(?:责任编辑|責任編輯|编辑|編輯|摄影|攝影|图|圖|翻译|翻譯)"
    r"\s*[:：/／]",
    re.IGNORECASE,
)
#: What ends a name in a byline: separators ("Jane Doe | May 5"), and a Chinese or
#: Japanese full-width slash or space ("文／王小明　圖／李大華").
BYLINE_CUT: Final = re.compile(r"\s*(?:[|•·/»«／\u3000]|\s[-–—]\s)\s*")
#: Words after a name in a byline ("Jane Doe Updated May 5", "Jane Doe on ..."), and
#: numbers; a name never holds them.  Function words only in lower case ("Audiophile On"
#: is a name).
BYLINE_STOP: Final = re.compile(
    r"(?:\s+(?:\d|(?:on|in|at|for|the|via|from|am|um|le|el|il)\b|(?i:(?:updated|published|"
    r"posted|reviewed|edited|last|january|february|march|april|may|june|july|august|"
    r"september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|"
    r"dec|min|read|photo)\b))"
    # A date's label in other languages: "Jean Dupont Publié le 3 mars", "Katarzyna Nowak
    # Opublikowano"; and a reporter's title after the name ("김민수 기자", "山田太郎 記者").
    r"|\s+(?i:(?:publié|publiée|mis à jour|modifié|publicado|publicada|actualizado|"
    r"atualizado|pubblicato|aggiornato|veröffentlicht|aktualisiert|gepubliceerd|"
    r"bijgewerkt|opublikowano|zaktualizowano|aktualizacja|опубликовано|обновлено|"
    r"yayınlanma|güncelleme|güncellendi|δημοσιεύθηκε|δημοσιεύτηκε|δημοσίευση|ενημερώθηκε|"
    r"ενημέρωση|publikováno|aktualizováno|publicerad|uppdaterad|julkaistu|päivitetty|"
    r"פורסם|עודכן|अपडेटेड|अपडेट|प्रकाशित|기자|특파원|記者|特派員)(?!\w))"
    r"|\s+(?:آخر\s+)?(?:ن[\u064b-\u0652]*ش[\u064b-\u0652]*ر[\u064b-\u0652]*|تحديث|تاريخ)(?!\w)"
    # Chinese words after a name: after a space, a date's label, a source or the next
    # credit's label ("王小明 發表於", "王小明 圖／李大華"); with no space, a date's
    # label before its digits ("王小明发表于2023年"), since names end in such
    # characters too ("王宏图", "张更新"; a label with its separator: NEXT_CREDIT)
    r"|\s+(?:發表於|发表于|發佈於|发布于|發表|发表|更新|來源|来源"
    r"|(?:圖|图|攝影|摄影|編輯|编辑|责任编辑|責任編輯)(?:\s*[:：/／]|$))"
    r"|(?:發表於|发表于|發佈於|发布于)(?=\s*[\d:：])).*$"
)
#: The label of another credit and its separator, which ends the name before it even
#: without a space ("作者：张三来源：新华社", "文：张三摄影：李四"); searched in the
#: byline's text, whose name the pattern of :data:`BYLINE` would take up to the
#: separator.
NEXT_CREDIT: Final = re.compile(
    r"(?:來源|来源|圖|图|攝影|摄影|編輯|编辑|责任编辑|責任編輯)\s*[:：/／]"
)
#: Weekday names and their abbreviations (English, German, French, Spanish): a line that
#: opens with one and holds a date is that date, not a name ("Sun Dec 17, 2023").
WEEKDAY: Final = re.compile(
    r"^\s*(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|monday|tuesday|wednesday|thursday|"
    r"friday|saturday|sunday|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|"
    r"lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|lunes|martes|miércoles|jueves|"
    r"viernes|sábado|domingo)\b\.?,?\s",
    re.IGNORECASE,
)
#: Elements that may hold a byline, as publishing systems mark them; each is checked
#: with :data:`BYLINE_CLASS_PART` ("authority" is no byline).
BYLINE_SELECTOR: Final = (
    '[rel~="author"], [class*="author" i], [id*="author" i], [class*="byline" i], '
    '[id*="byline" i], [class*="writer" i], [data-testid*="author" i]'
)
#: Links to an author's page (WordPress's ``/author/jane-doe/``), read after the marked
#: elements: menus link to authors too.
AUTHOR_PAGE_SELECTOR: Final = 'a[href*="/author/"], a[href*="/authors/"]'
#: The element forum software (phpBB, XenForo, vBulletin, Discourse, MyBB) puts a
#: member's name in, read last: on a thread page its first is who opened the thread.
USERNAME_SELECTOR: Final = '[class~="username"]'
#: Inside a byline element, the element that holds the name alone (hCard's ``fn``
#: among them: microformats.org/wiki/hcard), or a link to the member's page that forum
#: software writes the name as, beside the member's rank and post count.
NAME_SELECTOR: Final = (
    'a[rel~="author"], a[href*="/author/"], a[href*="/authors/"], [itemprop~="name"], '
    '[class*="name" i], [class~="fn"], a[href*="/user/"], a[href*="/users/"], '
    'a[href*="/member/"], a[href*="/members/"], a[href*="/profile/"]'
)
AUTHOR_PAGE: Final = re.compile(r"/authors?/[^/?#]+/?(?:[?#].*)?$")
#: A part of a class name (split at dashes, underscores and case changes) that marks a
#: byline: "post-author", "authorName", "blog__authorname", "byline".
BYLINE_CLASS_PART: Final = re.compile(
    r"(?:post|article|entry|blog|story|news)?(?:author|writer|byline)s?"
    r"(?:name|link|info|meta|text|title)?"
)
CLASS_NAME_PART: Final = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")
#: Class and id words of the page parts whose bylines and dates are not the page's.
ASIDE_WORDS: Final = re.compile(r"comment|sidebar|related|widget|reply|respond", re.IGNORECASE)
#: Class and id words (whole, between dashes, underscores or case changes) of customers'
#: reviews and testimonials, whose writers' names product, shop and service pages mark
#: as bylines ("review-intro__author", "category-review-card_author").  Whole words, so
#: that "preview" is none.  On WCXB they took 12 wrong authors off pages whose gold has
#: none and mended one (a chess shop's Google review gave "John Warren"), with no author
#: lost (``python benchmarks/metadata.py wcxb readability``: 548 to 549 pages).
REVIEW_WORDS: Final = frozenset({"review", "reviews", "testimonial", "testimonials"})
#: Class and id words (whole, as :data:`REVIEW_WORDS`) of an event's entry in a
#: calendar or a programme (The Events Calendar's ``tribe-events-calendar-list__event``,
#: a venue's ``event-card``): its ``<time>`` is when the event is held, not when the page
#: was written.
EVENT_WORDS: Final = frozenset({"event", "events"})
#: The schema.org properties of an event's times (``Event``'s ``startDate``, ``endDate``
#: and ``doorTime``), as microdata names them on a ``<time>``.
EVENT_TIME_PROPERTIES: Final = frozenset({"startdate", "enddate", "doortime"})
#: A byline element with more text than this is a container (an author's biography).
MAX_BYLINE_CHARS: Final = 120
#: Most words one author's name has.
MAX_NAME_WORDS: Final = 8
#: Most authors named; a longer list is a list of contributors, not a byline.
MAX_AUTHORS: Final = 8
#: Names that are placeholders or labels, not who wrote the page.
NOT_AUTHORS: Final = frozenset(
    {
        "admin",
        "administrator",
        "anonymous",
        "author",
        "by",
        "editor",
        "guest",
        "member",
        "name",
        "none",
        "null",
        "posted",
        "posted by",
        "published",
        "staff",
        "the author",
        "topic author",
        "undefined",
        "unknown",
        "updated",
        "view profile",
        "webmaster",
        "written by",
    }
    # the heading of an "about the author" box, in the languages of this module's rules
    # and in Chinese, Japanese, Russian, Polish and Turkish, folded (:func:`fold`)
    | {"about the author", "关于作者", "作者について", "作者简介", "об авторе", "o autorze"}
    | {"über den autor", "à propos de l auteur", "sobre el autor", "sobre o autor"}
    | {"sull autore", "over de auteur", "yazar hakkında", "yazar hakkinda"}
    | {"a propos de l auteur"}
)

# --------------------------------------------------------------------------- dates

#: Labels of a page's own date ("Published on", "Last updated:", "Veröffentlicht am"):
#: such a date is trusted anywhere on the page.
DATE_LABEL: Final = re.compile(
    r"^\s*(?:(?:originally\s+|first\s+)?(?:published|posted|updated|last\s+updated|"
    r"last\s+modified|modified|created|date|dated|publié|mis\s+à\s+jour|veröffentlicht|"
    r"aktualisiert|publicado|actualizado|pubblicato|aggiornato|gepubliceerd|atualizado|"
    r"opublikowano|zaktualizowano|aktualizacja|опубликовано|обновлено|yayınlanma|"
    r"güncelleme|güncellendi|δημοσιεύθηκε|δημοσιεύτηκε|ενημερώθηκε|publikováno|"
    r"aktualizováno|publicerad|uppdaterad|julkaistu|päivitetty|פורסם|עודכן|प्रकाशित|अपडेटेड|"
    r"अपडेट|입력|수정|"
    r"نشر|تحديث|آخر\s+تحديث|发布|發佈|更新)(?!\w))",
    re.IGNORECASE,
)
#: Labels of a revision date ("Updated", "Last modified"; searched anywhere in a byline,
#: which may glue it to the date: "UpdatedJanuary 25"): the page's date, but not when it
#: was published.
UPDATE_LABEL: Final = re.compile(
    r"(?:last\s+)?(?:updated|modified|mis\s+à\s+jour|aktualisiert|actualizado|aggiornato|"
    r"bijgewerkt|atualizado|zaktualizowano|aktualizacja|обновлено|güncellen|ενημερώθηκε|"
    r"aktualizováno|uppdaterad|päivitetty|עודכן|अपडेट|수정|تحديث|更新)",
    re.IGNORECASE,
)
#: Labels of dates that are a person's, not the page's: when a forum member joined or
#: registered, when a group was founded ("Joined: Mon Jul 24, 2017"), in the languages
#: of the forum software's translations (phpBB, vBulletin, XenForo, Discuz!): German,
#: French (phpBB's "Inscription :" too), Spanish, Portuguese (Brazil's "Registrado",
#: Portugal's "Registado"), Italian, Dutch, Polish (phpBB's "Rejestracja:" too), Czech,
#: Slovak, Swedish, Danish, Norwegian, Finnish, Hungarian, Romanian, Indonesian,
#: Turkish, Russian and Ukrainian (stems: "Зарегистрирован", "Регистрация"), Greek,
#: then Arabic, Korean, Chinese and Japanese, which need no word boundary.
PROFILE_DATE: Final = re.compile(
    r"(?<!\w)(?:joined|member\s+since|registered|founded|registriert|mitglied\s+seit|"
    r"inscrit|inscription|membre\s+depuis|miembro\s+desde|registrado|registado|"
    r"membro\s+desde|iscritto|registrov[aá]n[aá]?|registrerad|medlem\s+sedan|"
    r"registrert|tilmeldt|liittynyt|csatlakozott|"
    r"registrato|lid\s+sinds|geregistreerd|do[lł][aą]czy[lł]|zarejestrowany|rejestracja|"
    r"registrovan[yý]|regisztr[aá]lt|[iî]nregistrat|rekister[oö]itynyt|bergabung|"
    r"kay[iı]t\s+tarihi|kat[iı]l[iı]m)(?!\w)|"
    r"(?<!\w)(?:зарегистрирован|регистрация|зареєстрован|реєстрація|εγγραφή)|"
    r"تاريخ التسجيل|가입일|注册时间|註冊時間|注册日期|註冊日期|加入时间|加入時間|登録日",
    re.IGNORECASE,
)
#: How a reply introduces the message it quotes ("On Tue, 12 Mar 2024 at 22:08, Daniel
#: Okafor <...> wrote:", Gmail's, Outlook's and Thunderbird's attribution lines, in the
#: languages of their translations: German, French, Spanish, Portuguese, Italian,
#: Dutch, Polish, Czech, Swedish, Danish and Norwegian, Finnish, Russian, Ukrainian;
#: German and Dutch name the writer after the verb, "schrieb Daniel Okafor:"): the date
#: is the quoted message's, not the page's.
ATTRIBUTION_LINE: Final = re.compile(
    r"(?<!\w)(?:wrote|writes|schrieb|a\s+écrit|escribió|escreveu|ha\s+scritto|schreef|"
    r"napisał[a]?|napsal[a]?|skrev|kirjoitti|написал[а]?|написав|написала)"
    r"(?:\s[^:\n]{1,100})?\s*:\s*$",
    re.IGNORECASE,
)
#: A block with more words than this is a sentence, and a date in it is what the text
#: talks about ("The tax season ends on April 15, 2025. If you..."), not a dateline.
#: Datelines with a byline, a revision and a section run to 17 words on WCXB's pages
#: ("By Jane Doe – Updated Mar 5, 2026 at 4:28 PM EST | Fact-checked by ..."); the
#: sentences taken for datelines there had 27 to 30.
MAX_DATELINE_WORDS: Final = 20
#: Page parts whose ``<time>`` elements date something other than the page: menus,
#: footers, sidebars, and (by class or id, :data:`ASIDE_WORDS`) comments and related
#: stories.
NOT_PAGE_TIME_TAGS: Final = frozenset({"nav", "footer", "aside"})
#: Dates before this year are no web page's (the Web opened to the public in 1991).
MIN_YEAR: Final = 1991
#: Month names of English, German, French, Spanish, Italian, Portuguese and Dutch,
#: with their usual abbreviations (Spanish "ago", "dic"; Italian "gen", "mag"; Dutch
#: "mrt"...); then
#: Indonesian, Turkish, Polish and Czech (the genitive, as a date writes it: "5 marca",
#: "5. března"), Russian and Ukrainian (genitive, and Russian abbreviations: "5 марта",
#: "5 мар."), and Arabic's (Egyptian and Gulf) names; then Greek (genitive, nominative
#: and abbreviated: "3 Μαρτίου", "18 Σεπ 2023"), Hebrew (with the preposition dates
#: write: "3 במרץ"), Hindi, Thai (and its abbreviations: "15 ก.ย. 2567"), the
#: Levantine and Iraqi Arabic names ("3 آذار", "كانون الثاني", two words joined by "_"
#: here) and the Maghreb's ("جانفي").
#: One line per month; a name shared by
#: two languages names the same month in both (Polish "listopada", November, is
#: Croatian for October, and is left out).
MONTH_NAMES: Final = (
    (
        "january jan janvier janv januar jän enero ene gennaio genn gen janeiro januari"
        " ocak stycznia ledna января янв січня يناير ιανουαρίου ιανουάριος ιαν ינואר בינואר"
        " जनवरी มกราคม ม.ค. كانون_الثاني جانفي"
    ),
    (
        "february feb février févr fevrier februar febrero febbraio fevereiro fev"
        " februari şubat lutego února февраля фев февр лютого فبراير φεβρουαρίου φεβ"
        " φεβρουάριος פברואר בפברואר फ़रवरी फरवरी กุมภาพันธ์ ก.พ. شباط فيفري"
    ),
    (
        "march mar mars märz mär marzo março maart mrt maret mart marca března марта мар березня"
        " مارس μαρτίου μάρτιος μαρ מרץ במרץ מרס במרס मार्च มีนาคม มี.ค. آذار"
    ),
    (
        "april apr avril avr abril abr aprile nisan kwietnia dubna апреля апр квітня"
        " أبريل إبريل απριλίου απρίλιος απρ אפריל באפריל अप्रैल เมษายน เม.ย. نيسان أفريل"
    ),
    (
        "may mai mayo maggio mag maio mei mayıs maja května мая травня مايو μαΐου μάιος μαΐ μαϊ"
        " מאי במאי मई พฤษภาคม พ.ค. أيار ماي"
    ),
    (
        "june jun juin juni junio giugno giu junho haziran czerwca června июня июн червня"
        " يونيو يونيه ιουνίου ιούνιος ιουν יוני ביוני जून มิถุนายน มิ.ย. حزيران جوان"
    ),
    (
        "july jul juillet juil juli julio luglio lug julho temmuz lipca července июля июл"
        " липня يوليو يوليه ιουλίου ιούλιος ιουλ יולי ביולי जुलाई กรกฎาคม ก.ค. تموز جويلية"
    ),
    (
        "august aug août aout agosto ago augustus agustus ağustos sierpnia srpna августа"
        " авг серпня أغسطس αυγούστου αύγουστος αυγ אוגוסט באוגוסט अगस्त สิงหาคม ส.ค. آب أوت"
    ),
    (
        "september sep sept septembre septiembre settembre set setembro eylül września"
        " září сентября сен сент вересня سبتمبر σεπτεμβρίου σεπτέμβριος σεπ σεπτ ספטמבר בספטמבר"
        " सितंबर सितम्बर กันยายน ก.ย. أيلول"
    ),
    (
        "october oct octobre oktober octubre ottobre ott outubro okt ekim października"
        " října октября окт жовтня أكتوبر οκτωβρίου οκτώβριος οκτ אוקטובר באוקטובר अक्टूबर"
        " अक्तूबर ตุลาคม ต.ค. تشرين_الأول"
    ),
    (
        "november nov novembre noviembre novembro kasım listopadu ноября ноя листопада"
        " نوفمبر νοεμβρίου νοέμβριος νοε νοεμ נובמבר בנובמבר नवंबर नवम्बर พฤศจิกายน พ.ย. تشرين_الثاني"
    ),
    (
        "december dec décembre decembre dezember diciembre dic dicembre dezembro dez"
        " desember aralık grudnia prosince декабря дек грудня ديسمبر δεκεμβρίου δεκέμβριος δεκ"
        " דצמבר בדצמבר दिसंबर दिसम्बर ธันวาคม ธ.ค. كانون_الأول"
    ),
)
#: Month names of the Solar Hijri calendar, Iran's and Afghanistan's (Persian, and the
#: Dari names after the zodiac: "حمل" is Farvardin), one line per month, written with
#: Persian letters (a page's Arabic ي and ك are read as ی and ک).
SOLAR_HIJRI_MONTHS: Final = (
    "فروردین حمل",
    "اردیبهشت ثور",
    "خرداد جوزا",
    "تیر سرطان",
    "مرداد امرداد اسد",
    "شهریور سنبله",
    "مهر میزان",
    "آبان عقرب",
    "آذر قوس",
    "دی جدی",
    "بهمن دلو",
    "اسفند حوت",
)
