"""The default extractor's decision stage: features, page type, block probabilities,
content flags.

Kept apart from the model file's format (:mod:`unboiler.classify.default_model`) and from
training (:mod:`unboiler.classify.train_default`) so that extraction needs numpy and the
model file only.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from unboiler.classify.default_model import (
    FAVOR_MODES,
    PAGE_TYPES,
    DefaultModel,
    choose_blocks,
    favor_beta,
)
from unboiler.classify.signals import page_signals
from unboiler.document import TextDocument
from unboiler.errors import ExtractorOptionError
from unboiler.filters.preformatted import pool_preformatted, preformatted_groups


def check_favor(favor: str) -> None:
    """Refuse a ``favor`` mode the default extractor does not have."""
    if favor not in FAVOR_MODES:
        known = ", ".join(FAVOR_MODES)
        raise ExtractorOptionError(f"unknown favor mode {favor!r}; known: {known}")


@dataclass(frozen=True, eq=False, kw_only=True)
class DecideBlocks:
    """Filter: predict the page's type (:attr:`TextDocument.page_type`), then flag as
    content the blocks that maximise the page's expected F-beta of the ``favor`` mode
    and the page type (:func:`~unboiler.classify.default_model.favor_beta`,
    :func:`~unboiler.classify.default_model.choose_blocks`: none on a page where no
    block is likely content; the lines of one ``<pre>`` together, at the likeliest
    line's probability); each block keeps its own probability in
    :attr:`TextBlock.score`."""

    model: DefaultModel
    favor: str = "balanced"

    def __post_init__(self) -> None:
        check_favor(self.favor)

    def __call__(self, document: TextDocument) -> bool:
        signals = page_signals(document, spare=self.model.spare_columns)
        types, probabilities = self.model.decide(signals)
        page_type = PAGE_TYPES[int(np.argmax(types))]
        document.page_type = page_type
        blocks = document.blocks
        words = np.fromiter((block.num_words for block in blocks), np.float64, len(blocks))
        # The lines of one <pre> are decided together, at the likeliest line's probability.
        pooled = pool_preformatted(probabilities, preformatted_groups(document))
        keep = choose_blocks(pooled, words, favor_beta(self.favor, page_type))
        changed = False
        for block, probability, content in zip(
            blocks, probabilities.tolist(), keep.tolist(), strict=True
        ):
            block.score = probability
            changed = block.set_content(content) | changed
        return changed


def explain(
    document: TextDocument, model: DefaultModel, top: int = 3
) -> list[list[tuple[str, float]]]:
    """For each block of a document the default extractor has run on, the features that
    moved its score most (see :meth:`DefaultModel.explain`)."""
    return model.explain(model.decide_with_rows(page_signals(document))[2], top)


__all__ = ["DecideBlocks", "check_favor", "explain"]
