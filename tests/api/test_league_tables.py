"""Tables played inside a league: house rules, seats as league players, results posted at the end."""

import uuid


def league(client, **rules):
    body = client.post("/api/leagues", json={"name": "Thursday club", **({"rules": rules} if rules else {})})
    assert body.status_code == 201, body.get_json()
    return body.get_json()


def auth(token):
    return {"Authorization": f"Bearer {token}"}


def event(client, code, kind, data=None, headers=None):
    return client.post(f"/api/tables/{code}/events", json={"id": str(uuid.uuid4()), "type": kind, "data": data or {}},
                       headers=headers)


def test_a_league_table_posts_its_result_when_the_game_ends(client):
    lg = league(client)
    response = client.post("/api/tables", headers=auth(lg["member_token"]), json={
        "game": "scorepad", "league": lg["id"], "seats": [{"name": "Ann"}, {"name": "Ben"}]})
    assert response.status_code == 201
    table = response.get_json()
    assert table["league"] == lg["id"]
    players = client.get(f"/api/leagues/{lg['id']}/players", headers=auth(lg["viewer_token"])).get_json()
    assert sorted(p["name"] for p in players["players"]) == ["Ann", "Ben"]  # seats joined the league

    event(client, table["code"], "points", {"seat": 0, "points": 9})
    event(client, table["code"], "points", {"seat": 1, "points": 4})
    standings = client.get(f"/api/leagues/{lg['id']}/standings", headers=auth(lg["viewer_token"])).get_json()
    assert standings["rows"] == []  # not over yet
    event(client, table["code"], "finish")
    rows = client.get(f"/api/leagues/{lg['id']}/standings", headers=auth(lg["viewer_token"])).get_json()["rows"]
    assert [(r["player"], r["played"], r["wins"]) for r in rows] == [("Ann", 1, 1), ("Ben", 1, 0)]

    # Undo the finish, change the score, finish again with the member link: the one result is corrected.
    event(client, table["code"], "undo")
    event(client, table["code"], "points", {"seat": 1, "points": 10})
    event(client, table["code"], "finish", headers=auth(lg["member_token"]))
    results = client.get(f"/api/leagues/{lg['id']}/results", headers=auth(lg["viewer_token"])).get_json()["results"]
    assert len(results) == 1
    assert {p["name"]: p["score"] for p in results[0]["players"]} == {"Ann": 9, "Ben": 14}
    assert results[0]["table_code"] == table["code"]


def test_a_league_table_needs_the_member_link(client):
    lg = league(client)
    body = {"game": "scorepad", "league": lg["id"], "seats": [{"name": "Ann"}]}
    assert client.post("/api/tables", json=body).status_code == 401
    assert client.post("/api/tables", json=body, headers=auth("nope")).status_code == 401
    assert client.post("/api/tables", json=body, headers=auth(lg["viewer_token"])).status_code == 403
    assert client.post("/api/tables", json=body, headers=auth(lg["admin_token"])).status_code == 201


def test_house_rules_are_the_tables_defaults_and_judge_its_words(client):
    lg = league(client, **{"make-n-break": {"rounds": 3}, "bresk": {"extra_words": ["qi"], "banned_words": ["cat"]}})
    mnb = client.post("/api/tables", headers=auth(lg["member_token"]), json={
        "game": "make-n-break", "league": lg["id"], "seats": [{"name": "Ann"}, {"name": "Ben"}]}).get_json()
    assert mnb["options"]["rounds"] == 3
    chosen = client.post("/api/tables", headers=auth(lg["member_token"]), json={
        "game": "make-n-break", "league": lg["id"], "options": {"rounds": 4},
        "seats": [{"name": "Ann"}, {"name": "Ben"}]}).get_json()
    assert chosen["options"]["rounds"] == 4  # the table's own choice beats the default

    bresk = client.post("/api/tables", headers=auth(lg["member_token"]), json={
        "game": "bresk", "league": lg["id"], "seats": [{"name": "Ann"}]}).get_json()
    verdict = event(client, bresk["code"], "challenge", {"words": ["qi", "cat"], "reveal": True}).get_json()
    reasons = [v["valid"] for v in verdict["event"]["data"]["verdict"]["verdicts"]]
    assert reasons == [True, False]
