"""unboiler.dask on a real distributed.LocalCluster of two worker processes, over WARC
files the test writes (one of them damaged)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.batch.helpers import good_record, page, require, warc_record, write_warc

require("dask.bag", "dask")
require("distributed", "dask")
require("pyarrow", "batch")

import dask  # noqa: E402
import dask.bag  # noqa: E402
from distributed import Client, LocalCluster  # noqa: E402

from unboiler.batch.sinks import read_records  # noqa: E402
from unboiler.dask import extract_bag, extract_warcs  # noqa: E402
from unboiler.errors import UnknownExtractorError  # noqa: E402


@pytest.fixture(scope="module")
def client() -> Iterator[Client]:
    # Dask's workers are daemons by default, and a daemon may not start the process a
    # task's pages run in (for the killable timeout): the setting the docs tell users.
    with (
        dask.config.set({"distributed.worker.daemon": False}),
        LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        Client(cluster) as client,
    ):
        yield client


@pytest.fixture
def warcs(tmp_path: Path) -> list[str]:
    first = write_warc(
        tmp_path / "one.warc.gz", [good_record(n) for n in range(3)], compressed=True
    )
    damaged = write_warc(
        tmp_path / "two.warc",
        [good_record(10), b"garbage between records\r\n", good_record(11)],
    )
    return [str(first), str(damaged)]


def test_extract_warcs_writes_one_parquet_part_per_file(
    client: Client, warcs: list[str], tmp_path: Path
) -> None:
    out = tmp_path / "out"
    summaries = extract_warcs(warcs, out, with_metadata=True)
    assert [s["output"] for s in summaries] == [str(out / "one.parquet"), str(out / "two.parquet")]
    assert [s["pages"] for s in summaries] == [3, 3] and [s["errors"] for s in summaries] == [0, 1]
    records = list(read_records(out / "two.parquet"))
    assert [r["url"] for r in records] == [
        "https://example.org/10",
        None,
        "https://example.org/11",
    ]
    assert "Story number 11" in records[2]["text"] and records[2]["title"] == "Story number 11"
    assert "unreadable WARC data" in records[1]["error"]
    again = extract_warcs(warcs, out, resume=True)
    assert all(s.get("skipped") for s in again)


def test_extract_warcs_jsonl_parts(client: Client, warcs: list[str], tmp_path: Path) -> None:
    summaries = extract_warcs(warcs[:1], tmp_path / "out", format="jsonl", output="markdown")
    (part,) = (s["output"] for s in summaries)
    assert part.endswith("one.jsonl.gz")
    records = list(read_records(part))
    assert [r["markdown"].splitlines()[0] for r in records] == [
        f"# Story number {n}" for n in range(3)
    ]
    assert not list((tmp_path / "out").glob("*partial*"))


def test_extract_bag_isolates_a_bad_page(client: Client) -> None:
    items: list[Any] = [
        {"id": "a", "url": "https://example.org/a", "html": page(1).decode()},
        {"id": "bad", "html": "\x00\x01\x02" * 100},
        {"id": "none"},
        page(2),
    ]
    bag = dask.bag.from_sequence(items, npartitions=2)
    records = {r["id"]: r for r in extract_bag(bag).compute()}
    assert "Story number 1" in records["a"]["text"] and records["a"]["error"] is None
    assert "ExtractionError" in records["bad"]["error"]
    assert records["none"]["error"] == "no 'html' field"
    assert len(records) == 4


def test_a_wrong_extractor_fails_before_the_cluster_works() -> None:
    with pytest.raises(UnknownExtractorError):
        extract_bag(dask.bag.from_sequence([page(0)]), extractor="nope")


def test_a_daemon_task_still_extracts_without_a_timeout(warcs: list[str]) -> None:
    """Where Dask's workers are daemons, pages run in the task's thread, with a warning."""
    import multiprocessing

    from unboiler.batch.dask import results
    from unboiler.batch.extract import Settings
    from unboiler.batch.pages import Page

    process = multiprocessing.current_process()
    was = process.daemon
    process._config["daemon"] = True  # type: ignore[attr-defined]
    try:
        with pytest.warns(RuntimeWarning, match="daemon"):
            (result,) = results([Page("p", page(3))], Settings())
    finally:
        process._config["daemon"] = was  # type: ignore[attr-defined]
    assert "Story number 3" in str(result.content)


def test_non_html_record_in_a_warc(client: Client, tmp_path: Path) -> None:
    path = write_warc(
        tmp_path / "img.warc",
        [warc_record("https://example.org/a.png", b"\x89PNG", content_type="image/png")],
    )
    (summary,) = extract_warcs([str(path)], tmp_path / "out")
    assert summary["errors"] == 1
