"""The YAML front matter of --with-metadata: only the fields a page has, every value a
double-quoted scalar that reads back as the same string (checked with PyYAML when it is
installed, and always against the quoting rules themselves)."""

from __future__ import annotations

import re
from typing import Any

import pytest
import yaml
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st
from tests.output.helpers import PAGES

import unboiler
from unboiler.cli import main
from unboiler.output.frontmatter import FRONT_MATTER_FIELDS, front_matter, yaml_string

PAGE = (PAGES / "front-matter.html").read_bytes()
URL = "https://courier.example.org/2024/05/17/ferry"
TITLE = 'Ferry: "The Gull" sails again # 2'
DESCRIPTION = "- yes: a back\\slash, 'quotes' & a [list] {map} *star* !tag %pct @at `tick`"

#: A double-quoted YAML scalar as this module writes it: between the quotes, characters
#: YAML prints as they are (less the backslash and the quote), or the escapes used.
STRICT_SCALAR = re.compile(
    r'"(?:[^"\\\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\ufeff\ufffe\uffff]'
    r'|\\[\\"ntr]|\\x[0-9a-f]{2}|\\u[0-9a-f]{4})*"'
)
TRICKY = [
    TITLE,
    DESCRIPTION,
    "2024-05-17",
    "yes",
    "null",
    "~",
    "",
    "  padded  ",
    "line one\nline two\r\n",
    "tab\there",
    "#hash first",
    "ends with a colon:",
    "a: b: c",
    "\\",
    '"',
    "bell \x07 nul \x00 del \x7f",
    "next line \x85 line sep \u2028 paragraph sep \u2029",
    "bom \ufeff",
    "emoji 👩\u200d💻, Persian می\u200cخواهم, 中文",
]


def yaml_load(text: str) -> Any:
    return yaml.safe_load(text)


def block_of(output: str) -> str:
    assert output.startswith("---\n")
    end = output.index("\n---\n", 3)
    return output[: end + 5]


@pytest.mark.parametrize("text", TRICKY)
def test_quoting_follows_the_rules(text: str) -> None:
    assert STRICT_SCALAR.fullmatch(yaml_string(text)), yaml_string(text)


@pytest.mark.parametrize("text", TRICKY)
def test_a_yaml_parser_reads_back_the_same_string(text: str) -> None:
    assert yaml_load(f"key: {yaml_string(text)}\n") == {"key": text}


@given(st.text(st.characters(exclude_categories=("Cs",))))
def test_any_text_is_quoted_by_the_rules(text: str) -> None:
    assert STRICT_SCALAR.fullmatch(yaml_string(text))


@given(st.text(st.characters(exclude_categories=("Cs",))))
def test_any_text_reads_back(text: str) -> None:
    assert yaml_load(f"key: {yaml_string(text)}\n") == {"key": text}


def test_only_the_fields_present_in_order() -> None:
    record = {
        "text": "not written",
        "tags": ["a", "b: c"],
        "title": "T",
        "author": None,
        "categories": [],
        "language": "de",
        "extractor": "default",
    }
    assert front_matter(record) == (
        '---\ntitle: "T"\nlanguage: "de"\ntags:\n  - "a"\n  - "b: c"\n---\n'
    )
    assert front_matter({}) == "---\n---\n"
    assert set(FRONT_MATTER_FIELDS) <= set(unboiler.extract_result("<p>x</p>").to_dict())


@pytest.mark.parametrize("output", ["text", "markdown"])
def test_extract_with_metadata(output: str) -> None:
    written = unboiler.extract(PAGE, url=URL, output=output, with_metadata=True)
    block = block_of(written)
    assert written == block + "\n" + unboiler.extract(PAGE, url=URL, output=output)
    fields = yaml_load(block.strip().strip("-"))
    assert fields == {
        "title": TITLE,
        "author": "O'Brien, Ann",
        "date": "2024-05-17T09:30:00+02:00",
        "url": URL,
        "sitename": "The Coastal Courier",
        "description": DESCRIPTION,
        "language": "en",
        "page_type": "article",
        "tags": ["ferries: old and new", "null"],
    }


def test_every_line_of_the_block_is_a_strict_field() -> None:
    block = block_of(unboiler.extract(PAGE, url=URL, with_metadata=True))
    scalar = STRICT_SCALAR.pattern
    for line in block.splitlines()[1:-1]:
        assert re.fullmatch(rf"[a-z_]+: {scalar}|[a-z_]+:|  - {scalar}", line), line


def test_with_metadata_is_for_text_markdown_and_json() -> None:
    with pytest.raises(unboiler.OutputError, match="no front matter"):
        unboiler.extract(PAGE, output="html", with_metadata=True)
    # JSON holds the metadata anyway: the same record
    assert unboiler.extract(PAGE, url=URL, output="json", with_metadata=True) == (
        unboiler.extract(PAGE, url=URL, output="json")
    )


def test_command_line_with_metadata() -> None:
    path = str(PAGES / "front-matter.html")
    result = CliRunner().invoke(main, ["extract", path, "--with-metadata", "--url", URL])
    assert result.exit_code == 0, result.output
    assert result.output.startswith(f'---\ntitle: "{TITLE.replace(chr(34), chr(92) + chr(34))}"')
    assert "\n---\n\nFerry:" in result.output
    wrong = CliRunner().invoke(main, ["extract", path, "--with-metadata", "-o", "html"])
    assert wrong.exit_code == 2 and "--with-metadata is for --output text, markdown or json" in (
        wrong.output
    )
