"""Leagues: tokens and roles, players, seasons, results, standings, ratings, export/import."""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import uuid

import pytest
from api_calls import auth
from openskill.models import BradleyTerryFull

PLAYERS = ("Ann", "Ben", "Cy", "Dee")

# A fixed set of results, posted out of date order; expectations below are worked out by hand.
RESULTS = [
    {"game": "make-n-break", "played_on": "2024-01-03",
     "players": [{"name": "Cy", "place": 1}, {"name": "Ann", "place": 2}, {"name": "Ben", "place": 3}]},
    {"game": "scorepad", "played_on": "2024-01-01",
     "players": [{"name": "Ann", "score": 10}, {"name": "Ben", "score": 5}, {"name": "Cy", "score": 5}]},
    {"game": "scorepad", "played_on": "2024-01-02",
     "players": [{"name": "Ann", "score": 7}, {"name": "Ben", "score": 7}, {"name": "Cy", "score": 3}]},
    {"game": "scorepad", "played_on": "2024-01-04",  # teams: x = Ann + Dee (8), y = Ben + Cy (9)
     "players": [{"name": "Ann", "score": 4, "team": "x"}, {"name": "Ben", "score": 3, "team": "y"},
                 {"name": "Cy", "score": 6, "team": "y"}, {"name": "Dee", "score": 4, "team": "x"}]},
    {"game": "scorepad", "played_on": "2024-01-05",
     "players": [{"name": "Ben", "score": 20}, {"name": "dee", "score": 1}]},
]


def new_league(client, name="Friday club", players=PLAYERS):
    response = client.post("/api/leagues", json={"name": name})
    assert response.status_code == 201, response.get_json()
    league = response.get_json()
    for player in players:
        assert client.post(f"/api/leagues/{league['id']}/players", json={"name": player},
                           headers=auth(league["member_token"])).status_code == 201
    return league


def post_result(client, league, body, token=None):
    return client.post(f"/api/leagues/{league['id']}/results", json=body,
                       headers=auth(token or league["member_token"]))


@pytest.fixture
def played(client):
    league = new_league(client)
    for body in RESULTS:
        response = post_result(client, league, body)
        assert response.status_code == 201, response.get_json()
    return league


def get(client, league, path, token=None, **query):
    response = client.get(f"/api/leagues/{league['id']}{path}", query_string=query,
                          headers=auth(token or league["viewer_token"]))
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def expected_ratings():
    """The same games fed to openskill directly, in date order."""
    model = BradleyTerryFull()
    r = {p: model.rating() for p in PLAYERS}

    def rate(teams, ranks):
        out = model.rate([[r[p] for p in team] for team in teams], ranks=ranks)
        for team, rated in zip(teams, out, strict=True):
            for p, rating in zip(team, rated, strict=True):
                r[p] = rating

    rate([["Ann"], ["Ben"], ["Cy"]], [1, 2, 2])
    rate([["Ann"], ["Ben"], ["Cy"]], [1, 1, 3])
    rate([["Cy"], ["Ann"], ["Ben"]], [1, 2, 3])
    rate([["Ann", "Dee"], ["Ben", "Cy"]], [2, 1])
    rate([["Ben"], ["Dee"]], [1, 2])
    return r


# --- creating, tokens and access ------------------------------------------------------------------------


def test_create_hands_out_three_long_distinct_tokens_and_a_random_id(client):
    league = client.post("/api/leagues", json={"name": "  Friday   club "}).get_json()
    tokens = [league["admin_token"], league["member_token"], league["viewer_token"]]
    assert len(set(tokens)) == 3 and all(len(t) >= 32 for t in tokens)  # ≥ 192 bits of url-safe base64
    assert not league["id"].isdigit() and len(league["id"]) >= 16
    body = get(client, league, "")
    assert body["name"] == "Friday club" and body["role"] == "viewer" and body["players"] == 0
    assert body["seasons"] == [{"id": body["seasons"][0]["id"], "name": "All time", "default": True,
                                "starts_on": None, "ends_on": None}]
    assert get(client, league, "", league["admin_token"])["role"] == "admin"
    assert get(client, league, "", league["member_token"])["role"] == "member"


def test_tokens_are_stored_only_as_hashes(app, client):
    from scorekeeper.extensions import db
    from scorekeeper.models import League

    league = client.post("/api/leagues", json={"name": "L"}).get_json()
    with app.app_context():
        row = db.session.query(League).one()
        stored = json.dumps({c.name: str(getattr(row, c.name)) for c in League.__table__.columns})
    for role in ("admin", "member", "viewer"):
        assert league[f"{role}_token"] not in stored


WRITES = [
    ("post", "/players", {"name": "Eve"}, "member"),
    ("post", "/results", {"game": "scorepad", "played_on": "2024-01-01",
                          "players": [{"name": "Ann", "score": 1}, {"name": "Ben", "score": 2}]}, "member"),
    ("post", "/seasons", {"name": "S", "starts_on": "2024-01-01", "ends_on": "2024-02-01"}, "admin"),
    ("put", "/rules", {"block-buster": {"tie_takes_nobody": False}}, "admin"),
    ("patch", "/rules", {"block-buster": {"tie_takes_nobody": False}}, "admin"),
    ("post", "/tokens/rotate", {"role": "viewer"}, "admin"),
    ("put", "/results/{rid}", {"game": "scorepad", "played_on": "2024-01-01",
                               "players": [{"name": "Ann", "score": 1}, {"name": "Ben", "score": 2}]}, "admin"),
]


@pytest.mark.parametrize(("method", "path", "body", "need"), WRITES)
def test_writes_refuse_missing_wrong_and_weaker_tokens(client, played, method, path, body, need):
    rid = client.get(f"/api/leagues/{played['id']}/results", headers=auth(played["viewer_token"])
                     ).get_json()["results"][0]["id"]
    url = f"/api/leagues/{played['id']}{path.format(rid=rid)}"
    call = getattr(client, method)
    assert call(url, json=body).status_code == 401
    assert call(url, json=body, headers={"Authorization": "Bearer not-a-token"}).status_code == 401
    assert call(url, json=body, headers={"Authorization": played["admin_token"]}).status_code == 401  # no scheme
    other = client.post("/api/leagues", json={"name": "Other"}).get_json()
    assert call(url, json=body, headers=auth(other["admin_token"])).status_code == 401  # another league's token
    weaker = ["viewer"] if need == "member" else ["viewer", "member"]
    for role in weaker:
        response = call(url, json=body, headers=auth(played[f"{role}_token"]))
        assert response.status_code == 403, response.get_json()
        assert response.get_json()["code"] == "forbidden"
    assert call(url, json=body, headers=auth(played[f"{need}_token"])).status_code in (200, 201)


READS = ["", "/players", "/players/Ann", "/results", "/standings", "/leaderboards", "/head-to-head?a=Ann&b=Ben",
         "/export.csv"]


@pytest.mark.parametrize("path", READS)
def test_reads_need_at_least_the_viewer_token(client, played, path):
    url = f"/api/leagues/{played['id']}{path}"
    assert client.get(url).status_code == 401
    assert client.get(url, headers={"Authorization": "Bearer wrong"}).status_code == 401
    assert client.get(url, headers=auth(played["viewer_token"])).status_code == 200
    assert client.get(f"/api/leagues/nope{path}", headers=auth(played["viewer_token"])).status_code == 401


def test_export_is_admin_only(client, played):
    url = f"/api/leagues/{played['id']}/export"
    assert client.get(url).status_code == 401
    for role in ("viewer", "member"):
        assert client.get(url, headers=auth(played[f"{role}_token"])).status_code == 403
    assert client.get(url, headers=auth(played["admin_token"])).status_code == 200


def test_tokens_never_appear_in_responses_but_creation_and_rotation(client, played):
    tokens = [played[f"{r}_token"] for r in ("admin", "member", "viewer")]
    texts = []
    for path in READS + ["/export"]:
        texts.append(client.get(f"/api/leagues/{played['id']}{path}", headers=auth(played["admin_token"])).get_data(
            as_text=True))
        texts.append(client.get(f"/api/leagues/{played['id']}{path}", headers=auth("wrong")).get_data(as_text=True))
    texts.append(post_result(client, played, RESULTS[1], played["viewer_token"]).get_data(as_text=True))
    for text in texts:
        assert not any(t in text for t in tokens)


def test_rotation_replaces_a_token(client, played):
    old = played["viewer_token"]
    response = client.post(f"/api/leagues/{played['id']}/tokens/rotate", json={"role": "viewer"},
                           headers=auth(played["admin_token"]))
    new = response.get_json()["token"]
    assert response.get_json()["role"] == "viewer" and new != old and len(new) >= 32
    assert client.get(f"/api/leagues/{played['id']}", headers=auth(old)).status_code == 401
    assert get(client, played, "", new)["role"] == "viewer"
    bad = client.post(f"/api/leagues/{played['id']}/tokens/rotate", json={"role": "owner"},
                      headers=auth(played["admin_token"]))
    assert bad.status_code == 422 and "role" in bad.get_json()["errors"]


# --- house rules -----------------------------------------------------------------------------------------


def test_house_rules_put_patch_and_table_defaults(app, client):
    league = new_league(client, players=())
    url, admin = f"/api/leagues/{league['id']}/rules", auth(league["admin_token"])
    rules = {"bresk": {"extra_words": ["qi", "Zed"], "banned_words": ["cat"]},
             "make-n-break": {"rounds": 3, "seconds_1": 20}}
    assert client.put(url, json=rules, headers=admin).get_json() == {
        "bresk": {"extra_words": ["QI", "ZED"], "banned_words": ["CAT"]},
        "make-n-break": {"rounds": 3, "seconds_1": 20}}
    patched = client.patch(url, json={"make-n-break": {"rounds": 5}, "block-buster": {"tie_takes_nobody": False}},
                           headers=admin).get_json()
    assert patched["make-n-break"] == {"rounds": 5, "seconds_1": 20} and patched["bresk"]["banned_words"] == ["CAT"]
    assert get(client, league, "")["rules"] == patched
    for bad, field in [({"make-n-break": {"rounds": 0}}, "make-n-break.rounds"),
                       ({"make-n-break": {"seconds_2": 9999}}, "make-n-break.seconds_2"),
                       ({"make-n-break": {"colour": 1}}, "make-n-break.colour"),
                       ({"bresk": {"extra_words": ["a1"]}}, "bresk.extra_words.0"),
                       ({"chess": {}}, "chess")]:
        response = client.patch(url, json=bad, headers=admin)
        assert response.status_code == 422 and field in response.get_json()["errors"], response.get_json()
    assert get(client, league, "")["rules"] == patched  # nothing stored

    from scorekeeper.extensions import db
    from scorekeeper.models import League
    from scorekeeper.services import house_rules

    with app.app_context():
        row = db.session.query(League).one()
        assert house_rules.table_defaults(row, "make-n-break") == {"rounds": 5, "seconds_1": 20}
        assert house_rules.table_defaults(row, "block-buster") == {"tie_takes_nobody": False}
        assert house_rules.table_defaults(row, "scorepad") == {}
        assert house_rules.house_words(row, "bresk") == (frozenset({"QI", "ZED"}), frozenset({"CAT"}))
        assert house_rules.table_defaults(row, "bresk") == {} and house_rules.word_list(row, "bresk") is None


def test_patching_house_rules_with_null_takes_a_rule_or_a_games_rules_away(client):
    """PATCH is a JSON merge patch (RFC 7396); PUT still replaces, and refuses null."""
    league = new_league(client, players=())
    url, admin = f"/api/leagues/{league['id']}/rules", auth(league["admin_token"])
    client.put(url, json={"bresk": {"lexicon": "en-wordgame", "extra_words": ["qi"]},
                          "make-n-break": {"rounds": 3, "seconds_1": 20}}, headers=admin)
    one_rule = client.patch(url, json={"make-n-break": {"rounds": None}, "bresk": {"extra_words": None}}, headers=admin)
    assert one_rule.status_code == 200, one_rule.get_json()
    assert one_rule.get_json() == {"bresk": {"lexicon": "en-wordgame"}, "make-n-break": {"seconds_1": 20}}
    whole_game = client.patch(url, json={"bresk": None, "block-buster": {"tie_takes_nobody": None}}, headers=admin)
    assert whole_game.get_json() == {"make-n-break": {"seconds_1": 20}}
    last = client.patch(url, json={"make-n-break": {"seconds_1": None}}, headers=admin)
    assert last.get_json() == {} and get(client, league, "")["rules"] == {}
    refused = client.put(url, json={"make-n-break": {"rounds": None}}, headers=admin)
    assert refused.status_code == 422 and "make-n-break.rounds" in refused.get_json()["errors"], refused.get_json()


def test_house_rule_word_list(app, client):
    league = new_league(client, players=())
    url, admin = f"/api/leagues/{league['id']}/rules", auth(league["admin_token"])
    patched = client.patch(url, json={"bresk": {"lexicon": "en-wordgame"}}, headers=admin)
    assert patched.status_code == 200 and patched.get_json() == {"bresk": {"lexicon": "en-wordgame"}}
    for bad in ("xx", 3):
        response = client.patch(url, json={"bresk": {"lexicon": bad}}, headers=admin)
        assert response.status_code == 422 and "bresk.lexicon" in response.get_json()["errors"], response.get_json()
    assert get(client, league, "")["rules"] == {"bresk": {"lexicon": "en-wordgame"}}
    both = client.patch(url, json={"bresk": {"extra_words": ["zorp"], "banned_words": ["zorp"]}}, headers=admin)
    assert both.status_code == 422 and list(both.get_json()["errors"]) == ["bresk.banned_words"]  # not .lexicon

    from scorekeeper.extensions import db
    from scorekeeper.models import League
    from scorekeeper.services import house_rules

    with app.app_context():
        row = db.session.query(League).one()
        assert house_rules.table_defaults(row, "bresk") == {"lexicon": "en-wordgame"}


# --- players and seasons -----------------------------------------------------------------------------------


def test_players_are_unique_ignoring_case(client):
    league = new_league(client, players=("Ann",))
    url, member = f"/api/leagues/{league['id']}/players", auth(league["member_token"])
    response = client.post(url, json={"name": " ANN "}, headers=member)
    assert response.status_code == 409 and "name" in response.get_json()["errors"]
    for bad in ("", "x" * 41, "   "):
        response = client.post(url, json={"name": bad}, headers=member)
        assert response.status_code == 422 and "name" in response.get_json()["errors"]
    assert get(client, league, "/players") == {"players": [{"name": "Ann"}]}


def test_seasons_filter_standings(client, played):
    admin = auth(played["admin_token"])
    response = client.post(f"/api/leagues/{played['id']}/seasons", headers=admin,
                           json={"name": "Week 2", "starts_on": "2024-01-03", "ends_on": "2024-01-05"})
    assert response.status_code == 201
    season = response.get_json()
    assert season["starts_on"] == "2024-01-03" and season["default"] is False
    assert [s["name"] for s in get(client, played, "")["seasons"]] == ["All time", "Week 2"]
    rows = {r["player"]: r for r in get(client, played, "/standings", season=season["id"])["rows"]}
    assert rows["Ann"]["played"] == 2 and rows["Ann"]["wins"] == 0 and rows["Ben"]["wins"] == 2
    bad = client.post(f"/api/leagues/{played['id']}/seasons", headers=admin,
                      json={"name": "Back", "starts_on": "2024-02-01", "ends_on": "2024-01-01"})
    assert bad.status_code == 422 and "ends_on" in bad.get_json()["errors"]
    missing = client.get(f"/api/leagues/{played['id']}/standings?season=999999", headers=admin)
    assert missing.status_code == 404


# --- standings, ratings, head-to-head ---------------------------------------------------------------------


def test_standings_by_hand_and_ratings_against_openskill(client, played):
    rows = get(client, played, "/standings")["rows"]
    by = {r["player"]: r for r in rows}
    assert {p: (r["played"], r["wins"], r["shared_wins"], r["current_streak"], r["longest_win_streak"])
            for p, r in by.items()} == {
        "Ann": (4, 2, 1, -2, 2),
        "Ben": (5, 3, 1, 2, 2),
        "Cy": (4, 2, 0, 2, 2),
        "Dee": (2, 0, 0, -2, 0),
    }
    # Points of different games do not compare: an average is for one game only.
    assert {r["average_score"] for r in rows} == {None}
    pad = {r["player"]: r["average_score"] for r in get(client, played, "/standings", game="scorepad")["rows"]}
    assert pad["Ann"] == 7.0 and pad["Ben"] == 8.75 and pad["Cy"] == pytest.approx(14 / 3) and pad["Dee"] == 2.5
    assert by["Ben"]["win_rate"] == 0.6 and by["Dee"]["win_rate"] == 0
    expected = expected_ratings()
    for player, rating in expected.items():
        assert by[player]["mu"] == pytest.approx(rating.mu, abs=1e-9)
        assert by[player]["sigma"] == pytest.approx(rating.sigma, abs=1e-9)
        assert by[player]["rating"] == pytest.approx(rating.ordinal(), abs=1e-9)
    # The default order is what a group counts: wins, then win rate, then games played.
    assert [r["player"] for r in rows] == ["Ben", "Ann", "Cy", "Dee"]  # Ann and Cy level: by name
    assert [(r["rank"], r["tied"]) for r in rows] == [(1, False), (2, True), (2, True), (4, False)]
    assert [r["rating_provisional"] for r in rows] == [False, True, True, True]  # Ben alone has 5 games
    by_rating = get(client, played, "/standings", sort="rating")
    assert [r["player"] for r in by_rating["rows"]] == sorted(PLAYERS, key=lambda p: -expected[p].ordinal())
    assert by_rating["sort"] == "rating" and by_rating["rating_label"] == "Skill estimate"
    assert "skill" in by_rating["rating_explanation"]


def test_standings_for_one_game(client, played):
    rows = get(client, played, "/standings", game="make-n-break")["rows"]
    assert [(r["player"], r["played"], r["wins"]) for r in rows] == [("Cy", 1, 1), ("Ann", 1, 0), ("Ben", 1, 0)]
    model = BradleyTerryFull()
    cy, ann, ben = model.rate([[model.rating()], [model.rating()], [model.rating()]], ranks=[1, 2, 3])
    assert [r["rating"] for r in rows] == pytest.approx([cy[0].ordinal(), ann[0].ordinal(), ben[0].ordinal()])
    assert client.get(f"/api/leagues/{played['id']}/standings?game=chess",
                      headers=auth(played["viewer_token"])).status_code == 422


def test_head_to_head(client, played):
    h2h = get(client, played, "/head-to-head", a="ann", b="Ben")
    assert {k: h2h[k] for k in ("a", "b", "games", "a_ahead", "b_ahead", "ties", "teammates")} == {
        "a": "Ann", "b": "Ben", "games": 4, "a_ahead": 2, "b_ahead": 1, "ties": 1, "teammates": 0}
    assert h2h["by_game"] == [
        {"game": "make-n-break", "games": 1, "a_ahead": 1, "b_ahead": 0, "ties": 0, "teammates": 0},
        {"game": "scorepad", "games": 3, "a_ahead": 1, "b_ahead": 1, "ties": 1, "teammates": 0},
    ]
    assert get(client, played, "/head-to-head", a="Ben", b="Cy")["teammates"] == 1
    response = client.get(f"/api/leagues/{played['id']}/head-to-head?a=Ann&b=Zed", headers=auth(played["viewer_token"]))
    assert response.status_code == 404


def test_leaderboards(client, played):
    boards = get(client, played, "/leaderboards")["games"]
    assert [b["game"] for b in boards] == ["make-n-break", "scorepad"]
    mnb, pad = boards
    assert mnb["results"] == 1 and mnb["best_score"] is None and mnb["average_score"] is None
    assert mnb["most_wins"] == [{"player": "Cy", "wins": 1}]
    assert pad["results"] == 4 and pad["average_score"] == 6.25
    assert {k: pad["best_score"][k] for k in ("score", "player", "played_on")} == {
        "score": 20, "player": "Ben", "played_on": "2024-01-05"}
    assert pad["most_wins"] == [{"player": "Ben", "wins": 3}]


def test_player_page(client, played):
    page = get(client, played, "/players/ann")
    assert page["player"] == "Ann" and page["standing"]["wins"] == 2
    assert [r["played_on"] for r in page["results"]] == ["2024-01-04", "2024-01-03", "2024-01-02", "2024-01-01"]
    assert page["results"][0]["players"] == ["Ann", "Ben", "Cy", "Dee"] and page["results"][0]["team"] == "x"
    assert [p["date"] for p in page["rating_history"]] == ["2024-01-01", "2024-01-02", "2024-01-03", "2024-01-04"]
    assert page["rating_history"][-1]["rating"] == pytest.approx(expected_ratings()["Ann"].ordinal())
    assert page["scores"] == [{"date": "2024-01-01", "of_day": 1, "game": "scorepad", "score": 10},
                              {"date": "2024-01-02", "of_day": 1, "game": "scorepad", "score": 7},
                              {"date": "2024-01-04", "of_day": 1, "game": "scorepad", "score": 4}]
    assert page["averages"] == [{"game": "scorepad", "average_score": 7.0, "scored": 3}]
    assert page["standing"]["average_score"] is None  # over all games: not comparable
    assert page["standing"]["rank"] == 2 and page["standing"]["tied"] is True  # level with Cy
    assert client.get(f"/api/leagues/{played['id']}/players/Zed",
                      headers=auth(played["viewer_token"])).status_code == 404


# --- results ------------------------------------------------------------------------------------------------


def test_results_list_newest_first_with_filters(client, played):
    listed = get(client, played, "/results")["results"]
    assert [r["played_on"] for r in listed] == ["2024-01-05", "2024-01-04", "2024-01-03", "2024-01-02", "2024-01-01"]
    assert listed[1]["players"][0] == {"name": "Ann", "score": 4, "place": 2, "team": "x"}
    assert [r["played_on"] for r in get(client, played, "/results", game="make-n-break")["results"]] == ["2024-01-03"]
    assert len(get(client, played, "/results", player="dee")["results"]) == 2


def test_ties_share_a_place(client, played):
    body = get(client, played, "/results", game="scorepad")["results"]
    day2 = next(r for r in body if r["played_on"] == "2024-01-02")
    assert [p["place"] for p in day2["players"]] == [1, 1, 3]


def test_same_id_is_idempotent_and_a_different_body_conflicts(client):
    league = new_league(client)
    body = {"id": str(uuid.uuid4()), **RESULTS[1]}
    first = post_result(client, league, body)
    again = post_result(client, league, body)
    assert first.status_code == 201 and again.status_code == 200 and again.get_json() == first.get_json()
    changed = post_result(client, league, {**body, "played_on": "2024-01-02"})
    assert changed.status_code == 409 and changed.get_json()["code"] == "duplicate_id"
    assert len(get(client, league, "/results")["results"]) == 1


def test_a_score_sheet_is_scored_by_the_rules(client):
    league = new_league(client)
    sheet = {"players": [{"name": "Ann", "points": [3, 4]}, {"name": "Ben", "points": [9, -1]}]}
    response = post_result(client, league, {"game": "scorepad", "played_on": "2024-02-01", "sheet": sheet})
    assert response.status_code == 201, response.get_json()
    assert [(p["name"], p["score"], p["place"]) for p in response.get_json()["players"]] == [
        ("Ann", 7, 2), ("Ben", 8, 1)]
    golf = post_result(client, league, {"game": "scorepad", "played_on": "2024-02-01",
                                        "sheet": {**sheet, "lowest_wins": True}}).get_json()
    assert [p["place"] for p in golf["players"]] == [1, 2]
    bad = post_result(client, league, {"game": "scorepad", "played_on": "2024-02-01",
                                       "sheet": {"players": [{"name": "Ann", "points": [99999]},
                                                             {"name": "Ben", "points": [1]}]}})
    assert bad.status_code == 422 and "sheet.players.0.points.0" in bad.get_json()["errors"], bad.get_json()
    stranger = post_result(client, league, {"game": "scorepad", "played_on": "2024-02-01",
                                            "sheet": {"players": [{"name": "Ann", "points": [1]},
                                                                  {"name": "Zed", "points": [2]}]}})
    assert stranger.status_code == 422 and "sheet.players.1.name" in stranger.get_json()["errors"]


def test_admin_corrects_a_result_and_history_keeps_the_old_one(client, played):
    listed = get(client, played, "/results")["results"]
    rid = listed[0]["id"]  # 2024-01-05, Ben 20 - Dee 1
    fixed = {"game": "scorepad", "played_on": "2024-01-05", "players": [{"name": "Ben", "score": 2},
                                                                         {"name": "Dee", "score": 3}]}
    response = client.put(f"/api/leagues/{played['id']}/results/{rid}", json=fixed, headers=auth(played["admin_token"]))
    assert response.status_code == 200, response.get_json()
    one = get(client, played, f"/results/{rid}")
    assert one["version"] == 2 and [p["place"] for p in one["players"]] == [2, 1]
    assert len(one["history"]) == 1 and one["history"][0]["version"] == 1
    assert one["history"][0]["players"][0] == {"name": "Ben", "score": 20, "place": 1, "team": None}
    rows = {r["player"]: r for r in get(client, played, "/standings")["rows"]}
    assert rows["Dee"]["wins"] == 1 and rows["Ben"]["current_streak"] == -1
    missing = client.put(f"/api/leagues/{played['id']}/results/{uuid.uuid4()}", json=fixed,
                         headers=auth(played["admin_token"]))
    assert missing.status_code == 404


TOMORROW_PLUS = (dt.date.today() + dt.timedelta(days=3)).isoformat()
TWO = [{"name": "Ann", "score": 1}, {"name": "Ben", "score": 2}]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"game": "chess", "played_on": "2024-01-01", "players": TWO}, "game"),
        ({"played_on": "2024-01-01", "players": TWO}, "game"),
        ({"game": "scorepad", "played_on": TOMORROW_PLUS, "players": TWO}, "played_on"),
        ({"game": "scorepad", "played_on": "2024-13-01", "players": TWO}, "played_on"),
        ({"game": "scorepad", "played_on": "yesterday", "players": TWO}, "played_on"),
        ({"game": "scorepad", "players": TWO}, "played_on"),
        ({"game": "scorepad", "played_on": "2024-01-01", "players": TWO[:1]}, "players"),
        ({"game": "scorepad", "played_on": "2024-01-01"}, "players"),
        ({"game": "scorepad", "played_on": "2024-01-01", "players": [*TWO, {"name": "Zed", "score": 1}]},
         "players.2.name"),
        ({"game": "scorepad", "played_on": "2024-01-01", "players": [*TWO, {"name": "ann", "score": 1}]},
         "players.2.name"),
        ({"game": "scorepad", "played_on": "2024-01-01", "players": [{"name": "Ann"}, {"name": "Ben"}]},
         "players.0.score"),
        ({"game": "scorepad", "played_on": "2024-01-01", "players": [{"name": "Ann", "score": 1}, {"name": "Ben"}]},
         "players.1.score"),
        ({"game": "scorepad", "played_on": "2024-01-01", "players": [{"name": "Ann", "place": 1}, {"name": "Ben"}]},
         "players.1.place"),
        ({"game": "scorepad", "played_on": "2024-01-01", "players": [{"name": "Ann", "place": 1},
                                                                      {"name": "Ben", "place": 3}]}, "players.1.place"),
        ({"game": "scorepad", "played_on": "2024-01-01", "players": [{"name": "Ann", "score": 1.5},
                                                                      {"name": "Ben", "score": 2}]}, "players.0.score"),
        ({"game": "scorepad", "played_on": "2024-01-01", "players": [{"name": "Ann", "score": 1, "team": "a"},
                                                                      {"name": "Ben", "score": 2, "team": "a"}]},
         "players.0.team"),
        ({"game": "scorepad", "played_on": "2024-01-01", "players": TWO, "sheet": {"players": []}}, "players"),
        ({"game": "scorepad", "played_on": "2024-01-01", "sheet": {"players": "x"}}, "sheet.players"),
        ({"id": "not-a-uuid", "game": "scorepad", "played_on": "2024-01-01", "players": TWO}, "id"),
    ],
)
def test_bad_results_are_422_naming_the_field_and_nothing_is_stored(client, body, field):
    league = new_league(client)
    response = post_result(client, league, body)
    assert response.status_code == 422, response.get_json()
    assert field in response.get_json()["errors"], response.get_json()
    assert get(client, league, "/results")["results"] == []


# --- export and import ----------------------------------------------------------------------------------------


def csv_rows(response):
    text = response.get_data(as_text=True)
    assert text.startswith("\ufeff")  # the byte-order mark: Excel on Windows then reads UTF-8 (Würfelspiel)
    return list(csv.reader(io.StringIO(text.removeprefix("\ufeff"))))


def test_csv_export_has_a_row_per_player_per_result(client, played):
    response = client.get(f"/api/leagues/{played['id']}/export.csv", headers=auth(played["viewer_token"]))
    assert response.mimetype == "text/csv"
    rows = csv_rows(response)
    assert rows[0] == ["Result", "Date", "Game", "Player", "Score", "Place", "Team"]
    assert len(rows) == 1 + 3 + 3 + 3 + 4 + 2
    assert rows[1] == ["1", "2024-01-01", "Score pad", "Ann", "10", "1", ""]
    assert rows[10] == ["4", "2024-01-04", "Score pad", "Ann", "4", "2", "x"]


def test_the_csv_is_for_a_person_in_their_language_named_for_the_league_and_the_day(client):
    made = client.post("/api/leagues", json={"name": "Würfel-Abend Köln"}).get_json()
    for name in ("Jürgen", "Anna"):
        client.post(f"/api/leagues/{made['id']}/players", json={"name": name}, headers=auth(made["member_token"]))
    body = {"game": "wuerfelspiel", "played_on": "2026-11-30",
            "players": [{"name": "Jürgen", "score": 9}, {"name": "Anna", "score": 7}]}
    assert client.post(f"/api/leagues/{made['id']}/results", json=body,
                       headers=auth(made["member_token"])).status_code == 201
    german = {**auth(made["viewer_token"]), "Accept-Language": "de"}
    response = client.get(f"/api/leagues/{made['id']}/export.csv", headers=german)
    rows = csv_rows(response)
    assert rows[0] == ["Ergebnis", "Datum", "Spiel", "Spieler", "Punkte", "Platz", "Team"]
    assert rows[1] == ["1", "2026-11-30", "Make 'n' Break Würfelspiel", "Jürgen", "9", "1", ""]
    today = dt.date.today().isoformat()
    disposition = response.headers["Content-Disposition"]
    assert f"filename*=UTF-8''W%C3%BCrfel-Abend-K%C3%B6ln-{today}.csv" in disposition
    assert f'filename="Wurfel-Abend-Koln-{today}.csv"' in disposition  # for clients without filename*
    exported = client.get(f"/api/leagues/{made['id']}/export", headers=auth(made["admin_token"]))
    assert f"W%C3%BCrfel-Abend-K%C3%B6ln-{today}.json" in exported.headers["Content-Disposition"]


def test_export_import_round_trip_is_lossless(client, played):
    admin = auth(played["admin_token"])
    client.post(f"/api/leagues/{played['id']}/seasons", headers=admin,
                json={"name": "Week 2", "starts_on": "2024-01-03", "ends_on": "2024-01-05"})
    client.put(f"/api/leagues/{played['id']}/rules", headers=admin, json={"make-n-break": {"rounds": 3}})
    rid = get(client, played, "/results")["results"][0]["id"]
    client.put(f"/api/leagues/{played['id']}/results/{rid}", headers=admin, json={
        "game": "scorepad", "played_on": "2024-01-05",
        "players": [{"name": "Ben", "score": 2}, {"name": "Dee", "score": 3}]})
    exported = client.get(f"/api/leagues/{played['id']}/export", headers=admin).get_json()
    assert exported["format"] == "scorekeeper-league" and len(exported["results"]) == 5

    response = client.post("/api/leagues/import", json=exported)
    assert response.status_code == 201, response.get_json()
    copy = response.get_json()
    assert copy["id"] != played["id"] and copy["admin_token"] != played["admin_token"]
    again = client.get(f"/api/leagues/{copy['id']}/export", headers=auth(copy["admin_token"])).get_json()
    # The digest is the league's own (of its player ids), computed on import; all else is kept as it was.
    assert [r.pop("digest") != "" for r in again["results"]] == [r.pop("digest") != "" for r in exported["results"]]
    assert again == exported
    for query in ({}, {"game": "scorepad"}):
        assert get(client, copy, "/standings", **query) == get(client, played, "/standings", **query)
    assert get(client, copy, "/leaderboards") == get(client, played, "/leaderboards")
    assert get(client, copy, f"/results/{rid}")["history"] == get(client, played, f"/results/{rid}")["history"]


def test_a_league_with_results_scored_from_sheets_imports_from_its_own_export(client, played):
    """An export lists each result's players and, for one scored from a sheet, the sheet too: the import takes
    both as stored (not re-scored: the rules or the house rules may have changed since), so it round-trips."""
    admin = auth(played["admin_token"])
    sheet = {"players": [{"name": "Ann", "points": [3, 4]}, {"name": "Ben", "points": [9, -1]}]}
    body = {"game": "scorepad", "played_on": "2024-01-06", "sheet": sheet}
    assert post_result(client, played, body).status_code == 201
    # Golf-style from now on: the sheet above was scored highest first and stays so.
    assert client.put(f"/api/leagues/{played['id']}/rules", headers=admin,
                      json={"scorepad": {"lowest_wins": True}}).status_code == 200
    body = {"game": "scorepad", "played_on": "2024-01-07", "sheet": sheet}
    assert post_result(client, played, body).status_code == 201
    exported = client.get(f"/api/leagues/{played['id']}/export", headers=admin).get_json()
    assert [r["sheet"] is not None for r in exported["results"]][-2:] == [True, True]

    response = client.post("/api/leagues/import", json=exported)
    assert response.status_code == 201, response.get_json()
    copy = response.get_json()
    again = client.get(f"/api/leagues/{copy['id']}/export", headers=auth(copy["admin_token"])).get_json()
    for r in (*again["results"], *exported["results"]):
        r.pop("digest")
    assert again == exported
    assert get(client, copy, "/standings") == get(client, played, "/standings")


def test_bad_imports_store_nothing(app, client, played):
    exported = client.get(f"/api/leagues/{played['id']}/export", headers=auth(played["admin_token"])).get_json()
    broken = json.loads(json.dumps(exported))
    broken["results"][3]["players"][1]["name"] = "Zed"
    response = client.post("/api/leagues/import", json=broken)
    assert response.status_code == 422 and "results.3.players.1.name" in response.get_json()["errors"]
    wrong_format = client.post("/api/leagues/import", json={**exported, "format": "other"})
    assert wrong_format.status_code == 422 and "format" in wrong_format.get_json()["errors"]

    from scorekeeper.extensions import db
    from scorekeeper.models import League

    with app.app_context():
        assert db.session.query(League).count() == 1  # only the played league: nothing was imported
