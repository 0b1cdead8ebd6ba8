"""Extractors: named pipelines of filters.  Importing this package registers them all."""

from unboiler.extractors import boilerpipe as _boilerpipe  # noqa: F401  (registers recipes)
from unboiler.extractors.registry import Extractor, extractors, get_extractor, register

__all__ = ["Extractor", "extractors", "get_extractor", "register"]
