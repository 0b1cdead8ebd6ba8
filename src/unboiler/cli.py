"""The ``unboiler`` command: one click group."""

from __future__ import annotations

import sys
from typing import BinaryIO

import click

from unboiler.core import extract as extract_page
from unboiler.errors import UnboilerError
from unboiler.extractors import extractors as list_extractors
from unboiler.output import RENDERERS


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="unboiler")
def main() -> None:
    """Extract the main content of web pages, without the boilerplate."""


@main.command()
@click.argument("source", type=click.File("rb"), default="-")
@click.option(
    "--extractor",
    "-e",
    default="default",
    show_default=True,
    help="Extractor to run (see `unboiler extractors`).",
)
@click.option(
    "--output",
    "-o",
    "output_format",
    type=click.Choice(sorted(RENDERERS)),
    default="text",
    show_default=True,
    help="Output format.",
)
@click.option("--url", default=None, help="URL of the page, if known.")
@click.option(
    "--encoding",
    default=None,
    help="Character encoding given by the server, if known; else detected.",
)
def extract(
    source: BinaryIO,
    extractor: str,
    output_format: str,
    url: str | None,
    encoding: str | None,
) -> None:
    """Print the main content of the HTML page in SOURCE (a file, or - for stdin)."""
    data = source.read()
    try:
        text = extract_page(
            data, url=url, extractor=extractor, output=output_format, encoding=encoding
        )
    except UnboilerError as error:
        raise click.ClickException(str(error)) from error
    click.echo(text)


@main.command("extractors")
def extractors_command() -> None:
    """List the extractors, one per line, with what each one is."""
    names = list_extractors()
    width = max(map(len, names))
    for name, description in names.items():
        click.echo(f"{name:<{width}}  {description}")


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
