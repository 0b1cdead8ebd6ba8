"""gzip input: found by its magic bytes, decompressed whole, refused with a reason when
truncated, corrupt or too large."""

from __future__ import annotations

import gzip

import pytest

from unboiler import ExtractionError
from unboiler.compressed import decompress, is_gzip

PAGE = "<html><body><p>Grüße aus dem Hafen.</p></body></html>".encode()


def test_plain_bytes_are_left_as_they_are() -> None:
    assert decompress(PAGE) == PAGE
    assert decompress(b"") == b""
    assert not is_gzip(PAGE)


def test_gzip_is_decompressed_whatever_follows() -> None:
    assert is_gzip(gzip.compress(PAGE))
    assert decompress(gzip.compress(PAGE)) == PAGE
    # every member of a multi-member stream (as `cat a.gz b.gz` makes)
    assert decompress(gzip.compress(PAGE) + gzip.compress(b"<p>more</p>")) == PAGE + b"<p>more</p>"


@pytest.mark.parametrize("cut", [2, 10, 30])
def test_truncated_gzip_is_an_extraction_error(cut: int) -> None:
    with pytest.raises(ExtractionError, match="truncated"):
        decompress(gzip.compress(PAGE)[:cut])


def test_a_bad_checksum_is_an_extraction_error() -> None:
    data = bytearray(gzip.compress(PAGE))
    data[-6] ^= 0xFF  # inside the CRC-32 of the trailer
    with pytest.raises(ExtractionError, match=r"corrupt.*CRC"):
        decompress(bytes(data))


def test_corrupt_deflate_data_is_an_extraction_error() -> None:
    data = bytearray(gzip.compress(PAGE * 50))
    data[12:20] = b"\xff" * 8
    with pytest.raises(ExtractionError, match="corrupt"):
        decompress(bytes(data))


def test_a_page_that_expands_too_far_is_refused() -> None:
    bomb = gzip.compress(b" " * 10_000)
    assert decompress(bomb, limit=10_000) == b" " * 10_000
    with pytest.raises(ExtractionError, match="more than 9,999 bytes"):
        decompress(bomb, limit=9_999)
