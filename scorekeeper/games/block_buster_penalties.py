"""Block Buster's penalty tokens: the supply of -2 and -1 tokens, what a skip takes from it, and what the
penalties cost at the end.

Decisions where the rulebook is silent, besides those at the top of ``block_buster.py``:

- Skips only ever take -2 tokens (the rulebook: "any one skipping charges a -2 token");
  -1 tokens are used for start penalties only.
- The rulebook's floor, "the sum of penalty tokens must not be under -10 points": a skip past it is
  refused, and so is a skip the supply has no -2 token left for.
"""

from __future__ import annotations

from typing import Any

from ..text import N_, Np_
from .base import Line, RuleError, evolve

SKIP_COST = 2
PENALTY_FLOOR = -10
TOKEN_SUPPLY = {"-2": 8, "-1": 8}


def tokens_for(points: int) -> dict[str, int]:
    """Penalty points paid in tokens, largest first: -5 = 2 × (-2) + 1 × (-1)."""
    twos, ones = divmod(-points, 2)
    return {"-2": twos, "-1": ones}


def take_skip(state: dict[str, Any], seat: int, spaces: int) -> dict[str, Any]:
    """``seat`` skips ``spaces`` spaces: a -2 token each from the supply, within the floor."""
    player = state["players"][seat]
    after = player["penalty"] - SKIP_COST * spaces
    if after < PENALTY_FLOOR:
        raise RuleError("penalty_floor", Np_(
            "{name} has {penalty} in penalty tokens; skipping {spaces} space would make {after}, and nobody may "
            "go below {floor}.",
            "{name} has {penalty} in penalty tokens; skipping {spaces} spaces would make {after}, and nobody may "
            "go below {floor}.",
            spaces, name=player["name"], penalty=player["penalty"], spaces=spaces, after=after, floor=PENALTY_FLOOR,
        ), "data.spaces")
    left = state["supply"]["-2"]
    if spaces > left:
        raise RuleError("supply_exhausted", Np_(
            "Skipping {spaces} space needs {spaces} -2 token, but the supply has only {left} left.",
            "Skipping {spaces} spaces needs {spaces} -2 tokens, but the supply has only {left} left.",
            spaces, spaces=spaces, left=left,
        ), "data.spaces")
    new = evolve(state)
    taker = new["players"][seat]
    taker["tokens"]["-2"] += spaces
    taker["skipped_spaces"] += spaces
    taker["penalty"] = after
    new["supply"]["-2"] -= spaces
    return new


def penalty_lines(player: dict[str, Any]) -> list[Line]:
    """What a player's penalties cost, line by line: the start penalty, skipped spaces, leftover squares."""
    lines = []
    if player["start_penalty"]:
        lines.append(Line(N_("Start penalty"), player["start_penalty"]))
    if player["skipped_spaces"]:
        lines.append(Line(N_("Skipped spaces ({spaces})", spaces=player["skipped_spaces"]),
                          -SKIP_COST * player["skipped_spaces"]))
    if player["leftover_squares"]:
        lines.append(Line(N_("Leftover squares ({squares})", squares=player["leftover_squares"]),
                          -player["leftover_squares"]))
    return lines
