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
@click.option(
    "--model",
    default=None,
    type=click.Path(dir_okay=False),
    help="Model file of a trained extractor (from `unboiler train`); else the packaged one.",
)
def extract(
    source: BinaryIO,
    extractor: str,
    output_format: str,
    url: str | None,
    encoding: str | None,
    model: str | None = None,
) -> None:
    """Print the main content of the HTML page in SOURCE (a file, or - for stdin)."""
    data = source.read()
    try:
        if model is not None:
            from unboiler.classify.model import extract_with_model

            text = extract_with_model(
                data, extractor=extractor, model=model, url=url, encoding=encoding,
                output=output_format,
            )
        else:
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


@main.command("train")
@click.argument("dataset")
@click.option(
    "--out", "-o", "out", required=True, type=click.Path(dir_okay=False), help="Model file."
)
@click.option(
    "--extractor",
    "-e",
    type=click.Choice(["density", "density-blocks"]),
    default="density",
    show_default=True,
    help="The trained extractor the model is for.",
)
@click.option("--seed", default=0, show_default=True, help="Seed of the threshold folds.")
def train_command(dataset: str, out: str, extractor: str, seed: int) -> None:
    """Train the block classifier of a density extractor on DATASET (a benchmark's name or
    any path `unboiler eval` reads) and write the model to --out (JSON)."""
    from unboiler.classify.train import train_dataset

    command = f"unboiler train {dataset} --extractor {extractor} --seed {seed}"
    try:
        model = train_dataset(
            dataset,
            extractor=extractor,
            seed=seed,
            command=command,
            progress=lambda message: click.echo(message, err=True),
        )
        model.save(out)
    except (UnboilerError, OSError) as error:
        raise click.ClickException(str(error)) from error
    click.echo(f"wrote {out}: {extractor} model, threshold {model.threshold:.2f}")


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
