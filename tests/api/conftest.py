"""The API tier's fixtures: a test client of the app on each database (tests/conftest.py makes the app)."""

from __future__ import annotations

import pytest
from support import wipe

from scorekeeper import create_app
from scorekeeper.extensions import db
from scorekeeper.limits import limiter


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def limited(backend):
    """A test client of an app with the rate limits on (they are off in the other tests), counters reset."""
    app = create_app({"TESTING": True, "RATELIMIT_ENABLED": True, "SQLALCHEMY_DATABASE_URI": backend["url"]})
    wipe(app)
    limiter.reset()
    yield app.test_client()
    limiter.reset()
    with app.app_context():
        db.session.remove()
        db.engine.dispose()
