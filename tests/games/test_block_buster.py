"""Block Buster rules, starting from the rulebook's finished 2-player game (example 5-1)."""

from __future__ import annotations

import ast
import copy
import json
import sys
from pathlib import Path

import pytest
from support import BLOCK_BUSTER_EXAMPLE as EXAMPLE  # the rulebook's example 5-1

from scorekeeper.games import block_buster as bb
from scorekeeper.games.base import RuleError

RC, RS, GS, BW, YM = "red-circle", "red-star", "green-spiral", "blue-wave", "yellow-moon"

DELETE = object()


def sheet_with(*changes):
    """The example with (dotted path, value) changes; value DELETE removes the key."""
    sheet = copy.deepcopy(EXAMPLE)
    for path, value in changes:
        *parents, last = path.split(".")
        node = sheet
        for part in parents:
            node = node[int(part)] if isinstance(node, list) else node[part]
        key = int(last) if isinstance(node, list) else last
        if value is DELETE:
            del node[key]
        else:
            node[key] = value
    return sheet


def board(area, owners=None, counts=None):
    """A sheet board for an area: nobody everywhere unless ``owners``/``counts`` say otherwise by index."""
    pattern = [s for row in bb.PATTERNS[area] for s in row]
    blocks = [{"shape": s, "owner": None} for s in pattern]
    for index, colour in (owners or {}).items():
        blocks[index] = {"shape": pattern[index], "owner": colour}
    for index, given in (counts or {}).items():
        blocks[index] = {"shape": pattern[index], "counts": given}
    return blocks


def indexes_of(area, shape):
    pattern = [s for row in bb.PATTERNS[area] for s in row]
    return [i for i, s in enumerate(pattern) if s == shape]


def ev(kind, **data):
    return {"type": kind, "data": data}


# Two players finished: both passed and said their leftovers, all nine point blocks entered.
FINISHED = [ev("pass", seat=0), ev("pass", seat=1), ev("leftover", seat=0, squares=0),
            ev("leftover", seat=1, squares=0), *[ev("point_block", index=i, owner=None) for i in range(9)],
            ev("finish")]


def play(seats, events, **options):
    state = bb.setup(options, seats)
    for event in events:
        state = bb.apply(state, event)
    return state


def refusal(call):
    with pytest.raises(RuleError) as caught:
        call()
    return caught.value.code, caught.value.field


def lines_of(player):
    return [(line["label"], line["points"]) for line in player["lines"]]


# --- the rulebook's example -------------------------------------------------------------


def test_rulebook_example_scores_8_against_5():
    out = bb.score_sheet(EXAMPLE).to_dict()
    yellow, blue = out["players"]
    assert (yellow["total"], blue["total"]) == (8, 5)
    assert lines_of(yellow) == [
        ("1 × red circle", 3),
        ("2 × red star", 7),
        ("1 × green spiral", 3),
        ("Start penalty", -5),
    ]
    assert lines_of(blue) == [
        ("1 × red circle", 3),
        ("1 × red star", 3),
        ("2 × green spiral", 7),
        ("Leftover squares (8)", -8),
    ]
    assert out["winners"] == ["Yellow"]
    assert out["finished"] is True
    assert out["reason"] == "Most points: Yellow 8 vs Blue 5."
    assert yellow["tokens"] == {"-2": 2, "-1": 1}
    assert out["supply"] == {"-2": 6, "-1": 7}


def test_rulebook_example_explains_every_point_block():
    blocks = bb.score_sheet(EXAMPLE).to_dict()["point_blocks"]
    assert [(b["owner"], b["why"], b["clinched"]) for b in blocks] == [
        ("yellow", "yellow 7 vs blue 5", True),
        ("yellow", "yellow 6 vs blue 4", False),
        ("blue", "blue 7 vs yellow 5", True),
        ("blue", "blue 8 vs yellow 3", True),
        ("blue", "blue 5 vs yellow 4", False),
        ("blue", "blue 6 vs yellow 2", False),  # 4 free spaces could still make it 6–6
        ("yellow", "entered as yellow's", False),
        ("yellow", "yellow 5 vs blue 2", False),
        (None, "tie 4–4: nobody", False),
    ]
    assert [(b["row"], b["column"]) for b in blocks[:4]] == [(1, 1), (1, 2), (1, 3), (2, 1)]


def test_result_is_json_and_module_is_pure():
    json.dumps(bb.score_sheet(EXAMPLE).to_dict())
    json.dumps(bb.GAME.describe())
    json.dumps(bb.setup({}, ["Ann", "Bob"]))
    tree = ast.parse(Path(bb.__file__).read_text())
    imported = {a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    imported |= {n.module.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.level == 0}
    assert imported <= set(sys.stdlib_module_names) | {"__future__"}


# --- catalogue --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("area", "rows"),
    [
        ("2", [[RC, RS, GS], [GS, RC, RS], [RS, GS, RC]]),
        ("3", [[RC, BW, RS, GS], [GS, RC, BW, RS], [RS, GS, RC, BW], [BW, RS, GS, RC]]),
        (
            "4",
            [
                [RC, YM, BW, RS, GS],
                [GS, RC, YM, BW, RS],
                [RS, GS, RC, YM, BW],
                [BW, RS, GS, RC, YM],
                [YM, BW, RS, GS, RC],
            ],
        ),
    ],
)
def test_catalogue_patterns_are_the_rulebooks_row_by_row(area, rows):
    pattern = bb.GAME.describe()["patterns"][area]
    assert pattern["rows"] == rows
    assert pattern["point_blocks"] == len(rows) ** 2


@pytest.mark.parametrize(
    ("variant", "players", "area", "blocks_per_colour", "blocks_per_player", "start", "win_at"),
    [
        ("standard", "2", 2, 14, 14, [-5, 0], 3),
        ("standard", "3", 3, 15, 15, [-3, -1, 0], 4),
        ("standard", "4", 4, 16, 16, [-3, -1, 0, 0], 4),
        ("two-colour", "2", 4, 16, 32, [-3, 0], 3),
        ("couples", "4", 4, 16, 16, [-2, 0, 0, 0], 4),
        ("official-2p", "2", 4, 16, 16, [-3, 0], 3),
    ],
)
def test_catalogue_variants(variant, players, area, blocks_per_colour, blocks_per_player, start, win_at):
    entry = next(v for v in bb.GAME.describe()["variants"] if v["id"] == variant)
    rules = entry["by_players"][players]
    assert rules["area"] == area
    assert rules["blocks_per_colour"] == blocks_per_colour
    assert rules["blocks_per_player"] == blocks_per_player
    assert rules["start_penalties"] == start
    assert rules["win_count"] == win_at


def test_catalogue_lists_what_a_phone_needs():
    cat = bb.GAME.describe()
    assert cat["id"] == "block-buster" and cat["name"] == "Block Buster"
    assert (cat["min_seats"], cat["max_seats"]) == (2, 4)
    assert [s["id"] for s in cat["shapes"]] == [RC, RS, GS, BW, YM]
    assert cat["colours"] == ["yellow", "blue", "red", "green"]
    assert cat["token_supply"] == {"-2": 8, "-1": 8}
    assert cat["set_values"] == {"1": 3, "2": 7, "3": 12}
    options = {o["name"]: o for o in cat["options"]}
    assert options["variant"]["choices"] == ["standard", "two-colour", "couples", "official-2p"]
    assert options["tie_takes_nobody"]["default"] is True


# --- token arithmetic -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "seats", "tokens", "supply"),
    [
        ("standard", 2, [(2, 1), (0, 0)], {"-2": 6, "-1": 7}),
        ("standard", 3, [(1, 1), (0, 1), (0, 0)], {"-2": 7, "-1": 6}),
        ("standard", 4, [(1, 1), (0, 1), (0, 0), (0, 0)], {"-2": 7, "-1": 6}),
        ("two-colour", 2, [(1, 1), (0, 0)], {"-2": 7, "-1": 7}),
        ("couples", 4, [(1, 0), (0, 0), (0, 0), (0, 0)], {"-2": 7, "-1": 8}),
        ("official-2p", 2, [(1, 1), (0, 0)], {"-2": 7, "-1": 7}),
    ],
)
def test_start_penalties_are_paid_from_the_supply(variant, seats, tokens, supply):
    state = bb.setup({"variant": variant}, ["Ann", "Bob", "Cy", "Dee"][:seats])
    assert [(p["tokens"]["-2"], p["tokens"]["-1"]) for p in state["players"]] == tokens
    assert [p["penalty"] for p in state["players"]] == [-2 * a - b for a, b in tokens]
    assert state["supply"] == supply


def test_skips_take_minus_two_tokens_and_show_in_state_and_result():
    state = play(["Ann", "Bob", "Cy"], [ev("skip", seat=1, spaces=2), ev("skip", seat=2, spaces=1)])
    assert state["supply"] == {"-2": 4, "-1": 6}
    assert [p["penalty"] for p in state["players"]] == [-3, -5, -2]
    assert state["players"][1]["tokens"] == {"-2": 2, "-1": 1}
    bob = bb.result(state).to_dict()["players"][1]
    assert lines_of(bob) == [("Start penalty", -1), ("Skipped spaces (2)", -4)]
    assert bob["total"] == -5


@pytest.mark.parametrize(
    ("events", "code"),
    [
        # Ann starts on -5: two skips make -9, one more would be -11.
        ([ev("skip", seat=0, spaces=2), ev("skip", seat=0, spaces=1)], "penalty_floor"),
        ([ev("skip", seat=0, spaces=3)], "penalty_floor"),
        ([ev("skip", seat=1, spaces=6)], "penalty_floor"),
        # 6 tokens of -2 after the start: Bob takes 5 (-10), Ann 1 (-7); none is left for Ann's next.
        (
            [ev("skip", seat=1, spaces=5), ev("skip", seat=0, spaces=1), ev("skip", seat=0, spaces=1)],
            "supply_exhausted",
        ),
        ([ev("pass", seat=0), ev("skip", seat=0, spaces=1)], "already_passed"),
        ([ev("pass", seat=0), ev("pass", seat=0)], "already_passed"),
        ([ev("skip", seat=0, spaces=0)], "bad_spaces"),
        ([ev("skip", seat=2, spaces=1)], "bad_seat"),
        ([ev("skip", seat=True, spaces=1)], "bad_seat"),
        ([ev("finish")], "still_playing"),
        ([ev("pass", seat=0), ev("finish")], "still_playing"),
        ([ev("leftover", seat=0, squares=3)], "still_playing"),
        ([ev("pass", seat=0), ev("leftover", seat=0, squares=57)], "bad_squares"),
        ([*FINISHED, ev("pass", seat=0)], "game_over"),
        ([*FINISHED, ev("point_block", index=0, owner=None)], "game_over"),
        ([ev("point_block", index=9, owner=None)], "bad_index"),
        ([ev("point_block", index=0, shape=RS, owner=None)], "wrong_shape"),
        ([ev("point_block", index=0, counts={"red": 3})], "colour_not_in_play"),
        ([ev("point_block", index=0, counts={"yellow": 3}, owner="yellow")], "counts_or_owner"),
        ([ev("point_block", index=0)], "counts_or_owner"),
        ([{"type": "undo_everything", "data": {}}], "unknown_event"),
    ],
)
def test_table_refusals(events, code):
    *before, last = events
    state = play(["Ann", "Bob"], before)
    assert refusal(lambda: bb.apply(state, last))[0] == code


def test_refusals_speak_in_players_words():
    state = play(["Ann", "Bob"], [ev("skip", seat=0, spaces=2)])
    with pytest.raises(RuleError) as caught:
        bb.apply(state, ev("skip", seat=0, spaces=1))
    assert caught.value.message == (
        "Ann has -9 in penalty tokens; skipping 1 space would make -11, and nobody may go below -10."
    )
    assert caught.value.field == "data.spaces"
    state = play(["Ann", "Bob"], [ev("skip", seat=1, spaces=5), ev("skip", seat=0, spaces=1)])
    with pytest.raises(RuleError) as caught:
        bb.apply(state, ev("skip", seat=0, spaces=1))
    assert caught.value.message == "Skipping 1 space needs 1 -2 token, but the supply has only 0 left."


def test_roll_is_ignored_and_state_shows_everything():
    state = bb.setup({}, ["Ann", "Bob"])
    assert bb.apply(state, {"type": "roll", "data": {"faces": [3]}}) is state
    state = play(["Ann", "Bob"], [ev("pass", seat=1), ev("point_block", index=1, counts={"yellow": 7})])
    assert [p["passed"] for p in state["players"]] == [False, True]
    assert state["point_block_owners"][1]["owner"] == "yellow"
    assert state["immediate_win"] is None and state["finished"] is False
    live = bb.result(state).to_dict()
    assert live["finished"] is False
    assert live["reason"].startswith("Game in progress")


def test_point_block_can_be_re_entered_to_correct_it():
    state = play(["Ann", "Bob"], [ev("point_block", index=1, counts={"yellow": 7, "blue": 5})])
    state = bb.apply(state, ev("point_block", index=1, counts={"yellow": 5, "blue": 7}))
    assert state["point_block_owners"][1]["owner"] == "blue"


def test_a_full_table_game_ends_with_finish():
    events = [
        ev("pass", seat=1),
        ev("leftover", seat=1, squares=8),
        ev("pass", seat=0),
        ev("leftover", seat=0, squares=0),
    ]
    events += [
        ev("point_block", index=i, **{k: v for k, v in b.items() if k != "shape"})
        for i, b in enumerate(EXAMPLE["point_blocks"])
    ]
    state = play(["Yellow", "Blue"], events)
    assert state["all_passed"] and not state["finished"]
    state = bb.apply(state, ev("finish"))
    out = bb.result(state).to_dict()
    assert out["finished"] and [p["total"] for p in out["players"]] == [8, 5]
    assert out == bb.score_sheet(EXAMPLE).to_dict()


# --- sheet refusals ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "code", "field"),
    [
        ([("point_blocks.1.counts", {"yellow": 13})], "bad_spaces", "point_blocks.1.counts.yellow"),
        ([("point_blocks.1.counts", {"yellow": 7, "blue": 6})], "too_many_spaces", "point_blocks.1.counts"),
        ([("point_blocks.1.counts", {"yellow": 7, "blue": -1})], "bad_spaces", "point_blocks.1.counts.blue"),
        ([("point_blocks.1.counts", {"yellow": 2.5})], "bad_spaces", "point_blocks.1.counts.yellow"),
        ([("point_blocks.1.counts", {"purple": 3})], "unknown_colour", "point_blocks.1.counts.purple"),
        ([("point_blocks.1.counts", {"red": 3})], "colour_not_in_play", "point_blocks.1.counts.red"),
        ([("point_blocks.1.counts", "yellow")], "bad_counts", "point_blocks.1.counts"),
        ([("point_blocks.6.owner", "purple")], "unknown_colour", "point_blocks.6.owner"),
        ([("point_blocks.6.counts", {"yellow": 7})], "counts_or_owner", "point_blocks.6"),
        ([("point_blocks.0.shape", RS)], "wrong_shape", "point_blocks.0.shape"),
        ([("point_blocks.2.shape", "blue-wave")], "wrong_shape", "point_blocks.2.shape"),
        ([("point_blocks.0.shape", DELETE)], "bad_point_block", "point_blocks.0"),
        ([("point_blocks", EXAMPLE["point_blocks"][:8])], "wrong_point_block_count", "point_blocks"),
        ([("point_blocks", board(3))], "wrong_point_block_count", "point_blocks"),
        ([("point_blocks", None)], "wrong_point_block_count", "point_blocks"),
        ([("players.1.leftover_squares", 57)], "bad_squares", "players.1.leftover_squares"),
        ([("players.1.leftover_squares", -1)], "bad_squares", "players.1.leftover_squares"),
        ([("players.0.skips", 3)], "penalty_floor", "players.0.skips"),
        ([("players.1.skips", 6)], "penalty_floor", "players.1.skips"),
        ([("players.0.skips", -1)], "bad_spaces", "players.0.skips"),
        ([("players.0.skips", 2), ("players.1.skips", 5)], "supply_exhausted", "players.1.skips"),
        ([("players.0.colours", "purple")], "unknown_colour", "players.0.colours"),
        ([("players.1.colours", "yellow")], "colour_taken", "players.1.colours"),
        ([("players.1.colours", ["blue", "green"])], "bad_colours", "players.1.colours"),
        ([("players.0.name", "  ")], "bad_name", "players.0.name"),
        ([("players.0.team", "A"), ("players.1.team", "B")], "no_teams", "players"),
        ([("variant", "three-colour")], "bad_option", "variant"),
        ([("tie_takes_nobody", "yes")], "bad_option", "tie_takes_nobody"),
        ([("variant", "couples")], "wrong_player_count", "players"),
        ([("players", EXAMPLE["players"][:1])], "wrong_player_count", "players"),
        ([("players", EXAMPLE["players"] * 3)], "wrong_player_count", "players"),
    ],
)
def test_sheet_refusals_name_the_field(changes, code, field):
    assert refusal(lambda: bb.score_sheet(sheet_with(*changes))) == (code, field)


@pytest.mark.parametrize(
    ("variant", "seats"),
    [
        ("two-colour", 3),
        ("two-colour", 4),
        ("couples", 2),
        ("couples", 3),
        ("official-2p", 3),
        ("official-2p", 4),
        ("standard", 1),
        ("standard", 5),
    ],
)
def test_wrong_number_of_players_for_the_variant(variant, seats):
    code, field = refusal(lambda: bb.setup({"variant": variant}, ["Ann", "Bob", "Cy", "Dee", "Eve"][:seats]))
    assert (code, field) == ("wrong_player_count", "seats")


def test_leftovers_are_bounded_by_four_squares_per_block():
    assert bb.score_sheet(sheet_with(("players.1.leftover_squares", 56))).to_dict()["players"][1]["total"] == -43
    wider = sheet_with(("players.1.leftover_squares", 70), ("max_squares_per_block", 5))
    assert bb.score_sheet(wider).to_dict()["players"][1]["total"] == 13 - 70


# --- majorities and ties ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("counts", "tie_takes_nobody", "owner", "why", "clinched"),
    [
        ({"yellow": 7, "blue": 5}, True, "yellow", "yellow 7 vs blue 5", True),
        ({"yellow": 7}, True, "yellow", "yellow 7, nobody else", True),
        ({"yellow": 6}, True, "yellow", "yellow 6, nobody else", False),  # blue could still tie 6–6
        ({"yellow": 6, "blue": 5}, True, "yellow", "yellow 6 vs blue 5", False),
        ({"yellow": 6, "blue": 3, "red": 3}, True, "yellow", "yellow 6 vs red 3", True),  # all 12 full
        ({"yellow": 4, "blue": 4}, True, None, "tie 4–4: nobody", False),
        ({"yellow": 4, "blue": 4, "red": 4}, True, None, "tie 4–4–4: nobody", False),
        ({"yellow": 4, "blue": 4, "red": 1}, False, "blue", "tie 4–4: blue (later in turn order)", False),
        ({"yellow": 5, "red": 5, "blue": 1}, False, "red", "tie 5–5: red (later in turn order)", False),
        ({}, True, None, "nobody surrounds it", False),
        ({"yellow": 0, "blue": 0}, False, None, "nobody surrounds it", False),
    ],
)
def test_majority(counts, tie_takes_nobody, owner, why, clinched):
    state = play(["Ann", "Bob", "Cy"], [ev("point_block", index=0, counts=counts)], tie_takes_nobody=tie_takes_nobody)
    block = state["point_block_owners"][0]
    assert (block["owner"], block["why"], block["clinched"]) == (owner, why, clinched)


def test_tie_of_final_totals_shares_the_win():
    # Blue leaves 5 squares instead of 8: both finish on 8.
    out = bb.score_sheet(sheet_with(("players.1.leftover_squares", 5))).to_dict()
    assert out["winners"] == ["Yellow", "Blue"]
    assert out["reason"] == "Tie on 8 points: Yellow and Blue share the win."


def test_tie_rule_off_gives_the_tied_block_to_the_later_player():
    out = bb.score_sheet(sheet_with(("tie_takes_nobody", False))).to_dict()
    assert out["point_blocks"][8]["owner"] == "blue"
    assert lines_of(out["players"][1])[0] == ("2 × red circle", 7)
    assert out["players"][1]["total"] == 9


# --- sets and immediate wins ------------------------------------------------------------


def test_two_players_three_of_a_shape_is_an_immediate_win():
    sheet = sheet_with(("point_blocks", board(2, owners={i: "blue" for i in indexes_of(2, RS)})))
    out = bb.score_sheet(sheet).to_dict()
    assert out["winners"] == ["Blue"]
    assert out["reason"] == "Immediate win: Blue holds 3 × red star."
    assert ("3 × red star (immediate win)", 0) in lines_of(out["players"][1])


def test_immediate_win_during_play_ends_the_game_at_once():
    stars = indexes_of(2, RS)
    events = [ev("point_block", index=i, counts={"yellow": 7, "blue": 3}) for i in stars]
    state = play(["Ann", "Bob"], events)
    assert state["finished"] and state["immediate_win"]["sets"] == [{"seat": 0, "name": "Ann", "shape": RS, "count": 3}]
    assert refusal(lambda: bb.apply(state, ev("skip", seat=1, spaces=1)))[0] == "game_over"
    assert bb.apply(state, ev("finish")) is state
    assert bb.result(state).to_dict()["winners"] == ["Ann"]


def test_an_uncertain_majority_is_not_yet_an_immediate_win():
    stars = indexes_of(2, RS)
    events = [ev("point_block", index=i, counts={"yellow": 6, "blue": 5}) for i in stars]
    state = play(["Ann", "Bob"], events)
    assert not state["finished"]
    ann = bb.result(state).to_dict()["players"][0]
    assert ("3 × red star (an immediate win once it is certain)", 0) in lines_of(ann)
    state = play(["Ann", "Bob"], [ev("pass", seat=0), ev("pass", seat=1)])
    for event in events:
        state = bb.apply(state, event)
    assert state["finished"] and state["immediate_win"]["seats"] == [0]


def test_simultaneous_immediate_wins_share_the_win():
    owners = {i: "yellow" for i in indexes_of(2, RS)} | {i: "blue" for i in indexes_of(2, GS)}
    out = bb.score_sheet(sheet_with(("point_blocks", board(2, owners=owners)))).to_dict()
    assert out["winners"] == ["Yellow", "Blue"]
    assert out["reason"].endswith("they share the win.")


THREE = [{"name": n, "skips": 0, "leftover_squares": 0} for n in ("Ann", "Bob", "Cy")]
FOUR = [{"name": n, "skips": 0, "leftover_squares": 0} for n in ("Ann", "Bob", "Cy", "Dee")]


@pytest.mark.parametrize(
    ("players", "area", "owned_stars", "total", "winners", "reason_start"),
    [
        (THREE, 3, 3, 12 - 3, ["Ann"], "Most points"),  # 3 of a shape scores 12 with 3–4 players
        (THREE, 3, 4, 0 - 3, ["Ann"], "Immediate win: Ann holds 4 × red star"),
        (FOUR, 4, 3, 12 - 3, ["Ann"], "Most points"),
        (FOUR, 4, 4, 0 - 3, ["Ann"], "Immediate win: Ann holds 4 × red star"),
    ],
)
def test_three_and_four_players_sets(players, area, owned_stars, total, winners, reason_start):
    stars = indexes_of(area, RS)[:owned_stars]
    sheet = {"players": players, "point_blocks": board(area, owners={i: "yellow" for i in stars})}
    out = bb.score_sheet(sheet).to_dict()
    assert out["players"][0]["total"] == total
    assert out["winners"] == winners
    assert out["reason"].startswith(reason_start)


# --- variants ---------------------------------------------------------------------------


def two_colour_sheet(counts, **extra):
    return {
        "variant": "two-colour",
        "players": [{"name": "Ann", "leftover_squares": 0, **extra}, {"name": "Bob", "leftover_squares": 0}],
        "point_blocks": board(4, counts={0: counts}),
    }


def test_two_colour_single_colours_decide_the_block():
    # Ann's yellow 4 + red 2 make 6, but Bob's blue 5 beats each of them alone.
    out = bb.score_sheet(two_colour_sheet({"yellow": 4, "red": 2, "blue": 5})).to_dict()
    ann, bob = out["players"]
    assert out["point_blocks"][0]["owner"] == "blue"
    assert (ann["colours"], bob["colours"]) == (["yellow", "red"], ["blue", "green"])
    assert lines_of(ann) == [("Start penalty", -3)]
    assert (ann["total"], bob["total"]) == (-3, 3)


def test_two_colour_sets_pool_the_players_colours_and_blocks_are_32():
    rc = indexes_of(4, RC)
    sheet = {
        "variant": "two-colour",
        "players": [{"name": "Ann", "leftover_squares": 128}, {"name": "Bob", "leftover_squares": 0}],
        "point_blocks": board(4, owners={rc[0]: "yellow", rc[1]: "red"}),
    }
    assert lines_of(bb.score_sheet(sheet).to_dict()["players"][0])[0] == ("2 × red circle", 7)
    sheet["players"][0]["leftover_squares"] = 129
    assert refusal(lambda: bb.score_sheet(sheet)) == ("bad_squares", "players.0.leftover_squares")
    sheet["players"][0]["leftover_squares"] = 0
    sheet["point_blocks"] = board(4, owners={i: c for i, c in zip(rc[:3], ["yellow", "red", "red"], strict=True)})
    assert bb.score_sheet(sheet).to_dict()["reason"] == "Immediate win: Ann holds 3 × red circle."


def test_two_colour_tie_between_one_players_colours_is_still_a_tie():
    out = bb.score_sheet(two_colour_sheet({"yellow": 4, "red": 4, "blue": 3})).to_dict()
    assert out["point_blocks"][0]["why"] == "tie 4–4: nobody"
    out = bb.score_sheet({**two_colour_sheet({"yellow": 4, "red": 4, "blue": 3}), "tie_takes_nobody": False}).to_dict()
    assert out["point_blocks"][0]["why"] == "tie 4–4: yellow (both colours are Ann's)"


def test_two_colour_colour_choice_is_checked():
    sheet = two_colour_sheet({}, colours=["yellow"])
    assert refusal(lambda: bb.score_sheet(sheet)) == ("bad_colours", "players.0.colours")
    sheet = {
        **two_colour_sheet({}),
        "players": [{"name": "Ann", "colours": ["red", "green"], "leftover_squares": 0},
                    {"name": "Bob", "colours": ["yellow", "blue"], "leftover_squares": 0}],
    }
    assert bb.score_sheet(sheet).to_dict()["players"][1]["colours"] == ["yellow", "blue"]


def test_couples_sum_partners_and_only_the_starter_pays_two():
    rs, gs = indexes_of(4, RS), indexes_of(4, GS)
    owners = {rs[0]: "yellow", rs[1]: "yellow", gs[0]: "red", gs[1]: "blue", gs[2]: "green"}
    sheet = {
        "variant": "couples",
        "players": [{"name": n, "leftover_squares": 0} for n in ("Ann", "Bob", "Cy", "Dee")],
        "point_blocks": board(4, owners=owners),
    }
    out = bb.score_sheet(sheet).to_dict()
    assert [p["total"] for p in out["players"]] == [7 - 2, 3, 3, 3]
    assert [p["team"] for p in out["players"]] == ["A", "B", "A", "B"]
    assert out["teams"] == [
        {"team": "A", "name": "Ann & Cy", "members": ["Ann", "Cy"], "seats": [0, 2], "total": 8},
        {"team": "B", "name": "Bob & Dee", "members": ["Bob", "Dee"], "seats": [1, 3], "total": 6},
    ]
    assert out["winners"] == ["Ann", "Cy"]
    assert out["reason"] == "Most team points: Ann & Cy 8 vs Bob & Dee 6."


def test_couples_single_colours_decide_and_teams_can_be_chosen():
    counts = {"yellow": 4, "red": 4, "blue": 3}  # team A has 8 together but ties 4–4 alone
    players = [{"name": n, "team": t, "leftover_squares": 0}
               for n, t in zip(("Ann", "Bob", "Cy", "Dee"), "XXYY", strict=True)]
    sheet = {"variant": "couples", "players": players, "point_blocks": board(4, counts={0: counts})}
    out = bb.score_sheet(sheet).to_dict()
    assert out["point_blocks"][0]["owner"] is None
    assert [t["members"] for t in out["teams"]] == [["Ann", "Bob"], ["Cy", "Dee"]]
    players[3]["team"] = "X"
    assert refusal(lambda: bb.score_sheet(sheet)) == ("bad_teams", "players")


def test_couples_immediate_win_goes_to_the_team():
    owners = {i: "blue" for i in indexes_of(4, BW)[:4]}
    sheet = {
        "variant": "couples",
        "players": [{"name": n, "leftover_squares": 0} for n in ("Ann", "Bob", "Cy", "Dee")],
        "point_blocks": board(4, owners=owners),
    }
    out = bb.score_sheet(sheet).to_dict()
    assert out["winners"] == ["Bob", "Dee"]
    assert out["reason"] == "Immediate win: Bob holds 4 × blue wave, so Bob & Dee wins."


def test_official_two_player_game():
    sheet = {
        "variant": "official-2p",
        "players": [{"name": "Ann", "leftover_squares": 0}, {"name": "Bob", "leftover_squares": 64}],
        "point_blocks": board(4, owners={indexes_of(4, YM)[0]: "blue"}),
    }
    out = bb.score_sheet(sheet).to_dict()
    assert lines_of(out["players"][0]) == [("Start penalty", -3)]
    assert out["players"][1]["total"] == 3 - 64
    assert out["supply"] == {"-2": 7, "-1": 7}
    sheet["players"][1]["leftover_squares"] = 65  # 16 blocks of at most 4 squares: the box's 16 a colour
    assert refusal(lambda: bb.score_sheet(sheet)) == ("bad_squares", "players.1.leftover_squares")
    sheet["players"][1]["colours"] = ["blue", "green"]
    assert refusal(lambda: bb.score_sheet(sheet)) == ("bad_colours", "players.1.colours")
    sheet["players"][1]["colours"] = "yellow"  # Ann, who names none, gets the first colour still free
    sheet["players"][1]["leftover_squares"] = 0
    assert [p["colours"] for p in bb.score_sheet(sheet).to_dict()["players"]] == [["blue"], ["yellow"]]


# --- what the box holds and what finishing needs (issue 12) --------------------------------------


@pytest.mark.parametrize("names", [["Ann", "Ann"], ["Ann", " ann"], ["Ann", "Ａｎｎ"], ["Ann", "A\u200dnn"]])
def test_two_players_of_one_name_are_refused(names):
    assert refusal(lambda: bb.setup({}, names)) == ("duplicate_name", "seats.1")
    sheet = sheet_with(("players.0.name", names[0]), ("players.1.name", names[1]))
    assert refusal(lambda: bb.score_sheet(sheet)) == ("duplicate_name", "players.1.name")


def all_passed_with_leftovers(*squares):
    return [ev("pass", seat=0), ev("pass", seat=1)] + [
        ev("leftover", seat=s, squares=n) for s, n in enumerate(squares) if n is not None]


def whole_board():
    return [ev("point_block", index=i, **{k: v for k, v in b.items() if k != "shape"})
            for i, b in enumerate(EXAMPLE["point_blocks"])]


def test_finish_refuses_while_a_point_block_is_unentered():
    state = play(["Ann", "Bob"], all_passed_with_leftovers(0, 0) + whole_board()[:-1])
    with pytest.raises(RuleError) as caught:
        bb.apply(state, ev("finish"))
    assert (caught.value.code, caught.value.field) == ("point_blocks_missing", "point_blocks.8")
    assert "row 3, column 3" in caught.value.message


def test_finish_refuses_until_every_leftover_is_said_even_zero():
    state = play(["Ann", "Bob"], all_passed_with_leftovers(0, None) + whole_board())
    with pytest.raises(RuleError) as caught:
        bb.apply(state, ev("finish"))
    assert (caught.value.code, caught.value.field) == ("leftovers_missing", "players.1.leftover_squares")
    assert "Bob" in caught.value.message and "0" in caught.value.message
    finished = bb.apply(bb.apply(state, ev("leftover", seat=1, squares=0)), ev("finish"))
    assert finished["finished"]


def test_a_sheet_must_say_every_players_leftover_squares():
    assert refusal(lambda: bb.score_sheet(sheet_with(("players.0.leftover_squares", DELETE)))) == (
        "leftovers_missing", "players.0.leftover_squares")


def test_the_official_two_player_game_follows_the_box_16_blocks_a_colour():
    rules = bb.setup({"variant": "official-2p"}, ["Ann", "Bob"])["rules"]
    assert (rules["blocks_per_colour"], rules["blocks_per_player"]) == (16, 16)
    thirty_two = bb.setup({"variant": "official-2p", "official_2p_blocks": 32}, ["Ann", "Bob"])["rules"]
    assert thirty_two["blocks_per_player"] == 32
    assert "32 blocks in total" in bb.__doc__ and "64 game blocks in 4 colors" in bb.__doc__


# --- the 2-player games on the 4-player area: whether three of a shape wins (issue 24) ------------


@pytest.mark.parametrize("variant", ["official-2p", "two-colour"])
def test_three_of_a_shape_on_the_big_board_wins_at_once_unless_the_group_plays_it_as_with_four(variant):
    owners = {i: "blue" for i in indexes_of(4, RS)[:3]}
    sheet = {"variant": variant,
             "players": [{"name": "Ann", "leftover_squares": 0}, {"name": "Bob", "leftover_squares": 0}],
             "point_blocks": board(4, owners=owners)}
    out = bb.score_sheet(sheet).to_dict()  # by default, the rulebook's 2-player rule: the game is over
    assert out["winners"] == ["Bob"] and out["reason"].startswith("Immediate win: Bob holds 3 × red star")

    sheet["two_player_sets"] = "as-with-4"  # "like a 4-player game": three score 12, four win
    out = bb.score_sheet(sheet).to_dict()
    assert out["players"][1]["total"] == 12 and not out["reason"].startswith("Immediate win")
    assert ("3 × red star", 12) in lines_of(out["players"][1])
    owners[indexes_of(4, RS)[3]] = "blue"
    sheet["point_blocks"] = board(4, owners=owners)
    assert bb.score_sheet(sheet).to_dict()["reason"].startswith("Immediate win: Bob holds 4 × red star")


def test_the_two_player_sets_option_quotes_the_rulebook_and_leaves_the_small_board_alone():
    option = next(o for o in bb.GAME.describe()["options"] if o["name"] == "two_player_sets")
    assert option["default"] == "three-win" and option["league"] is True
    assert "like a 4-player game" in option["description"] and "(for 2 players)" in option["description"]
    standard = bb.setup({"two_player_sets": "as-with-4"}, ["Ann", "Bob"])["rules"]
    assert standard["win_count"] == 3  # the 2-player area's 3 × 3 board holds three of a shape at most
    big_board = bb.setup({"variant": "official-2p", "two_player_sets": "as-with-4"}, ["Ann", "Bob"])["rules"]
    assert big_board["win_count"] == 4


def test_a_typed_two_player_final_may_hold_three_of_each_shape_as_a_group_playing_it_as_with_four_can():
    five_shapes_of_three = 5 * 12 + 3 * 0  # the 4-player area: 5 shapes, 5 of each; three of each score 12
    bb.check_final([{"name": "Ann", "score": five_shapes_of_three}, {"name": "Bob", "score": 0}])
    with pytest.raises(RuleError):
        bb.check_final([{"name": "Ann", "score": five_shapes_of_three + 1}, {"name": "Bob", "score": 0}])


def test_a_sheets_skips_may_be_zero_and_its_refusal_says_so():
    with pytest.raises(RuleError) as caught:
        bb.score_sheet(sheet_with(("players.0.skips", -1)))
    assert (caught.value.code, caught.value.field) == ("bad_spaces", "players.0.skips")
    assert caught.value.message == "Skipped spaces must be a whole number of at least 0."
    bb.score_sheet(sheet_with(("players.0.skips", 0)))


@pytest.mark.parametrize("label", ["\u202eevil", "B" * 41, "\u200b", "Team\u0007"])
def test_a_team_is_named_in_at_most_40_characters_that_show(label):
    """A couple game's team labels took what no player's name may hold: 50,000 characters (stored in a 40-character
    column by a league), a right-to-left override that makes a label read as another, characters that show nothing."""
    with pytest.raises(RuleError) as caught:
        bb.setup({"variant": "couples", "teams": [label, "Two", label, "Two"]}, ["Ann", "Bob", "Cy", "Dee"])
    assert (caught.value.code, caught.value.field) == ("bad_teams", "options.teams.0")
    assert "40" in caught.value.message and "shows" in caught.value.message


def test_a_team_label_may_be_an_emoji_sequence():
    state = bb.setup({"variant": "couples", "teams": ["👩‍👩‍👧", "🦊", "👩‍👩‍👧", "🦊"]}, ["Ann", "Bob", "Cy", "Dee"])
    assert [p["team"] for p in state["players"]] == ["👩‍👩‍👧", "🦊", "👩‍👩‍👧", "🦊"]
