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
  ``{"kind": "red-4"}`` are the free-build cards worth 3 and 4.
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
- ``check_stack`` simplifies the building rule: every piece must show at least the
  highest value in the level directly below it (a real tower may rest a piece on one
  lower neighbour only; this check is stricter, never more lenient). An upright dice
  block shows its blank ends: both are jokers, so it fits on anything and anything fits
  on it (the German rule: "sie können jeden gewünschten Wert annehmen").
"""

from __future__ import annotations

from typing import Any

from .base import Line, Option, PlayerResult, Result, RuleError, dispatch, evolve, resolve_options, rolled

# The data fields each event takes (the table service refuses any other; see base.check_event_data).
EVENT_FIELDS = {"stopper": ("face", "builder"), "card": ("kind", "points", "builder"), "end_turn": ("builder",)}

id = "wuerfelspiel"
name = "Make 'n' Break Würfelspiel"
MIN_SEATS = 2
MAX_SEATS = 8

STOPPER_DIE = "stopper"
STOPPER_FACES = (0, 1, 2, 3)
STOP_AT = 30
RED_CARDS = {"red-3": 3, "red-4": 4}
CARD_KINDS = ("standard", *RED_CARDS)

OPTIONS = (
    Option("stopper", "app", "Who rolls the stopper die: the app (rolls at a set pace and speaks the totals) "
           "or a person who taps each result in.", choices=("app", "person")),
    Option("pace_ms", 1500, "Milliseconds between the app's stopper rolls.", minimum=500, maximum=5000),
    Option("turns_each", 3, "How many times every player is the builder.", minimum=1, maximum=10),
    Option("max_card_points", 10, "The most points a standard building card can print.", minimum=1, maximum=20),
)


def catalogue() -> dict[str, Any]:
    return {
        "id": id,
        "name": name,
        "summary": "Build dice towers from the cards while the stopper rolls up to 30.",
        "min_seats": MIN_SEATS,
        "max_seats": MAX_SEATS,
        "variants": [],
        "options": [o.to_dict() for o in OPTIONS],
        "events": ["roll", "stopper", "card", "end_turn"],
        "dice": [STOPPER_DIE],
        "stop_at": STOP_AT,
        "cards": [
            {"kind": "standard", "name": "building card", "points": "printed in the corners"},
            {"kind": "red-3", "name": "red 3", "points": 3},
            {"kind": "red-4", "name": "red 4", "points": 4},
        ],
    }


# --- setup -------------------------------------------------------------------------------------


def setup(options: dict[str, Any] | None, seats: list[str]) -> dict[str, Any]:
    if not isinstance(seats, list) or not MIN_SEATS <= len(seats) <= MAX_SEATS:
        raise RuleError("bad_seats", f"The Würfelspiel is for {MIN_SEATS} to {MAX_SEATS} players.", "seats")
    resolved = resolve_options(OPTIONS, options)
    state: dict[str, Any] = {
        "game": id,
        "options": resolved,
        "seats": list(seats),
        "stop_at": STOP_AT,
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
    stopper = (seat - 1) % len(state["seats"])  # the builder's right-hand neighbour
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
    _check_builder(state, data)
    return _add_stopper_roll(state, data.get("face"), "data.face")


def _add_stopper_roll(state: dict[str, Any], face: Any, field: str) -> dict[str, Any]:
    _check_not_over(state)
    if state["turn"]["stop"]:
        raise RuleError("stopp_called", f"Stopp! The stopper already reached {STOP_AT}; end the turn.", field)
    if not _is_int(face) or face not in STOPPER_FACES:
        raise RuleError("bad_face", "The stopper die shows 1, 2, 3 or a blank (0).", field)
    new = evolve(state)
    turn = new["turn"]
    turn["rolls"].append(face)
    turn["stopper_total"] += face
    turn["running_totals"].append(turn["stopper_total"])
    turn["stop"] = turn["stopper_total"] >= STOP_AT
    return new


def _on_card(state: dict[str, Any], data: dict[str, Any]) -> dict[str, Any]:
    _check_not_over(state)
    _check_builder(state, data)
    kind = data.get("kind")
    if kind not in CARD_KINDS:
        raise RuleError("bad_card", "A card's kind is one of: " + ", ".join(CARD_KINDS) + ".", "data.kind")
    points = _card_points(kind, data.get("points"), state["options"]["max_card_points"])
    new = evolve(state)
    turn = new["turn"]
    turn["cards"].append({"kind": kind, "points": points})
    turn["points"] += points
    return new


def _card_points(kind: str, points: Any, most: int) -> int:
    if kind in RED_CARDS:
        if points is not None and points != RED_CARDS[kind]:
            raise RuleError("bad_points", f"A {kind} card is worth {RED_CARDS[kind]}; leave points out.",
                            "data.points")
        return RED_CARDS[kind]
    if not _is_int(points) or not 1 <= points <= most:
        raise RuleError("bad_points", f"A building card prints 1 to {most} points.", "data.points")
    return points


def _on_end_turn(state: dict[str, Any], data: dict[str, Any]) -> dict[str, Any]:
    _check_not_over(state)
    _check_builder(state, data)
    total = state["turn"]["stopper_total"]
    if not state["turn"]["stop"]:
        raise RuleError("not_stopped", f"The stopper is at {total}: the turn ends when it reaches {STOP_AT}.", "type")
    new = evolve(state)
    _close_turn(new)
    return new


_HANDLERS = {"roll": _on_roll, "stopper": _on_stopper, "card": _on_card, "end_turn": _on_end_turn}


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_not_over(state: dict[str, Any]) -> None:
    if state["finished"]:
        raise RuleError("game_over", "The game is over: everyone has been the builder "
                        f"{state['options']['turns_each']} times.", "type")


def _check_builder(state: dict[str, Any], data: dict[str, Any]) -> None:
    """An optional ``data.builder`` must name the seat whose turn it is."""
    if "builder" not in data or state["finished"]:
        return
    seat = data["builder"]
    if not _is_int(seat) or seat != state["builder"]:
        raise RuleError("not_your_turn", f"It is {state['seats'][state['builder']]}'s turn to build.",
                        "data.builder")


def _close_turn(state: dict[str, Any]) -> None:
    turn = state["turn"]
    builder = turn["builder"]
    summary = {key: turn[key] for key in ("number", "builder", "stopper", "rolls", "stopper_total", "cards", "points")}
    state["history"].append(summary)
    state["last_turn"] = summary
    state["totals"][builder] += turn["points"]
    state["turns_played"][builder] += 1
    if len(state["history"]) >= state["turns_total"]:
        state["finished"] = True
        state["turn"] = None
        state["builder"] = state["stopper"] = None
        return
    _start_turn(state, seat=(builder + 1) % len(state["seats"]))  # the dice pass to the left


# --- results -----------------------------------------------------------------------------------


def result(state: dict[str, Any], **_: Any) -> Result:
    names = state["seats"]
    players = [_player_result(state, seat) for seat in range(len(names))]
    best = max(state["totals"])
    leaders = [names[s] for s, total in enumerate(state["totals"]) if total == best] if state["history"] else []
    done, planned = len(state["history"]), state["turns_total"]
    each = state["options"]["turns_each"]
    if state["finished"]:
        reason = f"highest total after {each} turn{'s' if each != 1 else ''} each as builder"
    else:
        reason = f"partial: {done} of {planned} turns played"
    return Result(
        game=id,
        players=players,
        winners=leaders if state["finished"] else [],
        finished=state["finished"],
        reason=reason,
        extra={"turns_each": each, "turns_played": done, "leaders": leaders},
    )


def _player_result(state: dict[str, Any], seat: int) -> PlayerResult:
    lines = []
    per_turn = []
    for turn in state["history"]:
        if turn["builder"] != seat:
            continue
        per_turn.append(turn["points"])
        count = len(turn["cards"])
        lines.append(Line(f"Turn {len(per_turn)} as builder: {count} card{'s' if count != 1 else ''}",
                          turn["points"]))
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
    options = {key: sheet[key] for key in ("turns_each", "max_card_points") if key in sheet}
    try:
        state = setup(options, names)
    except RuleError as err:
        raise RuleError(err.code, err.message, (err.field or "").removeprefix("options.") or None) from None
    turns = sheet.get("turns", [])
    if not isinstance(turns, list):
        raise RuleError("bad_sheet", "turns must be a list.", "turns")
    for i, turn in enumerate(turns):
        if state["finished"]:
            raise RuleError("too_many_turns", f"Everyone has already been the builder "
                            f"{state['options']['turns_each']} times.", f"turns.{i}")
        state = _replay_turn(state, turn, f"turns.{i}")
    return result(state)


def _sheet_players(players: Any) -> list[str]:
    if not isinstance(players, list) or not MIN_SEATS <= len(players) <= MAX_SEATS:
        raise RuleError("bad_players", f"players must list {MIN_SEATS} to {MAX_SEATS} names, clockwise from the "
                        "oldest.", "players")
    names: list[str] = []
    for i, player in enumerate(players):
        if not isinstance(player, str) or not player.strip():
            raise RuleError("bad_name", "Every player needs a name.", f"players.{i}")
        if player.strip() in names:
            raise RuleError("duplicate_name", f"Two players are called {player.strip()}; tell them apart.",
                            f"players.{i}")
        names.append(player.strip())
    return names


def _replay_turn(state: dict[str, Any], turn: Any, path: str) -> dict[str, Any]:
    if not isinstance(turn, dict):
        raise RuleError("bad_turn", "A turn must be an object with builder, stopper_rolls and cards.", path)
    expected = state["seats"][state["builder"]]
    if turn.get("builder") != expected:
        raise RuleError("wrong_builder", f"This turn is {expected}'s to build, not {turn.get('builder')}'s.",
                        f"{path}.builder")
    rolls = _sheet_list(turn, "stopper_rolls", path)
    for j, face in enumerate(rolls):
        state = _replayed(state, {"type": "stopper", "data": {"face": face}}, f"{path}.stopper_rolls.{j}")
    if not state["turn"]["stop"]:
        raise RuleError("never_stopped", f"The stopper rolls add up to {state['turn']['stopper_total']}; a turn "
                        f"lasts until they reach {STOP_AT}.", f"{path}.stopper_rolls")
    for j, card in enumerate(_sheet_list(turn, "cards", path)):
        if not isinstance(card, dict):
            raise RuleError("bad_card", "A card must be an object with a kind.", f"{path}.cards.{j}")
        data = {key: card[key] for key in ("kind", "points") if key in card}
        state = _replayed(state, {"type": "card", "data": data}, f"{path}.cards.{j}")
    return _replayed(state, {"type": "end_turn"}, path)


def _sheet_list(turn: dict[str, Any], key: str, path: str) -> list[Any]:
    value = turn.get(key, [])
    if not isinstance(value, list):
        raise RuleError("bad_turn", f"{key} must be a list.", f"{path}.{key}")
    return value


def _replayed(state: dict[str, Any], event: dict[str, Any], path: str) -> dict[str, Any]:
    """``apply`` with a refusal's field moved from the event (``data.points``) to the sheet."""
    try:
        return apply(state, event)
    except RuleError as err:
        field = (err.field or "").removeprefix("data.")
        if field and field not in ("face", "type"):
            path = f"{path}.{field}"
        raise RuleError(err.code, err.message, path) from None


# --- the building rule -------------------------------------------------------------------------

DIE_COLOURS = ("white", "yellow", "blue", "black", "red", "green")
BLOCK_COLOURS = ("blue", "orange")
PIECES = {"die": {"top": 6, "count": 6, "colours": DIE_COLOURS, "noun": "dice"},
          "block": {"top": 4, "count": 2, "colours": BLOCK_COLOURS, "noun": "dice blocks"}}


def check_stack(levels: Any) -> dict[str, Any]:
    """Check a tower against the building rule, bottom level first.

    Each level is a list of pieces ``{"kind": "die"|"block", "value": n, "colour"?: str,
    "upright"?: bool}``: a die shows 1-6 on top, a lying block 1-4; an upright block
    shows a blank end, a joker (its value is not needed). Returns ``{"ok": bool,
    "problems": [str…]}``; input that cannot describe a tower raises ``RuleError``.
    """
    if not isinstance(levels, list) or not levels:
        raise RuleError("bad_stack", "A tower needs at least one level of pieces.", "levels")
    pieces = [[_checked_piece(piece, f"levels.{i}.{j}") for j, piece in enumerate(_checked_level(level, i))]
              for i, level in enumerate(levels)]
    problems = _supply_problems(pieces)
    for below, (number, level) in zip(pieces, enumerate(pieces[1:], start=2), strict=False):
        problems.extend(_level_problems(number, level, _shown_value(below)))
    return {"ok": not problems, "problems": problems}


def _checked_level(level: Any, index: int) -> list[Any]:
    if not isinstance(level, list) or not level:
        raise RuleError("bad_stack", f"Level {index + 1} needs at least one piece.", f"levels.{index}")
    return level


def _checked_piece(piece: Any, path: str) -> dict[str, Any]:
    if not isinstance(piece, dict) or piece.get("kind") not in PIECES:
        raise RuleError("bad_piece", "A piece is a die or a block.", f"{path}.kind")
    kind = piece["kind"]
    spec = PIECES[kind]
    upright = piece.get("upright", False)
    if not isinstance(upright, bool) or (upright and kind == "die"):
        raise RuleError("bad_piece", "Only a dice block can stand upright.", f"{path}.upright")
    colour = piece.get("colour")
    if colour is not None and colour not in spec["colours"]:
        raise RuleError("bad_piece", f"The {spec['noun']} are " + ", ".join(spec["colours"]) + ".", f"{path}.colour")
    value = piece.get("value")
    if not upright and (not _is_int(value) or not 1 <= value <= spec["top"]):
        raise RuleError("bad_piece", f"A {kind} shows 1 to {spec['top']}.", f"{path}.value")
    # An upright block's blank end is a joker: it has no value of its own.
    return {"kind": kind, "colour": colour, "value": None if upright else value}


def _supply_problems(levels: list[list[dict[str, Any]]]) -> list[str]:
    problems = []
    every_piece = [piece for level in levels for piece in level]
    for kind, spec in PIECES.items():
        used = [p for p in every_piece if p["kind"] == kind]
        if len(used) > spec["count"]:
            problems.append(f"The game has only {spec['count']} {spec['noun']}; this tower uses {len(used)}.")
        colours = [p["colour"] for p in used if p["colour"]]
        for colour in sorted({c for c in colours if colours.count(c) > 1}):
            problems.append(f"There is only one {colour} {kind}; this tower uses it {colours.count(colour)} times.")
    return problems


def _shown_value(level: list[dict[str, Any]]) -> int | None:
    """The least a piece on this level must show: the highest value here (jokers ask nothing)."""
    values = [p["value"] for p in level if p["value"] is not None]
    return max(values) if values else None


def _level_problems(number: int, level: list[dict[str, Any]], needed: int | None) -> list[str]:
    if needed is None:
        return []
    problems = []
    for place, piece in enumerate(level, start=1):
        if piece["value"] is not None and piece["value"] < needed:
            problems.append(f"Level {number}: {_piece_name(piece, place)} shows {piece['value']} "
                            f"but it sits on a {needed}")
    return problems


def _piece_name(piece: dict[str, Any], place: int) -> str:
    if piece["colour"]:
        return f"the {piece['colour']} {piece['kind']}"
    return f"the {piece['kind']} in place {place}"
