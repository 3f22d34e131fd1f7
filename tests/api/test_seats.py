"""Seats that belong to a phone: claims, take-overs, and a player's own acts from another phone (issue 24)."""

import uuid

import pytest
from api_calls import new_table, post_event
from support import CAST

ANNA_PHONE = "anna-phone-5f0c2a"
BEN_PHONE = "ben-phone-77d1e9"
EMPTY = ["########"] * 8


def bresk_table(client) -> str:
    """Anna's and Ben's Bresk! table, where a player may hand in before the last roll; its code."""
    return new_table(client, "bresk", CAST[:2], hand_in_early=True)["code"]


def claim(client, code, seat, device, **data):
    return post_event(client, code, "claim_seat", {"seat": seat, "device": device, **data})


def holders(table):
    return [c and c["device"] for c in table["claims"]]


def test_a_phone_claims_a_seat_and_every_phone_sees_it(client):
    code = bresk_table(client)
    fresh = client.get(f"/api/tables/{code}").get_json()
    assert fresh["claims"] == [None, None]
    response = claim(client, code, 1, BEN_PHONE)
    assert response.status_code == 201, response.get_json()
    assert holders(response.get_json()["table"]) == [None, BEN_PHONE]
    assert holders(client.get(f"/api/tables/{code}").get_json()) == [None, BEN_PHONE]
    # The same phone again: still its seat; moving to another seat leaves the first (a phone plays one seat).
    assert holders(claim(client, code, 1, BEN_PHONE).get_json()["table"]) == [None, BEN_PHONE]
    assert holders(claim(client, code, 0, BEN_PHONE).get_json()["table"]) == [BEN_PHONE, None]
    # Giving it up; a release by a phone that does not hold the seat changes nothing.
    assert holders(post_event(client, code, "release_seat", {"seat": 0, "device": ANNA_PHONE}).get_json()["table"]) == [
        BEN_PHONE, None]
    assert holders(post_event(client, code, "release_seat", {"seat": 0, "device": BEN_PHONE}).get_json()["table"]) == [
        None, None]


def test_a_claim_is_stored_once_and_undo_leaves_it(client):
    code = new_table(client, "scorepad", CAST[:2])["code"]
    uid = str(uuid.uuid4())
    first = post_event(client, code, "claim_seat", {"seat": 0, "device": ANNA_PHONE}, uid=uid)
    again = post_event(client, code, "claim_seat", {"seat": 0, "device": ANNA_PHONE}, uid=uid)
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.get_json()["duplicate"] and again.get_json()["table"]["seq"] == 1
    moved = post_event(client, code, "points", {"seat": 0, "points": 5}).get_json()["table"]
    undone = post_event(client, code, "undo", {"seq": moved["undo_seq"]}).get_json()["table"]
    assert holders(undone) == [ANNA_PHONE, None] and undone["can_undo"] is False  # a claim is not a move


def test_a_taken_seat_is_asked_for_and_taken_over(client):
    code = bresk_table(client)
    claim(client, code, 1, ANNA_PHONE)
    refused = claim(client, code, 1, BEN_PHONE)
    assert refused.status_code == 409
    body = refused.get_json()
    assert body["code"] == "seat_taken"
    assert body["message"] == "Ben is on another phone. Take over Ben's seat on this phone?"
    assert holders(body["table"]) == [None, ANNA_PHONE]  # nothing changed, and the phone sees the table
    german = post_event(client, code, "claim_seat", {"seat": 1, "device": BEN_PHONE},
                  headers={"Accept-Language": "de"}).get_json()
    assert german["message"] == "Ben ist auf einem anderen Handy. Den Platz von Ben auf dieses Handy übernehmen?"
    taken = claim(client, code, 1, BEN_PHONE, take_over=True)
    assert taken.status_code == 201
    assert holders(taken.get_json()["table"]) == [None, BEN_PHONE]
    assert taken.get_json()["event"]["data"]["took_over"] is True  # the log can say the seat moved


def test_a_players_own_act_from_another_phone_is_refused_until_confirmed(client):
    code = bresk_table(client)
    claim(client, code, 0, ANNA_PHONE)
    claim(client, code, 1, BEN_PHONE)
    # Anna's phone hands in as Ben: refused in player words, nothing stored.
    refused = post_event(client, code, "hand_in", {"seat": 1, "grid": EMPTY}, device=ANNA_PHONE)
    assert refused.status_code == 409
    body = refused.get_json()
    assert body["code"] == "seat_on_another_phone"
    assert body["message"] == ("Ben is playing on another phone. Do this on Ben's phone, or confirm on this one that "
                               "it is for Ben.")
    assert body["table"]["state"]["hand_ins"] == [None, None]
    # Without any phone id (another client) it is another phone too.
    assert post_event(client, code, "hand_in", {"seat": 1, "grid": EMPTY}).status_code == 409
    # A challenge's challenger is a player's own act as well.
    challenge = post_event(client, code, "challenge", {"words": ["vest"], "by": 1}, device=ANNA_PHONE)
    assert challenge.status_code == 409 and challenge.get_json()["code"] == "seat_on_another_phone"
    assert post_event(client, code, "challenge", {"words": ["vest"], "by": 1}, device=BEN_PHONE).status_code == 201
    # Anna's own grid from Anna's phone; Ben's from Anna's phone, confirmed as done for Ben.
    assert post_event(client, code, "hand_in", {"seat": 0, "grid": EMPTY}, device=ANNA_PHONE).status_code == 201
    confirmed = post_event(client, code, "hand_in", {"seat": 1, "grid": EMPTY}, device=ANNA_PHONE, on_behalf=True)
    assert confirmed.status_code == 201, confirmed.get_json()
    assert confirmed.get_json()["table"]["result"]["finished"] is True


def test_a_seat_nobody_holds_takes_anyones_act(client):
    """One phone for a whole group: no claims, no questions."""
    code = bresk_table(client)
    assert post_event(client, code, "hand_in", {"seat": 0, "grid": EMPTY}, device=ANNA_PHONE).status_code == 201
    assert post_event(client, code, "hand_in", {"seat": 1, "grid": EMPTY}).status_code == 201


def test_the_turn_seat_follows_the_game(client):
    code = new_table(client, "make-n-break")["code"]
    table = client.get(f"/api/tables/{code}").get_json()
    assert table["turn_seat"] == 0
    post_event(client, code, "roll", {"dice": ["make-n-break"]})
    ended = post_event(client, code, "end_turn", {"builder": 0}).get_json()["table"]
    assert ended["turn_seat"] == 1
    pad = new_table(client, "scorepad", CAST[:2])["code"]
    assert client.get(f"/api/tables/{pad}").get_json()["turn_seat"] is None
    bresk = bresk_table(client)
    rolled = post_event(client, bresk, "roll", {"dice": ["bresk"]}).get_json()["table"]
    assert rolled["turn_seat"] in (0, 1)  # the BRESK face keeps the roll with Anna (the alphabet die)


def test_the_catalogue_says_which_games_have_turns(client):
    games = {g["id"]: g["turns"] for g in client.get("/api/games").get_json()["games"]}
    assert games == {"bresk": True, "make-n-break": True, "wuerfelspiel": True, "block-buster": False,
                     "scorepad": False}


@pytest.mark.parametrize(("data", "field"), [
    ({"seat": 2, "device": ANNA_PHONE}, "data.seat"),
    ({"seat": -1, "device": ANNA_PHONE}, "data.seat"),
    ({"seat": True, "device": ANNA_PHONE}, "data.seat"),
    ({"device": ANNA_PHONE}, "data.seat"),
    ({"seat": 0}, "data.device"),
    ({"seat": 0, "device": "short"}, "data.device"),
    ({"seat": 0, "device": "x" * 65}, "data.device"),
    ({"seat": 0, "device": "has space in it"}, "data.device"),
    ({"seat": 0, "device": ANNA_PHONE, "take_over": "yes"}, "data.take_over"),
    ({"seat": 0, "device": ANNA_PHONE, "colour": "red"}, "data.colour"),
])
def test_bad_claims_are_422_naming_the_field_and_nothing_is_stored(client, data, field):
    code = bresk_table(client)
    response = post_event(client, code, "claim_seat", data)
    assert response.status_code == 422, response.get_json()
    assert field in response.get_json()["errors"], response.get_json()
    table = client.get(f"/api/tables/{code}").get_json()
    assert table["seq"] == 0 and table["claims"] == [None, None]


@pytest.mark.parametrize("device", ["short", "x" * 65, "no spaces please", 12345678])
def test_an_acts_device_is_bounded(client, device):
    code = bresk_table(client)
    response = post_event(client, code, "hand_in", {"seat": 0, "grid": EMPTY}, device=device)
    assert response.status_code == 422 and "device" in response.get_json()["errors"]
