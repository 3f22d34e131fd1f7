"""A league's dispute log (GET /api/leagues/{id}/disputes): every challenge made at its tables, who made it,
the verdict and the list, the words argued about most, and the house words added or banned."""

import uuid

from api_calls import auth

from scorekeeper import create_app
from scorekeeper.extensions import db


def league_table(client, lg, seats):
    body = client.post("/api/tables", headers=auth(lg["member_token"]),
                       json={"game": "bresk", "league": lg["id"], "seats": [{"name": n} for n in seats]})
    assert body.status_code == 201, body.get_json()
    return body.get_json()["code"]


def challenge(client, code, words, by, reveal=False):
    body = client.post(f"/api/tables/{code}/events", json={
        "id": str(uuid.uuid4()), "type": "challenge", "data": {"words": words, "by": by, "reveal": reveal}})
    assert body.status_code == 201, body.get_json()


def log_of(client, lg, query="", **headers):
    response = client.get(f"/api/leagues/{lg['id']}/disputes{query}", headers={**auth(lg["viewer_token"]), **headers})
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def new_league(client):
    body = client.post("/api/leagues", json={"name": "Word club", "rules": {"bresk": {"banned_words": ["berlin"]}}})
    assert body.status_code == 201
    return body.get_json()


def test_the_log_holds_the_challenges_of_every_league_table_newest_first_and_outlasts_a_restart(client, backend):
    lg = new_league(client)
    first = league_table(client, lg, ("Ann", "Ben"))
    second = league_table(client, lg, ("Ben", "Cy"))
    casual = client.post("/api/tables", json={"game": "bresk", "seats": [{"name": "Ann"}, {"name": "Ben"}]})
    challenge(client, first, ["quixotic"], by=0)
    challenge(client, second, ["cat", "zzxq"], by=1, reveal=True)  # Cy asks which one failed
    challenge(client, first, ["berlin", "cat"], by=1)
    challenge(client, casual.get_json()["code"], ["cat"], by=0)  # not the league's: not in its log

    # A restart: a new app (another worker, or the server started again) reads the same log.
    restarted = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": backend["url"]})
    try:
        log = log_of(restarted.test_client(), lg)
    finally:
        with restarted.app_context():
            db.session.remove()
            db.engine.dispose()
    said = [(c["table"], c["by"], c["words"], c["valid"], c["list"]) for c in log["challenges"]]
    assert said == [
        (first, "Ben", ["berlin", "cat"], False, "everyday list"),  # BERLIN is banned by the league
        (second, "Cy", ["cat", "zzxq"], False, "everyday list"),
        (first, "Ann", ["quixotic"], True, "everyday list"),
    ]
    newest, revealed, oldest = log["challenges"]
    assert "verdicts" not in newest and "verdicts" not in oldest  # the judge kept quiet which word failed
    assert [(v["word"], v["valid"], v["reason"]) for v in revealed["verdicts"]] == [
        ("cat", True, "valid"), ("zzxq", False, "not_a_word")]
    assert revealed["verdicts"][1]["message"].startswith("not in the everyday list")
    assert log["argued"][0] == {"word": "CAT", "count": 2}
    assert {a["word"] for a in log["argued"]} == {"CAT", "QUIXOTIC", "ZZXQ", "BERLIN"}
    assert log["challengers"] == ["Ann", "Ben", "Cy"]
    assert [(c["word"], c["change"]) for c in log["word_changes"]] == [("BERLIN", "banned")]  # from the start


def test_the_log_keeps_one_players_challenges(client):
    lg = new_league(client)
    code = league_table(client, lg, ("Ann", "Ben"))
    challenge(client, code, ["cat"], by=0)
    challenge(client, code, ["dog"], by=1)
    challenge(client, code, ["emu"], by=0)
    mine = log_of(client, lg, "?player=ann")  # as the name compares everywhere: any case
    assert [c["words"] for c in mine["challenges"]] == [["emu"], ["cat"]]
    assert mine["challengers"] == ["Ann", "Ben"]  # whom else to pick
    assert log_of(client, lg, "?player=Dan")["challenges"] == []


def test_house_word_changes_join_the_log_as_the_admin_makes_them(client):
    lg = new_league(client)
    patch = client.patch(f"/api/leagues/{lg['id']}/rules", headers=auth(lg["admin_token"]),
                         json={"bresk": {"extra_words": ["zzxq"], "banned_words": []}})
    assert patch.status_code == 200, patch.get_json()
    changes = [(c["game"], c["word"], c["change"]) for c in log_of(client, lg)["word_changes"]]
    assert set(changes[:2]) == {("bresk", "ZZXQ", "added"), ("bresk", "BERLIN", "no_longer_banned")}  # one change
    assert changes[2] == ("bresk", "BERLIN", "banned")
    again = client.patch(f"/api/leagues/{lg['id']}/rules", headers=auth(lg["admin_token"]), json={"bresk": {}})
    assert again.status_code == 200
    assert len(log_of(client, lg)["word_changes"]) == 3  # nothing changed, nothing logged


def test_the_log_speaks_the_askers_language(client):
    lg = new_league(client)
    code = league_table(client, lg, ("Ann", "Ben"))
    challenge(client, code, ["zzxq"], by=0, reveal=True)
    entry = log_of(client, lg, **{"Accept-Language": "de"})["challenges"][0]
    assert entry["list"] == "Alltagsliste"
    assert "Alltagsliste" in entry["verdicts"][0]["message"]


def test_the_log_needs_the_leagues_link(client):
    lg = new_league(client)
    assert client.get(f"/api/leagues/{lg['id']}/disputes").status_code == 401
    assert client.get(f"/api/leagues/{lg['id']}/disputes", headers=auth("wrong")).status_code == 401
    too_long = client.get(f"/api/leagues/{lg['id']}/disputes?player={'x' * 41}", headers=auth(lg["viewer_token"]))
    assert too_long.status_code == 422
    assert "player" in str(too_long.get_json()["errors"])
