"""A BG Stats export file as a new league: POST /api/leagues/import/bgstats (SQLite, PostgreSQL)."""

from __future__ import annotations

import pytest
from api_calls import auth
from sqlalchemy import func, select
from test_bgstats_export import club, download

from scorekeeper.extensions import db
from scorekeeper.models import League, LeagueResult
from scorekeeper.services.league_import import MAX_RESULTS

URL = "/api/leagues/import/bgstats"


def standings(client, league, **query):
    """The standings as the league shows them: the rows, their order and the rating's words."""
    response = client.get(f"/api/leagues/{league['id']}/standings", query_string=query,
                          headers=auth(league["viewer_token"]))
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def results(client, league):
    response = client.get(f"/api/leagues/{league['id']}/results", headers=auth(league["viewer_token"]))
    return response.get_json()["results"]


def leagues_and_results(app):
    with app.app_context():
        return tuple(db.session.scalar(select(func.count()).select_from(m)) for m in (League, LeagueResult))


def test_our_league_there_and_back_has_the_same_standings(client):
    league = club(client)
    file = download(client, league)
    made = client.post(URL, json=file, query_string={"name": "Back again"})
    assert made.status_code == 201, made.get_json()
    moved = made.get_json()
    assert moved["name"] == "Back again" and moved["left_out"] == []
    for game in (None, "make-n-break", "block-buster", "scorepad", "bresk"):
        query = {"game": game} if game else {}
        assert standings(client, moved, **query) == standings(client, league, **query), game
    # Each play once, its uuid kept as the result's id; the golf pad's rule came along.
    assert sorted(r["id"] for r in results(client, moved)) == sorted(p["uuid"] for p in file["plays"])
    rules = client.get(f"/api/leagues/{moved['id']}", headers=auth(moved["viewer_token"])).get_json()["rules"]
    assert rules == {"scorepad": {"lowest_wins": True}}
    # And out again: the same plays under the same uuids (merged into BG Stats, onto themselves); only the
    # table's seat order is not kept (the league keeps it for results from its own tables).
    def kept(f):
        return [(p["uuid"], p["playDate"], [{k: v for k, v in s.items() if k not in ("seatOrder", "startPlayer")}
                                            for s in p["playerScores"]]) for p in f["plays"]]
    assert kept(download(client, moved)) == kept(file)


GAMES = [{"id": 1, "name": "bresk!", "highestWins": True, "bggId": 0},  # by name, whatever its case
         {"id": 2, "name": "Catan", "bggId": 13}, {"id": 3, "name": "Hanabi", "cooperative": True},
         {"id": 4, "name": "  Block   Buster "}]
PLAYERS = [{"id": 10, "name": "Ann", "isAnonymous": False}, {"id": 11, "name": "Ben"}, {"id": 12, "name": "Cy"},
           {"id": 13, "name": "Di"}]


def scores(*rows):
    return [{"playerRefId": ref, **fields} for ref, fields in rows]


def a_file(plays, **extra):
    return {"games": GAMES, "players": PLAYERS, "locations": [], "userInfo": {"meRefId": 10}, "tags": [],
            "plays": plays, **extra}


ODD_PLAYS = [
    # Spaces around a score, no ranks: the game ranks the scores (a tie shares first place).
    {"uuid": "p-1", "playDate": "2026-10-01 19:30:00", "gameRefId": 1, "somethingNew": [1, 2],
     "playerScores": scores((10, {"score": " 12 "}), (11, {"score": "12", "winner": True}), (12, {"score": "3"}))},
    {"uuid": "p-2", "playDate": "2026-10-02 20:00:00", "gameRefId": 2,
     "playerScores": scores((10, {"score": "8", "winner": True}), (11, {"score": "6"}))},
    {"uuid": "p-3", "playDate": "2026-10-03 20:00:00", "gameRefId": 3,
     "playerScores": scores((10, {"winner": True}), (11, {"winner": True}))},
    # Teams, ranks and no scores.
    {"uuid": "p-4", "playDate": "2026-10-04", "gameRefId": 4, "usesTeams": True,
     "playerScores": scores((10, {"rank": 1, "team": "red", "score": ""}), (11, {"rank": 2, "team": "blue"}),
                            (12, {"rank": 1, "team": "red"}), (13, {"rank": 2, "team": "blue"}))},
    # No ranks, no scores: the winners first.
    {"uuid": "p-5", "playDate": "2026-10-05 10:00:00", "gameRefId": 1,
     "playerScores": scores((12, {"winner": True, "rank": 0}), (13, {"winner": False}))},
]


def places(result):
    return [(p["name"], p["score"], p["place"], p["team"]) for p in result["players"]]


def test_odd_files_come_in_other_games_as_score_pads_and_cooperative_ones_are_left_out(client):
    made = client.post(URL, json=a_file(ODD_PLAYS))
    assert made.status_code == 201, made.get_json()
    league = made.get_json()
    assert league["name"] == "BG Stats"
    assert league["left_out"] == [{"game": "Hanabi", "why": "cooperative", "plays": 1}]
    got = {r["id"]: r for r in results(client, league)}
    assert sorted(got) == ["p-1", "p-2", "p-4", "p-5"]
    assert got["p-2"]["game"] == "scorepad" and got["p-2"]["game_name"] == "Catan"
    assert places(got["p-2"]) == [("Ann", 8, 1, None), ("Ben", 6, 2, None)]
    assert "game_name" not in got["p-1"]
    assert got["p-1"]["game"] == "bresk" and got["p-1"]["played_on"] == "2026-10-01"
    assert places(got["p-1"]) == [("Ann", 12, 1, None), ("Ben", 12, 1, None), ("Cy", 3, 3, None)]
    assert got["p-4"]["game"] == "block-buster"
    assert places(got["p-4"]) == [("Ann", None, 1, "red"), ("Ben", None, 2, "blue"), ("Cy", None, 1, "red"),
                                  ("Di", None, 2, "blue")]
    assert places(got["p-5"]) == [("Cy", None, 1, None), ("Di", None, 2, None)]


@pytest.mark.parametrize("change, field", [
    (lambda f: f["plays"][0]["playerScores"][1].update(score="twelve"), "plays.0.playerScores.1.score"),
    (lambda f: f["plays"][0]["playerScores"][1].update(score="1.5"), "plays.0.playerScores.1.score"),
    (lambda f: f["plays"][3]["playerScores"][2].update(playerRefId=99), "plays.3.playerScores.2.playerRefId"),
    (lambda f: f["plays"][4].update(gameRefId=7), "plays.4.gameRefId"),
    (lambda f: f["plays"][4].update(gameRefId=[1]), "plays.4.gameRefId"),
    (lambda f: f["plays"][4].update(gameRefId=True), "plays.4.gameRefId"),
    (lambda f: f["plays"][0]["playerScores"][0].update(playerRefId={"id": 10}), "plays.0.playerScores.0.playerRefId"),
    (lambda f: f["plays"][0]["playerScores"][0].update(score=[8]), "plays.0.playerScores.0.score"),
    (lambda f: f["plays"][0]["playerScores"][0].update(rank="1"), "plays.0.playerScores.0.rank"),
    (lambda f: f["players"][0].update(name=["Ann"]), "players.0.name"),
    (lambda f: f["players"][0].update(id="10"), "players.0.id"),
    (lambda f: f["plays"][3].update(playDate="yesterday"), "plays.3.playDate"),
    (lambda f: f["plays"][3].update(playDate="2026-13-40 10:00:00"), "plays.3.playDate"),
    (lambda f: f["plays"][4].update(uuid="p-1"), "plays.4.uuid"),  # one play twice
    (lambda f: f["plays"][3]["playerScores"][0].update(rank=3), "plays.3.playerScores.2.rank"),
    (lambda f: f["plays"][0]["playerScores"][0].update(rank=-1), "plays.0.playerScores.0.rank"),
    (lambda f: f["plays"][4]["playerScores"].clear(), "plays.4.playerScores"),
    (lambda f: f["plays"][4].pop("playerScores"), "plays.4.playerScores"),
    (lambda f: f["plays"][0].pop("uuid"), "plays.0.uuid"),
    (lambda f: f["players"].append({"id": 14, "name": "ann"}), "players.4.name"),
    (lambda f: f["players"].append({"id": 10, "name": "Eve"}), "players.4.id"),
    (lambda f: f["games"].append({"id": 5}), "games.4.name"),
    (lambda f: f.update(plays="none"), "plays"),
    (lambda f: f.pop("plays"), "plays"),
    (lambda f: f["plays"].append(7), "plays.5"),
])
def test_a_malformed_file_is_a_4xx_naming_the_field_and_writes_nothing(app, client, change, field):
    file = a_file([{**p, "playerScores": [dict(s) for s in p["playerScores"]]} for p in ODD_PLAYS])
    file["players"] = [dict(p) for p in PLAYERS]
    file["games"] = [dict(g) for g in GAMES]
    change(file)
    before = leagues_and_results(app)
    response = client.post(URL, json=file)
    assert response.status_code == 422, response.get_json()
    assert field in response.get_json()["errors"], response.get_json()
    assert leagues_and_results(app) == before


def test_a_file_that_is_not_an_object(client):
    response = client.post(URL, json=[1, 2])
    assert response.status_code == 422


def test_too_many_plays_is_a_413_before_anything_is_read(client):
    play = {"uuid": "x", "playDate": "2026-10-01", "gameRefId": 1, "playerScores": []}
    response = client.post(URL, json=a_file([play] * (MAX_RESULTS + 1)))
    assert response.status_code == 413, response.get_json()
    assert "plays" in response.get_json()["errors"]


def test_a_five_thousand_play_file(client):
    plays = [{"uuid": f"play-{i}", "playDate": f"2026-{1 + i % 11:02d}-{1 + i % 28:02d} 20:00:00", "gameRefId": 1,
              "playerScores": scores((10, {"score": str(i % 40)}), (11, {"score": str((i * 7) % 40)}))}
             for i in range(MAX_RESULTS)]
    made = client.post(URL, json=a_file(plays))
    assert made.status_code == 201, made.get_json()
    rows = standings(client, made.get_json())["rows"]
    assert sum(r["played"] for r in rows) == 2 * MAX_RESULTS


def test_a_play_of_one_player_is_left_out_and_counted(client):
    solo = {"uuid": "solo-1", "playDate": "2026-10-06", "gameRefId": 2, "playerScores": scores((10, {"score": "71"}))}
    made = client.post(URL, json=a_file([*ODD_PLAYS, solo]))
    assert made.status_code == 201, made.get_json()
    assert {"game": "Catan", "why": "one_player", "plays": 1} in made.get_json()["left_out"]
    assert "solo-1" not in {r["id"] for r in results(client, made.get_json())}


def test_a_score_pad_game_ranked_lowest_first_keeps_its_order(client):
    golf = {"uuid": "golf-1", "playDate": "2026-10-06", "gameRefId": 5,
            "playerScores": scores((10, {"score": "71"}), (11, {"score": "68"}))}
    file = a_file([golf])
    file["games"] = [*GAMES, {"id": 5, "name": "Mini golf", "highestWins": False}]
    made = client.post(URL, json=file)
    assert made.status_code == 201, made.get_json()
    (result,) = results(client, made.get_json())
    assert result["game_name"] == "Mini golf"
    assert places(result) == [("Ann", 71, 2, None), ("Ben", 68, 1, None)]
