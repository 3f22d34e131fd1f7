"""Saved standings tallies: carried forward one result at a time, recounted when the past changes,
and always equal to counting every result from scratch."""

from __future__ import annotations

import datetime as dt

import pytest
from sqlalchemy import delete, select
from test_leagues import RESULTS, auth, get, new_league, post_result

from scorekeeper.extensions import db
from scorekeeper.models import League, LeagueTally
from scorekeeper.services import standings
from scorekeeper.services.league_stats import Tally


@pytest.fixture
def counted(monkeypatch):
    """Which results get rated (Tally.count calls, by row) — the expensive step a saved tally saves."""
    calls = []
    real = Tally.count

    def count(self, played_on, row, version, entries):
        calls.append(row)
        return real(self, played_on, row, version, entries)

    monkeypatch.setattr(Tally, "count", count)
    return calls


def from_scratch(app, client, league, **query):
    """The standings with no saved tally and nothing kept in the process."""
    with app.app_context():
        db.session.execute(delete(LeagueTally))
        db.session.commit()
    standings.forget()
    return get(client, league, "/standings", **query)["rows"]


def saved_revisions(app):
    with app.app_context():
        return sorted(db.session.execute(select(LeagueTally.scope, LeagueTally.revision)).all())


def result(day, *players):
    return {"game": "scorepad", "played_on": day, "players": [{"name": n, "score": s} for n, s in players]}


def test_a_new_result_is_rated_alone_even_after_a_restart(app, client, counted):
    league = new_league(client)
    for body in RESULTS:
        assert post_result(client, league, body).status_code == 201
    first = get(client, league, "/standings")["rows"]
    assert len(counted) == len(RESULTS)
    assert len(saved_revisions(app)) == 1
    standings.forget()  # as after a restart, or in another worker or instance
    counted.clear()
    assert get(client, league, "/standings")["rows"] == first
    assert counted == []  # read back, not recounted
    assert post_result(client, league, result("2024-02-01", ("Ann", 3), ("Cy", 9))).status_code == 201
    rows = get(client, league, "/standings")["rows"]
    assert len(counted) == 1
    assert rows == from_scratch(app, client, league)
    assert rows != first


def correct_oldest(client, league, body):
    rid = get(client, league, "/results")["results"][-1]["id"]  # 2024-01-01
    response = client.put(f"/api/leagues/{league['id']}/results/{rid}", json=body, headers=auth(league["admin_token"]))
    assert response.status_code == 200, response.get_json()


# How many results each change makes the next view rate: all of them when the past changed.
CHANGES = {"correction": len(RESULTS), "back-dated": len(RESULTS) + 1, "same-day": 1,
           "moved out and one back-dated in": len(RESULTS) + 1}


@pytest.mark.parametrize("change", CHANGES)
def test_a_changed_past_is_recounted_and_matches_counting_from_scratch(app, client, counted, change):
    league = new_league(client)
    for body in RESULTS:
        assert post_result(client, league, body).status_code == 201
    before = get(client, league, "/standings")["rows"]
    if change == "correction":
        correct_oldest(client, league, result("2024-01-01", ("Ann", 1), ("Ben", 5), ("Cy", 9)))
    elif change == "back-dated":
        assert post_result(client, league, result("2023-12-31", ("Dee", 9), ("Ann", 1))).status_code == 201
    elif change == "same-day":  # the last day again: counts after the results already there
        assert post_result(client, league, result("2024-01-05", ("Dee", 9), ("Ben", 1))).status_code == 201
    else:  # one result leaves the counted past and another enters it: the same number of results
        correct_oldest(client, league, result("2024-01-06", ("Ann", 10), ("Ben", 5), ("Cy", 5)))
        assert post_result(client, league, result("2023-12-31", ("Dee", 9), ("Ann", 1))).status_code == 201
    counted.clear()
    rows = get(client, league, "/standings")["rows"]
    assert len(counted) == CHANGES[change]
    assert rows != before
    assert rows == from_scratch(app, client, league)


def test_each_season_and_game_has_its_own_tally(app, client):
    league = new_league(client)
    for body in RESULTS:
        assert post_result(client, league, body).status_code == 201
    season = client.post(f"/api/leagues/{league['id']}/seasons", headers=auth(league["admin_token"]),
                         json={"name": "First days", "starts_on": "2024-01-01", "ends_on": "2024-01-02"}).get_json()
    all_time = get(client, league, "/standings")["rows"]
    scorepad = get(client, league, "/standings", game="scorepad")["rows"]
    early = get(client, league, "/standings", season=season["id"])["rows"]
    assert len(saved_revisions(app)) == 3
    assert [r["played"] for r in early] == [2, 2, 2]
    assert {r["player"]: r["played"] for r in scorepad} == {"Ann": 3, "Ben": 4, "Cy": 3, "Dee": 2}
    assert all_time == from_scratch(app, client, league)
    assert scorepad == from_scratch(app, client, league, game="scorepad")
    assert early == from_scratch(app, client, league, season=season["id"])


def test_a_tally_saved_and_restored_rates_on_exactly(app, client):
    league = new_league(client)
    for body in RESULTS[:3]:
        assert post_result(client, league, body).status_code == 201
    with app.app_context():
        row = db.session.scalar(select(League).where(League.public_id == league["id"]))
        whole = standings.tally(row)
        again = Tally.loads(whole.dumps())
        assert again.dumps() == whole.dumps()
        names = {p: str(p) for p in whole.lines}
        assert again.standings(names) == whole.standings(names)


def test_a_tally_saved_in_another_format_is_counted_again(app, client, counted):
    league = new_league(client)
    for body in RESULTS:
        assert post_result(client, league, body).status_code == 201
    first = get(client, league, "/standings")["rows"]
    with app.app_context():
        db.session.execute(LeagueTally.__table__.update().values(data=b'{"lines": []}'))
        db.session.commit()
    standings.forget()
    counted.clear()
    assert get(client, league, "/standings")["rows"] == first
    assert len(counted) == len(RESULTS)


def test_entries_stored_out_of_their_order_are_counted_in_their_order(app, client, monkeypatch):
    """Counting from nothing reads entries in storage order and puts a result's in position order itself
    (a rating sums its pairs in that order: the last bits can depend on it), so the tally is the one made
    from the results as they are listed."""
    given = []
    real = Tally.count

    def count(self, played_on, row, version, entries):
        given.append([e[4] if len(e) > 4 else None for e in entries])
        return real(self, played_on, row, version, entries)

    league = new_league(client)
    for body in [*RESULTS, result("2024-01-06", ("Ann", 9), ("Ben", 7), ("Cy", 5), ("Dee", 3))]:
        assert post_result(client, league, body).status_code == 201
    with app.app_context():
        from scorekeeper.models import LeagueResult, ResultEntry

        row = db.session.scalar(select(League).where(League.public_id == league["id"]))
        # The last result (four players for themselves, from unequal ratings: each one's move sums three
        # pairs, so the order they are added in shows in the last bits) stored in reverse position order.
        first = db.session.scalar(select(LeagueResult.id).where(LeagueResult.played_on == dt.date(2024, 1, 6)))
        entries = db.session.scalars(select(ResultEntry).where(ResultEntry.result_id == first)
                                     .order_by(ResultEntry.position)).all()
        copies = [(e.player_id, e.position, e.score, e.place, e.team) for e in entries]
        db.session.execute(delete(ResultEntry).where(ResultEntry.result_id == first))
        db.session.flush()
        for player_id, position, score, place, team in reversed(copies):
            db.session.add(ResultEntry(result_id=first, player_id=player_id, position=position, score=score,
                                       place=place, team=team))
        db.session.commit()
        db.session.execute(delete(LeagueTally))
        db.session.commit()
        standings.forget()
        monkeypatch.setattr(Tally, "count", count)
        counted = standings.tally(row)
        monkeypatch.undo()
        assert [3, 2, 1, 0] not in given and [0, 1, 2, 3] in given
        in_order = Tally()
        for played in standings.results(row):
            in_order.add(played)
        assert [e.position for e in db.session.scalars(
            select(ResultEntry).where(ResultEntry.result_id == first).order_by(ResultEntry.id))] == [3, 2, 1, 0]
        assert counted.dumps() == in_order.dumps()
