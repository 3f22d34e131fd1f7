"""Every screen, light and dark, on both phones: no serious or critical axe-core violation, no
"null" or "undefined" on screen; navigation starts at the top and Back returns where you were."""

import datetime as dt

import pytest
import requests
from screens import (
    PHONE,
    SETTLED,
    SLID_IN,
    api_league,
    auth,
    colours_of,
    contrast,
    counting_fetches,
    missing_values,
    new_table,
    post_event,
    serious_violations,
    with_axe,
)

pytestmark = pytest.mark.browser

PHONES = {"390x844": {"width": 390, "height": 844}, "360x640": {"width": 360, "height": 640}}
NAMES = ("Ann", "Ben", "Cy")


@pytest.fixture(scope="module")
def world(live_server):
    """A table of each game, a league with a result, and each link to it."""
    league = api_league(live_server, "Thursday club", NAMES)
    body = {"game": "bresk", "played_on": dt.date.today().isoformat(),
            "players": [{"name": "Ann", "place": 1}, {"name": "Ben", "place": 2}, {"name": "Cy", "place": 3}]}
    result = requests.post(f"{live_server.url}/api/leagues/{league['id']}/results", json=body,
                           headers=auth(league["member_token"]), timeout=10).json()
    tables = {game: new_table(live_server, game, NAMES[:2] if game != "block-buster" else NAMES)
              for game in ("scorepad", "bresk", "block-buster", "make-n-break", "wuerfelspiel")}
    over = new_table(live_server, "make-n-break", NAMES[:2], rounds=1)  # game over: the banner and Play again
    for builder in (0, 1):
        post_event(live_server, over, "die", {"face": 1, "builder": builder})
        post_event(live_server, over, "card", {"kind": "standard", "points": 2 + builder, "builder": builder})
        post_event(live_server, over, "end_turn", {"builder": builder})
    tables["game-over"] = over
    return {"league": league, "result": result, "tables": tables}


def screens(world):
    """(name, hash, selector to wait for) of every screen, in an order that adopts the league links."""
    league, lid = world["league"], world["league"]["id"]
    yield "home", "#/", ".games .game"
    yield "new-table", "#/new/bresk", "form .seats input"
    for game, code in world["tables"].items():
        yield f"table-{game}", f"#/table/{code}", ".after-panel:not([hidden])"
    # The big screen, as a phone held upright opens it from the invite sheet: during a game and at its end.
    for game in ("block-buster", "game-over"):
        ready = ".sb-screen:not(.loading) .sb-live[data-state=live]"
        yield f"big-screen-{game}", f"#/table/{world['tables'][game]}/screen", ready
    yield "judge", "#/judge", ".lexicon-status"
    yield "leagues", "#/leagues", ".create-league"
    yield "league-member", f"#/league/{lid}?t={league['member_token']}", "table.standings tbody tr"
    yield "league-admin", f"#/league/{lid}?t={league['admin_token']}", "#league-settings"
    yield "league-record", f"#/league/{lid}/record", "form"
    yield "league-player", f"#/league/{lid}/player/Ann", ".player-title"
    yield "league-disputes", f"#/league/{lid}/disputes", ".disputes:not([aria-busy])"
    yield "league-recap", f"#/league/{lid}/recap", "ul.awards:not([aria-busy]) li"
    yield "league-settings", f"#/league/{lid}/admin", "#save-rules"
    yield "league-result", f"#/league/{lid}/result/{world['result']['id']}", ".result-title"


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", list(PHONES))
def test_every_screen_passes_axe_and_shows_no_missing_values(browser, live_server, world, scheme, size, shots):
    context = counting_fetches(with_axe(browser.new_context(
        base_url=live_server.url, **{**PHONE, "viewport": PHONES[size]}, color_scheme=scheme)))
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    problems = {}
    try:
        for name, where, ready in screens(world):
            page.goto(f"/{where}")
            page.wait_for_selector(ready, state="attached")
            page.wait_for_function(SETTLED)  # the screen's last answers have landed
            page.wait_for_function(SLID_IN)
            found = serious_violations(page) + [f"shows {text!r}" for text in missing_values(page)]
            if found:
                problems[name] = found
            if size == "360x640":
                page.screenshot(path=shots / f"screen-{name}-{scheme}.png")
    finally:
        context.close()
    assert not problems, "\n".join(f"{k}: {v}" for k, v in problems.items())
    assert not errors, errors


def test_a_league_member_sees_no_null_where_the_admin_has_settings(phone, live_server):
    league = api_league(live_server, "Members", NAMES)
    phone.goto(f"/#/league/{league['id']}?t={league['member_token']}")
    phone.wait_for_selector("#record-result")
    actions = phone.locator("#record-result").evaluate("el => el.parentElement.textContent")
    assert "null" not in actions
    assert phone.locator("#league-settings").count() == 0
    assert missing_values(phone) == []


def test_navigation_starts_at_the_top_and_back_returns_where_you_were(phone, live_server):
    code = new_table(live_server, "scorepad", NAMES)
    phone.set_viewport_size(PHONES["360x640"])
    phone.goto("/")
    phone.wait_for_selector(".games .game")
    phone.evaluate("scrollTo(0, document.body.scrollHeight)")
    bottom = phone.evaluate("scrollY")
    assert bottom > 300
    phone.locator(".games .game").last.click()  # the game's new-table screen
    phone.wait_for_selector("form .seats input")
    assert phone.evaluate("scrollY") == 0
    phone.go_back()
    phone.wait_for_selector(".games .game")
    phone.wait_for_function("(y) => Math.abs(scrollY - y) < 2", arg=bottom)
    # A table opened from the bottom of Home starts at its top too; Home is again at its top when navigated to.
    phone.evaluate(f"location.hash = '#/table/{code}'")
    phone.wait_for_selector(".after-panel:not([hidden])")
    assert phone.evaluate("scrollY") == 0
    phone.evaluate("scrollTo(0, 200)")
    phone.locator(".brand").click()
    phone.wait_for_selector(".games .game")
    assert phone.evaluate("scrollY") == 0
    assert phone.locator("#join-code").is_visible()


def test_the_time_up_end_turn_button_is_readable_in_dark_mode(browser, live_server):
    code = new_table(live_server, "make-n-break", NAMES)
    post_event(live_server, code, "die", {"face": 1, "builder": 0})
    post_event(live_server, code, "", {"action": "set", "seconds": 1}, path="timer")
    post_event(live_server, code, "", {"action": "start"}, path="timer")
    for scheme in ("dark", "light"):
        context = browser.new_context(base_url=live_server.url, **PHONE, color_scheme=scheme,
                                      reduced_motion="reduce")
        page = context.new_page()
        page.goto(f"/#/table/{code}")
        page.wait_for_selector("button.mnb-end.time-up")
        ratio = contrast(*colours_of(page, "button.mnb-end.time-up"))
        context.close()
        assert ratio >= 4.5, (scheme, ratio)
