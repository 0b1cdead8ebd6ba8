"""The default extractor's model: its file format, its checks on load, training it end
to end with `unboiler train`, and what its decisions carry."""

from __future__ import annotations

import dataclasses
import itertools
import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st
from tests.classify.toy import make_page, write_dataset

import unboiler
from unboiler.classify.decide import explain
from unboiler.classify.default_model import (
    DEFAULT_MODEL_FORMAT,
    DEFAULT_MODEL_VERSION,
    FAVOR_BETA,
    FAVOR_MODES,
    MIN_PROBABILITY,
    PAGE_FLOOR,
    PAGE_TYPES,
    SHORT_PAGE_WORDS,
    TYPE_BETA,
    choose_blocks,
    default_model_from_json,
    expected_f_choice,
    favor_beta,
    load_default_model,
    model_feature_names,
    refine_feature_names,
)
from unboiler.classify.model import ModelError
from unboiler.classify.signals import SIGNALS_VERSION, page_feature_names
from unboiler.cli import main


@pytest.fixture(scope="module")
def toy_model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = write_dataset(tmp_path_factory.mktemp("toy") / "toy", pages=12)
    out = folder.parent / "model.json"
    result = CliRunner().invoke(main, ["train", str(folder), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "default model" in result.output
    return out


def test_packaged_model_loads_and_says_what_it_is() -> None:
    model = load_default_model()
    assert model.members and all(m.page_types.classes == len(PAGE_TYPES) for m in model.members)
    assert model.trained_on["members"] == len(model.members)
    assert "unboiler train" in model.trained_on["command"]
    raw = json.loads(
        (Path(unboiler.__file__).parent / "data" / "default-model.json").read_text("utf-8")
    )
    assert raw["format"] == DEFAULT_MODEL_FORMAT
    assert raw["format_version"] == DEFAULT_MODEL_VERSION
    assert raw["signals_version"] == SIGNALS_VERSION
    assert raw["block_features"] == model_feature_names()


def test_packaged_model_is_small() -> None:
    path = Path(unboiler.__file__).parent / "data" / "default-model.json"
    assert path.stat().st_size < 5_000_000


def _model_json(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text("utf-8"))
    return data


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(format="something-else"), "not an unboiler default"),
        (lambda d: d.update(format_version=DEFAULT_MODEL_VERSION + 1), "format version"),
        (lambda d: d.update(signals_version=SIGNALS_VERSION + 1), "features version"),
        (lambda d: d.update(page_features=page_feature_names()[:-1]), "retrain"),
        (lambda d: d.update(page_types=list(reversed(PAGE_TYPES))), "retrain"),
        (lambda d: d["members"][0]["block_model"]["features"][0].__setitem__(0, 10**9), "damaged"),
        (lambda d: d["members"][-1]["block_model"]["values"].pop(), "damaged"),
        (lambda d: d["members"][0]["refine_model"].pop("bias"), "damaged"),
        (lambda d: d["members"][0]["page_type_model"].update(scale="x"), "damaged"),
        (lambda d: d["members"].clear(), "no members"),
        (lambda d: d.pop("members"), "no members"),
    ],
)
def test_refuses_a_model_made_for_something_else(
    toy_model: Path, change: Any, message: str
) -> None:
    data = _model_json(toy_model)
    change(data)
    with pytest.raises(ModelError, match=message):
        default_model_from_json(data)


def test_trained_model_round_trips(toy_model: Path, tmp_path: Path) -> None:
    model = load_default_model(toy_model)
    again = tmp_path / "again.json"
    model.save(again)
    reloaded = load_default_model(again)
    rows = np.random.default_rng(0).normal(size=(20, len(model_feature_names())))
    assert len(reloaded.members) == len(model.members) == 3
    for member, again_member in zip(model.members, reloaded.members, strict=True):
        assert np.array_equal(member.blocks.scores(rows), again_member.blocks.scores(rows))
    assert reloaded.trained_on == model.trained_on


def test_trained_model_extracts_the_article_of_an_unseen_page(toy_model: Path) -> None:
    import random

    html, gold = make_page(random.Random(99), site=9)
    text = unboiler.extract(html, extractor=unboiler.get_extractor("default", model=toy_model))
    for paragraph in gold.split("\n"):
        assert paragraph in text
    assert "Share on Facebook" not in text
    assert "All rights reserved" not in text


def test_cli_extract_with_model(toy_model: Path, tmp_path: Path) -> None:
    import random

    html, gold = make_page(random.Random(5), site=2)
    page = tmp_path / "page.html"
    page.write_text(html, encoding="utf-8")
    result = CliRunner().invoke(main, ["extract", str(page), "--model", str(toy_model)])
    assert result.exit_code == 0, result.output
    assert gold.split("\n")[0] in result.output


def test_expected_f_choice_by_hand() -> None:
    words = np.array([9.0, 9.0, 9.0])  # ten words each, counting the one added
    # Expected content words 9, 8, 3 of 20: the top one gives 2*9/(10+20) = 0.6, the top
    # two 2*17/(20+20) = 0.85, all three 2*20/(30+20) = 0.8.
    assert expected_f_choice(np.array([0.9, 0.8, 0.3]), words).tolist() == [True, True, False]
    # With 4.5 of 21.5: the top two give 34/41.5 = 0.819, all three 43/51.5 = 0.835.
    assert expected_f_choice(np.array([0.45, 0.9, 0.8]), words).tolist() == [True, True, True]
    # F2 weighs recall: (1+4)*17/(20+4*20) = 0.85 < 5*20/(30+80) = 0.909.
    recall = expected_f_choice(np.array([0.9, 0.8, 0.3]), words, beta=2.0)
    assert recall.tolist() == [True, True, True]
    assert not expected_f_choice(np.array([MIN_PROBABILITY / 2] * 3), words).any()
    assert expected_f_choice(np.zeros(0), np.zeros(0)).shape == (0,)


@given(
    st.lists(
        st.tuples(st.floats(MIN_PROBABILITY, 1.0), st.integers(0, 50)),
        min_size=1,
        max_size=8,
    ),
    st.sampled_from(sorted(FAVOR_BETA.values())),
)
def test_expected_f_choice_is_the_best_set(blocks: list[tuple[float, int]], beta: float) -> None:
    """No subset of the blocks has a higher expected F-beta than the one chosen, found by
    trying them all (probabilities above the floor, which only removes blocks)."""
    probabilities = np.array([p for p, _ in blocks])
    words = np.array([float(w) for _, w in blocks])
    weights = words + 1.0
    total = float((probabilities * weights).sum())
    squared = beta * beta

    def expected(keep: list[bool]) -> float:
        gained = sum(p * w for p, w, k in zip(probabilities, weights, keep, strict=True) if k)
        size = sum(w for w, k in zip(weights, keep, strict=True) if k)
        return (1 + squared) * gained / (size + squared * total) if size else 0.0

    chosen = expected_f_choice(probabilities, words, beta)
    best = max(
        expected([bool(mask >> i & 1) for i in range(len(blocks))])
        for mask in range(1, 1 << len(blocks))
    )
    assert expected(chosen.tolist()) >= best - 1e-9


@given(
    st.lists(
        st.tuples(st.floats(0.0, 1.0, allow_subnormal=False), st.integers(0, 500)),
        min_size=1,
        max_size=40,
    )
)
def test_a_larger_beta_keeps_a_superset(blocks: list[tuple[float, int]]) -> None:
    """Precision keeps no block balanced drops, and balanced none that recall drops: the
    score of a longer top-k gains relative to a shorter one as beta grows."""
    probabilities = np.array([p for p, _ in blocks])
    words = np.array([float(w) for _, w in blocks])
    chosen = [expected_f_choice(probabilities, words, beta) for beta in (0.5, 1.0, 2.0)]
    for smaller, larger in itertools.pairwise(chosen):
        assert not (smaller & ~larger).any()


def test_expected_f_choice_floor_and_inputs() -> None:
    words = np.array([9.0, 9.0, 9.0])
    # A doubtful page under F2: expected words 1.5, 1.2, 0.9 of 3.6 (b² 3.6 = 14.4); the
    # top two score 5*2.7/(20+14.4) = 0.392, all three 5*3.6/(30+14.4) = 0.405, so the
    # ratio keeps all three, and the floor removes the one under MIN_PROBABILITY.
    recall = expected_f_choice(np.array([0.15, 0.12, 0.09]), words, beta=2.0)
    assert recall.tolist() == [True, True, False]
    assert 0.09 < MIN_PROBABILITY < 0.12
    # a probability that is not a number keeps nothing; shapes must agree
    with_nan = expected_f_choice(np.array([0.9, np.nan, 0.8]), words)
    assert with_nan.tolist() == [True, False, True]
    with pytest.raises(ValueError):
        expected_f_choice(np.array([0.9, 0.8]), words)


def test_a_page_without_a_likely_block_keeps_nothing() -> None:
    words = np.array([40.0, 3.0, 12.0])
    doubtful = np.array([0.3, 0.45, 0.2])
    # The expected-F rule alone keeps the page's least unlikely blocks ...
    assert expected_f_choice(doubtful, words).any()
    # ... the page floor none, in every mode.
    for beta in FAVOR_BETA.values():
        assert not choose_blocks(doubtful, words, beta).any()
    # One block at the floor is enough: the rule chooses as before.
    likely = np.array([0.3, PAGE_FLOOR, 0.2])
    for beta in FAVOR_BETA.values():
        chosen = choose_blocks(likely, words, beta)
        assert chosen.tolist() == expected_f_choice(likely, words, beta).tolist()
        assert chosen[1]
    assert not choose_blocks(np.array([np.nan, np.nan]), np.array([15.0, 15.0])).any()
    assert choose_blocks(np.zeros(0), np.zeros(0)).shape == (0,)
    with pytest.raises(ValueError):
        choose_blocks(np.array([0.2, 0.1]), words)


def test_a_short_page_with_nothing_chosen_is_kept_whole() -> None:
    doubtful = np.array([0.3, 0.1, 0.05])
    for beta in FAVOR_BETA.values():
        # at most SHORT_PAGE_WORDS words: every block, even those under MIN_PROBABILITY
        short = np.array([SHORT_PAGE_WORDS - 2.0, 1.0, 1.0])
        assert choose_blocks(doubtful, short, beta).tolist() == [True, True, True]
        # one word more: nothing, as on any page without a likely block
        longer = np.array([SHORT_PAGE_WORDS - 1.0, 1.0, 1.0])
        assert not choose_blocks(doubtful, longer, beta).any()
    # a short page where the model chose something keeps only its choice
    likely = np.array([0.9, 0.02, 0.02])
    assert choose_blocks(likely, np.array([5.0, 2.0, 2.0])).tolist() == [True, False, False]


def test_a_short_page_of_navigation_alone_is_no_note() -> None:
    # a menu, the header of a page cut before its article: nothing, not the menu
    doubtful = np.array([0.3, 0.1, 0.05])
    words = np.array([2.0, 1.0, 1.0])
    assert not choose_blocks(doubtful, words, 1.0, chrome=words.copy()).any()
    # one word outside the navigation makes it a note again, kept whole
    chrome = np.array([2.0, 1.0, 0.0])
    assert choose_blocks(doubtful, words, 1.0, chrome=chrome).all()
    # the default extractor on such a page
    menu = (
        '<html><body><header><p class="site-title"><a href="/">Lokalzeitung Musterstadt</a>'
        '</p><nav><ul><li><a href="/politik">Politik</a></li><li><a href="/sport">Sport</a>'
        "</li></ul></nav></header></body></html>"
    )
    assert unboiler.extract(menu) == ""


def test_articles_are_cut_for_precision() -> None:
    # Every mode weighs precision more on an article than on any other page type, and
    # the modes keep their order on every type.
    for kind in PAGE_TYPES:
        betas = [favor_beta(mode, kind) for mode in ("precision", "balanced", "recall")]
        assert betas == sorted(betas) and len(set(betas)) == 3
    assert favor_beta("balanced", "article") < 1.0
    assert {kind: favor_beta("balanced", kind) for kind in PAGE_TYPES if kind != "article"} == (
        dict.fromkeys(PAGE_TYPES[1:], 1.0)
    )
    assert set(TYPE_BETA) <= set(PAGE_TYPES)
    # A sure block of 100 words and a doubtful one of 40: F1 keeps both, an article's
    # F-beta the sure one only (worked by hand from the expected-F formula: 0.90 > 0.88
    # for F1, 0.86 < 0.91 for F0.6).
    probabilities, words = np.array([0.95, 0.5]), np.array([100.0, 40.0])
    assert choose_blocks(probabilities, words, favor_beta("balanced", "forum")).tolist() == [
        True,
        True,
    ]
    assert choose_blocks(probabilities, words, favor_beta("balanced", "article")).tolist() == [
        True,
        False,
    ]


@pytest.mark.parametrize(
    ("kind", "head", "kept", "shown"),
    [
        ("article", "", [True, False], "article"),
        ("forum", "", [True, True], "forum"),
        # a page whose own JSON-LD says it is a thread is decided as a forum
        ("article", '{"@type": "QAPage"}', [True, True], "forum"),
        ("article", '[{"@type": "NewsArticle"}, {"@type": "QAPage"}]', [True, False], "article"),
    ],
)
def test_the_decision_reads_the_predicted_page_type(
    kind: str, head: str, kept: list[bool], shown: str
) -> None:
    from unboiler.classify.decide import DecideBlocks
    from unboiler.classify.default_model import Decision
    from unboiler.parse import parse

    class Stub:
        """A model whose page type and block probabilities are given."""

        spare_columns = 0

        def decide(self, signals: object) -> Decision:
            types = np.zeros(len(PAGE_TYPES))
            types[PAGE_TYPES.index(kind)] = 1.0
            return Decision(PAGE_TYPES.index(kind), types, np.array([0.95, 0.5]))

    sure = " ".join(["word"] * 100)
    doubtful = " ".join(["other"] * 40)
    script = f'<script type="application/ld+json">{head}</script>' if head else ""
    document = parse(
        f"<html><head>{script}</head><body><p>{sure}</p><div><p>{doubtful}</p></div></body></html>"
    )
    assert [block.num_words for block in document.blocks] == [100, 40]
    DecideBlocks(model=Stub())(document)  # type: ignore[arg-type]
    assert document.page_type == shown
    assert [block.is_content for block in document.blocks] == kept


def test_the_decision_keeps_a_definitions_value_that_a_heading_below_repeats() -> None:
    # "Module manager" / "Dr Karim Djemame" over the staff card headed by the same name:
    # the extractor's heading-copies rule leaves the value alone; a breadcrumb's copy
    # of the heading goes
    from unboiler.classify.decide import DecideBlocks
    from unboiler.classify.default_model import Decision
    from unboiler.parse import parse

    html = (
        "<html><body><p>Staff</p><dl><dt>Module manager</dt><dd>Dr Karim Djemame</dd></dl>"
        "<p>This module introduces the principles of systems whose parts coordinate only "
        "by passing messages, with a lab each week and a project at the end.</p>"
        "<h2>Staff</h2><h3>Dr Karim Djemame</h3><p>Office hours on Monday and Thursday "
        "afternoons, in room 2.14 of the Bragg building.</p></body></html>"
    )
    document = parse(html)

    class Stub:
        """A model sure of every block."""

        spare_columns = 0

        def decide(self, signals: object) -> Decision:
            types = np.zeros(len(PAGE_TYPES))
            types[PAGE_TYPES.index("documentation")] = 1.0
            return Decision(
                PAGE_TYPES.index("documentation"), types, np.full(len(document.blocks), 0.95)
            )

    DecideBlocks(model=Stub())(document)  # type: ignore[arg-type]
    dropped = [block.text for block in document.blocks if not block.is_content]
    assert dropped == ["Staff"]
    # and held out, as the extractor decides it
    from unboiler.classify import train_default
    from unboiler.datasets import Page

    data = train_default.page_data(Page("p", html.encode(), gold="x"), "toy")
    kept = train_default.HeldOut(
        [data], [PAGE_TYPES.index("documentation")], [np.full(len(data.words), 0.95)]
    ).kept_text(0)
    assert "Module manager\nDr Karim Djemame\nThis module" in kept, kept
    assert not kept.startswith("Staff")


def test_favor_modes_keep_nested_sets(toy_model: Path) -> None:
    import random

    html, _ = make_page(random.Random(7), site=3)
    kept = {}
    for mode in FAVOR_MODES:
        document = unboiler.parse(html)
        unboiler.get_extractor("default", model=toy_model, favor=mode)(document)
        kept[mode] = {i for i, block in enumerate(document.blocks) if block.is_content}
    assert kept["precision"] <= kept["balanced"] <= kept["recall"]


def test_each_block_carries_its_score_and_an_explanation(toy_model: Path) -> None:
    import random

    html, _ = make_page(random.Random(3), site=1)
    model = load_default_model(toy_model)
    document = unboiler.parse(html)
    unboiler.get_extractor("default", model=model)(document)
    assert all(block.score is not None for block in document.blocks)
    kept = [block.score for block in document.blocks if block.is_content]
    dropped = [block.score for block in document.blocks if not block.is_content]
    assert kept and min(kept) >= max(dropped, default=0.0)  # type: ignore[type-var]
    assert min(kept) >= MIN_PROBABILITY  # type: ignore[type-var]
    reasons = explain(document, model)
    assert len(reasons) == len(document.blocks)
    names = set(refine_feature_names())
    assert any(reasons)
    assert all(name in names for reason in reasons for name, _ in reason)


def test_unknown_favor_mode_is_refused() -> None:
    with pytest.raises(unboiler.UnboilerError, match="favor"):
        unboiler.get_extractor("default", favor="speed")


def test_scoring_in_pieces_gives_the_same_scores(
    toy_model: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A page with more blocks than are scored at once (bounded memory) gets the scores
    it would get in one piece, to the rounding of the last bits: numpy adds the trees'
    values of a piece of a few rows in another order (pairwise) than of a wide one."""
    from unboiler.classify import default_model

    model = load_default_model(toy_model)
    rows = np.random.default_rng(1).normal(size=(50, len(model_feature_names())))
    blocks = model.members[0].blocks
    whole = blocks.scores(rows)
    monkeypatch.setattr(default_model, "SCORING_ROWS", 7)
    np.testing.assert_allclose(blocks.scores(rows), whole, rtol=0, atol=1e-12)
    np.testing.assert_allclose(blocks.scores(rows[:7]), whole[:7], rtol=0, atol=1e-12)
    # a wrong piece (a row scored twice, or another's score) is far beyond that
    assert np.abs(np.roll(whole, 1) - whole).max() > 1e-6


def _contributions_reference(ensemble: Any, rows: np.ndarray, width: int) -> np.ndarray:
    """Saabas attribution walked tree by tree and row by row: the slow, obvious version."""
    result = np.zeros((len(rows), width))
    leaves = ensemble.leaves(rows).T
    trees, depth = ensemble.features.shape
    indices = np.arange(1 << depth)
    for tree in range(trees):
        values = ensemble.values[tree, :, 0]
        weights = ensemble.weights[tree] + 1e-12
        for row, leaf in enumerate(leaves[:, tree].tolist()):
            before = float(np.average(values, weights=weights))
            for level in range(depth):
                mask = (1 << (level + 1)) - 1
                same = (indices & mask) == (leaf & mask)
                after = float(np.average(values[same], weights=weights[same]))
                result[row, ensemble.features[tree, level]] += (after - before) * ensemble.scale
                before = after
    return result


def test_contributions_match_the_tree_by_tree_walk() -> None:
    model = load_default_model().members[-1]
    width = len(refine_feature_names())
    rows = np.random.default_rng(3).normal(size=(5, width))
    fast = model.refine.contributions(rows, width)
    assert np.allclose(fast, _contributions_reference(model.refine, rows, width), atol=1e-9)
    first = len(model_feature_names())
    fast1 = model.blocks.contributions(rows[:, :first], first)
    assert np.allclose(fast1, _contributions_reference(model.blocks, rows[:, :first], first))
    assert np.abs(fast).sum() > 0


def test_decide_in_the_signals_own_rows_equals_decide_on_whole_rows() -> None:
    """``decide`` writes its rows into the room left in the signals' array
    (``spare_columns``) and gives the trees the page's features once; the probabilities
    are exactly those of :meth:`decide_with_rows`, whose rows repeat them in every row
    (as in training), and of ``decide`` on signals without room."""
    from unboiler.classify.signals import BLOCK_FEATURES, CONTEXT_FEATURES, page_signals
    from unboiler.parse import parse

    model = load_default_model()
    html = (Path(__file__).parents[1] / "pages" / "default" / "sidebar-vs-post.html").read_text()
    whole = model.decide_with_rows(page_signals(parse(html)))
    roomy_signals = page_signals(parse(html), spare=model.spare_columns)
    roomy = model.decide(roomy_signals)
    plain = model.decide(page_signals(parse(html)))
    assert roomy_signals.rows is not None
    assert roomy_signals.rows.shape[1] == len(BLOCK_FEATURES) + len(CONTEXT_FEATURES)
    decided, member_rows = whole
    assert len(member_rows) == len(model.members)
    assert all(rows.shape[1] == len(refine_feature_names()) for rows in member_rows)
    probabilities = decided.probabilities
    assert len(probabilities) > 20 and 0.0 < probabilities.min() < 0.5 < probabilities.max() < 1
    for result in (roomy, plain):
        assert result.page_type == decided.page_type
        assert np.array_equal(result.types, decided.types)
        assert np.array_equal(result.probabilities, probabilities)


def test_cross_validate_holds_each_page_out_with_its_site(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every page is predicted by a model trained without its site (``group_folds``),
    one probability per block; ``predict_fold`` alone gives the same figures for its
    fold as the whole run (the resumable runs of ``benchmarks/visual_cv.py`` use it)."""
    from unboiler.classify import train_default
    from unboiler.datasets import load_dataset

    pages = train_default.collect([load_dataset(write_dataset(tmp_path / "toy", pages=12))])
    # two members of small trees: the full model's fits cost over a minute here, and
    # what is checked (which pages each model saw) does not depend on the trees' size
    for boosting in (train_default.BLOCK_BOOSTING, train_default.REFINE_BOOSTING):
        monkeypatch.setitem(boosting, "iterations", 30)
    held = train_default.cross_validate(pages, folds=4, seed=0, members=2)
    folds = train_default.group_folds(pages, 4, seed=0)
    for fold in folds:
        assert not {pages[i].group for i in fold} & {
            page.group for i, page in enumerate(pages) if i not in fold
        }
    for page, scores in zip(pages, held.probabilities, strict=True):
        assert len(scores) == len(page.blocks) and ((scores >= 0) & (scores <= 1)).all()
    alone = train_default.predict_fold(pages, folds[1], seed=0, members=2)
    assert sorted(alone) == sorted(folds[1])
    for i, (kind, scores) in alone.items():
        assert kind == held.predicted_types[i] and np.array_equal(scores, held.probabilities[i])
    # the members' runs, made apart and combined, are the whole model's run
    runs = [
        train_default.cross_validate(pages, folds=4, seed=0, model_seed=k, members=1)
        for k in range(2)
    ]
    combined = train_default.combine(runs)
    assert combined.predicted_types == held.predicted_types
    for together, apart in zip(held.probabilities, combined.probabilities, strict=True):
        np.testing.assert_allclose(together, apart, rtol=0, atol=1e-12)
    first, second = runs[0].probabilities, runs[1].probabilities
    assert not all(np.array_equal(a, b) for a, b in zip(first, second, strict=True))
    with pytest.raises(ModelError, match="same pages"):
        train_default.combine([runs[0], dataclasses.replace(runs[1], pages=runs[1].pages[::-1])])


def test_a_held_out_page_without_a_url_is_decided_as_the_extractor_decides_it() -> None:
    """Training reads a page's URL, or none; held out, a page without one is decided
    with the address it declares, as :class:`DecideBlocks` decides it."""
    import random

    from unboiler.classify import train_default
    from unboiler.classify.decide import deciding_signals
    from unboiler.classify.signals import page_signals
    from unboiler.datasets import Page
    from unboiler.parse import parse, reveal_noscript

    html, gold = make_page(random.Random(3), site=1)
    html = html.replace("<head>", '<head><link rel="canonical" href="/forum/topic/12">')
    bare = train_default.page_data(Page("p", html.encode(), gold=gold), "toy")
    assert bare.at_inference is not None and bare.deciding is bare.at_inference
    document = parse(html)
    reveal_noscript(document)
    assert np.array_equal(bare.deciding.page, deciding_signals(document).page)
    assert not np.array_equal(bare.deciding.page, bare.signals.page)
    assert np.array_equal(bare.signals.page, page_signals(document).page)
    given = train_default.page_data(
        Page("p", html.encode(), url="https://example.org/news/12", gold=gold), "toy"
    )
    assert given.at_inference is None and given.deciding is given.signals


def test_a_held_out_page_reads_whether_it_says_it_is_a_thread() -> None:
    """The rules after the model take a thread that the model calls an article for a
    forum (:func:`~unboiler.classify.decide.declared_type`); held out, the page's data
    says so, and its kept text is the forum's."""
    import random

    from unboiler.classify import train_default
    from unboiler.datasets import Page

    html, gold = make_page(random.Random(3), site=1)
    plain = train_default.page_data(Page("p", html.encode(), gold=gold), "toy")
    thread = html.replace(
        "<head>",
        '<head><script type="application/ld+json">{"@type": "QAPage"}</script>',
    )
    page = train_default.page_data(Page("p", thread.encode(), gold=gold), "toy")
    assert page.thread and not plain.thread
    article, forum = PAGE_TYPES.index("article"), PAGE_TYPES.index("forum")
    probabilities = [np.linspace(0.05, 0.95, len(page.words))]

    def kept(data: train_default.PageData, kind: int) -> str:
        return train_default.HeldOut([data], [kind], probabilities).kept_text(0)

    assert kept(page, article) == kept(page, forum)
    assert kept(plain, article) != kept(plain, forum)


def test_a_held_out_page_keeps_each_cards_own_value() -> None:
    """Held out, a listing's cards keep their values as the extractor does
    (:func:`~unboiler.filters.repeats.value_slots`, in the page's data)."""
    from unboiler.classify import train_default
    from unboiler.datasets import Page

    cards = "".join(
        f"<li class='card'><div class='body'><h3>{name} job opening in the city</h3>"
        f"<div class='meta'><span class='kind'>{kind}</span></div></div></li>"
        for name, kind in [("Nurse", "Full time"), ("Cook", "Part time"), ("Driver", "Full time")]
    )
    html = f"<html><body><ul class='jobs'>{cards}</ul></body></html>"
    page = train_default.page_data(Page("p", html.encode(), gold="x"), "toy")
    slots = dict(page.values)
    kinds = [i for i, text in enumerate(page.texts) if text.endswith(" time")]
    assert len(kinds) == 3 and len({slots[i] for i in kinds}) == 1
    probabilities = [np.full(len(page.words), 0.9)]
    listing = PAGE_TYPES.index("listing")
    text = train_default.HeldOut([page], [listing], probabilities).kept_text(0)
    assert text.count("Full time") == 2
    bare = dataclasses.replace(page, values=())
    assert (
        train_default.HeldOut([bare], [listing], probabilities).kept_text(0).count("Full time") == 1
    )


@pytest.mark.parametrize("page", ["", "<html><body><img src='x.png'></body></html>", "<p> </p>"])
def test_a_page_without_text_has_no_page_type(page: str) -> None:
    result = unboiler.extract_result(page)
    assert result.text == "" and result.page_type is None
    assert json.loads(unboiler.extract(page, output="json"))["page_type"] is None


def test_page_types_are_voted_and_the_first_member_breaks_a_three_way_tie() -> None:
    from unboiler.classify.default_model import vote

    def first(kind: int) -> np.ndarray:
        probabilities = np.full(len(PAGE_TYPES), 0.1)
        probabilities[kind] = 0.4
        return probabilities

    assert vote([first(3)]) == 3
    assert vote([first(0), first(5), first(5)]) == 5
    assert vote([first(6), first(2), first(6)]) == 6
    assert vote([first(4), first(1), first(2)]) == 4
    assert vote([first(4), first(1), first(2), first(1)]) == 1


def test_a_model_of_several_members_averages_their_probabilities(toy_model: Path) -> None:
    """Each member alone is a model; the whole model's block probabilities are their
    mean and its page-type probabilities too."""
    from unboiler.classify.default_model import DefaultModel
    from unboiler.classify.signals import page_signals
    from unboiler.parse import parse

    model = load_default_model(toy_model)
    html = (Path(__file__).parents[1] / "pages" / "default" / "sidebar-vs-post.html").read_text()
    alone = [DefaultModel((member,)).decide(page_signals(parse(html))) for member in model.members]
    together = model.decide(page_signals(parse(html)))
    expected = np.mean([decision.probabilities for decision in alone], axis=0)
    np.testing.assert_allclose(together.probabilities, expected, rtol=0, atol=1e-15)
    np.testing.assert_allclose(
        together.types, np.mean([d.types for d in alone], axis=0), rtol=0, atol=1e-15
    )
    # the members differ (their seeds), or the mean would prove nothing
    assert not np.array_equal(alone[0].probabilities, alone[1].probabilities)


def test_the_members_option_decides_with_the_first_members() -> None:
    """``members=1`` is the first member alone: the same probabilities as a model made
    of it, and other than the whole model's."""
    from unboiler.classify.decide import DecideBlocks
    from unboiler.classify.default_model import DefaultModel
    from unboiler.parse import parse

    html = (Path(__file__).parents[1] / "pages" / "default" / "sidebar-vs-post.html").read_text()
    whole = load_default_model()
    assert len(whole.members) == 3

    def scores(extractor: Any) -> list[float | None]:
        document = parse(html)
        extractor(document)
        return [block.score for block in document.blocks]

    first = DecideBlocks(model=DefaultModel(whole.members[:1]))
    one = scores(unboiler.get_extractor("default", members=1))
    assert one == scores(first)
    assert one != scores(unboiler.get_extractor("default"))
    assert scores(unboiler.get_extractor("default", members=3)) == scores(
        unboiler.get_extractor("default")
    )


@pytest.mark.parametrize("members", [0, 4, -1])
def test_the_members_option_refuses_a_count_the_model_does_not_have(members: int) -> None:
    with pytest.raises(unboiler.ExtractorOptionError, match="members must be from 1 to 3"):
        unboiler.get_extractor("default", members=members)
