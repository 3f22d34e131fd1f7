"""Leagues: tokens, players, seasons, house rules, results, standings, export (docs/ARCHITECTURE.md §7).

Access is by capability token, no accounts: creating a league hands out an admin,
a member and a viewer token; only their SHA-256 digests are stored. Every write
here happens in one transaction: a refusal raises a domain error
(``scorekeeper/domain_errors.py``) and stores nothing.
"""

from __future__ import annotations

import copy
import datetime as dt
import hashlib
import hmac
import json
import secrets
import uuid
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError

from .. import games, names
from ..domain_errors import Conflict, Forbidden, NotFound, Refused, Unauthorized
from ..extensions import db
from ..games.base import RuleError, rename_sheet_players
from ..models import League, LeaguePlayer, LeagueResult, ResultEntry, ResultVersion, Season, now_ms
from ..text import N_
from . import disputes, house_rules, league_links, scoring
from .league_input import clean_name, game_refusal, refuse
from .league_queries import in_season, player_names

ROLES = ("viewer", "member", "admin")  # each includes the ones before it
MAX_PLAYERS_PER_RESULT = 20
MAX_SCORE = 1_000_000
EXPORT_FORMAT = "scorekeeper-league"


# --- tokens and access ------------------------------------------------------------------------


def new_token() -> str:
    return secrets.token_urlsafe(32)  # 256 bits


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_tokens(league: League) -> dict[str, str]:
    tokens = {role: new_token() for role in reversed(ROLES)}
    for role, token in tokens.items():
        setattr(league, f"{role}_token_hash", token_hash(token))
    for role in league_links.SHARED:
        league_links.seal(league, tokens["admin"], role, tokens[role])
    return tokens


# What each link is called in a refusal ("This needs the league's admin link").
ROLE_NAMES = {"viewer": N_("viewer"), "member": N_("member"), "admin": N_("admin")}


def authorize(public_id: str, token: str | None, need: str = "viewer", lock: bool = False):
    """(league, role) for a league link's token (the API reads it from ``Authorization: Bearer …``).

    No token, a wrong token or an unknown league: 401 (the same answer, so a league's
    existence is not revealed). A token whose role is below ``need``: 403.

    ``lock``, for a write: the league's lock is taken before the league is read, and held until the
    write commits, so two writes to one league at once are applied one after the other, each to the league
    as the one before left it (six corrections at once stored one version twice, and of two admin phones
    replacing a link at once one handed out a dead link; tests/api/test_league_races.py).
    """
    if token is None:
        raise Unauthorized("unauthorized", "This league needs its link: send Authorization: Bearer <token>.")
    query = select(League).where(League.public_id == public_id)
    if lock:
        if db.session.get_bind().dialect.name == "sqlite":  # no row locks: a write takes the database's, first
            db.session.execute(update(League).where(League.public_id == public_id)
                               .values(revision=League.revision).execution_options(synchronize_session=False))
        query = query.with_for_update().execution_options(populate_existing=True)
    league = db.session.scalar(query)
    digest = token_hash(token)
    role = None
    if league is not None:
        for candidate in reversed(ROLES):
            if hmac.compare_digest(digest, getattr(league, f"{candidate}_token_hash")):
                role = candidate
                break
    if role is None:
        raise Unauthorized("unauthorized", "This link is not valid for this league (it may have been replaced).")
    if ROLES.index(role) < ROLES.index(need):
        raise Forbidden("forbidden", "This needs the league's {need} link; yours is the {role} link.",
                        need=ROLE_NAMES[need], role=ROLE_NAMES[role])
    return league, role


# --- leagues --------------------------------------------------------------------------------


def create(name: str, rules: dict[str, Any] | None = None) -> tuple[League, dict[str, str]]:
    league = League(public_id=secrets.token_urlsafe(12), name=clean_name(name, "name", 80, N_("A league's name")),
                    rules=house_rules.check(rules or {}), revision=0)
    tokens = new_tokens(league)
    db.session.add(league)
    db.session.flush()
    db.session.add(Season(league_id=league.id, name="All time", is_default=True))
    disputes.record_word_changes(league, {}, league.rules)
    db.session.commit()
    return league, tokens


def rotate(league: League, role: str, admin_token: str) -> str:
    """A new token for ``role`` (the old one stops working), asked for with the admin link ``admin_token``."""
    token = new_token()
    setattr(league, f"{role}_token_hash", token_hash(token))
    if role == "admin":
        league_links.reseal(league, admin_token, token)
    else:
        league_links.seal(league, admin_token, role, token)
    db.session.commit()
    return token


def seasons(league: League) -> list[Season]:
    return list(db.session.scalars(
        select(Season).where(Season.league_id == league.id).order_by(Season.is_default.desc(), Season.id)))


def season_dict(season: Season) -> dict[str, Any]:
    return {"id": season.id, "name": season.name, "default": season.is_default,
            "starts_on": season.starts_on.isoformat() if season.starts_on else None,
            "ends_on": season.ends_on.isoformat() if season.ends_on else None}


def view(league: League, role: str) -> dict[str, Any]:
    count = db.session.scalar(select(db.func.count()).select_from(LeaguePlayer)
                              .where(LeaguePlayer.league_id == league.id))
    return {"id": league.public_id, "name": league.name, "role": role, "rules": league.rules,
            "players": count, "seasons": [season_dict(s) for s in seasons(league)]}


# --- house rules (what they may hold: services/house_rules.py) ---------------------------------


def set_rules(league: League, rules: dict[str, Any], merge: bool = False) -> dict[str, Any]:
    """PUT replaces the house rules; PATCH (merge) changes only the games and fields it names, as a JSON merge
    patch (RFC 7396): null takes a rule away, or a game's whole section."""
    new = copy.deepcopy(league.rules or {}) if merge else {}
    for game_id, section in (rules or {}).items():
        if not merge:
            new[game_id] = section
        elif section is None:
            new.pop(game_id, None)
        elif isinstance(section, dict):
            merged = {**(new.get(game_id) or {}), **section}
            new[game_id] = {name: value for name, value in merged.items() if value is not None}
        else:
            new[game_id] = section  # check() says what is wrong with it
    before, league.rules = league.rules or {}, house_rules.check(new)
    disputes.record_word_changes(league, before, league.rules)
    db.session.commit()
    return league.rules


# --- players and seasons ------------------------------------------------------------------------


def players(league: League) -> list[LeaguePlayer]:
    return list(db.session.scalars(select(LeaguePlayer).where(LeaguePlayer.league_id == league.id)
                                   .order_by(LeaguePlayer.id)))


def add_player(league: League, name: str, commit: bool = True) -> LeaguePlayer:
    name = clean_name(name, "name", what=N_("A player's name"))
    key = names.key(name)
    taken = db.session.scalar(select(LeaguePlayer.id).where(LeaguePlayer.league_id == league.id,
                                                            LeaguePlayer.name_key == key))
    if taken is not None:
        raise Conflict("duplicate_player", "This league already has a player called {name!r}.", "name",
                       "already in this league", name=name)
    player = LeaguePlayer(league_id=league.id, name=name, name_key=key)
    db.session.add(player)
    if commit:
        try:
            db.session.commit()
        except IntegrityError:  # the same name, added at the same moment
            db.session.rollback()
            raise Conflict("duplicate_player", "This league already has a player called {name!r}.", "name",
                       "already in this league", name=name) from None
    return player


def player_by_name(league: League, name: str) -> LeaguePlayer:
    query = select(LeaguePlayer).where(LeaguePlayer.league_id == league.id, LeaguePlayer.name_key == names.key(name))
    player = None if names.problem(name) else db.session.scalar(query)  # no NUL bytes sent to the database
    if player is None:
        raise NotFound("unknown_player", "This league has no player called {name!r}.", name=name)
    return player


def add_season(league: League, name: str, starts_on: dt.date, ends_on: dt.date) -> Season:
    name = clean_name(name, "name", 60, N_("A season's name"))
    if ends_on < starts_on:
        raise Refused("bad_dates", "A season must end on or after the day it starts.", "ends_on", "before starts_on")
    season = Season(league_id=league.id, name=name, starts_on=starts_on, ends_on=ends_on, is_default=False)
    db.session.add(season)
    db.session.commit()
    return season


def season_or_default(league: League, season_id: int | None) -> Season:
    query = select(Season).where(Season.league_id == league.id)
    query = query.where(Season.id == season_id) if season_id is not None else query.where(Season.is_default)
    season = db.session.scalar(query)
    if season is None:
        raise NotFound("unknown_season", "This league has no season {season_id}.", "season", "unknown",
                       season_id=season_id)
    return season


# --- results: checking -----------------------------------------------------------------------------


def _from_sheet(league: League, game_id: str, sheet: dict[str, Any]) -> list[dict[str, Any]]:
    """Everyone's score and place as the game decides them from its sheet (an immediate win, sudden death…)."""
    module = games.get(game_id)  # the league's word list is written into the sheet by check_result
    try:
        context = scoring.rule_context(game_id, sheet, league)  # house words: the same code path as tables
    except Refused as err:  # the sheet's word list: its field is inside the sheet
        raise err.under("sheet") from None
    try:
        scored = module.score_sheet(sheet, **context)
    except RuleError as err:
        raise game_refusal(err, "sheet") from None
    if not scored.finished:
        raise refuse("sheet", "This score sheet is not a finished game.", "unfinished_sheet")
    raw_players = sheet.get("players") if isinstance(sheet.get("players"), list) else []
    out = scored.to_dict()
    for i, p in enumerate(out["players"]):
        raw = raw_players[i] if i < len(raw_players) and isinstance(raw_players[i], dict) else {}
        team = p.get("team") or raw.get("team")  # the game's own teams (couples' defaults), else the sheet's labels
        p["team"] = str(team) if isinstance(team, (str, int)) and not isinstance(team, bool) else None
    places = module.league_places(out)
    return [{"name": p["name"], "score": p["total"], "team": p["team"], "place": place}
            for p, place in zip(out["players"], places, strict=True)]


TYPED, FROM_GAME, IMPORTED = "typed", "game", "import"


# What a result may be, recorded or imported alike: a league's own export always imports (league_import.py).
FIRST_DAY = dt.date(1900, 1, 1)
# A sheet is a few KiB; the largest a game accepts (a Würfelspiel of 80 turns at the most rolls and cards a turn
# may list: bench/sheet_replay.py) is 94 KB, and a long real one 47 KB.
MAX_SHEET_BYTES = 128 * 1024
MAX_HISTORY = 50  # corrections kept per result


def sheet_too_big(sheet: Any) -> bool:
    return sheet is not None and len(json.dumps(sheet, separators=(",", ":"))) > MAX_SHEET_BYTES


def check_result(league: League, payload: dict[str, Any], check_date: bool = True,
                 source: str = TYPED, known: dict[str, LeaguePlayer] | None = None) -> dict[str, Any]:
    """The normalised result (game, played_on, sheet, players with ids, scores, places, teams) or a 422.

    ``source``: typed in by a person (checked against what can happen in the game), sent by a finished
    table (``FROM_GAME``: its places are the game's own) or read from an export (taken as stored).
    ``known`` (players by name key) spares a caller checking many results a query per result.
    """
    game_id = payload.get("game")
    module = scoring.known_game(game_id)
    played_on = payload["played_on"]
    if check_date and played_on > dt.date.today() + dt.timedelta(days=1):  # a day's grace for time zones
        raise refuse("played_on", "played_on cannot be in the future.", "future_date")
    if check_date and played_on < FIRST_DAY:
        raise refuse("played_on", "played_on must be from {year} to today.", "bad_date", year=FIRST_DAY.year)
    if sheet_too_big(payload.get("sheet")):
        raise refuse("sheet", "A score sheet is at most {most} KiB.", "too_big", most=MAX_SHEET_BYTES // 1024)
    sheet, rows, prefix = _result_rows(league, game_id, payload, source)
    _check_players(rows, prefix, {p.name_key: p for p in players(league)} if known is None else known)
    places_given = _check_places(rows, prefix)
    if sheet is None and source == TYPED:
        try:
            module.check_final([{"name": r["player"].name, "score": r.get("score"), "place": r.get("place"),
                                 "team": r["team"]} for r in rows])
        except RuleError as err:
            raise game_refusal(err, prefix) from None
    if not places_given:  # scores only: the game says how they rank
        places = module.places_from_scores([r["score"] for r in rows], [r["team"] for r in rows],
                                           lowest_wins=house_rules.lowest_wins(league, game_id))
        for row, place in zip(rows, places, strict=True):
            row["place"] = place
    return {"game": game_id, "played_on": played_on, "sheet": sheet, "game_name": _game_name(game_id, payload),
            "players": [{"player": r["player"], "score": r.get("score"), "place": r["place"], "team": r["team"]}
                        for r in rows]}


def _game_name(game_id: str, payload: dict[str, Any]) -> str | None:
    """The name of the game a score pad result stands for (an imported play of another game), or None."""
    given = payload.get("game_name")
    if given is None:
        return None
    if game_id != games.stand_in().id:
        raise refuse("game_name", "Only a score pad result names another game.")
    return clean_name(given, "game_name", 80, N_("A game's name"))


def _result_rows(league: League, game_id: str, payload: dict[str, Any],
                 source: str) -> tuple[Any, list[dict[str, Any]], str]:
    """The stored sheet (or None), one row per player (from the sheet's score or as sent), and their field path."""
    sheet = payload.get("sheet")
    if sheet is None or source == IMPORTED:
        # Imported, a sheet's result comes with its players as they were scored: both are taken as stored,
        # not scored again (the rules, the word lists or the house rules may have changed since).
        rows, prefix = [dict(p) for p in payload.get("players") or []], "players"
    else:
        if payload.get("players"):
            raise refuse("players", "Send either players with scores or a score sheet, not both.")
        if isinstance(sheet, dict):
            # The league's house rules where the sheet does not say otherwise (its rounds, a golf-style pad, who
            # a tie gives a block to), as a table started in the league begins with them; written into the
            # stored sheet, so that scored again after a house rule changes (a correction) it still counts as
            # it did.
            unsaid = {k: v for k, v in house_rules.table_defaults(league, game_id).items() if k not in sheet}
            sheet = {**sheet, **unsaid} if unsaid else sheet
        rows, prefix = _from_sheet(league, game_id, sheet), "sheet.players"
    if not 2 <= len(rows) <= MAX_PLAYERS_PER_RESULT:
        raise refuse(prefix, "A result needs 2 to {most} players.", "bad_players", most=MAX_PLAYERS_PER_RESULT)
    return sheet, rows, prefix


def _check_players(rows: list[dict[str, Any]], prefix: str, known: dict[str, LeaguePlayer]) -> None:
    """Each row's league player (``row["player"]``), team (cleaned, or None) and score, checked."""
    seen: set[int] = set()
    for i, row in enumerate(rows):
        name = names.clean(str(row.get("name") or ""))
        player = known.get(names.key(name))
        if player is None:
            raise refuse(f"{prefix}.{i}.name", "This league has no player called {name!r}; add them first.",
                          "unknown_player", name=name)
        if id(player) in seen:
            raise refuse(f"{prefix}.{i}.name", "{name} is listed twice.", "duplicate_player", name=player.name)
        seen.add(id(player))
        row["player"] = player
        team = names.clean(row["team"]) if isinstance(row.get("team"), str) else None
        if team and names.problem(team):
            raise refuse(f"{prefix}.{i}.team", "{name}’s team {trouble}.", "bad_name", name=player.name,
                          trouble=names.problem(team))
        row["team"] = team or None
        score = row.get("score")
        if score is not None and (isinstance(score, bool) or not isinstance(score, int) or abs(score) > MAX_SCORE):
            raise refuse(f"{prefix}.{i}.score",
                          "{name}’s score must be a whole number from -{most:,} to {most:,}.", name=player.name,
                          most=MAX_SCORE)


def _check_places(rows: list[dict[str, Any]], prefix: str) -> bool:
    """At least two sides, and a place for everyone or a score for everyone: whether places were given."""
    sides = {("team", r["team"]) if r["team"] else ("solo", i) for i, r in enumerate(rows)}
    if len(sides) < 2:
        raise refuse(f"{prefix}.0.team", "Everyone is on one team: a result needs at least two sides.")
    if not any(r.get("place") is not None for r in rows):
        for i, row in enumerate(rows):
            if row.get("score") is None:
                raise refuse(f"{prefix}.{i}.score", "Give every player a score, or every player a place.")
        return False
    # Places given: for everyone, and they decide. Scores stay optional, as statistics.
    for i, row in enumerate(rows):
        place = row.get("place")
        if place is None:
            raise refuse(f"{prefix}.{i}.place", "Give a place for every player, or for none and give scores.")
        if isinstance(place, bool) or not isinstance(place, int) or not 1 <= place <= len(rows):
            raise refuse(f"{prefix}.{i}.place", "{name}’s place must be from 1 to {last}.",
                          name=row["player"].name, last=len(rows))
    team_places: dict[str, int] = {}
    for i, row in enumerate(rows):
        if row["team"] and team_places.setdefault(row["team"], row["place"]) != row["place"]:
            raise refuse(f"{prefix}.{i}.place", "Players on one team share their team's place.")
    return True


def result_digest(checked: dict[str, Any], table_code: str | None) -> str:
    canonical = {"game": checked["game"], "played_on": checked["played_on"].isoformat(), "sheet": checked["sheet"],
                 "table_code": table_code,
                 "players": [[p["player"].id, p["score"], p["place"], p["team"]] for p in checked["players"]]}
    return hashlib.sha256(json.dumps(canonical, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def bump(league: League) -> None:
    """Standings change: a new revision (the UPDATE also serialises writers to one league)."""
    db.session.execute(update(League).where(League.id == league.id).values(revision=League.revision + 1))


def _entries(checked: dict[str, Any]) -> list[ResultEntry]:
    return [ResultEntry(player_id=p["player"].id, position=i, score=p["score"], place=p["place"], team=p["team"])
            for i, p in enumerate(checked["players"])]


# --- results: storing -----------------------------------------------------------------------------


def _by_uid(league: League, uid: str) -> LeagueResult | None:
    return db.session.scalar(select(LeagueResult).where(LeagueResult.league_id == league.id, LeagueResult.uid == uid))


def record(league: League, payload: dict[str, Any], table_code: str | None = None,
           source: str = TYPED) -> tuple[LeagueResult, bool]:
    """Store a result. (result, created): a repeated id with the same body returns the first (created False);
    the same id with a different body is a 409."""
    uid = str(payload.get("id") or uuid.uuid4())
    checked = check_result(league, payload, source=source)
    digest = result_digest(checked, table_code)
    first = _by_uid(league, uid)
    if first is None:
        bump(league)
        result = LeagueResult(league_id=league.id, uid=uid, game=checked["game"], played_on=checked["played_on"],
                              table_code=table_code, sheet=checked["sheet"], digest=digest, version=1,
                              entries=_entries(checked))
        db.session.add(result)
        try:
            db.session.commit()
            return result, True
        except IntegrityError:  # the same id raced us and won
            db.session.rollback()
            first = _by_uid(league, uid)
            if first is None:
                raise
    if first.digest != digest:
        raise Conflict("duplicate_id", "A different result was already recorded with this id.",
                       "id", "already used for a different result")
    return first, False


def record_table_result(league: League, table_code: str, game: str, played_on: dt.date,
                        players_with_scores: list[dict[str, Any]], result_id: str | None = None):
    """For a table played inside a league, when it finishes: ``players_with_scores`` is
    ``[{"name", "score", "place", "team"?}]`` with the game's own places (``league_places``). Seat names
    must be league players. Returns (result, created); idempotent by ``result_id`` (pass one derived from
    the table, e.g. its finish event's id, so a replay does not record twice)."""
    payload = {"id": result_id, "game": game, "played_on": played_on, "players": players_with_scores}
    return record(league, payload, table_code=table_code, source=FROM_GAME)


def get_result(league: League, uid: str) -> LeagueResult:
    result = _by_uid(league, str(uid))
    if result is None:
        raise NotFound("unknown_result", "This league has no result {uid}.", uid=uid)
    return result


def _keeping_sheet(result: LeagueResult, payload: dict[str, Any]) -> dict[str, Any]:
    """A correction of a result scored from a sheet keeps the sheet and scores it again, unless it brings
    scores or places of its own (then those replace the sheet) or a sheet of its own. Players named without
    scores or places change who played: the sheet's players, in order, take those names."""
    if result.sheet is None or payload.get("sheet") is not None:
        return payload
    given = payload.get("players") or []
    if any(p.get("score") is not None or p.get("place") is not None for p in given):
        return payload
    sheet = result.sheet
    if given:
        try:
            game = games.get(result.game)
            rename = game.rename_players if game else rename_sheet_players
            sheet = rename(result.sheet, [str(p.get("name") or "") for p in given])
        except RuleError as err:
            raise game_refusal(err, "players") from None
    return {**payload, "players": None, "sheet": sheet}


def correct(league: League, uid: str, payload: dict[str, Any], source: str = TYPED) -> LeagueResult:
    """An admin's correction (or a table's new ending): the result as it was is kept in its history."""
    result = get_result(league, uid)
    if result.deleted_at_ms is not None:
        raise Conflict("deleted_result", "This result was deleted; record the game again instead.")
    if result.version > MAX_HISTORY:
        raise Conflict("too_many_corrections", "This result has been corrected {most} times, as many as a result "
                       "keeps; delete it and record the game again.", most=MAX_HISTORY)
    payload = _keeping_sheet(result, payload)
    checked = check_result(league, payload, source=source)
    names = player_names(league)
    db.session.add(ResultVersion(result_id=result.id, version=result.version, data=version_data(result, names),
                                 replaced_at_ms=now_ms()))
    bump(league)
    result.game, result.played_on, result.sheet = checked["game"], checked["played_on"], checked["sheet"]
    if result.game != games.stand_in().id:  # corrected into one of our games, it no longer stands for another one
        result.game_name = None
    result.entries = _entries(checked)
    result.version += 1
    result.updated_at_ms = now_ms()
    db.session.commit()
    return result


def version_data(result: LeagueResult, names: dict[int, str]) -> dict[str, Any]:
    return {"game": result.game, "played_on": result.played_on.isoformat(), "table_code": result.table_code,
            "sheet": result.sheet,
            "players": [{"name": names[e.player_id], "score": e.score, "place": e.place, "team": e.team}
                        for e in result.entries]}


def result_dict(result: LeagueResult, names: dict[int, str], history: bool = False) -> dict[str, Any]:
    out = {"id": result.uid, **version_data(result, names), "version": result.version,
           "created_at_ms": result.created_at_ms, "updated_at_ms": result.updated_at_ms}
    if result.game_name:
        out["game_name"] = result.game_name
    if out["sheet"] is None:
        del out["sheet"]
    if result.deleted_at_ms is not None:
        out["deleted_at_ms"] = result.deleted_at_ms
    if history:
        versions = db.session.scalars(select(ResultVersion).where(ResultVersion.result_id == result.id)
                                      .order_by(ResultVersion.version))
        out["history"] = [{"version": v.version, "replaced_at_ms": v.replaced_at_ms, **v.data} for v in versions]
    return out


def list_results(league: League, season_id: int | None = None, game: str | None = None, player: str | None = None,
                 limit: int = 100, offset: int = 0) -> list[dict[str, Any]]:
    query = in_season(select(LeagueResult).where(LeagueResult.league_id == league.id),
                      season_or_default(league, season_id), game)
    if player:
        who = player_by_name(league, player)
        query = query.where(LeagueResult.id.in_(select(ResultEntry.result_id).where(ResultEntry.player_id == who.id)))
    query = query.order_by(LeagueResult.played_on.desc(), LeagueResult.id.desc()).limit(limit).offset(offset)
    names = player_names(league)
    return [result_dict(r, names) for r in db.session.scalars(query)]


# --- export and import ----------------------------------------------------------------------------


def export(league: League) -> dict[str, Any]:
    names = player_names(league)
    results = db.session.scalars(select(LeagueResult).where(LeagueResult.league_id == league.id)
                                 .order_by(LeagueResult.id))
    return {
        "format": EXPORT_FORMAT,
        "version": 1,
        "name": league.name,
        "rules": league.rules,
        "seasons": [{k: v for k, v in season_dict(s).items() if k != "id"} for s in seasons(league)],
        "players": [p.name for p in players(league)],
        "results": [{**result_dict(r, names, history=True), "sheet": r.sheet, "digest": r.digest} for r in results],
    }


# The CSV is for a person with a spreadsheet: headers in their language, game names, each result
# numbered in order (the ids are in the JSON export, which is for programs and for import).
CSV_COLUMNS = (N_("Result"), N_("Date"), N_("Game"), N_("Player"), N_("Score"), N_("Place"), N_("Team"))


def export_rows(league: League):
    names = player_names(league)
    query = (select(LeagueResult.id, LeagueResult.played_on, LeagueResult.game, ResultEntry.player_id,
                    ResultEntry.score, ResultEntry.place, ResultEntry.team)
             .join(ResultEntry, ResultEntry.result_id == LeagueResult.id)
             .where(LeagueResult.league_id == league.id)
             .order_by(LeagueResult.played_on, LeagueResult.id, ResultEntry.position))
    numbers: dict[int, int] = {}
    for result_id, played_on, game, player_id, score, place, team in db.session.execute(query):
        number = numbers.setdefault(result_id, len(numbers) + 1)
        rules = games.get(game)
        yield (number, played_on.isoformat(), rules.name if rules else game, names[player_id],
               "" if score is None else score, place, team or "")


def export_filename(league: League, extension: str, today: dt.date) -> str:
    """``Thursday-club-2026-12-01.csv``: the league's name (letters of any script kept) and the day."""
    stem = "-".join("".join(ch if ch.isalnum() else " " for ch in league.name).split()) or "league"
    return f"{stem[:60]}-{today.isoformat()}.{extension}"
