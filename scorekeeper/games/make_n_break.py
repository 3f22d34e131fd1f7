"""Make 'N' Break Extreme: timed building turns, cards for points, chips of 10 and 1.

Seats are listed clockwise and seat 0 builds first (the rulebook's youngest
player). The builder rotates clockwise; the player to the builder's right (the
previous seat) runs the timer; the left neighbour (the next seat) is the one
who builds the "4 with left arrow" card.

A turn flows the way a phone UI walks through it:

    roll (or die)  → phase "build", the timer setting and seconds are known
    card …         → every completed card, as it is completed
    end_turn       → if a "10" was set aside: phase "bonus" (timer on 1)
    bonus …        → one per "10" set aside, completed or not
                   → the next builder's turn (phase "roll", or "build" in No-Dice)

Events (``data`` keys marked ? are optional):

- ``{"type": "roll", "data": {"dice": [...], "results": [{"die": "make-n-break", "face": 2}]}}``
  a server roll; rolls of other dice (a d6, the stopper) are ignored.
- ``{"type": "die", "data": {"face": 1-3}}`` a physical roll typed in.
- ``{"type": "card", "data": {"kind": k, "points"?: n, "completed"?: bool}}`` with kind
  ``standard`` or ``red-hand`` (points 1-3, required when completed), ``extreme-4``,
  ``extreme-5``, ``left-arrow`` or ``ten``; ``completed`` defaults to true (tapping a card
  means it was built) and is not taken for a ``ten``, whose outcome is its bonus build.
- ``{"type": "end_turn"}`` the time ran out.
- ``{"type": "bonus", "data": {"completed": bool}}`` the outcome of a "10" bonus build.

Every event except ``roll`` may carry ``data.builder`` (a seat number); when it is there
and is not the builder's seat the event is refused, so a stale phone cannot score a
card for the wrong player.

Decisions where the rulebook is silent (each named here, as docs/ARCHITECTURE.md §5 asks):

- 2-9 seats: the page lists several player counts (2-4 … 2-10) in scraped noise;
  2-9 is what the components comfortably serve.
- Red hand cards print 1-3 points, like the standard cards they are shuffled with.
- What one turn can hold follows the box: "the shuffled deck of 80 construction cards";
  "Completed and unsolved cards go to the discard pile" after the turn, and the discards
  are shuffled in only "When the draw deck is empty", so a builder turns each card at
  most once a turn: at most 80 cards (78 in No-Dice, which removes "both '10' cards"),
  at most one '4 with left arrow' card (the rulebook speaks of "a completed '4
  left-arrow' Extreme card", and "This is the only card that scores for someone other
  than the builder": one card), and at most two "10" cards. Each "10" earns its own
  bonus build with the timer on 1 (+5 when completed).
- The die: the rulebook says only "The builder rolls the die" and turns the timer's dial
  "to the number rolled"; the dial has 1, 2 and 3, so the app's die shows 1, 2, 3 twice
  each (``DICE`` below). A real die typed in (``die``) counts exactly like an app roll.
- Extreme cards: the rulebook names the points of the '4 left-arrow' card (2 each) and
  the '10' card (+5) only; the "Extreme 4" and "Extreme 5" cards score the number they
  show (4 and 5). ``extreme_points: printed`` instead takes the points a table reads
  on them (1-5), for groups who read the big number as a difficulty.
- The timer: "Always press the red STOP key before setting the timer for a new turn."
  When a turn ends the shared timer is set, and so stopped, even before the next builder
  rolls: a "10" bonus build's 30 seconds do not run on into the next turn.
- Bonus builds are scored one by one after ``end_turn``; cards, dice and ``end_turn``
  are refused while one is owed.
- Rounds: the rulebook says both "After three rounds, the player with the most points is the
  champion builder" and "after five rounds"; the option ``rounds`` (default 5) says which. A
  score sheet that does not say its rounds is read from its turns where that is unambiguous:
  exactly three rounds of turns are a finished three-round game; anything else is read against
  five rounds (five whole rounds finish it, fewer are a partial game that names the turn due).
- A tie for the lead after the last round starts a sudden-death round: each tied
  player builds one turn, in seat order. Its points are real points (chips are taken
  as usual). Whoever of the tied players then leads wins; if some are still tied,
  another sudden-death round follows among them only. A "4 with left arrow" card in
  sudden death still pays the builder's left neighbour, but a player outside the tie
  cannot win through it.
- ``chips`` per player is the fewest chips worth the total (after changing ten 1-chips
  for a 10-chip at the bank); each turn also says which chips each player takes.
- ``winners`` stays empty until the game is finished; ``leaders`` says who is ahead.
"""

from __future__ import annotations

from typing import Any

from ..text import N_, Np_, names_and, with_said
from .base import (
    Game,
    Line,
    Option,
    PlayerResult,
    Result,
    RuleError,
    Sample,
    chips,
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
EVENT_FIELDS = {"die": ("face", "builder"), "card": ("kind", "points", "completed", "builder"),
                "end_turn": ("builder",), "bonus": ("completed", "builder")}

id = "make-n-break"
name = "Make 'N' Break Extreme"
MIN_SEATS = 2
MAX_SEATS = 9

DIE = "make-n-break"
DIE_FACES = (1, 2, 3)
DICE: dict[str, dict] = {
    "make-n-break": {
        "name": N_("Make 'N' Break die"),
        "faces": [1, 2, 3, 1, 2, 3],
        "description": N_("Sets the timer dial: 1, 2 or 3."),
    },
}
BONUS_SETTING = 1  # the "10" bonus build always runs with the timer on 1
TEN_BONUS = 5
LEFT_ARROW_EACH = 2
MAX_TENS_PER_TURN = 2  # the deck has two "10" cards
# A typed sheet's tie-break turns: ten rounds of the most players, more than any table plays. An unbounded
# list let one request hold a worker for minutes (each replayed turn copied every turn before it then).
MAX_SUDDEN_DEATH_TURNS = 10 * MAX_SEATS
DECK = 80  # "the shuffled deck of 80 construction cards"
LEFT_ARROW_CARDS = 1  # one '4 with left arrow' card
EXTREME_PRINTED = (1, 2, 3, 4, 5)  # with extreme_points "printed"
PRINTED_POINTS = (1, 2, 3)  # standard and red hand cards

# Cards whose value is fixed by the card itself: what the builder scores for it
# (the left-arrow card pays the same again to the left neighbour).
FIXED_VALUES = {"extreme-4": 4, "extreme-5": 5, "left-arrow": LEFT_ARROW_EACH, "ten": TEN_BONUS}
CARD_KINDS = ("standard", "red-hand", "extreme-4", "extreme-5", "left-arrow", "ten")
CARD_NAMES = {
    "standard": N_("standard card"),
    "red-hand": N_("red hand card"),
    "extreme-4": N_("Extreme \"4\" card"),
    "extreme-5": N_("Extreme \"5\" card"),
    "left-arrow": N_("\"4 with left arrow\" card"),
    "ten": N_("\"10\" card"),
}

DEFAULT_ROUNDS = 5

OPTIONS = (
    Option("variant", "standard",
           N_("Standard: the builder rolls the die for the timer each turn. No-Dice: the same time every turn, "
           "and the two \"10\" cards leave the deck."),
           choices=("standard", "no-dice"), label=N_("Game"),
           choice_labels=(N_("Standard"), N_("No-Dice"))),
    Option("rounds", DEFAULT_ROUNDS, N_("Rounds to play (the rulebook says both three and five)."), minimum=1,
           maximum=10, label=N_("Rounds"), league=True),
    Option("no_dice_setting", 3, N_("The number the timer dial stays on for every turn of a No-Dice game."),
           minimum=1, maximum=3, label=N_("No-Dice: the dial for every turn")),
    Option("seconds_1", 30, N_("How long the timer runs when the die sets the dial to 1."), minimum=5, maximum=600,
           label=N_("Seconds on dial 1"), league=True),
    Option("seconds_2", 40, N_("How long the timer runs when the die sets the dial to 2."), minimum=5, maximum=600,
           label=N_("Seconds on dial 2"), league=True),
    Option("seconds_3", 50, N_("How long the timer runs when the die sets the dial to 3 (the box's clockwork timer: "
           "about 50 s)."), minimum=5, maximum=600, label=N_("Seconds on dial 3"), league=True),
    Option("extreme_points", "card",
           N_("Groups read Extreme \"4\" and \"5\" cards differently: the big number on the card, or the points "
           "printed on it (1 to 5)."),
           choices=("card", "printed"), label=N_("Extreme \"4\" and \"5\" cards score"),
           choice_labels=(N_("The big number (4 or 5)"), N_("The printed points (1–5)"))),
)


def catalogue() -> dict[str, Any]:
    return {
        "summary": N_("Build the card before the timer runs out; completed cards pay chips of 10 and 1."),
        "variants": [
            {"id": "standard", "name": "Standard", "description": N_("Roll the die to set the timer each turn.")},
            {"id": "no-dice", "name": "No-Dice", "description": N_("Fixed timer setting; both \"10\" cards removed.")},
        ],
        "events": ["roll", "die", "card", "end_turn", "bonus"],
        "dice": [DIE],
        "deck": {"cards": DECK, "left_arrow": LEFT_ARROW_CARDS, "ten": MAX_TENS_PER_TURN},
        "cards": [{"kind": k, "name": CARD_NAMES[k], "points": FIXED_VALUES.get(k, list(PRINTED_POINTS))}
                  for k in CARD_KINDS],
    }


# --- setup -------------------------------------------------------------------------------------


def setup(options: dict[str, Any] | None, seats: list[str]) -> dict[str, Any]:
    if not isinstance(seats, list) or not MIN_SEATS <= len(seats) <= MAX_SEATS:
        raise RuleError("bad_seats", "Make 'N' Break is for {MIN_SEATS} to {MAX_SEATS} players.", "seats",
                        MIN_SEATS=MIN_SEATS, MAX_SEATS=MAX_SEATS)
    state: dict[str, Any] = {
        "game": id,
        "options": resolve_options(OPTIONS, options),
        "seats": list(seats),
        "stage": "rounds",  # "rounds", then "sudden-death" when the lead is tied
        "round": 1,
        "sudden_death": None,  # {"round": k, "contenders": [seat, …]} during a tie-break
        "phase": "roll",
        "builder": None,
        "timer_runner": None,
        "left_neighbour": None,
        "turn": None,
        "totals": [0] * len(seats),
        "chips": [chips(0) for _ in seats],
        "score_table": [],  # rows: {"label", "stage", "round", "points": [per seat]}
        "history": [],  # closed turns, oldest first
        "last_turn": None,
        "turns_played": 0,
        "finished": False,
        "winners": [],  # seats, once finished
    }
    _start_turn(state, seat=0, stage="rounds", round_no=1)
    return state


def _seconds(options: dict[str, Any], setting: int | None) -> int | None:
    return None if setting is None else options[f"seconds_{setting}"]


def _start_turn(state: dict[str, Any], seat: int, stage: str, round_no: int) -> None:
    """Hand the blocks to ``seat`` (changes ``state``, which is already a private copy)."""
    count = len(state["seats"])
    options = state["options"]
    no_dice = options["variant"] == "no-dice"
    setting = options["no_dice_setting"] if no_dice else None
    state["turn"] = {
        "number": len(state["history"]) + 1,
        "stage": stage,
        "round": round_no,
        "builder": seat,
        "timer_runner": right_of(seat, count),
        "left_neighbour": left_of(seat, count),
        "die": None,
        "build_setting": setting,  # the setting for the regular build time
        "timer_setting": setting,  # what the timer is set to now (1 during a bonus build)
        "timer_seconds": _seconds(options, setting),
        "cards": [],
        "points": [0] * count,
        "tens_set_aside": 0,
        "bonus_builds": [],
        "bonus_owed": 0,
    }
    state["phase"] = "build" if no_dice else "roll"
    state["builder"] = seat
    state["timer_runner"] = state["turn"]["timer_runner"]
    state["left_neighbour"] = state["turn"]["left_neighbour"]
    if stage == "rounds":
        state["round"] = round_no


# --- events ------------------------------------------------------------------------------------


def apply(state: dict[str, Any], event: dict[str, Any], **_: Any) -> dict[str, Any]:
    return dispatch(_HANDLERS, state, event, "Make 'N' Break")


def _on_roll(state: dict[str, Any], data: dict[str, Any]) -> dict[str, Any]:
    roll = rolled(data, DIE, RuleError("one_die", "Make 'N' Break rolls one die per turn.", "data.results"))
    if roll is None:
        return state  # another game's die, or a d6 for fun: nothing to score
    index, face = roll
    return _set_die(state, face, f"data.results.{index}.face")


def _on_die(state: dict[str, Any], data: dict[str, Any]) -> dict[str, Any]:
    check_builder(state, data)
    return _set_die(state, data.get("face"), "data.face")


def _set_die(state: dict[str, Any], face: Any, field: str) -> dict[str, Any]:
    _check_not_over(state)
    if state["options"]["variant"] == "no-dice":
        raise RuleError("no_dice_variant", "The No-Dice variant plays without the die: the timer is always on "
                        "{no_dice_setting}.", field, no_dice_setting=state['options']['no_dice_setting'])
    if state["phase"] == "bonus":
        raise RuleError("bonus_owed", "The \"10\" bonus build runs with the timer on 1: no die roll.", field)
    if state["phase"] != "roll":
        raise RuleError("already_rolled", "The die is already rolled for this turn; undo the roll to change it.",
                        field)
    if face is None:
        raise RuleError("bad_face", "Say what the die shows: 1, 2 or 3.", field)
    if not is_int(face) or face not in DIE_FACES:
        raise RuleError("bad_face", "The Make 'N' Break die has no {face}: it shows 1, 2 or 3.", field, face=face)
    new = evolve_turn(state)
    turn = new["turn"]
    turn["die"] = face
    turn["build_setting"] = face
    turn["timer_setting"] = face
    turn["timer_seconds"] = _seconds(new["options"], face)
    new["phase"] = "build"
    return new


def _on_card(state: dict[str, Any], data: dict[str, Any]) -> dict[str, Any]:
    _check_building(state, data)
    kind = data.get("kind")
    check_card_kind(kind, CARD_KINDS)
    completed = _card_completed(kind, data)
    _check_card_in_deck(state, kind)
    value = _card_value(kind, data.get("points"), completed, state["options"].get("extreme_points", "card"))
    if kind == "ten":
        _check_ten_allowed(state)
    new = evolve_turn(state)
    turn = new["turn"]
    # A "10" card's outcome is its bonus build, so its own completed stays empty.
    turn["cards"].append({"kind": kind, "points": value, "completed": None if kind == "ten" else completed})
    _score_card(turn, kind, value, completed)
    return new


def _card_completed(kind: str, data: dict[str, Any]) -> bool:
    if kind == "ten":
        # The "10" card is set aside when revealed; it is built (or not) after the turn.
        if "completed" in data:
            raise RuleError("ten_set_aside", "A \"10\" card is set aside when it shows up; its bonus build is "
                            "scored after the turn.", "data.completed")
        return False
    completed = data.get("completed", True)
    if not isinstance(completed, bool):
        raise RuleError("bad_completed", "Say whether the card was completed: true or false.", "data.completed")
    return completed


def _check_card_in_deck(state: dict[str, Any], kind: str) -> None:
    """A card is turned at most once a turn: the deck's size and its one-off cards bound a turn."""
    cards = state["turn"]["cards"]
    deck = DECK - (MAX_TENS_PER_TURN if state["options"]["variant"] == "no-dice" else 0)
    if len(cards) >= deck:
        raise RuleError("deck_used_up", "The deck has {deck} cards and this turn has turned them all; end the turn.",
                        "data.kind", deck=deck)
    if kind == "left-arrow" and sum(1 for c in cards if c["kind"] == "left-arrow") >= LEFT_ARROW_CARDS:
        raise RuleError("one_left_arrow", "The box has one '4 ←' card; it can be completed once a turn.",
                        "data.kind")


def _card_value(kind: str, points: Any, completed: bool, extreme_points: str = "card") -> int | None:
    """The points printed on the card, checked against what the card can show."""
    if kind in ("extreme-4", "extreme-5") and extreme_points == "printed":
        if points is None and not completed:
            return None
        if not is_int(points) or points not in EXTREME_PRINTED:
            raise RuleError("bad_points", "Enter the points printed on the {card}: 1 to 5.",
                            "data.points", card=CARD_NAMES[kind])
        return points
    if kind in FIXED_VALUES:
        fixed = FIXED_VALUES[kind]
        if points is not None and points != fixed:
            raise RuleError("bad_points", "A {card} is worth {fixed}; leave points out.", "data.points",
                            card=CARD_NAMES[kind], fixed=fixed)
        return fixed
    if points is None and not completed:
        return None  # an unfinished card scores nothing, whatever it printed
    if not is_int(points) or points not in PRINTED_POINTS:
        raise RuleError("bad_points", "A {card} prints 1, 2 or 3 points.", "data.points", card=CARD_NAMES[kind])
    return points


def _check_ten_allowed(state: dict[str, Any]) -> None:
    if state["options"]["variant"] == "no-dice":
        raise RuleError("no_tens", "The No-Dice variant removes both \"10\" cards from the deck.", "data.kind")
    if state["turn"]["tens_set_aside"] >= MAX_TENS_PER_TURN:
        raise RuleError("no_more_tens", "The deck has only two \"10\" cards; both are already set aside.",
                        "data.kind")


def _score_card(turn: dict[str, Any], kind: str, value: int | None, completed: bool) -> None:
    if kind == "ten":
        turn["tens_set_aside"] += 1
        return
    if not completed or value is None:
        return
    turn["points"][turn["builder"]] += value
    if kind == "left-arrow":
        turn["points"][turn["left_neighbour"]] += value


def _on_end_turn(state: dict[str, Any], data: dict[str, Any]) -> dict[str, Any]:
    _check_building(state, data)
    new = evolve_turn(state)
    turn = new["turn"]
    if turn["tens_set_aside"]:
        # The bonus build comes after the regular time, with the timer on 1.
        new["phase"] = "bonus"
        turn["bonus_owed"] = turn["tens_set_aside"]
        turn["timer_setting"] = BONUS_SETTING
        turn["timer_seconds"] = _seconds(new["options"], BONUS_SETTING)
        return new
    _close_turn(new)
    return new


def _on_bonus(state: dict[str, Any], data: dict[str, Any]) -> dict[str, Any]:
    _check_not_over(state)
    check_builder(state, data)
    if state["phase"] != "bonus":
        if state["phase"] == "build" and state["turn"]["tens_set_aside"]:
            raise RuleError("turn_not_over", "The \"10\" bonus build comes after the turn: end the turn first.",
                            "type")
        raise RuleError("no_bonus", "No \"10\" card was set aside this turn, so there is no bonus build.", "type")
    completed = data.get("completed")
    if not isinstance(completed, bool):
        raise RuleError("bad_completed", "Say whether the bonus build was completed: true or false.",
                        "data.completed")
    new = evolve_turn(state)
    turn = new["turn"]
    turn["bonus_builds"].append(completed)
    turn["bonus_owed"] -= 1
    if completed:
        turn["points"][turn["builder"]] += TEN_BONUS
    if turn["bonus_owed"] == 0:
        _close_turn(new)
    return new


def timer_setting(state: dict[str, Any]) -> tuple[str, int] | None:
    """The moment and the seconds the shared timer should be set to, or None.

    The table sets its timer whenever the moment changes: after the die is
    rolled (or at the start of a No-Dice turn), and for each "10" bonus build.
    """
    turn = state.get("turn")
    last = state.get("last_turn")
    if last is not None and (turn is None or state["phase"] == "roll"):
        # The turn is over: STOP, as before every new turn (a bonus build's time ends with it).
        setting = BONUS_SETTING if last["bonus_builds"] else last["timer_setting"]
        return f"after turn {last['number']}", _seconds(state["options"], setting)
    if not turn or turn["timer_seconds"] is None:
        return None
    moment = f"turn {turn['number']} build"
    if state["phase"] == "bonus":
        moment = f"turn {turn['number']} bonus {len(turn['bonus_builds']) + 1}"
    return moment, turn["timer_seconds"]


_HANDLERS = {"roll": _on_roll, "die": _on_die, "card": _on_card, "end_turn": _on_end_turn, "bonus": _on_bonus}


# --- checks ------------------------------------------------------------------------------------


def _check_not_over(state: dict[str, Any]) -> None:
    if state["finished"]:
        raise RuleError("game_over", "The game is over; undo the last turn to change it.", "type")


def _check_building(state: dict[str, Any], data: dict[str, Any]) -> None:
    """Cards and end_turn belong to the build phase: after the roll, before any bonus build."""
    _check_not_over(state)
    check_builder(state, data)
    if state["phase"] == "roll":
        raise RuleError("roll_first", "Roll the die first: it sets the timer.", "type")
    if state["phase"] == "bonus":
        raise RuleError("bonus_owed", "Score the \"10\" bonus build first (completed or not).", "type")


# --- closing a turn and choosing the next builder ----------------------------------------------


def _close_turn(state: dict[str, Any]) -> None:
    turn = state["turn"]
    summary = {
        "number": turn["number"],
        "stage": turn["stage"],
        "round": turn["round"],
        "builder": turn["builder"],
        "timer_runner": turn["timer_runner"],
        "left_neighbour": turn["left_neighbour"],
        "die": turn["die"],
        "timer_setting": turn["build_setting"],
        "cards": turn["cards"],
        "bonus_builds": turn["bonus_builds"],
        "points": turn["points"],
        "chips_to_take": [chips(p) for p in turn["points"]],  # from the bank, per seat
        "totals": [t + p for t, p in zip(state["totals"], turn["points"], strict=True)],
    }
    record_turn(state, summary)
    state["turns_played"] = len(state["history"])
    state["totals"] = list(summary["totals"])
    state["chips"] = [chips(t) for t in state["totals"]]
    _add_to_score_table(state, summary)
    state["turn"] = None
    _next_builder(state)


def _add_to_score_table(state: dict[str, Any], summary: dict[str, Any]) -> None:
    stage, round_no = summary["stage"], summary["round"]
    for row in state["score_table"]:
        if row["stage"] == stage and row["round"] == round_no:
            row["points"] = [a + b for a, b in zip(row["points"], summary["points"], strict=True)]
            return
    label = N_("Round {round}", round=round_no) if stage == "rounds" else N_("Sudden death {round}", round=round_no)
    state["score_table"].append(with_said({"label": "", "stage": stage, "round": round_no,
                                           "points": list(summary["points"])}, label=label))


def _turns_in(state: dict[str, Any], stage: str, round_no: int | None = None) -> int:
    return sum(1 for t in state["history"] if t["stage"] == stage and round_no in (None, t["round"]))


def _next_builder(state: dict[str, Any]) -> None:
    count = len(state["seats"])
    if state["stage"] == "rounds":
        done = _turns_in(state, "rounds")
        if done < state["options"]["rounds"] * count:
            _start_turn(state, seat=done % count, stage="rounds", round_no=done // count + 1)
            return
        _settle(state, leaders(state["totals"], range(count)), next_round=1)
        return
    sudden = state["sudden_death"]
    built = _turns_in(state, "sudden-death", sudden["round"])
    if built < len(sudden["contenders"]):
        _start_turn(state, seat=sudden["contenders"][built], stage="sudden-death", round_no=sudden["round"])
        return
    _settle(state, leaders(state["totals"], sudden["contenders"]), next_round=sudden["round"] + 1)


def _settle(state: dict[str, Any], ahead: list[int], next_round: int) -> None:
    """One leader wins; a tie for the lead plays another sudden-death round among the tied."""
    if len(ahead) == 1:
        state["finished"] = True
        state["phase"] = "finished"
        state["winners"] = ahead
        state["builder"] = state["timer_runner"] = state["left_neighbour"] = None
        return
    state["stage"] = "sudden-death"
    state["sudden_death"] = {"round": next_round, "contenders": ahead}
    _start_turn(state, seat=ahead[0], stage="sudden-death", round_no=next_round)


# --- results -----------------------------------------------------------------------------------


def result(state: dict[str, Any], **_: Any) -> Result:
    names = state["seats"]
    players = [_player_result(state, seat) for seat in range(len(names))]
    ahead = _current_leaders(state)
    return Result(
        game=id,
        players=players,
        winners=[names[s] for s in state["winners"]] if state["finished"] else [],
        finished=state["finished"],
        reason=_reason(state),
        extra={
            "variant": state["options"]["variant"],
            "rounds": state["options"]["rounds"],
            "stage": state["stage"],
            "leaders": [names[s] for s in ahead],
            # copies, so that changing a result can never reach back into the cached state
            "score_table": [dict(row, points=list(row["points"])) for row in state["score_table"]],
        },
    )


def _current_leaders(state: dict[str, Any]) -> list[int]:
    if state["finished"]:
        return list(state["winners"])
    if state["stage"] == "sudden-death":
        return leaders(state["totals"], state["sudden_death"]["contenders"])
    if not state["history"]:
        return []
    return leaders(state["totals"], range(len(state["seats"])))


def _player_result(state: dict[str, Any], seat: int) -> PlayerResult:
    names = state["seats"]
    lines: list[Line] = []
    for turn in state["history"]:
        lines.extend(_lines_for(turn, seat, names))
    per_stage = {"rounds": [], "sudden-death": []}
    for row in state["score_table"]:
        per_stage[row["stage"]].append(row["points"][seat])
    extra = {
        "chips": chips(state["totals"][seat]),
        "rounds": per_stage["rounds"],
        "sudden_death": per_stage["sudden-death"],
    }
    return PlayerResult(names[seat], state["totals"][seat], lines, extra)


def _lines_for(turn: dict[str, Any], seat: int, names: list[str]) -> list[Line]:
    """Why ``seat`` got points in ``turn``: its own cards, a left-arrow share, bonus builds."""
    when = (N_("Round {round}", round=turn["round"]) if turn["stage"] == "rounds"
            else N_("Sudden death {round}", round=turn["round"]))
    if turn["builder"] == seat:
        built = [c for c in turn["cards"] if c["completed"]]
        card_points = sum(c["points"] for c in built)
        lines = [Line(Np_("{when}: {count} card completed", "{when}: {count} cards completed", len(built),
                          when=when, count=len(built)), card_points)]
        for made in turn["bonus_builds"]:
            lines.append(Line(N_("{when}: \"10\" bonus build completed", when=when) if made
                              else N_("{when}: \"10\" bonus build missed", when=when), TEN_BONUS if made else 0))
        return lines
    if turn["left_neighbour"] == seat:
        arrows = sum(1 for c in turn["cards"] if c["kind"] == "left-arrow" and c["completed"])
        if arrows:
            return [Line(N_("{when}: left-arrow card built for {name}", when=when, name=names[turn["builder"]]),
                         arrows * LEFT_ARROW_EACH)]
    return []


def _reason(state: dict[str, Any]) -> Any:
    names = state["seats"]
    rounds = state["options"]["rounds"]
    if state["stage"] == "sudden-death":
        sudden = state["sudden_death"]
        contenders = names_and([names[s] for s in sudden["contenders"]])
        if state["finished"]:
            return N_("highest total after sudden-death round {round} between {names}", round=sudden["round"],
                      names=contenders)
        return N_("tie: sudden death needed between {names}", names=contenders)
    if state["finished"]:
        return Np_("highest total after {rounds} round", "highest total after {rounds} rounds", rounds, rounds=rounds)
    planned = rounds * len(names)
    turn = state["turn"]  # the turn due next: a sheet typed in part says whose is missing
    return Np_("So far: {played} of {planned} turns played ({rounds} round); next: {name}'s turn in round {round}",
               "So far: {played} of {planned} turns played ({rounds} rounds); next: {name}'s turn in round {round}",
               rounds, played=state["turns_played"], planned=planned, rounds=rounds, name=names[turn["builder"]],
               round=turn["round"])


# --- a whole game at once ----------------------------------------------------------------------


def score_sheet(sheet: dict[str, Any], **_: Any) -> Result:
    """Score a game typed in afterwards by replaying it through ``setup``/``apply`` (format: ``replay_sheet``)."""
    return result(replay_sheet(sheet))


def sheet_turns(sheet: dict[str, Any]) -> list[dict[str, Any]]:
    """Each turn of a recorded sheet's game in order: the builder's seat, the points the builder scored in it
    (cards, each scored as at the table, and "10" bonus builds), its stage and round.

    Read straight from the sheet, which ``score_sheet`` checked when it was recorded: replaying every event
    costs a copy of the state each, and a season's recap reads hundreds of sheets. A sheet with a sudden
    death (whose round numbers follow who is still in it) is replayed.
    """
    if _sheet_list(sheet, "sudden_death"):
        return [{"seat": turn["builder"], "points": turn["points"][turn["builder"]], "stage": turn["stage"],
                 "round": turn["round"]} for turn in replay_sheet(sheet)["history"]]
    names = _sheet_players(sheet.get("players"))
    extreme_points = sheet.get("extreme_points", "card")
    out = []
    for i, turn in enumerate(_sheet_list(sheet, "turns")):
        points = 0
        for card in turn.get("cards") or []:
            kind = card.get("kind")
            if kind == "ten":
                points += TEN_BONUS if card.get("completed") else 0
                continue
            completed = card.get("completed", True)
            value = _card_value(kind, card.get("points"), completed, extreme_points)
            points += value if completed and value is not None else 0
        out.append({"seat": names.index(turn.get("builder")), "points": points, "stage": "rounds",
                    "round": i // len(names) + 1})
    return out


def replay_sheet(sheet: dict[str, Any]) -> dict[str, Any]:
    """The state at the end of a game typed in afterwards, replayed through ``setup``/``apply``.

    ``{"variant"?: "standard"|"no-dice", "rounds"?: 5, "extreme_points"?: "card", "players": [names clockwise],
    "turns": [{"builder": name, "die"?: 1-3, "cards": [card…]}…], "sudden_death"?: [turn…]}``
    where a card is ``{"kind", "points"?, "completed"?}`` (left-arrow and ten say ``completed``).
    """
    if not isinstance(sheet, dict):
        raise RuleError("bad_sheet", "A score sheet must be an object.")
    names = _sheet_players(sheet.get("players"))
    options = {"variant": sheet.get("variant", "standard"),
               "rounds": sheet.get("rounds", _rounds_of(sheet.get("turns"), len(names)))}
    if "extreme_points" in sheet:
        options["extreme_points"] = sheet["extreme_points"]
    state = set_up_sheet(setup, options, names)
    for i, turn in enumerate(_sheet_list(sheet, "turns")):
        if state["finished"] or state["stage"] != "rounds":
            total = state["options"]["rounds"] * len(names)
            raise RuleError("too_many_turns", "{rounds} rounds for {names_count} players are {total} turns; list "
                            "tie-break turns under sudden_death.", f"turns.{i}",
                            rounds=state['options']['rounds'], names_count=len(names), total=total)
        state = _replay_turn(state, turn, f"turns.{i}")
    tie_breaks = _sheet_list(sheet, "sudden_death")
    if len(tie_breaks) > MAX_SUDDEN_DEATH_TURNS:
        raise RuleError("bad_sheet", "sudden_death lists at most {most} tie-break turns.", "sudden_death",
                        most=MAX_SUDDEN_DEATH_TURNS)
    for i, turn in enumerate(tie_breaks):
        _check_sudden_death_due(state, f"sudden_death.{i}")
        state = _replay_turn(state, turn, f"sudden_death.{i}")
    return state


def _rounds_of(turns: Any, players: int) -> int:
    """A sheet that does not say its rounds: exactly three rounds of turns are a three-round game (see the
    decisions above); anything else is read against the default five."""
    return 3 if isinstance(turns, list) and len(turns) == 3 * players else DEFAULT_ROUNDS


def _sheet_players(players: Any) -> list[str]:
    return sheet_players(players, MIN_SEATS, MAX_SEATS, RuleError(
        "bad_players", "players must list {MIN_SEATS} to {MAX_SEATS} names, clockwise.", "players",
        MIN_SEATS=MIN_SEATS, MAX_SEATS=MAX_SEATS))


def _sheet_list(sheet: dict[str, Any], key: str) -> list[Any]:
    value = sheet.get(key)
    if value is None:
        return []
    if not isinstance(value, list):
        raise RuleError("bad_sheet", "{key} must be a list of turns.", key, key=key)
    return value


def _check_sudden_death_due(state: dict[str, Any], field: str) -> None:
    if state["stage"] == "sudden-death" and not state["finished"]:
        return
    if state["finished"]:
        reason = N_("the tie is already broken"
                    ) if state["stage"] == "sudden-death" else N_("nobody is tied for the lead")
        raise RuleError("no_sudden_death", "No sudden-death turn is due: {reason}.", field, reason=reason)
    raise RuleError("no_sudden_death", "Sudden death comes only after all rounds are played.", field)


def _replay_turn(state: dict[str, Any], turn: Any, path: str) -> dict[str, Any]:
    check_turn_builder(state, turn, path, RuleError("bad_turn", "A turn must be an object with builder and cards.",
                                                    path))
    if state["options"]["variant"] == "standard":
        state = replayed(apply, state, {"type": "die", "data": {"face": turn.get("die")}}, f"{path}.die")
    elif turn.get("die") is not None:
        raise RuleError("no_dice_variant", "The No-Dice variant plays without the die.", f"{path}.die")
    cards = turn.get("cards", [])
    if not isinstance(cards, list):
        raise RuleError("bad_cards", "cards must be a list.", f"{path}.cards")
    bonus_builds = []
    for j, card in enumerate(cards):
        card_path = f"{path}.cards.{j}"
        data = _sheet_card(card, card_path)
        if data.get("kind") == "ten":
            bonus_builds.append((data.pop("completed"), card_path))
        state = replayed(apply, state, {"type": "card", "data": data}, card_path)
    state = replayed(apply, state, {"type": "end_turn"}, path)
    for completed, card_path in bonus_builds:
        state = replayed(apply, state, {"type": "bonus", "data": {"completed": completed}}, card_path)
    return state


def _sheet_card(card: Any, path: str) -> dict[str, Any]:
    if not isinstance(card, dict):
        raise RuleError("bad_card", "A card must be an object with a kind.", path)
    data = {k: card[k] for k in ("kind", "points", "completed") if k in card}
    if card.get("kind") in ("left-arrow", "ten") and not isinstance(card.get("completed"), bool):
        raise RuleError("bad_completed", "Say whether this card was completed in time: true or false.",
                        f"{path}.completed")
    return data


# --- in a league (games/base.py) ------------------------------------------------------------------
# A table or sheet: its winners are the sudden death's. Typed in: chips are only ever taken from the
# supply, so a total is never below 0; the rulebook has no ceiling. Players level on chips at the top may
# be placed apart, because sudden death ("Ties are resolved by a sudden-death bonus round") decided them.
league_places = places_from_result  # a finished table or sheet: the game's winners first, then by total
places_from_scores = rank_sides  # a typed result: highest total first, ties share the place


def check_final(players: list[dict[str, Any]], **_: Any) -> None:
    league_check(players, game=name, min_players=MIN_SEATS, max_players=MAX_SEATS,
                 floor=0, floor_rule=N_("a total is the chips won from the supply, never below 0"),
                 tie_at_top_by_rule=N_("a tie for the lead is decided by sudden death"))


# --- what the services, the league and the phone read of this game (games/base.py Game) ----------

# Played by the registry-wide tests (tests/games/test_every_game.py).
SAMPLE = Sample(scores=(5, 9), events=(
    {"type": "die", "data": {"face": 2}}, {"type": "card", "data": {"kind": "standard", "points": 1}},
    {"type": "end_turn", "data": {}},
))


def dice_typed(kind: str, data: dict[str, Any]) -> list[dict[str, Any]] | None:
    """A real die typed in (a "die" event that the rules took) is this turn's roll on show."""
    return [{"die": DIE, "face": data["face"]}] if kind == "die" else None


GAME = Game(
    id=id, name=name, MIN_SEATS=MIN_SEATS, MAX_SEATS=MAX_SEATS, OPTIONS=OPTIONS, EVENT_FIELDS=EVENT_FIELDS,
    catalogue=catalogue, setup=setup, apply=apply, result=result, score_sheet=score_sheet,
    league_places=league_places, places_from_scores=places_from_scores, check_final=check_final,
    timer_setting=timer_setting,
    turn_seat=turn_seat, DICE=DICE, FIRST_SEAT_STARTS=True, rename_players=renaming_builders("turns", "sudden_death"),
    SAMPLE=SAMPLE,
    dice_typed=dice_typed,
)
