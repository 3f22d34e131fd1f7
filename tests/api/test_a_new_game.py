"""Adding a game is its rules module, its phone panel and one registry line (docs/ARCHITECTURE.md §5).

A tiny game made here, in the test only, is registered and played through the API: a table, its
events, the game's end, a score sheet, a league's house rule, a league result (posted by the table,
typed in, scored from a sheet) and the standings. Nothing outside its definition names it.
"""

from __future__ import annotations

import datetime as dt
import uuid
from typing import Any

import pytest
from support import wipe

from scorekeeper import create_app, games
from scorekeeper.extensions import db
from scorekeeper.games.base import (
    Game,
    Line,
    Option,
    PlayerResult,
    Result,
    RuleError,
    check_typed_final,
    dispatch,
    places_from_result,
    rank_sides,
    resolve_options,
    winners_by_total,
)
from scorekeeper.models import League
from scorekeeper.services import leagues

# --- Tally: each mark is a point; the first to the target wins ------------------------------------

OPTIONS = (Option("target", 3, "Marks that win the game.", minimum=1, maximum=9, label="Marks to win", league=True),)


def setup(options: dict[str, Any] | None, seats: list[str]) -> dict[str, Any]:
    return {"options": resolve_options(OPTIONS, options), "seats": list(seats), "marks": [0] * len(seats)}


def _mark(state: dict[str, Any], data: dict[str, Any]) -> dict[str, Any]:
    seat = data.get("seat")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(state["seats"]):
        raise RuleError("bad_seat", "Say whose mark it is.", "data.seat")
    if max(state["marks"]) >= state["options"]["target"]:
        raise RuleError("game_over", "The game is over.")
    marks = list(state["marks"])
    marks[seat] += 1
    return {**state, "marks": marks}


def apply(state: dict[str, Any], event: dict[str, Any], **_: Any) -> dict[str, Any]:
    return dispatch({"mark": _mark}, state, event, "Tally")


def result(state: dict[str, Any], **_: Any) -> Result:
    players = [PlayerResult(name, marks, [Line("Marks", marks)]) for name, marks in zip(state["seats"], state["marks"],
                                                                                         strict=True)]
    finished = max(state["marks"]) >= state["options"]["target"]
    return Result("tally", players, winners_by_total(players) if finished else [], finished, "first to the target")


def score_sheet(sheet: dict[str, Any], **_: Any) -> Result:
    state = setup({"target": max(p["marks"] for p in sheet["players"])}, [p["name"] for p in sheet["players"]])
    return result({**state, "marks": [p["marks"] for p in sheet["players"]]})


def check_final(players: list[dict[str, Any]], **_: Any) -> None:
    check_typed_final(players, game="Tally", min_players=2, max_players=4, floor=0, floor_rule="marks only add")


TALLY = Game(
    id="tally", name="Tally", MIN_SEATS=2, MAX_SEATS=4, OPTIONS=OPTIONS, EVENT_FIELDS={"mark": ("seat",)},
    catalogue=lambda: {"id": "tally", "name": "Tally", "summary": "First to the target.", "min_seats": 2,
                       "max_seats": 4},
    setup=setup, apply=apply, result=result, score_sheet=score_sheet,
    league_places=places_from_result, places_from_scores=rank_sides, check_final=check_final,
)


@pytest.fixture
def client(backend, monkeypatch):
    monkeypatch.setitem(games.REGISTRY, TALLY.id, TALLY)  # the one registry line, made before the app is
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": backend["url"]})
    wipe(app)
    yield app.test_client()
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def mark(client, code: str, seat: int, **extra):
    return client.post(f"/api/tables/{code}/events",
                       json={"id": str(uuid.uuid4()), "type": "mark", "data": {"seat": seat, **extra}})


def test_a_game_registered_in_one_line_is_played_through_the_api(client):
    listed = {g["id"]: g for g in client.get("/api/games").get_json()["games"]}["tally"]
    assert listed["options"] == [{"name": "target", "label": "Marks to win", "type": "integer", "default": 3,
                                  "description": "Marks that win the game.", "league": True, "minimum": 1,
                                  "maximum": 9}]
    assert listed["word_list_option"] is None

    created = client.post("/api/tables", json={"game": "tally", "options": {"target": 2},
                                               "seats": [{"name": "Ann"}, {"name": "Ben"}]})
    assert created.status_code == 201, created.get_json()
    code = created.get_json()["code"]
    refused = client.post("/api/tables", json={"game": "tally", "options": {"target": 10},
                                               "seats": [{"name": "Ann"}, {"name": "Ben"}]})
    assert refused.status_code == 422 and "options.target" in refused.get_json()["errors"]
    extra_field = mark(client, code, 0, colour="red")  # only the fields its EVENT_FIELDS declare
    assert extra_field.status_code == 422 and "data.colour" in extra_field.get_json()["errors"]

    assert mark(client, code, 0).status_code == 201
    assert mark(client, code, 1).status_code == 201
    done = mark(client, code, 0).get_json()["table"]
    assert done["result"]["finished"] and done["result"]["winners"] == ["Ann"]
    over = mark(client, code, 1)
    assert over.status_code == 422 and over.get_json()["code"] == "game_over"
    undone = client.post(f"/api/tables/{code}/events", json={"id": str(uuid.uuid4()), "type": "undo",
                                                             "data": {"seq": done["undo_seq"]}})
    assert undone.get_json()["table"]["result"]["finished"] is False

    sheet = {"players": [{"name": "Ann", "marks": 1}, {"name": "Ben", "marks": 4}]}
    scored = client.post("/api/games/tally/score", json=sheet)
    assert scored.status_code == 200 and scored.get_json()["winners"] == ["Ben"]


def test_a_new_game_in_a_league_house_rule_results_and_standings(client):
    league = client.post("/api/leagues", json={"name": "Club"}).get_json()
    member, viewer = auth(league["member_token"]), auth(league["viewer_token"])
    with client.application.app_context():  # the house rule, as the league's settings screen saves it
        row = db.session.query(League).one()
        leagues.set_rules(row, {"tally": {"target": 1}})
        with pytest.raises(Exception, match="target must be at most 9") as too_many:  # the option's own limit
            leagues.set_rules(row, {"tally": {"target": 12}})
        assert too_many.value.field == "tally.target"

    table = client.post("/api/tables", headers=member, json={
        "game": "tally", "league": league["id"], "seats": [{"name": "Ann"}, {"name": "Ben"}]}).get_json()
    assert table["options"] == {"target": 1}  # the league's house rule
    assert mark(client, table["code"], 1).get_json()["table"]["result"]["finished"]  # posted to the league

    today = dt.date.today().isoformat()
    typed = client.post(f"/api/leagues/{league['id']}/results", headers=member, json={
        "game": "tally", "played_on": today, "players": [{"name": "Ann", "score": 3}, {"name": "Ben", "score": 1}]})
    assert typed.status_code == 201, typed.get_json()
    impossible = client.post(f"/api/leagues/{league['id']}/results", headers=member, json={
        "game": "tally", "played_on": today, "players": [{"name": "Ann", "score": -1}, {"name": "Ben", "score": 1}]})
    assert impossible.status_code == 422 and "players.0.score" in impossible.get_json()["errors"]
    assert "marks only add" in impossible.get_json()["message"]
    from_sheet = client.post(f"/api/leagues/{league['id']}/results", headers=member, json={
        "game": "tally", "played_on": today, "sheet": {"players": [{"name": "Ann", "marks": 2},
                                                                  {"name": "Ben", "marks": 5}]}})
    assert from_sheet.status_code == 201, from_sheet.get_json()
    assert [p["place"] for p in from_sheet.get_json()["players"]] == [2, 1]

    rows = client.get(f"/api/leagues/{league['id']}/standings", query_string={"game": "tally"},
                      headers=viewer).get_json()["rows"]
    assert [(r["player"], r["played"], r["wins"]) for r in rows] == [("Ben", 3, 2), ("Ann", 3, 1)]
