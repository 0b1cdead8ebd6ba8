"""Pages kept gzip-compressed: the benchmarks store them so (``html/<id>.html.gz``), and
so do crawlers and ``curl`` without ``--compressed``.

gzip (RFC 1952) is told by its first two bytes, not by the file's name, so that a page
piped in on standard input is read as well as a ``.html.gz`` file.  The stream is
decompressed whole, every member of it, with its CRC checked; a truncated or corrupt
stream is a :class:`~unboiler.errors.DamagedInputError` (an
:class:`~unboiler.errors.ExtractionError`) that says so, never half a page.
"""

from __future__ import annotations

import gzip
import io
import zlib
from typing import Final

from unboiler.errors import DamagedInputError, PageTooLargeError

#: The first two bytes of every gzip member (RFC 1952, section 2.3.1: ID1, ID2).
GZIP_MAGIC: Final = b"\x1f\x8b"
#: The most a compressed page may expand to.  Real pages are a few megabytes at most,
#: while a few kilobytes of gzip can expand to gigabytes (a "zip bomb"): reading stops
#: here instead of filling the memory.
MAX_DECOMPRESSED_BYTES: Final = 64 * 2**20


def is_gzip(data: bytes) -> bool:
    """Whether ``data`` starts as a gzip stream does."""
    return data[:2] == GZIP_MAGIC


def decompress(data: bytes, *, limit: int | None = MAX_DECOMPRESSED_BYTES) -> bytes:
    """``data`` decompressed when it is gzip, else ``data`` itself.

    Raises :class:`DamagedInputError` when the gzip stream is truncated or corrupt, or
    expands to more than ``limit`` bytes (None: no limit, for a caller who asked for none).
    """
    if not is_gzip(data):
        return data
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(data)) as stream:
            page = stream.read() if limit is None else stream.read(limit + 1)
    except EOFError:
        raise DamagedInputError("the gzip-compressed input is truncated") from None
    except (OSError, zlib.error) as error:  # gzip.BadGzipFile is an OSError
        raise DamagedInputError(f"the gzip-compressed input is corrupt: {error}") from None
    if limit is not None and len(page) > limit:
        raise PageTooLargeError(
            f"the gzip-compressed input expands to more than {limit:,} bytes; refused"
        )
    return page


__all__ = ["GZIP_MAGIC", "MAX_DECOMPRESSED_BYTES", "decompress", "is_gzip"]
