"""Table reads served again from this process on PostgreSQL, while no change has been heard of;
on SQLite every read goes to the database."""

from __future__ import annotations

import threading
import time

import pytest
from sqlalchemy import text
from support import wipe

from scorekeeper import create_app
from scorekeeper.config import load
from scorekeeper.extensions import db
from scorekeeper.services import streams, tables

# SQLite remembers no rows (its reads cost 17 µs): every read is a fetch of its own, so these run on PostgreSQL alone.
ON_POSTGRESQL = pytest.mark.parametrize("backend", ["postgresql"], indirect=True)

@pytest.fixture
def cached(backend, monkeypatch):
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": backend["url"], "RECENT_ROWS": True})
    wipe(app)
    fetched = []
    real = tables._fetch

    def fetch(code):
        fetched.append(code)
        return real(code)

    monkeypatch.setattr(tables, "_fetch", fetch)
    client = app.test_client()
    code = client.post("/api/tables", json={"game": "scorepad", "seats": [{"name": "Ann"}, {"name": "Ben"}]}
                       ).get_json()["code"]
    assert streams.start_listening(app) is (backend["name"] == "postgresql")  # as gunicorn's post_worker_init does
    if backend["name"] == "postgresql":
        with app.app_context():
            hub = streams.hub()
            deadline = time.monotonic() + 10
            while hub.epoch is None and time.monotonic() < deadline:
                time.sleep(0.02)
            assert hub.epoch is not None, "the hub never started listening"
    yield app, client, code, fetched
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def elsewhere(app, code, notify: bool) -> int:
    """A change made by another process: the row moves on (and, normally, NOTIFY tells the others)."""
    with app.app_context():
        table_id, seq = db.session.execute(text("UPDATE tables SET last_seq = last_seq + 1 WHERE code = :code "
                                                "RETURNING id, last_seq"), {"code": code}).one()
        if notify:
            streams.notify_in_transaction(table_id, seq)
        db.session.commit()
    return seq


def seq_of(client, code) -> int:
    response = client.get(f"/api/tables/{code}")
    assert response.status_code == 200
    return response.get_json()["seq"]


def test_a_row_is_read_again_only_on_sqlite(cached, backend):
    app, client, code, fetched = cached
    assert seq_of(client, code) == 0
    assert seq_of(client, code) == 0
    assert len(fetched) == (1 if backend["name"] == "postgresql" else 2)


def test_a_change_here_or_elsewhere_is_read_at_once(cached, backend):
    app, client, code, fetched = cached
    assert seq_of(client, code) == 0
    response = client.post(f"/api/tables/{code}/events", json={"id": "6f1c1c52-5d0e-4a55-9a7e-2b0d3f3b6a01",
                                                               "type": "points", "data": {"seat": 0, "points": 3}})
    assert response.status_code == 201
    assert seq_of(client, code) == 1  # this process's own write: heard before its answer went out
    seq = elsewhere(app, code, notify=True)
    started = time.monotonic()
    while seq_of(client, code) != seq:
        assert time.monotonic() - started < 1.0, "another process's change took a second to be seen"
        time.sleep(0.005)


def test_a_change_never_heard_of_is_read_within_a_second(cached, backend):
    app, client, code, fetched = cached
    assert seq_of(client, code) == 0
    seq = elsewhere(app, code, notify=False)
    if backend["name"] == "sqlite":
        assert seq_of(client, code) == seq
        return
    assert seq_of(client, code) == 0  # served again: nothing was heard
    time.sleep(tables._RecentRows.TTL_S + 0.05)
    assert seq_of(client, code) == seq


def test_a_deaf_hub_means_reading_the_database(cached, backend):
    """While the hub is not listening (PostgreSQL restarting, say), every read goes to the database, as on SQLite."""
    app, client, code, fetched = cached
    assert seq_of(client, code) == 0
    with app.app_context():
        hub = streams.hub()
    epoch, hub.epoch = hub.epoch, None  # as while the LISTEN connection is being opened again
    try:
        seq = elsewhere(app, code, notify=False)
        assert seq_of(client, code) == seq
        assert seq_of(client, code) == seq
        assert len(fetched) == 3
    finally:
        hub.epoch = epoch


def test_a_read_never_starts_the_hub(backend):
    """Reads are served from memory only once the server started the hub; a read alone starts nothing."""
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": backend["url"], "RECENT_ROWS": True})
    wipe(app)
    client = app.test_client()
    code = client.post("/api/tables", json={"game": "scorepad", "seats": [{"name": "Ann"}, {"name": "Ben"}]}
                       ).get_json()["code"]
    try:
        for _ in range(3):
            assert seq_of(client, code) == 0
        with app.app_context():
            hub = streams.hub()
        assert hub._watcher is None and hub.epoch is None
    finally:
        with app.app_context():
            db.session.remove()
            db.engine.dispose()


def test_the_recent_rows_can_be_turned_off(monkeypatch):
    assert load("/tmp")["RECENT_ROWS"] is True
    assert load("/tmp", {"TESTING": True})["RECENT_ROWS"] is False
    monkeypatch.setenv("SCOREKEEPER_RECENT_ROWS", "off")
    assert load("/tmp")["RECENT_ROWS"] is False


@ON_POSTGRESQL
def test_readers_of_an_expired_row_share_one_fetch(cached, monkeypatch):
    """Eight phones reading a table whose remembered row just expired: one fetch serves them all."""
    app, client, code, fetched = cached
    readers = 8
    assert seq_of(client, code) == 0
    monkeypatch.setattr(tables._RecentRows, "TTL_S", 0.0)  # every remembered row has expired
    counted = tables._fetch

    def slow_fetch(code_):
        # Held until every other reader has found the fetch under way, so they are all there at once.
        deadline = time.monotonic() + 10
        while tables._recent_rows._flights[code_].waiting < readers - 1 and time.monotonic() < deadline:
            time.sleep(0.005)
        return counted(code_)

    monkeypatch.setattr(tables, "_fetch", slow_fetch)
    before = len(fetched)
    seqs: list[int] = []
    threads = [threading.Thread(target=lambda: seqs.append(seq_of(app.test_client(), code)))
               for _ in range(readers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert seqs == [0] * readers
    assert len(fetched) - before == 1


@ON_POSTGRESQL
def test_a_reader_never_takes_a_shared_fetch_older_than_a_change_heard_of(cached):
    """A fetch that began before a change this process heard of is not handed to a reader after it."""
    app, client, code, fetched = cached
    with app.app_context():
        row = tables.read(code)
        hub = streams.hub()
        epoch = hub.epoch
        flight, leading = tables._recent_rows.join("ZZZZZZ", epoch)
        assert leading
        flight.row = row
        assert tables._recent_rows.still_good(flight, hub, epoch) == row
        hub.published(row.id, row.last_seq + 1)
        assert tables._recent_rows.still_good(flight, hub, epoch) is None
        tables._recent_rows.land("ZZZZZZ", flight)
