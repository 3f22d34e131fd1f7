"""An append in process as a multiple of the database's own cost for the same writes, side by side.

    .venv/bin/python bench/append_cost.py                   # SQLite and PostgreSQL
    .venv/bin/python bench/append_cost.py --db sqlite --samples 500

The bare-database loop is what an append must write at the least, on the driver's own
connection with nothing of the app around it: one event INSERT, a 2 KB state UPDATE of
its table and the COMMIT (on PostgreSQL a NOTIFY too, in the same transaction). The app's
append is a score pad point on a table whose state is as big, timed two
ways: the service call alone (``tables.append`` in an app context) and the whole request
through the Flask test client, as a phone's append is served minus the network.

Beside them, the app's cheapest request (``GET /api/time`` through the same client: no database, no
body) shows what any request costs before its own work: the floor under the request's ratio.

The four are taken in turn, sample after sample, so they share the machine's conditions;
the figures are medians of wall-clock time (the database server's work is not this process's
CPU time) and, beside them, of this process's CPU time: on SQLite, which runs in the process,
the CPU ratio is the one a loaded machine leaves alone. The ratios are what to compare
across runs and machines. Targets (issue 31): the
request at most 15× the bare loop on SQLite, at most 2× on PostgreSQL.
"""

from __future__ import annotations

import argparse
import statistics
import time
import uuid

from servers import database

from scorekeeper import create_app, jsonio
from scorekeeper.extensions import db
from scorekeeper.services import streams, tables

STATE_BYTES = 2048


def bare_loop(url: str, table_id: int):
    """One bare append: the function, and what closes its connection."""
    app = create_app({"SQLALCHEMY_DATABASE_URI": url, "RATELIMIT_ENABLED": False})
    with app.app_context():
        pooled = db.engine.raw_connection()
        postgres = db.engine.dialect.name == "postgresql"
    state = jsonio.dumps({"game": {"lines": ["x" * 60] * (STATE_BYTES // 64)}})
    seq = iter(range(1, 10**9))
    mark = "%s" if postgres else "?"
    cast = "::json" if postgres else ""
    insert = (f"INSERT INTO events (table_id, seq, uid, type, data, trail, created_at_ms) VALUES "
              f"({mark}, {mark}, {mark}, 'points', {mark}{cast}, NULL, {mark})")
    update = f"UPDATE tables SET snapshot = {mark}{cast}, last_seq = {mark} WHERE id = {mark}"

    def once() -> None:
        n = next(seq)
        cursor = pooled.cursor()
        cursor.execute(insert, (table_id, n, str(uuid.uuid4()), '{"seat": 0, "points": 1}', n))
        cursor.execute(update, (state, n, table_id))
        if postgres:
            cursor.execute("SELECT pg_notify(%s, %s)", (streams.CHANNEL + "_bench", f"{table_id}:{n}"))
        cursor.close()
        pooled.commit()

    return once, pooled.close


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", choices=["sqlite", "postgresql"], nargs="+", default=["sqlite", "postgresql"])
    parser.add_argument("--samples", type=int, default=300)
    args = parser.parse_args()
    for kind in args.db:
        with database(kind) as url:
            measure(kind, url, args.samples)


def measure(kind: str, url: str, samples: int) -> None:
    app = create_app({"SQLALCHEMY_DATABASE_URI": url, "RATELIMIT_ENABLED": False})
    client = app.test_client()
    seats = {"game": "scorepad", "seats": [{"name": "Ann"}, {"name": "Ben"}]}
    app_code, service_code, bare_code = (client.post("/api/tables", json=seats).get_json()["code"] for _ in range(3))

    def request() -> None:
        r = client.post(f"/api/tables/{app_code}/events",
                        json={"id": str(uuid.uuid4()), "type": "points", "data": {"seat": 0, "points": 1}})
        assert r.status_code == 201, r.get_json()

    def cheapest() -> None:
        assert client.get("/api/time").status_code == 200

    def service() -> None:
        with app.app_context():
            tables.append(service_code, str(uuid.uuid4()), "points", {"seat": 0, "points": 1})

    def next_round(code: str) -> None:
        with app.app_context():
            tables.append(code, str(uuid.uuid4()), "next_round", {})

    state = 0
    while state < STATE_BYTES:  # the app's tables as big as the bare loop's state: a line per seat and round
        for _ in range(10):
            request()
            service()
            next_round(app_code)
            next_round(service_code)
        with app.app_context():
            state = len(jsonio.dumps(tables.read(app_code).snapshot))
    with app.app_context():
        bare_id = tables.read(bare_code).id
    bare, close = bare_loop(url, bare_id)
    actions = {"bare": bare, "service": service, "request": request, "cheapest": cheapest}
    times: dict[str, list[float]] = {name: [] for name in actions}
    cpu: dict[str, list[float]] = {name: [] for name in actions}
    try:
        for _ in range(samples):
            for name, action in actions.items():
                start, start_cpu = time.perf_counter(), time.process_time()
                action()
                times[name].append((time.perf_counter() - start) * 1e6)
                cpu[name].append((time.process_time() - start_cpu) * 1e6)
    finally:
        close()
    median = {name: statistics.median(values) for name, values in times.items()}
    median_cpu = {name: statistics.median(values) for name, values in cpu.items()}
    print(f"{kind}: medians of {samples} (µs); the app's table state {state:,} bytes", flush=True)
    print(f"  bare database loop {median['bare']:8.0f} µs wall  {median_cpu['bare']:8.0f} µs CPU", flush=True)
    for name in ("service", "request"):
        print(f"  append, {name:<7}    {median[name]:8.0f} µs wall = {median[name] / median['bare']:5.1f}× the bare "
              f"loop   {median_cpu[name]:8.0f} µs CPU" + (f" = {median_cpu[name] / median_cpu['bare']:5.1f}×"
                                                       if kind == "sqlite" else ""), flush=True)
    floor, beyond = median_cpu["cheapest"], median_cpu["request"] - median_cpu["service"]
    cheapest = median["cheapest"]
    print(f"  GET /api/time       {cheapest:8.0f} µs wall = {cheapest / median['bare']:5.1f}× the bare "
          f"loop   {floor:8.0f} µs CPU: any request's floor; the append request costs {beyond:.0f} µs CPU more than "
          "its service call", flush=True)


if __name__ == "__main__":
    main()
