"""E-mail addresses that a script writes into the page: Cloudflare's obfuscation.

A site behind Cloudflare with "Email Address Obfuscation" on is served with every address
replaced by ``<a class="__cf_email__" data-cfemail="…">[email protected]</a>`` and links
to ``/cdn-cgi/l/email-protection#…``; a script puts the addresses back in the reader's
browser.  The address is in the page, only encoded: the first byte of the hexadecimal
string is a key, and each byte after it, XOR the key, is a byte of the address in UTF-8
(the scheme Cloudflare's decoding script implements; it is no secret, only a shield from
address harvesters).  The outputs write what the reader sees: the address.
"""

from __future__ import annotations

import re
from typing import Any, Final

from selectolax.lexbor import LexborNode

#: The elements that hold an encoded address, and the path of the links Cloudflare
#: rewrites: ``…#<encoded>`` where the link's text is no address, and a bare path on an
#: ``<a>`` that holds the encoded address itself (its text the placeholder).
ENCODED_ELEMENTS: Final = "[data-cfemail]"
ENCODED_LINK_PATH: Final = "/cdn-cgi/l/email-protection"
#: What a decoded address must look like to be written: no space or control character,
#: one "@" between two non-empty parts.
_ADDRESS: Final = re.compile(r"[^\s@\x00-\x1f\x7f]+@[^\s@\x00-\x1f\x7f]+")
_HEX: Final = re.compile(r"(?:[0-9a-fA-F]{2}){2,}")
#: Nodes of an element that holds an encoded address: its placeholder, maybe split in
#: two; one that holds more is no placeholder's, and is left as it is (so that a page of
#: such elements nested in each other is read once, not once per level).
MAX_ADDRESS_NODES: Final = 8


def decode(encoded: str) -> str | None:
    """The address of a ``data-cfemail`` value, or None when it holds none."""
    encoded = encoded.strip()
    if not _HEX.fullmatch(encoded):
        return None
    key = int(encoded[:2], 16)
    data = bytes(int(encoded[i : i + 2], 16) ^ key for i in range(2, len(encoded), 2))
    try:
        address = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    return address if _ADDRESS.fullmatch(address) else None


def link_address(href: str, encoded: str | None = None) -> str | None:
    """The ``mailto:`` address of a link to Cloudflare's encoded address page (``href``,
    and the link's own ``data-cfemail`` when it has one), or None: such a link leads
    nowhere a reader wants, so it is no link when nothing decodes."""
    at = href.find(ENCODED_LINK_PATH)
    if at < 0:
        return None
    fragment = href[at + len(ENCODED_LINK_PATH) :].partition("#")[2]
    address = decode(fragment) if fragment else None
    if address is None and encoded:
        address = decode(encoded)
    return None if address is None else f"mailto:{address}"


def protected_addresses(tree: Any) -> dict[LexborNode, str]:
    """For each element of ``tree`` that holds an encoded address, its first text node
    with the address (the others, "[email" and "protected]" when the page split them, map
    to ""), so that the layout writes the address where the placeholder was."""
    found: dict[LexborNode, str] = {}
    for element in tree.css(ENCODED_ELEMENTS):
        address = decode(element.attributes.get("data-cfemail") or "")
        if address is None:
            continue
        texts: list[LexborNode] = []
        for count, node in enumerate(element.traverse(include_text=True)):
            if count > MAX_ADDRESS_NODES:
                texts = []
                break
            if node.is_text_node:
                texts.append(node)
        for index, node in enumerate(texts):
            found[node] = address if index == 0 else ""
    return found
