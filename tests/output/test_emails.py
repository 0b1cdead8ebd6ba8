"""Addresses that Cloudflare's e-mail obfuscation encodes are written as the reader sees
them."""

from __future__ import annotations

import pytest

import unboiler
from unboiler.output.emails import decode, link_address


def _encode(address: str, key: int) -> str:
    """The page's encoding, written from its description: the key byte, then each byte
    of the address XOR the key, in hexadecimal."""
    return f"{key:02x}" + "".join(f"{byte ^ key:02x}" for byte in address.encode("utf-8"))


@pytest.mark.parametrize("address", ["info@example.com", "jürgen@beispiel.de", "a.b+c@d.io"])
@pytest.mark.parametrize("key", [0x00, 0x42, 0xFF])
def test_decode_reads_back_what_was_encoded(address: str, key: int) -> None:
    assert decode(_encode(address, key)) == address


@pytest.mark.parametrize(
    "encoded",
    ["", "42", "xyz", "4", _encode("no at sign here", 0x42), _encode("two words@x.org", 7)],
)
def test_decode_gives_none_for_what_holds_no_address(encoded: str) -> None:
    assert decode(encoded) is None


def test_a_value_encoded_by_the_page_itself() -> None:
    # a value as Cloudflare writes it (key 0x98), not made by this test's encoder
    assert decode("98d1fcf7f4f5d8ebecfdea") == "Idolm@ster"


def test_an_encoded_link_points_to_the_address() -> None:
    encoded = _encode("press@example.org", 0x3A)
    assert link_address(f"/cdn-cgi/l/email-protection#{encoded}") == "mailto:press@example.org"
    # Cloudflare's rewrite of a mailto: link: the bare path, the address on the link itself
    assert link_address("/cdn-cgi/l/email-protection", encoded) == "mailto:press@example.org"
    assert link_address("/cdn-cgi/l/email-protection") is None
    assert link_address("/contact#team") is None


PAGE = (
    "<html><body><article><p>For questions about licensing and the use of the logo in"
    " print, write to <a href='/cdn-cgi/l/email-protection#{0}'><span class='__cf_email__'"
    " data-cfemail='{0}'>[email&#160;protected]</span></a> and we will reply within a"
    " week.</p><p>Broken: <span data-cfemail='zz'>[email&#160;protected]</span>.</p>"
    "</article></body></html>"
).format(_encode("info@example.com", 0x42))


def test_the_outputs_write_the_address() -> None:
    text = unboiler.extract(PAGE, extractor="boilerpipe-everything")
    assert "write to info@example.com and we" in text
    assert "[email" not in text.split("Broken")[0]
    # what cannot be decoded stays as the page has it
    assert text.endswith("Broken: [email protected].")  # its no-break space a space
    markdown = unboiler.extract(
        PAGE, extractor="boilerpipe-everything", output="markdown", links=True
    )
    assert "[info@example.com](mailto:info@example.com)" in markdown


def test_a_rewritten_mailto_link_is_a_mailto_link() -> None:
    encoded = _encode("info@example.com", 0x42)
    page = (
        "<html><body><article><p>For questions about licensing and the use of the logo in"
        f" print, write to <a href='/cdn-cgi/l/email-protection' class='__cf_email__'"
        f" data-cfemail='{encoded}'>[email&#160;protected]</a> and we will reply.</p>"
        "</article></body></html>"
    )
    markdown = unboiler.extract(
        page, extractor="boilerpipe-everything", output="markdown", links=True
    )
    assert "[info@example.com](mailto:info@example.com)" in markdown, markdown
