"""Start throwaway scorekeeper servers for benchmarks: gunicorn on a fresh database."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
PG_URL = os.environ.get("BENCH_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/test")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def migrate(url: str) -> None:
    from flask_migrate import upgrade

    from scorekeeper import create_app

    with create_app({"SQLALCHEMY_DATABASE_URI": url}).app_context():
        upgrade()


@contextlib.contextmanager
def database(kind: str):
    """A migrated, empty database URL: a temp SQLite file, or a fresh PostgreSQL schema."""
    if kind == "sqlite":
        with tempfile.TemporaryDirectory() as tmp:
            url = f"sqlite:///{tmp}/bench.sqlite3"
            migrate(url)
            yield url
        return
    from sqlalchemy import create_engine, text

    from scorekeeper.config import database_url

    schema = f"bench_{uuid.uuid4().hex[:8]}"
    engine = create_engine(database_url(PG_URL, ""))
    with engine.begin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    url = database_url(f"{PG_URL}?options=-csearch_path%3D{schema}", "")
    try:
        migrate(url)
        yield url
    finally:
        with engine.begin() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        engine.dispose()


@contextlib.contextmanager
def server(url: str, workers: int = 2, log: list[str] | None = None, cpus: str | None = None,
           config: str = "scorekeeper.gunicorn_conf", connections: int = 2000, env: dict | None = None):
    """gunicorn serving scorekeeper on ``url``, without access log or rate limits; yields its base URL.

    ``cpus`` (e.g. "0") keeps the server on those cores (taskset), away from the load generator.
    ``config`` is the gunicorn settings module (bench/holds.py adds a record of the workers' loops).
    ``connections`` is each worker's connection limit (streams may take 90 % of it, as in production);
    ``env`` adds settings, e.g. a higher ``SCOREKEEPER_STREAMS_PER_ADDRESS`` for a bench whose every
    phone comes from 127.0.0.1.

    The server's error log goes to a file; its lines are appended to ``log`` at the end.
    """
    port = free_port()
    env = dict(os.environ, DATABASE_URL=url, SCOREKEEPER_ACCESS_LOG="", SCOREKEEPER_RATELIMIT="off",
               SCOREKEEPER_CONNECTIONS=str(connections), **(env or {}))
    pin = ["taskset", "-c", cpus] if cpus else []
    args = [*pin, str(Path(sys.executable).with_name("gunicorn")), f"--config=python:{config}",
            f"--bind=127.0.0.1:{port}", f"--workers={workers}", f"--worker-connections={connections}",
            "--log-level=warning", "--graceful-timeout=2", "scorekeeper:create_app()"]
    with tempfile.TemporaryFile("w+") as errors:
        process = subprocess.Popen(args, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=errors)
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 120  # a loaded two-core machine takes its time to boot two workers
            while True:
                try:
                    urllib.request.urlopen(base + "/api/health", timeout=1)  # noqa: S310 - our own loopback server
                    break
                except OSError:
                    if time.monotonic() > deadline or process.poll() is not None:
                        raise RuntimeError("server did not start") from None
                    time.sleep(0.2)
            yield base
        finally:
            process.terminate()
            try:
                process.wait(15)
            except subprocess.TimeoutExpired:
                process.kill()
            errors.seek(0)
            if log is not None:
                log.extend(errors.read().splitlines())
