""""Send to BG Stats": the link a finished table and a league result give, read back from the page."""

import datetime as dt
import json
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
import requests
from screens import PHONE, SLID_IN, api_league, auth, new_table, post_event, serious_violations, with_axe

pytestmark = pytest.mark.browser

LINK = "a.send-bgstats"


def play_in(page, having="createPlay.html?data="):
    """The play the page's "Send to BG Stats" link carries, once it is built (and its href has ``having``)."""
    page.wait_for_function("([s, w]) => document.querySelector(s)?.href.includes(w)", arg=[LINK, having])
    parts = urlsplit(page.locator(LINK).get_attribute("href"))
    assert f"{parts.scheme}://{parts.netloc}{parts.path}" == "https://app.bgstatsapp.com/createPlay.html"
    return json.loads(parse_qs(parts.query)["data"][0])


@pytest.fixture
def axe_phone(browser, live_server):
    context = with_axe(browser.new_context(base_url=live_server.url, **PHONE))
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    yield page
    context.close()
    assert errors == []


def test_a_make_n_break_game_won_in_sudden_death(axe_phone, live_server, shots):
    page = axe_phone
    code = new_table(live_server, "make-n-break", ["Ann", "Ben"], rounds=1)
    turn = [("die", {"face": 1}), ("card", {"kind": "standard", "points": 2}), ("end_turn", {})]
    # 2 all after the only round; in sudden death Ben builds a 3, Ann nothing.
    for kind, data in [*turn, *turn, ("die", {"face": 1}), ("end_turn", {}),
                       ("die", {"face": 1}), ("card", {"kind": "standard", "points": 3}), ("end_turn", {})]:
        post_event(live_server, code, kind, data)
    page.goto(f"/#/table/{code}")
    page.wait_for_selector(".live[data-state=live]")
    play = play_in(page, "durationMin")  # once the table's events are in: its last one ends the game
    assert play["game"]["name"] == "Make 'N' Break Extreme" and play["game"]["highestWins"] is True
    assert "bggId" not in play["game"]
    assert [(p["name"], p["score"], p["rank"], p["winner"]) for p in play["players"]] == [
        ("Ann", 2, 2, False), ("Ben", 5, 1, True)]
    assert play["players"][0]["startPlayer"] is True
    assert play["durationMin"] >= 1  # the table's last event seen: made and played within the minute
    lines = play["comments"].split("\n")
    assert lines[0] == "highest total after sudden-death round 1 between Ann and Ben"
    assert "  Sudden death 1: 1 card completed: +3" in lines and lines[-1] == f"Scored at table {code}"
    link = page.get_by_role("link", name="Send to BG Stats")
    assert link.get_attribute("target") == "_blank"
    link.evaluate("el => el.scrollIntoView({block: 'center'})")
    page.wait_for_function(SLID_IN)
    page.screenshot(path=shots / "bgstats-table.png")
    assert serious_violations(page) == []


def test_the_play_names_the_game_when_the_catalogue_comes_in_after_the_table(axe_phone, live_server):
    """A phone's first visit: the table's state (and its last events) can come in before the games' catalogue,
    and the link was then built with the game's id for its name, never built again (the table was over)."""
    page = axe_phone
    code = new_table(live_server, "make-n-break", ["Ann", "Ben"], rounds=1)
    for points in (2, 3):  # one round: Ann builds a 2, Ben a 3
        for kind, data in [("die", {"face": 1}), ("card", {"kind": "standard", "points": points}), ("end_turn", {})]:
            post_event(live_server, code, kind, data)
    held = []
    page.route("**/api/games", lambda route: held.append(route))
    with page.expect_response(lambda r: r.url.endswith("/lib/bgstats.js")):
        page.goto(f"/#/table/{code}")
    assert len(held) == 1
    held[0].continue_()
    play = play_in(page, "durationMin")
    assert play["game"]["name"] == "Make 'N' Break Extreme"


def test_a_league_result_in_a_golf_league_in_german(axe_phone, live_server, shots):
    page = axe_phone
    league = api_league(live_server, "Golfer", ["Ann", "Ben", "Cy"])
    rules = requests.put(f"{live_server.url}/api/leagues/{league['id']}/rules",
                         json={"scorepad": {"lowest_wins": True}}, headers=auth(league["admin_token"]), timeout=10)
    assert rules.status_code == 200, rules.text
    body = {"game": "scorepad", "played_on": "2026-11-28",
            "players": [{"name": "Ann", "score": 72}, {"name": "Ben", "score": 70}, {"name": "Cy", "score": 70}]}
    made = requests.post(f"{live_server.url}/api/leagues/{league['id']}/results", json=body,
                         headers=auth(league["member_token"]), timeout=10)
    assert made.status_code == 201, made.text
    page.add_init_script("localStorage.setItem('scorekeeper.lang', 'de')")
    page.goto(f"/#/league/{league['id']}?t={league['viewer_token']}")
    page.wait_for_selector(".results li[data-result] a.result-link")
    page.locator(".results li[data-result] a.result-link").first.click()
    page.wait_for_selector(".result-now:not([aria-busy]) table.result-table")
    play = play_in(page)
    assert play["game"]["highestWins"] is False and play["playDate"].startswith("2026-11-28 ")
    assert [(p["name"], p["score"], p["rank"], p["winner"]) for p in play["players"]] == [
        ("Ann", 72, 3, False), ("Ben", 70, 1, True), ("Cy", 70, 1, True)]
    assert play["comments"] == "Eingetragen in der Liga Golfer"
    assert page.get_by_role("link", name="An BG Stats senden").is_visible()
    page.wait_for_function(SLID_IN)
    page.screenshot(path=shots / "bgstats-league-result.png", full_page=True)
    assert serious_violations(page) == []


def test_a_viewer_downloads_the_league_for_bg_stats(axe_phone, live_server, shots):
    page = axe_phone
    league = api_league(live_server, "Fridays", ["Ann", "Ben"])
    body = {"game": "bresk", "played_on": "2026-11-27",
            "players": [{"name": "Ann", "score": 31}, {"name": "Ben", "score": 40}]}
    made = requests.post(f"{live_server.url}/api/leagues/{league['id']}/results", json=body,
                         headers=auth(league["member_token"]), timeout=10)
    assert made.status_code == 201, made.text
    page.goto(f"/#/league/{league['id']}?t={league['viewer_token']}")
    button = page.get_by_role("button", name="Download for BG Stats")
    button.wait_for()
    assert page.locator("#export-json").count() == 0  # the whole league's JSON stays the admin's
    with page.expect_download() as download:
        button.click()
    assert download.value.suggested_filename == f"BGStatsExport-Fridays-{dt.date.today().isoformat()}.json"
    file = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    (played,) = file["plays"]
    assert played["playDate"] == "2026-11-27 00:00:00"
    assert [(s["score"], s["rank"], s["winner"]) for s in played["playerScores"]] == [("31", 2, False), ("40", 1, True)]
    button.evaluate("el => el.scrollIntoView({block: 'center'})")
    page.screenshot(path=shots / "bgstats-download.png")
    assert serious_violations(page) == []


def test_a_bg_stats_file_becomes_a_league_on_the_phone(axe_phone, live_server, shots, tmp_path):
    page = axe_phone
    file = {"games": [{"id": 1, "name": "Bresk!"}, {"id": 2, "name": "Catan", "bggId": 13},
                      {"id": 3, "name": "Hanabi", "cooperative": True}],
            "players": [{"id": 1, "name": "Ann"}, {"id": 2, "name": "Ben"}], "locations": [], "userInfo": {},
            "plays": [{"uuid": f"bgs-{i}", "playDate": "2026-11-20 20:00:00", "gameRefId": 1 + i % 3,
                       "playerScores": [{"playerRefId": 1, "score": "31", "rank": 2},
                                        {"playerRefId": 2, "score": " 40 ", "rank": 1, "winner": True}]}
                      for i in range(3)]}
    (tmp_path / "BGStatsExport.json").write_text(json.dumps(file), encoding="utf-8")
    page.goto("/#/leagues")
    page.locator(".import-league summary").click()
    page.set_input_files("#import-file", tmp_path / "BGStatsExport.json")
    page.wait_for_selector(".created")
    assert "“BG Stats” is ready" in page.locator(".created h2").inner_text()
    assert page.locator(".left-out").inner_text() == (
        "Not imported (played together, not finished, or with one player): Hanabi (1 play).")
    page.screenshot(path=shots / "bgstats-imported.png", full_page=True)
    assert serious_violations(page) == []
    page.get_by_role("link", name="Open the league").click()
    page.wait_for_selector(".results li[data-result]")
    assert page.locator(".results li[data-result]").count() == 2
    # Catan came in as a score pad under its own name.
    assert "Catan" in page.locator(".results").inner_text()


def test_a_saved_boardgamegeek_file_becomes_a_league_on_the_phone(axe_phone, live_server, tmp_path):
    page = axe_phone
    plays = "".join(
        f'<play id="{i}" date="2026-11-2{i}" quantity="1" incomplete="{1 if i == 3 else 0}" nowinstats="0">'
        f'<item name="Bresk!" objecttype="thing" objectid="5"/><players>'
        f'<player name="Ann" score="31" win="0"/><player name="Ben" score=" 40 " win="1"/></players></play>'
        for i in range(1, 4))
    (tmp_path / "plays.xml").write_text(f'<?xml version="1.0"?><plays username="ann">{plays}</plays>',
                                        encoding="utf-8")
    page.goto("/#/leagues")
    page.locator(".import-league summary").click()
    page.set_input_files("#import-file", tmp_path / "plays.xml")
    page.wait_for_selector(".created")
    assert "“BoardGameGeek” is ready" in page.locator(".created h2").inner_text()
    assert page.locator(".left-out").inner_text() == (
        "Not imported (played together, not finished, or with one player): Bresk! (1 play).")
    assert serious_violations(page) == []
    page.get_by_role("link", name="Open the league").click()
    page.wait_for_selector(".results li[data-result]")
    assert page.locator(".results li[data-result]").count() == 2
