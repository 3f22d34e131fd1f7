"""The database connection lost under a request (PostgreSQL restarted, a connection cut): the answer is a 503
with Retry-After, which the phone retries, and the next requests get fresh connections."""

from __future__ import annotations

import uuid

import pytest
from sqlalchemy import create_engine, text
from support import PG_URL, migrate, pg_url_for, wipe

from scorekeeper import create_app
from scorekeeper.config import database_url
from scorekeeper.extensions import db


@pytest.fixture
def pg_app(pg_schema):
    name = f"lost-{uuid.uuid4().hex[:8]}"  # only this app's connections are cut (others share the server)
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": database_url(pg_url_for(pg_schema), ""),
                      "SQLALCHEMY_ENGINE_OPTIONS": {"connect_args": {"application_name": name}}})
    migrate(app)
    wipe(app)
    app.config["CUT"] = name
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def cut_connections(name: str) -> int:
    engine = create_engine(database_url(PG_URL, ""))
    with engine.begin() as conn:
        cut = conn.execute(text("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                                "WHERE application_name = :name"), {"name": name}).scalar()
    engine.dispose()
    return cut


# The append lets its lost connection go without SQLAlchemy's "Can't invalidate an already-closed connection".
@pytest.mark.filterwarnings("error::sqlalchemy.exc.SAWarning")
def test_a_lost_connection_is_a_503_with_retry_after_and_the_next_request_works(pg_app):
    client = pg_app.test_client()
    code = client.post("/api/tables", json={"game": "scorepad", "seats": [{"name": "Ann"}]}).get_json()["code"]
    with pg_app.app_context():  # three connections in the pool, as after a few requests at once
        held = [db.engine.connect() for _ in range(3)]
        for conn in held:
            conn.exec_driver_sql("SELECT 1")
            conn.close()
    assert cut_connections(pg_app.config["CUT"]) == 3

    def point():
        return client.post(f"/api/tables/{code}/events",
                           json={"id": str(uuid.uuid4()), "type": "points", "data": {"seat": 0, "points": 1}})

    lost = point()
    assert lost.status_code == 503, lost.get_json()
    assert lost.get_json()["code"] == "database_unavailable" and int(lost.headers["Retry-After"]) >= 1
    assert [point().status_code for _ in range(3)] == [201] * 3  # fresh connections: no 503 per pooled one
    assert client.get(f"/api/tables/{code}").get_json()["seq"] == 3  # the lost one was not stored


def test_a_table_read_on_a_lost_connection_is_a_503_too(pg_app):
    """The hot read runs on the driver connection itself (services/tables.py ``_fetch``): its lost connection
    is answered as SQLAlchemy's own statements' is."""
    client = pg_app.test_client()
    code = client.post("/api/tables", json={"game": "scorepad", "seats": [{"name": "Ann"}]}).get_json()["code"]
    assert client.get(f"/api/tables/{code}").status_code == 200
    assert cut_connections(pg_app.config["CUT"]) >= 1
    lost = client.get(f"/api/tables/{code}")
    assert lost.status_code == 503 and lost.get_json()["code"] == "database_unavailable", lost.get_json()
    assert int(lost.headers["Retry-After"]) >= 1
    assert [client.get(f"/api/tables/{code}").status_code for _ in range(3)] == [200] * 3
