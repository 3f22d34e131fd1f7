"""The recap's fast readers of a recorded sheet tell what replaying it through the rules tells.

``make_n_break.sheet_turns`` and ``block_buster.sheet_penalties`` read a sheet's numbers straight, without
replaying every event; these compare them with the full replay on sheets with every kind of card and penalty.
"""

from __future__ import annotations

import random

import pytest

from scorekeeper.games import block_buster, make_n_break

P2 = ["red-circle", "red-star", "green-spiral", "green-spiral", "red-circle", "red-star", "red-star", "green-spiral",
      "red-circle"]


def random_card(rng, extreme_points):
    kind = rng.choice(make_n_break.CARD_KINDS)
    if kind in ("standard", "red-hand"):
        completed = rng.random() < 0.8
        return {"kind": kind, "points": rng.randint(1, 3), "completed": completed}
    if kind in ("extreme-4", "extreme-5"):
        card = {"kind": kind, "completed": rng.random() < 0.6}
        if extreme_points == "printed":
            card["points"] = rng.randint(1, 5)
        return card
    return {"kind": kind, "completed": rng.random() < 0.5}


def mnb_sheet(rng, players, extreme_points):
    turns = []
    for t in range(3 * len(players)):
        cards, arrows, tens = [], 0, 0
        for _ in range(rng.randint(0, 5)):
            card = random_card(rng, extreme_points)
            arrows += card["kind"] == "left-arrow"
            tens += card["kind"] == "ten"
            if arrows <= 1 and tens <= 2:
                cards.append(card)
        turns.append({"builder": players[t % len(players)], "die": rng.randint(1, 3), "cards": cards})
    return {"players": players, "rounds": 3, "extreme_points": extreme_points, "turns": turns}


@pytest.mark.parametrize("seed", range(12))
def test_make_n_break_turns_read_from_a_sheet_match_its_replay(seed):
    rng = random.Random(seed)
    players = ["Ann", "Ben", "Cleo"][: rng.randint(2, 3)]
    sheet = mnb_sheet(rng, players, rng.choice(["card", "printed"]))
    replayed = [{"seat": t["builder"], "points": t["points"][t["builder"]], "stage": t["stage"], "round": t["round"]}
                for t in make_n_break.replay_sheet(sheet)["history"]]
    assert make_n_break.sheet_turns(sheet) == replayed


@pytest.mark.parametrize("seed", range(8))
def test_block_buster_penalties_read_from_a_sheet_match_its_score_lines(seed):
    rng = random.Random(seed)
    held: dict[tuple[str, str], int] = {}
    blocks = []
    for shape in P2:  # nobody holds three of a shape: that would end a 2-player game at once
        owner = rng.choice([c for c in ("yellow", "blue", None) if c is None or held.get((c, shape), 0) < 2])
        held[(owner, shape)] = held.get((owner, shape), 0) + 1
        blocks.append({"shape": shape, "owner": owner})
    sheet = {"players": [{"name": n, "skips": rng.randint(0, 2), "leftover_squares": rng.randint(0, 8)}
                         for n in ("Ann", "Ben")], "point_blocks": blocks}
    scored = block_buster.score_sheet(sheet)
    assert scored.finished
    lost = [sum(line.points for line in p.lines if line.points < 0) for p in scored.players]
    assert block_buster.sheet_penalties(sheet) == lost
