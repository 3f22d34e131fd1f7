"""Scoring sheets and listing games: the bridge between the pure rules and the API."""

from __future__ import annotations

from typing import Any

from flask import current_app

from .. import games
from ..domain_errors import NotFound, Refused
from ..games import dice


def game_or_404(game_id: str):
    module = games.get(game_id)
    if module is None:
        known = ", ".join(games.REGISTRY)
        raise NotFound("unknown_game", "There is no game called {game_id!r}; the games are {known}.",
                       game_id=game_id, known=known)
    return module


def catalogue() -> dict[str, Any]:
    return {"games": [m.catalogue() for m in games.REGISTRY.values()], "dice": dice.catalogue()}


def lexicon(lexicon_id: str = "en"):
    from ..lexicon import UnknownLexicon, get_lexicon

    try:
        return get_lexicon(lexicon_id, cache_dir=current_app.config["LEXICON_CACHE_DIR"])
    except UnknownLexicon:
        raise Refused("unknown_lexicon", "There is no word list called {lexicon_id!r}.", "lexicon", "unknown word list",
                      lexicon_id=lexicon_id) from None


def other_lexicons(lexicon_id: str) -> list:
    """The lists other than ``lexicon_id``, for verdicts that say "valid in the word-game list"."""
    from ..lexicon import LEXICON_IDS

    return [lexicon(other) for other in LEXICON_IDS if other != lexicon_id]


def _lexicon_id(options: dict[str, Any] | None, league=None) -> str:
    lexicon_id = (options or {}).get("lexicon")
    if not lexicon_id and league is not None:
        from .leagues import house_lexicon

        lexicon_id = house_lexicon(league)
    return lexicon_id if isinstance(lexicon_id, str) and lexicon_id else "en"


def judging_lexicon(lexicon_id: str, league=None):
    """The one way words are judged, for tables and typed-in sheets alike: the list, with the
    league's house words (added and banned) on top when there is a league."""
    words = lexicon(lexicon_id)
    if league is not None:
        from .leagues import house_words

        allowed, banned = house_words(league)
        if allowed or banned:
            words = words.with_house_rules(allowed, banned)
    return words


def table_lexicon(table):
    """The word list a table judges with: its own option, its league's house words on top."""
    return judging_lexicon(_lexicon_id(table.options), table.league)


def rule_context(game_id: str, options: dict[str, Any] | None = None, league=None) -> dict[str, Any]:
    """Keyword arguments a game's rules need from outside: a word check for Bresk!.

    ``options`` is a sheet or a table's options (its ``lexicon``, else the league's house
    list, else the everyday list); ``league`` adds its house words.
    """
    if game_id != "bresk":
        return {}
    return {"word_check": judging_lexicon(_lexicon_id(options, league), league).word_check}


def table_context(table) -> dict[str, Any]:
    """rule_context for a table, which may judge words with house rules."""
    if table.game != "bresk":
        return {}
    return {"word_check": table_lexicon(table).word_check}


def score(game_id: str, sheet: dict[str, Any]) -> dict[str, Any]:
    module = game_or_404(game_id)
    return module.score_sheet(sheet, **rule_context(game_id, sheet)).to_dict()
