"""An organiser's corrections: rename, merge and remove players, delete a result, change and delete a season.

Every correction is checked against the standings counted from nothing (no saved tally, nothing kept in the
process) and, where it can be, against a league that never made the mistake."""

from __future__ import annotations

import json

import pytest
from test_league_tallies import from_scratch, saved_revisions
from test_leagues import PLAYERS, RESULTS, auth, get, new_league, post_result


def admin_call(client, league, method, path, body=None, token=None):
    return client.open(f"/api/leagues/{league['id']}{path}", method=method, json=body,
                       headers={**auth(token or league["admin_token"]), "Accept-Language": "en"})


def renamed(body, old, new):
    """A result's body with one player's name changed."""
    return json.loads(json.dumps(body).replace(f'"name": "{old}"', f'"name": "{new}"'))


def league_of(client, players, results):
    league = new_league(client, players=players)
    for body in results:
        assert post_result(client, league, body).status_code == 201
    return league


def boards(client, league):
    """The leaderboards without the ids of the results that hold a best score (each league has its own)."""
    out = get(client, league, "/leaderboards")
    for board in out["games"]:
        if board["best_score"]:
            board["best_score"].pop("result_id")
    return out


def result_ids(client, league):
    """Oldest first."""
    return [r["id"] for r in reversed(get(client, league, "/results")["results"])]


# --- rename and merge --------------------------------------------------------------------------------


def test_a_rename_changes_every_page_and_no_count(app, client):
    league = league_of(client, PLAYERS, RESULTS)
    before = get(client, league, "/standings")["rows"]
    response = admin_call(client, league, "PATCH", "/players/Ann", {"name": "Anne"})
    assert response.status_code == 200, response.get_json()
    assert response.get_json() == {"name": "Anne", "merged": 0}
    assert [p["name"] for p in get(client, league, "/players")["players"]] == ["Anne", "Ben", "Cy", "Dee"]
    rows = get(client, league, "/standings")["rows"]
    assert [{**r, "player": r["player"].replace("Anne", "Ann")} for r in rows] == before
    assert rows == from_scratch(app, client, league)
    assert get(client, league, "/players/Anne")["player"] == "Anne"
    assert admin_call(client, league, "GET", "/players/Ann").status_code == 404
    # The same player in another case or spacing is the same player: no merge asked.
    assert admin_call(client, league, "PATCH", "/players/anne", {"name": "ANNE"}).get_json()["name"] == "ANNE"


def test_a_rename_needs_the_admin_link_a_known_player_and_a_good_name(client):
    league = league_of(client, PLAYERS, [])
    assert admin_call(client, league, "PATCH", "/players/Ann", {"name": "X"}, league["member_token"]).status_code == 403
    assert admin_call(client, league, "PATCH", "/players/Zed", {"name": "X"}).status_code == 404
    bad = admin_call(client, league, "PATCH", "/players/Ann", {"name": "   "})
    assert bad.status_code == 422 and "name" in bad.get_json()["errors"]
    assert [p["name"] for p in get(client, league, "/players")["players"]] == list(PLAYERS)


def test_a_taken_name_is_refused_naming_the_player_unless_a_merge_is_asked(app, client):
    # "Anee" is Ann misspelt: her results so far are split between two players.
    mistaken = [renamed(RESULTS[0], "Ann", "Anee"), *RESULTS[1:]]
    league = league_of(client, (*PLAYERS, "Anee"), mistaken)
    get(client, league, "/standings")  # a tally saved with Anee in it
    refused = admin_call(client, league, "PATCH", "/players/Anee", {"name": "ann"})
    assert refused.status_code == 409
    body = refused.get_json()
    assert body["code"] == "player_exists" and body["player"] == "Ann" and "'Ann'" in body["message"]
    assert "Anee" in [p["name"] for p in get(client, league, "/players")["players"]]

    merged = admin_call(client, league, "PATCH", "/players/Anee", {"name": "ann", "merge": True})
    assert merged.status_code == 200, merged.get_json()
    assert merged.get_json() == {"name": "Ann", "merged": 1}
    assert [p["name"] for p in get(client, league, "/players")["players"]] == list(PLAYERS)
    rows = get(client, league, "/standings")["rows"]
    assert rows == from_scratch(app, client, league)
    never_mistaken = league_of(client, PLAYERS, RESULTS)
    assert rows == get(client, never_mistaken, "/standings")["rows"]
    assert boards(client, league) == boards(client, never_mistaken)
    # The merge is recorded as a correction of the result it changed.
    first = next(r for r in get(client, league, "/results")["results"] if r["game"] == "make-n-break")
    one = get(client, league, f"/results/{first['id']}")
    assert one["version"] == 2 and [p["name"] for p in one["history"][0]["players"]] == ["Cy", "Anee", "Ben"]
    assert [p["name"] for p in one["players"]] == ["Cy", "Ann", "Ben"]


def test_a_merge_that_would_make_one_person_play_twice_is_refused_with_the_results_named(app, client):
    league = league_of(client, PLAYERS, RESULTS)
    before = get(client, league, "/standings")["rows"]
    refused = admin_call(client, league, "PATCH", "/players/Dee", {"name": "Ann", "merge": True})
    assert refused.status_code == 409
    body = refused.get_json()
    assert body["code"] == "merge_plays_twice"
    assert [(r["played_on"], r["game"]) for r in body["results"]] == [("2024-01-04", "scorepad")]
    assert "2024-01-04 (Score pad)" in body["message"] and "Dee and Ann" in body["message"]
    assert len(get(client, league, "/players")["players"]) == 4
    assert get(client, league, "/standings")["rows"] == before == from_scratch(app, client, league)
    german = client.patch(f"/api/leagues/{league['id']}/players/Dee", json={"name": "Ann", "merge": True},
                          headers={**auth(league["admin_token"]), "Accept-Language": "de"}).get_json()
    assert "2024-01-04" in german["message"] and "played" not in german["message"]


# --- removing a player -------------------------------------------------------------------------------


def test_a_player_with_no_results_can_be_removed_and_one_with_results_cannot(app, client):
    league = league_of(client, (*PLAYERS, "Eve"), RESULTS)
    refused = admin_call(client, league, "DELETE", "/players/Dee")
    assert refused.status_code == 409 and refused.get_json()["code"] == "player_has_results"
    assert "Dee played in 2 results" in refused.get_json()["message"]
    assert admin_call(client, league, "DELETE", "/players/Eve", token=league["member_token"]).status_code == 403
    assert admin_call(client, league, "DELETE", "/players/eve").status_code == 204
    assert admin_call(client, league, "DELETE", "/players/Eve").status_code == 404
    assert [p["name"] for p in get(client, league, "/players")["players"]] == list(PLAYERS)
    assert get(client, league, "")["players"] == 4
    # Once the results they played in are deleted, a player can go.
    for r in get(client, league, "/results", player="Dee")["results"]:
        assert admin_call(client, league, "DELETE", f"/results/{r['id']}").status_code == 200
    assert admin_call(client, league, "DELETE", "/players/Dee").status_code == 204
    assert get(client, league, "/standings")["rows"] == from_scratch(app, client, league)


# --- deleting a result -------------------------------------------------------------------------------


@pytest.mark.parametrize("which", [0, 2, 4])  # the oldest, one in the middle, the last (by day)
def test_a_deleted_result_counts_nowhere_and_the_saved_tallies_follow(app, client, which):
    league = league_of(client, PLAYERS, RESULTS)
    season = admin_call(client, league, "POST", "/seasons",
                        {"name": "Early", "starts_on": "2024-01-01", "ends_on": "2024-01-03"}).get_json()
    for query in ({}, {"game": "scorepad"}, {"season": season["id"]}):
        get(client, league, "/standings", **query)  # saved tallies that include the result
    ids = result_ids(client, league)
    response = admin_call(client, league, "DELETE", f"/results/{ids[which]}")
    assert response.status_code == 200, response.get_json()
    deleted = response.get_json()
    assert deleted["players"] == [] and deleted["deleted_at_ms"] >= deleted["created_at_ms"]
    assert deleted["version"] == 2 and len(deleted["history"]) == 1 and deleted["history"][0]["players"]
    assert ids[which] not in result_ids(client, league)

    by_day = sorted(RESULTS, key=lambda r: r["played_on"])
    never_recorded = league_of(client, PLAYERS, [r for r in by_day if r is not by_day[which]])
    for query in ({}, {"game": "scorepad"}, {"season": season["id"]}):
        rows = get(client, league, "/standings", **query)["rows"]
        assert rows == from_scratch(app, client, league, **query)
    for query in ({}, {"game": "scorepad"}):
        assert get(client, league, "/standings", **query) == get(client, never_recorded, "/standings", **query)
    assert boards(client, league) == boards(client, never_recorded)


def test_a_deleted_result_is_kept_as_such_and_its_id_is_not_recorded_again(client):
    league = league_of(client, PLAYERS, [])
    body = {**RESULTS[1], "id": "5f0c8a52-3d4e-4d7b-9e55-1b2c3d4e5f60"}
    assert post_result(client, league, body).status_code == 201
    rid = body["id"]
    assert admin_call(client, league, "DELETE", f"/results/{rid}", token=league["member_token"]).status_code == 403
    first = admin_call(client, league, "DELETE", f"/results/{rid}").get_json()
    again = admin_call(client, league, "DELETE", f"/results/{rid}")
    assert again.status_code == 200 and again.get_json() == first  # deleting twice changes nothing
    replay = post_result(client, league, body)  # a phone's queued post, or a table's finish, sent again
    assert replay.status_code == 200 and replay.get_json()["deleted_at_ms"] == first["deleted_at_ms"]
    assert get(client, league, "/results")["results"] == [] and get(client, league, "/standings")["rows"] == []
    assert get(client, league, f"/results/{rid}") == first
    refused = admin_call(client, league, "PUT", f"/results/{rid}", RESULTS[1])
    assert refused.status_code == 409 and refused.get_json()["code"] == "deleted_result"
    assert admin_call(client, league, "DELETE", "/results/00000000-0000-4000-8000-000000000000").status_code == 404


# --- seasons -----------------------------------------------------------------------------------------


def test_a_season_can_be_renamed_moved_and_deleted_and_its_results_stay(app, client):
    league = league_of(client, PLAYERS, RESULTS)
    season = admin_call(client, league, "POST", "/seasons",
                        {"name": "Early", "starts_on": "2024-01-01", "ends_on": "2024-01-02"}).get_json()
    assert [r["played"] for r in get(client, league, "/standings", season=season["id"])["rows"]] == [2, 2, 2]
    moved = admin_call(client, league, "PATCH", f"/seasons/{season['id']}", {"name": "Week 1", "ends_on": "2024-01-05"})
    assert moved.status_code == 200, moved.get_json()
    assert moved.get_json() == {"id": season["id"], "name": "Week 1", "default": False,
                                "starts_on": "2024-01-01", "ends_on": "2024-01-05"}
    rows = get(client, league, "/standings", season=season["id"])["rows"]
    assert rows == get(client, league, "/standings")["rows"] == from_scratch(app, client, league, season=season["id"])

    bad = admin_call(client, league, "PATCH", f"/seasons/{season['id']}", {"starts_on": "2024-02-01"})
    assert bad.status_code == 422 and "starts_on" in bad.get_json()["errors"]
    default = get(client, league, "")["seasons"][0]
    assert admin_call(client, league, "PATCH", f"/seasons/{default['id']}", {"name": "X"}).status_code == 422
    assert admin_call(client, league, "DELETE", f"/seasons/{default['id']}").status_code == 422
    member = league["member_token"]
    assert admin_call(client, league, "DELETE", f"/seasons/{season['id']}", token=member).status_code == 403
    assert admin_call(client, league, "DELETE", "/seasons/99999999999").status_code == 404

    get(client, league, "/standings", season=season["id"])
    assert any(scope.startswith(f"{season['id']}:") for scope, _ in saved_revisions(app))
    assert admin_call(client, league, "DELETE", f"/seasons/{season['id']}").status_code == 204
    assert not any(scope.startswith(f"{season['id']}:") for scope, _ in saved_revisions(app))  # none left behind
    assert [s["name"] for s in get(client, league, "")["seasons"]] == ["All time"]
    assert client.get(f"/api/leagues/{league['id']}/standings", query_string={"season": season["id"]},
                      headers=auth(league["viewer_token"])).status_code == 404
    assert len(get(client, league, "/results")["results"]) == len(RESULTS)
    assert get(client, league, "/standings")["rows"] == from_scratch(app, client, league)


# --- the round trip ----------------------------------------------------------------------------------


def test_an_export_with_every_correction_imports_as_the_same_league(client):
    mistaken = [renamed(RESULTS[0], "Ann", "Anee"), *RESULTS[1:],
                {"game": "scorepad", "played_on": "2024-01-06", "players": [{"name": "Ben", "score": 1},
                                                                           {"name": "Bob", "score": 2}]}]
    league = league_of(client, (*PLAYERS, "Anee", "Bob", "Eve"), mistaken)
    keep = admin_call(client, league, "POST", "/seasons",
                      {"name": "Early", "starts_on": "2024-01-01", "ends_on": "2024-01-02"}).get_json()
    drop = admin_call(client, league, "POST", "/seasons",
                      {"name": "Late", "starts_on": "2024-01-05", "ends_on": "2024-01-06"}).get_json()
    assert admin_call(client, league, "PATCH", "/players/Anee", {"name": "Ann", "merge": True}).status_code == 200
    assert admin_call(client, league, "PATCH", "/players/Cy", {"name": "Cyril"}).status_code == 200
    assert admin_call(client, league, "DELETE", f"/results/{result_ids(client, league)[-1]}").status_code == 200
    assert admin_call(client, league, "DELETE", "/players/Bob").status_code == 204
    assert admin_call(client, league, "DELETE", "/players/Eve").status_code == 204
    assert admin_call(client, league, "PATCH", f"/seasons/{keep['id']}", {"ends_on": "2024-01-03"}).status_code == 200
    assert admin_call(client, league, "DELETE", f"/seasons/{drop['id']}").status_code == 204

    exported = admin_call(client, league, "GET", "/export").get_json()
    assert exported["players"] == ["Ann", "Ben", "Cyril", "Dee"]
    assert [s["name"] for s in exported["seasons"]] == ["All time", "Early"]
    assert [r.get("deleted_at_ms") is not None for r in exported["results"]] == [False] * 5 + [True]
    response = client.post("/api/leagues/import", json=exported)
    assert response.status_code == 201, response.get_json()
    copy = response.get_json()
    again = admin_call(client, copy, "GET", "/export").get_json()
    for r in (*again["results"], *exported["results"]):
        r.pop("digest")
    assert again == exported
    copy_season = get(client, copy, "")["seasons"][1]["id"]
    for query, copy_query in (({}, {}), ({"game": "scorepad"}, {"game": "scorepad"}),
                              ({"season": keep["id"]}, {"season": copy_season})):
        assert get(client, copy, "/standings", **copy_query) == get(client, league, "/standings", **query)
    assert get(client, copy, "/leaderboards") == get(client, league, "/leaderboards")
    deleted = exported["results"][-1]["id"]
    assert get(client, copy, f"/results/{deleted}") == get(client, league, f"/results/{deleted}")


def test_an_import_refuses_a_deleted_result_with_players(client):
    league = league_of(client, PLAYERS, RESULTS)
    assert admin_call(client, league, "DELETE", f"/results/{result_ids(client, league)[0]}").status_code == 200
    exported = admin_call(client, league, "GET", "/export").get_json()
    index = next(i for i, r in enumerate(exported["results"]) if r.get("deleted_at_ms"))
    exported["results"][index]["players"] = exported["results"][index]["history"][0]["players"]
    refused = client.post("/api/leagues/import", json=exported)
    assert refused.status_code == 422 and f"results.{index}.players" in refused.get_json()["errors"]


def test_what_the_league_records_its_own_export_can_import(client):
    """Recording took what an import of the league's own export then refused: a day before 1900, a score sheet over
    128 KiB, a 51st correction. Each is refused where it is recorded, with the same words."""
    league = new_league(client, players=("Ann", "Ben"))
    typed = {"game": "scorepad", "played_on": "2024-01-01",
             "players": [{"name": "Ann", "score": 10}, {"name": "Ben", "score": 5}]}
    early = post_result(client, league, {**typed, "played_on": "0001-01-01"})
    assert early.status_code == 422 and early.get_json()["errors"] == {
        "played_on": ["played_on must be from 1900 to today."]}
    sheet = {"players": [{"name": "Ann", "points": [1] * 35_000}, {"name": "Ben", "points": [2] * 35_000}]}
    big = post_result(client, league, {"game": "scorepad", "played_on": "2024-01-01", "sheet": sheet})
    assert big.status_code == 422 and big.get_json()["errors"] == {"sheet": ["A score sheet is at most 128 KiB."]}
    uid = post_result(client, league, typed).get_json()["id"]
    for score in range(11, 61):  # fifty corrections: versions 2 to 51
        assert admin_call(client, league, "PUT", f"/results/{uid}", {**typed, "players": [
            {"name": "Ann", "score": score}, {"name": "Ben", "score": 5}]}).status_code == 200
    more = admin_call(client, league, "PUT", f"/results/{uid}", typed)
    assert more.status_code == 409 and more.get_json()["message"] == (
        "This result has been corrected 50 times, as many as a result keeps; delete it and record the game again.")
    exported = client.get(f"/api/leagues/{league['id']}/export", headers=auth(league["admin_token"])).get_json()
    assert client.post("/api/leagues/import", json=exported).status_code == 201
