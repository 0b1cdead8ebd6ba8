"""The one home of the HTML tag tables every walk of the page shares.

The block parser (:mod:`unboiler.parse`), the layout of the outputs
(:mod:`unboiler.output.text`), jusText's segmentation and the density stage's line
reflow each need to know which elements run on inside a line and which are skipped with
their content.  Kept in one place, they cannot drift apart (they did: the density stage
once lacked ``<picture>`` and the ruby elements).  Tables that belong to one published
method (jusText's paragraph tags, the tree filter's paragraph elements, the
weighted-block rules' title tags) stay beside that method.

Also here: :func:`lexbor_tag_ids`, which tells a walk the numbers lexbor gives the
elements, so that walks compare integers instead of names.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Collection, Iterable
from typing import Any, Final

from selectolax.lexbor import LexborHTMLParser

from unboiler.errors import ConfigurationError

#: Boilerpipe 1.3 ``DefaultTagActionMap``: elements skipped with all their content.
BOILERPIPE_IGNORABLE_TAGS: Final = frozenset(
    {"style", "script", "option", "object", "embed", "applet", "link", "noscript"}
)
#: Boilerpipe 1.3 ``DefaultTagActionMap``: inline formatting, no new block, no space.
BOILERPIPE_INLINE_TAGS: Final = frozenset(
    {"strike", "u", "b", "i", "em", "strong", "span", "sup", "code", "tt", "sub", "var", "font"}
)
#: Boilerpipe 1.3 ``DefaultTagActionMap``: inline, but the element separates words.
BOILERPIPE_INLINE_SPACE_TAGS: Final = frozenset({"abbr", "acronym"})
#: The anchor: inline, separates words, and its words are linked.
ANCHOR_TAG: Final = "a"
#: Our additions to the inline elements.  Boilerpipe treats every element it does not list
#: as a block, so an ``<img>``, ``<time>`` or ``<small>`` inside a sentence cut it in
#: three; browsers render these inline (HTML standard, "phrasing content") and so do we.
ADDED_INLINE_TAGS: Final = frozenset(
    {
        "bdi", "bdo", "big", "cite", "data", "del", "dfn", "img", "ins", "kbd", "label",
        "mark", "nobr", "q", "rb", "rp", "rt", "rtc", "ruby", "s", "samp", "small", "time",
        "wbr", "picture", "source", "track",
    }
)  # fmt: skip
#: Our additions to the ignorable elements: those whose text is never shown as page text
#: (templates, SVG and MathML markup, the fallback content of frames and media), and a
#: form field's value (``<textarea>``: a "Republish this story" box holds the article
#: again as escaped HTML, an embed box a snippet of code to copy; Readability's and
#: trafilatura's cleaners drop it too).
ADDED_IGNORABLE_TAGS: Final = frozenset(
    {"template", "svg", "math", "iframe", "canvas", "audio", "video", "textarea"}
)

#: The ignorable elements a browser shows inside a line of text, or shows nothing of:
#: the text on either side of one is one line to a reader (the parser cuts it all the
#: same, as Boilerpipe does, and labels the second part ``Label.CONTINUES``).  Among
#: them the metadata elements that microdata writes inside a post or a price ("Price:
#: <meta itemprop=priceCurrency content=USD>$19.99", "Posted by Ann<link
#: itemprop=url href=...> on Jan 1"): HTML lets them stand in a line of text (§4.2.4,
#: §4.2.5, when they carry ``itemprop``), and they show nothing there.
IN_LINE_IGNORED_TAGS: Final = frozenset(
    {"svg", "math", "script", "style", "template", "meta", "link", "base"}
)
#: A form field that holds no text (HTML standard, "phrasing content"), read as one of
#: :data:`IN_LINE_IGNORED_TAGS` inside a paragraph (``<p>``) and as a block elsewhere,
#: as Boilerpipe reads it: the CSS sidenotes of Tufte's layout, which many blogs use,
#: put a checkbox in the middle of a sentence to show and hide the note, and the
#: paragraph came out cut in two there; a shop's swatches, a radio button in a
#: ``<label>`` each, are no line.
FIELD_TAG: Final = "input"
#: Every element that runs on inside a line of text: a block does not end at it.
INLINE_TAGS: Final = (
    BOILERPIPE_INLINE_TAGS | BOILERPIPE_INLINE_SPACE_TAGS | {ANCHOR_TAG} | ADDED_INLINE_TAGS
)
#: Every element skipped with its content: its text is no page text.
IGNORED_TAGS: Final = BOILERPIPE_IGNORABLE_TAGS | ADDED_IGNORABLE_TAGS
#: The elements a browser displays as blocks (HTML standard, §15.3 "Rendering": the
#: flow, sectioning, grouping, list and table elements its style sheet gives ``display:
#: block``, ``list-item`` or a table display).  Where white space is kept (a ``<pre>``),
#: each starts and ends a line; an element not listed (a custom one, a ``<span>``) runs on
#: inside the line, as browsers show it.
BLOCK_DISPLAY_TAGS: Final = frozenset(
    {
        "address", "article", "aside", "blockquote", "center", "details", "dialog", "dd",
        "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2",
        "h3", "h4", "h5", "h6", "header", "hgroup", "hr", "legend", "li", "listing", "main",
        "menu", "nav", "ol", "p", "plaintext", "pre", "search", "section", "summary",
        "table", "tr", "ul", "xmp",
    }
)  # fmt: skip
#: Form controls that browsers draw as boxes inside a line (HTML standard, "phrasing
#: content"; §15.5 renders them ``inline-block``): "click <button>Save</button> in the
#: toolbar", "<progress>70%</progress> done".  The parser cuts the line at them, as
#: Boilerpipe does at every element it does not list; the layout and the decision
#: units put the line together again when it runs on both sides of one
#: (:func:`control_in_line`).  A control beside no text ("Add to cart") stays a box.
INLINE_CONTROL_TAGS: Final = frozenset({"button", "progress", "meter", "output"})
#: Elements that break a line but hold no text of their own.
LINE_BREAK_TAGS: Final = frozenset({"br"})
HEADING_TAGS: Final = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
#: A table's cells: each a box of its own in its row.
CELL_TAGS: Final = frozenset({"td", "th"})
HEADING_LEVELS: Final = {f"h{level}": level for level in range(1, 7)}
#: HTML's sectioning landmarks (HTML standard, §4.3), which the default extractor reads.
LANDMARK_TAGS: Final = frozenset({"article", "main", "nav", "aside", "header", "footer"})

#: Elements that only parse inside their parents, so the sample of :func:`lexbor_tag_ids`
#: holds them in a table and a select.
_NESTED_SAMPLE: Final = (
    "<select><option></option></select><table><caption></caption><colgroup><col></colgroup>"
    "<thead><tr><th></th></tr></thead><tfoot><tr><td></td></tr></tfoot></table><a></a>"
)
_NESTED_TAGS: Final = frozenset(
    {"select", "option", "table", "caption", "col", "colgroup", "thead", "tr", "th", "tfoot"}
    | {"td", "a"}
)


def beside_text(sibling: Any, *, backwards: bool) -> bool:
    """Whether the first sibling that shows something, from ``sibling`` on (white space
    and comments skipped), is text: a line the element is part of.  An element there
    does not count, even an inline one: on WCXB, custom elements beside links are
    mostly buttons and cards a page's style lays out apart ("Hire talent" and "Looking
    for a job?")."""
    while sibling is not None:
        if sibling.is_text_node:
            text = sibling.text_content
            if text and not text.isspace():
                return True
        elif sibling.is_element_node:
            return False
        sibling = sibling.prev if backwards else sibling.next
    return False


def same_node(a: Any, b: Any) -> bool:
    """Whether two handles are of one node of the tree.  Two handles of one node are two
    Python objects, and selectolax's ``==`` between handles of different nodes compares
    their HTML, serialising both subtrees: a test made for every block of an
    ``<article>`` was quadratic in its size (12,000 paragraphs took 19 s).  A node's
    ``mem_id`` is lexbor's address of it."""
    if a is None or b is None:
        return a is b
    return bool(a.mem_id == b.mem_id)


def within(element: Any, names: Collection[str], levels: int) -> bool:
    """Whether ``element`` or one of its ``levels - 1`` nearest ancestors is one of
    ``names`` (a table cell a few wrappers up, a quotation, a heading)."""
    for _ in range(levels):
        if element is None:
            return False
        if element.tag in names:
            return True
        element = element.parent
    return False


#: Elements above every block's own: :func:`nearest_marks` climbs no further.
_PAGE_TAGS: Final = frozenset({"html", "body"})


def nearest_marks(
    nodes: Iterable[tuple[int, Any]], mark: Callable[[Any], int | None]
) -> dict[int, int]:
    """For each ``(index, node)``, the first value ``mark`` gives (not None) on the way
    up from ``node`` (itself first) to below the ``<body>``: a nonzero id of a marked
    element, or 0 to stop unmarked (a tab's panel, which nothing above it hides).  The
    indices with a nonzero value, each with it.  Every element is read once, whatever
    the nodes below it: a walk up from each block cost its depth on a page nested
    thousands deep, and walking each marked element's subtree its depth times its size."""
    memo: dict[int, int] = {}
    found: dict[int, int] = {}
    for index, node in nodes:
        chain: list[int] = []
        value = 0
        while node is not None and node.tag not in _PAGE_TAGS:
            key = node.mem_id
            known = memo.get(key)
            if known is not None:
                value = known
                break
            chain.append(key)
            if node.is_element_node:
                marked = mark(node)
                if marked is not None:
                    value = marked
                    break
            node = node.parent
        for key in chain:
            memo[key] = value
        if value:
            found[index] = value
    return found


#: A class token of a forum's quotation box: "quote" alone (Discourse's ``<aside
#: class="quote">``), or as the first or last word of a token joined by "_" (vBulletin's
#: ``bbcode_quote`` and ``quote_container``, SMF's ``bbc_standard_quote``).  Not joined by
#: "-": WordPress's ``format-quote`` is a post's format, on its ``<article>`` and
#: ``<body>``, and ``get-a-quote`` or ``stock-quote`` are no quotations; nor inside a word
#: (XenForo's ``js-selectToQuote`` is a post's body).
_QUOTE_CLASS: Final = re.compile(r"(?:^|\s)(?:quote|quote_\S*|\S*_quote)(?:$|\s)")
#: Elements that are never a quotation box, whatever their class: the page, its body and
#: its main content.
_NEVER_QUOTATIONS: Final = frozenset({"html", "body", "main", "article"})
#: What may be a quotation, for a page's selector engine (then :func:`is_quotation`).
QUOTATION_SELECTOR: Final = 'blockquote, [class*="quote" i]'


def is_quotation(element: Any) -> bool:
    """Whether ``element`` is a quotation: a ``<blockquote>``, or an element whose class
    says it is a forum's quotation box (:data:`_QUOTE_CLASS`)."""
    if element.tag == "blockquote":
        return True
    names = element.attributes.get("class")
    if not names or element.tag in _NEVER_QUOTATIONS:
        return False
    lowered = names.lower()
    return "quote" in lowered and _QUOTE_CLASS.search(lowered) is not None


#: Class names with which CSS frameworks and site builders hide an element, at every
#: width or at some: Bootstrap's ``d-none`` and ``d-md-none`` ... (4-5), ``hidden`` and
#: ``hidden-xs`` ... (3), Tailwind's ``hidden`` and ``md:hidden`` (a prefix before ``:``
#: is a breakpoint or a state), Foundation's ``hide``, Bulma's ``is-hidden`` and
#: ``is-hidden-mobile``, UIkit's ``uk-hidden``, Webflow's ``w-condition-invisible`` (a CMS
#: condition that is false) and ``w-hidden-main`` ..., Framer's ``hidden-<hash>`` on each
#: layout's copy of a section, ``invisible`` (Bootstrap, Tailwind: ``visibility:
#: hidden``).  A name is one of these, starts with one of :data:`LAYOUT_HIDING_PREFIXES`
#: (but for :data:`PRINT_HIDING_CLASSES`), or is Bootstrap's ``d-<breakpoint>-none``.
LAYOUT_HIDING_CLASSES: Final = frozenset(
    {"hidden", "hide", "invisible", "d-none", "is-hidden", "uk-hidden", "w-condition-invisible"}
)
LAYOUT_HIDING_PREFIXES: Final = ("hidden-", "is-hidden-", "w-hidden-", "hide-for-")
#: The widths a page's layout classes name, narrowest first: the base (no prefix), then
#: Bootstrap's (4-5) and Tailwind's breakpoints; Bootstrap's ``xxl`` is Tailwind's
#: ``2xl``.
LAYOUT_WIDTHS: Final = ("", "sm", "md", "lg", "xl", "xxl")
#: Bootstrap's breakpoints (4-5): ``d-md-none`` hides an element from the md width on.
_BREAKPOINTS: Final = frozenset(LAYOUT_WIDTHS[1:])
#: Names of those forms that hide an element on paper only (Bootstrap 3's
#: ``hidden-print``, Foundation's ``hide-for-print``): on screen it is shown.
PRINT_HIDING_CLASSES: Final = frozenset({"hidden-print", "hide-for-print"})
#: An inline style that hides its element: ``display: none`` (CSS 2.1 §9.2.4, no box at
#: all) or ``visibility: hidden`` (§11.2, the box is there, unseen), any case.  (The block
#: features read it case-sensitively, :mod:`unboiler.classify.context`, as the packaged
#: model was trained.)
HIDING_STYLE: Final = re.compile(r"display\s*:\s*none|visibility\s*:\s*hidden", re.IGNORECASE)


#: Tailwind's breakpoint variants: ``md:hidden``, ``max-lg:hidden``, ``@sm:hidden`` (a
#: container query).  Any other variant (``print:``, ``hover:``, ``dark:``) hides an
#: element in no layout a reader gets on screen.
_TAILWIND_BREAKPOINT: Final = re.compile(r"@?(?:(?:max|min)-)?(?:sm|md|lg|xl|2xl|\[[^\]]*\])")


def _is_breakpoint(variant: str) -> bool:
    return _TAILWIND_BREAKPOINT.fullmatch(variant) is not None


def hides_in_some_layout(element: Any) -> bool:
    """Whether ``element`` is one of a page's second copies: hidden from sight at some
    width or until a script shows it (the ``hidden`` attribute, a hiding inline style, a
    closed ``<dialog>``: HTML standard, §15.3.1, ``display: none`` without ``open``; a
    class of :data:`LAYOUT_HIDING_CLASSES`), or shown but marked ``aria-hidden="true"``
    so that screen readers skip it (a carousel's cloned slides, a heading drawn letter
    by letter beside its words: the eye sees it, the page says it is a copy).  Never a
    tab's panel (``role="tabpanel"``), hidden until its tab is picked.  What a page hides
    this way is mostly shown elsewhere too: a copy of a section for phones, a print or
    modal copy."""
    attributes = element.attributes
    if element.tag == "dialog" and "open" not in attributes:
        return True
    if not attributes or attributes.get("role") == "tabpanel":
        return False
    if "hidden" in attributes or (attributes.get("aria-hidden") or "").strip().lower() == "true":
        return True
    style = attributes.get("style")
    if style and HIDING_STYLE.search(style):
        return True
    names = attributes.get("class")
    if not names:
        return False
    names = names.lower()
    if "hid" not in names and "invisible" not in names and "none" not in names:
        return False
    for name in names.split():
        variant, _, name = name.rpartition(":")
        if variant and not all(map(_is_breakpoint, variant.split(":"))):
            continue  # Tailwind's print:, hover:, dark: hide in no layout of the screen
        if name in LAYOUT_HIDING_CLASSES or (
            name.startswith(LAYOUT_HIDING_PREFIXES) and name not in PRINT_HIDING_CLASSES
        ):
            return True
        if name.startswith("d-") and name.endswith("-none") and name[2:-5] in _BREAKPOINTS:
            return True
    return False


_TAILWIND_WIDTHS: Final = {"sm": 1, "md": 2, "lg": 3, "xl": 4, "2xl": 5}
#: The values of a display class that show an element (Bootstrap's ``d-md-inline``,
#: Tailwind's ``md:inline``).
_SHOWN_DISPLAYS: Final = frozenset(
    {"inline", "inline-block", "block", "flex", "inline-flex", "grid", "inline-grid"}
    | {"table", "table-cell", "table-row", "contents"}
)
#: Bootstrap 3's ``hidden-xs`` to ``hidden-lg``: each hides at its own width only, in
#: the widths of :data:`LAYOUT_WIDTHS` (Bootstrap 3's xs is below 768 px, its lg from
#: 1200 px on).
_BOOTSTRAP3_HIDDEN: Final = {
    "hidden-xs": (0, 1),
    "hidden-sm": (2,),
    "hidden-md": (3,),
    "hidden-lg": (4, 5),
}


#: Bootstrap 3's ``visible-xs`` to ``visible-lg`` (and their ``-block``, ``-inline``,
#: ``-inline-block`` forms): each shows an element at its own width only.
_BOOTSTRAP3_VISIBLE: Final = {
    "visible-xs": (0, 1),
    "visible-sm": (2,),
    "visible-md": (3,),
    "visible-lg": (4, 5),
}
#: Class names, lower-cased and without ``-`` and ``_``, that a site's own style sheet
#: gives what it shows on phones only ("mobile-only", "onlySmall", Foundation's
#: ``show-for-small-only``) and on wider screens only ("desktop-only", "onlyLarge",
#: "hide-on-mobile"): the two copies of a figure or a label, "3 Zi." for phones beside
#: "3" over "Zimmer", of which a reader sees one.  A phone's copy is taken as shown
#: below the md width, the other from it on.
NARROW_ONLY_CLASSES: Final = frozenset(
    {"mobileonly", "onlymobile", "phoneonly", "onlyphone", "smallonly", "onlysmall"}
    | {"showforsmallonly"}
)
WIDE_ONLY_CLASSES: Final = frozenset(
    {"desktoponly", "onlydesktop", "largeonly", "onlylarge", "hidemobile", "hideonmobile"}
)
#: The first of :data:`LAYOUT_WIDTHS` that :data:`WIDE_ONLY_CLASSES` show an element at.
_WIDE_FROM: Final = LAYOUT_WIDTHS.index("md")


def layout_widths(classes: str) -> tuple[bool, ...] | None:
    """At which of :data:`LAYOUT_WIDTHS` a framework's display classes show an element
    (Bootstrap 4-5's ``d-none``, ``d-md-inline``, ``d-lg-none``; Tailwind's ``hidden``,
    ``md:inline``, ``lg:hidden``; Bootstrap 3's ``hidden-xs`` to ``hidden-lg`` and
    ``visible-xs`` to ``visible-lg``; a site's own :data:`NARROW_ONLY_CLASSES` and
    :data:`WIDE_ONLY_CLASSES`), or None when its classes hide it at no width."""
    shown = [True] * len(LAYOUT_WIDTHS)
    changed = False
    names = classes.lower().split()

    def show_from(width: int, value: bool) -> None:
        nonlocal changed
        shown[width:] = [value] * (len(shown) - width)
        changed = True

    for name in names:
        if name in ("d-none", "hidden"):
            show_from(0, False)
    for width, prefix in enumerate(LAYOUT_WIDTHS[1:], start=1):
        for name in names:
            if name == f"d-{prefix}-none":
                show_from(width, False)
            elif name.startswith(f"d-{prefix}-") and name[len(prefix) + 3 :] in _SHOWN_DISPLAYS:
                show_from(width, True)
    variants: list[tuple[int, bool]] = []  # Tailwind's: from a width on, narrower first
    visible_at: set[int] = set()  # Bootstrap 3's visible-*
    for name in names:
        variant, _, value = name.rpartition(":")
        start = _TAILWIND_WIDTHS.get(variant)
        if start is not None and (value == "hidden" or value in _SHOWN_DISPLAYS):
            variants.append((start, value != "hidden"))
        for hidden_at in _BOOTSTRAP3_HIDDEN.get(name, ()):
            shown[hidden_at] = False
            changed = True
        if name.startswith("visible-"):  # shown at the widths of all of them together
            visible = _BOOTSTRAP3_VISIBLE.get(name.removesuffix("-inline-block"))
            visible_at.update(visible or _BOOTSTRAP3_VISIBLE.get(name.rsplit("-", 1)[0], ()))
        squeezed = name.replace("-", "").replace("_", "")
        if squeezed in NARROW_ONLY_CLASSES:
            shown[_WIDE_FROM:] = [False] * (len(shown) - _WIDE_FROM)
            changed = True
        elif squeezed in WIDE_ONLY_CLASSES:
            shown[:_WIDE_FROM] = [False] * _WIDE_FROM
            changed = True
    for start, shows in sorted(variants):
        show_from(start, shows)
    if visible_at:
        shown = [on and width in visible_at for width, on in enumerate(shown)]
        changed = True
    return tuple(shown) if changed and not all(shown) else None


#: The elements whose classes may name widths (:func:`layout_widths`).
_LAYOUT_CLASS_SELECTOR: Final = (
    '[class*="none" i], [class*="hid" i], [class*="only" i], [class*="visible" i]'
)


def layout_alternatives(
    root: Any, *, inline: Callable[[Any], bool] = lambda element: element.tag in INLINE_TAGS
) -> list[Any]:
    """The inline elements under ``root`` (``inline`` tells which are) that a sibling
    replaces at other widths: of siblings that a framework's display classes show at
    widths that never meet (:func:`layout_widths`), every one but the one shown widest,
    which the page's ``<title>`` most often names ("The quiet comeback of the tram" for
    wide screens beside "Trams are back" for phones).  Siblings shown together at some
    width are no alternatives (a line that grows on wide screens)."""
    groups: dict[int, list[tuple[Any, tuple[bool, ...]]]] = {}
    for element in root.css(_LAYOUT_CLASS_SELECTOR):
        widths = layout_widths(element.attributes.get("class") or "")
        parent = element.parent
        if widths is None or not any(widths) or parent is None or not inline(element):
            continue
        groups.setdefault(int(parent.mem_id), []).append((element, widths))
    replaced: list[Any] = []
    for members in groups.values():
        if len(members) < 2 or not all(
            not any(a and b for a, b in zip(one[1], other[1], strict=True))
            for index, one in enumerate(members)
            for other in members[index + 1 :]
        ):
            continue
        widest = max(members, key=lambda member: max(i for i, on in enumerate(member[1]) if on))
        replaced.extend(element for element, _ in members if element is not widest[0])
    return replaced


#: Class names with which carousel libraries mark the slides they copy so that the
#: carousel loops: Slick's ``slick-cloned``, Swiper's ``swiper-slide-duplicate``,
#: Splide's ``splide__slide--clone``, Glide's ``glide__slide--clone``, bxSlider's
#: ``bx-clone``, and Owl Carousel's ``cloned`` (beside ``owl-item``).
CAROUSEL_CLONE_CLASSES: Final = frozenset(
    {"slick-cloned", "swiper-slide-duplicate", "splide__slide--clone", "glide__slide--clone"}
    | {"bx-clone"}
)


def is_carousel_clone(element: Any) -> bool:
    """Whether ``element`` is a slide a carousel copied (:data:`CAROUSEL_CLONE_CLASSES`):
    the copy of the last slide it puts before the first, and of the first after the
    last."""
    names = element.attributes.get("class") if element.attributes else None
    if not names or ("clone" not in names and "duplicate" not in names):
        return False
    tokens = names.split()
    return any(token in CAROUSEL_CLONE_CLASSES for token in tokens) or (
        "cloned" in tokens and "owl-item" in tokens
    )


def in_heading(element: Any, levels: int) -> bool:
    """Whether one of the ``levels`` nearest ancestors of ``element`` is a heading (a
    button there heads what it shows: an accordion's question, WAI-ARIA Authoring
    Practices' "Accordion Pattern")."""
    return within(element.parent, HEADING_TAGS, levels)


def control_in_line(node: Any) -> bool:
    """Whether ``node`` is one of :data:`INLINE_CONTROL_TAGS` with text on both sides of
    it: a box inside a sentence, not a button of its own."""
    return (
        node.tag in INLINE_CONTROL_TAGS
        and beside_text(node.prev, backwards=True)
        and beside_text(node.next, backwards=False)
    )


#: How far above a ``<code>`` a ``<pre>`` makes it a program's own text, or a link the
#: link's words (:func:`is_code_block`: ``<pre><code>``, a highlighter's
#: ``<pre><span><code>``).
CODE_PRE_LEVELS: Final = 3
_CODE_BLOCK_HOLDERS: Final = frozenset({"pre", "a"})


def is_code_block(node: Any) -> bool:
    """Whether ``node`` is a ``<code>`` of several lines (two with text, parted by a
    ``<br>``) outside any ``<pre>`` or link: a block of code that the page's style sheet
    shows as one (SMF's ``<code class="bbc_code">``, whose lines are ``<br>``s), not the
    inline code of a sentence, which has no line break.  Without the style sheet the
    HTML standard's default lays ``<code>`` out inline (§15.3.3), and the lines' last one
    ran into the sentence after the block ("Август: только полив, без подкормокДля
    крупноплодных сортов")."""
    if node.tag != "code":
        return False
    child = node.first_child
    if child is None or (child.is_text_node and child.next is None):
        return False  # most code, a sentence's "f()": its text alone, no look further
    if within(node.parent, _CODE_BLOCK_HOLDERS, CODE_PRE_LEVELS):
        return False  # (a link's code is a link's words: the link would be lost)
    if node.css_first("br") is None:
        return False
    lines = 0
    seen_text = False
    for part in node.traverse(include_text=True):
        if part.tag == "br":
            lines += seen_text
            seen_text = False
        elif part.is_text_node and (part.text_content or "").strip():
            seen_text = True
    return lines + seen_text >= 2


#: schema.org types (microdata ``itemtype``) of an item that is one post among others:
#: a question and its answers, a thread's posts, reviews, the entries of a blog's page.
POST_TYPES: Final = frozenset(
    {
        "question", "answer", "comment", "discussionforumposting", "socialmediaposting",
        "review", "blogposting", "article", "newsarticle",
    }
)  # fmt: skip
#: Class names of a post that repeats among its siblings (phpBB's ``post``, Stack
#: Exchange's ``answer``, old Reddit's and WordPress's ``comment``), alone or as the last
#: part of a name (Bugzilla's ``bz_comment``, a forum's ``topic-post``).
POST_CLASSES: Final = frozenset({"post", "answer", "comment", "message", "reply"})
_CLASS_PARTS: Final = re.compile(r"[-_]")


def _post_classes(classes: str) -> set[str]:
    """The class names in ``classes`` that name a post (:data:`POST_CLASSES`)."""
    return {
        name
        for name in classes.lower().split()
        if name in POST_CLASSES or _CLASS_PARTS.split(name)[-1] in POST_CLASSES
    }


def is_post(node: Any, *, past_spacers: bool = False) -> bool:
    """Whether ``node`` is one post of a page of several: an ``<article>`` (the HTML
    standard, §4.3.2: "a forum post, a user-submitted comment", each one of its own), an
    item of a post's schema.org type (:data:`POST_TYPES`), or an element of a post's
    class (:data:`POST_CLASSES`) beside another of the same tag and class.  With
    ``past_spacers``, the sibling is looked for past empty elements (old Reddit's ``<div
    class="clearleft"></div>`` after each comment): the layout parts such posts.  The
    extractor's runs of posts do not: held out (two of the model's three members), WCXB
    0.884946 to 0.884933, one forum page better by 0.0002 and one worse by 0.018."""
    if node.tag == "article":
        return True
    attributes = node.attributes
    if _post_types(node):
        return True
    names = _post_classes(attributes.get("class") or "")
    if not names:
        return False
    return any(
        names.intersection((sibling.attributes.get("class") or "").lower().split())
        for sibling in _alike_siblings(node, past_spacers=past_spacers)
    ) or _wrapped_alike(node, names)


def _wrapped_alike(node: Any, names: set[str]) -> bool:
    """Whether ``node`` is the only element of its parent, and the parent's sibling of
    its tag holds only an element of ``node``'s tag and one of ``names``: each post in
    a wrapper of its own (Telegram's channel page, ``<div class="tgme_widget_message_wrap">``
    around each ``<div class="tgme_widget_message">``)."""
    parent = node.parent
    if parent is None or _alike_siblings(node) or _other_elements(node):
        return False
    for wrapper in _alike_siblings(parent):
        inner = _only_element(wrapper)
        if (
            inner is not None
            and inner.tag == node.tag
            and names.intersection((inner.attributes.get("class") or "").lower().split())
        ):
            return True
    return False


#: How many wrappers above an element of a post's class, without a like sibling of its
#: own, the post it stands for is looked for (:func:`wrapped_posts`).
WRAPPED_POST_LEVELS: Final = 3
#: Posts a run of wrapped posts needs under one parent (:func:`wrapped_posts`).
WRAPPED_POST_MIN: Final = 3


def wrapped_posts(candidates: Iterable[Any]) -> dict[int, Any]:
    """For the elements of a post's class (:data:`POST_CLASSES`) among ``candidates``
    (the caller's elements that are no post on their own, :func:`is_post`: no sibling
    alike), the wrapper each stands for, by the element's ``mem_id``: the nearest
    ancestor, at most :data:`WRAPPED_POST_LEVELS` up, of which :data:`WRAPPED_POST_MIN`
    or more share a parent, a tag and a class, each holding one such element the same
    number of levels down (a wrapper of several is a section of them).

    A timeline writes each comment a few wrappers deep, and the wrappers are the
    siblings: GitHub's issue page puts ``div.timeline-comment`` under
    ``div.timeline-comment-group`` under ``div.TimelineItem`` under each
    ``div.js-timeline-item``, the items of the discussion (its events, "added the Bug
    label", are items too, without a comment).  A comment alone in its wrapper is not
    one post of several to :func:`is_post`, so a thread's last comment lost the slot its
    others were kept in (a newcomer's pandas issue).  A post of a run further up goes
    before the wrapper (:func:`unboiler.filters.units.post_slots`; a lone one, the
    thread's ``<article>`` around the timeline, does not), and a class word only in a
    BEM modifier names no post ("price-module--with-commercial-message": a shop's
    cards).  Held out (``benchmarks/default_cv.py --load``): WCXB 0.886248 to 0.886230,
    two pages better (a forum's thread, a listing of posts), one worse (an auction page
    whose gold leaves its sellers' feedback out, kept now under a template kept in most
    items); scrapinghub and readability unchanged.  Four levels instead of three: the
    same."""
    groups: dict[tuple[int, int, str, str | None, str], dict[int, tuple[Any, list[int]]]] = {}
    for element in candidates:
        # a BEM modifier names a variant, not the element ("price-module--with-message")
        names = {
            name
            for name in _post_classes(element.attributes.get("class") or "")
            if "--" not in name
        }
        if not names:
            continue
        node = element
        for level in range(1, WRAPPED_POST_LEVELS + 1):
            node = node.parent
            if node is None or node.parent is None:
                break
            key = (
                node.parent.mem_id,
                level,
                node.tag or "",
                node.attributes.get("class"),
                element.tag or "",
            )
            held = groups.setdefault(key, {}).setdefault(node.mem_id, (node, []))
            held[1].append(element.mem_id)
    found: dict[int, Any] = {}
    # A wrapper of several such elements is a section of them, not one post: so each
    # element stands for one wrapper at most (the one further up holds the run's others).
    for key in groups:
        alone = [
            (node, elements[0]) for node, elements in groups[key].values() if len(elements) == 1
        ]
        if len(alone) >= WRAPPED_POST_MIN:
            for node, element in alone:
                found.setdefault(element, node)
    return found


def _other_elements(node: Any) -> bool:
    """Whether ``node`` has an element sibling."""
    for backwards in (True, False):
        sibling = node.prev if backwards else node.next
        while sibling is not None:
            if sibling.is_element_node:
                return True
            sibling = sibling.prev if backwards else sibling.next
    return False


def _only_element(node: Any) -> Any:
    """The one element child of ``node``, or None when it has none or several."""
    found = None
    child = node.first_child
    while child is not None:
        if child.is_element_node:
            if found is not None:
                return None
            found = child
        child = child.next
    return found


#: Empty elements looked past for a post's sibling (:func:`_alike_siblings`): a spacer or
#: two between posts; a run of empty elements of a post's class is no spacer, and
#: walking all of it from each was quadratic in its length.
MAX_SPACERS: Final = 2


def _alike_siblings(node: Any, *, past_spacers: bool = False) -> list[Any]:
    """The elements right before and right after ``node`` among its siblings (text and
    comments aside, and with ``past_spacers`` empty elements: a layout's spacer between
    posts is no neighbour a reader sees) that have its tag."""
    found = []
    for backwards in (True, False):
        sibling = node.prev if backwards else node.next
        spacers = MAX_SPACERS if past_spacers else 0
        while sibling is not None and (
            not sibling.is_element_node or (spacers > 0 and sibling.child is None)
        ):
            if sibling.is_element_node:
                spacers -= 1
            sibling = sibling.prev if backwards else sibling.next
        if sibling is not None and sibling.tag == node.tag:
            found.append(sibling)
    return found


#: The words a forum's or a blog's software numbers its posts' ids with, from its
#: database: vBulletin's ``post_98765`` (version 4's thread is an ``<ol>`` of them),
#: SMF's ``msg_118842``, Discuz!'s ``post_5012345``, WordPress's ``comment-12`` (older
#: themes ``li-comment-12``).  An id of another word and a number (``menu-item-12``)
#: says nothing: menus and carousels are numbered too.
POST_ID_WORDS: Final = ("post", "msg", "message", "comment", "reply", "answer")
_POST_ID: Final = re.compile(rf"(?:^|[-_])({'|'.join(POST_ID_WORDS)})[-_]?[0-9]+$", re.IGNORECASE)


def numbered_post(node: Any) -> bool:
    """Whether ``node``'s id numbers it as a post (:data:`POST_ID_WORDS`) beside a
    sibling of the same tag numbered with the same word.  The layout reads such a run
    as posts.  The extractor's runs of posts (:func:`is_post`) leave ids out: with
    them, WCXB's held-out F1 fell 0.88558 to 0.88554 (5 pages worse, none better), its
    slots filling in comments and a thread's closing notices that the gold leaves out."""
    numbered = _POST_ID.search(node.attributes.get("id") or "")
    if numbered is None:
        return False
    word = numbered.group(1).lower()
    for sibling in _alike_siblings(node):
        other = _POST_ID.search(sibling.attributes.get("id") or "")
        if other is not None and other.group(1).lower() == word:
            return True
    return False


#: What may be a post numbered by its id (:func:`numbered_post`), for the selector engine.
NUMBERED_SELECTOR: Final = ", ".join(f'[id*="{word}" i]' for word in POST_ID_WORDS)
#: What may be a post (:func:`is_post`), for a page's selector engine to find them all.
POST_SELECTOR: Final = ", ".join(
    ["article", "[itemtype]", *(f'[class*="{name}" i]' for name in sorted(POST_CLASSES))]
)


#: How far above a post another one is looked for that holds it (the walk stays linear
#: in a page of posts nested thousands deep).
POST_HOLDER_LEVELS: Final = 32


def post_ids(
    tree: Any, *, innermost: bool = False, numbered: bool = False, past_spacers: bool = False
) -> frozenset[int]:
    """The addresses (``mem_id``) of a page's posts (:func:`is_post`, past spacers with
    ``past_spacers``, and with ``numbered`` those of :func:`numbered_post`): found once
    by the page's selector engine, a walk then compares addresses instead of reading
    every element's attributes.  With ``innermost``, a post that holds another and has
    no other post under its parent is left out: it is the thread's box (Stack Exchange's
    ``Question`` item around its answers), not one post among others; a reply alone in
    a box of its own inside the post it answers (:func:`_reply_in_post`) is one more,
    and stays one, whatever replies it holds, when the post it is in stays."""
    if tree is None:
        return frozenset()
    candidates = tree.css(POST_SELECTOR)
    posts = [element for element in candidates if is_post(element, past_spacers=past_spacers)]
    if numbered:
        known = {element.mem_id for element in posts}
        posts += [
            element
            for element in tree.css(NUMBERED_SELECTOR)
            if element.mem_id not in known and numbered_post(element)
        ]
    found = frozenset(element.mem_id for element in posts)
    if not innermost or len(found) < 2:
        return found
    # a reply alone under the post it answers (old Reddit's and Disqus's trees: each
    # comment's replies in a box of their own) is one post more
    known = set(found)
    posts += [
        element
        for element in candidates
        if element.mem_id not in known and _reply_in_post(element, known)
    ]
    found = frozenset(element.mem_id for element in posts)
    holders = set()
    for element in posts:
        node = element.parent
        for _ in range(POST_HOLDER_LEVELS):
            if node is None:
                break
            if node.mem_id in found:
                holders.add(node.mem_id)
            node = node.parent
    # a post among posts of the same parent stays one, whatever it holds (an answer and
    # its comments, with an advertisement's box between it and the next answer); so
    # does a reply inside a post that stays, whatever replies it holds
    siblings = Counter(element.parent.mem_id for element in posts if element.parent is not None)
    alone = [
        element
        for element in posts
        if element.mem_id in holders
        and (element.parent is None or siblings[element.parent.mem_id] < 2)
    ]
    boxes = {element.mem_id for element in alone}
    staying = found - boxes
    return staying | {element.mem_id for element in alone if _inside(element, staying)}


def same_kind_of_post(post: Any, holder: Any) -> bool:
    """Whether ``post``, inside the post ``holder``, is a post of its kind: a reply of
    the comment's class in the comment it answers (old Reddit, Disqus), and not a
    comment under a question's answer (Stack Exchange), which is part of the answer."""
    names = _post_classes(post.attributes.get("class") or "")
    if names & _post_classes(holder.attributes.get("class") or ""):
        return True
    kinds = _post_types(post)
    return bool(kinds) and kinds == _post_types(holder)


def _post_types(node: Any) -> set[str]:
    """The post's schema.org types (:data:`POST_TYPES`) of ``node``'s ``itemtype``."""
    itemtype = node.attributes.get("itemtype") or ""
    return {url.rstrip("/").rsplit("/", 1)[-1].lower() for url in itemtype.split()} & POST_TYPES


def _reply_in_post(node: Any, posts: set[int]) -> bool:
    """Whether ``node`` has a post's class (:data:`POST_CLASSES`) that the nearest of
    the ``posts`` above it has too: a reply inside the comment it answers."""
    names = _post_classes(node.attributes.get("class") or "")
    if not names:
        return False
    above = node.parent
    for _ in range(POST_HOLDER_LEVELS):
        if above is None:
            return False
        if above.mem_id in posts:
            return bool(names.intersection((above.attributes.get("class") or "").lower().split()))
        above = above.parent
    return False


def _inside(node: Any, holders: frozenset[int]) -> bool:
    """Whether one of ``holders`` is above ``node`` (:data:`POST_HOLDER_LEVELS` at most)."""
    above = node.parent
    for _ in range(POST_HOLDER_LEVELS):
        if above is None:
            return False
        if above.mem_id in holders:
            return True
        above = above.parent
    return False


def lexbor_tag_ids(names: Iterable[str]) -> tuple[dict[str, int], int, int]:
    """Lexbor's numeric tag id of each element name, and the ids of text and comment nodes.

    Found by parsing one sample of every name: the ids of standard tags are fixed inside
    lexbor but not exported by selectolax, and comparing integers in a walk is much cheaper
    than comparing tag names.  Custom elements get ids outside the standard range.
    """
    wanted = set(names)
    sample = "".join(f"<{name}></{name}>" for name in sorted(wanted - _NESTED_TAGS))
    tree = LexborHTMLParser(f"<body>{_NESTED_SAMPLE}{sample}x<!--c-->")
    ids: dict[str, int] = {}
    text_id = comment_id = -1
    for node in tree.root.traverse(include_text=True):  # type: ignore[union-attr]
        if node.is_text_node:
            text_id = node.tag_id
        elif node.is_comment_node:
            comment_id = node.tag_id
        else:
            ids.setdefault(node.tag or "", node.tag_id)
    missing = wanted - set(ids)
    if missing or text_id < 0 or comment_id < 0:  # pragma: no cover - guards a lexbor change
        raise ConfigurationError(f"lexbor did not report tag ids for {sorted(missing)}")
    return ids, text_id, comment_id


__all__ = [
    "ADDED_IGNORABLE_TAGS",
    "ADDED_INLINE_TAGS",
    "ANCHOR_TAG",
    "BLOCK_DISPLAY_TAGS",
    "BOILERPIPE_IGNORABLE_TAGS",
    "BOILERPIPE_INLINE_SPACE_TAGS",
    "BOILERPIPE_INLINE_TAGS",
    "CAROUSEL_CLONE_CLASSES",
    "CELL_TAGS",
    "CODE_PRE_LEVELS",
    "FIELD_TAG",
    "HEADING_LEVELS",
    "HEADING_TAGS",
    "HIDING_STYLE",
    "IGNORED_TAGS",
    "INLINE_CONTROL_TAGS",
    "INLINE_TAGS",
    "IN_LINE_IGNORED_TAGS",
    "LANDMARK_TAGS",
    "LAYOUT_HIDING_CLASSES",
    "LAYOUT_HIDING_PREFIXES",
    "LINE_BREAK_TAGS",
    "NARROW_ONLY_CLASSES",
    "NUMBERED_SELECTOR",
    "POST_CLASSES",
    "POST_HOLDER_LEVELS",
    "POST_SELECTOR",
    "POST_TYPES",
    "PRINT_HIDING_CLASSES",
    "QUOTATION_SELECTOR",
    "WIDE_ONLY_CLASSES",
    "WRAPPED_POST_LEVELS",
    "WRAPPED_POST_MIN",
    "beside_text",
    "control_in_line",
    "hides_in_some_layout",
    "in_heading",
    "is_carousel_clone",
    "is_code_block",
    "is_post",
    "is_quotation",
    "layout_alternatives",
    "layout_widths",
    "lexbor_tag_ids",
    "nearest_marks",
    "post_ids",
    "same_kind_of_post",
    "same_node",
    "within",
    "wrapped_posts",
]
