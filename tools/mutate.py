"""Mutation testing of the published rules: do the fast unit tests notice when a rule's
comparison, threshold or condition changes?

Each module is parsed once with :mod:`ast`; every mutable node gets a mutant, named by its
position in the walk: a comparison flipped at its boundary (``<`` and ``<=``, ``>`` and
``>=``, ``==`` and ``!=``, ``in`` and ``not in``, ``is`` and ``is not``), an integer
constant plus and minus one, a float constant ten per cent up and down (0.0 by 0.1),
``and`` and ``or`` swapped, the condition of an ``if``, ``while``, conditional expression
or comprehension negated, and a ``not`` removed.  Docstrings, annotations, decorators,
f-strings and ``__all__`` are left alone.

Each mutant is written (``ast.unparse``) into a temporary copy of the package and the
selected tests run against it with ``pytest -x -p no:cacheprovider``, one at a time (the
machine is shared), in a child forked from this process after pytest, hypothesis and the
third-party libraries are imported, which saves the interpreter's start-up for every
mutant.  A mutant is *killed* when a test fails or errors, or when it runs past the
timeout (an endless loop); it *survived* when every test passed.  The real source is
never written: other engineers work on the same files.

Mutants that cannot change behaviour (equivalent mutants) are listed with a one-line
reason each in ``tools/mutation_equivalents.json``, keyed by module, function, the text
of the mutated line and the change (``#2`` for the second alike on that line), so that
the report can give the killed share with and without them.

    python tools/mutate.py                            # all modules, report to stdout
    python tools/mutate.py --out benchmarks/results/mutation.md
    python tools/mutate.py --module src/unboiler/text.py --match wrap_words
    python tools/mutate.py --list                     # the mutants, without running them

This measures the tests, not the code: it is a tool for developers and never runs in CI.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import json
import os
import shutil
import signal
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "unboiler"
EQUIVALENTS = Path(__file__).resolve().parent / "mutation_equivalents.json"

#: The modules of the published rules, and the unit tests that exercise each, its own
#: first so that ``-x`` stops early.  None of these tests reads the benchmark data.
MODULES: dict[str, tuple[str, ...]] = {
    "src/unboiler/text.py": ("tests/test_text.py", "tests/test_document.py"),
    "src/unboiler/filters/boilerpipe.py": (
        "tests/filters/test_boilerpipe_trees.py",
        "tests/filters/test_boilerpipe_heuristics.py",
    ),
    "src/unboiler/filters/simple.py": ("tests/filters/test_fusion_and_simple.py",),
    "src/unboiler/filters/fusion.py": ("tests/filters/test_fusion_and_simple.py",),
    "src/unboiler/filters/tree.py": ("tests/filters/test_tree.py",),
}
#: Run after a module's own tests for every module: the other fast unit tests of the rules
#: and the extractors on the tiny pages written for the tests.
COMMON_TESTS: tuple[str, ...] = (
    "tests/test_text.py",
    "tests/test_document.py",
    "tests/filters/test_boilerpipe_trees.py",
    "tests/filters/test_boilerpipe_heuristics.py",
    "tests/filters/test_fusion_and_simple.py",
    "tests/filters/test_tree.py",
    "tests/extractors/test_boilerpipe.py",
    "tests/extractors/test_tree_extractors.py",
)

#: Third-party modules the tests import, loaded once before forking.
PRELOAD = (
    "pytest",
    "hypothesis",
    "hypothesis.strategies",
    "numpy",
    "selectolax.lexbor",
    "charset_normalizer",
    "click",
    "nh3",
    "pycld2",
    "yaml",
)

_FLIPPED: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
}
_OP_TEXT: dict[type[ast.AST], str] = {
    ast.Lt: "<",
    ast.LtE: "<=",
    ast.Gt: ">",
    ast.GtE: ">=",
    ast.Eq: "==",
    ast.NotEq: "!=",
    ast.In: "in",
    ast.NotIn: "not in",
    ast.Is: "is",
    ast.IsNot: "is not",
    ast.And: "and",
    ast.Or: "or",
}


@dataclass(frozen=True)
class Mutant:
    """One change to one node: ``node`` is the node's index in :func:`_walk` order and
    ``variant`` which of the node's mutations it is."""

    module: str
    node: int
    variant: int
    kind: str
    line: int
    function: str
    description: str
    key: str

    @property
    def location(self) -> str:
        return f"{self.module}:{self.line}"


# --------------------------------------------------------------------------- generation


def _walk(tree: ast.AST) -> Iterator[tuple[int, ast.AST, ast.AST | None, str]]:
    """Every node with its index, its parent and the function it sits in, skipping what
    is not behaviour: docstrings, annotations, decorators, f-strings, ``__all__``."""
    index = 0
    stack: list[tuple[ast.AST, ast.AST | None, str]] = [(tree, None, "<module>")]
    while stack:
        node, parent, function = stack.pop()
        yield index, node, parent, function
        index += 1
        if isinstance(node, ast.JoinedStr):
            continue
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            function = node.name if function == "<module>" else f"{function}.{node.name}"
        children: list[ast.AST] = []
        for field, value in ast.iter_fields(node):
            if field in ("annotation", "returns", "decorator_list", "type_comment"):
                continue
            if isinstance(value, list):
                children.extend(item for item in value if isinstance(item, ast.AST))
            elif isinstance(value, ast.AST):
                children.append(value)
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and _is_docstring(body[0]):
            children = [child for child in children if child is not body[0]]
        if isinstance(node, ast.Assign | ast.AnnAssign) and _assigns_all(node):
            children = []
        stack.extend((child, node, function) for child in reversed(children))


def _is_docstring(statement: ast.AST) -> bool:
    return (
        isinstance(statement, ast.Expr)
        and isinstance(statement.value, ast.Constant)
        and isinstance(statement.value.value, str)
    )


def _assigns_all(node: ast.Assign | ast.AnnAssign) -> bool:
    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
    return any(isinstance(target, ast.Name) and target.id == "__all__" for target in targets)


def _perturbed(value: float) -> tuple[float, float]:
    if value == 0:
        return 0.1, -0.1
    return value * 1.1, value * 0.9


def _mutations(node: ast.AST) -> list[tuple[str, str]]:
    """(kind, what changes) for each mutation of ``node``; the position in the list is
    the mutant's variant."""
    if isinstance(node, ast.Compare):
        return [
            ("compare", f"{_OP_TEXT[type(op)]} -> {_OP_TEXT[_FLIPPED[type(op)]]}")
            for op in node.ops
        ]
    if isinstance(node, ast.Constant) and not isinstance(node.value, bool):
        if isinstance(node.value, int):
            return [
                ("constant", f"{node.value} -> {node.value + 1}"),
                ("constant", f"{node.value} -> {node.value - 1}"),
            ]
        if isinstance(node.value, float):
            up, down = _perturbed(node.value)
            return [
                ("constant", f"{node.value!r} -> {up!r}"),
                ("constant", f"{node.value!r} -> {down!r}"),
            ]
    if isinstance(node, ast.BoolOp):
        other = "or" if isinstance(node.op, ast.And) else "and"
        return [("boolop", f"{_OP_TEXT[type(node.op)]} -> {other}")]
    if isinstance(node, ast.If | ast.While | ast.IfExp):
        return [("negate", "condition negated")]
    if isinstance(node, ast.comprehension):
        return [("negate", "filter negated") for _ in node.ifs]
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return [("not", "`not` removed")]
    return []


def _segment(source: str, node: ast.AST) -> str:
    target = node
    if isinstance(node, ast.If | ast.While | ast.IfExp):
        target = node.test
    text = ast.get_source_segment(source, target) or ast.unparse(target)
    text = " ".join(text.split())
    return text if len(text) <= 70 else text[:67] + "..."


_SOURCES: dict[str, str] = {}


def _source(module: str) -> str:
    """The module's source as first read: every mutant of a run starts from the same text,
    whatever happens to the file meanwhile."""
    if module not in _SOURCES:
        _SOURCES[module] = (ROOT / module).read_text("utf-8")
    return _SOURCES[module]


def generate(module: str) -> list[Mutant]:
    """The mutants of one module (a path relative to the repository root)."""
    source = _source(module)
    lines = source.splitlines()
    tree = ast.parse(source)
    mutants: list[Mutant] = []
    seen: dict[str, int] = {}
    for index, node, _parent, function in _walk(tree):
        for variant, (kind, change) in enumerate(_mutations(node)):
            line = getattr(node, "lineno", 0) or getattr(getattr(node, "target", None), "lineno", 0)
            description = f"`{_segment(source, node)}`: {change}"
            # The key names the mutant by its function, the text of its line and the
            # change, so that it survives edits elsewhere in the module.
            code = " ".join(lines[line - 1].split()) if line else ""
            base = f"{Path(module).name}::{function}::{code}::{description}"
            occurrence = seen.get(base, 0)
            seen[base] = occurrence + 1
            key = base if occurrence == 0 else f"{base} #{occurrence + 1}"
            mutants.append(Mutant(module, index, variant, kind, line, function, description, key))
    return mutants


def mutated_source(module: str, mutant: Mutant) -> str:
    """The module's source with ``mutant`` applied (re-parsed, so that mutants never
    share nodes)."""
    tree = ast.parse(_source(module))
    for index, node, parent, _function in _walk(tree):
        if index == mutant.node:
            _apply(node, parent, mutant.variant)
            break
    else:
        raise LookupError(f"node {mutant.node} not found in {module}")
    return ast.unparse(ast.fix_missing_locations(tree))


def _apply(node: ast.AST, parent: ast.AST | None, variant: int) -> None:
    if isinstance(node, ast.Compare):
        node.ops[variant] = _FLIPPED[type(node.ops[variant])]()
    elif isinstance(node, ast.Constant):
        if isinstance(node.value, int):
            node.value = node.value + (1 if variant == 0 else -1)
        else:
            node.value = _perturbed(node.value)[variant]
    elif isinstance(node, ast.BoolOp):
        node.op = ast.Or() if isinstance(node.op, ast.And) else ast.And()
    elif isinstance(node, ast.If | ast.While | ast.IfExp):
        node.test = ast.UnaryOp(op=ast.Not(), operand=node.test)
    elif isinstance(node, ast.comprehension):
        node.ifs[variant] = ast.UnaryOp(op=ast.Not(), operand=node.ifs[variant])
    elif isinstance(node, ast.UnaryOp):
        assert parent is not None
        _replace(parent, node, node.operand)
    else:
        raise TypeError(f"no mutation for {type(node).__name__}")


def _replace(parent: ast.AST, old: ast.AST, new: ast.AST) -> None:
    for field, value in ast.iter_fields(parent):
        if value is old:
            setattr(parent, field, new)
            return
        if isinstance(value, list):
            for position, item in enumerate(value):
                if item is old:
                    value[position] = new
                    return
    raise LookupError("node not found under its parent")


# --------------------------------------------------------------------------- running


@dataclass(frozen=True)
class Outcome:
    mutant: Mutant
    status: str  # "killed", "timeout", "error", "survived"
    seconds: float


class Runner:
    """Runs the tests against a temporary copy of the package, one forked child at a
    time.  The package, the tests and what they read are copied once, so that edits made
    while a run goes on do not leak into it; each mutant rewrites one module of the copy
    and puts the original back afterwards."""

    def __init__(self, timeout: float, workdir: Path) -> None:
        self.timeout = timeout
        self.root = workdir / "repo"
        self.src = self.root / "src"
        self.log = workdir / "pytest.log"
        ignore = shutil.ignore_patterns("__pycache__", ".hypothesis")
        shutil.copytree(PACKAGE, self.src / "unboiler", ignore=ignore)
        for folder in ("tests", "examples"):
            shutil.copytree(ROOT / folder, self.root / folder, ignore=ignore)
        shutil.copy2(ROOT / "pyproject.toml", self.root / "pyproject.toml")
        for module in MODULES:  # the copy starts from the text the mutants are made from
            (self.root / module).write_text(_source(module), "utf-8")

    def run_tests(
        self, tests: Sequence[str], module: str | None = None, text: str = ""
    ) -> tuple[str, float]:
        """("passed" | "failed" | "error" | "timeout", seconds) for the tests with
        ``module`` replaced by ``text``."""
        target = self.src / Path(module).relative_to("src") if module else None
        original = target.read_text("utf-8") if target else ""
        if target:
            target.write_text(text, "utf-8")
        started = time.monotonic()
        try:
            status = self._fork(tests)
        finally:
            if target:
                target.write_text(original, "utf-8")
        return status, time.monotonic() - started

    def _fork(self, tests: Sequence[str]) -> str:
        pid = os.fork()
        if pid == 0:  # the child: run pytest on the copy, never return
            code = 3
            try:
                with open(self.log, "wb") as log:
                    os.dup2(log.fileno(), 1)
                    os.dup2(log.fileno(), 2)
                sys.dont_write_bytecode = True
                sys.path.insert(0, str(self.src))
                os.chdir(self.root)
                from hypothesis import settings

                settings.register_profile("mutate", database=None, derandomize=True, deadline=None)
                settings.load_profile("mutate")
                import pytest

                code = int(
                    pytest.main(
                        [
                            "-x",
                            "-q",
                            "-p",
                            "no:cacheprovider",
                            "-W",
                            "ignore::pytest.PytestAssertRewriteWarning",
                            *tests,
                        ]
                    )
                )
            except BaseException:  # anything at all is a failed run
                code = 3
            finally:
                os._exit(code)
        deadline = time.monotonic() + self.timeout
        try:
            while True:
                done, status = os.waitpid(pid, os.WNOHANG)
                if done:
                    code = os.waitstatus_to_exitcode(status)
                    return {0: "passed", 1: "failed"}.get(code, "error")
                if time.monotonic() > deadline:
                    break
                time.sleep(0.01)
        except BaseException:  # interrupted: the child goes too
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            raise
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        return "timeout"

    def check_copy_is_used(self) -> None:
        """Make sure the children import the copy and not the installed package."""
        probe = self.log.parent / "test_mutate_probe.py"
        probe.write_text(
            "import unboiler\n\ndef test_copy():\n"
            f"    assert unboiler.__file__.startswith({str(self.src)!r}), unboiler.__file__\n",
            "utf-8",
        )
        try:
            status = self._fork([str(probe)])
        finally:
            probe.unlink()
        if status != "passed":
            raise SystemExit(
                f"the tests do not import the copy of the package: {self.log.read_text()[-2000:]}"
            )


def tests_for(module: str) -> list[str]:
    own = list(MODULES.get(module, ()))
    return own + [test for test in COMMON_TESTS if test not in own]


def run(mutants: Sequence[Mutant], runner: Runner, *, verbose: bool) -> list[Outcome]:
    outcomes = []
    for number, mutant in enumerate(mutants, 1):
        text = mutated_source(mutant.module, mutant)
        status, seconds = runner.run_tests(tests_for(mutant.module), mutant.module, text)
        result = {"passed": "survived", "failed": "killed"}.get(status, status)
        outcomes.append(Outcome(mutant, result, seconds))
        if verbose or result == "survived":
            print(
                f"[{number}/{len(mutants)}] {result:8} {mutant.location} {mutant.function}: "
                f"{mutant.description}",
                flush=True,
            )
    return outcomes


# --------------------------------------------------------------------------- report


def load_equivalents(path: Path) -> dict[str, str]:
    if not path.exists():
        return {}
    data = json.loads(path.read_text("utf-8"))
    return {key: str(reason) for key, reason in data.items()}


def report(
    outcomes: Sequence[Outcome], equivalents: dict[str, str], seconds: float, command: str
) -> str:
    lines = [
        "# Mutation testing of the published rules",
        "",
        f"`{command}` ({len(outcomes)} mutants, {seconds / 60:.1f} min on one core).",
        "",
        "Mutants: comparisons flipped at their boundary, integer constants ±1, float",
        "constants ±10 %, `and`/`or` swapped, conditions negated, `not` removed (see",
        "`tools/mutate.py`).  Killed: a test failed, or the run passed the timeout.",
        "Equivalent: the mutant cannot change behaviour (reasons below, kept in",
        "`tools/mutation_equivalents.json`).",
        "",
        "| module | mutants | killed | survived | of which equivalent | killed % "
        "| killed % of non-equivalent |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    modules = sorted({outcome.mutant.module for outcome in outcomes})
    for module in [*modules, None]:
        rows = [o for o in outcomes if module is None or o.mutant.module == module]
        killed = sum(o.status != "survived" for o in rows)
        survived = [o for o in rows if o.status == "survived"]
        equivalent = sum(o.mutant.key in equivalents for o in survived)
        name = f"`{module}`" if module else "**all**"
        effective = len(rows) - equivalent
        lines.append(
            f"| {name} | {len(rows)} | {killed} | {len(survived)} | {equivalent} | "
            f"{100 * killed / max(len(rows), 1):.1f} | {100 * killed / max(effective, 1):.1f} |"
        )
    timeouts = sum(o.status == "timeout" for o in outcomes)
    errors = sum(o.status == "error" for o in outcomes)
    lines += ["", f"Of the killed, {timeouts} by the timeout and {errors} by an error.", ""]
    survivors = [o for o in outcomes if o.status == "survived" and o.mutant.key not in equivalents]
    lines += ["## Survivors that can change behaviour", ""]
    if not survivors:
        lines.append("None.")
    for o in survivors:
        lines.append(f"- `{o.mutant.location}` {o.mutant.function}: {o.mutant.description}")
    lines += ["", "## Equivalent survivors", ""]
    for o in outcomes:
        if o.status == "survived" and o.mutant.key in equivalents:
            lines.append(
                f"- `{o.mutant.location}` {o.mutant.function}: {o.mutant.description} "
                f"— {equivalents[o.mutant.key]}"
            )
    stale = {o.mutant.key for o in outcomes if o.status != "survived"} & set(equivalents)
    if stale:
        lines += ["", "Listed as equivalent but killed (the list needs a look):", ""]
        lines += [f"- {key}" for key in sorted(stale)]
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--module", action="append", help="a module to mutate (repeatable); default: all"
    )
    parser.add_argument("--match", help="only mutants whose function or description contains this")
    parser.add_argument(
        "--timeout",
        type=float,
        default=0.0,
        help="seconds per mutant (default: 5x the clean run, at least 10)",
    )
    parser.add_argument("--out", type=Path, help="write the Markdown report here")
    parser.add_argument("--list", action="store_true", help="list the mutants and stop")
    parser.add_argument("--verbose", action="store_true", help="print every mutant's outcome")
    args = parser.parse_args(argv)

    modules = args.module or list(MODULES)
    mutants = [mutant for module in modules for mutant in generate(module)]
    if args.match:
        mutants = [m for m in mutants if args.match in m.function or args.match in m.description]
    if args.list:
        for mutant in mutants:
            print(f"{mutant.location} {mutant.kind:8} {mutant.function}: {mutant.description}")
        print(f"{len(mutants)} mutants")
        return 0

    for name in PRELOAD:
        with contextlib.suppress(ImportError):
            __import__(name)
    if "unboiler" in sys.modules:
        raise SystemExit(
            "unboiler was imported before forking; the children would not see the copy"
        )

    workdir = Path(tempfile.mkdtemp(prefix="unboiler-mutate-"))
    previous = signal.getsignal(signal.SIGTERM)
    signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))
    started = time.monotonic()
    try:
        runner = Runner(timeout=600.0, workdir=workdir)
        runner.check_copy_is_used()
        clean_seconds = 0.0
        for module in modules:
            status, seconds = runner.run_tests(tests_for(module))
            if status != "passed":
                raise SystemExit(
                    f"the tests fail without mutation ({module}):\n{runner.log.read_text()[-3000:]}"
                )
            clean_seconds = max(clean_seconds, seconds)
        runner.timeout = args.timeout or max(10.0, 5 * clean_seconds)
        print(
            f"{len(mutants)} mutants; clean run {clean_seconds:.1f} s, "
            f"timeout {runner.timeout:.0f} s",
            flush=True,
        )
        outcomes = run(mutants, runner, verbose=args.verbose)
    except KeyboardInterrupt:
        print(
            "interrupted; the temporary copy is removed, the source was never touched",
            file=sys.stderr,
        )
        return 130
    finally:
        signal.signal(signal.SIGTERM, previous)
        shutil.rmtree(workdir, ignore_errors=True)
    elapsed = time.monotonic() - started
    command = "python tools/mutate.py" + (
        " " + " ".join(argv if argv is not None else sys.argv[1:]) if (argv or sys.argv[1:]) else ""
    )
    text = report(outcomes, load_equivalents(EQUIVALENTS), elapsed, command)
    if args.out:
        args.out.write_text(text, "utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
