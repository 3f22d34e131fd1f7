"""A golf-style score pad (``lowest_wins``): the lowest total wins on a table, on a score sheet, and as a league's
house rule for the score pad, where typed scores, sheets, tables started in the league and the standings follow it."""

from __future__ import annotations

from api_calls import auth, new_table
from test_league_endings import new_league, only_result, places, play, record, standings

GOLF = {"scorepad": {"lowest_wins": True}}


def golf_league(client):
    league = new_league(client)
    response = client.put(f"/api/leagues/{league['id']}/rules", json=GOLF, headers=auth(league["admin_token"]))
    assert response.status_code == 200, response.get_json()
    assert response.get_json() == GOLF
    return league


def typed(scores):
    return {"game": "scorepad", "players": [{"name": n, "score": s} for n, s in scores.items()]}


def test_the_option_is_declared_with_a_plain_label(client):
    pad = next(g for g in client.get("/api/games").get_json()["games"] if g["id"] == "scorepad")
    option = next(o for o in pad["options"] if o["name"] == "lowest_wins")
    assert (option["label"], option["type"], option["default"], option["league"]) == (
        "Lowest total wins (golf-style)", "boolean", False, True)


def test_typed_scores_rank_highest_first_without_the_house_rule(client):
    league = new_league(client)
    response = record(client, league, typed({"Ana": 70, "Ben": 72, "Cleo": 68}))
    assert response.status_code == 201, response.get_json()
    assert places(response.get_json()) == {"Ana": (70, 2), "Ben": (72, 1), "Cleo": (68, 3)}


def test_typed_scores_rank_lowest_first_under_the_house_rule_and_the_standings_follow(client):
    league = golf_league(client)
    response = record(client, league, typed({"Ana": 70, "Ben": 72, "Cleo": 68, "Dan": 68}))
    assert response.status_code == 201, response.get_json()
    assert places(response.get_json()) == {"Ana": (70, 3), "Ben": (72, 4), "Cleo": (68, 1), "Dan": (68, 1)}
    rows = standings(client, league)
    assert [r["player"] for r in rows][:2] in (["Cleo", "Dan"], ["Dan", "Cleo"])
    assert rows[-1]["player"] == "Ben" and rows[0]["wins"] == rows[1]["wins"] == 1
    assert {r["player"]: r["shared_wins"] for r in rows}["Cleo"] == 1
    board = next(b for b in client.get(f"/api/leagues/{league['id']}/leaderboards",
                                       headers=auth(league["viewer_token"])).get_json()["games"]
                 if b["game"] == "scorepad")
    assert board["best_score"]["score"] == 68  # the best round of golf is the lowest


def test_the_house_rule_is_for_the_score_pad_only(client):
    league = golf_league(client)
    response = record(client, league, {"game": "make-n-break",
                                       "players": [{"name": "Ana", "score": 30}, {"name": "Ben", "score": 12}]})
    assert places(response.get_json()) == {"Ana": (30, 1), "Ben": (12, 2)}
    refused = client.put(f"/api/leagues/{league['id']}/rules", json={"make-n-break": {"lowest_wins": True}},
                         headers=auth(league["admin_token"]))
    assert refused.status_code == 422 and "make-n-break.lowest_wins" in refused.get_json()["errors"]
    refused = client.put(f"/api/leagues/{league['id']}/rules", json={"scorepad": {"lowest_wins": "yes"}},
                         headers=auth(league["admin_token"]))
    assert refused.status_code == 422 and refused.get_json()["errors"] == {
        "scorepad.lowest_wins": ["Must be true or false."]}


def test_a_sheet_follows_the_house_rule_unless_it_says_otherwise(client):
    league = golf_league(client)
    sheet = {"players": [{"name": "Ana", "points": [40, 30]}, {"name": "Ben", "points": [35, 37]}]}
    golf = record(client, league, {"game": "scorepad", "sheet": sheet})
    assert golf.status_code == 201, golf.get_json()
    assert places(golf.get_json()) == {"Ana": (70, 1), "Ben": (72, 2)}
    assert golf.get_json()["sheet"]["lowest_wins"] is True  # the result says how it was ranked
    highest = record(client, league, {"game": "scorepad", "sheet": {**sheet, "lowest_wins": False}})
    assert places(highest.get_json()) == {"Ana": (70, 2), "Ben": (72, 1)}



def test_a_sheet_says_lowest_wins_with_true_or_false_only(client):
    """"yes" or null is not a choice: taken as truthy (or as no choice) it ranked a sheet the other way round."""
    sheet = {"players": [{"name": "Ana", "points": [40, 30]}, {"name": "Ben", "points": [35, 37]}]}
    league = golf_league(client)
    for said in ("yes", None, 0):
        scored = client.post("/api/games/scorepad/score", json={**sheet, "lowest_wins": said})
        assert scored.status_code == 422 and "lowest_wins" in scored.get_json()["errors"], scored.get_json()
        recorded = record(client, league, {"game": "scorepad", "sheet": {**sheet, "lowest_wins": said}})
        assert recorded.status_code == 422, recorded.get_json()
        assert "sheet.lowest_wins" in recorded.get_json()["errors"], recorded.get_json()

def test_a_table_started_in_the_league_is_golf_style_and_its_game_over_says_so(client):
    league = golf_league(client)
    code = new_table(client, "scorepad", ["Ana", "Ben", "Cleo"], league=league)["code"]
    view = client.get(f"/api/tables/{code}").get_json()
    assert view["options"]["lowest_wins"] is True
    view = play(client, code, ("points", {"seat": 0, "points": 70}), ("points", {"seat": 1, "points": 72}),
                ("points", {"seat": 2, "points": 68}), ("finish", {}))
    assert view["table"]["result"]["winners"] == ["Cleo"] and view["table"]["result"]["reason"] == "lowest total"
    assert places(only_result(client, league)) == {"Ana": (70, 2), "Ben": (72, 3), "Cleo": (68, 1)}


def test_a_table_may_still_choose_highest_wins_in_a_golf_league(client):
    league = golf_league(client)
    code = new_table(client, "scorepad", ["Ana", "Ben"], league=league, lowest_wins=False)["code"]
    view = play(client, code, ("points", {"seat": 0, "points": 3}), ("points", {"seat": 1, "points": 5}),
                ("finish", {}))
    assert view["table"]["result"]["winners"] == ["Ben"]
    assert places(only_result(client, league)) == {"Ana": (3, 2), "Ben": (5, 1)}


def test_a_casual_golf_table_and_a_golf_sheet_rank_the_lowest_first(client):
    code = client.post("/api/tables", json={"game": "scorepad", "seats": [{"name": "Ana"}, {"name": "Ben"}],
                                            "options": {"lowest_wins": True}}).get_json()["code"]
    view = play(client, code, ("points", {"seat": 0, "points": 3}), ("points", {"seat": 1, "points": 5}),
                ("finish", {}))
    assert view["table"]["result"]["winners"] == ["Ana"]
    scored = client.post("/api/games/scorepad/score", json={
        "lowest_wins": True, "players": [{"name": "Ana", "points": [3]}, {"name": "Ben", "points": [5]}]})
    assert scored.status_code == 200, scored.get_json()
    assert scored.get_json()["winners"] == ["Ana"]
