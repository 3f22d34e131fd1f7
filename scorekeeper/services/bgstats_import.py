"""A BG Stats export file (``BGStatsExport.json``) read into plays to import (``plays_import.Play``).

The file's plays are read into the shape of our own league export; ``plays_import`` takes them into a new
league (through ``league_import``: the same bounds, checked here first on the file's own lists, the same
checks, the same all-or-nothing writing) or an existing one. A refusal names the field of the BG Stats
file (``plays.3.playerScores.1.score``), not of the export it was turned into.

- Each play becomes a result whose id is the play's uuid: a file names each play once, and the league keeps
  where it came from (the uuid, through its own export and import), so it is not imported twice.
- A play of a game the file marks ``cooperative`` is left out and counted (``plays_import`` says why).
- A play's places are its ranks. Without ranks: by scores as the game ranks them; without scores either,
  its winners first and everyone else after them.
- A score pad the file ranks lowest first (``highestWins: false``) becomes the league's house rule.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator
from typing import Any

from .. import games
from ..domain_errors import TooBig
from ..models import League
from ..text import N_
from . import league_import
from .league_input import refuse
from .plays_import import Play, PlaysFile, competition_places, new_league, our_game

LISTED = {"plays": N_("plays"), "players": N_("players"), "games": N_("games")}
BOUNDS = {"plays": league_import.MAX_RESULTS, "players": league_import.MAX_PLAYERS,
          "games": league_import.MAX_RESULTS}
DATE = re.compile(r"^(\d{4}-\d{2}-\d{2})(?:[ T].*)?$")
SCORE = re.compile(r"^[+-]?\d{1,9}$")


def check_size(data: Any) -> None:
    """413 for a file with more plays (or players, or games) than an import takes, before anything is read."""
    if not isinstance(data, dict):
        return
    for field, most in BOUNDS.items():
        items = data.get(field)
        if isinstance(items, list) and len(items) > most:
            raise TooBig("import_too_big", "An import holds at most {most:,} {what}; this one has {count:,}.", field,
                         most=most, what=LISTED[field], count=len(items))


def _objects(items: list[Any], field: str, listed: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """Each entry of a list of the file with where it is (``plays.3``), each an object."""
    for i, item in enumerate(items):
        if not isinstance(item, dict):
            raise refuse(f"{field}.{i}", "Each entry of {listed} must be an object.", listed=listed)
        yield f"{field}.{i}", item


def _ref(item: dict[str, Any], key: str, records: dict[int, Any]) -> Any:
    """The record ``item[key]`` names, if it is the id of one of ``records`` (a whole number: true, a list or
    text is none); else None."""
    ref = item.get(key)
    if isinstance(ref, bool) or not isinstance(ref, int):
        return None
    return records.get(ref)


def _records(data: dict[str, Any], field: str) -> dict[int, dict[str, Any]]:
    """The file's ``games`` or ``players`` by id: each with a whole-number id (once each) and a name."""
    items = data.get(field, [])
    if not isinstance(items, list):
        raise refuse(field, "{listed} must be a list.", listed=field)
    out: dict[int, dict[str, Any]] = {}
    for at, item in _objects(items, field, field):
        ref = item.get("id")
        if isinstance(ref, bool) or not isinstance(ref, int) or ref in out:
            raise refuse(f"{at}.id", "Each entry of {listed} needs its own whole-number id.", listed=field)
        if not isinstance(item.get("name"), str):
            raise refuse(f"{at}.name", "A name must be text.")
        out[ref] = item
    return out


def _score(value: Any, field: str) -> int | None:
    """A score as the file writes it (text, spaces allowed; a number too); empty: none."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    text = value.strip() if isinstance(value, str) else value
    if isinstance(text, int) and not isinstance(text, bool):
        return text
    if isinstance(text, float) and text.is_integer():
        return int(text)
    if isinstance(text, str) and SCORE.match(text):
        return int(text)
    raise refuse(field, "A score here is a whole number (or empty); {value!r} is not.", value=value)


def _rank(value: Any, field: str) -> int | None:
    if value is None or value == 0:  # 0: not ranked
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise refuse(field, "A rank is a whole number from 1 (or 0: not ranked).")
    return value


def _players_of(play: dict[str, Any], field: str, players: dict[int, dict[str, Any]]) -> list[dict[str, Any]]:
    scores = play.get("playerScores")
    if not isinstance(scores, list):
        raise refuse(f"{field}.playerScores", "A play lists its players under playerScores.")
    rows = []
    for at, s in _objects(scores, f"{field}.playerScores", "playerScores"):
        who = _ref(s, "playerRefId", players)
        if who is None:
            raise refuse(f"{at}.playerRefId", "playerRefId must be the id of one of the file's players.")
        rows.append({"name": who["name"], "score": _score(s.get("score"), f"{at}.score"),
                     "rank": _rank(s.get("rank"), f"{at}.rank"), "winner": s.get("winner") is True,
                     "team": _team(s.get("team"))})
    return rows


def _ours(game: dict[str, Any]) -> str | None:
    source = game.get("sourceGameId")
    return our_game(game["name"], source if isinstance(source, str) else None)


def _places(rows: list[dict[str, Any]], highest_first: bool | None) -> list[dict[str, Any]]:
    """Our result's players: the ranks as places; without, scores (ranked by our game, or ``highest_first``
    for another game), else winners first."""
    if all(r["rank"] for r in rows):
        return [{"name": r["name"], "score": r["score"], "place": r["rank"], "team": r["team"]} for r in rows]
    if all(r["score"] is not None for r in rows):
        out = [{"name": r["name"], "score": r["score"], "team": r["team"]} for r in rows]
        if highest_first is None:
            return out
        places = competition_places([r["score"] for r in rows], highest_first)
        return [{**o, "place": place} for o, place in zip(out, places, strict=True)]
    after = 1 + sum(r["winner"] for r in rows)
    return [{"name": r["name"], "score": r["score"], "place": 1 if r["winner"] else after, "team": r["team"]}
            for r in rows]


def _played_on(play: dict[str, Any], field: str) -> dt.date:
    when = play.get("playDate")
    found = DATE.match(when) if isinstance(when, str) else None
    try:
        if found:
            return dt.date.fromisoformat(found.group(1))
    except ValueError:
        pass
    raise refuse(f"{field}.playDate", "playDate must be a date, YYYY-MM-DD HH:MM:SS.")


def _team(value: Any) -> str | None:
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        return None
    return str(value).strip() or None


# Our export's words for a field, as the BG Stats file says them.
FIELD_WORDS = {"players": "playerScores", "played_on": "playDate", "id": "uuid", "place": "rank",
               "name": "playerRefId"}


def read(data: Any) -> PlaysFile:
    """The file's plays (each game's plays, ours or not), or a 422 naming the file's field."""
    if not isinstance(data, dict):
        raise refuse("", "A BG Stats export file is one JSON object (games, players, plays).")
    check_size(data)
    game_of = _records(data, "games")
    players = _records(data, "players")
    plays = data.get("plays")
    if not isinstance(plays, list):
        raise refuse("plays", "A BG Stats export file lists its plays under plays.")
    out = []
    for at, play in _objects(plays, "plays", "plays"):
        game = _ref(play, "gameRefId", game_of)
        if game is None:
            raise refuse(f"{at}.gameRefId", "gameRefId must be the id of one of the file's games.")
        if not isinstance(play.get("uuid"), str) or not 1 <= len(play["uuid"]) <= 36:
            raise refuse(f"{at}.uuid", "Each play needs its uuid (at most 36 characters).")
        ours = _ours(game)
        # Another game's scores are ranked as that game ranks them (BG Stats says which way), not as our
        # score pad's house rule would.
        ranked_by = None if ours else game.get("highestWins") is not False
        out.append(Play(result={"id": play["uuid"], "played_on": _played_on(play, at),
                                "players": _places(_players_of(play, at, players), ranked_by)},
                        game=" ".join(game["name"].split()) or "?", at=at,
                        why="cooperative" if game.get("cooperative") is True else None, source_game=ours))
    lowest = any(g.get("highestWins") is False and _ours(g) == games.stand_in().id for g in game_of.values())
    return PlaysFile(plays=out, players=[p["name"] for p in players.values()], lowest_wins_pad=lowest,
                     words=FIELD_WORDS, player_field="players.{i}.name")


def import_file(data: Any, name: str) -> tuple[League, dict[str, str], list[dict[str, Any]]]:
    """A new league from a BG Stats export file, all or nothing: the league, its tokens, the plays left out."""
    return new_league(read(data), name)
