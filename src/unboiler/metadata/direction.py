"""The direction of the content's text, left to right or right to left.

A reader's page that shows Arabic, Hebrew or Persian text must be told to lay it out from
the right: the page says so with HTML's ``dir`` attribute, which an element inherits from
its nearest ancestor that sets it (HTML standard, §3.2.6.4 "The dir attribute").  So the
content's direction is read where the content is, not only on ``<html>``: a site can
declare ``dir="ltr"`` on the whole page and ``dir="rtl"`` on its ``<body>`` or
``<main>``.  Mozilla Readability reports the same fact (its ``dir`` field) from the
ancestors of the element it chose; here every kept block votes with its words, from its
own element up, so that a quotation in another script does not decide for the article
around it.

Only what the page declares counts: ``dir="auto"`` (the browser guesses from the text)
and no ``dir`` at all give None, as they give no declaration to pass on.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Final

from unboiler.document import TextDocument

#: The values of ``dir`` that declare a direction (HTML standard, §3.2.6.4).
DIRECTIONS: Final = frozenset({"ltr", "rtl"})


def _declared(element: Any, known: dict[int, str | None]) -> str | None:
    """The direction ``element`` inherits: its own ``dir``, else its nearest ancestor's.
    ``known`` remembers the answer of every element walked, so that the blocks of one
    page walk each ancestor once."""
    walked: list[int] = []
    found: str | None = None
    while element is not None:
        key = element.mem_id
        if key in known:
            found = known[key]
            break
        walked.append(key)
        value = (element.attributes.get("dir") or "").strip().lower()
        if value:
            # "auto" or a wrong value declares no direction, and stops inheritance too
            found = value if value in DIRECTIONS else None
            break
        element = element.parent
    for key in walked:
        known[key] = found
    return found


def content_direction(document: TextDocument) -> str | None:
    """``"rtl"`` or ``"ltr"``: the direction the page declares for most of the words of
    the blocks the extractor kept (for the page's ``<body>`` when none is kept); None
    when it declares none for most of them."""
    known: dict[int, str | None] = {}
    votes: Counter[str | None] = Counter()
    for block in document.blocks:
        if block.is_content and block.nodes:
            votes[_declared(block.nodes[0], known)] += max(block.num_words, 1)
    if votes:
        return votes.most_common(1)[0][0]
    tree = document.tree
    body = tree.body if tree is not None else None
    return _declared(body, known) if body is not None else None


__all__ = ["DIRECTIONS", "content_direction"]
