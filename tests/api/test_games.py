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
