"""The page's own controls among the content: a heading's permalink sign, a footnote's
back-references ("^ a b"), "[edit]" links, a heading's buttons and a code block's "Copy"
button.  They are left out of the selection before the layout: they are for using the
page, not reading it.
"""

from __future__ import annotations

import re
from typing import Any, Final

from selectolax.lexbor import LexborNode

from unboiler import tags
from unboiler.output.dom import IGNORED_TAGS, Selection, adjacent, laid_inline, text_nodes

#: What a heading's permalink shows: a link to a fragment whose text is one of these
#: signs (Sphinx's and MkDocs' ``headerlink`` "¶", the "#" of many static site
#: generators, rustdoc's "§", the link and anchor emoji), there to copy the heading's
#: address, not to be read.  WCXB's gold text has none of them.
PERMALINK_SIGNS: Final = frozenset({"¶", "#", "§", "🔗", "⚓"})


#: Where a permalink sits: in a heading, a term being defined (Sphinx's API entries) or a
#: caption, within this many levels; or beside a heading (GitHub's Markdown).
PERMALINK_HOLDERS: Final = tags.HEADING_TAGS | {"dt", "caption", "figcaption"}


PERMALINK_LEVELS: Final = 3


#: The signs that are a permalink wherever they stand: a pilcrow shown alone by a link
#: to a fragment is nothing else (Sphinx also puts one in the caption of a code block,
#: a ``<div>``; a "#" or "§" alone may be a column's or a clause's).
ANYWHERE_PERMALINK_SIGNS: Final = frozenset({"¶"})


#: The signs that name what their number follows: a statute's "§ 3" whose sign links to
#: its own heading (German federal and state law sites) numbers the section.
NUMBERED_SIGNS: Final = frozenset({"§"})
#: A class that names a link a heading's anchor (rustdoc's ``doc-anchor`` before "1.
#: Create a runtime", Sphinx's ``headerlink``, ``permalink``): a permalink, whatever
#: follows it.
ANCHOR_CLASS: Final = re.compile(r"anchor|permalink|headerlink", re.IGNORECASE)
#: Siblings beside a node read for the text that follows or precedes it.
_AFTER_SIBLINGS: Final = 4


def _text_beside(node: LexborNode, *, before: bool = False) -> str:
    """The text that follows ``node`` in its element, or precedes it (its siblings'
    that way until one shows some, :data:`_AFTER_SIBLINGS` at most), white space and
    no-break spaces left out."""
    sibling = node.prev if before else node.next
    for _ in range(_AFTER_SIBLINGS):
        if sibling is None:
            break
        if sibling.is_text_node or sibling.is_element_node:
            text = (sibling.text(deep=True) or "").strip()
            if text:
                return text
        sibling = sibling.prev if before else sibling.next
    return ""


#: Variation selectors that may follow an emoji sign (text or emoji presentation).
_VARIATION_SELECTORS: Final = "\ufe0e\ufe0f"


def link_sign(text: str) -> str:
    """A link's text as a sign: white space and variation selectors (text or emoji
    presentation) around it left out."""
    return text.strip().rstrip(_VARIATION_SELECTORS)


def is_permalink(link: LexborNode, sign: str) -> bool:
    """Whether ``link`` (an ``<a>`` to a fragment) showing ``sign`` (:func:`link_sign`)
    is a heading's permalink: the sign is one of :data:`PERMALINK_SIGNS` and the link
    sits in or beside a heading (:data:`PERMALINK_HOLDERS`), or the sign is one of
    :data:`ANYWHERE_PERMALINK_SIGNS`."""
    if sign not in PERMALINK_SIGNS:
        return False
    if sign in ANYWHERE_PERMALINK_SIGNS:
        return True
    if (
        sign in NUMBERED_SIGNS
        and _text_beside(link)[:1].isdigit()
        and not ANCHOR_CLASS.search(link.attributes.get("class") or "")
    ):
        return False
    element = link.parent
    for _ in range(PERMALINK_LEVELS):
        if element is None:
            break
        if element.tag in PERMALINK_HOLDERS:
            return True
        element = element.parent
    return _next_element(link, backwards=True) in tags.HEADING_TAGS or (
        _next_element(link, backwards=False) in tags.HEADING_TAGS
    )


#: Where a "back to top" link points: the page's top, by the names pages give it
#: (man7.org's ``#top_of_page``, WordPress themes' ``#page-top``, ``#top`` itself).
_TOP_FRAGMENT: Final = re.compile(
    r"#(?:top|page-?top|top[-_]of[-_](?:the[-_])?page|(?:back|go|return)?[-_]?to[-_]?top)",
    re.IGNORECASE,
)
#: What a "back to top" link shows, case aside, wherever it points ("top" alone counts only
#: with a fragment of :data:`_TOP_FRAGMENT`).
TOP_LINK_TEXTS: Final = frozenset({"back to top", "to top", "go to top", "return to top"})
#: Nodes of a heading read for its own words before its "top" link: a heading's words
#: come first, and a heading of thousands of links is no heading.
TOP_LINK_MAX_NODES: Final = 64


def is_top_link(link: LexborNode, sign: str) -> bool:
    """Whether ``link`` (an ``<a>`` to a fragment) showing ``sign`` is a heading's "back
    to top" link (man pages and long references put one at every section's heading): it
    points to the page's top (:data:`_TOP_FRAGMENT`) or says so (:data:`TOP_LINK_TEXTS`),
    and sits in a heading (:data:`PERMALINK_HOLDERS`).  It is for moving about the
    page, not for reading; a heading's own words are never one."""
    href = (link.attributes.get("href") or "").strip()
    if not _TOP_FRAGMENT.fullmatch(href) and " ".join(sign.lower().split()) not in TOP_LINK_TEXTS:
        return False  # "top" alone is a word of the text ("the view from the top")
    element = link.parent
    for _ in range(PERMALINK_LEVELS):
        if element is None:
            return False
        if element.tag in PERMALINK_HOLDERS:
            return _shown_before(link, element)
        element = element.parent
    return False


def _shown_before(link: LexborNode, holder: LexborNode) -> bool:
    """Whether ``holder`` shows words before ``link`` (the heading's own: not another
    link to the top), within :data:`TOP_LINK_MAX_NODES` nodes of its start."""
    for count, node in enumerate(holder.traverse(include_text=True)):
        # its address, not its handle: selectolax's == compares two nodes' HTML
        if count > TOP_LINK_MAX_NODES or node.mem_id == link.mem_id:
            return False
        if node.is_text_node and (node.text_content or "").strip():
            parent = node.parent
            if (
                parent is None
                or parent.tag != "a"
                or not _TOP_FRAGMENT.fullmatch((parent.attributes.get("href") or "").strip())
            ):
                return True
    return False


#: What a footnote's link back to where it is cited shows (Python-Markdown's, Pandoc's
#: and kramdown's "↩", the "↑" and "^" of wikis and hand-made notes): a way back up the
#: page, not part of the note.
BACK_REFERENCE_SIGNS: Final = frozenset({"↩", "↑", "^", "⤴", "↵"})


def is_back_reference(sign: str) -> bool:
    """Whether a link to a fragment showing ``sign`` (:func:`link_sign`) is a footnote's
    link back to its citation: the sign is one of :data:`BACK_REFERENCE_SIGNS`."""
    return sign in BACK_REFERENCE_SIGNS


#: The letters a note's links back show when it is cited more than once ("^ a b c", as
#: MediaWiki writes them after the sign, which is then no link): one or two letters each,
#: lower-case or of a script without case, in the wiki's own alphabet (the Arabic
#: Wikipedia's "أ ب", the Russian's "а б"), or the note's and the citation's numbers in
#: the wikis that number them ("1.0 1.1", the Persian Wikipedia's "۱٫۰ ۱٫۱", in any
#: script's digits), or the citations' numbers alone when they count from 1 (the
#: Russian Wikipedia's "↑ 1 2", :func:`_lettered_back_references`).
_BACK_LETTERS: Final = re.compile(r"[^\W\d_]{1,2}|\d{1,3}[.,\u066b]\d{1,3}|(\d{1,2})")


#: Links back that a note cited many times can have (MediaWiki letters them a to z,
#: then aa, ab...): a run of more is no note's, and the walk over it stops.
MAX_BACK_LETTERS: Final = 60


#: The formatting a link back's letter may be wrapped in, link innermost: MediaWiki
#: as the Polish and other Wikipedias style it, ``<sup><i><b><a>a</a></b></i></sup>``.
_LETTER_WRAPPERS: Final = frozenset({"sup", "i", "b", "em", "strong", "span"})


def _wrapped_link(element: LexborNode) -> LexborNode | None:
    """The link ``element`` is, or wraps alone in :data:`_LETTER_WRAPPERS` (white space
    and comments aside); None when it is something else."""
    node: LexborNode | None = element
    while node is not None and node.tag in _LETTER_WRAPPERS:
        only = None
        for child in node.iter(include_text=True):
            if child.is_comment_node or (
                child.is_text_node and not (child.text_content or "").strip()
            ):
                continue
            if only is not None or not child.is_element_node:  # a second one: no wrapper
                return None
            only = child
        node = only
    return node if node is not None and node.tag == "a" else None


def _outermost_wrapper(link: LexborNode) -> LexborNode:
    """``link``, or the outermost of the :data:`_LETTER_WRAPPERS` that wrap it alone."""
    outer = link
    while outer.parent is not None:
        inner = _wrapped_link(outer.parent)
        if inner is None or inner.mem_id != link.mem_id:
            break
        outer = outer.parent
    return outer


def _lettered_back_references(sign: LexborNode) -> list[LexborNode] | None:
    """The text nodes of the links that follow ``sign`` (a text node showing a
    :data:`BACK_REFERENCE_SIGNS` sign, in no link) to the end of its element when every
    one of them is a link to a fragment showing a letter or two, or all of them numbers
    counting from 1 (:data:`_BACK_LETTERS`),
    with nothing but white space between, and there are at most
    :data:`MAX_BACK_LETTERS`; None otherwise."""
    found: list[LexborNode] = []
    numbers: list[int] = []  # the links that show a number alone, as numbers
    node = sign.next
    while node is not None:
        if node.is_text_node:
            if (node.text_content or "").strip():
                return None
        elif node.is_element_node:
            link = _wrapped_link(node)
            if link is None or not (link.attributes.get("href") or "").startswith("#"):
                return None
            texts = [text for text in text_nodes(link) if not text.is_empty_text_node]
            shown = link_sign(texts[0].text_content or "") if len(texts) == 1 else ""
            letters = _BACK_LETTERS.fullmatch(shown)
            if (
                letters is None
                or any(letter.isupper() for letter in shown)
                or len(found) >= MAX_BACK_LETTERS
            ):
                return None
            if letters.group(1) is not None:
                numbers.append(int(letters.group(1)))
            found += texts
        node = node.next
    if numbers and numbers != list(range(1, len(found) + 1)):
        return None  # numbers alone count the citations, every link's from 1
    return found or None


def _next_element(node: LexborNode, *, backwards: bool) -> str | None:
    """The tag of the element just before (or after) ``node``, white space and comments
    skipped; None when text or nothing is there."""
    sibling = adjacent(node, before=backwards)
    if sibling is None or not sibling.is_element_node:
        return None
    return sibling.tag


def drop_permalinks(tree: Any, selection: Selection) -> None:
    """Leave out of ``selection`` the text of each permalink (:func:`is_permalink`),
    footnote back-reference (:func:`is_back_reference`; also one whose address has a
    path before its fragment: a forum quote's link back to the quoted post, which
    WCXB's gold leaves out) and heading's "back to top" link
    (:func:`is_top_link`), unless texts are placed after
    it (a page's last text: they would lose their place); and, in the same walk over the
    links to fragments, the lettered back-references of a note cited more than once
    (:func:`_drop_lettered_back_references`)."""
    for link in tree.css('a[href*="#"]'):
        # a link to a fragment of this page; or, by its address and a fragment, to a
        # place that may be on it: a forum's quote links back to the quoted post so
        # (phpBB's "↑", "./viewtopic.php?p=98121#p98121"), read for that sign alone
        local = (link.attributes.get("href") or "").startswith("#")
        if local:
            _drop_lettered_back_references(link, selection)
        texts = [node for node in text_nodes(link) if not node.is_empty_text_node]
        if len(texts) != 1 or texts[0] not in selection.texts or texts[0] in selection.after:
            continue
        sign = link_sign(texts[0].text_content or "")
        if is_back_reference(sign) or (
            local and (is_permalink(link, sign) or is_top_link(link, sign))
        ):
            selection.texts.discard(texts[0])


#: The class of a link to edit the text beside it, or to reply to it, or of its wrapper:
#: MediaWiki's ``mw-editsection`` in each heading ("History[edit]"), WordPress's
#: ``edit-link``, ``post-edit-link`` and ``comment-reply-link``, the ``edit-section`` of
#: other wikis, MediaWiki's talk pages' ``ext-discussiontools-init-replylink-buttons``
#: ("[reply]" after each signature).  A class token "edit", or one that ends in it before
#: "section" or "link" (not "credit" or "editor"); and one that ends in "reply" before
#: "link" or "button" (not "reply" alone, nor "reply-author" or "reply-body", which mark
#: a reply's own text).
_EDIT_CLASS: Final = re.compile(
    r"(?:^|[\s_-])edit(?:[_-]?(?:section|link))?(?:$|[\s_-])"
    r"|(?:^|[\s_-])reply(?:[_-]?link)?(?:[_-]?buttons?)?(?<!reply)(?:$|\s)",
    re.I,
)


#: An edit control says "edit", "Edit this page", "Edit on GitHub": no more words.
EDIT_LINK_MAX_WORDS: Final = 4


#: What an edit control may show besides its link: brackets and separators.
_EDIT_PUNCTUATION: Final = frozenset("[]()|·:- ")


def _blank(node: LexborNode | None) -> bool:
    return node is not None and node.is_text_node and not (node.text_content or "").strip()


def _drop_lettered_back_references(link: LexborNode, selection: Selection) -> None:
    """Leave out of ``selection`` the back-references of a note cited more than once
    when ``link`` (to a fragment) is the first of them: a :data:`BACK_REFERENCE_SIGNS`
    sign that is no link, followed by a link to a fragment for each citation, showing a
    letter (MediaWiki's "^ a b c") or a number counting from 1 (the Russian Wikipedia's
    "↑ 1 2"), as for a note cited once (:func:`drop_permalinks`),
    unless texts are placed after them.  A reader, and a corpus, has no use for "^ a b"
    before a note; Mozilla Readability keeps it, and so does the readability benchmark's
    gold: its three Wikipedia pages lose 0.003 to 0.011 each (``unboiler eval
    readability``; WCXB unchanged)."""
    # the first letter's link, right after the sign: the others are read from there
    node = _outermost_wrapper(link).prev
    if node is not None and _blank(node):
        node = node.prev
    if node is None or not node.is_text_node:
        return
    if not is_back_reference(link_sign(node.text_content or "")):
        return
    if node not in selection.texts or node in selection.after:
        return
    letters = _lettered_back_references(node)
    if letters is None or any(text in selection.after for text in letters):
        return
    selection.texts.discard(node)
    selection.texts.difference_update(letters)


def drop_edit_links(tree: Any, selection: Selection) -> None:
    """Leave out of ``selection`` the text of each edit or reply control: an element of
    an :data:`_EDIT_CLASS` class that is or holds a link, of at most
    :data:`EDIT_LINK_MAX_WORDS` words, with nothing but brackets and separators beside
    the link.  It is there for the page's editors, not its readers: WCXB's gold has
    none.  Mozilla Readability keeps MediaWiki's, and so does the readability benchmark's
    gold, its output: leaving them out costs three Wikipedia pages there (in-sample F1
    0.9634 to 0.9630 over its 130 pages)."""
    for element in tree.css('[class*="edit" i], [class*="reply" i]'):
        if not _EDIT_CLASS.search(element.attributes.get("class") or ""):
            continue
        texts = [node for node in text_nodes(element) if not node.is_empty_text_node]
        if not texts or any(n not in selection.texts or n in selection.after for n in texts):
            continue
        words = sum(  # brackets and separators are no words: "[ edit | edit source ]"
            any(c.isalnum() for c in word)
            for node in texts
            for word in (node.text_content or "").split()
        )
        linked = [element] if element.tag == "a" else element.css("a")
        if not linked or words > EDIT_LINK_MAX_WORDS:
            continue
        inside = {node for link in linked for node in text_nodes(link)}
        beside = "".join(node.text_content or "" for node in texts if node not in inside)
        if set(beside) <= _EDIT_PUNCTUATION:
            selection.texts.difference_update(texts)


#: A class word that styles a link as a button: "button", "btn", "add_to_cart_button",
#: "btn-primary" (Bootstrap's and WooCommerce's).
_BUTTON_CLASS: Final = re.compile(r"(?:^|[\W_])(?:button|btn)(?:$|[\W_])", re.IGNORECASE)
#: The links whose class may say button, found by the parser's own query (a page's
#: links are many; those so named are few).
_BUTTON_LINKS: Final = 'a[class*="btn" i], a[class*="button" i]'
#: A card's button says a verb and its object: "Add to cart", "Select options".
CARD_BUTTON_MAX_WORDS: Final = 3
#: A button's label the page writes on this many cards at least is each card's control.
CARD_BUTTON_REPEATS: Final = 3


def _ends_line(link: LexborNode) -> bool:
    """Whether nothing but white space follows ``link`` in its parent: a card's button
    ends the tile's line, where a button in a sentence ("press Download and then run")
    has the sentence's words after it."""
    sibling = link.next
    while sibling is not None:
        if sibling.is_text_node:
            shown = sibling.text_content or ""
        elif sibling.is_element_node and sibling.tag not in IGNORED_TAGS:
            shown = sibling.text(deep=True) or ""
        else:
            shown = ""
        if shown.strip():
            return False
        sibling = sibling.next
    return True


def drop_card_buttons(tree: Any, selection: Selection) -> None:
    """Leave out of ``selection`` the text of a link styled as a button
    (:data:`_BUTTON_CLASS`) of at most :data:`CARD_BUTTON_MAX_WORDS` words, kept and at
    the end of its line (:func:`_ends_line`), whose label the kept text writes on
    :data:`CARD_BUTTON_REPEATS` such links or more: a shop's "Add to cart" or "Select
    options" on every tile, in the tile's line after its price
    ("Rp 289.000 Pilih opsi", a newcomer's Indonesian shop).  A button's label alone on
    its line is the extractor's to judge (:mod:`unboiler.filters.controls`); this one
    shares the line of the tile's own text.  In sample (``unboiler eval``, default):
    WCXB 0.934005 to 0.934028 (6 pages up, 4 down), scrapinghub 0.98059 to 0.98052 (a
    review's "Buy Now" under each product, which its gold keeps), readability
    unchanged.  Counted over the whole page, not the kept text alone, and anywhere in
    a line, it also took "Download" out of a post's "press Download and then run",
    because the page's header and footer repeat it."""
    found: dict[str, list[list[LexborNode]]] = {}
    for link in tree.css(_BUTTON_LINKS):
        if not _BUTTON_CLASS.search(link.attributes.get("class") or ""):
            continue
        texts = [node for node in text_nodes(link) if not node.is_empty_text_node]
        if not texts or any(node not in selection.texts for node in texts):
            continue  # only the kept text's buttons count: the header's are no cards'
        label = " ".join(" ".join(node.text_content or "" for node in texts).split())
        if len(label.split()) > CARD_BUTTON_MAX_WORDS or not _ends_line(link):
            continue
        found.setdefault(label.casefold(), []).append(texts)
    for copies in found.values():
        if len(copies) < CARD_BUTTON_REPEATS:
            continue
        for texts in copies:
            if all(node in selection.texts for node in texts):
                selection.texts.difference_update(texts)


#: An expander's label: "Mehr", "Read more", "Show more", "…mehr".
EXPANDER_MAX_WORDS: Final = 2
#: What ends the sentence an expander follows: the text it would show goes on after it.
_SENTENCE_ENDS: Final = (".", "!", "?", "…", ")", "\u3002", "\uff01", "\uff1f")
#: The elements a script makes a control of: an ``onclick`` handler (not on a link with
#: an address, which leads somewhere), or the role of a button.
_SCRIPTED: Final = '[onclick]:not(a[href]:not([href="#"])), span[role="button" i]'


def drop_expanders(tree: Any, selection: Selection) -> None:
    """Leave out of ``selection`` an expander at the end of a paragraph: an inline
    element a script makes a control of (:data:`_SCRIPTED`) whose text is at most
    :data:`EXPANDER_MAX_WORDS` words, last in its line (:func:`_ends_line`), right after
    the end of a sentence (:data:`_SENTENCE_ENDS`).  It opens the rest of a review or a
    comment, and it ran into the text: "…auf dem öffentlichen Parkplatz stehen.Mehr" (a
    newcomer's hotel reviews, and trafilatura's the same).  A term a script explains
    stands inside its sentence, before its punctuation."""
    for element in tree.css(_SCRIPTED):
        if not laid_inline(element) or not _ends_line(element):
            continue
        texts = [node for node in text_nodes(element) if not node.is_empty_text_node]
        if not texts or any(node not in selection.texts for node in texts):
            continue
        label = " ".join("".join(node.text_content or "" for node in texts).split())
        if not label or len(label.split()) > EXPANDER_MAX_WORDS:
            continue
        if _text_beside(element, before=True).endswith(_SENTENCE_ENDS):
            selection.texts.difference_update(texts)


#: What a link to an entry's source code shows beside an API entry's signature:
#: Sphinx's ``viewcode`` extension writes "[source]", rustdoc "source" (in older
#: versions "[src]"), pdoc and others "View Source".
SOURCE_LINK_TEXTS: Final = frozenset({"source", "src", "view source", "show source"})


#: The class Sphinx's ``viewcode`` gives the text of that link in every language of
#: its translations ("[源代码]", "[Quellcode]", "[código fonte]").
SOURCE_LINK_CLASS: Final = "viewcode-link"


#: Where such a link stands: a term being defined (Sphinx's ``<dt class="sig">``) or a
#: heading (rustdoc's item headings), within :data:`PERMALINK_LEVELS` levels.
SOURCE_LINK_HOLDERS: Final = tags.HEADING_TAGS | {"dt"}


_SOURCE_LINK_SELECTOR: Final = ", ".join(f"{tag} a[href]" for tag in sorted(SOURCE_LINK_HOLDERS))


def part_source_links(tree: Any, selection: Selection) -> None:
    """Set apart (``selection.apart``) the link to an API entry's source code beside its
    signature (:data:`SOURCE_LINK_TEXTS`, brackets aside, or Sphinx's
    :data:`SOURCE_LINK_CLASS` in any language, in one of :data:`SOURCE_LINK_HOLDERS`).
    The page's style floats it away from the signature; glued to it, it read as part of
    the signature ("http2: bool = False)[source]", one word of the text).  It stays:
    WCXB's gold keeps Django's "[source]" links, and leaving them out cost that page
    0.003 (``unboiler eval wcxb``, in-sample)."""
    for link in tree.css(_SOURCE_LINK_SELECTOR):
        texts = [node for node in text_nodes(link) if not node.is_empty_text_node]
        if not texts or any(n not in selection.texts or n in selection.after for n in texts):
            continue
        shown = " ".join("".join(node.text_content or "" for node in texts).split())
        named = shown.strip("[]() ").lower() in SOURCE_LINK_TEXTS or (
            link.css_first(f".{SOURCE_LINK_CLASS}") is not None
        )
        if named and tags.within(link.parent, SOURCE_LINK_HOLDERS, PERMALINK_LEVELS):
            selection.apart.add(link)


#: The classes of a notebook's prompt beside each cell ("In [1]:", "Out[3]:"): Jupyter's
#: nbconvert writes them so in its classic template and in its lab template.
PROMPT_CLASSES: Final = frozenset(
    {"input_prompt", "output_prompt", "jp-InputPrompt", "jp-OutputPrompt"}
)
_PROMPT_TEXT: Final = re.compile(r"(?:In|Out)\s*\[[\s\d*]*\]:?")


def drop_cell_prompts(tree: Any, selection: Selection) -> None:
    """Leave out of ``selection`` a notebook's prompts (:data:`PROMPT_CLASSES` showing
    "In [1]:" or "Out[3]:"): they number the cells' runs in the session that wrote the
    page, for its writer, and came out as paragraphs between the code and its output."""
    for element in tree.css('[class*="prompt" i]'):
        if PROMPT_CLASSES.isdisjoint((element.attributes.get("class") or "").split()):
            continue
        texts = [node for node in text_nodes(element) if not node.is_empty_text_node]
        if not texts or any(n not in selection.texts or n in selection.after for n in texts):
            continue
        shown = " ".join("".join(node.text_content or "" for node in texts).split())
        if _PROMPT_TEXT.fullmatch(shown):
            selection.texts.difference_update(texts)


#: A button in a heading (lexbor's selector).
_HEADING_BUTTON: Final = ", ".join(f"{tag} button" for tag in sorted(tags.HEADING_TAGS))


def drop_heading_buttons(tree: Any, selection: Selection) -> None:
    """Leave out of ``selection`` the text of a ``<button>`` in a heading that has text
    besides it: a control beside the heading's words (rustdoc's "Copy item path" in
    each item's ``<h1>``, a "Copy link" or "Edit" button), not part of them.  A button
    that holds the heading's whole text (an accordion's question) is the heading."""
    for button in tree.css(_HEADING_BUTTON):
        texts = [node for node in text_nodes(button) if not node.is_empty_text_node]
        if not texts or any(n not in selection.texts or n in selection.after for n in texts):
            continue
        heading = button.parent
        while heading is not None and heading.tag not in tags.HEADING_TAGS:
            heading = heading.parent
        if heading is None:
            continue
        inside = set(texts)
        if any(
            node not in inside and node in selection.texts and not node.is_empty_text_node
            for node in text_nodes(heading)
        ):
            selection.texts.difference_update(texts)


#: A code block's frame (:func:`drop_code_buttons`): at most this many levels above its
#: ``<pre>``, with at most this many words besides the code (a title, the language, the
#: buttons' labels: "Copy code block", "Run").
CODE_FRAME_LEVELS: Final = 4


CODE_FRAME_MAX_WORDS: Final = 8


#: The most words of a code block's button: "Copy", "Run", "Copy code block", "Show more".
CODE_BUTTON_MAX_WORDS: Final = 3


#: Attributes of a button that opens, shows or picks something (an accordion's question,
#: a tab, a quiz's choice): a control of the page's content, not of the code.
_CONTENT_CONTROL_ATTRIBUTES: Final = ("aria-expanded", "aria-controls", "aria-pressed", "role")


def drop_code_buttons(tree: Any, selection: Selection) -> None:
    """Leave out of ``selection`` the text of each short ``<button>``, or link that runs a
    script (:data:`_CODE_BUTTONS`), (:data:`CODE_BUTTON_MAX_WORDS`), and its label
    (:func:`_drop_button_label`), in a code block's frame: the largest element around
    the ``<pre>``, :data:`CODE_FRAME_LEVELS` up at most, that holds no other ``<pre>``
    and few words besides the code (:data:`CODE_FRAME_MAX_WORDS`).  Such a button is the
    block's control: Sphinx's "Copy" beside the ``<pre>``, a toolbar's "Copy code block"
    above it.  A button in a heading, or one that opens or picks something
    (:data:`_CONTENT_CONTROL_ATTRIBUTES`: an accordion's question whose answer is code,
    a tab), is the page's.  Those inside the ``<pre>`` are left out by the layout
    (:data:`~unboiler.output.code.PRE_CONTROL_TAGS`)."""
    pres = tree.css("pre")
    if not pres:
        return
    # the <pre>s under each element, up to the frame's height: one count for the page
    held: dict[LexborNode, int] = {}
    for pre in pres:
        element = pre.parent
        for _ in range(CODE_FRAME_LEVELS):
            if element is None:
                break
            held[element] = held.get(element, 0) + 1
            element = element.parent
    for pre in pres:
        frame, element = None, pre.parent
        code_words = -1
        for _ in range(CODE_FRAME_LEVELS):
            if element is None or element.tag in _PAGE_ROOT_TAGS or held.get(element, 0) > 1:
                break
            if code_words < 0:
                code_words = _shown_words(pre)
            if _shown_words(element) - code_words > CODE_FRAME_MAX_WORDS:
                break
            frame, element = element, element.parent
        if frame is None:
            continue
        for button in frame.css(_CODE_BUTTONS):
            if _content_control(button):
                continue
            # the text shown (a CSS-in-JS <style> inside is not)
            texts = [node for node in text_nodes(button) if node in selection.texts]
            words = sum(len((node.text_content or "").split()) for node in texts)
            if (
                texts
                and words <= CODE_BUTTON_MAX_WORDS
                and not any(n in selection.after for n in texts)
            ):
                selection.texts.difference_update(texts)
                _drop_button_label(button, selection)


#: A code block's buttons: ``<button>``, and links that go nowhere and run a script when
#: pressed (phpBB's "Code: Select all", SMF's "Code: [Select]"); a link to "#" without
#: ``onclick`` is as often an anchor or an expander of content.
_CODE_BUTTONS: Final = 'button, a[href="#"][onclick], a[href^="javascript:" i][onclick]'
#: The label a code block's button sits beside ("Code:"): one word ending in a colon.
_BUTTON_LABEL: Final = re.compile(r"\s*\S+:\s*")


def _drop_button_label(button: LexborNode, selection: Selection) -> None:
    """Leave out the label beside a code block's ``button`` when it is all that the
    button's parent shows besides it (:data:`_BUTTON_LABEL`: phpBB's "Code:" before
    "Select all"): with the button gone, it names nothing.  A label of two words or more
    ("Step 2:", "Example output:") says something of the code, and stays."""
    parent = button.parent
    if parent is None or parent.css_first("pre") is not None:
        return
    texts = [node for node in text_nodes(parent) if node in selection.texts]
    if not texts or len(texts) > 2 or any(n in selection.after for n in texts):
        return
    if _BUTTON_LABEL.fullmatch("".join(node.text_content or "" for node in texts)):
        selection.texts.difference_update(texts)


#: The elements no frame of a block reaches up to.
_PAGE_ROOT_TAGS: Final = frozenset({"body", "html"})


def _content_control(button: LexborNode) -> bool:
    """Whether a button (or a link that runs a script) belongs to the page's content: it
    opens, shows or picks something (:data:`_CONTENT_CONTROL_ATTRIBUTES`), or it is in a
    heading."""
    attributes = button.attributes
    if any(name in attributes for name in _CONTENT_CONTROL_ATTRIBUTES):
        return True
    return tags.in_heading(button, CODE_FRAME_LEVELS)


def _shown_words(element: LexborNode) -> int:
    """The words of ``element``'s text, without that of elements that show none (a
    ``<style>`` that a CSS-in-JS library puts in the page's body)."""
    return sum(
        len((node.text_content or "").split())
        for node in element.traverse(include_text=True)
        if node.is_text_node and (node.parent is None or node.parent.tag not in IGNORED_TAGS)
    )
