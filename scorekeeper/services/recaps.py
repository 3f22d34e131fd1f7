"""A league's recap of a season or of one evening: loads what services/league_recap.py tells back.

The results are read once, lean (only what the awards read); the score sheets of the games whose awards need
them (Bresk! grids, Make 'N' Break turns, Block Buster penalties) are one more query. A recap is kept per
process for the league's revision (and players' names and house rules, which no revision counts), as the
standings are: re-judging a season's grids is the costly part, done once per change.
"""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

from sqlalchemy import String, cast, select

from ..domain_errors import DomainError
from ..extensions import db
from ..games import block_buster, bresk, make_n_break
from ..models import League, LeagueResult, ResultEntry, Season
from . import league_recap, scoring, standings
from .league_queries import in_season, plain_rows, player_names
from .league_stats import Entry, Played
from .leagues import season_or_default

# The evenings a recap offers to choose from, newest first: a year of weekly evenings and more.
MOST_DAYS = 400

_SHEET_GAMES = (bresk.id, make_n_break.id, block_buster.id)
_RECAPS = standings.RecentByRevision(32)


def _played(league: League, season: Season, day: dt.date | None) -> list[Played]:
    """The season's (or day's) results in the order they count, each with its entries in their order.

    Only what the awards read (no result ids, versions or teams): a season's recap reads tens of thousands
    of rows, and as for the standings (services/standings.py ``_count``) the sort stops at the result, and a
    result whose entries come out of order is put in order here. A result is named by its row; the few that
    hold an award get their ids afterwards (``_with_result_ids``).
    """
    query = in_season(select(LeagueResult.id, LeagueResult.played_on, LeagueResult.game, ResultEntry.position,
                             ResultEntry.player_id, ResultEntry.score, ResultEntry.place)
                      .join(ResultEntry, ResultEntry.result_id == LeagueResult.id)
                      .where(LeagueResult.league_id == league.id), season, None)
    if day is not None:
        query = query.where(LeagueResult.played_on == day)
    out: list[Played] = []
    days: dict[Any, dt.date] = {}
    current, entries = None, []

    def close():
        entries.sort(key=lambda e: e[0])  # nearly always in order already: one pass over a sorted list
        out.append(Played(current[0], current[1], current[2], tuple(e[1] for e in entries), current[0]))

    for row, played_on, game, position, player, score, place in plain_rows(
            query.order_by(LeagueResult.played_on, LeagueResult.id)):
        if current is None or row != current[0]:
            if current is not None:
                close()
            when = days.get(played_on)
            if when is None:  # SQLite gives 'YYYY-MM-DD': parsed once a day
                when = days[played_on] = played_on if isinstance(played_on, dt.date) else dt.date.fromisoformat(
                    played_on)
            current, entries = (row, when, game), []
        entries.append((position, Entry(player, score, place, None)))
    if current is not None:
        close()
    return out


def _days(league: League, season: Season) -> list[str]:
    """The season's evenings (days with results), newest first, at most ``MOST_DAYS``."""
    query = in_season(select(LeagueResult.played_on).distinct().where(LeagueResult.league_id == league.id),
                      season, None).order_by(LeagueResult.played_on.desc()).limit(MOST_DAYS)
    return [day.isoformat() for day in db.session.scalars(query)]


def _with_result_ids(awards: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The awards with each holder's result named by its id, as every other page names results."""
    rows = {h["result_id"] for a in awards for h in a["holders"] if "result_id" in h}
    if not rows:
        return awards
    ids = dict(db.session.execute(select(LeagueResult.id, LeagueResult.uid).where(LeagueResult.id.in_(rows))).all())
    for award in awards:
        for holder in award["holders"]:
            if "result_id" in holder:
                holder["result_id"] = ids[holder["result_id"]]
    return awards


def _sheets(league: League, season: Season, day: dt.date | None) -> dict[int, Any]:
    """The stored sheets of the season's (or day's) results whose awards read one, by result row."""
    # A result without a sheet stores JSON null (not SQL NULL): both are left out, as text, on either database.
    query = in_season(select(LeagueResult.id, LeagueResult.sheet)
                      .where(LeagueResult.league_id == league.id, cast(LeagueResult.sheet, String) != "null",
                             LeagueResult.game.in_(_SHEET_GAMES)), season, None)
    if day is not None:
        query = query.where(LeagueResult.played_on == day)
    return dict(db.session.execute(query).all())


def _word_check_for(league: League):
    """The check a Bresk! sheet's words are judged by, as the sheet was scored (its list, the house words):
    one per word list named, for one recap."""
    checks: dict[Any, Any] = {}

    def word_check_for(sheet: dict[str, Any]):
        option = sheet.get(bresk.GAME.word_list_option)
        key = option if isinstance(option, str) else None
        if key not in checks:
            try:
                checks[key] = scoring.rule_context(bresk.id, sheet, league)["word_check"]
            except DomainError as err:  # a word list this server no longer has: its sheets cannot be read
                checks[key] = LookupError(str(err))
        if isinstance(checks[key], LookupError):
            raise checks[key]
        return checks[key]
    return word_check_for


def recap(league: League, season_id: int | None = None, day: dt.date | None = None) -> dict[str, Any]:
    """The season's awards (all time by default), or one evening's (``day``) within it."""
    season = season_or_default(league, season_id)
    names = player_names(league)
    # A rename and a change of house words change no revision, and change what a recap says: both are in its key.
    key = (league.public_id, season.id, str(season.starts_on), str(season.ends_on), day,
           tuple(sorted(names.items())), json.dumps(league.rules, sort_keys=True, default=str))
    cached = _RECAPS.get(key, league.revision)
    if cached is not None:
        return cached
    with standings.collector_paused():
        played = _played(league, season, day)
    awards = _with_result_ids(league_recap.recap(played, names, _sheets(league, season, day), _word_check_for(league)))
    out = {"season": {"id": season.id, "name": season.name, "all_time": bool(season.is_default)},
           "day": day.isoformat() if day else None, "results": len(played),
           "days": _days(league, season), "awards": awards}
    _RECAPS.put(key, league.revision, out)
    return out


def forget() -> None:
    """Drop the recaps this process keeps: for tests and benchmarks."""
    _RECAPS.clear()
