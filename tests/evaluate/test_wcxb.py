"""WCXB in `unboiler eval`: the loader on a four-page copy of its shape, the figures by
page type and the snippet rates of a made-up run, and the command end to end."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from tests.conftest import BENCHMARKS

import unboiler
from unboiler.cli import main
from unboiler.datasets import (
    BENCHMARKS_ENV,
    Dataset,
    DatasetError,
    GoldMeta,
    Page,
    Snippets,
    load_dataset,
)
from unboiler.evaluate.report import Report, markdown, table, type_table, worst_pages
from unboiler.evaluate.runner import PageRun, SystemRun, SystemSpec
from unboiler.evaluate.scoring import score
from unboiler.metrics import wordbag_macro, wordbag_scores

MINI = Path(__file__).parent / "data" / "wcxb-mini"
WCXB = BENCHMARKS / "wcxb"


# --------------------------------------------------------------------------- loader


def test_mini_wcxb_loads_every_field() -> None:
    dataset = load_dataset(MINI)
    assert dataset.name == "wcxb-mini"
    assert dataset.metric == "wordbag"
    assert not dataset.has_snippets  # scored by gold text, the snippets come on top
    assert [page.id for page in dataset] == ["0001", "0002", "0003", "0004"]
    article, forum, product, listing = dataset.pages
    assert [page.page_type for page in dataset] == ["article", "forum", "product", "listing"]
    assert article.url == "https://www.harbour-news.example/2026/03/ferry-returns"
    assert article.html.startswith(b"<!DOCTYPE html>")  # gunzipped
    assert article.gold is not None
    assert article.gold.startswith("Ferry returns to the island\n\nAfter two winters")
    assert article.gold_markdown is not None and article.gold_markdown.startswith("# Ferry")
    assert article.gold_meta == GoldMeta("Ferry returns to the island", "Ana Ruiz", "2026-03-02")
    assert article.snippets == Snippets(
        ("made its first trip to the island", "trained three young crew members"),
        ("Most read", "All rights reserved"),
    )
    # The domain is the one metadata.json states, not the URL's host.
    assert forum.site == "gardeners.example"
    assert product.site == "harbour-news.example"
    assert forum.gold_meta == GoldMeta("Tomato leaves curling", None, None)
    # A page without `main_content` has empty gold text, and no Markdown.
    assert listing.gold == "" and listing.gold_markdown is None
    assert listing.snippets == Snippets((), ("Copyright 2026",))


def test_page_type_falls_back_to_metadata(tmp_path: Path) -> None:
    # 0003's ground-truth file has no `_internal.page_type`; metadata.json says "product".
    assert "page_type" not in json.loads((MINI / "dev/ground-truth/0003.json").read_text())
    assert load_dataset(MINI).pages[2].page_type == "product"
    # Without metadata.json, no type and no domain for it.
    copy = tmp_path / "bare"
    shutil.copytree(MINI / "dev", copy)
    pages = load_dataset(copy).pages
    assert pages[2].page_type is None and pages[2].site is None
    assert pages[0].page_type == "article"


def test_split_folder_and_named_lookup(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    split = load_dataset(MINI / "dev")  # metadata.json is found in the folder above
    assert split.metric == "wordbag" and split.pages == load_dataset(MINI).pages
    root = tmp_path / "benchmarks"
    shutil.copytree(MINI, root / "wcxb")
    monkeypatch.setenv(BENCHMARKS_ENV, str(root))
    monkeypatch.chdir(tmp_path)
    named = load_dataset("wcxb")
    assert named.name == "wcxb" and len(named) == 4 and named.metric == "wordbag"


def test_subset_keeps_the_metric() -> None:
    subset = load_dataset(MINI).subset(["0002"])
    assert [page.id for page in subset] == ["0002"] and subset.metric == "wordbag"


def test_broken_wcxb_folders_say_what_is_wrong(tmp_path: Path) -> None:
    folder = tmp_path / "broken"
    shutil.copytree(MINI, folder)
    (folder / "dev/html/0002.html.gz").unlink()
    with pytest.raises(DatasetError, match=r"the page is missing .*0002\.html"):
        load_dataset(folder)
    shutil.rmtree(folder)
    shutil.copytree(MINI, folder)
    entry = json.loads((folder / "dev/ground-truth/0002.json").read_text())
    entry["ground_truth"]["with"] = "not a list"
    (folder / "dev/ground-truth/0002.json").write_text(json.dumps(entry))
    with pytest.raises(DatasetError, match="must be a list"):
        load_dataset(folder)
    # Ground-truth files without WCXB's schema_version are not taken for WCXB.
    other = tmp_path / "other"
    (other / "ground-truth").mkdir(parents=True)
    (other / "ground-truth" / "x.json").write_text('{"text": "hello"}')
    with pytest.raises(DatasetError, match="is not a dataset"):
        load_dataset(other)


def test_pages_stay_plain_frozen_data() -> None:
    import pickle

    page = load_dataset(MINI).pages[0]
    assert pickle.loads(pickle.dumps(page)) == page
    hash(page)  # frozen all the way down: hashable
    with pytest.raises(AttributeError):
        page.site = "elsewhere"  # type: ignore[misc]


# --------------------------------------------------------------------------- scoring


def _fake_run() -> tuple[Dataset, SystemRun]:
    """Three pages, two articles and a forum, each with a known extraction."""
    pages = (
        Page(
            "a1",
            b"",
            gold="alpha beta gamma delta",
            snippets=Snippets(("alpha beta",), ("Subscribe",)),
            page_type="article",
        ),
        Page(
            "a2",
            b"",
            gold="one two three four",
            snippets=Snippets(("three four",), ("menu",)),
            page_type="article",
        ),
        Page(
            "f1",
            b"",
            gold="first post reply",
            snippets=Snippets(("first post",), ("menu",)),
            page_type="forum",
        ),
    )
    texts = {"a1": "alpha beta gamma delta", "a2": "one two", "f1": "first post reply menu"}
    run = SystemRun(
        SystemSpec("boilerpipe-article", "unboiler"),
        "v",
        [PageRun(page.id, texts[page.id], 0.01) for page in pages],
        busy_seconds=[0.03],
    )
    return Dataset("fake", pages, metric="wordbag"), run


def test_figures_by_type_and_snippet_rates_of_a_made_up_run() -> None:
    dataset, run = _fake_run()
    result = score(run, dataset)
    # Per page F1: a1 1, a2 (P 1, R 1/2) 2/3, f1 (P 3/4, R 1) 6/7.
    assert result.quality["f1"].value == pytest.approx((1 + 2 / 3 + 6 / 7) / 3)
    assert result.quality["precision"].value == pytest.approx((1 + 1 + 3 / 4) / 3)
    assert result.quality["recall"].value == pytest.approx((1 + 1 / 2 + 1) / 3)
    assert result.quality["exact"].value == pytest.approx(1 / 3)
    assert list(result.by_type) == ["article", "forum"]  # most pages first
    assert result.by_type["article"]["f1"].value == pytest.approx(5 / 6)
    assert result.by_type["forum"]["f1"].value == pytest.approx(6 / 7)
    # `with`: "alpha beta" and "first post" found, "three four" missed; `without`:
    # "menu" leaked on the forum page only.
    assert result.quality["with_found"].value == pytest.approx(2 / 3)
    assert result.quality["without_found"].value == pytest.approx(1 / 3)
    assert result.by_type["forum"]["without_found"].value == pytest.approx(1.0)
    assert "char_f1" not in result.quality
    forum = result.per_page[2]
    assert forum["page_type"] == "forum" and forum["without_found"] == 1
    assert forum["f1"] == pytest.approx(6 / 7)


def test_tables_of_a_wordbag_report() -> None:
    dataset, run = _fake_run()
    report = Report(
        "fake",
        3,
        "cmd",
        1,
        [score(run, dataset)],
        metric="wordbag",
        page_types={"article": 2, "forum": 1},
    )
    head = table(report).splitlines()[0]
    assert head.startswith("| system | F1 | P | R | exact | with ↑ | without ↓ | pages/s")
    assert type_table(report).splitlines() == [
        "| system | all (3) | article (2) | forum (1) |",
        "|---|---|---|---|",
        "| **boilerpipe-article** | 0.841 | 0.833 | 0.857 |",
    ]
    text = markdown(report)
    assert "WCXB's metric" in text and "F1 by page type" in text
    assert "char F1" not in text
    # Without page types there is no second table.
    assert type_table(Report("x", 3, "cmd", 1, [score(run, dataset)])) == ""


def test_worst_pages_of_a_wcxb_run_show_the_type_and_the_missed_gold() -> None:
    dataset, run = _fake_run()
    worst = worst_pages(score(run, dataset), run, dataset, 1)
    assert "a2  [article]" in worst
    assert "missed: 1 line" in worst and "one two three four" in worst


# --------------------------------------------------------------------------- command


def test_eval_on_a_wcxb_folder_end_to_end(tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = CliRunner().invoke(
        main,
        ["eval", str(MINI), "-e", "boilerpipe-article", "-q", "--out", str(out)],
    )
    assert result.exit_code == 0, result.output
    assert "| system | F1 | P | R | exact | with ↑ | without ↓ |" in result.stdout
    assert "| system | all (4) | article (1) | forum (1) | listing (1) | product (1) |" in (
        result.stdout
    )
    data = json.loads((out / "results.json").read_text(encoding="utf-8"))
    assert data["metric"] == "wordbag"
    assert data["page_types"] == {"article": 1, "forum": 1, "listing": 1, "product": 1}
    row = data["results"][0]
    assert [page["page_type"] for page in row["per_page"]] == [
        "article",
        "forum",
        "product",
        "listing",
    ]
    dataset = load_dataset(MINI)
    expected = wordbag_macro(
        [
            wordbag_scores(
                page.gold or "",
                unboiler.extract(page.html, url=page.url, extractor="boilerpipe-article"),
            )
            for page in dataset
        ]
    )
    assert row["quality"]["f1"]["value"] == pytest.approx(expected.f1)
    assert row["quality"]["precision"]["value"] == pytest.approx(expected.precision)
    assert set(row["by_type"]) == {"article", "forum", "listing", "product"}


def test_show_worst_on_a_wcxb_folder() -> None:
    result = CliRunner().invoke(
        main, ["eval", str(MINI), "-e", "boilerpipe-article", "-q", "--show-worst", "1"]
    )
    assert result.exit_code == 0, result.output
    assert "Worst 1 pages of boilerpipe-article:" in result.stdout


# --------------------------------------------------------------------------- real data


def test_real_wcxb_loads_when_present() -> None:
    if not (WCXB / "metadata.json").exists():
        pytest.skip(f"WCXB benchmark not found at {WCXB}")
    dataset = load_dataset(WCXB)
    assert len(dataset) == 1355 and dataset.metric == "wordbag"
    counts: dict[str | None, int] = {}
    for page in dataset:
        counts[page.page_type] = counts.get(page.page_type, 0) + 1
    # The counts its README gives.
    assert counts == {
        "article": 711,
        "service": 164,
        "forum": 110,
        "listing": 98,
        "product": 92,
        "collection": 91,
        "documentation": 89,
    }
    assert all(page.site and page.url and page.snippets is not None for page in dataset)
