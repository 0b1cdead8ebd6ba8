"""Extractors: named pipelines of filters.

Every module of this package registers its recipes when imported, and this package imports
them all, so adding a method is adding a module: nothing else needs to know about it.
"""

import importlib
import pkgutil

from unboiler.extractors.registry import Extractor, extractors, get_extractor, register

for _module in pkgutil.iter_modules(__path__):
    if _module.name != "registry":
        importlib.import_module(f"{__name__}.{_module.name}")

__all__ = ["Extractor", "extractors", "get_extractor", "register"]
