"""Reads every league page needs: its players' names, its results within a season and game, and big reads
as the database driver gives them."""

from __future__ import annotations

import datetime as dt

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


def plain_rows(query) -> list[tuple]:
    """The rows of ``query`` as the database driver gives them (SQLite's dates as text).

    A big league's standings read tens of thousands of rows; SQLAlchemy's per-row result processing
    (SQLite's dates are parsed by a regular expression, row by row) cost more than the query itself.
    """
    connection = db.session.connection()
    compiled = query.compile(dialect=connection.dialect)
    sqlite_dates = connection.dialect.name == "sqlite"
    params = {k: v.isoformat() if sqlite_dates and isinstance(v, dt.date) else v for k, v in compiled.params.items()}
    if compiled.positional:
        params = tuple(params[k] for k in compiled.positiontup)
    cursor = connection.connection.cursor()  # the session's own connection and transaction
    try:
        cursor.execute(str(compiled), params)
        rows = cursor.fetchall()
    finally:
        cursor.close()
    return rows
