"""Append, undo and redo cost against the length of a table's log, side by side.

    .venv/bin/python bench/reducer.py                  # a temporary SQLite database
    .venv/bin/python bench/reducer.py --undo-samples 1  # one undo each, for a slow (older) build
    DATABASE_URL=postgresql://… .venv/bin/python bench/reducer.py  # migrated; the server's work is not in CPU time

Score pad tables (two seats) are filled through the API in process (the Flask test
client, SQLite, no network) to 20, 2,000 and 6,000 events; then, taking the tables in
turn so all three share the machine's conditions, it times appending one more event,
an undo and the redo that follows, and prints the medians. Times are the process's CPU
time (SQLite runs in the process too), so other programs on a busy machine do not count;
wall-clock medians are printed alongside. Two logs:

* ``points``: a score pad keeps every line it is given, so its game state itself grows
  with the log (6,000 lines are 36 KB of JSON, read and written by every append);
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


class Table:
    def __init__(self, client, log: str):
        self.client, self.log = client, log
        self.code = client.post("/api/tables", json={"game": "scorepad", "seats": [{"name": "Ann"}, {"name": "Ben"}]}
                                ).get_json()["code"]
        self.length = 0
        self.times: dict[str, list[tuple[float, float]]] = {"append": [], "undo": [], "redo": []}

    def move(self) -> dict:
        self.length += 1
        if self.log == "rolls":
            return send(self.client, self.code, "roll", {"dice": ["d6"]})
        return send(self.client, self.code, "points", {"seat": self.length % 2, "points": 1})

    def timed(self, what: str, action) -> dict:
        cpu, wall = time.process_time(), time.perf_counter()
        table = action()
        self.times[what].append(((time.process_time() - cpu) * 1000, (time.perf_counter() - wall) * 1000))
        return table

    def undo_redo(self) -> None:
        seen = self.client.get(f"/api/tables/{self.code}").get_json()
        table = self.timed("undo", lambda: send(self.client, self.code, "undo", {"seq": seen.get("undo_seq")}))
        self.timed("redo", lambda: send(self.client, self.code, "redo", {"seq": table.get("redo_seq")}))

    def median(self, what: str) -> tuple[float, float]:
        return (statistics.median(t[0] for t in self.times[what]), statistics.median(t[1] for t in self.times[what]))


def measure(client, log: str, samples: int, undo_samples: int) -> None:
    tables = []
    for length in LENGTHS:
        table = Table(client, log)
        while table.length < length - samples // 2:
            table.move()
        tables.append(table)
    for _ in range(samples):
        for table in tables:
            table.timed("append", table.move)
    for _ in range(undo_samples):
        for table in tables:
            table.undo_redo()
    base = tables[0].median("append")[0]
    for table in tables:
        (append, append_wall), (undo, undo_wall), (redo, _) = (table.median(w) for w in ("append", "undo", "redo"))
        print(f"  {log:<6} {table.length:>6,} events: append {append:6.2f} ms ({append / base:4.2f}× the first)   "
              f"undo {undo:9.2f} ms   redo {redo:6.2f} ms   undo = {undo / append:6.1f} appends   "
              f"(wall: append {append_wall:6.2f}, undo {undo_wall:9.2f} ms)", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=21, help="appends timed on each table")
    parser.add_argument("--undo-samples", type=int, default=5, help="undo and redo pairs timed on each table")
    parser.add_argument("--logs", nargs="+", default=["points", "rolls"], choices=["points", "rolls"])
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        url = os.environ.get("DATABASE_URL") or f"sqlite:///{tmp}/bench.sqlite3"
        app = create_app({"SQLALCHEMY_DATABASE_URI": database_url(url, ""), "RATELIMIT_ENABLED": False})
        if url.startswith("sqlite"):
            from flask_migrate import upgrade

            with app.app_context():
                upgrade()
        print(f"{url.split(':')[0]}: score pad tables; medians of {args.samples} appends and {args.undo_samples} "
              "undo/redo pairs per table, CPU time of the process")
        for log in args.logs:
            measure(app.test_client(), log, args.samples, args.undo_samples)


if __name__ == "__main__":
    main()
