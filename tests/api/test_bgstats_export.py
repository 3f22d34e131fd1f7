"""A league's history in BG Stats' export file shape: GET /api/leagues/{id}/export/bgstats."""

from __future__ import annotations

import datetime as dt
import uuid

from api_calls import auth, new_table
from test_league_endings import new_league, play, record

TURN = [("die", {"face": 1}), ("card", {"kind": "standard", "points": 3}), ("end_turn", {})]


def download(client, league, token=None):
    response = client.get(f"/api/leagues/{league['id']}/export/bgstats",
                          headers=auth(token or league["viewer_token"]))
    assert response.status_code == 200, response.get_json()
    named = f'BGStatsExport-{league["name"].replace(" ", "-")}-{dt.date.today().isoformat()}.json'
    assert f'filename="{named}"' in response.headers["Content-Disposition"]
    return response.get_json()


def club(client):
    """A league with a table's sudden death, a typed couple game, a golf-style pad, places alone, a deletion."""
    league = new_league(client)
    rules = client.put(f"/api/leagues/{league['id']}/rules", json={"scorepad": {"lowest_wins": True}},
                       headers=auth(league["admin_token"]))
    assert rules.status_code == 200, rules.get_json()
    code = new_table(client, "make-n-break", ["Ben", "Ana"], league=league, rounds=1)["code"]
    play(client, code, *TURN, *TURN, ("die", {"face": 1}), ("end_turn", {}),
         ("die", {"face": 1}), ("card", {"kind": "standard", "points": 1}), ("end_turn", {}))
    typed = [
        {"game": "block-buster", "played_on": "2026-11-02", "players": [
            {"name": "Ana", "score": 20, "team": "A"}, {"name": "Ben", "score": 5, "team": "B"},
            {"name": "Cleo", "score": 8, "team": "A"}, {"name": "Dan", "score": 9, "team": "B"}]},
        {"game": "scorepad", "played_on": "2026-11-03",
         "players": [{"name": "Ana", "score": 72}, {"name": "Ben", "score": 70}, {"name": "Cleo", "score": 70}]},
        {"game": "bresk", "played_on": "2026-11-01",
         "players": [{"name": "Cleo", "place": 1}, {"name": "Dan", "place": 2}]},
        {"game": "bresk", "played_on": "2026-11-04",
         "players": [{"name": "Ana", "score": 30}, {"name": "Dan", "score": 12}]},
    ]
    ids = []
    for body in typed:
        ids.append(str(uuid.uuid4()))
        response = record(client, league, {**body, "id": ids[-1]})
        assert response.status_code == 201, response.get_json()
    gone = client.delete(f"/api/leagues/{league['id']}/results/{ids[-1]}", headers=auth(league["admin_token"]))
    assert gone.status_code == 200, gone.get_json()
    return league


def by_name(file):
    names = {p["id"]: p["name"] for p in file["players"]}
    games = {g["id"]: g["name"] for g in file["games"]}
    return [(games[p["gameRefId"]], [(names[s["playerRefId"]], s["score"], s["rank"], s["winner"]) for s in
                                     p["playerScores"]]) for p in file["plays"]]


def test_every_result_in_the_files_shape(client):
    league = club(client)
    file = download(client, league)
    assert set(file) == {"games", "players", "locations", "plays", "challenges", "groups", "tags"}
    assert [p["name"] for p in file["players"]] == ["Ana", "Ben", "Cleo", "Dan"]
    assert [p["id"] for p in file["players"]] == [1, 2, 3, 4]
    games = {g["sourceGameId"]: g for g in file["games"]}
    assert sorted(games) == ["block-buster", "bresk", "make-n-break", "scorepad"]
    assert games["make-n-break"]["name"] == "Make 'N' Break Extreme" and "bggId" not in games["make-n-break"]
    assert games["scorepad"]["highestWins"] is False and games["bresk"]["highestWins"] is True
    assert file["locations"] == []
    # Oldest first; the deleted result is not in it; scores are strings, ties share rank and win.
    assert by_name(file)[:3] == [
        ("Bresk!", [("Cleo", "", 1, True), ("Dan", "", 2, False)]),
        ("Block Buster", [("Ana", "20", 1, True), ("Ben", "5", 2, False), ("Cleo", "8", 1, True),
                          ("Dan", "9", 2, False)]),
        ("Score pad", [("Ana", "72", 3, False), ("Ben", "70", 1, True), ("Cleo", "70", 1, True)])]
    assert len(file["plays"]) == 4
    # Sudden death: the game's ranks, Ana won on the table's tie-break.
    assert by_name(file)[3] == ("Make 'N' Break Extreme", [("Ben", "3", 2, False), ("Ana", "4", 1, True)])


def test_teams_seats_and_first_plays(client):
    file = download(client, club(client))
    bresk, couples, pad, mnb = file["plays"]
    assert couples["usesTeams"] is True and [s["team"] for s in couples["playerScores"]] == ["A", "B", "A", "B"]
    assert pad["usesTeams"] is False and all("team" not in s for s in pad["playerScores"])
    # A table's players are in seat order, its first seat starts; a typed result's order says nothing.
    assert [(s["seatOrder"], s["startPlayer"]) for s in mnb["playerScores"]] == [(1, True), (2, False)]
    assert {(s["seatOrder"], s["startPlayer"]) for s in couples["playerScores"]} == {(0, False)}
    assert [s["newPlayer"] for s in bresk["playerScores"]] == [True, True]
    assert mnb["playDate"].endswith(" 00:00:00") and bresk["playDate"] == "2026-11-01 00:00:00"
    assert all(p["durationMin"] == 0 and p["locationRefId"] == 0 for p in file["plays"])


def test_downloading_again_gives_the_same_uuids(client):
    league = club(client)
    first = download(client, league)
    assert download(client, league, league["admin_token"]) == first
    made = [p["uuid"] for p in first["players"]] + [g["uuid"] for g in first["games"]]
    assert len(set(made)) == len(made) and all(uuid.UUID(u).version == 5 for u in made)
    # A play's uuid is its result's id.
    ids = {r["id"] for r in client.get(f"/api/leagues/{league['id']}/results",
                                       headers=auth(league["viewer_token"])).get_json()["results"]}
    assert {p["uuid"] for p in first["plays"]} == ids
    response = record(client, league, {"game": "bresk",
                                       "players": [{"name": "Ana", "score": 3}, {"name": "Ben", "score": 2}]})
    assert response.status_code == 201
    later = download(client, league)  # one play more; the others as they were
    assert len(later["plays"]) == 5
    assert {p["uuid"]: p for p in first["plays"]}.items() <= {p["uuid"]: p for p in later["plays"]}.items()


def test_a_league_moved_by_its_own_export_keeps_its_plays_uuids(client):
    league = club(client)
    exported = client.get(f"/api/leagues/{league['id']}/export", headers=auth(league["admin_token"])).get_json()
    moved = client.post("/api/leagues/import", json=exported)
    assert moved.status_code == 201, moved.get_json()
    again = download(client, moved.get_json())
    assert [p["uuid"] for p in again["plays"]] == [p["uuid"] for p in download(client, league)["plays"]]


def test_no_token_no_file(client):
    league = new_league(client)
    assert client.get(f"/api/leagues/{league['id']}/export/bgstats").status_code == 401
    assert client.get(f"/api/leagues/{league['id']}/export/bgstats", headers=auth("x" * 40)).status_code == 401
    assert download(client, league)["plays"] == []
