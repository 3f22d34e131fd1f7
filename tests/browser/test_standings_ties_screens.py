"""A tie is a tie on the phone: issue 25's league "Tie test" shows Anna and Ben both =1, both starred and
highlighted, listed by name with the order stated; no average over different games; the skill estimate in
brackets as a first guess; the player page's rivals, averages per game and one evening's games told apart.
The new parts pass axe-core at 360×640, light and dark, in English and German."""

import datetime as dt
from urllib.parse import quote

import pytest
import requests
from screens import api_league, auth, missing_values, serious_violations, with_axe

pytestmark = pytest.mark.browser

SMALL = {"viewport": {"width": 360, "height": 640}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}


def tie_test(live_server):
    """Issue 25's four games, one evening (today)."""
    league = api_league(live_server, "Tie test", ("Anna", "Ben", "Clara", "Dan"))
    today = dt.date.today().isoformat()
    for game, scores in (("wuerfelspiel", {"Anna": 10, "Ben": 8}), ("wuerfelspiel", {"Anna": 7, "Ben": 9}),
                         ("block-buster", {"Anna": 5, "Ben": 5, "Clara": 2}), ("make-n-break", {"Clara": 5, "Dan": 3})):
        body = {"game": game, "played_on": today, "players": [{"name": n, "score": s} for n, s in scores.items()]}
        response = requests.post(f"{live_server.url}/api/leagues/{league['id']}/results", json=body,
                                 headers=auth(league["member_token"]), timeout=10)
        assert response.status_code == 201, response.text
    return league


@pytest.fixture(scope="module")
def league(live_server):
    return tie_test(live_server)


def open_standings(page, league):
    page.goto(f"/#/league/{league['id']}?t={league['member_token']}")
    page.wait_for_selector("table.standings tbody tr")


def test_anna_and_ben_are_both_first_with_the_star_and_the_order_is_said(phone, league, shots):
    open_standings(phone, league)
    rows = phone.locator("table.standings tbody tr")
    assert [r.get_attribute("data-player") for r in rows.all()] == ["Anna", "Ben", "Clara", "Dan"]
    shown = "el => (el.querySelector('[aria-hidden]') || el).textContent"  # what the eye reads, not "shared 1"
    assert [r.locator(".rank-text").evaluate(shown) for r in rows.all()] == ["=1", "=1", "3", "4"]
    assert [r.get_attribute("class") for r in rows.all()] == ["leader", "leader", None, None]
    assert [r.locator(".crown").count() for r in rows.all()] == [1, 1, 0, 0]
    assert phone.locator("td.rank .visually-hidden").all_inner_texts() == ["shared 1", "shared 1"]
    note = phone.locator(".order-note").inner_text()
    assert "most wins, then the higher win rate, then more games" in note and "listed by name" in note
    assert "=1" in note and "Anna above Ben" in note
    # No average over all games (Block Buster and Würfelspiel points do not add up); said why.
    assert phone.locator("table.standings td.average, button[data-sort=average]").count() == 0
    assert "choose one game" in phone.locator(".average-note").inner_text()
    # Everyone has fewer than 5 games: each skill estimate in brackets, said to be a first guess.
    skills = phone.locator("table.standings td.rating").all_inner_texts()
    assert all(s.startswith("(") and s.endswith(")") for s in [x.split("\n")[0] for x in skills]), skills
    assert phone.locator("td.rating .visually-hidden").first.inner_text().endswith("a first guess")
    rating_note = phone.locator(".rating-note").inner_text()
    assert "starts at 0" in rating_note and "below 0 too" in rating_note
    assert "rises as games show more" not in rating_note
    phone.screenshot(path=shots / "tie-test-standings.png", full_page=True)

    # Sorting by skill leaves the ranks and the stars where the standings put them.
    phone.get_by_role("button", name="Skill estimate: sort, highest first").click()
    phone.wait_for_selector("th[aria-sort=descending] button[data-sort=rating]")
    stars = {r.get_attribute("data-player") for r in phone.locator("table.standings tbody tr.leader").all()}
    assert stars == {"Anna", "Ben"}

    # One game chosen: its averages, and Anna and Ben still level (one win each).
    phone.select_option("#filter-game", "wuerfelspiel")
    phone.wait_for_selector("button[data-sort=average]")
    phone.wait_for_function("() => document.querySelectorAll('table.standings tbody tr').length === 2")
    assert phone.locator("table.standings td.average").all_inner_texts() == ["8.5", "8.5"]
    assert phone.locator("tr.leader").count() == 2 and phone.locator(".average-note").count() == 0

    # The leaderboard names both holders of Block Buster's best score.
    phone.select_option("#filter-game", "")
    phone.wait_for_function("() => document.querySelectorAll('table.standings tbody tr').length === 4")
    best = phone.locator(".board-card[data-game=block-buster] .board-best").inner_text()
    assert "Anna, Ben" in best and "first" in best


def test_the_player_page_shows_rank_rivals_averages_and_tells_one_evening_apart(phone, league, shots):
    open_standings(phone, league)
    phone.locator("table.standings tbody th a", has_text="Anna").click()
    phone.wait_for_selector("#rivals")
    stats = phone.locator(".stats").inner_text()
    assert "=1" in stats and "shared" in stats and "first guess" in stats
    rivals = phone.locator("#rivals .rival")
    assert rivals.nth(0).inner_text().split("\n") == ["Most often ahead of Anna", "Ben 1 of 3 games together"]
    assert rivals.nth(1).inner_text().split("\n") == ["Anna is most often ahead of", "Clara 1 of 1 game together"]
    averages = phone.locator("#averages dl div").all_inner_texts()
    assert [a.split("\n") for a in averages] == [["Block Buster", "5 in 1 game"],
                                                 ["Make 'n' Break Würfelspiel", "8.5 in 2 games"]]
    labels = phone.locator("#scores-chart .x-labels text").all_text_contents()
    assert len(labels) == 3 and len(set(labels)) == 3, labels  # one evening, three games: three different labels
    assert [label.split(" · ")[1] for label in labels] == ["1", "2", "3"]
    phone.select_option("#opponent", "Ben")
    phone.wait_for_selector(".h2h-leader")
    assert phone.locator(".h2h-leader").inner_text() == "Level: nobody is ahead."
    phone.screenshot(path=shots / "tie-test-player.png", full_page=True)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("locale", ["en-GB", "de-DE"])
def test_standings_and_player_page_pass_axe_at_360(browser, live_server, league, scheme, locale, shots):
    context = with_axe(browser.new_context(base_url=live_server.url, **SMALL, color_scheme=scheme, locale=locale))
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    problems = {}
    try:
        for name, where, ready in (
                ("standings", f"#/league/{league['id']}?t={league['member_token']}", ".order-note"),
                ("player", f"#/league/{league['id']}/player/{quote('Anna')}", "#rivals"),
                ("player-one-game", f"#/league/{league['id']}/player/{quote('Anna')}?game=wuerfelspiel", "#averages")):
            page.goto(f"/{where}")
            page.wait_for_selector(ready)
            page.wait_for_function("() => !document.querySelector('main [aria-busy=true]')")
            if name == "player":
                page.select_option("#opponent", "Ben")
                page.wait_for_selector(".h2h-leader")
            found = serious_violations(page) + [f"shows {text!r}" for text in missing_values(page)]
            wide = page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
            if wide > 0:
                found.append(f"{wide} px wider than the screen")
            if found:
                problems[name] = found
            page.screenshot(path=shots / f"tie-test-{name}-{locale}-{scheme}.png", full_page=True)
        if locale == "de-DE":
            page.goto(f"/#/league/{league['id']}")
            page.wait_for_selector(".order-note")
            assert "Reihenfolge" in page.locator(".order-note").inner_text()
    finally:
        context.close()
    assert not problems, "\n".join(f"{k}: {v}" for k, v in problems.items())
    assert not errors, errors
