"""The command line, through click's CliRunner."""

from __future__ import annotations

import json

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
