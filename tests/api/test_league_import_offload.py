"""A league import is answered by a child process of the web worker (scorekeeper/offload.py), so the worker
that carries it keeps answering the phones: the same answers as in process, on SQLite and PostgreSQL."""

from __future__ import annotations

import os
import signal
import threading
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
    effect on a phone's reads is bench/abuse.py's) — once it has loaded the app: the process starts on a
    worker's first import, which waits for it, and on a busy machine a niced start took 12–14 s."""
    steps = []
    monkeypatch.setenv("SCOREKEEPER_OFFLOAD", "on")  # main() turns it off for itself; restored after
    monkeypatch.setattr(offload_child.os, "nice", lambda n: steps.append(("nice", n)))
    monkeypatch.setattr(offload_child.cooperate, "rest_as_long_as_work", lambda: steps.append("paced"))
    monkeypatch.setattr(offload_child, "create_app", lambda: steps.append("app loaded") or "app")
    monkeypatch.setattr(offload_child, "_answer", lambda app: f"answers of {app}")
    monkeypatch.setattr(offload_child.children, "serve", lambda answer: steps.append(answer))
    offload_child.main()
    assert steps == ["app loaded", ("nice", 10), "paced", "answers of app"]
    assert os.environ["SCOREKEEPER_OFFLOAD"] == "off"


@pytest.mark.parametrize(("trouble", "code"), [(children.Busy, "import_busy"), (children.Failed, "import_failed")])
def test_a_busy_or_failed_import_process_is_a_503_saying_so(offloading, monkeypatch, trouble, code):
    def read(_data):
        raise trouble()

    monkeypatch.setattr(offload.pool(offloading), "read", read)
    response = offloading.test_client().post("/api/leagues/import", json=export(3))
    assert response.status_code == 503 and response.get_json()["code"] == code


def test_an_import_process_killed_mid_import_leaves_nothing_and_is_not_run_again(offloading):
    """The child dies while it writes: no second child runs the import again (two leagues), nothing of it is
    kept, and the client is told to try again."""
    client = offloading.test_client()
    assert client.post("/api/leagues/import", json=export(3)).status_code == 201  # the child is warm
    (pid,) = offload.pool(offloading).pids()
    answer = {}
    importing = threading.Thread(target=lambda: answer.update(r=client.post("/api/leagues/import",
                                                                            json=export(5_000))))
    importing.start()
    deadline = time.monotonic() + 30
    while count(offloading, LeagueResult) <= 3:  # its first results are written
        assert time.monotonic() < deadline and importing.is_alive(), "the import never started writing"
        time.sleep(0.02)
    os.kill(pid, signal.SIGKILL)
    importing.join(30)
    response = answer["r"]
    assert response.status_code == 503 and response.get_json()["code"] == "import_failed", response.get_json()
    assert int(response.headers["Retry-After"]) >= 1
    assert (count(offloading, League), count(offloading, LeagueResult)) == (1, 3)  # the warm-up's only
    # The next import is answered by a fresh child.
    assert client.post("/api/leagues/import", json=export(3)).status_code == 201
    assert offload.pool(offloading).pids() != [pid]


def test_a_child_that_died_while_idle_is_replaced_before_it_takes_the_request():
    pool = children.Pool("scorekeeper.scan.worker", size=1)
    try:
        assert "refused" in pool.read(b"not a photo")
        (pid,) = pool.pids()
        os.kill(pid, signal.SIGKILL)
        # Dead before the request, and not yet reaped: waitid with WNOWAIT returns once every thread of it has
        # exited. (Its main thread shows "Z" in /proc a moment before its other threads are gone, and until
        # then the pool cannot tell it from a live child: waiting for "Z" made this test fail now and then.)
        os.waitid(os.P_PID, pid, os.WEXITED | os.WNOWAIT)
        assert "refused" in pool.read(b"not a photo")  # a fresh child answered, once
        assert pool.pids() != [pid]
    finally:
        pool.close()


def test_an_unfinished_import_whose_web_worker_died_too_is_deleted_by_a_later_import(app, monkeypatch):
    from scorekeeper.services import league_import

    client = app.test_client()

    def dies(*_args):
        if db.session.query(LeagueResult).count():  # the first chunk of results is written (and committed)
            raise SystemExit  # the process is gone before its last commit

    monkeypatch.setattr(league_import, "let_others_run", dies)
    with pytest.raises(SystemExit):
        client.post("/api/leagues/import", json=export(250))
    monkeypatch.undo()
    assert (count(app, League), count(app, LeagueResult)) == (1, 100)  # unreachable: no link matches its mark
    assert client.post("/api/leagues/import", json=export(3)).status_code == 201
    assert count(app, League) == 2  # not yet stale: it may still be being written
    monkeypatch.setattr(league_import, "now_ms", lambda: time.time() * 1000 + league_import.STALE_MS + 1)
    assert client.post("/api/leagues/import", json=export(3)).status_code == 201
    assert (count(app, League), count(app, LeagueResult)) == (2, 6)


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
