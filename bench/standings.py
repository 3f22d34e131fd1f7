"""Standings for a big league: 50 players, 10,000 results, timed.

    .venv/bin/python bench/standings.py                 # a temporary SQLite database
    DATABASE_URL=postgresql://… .venv/bin/python bench/standings.py   # also that PostgreSQL (tables must be migrated)

Results are bulk-inserted (one transaction); then the standings for a season are timed cold
(one query, one pass in Python, OpenSkill for every game) and warm (the per-revision cache).
One result in ten of Bresk!, Make 'N' Break and Block Buster keeps a score sheet (grids, turns, penalties),
so the recap (services/recaps.py) is timed re-reading them too, from nothing beside the standings from
nothing, with the ratio of the two (the goal: at most 2×).
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

from sqlalchemy import delete, insert, select, text  # noqa: E402

from scorekeeper import create_app  # noqa: E402
from scorekeeper.config import database_url  # noqa: E402
from scorekeeper.extensions import db  # noqa: E402
from scorekeeper.models import League, LeaguePlayer, LeagueResult, LeagueTally, ResultEntry  # noqa: E402
from scorekeeper.services import league_corrections, leagues, recaps, standings  # noqa: E402

PLAYERS, RESULTS = 50, 10_000
START = dt.date(2020, 1, 1)
GAMES = ("scorepad", "make-n-break", "bresk", "block-buster", "wuerfelspiel")
SHEET_EVERY = 10  # one result in ten of a game whose recap award reads a sheet keeps one
WORDS = ("HOUSE", "GARDEN", "CAT", "DOG", "ORANGE", "TABLE", "SUN", "BREAD", "WATER", "STONE", "TREE", "BOOK")
BB_PATTERN = ("red-circle", "red-star", "green-spiral", "green-spiral", "red-circle", "red-star", "red-star",
              "green-spiral", "red-circle")


def bench_sheet(rng: random.Random, game: str, names: list[str]) -> dict | None:
    """A score sheet of ``game`` for two players (``names``), as a phone would send it; None for other games."""
    if game == "bresk":
        def grid():
            rows = []
            for r in range(8):
                word = rng.choice(WORDS) if r % 2 == 0 else ""
                rows.append((word + "#" * 8)[:8])
            return rows
        return {"lexicon": "en", "players": [{"name": n, "grid": grid()} for n in names]}
    if game == "make-n-break":
        turns = [{"builder": names[t % 2], "die": 1,
                  "cards": [{"kind": "standard", "points": rng.randint(1, 3)} for _ in range(rng.randint(0, 4))]}
                 for t in range(6)]
        return {"players": names, "rounds": 3, "turns": turns}
    if game == "block-buster":
        owners = [rng.choice(("yellow", "blue", None)) for _ in BB_PATTERN]
        return {"players": [{"name": n, "skips": rng.randint(0, 2), "leftover_squares": rng.randint(0, 6)}
                            for n in names],
                "point_blocks": [{"shape": s, "owner": o} for s, o in zip(BB_PATTERN, owners, strict=True)]}
    return None


def fill(league: League) -> None:
    rng = random.Random(7)
    for i in range(PLAYERS):
        leagues.add_player(league, f"Player {i:02d}", commit=False)
    db.session.flush()
    ids = list(db.session.scalars(select(LeaguePlayer.id).where(LeaguePlayer.league_id == league.id)))
    results, entries = [], []
    first_id = (db.session.scalar(select(db.func.max(LeagueResult.id))) or 0) + 1
    for n in range(RESULTS):
        game = rng.choice(GAMES)
        with_sheet = game in ("bresk", "make-n-break", "block-buster") and n % SHEET_EVERY == 0
        seated = rng.sample(ids, 2 if with_sheet else rng.randint(2, 5))
        sheet = bench_sheet(rng, game, [f"P{p}" for p in seated]) if with_sheet else None
        results.append({"id": first_id + n, "league_id": league.id, "uid": str(uuid.UUID(int=rng.getrandbits(128))),
                        "game": game, "played_on": START + dt.timedelta(days=n // 8), "table_code": None,
                        "sheet": sheet, "digest": "0" * 64, "version": 1, "created_at_ms": 0, "updated_at_ms": 0})
        scores = [rng.randint(0, 60) for _ in seated]
        for position, (player, score) in enumerate(zip(seated, scores, strict=True)):
            entries.append({"result_id": first_id + n, "player_id": player, "position": position, "score": score,
                            "place": 1 + sum(s > score for s in scores), "team": None})
    db.session.execute(insert(LeagueResult), results)
    db.session.execute(insert(ResultEntry), entries)
    if db.session.get_bind().dialect.name == "postgresql":  # rows went in with their ids: move the sequence on
        db.session.execute(text("SELECT setval(pg_get_serial_sequence('league_results', 'id'), "
                                "(SELECT max(id) FROM league_results))"))
    league.revision += 1
    db.session.commit()


CASES = {
    "nothing": "from nothing (no saved tally, nothing in memory)",
    "restart": "after a restart (saved tally, nothing in memory)",
    "new result": "after a new result (saved tally one result behind)",
    "cached": "again (in memory)",
    "deleted result": "a 2021 result deleted (recounted where it counted)",
}


def prepare(league: League, case: str, n: int) -> None:
    if case == "nothing":
        db.session.execute(delete(LeagueTally).where(LeagueTally.league_id == league.id))
        db.session.commit()
        standings.forget()
    elif case == "restart":
        standings.forget()
    elif case == "new result":
        names = [f"Player {i:02d}" for i in range(n % 10, n % 10 + 4)]
        last_day = START + dt.timedelta(days=(RESULTS - 1) // 8)  # recorded tonight: it counts last
        leagues.record(league, {"game": "scorepad", "played_on": last_day,
                                "players": [{"name": name, "score": s} for s, name in enumerate(names)]})
        db.session.refresh(league)
    elif case == "deleted result":  # one from the middle of the league's history
        uid = db.session.scalar(select(LeagueResult.uid).where(LeagueResult.league_id == league.id,
                                                               LeagueResult.deleted_at_ms.is_(None))
                                .order_by(LeagueResult.id).offset(RESULTS // 2))
        league_corrections.delete_result(league, uid)
        db.session.refresh(league)


def run(url: str, label: str) -> None:
    app = create_app({"SQLALCHEMY_DATABASE_URI": url})
    with app.app_context():
        from flask_migrate import upgrade

        upgrade()
        league, _ = leagues.create("Bench league")
        t = time.perf_counter()
        fill(league)
        print(f"[{label}] inserted {PLAYERS} players, {RESULTS:,} results in {time.perf_counter() - t:.1f} s")
        last_day = START + dt.timedelta(days=(RESULTS - 1) // 8)
        season = leagues.add_season(league, "Since 2022", dt.date(2022, 1, 1), last_day)
        for name, season_id in (("all time", None), ("one season", season.id)):
            times = {case: [] for case in CASES}
            cpu = {case: [] for case in CASES}
            for n in range(5):
                for case in CASES:
                    prepare(league, case, n)
                    t, c = time.perf_counter(), time.process_time()
                    rows = standings.standings(league, season_id)
                    times[case].append((time.perf_counter() - t) * 1000)
                    cpu[case].append((time.process_time() - c) * 1000)
            played = sum(r["played"] for r in rows)
            print(f"[{label}] standings, {name} ({len(rows)} players, {played:,} player-games), median of 5 "
                  "(this process's CPU time too: on a shared machine it moves less than the wall clock):")
            for case, what in CASES.items():
                ms = statistics.median(times[case])
                print(f"    {what:<52} {ms:8.1f} ms  ({ms / statistics.median(times['nothing']):.3f} of from nothing)"
                      f"  cpu {statistics.median(cpu[case]):7.1f} ms")
        recap_beside_standings(league, label, season.id)
        standings.forget()
        recaps.forget()
        db.session.delete(league)
        db.session.commit()
        db.engine.dispose()


def recap_beside_standings(league: League, label: str, season_id: int) -> None:
    """The recap from nothing beside the standings from nothing, each cold (no saved tally, nothing in memory)."""
    sheets = sum(1 for sheet in db.session.scalars(select(LeagueResult.sheet).where(
        LeagueResult.league_id == league.id)) if sheet is not None)
    last_day = db.session.scalar(select(db.func.max(LeagueResult.played_on)).where(LeagueResult.league_id == league.id))

    def cold() -> None:
        db.session.execute(delete(LeagueTally).where(LeagueTally.league_id == league.id))
        db.session.commit()
        standings.forget()
        recaps.forget()

    cases = {
        "standings, all time": lambda: standings.standings(league),
        "recap, all time": lambda: recaps.recap(league),
        "standings, one season": lambda: standings.standings(league, season_id),
        "recap, one season": lambda: recaps.recap(league, season_id),
        "recap, the last evening": lambda: recaps.recap(league, None, last_day),
    }
    times = {case: [] for case in cases}
    cpu = {case: [] for case in cases}
    for _ in range(5):
        for case, work in cases.items():
            cold()
            t, c = time.perf_counter(), time.process_time()
            work()
            times[case].append((time.perf_counter() - t) * 1000)
            cpu[case].append((time.process_time() - c) * 1000)
    ms = {case: statistics.median(spent) for case, spent in times.items()}
    cpu_ms = {case: statistics.median(spent) for case, spent in cpu.items()}
    print(f"[{label}] recap beside standings, each from nothing ({sheets:,} results with a score sheet), median of 5 "
          f"(load average {os.getloadavg()[0]:.1f}):")
    for case in cases:
        scope = "all time" if "all time" in case else "one season"
        base = f"standings, {scope}"
        print(f"    {case:<40} {ms[case]:8.1f} ms  ({ms[case] / ms[base]:.2f}× the standings {scope})"
              f"  cpu {cpu_ms[case]:7.1f} ms  ({cpu_ms[case] / cpu_ms[base]:.2f}×)")


def rating_cost() -> None:
    """The rating model alone, in memory: the same 10,000 games rated in order, per game and per player-game."""
    from scorekeeper.services.ratings import Ratings

    rng = random.Random(7)
    games = []
    for _ in range(RESULTS):
        seated = rng.sample(range(PLAYERS), rng.randint(2, 5))
        scores = [rng.randint(0, 60) for _ in seated]
        games.append([(p, 1 + sum(s > score for s in scores), None) for p, score in zip(seated, scores, strict=True)])
    player_games = sum(len(g) for g in games)

    def ours():
        ratings = Ratings()
        for game in games:
            ratings.rate(game)

    def library(model_class):
        def run():
            model, ratings = model_class(), {}
            for game in games:
                teams = [[ratings.get(p) or model.rating()] for p, _, _ in game]
                rated = model.rate(teams, ranks=[place for _, place, _ in game])
                for (p, _, _), side in zip(game, rated, strict=True):
                    ratings[p] = side[0]
        return run

    cases = {"ours (services/ratings.py, Bradley-Terry full)": ours}
    try:  # the reference the tests check against (a dev dependency)
        from openskill.models import BradleyTerryFull, PlackettLuce

        cases["openskill 6.2 BradleyTerryFull.rate"] = library(BradleyTerryFull)
        cases["openskill 6.2 PlackettLuce.rate (the model before)"] = library(PlackettLuce)
    except ImportError:
        pass
    print(f"rating {RESULTS:,} games ({player_games:,} player-games) in memory, CPU time, median of 3:")
    for what, run in cases.items():
        spent = []
        for _ in range(3):
            c = time.process_time()
            run()
            spent.append(time.process_time() - c)
        s = statistics.median(spent)
        print(f"    {what:<52} {s * 1000:7.1f} ms  {s / RESULTS * 1e6:5.1f} µs a game  "
              f"{s / player_games * 1e6:5.2f} µs a player-game")


def main() -> None:
    rating_cost()
    with tempfile.TemporaryDirectory() as tmp:
        run(f"sqlite:///{Path(tmp) / 'bench.sqlite3'}", "sqlite")
    if os.environ.get("DATABASE_URL"):
        run(database_url(os.environ["DATABASE_URL"], ""), "postgresql")


if __name__ == "__main__":
    main()
