"""The code's shape, measured: lines per module, long functions, import cycles, what adding a game touches.

    .venv/bin/python bench/structure.py            # the working tree
    .venv/bin/python bench/structure.py --top 15   # more of the largest modules

Import cycles and private names are read as ``tests/test_imports.py`` reads them (with ``ast``,
imports inside functions included). "Files that name a game" are the files outside a game's own
rules module (``scorekeeper/games/<game>.py``) and phone panel (``frontend/js/games/<game>.js``)
that spell out a game's id: each is a file a new game may have to be added to.
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from test_imports import cycles, import_graph, private_attributes, private_imports  # noqa: E402

LONG = 60
GAME_IDS = ("bresk", "block-buster", "make-n-break", "wuerfelspiel", "scorepad")
OWN_FILES = {f"scorekeeper/games/{g.replace('-', '_')}.py" for g in GAME_IDS} | {
    f"frontend/js/games/{g}.js" for g in GAME_IDS} | {"scorekeeper/games/__init__.py"}  # the registry line
JS_ID = re.compile("['\"`](" + "|".join(map(re.escape, GAME_IDS)) + ")['\"`]")


def python_files() -> list[Path]:
    return [p for p in sorted((ROOT / "scorekeeper").rglob("*.py")) if "migrations" not in p.parts]


def long_functions(paths: list[Path]) -> list[tuple[int, str]]:
    out = []
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                length = node.end_lineno - node.lineno + 1
                if length > LONG:
                    out.append((length, f"{path.relative_to(ROOT)}:{node.lineno} {node.name}"))
    return sorted(out, reverse=True)


def names_a_game(path: Path) -> bool:
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".py":
        return any(isinstance(n, ast.Constant) and n.value in GAME_IDS for n in ast.walk(ast.parse(text)))
    return bool(JS_ID.search(text))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--top", type=int, default=8, help="how many of the largest modules to list")
    args = parser.parse_args()
    paths = python_files()
    sizes = sorted(((len(p.read_text(encoding="utf-8").splitlines()), p) for p in paths), reverse=True)
    total = sum(n for n, _ in sizes)
    print(f"python modules: {len(paths)}, {total:,} lines, {total / len(paths):.0f} a module on average")
    for n, path in sizes[: args.top]:
        print(f"  {n:5d}  {path.relative_to(ROOT)}")
    longest = long_functions(paths)
    print(f"functions over {LONG} lines: {len(longest)}")
    for n, where in longest:
        print(f"  {n:5d}  {where}")
    found = cycles(import_graph())
    print(f"import cycles (function-level imports included): {len(found)}")
    for cycle in found:
        print("  " + " ↔ ".join(cycle))
    private = private_imports() + private_attributes()
    print(f"private names used outside their module: {len(private)}")
    candidates = python_files() + sorted((ROOT / "frontend" / "js").rglob("*.js"))
    naming = [p.relative_to(ROOT).as_posix() for p in candidates if names_a_game(p)]
    others = [p for p in naming if p not in OWN_FILES]
    print(f"files to touch to add a game: {len(others) + 3} (rules module, phone panel, registry line"
          f"{', and ' + str(len(others)) + ' that name games' if others else ''})")
    for path in others:
        print(f"  {path}")


if __name__ == "__main__":
    main()
