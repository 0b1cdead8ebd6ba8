"""The command line, through click's CliRunner."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from click.testing import CliRunner
from tests.conftest import PAGES, ROOT

from unboiler.cli import main

SAMPLE = str(ROOT / "examples" / "article.html")


def test_extract_file() -> None:
    result = CliRunner().invoke(main, ["extract", SAMPLE])
    assert result.exit_code == 0, result.output
    assert "For forty years the Gull" in result.output
    assert "Privacy policy" not in result.output


def test_extract_stdin_as_json() -> None:
    data = (ROOT / "examples" / "article.html").read_bytes()
    result = CliRunner().invoke(
        main, ["extract", "-", "--output", "json", "--url", "u"], input=data
    )
    assert result.exit_code == 0, result.output
    record = json.loads(result.output)
    assert record["url"] == "u" and "floating library" in record["text"]


def test_extract_with_another_extractor() -> None:
    result = CliRunner().invoke(main, ["extract", SAMPLE, "-e", "boilerpipe-everything"])
    assert "Privacy policy" in result.output


def test_bad_input_is_a_clean_error() -> None:
    result = CliRunner().invoke(main, ["extract", "-"], input=bytes(range(256)) * 8)
    assert result.exit_code == 1
    assert "binary" in result.output
    assert "Traceback" not in result.output


def test_unknown_extractor_is_a_clean_error() -> None:
    result = CliRunner().invoke(main, ["extract", str(PAGES / "blog.html"), "-e", "nope"])
    assert result.exit_code == 1
    assert "no extractor named 'nope'" in result.output


def test_extractors_lists_each_with_a_description() -> None:
    result = CliRunner().invoke(main, ["extractors"])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    names = [line.split()[0] for line in lines]
    assert "boilerpipe-article" in names and "default" in names
    assert all(len(line.split()) > 3 for line in lines)


def test_extract_markdown_with_links_and_images(tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    page.write_text(
        '<html><body><h1>Title</h1><p>Text with <a href="/x">a link</a> and '
        '<img src="i.png" alt="pic"> an image, long enough to be kept.</p></body></html>',
        encoding="utf-8",
    )
    base = ["extract", str(page), "-e", "boilerpipe-everything", "-o", "markdown"]
    base += ["--url", "https://ex.org/a/"]
    plain = CliRunner().invoke(main, base)
    rich = CliRunner().invoke(main, [*base, "--links", "--images"])
    assert plain.exit_code == 0 and rich.exit_code == 0, plain.output + rich.output
    assert "# Title" in plain.output and "](" not in plain.output
    assert "[a link](https://ex.org/x)" in rich.output
    assert "![pic](https://ex.org/a/i.png)" in rich.output


def test_unknown_encoding_is_a_clean_error() -> None:
    result = CliRunner().invoke(main, ["extract", SAMPLE, "--encoding", "bogus"])
    assert result.exit_code == 1
    assert "unknown character encoding 'bogus'" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_gzip_input_is_read_as_html(tmp_path: Path) -> None:
    data = (ROOT / "examples" / "article.html").read_bytes()
    page = tmp_path / "article.html.gz"
    page.write_bytes(gzip.compress(data))
    plain = CliRunner().invoke(main, ["extract", SAMPLE])
    from_file = CliRunner().invoke(main, ["extract", str(page)])
    # found by its magic bytes, not by its name: also on stdin
    from_stdin = CliRunner().invoke(main, ["extract", "-"], input=gzip.compress(data))
    assert plain.exit_code == from_file.exit_code == from_stdin.exit_code == 0
    assert "For forty years the Gull" in plain.output
    assert from_file.output == from_stdin.output == plain.output


def test_truncated_gzip_is_a_clean_error(tmp_path: Path) -> None:
    data = gzip.compress((ROOT / "examples" / "article.html").read_bytes())
    page = tmp_path / "article.html.gz"
    page.write_bytes(data[: len(data) // 2])
    result = CliRunner().invoke(main, ["extract", str(page)])
    assert result.exit_code == 1
    assert "Error: the gzip-compressed input is truncated" in result.output
    assert "Traceback" not in result.output
