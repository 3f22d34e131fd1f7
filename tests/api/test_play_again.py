"""Play again: a new table with the same game, seats and options, that every phone at the old one follows."""

import uuid

import pytest
from api_calls import auth, new_table

from scorekeeper.services import tables


def again(client, code, **kwargs):
    return client.post(f"/api/tables/{code}/again", **kwargs)


def test_play_again_makes_a_new_table_with_the_same_seats_and_options(client):
    old = new_table(client, "make-n-break", rounds=3)
    assert old["next_code"] is None
    response = again(client, old["code"])
    assert response.status_code == 201, response.get_json()
    fresh = response.get_json()
    assert fresh["code"] != old["code"]
    assert (fresh["game"], fresh["seats"], fresh["options"]) == (old["game"], old["seats"], old["options"])
    assert fresh["options"]["rounds"] == 3 and fresh["seq"] == 0
    # The old table points at it, and its phones hear of it through the log like any change.
    moved = client.get(f"/api/tables/{old['code']}").get_json()
    assert moved["next_code"] == fresh["code"]
    last = client.get(f"/api/tables/{old['code']}/events").get_json()["events"][-1]
    assert (last["type"], last["data"]) == ("next_table", {"code": fresh["code"]})


def test_a_second_play_again_joins_the_same_new_table(client):
    old = new_table(client, "make-n-break")
    first = again(client, old["code"]).get_json()
    second = again(client, old["code"])
    assert second.status_code == 200
    assert second.get_json()["code"] == first["code"]
    assert len(client.get(f"/api/tables/{old['code']}/events").get_json()["events"]) == 1


def test_two_phones_racing_end_at_one_new_table_and_leave_no_other(client, app, monkeypatch):
    old = new_table(client, "make-n-break")
    real_create, winner = tables.create, []

    def other_phone_wins_meanwhile(*args, **kwargs):
        # Between this request's look at the old table and its write, the other phone's Play again lands.
        if not winner:
            winner.append(real_create(*args, **kwargs).code)
            tables.append(old["code"], tables.again_event_id(old["code"]), "next_table", {"code": winner[0]},
                          internal=True)
        return real_create(*args, **kwargs)

    monkeypatch.setattr(tables, "create", other_phone_wins_meanwhile)
    with app.app_context():
        before = tables.Table.query.count()
    response = again(client, old["code"])
    assert response.status_code == 200
    assert response.get_json()["code"] == winner[0]
    with app.app_context():
        assert tables.Table.query.count() == before + 1  # the winner's table only: this request's was removed
    assert client.get(f"/api/tables/{old['code']}").get_json()["next_code"] == winner[0]


def league_table(client):
    lg = client.post("/api/leagues", json={"name": "Club"}).get_json()
    old = new_table(client, league=lg)
    return lg, old


def finish(client, code):
    for kind, data in (("points", {"seat": 0, "points": 9000}), ("finish", {})):
        response = client.post(f"/api/tables/{code}/events", json={"id": str(uuid.uuid4()), "type": kind, "data": data})
        assert response.status_code == 201, response.get_json()


def results(client, lg):
    return client.get(f"/api/leagues/{lg['id']}/results", headers=auth(lg["viewer_token"])).get_json()["results"]


def test_play_again_in_a_league_with_a_member_link_stays_in_the_league(client):
    lg, old = league_table(client)
    fresh = again(client, old["code"], headers=auth(lg["member_token"])).get_json()
    assert fresh["league"] == lg["id"]
    finish(client, fresh["code"])
    assert [r["table_code"] for r in results(client, lg)] == [fresh["code"]]


def test_the_join_code_alone_plays_again_at_a_casual_table(client):
    """Whoever has only the code may add to one game: Play again without the league's member link makes a
    casual table, whose result reaches the league only if a member records it."""
    lg, old = league_table(client)
    finish(client, old["code"])
    fresh = again(client, old["code"]).get_json()
    assert fresh["league"] is None
    finish(client, fresh["code"])
    assert [r["table_code"] for r in results(client, lg)] == [old["code"]]  # the first table's only


@pytest.mark.parametrize("link", ["viewer", "replaced member", "another league's member"])
def test_play_again_with_a_link_that_is_not_this_leagues_member_link_is_casual(client, link):
    lg, old = league_table(client)
    token = lg["viewer_token"]
    if link == "replaced member":
        token = lg["member_token"]
        rotated = client.post(f"/api/leagues/{lg['id']}/tokens/rotate", json={"role": "member"},
                              headers=auth(lg["admin_token"]))
        assert rotated.status_code == 200, rotated.get_json()
    elif link == "another league's member":
        token = client.post("/api/leagues", json={"name": "Other"}).get_json()["member_token"]
    fresh = again(client, old["code"], headers=auth(token)).get_json()
    assert fresh["league"] is None
    finish(client, fresh["code"])
    assert results(client, lg) == []


def test_no_phone_can_forge_the_pointer_to_another_table(client):
    old = new_table(client, "make-n-break")
    response = client.post(f"/api/tables/{old['code']}/events",
                           json={"id": str(uuid.uuid4()), "type": "next_table", "data": {"code": "ABCDEF"}})
    assert response.status_code == 422
    assert response.get_json()["errors"] == {"type": [response.get_json()["message"]]}
    assert client.get(f"/api/tables/{old['code']}").get_json()["next_code"] is None


def test_play_again_of_a_table_that_does_not_exist_is_a_404(client):
    assert again(client, "ZZZZZZ").status_code == 404
