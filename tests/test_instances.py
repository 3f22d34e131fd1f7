"""Rate limits that hold across instances: two instances of two workers each on one Redis share every
per-address budget, and keep answering (each process on its own budget) when Redis goes away."""

from __future__ import annotations

import shutil
import subprocess
import time
import uuid
from concurrent.futures import ThreadPoolExecutor

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


@pytest.fixture
def two_instances(tmp_path, redis_url):
    url, redis = redis_url
    database = f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    migrate(create_app({"SQLALCHEMY_DATABASE_URI": database}))
    env = {"RATELIMIT_STORAGE_URI": url, "SCOREKEEPER_RATELIMIT_PREFIX": f"t{uuid.uuid4().hex[:8]}",
           # Budgets this test can use up in a second (the defaults are 600 and 30 a minute).
           "SCOREKEEPER_WRITES_PER_MINUTE": str(WRITES), "SCOREKEEPER_JOIN_CODE_MISSES_PER_MINUTE": str(MISSES)}
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
    with ThreadPoolExecutor(2) as pool:  # both start at once: a worker's boot is most of this test's time
        starting = [pool.submit(LiveServer, database, tmp_path / name, workers=2, env=env) for name in ("a", "b")]
        servers = [s.result() for s in starting if s.exception() is None]
    try:
        assert len(servers) == 2, [s.exception() for s in starting]
        yield servers, redis
    finally:
        for server in servers:
            server.stop()


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
