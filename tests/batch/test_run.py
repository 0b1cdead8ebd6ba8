"""extract_many and the worker pool: results, errors in place, order, timeouts, dead
workers."""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Iterator

import pytest
from tests.batch.helpers import page

from unboiler.batch import Page, extract_many
from unboiler.batch.extract import PageExtractor, Settings
from unboiler.batch.run import whole_write
from unboiler.batch.workers import WorkerPool
from unboiler.errors import ExtractorOptionError, UnknownExtractorError


def slow_page(blocks: int = 30000) -> bytes:
    """A page of 30,000 blocks: seconds of work for the default extractor."""
    divs = "".join(
        f"<div class='c{n}'><p>word {n} and some more words <a href='/x{n}'>link</a></p></div>"
        for n in range(blocks)
    )
    return f"<html><body>{divs}</body></html>".encode()


def test_results_match_a_plain_extraction() -> None:
    import unboiler

    results = list(extract_many([page(n) for n in range(6)], workers=2, ordered=True))
    assert [r.id for r in results] == [str(n) for n in range(6)]
    assert [r.content for r in results] == [unboiler.extract(page(n)) for n in range(6)]
    assert all(r.error is None and r.extractor == "default" for r in results)


def test_a_bad_page_is_recorded_and_the_rest_goes_on() -> None:
    pages = [page(0), b"\x00\x01\x02" * 100, {"id": "x", "url": "u"}, page(3)]
    results = {r.id: r for r in extract_many(pages, workers=1)}
    assert results["0"].error is None and results["3"].error is None
    assert "ExtractionError" in str(results["1"].error) and results["1"].content is None
    assert results["x"].error == "no 'html' field"
    assert results["1"].error_type == "extraction" and results["x"].error_type == "unreadable"
    assert results["0"].error_type is None and results["3"].error_type is None


def test_an_item_that_is_no_page_is_recorded_and_the_rest_goes_on() -> None:
    # None stands for a failed fetch in a caller's list; it must not stop the batch
    results = list(extract_many([page(0), None, 7, page(3)], workers=0, ordered=True))  # type: ignore[list-item]
    assert [r.id for r in results] == ["0", "1", "2", "3"]
    assert results[1].error is not None and "not a page: None" in results[1].error
    assert results[2].error is not None and "not a page: int" in results[2].error
    assert [r.error_type for r in results] == [None, "unreadable", "unreadable", None]
    assert results[0].error is None and results[3].error is None


def test_a_falsy_id_is_still_the_callers_id() -> None:
    items = [{"id": "3", "html": page(0)}, {"id": 0, "html": page(1)}, {"html": page(2)}]
    assert [r.id for r in extract_many(items, workers=0, ordered=True)] == ["3", "0", "2"]


def test_mappings_keep_their_ids_and_urls() -> None:
    items = [{"id": "a", "url": "https://example.org/a", "date": "2024", "html": page(1)}]
    (result,) = extract_many(items, workers=0, output="markdown", with_metadata=True)
    record = result.to_record()
    assert record["id"] == "a" and record["url"] == "https://example.org/a"
    assert record["record_date"] == "2024"
    assert "Story number 1" in record["markdown"] and record["title"] == "Story number 1"


def test_a_record_whose_url_is_no_pages_address_is_still_extracted() -> None:
    # a WARC 1.0 target in angle brackets, an ftp: or urn: target, a JSONL path or ""
    urls = ["<https://example.org/a>", "ftp://example.org/a", "urn:x:1", "a/b.html", ""]
    items = [{"id": str(n), "url": url, "html": page(n)} for n, url in enumerate(urls)]
    results = list(extract_many(items, workers=0, ordered=True))
    assert [r.error for r in results] == [None] * len(urls)
    assert [r.url for r in results] == urls  # each record keeps its URL as given
    assert all(f"Story number {n}" in str(r.content) for n, r in enumerate(results))


def test_a_wrong_extractor_fails_at_once_not_per_page() -> None:
    with pytest.raises(UnknownExtractorError):
        list(extract_many([page(0)], extractor="nope", workers=1))
    with pytest.raises(ExtractorOptionError):
        list(extract_many([page(0)], extractor="justext", workers=0, depth=3))


def test_max_bytes_applies_after_gzip() -> None:
    import gzip

    (result,) = extract_many([gzip.compress(page(0) * 50)], workers=0, max_bytes=2000)
    assert "more than 2,000 bytes" in str(result.error)
    assert result.error_type == "too-large"
    (plain,) = extract_many([page(0) * 50], workers=0, max_bytes=2000)
    assert plain.error_type == "too-large" and "PageTooLargeError" in str(plain.error)


def test_a_gzip_page_cut_short_is_unreadable_not_an_extraction_failure() -> None:
    """A damaged file is counted with the damaged inputs (``unreadable``), not with the
    pages read but without text."""
    import gzip

    (result,) = extract_many([gzip.compress(page(0))[:-20]], workers=0)
    assert result.error_type == "unreadable"
    assert "DamagedInputError: the gzip-compressed input is truncated" in str(result.error)
    (binary,) = extract_many([bytes(range(256)) * 20], workers=0)
    assert binary.error_type == "extraction"


def test_a_bug_of_ours_is_recorded_as_internal(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr("unboiler.batch.extract.render", broken)
    (result,) = extract_many([page(0)], workers=0)
    assert result.error_type == "internal" and "RuntimeError: boom" in str(result.error)
    assert result.content is None


def test_a_page_past_its_timeout_is_killed_and_the_next_pages_are_done() -> None:
    # the slow page takes seconds; a small one well under the timeout even on a loaded
    # machine (a fresh worker takes the page after the killed one: at 0.3 s it timed out)
    pages = [page(0), slow_page(45_000), page(2), page(3)]
    started = time.monotonic()
    results = list(extract_many(pages, workers=1, ordered=True, page_timeout=1.0))
    assert [r.id for r in results] == ["0", "1", "2", "3"]
    assert results[1].error == "timed out after 1 s" and results[1].error_type == "timeout"
    assert [r.error for r in results[2:]] == [None, None]
    assert time.monotonic() - started < 30


def test_a_worker_that_dies_costs_its_page_only() -> None:
    settings = Settings(page_timeout=60)
    with WorkerPool(settings, 1) as pool:
        victim = pool.slots[0].process.pid
        pages = [Page("0", page(0)), Page("slow", slow_page()), Page("2", page(2))]
        results = {}
        for result in pool.run(pages, ordered=True):
            results[result.id] = result
            if result.id == "0":
                # the worker is on the slow page now (seconds of work): killed in it,
                # however long a loaded machine took over the first page
                threading.Timer(0.5, os.kill, (victim, signal.SIGKILL)).start()
    assert results["0"].error is None
    assert "the worker died" in str(results["slow"].error)
    assert results["slow"].error_type == "crashed"
    assert results["2"].error is None


def test_ordered_waits_for_a_slow_page() -> None:
    pages = [slow_page(5000), *[page(n) for n in range(1, 6)]]
    results = list(extract_many(pages, workers=2, ordered=True, page_timeout=60))
    assert [r.id for r in results] == [str(n) for n in range(6)]


def test_in_process_extraction_is_the_same_work() -> None:
    work = PageExtractor(Settings(output="html"))
    result = work(Page("p", page(4)))
    assert result.error is None and "<p>" in str(result.content)


@pytest.fixture
def interruptible() -> Iterator[None]:
    """Ctrl-C raises KeyboardInterrupt, as in a terminal, whatever the test process
    inherited (a shell's background job is started with SIGINT ignored)."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


@pytest.mark.usefixtures("interruptible")
@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_stop_signal_during_a_write_takes_effect_after_it(stop: signal.Signals) -> None:
    written = []
    with pytest.raises(KeyboardInterrupt), whole_write():
        os.kill(os.getpid(), stop)
        for _ in range(1000):  # bytecodes enough for the handler to run in between
            written.append(1)
    assert len(written) == 1000
    # the handlers are back as they were: SIGINT raises at once again
    with pytest.raises(KeyboardInterrupt):
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(1)


def test_a_stop_signal_the_process_ignores_stays_ignored() -> None:
    """A batch started to ignore Ctrl-C (``nohup``, a background job) is not stopped by
    it during a write, and the signal is still ignored after."""
    before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        with whole_write():
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(0.1)
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    except KeyboardInterrupt:  # a failure of this test, not a stop of the run
        pytest.fail("an ignored Ctrl-C stopped the write")
    finally:
        signal.signal(signal.SIGINT, before)


class _GoneParent:
    """A worker's end of the pipe whose parent died after handing it one task: the
    task comes, the answer cannot go."""

    def __init__(self) -> None:
        self.tasks: list[object] = [(0, Page("p", page(1)))]
        self.sent: list[object] = []

    def send(self, message: object) -> None:
        if self.sent:  # READY went, the parent is gone since
            raise BrokenPipeError(32, "Broken pipe")
        self.sent.append(message)

    def recv(self) -> object:
        return self.tasks.pop()


@pytest.mark.parametrize("when", ["before its first page", "after a page"])
def test_a_worker_whose_parent_is_gone_ends_quietly(when: str) -> None:
    # The batch killed with SIGKILL printed a BrokenPipeError traceback from each worker.
    import multiprocessing

    from unboiler.batch.workers import _serve

    connection: object
    if when == "before its first page":
        connection, parent = multiprocessing.Pipe()
        parent.close()
    else:
        connection = _GoneParent()
    handler = signal.getsignal(signal.SIGINT)
    try:
        _serve(connection, Settings())  # returns, raising nothing
    finally:
        signal.signal(signal.SIGINT, handler)
    if isinstance(connection, _GoneParent):
        assert connection.sent and not connection.tasks  # it did take the page
