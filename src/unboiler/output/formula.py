"""MathML formulas written as a reader and a Markdown writer need them.

The parser, following Boilerpipe, skips ``<math>`` with the other markup that is not
text; the layout writes a formula that stands in a line of content back in
(:mod:`unboiler.output.text`).  Its tokens run together lose the structure that makes
them a formula: ``<msup><mi>b</mi><mn>2</mn></msup>`` read as "b2" is a different
expression, and a fraction's numerator and denominator run into one word.  So a formula
is written two ways, each from the elements of MathML's presentation markup (MathML 3,
chapter 3; MathML Core):

- :func:`formula_text`, for the plain text: one line of Unicode, raised and lowered
  digits in their Unicode forms as the plain text writes ``<sup>`` and ``<sub>``
  ("b²−4ac"), fractions with a slash and roots with a radical sign, grouped in
  parentheses where the reading would otherwise change ("(−b±√(b²−4ac))/(2a)");
- :func:`formula_tex`, for Markdown, where ``$...$`` holds TeX (Pandoc's
  ``tex_math_dollars``, GitHub, and the ``dollarmath`` rule of markdown-it): the TeX the
  page gives with the formula when it gives one (an ``<annotation>`` in TeX, as KaTeX,
  MediaWiki and LaTeXML write it, MathJax 2's ``<script type="math/tex">`` beside its
  rendering, or the ``alttext`` attribute), else TeX made from the presentation markup.

A formula of more than :data:`MAX_MATH_NODES` nodes, or nested deeper than
:data:`MAX_MATH_DEPTH`, is not a line of text: it is written as nothing.
"""

from __future__ import annotations

import re
import unicodedata
from abc import ABC, abstractmethod
from typing import Final

from selectolax.lexbor import LexborNode

from unboiler import tags

#: MathML's elements that annotate a formula (its TeX source, another encoding of it)
#: rather than show it.
MATH_ANNOTATION_TAGS: Final = frozenset({"annotation", "annotation-xml"})
#: What a formula's tokens hold that is not their text: the elements whose text is never
#: shown (a ``<style>`` or a ``<script>`` that HTML lets ``<mtext>`` hold).
_NOT_TOKEN_TEXT: Final = MATH_ANNOTATION_TAGS | (tags.IGNORED_TAGS - {"math"})
#: The white space MathML trims (MathML 3, §2.1.7: space, tab, newline, carriage return):
#: the white space between a formula's elements is not rendered, and at the ends of a
#: token's text it is trimmed.
MATH_SPACE: Final = " \t\n\r"
#: A formula of more nodes than this is not written (a page's whole appendix of
#: equations in one element is not a line of text).
MAX_MATH_NODES: Final = 2000
#: Nor is one nested deeper than this: no formula a reader can follow nests so deep, and
#: the writers below recurse.
MAX_MATH_DEPTH: Final = 64
#: The encodings of an ``<annotation>`` that holds the formula's TeX: KaTeX, MediaWiki and
#: MathJax write ``application/x-tex``, LaTeXML ``application/x-tex`` too, older tools
#: ``TeX`` or ``text/x-latex``.
_TEX_ENCODING: Final = re.compile(r"\b(?:x-)?(?:la)?tex\b", re.IGNORECASE)
#: The ``type`` of the ``<script>`` in which MathJax 2 keeps a formula's TeX, beside the
#: rendering it makes of it (``math/tex``, ``math/tex; mode=display``).
TEX_SCRIPT_TYPE: Final = re.compile(r"^\s*math/tex\b", re.IGNORECASE)
#: How far above a formula MathJax 2's rendering holds it (``<span class="MathJax">`` >
#: ``<span class="MJX_Assistive_MathML">`` > ``<math>``), the script being the
#: rendering's next sibling.
TEX_SCRIPT_LEVELS: Final = 3
#: Class names of the elements in which MathJax 2 renders a formula before its script
#: (``MathJax``, ``MathJax_Display``, ``MathJax_SVG``, ``MathJax_CHTML``), not of the
#: preview it may leave beside them.
MATHJAX_CLASS: Final = re.compile(r"\bMathJax(?!_Preview)")
#: MediaWiki wraps the TeX of every formula in a style switch, ``{\displaystyle ...}``,
#: that sets how the page renders it, not what it says.
_STYLE_SWITCH: Final = re.compile(r"^\{\s*\\(?:display|text|script|scriptscript)style\b\s*")
#: A TeX comment, to the end of its line: the TeX is written on one line.
_TEX_COMMENT: Final = re.compile(r"(?<!\\)%[^\n]*")

#: Unicode's superscript and subscript forms (the Superscripts and Subscripts block, and
#: the Latin-1 ¹²³): plain text has no markup to raise a number with, so "10<sup>21</sup>"
#: is "10²¹" and "H<sub>2</sub>O" is "H₂O".  Text with another character is raised or
#: lowered some other way.
SUPERSCRIPT_FORMS: Final = str.maketrans("0123456789+-\u2212=()ni", "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁻⁼⁽⁾ⁿⁱ")
SUBSCRIPT_FORMS: Final = str.maketrans(
    "0123456789+-\u2212=()aehklmnopstx", "₀₁₂₃₄₅₆₇₈₉₊₋₋₌₍₎ₐₑₕₖₗₘₙₒₚₛₜₓ"
)
_SUPERSCRIPT_CHARACTERS: Final = frozenset(chr(code) for code in SUPERSCRIPT_FORMS)
_SUBSCRIPT_CHARACTERS: Final = frozenset(chr(code) for code in SUBSCRIPT_FORMS)
#: Primes, which a formula raises and a reader writes after the letter ("f′", not "f^′").
_PRIMES: Final = {"′": r"\prime", "″": r"\prime\prime", "‴": r"\prime\prime\prime", "'": r"\prime"}

#: MathML's invisible operators (MathML 3, §3.2.5.5): function application reads as a
#: space before a name or number ("sin x"), and as nothing before a bracket ("f(x)");
#: invisible times and plus are nothing; the invisible separator is a comma.
_FUNCTION_APPLICATION: Final = "\u2061"
_INVISIBLE_OPERATORS: Final = {"\u2062": "", "\u2063": ",", "\u2064": ""}
#: Accents MathML sets over a base (``<mover accent="true">``), as combining marks on a
#: one-letter base, and as TeX's accent commands (KaTeX writes its bar as U+02C9).
_ACCENTS: Final = {
    "¯": ("\u0304", "bar"),
    "ˉ": ("\u0304", "bar"),
    "‾": ("\u0305", "overline"),
    "^": ("\u0302", "hat"),
    "ˆ": ("\u0302", "hat"),
    "~": ("\u0303", "tilde"),
    "˜": ("\u0303", "tilde"),
    "→": ("\u20d7", "vec"),
    "⃗": ("\u20d7", "vec"),
    "˙": ("\u0307", "dot"),
    ".": ("\u0307", "dot"),
    "¨": ("\u0308", "ddot"),
    "ˇ": ("\u030c", "check"),
    "´": ("\u0301", "acute"),
    "`": ("\u0300", "grave"),
    "˘": ("\u0306", "breve"),
    "˚": ("\u030a", "mathring"),
}
#: The combining marks of those accents: a letter with one is one character still.
_COMBINING_ACCENTS: Final = "".join({mark for mark, _ in _ACCENTS.values()})
#: Operators whose limits a formula writes under and over them (``<munderover>``): as
#: sub- and superscripts in TeX, which sets them as limits itself.
_LARGE_OPERATORS: Final = frozenset("∑∏∐∫∬∭∮⋃⋂⋁⋀⨁⨂") | {"lim", "max", "min", "sup", "inf"}
#: Names of functions TeX has a command for (``\sin``): a multi-letter ``<mi>`` or
#: ``<mo>`` (MathJax writes ``<mo>lim</mo>``) among them is written with it, any other
#: name in upright letters.
_TEX_FUNCTIONS: Final = frozenset(
    {"arccos", "arcsin", "arctan", "arg", "cos", "cosh", "cot", "coth", "csc", "deg"}
    | {"det", "dim", "exp", "gcd", "hom", "inf", "ker", "lg", "lim", "liminf", "limsup"}
    | {"ln", "log", "max", "min", "Pr", "sec", "sin", "sinh", "sup", "tan", "tanh"}
)
#: Characters TeX reads as commands, written as what they show: in a formula ...
_TEX_ESCAPES: Final = str.maketrans(
    {
        "\\": r"\backslash ",
        "{": r"\{",
        "}": r"\}",
        "#": r"\#",
        "$": r"\$",
        "%": r"\%",
        "&": r"\&",
        "_": r"\_",
        "~": r"\sim ",
        "^": r"\hat{}",
    }
)
#: ... and in ``\text{...}``, where the commands of a formula are errors.
_TEXT_MODE_ESCAPES: Final = str.maketrans(
    {
        "\\": r"\textbackslash{}",
        "{": r"\{",
        "}": r"\}",
        "#": r"\#",
        "$": r"\$",
        "%": r"\%",
        "&": r"\&",
        "_": r"\_",
        "~": r"\textasciitilde{}",
        "^": r"\textasciicircum{}",
    }
)
#: Letters a ``mathvariant`` sets in a style of their own: TeX's command for the style,
#: and for double-struck letters (ℝ, ℕ) their Unicode forms, which plain text keeps.
_VARIANT_COMMANDS: Final = {
    "double-struck": "mathbb",
    "bold": "mathbf",
    "fraktur": "mathfrak",
    "script": "mathcal",
    "bold-italic": "boldsymbol",
}
_DOUBLE_STRUCK: Final = {
    **{chr(ord("A") + i): chr(0x1D538 + i) for i in range(26)},
    **{chr(ord("a") + i): chr(0x1D552 + i) for i in range(26)},
    **{chr(ord("0") + i): chr(0x1D7D8 + i) for i in range(10)},
    # the letters Unicode had before its mathematical block, which that block leaves out
    "C": "ℂ", "H": "ℍ", "N": "ℕ", "P": "ℙ", "Q": "ℚ", "R": "ℝ", "Z": "ℤ",
}  # fmt: skip


def formula_parts(math: LexborNode) -> tuple[str, str]:
    """:func:`formula_text` and :func:`formula_tex` of a formula, its size checked once;
    for a TeX script (MathJax 2's, :func:`is_tex_script`) its TeX, both times."""
    if is_tex_script(math):
        tex = _one_line(math.text(deep=True) or "")
        return tex, tex
    if _too_large(math):
        return "", ""
    return _text(math), _tex(math)


def formula_text(math: LexborNode) -> str:
    """The text a reader of plain text needs of a formula (module docstring); "" for one
    too large to write."""
    return "" if _too_large(math) else _text(math)


def formula_tex(math: LexborNode) -> str:
    """The formula's TeX, without ``$``, on one line: the page's own (module docstring)
    or one made from the presentation markup; "" for a formula too large to write."""
    return "" if _too_large(math) else _tex(math)


#: What a page's TeX may carry around it that is no part of the formula: the delimiters
#: of its own Markdown or LaTeX (``$...$``, ``$$...$$``, ``\(...\)``, ``\[...\]``).
_TEX_DELIMITERS: Final = re.compile(r"^(\$\$?|\\\(|\\\[)(.*?)(\$\$?|\\\)|\\\])$", re.DOTALL)
#: Backslashes at the end of the TeX (a control space, a line break) lay nothing out there,
#: and one would escape the closing "$".
_TRAILING_BACKSLASHES: Final = re.compile(r"(?:\\+\s*)+$")


def tex_line(tex: str) -> str:
    """A page's TeX on one line, without comments, delimiters, a style switch around
    it or trailing backslashes."""
    return _unwrapped(_one_line(tex))


def _one_line(tex: str) -> str:
    """A page's TeX on one line, without comments, delimiters or trailing backslashes."""
    tex = " ".join(_TEX_COMMENT.sub("", tex).split())
    match = _TEX_DELIMITERS.match(tex)
    if match is not None:
        tex = match.group(2).strip()
    return _TRAILING_BACKSLASHES.sub("", tex).strip()


def _text(math: LexborNode) -> str:
    text = _Text().write(math)
    text = re.sub(f"{_FUNCTION_APPLICATION}(?=\\w)", " ", text).replace(_FUNCTION_APPLICATION, "")
    # accents as the letters Unicode composes ("ñ"), where it has them
    return unicodedata.normalize("NFC", " ".join(text.split()))


def _tex(math: LexborNode) -> str:
    return _one_line(page_tex(math) or _Tex().write(math))


def page_tex(math: LexborNode) -> str | None:
    """The TeX the page gives with a formula, its style switch left out
    (:data:`_STYLE_SWITCH`): an annotation in TeX, MathJax 2's ``<script>`` beside its
    rendering, or the ``alttext`` attribute; None when it gives none."""
    for annotation in math.css("annotation"):
        if _TEX_ENCODING.search(annotation.attributes.get("encoding") or ""):
            tex = (annotation.text(deep=True) or "").strip()
            if tex:
                return _unwrapped(tex)
    element: LexborNode | None = math.parent
    for _ in range(TEX_SCRIPT_LEVELS):
        if element is None:
            break
        script = _next_element(element)
        rendering = MATHJAX_CLASS.search(element.attributes.get("class") or "")
        if rendering and script is not None and is_tex_script(script):
            tex = (script.text(deep=True) or "").strip()
            if tex:
                return _unwrapped(tex)
        element = element.parent
    alt = (math.attributes.get("alttext") or "").strip()
    return _unwrapped(alt) if alt else None


def is_tex_script(node: LexborNode) -> bool:
    """Whether ``node`` is a ``<script>`` holding a formula's TeX (:data:`TEX_SCRIPT_TYPE`)."""
    return node.tag == "script" and bool(TEX_SCRIPT_TYPE.match(node.attributes.get("type") or ""))


def is_display(math: LexborNode) -> bool:
    """Whether the page sets a formula apart on its own line (MathML Core: ``display``
    ``block``; MathML 2's ``mode="display"``; MathJax 2's ``mode=display`` script)."""
    attributes = math.attributes
    if math.tag == "script":
        return "mode=display" in "".join((attributes.get("type") or "").lower().split())
    return (attributes.get("display") or "").strip().lower() == "block" or (
        attributes.get("mode") or ""
    ).strip().lower() == "display"


def _next_element(node: LexborNode) -> LexborNode | None:
    sibling = node.next
    while sibling is not None and not sibling.is_element_node:
        if sibling.is_text_node and not sibling.is_empty_text_node:
            return None
        sibling = sibling.next
    return sibling


def _unwrapped(tex: str) -> str:
    r"""``tex`` without a style switch around all of it (``{\displaystyle a}`` is "a",
    ``{\displaystyle a}^{2}`` stays as it is)."""
    match = _STYLE_SWITCH.match(tex)
    if match is None or not tex.endswith("}"):
        return tex
    depth = 0
    for index, char in enumerate(tex):
        if char == "{" and (index == 0 or tex[index - 1] != "\\"):
            depth += 1
        elif char == "}" and tex[index - 1] != "\\":
            depth -= 1
            if depth == 0:
                if index != len(tex) - 1:
                    return tex  # the first brace closes before the end
                return tex[match.end() : -1].strip()
    return tex


def _too_large(math: LexborNode) -> bool:
    """Whether a formula holds more than :data:`MAX_MATH_NODES` nodes or nests deeper
    than :data:`MAX_MATH_DEPTH` (a walk that stops at either bound)."""
    count = 0
    stack = [(math.first_child, 1)]
    while stack:
        child, depth = stack.pop()
        if depth > MAX_MATH_DEPTH:
            return True
        while child is not None:
            count += 1
            if count > MAX_MATH_NODES:
                return True
            if child.is_element_node and child.first_child is not None:
                stack.append((child.next, depth))
                stack.append((child.first_child, depth + 1))
                break
            child = child.next
    return False


def element_children(node: LexborNode) -> list[LexborNode]:
    """The element children of ``node`` (in MathML, the white space, comments and stray
    text between them are not rendered)."""
    children = []
    child = node.first_child
    while child is not None:
        if child.is_element_node:
            children.append(child)
        child = child.next
    return children


def _token_text(node: LexborNode) -> str:
    """The text of a token element (``<mi>``, ``<mn>``, ``<mo>``, ``<mtext>``), each text
    trimmed of :data:`MATH_SPACE`, hidden elements left out."""
    pieces: list[str] = []
    stack = [node.first_child]
    while stack:
        child = stack.pop()
        while child is not None:
            if child.is_text_node:
                pieces.append((child.text_content or "").strip(MATH_SPACE))
            elif child.is_element_node and child.tag not in _NOT_TOKEN_TEXT:
                stack.append(child.next)
                child = child.first_child
                continue
            child = child.next
    return "".join(pieces)


class _Writer(ABC):
    """A formula's elements to a string (MathML 3, §3.1.6's table of presentation
    elements), each kind of layout a method that the two writers below write their own
    way.  An element this does not know is laid out as a row of its children, as MathML
    Core lays out unknown elements.  :func:`_too_large` bounds the depth first."""

    def write(self, node: LexborNode) -> str:
        tag = node.tag or ""
        if tag in _TOKEN_TAGS:
            return self.token(tag, _token_text(node), node.attributes.get("mathvariant"))
        if tag in _SHOWING_NOTHING or (tag in tags.IGNORED_TAGS and tag != "math"):
            return ""
        if tag == "mspace":
            return " "
        children = element_children(node)
        if tag in ("semantics", "maction"):  # what is shown is the first child
            return self.write(children[0]) if children else ""
        if tag in ("mtable", "mtr", "mlabeledtr", "mtd"):
            return self.matrix(self.cells(node))
        if tag == "mmultiscripts":
            return self.multiscripts(children)
        parts = [self.write(child) for child in children]
        if tag == "mfenced":
            return self.fenced(node, parts)
        if tag == "msqrt":  # its children are one row under the radical
            return self.root(self.row(parts), None)
        if len(parts) < _SCRIPTED.get(tag, len(parts) + 1):
            return self.row(parts)
        base = self.base(parts[0], atomic=children[0].tag in _TOKEN_TAGS)
        if tag == "msup":
            return self.superscript(base, parts[1])
        if tag == "msub":
            return self.subscript(base, parts[1])
        if tag == "msubsup":
            return self.subsup(base, parts[1], parts[2])
        if tag == "munder":
            return self.under(base, parts[1])
        if tag == "mover":
            return self.over(base, parts[1])
        if tag == "munderover":
            return self.underover(base, parts[1], parts[2])
        if tag == "mfrac":
            thin = (node.attributes.get("linethickness") or "").strip() in ("0", "0px", "0em")
            return self.fraction(parts[0], parts[1], binomial=thin)
        if tag == "mroot":
            return self.root(parts[0], parts[1])
        return self.row(parts)

    def cells(self, node: LexborNode) -> list[list[str]]:
        if node.tag == "mtd":
            return [[self.write_row(node)]]
        rows = [node] if node.tag in ("mtr", "mlabeledtr") else element_children(node)
        result = []
        for row in rows:
            cells = element_children(row) if row.tag in ("mtr", "mlabeledtr") else [row]
            if row.tag == "mlabeledtr":
                cells = cells[1:]  # the first cell is the row's equation number
            result.append([self.write_row(cell) for cell in cells])
        return result

    def write_row(self, node: LexborNode) -> str:
        return self.row([self.write(child) for child in element_children(node)])

    def fenced(self, node: LexborNode, parts: list[str]) -> str:
        """MathML 2's ``<mfenced>``: its children between brackets (``(`` and ``)``
        unless ``open`` and ``close`` say otherwise), apart by its separators (``,``)."""
        attributes = node.attributes
        separators = "".join((attributes.get("separators") or ",").split())
        pieces: list[str] = []
        for index, part in enumerate(parts):
            if index and separators:
                pieces.append(self.token("mo", separators[min(index, len(separators)) - 1]))
            pieces.append(part)
        opening = attributes.get("open")
        closing = attributes.get("close")
        return self.row(
            [
                self.token("mo", "(" if opening is None else opening),
                *pieces,
                self.token("mo", ")" if closing is None else closing),
            ]
        )

    def multiscripts(self, children: list[LexborNode]) -> str:
        """``<mmultiscripts>``: a base, pairs of scripts after it, and after an
        ``<mprescripts/>`` pairs before it (a nuclide's ¹⁴₆C, a tensor's indices)."""
        if not children:
            return ""
        base = self.base(self.write(children[0]), atomic=children[0].tag in _TOKEN_TAGS)
        post: list[str] = []
        pre: list[str] = []
        scripts = post
        for child in children[1:]:
            if child.tag == "mprescripts":
                scripts = pre
            else:
                scripts.append(self.write(child))
        written = self.prescripts(pre[0::2], pre[1::2]) if pre else ""
        written += base
        for sub, sup in zip(post[0::2], post[1::2], strict=False):
            written = (
                self.subsup(written, sub, sup)
                if sub.strip() and sup.strip()
                else (
                    self.subscript(written, sub) if sub.strip() else self.superscript(written, sup)
                )
            )
        return written

    @abstractmethod
    def token(self, tag: str, text: str, variant: str | None = None) -> str: ...

    @abstractmethod
    def base(self, text: str, *, atomic: bool) -> str: ...

    @abstractmethod
    def row(self, parts: list[str]) -> str: ...

    @abstractmethod
    def matrix(self, rows: list[list[str]]) -> str: ...

    @abstractmethod
    def superscript(self, base: str, script: str) -> str: ...

    @abstractmethod
    def subscript(self, base: str, script: str) -> str: ...

    @abstractmethod
    def subsup(self, base: str, sub: str, sup: str) -> str: ...

    @abstractmethod
    def prescripts(self, subs: list[str], sups: list[str]) -> str: ...

    @abstractmethod
    def under(self, base: str, script: str) -> str: ...

    @abstractmethod
    def over(self, base: str, script: str) -> str: ...

    @abstractmethod
    def underover(self, base: str, under: str, over: str) -> str: ...

    @abstractmethod
    def fraction(self, numerator: str, denominator: str, *, binomial: bool) -> str: ...

    @abstractmethod
    def root(self, base: str, index: str | None) -> str: ...


#: The token elements, whose text is what they show.
_TOKEN_TAGS: Final = frozenset({"mi", "mn", "mo", "ms", "mtext"})
#: Elements that show nothing: annotations, invisible boxes, markers of prescripts.
_SHOWING_NOTHING: Final = MATH_ANNOTATION_TAGS | {"mphantom", "mprescripts", "none"}
#: The scripted and fraction layouts, and how many children each needs; with fewer (a
#: page's broken markup) the element is laid out as a row.
_SCRIPTED: Final = {
    "msup": 2,
    "msub": 2,
    "msubsup": 3,
    "munder": 2,
    "mover": 2,
    "munderover": 3,
    "mfrac": 2,
    "mroot": 2,
}
#: Brackets that open and close a group, for :func:`_grouped`.
_BRACKETS: Final = {"(": ")", "[": "]", "{": "}", "⌊": "⌋", "⌈": "⌉", "⟨": "⟩"}
#: A number, which needs no parentheses around it.
_NUMBER: Final = re.compile(r"\d+(?:[.,]\d+)*")


def _grouped(text: str) -> str:
    """``text`` in parentheses unless it reads as one thing already: a character, a
    number, or a group in brackets ("2a" under a fraction's bar is "/(2a)")."""
    if len(text.rstrip(_COMBINING_ACCENTS)) <= 1 or _NUMBER.fullmatch(text) or _bracketed(text):
        return text
    return f"({text})"


def _bracketed(text: str) -> bool:
    """Whether ``text`` is one group in brackets: its first bracket closes at its end."""
    closing = _BRACKETS.get(text[:1])
    if closing is None or not text.endswith(closing):
        return False
    depth = 0
    for index, char in enumerate(text):
        if char == text[0]:
            depth += 1
        elif char == closing:
            depth -= 1
            if depth == 0:
                return index == len(text) - 1
    return False


def _raised(text: str, forms: dict[int, int], characters: frozenset[str]) -> str | None:
    """``text`` in Unicode's raised or lowered forms, or None when a character has none."""
    if text and all(char in characters for char in text):
        return text.translate(forms)
    return None


def _text_script(script: str, *, superscript: bool) -> str:
    """A script after its base in plain text: primes as they are ("f′"), in Unicode's
    raised or lowered forms when each of its characters has one ("b²", "x₁"), else after
    ``^`` or ``_``, grouped ("x_i", "e^(iπ)")."""
    script = script.strip()
    if superscript and script and all(char in _PRIMES for char in script):
        return script
    if superscript:
        raised = _raised(script, SUPERSCRIPT_FORMS, _SUPERSCRIPT_CHARACTERS)
    else:
        raised = _raised(script, SUBSCRIPT_FORMS, _SUBSCRIPT_CHARACTERS)
    if raised is not None:
        return raised
    return ("^" if superscript else "_") + _grouped(script)


def _is_large_operator(base: str) -> bool:
    return base.strip().removeprefix("\\").removeprefix("operatorname{").rstrip("}") in (
        _LARGE_OPERATORS
    )


class _Text(_Writer):
    """A formula as one line of Unicode (:func:`formula_text`)."""

    def token(self, tag: str, text: str, variant: str | None = None) -> str:
        for operator, written in _INVISIBLE_OPERATORS.items():
            text = text.replace(operator, written)
        if variant == "double-struck":
            text = "".join(_DOUBLE_STRUCK.get(char, char) for char in text)
        return f" {text} " if tag == "mtext" and text else text

    def base(self, text: str, *, atomic: bool) -> str:
        return text.strip() if atomic else _grouped(text.strip())

    def row(self, parts: list[str]) -> str:
        return "".join(parts)

    def matrix(self, rows: list[list[str]]) -> str:
        # rows apart by semicolons, cells by spaces (a table aligns equations at their
        # "=" as often as it holds a matrix); the brackets, if any, are the page's
        return "; ".join(" ".join(cell.strip() for cell in row) for row in rows)

    def superscript(self, base: str, script: str) -> str:
        return base + _text_script(script, superscript=True)

    def subscript(self, base: str, script: str) -> str:
        return base + _text_script(script, superscript=False)

    def subsup(self, base: str, sub: str, sup: str) -> str:
        written = base + _text_script(sub, superscript=False) + _text_script(sup, superscript=True)
        # an operator's limits end before its operand: "∫ₐ^b f(x)", not "∫ₐ^bf(x)"
        return written + " " if _is_large_operator(base) else written

    def prescripts(self, subs: list[str], sups: list[str]) -> str:
        raised = "".join(_text_script(sup, superscript=True).lstrip("^") for sup in sups)
        lowered = "".join(_text_script(sub, superscript=False).lstrip("_") for sub in subs)
        return raised + lowered

    def under(self, base: str, script: str) -> str:
        written = self.subscript(base, script)
        return written + " " if _is_large_operator(base) else written

    def over(self, base: str, script: str) -> str:
        accent = _ACCENTS.get(script.strip())
        if accent is not None and len(base.strip()) == 1:
            return base.strip() + accent[0]
        return self.superscript(base, script)

    def underover(self, base: str, under: str, over: str) -> str:
        return self.subsup(base, under, over)

    def fraction(self, numerator: str, denominator: str, *, binomial: bool) -> str:
        if binomial:  # the brackets around it, if any, are the page's
            return f"{numerator.strip()} choose {denominator.strip()}"
        return f"{_grouped(numerator.strip())}/{_grouped(denominator.strip())}"

    def root(self, base: str, index: str | None) -> str:
        if index is None:
            return "√" + _grouped(base.strip())
        index = index.strip()
        raised = _raised(index, SUPERSCRIPT_FORMS, _SUPERSCRIPT_CHARACTERS)
        return (raised if raised is not None else f"({index})") + "√" + _grouped(base.strip())


#: A TeX command name at the end of a piece: a letter after it would lengthen the name.
_ENDS_IN_COMMAND: Final = re.compile(r"\\[A-Za-z]+$")
#: One TeX command, or one character: a base that needs no braces.
_TEX_ATOM: Final = re.compile(r"\\[A-Za-z]+|\\?.")


class _Tex(_Writer):
    """A formula as TeX made from its presentation markup (:func:`formula_tex`)."""

    def token(self, tag: str, text: str, variant: str | None = None) -> str:
        for operator, written in _INVISIBLE_OPERATORS.items():
            text = text.replace(operator, written)
        text = text.replace(_FUNCTION_APPLICATION, "")
        if tag in ("mtext", "ms"):
            # padded: MathML sets a text's words apart from the symbols around it
            return rf"\text{{ {text.translate(_TEXT_MODE_ESCAPES)} }}" if text.strip() else ""
        if tag in ("mi", "mo") and len(text) > 1 and text.isalpha():
            written = f"\\{text}" if text in _TEX_FUNCTIONS else rf"\operatorname{{{text}}}"
        elif text in _PRIMES:
            written = _PRIMES[text]
        else:
            written = text.translate(_TEX_ESCAPES)
        command = _VARIANT_COMMANDS.get(variant or "")
        return rf"\{command}{{{written}}}" if command and written else written

    def base(self, text: str, *, atomic: bool) -> str:
        text = text.strip()
        if not text:
            return "{}"  # a script with nothing to stand on
        return text if _TEX_ATOM.fullmatch(text) else f"{{{text}}}"

    def row(self, parts: list[str]) -> str:
        written = ""
        for part in parts:
            if written and part[:1].isalpha() and _ENDS_IN_COMMAND.search(written):
                written += " "
            written += part
        return written

    def matrix(self, rows: list[list[str]]) -> str:
        body = r" \\ ".join(" & ".join(cell.strip() for cell in row) for row in rows)
        return rf"\begin{{matrix}} {body} \end{{matrix}}"

    def superscript(self, base: str, script: str) -> str:
        return f"{base}^{{{script.strip()}}}"

    def subscript(self, base: str, script: str) -> str:
        return f"{base}_{{{script.strip()}}}"

    def subsup(self, base: str, sub: str, sup: str) -> str:
        return f"{base}_{{{sub.strip()}}}^{{{sup.strip()}}}"

    def prescripts(self, subs: list[str], sups: list[str]) -> str:
        sub = "".join(script.strip() for script in subs)
        sup = "".join(script.strip() for script in sups)
        return "{}" + (f"_{{{sub}}}" if sub else "") + (f"^{{{sup}}}" if sup else "")

    def under(self, base: str, script: str) -> str:
        if _is_large_operator(base):
            return self.subscript(base, script)
        return rf"\underset{{{script.strip()}}}{{{base.strip()}}}"

    def over(self, base: str, script: str) -> str:
        core = base.strip()
        if _is_large_operator(core):
            return self.superscript(base, script)
        accent = _ACCENTS.get(_unescaped(script.strip()))
        if accent is not None:
            return rf"\{accent[1]}{{{core}}}"
        return rf"\overset{{{script.strip()}}}{{{core}}}"

    def underover(self, base: str, under: str, over: str) -> str:
        if _is_large_operator(base):
            return self.subsup(base, under, over)
        return self.over(self.under(base, under), over)

    def fraction(self, numerator: str, denominator: str, *, binomial: bool) -> str:
        if binomial:  # the brackets around it, if any, are the page's
            return rf"{{{numerator.strip()} \atop {denominator.strip()}}}"
        return rf"\frac{{{numerator.strip()}}}{{{denominator.strip()}}}"

    def root(self, base: str, index: str | None) -> str:
        if index is None:
            return rf"\sqrt{{{base.strip()}}}"
        return rf"\sqrt[{index.strip()}]{{{base.strip()}}}"


#: What :data:`_TEX_ESCAPES` writes for an accent's character, read back.
_ESCAPED_ACCENTS: Final = {r"\hat{}": "^", r"\sim": "~"}


def _unescaped(script: str) -> str:
    return _ESCAPED_ACCENTS.get(script, script)
