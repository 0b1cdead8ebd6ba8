"""The default extractor: learned per-block decisions over everything the document
computes (ours; see :mod:`unboiler.classify.signals` for the evidence it weighs and
:mod:`unboiler.classify.train_default` for how it was trained)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from unboiler.extractors.registry import register
from unboiler.filters import Filter, chain

if TYPE_CHECKING:
    from unboiler.classify.default_model import DefaultModel


@register("default")
def default(
    *,
    favor: str = "balanced",
    model: str | Path | DefaultModel | None = None,
    drop_repeats: bool = True,
) -> Filter:
    """Learned per-block decisions (ours): a page-type classifier (WCXB's seven types) and
    a boosted-tree block classifier over Boilerpipe's, jusText's and the tree filter's
    evidence, landmarks and class words, trained on wcxb, scrapinghub and readability;
    reads <noscript> when the page's content is only there, and a product's JSON-LD
    description when the page's text has none of it; on pages other than articles and
    documentation, text kept twice is kept once; the lines of a <pre>, the cells of a
    table row and a line cut at a formula or an inline icon are decided together.
    favor= balanced, precision or recall; model= a file from `unboiler train` (default:
    the packaged model); drop_repeats=False keeps repeated text."""
    from unboiler.classify.decide import DecideBlocks, check_favor
    from unboiler.classify.default_model import load_default_model
    from unboiler.filters.repeats import DropRepeatedContent
    from unboiler.filters.structured import add_product_description
    from unboiler.filters.units import keep_whole_preformatted
    from unboiler.parse import reveal_noscript

    check_favor(favor)  # before the model is read: a typo is the caller's first problem
    steps: list[Filter] = [
        reveal_noscript,
        DecideBlocks(model=load_default_model(model), favor=favor),
    ]
    if drop_repeats:
        steps.append(DropRepeatedContent())
    steps += [keep_whole_preformatted, add_product_description]
    return chain(*steps)
