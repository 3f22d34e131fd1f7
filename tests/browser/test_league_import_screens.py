"""Bringing plays into a league on the phone (League settings → Bring in plays): a saved BoardGameGeek file
is previewed, its games chosen and its names matched before anything is added; the same file again adds
nothing. 360×640, light in English and dark in German, axe-clean."""

import pytest
import requests
from screens import SLID_IN, api_league, auth, serious_violations, with_axe
from test_league_admin_screens import open_settings

pytestmark = pytest.mark.browser

SMALL = {"width": 360, "height": 640}


def player(name, score, win="0"):
    return (f'<player username="" userid="0" name="{name}" startposition="" color="" score="{score}" new="0" '
            f'win="{win}"/>')


def play(play_id, game, *players):
    return (f'<play id="{play_id}" date="2026-10-0{play_id % 9 + 1}" quantity="1" length="30" incomplete="0" '
            f'nowinstats="0" location=""><item name="{game}" objecttype="thing" objectid="9"/>'
            f'<players>{"".join(players)}</players></play>')


FILE = ('<?xml version="1.0" encoding="utf-8"?><plays username="ann" userid="7" total="3" page="1">'
        + play(1, "Bresk!", player("ann", "30", "1"), player("Ben", "12"))
        + play(2, "Catan", player("ann", "10", "1"), player("Ben", "8"))
        + play(3, "Bresk!", player("Ben", "25", "1"), player("ann", "20"))
        + "</plays>").encode()


@pytest.fixture(params=[("en-GB", "light"), ("de-DE", "dark")], ids=["english-light", "german-dark"])
def small_phone(request, browser, live_server):
    locale, scheme = request.param
    context = with_axe(browser.new_context(base_url=live_server.url, viewport=SMALL, device_scale_factor=2,
                                           is_mobile=True, has_touch=True, locale=locale, color_scheme=scheme))
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.german = locale.startswith("de")
    yield page
    context.close()
    assert errors == []


def results(live_server, league):
    return requests.get(f"{live_server.url}/api/leagues/{league['id']}/results", headers=auth(league["viewer_token"]),
                        timeout=10).json()["results"]


def test_a_bgg_file_previewed_chosen_matched_and_added_once(small_phone, live_server, shots):
    page, german = small_phone, small_phone.german
    league = api_league(live_server, "Import club", ["Ann", "Benjamin"])
    open_settings(page, league)
    page.wait_for_selector("#import-file")
    page.set_input_files("#import-file", files=[{"name": "plays.xml", "mimeType": "text/xml", "buffer": FILE}])
    summary = page.locator(".import-summary")
    summary.wait_for()
    assert summary.inner_text() == ("Neue Partien zum Hinzufügen: 3. Schon in dieser Liga: 0." if german
                                    else "New plays to add: 3. Already in this league: 0.")
    assert results(live_server, league) == []  # the preview added nothing
    # "ann" is suggested the league's Ann; Ben is nobody yet (a new player) until chosen as Benjamin.
    assert page.input_value("select.import-player[data-name='ann']") == "Ann"
    assert page.input_value("select.import-player[data-name='Ben']") == ""
    page.select_option("select.import-player[data-name='Ben']", "Benjamin")
    page.get_by_label("Catan").uncheck()
    page.wait_for_function("() => document.querySelector('.import-summary').textContent.includes('2')")
    add = page.locator("#import-confirm")
    assert add.inner_text() == ("2 Partien hinzufügen" if german else "Add 2 plays")
    add.scroll_into_view_if_needed()
    page.wait_for_function(SLID_IN)
    name = "german-dark" if german else "english-light"
    page.locator("#import-plays").screenshot(path=shots / f"league-import-{name}.png")
    assert serious_violations(page) == []

    add.click()
    page.wait_for_selector(".import-status:has-text('2')")
    got = results(live_server, league)
    assert sorted((r["id"], tuple(p["name"] for p in r["players"])) for r in got) == [
        ("bgg-1", ("Ann", "Benjamin")), ("bgg-3", ("Benjamin", "Ann"))]
    # The same file again (Catan still left out): nothing new, and the button to add is gone.
    page.wait_for_function("() => document.querySelector('.import-summary').textContent.match(/\\b2\\b/)"
                           " && document.querySelector('#import-confirm').hidden")
    assert ("Schon in dieser Liga: 2" if german else "Already in this league: 2") in summary.inner_text()
    assert serious_violations(page) == []
