"""A league import is answered by a child process of the web worker (scorekeeper/offload.py), so the worker
that carries it keeps answering the phones: the same answers as in process, on SQLite and PostgreSQL."""

from __future__ import annotations

import os
import time
import uuid

import pytest

from scorekeeper import children, offload, offload_child
from scorekeeper.extensions import db
from scorekeeper.models import League, LeagueResult

PLAYERS = [f"Player {i}" for i in range(8)]


def export(n: int) -> dict:
    return {"format": "scorekeeper-league", "version": 1, "name": "Club", "players": PLAYERS,
            "results": [{"id": str(uuid.UUID(int=i + 1)), "game": "scorepad", "played_on": "2026-01-02",
                         "players": [{"name": PLAYERS[i % 8], "score": 10}, {"name": PLAYERS[(i + 1) % 8], "score": 5}]}
                        for i in range(n)]}


@pytest.fixture
def offloading(app):
    app.config["OFFLOAD"] = True
    yield app
    found = app.extensions.pop("offload", None)
    if found is not None:
        found.close()


def count(app, model) -> int:
    with app.app_context():
        return db.session.query(model).count()


def test_an_import_is_written_by_the_child_and_answered_as_in_process(offloading):
    client = offloading.test_client()
    response = client.post("/api/leagues/import", json=export(120))
    assert response.status_code == 201, response.get_json()
    created = response.get_json()
    assert response.headers["Cache-Control"] == "no-store"
    (pid,) = offload.pool(offloading).pids()
    assert pid != os.getpid()  # a child wrote it, on this app's database
    league = client.get(f"/api/leagues/{created['id']}", headers={"Authorization": f"Bearer {created['admin_token']}"})
    assert league.status_code == 200 and league.get_json()["name"] == "Club"
    assert count(offloading, LeagueResult) == 120
    again = client.post("/api/leagues/import", json=export(3))
    assert again.status_code == 201 and offload.pool(offloading).pids() == [pid]  # the same child, kept


def test_refusals_come_back_as_the_child_said_them_and_store_nothing(offloading):
    client = offloading.test_client()
    body = export(250)
    body["results"][217]["played_on"] = "1850-01-01"
    refused = client.post("/api/leagues/import", json=body, headers={"Accept-Language": "de"})
    answer = refused.get_json()
    assert refused.status_code == 422 and "results.217.played_on" in answer["errors"], answer
    offloading.config["OFFLOAD"] = False
    same = client.post("/api/leagues/import", json=body, headers={"Accept-Language": "de"})
    assert same.get_json() == answer and "Vary" in refused.headers
    offloading.config["OFFLOAD"] = True
    too_many = client.post("/api/leagues/import", json=export(5_001))
    assert too_many.status_code == 413 and too_many.get_json()["code"] == "import_too_big"
    not_json = client.post("/api/leagues/import", data="x", content_type="text/plain")
    assert not_json.status_code == 415
    assert count(offloading, League) == 0  # nothing of the refused imports was kept


def test_the_web_worker_only_carries_the_bytes(offloading):
    """CPU time of this process: importing in process against handing the same import to the child."""
    client = offloading.test_client()
    client.post("/api/leagues/import", json=export(3))  # the child is started (and its app made) before timing
    body = export(500)

    def cpu_of_one_import() -> float:
        started = time.thread_time()
        response = client.post("/api/leagues/import", json=body)
        assert response.status_code == 201
        return time.thread_time() - started

    offloaded = cpu_of_one_import()
    offloading.config["OFFLOAD"] = False
    in_process = cpu_of_one_import()
    offloading.config["OFFLOAD"] = True
    assert offloaded < in_process / 5, (offloaded, in_process)


def test_the_import_process_yields_the_cores_to_the_phones(monkeypatch):
    """Below the web worker's priority, and resting between slices as long as it worked (cooperate.py; its
    effect on a phone's reads is bench/abuse.py's)."""
    steps = []
    monkeypatch.setenv("SCOREKEEPER_OFFLOAD", "on")  # main() turns it off for itself; restored after
    monkeypatch.setattr(offload_child.os, "nice", lambda n: steps.append(("nice", n)))
    monkeypatch.setattr(offload_child.cooperate, "rest_as_long_as_work", lambda: steps.append("paced"))
    monkeypatch.setattr(offload_child, "create_app", lambda: "app")
    monkeypatch.setattr(offload_child, "_answer", lambda app: f"answers of {app}")
    monkeypatch.setattr(offload_child.children, "serve", lambda answer: steps.append(answer))
    offload_child.main()
    assert steps == [("nice", 10), "paced", "answers of app"]
    assert os.environ["SCOREKEEPER_OFFLOAD"] == "off"


@pytest.mark.parametrize(("trouble", "code"), [(children.Busy, "import_busy"), (children.Failed, "import_failed")])
def test_a_busy_or_failed_import_process_is_a_503_saying_so(offloading, monkeypatch, trouble, code):
    def read(_data):
        raise trouble()

    monkeypatch.setattr(offload.pool(offloading), "read", read)
    response = offloading.test_client().post("/api/leagues/import", json=export(3))
    assert response.status_code == 503 and response.get_json()["code"] == code


def test_a_bg_stats_file_is_imported_by_the_child_too(offloading):
    client = offloading.test_client()
    file = {"games": [{"id": 1, "name": "Score pad"}], "players": [{"id": i, "name": n} for i, n in enumerate(PLAYERS)],
            "plays": [{"uuid": f"play-{i}", "playDate": "2026-01-02 20:00:00", "gameRefId": 1,
                       "playerScores": [{"playerRefId": i % 8, "score": "10"},
                                        {"playerRefId": (i + 1) % 8, "score": "5"}]}
                      for i in range(40)]}
    response = client.post("/api/leagues/import/bgstats?name=Gr%C3%BCne+Runde", json=file,
                           headers={"Accept-Language": "de"})
    assert response.status_code == 201, response.get_json()
    assert response.get_json()["left_out"] == [] and response.get_json()["name"] == "Grüne Runde"  # its query too
    (pid,) = offload.pool(offloading).pids()
    assert pid != os.getpid()
    assert count(offloading, LeagueResult) == 40
    file["plays"][7]["playerScores"][1]["score"] = "fünf"
    refused = client.post("/api/leagues/import/bgstats", json=file, headers={"Accept-Language": "de"})
    assert refused.status_code == 422
    assert refused.get_json()["errors"] == {
        "plays.7.playerScores.1.score": ["Punkte sind hier eine ganze Zahl (oder leer); 'fünf' ist keine."]}
    assert count(offloading, LeagueResult) == 40
