"""Code blocks: their language (from the classes of the ``<pre>``, its ``<code>`` and
their wrappers), the line numbers that highlighters set beside the code, and the
controls inside a ``<pre>`` that are no code.
"""

from __future__ import annotations

import re
from typing import Final

from selectolax.lexbor import LexborNode

from unboiler import tags
from unboiler.output.dom import (
    BRUSH,
    CODE_FIGURE,
    CODE_FIGURE_DEPTH,
    CODE_LANGUAGE_DEPTH,
    CODE_LANGUAGE_PREFIXES,
    CODE_WRAPPERS,
    HIGHLIGHT_JS_CLASS,
    HUMAN_LANGUAGE_CODES,
    IGNORED_TAGS,
    KNOWN_CODE_LANGUAGES,
    KNOWN_LANGUAGE_PREFIX,
    LANGUAGE_ALIASES,
    LANGUAGE_BESIDE_CLASSES,
    LINE_NUMBER_CELLS,
    LINE_NUMBER_SPANS,
    NOT_LANGUAGES,
    TEXT_SCOPES,
    adjacent,
)
from unboiler.output.formula import (
    element_children,
)

#: Languages' names that after "code-" name something else as often: a size or a
#: letter ("code-c", "code-r"), "code-less" (no code), "code-d".
_AMBIGUOUS_AFTER_CODE: Final = frozenset({"c", "d", "h", "r", "less"})
#: Characters a language name may hold besides letters and digits ("c++", "c#", "objective-c").
_LANGUAGE_MARKS: Final = "+#-_."


#: Elements beside a ``<pre>``'s ``<code>`` that are controls, not code
#: (:meth:`~unboiler.output.layout._Layout.preformatted`).
PRE_CONTROL_TAGS: Final = frozenset({"a", "button"})


def pre_controls(pre: LexborNode) -> set[LexborNode]:
    """The links and buttons straight inside ``pre`` when it also holds a ``<code>``."""
    children = element_children(pre)
    if not any(child.tag == "code" for child in children):
        return set()
    return {child for child in children if child.tag in PRE_CONTROL_TAGS}


#: Lists that a ``<pre>`` may hold beside its ``<code>`` as a column of line numbers
#: (:func:`numbering_lists`).
NUMBERING_LIST_TAGS: Final = frozenset({"ul", "ol"})


def numbering_lists(pre: LexborNode) -> set[LexborNode]:
    """The lists straight inside ``pre``, beside a ``<code>`` of its own, whose items are
    numbers counting on by one (:func:`_counts_on`): the code's line numbers, drawn as a
    column beside it.  CSDN writes ``<ul class="pre-numbering"><li>1</li>...`` after the
    ``<code>``; read as text, its numbers ran on after the program's last line.  A
    one-line program's list of "1" counts when its class says it numbers ("pre-numbering").
    A list of anything else, or one in a ``<pre>`` with no ``<code>`` beside it (the
    ``<pre>`` is then the list's own layout), is kept."""
    children = element_children(pre)
    if not any(child.tag == "code" for child in children):
        return set()
    found = set()
    for child in children:
        if child.tag not in NUMBERING_LIST_TAGS:
            continue
        items = element_children(child)
        numbers = [item.text(deep=True).strip() for item in items]
        if all(item.tag == "li" for item in items) and (
            _counts_on(numbers)
            or (numbers == ["1"] and "number" in (child.attributes.get("class") or "").lower())
        ):
            found.add(child)
    return found


#: The attribute in which Medium names a code block's language, on the ``<span>`` that
#: holds the block's text right inside its ``<pre>`` (``data-code-block-mode="2"`` beside
#: it says the reader's choice of highlighting).
MEDIUM_LANGUAGE: Final = "data-code-block-lang"


def code_language(pre: LexborNode) -> str | None:
    """The language a code block names: on its ``<pre>``'s first element, Medium's
    :data:`MEDIUM_LANGUAGE`; on its ``<code>`` or ``<pre>``, a ``data-lang``
    (Hugo's Chroma) or ``data-language`` (on a ``<pre>`` without a ``<code>``, one that
    names no reader's language: :func:`_reader_language`), a class
    (:data:`~unboiler.output.dom.CODE_LANGUAGE_PREFIXES`, :data:`~unboiler.output.dom.BRUSH`,
    :data:`~unboiler.output.dom.LANGUAGE_BESIDE_CLASSES`), or the ``<code>``'s one class
    when it is a known language's name (:data:`~unboiler.output.dom.KNOWN_CODE_LANGUAGES`);
    above it, a highlighter's wrapper (:data:`~unboiler.output.dom.CODE_WRAPPERS`) or a
    wrapper's ``data-lang`` that is such a name."""
    own: list[LexborNode] = []
    child = pre.first_child
    while child is not None:
        if child.tag == "code":
            own.append(child)
            break
        child = child.next
    own.append(pre)
    first = next(pre.iter(include_text=False), None)
    if first is not None:  # Medium's <pre><span data-code-block-lang="sql">
        language = _language_name(first.attributes.get(MEDIUM_LANGUAGE) or "")
        if language:
            return language
    for element in own:
        language = _language_name(_data_language(element))
        # a <pre> without a <code> may be a poem's or a song's, its data-lang a reader's
        if language and not (len(own) == 1 and _reader_language(language)):
            return language
    for element in own:
        language = _class_language(element.attributes.get("class") or "")
        if language:
            return language
    # the language alone as the one class: highlight.js's older markup, <code
    # class="bash">; then on the <pre>, Pandoc's without highlighting, <pre
    # class="rust"><code>, and GeSHi's, <pre class="php">
    for element in own:
        names = (element.attributes.get("class") or "").lower().split()
        if len(names) == 1 and len(names[0]) > 1 and names[0] in KNOWN_CODE_LANGUAGES:
            return names[0]  # not one letter: "c" or "r" is as often a minified class
    # DokuWiki's GeSHi markup, <pre class="code bash">: a known language beside "code"
    names = (pre.attributes.get("class") or "").lower().split()
    if len(names) == 2 and "code" in names:
        other = names[1 - names.index("code")]
        if len(other) > 1 and other in KNOWN_CODE_LANGUAGES:
            return other
    # the <pre>'s lang attribute as GitHub's older rendering and WP-Syntax write it,
    # <pre lang="python">, where a reader's language ("en", "cs") names none
    declared = (pre.attributes.get("lang") or "").strip().lower()
    if (
        len(declared) > 1
        and declared in KNOWN_CODE_LANGUAGES
        and declared not in HUMAN_LANGUAGE_CODES
    ):
        return declared
    parent = pre.parent
    if parent is not None and parent.tag == "div":
        # the HTML standard's ``language-`` class on the <div> right around the <pre>
        # (VitePress's ``<div class="language-js vp-adaptive-theme">``)
        for name in (parent.attributes.get("class") or "").split():
            if name.startswith("language-"):
                language = _language_name(name.removeprefix("language-"))
                if language:
                    return language
    language = _wrappers_language(pre)
    if language:
        return language
    table = _numbered_table(pre)
    if table is not None:  # the wrapper around Pygments' table of numbered lines
        language = _wrappers_language(table, _classes_between(pre, table))
        if language:
            return language
    return _figure_language(pre)


def _classes_between(pre: LexborNode, table: LexborNode) -> frozenset[str]:
    """The classes of the elements from ``pre`` up to ``table`` (which holds it), both
    left out: Sphinx marks the ``<div class="highlight">`` inside the code's cell, and
    its language on the ``<div class="highlight-python">`` around the table."""
    names: set[str] = set()
    element = pre.parent
    while element is not None and element.mem_id != table.mem_id:
        names.update((element.attributes.get("class") or "").split())
        element = element.parent
    return frozenset(names)


def _wrappers_language(below: LexborNode, marks: frozenset[str] = frozenset()) -> str | None:
    """The language a highlighter's wrapper above ``below`` names, at most
    :data:`~unboiler.output.dom.CODE_LANGUAGE_DEPTH` levels up (:func:`_wrapper_language`);
    ``marks``: the classes of the elements below ``below`` that may hold a wrapper's mark."""
    wrapper: LexborNode | None = below.parent
    for _ in range(CODE_LANGUAGE_DEPTH):
        if wrapper is None or not wrapper.is_element_node or wrapper.tag in ("body", "html"):
            break
        language = _wrapper_language(wrapper, below, marks)
        if language:
            return language
        named = _data_language(wrapper).lower()
        if named in KNOWN_CODE_LANGUAGES and named not in HUMAN_LANGUAGE_CODES:
            return named  # Qiita's <div class="code-frame" data-lang="python">
        below, wrapper = wrapper, wrapper.parent
    return None


#: How far above a ``<pre>`` its cell of a table of numbered lines may be (Pygments'
#: ``<td class="code"><div><pre>``).
NUMBERED_CELL_DEPTH: Final = 3


def _numbered_table(pre: LexborNode) -> LexborNode | None:
    """The table of numbered lines whose code cell holds ``pre`` (Pygments' ``linenos``
    table, which MkDocs Material writes with its language on the ``<div>`` around the
    table); None when it is in no such table."""
    cell = pre.parent
    for _ in range(NUMBERED_CELL_DEPTH):
        if cell is None or cell.tag in ("td", "th", "body", "html"):
            break
        cell = cell.parent
    if cell is None or cell.tag != "td":
        return None
    row = cell.parent
    if row is None or row.tag != "tr":
        return None
    if not any(line_numbers(other) for other in row.iter(include_text=False) if other.tag == "td"):
        return None
    table = row.parent
    while table is not None and table.tag in ("tbody", "thead", "tfoot"):
        table = table.parent
    return table if table is not None and table.tag == "table" else None


def _figure_language(pre: LexborNode) -> str | None:
    """The language of a ``<pre>`` in Hexo's figure (:data:`~unboiler.output.dom.CODE_FIGURE`)."""
    tag, mark = CODE_FIGURE
    element = pre.parent
    for _ in range(CODE_FIGURE_DEPTH):
        if element is None or not element.is_element_node:
            return None
        if element.tag == tag:
            names = (element.attributes.get("class") or "").split()
            if mark not in names:
                return None
            others = [name for name in names if name != mark]
            return _language_name(others[0]) if len(others) == 1 else None
        element = element.parent
    return None


def line_number(element: LexborNode) -> bool:
    """Whether an element inside a ``<pre>`` is a line's number, or the numbers of all
    its lines, one a line (:data:`~unboiler.output.dom.LINE_NUMBER_SPANS`: Rouge's
    ``<pre class="lineno">1\n2\n3</pre>`` in the gutter of its table, which Jekyll puts
    inside the code block's own ``<pre>``)."""
    classes = element.attributes.get("class")
    if not classes or LINE_NUMBER_SPANS.isdisjoint(classes.split()):
        return False
    numbers = element.text(deep=True).split()
    return bool(numbers) and all(number.isdigit() for number in numbers)


#: Fewest lines whose numbers, written with no class that says so, are taken for a code
#: block's line numbers (:func:`counted_lines`).
COUNTED_LINES_MIN: Final = 2


def counted_lines(pre: LexborNode) -> set[LexborNode]:
    """The elements inside ``pre`` that hold their line's number with no class that says
    so (Code Hike's and Twilio's blocks: ``<div><span>1</span><div>code</div></div>``
    per line): each holds only digits, is the first thing shown in an element of its
    own, and has the line's code after it in a block-level element; and they count 1, 2,
    3... (or on from their first) through the whole block, at least
    :data:`COUNTED_LINES_MIN` of them.  Any other element like them, a gap in the count,
    or a number followed by more of its line's tokens (a highlighter's ``<span>1</span>``
    at the start of "1. First", one per line), and none is taken."""
    numbers = []
    for element in pre.traverse(include_text=False):
        child = element.child
        if element is pre or child is None or not child.is_text_node or child.next:
            continue
        text = (child.text_content or "").strip()
        if text.isascii() and text.isdigit() and len(text) < 7 and first_shown(element):
            numbers.append((int(text), element))
    if len(numbers) < COUNTED_LINES_MIN:
        return set()
    first = numbers[0][0]
    if [value for value, _ in numbers] != list(range(first, first + len(numbers))):
        return set()
    parents = set()
    for _, element in numbers:
        parent, following = element.parent, adjacent(element, before=False)
        while following is not None and following.tag in IGNORED_TAGS:  # a CSS-in-JS <style>
            following = adjacent(following, before=False)
        if parent is None or parent in parents or following is None:
            return set()
        if following.tag not in tags.BLOCK_DISPLAY_TAGS:
            return set()  # a token of the line, as highlighters write numbers
        parents.add(parent)
    return {element for _, element in numbers}


def first_shown(element: LexborNode) -> bool:
    """Whether nothing shown comes before ``element`` in its parent (a ``<style>`` that a
    CSS-in-JS library puts before the first element of its class shows nothing)."""
    before = adjacent(element, before=True)
    while before is not None and before.tag in IGNORED_TAGS:
        before = adjacent(before, before=True)
    return before is None


def line_numbers(cell: LexborNode) -> bool:
    """Whether a table's ``cell`` holds a code block's line numbers: its class says so
    (:data:`~unboiler.output.dom.LINE_NUMBER_CELLS`), or, with no class that does (Hugo's
    Chroma writes ``lntd`` on both cells of its ``lntable``), it holds a ``<pre>`` of
    nothing but numbers that count on by one, at least :data:`COUNTED_LINES_MIN` of
    them, the next cell of its row holds a ``<pre>`` too (the code they number, right of
    them), and its table has no header cell (a table of code and its output, "Code" and
    "Output" over "1 2 3", is a table)."""
    classes = cell.attributes.get("class") or ""
    if not LINE_NUMBER_CELLS.isdisjoint(classes.split()):
        return True
    if cell.tag != "td":
        return False
    pre = cell.css_first("pre")
    if pre is None or not _counts_on(pre.text(deep=True).split()):
        return False
    following = cell.next
    while following is not None and following.tag != "td":
        following = following.next
    if following is None or following.css_first("pre") is None:
        return False
    table = cell.parent
    while table is not None and table.tag in ("tr", "tbody", "thead", "tfoot"):
        table = table.parent
    return table is not None and table.css_first("th") is None


#: The most digits of a line number read (a million lines).
_LINE_NUMBER_DIGITS: Final = 7


def _counts_on(words: list[str]) -> bool:
    """Whether ``words`` are at least :data:`COUNTED_LINES_MIN` numbers counting on by
    one (from any first: a block's numbers may start past 1)."""
    if len(words) < COUNTED_LINES_MIN:
        return False
    if not all(w.isascii() and w.isdigit() and len(w) < _LINE_NUMBER_DIGITS for w in words):
        return False
    first = int(words[0])
    return [int(word) for word in words] == list(range(first, first + len(words)))


def _data_language(element: LexborNode) -> str:
    """An element's ``data-lang`` (Hugo's Chroma, Qiita), ``data-language`` (Prism's
    plugins) or the brush of its ``data-syntaxhighlighter-params`` (Confluence's code
    macro: ``brush: yml; gutter: false``), or the empty string."""
    attributes = element.attributes
    named = attributes.get("data-lang") or attributes.get("data-language")
    if named:
        return named
    params = attributes.get("data-syntaxhighlighter-params")
    brush = BRUSH.search(params) if params else None
    return brush.group(1) if brush else ""


def _class_language(classes: str) -> str | None:
    """The language the ``class`` of a ``<pre>`` or ``<code>`` names."""
    names = classes.split()
    if HIGHLIGHT_JS_CLASS in names:
        known = [name.lower() for name in names if name.lower() in KNOWN_CODE_LANGUAGES]
        if len(known) == 1:
            return known[0]
    for name in names:
        for prefix in CODE_LANGUAGE_PREFIXES:
            if name.startswith(prefix):
                language = _language_name(name[len(prefix) :])
                if language:
                    return language
                break
    brush = BRUSH.search(classes)
    if brush:
        return _language_name(brush.group(1))
    for name in names:
        # Jira's and Confluence's wiki markup renders {code:java} as <pre class="code-java">;
        # "code-" prefixes other words as often ("code-block"): a known language only
        if name.startswith(KNOWN_LANGUAGE_PREFIX):
            language = name.removeprefix(KNOWN_LANGUAGE_PREFIX).lower()
            if language in KNOWN_CODE_LANGUAGES and language not in _AMBIGUOUS_AFTER_CODE:
                return LANGUAGE_ALIASES.get(language, language)
    if not LANGUAGE_BESIDE_CLASSES.isdisjoint(names):
        others = [name for name in names if name not in LANGUAGE_BESIDE_CLASSES]
        if len(others) == 1:
            return _language_name(others[0])
    return None


def _wrapper_language(
    element: LexborNode, below: LexborNode, inner: frozenset[str] = frozenset()
) -> str | None:
    """The language a highlighter's wrapper names (:data:`~unboiler.output.dom.CODE_WRAPPERS`): the
    wrapper's mark is on it or on the element below it on the way to the ``<pre>`` (or in
    ``inner``, the classes further down: :func:`_classes_between`)."""
    names = (element.attributes.get("class") or "").split()
    marks = set(names) | set((below.attributes.get("class") or "").split()) | inner
    for mark, prefix in CODE_WRAPPERS:
        if mark not in marks:
            continue
        for name in names:
            if name.startswith(prefix) and name != mark:
                rest = name[len(prefix) :]
                language = _language_name(_text_scope(rest) if prefix == TEXT_SCOPES else rest)
                if language:
                    return language
    return None


def _text_scope(scope: str) -> str:
    """The language a text scope's name gives: its last part, the format embedded in
    the first ("html-php" is PHP, "tex-latex" LaTeX), unless that part is "basic"
    (HTML's own); a scope the aliases name whole ("shell-session") is read whole."""
    if scope in LANGUAGE_ALIASES:
        return scope
    parts = scope.split("-")
    return parts[0] if parts[-1] == "basic" else parts[-1]


#: A language tag (BCP 47) of an ISO 639-1 code, with a region or a script ("es",
#: "pt-br", "es-419", "zh-hant"); three letters are as often a code's language's name
#: ("rst", "erb", "tcl", "nix") as a reader's.
_LANGUAGE_TAG: Final = re.compile(r"[a-z]{2}(?:-(?:[a-z]{2}|\d{3}|[a-z]{4}))?")


def _reader_language(name: str) -> bool:
    """Whether a ``data-lang`` names the language of a text's readers, not of code: a
    language tag (:data:`_LANGUAGE_TAG`) that is no known code language's name (lyrics
    sites' ``<pre data-lang="es">``; "sh", "ts" and "cs" are code's on a ``<pre>``)."""
    return name not in KNOWN_CODE_LANGUAGES and _LANGUAGE_TAG.fullmatch(name) is not None


def _language_name(name: str) -> str | None:
    """A language's name as a fence's info string gives it: lower case, letters, digits
    and :data:`_LANGUAGE_MARKS`; None for what names no language."""
    language = "".join(c for c in name if c.isalnum() or c in _LANGUAGE_MARKS).lower()
    language = LANGUAGE_ALIASES.get(language, language)
    return language if language and language not in NOT_LANGUAGES else None


#: A ``<pre>`` of prose (:func:`prose_paragraphs`) has at least this many words ...
PROSE_MIN_WORDS: Final = 30
#: ... lines of this many characters on average (a paragraph to a line, which the
#: page's style wraps: ``white-space: pre-wrap``; a mail's lines, wrapped by hand at
#: 72 characters, keep their breaks as a code block keeps them) ...
PROSE_LINE_CHARS: Final = 100
#: ... at most one sign of code in this many of its characters (``{}[];=<>`` and the
#: like; not a sentence's parentheses, nor a price's or a percentage's sign) ...
PROSE_CODE_SHARE: Final = 0.01
#: ... and sentences of at most this many words on average, at least three of them.
PROSE_SENTENCE_WORDS: Final = 25
PROSE_MIN_SENTENCES: Final = 3
_CODE_SIGNS: Final = frozenset("{}[];=<>_|\\`^~")
_SENTENCE_END: Final = re.compile(r"[.!?。！？][\"'”»)]*(?:\s|$)")
_WORD: Final = re.compile(r"\w+")
_ALIGNED: Final = re.compile(r"^[ \t]|\S {3,}\S", re.MULTILINE)


def prose_paragraphs(pre: LexborNode, text: str) -> list[str] | None:
    """The paragraphs of a ``<pre>`` that holds prose, not code or a layout of text:
    a listing's description that the site writes in a ``<pre>`` for its line breaks
    (ImmoScout24's ``<pre class="is24qa-objektbeschreibung">``) reads as paragraphs, and
    a code fence of German sentences is none.  Prose is told by its text (``text``, as
    :meth:`~unboiler.output.layout.Layout.preformatted` reads it): words enough
    (:data:`PROSE_MIN_WORDS`), long lines (:data:`PROSE_LINE_CHARS`), no signs of code
    (:data:`PROSE_CODE_SHARE`), sentences (:data:`PROSE_SENTENCE_WORDS`), and no line
    indented or aligned in columns (a manual page, an RFC, a program's output keep their
    layout); a ``<pre>`` with a ``<code>`` inside is code whatever it says.  None when
    it is not prose; else its paragraphs, parted where it leaves a blank line, each
    line of a paragraph kept (``\\n`` inside).  No ``<pre>`` of the benchmarks' 1,666
    pages is so: of their 2,082, three pass every test but the lines' length (two
    mails of a list's archive, and a joke on top-posting written as one)."""
    lines = [line for line in text.split("\n") if line.strip()]
    if not lines or sum(map(len, lines)) < PROSE_LINE_CHARS * len(lines):
        return None
    words = len(_WORD.findall(text))
    if words < PROSE_MIN_WORDS or _ALIGNED.search(text) or pre.css_first("code") is not None:
        return None
    signs = [character for character in text if not character.isspace()]
    if sum(character in _CODE_SIGNS for character in signs) > PROSE_CODE_SHARE * len(signs):
        return None
    sentences = len(_SENTENCE_END.findall(text))
    if sentences < PROSE_MIN_SENTENCES or sentences * PROSE_SENTENCE_WORDS < words:
        return None
    paragraphs = re.split(r"\n\s*\n", text.strip("\n"))
    return [paragraph.strip() for paragraph in paragraphs if paragraph.strip()]
