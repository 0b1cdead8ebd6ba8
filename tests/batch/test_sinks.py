"""Outputs: JSONL (plain, gzip), Parquet in row groups, a directory; --resume."""

from __future__ import annotations

import dataclasses
import gzip
import json
from pathlib import Path

import pytest
from tests.batch.helpers import require

from unboiler.batch.pages import PageResult
from unboiler.batch.sinks import (
    INDEX_NAME,
    DirectorySink,
    JsonlSink,
    SinkError,
    file_name,
    open_sink,
    read_records,
)


def result(number: int, *, error: str | None = None, **metadata: object) -> PageResult:
    return PageResult(
        f"id-{number}",
        f"https://example.org/{number}",
        "2024-05-01T10:00:00Z",
        "default",
        "text",
        content=None if error else f"text {number}",
        error=error,
        error_type=None if error is None else "timeout",
        metadata=dict(metadata),
    )


@pytest.mark.parametrize("name", ["out.jsonl", "out.jsonl.gz"])
def test_jsonl_round_trip(tmp_path: Path, name: str) -> None:
    sink = open_sink(tmp_path / name)
    sink.write(result(0))
    sink.write(result(1, error="timed out after 5 s"))
    sink.close()
    records = list(read_records(tmp_path / name))
    assert records[0] == {
        "id": "id-0",
        "url": "https://example.org/0",
        "record_date": "2024-05-01T10:00:00Z",
        "extractor": "default",
        "text": "text 0",
        "error": None,
        "error_type": None,
    }
    assert records[1]["text"] is None and records[1]["error"] == "timed out after 5 s"
    assert records[1]["error_type"] == "timeout"


def test_resume_reads_ids_and_appends(tmp_path: Path) -> None:
    path = tmp_path / "out.jsonl"
    sink = open_sink(path)
    sink.write(result(0))
    sink.close()
    again = open_sink(path, resume=True)
    assert again.done == {"id-0"}
    again.write(result(1))
    again.close()
    assert [r["id"] for r in read_records(path)] == ["id-0", "id-1"]


def test_resume_drops_a_partial_last_line(tmp_path: Path) -> None:
    path = tmp_path / "out.jsonl"
    path.write_text(json.dumps({"id": "a"}) + "\n" + '{"id": "b", "te', encoding="utf-8")
    sink = JsonlSink(path, resume=True)
    assert sink.done == {"a"}
    sink.write(result(2))
    sink.close()
    assert [r["id"] for r in read_records(path)] == ["a", "id-2"]


def test_resume_of_a_cut_gzip_keeps_its_complete_records(tmp_path: Path) -> None:
    path = tmp_path / "out.jsonl.gz"
    lines = "".join(json.dumps({"id": str(n), "text": "w " * 200}) + "\n" for n in range(50))
    data = gzip.compress(lines.encode())
    path.write_bytes(data[:-100])
    sink = JsonlSink(path, resume=True)
    assert sink.done and sink.done < {str(n) for n in range(50)}
    sink.write(result(99))
    sink.close()
    ids = [r["id"] for r in read_records(path)]
    assert ids[-1] == "id-99" and set(ids[:-1]) == sink.done


def test_resume_needs_a_file() -> None:
    with pytest.raises(SinkError, match="--resume needs an output file"):
        open_sink(None, resume=True)
    with pytest.raises(SinkError, match="--resume needs an output file"):
        open_sink("-", resume=True)


def test_a_dash_is_standard_output(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--out -`` writes the records to standard output, as ``-`` reads standard input;
    it had made a file named ``-``."""
    monkeypatch.chdir(tmp_path)
    sink = open_sink("-")
    sink.write(result(3))
    sink.close()
    assert json.loads(capsys.readouterr().out)["id"] == "id-3"
    assert not (tmp_path / "-").exists()
    with pytest.raises(SinkError, match="--directory needs a directory"):
        open_sink("-", directory=True)


def test_directory_holds_one_file_per_page_and_an_index(tmp_path: Path) -> None:
    sink = open_sink(tmp_path / "pages", directory=True)
    assert isinstance(sink, DirectorySink)
    sink.write(result(0))
    sink.write(result(1, error="ExtractionError: binary"))
    sink.close()
    index = list(read_records(tmp_path / "pages"))
    assert index[0]["file"] == file_name("id-0", "text") and "text" not in index[0]
    assert (tmp_path / "pages" / index[0]["file"]).read_text(encoding="utf-8") == "text 0"
    assert index[1]["file"] is None and index[1]["error"] == "ExtractionError: binary"
    assert sorted(p.name for p in (tmp_path / "pages").iterdir()) == sorted(
        [INDEX_NAME, index[0]["file"]]
    )


def test_pages_with_one_id_get_a_file_each(tmp_path: Path) -> None:
    # two JSONL shards each number their lines from 1: the second page "1" must not
    # overwrite the first one's file, in this run or in one resumed later
    sink = open_sink(tmp_path / "pages", directory=True)
    sink.write(result(1))
    sink.write(dataclasses.replace(result(1), content="another page"))
    sink.close()
    resumed = open_sink(tmp_path / "pages", directory=True, resume=True)
    resumed.write(dataclasses.replace(result(1), content="a third page"))
    resumed.close()
    files = [record["file"] for record in read_records(tmp_path / "pages")]
    assert len(set(files)) == 3
    texts = {(tmp_path / "pages" / name).read_text(encoding="utf-8") for name in files}
    assert texts == {"text 1", "another page", "a third page"}


def test_file_names_are_readable_and_distinct() -> None:
    one = file_name("https://example.org/a?b=1", "markdown")
    two = file_name("https://example.org/a?b=2", "markdown")
    assert one.startswith("example-org-a-b-1-") and one.endswith(".md") and one != two


def test_parquet_in_row_groups_with_metadata(tmp_path: Path) -> None:
    require("pyarrow", "batch")
    import pyarrow.parquet as pq

    path = tmp_path / "out.parquet"
    sink = open_sink(path, with_metadata=True, row_group_size=2)
    for number in range(5):
        sink.write(result(number, title=f"T{number}", tags=["a", "b"]))
    sink.write(result(5, error="timed out after 5 s"))
    sink.close()
    assert not (tmp_path / "out.parquet.partial").exists()
    file = pq.ParquetFile(path)
    assert file.num_row_groups == 3
    records = list(read_records(path))
    assert [r["id"] for r in records] == [f"id-{n}" for n in range(6)]
    assert records[1]["title"] == "T1" and records[1]["tags"] == ["a", "b"]
    assert records[5]["title"] is None and records[5]["error"] == "timed out after 5 s"


def test_parquet_resume_copies_and_appends(tmp_path: Path) -> None:
    require("pyarrow", "batch")
    path = tmp_path / "out.parquet"
    sink = open_sink(path)
    sink.write(result(0))
    sink.close()
    again = open_sink(path, resume=True)
    assert again.done == {"id-0"}
    again.write(result(1))
    again.close()
    assert [r["id"] for r in read_records(path)] == ["id-0", "id-1"]
    with pytest.raises(SinkError, match="other columns"):
        open_sink(path, resume=True, output="markdown")


@pytest.mark.parametrize("name", ["out.csv", "pages.txt", "out.gz"])
def test_an_output_name_of_another_format_is_refused(tmp_path: Path, name: str) -> None:
    with pytest.raises(SinkError, match="cannot tell the format"):
        open_sink(tmp_path / name)
    assert not (tmp_path / name).exists()


@pytest.mark.parametrize("name", ["out", "crawl.2024", "part.ndjson", "a.b.jsonl.gz"])
def test_names_without_another_format_are_json_lines(tmp_path: Path, name: str) -> None:
    sink = open_sink(tmp_path / name)
    sink.write(result(0))
    sink.close()
    assert [r["id"] for r in read_records(tmp_path / name)] == ["id-0"]


def test_directory_files_open_with_front_matter_when_metadata_is_asked(tmp_path: Path) -> None:
    sink = open_sink(tmp_path / "pages", directory=True, with_metadata=True, output="text")
    sink.write(result(0, title="A title: with a colon", author="Ann Lee"))
    sink.close()
    (record,) = read_records(tmp_path / "pages")
    text = (tmp_path / "pages" / record["file"]).read_text(encoding="utf-8")
    head, body = text.split("\n---\n", 1)
    assert head.startswith("---\n") and 'title: "A title: with a colon"' in head
    assert 'author: "Ann Lee"' in head and body == "\ntext 0"
    assert record["title"] == "A title: with a colon"  # and the index keeps it too


@pytest.mark.parametrize("directory", [False, True], ids=["jsonl", "directory"])
def test_resume_with_another_output_or_metadata_is_refused(tmp_path: Path, directory: bool) -> None:
    """Resumed with another --output or --with-metadata, the records would mix shapes."""
    from unboiler.batch.extract import METADATA_FIELDS

    path = tmp_path / ("pages" if directory else "out.jsonl")
    metadata = dict.fromkeys(METADATA_FIELDS)
    sink = open_sink(path, directory=directory, with_metadata=True)
    sink.write(result(0, error="timed out"))  # a failed page's record has no metadata
    sink.write(result(1, **metadata))
    sink.close()
    with pytest.raises(SinkError, match=r"cannot resume .* the same --output and --with-metadata"):
        open_sink(path, directory=directory, resume=True)  # without the metadata
    with pytest.raises(SinkError, match="cannot resume"):  # a directory: by its files
        open_sink(path, directory=directory, resume=True, with_metadata=True, output="markdown")
    again = open_sink(path, directory=directory, resume=True, with_metadata=True)
    assert again.done == {"id-0", "id-1"}
    again.write(result(2, **metadata))
    again.close()
    assert [r["id"] for r in read_records(path)] == ["id-0", "id-1", "id-2"]


def test_a_page_without_content_is_written_as_extract_prints_it(tmp_path: Path) -> None:
    """No file for a page with neither content nor metadata; the front matter alone for
    one with metadata, as ``unboiler extract --with-metadata`` prints them."""
    sink = open_sink(tmp_path / "pages", directory=True, with_metadata=True)
    sink.write(dataclasses.replace(result(0), content="", url=None))
    sink.write(dataclasses.replace(result(1, title="Only a title"), content="", url=None))
    sink.close()
    empty, titled = read_records(tmp_path / "pages")
    assert empty["file"] is None and empty["error"] is None
    assert (tmp_path / "pages" / titled["file"]).read_text(encoding="utf-8") == (
        '---\ntitle: "Only a title"\n---\n'
    )
    assert len(list((tmp_path / "pages").iterdir())) == 2  # the index and one page
