"""Tables played inside a league: house rules, seats as league players, results posted at the end."""


from api_calls import auth, post_event


def league(client, **rules):
    body = client.post("/api/leagues", json={"name": "Thursday club", **({"rules": rules} if rules else {})})
    assert body.status_code == 201, body.get_json()
    return body.get_json()


def test_a_league_table_posts_its_result_when_the_game_ends(client):
    lg = league(client)
    response = client.post("/api/tables", headers=auth(lg["member_token"]), json={
        "game": "scorepad", "league": lg["id"], "seats": [{"name": "Ann"}, {"name": "Ben"}]})
    assert response.status_code == 201
    table = response.get_json()
    assert table["league"] == lg["id"]
    players = client.get(f"/api/leagues/{lg['id']}/players", headers=auth(lg["viewer_token"])).get_json()
    assert sorted(p["name"] for p in players["players"]) == ["Ann", "Ben"]  # seats joined the league

    post_event(client, table["code"], "points", {"seat": 0, "points": 9})
    post_event(client, table["code"], "points", {"seat": 1, "points": 4})
    standings = client.get(f"/api/leagues/{lg['id']}/standings", headers=auth(lg["viewer_token"])).get_json()
    assert standings["rows"] == []  # not over yet
    post_event(client, table["code"], "finish")
    rows = client.get(f"/api/leagues/{lg['id']}/standings", headers=auth(lg["viewer_token"])).get_json()["rows"]
    assert [(r["player"], r["played"], r["wins"]) for r in rows] == [("Ann", 1, 1), ("Ben", 1, 0)]

    # Undo the finish, change the score, finish again with the member link: the one result is corrected.
    last = client.get(f"/api/tables/{table['code']}").get_json()["undo_seq"]
    post_event(client, table["code"], "undo", {"seq": last})
    post_event(client, table["code"], "points", {"seat": 1, "points": 10})
    post_event(client, table["code"], "finish", headers=auth(lg["member_token"]))
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
    lg = league(client, **{"make-n-break": {"rounds": 3}, "bresk": {"extra_words": ["zzxq"], "banned_words": ["cat"]}})
    mnb = client.post("/api/tables", headers=auth(lg["member_token"]), json={
        "game": "make-n-break", "league": lg["id"], "seats": [{"name": "Ann"}, {"name": "Ben"}]}).get_json()
    assert mnb["options"]["rounds"] == 3
    chosen = client.post("/api/tables", headers=auth(lg["member_token"]), json={
        "game": "make-n-break", "league": lg["id"], "options": {"rounds": 4},
        "seats": [{"name": "Ann"}, {"name": "Ben"}]}).get_json()
    assert chosen["options"]["rounds"] == 4  # the table's own choice beats the default

    bresk = client.post("/api/tables", headers=auth(lg["member_token"]), json={
        "game": "bresk", "league": lg["id"], "seats": [{"name": "Ann"}]}).get_json()
    verdict = post_event(client, bresk["code"], "challenge",
                         {"words": ["zzxq", "cat", "dog"], "reveal": True}).get_json()
    verdicts = verdict["event"]["data"]["verdict"]["verdicts"]
    assert [(v["valid"], v["reason"], v["message"]) for v in verdicts] == [
        (True, "added_by_league", "added by this league to the everyday list"),
        (False, "banned_by_league", "banned by this league"),
        (True, "valid", "valid in the everyday list")]


def test_live_word_marking_is_a_bresk_house_rule_beside_the_word_lists(client):
    lg = league(client, bresk={"live_word_marking": True, "extra_words": ["qi"]})
    table = client.post("/api/tables", headers=auth(lg["member_token"]), json={
        "game": "bresk", "league": lg["id"], "seats": [{"name": "Ann"}]})
    assert table.status_code == 201, table.get_json()
    assert table.get_json()["options"]["live_word_marking"] is True
    bad = client.post("/api/leagues", json={"name": "Club", "rules": {"bresk": {"live_word_marking": "yes"}}})
    assert bad.status_code == 422
    assert any(field.endswith("bresk.live_word_marking") for field in bad.get_json()["errors"])


GRID = ["ZZXQ#CAT", "########", "DOG#####", "########", "########", "########", "########", "########"]
EMPTY = ["########"] * 8


def test_sheets_and_tables_apply_house_words_alike(client):
    """One code path: a typed-in sheet and a table's hand-ins score the same grids the same way."""
    lg = league(client, bresk={"extra_words": ["zzxq"], "banned_words": ["cat"]})
    member = auth(lg["member_token"])
    sheet = {"players": [{"name": "Ann", "grid": GRID}, {"name": "Ben", "grid": EMPTY}]}
    table = client.post("/api/tables", headers=member, json={
        "game": "bresk", "league": lg["id"], "seats": [{"name": "Ann"}, {"name": "Ben"}],
        "options": {"hand_in_early": True}}).get_json()
    typed = client.post(f"/api/leagues/{lg['id']}/results", headers=member,
                        json={"game": "bresk", "played_on": "2024-03-01", "sheet": sheet})
    assert typed.status_code == 201, typed.get_json()
    # ZZXQ (added by the league) 4 + DOG 3, CAT banned; +5 longest word, +3 most words
    assert {p["name"]: p["score"] for p in typed.get_json()["players"]} == {"Ann": 4 + 3 + 5 + 3, "Ben": 0}

    for seat, grid in enumerate((GRID, EMPTY)):
        assert post_event(client, table["code"], "hand_in", {"seat": seat, "grid": grid}).status_code == 201
    results = client.get(f"/api/leagues/{lg['id']}/results", headers=auth(lg["viewer_token"])).get_json()["results"]
    played = next(r for r in results if r.get("table_code") == table["code"])
    assert {p["name"]: p["score"] for p in played["players"]} == {"Ann": 4 + 3 + 5 + 3, "Ben": 0}


def test_a_league_can_choose_the_word_game_list(client):
    lg = league(client, bresk={"lexicon": "en-wordgame"})
    member = auth(lg["member_token"])
    table = client.post("/api/tables", headers=member, json={
        "game": "bresk", "league": lg["id"], "seats": [{"name": "Ann"}, {"name": "Ben"}]}).get_json()
    assert table["options"]["lexicon"] == "en-wordgame"
    verdict = post_event(client, table["code"], "challenge", {"words": ["za"], "reveal": True}).get_json()
    (za,) = verdict["event"]["data"]["verdict"]["verdicts"]
    assert (za["valid"], za["list"], za["message"]) == (True, "word-game list", "valid in the word-game list")
    own = client.post("/api/tables", headers=member, json={
        "game": "bresk", "league": lg["id"], "seats": [{"name": "Ann"}], "options": {"lexicon": "en"}}).get_json()
    assert own["options"]["lexicon"] == "en"  # a table may still choose the everyday list

    grid = ["ZA#QI###", *EMPTY[1:]]
    typed = client.post(f"/api/leagues/{lg['id']}/results", headers=member,
                        json={"game": "bresk", "played_on": "2024-03-01", "sheet": {"players": [
                            {"name": "Ann", "grid": grid}, {"name": "Ben", "grid": EMPTY}]}})
    assert typed.status_code == 201, typed.get_json()
    assert typed.get_json()["players"][0]["score"] == 2 + 2 + 5 + 3  # ZA counts in the word-game list


def test_a_sheet_typed_into_a_league_with_an_unknown_word_list_names_the_sheets_field(client):
    lg = league(client, bresk={"lexicon": "en-wordgame"})
    refused = client.post(f"/api/leagues/{lg['id']}/results", headers=auth(lg["member_token"]), json={
        "game": "bresk", "played_on": "2024-03-01", "sheet": {"lexicon": "xx", "players": [
            {"name": "Ann", "grid": EMPTY}, {"name": "Ben", "grid": EMPTY}]}})
    assert refused.status_code == 422 and refused.get_json()["code"] == "unknown_lexicon"
    assert list(refused.get_json()["errors"]) == ["sheet.lexicon"]  # as POST /api/games/bresk/score says lexicon


def test_a_tables_own_choice_beats_a_house_rule_even_when_it_is_the_games_default(client):
    """A house rule is where a league table starts, not a lock: a table that unticks it plays without it,
    though unticked is the game's own value (and ticks what the league unticked)."""
    house = {"bresk": {"live_word_marking": True}, "block-buster": {"tie_takes_nobody": False},
             "scorepad": {"lowest_wins": True}}
    lg = league(client, **house)
    for game, seats in (("bresk", ["Ann"]), ("block-buster", ["Ann", "Ben"]), ("scorepad", ["Ann", "Ben"])):
        (option, value), = house[game].items()
        seats = [{"name": name} for name in seats]
        started = client.post("/api/tables", headers=auth(lg["member_token"]),
                              json={"game": game, "league": lg["id"], "seats": seats})
        assert started.status_code == 201, started.get_json()
        assert started.get_json()["options"][option] is value
        own = client.post("/api/tables", headers=auth(lg["member_token"]),
                          json={"game": game, "league": lg["id"], "options": {option: not value}, "seats": seats})
        assert own.status_code == 201, own.get_json()
        assert own.get_json()["options"][option] is (not value), game


def _seated(client, lg, names):
    response = client.post("/api/tables", headers=auth(lg["member_token"]), json={
        "game": "scorepad", "league": lg["id"], "seats": [{"name": n} for n in names]})
    assert response.status_code == 201, response.get_json()
    return response.get_json()["code"]


def _finish(client, code, points):
    for seat, n in enumerate(points):
        post_event(client, code, "points", {"seat": seat, "points": n})
    assert post_event(client, code, "finish").status_code == 201


def _admin(client, lg, method, path, body=None):
    response = client.open(f"/api/leagues/{lg['id']}{path}", method=method, json=body,
                           headers=auth(lg["admin_token"]))
    assert response.status_code in (200, 201), response.get_json()
    return response.get_json()


def _standings(client, lg):
    rows = client.get(f"/api/leagues/{lg['id']}/standings", headers=auth(lg["viewer_token"])).get_json()["rows"]
    return [(r["player"], r["played"], r["wins"]) for r in rows]


def test_a_player_renamed_during_a_league_table_gets_its_result_under_the_new_name(client):
    """The organiser renames Ann while she plays: her game counts for Anna, and not for a newcomer who
    then joins the league as Ann."""
    lg = league(client)
    code = _seated(client, lg, ["Ann", "Ben"])
    assert _admin(client, lg, "PATCH", "/players/Ann", {"name": "Anna"})["name"] == "Anna"
    _admin(client, lg, "POST", "/players", {"name": "Ann"})  # somebody else, who was not at the table
    _finish(client, code, [9, 4])
    assert _standings(client, lg) == [("Anna", 1, 1), ("Ben", 1, 0)]
    results = client.get(f"/api/leagues/{lg['id']}/results", headers=auth(lg["viewer_token"])).get_json()
    assert [(p["name"], p["score"]) for p in results["results"][0]["players"]] == [("Anna", 9), ("Ben", 4)]


def test_a_player_merged_during_a_league_table_gets_its_result_under_the_one_merged_into(client):
    lg = league(client)
    _admin(client, lg, "POST", "/players", {"name": "Annie"})
    code = _seated(client, lg, ["Ben", "Ann"])
    assert _admin(client, lg, "PATCH", "/players/Ann", {"name": "Annie", "merge": True})["name"] == "Annie"
    _finish(client, code, [2, 7])
    assert _standings(client, lg) == [("Annie", 1, 1), ("Ben", 1, 0)]


def test_play_again_after_a_rename_seats_the_renamed_player(client):
    lg = league(client)
    code = _seated(client, lg, ["Ann", "Ben"])
    _admin(client, lg, "PATCH", "/players/Ann", {"name": "Anna"})
    _finish(client, code, [9, 4])
    again = client.post(f"/api/tables/{code}/again", headers=auth(lg["member_token"]))
    assert again.status_code in (200, 201), again.get_json()
    assert again.get_json()["seats"] == ["Anna", "Ben"]
    players = client.get(f"/api/leagues/{lg['id']}/players", headers=auth(lg["viewer_token"])).get_json()
    assert sorted(p["name"] for p in players["players"]) == ["Anna", "Ben"]  # no second "Ann"
