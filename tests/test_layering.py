"""The package's layers: no import cycle between its parts (every import counts, those
inside functions too), filters that never read raw HTML, and classify below evaluate."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "unboiler"
PARTS = {path.stem if path.is_file() else path.name for path in PACKAGE.iterdir()} - {
    "__init__",
    "__pycache__",
    "py.typed",
    "data",
}


def _part(module: str) -> str | None:
    """The part of the package a dotted module name belongs to (``unboiler.filters.tree``
    -> ``filters``), or None for the package itself."""
    pieces = module.split(".")
    return pieces[1] if len(pieces) > 1 and pieces[1] in PARTS else None


def imports() -> dict[str, set[tuple[str, str]]]:
    """For each module of the package, the (part, module) pairs it imports."""
    found: dict[str, set[tuple[str, str]]] = {}
    for path in PACKAGE.rglob("*.py"):
        module = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        module = module.removesuffix(".__init__")
        targets: set[tuple[str, str]] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names: list[str] = []
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                if node.module == "unboiler":  # from unboiler import tags: the submodules
                    names = [f"unboiler.{alias.name}" for alias in node.names]
                    names = [name for name in names if _part(name) or name == "unboiler"]
                    if any(_part(name) is None for name in names):
                        names.append("unboiler")
                elif node.module.startswith("unboiler."):
                    names = [node.module]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names if alias.name.startswith("unboiler")]
            for name in names:
                part = _part(name)
                targets.add((part or "unboiler", name))
        found[module] = targets
    return found


def part_graph() -> dict[str, set[str]]:
    """Which parts import which; the package itself (its public API, which imports most
    parts) is the node ``unboiler``."""
    graph: dict[str, set[str]] = {part: set() for part in [*PARTS, "unboiler"]}
    for module, targets in imports().items():
        source = _part(module) or "unboiler"
        for part, _ in targets:
            if part != source:
                graph[source].add(part)
    return graph


def test_no_import_cycle_between_parts() -> None:
    graph = part_graph()
    # Tarjan's strongly connected components (the graph has a few dozen nodes)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    assert not cycles, f"parts of the package import each other: {cycles}"


@pytest.mark.parametrize(
    ("part", "forbidden"),
    [("filters", "parse"), ("classify", "evaluate"), ("datasets", "evaluate")],
)
def test_layer_does_not_reach_up(part: str, forbidden: str) -> None:
    assert forbidden not in part_graph()[part]


def test_the_checker_sees_imports_inside_functions() -> None:
    tree = ast.parse("def f():\n    from unboiler.evaluate import report\n")
    assert any(isinstance(node, ast.ImportFrom) for node in ast.walk(tree))
    assert _part("unboiler.evaluate.report") == "evaluate"
    assert _part("unboiler") is None
