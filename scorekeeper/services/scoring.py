"""Scoring sheets and listing games: the bridge between the pure rules and the API."""

from __future__ import annotations

from typing import Any

from flask import current_app

from .. import games
from ..domain_errors import NotFound, Refused
from ..games import dice
from . import house_rules


def _as_named(game_id: Any) -> str:
    """What a refusal repeats of an unknown game's id: as much as an id can be, not a 5,000-character body."""
    text = game_id if isinstance(game_id, str) else repr(game_id)
    return text if len(text) <= 40 else text[:40] + "…"


def game_or_404(game_id: str):
    """The game a request's path names, or a 404."""
    module = games.get(game_id)
    if module is None:
        raise NotFound("unknown_game", "There is no game called {game_id!r}; the games are {games}.",
                       game_id=_as_named(game_id),
                       games=", ".join(games.REGISTRY))
    return module


def known_game(game_id: Any, field: str = "game"):
    """The game a request's body or query names (``field``), or a 422 naming it."""
    module = games.get(game_id)
    if module is None:
        raise Refused("unknown_game", "There is no game called {game_id!r}; the games are {games}.", field,
                      "unknown game", game_id=_as_named(game_id), games=", ".join(games.REGISTRY))
    return module


def catalogue() -> dict[str, Any]:
    return {"games": [game.describe() for game in games.REGISTRY.values()], "dice": dice.catalogue()}


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


def _lexicon_id(game_id: str, options: dict[str, Any] | None, league=None) -> str:
    """The word list a game's words are judged by: its own option, else the league's house list, else the
    everyday list."""
    game = games.get(game_id)
    option = game.word_list_option if game is not None else None
    lexicon_id = (options or {}).get(option) if option else None
    if not lexicon_id:
        lexicon_id = house_rules.word_list(league, game_id)
    return lexicon_id if isinstance(lexicon_id, str) and lexicon_id else "en"


def judging_lexicon(lexicon_id: str, league=None, game_id: str | None = None):
    """The one way words are judged, for tables and typed-in sheets alike: the list, with the
    league's house words for ``game_id`` (added and banned) on top when there is a league."""
    words = lexicon(lexicon_id)
    if league is not None and game_id is not None:
        allowed, banned = house_rules.house_words(league, game_id)
        if allowed or banned:
            words = words.with_house_rules(allowed, banned)
    return words


def table_lexicon(table):
    """The word list a table judges with (its challenges too): its own option, its league's house words on top."""
    return judging_lexicon(_lexicon_id(table.game, table.options), table.league, table.game)


def rule_context(game_id: str, options: dict[str, Any] | None = None, league=None) -> dict[str, Any]:
    """Keyword arguments a game's rules need from outside: a word check for a game that judges words.

    ``options`` is a sheet or a table's options (the game's word-list option, else the league's house
    list, else the everyday list); ``league`` adds its house words.
    """
    game = games.get(game_id)
    if game is None or game.word_list_option is None:
        return {}
    return {"word_check": judging_lexicon(_lexicon_id(game_id, options, league), league, game_id).word_check}


def table_context(table) -> dict[str, Any]:
    """rule_context for a table, which may judge words with house rules."""
    return rule_context(table.game, table.options, table.league)


def score(game_id: str, sheet: dict[str, Any]) -> dict[str, Any]:
    module = game_or_404(game_id)
    return module.score_sheet(sheet, **rule_context(game_id, sheet)).to_dict()
