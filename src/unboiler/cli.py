"""The ``unboiler`` command: one click group."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import sys
import threading
import warnings
from typing import Any, BinaryIO, Final

import click

from unboiler.classify.default_model import FAVOR_MODES
from unboiler.compressed import decompress
from unboiler.core import LINK_OUTPUTS, METADATA_OUTPUTS
from unboiler.core import extract as extract_page
from unboiler.errors import ExtractionError, PageTooLargeError, PageURLError, UnboilerError
from unboiler.extractors import extractors as list_extractors
from unboiler.extractors import get_extractor
from unboiler.extractors.registry import option_value
from unboiler.output import RENDERERS
from unboiler.output.frontmatter import DELIMITER
from unboiler.parse import MAX_BYTES, check_url

#: Exit codes (documented in README.md): 1 the page could not be read (an
#: ExtractionError: binary data, truncated gzip, a page too deep or too large); 2 any
#: other error the caller can fix (a name, option, encoding, output, file or setting that
#: does not exist or cannot work; click's own usage errors use 2 as well); 130 stopped by
#: Ctrl-C.
EXIT_UNREADABLE_PAGE = 1
EXIT_BAD_REQUEST = 2
#: The reader of standard output closed it (``| head``): the exit status of a command
#: that SIGPIPE ends (128 + 13), as the shell's own tools report it.
EXIT_CLOSED_PIPE = 128 + 13
#: Characters of the output written at a time (:func:`_echo`).
OUTPUT_PIECE = 1 << 16
#: Stopped by Ctrl-C or SIGTERM: the status of a command SIGINT ends (128 + 2).
EXIT_INTERRUPTED = 128 + 2


class _UnreadablePage(click.ClickException):
    exit_code = EXIT_UNREADABLE_PAGE


class _BadRequest(click.ClickException):
    exit_code = EXIT_BAD_REQUEST


def CommandError(error: BaseException) -> click.ClickException:
    """One line on standard error ("Error: ..."), with the exit code of the error's kind."""
    if isinstance(error, ExtractionError):
        return _UnreadablePage(str(error))
    return _BadRequest(str(error))


def _echo(text: str, *, nl: bool = True) -> None:
    """``click.echo`` to standard output, a failed write (a full disk, a closed file) one
    line on standard error with exit code 2; a closed pipe (``| head``) is left to the
    command group, which ends quietly (:data:`EXIT_CLOSED_PIPE`)."""
    try:
        # In pieces: one large write that the reader stops taking (``| head -c 10``)
        # returned with part of it written and no error, and the command ended with 0;
        # the next piece meets the closed pipe.
        for start in range(0, len(text), OUTPUT_PIECE):
            click.echo(text[start : start + OUTPUT_PIECE], nl=False)
        if nl:
            click.echo("")
        sys.stdout.flush()
    except BrokenPipeError:
        raise
    except OSError as error:
        raise _BadRequest(f"cannot write the output: {error.strerror or error}") from error
    except UnicodeEncodeError as error:  # a terminal whose encoding lacks the page's script
        encoding = getattr(sys.stdout, "encoding", None) or error.encoding
        raise _BadRequest(
            f"cannot write the output: standard output's encoding ({encoding}) "
            "cannot hold its text; set PYTHONIOENCODING=utf-8"
        ) from error


class _Commands(click.Group):
    """The command group, ending quietly when the reader of standard output goes away:
    ``unboiler batch ... | head`` stops with :data:`EXIT_CLOSED_PIPE`, with no
    traceback or message, and not with click's status 1, which here says a page could
    not be read."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            with _sigterm_stops():
                return super().invoke(ctx)
        except KeyboardInterrupt:
            # Ctrl-C or SIGTERM (main): 130, as the README says, not click's "Aborted!"
            # and 1, which here says a page could not be read
            click.echo("Interrupted.", err=True)
            sys.exit(EXIT_INTERRUPTED)
        except BrokenPipeError:
            # Python flushes standard output again at exit: point it at nothing first,
            # or that flush fails once more and prints "Exception ignored".
            # (an output with no descriptor, click's test runner's, has nothing to flush)
            with contextlib.suppress(AttributeError, OSError, ValueError):
                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            sys.exit(EXIT_CLOSED_PIPE)


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="unboiler")
def main() -> None:
    """Extract the main content of web pages, without the boilerplate."""
    warnings.showwarning = _show_warning
    _utf8_when_redirected()


@contextlib.contextmanager
def _sigterm_stops() -> Any:
    """Inside the block, SIGTERM (``kill``, ``timeout``, ``docker stop``) stops a command
    as Ctrl-C does (:data:`EXIT_INTERRUPTED`), unless the process ignores it; the
    handler before is put back after.  Only the main thread can set a handler."""
    previous = None
    if threading.current_thread() is threading.main_thread():
        with contextlib.suppress(ValueError, OSError):
            current = signal.getsignal(signal.SIGTERM)
            if current is not signal.SIG_IGN:
                previous = signal.signal(signal.SIGTERM, signal.default_int_handler)
    try:
        yield
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _utf8_when_redirected() -> None:
    """Write UTF-8 to a file or pipe whatever the locale says: JSON, Markdown and HTML
    are UTF-8 by convention, and a Windows shell's ``> out.txt`` would otherwise encode
    with the ANSI code page (cp1252), where a Chinese or Arabic page fails to write.  A
    terminal keeps its own encoding (Python writes any text to the Windows console)."""
    stream = sys.stdout
    encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "")
    if encoding == "utf8":
        return
    with contextlib.suppress(AttributeError, OSError, ValueError):
        if not stream.isatty():
            stream.reconfigure(encoding="utf-8")  # type: ignore[union-attr]


def _show_warning(
    message: Warning | str,
    category: type[Warning],
    filename: str,
    lineno: int,
    file: Any = None,
    line: str | None = None,
) -> None:
    """A warning as one line on standard error ("Warning: ..."), as errors are written:
    the source line Python shows with it says nothing to a user of the command."""
    click.echo(f"Warning: {message}", err=True)


def _extractor_options(
    context: click.Context, parameter: click.Parameter, values: tuple[str, ...]
) -> dict[str, object]:
    """The ``--option KEY=VALUE`` pairs as keyword arguments (``block-lines`` is
    ``block_lines``); whether the extractor takes them is for the registry to say."""
    options: dict[str, object] = {}
    for item in values:
        key, equals, value = item.partition("=")
        key = key.strip().replace("-", "_")
        if not equals or not key.isidentifier():
            raise click.BadParameter(f"{item!r} is not KEY=VALUE", context, parameter)
        if key in options:
            raise click.BadParameter(f"{key!r} is given twice", context, parameter)
        options[key] = option_value(value)
    return options


def _page_url(context: click.Context, parameter: click.Parameter, value: str | None) -> str | None:
    """``--url`` as given, when it is an absolute URL (:func:`~unboiler.parse.check_url`,
    the library's own check): anything else ("example.org/a", a typo) would leave links
    unresolved and the model without the URL's words, in silence."""
    try:
        return check_url(value)
    except PageURLError as error:
        raise click.BadParameter(str(error), context, parameter) from None


def _page_options(command: Any) -> Any:
    """The options of a command that reads one page and runs an extractor on it
    (``extract``, ``explain``): the page, the extractor and its options, the page's URL,
    encoding and size limit."""
    for decorate in reversed(_PAGE_OPTIONS):
        command = decorate(command)
    return command


#: The decorators of :func:`_page_options`, outermost first (the order ``--help`` lists).
_PAGE_OPTIONS: Final[tuple[Any, ...]] = (
    click.argument("source", type=click.File("rb"), default="-"),
    click.option(
        "--extractor",
        "-e",
        default="default",
        show_default=True,
        help="Extractor to run (see `unboiler extractors`).",
    ),
    click.option(
        "--option",
        "options",
        multiple=True,
        metavar="KEY=VALUE",
        callback=_extractor_options,
        help="An option of the extractor (repeatable), such as language=de for justext or "
        "depth=3 for boilerpipe-tree; true/false, numbers and text are understood.",
    ),
    click.option(
        "--url",
        default=None,
        callback=_page_url,
        help="The page's absolute URL, if known: links are resolved against it, and the "
        "default extractor reads its words (without it, the address the page declares).",
    ),
    click.option(
        "--encoding",
        default=None,
        help="Character encoding given by the server, if known; else detected.",
    ),
    click.option(
        "--max-bytes",
        default=MAX_BYTES,
        show_default=True,
        type=click.IntRange(min=0),
        help="Largest page (after gzip) to read; a larger one is refused (exit code 1). "
        "0 for no limit.",
    ),
    click.option(
        "--model",
        default=None,
        type=click.Path(dir_okay=False),
        help="Model file of a trained extractor (from `unboiler train`); else the packaged one. "
        "Short for --option model=FILE.",
    ),
    click.option(
        "--favor",
        type=click.Choice(FAVOR_MODES),
        default=None,
        help="The default extractor's trade-off: balanced (default), precision or recall. "
        "Short for --option favor=MODE.",
    ),
)


@main.command()
@_page_options
@click.option(
    "--output",
    "--format",
    "-o",
    "output_format",
    type=click.Choice(sorted(RENDERERS)),
    default="text",
    show_default=True,
    help="Output format: text (plain text, as WCXB's gold is written), markdown (CommonMark "
    "with GitHub's tables), html (a sanitised fragment) or json (text and metadata).",
)
@click.option("--links", is_flag=True, help="Keep links (markdown and html output).")
@click.option("--images", is_flag=True, help="Keep images (markdown and html output).")
@click.option(
    "--with-metadata",
    is_flag=True,
    help="Put the page's title, author, date, URL, site name, language... above the text "
    "or markdown output, as a YAML front matter block (json holds them anyway).",
)
def extract(
    source: BinaryIO,
    extractor: str,
    options: dict[str, object],
    output_format: str,
    url: str | None,
    encoding: str | None,
    max_bytes: int = MAX_BYTES,
    model: str | None = None,
    favor: str | None = None,
    links: bool = False,
    images: bool = False,
    with_metadata: bool = False,
) -> None:
    """Print the main content of the HTML page in SOURCE (a file, or - for stdin, which
    is also read when SOURCE is left out; either may be gzip-compressed)."""
    if with_metadata and output_format not in METADATA_OUTPUTS:
        raise click.UsageError(
            f"--with-metadata is for --output text, markdown or json, not {output_format} "
            "(an HTML fragment has no front matter; --output json holds the metadata)"
        )
    if (links or images) and output_format not in LINK_OUTPUTS:
        flag = "--links" if links else "--images"
        why = "plain text" if output_format == "text" else "JSON holds the text output, which"
        raise click.UsageError(
            f"{flag} is for --output markdown or html, not {output_format} "
            f"({why} has no links or images)"
        )
    _short_options(options, model=model, favor=favor)
    try:
        # Built here, not by extract(): an option named like one of extract()'s own
        # arguments ("output", "url") is then the extractor's unknown option, not a clash.
        chosen = get_extractor(extractor, **options)
        limit = max_bytes or None
        data = _read_page(source, limit)
        text = extract_page(
            data,
            url=url,
            extractor=chosen,
            output=output_format,
            encoding=encoding,
            max_bytes=limit,
            links=links,
            images=images,
            with_metadata=with_metadata,
        )
    except UnboilerError as error:
        raise CommandError(error) from error
    # the front matter alone, when asked for, is followed by a blank line and the body
    metadata_only = with_metadata and output_format != "json" and text.endswith(f"{DELIMITER}\n")
    if not text or metadata_only:
        # nothing to print, not even a blank line: a page without main content (an empty
        # file, a page of navigation only) is no error, and a script sees an empty output
        # (or the metadata it asked for)
        if text:
            _echo(text.rstrip("\n"))
        name = getattr(source, "name", "<stdin>")
        click.echo(f"unboiler: no main content found in {name}", err=True)
        return
    _echo(text)


def _short_options(options: dict[str, object], **given: object) -> None:
    """Put ``--model`` and ``--favor``, when given, among the extractor's options, which
    they are short for."""
    for name, value in given.items():
        if value is not None:
            if name in options:
                raise click.UsageError(f"--{name} and --option {name}= both given; give one")
            options[name] = value


def _read_page(source: BinaryIO, limit: int | None) -> bytes:
    """The page's bytes, refused when more than ``limit`` (None: no limit)."""
    # Never more than the limit read: a gzip stream larger than it expands larger still.
    data = source.read() if limit is None else source.read(limit + 1)
    if limit is not None and len(data) > limit:
        raise PageTooLargeError(
            f"page too large: more than max_bytes={limit:,} bytes "
            "(give a larger --max-bytes, or 0 for no limit)"
        )
    return data


#: Characters of a block's text shown on its line of ``unboiler explain``: enough to
#: find the block in the page, leaving the line's room to the reason.
EXPLAIN_TEXT_WIDTH: Final = 60
#: A space before closing punctuation in a block's text: the parse parts a link's text
#: from what follows it (Boilerpipe's rule, whose word counts the features read), so a
#: link before a comma reads "the report , which".
_SPACE_BEFORE_CLOSING: Final = re.compile(r"\s+(?=[,.;:)\]}…](?:\s|$))")


def _preview(text: str) -> str:
    """A block's text as a line of the explanation: white space collapsed, and no space
    before closing punctuation (:data:`_SPACE_BEFORE_CLOSING`), as the page shows it;
    cut at :data:`EXPLAIN_TEXT_WIDTH` characters."""
    text = _SPACE_BEFORE_CLOSING.sub("", " ".join(text.split()))
    if len(text) > EXPLAIN_TEXT_WIDTH:
        text = text[: EXPLAIN_TEXT_WIDTH - 1] + "…"
    return text


@main.command("explain")
@_page_options
@click.option(
    "--all",
    "every",
    is_flag=True,
    help="Show every block, those without words too (a lone bullet, a separator).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the explanation as JSON.")
def explain_command(
    source: BinaryIO,
    extractor: str,
    options: dict[str, object],
    url: str | None,
    encoding: str | None,
    max_bytes: int = MAX_BYTES,
    model: str | None = None,
    favor: str | None = None,
    every: bool = False,
    as_json: bool = False,
) -> None:
    """Show why each block of the page in SOURCE was kept (+) or left out (-): for the
    default extractor, its probability of content against the page's cut and the
    features that moved it most, or the rule that decided; for the others, the filter
    that decided.  Blocks are in page order, those the extractor added last."""
    import json

    from unboiler.explain import explain_extraction
    from unboiler.parse import parse

    _short_options(options, model=model, favor=favor)
    try:
        chosen = get_extractor(extractor, **options)
        limit = max_bytes or None
        document = parse(_read_page(source, limit), url=url, encoding=encoding, max_bytes=limit)
        explained = explain_extraction(document, chosen)
    except UnboilerError as error:
        raise CommandError(error) from error
    if as_json:
        _echo(json.dumps(explained.to_dict(), ensure_ascii=False, indent=1))
        return
    shown = [block for block in explained.blocks if every or block.num_words]
    kept = sum(block.kept for block in explained.blocks)
    kind = f", page type {explained.page_type}" if explained.page_type else ""
    hidden = len(explained.blocks) - len(shown)
    lines = [
        f"{explained.extractor}{kind}: {kept} of {len(explained.blocks)} blocks kept"
        + (f" ({hidden} without words not shown: --all shows them)" if hidden else "")
    ]
    for block in shown:
        text = _preview(block.text)
        mark = "+" if block.kept else "-"
        # the mark says kept or dropped: the reason goes on with what decided
        reason = block.reason.removeprefix("kept by ").removeprefix("dropped by ")
        lines.append(f"{mark} {block.index:>4}  {text:<{EXPLAIN_TEXT_WIDTH}}  {reason}")
    _echo("\n".join(lines))


@main.command("extractors")
def extractors_command() -> None:
    """List the extractors, one per line, with what each one is."""
    names = list_extractors()
    width = max(map(len, names))
    for name, description in names.items():
        # the descriptions are docstrings: a terminal shows ``code`` as it is written
        click.echo(f"{name:<{width}}  {description.replace('``', '')}")


@main.command("segment")
@click.argument("source", type=click.File("rb"), default="-")
@click.option(
    "--png",
    type=click.Path(dir_okay=False, writable=True),
    default=None,
    help="Save a screenshot with the blocks drawn and labelled with their DoC.",
)
@click.option(
    "--pdoc",
    type=click.IntRange(1, 10),
    default=8,
    show_default=True,
    help="Permitted degree of coherence: higher, finer blocks.",
)
@click.option(
    "--time-limit",
    type=click.FloatRange(min=0, min_open=True),
    default=10.0,
    show_default=True,
    help="Seconds a page may take in the browser.",
)
@click.option("--javascript", is_flag=True, help="Run the page's scripts (off by default).")
def segment_command(
    source: BinaryIO, png: str | None, pdoc: int, time_limit: float, javascript: bool
) -> None:
    """Segment a page into visual blocks with VIPS (Cai et al., MSR-TR-2003-79) and print
    the content structure; needs the visual extra (Playwright, Debian's chromium)."""
    from pathlib import Path

    try:
        from unboiler.visual.render import visual_available

        visual_available()
        from unboiler.visual.picture import describe, segment_page

        segmentation = segment_page(
            decompress(source.read()),
            png=Path(png) if png else None,
            pdoc=pdoc,
            time_limit=time_limit,
            javascript=javascript,
        )
    except UnboilerError as error:
        raise CommandError(error) from error
    for line in describe(segmentation):
        click.echo(line)


@main.command("eval")
@click.argument("dataset", default="scrapinghub")
@click.option(
    "--extractor",
    "-e",
    "extractors",
    multiple=True,
    help="Our extractor to score (repeatable; `all` for every one).  [default: default]",
)
@click.option(
    "--compare",
    "-c",
    "peers",
    multiple=True,
    help="Peer library to run on the same pages (repeatable; `all` for every installed one).",
)
@click.option(
    "--workers",
    "-w",
    default=1,
    show_default=True,
    type=click.IntRange(min=1),
    help="Processes per system.",
)
@click.option(
    "--out",
    "-o",
    "out",
    default=None,
    type=click.Path(file_okay=False),
    help="Folder to write results.json, results.md and the F1/speed plot into.",
)
@click.option(
    "--show-worst",
    "worst",
    default=0,
    type=click.IntRange(min=0),
    help="Print the K pages with the lowest F1 of each system, with what it missed and added.",
)
@click.option(
    "--cv",
    default=None,
    type=click.IntRange(min=2),
    help="Also score trained extractors by K-fold cross-validation (by page and by site; by "
    "page and by domain on wcxb).",
)
@click.option(
    "--model",
    default=None,
    type=click.Path(dir_okay=False, exists=True),
    help="Model file for the trained extractors (from `unboiler train`).",
)
@click.option("--quiet", "-q", is_flag=True, help="No progress bar.")
def eval_command(
    dataset: str,
    extractors: tuple[str, ...],
    peers: tuple[str, ...],
    workers: int,
    out: str | None,
    worst: int,
    cv: int | None,
    model: str | None,
    quiet: bool,
) -> None:
    """Score extractors, and peers side by side, on DATASET: `scrapinghub` (default),
    `readability`, `wcxb` (scored with its own word metric, by page type), or the path of
    a dataset in one of their shapes or a snippet file."""
    import shlex
    from pathlib import Path

    from unboiler.datasets import load_dataset
    from unboiler.evaluate.report import markdown, worst_pages, write
    from unboiler.evaluate.session import evaluate

    words = ["unboiler", "eval", dataset]
    words += [f"--extractor={name}" for name in extractors]
    words += [f"--compare={name}" for name in peers]
    words += [f"--workers={workers}"] if workers != 1 else []
    words += [f"--cv={cv}"] if cv else []
    words += [f"--out={out}"] if out else []
    words += [f"--model={model}"] if model else []
    command = shlex.join(words)
    try:
        pages = load_dataset(dataset)
        evaluation = evaluate(
            pages,
            extractors or ("default",),
            peers,
            command=command,
            workers=workers,
            cv=cv,
            progress=not quiet,
            model=model,
        )
    except (UnboilerError, ValueError) as error:
        raise CommandError(error) from error
    report = evaluation.report
    if out is not None:
        for path in write(report, Path(out)):
            click.echo(f"wrote {path}", err=True)
    _echo(markdown(report), nl=False)
    for result in report.results if worst else ():
        _echo("\n" + worst_pages(result, evaluation.runs[result.name], pages, worst))


@main.command("train")
@click.argument("datasets", nargs=-1, required=True)
@click.option(
    "--out", "-o", "out", required=True, type=click.Path(dir_okay=False), help="Model file."
)
@click.option(
    "--extractor",
    "-e",
    type=click.Choice(["default", "density", "density-blocks"]),
    default="default",
    show_default=True,
    help="The trained extractor the model is for.",
)
@click.option(
    "--seed",
    default=0,
    show_default=True,
    help="Seed of the folds (the default model's members are seeded from it on).",
)
def train_command(datasets: tuple[str, ...], out: str, extractor: str, seed: int) -> None:
    """Train a model on DATASETS (benchmark names or any paths `unboiler eval` reads) and
    write it to --out (JSON).  The default extractor learns from several datasets at once
    (`unboiler train wcxb scrapinghub readability`); the density extractors from one."""
    joined = " ".join(datasets)
    command = f"unboiler train {joined} --extractor {extractor} --seed {seed}"
    progress = lambda message: click.echo(message, err=True)  # noqa: E731
    try:
        if extractor == "default":
            from unboiler.classify.train_default import train_datasets

            model = train_datasets(datasets, seed=seed, command=command, progress=progress)
            model.save(out)
            click.echo(f"wrote {out}: default model")
            return
        if len(datasets) != 1:
            raise click.UsageError(f"--extractor {extractor} trains on one dataset")
        from unboiler.classify.train import train_dataset

        density_model = train_dataset(
            datasets[0], extractor=extractor, seed=seed, command=command, progress=progress
        )
        density_model.save(out)
    except (UnboilerError, OSError) as error:
        raise CommandError(error) from error
    click.echo(f"wrote {out}: {extractor} model, threshold {density_model.threshold:.2f}")


@main.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535))
@click.option(
    "--workers",
    default=None,
    type=click.IntRange(min=1),
    help="Extraction threads.  [default: 2]",
)
@click.option(
    "--max-body",
    default=None,
    type=click.IntRange(min=1),
    help="Largest request body, in bytes (413 above).  [default: 10 MB]",
)
@click.option(
    "--time-limit",
    default=None,
    type=click.FloatRange(min=0, min_open=True),
    help="Seconds a request may take (504 after).  [default: 30]",
)
def serve_command(
    host: str, port: int, workers: int | None, max_body: int | None, time_limit: float | None
) -> None:
    """Serve the HTTP API (POST /extract, /extract/batch, /explain; GET /extractors,
    /health, /openapi.json) and the visual page at / (needs `pip install
    'unboiler[server]'`).  The service never fetches a URL: it reads what it is sent."""
    try:
        import starlette  # noqa: F401
        import uvicorn
    except ImportError as error:
        raise click.ClickException(
            f"the server needs its extra: pip install 'unboiler[server]' ({error})"
        ) from error
    from unboiler.server import Limits, create_app

    defaults = Limits()
    limits = Limits(
        workers=workers or defaults.workers,
        max_body_bytes=max_body or defaults.max_body_bytes,
        time_limit=time_limit or defaults.time_limit,
    )
    _check_listening(host, port)
    click.echo(f"unboiler: the visual page is at http://{host}:{port}/", err=True)
    uvicorn.run(create_app(limits), host=host, port=port, log_level="info")


def _check_listening(host: str, port: int) -> None:
    """One ``Error:`` line and exit 2 when the service cannot listen at ``host:port`` (a
    port in use, a host name this machine does not have): uvicorn would log it and exit
    with 3, a code the command does not document."""
    import socket

    try:
        addresses = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except OSError as error:
        raise _BadRequest(f"cannot listen on {host}:{port}: {error}") from error
    family, kind, protocol, _, address = addresses[0]
    with socket.socket(family, kind, protocol) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as error:
            raise _BadRequest(
                f"cannot listen on {host}:{port}: {error.strerror or error}"
            ) from error


@main.command("batch")
@click.argument("inputs", nargs=-1, required=True)
@click.option(
    "--out",
    "-O",
    "out",
    default=None,
    help="Output: FILE.jsonl, FILE.jsonl.gz, FILE.parquet, or a directory (DIR/, or "
    "--directory) for one file per page; standard output (JSONL) when omitted or -.",
)
@click.option("--directory", is_flag=True, help="Write --out as a directory, one file per page.")
@click.option("--extractor", "-e", default="default", show_default=True, help="Extractor to run.")
@click.option(
    "--option",
    "options",
    multiple=True,
    metavar="KEY=VALUE",
    callback=_extractor_options,
    help="An option of the extractor (repeatable), as for `unboiler extract`.",
)
@click.option(
    "--output",
    "--format",
    "-o",
    "output_format",
    type=click.Choice(["text", "markdown", "html"]),
    default="text",
    show_default=True,
    help="Format of each page's content, in the record's field of that name.",
)
@click.option(
    "--with-metadata",
    is_flag=True,
    help="Add the page's title, author, date, language, site name... to each record.",
)
@click.option(
    "--workers",
    "-w",
    default=None,
    type=click.IntRange(min=0),
    help="Worker processes (default: the usable cores; 0: this process, no timeout).",
)
@click.option("--ordered", is_flag=True, help="Write results in input order.")
@click.option(
    "--page-timeout",
    default=5.0,
    show_default=True,
    type=click.FloatRange(min=0, min_open=True),
    help="Seconds a page may take; past it, its worker is killed and the page recorded "
    "with an error.",
)
@click.option(
    "--max-bytes",
    default=5 * 2**20,
    show_default=True,
    type=click.IntRange(min=1),
    help="Largest page (after gzip) to extract; larger ones are recorded with an error.",
)
@click.option("--resume", is_flag=True, help="Skip pages whose id is already in --out.")
@click.option(
    "--warc-library",
    type=click.Choice(["auto", "fastwarc", "warcio"]),
    default="auto",
    show_default=True,
    help="Library that reads WARC files (auto: FastWARC when installed).",
)
@click.option("--quiet", "-q", is_flag=True, help="No progress bar and no summary.")
def batch_command(
    inputs: tuple[str, ...],
    out: str | None,
    directory: bool,
    extractor: str,
    options: dict[str, object],
    output_format: str,
    with_metadata: bool,
    workers: int | None,
    ordered: bool,
    page_timeout: float,
    max_bytes: int,
    resume: bool,
    warc_library: str,
    quiet: bool,
) -> None:
    """Extract every page of INPUTS: HTML files (plain or .gz), directories and globs of
    them, JSONL files of {"html", "url", "id", "date"} records, and WARC files (.warc,
    .warc.gz).  One JSON record per page, with an error field for a page that failed;
    Ctrl-C stops with the output complete, and --resume goes on from there."""
    from unboiler.batch import Settings, run_batch

    try:
        settings = Settings(
            extractor=extractor,
            options=options,
            output=output_format,
            with_metadata=with_metadata,
            max_bytes=max_bytes,
            page_timeout=page_timeout,
        )
        summary = run_batch(
            inputs,
            out,
            settings,
            workers=workers,
            ordered=ordered,
            resume=resume,
            directory=directory,
            progress=not quiet,
            warc_library=warc_library,
        )
    except UnboilerError as error:
        raise CommandError(error) from error
    except BrokenPipeError:
        raise
    except OSError as error:  # the output cannot be written: a full disk, a closed file
        raise _BadRequest(f"cannot write the output: {error.strerror or error}") from error
    if not quiet:
        click.echo(f"unboiler batch: {summary}", err=True)
    if summary.interrupted:
        sys.exit(130)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
