"""The formulas of a page and the renderings beside them.

A MathJax or KaTeX page holds each formula twice, as MathML (or TeX) and as the glyphs
drawn for it; the outputs write the formula once (:mod:`unboiler.output.formula`) and
leave the drawn copy out.
"""

from __future__ import annotations

import re
from typing import Any, Final

from selectolax.lexbor import LexborNode

from unboiler import tags
from unboiler.document import TextDocument
from unboiler.output.dom import (
    IGNORED_TAGS,
    MAX_BESIDE_NODES,
    Selection,
    TexMode,
    hidden_from_readers,
    text_nodes,
)
from unboiler.output.formula import (
    MATHJAX_CLASS,
    formula_parts,
    is_display,
    tex_line,
)
from unboiler.output.tree import BREAK, Close, Inline, Mark, Open
from unboiler.text import (
    visible,
)

#: How far above a formula its visual rendering is looked for: KaTeX sets it beside the
#: ``<span>`` that holds the ``<math>``, MathJax 2 beside the one that holds it.
RENDERING_LEVELS: Final = 2


#: The formulas of a page: MathML, and the TeX that MathJax 2 reads from a script.
_FORMULA_SELECTOR: Final = 'math, script[type^="math/tex" i]'


def formulas(document: TextDocument) -> list[LexborNode]:
    """The formulas of ``document``'s tree: its MathML (``<math>``), and the TeX of each
    ``<script type="math/tex">`` beside which MathJax 2 left no MathML (kramdown and other
    Markdown writers leave the TeX there for a script that may never run; MathJax's
    HTML output without its assistive MathML draws glyphs only).

    Lexbor's selector search of the tree (about 0.1 ms on a news page) is cheaper than a
    case-insensitive scan of the page's source for the same tags (1.6 ms)."""
    tree = document.tree
    if tree is None:
        return []
    found = []
    for node in tree.css(_FORMULA_SELECTOR):
        if node.tag != "math":
            rendering = _rendering(node)
            if rendering is not None and rendering.css_first("math") is not None:
                continue  # the MathML is the formula (its TeX is this script's)
        found.append(node)
    return found


def _rendering(script: LexborNode) -> LexborNode | None:
    """The element in which MathJax 2 rendered a TeX script's formula, just before the
    script (its preview aside), if it did."""
    sibling = script.prev
    while sibling is not None:
        if sibling.is_element_node:
            classes = sibling.attributes.get("class") or ""
            if "MathJax_Preview" not in classes:
                return sibling if MATHJAX_CLASS.search(classes) else None
        elif sibling.is_text_node and not sibling.is_empty_text_node:
            return None
        sibling = sibling.prev
    return None


def drop_formula_renderings(selection: Selection) -> None:
    """Leave out of ``selection`` the text of each formula's visual rendering.

    KaTeX writes a formula twice: as MathML for assistive technology, and as styled
    ``<span>`` glyphs for the eye, marked ``aria-hidden="true"`` (MathJax 2 does the
    same with its ``<nobr>``).  The layout writes the MathML (:func:`write_formula`);
    the glyphs, in the parser's text, would write it again with its structure lost
    ("E=mc2E=mc2").  A rendering is an element hidden from assistive technology beside
    the formula, or beside an element within :data:`RENDERING_LEVELS` above it, where
    nothing else beside it has text."""
    for formula in selection.formulas:
        if formula.tag != "math":  # a TeX script: its preview, or its glyphs, are copies
            for copy in (_preview(formula), _rendering(formula)):
                if copy is not None:
                    _drop_texts(selection, copy)
            continue
        element = formula
        for _ in range(RENDERING_LEVELS):
            parent = element.parent
            if parent is None:
                break
            renderings = _renderings_beside(parent, element)
            if renderings is None:
                break
            for rendering in renderings:
                _drop_texts(selection, rendering)
            element = parent


def _drop_texts(selection: Selection, element: LexborNode) -> None:
    """Leave the text of ``element`` out of ``selection``, unless texts are placed after
    it (they would lose their place)."""
    texts = text_nodes(element)
    if not any(node in selection.after for node in texts):
        selection.texts.difference_update(texts)


def _preview(script: LexborNode) -> LexborNode | None:
    """The preview MathJax 2 shows of a TeX script's formula until it renders it (the
    ``MathJax_Preview`` element before the script, or before its rendering): the
    script's TeX, or the rendering's MathML, is written in its place."""
    sibling = script.prev
    elements = 0
    while sibling is not None and elements < 2:
        if sibling.is_element_node:
            elements += 1
            classes = sibling.attributes.get("class") or ""
            if "MathJax_Preview" in classes:
                return sibling
            if not MATHJAX_CLASS.search(classes):
                return None
        elif sibling.is_text_node and not sibling.is_empty_text_node:
            return None
        sibling = sibling.prev
    return None


def _renderings_beside(parent: LexborNode, element: LexborNode) -> list[LexborNode] | None:
    """The children of ``parent`` beside ``element`` hidden from assistive technology, or None when
    another child has text, or when more than :data:`~unboiler.output.dom.MAX_BESIDE_NODES` nodes
    are read before that is known (no formula's wrapper holds so many)."""
    renderings: list[LexborNode] = []
    seen = 0
    child = parent.first_child
    while child is not None:
        seen += 1
        if not tags.same_node(child, element):
            if child.is_text_node and not child.is_empty_text_node:
                return None
            if child.is_element_node and child.tag not in IGNORED_TAGS:
                if hidden_from_readers(child):
                    renderings.append(child)
                else:
                    for node in child.traverse(include_text=True):
                        seen += 1
                        if node.is_text_node and not node.is_empty_text_node:
                            return None
                        if seen > MAX_BESIDE_NODES:
                            return None
        if seen > MAX_BESIDE_NODES:
            return None
        child = child.next
    return renderings


#: The addresses of pictures drawn from TeX, which the ``alt`` gives (Zhihu's
#: ``/equation?tex=``, WordPress.com's ``latex.php?latex=``, CodeCogs, Google's chart
#: API ``cht=tx``, mimeTeX's and mathTeX's ``.cgi``): a renderer's query, not a word of
#: the path ("img/equation-of-state.png" is a diagram); and the marks of such a picture
#: on the element (Zhihu's ``eeimg``, WordPress's ``class="latex"``).
_TEX_PICTURE_ADDRESS: Final = re.compile(
    r"[?&](?:tex|latex)=|[?&]cht=tx\b|codecogs\.com/|/(?:mime|math)tex\.cgi\b",
    re.IGNORECASE,
)
_TEX_PICTURE_CLASS: Final = re.compile(
    r"(?<![\w-])(?:latex|tex|equation|formula)(?![\w-])", re.IGNORECASE
)
#: An ``alt`` that reads as TeX: a control word, a script or a brace (asked of a picture
#: that only its marks say is a formula; a TeX renderer's address says enough).
_TEX_LIKE: Final = re.compile(r"\\[A-Za-z]+|[_^{}=]")
#: Or one symbol: a Latin or Greek letter with digits or primes after it ("N", "x2",
#: "f'"), or a letter's function of a short argument ("O(n)", "f(x, y)"); Habr draws each
#: variable of a sentence as a picture of class ``formula``.  A word ("car") is none.
_SYMBOL: Final = re.compile(r"[A-Za-zΑ-Ωα-ω](?:\d{1,2}|'{1,3})?|[A-Za-z]\([^()]{1,24}\)")


def _symbol(alt: str) -> bool:
    """Whether a formula picture's ``alt`` is one symbol (:data:`_SYMBOL`)."""
    return _SYMBOL.fullmatch(alt) is not None


def picture_tex(image: LexborNode) -> str | None:
    """The TeX of a formula the page draws as a picture (``<img>`` whose address or
    marks say it is one, :data:`_TEX_PICTURE_ADDRESS`), from its ``alt``, on one line
    without its delimiters; None for any other picture.  Its words are the text's, not
    a picture's: a newcomer's Zhihu answer lost the drag equation it explained, which
    only ``--images`` showed, as a picture."""
    attributes = image.attributes
    alt = (attributes.get("alt") or "").strip()
    if not alt:
        return None
    if _TEX_PICTURE_ADDRESS.search(attributes.get("src") or "") is None and (
        # a mark on the element alone: the alt must read as TeX too
        not ("eeimg" in attributes or _TEX_PICTURE_CLASS.search(attributes.get("class") or ""))
        or (_TEX_LIKE.search(alt) is None and not _symbol(alt))
    ):
        return None
    tex = visible(tex_line(alt))
    return tex or None


def write_picture_formula(tex: str, run: list[Inline]) -> None:
    """A formula drawn as a picture (:func:`picture_tex`): its TeX, in the text too, as
    a TeX script's formula is."""
    run += [Open(Mark.FORMULA, tex=tex), tex, Close(Mark.FORMULA)]


def write_formula(node: LexborNode, run: list[Inline]) -> None:
    """A formula, as :mod:`unboiler.output.formula` writes it; one the page sets apart
    (``display="block"``) on a line of its own.  A TeX script's formula is its TeX, in
    the text too: there is no other."""
    text, tex = formula_parts(node)
    text = visible(text)
    if not text:
        return
    display = is_display(node)
    mark = Mark.DISPLAY_FORMULA if display else Mark.FORMULA
    if display:
        run.append(BREAK)
    run += [Open(mark, tex=tex), text, Close(mark)]
    if display:
        run.append(BREAK)


#: A page whose script typesets the TeX written in its text: MathJax's (which does so by
#: default), and KaTeX's auto-render extension (KaTeX alone typesets what a script hands
#: it, and a KaTeX stylesheet alone is the look of formulas rendered on the server).
_TEX_SCRIPTS: Final = 'script[src*="mathjax" i], script[src*="auto-render" i]'
#: A configuration that makes a single dollar sign open a formula in the text (MathJax's
#: ``inlineMath: [['\\(', '\\)'], ['$','$']]``, KaTeX auto-render's ``{left: "$",
#: right: "$"}``): neither does by default, as a dollar is a price's as often.
_DOLLAR_CONFIGURED: Final = re.compile(
    r"""\[\s*(['"])\$\1\s*,\s*(['"])\$\2\s*\]|left\s*:\s*(['"])\$\3\s*,\s*right"""
)
#: What configures MathJax or KaTeX's auto-render in a page's own script: MathJax 2's
#: ``MathJax.Hub.Config(``, MathJax 3's ``MathJax = {`` (``window.MathJax = {``), and
#: the auto-render function's call.  A script that only names them (JSON-LD keywords, a
#: tutorial's code) configures nothing.
_TEX_CONFIG: Final = re.compile(
    r"MathJax\.Hub\.Config\s*\(|MathJax\s*=\s*\{|renderMathInElement\s*\("
)
#: A configuration that makes ``\$`` a dollar sign in the text (MathJax's
#: ``processEscapes``: off by default in MathJax 2, on in MathJax 3).
_ESCAPES_ON: Final = re.compile(r"""\bprocessEscapes['"]?\s*:\s*true\b""")
_ESCAPES_OFF: Final = re.compile(r"""\bprocessEscapes['"]?\s*:\s*false\b""")
_MATHJAX_3: Final = re.compile(r"MathJax\s*=\s*\{")
#: What says a page runs MathJax 2 whatever the shape of its configuration: its input
#: processor's options (``tex2jax``), or its script's file (``MathJax.js``, a 2.x path).
_MATHJAX_2_OPTIONS: Final = "tex2jax"
_MATHJAX_2_SCRIPT: Final = 'script[src*="MathJax.js" i], script[src*="mathjax/2" i]'

#: The page's own scripts read for that configuration, at most.
MAX_TEX_CONFIG_SCRIPTS: Final = 20
#: The types of a script whose code may configure MathJax: JavaScript's (an absent type
#: is JavaScript's), and MathJax 2's own ``text/x-mathjax-config``, which it runs before
#: it starts (Jupyter's nbconvert writes its configuration so).  A type's parameters
#: (``;charset=utf-8``) are not read.
_CODE_SCRIPT_TYPES: Final = frozenset(
    {"", "text/javascript", "application/javascript", "module", "text/x-mathjax-config"}
)


def tex_in_text(tree: Any) -> TexMode | None:
    """How a page typesets the TeX written in its text: ``"inline"`` when a single
    dollar sign opens a formula too (a Jupyter notebook, Math Stack Exchange),
    ``"escaped"`` when it does and ``\\$`` is a dollar sign in the text (MathJax's
    ``processEscapes``, :data:`_ESCAPES_ON`), ``"display"`` when only MathJax's and
    KaTeX's default delimiters open one (``$$…$$``, ``\\[…\\]``, ``\\(…\\)``), None
    when no script of the page typesets it (:data:`_TEX_SCRIPTS`, :data:`_TEX_CONFIG`)."""
    typeset = tree.css_first(_TEX_SCRIPTS) is not None
    dollars = escapes = False
    read = 0
    for script in tree.css("script:not([src])"):
        kind = (script.attributes.get("type") or "").partition(";")[0].strip().lower()
        if kind not in _CODE_SCRIPT_TYPES:
            continue  # JSON-LD, a template, a formula's own TeX
        read += 1
        if read > MAX_TEX_CONFIG_SCRIPTS:
            break
        code = script.text(deep=False) or ""
        if _TEX_CONFIG.search(code):
            typeset = True
            dollars = dollars or _DOLLAR_CONFIGURED.search(code) is not None
            escapes = escapes or (
                _ESCAPES_ON.search(code) is not None
                or (
                    _MATHJAX_3.search(code) is not None
                    and _MATHJAX_2_OPTIONS not in code
                    and not _ESCAPES_OFF.search(code)
                    and tree.css_first(_MATHJAX_2_SCRIPT) is None
                )
            )
    if not typeset:
        return None
    if dollars:
        return "escaped" if escapes else "inline"
    return "display"


#: The longest formula read between delimiters, in characters: a page of many openings
#: without their closings ("\\[" in a regular expression's tutorial) would otherwise be
#: searched to its end from each.
MAX_TEX_CHARS: Final = 2000
#: TeX between MathJax's and KaTeX's default delimiters: ``$$…$$`` (no dollar more on
#: either side: "$a$$b$" is two formulas) and ``\\[…\\]`` set apart, ``\\(…\\)`` in
#: the line; each group the formula's TeX, which holds no opening of its own kind.
_TEX_DEFAULT: Final = (
    rf"(?<!\$)\$\$(?P<d1>(?:(?!\$\$).){{1,{MAX_TEX_CHARS}}}?)\$\$(?!\$)"
    rf"|\\\[(?P<d2>(?:(?!\\\[).){{1,{MAX_TEX_CHARS}}}?)\\\]"
    rf"|\\\((?P<i1>(?:(?!\\\().){{1,{MAX_TEX_CHARS}}}?)\\\)(?!\d)"
)
#: ... and ``$…$`` where configured, as Pandoc reads it: no space inside either dollar,
#: no digit right after the closing one ("from $5 to $10" is no formula), a formula
#: right after another ("$a$$b$") one of its own.
_TEX_DOLLAR: Final = (
    rf"|(?<!\\)\$(?=[^\s$])(?P<i2>(?:[^$\\]|\\.){{1,{MAX_TEX_CHARS}}}?)(?<=[^\s\\])\$(?!\d)"
)
_TEX_SPANS: Final[dict[TexMode, re.Pattern[str]]] = {
    "display": re.compile(_TEX_DEFAULT, re.DOTALL),
    "inline": re.compile(_TEX_DEFAULT + _TEX_DOLLAR, re.DOTALL),
}
_TEX_SPANS["escaped"] = _TEX_SPANS["inline"]


def tex_tokens(text: str, mode: TexMode) -> list[Inline]:
    """``text`` with each formula written in TeX between delimiters (:func:`tex_in_text`'s
    ``mode``) marked as a formula: the text as written, between the formula's marks that
    carry its TeX (the Markdown writes ``$…$`` or ``$$…$$``; the plain text and the HTML
    write the text as the page has it), but for the ``\\$`` of an ``"escaped"`` page's
    text outside formulas, which is the dollar sign the reader sees."""
    tokens: list[Inline] = []
    last = 0
    if mode == "escaped" and "\\$" in text:
        tokens = tex_tokens(text, "inline")
        inside = False
        for index, token in enumerate(tokens):
            if isinstance(token, (Open, Close)):
                inside = isinstance(token, Open)
            elif isinstance(token, str) and not inside:
                tokens[index] = token.replace("\\$", "$")
        return tokens
    for found in _TEX_SPANS[mode].finditer(text):
        groups = found.groupdict()
        display = groups["d1"] is not None or groups["d2"] is not None
        tex = next(value for value in groups.values() if value is not None).strip()
        if not tex:
            continue
        if found.start() > last:
            tokens.append(text[last : found.start()])
        mark = Mark.DISPLAY_FORMULA if display else Mark.FORMULA
        tokens += [Open(mark, tex=tex), found.group(0), Close(mark)]
        last = found.end()
    if last < len(text):
        tokens.append(text[last:])
    return tokens
