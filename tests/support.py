"""What the test tiers share that is not a fixture: the databases, the policy for a missing one, a live server.

Imported by name (``from support import …``); fixtures live in the conftest.py of the tier that uses
them: this folder's for the databases (the API tier and the migrations), ``api/conftest.py`` and
``browser/conftest.py`` for theirs.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
import requests
from sqlalchemy import create_engine, text

from scorekeeper.config import database_url
from scorekeeper.extensions import db
from scorekeeper.text import SAID

ROOT = Path(__file__).resolve().parent.parent
IN_CI = os.environ.get("CI", "").lower() == "true"
PG_URL = os.environ.get("TEST_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/test")

# The players a test seats when their names are not the point, in seat order: the API tier's helpers
# (api/api_calls.py) and the browser tier's (browser/screens.py) both seat them.
CAST = ("Anna", "Ben", "Cleo", "Dan")


def missing(reason: str):
    """Skip, or fail under CI where every suite must really run."""
    if IN_CI:
        pytest.fail(f"CI=true and {reason}", pytrace=False)
    pytest.skip(reason)


def _pg_reachable() -> str | None:
    try:
        engine = create_engine(database_url(PG_URL, ""), connect_args={"connect_timeout": 3})
        with engine.connect() as conn:
            conn.execute(text("SELECT 1"))
        engine.dispose()
        return None
    except Exception as err:  # noqa: BLE001
        return f"PostgreSQL is not reachable at {PG_URL}: {err.__class__.__name__}"


PG_PROBLEM = _pg_reachable()


def pg_url_for(schema: str) -> str:
    sep = "&" if "?" in PG_URL else "?"
    return f"{PG_URL}{sep}options=-csearch_path%3D{schema}"


def migrate(app) -> None:
    from flask_migrate import upgrade

    with app.app_context():
        upgrade()


def wipe(app) -> None:
    with app.app_context():
        for table in reversed(db.metadata.sorted_tables):
            db.session.execute(table.delete())
        db.session.commit()


# --- a live server (gunicorn, as in production) -------------------------------------------

def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(url: str, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if requests.get(url, timeout=1).ok:
                return
        except requests.RequestException:
            time.sleep(0.1)
    raise RuntimeError(f"{url} did not answer within {timeout} s")


# gunicorn took 17–23 s to answer at load ~20: a server that boots is given a minute.
BOOT_S = 60.0


class LiveServer:
    def __init__(self, database: str, tmp: Path, workers: int = 2, env: dict[str, str] | None = None,
                 port: int | None = None):
        self.port = port or free_port()  # a restart serves the same address again
        self.url = f"http://127.0.0.1:{self.port}"
        # The instance's scan process starts on the first scan, not at boot (scan/server.py): most tests scan
        # nothing, and a loaded recogniser per server would be 280 MB and seconds of CPU each.
        env = dict(os.environ, DATABASE_URL=database, SCOREKEEPER_LEXICON_CACHE=str(tmp / "lexicon"),
                   **{"SCOREKEEPER_SCAN_WARM": "off", **(env or {})})
        gunicorn = str(Path(sys.executable).with_name("gunicorn"))
        self.log = open(tmp / "server.log", "ab")  # noqa: SIM115 - closed in stop()
        self.process = subprocess.Popen(
            [gunicorn, "--config=python:scorekeeper.gunicorn_conf", f"--bind=127.0.0.1:{self.port}",
             f"--workers={workers}", "scorekeeper:create_app()"],
            cwd=ROOT, env=env, stdout=self.log, stderr=subprocess.STDOUT,
        )
        try:
            wait_for(self.url + "/api/health", BOOT_S)
        except RuntimeError:
            self.stop()
            raise

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.log.close()


def sqlite_live_server(tmp: Path, env: dict[str, str] | None = None) -> LiveServer:
    """gunicorn on a migrated SQLite database in ``tmp``, for the browser tests (``env``: more of its settings).

    One address (127.0.0.1) plays every test's tables, minute after minute: far more than one table's
    traffic, so the rate limits (proven in tests/api/test_limits.py and test_scan.py) are off here; with
    them on, a fast run of the scan tests went over the scan budget and a photo got a 429 instead of a grid.
    """
    from scorekeeper import create_app

    url = f"sqlite:///{tmp / 'live.sqlite3'}"
    migrate(create_app({"SQLALCHEMY_DATABASE_URI": url}))
    return LiveServer(url, tmp, env={"SCOREKEEPER_RATELIMIT": "off", **(env or {})})


def first_stream_message(client, path: str, headers: dict | None = None) -> dict:
    """The first message of an event stream (after its ``retry:`` line), read through a test client."""
    response = client.get(path, headers=headers or {}, buffered=False)
    chunks = (c.decode() for c in response.response)
    next(chunks)  # retry:
    message = next(chunks)
    response.close()
    return json.loads(message.split("data: ", 1)[1])


# Block Buster's rulebook, example 5-1 (the game tier scores it, the API tier asks for it in German).
# Board (2-player pattern, row by row): RC RS GS / GS RC RS / RS GS RC.
# Yellow: 2 red stars, 1 green spiral, 1 red circle; Blue: 2 green spirals, 1 red star, 1 red circle.
_RC, _RS, _GS = "red-circle", "red-star", "green-spiral"
BLOCK_BUSTER_EXAMPLE = {
    "variant": "standard",
    "players": [
        {"name": "Yellow", "colours": "yellow", "skips": 0, "leftover_squares": 0},
        {"name": "Blue", "colours": "blue", "skips": 0, "leftover_squares": 8},
    ],
    "point_blocks": [
        {"shape": _RC, "counts": {"yellow": 7, "blue": 5}},
        {"shape": _RS, "counts": {"yellow": 6, "blue": 4}},
        {"shape": _GS, "counts": {"blue": 7, "yellow": 5}},  # example 3-1: blue 7 vs yellow 5
        {"shape": _GS, "counts": {"blue": 8, "yellow": 3}},
        {"shape": _RC, "counts": {"blue": 5, "yellow": 4}},
        {"shape": _RS, "counts": {"blue": 6, "yellow": 2}},
        {"shape": _RS, "owner": "yellow"},
        {"shape": _GS, "counts": {"yellow": 5, "blue": 2}},
        {"shape": _RC, "counts": {"yellow": 4, "blue": 4}},  # a tie: nobody
    ],
}


def english(value):
    """``value`` (stored state, a result's dict) in its English words only: the templates a stored text keeps
    beside them (``games/base.py`` ``SAID``) dropped."""
    if isinstance(value, dict):
        return {k: english(v) for k, v in value.items() if k != SAID}
    if isinstance(value, list):
        return [english(v) for v in value]
    return value


PHONE_CATALOGS = ROOT / "frontend" / "js" / "i18n"


def phone_catalog(lang: str) -> dict:
    """Every word of the phone app in ``lang``: its catalog and the league screens' own (frontend/js/i18n/league/)."""
    return {key: entry for path in (PHONE_CATALOGS / f"{lang}.json", PHONE_CATALOGS / "league" / f"{lang}.json")
            for key, entry in json.loads(path.read_text(encoding="utf-8")).items()}
