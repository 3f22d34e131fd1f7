"""The API tier's fixtures: a test client of the app on each database (tests/conftest.py makes the app)."""

from __future__ import annotations

import pytest


@pytest.fixture
def client(app):
    return app.test_client()
