"""The registry of extractors: every algorithm is a named recipe of filters.

A recipe is a small factory decorated with :func:`register`; its keyword arguments are
the extractor's options and its docstring, whose first paragraph is what ``unboiler
extractors`` prints, cites the source of the method.  The registry is filled once, at
import, and never changes afterwards.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from unboiler.document import TextDocument
from unboiler.errors import ExtractorOptionError, UnknownExtractorError
from unboiler.filters import Filter

Factory = Callable[..., Filter]

_FACTORIES: dict[str, Factory] = {}


@dataclass(frozen=True)
class Extractor:
    """A configured extractor: run it on a document to set the blocks' content flags."""

    name: str
    description: str
    pipeline: Filter

    def __call__(self, document: TextDocument) -> TextDocument:
        self.pipeline(document)
        return document


def register(name: str) -> Callable[[Factory], Factory]:
    """Register ``factory`` as the recipe of the extractor called ``name``."""

    def decorate(factory: Factory) -> Factory:
        if name in _FACTORIES:
            raise ValueError(f"extractor {name!r} is registered twice")
        if not inspect.getdoc(factory):
            raise ValueError(f"extractor {name!r} needs a docstring saying what it is")
        _FACTORIES[name] = factory
        return factory

    return decorate


def describe(name: str) -> str:
    """The first paragraph of the recipe's docstring, on one line."""
    doc = inspect.getdoc(_factory(name)) or ""
    return " ".join(doc.strip().split("\n\n")[0].split())


def _factory(name: str) -> Factory:
    try:
        return _FACTORIES[name]
    except KeyError:
        known = ", ".join(sorted(_FACTORIES))
        raise UnknownExtractorError(f"no extractor named {name!r}; known: {known}") from None


def get_extractor(name: str = "default", **options: Any) -> Extractor:
    """Build the extractor ``name`` with ``options`` (its factory's keyword arguments)."""
    factory = _factory(name)
    accepted = list(inspect.signature(factory).parameters)
    unknown = [option for option in options if option not in accepted]
    if unknown:
        valid = ", ".join(accepted) or "none"
        raise ExtractorOptionError(
            f"extractor {name!r} takes no option {unknown[0]!r}; its options: {valid}"
        )
    pipeline = factory(**options)
    return Extractor(name=name, description=describe(name), pipeline=pipeline)


def extractors() -> dict[str, str]:
    """Every registered extractor's name with its one-line description, sorted by name."""
    return {name: describe(name) for name in sorted(_FACTORIES)}


__all__ = ["Extractor", "extractors", "get_extractor", "register"]
