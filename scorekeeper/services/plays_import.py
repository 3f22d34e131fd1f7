"""Another app's plays (a BG Stats export file, a saved BoardGameGeek plays file) into a league.

Each reader (``bgstats_import``, ``bgg_plays``) turns its file into ``Play``s: the result as our own league
export writes one, the game's name in the file, where the play is in the file (for refusals), and why it
cannot come in, if it cannot. Here they become results, in a new league (through ``league_import``, the
same checks and all-or-nothing writing) or in an existing one, previewed first:

- **Games.** Ours are recognised by our game id (``sourceGameId``, as our own BG Stats file has it) or by
  name, with case, spaces and punctuation aside (``make n break extreme``). No BoardGameGeek id: we know
  none of our games' for certain, and a wrong one would file another game's plays under ours. Any other
  game's plays become score pad results under that game's name (``game_name``). A cooperative game's plays
  are left out and counted: the players win or lose together, which a league's standings cannot rank.
- **Plays once.** A play's source and id are kept as the result's id (a BG Stats uuid, ``bgg-<id>``), and a
  play whose id the league already has (or whose uuid our own BG Stats file gave one of its results) is
  skipped and counted as already there: importing the same file twice adds nothing the second time.
- **Players.** Into an existing league, each name in the file is suggested the league's player of the same
  name (case and spacing aside, as the league compares names), else a new player of that name; the
  confirmation says, for any name, which league player it is (or none: a new player).
- **Preview.** ``preview`` checks everything a confirmation would (every result, as the league's import
  checks it) and writes nothing; ``confirm`` does the same and then writes it all in one transaction.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select

from .. import games, names
from ..domain_errors import DomainError
from ..extensions import db
from ..models import League, LeaguePlayer, LeagueResult
from ..text import N_
from . import league_import
from .bgstats import play_uuid
from .league_input import clean_name, refuse
from .leagues import bump
from .leagues import players as league_players

# Why a play is left out (the answer's ``why``); a reader sets the first three, the import the others.
WHY = ("cooperative", "incomplete", "no_win_stats", "one_player", "not_chosen")
LOOKUP_CHUNK = 500  # result ids looked up per query (well under SQLite's bound on a statement's parameters)


@dataclass
class Play:
    result: dict[str, Any]  # as our league export has a result: id, played_on, players (name, score, place?, team)
    game: str  # the game's name in the file
    at: str  # where the play is in the file: plays.3, play.3
    why: str | None = None  # why it cannot come in (WHY), or None
    source_game: str | None = None  # our game's id, where the file says it (sourceGameId)


@dataclass
class PlaysFile:
    plays: list[Play]
    players: list[str]  # the file's player names, in its order
    lowest_wins_pad: bool  # the file ranks a score pad lowest first
    words: dict[str, str] = field(default_factory=dict)  # our export's field words, as the file says them
    player_field: str = "players.{i}"  # a new league's ``players.3`` (its list is the file's) as the file says it


def competition_places(scores: list[int], highest_first: bool) -> list[int]:
    """1, 1, 3: a tie shares a place and the next place is skipped."""
    return [1 + sum((o > s) if highest_first else (o < s) for o in scores) for s in scores]


def _normal(name: str) -> str:
    """A game's name for comparing: letters and digits only, any case, accents kept (``würfelspiel``)."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    return " ".join(re.sub(r"[^\w]+", " ", folded).replace("_", " ").split())


OUR_GAMES = {_normal(g.name): g.id for g in games.REGISTRY.values()}


def our_game(name: str, source_game: str | None = None) -> str | None:
    if source_game in games.REGISTRY:
        return source_game
    return OUR_GAMES.get(_normal(name))


@dataclass
class Plan:
    """What an import would do: results to add (with where each came from), plays already in the league,
    plays left out (game, why), and the games and players the file names."""

    add: list[dict[str, Any]]
    origin: list[Play]
    already: int
    left_out: dict[tuple[str, str], int]
    games: dict[str, dict[str, Any]]
    players: dict[str, dict[str, Any]]


def plan(file: PlaysFile, taken: set[str], chosen: list[str] | None) -> Plan:
    """Sort the file's plays: which come in (as results of which game), which are in the league already
    (ids in ``taken``), which are left out and why. ``chosen``: the file's game names to bring in (None: all)."""
    out = Plan([], [], 0, {}, {}, {})
    chosen_keys = None if chosen is None else {_normal(c) for c in chosen}
    in_file = {_normal(p.game) for p in file.plays}
    for i, name in enumerate(chosen or []):
        if _normal(name) not in in_file:
            raise refuse(f"games.{i}", "{name!r} is not a game of this file.", "unknown_game", name=name)
    for play in file.plays:
        ours = our_game(play.game, play.source_game)
        entry = out.games.setdefault(play.game, {"name": play.game, "game": ours or games.stand_in().id,
                                                 "stands_in": ours is None, "plays": 0, "new": 0, "why": set()})
        entry["plays"] += 1
        if not play.result["players"]:
            raise refuse(f"{play.at}.{file.words.get('players', 'players')}", "A play needs its players.")
        why = play.why or ("one_player" if len(play.result["players"]) < 2 else None)
        if why is None and chosen_keys is not None and _normal(play.game) not in chosen_keys:
            why = "not_chosen"
        if why is not None:
            out.left_out[play.game, why] = out.left_out.get((play.game, why), 0) + 1
            entry["why"].add(why)
            continue
        if play.result["id"] in taken:
            out.already += 1
            continue
        result = {**play.result, "game": ours or games.stand_in().id}
        if ours is None:
            result["game_name"] = play.game[:80]
        out.add.append(result)
        out.origin.append(play)
        entry["new"] += 1
        for p in result["players"]:
            who = out.players.setdefault(p["name"], {"name": p["name"], "plays": 0})
            who["plays"] += 1
    for entry in out.games.values():
        entry["why"] = _why_none_come_in(entry)
    return out


def _why_none_come_in(game: dict[str, Any]) -> str | None:
    """A game's one reason, when none of its plays comes in: left out by choice first (it can be chosen)."""
    whys = game["why"]
    if game["new"] or not whys:  # some come in, or all are in the league already
        return None
    return "not_chosen" if "not_chosen" in whys else sorted(whys)[0]


def left_out_list(left_out: dict[tuple[str, str], int]) -> list[dict[str, Any]]:
    return [{"game": game, "why": why, "plays": n} for (game, why), n in sorted(left_out.items())]


def _file_field(file: PlaysFile, origin: list[Play], field: str | None) -> str | None:
    """``results.4.players.1.score`` of our export as the file's ``plays.7.playerScores.1.score``."""
    parts = (field or "").split(".")
    if parts[0] == "results" and len(parts) > 1 and parts[1].isdigit():
        rest = [file.words.get(part, part) for part in parts[2:]]
        return ".".join([origin[int(parts[1])].at, *rest])
    if parts[0] == "players" and len(parts) == 2 and parts[1].isdigit():
        return file.player_field.format(i=parts[1])
    return field


def _as_file_refusal(err: DomainError, file: PlaysFile, origin: list[Play]) -> DomainError:
    return type(err)(err.code, err.text, _file_field(file, origin, err.field), err.detail, err.extra)


# --- a new league ------------------------------------------------------------------------------------


def new_league(file: PlaysFile, name: str) -> tuple[League, dict[str, str], list[dict[str, Any]]]:
    """A new league of the file's plays, all or nothing: the league, its tokens, the plays left out."""
    found = plan(file, set(), None)
    pad = games.stand_in()
    export = {"name": name, "rules": {pad.id: {pad.LOWEST_WINS_OPTION: True}} if file.lowest_wins_pad else {},
              "players": file.players, "results": found.add}
    try:
        league, tokens = league_import.import_league(export)
    except DomainError as err:
        raise _as_file_refusal(err, file, found.origin) from None
    return league, tokens, left_out_list(found.left_out)


# --- an existing league ------------------------------------------------------------------------------


def _taken(league: League, ids: list[str]) -> set[str]:
    """The file's play ids the league has already: as result ids, or as the uuids its BG Stats file gave them."""
    have = set()
    for start in range(0, len(ids), LOOKUP_CHUNK):
        have.update(db.session.scalars(select(LeagueResult.uid).where(
            LeagueResult.league_id == league.id, LeagueResult.uid.in_(ids[start:start + LOOKUP_CHUNK]))))
    wanted = set(ids) - have
    if wanted:  # a result whose id is no UUID went out to BG Stats under a uuid made from it
        for uid in db.session.scalars(select(LeagueResult.uid).where(LeagueResult.league_id == league.id)):
            made = play_uuid(uid)
            if made in wanted:
                have.add(made)
    return have


def _mapping(league: League, found: Plan, given: dict[str, Any] | None):
    """Each file name's league player (suggested, or as ``given``); names of new players to add."""
    keyed = {p.name_key: p for p in league_players(league)}
    given = given or {}
    for name, value in given.items():
        if value is not None and (not isinstance(value, str) or names.key(value) not in keyed):
            raise refuse(f"players.{name}", "{value!r} is not one of this league's players.", "unknown_player",
                         value=value)
    chosen: dict[str, LeaguePlayer | None] = {}
    for name, who in found.players.items():
        suggested = keyed.get(names.key(name))
        who["suggested"] = suggested.name if suggested else None
        if name in given:
            chosen[name] = None if given[name] is None else keyed[names.key(given[name])]
        else:
            chosen[name] = suggested
        who["player"] = chosen[name].name if chosen[name] else None
    return keyed, chosen


def _checked(league: League, found: Plan, file: PlaysFile, given: dict[str, Any] | None):
    """Every result to add checked as the league's import checks one, with the players mapped; the new
    players (not yet written)."""
    keyed, chosen = _mapping(league, found, given)
    known = dict(keyed)
    new_players: list[LeaguePlayer] = []
    for name, player in chosen.items():
        if player is None:
            clean = clean_name(name, f"players.{name}", what=N_("A player's name"))
            key = names.key(clean)
            if key not in known:
                known[key] = LeaguePlayer(league_id=league.id, name=clean, name_key=key)
                new_players.append(known[key])
            chosen[name] = known[key]
    results = [{**r, "players": [{**p, "name": chosen[p["name"]].name} for p in r["players"]]} for r in found.add]
    try:
        checked = league_import.check_results(league, known, results)
    except DomainError as err:
        raise _as_file_refusal(err, file, found.origin) from None
    return checked, new_players


def _answer(found: Plan, added: int) -> dict[str, Any]:
    return {"added": added, "already": found.already, "left_out": left_out_list(found.left_out),
            "games": sorted(found.games.values(), key=lambda g: g["name"].casefold()),
            "players": [{"name": p["name"], "plays": p["plays"], "suggested": p["suggested"], "player": p["player"]}
                        for p in sorted(found.players.values(), key=lambda p: p["name"].casefold())]}


def preview(league: League, file: PlaysFile, players: dict[str, Any] | None = None,
            chosen: list[str] | None = None) -> dict[str, Any]:
    """What ``confirm`` with the same choices would add, every result checked; nothing is written."""
    try:
        found = plan(file, _taken(league, [p.result["id"] for p in file.plays]), chosen)
        checked, new_players = _checked(league, found, file, players)
        return {**_answer(found, len(checked)), "new_players": [p.name for p in new_players]}
    finally:
        db.session.rollback()  # nothing stays, not even in the session


def confirm(league: League, file: PlaysFile, players: dict[str, Any] | None = None,
            chosen: list[str] | None = None) -> dict[str, Any]:
    """Add the file's new plays to the league, all or nothing, with the players mapped as ``players`` says."""
    try:
        bump(league)  # first: the UPDATE serialises two imports into one league (one sees the other's plays)
        found = plan(file, _taken(league, [p.result["id"] for p in file.plays]), chosen)
        checked, new_players = _checked(league, found, file, players)
        if checked:
            db.session.add_all(new_players)
            db.session.flush()  # the new players' ids, for the results' entries
            for start in range(0, len(checked), league_import.WRITE_CHUNK):
                league_import.insert_results(league.id, checked[start:start + league_import.WRITE_CHUNK])
            db.session.commit()
        else:
            db.session.rollback()  # nothing new: the standings did not change either
    except Exception:
        db.session.rollback()
        raise
    return {**_answer(found, len(checked)), "new_players": [p.name for p in new_players] if checked else []}
