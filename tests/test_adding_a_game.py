"""A fifth game added as a contributor adds one (docs/ADDING-A-GAME.md): Tally, a rules module and a phone
module in tests/fixtures/newgame/, registered by its one line (``SCOREKEEPER_GAMES``), with no patching.

The registry is read when the app is first imported, so the checks run in a Python of their own with
the line set: the registry-wide tests (tests/games/test_every_game.py, the catalogue and house-rule
tests of tests/api/test_games.py), the API docs check and the catalogs check (both see the new game),
and Tally played through the API on SQLite and PostgreSQL (tests/fixtures/newgame/tally_played.py).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NEWGAME = ROOT / "tests" / "fixtures" / "newgame"
CHECKS = ["tests/fixtures/newgame/tally_played.py", "tests/games/test_every_game.py", "tests/api/test_games.py",
          "tests/test_log_lines.py"]


def with_tally(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "SCOREKEEPER_GAMES": "tally",
           "PYTHONPATH": os.pathsep.join(filter(None, (str(NEWGAME), os.environ.get("PYTHONPATH"))))}
    return subprocess.run([sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=280)


@pytest.mark.slow
def test_a_game_added_in_one_line_passes_every_registry_wide_check():
    run = with_tally("-m", "pytest", "-q", "-p", "no:cacheprovider", *CHECKS)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    ran = with_tally("-m", "pytest", "-q", "-p", "no:cacheprovider", "--collect-only", *CHECKS[1:2])
    assert "[tally]" in ran.stdout, "the registry-wide tests did not see the new game"


def test_without_the_line_the_registry_is_the_built_in_games():
    run = subprocess.run([sys.executable, "-c", "from scorekeeper import games; print(sorted(games.REGISTRY))"],
                         cwd=ROOT, env={k: v for k, v in os.environ.items() if k != "SCOREKEEPER_GAMES"},
                         capture_output=True, text=True, timeout=60)
    assert "tally" not in run.stdout and "bresk" in run.stdout


def test_a_line_naming_no_module_fails_at_start():
    from scorekeeper.games import added_games

    assert added_games("") == () and added_games(None) == ()
    with pytest.raises(ModuleNotFoundError):
        added_games("no_such_game_module")
