"""A button's label is the page's control, not its content.

A ``<button>`` is interactive content (HTML standard, §4.10.6): its text says what
pressing it does ("Filter by Brand", "Show 90 results per page", "Save this event: …",
"Copy code block"), and a reader of the extracted text cannot press anything.  The
block model judged such labels one by one and kept them where they sat among content:
a shop's filter panel above its products, the "Copy" and "Report" buttons over every
code sample of a documentation page.

Two kinds of button hold text that is content, and keep it:

- the header of an accordion (WAI-ARIA Authoring Practices, "Accordion Pattern"): a
  button inside a heading, or one that says what it shows (``aria-expanded``,
  ``aria-controls``); a FAQ's questions are written so;
- a question ("How long can I rent equipment for?"), which is a FAQ's entry in markup
  that follows no pattern;
- a table cell's whole content (:func:`_cell_value`): a data table whose cells open
  more about them (MDN's browser compatibility table: "Full support Chrome 69" in a
  button that shows the version's history) holds its data in the buttons.

A tooltip (WAI-ARIA 1.2, role ``tooltip``: "a contextual popup that displays a
description for an element") is a control's too: its text shows while a pointer rests on
the control ("This answer is useful", "Copied!", "Read Later", a price plan's feature
explained), and a reader of the extracted text has neither.  Every block inside one is
left out.  On the held-out run below (then at WCXB 0.88130): WCXB 0.88140 (product
0.6579 to 0.6598, listing 0.7556 to 0.7553; 4 pages better, 2 worse), scrapinghub and
readability unchanged.  In the three datasets, 191 of the 202 tooltips with text are
absent from the gold, and the other 11 are words the page also shows elsewhere.

A link without an address whose ``role`` says it is a button (WAI-ARIA 1.2, role
``button``; without ``href`` an ``<a>`` leads nowhere) is one: XenForo's "Click to
expand..." under every long quotation of a forum thread.  On the held-out run below,
then at WCXB 0.88348: 0.88349 (one forum page better by 0.012, none worse), scrapinghub
and readability unchanged.  So is a link to "#" of a few words that the page repeats
(:func:`_hash_controls`), which a script makes a control: HyperKitty's "Show quoted
text" over each quotation of a mailing list's message, kept three times in a
newcomer's page.  On the held-out run, then at WCXB 0.886230: 0.886234 (three shops'
pages better: "Quick view", a carousel's "Previous page" and "Next page"; none worse),
scrapinghub and readability unchanged.  Any link to "#" of at most six words, said once
or more, gave 0.886240 (8 pages better, 3 worse), but a card's title, a glossary's term,
a recipe's step and an accordion's header linked to "#" went with it, as controls.

A share bar's own words ("Share", "शेयर करें" beside the networks' icons) label its
share links (:data:`SHARE_LINKS`), and are a control's too.  A bar is the element
around two such links with at most :data:`SHARE_LABEL_MAX_WORDS` words outside them:
without that bound, "click to tweet" quotations of the text and the sections around
share links went with them (held-out run below: scrapinghub 0.96654 to 0.96644, WCXB two
pages worse); with it, no benchmark page changes, and a newcomer's Hindi live blog lost
the "शेयर करें" under each of its eleven updates.

A heading whose section opens with labels and keeps nothing names the form ("Did you
find what you were looking for?" over Yes and No), and goes with it
(:func:`control_headings`).

A button inside a sentence (:func:`unboiler.tags.control_in_line`) is part of the
sentence and is left alone too.  (The output's rule for a code block's buttons keeps a
button with any ``role`` or ``aria-pressed`` as well; here that kept a shop's filter
chips and tabs: WCXB 0.87884 on the run below, against 0.87909.)

Measured on the default extractor's held-out run (five folds by domain or site, the
saved probabilities of ``python benchmarks/default_cv.py``, this rule applied after the
others): WCXB 0.87831 to 0.87909 (listing 0.752 to 0.756, collection 0.679 to 0.684,
product 0.628 to 0.630, service 0.872 to 0.873, no type lower), scrapinghub and
readability unchanged; 64 of the 1,666 pages change.  Four variants were compared on
that run, so the figure is not a held-out one for the choice among them: every button
(WCXB 0.87901, but 0.0005 lower on service pages, whose FAQ questions it dropped),
accordion headers kept by heading or by ARIA state alone (0.87902, 0.87901), both
(0.87903), and both with questions (0.87909, shipped).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from unboiler.document import TextDocument
from unboiler.filters import drop_blocks
from unboiler.tags import HEADING_LEVELS, IGNORED_TAGS, control_in_line, in_heading, within
from unboiler.text import count_words, normalize_space

#: A block whose element or one of its ``BUTTON_LEVELS - 1`` nearest ancestors is a
#: ``<button>`` is the button's label (a label wrapped in a ``<span>`` or two).
BUTTON_LEVELS: Final = 3
#: The page's buttons: ``<button>``, and a link without an address or a custom element
#: (a web component, whose name has a hyphen: GitHub's ``<clipboard-copy>``) that says
#: it is one (:func:`_is_button`).  Not any element that says so: a listing's cards are
#: ``<div role="button">`` that a script makes links of (held out, every such element
#: a button: WCXB 0.88726 to 0.88690, listings 0.7606 to 0.7554).
BUTTON_SELECTOR: Final = 'button, [role="button" i]:not([href])'


def _is_button(element: Any) -> bool:
    """Whether an element :data:`BUTTON_SELECTOR` finds is a button it means."""
    tag = element.tag or ""
    return tag in ("button", "a") or "-" in tag


#: A link to "#" (the top of the page: HTML's "indicated part of the document" is the
#: document itself, §7.4.6.4) that a script makes a control says in at most this many
#: words (:func:`unboiler.text.count_words`) what it does ("Show quoted text", "Reply")
HASH_LINK_MAX_WORDS: Final = 6
#: ... and says it this many times on the page or more (:func:`_hash_controls`).
HASH_LINK_REPEATS: Final = 2
#: What a link to "#" holds when it is a card's or a section's heading, not a control.
_BLOCK_INSIDE: Final = "h1, h2, h3, h4, h5, h6, p, div, li, ul, ol, table, dl, section"
#: How far above a button a heading makes it an accordion's header
#: (``<h3><span><button>``).
HEADER_LEVELS: Final = 3
#: Attributes by which a button says it shows or hides a region (WAI-ARIA 1.2, §6.7).
DISCLOSURE_ATTRIBUTES: Final = ("aria-expanded", "aria-controls")
#: Endings of a question, in Latin, CJK (full-width), Arabic and Greek script.
QUESTION_MARKS: Final = ("?", "\uff1f", "\u061f", "\u037e")


def _accordion_header(button: Any) -> bool:
    """Whether ``button`` heads a region it shows or hides (a heading's button, or one
    with a disclosure attribute)."""
    attributes = button.attributes
    if any(name in attributes for name in DISCLOSURE_ATTRIBUTES):
        return True
    return in_heading(button, HEADER_LEVELS)


def _hash_controls(tree: Any) -> list[Any]:
    """The links to "#" that are a script's controls: each of at most
    :data:`HASH_LINK_MAX_WORDS` words, holding no heading nor other block, whose text
    :data:`HASH_LINK_REPEATS` or more such links show.  A script's control is written
    once per thing it acts on (HyperKitty's "Show quoted text" over each quotation of a
    message, "Reply" under each comment); a card's title, a glossary's term, a recipe's
    step or an accordion's header linked to "#" by a template says something once."""
    found: dict[str, list[Any]] = {}
    for link in tree.css('a[href="#"]'):
        text = normalize_space(link.text(deep=True))
        if not text or count_words(text) > HASH_LINK_MAX_WORDS or link.css_first(_BLOCK_INSIDE):
            continue
        found.setdefault(text.casefold(), []).append(link)
    return [link for links in found.values() if len(links) >= HASH_LINK_REPEATS for link in links]


def _labels_of(tree: Any) -> dict[Any, Any]:
    """Each element that is a button's label (the button, and the elements
    :data:`BUTTON_LEVELS` - 1 levels inside it), and its button.  A link that is a
    button runs on in a line, so its block is the element around it: each of its
    nearest ancestors that shows nothing else (:data:`BUTTON_LEVELS` - 1 of them) is its
    label too."""
    buttons: dict[Any, Any] = {}
    found = [element for element in tree.css(BUTTON_SELECTOR) if _is_button(element)]
    for button in [*found, *_hash_controls(tree)]:
        level = [button]
        for depth in range(BUTTON_LEVELS):
            for element in level:
                buttons.setdefault(element, button)
            if depth + 1 < BUTTON_LEVELS:  # the children of the last level are no label
                level = [child for element in level for child in element.iter(include_text=False)]
        if button.tag == "a":
            inner, parent = button, button.parent
            for _ in range(BUTTON_LEVELS - 1):
                if parent is None or not _only_child(parent, inner):
                    break
                buttons.setdefault(parent, button)
                inner, parent = parent, parent.parent
    return buttons


#: The form fields a reader types into or picks from: a ``<label>`` that names one is
#: the form's ("Sort by:" over a list of orders, "Your e-mail"; a newcomer's course
#: catalogue kept its "Järjestä:").  A checkbox's or a radio button's label is not among
#: them: a recipe's ingredients and a task list tick their own items, whose text is
#: content.  On the held-out run: WCXB 0.885882 to 0.885910 (product 0.6668 to 0.6671;
#: 9 pages better, none worse), scrapinghub 0.96723 to 0.96723 (one page better).
FIELD_SELECTOR: Final = (
    'select, textarea, input:not([type="checkbox" i]):not([type="radio" i]):not([type="hidden" i])'
)


def _field_labels(tree: Any) -> dict[Any, set[str] | None]:
    """The ``<label>`` elements of the page's form fields (:data:`FIELD_SELECTOR`),
    by ``for`` or around the field, and the elements :data:`BUTTON_LEVELS` - 1 levels
    inside them, each with None; and the elements up to as many levels around each
    such label, with the texts of the labels they hold: the label's block is one of
    them when the field beside the label shows no text of its own ("Sort by:" and a
    ``<select>`` in a ``<div>``, a shop's ``<fieldset>`` of sizes, each a radio button
    and its label), and then its text is a label's."""
    labels = tree.css("label")
    if not labels:
        return {}
    choices = [
        field
        for field in tree.css(FORM_CHOICE_SELECTOR)
        if not within(field, ("li",), CHOICE_ITEM_LEVELS)
    ]
    fields = tree.css(FIELD_SELECTOR) + choices
    if not fields:
        return {}
    named = {field.attributes.get("id") for field in fields} - {None, ""}
    chosen = {field.attributes.get("id") for field in choices} - {None, ""}
    field_set = set(fields)
    choice_set = set(choices)
    found: dict[Any, set[str] | None] = {}
    for label in labels:
        target = label.attributes.get("for")
        inside = [e for e in label.traverse(include_text=False) if e in field_set]
        if not (target and target in named) and not inside:
            continue
        # a choice's label sits deeper in its form's wrappers (Contact Form 7's three spans)
        climb = (
            CHOICE_LABEL_LEVELS
            if (target and target in chosen) or any(e in choice_set for e in inside)
            else BUTTON_LEVELS - 1
        )
        level = [label]
        for depth in range(BUTTON_LEVELS):
            found.update(dict.fromkeys(level))
            if depth + 1 < BUTTON_LEVELS:
                level = [child for element in level for child in element.iter(include_text=False)]
        text = normalize_space(label.text(deep=True))
        parent = label.parent
        for _ in range(climb):
            if parent is None or parent.tag in ("body", "html"):
                break
            held = found.setdefault(parent, set())
            if held is not None:
                held.add(text)
            parent = parent.parent
    return found


#: The ticks and choices of a form (a contact form's consent, a newsletter's topics):
#: their labels are the form's, unless a list's items hold them (a to-do list that a
#: page edits in a form, as GitHub's task lists are); outside a form they stay the
#: page's (:data:`FIELD_SELECTOR`).  A newcomer's Polish contact page kept its consent
#: text under "Napisz do nas".  On the held-out run (``benchmarks/default_cv.py
#: --load``): WCXB 0.886212 to 0.886248 (5 pages better, 1 worse: a shop's size
#: choices, which its gold keeps), scrapinghub and readability unchanged.  A choice
#: outside a form that names one in its ``form`` attribute is a form's too (Shopify's
#: variant picker; HTML's form-associated elements, §4.10.17.3), and every label of a
#: fieldset whose labels share its block is one: WCXB 0.886234 to 0.886240 (a jeweller's
#: stone choices, a price plan's add-ons left out; none worse), the others unchanged.
FORM_CHOICE_SELECTOR: Final = (
    'form input[type="checkbox" i], form input[type="radio" i], '
    'input[form][type="checkbox" i], input[form][type="radio" i]'
)
#: How far above a form's tick its list item is looked for.
CHOICE_ITEM_LEVELS: Final = 4
#: How far around a choice's label its block's element is looked for (the label's own
#: text alone in it): Contact Form 7 wraps the label in three spans inside a ``<p>``.
CHOICE_LABEL_LEVELS: Final = 5


#: Nodes of an element read to see whether it holds one child alone (a wrapper holds
#: it and white space; a list of a thousand links is not read through for each).
WRAPPER_NODES: Final = 8


def _cell_value(button: Any) -> bool:
    """Whether ``button`` is all that a table cell (``<td>``, ``<th>``) shows, alone in
    it or in wrappers that show nothing else, :data:`BUTTON_LEVELS` - 1 of them at
    most, and its label holds a number: the cell's value, which the button opens (a
    data table's details: "Full support Chrome 69"), and no control.  A cart's
    "Remove" or a price plan's "Buy now" alone in its cell is a control's."""
    if not any(character.isdigit() for character in button.text(deep=True)):
        return False
    node = button
    for _ in range(BUTTON_LEVELS):
        parent = node.parent
        if parent is None or not _only_child(parent, node):
            return False
        if parent.tag in ("td", "th"):
            return True
        node = parent
    return False


def _only_child(parent: Any, child: Any) -> bool:
    """Whether ``child`` is all that ``parent`` shows: its other nodes, at most
    :data:`WRAPPER_NODES` of them, are white space or comments."""
    node = parent.child
    for _ in range(WRAPPER_NODES):
        if node is None:
            return True
        if node.mem_id != child.mem_id and not (
            node.is_comment_node or (node.is_text_node and not (node.text_content or "").strip())
        ):
            return False
        node = node.next
    return node is None


def _tooltip_elements(tree: Any) -> set[Any]:
    """The elements inside the page's tooltips (``role="tooltip"``), the tooltips too."""
    inside: set[Any] = set()
    for tooltip in tree.css('[role="tooltip" i]'):
        if tooltip not in inside:
            inside.update(tooltip.traverse(include_text=False))
    return inside


#: Links that share the page on a social network or by message: the endpoints the
#: services document for a share button (Facebook's sharer, X's and Twitter's intents,
#: LinkedIn's, Pinterest's, Reddit's, Telegram's, WhatsApp's).
SHARE_LINKS: Final = ", ".join(
    f'a[href*="{endpoint}" i]'
    for endpoint in (
        "facebook.com/sharer",
        "twitter.com/intent/tweet",
        "twitter.com/share",
        "x.com/intent/",
        "linkedin.com/sharearticle",
        "linkedin.com/sharing/",
        "pinterest.com/pin/create",
        "reddit.com/submit",
        "t.me/share",
        "wa.me/?text",
        "whatsapp://send",
        "api.whatsapp.com/send",
    )
)
#: A share bar: the element of its share links this many levels up at most.
SHARE_BAR_LEVELS: Final = 3
#: A share bar's own words ("Share", "Share this story", "शेयर करें"): at most so many.
SHARE_LABEL_MAX_WORDS: Final = 4


def _share_bars(tree: Any) -> set[Any]:
    """The elements of a page's share bars: the nearest element around each share link
    (:data:`SHARE_LINKS`, :data:`SHARE_BAR_LEVELS` up at most) that holds two of them
    and at most :data:`SHARE_LABEL_MAX_WORDS` words outside links (a quotation with
    its "Tweet this" link is no bar)."""
    bars: set[Any] = set()
    for link in tree.css(SHARE_LINKS):
        element = link.parent
        for _ in range(SHARE_BAR_LEVELS):
            if element is None or element.tag in ("body", "html"):
                break
            if len(element.css(SHARE_LINKS)) >= 2:
                if _unlinked_words(element) <= SHARE_LABEL_MAX_WORDS:
                    bars.add(element)
                break
            element = element.parent
    return bars


def _unlinked_words(element: Any) -> int:
    """The words of ``element``'s text outside its links, counted up to one more than
    :data:`SHARE_LABEL_MAX_WORDS`."""
    count = 0
    for node in element.traverse(include_text=True):
        if count > SHARE_LABEL_MAX_WORDS:
            break
        if not node.is_text_node:
            continue
        parent, linked = node.parent, False
        while parent is not None and parent.mem_id != element.mem_id:
            if parent.tag == "a":
                linked = True
                break
            parent = parent.parent
        if not linked:
            count += len((node.text_content or "").split())
    return count


def _share_labels(document: TextDocument, bars: set[Any]) -> set[int]:
    """The blocks that are a share bar's own label: a block of at most
    :data:`SHARE_LABEL_MAX_WORDS` words, no link, whose element or its parent is the bar."""
    found = set()
    for index, block in enumerate(document.blocks):
        node = block.node
        if node is None or block.num_words > SHARE_LABEL_MAX_WORDS or block.num_linked_words:
            continue
        if node in bars or (node.parent is not None and node.parent in bars):
            found.add(index)
    return found


#: A form's prompt over its buttons ("Was this page helpful?" over Yes and No) has at
#: most this many words ...
PROMPT_MAX_WORDS: Final = 12
#: ... and at least this many buttons after it, nothing else (one button under a
#: question is a FAQ's "Show answer").
PROMPT_MIN_BUTTONS: Final = 2
#: How a prompt ends: a question, or a colon ("Rate this article:").
_PROMPT_ENDINGS: Final = (*QUESTION_MARKS, ":", "\uff1a")


def _prompts(tree: Any) -> set[Any]:
    """The elements that prompt a form's buttons: an element of a short question or
    label (:data:`PROMPT_MAX_WORDS`, :data:`_PROMPT_ENDINGS`) whose siblings after it
    are :data:`PROMPT_MIN_BUTTONS` buttons or more and nothing else that shows text
    (a feedback box's "Apakah informasi ini membantu?" over "Ya" and "Tidak", a
    newcomer's Indonesian service page; its buttons were left out, the question kept
    as the text's last line).  On the held-out run, no page of the three benchmarks
    changes."""
    prompts: set[Any] = set()
    seen: set[Any] = set()
    for button in tree.css("button"):
        parent = button.parent
        if parent is None or parent in seen:
            continue
        seen.add(parent)
        children = [child for child in parent.iter(include_text=True) if _shows(child)]
        first = next((i for i, child in enumerate(children) if child.tag == "button"), None)
        if first is None or first == 0:
            continue
        after = children[first:]
        if len(after) < PROMPT_MIN_BUTTONS or any(child.tag != "button" for child in after):
            continue
        prompt = children[first - 1]
        if not prompt.is_element_node or prompt.tag == "button":
            continue
        text = normalize_space(prompt.text(deep=True))
        if text.endswith(_PROMPT_ENDINGS) and len(text.split()) <= PROMPT_MAX_WORDS:
            prompts.add(prompt)
    return prompts


def _shows(node: Any) -> bool:
    """Whether ``node``, a child of an element, shows something: an element that is
    not a script or the like, or text that is not white space."""
    if node.is_text_node:
        return bool((node.text_content or "").strip())
    return node.is_element_node and node.tag not in IGNORED_TAGS


def control_labels(document: TextDocument) -> frozenset[int]:
    """The blocks that are a button's label or a tooltip's text, and no content (see
    the module docstring), and a share bar's label (:func:`_share_bars`)."""
    tree = document.tree
    if tree is None:
        return frozenset()
    buttons = _labels_of(tree)  # the page's buttons walked, not every block's ancestors
    tooltips = _tooltip_elements(tree)
    bars = _share_bars(tree)
    fields = _field_labels(tree)
    prompts = _prompts(tree) if buttons else set()
    if not buttons and not tooltips and not bars and not fields:
        return frozenset()
    labels = _share_labels(document, bars) if bars else set()
    for index, block in enumerate(document.blocks):
        if block.node in tooltips or block.node in prompts:
            labels.add(index)
            continue
        if block.node in fields:
            texts = fields[block.node]
            if texts is None or normalize_space(block.text) in texts:
                labels.add(index)
                continue
        button = buttons.get(block.node)
        if (
            button is not None
            and not block.text.rstrip().endswith(QUESTION_MARKS)
            and not control_in_line(button)
            and not _accordion_header(button)
            and not _cell_value(button)
        ):
            labels.add(index)
    return frozenset(labels)


def control_headings(
    keep: npt.NDArray[np.bool_],
    words: npt.NDArray[np.float64],
    levels: Sequence[int],
    labels: Collection[int],
) -> list[int]:
    """The kept headings (``levels``: each block's heading level, 0 for none) whose
    section, up to the next heading of the same or a higher level, keeps no block, and
    opens with controls' labels (``labels``: :func:`control_labels`): the first of its
    blocks with words is one.

    Such a heading names a form, not content: a service page's "Did you find what you
    were looking for?" over its Yes and No buttons, a shop's "Filter controls", "Compare
    Products".  With the buttons left out, the heading stood alone at the end of the
    text.  Measured on the held-out run (the saved probabilities of
    ``benchmarks/default_cv.py --load``, this code's rules): WCXB 0.88146 to 0.88153
    (product 0.6599 to 0.6609), scrapinghub and readability unchanged; a list of
    companies whose names head only a "Visit website" button loses them, which WCXB's
    gold keeps on one page."""
    if not labels:
        return []
    found = []
    count = len(levels)
    for heading in np.flatnonzero(keep).tolist():
        level = levels[heading]
        if level <= 0:
            continue
        first = heading + 1
        while first < count and words[first] <= 0 and not levels[first]:
            first += 1
        if first not in labels:  # the common case: no section's end is looked for
            continue
        end = first + 1
        while end < count and not 0 < levels[end] <= level:
            end += 1
        if not keep[heading + 1 : end].any():
            found.append(heading)
    return found


def drop_control_labels(document: TextDocument) -> bool:
    """Filter: the content blocks that are a button's label (:func:`control_labels`)
    become boilerplate, and so do the headings over nothing but such labels
    (:func:`control_headings`)."""
    labels = control_labels(document)
    if not labels:
        return False
    blocks = document.blocks
    changed = drop_blocks(document, labels)
    keep = np.fromiter((block.is_content for block in blocks), np.bool_, len(blocks))
    words = np.fromiter((block.num_words for block in blocks), np.float64, len(blocks))
    levels = [
        HEADING_LEVELS.get(block.node.tag, 0) if block.node is not None else 0 for block in blocks
    ]
    return drop_blocks(document, control_headings(keep, words, levels, labels)) or changed


__all__ = [
    "BUTTON_LEVELS",
    "BUTTON_SELECTOR",
    "DISCLOSURE_ATTRIBUTES",
    "HEADER_LEVELS",
    "QUESTION_MARKS",
    "SHARE_BAR_LEVELS",
    "SHARE_LABEL_MAX_WORDS",
    "SHARE_LINKS",
    "WRAPPER_NODES",
    "control_headings",
    "control_labels",
    "drop_control_labels",
]
