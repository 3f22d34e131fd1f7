"""The catalogue and stateless scoring."""

from scorekeeper import games


def test_catalogue_lists_every_game_with_options_and_dice(sqlite_app):
    body = sqlite_app.test_client().get("/api/games").get_json()
    ids = [g["id"] for g in body["games"]]
    assert ids == list(games.REGISTRY)
    for game in body["games"]:
        assert game["name"] and game["summary"]
        assert 1 <= game["min_seats"] <= game["max_seats"] <= 10
        for option in game["options"]:
            assert {"name", "default", "description"} <= set(option)
    dice = {d["id"]: d["faces"] for d in body["dice"]}
    assert dice["bresk"] == [0, 1, 2, 3, "BRESK", "BRESK"]
    assert dice["stopper"] == [0, 0, 0, 1, 2, 3]
    assert len(dice["alphabet"]) == 27 and dice["alphabet"].count("#") == 1  # "the blank side"


def test_scorepad_sheet_scores_and_explains(sqlite_app):
    sheet = {"players": [{"name": "Ann", "points": [3, 4]}, {"name": "Ben", "points": [9, -1]}]}
    body = sqlite_app.test_client().post("/api/games/scorepad/score", json=sheet).get_json()
    assert body["game"] == "scorepad"
    assert [(p["name"], p["total"]) for p in body["players"]] == [("Ann", 7), ("Ben", 8)]
    assert body["winners"] == ["Ben"]
    assert body["finished"] is True


def test_bresk_sheet_is_scored_with_the_list_it_names(sqlite_app, tmp_path_factory):
    sqlite_app.config["LEXICON_CACHE_DIR"] = str(tmp_path_factory.getbasetemp() / "lexicon-cache")
    client = sqlite_app.test_client()
    grid = ["ZA#QR#QI", *["########"] * 7]
    everyday = client.post("/api/games/bresk/score", json={"players": [{"name": "Ann", "grid": grid}]}).get_json()
    assert everyday["lexicon"] == "en" and everyday["players"][0]["total"] == 2 + 5 + 3  # QI only
    wordgame = client.post("/api/games/bresk/score",
                           json={"lexicon": "en-wordgame", "players": [{"name": "Ann", "grid": grid}]}).get_json()
    assert wordgame["lexicon"] == "en-wordgame" and wordgame["players"][0]["total"] == 2 + 2 + 5 + 3  # ZA, QI
    unknown = client.post("/api/games/bresk/score", json={"lexicon": "xx", "players": [{"name": "Ann", "grid": grid}]})
    assert unknown.status_code == 422 and "lexicon" in unknown.get_json()["errors"]


def test_every_option_is_in_players_words_with_its_type_and_whether_a_league_may_set_it(sqlite_app):
    """GET /api/games is what the phone's settings screens are drawn from (frontend/js/lib/option-fields.js)."""
    for game in sqlite_app.test_client().get("/api/games").get_json()["games"]:
        for option in game["options"]:
            where = f"{game['id']}.{option['name']}"
            assert option["label"] and option["label"][0].isupper(), where
            assert "_" not in option["label"] and "seat" not in option["label"].lower(), where  # no code words
            assert option["type"] in ("choice", "boolean", "integer", "list") and isinstance(option["league"], bool)
            if option["type"] == "choice":
                assert len(option["choice_labels"]) == len(option["choices"]), where
            if option["type"] == "integer":
                assert option["minimum"] <= option["default"] <= option["maximum"], where
        assert game["word_list_option"] in (None, *(o["name"] for o in game["options"]))


def test_house_rules_are_the_options_a_league_may_set(sqlite_app):
    """One definition: the league house rules the API takes are each game's options marked for leagues."""
    from scorekeeper.api.league_schemas import HouseRulesSchema

    catalogue = sqlite_app.test_client().get("/api/games").get_json()["games"]
    expected = {}
    for game in catalogue:
        names = {o["name"] for o in game["options"] if o["league"]}
        if game["word_list_option"]:
            names |= {"extra_words", "banned_words"}
        if names:
            expected[game["id"]] = names
    declared = {name: set(field.schema.fields) for name, field in HouseRulesSchema().fields.items()}
    assert declared == expected
    named = {"bresk": {"lexicon", "live_word_marking", "extra_words", "banned_words"},  # ours, by name; an
             "block-buster": {"tie_takes_nobody", "two_player_sets"},  # added game adds its own
             "make-n-break": {"rounds", "seconds_1", "seconds_2", "seconds_3"},
             "scorepad": {"lowest_wins"}}
    assert {k: v for k, v in expected.items() if k in named} == named
