"""The exceptions unboiler raises: one small tree rooted at :class:`UnboilerError`.

Callers that process many pages catch :class:`UnboilerError` and record the reason;
anything else escaping from the library is a bug.  The tree::

    UnboilerError
    ├── InputTypeError (TypeError)             the page is neither text nor bytes
    ├── PageURLError (ValueError)              the page's URL is no absolute http(s) URL
    ├── ExtractionError (ValueError)           the input is not a page we can read
    │   ├── PageTooLargeError                  more bytes than the limit the caller set
    │   └── DamagedInputError                  a gzip stream cut short or corrupt
    ├── UnknownEncodingError (LookupError)     the caller named a charset nobody knows
    ├── UnknownExtractorError (KeyError)       no extractor of that name
    ├── ExtractorOptionError (TypeError,       an option the extractor does not take,
    │                         ValueError)      or a value it cannot take
    ├── OutputError (ValueError)               an output format that does not exist, or
    │                                          an output option that does not fit it
    └── ConfigurationError (ValueError)        a setting of a run that cannot work (a limit
        │                                      that is not positive, an unknown file
        │                                      format, a missing optional library)
        └── BrowserUnavailableError            the visual extra (Playwright and Debian's
                                               Chromium) is not installed

Errors of the subsystems derive from these or from :class:`UnboilerError` directly and
stay beside their code (a model file that cannot be read, a dataset folder of an unknown
shape).
"""

from __future__ import annotations


class UnboilerError(Exception):
    """Base class of every error raised on purpose by unboiler."""


class InputTypeError(UnboilerError, TypeError):
    """The page given is neither text, bytes nor a parsed document (a caller's bug, not a
    bad page: a ``TypeError``, as Python's own for an argument of the wrong type)."""


class ExtractionError(UnboilerError, ValueError):
    """The input cannot be turned into text blocks: binary data, undecodable bytes, a
    truncated or corrupt gzip stream, pathological nesting, or a page too large to
    process safely."""


class PageTooLargeError(ExtractionError):
    """The page, or what its gzip stream expands to, has more bytes than ``max_bytes``.

    Its own class because a caller treats it apart from a broken page: the limit is the
    caller's own choice, and a larger one reads the page."""


class DamagedInputError(ExtractionError):
    """The input's gzip stream is cut short or corrupt: the file is damaged, not a page
    that cannot be read (a batch reports it as ``unreadable``, as a damaged WARC record)."""


class PageURLError(UnboilerError, ValueError):
    """The page's URL given is not an absolute http(s) address ("example.org/a", a path, a
    ``javascript:`` URL): links would stay unresolved and the model would miss the URL's
    words, in silence."""


class UnknownEncodingError(UnboilerError, LookupError):
    """The character encoding the caller gave is not one Python can decode text with.

    A page's own wrong declaration is no error (the bytes are decoded otherwise); a
    caller's is, since it says what the caller believes about every page it passes."""


class UnknownExtractorError(UnboilerError, KeyError):
    """No extractor is registered under the requested name."""

    def __str__(self) -> str:  # KeyError would wrap the message in quotes
        return str(self.args[0]) if self.args else "unknown extractor"


class ExtractorOptionError(UnboilerError, TypeError, ValueError):
    """An option an extractor does not take (a ``TypeError``, as Python's own for an
    unexpected keyword argument), or a value it cannot take (a ``ValueError``)."""


class OutputError(UnboilerError, ValueError):
    """An output format that does not exist, or an output option that does not fit the
    format asked for (front matter on JSON)."""


class ConfigurationError(UnboilerError, ValueError):
    """A setting of a run that cannot work: a limit that is not positive, an unknown file
    format, an extractor that cannot be trained, an optional library that is missing."""


class BrowserUnavailableError(ConfigurationError):
    """A method that renders the page (``vips``, ``unboiler segment``) was asked for, but
    the visual extra is missing: Playwright for Python (``pip install unboiler[visual]``)
    or the Chromium executable it drives (Debian's ``chromium`` package)."""
