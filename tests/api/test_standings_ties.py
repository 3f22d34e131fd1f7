"""A tie is a tie: ranks a group agrees with, numbers that mean what they say, and rivals.

The league "Tie test" is issue 25's: Anna and Ben have identical records, and the skill estimate (which
depends only on the order the games were entered) must not crown one of them.
"""

from __future__ import annotations

import csv
import io

import pytest

from tests.api.test_leagues import auth, get, new_league, post_result

TIE_TEST = [
    {"game": "wuerfelspiel", "played_on": "2026-12-01",
     "players": [{"name": "Anna", "score": 10}, {"name": "Ben", "score": 8}]},
    {"game": "wuerfelspiel", "played_on": "2026-12-01",
     "players": [{"name": "Anna", "score": 7}, {"name": "Ben", "score": 9}]},
    {"game": "block-buster", "played_on": "2026-12-01",
     "players": [{"name": "Anna", "score": 5}, {"name": "Ben", "score": 5}, {"name": "Clara", "score": 2}]},
    {"game": "make-n-break", "played_on": "2026-12-01",
     "players": [{"name": "Clara", "score": 5}, {"name": "Dan", "score": 3}]},
]


def tie_league(client, results=TIE_TEST, name="Tie test"):
    league = new_league(client, name, players=("Anna", "Ben", "Clara", "Dan"))
    for body in results:
        response = post_result(client, league, body)
        assert response.status_code == 201, response.get_json()
    return league


def ranks(rows):
    return [(r["rank"], r["tied"], r["player"]) for r in rows]


@pytest.mark.parametrize("order", [TIE_TEST, [TIE_TEST[1], TIE_TEST[0], *TIE_TEST[2:]]], ids=["as-issued", "swapped"])
def test_equal_records_share_rank_one_whatever_order_the_games_were_entered(client, order):
    league = tie_league(client, order)
    rows = get(client, league, "/standings")["rows"]
    by = {r["player"]: r for r in rows}
    # Anna and Ben: 2 wins (1 shared) of 3 games, 67 %. Clara 1 of 2, Dan 0 of 1.
    assert {p: (r["wins"], r["shared_wins"], r["played"]) for p, r in by.items()} == {
        "Anna": (2, 1, 3), "Ben": (2, 1, 3), "Clara": (1, 0, 2), "Dan": (0, 0, 1)}
    assert by["Anna"]["rating"] != by["Ben"]["rating"]  # the hidden estimate differs, and decides nothing
    assert ranks(rows) == [(1, True, "Anna"), (1, True, "Ben"), (3, False, "Clara"), (4, False, "Dan")]


def test_ranks_by_skill_estimate_share_equal_estimates(client):
    league = tie_league(client)
    rows = get(client, league, "/standings", sort="rating")["rows"]
    assert [r["rating"] for r in rows] == sorted((r["rating"] for r in rows), reverse=True)
    assert [r["rank"] for r in rows] == [1, 2, 3, 4]
    # Two players who played one game, shared first place: the same estimate, one rank.
    league = tie_league(client, [{"game": "scorepad", "played_on": "2026-12-01",
                                  "players": [{"name": "Dan", "score": 3}, {"name": "Clara", "score": 3}]}])
    assert ranks(get(client, league, "/standings", sort="rating")["rows"]) == [(1, True, "Clara"), (1, True, "Dan")]


def test_per_game_standings_rank_the_same_way(client):
    league = tie_league(client)
    # Würfelspiel alone: one win each in two games.
    assert ranks(get(client, league, "/standings", game="wuerfelspiel")["rows"]) == [
        (1, True, "Anna"), (1, True, "Ben")]
    # Block Buster alone: Anna and Ben share first place.
    assert ranks(get(client, league, "/standings", game="block-buster")["rows"]) == [
        (1, True, "Anna"), (1, True, "Ben"), (3, False, "Clara")]


def test_leaderboards_name_everyone_at_the_top(client):
    league = tie_league(client)
    boards = {b["game"]: b for b in get(client, league, "/leaderboards")["games"]}
    assert boards["block-buster"]["best_score"]["score"] == 5
    assert boards["block-buster"]["best_score"]["players"] == ["Anna", "Ben"]
    assert boards["block-buster"]["most_wins"] == [{"player": "Anna", "wins": 1}, {"player": "Ben", "wins": 1}]
    assert boards["wuerfelspiel"]["best_score"]["players"] == ["Anna"]  # 10
    assert boards["wuerfelspiel"]["most_wins"] == [{"player": "Anna", "wins": 1}, {"player": "Ben", "wins": 1}]
    assert boards["wuerfelspiel"]["average_score"] == pytest.approx(34 / 4)  # points of one game only


def test_head_to_head_says_level_when_level(client):
    league = tie_league(client)
    h2h = get(client, league, "/head-to-head", a="Anna", b="Ben")
    assert (h2h["games"], h2h["a_ahead"], h2h["b_ahead"], h2h["ties"], h2h["leader"]) == (3, 1, 1, 1, None)
    assert get(client, league, "/head-to-head", a="Anna", b="Clara")["leader"] == "Anna"
    assert get(client, league, "/head-to-head", a="Dan", b="Clara")["leader"] == "Clara"


def test_export_carries_the_ranks_and_an_import_gives_the_same(client):
    league = tie_league(client)
    exported = client.get(f"/api/leagues/{league['id']}/export", headers=auth(league["admin_token"])).get_json()
    assert [(s["rank"], s["tied"], s["player"]) for s in exported["standings"]] == [
        (1, True, "Anna"), (1, True, "Ben"), (3, False, "Clara"), (4, False, "Dan")]
    response = client.post("/api/leagues/import", json=exported)
    assert response.status_code == 201, response.get_json()
    copy = response.get_json()
    for query in ({}, {"game": "wuerfelspiel"}, {"game": "block-buster"}, {"sort": "rating"}):
        original = get(client, league, "/standings", **query)["rows"]
        assert ranks(get(client, copy, "/standings", **query)["rows"]) == ranks(original)
    again = client.get(f"/api/leagues/{copy['id']}/export", headers=auth(copy["admin_token"])).get_json()
    assert again["standings"] == exported["standings"]
    # An import counts the standings from the results: ranks written into the file change nothing.
    doctored = {**exported, "standings": [{**s, "rank": 9} for s in exported["standings"]]}
    other = client.post("/api/leagues/import", json=doctored).get_json()
    assert ranks(get(client, other, "/standings")["rows"]) == ranks(get(client, league, "/standings")["rows"])
    # The CSV lists each result's places: the shared first place of Block Buster stays shared.
    text = client.get(f"/api/leagues/{league['id']}/export.csv",
                      headers=auth(league["viewer_token"])).get_data(as_text=True)
    rows = csv.DictReader(io.StringIO(text.removeprefix("\ufeff")))
    block = [(r["Player"], r["Place"]) for r in rows if r["Game"] == "Block Buster"]
    assert block == [("Anna", "1"), ("Ben", "1"), ("Clara", "3")]


def test_the_skill_note_says_what_the_numbers_do_and_marks_first_guesses(client):
    league = tie_league(client)
    table = get(client, league, "/standings")
    by = {r["player"]: r for r in table["rows"]}
    # Clara won one and lost one: near 0, below it; Dan lost his only game: below 0.
    assert -1 < by["Clara"]["rating"] < 0 and by["Dan"]["rating"] < -1
    note = table["rating_explanation"]
    assert "starts at 0" in note and "below 0 too" in note and "fewer than 5 games" in note
    assert "rises as games show more" not in note
    assert all(r["rating_provisional"] for r in table["rows"])  # nobody has 5 games yet
    for n in range(2):  # Dan plays two more and four more: 3 games, then 5
        for _ in range(2):
            post_result(client, league, {"game": "scorepad", "played_on": "2026-12-02",
                                         "players": [{"name": "Dan", "score": 1}, {"name": "Clara", "score": 2}]})
        dan = next(r for r in get(client, league, "/standings")["rows"] if r["player"] == "Dan")
        assert (dan["played"], dan["rating_provisional"]) == ((3, True), (5, False))[n]


def test_averages_only_where_points_compare(client):
    league = tie_league(client)
    assert {r["average_score"] for r in get(client, league, "/standings")["rows"]} == {None}
    page = get(client, league, "/players/Anna")
    assert page["standing"]["average_score"] is None
    assert page["averages"] == [{"game": "block-buster", "average_score": 5.0, "scored": 1},
                                {"game": "wuerfelspiel", "average_score": 8.5, "scored": 2}]
    assert get(client, league, "/players/Anna", game="wuerfelspiel")["standing"]["average_score"] == 8.5


def test_scores_of_one_evening_are_numbered(client):
    league = tie_league(client)
    page = get(client, league, "/players/Anna")
    assert [(p["date"], p["of_day"], p["game"]) for p in page["scores"]] == [
        ("2026-12-01", 1, "wuerfelspiel"), ("2026-12-01", 2, "wuerfelspiel"), ("2026-12-01", 3, "block-buster")]


# Rivals, on a league worked out by hand.
#
#   1. scorepad    Pia 9, Quinn 5, Rosa 5, Sam 1   places Pia 1, Quinn 2, Rosa 2, Sam 4
#   2. scorepad    Quinn 8, Pia 3                  Quinn 1, Pia 2
#   3. scorepad    Rosa 7, Pia 6, Sam 6            Rosa 1, Pia 2, Sam 2
#   4. scorepad    teams: Pia + Quinn (x) 4 + 4 = 8, Rosa + Sam (y) 2 + 3 = 5: x first
#   5. scorepad    Sam 4, Pia 4                    Sam 1, Pia 1 (shared)
#
# Pia against each (times ahead of Pia / times Pia ahead / games against each other; teammates do not count,
# a shared place is a game with nobody ahead):
#   Quinn: 1 (game 2) / 1 (game 1) / 2 (games 1, 2; game 4 teammates)
#   Rosa:  1 (game 3) / 2 (games 1, 4) / 3 (games 1, 3, 4)
#   Sam:   0 / 2 (games 1, 4) / 4 (games 1, 3, 4, 5; 3 and 5 level)
# Beaten most by: Quinn (1 of 2) and Rosa (1 of 3) are level on times; the higher share decides: Quinn.
# Beats most: Rosa (2 of 3) and Sam (2 of 4) level on times; the higher share decides: Rosa.
# Sam against each: Pia ahead 2 of 4 (games 1, 4), Quinn 2 of 2 (games 1, 4), Rosa 2 of 2 (games 1, 3; game 4
#   teammates). Beaten most by Quinn and Rosa, level on times and share: both, by name. Sam is never
#   ahead of anyone (a shared place is no win over the other): beats_most is empty.
RIVALS = [
    {"game": "scorepad", "played_on": "2026-11-01", "players": [
        {"name": "Pia", "score": 9}, {"name": "Quinn", "score": 5}, {"name": "Rosa", "score": 5},
        {"name": "Sam", "score": 1}]},
    {"game": "scorepad", "played_on": "2026-11-02",
     "players": [{"name": "Quinn", "score": 8}, {"name": "Pia", "score": 3}]},
    {"game": "scorepad", "played_on": "2026-11-03", "players": [
        {"name": "Rosa", "score": 7}, {"name": "Pia", "score": 6}, {"name": "Sam", "score": 6}]},
    {"game": "scorepad", "played_on": "2026-11-04", "players": [
        {"name": "Pia", "score": 4, "team": "x"}, {"name": "Quinn", "score": 4, "team": "x"},
        {"name": "Rosa", "score": 2, "team": "y"}, {"name": "Sam", "score": 3, "team": "y"}]},
    {"game": "scorepad", "played_on": "2026-11-05",
     "players": [{"name": "Sam", "score": 4}, {"name": "Pia", "score": 4}]},
]


def test_rivals_worked_out_by_hand(client):
    league = new_league(client, "Rivals", players=("Pia", "Quinn", "Rosa", "Sam"))
    for body in RIVALS:
        assert post_result(client, league, body).status_code == 201
    pia = get(client, league, "/players/Pia")["rivals"]
    assert pia == {"beaten_most_by": [{"player": "Quinn", "times": 1, "games": 2}],
                   "beats_most": [{"player": "Rosa", "times": 2, "games": 3}]}
    sam = get(client, league, "/players/Sam")["rivals"]
    assert sam == {"beaten_most_by": [{"player": "Quinn", "times": 2, "games": 2},
                                      {"player": "Rosa", "times": 2, "games": 2}],
                   "beats_most": []}
    # Within one game and season the same counting: only game 2 is on 2026-11-02.
    season = client.post(f"/api/leagues/{league['id']}/seasons", headers=auth(league["admin_token"]),
                         json={"name": "One day", "starts_on": "2026-11-02", "ends_on": "2026-11-02"}).get_json()
    assert get(client, league, "/players/Pia", season=season["id"])["rivals"] == {
        "beaten_most_by": [{"player": "Quinn", "times": 1, "games": 1}], "beats_most": []}


def test_rivals_in_the_tie_test(client):
    league = tie_league(client)
    # Anna: Ben ahead once in 3 (W2), Anna ahead of Ben once in 3 (W1; Block Buster level), of Clara once in 1.
    assert get(client, league, "/players/Anna")["rivals"] == {
        "beaten_most_by": [{"player": "Ben", "times": 1, "games": 3}],
        "beats_most": [{"player": "Clara", "times": 1, "games": 1}]}
