"""The default extractor's rules right after the cut, in their order."""

from __future__ import annotations

import numpy as np

from unboiler.classify.decide import HEADING_COLUMN, LIST_ITEM_COLUMN, after_the_cut
from unboiler.classify.signals import block_feature_names


def test_a_kept_lists_ends_do_not_undo_a_later_rule() -> None:
    # a breadcrumb kept as a list (Home / Docs / Deploying), then the headline it copies:
    # the list rule would keep its last item, the heading rule leaves it out after it
    texts = ["Home", "Docs", "Deploying", "Deploying", "A paragraph " * 10]
    words = np.asarray([len(text.split()) for text in texts], dtype=np.float64)
    blocks = np.zeros((len(texts), len(block_feature_names())), dtype=np.float32)
    blocks[3, HEADING_COLUMN] = 1
    blocks[:3, LIST_ITEM_COLUMN] = 1
    probabilities = np.asarray([0.9, 0.9, 0.5, 0.9, 0.99])
    keep = np.asarray([True, True, False, True, True])
    lists = [[[0], [1], [2]]]
    kept = after_the_cut(keep, probabilities, blocks, texts.__getitem__, words, set(), lists)
    assert kept.tolist() == [True, True, False, True, True]
