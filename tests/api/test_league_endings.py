"""A league keeps the game's own places: immediate wins, sudden death, shared wins, from a live table and
from a score sheet; typed results are checked against what can happen; corrections keep a result's sheet."""

from __future__ import annotations

import uuid

import pytest
from api_calls import auth, new_table

from scorekeeper.games.block_buster import PATTERNS

PLAYED_ON = "2024-03-01"
# Block Buster, 2 players: the 3 × 3 pattern, row by row.
PATTERN_2P = ["red-circle", "red-star", "green-spiral", "green-spiral", "red-circle", "red-star",
              "red-star", "green-spiral", "red-circle"]


def new_league(client, players=("Ana", "Ben", "Cleo", "Dan")):
    league = client.post("/api/leagues", json={"name": "Endings club"}).get_json()
    for name in players:
        assert client.post(f"/api/leagues/{league['id']}/players", json={"name": name},
                           headers=auth(league["member_token"])).status_code == 201
    return league


def play(client, code, *events):
    for kind, data in events:
        response = client.post(f"/api/tables/{code}/events", json={"id": str(uuid.uuid4()), "type": kind, "data": data})
        assert response.status_code in (200, 201), response.get_json()
    return response.get_json()


def record(client, league, body):
    return client.post(f"/api/leagues/{league['id']}/results", json={"played_on": PLAYED_ON, **body},
                       headers=auth(league["member_token"]))


def only_result(client, league):
    results = client.get(f"/api/leagues/{league['id']}/results", headers=auth(league["viewer_token"])).get_json()
    assert len(results["results"]) == 1
    return results["results"][0]


def places(result):
    return {p["name"]: (p["score"], p["place"]) for p in result["players"]}


def standings(client, league, **query):
    response = client.get(f"/api/leagues/{league['id']}/standings", query_string=query,
                          headers=auth(league["viewer_token"]))
    assert response.status_code == 200, response.get_json()
    return response.get_json()["rows"]


def bb_sheet(owners, ben=None):
    """A 2-player Block Buster sheet: ``owners`` maps a point block's index to its colour."""
    return {"variant": "standard",
            "players": [{"name": "Ana", "leftover_squares": 0}, {"name": "Ben", "leftover_squares": 0, **(ben or {})}],
            "point_blocks": [{"shape": shape, "owner": owners.get(i)} for i, shape in enumerate(PATTERN_2P)]}


def mnb_turn(builder, *points):
    return {"builder": builder, "die": 1, "cards": [{"kind": "standard", "points": p} for p in points]}


# --- the game's own ending, from a table and from a sheet ---------------------------------------------------


def test_an_immediate_win_at_a_table_wins_in_the_league_whatever_the_points(client):
    league = new_league(client)
    code = new_table(client, "block-buster", ["Ana", "Ben"], league=league)["code"]
    # Ana (starting, -5) settles three red circles: she wins at once, on fewer points than Ben's 3.
    play(client, code, ("point_block", {"index": 1, "owner": "blue"}),
         *[("point_block", {"index": i, "owner": "yellow"}) for i in (0, 4, 8)])
    result = only_result(client, league)
    assert places(result) == {"Ana": (-5, 1), "Ben": (3, 2)}
    rows = standings(client, league)
    assert [(r["player"], r["wins"]) for r in rows] == [("Ana", 1), ("Ben", 0)]


def test_an_immediate_win_from_a_sheet_wins_in_the_league(client):
    league = new_league(client)
    response = record(client, league, {"game": "block-buster",
                                       "sheet": bb_sheet({0: "yellow", 4: "yellow", 8: "yellow", 1: "blue"})})
    assert response.status_code == 201, response.get_json()
    assert places(response.get_json()) == {"Ana": (-5, 1), "Ben": (3, 2)}



@pytest.mark.parametrize("game, options, events, expected", [
    ("block-buster", {}, [("point_block", {"index": 1, "owner": "blue"}),
                          *[("point_block", {"index": i, "owner": "yellow"}) for i in (0, 4, 8)]],
     {"Ana": (-5, 1), "Ben": (3, 2)}),  # an immediate win on fewer points
    ("scorepad", {"lowest_wins": True}, [("points", {"seat": 0, "points": 70}), ("points", {"seat": 1, "points": 72}),
                                         ("finish", {})],
     {"Ana": (70, 1), "Ben": (72, 2)}),  # golf-style, in a league that is not
])
def test_a_casual_tables_game_recorded_in_a_league_keeps_the_games_winner(client, game, options, events, expected):
    """A finished table shows each player's place as its game decided; a phone recording a casual table's game
    in a league sends them with the scores (scores alone, the league ranks highest first)."""
    league = new_league(client)
    code = client.post("/api/tables", json={"game": game, "options": options,
                                            "seats": [{"name": "Ana"}, {"name": "Ben"}]}).get_json()["code"]
    result = play(client, code, *events)["table"]["result"]
    assert result["finished"] and result["places"] == [expected["Ana"][1], expected["Ben"][1]]
    players = [{"name": p["name"], "score": p["total"], "place": place}
               for p, place in zip(result["players"], result["places"], strict=True)]
    response = record(client, league, {"game": game, "players": players})
    assert response.status_code == 201, response.get_json()
    assert places(response.get_json()) == expected
    unfinished = client.post("/api/tables", json={"game": game, "options": options,
                                                  "seats": [{"name": "Ana"}, {"name": "Ben"}]}).get_json()
    assert "places" not in unfinished["result"]  # only once the game is over


def test_sudden_death_at_a_table_reaches_the_league(client):
    league = new_league(client)
    code = new_table(client, "make-n-break", ["Ana", "Ben"], league=league, rounds=1)["code"]
    turn = [("die", {"face": 1}), ("card", {"kind": "standard", "points": 3}), ("end_turn", {})]
    play(client, code, *turn, *turn)  # 3 all: sudden death
    assert client.get(f"/api/leagues/{league['id']}/results",
                      headers=auth(league["viewer_token"])).get_json()["results"] == []
    play(client, code, ("die", {"face": 1}), ("card", {"kind": "standard", "points": 1}), ("end_turn", {}),
         ("die", {"face": 1}), ("end_turn", {}))
    assert places(only_result(client, league)) == {"Ana": (4, 1), "Ben": (3, 2)}


def test_sudden_death_from_a_sheet_reaches_the_league(client):
    league = new_league(client)
    sheet = {"rounds": 1, "players": ["Ana", "Ben"], "turns": [mnb_turn("Ana", 3), mnb_turn("Ben", 3)],
             "sudden_death": [mnb_turn("Ana"), mnb_turn("Ben", 2)]}
    response = record(client, league, {"game": "make-n-break", "sheet": sheet})
    assert response.status_code == 201, response.get_json()
    assert places(response.get_json()) == {"Ana": (3, 2), "Ben": (5, 1)}


def test_a_shared_win_at_a_table_counts_for_both(client):
    league = new_league(client)
    code = new_table(client, "block-buster", ["Ana", "Ben"], league=league)["code"]
    # Ana: -5 + a red star 3 = -2; Ben skips one space: -2. Level: they share the win.
    nobody = [("point_block", {"index": i, "owner": None}) for i in range(len(PATTERN_2P)) if i != 1]
    play(client, code, ("skip", {"seat": 1, "spaces": 1}), ("point_block", {"index": 1, "owner": "yellow"}), *nobody,
         ("pass", {"seat": 0}), ("pass", {"seat": 1}),
         ("leftover", {"seat": 0, "squares": 0}), ("leftover", {"seat": 1, "squares": 0}), ("finish", {}))
    assert places(only_result(client, league)) == {"Ana": (-2, 1), "Ben": (-2, 1)}
    rows = standings(client, league)
    assert {(r["player"], r["wins"], r["shared_wins"]) for r in rows} == {("Ana", 1, 1), ("Ben", 1, 1)}
    assert rows[0]["rating"] == pytest.approx(rows[1]["rating"])


def test_a_shared_win_from_a_sheet_counts_for_both(client):
    league = new_league(client)
    response = record(client, league, {"game": "block-buster", "sheet": bb_sheet({1: "yellow"}, ben={"skips": 1})})
    assert response.status_code == 201, response.get_json()
    assert places(response.get_json()) == {"Ana": (-2, 1), "Ben": (-2, 1)}


def test_a_golf_score_pad_table_ranks_the_lowest_first(client):
    league = new_league(client)
    code = new_table(client, "scorepad", ["Ana", "Ben", "Cleo"], league=league, lowest_wins=True)["code"]
    play(client, code, ("points", {"seat": 0, "points": 70}), ("points", {"seat": 1, "points": 72}),
         ("points", {"seat": 2, "points": 68}), ("finish", {}))
    assert places(only_result(client, league)) == {"Ana": (70, 2), "Ben": (72, 3), "Cleo": (68, 1)}


def test_couples_from_a_sheet_share_their_teams_place(client):
    league = new_league(client)
    names = ("Ana", "Ben", "Cleo", "Dan")
    sheet = {"variant": "couples", "players": [{"name": n, "leftover_squares": 0} for n in names],
             "point_blocks": [{"shape": s, "owner": None} for row in PATTERNS[4] for s in row]}
    sheet["point_blocks"][1]["owner"] = "blue"  # Ben's team (B: seats 1 and 3) takes a block
    response = record(client, league, {"game": "block-buster", "sheet": sheet})
    assert response.status_code == 201, response.get_json()
    got = places(response.get_json())
    assert got["Ben"][1] == got["Dan"][1] == 1 and got["Ana"][1] == got["Cleo"][1] == 2


# --- the tie example -----------------------------------------------------------------------------------------


def test_the_tie_example_puts_the_joint_winners_first_in_order_and_rating(client):
    league = new_league(client)
    scores = {"Ana": 30, "Ben": 30, "Dan": 12, "Cleo": 0}
    response = record(client, league, {"game": "make-n-break",
                                       "players": [{"name": n, "score": s} for n, s in scores.items()]})
    assert response.status_code == 201, response.get_json()
    rows = standings(client, league)
    # Dan and Cleo have the same record (no win in one game): they share 3rd, listed by name; the skill
    # estimate, which puts Dan ahead, orders only with sort=rating.
    assert [(r["player"], r["rank"]) for r in rows] == [("Ana", 1), ("Ben", 1), ("Cleo", 3), ("Dan", 3)]
    rating = {r["player"]: r["rating"] for r in rows}
    assert rating["Ana"] == pytest.approx(rating["Ben"]) and rating["Ben"] > rating["Dan"] > rating["Cleo"]
    assert [r["player"] for r in standings(client, league, sort="rating")][:2] in (["Ana", "Ben"], ["Ben", "Ana"])


# --- typed results: what can happen --------------------------------------------------------------------------


@pytest.mark.parametrize("game, players, field, words", [
    ("make-n-break", [("Ana", 30), ("Ben", 30), ("Dan", 12), ("Cleo", -5)], "players.3.score",
     ["Cleo", "-5", "never below 0"]),
    ("wuerfelspiel", [("Ana", -1), ("Ben", 4)], "players.0.score", ["Ana", "-1", "never below 0"]),
    ("bresk", [("Ana", 137), ("Ben", 40)], "players.0.score", ["Ana", "137", "at most 136"]),
    ("bresk", [("Ana", -2), ("Ben", 40)], "players.0.score", ["Ana", "-2"]),
    ("block-buster", [("Ana", 61), ("Ben", 0)], "players.0.score", ["Ana", "61", "make 60"]),
    ("block-buster", [("Ana", 10), ("Ben", -139)], "players.1.score", ["Ben", "-139", "stop at -10"]),
    ("block-buster", [("Ana", 1), ("Ben", 2), ("Cleo", 3), ("Dan", 61)], "players.3.score", ["Dan", "61"]),
])
def test_impossible_typed_scores_are_refused_naming_the_player_and_the_rule(client, game, players, field, words):
    league = new_league(client)
    response = record(client, league, {"game": game, "players": [{"name": n, "score": s} for n, s in players]})
    assert response.status_code == 422, response.get_json()
    body = response.get_json()
    assert body["code"] == "impossible_score" and field in body["errors"]
    for word in words:
        assert word in body["message"], body["message"]
    assert client.get(f"/api/leagues/{league['id']}/results",
                      headers=auth(league["viewer_token"])).get_json()["results"] == []


@pytest.mark.parametrize("game, players", [
    ("bresk", [("Ana", 20, 2), ("Ben", 30, 1), ("Dan", 12, 3)]),
    ("block-buster", [("Ana", -5, 1), ("Ben", 3, 2)]),  # an immediate win
    ("make-n-break", [("Ana", 30, 1), ("Ben", 30, 2), ("Dan", 12, 3)]),  # sudden death decided the tie
    ("scorepad", [("Ana", 70, 1), ("Ben", 60, 2)]),  # any game: its places decide
    ("wuerfelspiel", [("Ana", 9, 1), ("Ben", 9, 1)]),
])
def test_places_that_a_rule_explains_are_taken(client, game, players):
    league = new_league(client)
    body = {"game": game, "players": [{"name": n, "score": s, "place": p} for n, s, p in players]}
    response = record(client, league, body)
    assert response.status_code == 201, response.get_json()


@pytest.mark.parametrize("game, players, field, words", [
    ("bresk", [("Ana", 20, 1), ("Ben", 30, 2)], "players.0.place", ["Ana", "above Ben", "fewer", "most points"]),
    ("wuerfelspiel", [("Ana", 9, 1), ("Ben", 9, 2)], "players.0.place", ["Ana", "level", "share"]),
    ("make-n-break", [("Ana", 30, 1), ("Ben", 12, 2), ("Dan", 20, 3)], "players.1.place", ["Ben", "above Dan"]),
    ("block-buster", [("Ana", 9, 1), ("Ben", 0, 2), ("Cleo", 4, 3)], "players.1.place",
     ["Ben", "immediate win"]),
])
def test_places_against_the_scores_are_refused(client, game, players, field, words):
    league = new_league(client)
    body = {"game": game, "players": [{"name": n, "score": s, "place": p} for n, s, p in players]}
    response = record(client, league, body)
    assert response.status_code == 422, response.get_json()
    body = response.get_json()
    assert body["code"] == "places_disagree" and field in body["errors"], body
    for word in words:
        assert word in body["message"], body["message"]


def test_too_many_players_for_the_game_are_refused(client):
    league = new_league(client, players=("Ana", "Ben", "Cleo", "Dan", "Eve"))
    response = record(client, league, {"game": "block-buster", "players": [
        {"name": n, "score": 1} for n in ("Ana", "Ben", "Cleo", "Dan", "Eve")]})
    assert response.status_code == 422 and "2 to 4 players" in response.get_json()["message"]


# --- corrections keep the sheet ------------------------------------------------------------------------------


def correct(client, league, result_id, body):
    return client.put(f"/api/leagues/{league['id']}/results/{result_id}", json=body,
                      headers=auth(league["admin_token"]))


def sheet_result(client, league):
    sheet = {"rounds": 1, "players": ["Ana", "Ben"], "turns": [mnb_turn("Ana", 3), mnb_turn("Ben", 2)]}
    response = record(client, league, {"game": "make-n-break", "sheet": sheet})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def test_a_correction_of_the_day_keeps_and_rescores_the_sheet(client):
    league = new_league(client)
    first = sheet_result(client, league)
    response = correct(client, league, first["id"], {"game": "make-n-break", "played_on": "2024-03-02"})
    assert response.status_code == 200, response.get_json()
    fixed = response.get_json()
    assert fixed["sheet"] == first["sheet"] and fixed["played_on"] == "2024-03-02"
    assert places(fixed) == {"Ana": (3, 1), "Ben": (2, 2)}


def test_a_correction_of_who_played_renames_the_sheet(client):
    league = new_league(client)
    first = sheet_result(client, league)
    response = correct(client, league, first["id"], {"game": "make-n-break", "played_on": PLAYED_ON,
                                                     "players": [{"name": "Cleo"}, {"name": "Ben"}]})
    assert response.status_code == 200, response.get_json()
    fixed = response.get_json()
    assert places(fixed) == {"Cleo": (3, 1), "Ben": (2, 2)}
    assert fixed["sheet"]["players"] == ["Cleo", "Ben"] and fixed["sheet"]["turns"][0]["builder"] == "Cleo"
    assert fixed["history"][0]["sheet"] == first["sheet"]  # the version it replaced keeps the old sheet


def test_a_correction_with_typed_scores_replaces_the_sheet(client):
    league = new_league(client)
    first = sheet_result(client, league)
    typed = [{"name": "Ana", "score": 1}, {"name": "Dan", "score": 4}]
    response = correct(client, league, first["id"], {"game": "make-n-break", "played_on": PLAYED_ON, "players": typed})
    assert response.status_code == 200, response.get_json()
    fixed = response.get_json()
    assert "sheet" not in fixed and places(fixed) == {"Ana": (1, 2), "Dan": (4, 1)}


def test_a_correction_naming_the_wrong_number_of_players_for_the_sheet_is_refused(client):
    league = new_league(client)
    first = sheet_result(client, league)
    response = correct(client, league, first["id"], {"game": "make-n-break", "played_on": PLAYED_ON,
                                                     "players": [{"name": "Cleo"}]})
    assert response.status_code == 422 and "2 players" in response.get_json()["message"]


def test_a_sheet_typed_into_a_league_follows_its_house_rules_unless_it_says_otherwise(client):
    """A league that plays one round of Make 'N' Break types a one-round sheet without saying so: it is the
    league's game, as a table started in the league would be (and the stored sheet says how it was scored)."""
    league = new_league(client)
    assert client.put(f"/api/leagues/{league['id']}/rules", json={"make-n-break": {"rounds": 1}},
                      headers=auth(league["admin_token"])).status_code == 200
    sheet = {"players": ["Ana", "Ben"], "turns": [mnb_turn("Ana", 3), mnb_turn("Ben", 3, 2)]}
    response = record(client, league, {"game": "make-n-break", "sheet": sheet})
    assert response.status_code == 201, response.get_json()
    assert places(response.get_json()) == {"Ana": (3, 2), "Ben": (5, 1)}
    assert response.get_json()["sheet"]["rounds"] == 1
    longer = record(client, league, {"game": "make-n-break", "sheet": {**sheet, "rounds": 2, "turns": [
        mnb_turn("Ana", 3), mnb_turn("Ben", 3, 2), mnb_turn("Ana", 2, 2), mnb_turn("Ben")]}})
    assert longer.status_code == 201, longer.get_json()  # the sheet's own choice wins
    assert places(longer.get_json()) == {"Ana": (7, 1), "Ben": (5, 2)}
