"""The table reducer: a table's next state from its current state and one event.

Pure: it is handed everything it needs — the game's rules and the table's
setup (``Rules``), the events stored before (``History``, asked only by undo
and redo), a random source for dice, the time and a word judge — and it
touches no database, so it is tested like the rules themselves.

A table's *snapshot* is its state after the last event::

    {"game": the game's state, "result": its live score, "timer": the shared timer,
     "dice": the last roll shown, "challenges": word challenges (newest last),
     "undo": {"last": seq | None, "depth": n, "redo": {"seq": s, "by": u} | None}}

Moves (every event the game's rules take) form a stack: ``last`` is the move
an undo takes back, ``depth`` how many moves are on the stack. Undo pops it
onto the redo stack (``redo``: the move a redo restores and the undo that took
it back); a new move empties the redo stack, as in every editor. The stacks
are not kept as lists in the snapshot, whose size would then grow with the
log: each stored event carries a small *trail* that ``step`` returns with it —

* a move: ``{"below": the move under it | None, "depth": n}``, and every
  ``CHECKPOINT_EVERY``-th depth also ``"checkpoint": {"game", "dice"}``, the
  state right after it;
* an undo: ``{"below": the redo stack under what it pushed}``.

A move's place on the stack never changes while it is on it (only the moves
above it can be popped, and redo restores a move onto the stack it left), so
its trail holds for good. An undo rebuilds the state under the move it takes
back from the nearest checkpoint below: at most ``CHECKPOINT_EVERY - 1``
moves replayed, however long the log. Appending a move reads nothing from the
history; its cost does not depend on the log's length. The price is storage:
one copy of the game state per ``CHECKPOINT_EVERY`` moves (a few KB for the
board games; a score pad, whose state keeps every line, stores more the longer
it runs).

The timer, the word challenges and the pointer to the next table (Play again) are
not moves: undo leaves them alone.

Nor are the seats' phones. A phone claims a seat with ``claim_seat`` ``{"seat": i,
"device": id}``, an id the phone makes and keeps (not a secret: it tells one phone from
another, it proves nothing), and gives it up with ``release_seat``. ``claims`` in the
snapshot holds, per seat, ``{"device", "at_ms"}`` or None; a phone holds at most one
seat. Claiming a seat another phone holds needs ``"take_over": true`` (the other phone
then sees its seat gone). An act that is a player's own (``Game.PLAYER_ACTS``, and a
word challenge's challenger) for a seat another phone holds is refused unless the event
says it is done for that player (``on_behalf``): a phone cannot hand in as Ben by
mistake, and one phone can still run the whole table. Claims live in the log like every
other action, so every phone hears of them through the stream, in order, exactly once.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Protocol

from . import timer
from .games import dice
from .games.base import Game, RuleError
from .text import N_

CHECKPOINT_EVERY = 16
MAX_CHALLENGES_SHOWN = 50
# What ``step`` adds to an event's data: a resent event is the same action when the rest matches.
SERVER_FIELDS = {"roll": ("results",), "undo": ("undid",), "redo": ("redid",), "challenge": ("verdict",),
                 "claim_seat": ("took_over",)}
SEAT_EVENTS = ("claim_seat", "release_seat")
# A phone's id, made by the phone: long enough to be random, short enough to bound what is stored.
DEVICE_ID = re.compile(r"^[A-Za-z0-9_-]{8,64}$")


class Stale(Exception):
    """An undo or redo of a move that is no longer the one to undo or redo: the phone saw an older table."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class SeatHeld(Exception):
    """A seat another phone holds: claimed without taking over, or a player's own act done without saying
    it is done for that player."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True)
class Past:
    """An event stored before, as undo and redo need it."""

    seq: int
    type: str
    data: dict[str, Any]
    at_ms: int
    trail: dict[str, Any] | None


class History(Protocol):
    def event(self, seq: int) -> Past: ...  # the stored event with this seq


@dataclass(frozen=True)
class Rules:
    """A table's game and setup: what every state of it is derived from."""

    game: Game  # the game's definition (games/base.py)
    options: dict[str, Any]
    seats: list[str]
    context: dict[str, Any] = field(default_factory=dict)  # keyword arguments the rules need (a word check)

    def setup(self) -> dict[str, Any]:
        return self.game.setup(self.options, self.seats)

    def apply(self, state: dict[str, Any], kind: str, data: dict[str, Any], seq: int) -> dict[str, Any]:
        return self.game.apply(state, {"type": kind, "data": data, "seq": seq}, **self.context)

    def score(self, state: dict[str, Any]) -> dict[str, Any]:
        return self.game.result(state, **self.context).to_dict()


@dataclass(frozen=True)
class Step:
    data: dict[str, Any]  # the event's data as stored: what was sent, plus SERVER_FIELDS
    snapshot: dict[str, Any]
    trail: dict[str, Any] | None  # stored with the event for later undos and redos


Judge = Callable[[Any, bool], dict[str, Any]]  # (words, reveal) -> verdict


def initial(rules: Rules, state: dict[str, Any] | None = None) -> dict[str, Any]:
    """The snapshot of a new table (``state``: its game state, when already set up)."""
    state = rules.setup() if state is None else state
    return {"game": state, "result": rules.score(state), "timer": timer.initial(), "dice": None, "challenges": [],
            "undo": {"last": None, "depth": 0, "redo": None}}


def same_action(kind: str, sent: dict[str, Any], stored_kind: str, stored: dict[str, Any]) -> bool:
    """Whether a resent event (``kind``, ``sent``) is the stored one, not a new action under a reused id."""
    if kind != stored_kind:
        return False
    added = SERVER_FIELDS.get(kind, ())
    return ({k: v for k, v in sent.items() if k not in added}
            == {k: v for k, v in stored.items() if k not in added})


def step(snapshot: dict[str, Any], event: dict[str, Any], rules: Rules, history: History, *, now: int,
         randbelow: Callable[[int], int], judge: Judge) -> Step:
    """The stored data, next snapshot and trail for ``event`` ({seq, type, data}, and the sending phone's
    ``device`` and ``on_behalf`` when it sent them).

    RuleError when it breaks a rule; Stale when an undo or redo names a move that
    is no longer the one to undo or redo; SeatHeld when another phone holds the seat.
    """
    kind, data, seq = event["type"], dict(event["data"]), event["seq"]
    snap = dict(snapshot)
    if kind in SEAT_EVENTS:
        snap["claims"] = _claims_after(claims_of(snap, len(rules.seats)), kind, data, rules, now)
        return Step(data, snap, None)
    _check_holder(snap, kind, data, event, rules)
    # The timer, the word judge's log and the pointer to the next table are not moves: undo leaves them.
    if kind == "timer":
        with _in_data():
            snap["timer"] = timer.command(snap["timer"], data.get("action"), now, data.get("seconds"))
        return Step(data, snap, None)
    if kind == "next_table":  # written by the app itself when the table plays again (services/tables.py)
        snap["next_code"] = data["code"]
        return Step(data, snap, None)
    if kind == "challenge":
        with _in_data():
            data["verdict"] = _challenge(rules, data, judge)
        entry = {**data["verdict"], "seq": seq, "words": data["words"], "by": data.get("by"), "at_ms": now}
        snap["challenges"] = [*snap.get("challenges", []), entry][-MAX_CHALLENGES_SHOWN:]
        return Step(data, snap, None)
    if kind == "undo":
        trail = _undo(snap, data, seq, rules, history)
    elif kind == "redo":
        trail = _redo(snap, data, rules, history)
    else:
        trail = _move(snap, kind, data, seq, rules, randbelow, now)
    if snap["game"] is not snapshot["game"]:  # a roll some games only show leaves the score as it was
        snap["result"] = rules.score(snap["game"])
    _follow_game_timer(rules.game, snapshot["game"], snap, now)
    return Step(data, snap, trail)


@contextlib.contextmanager
def _in_data() -> Iterator[None]:
    """The timer's and the word judge's refusals name their own fields ("seconds", "words.0"): sent in an event,
    the field the phone sent is in its data."""
    try:
        yield
    except RuleError as err:
        if err.field is None or err.field.startswith("data."):
            raise
        raise err.at(f"data.{err.field}") from None


def _move(snap, kind, data, seq, rules: Rules, randbelow, now) -> dict[str, Any]:
    if kind == "roll":
        data["results"] = dice.roll(data.get("dice"), randbelow)
    snap["game"] = rules.apply(snap["game"], kind, data, seq)
    snap["dice"] = _shown_after(rules, kind, data, seq, now, snap["dice"])
    stack = snap["undo"]
    depth = stack["depth"] + 1
    trail: dict[str, Any] = {"below": stack["last"], "depth": depth}
    if depth % CHECKPOINT_EVERY == 0:
        trail["checkpoint"] = {"game": snap["game"], "dice": snap["dice"]}
    snap["undo"] = {"last": seq, "depth": depth, "redo": None}  # a new move ends the redo chain
    return trail


def _named(data: dict[str, Any], what: str) -> int:
    named = data.get("seq")
    if isinstance(named, bool) or not isinstance(named, int):
        raise RuleError(f"bad_{what}", "Say which action to {what}: seq, the number of the action as this phone shows "
                        "it.", "data.seq", what=what)
    return named


def _undo(snap, data, seq, rules: Rules, history: History) -> dict[str, Any]:
    stack = snap["undo"]
    if stack["last"] is None and data.get("seq") is None:
        raise RuleError("nothing_to_undo", "There is nothing to undo.")
    named = _named(data, "undo")
    if named != stack["last"]:
        raise Stale(N_("Someone else undid or added an action first, so #{seq} was not undone; "
                       "the table shows where it is now.", seq=named))
    top = history.event(named)
    below = top.trail["below"]
    snap["game"], snap["dice"] = _state_after(below, rules, history)
    snap["undo"] = {"last": below, "depth": stack["depth"] - 1, "redo": {"seq": named, "by": seq}}
    data["undid"] = named
    return {"below": stack["redo"]}


def _redo(snap, data, rules: Rules, history: History) -> None:
    stack = snap["undo"]
    redo = stack["redo"]
    if redo is None and data.get("seq") is None:
        raise RuleError("nothing_to_redo", "There is nothing to redo.")
    named = _named(data, "redo")
    if redo is None or named != redo["seq"]:
        raise Stale(N_("Someone else redid or added an action first, so #{seq} was not redone; "
                       "the table shows where it is now.", seq=named))
    move = history.event(named)
    snap["game"] = rules.apply(snap["game"], move.type, move.data, move.seq)
    snap["dice"] = _shown_after(rules, move.type, move.data, move.seq, move.at_ms, snap["dice"])
    snap["undo"] = {"last": named, "depth": move.trail["depth"],
                    "redo": history.event(redo["by"]).trail["below"]}
    data["redid"] = named
    return None


def _state_after(seq: int | None, rules: Rules, history: History) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """The game state and dice shown right after move ``seq`` (None: before any move).

    From the nearest checkpoint at or below it (or the setup), replaying the moves
    between: fewer than CHECKPOINT_EVERY of them.
    """
    moves: list[Past] = []
    while seq is not None:
        move = history.event(seq)
        checkpoint = move.trail.get("checkpoint")
        if checkpoint is not None:
            state, shown = checkpoint["game"], checkpoint["dice"]
            break
        moves.append(move)
        seq = move.trail["below"]
    else:
        state, shown = rules.setup(), None
    for move in reversed(moves):
        state = rules.apply(state, move.type, move.data, move.seq)
        shown = _shown_after(rules, move.type, move.data, move.seq, move.at_ms, shown)
    return state, shown


def _challenge(rules: Rules, data: dict[str, Any], judge: Judge) -> dict[str, Any]:
    """A Bresk! word challenge at the table, judged with the table's word list."""
    by = data.get("by")
    if by is not None and (isinstance(by, bool) or not isinstance(by, int) or not 0 <= by < len(rules.seats)):
        raise RuleError("bad_seat", "by must be a seat number from 0 to {last}.", "data.by",
                        last=len(rules.seats) - 1)
    return judge(data.get("words"), bool(data.get("reveal")))


def claims_of(snap: dict[str, Any], seats: int) -> list[dict[str, Any] | None]:
    """Per seat, the phone holding it ({device, at_ms}) or None (a table from before claims has none)."""
    return snap.get("claims") or [None] * seats


def _claims_after(claims, kind: str, data: dict[str, Any], rules: Rules, now: int) -> list[dict[str, Any] | None]:
    seat = _seat_number(data.get("seat"), "data.seat", rules)
    device = data.get("device")
    if not isinstance(device, str) or not DEVICE_ID.match(device):
        raise RuleError("bad_device", "device must be this phone's id: 8 to 64 letters, digits, - or _.",
                        "data.device")
    take_over = data.get("take_over", False)
    if not isinstance(take_over, bool):
        raise RuleError("bad_take_over", "take_over must be true or false.", "data.take_over")
    held = claims[seat]
    if kind == "release_seat":  # only the holder gives a seat up; anyone else's release changes nothing
        return [None if i == seat and held and held["device"] == device else c for i, c in enumerate(claims)]
    if held and held["device"] != device:
        if not take_over:
            raise SeatHeld("seat_taken", N_("{name} is on another phone. Take over {name}'s seat on this phone?",
                                            name=rules.seats[seat]))
        data["took_over"] = True
    out = [None if c and c["device"] == device else c for c in claims]  # a phone plays one seat
    out[seat] = {"device": device, "at_ms": now}
    return out


def _seat_number(seat: Any, where: str, rules: Rules) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(rules.seats):
        raise RuleError("bad_seat", "seat must be a seat number from 0 to {last}.", where, last=len(rules.seats) - 1)
    return seat


def _check_holder(snap: dict[str, Any], kind: str, data: dict[str, Any], event: dict[str, Any], rules: Rules) -> None:
    """A player's own act for a seat another phone holds, not said to be done for that player: SeatHeld."""
    field_name = {**rules.game.PLAYER_ACTS, "challenge": "by"}.get(kind)
    seat = data.get(field_name) if field_name else None
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(rules.seats):
        return  # not a player's act, or no seat the rules would take: they refuse it in their words
    held = claims_of(snap, len(rules.seats))[seat]
    if held is None or held["device"] == event.get("device") or event.get("on_behalf"):
        return
    raise SeatHeld("seat_on_another_phone", N_(
        "{name} is playing on another phone. Do this on {name}'s phone, or confirm on this one that it is for "
        "{name}.", name=rules.seats[seat]))


def _dice_shown(seq: int, data: dict[str, Any], at_ms: int) -> dict[str, Any]:
    return {"seq": seq, "results": data["results"], "at_ms": at_ms}


def _shown_after(rules: Rules, kind: str, data: dict[str, Any], seq: int, at_ms: int,
                 shown: dict[str, Any] | None) -> dict[str, Any] | None:
    """The roll on show after a move the rules took: the app's roll, a real die typed in, or as before."""
    if kind == "roll":
        return _dice_shown(seq, data, at_ms)
    typed = rules.game.dice_typed(kind, data)
    if typed:
        return {"seq": seq, "results": typed, "at_ms": at_ms, "typed": True}
    return shown


def _follow_game_timer(game, before: dict[str, Any], snap: dict[str, Any], now: int) -> None:
    """A game that sets the timer (a die roll picks the dial) sets the shared timer too.

    Its ``timer_setting(state) -> (moment, seconds) | None`` (games/base.py ``Game``) says what the
    timer is set to now; the timer is set when the moment changes (a new turn's roll, a bonus build).
    """
    wanted = game.timer_setting(snap["game"])
    if wanted and wanted != game.timer_setting(before):
        snap["timer"] = timer.command(snap["timer"], "set", now, wanted[1])
