"""Make 'n' Break Würfelspiel: the rulebook's stopper calls and tower examples first."""

from __future__ import annotations

import copy
import json

import pytest
from support import english

from scorekeeper.games import wuerfelspiel as wsp
from scorekeeper.games.base import RuleError

PLAYERS = ["Ann", "Ben", "Cy"]  # clockwise, oldest first


# --- helpers: the events a phone sends ---------------------------------------------------------


def roll(face, die="stopper"):
    return {"type": "roll", "data": {"dice": [die], "results": [{"die": die, "face": face}]}}


def stopper(face):
    return {"type": "stopper", "data": {"face": face}}


def card(kind="standard", points=None, **more):
    data = {"kind": kind, **more}
    if points is not None:
        data["points"] = points
    return {"type": "card", "data": data}


END = {"type": "end_turn"}
TO_30 = [3] * 10  # the quickest way to "Stopp!"


def turn(*cards, rolls=TO_30):
    return [*(stopper(face) for face in rolls), *cards, END]


def play(events, seats=PLAYERS, **options):
    state = wsp.setup(options, list(seats))
    for event in events:
        state = wsp.apply(state, event)
    return state


# --- the module follows the protocol -----------------------------------------------------------


def test_catalogue_and_attributes():
    assert (wsp.id, wsp.name, wsp.MIN_SEATS, wsp.MAX_SEATS) == ("wuerfelspiel", "Make 'n' Break Würfelspiel", 2, 8)
    assert {o["name"]: o["default"] for o in wsp.GAME.describe()["options"]} == {
        "stopper": "app", "pace_ms": 1500, "turns_each": 3, "max_card_points": 10,
        "red_card_points": "number"}


def test_apply_never_mutates_and_state_is_json():
    state = play([stopper(2)])
    before = copy.deepcopy(state)
    after = wsp.apply(state, card(points=3))
    assert state == before
    assert json.loads(json.dumps(after)) == after


# --- the stopper -------------------------------------------------------------------------------


def test_rulebook_stopper_calls():
    # "2, 5, 6, 6, 8, 10, 10, 11…": each roll adds 1, 2, 3 or a blank (0).
    state = play([stopper(f) for f in (2, 3, 1, 0, 2, 2, 0, 1)])
    assert state["turn"]["running_totals"] == [2, 5, 6, 6, 8, 10, 10, 11]
    assert state["turn"]["stopper_total"] == 11 and not state["turn"]["stop"]


@pytest.mark.parametrize("rolls", [[3] * 10, [3] * 9 + [2, 1], [3] * 9 + [0, 0, 3], [2] * 14 + [3]])
def test_stopp_when_the_total_reaches_30(rolls):
    state = play([stopper(f) for f in rolls[:-1]])
    assert not state["turn"]["stop"]
    state = wsp.apply(state, stopper(rolls[-1]))
    assert state["turn"]["stop"] and state["turn"]["stopper_total"] >= 30


def test_app_rolls_count_and_other_dice_are_ignored():
    state = play([roll(3), roll(0), roll(2)])
    assert state["turn"]["rolls"] == [3, 0, 2]
    assert wsp.apply(state, roll(5, die="d6")) == state


def test_stopper_rolls_after_stopp_are_refused():
    state = play([stopper(3)] * 10)
    for event, field in ((stopper(1), "data.face"), (roll(1), "data.results.0.face")):
        with pytest.raises(RuleError) as caught:
            wsp.apply(state, event)
        assert (caught.value.code, caught.value.field) == ("stopp_called", field)


def test_cards_still_count_after_stopp_until_end_turn():
    state = play([stopper(3)] * 10 + [card(points=4), END])
    assert state["totals"] == [4, 0, 0]


# --- rotation ----------------------------------------------------------------------------------


def test_builder_passes_left_and_old_builder_becomes_stopper():
    # The oldest (seat 0) builds first; the right-hand neighbour (previous seat) is the stopper.
    expected = [(0, 2), (1, 0), (2, 1), (0, 2)]
    state = play([])
    for builder, stopper_seat in expected:
        assert (state["builder"], state["stopper"]) == (builder, stopper_seat)
        assert (state["turn"]["builder"], state["turn"]["stopper"]) == (builder, stopper_seat)
        for event in turn():
            state = wsp.apply(state, event)


def test_two_players_swap_builder_and_stopper():
    state = play([], seats=["Ann", "Ben"])
    assert (state["builder"], state["stopper"]) == (0, 1)
    state = play(turn(), seats=["Ann", "Ben"])
    assert (state["builder"], state["stopper"]) == (1, 0)


# --- cards -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "event, points",
    [(card(points=1), 1), (card(points=7), 7), (card(points=10), 10), (card("red-3"), 3), (card("red-3", 3), 3),
     (card("red-4"), 4), (card("red-4", 4), 4)],
)
def test_card_points(event, points):
    state = play(turn(event))
    assert state["totals"] == [points, 0, 0]
    assert state["last_turn"]["cards"] == [{"kind": event["data"]["kind"], "points": points}]


def test_max_card_points_option():
    state = play(turn(card(points=14)), max_card_points=15)
    assert state["totals"][0] == 14


# --- end of game -------------------------------------------------------------------------------


def test_game_ends_after_three_turns_each_and_highest_total_wins():
    scores = [2, 5, 1, 4, 0, 3, 1, 1, 1]  # Ann 7, Ben 6, Cy 5
    state = play([event for points in scores for event in turn(*([card(points=points)] if points else []))])
    assert state["finished"] and state["turn"] is None
    assert state["turns_played"] == [3, 3, 3]
    outcome = wsp.result(state)
    assert [p.total for p in outcome.players] == [7, 6, 5]
    assert outcome.winners == ["Ann"] and outcome.finished
    assert outcome.reason == "highest total after 3 turns each as builder"
    assert outcome.to_dict()["players"][1]["turns"] == [5, 0, 1]
    for player in outcome.players:
        assert sum(line.points for line in player.lines) == player.total
    for event in (stopper(1), roll(1), card(points=1), END):
        with pytest.raises(RuleError) as caught:
            wsp.apply(state, event)
        assert caught.value.code == "game_over"


def test_ties_share_the_win():
    state = play(turn(card(points=3)) + turn(card("red-3")), seats=["Ann", "Ben"], turns_each=1)
    assert wsp.result(state).winners == ["Ann", "Ben"]


@pytest.mark.parametrize("turns_each", [1, 2, 4])
def test_turns_each_option(turns_each):
    state = play(turn() * (2 * turns_each), seats=["Ann", "Ben"], turns_each=turns_each)
    assert state["finished"]
    assert not play(turn() * (2 * turns_each - 1), seats=["Ann", "Ben"], turns_each=turns_each)["finished"]


def test_partial_game_has_no_winner_yet():
    outcome = wsp.result(play(turn(card(points=2))))
    assert (outcome.finished, outcome.winners) == (False, [])
    assert outcome.reason == "So far: 1 of 9 turns played; next: Ben's turn"
    assert outcome.to_dict()["leaders"] == ["Ann"]


# --- refusals ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "before, bad, code, field",
    [
        ([], END, "not_stopped", "type"),
        ([stopper(3)] * 9, END, "not_stopped", "type"),
        ([], stopper(4), "bad_face", "data.face"),
        ([], stopper(-1), "bad_face", "data.face"),
        ([], stopper(True), "bad_face", "data.face"),
        ([], roll(6), "bad_face", "data.results.0.face"),
        ([], {"type": "roll", "data": {"dice": ["stopper"] * 2, "results": [
            {"die": "stopper", "face": 1}, {"die": "stopper", "face": 2}]}}, "one_stopper_die", "data.results"),
        ([], {"type": "roll", "data": {}}, "bad_roll", "data.results"),
        ([], card(points=0), "bad_points", "data.points"),
        ([], card(points=11), "bad_points", "data.points"),
        ([], card(), "bad_points", "data.points"),
        ([], card(points=2.5), "bad_points", "data.points"),
        ([], card("red-3", 4), "bad_points", "data.points"),
        ([], card("red-4", 3), "bad_points", "data.points"),
        ([], card("red-5"), "bad_card", "data.kind"),
        ([], card(points=2, builder=1), "not_your_turn", "data.builder"),
        ([], {"type": "stopper", "data": {"face": 1, "builder": 2}}, "not_your_turn", "data.builder"),
        ([], {"type": "undo"}, "unknown_event", "type"),
    ],
)
def test_refusals(before, bad, code, field):
    state = play(before)
    with pytest.raises(RuleError) as caught:
        wsp.apply(state, bad)
    assert (caught.value.code, caught.value.field) == (code, field)
    assert caught.value.message[0].isupper()


@pytest.mark.parametrize(
    "options, seats, field",
    [
        ({"stopper": "robot"}, PLAYERS, "options.stopper"),
        ({"pace_ms": 100}, PLAYERS, "options.pace_ms"),
        ({"turns_each": 0}, PLAYERS, "options.turns_each"),
        ({}, ["Ann"], "seats"),
        ({}, [f"P{i}" for i in range(9)], "seats"),
    ],
)
def test_setup_refusals(options, seats, field):
    with pytest.raises(RuleError) as caught:
        wsp.setup(options, seats)
    assert caught.value.field == field


def test_person_stopper_option_still_accepts_app_rolls():
    state = play([roll(2), stopper(1)], stopper="person", pace_ms=800)
    assert state["turn"]["stopper_total"] == 3


# --- score sheets ------------------------------------------------------------------------------


def sheet_turn(builder, *cards, rolls=TO_30):
    return {"builder": builder, "stopper_rolls": list(rolls), "cards": list(cards)}


def two_player_sheet():
    return {"players": ["Ann", "Ben"], "turns": [
        sheet_turn("Ann", {"kind": "standard", "points": 3}, {"kind": "red-3"}, rolls=[1, 0, 3] + [2] * 13),
        sheet_turn("Ben", {"kind": "red-4"}),
        sheet_turn("Ann"),
        sheet_turn("Ben", {"kind": "standard", "points": 2}),
        sheet_turn("Ann", {"kind": "standard", "points": 1}),
        sheet_turn("Ben"),
    ]}


def test_score_sheet_replays_a_whole_game():
    outcome = english(wsp.score_sheet(two_player_sheet()).to_dict())
    assert outcome["game"] == "wuerfelspiel" and outcome["finished"]
    assert [p["total"] for p in outcome["players"]] == [7, 6]
    assert outcome["winners"] == ["Ann"]
    assert outcome["players"][0]["lines"][0] == {"label": "Turn 1 as builder: 2 cards", "points": 6}


def test_score_sheet_partial_and_turns_each():
    sheet = two_player_sheet()
    sheet["turns"] = sheet["turns"][:2]
    assert not wsp.score_sheet(sheet).finished
    sheet["turns_each"] = 1
    assert wsp.score_sheet(sheet).finished


@pytest.mark.parametrize(
    "change, code, field",
    [
        # A roll after "Stopp!" is named by its place: ten 3s reach 30, the eleventh roll is one too many.
        (lambda s: s["turns"][2].update(stopper_rolls=[3] * 10 + [0]), "stopp_called", "turns.2.stopper_rolls.10"),
        (lambda s: s["turns"][2].update(stopper_rolls=[2] * 14 + [3, 1, 1]), "stopp_called",
         "turns.2.stopper_rolls.15"),
        (lambda s: s["turns"][2].update(stopper_rolls=[3] * 9), "never_stopped", "turns.2.stopper_rolls"),
        (lambda s: s["turns"][2].update(stopper_rolls=[]), "never_stopped", "turns.2.stopper_rolls"),
        (lambda s: s["turns"][0]["stopper_rolls"].__setitem__(7, 5), "bad_face", "turns.0.stopper_rolls.7"),
        (lambda s: s["turns"][1].update(builder="Ann"), "wrong_builder", "turns.1.builder"),
        (lambda s: s["turns"][0]["cards"][0].update(points=11), "bad_points", "turns.0.cards.0.points"),
        (lambda s: s["turns"][0]["cards"].append({"kind": "blue"}), "bad_card", "turns.0.cards.2.kind"),
        (lambda s: s["turns"].append(sheet_turn("Ann")), "too_many_turns", "turns.6"),
        (lambda s: s.update(turns_each=11), "bad_option", "turns_each"),
        (lambda s: s.update(players=["Ann", " Ann"]), "duplicate_name", "players.1"),
        (lambda s: s["turns"][0].update(stopper_rolls="3333"), "bad_turn", "turns.0.stopper_rolls"),
    ],
)
def test_score_sheet_refusals(change, code, field):
    sheet = two_player_sheet()
    change(sheet)
    with pytest.raises(RuleError) as caught:
        wsp.score_sheet(sheet)
    assert (caught.value.code, caught.value.field) == (code, field)


# --- what the box holds (issue 12) -------------------------------------------------------------


def test_a_turn_fulfils_at_most_the_30_building_cards():
    state = play([card(points=10)] * 30)
    with pytest.raises(RuleError) as caught:
        wsp.apply(state, card(points=1))
    assert (caught.value.code, caught.value.field) == ("thirty_cards", "data.kind")
    assert "30 building cards" in caught.value.message


@pytest.mark.parametrize("extra", [1, 70])
def test_a_sheet_with_more_than_30_cards_in_a_turn_is_refused(extra):
    sheet = two_player_sheet()
    sheet["turns"][1]["cards"] = [{"kind": "standard", "points": 1}] * (30 + extra)
    with pytest.raises(RuleError) as caught:
        wsp.score_sheet(sheet)
    assert (caught.value.code, caught.value.field) == ("thirty_cards", "turns.1.cards.30.kind")


def test_red_cards_score_their_number_or_their_corners():
    assert play([card("red-3"), card("red-4")])["turn"]["points"] == 7
    state = play([card("red-3", points=2), card("red-4", points=5)], red_card_points="corners")
    assert state["turn"]["points"] == 7
    with pytest.raises(RuleError) as caught:
        wsp.apply(play([], red_card_points="corners"), card("red-3"))
    assert (caught.value.code, caught.value.field) == ("bad_points", "data.points")


def test_the_building_rule_is_left_to_the_players_and_written_down():
    assert not hasattr(wsp, "check_stack")  # the table watches the tower; the app does not judge it
    for words in ("30 building cards", "same number of pips or a higher number", "red"):
        assert words in wsp.__doc__


def test_a_red_cards_refusal_names_the_card_as_players_do():
    with pytest.raises(RuleError) as caught:
        wsp.apply(play([]), card("red-3", 4))
    assert caught.value.message == "A red 3 card is worth 3; leave points out."
    assert "red-3" not in caught.value.message


def test_an_action_for_a_turn_that_is_over_says_so_in_words_for_the_next_builder():
    state = play(turn(card(points=2)))  # Ann's turn is over; a phone that missed it sends a card for her
    with pytest.raises(RuleError) as caught:
        wsp.apply(state, card(points=2, builder=0))
    assert english(caught.value.message) == "Ann's turn is over: it is Ben's turn to build now."


def test_a_sheet_turn_with_more_stopper_rolls_than_a_turn_takes_is_refused_before_it_is_replayed():
    """Each replayed roll copies the state, which keeps every roll: 25,600 blanks in one turn (51 KB) took 19 s of
    a worker's time. A turn reaches 30 in about 30 rolls of the yellow die; a hundred is more than any turn takes."""
    sheet = two_player_sheet()
    sheet["turns"][0]["stopper_rolls"] = [0] * (wsp.MAX_SHEET_STOPPER_ROLLS - 10) + [3] * 10
    assert wsp.score_sheet(sheet).players
    sheet["turns"][0]["stopper_rolls"] = [0] * 25_600 + [3] * 10
    with pytest.raises(RuleError) as caught:
        wsp.score_sheet(sheet)
    assert (caught.value.code, caught.value.field) == ("bad_turn", "turns.0.stopper_rolls")
    assert caught.value.message == "A turn lists at most 100 stopper rolls."


def test_an_event_shares_the_closed_turns_instead_of_copying_them():
    """Every roll copied every closed turn with its rolls: a long game's events, and the replay of its typed sheet
    (80 turns: 1.2 s), cost the square of its length. A closed turn never changes, so the states share them."""
    state = play([*turn(card(points=3)), *turn()])
    kept = copy.deepcopy(state["history"])
    rolled = wsp.apply(state, stopper(2))
    assert rolled["history"] is state["history"]
    closed = state
    for event in turn(card(points=1)):
        closed = wsp.apply(closed, event)
    assert closed["history"][:2] == kept and len(closed["history"]) == 3
    assert state["history"] == kept  # closing a turn adds it to a history of its own
