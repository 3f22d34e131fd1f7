"""Rate limits answer 429 in the usual error shape, with Retry-After; honest use never meets them."""

import uuid

import pytest

from scorekeeper import create_app
from scorekeeper.limits import limiter


@pytest.fixture
def limited(tmp_path):
    from flask_migrate import upgrade

    app = create_app({"TESTING": True, "RATELIMIT_ENABLED": True,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'db.sqlite3'}"})
    with app.app_context():
        upgrade()
    limiter.reset()
    yield app.test_client()
    limiter.reset()


def test_guessing_join_codes_is_stopped_but_known_codes_are_not(limited):
    code = limited.post("/api/tables", json={"game": "scorepad", "seats": [{"name": "Ann"}]}).get_json()["code"]
    for _ in range(100):  # a phone that knows its code is never slowed
        assert limited.get(f"/api/tables/{code}").status_code == 200
    statuses = [limited.get(f"/api/tables/ZZZZZ{c}").status_code for c in "ABCDEFGHJKMNPQRSTUVWXYZ23456789"]
    assert statuses[:30] == [404] * 30 and statuses[30] == 429
    response = limited.get("/api/tables/ZZZZZZ")
    body = response.get_json()
    assert response.status_code == 429 and body["code"] == "too_many_requests" and body["status"] == 429
    assert int(response.headers["Retry-After"]) > 0


def test_writes_are_limited_per_address(limited):
    code = limited.post("/api/tables", json={"game": "scorepad", "seats": [{"name": "Ann"}]}).get_json()["code"]
    statuses = [limited.post(f"/api/tables/{code}/events",
                             json={"id": str(uuid.uuid4()), "type": "points", "data": {"seat": 0, "points": 1}}
                             ).status_code for _ in range(601)]
    assert statuses.count(201) == 600 and statuses[-1] == 429
    # Another address is not affected.
    other = limited.post(f"/api/tables/{code}/events", environ_base={"REMOTE_ADDR": "10.9.9.9"},
                         json={"id": str(uuid.uuid4()), "type": "points", "data": {"seat": 0, "points": 1}})
    assert other.status_code == 201
    assert limited.get(f"/api/tables/{code}").get_json()["seq"] == 601


def test_word_checks_are_limited(limited):
    statuses = [limited.get("/api/lexicons/en/words/cat").status_code for _ in range(241)]
    assert statuses[:240] == [200] * 240 and statuses[240] == 429
