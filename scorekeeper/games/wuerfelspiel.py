"""Make 'n' Break Würfelspiel: build dice towers while the stopper rolls up to 30.

Seats are listed clockwise with the oldest player first; seat 0 builds first. As in
Make 'N' Break, "left" is the next seat clockwise and "right" the previous one: the
builder's right-hand neighbour (previous seat) is the stopper, the builder passes the
dice to the left (next seat), and the stopper die follows, so the old builder becomes
the stopper. The stopper is therefore always the seat before the builder.

The stopper die shows 1, 2, 3 and three blanks (0). Its rolls are summed; when the
total reaches 30 the stopper calls "Stopp!" and the builder's time is over.

Events (``data`` keys marked ? are optional):

- ``{"type": "roll", "data": {"dice": ["stopper"], "results": [{"die": "stopper", "face": 2}]}}``
  the app as stopper (rolled on the server); rolls of other dice are ignored.
- ``{"type": "stopper", "data": {"face": 0-3}}`` a person rolled and tapped the face in.
- ``{"type": "card", "data": {"kind": "standard", "points": n}}`` a completed card with the
  points in its corners (1 to the ``max_card_points`` option); ``{"kind": "red-3"}`` and
  ``{"kind": "red-4"}`` are the free-build cards worth 3 and 4 (with ``red_card_points:
  corners`` they carry ``points`` like any card).
- ``{"type": "end_turn"}`` after "Stopp!": the dice pass to the left.

Every event except ``roll`` may carry ``data.builder`` (a seat number); when it is there
and is not the builder's seat the event is refused.

Decisions where the rulebook is silent:

- 2-8 seats: the rulebook gives no count; eight keeps the wait between turns bearable
  and the rotation (every player builds ``turns_each`` times) works for any count.
- A standard card scores 1 to ``max_card_points`` (default 10): the rulebook says only
  that the points are printed in the cards' corners.
- Cards may be tapped in until ``end_turn``, even after "Stopp!", because taps lag the
  build; they may also come before the first stopper roll (a person stopper may be slow
  to tap). Only completed cards are entered: an unfinished card scores nothing.
- ``end_turn`` is refused until the stopper total has reached 30; a stopper roll after
  that is refused. The ``stopper`` option (app or person) only tells the phones who
  rolls: both kinds of event are accepted either way, so a table can switch mid-turn.
- ``winners`` stays empty until the game is finished; ``leaders`` says who is ahead.
- At most 30 fulfilled cards a turn: the box has "30 building cards, printed on both
  sides", the builder "turns over the top card" and only after the turn "shuffles the
  fulfilled cards back in among the others", so no card is fulfilled twice in a turn.
- Red cards: "When a large red '3' or '4' is revealed, the Builder is free in his choice
  of dice and blocks" — the rulebook gives their points only as "The points a building
  card is worth are shown in its upper corners." The app scores a red 3 as 3 and a red 4
  as 4 (the number on the card); ``red_card_points: corners`` instead takes the points in
  the card's corners, entered like any card's, for groups who read them there.
- The building rule ("the dice and blocks in each level above must always be placed on
  top of a die or block that shows either the same number of pips or a higher number";
  upright blocks' end faces "count as jokers") is left to the players around the table,
  who see the tower: the builder "may also re-roll dice he has already built into the
  construction … The only important thing is that, at the end, the construction shown on
  the card is correctly rebuilt!" The app has no tower checker: describing a tower piece
  by piece on a phone takes longer than a turn (about 30 stopper rolls), and a verdict on
  a description says nothing about the tower on the table.
"""

from __future__ import annotations

from typing import Any

from ..text import N_, Np_
from .base import (
    Game,
    Line,
    Option,
    PlayerResult,
    Result,
    RuleError,
    Sample,
    dispatch,
    places_from_result,
    rank_sides,
    renaming_builders,
    resolve_options,
    rolled,
)
from .base import check_typed_final as league_check
from .builder_turns import (
    check_builder,
    check_card_kind,
    check_turn_builder,
    evolve_turn,
    is_int,
    leaders,
    left_of,
    record_turn,
    replayed,
    right_of,
    set_up_sheet,
    sheet_players,
    turn_seat,
)

# The data fields each event takes (the table service refuses any other; see base.check_event_data).
EVENT_FIELDS = {"stopper": ("face", "builder"), "card": ("kind", "points", "builder"), "end_turn": ("builder",)}

id = "wuerfelspiel"
name = "Make 'n' Break Würfelspiel"
MIN_SEATS = 2
MAX_SEATS = 8

STOPPER_DIE = "stopper"
DICE: dict[str, dict] = {
    "stopper": {
        "name": N_("Würfelspiel stopper die"),
        "faces": [0, 0, 0, 1, 2, 3],
        "description": N_("The small yellow die: 1, 2, 3 and three blanks (0), summed to 30."),
    },
}
BUILDING_CARDS = 30  # "30 building cards", each fulfilled at most once a turn
STOPPER_FACES = (0, 1, 2, 3)
STOP_AT = 30
# A typed sheet's stopper rolls in one turn: a turn reaches 30 in about 30 rolls (blanks half the time, 2 on
# average), so a hundred is more than any turn takes. Each replayed roll copies the turn's rolls so far: an
# unbounded list let one request hold a worker for seconds.
MAX_SHEET_STOPPER_ROLLS = 100
RED_CARDS = {"red-3": 3, "red-4": 4}
RED_CARD_NAMES = {"red-3": N_("red 3"), "red-4": N_("red 4")}  # as the players call them
CARD_KINDS = ("standard", *RED_CARDS)

OPTIONS = (
    Option("stopper", "app",
           N_("The app can be the Stopper: it rolls the yellow die at a steady pace and calls the totals aloud. "
           "Or a player rolls the real die and taps each number in."),
           choices=("app", "person"), label=N_("The Stopper"),
           choice_labels=(N_("The app"), N_("A player"))),
    Option("pace_ms", 1500, N_("How fast the app rolls when it is the Stopper (1,000 milliseconds are a second)."),
           minimum=500, maximum=5000, label=N_("The app's pace: milliseconds between rolls")),
    Option("turns_each", 3, N_("The rulebook's game ends when every player has been the Builder three times."),
           minimum=1, maximum=10, label=N_("Times each player is the Builder")),
    Option("max_card_points", 10, N_("The most points a building card shows in its upper corners."),
           minimum=1, maximum=20, label=N_("Most points on one building card")),
    Option("red_card_points", "number",
           N_("A red 3 or red 4 scores 3 or 4, or, like any card, the points in its upper corners."),
           choices=("number", "corners"), label=N_("Red 3 and red 4 cards score"),
           choice_labels=(N_("3 and 4"), N_("Points in the corners"))),
)


def catalogue() -> dict[str, Any]:
    return {
        "summary": N_("Build dice towers from the cards while the stopper rolls up to 30."),
        "events": ["roll", "stopper", "card", "end_turn"],
        "dice": [STOPPER_DIE],
        "stop_at": STOP_AT,
        "building_cards": BUILDING_CARDS,
        "cards": [
            {"kind": "standard", "name": "building card", "points": "printed in the corners"},
            {"kind": "red-3", "name": "red 3", "points": 3},
            {"kind": "red-4", "name": "red 4", "points": 4},
        ],
    }


# --- setup -------------------------------------------------------------------------------------


def setup(options: dict[str, Any] | None, seats: list[str]) -> dict[str, Any]:
    if not isinstance(seats, list) or not MIN_SEATS <= len(seats) <= MAX_SEATS:
        raise RuleError("bad_seats", "The Würfelspiel is for {MIN_SEATS} to {MAX_SEATS} players.", "seats",
                        MIN_SEATS=MIN_SEATS, MAX_SEATS=MAX_SEATS)
    resolved = resolve_options(OPTIONS, options)
    state: dict[str, Any] = {
        "game": id,
        "options": resolved,
        "seats": list(seats),
        "stop_at": STOP_AT,
        "building_cards": BUILDING_CARDS,
        "builder": None,
        "stopper": None,
        "turn": None,
        "totals": [0] * len(seats),
        "turns_played": [0] * len(seats),  # per seat: times as builder
        "turns_total": len(seats) * resolved["turns_each"],  # the game ends after this many turns
        "history": [],
        "last_turn": None,
        "finished": False,
    }
    _start_turn(state, seat=0)
    return state


def _start_turn(state: dict[str, Any], seat: int) -> None:
    """Give the dice to ``seat`` (changes ``state``, which is already a private copy)."""
    stopper = right_of(seat, len(state["seats"]))
    state["builder"] = seat
    state["stopper"] = stopper
    state["turn"] = {
        "number": len(state["history"]) + 1,
        "builder": seat,
        "stopper": stopper,
        "rolls": [],
        "running_totals": [],  # what the stopper calls out after every roll
        "stopper_total": 0,
        "stop": False,  # "Stopp!": the total reached 30
        "cards": [],
        "points": 0,
    }


# --- events ------------------------------------------------------------------------------------


def apply(state: dict[str, Any], event: dict[str, Any], **_: Any) -> dict[str, Any]:
    return dispatch(_HANDLERS, state, event, "The Würfelspiel")


def _on_roll(state: dict[str, Any], data: dict[str, Any]) -> dict[str, Any]:
    one_only = RuleError("one_stopper_die", "The stopper rolls the one yellow die, one roll at a time.", "data.results")
    roll = rolled(data, STOPPER_DIE, one_only)
    if roll is None:
        return state  # some other die: nothing to count
    index, face = roll
    return _add_stopper_roll(state, face, f"data.results.{index}.face")


def _on_stopper(state: dict[str, Any], data: dict[str, Any]) -> dict[str, Any]:
    check_builder(state, data)
    return _add_stopper_roll(state, data.get("face"), "data.face")


def _add_stopper_roll(state: dict[str, Any], face: Any, field: str) -> dict[str, Any]:
    _check_not_over(state)
    if state["turn"]["stop"]:
        raise RuleError("stopp_called", "Stopp! The stopper already reached {STOP_AT}; end the turn.", field,
                        STOP_AT=STOP_AT)
    if not is_int(face) or face not in STOPPER_FACES:
        raise RuleError("bad_face", "The stopper die shows 1, 2, 3 or a blank (0).", field)
    new = evolve_turn(state)
    turn = new["turn"]
    turn["rolls"].append(face)
    turn["stopper_total"] += face
    turn["running_totals"].append(turn["stopper_total"])
    turn["stop"] = turn["stopper_total"] >= STOP_AT
    return new


def _on_card(state: dict[str, Any], data: dict[str, Any]) -> dict[str, Any]:
    _check_not_over(state)
    check_builder(state, data)
    kind = data.get("kind")
    check_card_kind(kind, CARD_KINDS)
    if len(state["turn"]["cards"]) >= BUILDING_CARDS:
        raise RuleError("thirty_cards", "The box has {BUILDING_CARDS} building cards, and this turn has fulfilled all "
                        "of them; end the turn.", "data.kind", BUILDING_CARDS=BUILDING_CARDS)
    options = state["options"]
    corners = kind == "standard" or options.get("red_card_points") == "corners"
    points = _card_points("standard" if corners else kind, data.get("points"), options["max_card_points"])
    new = evolve_turn(state)
    turn = new["turn"]
    turn["cards"].append({"kind": kind, "points": points})
    turn["points"] += points
    return new


def _card_points(kind: str, points: Any, most: int) -> int:
    if kind in RED_CARDS:
        if points is not None and points != RED_CARDS[kind]:
            raise RuleError("bad_points", "A {card} card is worth {points}; leave points out.",
                            "data.points", card=RED_CARD_NAMES[kind], points=RED_CARDS[kind])
        return RED_CARDS[kind]
    if not is_int(points) or not 1 <= points <= most:
        raise RuleError("bad_points", "A building card prints 1 to {most} points.", "data.points", most=most)
    return points


def _on_end_turn(state: dict[str, Any], data: dict[str, Any]) -> dict[str, Any]:
    _check_not_over(state)
    check_builder(state, data)
    total = state["turn"]["stopper_total"]
    if not state["turn"]["stop"]:
        raise RuleError("not_stopped", "The stopper is at {total}: the turn ends when it reaches {STOP_AT}.", "type",
                        total=total, STOP_AT=STOP_AT)
    new = evolve_turn(state)
    _close_turn(new)
    return new


_HANDLERS = {"roll": _on_roll, "stopper": _on_stopper, "card": _on_card, "end_turn": _on_end_turn}


def _check_not_over(state: dict[str, Any]) -> None:
    if state["finished"]:
        raise RuleError("game_over", "The game is over: everyone has been the builder {turns_each} times.", "type",
                        turns_each=state['options']['turns_each'])


def _close_turn(state: dict[str, Any]) -> None:
    turn = state["turn"]
    builder = turn["builder"]
    summary = {key: turn[key] for key in ("number", "builder", "stopper", "rolls", "stopper_total", "cards", "points")}
    record_turn(state, summary)
    state["totals"][builder] += turn["points"]
    state["turns_played"][builder] += 1
    if len(state["history"]) >= state["turns_total"]:
        state["finished"] = True
        state["turn"] = None
        state["builder"] = state["stopper"] = None
        return
    _start_turn(state, seat=left_of(builder, len(state["seats"])))  # the dice pass to the left


# --- results -----------------------------------------------------------------------------------


def result(state: dict[str, Any], **_: Any) -> Result:
    names = state["seats"]
    players = [_player_result(state, seat) for seat in range(len(names))]
    ahead = [names[s] for s in leaders(state["totals"], range(len(names)))] if state["history"] else []
    done, planned = len(state["history"]), state["turns_total"]
    each = state["options"]["turns_each"]
    if state["finished"]:
        reason = Np_("highest total after {each} turn each as builder",
                     "highest total after {each} turns each as builder", each, each=each)
    else:
        reason = Np_("So far: {played} of {planned} turn played; next: {name}'s turn",  # whose is missing
                     "So far: {played} of {planned} turns played; next: {name}'s turn",
                     planned, played=done, planned=planned, name=names[state["builder"]])
    return Result(
        game=id,
        players=players,
        winners=ahead if state["finished"] else [],
        finished=state["finished"],
        reason=reason,
        extra={"turns_each": each, "turns_played": done, "leaders": ahead},
    )


def _player_result(state: dict[str, Any], seat: int) -> PlayerResult:
    lines = []
    per_turn = []
    for turn in state["history"]:
        if turn["builder"] != seat:
            continue
        per_turn.append(turn["points"])
        count = len(turn["cards"])
        lines.append(Line(Np_("Turn {turn} as builder: {count} card", "Turn {turn} as builder: {count} cards", count,
                              turn=len(per_turn), count=count), turn["points"]))
    return PlayerResult(state["seats"][seat], state["totals"][seat], lines, {"turns": per_turn})


# --- a whole game at once ----------------------------------------------------------------------


def score_sheet(sheet: dict[str, Any], **_: Any) -> Result:
    """Score a game typed in afterwards by replaying it through ``setup``/``apply``.

    ``{"players": [names clockwise, oldest first], "turns_each"?: 3, "max_card_points"?: 10,
    "turns": [{"builder": name, "stopper_rolls": [0-3, …], "cards": [card…]}…]}``
    """
    if not isinstance(sheet, dict):
        raise RuleError("bad_sheet", "A score sheet must be an object.")
    names = _sheet_players(sheet.get("players"))
    options = {key: sheet[key] for key in ("turns_each", "max_card_points", "red_card_points") if key in sheet}
    state = set_up_sheet(setup, options, names)
    turns = sheet.get("turns", [])
    if not isinstance(turns, list):
        raise RuleError("bad_sheet", "turns must be a list.", "turns")
    for i, turn in enumerate(turns):
        if state["finished"]:
            raise RuleError("too_many_turns", "Everyone has already been the builder {turns_each} times.", f"turns.{i}",
                            turns_each=state['options']['turns_each'])
        state = _replay_turn(state, turn, f"turns.{i}")
    return result(state)


def _sheet_players(players: Any) -> list[str]:
    return sheet_players(players, MIN_SEATS, MAX_SEATS, RuleError(
        "bad_players", "players must list {MIN_SEATS} to {MAX_SEATS} names, clockwise from the oldest.", "players",
        MIN_SEATS=MIN_SEATS, MAX_SEATS=MAX_SEATS))


def _replay_turn(state: dict[str, Any], turn: Any, path: str) -> dict[str, Any]:
    check_turn_builder(state, turn, path, RuleError(
        "bad_turn", "A turn must be an object with builder, stopper_rolls and cards.", path))
    rolls = _sheet_list(turn, "stopper_rolls", path)
    if len(rolls) > MAX_SHEET_STOPPER_ROLLS:
        raise RuleError("bad_turn", "A turn lists at most {most} stopper rolls.", f"{path}.stopper_rolls",
                        most=MAX_SHEET_STOPPER_ROLLS)
    for j, face in enumerate(rolls):
        state = replayed(apply, state, {"type": "stopper", "data": {"face": face}}, f"{path}.stopper_rolls.{j}")
    if not state["turn"]["stop"]:
        raise RuleError("never_stopped", "The stopper rolls add up to {stopper_total}; a turn lasts until they reach "
                        "{STOP_AT}.", f"{path}.stopper_rolls",
                        stopper_total=state['turn']['stopper_total'], STOP_AT=STOP_AT)
    for j, card in enumerate(_sheet_list(turn, "cards", path)):
        if not isinstance(card, dict):
            raise RuleError("bad_card", "A card must be an object with a kind.", f"{path}.cards.{j}")
        data = {key: card[key] for key in ("kind", "points") if key in card}
        state = replayed(apply, state, {"type": "card", "data": data}, f"{path}.cards.{j}")
    return replayed(apply, state, {"type": "end_turn"}, path)


def _sheet_list(turn: dict[str, Any], key: str, path: str) -> list[Any]:
    value = turn.get(key, [])
    if not isinstance(value, list):
        raise RuleError("bad_turn", "{key} must be a list.", f"{path}.{key}", key=key)
    return value


# --- in a league (games/base.py) ------------------------------------------------------------------
# The rulebook has no tie-break ("The player who reaches the highest total may celebrate as the winner"):
# players level on points share the place. Cards only add points, so a total is never below 0.
league_places = places_from_result  # a finished table or sheet: the game's winners first, then by total
places_from_scores = rank_sides  # a typed result: highest total first, ties share the place


def check_final(players: list[dict[str, Any]], **_: Any) -> None:
    league_check(players, game=name, min_players=MIN_SEATS, max_players=MAX_SEATS,
                 floor=0, floor_rule=N_("fulfilled cards only add points, a total is never below 0"))


# --- what the services, the league and the phone read of this game (games/base.py Game) ----------

# Played by the registry-wide tests (tests/games/test_every_game.py).
SAMPLE = Sample(scores=(5, 9), events=(
    *({"type": "stopper", "data": {"face": 3}} for _ in range(10)),
    {"type": "card", "data": {"kind": "standard", "points": 2}}, {"type": "end_turn", "data": {}},
))


def dice_typed(kind: str, data: dict[str, Any]) -> list[dict[str, Any]] | None:
    """A stopper face a person rolled and typed in (a "stopper" event the rules took) is the roll on show."""
    return [{"die": STOPPER_DIE, "face": data["face"]}] if kind == "stopper" else None


GAME = Game(
    id=id, name=name, MIN_SEATS=MIN_SEATS, MAX_SEATS=MAX_SEATS, OPTIONS=OPTIONS, EVENT_FIELDS=EVENT_FIELDS,
    catalogue=catalogue, setup=setup, apply=apply, result=result, score_sheet=score_sheet,
    league_places=league_places, places_from_scores=places_from_scores, check_final=check_final,
    turn_seat=turn_seat, DICE=DICE, FIRST_SEAT_STARTS=True, rename_players=renaming_builders("turns"), SAMPLE=SAMPLE,
    dice_typed=dice_typed,
)
