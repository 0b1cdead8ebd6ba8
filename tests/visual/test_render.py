"""The page in Chromium: what the browser measures is mapped back to the parsed page,
scripts and the network stay off, a page that takes too long fails with the reason,
and no browser process outlives its use.  Skips (but for the missing-browser error)
when Playwright or Debian's Chromium is missing."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner
from tests.visual.conftest import needs_browser, page

import unboiler
from unboiler.cli import main
from unboiler.errors import BrowserUnavailableError, ConfigurationError, ExtractionError
from unboiler.visual.render import MARK_VARIABLE, Renderer, visual_available


def _our_browser_processes() -> list[str]:
    """Live processes started under this test process's renderers: the worker and every
    Chromium process carry the mark in their environment (zombies are dead already)."""
    mark = f"{MARK_VARIABLE}={os.getpid()}".encode()
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            environ = (entry / "environ").read_bytes()
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        state = stat[stat.rfind(")") + 2 :].split()[0]
        if mark in environ.split(b"\0") and state not in ("Z", "X"):
            found.append(f"{entry.name} {stat.split()[1]} {state}")
    return found


def test_a_missing_browser_is_a_configuration_error() -> None:
    with pytest.raises(BrowserUnavailableError, match="chromium") as caught:
        visual_available("/nonexistent/chromium")
    assert isinstance(caught.value, ConfigurationError)
    with pytest.raises(BrowserUnavailableError):
        Renderer(executable="/nonexistent/chromium")


def test_vips_without_playwright_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.util

    real = importlib.util.find_spec

    def without_playwright(name: str, *args: object) -> object:
        return None if name == "playwright" else real(name, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(importlib.util, "find_spec", without_playwright)
    with pytest.raises(BrowserUnavailableError, match=r"unboiler\[visual\]"):
        unboiler.get_extractor("vips")
    with pytest.raises(BrowserUnavailableError):
        unboiler.extract("<p>Text</p>", extractor="vips")


def test_vips_is_listed_and_needs_the_visual_extra() -> None:
    from unboiler.extractors.registry import core_extractors, required_extra

    assert "VIPS" in unboiler.extractors()["vips"]
    assert required_extra("vips") == "visual"
    assert "vips" not in core_extractors() and "default" in core_extractors()


@needs_browser
def test_measured_nodes_map_back_to_the_parsed_elements() -> None:
    html = (
        "<html><body><div id=a>First <b>bold</b></div>"
        "<noscript><p id=n>No scripts here</p></noscript>"
        "<p id=c style='font-size:24px;color:rgb(200, 0, 0)'>Second</p></body></html>"
    )
    document = unboiler.parse(html)
    with Renderer() as renderer:
        rendered = renderer.render(document.tree)
    by_id = {
        node.element.attrs.get("id"): node
        for node in rendered.nodes
        if node.element is not None and node.element.attrs.get("id")
    }
    assert set(by_id) == {"a", "n", "c"}
    assert by_id["c"].font_size == 24 and by_id["c"].colour == "rgb(200, 0, 0)"
    assert by_id["a"].y < by_id["c"].y
    # the parsed element is the one the parser's block came from
    block = next(b for b in document.blocks if b.text == "Second")
    assert by_id["c"].element.mem_id == block.node.mem_id
    texts = [node.text for node in rendered.nodes if node.is_text]
    assert texts == ["First ", "bold", "No scripts here", "Second"]


@needs_browser
def test_scripts_do_not_run_and_nothing_is_fetched(tmp_path: Path) -> None:
    marker = tmp_path / "fetched"
    html = (
        "<html><body><p id=p>Static text</p>"
        "<script>document.getElementById('p').textContent = 'Scripted';</script>"
        f"<img src='file://{marker}' width=10 height=10>"
        "<iframe src='http://example.invalid/'></iframe></body></html>"
    )
    with Renderer() as renderer:
        rendered = renderer.render(unboiler.parse(html).tree)
    assert [node.text for node in rendered.nodes if node.is_text] == ["Static text"]
    assert not marker.exists()


@needs_browser
def test_a_page_that_takes_too_long_fails_with_the_reason_and_leaves_no_browser() -> None:
    crowded = "<html><body>" + "<div><span>cell</span></div>" * 100_000 + "</body></html>"
    hanging = "<html><body><p>Text</p><script>for (;;) {}</script></body></html>"
    with (
        Renderer(time_limit=0.5) as renderer,
        pytest.raises(ExtractionError, match="time limit"),
    ):
        renderer.render(unboiler.parse(crowded).tree)
    with Renderer(time_limit=2.0, javascript=True) as renderer:
        with pytest.raises(ExtractionError, match="time limit"):
            renderer.render(unboiler.parse(hanging).tree)
        # the renderer starts a new browser for the next page
        rendered = renderer.render(unboiler.parse("<p>After</p>").tree)
        assert [node.text for node in rendered.nodes if node.is_text] == ["After"]
    assert _our_browser_processes() == []


@needs_browser
def test_the_extractor_times_out_as_an_extraction_error() -> None:
    crowded = "<html><body>" + "<p>cell</p>" * 100_000 + "</body></html>"
    with pytest.raises(ExtractionError, match="time limit"):
        unboiler.extract(crowded, extractor="vips", time_limit=0.5)
    assert _our_browser_processes() == []


@needs_browser
def test_segment_command_prints_the_structure_and_draws_it(tmp_path: Path) -> None:
    source = tmp_path / "page.html"
    source.write_bytes(page("header-footer.html"))
    picture = tmp_path / "blocks.png"
    result = CliRunner().invoke(main, ["segment", str(source), "--png", str(picture)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("DoC ")
    assert any("Garden Notes — a weekly letter" in line for line in lines)
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert _our_browser_processes() == []


def test_segment_command_without_a_browser_says_what_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import unboiler.visual.render as render

    original = render.visual_available
    monkeypatch.setattr(
        render, "visual_available", lambda executable="/nonexistent": original("/nonexistent")
    )
    source = tmp_path / "page.html"
    source.write_text("<p>Text</p>")
    result = CliRunner().invoke(main, ["segment", str(source)])
    assert result.exit_code == 2
    assert "chromium" in result.output


@needs_browser
def test_measurements_stored_as_json_lay_out_the_page_parsed_again(renderer: Renderer) -> None:
    """What a benchmark stores (the browser's answer as JSON) gives, on the same HTML
    parsed again, the same nodes as rendering, pointing to the new tree's elements."""
    import json

    from unboiler.visual.render import rendered_page

    html = page("columns.html")
    first = unboiler.parse(html)
    direct = renderer.render(first.tree)
    stored = json.loads(json.dumps(renderer.measure(first.tree)))
    again = unboiler.parse(html)
    laid = rendered_page(stored, again.tree, renderer.width, renderer.height)
    assert [(n.tag, n.x, n.y, n.width, n.text) for n in laid.nodes] == [
        (n.tag, n.x, n.y, n.width, n.text) for n in direct.nodes
    ]
    paragraphs = [n for n in laid.nodes if n.tag == "p"]
    assert paragraphs
    ours = {node.mem_id for node in again.tree.css("p")}
    assert all(n.element is not None and n.element.mem_id in ours for n in paragraphs)
