"""Who may import whom (docs/ARCHITECTURE.md §4), read from the source with ``ast``.

No import cycle among ``scorekeeper`` modules, an import inside a function included (one
hidden there is still a cycle: the two modules cannot be understood, or tested, apart), and no
``_private`` name imported from another module (a name with a leading underscore is its
module's own business; something two modules share deserves a public home).
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = "scorekeeper"
SOURCE = Path(__file__).resolve().parent.parent / PACKAGE


def module_name(path: Path, root: Path = SOURCE) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules(root: Path = SOURCE) -> dict[str, Path]:
    """Every module of the package (migrations are Alembic's scripts, loaded by path, not imported)."""
    return {module_name(p, root): p for p in sorted(root.rglob("*.py")) if "migrations" not in p.parts}


def _absolute(node: ast.ImportFrom, here: str, is_package: bool) -> str:
    if not node.level:
        return node.module or ""
    base = here.split(".") if is_package else here.split(".")[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def imports(name: str, path: Path, known: dict[str, Path]) -> list[tuple[str, str | None, int]]:
    """(module imported, name taken from it or None, line) for every import in the file, at any depth."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    out: list[tuple[str, str | None, int]] = []
    is_package = path.name == "__init__.py"
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(alias.name, None, node.lineno) for alias in node.names if alias.name.split(".")[0] == PACKAGE]
        elif isinstance(node, ast.ImportFrom):
            source = _absolute(node, name, is_package)
            if source.split(".")[0] != PACKAGE:
                continue
            for alias in node.names:
                submodule = f"{source}.{alias.name}"
                if submodule in known:  # ``from . import tables``: the module tables itself
                    out.append((submodule, None, node.lineno))
                else:
                    out.append((source, alias.name, node.lineno))
    return out


def import_graph(root: Path = SOURCE) -> dict[str, set[str]]:
    """Module → the package modules it imports (a package's ``__init__`` counts as a module)."""
    known = modules(root)
    graph: dict[str, set[str]] = {name: set() for name in known}
    for name, path in known.items():
        for target, _, _ in imports(name, path, known):
            while target and target not in known:  # ``scorekeeper.games.base.X`` → the module that holds it
                target = target.rpartition(".")[0]
            if target and target != name:
                graph[name].add(target)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = [0]

    def visit(node: str) -> None:
        index[node] = low[node] = counter[0]
        counter[0] += 1
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def private_imports(root: Path = SOURCE) -> list[str]:
    """``module:line imports _name from other`` for every private name taken from another module."""
    known = modules(root)
    out = []
    for name, path in known.items():
        for source, taken, line in imports(name, path, known):
            if taken and taken.startswith("_") and not taken.startswith("__") and source != name:
                out.append(f"{name}:{line} imports {taken} from {source}")
    return out


def private_attributes(root: Path = SOURCE) -> list[str]:
    """``module:line uses other._name``: a private name reached through an imported module."""
    known = modules(root)
    out = []
    for name, path in known.items():
        aliases = {}
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for target, taken, _ in imports(name, path, known):
            if taken is None and target in known and target != name:
                aliases[target.rpartition(".")[2]] = target
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in aliases
                    and node.attr.startswith("_") and not node.attr.startswith("__")):
                out.append(f"{name}:{node.lineno} uses {node.value.id}.{node.attr}")
    return out


def test_no_import_cycles():
    found = cycles(import_graph())
    assert not found, "import cycles (a function-level import counts): " + "; ".join(" ↔ ".join(c) for c in found)


def test_no_private_names_across_modules():
    found = private_imports() + private_attributes()
    assert not found, "private names used outside their module:\n" + "\n".join(found)


# --- the checks themselves, on a package made for the purpose -----------------------------------


def _package(tmp_path: Path, files: dict[str, str]) -> Path:
    root = tmp_path / PACKAGE
    for relative, text in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def test_a_cycle_hidden_in_a_function_is_found(tmp_path):
    root = _package(tmp_path, {
        "__init__.py": "",
        "services/__init__.py": "",
        "services/a.py": "from . import b\n",
        "services/b.py": "def later():\n    from .a import thing\n    return thing\n",
        "services/c.py": "from .a import b\n",
    })
    assert cycles(import_graph(root)) == [["scorekeeper.services.a", "scorekeeper.services.b"]]


def test_a_private_name_from_another_module_is_found(tmp_path):
    root = _package(tmp_path, {
        "__init__.py": "",
        "a.py": "def _helper():\n    return 1\n",
        "b.py": "from .a import _helper\n",
        "c.py": "from . import a\n\ndef f():\n    return a._helper()\n",
        "d.py": "from .a import __doc__\n",
    })
    assert private_imports(root) == ["scorekeeper.b:1 imports _helper from scorekeeper.a"]
    assert private_attributes(root) == ["scorekeeper.c:4 uses a._helper"]
