"""Undo at 6,000 events costs less than 10 appends, through the API, on SQLite and PostgreSQL.

The table's 6,000 events are made by the same reducer an append runs (scorekeeper/reducer.py) and stored
in one batch, as the appends would have stored them, instead of 6,000 requests. They are dice rolls: moves
that an undo takes back like any other but that leave the game state alone, so making them costs the same
at every length (a score pad's points grow its state, and making 6,000 of them took half a minute). Before
the reducer kept checkpoints, an undo of a roll at 6,000 events replayed all of them: 37 appends.

Then appends, undos and redos go through the API, each timed in CPU time of this thread (the rest of a
busy machine does not count; on PostgreSQL the database server's own time does not either, and an undo
asks it for at most ``CHECKPOINT_EVERY`` rows).
"""

from __future__ import annotations

import statistics
import time
import uuid

from sqlalchemy import insert, update

from scorekeeper import jsonio, reducer
from scorekeeper.extensions import db
from scorekeeper.models import Event, Table
from scorekeeper.services import tables

EVENTS = 6_000
ROUNDS = reducer.CHECKPOINT_EVERY  # an undo at every distance from the checkpoint before it


class _Log:
    """The events made so far, as the reducer's history (an append asks it nothing)."""

    def __init__(self):
        self.stored: dict[int, reducer.Past] = {}

    def event(self, seq: int) -> reducer.Past:
        return self.stored[seq]


def fill(app, code: str, n: int) -> None:
    """``n`` rolls of a die on the table ``code``, made by the reducer and stored in one batch."""
    with app.app_context():
        table = db.session.query(Table).filter_by(code=code).one()
        rules, log, snapshot, rows = tables.rules_of(table), _Log(), table.snapshot, []
        at = table.created_at_ms
        faces = iter(range(n))
        for seq in range(1, n + 1):
            event = {"seq": seq, "type": "roll", "data": {"dice": ["d6"]}}
            done = reducer.step(snapshot, event, rules, log, now=at + seq, randbelow=lambda sides: next(faces) % sides,
                                judge=lambda *_: {})
            # Stored as JSON and read back as JSON, as the database would hand them to the next append.
            data, trail = jsonio.loads(jsonio.dumps(done.data)), jsonio.loads(jsonio.dumps(done.trail))
            snapshot = jsonio.loads(jsonio.dumps(done.snapshot))
            log.stored[seq] = reducer.Past(seq, "roll", data, at + seq, trail)
            rows.append({"table_id": table.id, "seq": seq, "uid": str(uuid.uuid4()), "type": "roll", "data": data,
                         "trail": trail, "created_at_ms": at + seq})
        db.session.execute(insert(Event.__table__), rows)
        db.session.execute(update(Table).where(Table.id == table.id).values(snapshot=snapshot, last_seq=n))
        db.session.commit()


def test_an_undo_at_6000_events_costs_less_than_10_appends(client, app):
    code = client.post("/api/tables", json={"game": "scorepad", "seats": [{"name": "Ann"}, {"name": "Ben"}]}
                       ).get_json()["code"]
    fill(app, code, EVENTS)

    def send(kind: str, data: dict) -> tuple[dict, float]:
        started = time.thread_time()
        response = client.post(f"/api/tables/{code}/events", json={"id": str(uuid.uuid4()), "type": kind, "data": data})
        took = time.thread_time() - started
        assert response.status_code == 201, response.get_json()
        return response.get_json()["table"], took

    table, _ = send("roll", {"dice": ["d6"]})  # the first request of the table warms its caches
    appends, undos = [], []
    for _ in range(ROUNDS):
        table, took = send("roll", {"dice": ["d6"]})
        appends.append(took)
        undone, took = send("undo", {"seq": table["undo_seq"]})
        undos.append(took)
        assert undone["redo_seq"] == table["undo_seq"] > undone["undo_seq"]  # the append is taken back
        send("redo", {"seq": undone["redo_seq"]})
    assert table["seq"] > EVENTS
    append, undo = statistics.median(appends), statistics.median(undos)
    assert undo < 10 * append, f"undo {undo * 1000:.1f} ms, append {append * 1000:.1f} ms of CPU"
