"""Block Buster's board: the point blocks of each area's pattern, who holds each, and the sets that win at once.

What the table enters for a point block (the spaces around it held by each colour, or who holds it) is
judged here every time an entry changes (``refresh``). Decisions where the rulebook is silent, besides
those at the top of ``block_buster.py``:

- A point block goes to the single colour with strictly more surrounding spaces than every
  other colour. ``tie_takes_nobody`` (default) leaves a tie with nobody; switched off, the
  tied colour whose player sits latest in turn order takes it, which continues the rulebook's
  compensation of the starting player's advantage.
- A block is *clinched* when no placement can change its owner: the leader's lead is larger
  than the free spaces (always so from 7 of 12). Only clinched blocks, blocks entered with an
  explicit owner, and every block once all players have passed count towards an immediate
  win. Sets belong to players (two colours of one player pool; couples partners do not).
- Unentered point blocks count as held by nobody.
"""

from __future__ import annotations

from typing import Any

from ..text import N_
from .base import RuleError

RED_CIRCLE, RED_STAR, GREEN_SPIRAL, BLUE_WAVE, YELLOW_MOON = SHAPES = (
    "red-circle",
    "red-star",
    "green-spiral",
    "blue-wave",
    "yellow-moon",
)
SHAPE_NAMES = {
    RED_CIRCLE: N_("red circle"),
    RED_STAR: N_("red star"),
    GREEN_SPIRAL: N_("green spiral"),
    BLUE_WAVE: N_("blue wave"),
    YELLOW_MOON: N_("yellow moon"),
}

# The placement diagrams 1-1, 1-2 and 1-3, row by row, exactly as the rulebook lists them.
PATTERNS: dict[int, tuple[tuple[str, ...], ...]] = {
    2: (
        (RED_CIRCLE, RED_STAR, GREEN_SPIRAL),
        (GREEN_SPIRAL, RED_CIRCLE, RED_STAR),
        (RED_STAR, GREEN_SPIRAL, RED_CIRCLE),
    ),
    3: (
        (RED_CIRCLE, BLUE_WAVE, RED_STAR, GREEN_SPIRAL),
        (GREEN_SPIRAL, RED_CIRCLE, BLUE_WAVE, RED_STAR),
        (RED_STAR, GREEN_SPIRAL, RED_CIRCLE, BLUE_WAVE),
        (BLUE_WAVE, RED_STAR, GREEN_SPIRAL, RED_CIRCLE),
    ),
    4: (
        (RED_CIRCLE, YELLOW_MOON, BLUE_WAVE, RED_STAR, GREEN_SPIRAL),
        (GREEN_SPIRAL, RED_CIRCLE, YELLOW_MOON, BLUE_WAVE, RED_STAR),
        (RED_STAR, GREEN_SPIRAL, RED_CIRCLE, YELLOW_MOON, BLUE_WAVE),
        (BLUE_WAVE, RED_STAR, GREEN_SPIRAL, RED_CIRCLE, YELLOW_MOON),
        (YELLOW_MOON, BLUE_WAVE, RED_STAR, GREEN_SPIRAL, RED_CIRCLE),
    ),
}
SPACES_AROUND = 12
CLINCH_AT = 7


def place(state: dict[str, Any], index: int) -> str:
    row, column = divmod(index, state["rules"]["columns"])
    return N_("row {row}, column {column}", row=row + 1, column=column + 1)


def check_shape(value: Any, expected: str, index: int, state: dict[str, Any], field: str) -> None:
    shape = value.strip().lower().replace(" ", "-").replace("_", "-") if isinstance(value, str) else value
    if shape != expected:
        row, column = divmod(index, state["rules"]["columns"])
        raise RuleError(
            "wrong_shape",
            "The point block in row {row}, column {column} is a {shape}, not {value!r}.",
            field, row=row + 1, column=column + 1, shape=SHAPE_NAMES[expected], value=value,
        )


def refresh(state: dict[str, Any]) -> dict[str, Any]:
    """Recompute what follows from the entries: owners, immediate win, finished."""
    state["all_passed"] = all(p["passed"] for p in state["players"])
    # Once nobody can place, every majority is final even if not clinched.
    board_final = state["all_passed"] or state["finish_called"]
    state["point_block_owners"] = [
        _judge(state, index, entry, board_final) for index, entry in enumerate(state["point_blocks"])
    ]
    state["immediate_win"] = _immediate_win(state)
    state["finished"] = state["finish_called"] or state["immediate_win"] is not None
    return state


def seat_of_colour(state: dict[str, Any]) -> dict[str, int]:
    return {c: seat for seat, p in enumerate(state["players"]) for c in p["colours"]}


def _judge(state: dict[str, Any], index: int, entry: dict[str, Any] | None, board_final: bool) -> dict[str, Any]:
    row, column = divmod(index, state["rules"]["columns"])
    judged: dict[str, Any] = {
        "index": index,
        "row": row + 1,
        "column": column + 1,
        "shape": state["rules"]["pattern"][index],
        "entered": entry is not None,
    }
    if entry is None:
        owner, why, clinched = None, "not entered: nobody", False
    elif "owner" in entry:
        owner = entry["owner"]
        why, clinched = (f"entered as {owner}'s" if owner else "entered as nobody's"), False
    else:
        judged["counts"] = entry["counts"]
        owner, why, clinched = _majority(state, entry["counts"])
    seat = seat_of_colour(state).get(owner) if owner else None
    judged.update(
        owner=owner,
        seat=seat,
        holder=state["players"][seat]["name"] if seat is not None else None,
        why=why,
        clinched=clinched,
        # An explicit owner is the table's word; counts decide once clinched or once play is over.
        decided=board_final or clinched or (entry is not None and "owner" in entry),
    )
    return judged


def _majority(state: dict[str, Any], counts: dict[str, int]) -> tuple[str | None, str, bool]:
    top = max(counts.values(), default=0)
    if top == 0:
        return None, "nobody surrounds it", False
    tied = [c for c, n in counts.items() if n == top]
    if len(tied) == 1:
        leader = tied[0]
        second = max((n for c, n in counts.items() if c != leader), default=0)
        free = SPACES_AROUND - sum(counts.values())
        # Clinched: even every free space going to the runner-up cannot catch up (always so from 7).
        return leader, _lead_why(leader, counts), top - second > free
    score = "–".join(str(top) for _ in tied)
    if state["options"]["tie_takes_nobody"]:
        return None, f"tie {score}: nobody", False
    owner, why = _break_tie(state, tied)
    return owner, f"tie {score}: {why}", False


def _lead_why(leader: str, counts: dict[str, int]) -> str:
    others = sorted(((n, c) for c, n in counts.items() if c != leader and n > 0), reverse=True)
    if not others:
        return f"{leader} {counts[leader]}, nobody else"
    return f"{leader} {counts[leader]} vs {others[0][1]} {others[0][0]}"


def _break_tie(state: dict[str, Any], tied: list[str]) -> tuple[str, str]:
    """With tie_takes_nobody off: the tied colour latest in turn order takes the block."""
    seat_of = seat_of_colour(state)
    latest = max(seat_of[c] for c in tied)
    owner = next(c for c in state["players"][latest]["colours"] if c in tied)
    if all(seat_of[c] == latest for c in tied):
        return owner, f"{owner} (both colours are {state['players'][latest]['name']}'s)"
    return owner, f"{owner} (later in turn order)"


def held_shapes(state: dict[str, Any], seat: int, decided_only: bool) -> dict[str, int]:
    held: dict[str, int] = {}
    for block in state["point_block_owners"]:
        if block["seat"] == seat and (block["decided"] or not decided_only):
            held[block["shape"]] = held.get(block["shape"], 0) + 1
    return {shape: held[shape] for shape in SHAPES if shape in held}  # in the catalogue's order


def _immediate_win(state: dict[str, Any]) -> dict[str, Any] | None:
    win_at = state["rules"]["win_count"]
    sets = [
        {"seat": seat, "name": player["name"], "shape": shape, "count": n}
        for seat, player in enumerate(state["players"])
        for shape, n in held_shapes(state, seat, decided_only=True).items()
        if n >= win_at
    ]
    if not sets:
        return None
    return {"seats": sorted({s["seat"] for s in sets}), "sets": sets}
