"""PostgreSQL: an append waits for its table's row lock (another append to the same table) only so long,
then answers 503 table_busy with Retry-After, so one busy table cannot hold a worker's connections."""

from __future__ import annotations

import threading
import time
import uuid

import pytest
from sqlalchemy import create_engine, text
from support import migrate, pg_url_for, wipe

from scorekeeper import create_app
from scorekeeper.config import database_url
from scorekeeper.extensions import db

WAIT_MS = 300


@pytest.fixture
def pg_app(pg_schema):
    url = database_url(pg_url_for(pg_schema), "")
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": url, "TABLE_LOCK_WAIT_MS": WAIT_MS})
    migrate(app)
    wipe(app)
    yield app, url
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def point(client, code):
    return client.post(f"/api/tables/{code}/events",
                       json={"id": str(uuid.uuid4()), "type": "points", "data": {"seat": 0, "points": 1}})


def test_an_append_behind_a_held_table_lock_is_a_503_busy_in_bounded_time_and_stores_nothing(pg_app):
    app, url = pg_app
    client = app.test_client()
    code = client.post("/api/tables", json={"game": "scorepad", "seats": [{"name": "Ann"}]}).get_json()["code"]
    assert point(client, code).status_code == 201
    other = create_engine(url)
    holder = other.connect()
    try:
        holder.begin()  # another append to this table, taking its time
        holder.execute(text("UPDATE tables SET updated_at_ms = updated_at_ms WHERE code = :code"), {"code": code})
        started = time.monotonic()
        busy = point(client, code)
        waited = time.monotonic() - started
        assert busy.status_code == 503, busy.get_json()
        assert busy.get_json()["code"] == "table_busy" and busy.headers["Retry-After"] == "1"
        assert WAIT_MS / 1000 <= waited < WAIT_MS / 1000 + 2
        assert client.get(f"/api/tables/{code}").get_json()["seq"] == 1  # reads never wait for the lock
    finally:
        holder.rollback()
        holder.close()
        other.dispose()
    assert [point(client, code).status_code for _ in range(2)] == [201, 201]
    events = client.get(f"/api/tables/{code}/events").get_json()["events"]
    assert [e["seq"] for e in events] == [1, 2, 3]  # the refused one took no seq


def test_however_an_append_ends_its_connection_goes_back_to_the_pool_running_transactions(pg_app):
    """The append takes its connection out of the driver's transaction mode to open its own transaction in one
    round trip (services/table_sql.py); handed back so, the next user's statements would each commit alone."""
    _, url = pg_app
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": url, "TABLE_LOCK_WAIT_MS": WAIT_MS,
                      "SQLALCHEMY_ENGINE_OPTIONS": {"pool_size": 1, "max_overflow": 0}})  # one connection: the one
    client = app.test_client()
    code = client.post("/api/tables", json={"game": "scorepad", "seats": [{"name": "Ann"}]}).get_json()["code"]
    same_id = str(uuid.uuid4())

    def ended(response, status):
        assert response.status_code == status, response.get_json()
        with app.app_context():
            pooled = db.engine.raw_connection()
            try:
                assert pooled.driver_connection.autocommit is False
            finally:
                pooled.close()

    body = {"id": same_id, "type": "points", "data": {"seat": 0, "points": 1}}
    ended(client.post(f"/api/tables/{code}/events", json=body), 201)  # stored
    ended(client.post(f"/api/tables/{code}/events", json=body), 200)  # the same id again: its first outcome
    ended(client.post(f"/api/tables/{code}/events", json={**body, "id": str(uuid.uuid4()), "data": {"seat": 5,
                                                                                                   "points": 1}}),
          422)  # refused by the game's rules
    ended(client.post("/api/tables/ZZZZZZ/events", json={**body, "id": str(uuid.uuid4())}), 404)
    other = create_engine(url)
    holder = other.connect()
    try:
        holder.begin()
        holder.execute(text("UPDATE tables SET updated_at_ms = updated_at_ms WHERE code = :code"), {"code": code})
        ended(point(client, code), 503)  # the lock's wait ran out
    finally:
        holder.rollback()
        holder.close()
        other.dispose()
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def test_one_action_sent_twice_at_once_is_stored_once_and_leaves_no_gap(pg_app):
    """Both sends wait behind the table's lock; the second takes it once the first has stored the action, and
    its statement, begun before that, does not see it until its insert finds the id taken. It keeps nothing,
    gives back the seq it took and answers the first outcome; the next action takes the next seq."""
    app, url = pg_app
    client = app.test_client()
    code = client.post("/api/tables", json={"game": "scorepad", "seats": [{"name": "Ann"}]}).get_json()["code"]
    assert point(client, code).status_code == 201
    body = {"id": str(uuid.uuid4()), "type": "points", "data": {"seat": 0, "points": 5}}
    answers = []

    def send():
        answers.append(app.test_client().post(f"/api/tables/{code}/events", json=body))

    other = create_engine(url)
    holder = other.connect()
    sends = [threading.Thread(target=send) for _ in range(2)]
    try:
        holder.begin()
        holder.execute(text("UPDATE tables SET updated_at_ms = updated_at_ms WHERE code = :code"), {"code": code})
        for thread in sends:
            thread.start()
        with other.connect() as look:
            deadline = time.monotonic() + 10
            while look.execute(text("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                                    "AND datname = current_database()")).scalar() < 2:
                assert time.monotonic() < deadline, "the two sends never both waited for the table"
                time.sleep(0.02)
    finally:
        holder.rollback()
        holder.close()
        for thread in sends:
            thread.join(10)
        other.dispose()
    assert sorted(a.status_code for a in answers) == [200, 201], [a.get_json() for a in answers]
    assert {a.get_json()["event"]["seq"] for a in answers} == {2}
    assert point(client, code).get_json()["event"]["seq"] == 3
    table = client.get(f"/api/tables/{code}").get_json()
    assert table["seq"] == 3 and [p["total"] for p in table["result"]["players"]] == [7]  # 1 + 5 once + 1
    events = client.get(f"/api/tables/{code}/events").get_json()["events"]
    assert [e["seq"] for e in events] == [1, 2, 3]
