"""A league's history in the shape of BG Stats' export file (``BGStatsExport.json``), for BG Stats to merge.

The file's records are linked by integer ids (``gameRefId``, ``playerRefId``); each also has a uuid made
from our own ids, so the same league downloaded twice gives the same uuids and merging both files does not
double a play. A play's uuid is its result's id, which a league keeps through our own export and import
(moved to another server, the league still merges onto the same plays), and which a play imported from
BG Stats has from its own uuid (sent back, it merges onto itself). Every id our phones and tables make is a
UUID already; any other id gets a uuid5 of it. Games and players get uuid5s of our ids.

What a league does not keep is left empty rather than made up: no BoardGameGeek id (we know none for
certain), no location, no duration, no time of day (a play is at 00:00:00 on the day it was played), and the
seat order only for a result that came from a table (its players are in seat order; typed ones are not).
"""

from __future__ import annotations

import uuid
from typing import Any

from sqlalchemy import select

from .. import games
from ..extensions import db
from ..models import League, LeagueResult
from .house_rules import lowest_wins
from .league_queries import player_names
from .leagues import players as league_players

NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "https://scorekeeper.invalid/bgstats")


def _first_seat_starts(game_id: str) -> bool:
    """Whether every table of the game begins its turn order with seat 0 (its ``FIRST_SEAT_STARTS``)."""
    game = games.get(game_id)
    return bool(game and game.FIRST_SEAT_STARTS)


def stable_uuid(*parts: object) -> str:
    return str(uuid.uuid5(NAMESPACE, "/".join(str(p) for p in parts)))


def play_uuid(result_id: str) -> str:
    """The result's id when it is a UUID (as every id we make is, and a BG Stats play's), else one made from it."""
    try:
        return str(uuid.UUID(result_id))
    except ValueError:
        return stable_uuid("play", result_id)


def _game(league: League, ref: int, game_id: str, game_name: str | None) -> dict[str, Any]:
    """A game of the file; a score pad result standing for another game (``game_name``) is a game of that name,
    without our game id (it is not our score pad to BG Stats)."""
    if game_name:
        return {"id": ref, "uuid": stable_uuid("game", game_id, game_name), "name": game_name,
                "highestWins": not lowest_wins(league, game_id), "noPoints": False, "cooperative": False}
    game = games.get(game_id)
    return {"id": ref, "uuid": stable_uuid("game", game_id), "name": game.name if game else game_id,
            "sourceGameId": game_id, "highestWins": not lowest_wins(league, game_id), "noPoints": False,
            "cooperative": False}


def _score(entry, ref: int, seat: int | None, first_time: bool, starts: bool) -> dict[str, Any]:
    out = {"playerRefId": ref, "score": "" if entry.score is None else str(entry.score),
           "winner": entry.place == 1, "rank": entry.place, "seatOrder": 0 if seat is None else seat + 1,
           "startPlayer": starts and seat == 0, "newPlayer": first_time}
    if entry.team:
        out["team"] = entry.team
    return out


def _play(result: LeagueResult, game_ref: int, player_ref: dict[int, int], played: set) -> dict[str, Any]:
    from_table = result.table_code is not None
    scores = []
    for seat, entry in enumerate(result.entries):
        first_time = (entry.player_id, result.game) not in played
        played.add((entry.player_id, result.game))
        scores.append(_score(entry, player_ref[entry.player_id], seat if from_table else None, first_time,
                             from_table and _first_seat_starts(result.game)))
    return {"uuid": play_uuid(result.uid), "playDate": f"{result.played_on.isoformat()} 00:00:00",
            "durationMin": 0, "gameRefId": game_ref, "locationRefId": 0, "rounds": 0,
            "usesTeams": any(e.team for e in result.entries), "ignored": False, "playerScores": scores}


def export(league: League) -> dict[str, Any]:
    """The league's results, oldest first, as BG Stats' export file; a deleted result is left out."""
    results = [r for r in db.session.scalars(select(LeagueResult).where(LeagueResult.league_id == league.id)
                                             .order_by(LeagueResult.played_on, LeagueResult.id))
               if r.deleted_at_ms is None]
    names = player_names(league)
    everyone = league_players(league)
    player_ref = {p.id: i for i, p in enumerate(everyone, start=1)}
    game_ids = sorted({(r.game, r.game_name or "") for r in results})
    game_ref = {g: i for i, g in enumerate(game_ids, start=1)}
    played: set = set()
    return {
        "games": [_game(league, game_ref[g], *g) for g in game_ids],
        "players": [{"id": player_ref[p.id], "uuid": stable_uuid("league", league.public_id, "player", p.id),
                     "name": names[p.id]} for p in everyone],
        "locations": [],
        "plays": [_play(r, game_ref[r.game, r.game_name or ""], player_ref, played) for r in results],
        "challenges": [], "groups": [], "tags": [],
    }
