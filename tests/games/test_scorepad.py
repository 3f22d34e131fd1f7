"""The score pad: every line kept, and a state is never changed once made."""

import copy

from scorekeeper.games import scorepad


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
