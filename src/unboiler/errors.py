"""The exceptions unboiler raises: one small tree rooted at :class:`UnboilerError`.

Callers that process many pages catch :class:`UnboilerError` and record the reason;
anything else escaping from the library is a bug.
"""

from __future__ import annotations


class UnboilerError(Exception):
    """Base class of every error raised on purpose by unboiler."""


class ExtractionError(UnboilerError, ValueError):
    """The input cannot be turned into text blocks: binary data, undecodable bytes,
    pathological nesting, or a page too large to process safely."""


class UnknownExtractorError(UnboilerError, KeyError):
    """No extractor is registered under the requested name."""

    def __str__(self) -> str:  # KeyError would wrap the message in quotes
        return str(self.args[0]) if self.args else "unknown extractor"


class ExtractorOptionError(UnboilerError, TypeError):
    """An option an extractor does not take, or a value it cannot take."""
