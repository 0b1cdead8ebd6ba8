"""`unboiler eval` end to end on the three-page fixture dataset, and its failure modes."""

from __future__ import annotations

import json
import shlex
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

import unboiler
from unboiler.cli import main
from unboiler.datasets import load_dataset
from unboiler.evaluate import peers as peer_module
from unboiler.metrics import macro_scores, shingle_counts

DATA = Path(__file__).parent / "data"
ARTICLES = DATA / "articles"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["eval", *args])
    return result.exit_code, result.stdout, result.stderr


def trained_toy(tmp_path: Path, extractor: str) -> tuple[Path, Path]:
    """The toy dataset of tests/classify and a model trained on it with `unboiler train`."""
    from tests.classify.toy import write_dataset

    toy = write_dataset(tmp_path / "toy")
    model = tmp_path / f"{extractor}.json"
    trained = CliRunner().invoke(main, ["train", str(toy), "-e", extractor, "-o", str(model)])
    assert trained.exit_code == 0, trained.output
    return toy, model


def test_eval_writes_table_json_markdown_and_plot(tmp_path: Path) -> None:
    out = tmp_path / "out"
    code, stdout, _ = run(
        str(ARTICLES),
        "-e",
        "boilerpipe-article",
        "-e",
        "boilerpipe-everything",
        "--out",
        str(out),
        "--quiet",
    )
    assert code == 0, stdout
    assert "| system | F1 | P | R |" in stdout
    assert "**boilerpipe-article**" in stdout and "**boilerpipe-everything**" in stdout

    data = json.loads((out / "results.json").read_text(encoding="utf-8"))
    assert data["dataset"] == "articles" and data["pages"] == 3
    rows = {row["name"]: row for row in data["results"]}
    assert set(rows) == {"boilerpipe-article", "boilerpipe-everything"}
    for row in rows.values():
        assert row["pages"] == 3 and row["errors"] == 0
        assert row["pages_per_second"] > 0 and row["p95_ms"] >= row["median_ms"] > 0
        assert row["peak_rss_mb"] > 0
        assert len(row["per_page"]) == 3

    # The figures are the benchmark's metric over what the library itself returns.
    dataset = load_dataset(ARTICLES)
    for name, row in rows.items():
        counts = [
            shingle_counts(
                page.gold or "", unboiler.extract(page.html, url=page.url, extractor=name)
            )
            for page in dataset
        ]
        expected = macro_scores(counts)
        assert row["quality"]["f1"]["value"] == pytest.approx(expected.f1)
        assert row["quality"]["precision"]["value"] == pytest.approx(expected.precision)
        assert row["quality"]["recall"]["value"] == pytest.approx(expected.recall)
    # Keeping everything can only raise recall and lower precision.
    everything, article = rows["boilerpipe-everything"], rows["boilerpipe-article"]
    assert everything["quality"]["recall"]["value"] >= article["quality"]["recall"]["value"]
    assert everything["quality"]["precision"]["value"] < article["quality"]["precision"]["value"]

    markdown = (out / "results.md").read_text(encoding="utf-8")
    assert "boilerpipe-everything" in markdown and "Command: `unboiler eval" in markdown
    # The command written in the report runs the same systems again.
    command = markdown.split("Command: `", 1)[1].split("`", 1)[0]
    again = tmp_path / "again"
    words = [word for word in shlex.split(command)[2:] if not word.startswith("--out")]
    assert CliRunner().invoke(main, ["eval", *words, "-q", "--out", str(again)]).exit_code == 0
    rerun = json.loads((again / "results.json").read_text(encoding="utf-8"))["results"]
    assert {row["name"] for row in rerun} == set(rows)
    assert (out / "f1-vs-speed.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_show_worst_names_the_page_and_what_was_missed_and_added() -> None:
    code, stdout, _ = run(str(ARTICLES), "-e", "boilerpipe-everything", "--show-worst", "1", "-q")
    assert code == 0
    worst = stdout.split("Worst 1 pages of boilerpipe-everything:", 1)[1]
    # Keeping everything loses nothing, so the worst page is one with boilerplate added.
    assert "missed: 0 lines" in worst
    assert "added:" in worst and "added: 0 lines" not in worst
    assert "https://" in worst


def test_snippet_dataset_is_scored_by_snippets() -> None:
    code, stdout, _ = run(str(DATA / "snippets"), "-e", "boilerpipe-article", "-q")
    assert code == 0
    assert "| system | F1 | P | R | accuracy |" in stdout


def test_a_page_that_raises_is_counted_and_the_rest_scored(tmp_path: Path) -> None:
    dataset = tmp_path / "mixed"
    shutil.copytree(ARTICLES, dataset)
    (dataset / "html" / "junk.html").write_bytes(bytes(range(256)) * 64)
    truth = json.loads((dataset / "ground-truth.json").read_text(encoding="utf-8"))
    truth["junk"] = {"articleBody": "nothing to find here at all", "url": None}
    (dataset / "ground-truth.json").write_text(json.dumps(truth), encoding="utf-8")

    code, _, _ = run(str(dataset), "-e", "boilerpipe-article", "-q", "--out", str(tmp_path))
    assert code == 0
    row = json.loads((tmp_path / "results.json").read_text(encoding="utf-8"))["results"][0]
    assert row["pages"] == 4 and row["errors"] == 1
    junk = next(page for page in row["per_page"] if page["id"] == "junk")
    assert "ExtractionError" in junk["error"]
    assert sum(page["error"] is None for page in row["per_page"]) == 3


def test_missing_dataset_is_a_message_not_a_traceback(tmp_path: Path) -> None:
    code, stdout, stderr = run(str(tmp_path / "nowhere"))
    assert code == 2
    assert "no dataset at" in stderr and "Traceback" not in stdout + stderr


def test_unknown_extractor_and_peer_are_refused() -> None:
    code, _, stderr = run(str(ARTICLES), "-e", "no-such-extractor", "-q")
    assert code == 2 and "unknown extractor 'no-such-extractor'" in stderr
    code, _, stderr = run(str(ARTICLES), "-c", "no-such-peer", "-q")
    assert code == 2 and "unknown peer 'no-such-peer'" in stderr


def test_peer_that_is_not_installed_is_skipped_with_a_note(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(peer_module.Peer, "installed", lambda self: False)
    code, stdout, _ = run(str(ARTICLES), "-e", "boilerpipe-article", "-c", "goose3", "-q")
    assert code == 0
    assert "goose3: skipped, goose3 is not installed" in stdout
    assert "| goose3 |" not in stdout


def test_cv_without_a_trained_extractor_says_so() -> None:
    code, stdout, _ = run(str(ARTICLES), "-e", "boilerpipe-article", "--cv", "2", "-q")
    assert code == 0
    assert "none of the extractors is trained" in stdout


def test_workers_cannot_reach_the_network() -> None:
    import subprocess
    import sys

    probe = (
        "import socket\n"
        "from unboiler.evaluate.runner import NetworkDisabledError, offline\n"
        "offline()\n"
        "for call in (lambda: socket.getaddrinfo('example.org', 80),\n"
        "             lambda: socket.create_connection(('192.0.2.1', 80), timeout=5)):\n"
        "    try:\n"
        "        call()\n"
        "    except NetworkDisabledError:\n"
        "        print('refused')\n"
        "a, b = socket.socketpair()\n"
        "a.sendall(b'x'); print(b.recv(1).decode())\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert done.stdout.split() == ["refused", "refused", "x"], done.stderr


def test_model_option_scores_a_trained_model_and_cv_reports_both_splits(tmp_path: Path) -> None:
    toy, model = trained_toy(tmp_path, "density-blocks")

    code, stdout, _ = run(
        str(toy),
        "-e",
        "density-blocks",
        "--model",
        str(model),
        "--cv",
        "3",
        "-q",
        "--out",
        str(tmp_path / "out"),
    )
    assert code == 0, stdout
    data = json.loads((tmp_path / "out" / "results.json").read_text(encoding="utf-8"))
    # The toy pages are easy: a model trained on them scores them almost perfectly.
    assert data["results"][0]["quality"]["f1"]["value"] > 0.9
    rows = {row["split"]: row for row in data["cross_validated"]}
    assert set(rows) == {"page", "site"}
    assert all(row["folds"] == 3 and len(row["fold_f1"]) == 3 for row in rows.values())
    assert "| **density-blocks** | by site | 3 |" in stdout


def test_model_for_another_extractor_leaves_the_system_out_with_a_note(tmp_path: Path) -> None:
    toy, model = trained_toy(tmp_path, "density")
    code, stdout, _ = run(str(toy), "-e", "density-blocks", "--model", str(model), "-q")
    assert code == 0
    assert "density-blocks: could not run" in stdout and "trained for extractor" in stdout


def test_a_model_scored_on_its_own_training_set_is_flagged(tmp_path: Path) -> None:
    toy, model = trained_toy(tmp_path, "density-blocks")
    code, stdout, _ = run(str(toy), "-e", "density-blocks", "--model", str(model), "-q")
    assert code == 0
    assert "density-blocks: its model was trained on 'toy' itself" in stdout
    code, stdout, _ = run(str(ARTICLES), "-e", "density-blocks", "--model", str(model), "-q")
    assert code == 0 and "trained on" not in stdout


def test_show_worst_explains_the_default_extractors_blocks() -> None:
    code, stdout, _ = run(str(ARTICLES), "-e", "default", "--show-worst", "1", "-q")
    assert code == 0
    worst = stdout.split("Worst 1 pages of default:", 1)[1]
    whys = [line for line in worst.splitlines() if line.strip().startswith("why:")]
    assert whys, worst
    # each reason gives the block's probability, its verdict and the page's cut
    assert all(" kept, page keeps p>=" in w or " dropped, page keeps" in w for w in whys)
