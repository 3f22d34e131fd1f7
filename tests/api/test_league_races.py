"""One league's writes at the same moment: each is applied to the league as the one before it left it.

Six corrections of one result sent at once all answered 200, but two stored the same version, so the result's
history lost one and the league's own export no longer imported; two admin phones replacing a link at once each
answered a new link, and one of the two was dead. A write now takes the league's lock before it reads the league
(services/leagues.py ``authorize``), so they queue, on SQLite and PostgreSQL alike."""

from __future__ import annotations

import threading

from test_leagues import auth, new_league, post_result

SIX = 6


def at_once(calls):
    """Run the calls in threads started together; their answers (status, JSON) in the calls' order."""
    answers: list = [None] * len(calls)
    start = threading.Barrier(len(calls))

    def run(i, call):
        start.wait()
        response = call()
        answers[i] = (response.status_code, response.get_json(silent=True))

    threads = [threading.Thread(target=run, args=(i, call)) for i, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


def test_corrections_sent_at_once_each_become_a_version_of_their_own(app):
    client = app.test_client()
    league = new_league(client)
    body = {"game": "scorepad", "played_on": "2024-01-01",
            "players": [{"name": "Ann", "score": 10}, {"name": "Ben", "score": 5}]}
    uid = post_result(client, league, body).get_json()["id"]

    def correction(score):
        fixed = {**body, "players": [{"name": "Ann", "score": score}, {"name": "Ben", "score": 5}]}
        return lambda: app.test_client().put(f"/api/leagues/{league['id']}/results/{uid}", json=fixed,
                                             headers=auth(league["admin_token"]))

    answers = at_once([correction(score) for score in range(11, 11 + SIX)])
    assert [status for status, _ in answers] == [200] * SIX, answers
    result = client.get(f"/api/leagues/{league['id']}/results/{uid}", headers=auth(league["viewer_token"])).get_json()
    assert result["version"] == 1 + SIX
    # Each correction kept the version it replaced: one of each, none lost (an answer shows the result as it is
    # once that correction is in, which may already be the next one's).
    assert sorted(version["version"] for version in result["history"]) == list(range(1, 1 + SIX))
    exported = client.get(f"/api/leagues/{league['id']}/export", headers=auth(league["admin_token"])).get_json()
    assert client.post("/api/leagues/import", json=exported).status_code == 201


def rotating(app, league, role):
    return lambda: app.test_client().post(f"/api/leagues/{league['id']}/tokens/rotate", json={"role": role},
                                          headers=auth(league["admin_token"]))


def works(client, league, token):
    return client.get(f"/api/leagues/{league['id']}", headers=auth(token)).status_code == 200


def test_two_admin_phones_replacing_the_admin_link_at_once_never_hand_out_a_dead_one(app):
    client = app.test_client()
    league = new_league(client)
    answers = at_once([rotating(app, league, "admin"), rotating(app, league, "admin")])
    # The second asked with the link the first had just replaced: refused, as it would be a moment later.
    assert sorted(status for status, _ in answers) == [200, 401], answers
    token = next(answer["token"] for status, answer in answers if status == 200)
    assert works(client, league, token)


def test_the_admin_and_the_member_link_replaced_at_once_leave_links_that_work(app):
    client = app.test_client()
    league = new_league(client)
    answers = at_once([rotating(app, league, "admin"), rotating(app, league, "member")])
    assert answers[0][0] == 200, answers
    admin = answers[0][1]["token"]
    assert works(client, league, admin)
    # The member link was replaced before the admin link (or refused, asked with the admin link replaced first):
    # either way the admin phone's shared links are links that work.
    assert answers[1][0] in (200, 401), answers
    if answers[1][0] == 200:
        assert works(client, league, answers[1][1]["token"])
    shared = client.get(f"/api/leagues/{league['id']}/tokens", headers=auth(admin)).get_json()
    assert works(client, league, shared["member_token"]) and works(client, league, shared["viewer_token"])


def test_a_rename_and_a_removal_of_one_player_at_once_answer_without_a_crash(app):
    client = app.test_client()
    league = new_league(client)
    path = f"/api/leagues/{league['id']}/players/Dee"
    answers = at_once([
        lambda: app.test_client().patch(path, json={"name": "Dora"}, headers=auth(league["admin_token"])),
        lambda: app.test_client().delete(path, headers=auth(league["admin_token"])),
    ])
    assert all(status < 500 for status, _ in answers), answers
