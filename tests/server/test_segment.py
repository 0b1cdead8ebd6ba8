"""POST /segment: the page's VIPS segmentation and its picture, when the visual extra is
installed (else 501, saying what to install).  The 200 case skips without Playwright or
Debian's Chromium."""

from __future__ import annotations

import base64
from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient
from tests.visual.conftest import needs_browser, page

from unboiler.server import create_app


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app()) as test_client:
        yield test_client


@needs_browser
def test_segment_answers_the_structure_and_a_picture(client: TestClient) -> None:
    response = client.post("/segment", content=page("gbk-news.html"))  # raw GBK bytes
    assert response.status_code == 200, response.text
    data = response.json()
    assert data["structure"][0].startswith("DoC ")
    assert any("百年石桥完成修缮" in line for line in data["structure"])
    assert all(1 <= block["doc"] <= 10 for block in data["blocks"])
    assert data["png"].startswith("data:image/png;base64,")
    assert base64.b64decode(data["png"].split(",", 1)[1])[:8] == b"\x89PNG\r\n\x1a\n"


def test_segment_without_the_visual_extra_is_501(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    import unboiler.visual.render as render

    original = render.visual_available
    monkeypatch.setattr(render, "visual_available", lambda: original("/nonexistent/chromium"))
    response = client.post("/segment", json={"html": "<p>Text</p>"})
    assert response.status_code == 501
    assert "chromium" in response.json()["error"]["message"]


def test_segment_refuses_a_field_it_does_not_take(client: TestClient) -> None:
    response = client.post("/segment", json={"html": "<p>Text</p>", "extractor": "vips"})
    assert response.status_code == 422
