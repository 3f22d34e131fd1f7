"""A league's results on the phone: leaderboards by season, a result's own page, an admin's
correction kept in the result's history, and a Block Buster couple game recorded in teams."""

import datetime as dt

import pytest
import requests
from screens import api_league, auth

pytestmark = pytest.mark.browser

TODAY = dt.date.today()




def api_result(live_server, league, game, players, played_on=TODAY):
    body = {"game": game, "played_on": played_on.isoformat(), "players": players}
    response = requests.post(f"{live_server.url}/api/leagues/{league['id']}/results", json=body,
                             headers=auth(league["member_token"]), timeout=10)
    assert response.status_code == 201, response.text
    return response.json()


def api_get(live_server, league, path):
    response = requests.get(f"{live_server.url}/api/leagues/{league['id']}{path}",
                            headers=auth(league["admin_token"]), timeout=10)
    assert response.status_code == 200, response.text
    return response.json()


def wins_on_screen(page):
    page.wait_for_selector("table.standings tbody tr")
    return {row.get_attribute("data-player"): row.locator("td.wins").inner_text().split()[0]
            for row in page.locator("table.standings tbody tr").all()}


def open_result(phone, league, token, result_id):
    phone.goto(f"/#/league/{league['id']}?t={token}")
    phone.wait_for_selector(f".results li[data-result='{result_id}']")
    phone.locator(f".results li[data-result='{result_id}'] a.result-link").click()
    phone.wait_for_function(f"() => location.hash === '#/league/{league['id']}/result/{result_id}'")
    phone.wait_for_selector(".result-now:not([aria-busy]) table.result-table")


def test_leaderboards_follow_the_season_and_a_recent_result_opens_its_page(phone, live_server, shots):
    league = api_league(live_server, "Leaderboard club", players=("Ann", "Ben", "Cleo"))
    api_result(live_server, league, "make-n-break", [{"name": "Ann", "score": 31}, {"name": "Ben", "score": 9}],
               played_on=TODAY - dt.timedelta(days=40))
    api_result(live_server, league, "make-n-break", [{"name": "Ann", "score": 15}, {"name": "Ben", "score": 4}],
               played_on=TODAY - dt.timedelta(days=35))
    api_result(live_server, league, "make-n-break", [{"name": "Ann", "score": 20}, {"name": "Ben", "score": 25}])
    bresk = api_result(live_server, league, "bresk", [{"name": "Ann", "place": 1}, {"name": "Ben", "place": 2},
                                                      {"name": "Cleo", "place": 1}])
    season = requests.post(f"{live_server.url}/api/leagues/{league['id']}/seasons", headers=auth(league["admin_token"]),
                           json={"name": "Spring", "starts_on": (TODAY - dt.timedelta(days=10)).isoformat(),
                                 "ends_on": (TODAY + dt.timedelta(days=10)).isoformat()}, timeout=10).json()

    phone.goto(f"/#/league/{league['id']}?t={league['admin_token']}")
    phone.wait_for_selector(".leaderboards:not([hidden]) .board-card")
    assert phone.locator("#league-settings").get_attribute("href") == f"#/league/{league['id']}/admin"
    boards = api_get(live_server, league, "/leaderboards")["games"]
    mnb = next(b for b in boards if b["game"] == "make-n-break")
    assert (mnb["best_score"]["score"], mnb["best_score"]["player"]) == (31, "Ann")
    card = phone.locator(".board-card[data-game='make-n-break']")
    assert card.locator(".board-best .board-value").inner_text() == "31"
    assert "Ann" in card.locator(".board-best").inner_text()
    assert card.locator(".board-average .board-value").inner_text() == str(round(mnb["average_score"], 1))
    assert card.locator(".board-wins dd").inner_text() == "Ann 2 wins"
    # Bresk!: places only (no best score), and a shared lead in wins.
    card = phone.locator(".board-card[data-game='bresk']")
    assert "places only" in card.locator(".board-best").inner_text()
    assert card.locator(".board-wins dt").inner_text() == "Most wins (shared)"
    assert card.locator(".board-wins dd").inner_text() == "Ann, Cleo 1 win each"
    phone.set_viewport_size({"width": 360, "height": 740})  # the narrowest phone
    phone.screenshot(path=shots / "league-home-leaderboards.png", full_page=True)
    phone.locator(".leaderboards").screenshot(path=shots / "league-leaderboards.png")
    phone.locator(".results").screenshot(path=shots / "league-recent-results.png")
    phone.emulate_media(color_scheme="dark")
    phone.locator(".leaderboards").screenshot(path=shots / "league-leaderboards-dark.png")
    phone.emulate_media(color_scheme="light")
    phone.set_viewport_size({"width": 390, "height": 844})

    # The season filter: only the last 10 days, so Ben's 25 is the best and his the only win.
    phone.select_option("#filter-season", str(season["id"]))
    card = phone.locator(".board-card[data-game='make-n-break']")
    phone.wait_for_function("() => document.querySelector(\".board-card[data-game='make-n-break'] .board-value\")"
                            "?.textContent === '25'")
    assert "Ben" in card.locator(".board-best").inner_text()
    assert card.locator(".board-wins dd").inner_text() == "Ben 1 win"
    assert card.locator(".board-count").first.inner_text() == "1 game"

    # The best score opens its result; so does a card in Recent results.
    phone.locator(".results li[data-result] a.result-link").first.click()
    phone.wait_for_function(f"() => location.hash === '#/league/{league['id']}/result/{bresk['id']}'")
    phone.wait_for_selector(".result-now:not([aria-busy]) table.result-table")
    assert phone.locator("h1.result-title").inner_text() == "Bresk!"
    assert "Typed in" in phone.locator(".result-facts").inner_text()
    winners = phone.locator(".result-table tbody tr.won")
    assert winners.count() == 2
    assert all("Winner" in w for w in winners.all_inner_texts())
    assert phone.locator(".result-table tbody tr").last.locator("th").inner_text() == "Ben"
    assert "Never corrected" in phone.locator(".result-history").inner_text()
    phone.go_back()  # back on the league's home, all time again: Ann's 31
    phone.locator(".board-card[data-game='make-n-break'] .board-best a").click()
    phone.wait_for_selector(".result-now:not([aria-busy]) table.result-table")
    assert phone.locator("h1.result-title").inner_text() == "Make 'N' Break Extreme"
    assert phone.locator(".result-table tr.won th a").inner_text() == "Ann"


def test_the_admin_corrects_a_result_and_its_history_keeps_the_old_one(phone, live_server, shots):
    league = api_league(live_server, "Correction club", players=("Ann", "Ben"))
    result = api_result(live_server, league, "wuerfelspiel",
                        [{"name": "Ann", "score": 14}, {"name": "Ben", "score": 11}])
    open_result(phone, league, league["admin_token"], result["id"])
    assert phone.locator("#correct-form").is_hidden()
    phone.locator("#correct-open").click()
    assert phone.input_value("#fix-date") == TODAY.isoformat()
    assert phone.locator("#fix-mode-score").is_checked()
    assert phone.input_value(".fix-player[data-name='Ann'] input.rec-value") == "14"
    phone.fill(".fix-player[data-name='Ben'] input.rec-value", "16")
    phone.evaluate("window.scrollTo(0, 0)")
    phone.screenshot(path=shots / "league-result-correcting.png", full_page=True)
    phone.locator("#save-correction").click()
    phone.wait_for_selector("p.status:has-text('Corrected')")

    assert phone.locator("#correct-form").is_hidden()  # closed again, on the new version
    assert phone.locator(".result-now h2").inner_text() == "The result now (version 2)"
    assert phone.locator(".result-now tr.won").get_attribute("data-player") == "Ben"
    assert phone.locator(".result-now tr[data-player='Ben'] .score-col").inner_text() == "16"
    old = phone.locator(".history li.version[data-version='1']")
    assert old.locator("tr[data-player='Ben'] .score-col").inner_text() == "11"
    assert old.locator("tr.won").get_attribute("data-player") == "Ann"
    changes = old.locator(".changes").inner_text()
    assert "Ben’s score: 11 → 16" in changes and "Ann’s place: 1st → 2nd" in changes
    assert "replaced" in old.locator(".version-when").inner_text()
    phone.evaluate("window.scrollTo(0, 0)")  # a full-page shot of a scrolled page repeats the sticky top bar
    phone.screenshot(path=shots / "league-result.png", full_page=True)
    phone.emulate_media(color_scheme="dark")
    phone.screenshot(path=shots / "league-result-dark.png", full_page=True)
    phone.emulate_media(color_scheme="light")

    stored = api_get(live_server, league, f"/results/{result['id']}")
    assert stored["version"] == 2 and [p["score"] for p in stored["history"][0]["players"]] == [14, 11]
    phone.locator("a.back").click()
    assert wins_on_screen(phone) == {"Ben": "1", "Ann": "0"}



@pytest.mark.parametrize("mode", ["score", "place"])
def test_correcting_only_the_day_keeps_the_games_winner_and_everyones_score(phone, live_server, mode):
    """A Block Buster immediate win (Ann wins on fewer points) corrected only in its day: scores left as they
    were keep the places the game decided, places left as they were keep the scores; neither is lost."""
    league = api_league(live_server, "Correction club", players=("Ann", "Ben"))
    result = api_result(live_server, league, "block-buster",
                        [{"name": "Ann", "score": -5, "place": 1}, {"name": "Ben", "score": 3, "place": 2}])
    open_result(phone, league, league["admin_token"], result["id"])
    phone.locator("#correct-open").click()
    phone.locator(f"#fix-mode-{mode}").check()
    phone.fill("#fix-date", (TODAY - dt.timedelta(days=1)).isoformat())
    phone.locator("#save-correction").click()
    phone.wait_for_selector("p.status:has-text('Corrected')")
    stored = api_get(live_server, league, f"/results/{result['id']}")
    assert stored["played_on"] == (TODAY - dt.timedelta(days=1)).isoformat()
    assert [(p["name"], p["score"], p["place"]) for p in stored["players"]] == [("Ann", -5, 1), ("Ben", 3, 2)]


def test_a_refused_correction_says_why_next_to_the_field_and_keeps_the_form(phone, live_server, shots):
    league = api_league(live_server, "Refusals", players=("Ann", "Ben", "Cleo"))
    result = api_result(live_server, league, "make-n-break",
                        [{"name": "Ann", "score": 5}, {"name": "Ben", "score": 8}, {"name": "Cleo", "score": 3}])
    open_result(phone, league, league["admin_token"], result["id"])
    phone.locator("#correct-open").click()

    # A day in the future: said next to the date, before anything is sent.
    phone.fill("#fix-date", (TODAY + dt.timedelta(days=5)).isoformat())
    phone.fill(".fix-player[data-name='Cleo'] input.rec-value", "7")
    phone.locator("#save-correction").click()
    assert phone.locator("#fix-date-error").inner_text() == "The day cannot be in the future."
    assert phone.locator("#fix-date").get_attribute("aria-invalid") == "true"
    assert phone.evaluate("document.activeElement.id") == "fix-date"

    # A score past the server's limit: its 422 names players.1.score, shown by Ben's score.
    phone.expected_errors.append("422")
    phone.fill("#fix-date", TODAY.isoformat())
    phone.fill(".fix-player[data-name='Ben'] input.rec-value", "2000000")
    phone.locator("#save-correction").click()
    ben = phone.locator(".fix-player[data-name='Ben']")
    phone.wait_for_selector(".fix-player[data-name='Ben'] .field-error:not([hidden])")
    assert "Ben’s score must be a whole number" in ben.locator(".field-error").inner_text()
    assert ben.locator("input.rec-value").get_attribute("aria-invalid") == "true"
    assert phone.locator("#fix-date-error").is_hidden()
    assert phone.input_value(".fix-player[data-name='Cleo'] input.rec-value") == "7"  # nothing typed is lost
    assert phone.input_value(".fix-player[data-name='Ben'] input.rec-value") == "2000000"
    assert phone.locator("#correct-form").is_visible()
    assert api_get(live_server, league, f"/results/{result['id']}")["version"] == 1
    phone.set_viewport_size({"width": 360, "height": 740})
    phone.evaluate("window.scrollTo(0, 0)")
    phone.screenshot(path=shots / "league-result-refused.png", full_page=True)

    # Fixed: it goes through.
    phone.fill(".fix-player[data-name='Ben'] input.rec-value", "2")
    phone.locator("#save-correction").click()
    phone.wait_for_selector("p.status:has-text('Corrected')")
    assert phone.locator(".result-now tr.won").get_attribute("data-player") == "Cleo"


@pytest.mark.parametrize("role", ["member", "viewer"])
def test_members_and_viewers_read_a_result_but_cannot_correct_it(phone, live_server, role):
    league = api_league(live_server, f"Readers {role}", players=("Ann", "Ben"))
    result = api_result(live_server, league, "scorepad", [{"name": "Ann", "score": 3}, {"name": "Ben", "score": 4}])
    open_result(phone, league, league[f"{role}_token"], result["id"])
    assert phone.locator(".result-now tr.won").get_attribute("data-player") == "Ben"
    assert phone.locator("#correct-open, #correct-form, .correction form").count() == 0
    phone.locator("a.back").click()
    phone.wait_for_selector("table.standings")
    assert phone.locator("#league-settings").count() == 0


def test_a_block_buster_couple_game_is_recorded_with_its_teams(phone, live_server, shots):
    league = api_league(live_server, "Couples", players=("Ann", "Ben", "Cleo", "Dan"))
    phone.goto(f"/#/league/{league['id']}?t={league['member_token']}")
    phone.locator("#record-result").click()
    phone.wait_for_selector(".rec-players:not([aria-busy])")
    phone.select_option("#rec-game", "bresk")
    phone.locator(".rec-player[data-name='Ann'] button.pick").click()
    assert phone.locator(".team-pick").count() == 0  # Bresk! is never played in teams
    phone.select_option("#rec-game", "block-buster")
    assert phone.locator(".team-pick").count() == 1  # only players who played get one
    assert "Played in teams?" in phone.locator(".rec-help").inner_text()
    teams = {"Ann": "A", "Ben": "B", "Cleo": "A", "Dan": "B"}
    for name, team in teams.items():
        row = phone.locator(f".rec-player[data-name='{name}']")
        if "on" not in (row.get_attribute("class") or ""):
            row.locator("button.pick").click()
        row.locator(".team-pick label", has_text=f"Team {team}").click()
        assert row.locator(".team-pick input:checked").input_value() == team

    # By places, partners share their team's place: typing one fills in the other's.
    phone.locator("label[for=mode-place]").click()
    phone.fill(".rec-player[data-name='Ben'] input.rec-value", "1")
    assert phone.input_value(".rec-player[data-name='Dan'] input.rec-value") == "1"

    # By scores (the couple game adds partners' points): Team B 15 + 18 beats Team A 20 + 10.
    phone.locator("label[for=mode-score]").click()
    for name, score in {"Ann": 20, "Ben": 15, "Cleo": 10, "Dan": 18}.items():
        phone.fill(f".rec-player[data-name='{name}'] input.rec-value", str(score))
    phone.evaluate("window.scrollTo(0, 0)")
    phone.screenshot(path=shots / "league-record-teams.png", full_page=True)
    phone.locator("#save-result").click()
    phone.wait_for_function(f"() => location.hash === '#/league/{league['id']}'")
    phone.wait_for_selector("p.status:has-text('Saved')")

    stored = api_get(live_server, league, "/results")["results"][0]
    assert stored["game"] == "block-buster"
    assert {p["name"]: (p["team"], p["score"], p["place"]) for p in stored["players"]} == {
        "Ann": ("A", 20, 2), "Ben": ("B", 15, 1), "Cleo": ("A", 10, 2), "Dan": ("B", 18, 1)}

    # The result's page shows the teams and their totals.
    phone.locator(f".results li[data-result='{stored['id']}'] a.result-link").click()
    phone.wait_for_selector(".result-now:not([aria-busy]) table.result-table")
    assert phone.locator(".result-now tr[data-player='Dan'] .team-col").inner_text() == "Team B"
    assert phone.locator(".team-totals").inner_text() == "Team totals: Team A 30 · Team B 33"
    assert phone.locator(".result-now tr.won").count() == 2
    phone.screenshot(path=shots / "league-result-teams.png", full_page=True)


def test_everyone_on_one_team_is_explained_before_sending(phone, live_server):
    league = api_league(live_server, "One team", players=("Ann", "Ben"))
    phone.goto(f"/#/league/{league['id']}?t={league['member_token']}")
    phone.locator("#record-result").click()
    phone.wait_for_selector(".rec-players:not([aria-busy])")
    phone.select_option("#rec-game", "block-buster")
    for name, score in (("Ann", 4), ("Ben", 6)):
        row = phone.locator(f".rec-player[data-name='{name}']")
        row.locator("button.pick").click()
        row.locator(".team-pick label", has_text="Team A").click()
        row.locator("input.rec-value").fill(str(score))
    phone.locator("#save-result").click()
    assert "Everyone is on one team" in phone.locator(".record-form p.error[role=alert]").last.inner_text()
    assert api_get(live_server, league, "/results")["results"] == []


def test_a_share_link_shows_as_a_qr_code_on_the_league_home(phone, live_server, shots):
    league = api_league(live_server, "QR club")
    phone.goto(f"/#/league/{league['id']}?t={league['member_token']}&v={league['viewer_token']}")
    phone.wait_for_selector("#record-result")
    phone.locator(".share-league summary").click()
    assert phone.locator(".share-league button.show-qr").count() == 2  # member and viewer: the links it has
    phone.locator(".link-viewer button.show-qr").click()
    dialog = phone.locator("dialog.qr-dialog[open]")
    dialog.locator("svg.qr").wait_for()
    assert dialog.locator("svg.qr").get_attribute("aria-label") == "QR code for the viewer link"
    phone.screenshot(path=shots / "league-home-qr.png")
    dialog.get_by_role("button", name="Close").click()
    phone.wait_for_selector("dialog.qr-dialog", state="detached")  # the close event comes a moment later
    assert phone.evaluate("document.activeElement.closest('.link-viewer') !== null")
