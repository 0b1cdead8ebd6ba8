"""Fixtures the batch tests write for themselves: small pages, WARC records (well-formed
or damaged on purpose), JSONL files.  The WARC bytes are written here by hand, not by a
library, so that the damage is exactly the one a test names."""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterable
from pathlib import Path

import pytest


def page(number: int) -> bytes:
    """A small article page whose text says its number."""
    return (
        f"<html><head><title>Story {number}</title></head><body>"
        "<nav><a href='/'>Home</a> <a href='/news'>News</a></nav>"
        f"<article><h1>Story number {number}</h1>"
        f"<p>This is the body of story number {number}. It has sentences enough to be "
        "read as the main content of the page by every extractor, and nothing else.</p>"
        "<p>A second paragraph follows, with more words about the same story so that the "
        "page looks like an article and not like a list of links.</p></article>"
        "<footer>Copyright 2024</footer></body></html>"
    ).encode()


def warc_record(
    uri: str,
    payload: bytes,
    *,
    content_type: str = "text/html; charset=utf-8",
    record_type: str = "response",
    length_change: int = 0,
    number: int = 0,
    status: str = "200 OK",
) -> bytes:
    """One WARC/1.0 record; ``length_change`` makes its Content-Length lie."""
    if record_type == "response":
        block = (
            f"HTTP/1.1 {status}\r\nContent-Type: {content_type}\r\n"
            f"Content-Length: {len(payload)}\r\n\r\n"
        ).encode() + payload
        block_type = "application/http; msgtype=response"
    else:
        block = payload
        block_type = content_type
    head = (
        f"WARC/1.0\r\nWARC-Type: {record_type}\r\nWARC-Target-URI: {uri}\r\n"
        f"WARC-Date: 2024-05-0{1 + number % 9}T10:00:00Z\r\n"
        f"WARC-Record-ID: <urn:uuid:00000000-0000-0000-0000-{number:012d}>\r\n"
        f"Content-Type: {block_type}\r\nContent-Length: {len(block) + length_change}\r\n\r\n"
    ).encode()
    return head + block + b"\r\n\r\n"


def good_record(number: int) -> bytes:
    return warc_record(f"https://example.org/{number}", page(number), number=number)


def write_warc(path: Path, records: Iterable[bytes], *, compressed: bool = False) -> Path:
    """The records as a WARC file, one gzip member per record when ``compressed``."""
    records = list(records)
    data = (
        b"".join(gzip.compress(record) for record in records) if compressed else b"".join(records)
    )
    path.write_bytes(data)
    return path


def write_jsonl(path: Path, lines: Iterable[object | str]) -> Path:
    """Records as JSON lines; a string is written as it is (to write broken lines)."""
    text = "".join((line if isinstance(line, str) else json.dumps(line)) + "\n" for line in lines)
    path.write_text(text, encoding="utf-8")
    return path


def require(module: str, extra: str) -> None:
    """Skip the calling test module when an optional library is missing."""
    pytest.importorskip(
        module, reason=f"{module} is not installed (pip install 'unboiler[{extra}]')"
    )
