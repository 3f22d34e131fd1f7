"""Block Buster's end count: the sets of shapes each player holds, their penalties, the couples' team
sums, the winners and why.

Decisions where the rulebook is silent, besides those at the top of ``block_buster.py``: a set of
the immediate-win size scores no points of its own: it wins. Several players holding one at once
(possible only when the board is final) share the win.
"""

from __future__ import annotations

from typing import Any

from ..text import N_, Np_, joined, names_and
from .base import Line, PlayerResult, Result, winners_by_total
from .block_buster_board import SHAPE_NAMES, SHAPES, held_shapes
from .block_buster_penalties import penalty_lines

SET_VALUES = (0, 3, 7, 12)  # points for holding 0, 1, 2, 3 point blocks of one shape


def result_of(state: dict[str, Any], game: str) -> Result:
    """The game's result as it stands: ``game`` is the game's id."""
    players = [_player_result(state, seat) for seat in range(len(state["players"]))]
    teams = _team_results(state, players) if state["rules"]["teams"] else []
    winners, reason = _winners(state, players, teams)
    extra: dict[str, Any] = {
        "variant": state["variant"],
        "point_blocks": state["point_block_owners"],
        "unentered_point_blocks": [b["index"] for b in state["point_block_owners"] if not b["entered"]],
        "supply": dict(state["supply"]),
        "all_passed": state["all_passed"],
        "immediate_win": state["immediate_win"],
    }
    if teams:
        extra["teams"] = teams
    return Result(game=game, players=players, winners=winners, finished=state["finished"], reason=reason, extra=extra)


def _player_result(state: dict[str, Any], seat: int) -> PlayerResult:
    player = state["players"][seat]
    held = held_shapes(state, seat, decided_only=False)
    lines = _set_lines(state, seat, held) + penalty_lines(player)
    extra = {
        "colours": list(player["colours"]),
        "team": player["team"],
        "sets": held,
        "tokens": dict(player["tokens"]),
        "penalty": player["penalty"],
        "skips": player["skipped_spaces"],
        "leftover_squares": player["leftover_squares"],
        "passed": player["passed"],
    }
    return PlayerResult(player["name"], sum(line.points for line in lines), lines, extra)


def _set_lines(state: dict[str, Any], seat: int, held: dict[str, int]) -> list[Line]:
    rules = state["rules"]
    win = state["immediate_win"]
    winning = {s["shape"] for s in win["sets"] if s["seat"] == seat} if win else set()
    lines = []
    for shape in SHAPES:
        n = held.get(shape, 0)
        if n == 0:
            continue
        drawn = {"shape": shape, "count": n}  # the phone draws the shapes in front of the words
        if n >= rules["win_count"]:
            # A set this size has no points in the rulebook: it ends the game with victory.
            label = (N_("{count} × {shape} (immediate win)", count=n, shape=SHAPE_NAMES[shape]) if shape in winning
                     else N_("{count} × {shape} (an immediate win once it is certain)", count=n,
                             shape=SHAPE_NAMES[shape]))
            lines.append(Line(label, 0, drawn))
        else:
            label = N_("{count} × {shape}", count=n, shape=SHAPE_NAMES[shape])
            lines.append(Line(label, rules["set_values"][n], drawn))
    return lines


def _team_results(state: dict[str, Any], players: list[PlayerResult]) -> list[dict[str, Any]]:
    teams: dict[str, list[int]] = {}
    for seat, player in enumerate(state["players"]):
        teams.setdefault(player["team"], []).append(seat)
    return [
        {
            "team": label,
            "name": " & ".join(players[s].name for s in seats),
            "members": [players[s].name for s in seats],
            "seats": seats,
            "total": sum(players[s].total for s in seats),
        }
        for label, seats in teams.items()
    ]


def _winners(state: dict[str, Any], players: list[PlayerResult], teams: list[dict[str, Any]]) -> tuple[list[str], Any]:
    if state["immediate_win"]:
        return _immediate_winners(state, teams)
    # Couples compare team sums; everyone else their own totals.
    sides = [PlayerResult(t["name"], t["total"]) for t in teams] if teams else players
    leaders = winners_by_total(sides)
    reason = _points_reason(sides, leaders, state["finished"], bool(teams))
    if teams:
        return [m for t in teams if t["name"] in leaders for m in t["members"]], reason
    return leaders, reason


def _immediate_winners(state: dict[str, Any], teams: list[dict[str, Any]]) -> tuple[list[str], Any]:
    win = state["immediate_win"]
    held = joined([N_("{name} holds {count} × {shape}", name=s["name"], count=s["count"], shape=SHAPE_NAMES[s["shape"]])
                   for s in win["sets"]])
    names = [state["players"][seat]["name"] for seat in win["seats"]]
    if teams:
        won = [t for t in teams if set(t["seats"]) & set(win["seats"])]
        names = [m for t in won for m in t["members"]]
        return names, Np_("Immediate win: {held}, so {teams} wins.", "Immediate win: {held}, so {teams} win.",
                          len(won), held=held, teams=names_and([t["name"] for t in won]))
    if len(win["seats"]) > 1:
        return names, N_("Immediate win: {held} — they share the win.", held=held)
    return names, N_("Immediate win: {held}.", held=held)


def _points_reason(sides: list[PlayerResult], leaders: list[str], finished: bool, teams: bool) -> Any:
    ranked = sorted(sides, key=lambda p: -p.total)
    if not finished:
        standing = joined([N_("{name} {points}", name=p.name, points=p.total) for p in ranked], ", ")
        return N_("Game in progress — so far: {standing}.", standing=standing)
    top = ranked[0]
    if len(leaders) > 1:
        if teams:
            return N_("Tie on {points} team points: {names} share the win.", points=top.total, names=names_and(leaders))
        return N_("Tie on {points} points: {names} share the win.", points=top.total, names=names_and(leaders))
    rest = joined([N_("{name} {points}", name=p.name, points=p.total) for p in ranked[1:]], ", ")
    if teams:
        return N_("Most team points: {name} {points} vs {rest}.", name=top.name, points=top.total, rest=rest)
    return N_("Most points: {name} {points} vs {rest}.", name=top.name, points=top.total, rest=rest)
