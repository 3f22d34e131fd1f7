"""What the two Make 'N' Break games do alike: one builder at a time around the table, and a score
sheet read by replaying it turn by turn.

Both games seat the players clockwise and hand the turn on clockwise; "left" is the next seat and
"right" the previous one, so the builder's right-hand neighbour runs the timer (Extreme) or is the
stopper (Würfelspiel). Any event but a server roll may name its builder, so that a phone that has not
yet heard the turn end cannot score for the wrong player. A sheet typed in afterwards is replayed
through the game's own events, and a refusal names the sheet's field rather than the event's.

The rules of each game, and every sentence a player reads about them, stay in the game's own module
(``make_n_break.py``, ``wuerfelspiel.py``); a refusal worded for one game is handed in by that game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from .base import RuleError, evolve, not_your_turn, refuse_same_names

State = dict[str, Any]


def is_int(value: Any) -> bool:
    """A whole number as JSON gives it: ``true`` is not 1 here."""
    return isinstance(value, int) and not isinstance(value, bool)


def right_of(seat: int, seats: int) -> int:
    """The builder's right-hand neighbour, the previous seat clockwise."""
    return (seat - 1) % seats


def left_of(seat: int, seats: int) -> int:
    """The builder's left-hand neighbour, the next seat clockwise: where the turn goes next."""
    return (seat + 1) % seats


def check_builder(state: State, data: dict[str, Any]) -> None:
    """An optional ``data.builder`` must name the seat whose turn it is."""
    if "builder" not in data or state["finished"]:
        return
    seat = data["builder"]
    if not is_int(seat) or seat != state["builder"]:
        raise not_your_turn(state, seat)


def check_card_kind(kind: Any, kinds: tuple[str, ...]) -> None:
    if kind not in kinds:
        raise RuleError("bad_card", "A card's kind is one of: {kinds}.", "data.kind", kinds=", ".join(kinds))


def evolve_turn(state: State) -> State:
    """A private copy of ``state`` for ``apply`` to change (``base.evolve``), sharing its closed turns.

    A closed turn never changes, and copying every one of them at every event made a game's events (and the
    replay of a typed sheet, 1.2 s for 80 Würfelspiel turns) cost the square of its length. So the history
    is shared between a state and the next, and ``record_turn`` adds to a history of the new state's own.
    """
    new = evolve({**state, "history": []})
    new["history"] = state["history"]
    return new


def record_turn(state: State, summary: dict[str, Any]) -> None:
    """A closed turn joins the history and is the last turn shown (``state`` is already a private copy, its
    history shared with the state before: ``evolve_turn``)."""
    state["history"] = [*state["history"], summary]
    state["last_turn"] = summary


def leaders(totals: list[int], seats: Iterable[int]) -> list[int]:
    """The seats among ``seats`` with the highest total."""
    seats = list(seats)
    best = max(totals[s] for s in seats)
    return [s for s in seats if totals[s] == best]


def turn_seat(state: State) -> int | None:
    """The builder, until the game is over."""
    return None if state["finished"] else state["builder"]


# --- a whole game at once ----------------------------------------------------------------------


def sheet_players(players: Any, least: int, most: int, refusal: RuleError) -> list[str]:
    """The sheet's names, clockwise; ``refusal`` (the game's words) for a list of the wrong size."""
    if not isinstance(players, list) or not least <= len(players) <= most:
        raise refusal
    names = []
    for i, player in enumerate(players):
        if not isinstance(player, str) or not player.strip():
            raise RuleError("bad_name", "Every player needs a name.", f"players.{i}")
        names.append(player.strip())
    refuse_same_names(names, lambda i: f"players.{i}")
    return names


def set_up_sheet(setup: Callable[[dict[str, Any], list[str]], State], options: dict[str, Any],
                 names: list[str]) -> State:
    """``setup`` for a sheet: a refused option is named as the sheet names it (``rounds``, not
    ``options.rounds``)."""
    try:
        return setup(options, names)
    except RuleError as err:
        raise RuleError(err.code, err.message, (err.field or "").removeprefix("options.") or None) from None


def check_turn_builder(state: State, turn: Any, path: str, not_a_turn: RuleError) -> None:
    """A sheet's turn is an object (else ``not_a_turn``) built by the player whose turn it is."""
    if not isinstance(turn, dict):
        raise not_a_turn
    expected = state["seats"][state["builder"]]
    if turn.get("builder") != expected:
        raise RuleError("wrong_builder", "This turn is {expected}'s to build, not {builder}'s.",
                        f"{path}.builder", expected=expected, builder=turn.get("builder"))


def replayed(apply: Callable[[State, dict[str, Any]], State], state: State, event: dict[str, Any],
             path: str) -> State:
    """``apply`` with a refusal's field moved from the event (``data.points``) to the sheet (``path``)."""
    try:
        return apply(state, event)
    except RuleError as err:
        field = err.field or ""
        if field.startswith("data."):
            field = field.removeprefix("data.")
            # a die's face is the sheet's entry itself (its die, its stopper roll)
            path = path if field == "face" else f"{path}.{field}"
        raise RuleError(err.code, err.message, path) from None
