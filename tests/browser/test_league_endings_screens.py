"""The game's own endings on the phone: an immediate win at a league table, sudden death from a score
sheet and a shared win reach the standings as the game decided them; the skill estimate is a labelled
column; a sheet result is corrected by who played and keeps its sheet."""

import datetime as dt
import uuid

import pytest
import requests
from screens import api_league, auth

pytestmark = pytest.mark.browser

TODAY = dt.date.today().isoformat()


def post(live_server, path, body, token=None):
    response = requests.post(f"{live_server.url}{path}", json=body, headers=auth(token) if token else {}, timeout=10)
    assert response.status_code in (200, 201), response.text
    return response.json()


def mnb_turn(builder, *points):
    return {"builder": builder, "die": 1, "cards": [{"kind": "standard", "points": p} for p in points]}


def test_rule_decided_endings_reach_the_standings_and_a_sheet_is_corrected_by_who_played(phone, live_server, shots):
    league = api_league(live_server, "Endings club", players=("Ana", "Ben", "Cleo", "Dan"))
    results = f"/api/leagues/{league['id']}/results"
    # A live Block Buster table: Ana (starting, -5) settles three red circles and wins at once; Ben has 3.
    seats = [{"name": "Ana"}, {"name": "Ben"}]
    code = post(live_server, "/api/tables", {"game": "block-buster", "league": league["id"], "seats": seats},
                league["member_token"])["code"]
    for index, owner in ((1, "blue"), (0, "yellow"), (4, "yellow"), (8, "yellow")):
        post(live_server, f"/api/tables/{code}/events",
             {"id": str(uuid.uuid4()), "type": "point_block", "data": {"index": index, "owner": owner}})
    # A Make 'N' Break sheet decided by sudden death, then the tie example typed in.
    sheet = {"rounds": 1, "players": ["Ana", "Ben"], "turns": [mnb_turn("Ana", 3), mnb_turn("Ben", 3)],
             "sudden_death": [mnb_turn("Ana"), mnb_turn("Ben", 2)]}
    by_sheet = post(live_server, results, {"game": "make-n-break", "played_on": TODAY, "sheet": sheet},
                    league["member_token"])
    post(live_server, results, {"game": "make-n-break", "played_on": TODAY, "players": [
        {"name": "Ana", "score": 30}, {"name": "Ben", "score": 30}, {"name": "Dan", "score": 12},
        {"name": "Cleo", "score": 0}]}, league["member_token"])

    phone.goto(f"/#/league/{league['id']}?t={league['admin_token']}")
    phone.wait_for_selector("table.standings tbody tr")
    order = phone.locator("table.standings tbody tr").evaluate_all("rows => rows.map(r => r.dataset.player)")
    assert set(order[:2]) == {"Ana", "Ben"} and order[2:] == ["Cleo", "Dan"]  # level records: by name
    wins = {row.get_attribute("data-player"): " ".join(row.locator("td.wins").inner_text().split())
            for row in phone.locator("table.standings tbody tr").all()}
    assert wins["Ana"] == "2 (1 shared)" and wins["Ben"] == "2 (1 shared)" and wins["Dan"] == "0"
    assert phone.locator("th button[data-sort='rating']").inner_text().startswith("Skill")
    assert "Skill estimate." in phone.locator(".rating-note").inner_text()
    phone.screenshot(path=shots / "league-endings-standings.png", full_page=True)

    # The table's result: Ana first on fewer points.
    table_result = phone.locator(".results li.result").filter(has_text="Block Buster")
    table_result.locator("a.result-link").click()
    phone.wait_for_selector(".result-now:not([aria-busy]) table.result-table")
    assert phone.locator(".result-now tr.won").get_attribute("data-player") == "Ana"
    assert phone.locator(".result-now tr[data-player='Ana'] .score-col").inner_text() == "-5"
    assert phone.locator(".result-now tr[data-player='Ben'] .score-col").inner_text() == "3"

    # The sheet result, corrected: Cleo played instead of Ana; the sheet is kept and scored again.
    phone.goto(f"/#/league/{league['id']}/result/{by_sheet['id']}")
    phone.wait_for_selector(".result-now:not([aria-busy]) table.result-table")
    phone.locator("#correct-open").click()
    assert phone.locator("#fix-mode-sheet").is_checked()
    assert phone.locator(".fix-player input.rec-value").first.is_hidden()
    phone.locator(".fix-player select.fix-who").first.select_option("Cleo")
    phone.screenshot(path=shots / "league-endings-correcting-who.png", full_page=True)
    phone.locator("#save-correction").click()
    phone.wait_for_selector("p.status:has-text('Corrected')")
    assert "score sheet" in phone.locator(".result-origin").inner_text()
    assert phone.locator(".result-now tr.won").get_attribute("data-player") == "Ben"
    assert phone.locator(".result-now tr[data-player='Cleo'] .score-col").inner_text() == "3"
    assert "Ana taken out" in phone.locator(".history .changes").inner_text()
    stored = requests.get(f"{live_server.url}{results}/{by_sheet['id']}", headers=auth(league["admin_token"]),
                          timeout=10).json()
    assert stored["sheet"]["players"] == ["Cleo", "Ben"] and stored["history"][0]["sheet"]["players"] == ["Ana", "Ben"]
