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
from scorekeeper.services import tables

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


def blocked_behind(look, holder: int) -> int:
    """How many sessions wait behind the session ``holder`` holding a table's row: the first waits for it, the next
    ones for the first. Only these count, as other tests may be waiting for locks of their own meanwhile; each look
    is its own transaction, within which pg_stat_activity stays as its first read saw it."""
    return look.execute(text(
        "WITH first AS (SELECT pid FROM pg_stat_activity WHERE :holder = ANY(pg_blocking_pids(pid))) "
        "SELECT count(*) FROM pg_stat_activity WHERE :holder = ANY(pg_blocking_pids(pid)) "
        "OR pg_blocking_pids(pid) && ARRAY(SELECT pid FROM first)"), {"holder": holder}).scalar()


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


def test_one_action_sent_twice_at_once_from_two_processes_is_stored_once_and_leaves_no_gap(pg_app):
    """Two processes (two apps: each has its own lanes, services/table_lanes.py) send one action at once, and both
    wait behind the table's lock in the database; the second takes it once the first has stored the action, and
    its statement, begun before that, does not see it until its insert finds the id taken. It keeps nothing and
    answers the first outcome; the next action takes the next seq.
    The sends may wait as long as the test takes to see them both waiting (WAIT_MS could run out first)."""
    _, url = pg_app
    with app_on(url, TABLE_LOCK_WAIT_MS=10_000) as one, app_on(url, TABLE_LOCK_WAIT_MS=10_000) as other:
        sent_twice_behind_a_held_table([one, other], url)


def sent_twice_behind_a_held_table(apps, url):
    client = apps[0].test_client()
    code = client.post("/api/tables", json={"game": "scorepad", "seats": [{"name": "Ann"}]}).get_json()["code"]
    assert point(client, code).status_code == 201
    body = {"id": str(uuid.uuid4()), "type": "points", "data": {"seat": 0, "points": 5}}
    answers = []

    def send(app):
        answers.append(app.test_client().post(f"/api/tables/{code}/events", json=body))

    sends = [threading.Thread(target=send, args=(app,)) for app in apps]
    try:
        with held(url, code) as (other, holder), \
                other.connect().execution_options(isolation_level="AUTOCOMMIT") as look:
            for thread in sends:
                thread.start()
            deadline = time.monotonic() + 10
            while blocked_behind(look, holder) < 2:
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


def sent_one_by_one_behind_a_held_table(app, url, bodies):
    """Send ``bodies`` to a new score pad table of Ann and Ben (at seq 1), the first waiting behind the table's lock
    in the database, each next one waiting in the process (services/table_lanes.py) in the order given, then let the
    lock go. The answers in the bodies' order, and the table's events."""
    client = app.test_client()
    code = client.post("/api/tables", json={"game": "scorepad", "seats": [{"name": "Ann"}, {"name": "Ben"}]}
                       ).get_json()["code"]
    assert point(client, code).status_code == 201
    answers = [None] * len(bodies)

    def send(n):
        answers[n] = app.test_client().post(f"/api/tables/{code}/events", json=bodies[n])

    sends = [threading.Thread(target=send, args=(n,)) for n in range(len(bodies))]
    try:
        with held(url, code) as (other, holder), \
                other.connect().execution_options(isolation_level="AUTOCOMMIT") as look:
            deadline = time.monotonic() + 10
            sends[0].start()
            while blocked_behind(look, holder) < 1:
                assert time.monotonic() < deadline, "the first send never waited for the table"
                time.sleep(0.02)
            for n, thread in enumerate(sends[1:], start=1):
                thread.start()
                with app.app_context():
                    while tables.appends_waiting(code) < n:
                        assert time.monotonic() < deadline, f"send {n} never waited in the process"
                        time.sleep(0.01)
    finally:
        for thread in sends:
            thread.join(10)
    return answers, client.get(f"/api/tables/{code}/events").get_json()["events"], client, code


def test_appends_waiting_in_one_process_go_as_one_batch_each_checked_as_if_it_came_alone(pg_app):
    """Behind an append waiting for the table's lock, the next ones wait in the process and then go as one batch: one
    transaction, so one time on all their events. Each is checked against the table as the ones before it left it:
    a refused one takes no seq, a stale one is told the seq it missed, an undo may name an action of its batch."""
    _, url = pg_app
    with app_on(url, TABLE_LOCK_WAIT_MS=10_000) as app:
        answers, events, client, code = sent_one_by_one_behind_a_held_table(app, url, [
            {"id": str(uuid.uuid4()), "type": "points", "data": {"seat": 0, "points": 2}},  # the one in the database
            {"id": str(uuid.uuid4()), "type": "points", "data": {"seat": 1, "points": 3}},
            {"id": str(uuid.uuid4()), "type": "points", "data": {"seat": 5, "points": 1}},  # no such seat
            {"id": str(uuid.uuid4()), "type": "points", "data": {"seat": 0, "points": 4}, "expected_seq": 1},
            {"id": str(uuid.uuid4()), "type": "undo", "data": {"seq": 3}},  # the second, of the same batch
        ])
    assert [a.status_code for a in answers] == [201, 201, 422, 409, 201], [a.get_json() for a in answers]
    assert [a.get_json()["event"]["seq"] for a in answers if a.status_code == 201] == [2, 3, 4]
    assert "data.seat" in answers[2].get_json()["errors"]
    assert answers[3].get_json()["code"] == "stale" and answers[3].get_json()["table"]["seq"] == 3
    assert [e["seq"] for e in events] == [1, 2, 3, 4]
    assert events[2]["at_ms"] == events[3]["at_ms"] != events[1]["at_ms"]  # the batch: 3 and 4, one transaction
    table = client.get(f"/api/tables/{code}").get_json()
    assert [p["total"] for p in table["result"]["players"]] == [3, 0]  # 1 + 2; Ben's 3 undone


def test_one_action_sent_twice_in_one_batch_is_stored_once_and_the_rest_of_the_batch_in_order(pg_app):
    _, url = pg_app
    twice = {"id": str(uuid.uuid4()), "type": "points", "data": {"seat": 1, "points": 3}}
    with app_on(url, TABLE_LOCK_WAIT_MS=10_000) as app:
        answers, events, client, code = sent_one_by_one_behind_a_held_table(app, url, [
            {"id": str(uuid.uuid4()), "type": "points", "data": {"seat": 0, "points": 2}},
            twice,
            twice,
            {"id": str(uuid.uuid4()), "type": "points", "data": {"seat": 0, "points": 4}},
        ])
    assert [a.status_code for a in answers] == [201, 201, 200, 201], [a.get_json() for a in answers]
    assert [a.get_json()["event"]["seq"] for a in answers] == [2, 3, 3, 4]
    assert [e["seq"] for e in events] == [1, 2, 3, 4] and events[2]["id"] == twice["id"]
    table = client.get(f"/api/tables/{code}").get_json()
    assert [p["total"] for p in table["result"]["players"]] == [7, 3]
