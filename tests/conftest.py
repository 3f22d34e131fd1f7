"""Fixtures every tier that touches a database shares (the API tier, the migrations, the OpenAPI check):
the app on SQLite and (when reachable) PostgreSQL. Helpers are in support.py; the API tier's own
fixtures in api/conftest.py, the browser tier's (a live server, Chromium) in browser/conftest.py.

Where PostgreSQL is missing, its tests skip with a reason, except under CI=true, where a missing
one fails the run instead.
"""

from __future__ import annotations

import uuid

import pytest
from sqlalchemy import create_engine, text
from support import PG_PROBLEM, PG_URL, migrate, missing, pg_url_for, wipe

from scorekeeper import create_app
from scorekeeper.config import database_url
from scorekeeper.extensions import db


@pytest.fixture(scope="session")
def pg_schema():
    """A fresh schema in the test database for this run, dropped afterwards."""
    if PG_PROBLEM:
        missing(PG_PROBLEM)
    schema = f"t_{uuid.uuid4().hex[:10]}"
    engine = create_engine(database_url(PG_URL, ""))
    with engine.begin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    engine.dispose()
    yield schema
    engine = create_engine(database_url(PG_URL, ""))
    with engine.begin() as conn:
        conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
    engine.dispose()


@pytest.fixture(scope="session", params=["sqlite", "postgresql"])
def backend(request, tmp_path_factory):
    """Each database the suite runs on: a migrated, empty database URL."""
    if request.param == "sqlite":
        path = tmp_path_factory.mktemp("sqlite") / "test.sqlite3"
        url = f"sqlite:///{path}"
    else:
        url = pg_url_for(request.getfixturevalue("pg_schema"))
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": database_url(url, "")})
    migrate(app)
    with app.app_context():
        db.engine.dispose()
    return {"name": request.param, "url": database_url(url, "")}


@pytest.fixture
def app(backend):
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": backend["url"]})
    wipe(app)
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.fixture
def sqlite_app(tmp_path):
    """SQLite only, for tests that are not about the database."""
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'db.sqlite3'}"})
    migrate(app)
    return app
