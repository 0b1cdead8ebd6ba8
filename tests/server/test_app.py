"""The HTTP API through Starlette's TestClient: every route, every error status, the
limits and the bounded pool."""

from __future__ import annotations

import asyncio
import gzip
import json
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient
from tests.conftest import PAGES

import unboiler
from unboiler.extractors import Extractor
from unboiler.server import Limits, create_app
from unboiler.server.limits import Busy, WorkerPool

BLOG = (PAGES / "blog.html").read_bytes()
ARTICLE_START = "We spent three weeks in a mountain village"


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app()) as test_client:
        yield test_client


def test_health_and_extractors(client: TestClient) -> None:
    health = client.get("/health").json()
    assert health["status"] == "ok" and health["version"] == unboiler.__version__
    names = [item["name"] for item in client.get("/extractors").json()]
    assert names == sorted(unboiler.extractors())
    assert all(item["description"] for item in client.get("/extractors").json())


def test_extract_raw_body_is_the_json_output(client: TestClient) -> None:
    response = client.post(
        "/extract",
        content=BLOG,
        params={"extractor": "boilerpipe-article", "url": "https://example.org/p"},
        headers={"Content-Type": "text/html"},
    )
    assert response.status_code == 200
    expected = unboiler.extract(
        BLOG, extractor="boilerpipe-article", output="json", url="https://example.org/p"
    )
    assert response.json() == json.loads(expected)
    assert ARTICLE_START in response.json()["text"]


def test_extract_gzip_body_and_markdown(client: TestClient) -> None:
    response = client.post("/extract", content=gzip.compress(BLOG), params={"output": "markdown"})
    assert response.status_code == 200
    body = response.json()
    assert body["markdown"] == unboiler.extract_result(BLOG).markdown
    assert body["extractor"] == "default"


def test_extract_json_page_with_options(client: TestClient) -> None:
    page = {
        "html": BLOG.decode(),
        "extractor": "justext",
        "options": {"language": "en"},
        "output": "html",
    }
    body = client.post("/extract", json=page).json()
    assert body["html"] == unboiler.extract_result(BLOG, extractor="justext", language="en").html
    favored = client.post("/extract", json={"html": BLOG.decode(), "favor": "precision"})
    assert favored.status_code == 200


def test_extract_query_options(client: TestClient) -> None:
    response = client.post(
        "/extract", content=BLOG, params={"extractor": "boilerpipe-tree", "option": "depth=3"}
    )
    assert response.status_code == 200
    assert response.json()["text"] == unboiler.extract(BLOG, extractor="boilerpipe-tree", depth=3)


def test_batch_returns_one_record_per_page_and_errors_in_place(client: TestClient) -> None:
    pages: list[Any] = [
        {"html": BLOG.decode(), "extractor": "boilerpipe-article"},
        {"html": BLOG.decode(), "extractor": "no-such-thing"},
        {"url": "https://example.org/"},
        {"html": BLOG.decode(), "options": "depth=3"},
    ]
    response = client.post("/extract/batch", json=pages)
    assert response.status_code == 200
    first, unknown, missing, bad_options = response.json()
    assert ARTICLE_START in first["text"]
    assert unknown["error"]["status"] == 422 and "no-such-thing" in unknown["error"]["message"]
    assert missing["error"]["status"] == 422 and "html" in missing["error"]["message"]
    assert bad_options["error"]["status"] == 422


@pytest.mark.parametrize("route", ["/extract", "/extract/batch", "/explain", "/segment"])
def test_a_query_string_beside_a_json_body_is_refused(client: TestClient, route: str) -> None:
    # it used to be ignored: an unknown extractor in the query answered 200, by default
    page: Any = {"html": "<p>Some words of a page.</p>"}
    response = client.post(
        route, params={"extractor": "nosuch"}, json=[page] if route.endswith("batch") else page
    )
    assert response.status_code == 422
    assert "'extractor'" in response.json()["error"]["message"]


def test_batch_is_bounded() -> None:
    with TestClient(create_app(Limits(max_batch=2))) as client:
        response = client.post("/extract/batch", json=[{"html": "<p>a</p>"}] * 3)
        assert response.status_code == 422
        assert "at most 2" in response.json()["error"]["message"]
        assert client.post("/extract/batch", json={"html": "x"}).status_code == 422


@pytest.mark.parametrize(
    ("request_args", "status", "fragment"),
    [
        ({"content": b"\x00\x01\x02\x03" * 300}, 400, "binary"),
        ({"content": b"\x1f\x8b\x08\x00broken"}, 400, "gzip"),
        ({"content": b"{not json", "headers": {"Content-Type": "application/json"}}, 400, "JSON"),
        ({"content": BLOG, "params": {"extractor": "nope"}}, 422, "nope"),
        ({"content": BLOG, "params": {"output": "pdf"}}, 422, "pdf"),
        ({"content": BLOG, "params": {"encoding": "klingon"}}, 422, "klingon"),
        ({"content": BLOG, "params": {"colour": "red"}}, 422, "colour"),
        ({"content": BLOG, "params": {"option": "depth"}}, 422, "KEY=VALUE"),
        ({"json": {"html": "<p>x</p>", "options": {"depth": 3}}}, 422, "depth"),
        ({"json": {"html": "<p>x</p>", "favor": "speed"}}, 422, "favor"),
        ({"json": {"html": "<p>x</p>", "options": {"model": "/etc/passwd"}}}, 422, "model"),
        ({"json": {"html": "<p>x</p>", "fetch": True}}, 422, "fetch"),
        ({"json": {"html": 5}}, 422, "html"),
        ({"json": ["<p>x</p>"]}, 422, "object"),
        # values nested deeper than the decoder goes: a client's mistake, not the service's
        (
            {
                "content": b'{"a":' * 5000 + b"1" + b"}" * 5000,
                "headers": {"Content-Type": "application/json"},
            },
            400,
            "nested too deeply",
        ),
        ({"content": BLOG, "params": {"url": "foo"}}, 422, "absolute"),
        # a form's upload: its envelope was read as the page
        ({"files": {"file": ("page.html", BLOG, "text/html")}}, 415, "multipart/form-data"),
    ],
)
def test_errors_are_json_with_their_status(
    client: TestClient, request_args: dict[str, Any], status: int, fragment: str
) -> None:
    response = client.post("/extract", **request_args)
    assert response.status_code == status, response.text
    error = response.json()["error"]
    assert error["status"] == status and fragment in error["message"]


def test_unknown_route_and_method_are_json(client: TestClient) -> None:
    assert client.get("/nope").json()["error"]["status"] == 404
    assert client.get("/extract").status_code == 405


def test_body_limit_by_declared_length_and_while_streaming() -> None:
    with TestClient(create_app(Limits(max_body_bytes=1000))) as client:
        assert client.post("/extract", content=b"<p>x</p>" * 100).status_code == 200
        response = client.post("/extract", content=b"<p>x</p>" * 200)
        assert response.status_code == 413
        assert response.json()["error"]["type"] == "BodyTooLarge"

        def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it arrives
            for _ in range(10):
                yield b"<p>" + b"y" * 200 + b"</p>"

        assert client.post("/extract", content=chunks()).status_code == 413


def _blocking_extractor(release: threading.Event) -> Any:
    """An extractor that waits until the test releases it: slow without sleeping."""

    def wait(document: unboiler.TextDocument) -> bool:
        release.wait(10)
        return False

    def build(name: str, **options: Any) -> Extractor:
        if name == "slow":
            return Extractor(name="slow", description="waits", pipeline=wait)
        return unboiler.get_extractor(name, **options)

    return build


def _wait_idle(app: Any) -> None:
    deadline = time.monotonic() + 10
    while app.state.pool.admitted and time.monotonic() < deadline:
        time.sleep(0.01)
    assert app.state.pool.admitted == 0


def test_time_limit_answers_504_and_the_pool_stays_bounded() -> None:
    # the packaged model loaded first: run alone, its first load took the 0.1 s limit
    unboiler.extract(BLOG)
    release = threading.Event()
    limits = Limits(time_limit=0.1, workers=1, queue=0)
    app = create_app(limits, build_extractor=_blocking_extractor(release))
    with TestClient(app) as client:
        try:
            slow = client.post("/extract", json={"html": BLOG.decode(), "extractor": "slow"})
            assert slow.status_code == 504
            assert slow.json()["error"]["type"] == "TimeLimitExceeded"
            # the slow page still holds the only worker: the next request is refused now
            busy = client.post("/extract", json={"html": BLOG.decode()})
            assert busy.status_code == 503
            assert busy.headers["Retry-After"] == "1"  # when to try again (RFC 9110)
            assert client.get("/health").json()["admitted"] == 1
        finally:
            release.set()
        _wait_idle(app)
        assert client.post("/extract", json={"html": BLOG.decode()}).status_code == 200


def test_explain_and_batch_run_under_the_time_limit_too() -> None:
    release = threading.Event()
    app = create_app(Limits(time_limit=0.1), build_extractor=_blocking_extractor(release))
    with TestClient(app) as client:
        try:
            page = {"html": BLOG.decode(), "extractor": "slow"}
            assert client.post("/explain", json=page).status_code == 504
            batch = client.post("/extract/batch", json=[page])
            assert batch.status_code == 200
            assert batch.json()[0]["error"]["status"] == 504
        finally:
            release.set()
        _wait_idle(app)


def test_a_slow_page_costs_a_batch_only_the_pages_not_done() -> None:
    """Past the time limit a batch answers the pages done and 504 records for the others;
    the page in progress ends its thread's work and the pages after it never start."""
    release = threading.Event()
    started: list[str] = []

    def build(name: str, **options: Any) -> Extractor:
        started.append(name)
        return _blocking_extractor(release)(name, **options)

    app = create_app(Limits(time_limit=1.0), build_extractor=build)
    fast = {"html": BLOG.decode(), "extractor": "boilerpipe-article"}
    slow = {"html": BLOG.decode(), "extractor": "slow"}
    with TestClient(app) as client:
        try:
            response = client.post("/extract/batch", json=[fast, slow, fast, fast])
            assert response.status_code == 200
            first, *late = response.json()
            assert ARTICLE_START in first["text"]
            assert [record["error"]["status"] for record in late] == [504, 504, 504]
            assert "time limit of 1 s" in late[-1]["error"]["message"]
        finally:
            release.set()
        _wait_idle(app)
    assert started == ["boilerpipe-article", "slow"]


@pytest.mark.anyio
async def test_worker_pool_admits_workers_plus_queue() -> None:
    pool = WorkerPool(workers=1, queue=1)
    release = threading.Event()
    try:
        first = asyncio.ensure_future(pool.run(lambda: release.wait(5), 5))
        second = asyncio.ensure_future(pool.run(lambda: 2, 5))
        await asyncio.sleep(0.05)
        assert pool.admitted == 2
        with pytest.raises(Busy):
            await pool.run(lambda: 3, 5)
        release.set()
        assert await first is True and await second == 2
        assert pool.admitted == 0
    finally:
        release.set()
        pool.close()


def test_limits_refuse_nonsense() -> None:
    with pytest.raises(ValueError):
        Limits(workers=0)
    with pytest.raises(ValueError):
        Limits(time_limit=0)


def test_openapi_describes_every_route(client: TestClient) -> None:
    description = client.get("/openapi.json").json()
    assert description["openapi"].startswith("3.")
    routes = {
        route.path  # type: ignore[attr-defined]
        for route in client.app.routes  # type: ignore[attr-defined]
        if route.path != "/static"  # type: ignore[attr-defined]
    }
    assert set(description["paths"]) == routes
    assert "10485760" in description["paths"]["/extract"]["post"]["responses"]["413"]["description"]


def test_cli_serve_without_the_extra_says_how_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    from click.testing import CliRunner

    from unboiler.cli import main

    monkeypatch.setitem(sys.modules, "uvicorn", None)
    result = CliRunner().invoke(main, ["serve"])
    assert result.exit_code != 0 and "unboiler[server]" in result.output


def test_cli_serve_starts_uvicorn_with_the_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    import uvicorn
    from click.testing import CliRunner

    from unboiler.cli import main

    seen: dict[str, Any] = {}

    def fake_run(app: Any, **kwargs: Any) -> None:
        seen.update(kwargs, limits=app.state.limits)

    monkeypatch.setattr(uvicorn, "run", fake_run)
    result = CliRunner().invoke(main, ["serve", "--port", "8123", "--time-limit", "2.5"])
    assert result.exit_code == 0, result.output
    assert seen["host"] == "127.0.0.1" and seen["port"] == 8123
    assert seen["limits"].time_limit == 2.5 and seen["limits"].max_body_bytes == 10 * 2**20


def test_raw_body_is_decoded_with_the_content_type_charset(client: TestClient) -> None:
    """A short KOI8-R page without a declaration is misread by detection alone; the
    charset its Content-Type gives is what the bytes are in (``encoding`` wins)."""
    page = "<p>Привет мир, как дела?</p>".encode("koi8_r")
    params = {"extractor": "boilerpipe-everything"}
    said = client.post(
        "/extract",
        content=page,
        params=params,
        headers={"Content-Type": "text/html; charset=KOI8-R"},
    )
    assert said.json()["text"] == "Привет мир, как дела?"
    both = client.post(
        "/extract",
        content="<p>Grüße aus Köln</p>".encode("cp1252"),
        params={**params, "encoding": "windows-1252"},
        headers={"Content-Type": "text/html; charset=koi8-r"},
    )
    assert both.json()["text"] == "Grüße aus Köln"
    unknown = client.post(
        "/extract", content=page, headers={"Content-Type": 'text/html; charset="klingon"'}
    )
    assert unknown.status_code == 422 and "klingon" in unknown.json()["error"]["message"]


def test_curls_data_binary_is_read_as_the_page(client: TestClient) -> None:
    # curl --data-binary @page.html sends its default form content type, the page as it is
    headers = {"Content-Type": "application/x-www-form-urlencoded"}
    response = client.post("/extract", content=BLOG, headers=headers)
    assert response.status_code == 200, response.text
    assert response.json()["text"]
