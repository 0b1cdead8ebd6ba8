"""The default extractor's decision stage: features, page type, block probabilities,
content flags.

Kept apart from the model file's format (:mod:`unboiler.classify.default_model`) and from
training (:mod:`unboiler.classify.train_default`) so that extraction needs numpy and the
model file only.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from unboiler.classify.default_model import FAVOR_MODES, PAGE_TYPES, DefaultModel
from unboiler.classify.model import ModelError
from unboiler.classify.signals import page_signals
from unboiler.document import TextDocument


@dataclass(frozen=True, eq=False, kw_only=True)
class DecideBlocks:
    """Filter: predict the page's type (:attr:`TextDocument.page_type`), then flag each
    block content when the block model's probability reaches the ``favor`` mode's
    threshold; each block keeps its probability in :attr:`TextBlock.score`."""

    model: DefaultModel
    favor: str = "balanced"

    def __post_init__(self) -> None:
        if self.favor not in FAVOR_MODES:
            raise ModelError(f"unknown favor mode {self.favor!r}; known: {', '.join(FAVOR_MODES)}")

    def __call__(self, document: TextDocument) -> bool:
        signals = page_signals(document)
        types = self.model.page_type_probabilities(signals.page)
        document.page_type = PAGE_TYPES[int(np.argmax(types))]
        if not document.blocks:
            return False
        rows = self.model.block_rows(signals.blocks, signals.page, types)
        probabilities = self.model.block_probabilities(rows)
        threshold = self.model.threshold(self.favor)
        changed = False
        for block, probability in zip(document.blocks, probabilities.tolist(), strict=True):
            block.score = probability
            changed = block.set_content(probability >= threshold) | changed
        return changed


def explain(
    document: TextDocument, model: DefaultModel, top: int = 3
) -> list[list[tuple[str, float]]]:
    """For each block of a document the default extractor has run on, the features that
    moved its score most (see :meth:`DefaultModel.explain`)."""
    signals = page_signals(document)
    types = model.page_type_probabilities(signals.page)
    return model.explain(model.block_rows(signals.blocks, signals.page, types), top)


__all__ = ["DecideBlocks", "explain"]
