"""The league's dispute log on a phone: a challenge made in the judge at one league table and one made at another
table both show, newest first, with who challenged, ✓ or ✗ and the list; the house word the league banned; a
player filter. At 360×640, light and dark, English and German, axe-core clean."""

import uuid

import pytest
import requests
from screens import auth, missing_values, serious_violations, wait_until, with_axe

pytestmark = pytest.mark.browser

SMALL = {"viewport": {"width": 360, "height": 640}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
TEXTS = {
    "en-GB": {"judge": "Judge", "open": "Word disputes", "not_valid": "Not valid", "by": "Ben challenged",
              "banned": "banned by the league", "everyone": "Everyone"},
    "de-DE": {"judge": "Prüfen", "open": "Wortstreit", "not_valid": "Ungültig", "by": "Ben hat angezweifelt",
              "banned": "von der Liga verboten", "everyone": "Alle"},
}


def league_with_two_tables(live_server):
    league = requests.post(f"{live_server.url}/api/leagues", timeout=10, json={
        "name": "Word club", "rules": {"bresk": {"banned_words": ["berlin"]}}}).json()
    codes = []
    for seats in (("Ann", "Ben"), ("Ben", "Cy")):
        response = requests.post(f"{live_server.url}/api/tables", headers=auth(league["member_token"]), timeout=10,
                                 json={"game": "bresk", "league": league["id"], "seats": [{"name": n} for n in seats]})
        assert response.status_code == 201, response.text
        codes.append(response.json()["code"])
    return league, codes


def challenges_at(live_server, code):
    return requests.get(f"{live_server.url}/api/tables/{code}", timeout=10).json()["challenges"]


@pytest.mark.parametrize(("locale", "scheme"), [("en-GB", "light"), ("en-GB", "dark"), ("de-DE", "light")])
def test_the_dispute_log_shows_the_challenges_of_the_leagues_tables_and_its_house_words(browser, live_server, locale,
                                                                                        scheme, shots):
    said = TEXTS[locale]
    league, (first, second) = league_with_two_tables(live_server)
    response = requests.post(f"{live_server.url}/api/tables/{first}/events", timeout=10, json={
        "id": str(uuid.uuid4()), "type": "challenge",
        "data": {"words": ["quixotic"], "by": 0}})
    assert response.status_code == 201, response.text
    context = with_axe(browser.new_context(base_url=live_server.url, locale=locale, color_scheme=scheme, **SMALL))
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        # The judge opened at the second table: Ben challenges BERLIN, which the league banned.
        page.goto(f"/#/judge/{second}")
        page.wait_for_selector("#judge-by option[value='0']", state="attached")
        page.select_option("#judge-by", "0")
        page.locator("#judge-input").fill("berlin")
        page.get_by_role("button", name=said["judge"], exact=True).click()
        page.wait_for_selector(".verdict[data-valid=false]:not([hidden])")
        wait_until(page, lambda: len(challenges_at(live_server, second)) == 1, "the challenge in the table's log")

        page.goto(f"/#/league/{league['id']}?t={league['viewer_token']}")
        page.get_by_role("link", name=said["open"]).click()
        page.wait_for_selector(".disputes:not([aria-busy]) .dispute")
        items = page.locator(".dispute").all_inner_texts()
        assert len(items) == 2, items
        assert items[0].startswith("BERLIN") and said["not_valid"] in items[0] and said["by"] in items[0]
        assert second in items[0] and first in items[1]
        assert items[1].startswith("QUIXOTIC")
        assert said["banned"] in page.locator(".dispute-changes").inner_text()
        assert serious_violations(page) == []
        assert missing_values(page) == []
        wide = page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert wide <= 0, wide
        page.screenshot(path=shots / f"league-disputes-{locale}-{scheme}.png", full_page=True)

        page.select_option("#dispute-player", "Ann")  # one player's challenges
        page.wait_for_function("() => location.hash.endsWith('?player=Ann')")
        page.wait_for_selector(".disputes:not([aria-busy])")
        wait_until(page, lambda: page.locator(".dispute").count() == 1, "Ann's one challenge")
        assert page.locator(".dispute").inner_text().startswith("QUIXOTIC")
        assert page.locator("#dispute-player option").first.inner_text() == said["everyone"]
    finally:
        context.close()
    assert not errors, errors
