"""Rate limits that hold across instances: two instances of two workers each on one Redis share every
per-address budget and the streams an address may hold, keep answering (each process on its own budget) when
Redis goes away, and a killed worker's streams do not hold their places for ever."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
import redis
import requests
from support import LiveServer, free_port, migrate, missing

from scorekeeper import create_app

pytestmark = pytest.mark.redis

TIMEOUT = 10
WRITES, MISSES = 40, 12


def _answers(port: int) -> bool:
    try:
        return redis.Redis(port=port, socket_connect_timeout=1).ping()
    except redis.RedisError:
        return False


@pytest.fixture
def redis_url(tmp_path):
    """A Redis of this test's own (it is stopped in the middle of the test, which a shared one must not be)."""
    server = shutil.which("redis-server")
    if server is None:
        missing("redis-server is not installed (apt-get install redis-server)")
    port = free_port()
    process = subprocess.Popen([server, "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                                "--appendonly", "no", "--dir", str(tmp_path)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 10
    while not _answers(port):
        assert time.monotonic() < deadline and process.poll() is None, "redis-server did not start"
        time.sleep(0.05)
    yield f"redis://127.0.0.1:{port}", process
    if process.poll() is None:
        process.kill()
    process.wait()


def start_two(tmp_path, url: str, settings: dict[str, str]):
    """Two instances of two workers each on one SQLite database and the Redis at ``url``; (a, b) and stop()."""
    database = f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    migrate(create_app({"SQLALCHEMY_DATABASE_URI": database}))
    env = {"RATELIMIT_STORAGE_URI": url, "SCOREKEEPER_RATELIMIT_PREFIX": f"t{uuid.uuid4().hex[:8]}", **settings}
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
    with ThreadPoolExecutor(2) as pool:  # both start at once: a worker's boot is most of this test's time
        starting = [pool.submit(LiveServer, database, tmp_path / name, workers=2, env=env) for name in ("a", "b")]
        servers = [s.result() for s in starting if s.exception() is None]

    def stop():
        for server in servers:
            server.stop()

    if len(servers) != 2:
        stop()
        pytest.fail(f"an instance did not start: {[s.exception() for s in starting]}")
    return servers, stop


@pytest.fixture
def two_instances(tmp_path, redis_url):
    url, redis = redis_url
    # Budgets this test can use up in a second (the defaults are 600 and 30 a minute).
    servers, stop = start_two(tmp_path, url, {"SCOREKEEPER_WRITES_PER_MINUTE": str(WRITES),
                                              "SCOREKEEPER_JOIN_CODE_MISSES_PER_MINUTE": str(MISSES)})
    try:
        yield servers, redis
    finally:
        stop()


def test_two_instances_share_the_write_budget_and_the_join_code_misses_and_answer_without_redis(two_instances):
    (a, b), redis = two_instances
    sessions = {a.url: requests.Session(), b.url: requests.Session()}  # kept-alive connections: a quick test

    def write(server):  # a write refused by its schema still draws on the write budget
        return sessions[server.url].post(f"{server.url}/api/tables", json={}, timeout=TIMEOUT).status_code

    def miss(server):
        return sessions[server.url].get(f"{server.url}/api/tables/ZZZZZZ", timeout=TIMEOUT).status_code

    assert [write(a if i % 2 else b) for i in range(WRITES)] == [422] * WRITES
    assert (write(a), write(b)) == (429, 429)  # one budget for the address, however many processes
    assert [miss(a if i % 2 else b) for i in range(MISSES)] == [404] * MISSES
    assert (miss(a), miss(b)) == (429, 429)

    redis.kill()
    redis.wait()
    # Fail open to each process's own memory: the tables keep playing, the limits still bound each process.
    started = time.monotonic()
    for server in (a, b):
        assert requests.get(f"{server.url}/api/health", timeout=TIMEOUT).status_code == 200
        answers = {write(server) for _ in range(5)} | {miss(server) for _ in range(5)}
        assert answers <= {422, 404, 429} and 422 in answers and 404 in answers, answers
    assert time.monotonic() - started < 10


STREAMS, HEARTBEAT_S = 6, 0.5  # a cap this test can fill, and heartbeats (and so leases) it need not wait long for


@pytest.fixture
def two_instances_few_streams(tmp_path, redis_url):
    url, _ = redis_url
    servers, stop = start_two(tmp_path, url, {"SCOREKEEPER_STREAMS_PER_ADDRESS": str(STREAMS),
                                              "SCOREKEEPER_STREAM_HEARTBEAT_S": str(HEARTBEAT_S)})
    try:
        yield servers
    finally:
        stop()


def open_stream(server, code: str) -> requests.Response:
    return requests.get(f"{server.url}/api/tables/{code}/stream", stream=True, timeout=TIMEOUT)


def opened_until_refused(server, code: str, most: int) -> list[requests.Response]:
    """Streams opened on ``server`` until one is refused (429, closed at once), at most ``most`` of them."""
    held = []
    for _ in range(most):
        response = open_stream(server, code)
        if response.status_code != 200:
            assert response.status_code == 429, response.status_code
            response.close()
            return held
        held.append(response)
    return held


def kill(server) -> None:
    """SIGKILL to the instance's workers and then its master: no stream is let go of."""
    pid = server.process.pid
    workers = [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    for worker in workers:
        os.kill(worker, signal.SIGKILL)
    server.process.kill()
    server.process.wait()


def test_the_streams_of_an_address_are_capped_across_instances_and_a_killed_worker_frees_its_own(
        two_instances_few_streams):
    a, b = two_instances_few_streams
    code = requests.post(f"{a.url}/api/tables", json={"game": "scorepad", "seats": [{"name": "Ann"}]},
                         timeout=TIMEOUT).json()["code"]
    held = [open_stream(a if i % 2 else b, code) for i in range(STREAMS)]  # four worker processes among them
    assert [r.status_code for r in held] == [200] * STREAMS
    refused = [open_stream(server, code) for server in (a, b)]
    assert [r.status_code for r in refused] == [429, 429]  # one cap for the address, not one per process

    held.pop().close()  # one given back: the server hears of it at the next heartbeat it cannot send
    deadline = time.monotonic() + 10
    while (again := open_stream(a, code)).status_code != 200:
        assert time.monotonic() < deadline, "a closed stream's slot was not given back"
        time.sleep(HEARTBEAT_S / 2)
    held.append(again)
    on_a = [r for r in held if r.url.startswith(a.url)]

    kill(a)  # a's streams' slots are never given back: their leases lapse instead
    deadline = time.monotonic() + 10
    regained: list[requests.Response] = []
    while len(regained) < len(on_a):
        regained += opened_until_refused(b, code, len(on_a) - len(regained))
        assert time.monotonic() < deadline, f"{len(on_a) - len(regained)} slots of the killed instance leaked"
        time.sleep(HEARTBEAT_S / 2)
    assert open_stream(b, code).status_code == 429  # and the cap still holds: STREAMS in all
    for response in held + regained:
        response.close()
