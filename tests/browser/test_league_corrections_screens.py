"""An organiser's corrections on the phone (360×640, light and dark): renaming a player, merging a misspelt
one into the real one after being asked, the refused merge and removal in words, and deleting a result
recorded by mistake after a confirmation; each checked against the server's standings."""

import pytest
import requests
from screens import PHONE, SLID_IN, api_league, auth, missing_values, serious_violations, with_axe

pytestmark = pytest.mark.browser

SCHEMES = ("light", "dark")


def scorepad(day, *scores):
    return {"game": "scorepad", "played_on": day, "players": [{"name": n, "score": s} for n, s in scores]}


def league_with_mistakes(live_server):
    """Anee is Ann misspelt; the last result was recorded by mistake."""
    league = api_league(live_server, "Corrections club", ("Ann", "Anee", "Ben", "Cy", "Eve"))
    ids = []
    for body in (scorepad("2024-03-01", ("Anee", 9), ("Ben", 4)), scorepad("2024-03-02", ("Ann", 3), ("Cy", 8)),
                 scorepad("2024-03-03", ("Ben", 5), ("Cy", 6)), scorepad("2024-03-04", ("Cy", 1), ("Ben", 20))):
        response = requests.post(f"{live_server.url}/api/leagues/{league['id']}/results", json=body,
                                 headers=auth(league["member_token"]), timeout=10)
        assert response.status_code == 201, response.text
        ids.append(response.json()["id"])
    return league, ids


def api(live_server, league, path):
    return requests.get(f"{live_server.url}/api/leagues/{league['id']}{path}", headers=auth(league["viewer_token"]),
                        timeout=10).json()


def played(live_server, league):
    return {r["player"]: r["played"] for r in api(live_server, league, "/standings")["rows"]}


def clean(page):
    page.wait_for_function(SLID_IN)
    assert serious_violations(page) == []
    assert missing_values(page) == []


def rename(page, who, to):
    page.select_option("#fix-player", who)
    page.fill("#rename-to", to)
    page.click("#rename-player")


@pytest.fixture(params=SCHEMES)
def admin_phone(request, browser, live_server):
    context = with_axe(browser.new_context(base_url=live_server.url, color_scheme=request.param,
                                           **{**PHONE, "viewport": {"width": 360, "height": 640}}))
    page = context.new_page()
    problems = []
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.scheme = request.param
    yield page
    context.close()
    assert problems == []


def open_settings(page, league):
    page.goto(f"/#/league/{league['id']}?t={league['admin_token']}&m={league['member_token']}"
              f"&v={league['viewer_token']}")
    page.wait_for_function(f"() => location.hash === '#/league/{league['id']}'")
    page.wait_for_selector(".league-head h1:not(:empty)")  # the link is remembered
    page.evaluate(f"location.hash = '#/league/{league['id']}/admin'")
    page.wait_for_selector("#fix-player option", state="attached")


def test_a_player_is_renamed_merged_after_a_question_and_refused_in_words(admin_phone, live_server, shots):
    page, scheme = admin_phone, admin_phone.scheme
    league, _ = league_with_mistakes(live_server)
    open_settings(page, league)

    rename(page, "Eve", "Evie")
    page.wait_for_selector(".fix-status:has-text('Eve is now called Evie.')")
    assert page.locator(".player-chips a").all_inner_texts() == ["Ann", "Anee", "Ben", "Cy", "Evie"]

    # A name another player has: asked first, nothing changed until the answer.
    rename(page, "Anee", "ann")
    question = page.locator(".merge-ask")
    question.wait_for(state="visible")
    assert question.locator("#merge-question").inner_text() == (
        "There is already a player called Ann. Merge Anee into Ann? Anee’s results become Ann’s, and Anee leaves "
        "the league.")
    page.wait_for_function("() => document.activeElement?.id === 'confirm-merge'")
    assert page.locator("#confirm-merge").inner_text() == "Merge into Ann"
    assert "Anee" in played(live_server, league)
    page.locator("#players").scroll_into_view_if_needed()
    page.screenshot(path=shots / f"league-admin-merge-question-{scheme}.png")
    clean(page)
    page.click("#confirm-merge")
    page.wait_for_selector(".fix-status:has-text('Anee merged into Ann: 1 result moved.')")
    assert question.is_hidden()
    assert page.locator(".player-chips a").all_inner_texts() == ["Ann", "Ben", "Cy", "Evie"]
    assert played(live_server, league) == {"Ann": 2, "Ben": 3, "Cy": 3}

    # Two players who played together cannot be one: the results are named.
    rename(page, "Cy", "Ben")
    question.wait_for(state="visible")
    page.click("#confirm-merge")
    error = page.locator("#fix-player-error")
    error.wait_for(state="visible")
    assert error.inner_text() == ("Cy and Ben played in the same results, so they cannot be one player: "
                                  "2024-03-03 (Score pad), 2024-03-04 (Score pad). Correct or delete those results "
                                  "first.")
    page.click("#cancel-merge")
    assert question.is_hidden()

    # A player with results stays; one without goes.
    page.select_option("#fix-player", "Ben")
    page.click("#remove-player")
    page.wait_for_selector("#fix-player-error:has-text('Ben played in 3 results, so they stay in the league')")
    page.select_option("#fix-player", "Evie")
    page.click("#remove-player")
    page.wait_for_selector(".fix-status:has-text('Evie removed from the league.')")
    assert [p["name"] for p in api(live_server, league, "/players")["players"]] == ["Ann", "Ben", "Cy"]
    page.locator("#players").screenshot(path=shots / f"league-admin-players-corrected-{scheme}.png")
    clean(page)


def test_a_result_recorded_by_mistake_is_deleted_after_a_confirmation(admin_phone, live_server, shots):
    page, scheme = admin_phone, admin_phone.scheme
    league, ids = league_with_mistakes(live_server)
    open_settings(page, league)  # adopts the admin link
    page.evaluate(f"location.hash = '#/league/{league['id']}/result/{ids[-1]}'")
    page.wait_for_selector("#delete-open")
    page.click("#delete-open")
    ask = page.locator("#delete-ask")
    ask.wait_for(state="visible")
    page.wait_for_function("() => document.activeElement?.id === 'keep-result'")  # the safe answer first
    assert ask.inner_text().startswith("Delete this result?")
    ask.scroll_into_view_if_needed()
    page.screenshot(path=shots / f"league-result-delete-question-{scheme}.png")
    clean(page)
    page.click("#keep-result")
    assert ask.is_hidden() and len(api(live_server, league, "/results")["results"]) == 4

    page.click("#delete-open")
    page.click("#confirm-delete")
    page.wait_for_selector("#result-now-title:has-text('Deleted')")
    page.wait_for_selector("p.status:has-text('Deleted: the standings no longer count this result.')")
    assert page.locator("#delete-open").count() == 0 and page.locator("#correct-open").count() == 0
    assert page.locator(".history .version .changes").inner_text() == "Deleted"
    assert [r["id"] for r in api(live_server, league, "/results")["results"]] == ids[-2::-1]
    assert played(live_server, league) == {"Anee": 1, "Ann": 1, "Ben": 2, "Cy": 2}
    page.screenshot(path=shots / f"league-result-deleted-{scheme}.png", full_page=True)
    clean(page)


def test_a_season_is_changed_and_deleted_and_its_results_stay(admin_phone, live_server, shots):
    page, scheme = admin_phone, admin_phone.scheme
    league, _ = league_with_mistakes(live_server)
    response = requests.post(f"{live_server.url}/api/leagues/{league['id']}/seasons",
                             headers=auth(league["admin_token"]), timeout=10,
                             json={"name": "Early", "starts_on": "2024-03-01", "ends_on": "2024-03-02"})
    season = response.json()
    open_settings(page, league)
    row = page.locator(f".season[data-season='{season['id']}']")
    row.locator(".season-edit").click()
    assert page.locator("#new-season-title").inner_text() == "Change “Early”"
    assert page.input_value("#season-from") == "2024-03-01"
    page.fill("#season-name", "March")
    page.fill("#season-to", "2024-03-31")
    page.click("#add-season")
    page.wait_for_selector(".season-status:has-text('Season “March” saved.')")
    assert page.locator("#new-season-title").inner_text() == "New season"
    assert api(live_server, league, "")["seasons"][1] == {**season, "name": "March", "ends_on": "2024-03-31"}
    rows = api(live_server, league, f"/standings?season={season['id']}")["rows"]
    assert sum(r["played"] for r in rows) == 8  # all four results, two players each

    row.locator(".season-delete").click()
    ask = row.locator(".season-ask")
    ask.wait_for(state="visible")
    assert ask.inner_text().startswith("Delete the season “March”? Its results stay in the league.")
    page.locator("#seasons").screenshot(path=shots / f"league-admin-season-delete-question-{scheme}.png")
    clean(page)
    ask.locator(".confirm-delete-season").click()
    page.wait_for_selector(".season-status:has-text('Season “March” deleted; its results stay in the league.')")
    assert page.locator(".season").count() == 1
    assert [s["name"] for s in api(live_server, league, "")["seasons"]] == ["All time"]
    assert len(api(live_server, league, "/results")["results"]) == 4
    clean(page)


def test_the_admin_screen_says_its_players_changes_in_german(browser, live_server, shots):
    """A phone set to German hears "Eve hinzugefügt.", not "Eve added.", and the merge question in German."""
    league, _ = league_with_mistakes(live_server)
    context = with_axe(browser.new_context(base_url=live_server.url, locale="de-DE",
                                           **{**PHONE, "viewport": {"width": 360, "height": 640}}))
    page = context.new_page()
    try:
        open_settings(page, league)
        page.fill("#admin-new-player", "Finn")
        page.click("#admin-add-player")
        page.wait_for_selector(".player-status:has-text('Finn hinzugefügt.')")
        rename(page, "Anee", "Ann")
        page.locator(".merge-ask").wait_for(state="visible")
        assert page.locator("#merge-question").inner_text().startswith("Es gibt schon einen Spieler Ann.")
        page.click("#confirm-merge")
        page.wait_for_selector(".fix-status:has-text('Anee mit Ann zusammengeführt: 1 Ergebnis übertragen.')")
        page.locator("#players").screenshot(path=shots / "league-admin-players-corrected-de.png")
        clean(page)
    finally:
        context.close()
