"""An organiser's corrections of a league: renaming, merging and removing players, deleting a result,
changing and deleting a season (docs/ARCHITECTURE.md §7). Each in one transaction, refused in words.

Results store player ids and pages show names, so a rename changes one row and every page at once. A
merge and a deletion change results, so they go the way a correction goes: the result as it was joins
its history (``ResultVersion``) and its version goes up, which is also what tells a saved standings tally
that the past changed (services/standings.py ``_still_counts``): it is counted again from the start.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import delete, func, select, update
from sqlalchemy.exc import IntegrityError

from .. import games, names
from ..domain_errors import Conflict, NotFound, Refused
from ..extensions import db
from ..models import (
    League,
    LeaguePlayer,
    LeagueResult,
    LeagueTally,
    ResultEntry,
    ResultVersion,
    Season,
    TableSeatPlayer,
    now_ms,
)
from ..text import N_, Np_, joined
from .league_input import clean_name
from .league_queries import player_names
from .leagues import bump, get_result, player_by_name, season_or_default, version_data

MAX_NAMED = 5  # results named in a refused merge; the answer's ``results`` lists them all


# --- players --------------------------------------------------------------------------------------


def rename_player(league: League, name: str, new_name: str, merge: bool = False) -> tuple[LeaguePlayer, int]:
    """(the player now, how many results were merged). A name another player has is theirs: a 409 naming
    them, unless ``merge``, which makes the two one player under their name."""
    player = player_by_name(league, name)
    new_name = clean_name(new_name, "name", what=N_("A player's name"))
    key = names.key(new_name)
    other = None if key == player.name_key else db.session.scalar(
        select(LeaguePlayer).where(LeaguePlayer.league_id == league.id, LeaguePlayer.name_key == key))
    if other is None:
        player.name, player.name_key = new_name, key
        try:
            db.session.commit()
        except IntegrityError:  # another player took the name at the same moment
            db.session.rollback()
            raise Conflict("player_exists", "This league already has a player called {name!r}.", "name",
                           "already in this league", name=new_name) from None
        return player, 0
    if not merge:
        raise Conflict("player_exists", "This league already has a player called {name!r}: merge {old} into "
                       "them, or choose another name.", "name", "another player's name",
                       extra={"player": other.name}, name=other.name, old=player.name)
    return other, _merge(league, player, other)


def _results_of(player: LeaguePlayer) -> list[LeagueResult]:
    return list(db.session.scalars(select(LeagueResult).where(LeagueResult.id.in_(
        select(ResultEntry.result_id).where(ResultEntry.player_id == player.id))).order_by(LeagueResult.id)))


def _merge(league: League, player: LeaguePlayer, into: LeaguePlayer) -> int:
    """``player``'s results become ``into``'s, each recorded as a correction; ``player`` goes."""
    bump(league)  # first: its UPDATE serialises writers to the league, so no result joins the two meanwhile
    both = db.session.scalars(select(LeagueResult).where(
        LeagueResult.id.in_(select(ResultEntry.result_id).where(ResultEntry.player_id == player.id)),
        LeagueResult.id.in_(select(ResultEntry.result_id).where(ResultEntry.player_id == into.id)))
        .order_by(LeagueResult.played_on, LeagueResult.id)).all()
    if both:
        said = [f"{r.played_on.isoformat()} ({games.get(r.game).name})" for r in both[:MAX_NAMED]]
        raise Conflict("merge_plays_twice", Np_(
            "{old} and {name} played in the same result, so they cannot be one player: {results}. Correct or "
            "delete that result first.",
            "{old} and {name} played in the same results, so they cannot be one player: {results}. Correct or "
            "delete those results first.", len(both), old=player.name, name=into.name, results=joined(said, ", ")),
            "name", "played together", extra={"results": [{"id": r.uid, "played_on": r.played_on.isoformat(),
                                                         "game": r.game} for r in both]})
    merged = _results_of(player)
    _keep_versions(league, merged)
    for result in merged:
        for entry in result.entries:
            if entry.player_id == player.id:
                entry.player_id = into.id
    # A table being played with them at a seat posts its result to ``into`` (services/tables.py).
    db.session.execute(update(TableSeatPlayer).where(TableSeatPlayer.player_id == player.id)
                       .values(player_id=into.id))
    db.session.flush()
    db.session.delete(player)
    db.session.commit()
    return len(merged)


def _keep_versions(league: League, results: list[LeagueResult]) -> None:
    """Each result as it is now joins its history, as a correction's does (the caller bumps the league's
    revision, so the standings count again)."""
    known = player_names(league)
    now = now_ms()
    for result in results:
        db.session.add(ResultVersion(result_id=result.id, version=result.version,
                                     data=version_data(result, known), replaced_at_ms=now))
        result.version += 1
        result.updated_at_ms = now


def remove_player(league: League, name: str) -> None:
    """A player with no results goes; one with results stays (merge them, or delete those results, first)."""
    player = player_by_name(league, name)
    count = db.session.scalar(select(func.count()).select_from(ResultEntry).where(ResultEntry.player_id == player.id))
    if count:
        raise Conflict("player_has_results", Np_(
            "{name} played in {count} result, so they stay in the league: rename them, merge them into another "
            "player, or delete that result first.",
            "{name} played in {count} results, so they stay in the league: rename them, merge them into another "
            "player, or delete those results first.", count, name=player.name, count=count))
    db.session.delete(player)
    db.session.commit()


# --- results --------------------------------------------------------------------------------------


def delete_result(league: League, uid: str) -> LeagueResult:
    """The result no longer counts: its last version joins its history and its row stays, without players,
    so it can still be read (``deleted_at_ms``) and a replay of its id does not record it again. Deleting it
    again changes nothing."""
    result = get_result(league, uid)
    if result.deleted_at_ms is None:
        bump(league)
        _keep_versions(league, [result])
        result.entries = []
        result.deleted_at_ms = result.updated_at_ms
        db.session.commit()
    return result


# --- seasons --------------------------------------------------------------------------------------


def _season(league: League, season_id: int) -> Season:
    if not 0 < season_id < 2**31:  # the database's integers: a longer number is no season of any league
        raise NotFound("unknown_season", "This league has no season {season_id}.", "season", "unknown",
                       season_id=season_id)
    season = season_or_default(league, season_id)
    if season.is_default:
        raise Refused("default_season", "The season that holds every result cannot be changed or deleted.",
                      "season", "the default season")
    return season


def edit_season(league: League, season_id: int, changes: dict[str, Any]) -> Season:
    """A season's name and days, only those given changed (both days included)."""
    season = _season(league, season_id)
    name = clean_name(changes["name"], "name", 60, N_("A season's name")) if "name" in changes else season.name
    starts_on: dt.date = changes.get("starts_on", season.starts_on)
    ends_on: dt.date = changes.get("ends_on", season.ends_on)
    if ends_on < starts_on:
        raise Refused("bad_dates", "A season must end on or after the day it starts.",
                      "ends_on" if "ends_on" in changes else "starts_on", "before starts_on")
    if (starts_on, ends_on) != (season.starts_on, season.ends_on):
        _forget_tallies(league, season)  # counted for the old days: the new ones have a scope of their own
    season.name, season.starts_on, season.ends_on = name, starts_on, ends_on
    db.session.commit()
    return season


def delete_season(league: League, season_id: int) -> None:
    """The season goes; its results stay in the league (and in every other season that covers them)."""
    season = _season(league, season_id)
    _forget_tallies(league, season)
    db.session.delete(season)
    db.session.commit()


def _forget_tallies(league: League, season: Season) -> None:
    """The season's saved standings tallies, which could never be asked for again: a tally's scope is its
    season's id and days and its game (services/standings.py ``_scope``)."""
    db.session.execute(delete(LeagueTally).where(LeagueTally.league_id == league.id,
                                                 LeagueTally.scope.startswith(f"{season.id}:")))
