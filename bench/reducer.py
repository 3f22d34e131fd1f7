"""Append, undo and redo cost against the length of a table's log, side by side.

    .venv/bin/python bench/reducer.py                  # a temporary SQLite database
    DATABASE_URL=postgresql://… .venv/bin/python bench/reducer.py   # that PostgreSQL (tables must be migrated)

A score pad table (two seats) is filled through the API in process (the Flask test
client, no network); at 20, 2,000 and 6,000 events it times the median of appending
one more event, of an undo and of the redo that follows. Two logs:

* ``points``: a score pad keeps every line it is given, so its game state itself grows
  with the log (6,000 lines are 36 KB of JSON, read, copied and written by every append);
* ``rolls``: die rolls are moves (undo takes them back) that leave the game state as it
  is, so what grows is the log alone: the reducer's own cost.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper import create_app  # noqa: E402
from scorekeeper.config import database_url  # noqa: E402

LENGTHS = (20, 2_000, 6_000)


def send(client, code: str, kind: str, data: dict) -> dict:
    response = client.post(f"/api/tables/{code}/events", json={"id": str(uuid.uuid4()), "type": kind, "data": data})
    assert response.status_code == 201, response.get_json()
    return response.get_json()["table"]


def timed(action) -> tuple[float, dict]:
    start = time.perf_counter()
    table = action()
    return (time.perf_counter() - start) * 1000, table


def measure(client, log: str, samples: int, undo_samples: int) -> list[tuple[int, float, float, float]]:
    code = client.post("/api/tables", json={"game": "scorepad", "seats": [{"name": "Ann"}, {"name": "Ben"}]}
                       ).get_json()["code"]
    length, rows = 0, []

    def points():
        nonlocal length
        length += 1
        if log == "rolls":
            return send(client, code, "roll", {"dice": ["d6"]})
        return send(client, code, "points", {"seat": length % 2, "points": 1})

    for target in LENGTHS:
        while length < target - samples:
            points()
        appends = [timed(points)[0] for _ in range(samples)]
        undos, redos = [], []
        for _ in range(undo_samples):
            table = client.get(f"/api/tables/{code}").get_json()
            took, table = timed(lambda t=table: send(client, code, "undo", {"seq": t.get("undo_seq")}))
            undos.append(took)
            redos.append(timed(lambda t=table: send(client, code, "redo", {"seq": t.get("redo_seq")}))[0])
        rows.append((length, statistics.median(appends), statistics.median(undos), statistics.median(redos)))
        print(f"  {log:<6} {length:>6,} events: append {rows[-1][1]:7.2f} ms   undo {rows[-1][2]:9.2f} ms   "
              f"redo {rows[-1][3]:7.2f} ms   undo = {rows[-1][2] / rows[-1][1]:6.1f} appends", flush=True)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=20, help="appends timed at each length")
    parser.add_argument("--undo-samples", type=int, default=5, help="undo and redo pairs timed at each length")
    parser.add_argument("--logs", nargs="+", default=["points", "rolls"], choices=["points", "rolls"])
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        url = os.environ.get("DATABASE_URL") or f"sqlite:///{tmp}/bench.sqlite3"
        app = create_app({"SQLALCHEMY_DATABASE_URI": database_url(url, ""), "RATELIMIT_ENABLED": False})
        if url.startswith("sqlite"):
            from flask_migrate import upgrade

            with app.app_context():
                upgrade()
        print(f"{url.split(':')[0]}: a score pad table, median of {args.samples} appends and "
              f"{args.undo_samples} undo/redo pairs at each length")
        for log in args.logs:
            rows = measure(app.test_client(), log, args.samples, args.undo_samples)
            for row in rows[1:]:
                print(f"  {log:<6} append at {row[0]:,} / at {rows[0][0]}: {row[1] / rows[0][1]:.2f}×")


if __name__ == "__main__":
    main()
