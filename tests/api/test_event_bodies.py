"""An event's data holds what its type takes, within bounds, and nothing else is ever stored."""

import json
import uuid

import pytest
from api_calls import new_table
from support import CAST


def send(client, code, kind, data, raw=None):
    body = raw or json.dumps({"id": str(uuid.uuid4()), "type": kind, "data": data})
    return client.post(f"/api/tables/{code}/events", data=body, content_type="application/json")


def stored(client, code):
    return client.get(f"/api/tables/{code}/events").get_json()["events"]


def test_an_unknown_field_is_refused_and_nothing_is_stored(client):
    code = new_table(client, seats=CAST[:2])["code"]
    response = send(client, code, "points", {"seat": 0, "points": 3, "note": "x" * 250_000})
    assert response.status_code == 422
    body = response.get_json()
    assert body["code"] == "unknown_field" and "data.note" in body["errors"]
    assert stored(client, code) == []
    assert send(client, code, "points", {"seat": 0, "points": 3}).status_code == 201


@pytest.mark.parametrize(("kind", "data"), [
    ("timer", {"action": "start", "extra": 1}),
    ("undo", {"why": "x"}),
    ("roll", {"dice": ["d6"], "results": [{"die": "d6", "face": 6}]}),  # the server rolls, not the phone
    ("challenge", {"words": ["CAT"], "verdict": {"valid": True}}),
])
def test_service_events_take_only_their_own_fields(client, kind, data):
    code = new_table(client, seats=CAST[:2])["code"]
    response = send(client, code, kind, data)
    assert response.status_code == 422 and response.get_json()["code"] == "unknown_field"
    assert stored(client, code) == []


@pytest.mark.parametrize(("game", "seats", "kind", "data", "code"), [
    ("block-buster", ("Ann", "Ben"), "point_block", {"index": 0, "counts": {f"c{i}": 1 for i in range(1000)}},
     "too_big"),
    ("bresk", ("Ann", "Ben"), "hand_in", {"seat": 0, "grid": ["A" * 300] * 8}, "too_long"),
    ("make-n-break", ("Ann", "Ben"), "card", {"kind": "standard", "points": 2, "builder": [[[[[[0]]]]]]}, "too_deep"),
    ("wuerfelspiel", ("Ann", "Ben"), "card", {"kind": "standard", "points": 10**12}, "bad_number"),
    ("scorepad", ("Ann",), "points", {"seat": 0, "points": 1, "junk": 1}, "unknown_field"),
])
def test_every_game_bounds_its_events(client, game, seats, kind, data, code):
    tcode = new_table(client, game, seats)["code"]
    response = send(client, tcode, kind, data)
    assert response.status_code == 422 and response.get_json()["code"] == code
    assert stored(client, tcode) == []


@pytest.mark.parametrize("text", ["\\ud800", "a\\u0000b"])
def test_text_that_cannot_be_stored_is_a_422_not_a_500(client, text):
    code = new_table(client, "make-n-break", CAST[:2])["code"]
    raw = f'{{"id": "{uuid.uuid4()}", "type": "card", "data": {{"kind": "{text}"}}}}'
    response = send(client, code, None, None, raw=raw)
    assert response.status_code == 422 and "data.kind" in response.get_json()["errors"]
    raw = f'{{"id": "{uuid.uuid4()}", "type": "challenge", "data": {{"words": ["{text}"]}}}}'
    assert send(client, code, None, None, raw=raw).status_code == 422
    assert stored(client, code) == []


def test_a_huge_timer_through_events_is_a_422(client):
    code = new_table(client, seats=CAST[:2])["code"]
    for seconds in (1e308, 10**30):
        response = send(client, code, "timer", {"action": "set", "seconds": seconds})
        assert response.status_code == 422, response.get_json()
    assert stored(client, code) == []


@pytest.mark.parametrize(("field", "value"), [("expected_seq", 0.9), ("expected_seq", "0"), ("on_behalf", "yes"),
                                              ("on_behalf", 1)])
def test_the_envelopes_guards_take_their_own_json_types_only(client, field, value):
    """expected_seq 0.9 was read as 0, "0" as 0, and on_behalf "yes" or 1 as true: a guard that guesses guards
    nothing. A number that is not whole, text for a number and anything but true or false are refused."""
    code = new_table(client, seats=CAST[:2])["code"]
    body = {"id": str(uuid.uuid4()), "type": "points", "data": {"seat": 0, "points": 1}, field: value}
    response = send(client, code, None, None, raw=json.dumps(body))
    assert response.status_code == 422 and field in response.get_json()["errors"], response.get_json()
    assert stored(client, code) == []
    timer = client.post(f"/api/tables/{code}/timer", json={"id": str(uuid.uuid4()), "action": "start",
                                                            "expected_seq": 0.9})
    assert timer.status_code == 422 and "expected_seq" in timer.get_json()["errors"]


def test_a_timer_or_a_challenge_sent_as_an_event_names_the_field_of_the_event(client):
    """Refused inside an event, the timer's seconds and a challenge's words were named as on their own endpoints
    ("seconds", "words.0"): the field a phone sent is data.seconds, data.words.0."""
    code = new_table(client, "bresk", CAST[:2])["code"]
    timer = send(client, code, "timer", {"action": "set", "seconds": -5})
    assert timer.status_code == 422 and "data.seconds" in timer.get_json()["errors"], timer.get_json()
    challenge = send(client, code, "challenge", {"words": ["x" * 100]})
    assert challenge.status_code == 422 and "data.words.0" in challenge.get_json()["errors"], challenge.get_json()
