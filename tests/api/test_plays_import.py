"""Plays from a saved BoardGameGeek plays file (XML) and a BG Stats file into a new league
(POST /api/leagues/import/bgg) or an existing one, previewed first (POST /api/leagues/{id}/import/preview,
then /import/confirm): games chosen, names mapped, each play once. SQLite and PostgreSQL."""

from __future__ import annotations

import json
import os

import pytest
from api_calls import auth
from sqlalchemy import func, select
from test_bgstats_export import club, download
from test_bgstats_import import results, standings
from test_league_endings import new_league
from test_league_import_offload import offloading  # noqa: F401, F811 (a fixture)

from scorekeeper import offload
from scorekeeper.extensions import db
from scorekeeper.models import League, LeaguePlayer, LeagueResult
from scorekeeper.services.league_import import MAX_RESULTS

BGG_URL = "/api/leagues/import/bgg"
XML = {"Content-Type": "application/xml"}


def player(name="", score="", win="0", **more):
    attrs = {"username": "", "userid": "0", "name": name, "startposition": "", "color": "", "score": score,
             "new": "0", "rating": "0", "win": win, **more}
    return "<player " + " ".join(f'{k}="{v}"' for k, v in attrs.items()) + "/>"


def bgg_play(play_id, game, date, *players, **attrs):
    base = {"id": str(play_id), "date": date, "quantity": "1", "length": "0", "incomplete": "0",
            "nowinstats": "0", "location": "", **attrs}
    head = " ".join(f'{k}="{v}"' for k, v in base.items())
    return (f'<play {head}><item name="{game}" objecttype="thing" objectid="{1000 + play_id}">'
            f'<subtypes><subtype value="boardgame"/></subtypes></item><comments>a good one</comments>'
            f'<players>{"".join(players)}</players></play>')


def bgg_file(*plays, prolog='<?xml version="1.0" encoding="utf-8"?>'):
    return (f'{prolog}<plays username="ann" userid="7" total="{len(plays)}" page="1" '
            f'termsofuse="https://boardgamegeek.com/xmlapi/termsofuse">{"".join(plays)}</plays>').encode()


ODD = bgg_file(
    # Spaces around scores, a tie for first: the winners marked agree with highest first.
    bgg_play(101, "Bresk!", "2026-10-01", player("Ann", " 12 ", "1"), player("Ben", "12", "1"),
             player("Cy", "3")),
    # Lowest first (the winner marked has the lowest score): a golf-like game of another name.
    bgg_play(102, "Mini Golf", "2026-10-02", player("Ann", "71"), player("Ben", "64", "1"), player("Cy", "80")),
    # No scores: the winner first, everyone else shares the next place; a player known by username only.
    bgg_play(103, "make n break extreme", "2026-10-03", player("Ann", win="1"), player("", username="benny"),
             player("Cy")),
    # Scores and no winner marked: the game ranks them. Unknown attributes and elements are ignored.
    bgg_play(104, "  Block   Buster ", "2026-10-04", player("Ann", "5", shoe="42"), player("Ben", "9"),
             mood="fine"),
    # Twice in one line of the log.
    bgg_play(105, "Catan", "2026-10-05", player("Ann", "10", "1"), player("Di", "7"), quantity="2"),
    # Left out: not finished, not for the stats, one player.
    bgg_play(106, "Catan", "2026-10-06", player("Ann", "3"), player("Di", "4"), incomplete="1"),
    bgg_play(107, "Catan", "2026-10-07", player("Ann", "3"), player("Di", "4"), nowinstats="1"),
    bgg_play(108, "Solitaire", "2026-10-08", player("Ann", "3", "1")),
)


def places(result):
    return [(p["name"], p["score"], p["place"]) for p in result["players"]]


def counts(app):
    with app.app_context():
        return tuple(db.session.scalar(select(func.count()).select_from(m)) for m in (League, LeagueResult,
                                                                                       LeaguePlayer))


def revision(app, league):
    with app.app_context():
        return db.session.scalar(select(League.revision).where(League.public_id == league["id"]))


def test_an_odd_bgg_file_as_a_new_league(client):
    made = client.post(BGG_URL, data=ODD, headers=XML, query_string={"name": "From BGG"})
    assert made.status_code == 201, made.get_json()
    league = made.get_json()
    assert league["name"] == "From BGG"
    assert league["left_out"] == [{"game": "Catan", "why": "incomplete", "plays": 1},
                                  {"game": "Catan", "why": "no_win_stats", "plays": 1},
                                  {"game": "Solitaire", "why": "one_player", "plays": 1}]
    got = {r["id"]: r for r in results(client, league)}
    assert sorted(got) == ["bgg-101", "bgg-102", "bgg-103", "bgg-104", "bgg-105", "bgg-105-2"]
    assert got["bgg-101"]["game"] == "bresk" and got["bgg-101"]["played_on"] == "2026-10-01"
    assert places(got["bgg-101"]) == [("Ann", 12, 1), ("Ben", 12, 1), ("Cy", 3, 3)]
    assert (got["bgg-102"]["game"], got["bgg-102"]["game_name"]) == ("scorepad", "Mini Golf")
    assert places(got["bgg-102"]) == [("Ann", 71, 2), ("Ben", 64, 1), ("Cy", 80, 3)]
    assert got["bgg-103"]["game"] == "make-n-break"
    assert places(got["bgg-103"]) == [("Ann", None, 1), ("benny", None, 2), ("Cy", None, 2)]
    assert got["bgg-104"]["game"] == "block-buster"
    assert places(got["bgg-104"]) == [("Ann", 5, 2), ("Ben", 9, 1)]
    assert places(got["bgg-105-2"]) == places(got["bgg-105"]) == [("Ann", 10, 1), ("Di", 7, 2)]


BOMB = (b'<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>'
        b'<plays><play id="1" date="2026-10-01"><item name="&lol2;"/></play></plays>')
EXTERNAL = (b'<?xml version="1.0"?><!DOCTYPE plays [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
            b'<plays><play id="1" date="2026-10-01"><item name="&x;"/></play></plays>')
TWO = [player("Ann", "1", "1"), player("Ben", "0")]


@pytest.mark.parametrize("body, field", [
    (b"not xml at all", "plays"),
    (b"<plays><play id='1'", "plays"),
    (BOMB, "plays"),
    (EXTERNAL, "plays"),
    (b"<games/>", "plays"),
    (b"", "plays"),
    (bgg_file(bgg_play(1, "Bresk!", "2026-10-01", *TWO), bgg_play(2, "Bresk!", "yesterday", *TWO)), "play.1.date"),
    (bgg_file(bgg_play(1, "Bresk!", "2026-13-40", *TWO)), "play.0.date"),
    (bgg_file(bgg_play(1, "Bresk!", "2026-10-01", player("Ann", "twelve"), player("Ben", "3"))),
     "play.0.player.0.score"),
    (bgg_file(bgg_play(1, "Bresk!", "2026-10-01", player("Ann", "1.5"), player("Ben", "3"))), "play.0.player.0.score"),
    (bgg_file(bgg_play(1, "Bresk!", "2026-10-01", player("Ann", "1", "yes"), player("Ben", "3"))),
     "play.0.player.0.win"),
    (bgg_file(bgg_play(1, "Bresk!", "2026-10-01", player("Ann"), player(""))), "play.0.player.1.name"),
    (bgg_file(bgg_play(1, "Bresk!", "2026-10-01", player("Ann"), player("A" * 81))), "play.0.player.1.name"),
    (bgg_file(bgg_play(1, "Bresk!", "2026-10-01", player("Ann"), player("Ann"))), "play.0.player.1.name"),
    (bgg_file(bgg_play(1, "Bresk!", "2026-10-01", *TWO, id="x1")), "play.0.id"),
    (bgg_file(bgg_play(1, "", "2026-10-01", *TWO)), "play.0.item.name"),
    (bgg_file(bgg_play(1, "Bresk!", "2026-10-01", *TWO, quantity="0")), "play.0.quantity"),
    (bgg_file(bgg_play(1, "Bresk!", "2026-10-01", *TWO, quantity="many")), "play.0.quantity"),
    (bgg_file(bgg_play(1, "Bresk!", "2026-10-01", *TWO), bgg_play(1, "Bresk!", "2026-10-02", *TWO)), "play.1.id"),
    (bgg_file(bgg_play(1, "Bresk!", "2026-10-01")), "play.0.player"),
    (bgg_file(bgg_play(1, "Bresk!", "1850-10-01", *TWO)), "play.0.date"),
])
def test_a_malformed_bgg_file_is_a_422_naming_the_field_and_writes_nothing(app, client, body, field):
    before = counts(app)
    response = client.post(BGG_URL, data=body, headers=XML)
    assert response.status_code == 422, response.get_json()
    assert field in response.get_json()["errors"], response.get_json()
    assert counts(app) == before


def many(n):
    return bgg_file(*[bgg_play(i + 1, "Bresk!", f"2026-{1 + i % 11:02d}-{1 + i % 28:02d}",
                               player("Ann", str(i % 40), "1" if i % 40 >= (i * 7) % 40 else "0"),
                               player("Ben", str((i * 7) % 40), "1" if (i * 7) % 40 >= i % 40 else "0"))
                      for i in range(n)])


def test_a_five_thousand_play_bgg_file(client):
    made = client.post(BGG_URL, data=many(MAX_RESULTS), headers=XML)
    assert made.status_code == 201, made.get_json()
    rows = standings(client, made.get_json())["rows"]
    assert sum(r["played"] for r in rows) == 2 * MAX_RESULTS


def test_more_plays_than_an_import_holds_is_a_413(app, client):
    before = counts(app)
    response = client.post(BGG_URL, data=many(MAX_RESULTS + 1), headers=XML)
    assert response.status_code == 413, response.get_json()
    assert "plays" in response.get_json()["errors"]
    assert counts(app) == before


# --- into an existing league ---------------------------------------------------------------------------


def preview(client, league, body, token=None):
    return client.post(f"/api/leagues/{league['id']}/import/preview", json=body,
                       headers=auth(token or league["admin_token"]))


def confirm(client, league, body, token=None):
    return client.post(f"/api/leagues/{league['id']}/import/confirm", json=body,
                       headers=auth(token or league["admin_token"]))


def test_a_bgg_file_into_a_league_previewed_mapped_chosen_and_never_twice(app, client):
    league = new_league(client, players=("ann", "Benjamin", "Cy Young"))
    body = {"format": "bgg", "file": ODD.decode()}
    before, rev = counts(app), revision(app, league)
    seen = preview(client, league, body)
    assert seen.status_code == 200, seen.get_json()
    shown = seen.get_json()
    assert counts(app) == before and revision(app, league) == rev  # a preview writes nothing
    assert shown["added"] == 6 and shown["already"] == 0
    who = {p["name"]: (p["suggested"], p["player"]) for p in shown["players"]}
    assert who == {"Ann": ("ann", "ann"), "Ben": (None, None), "benny": (None, None), "Cy": (None, None),
                   "Di": (None, None)}
    assert sorted(shown["new_players"]) == ["Ben", "Cy", "Di", "benny"]
    assert {g["name"]: (g["game"], g["plays"], g["new"]) for g in shown["games"]} == {
        "Bresk!": ("bresk", 1, 1), "Mini Golf": ("scorepad", 1, 1), "make n break extreme": ("make-n-break", 1, 1),
        "Block Buster": ("block-buster", 1, 1), "Catan": ("scorepad", 4, 2), "Solitaire": ("scorepad", 1, 0)}
    # The user maps Ben and benny onto Benjamin, Cy onto Cy Young, and leaves Catan out.
    choice = {**body, "players": {"Ben": "benjamin", "benny": "Benjamin", "Cy": "cy  young"},
              "games": ["Bresk!", "Mini Golf", "make n break extreme", "Block Buster"]}
    seen = preview(client, league, choice).get_json()
    assert seen["added"] == 4 and seen["new_players"] == []
    assert {"game": "Catan", "why": "not_chosen", "plays": 2} in seen["left_out"]
    assert counts(app) == before
    done = confirm(client, league, choice)
    assert done.status_code == 200, done.get_json()
    assert {k: done.get_json()[k] for k in ("added", "already", "new_players")} == {
        "added": 4, "already": 0, "new_players": []}
    assert done.get_json()["games"] == seen["games"]
    got = {r["id"]: r for r in results(client, league)}
    assert sorted(got) == ["bgg-101", "bgg-102", "bgg-103", "bgg-104"]
    assert places(got["bgg-103"]) == [("ann", None, 1), ("Benjamin", None, 2), ("Cy Young", None, 2)]
    # Again, with every game: only Catan's two plays are new; then nothing is, and the answer says so.
    everything = {**choice, "games": None}
    again = confirm(client, league, everything).get_json()
    assert (again["added"], again["already"], again["new_players"]) == (2, 4, ["Di"])
    rev = revision(app, league)
    last = confirm(client, league, everything).get_json()
    assert (last["added"], last["already"], last["new_players"]) == (0, 6, [])
    assert revision(app, league) == rev and len(results(client, league)) == 6


def test_our_league_out_to_bg_stats_and_back_into_itself_adds_nothing(app, client):
    league = club(client)
    file = download(client, league)
    before = standings(client, league)
    for body in ({"format": "bgstats", "file": file}, {"format": "bgstats", "file": json.dumps(file)}):
        done = confirm(client, league, body)
        assert done.status_code == 200, done.get_json()
        assert (done.get_json()["added"], done.get_json()["already"]) == (0, len(file["plays"]))
    assert standings(client, league) == before


def test_a_bg_stats_file_into_a_fresh_league_gives_the_same_standings(client):
    league = club(client)
    file = download(client, league)
    fresh = new_league(client, players=())
    done = confirm(client, fresh, {"format": "bgstats", "file": file})
    assert done.status_code == 200, done.get_json()
    assert done.get_json()["added"] == len(file["plays"])
    # The golf pad's rule is the fresh league's own to set (it is not the file's to change).
    client.put(f"/api/leagues/{fresh['id']}/rules", json={"scorepad": {"lowest_wins": True}},
               headers=auth(fresh["admin_token"]))
    for game in (None, "make-n-break", "block-buster", "scorepad", "bresk"):
        query = {"game": game} if game else {}
        assert standings(client, fresh, **query) == standings(client, league, **query), game


def test_a_named_score_pad_result_goes_out_to_bg_stats_under_its_name(client):
    made = client.post(BGG_URL, data=ODD, headers=XML).get_json()
    assert made["name"] == "BoardGameGeek"
    file = download(client, made)
    assert {g["name"] for g in file["games"]} >= {"Catan", "Mini Golf", "Bresk!"}
    catan = next(g for g in file["games"] if g["name"] == "Catan")
    assert "sourceGameId" not in catan
    back = client.post("/api/leagues/import/bgstats", json=file).get_json()
    got = {r["game_name"] for r in results(client, back) if "game_name" in r}
    assert got == {"Catan", "Mini Golf"}


@pytest.mark.parametrize("body, field", [
    ({"format": "bgg", "file": "<plays><play"}, "plays"),
    ({"format": "bgg", "file": {"plays": []}}, "file"),
    ({"format": "bgstats", "file": "{not json"}, "file"),
    ({"format": "bgstats", "file": {"plays": [{"uuid": "u1", "playDate": "2026-10-01", "gameRefId": 1,
                                               "playerScores": [{"playerRefId": 1, "score": "x"}]}],
                                    "games": [{"id": 1, "name": "Bresk!"}], "players": [{"id": 1, "name": "A"}]}},
     "plays.0.playerScores.0.score"),
    ({"format": "pdf", "file": ""}, "format"),
    ({"format": "bgg", "file": ODD.decode(), "players": {"Ann": "Nobody"}}, "players.Ann"),
    ({"format": "bgg", "file": ODD.decode(), "games": ["Chess"]}, "games.0"),
    ({"format": "bgg", "file": ODD.decode(), "players": {"Ben": "Ana", "Cy": "Ana"}}, "play.0.player.2.name"),
])
def test_a_bad_import_into_a_league_is_a_422_naming_the_field_and_writes_nothing(app, client, body, field):
    league = new_league(client)
    before, rev = counts(app), revision(app, league)
    for send in (preview, confirm):
        response = send(client, league, body)
        assert response.status_code == 422, response.get_json()
        assert field in response.get_json()["errors"], response.get_json()
    assert counts(app) == before and revision(app, league) == rev


def test_only_the_admin_imports_into_a_league(client):
    league = new_league(client)
    body = {"format": "bgg", "file": ODD.decode()}
    assert preview(client, league, body, token=league["member_token"]).status_code == 403
    assert confirm(client, league, body, token=league["viewer_token"]).status_code == 403
    assert client.post(f"/api/leagues/{league['id']}/import/confirm", json=body).status_code == 401
    assert results(client, league) == []


def test_a_five_thousand_play_file_into_a_league_and_again(client):
    league = new_league(client, players=("Ann", "Ben"))
    body = {"format": "bgg", "file": many(MAX_RESULTS).decode()}
    done = confirm(client, league, body)
    assert done.status_code == 200, done.get_json()
    assert done.get_json()["added"] == MAX_RESULTS and done.get_json()["new_players"] == []
    again = confirm(client, league, body).get_json()
    assert (again["added"], again["already"]) == (0, MAX_RESULTS)


def test_through_the_import_process_with_the_admin_link_and_the_xml(offloading):  # noqa: F811
    client = offloading.test_client()
    made = client.post(BGG_URL, data=ODD, headers=XML)
    assert made.status_code == 201, made.get_json()
    (pid,) = offload.pool(offloading).pids()
    assert pid != os.getpid()
    league = new_league(client, players=("Ann",))
    body = {"format": "bgg", "file": ODD.decode()}
    assert confirm(client, league, body, token=league["member_token"]).status_code == 403
    done = confirm(client, league, body)
    assert done.status_code == 200, done.get_json()
    assert done.get_json()["added"] == 6 and offload.pool(offloading).pids() == [pid]
    assert confirm(client, league, body).get_json()["already"] == 6


def test_no_admin_link_is_a_401_whatever_the_body(client):
    league = new_league(client)
    for body in ({"format": "bgg", "file": None}, {"format": "bgstats", "file": None}):
        assert client.post(f"/api/leagues/{league['id']}/import/preview", json=body).status_code == 401
        refused = preview(client, league, body)
        assert refused.status_code == 422 and refused.get_json()["errors"], refused.get_json()
