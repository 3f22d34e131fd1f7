"""The play a phone sends to BG Stats (frontend/js/lib/bgstats.js), run in node on real finished games.

The tables' results come from the Python rules (with the places the game decides, as the server's view
has them), so a renamed field on either side fails here.
"""

import json
from urllib.parse import parse_qs, urlsplit

import pytest
from node_runner import run_js
from test_log_lines import translator

from scorekeeper import games

START_MS = 1_780_000_000_000  # when the table was made
END_MS = START_MS + 37 * 60_000 + 20_000  # its last event


def finished_table(game_id, names, options, events, until_finished=None):
    """A table's view as a phone has it: the game played through ``events`` (then ``until_finished(i)``
    events, one by one, until the game is over), with its places."""
    game = games.get(game_id)
    state = game.setup(options, names)
    for kind, data in events:
        state = game.apply(state, {"type": kind, "data": data})
    for i in range(100):
        if not until_finished or game.result(state).finished:
            break
        state = game.apply(state, until_finished(i))
    result = game.result(state).to_dict()
    assert result["finished"]
    result["places"] = game.league_places(result)
    return {"code": "K7M2QX", "game": game_id, "options": options, "created_at_ms": START_MS, "result": result}


TURN = [("die", {"face": 1}), ("card", {"kind": "standard", "points": 3}), ("end_turn", {})]
# 3 all after the only round, then sudden death: Ana builds a 1, Ben nothing.
SUDDEN_DEATH = finished_table("make-n-break", ["Ana", "Ben"], {"rounds": 1}, [
    *TURN, *TURN, ("die", {"face": 1}), ("card", {"kind": "standard", "points": 1}), ("end_turn", {}),
    ("die", {"face": 1}), ("end_turn", {})])
# An immediate win on fewer points: Ana -5, Ben 3.
IMMEDIATE = finished_table("block-buster", ["Ana", "Ben"], {}, [
    ("point_block", {"index": 1, "owner": "blue"}),
    *[("point_block", {"index": i, "owner": "yellow"}) for i in (0, 4, 8)]])
COUPLES = finished_table("block-buster", ["Ana", "Ben", "Cy", "Di"], {"variant": "couples"}, [],
                         lambda i: {"type": "point_block",
                                    "data": {"index": i, "owner": "yellow" if i % 5 < 4 else "blue"}})
GOLF = finished_table("scorepad", ["Ana", "Ben", "Cy"], {"lowest_wins": True}, [
    ("points", {"seat": 0, "points": 70}), ("points", {"seat": 1, "points": 72}),
    ("points", {"seat": 2, "points": 70}), ("finish", {})])
TIE = finished_table("scorepad", ["Ana", "Ben", "Cy"], {}, [
    ("points", {"seat": 0, "points": 9}), ("points", {"seat": 1, "points": 9}),
    ("points", {"seat": 2, "points": 4}), ("finish", {})])


def plays(views, lang="en"):
    cases = [{"view": v, "name": games.get(v["game"]).name, "end": END_MS,
              "starts": games.get(v["game"]).describe()["first_seat_starts"]} for v in views]  # as the catalogue says
    body = "m.playFromTable(c.view, { gameName: c.name, t, endMs: c.end, firstSeatStarts: c.starts })"
    return run_js("lib/bgstats.js", body, cases,
                  translator(lang))


def ranks(play):
    return [(p["name"], p.get("rank"), p["winner"]) for p in play["players"]]


@pytest.fixture(scope="module")
def english():
    return dict(zip(["sudden", "immediate", "couples", "golf", "tie"],
                    plays([SUDDEN_DEATH, IMMEDIATE, COUPLES, GOLF, TIE]), strict=True))


def test_sudden_death_ranks_are_the_games(english):
    play = english["sudden"]
    assert ranks(play) == [("Ana", 1, True), ("Ben", 2, False)]
    assert [p["score"] for p in play["players"]] == [4, 3]
    assert play["game"] == {"name": "Make 'N' Break Extreme", "highestWins": True, "noPoints": False,
                            "sourceGameId": "make-n-break"}
    assert "bggId" not in play["game"]  # none known for certain: left out rather than guessed
    assert play["players"][0]["startPlayer"] is True and "startPlayer" not in play["players"][1]


def test_an_immediate_win_on_fewer_points_is_never_ranked_by_points(english):
    play = english["immediate"]
    assert [p["score"] for p in play["players"]] == [-5, 3]
    assert ranks(play) == [("Ana", 1, True), ("Ben", 2, False)]


def test_partners_share_their_teams_rank_and_win(english):
    play = english["couples"]
    assert play["usesTeams"] is True
    assert [(p["name"], p["team"], p["rank"], p["winner"]) for p in play["players"]] == [
        ("Ana", "A", 1, True), ("Ben", "B", 2, False), ("Cy", "A", 1, True), ("Di", "B", 2, False)]


def test_a_golf_pad_is_lowest_wins_and_a_tie_shares_rank_and_win(english):
    golf, tie = english["golf"], english["tie"]
    assert golf["game"]["highestWins"] is False
    assert ranks(golf) == [("Ana", 1, True), ("Ben", 3, False), ("Cy", 1, True)]
    assert tie["game"]["highestWins"] is True
    assert ranks(tie) == [("Ana", 1, True), ("Ben", 1, True), ("Cy", 3, False)]
    assert not any("startPlayer" in p for p in tie["players"])  # a pad keeps no turn order
    assert "usesTeams" not in tie


def test_date_duration_and_the_scoring_line_by_line(english):
    play = english["sudden"]
    assert play["durationMin"] == 37
    # The table's start in this phone's time (node runs in the machine's zone, as the phone would).
    assert len(play["playDate"]) == 19 and play["playDate"][10] == " "
    assert play["comments"].split("\n") == [
        "highest total after sudden-death round 1 between Ana and Ben",
        "Ana: 4", "  Round 1: 1 card completed: +3", "  Sudden death 1: 1 card completed: +1",
        "Ben: 3", "  Round 1: 1 card completed: +3", "  Sudden death 1: 0 cards completed: +0",
        "Scored at table K7M2QX"]


def test_no_last_event_seen_no_duration():
    body = "m.playFromTable(c.view, { gameName: 'Score pad', t, endMs: null })"
    (play,) = run_js("lib/bgstats.js", body, [{"view": TIE}], translator("en"))
    assert "durationMin" not in play


def test_the_comments_are_in_the_phones_language():
    (play,) = plays([TIE], "de")
    assert play["comments"].split("\n")[-1] == "Gezählt am Tisch K7M2QX"


def test_the_link_carries_the_play_url_encoded():
    body = "m.pushLink(c)"
    play = {"playDate": "2026-12-01 20:00:00", "game": {"name": "Bresk!"}, "comments": "a & b = c?\n#1"}
    (link,) = run_js("lib/bgstats.js", body, [play])
    parts = urlsplit(link)
    assert f"{parts.scheme}://{parts.netloc}{parts.path}" == "https://app.bgstatsapp.com/createPlay.html"
    assert json.loads(parse_qs(parts.query)["data"][0]) == play


def test_a_league_result_as_a_play():
    result = {"game": "scorepad", "played_on": "2026-11-28", "created_at_ms": None, "sheet": {"lowest_wins": True},
              "players": [{"name": "Ana", "score": 70, "place": 1, "team": None},
                          {"name": "Ben", "score": None, "place": 2, "team": None}]}
    body = ("m.playFromResult(c.result, { gameName: 'Score pad', t, leagueName: 'Fridays',"
            " highestWins: m.highestWins(c.result, c.rules) })")
    golf, typed_places = run_js("lib/bgstats.js", body, [
        {"result": result, "rules": {}},
        {"result": {**result, "sheet": None, "players": [{**p, "score": None} for p in result["players"]]},
         "rules": {}}], translator("en"))
    assert golf["playDate"] == "2026-11-28 00:00:00" and "durationMin" not in golf
    assert golf["game"]["highestWins"] is False and golf["game"]["noPoints"] is False
    assert golf["players"] == [{"name": "Ana", "sourcePlayerId": "Ana", "score": 70, "rank": 1, "winner": True},
                               {"name": "Ben", "sourcePlayerId": "Ben", "rank": 2, "winner": False}]
    assert golf["comments"] == "Recorded in the league Fridays"
    assert typed_places["game"]["highestWins"] is True and typed_places["game"]["noPoints"] is True


def test_an_imported_play_of_another_game_goes_to_bg_stats_as_that_game():
    """A score pad result standing in for Catan must not be matched in BG Stats to "the score pad" (one
    source game id for every such game would merge Catan's and Azul's plays into one game there)."""
    result = {"game": "scorepad", "game_name": "Catan", "played_on": "2026-11-28", "created_at_ms": None,
              "sheet": None, "players": [{"name": "Ana", "score": 10, "place": 1, "team": None},
                                         {"name": "Ben", "score": 7, "place": 2, "team": None}]}
    body = "m.playFromResult(c.result, { gameName: c.result.game_name, t, leagueName: '' })"
    catan, pad = run_js("lib/bgstats.js", body, [{"result": result}, {"result": {**result, "game_name": None}}],
                        translator("en"))
    assert catan["game"]["name"] == "Catan" and "sourceGameId" not in catan["game"]  # matched by its name
    assert pad["game"]["sourceGameId"] == "scorepad"
