"""Loading datasets in each of the three shapes, by name and by path, and the errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from unboiler.datasets import (
    BENCHMARKS_ENV,
    DatasetError,
    Snippets,
    html_text,
    load_dataset,
)

DATA = Path(__file__).resolve().parent / "evaluate" / "data"


def test_gold_folder_reads_plain_and_gzipped_pages() -> None:
    dataset = load_dataset(DATA / "articles")
    assert dataset.name == "articles"
    assert [page.id for page in dataset] == ["alpha", "bravo", "charlie"]
    alpha, bravo, charlie = dataset.pages
    assert alpha.html.startswith(b"<!DOCTYPE html>")  # gunzipped
    assert alpha.url == "https://valley-gazette.example/news/river-cleanup"
    assert alpha.gold is not None and alpha.gold.startswith("River cleanup draws")
    # the raw bytes are kept as stored: decoding is the extractor's business
    assert "café".encode("cp1252") in bravo.html
    assert charlie.gold == "Open daily.\nClosed on holidays."
    assert not dataset.has_snippets


def test_pairs_folder_takes_the_text_of_expected_html() -> None:
    dataset = load_dataset(DATA / "pairs")
    assert [page.id for page in dataset] == ["first", "second"]
    first = dataset.pages[0]
    assert first.url is None
    assert b"Notes on bread" in first.html
    assert first.gold is not None
    lines = first.gold.split("\n")
    assert lines[0].startswith("Good bread needs time")
    assert "get properly hot" in lines[1]  # inline <em> does not split the line
    assert len(lines) == 2
    second = dataset.pages[1].gold or ""
    assert "Tuesday" in second and "07:49" in second


def test_snippet_file_and_folder() -> None:
    by_folder = load_dataset(DATA / "snippets")
    by_file = load_dataset(DATA / "snippets" / "snippets.json")
    assert by_folder.pages == by_file.pages
    assert by_folder.has_snippets
    pages = {page.id: page for page in by_folder}
    assert set(pages) == {"alpha", "bravo"}  # ids from the file names, the URL kept
    alpha = pages["alpha"]
    assert alpha.url == "https://valley-gazette.example/news/river-cleanup"
    assert alpha.gold is None
    assert alpha.snippets == Snippets(
        ("hundreds of volunteers", "repeat the event every spring"),
        ("Most read", "All rights reserved"),
    )
    assert alpha.html.startswith(b"<!DOCTYPE html>")


def test_subset_keeps_order() -> None:
    dataset = load_dataset(DATA / "articles")
    assert [p.id for p in dataset.subset(["charlie", "alpha"])] == ["alpha", "charlie"]


def test_named_dataset_is_looked_up_under_the_configured_root(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "benchmarks"
    (root / "readability").mkdir(parents=True)
    for name in ("first", "second"):
        target = root / "readability" / name
        target.mkdir()
        for file in ("source.html", "expected.html"):
            (target / file).write_bytes((DATA / "pairs" / name / file).read_bytes())
    monkeypatch.setenv(BENCHMARKS_ENV, str(root))
    monkeypatch.chdir(tmp_path)
    dataset = load_dataset("readability")
    assert dataset.name == "readability"
    assert len(dataset) == 2
    with pytest.raises(DatasetError, match="benchmark 'scrapinghub' not found"):
        load_dataset("scrapinghub")


def test_missing_and_malformed_datasets(tmp_path: Path) -> None:
    with pytest.raises(DatasetError, match="no dataset at"):
        load_dataset(tmp_path / "absent")
    with pytest.raises(DatasetError, match="is not a dataset"):
        load_dataset(tmp_path)
    (tmp_path / "ground-truth.json").write_text(json.dumps({"x": {"articleBody": "text"}}))
    with pytest.raises(DatasetError, match="entry 'x' is missing"):
        load_dataset(tmp_path)
    (tmp_path / "html").mkdir()
    (tmp_path / "html" / "x.html").write_text("<p>text</p>")
    (tmp_path / "ground-truth.json").write_text(json.dumps({"x": {"url": "u"}}))
    with pytest.raises(DatasetError, match="no 'articleBody'"):
        load_dataset(tmp_path)
    (tmp_path / "ground-truth.json").write_text(json.dumps({"x": {"with": "not a list"}}))
    with pytest.raises(DatasetError, match="must be a list"):
        load_dataset(tmp_path)
    (tmp_path / "ground-truth.json").write_text("[1, 2]")
    with pytest.raises(DatasetError, match="JSON object"):
        load_dataset(tmp_path)
    (tmp_path / "ground-truth.json").write_text("{broken")
    with pytest.raises(DatasetError, match="cannot read"):
        load_dataset(tmp_path)
    # a page given where a dataset is wanted: what a dataset file is, not the parser's
    # "Expecting value: line 1 column 1"
    (tmp_path / "page.html").write_text("")
    with pytest.raises(DatasetError, match="a dataset file is a JSON object") as raised:
        load_dataset(tmp_path / "page.html")
    assert "Expecting value" not in str(raised.value)


def test_html_text_skips_scripts_and_splits_blocks() -> None:
    text = html_text(b"<div>one <b>two</b><script>no</script></div><p>three</p>")
    assert text == "one two\nthree"


def test_real_benchmarks_load_when_present() -> None:
    from tests.conftest import BENCHMARKS

    if not (BENCHMARKS / "scrapinghub" / "ground-truth.json").exists():
        pytest.skip(f"benchmark data not found at {BENCHMARKS}")
    dataset = load_dataset(BENCHMARKS / "scrapinghub")
    assert len(dataset) == 181
    assert all(page.gold is not None and page.url for page in dataset)
