"""The package's modules import each other without cycles (module-level imports,
type-checking ones included: a cycle there is a design knot even when it runs)."""
import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "honorifics"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _module_level_imports(path: Path) -> set[str]:
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    tree = ast.parse(path.read_text("utf-8"))
    body = list(tree.body)
    for node in list(body):   # `if TYPE_CHECKING:` blocks count; function bodies (lazy imports) do not
        if isinstance(node, ast.If):
            body += node.body
    for node in body:
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            found.add(base)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {m for m in found if m.startswith("honorifics")}


def _graph() -> dict[str, set[str]]:
    modules = {_module_name(p): p for p in PACKAGE.rglob("*.py")}
    graph = {}
    for name, path in modules.items():
        targets = set()
        for imported in _module_level_imports(path):
            # `from .pkg import name` may name a submodule or an attribute of pkg
            targets.add(imported if imported in modules else imported.rpartition(".")[0])
        graph[name] = {t for t in targets if t in modules and t != name}
    return graph


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


def test_no_import_cycle_in_the_package():
    graph = _graph()
    cycle = _cycle(graph)
    assert cycle is None, " → ".join(cycle)
