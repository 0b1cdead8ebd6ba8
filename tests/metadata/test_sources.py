"""Where a page states facts about itself: the readers of :mod:`unboiler.metadata.sources`."""

from __future__ import annotations

import pytest

from unboiler.metadata.sources import declared_address
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
        ('<link rel="stylesheet" href="/style.css">', None),
        ("", None),
    ],
)
def test_declared_address(head: str, address: str | None) -> None:
    document = parse(f"<html><head>{head}</head><body><p>Text.</p></body></html>")
    assert declared_address(document.tree) == address


def test_declared_address_without_a_tree() -> None:
    assert declared_address(None) is None
