"""What the page shows nobody, or only a screen reader: visually-hidden classes,
copies of a text made for assistive technology, hidden inline elements, the rest of a
teaser cut short, image descriptions, decorative images and emoticons.

Each is found in the page's tree before the layout, so the outputs write the text a
reader sees once, and nothing a reader is not shown.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from typing import Any, Final

from selectolax.lexbor import LexborNode

from unboiler.output.dom import (
    DECORATIVE_ROLES,
    IGNORED_TAGS,
    LAZY_IMAGE_ATTRIBUTES,
    Selection,
    adjacent,
    hidden_from_readers,
    laid_inline,
    text_nodes,
)
from unboiler.tags import (
    HEADING_TAGS,
    HIDING_STYLE,
    LAYOUT_HIDING_CLASSES,
    layout_alternatives,
    layout_widths,
)
from unboiler.text import (
    remove_space,
)

#: Class names that hide an element from sight and keep it for screen readers:
#: Bootstrap 3-4's and Tailwind's ``sr-only``, Bootstrap 5's and HTML5 Boilerplate's
#: ``visually-hidden`` (``visuallyhidden`` before), WordPress's ``screen-reader-text``,
#: eBay's Skin ``clipped``, Etsy's ``wt-screen-reader-only``, Amazon's ``a-offscreen``
#: (``offscreen`` in other style guides), and the ``a11y-hidden`` of many style guides.
#: A class token
#: names one when, lower-cased and without its hyphens and underscores, it is one of
#: these or holds one with more letters around it: CSS Modules and styled components
#: rename ``visuallyHidden`` to ``utils_visuallyHidden__DJ_eB`` or
#: ``VisuallyHidden_root__x1``, and design systems prefix theirs (``u-sr-only``).
VISUALLY_HIDDEN_CLASSES: Final = (
    "sr-only",
    "visually-hidden",
    "visuallyhidden",
    "screen-reader-text",
    "screen-reader-only",
    "a11y-hidden",
    "offscreen",
    "clipped",
)


_HIDDEN_STEMS: Final = tuple(
    {name.replace("-", "") for name in VISUALLY_HIDDEN_CLASSES if name != "clipped"}
)


#: The elements worth a closer look (:func:`hides_visually`): a class attribute holding
#: a piece that one of the names above has, case aside (lexbor matches ``i``
#: selectors); each of :data:`_HIDDEN_STEMS` holds "hidden", "only" or "screen".  The
#: parser tries every selector of a list on every element, and a search in a class that
#: ignores case costs it more than the walk: four selectors take 0.6 ms a WCXB page,
#: where the nine of each name's spellings took 0.8 to 1.5 ms (a walk alone, 0.25).
_VISUALLY_HIDDEN: Final = '[class*="hidden" i], [class*="only" i], [class*="screen" i], .clipped'


def hides_visually(classes: str) -> bool:
    """Whether a ``class`` attribute names a screen-reader-only style
    (:data:`VISUALLY_HIDDEN_CLASSES`)."""
    for token in classes.split():
        if token == "clipped":
            return True
        squeezed = token.lower().replace("-", "").replace("_", "")
        if any(stem in squeezed for stem in _HIDDEN_STEMS):
            return True
    return False


#: A copy, and the text it repeats, are a price or a name: a few nodes.  Either one with
#: more nodes is not compared, so that a page of nested hidden elements costs no more
#: than its size ...
MAX_COPY_NODES: Final = 16
#: ... but the shown text may have this many more for each letter of the copy: a
#: drawing with an element and a text node for each letter, and a word's wrapper and
#: the space element after it (Splitting.js's ``<span class="whitespace"> </span>``)
#: for each word, as many as three more for a word of one letter.
SPLIT_NODES_PER_LETTER: Final = 5


def visually_hidden(tree: Any) -> list[LexborNode]:
    """The elements of ``tree`` in a visually-hidden class (:func:`hides_visually`), each
    once, in document order."""
    found: list[LexborNode] = []
    seen: set[LexborNode] = set()  # an element with two of the classes is found twice
    for element in tree.css(_VISUALLY_HIDDEN):
        if element not in seen:
            seen.add(element)
            if hides_visually(element.attributes.get("class") or ""):
                found.append(element)
    return found


def assistive_copies(
    tree: Any, hidden: Iterable[LexborNode] | None = None
) -> list[tuple[LexborNode, LexborNode]]:
    """Elements that repeat, for screen readers, the text shown just before or after
    them, each with the node it repeats.

    A page that styles a price or a title for the eye often marks it ``aria-hidden``
    and follows it with the same text in an element that only screen readers get (see
    :data:`VISUALLY_HIDDEN_CLASSES`): a reader sees the text once, but the DOM holds it
    twice ("EUR 20.99EUR 20.99").  Such an element is a copy when its text is exactly
    that of the node just before it, or just after it (Amazon's prices put the copy
    first), white space and comments aside; a screen-reader text that repeats nothing
    ("opens in a new tab"), and words the page repeats in sight ("Bora Bora"), are
    not.  Where the shown text is ``aria-hidden`` (drawn for the eye), and the same as
    the copy or different only by punctuation and spaces its style draws, the copy is
    kept and the drawing left out (the pair is returned the other way round); where the
    copy says the drawn text in a sentence ("Original price was: $169.95."), the drawing
    is what a reader sees, and the copy is left out; so too where the copy says a shown
    text that is not drawn ("$549.00", then "Sale price $549.00" for screen readers: in
    sample, 5 WCXB pages moved, 3 up, 2 down, by under 0.01).  ``hidden``: the page's
    :func:`visually_hidden` elements, when already found."""
    copies: list[tuple[LexborNode, LexborNode]] = []
    for element in visually_hidden(tree) if hidden is None else hidden:
        text = _short_text(element)
        if not text:
            continue
        found = len(copies)
        for shown in (adjacent(element, before=True), adjacent(element, before=False)):
            if shown is None:
                continue
            # a drawing may wrap each letter in an element of its own (the "split
            # text" of animated headings: GSAP's SplitText, Splitting.js), so the shown
            # side may hold several nodes for each letter of the copy
            shown_text = _short_text(shown, MAX_COPY_NODES + SPLIT_NODES_PER_LETTER * len(text))
            if shown_text is None:
                continue
            drawn = not shown.is_text_node and hidden_from_readers(shown)
            if shown_text == text and not drawn:
                copies.append((shown, element))
                break
            drawing, spoken = _letters_and_digits(shown_text), _letters_and_digits(text)
            if not drawn:
                if len(drawing) >= MIN_SPOKEN_DRAWING and drawing in spoken:
                    # The screen readers' text says the shown one in a sentence: a
                    # shop's "$549.00" then "<span class=sr-only>Sale price
                    # $549.00</span>".  The reader sees the price once.
                    copies.append((shown, element))
                    break
                continue
            if not drawing and spoken and len("".join(shown_text.split())) >= MIN_DRAWN_SYMBOLS:
                # A drawing of symbols alone, no letter or digit ("★★★★★" beside "4.9
                # out of 5 stars"): the readers' words say what it shows.
                copies.append((element, shown))
                break
            if drawing == spoken:
                # The shown text is drawn for the eye, hidden from screen readers, and
                # may lack what its style adds (the separator of "34.42" drawn by CSS,
                # written "3442", or the space of "EUR 23.06"): the reader's copy is the
                # text as written, and the drawing is the one left out.
                copies.append((element, shown))
                break
            if drawing in spoken and (
                len(drawing) >= MIN_SPOKEN_DRAWING
                or (
                    len(drawing) >= MIN_SPOKEN_COUNT
                    and drawing.isdigit()
                    and "".join(filter(str.isdigit, spoken)) == drawing
                )
            ):
                # The screen readers' text says the drawn one in a sentence: WooCommerce's
                # "<del aria-hidden>$169.95</del><span class=screen-reader-text>Original
                # price was: $169.95.</span>".  The drawing is what a reader sees.
                copies.append((shown, element))
                break
            if _short_words(shown, text):
                # The drawing says in short what the readers' text says in full: "mins"
                # drawn, "minutes" spoken ("30 minutes mins" with both).  The drawing is
                # what a reader sees.
                copies.append((shown, element))
                break
        parent = element.parent
        if len(copies) == found and adjacent(element, before=False) is None and parent:
            # the copy closes the shown text's element, the drawing after that: WP Recipe
            # Maker's "<span>30<span class=sr-only> minutes</span></span> <span
            # aria-hidden=true>mins</span>", or the same word drawn ("phút" twice, a
            # newcomer's Vietnamese recipe: "30 phút phút")
            drawing_after = adjacent(parent, before=False)
            if drawing_after is None:
                continue
            if (
                not drawing_after.is_text_node
                and hidden_from_readers(drawing_after)
                and (
                    _short_words(drawing_after, text)
                    or _letters_and_digits(_short_text(drawing_after) or "")
                    == _letters_and_digits(text)
                )
            ) or (
                laid_inline(parent)
                and (parent.attributes.get("role") or "").lower() not in _CELL_ROLES
                and _short_text(drawing_after) == text
            ):
                # or the same word in sight, for every reader, in the same line: "<span>10
                # <span class=sr-only> minutes</span></span> <span class=unit>minutes
                # </span>" (WP Recipe Maker's times, a newcomer's Thai recipe: "10 minutes
                # minutes"); not a table's next cell ("Yes" under a tick, then "Yes")
                copies.append((drawing_after, element))
    return copies


#: The roles of a table's cells (WAI-ARIA 1.2): a grid of ``<span>`` elements with them
#: is a table, whose next cell says its own "Yes".
_CELL_ROLES: Final = frozenset({"cell", "gridcell", "columnheader", "rowheader"})


#: The fewest symbols of a drawing that readers' words beside it say (a rating's five
#: stars): one alone is as often a separator ("—", "•") beside words of their own
#: ("Note:", "opens in a new tab").
MIN_DRAWN_SYMBOLS: Final = 2


#: The most letters of a drawn abbreviation that a screen readers' word says in full
#: (:func:`_short_words`): "mins", "hrs", "dk" (Turkish "dakika"), "Std." (German "Stunden").
MAX_DRAWN_WORD: Final = 5


def _short_words(drawn: LexborNode, spoken: str) -> bool:
    """Whether a drawn element (``aria-hidden``) shows a short word (:data:`MAX_DRAWN_WORD`
    letters or fewer, digits aside) whose first letter opens the longer ``spoken`` word:
    an abbreviation, not another text beside it."""
    if drawn.is_text_node or not hidden_from_readers(drawn):
        return False
    shown = _short_text(drawn) or ""
    letters = "".join(filter(str.isalpha, shown)).casefold()
    words = "".join(filter(str.isalpha, spoken)).casefold()
    return (
        0 < len(letters) <= MAX_DRAWN_WORD
        and len(words) > len(letters)
        and (words[0] == letters[0])
    )


#: The fewest letters and digits of a shown text that a screen readers' sentence around
#: it is taken to say (:func:`assistive_copies`): a price, a rating; not a lone digit.
MIN_SPOKEN_DRAWING: Final = 3
#: A number drawn for the eye (``aria-hidden``) with fewer digits, but at least this
#: many, is said by a sentence whose only number it is: a shop's "(37)" drawn and "37
#: avis" spoken ("(37) 37 avis" with both).  A sentence with more figures says more than
#: the drawing ("4.7 out of 5 stars from 10 customer ratings" beside "(10)"), and both
#: stay.  No benchmark page changes.
MIN_SPOKEN_COUNT: Final = 2


#: Punctuation that takes no space before it, in the languages that space their words.
CLOSING_PUNCTUATION: Final = ",.;:!?)]}…"


#: How far up from a hidden space its element's next text is looked for.
HIDDEN_SPACE_LEVELS: Final = 3


def hidden_space(node: LexborNode) -> bool:
    """Whether a text node of white space alone is all its element holds, the element is
    in a visually-hidden class (:data:`VISUALLY_HIDDEN_CLASSES`), and the text after it
    starts with punctuation (:data:`CLOSING_PUNCTUATION`): taken out of the flow, the
    space shows nothing there, and "<span class="visually-hidden"> </span></a>, but" read
    "traffic , but".  Before a word it stays: the page may have no other space there."""
    parent = node.parent
    if parent is None or node.prev is not None or node.next is not None:
        return False
    if not hides_visually(parent.attributes.get("class") or ""):
        return False
    element: LexborNode | None = parent
    for _ in range(HIDDEN_SPACE_LEVELS):
        if element is None:
            return False
        following = adjacent(element, before=False)
        if following is not None:
            text = following.text_content if following.is_text_node else following.text()
            return (text or "").lstrip()[:1] in tuple(CLOSING_PUNCTUATION)
        element = element.parent
    return False


def _letters_and_digits(text: str) -> str:
    return "".join(filter(str.isalnum, text))


def _short_text(node: LexborNode, limit: int = MAX_COPY_NODES) -> str | None:
    """The text of ``node`` without white space, or None when it holds more than
    ``limit`` nodes."""
    if node.is_text_node:
        return remove_space(node.text_content or "")
    pieces = []
    for count, child in enumerate(node.traverse(include_text=True)):
        if count > limit:
            return None
        if child.is_text_node:
            pieces.append(child.text_content or "")
        elif child.tag in IGNORED_TAGS:
            return None  # its text is not shown: not worth a closer look
    return remove_space("".join(pieces))


#: What a ``<q>`` shows around its text: the HTML standard's rendering (§15.3.6,
#: "Quotes") draws the quotation marks of the element's language there, not the page's
#: text; these are English's, the most common (a page's own language aside): double
#: marks, and single ones for a quote inside a quote (CSS Generated Content Level 3,
#: §2.1: each level of nesting takes the next pair).
QUOTE_MARKS: Final = (("\u201c", "\u201d"), ("\u2018", "\u2019"))


#: Hidden inline text longer than this is the rest of a text cut short, which a "Read
#: more" button shows ("you can com...…Read More <span style='display:none'>the whole
#: paragraph</span>"): content a reader opens, kept.  Shorter hidden text is a label's
#: or a date's copy.  On WCXB's default output, dropping every hidden inline element
#: made 10 pages closer to the gold and 4 farther (one an expander, -0.013 F1); with
#: this bound, 8 closer and 4 farther, the most a page whose gold keeps hidden copies of
#: a filter's labels ("No Show No Show Half Calf Half Calf").  The mean F1 moved by
#: -0.00004.
MAX_HIDDEN_WORDS: Final = 12


#: Nodes of a hidden element read before it counts as longer than that: its words, the
#: elements around them, and room for empty ones.
MAX_HIDDEN_NODES: Final = 4 * MAX_HIDDEN_WORDS + 16


#: What may hide an inline element: the attribute, a style, a framework's class.
_HIDING_SELECTOR: Final = ", ".join(
    ["[hidden]", "[style]", *(f'[class~="{name}" i]' for name in sorted(LAYOUT_HIDING_CLASSES))]
)


def hidden_by_class(classes: str) -> bool:
    """Whether a framework's class hides an element at every width: Webflow's and
    Foundation's ``hide``, Bootstrap's ``d-none``, Tailwind's ``hidden`` with no width
    that shows it again (``hidden md:inline`` is shown on a wide screen)."""
    if LAYOUT_HIDING_CLASSES.isdisjoint(classes.lower().split()):
        return False
    shown = layout_widths(classes)
    return shown is None or not any(shown)


def drop_hidden_inline(tree: Any, selection: Selection) -> None:
    """Leave out of ``selection`` the text of each inline element the page hides (the ``hidden``
    attribute, :data:`~unboiler.tags.HIDING_STYLE` in its ``style``, a class that hides it
    at every width: :func:`hidden_by_class`) inside a line: a pricing page's yearly price
    beside the monthly one ("$19$15"), a machine-readable copy of a date ("(1998-02-28)" in
    an infobox), a tooltip's text, a value a script shows later. Nobody sees it, and it
    glues onto the words it touches. Longer hidden text (:data:`MAX_HIDDEN_WORDS`) is kept.
    Hidden blocks are the extractor's to judge (:mod:`unboiler.filters.concealed` leaves out
    those that no reader's click opens): tabs and accordions hide content (on WCXB, 36% of
    the words of blocks under a hidden element are in the gold text; of the blocks that only
    an inline hidden element holds, none; dropping every block under an element that an
    inline style hides, on the default extractor's held-out run, took WCXB from 0.88349 to
    0.87993, and readability from 0.96400 to 0.96529). A hidden element has no box (CSS 2.1,
    §9.2.4), so the words on either side of it touch, as a browser shows them; its edge is
    an element's edge all the same (:data:`~unboiler.output.inline.CASE_EDGE`).

    ``aria-hidden="true"`` is not read as hidden: it hides from screen readers what the eye
    sees (a star rating's stars, a badge's "30" beside "30-Day Guarantee", an infobox's
    flag). Dropping such inline text as Mozilla's Readability does, measured in sample
    (``unboiler eval wcxb``), took WCXB from 0.93209 to 0.93187 (18 pages down, 21 up),
    Readability's pages from 0.96954 to 0.96965 (its own test page of the rule)."""
    links: dict[int, bool] = {}
    for element in tree.css(_HIDING_SELECTOR):
        # most styles hide nothing: the attributes first, then the element's place
        attributes = element.attributes
        if (
            "hidden" not in attributes
            and not HIDING_STYLE.search(attributes.get("style") or "")
            and not hidden_by_class(attributes.get("class") or "")
        ):
            continue
        if not laid_inline(element) or _part_of_address(element, links):
            continue
        texts = _short_texts(element)
        if texts is None:
            _drop_teaser(element, selection)
            continue
        _leave_out(element, texts, selection)


#: How far above a hidden part of a link's shown address the link may be.
ADDRESS_LINK_LEVELS: Final = 2


def _part_of_address(element: LexborNode, links: dict[int, bool]) -> bool:
    """Whether a hidden inline element is a part of the address its link shows cut short:
    the link's whole text, the hidden parts with the shown one, is in the link's
    ``href``.  Mastodon and the servers like it write a link as its address with the
    scheme and the tail hidden ("<span class=invisible>https://www.</span>bahn.de/service/
    individuelle-r<span class=invisible>eise/fahrgastrechte</span>"): the eye gets a
    shortened address, but the text a reader copies is the whole one, and the cut one is
    no address at all.  A hidden note in a link ("Paris<span hidden>, France</span>") is
    no part of its address, whatever the address holds.  ``links``: each link's answer
    by its address in memory, read once."""
    link = element.parent
    for _ in range(ADDRESS_LINK_LEVELS):
        if link is None:
            return False
        if link.tag == "a":
            key = int(link.mem_id)
            if key not in links:  # read once for all its hidden parts
                href = link.attributes.get("href") or ""
                whole = "".join((link.text(deep=True) or "").split())
                links[key] = bool(whole) and whole in href
            return links[key]
        link = link.parent
    return False


#: The most characters of a drawn control sign: "+", "›", "»", "→".
MAX_SYMBOL_CHARACTERS: Final = 3
#: The signs that controls draw: a disclosure's plus and minus, chevrons, arrows and
#: triangles, a close button's cross, a separator's bar and dash.  Not a check mark, a
#: star, a currency, per cent or degree sign: those say something (a comparison
#: table's "✓", a rating's "★★★★☆", "45%") whoever draws them.
CONTROL_SIGNS: Final = frozenset("+−–—×|›‹»«→←↑↓↗↘⟶⟵⌄⌃▼▲▾▴▸▹►◄◂◀▶❯❮〉〈⏷⏶")


def _control_signs(text: str) -> bool:
    """Whether ``text`` is one to :data:`MAX_SYMBOL_CHARACTERS` of the
    :data:`CONTROL_SIGNS`, white space aside."""
    signs = "".join(text.split())
    return 0 < len(signs) <= MAX_SYMBOL_CHARACTERS and all(sign in CONTROL_SIGNS for sign in signs)


def _shown_beside(element: LexborNode, *, backwards: bool) -> str | None:
    """The nearest shown text beside ``element`` in its line, that way (through the
    inline elements around it, up to the line's block); None when there is none."""
    node = element
    while True:
        sibling = node.prev if backwards else node.next
        while sibling is not None:
            if sibling.is_text_node:
                text = sibling.text_content or ""
                if not text.isspace() and text:
                    return text
            elif sibling.is_element_node and sibling.tag not in IGNORED_TAGS:
                if sibling.css_first("img") is not None:
                    return "\ufffc"  # a picture: something shown
                text = sibling.text(deep=True) or ""
                if text.strip():
                    return text
            sibling = sibling.prev if backwards else sibling.next
        parent = node.parent
        if parent is None or not laid_inline(parent):
            return None
        node = parent


def drop_drawn_symbols(tree: Any, selection: Selection) -> None:
    """Leave out of ``selection`` each control's sign drawn for the eye alone at either
    end of its line: an inline element hidden from screen readers (``aria-hidden="true"``)
    whose text is one to three :data:`CONTROL_SIGNS`, with nothing shown beside it on one
    side and words, not a number, on the other.  It is the "+" of a question that opens
    its answer, the chevron of a link, a button's arrow; written out, it glues onto the
    words it ends ("Czy ceny zawierają VAT?+", a newcomer's FAQ).  Between two words a
    drawn sign is their separator ("5 min·Jan 3") and stays, as :func:`drop_hidden_inline`
    says of ``aria-hidden`` text in general; so does a sign alone in its line (a table's
    cell) and one against a digit (a minus, "−5")."""
    for element in tree.css('[aria-hidden="true" i]'):
        if not laid_inline(element):
            continue
        texts = _short_texts(element)
        if not texts or not _control_signs("".join(node.text_content or "" for node in texts)):
            continue
        before = _shown_beside(element, backwards=True)
        after = _shown_beside(element, backwards=False)
        if (before is None) == (after is None):
            continue  # alone in its line, or between two words
        beside = (before or "").rstrip()[-1:] if after is None else (after or "").lstrip()[:1]
        if beside and not beside.isdigit():
            _leave_out(element, texts, selection)


#: The classes of the icon fonts that draw a glyph for a word, an OpenType ligature:
#: Google's Material Icons (``material-icons`` and its ``-outlined``, ``-round``,
#: ``-sharp``, ``-two-tone`` styles) and Material Symbols (``material-symbols-outlined``,
#: ``-rounded``, ``-sharp``).  Their element's text is the icon's name ("check",
#: "local_shipping"), which the browser shows as a picture.
_ICON_LIGATURES: Final = '[class*="material-icons" i], [class*="material-symbols" i]'
_ICON_LIGATURE_CLASS: Final = re.compile(
    r"material-(?:icons(?:-(?:outlined|round|sharp|two-tone))?|symbols-(?:outlined|rounded|sharp))"
)
#: An icon's name: lower-case letters, digits and underscores, a letter at least
#: ("3d_rotation"; a badge's "2024" is no icon).
_ICON_NAME: Final = re.compile(r"(?=[a-z0-9_]*[a-z])[a-z0-9_]{1,60}")


def drop_icon_ligatures(tree: Any, selection: Selection) -> None:
    """Leave out of ``selection`` the names of the icons an icon font draws as
    ligatures (:data:`_ICON_LIGATURES`): an element of such a class whose whole text is
    an icon's name, at either end of a line of text.  A reader sees a tick, and the text read
    "check Free delivery on orders over 49 euros", "local_shipping Tracking number sent
    by email" (a newcomer's shop; trafilatura writes "checkFree delivery").  A name
    alone in its line, as a table's cell, stays: a comparison's column of "check" says
    which rows have the feature, and empty cells would say none has; so does one between
    words, which stands for a word of the sentence ("Press menu to open the menu").  In
    sample, WCXB's 30 pages with such fonts: 2 change (a FAQ's "chevron_right" after
    each question, a dialog's "close")."""
    for element in tree.css(_ICON_LIGATURES):
        classes = (element.attributes.get("class") or "").lower().split()
        if not any(_ICON_LIGATURE_CLASS.fullmatch(name) for name in classes):
            continue  # "material-icons-wrapper"'s text is its own
        texts = _short_texts(element)
        if not texts or not _ICON_NAME.fullmatch(
            "".join(node.text_content or "" for node in texts).strip()
        ):
            continue
        if not laid_inline(element):
            continue  # a block or a cell of its own: a table's "check" says yes, and stays
        before = _shown_beside(element, backwards=True)
        after = _shown_beside(element, backwards=False)
        if (before is None) == (after is None):
            continue  # alone in its line, or a word of a sentence ("Press menu to open")
        _leave_out(element, texts, selection)


def _leave_out(element: LexborNode, texts: Iterable[LexborNode], selection: Selection) -> None:
    """Leave the text nodes ``texts`` of an inline ``element`` out of ``selection``, its
    edges kept as an element's (``selection.hidden``); unless none is selected, or text is
    placed after one of them (it would lose its place)."""
    chosen = [node for node in texts if node in selection.texts]
    if chosen and not any(node in selection.after for node in chosen):
        selection.texts.difference_update(chosen)
        selection.hidden.add(element)


def drop_layout_alternatives(tree: Any, selection: Selection) -> None:
    """Leave out of ``selection`` the text of each inline element that another inline
    element beside it replaces at other widths (:func:`unboiler.tags.layout_alternatives`):
    a headline written long for wide screens and short for phones, ``<span class="d-none
    d-md-inline">The quiet comeback of the tram</span><span class="d-md-none">Trams are
    back</span>``.  A reader sees one; the page's text holds both, run together."""
    for element in layout_alternatives(tree, inline=laid_inline):
        _leave_out(element, text_nodes(element), selection)


#: A teaser is the start of the text a "Read more" shows whole: at least this many words
#: of it, before the word it is cut in, open the hidden text.
TEASER_MIN_WORDS: Final = 8


def _drop_teaser(hidden: LexborNode, selection: Selection) -> None:
    """Leave out of ``selection`` the teaser before a long hidden element, when the
    hidden text is the whole text and not only its rest: "you can com...…Read More"
    then, hidden, the paragraph from its first word.  Both are kept otherwise, and the
    reader gets the paragraph's start twice.  The teaser is the element (or text) just
    before, with its button; it must open with :data:`TEASER_MIN_WORDS` words of the
    hidden text, all but the one it is cut in."""
    teaser = adjacent(hidden, before=True)
    if teaser is None:
        return
    nodes = [node for node in text_nodes(teaser) if not node.is_empty_text_node]
    shown = " ".join(node.text_content or "" for node in nodes).split()
    if len(shown) <= TEASER_MIN_WORDS or not all(
        node in selection.texts and node not in selection.after for node in nodes
    ):
        return  # (texts placed after one of its words would lose their place)
    start = shown[:TEASER_MIN_WORDS]
    whole = (hidden.text(deep=True) or "").split()[:TEASER_MIN_WORDS]
    if start == whole:
        selection.texts.difference_update(nodes)


def _short_texts(element: LexborNode) -> list[LexborNode] | None:
    """The text nodes under ``element``, or None when they hold more than
    :data:`MAX_HIDDEN_WORDS` words or the element more than :data:`MAX_HIDDEN_NODES`
    nodes; the walk stops there, so that nested hidden elements cost no more than the
    page's size times that bound."""
    texts: list[LexborNode] = []
    words = 0
    for count, node in enumerate(element.traverse(include_text=True)):
        if count > MAX_HIDDEN_NODES:
            return None
        if node.is_text_node:
            words += len((node.text_content or "").split())
            if words > MAX_HIDDEN_WORDS:
                return None
            texts.append(node)
    return texts


#: Elements whose shown text a visually-hidden element inside them annotates for screen
#: readers: a link's destination (", Go to footer note", "(opens in a new tab)"), a
#: footnote mark's kind (", footnote"), what a button does to what.
ANNOTATED_TAGS: Final = frozenset({"a", "sup", "button"})
#: How far above a visually-hidden element such an element is looked for (``<a><span>
#: <span class="sr-only">``).
ANNOTATION_LEVELS: Final = 2
#: What an annotation opens with: it is appended to the shown words as an aside (a
#: comma, a parenthesis, a dash), where a hidden text that goes on from them ("Read
#: More »" and the post's title) is part of what the link says.
ANNOTATION_OPENERS: Final = frozenset(",;:([\u2013\u2014-")


def spoken_annotations(hidden: Iterable[LexborNode]) -> list[LexborNode]:
    """The ``hidden`` elements (visually-hidden, :func:`visually_hidden`) that annotate the
    shown text of the link, footnote mark or button they are in (:data:`ANNOTATED_TAGS`,
    :data:`ANNOTATION_LEVELS` up at most).

    A link that shows "Hotel Offers" and tells a screen reader "Hotel Offers, Go to footer
    note" says the second part only to those who cannot see where it points; a reader
    of the page sees the first.  Only a hidden text that opens as an aside does
    (:data:`ANNOTATION_OPENERS`).  Where the hidden text is all the element holds (an
    icon's link named only for screen readers), it is the element's name, and stays."""
    found = []
    for element in hidden:
        if _first_character(element) not in ANNOTATION_OPENERS:
            continue
        holder = element.parent
        for _ in range(ANNOTATION_LEVELS):
            if holder is None:
                break
            if holder.tag in ANNOTATED_TAGS:
                if _shows_text_beside(holder, element):
                    found.append(element)
                break
            holder = holder.parent
    return found


def _first_character(element: LexborNode) -> str:
    """The first character of ``element``'s text that is no white space, read within
    :data:`MAX_COPY_NODES` nodes ("" if none: a hidden element that holds a page's worth
    is read no further)."""
    for count, node in enumerate(element.traverse(include_text=True)):
        if count > MAX_COPY_NODES:
            break
        if node.is_text_node:
            text = (node.text_content or "").lstrip()
            if text:
                return text[0]
    return ""


def _shows_text_beside(holder: LexborNode, inner: LexborNode) -> bool:
    """Whether ``holder`` shows text outside ``inner`` (within :data:`MAX_COPY_NODES`
    nodes: a link or a footnote mark holds a few)."""
    for count, node in enumerate(holder.traverse(include_text=True)):
        if count > MAX_COPY_NODES:
            return False
        if node.is_text_node and (node.text_content or "").strip():
            # addresses, not handles: selectolax's == compares two nodes' HTML
            parent = node.parent
            while parent is not None and parent.mem_id not in (holder.mem_id, inner.mem_id):
                parent = parent.parent
            if parent is not None and parent.mem_id == holder.mem_id:
                return True
    return False


#: A query of every heading of a page (:func:`heading_copies`).
_HEADINGS: Final = ", ".join(sorted(HEADING_TAGS))


def heading_copies(
    tree: Any, hidden: Iterable[LexborNode], selection: Selection
) -> list[LexborNode]:
    """The visually-hidden headings whose words a shown heading of ``selection`` begins
    with: an outline's heading for screen readers over the one drawn for the eye.
    GitHub puts an issue's title in an ``<h1 class="sr-only">`` and draws it again in
    the ``<h1>`` of its header, with the issue's number after it; the text wrote the
    title twice.  A hidden heading that no shown one repeats ("Navigation Menu", a
    section's name) is the page's outline, and is kept."""
    copies = [element for element in hidden if element.tag in HEADING_TAGS]
    if not copies:
        return []
    ids = {copy.mem_id for copy in copies}
    shown = []
    for heading in tree.css(_HEADINGS):
        if heading.mem_id in ids:
            continue
        texts = [node for node in text_nodes(heading) if not node.is_empty_text_node]
        if texts and all(node in selection.texts for node in texts):
            shown.append(_words(heading))
    return [
        copy
        for copy in copies
        if (words := _words(copy)) and any(_begins_with(text, words) for text in shown)
    ]


def _words(element: LexborNode) -> str:
    """The text of ``element`` with its white space made single spaces."""
    return " ".join(element.text(deep=True).split())


def _begins_with(text: str, words: str) -> bool:
    """Whether ``text`` is ``words``, or starts with them and then a word's end (a
    space or a sign): "News" begins no "Newsletter sign-up"."""
    return text.startswith(words) and (
        len(text) == len(words) or not text[len(words)].isalnum() or not words[-1].isalnum()
    )


def drop_assistive_copies(tree: Any, selection: Selection) -> None:
    """Leave out of ``selection`` each screen-reader copy (:func:`assistive_copies`)
    whose shown text is written whole, and each screen-reader annotation of a link's or
    a footnote mark's shown text (:func:`spoken_annotations`), and each visually-hidden
    ``<label>``: a form field's name that only a screen reader says (WooCommerce's
    "quantité de Lampe avant vélo LED" beside the quantity box, a search box's "Search
    for:"), which the text has no field for.  Texts placed after the copy's text (a
    product description from JSON-LD) move to the last text of what it repeats.  The
    other elements in a visually-hidden class are kept in ``selection.apart``."""
    hidden = visually_hidden(tree)
    selection.apart.update(hidden)
    for label in hidden:
        if label.tag == "label":  # a form field's name, for screen readers only
            texts = text_nodes(label)
            if not any(node in selection.after for node in texts):  # they hold texts' place
                selection.texts.difference_update(texts)
    for element in hidden:
        text = _short_text(element)
        if text and all(unicodedata.category(character) == "So" for character in text):
            # a sign that only a screen reader is given (WP Recipe Maker's "▢" before
            # each ingredient, for a checkbox the eye sees drawn): no word for a reader.
            # Punctuation stays: a range's hidden dash, a time's colon part what they join
            texts = text_nodes(element)
            if not any(node in selection.after for node in texts):
                selection.texts.difference_update(texts)
    for heading in heading_copies(tree, hidden, selection):
        texts = text_nodes(heading)
        if not any(node in selection.after for node in texts):
            selection.texts.difference_update(texts)
    for annotation in spoken_annotations(hidden):
        texts = text_nodes(annotation)
        if not any(node in selection.after for node in texts):  # they would lose their place
            selection.texts.difference_update(texts)
    for shown, copy in assistive_copies(tree, hidden):
        shown_texts = [node for node in text_nodes(shown) if not node.is_empty_text_node]
        if not shown_texts or not all(node in selection.texts for node in shown_texts):
            continue
        anchor = shown_texts[-1]
        for node in text_nodes(copy):
            selection.texts.discard(node)
            moved = selection.after.pop(node, None)
            if moved:
                selection.after.setdefault(anchor, []).extend(moved)


#: Images that name the elements describing them: WAI-ARIA 1.2, ``aria-describedby``
#: and ``aria-labelledby`` (lists of ids), on ``<img>``, ``<svg>`` or the ``img`` role.
_DESCRIBED_IMAGES: Final = ", ".join(
    f"{image}[{attribute}]"
    for image in ("img", "svg", '[role="img" i]')
    for attribute in ("aria-describedby", "aria-labelledby")
)


def drop_image_descriptions(tree: Any, selection: Selection) -> None:
    """Leave out of ``selection`` the text that describes an image to screen readers
    only: an element in a visually-hidden class (:data:`VISUALLY_HIDDEN_CLASSES`) that an
    image names by ``aria-describedby`` or ``aria-labelledby``.  It is the image's
    alternative text written apart ("Image 1 of 5" under each slide of a shop's
    gallery), and the text output leaves an image's ``alt`` out too.  A description the
    page shows is a caption, and stays; so does one of more than :data:`MAX_HIDDEN_WORDS`
    words, more than a name (a chart's data told in words)."""
    names: set[str] = set()
    for image in tree.css(_DESCRIBED_IMAGES):
        attributes = image.attributes
        for attribute in ("aria-describedby", "aria-labelledby"):
            names.update((attributes.get(attribute) or "").split())
    if not names:
        return
    for element in tree.css(_VISUALLY_HIDDEN):
        attributes = element.attributes
        if attributes.get("id") not in names or not hides_visually(attributes.get("class") or ""):
            continue
        short = _short_texts(element)
        if short is None:
            continue  # a long description (a chart's data) is more than an image's name
        texts = [node for node in short if node in selection.texts]
        if texts and not any(node in selection.after for node in texts):
            selection.texts.difference_update(texts)


#: The fewest words of an ``alt`` that describes a picture marked as decoration.
DESCRIBED_MIN_WORDS: Final = 3


def is_decorative(node: LexborNode) -> bool:
    """Whether the page marks an image as decoration rather than content: hidden from assistive
    technology (``aria-hidden="true"``, a role of :data:`~unboiler.output.dom.DECORATIVE_ROLES`
    unless described in :data:`DESCRIBED_MIN_WORDS` words or captioned), or
    with an empty ``alt`` amid running text, an icon beside the words that say what it shows (the
    HTML standard, 4.8.4.4: an empty ``alt`` says the image adds nothing to the text around it).  An
    image on its own with an empty ``alt`` is kept: as often as not it is a photo whose author left
    the text out."""
    attributes = node.attributes
    if (attributes.get("aria-hidden") or "").strip().lower() == "true":
        return True
    alt = attributes.get("alt")
    if (attributes.get("role") or "").strip().lower() in DECORATIVE_ROLES:
        # ... unless its ``alt`` describes it in words, or it is a captioned figure's:
        # Medium marks every picture of its articles so ("A chart of request latency
        # before and after", or an empty ``alt`` over a caption); an icon's ``alt`` is a
        # word ("Twitter") if any
        return len((alt or "").split()) < DESCRIBED_MIN_WORDS and not _captioned(node)
    if alt is None or alt.strip():
        return False
    return _beside_words(node.prev, backward=True) or _beside_words(node.next, backward=False)


#: How far above an image its ``<figure>`` may be (``<figure><picture><img>``, Medium's
#: ``<figure><div><picture><img>``).
FIGURE_LEVELS: Final = 4


def _captioned(image: LexborNode) -> bool:
    """Whether ``image`` is in a ``<figure>`` with a ``<figcaption>`` that says something."""
    node = image.parent
    for _ in range(FIGURE_LEVELS):
        if node is None:
            return False
        if node.tag == "figure":
            caption = node.css_first("figcaption")
            return caption is not None and bool(caption.text(deep=True).strip())
        node = node.parent
    return False


#: An image this many CSS pixels wide and high, or less, shows nothing: a tracking pixel
#: (the 1x1 ``<img>`` that analytics and ad services put in ``<noscript>``) or a spacer.
PIXEL_MAX_SIZE: Final = 1.0


#: An inline style that sizes an image (its ``width`` and ``height`` attributes are then
#: only its aspect ratio, or a placeholder's).
_STYLE_SIZE: Final = re.compile(r"(?:^|[;\s])(?:max-|min-)?(?:width|height)\s*:", re.IGNORECASE)


def shows_nothing(attributes: dict[str, str | None]) -> bool:
    """Whether an image's attributes say it shows nothing: its ``width`` and ``height``, each one
    given, at most :data:`PIXEL_MAX_SIZE`; unless its inline style sizes it, or a script will load
    another picture into it (:data:`~unboiler.output.dom.LAZY_IMAGE_ATTRIBUTES`: a lazy image's
    1x1 placeholder)."""
    sizes = []
    for name in ("width", "height"):
        value = (attributes.get(name) or "").strip().lower().removesuffix("px")
        if not value:
            continue
        try:
            sizes.append(float(value))
        except ValueError:
            return False
    if not sizes or max(sizes) > PIXEL_MAX_SIZE:
        return False
    if _STYLE_SIZE.search(attributes.get("style") or ""):
        return False
    return not any(attributes.get(name) for name in LAZY_IMAGE_ATTRIBUTES)


#: The longest ``alt`` of an image that is an emoji or an emoticon.
EMOTICON_MAX_CHARS: Final = 8


#: The class tokens of a picture of an emoji or a smiley: WordPress's ``emoji`` and
#: ``wp-smiley``, vBulletin's and XenForo's ``smilie``, Twemoji's ``emoji``.
_EMOTICON_CLASS: Final = re.compile(r"emoji|smil(?:ie|ey)|emoticon", re.IGNORECASE)


#: A folder of smileys in an image's address, where no class names one: phpBB's
#: ``./images/smilies/icon_e_smile.gif``, Discuz's ``static/image/smiley/``.
_EMOTICON_FOLDER: Final = re.compile(r"/(?:smil(?:ie|ey)s?|emoji|emoticons?)/", re.IGNORECASE)


#: A typed emoticon with a letter or a digit for its mouth or eyes: ":D", ":-P", ";o",
#: "=3", "xD", "XD", "8)", "<3" (phpBB's smilies have such ``alt`` texts: ":D", ":P",
#: ":o", ":lol:" is a shortcode).
_LETTERED_EMOTICON: Final = re.compile(r">?[:;=8][-'^o]?[DPpOoSsbXx3|/\\()\[\]*@$]|[xX]D|<3")


def emoticon(image: LexborNode) -> str | None:
    """The text an ``<img>`` stands for when it draws an emoji or an emoticon: its
    ``alt``, when an emoji or a smiley class or folder names it and the ``alt`` is what one types
    (":)", "😀", ":D": at most :data:`EMOTICON_MAX_CHARS` characters, no letter or digit
    but an emoticon's own, :data:`_LETTERED_EMOTICON`).  A forum's ":)" is part of the
    post, as its writer typed it; a shortcode alt (":slight_smile:") or a reaction's
    ("Like") is not.  WCXB's gold keeps such smileys on 2 of the 9 forum pages that draw
    them (0517, 0528): with ":D" read too, 4 forum pages lose 0.0002 to 0.0004 of F1
    in sample (its word bag counts the "D")."""
    attributes = image.attributes
    alt = (attributes.get("alt") or "").strip()
    if (
        not alt
        or len(alt) > EMOTICON_MAX_CHARS
        or (any(ch.isalnum() for ch in alt) and not _LETTERED_EMOTICON.fullmatch(alt))
    ):
        return None
    if not (
        _EMOTICON_CLASS.search(attributes.get("class") or "")
        or _EMOTICON_FOLDER.search(attributes.get("src") or "")
    ):
        return None
    return alt


def opens_next_word(letter: str, node: LexborNode) -> bool:
    """Whether ``letter`` (one letter, not a lower-case one) is the first letter of the
    word right after ``node``: the text after it starts with a lower-case letter.  A drop
    cap set apart from its word: drawn as a picture, or hidden from readers and written
    again for them."""
    if len(letter) != 1 or not letter.isalpha() or letter.islower():
        return False
    after = node.next
    if after is None or not after.is_text_node:
        return False
    first = (after.text_content or "")[:1]
    return first.isalpha() and first.islower()


def initial_letter(image: LexborNode) -> str | None:
    """The letter an ``<img>`` draws when it is a drop cap: its ``alt``, one letter (not a
    lower-case one: an icon's "x"), with the rest of the word right after it ("<img
    alt="N">o dia" is "No dia"; :func:`opens_next_word`).  Magazines draw a story's
    first letter as a picture; left out, the first word loses it."""
    alt = (image.attributes.get("alt") or "").strip()
    return alt if opens_next_word(alt, image) else None


#: An inline style that floats its element (CSS 2.1 §9.5): out of the line's flow, the
#: line's text runs on beside it.
FLOAT_STYLE: Final = re.compile(
    r"float\s*:\s*(?:left|right|inline-start|inline-end)\b", re.IGNORECASE
)
#: A floated element with this many characters at most is a drop cap: the first letter of
#: the paragraph's first word, set large beside its lines ("<span style="float: left;
#: display: block">H</span>oje" reads "Hoje"), not a box of its own.
DROP_CAP_MAX_CHARS: Final = 2
#: Nodes of a floated element read for its text: a letter and the elements around it.
DROP_CAP_MAX_NODES: Final = 8


def drop_cap(element: LexborNode, style: str) -> bool:
    """Whether an inline element whose ``style`` makes it a block is a floated drop cap
    (:data:`FLOAT_STYLE`): at most :data:`DROP_CAP_MAX_CHARS` letters (read in at most
    :data:`DROP_CAP_MAX_NODES` nodes), a letter right after it (its word's, or the next
    word's); it stays in its line.  A floated number, star or price is a box of its own
    ("12" over "minutes later")."""
    if not FLOAT_STYLE.search(style):
        return False
    text = _short_text(element, DROP_CAP_MAX_NODES)
    if not text or len(text) > DROP_CAP_MAX_CHARS or not text.isalpha():
        return False
    after = element.next
    if after is None or not after.is_text_node:
        return False
    return (after.text_content or "").lstrip()[:1].isalpha()


#: Siblings passed over on the way from an image to the words beside it.
_NOTHING_BETWEEN: Final = frozenset({"br", "wbr", "img"})


def _beside_words(node: LexborNode | None, *, backward: bool) -> bool:
    """Whether the nearest sibling in one direction that shows something (white space,
    comments, line breaks and other images passed over) has text in the image's line: a
    paragraph or another block beside it is no running text (a photo between two
    ``<p>``, a newcomer's news pages)."""
    while node is not None:
        if node.is_element_node and node.tag not in _NOTHING_BETWEEN and not laid_inline(node):
            return False
        text = node.text(deep=True) if node.is_element_node or node.is_text_node else ""
        if text.strip():
            return True
        if node.is_element_node and node.tag not in _NOTHING_BETWEEN:
            return False
        node = node.prev if backward else node.next
    return False
