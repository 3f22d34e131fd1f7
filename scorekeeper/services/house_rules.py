"""A league's house rules: per game, the options the game lets a league set, and its house words.

Derived from each game's definition (games/base.py ``Game``): an option with ``league=True`` is a
house rule with the option's own type, limits and default; a game that judges words
(``word_list_option``) also takes the league's added and banned words. Tables started in the league
begin with its house rules; typed-in sheets are scored with them where a sheet does not say otherwise
(written into the stored sheet), and judged with its word list and words. Nothing here knows a game by
name.
"""

from __future__ import annotations

from typing import Any

from .. import games
from ..domain_errors import Refused
from ..games.base import Game, RuleError
from ..lexicon.normalize import normalize
from ..models import League

WORD_LISTS = ("extra_words", "banned_words")  # house words, for a game that judges words
MAX_WORDS = 1000


def rule_names(game: Game) -> tuple[str, ...]:
    """The house rules ``game`` takes: its league options, then its word lists when it judges words."""
    return tuple(o.name for o in game.house_rule_options()) + (WORD_LISTS if game.word_list_option else ())


def games_with_rules() -> dict[str, Game]:
    return {game_id: game for game_id, game in games.REGISTRY.items() if rule_names(game)}


def _words(values: Any, field: str) -> list[str]:
    if not isinstance(values, list) or len(values) > MAX_WORDS:
        raise Refused("bad_words", "{name} must be a list of at most {most} words.", field, "bad list", name=field,
                      most=MAX_WORDS)
    out = set()
    for i, value in enumerate(values):
        word = normalize(value) if isinstance(value, str) else ""
        if not (word.isascii() and word.isalpha() and 2 <= len(word) <= 15):
            raise Refused("bad_word", "A house word is 2 to 15 letters.", f"{field}.{i}", "2 to 15 letters")
        out.add(word)
    return sorted(out)


def check(rules: dict[str, Any]) -> dict[str, Any]:
    """House rules, checked against each game's own option ranges; words upper-cased and sorted."""
    if not isinstance(rules, dict):
        raise Refused("bad_rules", "House rules must be an object.", "_body", "must be an object")
    out: dict[str, Any] = {}
    known = games_with_rules()
    for game_id, section in rules.items():
        if game_id not in known:
            raise Refused("bad_rules", "There are no house rules for {game_id!r}.", game_id, "unknown", game_id=game_id)
        if not isinstance(section, dict):
            raise Refused("bad_rules", "{game_id} rules must be an object.", game_id, "must be an object",
                          game_id=game_id)
        game = known[game_id]
        clean: dict[str, Any] = {}
        allowed = rule_names(game)
        for name, value in section.items():
            field = f"{game_id}.{name}"
            if name not in allowed:
                raise Refused("bad_rules", "{game_id} has no house rule {name!r}.", field, "unknown",
                              game_id=game_id, name=name)
            if name in WORD_LISTS:
                clean[name] = _words(value, field)
                continue
            try:
                clean[name] = game.option(name).check(value)
            except RuleError as err:
                raise Refused(err.code, err.message, field) from None
        if set(clean.get("extra_words", ())) & set(clean.get("banned_words", ())):
            raise Refused("bad_words", "A word cannot be both allowed and banned.",
                          f"{game_id}.banned_words", "in both lists")
        if clean:
            out[game_id] = clean
    return out


def _section(league: League | None, game_id: str) -> dict[str, Any]:
    return ((league.rules if league is not None else None) or {}).get(game_id) or {}


def table_defaults(league: League, game_id: str) -> dict[str, Any]:
    """Options a table started in this league defaults to (the league's house rules for that game)."""
    game = games.get(game_id)
    options = {o.name for o in game.house_rule_options()} if game is not None else set()
    return {name: value for name, value in _section(league, game_id).items() if name in options}


def lowest_wins(league: League, game_id: str) -> bool:
    """Whether the league's house rule ranks this game's typed scores lowest first (a golf-style score pad)."""
    game = games.get(game_id)
    option = game.LOWEST_WINS_OPTION if game else None
    return bool(option and table_defaults(league, game_id).get(option))


def word_list(league: League | None, game_id: str) -> str | None:
    """The word list the league's games of ``game_id`` are judged by, if the league chose one."""
    game = games.get(game_id)
    if game is None or game.word_list_option is None:
        return None
    return _section(league, game_id).get(game.word_list_option)


def house_words(league: League | None, game_id: str) -> tuple[frozenset[str], frozenset[str]]:
    """(allowed, banned): upper-case words the league adds to or removes from the game's word list."""
    section = _section(league, game_id)
    return frozenset(section.get("extra_words", ())), frozenset(section.get("banned_words", ()))
