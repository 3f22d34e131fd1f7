"""Where a finished league table left its players in the league's standings, and how the game moved them:
what the big screen shows the room at the end (views/screen.js).

It is read with the table's code alone, as the screen reads everything, so it tells only what the players
at that table see of one another anyway: their own rows (rank, wins, games), no other member's.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from ..domain_errors import NotFound
from ..extensions import db
from ..models import League, LeagueResult
from . import league_stats, standings, tables
from .league_queries import player_names

SHOWN = ("player", "rank", "tied", "played", "wins")


def standings_after(code: str) -> dict[str, Any]:
    """``{league, posted, rows}``: the table's players in the league's standings (all games, its default season),
    best first, each with ``rank_before`` (null: this was their first game).

    A league table whose result is not in its league yet answers ``posted: false`` and no rows, not an error:
    the result is posted just after the game's last event is stored, and phones hear of that event at once, so
    a big screen may ask in between (and a browser logs every 4xx answer as an error on its console)."""
    table = tables.get(code)
    if table.league_id is None:
        raise NotFound("no_league_result", "This table is not played in a league: it has no league standings.")
    league = db.session.get(League, table.league_id)
    result = db.session.scalar(
        select(LeagueResult).where(LeagueResult.league_id == table.league_id,
                                   LeagueResult.table_code == table.code, LeagueResult.deleted_at_ms.is_(None))
        .order_by(LeagueResult.id.desc()).limit(1))
    if result is None:
        return {"league": league.name, "posted": False, "rows": []}
    names = player_names(league)
    entries = [(names[e.player_id], e.place) for e in result.entries]
    rows = standings.standings(league)
    before = league_stats.ranks_without(rows, entries)
    at_table = {name for name, _ in entries}
    return {"league": league.name, "posted": True,
            "rows": [{**{k: row[k] for k in SHOWN}, "rank_before": before.get(row["player"])}
                     for row in rows if row["player"] in at_table]}
