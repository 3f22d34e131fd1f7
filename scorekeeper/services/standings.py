"""Standings, leaderboards, head-to-head and player pages of a league (docs/ARCHITECTURE.md §7).

Two things are derived from a league's results, per season and game:

* the **tally** (league_stats.Tally): ratings and each player's line — what standings and the
  rating chart need. Rating every game in order is the slow part, so a tally is saved in the
  database (``league_tallies``) and carried forward: a new result costs one rating update, a
  restart or another worker or instance starts from the saved tally. Before it is trusted,
  one query checks that the results it counted are still those (same rows, same correction
  versions); a correction or a back-dated result means counting again from the start.
* the **results** themselves, for leaderboards, head-to-head and a player's results.

Both are also kept per process for the league's current revision, which every change to
results bumps, so nothing cached is ever stale.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import gc
import logging
import threading
from collections import OrderedDict
from collections.abc import Hashable, Iterator
from typing import Any

from sqlalchemy import and_, func, or_, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import SQLAlchemyError

from .. import games
from ..extensions import db
from ..models import League, LeagueResult, LeagueTally, ResultEntry, Season
from . import league_stats, scoring
from .house_rules import lowest_wins
from .league_queries import in_season, plain_rows, player_names
from .league_stats import Entry, Played, Tally
from .leagues import export as export_league
from .leagues import player_by_name, season_or_default

log = logging.getLogger(__name__)


class RecentByRevision:
    """A small per-process LRU of values valid for one league revision."""

    def __init__(self, size: int = 64):
        self.size = size
        self.items: OrderedDict[Hashable, tuple[int, Any]] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: Hashable, revision: int) -> Any:
        with self.lock:
            hit = self.items.get(key)
            if hit is None or hit[0] != revision:
                return None
            self.items.move_to_end(key)
            return hit[1]

    def put(self, key: Hashable, revision: int, value: Any) -> None:
        with self.lock:
            self.items[key] = (revision, value)
            self.items.move_to_end(key)
            while len(self.items) > self.size:
                self.items.popitem(last=False)

    def clear(self) -> None:
        with self.lock:
            self.items.clear()


_TALLIES = RecentByRevision()
_RESULTS = RecentByRevision()


def forget() -> None:
    """Drop what this process keeps (the saved tallies stay): for tests and benchmarks."""
    _TALLIES.clear()
    _RESULTS.clear()


def _scope(season: Season, game: str | None) -> str:
    return f"{season.id}:{season.starts_on}:{season.ends_on}:{game or ''}"


def _check_game(game: str | None) -> None:
    if game is not None:
        scoring.known_game(game)


def _after(query, last):
    """Results that count after ``last`` = (played_on, row id)."""
    if last is None:
        return query
    day, row = last
    return query.where(or_(LeagueResult.played_on > day, and_(LeagueResult.played_on == day, LeagueResult.id > row)))


def _up_to(query, last):
    day, row = last
    return query.where(or_(LeagueResult.played_on < day, and_(LeagueResult.played_on == day, LeagueResult.id <= row)))


def _played(league: League, season: Season, game: str | None, after=None) -> Iterator[Played]:
    """The results in the order they count (date, then creation), each with its entries."""
    query = _after(in_season(
        select(LeagueResult.id, LeagueResult.uid, LeagueResult.played_on, LeagueResult.game, LeagueResult.version,
               ResultEntry.player_id, ResultEntry.score, ResultEntry.place, ResultEntry.team)
        .join(ResultEntry, ResultEntry.result_id == LeagueResult.id)
        .where(LeagueResult.league_id == league.id), season, game), after,
    ).order_by(LeagueResult.played_on, LeagueResult.id, ResultEntry.position)
    days: dict[str, dt.date] = {}
    current, entries = None, []
    for row, uid, played_on, game_id, version, player_id, score, place, team in plain_rows(query):
        if current is None or current[0] != row:
            if current is not None:
                yield Played(current[1], current[2], current[3], tuple(entries), current[0], current[4])
            if not isinstance(played_on, dt.date):  # SQLite: 'YYYY-MM-DD', parsed once a day
                played_on = days.get(played_on) or days.setdefault(played_on, dt.date.fromisoformat(played_on))
            current, entries = (row, uid, played_on, game_id, version), []
        entries.append(Entry(player_id, score, place, team))
    if current is not None:
        yield Played(current[1], current[2], current[3], tuple(entries), current[0], current[4])


def _count(tally: Tally, league: League, season: Season, game: str | None) -> None:
    """Carry ``tally`` forward over the results after its last, in the order they count.

    The one read that counting a league from nothing waits for, so it asks only for what a tally needs
    (no result ids or game names, which cost a Python string per row) and no sort by the entries'
    position: SQLite then reads each result's entries straight from the index, and a result's entries
    are written in position order, so they nearly always come so; a result whose do not is put in order
    here. Rows go straight into the tally, with no ``Played`` or ``Entry`` objects between.
    """
    query = _after(in_season(
        select(LeagueResult.id, LeagueResult.played_on, LeagueResult.version,
               ResultEntry.position, ResultEntry.player_id, ResultEntry.score, ResultEntry.place, ResultEntry.team)
        .join(ResultEntry, ResultEntry.result_id == LeagueResult.id)
        .where(LeagueResult.league_id == league.id), season, game), tally.last,
    ).order_by(LeagueResult.played_on, LeagueResult.id)
    days: dict[Any, dt.date] = {}
    add = tally.count
    current, played_on, version, entries, last_position, in_order = None, None, 1, [], -1, True
    for row, day, row_version, position, player_id, score, place, team in plain_rows(query):
        if row != current:
            if current is not None:
                add(played_on, current, version, entries if in_order else _by_position(entries))
            played_on = days.get(day)
            if played_on is None:  # SQLite gives 'YYYY-MM-DD': parsed once a day
                played_on = days[day] = day if isinstance(day, dt.date) else dt.date.fromisoformat(day)
            current, version, entries, last_position, in_order = row, row_version, [], -1, True
        if position < last_position:
            in_order = False
        last_position = position
        entries.append((player_id, score, place, team, position))
    if current is not None:
        add(played_on, current, version, entries if in_order else _by_position(entries))


def _by_position(entries: list[tuple]) -> list[tuple]:
    return sorted(entries, key=lambda e: e[4])


@contextlib.contextmanager
def collector_paused():
    """Counting a big league makes tens of thousands of small tuples, none of them garbage in a cycle; the
    cyclic garbage collector, woken every few hundred of them to scan everything young, took longer than
    the counting itself. Reference counting still frees everything as usual."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _still_counts(league: League, season: Season, game: str | None, tally: Tally) -> bool:
    """Are the results a saved tally counted still exactly those (none added before its last, none corrected)?"""
    if tally.last is None:
        return True
    found = db.session.execute(_up_to(in_season(
        select(func.count(), func.coalesce(func.sum(LeagueResult.version), 0),
               func.coalesce(func.sum(LeagueResult.id * LeagueResult.version), 0))
        .where(LeagueResult.league_id == league.id), season, game), tally.last)).one()
    return tuple(found) == tally.fingerprint


def _save(league: League, scope: str, revision: int, tally: Tally) -> None:
    """Upsert, never replacing a newer tally with an older one. A failure only costs speed later."""
    dialect = sqlite if db.session.get_bind().dialect.name == "sqlite" else postgresql
    row = {"league_id": league.id, "scope": scope, "revision": revision, "data": tally.dumps()}
    statement = dialect.insert(LeagueTally).values(row)
    statement = statement.on_conflict_do_update(
        index_elements=["league_id", "scope"], set_={"revision": revision, "data": row["data"]},
        where=LeagueTally.revision <= revision)
    try:
        db.session.execute(statement)
        db.session.commit()
    except SQLAlchemyError as err:  # e.g. a busy SQLite file: the standings are right, just not saved
        db.session.rollback()
        log.warning("standings tally not saved: %s", err)


def _restore(saved: LeagueTally | None) -> Tally | None:
    if saved is None:
        return None
    try:
        return Tally.loads(saved.data)
    except ValueError:  # saved by a version of the app that kept it in another form: count again
        return None


def _season(league: League, season_id: int | None, game: str | None) -> Season:
    """The season asked for (404 if it is not this league's), once the game is known to exist."""
    season = season_or_default(league, season_id)
    _check_game(game)
    return season


def tally(league: League, season_id: int | None = None, game: str | None = None) -> Tally:
    """The season's (and game's) tally at the league's current revision."""
    return _tally(league, _season(league, season_id, game), game)


def _tally(league: League, season: Season, game: str | None) -> Tally:
    scope, revision = _scope(season, game), league.revision
    key = (league.public_id, scope)  # random: never shared by two leagues, even across databases
    cached = _TALLIES.get(key, revision)
    if cached is not None:
        return cached
    saved = db.session.get(LeagueTally, (league.id, scope))
    current = _restore(saved)
    if current is None or saved.revision < revision:
        if current is None or not _still_counts(league, season, game, current):
            current = Tally()
        with collector_paused():
            _count(current, league, season, game)
        _save(league, scope, revision, current)
    _TALLIES.put(key, revision, current)
    return current


def results(league: League, season_id: int | None = None, game: str | None = None) -> list[Played]:
    return _results(league, _season(league, season_id, game), game)


def _results(league: League, season: Season, game: str | None) -> list[Played]:
    key = (league.public_id, _scope(season, game))
    cached = _RESULTS.get(key, league.revision)
    if cached is None:
        with collector_paused():
            cached = list(_played(league, season, game))
        _RESULTS.put(key, league.revision, cached)
    return cached


def standings(league: League, season_id: int | None = None, game: str | None = None,
              sort: str = "wins") -> list[dict[str, Any]]:
    rows = tally(league, season_id, game).standings(player_names(league), sort)
    return rows if game else [_no_average(row) for row in rows]


def _no_average(row: dict[str, Any]) -> dict[str, Any]:
    """Points of different games do not add up (Block Buster 14 and Würfelspiel 10 average nothing): an average
    is given for one game only (``?game=``), and a player page has one per game."""
    return {**row, "average_score": None}


def leaderboards(league: League, season_id: int | None = None) -> list[dict[str, Any]]:
    """Per game, the best score is the lowest where the league's house rule says the lowest total wins. A
    decision: the rule as it is now counts for the whole history (a league that turns it on or off reads
    every result's scores that way; the places each result recorded do not change)."""
    lowest_best = frozenset(game for game in games.REGISTRY if lowest_wins(league, game))
    return league_stats.leaderboards(results(league, season_id), player_names(league), lowest_best)


def head_to_head(league: League, a: str, b: str, season_id: int | None = None, game: str | None = None):
    """``leader``: who finished ahead more often; None when level, as standings share a rank."""
    pa, pb = player_by_name(league, a), player_by_name(league, b)
    counts = league_stats.head_to_head(results(league, season_id, game), pa.id, pb.id)
    ahead = counts["a_ahead"] - counts["b_ahead"]
    return {"a": pa.name, "b": pb.name, "leader": pa.name if ahead > 0 else pb.name if ahead < 0 else None, **counts}


def _averages(mine: list[tuple[Played, Entry]]) -> list[dict[str, Any]]:
    """The player's average score per game (only points of one game are comparable), games by id."""
    sums: dict[str, list[int]] = {}
    for result, entry in mine:
        if entry.score is not None:
            total = sums.setdefault(result.game, [0, 0])
            total[0] += entry.score
            total[1] += 1
    return [{"game": g, "average_score": total / n, "scored": n} for g, (total, n) in sorted(sums.items())]


def _scores(mine: list[tuple[Played, Entry]]) -> list[dict[str, Any]]:
    """Each scored result in order, with ``of_day``: its number among the player's games that day (1, 2, 3 for
    an evening of three), so a chart tells the games of one evening apart."""
    out, day, n = [], None, 0
    for result, entry in mine:
        n = n + 1 if result.played_on == day else 1
        day = result.played_on
        if entry.score is not None:
            out.append({"date": day.isoformat(), "of_day": n, "game": result.game, "score": entry.score})
    return out


def player_page(league: League, name: str, season_id: int | None = None, game: str | None = None):
    player = player_by_name(league, name)
    season = _season(league, season_id, game)
    counted = _tally(league, season, game)
    names = player_names(league)
    played = _results(league, season, game)
    mine = [(r, next(e for e in r.entries if e.player == player.id))
            for r in played if any(e.player == player.id for e in r.entries)]
    ranked = next((row for row in counted.standings(names) if row["player"] == player.name), None)
    return {
        "player": player.name,
        "standing": (ranked if game else _no_average(ranked)) if ranked else None,
        "averages": _averages(mine),
        "rivals": league_stats.rivals((r for r, _ in mine), player.id, names),
        "results": [{"id": r.id, "played_on": r.played_on.isoformat(), "game": r.game, "score": e.score,
                     "place": e.place, "team": e.team, "won": e.place == 1,
                     "players": [names[x.player] for x in r.entries]} for r, e in reversed(mine)],
        "rating_history": counted.rating_history(player.id),
        "scores": _scores(mine),
    }


EXPORTED_STANDING = ("rank", "tied", "player", "played", "wins", "shared_wins", "win_rate")


def export(league: League) -> dict[str, Any]:
    """The league as ``leagues.export`` writes it, with its all-time standings (rank first) for people and other
    programs to read; an import counts them again from the results and ignores these."""
    return {**export_league(league),
            "standings": [{k: row[k] for k in EXPORTED_STANDING} for row in standings(league)]}
