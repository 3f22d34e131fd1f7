"""A BG Stats export file (``BGStatsExport.json``) as a new league, through the league import.

The file is read into the shape of our own league export and handed to ``league_import.import_league``:
the same bounds (checked here first on the file's own lists, before anything is built), the same checks,
the same all-or-nothing writing, in the import process like any import. A refusal names the field of the
BG Stats file (``plays.3.playerScores.1.score``), not of the export it was turned into.

- Our games are recognised by our game id (``sourceGameId``, as our own BG Stats file has it) or by name
  (case and spaces aside). A play of any other game is left out, and the answer says which games and how
  many plays: a score pad result cannot carry another game's name, and one "score pad" standings table for
  every other game a group plays would rank them against each other.
- Each play becomes a result whose id is the play's uuid: a file names each play once, and the league keeps
  where it came from (the uuid, through its own export and import).
- A play's places are its ranks. Without ranks: by scores as the game ranks them; without scores either,
  its winners first and everyone else after them.
- A score pad the file ranks lowest first (``highestWins: false``) becomes the league's house rule.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from .. import games
from ..domain_errors import DomainError, TooBig
from ..models import League
from ..text import N_
from . import league_import
from .league_input import refuse

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


def _normal(name: str) -> str:
    return " ".join(name.split()).casefold()


OUR_GAMES = {_normal(g.name): g.id for g in games.REGISTRY.values()}


def _records(data: dict[str, Any], field: str) -> list[dict[str, Any]]:
    """The file's ``games`` or ``players``: each with an integer id and a name, the ids once each."""
    items = data.get(field, [])
    if not isinstance(items, list):
        raise refuse(field, "{listed} must be a list.", listed=field)
    seen: set[int] = set()
    for i, item in enumerate(items):
        if not isinstance(item, dict):
            raise refuse(f"{field}.{i}", "Each entry of {listed} must be an object.", listed=field)
        ref = item.get("id")
        if isinstance(ref, bool) or not isinstance(ref, int) or ref in seen:
            raise refuse(f"{field}.{i}.id", "Each entry of {listed} needs its own whole-number id.", listed=field)
        seen.add(ref)
        if not isinstance(item.get("name"), str):
            raise refuse(f"{field}.{i}.name", "A name must be text.")
    return items


def _ref_in(ref: Any, records: dict[int, Any]) -> bool:
    """Whether ``ref`` is the id of one of ``records`` (a whole number: true, a list or text is none)."""
    return isinstance(ref, int) and not isinstance(ref, bool) and ref in records


def _our_game(game: dict[str, Any]) -> str | None:
    source = game.get("sourceGameId")
    if isinstance(source, str) and source in games.REGISTRY:
        return source
    return OUR_GAMES.get(_normal(game["name"]))


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


def _players_of(play: dict[str, Any], field: str, names: dict[int, str]) -> list[dict[str, Any]]:
    scores = play.get("playerScores")
    if not isinstance(scores, list):
        raise refuse(f"{field}.playerScores", "A play lists its players under playerScores.")
    rows = []
    for j, s in enumerate(scores):
        at = f"{field}.playerScores.{j}"
        if not isinstance(s, dict):
            raise refuse(at, "Each entry of playerScores must be an object.")
        if not _ref_in(s.get("playerRefId"), names):
            raise refuse(f"{at}.playerRefId", "playerRefId must be the id of one of the file's players.")
        rows.append({"name": names[s["playerRefId"]], "score": _score(s.get("score"), f"{at}.score"),
                     "rank": _rank(s.get("rank"), f"{at}.rank"), "winner": s.get("winner") is True,
                     "team": _team(s.get("team"))})
    return rows


def _places(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Our result's players: the ranks as places; without, scores (the game ranks them), else winners first."""
    if all(r["rank"] for r in rows):
        return [{"name": r["name"], "score": r["score"], "place": r["rank"], "team": r["team"]} for r in rows]
    if all(r["score"] is not None for r in rows):
        return [{"name": r["name"], "score": r["score"], "team": r["team"]} for r in rows]
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


def as_league_export(data: Any, name: str) -> tuple[dict[str, Any], list[int], dict[str, int]]:
    """Our league export of the file's plays of our games; which play each result came from; the plays left
    out, counted by their game's name."""
    if not isinstance(data, dict):
        raise refuse("", "A BG Stats export file is one JSON object (games, players, plays).")
    check_size(data)
    game_of = {g["id"]: (g, _our_game(g)) for g in _records(data, "games")}
    players = _records(data, "players")
    names = {p["id"]: p["name"] for p in players}
    plays = data.get("plays")
    if not isinstance(plays, list):
        raise refuse("plays", "A BG Stats export file lists its plays under plays.")
    results, origin, left_out = [], [], {}
    for i, play in enumerate(plays):
        field = f"plays.{i}"
        if not isinstance(play, dict):
            raise refuse(field, "Each entry of plays must be an object.")
        if not _ref_in(play.get("gameRefId"), game_of):
            raise refuse(f"{field}.gameRefId", "gameRefId must be the id of one of the file's games.")
        game, ours = game_of[play["gameRefId"]]
        if ours is None:
            left_out[game["name"]] = left_out.get(game["name"], 0) + 1
            continue
        if not isinstance(play.get("uuid"), str) or not 1 <= len(play["uuid"]) <= 36:
            raise refuse(f"{field}.uuid", "Each play needs its uuid (at most 36 characters).")
        results.append({"id": play["uuid"], "game": ours, "played_on": _played_on(play, field),
                        "players": _places(_players_of(play, field, names))})
        origin.append(i)
    # A game BG Stats ranks lowest first becomes the house rule of ours that does, where ours has one.
    rules = {ours: {games.get(ours).LOWEST_WINS_OPTION: True} for g, ours in game_of.values()
             if ours and g.get("highestWins") is False and games.get(ours).LOWEST_WINS_OPTION}
    return ({"name": name, "rules": rules,
             "players": [p["name"] for p in players], "results": results}, origin, left_out)


# Our export's words for a field, as the BG Stats file says them.
FIELD_WORDS = {"players": "playerScores", "played_on": "playDate", "id": "uuid", "place": "rank",
               "name": "playerRefId"}


def _file_field(field: str | None, origin: list[int]) -> str | None:
    """``results.4.players.1.score`` of our export as the file's ``plays.7.playerScores.1.score``."""
    parts = (field or "").split(".")
    if parts[0] == "results" and len(parts) > 1 and parts[1].isdigit():
        rest = [FIELD_WORDS.get(part, part) for part in parts[2:]]
        return ".".join(["plays", str(origin[int(parts[1])]), *rest])
    if parts[0] == "players" and len(parts) == 2:
        return f"players.{parts[1]}.name"
    return field


def import_file(data: Any, name: str) -> tuple[League, dict[str, str], dict[str, int]]:
    """A new league from a BG Stats export file, all or nothing: the league, its tokens, the plays left out."""
    export, origin, left_out = as_league_export(data, name)
    try:
        league, tokens = league_import.import_league(export)
    except DomainError as err:
        raise type(err)(err.code, err.text, _file_field(err.field, origin), err.detail, err.extra) from None
    return league, tokens, left_out
