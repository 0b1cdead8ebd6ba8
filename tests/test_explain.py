"""unboiler.explain: the filter-by-filter replay must keep exactly what the extractor
keeps, and name the filter or the model evidence that decided."""

from __future__ import annotations

import numpy as np
import pytest
from tests.conftest import PAGES

import unboiler
from unboiler.explain import explain_extraction
from unboiler.extractors.registry import core_extractors

BLOG = (PAGES / "blog.html").read_bytes()


def _kept_parts(document: unboiler.TextDocument) -> list[str]:
    return [" ".join(p.split()) for b in document.blocks if b.is_content for p in b.parts]


@pytest.mark.parametrize("name", core_extractors())
@pytest.mark.parametrize("page", ["blog.html", "tree-article.html", "justext-article.html"])
def test_replay_keeps_what_the_extractor_keeps(name: str, page: str) -> None:
    document = unboiler.parse((PAGES / page).read_bytes())
    explanation = explain_extraction(document, name)
    reference = document.copy()
    unboiler.get_extractor(name)(reference)
    kept = [" ".join(b.text.split()) for b in explanation.blocks if b.kept]
    assert kept == _kept_parts(reference)
    # the parsed document itself is untouched, and every parsed block is explained
    assert not any(block.is_content for block in document.blocks)
    parsed = [b for b in explanation.blocks if not b.added]
    assert [b.text for b in parsed] == [b.text for b in document.blocks]


def test_boilerpipe_reasons_name_the_recipes_filters() -> None:
    document = unboiler.parse(BLOG)
    explanation = explain_extraction(document, "boilerpipe-article")
    recipe = {name for name, _ in explanation.filters}
    assert "num_words_rules_classifier" in recipe
    for block in explanation.blocks:
        assert block.decided_by is None or block.decided_by in recipe
        assert block.reason.startswith(("kept by", "dropped", "removed by"))
        if block.kept:
            assert any(step.change == "content" for step in block.steps)
    title = [b for b in explanation.blocks if "title" in b.labels]
    assert title and title[0].text == "Notes on sourdough at altitude"
    menu = next(b for b in explanation.blocks if b.text.startswith("Flour & Field"))
    assert not menu.kept and menu.link_density == 1.0
    assert menu.tag_path.startswith("html/body/div")


def test_default_reasons_are_the_models_probability_and_features() -> None:
    from unboiler.classify.default_model import model_feature_names

    document = unboiler.parse(BLOG)
    explanation = explain_extraction(document, "default")
    reference = document.copy()
    unboiler.get_extractor("default")(reference)
    names = set(model_feature_names())
    for block, scored in zip(explanation.blocks, reference.blocks, strict=True):
        assert block.probability == pytest.approx(scored.score)
        assert block.decided_by == "DecideBlocks()"
        assert block.features and all(name in names for name, _, _ in block.features)
        assert f"p(content) {block.probability:.2f}" in block.reason
    assert explanation.page_type == reference.page_type


def test_to_dict_is_json_ready() -> None:
    import json

    explanation = explain_extraction(unboiler.parse(BLOG), "justext")
    data = json.loads(json.dumps(explanation.to_dict()))
    assert data["extractor"] == "justext"
    assert len(data["blocks"]) == len(explanation.blocks)
    assert "node" not in data["blocks"][0]


def test_options_go_to_the_named_extractor() -> None:
    with pytest.raises(unboiler.ExtractorOptionError):
        explain_extraction(unboiler.parse(BLOG), "boilerpipe-article", depth=2)
    tree = explain_extraction(unboiler.parse(BLOG), "boilerpipe-tree", depth=3)
    assert tree.extractor == "boilerpipe-tree"


def test_a_model_reason_names_the_pages_cut() -> None:
    from unboiler.explain import Step, _ModelReason, _reason

    model = _ModelReason(probability=0.65, features=(("any_footer", 1.0, -0.5),), context=())
    dropped = Step(filter="DecideBlocks()", change="boilerplate")
    kept = Step(filter="DecideBlocks()", change="content")
    # below the cut: the model's own choice
    assert _reason(False, dropped, model, 0.70) == (
        "dropped by DecideBlocks(): p(content) 0.65 (the page's cut 0.70); any_footer -0.50"
    )
    # above it and dropped, or below it and kept: a rule of the decision did it
    assert "above the page's cut 0.60: left out by a rule" in _reason(False, dropped, model, 0.60)
    assert "below the page's cut 0.70: kept by a rule" in _reason(True, kept, model, 0.70)
    # no model decision on the page: no cut to show
    assert _reason(False, dropped, model) == (
        "dropped by DecideBlocks(): p(content) 0.65; any_footer -0.50"
    )


@pytest.mark.parametrize("favor", ["balanced", "precision", "recall"])
@pytest.mark.parametrize("page", ["forum-vbulletin-fr.html", "cjk-news-ja.html", "blocks.html"])
def test_the_pages_cut_is_the_models_choice_not_what_the_rules_kept(page: str, favor: str) -> None:
    # the rules after the choice keep a post's slots, a <pre>'s lines, a list's ends
    # below the choice's cut; a cut read from what the stage ended with was lower, and
    # blocks the choice never took read as left out by a rule.  The choice pools a
    # unit's blocks (a table row, a <pre>) at its likeliest one's, as DecideBlocks does
    from unboiler.classify.decide import chrome_words, deciding_signals, model_choice
    from unboiler.classify.default_model import PAGE_TYPES, favor_beta, load_default_model
    from unboiler.filters.units import decision_units

    document = unboiler.parse((PAGES / page).read_bytes())
    explanation = explain_extraction(document, favor=favor)
    model = load_default_model()
    signals = deciding_signals(document, spare=model.spare_columns)
    decision = model.decide(signals)
    words = np.array([block.num_words for block in document.blocks], dtype=np.float64)
    beta = favor_beta(favor, PAGE_TYPES[decision.page_type])
    code, rows = decision_units(document)
    chrome = chrome_words(signals.blocks, words)
    chosen, pooled = model_choice(decision.probabilities, words, beta, code, rows, chrome)
    cut = f"the page's cut {pooled[chosen].min():.2f}"
    reasons = [block.reason for block in explanation.blocks if block.probability is not None]
    assert reasons and all(cut in reason for reason in reasons), {r[:90] for r in reasons}


def test_a_block_kept_below_the_cut_says_a_rule_kept_it() -> None:
    # blocks.html's list item at 0.57 is kept with its list, below the choice's 0.60
    explanation = explain_extraction(unboiler.parse((PAGES / "blocks.html").read_bytes()))
    item = next(block for block in explanation.blocks if block.text == "One item")
    assert item.kept and "below the page's cut" in item.reason, item.reason
    # the rule is named: the last step of the decision that changed the block
    assert "kept by a rule (lines between kept ones)" in item.reason, item.reason


def test_the_rule_that_decided_a_block_is_named() -> None:
    from unboiler.classify.decide import deciding_rules

    model = np.array([True, False, True, False])
    slots = np.array([True, True, True, False])
    contents = np.array([True, True, False, False])
    trace = [("the model", model), ("slots", slots), ("contents", contents)]
    assert deciding_rules(trace) == [None, "slots", "contents", None]
    assert deciding_rules([]) == []
    # a later filter names itself; the model's stage names its rule
    from unboiler.explain import Step, _ModelReason, _reason

    reason = _ModelReason(probability=0.65, features=(), context=(), rule="slots")
    dropped = Step(filter="DropRepeatedContent()", change="boilerplate")
    later = _reason(False, dropped, reason, 0.6)
    assert later.startswith("dropped by DropRepeatedContent(): p(content) 0.65, above the page's")
    assert "by a rule" not in later
    kept = Step(filter="DecideBlocks()", change="content")
    assert "kept by a rule (slots)" in _reason(True, kept, reason, 0.7)
    unit = _ModelReason(probability=0.65, features=(), context=())
    assert "a unit decided whole" in _reason(True, kept, unit, 0.7)
