"""Pages from WARC files (ISO 28500; ``.warc``, or ``.warc.gz`` with one gzip member per
record as crawlers write them), read with FastWARC or warcio.

Records are read by a well-kept library; this module adds what neither does on its own:
**recovery**.  Both libraries stop at the first record they cannot parse (a
Content-Length that is wrong, garbage between records, a gzip member cut in half), which
would lose every good record after a bad one.  Here, when the library raises, the bad
spot is reported as a page with an error, the raw file is searched forward for the next
record boundary (the next gzip member's magic bytes in a compressed file, the next
``WARC/1.x`` line in a plain one), and a fresh iterator resumes from there.  The search
starts one byte past where the failed iterator started, so it always moves forward.

Only ``response`` and ``resource`` records can be pages; ``request``, ``metadata``,
``warcinfo`` and ``revisit`` records are skipped silently.  A response that is not HTML
(an image, a PDF), or a response whose HTTP status is not 2xx (an error page, a
redirect), is reported with an error and its payload is never read, nor is one
larger than ``max_bytes``.  A record whose payload is shorter than its declared length
(the file was cut) is reported as truncated, and a record whose header lacks a field
every record has as damaged (a file cut inside the header, from which FastWARC reads a
record of one field).  A header cut short and followed by the next record reads, with
either library, as one header holding both records' fields: where a field that may
appear once appears again, the cut record is reported as damaged and reading starts
again at the next record's own header (else its page would carry the cut record's URL).
Bytes after the last record that hold no complete record (a file cut inside a header,
which warcio, and FastWARC on gzip, pass over in silence) are reported too.

Which library: ``auto`` takes FastWARC when it is installed, else warcio.  FastWARC read
the same 1,536 benchmark pages 1.5× to 2.6× faster than warcio through this module in
``benchmarks/batch.py`` (three runs on a shared machine; ``benchmarks/RESULTS.md``), as one
expects from a C++ parser against a pure-Python one.  Reading is under 2% of a batch's
time either way.  Both are asked for a response's body as stored, and its HTTP codings
(chunked, gzip, deflate, brotli) are undone here, the same way for both
(:func:`http_body`): FastWARC's own decoding lost every record after a chunked gzip
body, and warcio's gave the readable part of a cut gzip body as the page; a body that
is not coded as its header says is read as it is, as warcio reads it.  A record whose
payload holds the start of the next record and that does not end where its length says
(a Content-Length too large) is reported, and reading starts again at the record it
took in; a page that merely shows a WARC file is no such record.  So is, in an
uncompressed file, a record whose Content-Length runs past the file's end, even one too
large to be read (100 GB): it was reported as a page too large, and every record after
it was lost.  (warcio gives records' offsets from the file's start, as FastWARC does.)
"""

from __future__ import annotations

import contextlib
import io
import re
import zlib
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO, Final

from unboiler.batch.pages import HTTP_STATUS, NOT_HTML, TOO_LARGE, UNREADABLE, Page
from unboiler.compressed import MAX_DECOMPRESSED_BYTES, decompress
from unboiler.errors import (
    ConfigurationError,
    DamagedInputError,
    PageTooLargeError,
    UnboilerError,
)

#: The content types of a payload worth extracting; a missing one is tried too.
HTML_TYPES: Final = frozenset({"text/html", "application/xhtml+xml", "text/xml", ""})
#: The first bytes of a gzip member (RFC 1952 ID1, ID2 and CM = deflate).
GZIP_MEMBER: Final = b"\x1f\x8b\x08"
#: The start of a WARC record's version line, after the line break that precedes it.
WARC_LINE: Final = b"\nWARC/1."
_SEARCH_CHUNK: Final = 1 << 20
#: The end of one record and the start of the next (WARC 1.1, §4: a record ends with two
#: line breaks), which no page's payload holds unless it took in the next record.
NEXT_RECORD: Final = b"\r\n\r\nWARC/1."
#: HTTP statuses whose response body is the page asked for (RFC 9110, §15.3: 2xx, the
#: request succeeded).  An error page (404, 500) or a redirect's stub (301) is reported
#: with its status instead of being extracted as if it were the page.
SUCCESS_STATUSES: Final = range(200, 300)
#: Named fields that every WARC record's header holds (WARC 1.1, §5: "Named fields"; also
#: WARC-Type and WARC-Date, which a cut header may still hold).
MANDATORY_FIELDS: Final = ("WARC-Record-ID", "Content-Length")
#: Named fields that a record's header holds at most once (WARC 1.1, §5.2 to §5.7, §5.16:
#: "non-repeatable").  A second one is the start of another record's header.
SINGLE_FIELDS: Final = frozenset(
    {"warc-record-id", "content-length", "warc-date", "warc-type", "warc-target-uri"}
)
#: What may follow the last record of a file: the blank lines that end a record, and the
#: zero bytes some writers pad with.
_PADDING: Final = b"\r\n\t \x00"
_CONTENT_LENGTH: Final = re.compile(rb"\r\ncontent-length:[ \t]*(\d+)", re.IGNORECASE)
#: How far a record's header is looked for when the end of the last record is checked.
_HEADER_LIMIT: Final = 1 << 16


class WarcLibraryMissingError(UnboilerError, ImportError):
    """Neither FastWARC nor warcio is installed (``pip install 'unboiler[batch]'``)."""


@dataclass(frozen=True, slots=True)
class WarcEntry:
    """A record as a library read it, before it becomes a :class:`Page`: where it
    starts in the file, its WARC fields, and its payload (None when not read: not
    HTML, or too large)."""

    offset: int
    record_id: str | None
    uri: str | None
    date: str | None
    content_type: str
    charset: str | None
    declared: int
    payload: bytes | None
    truncated: bool = False
    #: The record is not followed by the blank lines that end a WARC record (WARC 1.1,
    #: §4): its Content-Length says less than it holds, so its payload may be cut short.
    overrun: bool = False
    #: Why the record's header is damaged, or None: it lacks a field every record has
    #: (:data:`MANDATORY_FIELDS`; a gzip member cut inside the header leaves FastWARC a
    #: record of one field or two), or it was cut short by the next record's.
    damaged: str | None = None
    #: The HTTP status of a response record (None for a resource record).
    status: int | None = None
    #: Why the payload's HTTP codings could not be undone (:func:`http_body`), or None.
    undecodable: str | None = None
    #: The payload expands past ``max_bytes`` (:class:`BodyTooLargeError`).
    expands_too_far: bool = False


#: A library adapter: the stream (positioned at ``start``), ``start``, ``max_bytes``.  It
#: yields an entry for each response or resource record, and the offset of every other
#: record (so that the end of the last record is known).
Reader = Callable[[BinaryIO, int, int], Iterator[WarcEntry | int]]

Fields = list[tuple[str, str]]


def _media_type(value: str | None) -> str:
    return (value or "").split(";", 1)[0].strip().lower()


def _field(fields: Fields, name: str) -> str | None:
    """The value of the header field ``name`` (case-insensitive), or None."""
    wanted = name.lower()
    return next((value for key, value in fields if key.lower() == wanted), None)


def _second_header(fields: Fields) -> int | None:
    """Where another record's header begins among ``fields``: the first field that may
    appear once (:data:`SINGLE_FIELDS`) and appears again; None for a header of one."""
    seen: set[str] = set()
    for index, (key, _) in enumerate(fields):
        name = key.lower()
        if name in SINGLE_FIELDS:
            if name in seen:
                return index
            seen.add(name)
    return None


def _damage(fields: Fields) -> str | None:
    """Why a record's header (already split at :func:`_second_header`) is damaged."""
    if any(_field(fields, name) is None for name in MANDATORY_FIELDS):
        return f"its header lacks {' or '.join(MANDATORY_FIELDS)}"
    return None


class BodyError(UnboilerError):
    """An HTTP response body whose codings cannot be undone (cut short, corrupt): its
    record is reported as ``unreadable``, never raised to a caller."""


class BodyTooLargeError(BodyError):
    """An HTTP response body that expands past ``max_bytes``: reported as ``too-large``,
    as a ``.html.gz`` file that does."""


#: How a chunk's size line looks (RFC 9112, §7.1: hex digits, then extensions, then
#: CRLF).  A body whose first line is not one was stored already decoded.
_CHUNK_SIZE: Final = re.compile(rb"([0-9A-Fa-f]+)[ \t]*(?:;[^\r\n]*)?\r\n")
#: The first bytes of a brotli stream cannot be told; a decompressor is fed this much at a
#: time so that its output can be bounded.
_BROTLI_CHUNK: Final = 1 << 16


def _unchunked(body: bytes) -> bytes:
    """``body`` without its chunked transfer coding (RFC 9112, §7.1).  A body whose
    first line is no chunk's size line was stored already decoded under its header (some
    crawlers do; warcio reads it so as well), and is returned as it is; a chunked body
    that stops before its last chunk (a crawler cut it) is a :class:`BodyError`."""
    if _CHUNK_SIZE.match(body) is None:
        return body
    parts: list[bytes] = []
    position = 0
    while True:
        size_line = _CHUNK_SIZE.match(body, position)
        if size_line is None:
            raise BodyError("its chunked body is cut short or corrupt")
        size = int(size_line.group(1), 16)
        if size == 0:
            return b"".join(parts)  # the trailer section, if any, holds no page
        start = size_line.end()
        if start + size > len(body):
            raise BodyError("its chunked body is cut short")
        parts.append(body[start : start + size])
        position = start + size
        if body.startswith(b"\r\n", position):
            position += 2


def _too_large(limit: int) -> BodyTooLargeError:
    return BodyTooLargeError(f"its compressed body expands past {limit:,} bytes")


def _inflated(body: bytes, wbits: int, limit: int) -> bytes:
    """``body`` decompressed by zlib with ``wbits`` (one stream: deflate), to at most
    ``limit`` bytes (a "bomb" of a few kilobytes never fills the memory); a stream that
    stops before its end (a body cut short) is an error, not a shorter page."""
    stream = zlib.decompressobj(wbits=wbits)
    data = stream.decompress(body, limit + 1)
    if len(data) > limit:
        raise _too_large(limit)
    if not stream.eof:
        raise BodyError("its compressed body is cut short")
    return data


def _gunzipped(body: bytes, limit: int) -> bytes:
    """``body``'s gzip members, every one, decompressed to at most ``limit`` bytes, as a
    ``.html.gz`` page is (:func:`unboiler.compressed.decompress`, which reads the members
    as a stream: a body of many members takes linear time)."""
    try:
        return decompress(body, limit=limit)
    except PageTooLargeError:
        raise _too_large(limit) from None
    except DamagedInputError as error:
        if "truncated" in str(error):
            raise BodyError("its compressed body is cut short") from None
        raise BodyError(f"its gzip body is corrupt ({error})") from None


def _unbrotli(body: bytes, limit: int) -> bytes:
    """``body`` decompressed by brotli (RFC 7932) to at most ``limit`` bytes."""
    try:
        import brotli  # type: ignore[import-not-found,import-untyped,unused-ignore]
    except ImportError:
        raise BodyError("its body is brotli-compressed: pip install brotli") from None
    stream = brotli.Decompressor()
    parts: list[bytes] = []
    size = 0
    for start in range(0, max(len(body), 1), _BROTLI_CHUNK):
        part = stream.process(body[start : start + _BROTLI_CHUNK], output_buffer_limit=limit + 1)
        while True:
            parts.append(part)
            size += len(part)
            if size > limit:
                raise _too_large(limit)
            if stream.can_accept_more_data():
                break
            part = stream.process(b"", output_buffer_limit=limit + 1)
            if not part:  # no progress: never spin on a decoder that yields nothing
                raise BodyError("its br body is corrupt (the decoder stalls)")
    if not stream.is_finished():
        raise BodyError("its compressed body is cut short")
    return b"".join(parts)


#: Registered content codings (IANA's HTTP Content Coding Registry) this module does not
#: undo: a body in one is no page.  Any other unknown name is a server's mistake
#: ("Content-Encoding: UTF-8"), and the body is read as it is, as warcio reads it.
UNREAD_CODINGS: Final = frozenset(
    {"zstd", "compress", "x-compress", "aes128gcm", "dcb", "dcz", "exi", "pack200-gzip"}
)


def _decoded(body: bytes, coding: str, limit: int) -> bytes:
    """``body`` with one content coding (RFC 9110, §8.4.1) undone.  As warcio does, a
    body that is not compressed as its header says (a crawler stored it decoded, a
    server wrote ``Content-Encoding: UTF-8``) is taken as it is."""
    if coding in UNREAD_CODINGS:
        raise BodyError(f"its body has the content coding {coding!r}, which is not read here")
    try:
        if coding in ("gzip", "x-gzip"):
            return _gunzipped(body, limit) if body.startswith(GZIP_MEMBER[:2]) else body
        if coding == "deflate":  # zlib's format, as the RFC says, or raw as servers send it
            try:
                return _inflated(body, 15, limit)
            except zlib.error:
                try:
                    return _inflated(body, -15, limit)
                except zlib.error:
                    if body.lstrip()[:1] == b"<":  # a page stored decoded
                        return body
                    raise
        if coding == "br" and body:
            return _unbrotli(body, limit)
    except BodyError:
        raise
    except Exception as error:  # zlib.error, and brotli.error, a plain Exception
        raise BodyError(f"its {coding} body is corrupt ({error})") from None
    return body


def http_body(
    body: bytes, transfer_coding: str | None, content_coding: str | None, limit: int = 2**62
) -> bytes:
    """The page in an HTTP response body as a WARC keeps it: its transfer codings
    (chunked, and any coding before it) and its content codings (``gzip``, ``deflate``
    with or without zlib's header, ``br``) undone, last applied first, into at most
    ``limit`` bytes.  Raises :class:`BodyError` when they cannot be, and
    :class:`BodyTooLargeError` when the page is larger than ``limit``.

    Both libraries are asked for the body as stored, and decoded here, the same way:
    FastWARC's own decoding lost every record after a chunked and gzip-compressed body,
    took a de-chunked body for a truncated one, and failed on deflate without zlib's
    header; warcio gave the part of a cut gzip body as the page."""
    transfer = [part.strip() for part in (transfer_coding or "").lower().split(",")]
    if transfer and transfer[-1] == "chunked":
        body = _unchunked(body)
        transfer.pop()
    content = [part.strip() for part in (content_coding or "").lower().split(",")]
    for coding in reversed(content + transfer):  # content codings applied first
        body = _decoded(body, coding, limit)
    return body


class SwallowedRecords(UnboilerError):
    """Raised by a reader after a record whose payload holds the start of the next
    record (a Content-Length too large): reading starts again at that record.
    :func:`read_warc` catches it; it never reaches a caller."""

    def __init__(self, offset: int) -> None:
        super().__init__(offset)
        self.offset = offset


class HeaderCut(UnboilerError):
    """Raised by a reader after the record at ``offset`` whose header the next record's
    cut short: the libraries read the next record's payload from the wrong place, so
    reading starts again at the next record's own header.  :func:`read_warc` catches
    it; it never reaches a caller."""

    def __init__(self, offset: int) -> None:
        super().__init__(offset)
        self.offset = offset


def _cut_record(offset: int, fields: Fields) -> WarcEntry:
    """The record whose header the next record's cut short: reported, never read."""
    return WarcEntry(
        offset,
        _field(fields, "WARC-Record-ID"),
        None,
        _field(fields, "WARC-Date"),
        "",
        None,
        0,
        None,
        damaged="its header is cut short by the next record's",
    )


def _fastwarc(stream: BinaryIO, start: int, max_bytes: int) -> Iterator[WarcEntry | int]:
    from fastwarc.warc import ArchiveIterator, WarcRecordType

    pages = (WarcRecordType.response, WarcRecordType.resource)
    members = _is_gzip(stream)
    # the body as stored, decoded here (http_body): FastWARC's own decoding loses records
    for record in ArchiveIterator(stream, auto_decode="none"):
        fields: Fields = list(record.headers.astuples())
        second = _second_header(fields)
        if second is not None:  # the cut header is the record's: its offset is right
            yield _cut_record(record.stream_pos, fields[:second])
            raise HeaderCut(record.stream_pos)
        offset = yield from _own_member(stream, record.stream_pos, members)
        if record.record_type not in pages:
            yield offset
            continue
        status = None
        transfer = coding = None
        if record.record_type == WarcRecordType.response:
            content_type = _media_type(record.http_content_type)
            charset = record.http_charset
            if record.http_headers is not None:
                status = record.http_headers.status_code
                transfer = record.http_headers.get("Transfer-Encoding")
                coding = record.http_headers.get("Content-Encoding")
        else:
            content_type = _media_type(_field(fields, "Content-Type"))
            charset = None
        declared = int(record.content_length)
        payload = None
        truncated = False
        damaged = _damage(fields)
        wanted_page = status is None or status in SUCCESS_STATUSES
        overrun = False
        decoding: dict[str, Any] = {}
        if content_type in HTML_TYPES and declared <= max_bytes and not damaged and wanted_page:
            stored = record.reader.read()
            truncated = len(stored) < declared
            # a Content-Length too large takes in the next record: its start is in the
            # payload, and the record is not followed by the blank lines that end one
            # (warcio counts those; FastWARC does not say, so the file is looked at)
            overrun = NEXT_RECORD in stored and (
                truncated or not _ends_record(stream, record.stream_pos, members)
            )
            payload, decoding = _body(stored, transfer, coding, max_bytes)
        yield WarcEntry(
            offset,
            _field(fields, "WARC-Record-ID"),
            _field(fields, "WARC-Target-URI"),
            _field(fields, "WARC-Date"),
            content_type,
            charset,
            declared,
            payload,
            truncated,
            overrun=overrun,
            damaged=damaged,
            status=status,
            **decoding,
        )
        if overrun:
            raise SwallowedRecords(offset)


def _ends_record(stream: BinaryIO, offset: int, members: bool) -> bool:
    """Whether the record at ``offset``, whose payload holds a record's start, ends where
    its length says: a plain record followed by the blank line that ends one (WARC 1.1,
    §4), padding or the file's end; in a gzip file, one whose own member holds that start
    (a page that shows a WARC file), not the next member.  True when it cannot be told (an
    unnamed stream).  Read through a handle of its own: the library's reading of
    ``stream`` is not disturbed."""
    name = getattr(stream, "name", None)
    if not isinstance(name, (str, Path)):
        return True
    with Path(name).open("rb") as file:
        if members:
            return _member_holds(file, offset, NEXT_RECORD)
        end = _record_end(file, offset)
        if end is None:
            return True
        file.seek(end)
        following = file.read(_SEARCH_CHUNK)
    return following.startswith(b"\r\n\r\n") or not following.strip(_PADDING)


def _member_holds(file: BinaryIO, offset: int, needle: bytes) -> bool:
    """Whether the gzip member at ``offset`` holds ``needle`` once decompressed (read in
    bounded steps, up to :data:`~unboiler.compressed.MAX_DECOMPRESSED_BYTES`)."""
    file.seek(offset)
    stream = zlib.decompressobj(wbits=31)
    tail = b""
    seen = 0
    try:
        while not stream.eof and seen <= MAX_DECOMPRESSED_BYTES:
            data = file.read(_SEARCH_CHUNK)
            if not data:
                return False
            while data and not stream.eof:
                part = stream.decompress(data, _SEARCH_CHUNK)
                data = stream.unconsumed_tail
                seen += len(part)
                window = tail + part
                if needle in window:
                    return True
                tail = window[-len(needle) :]
    except zlib.error:
        return False
    return False


def _body(
    stored: bytes, transfer: str | None, coding: str | None, limit: int
) -> tuple[bytes, dict[str, Any]]:
    """The page in a stored response body, or the body and why it cannot be decoded
    (:func:`http_body`, to at most ``limit`` bytes, and never past
    :data:`~unboiler.compressed.MAX_DECOMPRESSED_BYTES`, as a ``.html.gz`` page: a
    caller of :func:`read_warc` who sets no limit is kept from a gzip bomb too) as
    :class:`WarcEntry` fields."""
    try:
        return http_body(stored, transfer, coding, min(limit, MAX_DECOMPRESSED_BYTES)), {}
    except BodyError as error:
        large = isinstance(error, BodyTooLargeError)
        return stored, {"undecodable": str(error), "expands_too_far": large}


def _warcio(stream: BinaryIO, start: int, max_bytes: int) -> Iterator[WarcEntry | int]:
    from warcio.archiveiterator import ArchiveIterator

    members = _is_gzip(stream)
    records = ArchiveIterator(stream)
    for record in records:
        fields: Fields = list(record.rec_headers.headers)
        second = _second_header(fields)
        if second is not None:  # the cut header is the record's: its offset is right
            offset = yield from _warcio_offset(records, stream, start, members=False)
            yield _cut_record(offset, fields[:second])
            raise HeaderCut(offset)
        if record.rec_type not in ("response", "resource"):
            offset = yield from _warcio_offset(records, stream, start, members=members)
            yield offset
            continue
        status = None
        transfer = coding = None
        if record.rec_type == "response" and record.http_headers is not None:
            value = record.http_headers.get_header("Content-Type")
            code = record.http_headers.get_statuscode()
            status = int(code) if code and code.isdigit() else None
            transfer = record.http_headers.get_header("Transfer-Encoding")
            coding = record.http_headers.get_header("Content-Encoding")
        else:
            value = _field(fields, "Content-Type")
        content_type = _media_type(value)
        charset = None
        for part in (value or "").split(";")[1:]:
            key, _, charset_value = part.partition("=")
            if key.strip().lower() == "charset":
                charset = charset_value.strip().strip("\"'") or None
        declared = int(record.raw_stream.limit)  # the payload left after the HTTP headers
        payload = None
        truncated = False
        wanted_page = status is None or status in SUCCESS_STATUSES
        swallowed = False
        decoding: dict[str, Any] = {}
        if content_type in HTML_TYPES and declared <= max_bytes and wanted_page:
            stored = record.raw_stream.read()  # as stored: decoded here, as FastWARC's
            truncated = int(record.raw_stream.limit) > 0
            swallowed = NEXT_RECORD in stored
            payload, decoding = _body(stored, transfer, coding, max_bytes)
        # Reading to the record's end checks what follows it; warcio counts a record not
        # followed by a blank line in err_count (and warns on standard error, silenced:
        # the page's own error says it).
        errors = records.err_count
        offset = yield from _warcio_offset(records, stream, start, members=members)
        unended = records.err_count > errors
        # the next record's start in the payload is no overrun when the record ends
        # where it says (a page that shows a WARC file); warcio takes one line break for
        # the blank line that ends a record, so the file is looked at too
        swallowed = swallowed and (
            truncated or unended or not _ends_record(stream, offset, members)
        )
        yield WarcEntry(
            offset,
            _field(fields, "WARC-Record-ID"),
            _field(fields, "WARC-Target-URI"),
            _field(fields, "WARC-Date"),
            content_type,
            charset,
            declared,
            payload,
            truncated,
            overrun=swallowed or unended,
            damaged=_damage(fields),
            status=status,
            **decoding,
        )
        if swallowed:
            raise SwallowedRecords(offset)


def _warcio_offset(
    records: Any, stream: BinaryIO, start: int, *, members: bool
) -> Generator[WarcEntry, None, int]:
    """Where the record warcio has just read begins in the file (warcio reads to its
    end to tell), past any member that holds no header (:func:`_own_member`).  warcio
    counts from the file's start (its iterator starts at the stream's ``tell()``), not
    from ``start``: added to it, every offset after a resumed read was twice too far."""
    with contextlib.redirect_stderr(io.StringIO()):  # warcio warns as it reads on
        offset = int(records.get_record_offset())
    return (yield from _own_member(stream, offset, members))


def _own_member(stream: BinaryIO, offset: int, members: bool) -> Generator[WarcEntry, None, int]:
    """Where the record a library says begins at ``offset`` really begins.  In a gzip
    file (``members``), both libraries pass in silence over a member that holds no
    whole header (part of one, a version line alone) and give the next member's record
    its offset: each such member is yielded as a damaged record, and the offset
    returned is the record's own member's.  A member of blank lines is passed over."""
    while members and (headless := _headless_member(stream, offset)) is not None:
        end, padding = headless
        if not padding:
            yield WarcEntry(
                offset,
                None,
                None,
                None,
                "",
                None,
                0,
                None,
                damaged="its gzip member holds no whole header",
            )
        offset = end
    return offset


def _is_gzip(stream: BinaryIO) -> bool:
    """Whether the stream (seekable) holds gzip members from where it stands; it is
    left there."""
    head = stream.read(len(GZIP_MEMBER))
    stream.seek(-len(head), io.SEEK_CUR)
    return head == GZIP_MEMBER


#: Compressed bytes read at a time to find a member's header.
_HEADER_CHUNK: Final = 4096


def _headless_member(stream: BinaryIO, offset: int) -> tuple[int, bool] | None:
    """Where the gzip member at ``offset`` ends, and whether it holds padding alone,
    when it ends before a whole WARC header (the blank line that ends one, WARC 1.1
    §4); None when it holds one, or when that cannot be told.  Only the member's first
    bytes are inflated, up to the header's end; the stream is left where it was."""
    position = stream.tell()
    try:
        stream.seek(offset)
        inflater = zlib.decompressobj(wbits=31)
        text = b""
        read = 0
        while not inflater.eof:
            data = stream.read(_HEADER_CHUNK)
            if not data:
                return None
            read += len(data)
            text += inflater.decompress(data, _HEADER_LIMIT)
            if b"\r\n\r\n" in text.lstrip(_PADDING) or len(text) >= _HEADER_LIMIT:
                return None
        return offset + read - len(inflater.unused_data), not text.strip(_PADDING)
    except zlib.error:
        return None
    finally:
        stream.seek(position)


def warc_reader(library: str = "auto") -> Reader:
    """The adapter of ``library`` (``fastwarc``, ``warcio`` or ``auto``)."""
    if library not in ("auto", "fastwarc", "warcio"):
        raise ConfigurationError(f"unknown WARC library {library!r}: fastwarc, warcio or auto")
    if library in ("auto", "fastwarc"):
        try:
            import fastwarc.warc  # noqa: F401
        except ImportError:
            if library == "fastwarc":
                raise WarcLibraryMissingError(
                    "FastWARC is not installed: pip install 'unboiler[batch]'"
                ) from None
        else:
            return _fastwarc
    try:
        import warcio  # noqa: F401
    except ImportError:
        raise WarcLibraryMissingError(
            "reading WARC files needs FastWARC or warcio: pip install 'unboiler[batch]'"
        ) from None
    return _warcio


def describe(error: BaseException, *, limit: int = 200) -> str:
    """An exception's message on one line, cut to ``limit`` characters (a library may
    quote the raw bytes it could not parse)."""
    text = " ".join(str(error).split()) or type(error).__name__
    text = text.encode("ascii", "backslashreplace").decode("ascii")
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _member_end(file: BinaryIO, offset: int) -> int | None:
    """Where the gzip member (RFC 1952) that starts at ``offset`` ends; None when it is
    cut short or is no gzip member."""
    file.seek(offset)
    stream = zlib.decompressobj(wbits=31)
    read = 0
    try:
        while not stream.eof:
            data = file.read(_SEARCH_CHUNK)
            if not data:
                return None
            read += len(data)
            while data and not stream.eof:  # bounded output: no gzip bomb in memory
                stream.decompress(data, _SEARCH_CHUNK)
                data = stream.unconsumed_tail
    except zlib.error:
        return None
    return offset + read - len(stream.unused_data)


def _record_end(file: BinaryIO, offset: int) -> int | None:
    """Where the plain record that starts at ``offset`` ends: its header, Content-Length
    bytes and the blank lines after them.  None when that cannot be told (the record is
    itself cut, and was reported as such)."""
    file.seek(offset)
    head = file.read(_HEADER_LIMIT)
    stop = head.find(b"\r\n\r\n")
    if not head.startswith(b"WARC/") or stop < 0:
        return None
    # the last one: a header cut short by the next record's holds both
    lengths = _CONTENT_LENGTH.findall(head, 0, stop + 2)
    return offset + stop + 4 + int(lengths[-1]) if lengths else None


def _padding_end(file: BinaryIO, offset: int) -> int | None:
    """The offset of the first byte from ``offset`` on that is no padding, or None."""
    file.seek(offset)
    while chunk := file.read(_SEARCH_CHUNK):
        rest = chunk.lstrip(_PADDING)
        if rest:
            return offset + len(chunk) - len(rest)
        offset += len(chunk)
    return None


def _next_header(path: Path, offset: int, *, compressed: bool) -> int | None:
    """Where the record begins whose header cut short the header of the record at
    ``offset``: the next gzip member, or the next ``WARC/1.`` within the cut header
    (the cut line runs into it, so no line break precedes it)."""
    if compressed:
        return next_boundary(path, offset + 1, compressed=True)
    with path.open("rb") as file:
        file.seek(offset + 1)
        found = file.read(_HEADER_LIMIT).find(WARC_LINE[1:])
    return None if found < 0 else offset + 1 + found


def unread_tail(path: Path, offset: int, *, compressed: bool, after_record: bool) -> int | None:
    """Where bytes that hold no record begin, after the record read at ``offset`` (or
    from ``offset`` itself when no record was read there); None when the file ends
    there, padding aside, or when the end of that record cannot be told.

    In a compressed file the record's gzip member and every complete member after it
    count as read (warcio reads a record on across a member holding a cut header); the
    first member cut short is where the unread bytes begin."""
    with path.open("rb") as file:
        if not after_record:
            return _padding_end(file, offset)
        if not compressed:
            end = _record_end(file, offset)
            return None if end is None else _padding_end(file, end)
        position: int | None = offset
        while position is not None:
            end = _member_end(file, position)
            if end is None:
                return None if position == offset else position
            position = _padding_end(file, end)
    return None


def next_boundary(path: Path, after: int, *, compressed: bool) -> int | None:
    """The offset of the first record boundary at or after ``after``: the next gzip
    member in a compressed file, the next ``WARC/1.`` line in a plain one."""
    needle = GZIP_MEMBER if compressed else WARC_LINE
    skip = 0 if compressed else 1  # past the line break
    with path.open("rb") as file:
        position = max(0, after - skip)
        file.seek(position)
        tail = b""
        while True:
            chunk = file.read(_SEARCH_CHUNK)
            if not chunk:
                return None
            data = tail + chunk
            found = data.find(needle)
            if found >= 0:
                return position - len(tail) + found + skip
            tail = data[-(len(needle) - 1) :]
            position += len(chunk)


def _entry_page(path: Path, entry: WarcEntry) -> Page:
    page_id = entry.record_id or f"{path}@{entry.offset}"
    error, kind = _entry_error(entry)
    return Page(
        page_id,
        None if error else entry.payload,
        url=entry.uri,
        record_date=entry.date,
        encoding=entry.charset,
        error=error,
        error_type=kind,
    )


def _entry_error(entry: WarcEntry) -> tuple[str | None, str | None]:
    """Why a record gives no page, and the kind of it (:data:`~.pages.ERROR_TYPES`);
    ``(None, None)`` for a page to extract."""
    if entry.damaged:
        return f"damaged record: {entry.damaged} (the file is cut or corrupt there)", UNREADABLE
    if entry.status is not None and entry.status not in SUCCESS_STATUSES:
        return (
            f"HTTP status {entry.status}: not the page asked for (an error or a redirect)",
            HTTP_STATUS,
        )
    if entry.content_type not in HTML_TYPES:
        return f"not HTML: the record's content type is {entry.content_type}", NOT_HTML
    if entry.payload is None:
        return f"too large: {entry.declared:,} bytes", TOO_LARGE
    if entry.truncated:
        return (
            f"truncated record: {len(entry.payload):,} of {entry.declared:,} bytes",
            UNREADABLE,
        )
    if entry.overrun:
        return (
            "wrong Content-Length: the record is not followed by a blank line, so it holds "
            f"more than its {entry.declared:,} bytes and its page may be cut short",
            UNREADABLE,
        )
    if entry.undecodable:
        if entry.expands_too_far:
            return f"too large: {entry.undecodable}", TOO_LARGE
        return f"undecodable HTTP body: {entry.undecodable}", UNREADABLE
    return None, None


def read_warc(path: str | Path, *, library: str = "auto", max_bytes: int = 2**62) -> Iterator[Page]:
    """Every page of the WARC file at ``path``, streamed, with a page carrying an error
    for each record or stretch of the file that could not be read."""
    path = Path(path)
    reader = warc_reader(library)
    with path.open("rb") as file:
        compressed = file.read(2) == GZIP_MEMBER[:2]
    size = path.stat().st_size
    start = 0
    while True:
        last = start
        with path.open("rb") as file:
            file.seek(start)
            try:
                seen = False
                past_end: WarcEntry | None = None
                for entry in reader(file, start, max_bytes):
                    seen = True
                    if isinstance(entry, int):
                        last = entry
                        continue
                    last = entry.offset
                    if not compressed and entry.offset + entry.declared > size:
                        past_end = entry
                        break
                    yield _entry_page(path, entry)
                if past_end is not None:
                    # A length past the file's end (its payload never read: larger than
                    # the page could be): the record would take in every one after it.
                    yield Page(
                        past_end.record_id or f"{path}@{past_end.offset}",
                        url=past_end.uri,
                        record_date=past_end.date,
                        error=f"wrong Content-Length: {past_end.declared:,} bytes, more "
                        f"than the {size - past_end.offset:,} left in the file from the "
                        "record; reading goes on at the next record",
                        error_type=UNREADABLE,
                    )
                    resume = next_boundary(path, past_end.offset + 1, compressed=False)
                    if resume is None:
                        return
                    start = resume
                    continue
                tail = unread_tail(path, last, compressed=compressed, after_record=seen)
                if tail is not None:
                    yield Page(
                        f"{path}@{tail}",
                        error=f"unreadable WARC data after offset {tail:,}: the file ends "
                        "inside a record (it was cut short), which holds no page",
                        error_type=UNREADABLE,
                    )
                return
            except HeaderCut as cut:  # the cut record is reported; on from the next one
                header = _next_header(path, cut.offset, compressed=compressed)
                if header is None:
                    return
                start = header
                continue
            except SwallowedRecords as swallowed:  # reported; on from the record it took in
                boundary = next_boundary(path, swallowed.offset + 1, compressed=compressed)
                if boundary is None:  # one gzip stream for the whole file: no way back in
                    yield Page(
                        f"{path}@{swallowed.offset}",
                        error=f"unreadable WARC data after offset {swallowed.offset:,}: the "
                        "record there takes in what follows it (a wrong Content-Length), "
                        "and no later record boundary can be found to resume at",
                        error_type=UNREADABLE,
                    )
                    return
                start = boundary
                continue
            # Any exception: the libraries raise OSError, ValueError, EOFError, zlib's
            # errors and warcio's own ArchiveLoadFailed for damaged data; all mean the same.
            except Exception as error:
                failure = error
        resume = next_boundary(path, max(start, last) + 1, compressed=compressed)
        where = f"after offset {max(start, last):,}"
        skipped = f"; resumed at offset {resume:,}" if resume is not None else ""
        yield Page(
            f"{path}@{max(start, last)}",
            error=f"unreadable WARC data {where}: {describe(failure)}{skipped}",
            error_type=UNREADABLE,
        )
        if resume is None:
            return
        start = resume


__all__ = [
    "HTML_TYPES",
    "BodyError",
    "HeaderCut",
    "Reader",
    "SwallowedRecords",
    "WarcEntry",
    "WarcLibraryMissingError",
    "describe",
    "http_body",
    "next_boundary",
    "read_warc",
    "unread_tail",
    "warc_reader",
]
