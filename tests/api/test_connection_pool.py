"""PostgreSQL: a busy worker keeps the connections it opened. A connection the pool does not keep is closed as
soon as it is given back, and the next burst opens it again: a new backend process on the server each time."""

from __future__ import annotations

import pytest
from sqlalchemy import event
from support import pg_url_for

from scorekeeper import create_app
from scorekeeper.config import database_url
from scorekeeper.extensions import db

BURST = 15  # more than the ten SQLAlchemy keeps by default, fewer than the pool's size


@pytest.fixture
def pg_app(pg_schema):
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": database_url(pg_url_for(pg_schema), "")})
    yield app
    with app.app_context():
        db.engine.dispose()


def test_a_second_burst_of_requests_opens_no_connection(pg_app):
    with pg_app.app_context():
        opened = []
        event.listen(db.engine, "connect", lambda *_: opened.append(1))
        for burst in range(2):
            held = [db.engine.raw_connection() for _ in range(BURST)]  # as many requests at once
            for connection in held:
                connection.close()  # back to the pool
            assert len(opened) == BURST, f"burst {burst + 1}: {len(opened)} connections opened in all"
        assert db.engine.pool.size() >= BURST
