"""Text density of source lines, then a trained classifier ("The Easy Way to Extract
Useful Text from Arbitrary HTML", ai-depot; as implemented and measured by Sujit Pal,
"Extracting Useful Text from HTML", 2009).

The classifier is imported when an extractor is built, not when unboiler is, so numpy and
the model file are read only by those who use these extractors.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from unboiler.extractors.registry import register
from unboiler.filters import Filter, chain

if TYPE_CHECKING:
    from unboiler.classify.model import BlockModel


def _recipe(name: str, model: str | Path | BlockModel | None) -> Filter:
    from unboiler.classify.model import LINE_STAGES, ClassifyBlocks, load_model

    return chain(LINE_STAGES[name], ClassifyBlocks(load_model(model, extractor=name)))


@register("density")
def density(model: str | Path | BlockModel | None = None) -> Filter:
    """Text-density line filter (lines of 60+ text characters whose density is above 0.5
    minus the standard deviation), then a trained content/boilerplate classifier over the
    blocks those lines cover (ai-depot "The Easy Way"; Pal 2009).  model= a file from
    `unboiler train`; default: the packaged model (its data: data/density-models.card.json).

    The published method, literally: pages served on a few long lines (minified templates)
    have no line dense enough, so nothing of them is kept; see ``density-blocks``.  That
    caps what any classifier after it can reach (benchmarks/results/density.md).
    """
    return _recipe("density", model)


@register("density-blocks")
def density_blocks(model: str | Path | BlockModel | None = None) -> Filter:
    """Variant of density: the same line rule on lines cut at every block-level tag, and
    the classifier deciding every block with the line rule's verdict as one feature (ours,
    after Pal 2009).  model= a file from `unboiler train --extractor density-blocks`;
    default: the packaged model (data/density-models.card.json)."""
    return _recipe("density-blocks", model)
