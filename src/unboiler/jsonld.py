"""Structured data a page carries for machines: its JSON-LD objects (JSON for Linking
Data 1.1, W3C 2020, embedded as HTML allows in ``<script type="application/ld+json">``).

Pages describe what they are about with schema.org vocabulary, for search engines:
a product's name and description, an article's headline, author and dates.  This module
reads those objects from the parsed page; extractors and the metadata stage decide what
to do with them.  A script that is not valid JSON is skipped, never an error: pages
ship broken JSON-LD as often as broken HTML.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Collection, Iterator
from typing import Any, Final
from urllib.parse import unquote

from unboiler.document import TextDocument

#: Scripts longer than this are not read (a page's structured data is a few kilobytes;
#: megabytes are a data dump that costs time to parse and tells nothing about the page).
MAX_SCRIPT_CHARS: Final = 1_000_000
#: How deep nested objects are searched (``@graph``, ``mainEntity``, ``offers``...).
MAX_DEPTH: Final = 6

#: A tag: a ``<`` that opens a name (so that "5 < 6 and 7 > 3" is text).
_TAGS: Final = re.compile(r"</?[A-Za-z][^<>]{0,2000}>")
#: Tags that end a line of a description: paragraphs, list items, line breaks, headings.
_LINE_TAGS: Final = re.compile(
    r"<(?:br|/?(?:p|div|li|ul|ol|dl|dt|dd|tr|h[1-6]|blockquote|section|table))\b[^<>]{0,2000}>",
    re.IGNORECASE,
)
#: Markup written escaped shows itself by the tags that close a paragraph, an item or a
#: line ("&lt;/p&gt;", "&lt;br&gt;"); "Vector&lt;int&gt;" or "a&lt;b and c&gt;d" has
#: none, and is text.
_ESCAPED_MARKUP: Final = re.compile(
    r"</(?:p|div|li|ul|ol|h[1-6]|strong|b|em|i|span|a|table|tr|td)>|<br\s*/?>", re.IGNORECASE
)
# CDATA sections and comment markers that pages wrap their JSON-LD in for old parsers.
_WRAPPERS: Final = re.compile(r"^\s*(?://\s*)?(?:<!\[CDATA\[|<!--)|(?://\s*)?(?:\]\]>|-->)\s*$")


def _walk(value: Any, depth: int) -> Iterator[dict[str, Any]]:
    if depth > MAX_DEPTH:
        return
    if isinstance(value, dict):
        yield value
        for child in value.values():
            if isinstance(child, (dict, list)):
                yield from _walk(child, depth + 1)
    elif isinstance(value, list):
        for item in value:
            yield from _walk(item, depth + 1)


def _scripts(document: TextDocument, mentions: Collection[str] = ()) -> Iterator[Any]:
    """The data of each of the page's JSON-LD scripts that parses, in page order; with
    ``mentions`` (lower-case words), only of the scripts whose text holds one of them,
    in any case: a caller after one type parses no other script."""
    tree = document.tree
    if tree is None:
        return
    for script in tree.css('script[type="application/ld+json"]'):
        text = script.text(deep=True)
        if not text or len(text) > MAX_SCRIPT_CHARS:
            continue
        if mentions and not any(word in text.lower() for word in mentions):
            continue
        text = _WRAPPERS.sub("", text)
        try:
            # strict=False: control characters (raw line breaks) inside strings, which
            # browsers' JSON parsers refuse but search engines read, are common.
            yield json.loads(text, strict=False)
        except (ValueError, RecursionError):
            continue


def json_ld_objects(document: TextDocument) -> list[dict[str, Any]]:
    """Every JSON object in the page's JSON-LD scripts, nested ones included, in page
    order."""
    return [item for data in _scripts(document) for item in _walk(data, 0)]


def page_objects(document: TextDocument, mentions: Collection[str] = ()) -> list[dict[str, Any]]:
    """The objects of the page's JSON-LD scripts that describe the page itself: each
    script's object, the objects of its list, and those of its ``@graph``; not the
    objects nested in them (an article's ``comment``, a product's ``review``).  With
    ``mentions``, only the scripts whose text holds one of those words are read."""
    found: list[dict[str, Any]] = []
    for data in _scripts(document, mentions):
        for item in data if isinstance(data, list) else [data]:
            if not isinstance(item, dict):
                continue
            found.append(item)
            graph = item.get("@graph")
            if isinstance(graph, list):
                found.extend(value for value in graph if isinstance(value, dict))
    return found


def types_of(item: dict[str, Any]) -> set[str]:
    """The schema.org types of an object, lower-cased, without a vocabulary prefix."""
    kind = item.get("@type")
    kinds = kind if isinstance(kind, list) else [kind]
    return {k.rsplit("/", 1)[-1].rsplit(":", 1)[-1].lower() for k in kinds if isinstance(k, str)}


def plain_text(value: str) -> str:
    """Text from a JSON-LD string that may hold HTML markup and entities, or be
    percent-encoded as in a URL (:func:`percent_encoded`)."""
    return " ".join(plain_lines(value))


def _without_comments(text: str) -> str:
    """``text`` without its HTML comments; an unclosed one runs to the end, as in HTML.
    (One pass: a pattern's lazy search for each unclosed ``<!--`` scanned to the end
    again, quadratic in the text.)"""
    parts = []
    start = 0
    while (opening := text.find("<!--", start)) != -1:
        parts.append(text[start:opening])
        closing = text.find("-->", opening + 4)
        if closing == -1:
            return "".join(parts)
        parts.append(" ")
        start = closing + 3
    parts.append(text[start:])
    return "".join(parts)


def _lines(markup: str) -> list[str]:
    text = _TAGS.sub(" ", _LINE_TAGS.sub("\n", _without_comments(markup)))
    return [line for line in (" ".join(part.split()) for part in text.splitlines()) if line]


def plain_lines(value: str) -> list[str]:
    """The lines of a JSON-LD string's text (:func:`plain_text`), parted where its markup
    starts a paragraph, a list item or a line.  A string with markup has its tags taken
    out, then its entities read (``&lt;br&gt;`` in a sentence is text).  A string
    without markup whose entities write markup (:data:`_ESCAPED_MARKUP`: shops and
    applicant-tracking systems write ``&lt;p&gt;...&lt;/p&gt;``) is read as markup:
    read as text, it came out as "<p>The grinder...</p>"."""
    if percent_encoded(value):
        value = unquote(value)
    if "<" in value:
        lines = (" ".join(html.unescape(line).split()) for line in _lines(value))
        return [line for line in lines if line]
    text = html.unescape(value)
    if _ESCAPED_MARKUP.search(text):
        return _lines(text)
    return [line for line in (" ".join(part.split()) for part in text.splitlines()) if line]


def percent_encoded(value: str) -> bool:
    """Whether a text is percent-encoded as a URL's query is (RFC 3986, §2.1): its spaces
    written ``%20`` and none left as they are.  Some shops write a product's description
    so in their JSON-LD ("An%20elegant%20sofa%20embodying..."), and it was shown so.  An
    address is left as it is: its ``%20`` is part of it."""
    return "%20" in value and "://" not in value and not any(char.isspace() for char in value)


def product_description(document: TextDocument) -> str | None:
    """The description of the first schema.org ``Product`` (or ``ProductGroup``) the page
    describes, as plain text; None when there is none."""
    lines = product_description_lines(document)
    return " ".join(lines) if lines else None


def product_description_lines(document: TextDocument) -> list[str]:
    """The lines of :func:`product_description` (:func:`plain_lines`): its paragraphs
    and list items apart; empty when there is none."""
    for item in json_ld_objects(document):
        if types_of(item) & {"product", "productgroup", "individualproduct"}:
            description = item.get("description")
            if isinstance(description, str):
                lines = plain_lines(description)
                if lines:
                    return lines
    return []


#: The most steps and sections read from a recipe's instructions, nested as deep as
#: sections of sections go: a recipe's dozens, not a script built to nest without end.
MAX_RECIPE_LINES: Final = 500


def _instruction_lines(value: Any, lines: list[str], depth: int = 0) -> None:
    """The lines of a recipe's ``recipeInstructions``, appended to ``lines``: a text
    (its paragraphs), a list of texts or ``HowToStep`` objects (their ``text``, else
    their ``name``), ``HowToSection`` objects (their ``name``, then their
    ``itemListElement``), as schema.org's Recipe allows them."""
    if depth > MAX_DEPTH or len(lines) >= MAX_RECIPE_LINES:
        return
    if isinstance(value, str):
        lines += plain_lines(value)
    elif isinstance(value, list):
        for item in value:
            _instruction_lines(item, lines, depth + 1)
    elif isinstance(value, dict):
        if "itemListElement" in value:
            name = value.get("name")
            if isinstance(name, str):
                lines += plain_lines(name)
            _instruction_lines(value["itemListElement"], lines, depth + 1)
            return
        text = value.get("text")
        if not isinstance(text, str) or not text.strip():
            text = value.get("name")
        if isinstance(text, str):
            lines += plain_lines(text)


def recipe_lines(document: TextDocument) -> tuple[list[str], list[str]]:
    """The ingredients and the instructions of the first schema.org ``Recipe`` the page
    describes, a line each (``recipeIngredient``, or the older ``ingredients``; and
    ``recipeInstructions``, :func:`_instruction_lines`); two empty lists when there is
    none."""
    for item in json_ld_objects(document):
        if "recipe" not in types_of(item):
            continue
        listed = item.get("recipeIngredient", item.get("ingredients"))
        if isinstance(listed, str):
            listed = [listed]
        ingredients = [
            line
            for value in (listed if isinstance(listed, list) else [])[:MAX_RECIPE_LINES]
            if isinstance(value, str)
            for line in plain_lines(value)
        ]
        steps: list[str] = []
        _instruction_lines(item.get("recipeInstructions"), steps)
        if ingredients or steps:
            return ingredients, steps[:MAX_RECIPE_LINES]
    return [], []


__all__ = [
    "MAX_DEPTH",
    "MAX_RECIPE_LINES",
    "MAX_SCRIPT_CHARS",
    "json_ld_objects",
    "page_objects",
    "percent_encoded",
    "plain_lines",
    "plain_text",
    "product_description",
    "product_description_lines",
    "recipe_lines",
    "types_of",
]
