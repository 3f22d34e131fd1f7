"""Faults: a worker killed mid-request, PostgreSQL restarted under load, a stream across a server restart.

Every test runs gunicorn on loopback, bounds its loops, and ends by checking the log
itself: gap-free seqs, every event the clients sent stored exactly once (after
retrying the ones whose answer was lost, with the same id), and a snapshot that
equals a replay of the stored events.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import threading
import time
import uuid
from pathlib import Path

import pytest
import requests
from sqlalchemy import create_engine, text
from support import PG_PROBLEM, PG_URL, LiveServer, free_port, migrate, missing, pg_url_for

from scorekeeper import create_app
from scorekeeper.config import database_url

pytestmark = pytest.mark.slow

TIMEOUT = 10  # seconds a client waits for any one answer


# --- helpers ---------------------------------------------------------------------------------


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request, tmp_path):
    """A migrated, empty database of each kind (PostgreSQL: a schema of the test's own)."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'faults.sqlite3'}"
        migrate(create_app({"SQLALCHEMY_DATABASE_URI": url}))
        yield url
        return
    yield from _pg_database()


@pytest.fixture
def own_postgresql():
    """A PostgreSQL cluster of this test's own (Debian's pg_createcluster, on a free port, trust auth), migrated,
    and a function that restarts it. Restarting the shared server instead would cut the connections of any
    other test using it at that moment (the suite runs in several processes)."""
    versions = sorted(os.listdir("/etc/postgresql"), key=lambda v: [int(x) for x in v.split(".")]) \
        if os.path.isdir("/etc/postgresql") else []
    if not versions or not shutil.which("pg_createcluster") or os.geteuid() != 0:
        missing("a PostgreSQL cluster of the test's own needs Debian's postgresql-common and root")
    version, name, port = versions[-1], f"faults_{uuid.uuid4().hex[:8]}", free_port()

    def cluster(*command: str) -> None:
        done = subprocess.run(["pg_ctlcluster", "--skip-systemctl-redirect", version, name, *command],
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr

    made = subprocess.run(["pg_createcluster", version, name, "--port", str(port), "--", "--auth=trust"],
                          capture_output=True, text=True, timeout=120)
    assert made.returncode == 0, made.stderr
    try:
        cluster("start")
        url = database_url(f"postgresql://postgres@127.0.0.1:{port}/postgres", "")
        migrate(create_app({"SQLALCHEMY_DATABASE_URI": url}))
        yield url, lambda: cluster("restart")
    finally:
        subprocess.run(["pg_dropcluster", "--stop", version, name], capture_output=True, timeout=120)


def _pg_database():
    if PG_PROBLEM:
        missing(PG_PROBLEM)
    admin = create_engine(database_url(PG_URL, ""), isolation_level="AUTOCOMMIT")
    schema = f"f_{uuid.uuid4().hex[:10]}"
    with admin.connect() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    url = database_url(pg_url_for(schema), "")
    try:
        migrate(create_app({"SQLALCHEMY_DATABASE_URI": url}))
        yield url
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
        admin.dispose()


def children(pid: int) -> set[int]:
    """Live gunicorn child processes of ``pid`` (its workers, not its scan service), from /proc."""
    out = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            command = (stat.parent / "cmdline").read_bytes()
        except OSError:
            continue
        if int(fields[1]) == pid and fields[0] != "Z" and b"gunicorn" in command:
            out.add(int(stat.parent.name))
    return out


def wait_for_workers(server: LiveServer, count: int, timeout: float = 20) -> set[int]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        workers = children(server.process.pid)
        if len(workers) == count:
            return workers
        time.sleep(0.05)
    raise AssertionError(f"gunicorn has {children(server.process.pid)} workers, not {count}, after {timeout} s")


def new_table(base: str) -> str:
    r = requests.post(f"{base}/api/tables", timeout=TIMEOUT,
                      json={"game": "scorepad", "options": {}, "seats": [{"name": n} for n in ("Ann", "Ben", "Cy")]})
    assert r.status_code == 201, r.text
    return r.json()["code"]


def is_gunicorn_500(response: requests.Response) -> bool:
    """gunicorn's own HTML page: an exception escaped the Flask app (see the PostgreSQL restart test)."""
    return response.status_code == 500 and "<title>Internal Server Error</title>" in response.text


def is_json_error(response: requests.Response) -> bool:
    try:
        body = response.json()
    except ValueError:
        return False
    return body.get("status") == response.status_code and {"code", "message"} <= body.keys()


# The load below is one address appending as fast as the server answers: on a quiet machine that is
# more than the 600 writes a minute an address may make, and a 429 would end the test for a reason
# that has nothing to do with the fault under test. Rate limits have their own tests (test_limits.py).
UNLIMITED = {"SCOREKEEPER_RATELIMIT": "off"}

class Load:
    """Clients appending points to one table (and reading it) in a bounded loop.

    Every event sent is remembered by id; outcomes: "ok" (stored, acknowledged),
    "error" (a JSON 5xx), "lost" (connection error: the answer never came), "gunicorn500"
    (gunicorn's HTML 500: the app's error handling was bypassed; counted apart, see below).
    Anything else (a hang past TIMEOUT, a 5xx that is not our JSON error, a 4xx) is a problem.
    """

    def __init__(self, base: str, code: str, clients: int, seconds: float, reads: bool = False):
        self.base, self.code, self.reads = base, code, reads
        self.sent: dict[str, dict] = {}
        self.outcome: dict[str, str] = {}
        self.problems: list[str] = []
        self.last_ok = 0.0
        self.read_gunicorn_500 = 0
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.deadline = time.monotonic() + seconds
        self.threads = [threading.Thread(target=self._client, args=(n,), daemon=True) for n in range(clients)]
        for t in self.threads:
            t.start()

    def count(self, kind: str) -> int:
        with self.lock:
            return sum(1 for v in self.outcome.values() if v == kind)

    def _record(self, uid: str | None, kind: str, detail: str = "") -> None:
        with self.lock:
            if uid is not None:
                self.outcome[uid] = kind
            if kind == "ok":
                self.last_ok = time.monotonic()
            if kind == "problem":
                self.problems.append(detail)

    def _client(self, n: int) -> None:
        session = requests.Session()
        i = 0
        while not self.stop.is_set() and time.monotonic() < self.deadline:
            i += 1
            uid = str(uuid.uuid4())
            data = {"seat": (n + i) % 3, "points": (n * 7 + i) % 9 + 1}
            with self.lock:
                self.sent[uid] = data
            started = time.monotonic()
            try:
                r = session.post(f"{self.base}/api/tables/{self.code}/events", timeout=TIMEOUT,
                                 json={"id": uid, "type": "points", "data": data})
            except requests.Timeout as err:
                self._record(uid, "problem", f"append hung {time.monotonic() - started:.1f} s: {err!r}")
                continue
            except (requests.ConnectionError, requests.exceptions.ChunkedEncodingError):
                self._record(uid, "lost")
                session = requests.Session()
                time.sleep(0.02)
                continue
            if r.status_code in (200, 201):
                self._record(uid, "ok")
            elif r.status_code >= 500 and is_json_error(r):
                self._record(uid, "error")
                time.sleep(0.02)
            elif is_gunicorn_500(r):
                self._record(uid, "gunicorn500")
                time.sleep(0.02)
            else:
                self._record(uid, "problem", f"append: {r.status_code} {r.text[:200]}")
            if self.reads and i % 3 == 0:
                self._read(session)

    def _read(self, session: requests.Session) -> None:
        try:
            r = session.get(f"{self.base}/api/tables/{self.code}", timeout=TIMEOUT)
        except requests.Timeout as err:
            self._record(None, "problem", f"read hung: {err!r}")
            return
        except (requests.ConnectionError, requests.exceptions.ChunkedEncodingError):
            return
        if r.status_code == 200:
            table = r.json()
            if sum(p["total"] for p in table["result"]["players"]) > sum(d["points"] for d in self.sent.values()):
                self._record(None, "problem", "a read showed more points than were ever sent")
        elif is_gunicorn_500(r):
            with self.lock:
                self.read_gunicorn_500 += 1
        elif not (r.status_code >= 500 and is_json_error(r)):
            self._record(None, "problem", f"read: {r.status_code} {r.text[:200]}")

    def finish(self) -> None:
        self.stop.set()
        for t in self.threads:
            t.join(TIMEOUT + 5)
        assert not any(t.is_alive() for t in self.threads), "a client is stuck"


def settle_and_check(base: str, load: Load) -> dict:
    """Resend every event whose answer was lost (same id), then check the whole log. Returns the table."""
    session = requests.Session()
    for uid, data in load.sent.items():
        if load.outcome.get(uid) != "ok":
            r = session.post(f"{base}/api/tables/{load.code}/events", timeout=TIMEOUT,
                             json={"id": uid, "type": "points", "data": data})
            assert r.status_code in (200, 201), r.text  # 200: the lost one had been stored after all
    events: list[dict] = []
    while True:
        after = events[-1]["seq"] if events else 0
        r = session.get(f"{base}/api/tables/{load.code}/events", params={"after": after}, timeout=TIMEOUT)
        assert r.status_code == 200, r.text
        page = r.json()["events"]
        if not page:
            break
        events += page
    table = session.get(f"{base}/api/tables/{load.code}", timeout=TIMEOUT).json()
    assert [e["seq"] for e in events] == list(range(1, table["seq"] + 1)), "seqs are not 1..n without gaps"
    ids = [e["id"] for e in events]
    assert len(ids) == len(set(ids)), "an event is stored twice"
    assert set(ids) == set(load.sent), "an event the clients sent is missing, or one nobody sent is there"
    assert all(e["data"] == load.sent[e["id"]] for e in events), "an event's data differs from what was sent"
    totals = [0, 0, 0]
    for e in events:
        totals[e["data"]["seat"]] += e["data"]["points"]
    assert [p["total"] for p in table["result"]["players"]] == totals, "the snapshot is not a replay of the log"
    return table


# --- a worker killed mid-request ----------------------------------------------------------------


def test_a_worker_killed_mid_request_leaves_no_half_written_table(database, tmp_path):
    server = LiveServer(database, tmp_path, workers=2, env=UNLIMITED)
    try:
        code = new_table(server.url)
        first_workers = wait_for_workers(server, 2)
        load = Load(server.url, code, clients=8, seconds=25)
        killed: list[int] = []
        try:
            deadline = time.monotonic() + 10
            while load.count("ok") < 40 and time.monotonic() < deadline:
                time.sleep(0.02)
            assert load.count("ok") >= 40, f"no steady load: {load.outcome.values()}"
            # Kill a worker while appends are in flight; again (up to 5 times) until a request was cut off.
            for _ in range(5):
                victim = sorted(children(server.process.pid))[0]
                os.kill(victim, signal.SIGKILL)
                killed.append(victim)
                time.sleep(0.5)
                if load.count("lost"):
                    break
                wait_for_workers(server, 2)
            respawned = wait_for_workers(server, 2)
            ok_before = load.count("ok")
            deadline = time.monotonic() + 10
            while load.count("ok") < ok_before + 40 and time.monotonic() < deadline:  # both workers serve again
                time.sleep(0.02)
        finally:
            load.finish()
        assert load.count("lost") >= 1, "the kill interrupted no request; the test proved nothing"
        assert not load.problems, load.problems[:5]
        assert not load.count("gunicorn500") and not load.read_gunicorn_500
        assert respawned.isdisjoint(killed) and respawned != first_workers
        assert load.count("ok") >= ok_before + 40, "appends did not resume after the worker was replaced"
        for _ in range(10):  # the next requests work, whichever worker takes them
            assert requests.get(f"{server.url}/api/tables/{code}", timeout=TIMEOUT).status_code == 200
        table = settle_and_check(server.url, load)
        assert table["seq"] == len(load.sent)
    finally:
        server.stop()


# --- PostgreSQL restarted under load ------------------------------------------------------------


def test_postgresql_restart_under_load_fails_cleanly_and_recovers_without_an_app_restart(own_postgresql, tmp_path):
    url, restart = own_postgresql
    server = LiveServer(url, tmp_path, workers=2, env=UNLIMITED)
    try:
        code = new_table(server.url)
        workers = wait_for_workers(server, 2)
        load = Load(server.url, code, clients=4, seconds=20, reads=True)
        try:
            deadline = time.monotonic() + 10
            while load.count("ok") < 20 and time.monotonic() < deadline:
                time.sleep(0.02)
            assert load.count("ok") >= 20, "no steady load before the restart"
            before = {k: load.count(k) for k in ("ok", "error", "lost")}
            started = time.monotonic()
            restart()
            outage = time.monotonic() - started
            back = time.monotonic()
            while load.last_ok < back + 0.5 and time.monotonic() < load.deadline:  # successes again, same app
                time.sleep(0.05)
            recovered_after = load.last_ok - back
            ok_after_restart = load.count("ok")
            time.sleep(1)
        finally:
            load.finish()
        during = {k: load.count(k) - before[k] for k in ("ok", "error", "lost")}
        print(f"restart took {outage:.1f} s; since the restart: {during}; first success {recovered_after:.1f} s after")
        assert not load.problems, load.problems[:5]
        assert load.last_ok > back, "no request succeeded after PostgreSQL came back"
        assert load.count("ok") > ok_after_restart, "requests stopped succeeding again"
        assert server.process.poll() is None and children(server.process.pid) == workers, "the app was restarted"
        settle_and_check(server.url, load)
    finally:
        server.stop()
    # Known bug (reported, not fixed here: not this test's code): when PostgreSQL drops a connection,
    # Flask-SQLAlchemy's teardown (session.remove() → ROLLBACK on the dead connection) raises after the
    # response was built, so gunicorn answers its own HTML 500 instead of the app's JSON error (or even
    # instead of a 201 already committed). Everything else above holds; this is the one thing that does not.
    html = load.count("gunicorn500") + load.read_gunicorn_500
    if html:
        pytest.xfail(f"{html} requests got gunicorn's HTML 500, not the JSON error: the session teardown "
                     "raises on a dead connection (scorekeeper/database.py needs a teardown that survives it)")


# --- the event stream across a server restart ---------------------------------------------------


class Stream:
    """An SSE client: connect with Last-Event-ID, yield (id, payload) per `table` message."""

    def __init__(self, base: str, code: str, last_id: int | None = None):
        headers = {"Accept": "text/event-stream"}
        if last_id is not None:
            headers["Last-Event-ID"] = str(last_id)
        self.response = requests.get(f"{base}/api/tables/{code}/stream", headers=headers, stream=True,
                                     timeout=(3, 20))
        assert self.response.status_code == 200
        self.chunks = self.response.iter_content(chunk_size=None)
        self.buffer = ""

    def next(self) -> tuple[int, dict]:
        while True:
            while "\n\n" not in self.buffer:
                self.buffer += next(self.chunks).decode()
            block, self.buffer = self.buffer.split("\n\n", 1)
            fields = dict(line.split(": ", 1) for line in block.split("\n") if ": " in line and line[0] != ":")
            if fields.get("event") == "table":
                return int(fields["id"]), json.loads(fields["data"])

    def close(self) -> None:
        self.response.close()


def append(base: str, code: str, n: int) -> int:
    r = requests.post(f"{base}/api/tables/{code}/events", timeout=TIMEOUT,
                      json={"id": str(uuid.uuid4()), "type": "points", "data": {"seat": n % 3, "points": n}})
    assert r.status_code == 201, r.text
    return r.json()["event"]["seq"]


def test_the_stream_resumes_after_a_server_restart_and_misses_no_event(tmp_path):
    url = f"sqlite:///{tmp_path / 'stream.sqlite3'}"
    migrate(create_app({"SQLALCHEMY_DATABASE_URI": url}))
    (tmp_path / "one").mkdir()
    (tmp_path / "two").mkdir()
    first = LiveServer(url, tmp_path / "one", workers=1)
    try:
        code = new_table(first.url)
        for n in (1, 2, 3):
            append(first.url, code, n)
        stream = Stream(first.url, code)
        last_id, payload = stream.next()
        assert last_id == 3 and payload["table"]["seq"] == 3
    finally:
        first.stop()  # the phone's connection is cut by the restart
    with pytest.raises((StopIteration, requests.RequestException)):
        stream.next()
    stream.close()

    second = LiveServer(url, tmp_path / "two", workers=1)  # the restarted server, on the same database
    try:
        missed = [append(second.url, code, n) for n in range(4, 9)]  # while the phone was away
        stream = Stream(second.url, code, last_id=last_id)
        seen: list[int] = []
        try:
            message_id, payload = stream.next()
            seen += [e["seq"] for e in payload["events"]]
            assert message_id == 8 and seen == missed  # the catch-up: exactly what was missed
            live = []
            for n in range(9, 13):  # and then it follows live again
                live.append(append(second.url, code, n))
                while message_id < live[-1]:
                    message_id, payload = stream.next()
                    seen += [e["seq"] for e in payload["events"]]
            assert payload["table"]["seq"] == 12
        finally:
            stream.close()
        assert seen == list(range(4, 13)), f"missed or repeated: {seen}"
        assert [p["total"] for p in payload["table"]["result"]["players"]] == [
            sum(n for n in range(1, 13) if n % 3 == seat) for seat in range(3)]
    finally:
        second.stop()
