"""Backups: `flask backup` while a live server keeps writing, `flask restore` into a fresh database.

The restored database must hold, for every table, a prefix of the live log: gap-free
seqs 1..n, the same events as the live server served, a snapshot equal to a replay of
them, and it must serve the table (and take the next event).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

import pytest
import requests
from sqlalchemy import create_engine, text
from support import PG_PROBLEM, PG_URL, ROOT, LiveServer, migrate, missing, pg_url_for

from scorekeeper import create_app
from scorekeeper.config import database_url

pytestmark = pytest.mark.slow

FLASK = str(Path(sys.executable).with_name("flask"))


def flask_cli(url: str, *args: str) -> subprocess.CompletedProcess:
    """`flask --app scorekeeper …` as an operator runs it, with DATABASE_URL set."""
    return subprocess.run([FLASK, "--app", "scorekeeper", *args], cwd=ROOT, env=dict(os.environ, DATABASE_URL=url),
                          capture_output=True, text=True, timeout=120)


def cli_in_process(url: str):
    """The same commands through Flask's CLI runner (no interpreter start-up): invoke(*args) → (exit code, output)."""
    runner = create_app({"SQLALCHEMY_DATABASE_URI": url}).test_cli_runner()

    def invoke(*args: str) -> tuple[int, str]:
        result = runner.invoke(args=list(args))
        return result.exit_code, result.output

    return invoke


class Writer(threading.Thread):
    """Appends points to the tables in turn until stopped; counts what the server acknowledged."""

    def __init__(self, base: str, codes: list[str]):
        super().__init__(daemon=True)
        self.base, self.codes = base, codes
        self.stop = threading.Event()
        self.acked = 0
        self.failures: list[str] = []

    def run(self) -> None:
        session = requests.Session()
        deadline = time.monotonic() + 60
        i = 0
        while not self.stop.is_set() and time.monotonic() < deadline:
            code = self.codes[i % len(self.codes)]
            body = {"id": str(uuid.uuid4()), "type": "points", "data": {"seat": i % 3, "points": i % 7 + 1}}
            try:
                r = session.post(f"{self.base}/api/tables/{code}/events", json=body, timeout=10)
            except requests.RequestException as err:
                self.failures.append(repr(err))
                continue
            if r.status_code == 201:
                self.acked += 1
            else:
                self.failures.append(f"{r.status_code} {r.text[:200]}")
            i += 1


def wait_until(condition, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.02)


def all_events(get, code: str) -> list[dict]:
    events: list[dict] = []
    while True:
        page = get(f"/api/tables/{code}/events?after={events[-1]['seq'] if events else 0}")["events"]
        if not page:
            return events
        events += page


# The writer appends as fast as the server answers, from one address: past the 600 writes a minute
# an address may make on a quiet machine. Rate limits have their own tests (test_limits.py).
UNLIMITED = {"SCOREKEEPER_RATELIMIT": "off"}

def write_and_back_up(server: LiveServer, url: str, backup: Path) -> dict[str, list[dict]]:
    """Three tables under a steady writer; a backup taken mid-stream. Returns each table's final live log."""
    codes = []
    for game_seats in (["Ann", "Ben", "Cy"], ["Dee", "Eve", "Fay"], ["Gus", "Hal", "Ida"]):
        r = requests.post(f"{server.url}/api/tables", timeout=10,
                          json={"game": "scorepad", "options": {}, "seats": [{"name": n} for n in game_seats]})
        assert r.status_code == 201, r.text
        codes.append(r.json()["code"])
    writer = Writer(server.url, codes)
    writer.start()
    try:
        wait_until(lambda: writer.acked >= 30, 20, "30 events before the backup")
        result = flask_cli(url, "backup", str(backup))
        assert result.returncode == 0, result.stderr
        after_backup = writer.acked
        wait_until(lambda: writer.acked >= after_backup + 20, 20, "20 more events after the backup")
    finally:
        writer.stop.set()
        writer.join(15)
    assert not writer.failures, writer.failures[:3]
    assert backup.exists() and "backed up" in result.stdout

    def get(path):
        return requests.get(server.url + path, timeout=10).json()

    return {code: all_events(get, code) for code in codes}


def check_restored(url: str, live: dict[str, list[dict]]) -> None:
    """The restored database holds a consistent prefix of every live log and serves it."""
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": url})
    client = app.test_client()

    def get(path):
        r = client.get(path)
        assert r.status_code == 200, r.get_json()
        return r.get_json()

    restored_total = 0
    try:
        for code, live_events in live.items():
            table = get(f"/api/tables/{code}")
            events = all_events(get, code)
            key = [(e["seq"], e["id"], e["type"], e["data"]) for e in events]
            assert [e["seq"] for e in events] == list(range(1, table["seq"] + 1))  # gap-free, up to the snapshot
            assert key == [(e["seq"], e["id"], e["type"], e["data"]) for e in live_events][: len(events)]
            totals = [0, 0, 0]
            for e in events:
                totals[e["data"]["seat"]] += e["data"]["points"]
            assert [p["total"] for p in table["result"]["players"]] == totals  # snapshot == replay
            restored_total += len(events)
            # The restored table takes the next event where its log ends.
            r = client.post(f"/api/tables/{code}/events",
                            json={"id": str(uuid.uuid4()), "type": "points", "data": {"seat": 0, "points": 1}})
            assert r.status_code == 201 and r.get_json()["event"]["seq"] == table["seq"] + 1, r.get_json()
        # The writer went on after the backup: the backup is a real mid-stream prefix, not the end state.
        assert 30 <= restored_total < sum(len(v) for v in live.values())
    finally:
        from scorekeeper.extensions import db

        with app.app_context():
            db.session.remove()
            db.engine.dispose()


def test_sqlite_backup_while_writing_restores_a_consistent_prefix(tmp_path):
    url = f"sqlite:///{tmp_path / 'live.sqlite3'}"
    migrate(create_app({"SQLALCHEMY_DATABASE_URI": url}))
    server = LiveServer(url, tmp_path, workers=2, env=UNLIMITED)
    try:
        live = write_and_back_up(server, url, tmp_path / "backup.sqlite3")
    finally:
        server.stop()
    assert not (tmp_path / "backup.sqlite3-wal").exists()  # one self-contained file

    status, output = cli_in_process(url)("backup", str(tmp_path / "backup.sqlite3"))
    assert status != 0 and "exists" in output  # never overwritten by accident

    target = f"sqlite:///{tmp_path / 'restored.sqlite3'}"
    result = flask_cli(target, "restore", str(tmp_path / "backup.sqlite3"))
    assert result.returncode == 0, result.stderr
    assert "schema revision" in result.stdout
    check_restored(target, live)

    # A database with data in it is not overwritten without --force.
    cli = cli_in_process(target)
    status, output = cli("restore", str(tmp_path / "backup.sqlite3"))
    assert status != 0 and "--force" in output
    status, output = cli("restore", "--force", str(tmp_path / "backup.sqlite3"))
    assert status == 0, output
    check_restored(target, live)  # the events check_restored added are gone again: the backup, exactly

    (tmp_path / "junk").write_bytes(b"not a database" * 100)
    status, output = cli("restore", "--force", str(tmp_path / "junk"))
    assert status != 0 and "not a SQLite backup" in output


def test_postgresql_backup_while_writing_restores_into_a_fresh_database(tmp_path):
    if PG_PROBLEM:
        missing(PG_PROBLEM)
    if not (shutil.which("pg_dump") and shutil.which("pg_restore")):
        missing("pg_dump/pg_restore are not installed (apt-get install postgresql-client)")
    admin = create_engine(database_url(PG_URL, ""), isolation_level="AUTOCOMMIT")
    schema, restore_db = f"b_{uuid.uuid4().hex[:10]}", f"restore_{uuid.uuid4().hex[:10]}"
    with admin.connect() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    try:
        url = database_url(pg_url_for(schema), "")
        migrate(create_app({"SQLALCHEMY_DATABASE_URI": url}))
        server = LiveServer(url, tmp_path, workers=2, env=UNLIMITED)
        try:
            live = write_and_back_up(server, url, tmp_path / "backup.dump")
        finally:
            server.stop()

        with admin.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{restore_db}"'))
        base = PG_URL.split("?", 1)[0].rsplit("/", 1)[0]
        target = database_url(f"{base}/{restore_db}?options=-csearch_path%3D{schema}", "")
        result = flask_cli(target, "restore", str(tmp_path / "backup.dump"))
        assert result.returncode == 0, result.stderr
        check_restored(target, live)

        cli = cli_in_process(target)
        status, output = cli("restore", str(tmp_path / "backup.dump"))
        assert status != 0 and "--force" in output
        status, output = cli("restore", "--force", str(tmp_path / "backup.dump"))  # --clean --if-exists
        assert status == 0, output
        check_restored(target, live)

        # A dump restored where the app would not look for it is refused, not silently misplaced.
        elsewhere = database_url(f"{base}/{restore_db}?options=-csearch_path%3Dother", "")
        status, output = cli_in_process(elsewhere)("restore", str(tmp_path / "backup.dump"))
        assert status != 0 and "search_path" in output
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{restore_db}" WITH (FORCE)'))
            conn.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
        admin.dispose()
