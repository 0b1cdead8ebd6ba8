"""The entry points: page in, main content out, as a string (:func:`extract`) or as a
typed record of every output and metadata field (:func:`extract_result`)."""

from __future__ import annotations

import difflib
from typing import Any, Final

from unboiler.charset import given_encoding
from unboiler.document import TextDocument
from unboiler.errors import ExtractorOptionError, InputTypeError, OutputError
from unboiler.extractors import Extractor, get_extractor
from unboiler.output import render
from unboiler.output.frontmatter import EMPTY_FRONT_MATTER, front_matter
from unboiler.output.result import Extraction, build_extraction
from unboiler.parse import MAX_BYTES, check_url, parse

#: The outputs a front matter block can go above (``with_metadata``).
FRONT_MATTER_OUTPUTS: Final = frozenset({"text", "markdown"})
#: The outputs that can give the metadata: those, and JSON, which always holds it.
METADATA_OUTPUTS: Final = FRONT_MATTER_OUTPUTS | {"json"}
#: The outputs that can keep links and images.
LINK_OUTPUTS: Final = frozenset({"markdown", "html"})


def extract(
    html: str | bytes | TextDocument,
    *,
    url: str | None = None,
    extractor: str | Extractor = "default",
    output: str = "text",
    encoding: str | None = None,
    max_bytes: int | None = MAX_BYTES,
    favor: str | None = None,
    links: bool = False,
    images: bool = False,
    with_metadata: bool = False,
    **options: Any,
) -> str:
    """The main content of a page.

    ``html`` is the page as text, as raw bytes (decoded with ``encoding`` if an HTTP
    header gave one, else detected), or a :class:`TextDocument` from :func:`unboiler.parse`;
    a parsed document is copied first, so one parse can serve several extractors.  A page
    larger than ``max_bytes`` (16 MiB unless given; None for no limit) is refused with an
    :class:`unboiler.ExtractionError` before any work (:data:`unboiler.parse.MAX_BYTES`).
    ``extractor`` names a registered extractor (see :func:`unboiler.extractors`) or is one
    built with :func:`unboiler.get_extractor`; ``options`` (and ``favor``, the default
    extractor's ``balanced``, ``precision`` or ``recall``) go to a named one.  ``output``
    is a format (``text``, ``markdown``, ``html`` or ``json``); ``links`` and ``images``
    keep those in the formats that can show them (markdown, html; the others have none:
    a loop over the formats may pass them to all).  ``with_metadata`` puts the page's
    metadata above the text or Markdown as a YAML front matter block
    (:mod:`unboiler.output.frontmatter`); JSON holds it anyway, and an HTML fragment
    cannot (an :class:`unboiler.OutputError`).  Raises :class:`unboiler.ExtractionError` for
    input that is not a web page.
    """
    _check_flags(links=links, images=images, with_metadata=with_metadata)
    if with_metadata and output not in METADATA_OUTPUTS:
        raise OutputError(
            f"with_metadata is for the text, markdown and json outputs, not {output!r} "
            "(an HTML fragment has no front matter)"
        )
    document, name = _run(html, url, extractor, encoding, max_bytes, favor, options)
    if with_metadata and output in FRONT_MATTER_OUTPUTS:
        result = build_extraction(document, name, links=links, images=images)
        body = result.text if output == "text" else result.markdown
        block = front_matter(result.to_dict())
        if not body and block == EMPTY_FRONT_MATTER:
            return ""  # nothing at all, as without the metadata: not a block of no fields
        return block + ("\n" + body if body else "")
    return render(document, output, extractor=name, links=links, images=images)


def extract_result(
    html: str | bytes | TextDocument,
    *,
    url: str | None = None,
    extractor: str | Extractor = "default",
    encoding: str | None = None,
    max_bytes: int | None = MAX_BYTES,
    favor: str | None = None,
    links: bool = False,
    images: bool = False,
    **options: Any,
) -> Extraction:
    """What :func:`extract` finds, as one :class:`~unboiler.output.result.Extraction`: the text,
    the Markdown, the HTML fragment, the kept blocks' texts and every metadata field.
    The arguments are :func:`extract`'s; ``links`` and ``images`` apply to the Markdown
    and HTML.  ``extract(..., output="json")`` is ``json.dumps(result.to_dict(),
    ensure_ascii=False)``.
    """
    _check_flags(links=links, images=images)
    document, name = _run(html, url, extractor, encoding, max_bytes, favor, options)
    return build_extraction(document, name, links=links, images=images)


#: The keyword arguments of :func:`extract`, which a misspelt option may have meant.
_OWN_ARGUMENTS: Final = (
    "url",
    "extractor",
    "output",
    "encoding",
    "max_bytes",
    "favor",
    "links",
    "images",
    "with_metadata",
)
#: Those that :func:`extract_result` does not take (it gives every field at once).
_ONLY_EXTRACT_ARGUMENTS: Final = frozenset({"output", "with_metadata"})


def _check_flags(**flags: object) -> None:
    """Refuse a flag that is not a bool: ``with_metadata="no"`` would be true."""
    for name, value in flags.items():
        if not isinstance(value, bool):
            raise InputTypeError(f"{name} must be True or False, not {value!r}")


def _own_argument_hint(options: dict[str, Any]) -> str:
    """For an option the extractor refused, the argument of :func:`extract` it may have
    meant (``with_metdata``, or ``output`` given to :func:`extract_result`), or ""."""
    for option in options:
        if option in _ONLY_EXTRACT_ARGUMENTS:
            return f" ({option!r} is an argument of extract(), not of extract_result())"
        if option in _OWN_ARGUMENTS:  # "favor", passed on to the extractor on purpose
            continue
        close = difflib.get_close_matches(option, _OWN_ARGUMENTS, n=1, cutoff=0.75)
        if close:
            return f" (did you mean extract()'s {close[0]!r}?)"
    return ""


def _run(
    html: str | bytes | TextDocument,
    url: str | None,
    extractor: str | Extractor,
    encoding: str | None,
    max_bytes: int | None,
    favor: str | None,
    options: dict[str, Any],
) -> tuple[TextDocument, str]:
    """The page parsed (or the parsed page copied) and extracted; the extractor's name."""
    if favor is not None:
        options["favor"] = favor
    if isinstance(extractor, Extractor):
        if options:
            raise ExtractorOptionError(
                "options go to get_extractor() when an extractor is built, not to extract()"
            )
        chosen = extractor
    else:
        try:
            chosen = get_extractor(extractor, **options)
        except ExtractorOptionError as error:
            hint = _own_argument_hint(options)
            if not hint:
                raise
            raise ExtractorOptionError(f"{error}{hint}") from error
    if isinstance(html, TextDocument):
        if encoding is not None:
            # a parsed page is decoded already, but a misspelt charset is still the
            # caller's mistake to hear of, as it is with bytes (it was ignored in silence)
            if not isinstance(encoding, str):
                raise InputTypeError(
                    f"encoding must be a string or None, not {type(encoding).__name__}"
                )
            given_encoding(encoding)
        document = html.copy()
        if url is not None:
            document.url = check_url(url)
    else:
        document = parse(html, url=url, encoding=encoding, max_bytes=max_bytes)
    chosen(document)
    return document, chosen.name
