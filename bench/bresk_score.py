"""Bresk! scoring benchmark: four full 8×8 grids scored with the real word list.

    .venv/bin/python bench/bresk_score.py [--cache-dir DIR]

Target: < 5 ms per score of four grids, in process.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorekeeper.games import bresk  # noqa: E402
from scorekeeper.lexicon import default_cache_dir, get_lexicon  # noqa: E402

# Letter frequencies roughly like a real game; about one square in five a space.
ALPHABET = "EEEEAAAIIOOUTTNNSSRRLLDDHCMPBGFYWKVJXQZ" + "#" * 10


def full_grid(rng: random.Random) -> list[str]:
    return ["".join(rng.choice(ALPHABET) for _ in range(8)) for _ in range(8)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cache-dir", type=Path, default=None)
    parser.add_argument("--runs", type=int, default=500)
    args = parser.parse_args()
    cache_dir = args.cache_dir or default_cache_dir()  # built there on the first run
    lexicon = get_lexicon("en", cache_dir=cache_dir)

    rng = random.Random(2024)
    sheets = [
        {"lexicon": "en", "players": [{"name": f"P{i}", "grid": full_grid(rng)} for i in range(4)]}
        for _ in range(args.runs)
    ]
    bresk.score_sheet(sheets[0], word_check=lexicon.word_check)  # warm up
    timings = []
    for sheet in sheets:
        started = time.perf_counter()
        bresk.score_sheet(sheet, word_check=lexicon.word_check)
        timings.append((time.perf_counter() - started) * 1e3)
    timings.sort()
    first = bresk.score_sheet(sheets[0], word_check=lexicon.word_check)
    candidates = sum(len(p.extra["candidates"]) for p in first.players)
    print(f"Bresk! scoring: 4 full grids, {args.runs} different sheets, real word list ({lexicon.word_count:,} words)")
    print(f"  candidates per sheet (first)  {candidates}")
    print(f"  median                        {statistics.median(timings):.3f} ms   target < 5 ms")
    print(f"  95th percentile               {timings[int(len(timings) * 0.95)]:.3f} ms")
    print(f"  worst                         {timings[-1]:.3f} ms")


if __name__ == "__main__":
    main()
