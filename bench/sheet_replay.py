"""A typed score sheet's replay, the largest a game allows, in time per event.

    .venv/bin/python bench/sheet_replay.py

Recording a Make 'N' Break or Würfelspiel result from a sheet replays it through the game's own events
(``score_sheet``). Each event copies the state it changes; a state that kept its closed turns in every copy
made a sheet cost the square of its length. Printed: the whole replay and its time per event (medians of
five), for a long real game and for the largest sheet the game accepts, so that the two stay in proportion.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper.games import make_n_break, wuerfelspiel  # noqa: E402


def wuerfelspiel_sheet(rolls: int, cards: int) -> dict:
    """8 players, each the builder 10 times: ``rolls`` stopper rolls (the last ten reach 30) and ``cards`` a turn."""
    players = [f"P{i}" for i in range(8)]
    turn = lambda i: {"builder": players[i % 8], "stopper_rolls": [0] * (rolls - 10) + [3] * 10,  # noqa: E731
                      "cards": [{"kind": "standard", "points": 1}] * cards}
    return {"players": players, "turns_each": 10, "turns": [turn(i) for i in range(80)]}


def make_n_break_sheet(tie_break_rounds: int) -> dict:
    """9 players, 10 rounds of one card each, all level, then ``tie_break_rounds`` level rounds of sudden death."""
    players = [f"P{i}" for i in range(9)]
    turn = lambda name: {"builder": name, "die": 1, "cards": [{"kind": "standard", "points": 1}]}  # noqa: E731
    return {"players": players, "rounds": 10, "turns": [turn(players[i % 9]) for i in range(90)],
            "sudden_death": [turn(name) for _ in range(tie_break_rounds) for name in players]}


def events(sheet: dict) -> int:
    turns = sheet["turns"] + sheet.get("sudden_death", [])
    return sum(len(t.get("stopper_rolls", [])) + len(t["cards"]) + 2 for t in turns)


def timed(module, sheet: dict) -> float:
    samples = []
    for _ in range(5):
        start = time.perf_counter()
        module.score_sheet(sheet)
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def main() -> None:
    cases = [("Würfelspiel, a long real game (40 rolls, 15 cards a turn)", wuerfelspiel, wuerfelspiel_sheet(40, 15)),
             ("Würfelspiel, the largest sheet (100 rolls, 30 cards a turn)", wuerfelspiel, wuerfelspiel_sheet(100, 30)),
             ("Make 'N' Break, 10 rounds of 9 and 10 tie-break rounds", make_n_break, make_n_break_sheet(10))]
    for label, module, sheet in cases:
        seconds = timed(module, sheet)
        print(f"{label}: {events(sheet):,} events, {seconds * 1000:,.0f} ms, {seconds / events(sheet) * 1e6:,.0f} µs "
              "an event", flush=True)


if __name__ == "__main__":
    main()
