"""The visual page in a real browser: Debian's Chromium, driven by Playwright (never a
browser download), against a server started here on 127.0.0.1.  Skips when either is
missing (`.ci/run` installs both where it can)."""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.conftest import PAGES

from unboiler.server import create_app

CHROMIUM = "/usr/bin/chromium"
sync_api = pytest.importorskip("playwright.sync_api", reason="the browser test needs playwright")
if not Path(CHROMIUM).exists():
    pytest.skip(f"the browser test needs Debian's chromium at {CHROMIUM}", allow_module_level=True)

BLOG = (PAGES / "blog.html").read_text()


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    import uvicorn

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = uvicorn.Server(
        uvicorn.Config(create_app(), host="127.0.0.1", port=port, log_level="warning")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    assert server.started, "the server did not start"
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(10)


def test_paste_extract_and_see_the_blocks_marked(base_url: str, tmp_path: Path) -> None:
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            page = browser.new_page(viewport={"width": 1300, "height": 900})
            page.goto(base_url + "/")
            page.wait_for_selector("#extractor option[value=boilerpipe-article]", state="attached")
            page.select_option("#extractor", "boilerpipe-article")
            page.fill("#html", BLOG)
            page.click("#run")
            page.wait_for_selector("body[data-ready=true]", state="attached", timeout=30000)
            frame = page.frame_locator("#page")
            article = frame.locator("p", has_text="We spent three weeks in a mountain village")
            assert article.get_attribute("data-ub-a") == "content"
            menu = frame.locator("[data-ub]", has_text="Flour & Field").first
            assert menu.get_attribute("data-ub-a") == "boilerplate"
            archive = frame.locator("h3", has_text="Archive")
            assert archive.get_attribute("data-ub-a") == "boilerplate"
            assert "We spent three weeks in a mountain village" in page.inner_text("#output")
            assert "Archive" not in page.inner_text("#output")
            article.hover()
            page.wait_for_function(
                "document.getElementById('details').textContent.includes('KEPT')"
            )
            details = page.inner_text("#details")
            assert "boilerpipe-article" in details and "link density" in details
            # scripts are off in the frame: its document has no script element either
            assert frame.locator("script").count() == 0
            shot = tmp_path / "visual-debugger.png"
            page.screenshot(path=str(shot))
            assert shot.stat().st_size > 10_000
            artifacts = os.environ.get("UNBOILER_ARTIFACTS")
            if artifacts:
                Path(artifacts).mkdir(parents=True, exist_ok=True)
                shutil.copy(shot, Path(artifacts) / shot.name)
        finally:
            browser.close()


def test_a_chosen_file_is_sent_as_it_is(base_url: str, tmp_path: Path) -> None:
    """A gzip file of a windows-1252 page: the browser must not read it as UTF-8 text."""
    import gzip

    from tests.server.test_visual import CP1252_PAGE

    upload = tmp_path / "cafe.html.gz"
    upload.write_bytes(gzip.compress(CP1252_PAGE))
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            page = browser.new_page()
            page.goto(base_url + "/")
            page.wait_for_selector("#extractor option[value=boilerpipe-article]", state="attached")
            page.select_option("#extractor", "boilerpipe-article")
            page.set_input_files("#file", str(upload))
            page.click("#run")
            page.wait_for_selector("body[data-ready=true]", state="attached", timeout=30000)
            assert "Le café du marché ouvre à six heures" in page.inner_text("#output")
            frame = page.frame_locator("#page")
            assert frame.locator("p", has_text="Le café du marché").count() == 6
        finally:
            browser.close()


def test_the_segments_tab_shows_the_vips_picture(base_url: str) -> None:
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            page = browser.new_page(viewport={"width": 1300, "height": 900})
            page.goto(base_url + "/")
            page.wait_for_selector("#extractor option[value=default]", state="attached")
            page.fill("#html", BLOG)
            page.click("#run")
            page.wait_for_selector("body[data-ready=true]", state="attached", timeout=30000)
            page.click("[data-tab=segments]")
            page.wait_for_selector("#segments:not([hidden])", timeout=60000)
            assert page.get_attribute("#segments", "src").startswith("data:image/png;base64,")
            assert page.inner_text("#output").startswith("DoC ")
        finally:
            browser.close()
