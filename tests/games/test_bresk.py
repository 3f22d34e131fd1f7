"""Bresk! rules: grids, scoring and bonuses (with a tiny fake word list), and table play."""

from __future__ import annotations

import ast
import copy
import json
import random
import sys
import time
from pathlib import Path

import pytest
from support import english as english_words

from scorekeeper.games import bresk
from scorekeeper.games.base import RuleError

WORDS = {"BAND", "THE", "CAFE", "VEST", "NINE", "HAT", "CAT", "CATS", "DOG", "ZEBRA", "AT"}
BLANK = "#" * 8


def fake_check(word: str) -> tuple[bool, str]:
    """A dictionary of a few words, so these tests do not depend on the real lexicon."""
    return (True, "valid") if word in WORDS else (False, "not_a_word")


def grid(*rows: str) -> list[str]:
    """Rows from the top; the rest are spaces."""
    return list(rows) + [BLANK] * (8 - len(rows))


def cafe_vest() -> list[str]:
    # CAFÉ across on row 2, VEST down column 4 through its É: the rulebook's shared-letter example.
    return grid("###V####", "CAFÉ####", "###S####", "###T####")


def sheet(*grids: list[str]) -> dict:
    names = ["Ann", "Bob", "Cy", "Di", "Ed"]
    return {"lexicon": "en", "players": [{"name": names[i], "grid": g} for i, g in enumerate(grids)]}


def score_one(g: list[str], word_check=fake_check):
    return bresk.score_sheet(sheet(g), word_check=word_check).players[0]


# --------------------------------------------------------------------------- purity


def test_rules_module_imports_only_the_standard_library():
    tree = ast.parse(Path(bresk.__file__).read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: only siblings inside games/, and the text core above them
                assert (node.level, node.module) in {(1, "base"), (1, "dice"), (2, "text")}, node.module
                continue
            modules = [node.module or ""]
        else:
            continue
        for module in modules:
            assert module.split(".")[0] in sys.stdlib_module_names or module == "__future__", module


# --------------------------------------------------------------------------- scoring


@pytest.mark.parametrize(
    ("rows", "base", "row_totals"),
    [
        pytest.param(["BAND#THE"], 7, [7, 0, 0, 0, 0, 0, 0, 0], id="rulebook BAND THE"),
        pytest.param(["BAND#EHT"], 4, [4, 0, 0, 0, 0, 0, 0, 0], id="rulebook BAND EHT: read left to right"),
        pytest.param(["NINEHAT#"], 0, [0] * 8, id="rulebook NINEHAT: no space, no words"),
        pytest.param(["band the"], 7, [7, 0, 0, 0, 0, 0, 0, 0], id="lower case and a space character"),
        pytest.param(["#ZEBRA#A"], 5, [5, 0, 0, 0, 0, 0, 0, 0], id="a lone letter is not a word"),
        pytest.param([BLANK, "AT#CAT##"], 5, [0, 5, 0, 0, 0, 0, 0, 0], id="second row"),
        pytest.param([BLANK] * 8, 0, [0] * 8, id="all spaces"),
    ],
)
def test_rows_score_their_valid_words(rows, base, row_totals):
    player = score_one(grid(*rows))
    assert player.extra["base"] == base
    assert player.extra["row_totals"] == row_totals


def test_cafe_across_and_vest_down_share_the_e():
    player = score_one(cafe_vest())
    valid = {(c["text"], c["direction"], c["index"], c["start"]) for c in player.extra["candidates"] if c["valid"]}
    assert valid == {("CAFE", "row", 1, 0), ("VEST", "column", 3, 0)}
    assert player.extra["row_totals"] == [0, 4, 0, 0, 0, 0, 0, 0]
    assert player.extra["column_totals"] == [0, 0, 0, 4, 0, 0, 0, 0]
    assert player.extra["base"] == 8
    assert player.extra["grid"][1] == "CAFE####"  # É folded


def test_candidates_explain_every_run():
    player = score_one(grid("BAND#EHT"))
    row_runs = [c for c in player.extra["candidates"] if c["direction"] == "row"]
    assert row_runs == [
        {"text": "BAND", "direction": "row", "index": 0, "start": 0, "length": 4, "valid": True,
         "reason": "valid", "points": 4},
        {"text": "EHT", "direction": "row", "index": 0, "start": 5, "length": 3, "valid": False,
         "reason": "not_a_word", "points": 0},
    ]  # fmt: skip
    # Each letter of row 0 is also a one-letter column run, which never scores.
    columns = [c for c in player.extra["candidates"] if c["direction"] == "column"]
    assert len(columns) == 7
    assert all((c["length"], c["reason"], c["points"]) == (1, "too_short", 0) for c in columns)


def test_word_check_is_not_asked_about_single_letters():
    asked = []

    def recording_check(word):
        asked.append(word)
        return fake_check(word)

    score_one(grid("A#B#CAT#"), recording_check)
    assert asked == ["CAT"]


@pytest.mark.parametrize(
    ("grids", "totals", "bonuses"),
    [
        pytest.param(
            [grid("BAND#THE"), grid("CAFE####"), grid("ZZZZ####")],
            [7 + 5 + 3, 4 + 5, 0],
            [(5, 3), (5, 0), (0, 0)],
            id="longest shared by two, most words to one",
        ),
        pytest.param(
            [grid("BAND#THE"), grid("CATS#DOG")],
            [7 + 5 + 3, 7 + 5 + 3],
            [(5, 3), (5, 3)],
            id="ties share both bonuses",
        ),
        pytest.param(
            [grid("ZEBRA###"), grid("CAT#DOG#", BLANK, "AT######")],
            [5 + 5, 8 + 3],
            [(5, 0), (0, 3)],
            id="longest and most words go to different players",
        ),
        pytest.param(
            [grid("NINEHAT#"), grid(BLANK)],
            [0, 0],
            [(0, 0), (0, 0)],
            id="no valid words, no bonus",
        ),
    ],
)
def test_bonuses_across_players(grids, totals, bonuses):
    result = bresk.score_sheet(sheet(*grids), word_check=fake_check)
    assert [p.total for p in result.players] == totals
    assert [(p.extra["bonuses"]["longest_word"], p.extra["bonuses"]["most_words"]) for p in result.players] == bonuses
    best = max(totals)
    assert result.winners == [p.name for p in result.players if p.total == best]
    assert result.finished is True


def test_lines_explain_the_total():
    result = bresk.score_sheet(sheet(cafe_vest(), grid("CAT#####")), word_check=fake_check)
    ann = english_words(result.to_dict())["players"][0]  # the English words (the API says them in any language)
    assert ann["lines"] == [
        {"label": "Rows", "points": 4},
        {"label": "Columns", "points": 4},
        {"label": "Longest word bonus", "points": 5},
        {"label": "Most words bonus", "points": 3},
    ]
    assert sum(line["points"] for line in ann["lines"]) == ann["total"] == 16
    assert (ann["valid_words"], ann["longest"]) == (2, 4)
    assert result.winners == ["Ann"]
    json.dumps(result.to_dict())  # the API sends it as it is


@pytest.mark.parametrize(
    ("player_grid", "field", "message"),
    [
        (grid("BAND#THE")[:7], "players.0.grid", "A grid has 8 rows of 8 squares; this one has 7 rows."),
        (grid("BAND#THE") + [BLANK], "players.0.grid", "A grid has 8 rows of 8 squares; this one has 9 rows."),
        ("BAND#THE", "players.0.grid", "A grid has 8 rows of 8 squares; this one has no rows."),
        (grid(BLANK, BLANK, "BAND#THEM"), "players.0.grid.2", "Row 3 has 9 squares; it needs 8"),
        (grid(BLANK, "BAND"), "players.0.grid.1", "Row 2 has 4 squares; it needs 8"),
        (grid(BLANK, BLANK, BLANK, "BAND#7HE"), "players.0.grid.3.5",
         "Row 4, column 6: '7' is not a letter or a space (#)."),
        (grid("BAND-THE"), "players.0.grid.0.4", "Row 1, column 5: '-' is not a letter or a space (#)."),
        (grid("STRAßE##"), "players.0.grid.0.4", "Row 1, column 5: 'ß' is not a letter or a space (#)."),
        (grid(BLANK, 12345678), "players.0.grid.1", "Row 2 must be written as text"),
    ],
)  # fmt: skip
def test_malformed_grids_name_the_square(player_grid, field, message):
    with pytest.raises(RuleError) as caught:
        bresk.score_sheet(sheet(player_grid), word_check=fake_check)
    assert caught.value.field == field
    assert caught.value.message.startswith(message)
    assert caught.value.code in ("bad_grid", "bad_cell")


def test_accents_combining_marks_and_spaces_are_accepted():
    player = score_one(grid("cafe\u0301 the"))  # e + combining acute is one square
    assert player.extra["grid"][0] == "CAFE#THE"
    assert player.extra["base"] == 7


@pytest.mark.parametrize(
    ("bad_sheet", "field"),
    [
        ({"players": []}, "players"),
        ({"players": [{"name": "Ann", "grid": grid()}] * 11}, "players"),
        ({"players": [{"name": " ", "grid": grid()}]}, "players.0.name"),
        ({"players": [{"name": "Ann", "grid": grid()}, {"name": "Bob", "grid": grid("?")}]}, "players.1.grid.0"),
        ({"players": [{"name": "Ann", "grid": grid()}, {"name": "Bob"}]}, "players.1.grid"),
        ({"lexicon": "xx", "players": [{"name": "Ann", "grid": grid()}]}, "lexicon"),
    ],
)
def test_malformed_sheets_name_the_field(bad_sheet, field):
    with pytest.raises(RuleError) as caught:
        bresk.score_sheet(bad_sheet, word_check=fake_check)
    assert caught.value.field == field


def test_scoring_needs_a_word_check():
    with pytest.raises(TypeError, match="word_check"):
        bresk.score_sheet(sheet(grid()))


# --------------------------------------------------------------------------- table play


def roll(*faces) -> dict:
    """A server roll event: roll("bresk", 2) or roll("bresk", "BRESK", "alphabet", "Q")."""
    pairs = list(zip(faces[::2], faces[1::2], strict=True))
    results = [{"die": d, "face": f} for d, f in pairs]
    return {"type": "roll", "data": {"dice": [d for d, _ in pairs], "results": results}}


def hand_in(seat: int, g: list[str]) -> dict:
    return {"type": "hand_in", "data": {"seat": seat, "grid": g}}


def play(state: dict, *events: dict) -> dict:
    for event in events:
        state = bresk.apply(state, event)
    return state


def fill_the_grids(state: dict) -> dict:
    """Roll 3s until all 64 squares are placed (the last roll asks for only 1)."""
    while state["placements"] < bresk.SQUARES:
        state = bresk.apply(state, roll("bresk", 3))
    return state


def new_table(seats=("Ann", "Bob", "Cy"), **options) -> dict:
    return bresk.setup(options, list(seats))


def test_setup_says_what_happens_first():
    state = new_table()
    assert state["roller"] == 0 and state["placements"] == 0 and state["placements_left"] == 64
    assert state["requires"] == {"kind": "roll_bresk"}
    assert state["options"] == {o.name: o.default for o in bresk.OPTIONS}
    assert state["hand_ins"] == [None, None, None]
    json.dumps(state)


@pytest.mark.parametrize(
    ("events", "placements", "roller", "requires", "alphabet_pending"),
    [
        ([roll("bresk", 0)], 0, 1, {"kind": "nothing"}, False),
        ([roll("bresk", 1)], 1, 1, {"kind": "choose", "count": 1}, False),
        ([roll("bresk", 3), roll("bresk", 2)], 5, 2, {"kind": "choose", "count": 2}, False),
        ([roll("bresk", "BRESK")], 0, 0, {"kind": "roll_alphabet"}, True),
        ([roll("bresk", "BRESK"), roll("alphabet", "Q")], 1, 1, {"kind": "letter", "letter": "Q"}, False),
        ([roll("bresk", "BRESK"), roll("alphabet", "#")], 1, 1, {"kind": "space"}, False),
        ([roll("bresk", "BRESK", "alphabet", "K")], 1, 1, {"kind": "letter", "letter": "K"}, False),
        ([roll("alphabet", "K", "bresk", 2)], 2, 1, {"kind": "choose", "count": 2}, False),
        ([roll("bresk", 1)] * 3, 3, 0, {"kind": "choose", "count": 1}, False),  # back to the first seat
    ],
)
def test_rolls(events, placements, roller, requires, alphabet_pending):
    state = play(new_table(), *events)
    assert state["placements"] == placements
    assert state["placements_left"] == 64 - placements
    assert state["roller"] == roller
    assert state["requires"] == requires
    assert state["alphabet_pending"] is alphabet_pending


def test_both_dice_with_a_number_ignore_the_alphabet_die():
    state = play(new_table(), roll("bresk", 2, "alphabet", "Q"))
    assert state["last_roll"] == {"seat": 0, "bresk": 2, "alphabet": "Q", "alphabet_ignored": True}
    assert state["letters_rolled"] == []


def test_letters_rolled_are_kept_like_the_scorecard_margin():
    state = play(new_table(), roll("bresk", "BRESK"), roll("alphabet", "Q"), roll("bresk", "BRESK", "alphabet", "#"))
    assert state["letters_rolled"] == ["Q", "#"]


@pytest.mark.parametrize(
    ("before", "event", "code", "field"),
    [
        ([], roll("alphabet", "Q"), "bresk_first", "data.dice"),
        ([roll("bresk", "BRESK")], roll("bresk", 2), "alphabet_pending", "data.dice"),
        ([roll("bresk", "BRESK")], roll("bresk", 1, "alphabet", "Q"), "alphabet_pending", "data.dice"),
        ([], roll("d6", 4), "wrong_die", "data.results.0"),
        ([], roll("bresk", 1, "bresk", 2), "wrong_die", "data.results.1"),
        ([], roll("bresk", 4), "bad_face", "data.results.0.face"),
        ([], roll("bresk", True), "bad_face", "data.results.0.face"),
        ([], roll("alphabet", "q"), "bad_face", "data.results.0.face"),
        ([], {"type": "roll", "data": {"dice": [], "results": []}}, "no_dice", "data.results"),
        ([], {"type": "roll"}, "no_dice", "data.results"),
    ],
)
def test_rolls_at_the_wrong_moment_are_refused(before, event, code, field):
    state = play(new_table(), *before)
    with pytest.raises(RuleError) as caught:
        bresk.apply(state, event)
    assert (caught.value.code, caught.value.field) == (code, field)


def test_the_last_roll_places_only_what_is_left_then_rolling_stops():
    state = play(new_table(), *[roll("bresk", 3)] * 21)
    assert state["placements"] == 63
    state = bresk.apply(state, roll("bresk", 3))
    assert (state["placements"], state["requires"]) == (64, {"kind": "choose", "count": 1})
    with pytest.raises(RuleError) as caught:
        bresk.apply(state, roll("bresk", 2))
    assert caught.value.code == "grid_full"


def test_hand_in_waits_for_all_64_squares():
    state = play(new_table(), roll("bresk", 3))
    with pytest.raises(RuleError) as caught:
        bresk.apply(state, hand_in(0, grid("BAND#THE")))
    assert caught.value.code == "too_early"
    assert "61 still to place" in caught.value.message


def test_hand_in_early_option_lets_a_table_skip_the_dice():
    table = new_table(("Ann", "Bob"), hand_in_early=True)
    state = play(table, hand_in(0, grid("BAND#THE")), hand_in(1, grid("CAT#####")))
    assert state["finished"] is True
    assert [p.total for p in bresk.result(state, word_check=fake_check).players] == [7 + 5 + 3, 3]


@pytest.mark.parametrize(
    ("event", "code", "field"),
    [
        (hand_in(3, grid()), "bad_seat", "data.seat"),
        (hand_in(True, grid()), "bad_seat", "data.seat"),
        ({"type": "hand_in", "data": {"grid": grid()}}, "bad_seat", "data.seat"),
        (hand_in(0, grid(BLANK, BLANK, BLANK, "BAND#7HE")), "bad_cell", "data.grid.3.5"),
        (hand_in(0, grid()[:3]), "bad_grid", "data.grid"),
        (hand_in(1, grid()), "already_handed_in", "data.seat"),
    ],
)
def test_bad_hand_ins_are_refused(event, code, field):
    state = play(fill_the_grids(new_table()), hand_in(1, grid("CAT#####")))
    with pytest.raises(RuleError) as caught:
        bresk.apply(state, event)
    assert (caught.value.code, caught.value.field) == (code, field)


def test_partial_result_says_where_the_game_stands():
    state = play(new_table(), roll("bresk", 2), roll("bresk", "BRESK"))
    result = bresk.result(state, word_check=fake_check)
    assert result.finished is False and result.winners == []
    assert [(p.name, p.total, p.lines) for p in result.players] == [("Ann", 0, []), ("Bob", 0, []), ("Cy", 0, [])]
    assert result.extra["placements_left"] == 62
    assert (result.extra["roller"], result.extra["roller_name"]) == (1, "Bob")
    assert result.extra["alphabet_pending"] is True
    assert result.reason == "BRESK! Bob rolls the alphabet die."

    state = play(fill_the_grids(play(state, roll("alphabet", "E"))), hand_in(2, grid("E#######")))
    waiting = bresk.result(state)  # no word check needed before the end
    assert waiting.extra["handed_in"] == ["Cy"]
    assert waiting.reason == "The grids are full; waiting for Ann, Bob to hand in."


def test_a_whole_game_ends_with_the_same_score_as_the_sheet():
    grids = [grid("BAND#THE"), cafe_vest(), grid("NINEHAT#")]
    state = fill_the_grids(new_table())
    for seat, g in enumerate(grids):
        assert not state["finished"]
        state = bresk.apply(state, hand_in(seat, g))
    assert state["finished"] is True and state["requires"] == {"kind": "nothing"}

    played = bresk.result(state, word_check=fake_check).to_dict()
    typed_in = bresk.score_sheet(sheet(*grids), word_check=fake_check).to_dict()
    assert played["players"] == typed_in["players"]  # sheet() names them Ann, Bob, Cy too
    assert played["winners"] == typed_in["winners"] == ["Bob"]  # 8 + 5 + 3 beats 7 + 5 + 3
    assert played["finished"] is True
    json.dumps(state)

    for event in (roll("bresk", 1), hand_in(0, grids[0])):
        with pytest.raises(RuleError) as caught:
            bresk.apply(state, event)
        assert caught.value.code == "game_over"


def test_apply_never_changes_the_state_it_was_given():
    state = fill_the_grids(new_table())
    snapshot = copy.deepcopy(state)
    bresk.apply(state, hand_in(0, grid("CAT#####")))
    bresk.apply(new_table(), roll("bresk", "BRESK"))
    assert state == snapshot


def test_challenges_belong_to_the_service_and_other_events_are_refused():
    state = new_table()
    assert bresk.apply(state, {"type": "challenge", "data": {"words": ["QI"]}}) == state
    with pytest.raises(RuleError) as caught:
        bresk.apply(state, {"type": "points", "data": {}})
    assert (caught.value.code, caught.value.field) == ("unknown_event", "type")


def test_setup_checks_seats_and_options():
    with pytest.raises(RuleError):
        bresk.setup({}, [])
    with pytest.raises(RuleError):
        bresk.setup({}, [f"P{i}" for i in range(11)])
    with pytest.raises(RuleError) as caught:
        bresk.setup({"lexicon": "xx"}, ["Ann"])
    assert caught.value.field == "options.lexicon"


def test_catalogue():
    entry = bresk.GAME.describe()
    assert (entry["id"], entry["name"], entry["min_seats"], entry["max_seats"]) == ("bresk", "Bresk!", 1, 10)
    assert {o["name"]: o["default"] for o in entry["options"]}["hand_in_early"] is False
    assert entry["events"] == ["roll", "hand_in"]
    json.dumps(entry)


# --------------------------------------------------------------------------- with the real word list


@pytest.fixture(scope="session")
def english(tmp_path_factory):
    from scorekeeper.lexicon import get_lexicon

    # Same directory as tests/lexicon/test_lexicon.py: one build per test run.
    return get_lexicon("en", cache_dir=tmp_path_factory.getbasetemp() / "lexicon-cache")


def test_rulebook_examples_with_the_real_word_list(english):
    result = bresk.score_sheet(
        sheet(grid("BAND#THE"), grid("BAND#EHT"), grid("NINEHAT#"), cafe_vest(), grid("FINCHES#", BLANK, "JUMPING#")),
        word_check=english.word_check,
    )
    bases = [p.extra["base"] for p in result.players]
    assert bases == [7, 4, 0, 8, 14]
    reasons = {c["text"]: c["reason"] for p in result.players for c in p.extra["candidates"]}
    assert reasons["EHT"] == reasons["NINEHAT"] == "not_a_word"
    assert reasons["JUMPING"] == "valid"


def random_full_grid(rng: random.Random) -> list[str]:
    alphabet = "EEEEAAAIIOOUTTNNSSRRLLDDHCMPBGFYWKVJXQZ" + "#" * 12
    return ["".join(rng.choice(alphabet) for _ in range(8)) for _ in range(8)]


def test_scoring_four_full_grids_is_fast(english):
    rng = random.Random(64)
    four = sheet(*[random_full_grid(rng) for _ in range(4)])
    bresk.score_sheet(four, word_check=english.word_check)  # warm up
    timings = []
    for _ in range(20):
        started = time.perf_counter()
        bresk.score_sheet(four, word_check=english.word_check)
        timings.append(time.perf_counter() - started)
    assert sorted(timings)[len(timings) // 2] < 0.005


# --------------------------------------------------------------------------- what the dice allow (issue 12)


def rolled_then_filled(*events: dict) -> dict:
    """The given rolls, then 3s until the grid is full."""
    return fill_the_grids(play(new_table(), *events))


def test_the_alphabet_die_has_one_blank_side():
    faces = bresk.DICE["alphabet"]["faces"]
    assert faces.count("#") == 1 and len(faces) == 27
    assert set(faces) - {"#"} == set("ABCDEFGHIJKLMNOPQRSTUVWXYZ")


def test_a_forced_letter_must_be_in_the_grid_at_hand_in():
    state = rolled_then_filled(roll("bresk", "BRESK"), roll("alphabet", "Q"))
    with pytest.raises(RuleError) as caught:
        bresk.apply(state, hand_in(0, grid("BAND#THE")))
    assert (caught.value.code, caught.value.field) == ("forced_letter", "data.grid")
    assert "Q" in caught.value.message and "every player must use" in caught.value.message
    assert bresk.apply(state, hand_in(0, grid("QBAND#THE"[:8])))["hand_ins"][0] is not None


def test_a_letter_forced_twice_must_be_written_twice():
    state = rolled_then_filled(roll("bresk", "BRESK", "alphabet", "E"), roll("bresk", "BRESK", "alphabet", "E"))
    with pytest.raises(RuleError) as caught:
        bresk.apply(state, hand_in(0, grid("THE#####")))
    assert caught.value.code == "forced_letter" and "2 times" in caught.value.message
    bresk.apply(state, hand_in(0, grid("THE#THE#")))


def test_a_forced_space_must_be_in_the_grid():
    state = rolled_then_filled(roll("bresk", "BRESK", "alphabet", "#"))
    full = ["ABCDEFGH"] * 8  # not one space
    with pytest.raises(RuleError) as caught:
        bresk.apply(state, hand_in(0, full))
    assert (caught.value.code, caught.value.field) == ("forced_space", "data.grid")
    bresk.apply(state, hand_in(0, ["ABCDEFG#"] + ["ABCDEFGH"] * 7))


def test_a_roll_of_two_gives_two_squares_not_three():
    state = play(new_table(("Ann", "Bob"), hand_in_early=True), roll("bresk", 2))
    with pytest.raises(RuleError) as caught:
        bresk.apply(state, hand_in(0, grid("CAT#####")))
    assert (caught.value.code, caught.value.field) == ("too_many_letters", "data.grid")
    assert "2 squares" in caught.value.message
    assert bresk.apply(state, hand_in(0, grid("AT######")))["hand_ins"][0] == grid("AT######")


def test_hand_in_early_without_any_roll_entered_cannot_count_the_letters():
    state = new_table(("Ann", "Bob"), hand_in_early=True)
    bresk.apply(state, hand_in(0, grid("BAND#THE")))


def test_the_sheet_checks_grids_against_the_rolls_when_it_has_them():
    rolls = ["Q"] + [3] * 21  # a BRESK that gave Q, then 63 squares
    good = sheet(grid("QAT#####"), grid("CAT#Q###"))
    bresk.score_sheet({**good, "rolls": rolls}, word_check=fake_check)
    bad = sheet(grid("QAT#####"), grid("CAT#####"))
    with pytest.raises(RuleError) as caught:
        bresk.score_sheet({**bad, "rolls": rolls}, word_check=fake_check)
    assert (caught.value.code, caught.value.field) == ("forced_letter", "players.1.grid")
    bresk.score_sheet(bad, word_check=fake_check)  # no rolls written down: nothing to compare


def test_a_sheets_rolls_read_letters_as_its_grids_do_whatever_their_case():
    good = sheet(grid("QAT#####"), grid("CAT#Q###"))
    for letter in ("q", " Q", "q "):  # grids are read in any case; so are the letters of the rolls
        bresk.score_sheet({**good, "rolls": [letter] + [3] * 21}, word_check=fake_check)


@pytest.mark.parametrize(
    ("rolls", "code", "field"),
    [
        ([3] * 21, "rolls_short", "rolls"),
        ([3] * 22 + [1], "grid_full", "rolls.22"),
        ([4], "bad_roll", "rolls.0"),
        (["QU"], "bad_roll", "rolls.0"),
        ([""], "bad_roll", "rolls.0"),
        ("3333", "bad_sheet", "rolls"),
    ],
)
def test_the_sheet_refuses_rolls_that_cannot_be(rolls, code, field):
    with pytest.raises(RuleError) as caught:
        bresk.score_sheet({**sheet(grid("CAT#####")), "rolls": rolls}, word_check=fake_check)
    assert (caught.value.code, caught.value.field) == (code, field)


@pytest.mark.parametrize("names", [("Ann", "Ann"), ("Ann", " ann ")])
def test_two_players_of_one_name_are_refused_on_a_sheet(names):
    two = {"players": [{"name": n, "grid": grid("CAT#####")} for n in names]}
    with pytest.raises(RuleError) as caught:
        bresk.score_sheet(two, word_check=fake_check)
    assert (caught.value.code, caught.value.field) == ("duplicate_name", "players.1.name")


def test_live_word_marking_is_an_option_off_by_default_quoting_the_rulebook():
    option = {o.name: o for o in bresk.OPTIONS}["live_word_marking"]
    assert option.default is False
    assert "may only consult a dictionary during the scoring phase" in option.description
    assert new_table(live_word_marking=True)["options"]["live_word_marking"] is True


def test_decisions_are_written_at_the_top_of_the_module():
    doc = bresk.__doc__
    for words in ("the blank side", "six-sided Bresk die", "consult a dictionary during the scoring phase"):
        assert words in doc


def test_a_lone_player_takes_both_bonuses_unless_the_option_says_not():
    alone = {"players": [{"name": "Ann", "grid": grid("BAND#THE")}]}
    assert bresk.score_sheet(alone, word_check=fake_check).players[0].total == 7 + 5 + 3
    assert bresk.score_sheet({**alone, "solo_bonuses": False}, word_check=fake_check).players[0].total == 7
    state = play(new_table(("Ann",), solo_bonuses=False), *[roll("bresk", 3)] * 22, hand_in(0, grid("BAND#THE")))
    assert bresk.result(state, word_check=fake_check).players[0].total == 7


def test_the_bresk_die_twice_option_picks_the_die_the_table_rolls():
    assert bresk.bresk_die(new_table()["options"]) == "bresk"
    table = new_table(bresk_die_twice=0)
    assert bresk.bresk_die(table["options"]) == "bresk-0-twice"
    assert bresk.DICE["bresk-0-twice"]["faces"].count(0) == 2
    assert play(table, roll("bresk-0-twice", 2))["placements"] == 2
    with pytest.raises(RuleError) as caught:
        bresk.apply(table, roll("bresk", 2))  # another die than the table's
    assert (caught.value.code, caught.value.field) == ("wrong_die", "data.results.0")
