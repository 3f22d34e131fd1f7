"""Importing a league: bounded in size and count (413), linear in cost, every field checked (SQLite, PostgreSQL)."""

from __future__ import annotations

import datetime as dt
import uuid

import pytest
from sqlalchemy import event

from scorekeeper.api.leagues import MAX_IMPORT_BYTES
from scorekeeper.extensions import db
from scorekeeper.services.league_import import MAX_RESULTS as MAX_IMPORT_RESULTS

PLAYERS = [f"Player {i}" for i in range(8)]


def result(i: int, **extra) -> dict:
    return {"id": str(uuid.UUID(int=i + 1)), "game": "scorepad", "played_on": "2026-01-02",
            "players": [{"name": PLAYERS[i % 8], "score": 10}, {"name": PLAYERS[(i + 1) % 8], "score": 5}], **extra}


def export(n: int, **overrides) -> dict:
    return {"format": "scorekeeper-league", "version": 1, "name": "Club", "players": PLAYERS,
            "results": [result(i) for i in range(n)], **overrides}


def test_too_many_results_is_a_clear_413(client):
    response = client.post("/api/leagues/import", json=export(MAX_IMPORT_RESULTS + 1))
    body = response.get_json()
    assert response.status_code == 413 and body["code"] == "import_too_big"
    assert f"{MAX_IMPORT_RESULTS:,}" in body["message"] and "results" in body["errors"]


def test_too_many_bytes_is_a_413_before_it_is_read(client):
    body = '{"format": "scorekeeper-league", "pad": "' + "x" * MAX_IMPORT_BYTES + '"}'
    response = client.post("/api/leagues/import", data=body, content_type="application/json")
    assert response.status_code == 413 and response.get_json()["status"] == 413


def statements_for(app, client, n: int) -> int:
    count = 0

    def counted(*_):
        nonlocal count
        count += 1

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", counted)
    try:
        response = client.post("/api/leagues/import", json=export(n))
        assert response.status_code == 201, response.get_json()
    finally:
        event.remove(engine, "before_cursor_execute", counted)
    return count


def test_import_cost_does_not_grow_per_result(app, client):
    small, large = statements_for(app, client, 50), statements_for(app, client, 400)
    # No reload of the players and no flush per result: 350 more results cost a few batched inserts at most.
    assert large - small <= 10, (small, large)


def forged(i=0, **fields):
    return export(1, results=[result(i, **fields)])


@pytest.mark.parametrize(("body", "field"), [
    (forged(table_code="<b>X</b>"), "results.0.table_code"),
    (forged(version=2**40), "results.0.version"),
    (forged(version=2**70), "results.0.version"),
    (forged(created_at_ms=2**70), "results.0.created_at_ms"),
    (forged(played_on="9999-12-31"), "results.0.played_on"),
    (forged(version=3, history=[{"version": -1, "replaced_at_ms": 1, "game": "scorepad", "played_on": "2026-01-01",
                                 "players": [{"name": "Player 0", "score": 1}, {"name": "Player 1", "score": 2}]}]),
     "results.0.history.0.version"),
    (forged(version=2, history=[{"version": 2, "replaced_at_ms": 1, "game": "scorepad", "played_on": "2026-01-01",
                                 "players": [{"name": "Player 0", "score": 1}, {"name": "Player 1", "score": 2}]}]),
     "results.0.history.0.version"),
    (forged(sheet={"players": [{"name": "x", "rounds": [1] * 70_000}]}, players=[]), "results.0.sheet"),
    (export(0, seasons=[{"name": "Far", "starts_on": "9999-01-01", "ends_on": "9999-12-31"}]), "seasons.0.starts_on"),
    (export(0, version=2**70), "version"),
])
def test_every_imported_field_is_checked(client, body, field):
    response = client.post("/api/leagues/import", json=body)
    assert response.status_code in (413, 422), response.get_json()
    assert field in response.get_json()["errors"], response.get_json()


def test_a_forged_digest_is_not_stored(app, client):
    response = client.post("/api/leagues/import", json=forged(digest="0" * 64))
    assert response.status_code == 201
    from scorekeeper.models import LeagueResult

    with app.app_context():
        stored = db.session.scalar(db.select(LeagueResult.digest))
    assert stored != "0" * 64


def test_an_honest_import_still_round_trips(client):
    today = dt.date.today().isoformat()
    response = client.post("/api/leagues/import", json=export(3, results=[result(0, played_on=today)]))
    assert response.status_code == 201


def test_a_refusal_deep_in_a_long_import_names_its_result(client):
    body = export(250)
    body["results"][217]["played_on"] = "not a date"
    response = client.post("/api/leagues/import", json=body)
    assert response.status_code == 422 and "results.217.played_on" in response.get_json()["errors"]


def test_an_import_parses_its_body_once_with_the_collector_paused_and_resumed(client, monkeypatch):
    """The two stalls bench/abuse.py found on the phone beside an import: a megabyte parsed twice (once for the
    count check, once by the arguments parser), and the cyclic collector walking every object of the process."""
    import gc
    import json

    from webargs import core

    from scorekeeper.services import league_import

    parsed, enabled = [], []
    real_import, app_loads, webargs_parse = league_import.import_league, client.application.json.loads, core.parse_json

    def counted(parse):
        def loads(text, *args, **kwargs):
            parsed.append(len(text))
            return parse(text, *args, **kwargs)
        return loads

    def import_league(data):
        enabled.append(gc.isenabled())
        return real_import(data)

    monkeypatch.setattr(client.application.json, "loads", counted(app_loads))
    monkeypatch.setattr(core, "parse_json", counted(webargs_parse))
    monkeypatch.setattr(league_import, "import_league", import_league)
    assert gc.isenabled()
    response = client.post("/api/leagues/import", data=json.dumps(export(50)), content_type="application/json")
    assert response.status_code == 201, response.get_json()
    assert len(parsed) == 1 and enabled == [False] and gc.isenabled()
    refused = client.post("/api/leagues/import", data=json.dumps(export(MAX_IMPORT_RESULTS + 1)),
                          content_type="application/json")
    assert refused.status_code == 413 and gc.isenabled()  # resumed after a refusal too


def test_imports_have_a_budget_of_their_own_per_address(tmp_path):
    """Each import may write 5,000 results: an address gets a few an hour, not as many as can be written."""
    from support import migrate

    from scorekeeper import create_app
    from scorekeeper.limits import IMPORTS, limiter

    app = create_app({"TESTING": True, "RATELIMIT_ENABLED": True,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'db.sqlite3'}"})
    migrate(app)
    limiter.reset()
    client = app.test_client()
    body = {"format": "scorekeeper-league", "version": 1, "name": "Club", "players": [], "results": []}
    most = int(IMPORTS.split()[0])
    try:
        assert [client.post("/api/leagues/import", json=body).status_code for _ in range(most)] == [201] * most
        refused = client.post("/api/leagues/import", json=body)
        assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 60, refused.get_json()
        other = client.post("/api/leagues/import", json=body, environ_overrides={"REMOTE_ADDR": "10.0.0.9"})
        assert other.status_code == 201  # another address has its own
    finally:
        limiter.reset()
