"""Services and games speak the domain, not HTTP: no Flask request, no ApiError, no status codes.

The API layer reads headers (the league link, the asker's address and language) and hands the
services plain values; services raise domain errors (scorekeeper/domain_errors.py), which
scorekeeper/errors.py alone turns into HTTP answers (docs/ARCHITECTURE.md §4).
"""

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "scorekeeper"
PURE = sorted([*(PACKAGE / "services").glob("*.py"), *(PACKAGE / "games").glob("*.py"), PACKAGE / "domain_errors.py"])

# Names that belong to the request layer: what a service must not import.
REQUEST_LAYER = {("flask", "request"), ("flask", "g"), ("flask", "session"), ("flask", "abort"),
                 ("flask", "jsonify"), ("flask", "make_response"), ("flask", "Response")}


def request_layer_imports(source: str, module_package: str = "scorekeeper.services") -> list[str]:
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:  # a relative import: resolve it against the package
                base = module_package.split(".")[: len(module_package.split(".")) - node.level + 1]
                module = ".".join([*base, module] if module else base)
            for alias in node.names:
                if (module, alias.name) in REQUEST_LAYER or module.startswith(("werkzeug", "flask_smorest")):
                    found.append(f"{module}.{alias.name}")
                if module in ("scorekeeper.errors", "scorekeeper") and alias.name in ("ApiError", "errors"):
                    found.append(f"{module}.{alias.name}")
        elif isinstance(node, ast.Import):
            found += [a.name for a in node.names if a.name.split(".")[0] in ("werkzeug", "flask_smorest")
                      or a.name == "scorekeeper.errors"]
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "flask" \
                and node.attr in {name for _, name in REQUEST_LAYER}:
            found.append(f"flask.{node.attr}")
    return found


@pytest.mark.parametrize("module", PURE, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_services_and_games_do_not_import_the_request_layer(module):
    package = "scorekeeper" if module.parent == PACKAGE else f"scorekeeper.{module.parent.name}"
    found = request_layer_imports(module.read_text(), package)
    assert not found, f"{module.name} imports {found}: read headers in scorekeeper/api/, raise domain errors"


@pytest.mark.parametrize("source", [
    "from flask import current_app, request",
    "from ..errors import ApiError",
    "import flask\nflask.request.headers",
    "from werkzeug.exceptions import NotFound",
])
def test_the_check_would_catch_it(source):
    assert request_layer_imports(source)


def test_the_check_lets_the_domain_through():
    assert not request_layer_imports("from ..domain_errors import Conflict\nfrom flask import current_app")


# One hop away counts too: a service that calls a helper which reads the request breaks the rule as
# surely as reading it itself. So every module of ours that a service or a game reaches through its
# imports, at any depth, passes the same check.

def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def module_path(name: str) -> Path | None:
    base = PACKAGE.parent.joinpath(*name.split("."))
    for path in (base / "__init__.py", base.with_suffix(".py")):
        if path.exists():
            return path
    return None


def package_of(path: Path) -> str:
    name = module_name(path)
    return name if path.name == "__init__.py" else name.rsplit(".", 1)[0]


def our_imports(path: Path) -> set[str]:
    """The modules of scorekeeper that ``path`` imports (``from .x import y``: y if it is a module, else x)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:
                base = package_of(path).split(".")[: len(package_of(path).split(".")) - node.level + 1]
                module = ".".join([*base, module] if module else base)
            found |= {f"{module}.{a.name}" if module_path(f"{module}.{a.name}") else module for a in node.names}
        elif isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
    return {name for name in found if name.startswith("scorekeeper") and module_path(name)}


def reached(name: str) -> set[str]:
    """Every module of ours that importing ``name`` imports, at any depth (``name`` included)."""
    seen, waiting = set(), [name]
    while waiting:
        current = waiting.pop()
        if current not in seen:
            seen.add(current)
            waiting += our_imports(module_path(current))
    return seen


@pytest.mark.parametrize("module", PURE, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_nothing_a_service_or_game_imports_reaches_the_request_layer(module):
    found = {name: request_layer_imports(module_path(name).read_text(), package_of(module_path(name)))
             for name in reached(module_name(module))}
    found = {name: names for name, names in found.items() if names}
    assert not found, (f"{module.name} reaches the request layer through {found}: pass what the service needs "
                       "as arguments, and raise a domain error for the HTTP layer to answer")


def test_the_walk_follows_imports_of_imports():
    # errors.py reads nothing of the request itself, but the rate limits it imports do.
    assert "scorekeeper.limits" in reached("scorekeeper.errors")
    assert request_layer_imports(module_path("scorekeeper.limits").read_text(), "scorekeeper")
