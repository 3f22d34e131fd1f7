"""PostgreSQL: an append waits for its table's row lock (another append to the same table) only so long,
then answers 503 table_busy with Retry-After, so one busy table cannot hold a worker's connections."""

from __future__ import annotations

import contextlib
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


@contextlib.contextmanager
def app_on(url, **config):
    """The app on ``url``, appends waiting WAIT_MS for a table's lock unless ``config`` says otherwise."""
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": url, "TABLE_LOCK_WAIT_MS": WAIT_MS, **config})
    try:
        yield app
    finally:
        with app.app_context():
            db.session.remove()
            db.engine.dispose()


@pytest.fixture
def pg_app(pg_schema):
    url = database_url(pg_url_for(pg_schema), "")
    with app_on(url) as app:
        migrate(app)
        wipe(app)
        yield app, url


@contextlib.contextmanager
def held(url, code):
    """Another append to table ``code``, taking its time: its row lock held on a connection of its own until the
    block ends. Yields that connection's engine and its backend's pid."""
    other = create_engine(url)
    holder = other.connect()
    try:
        holder.begin()
        holder.execute(text("UPDATE tables SET updated_at_ms = updated_at_ms WHERE code = :code"), {"code": code})
        yield other, holder.execute(text("SELECT pg_backend_pid()")).scalar()
    finally:
        holder.rollback()
        holder.close()
        other.dispose()


def point(client, code):
    return client.post(f"/api/tables/{code}/events",
                       json={"id": str(uuid.uuid4()), "type": "points", "data": {"seat": 0, "points": 1}})


def test_an_append_behind_a_held_table_lock_is_a_503_busy_in_bounded_time_and_stores_nothing(pg_app):
    app, url = pg_app
    client = app.test_client()
    code = client.post("/api/tables", json={"game": "scorepad", "seats": [{"name": "Ann"}]}).get_json()["code"]
    assert point(client, code).status_code == 201
    with held(url, code):
        started = time.monotonic()
        busy = point(client, code)
        waited = time.monotonic() - started
        assert busy.status_code == 503, busy.get_json()
        assert busy.get_json()["code"] == "table_busy" and busy.headers["Retry-After"] == "1"
        assert WAIT_MS / 1000 <= waited < WAIT_MS / 1000 + 2
        assert client.get(f"/api/tables/{code}").get_json()["seq"] == 1  # reads never wait for the lock
    assert [point(client, code).status_code for _ in range(2)] == [201, 201]
    events = client.get(f"/api/tables/{code}/events").get_json()["events"]
    assert [e["seq"] for e in events] == [1, 2, 3]  # the refused one took no seq


def test_however_an_append_ends_its_connection_goes_back_to_the_pool_running_transactions(pg_app):
    """The append takes its connection out of the driver's transaction mode to open its own transaction in one
    round trip (services/table_sql.py); handed back so, the next user's statements would each commit alone."""
    _, url = pg_app
    with app_on(url, SQLALCHEMY_ENGINE_OPTIONS={"pool_size": 1, "max_overflow": 0}) as app:  # one connection
        ends_in_transaction_mode(app, url)


def ends_in_transaction_mode(app, url):
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
    with held(url, code):
        ended(point(client, code), 503)  # the lock's wait ran out


def test_one_action_sent_twice_at_once_is_stored_once_and_leaves_no_gap(pg_app):
    """Both sends wait behind the table's lock; the second takes it once the first has stored the action, and
    its statement, begun before that, does not see it until its insert finds the id taken. It keeps nothing,
    gives back the seq it took and answers the first outcome; the next action takes the next seq.
    The sends may wait as long as the test takes to see them both waiting (WAIT_MS could run out first)."""
    _, url = pg_app
    with app_on(url, TABLE_LOCK_WAIT_MS=10_000) as app:
        sent_twice_behind_a_held_table(app, url)


def sent_twice_behind_a_held_table(app, url):
    client = app.test_client()
    code = client.post("/api/tables", json={"game": "scorepad", "seats": [{"name": "Ann"}]}).get_json()["code"]
    assert point(client, code).status_code == 201
    body = {"id": str(uuid.uuid4()), "type": "points", "data": {"seat": 0, "points": 5}}
    answers = []

    def send():
        answers.append(app.test_client().post(f"/api/tables/{code}/events", json=body))

    sends = [threading.Thread(target=send) for _ in range(2)]
    try:
        # Each look its own transaction: within one, pg_stat_activity stays as its first read saw it. Only the
        # sessions this holder blocks count: other tests may be waiting for locks of their own meanwhile.
        with held(url, code) as (other, holder), \
                other.connect().execution_options(isolation_level="AUTOCOMMIT") as look:
            for thread in sends:
                thread.start()
            deadline = time.monotonic() + 10
            while look.execute(text("SELECT count(*) FROM pg_stat_activity WHERE :holder = ANY(pg_blocking_pids(pid))"),
                               {"holder": holder}).scalar() < 2:
                assert time.monotonic() < deadline, "the two sends never both waited for the table"
                time.sleep(0.02)
    finally:
        for thread in sends:
            thread.join(10)
    assert sorted(a.status_code for a in answers) == [200, 201], [a.get_json() for a in answers]
    assert {a.get_json()["event"]["seq"] for a in answers} == {2}
    assert point(client, code).get_json()["event"]["seq"] == 3
    table = client.get(f"/api/tables/{code}").get_json()
    assert table["seq"] == 3 and [p["total"] for p in table["result"]["players"]] == [7]  # 1 + 5 once + 1
    events = client.get(f"/api/tables/{code}/events").get_json()["events"]
    assert [e["seq"] for e in events] == [1, 2, 3]
