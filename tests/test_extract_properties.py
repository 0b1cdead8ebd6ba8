"""Properties of :func:`unboiler.extract` over generated HTML trees (tracker issue 22):
it raises nothing but :class:`~unboiler.UnboilerError`, and no output holds a word the
page does not show (we never invent text: every output's words are a sub-multiset of
the page's visible words)."""

from __future__ import annotations

import contextlib
import json
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from selectolax.lexbor import LexborHTMLParser

import unboiler
from unboiler.extractors.registry import core_extractors

#: Words of the page's text: short letter strings, so that hypothesis can make the same
#: word appear several times (a duplicated block is an invented word too).
WORDS = st.text(alphabet="abcdefgh", min_size=1, max_size=6)
#: Words that a reader never sees (script, style, attributes): none may reach an output.
#: Upper case, so that they can never be mistaken for a visible word.
HIDDEN_WORDS = st.text(alphabet="XYZ", min_size=1, max_size=4)

_CONTAINERS = (
    "div", "section", "article", "main", "aside", "nav", "header", "footer", "blockquote",
    "ul", "li", "dl", "dt", "dd", "table", "tr", "td", "th", "thead", "tbody", "form",
    "figure", "figcaption", "details", "summary", "center", "x-widget",
)  # fmt: skip
_LEAVES = ("p", "h1", "h2", "h3", "h4", "pre", "code", "label", "caption", "button")
_INLINE = ("b", "i", "em", "strong", "span", "a", "sub", "sup", "small", "abbr", "q", "font")
_HIDDEN = ("script", "style", "template")
_CLASSES = ("", "content", "article-body", "nav menu", "footer", "sidebar", "comment", "ad")
#: Where a word counts as seen: \w runs without digits or underscores (ordered lists and
#: Markdown tables add numbers and rules of their own).
_WORD = re.compile(r"[^\W\d_]+")
_MARKDOWN_IMAGE = re.compile(r"!\[[^\]]*\]\([^)]*\)")
# The inline HTML the Markdown writes for superscript and subscript: markup, not words.
_MARKDOWN_HTML_MARKS = re.compile(r"</?su[bp]>")
_MARKDOWN_LINK_TARGET = re.compile(r"\]\([^)]*\)")
#: Generated pages are large and slow to extract by hypothesis's measure, on purpose.
_SLOW_AND_LARGE = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example]


@dataclass
class Page:
    html: str
    visible: Counter[str]


@st.composite
def text_run(draw: st.DrawFn, visible: Counter[str]) -> str:
    """A run of words, with a space on either side so that it never joins a neighbour's
    word (the layout may glue text that the markup glues)."""
    words = draw(st.lists(WORDS, min_size=1, max_size=8))
    visible.update(words)
    return " " + " ".join(words) + " "


@st.composite
def element(draw: st.DrawFn, visible: Counter[str], depth: int) -> str:
    kind = draw(st.sampled_from(("container", "leaf", "inline", "hidden", "br", "img")))
    if depth >= 6 and kind == "container":
        kind = "leaf"
    attributes = ""
    css = draw(st.sampled_from(_CLASSES))
    if css:
        attributes += f" class='{css}'"
    if draw(st.booleans()):
        attributes += f" title='{draw(HIDDEN_WORDS)}'"
    if kind == "br":
        return "<br>"
    if kind == "img":
        return f"<img src='/{draw(HIDDEN_WORDS)}.png' alt='{draw(HIDDEN_WORDS)}'>"
    if kind == "hidden":
        tag = draw(st.sampled_from(_HIDDEN))
        return f"<{tag}> {' '.join(draw(st.lists(HIDDEN_WORDS, max_size=5)))} </{tag}>"
    if kind == "inline":
        tag = draw(st.sampled_from(_INLINE))
        if tag == "a":
            attributes += f" href='/{draw(HIDDEN_WORDS)}'"
        inner = draw(text_run(visible))
        if depth < 6 and draw(st.booleans()):
            inner += draw(element(visible, depth + 1))
        return f"<{tag}{attributes}>{inner}</{tag}>"
    tag = draw(st.sampled_from(_CONTAINERS if kind == "container" else _LEAVES))
    children = []
    for _ in range(draw(st.integers(0, 4 if kind == "container" else 2))):
        if draw(st.booleans()):
            children.append(draw(text_run(visible)))
        else:
            children.append(draw(element(visible, depth + 1)))
    # some elements are left unclosed, as real pages leave them
    close = "" if draw(st.integers(0, 9)) == 0 else f"</{tag}>"
    return f"<{tag}{attributes}>{''.join(children)}{close}"


@st.composite
def pages(draw: st.DrawFn) -> Page:
    visible: Counter[str] = Counter()
    body = "".join(draw(st.lists(element(visible, 0), min_size=1, max_size=6)))
    title = " ".join(draw(st.lists(HIDDEN_WORDS, max_size=3)))
    html = f"<!DOCTYPE html><html><head><title>{title}</title></head><body>{body}</body></html>"
    return Page(html, visible)


def _words(text: str) -> Counter[str]:
    """The words of ``text``, each in its compatibility form: the plain text writes a
    raised or lowered "a" as "ₐ" ("H<sub>2</sub>O" is "H₂O"), which is the page's "a"."""
    return Counter(_WORD.findall(unicodedata.normalize("NFKC", text)))


def _output_words(output: str, rendered: str) -> Counter[str]:
    """The words a reader sees in an output: the HTML fragment's text (not its
    attributes), the JSON's text, the Markdown without link targets and images."""
    if output == "html":
        tree = LexborHTMLParser(rendered)
        return _words(tree.body.text(separator=" ") if tree.body is not None else "")
    if output == "json":
        return _words(json.loads(rendered)["text"])
    if output == "markdown":  # an image's alt text and a link's URL are the page's attributes
        rendered = _MARKDOWN_LINK_TARGET.sub("]", _MARKDOWN_IMAGE.sub(" ", rendered))
        rendered = _MARKDOWN_HTML_MARKS.sub(" ", rendered)
    return _words(rendered)


@settings(max_examples=200, deadline=None, suppress_health_check=_SLOW_AND_LARGE)
@given(pages(), st.sampled_from(core_extractors()), st.booleans(), st.booleans())
@example(  # a letter in a subscript, written in its Unicode form in the text
    Page(
        "<!DOCTYPE html><html><head><title></title></head><body><script>  </script><b> a a a a"
        " <sub> a <div> a </sub></b></body></html>",
        Counter({"a": 6}),
    ),
    "boilerpipe-article",
    False,
    False,
)
def test_outputs_hold_only_words_the_page_shows(
    page: Page, extractor: str, links: bool, images: bool
) -> None:
    for output in ("text", "markdown", "html", "json"):
        try:
            rendered = unboiler.extract(
                page.html, extractor=extractor, output=output, links=links, images=images
            )
        except unboiler.UnboilerError:
            continue
        invented = _output_words(output, rendered) - page.visible
        assert not invented, f"{extractor} {output} invented {dict(invented)}"


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=3000), st.sampled_from(core_extractors()))
def test_any_bytes_give_a_result_or_an_unboiler_error(data: bytes, extractor: str) -> None:
    for output in ("text", "json"):
        with contextlib.suppress(unboiler.UnboilerError):
            assert isinstance(unboiler.extract(data, extractor=extractor, output=output), str)
