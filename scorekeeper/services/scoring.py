"""Scoring sheets and listing games: the bridge between the pure rules and the API."""

from __future__ import annotations

from typing import Any

from flask import current_app

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


def lexicon(lexicon_id: str = "en"):
    from ..lexicon import UnknownLexicon, get_lexicon

    try:
        return get_lexicon(lexicon_id, cache_dir=current_app.config["LEXICON_CACHE_DIR"])
    except UnknownLexicon:
        raise ApiError(422, "unknown_lexicon", f"There is no word list called {lexicon_id!r}.",
                       {"lexicon": ["unknown word list"]}) from None


def _lexicon_id(options: dict[str, Any] | None) -> str:
    lexicon_id = (options or {}).get("lexicon") or "en"
    return lexicon_id if isinstance(lexicon_id, str) else "en"


def table_lexicon(table):
    """The word list a table judges with: its league's house words on top, if it has a league."""
    words = lexicon(_lexicon_id(table.options))
    if table.league is not None:
        from .leagues import house_words

        allowed, banned = house_words(table.league)
        if allowed or banned:
            words = words.with_house_rules(allowed, banned)
    return words


def rule_context(game_id: str, options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Keyword arguments a game's rules need from outside: a word check for Bresk!."""
    if game_id != "bresk":
        return {}
    return {"word_check": lexicon(_lexicon_id(options)).word_check}


def table_context(table) -> dict[str, Any]:
    """rule_context for a table, which may judge words with house rules."""
    if table.game != "bresk":
        return {}
    return {"word_check": table_lexicon(table).word_check}


def score(game_id: str, sheet: dict[str, Any]) -> dict[str, Any]:
    module = game_or_404(game_id)
    return module.score_sheet(sheet, **rule_context(game_id, sheet)).to_dict()
