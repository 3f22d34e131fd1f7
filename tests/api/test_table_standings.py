"""GET /api/tables/{code}/standings: a finished league table's players in the league's standings, with where
each stood before that game (the big screen's last word to the room)."""


from api_calls import auth, play


def test_the_tables_players_with_the_movement_the_game_caused(client):
    """By hand. Before the table: Ann beat Ben (Würfelspiel 10–8), Cy beat Ann (score pad 9–4): Cy 1 win of 1,
    Ann 1 of 2, Ben 0 of 1 → Cy 1, Ann 2, Ben 3. The table: Ben 9, Dan 3. After: Cy 1 of 1; Ann and Ben 1 of 2
    each, level on wins, rate and games → both =2 (listed by name); Dan 0 of 1 → 4, his first game."""
    lg = client.post("/api/leagues", json={"name": "Fridays"}).get_json()
    member = auth(lg["member_token"])
    for name in ("Ann", "Ben", "Cy"):
        assert client.post(f"/api/leagues/{lg['id']}/players", json={"name": name}, headers=member).status_code == 201
    for game, scores in (("wuerfelspiel", {"Ann": 10, "Ben": 8}), ("scorepad", {"Cy": 9, "Ann": 4})):
        players = [{"name": n, "score": s} for n, s in scores.items()]
        body = {"game": game, "played_on": "2026-11-27", "players": players}
        recorded = client.post(f"/api/leagues/{lg['id']}/results", json=body, headers=member)
        assert recorded.status_code == 201, recorded.get_json()
    code = client.post("/api/tables", headers=auth(lg["member_token"]), json={
        "game": "scorepad", "league": lg["id"], "seats": [{"name": "Ben"}, {"name": "Dan"}]}).get_json()["code"]
    play(client, code, "points", {"seat": 0, "points": 9})
    play(client, code, "points", {"seat": 1, "points": 3})
    # Not over yet (and, on a phone, a moment after the end, before the result is posted): said, not refused.
    assert client.get(f"/api/tables/{code}/standings").get_json() == {"league": "Fridays", "posted": False, "rows": []}
    play(client, code, "finish")
    answer = client.get(f"/api/tables/{code}/standings")  # the code alone: what the big screen has
    assert answer.status_code == 200, answer.get_json()
    body = answer.get_json()
    assert (body["league"], body["posted"]) == ("Fridays", True)
    assert [(r["player"], r["rank"], r["tied"], r["wins"], r["played"], r["rank_before"]) for r in body["rows"]] == [
        ("Ben", 2, True, 1, 2, 3), ("Dan", 4, False, 0, 1, None)]  # Ann and Cy did not play here: not shown


def test_a_casual_table_or_an_unknown_code_has_no_league_standings(client):
    code = client.post("/api/tables", json={"game": "scorepad", "seats": [{"name": "Ann"}]}).get_json()["code"]
    play(client, code, "finish")
    casual = client.get(f"/api/tables/{code}/standings")
    assert casual.status_code == 404
    assert casual.get_json()["message"] == "This table is not played in a league: it has no league standings."
    german = client.get(f"/api/tables/{code}/standings", headers={"Accept-Language": "de"})
    assert german.get_json()["message"] == "Dieser Tisch wird in keiner Liga gespielt: Er hat keine Tabelle."
    assert client.get("/api/tables/ZZZZZZ/standings").get_json()["code"] == "unknown_table"
