"""Declarative shadow roots, attached as a browser attaches them.

A page rendered on the server by a web-component library (Lit, Stencil, Salesforce's
LWC) writes each component's own markup in a ``<template shadowrootmode="open">`` first
in the component's element: a browser's parser takes that template's content out of the
page and makes it the element's shadow tree, which is what is shown, the element's own
children appearing only where the shadow tree has a ``<slot>`` for them (HTML Living
Standard, §13.2.6.4.4 "The 'in head' insertion mode", a start tag ``template`` with a
``shadowrootmode``; DOM Standard, §4.2.2.3 "Finding slots and slottables").  lexbor keeps
a template's content apart from the tree, as for any template, so an article written in
a shadow root was lost whole (a newcomer's documentation page came out as its one
slotted note).  :func:`attach_shadow_roots` moves each shadow tree into the page and the
element's children into its slots, so that every later step reads the page as shown.
"""

from __future__ import annotations

import re
from typing import Final

from selectolax.lexbor import LexborHTMLParser, LexborNode

from unboiler.tags import HEADING_TAGS

#: The attributes that make a ``<template>`` a declarative shadow root: the standard's
#: ``shadowrootmode``, and ``shadowroot``, the name Chrome shipped first (Chrome 90 to
#: 111), which pages rendered then still carry, often beside the other.
SHADOW_ROOT_ATTRIBUTES: Final = ("shadowrootmode", "shadowroot")
#: Their modes: any other value leaves the template a template (HTML Living Standard,
#: the ``shadowrootmode`` attribute's keywords).
SHADOW_ROOT_MODES: Final = frozenset({"open", "closed"})
#: The elements that can host a shadow root besides custom elements, whose names hold a
#: hyphen (DOM Standard, §4.9 ``attachShadow()``, "valid shadow host name"); a template
#: in any other element is no shadow root.
SHADOW_HOST_TAGS: Final = HEADING_TAGS | frozenset(
    {"article", "aside", "blockquote", "body", "div", "footer", "header", "main", "nav"}
    | {"p", "section", "span"}
)
#: Rounds of attaching: a shadow tree can hold components with shadow roots of their
#: own, which come into the page only when the tree around them is attached (Lit nests
#: them a few deep; a page nesting them deeper keeps the rest as templates).
MAX_SHADOW_ROUNDS: Final = 32
#: The most shadow roots attached on one page: a documentation page's hundreds of
#: buttons and icons, not a page built to make every round scan thousands.
MAX_SHADOW_ROOTS: Final = 5_000

#: A template start tag with the attribute: the source is searched for it before the
#: tree is (scripts name ``shadowRoot`` on many pages that have no such template, and
#: listing the tree's templates cost 7 ms a page on WCXB).
#: (an attribute at most 2,000 characters into the tag, and none of ``<`` ``>`` before
#: it: a search from each of a page's unclosed ``<template`` stops there, so the scan
#: is linear)
_MARK: Final = re.compile(r"<template\b[^<>]{0,2000}?\sshadowroot(?:mode)?\s*=", re.IGNORECASE)


def _is_shadow_root(template: LexborNode) -> bool:
    attributes = template.attributes
    return any(
        (attributes.get(name) or "").strip().lower() in SHADOW_ROOT_MODES
        for name in SHADOW_ROOT_ATTRIBUTES
    )


def _can_host(element: LexborNode) -> bool:
    tag = element.tag or ""
    return element.is_element_node and ("-" in tag or tag in SHADOW_HOST_TAGS)


def attach_shadow_roots(tree: LexborHTMLParser, source: str) -> int:
    """Attach the page's declarative shadow roots (see the module's docstring) and return
    how many were attached.  Only an element's first shadow root template counts, as in
    a browser; later ones stay templates, whose content no step reads, wherever a slot
    puts them."""
    if _MARK.search(source) is None:  # the page's source holds none: nothing to look for
        return 0
    attached: set[int] = set()
    inert: set[int] = set()  # templates a browser leaves templates: never attached
    for _ in range(MAX_SHADOW_ROUNDS):
        progress = False
        for fragment in tree.template_fragments():
            template = fragment.parent
            host = template.parent if template is not None else None
            if (
                template is None
                or host is None
                or template.mem_id in inert
                or not _is_shadow_root(template)
                or not _can_host(host)
                or host.mem_id in attached
            ):
                continue
            if len(attached) >= MAX_SHADOW_ROOTS:
                return len(attached)
            attached.add(host.mem_id)
            inert.update(_attach(template, fragment, host))
            progress = True
        if not progress:
            break
    return len(attached)


def _attach(template: LexborNode, fragment: LexborNode, host: LexborNode) -> list[int]:
    """Put ``fragment`` (``template``'s content) in ``host`` in the template's place, and
    ``host``'s other children into the shadow tree's slots: each into the first slot of
    its name (an element's ``slot`` attribute; a text's is none), the default slot being
    the one without a name.  A slot that gets none shows its own content (its fallback);
    a child that finds no slot is not shown, and goes.  Returns the ``mem_id`` of the
    host's other shadow root templates: a browser's parser leaves a second one a plain
    template, which no later round may attach where a slot put it."""
    light = [
        child
        for child in host.iter(include_text=True)
        if child.mem_id != template.mem_id and (child.is_element_node or child.is_text_node)
    ]
    inert = [child.mem_id for child in light if child.tag == "template" and _is_shadow_root(child)]
    shadow = list(fragment.iter(include_text=True))
    for node in shadow:
        template.insert_before(node, move=True)
    template.decompose()
    slots: dict[str, LexborNode] = {}
    every_slot: list[LexborNode] = []
    for node in shadow:
        if not node.is_element_node:
            continue
        found = ([node] if node.tag == "slot" else []) + node.css("slot")
        for slot in found:
            every_slot.append(slot)
            slots.setdefault(slot.attributes.get("name") or "", slot)
    filled: set[int] = set()
    for child in light:
        name = (child.attributes.get("slot") or "") if child.is_element_node else ""
        target = slots.get(name)
        if target is None:
            child.decompose()
            continue
        target.insert_before(child, move=True)
        filled.add(target.mem_id)
    for slot in reversed(every_slot):  # a slot in another's fallback before that one
        if slot.mem_id in filled:
            slot.decompose()  # its children are its fallback, not shown
        else:
            slot.unwrap()
    return inert


__all__ = [
    "MAX_SHADOW_ROOTS",
    "MAX_SHADOW_ROUNDS",
    "SHADOW_HOST_TAGS",
    "SHADOW_ROOT_ATTRIBUTES",
    "SHADOW_ROOT_MODES",
    "attach_shadow_roots",
]
