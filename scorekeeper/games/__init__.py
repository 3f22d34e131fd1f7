"""Pure game rules. See base.py for the definition every game declares; REGISTRY maps url slugs to them.

Adding a game (docs/ADDING-A-GAME.md): its rules module (ending with its ``GAME``), its phone module
(``frontend/js/games/<id>.js``), one line in ``BUILT_IN`` below and its sentences in the catalogs.

A game kept outside this package (a contributor trying one out, the test game in
``tests/fixtures/newgame/``) is registered the same way without editing this file:
``SCOREKEEPER_GAMES`` names its rules modules, dotted and comma-separated, each ending with its ``GAME``;
its phone files lie beside its rules module (``home_folder``), and scorekeeper/web.py serves them from there.
"""

from __future__ import annotations

import importlib
import inspect
import os
from pathlib import Path

from . import block_buster, bresk, make_n_break, scorepad, wuerfelspiel
from .base import Game

BUILT_IN: tuple[Game, ...] = (
    bresk.GAME,
    block_buster.GAME,
    make_n_break.GAME,
    wuerfelspiel.GAME,
    scorepad.GAME,
)


def added_games(setting: str | None) -> tuple[Game, ...]:
    """The games of the rules modules a ``SCOREKEEPER_GAMES`` value names (an unknown module fails at start)."""
    names = [n.strip() for n in (setting or "").split(",") if n.strip()]
    return tuple(importlib.import_module(name).GAME for name in names)


ADDED: tuple[Game, ...] = added_games(os.environ.get("SCOREKEEPER_GAMES"))
REGISTRY: dict[str, Game] = {g.id: g for g in (*BUILT_IN, *ADDED)}


def home_folder(game: Game) -> Path:
    """The folder of a game's rules module: one kept outside the package keeps its phone files there too."""
    return Path(inspect.getsourcefile(game.setup)).parent


def get(game_id: str) -> Game | None:
    return REGISTRY.get(game_id)


def stand_in() -> Game:
    """The game a result of a game the app does not know is kept as (``STANDS_IN_FOR_OTHERS``)."""
    return next(g for g in REGISTRY.values() if g.STANDS_IN_FOR_OTHERS)
