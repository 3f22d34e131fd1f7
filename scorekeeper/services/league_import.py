"""Importing a league from its export: all or nothing, bounded, linear, every field checked.

Anyone may import (it makes a new league and hands out its links), so an import is
bounded like any other request: at most ``MAX_RESULTS`` results (and the body at
most ``api.leagues.MAX_IMPORT_BYTES``), refused with a 413 before anything is read
into objects. Everything is checked in memory first, with the players looked up once;
then it is written in a few batched INSERTs, so no database lock is held while checking.
A web worker normally hands the whole request to its import process (``offload.py``), so
none of this runs on the worker that answers the phones. Where it does (``SCOREKEEPER_OFFLOAD=off``),
checking yields to other requests every ``YIELD_EVERY`` results and writing every ``WRITE_CHUNK``
(under gevent), so an import only slows that worker instead of stopping it.

An export holds what its league corrected: results it deleted (``deleted_at_ms``, no players, what they
were in their history) and history naming players as they were then (renamed, merged or removed since).

An import lands whole or leaves nothing, though it is written in several transactions: until its last
commit the new league's link digests are a mark (``UNFINISHED`` and the writing process's id) that no
link matches, and the real digests are set in the last one. If the writing process dies between them,
the web worker that handed it the import deletes what the mark names (``forget_unfinished``), and any
import deletes marks older than ``STALE_MS`` (where the web worker died too).

The export's own bookkeeping is checked too: a result's ``digest`` is recomputed here
(an export cannot choose it), table codes have a table code's shape, history versions
count up from 1 below the result's version, times and dates are within reason.
"""

from __future__ import annotations

import datetime as dt
import os
import secrets
from typing import Any

from sqlalchemy import delete, insert, select, update

from .. import names
from ..cooperate import let_others_run
from ..domain_errors import DomainError, TooBig
from ..extensions import db
from ..models import League, LeaguePlayer, LeagueResult, ResultEntry, ResultVersion, Season, is_table_code, now_ms
from ..text import N_
from .house_rules import check as check_rules
from .league_input import clean_name, refuse
from .leagues import (
    FIRST_DAY,
    IMPORTED,
    MAX_HISTORY,
    MAX_SHEET_BYTES,
    check_result,
    new_tokens,
    result_digest,
    sheet_too_big,
    token_hash,
)
from .scoring import known_game

MAX_RESULTS = 5_000
MAX_PLAYERS = 1_000
MAX_SEASONS = 200
MAX_VERSION = 1_000_000
YIELD_EVERY = 20  # results checked between two yields to other requests
WRITE_CHUNK = 100  # results written per transaction
LAST_SEASON_DAY = dt.date(2199, 12, 31)
DAY_MS = 86_400_000
UNFINISHED = "importing:"  # + the writing process's id: a league digest while its import is being written
STALE_MS = 15 * 60 * 1000  # far past the import process's time limit (offload.TIMEOUT_S)


# What a refusal calls each list, in the asker's language ("at most 1,000 players").
LISTED = {"results": N_("results"), "players": N_("players"), "seasons": N_("seasons")}


def check_size(data: Any) -> None:
    """413 for an export with more than the bounds allow, before it is parsed into objects."""
    if not isinstance(data, dict):
        return
    for field, most in (("results", MAX_RESULTS), ("players", MAX_PLAYERS), ("seasons", MAX_SEASONS)):
        items = data.get(field)
        if isinstance(items, list) and len(items) > most:
            raise TooBig("import_too_big", "An import holds at most {most:,} {what}; this one has {count:,}.", field,
                         most=most, what=LISTED[field], count=len(items))


def import_league(data: dict[str, Any]) -> tuple[League, dict[str, str]]:
    """A new league from an export, all or nothing. Places are taken as stored (never re-derived).

    Everything is checked before anything is written. The writing is then done in short
    transactions of ``WRITE_CHUNK`` results, yielding to other requests between them, so no
    lock is held across a yield; the new league cannot be reached by anyone until its links
    are returned, and if a write fails the league is deleted again (its rows go with it).
    """
    _forget_stale()
    try:
        league, tokens, checked_results = _check(data)
    except Exception:
        db.session.rollback()
        raise
    try:
        _write(league, checked_results, {f"{role}_token_hash": token_hash(token) for role, token in tokens.items()})
    except Exception:
        db.session.rollback()
        if league.id is not None:
            db.session.execute(delete(League).where(League.id == league.id))
            db.session.commit()
        raise
    return league, tokens


def _check(data: dict[str, Any]):
    check_size(data)
    league = League(public_id=secrets.token_urlsafe(12),
                    name=clean_name(data["name"], "name", 80, N_("A league's name")),
                    rules=check_rules(data.get("rules") or {}), revision=1)
    seasons = _seasons(data.get("seasons", []))
    players = _players(data.get("players", []))
    known = {p.name_key: p for p in players}
    checked_results = _results(league, known, data.get("results", []))
    tokens = new_tokens(league)
    mark = unfinished_mark(os.getpid())
    league.admin_token_hash = league.member_token_hash = league.viewer_token_hash = mark  # no link opens it yet
    db.session.add(league)
    db.session.flush()
    for row in [*seasons, *players]:
        row.league_id = league.id
    db.session.add_all([*seasons, *players])
    db.session.flush()  # the players' ids, for the results' entries and digests
    for player in players:
        db.session.expunge(player)  # keeps its id without a reload per player after the commit
    db.session.commit()
    return league, tokens, checked_results


def unfinished_mark(pid: int) -> str:
    return f"{UNFINISHED}{pid}"


def forget_unfinished(pid: int) -> int:
    """Delete what an import written by process ``pid`` left when that process died before its last commit
    (its rows go with the league). Returns how many leagues."""
    gone = db.session.execute(delete(League).where(League.admin_token_hash == unfinished_mark(pid))).rowcount
    db.session.commit()
    return gone


def _forget_stale() -> None:
    """Unfinished imports whose web worker died with its import process: long past any import's time."""
    old = now_ms() - STALE_MS
    db.session.execute(delete(League).where(League.admin_token_hash.startswith(UNFINISHED),
                                            League.created_at_ms < old))
    db.session.commit()


def _write(league: League, checked_results, digests: dict[str, str]) -> None:
    """Core executemany INSERTs (no RETURNING, no ORM bookkeeping), a few statements per chunk of results;
    the league's link ``digests`` with the last chunk, which makes the league whole at once."""
    league_id = league.id
    if not checked_results:
        db.session.execute(update(League).where(League.id == league_id).values(**digests))
        db.session.commit()
    for start in range(0, len(checked_results), WRITE_CHUNK):
        insert_results(league_id, checked_results[start:start + WRITE_CHUNK])
        if start + WRITE_CHUNK >= len(checked_results):
            db.session.execute(update(League).where(League.id == league_id).values(**digests))
        db.session.commit()
        let_others_run()  # under gevent: the other requests on this worker run between chunks


def insert_results(league_id: int, chunk) -> None:
    """The checked results ``[(result as given, checked, versions)]`` written into the league (not committed):
    a few executemany INSERTs, however many results."""
    db.session.execute(insert(LeagueResult.__table__), [
        {"league_id": league_id, "uid": r["id"], "game": checked["game"], "game_name": checked.get("game_name"),
         "played_on": checked["played_on"], "table_code": r.get("table_code"), "sheet": checked["sheet"],
         "digest": result_digest(checked, r.get("table_code")), "version": r["version"],
         "created_at_ms": r["created_at_ms"], "updated_at_ms": r["updated_at_ms"],
         "deleted_at_ms": r["deleted_at_ms"]}
        for r, checked, _ in chunk])
    ids = dict(db.session.execute(select(LeagueResult.uid, LeagueResult.id).where(
        LeagueResult.league_id == league_id, LeagueResult.uid.in_([r["id"] for r, _, _ in chunk]))).all())
    entries = [{"result_id": ids[r["id"]], "player_id": p["player"].id, "position": i, "score": p["score"],
                "place": p["place"], "team": p["team"]}
               for r, checked, _ in chunk for i, p in enumerate(checked["players"])]
    versions = [{"result_id": ids[r["id"]], **v} for r, _, vs in chunk for v in vs]
    for model, rows in ((ResultEntry, entries), (ResultVersion, versions)):
        if rows:
            db.session.execute(insert(model.__table__), rows)


def check_results(league: League, known: dict[str, LeaguePlayer], given: list[dict[str, Any]]):
    """Results in our export's shape, checked as an import checks them (for ``insert_results``)."""
    return _results(league, known, given)


def _seasons(given: list[dict[str, Any]]) -> list[Season]:
    defaults = [s for s in given if s.get("default")]
    if len(defaults) > 1:
        raise refuse("seasons", "An export has one default season.")
    out = [] if defaults else [Season(name="All time", is_default=True)]
    for i, s in enumerate(given):
        name = clean_name(s["name"], f"seasons.{i}.name", 60, N_("A season's name"))
        for end in ("starts_on", "ends_on"):
            day = s.get(end)
            if day is not None and not FIRST_DAY <= day <= LAST_SEASON_DAY:
                raise refuse(f"seasons.{i}.{end}", "A season's days are from {first} to {last}.", "bad_date",
                              first=FIRST_DAY.year, last=LAST_SEASON_DAY.year)
        if s.get("starts_on") and s.get("ends_on") and s["ends_on"] < s["starts_on"]:
            raise refuse(f"seasons.{i}.ends_on", "A season must end on or after the day it starts.")
        out.append(Season(name=name, starts_on=s.get("starts_on"), ends_on=s.get("ends_on"),
                          is_default=bool(s.get("default"))))
    return out


def _players(given: list[str]) -> list[LeaguePlayer]:
    out: dict[str, LeaguePlayer] = {}
    for i, name in enumerate(given):
        clean = clean_name(name, f"players.{i}", what=N_("A player's name"))
        key = names.key(clean)
        if key in out:
            raise refuse(f"players.{i}", "{clean!r} is listed twice.", "duplicate_player", clean=clean)
        out[key] = LeaguePlayer(name=clean, name_key=key)
    return list(out.values())


def _results(league: League, known: dict[str, LeaguePlayer], given: list[dict[str, Any]]):
    """[(result as given, checked, versions)], or the first refusal with its field under ``results.i``."""
    now = now_ms()
    latest_day = dt.date.today() + dt.timedelta(days=1)  # a day's grace for time zones
    uids: set[str] = set()
    out = []
    for i, r in enumerate(given):
        if i % YIELD_EVERY == YIELD_EVERY - 1:
            let_others_run()
        try:
            r = _check_bookkeeping(r, uids, now, latest_day)
            checked = _deleted(r) if r["deleted_at_ms"] is not None else check_result(
                league, r, check_date=False, source=IMPORTED, known=known)
            versions = [_check_version(known, v, f"history.{j}", r["version"]) for j, v in enumerate(r["history"])]
            numbers = [v["version"] for v in versions]
            if numbers != sorted(set(numbers)):
                raise refuse("history", "A result's earlier versions are listed once each, oldest first.")
        except DomainError as err:
            raise err.under(f"results.{i}") from None
        out.append((r, checked, versions))
    return out


def _check_bookkeeping(r: dict[str, Any], uids: set[str], now: int, latest_day: dt.date) -> dict[str, Any]:
    r = {**r, "id": str(r["id"]), "history": r.get("history") or []}
    if r["id"] in uids:
        raise refuse("id", "Two results have this id.", "duplicate_id")
    uids.add(r["id"])
    if not FIRST_DAY <= r["played_on"] <= latest_day:
        raise refuse("played_on", "played_on must be from {year} to today.", "bad_date", year=FIRST_DAY.year)
    code = r.get("table_code")
    if code is not None and not is_table_code(code):
        raise refuse("table_code", "A table code is 6 letters and digits, as the app gives them.")
    if sheet_too_big(r.get("sheet")):
        raise refuse("sheet", "A score sheet is at most {most} KiB.", "too_big",
                      most=MAX_SHEET_BYTES // 1024)
    if len(r["history"]) > MAX_HISTORY:
        raise refuse("history", "A result keeps at most {MAX_HISTORY} corrections.", MAX_HISTORY=MAX_HISTORY)
    version = r.get("version") or len(r["history"]) + 1
    if not len(r["history"]) < version <= MAX_VERSION:
        raise refuse("version", "version must be from {least} (its history and itself) to {most:,}.",
                      least=len(r["history"]) + 1, most=MAX_VERSION)
    r["version"] = version
    for field in ("created_at_ms", "updated_at_ms"):
        r[field] = r.get(field) or now
        if not 0 <= r[field] <= now + DAY_MS:
            raise refuse(field, "{field2} must be a time in the past.", field2=field)
    if r["updated_at_ms"] < r["created_at_ms"]:
        raise refuse("updated_at_ms", "updated_at_ms cannot be before created_at_ms.")
    r["deleted_at_ms"] = r.get("deleted_at_ms")
    if r["deleted_at_ms"] is not None and not r["created_at_ms"] <= r["deleted_at_ms"] <= now + DAY_MS:
        raise refuse("deleted_at_ms", "deleted_at_ms must be a time in the past, after created_at_ms.")
    return r


def _deleted(r: dict[str, Any]) -> dict[str, Any]:
    """A result its league deleted, as checked: no players (what it was is in its history)."""
    if r.get("players"):
        raise refuse("players", "A deleted result has no players; what it was is in its history.")
    return {"game": known_game(r["game"]).id, "played_on": r["played_on"], "sheet": r.get("sheet"), "players": []}


def _check_version(known: dict[str, LeaguePlayer], version: dict[str, Any], field: str, current: int):
    number = version["version"]
    if not 1 <= number < current:
        raise refuse(f"{field}.version", "An earlier version is numbered from 1 to {last}.",
                      last=current - 1)
    if not 0 <= version["replaced_at_ms"] <= now_ms() + DAY_MS:
        raise refuse(f"{field}.replaced_at_ms", "replaced_at_ms must be a time in the past.")
    code = version.get("table_code")
    if code is not None and not is_table_code(code):
        raise refuse(f"{field}.table_code", "A table code is 6 letters and digits, as the app gives them.")
    if sheet_too_big(version.get("sheet")):
        raise refuse(f"{field}.sheet", "A score sheet is at most {most} KiB.", "too_big",
                      most=MAX_SHEET_BYTES // 1024)
    for j, p in enumerate(version.get("players", [])):
        # A name as it was then: the player may since have been renamed, merged into another or removed.
        clean_name(p.get("name"), f"{field}.players.{j}.name", what=N_("A player's name"))
    data = {k: version.get(k) for k in ("game", "played_on", "table_code", "sheet", "players")}
    played_on = data["played_on"]
    data["played_on"] = played_on.isoformat() if isinstance(played_on, dt.date) else played_on
    return {"version": number, "replaced_at_ms": version["replaced_at_ms"], "data": data}
