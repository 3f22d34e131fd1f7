"""A league table's join code is not a league link: it cannot rewrite a recorded result (SQLite, PostgreSQL)."""


from api_calls import accepted, auth, play, undo


def league_table(client):
    lg = client.post("/api/leagues", json={"name": "Club"}).get_json()
    table = client.post("/api/tables", headers=auth(lg["member_token"]), json={
        "game": "scorepad", "league": lg["id"], "seats": [{"name": "Ann"}, {"name": "Bob"}]}).get_json()
    return lg, table["code"]


def scores(client, lg):
    results = client.get(f"/api/leagues/{lg['id']}/results", headers=auth(lg["viewer_token"])).get_json()["results"]
    return [{p["name"]: p["score"] for p in r["players"]} for r in results]


def test_the_join_code_alone_cannot_rewrite_a_recorded_result(client):
    lg, code = league_table(client)
    play(client, code, "points", {"seat": 0, "points": 9})
    play(client, code, "points", {"seat": 1, "points": 4})
    play(client, code, "finish")
    assert scores(client, lg) == [{"Ann": 9, "Bob": 4}]
    for _ in range(5):  # someone who only knows the code: undo, points, finish
        accepted(undo(client, code))
        play(client, code, "points", {"seat": 1, "points": 10_000})
        play(client, code, "finish")
    assert scores(client, lg) == [{"Ann": 9, "Bob": 4}]
    # A viewer link is not enough either; the member link is.
    accepted(undo(client, code))
    play(client, code, "finish", headers=auth(lg["viewer_token"]))
    assert scores(client, lg) == [{"Ann": 9, "Bob": 4}]
    accepted(undo(client, code, headers=auth(lg["member_token"])))
    play(client, code, "finish", headers=auth(lg["member_token"]))
    assert scores(client, lg) == [{"Ann": 9, "Bob": 50_004}]


def test_rotating_the_member_link_ends_a_tables_right_to_post(client):
    lg, code = league_table(client)
    play(client, code, "points", {"seat": 0, "points": 3})
    rotated = client.post(f"/api/leagues/{lg['id']}/tokens/rotate", json={"role": "member"},
                          headers=auth(lg["admin_token"]))
    assert rotated.status_code == 200
    play(client, code, "finish")
    assert scores(client, lg) == []
    # A table started with the new link posts as before.
    lg["member_token"] = rotated.get_json()["token"]
    table = client.post("/api/tables", headers=auth(lg["member_token"]), json={
        "game": "scorepad", "league": lg["id"], "seats": [{"name": "Ann"}, {"name": "Bob"}]}).get_json()
    play(client, table["code"], "points", {"seat": 1, "points": 2})
    play(client, table["code"], "finish")
    assert scores(client, lg) == [{"Ann": 0, "Bob": 2}]


def test_a_correction_the_league_refuses_never_turns_a_stored_ending_into_an_error(client, monkeypatch):
    """The table's event is stored first; a league that refuses the new ending leaves the recorded result as it
    was, and the phone is answered for its event (a refusal would make it send the stored event again)."""
    from scorekeeper.domain_errors import Refused
    from scorekeeper.services import leagues

    lg, code = league_table(client)
    play(client, code, "points", {"seat": 0, "points": 9})
    play(client, code, "finish")

    def refuse(*_args, **_kwargs):
        raise Refused("bad_result", "The league refuses this result.", "players")

    monkeypatch.setattr(leagues, "correct", refuse)
    accepted(undo(client, code, headers=auth(lg["member_token"])))
    play(client, code, "points", {"seat": 1, "points": 20}, headers=auth(lg["member_token"]))
    finished = play(client, code, "finish", headers=auth(lg["member_token"]))  # 201, not the league's 422
    assert finished.get_json()["table"]["result"]["finished"]
    assert scores(client, lg) == [{"Ann": 9, "Bob": 0}]

