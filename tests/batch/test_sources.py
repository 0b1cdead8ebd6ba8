"""Inputs: files, directories, globs, gzip, JSONL; bad records reported in their place."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from tests.batch.helpers import good_record, page, write_jsonl, write_warc

from unboiler.batch.sources import (
    BatchInputError,
    expand,
    input_kind,
    known_total,
    read_jsonl,
    read_pages,
)


def test_input_kinds_are_told_by_name() -> None:
    assert input_kind(Path("a.warc.gz")) == "warc"
    assert input_kind(Path("a.WARC")) == "warc"
    assert input_kind(Path("a.jsonl.gz")) == "jsonl"
    assert input_kind(Path("a.html.gz")) == "html"
    assert input_kind(Path("page")) == "html"


def test_directories_and_globs_expand_sorted(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    for name in ("b.html", "a.htm", "sub/c.html.gz", "notes.txt"):
        (tmp_path / name).write_bytes(b"<p>x</p>")
    assert [p.name for p in expand([tmp_path])] == ["a.htm", "b.html", "c.html.gz"]
    assert [p.name for p in expand([str(tmp_path / "*.html")])] == ["b.html"]
    assert known_total(expand([tmp_path])) == 3
    # what a directory holds that is not read is said, a link to nothing too
    (tmp_path / "gone.html").symlink_to(tmp_path / "nowhere")
    unread: list[Path] = []
    assert len(expand([tmp_path], unread=unread)) == 3
    assert sorted(p.name for p in unread) == ["gone.html", "notes.txt"]


def test_a_file_named_twice_is_read_once(tmp_path: Path) -> None:
    (tmp_path / "a.html").write_bytes(b"<p>x</p>")
    (tmp_path / "b.html").write_bytes(b"<p>y</p>")
    named = [tmp_path / "a.html", tmp_path, str(tmp_path / "*.html"), f"{tmp_path}/./a.html"]
    assert [p.name for p in expand(named)] == ["a.html", "b.html"]


def test_nothing_to_read_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(BatchInputError, match="no such file"):
        expand([tmp_path / "missing.html"])
    with pytest.raises(BatchInputError, match="no HTML, JSONL or WARC"):
        expand([str(tmp_path / "*.html")])


def test_total_is_unknown_with_records_inside_files(tmp_path: Path) -> None:
    files = [write_jsonl(tmp_path / "a.jsonl", []), tmp_path / "b.html"]
    assert known_total(files) is None


def test_jsonl_records_become_pages(tmp_path: Path) -> None:
    path = write_jsonl(
        tmp_path / "a.jsonl",
        [
            {"id": "one", "url": "https://example.org/1", "date": "2024-01-01", "html": "<p>é</p>"},
            {"html": "<p>two</p>"},
        ],
    )
    pages = list(read_jsonl(path))
    assert (pages[0].id, pages[0].url, pages[0].record_date) == (
        "one",
        "https://example.org/1",
        "2024-01-01",
    )
    assert pages[0].html == "<p>é</p>".encode()
    assert pages[1].id == f"{path}:2"


def test_a_bad_jsonl_line_is_reported_and_the_next_is_read(tmp_path: Path) -> None:
    path = write_jsonl(
        tmp_path / "a.jsonl",
        [
            {"id": "before", "html": "<p>a</p>"},
            '{"id": "broken", "html": ',
            "[1, 2]",
            {"id": "no-html", "url": "https://example.org/x"},
            {"id": "after", "html": "<p>b</p>"},
        ],
    )
    pages = list(read_jsonl(path))
    assert [p.error is None for p in pages] == [True, False, False, False, True]
    assert [p.error_type for p in pages] == [None, *["unreadable"] * 3, None]
    # the position is a column of the file's line, not the decoder's "line 2 column 1"
    assert str(pages[1].error) == "line 2 is not JSON: Expecting value at column 26"
    assert "not a JSON object" in str(pages[2].error)
    assert pages[3].id == "no-html" and "no 'html'" in str(pages[3].error)
    assert pages[4].id == "after"
    # a line nested deeper than the decoder goes is one bad line too (it ended the batch)
    deep = write_jsonl(
        tmp_path / "deep.jsonl",
        ['{"a":' * 5000 + "1" + "}" * 5000, {"id": "after", "html": "<p>b</p>"}],
    )
    pages = list(read_jsonl(deep))
    assert str(pages[0].error) == "line 1 is not JSON: nested too deeply"
    assert pages[1].id == "after" and pages[1].error is None


def test_a_cut_gzip_jsonl_keeps_its_good_lines(tmp_path: Path) -> None:
    lines = "".join(json.dumps({"id": str(n), "html": "<p>x</p>" * 50}) + "\n" for n in range(20))
    data = gzip.compress(lines.encode())
    path = tmp_path / "a.jsonl.gz"
    path.write_bytes(data[: len(data) - 40])
    pages = list(read_jsonl(path))
    assert pages[0].id == "0" and pages[0].error is None
    assert pages[-1].error is not None and "unreadable" in pages[-1].error
    assert all(p.error is None for p in pages[:-1])


def test_inputs_of_every_kind_stream_in_order(tmp_path: Path) -> None:
    (tmp_path / "p.html.gz").write_bytes(gzip.compress(page(7)))
    write_jsonl(tmp_path / "r.jsonl", [{"id": "j", "html": "<p>j</p>"}])
    write_warc(tmp_path / "w.warc.gz", [good_record(0)], compressed=True)
    pages = list(read_pages([tmp_path / "p.html.gz", tmp_path / "r.jsonl", tmp_path / "w.warc.gz"]))
    assert [p.id for p in pages][:2] == [str(tmp_path / "p.html.gz"), "j"]
    assert pages[2].url == "https://example.org/0"


def test_a_file_over_max_bytes_is_not_read(tmp_path: Path) -> None:
    (tmp_path / "big.html").write_bytes(b"<p>x</p>" * 100)
    (found,) = read_pages([tmp_path / "big.html"], max_bytes=10)
    assert found.html is None and "too large" in str(found.error)
    assert found.error_type == "too-large"
