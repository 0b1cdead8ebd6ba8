"""The page's elements as the outputs read them: tag tables, limits and small tests of
one element that every step of the layout shares (:mod:`unboiler.output.text` says what
the steps are).

Kept apart so that the selection, the passes that drop what the page hides or shows as
controls, and the layout read the same tables and the same tests: whether an element
runs on inside a line, whether assistive technology is told to skip it, what of the
page is content (:class:`Selection`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from selectolax.lexbor import LexborNode

from unboiler import tags

#: Elements the parser reads as part of the block around them: a block's text is the text
#: under its element, up to the first element that is not one of these.
BLOCK_INLINE_TAGS: Final = tags.INLINE_TAGS


#: Elements laid out inside a line: the above, and line breaks, which end a block for
#: the parser but only a line for a reader.
INLINE_TAGS: Final = BLOCK_INLINE_TAGS | tags.LINE_BREAK_TAGS


#: Elements the parser skips whole (scripts, styles, media): they end a block for the
#: parser but show no text, so they end no line of the layout.
IGNORED_TAGS: Final = tags.IGNORED_TAGS


IN_LINE_IGNORED: Final = tags.IN_LINE_IGNORED_TAGS


HEADING_LEVELS: Final = tags.HEADING_LEVELS


LIST_TAGS: Final = frozenset({"ul", "ol", "menu", "dir"})


#: Ruby annotations: the reading of the base text, not text of the page's own (WCXB's
#: gold leaves them out).
RUBY_ANNOTATION_TAGS: Final = frozenset({"rt", "rp", "rtc"})


#: Elements that wrap an image and its caption, whose images belong to the content even
#: when only the caption has words.
FIGURE_TAGS: Final = frozenset({"figure", "picture"})


#: Attributes in which a lazy loader keeps an image's address until a script moves it
#: into ``src`` (lazysizes' and most loaders' ``data-src``, jQuery Lazy Load's
#: ``data-original``, WP Rocket's and Naver's ``data-lazy-src``).
LAZY_IMAGE_ATTRIBUTES: Final = ("data-lazy-src", "data-src", "data-original")
#: Attributes that hold an image's URL, in order: a lazy loader's first, since until its
#: script runs ``src`` holds a placeholder, an inline GIF or a blurred thumbnail of the
#: picture (Naver's "IMG_4401.JPG?type=w80_blur" beside "?type=w966"); once it has run,
#: the two are the same.
IMAGE_URL_ATTRIBUTES: Final = (*LAZY_IMAGE_ATTRIBUTES, "src")


#: ``role`` values that strip an element of its meaning for assistive technology
#: (WAI-ARIA 1.2, the ``presentation`` and ``none`` roles): an image so marked is
#: decoration.
DECORATIVE_ROLES: Final = frozenset({"presentation", "none"})


#: Class-name prefixes that name a code block's language on its ``<pre>`` or ``<code>``:
#: ``language-`` (HTML standard's suggestion, highlight.js, Prism), ``lang-`` (Google's
#: prettify), ``highlight-source-`` (GitHub).
CODE_LANGUAGE_PREFIXES: Final = ("language-", "lang-", "highlight-source-")
#: A class prefix before a language's name that is as often before other words: read
#: only before a name of :data:`KNOWN_CODE_LANGUAGES` (Jira's ``<pre class="code-java">``).
KNOWN_LANGUAGE_PREFIX: Final = "code-"


#: Names in those places that name no language: "text", "none" or "plain" ask for no
#: highlighting, Sphinx's "default" is Python 3 or nothing, whichever lexes, and "auto"
#: (Discourse's ``lang-auto``) asks highlight.js to guess.
NOT_LANGUAGES: Final = frozenset(
    {"default", "none", "text", "plain", "plaintext", "txt", "nohighlight", "output", "auto"}
)


#: SyntaxHighlighter's class (``class="brush: css"``, MDN's older pages among others).
BRUSH: Final = re.compile(r"\bbrush:\s*([\w+#.-]+)")


#: Classes beside which the one other class of a ``<pre>`` or ``<code>`` is its
#: language: Pandoc's ``class="sourceCode python"``; rustdoc's examples, ``class="rust
#: rust-example-rendered"``, and item declarations, ``class="rust item-decl"``.
LANGUAGE_BESIDE_CLASSES: Final = frozenset({"sourceCode", "rust-example-rendered", "item-decl"})
#: highlight.js's mark in its older markup (``<code class="hljs bash">``): beside it, the
#: one class of :data:`KNOWN_CODE_LANGUAGES` is the language (its other classes are a
#: page's own: ``hljs wp-block-code``, ``hljs line-numbers``).
HIGHLIGHT_JS_CLASS: Final = "hljs"
#: Without a highlighter's mark, a ``<code>``'s one class or a wrapper's ``data-lang``
#: names a code block's language only when it is one of these common names of
#: highlight.js's and Prism's languages (a wrapper's ``data-lang="fr"`` names the
#: reader's language, and ``<code class="literal">`` none).
KNOWN_CODE_LANGUAGES: Final = frozenset(
    {"bash", "sh", "shell", "zsh", "console", "powershell", "ps1", "bat", "cmd"}
    | {"python", "py", "python3", "ruby", "rb", "perl", "php", "lua", "r", "julia"}
    | {"javascript", "js", "jsx", "typescript", "ts", "tsx", "json", "jsonc", "yaml", "yml"}
    | {"toml", "ini", "xml", "html", "css", "scss", "sass", "less", "svg", "markdown", "md"}
    | {"c", "cpp", "c++", "h", "csharp", "cs", "java", "kotlin", "kt", "scala", "groovy"}
    | {"go", "golang", "rust", "rs", "swift", "objectivec", "dart", "zig", "nim", "d"}
    | {"haskell", "hs", "ocaml", "elixir", "erlang", "clojure", "lisp", "scheme", "fsharp"}
    | {"sql", "mysql", "postgresql", "plsql", "graphql", "dockerfile", "makefile", "cmake"}
    | {"nginx", "apache", "diff", "patch", "latex", "tex", "matlab", "vb", "vbnet", "asm"}
    | {"solidity", "terraform", "hcl", "protobuf", "vue", "svelte", "coffeescript"}
)
#: Names of :data:`KNOWN_CODE_LANGUAGES` that are also ISO 639-1 codes of a reader's
#: language (Czech, Serbo-Croatian, Tsonga): a wrapper's ``data-lang`` of one of them
#: names no code's language.
HUMAN_LANGUAGE_CODES: Final = frozenset({"cs", "sh", "ts"})


#: GitHub's prefix for a format of text, named after its TextMate scope (``text.html.basic``,
#: ``text.html.php``, ``text.tex.latex``, ``text.restructuredtext``).
TEXT_SCOPES: Final = "highlight-text-"


#: The wrappers that name the language above the ``<pre>``, up to two levels: each is a
#: class that marks the wrapper and the prefix of the class that names the language.
#: GitHub's ``<div class="highlight highlight-source-python">`` (and, for formats of
#: text, ``highlight-text-restructuredtext``); Sphinx's
#: ``<div class="highlight-python notranslate"><div class="highlight">``; Rouge's
#: (Jekyll) ``<div class="language-ruby highlighter-rouge"><div class="highlight">``.
#: Another class of that shape on a page's element ("highlight-box", "lang-en",
#: "language-selector") names no code's language.
#: Python-Markdown's and MkDocs Material's ``<div class="language-bash highlight">``.
#: Jupyter's nbconvert: ``<div class="highlight hl-ipython3">``.
CODE_WRAPPERS: Final = (
    ("highlight", "highlight-source-"),
    ("highlight", TEXT_SCOPES),
    ("highlight", "highlight-"),
    ("highlighter-rouge", "language-"),
    ("highlight", "language-"),
    ("highlight", "hl-"),
)


#: Pygments' names of a language's console or dialect that a fence's readers know by the
#: language's own name: a notebook's cells are "ipython3" to nbconvert, Python to
#: GitHub's and markdown-it's highlighters.
LANGUAGE_ALIASES: Final = {
    "ipython": "python",
    "ipython2": "python",
    "ipython3": "python",
    # GitHub's scope of a shell session ("$ pip install ..." and its output) is Linguist's
    # ShellSession, "console" to the highlighters
    "shell-session": "console",
}


#: How far above the ``<pre>`` a wrapper (:data:`CODE_WRAPPERS`) may be.
CODE_LANGUAGE_DEPTH: Final = 2


#: Hexo's code blocks: ``<figure class="highlight rust">`` around a table whose first
#: cell holds the line numbers; its other class is the language.  How far above the
#: ``<pre>`` the figure may be (cell, row, body, table, figure).
CODE_FIGURE: Final = ("figure", "highlight")


CODE_FIGURE_DEPTH: Final = 5


#: Classes of a table's cell that holds a code block's line numbers, beside the cell of
#: code (Hexo's "gutter", Pygments' and Chroma's "linenos", GitHub's "blob-num",
#: highlightjs-line-numbers' "hljs-ln-numbers"): numbers, not the page's text.
LINE_NUMBER_CELLS: Final = frozenset({"gutter", "linenos", "blob-num", "hljs-ln-numbers"})


#: Classes of an element inside a ``<pre>`` that holds one line's number before the
#: line's code: Pygments' inline numbers and Sphinx's ("linenos"; "lineno" before
#: Pygments 2.8), Chroma's, which Hugo uses ("ln", "lnt").  Such an element is left out
#: when it holds a number and nothing else.
LINE_NUMBER_SPANS: Final = frozenset({"linenos", "lineno", "ln", "lnt"})


LINE_NUMBER_SELECTOR: Final = ", ".join(f".{name}" for name in sorted(LINE_NUMBER_SPANS))


#: Classes of an inline element inside a ``<pre>`` that its style shows as a line of its
#: own, with no line break written after it: gatsby-remark-prismjs's highlighted lines
#: (``display: block`` in its stylesheet; the line's own line feed is dropped).
CODE_LINE_CLASSES: Final = frozenset({"gatsby-highlight-code-line"})


CODE_LINE_SELECTOR: Final = ", ".join(f".{name}" for name in sorted(CODE_LINE_CLASSES))


#: Bounds of ``colspan`` and ``rowspan`` (HTML standard, "processing model" of tables).
MAX_COLSPAN: Final = 1000


MAX_ROWSPAN: Final = 65534


#: Lists, quotes and tables nested deeper than this are laid out flat (their text stays):
#: the layout recurses once per such level, and a page may nest thousands.
MAX_NESTING: Final = 64


#: Class names that mark a documentation admonition, a note or warning set apart from
#: the text: Sphinx's and MkDocs's ``admonition`` (with ``note``, ``warning``...
#: beside it), Docusaurus's ``theme-admonition``, GitHub's ``markdown-alert``,
#: MDN's ``notecard`` and VitePress's ``custom-block``.  Written as paragraphs, a
#: note's end cannot be told from the text that follows it; the Markdown sets it apart
#: as a block quote and the HTML as an ``<aside>``, while the plain text, which has no
#: such mark, is unchanged.  Only names made for the purpose: ``note``, ``callout``
#: and ``alert`` alone also name a page's banners, footnotes and sliders.
ADMONITION_CLASSES: Final = frozenset(
    {
        "admonition",
        "theme-admonition",
        "markdown-alert",
        "notecard",
        "custom-block",
        "kg-callout-card",  # Ghost's callout card
        "confluence-information-macro",  # Confluence's info, note, tip and warning panels
    }
)


#: Bootstrap's alert, a note when the content holds it (Hugo's Docsy writes its notes
#: so, ``<div class="alert alert-info" role="alert">``): ``alert`` with one of its
#: contextual classes beside it, which a banner's "alert" alone is not.
BOOTSTRAP_ALERT: Final = "alert"
BOOTSTRAP_ALERT_KINDS: Final = frozenset(
    f"alert-{kind}"
    for kind in ("primary", "secondary", "success", "danger", "warning", "info", "light", "dark")
)


#: DocFX's alerts (Microsoft Learn, .NET's documentation): ``<div class="NOTE">`` and the
#: other four kinds of its Markdown syntax, written in capitals, which no banner's class
#: is; matched as written.
DOCFX_ALERT_CLASSES: Final = frozenset({"NOTE", "TIP", "IMPORTANT", "CAUTION", "WARNING"})


#: The kinds of a collapsible admonition, the class of its ``<details>``: PyMdown
#: Extensions' ``details`` (MkDocs Material's ``??? tip``) names it so and nothing else.
#: Material's kinds and their aliases, less those a page's disclosures are named by as
#: often (``question``, ``faq``, ``help``, ``summary``): an FAQ's answer is no note.
COLLAPSIBLE_ADMONITION_KINDS: Final = frozenset(
    {
        "note",
        "abstract",
        "tldr",
        "info",
        "todo",
        "tip",
        "hint",
        "important",
        "success",
        "check",
        "done",
        "warning",
        "caution",
        "attention",
        "failure",
        "fail",
        "missing",
        "danger",
        "error",
        "bug",
        "example",
        "quote",
        "cite",
    }
)


#: Elements an admonition is made of (a ``<p class="admonition">`` is a paragraph).
_ADMONITION_TAGS: Final = frozenset({"div", "aside", "section"})


def admonition(element: LexborNode) -> bool:
    """Whether ``element`` is a documentation admonition (:data:`ADMONITION_CLASSES`,
    :data:`DOCFX_ALERT_CLASSES`, a Bootstrap alert of a kind, a ``<details>`` of
    :data:`COLLAPSIBLE_ADMONITION_KINDS`)."""
    if element.tag == "details":
        names = (element.attributes.get("class") or "").split()
        return not COLLAPSIBLE_ADMONITION_KINDS.isdisjoint(names)
    if element.tag not in _ADMONITION_TAGS:
        return False
    classes = element.attributes.get("class")
    if not classes:
        return False
    names = classes.split()
    return (
        not ADMONITION_CLASSES.isdisjoint(names)
        or not DOCFX_ALERT_CLASSES.isdisjoint(names)
        or (BOOTSTRAP_ALERT in names and not BOOTSTRAP_ALERT_KINDS.isdisjoint(names))
    )


#: How a page typesets TeX written in its text (:func:`~unboiler.output.renderings.tex_in_text`).
TexMode = Literal["inline", "escaped", "display"]


@dataclass
class Selection:
    """What of the page is content: the text nodes (and images) of the content blocks, and
    the texts of content blocks that have no element (a description from JSON-LD), each
    placed after the content text node that precedes it (``after``) or before everything
    (``before``)."""

    texts: set[LexborNode] = field(default_factory=set)
    images: set[LexborNode] = field(default_factory=set)
    after: dict[LexborNode, list[str]] = field(default_factory=dict)
    before: list[str] = field(default_factory=list)
    #: Inline elements the page hides, whose text is left out (their edges stay edges).
    hidden: set[LexborNode] = field(default_factory=set)
    #: The page's MathML formulas (:func:`~unboiler.output.renderings.formulas`).
    formulas: list[LexborNode] = field(default_factory=list)
    #: The page's tree, read for how it typesets TeX written in its text
    #: (:func:`~unboiler.output.renderings.tex_in_text`) when a text has a dollar or a
    #: backslash, which most pages' have not.
    tree: Any = None
    #: Elements in a visually-hidden class (:func:`~unboiler.output.hidden.visually_hidden`): their
    #: text is a word of its own, which a screen reader says apart from the words around it.
    apart: set[LexborNode] = field(default_factory=set)
    #: Text nodes a script replaces with an e-mail address, and the address
    #: (:func:`~unboiler.output.emails.protected_addresses`).
    addresses: dict[LexborNode, str] = field(default_factory=dict)


def adjacent(node: LexborNode, *, before: bool) -> LexborNode | None:
    """The node just before (or after) ``node``, white space and comments aside."""
    sibling = node.prev if before else node.next
    while sibling is not None and (sibling.is_empty_text_node or sibling.tag == "-comment"):
        sibling = sibling.prev if before else sibling.next
    return sibling


def text_nodes(node: LexborNode) -> list[LexborNode]:
    """``node`` itself if it is text, else the text nodes under it."""
    if node.is_text_node:
        return [node]
    return [child for child in node.traverse(include_text=True) if child.is_text_node]


#: An inline style that lays its element out as a block (CSS Display Module Level 3,
#: §2: an outer display type of ``block``), on its own line: WP Recipe Maker writes a
#: recipe's notes as ``<span style="display: block">``.
BLOCK_DISPLAY: Final = re.compile(
    r"display\s*:\s*(?:block|flex|grid|table|list-item|flow-root)\b", re.IGNORECASE
)


#: The inline elements whose style is read for it: those that format nothing, and so are
#: laid out by their style alone.
STYLED_INLINE_TAGS: Final = frozenset({"span", "font", "label"})


def hidden_from_readers(element: LexborNode) -> bool:
    return (element.attributes.get("aria-hidden") or "").strip().lower() == "true"


def laid_inline(node: LexborNode) -> bool:
    """Whether ``node`` lies inside a line: an inline element, or a custom element
    (a name with a hyphen: ``<relative-time>``, ``<x-price>``) in running text.  CSS's
    initial ``display`` is ``inline``, and the HTML standard's default style sheet
    (§15.3.3, "Flow content") makes no custom element a block, so "released
    <relative-time>3 days ago</relative-time> by" is one line; the parser follows
    Boilerpipe, for which every unknown element ends a block.  A custom element with no
    text beside it is most often a component's box (``<cart-drawer>``,
    ``<devsite-content>``) that its own style makes a block, and stays one.  A form
    control inside a sentence runs on in it (:func:`unboiler.tags.control_in_line`); a
    ``<code>`` of several lines outside a ``<pre>`` is a block of code
    (:func:`unboiler.tags.is_code_block`)."""
    tag = node.tag or ""
    if tag in INLINE_TAGS:
        return tag != "code" or not tags.is_code_block(node)
    if tag in tags.INLINE_CONTROL_TAGS:
        return tags.control_in_line(node)
    if "-" not in tag:
        return False
    return tags.beside_text(node.prev, backwards=True) or tags.beside_text(
        node.next, backwards=False
    )


#: Nodes :func:`~unboiler.output.layout._has_text_beside` looks at before it answers yes: a
#: formula's wrappers hold a few nodes beside it, and a walk through all the siblings of each of
#: 20,000 formulas in a row would be quadratic.
MAX_BESIDE_NODES: Final = 64
