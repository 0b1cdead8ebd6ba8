"""The other libraries ``unboiler eval --compare`` runs on the same pages, and our own
extractors, behind one shape: a *system* turns a :class:`PageInput` into plain text.

Every peer is called the way its documentation shows for one page held in memory, with the
same decoded text (decoded once per page by :func:`unboiler.charset.decode`, outside the
timer), so that charset handling is the same for all and is not what is compared.  A peer
that returns HTML has it turned into text by :func:`~unboiler.datasets.html_text`,
inside the timer, since a user would have to do the same.  Peers are imported only inside
the worker process that runs them: a missing one is reported, never imported here.

Choices that shape the figures, stated once:

- trafilatura runs with ``include_comments=False``, as the article-extraction benchmark
  runs it (its gold has no comments); ``trafilatura-fast`` adds ``fast=True`` (no
  fallback extractors).
- jusText uses its English stop list, as the benchmark does; pages in other languages get
  lower recall from it than they would with their own list.
- newspaper4k and goose3 are given the page's URL when the dataset has one; newspaper4k
  runs with ``fetch_images=False`` (by default it downloads images to pick a top image).
- No system may use the network: the runner disables name resolution and connections in
  its workers (:func:`unboiler.evaluate.runner.offline`), so that a peer that would fetch
  something fails fast instead of timing the network.
- inscriptis converts the whole page to text: a ceiling for recall and a floor for
  precision, not a content extractor.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from dataclasses import dataclass
from importlib import metadata
from typing import Any, NamedTuple

from unboiler.errors import ExtractionError


class PageInput(NamedTuple):
    """What every system gets for one page: the raw bytes, the text decoded from them,
    and the URL if known."""

    html: bytes
    text: str
    url: str | None


def page_input(html: bytes, url: str | None) -> PageInput:
    """Decode once, as unboiler does; bytes that unboiler refuses as binary are given to
    the peers decoded as UTF-8 with replacement characters, so each still gets a try."""
    from unboiler.charset import decode

    try:
        text = decode(html)
    except ExtractionError:
        text = html.decode("utf-8", errors="replace")
    return PageInput(html, text, url)


Extract = Callable[[PageInput], str]


@dataclass(frozen=True)
class Peer:
    """A library we compare with: its pip distribution (for the version and the install
    check), the module it is imported as, and a factory that imports it and returns the
    per-page call.  Work that a user does once (building a ``Goose``) is in the factory."""

    name: str
    distribution: str
    module: str
    description: str
    factory: Callable[[], Extract]

    def installed(self) -> bool:
        return importlib.util.find_spec(self.module) is not None

    def version(self) -> str:
        try:
            return metadata.version(self.distribution)
        except metadata.PackageNotFoundError:
            return "?"


def _trafilatura(**options: Any) -> Callable[[], Extract]:
    def factory() -> Extract:
        import trafilatura

        def run(page: PageInput) -> str:
            text = trafilatura.extract(page.text, url=page.url, include_comments=False, **options)
            return text or ""

        return run

    return factory


def _readability() -> Extract:
    from readability import Document

    from unboiler.datasets import html_text

    def run(page: PageInput) -> str:
        return html_text(Document(page.text).summary(html_partial=True))

    return run


def _boilerpy3(kind: str) -> Callable[[], Extract]:
    def factory() -> Extract:
        from boilerpy3 import extractors

        extractor = getattr(extractors, kind)()

        def run(page: PageInput) -> str:
            return str(extractor.get_content(page.text))

        return run

    return factory


def _justext() -> Extract:
    import justext

    stoplist = justext.get_stoplist("English")

    def run(page: PageInput) -> str:
        paragraphs = justext.justext(page.text, stoplist)
        return "\n".join(p.text for p in paragraphs if not p.is_boilerplate)

    return run


def _goose3() -> Extract:
    from goose3 import Goose

    goose = Goose()

    def run(page: PageInput) -> str:
        return str(goose.extract(url=page.url, raw_html=page.text).cleaned_text or "")

    return run


def _newspaper4k() -> Extract:
    import newspaper

    def run(page: PageInput) -> str:
        article = newspaper.article(
            page.url or "", input_html=page.text, language="en", fetch_images=False
        )
        return str(article.text or "")

    return run


def _resiliparse() -> Extract:
    from resiliparse.extract.html2text import extract_plain_text

    def run(page: PageInput) -> str:
        return str(extract_plain_text(page.text, main_content=True))

    return run


def _inscriptis() -> Extract:
    from inscriptis import get_text

    def run(page: PageInput) -> str:
        return str(get_text(page.text))

    return run


PEERS: dict[str, Peer] = {
    peer.name: peer
    for peer in (
        Peer(
            "trafilatura",
            "trafilatura",
            "trafilatura",
            "trafilatura extract(), comments excluded",
            _trafilatura(),
        ),
        Peer(
            "trafilatura-fast",
            "trafilatura",
            "trafilatura",
            "trafilatura extract(fast=True): no fallback extractors",
            _trafilatura(fast=True),
        ),
        Peer(
            "readability-lxml",
            "readability-lxml",
            "readability",
            "readability-lxml Document.summary(), as text",
            _readability,
        ),
        Peer(
            "boilerpy3-article",
            "boilerpy3",
            "boilerpy3",
            "boilerpy3 ArticleExtractor (Python port of Boilerpipe)",
            _boilerpy3("ArticleExtractor"),
        ),
        Peer(
            "boilerpy3-default",
            "boilerpy3",
            "boilerpy3",
            "boilerpy3 DefaultExtractor (Python port of Boilerpipe)",
            _boilerpy3("DefaultExtractor"),
        ),
        Peer("justext-lib", "jusText", "justext", "the jusText package, English list", _justext),
        Peer("goose3", "goose3", "goose3", "goose3 cleaned_text", _goose3),
        Peer("newspaper4k", "newspaper4k", "newspaper", "newspaper4k Article.text", _newspaper4k),
        Peer(
            "resiliparse",
            "Resiliparse",
            "resiliparse",
            "resiliparse extract_plain_text(main_content=True)",
            _resiliparse,
        ),
        Peer(
            "inscriptis",
            "inscriptis",
            "inscriptis",
            "inscriptis get_text(): the whole page, a recall ceiling",
            _inscriptis,
        ),
    )
}

__all__ = ["PEERS", "Extract", "PageInput", "Peer", "page_input"]
