"""The structure figures the docs state are the structure bench's (bench/structure.py), checked here
rather than quoted: docs/ADDING-A-GAME.md's count and files, and the bench's zeros."""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

import structure  # noqa: E402

GUIDE = ROOT / "docs" / "ADDING-A-GAME.md"


def in_the_guide() -> tuple[int, list[str]]:
    text = GUIDE.read_text(encoding="utf-8")
    count = int(re.search(r"Files to touch to add a game: \*\*(\d+)\*\*", text).group(1))
    rows = re.findall(r"^\| \d+ \| `([^`]+)` \|", text, flags=re.M)
    return count, rows


def test_the_guide_names_the_files_the_bench_counts():
    count, rows = in_the_guide()
    example = structure.GAME_IDS[0]
    module = example.replace("-", "_")  # the rules module's name: the id as Python spells a module
    benched = [f.replace(f"/{module}.py", "/<module>.py").replace(example, "<id>")
               for files in structure.to_add_a_game().values() for f in files]
    assert count == len(rows) == len(benched)
    assert sorted(rows) == sorted(benched)


def test_no_game_is_named_outside_its_own_files():
    assert structure.game_ids_outside_their_files() == []


def test_no_phone_import_points_up():
    assert structure.js_imports_up(structure.js_files()) == []


def test_the_check_would_catch_an_import_pointing_up():
    assert structure.JS_IMPORT.findall(structure.js_code_keeping_strings(
        "// import { x } from '../views/a.js';\nimport { y } from '../views/b.js';\nimport('../games/c.js');")) == [
        "../views/b.js", "../games/c.js"]  # a commented-out import is none


def test_no_python_function_is_over_60_lines():
    assert structure.long_functions(structure.python_files()) == []


def test_the_registry_is_what_the_bench_reads():
    from scorekeeper import games

    assert tuple(games.REGISTRY) == structure.GAME_IDS


def test_no_javascript_function_is_over_60_lines():
    assert structure.long_js_functions(structure.js_files()) == []


def test_a_game_split_into_parts_owns_them_and_a_shared_module_is_nobodys():
    graph = structure.import_graph()
    parts = {game: structure.rules_parts(game, graph) for game in structure.GAME_IDS}
    assert {"scorekeeper.games.block_buster_board", "scorekeeper.games.block_buster_penalties",
            "scorekeeper.games.block_buster_scoring", "scorekeeper.games.block_buster_seats"} <= parts["block-buster"]
    everyones = set().union(*parts.values())
    assert "scorekeeper.games.builder_turns" not in everyones  # the two Make 'N' Break games share it
    assert "scorekeeper.games.base" not in everyones
