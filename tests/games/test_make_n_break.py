"""Make 'N' Break Extreme: rulebook examples first, then every card, refusal and variant."""

from __future__ import annotations

import copy
import json

import pytest
from support import english

from scorekeeper.games import make_n_break as mnb
from scorekeeper.games.base import RuleError

PLAYERS = ["Ann", "Ben", "Cy"]


# --- helpers: the events a phone sends ---------------------------------------------------------


def roll(face, die="make-n-break"):
    return {"type": "roll", "data": {"dice": [die], "results": [{"die": die, "face": face}]}}


def die(face):
    return {"type": "die", "data": {"face": face}}


def card(kind, points=None, **more):
    data = {"kind": kind, **more}
    if points is not None:
        data["points"] = points
    return {"type": "card", "data": data}


def bonus(completed):
    return {"type": "bonus", "data": {"completed": completed}}


END = {"type": "end_turn"}


def play(events, seats=PLAYERS, **options):
    state = mnb.setup(options, list(seats))
    for event in events:
        state = mnb.apply(state, event)
    return state


def turn(face, *cards_and_more):
    """One whole turn: roll, the given events, end_turn (bonus builds go after)."""
    cards = [e for e in cards_and_more if e["type"] == "card"]
    after = [e for e in cards_and_more if e["type"] == "bonus"]
    return [roll(face), *cards, END, *after]


def quiet_turn(face=1):
    return [roll(face), END]


def refused(events, bad, seats=PLAYERS, **options):
    state = play(events, seats, **options)
    with pytest.raises(RuleError) as caught:
        mnb.apply(state, bad)
    return caught.value


# --- the module follows the protocol -----------------------------------------------------------


def test_catalogue_and_attributes():
    assert (mnb.id, mnb.name, mnb.MIN_SEATS, mnb.MAX_SEATS) == ("make-n-break", "Make 'N' Break Extreme", 2, 9)
    entry = mnb.GAME.describe()
    assert entry["id"] == "make-n-break"
    assert {o["name"]: o["default"] for o in entry["options"]} == {
        "variant": "standard", "rounds": 5, "no_dice_setting": 3, "seconds_1": 30, "seconds_2": 40, "seconds_3": 50,
        "extreme_points": "card",
    }
    assert [v["id"] for v in entry["variants"]] == ["standard", "no-dice"]


def test_apply_never_mutates_and_state_is_json():
    state = play([roll(2), card("standard", 2)])
    before = copy.deepcopy(state)
    after = mnb.apply(state, card("left-arrow", completed=True))
    assert state == before
    assert json.loads(json.dumps(after)) == after


# --- rulebook flow: roll, timer, cards, turn passes clockwise ----------------------------------


@pytest.mark.parametrize("face, seconds", [(1, 30), (2, 40), (3, 50)])
def test_roll_sets_the_timer_from_the_die(face, seconds):
    state = play([roll(face)])
    assert state["phase"] == "build"
    assert (state["turn"]["die"], state["turn"]["timer_setting"], state["turn"]["timer_seconds"]) == (
        face, face, seconds)


def test_typed_in_die_and_seconds_options():
    state = play([die(2)], seconds_2=45)
    assert state["turn"]["timer_seconds"] == 45


def test_other_dice_are_ignored():
    state = play([])
    assert mnb.apply(state, roll(6, die="d6")) == state


def test_builder_rotates_clockwise_with_timer_runner_and_left_neighbour():
    # Seat 0 (the youngest) builds first; the right-hand neighbour (previous seat) runs the timer.
    seats = ["Ann", "Ben", "Cy", "Dee"]
    expected = [(0, 3, 1), (1, 0, 2), (2, 1, 3), (3, 2, 0), (0, 3, 1)]
    state = play([], seats)
    for number, (builder, runner, left) in enumerate(expected, start=1):
        assert (state["builder"], state["timer_runner"], state["left_neighbour"]) == (builder, runner, left)
        assert state["turn"]["number"] == number
        assert state["round"] == (number - 1) // 4 + 1
        for event in quiet_turn():
            state = mnb.apply(state, event)


# --- every card kind ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "event, points",
    [
        (card("standard", 1), [1, 0, 0]),
        (card("standard", 2), [2, 0, 0]),
        (card("standard", 3), [3, 0, 0]),
        (card("red-hand", 1), [1, 0, 0]),
        (card("red-hand", 3), [3, 0, 0]),
        (card("extreme-4"), [4, 0, 0]),
        (card("extreme-4", 4), [4, 0, 0]),
        (card("extreme-5"), [5, 0, 0]),
        # "4 with left arrow": builder and left neighbour (Ben, the next seat) both get 2.
        (card("left-arrow", completed=True), [2, 2, 0]),
        (card("left-arrow", completed=False), [0, 0, 0]),
        (card("left-arrow"), [2, 2, 0]),  # a tapped card means completed
        # Unfinished cards score nothing.
        (card("standard", 3, completed=False), [0, 0, 0]),
        (card("standard", completed=False), [0, 0, 0]),
        (card("red-hand", 2, completed=False), [0, 0, 0]),
        (card("extreme-5", completed=False), [0, 0, 0]),
    ],
)
def test_each_card_kind_scores(event, points):
    state = play([roll(3), event, END])
    assert state["last_turn"]["points"] == points
    assert state["totals"] == points


def test_left_arrow_pays_the_next_seat_even_across_the_table_end():
    # Cy (seat 2) builds; the left neighbour is Ann (seat 0).
    state = play([*quiet_turn(), *quiet_turn(), roll(1), card("left-arrow", completed=True), END])
    assert state["last_turn"]["builder"] == 2
    assert state["totals"] == [2, 0, 2]
    ann = mnb.result(state).players[0]
    assert [(line.label, line.points) for line in ann.lines] == [
        ("Round 1: 0 cards completed", 0), ("Round 1: left-arrow card built for Cy", 2)]


def test_left_arrow_with_two_players_pays_both():
    state = play([roll(2), card("left-arrow", completed=True), END], seats=["Ann", "Ben"])
    assert state["totals"] == [2, 2]


# --- the "10" card and its bonus build ---------------------------------------------------------


def test_ten_card_is_set_aside_then_bonus_build_with_timer_on_1():
    state = play([roll(3), card("ten"), card("standard", 2)])
    assert state["turn"]["tens_set_aside"] == 1
    assert state["turn"]["points"] == [2, 0, 0]  # nothing for the "10" yet
    state = mnb.apply(state, END)
    assert state["phase"] == "bonus"
    assert state["builder"] == 0  # still Ann's turn
    assert (state["turn"]["timer_setting"], state["turn"]["timer_seconds"], state["turn"]["bonus_owed"]) == (1, 30, 1)
    state = mnb.apply(state, bonus(True))
    assert state["totals"] == [7, 0, 0]
    assert state["phase"] == "roll" and state["builder"] == 1
    assert state["last_turn"]["bonus_builds"] == [True]
    assert state["last_turn"]["timer_setting"] == 3  # the regular setting stays on record


def test_missed_bonus_build_scores_nothing():
    state = play([roll(1), card("ten"), END, bonus(False)])
    assert state["totals"] == [0, 0, 0]
    assert state["builder"] == 1


def test_bonus_seconds_follow_the_seconds_1_option():
    state = play([roll(3), card("ten"), END], seconds_1=20)
    assert state["turn"]["timer_seconds"] == 20


def test_two_tens_in_one_turn_give_two_bonus_builds():
    state = play([roll(3), card("ten"), card("ten"), END, bonus(True)])
    assert state["phase"] == "bonus" and state["turn"]["bonus_owed"] == 1
    state = mnb.apply(state, bonus(True))
    assert state["totals"] == [10, 0, 0]
    assert state["builder"] == 1


# --- chips -------------------------------------------------------------------------------------


def test_chips_23_points_are_two_tens_and_three_ones():
    cards = [card("extreme-5")] * 4 + [card("standard", 3)]
    state = play([roll(3), *cards, END])
    assert state["last_turn"]["points"][0] == 23
    assert state["last_turn"]["chips_to_take"][0] == {"tens": 2, "ones": 3}
    assert state["chips"][0] == {"tens": 2, "ones": 3}
    assert mnb.result(state).to_dict()["players"][0]["chips"] == {"tens": 2, "ones": 3}


def test_chip_holding_follows_the_running_total():
    state = play([
        *turn(3, card("extreme-5"), card("extreme-4")), *quiet_turn(), *quiet_turn(),
        *turn(3, card("extreme-5"), card("standard", 3)),
    ])
    assert state["last_turn"]["chips_to_take"][0] == {"tens": 0, "ones": 8}
    assert state["totals"][0] == 17 and state["chips"][0] == {"tens": 1, "ones": 7}
    assert state["last_turn"]["totals"] == [17, 0, 0]


# --- rounds, score table, end of game ----------------------------------------------------------


@pytest.mark.parametrize("rounds", [1, 3, 5])
def test_rounds_option_ends_the_game(rounds):
    events = turn(1, card("standard", 1))  # Ann leads, so no tie
    events += quiet_turn() * (rounds * 3 - 1)
    state = play(events, rounds=rounds)
    assert state["finished"] and state["phase"] == "finished"
    assert state["turns_played"] == rounds * 3
    outcome = mnb.result(state)
    assert outcome.winners == ["Ann"]
    assert outcome.reason == f"highest total after {rounds} round" + ("s" if rounds > 1 else "")
    assert [row["label"] for row in state["score_table"]] == [f"Round {r}" for r in range(1, rounds + 1)]
    assert outcome.to_dict()["players"][0]["rounds"] == [1] + [0] * (rounds - 1)


def test_lines_explain_every_total():
    events = [
        *turn(3, card("standard", 3), card("left-arrow", completed=True), card("ten"), bonus(True)),
        *turn(2, card("red-hand", 2), card("left-arrow", completed=True)),
        *turn(1, card("extreme-4")),
    ]
    state = play(events, rounds=1)
    outcome = mnb.result(state)
    assert [p.total for p in outcome.players] == [10, 6, 6]
    for player in outcome.players:
        assert sum(line.points for line in player.lines) == player.total
    assert [(line.label, line.points) for line in outcome.players[0].lines] == [
        ("Round 1: 2 cards completed", 5),
        ("Round 1: \"10\" bonus build completed", 5),
    ]


def test_game_over_refuses_more_turns():
    state = play(turn(1, card("standard", 1)) + quiet_turn(), seats=["Ann", "Ben"], rounds=1)
    assert state["finished"] and state["turn"] is None
    for event in (roll(2), die(2), card("standard", 1), END, bonus(True)):
        with pytest.raises(RuleError) as caught:
            mnb.apply(state, event)
        assert caught.value.code == "game_over"
    assert mnb.apply(state, roll(4, die="d6")) == state


# --- tie for the lead: sudden death ------------------------------------------------------------


def test_tie_after_last_round_starts_sudden_death_among_the_tied():
    events = [*turn(1, card("standard", 3)), *turn(1, card("standard", 3)), *turn(1, card("standard", 1))]
    state = play(events, rounds=1)
    assert not state["finished"]
    assert state["stage"] == "sudden-death"
    assert state["sudden_death"] == {"round": 1, "contenders": [0, 1]}
    assert state["builder"] == 0 and state["phase"] == "roll"
    outcome = mnb.result(state)
    assert (outcome.finished, outcome.winners, outcome.reason) == (
        False, [], "tie: sudden death needed between Ann and Ben")
    state = play(events + turn(2, card("standard", 2)), rounds=1)
    assert state["builder"] == 1  # Cy is not in the tie: Ben builds next
    state = play(events + turn(2, card("standard", 2)) + turn(2, card("standard", 1)), rounds=1)
    outcome = mnb.result(state)
    assert state["finished"] and outcome.winners == ["Ann"]
    assert outcome.reason == "highest total after sudden-death round 1 between Ann and Ben"
    assert [row["label"] for row in state["score_table"]] == ["Round 1", "Sudden death 1"]
    assert outcome.to_dict()["players"][0]["sudden_death"] == [2]


def test_sudden_death_repeats_while_still_tied_and_narrows():
    events = [*turn(1, card("standard", 2))] * 3  # a three-way tie on 2
    events += turn(1, card("standard", 1)) + turn(1, card("standard", 3)) + turn(1, card("standard", 3))
    state = play(events, rounds=1)
    assert state["sudden_death"] == {"round": 2, "contenders": [1, 2]}
    assert state["builder"] == 1
    state = play(events + quiet_turn() + turn(1, card("standard", 1)), rounds=1)
    assert state["finished"] and mnb.result(state).winners == ["Cy"]


def test_left_arrow_in_sudden_death_cannot_make_an_outsider_win():
    # Ann and Ben tie on 3; Cy has 2 and gets 2 from Ben's left-arrow card in sudden death.
    events = turn(1, card("standard", 3)) + turn(1, card("standard", 3)) + turn(1, card("standard", 2))
    events += quiet_turn() + turn(1, card("left-arrow", completed=True))
    state = play(events, rounds=1)
    outcome = mnb.result(state)
    assert state["totals"] == [3, 5, 4]
    assert outcome.winners == ["Ben"]


# --- refusals ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "before, bad, code, field",
    [
        ([], card("standard", 2), "roll_first", "type"),
        ([], END, "roll_first", "type"),
        ([], bonus(True), "no_bonus", "type"),
        ([], roll(4), "bad_face", "data.results.0.face"),
        ([], die(0), "bad_face", "data.face"),
        ([], die("2"), "bad_face", "data.face"),
        ([], {"type": "roll", "data": {"dice": ["make-n-break"] * 2, "results": [
            {"die": "make-n-break", "face": 1}, {"die": "make-n-break", "face": 2}]}}, "one_die", "data.results"),
        ([roll(2)], roll(3), "already_rolled", "data.results.0.face"),
        ([roll(2)], card("standard", 4), "bad_points", "data.points"),
        ([roll(2)], card("standard", 0), "bad_points", "data.points"),
        ([roll(2)], card("standard"), "bad_points", "data.points"),
        ([roll(2)], card("red-hand", 5), "bad_points", "data.points"),
        ([roll(2)], card("extreme-4", 5), "bad_points", "data.points"),
        ([roll(2)], card("extreme-5", 4), "bad_points", "data.points"),
        ([roll(2)], card("left-arrow", 4, completed=True), "bad_points", "data.points"),
        ([roll(2)], card("joker"), "bad_card", "data.kind"),
        ([roll(2)], card("standard", 2, completed="yes"), "bad_completed", "data.completed"),
        ([roll(2)], card("ten", completed=True), "ten_set_aside", "data.completed"),
        ([roll(2), card("ten"), card("ten")], card("ten"), "no_more_tens", "data.kind"),
        ([roll(2), card("ten")], bonus(True), "turn_not_over", "type"),
        ([roll(2), card("ten"), END], card("standard", 1), "bonus_owed", "type"),
        ([roll(2), card("ten"), END], END, "bonus_owed", "type"),
        ([roll(2), card("ten"), END], roll(1), "bonus_owed", "data.results.0.face"),
        ([roll(2), card("ten"), END], bonus("yes"), "bad_completed", "data.completed"),
        ([roll(2)], {"type": "end_turn", "data": {"builder": 1}}, "not_your_turn", "data.builder"),
        ([roll(2)], card("standard", 1, builder=2), "not_your_turn", "data.builder"),
        ([], {"type": "die", "data": {"face": 2, "builder": True}}, "not_your_turn", "data.builder"),
        ([], {"type": "shuffle"}, "unknown_event", "type"),
        ([], {"data": {}}, "unknown_event", "type"),
        ([], {"type": "card", "data": [1]}, "bad_event", "data"),
    ],
)
def test_refusals(before, bad, code, field):
    err = refused(before, bad)
    assert (err.code, err.field) == (code, field)
    assert err.message and err.message[0].isupper()


def test_correct_builder_seat_is_accepted():
    state = play([roll(2), card("standard", 1, builder=0), {"type": "end_turn", "data": {"builder": 0}}])
    assert state["totals"] == [1, 0, 0]


@pytest.mark.parametrize(
    "options, seats, field",
    [
        ({"rounds": 0}, PLAYERS, "options.rounds"),
        ({"rounds": 11}, PLAYERS, "options.rounds"),
        ({"variant": "speed"}, PLAYERS, "options.variant"),
        ({"no_dice_setting": 4}, PLAYERS, "options.no_dice_setting"),
        ({"colour": "red"}, PLAYERS, "options.colour"),
        ({}, ["Ann"], "seats"),
        ({}, [f"P{i}" for i in range(10)], "seats"),
    ],
)
def test_setup_refusals(options, seats, field):
    with pytest.raises(RuleError) as caught:
        mnb.setup(options, seats)
    assert caught.value.field == field


@pytest.mark.parametrize("count", [2, 9])
def test_seat_limits(count):
    assert len(mnb.setup({}, [f"P{i}" for i in range(count)])["totals"]) == count


# --- No-Dice variant ---------------------------------------------------------------------------


def test_no_dice_variant_builds_at_once_with_the_fixed_setting():
    state = play([], variant="no-dice")
    assert state["phase"] == "build"
    assert (state["turn"]["die"], state["turn"]["timer_setting"], state["turn"]["timer_seconds"]) == (None, 3, 50)
    state = play([card("extreme-4"), END], variant="no-dice", no_dice_setting=2)
    assert state["totals"] == [4, 0, 0]
    assert state["phase"] == "build" and state["turn"]["timer_seconds"] == 40


@pytest.mark.parametrize(
    "bad, code",
    [(card("ten"), "no_tens"), (die(2), "no_dice_variant"), (roll(2), "no_dice_variant")],
)
def test_no_dice_variant_refuses_the_die_and_the_tens(bad, code):
    assert refused([], bad, variant="no-dice").code == code


def test_no_dice_variant_ignores_other_dice():
    state = play([], variant="no-dice")
    assert mnb.apply(state, roll(5, die="d6")) == state


# --- score sheets ------------------------------------------------------------------------------


def sheet_turn(builder, die_face, *cards):
    return {"builder": builder, "die": die_face, "cards": list(cards)}


def full_sheet(rounds=1, **more):
    """Ann 23 (with the brief's example turn), Ben 2 from the left arrow, Cy 3."""
    turns = [
        sheet_turn("Ann", 2, {"kind": "standard", "points": 2}, {"kind": "red-hand", "points": 3},
                   {"kind": "extreme-4"}, {"kind": "extreme-5"}, {"kind": "left-arrow", "completed": True},
                   {"kind": "ten", "completed": True}),
        sheet_turn("Ben", 1),
        sheet_turn("Cy", 3, {"kind": "standard", "points": 3}, {"kind": "ten", "completed": False}),
    ]
    return {"variant": "standard", "rounds": rounds, "players": list(PLAYERS), "turns": turns, **more}


def test_score_sheet_replays_the_example_turn():
    outcome = english(mnb.score_sheet(full_sheet()).to_dict())
    assert outcome["game"] == "make-n-break"
    assert outcome["finished"] is True and outcome["winners"] == ["Ann"]
    assert [p["total"] for p in outcome["players"]] == [21, 2, 3]
    assert outcome["players"][0]["chips"] == {"tens": 2, "ones": 1}
    assert outcome["players"][0]["rounds"] == [21]
    assert outcome["players"][1]["lines"] == [
        {"label": "Round 1: left-arrow card built for Ann", "points": 2},
        {"label": "Round 1: 0 cards completed", "points": 0},
    ]
    assert outcome["players"][2]["lines"][-1] == {"label": "Round 1: \"10\" bonus build missed", "points": 0}


def test_score_sheet_partial_game():
    sheet = full_sheet(rounds=2)
    outcome = mnb.score_sheet(sheet)
    assert not outcome.finished and outcome.winners == []
    assert outcome.reason == "So far: 3 of 6 turns played (2 rounds); next: Ann's turn in round 2"


def three_rounds(players=("Ann", "Ben")):
    """Three rounds in which the first player completes a 2-point card each turn and the others a 1."""
    return [sheet_turn(name, 1, {"kind": "standard", "points": 2 if name == players[0] else 1})
            for _ in range(3) for name in players]


def test_a_sheet_that_does_not_say_its_rounds_is_read_from_its_turns_when_that_is_unambiguous():
    # "After three rounds, the player with the most points is the champion builder" and "after five
    # rounds": three whole rounds of turns are a three-round game, five whole rounds a five-round one.
    three = mnb.score_sheet({"players": ["Ann", "Ben"], "turns": three_rounds()})
    assert (three.finished, three.reason) == (True, "highest total after 3 rounds")
    five = mnb.score_sheet({"players": ["Ann", "Ben"], "turns": three_rounds() + three_rounds()[:4]})
    assert (five.finished, five.reason) == (True, "highest total after 5 rounds")
    four = mnb.score_sheet({"players": ["Ann", "Ben"], "turns": three_rounds() + three_rounds()[:2]})
    assert not four.finished  # four rounds are neither: five are planned, as when rounds is unsaid
    assert four.reason == "So far: 8 of 10 turns played (5 rounds); next: Ann's turn in round 5"
    stated = mnb.score_sheet({"players": ["Ann", "Ben"], "rounds": 5, "turns": three_rounds()})
    assert not stated.finished  # a sheet that says its rounds is taken at its word


def test_score_sheet_tie_needs_sudden_death_then_takes_it():
    sheet = {"players": ["Ann", "Ben"], "rounds": 1, "turns": [
        sheet_turn("Ann", 1, {"kind": "standard", "points": 2}),
        sheet_turn("Ben", 1, {"kind": "red-hand", "points": 2}),
    ]}
    outcome = mnb.score_sheet(sheet)
    assert (outcome.finished, outcome.reason) == (False, "tie: sudden death needed between Ann and Ben")
    sheet["sudden_death"] = [sheet_turn("Ann", 3), sheet_turn("Ben", 2, {"kind": "standard", "points": 1})]
    outcome = mnb.score_sheet(sheet)
    assert outcome.finished and outcome.winners == ["Ben"]
    assert [p.total for p in outcome.players] == [2, 3]


def test_score_sheet_no_dice_variant():
    sheet = {"variant": "no-dice", "rounds": 1, "players": ["Ann", "Ben"], "turns": [
        {"builder": "Ann", "cards": [{"kind": "extreme-5"}]}, {"builder": "Ben", "cards": []}]}
    assert mnb.score_sheet(sheet).winners == ["Ann"]


@pytest.mark.parametrize(
    "change, code, field",
    [
        (lambda s: s["turns"][1].update(builder="Cy"), "wrong_builder", "turns.1.builder"),
        (lambda s: s["turns"][0].update(die=4), "bad_face", "turns.0.die"),
        (lambda s: s["turns"][0].pop("die"), "bad_face", "turns.0.die"),
        (lambda s: s["turns"][0]["cards"][0].update(points=5), "bad_points", "turns.0.cards.0.points"),
        (lambda s: s["turns"][0]["cards"][4].pop("completed"), "bad_completed", "turns.0.cards.4.completed"),
        (lambda s: s["turns"][0]["cards"][5].pop("completed"), "bad_completed", "turns.0.cards.5.completed"),
        (lambda s: s["turns"][0]["cards"].extend([{"kind": "ten", "completed": True}] * 2), "no_more_tens",
         "turns.0.cards.7.kind"),
        (lambda s: s["turns"][0]["cards"].append({"kind": "wild"}), "bad_card", "turns.0.cards.6.kind"),
        (lambda s: s["turns"].append(sheet_turn("Ann", 1)), "too_many_turns", "turns.3"),
        (lambda s: s.update(sudden_death=[sheet_turn("Ann", 1)]), "no_sudden_death", "sudden_death.0"),
        (lambda s: s.update(rounds=0), "bad_option", "rounds"),
        (lambda s: [s.update(variant="no-dice")] + [t.pop("die") for t in s["turns"]], "no_tens",
         "turns.0.cards.5.kind"),
        (lambda s: s.update(players=["Ann", "Ann", "Cy"]), "duplicate_name", "players.1"),
        (lambda s: s.update(players=["Ann"]), "bad_players", "players"),
        (lambda s: s.update(turns={}), "bad_sheet", "turns"),
        (lambda s: s["turns"].__setitem__(0, "Ann"), "bad_turn", "turns.0"),
    ],
)
def test_score_sheet_refusals(change, code, field):
    sheet = full_sheet()
    change(sheet)
    with pytest.raises(RuleError) as caught:
        mnb.score_sheet(sheet)
    assert (caught.value.code, caught.value.field) == (code, field)


def test_score_sheet_no_dice_refuses_a_die():
    sheet = {"variant": "no-dice", "rounds": 1, "players": ["Ann", "Ben"], "turns": [{"builder": "Ann", "die": 2}]}
    with pytest.raises(RuleError) as caught:
        mnb.score_sheet(sheet)
    assert (caught.value.code, caught.value.field) == ("no_dice_variant", "turns.0.die")


def test_score_sheet_sudden_death_before_rounds_end_is_refused():
    sheet = full_sheet(rounds=2, sudden_death=[sheet_turn("Ann", 1)])
    with pytest.raises(RuleError) as caught:
        mnb.score_sheet(sheet)
    assert (caught.value.code, caught.value.field) == ("no_sudden_death", "sudden_death.0")


# --- what the box holds (issue 12) --------------------------------------------------------------


def test_a_turn_turns_at_most_the_80_cards_of_the_deck():
    state = play([roll(3), *[card("standard", 3)] * 80])
    assert state["turn"]["points"][0] == 240
    with pytest.raises(RuleError) as caught:
        mnb.apply(state, card("standard", 1))
    assert (caught.value.code, caught.value.field) == ("deck_used_up", "data.kind")
    assert "80 cards" in caught.value.message


def test_the_no_dice_deck_is_80_cards_less_the_two_tens():
    state = play([*[card("standard", 1)] * 78], variant="no-dice")
    with pytest.raises(RuleError) as caught:
        mnb.apply(state, card("standard", 1))
    assert "78 cards" in caught.value.message


@pytest.mark.parametrize("first_completed", [True, False])
def test_the_one_left_arrow_card_comes_once_a_turn(first_completed):
    state = play([roll(2), card("left-arrow", completed=first_completed)])
    with pytest.raises(RuleError) as caught:
        mnb.apply(state, card("left-arrow", completed=True))
    assert (caught.value.code, caught.value.field) == ("one_left_arrow", "data.kind")
    assert caught.value.message == "The box has one '4 ←' card; it can be completed once a turn."
    # The next turn has it again.
    after = play([roll(2), card("left-arrow", completed=True), END, roll(2), card("left-arrow", completed=True)])
    assert after["turn"]["points"] == [0, 2, 2]  # Ben builds it, Cy is his left neighbour


def test_the_sheet_refuses_81_cards_and_a_second_left_arrow():
    too_many = {"players": ["Ann", "Ben"], "rounds": 1,
                "turns": [{"builder": "Ann", "die": 3, "cards": [{"kind": "standard", "points": 3}] * 81}]}
    with pytest.raises(RuleError) as caught:
        mnb.score_sheet(too_many)
    assert (caught.value.code, caught.value.field) == ("deck_used_up", "turns.0.cards.80.kind")
    arrows = {"players": ["Ann", "Ben"], "rounds": 1,
              "turns": [{"builder": "Ann", "die": 3, "cards": [{"kind": "left-arrow", "completed": True}] * 3}]}
    with pytest.raises(RuleError) as caught:
        mnb.score_sheet(arrows)
    assert (caught.value.code, caught.value.field) == ("one_left_arrow", "turns.0.cards.1.kind")


def test_the_timer_stops_when_the_bonus_build_ends_the_turn():
    state = play([roll(3), card("ten"), END])
    assert mnb.timer_setting(state) == ("turn 1 bonus 1", 30)
    after = mnb.apply(state, bonus(True))
    # The next builder has not rolled yet: the timer is set (and so stopped), not left running.
    assert mnb.timer_setting(after) == ("after turn 1", 30)


def test_extreme_cards_can_take_their_printed_points():
    state = play([roll(3), card("extreme-4", 3), card("extreme-5", 5)], extreme_points="printed")
    assert state["turn"]["points"][0] == 8
    with pytest.raises(RuleError) as caught:
        mnb.apply(state, card("extreme-4", 6))
    assert (caught.value.code, caught.value.field) == ("bad_points", "data.points")
    assert play([roll(3), card("extreme-4")])["turn"]["points"][0] == 4  # by default, the card's number


def test_decisions_are_written_at_the_top_of_the_module():
    for words in ("80 construction cards", "'4 left-arrow'", "both '10' cards", "die"):
        assert words in mnb.__doc__


def test_a_table_started_before_the_extreme_points_option_still_plays():
    state = play([roll(2)])
    del state["options"]["extreme_points"]  # as stored by a table started before the option existed
    assert mnb.apply(state, card("extreme-5"))["turn"]["points"][0] == 5


def test_a_missing_face_is_asked_for_and_a_wrong_one_named():
    state = mnb.setup({}, ["Ann", "Ben"])
    with pytest.raises(RuleError) as missing:
        mnb.apply(state, die(None))
    assert missing.value.message == "Say what the die shows: 1, 2 or 3."
    with pytest.raises(RuleError) as wrong:
        mnb.apply(state, die(4))
    assert wrong.value.message == "The Make 'N' Break die has no 4: it shows 1, 2 or 3."


def test_an_action_for_a_turn_that_is_over_says_so_in_words_for_the_next_builder():
    """A phone that had not heard Ann's turn end (issue 24): on Ben's own phone "It is Ben's turn to build"
    read as if Ben had done something wrong; the refusal says whose turn is over and whose it is now."""
    err = refused([roll(2), {"type": "end_turn", "data": {"builder": 0}}], card("standard", 1, builder=0))
    assert (err.code, err.field) == ("not_your_turn", "data.builder")
    assert english(err.message) == "Ann's turn is over: it is Ben's turn to build now."
    # A builder that names no seat gets the plain words.
    err = refused([], {"type": "die", "data": {"face": 2, "builder": True}})
    assert english(err.message) == "It is Ann's turn to build."


def test_a_sheet_with_more_sudden_death_turns_than_a_game_can_take_is_refused_before_it_is_replayed():
    """Each replayed turn copies the state, which grows by a turn: 3,200 tie-break turns (a 130 KB request) took
    a minute of a worker's time. Ten tie-break rounds of the most players are more than any table plays."""
    tied = [sheet_turn("Ann", 1), sheet_turn("Ben", 1)]
    sheet = {"players": ["Ann", "Ben"], "rounds": 1, "turns": tied,
             "sudden_death": tied * (mnb.MAX_SUDDEN_DEATH_TURNS // 2)}
    assert not mnb.score_sheet(sheet).finished  # still level after as many tie-break turns as a sheet may list
    sheet["sudden_death"] = tied * 1600
    with pytest.raises(RuleError) as caught:
        mnb.score_sheet(sheet)
    assert (caught.value.code, caught.value.field) == ("bad_sheet", "sudden_death")
    assert caught.value.message == "sudden_death lists at most 90 tie-break turns."
