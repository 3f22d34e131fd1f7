"""The rules stay pure: scorekeeper/games/ imports only the standard library, itself and the text core
(scorekeeper/text.py, itself standard library only)."""

import ast
import sys
from pathlib import Path

import pytest

GAMES = Path(__file__).resolve().parents[2] / "scorekeeper" / "games"
TEXT = GAMES.parent / "text.py"


def imported_roots(source: str) -> set[str]:
    roots = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            roots.add(node.module.split(".")[0])
        elif isinstance(node, ast.ImportFrom) and node.level > 1 and node.module != "text":
            roots.add("." * node.level + (node.module or ""))  # above games/: only the text core may be
    return roots


@pytest.mark.parametrize("module", [*sorted(GAMES.glob("*.py")), TEXT], ids=lambda p: p.name)
def test_rules_import_only_the_standard_library(module):
    outside = {r for r in imported_roots(module.read_text()) if r not in sys.stdlib_module_names and r != "__future__"}
    assert not outside, f"{module.name} imports {sorted(outside)}: rules must stay pure"


def test_the_check_would_catch_flask():
    roots = imported_roots("import flask\nfrom sqlalchemy import text")
    assert {r for r in roots if r not in sys.stdlib_module_names} == {"flask", "sqlalchemy"}


def test_the_check_would_catch_a_reach_above_the_games():
    assert imported_roots("from ..services import tables") == {"..services"}
    assert imported_roots("from ..text import N_\nfrom .base import Game") == set()
