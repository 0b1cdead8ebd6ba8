"""Declarative shadow roots are read as a browser shows them (unboiler.shadow)."""

from __future__ import annotations

from selectolax.lexbor import LexborHTMLParser

import unboiler
from unboiler.shadow import attach_shadow_roots

ARTICLE = """<!doctype html><html><head><title>Release notes</title></head><body>
<nav><a href="/">Home</a> <a href="/docs">Docs</a> <a href="/blog">Blog</a></nav>
<docs-page>
<template shadowrootmode="open">
<style>:host { display: block }</style>
<article>
<h1>Lumen 4.2 release notes</h1>
<p>Lumen 4.2 is a minor release focused on build performance and extensibility, fully
backwards compatible with the earlier releases of the four series.</p>
<p>Lumen now keeps a content-addressed cache of every page it renders, so that a rebuild
renders again only the pages whose sources, templates or data files changed.</p>
<slot name="note"></slot>
<p>Startup time has been cut by about forty per cent by loading plugins lazily and by
replacing the parser's regular expressions with a hand-written tokenizer.</p>
</article>
</template>
<p slot="note">Plugins written for the old interface continue to work, but print a
deprecation warning when they are loaded by the new release.</p>
</docs-page>
<footer><p>Copyright 2024 Lumen contributors. All rights reserved.</p></footer>
</body></html>"""


def _attached(html: str) -> tuple[int, str]:
    tree = LexborHTMLParser(html)
    count = attach_shadow_roots(tree, html)
    body = tree.body
    assert body is not None
    return count, body.text(separator="|", strip=True)


def test_an_article_in_a_shadow_root_is_extracted_with_its_slotted_note() -> None:
    text = unboiler.extract(ARTICLE)
    assert text.startswith("Lumen 4.2 release notes")
    assert "content-addressed cache" in text
    assert "hand-written tokenizer" in text
    # the light child goes where its slot is: after the second paragraph, not last
    assert text.index("cache of every page") < text.index("deprecation warning")
    assert text.index("deprecation warning") < text.index("Startup time")
    assert "Copyright" not in text


def test_each_child_goes_to_the_first_slot_of_its_name() -> None:
    html = (
        "<div><template shadowrootmode='open'>[<slot name='a'></slot>]"
        "(<slot></slot>){<slot name='a'>second a</slot>}</template>"
        "text <b slot='a'>named</b><i>unnamed</i><u slot='zzz'>no slot</u></div>"
    )
    count, text = _attached(html)
    assert count == 1
    # "second a" is the fallback of a slot that no child takes: it is shown
    assert text == "[|named|](|text|unnamed|){|second a|}"


def test_a_filled_slot_hides_its_fallback_and_an_empty_one_shows_it() -> None:
    html = (
        "<div><template shadowrootmode='open'><slot name='x'>fallback x</slot>"
        "<slot name='y'>fallback y</slot></template><span slot='x'>given x</span></div>"
    )
    assert _attached(html) == (1, "given x|fallback y")


def test_without_slots_the_childrens_own_content_is_not_shown() -> None:
    html = "<div><template shadowrootmode='open'><p>shown</p></template><p>light</p></div>"
    assert _attached(html) == (1, "shown")


def test_chromes_first_attribute_name_counts_too() -> None:
    html = "<section><template shadowroot='open'><p>old name</p></template></section>"
    assert _attached(html) == (1, "old name")


def test_a_template_that_is_no_shadow_root_stays_unshown() -> None:
    for html in (
        "<div><template><p>inert</p></template><p>page</p></div>",
        "<div><template shadowrootmode='sideways'><p>inert</p></template><p>page</p></div>",
        # a <ul> cannot host a shadow root (DOM Standard, valid shadow host names)
        "<ul><li>page</li><template shadowrootmode='open'><p>inert</p></template></ul>",
    ):
        assert _attached(html) == (0, "page")


def test_nested_shadow_roots_are_attached_in_turn() -> None:
    html = (
        "<outer-box><template shadowrootmode='open'><h2>outer</h2>"
        "<inner-box><template shadowrootmode='closed'><p>inner</p><slot></slot></template>"
        "<em>passed in</em></inner-box><slot></slot></template><p>outer light</p></outer-box>"
    )
    assert _attached(html) == (2, "outer|inner|passed in|outer light")


def test_only_an_elements_first_shadow_root_counts() -> None:
    html = (
        "<div><template shadowrootmode='open'><p>first</p></template>"
        "<template shadowrootmode='open'><p>second</p></template></div>"
    )
    assert _attached(html) == (1, "first")
    # the second stays a template where the default slot puts it: attached to nothing
    html = (
        "<x-a><template shadowrootmode=open><div class=box><h2>Title</h2><slot></slot></div>"
        "</template><template shadowrootmode=open><p>second root</p></template>"
        "<p>light text</p></x-a>"
    )
    assert _attached(html) == (1, "Title|light text")


def test_a_page_whose_source_names_no_shadow_root_is_left_alone() -> None:
    html = "<div><template><p>inert</p></template></div>"
    tree = LexborHTMLParser(html)
    before = tree.html
    assert attach_shadow_roots(tree, html) == 0
    assert tree.html == before
