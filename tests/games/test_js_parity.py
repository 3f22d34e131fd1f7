"""One rules definition: where the phone previews a rule in JavaScript, it says what Python says.

The phone judges a Block Buster point block while its spaces are counted
(`frontend/js/games/block-buster-rules.js` `judge`) and scores a Bresk! grid while it is
written (`frontend/js/games/bresk-score.js` `scoreCells`). The server's verdict is the one
kept, but a preview that disagrees with it misleads the table. Node runs the JavaScript on
the same table-driven cases as the Python, and any difference fails.
"""

import random

from node_runner import run_js

from scorekeeper.games import block_buster, bresk

# --- Block Buster: who holds a point block ------------------------------------------------

NAMES = {2: ["Ann", "Ben"], 3: ["Ann", "Ben", "Cat"], 4: ["Ann", "Ben", "Cat", "Dan"]}


def table(players: int, **options) -> dict:
    return block_buster.setup(options, NAMES[players])


def python_verdict(state: dict, counts: dict) -> tuple[dict, dict]:
    """The counts as the server stores them (every colour in play) and its verdict on them."""
    after = block_buster.apply(state, {"type": "point_block", "data": {"index": 0, "counts": counts}})
    judged = after["point_block_owners"][0]
    return after["point_blocks"][0]["counts"], {k: judged[k] for k in ("owner", "why", "clinched")}


HAND_PICKED = [
    # (players, options, counts, what it checks)
    (3, {}, {}, "nobody around it"),
    (3, {}, {"yellow": 0, "blue": 0}, "zeros only"),
    (3, {}, {"yellow": 7}, "7 clinches alone"),
    (3, {}, {"yellow": 6}, "6 alone: 6 free, not clinched"),
    (3, {}, {"yellow": 6, "blue": 5}, "lead 1 with 1 free: not clinched"),
    (3, {}, {"yellow": 7, "blue": 5}, "full ring"),
    (3, {}, {"yellow": 5, "blue": 2, "red": 2}, "runners-up tied: named by colour, last first"),
    (3, {}, {"yellow": 6, "blue": 6}, "2-way tie: nobody"),
    (3, {}, {"yellow": 4, "blue": 4, "red": 4}, "3-way tie: nobody"),
    (3, {"tie_takes_nobody": False}, {"yellow": 6, "blue": 6}, "tie: the later seat"),
    (3, {"tie_takes_nobody": False}, {"yellow": 4, "blue": 4, "red": 4}, "3-way tie: the latest seat"),
    (3, {"tie_takes_nobody": False}, {"yellow": 3, "red": 3, "blue": 1}, "tie skipping a seat"),
    (2, {"variant": "two-colour", "tie_takes_nobody": False}, {"yellow": 5, "red": 5}, "both colours one player's"),
    (2, {"variant": "two-colour", "tie_takes_nobody": False}, {"red": 4, "green": 4}, "two-colour tie across"),
    (2, {"variant": "two-colour"}, {"yellow": 5, "red": 4, "blue": 3}, "colours decide, not players"),
    (4, {}, {"green": 12}, "the last seat, all 12"),
    (4, {}, {"yellow": 1, "blue": 1, "red": 1, "green": 1}, "4-way tie of ones"),
    (4, {"tie_takes_nobody": False}, {"yellow": 2, "blue": 2, "red": 2, "green": 2}, "4-way tie: the last seat"),
    (2, {"variant": "official-2p"}, {"yellow": 3, "blue": 2}, "official 2-player"),
]


def generated_cases() -> list[tuple[int, dict, dict, str]]:
    """Every split of the ring between two colours, and random boards of three and four."""
    cases = [(2, {}, {"yellow": a, "blue": b}, f"2p {a}-{b}") for a in range(13) for b in range(13 - a)]
    rng = random.Random(14)
    for players in (3, 4):
        colours = block_buster.COLOURS[:players]
        for k in range(150):
            counts, left = {}, 12
            for colour in rng.sample(colours, players):
                counts[colour] = rng.randint(0, min(left, 7))
                left -= counts[colour]
            cases.append((players, {"tie_takes_nobody": k % 2 == 0}, counts, f"{players}p random {k}"))
    return cases


def test_block_buster_judge_matches_the_server():
    cases, expected = [], []
    for players, options, counts, what in HAND_PICKED + generated_cases():
        state = table(players, **options)
        stored, verdict = python_verdict(state, counts)
        cases.append({"counts": stored, "state": {"players": state["players"], "options": state["options"]}})
        expected.append((what, verdict))
    shown = run_js("games/block-buster-rules.js", "m.judge(c.counts, c.state)", cases)
    differences = [(what, want, {k: got[k] for k in want}) for (what, want), got in zip(expected, shown, strict=True)
                   if {k: got[k] for k in want} != want]
    assert not differences, differences[:5]
    assert len(cases) > 300


def test_block_buster_hand_picked_verdicts_read_right():
    # The parity above could pass with both sides wrong; these pin a few in the rulebook's terms.
    verdicts = {what: python_verdict(table(p, **o), c)[1] for p, o, c, what in HAND_PICKED}
    assert verdicts["7 clinches alone"] == {"owner": "yellow", "why": "yellow 7, nobody else", "clinched": True}
    assert verdicts["2-way tie: nobody"]["owner"] is None
    assert verdicts["tie: the later seat"]["owner"] == "blue"
    assert verdicts["both colours one player's"]["why"] == "tie 5–5: yellow (both colours are Ann's)"
    assert verdicts["runners-up tied: named by colour, last first"]["why"] == "yellow 5 vs red 2"


# --- Bresk!: a grid's words and totals ----------------------------------------------------

WORDS = {"CAT", "CATS", "AT", "TO", "DOG", "GO", "SEA", "EAT", "TEA", "ATE", "ZEBRAS", "OX"}


def python_word_check(word: str) -> tuple[bool, str]:
    return (True, "valid") if word in WORDS else (False, "not_a_word")


GRIDS = [
    ["########"] * 8,  # all spaces
    ["CATS####", "A#######", "T#######", "########", "########", "########", "########", "########"],
    ["ZEBRASOX"] + ["########"] * 7,  # a run to the edge that is not a word
    ["CAT#DOG#", "O#E#O###", "#TEA#G##", "GO#T####", "########", "##OX####", "A#######", "T######A"],
    ["ABCDEFGH", "IJKLMNOP", "QRSTUVWX", "YZABCDEF", "GHIJKLMN", "OPQRSTUV", "WXYZABCD", "EFGHIJKL"],
    ["A#A#A#A#", "#A#A#A#A"] * 4,  # single letters only: too short everywhere
    ["TO######", "O#######", "########", "#######A", "#######T", "########", "######GO", "######OX"],
]


def test_bresk_score_cells_matches_the_server():
    rng = random.Random(16)
    grids = list(GRIDS)
    for _ in range(40):  # random grids, dense in the few letters the words use
        grids.append(["".join(rng.choice("CATSEODGX##") for _ in range(8)) for _ in range(8)])
    expected = [bresk.score_grid(g, python_word_check) for g in grids]
    cases = [{"cells": [ch for row in g for ch in row], "words": sorted(WORDS)} for g in grids]
    judge = "(w) => (c.words.includes(w) ? 'valid' : 'not_a_word')"
    shown = run_js("games/bresk-score.js", f"m.scoreCells(c.cells, {judge})", cases)
    for grid, want, got in zip(grids, expected, shown, strict=True):
        assert got["candidates"] == want["candidates"], grid
        assert (got["rowTotals"], got["columnTotals"], got["base"]) == (
            want["row_totals"], want["column_totals"], want["base"]), grid
    assert expected[1]["base"] == 4 + 3  # CATS across, CAT down
