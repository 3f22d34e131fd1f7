"""The table reducer on its own: no database, no Flask, no clock, no sleeps."""

import json
import random
from types import SimpleNamespace

import pytest

from scorekeeper import reducer
from scorekeeper.games import make_n_break, scorepad, wuerfelspiel
from scorekeeper.games.base import Result, RuleError, no_dice_typed, no_timer


class Log:
    """A table's event log kept in memory: the reducer's history, counting what it is asked."""

    def __init__(self, rules, randbelow=lambda n: 0):
        self.rules = rules
        self.snapshot = reducer.initial(rules)
        self.stored: dict[int, reducer.Past] = {}
        self.reads = 0
        self.randbelow = randbelow
        self.judged = []

    def event(self, seq):
        self.reads += 1
        return self.stored[seq]

    def judge(self, words, reveal):
        self.judged.append((words, reveal))
        return {"valid": True, "lexicon": "test", "words": len(words)}

    def append(self, kind, data=None, now=1_000):
        seq = len(self.stored) + 1
        out = reducer.step(self.snapshot, {"seq": seq, "type": kind, "data": data or {}}, self.rules, self,
                           now=now, randbelow=self.randbelow, judge=self.judge)
        # What the database does: the stored event and snapshot are JSON, not the objects handed out.
        self.stored[seq] = reducer.Past(seq, kind, json.loads(json.dumps(out.data)), now,
                                        json.loads(json.dumps(out.trail)))
        self.snapshot = json.loads(json.dumps(out.snapshot))
        return out

    def undo(self):
        return self.append("undo", {"seq": self.snapshot["undo"]["last"]})

    def redo(self):
        return self.append("redo", {"seq": self.snapshot["undo"]["redo"]["seq"]})


def counter_game(applied):
    """A game whose state never grows: a running total. ``applied`` counts its moves."""

    def apply(state, event, **_):
        applied.append(event["seq"])
        if event["type"] == "roll":
            return state
        return {"total": state["total"] + event["data"]["n"]}

    return SimpleNamespace(
        setup=lambda options, seats: {"total": 0},
        apply=apply,
        result=lambda state, **_: Result("counter", [], [], False, "", {"total": state["total"]}),
        timer_setting=no_timer,
        dice_typed=no_dice_typed,
        PLAYER_ACTS={},
    )


def pad(**options):
    return reducer.Rules(scorepad.GAME, options, ["Ann", "Ben"])


def totals(snapshot):
    return [p["total"] for p in snapshot["result"]["players"]]


def test_undo_and_redo_walk_the_stack_and_a_new_move_ends_the_redo_chain():
    log = Log(pad())
    log.append("points", {"seat": 0, "points": 5})
    log.append("points", {"seat": 1, "points": 7})
    assert log.undo().data == {"seq": 2, "undid": 2}
    assert totals(log.snapshot) == [5, 0] and log.snapshot["undo"]["redo"]["seq"] == 2
    log.undo()
    assert totals(log.snapshot) == [0, 0] and log.snapshot["undo"]["last"] is None
    with pytest.raises(RuleError, match="nothing to undo"):
        log.append("undo")
    assert log.redo().data == {"seq": 1, "redid": 1}
    assert totals(log.snapshot) == [5, 0] and log.snapshot["undo"]["redo"]["seq"] == 2
    log.append("points", {"seat": 1, "points": 1})
    assert totals(log.snapshot) == [5, 1] and log.snapshot["undo"]["redo"] is None
    with pytest.raises(RuleError, match="nothing to redo"):
        log.append("redo")


def test_an_undo_or_redo_of_a_view_that_moved_on_is_stale():
    log = Log(pad())
    log.append("points", {"seat": 0, "points": 5})
    log.append("points", {"seat": 1, "points": 7})
    log.append("undo", {"seq": 2})
    with pytest.raises(reducer.Stale):
        log.append("undo", {"seq": 2})  # a second phone that saw the same table
    with pytest.raises(reducer.Stale):
        log.append("redo", {"seq": 1})
    log.append("redo", {"seq": 2})
    with pytest.raises(reducer.Stale):
        log.append("redo", {"seq": 2})
    assert totals(log.snapshot) == [5, 7]
    with pytest.raises(RuleError) as refused:
        log.append("undo", {"seq": "2"})
    assert refused.value.field == "data.seq"


@pytest.mark.parametrize("seed", range(8))
def test_any_mix_of_moves_undos_redos_and_timers_matches_a_replay_of_the_moves_left(seed):
    """Against the plain model: the state is the replay, from the setup, of the moves on the stack."""
    rng = random.Random(seed)
    rules = pad()
    log = Log(rules, randbelow=lambda n: rng.randrange(n))
    done, undone = [], []
    for _ in range(300):
        choice = rng.random()
        if choice < 0.25 and done:
            undone.append(done.pop())
            log.undo()
        elif choice < 0.4 and undone:
            done.append(undone.pop())
            log.redo()
        elif choice < 0.45:
            log.append("timer", {"action": "set", "seconds": 30})
        else:
            kind = "roll" if choice < 0.55 else "points"
            data = {"dice": ["d6"]} if kind == "roll" else {"seat": rng.randrange(2), "points": rng.randrange(9)}
            out = log.append(kind, data)
            done.append(len(log.stored))
            undone = []
            assert out.snapshot["undo"]["last"] == done[-1]
        state = rules.setup()
        for seq in done:
            past = log.stored[seq]
            state = rules.apply(state, past.type, past.data, seq)
        assert log.snapshot["game"] == state
        assert log.snapshot["result"] == rules.score(state)
        rolls = [seq for seq in done if log.stored[seq].type == "roll"]
        assert (log.snapshot["dice"] or {}).get("seq") == (rolls[-1] if rolls else None)
        assert log.snapshot["undo"]["depth"] == len(done)
        assert (log.snapshot["undo"]["redo"] or {}).get("seq") == (undone[-1] if undone else None)


def test_an_append_asks_the_history_nothing_and_the_snapshot_does_not_grow_with_the_log():
    applied = []
    log = Log(reducer.Rules(counter_game(applied), {}, ["Ann"]))
    sizes = {}
    for n in range(1, 2_001):
        log.append("points", {"n": 1})
        log.append("timer", {"action": "set", "seconds": 30})
        if n in (20, 2_000):
            sizes[n] = len(json.dumps(log.snapshot))
    assert log.reads == 0 and len(applied) == 2_000  # one apply per move, nothing replayed
    assert sizes[2_000] - sizes[20] <= 12  # only numbers got longer (the total, seqs, the timer's version)


def test_an_undo_deep_in_a_long_log_replays_fewer_moves_than_a_checkpoint_span():
    applied = []
    log = Log(reducer.Rules(counter_game(applied), {}, ["Ann"]))
    for _ in range(6_000 + reducer.CHECKPOINT_EVERY - 1):  # the farthest an undo can be from a checkpoint
        log.append("points", {"n": 2})
    applied.clear()
    log.reads = 0
    log.undo()
    assert log.snapshot["result"]["total"] == 2 * (6_000 + reducer.CHECKPOINT_EVERY - 2)
    assert len(applied) <= reducer.CHECKPOINT_EVERY - 1
    assert log.reads <= reducer.CHECKPOINT_EVERY + 1
    applied.clear()
    log.reads = 0
    log.redo()
    assert len(applied) == 1 and log.reads == 2
    for _ in range(50):  # undoing on and on stays bounded too
        applied.clear()
        log.undo()
        assert len(applied) <= reducer.CHECKPOINT_EVERY - 1


def test_dice_come_from_the_random_source_and_the_time_from_the_clock():
    log = Log(pad(), randbelow=lambda n: n - 1)
    out = log.append("roll", {"dice": ["d6", "make-n-break"]}, now=42_000)
    assert [r["face"] for r in out.data["results"]] == [6, 3]
    assert out.snapshot["dice"] == {"seq": 1, "results": out.data["results"], "at_ms": 42_000}
    out = log.append("timer", {"action": "set", "seconds": 30}, now=43_000)
    out = log.append("timer", {"action": "start"}, now=44_000)
    assert out.snapshot["timer"]["status"] == "running" and out.trail is None
    log.undo()  # the roll: the timer is not a move
    assert log.snapshot["dice"] is None and log.snapshot["timer"] == out.snapshot["timer"]


def test_a_real_die_typed_in_is_the_roll_the_table_shows_and_an_undo_takes_it_back():
    """Make 'N' Break: the app rolled last turn, this turn a real die was typed in: `dice` is this turn's."""
    log = Log(reducer.Rules(make_n_break.GAME, {}, ["Ann", "Ben"]), randbelow=lambda n: n - 1)
    log.append("roll", {"dice": ["make-n-break"]}, now=1_000)
    assert log.snapshot["dice"]["results"] == [{"die": "make-n-break", "face": 3}]
    log.append("end_turn", {"builder": 0}, now=2_000)
    out = log.append("die", {"face": 1, "builder": 1}, now=3_000)
    assert out.snapshot["dice"] == {"seq": 3, "results": [{"die": "make-n-break", "face": 1}], "at_ms": 3_000,
                                    "typed": True}
    log.undo()
    assert log.snapshot["dice"]["seq"] == 1  # the app's roll again, as before the die was typed
    log.redo()
    assert log.snapshot["dice"]["seq"] == 3 and log.snapshot["dice"]["results"][0]["face"] == 1


def test_a_stopper_face_a_person_rolled_is_the_roll_the_table_shows():
    log = Log(reducer.Rules(wuerfelspiel.GAME, {"stopper": "person"}, ["Ann", "Ben"]))
    out = log.append("stopper", {"face": 2}, now=7)
    assert out.snapshot["dice"] == {"seq": 1, "results": [{"die": "stopper", "face": 2}], "at_ms": 7, "typed": True}


def test_challenges_are_judged_by_the_judge_handed_in_and_are_not_moves():
    log = Log(pad())
    out = log.append("challenge", {"words": ["cat"], "by": 1}, now=5)
    assert out.data["verdict"] == {"valid": True, "lexicon": "test", "words": 1} and log.judged == [(["cat"], False)]
    assert out.snapshot["challenges"] == [{"valid": True, "lexicon": "test", "words": ["cat"], "seq": 1, "by": 1,
                                           "at_ms": 5}]
    assert out.snapshot["undo"]["last"] is None
    with pytest.raises(RuleError) as refused:
        log.append("challenge", {"words": ["cat"], "by": 2})
    assert refused.value.field == "data.by"


def test_a_game_that_sets_the_timer_sets_it_on_moves_and_undos():
    game = counter_game([])
    game.timer_setting = lambda state: (state["total"], 10 + state["total"]) if state["total"] else None
    log = Log(reducer.Rules(game, {}, ["Ann"]))
    assert log.append("points", {"n": 5}, now=1).snapshot["timer"]["duration_ms"] == 15_000
    log.append("points", {"n": 1}, now=2)
    assert log.snapshot["timer"]["duration_ms"] == 16_000
    log.undo()
    assert log.snapshot["timer"]["duration_ms"] == 15_000


def test_a_resent_event_is_the_same_action_whatever_the_server_added():
    assert reducer.same_action("roll", {"dice": ["d6"]}, "roll", {"dice": ["d6"], "results": [{"die": "d6"}]})
    assert reducer.same_action("undo", {"seq": 3}, "undo", {"seq": 3, "undid": 3})
    assert not reducer.same_action("roll", {"dice": ["d6", "d6"]}, "roll", {"dice": ["d6"], "results": []})
    assert not reducer.same_action("points", {"seat": 0, "points": 5}, "next_round", {"seat": 0, "points": 5})
    assert not reducer.same_action("points", {"seat": 0, "points": 6}, "points", {"seat": 0, "points": 5})


def test_the_reducer_imports_only_the_standard_library_the_rules_and_the_timer():
    import ast
    import sys
    from pathlib import Path

    tree = ast.parse(Path(reducer.__file__).read_text())
    outside, relative = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            outside.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                relative.add(node.module or ",".join(a.name for a in node.names))
            else:
                outside.add(node.module.split(".")[0])
    assert {m for m in outside if m not in sys.stdlib_module_names and m != "__future__"} == set()
    assert relative <= {"timer", "games", "games.base", "text"}, relative  # the rules, dice, timer, text: all pure
