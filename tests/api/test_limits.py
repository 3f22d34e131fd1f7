"""Rate limits answer 429 in the usual error shape, with Retry-After; honest use never meets them.

Budgets are per address and shared by every endpoint (one write budget, one budget of
join-code misses), on SQLite and PostgreSQL.
"""

import uuid

import pytest
from api_calls import new_table
from support import CAST

UNKNOWN = [f"ZZZZZ{c}" for c in "ABCDEFGHJKMNPQRSTUVWXYZ23456789"]  # 31 codes no table has


def points(seat=0):
    return {"id": str(uuid.uuid4()), "type": "points", "data": {"seat": seat, "points": 1}}


def test_guessing_join_codes_is_stopped_but_known_codes_are_not(limited):
    code = new_table(limited, seats=CAST[:1])["code"]
    for _ in range(100):  # a phone that knows its code is never slowed
        assert limited.get(f"/api/tables/{code}").status_code == 200
    statuses = [limited.get(f"/api/tables/{c}").status_code for c in UNKNOWN]
    assert statuses[:30] == [404] * 30 and statuses[30] == 429
    response = limited.get("/api/tables/ZZZZZZ")
    body = response.get_json()
    assert response.status_code == 429 and body["code"] == "too_many_requests" and body["status"] == 429
    assert int(response.headers["Retry-After"]) > 0


@pytest.mark.parametrize("path", ["/api/tables/{}/events", "/api/tables/{}/timer"])
def test_guessing_through_writes_counts_as_misses(limited, path):
    body = {"id": str(uuid.uuid4()), "action": "start"} if path.endswith("timer") else None
    statuses = [limited.post(path.format(c), json=body or points()).status_code for c in UNKNOWN]
    assert statuses[:30] == [404] * 30 and statuses[30] == 429


def test_misses_never_block_a_code_that_exists(limited):
    code = new_table(limited, seats=CAST[:1])["code"]
    for c in UNKNOWN:  # another phone behind the same address mistypes codes until it is refused
        limited.get(f"/api/tables/{c}")
    assert limited.get(f"/api/tables/{UNKNOWN[0]}").status_code == 429
    assert limited.get(f"/api/tables/{code}").status_code == 200
    assert limited.get(f"/api/tables/{code}/events").status_code == 200
    assert limited.get(f"/api/tables/{code}/qr.svg").status_code == 200
    assert limited.post(f"/api/tables/{code}/events", json=points()).status_code == 201
    stream = limited.get(f"/api/tables/{code}/stream", buffered=False)
    assert stream.status_code == 200 and stream.mimetype == "text/event-stream"
    stream.close()


def test_one_write_budget_per_address_across_endpoints(limited):
    code = new_table(limited, seats=CAST[:1])["code"]
    league = limited.post("/api/leagues", json={"name": "Club"}).get_json()
    statuses = [limited.post(f"/api/tables/{code}/events", json=points()).status_code for _ in range(300)]
    statuses += [limited.post(f"/api/tables/{code}/timer", json={"id": str(uuid.uuid4()), "action": "reset"}
                              ).status_code for _ in range(298)]
    assert statuses.count(201) == 598  # with the table and the league: 600 writes
    refused = [limited.post("/api/tables", json={"game": "scorepad", "seats": [{"name": "Ann"}]}),
               limited.post("/api/leagues", json={"name": "Other"}),
               limited.post(f"/api/leagues/{league['id']}/players", json={"name": "Bo"},
                            headers={"Authorization": f"Bearer {league['member_token']}"})]
    assert [r.status_code for r in refused] == [429, 429, 429]
    # Another address is not affected, and reads are never counted.
    other = limited.post(f"/api/tables/{code}/events", environ_base={"REMOTE_ADDR": "10.9.9.9"}, json=points())
    assert other.status_code == 201
    assert limited.get(f"/api/tables/{code}").get_json()["seq"] == 599


def test_word_checks_are_limited(limited):
    statuses = [limited.get("/api/lexicons/en/words/cat").status_code for _ in range(241)]
    assert statuses[:240] == [200] * 240 and statuses[240] == 429


def test_meanings_are_limited_like_word_checks(limited):
    statuses = [limited.get("/api/lexicons/en/meanings?words=cat").status_code for _ in range(241)]
    assert statuses[:240] == [200] * 240 and statuses[240] == 429


def test_the_word_budget_is_one_per_address_across_the_judges_routes(limited):
    """Each route of the word judge counted its own 240 a minute: an address had 240 lookups, 240 meanings and 240
    challenges. It has 240 word checks a minute, however it asks."""
    asks = [lambda: limited.get("/api/lexicons/en/words/cat"),
            lambda: limited.get("/api/lexicons/en/meanings?words=cat"),
            lambda: limited.post("/api/lexicons/en/challenge", json={"words": ["cat"]})]
    statuses = [asks[i % 3]().status_code for i in range(241)]
    assert statuses[:240] == [200] * 240 and statuses[240] == 429


def test_a_leagues_exports_have_a_budget_of_their_own(limited):
    """An export reads the whole league (a 5,000-result league: 0.7 s of a core and 4 MB each time) and reads pay
    no write budget: an address could ask for them without end. 20 exports a minute, whichever file."""
    league = limited.post("/api/leagues", json={"name": "Club"}).get_json()
    paths = ["export", "export/bgstats", "export.csv"]
    token = {"Authorization": f"Bearer {league['admin_token']}"}
    statuses = [limited.get(f"/api/leagues/{league['id']}/{paths[i % 3]}", headers=token).status_code
                for i in range(21)]
    assert statuses[:20] == [200] * 20 and statuses[20] == 429
    assert limited.get(f"/api/leagues/{league['id']}", headers=token).status_code == 200  # other reads go on
