"""Scoring sheets and listing games: the bridge between the pure rules and the API."""

from __future__ import annotations

from typing import Any

from .. import games
from ..errors import ApiError
from ..games import dice


def game_or_404(game_id: str):
    module = games.get(game_id)
    if module is None:
        known = ", ".join(games.REGISTRY)
        raise ApiError(404, "unknown_game", f"There is no game called {game_id!r}; the games are {known}.")
    return module


def catalogue() -> dict[str, Any]:
    return {"games": [m.catalogue() for m in games.REGISTRY.values()], "dice": dice.catalogue()}


def rule_context(game_id: str) -> dict[str, Any]:
    """Keyword arguments a game's rules need from outside (a word check for Bresk!)."""
    return {}


def score(game_id: str, sheet: dict[str, Any]) -> dict[str, Any]:
    module = game_or_404(game_id)
    return module.score_sheet(sheet, **rule_context(game_id)).to_dict()
