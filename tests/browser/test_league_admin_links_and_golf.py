"""League settings on the phone: a new admin link (confirmed, the old one dead, the new one shown with its QR
code) and the score pad's golf-style rule, chosen where house rules and table options are chosen; at 360×640
and 390×844, light and dark, with axe-core."""

import pytest
import requests
from screens import PHONE, api_league, auth, missing_values, serious_violations, wait_until, with_axe
from test_league_admin_screens import league_view, open_link, open_settings

pytestmark = pytest.mark.browser

PHONES = {"390x844": {"width": 390, "height": 844}, "360x640": {"width": 360, "height": 640}}


@pytest.fixture(params=[(size, scheme) for size in PHONES for scheme in ("light", "dark")], ids="-".join)
def axe_phone(request, browser, live_server):
    size, scheme = request.param
    context = with_axe(browser.new_context(base_url=live_server.url, **{**PHONE, "viewport": PHONES[size]},
                                           color_scheme=scheme))
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.label = f"{size}-{scheme}"
    yield page
    context.close()
    assert not errors, errors


def clean(page):
    assert serious_violations(page) == [] and missing_values(page) == []


def test_a_new_admin_link_is_confirmed_replaces_the_old_one_and_shows_its_qr(axe_phone, live_server, shots):
    phone = axe_phone
    league = api_league(live_server, "Links club", players=("Ann", "Ben"))
    old = league["admin_token"]
    open_settings(phone, league)
    button = phone.get_by_role("button", name="New admin link")
    button.scroll_into_view_if_needed()
    clean(phone)

    # Changing one's mind changes nothing; the question says what stops working.
    asked = []
    phone.once("dialog", lambda d: (asked.append(d.message), d.dismiss()))
    button.click()  # returns once the question is answered: a confirm() holds the click until then
    assert asked and "old admin link stops working" in asked[0] and "This phone gets the new one" in asked[0]
    assert league_view(live_server, league)["role"] == "admin"  # the old link still works

    phone.once("dialog", lambda d: d.accept())
    button.click()
    qr = phone.locator("dialog.qr-dialog[open] svg[role=img]")
    qr.wait_for()
    assert qr.get_attribute("aria-label") == "QR code for the admin link"
    clean(phone)
    phone.screenshot(path=shots / f"league-admin-new-link-qr-{phone.label}.png")
    phone.get_by_role("button", name="Close").click()
    phone.locator("dialog.qr-dialog").wait_for(state="detached")
    status = phone.locator(".share-status")
    assert status.inner_text() == "New admin link made. The old one no longer works."

    # The old link is refused; the one now on screen (and on this phone) is the admin's.
    refused = requests.get(f"{live_server.url}/api/leagues/{league['id']}", headers=auth(old), timeout=10)
    assert refused.status_code == 401
    url = phone.input_value(".link-admin input.link-url")
    new = url.split("t=")[1].split("&")[0]
    assert new != old
    assert league_view(live_server, {**league, "admin_token": new})["role"] == "admin"
    clean(phone)
    phone.screenshot(path=shots / f"league-admin-new-link-{phone.label}.png", full_page=True)
    assert phone.evaluate("document.documentElement.scrollWidth") <= phone.viewport_size["width"]

    # The settings still save with the new link: this phone carries on as the admin.
    phone.reload()
    phone.wait_for_selector("#save-rules")
    phone.check("#rule-scorepad-lowest_wins")
    phone.click("#save-rules")
    phone.wait_for_selector(".rules-status:has-text('Saved')")


def test_the_golf_rule_is_chosen_in_the_house_rules_and_in_a_tables_options(axe_phone, live_server, shots):
    phone = axe_phone
    league = api_league(live_server, "Golf club", players=("Ann", "Ben"))
    open_settings(phone, league)
    golf = phone.get_by_label("Lowest total wins (golf-style)")
    assert not golf.is_checked()
    golf.check()
    phone.click("#save-rules")
    phone.wait_for_selector(".rules-status:has-text('Saved')")
    assert league_view(live_server, league)["rules"] == {"scorepad": {"lowest_wins": True}}
    phone.reload()
    phone.wait_for_selector("#save-rules")
    assert phone.get_by_label("Lowest total wins (golf-style)").is_checked()
    phone.locator("fieldset[data-game=scorepad]").scroll_into_view_if_needed()
    clean(phone)
    phone.screenshot(path=shots / f"league-admin-golf-{phone.label}.png")

    # A casual table: the option sits with the score pad's others.
    phone.goto("/#/new/scorepad")
    phone.wait_for_selector("form .seats input")
    phone.locator("details.options summary").click()
    box = phone.get_by_label("Lowest total wins (golf-style)")
    assert not box.is_checked()
    box.check()
    inputs = phone.locator(".seats input")
    inputs.nth(0).fill("Ann")
    if inputs.count() < 2:
        phone.get_by_role("button", name="+ Add player").click()
    inputs.nth(1).fill("Ben")
    clean(phone)
    phone.screenshot(path=shots / f"new-table-golf-{phone.label}.png", full_page=True)
    phone.get_by_role("button", name="Start the table").click()
    phone.wait_for_function("() => location.hash.startsWith('#/table/')")
    code = phone.evaluate("location.hash.split('/')[2]")
    table = requests.get(f"{live_server.url}/api/tables/{code}", timeout=10).json()
    assert table["options"]["lowest_wins"] is True


def test_a_phone_with_only_the_admin_link_hands_out_the_member_and_viewer_links_without_replacing_them(
        axe_phone, live_server, shots):
    phone = axe_phone
    league = api_league(live_server, "Only admin club", players=("Ann",))
    rotations = []
    phone.on("request", lambda r: rotations.append(r.url) if r.url.endswith("/tokens/rotate") else None)
    # The admin link alone, as another admin phone might pass it on (no m= or v=).
    phone.goto(f"/#/league/{league['id']}?t={league['admin_token']}")
    phone.wait_for_function(f"() => location.hash === '#/league/{league['id']}'")
    phone.wait_for_selector(".league-head h1:not(:empty)")
    phone.evaluate(f"location.hash = '#/league/{league['id']}/admin'")
    phone.wait_for_selector(".link-member input.link-url")
    for role in ("member", "viewer"):
        url = phone.input_value(f".link-{role} input.link-url")
        assert url.split("t=")[1].split("&")[0] == league[f"{role}_token"], (role, url)
        assert phone.locator(f".link-{role}").get_by_role("button", name="Replace link").is_visible()
    # The member link handed out carries the viewer link too, like the one made at creation.
    assert f"v={league['viewer_token']}" in phone.input_value(".link-member input.link-url")
    assert rotations == []
    for role in ("member", "viewer"):  # nobody's link was replaced
        seen = requests.get(f"{live_server.url}/api/leagues/{league['id']}", headers=auth(league[f"{role}_token"]),
                            timeout=10)
        assert seen.json()["role"] == role
    # In one step: the screen draws its links card again once the league's own answers are in, and a card
    # found before that redraw and scrolled after it is no longer in the page.
    phone.evaluate("document.querySelector('.link-member').scrollIntoView({ block: 'nearest' })")
    clean(phone)
    phone.screenshot(path=shots / f"league-admin-shared-links-{phone.label}.png")


def member_token_shown(page):
    """The token of the member link on screen (a link carries its own token as ``t``)."""
    url = page.input_value(".link-member input.link-url")
    return url.split("t=")[1].split("&")[0]


def test_an_admin_phone_with_the_league_open_learns_a_member_link_another_replaced(phone, second_phone, live_server):
    """Two organisers: one replaces the member link in settings; the other's phone, with the league's home
    open, shows the new link (and its QR code) once it comes back to the screen, with no reload and without
    opening settings, as it does on its 30-second refresh."""
    league = api_league(live_server, "Two admins", players=("Ann", "Ben"))
    query = f"t={league['admin_token']}&m={league['member_token']}&v={league['viewer_token']}"
    open_link(phone, league, query)
    phone.wait_for_selector(".link-member input.link-url", state="attached")  # inside the closed "Share"
    assert member_token_shown(phone) == league["member_token"]

    open_settings(second_phone, league)
    second_phone.once("dialog", lambda d: d.accept())
    second_phone.locator("#share .link-member button.replace").click()
    second_phone.wait_for_selector(".share-status:has-text('New member link made')")
    new = member_token_shown(second_phone)
    assert new != league["member_token"]

    # The phone comes back to the app (a switch of apps, the screen woken): what the league's home does then.
    phone.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    phone.wait_for_function("(token) => document.querySelector('.link-member input.link-url').value"
                            ".includes(`t=${token}`)", arg=new, timeout=10_000)
    assert phone.locator(".link-member input.link-url").count() == 1
    # The settings screen, opened now, shows the same link: it was remembered, not only drawn.
    phone.evaluate(f"location.hash = '#/league/{league['id']}/admin'")
    phone.wait_for_selector("#save-rules")
    assert member_token_shown(phone) == new


def test_the_links_card_is_not_drawn_again_when_the_leagues_answers_change_nothing(phone, live_server):
    """The settings screen draws its links card from this phone's links at once, and checks them against the
    league's answers when they come: a phone that already had every link keeps the card as it is, so a link
    focused (or being selected for copying) meanwhile keeps its focus."""
    league = api_league(live_server, "Steady links", players=("Ann",))
    open_link(phone, league, f"t={league['admin_token']}&m={league['member_token']}&v={league['viewer_token']}")
    held, holding = [], [True]
    phone.route(lambda url: f"/api/leagues/{league['id']}" in url,
                lambda route: held.append(route) if holding[0] else route.continue_())
    phone.evaluate(f"location.hash = '#/league/{league['id']}/admin'")
    phone.focus("#share .link-member input.link-url")  # drawn from the phone's own links, the answers held back
    phone.evaluate("document.activeElement.dataset.focusedBefore = 'yes'")
    wait_until(phone, lambda: held, "the settings screen asking the league")
    holding[0] = False
    for route in held:
        route.continue_()
    phone.wait_for_selector("#save-rules")  # the league's answers are in and every section is drawn
    assert phone.evaluate("document.activeElement.dataset.focusedBefore") == "yes"
    assert phone.locator("#share .link-member input.link-url").count() == 1
