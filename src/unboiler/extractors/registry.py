"""The registry of extractors: every algorithm is a named recipe of filters.

A recipe is a small factory decorated with :func:`register`; its keyword arguments are
the extractor's options and its docstring, whose first paragraph is what ``unboiler
extractors`` prints, cites the source of the method.  The registry is filled once, at
import, and never changes afterwards.
"""

from __future__ import annotations

import functools
import inspect
import types
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from unboiler.collector import paused_collector
from unboiler.document import TextDocument
from unboiler.errors import (
    ConfigurationError,
    ExtractorOptionError,
    InputTypeError,
    UnboilerError,
    UnknownExtractorError,
)
from unboiler.filters import Filter

Factory = Callable[..., Filter]

_FACTORIES: dict[str, Factory] = {}
#: The optional extra each recipe needs beyond the core install (``visual`` for those
#: that render the page in a browser); recipes of the core are not listed.
_EXTRAS: dict[str, str] = {}


@dataclass(frozen=True)
class Extractor:
    """A configured extractor: run it on a document to set the blocks' content flags."""

    name: str
    description: str
    pipeline: Filter

    def __call__(self, document: TextDocument) -> TextDocument:
        if not isinstance(document, TextDocument):
            raise InputTypeError(
                f"an extractor runs on a parsed page (unboiler.parse(html)), not on "
                f"{type(document).__name__}; unboiler.extract(html, extractor=...) takes HTML"
            )
        with paused_collector():  # see unboiler.collector
            self.pipeline(document)
        return document


def register(name: str, *, extra: str | None = None) -> Callable[[Factory], Factory]:
    """Register ``factory`` as the recipe of the extractor called ``name``; ``extra`` names
    the optional extra it needs (its factory raises
    :class:`~unboiler.errors.ConfigurationError` when that is not installed)."""

    def decorate(factory: Factory) -> Factory:
        if name in _FACTORIES:
            raise ConfigurationError(f"extractor {name!r} is registered twice")
        if not inspect.getdoc(factory):
            raise ConfigurationError(f"extractor {name!r} needs a docstring saying what it is")
        _FACTORIES[name] = factory
        if extra is not None:
            _EXTRAS[name] = extra
        return factory

    return decorate


@functools.cache  # the registry never changes after import (see the module docstring)
def describe(name: str) -> str:
    """The first paragraph of the recipe's docstring, on one line."""
    doc = inspect.getdoc(_factory(name)) or ""
    return " ".join(doc.strip().split("\n\n")[0].split())


@functools.cache
def _parameters(name: str) -> types.MappingProxyType[str, inspect.Parameter]:
    """The recipe's options.  Kept, with :func:`describe`, because ``extract()`` builds
    its extractor on every call, and reading a signature and a docstring cost 30 µs of
    the 45 µs it takes (about 0.5% of a page)."""
    return inspect.signature(_factory(name)).parameters


def _factory(name: str) -> Factory:
    try:
        return _FACTORIES[name]
    except KeyError:
        known = ", ".join(sorted(_FACTORIES))
        raise UnknownExtractorError(f"no extractor named {name!r}; known: {known}") from None


def get_extractor(name: str = "default", **options: Any) -> Extractor:
    """Build the extractor ``name`` with ``options`` (its factory's keyword arguments).

    Options are checked here, when the extractor is built, so that a mistake is one
    :class:`ExtractorOptionError` saying what is wrong rather than a ``TypeError`` deep in
    a filter on the first page: a name the factory does not take (the message lists the
    ones it does), a value of another type than the option's annotation (see
    :func:`_check_type`), or a value the factory itself refuses (its ``ValueError``).
    """
    factory = _factory(name)
    parameters = _parameters(name)
    unknown = [option for option in options if option not in parameters]
    if unknown:
        valid = ", ".join(parameters) or "none"
        raise ExtractorOptionError(
            f"extractor {name!r} takes no option {unknown[0]!r}; its options: {valid}"
        )
    for option, value in options.items():
        _check_type(factory, name, parameters[option], value)
    try:
        pipeline = factory(**options)
    except UnboilerError:
        raise
    except (TypeError, ValueError) as error:
        raise ExtractorOptionError(f"extractor {name!r}: {error}") from error
    return Extractor(name=name, description=describe(name), pipeline=pipeline)


def _check_type(factory: Factory, name: str, parameter: inspect.Parameter, value: Any) -> None:
    """Refuse a value whose type is not the option's annotated type, when that is a class
    or a union of classes (``int``, ``str | None``); an annotation that cannot be read
    at run time (a name imported only for type checking) leaves the value to the factory.
    ``True`` is no int here, although Python counts it as one; an int is a float."""
    kinds = _annotated_types(factory, parameter.annotation)
    if kinds is None:
        return
    if isinstance(value, bool):
        fits = bool in kinds
    else:
        fits = isinstance(value, kinds) or (float in kinds and isinstance(value, int))
    if not fits:
        wanted = " or ".join("None" if kind is type(None) else kind.__name__ for kind in kinds)
        raise ExtractorOptionError(
            f"option {parameter.name!r} of extractor {name!r} takes {wanted}, not {value!r}"
        )


def _annotated_types(factory: Factory, annotation: Any) -> tuple[type, ...] | None:
    if isinstance(annotation, str):  # annotations are strings under `from __future__`
        try:
            # evaluated as inspect.get_annotations(eval_str=True) does, one at a time
            annotation = eval(annotation, getattr(factory, "__globals__", {}))
        except Exception:  # a name imported only for type checking
            return None
    if annotation is None:
        return (type(None),)
    if isinstance(annotation, type):
        return (annotation,)
    if isinstance(annotation, types.UnionType):
        members = tuple(type(None) if m is None else m for m in annotation.__args__)
        return members if all(isinstance(m, type) for m in members) else None
    return None


def extractors() -> dict[str, str]:
    """Every registered extractor's name with its one-line description, sorted by name."""
    return {name: describe(name) for name in sorted(_FACTORIES)}


def required_extra(name: str) -> str | None:
    """The optional extra the extractor ``name`` needs, or None for the core ones.

    Runs over every extractor that must be quick (the quality gate, the tests that run
    all extractors on many pages, the speed benchmark) leave out those that need an
    extra: rendering hundreds of pages in a browser takes minutes."""
    _factory(name)
    return _EXTRAS.get(name)


def core_extractors() -> list[str]:
    """The names of the extractors that need no optional extra, sorted."""
    return sorted(name for name in _FACTORIES if name not in _EXTRAS)


def option_value(text: str) -> bool | int | float | str | None:
    """An extractor option's value as a command line spells it: ``true`` or ``false``,
    ``none`` (the option's default, for an option that takes None: ``members=none``), an
    integer, a decimal number, else the text itself (a language, a path)."""
    lowered = text.strip().lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    if lowered == "none":
        return None
    if not any(char.isdigit() for char in text):  # "nan" is a language (Min Nan), not NaN
        return text
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            continue
    return text


__all__ = [
    "Extractor",
    "core_extractors",
    "extractors",
    "get_extractor",
    "option_value",
    "register",
    "required_extra",
]
