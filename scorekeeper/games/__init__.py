"""Pure game rules. See base.py for the definition every game declares; REGISTRY maps url slugs to them.

Adding a game: its rules module (ending with its ``GAME``), its phone panel (``frontend/js/games/``),
and one line here.
"""

from __future__ import annotations

from . import block_buster, bresk, make_n_break, scorepad, wuerfelspiel
from .base import Game

REGISTRY: dict[str, Game] = {g.id: g for g in (
    bresk.GAME,
    block_buster.GAME,
    make_n_break.GAME,
    wuerfelspiel.GAME,
    scorepad.GAME,
)}


def get(game_id: str) -> Game | None:
    return REGISTRY.get(game_id)
