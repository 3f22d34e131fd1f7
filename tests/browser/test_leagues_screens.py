"""Leagues on the phone: create one, record results, read-only standings by the viewer link,
the player page with its charts, a table started inside the league, names kept as text."""

import datetime as dt
from urllib.parse import quote

import pytest
import requests
from playwright.sync_api import expect
from screens import api_league, auth

pytestmark = pytest.mark.browser

XSS = "<img src=x onerror=alert(1)>"





def record_in_the_ui(phone, league_id, game, entries, by="score", new_players=(), shot=None):
    """entries: [(name, value)]; players in new_players are added on the form first (added = chosen)."""
    phone.locator("#record-result").click()
    phone.wait_for_function(f"() => location.hash.startsWith('#/league/{league_id}/record')")
    phone.wait_for_selector(".rec-players:not([aria-busy])")
    phone.select_option("#rec-game", game)
    assert phone.input_value("#rec-date") == dt.date.today().isoformat()
    if by == "place":
        phone.locator("label[for=mode-place]").click()
    for name in new_players:
        phone.fill("#new-player", name)
        phone.get_by_role("button", name="Add", exact=True).click()
        phone.wait_for_selector(f".rec-player.on[data-name='{name}']")
    for name, value in entries:
        row = phone.locator(f".rec-player[data-name='{name}']")
        if "on" not in (row.get_attribute("class") or ""):
            row.locator("button.pick").click()
        row.locator("input").fill(str(value))
    if shot:
        phone.screenshot(path=shot, full_page=True)
    phone.locator("#save-result").click()
    phone.wait_for_function(f"() => location.hash === '#/league/{league_id}'")
    phone.wait_for_selector("p.status:has-text('Saved')")


def standings_on_screen(page):
    page.wait_for_selector("table.standings tbody tr")
    return [
        (row.locator("th").inner_text().replace("★", "").strip(), " ".join(row.locator("td.wins").inner_text().split()))
        for row in page.locator("table.standings tbody tr").all()
    ]


def test_create_record_three_results_and_read_them_by_the_viewer_link(phone, second_phone, live_server, shots):
    phone.goto("/")
    phone.get_by_role("link", name="Leagues", exact=True).click()
    phone.wait_for_selector(".create-league")
    phone.screenshot(path=shots / "leagues-empty.png", full_page=True)
    phone.fill("#league-name", "Thursday club")
    phone.get_by_role("button", name="Create", exact=True).click()
    phone.wait_for_selector(".created")
    roles = ("admin", "member", "viewer")
    links = {role: phone.locator(f".created .link-{role} input").input_value() for role in roles}
    league_id = links["admin"].split("#/league/")[1].split("?")[0]
    assert all(f"/#/league/{league_id}?t=" in url for url in links.values())
    assert len(set(links.values())) == 3
    assert "Keep the admin link safe" in phone.locator(".created").inner_text()
    assert phone.locator(".league-list li").all_inner_texts() == ["Thursday club\nAdmin"]
    phone.screenshot(path=shots / "leagues-created.png", full_page=True)

    phone.get_by_role("link", name="Open the league").click()
    phone.wait_for_selector(".standings-wrap .empty")
    record_in_the_ui(phone, league_id, "make-n-break", [("Ann", 12), ("Ben", 9), ("Cleo", 7)],
                     new_players=("Ann", "Ben", "Cleo"))
    phone.screenshot(path=shots / "league-record-saved.png", full_page=True)
    record_in_the_ui(phone, league_id, "make-n-break", [("Ann", 10), ("Ben", 15)])
    record_in_the_ui(phone, league_id, "bresk", [("Ann", 1), ("Ben", 3), ("Cleo", 1)], by="place",
                     shot=shots / "league-record-places.png")
    phone.screenshot(path=shots / "league-home-admin.png", full_page=True)

    admin_token = links["admin"].split("?t=")[1].split("&")[0]
    api_rows = requests.get(f"{live_server.url}/api/leagues/{league_id}/standings", headers=auth(admin_token),
                            timeout=10).json()["rows"]
    assert {r["player"]: (r["wins"], r["shared_wins"]) for r in api_rows} == {"Ann": (2, 1), "Ben": (1, 0),
                                                                               "Cleo": (1, 1)}
    expected = [(r["player"], f"{r['wins']} ({r['shared_wins']} shared)" if r["shared_wins"] else str(r["wins"]))
                for r in api_rows]

    # A second phone opens the viewer link: the same standings, read only, and the token leaves the address bar.
    second_phone.goto(links["viewer"].replace(live_server.url, ""))
    assert standings_on_screen(second_phone) == expected
    assert second_phone.evaluate("location.hash") == f"#/league/{league_id}"
    assert second_phone.locator("table.standings tbody tr").first.get_attribute("class") == "leader"
    assert second_phone.locator(".league-home.board").count() == 1
    assert second_phone.locator("#record-result, #start-table, button.replace, #export-json").count() == 0
    assert "read only" in second_phone.locator(".league-head .role").inner_text()
    assert second_phone.locator(".share-league .link-row").count() == 1  # only the viewer link
    assert "refreshes every 30 s" in second_phone.locator(".updated").inner_text()
    results = second_phone.locator(".results > li.result")
    assert results.count() == 3
    assert "Bresk!" in results.first.inner_text()  # newest first
    second_phone.screenshot(path=shots / "league-viewer-board.png", full_page=True)

    # Sorting by a column header: most games played first.
    phone.get_by_role("button", name="Games played: sort, highest first").click()
    played = phone.locator("table.standings tbody td.played").all_inner_texts()
    assert played == sorted(played, reverse=True) and played[0] == "3"
    assert phone.locator("th[aria-sort=descending] button").inner_text().startswith("Games")

    # The player page: the rating chart is an SVG line, head to head against Ben.
    second_phone.locator("table.standings tbody th a", has_text="Ann").click()
    second_phone.wait_for_function("() => location.hash.includes('/player/Ann')")
    second_phone.wait_for_selector("#rating-chart svg.chart path.line")
    d = second_phone.locator("#rating-chart path.line").get_attribute("d")
    assert d.startswith("M") and "L" in d
    assert second_phone.locator("#scores-chart svg.chart path.line").count() == 1  # make-n-break scores
    page = requests.get(f"{live_server.url}/api/leagues/{league_id}/players/Ann", headers=auth(admin_token),
                        timeout=10).json()
    stats = second_phone.locator(".stats").inner_text()
    assert f"{page['standing']['played']}\nPlayed" in stats
    assert second_phone.locator(".league-player .results > li").count() == 3
    second_phone.select_option("#opponent", "Ben")
    second_phone.wait_for_selector(".h2h-total")
    h2h = requests.get(f"{live_server.url}/api/leagues/{league_id}/head-to-head?a=Ann&b=Ben",
                       headers=auth(admin_token), timeout=10).json()
    assert (h2h["games"], h2h["a_ahead"], h2h["b_ahead"]) == (3, 2, 1)
    assert second_phone.locator(".h2h-total").inner_text() == "3 games together"
    assert second_phone.locator(".h2h-counts .a dd").inner_text() == "2 (67%)"
    assert second_phone.locator(".h2h-counts .b dd").inner_text() == "1 (33%)"
    second_phone.screenshot(path=shots / "league-player.png", full_page=True)

    # Each of the player's results opens its own page.
    second_phone.locator(".league-player .results > li a.result-link").first.click()
    second_phone.wait_for_function("() => location.hash.includes('/result/')")
    second_phone.wait_for_selector("h1:has-text('Bresk!')")


def test_a_table_started_in_the_league_belongs_to_it(phone, live_server, shots):
    league = api_league(live_server, "Table league", players=("Ann",))
    phone.goto(f"/#/league/{league['id']}?m={league['member_token']}&t={league['member_token']}")
    phone.wait_for_selector("#start-table")
    assert phone.evaluate("location.hash") == f"#/league/{league['id']}"
    phone.locator("#start-table").click()
    phone.wait_for_function("() => location.hash.startsWith('#/new/')")
    phone.wait_for_selector(".in-league")
    phone.select_option("#game", "scorepad")
    phone.wait_for_function(f"() => location.hash === '#/new/scorepad?league={league['id']}'")
    phone.wait_for_selector(".in-league")
    inputs = phone.locator(".seats input")
    inputs.nth(0).fill("Ann")
    inputs.nth(1).fill("Dora")
    phone.screenshot(path=shots / "league-new-table.png", full_page=True)
    phone.get_by_role("button", name="Start the table").click()
    phone.wait_for_function("() => location.hash.startsWith('#/table/')")
    code = phone.evaluate("location.hash.split('/')[2]")
    table = requests.get(f"{live_server.url}/api/tables/{code}", timeout=10).json()
    assert table["league"] == league["id"]
    players = requests.get(f"{live_server.url}/api/leagues/{league['id']}/players",
                           headers=auth(league["viewer_token"]), timeout=10).json()["players"]
    assert [p["name"] for p in players] == ["Ann", "Dora"]  # the new seat joined the league


def test_names_are_shown_as_text_never_as_markup(phone, live_server, shots):
    league = api_league(live_server, XSS, players=(XSS, "Bob"))
    body = {"game": "bresk", "played_on": dt.date.today().isoformat(),
            "players": [{"name": XSS, "score": 20}, {"name": "Bob", "score": 11}]}
    assert requests.post(f"{live_server.url}/api/leagues/{league['id']}/results", json=body,
                         headers=auth(league["admin_token"]), timeout=10).status_code == 201
    dialogs = []
    phone.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    phone.goto(f"/#/league/{league['id']}?t={league['admin_token']}")
    phone.wait_for_selector("table.standings tbody tr")
    assert phone.locator("h1.league-title").inner_text() == XSS
    assert phone.locator("table.standings tbody th a").first.inner_text() == XSS
    assert XSS in phone.locator(".results").inner_text()
    phone.screenshot(path=shots / "league-names-as-text.png", full_page=True)
    phone.goto("/#/leagues")
    phone.wait_for_selector(".league-list li")
    assert phone.locator(".league-name").first.inner_text() == XSS
    phone.goto(f"/#/league/{league['id']}/player/{quote(XSS, safe='')}")
    phone.wait_for_selector("#rating-chart svg path.line")
    assert phone.locator("h1.player-title").inner_text() == XSS
    assert phone.evaluate("document.querySelectorAll('main img').length") == 0
    assert dialogs == []


def test_a_replaced_link_says_so(phone, live_server):
    league = api_league(live_server, "Rotated")
    requests.post(f"{live_server.url}/api/leagues/{league['id']}/tokens/rotate", json={"role": "viewer"},
                  headers=auth(league["admin_token"]), timeout=10)
    phone.expected_errors.append("401")
    phone.goto(f"/#/league/{league['id']}?t={league['viewer_token']}")
    phone.wait_for_selector(".error")
    assert "does not work any more" in phone.locator(".error").inner_text()
    assert phone.evaluate("location.hash") == f"#/league/{league['id']}"


def test_the_admin_replaces_the_member_link(phone, live_server, shots):
    league = api_league(live_server, "Keys")
    phone.goto(f"/#/league/{league['id']}?t={league['admin_token']}")
    phone.wait_for_selector("#record-result")
    phone.locator(".share-league summary").click()
    # Given the admin link alone, the phone learns the member link in use from the server (as settings does).
    phone.wait_for_function("(token) => document.querySelector('.link-member input')?.value.includes(`?t=${token}`)",
                            arg=league["member_token"])
    phone.once("dialog", lambda d: d.accept())
    phone.locator(".link-member button.replace").click()
    phone.wait_for_selector(".share-status:has-text('The old one no longer works')")
    url = phone.locator(".link-member input").input_value()
    token = url.split("?t=")[1].split("&")[0]
    assert token != league["member_token"]
    assert "The old one no longer works" in phone.locator(".share-status").inner_text()
    phone.screenshot(path=shots / "league-share-admin.png", full_page=True)
    view = requests.get(f"{live_server.url}/api/leagues/{league['id']}", headers=auth(token), timeout=10).json()
    assert view["role"] == "member"
    assert requests.get(f"{live_server.url}/api/leagues/{league['id']}", headers=auth(league["member_token"]),
                        timeout=10).status_code == 401


def test_the_viewer_board_refreshes_itself_every_30_seconds(phone, live_server):
    league = api_league(live_server, "Club screen", players=("Ann", "Ben"))
    phone.clock.install()
    phone.goto(f"/#/league/{league['id']}?t={league['viewer_token']}")
    phone.wait_for_selector(".standings-wrap .empty")
    body = {"game": "wuerfelspiel", "played_on": dt.date.today().isoformat(),
            "players": [{"name": "Ann", "place": 2}, {"name": "Ben", "place": 1}]}
    assert requests.post(f"{live_server.url}/api/leagues/{league['id']}/results", json=body,
                         headers=auth(league["member_token"]), timeout=10).status_code == 201
    phone.clock.run_for(29_000)
    assert phone.locator("table.standings").count() == 0
    phone.clock.run_for(2_000)
    assert standings_on_screen(phone)[0] == ("Ben", "1")
    assert phone.locator("td.average").count() == 0  # all games: no average (their points do not compare)


def test_a_league_export_is_imported_on_the_phone(phone, live_server, shots, tmp_path):
    league = api_league(live_server, "Old club", players=("Ann", "Ben", "Cy"))
    for day, scores in (("2024-03-01", (5, 3, 1)), ("2024-03-08", (2, 9, 4)), ("2024-03-15", (7, 7, 1))):
        body = {"game": "scorepad", "played_on": day,
                "players": [{"name": n, "score": s} for n, s in zip(("Ann", "Ben", "Cy"), scores, strict=True)]}
        assert requests.post(f"{live_server.url}/api/leagues/{league['id']}/results", json=body,
                             headers=auth(league["member_token"]), timeout=10).status_code == 201
    export = requests.get(f"{live_server.url}/api/leagues/{league['id']}/export",
                          headers=auth(league["admin_token"]), timeout=10)
    (tmp_path / "old-club.json").write_bytes(export.content)
    (tmp_path / "not-json.json").write_text("this is not json")
    want = requests.get(f"{live_server.url}/api/leagues/{league['id']}/standings",
                        headers=auth(league["viewer_token"]), timeout=10).json()["rows"]

    phone.goto("/#/leagues")
    phone.locator(".import-league summary").click()
    phone.set_input_files("#import-file", tmp_path / "not-json.json")
    phone.wait_for_selector(".import-league .error:has-text('not a league export')")
    phone.screenshot(path=shots / "league-import.png", full_page=True)
    phone.set_input_files("#import-file", tmp_path / "old-club.json")
    phone.wait_for_selector(".created")
    assert "“Old club” is ready" in phone.locator(".created h2").inner_text()
    new_admin = phone.locator(".created .link-admin input").input_value()
    assert league["id"] not in new_admin  # a new league, with new links
    phone.screenshot(path=shots / "league-imported.png", full_page=True)
    phone.get_by_role("link", name="Open the league").click()
    rows = standings_on_screen(phone)
    assert [name for name, _ in rows] == [r["player"] for r in want]

    # The same export again: this phone already has "Old club", so it asks before making a second one.
    phone.goto("/#/leagues")
    phone.locator(".import-league summary").click()
    phone.set_input_files("#import-file", tmp_path / "old-club.json")
    question = phone.locator(".import-again-ask")
    question.wait_for(state="visible")
    assert question.locator("p").inner_text().startswith("This phone already has a league called “Old club”.")
    phone.wait_for_function("() => document.activeElement?.id === 'import-cancel'")
    phone.click("#import-cancel")
    assert question.is_hidden() and phone.locator(".league-list li").count() == 1
    phone.set_input_files("#import-file", tmp_path / "old-club.json")
    question.wait_for(state="visible")
    phone.click("#import-again")
    phone.wait_for_selector(".created")
    assert phone.locator(".created .link-admin input").input_value() != new_admin


def test_a_league_the_server_does_not_answer_says_the_phone_waits_and_fills_in_when_it_does(phone, live_server,
                                                                                           shots):
    """The wifi is up but carries nothing to the server: the league's asks hang instead of failing. The screen
    said "Loading standings…" for as long as they did; now the top bar says the phone is waiting for the server,
    and the standings come in once it answers."""
    league = api_league(live_server, players=("Ann", "Ben"))
    result = {"game": "make-n-break", "played_on": dt.date.today().isoformat(),
              "players": [{"name": "Ann", "score": 12}, {"name": "Ben", "score": 9}]}
    recorded = requests.post(f"{live_server.url}/api/leagues/{league['id']}/results", json=result,
                             headers=auth(league["member_token"]), timeout=10)
    assert recorded.status_code == 201, recorded.text
    held = []  # the standings, asked and not answered until the route is back
    phone.context.route(f"**/api/leagues/{league['id']}/standings*", lambda route: held.append(route))
    phone.goto(f"/#/league/{league['id']}?t={league['viewer_token']}")
    net = phone.locator("#net-status")
    expect(net).to_have_text("Waiting for the server…", timeout=10_000)
    assert phone.locator(".standings-wrap").get_attribute("aria-busy") == "true"
    phone.screenshot(path=shots / "league-waiting.png", full_page=True)
    for route in held:  # the route is back
        route.continue_()
    phone.context.unroute(f"**/api/leagues/{league['id']}/standings*")
    expect(net).to_be_hidden()
    assert [row[0] for row in standings_on_screen(phone)] == ["Ann", "Ben"]
