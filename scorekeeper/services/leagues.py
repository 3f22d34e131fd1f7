"""Leagues: tokens, players, seasons, house rules, results, standings, export (docs/ARCHITECTURE.md §7).

Access is by capability token, no accounts: creating a league hands out an admin,
a member and a viewer token; only their SHA-256 digests are stored. Every write
here happens in one transaction: a refusal raises ApiError and stores nothing.
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
from ..errors import ApiError
from ..extensions import db
from ..games.base import RuleError, rename_sheet_players
from ..lexicon.normalize import normalize
from ..models import League, LeaguePlayer, LeagueResult, ResultEntry, ResultVersion, Season, now_ms
from . import scoring

ROLES = ("viewer", "member", "admin")  # each includes the ones before it
MAX_NAME = 40
MAX_PLAYERS_PER_RESULT = 20
MAX_SCORE = 1_000_000
MAX_WORDS = 1000
EXPORT_FORMAT = "scorekeeper-league"


# --- tokens and access ------------------------------------------------------------------------


def new_token() -> str:
    return secrets.token_urlsafe(32)  # 256 bits


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _new_tokens(league: League) -> dict[str, str]:
    tokens = {role: new_token() for role in reversed(ROLES)}
    for role, token in tokens.items():
        setattr(league, f"{role}_token_hash", token_hash(token))
    return tokens


def bearer(header: str | None) -> str | None:
    if not header:
        return None
    scheme, _, token = header.strip().partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


def _unauthorized(message: str) -> ApiError:
    return ApiError(401, "unauthorized", message)


def authorize(public_id: str, authorization: str | None, need: str = "viewer", lock: bool = False):
    """(league, role) for the token in an ``Authorization: Bearer …`` header.

    No token, a wrong token or an unknown league: 401 (the same answer, so a league's
    existence is not revealed). A token whose role is below ``need``: 403.
    """
    token = bearer(authorization)
    if token is None:
        raise _unauthorized("This league needs its link: send Authorization: Bearer <token>.")
    query = select(League).where(League.public_id == public_id)
    league = db.session.scalar(query.with_for_update() if lock else query)
    digest = token_hash(token)
    role = None
    if league is not None:
        for candidate in reversed(ROLES):
            if hmac.compare_digest(digest, getattr(league, f"{candidate}_token_hash")):
                role = candidate
                break
    if role is None:
        raise _unauthorized("This link is not valid for this league (it may have been replaced).")
    if ROLES.index(role) < ROLES.index(need):
        raise ApiError(403, "forbidden", f"This needs the league's {need} link; yours is the {role} link.")
    return league, role


# --- leagues --------------------------------------------------------------------------------


def _clean_name(value: str, field: str, most: int = MAX_NAME, what: str = "A name") -> str:
    name = names.clean(str(value or ""))
    if not 1 <= len(name) <= most:
        raise ApiError(422, "bad_name", f"{what} must be 1 to {most} characters.", {field: [f"1 to {most} characters"]})
    trouble = names.problem(name)
    if trouble:
        raise ApiError(422, "bad_name", f"{what} {trouble}.", {field: [trouble]})
    return name


def create(name: str, rules: dict[str, Any] | None = None) -> tuple[League, dict[str, str]]:
    league = League(public_id=secrets.token_urlsafe(12), name=_clean_name(name, "name", 80, "A league's name"),
                    rules=check_rules(rules or {}), revision=0)
    tokens = _new_tokens(league)
    db.session.add(league)
    db.session.flush()
    db.session.add(Season(league_id=league.id, name="All time", is_default=True))
    db.session.commit()
    return league, tokens


def rotate(league: League, role: str) -> str:
    token = new_token()
    setattr(league, f"{role}_token_hash", token_hash(token))
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


# --- house rules ------------------------------------------------------------------------------

RULE_OPTIONS = {
    "bresk": ("lexicon", "live_word_marking"),  # lexicon: the word list its Bresk! games are judged by
    "block-buster": ("tie_takes_nobody",),
    "make-n-break": ("rounds", "seconds_1", "seconds_2", "seconds_3"),
    "scorepad": ("lowest_wins",),  # golf-style: tables, sheets and typed scores rank the lowest total first
}
WORD_LISTS = ("extra_words", "banned_words")


def _words(values: Any, field: str) -> list[str]:
    if not isinstance(values, list) or len(values) > MAX_WORDS:
        raise ApiError(422, "bad_words", f"{field} must be a list of at most {MAX_WORDS} words.", {field: ["bad list"]})
    out = set()
    for i, value in enumerate(values):
        word = normalize(value) if isinstance(value, str) else ""
        if not (word.isascii() and word.isalpha() and 2 <= len(word) <= 15):
            raise ApiError(422, "bad_word", "A house word is 2 to 15 letters.", {f"{field}.{i}": ["2 to 15 letters"]})
        out.add(word)
    return sorted(out)


def check_rules(rules: dict[str, Any]) -> dict[str, Any]:
    """House rules, checked against each game's own option ranges; words upper-cased and sorted."""
    if not isinstance(rules, dict):
        raise ApiError(422, "bad_rules", "House rules must be an object.", {"_body": ["must be an object"]})
    out: dict[str, Any] = {}
    for game_id, section in rules.items():
        if game_id not in RULE_OPTIONS:
            raise ApiError(422, "bad_rules", f"There are no house rules for {game_id!r}.", {game_id: ["unknown"]})
        if not isinstance(section, dict):
            raise ApiError(422, "bad_rules", f"{game_id} rules must be an object.", {game_id: ["must be an object"]})
        clean: dict[str, Any] = {}
        allowed = RULE_OPTIONS[game_id] + (WORD_LISTS if game_id == "bresk" else ())
        for name, value in section.items():
            field = f"{game_id}.{name}"
            if name not in allowed:
                raise ApiError(422, "bad_rules", f"{game_id} has no house rule {name!r}.", {field: ["unknown"]})
            if name in WORD_LISTS:
                clean[name] = _words(value, field)
                continue
            option = next(o for o in games.get(game_id).OPTIONS if o.name == name)
            try:
                clean[name] = option.check(value)
            except RuleError as err:
                raise ApiError(422, err.code, err.message, {field: [err.message]}) from None
        if game_id == "bresk" and set(clean.get("extra_words", ())) & set(clean.get("banned_words", ())):
            raise ApiError(422, "bad_words", "A word cannot be both allowed and banned.",
                           {"bresk.banned_words": ["in both lists"]})
        if clean:
            out[game_id] = clean
    return out


def set_rules(league: League, rules: dict[str, Any], merge: bool = False) -> dict[str, Any]:
    """PUT replaces the house rules; PATCH (merge) changes only the games and fields it names."""
    new = copy.deepcopy(league.rules or {}) if merge else {}
    for game_id, section in (rules or {}).items():
        if merge and isinstance(section, dict) and isinstance(new.get(game_id), dict):
            new[game_id] = {**new[game_id], **section}
        else:
            new[game_id] = section
    league.rules = check_rules(new)
    db.session.commit()
    return league.rules


def table_defaults(league: League, game_id: str) -> dict[str, Any]:
    """Options a table started in this league defaults to (the league's house rules for that game)."""
    section = (league.rules or {}).get(game_id) or {}
    return {name: value for name, value in section.items() if name in RULE_OPTIONS.get(game_id, ())}


def house_lexicon(league: League) -> str | None:
    """The word list the league's Bresk! games are judged by, if the league chose one."""
    return ((league.rules or {}).get("bresk") or {}).get("lexicon")


def lowest_wins(league: League, game_id: str) -> bool:
    """Whether the league's house rule ranks this game's typed scores lowest first (a golf-style score pad)."""
    return bool(table_defaults(league, game_id).get("lowest_wins"))


def house_words(league: League) -> tuple[frozenset[str], frozenset[str]]:
    """(allowed, banned): upper-case words the league adds to or removes from the Bresk! word list."""
    section = (league.rules or {}).get("bresk") or {}
    return frozenset(section.get("extra_words", ())), frozenset(section.get("banned_words", ()))


# --- players and seasons ------------------------------------------------------------------------


def players(league: League) -> list[LeaguePlayer]:
    return list(db.session.scalars(select(LeaguePlayer).where(LeaguePlayer.league_id == league.id)
                                   .order_by(LeaguePlayer.id)))


def add_player(league: League, name: str, commit: bool = True) -> LeaguePlayer:
    name = _clean_name(name, "name", what="A player's name")
    key = names.key(name)
    taken = db.session.scalar(select(LeaguePlayer.id).where(LeaguePlayer.league_id == league.id,
                                                            LeaguePlayer.name_key == key))
    if taken is not None:
        raise ApiError(409, "duplicate_player", f"This league already has a player called {name!r}.",
                       {"name": ["already in this league"]})
    player = LeaguePlayer(league_id=league.id, name=name, name_key=key)
    db.session.add(player)
    if commit:
        try:
            db.session.commit()
        except IntegrityError:  # the same name, added at the same moment
            db.session.rollback()
            raise ApiError(409, "duplicate_player", f"This league already has a player called {name!r}.",
                           {"name": ["already in this league"]}) from None
    return player


def player_by_name(league: League, name: str) -> LeaguePlayer:
    query = select(LeaguePlayer).where(LeaguePlayer.league_id == league.id, LeaguePlayer.name_key == names.key(name))
    player = None if names.problem(name) else db.session.scalar(query)  # no NUL bytes sent to the database
    if player is None:
        raise ApiError(404, "unknown_player", f"This league has no player called {name!r}.")
    return player


def add_season(league: League, name: str, starts_on: dt.date, ends_on: dt.date) -> Season:
    name = _clean_name(name, "name", 60, "A season's name")
    if ends_on < starts_on:
        raise ApiError(422, "bad_dates", "A season must end on or after the day it starts.",
                       {"ends_on": ["before starts_on"]})
    season = Season(league_id=league.id, name=name, starts_on=starts_on, ends_on=ends_on, is_default=False)
    db.session.add(season)
    db.session.commit()
    return season


def season_or_default(league: League, season_id: int | None) -> Season:
    query = select(Season).where(Season.league_id == league.id)
    query = query.where(Season.id == season_id) if season_id is not None else query.where(Season.is_default)
    season = db.session.scalar(query)
    if season is None:
        raise ApiError(404, "unknown_season", f"This league has no season {season_id}.", {"season": ["unknown"]})
    return season


# --- results: checking -----------------------------------------------------------------------------


def _refuse(field: str, message: str, code: str = "bad_result") -> ApiError:
    return ApiError(422, code, message, {field: [message]})


def _game_refusal(err: RuleError, prefix: str) -> ApiError:
    field = f"{prefix}.{err.field}" if err.field else prefix
    field = field.replace("players.players", "players")
    return ApiError(422, err.code, err.message, {field: [err.message]})


def _from_sheet(league: League, game_id: str, sheet: dict[str, Any]) -> list[dict[str, Any]]:
    """Everyone's score and place as the game decides them from its sheet (an immediate win, sudden death…)."""
    module = games.get(game_id)
    if game_id == "bresk" and not sheet.get("lexicon") and house_lexicon(league):
        sheet = {**sheet, "lexicon": house_lexicon(league)}  # the league's list, and the result says so
    context = scoring.rule_context(game_id, sheet, league)  # house words: the same code path as tables
    try:
        scored = module.score_sheet(sheet, **context)
    except RuleError as err:
        raise _game_refusal(err, "sheet") from None
    if not scored.finished:
        raise _refuse("sheet", "This score sheet is not a finished game.", "unfinished_sheet")
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


def check_result(league: League, payload: dict[str, Any], check_date: bool = True,
                 source: str = TYPED, known: dict[str, LeaguePlayer] | None = None) -> dict[str, Any]:
    """The normalised result (game, played_on, sheet, players with ids, scores, places, teams) or a 422.

    ``source``: typed in by a person (checked against what can happen in the game), sent by a finished
    table (``FROM_GAME``: its places are the game's own) or read from an export (taken as stored).
    ``known`` (players by name key) spares a caller checking many results a query per result.
    """
    game_id = payload.get("game")
    if games.get(game_id) is None:
        raise _refuse("game", f"There is no game called {game_id!r}; the games are {', '.join(games.REGISTRY)}.",
                      "unknown_game")
    played_on = payload["played_on"]
    if check_date and played_on > dt.date.today() + dt.timedelta(days=1):  # a day's grace for time zones
        raise _refuse("played_on", "played_on cannot be in the future.", "future_date")
    sheet = payload.get("sheet")
    if isinstance(sheet, dict) and "lowest_wins" not in sheet and lowest_wins(league, game_id):
        # The league's golf-style score pad, written into the stored sheet: re-scored after the house rule
        # changes (a correction), it still ranks as it did.
        sheet = {**sheet, "lowest_wins": True}
    if sheet is not None:
        if payload.get("players"):
            raise _refuse("players", "Send either players with scores or a score sheet, not both.")
        rows, prefix = _from_sheet(league, game_id, sheet), "sheet.players"
    else:
        rows, prefix = [dict(p) for p in payload.get("players") or []], "players"
    if not 2 <= len(rows) <= MAX_PLAYERS_PER_RESULT:
        raise _refuse(prefix, f"A result needs 2 to {MAX_PLAYERS_PER_RESULT} players.", "bad_players")

    if known is None:
        known = {p.name_key: p for p in players(league)}
    seen: set[int] = set()
    for i, row in enumerate(rows):
        name = names.clean(str(row.get("name") or ""))
        player = known.get(names.key(name))
        if player is None:
            raise _refuse(f"{prefix}.{i}.name", f"This league has no player called {name!r}; add them first.",
                          "unknown_player")
        if id(player) in seen:
            raise _refuse(f"{prefix}.{i}.name", f"{player.name} is listed twice.", "duplicate_player")
        seen.add(id(player))
        row["player"] = player
        team = names.clean(row["team"]) if isinstance(row.get("team"), str) else None
        if team and names.problem(team):
            raise _refuse(f"{prefix}.{i}.team", f"{player.name}’s team {names.problem(team)}.", "bad_name")
        row["team"] = team or None
        score = row.get("score")
        if score is not None and (isinstance(score, bool) or not isinstance(score, int) or abs(score) > MAX_SCORE):
            raise _refuse(f"{prefix}.{i}.score",
                          f"{player.name}’s score must be a whole number from -{MAX_SCORE:,} to {MAX_SCORE:,}.")

    sides = {("team", r["team"]) if r["team"] else ("solo", i) for i, r in enumerate(rows)}
    if len(sides) < 2:
        raise _refuse(f"{prefix}.0.team", "Everyone is on one team: a result needs at least two sides.")
    with_place = [r.get("place") is not None for r in rows]
    if any(with_place):
        # Places given: for everyone, and they decide. Scores stay optional, as statistics.
        for i, row in enumerate(rows):
            place = row.get("place")
            if place is None:
                raise _refuse(f"{prefix}.{i}.place", "Give a place for every player, or for none and give scores.")
            if isinstance(place, bool) or not isinstance(place, int) or not 1 <= place <= len(rows):
                raise _refuse(f"{prefix}.{i}.place", f"{row['player'].name}’s place must be from 1 to {len(rows)}.")
        team_places: dict[str, int] = {}
        for i, row in enumerate(rows):
            if row["team"] and team_places.setdefault(row["team"], row["place"]) != row["place"]:
                raise _refuse(f"{prefix}.{i}.place", "Players on one team share their team's place.")
    else:
        for i, row in enumerate(rows):
            if row.get("score") is None:
                raise _refuse(f"{prefix}.{i}.score", "Give every player a score, or every player a place.")
    module = games.get(game_id)
    if sheet is None and source == TYPED:
        try:
            module.check_final([{"name": r["player"].name, "score": r.get("score"), "place": r.get("place"),
                                 "team": r["team"]} for r in rows])
        except RuleError as err:
            raise _game_refusal(err, prefix) from None
    if not any(with_place):  # scores only: the game says how they rank
        places = module.places_from_scores([r["score"] for r in rows], [r["team"] for r in rows],
                                           lowest_wins=lowest_wins(league, game_id))
        for row, place in zip(rows, places, strict=True):
            row["place"] = place
    return {"game": game_id, "played_on": played_on, "sheet": sheet,
            "players": [{"player": r["player"], "score": r.get("score"), "place": r["place"], "team": r["team"]}
                        for r in rows]}


def _digest(checked: dict[str, Any], table_code: str | None) -> str:
    canonical = {"game": checked["game"], "played_on": checked["played_on"].isoformat(), "sheet": checked["sheet"],
                 "table_code": table_code,
                 "players": [[p["player"].id, p["score"], p["place"], p["team"]] for p in checked["players"]]}
    return hashlib.sha256(json.dumps(canonical, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def _bump(league: League) -> None:
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
    digest = _digest(checked, table_code)
    first = _by_uid(league, uid)
    if first is None:
        _bump(league)
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
        raise ApiError(409, "duplicate_id", "A different result was already recorded with this id.",
                       {"id": ["already used for a different result"]})
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
        raise ApiError(404, "unknown_result", f"This league has no result {uid}.")
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
            sheet = rename_sheet_players(result.sheet, [str(p.get("name") or "") for p in given])
        except RuleError as err:
            raise _game_refusal(err, "players") from None
    return {**payload, "players": None, "sheet": sheet}


def correct(league: League, uid: str, payload: dict[str, Any], source: str = TYPED) -> LeagueResult:
    """An admin's correction (or a table's new ending): the result as it was is kept in its history."""
    result = get_result(league, uid)
    payload = _keeping_sheet(result, payload)
    checked = check_result(league, payload, source=source)
    names = _names(league)
    db.session.add(ResultVersion(result_id=result.id, version=result.version, data=_version_data(result, names),
                                 replaced_at_ms=now_ms()))
    _bump(league)
    result.game, result.played_on, result.sheet = checked["game"], checked["played_on"], checked["sheet"]
    result.entries = _entries(checked)
    result.version += 1
    result.updated_at_ms = now_ms()
    db.session.commit()
    return result


def _names(league: League) -> dict[int, str]:
    return dict(db.session.execute(select(LeaguePlayer.id, LeaguePlayer.name)
                                   .where(LeaguePlayer.league_id == league.id)).all())


def _version_data(result: LeagueResult, names: dict[int, str]) -> dict[str, Any]:
    return {"game": result.game, "played_on": result.played_on.isoformat(), "table_code": result.table_code,
            "sheet": result.sheet,
            "players": [{"name": names[e.player_id], "score": e.score, "place": e.place, "team": e.team}
                        for e in result.entries]}


def result_dict(result: LeagueResult, names: dict[int, str], history: bool = False) -> dict[str, Any]:
    out = {"id": result.uid, **_version_data(result, names), "version": result.version,
           "created_at_ms": result.created_at_ms, "updated_at_ms": result.updated_at_ms}
    if out["sheet"] is None:
        del out["sheet"]
    if history:
        versions = db.session.scalars(select(ResultVersion).where(ResultVersion.result_id == result.id)
                                      .order_by(ResultVersion.version))
        out["history"] = [{"version": v.version, "replaced_at_ms": v.replaced_at_ms, **v.data} for v in versions]
    return out


def list_results(league: League, season_id: int | None = None, game: str | None = None, player: str | None = None,
                 limit: int = 100, offset: int = 0) -> list[dict[str, Any]]:
    query = _filtered(select(LeagueResult).where(LeagueResult.league_id == league.id),
                      season_or_default(league, season_id), game)
    if player:
        who = player_by_name(league, player)
        query = query.where(LeagueResult.id.in_(select(ResultEntry.result_id).where(ResultEntry.player_id == who.id)))
    query = query.order_by(LeagueResult.played_on.desc(), LeagueResult.id.desc()).limit(limit).offset(offset)
    names = _names(league)
    return [result_dict(r, names) for r in db.session.scalars(query)]


def _filtered(query, season: Season, game: str | None):
    if season.starts_on:
        query = query.where(LeagueResult.played_on >= season.starts_on)
    if season.ends_on:
        query = query.where(LeagueResult.played_on <= season.ends_on)
    if game:
        query = query.where(LeagueResult.game == game)
    return query


# --- export and import ----------------------------------------------------------------------------


def export(league: League) -> dict[str, Any]:
    names = _names(league)
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


CSV_COLUMNS = ("result_id", "played_on", "game", "player", "score", "place", "team")


def export_rows(league: League):
    names = _names(league)
    query = (select(LeagueResult.uid, LeagueResult.played_on, LeagueResult.game, ResultEntry.player_id,
                    ResultEntry.score, ResultEntry.place, ResultEntry.team)
             .join(ResultEntry, ResultEntry.result_id == LeagueResult.id)
             .where(LeagueResult.league_id == league.id)
             .order_by(LeagueResult.played_on, LeagueResult.id, ResultEntry.position))
    for uid, played_on, game, player_id, score, place, team in db.session.execute(query):
        yield (uid, played_on.isoformat(), game, names[player_id], "" if score is None else score, place, team or "")
