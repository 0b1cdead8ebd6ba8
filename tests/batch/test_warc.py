"""WARC reading: every kind of damage the issue names is reported in its place, and no
good record after a bad one is lost, with either library and either compression."""

from __future__ import annotations

import gzip
import zlib
from pathlib import Path

import pytest
from tests.batch.helpers import good_record, page, warc_record, write_warc

from unboiler.batch.warc import next_boundary, read_warc, warc_reader

LIBRARIES = [
    pytest.param(
        name,
        marks=pytest.mark.skipif(
            __import__("importlib").util.find_spec(module) is None,
            reason=f"{module} is not installed (pip install 'unboiler[batch]')",
        ),
    )
    for name, module in (("fastwarc", "fastwarc"), ("warcio", "warcio"))
]


def urls_and_errors(path: Path, library: str) -> list[tuple[str | None, str | None]]:
    return [(p.url, p.error) for p in read_warc(path, library=library)]


@pytest.fixture(params=[False, True], ids=["plain", "gzip"])
def compressed(request: pytest.FixtureRequest) -> bool:
    return bool(request.param)


@pytest.mark.parametrize("library", LIBRARIES)
def test_reads_every_page_with_its_fields(tmp_path: Path, library: str, compressed: bool) -> None:
    path = write_warc(
        tmp_path / "a.warc", [good_record(n) for n in range(3)], compressed=compressed
    )
    pages = list(read_warc(path, library=library))
    assert [p.url for p in pages] == [f"https://example.org/{n}" for n in range(3)]
    assert [p.html for p in pages] == [page(n) for n in range(3)]
    assert pages[1].id == "<urn:uuid:00000000-0000-0000-0000-000000000001>"
    assert pages[1].record_date == "2024-05-02T10:00:00Z"
    assert pages[1].encoding == "utf-8"
    assert all(p.error is None for p in pages)


@pytest.mark.parametrize("library", LIBRARIES)
def test_request_and_warcinfo_records_are_not_pages(tmp_path: Path, library: str) -> None:
    records = [
        warc_record(
            "",
            b"software: test\r\n",
            record_type="warcinfo",
            content_type="application/warc-fields",
            number=9,
        ),
        warc_record(
            "https://example.org/0",
            b"GET / HTTP/1.1\r\n\r\n",
            record_type="request",
            content_type="application/http; msgtype=request",
            number=8,
        ),
        good_record(0),
    ]
    path = write_warc(tmp_path / "a.warc", records)
    assert urls_and_errors(path, library) == [("https://example.org/0", None)]


@pytest.mark.parametrize("library", LIBRARIES)
def test_a_non_html_record_is_reported_and_the_next_is_read(
    tmp_path: Path, library: str, compressed: bool
) -> None:
    records = [
        warc_record(
            "https://example.org/logo.png",
            b"\x89PNG\r\n" + bytes(200),
            content_type="image/png",
            number=5,
        ),
        good_record(1),
    ]
    path = write_warc(tmp_path / "a.warc", records, compressed=compressed)
    found = urls_and_errors(path, library)
    assert found[0][0] == "https://example.org/logo.png"
    assert "not HTML" in str(found[0][1]) and "image/png" in str(found[0][1])
    assert [p.error_type for p in read_warc(path, library=library)] == ["not-html", None]
    assert found[1] == ("https://example.org/1", None)


@pytest.mark.parametrize("library", LIBRARIES)
def test_a_truncated_file_reports_its_last_record(
    tmp_path: Path, library: str, compressed: bool
) -> None:
    if compressed:  # a gzip member cut: the file ends inside the compressed record
        data = gzip.compress(good_record(0)) + gzip.compress(good_record(1))[:-30]
        path = tmp_path / "a.warc.gz"
        path.write_bytes(data)
    else:
        path = write_warc(tmp_path / "a.warc", [good_record(0), good_record(1)[:-80]])
    found = urls_and_errors(path, library)
    assert found[0] == ("https://example.org/0", None)
    assert len(found) == 2
    assert found[1][1] is not None  # truncated record or unreadable data: reported
    assert "truncated" in found[1][1] or "unreadable" in found[1][1]
    assert [p.error_type for p in read_warc(path, library=library)] == [None, "unreadable"]


@pytest.mark.parametrize("library", LIBRARIES)
@pytest.mark.parametrize("change", [-25, 40], ids=["too-short", "too-long"])
def test_a_wrong_content_length_loses_no_later_record(
    tmp_path: Path, library: str, compressed: bool, change: int
) -> None:
    records = [
        good_record(0),
        warc_record("https://example.org/1", page(1), length_change=change, number=1),
        good_record(2),
        good_record(3),
    ]
    path = write_warc(tmp_path / "a.warc", records, compressed=compressed)
    found = urls_and_errors(path, library)
    good = [url for url, error in found if error is None]
    assert good[0] == "https://example.org/0"
    assert good[-2:] == ["https://example.org/2", "https://example.org/3"]
    # The damage is in the output, not silently absorbed: either the record lying about
    # its length or the unreadable bytes after it carry an error.
    assert any(error is not None for _, error in found)
    if library == "warcio" and change < 0:
        # warcio reads the short record without complaint; what follows it tells
        assert any("wrong Content-Length" in str(error) for _, error in found)


@pytest.mark.parametrize("library", LIBRARIES)
def test_garbage_between_records_is_reported_and_skipped(tmp_path: Path, library: str) -> None:
    path = write_warc(tmp_path / "a.warc", [good_record(0), b"not a warc line\r\n", good_record(1)])
    found = urls_and_errors(path, library)
    assert found[0] == ("https://example.org/0", None)
    assert found[-1] == ("https://example.org/1", None)
    assert [error for _, error in found[1:-1]] and all(
        "unreadable WARC data" in str(error) for _, error in found[1:-1]
    )


@pytest.mark.parametrize("library", LIBRARIES)
def test_a_gzip_member_cut_in_half_loses_no_later_record(tmp_path: Path, library: str) -> None:
    members = [gzip.compress(good_record(n)) for n in range(3)]
    path = tmp_path / "a.warc.gz"
    path.write_bytes(members[0] + members[1][: len(members[1]) // 2] + members[2])
    found = urls_and_errors(path, library)
    assert found[0] == ("https://example.org/0", None)
    assert found[-1] == ("https://example.org/2", None)
    assert all(error is not None for _, error in found[1:-1]) and len(found) > 2


@pytest.mark.parametrize("library", LIBRARIES)
def test_a_record_over_max_bytes_is_not_read(tmp_path: Path, library: str) -> None:
    path = write_warc(tmp_path / "a.warc", [good_record(0), good_record(1)])
    found = [(p.url, p.error, p.html) for p in read_warc(path, library=library, max_bytes=100)]
    assert all(html is None and "too large" in str(error) for _, error, html in found)
    kinds = {p.error_type for p in read_warc(path, library=library, max_bytes=100)}
    assert kinds == {"too-large"}


def test_next_boundary_finds_the_next_record_line(tmp_path: Path) -> None:
    data = good_record(0) + good_record(1)
    path = tmp_path / "a.warc"
    path.write_bytes(data)
    assert next_boundary(path, 1, compressed=False) == len(good_record(0))
    assert next_boundary(path, len(good_record(0)) + 1, compressed=False) is None


def test_an_unknown_library_is_an_error() -> None:
    from unboiler.errors import UnboilerError

    with pytest.raises(UnboilerError, match="unknown WARC library"):
        warc_reader("pywb")


@pytest.mark.parametrize("library", LIBRARIES)
@pytest.mark.parametrize("cut", [25, 40, 60])
def test_a_file_cut_inside_a_record_header_reports_that_record(
    tmp_path: Path, library: str, cut: int
) -> None:
    # the last gzip member ends a few bytes into its record's header: no page may come
    # out of it as a success (FastWARC reads a header of one field from it)
    packer = zlib.compressobj(wbits=31)  # a gzip member, flushed after ``cut`` bytes
    head = packer.compress(good_record(1)[:cut]) + packer.flush(zlib.Z_FULL_FLUSH)
    path = tmp_path / "a.warc.gz"
    path.write_bytes(gzip.compress(good_record(0)) + head)
    found = urls_and_errors(path, library)
    assert found[0] == ("https://example.org/0", None)
    assert all(error is not None for _, error in found[1:])


@pytest.mark.parametrize("library", LIBRARIES)
def test_an_error_page_or_a_redirect_is_reported_with_its_status(
    tmp_path: Path, library: str
) -> None:
    records = [
        warc_record("https://example.org/0", b"<p>Not found</p>", status="404 Not Found"),
        warc_record("https://example.org/1", b"", status="301 Moved Permanently", number=1),
        good_record(2),
    ]
    path = write_warc(tmp_path / "a.warc", records)
    found = [(p.url, p.error, p.html) for p in read_warc(path, library=library)]
    assert [url for url, _, _ in found] == [f"https://example.org/{n}" for n in range(3)]
    assert found[0][1] is not None and "HTTP status 404" in found[0][1] and found[0][2] is None
    assert found[1][1] is not None and "HTTP status 301" in found[1][1]
    assert found[2][1] is None and found[2][2] == page(2)
    kinds = [p.error_type for p in read_warc(path, library=library)]
    assert kinds == ["http-status", "http-status", None]


def long_second_record(tmp_path: Path, change: int) -> Path:
    """A WARC of four pages whose second record's Content-Length is ``change`` too long."""
    records = [
        good_record(0),
        warc_record("https://example.org/1", page(1), length_change=change, number=1),
        good_record(2),
        good_record(3),
    ]
    return write_warc(tmp_path / "a.warc", records)


@pytest.mark.parametrize("library", LIBRARIES)
def test_a_length_that_takes_in_the_next_record_is_reported_as_wrong(
    tmp_path: Path, library: str
) -> None:
    change = len(good_record(2)) + 10  # record 1 claims all of record 2 and more
    path = long_second_record(tmp_path, change)
    found = dict(urls_and_errors(path, library))
    assert found["https://example.org/0"] is None and found["https://example.org/3"] is None
    assert "wrong Content-Length" in str(found["https://example.org/1"])


@pytest.mark.parametrize("library", LIBRARIES)
def test_a_header_cut_short_by_the_next_record_gives_that_record_its_own_fields(
    tmp_path: Path, library: str, compressed: bool
) -> None:
    # the writer stopped inside record 1's WARC-Target-URI and record 2 follows at once:
    # both libraries read one header holding the fields of both records
    cut = good_record(1)[:60]
    assert cut.endswith(b"https://exam")
    path = write_warc(
        tmp_path / "a.warc", [good_record(0), cut, good_record(2)], compressed=compressed
    )
    pages = list(read_warc(path, library=library))
    found = [p for p in pages if p.html is not None]
    assert [(p.url, p.id, p.html) for p in found] == [
        ("https://example.org/0", "<urn:uuid:00000000-0000-0000-0000-000000000000>", page(0)),
        ("https://example.org/2", "<urn:uuid:00000000-0000-0000-0000-000000000002>", page(2)),
    ]
    assert all(p.error is None for p in found)
    errors = [p for p in pages if p.html is None]
    assert len(errors) == 1
    assert all(p.error_type == "unreadable" and p.url is None for p in errors)
    if compressed and library == "warcio":
        # warcio passes over a gzip member that holds only part of a header: the gap
        # it leaves before the next record's member is reported
        assert "gzip member holds no whole header" in str(errors[0].error)
        assert errors[0].id.endswith(f"@{len(gzip.compress(good_record(0)))}")
    else:
        assert "cut short by the next record" in str(errors[0].error)


@pytest.mark.parametrize("library", LIBRARIES)
@pytest.mark.parametrize("between", [b"WARC/1.1\r\nWARC-Type: resp", b"WARC/1.1\r\n", b"\r\n"])
def test_a_gzip_member_without_a_whole_record_is_reported(
    tmp_path: Path, library: str, between: bytes
) -> None:
    """A member that holds part of a header, or only blank lines, between two whole
    records: the first is reported as damaged, the records around it are read."""
    first = gzip.compress(good_record(0))
    path = tmp_path / "a.warc.gz"
    path.write_bytes(first + gzip.compress(between) + gzip.compress(good_record(1)))
    pages = list(read_warc(path, library=library))
    assert [(p.url, p.error) for p in pages if p.html is not None] == [
        ("https://example.org/0", None),
        ("https://example.org/1", None),
    ]
    errors = [p for p in pages if p.html is None]
    if between.strip():
        assert len(errors) == 1 and errors[0].error_type == "unreadable"
        assert errors[0].id == f"{path}@{len(first)}"
    else:  # blank lines are padding, not damage
        assert errors == []


@pytest.mark.parametrize("library", LIBRARIES)
def test_a_file_cut_inside_the_last_header_is_reported(
    tmp_path: Path, library: str, compressed: bool
) -> None:
    records = [good_record(0), good_record(1)]
    if compressed:
        data = gzip.compress(records[0]) + gzip.compress(records[1])[:40]
    else:
        data = records[0] + records[1][:60]
    path = tmp_path / ("a.warc.gz" if compressed else "a.warc")
    path.write_bytes(data)
    pages = list(read_warc(path, library=library))
    assert [(p.url, p.error) for p in pages[:1]] == [("https://example.org/0", None)]
    assert len(pages) == 2 and pages[1].html is None and pages[1].error_type == "unreadable"
    assert "cut" in str(pages[1].error)


@pytest.mark.parametrize("library", LIBRARIES)
def test_blank_lines_after_the_last_record_are_no_error(tmp_path: Path, library: str) -> None:
    path = write_warc(tmp_path / "a.warc", [good_record(0), good_record(1)])
    with path.open("ab") as file:
        file.write(b"\r\n\r\n")
    assert urls_and_errors(path, library) == [
        ("https://example.org/0", None),
        ("https://example.org/1", None),
    ]


def _coded_record(number: int, body: bytes, headers: str) -> bytes:
    """A response record of page ``number`` whose stored body is ``body``, sent with the
    HTTP ``headers`` (its codings)."""
    block = f"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n{headers}\r\n".encode() + body
    head = (
        f"WARC/1.0\r\nWARC-Type: response\r\nWARC-Target-URI: https://example.org/{number}\r\n"
        f"WARC-Date: 2024-05-01T10:00:00Z\r\n"
        f"WARC-Record-ID: <urn:uuid:00000000-0000-0000-0000-{number:012d}>\r\n"
        f"Content-Type: application/http; msgtype=response\r\n"
        f"Content-Length: {len(block)}\r\n\r\n"
    ).encode()
    return head + block + b"\r\n\r\n"


def _chunked(data: bytes, size: int = 50) -> bytes:
    pieces = [data[i : i + size] for i in range(0, len(data), size)]
    return b"".join(f"{len(p):x}\r\n".encode() + p + b"\r\n" for p in pieces) + b"0\r\n\r\n"


def _raw_deflate(data: bytes) -> bytes:
    packer = zlib.compressobj(wbits=-15)
    return packer.compress(data) + packer.flush()


@pytest.mark.parametrize("library", LIBRARIES)
def test_http_codings_are_undone_and_lose_no_record(
    tmp_path: Path, library: str, compressed: bool
) -> None:
    """Chunked bodies, gzip, deflate with and without zlib's header: each page is read,
    and so is every record after it (FastWARC's own decoding lost them all after a
    chunked gzip body, and took every chunked body for a truncated one)."""
    records = [
        _coded_record(
            0,
            _chunked(gzip.compress(page(0))),
            "Transfer-Encoding: chunked\r\nContent-Encoding: gzip\r\n",
        ),
        _coded_record(1, _chunked(page(1)), "Transfer-Encoding: chunked\r\n"),
        _coded_record(2, _raw_deflate(page(2)), "Content-Encoding: deflate\r\n"),
        _coded_record(3, zlib.compress(page(3)), "Content-Encoding: deflate\r\n"),
        # stored de-chunked under its header, as some crawlers write it
        _coded_record(4, page(4), "Transfer-Encoding: chunked\r\n"),
        good_record(5),
    ]
    path = write_warc(tmp_path / "a.warc", records, compressed=compressed)
    pages = list(read_warc(path, library=library))
    assert [(p.url, p.error) for p in pages] == [
        (f"https://example.org/{n}", None) for n in range(6)
    ]
    assert [p.html for p in pages] == [page(n) for n in range(6)]


@pytest.mark.parametrize("library", LIBRARIES)
def test_a_compressed_body_cut_short_is_an_error_not_a_page(tmp_path: Path, library: str) -> None:
    records = [
        _coded_record(0, gzip.compress(page(0))[:60], "Content-Encoding: gzip\r\n"),
        _coded_record(1, b"\x1f\x8b\x08\x00not gzip at all", "Content-Encoding: gzip\r\n"),
        good_record(2),
    ]
    path = write_warc(tmp_path / "a.warc", records)
    found = urls_and_errors(path, library)
    assert [url for url, _ in found] == [f"https://example.org/{n}" for n in range(3)]
    assert "its compressed body is cut short" in str(found[0][1])
    assert "its gzip body is corrupt" in str(found[1][1])
    assert found[2][1] is None


@pytest.mark.parametrize("library", LIBRARIES)
def test_a_body_not_coded_as_its_header_says_is_read_as_it_is(tmp_path: Path, library: str) -> None:
    """As warcio reads them: a body stored decoded under its Content-Encoding, a bogus
    coding, a page that starts like a chunk's size line, an empty body; and a body of two
    gzip members is read whole."""
    two_members = gzip.compress(page(4)[:100]) + gzip.compress(page(4)[100:])
    records = [
        _coded_record(0, page(0), "Content-Encoding: gzip\r\n"),
        _coded_record(1, page(1), "Content-Encoding: UTF-8\r\n"),
        _coded_record(2, b"abc\n" + page(2), "Transfer-Encoding: chunked\r\n"),
        _coded_record(3, page(3), "Content-Encoding: deflate\r\n"),
        _coded_record(4, two_members, "Content-Encoding: gzip\r\n"),
        _coded_record(5, _chunked(gzip.compress(page(5))), "Transfer-Encoding: gzip, chunked\r\n"),
    ]
    pages = list(read_warc(write_warc(tmp_path / "a.warc", records), library=library))
    assert [p.error for p in pages] == [None] * 6
    assert [p.html for p in pages] == [page(0), page(1), b"abc\n" + page(2), *map(page, (3, 4, 5))]


@pytest.mark.parametrize("library", LIBRARIES)
def test_a_length_that_runs_past_the_next_records_loses_none_of_them(
    tmp_path: Path, library: str
) -> None:
    """A Content-Length that takes in the rest of the file: the record is reported, and
    the records it took in are read."""
    change = len(good_record(2)) + len(good_record(3)) + 500  # past the end of the file
    path = long_second_record(tmp_path, change)
    found = urls_and_errors(path, library)
    good = [url for url, error in found if error is None]
    assert good == ["https://example.org/0", "https://example.org/2", "https://example.org/3"]
    assert any(url == "https://example.org/1" and error for url, error in found)


@pytest.mark.parametrize("library", LIBRARIES)
def test_a_brotli_body_is_read(tmp_path: Path, library: str) -> None:
    brotli = pytest.importorskip("brotli", reason="brotli is not installed")
    records = [_coded_record(0, brotli.compress(page(0)), "Content-Encoding: br\r\n")]
    pages = list(read_warc(write_warc(tmp_path / "a.warc", records), library=library))
    assert [(p.html, p.error) for p in pages] == [(page(0), None)]


@pytest.mark.parametrize("library", LIBRARIES)
def test_a_body_that_expands_past_max_bytes_is_refused(tmp_path: Path, library: str) -> None:
    bomb = gzip.compress(b"<p>" + b" " * 2_000_000 + b"</p>")  # 2 MB from 2 KB
    records = [_coded_record(0, bomb, "Content-Encoding: gzip\r\n"), good_record(1)]
    path = write_warc(tmp_path / "a.warc", records)
    found = [(p.url, p.error) for p in read_warc(path, library=library, max_bytes=100_000)]
    assert "expands past 100,000 bytes" in str(found[0][1])
    assert next(read_warc(path, library=library, max_bytes=100_000)).error_type == "too-large"
    assert found[1] == ("https://example.org/1", None)


@pytest.mark.parametrize("library", LIBRARIES)
def test_a_page_that_shows_a_warc_file_is_no_overrun(
    tmp_path: Path, library: str, compressed: bool
) -> None:
    """A record whose page holds another WARC's records, with a right Content-Length, is
    one page: neither a wrong length nor records of this file."""
    shown = good_record(7) + good_record(8)
    records = [
        good_record(0),
        warc_record("https://example.org/archive.warc", shown, content_type="", number=1),
        good_record(2),
    ]
    found = urls_and_errors(
        write_warc(tmp_path / "a.warc", records, compressed=compressed), library
    )
    assert found == [
        ("https://example.org/0", None),
        ("https://example.org/archive.warc", None),
        ("https://example.org/2", None),
    ]


@pytest.mark.parametrize("library", LIBRARIES)
def test_an_overrun_in_one_gzip_stream_is_reported(tmp_path: Path, library: str) -> None:
    """A whole file in one gzip stream has no boundary to resume at: what is lost is said."""
    change = len(good_record(2)) + 500
    records = [
        good_record(0),
        warc_record("https://example.org/1", page(1), length_change=change, number=1),
        good_record(2),
    ]
    path = tmp_path / "a.warc.gz"
    path.write_bytes(gzip.compress(b"".join(records)))
    found = urls_and_errors(path, library)
    assert found[0] == ("https://example.org/0", None)
    assert any(error for _, error in found[1:])


def test_no_limit_given_still_bounds_a_bomb(tmp_path: Path) -> None:
    from unboiler.compressed import MAX_DECOMPRESSED_BYTES

    bomb = gzip.compress(b" " * (MAX_DECOMPRESSED_BYTES + 10))
    records = [_coded_record(0, bomb, "Content-Encoding: gzip\r\n")]
    (found,) = read_warc(write_warc(tmp_path / "a.warc", records))  # no max_bytes
    assert found.error_type == "too-large"


@pytest.mark.parametrize("library", LIBRARIES)
def test_a_length_that_ends_on_a_line_break_of_the_next_record_is_wrong(
    tmp_path: Path, library: str, compressed: bool
) -> None:
    """A record ends with a blank line (two CRLF): a length that lands on one CRLF of the
    next record's header, or (gzip) reads into the next member, is a wrong length, and
    the next record is still read."""
    nxt = good_record(2)
    change = 4 + nxt.find(b"\r\nWARC-Date")  # past this record's blank line, into the next
    records = [
        good_record(0),
        warc_record("https://example.org/1", page(1), length_change=change, number=1),
        nxt,
        good_record(3),
    ]
    found = urls_and_errors(
        write_warc(tmp_path / "a.warc", records, compressed=compressed), library
    )
    assert ("https://example.org/1", None) not in found  # the record is not a page as is
    good = [url for url, error in found if error is None]
    assert good == [f"https://example.org/{n}" for n in (0, 2, 3)]


@pytest.mark.parametrize("library", LIBRARIES)
def test_a_chunked_body_cut_short_or_an_unread_coding_is_no_page(
    tmp_path: Path, library: str
) -> None:
    cut = _chunked(page(0))[:-40]  # the crawler stopped inside a chunk
    records = [
        _coded_record(0, cut, "Transfer-Encoding: chunked\r\n"),
        _coded_record(1, b"(\xb5/\xfd" + bytes(50), "Content-Encoding: zstd\r\n"),
        _coded_record(
            2, b"".join(gzip.compress(bytes([c])) for c in page(2)), "Content-Encoding: gzip\r\n"
        ),
    ]
    found = list(read_warc(write_warc(tmp_path / "a.warc", records), library=library))
    assert "chunked body is cut short" in str(found[0].error)
    assert "content coding 'zstd', which is not read here" in str(found[1].error)
    assert (found[2].html, found[2].error) == (page(2), None)  # a gzip member per byte


@pytest.mark.parametrize("library", LIBRARIES)
def test_a_length_far_past_the_files_end_loses_no_later_record(
    tmp_path: Path, library: str
) -> None:
    """A Content-Length of 100 GB (a payload never read, over ``max_bytes``) was
    reported as a page too large, and every record after it was lost in silence."""
    path = long_second_record(tmp_path, 100_000_000_000)
    pages = list(read_warc(path, library=library, max_bytes=5_000_000))
    assert [p.url for p in pages if p.error is None] == [
        "https://example.org/0",
        "https://example.org/2",
        "https://example.org/3",
    ]
    (bad,) = [p for p in pages if p.error is not None]
    assert bad.url == "https://example.org/1" and bad.error_type == "unreadable"
    assert str(bad.error).startswith("wrong Content-Length: 100,000,00")
