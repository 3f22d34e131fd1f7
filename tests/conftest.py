"""Fixtures: the app on SQLite and (when reachable) PostgreSQL, a live server, Chromium.

Where PostgreSQL or Chromium is missing, their tests skip with a reason,
except under CI=true, where a missing one fails the run instead.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
import requests
from sqlalchemy import create_engine, text

from scorekeeper import create_app
from scorekeeper.config import database_url
from scorekeeper.extensions import db

ROOT = Path(__file__).resolve().parent.parent
IN_CI = os.environ.get("CI", "").lower() == "true"
PG_URL = os.environ.get("TEST_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/test")
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")


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


_PG_PROBLEM = _pg_reachable()


@pytest.fixture(scope="session")
def pg_schema():
    """A fresh schema in the test database for this run, dropped afterwards."""
    if _PG_PROBLEM:
        missing(_PG_PROBLEM)
    schema = f"t_{uuid.uuid4().hex[:10]}"
    engine = create_engine(database_url(PG_URL, ""))
    with engine.begin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    engine.dispose()
    yield schema
    # A fresh engine: a fault test may have restarted PostgreSQL since.
    engine = create_engine(database_url(PG_URL, ""), pool_pre_ping=True)
    with engine.begin() as conn:
        conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
    engine.dispose()


def _pg_url_for(schema: str) -> str:
    sep = "&" if "?" in PG_URL else "?"
    return f"{PG_URL}{sep}options=-csearch_path%3D{schema}"


def _migrate(app) -> None:
    from flask_migrate import upgrade

    with app.app_context():
        upgrade()


def _wipe(app) -> None:
    with app.app_context():
        for table in reversed(db.metadata.sorted_tables):
            db.session.execute(table.delete())
        db.session.commit()


@pytest.fixture(scope="session", params=["sqlite", "postgresql"])
def backend(request, tmp_path_factory):
    """Each database the suite runs on: a migrated, empty database URL."""
    if request.param == "sqlite":
        path = tmp_path_factory.mktemp("sqlite") / "test.sqlite3"
        url = f"sqlite:///{path}"
    else:
        url = _pg_url_for(request.getfixturevalue("pg_schema"))
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": database_url(url, "")})
    _migrate(app)
    with app.app_context():
        db.engine.dispose()
    return {"name": request.param, "url": database_url(url, "")}


@pytest.fixture
def app(backend):
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": backend["url"]})
    _wipe(app)
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def sqlite_app(tmp_path):
    """SQLite only, for tests that are not about the database."""
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'db.sqlite3'}"})
    _migrate(app)
    return app


# --- a live server (gunicorn, as in production) -------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(url: str, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if requests.get(url, timeout=1).ok:
                return
        except requests.RequestException:
            time.sleep(0.1)
    raise RuntimeError(f"{url} did not answer within {timeout} s")


class LiveServer:
    def __init__(self, database: str, tmp: Path, workers: int = 2, env: dict[str, str] | None = None):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = dict(os.environ, DATABASE_URL=database, SCOREKEEPER_LEXICON_CACHE=str(tmp / "lexicon"), **(env or {}))
        gunicorn = str(Path(sys.executable).with_name("gunicorn"))
        self.log = open(tmp / "server.log", "wb")  # noqa: SIM115 - closed in stop()
        self.process = subprocess.Popen(
            [gunicorn, "--config=python:scorekeeper.gunicorn_conf", f"--bind=127.0.0.1:{self.port}",
             f"--workers={workers}", "scorekeeper:create_app()"],
            cwd=ROOT, env=env, stdout=self.log, stderr=subprocess.STDOUT,
        )
        try:
            wait_for(self.url + "/api/health")
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


@pytest.fixture(scope="session")
def live_server(tmp_path_factory):
    """gunicorn on SQLite, migrated, for the browser tests."""
    tmp = tmp_path_factory.mktemp("live")
    url = f"sqlite:///{tmp / 'live.sqlite3'}"
    _migrate(create_app({"SQLALCHEMY_DATABASE_URI": url}))
    server = LiveServer(url, tmp)
    yield server
    server.stop()


# --- Chromium through Playwright ----------------------------------------------------------

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists() and not shutil.which("chromium"):
        missing(f"Chromium is not installed at {CHROMIUM} (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


# A phone whose clock runs 7 s ahead, as a badly set phone's would: the shared timer must not care.
SKEW_MS = 7000
SKEWED_CLOCK = f"""
(() => {{
  const realNow = Date.now.bind(Date);
  Date.now = () => realNow() + {SKEW_MS};
}})();
"""


@pytest.fixture
def open_phone(browser, live_server):
    """Open phone-sized browser contexts; each fails its test on a console error it did not expect.

    A test adds substrings to ``page.expected_errors`` for errors it causes (going offline, a refusal).
    """
    opened = []

    def open_one(clock_skew: bool = False):
        context = browser.new_context(base_url=live_server.url, **PHONE)
        if clock_skew:
            context.add_init_script(SKEWED_CLOCK)
        page = context.new_page()
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.expected_errors = []
        opened.append((context, page, errors))
        return page

    yield open_one
    problems = []
    for context, page, errors in opened:
        context.close()
        problems += [e for e in errors if not any(x in e for x in page.expected_errors)]
    assert not problems, f"console errors: {problems}"


@pytest.fixture
def phone(open_phone):
    return open_phone()


@pytest.fixture
def second_phone(open_phone):
    """Another phone at the same table, its clock 7 s ahead."""
    return open_phone(clock_skew=True)


def auth(token: str) -> dict[str, str]:
    """The header a league call carries its capability token in."""
    return {"Authorization": f"Bearer {token}"}


def api_league(live_server, name: str = "Club", players=()) -> dict:
    """A league made through the API, with ``players`` added by the member link; its creation answer (tokens)."""
    league = requests.post(f"{live_server.url}/api/leagues", json={"name": name}, timeout=10).json()
    for player in players:
        response = requests.post(f"{live_server.url}/api/leagues/{league['id']}/players", json={"name": player},
                                 headers=auth(league["member_token"]), timeout=10)
        assert response.status_code == 201, response.text
    return league


def start_table_in_the_ui(phone, game: str, names) -> str:
    """Home → Start a table → pick ``game``, name the seats → start; the new table's code.

    Fails with the screen's own message if the new-table screen refuses.
    """
    phone.goto("/")
    phone.get_by_role("link", name="Start a table", exact=True).click()
    phone.select_option("#game", game)
    phone.wait_for_function(f"() => location.hash === '#/new/{game}'")
    inputs = phone.locator(".seats input")
    for i, name in enumerate(names):
        if i >= inputs.count():
            phone.get_by_role("button", name="+ Add player").click()
        inputs.nth(i).fill(name)
    phone.get_by_role("button", name="Start the table").click()
    phone.wait_for_function(
        "() => location.hash.startsWith('#/table/') || !document.querySelector('form p.error')?.hidden"
    )
    if not phone.evaluate("location.hash.startsWith('#/table/')"):
        pytest.fail(f"the new-table screen refused: {phone.locator('form p.error').inner_text()}")
    phone.wait_for_selector(".live[data-state=live]")
    return phone.evaluate("location.hash.split('/')[2]")


@pytest.fixture
def shots():
    """Where browser tests leave screenshots for a person to look at."""
    folder = ROOT / "test-artifacts"
    folder.mkdir(exist_ok=True)
    return folder
