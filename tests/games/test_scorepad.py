"""The score pad: a round's points kept as one line, and a state is never changed once made."""

import copy

import pytest

from scorekeeper.games import scorepad
from scorekeeper.games.base import RuleError


def test_apply_leaves_the_state_it_was_given_as_it_was():
    state = scorepad.setup({"rounds": 2}, ["Ann", "Ben"])
    for event in ({"type": "points", "data": {"seat": 0, "points": 4}}, {"type": "next_round"},
                  {"type": "points", "data": {"seat": 0, "points": -1}}, {"type": "finish"}):
        before = copy.deepcopy(state)
        new = scorepad.apply(state, event)
        assert state == before and new is not state
        state = new
    assert state["scores"] == [[[1, 4], [2, -1]], []] and state["finished"]
    assert [p.total for p in scorepad.result(state).players] == [3, 0]


def test_a_rounds_points_are_one_line_so_the_state_grows_with_the_rounds_not_the_taps():
    state = scorepad.setup({}, ["Ann", "Ben"])
    for points in [3] * 1000 + [-2000]:
        state = scorepad.apply(state, {"type": "points", "data": {"seat": 0, "points": points}})
    state = scorepad.apply(state, {"type": "next_round"})
    state = scorepad.apply(state, {"type": "points", "data": {"seat": 0, "points": 5}})
    assert state["scores"] == [[[1, 1000], [2, 5]], []]
    ann = scorepad.result(state).players[0]
    assert ann.total == 1005 and [line.points for line in ann.lines] == [1000, 5]


def test_a_state_stored_with_a_line_per_tap_still_adds_up():
    """Tables stored before a round became one line keep their lines; they are read and extended alike."""
    state = {**scorepad.setup({}, ["Ann"]), "scores": [[[1, 4], [1, 6], [2, -1]]], "round": 2}
    state = scorepad.apply(state, {"type": "points", "data": {"seat": 0, "points": 3}})
    assert state["scores"] == [[[1, 4], [1, 6], [2, 2]]]
    ann = scorepad.result(state).players[0]
    assert ann.total == 12 and [line.points for line in ann.lines] == [10, 2]


def test_a_sheet_with_two_players_of_one_name_is_refused():
    """Every other game's sheet refused it: results, winners and leagues go by name."""
    with pytest.raises(RuleError) as caught:
        scorepad.score_sheet({"players": [{"name": "A", "points": [3]}, {"name": " a ", "points": [1]}]})
    assert (caught.value.code, caught.value.field) == ("duplicate_name", "players.1.name")
