"""The command line, through click's CliRunner."""

from __future__ import annotations

import gzip
import io
import json
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from tests.conftest import PAGES, ROOT

import unboiler
from unboiler.cli import main, option_value
from unboiler.explain import explain_extraction

SAMPLE = str(ROOT / "examples" / "article.html")


def test_extract_file() -> None:
    result = CliRunner().invoke(main, ["extract", SAMPLE])
    assert result.exit_code == 0, result.output
    assert "For forty years the Gull" in result.output
    assert "Privacy policy" not in result.output


def test_explain_says_why_each_block_was_kept_or_left_out() -> None:
    result = CliRunner().invoke(main, ["explain", SAMPLE])
    assert result.exit_code == 0, result.output
    head, *lines = result.output.splitlines()
    assert head.startswith("default, page type ") and " blocks kept" in head
    kept = [line for line in lines if line.startswith("+")]
    dropped = [line for line in lines if line.startswith("-")]
    assert any("For forty years the Gull" in line for line in kept)
    assert any("Privacy policy" in line for line in dropped)
    # the model's probability against the page's cut, and the features that moved it
    decided = [line for line in kept + dropped if "DecideBlocks()" in line]
    assert decided and all("p(content)" in line and "cut" in line for line in decided)
    # the same blocks as the extraction keeps
    shown = {int(line.split()[1]) for line in kept}
    explained = explain_extraction(unboiler.parse(Path(SAMPLE).read_bytes()))
    assert shown == {block.index for block in explained.blocks if block.kept and block.num_words}


def test_explains_lines_read_as_the_page_does(tmp_path: Path) -> None:
    # the parse parts a link from the comma after it; a line of the explanation does not
    page = tmp_path / "page.html"
    page.write_text(
        "<html><body><article><p>See <a href='/r'>the report</a>, which the board read"
        " twice before the vote on the harbour.</p><p>Install .NET 8 first, then the"
        " harbour's own tools, which the board's office keeps for every member.</p>"
        "</article></body></html>"
    )
    result = CliRunner().invoke(main, ["explain", str(page)])
    assert result.exit_code == 0, result.output
    assert "See the report, which" in result.output
    assert "report ," not in result.output
    assert "Install .NET 8" in result.output  # a mark that opens a word keeps its space


def test_explain_as_json_and_with_another_extractor() -> None:
    result = CliRunner().invoke(main, ["explain", SAMPLE, "--json", "-e", "boilerpipe-article"])
    assert result.exit_code == 0, result.output
    record = json.loads(result.output)
    assert record["extractor"] == "boilerpipe-article" and record["blocks"]
    assert {"kept", "reason", "text", "steps"} <= set(record["blocks"][0])


def test_explain_refuses_a_binary_page_with_exit_code_1() -> None:
    result = CliRunner().invoke(main, ["explain", "-"], input=b"\x00\x01\x02" * 100)
    assert result.exit_code == 1 and "binary" in result.output


def test_extract_stdin_as_json() -> None:
    data = (ROOT / "examples" / "article.html").read_bytes()
    result = CliRunner().invoke(
        main, ["extract", "-", "--output", "json", "--url", "https://example.org/u"], input=data
    )
    assert result.exit_code == 0, result.output
    record = json.loads(result.output)
    assert record["url"] == "https://example.org/u" and "floating library" in record["text"]


@pytest.mark.parametrize("page", [b"", b"<html><body> <!-- nothing --> <img src=a.png></body>"])
def test_a_page_without_main_content_prints_nothing_and_says_so(page: bytes) -> None:
    result = CliRunner().invoke(main, ["extract", "-", "-e", "default"], input=page)
    assert result.exit_code == 0, result.output
    assert result.stdout == ""  # not even a blank line
    assert "no main content found in <stdin>" in result.stderr
    # JSON always has its fields, the empty text among them
    result = CliRunner().invoke(main, ["extract", "-", "-o", "json"], input=page)
    assert json.loads(result.stdout)["text"] == "" and result.stderr == ""


def test_python_dash_m_unboiler_runs_the_command_line() -> None:
    """``python -m unboiler`` where the script is not on the PATH (a venv not activated):
    the same commands, and the usage names the command, not ``__main__.py``."""
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "unboiler", "extract", str(ROOT / "examples" / "article.html")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert len(done.stdout.split()) > 50
    usage = subprocess.run(
        [sys.executable, "-m", "unboiler", "--help"], capture_output=True, text=True, timeout=120
    )
    assert usage.stdout.startswith("Usage: unboiler ")


def test_a_closed_pipe_ends_a_batch_quietly(tmp_path: Path) -> None:
    """``unboiler batch ... | head``: the reader goes away before the records are written;
    the batch stops with SIGPIPE's status and no message, not with 1 (a page that could
    not be read) and a traceback."""
    import subprocess
    import sys

    for number in range(3):
        (tmp_path / f"page{number}.html").write_bytes(
            (ROOT / "examples" / "article.html").read_bytes()
        )
    process = subprocess.Popen(
        [sys.executable, "-m", "unboiler.cli", "batch", str(tmp_path), "-q", "-w", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # nothing will read what the batch writes
    errors = process.stderr.read()
    assert process.wait(timeout=120) == 141
    assert errors == b""


def test_a_closed_pipe_ends_a_large_extraction_with_its_status(tmp_path: Path) -> None:
    """``unboiler extract big.html | head -c 10``: one write larger than the pipe, which
    the reader stops taking; the command ended with 0 and its output cut."""
    import subprocess
    import sys

    page = tmp_path / "big.html"
    page.write_text("<html><body>" + "<p>A line of words in a long page.</p>" * 20000)
    process = subprocess.Popen(
        [sys.executable, "-m", "unboiler.cli", "extract", str(page), "-e", "boilerpipe-everything"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    assert process.stdout.read(10) == b"A line of "
    process.stdout.close()
    errors = process.stderr.read()
    assert process.wait(timeout=120) == 141
    assert errors == b""


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (Linux)")
def test_a_batch_whose_output_cannot_be_written_is_a_clean_error(tmp_path: Path) -> None:
    import subprocess
    import sys

    (tmp_path / "page.html").write_bytes((ROOT / "examples" / "article.html").read_bytes())
    for target in (["--out", "/dev/full"], []):
        with open("/dev/full", "w") as full:
            done = subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "unboiler.cli",
                    "batch",
                    str(tmp_path),
                    "-q",
                    "-w",
                    "0",
                    *target,
                ],
                stdout=full,
                stderr=subprocess.PIPE,
                text=True,
                check=False,
            )
        assert done.returncode == 2, done.stderr
        assert done.stderr.strip().splitlines() == [
            "Error: cannot write the output: No space left on device"
        ]


def test_an_interrupted_command_exits_with_130() -> None:
    class Interrupted(io.BytesIO):
        def read(self, size: int | None = -1) -> bytes:
            if size == 0:  # the test runner's look at what the stream gives
                return b""
            raise KeyboardInterrupt  # Ctrl-C, or SIGTERM, while the page is read

    result = CliRunner().invoke(main, ["extract", "-"], input=Interrupted())
    assert result.exit_code == 130, result.output
    assert result.stderr.strip() == "Interrupted."


def test_a_warning_is_one_line() -> None:
    result = CliRunner().invoke(
        main, ["extract", SAMPLE, "-e", "justext", "--option", "language=zz"]
    )
    assert result.exit_code == 0, result.output
    assert result.stderr.startswith("Warning: jusText has no stop list for language 'zz'")
    assert len(result.stderr.splitlines()) == 1


def test_format_is_another_name_of_output() -> None:
    # what a user of other extractors' command lines types first
    result = CliRunner().invoke(main, ["extract", SAMPLE, "--format", "json"])
    assert result.exit_code == 0, result.output
    assert "For forty years the Gull" in json.loads(result.output)["text"]


def test_extract_with_another_extractor() -> None:
    result = CliRunner().invoke(main, ["extract", SAMPLE, "-e", "boilerpipe-everything"])
    assert "Privacy policy" in result.output


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (Linux)")
def test_an_output_that_cannot_be_written_is_a_clean_error() -> None:
    import subprocess
    import sys

    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "unboiler.cli", "extract", SAMPLE],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            check=False,
        )
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "Error: cannot write the output: No space left on device"
    ]


def test_bad_input_is_a_clean_error() -> None:
    result = CliRunner().invoke(main, ["extract", "-"], input=bytes(range(256)) * 8)
    assert result.exit_code == 1
    assert "binary" in result.output
    assert "Traceback" not in result.output


def test_unknown_extractor_is_a_clean_error() -> None:
    result = CliRunner().invoke(main, ["extract", str(PAGES / "blog.html"), "-e", "nope"])
    assert result.exit_code == 2
    assert "no extractor named 'nope'" in result.output


def test_extractors_lists_each_with_a_description() -> None:
    result = CliRunner().invoke(main, ["extractors"])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    names = [line.split()[0] for line in lines]
    assert "boilerpipe-article" in names and "default" in names
    assert all(len(line.split()) > 3 for line in lines)
    # docstring markup is not shown: "spacer_blocks=False", not "``spacer_blocks=False``"
    assert "spacer_blocks=False" in result.output and "``" not in result.output


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
    assert result.exit_code == 2
    assert "unknown character encoding 'bogus'" in result.output
    assert isinstance(result.exception, SystemExit)


def test_max_bytes_refuses_a_larger_page_with_exit_code_1(tmp_path: Path) -> None:
    path = tmp_path / "page.html"
    path.write_text("<p>" + "Ein Satz über nichts. " * 50 + "</p>", encoding="utf-8")
    size = path.stat().st_size
    refused = CliRunner().invoke(main, ["extract", str(path), "--max-bytes", str(size - 1)])
    assert refused.exit_code == 1
    assert "page too large" in refused.output and "--max-bytes" in refused.output
    for limit in (str(size), "0"):  # at the limit, and 0 for none
        result = CliRunner().invoke(main, ["extract", str(path), "--max-bytes", limit])
        assert result.exit_code == 0 and "Ein Satz über nichts." in result.output
    packed = tmp_path / "page.html.gz"
    packed.write_bytes(gzip.compress(path.read_bytes()))
    refused = CliRunner().invoke(main, ["extract", str(packed), "--max-bytes", str(size - 1)])
    assert refused.exit_code == 1 and "expands to more than" in refused.output


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


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("3", 3),
        ("-2", -2),
        ("0.5", 0.5),
        ("1e3", 1000.0),
        ("true", True),
        ("False", False),
        ("de", "de"),
        ("nan", "nan"),  # Min Nan's code, not a number
        ("model.json", "model.json"),
        ("", ""),
        ("none", None),  # an option that takes None (members=none: all of them)
        ("None", None),
    ],
)
def test_option_values_are_typed(text: str, value: object) -> None:
    parsed = option_value(text)
    assert parsed == value and type(parsed) is type(value)


def test_extractor_options_reach_the_extractor(tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    page.write_text("<p>one two three</p><p>" + "word " * 12 + "</p>", encoding="utf-8")
    base = ["extract", str(page), "-e", "boilerpipe-everything-minwords"]
    assert CliRunner().invoke(main, base).output.startswith("word word")
    strict = CliRunner().invoke(main, [*base, "--option", "min-words=20"])
    assert strict.exit_code == 0, strict.output
    assert strict.stdout == ""


def test_named_options_of_the_default_extractor_still_work() -> None:
    for flags in (["--favor", "precision"], ["--option", "favor=precision"]):
        result = CliRunner().invoke(main, ["extract", SAMPLE, *flags])
        assert result.exit_code == 0, result.output
        assert "For forty years the Gull" in result.output
    missing = CliRunner().invoke(main, ["extract", SAMPLE, "--model", "no-such-model.json"])
    assert missing.exit_code == 2 and "no-such-model.json" in missing.output


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        (["--option", "favour=precision"], "takes no option 'favour'; its options: favor, model"),
        (["--option", "output=json"], "takes no option 'output'"),
        (["-e", "justext", "--option", "langauge=de"], "its options: language, no_headings"),
        (["-e", "justext", "--option", "language=3"], "'language' of extractor 'justext'"),
        (["-e", "justext", "--option", "language=german"], "not a language tag"),
        (["-e", "boilerpipe-tree", "--option", "depth=9"], "between 1 and 5"),
    ],
)
def test_a_wrong_option_is_a_clean_error(flags: list[str], message: str) -> None:
    result = CliRunner().invoke(main, ["extract", SAMPLE, *flags])
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert isinstance(result.exception, SystemExit)  # click's exit, not an escaped error


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        (["--option", "depth"], "'depth' is not KEY=VALUE"),
        (["--option", "=3"], "'=3' is not KEY=VALUE"),
        (["--option", "a=1", "--option", "a=2"], "'a' is given twice"),
        (["--favor", "recall", "--option", "favor=precision"], "both given"),
    ],
)
def test_a_malformed_option_is_a_usage_error(flags: list[str], message: str) -> None:
    result = CliRunner().invoke(main, ["extract", SAMPLE, *flags])
    assert result.exit_code == 2
    assert message in result.output


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("notaurl", "'notaurl' is not an absolute URL"),
        ("example.org/news/a", "is not an absolute URL"),
        ("/news/a", "is not an absolute URL"),
        ("http://[::1", "is not a URL (Invalid IPv6 URL)"),
    ],
)
def test_a_url_that_is_not_absolute_is_a_usage_error(url: str, message: str) -> None:
    result = CliRunner().invoke(main, ["extract", SAMPLE, "--url", url])
    assert result.exit_code == 2
    assert message in result.output


def test_an_absolute_url_resolves_links(tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    sentence = "The ferry library opened on Saturday with eleven thousand books on its decks. "
    page.write_text(
        f'<html><body><article><p>{sentence * 3}See <a href="../map.html">the map</a>.</p>'
        "</article></body></html>",
        encoding="utf-8",
    )
    result = CliRunner().invoke(
        main, ["extract", str(page), "-o", "markdown", "--links", "--url", " https://e.org/a/b "]
    )
    assert result.exit_code == 0, result.output
    assert "See [the map](https://e.org/map.html)." in result.output


def test_with_metadata_refused_for_an_output_without_front_matter() -> None:
    result = CliRunner().invoke(main, ["extract", SAMPLE, "-o", "html", "--with-metadata"])
    assert result.exit_code == 2
    assert "not html (an HTML fragment has no front matter; --output json holds" in result.output


@pytest.mark.parametrize("output", ["text", "markdown"])
def test_with_metadata_on_a_page_without_content(output: str) -> None:
    """The metadata asked for is printed, and the missing content still said; a page
    with neither prints nothing, not an empty front matter block."""
    titled = b"<html><head><title>Only a title</title></head><body></body></html>"
    result = CliRunner().invoke(
        main, ["extract", "-", "-o", output, "--with-metadata"], input=titled
    )
    assert result.exit_code == 0, result.output
    assert result.stdout == '---\ntitle: "Only a title"\n---\n'
    assert "no main content found in <stdin>" in result.stderr
    empty = CliRunner().invoke(main, ["extract", "-", "-o", output, "--with-metadata"], input=b"")
    assert empty.exit_code == 0, empty.output
    assert empty.stdout == ""
    assert "no main content found in <stdin>" in empty.stderr


def test_with_metadata_is_no_error_for_json_which_holds_it() -> None:
    plain = CliRunner().invoke(main, ["extract", SAMPLE, "-o", "json"])
    both = CliRunner().invoke(main, ["extract", SAMPLE, "-o", "json", "--with-metadata"])
    assert both.exit_code == 0, both.output
    assert json.loads(both.output) == json.loads(plain.output)
    assert json.loads(both.output)["title"]


@pytest.mark.parametrize("output", ["text", "json"])
@pytest.mark.parametrize("flag", ["--links", "--images"])
def test_links_and_images_refused_for_an_output_without_them(output: str, flag: str) -> None:
    result = CliRunner().invoke(main, ["extract", SAMPLE, "-o", output, flag])
    assert result.exit_code == 2
    assert f"{flag} is for --output markdown or html, not {output}" in result.output
    # the reason given fits the format: JSON is not "plain text"
    assert ("plain text has no" in result.output) == (output == "text")
    # the library takes them for every output (a loop over the formats), and ignores them
    assert unboiler.extract("<p>Some words.</p>", output=output, links=True, images=True)
    assert CliRunner().invoke(main, ["extract", SAMPLE, "-o", "markdown", flag]).exit_code == 0


JAPANESE = (
    "<html><body><article><p>東京の天気は晴れです。今日はとても暖かい一日になるでしょう。"
    "明日も晴れの予報です。</p></article></body></html>"
)


@pytest.mark.parametrize("output", ["text", "json"])
def test_a_redirected_output_is_utf8_whatever_the_locale(tmp_path: Path, output: str) -> None:
    """A Windows shell's ``> out.txt`` encodes with the ANSI code page: a Japanese page
    failed with a UnicodeEncodeError traceback and left an empty file."""
    import os
    import subprocess
    import sys

    page = tmp_path / "ja.html"
    page.write_text(JAPANESE, encoding="utf-8")
    process = subprocess.run(
        [sys.executable, "-m", "unboiler.cli", "extract", str(page), "-o", output],
        capture_output=True,
        env={**os.environ, "PYTHONIOENCODING": "cp1252"},
        timeout=120,
    )
    assert process.returncode == 0, process.stderr.decode()
    assert "東京の天気は晴れです" in process.stdout.decode("utf-8")


def test_a_terminal_that_cannot_show_the_text_is_an_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A terminal keeps its encoding; one without the page's script is one line and
    exit code 2, not a traceback."""
    import io
    import sys

    from unboiler.cli import _echo

    class Terminal(io.TextIOWrapper):
        def isatty(self) -> bool:
            return True

    terminal = Terminal(io.BytesIO(), encoding="cp1252")
    monkeypatch.setattr(sys, "stdout", terminal)
    with pytest.raises(click.ClickException) as raised:
        _echo("東京")
    assert raised.value.exit_code == 2
    assert "cp1252" in raised.value.format_message()


def test_serve_on_a_port_in_use_is_one_error_line() -> None:
    import socket
    import subprocess
    import sys

    pytest.importorskip("uvicorn", reason="the serve extra is not installed")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run(
            [sys.executable, "-m", "unboiler.cli", "serve", "--port", str(port)],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
    assert done.returncode == 2  # uvicorn's own failure was 3, a code nobody documents
    assert (
        done.stderr.strip() == f"Error: cannot listen on 127.0.0.1:{port}: Address already in use"
    )
