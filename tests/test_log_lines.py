"""The table's log in words (frontend/js/lib/log-lines.js and each game's own lines, games/<id>-log.js,
handed in as the table screen hands them), run in node on real table states.

Each game's events, as the server stores them, against the line a person at the table reads.
The states come from the Python rules, so a renamed field on either side fails here.
"""

import json
from pathlib import Path

import pytest
from node_runner import FRONTEND_JS, module_url, run_js

from scorekeeper import games
from scorekeeper.games import block_buster, bresk, make_n_break, scorepad, wuerfelspiel

SEATS = ["Ana", "Ben", "Cleo"]


def view(game, state, seats=SEATS):
    return {"game": game.id, "seats": seats, "state": state}


def bb_state(all_passed=False, **options):
    state = block_buster.setup(options, SEATS)
    for seat in range(3) if all_passed else ():
        state = block_buster.apply(state, {"type": "pass", "data": {"seat": seat}})
    return state


BB = view(block_buster, bb_state())
BB_OVER = view(block_buster, bb_state(all_passed=True))
BB_TIE_LATER = view(block_buster, bb_state(tie_takes_nobody=False))
MNB = view(make_n_break, make_n_break.setup({}, SEATS))
WS = view(wuerfelspiel, wuerfelspiel.setup({}, SEATS))
BRESK = view(bresk, bresk.setup({}, SEATS))
PAD = view(scorepad, scorepad.setup({}, SEATS))

CASES = [
    # Block Buster: the 3-player pattern's first row is red circle, blue wave, red star, green spiral.
    (BB, "point_block", {"index": 0, "counts": {"blue": 7, "yellow": 3}},
     "Ben took the red circle block, 7 of 12 spaces (row 1, column 1)"),
    (BB, "point_block", {"index": 1, "counts": {"blue": 5, "red": 4}},
     "Ben leads at the blue wave block, 5 of 12 spaces (row 1, column 2)"),
    (BB_OVER, "point_block", {"index": 1, "counts": {"blue": 5, "red": 4}},
     "Ben took the blue wave block, 5 of 12 spaces (row 1, column 2)"),
    (BB, "point_block", {"index": 2, "counts": {"yellow": 6, "red": 6}},
     "Nobody took the red star block, tie 6–6 (row 1, column 3)"),
    (BB_TIE_LATER, "point_block", {"index": 2, "counts": {"yellow": 6, "red": 6}},
     "Cleo leads at the red star block, 6 of 12 spaces (row 1, column 3)"),
    (BB, "point_block", {"index": 3, "counts": {"yellow": 0}},
     "Nobody took the green spiral block, nobody around it (row 1, column 4)"),
    (BB, "point_block", {"index": 4, "owner": "red"}, "Cleo took the green spiral block (row 2, column 1)"),
    (BB, "point_block", {"index": 5, "owner": None}, "Nobody took the red circle block (row 2, column 2)"),
    (BB, "skip", {"seat": 0, "spaces": 2}, "Ana skipped 2 spaces: 2 × −2"),
    (BB, "skip", {"seat": 1, "spaces": 1}, "Ben skipped 1 space: 1 × −2"),
    (BB, "pass", {"seat": 2}, "Cleo passed"),
    (BB, "leftover", {"seat": 0, "squares": 5}, "Ana left 5 squares over (−5)"),
    (BB, "leftover", {"seat": 1, "squares": 0}, "Ben left 0 squares over"),
    (BB, "finish", {}, "Game finished"),
    # Make 'N' Break: the die sets the timer (setting 2 is 40 seconds by default).
    (MNB, "roll", {"dice": ["make-n-break"], "results": [{"die": "make-n-break", "face": 2}]}, "Rolled 2: 40 seconds"),
    (MNB, "die", {"face": 3, "builder": 0}, "Ana rolled a real die: 3, 50 seconds"),
    (MNB, "card", {"kind": "standard", "points": 3, "builder": 2}, "Cleo completed a 3-point card"),
    (MNB, "card", {"kind": "red-hand", "points": 2, "completed": False, "builder": 2},
     "Cleo did not complete a red hand card (2 points)"),
    (MNB, "card", {"kind": "extreme-5", "builder": 1}, "Ben completed an Extreme 5 card"),
    (MNB, "card", {"kind": "left-arrow", "builder": 1},
     "Ben completed the 4 ← card (2 points each for the builder and the left neighbour)"),
    (MNB, "card", {"kind": "ten", "builder": 1}, 'Ben set a "10" card aside for a bonus build'),
    (MNB, "bonus", {"completed": True, "builder": 1}, "Ben completed the bonus build (+5)"),
    (MNB, "bonus", {"completed": False}, "The builder missed the bonus build"),
    (MNB, "end_turn", {"builder": 2}, "Cleo's turn ended"),
    # Würfelspiel: the stopper die (0 is its blank side).
    (WS, "roll", {"dice": ["stopper"], "results": [{"die": "stopper", "face": 5}]}, "Stopper die: 5"),
    (WS, "roll", {"dice": ["stopper"], "results": [{"die": "stopper", "face": 0}]}, "Stopper die: blank"),
    (WS, "stopper", {"face": 4, "builder": 0}, "Stopper die typed in: 4"),
    (WS, "card", {"kind": "standard", "points": 1, "builder": 0}, "Ana completed a 1 point card"),
    (WS, "card", {"kind": "red-4", "builder": 0}, "Ana completed a red 4 card"),
    (WS, "end_turn", {"builder": 0}, "Ana's turn ended"),
    # Bresk!: the Bresk die and the alphabet die (# is the blank side: a space).
    (BRESK, "roll", {"dice": ["bresk"], "results": [{"die": "bresk", "face": "R"}]}, "Bresk die: R"),
    (BRESK, "roll", {"dice": ["alphabet"], "results": [{"die": "alphabet", "face": "#"}]}, "Alphabet die: a space"),
    (BRESK, "hand_in", {"seat": 1, "grid": ["########"] * 8}, "Ben handed in a grid"),
    (BRESK, "challenge", {"words": ["CAT"], "verdict": {"valid": True}}, "Challenged CAT: valid"),
    # The score pad and the lines every table shares.
    (PAD, "points", {"seat": 0, "points": 5}, "Ana +5"),
    (PAD, "points", {"seat": 2, "points": -3}, "Cleo −3"),
    (PAD, "next_round", {}, "Next round"),
    (PAD, "finish", {}, "Game finished"),
    (PAD, "timer", {"action": "set", "seconds": 90}, "Timer set to 1 minute 30"),
    (PAD, "timer", {"action": "start"}, "Timer started"),
    (PAD, "timer", {"action": "add", "seconds": 120}, "Timer: 2 minutes added"),
    (PAD, "undo", {"seq": 4, "undid": 4}, "Undid #4"),
    (PAD, "undo", {"seq": 7}, "Undid #7"),  # still waiting to be sent: the seq it names
    (PAD, "redo", {"seq": 4, "redid": 4}, "Redid #4"),
    (PAD, "next_table", {"code": "ABC234"}, "Play again: table ABC234"),
    (BRESK, "claim_seat", {"seat": 1, "device": "phone-of-ben"}, "Ben plays on a phone"),
    (MNB, "claim_seat", {"seat": 2, "device": "phone-of-ben", "took_over": True}, "Cleo's seat moved to another phone"),
    (WS, "release_seat", {"seat": 0, "device": "phone-of-ana"}, "Ana's seat is free"),
]


def translator(lang: str) -> str:
    """JS that defines ``t`` from one catalog (lib/translate.js), as the phone passes describe() its own."""
    catalog = json.dumps(str(FRONTEND_JS / "i18n" / f"{lang}.json"))
    return (f"const {{ translator }} = await import({json.dumps(module_url('lib/translate.js'))});\n"
            f"const t = translator(JSON.parse(readFileSync({catalog}, 'utf8')), {json.dumps(lang)}).translate;")


def log_module(game) -> Path:
    """Where a game's own log lines are: frontend/js/games/<id>-log.js, or for a game kept outside the
    package (``SCOREKEEPER_GAMES``), beside its rules module."""
    ours = FRONTEND_JS / "games" / f"{game.id}-log.js"
    return ours if ours.exists() else games.home_folder(game) / f"{game.id}-log.js"


def game_lines(prelude: str) -> str:
    """``prelude`` and ``lines``: each registered game's own log lines, by id, as its phone module has them."""
    urls = {g.id: log_module(g).as_uri() for g in games.REGISTRY.values() if log_module(g).exists()}
    return prelude + "\nconst lines = {};\n" + "".join(
        f"lines[{json.dumps(g)}] = (await import({json.dumps(url)})).logLines;\n" for g, url in urls.items())


DESCRIBE = "m.describe(c.event, c.view, t, lines[c.view?.game])"
ENGLISH = game_lines(translator("en"))


@pytest.fixture(scope="module")
def lines():
    cases = [{"event": {"type": kind, "data": data}, "view": v} for v, kind, data, _ in CASES]
    return run_js("lib/log-lines.js", DESCRIBE, cases, ENGLISH)


@pytest.mark.parametrize("index", range(len(CASES)), ids=[f"{c[0]['game']}-{c[1]}-{i}" for i, c in enumerate(CASES)])
def test_each_event_reads_as_words(lines, index):
    assert lines[index] == CASES[index][3]


def test_every_game_event_has_a_line():
    """No event the rules take falls back to its bare name ("point block")."""
    named = (block_buster, bresk, make_n_break, scorepad, wuerfelspiel)
    covered = {(v["game"], kind) for v, kind, _, _ in CASES}
    missing_lines = [(g.id, kind) for g in named for kind in g.EVENT_FIELDS if (g.id, kind) not in covered]
    assert missing_lines == []


@pytest.mark.parametrize("game", list(games.REGISTRY.values()), ids=lambda g: g.id)
def test_every_registered_game_says_its_sample_table_in_words(game):
    """Registry-wide: each event of the game's sample table reads as words of its own phone module,
    not as the event's bare name (a new game is held to it as soon as it is registered)."""
    assert log_module(game).exists(), (f"{game.id} has no frontend/js/games/{game.id}-log.js (a game kept outside "
                                       f"the package: {game.id}-log.js beside its rules module)")
    assert game.SAMPLE is not None, f"{game.id} declares no SAMPLE to be tested with (docs/ADDING-A-GAME.md)"
    state = game.setup(dict(game.SAMPLE.options), list(game.SAMPLE.seats))
    cases = [{"event": e, "view": {"game": game.id, "seats": list(game.SAMPLE.seats), "state": state}}
             for e in game.SAMPLE.events]
    got = run_js("lib/log-lines.js", DESCRIBE, cases, ENGLISH)
    bare = [e["type"].replace("_", " ").replace("-", " ") for e in game.SAMPLE.events]
    assert [line for line, name in zip(got, bare, strict=True) if line == name] == []


def test_a_player_the_view_does_not_know_is_named_by_seat():
    got = run_js("lib/log-lines.js", DESCRIBE,
                 [{"event": {"type": "pass", "data": {"seat": 3}}, "view": {**BB, "seats": SEATS}},
                  {"event": {"type": "point_block", "data": {"index": 0}}, "view": None}], ENGLISH)
    assert got == ["Seat 4 passed", "point block"]


def test_a_german_table_reads_german_lines():
    cases = [(BB, "point_block", {"index": 0, "counts": {"blue": 7, "yellow": 3}},
              "Ben bekommt den Punkteblock roter Kreis, 7 von 12 Feldern (Reihe 1, Spalte 1)"),
             (BB, "skip", {"seat": 0, "spaces": 2}, "Ana hat 2 Felder übersprungen: 2 × −2"),
             (WS, "end_turn", {"builder": 0}, "Zug von Ana beendet"),
             (PAD, "timer", {"action": "set", "seconds": 90}, "Timer auf 1 Minute 30 gestellt")]
    got = run_js("lib/log-lines.js", DESCRIBE,
                 [{"event": {"type": kind, "data": data}, "view": v} for v, kind, data, _ in cases],
                 game_lines(translator("de")))
    assert got == [line for *_, line in cases]
