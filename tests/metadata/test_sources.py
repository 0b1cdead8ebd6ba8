"""Where a page states facts about itself: the readers of :mod:`unboiler.metadata.sources`."""

from __future__ import annotations

import pytest
from selectolax.lexbor import LexborHTMLParser

from unboiler.metadata.sources import declared_address, meta_tags, shown_text
from unboiler.parse import parse


@pytest.mark.parametrize(
    ("head", "address"),
    [
        # the canonical link is read before og:url, wherever each stands in the head
        (
            '<meta property="og:url" content="https://example.org/og">'
            '<link rel="canonical" href="https://example.org/canonical">',
            "https://example.org/canonical",
        ),
        ('<meta property="og:url" content="https://example.org/og">', "https://example.org/og"),
        # as the page gives it: relative, spaces trimmed, rel among other words
        ('<link rel="alternate canonical" href=" /news/2024/a-story ">', "/news/2024/a-story"),
        # an empty canonical link is no address: og:url is read instead
        (
            '<link rel="canonical" href=" "><meta property="og:url" content="/b">',
            "/b",
        ),
        # og:url keyed as the meta readers key it: any case, among other properties
        ('<meta property="OG:URL" content=" /a ">', "/a"),
        ('<meta property="og:title og:url" content="/c">', "/c"),
        ('<meta name="og:url" content="/d">', "/d"),
        ('<meta property="og:urls" content="/e">', None),
        ('<link rel="stylesheet" href="/style.css">', None),
        ("", None),
    ],
)
def test_declared_address(head: str, address: str | None) -> None:
    """Looked up alone (the extractor) or among the meta elements already read (the
    metadata), the same address."""
    document = parse(f"<html><head>{head}</head><body><p>Text.</p></body></html>")
    assert declared_address(document.tree) == address
    assert declared_address(document.tree, meta_tags(document.tree)) == address


def test_declared_address_without_a_tree() -> None:
    assert declared_address(None) is None


@pytest.mark.parametrize(
    ("html", "shown"),
    [
        # a link's edge, a box's (a <span>), a cell's and a block's part words
        ('<p><span>BY</span><a href="/staff/jane">JANE DOE</a></p>', "BY JANE DOE"),
        ("<p><span>By</span><span>jane doe</span></p>", "By jane doe"),
        ("<table><tr><td>jane</td><td>doe</td></tr></table>", "jane doe"),
        ("<div><div>Jane Doe<sup>1</sup></div><div>University of Oslo</div></div>",
         "Jane Doe 1 University of Oslo"),  # a mark raised after a word: a note's
        ("<p>By Jane Doe<sup>a</sup> and John Roe<sup>b</sup></p>",
         "By Jane Doe a and John Roe b"),
        # raised text goes with its base; a word in lower case goes on across formatting
        ("<p>Why H<sub>2</sub>O boils, the 12<sup>e</sup> Lyon<em>nais</em></p>",
         "Why H2O boils, the 12e Lyonnais"),
        ("<p><a>Jean</a>-<a>Marie</a> Dupont</p>", "Jean-Marie Dupont"),
    ],
)  # fmt: skip
def test_shown_text_parts_words_where_the_page_lays_them_apart(html: str, shown: str) -> None:
    tree = LexborHTMLParser(f"<html><body>{html}</body></html>")
    assert shown_text(tree.body.child) == shown
