"""The package's modules import each other without cycles: module-level imports,
type-checking ones and the lazy ones inside functions (a cycle through any of them
is a design knot even when it runs)."""
import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "honorifics"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path, modules: set[str]) -> set[str]:
    """Every module of the package this one imports: at module level, under ``if
    TYPE_CHECKING:``, and inside functions (a lazy import is still a dependency: a
    circle through one is a knot too)."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            for alias in node.names:
                # `from .pkg import name` names a submodule of pkg, or an attribute of pkg
                found.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    # a module's ancestor packages are imported before it whatever it does: importing a name
    # from one (`from .. import __version__`) adds no order between them
    return {m for m in found if m in modules and m != name and not name.startswith(m + ".")}


def _graph() -> dict[str, set[str]]:
    modules = {_module_name(p): p for p in PACKAGE.rglob("*.py")}
    return {name: _imports(path, set(modules)) for name, path in modules.items()}


def _cycle(graph):
    state, stack = {}, []

    def visit(node):
        state[node] = "open"
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == "open":
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = "done"
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def test_alignment_plots_do_not_import_the_pipeline():
    graph = _graph()
    assert "honorifics.alignment.pipeline" not in graph["honorifics.alignment.plots"]
    assert "honorifics.alignment.odds" in graph["honorifics.alignment.plots"]


def test_the_graph_reads_lazy_imports_inside_functions():
    graph = _graph()
    # honorifics.cli imports the engine only inside run(): the edge is seen
    assert "honorifics.engine.run" in graph["honorifics.cli"]
    assert "honorifics.formats.batch" in graph["honorifics.inputs"]


def test_no_import_cycle_in_the_package():
    graph = _graph()
    cycle = _cycle(graph)
    assert cycle is None, " → ".join(cycle)
