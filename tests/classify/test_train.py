"""Training: labels from the gold text, the fitted model, the threshold chosen on the
training pages, and the `unboiler train` command."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

pytest.importorskip("sklearn", reason="training needs scikit-learn (pip install '.[train]')")

from tests.classify.toy import make_page, write_dataset

import unboiler
from unboiler.classify.model import ModelError, load_model
from unboiler.classify.train import (
    DEFAULT_THRESHOLD,
    PARAMETER_GRID,
    THRESHOLDS,
    choose,
    choose_threshold,
    collect_examples,
    fit,
    page_examples,
    page_folds,
    train_dataset,
)
from unboiler.cli import main
from unboiler.datasets import Page, load_dataset


@pytest.fixture(scope="module")
def toy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_dataset(tmp_path_factory.mktemp("toy"))


def test_labels_come_from_the_gold_text(toy: Path) -> None:
    page = load_dataset(toy).pages[0]
    examples = page_examples(page, "density-blocks")
    labelled = dict(zip(examples.texts, examples.labels.tolist(), strict=True))
    gold_paragraphs = (page.gold or "").split("\n")
    assert all(labelled[text] for text in gold_paragraphs)
    assert not labelled["Home"]
    assert sum(labelled.values()) == len(gold_paragraphs)


def test_density_examples_are_the_blocks_the_line_stage_kept(toy: Path) -> None:
    page = load_dataset(toy).pages[0]
    examples = page_examples(page, "density")
    # The menu is one markup-heavy line; the paragraphs and the footer pass the line rule,
    # so the footer is an example the classifier must learn to drop.
    assert "Home" not in examples.texts
    assert set((page.gold or "").split("\n")) <= set(examples.texts)
    assert any(text.startswith("Copyright") for text in examples.texts)


def test_page_without_gold_cannot_train() -> None:
    with pytest.raises(ModelError, match="no gold text"):
        page_examples(Page("x", b"<p>hi</p>"), "density")


def test_unknown_extractor_cannot_train() -> None:
    with pytest.raises(ModelError, match="not trainable"):
        collect_examples([], "boilerpipe-article")


def test_fitted_model_separates_article_from_boilerplate(toy: Path) -> None:
    examples = collect_examples(load_dataset(toy).pages, "density-blocks")
    model = fit(examples, extractor="density-blocks")
    html, gold = make_page(random.Random(99), site=1)  # a page it never saw
    extracted = unboiler.extract(html, extractor="density-blocks", model=model)
    # the text output separates paragraphs with a blank line
    assert [line for line in extracted.split("\n") if line] == gold.split("\n")


def test_one_class_only_gives_a_constant_model(toy: Path) -> None:
    examples = collect_examples(load_dataset(toy).pages[:2], "density-blocks")
    only_content = [
        type(e)(e.page_id, e.features, e.labels | True, e.weights, e.texts, e.gold)
        for e in examples
    ]
    model = fit(only_content, extractor="density-blocks")
    assert model.baseline > 0 and len(model.trees.roots) == 0


def test_too_few_pages_keep_the_default_threshold(toy: Path) -> None:
    examples = collect_examples(load_dataset(toy).pages[:3], "density-blocks")
    assert choose_threshold(examples, extractor="density-blocks") == DEFAULT_THRESHOLD


def test_threshold_is_chosen_among_the_candidates(toy: Path) -> None:
    examples = collect_examples(load_dataset(toy).pages, "density-blocks")
    assert choose_threshold(examples, extractor="density-blocks") in THRESHOLDS


def test_tree_size_and_threshold_are_chosen_on_the_training_pages(toy: Path) -> None:
    examples = collect_examples(load_dataset(toy).pages, "density-blocks")
    choice = choose(examples, extractor="density-blocks")
    assert choice.parameters in PARAMETER_GRID
    assert choice.threshold in THRESHOLDS
    assert 0.9 < choice.f1 <= 1.0


def test_exported_trees_agree_with_scikit_learn(toy: Path) -> None:
    from sklearn.ensemble import HistGradientBoostingClassifier

    from unboiler.classify.train import BOOSTING, export_trees

    examples = collect_examples(load_dataset(toy).pages, "density-blocks")
    rows = np.vstack([e.features for e in examples])
    labels = np.concatenate([e.labels for e in examples])
    classifier = HistGradientBoostingClassifier(**{**BOOSTING, "max_iter": 20}).fit(rows, labels)
    trees, baseline = export_trees(classifier)
    ours = 1 / (1 + np.exp(-(baseline + trees.leaf_sum(rows))))
    assert np.allclose(ours, classifier.predict_proba(rows)[:, 1], atol=1e-9)


def test_a_wrong_export_is_refused(toy: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import unboiler.classify.train as training

    real = training.export_trees

    def shifted(classifier):  # type: ignore[no-untyped-def]
        trees, baseline = real(classifier)
        return trees, baseline + 1.0

    monkeypatch.setattr(training, "export_trees", shifted)
    examples = collect_examples(load_dataset(toy).pages, "density-blocks")
    with pytest.raises(ModelError, match="disagree"):
        fit(examples, extractor="density-blocks")


def test_page_folds_are_seeded_and_cover_every_page() -> None:
    ids = [f"p{i}" for i in range(10)]
    folds = page_folds(ids, 3, seed=1)
    assert sorted(i for fold in folds for i in fold) == ids
    assert folds == page_folds(list(reversed(ids)), 3, seed=1)
    assert folds != page_folds(ids, 3, seed=2)


def test_trained_model_records_dataset_and_command(toy: Path) -> None:
    model = train_dataset(str(toy), extractor="density")
    assert model.trained_on["dataset"] == toy.name
    assert model.trained_on["pages"] == 12
    assert model.trained_on["parameters"]["max_leaf_nodes"] in {
        p["max_leaf_nodes"] for p in PARAMETER_GRID
    }
    assert model.trained_on["command"].startswith(f"unboiler train {toy}")


def test_snippet_dataset_cannot_train(tmp_path: Path) -> None:
    (tmp_path / "page.html").write_text("<p>hello</p>", encoding="utf-8")
    snippets = {"https://a.example/": {"file": "page.html", "with": ["hello"]}}
    (tmp_path / "snippets.json").write_text(json.dumps(snippets), encoding="utf-8")
    with pytest.raises(ModelError, match="no gold text"):
        train_dataset(str(tmp_path))


def test_train_command_writes_a_model_that_extract_uses(toy: Path, tmp_path: Path) -> None:
    out = tmp_path / "toy-model.json"
    runner = CliRunner()
    result = runner.invoke(main, ["train", str(toy), "--out", str(out), "-e", "density-blocks"])
    assert result.exit_code == 0, result.output
    assert load_model(out, extractor="density-blocks").trained_on["dataset"] == toy.name
    html, gold = make_page(random.Random(5), site=2)
    page = tmp_path / "page.html"
    page.write_text(html, encoding="utf-8")
    result = runner.invoke(
        main, ["extract", str(page), "-e", "density-blocks", "--model", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert [line for line in result.output.strip().split("\n") if line] == gold.split("\n")


def test_train_command_reports_a_missing_dataset(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        main, ["train", str(tmp_path / "nothing"), "--out", str(tmp_path / "m.json")]
    )
    assert result.exit_code == 2
    assert "no dataset" in result.output


def test_extract_refuses_a_model_for_another_extractor(toy: Path, tmp_path: Path) -> None:
    out = tmp_path / "m.json"
    CliRunner().invoke(main, ["train", str(toy), "--out", str(out), "-e", "density"])
    page = tmp_path / "page.html"
    page.write_text(make_page(random.Random(1), 0)[0], encoding="utf-8")
    result = CliRunner().invoke(
        main, ["extract", str(page), "-e", "density-blocks", "--model", str(out)]
    )
    assert result.exit_code == 2
    assert "trained for extractor 'density'" in result.output


def test_stage_ceiling_of_the_toy_pages(toy: Path) -> None:
    from unboiler.classify.train import stage_ceiling

    pages = load_dataset(toy).pages
    # The density stage keeps the paragraphs and the footer line: full recall, and a
    # perfect classifier after it drops the footer.
    ceiling = stage_ceiling(pages, "density")
    assert ceiling.stage.recall == pytest.approx(1.0)
    assert ceiling.stage.precision < 1.0
    assert ceiling.perfect.f1 == pytest.approx(1.0)


def test_ceiling_on_the_command_line(toy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from unboiler.evaluate.crossval import main as crossval_main

    assert crossval_main([str(toy), "-e", "density-blocks", "--ceiling"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2
    assert "stage alone" in lines[0] and "perfect" in lines[1] and "F1=1.000" in lines[1]
