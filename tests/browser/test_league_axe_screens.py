"""The league screen as a busy league shows it: standings, a season of its own, results, a word dispute at one
of its tables and the recap link; axe-core finds no serious or critical violation at 360×640 and 390×844,
light and dark, English and German, with the season and game filters set as well as unset."""

import uuid

import pytest
import requests
from screens import auth, serious_violations, with_axe

from tests.api.test_league_recap import RESULTS

pytestmark = pytest.mark.browser

STATES = [pytest.param((w, h, scheme, locale), id=f"{w}x{h}-{scheme}-{locale}")
          for w, h in ((360, 640), (390, 844)) for scheme in ("light", "dark") for locale in ("en-GB", "de-DE")]


@pytest.fixture(scope="module")
def busy_league(live_server):
    base = live_server.url
    league = requests.post(f"{base}/api/leagues", json={"name": "Busy club"}, timeout=10).json()
    token = auth(league["admin_token"])
    for name in ("Anna", "Ben", "Clara", "Dan"):
        requests.post(f"{base}/api/leagues/{league['id']}/players", json={"name": name}, headers=token, timeout=10)
    for body in RESULTS:
        response = requests.post(f"{base}/api/leagues/{league['id']}/results", json=body, headers=token, timeout=10)
        assert response.status_code == 201, response.text
    response = requests.post(f"{base}/api/leagues/{league['id']}/seasons", headers=token, timeout=10,
                             json={"name": "Spring", "starts_on": "2020-01-01", "ends_on": "2030-12-31"})
    assert response.status_code == 201, response.text
    table = requests.post(f"{base}/api/tables", headers=token, timeout=10, json={
        "game": "bresk", "league": league["id"], "seats": [{"name": "Anna"}, {"name": "Ben"}]})
    assert table.status_code == 201, table.text
    challenge = requests.post(f"{base}/api/tables/{table.json()['code']}/events", timeout=10, json={
        "id": str(uuid.uuid4()), "type": "challenge", "data": {"words": ["quixotic"], "by": 1}})
    assert challenge.status_code == 201, challenge.text
    return league


@pytest.mark.parametrize("state", STATES)
def test_the_busy_league_screen_passes_axe(browser, live_server, busy_league, shots, state):
    width, height, scheme, locale = state
    context = with_axe(browser.new_context(base_url=live_server.url, color_scheme=scheme, locale=locale,
                                           viewport={"width": width, "height": height}, device_scale_factor=2,
                                           is_mobile=True, has_touch=True))
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    found = []
    try:
        page.goto(f"/#/league/{busy_league['id']}?t={busy_league['admin_token']}")
        page.wait_for_selector("table.standings tbody tr")
        page.wait_for_selector("li.result")
        page.wait_for_function("() => !document.querySelector('main [aria-busy=true]')")
        found += [f"as opened: {v}" for v in serious_violations(page)]
        page.screenshot(path=shots / f"league-busy-{width}x{height}-{scheme}-{locale}.png", full_page=True)
        seasons = page.locator("#filter-season option").all()
        page.select_option("#filter-season", index=len(seasons) - 1)
        page.select_option("#filter-game", index=1)
        page.wait_for_function("() => !document.querySelector('main [aria-busy=true]')")
        page.wait_for_selector("table.standings tbody tr, main .empty, main .muted")
        found += [f"filtered: {v}" for v in serious_violations(page)]
        for details in page.locator("main details").all():
            details.evaluate("el => { el.open = true; }")
        found += [f"all open: {v}" for v in serious_violations(page)]
    finally:
        context.close()
    assert not found, found
    assert not errors, errors
