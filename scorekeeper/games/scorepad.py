"""A generic score pad for any other game: points per seat, optional rounds.

Events: ``{"type": "points", "data": {"seat": i, "points": n}}`` with
|n| ≤ 10,000 (negative for penalties) and, when the table counts rounds,
``{"type": "next_round"}``; ``{"type": "finish"}`` ends the game.
"""

from __future__ import annotations

from typing import Any

from ..text import N_
from .base import (
    Game,
    Line,
    Option,
    PlayerResult,
    Result,
    RuleError,
    Sample,
    refuse_same_names,
    resolve_options,
    winners_by_total,
)
from .base import places_from_result as league_places_from
from .base import rank_sides as league_rank

# The data fields each event takes (the table service refuses any other; see base.check_event_data).
EVENT_FIELDS = {"points": ("seat", "points"), "next_round": (), "finish": ()}

id = "scorepad"
name = N_("Score pad")  # a thing, not a brand: said in the asker's language
MIN_SEATS = 1
MAX_SEATS = 10
MAX_POINTS = 10_000
OPTIONS = (
    Option("rounds", 0, N_("Rounds to play; 0 keeps going until someone taps finish."), minimum=0, maximum=100,
           label=N_("Rounds (0: until someone taps Finish)")),
    Option("lowest_wins", False, N_("Typed-in scores and score sheets rank the lowest total first."),
           label=N_("Lowest total wins (golf-style)"), league=True),
)


def catalogue() -> dict[str, Any]:
    return {
        "summary": N_("A plain score pad for any other game: points per player, rounds if you like."),
        "events": ["points", "next_round", "finish"],
    }


def setup(options: dict[str, Any] | None, seats: list[str]) -> dict[str, Any]:
    return {
        "options": resolve_options(OPTIONS, options),
        "seats": list(seats),
        "round": 1,
        "scores": [[] for _ in seats],  # per seat: [(round, points of that round), ...]
        "finished": False,
    }


def apply(state: dict[str, Any], event: dict[str, Any], **_: Any) -> dict[str, Any]:
    kind = event.get("type")
    data = event.get("data") or {}
    if kind == "roll":
        return state  # dice are shown, not scored
    if state["finished"]:
        raise RuleError("game_over", "The game is over; undo the finish to keep scoring.")
    # States are never changed in place: copy only what changes (base.evolve).
    new = {**state, "scores": list(state["scores"])}
    if kind == "points":
        seat = data.get("seat")
        points = data.get("points")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(state["seats"]):
            raise RuleError("bad_seat", "seat must be a seat number from 0 to {last}.", "data.seat",
                        last=len(state["seats"]) - 1)
        if isinstance(points, bool) or not isinstance(points, int) or abs(points) > MAX_POINTS:
            raise RuleError(
                "bad_points", "points must be a whole number from -{most:,} to {most:,}.", "data.points",
                most=MAX_POINTS,
            )
        # A round's points are one line, added up as they come: the state (stored and read at every append)
        # grows with the rounds played, not with every tap. Undo is unaffected: it restores the state before.
        lines = state["scores"][seat]
        if lines and lines[-1][0] == state["round"]:
            new["scores"][seat] = [*lines[:-1], [state["round"], lines[-1][1] + points]]
        else:
            new["scores"][seat] = [*lines, [state["round"], points]]
        return new
    if kind == "next_round":
        rounds = state["options"]["rounds"]
        if rounds and state["round"] >= rounds:
            new["finished"] = True
        else:
            new["round"] += 1
        return new
    if kind == "finish":
        new["finished"] = True
        return new
    raise RuleError("unknown_event", "A score pad has no {kind!r} event.", "type", kind=kind)


def result(state: dict[str, Any], **_: Any) -> Result:
    players = []
    for seat, name_ in enumerate(state["seats"]):
        entries = state["scores"][seat]
        by_round: dict[int, int] = {}
        for rnd, points in entries:
            by_round[rnd] = by_round.get(rnd, 0) + points
        lines = [Line(N_("Round {round}", round=rnd), pts) for rnd, pts in sorted(by_round.items())]
        players.append(PlayerResult(name_, sum(p for _, p in entries), lines))
    if state["options"]["lowest_wins"]:
        flipped = [PlayerResult(p.name, -p.total) for p in players]
        winners = winners_by_total(flipped)
    else:
        winners = winners_by_total(players)
    any_points = any(state["scores"])
    return Result(
        game=id,
        players=players,
        winners=winners if any_points else [],
        finished=state["finished"],
        reason=N_("highest total") if not state["options"]["lowest_wins"] else N_("lowest total"),
        extra={"round": state["round"], "lowest_wins": state["options"]["lowest_wins"]},
    )


def score_sheet(sheet: dict[str, Any], **_: Any) -> Result:
    """Score a finished pad: ``{"players": [{"name", "points": [n, ...]}], "lowest_wins"?}``."""
    players = sheet.get("players")
    if not isinstance(players, list) or not 1 <= len(players) <= MAX_SEATS:
        raise RuleError("bad_players", "players must list 1 to {MAX_SEATS} players.", "players", MAX_SEATS=MAX_SEATS)
    names = []
    for i, p in enumerate(players):
        if not isinstance(p, dict) or not isinstance(p.get("name"), str) or not p["name"].strip():
            raise RuleError("bad_name", "Every player needs a name.", f"players.{i}.name")
        names.append(p["name"].strip())
    refuse_same_names(names, lambda i: f"players.{i}.name")
    lowest_wins = sheet.get("lowest_wins", False)
    if not isinstance(lowest_wins, bool):  # "yes", 0 or null would rank the sheet by a guess
        raise RuleError("bad_option", "{name} must be true or false.", "lowest_wins", name="lowest_wins")
    state = setup({"lowest_wins": lowest_wins}, names)
    for i, p in enumerate(players):
        for j, pts in enumerate(p.get("points") or []):
            try:
                state = apply(state, {"type": "points", "data": {"seat": i, "points": pts}})
            except RuleError as err:
                raise RuleError(err.code, err.message, f"players.{i}.points.{j}") from None
    state = apply(state, {"type": "finish"})
    return result(state)


# --- in a league (games/base.py) ------------------------------------------------------------------
# A pad set to lowest_wins ranks the lowest total first: a table or a sheet set so, and in a league whose house
# rule for the score pad says so, typed scores and sheets that do not say otherwise. Typed in, a pad is any game:
# its scores have no floor or ceiling of their own and the places given decide (they are not checked against
# the scores).


def league_places(result: dict[str, Any]) -> list[int]:
    return league_places_from(result, lowest_wins=bool(result.get("lowest_wins")))


def places_from_scores(scores: list[int], teams: list[str | None], lowest_wins: bool = False, **_: Any) -> list[int]:
    return league_rank(scores, teams, lowest_wins)


def check_final(players: list[dict[str, Any]], **_: Any) -> None:
    if not 1 <= len(players) <= MAX_SEATS:
        raise RuleError("wrong_player_count", "A score pad is for 1 to {MAX_SEATS} players.", "players",
                        MAX_SEATS=MAX_SEATS)


# --- what the services, the league and the phone read of this game (games/base.py Game) ----------

# Played by the registry-wide tests (tests/games/test_every_game.py).
SAMPLE = Sample(scores=(5, 9), events=(
    {"type": "points", "data": {"seat": 0, "points": 5}}, {"type": "points", "data": {"seat": 1, "points": 9}},
    {"type": "finish", "data": {}},
))


GAME = Game(
    id=id, name=name, MIN_SEATS=MIN_SEATS, MAX_SEATS=MAX_SEATS, OPTIONS=OPTIONS, EVENT_FIELDS=EVENT_FIELDS,
    catalogue=catalogue, setup=setup, apply=apply, result=result, score_sheet=score_sheet,
    league_places=league_places, places_from_scores=places_from_scores, check_final=check_final,
    LOWEST_WINS_OPTION="lowest_wins", STANDS_IN_FOR_OTHERS=True, SAMPLE=SAMPLE,
)
