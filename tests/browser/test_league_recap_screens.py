"""The season told back on the phone: the recap screen of the API tests' hand-counted league "Recap test"
(tests/api/test_league_recap.py), reached from the league screen; every tie named; an evening chosen; shared
as a PNG: a download where the browser has no Web Share for files (headless Chromium), the share sheet where
it has. It passes axe-core at 360×640, light and dark, in English and German."""

import pytest
import requests
from screens import api_league, auth, missing_values, serious_violations, with_axe

from tests.api.test_league_recap import EVENING_1, RESULTS

pytestmark = pytest.mark.browser

SMALL = {"viewport": {"width": 360, "height": 640}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def league(live_server):
    league = api_league(live_server, "Recap test", ("Anna", "Ben", "Clara", "Dan"))
    for body in RESULTS:
        response = requests.post(f"{live_server.url}/api/leagues/{league['id']}/results", json=body,
                                 headers=auth(league["member_token"]), timeout=10)
        assert response.status_code == 201, response.text
    return league


def open_recap(page, league):
    page.goto(f"/#/league/{league['id']}?t={league['member_token']}")
    page.wait_for_selector("table.standings tbody tr")
    page.locator("#recap-link").click()
    page.wait_for_selector("li.award")
    page.wait_for_function("() => !document.querySelector('main [aria-busy=true]')")


def award(page, name, game=None):
    selector = f"li.award[data-award={name}]" + (f"[data-game={game}]" if game else "")
    return [line for line in page.locator(selector).inner_text().split("\n") if line.strip()]


def test_the_recap_tells_every_award_and_keeps_the_ties(phone, league, shots):
    open_recap(phone, league)
    assert "All time · 8 games" in phone.locator(".scope").inner_text()
    assert award(phone, "champion", "wuerfelspiel") == [
        "Champion · Make 'n' Break Würfelspiel", "Anna · 1 win of 2 games", "Ben · 1 win of 2 games",
        "Shared: a tie stays a tie"]
    assert award(phone, "most_wins")[:4] == ["Most wins", "3 wins", "Anna · 4 games", "Clara · 5 games"]
    assert award(phone, "longest_streak")[:3] == ["Longest winning streak", "3 wins in a row", "Anna"]
    word = award(phone, "bresk_longest_word")
    assert word[:2] == ["Longest Bresk! word", "6 letters"] and word[2].startswith("GARDEN · Ben · ")
    assert word[3].startswith("ORANGE · Clara · ") and "From 2 of 3 games" in word[-1]
    assert award(phone, "bresk_best_grid")[:2] == ["Best Bresk! grid", "12 points"]
    turn = award(phone, "make_n_break_best_turn")
    assert turn[1] == "5 points" and turn[2].startswith("Clara · round 1") and turn[3].startswith("Dan · round 2")
    comeback = award(phone, "block_buster_comeback")
    assert comeback[1] == "10 points lost to penalties, and still won"
    assert comeback[2].startswith("Anna · final score 4 points")
    phone.screenshot(path=shots / "recap-season.png", full_page=True)

    # One evening: its own awards, the Block Buster game (the week after) not among them.
    phone.select_option("#recap-scope", EVENING_1)
    phone.wait_for_function("() => document.querySelector('.scope').textContent.includes('3 games')")
    phone.wait_for_function("() => !document.querySelector('main [aria-busy=true]')")
    assert phone.locator("li.award[data-award=block_buster_comeback]").count() == 0
    assert award(phone, "bresk_best_grid")[:4] == ["Best Bresk! grid", "11 points", award(phone, "bresk_best_grid")[2],
                                                   award(phone, "bresk_best_grid")[3]]
    assert [line.split(" · ")[0] for line in award(phone, "bresk_best_grid")[2:4]] == ["Anna", "Ben"]
    assert phone.url.endswith(f"/recap?day={EVENING_1}")


def test_the_recap_downloads_as_a_png_where_there_is_no_web_share(phone, league, shots):
    open_recap(phone, league)
    assert phone.evaluate("() => typeof navigator.canShare") == "undefined"  # headless Chromium on Linux
    with phone.expect_download() as caught:
        phone.locator("#share-recap").click()
    download = caught.value
    assert download.suggested_filename == "recap-test-recap-all-time.png"
    path = download.path()
    data = path.read_bytes()
    assert data.startswith(PNG) and len(data) > 10_000
    phone.wait_for_function("() => document.querySelector('.status').textContent.includes('all-time.png')")
    (shots / "recap-shared.png").write_bytes(data)


def test_the_recap_goes_to_the_share_sheet_where_the_phone_has_one(browser, live_server, league):
    context = browser.new_context(base_url=live_server.url, **SMALL)
    context.add_init_script("""
        window.__shared = [];
        navigator.canShare = (data) => Boolean(data && data.files && data.files.length);
        navigator.share = async (data) => { window.__shared.push(data.files.map((f) => [f.name, f.type, f.size])); };
    """)
    page = context.new_page()
    try:
        open_recap(page, league)
        page.locator("#share-recap").click()
        page.wait_for_function("() => window.__shared.length === 1")
        [[name, kind, size]] = page.evaluate("() => window.__shared[0]")
        assert (name, kind) == ("recap-test-recap-all-time.png", "image/png") and size > 10_000
        assert page.locator(".status").inner_text() == "Shared."
    finally:
        context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("locale", ["en-GB", "de-DE"])
def test_the_recap_passes_axe_at_360(browser, live_server, league, scheme, locale, shots):
    context = with_axe(browser.new_context(base_url=live_server.url, **SMALL, color_scheme=scheme, locale=locale))
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        open_recap(page, league)
        found = serious_violations(page) + [f"shows {text!r}" for text in missing_values(page)]
        wide = page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
        if wide > 0:
            found.append(f"{wide} px wider than the screen")
        if locale == "de-DE":
            assert page.locator("h1").inner_text() == "Rückblick"
            assert award(page, "most_wins")[:2] == ["Meiste Siege", "3 Siege"]
        page.screenshot(path=shots / f"recap-{locale}-{scheme}.png", full_page=True)
    finally:
        context.close()
    assert not found, found
    assert not errors, errors
