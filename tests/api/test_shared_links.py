"""An admin reads the member and viewer links now in use, to hand them out again, without replacing anyone's
(SQLite and PostgreSQL); replacing a link stays its own act (POST /tokens/rotate)."""

from __future__ import annotations

from api_calls import auth
from sqlalchemy import update

from scorekeeper.extensions import db
from scorekeeper.models import League


def new_league(client, name="Friday club"):
    response = client.post("/api/leagues", json={"name": name})
    assert response.status_code == 201
    return response.get_json()


def shared(client, league, token):
    return client.get(f"/api/leagues/{league['id']}/tokens", headers=auth(token))


def rotate(client, league, role, token):
    response = client.post(f"/api/leagues/{league['id']}/tokens/rotate", json={"role": role}, headers=auth(token))
    assert response.status_code == 200, response.get_json()
    return response.get_json()["token"]


def works_as(client, league, token):
    response = client.get(f"/api/leagues/{league['id']}", headers=auth(token))
    return response.get_json()["role"] if response.status_code == 200 else response.status_code


def test_the_admin_reads_the_member_and_viewer_links_and_reading_replaces_nothing(client):
    lg = new_league(client)
    for _ in range(2):  # read twice: the same links, both still working
        response = shared(client, lg, lg["admin_token"])
        assert response.status_code == 200
        assert response.get_json() == {"member_token": lg["member_token"], "viewer_token": lg["viewer_token"]}
    assert works_as(client, lg, lg["member_token"]) == "member"
    assert works_as(client, lg, lg["viewer_token"]) == "viewer"


def test_only_the_admin_link_reads_them(client):
    lg = new_league(client)
    assert shared(client, lg, lg["member_token"]).status_code == 403
    assert shared(client, lg, lg["viewer_token"]).status_code == 403
    assert shared(client, lg, "not-a-token").status_code == 401
    assert client.get(f"/api/leagues/{lg['id']}/tokens").status_code == 401
    other = new_league(client, "Other club")  # another league's admin link opens nothing here
    assert shared(client, lg, other["admin_token"]).status_code == 401


def test_a_replaced_link_is_the_one_read_and_a_new_admin_link_reads_the_same_links(client):
    lg = new_league(client)
    member = rotate(client, lg, "member", lg["admin_token"])
    now = {"member_token": member, "viewer_token": lg["viewer_token"]}
    assert shared(client, lg, lg["admin_token"]).get_json() == now
    admin = rotate(client, lg, "admin", lg["admin_token"])
    assert shared(client, lg, lg["admin_token"]).status_code == 401  # the old admin link is gone
    assert shared(client, lg, admin).get_json() == now
    assert works_as(client, lg, member) == "member"


def test_a_league_made_before_links_were_kept_has_none_until_its_admin_makes_one(app, client):
    lg = new_league(client)
    with app.app_context():
        db.session.execute(update(League).values(member_token_sealed=None, viewer_token_sealed=None))
        db.session.commit()
    assert shared(client, lg, lg["admin_token"]).get_json() == {"member_token": None, "viewer_token": None}
    viewer = rotate(client, lg, "viewer", lg["admin_token"])
    assert shared(client, lg, lg["admin_token"]).get_json() == {"member_token": None, "viewer_token": viewer}
    admin = rotate(client, lg, "admin", lg["admin_token"])
    assert shared(client, lg, admin).get_json() == {"member_token": None, "viewer_token": viewer}


def test_a_sealed_link_opens_only_in_its_own_league_and_role(app, client):
    one, two = new_league(client, "One"), new_league(client, "Two")
    with app.app_context():
        rows = {row.public_id: row for row in db.session.query(League)}
        first, second = rows[one["id"]], rows[two["id"]]
        second.member_token_sealed = first.member_token_sealed  # moved to another league
        first.viewer_token_sealed = first.member_token_sealed  # moved to another role
        db.session.commit()
    assert shared(client, two, two["admin_token"]).get_json()["member_token"] is None
    assert shared(client, one, one["admin_token"]).get_json()["viewer_token"] is None


def test_an_imported_league_reads_its_own_new_links(client):
    lg = new_league(client)
    exported = client.get(f"/api/leagues/{lg['id']}/export", headers=auth(lg["admin_token"])).get_json()
    made = client.post("/api/leagues/import", json=exported)
    assert made.status_code == 201, made.get_json()
    copy = made.get_json()
    assert shared(client, copy, copy["admin_token"]).get_json() == {
        "member_token": copy["member_token"], "viewer_token": copy["viewer_token"]}
