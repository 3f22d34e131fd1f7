"""Tables: the event log, idempotency, undo/redo, the timer, dice, QR and concurrency."""

import re
import threading
import uuid

import pytest
from api_calls import new_table, post_event, undo
from support import CAST, first_stream_message

from scorekeeper.models import TABLE_CODE_ALPHABET


def points(client, code, seat, n, **extra):
    return post_event(client, code, "points", {"seat": seat, "points": n}, **extra)


def totals(table):
    return [p["total"] for p in table["result"]["players"]]


def test_create_gives_an_unambiguous_code_and_the_derived_state(client):
    table = new_table(client)
    assert re.fullmatch(f"[{TABLE_CODE_ALPHABET}]{{6}}", table["code"])
    assert not set(table["code"]) & set("0O1IL")
    assert table["seats"] == list(CAST[:3])
    assert table["seq"] == 0 and totals(table) == [0, 0, 0]
    assert table["timer"]["state"] == "idle"
    assert table["join_url"].endswith(f"/#/table/{table['code']}")
    fetched = client.get(f"/api/tables/{table['code'].lower()}").get_json()  # codes are case-blind
    assert fetched["code"] == table["code"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"game": "scorepad", "seats": []}, "seats"),
        ({"game": "scorepad", "seats": [{"name": f"P{i}"} for i in range(11)]}, "seats"),
        ({"game": "scorepad", "seats": [{"name": ""}]}, "seats.0.name"),
        ({"game": "scorepad", "seats": [{"name": "x" * 41}]}, "seats.0.name"),
        ({"game": "scorepad", "seats": [{"name": "Ann"}, {"name": " ann "}]}, "seats.1.name"),
        ({"game": "chess", "seats": [{"name": "Ann"}]}, "game"),
        ({"game": "scorepad", "seats": [{"name": "Ann"}], "options": {"rounds": -1}}, "options.rounds"),
        ({"game": "scorepad", "seats": [{"name": "Ann"}], "options": {"colour": "red"}}, "options.colour"),
        ({"game": "block-buster", "seats": [{"name": "Ann"}]}, "seats"),
        ({"seats": [{"name": "Ann"}]}, "game"),
    ],
)
def test_bad_tables_are_422_naming_the_field_and_nothing_is_stored(client, body, field):
    response = client.post("/api/tables", json=body)
    assert response.status_code == 422
    assert field in response.get_json()["errors"], response.get_json()


def test_unknown_table_is_404(client):
    for path in ("/api/tables/ZZZZZZ", "/api/tables/ZZZZZZ/events", "/api/tables/ZZZZZZ/qr.svg"):
        assert client.get(path).status_code == 404
    assert points(client, "ZZZZZZ", 0, 1).status_code == 404


def test_events_update_the_score_and_list_in_order(client):
    code = new_table(client)["code"]
    assert points(client, code, 0, 5).status_code == 201
    response = points(client, code, 2, -2)
    table = response.get_json()["table"]
    assert totals(table) == [5, 0, -2] and table["seq"] == 2
    listed = client.get(f"/api/tables/{code}/events?after=1").get_json()
    assert [e["seq"] for e in listed["events"]] == [2] and listed["seq"] == 2
    assert listed["events"][0]["data"] == {"seat": 2, "points": -2}


def test_the_same_id_twice_is_stored_once_and_returns_the_first_outcome(client):
    code = new_table(client)["code"]
    uid = str(uuid.uuid4())
    first = points(client, code, 0, 5, uid=uid)
    again = points(client, code, 0, 5, uid=uid)
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.get_json()["duplicate"] is True
    assert again.get_json()["event"] == first.get_json()["event"]
    assert totals(again.get_json()["table"]) == [5, 0, 0]
    assert len(client.get(f"/api/tables/{code}/events").get_json()["events"]) == 1


def test_a_refused_event_is_422_with_the_rule_and_nothing_is_stored(client):
    code = new_table(client)["code"]
    response = points(client, code, 7, 5)
    assert response.status_code == 422
    body = response.get_json()
    assert body["code"] == "bad_seat" and "data.seat" in body["errors"]
    assert client.get(f"/api/tables/{code}").get_json()["seq"] == 0
    assert points(client, code, 0, 1).get_json()["event"]["seq"] == 1  # no gap left behind


def test_stale_expected_seq_is_409_with_the_current_state(client):
    code = new_table(client)["code"]
    points(client, code, 0, 5)
    response = points(client, code, 1, 3, expected_seq=0)
    assert response.status_code == 409
    body = response.get_json()
    assert body["code"] == "stale" and body["table"]["seq"] == 1 and totals(body["table"]) == [5, 0, 0]
    assert points(client, code, 1, 3, expected_seq=1).status_code == 201


def test_undo_and_redo(client):
    code = new_table(client)["code"]
    points(client, code, 0, 5)
    points(client, code, 1, 7)
    body = undo(client, code).get_json()
    table = body["table"]
    assert totals(table) == [5, 0, 0] and table["can_redo"] and body["event"]["data"]["undid"] == 2
    assert table["undo_seq"] == 1 and table["redo_seq"] == 2
    table = undo(client, code).get_json()["table"]
    assert totals(table) == [0, 0, 0] and not table["can_undo"] and table["undo_seq"] is None
    assert post_event(client, code, "undo").get_json()["code"] == "nothing_to_undo"
    table = undo(client, code, "redo").get_json()["table"]
    assert totals(table) == [5, 0, 0] and table["redo_seq"] == 2
    table = points(client, code, 2, 1).get_json()["table"]  # a new action ends the redo chain
    assert totals(table) == [5, 0, 1] and not table["can_redo"] and table["redo_seq"] is None
    assert post_event(client, code, "redo").status_code == 422


def test_undo_and_redo_name_the_action_so_two_phones_pressing_at_once_undo_one(client):
    code = new_table(client)["code"]
    points(client, code, 0, 5)
    points(client, code, 1, 7)
    seen = client.get(f"/api/tables/{code}").get_json()["undo_seq"]
    assert seen == 2
    first = post_event(client, code, "undo", {"seq": seen})
    assert first.status_code == 201
    second = post_event(client, code, "undo", {"seq": seen})  # the other phone saw the same table
    assert second.status_code == 409
    body = second.get_json()
    assert body["code"] == "stale" and totals(body["table"]) == [5, 0, 0] and body["table"]["undo_seq"] == 1
    # Redo the same way: the second press of one view is refused, the table keeps one redo.
    assert post_event(client, code, "redo", {"seq": 2}).status_code == 201
    again = post_event(client, code, "redo", {"seq": 2})
    assert again.status_code == 409 and totals(again.get_json()["table"]) == [5, 7, 0]
    # The last action undone by another phone leaves nothing: still 409, not "nothing to undo".
    post_event(client, code, "undo", {"seq": 2})
    post_event(client, code, "undo", {"seq": 1})
    late = post_event(client, code, "undo", {"seq": 1})
    assert late.status_code == 409 and late.get_json()["table"]["can_undo"] is False


@pytest.mark.parametrize("data", [{}, {"seq": "2"}, {"seq": True}, {"seq": 1.5}])
def test_undo_must_name_the_action_as_a_seq(client, data):
    code = new_table(client)["code"]
    points(client, code, 0, 5)
    points(client, code, 1, 7)
    response = post_event(client, code, "undo", data)
    assert response.status_code == 422 and "data.seq" in response.get_json()["errors"]
    assert totals(client.get(f"/api/tables/{code}").get_json()) == [5, 7, 0]


def test_a_reused_id_with_another_body_is_409_naming_the_stored_event(client):
    code = new_table(client)["code"]
    uid = str(uuid.uuid4())
    assert points(client, code, 0, 5, uid=uid).status_code == 201
    assert points(client, code, 0, 5, uid=uid).status_code == 200  # the same body again: idempotent
    for kind, data in (("points", {"seat": 0, "points": 6}), ("next_round", {"seat": 0, "points": 5})):
        response = post_event(client, code, kind, data, uid=uid)
        assert response.status_code == 409
        body = response.get_json()
        assert body["code"] == "id_reused" and "#1" in body["message"]
        assert body["event"] == {**body["event"], "seq": 1, "id": uid, "type": "points"}
        assert body["event"]["data"] == {"seat": 0, "points": 5} and body["table"]["seq"] == 1
    # Fields the server adds (a roll's results) do not count as a different body.
    rid = str(uuid.uuid4())
    assert post_event(client, code, "roll", {"dice": ["d6"]}, uid=rid).status_code == 201
    assert post_event(client, code, "roll", {"dice": ["d6"]}, uid=rid).status_code == 200
    assert post_event(client, code, "roll", {"dice": ["d6", "d6"]}, uid=rid).status_code == 409
    tid = str(uuid.uuid4())
    assert timer(client, code, "set", seconds=30, id=tid).status_code == 201
    assert timer(client, code, "set", seconds=40, id=tid).get_json()["code"] == "id_reused"
    assert client.get(f"/api/tables/{code}").get_json()["seq"] == 3


def test_rolls_are_made_on_the_server_and_shown(client):
    code = new_table(client)["code"]
    body = post_event(client, code, "roll", {"dice": ["make-n-break", "stopper", "bresk", "alphabet"]}).get_json()
    results = body["event"]["data"]["results"]
    assert [r["die"] for r in results] == ["make-n-break", "stopper", "bresk", "alphabet"]
    assert results[0]["face"] in (1, 2, 3) and results[1]["face"] in (0, 1, 2, 3)
    assert results[2]["face"] in (0, 1, 2, 3, "BRESK") and re.fullmatch("[A-Z#]", results[3]["face"])
    assert body["table"]["dice"]["results"] == results
    faces = {post_event(client, code, "roll", {"dice": ["d6"]}).get_json()["event"]["data"]["results"][0]["face"]
             for _ in range(60)}
    assert faces == {1, 2, 3, 4, 5, 6}
    assert post_event(client, code, "roll", {"dice": ["d20"]}).get_json()["code"] == "unknown_die"


def timer(client, code, action, **body):
    return client.post(f"/api/tables/{code}/timer", json={"action": action, **body})


def test_timer_commands_are_events_and_the_table_shows_the_countdown(client):
    code = new_table(client)["code"]
    assert timer(client, code, "set", seconds=30).status_code == 201
    body = timer(client, code, "start").get_json()
    t, now = body["table"]["timer"], body["table"]["now_ms"]
    assert t["state"] == "running" and t["duration_ms"] == 30_000
    assert 29_000 <= t["remaining_ms"] <= 30_000 and t["ends_at_ms"] - now == t["remaining_ms"]
    assert timer(client, code, "pause").get_json()["table"]["timer"]["state"] == "paused"
    assert timer(client, code, "resume").get_json()["table"]["timer"]["state"] == "running"
    uid = str(uuid.uuid4())
    assert timer(client, code, "add", seconds=10, id=uid).status_code == 201
    assert timer(client, code, "add", seconds=10, id=uid).status_code == 200  # idempotent like any event
    events = client.get(f"/api/tables/{code}/events").get_json()["events"]
    assert [e["data"]["action"] for e in events] == ["set", "start", "pause", "resume", "add"]


@pytest.mark.parametrize(
    ("steps", "status", "field"),
    [
        ([("set", {"seconds": 30}), ("start", {}), ("start", {})], 422, "action"),
        ([("set", {"seconds": -5})], 422, "seconds"),
        ([("set", {"seconds": 3601})], 422, "seconds"),
        ([("start", {})], 422, "action"),
        ([("explode", {})], 422, "action"),
    ],
)
def test_invalid_timer_commands_are_422(client, steps, status, field):
    code = new_table(client)["code"]
    for action, body in steps:
        response = timer(client, code, action, **body)
    assert response.status_code == status
    assert field in response.get_json()["errors"]


def test_undo_leaves_the_timer_alone(client):
    code = new_table(client)["code"]
    points(client, code, 0, 5)
    timer(client, code, "set", seconds=30)
    table = undo(client, code).get_json()["table"]
    assert totals(table) == [0, 0, 0] and table["timer"]["duration_ms"] == 30_000


def test_a_make_n_break_roll_sets_the_shared_timer(client):
    code = new_table(client, "make-n-break", seats=CAST[:2], seconds_1=31, seconds_2=41, seconds_3=51)["code"]
    body = post_event(client, code, "roll", {"dice": ["make-n-break"]}).get_json()
    face = body["event"]["data"]["results"][0]["face"]
    assert body["table"]["timer"]["duration_ms"] == {1: 31_000, 2: 41_000, 3: 51_000}[face]
    assert body["table"]["timer"]["state"] == "idle"  # the timer runner presses start


def test_join_qr_code_is_svg(client):
    code = new_table(client)["code"]
    response = client.get(f"/api/tables/{code}/qr.svg")
    assert response.status_code == 200 and response.mimetype == "image/svg+xml"
    assert response.data.lstrip().startswith(b"<svg") and b"<path" in response.data


def test_stream_sends_the_state_then_resumes_after_last_event_id(client):
    code = new_table(client)["code"]
    for n in (1, 2, 3):
        points(client, code, 0, n)
    response = client.get(f"/api/tables/{code}/stream", headers={"Last-Event-ID": "1"}, buffered=False)
    assert response.mimetype == "text/event-stream"
    chunks = (c.decode() for c in response.response)
    assert next(chunks).startswith("retry:")
    first = next(chunks)
    response.close()
    assert first.startswith("id: 3\nevent: table\n")
    import json

    payload = json.loads(first.split("data: ", 1)[1])
    assert [e["seq"] for e in payload["events"]] == [2, 3]
    assert totals(payload["table"]) == [6, 0, 0]


def test_a_stream_opened_with_after_and_reconnected_resumes_from_the_newer_last_event_id(client):
    """The phone opens a fresh stream with ?after= after a silence; the browser's own reconnect of that stream
    adds Last-Event-ID, which is newer: the events between are not sent twice."""
    code = new_table(client)["code"]
    for n in (1, 2, 3):
        points(client, code, 0, n)
    message = first_stream_message(client, f"/api/tables/{code}/stream?after=1", {"Last-Event-ID": "2"})
    assert [e["seq"] for e in message["events"]] == [3]
    assert [e["seq"] for e in first_stream_message(client, f"/api/tables/{code}/stream?after=1")["events"]] == [2, 3]


def test_each_stream_gets_the_join_link_of_its_own_host(client):
    code = new_table(client)["code"]
    points(client, code, 0, 1)
    assert first_stream_message(client, f"/api/tables/{code}/stream", {"Host": "one.example"})["table"]["join_url"] == f"http://one.example/#/table/{code}"
    # The same table at the same point, asked through another address: not the cached message of the first.
    assert first_stream_message(client, f"/api/tables/{code}/stream", {"Host": "two.example"})["table"]["join_url"] == f"http://two.example/#/table/{code}"


def test_twenty_phones_appending_at_once_lose_nothing(app):
    """20 clients × 50 events on one table: exactly 1,000 events, seq 1..1000, no duplicates."""
    client = app.test_client()
    code = new_table(client)["code"]
    failures: list[str] = []

    def phone(n: int) -> None:
        c = app.test_client()
        for i in range(50):
            uid = str(uuid.uuid4())
            for _ in range(2):  # every event is sent twice, like a retry after a lost answer
                r = points(c, code, n % 3, 1, uid=uid)
                if r.status_code not in (200, 201):
                    failures.append(f"{n}/{i}: {r.status_code} {r.get_data(as_text=True)[:200]}")

    threads = [threading.Thread(target=phone, args=(n,)) for n in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not failures, failures[:5]
    events = []
    after = 0
    while True:
        page = client.get(f"/api/tables/{code}/events?after={after}").get_json()["events"]
        if not page:
            break
        events += page
        after = page[-1]["seq"]
    assert [e["seq"] for e in events] == list(range(1, 1001))
    assert len({e["id"] for e in events}) == 1000
    assert sum(totals(client.get(f"/api/tables/{code}").get_json())) == 1000


def test_word_challenges_are_judged_and_logged_with_the_table(client):
    code = new_table(client, "bresk", seats=CAST[:2])["code"]
    body = post_event(client, code, "challenge", {"words": ["cat", "zzxq"], "by": 1}).get_json()
    assert body["event"]["data"]["verdict"] == {"valid": False, "lexicon": "en", "list": "everyday list", "words": 2}
    body = post_event(client, code, "challenge", {"words": ["café"], "by": 0, "reveal": True}).get_json()
    assert body["event"]["data"]["verdict"]["verdicts"][0]["reason"] == "valid"
    log = client.get(f"/api/tables/{code}").get_json()["challenges"]
    assert [(c["words"], c["by"], c["valid"]) for c in log] == [(["cat", "zzxq"], 1, False), (["café"], 0, True)]
    assert post_event(client, code, "challenge", {"words": ["cat"], "by": 5}).get_json()["errors"] == {
        "data.by": ["by must be a seat number from 0 to 1."]}
    assert post_event(client, code, "challenge", {"words": []}).status_code == 422
    assert not client.get(f"/api/tables/{code}").get_json()["can_undo"]  # challenges are not moves


@pytest.mark.parametrize("query", ["after=100000000001", "after=-1", "limit=0", "limit=501", "after=x"])
def test_event_list_refuses_impossible_positions(client, query):
    code = new_table(client)["code"]
    response = client.get(f"/api/tables/{code}/events?{query}")
    assert response.status_code == 422 and response.get_json()["errors"]
