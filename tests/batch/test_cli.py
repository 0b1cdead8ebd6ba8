"""`unboiler batch` as a user runs it: the CLI end to end, and Ctrl-C in a real process."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from tests.batch.helpers import good_record, page, require, warc_record, write_jsonl, write_warc
from tests.batch.test_run import slow_page

from unboiler.batch.sinks import read_records
from unboiler.cli import main


def test_warc_and_jsonl_to_standard_output(tmp_path: Path) -> None:
    warc = write_warc(
        tmp_path / "a.warc.gz",
        [
            good_record(0),
            warc_record(
                "https://example.org/x.pdf", b"%PDF", content_type="application/pdf", number=1
            ),
            good_record(2),
        ],
        compressed=True,
    )
    jsonl = write_jsonl(tmp_path / "b.jsonl", [{"id": "j", "html": page(5).decode()}, "{not json"])
    run = CliRunner().invoke(main, ["batch", str(warc), str(jsonl), "-w", "1", "--ordered"])
    assert run.exit_code == 0, run.output
    assert "2 with errors (1 not-html, 1 unreadable)" in run.stderr
    records = [json.loads(line) for line in run.stdout.splitlines()]
    assert [r["url"] for r in records[:3]] == [
        "https://example.org/0",
        "https://example.org/x.pdf",
        "https://example.org/2",
    ]
    assert "Story number 0" in records[0]["text"] and records[0]["error"] is None
    assert records[0]["record_date"] == "2024-05-01T10:00:00Z"
    assert "not HTML" in records[1]["error"] and records[1]["text"] is None
    assert records[1]["error_type"] == "not-html" and records[0]["error_type"] is None
    assert records[3]["id"] == "j" and "Story number 5" in records[3]["text"]
    assert "not JSON" in records[4]["error"] and records[4]["error_type"] == "unreadable"


def test_the_summary_counts_empty_pages_and_files_not_read(tmp_path: Path) -> None:
    pages = tmp_path / "pages"
    pages.mkdir()
    (pages / "good.html").write_bytes(page(1))
    (pages / "empty.html").write_bytes(b"")
    (pages / "script.html").write_bytes(b"<html><body><script>load()</script></body></html>")
    (pages / "page.php").write_bytes(page(2))
    run = CliRunner().invoke(main, ["batch", str(pages), "-w", "0"])
    assert run.exit_code == 0, run.output
    assert "3 pages" in run.stderr and "0 with errors, 2 without content" in run.stderr
    assert "1 file of the directories not read" in run.stderr
    assert f"(first: {pages / 'page.php'})" in run.stderr
    records = [json.loads(line) for line in run.stdout.splitlines()]
    assert sorted(r["text"] != "" for r in records) == [False, False, True]


def test_resume_skips_what_is_done(tmp_path: Path) -> None:
    pages = tmp_path / "pages"
    pages.mkdir()
    for number in range(3):
        (pages / f"{number}.html").write_bytes(page(number))
    out = tmp_path / "out.jsonl"
    runner = CliRunner()
    first = runner.invoke(main, ["batch", str(pages / "0.html"), "--out", str(out), "-w", "0"])
    assert first.exit_code == 0, first.output
    second = runner.invoke(main, ["batch", str(pages), "--out", str(out), "--resume", "-w", "1"])
    assert second.exit_code == 0, second.output
    assert "2 pages" in second.stderr and "1 skipped" in second.stderr
    ids = sorted(r["id"] for r in read_records(out))
    assert ids == sorted(str(pages / f"{n}.html") for n in range(3))


@pytest.mark.parametrize("suffix", [".jsonl", ".parquet"])
def test_ids_and_urls_no_utf8_can_hold_are_written_escaped(tmp_path: Path, suffix: str) -> None:
    # a file name of Latin-1 bytes, and a JSONL url holding an escaped lone surrogate:
    # the first stopped the batch at the sink, and --resume stopped at it again
    if suffix == ".parquet":
        require("pyarrow", "batch")
    pages = tmp_path / "pages"
    pages.mkdir()
    for name in (b"a.html", b"caf\xe9.html"):
        (pages / os.fsdecode(name)).write_bytes(page(1))
    records = tmp_path / "records.jsonl"
    records.write_text(
        '{"html": "<p>first page</p>", "id": "one"}\n'
        '{"html": "<p>second page</p>", "id": "two", "url": "http://ex.com/\\udc80"}\n',
        encoding="utf-8",
    )
    out = tmp_path / f"out{suffix}"
    runner = CliRunner()
    first = runner.invoke(main, ["batch", str(pages), str(records), "--out", str(out), "-w", "1"])
    assert first.exit_code == 0, first.output
    written = {r["id"]: r for r in read_records(out)}
    assert sorted(written) == sorted(
        [str(pages / "a.html"), str(pages / "caf\\udce9.html"), "one", "two"]
    )
    assert written["two"]["url"] == "http://ex.com/\\udc80"
    assert all(r["error"] is None for r in written.values())
    if suffix == ".jsonl":  # nothing done again, nothing written twice
        again = runner.invoke(
            main, ["batch", str(pages), str(records), "--out", str(out), "--resume", "-w", "1"]
        )
        assert again.exit_code == 0, again.output
        assert len(list(read_records(out))) == 4


def test_parquet_markdown_with_metadata(tmp_path: Path) -> None:
    require("pyarrow", "batch")
    warc = write_warc(tmp_path / "a.warc", [good_record(n) for n in range(4)])
    out = tmp_path / "out.parquet"
    run = CliRunner().invoke(
        main,
        ["batch", str(warc), "-O", str(out), "-o", "markdown", "--with-metadata", "-w", "2", "-q"],
    )
    assert run.exit_code == 0, run.output
    records = sorted(read_records(out), key=lambda r: r["url"])
    assert records[0]["markdown"].startswith("# Story number 0")
    assert records[0]["title"] == "Story number 0" and records[0]["error"] is None


def test_a_directory_of_text_files(tmp_path: Path) -> None:
    warc = write_warc(tmp_path / "a.warc", [good_record(n) for n in range(2)])
    run = CliRunner().invoke(main, ["batch", str(warc), "-O", str(tmp_path / "out") + "/", "-q"])
    assert run.exit_code == 0, run.output
    texts = sorted((tmp_path / "out").glob("*.txt"))
    assert len(texts) == 2 and "Story number" in texts[0].read_text(encoding="utf-8")


def test_usage_errors_are_clear(tmp_path: Path) -> None:
    runner = CliRunner()
    missing = runner.invoke(main, ["batch", str(tmp_path / "none.warc")])
    assert missing.exit_code == 2 and "no such file" in missing.output
    wrong = runner.invoke(main, ["batch", str(tmp_path), "-e", "nope"])
    assert wrong.exit_code == 2


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_ctrl_c_leaves_a_complete_output(tmp_path: Path, stop: signal.Signals) -> None:
    """SIGINT (Ctrl-C) or SIGTERM (``kill``, ``timeout``) to a real `unboiler batch`
    mid-run: exit 130, every line whole JSON, and a Parquet file that reads."""
    require("pyarrow", "batch")
    records = [{"id": f"p{n}", "html": page(n).decode()} for n in range(6)]
    records += [{"id": f"slow{n}", "html": slow_page(8000).decode()} for n in range(30)]
    source = write_jsonl(tmp_path / "in.jsonl", records)
    for name in ("out.jsonl.gz", "out.parquet"):
        out = tmp_path / name
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "unboiler.cli",
                "batch",
                str(source),
                "-O",
                str(out),
                "-w",
                "1",
                "--ordered",
                "--page-timeout",
                "60",
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
            # as from a terminal: a shell starts background jobs with SIGINT ignored,
            # and an ignored signal stays ignored across exec, so a test run started
            # with `&` would otherwise see the batch run to its end
            preexec_fn=_default_sigint,
        )
        deadline = time.monotonic() + 60
        stderr = b""
        while time.monotonic() < deadline and _pages_done(stderr) < 7:
            time.sleep(0.1)
            stderr += os.read(process.stderr.fileno(), 65536) if _readable(process) else b""
        process.send_signal(stop)
        _, rest = process.communicate(timeout=60)
        assert process.returncode == 130, (stderr + rest).decode()
        assert b"interrupted" in stderr + rest
        done = list(read_records(out))
        assert len(done) >= 6 and [r["id"] for r in done[:6]] == [f"p{n}" for n in range(6)]
        assert len(done) < len(records)


def _default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _pages_done(progress: bytes) -> int:
    """The last count of the progress bar (`12page [00:03, ...]`)."""
    counts = re.findall(rb"(\d+)page \[", progress)
    return int(counts[-1]) if counts else 0


def _readable(process: subprocess.Popen[bytes]) -> bool:
    import select

    assert process.stderr is not None
    return bool(select.select([process.stderr], [], [], 0)[0])
