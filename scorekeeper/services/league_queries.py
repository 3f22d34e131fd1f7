"""Reads every league page needs: its players' names, and its results within a season and game."""

from __future__ import annotations

from sqlalchemy import Select, select

from ..extensions import db
from ..models import League, LeaguePlayer, LeagueResult, Season


def player_names(league: League) -> dict[int, str]:
    """Each player's name by id: results store ids, pages show names."""
    return dict(db.session.execute(select(LeaguePlayer.id, LeaguePlayer.name)
                                   .where(LeaguePlayer.league_id == league.id)).all())


def in_season(query: Select, season: Season, game: str | None) -> Select:
    """``query`` over results, narrowed to those that count (not deleted) played within ``season`` (and of
    ``game``, if given)."""
    query = query.where(LeagueResult.deleted_at_ms.is_(None))
    if season.starts_on:
        query = query.where(LeagueResult.played_on >= season.starts_on)
    if season.ends_on:
        query = query.where(LeagueResult.played_on <= season.ends_on)
    if game:
        query = query.where(LeagueResult.game == game)
    return query
