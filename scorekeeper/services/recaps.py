"""A league's recap of a season or of one evening: loads what services/league_recap.py tells back.

The results come from the standings' own per-revision cache (services/standings.py), so a recap after the
standings reads no result twice; the score sheets of the games whose awards need them (Bresk! grids, Make
'N' Break turns, Block Buster penalties) are one more query. A recap is kept per process for the league's
revision (and players' names and house rules, which no revision counts), as the standings are: re-judging a
season's grids is the costly part, done once per change.
"""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

from sqlalchemy import select

from ..domain_errors import DomainError
from ..extensions import db
from ..games import block_buster, bresk, make_n_break
from ..models import League, LeagueResult, Season
from . import league_recap, scoring, standings
from .league_queries import in_season, player_names
from .leagues import season_or_default

# The evenings a recap offers to choose from, newest first: a year of weekly evenings and more.
MOST_DAYS = 400

_SHEET_GAMES = (bresk.id, make_n_break.id, block_buster.id)
_RECAPS = standings.RecentByRevision(32)


def _sheets(league: League, season: Season, day: dt.date | None) -> dict[int, Any]:
    """The stored sheets of the season's (or day's) results whose awards read one, by result row."""
    query = in_season(select(LeagueResult.id, LeagueResult.sheet)
                      .where(LeagueResult.league_id == league.id, LeagueResult.sheet.is_not(None),
                             LeagueResult.game.in_(_SHEET_GAMES)), season, None)
    if day is not None:
        query = query.where(LeagueResult.played_on == day)
    return dict(db.session.execute(query).all())


def _word_check_for(league: League):
    """The check a Bresk! sheet's words are judged by, as the sheet was scored (its list, the house words)."""
    def word_check_for(sheet: dict[str, Any]):
        try:
            return scoring.rule_context(bresk.id, sheet, league)["word_check"]
        except DomainError as err:  # a word list this server no longer has: the sheet cannot be read
            raise LookupError(str(err)) from None
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
    played = standings.results(league, season.id)
    days = sorted({r.played_on for r in played}, reverse=True)[:MOST_DAYS]
    if day is not None:
        played = [r for r in played if r.played_on == day]
    awards = league_recap.recap(played, names, _sheets(league, season, day), _word_check_for(league))
    out = {"season": {"id": season.id, "name": season.name, "all_time": bool(season.is_default)},
           "day": day.isoformat() if day else None, "results": len(played),
           "days": [d.isoformat() for d in days], "awards": awards}
    _RECAPS.put(key, league.revision, out)
    return out


def forget() -> None:
    """Drop the recaps this process keeps: for tests and benchmarks."""
    _RECAPS.clear()
