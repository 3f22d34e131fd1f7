"""Standings for a big league: 50 players, 10,000 results, timed.

    .venv/bin/python bench/standings.py                 # a temporary SQLite database
    DATABASE_URL=postgresql://… .venv/bin/python bench/standings.py   # also that PostgreSQL (tables must be migrated)

Results are bulk-inserted (one transaction); then the standings for a season are timed cold
(one query, one pass in Python, OpenSkill for every game) and warm (the per-revision cache).
"""

from __future__ import annotations

import datetime as dt
import os
import random
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sqlalchemy import insert, select  # noqa: E402

from scorekeeper import create_app  # noqa: E402
from scorekeeper.config import database_url  # noqa: E402
from scorekeeper.extensions import db  # noqa: E402
from scorekeeper.models import League, LeaguePlayer, LeagueResult, ResultEntry  # noqa: E402
from scorekeeper.services import leagues  # noqa: E402

PLAYERS, RESULTS = 50, 10_000
GAMES = ("scorepad", "make-n-break", "bresk", "block-buster", "wuerfelspiel")


def fill(league: League) -> None:
    rng = random.Random(7)
    for i in range(PLAYERS):
        leagues.add_player(league, f"Player {i:02d}", commit=False)
    db.session.flush()
    ids = list(db.session.scalars(select(LeaguePlayer.id).where(LeaguePlayer.league_id == league.id)))
    start = dt.date(2020, 1, 1)
    results, entries = [], []
    first_id = (db.session.scalar(select(db.func.max(LeagueResult.id))) or 0) + 1
    for n in range(RESULTS):
        results.append({"id": first_id + n, "league_id": league.id, "uid": str(uuid.UUID(int=rng.getrandbits(128))),
                        "game": rng.choice(GAMES), "played_on": start + dt.timedelta(days=n // 8), "table_code": None,
                        "sheet": None, "digest": "0" * 64, "version": 1, "created_at_ms": 0, "updated_at_ms": 0})
        seated = rng.sample(ids, rng.randint(2, 5))
        scores = [rng.randint(0, 60) for _ in seated]
        for position, (player, score) in enumerate(zip(seated, scores, strict=True)):
            entries.append({"result_id": first_id + n, "player_id": player, "position": position, "score": score,
                            "place": 1 + sum(s > score for s in scores), "team": None})
    db.session.execute(insert(LeagueResult), results)
    db.session.execute(insert(ResultEntry), entries)
    league.revision += 1
    db.session.commit()


def run(url: str, label: str) -> None:
    app = create_app({"SQLALCHEMY_DATABASE_URI": url})
    with app.app_context():
        from flask_migrate import upgrade

        upgrade()
        league, _ = leagues.create("Bench league")
        t = time.perf_counter()
        fill(league)
        print(f"[{label}] inserted {PLAYERS} players, {RESULTS:,} results in {time.perf_counter() - t:.1f} s")
        season = leagues.add_season(league, "2021–2022", dt.date(2021, 1, 1), dt.date(2022, 12, 31))
        for name, season_id in (("all time", None), ("one season", season.id)):
            cold = []
            for _ in range(3):
                leagues._CACHE.clear()
                t = time.perf_counter()
                rows = leagues.standings(league, season_id)
                cold.append((time.perf_counter() - t) * 1000)
            warm = []
            for _ in range(20):
                t = time.perf_counter()
                leagues.standings(league, season_id)
                warm.append((time.perf_counter() - t) * 1000)
            played = sum(r["played"] for r in rows)
            print(f"[{label}] standings, {name} ({len(rows)} players, {played:,} player-games): "
                  f"cold median {statistics.median(cold):.0f} ms (min {min(cold):.0f}), "
                  f"cached median {statistics.median(warm):.2f} ms")
        leagues._CACHE.clear()
        db.session.delete(league)
        db.session.commit()
        db.engine.dispose()


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        run(f"sqlite:///{Path(tmp) / 'bench.sqlite3'}", "sqlite")
    if os.environ.get("DATABASE_URL"):
        run(database_url(os.environ["DATABASE_URL"], ""), "postgresql")


if __name__ == "__main__":
    main()
