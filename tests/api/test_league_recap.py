"""The season told back: every award of a recap on a small league whose answers were worked out by hand.

League "Recap test" (Anna, Ben, Clara, Dan), in the order the results were entered::

    2026-11-06  R1 Bresk! sheet    Anna HOUSE + CAT = 8, +3 most words = 11;  Ben GARDEN = 6, +5 longest = 11
                                   -> level: both first (a shared win)
                R2 Würfelspiel     Anna 10, Ben 8, Clara 6 (typed)            -> Anna
                R3 Make 'N' Break  sheet, Clara and Dan, 3 rounds:
                                   turns Clara 3+2=5, Dan 1, Clara 1, Dan 3+2=5, Clara 0, Dan 2
                                   -> Clara 6, Dan 8                          -> Dan
    2026-11-13  R4 Block Buster    sheet, Anna (starts: -5) and Ben:
                                   Anna 2 red circles 7 + 2 red stars 7 = 14, start -5, 1 skip -2,
                                   3 leftover squares -3: 14 - 10 = 4 (lost 10)
                                   Ben 1 green spiral 3, 3 skips -6, 5 leftover -5: 3 - 11 = -8 (lost 11)
                                                                              -> Anna
                R5 Würfelspiel     Ben 9, Anna 7 (typed)                      -> Ben
                R6 Bresk!          Clara 12, Dan 4 (typed: no grid)           -> Clara
                R7 Bresk! sheet    Clara ORANGE = 6, +5 longest = 11; Dan DOG + SUN = 6, +3 most words = 9
                                                                              -> Clara
                R8 Make 'N' Break  Clara 7, Dan 7 (typed: no turns)           -> both first

All time:
- champions: Block Buster Anna (1 of 1). Bresk! Clara (2 wins; Anna and Ben 1 each). Make 'N' Break Dan
  (2 of 2, against Clara's 1 of 2). Würfelspiel Anna and Ben level (1 win of 2 each): both.
- most wins: Anna (R1 R2 R4, of 4 played) and Clara (R6 R7 R8, of 5: R2 R3 R6 R7 R8), 3 each: both.
- longest streak: Anna R1 R2 R4 (she did not play R3) and Clara R6 R7 R8: 3 each, both.
- longest word: GARDEN (Ben, R1) and ORANGE (Clara, R7), 6 letters: both, in the order played. Read from the
  2 sheets of 3 Bresk! results (R6 typed).
- best grid: Clara's 12 (R6: a typed total counts), of all 3 Bresk! results.
- biggest Make 'N' Break turn: 5, Clara round 1 and Dan round 2 of R3; read from 1 of 2 results (R8 typed).
- Block Buster comeback: Anna, 10 points lost and still first (Ben lost 11 and did not win).

Evening 2026-11-06 (R1-R3): Bresk! champions Anna and Ben (level 1 of 1), Make 'N' Break Dan, Würfelspiel
Anna; most wins Anna 2 (R1 R2), longest streak Anna 2; longest word GARDEN; best grid 11, Anna and Ben
level (R1); biggest turn 5, Clara and Dan; no Block Buster that evening, so no comeback.
"""

from __future__ import annotations

from tests.api.test_leagues import auth, get, new_league, post_result

EMPTY = "########"
P2 = ["red-circle", "red-star", "green-spiral", "green-spiral", "red-circle", "red-star", "red-star", "green-spiral",
      "red-circle"]


def grid(*rows):
    return [*rows, *[EMPTY] * (8 - len(rows))]


def mnb_turn(builder, *points):
    return {"builder": builder, "die": 1, "cards": [{"kind": "standard", "points": p} for p in points]}


EVENING_1, EVENING_2 = "2026-11-06", "2026-11-13"
RESULTS = [
    {"game": "bresk", "played_on": EVENING_1, "sheet": {"lexicon": "en", "players": [
        {"name": "Anna", "grid": grid("HOUSE###", EMPTY, "CAT#####")}, {"name": "Ben", "grid": grid("GARDEN##")}]}},
    {"game": "wuerfelspiel", "played_on": EVENING_1,
     "players": [{"name": "Anna", "score": 10}, {"name": "Ben", "score": 8}, {"name": "Clara", "score": 6}]},
    {"game": "make-n-break", "played_on": EVENING_1, "sheet": {"players": ["Clara", "Dan"], "turns": [
        mnb_turn("Clara", 3, 2), mnb_turn("Dan", 1), mnb_turn("Clara", 1), mnb_turn("Dan", 3, 2),
        mnb_turn("Clara"), mnb_turn("Dan", 2)]}},
    {"game": "block-buster", "played_on": EVENING_2, "sheet": {
        "players": [{"name": "Anna", "skips": 1, "leftover_squares": 3},
                    {"name": "Ben", "skips": 3, "leftover_squares": 5}],
        "point_blocks": [{"shape": s, "owner": o} for s, o in zip(
            P2, ["yellow", "yellow", "blue", None, "yellow", "yellow", None, None, None], strict=True)]}},
    {"game": "wuerfelspiel", "played_on": EVENING_2,
     "players": [{"name": "Ben", "score": 9}, {"name": "Anna", "score": 7}]},
    {"game": "bresk", "played_on": EVENING_2, "players": [{"name": "Clara", "score": 12}, {"name": "Dan", "score": 4}]},
    {"game": "bresk", "played_on": EVENING_2, "sheet": {"lexicon": "en", "players": [
        {"name": "Clara", "grid": grid("ORANGE##")}, {"name": "Dan", "grid": grid("DOG#####", EMPTY, "SUN#####")}]}},
    {"game": "make-n-break", "played_on": EVENING_2,
     "players": [{"name": "Clara", "score": 7}, {"name": "Dan", "score": 7}]},
]


def recap_league(client):
    league = new_league(client, "Recap test", players=("Anna", "Ben", "Clara", "Dan"))
    ids = []
    for body in RESULTS:
        response = post_result(client, league, body)
        assert response.status_code == 201, response.get_json()
        ids.append(response.get_json()["id"])
    return league, ids


def awards(recap):
    """award (and game) → (value, holders as tuples without their result ids, results, read)."""
    out = {}
    for a in recap["awards"]:
        holders = [tuple(v for k, v in sorted(h.items()) if k not in ("result_id", "played_on")) for h in a["holders"]]
        assert a["holders_total"] == len(a["holders"])
        out[(a["award"], a["game"])] = (a["value"], holders, a["results"], a["read"])
    return out


def test_the_season_told_back_every_award_as_worked_out_by_hand(client):
    league, ids = recap_league(client)
    recap = get(client, league, "/recap")
    assert recap["season"]["all_time"] and recap["day"] is None and recap["results"] == 8
    assert recap["days"] == [EVENING_2, EVENING_1]
    # holders' fields in key order: champion (played, player, wins); word (player, word); turn (player, round, stage)
    assert awards(recap) == {
        ("champion", "block-buster"): (1, [(1, "Anna", 1)], 1, 1),
        ("champion", "bresk"): (2, [(2, "Clara", 2)], 3, 3),
        ("champion", "make-n-break"): (2, [(2, "Dan", 2)], 2, 2),
        ("champion", "wuerfelspiel"): (1, [(2, "Anna", 1), (2, "Ben", 1)], 2, 2),
        ("most_wins", None): (3, [(4, "Anna", 3), (5, "Clara", 3)], 8, 8),
        ("longest_streak", None): (3, [(4, "Anna", 3), (5, "Clara", 3)], 8, 8),
        ("bresk_longest_word", "bresk"): (6, [("Ben", "GARDEN"), ("Clara", "ORANGE")], 3, 2),
        ("bresk_best_grid", "bresk"): (12, [("Clara",)], 3, 3),
        ("make_n_break_best_turn", "make-n-break"): (5, [("Clara", 1, "rounds"), ("Dan", 2, "rounds")], 2, 1),
        ("block_buster_comeback", "block-buster"): (10, [("Anna", 4)], 1, 1),
    }
    order = [a["award"] for a in recap["awards"]]
    assert order == ["champion"] * 4 + ["most_wins", "longest_streak", "bresk_longest_word", "bresk_best_grid",
                                        "make_n_break_best_turn", "block_buster_comeback"]
    # Each award names the game it came from.
    by = {a["award"]: a for a in recap["awards"]}
    assert [(h["result_id"], h["played_on"]) for h in by["bresk_longest_word"]["holders"]] == [
        (ids[0], EVENING_1), (ids[6], EVENING_2)]
    assert by["block_buster_comeback"]["holders"][0]["result_id"] == ids[3]
    assert by["bresk_best_grid"]["holders"][0]["result_id"] == ids[5]


def test_one_evening_told_back_keeps_its_ties(client):
    league, ids = recap_league(client)
    recap = get(client, league, "/recap", day=EVENING_1)
    assert recap["day"] == EVENING_1 and recap["results"] == 3
    assert awards(recap) == {
        ("champion", "bresk"): (1, [(1, "Anna", 1), (1, "Ben", 1)], 1, 1),
        ("champion", "make-n-break"): (1, [(1, "Dan", 1)], 1, 1),
        ("champion", "wuerfelspiel"): (1, [(1, "Anna", 1)], 1, 1),
        ("most_wins", None): (2, [(2, "Anna", 2)], 3, 3),
        ("longest_streak", None): (2, [(2, "Anna", 2)], 3, 3),
        ("bresk_longest_word", "bresk"): (6, [("Ben", "GARDEN")], 1, 1),
        ("bresk_best_grid", "bresk"): (11, [("Anna",), ("Ben",)], 1, 1),
        ("make_n_break_best_turn", "make-n-break"): (5, [("Clara", 1, "rounds"), ("Dan", 2, "rounds")], 1, 1),
    }
    assert get(client, league, "/recap", day="2026-11-07")["awards"] == []


def test_a_season_recap_counts_only_its_days(client):
    league, _ = recap_league(client)
    created = client.post(f"/api/leagues/{league['id']}/seasons", headers=auth(league["admin_token"]),
                          json={"name": "November, second half", "starts_on": "2026-11-10", "ends_on": "2026-11-30"})
    assert created.status_code == 201, created.get_json()
    recap = get(client, league, "/recap", season=created.get_json()["id"])
    assert recap["season"]["name"] == "November, second half" and not recap["season"]["all_time"]
    assert recap["days"] == [EVENING_2] and recap["results"] == 5
    found = awards(recap)
    # R4-R8: Clara plays R6 R7 R8 and wins all three, in a row; Anna wins R4, Ben R5, Dan R8.
    assert found[("most_wins", None)] == (3, [(3, "Clara", 3)], 5, 5)
    assert found[("longest_streak", None)] == (3, [(3, "Clara", 3)], 5, 5)
    assert found[("bresk_longest_word", "bresk")] == (6, [("Clara", "ORANGE")], 2, 1)
    # R8 kept no turns: the award is there, with nothing to tell, so the phone can say why.
    assert found[("make_n_break_best_turn", "make-n-break")] == (None, [], 1, 0)


def test_a_rename_is_told_at_once(client):
    league, _ = recap_league(client)
    get(client, league, "/recap")
    renamed = client.patch(f"/api/leagues/{league['id']}/players/Anna", json={"name": "Annie"},
                           headers=auth(league["admin_token"]))
    assert renamed.status_code == 200, renamed.get_json()
    found = awards(get(client, league, "/recap"))
    assert found[("block_buster_comeback", "block-buster")] == (10, [("Annie", 4)], 1, 1)


def test_a_recap_refuses_what_it_cannot_tell(client):
    league, _ = recap_league(client)
    bad = client.get(f"/api/leagues/{league['id']}/recap", query_string={"day": "yesterday"},
                     headers=auth(league["viewer_token"]))
    assert bad.status_code == 422 and "day" in str(bad.get_json()["errors"])
    missing = client.get(f"/api/leagues/{league['id']}/recap", query_string={"season": 999999},
                         headers=auth(league["viewer_token"]))
    assert missing.status_code == 404
    assert client.get(f"/api/leagues/{league['id']}/recap").status_code == 401


def test_games_typed_with_places_only_have_their_awards_said_empty(client):
    """One Bresk! game typed with places only (Anna 1st, Ben 2nd): champion Anna (1 of 1), most wins and streak
    Anna 1; no score and no grid, so the word and grid awards are there with nothing read."""
    league = new_league(client, "Places only", players=("Anna", "Ben"))
    body = {"game": "bresk", "played_on": EVENING_1,
            "players": [{"name": "Anna", "place": 1}, {"name": "Ben", "place": 2}]}
    assert post_result(client, league, body).status_code == 201
    assert awards(get(client, league, "/recap")) == {
        ("champion", "bresk"): (1, [(1, "Anna", 1)], 1, 1),
        ("most_wins", None): (1, [(1, "Anna", 1)], 1, 1),
        ("longest_streak", None): (1, [(1, "Anna", 1)], 1, 1),
        ("bresk_longest_word", "bresk"): (None, [], 1, 0),
        ("bresk_best_grid", "bresk"): (None, [], 1, 0),
    }
