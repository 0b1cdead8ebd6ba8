"""The typed result of an extraction, for programs: every output and every metadata field
of a page in one frozen object, :class:`Extraction`.

:func:`unboiler.extract_result` returns it, and the JSON output is its
:meth:`Extraction.to_dict`, so that the two cannot drift apart.  Where each field comes
from:

- ``text``, ``markdown`` and ``html`` are the outputs of :mod:`unboiler.output`, written
  from one layout of the content;
- ``block_texts`` are the texts of the blocks the extractor kept, as it read them
  (Boilerpipe's token stream, which the word statistics count: "link , and");
- the page's metadata (title, author, date, site name, description, image, canonical
  URL, categories, tags) is :func:`unboiler.metadata.extract_metadata`'s, except a field
  the extractor found for itself (``weighted-blocks`` reads the date beside its
  headline), which wins; what else it found (its ``headline``) is in ``extras``;
- ``direction`` is the ``dir`` the page declares for the kept text, ``"ltr"`` or
  ``"rtl"`` (:func:`unboiler.metadata.direction.content_direction`); the HTML output is
  wrapped in an element that carries it, so that it shows right where it is pasted;
- ``language`` is the language of the text: the one the extraction used (given by the
  caller, or detected by an extractor that reads stop words), else the one CLD2 detects
  in the page's running text, else the one the page declares (``<html lang>``, meta,
  JSON-LD).  Detection comes before the declaration because a declaration is often the
  site template's default (an English theme around a German article), and CLD2's answer
  is taken only when it is reliable.  The default extractor detects the language for its
  stop-word features but does not record it on the document, so the JSON output used to
  fall back to the declared one, or to null on pages without long paragraphs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from unboiler.document import TextDocument
from unboiler.language import document_language
from unboiler.metadata import extract_metadata
from unboiler.metadata.direction import content_direction
from unboiler.output.html import blocks_to_html
from unboiler.output.layout import layout
from unboiler.output.markdown import blocks_to_markdown
from unboiler.output.text import blocks_to_text

#: Fields an extractor's own findings (``document.metadata``) replace when it has them.
FOUND_FIELDS: Final = frozenset(
    {"url", "canonical_url", "title", "author", "date", "language"}
    | {"sitename", "description", "image"}
)


@dataclass(frozen=True, kw_only=True)
class Extraction:
    """What an extraction found on a page (see the module docstring for the sources).

    Metadata fields are None, and ``categories`` and ``tags`` empty, when the page does
    not say; ``date`` is ISO 8601 (``2024-05-17``, or with the time and the offset the
    page gave); ``language`` an ISO 639 code; ``url`` is the address the caller gave and
    ``canonical_url`` the one the page declares.  ``page_type`` is one of WCXB's seven
    types when the extractor predicts one (``default`` does), else None.
    """

    url: str | None = None
    canonical_url: str | None = None
    title: str | None = None
    author: str | None = None
    date: str | None = None
    language: str | None = None
    direction: str | None = None
    sitename: str | None = None
    description: str | None = None
    image: str | None = None
    categories: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    page_type: str | None = None
    extractor: str
    version: str
    text: str
    markdown: str
    html: str
    block_texts: tuple[str, ...] = ()
    #: What the extractor found beyond the fields above, as (name, value) pairs in the
    #: order it found them (``weighted-blocks``: its ``headline``).
    extras: tuple[tuple[str, str], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """The fields as the JSON output writes them, in its order: the page's metadata,
        the extractor and version, the text, the page type when there is one, then the
        extractor's extras.  ``markdown``, ``html`` and ``block_texts`` are left out (the
        JSON output never held them; they are one attribute away)."""
        record: dict[str, Any] = {
            "url": self.url,
            "canonical_url": self.canonical_url,
            "title": self.title,
            "author": self.author,
            "date": self.date,
            "language": self.language,
            "direction": self.direction,
            "sitename": self.sitename,
            "description": self.description,
            "image": self.image,
            "categories": list(self.categories),
            "tags": list(self.tags),
            "extractor": self.extractor,
            "version": self.version,
            "text": self.text,
            # null, like every field the page or the extractor does not give: a record's
            # keys do not depend on the page
            "page_type": self.page_type,
        }
        record.update(self.extras)
        return record


def build_extraction(
    document: TextDocument, extractor: str, *, links: bool = False, images: bool = False
) -> Extraction:
    """The :class:`Extraction` of a document an extractor has run on (its content flags
    set); ``extractor`` is the name to report.  ``links`` and ``images`` are kept in the
    Markdown and HTML.  The document is not changed."""
    from unboiler.version import __version__

    meta = extract_metadata(document)
    direction = content_direction(document)
    fields: dict[str, str | None] = {
        "url": document.url,
        "canonical_url": meta.url,
        "title": meta.title,  # the metadata already weighed <title> (and may refuse it)
        "author": meta.author,
        "date": meta.date,
        "language": document.language or document_language(document) or meta.language,
        "direction": direction,
        "sitename": meta.sitename,
        "description": meta.description,
        "image": meta.image,
    }
    extras: list[tuple[str, str]] = []
    for name, value in document.metadata.items():
        if name in FOUND_FIELDS:
            fields[name] = value
        else:
            extras.append((name, value))
    blocks = layout(document)
    shown = layout(document, images=True) if images else blocks
    return Extraction(
        **fields,
        categories=meta.categories,
        tags=meta.tags,
        page_type=document.page_type,
        extractor=extractor,
        version=__version__,
        text=blocks_to_text(blocks),
        markdown=blocks_to_markdown(shown, links=links, images=images),
        html=blocks_to_html(shown, links=links, images=images, direction=direction),
        block_texts=tuple(block.text for block in document.blocks if block.is_content),
        extras=tuple(extras),
    )


__all__ = ["FOUND_FIELDS", "Extraction", "build_extraction"]
