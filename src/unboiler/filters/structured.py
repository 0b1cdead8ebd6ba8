"""Structured data and the content: what a page states only there, and what it states
there for machines alone.

Shops render a product's description with scripts, or behind a tab the HTML does not
hold, and still describe the product in JSON-LD for search engines
(:func:`unboiler.jsonld.product_description`).  When the page's text has none of it, the
description is the content a reader would see, so it is added, a block per paragraph.

The other way round, news templates write the article's schema.org microdata into a
hidden box (``<div style="display:none" itemscope itemtype=".../NewsArticle">``): the
headline again, the author, a keyword list, ISO dates, image addresses.  No reader sees
it, yet its short values sat among the article's blocks and the model kept them, so the
text ended with "2019-11-13T23:06:00+01:00" and the keywords twice.  The blocks of a
hidden microdata item of a page-level type (an article or a web page: the types of
:data:`PAGE_ITEM_TYPES`) are no content (:func:`hidden_metadata`), unless nothing
outside such items is kept (:func:`drop_hidden_items`): an app whose whole article is
hidden until its script runs keeps it.  (The page's likeliest block is no test here: the
hidden box often holds the whole ``articleBody`` again, the surest block of all.)
Hidden means ``display: none`` or the ``hidden`` attribute, on the item or an ancestor,
which no reader sees; ``aria-hidden`` hides only from screen readers, and
``hidden="until-found"`` opens with the browser's find.  A hidden item of another type
is left to the model: a FAQ's collapsed answer is an ``Answer`` item the reader opens,
and WCXB's gold keeps it.

Measured on the default extractor's held-out run (the saved probabilities of
``python benchmarks/default_cv.py``, with the rules after the model): scrapinghub
0.96504 to 0.96602, WCXB and readability unchanged; 2 of the 1,666 pages change, both
of one publisher, and no other page holds such an item with a block the model keeps.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from unboiler.document import TextBlock, TextDocument
from unboiler.filters import drop_blocks
from unboiler.jsonld import product_description_lines, recipe_lines
from unboiler.language import declared_language, detect, document_language, same_language
from unboiler.tags import within

#: A description shorter than this (in words) is a tagline, not a description.
MIN_DESCRIPTION_WORDS: Final = 20
#: The description counts as absent from the page when less than this share of its
#: distinct words occurs anywhere in the page's text.
MAX_SHARE_ON_PAGE: Final = 0.5

_WORD: Final = re.compile(r"\w+")


def _may_hold_recipe(source: str) -> bool:
    """Whether the page's source may name a recipe: "Recipe", as schema.org spells the
    type, "recipe" or "RECIPE".  Two plain searches take a quarter of the time of one
    that ignores case (1.2 ms a WCXB page); a page without the word is not read for
    its JSON-LD at all."""
    return "ecipe" in source or "ECIPE" in source


def _words(texts: Sequence[str]) -> set[str]:
    return set(_WORD.findall(" ".join(texts).lower()))


def _absent(lines: Sequence[str], on_page: set[str]) -> bool:
    """Whether ``lines`` are missing from a page whose words are ``on_page``: under
    :data:`MAX_SHARE_ON_PAGE` of their distinct words are among them."""
    words = _words(lines)
    return bool(words) and len(words & on_page) < MAX_SHARE_ON_PAGE * len(words)


def _foreign(lines: Sequence[str], document: TextDocument) -> bool:
    """Whether ``lines`` are in another language than any the page may be in: the one
    the caller gave, the one detected from the page's text, the one its ``<html lang>``
    declares (:mod:`unboiler.language`), and not one close to any of them.  A
    translation plugin shows a page in German and leaves its JSON-LD in English: a
    newcomer's German recipe page got the English recipe added, which no reader of it
    sees.  Each of the page's languages counts, since the pages this is asked of have
    little text of their own (a gated recipe, a shop's page drawn by scripts): their
    English menu or cookie banner may be all the detector reads (review).  Nothing
    known on either side is no evidence, and the lines are added."""
    written = detect("\n".join(lines))
    if written is None:
        return False
    shown = {
        code
        for code in (document.language, document_language(document), declared_language(document))
        if code is not None
    }
    return bool(shown) and not any(same_language(written, code) for code in shown)


def add_product_description(document: TextDocument) -> bool:
    """Filter: on a page predicted to be a product page, add the JSON-LD description as
    content blocks, one per paragraph or list item it writes, when the page's own text
    lacks it and it is in the page's language (:func:`_foreign`): after the first kept
    heading (the product's name), or after the first content block when no heading is
    kept.  (After the first content block alone, it came between a shop's brand line and
    the product's name.)"""
    if document.page_type != "product":
        return False
    lines = product_description_lines(document)
    if not lines or len(_words(lines)) < MIN_DESCRIPTION_WORDS:
        return False
    if not _absent(lines, _words([document.text])) or _foreign(lines, document):
        return False
    blocks = document.blocks
    content = [i for i, b in enumerate(blocks) if b.is_content]
    at = next((i for i in content if blocks[i].is_heading), content[0] if content else -1)
    blocks[at + 1 : at + 1] = [TextBlock.from_text(line, is_content=True) for line in lines]
    return True


def add_recipe(document: TextDocument) -> bool:
    """Filter: add the ingredients or the steps of the page's JSON-LD recipe
    (:func:`unboiler.jsonld.recipe_lines`) that the page's own text lacks (each part on
    its own: under :data:`MAX_SHARE_ON_PAGE` of its distinct words on the page), as
    content blocks after the last kept block; :data:`MIN_DESCRIPTION_WORDS` distinct
    words at least, or nothing is added.  A food blog that
    gates its recipe card behind an e-mail form, or draws it with a script, still gives
    the recipe to search engines: a newcomer's banana bread came out as its teaser and
    the form, none of its 9 ingredients and 6 steps.  A part the page shows is left
    where the page shows it, its blocks kept (:func:`keep_shown_recipe`), and a recipe
    in another language than the page (:func:`_foreign`) is not added."""
    if document.source is not None and not _may_hold_recipe(document.source):
        return False  # no recipe on the page: its JSON-LD is not parsed
    ingredients, steps = recipe_lines(document)
    if not ingredients and not steps:
        return False
    on_page = _words([document.text])
    # each part on its own: a page may show the ingredients and gate the steps
    shown = [part for part in (ingredients, steps) if part and not _absent(part, on_page)]
    changed = keep_shown_recipe(document, shown)
    lines = [line for part in (ingredients, steps) if _absent(part, on_page) for line in part]
    # the language of the whole recipe: a list of ingredients alone reads as Italian
    # ("mozzarella di bufala") on a Dutch page (review)
    if len(_words(lines)) < MIN_DESCRIPTION_WORDS or _foreign([*ingredients, *steps], document):
        return changed
    blocks = document.blocks
    content = [i for i, b in enumerate(blocks) if b.is_content]
    # after the last kept block outside a list or a table, whose item or cell the
    # outputs would write the added lines into (review: the steps went into the last
    # ingredient's item)
    at = next(
        (i for i in reversed(content) if not within(blocks[i].node, _HOLDERS, HOLDER_LEVELS)),
        content[-1] if content else len(blocks) - 1,
    )
    blocks[at + 1 : at + 1] = [TextBlock.from_text(line, is_content=True) for line in lines]
    return True


#: A part of a recipe (its ingredients, its steps) is kept where the page shows it when
#: at least this many of its lines are blocks of the page (:func:`keep_shown_recipe`).
MIN_SHOWN_LINES: Final = 2
#: How many blocks with words above a shown part's first line its heading
#: ("Ingredients") is looked for among: a servings line or a unit switch may stand
#: between them.
SHOWN_HEADING_BLOCKS: Final = 3


def _key(text: str) -> str:
    """``text``'s words joined without spaces, lower-cased: a page's ingredient written
    in spans without a space between quantity and name ("2<span>carottes</span>") is
    the JSON-LD's "2 carottes" all the same, and a checkbox glyph before it is no word."""
    return "".join(_WORD.findall(text.lower()))


def _bag(text: str) -> str:
    """``text``'s words in order of their letters, lower-cased: a page shows an
    ingredient's name before its quantity ("Fiordilatte 300 g") where the JSON-LD
    writes the quantity first ("300 g Fiordilatte")."""
    return " ".join(sorted(_WORD.findall(text.lower())))


#: How far above a block showing a recipe's line the element that holds the recipe's
#: part is looked for (``ul > li``, ``div.ingredients > div.group > ul > li > span``).
RECIPE_CONTAINER_LEVELS: Final = 6
#: Parts of a page whose text is not the recipe the page is about, wherever it matches.
_NOT_RECIPE_TAGS: Final = frozenset({"aside", "nav", "footer"})


def keep_shown_recipe(document: TextDocument, parts: Sequence[Sequence[str]]) -> bool:
    """Keep the blocks of the page that show a line of ``parts`` (the ingredients and
    the steps of the page's JSON-LD recipe, :func:`unboiler.jsonld.recipe_lines`) and
    that no kept block shows already, in the one element that shows most of the
    part's lines (the recipe card: of elements showing as many, the one with the most
    kept blocks, then the smallest, then the first), when it shows
    :data:`MIN_SHOWN_LINES` of them; and the heading just above the first line kept
    (within :data:`SHOWN_HEADING_BLOCKS` blocks with words, none of them kept).  Blocks
    the page hides, or in an ``<aside>``, a ``<nav>`` or a ``<footer>``, show nothing.
    A block shows a line when it has the line's words without spaces (:func:`_key`) or
    in any order (:func:`_bag`: "Fiordilatte 300 g" for "300 g Fiordilatte", a
    newcomer's Italian recipe, which kept 4 of its 10 ingredients).
    Each line is kept once: a print copy of the card, or its copy for another width,
    stays out, and so does a sidebar's list of ingredients or a reader's comment that
    quotes a step.

    The page's structured data says what its recipe is, in its own words: schema.org's
    ``recipeIngredient`` and ``recipeInstructions``, which recipe sites write for search
    engines.  The model weighs an ingredient line alone, a few words and a number, and
    a newcomer's French recipe kept 1 of its 11 ingredients (0.32 to 0.55 against a
    cut of 0.60), its "Ingrédients" heading at 0.22.  No benchmark page changes: WCXB's
    pages come without their scripts, and the one scrapinghub page with a recipe kept
    all of it already."""
    blocks = document.blocks
    changed = False
    texts = [block.text if block.num_words else "" for block in blocks]
    keys = [_key(text) for text in texts]
    bags = [_bag(text) for text in texts]
    hidden: dict[int, bool] = {}  # by element: a walk up stops where one is known
    for part in parts:
        # each line by its words without spaces, or in the order of their letters
        line_of = {key: key for line in part if (key := _key(line))}
        line_of.update((_bag(line), key) for line in part if (key := _key(line)))
        if not line_of:
            continue
        lines = {
            i: line
            for i in range(len(blocks))
            if (line := line_of.get(keys[i]) or line_of.get(bags[i]))
            and blocks[i].node is not None
            and not within(blocks[i].node, _NOT_RECIPE_TAGS, RECIPE_CONTAINER_LEVELS + 2)
            and not _hidden_known(blocks[i].node, hidden)
        }
        wanted = set(line_of.values())
        card = _recipe_card(blocks, lines)
        if card is None or len({lines[i] for i in card}) < min(MIN_SHOWN_LINES, len(wanted)):
            continue
        shown = {line for i, line in lines.items() if blocks[i].is_content}
        kept = []
        for index in card:
            if lines[index] not in shown:
                shown.add(lines[index])
                kept.append(index)
                changed = blocks[index].set_content(True) | changed
        if kept:
            changed = _keep_heading_above(blocks, kept[0]) | changed
    return changed


def _hidden_known(element: Any, known: dict[int, bool]) -> bool:
    """:func:`_hidden`, noting in ``known`` the answer for each element walked through,
    so that the blocks of one deep page are not each walked up to its body."""
    path = []
    found = False
    while element is not None and element.tag not in ("body", "html"):
        answer = known.get(element.mem_id)
        if answer is not None:
            found = answer
            break
        path.append(element.mem_id)
        if _hides(element):
            found = True
            break
        element = element.parent
    for address in path:
        known[address] = found
    return found


def _recipe_card(blocks: list[TextBlock], lines: dict[int, str]) -> list[int] | None:
    """Of the blocks that show a recipe's lines (``lines``: each block's line), those
    under the element that holds the most distinct lines (ties: the most kept blocks,
    then the fewest blocks, then the first), or None when there are none."""
    under: dict[int, list[int]] = {}
    for index in lines:
        node = blocks[index].node.parent
        for _ in range(RECIPE_CONTAINER_LEVELS):
            if node is None or node.tag in ("body", "html"):
                break
            under.setdefault(node.mem_id, []).append(index)
            node = node.parent
    if not under:
        return None
    return max(
        under.values(),
        key=lambda found: (
            len({lines[i] for i in found}),
            sum(blocks[i].is_content for i in found),
            -len(found),
            -found[0],
        ),
    )


def _keep_heading_above(blocks: list[TextBlock], first: int) -> bool:
    """Keep the heading just above block ``first`` (:data:`SHOWN_HEADING_BLOCKS`)."""
    looked = 0
    for index in range(first - 1, -1, -1):
        block = blocks[index]
        if block.is_content or looked == SHOWN_HEADING_BLOCKS:
            return False
        if block.is_heading:
            return block.set_content(True)
        looked += block.num_words > 0
    return False


#: Elements whose content the added recipe goes after, not into: a list's item, a
#: table's cell, a definition's details, looked for this many levels above a block.
_HOLDERS: Final = frozenset({"li", "td", "th", "dd"})
HOLDER_LEVELS: Final = 8


#: schema.org types that describe the page itself (its ``SCHEMA_GROUPS`` "article" and
#: "page" groups, :mod:`unboiler.classify.page_hints`), lower-cased.
PAGE_ITEM_TYPES: Final = frozenset(
    {
        "article", "newsarticle", "blogposting", "report", "scholarlyarticle",
        "liveblogposting", "opinionnewsarticle", "reportagenewsarticle", "techarticle",
        "webpage", "aboutpage", "profilepage", "itempage", "website",
    }
)  # fmt: skip
_DISPLAY_NONE: Final = re.compile(r"display\s*:\s*none", re.IGNORECASE)


def _hides(element: Any) -> bool:
    """Whether ``element`` hides itself and what it holds from every reader (HTML's
    ``hidden``, but for ``until-found``; CSS ``display: none``)."""
    attributes = element.attributes
    if "hidden" in attributes and (attributes["hidden"] or "").strip().lower() != "until-found":
        return True
    style = attributes.get("style")
    return bool(style) and _DISPLAY_NONE.search(style) is not None


def _hidden(element: Any) -> bool:
    """Whether ``element`` or an element above it hides it (:func:`_hides`)."""
    return _hidden_known(element, {})


def _page_item(element: Any) -> bool:
    """Whether a microdata item's type (its last path segment) describes the page."""
    kinds = (element.attributes.get("itemtype") or "").split()
    return any(kind.rstrip("/").rsplit("/", 1)[-1].lower() in PAGE_ITEM_TYPES for kind in kinds)


def hidden_metadata(document: TextDocument) -> list[tuple[int, ...]]:
    """The blocks of each hidden microdata item of a page-level type (see the module
    docstring), items without blocks left out."""
    tree = document.tree
    if tree is None:
        return []
    items = [
        item for item in tree.css("[itemscope][itemtype]") if _page_item(item) and _hidden(item)
    ]
    if not items:
        return []
    blocks_of: dict[Any, list[int]] = {}  # several blocks may share an element
    for index, block in enumerate(document.blocks):
        blocks_of.setdefault(block.node, []).append(index)
    sections = []
    for item in items:
        found = [i for e in item.traverse(include_text=False) for i in blocks_of.get(e, ())]
        if found:
            sections.append(tuple(sorted(found)))
    return sections


def drop_hidden_items(
    keep: npt.NDArray[np.bool_],
    words: npt.NDArray[np.float64],
    items: Sequence[Sequence[int]],
) -> npt.NDArray[np.bool_]:
    """``keep`` without the blocks of hidden metadata ``items``, when a block with words
    outside them is kept; ``keep`` itself when none is (the page's content is all in
    them) or there are no items."""
    if not items:
        return keep
    inside = np.zeros(len(keep), dtype=np.bool_)
    for item in items:
        inside[list(item)] = True
    if not (keep & ~inside & (words > 0)).any():
        return keep
    return keep & ~inside


def drop_hidden_metadata(document: TextDocument) -> bool:
    """Filter: the content blocks of hidden page-level microdata items
    (:func:`hidden_metadata`, :func:`drop_hidden_items`) become boilerplate."""
    blocks = document.blocks
    if not any(block.is_content for block in blocks):
        return False
    items = hidden_metadata(document)
    if not items:
        return False
    keep = np.fromiter((block.is_content for block in blocks), np.bool_, len(blocks))
    words = np.fromiter((block.num_words for block in blocks), np.float64, len(blocks))
    kept = drop_hidden_items(keep, words, items)
    return drop_blocks(document, np.flatnonzero(keep & ~kept).tolist())


__all__ = [
    "MAX_SHARE_ON_PAGE",
    "MIN_DESCRIPTION_WORDS",
    "PAGE_ITEM_TYPES",
    "add_product_description",
    "add_recipe",
    "drop_hidden_items",
    "drop_hidden_metadata",
    "hidden_metadata",
    "keep_shown_recipe",
]
