"""unboiler: the main content of web pages, without the boilerplate.

The public API is what this module exports; everything else lives in submodules.
"""

from unboiler.core import extract, extract_result
from unboiler.document import Label, TextBlock, TextDocument
from unboiler.errors import (
    BrowserUnavailableError,
    ConfigurationError,
    DamagedInputError,
    ExtractionError,
    ExtractorOptionError,
    InputTypeError,
    OutputError,
    PageTooLargeError,
    PageURLError,
    UnboilerError,
    UnknownEncodingError,
    UnknownExtractorError,
)
from unboiler.extractors import Extractor, extractors, get_extractor
from unboiler.output.result import Extraction
from unboiler.parse import parse
from unboiler.version import __version__

__all__ = [
    "BrowserUnavailableError",
    "ConfigurationError",
    "DamagedInputError",
    "Extraction",
    "ExtractionError",
    "Extractor",
    "ExtractorOptionError",
    "InputTypeError",
    "Label",
    "OutputError",
    "PageTooLargeError",
    "PageURLError",
    "TextBlock",
    "TextDocument",
    "UnboilerError",
    "UnknownEncodingError",
    "UnknownExtractorError",
    "__version__",
    "extract",
    "extract_result",
    "extractors",
    "get_extractor",
    "parse",
]
