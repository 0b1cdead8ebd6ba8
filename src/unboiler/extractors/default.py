"""The default extractor: learned per-block decisions over everything the document
computes (ours; see :mod:`unboiler.classify.signals` for the evidence it weighs and
:mod:`unboiler.classify.train_default` for how it was trained)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from unboiler.errors import ExtractorOptionError
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
    members: int | None = None,
) -> Filter:
    """Learned per-block decisions (ours): a page-type classifier (WCXB's seven types) and
    a boosted-tree block classifier over Boilerpipe's, jusText's and the tree filter's
    evidence, landmarks and class words, trained on wcxb, scrapinghub and readability;
    reads <noscript> when the page's content is only there, and a product's JSON-LD
    description when the page's text has none of it; on pages other than articles and
    documentation, text kept twice is kept once (outside a quotation when a copy is), and
    on every page a copy the page hides at some width (a mobile and a desktop copy of a
    section) is left out; a quotation whose text is left out loses its attribution ("Ann
    said:") too, and one mostly kept is kept whole (an embedded post's author); a
    button's label is left out, unless it heads an accordion or asks a question, and so are
    a tooltip's text, a heading over nothing but buttons and an advertisement's label;
    readers' contributions (an article's comments, a product's reviews, a forum post's
    signature), with the headings just above them, a forum poster's profile fields
    ("Joined:", "Posts:" beside each post), a hidden schema.org box of the
    page's metadata, and short copies of a kept heading above it (a breadcrumb's last
    item, a sidebar's link to the page) are left out;
    the lines of a <pre> or of a heading, the cells of a table row and a line cut at a
    formula, an inline icon, microdata or a form control, a field's name and value
    (the two elements of one parent) and the lines of one element are decided together,
    a likely
    run between two kept siblings is kept, a list most of whose items are kept keeps
    its likely items at its ends, and a table dropped whole beside kept text (an
    answer's table under its paragraph) is kept.
    favor= balanced, precision or recall; model= a file from `unboiler train` (default:
    the packaged model); drop_repeats=False keeps repeated text; members= how many of the
    model's members decide, from the first (default: all; the packaged model has three,
    and one alone is about a fifth faster: held out, WCXB 0.881 against 0.881,
    scrapinghub 0.962 against 0.966, readability 0.959 against 0.962)."""
    from unboiler.classify.decide import DecideBlocks, check_favor
    from unboiler.classify.default_model import DefaultModel, load_default_model
    from unboiler.filters.contributions import drop_contributions_filter
    from unboiler.filters.controls import drop_control_labels
    from unboiler.filters.profiles import drop_profile_fields
    from unboiler.filters.repeats import DropRepeatedContent
    from unboiler.filters.structured import (
        add_product_description,
        add_recipe,
        drop_hidden_metadata,
    )
    from unboiler.filters.units import (
        drop_quotation_remnants_filter,
        keep_quotations_whole_filter,
        keep_whole_preformatted,
    )
    from unboiler.parse import reveal_noscript

    check_favor(favor)  # before the model is read: a typo is the caller's first problem
    loaded = load_default_model(model)
    if members is not None:
        if not 1 <= members <= len(loaded.members):
            raise ExtractorOptionError(
                f"members must be from 1 to {len(loaded.members)} (the model's members), "
                f"not {members}"
            )
        loaded = DefaultModel(loaded.members[:members], loaded.trained_on)
    steps: list[Filter] = [reveal_noscript, DecideBlocks(model=loaded, favor=favor)]
    if drop_repeats:
        steps.append(DropRepeatedContent())
    steps += [
        drop_quotation_remnants_filter,
        keep_quotations_whole_filter,
        drop_control_labels,
        drop_contributions_filter,
        drop_profile_fields,
        drop_hidden_metadata,
        keep_whole_preformatted,
        add_product_description,
        add_recipe,
    ]
    return chain(*steps)
