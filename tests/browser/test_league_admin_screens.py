"""League settings on the phone (#/league/:id/admin): house rules, seasons, players, QR codes of
the share links, and the refusal a member link meets."""

import pytest
import requests
from screens import api_league, auth

pytestmark = pytest.mark.browser




def league_view(live_server, league):
    return requests.get(f"{live_server.url}/api/leagues/{league['id']}", headers=auth(league["admin_token"]),
                        timeout=10).json()


def open_link(phone, league, query):
    """Open a share link on the league home, as a phone does, and wait until it is remembered."""
    phone.goto(f"/#/league/{league['id']}?{query}")
    phone.wait_for_function(f"() => location.hash === '#/league/{league['id']}'")
    phone.wait_for_selector(".league-head h1:not(:empty)")


def open_settings(phone, league):
    """The admin link as the create screen hands it out (it carries the member and viewer tokens too)."""
    open_link(phone, league, f"t={league['admin_token']}&m={league['member_token']}&v={league['viewer_token']}")
    phone.evaluate(f"location.hash = '#/league/{league['id']}/admin'")
    phone.wait_for_selector("#save-rules")


def test_house_rules_are_saved_and_a_refusal_keeps_what_was_typed(phone, live_server, shots):
    league = api_league(live_server, "Rules club")
    open_settings(phone, league)
    assert phone.locator("#rule-block-buster-tie_takes_nobody").is_checked()  # the game's default: a tie takes nobody
    assert not phone.locator("#rule-bresk-live_word_marking").is_checked()  # Bresk!: no dictionary while writing
    rounds = "#rule-make-n-break-rounds"
    assert phone.get_attribute(rounds, "min") == "1" and phone.get_attribute(rounds, "max") == "10"
    assert phone.get_attribute("#rule-make-n-break-rounds", "placeholder") == "5"
    assert "Tables started in this league begin with these rules" in phone.locator("#house-rules").inner_text()

    assert phone.input_value("#rule-bresk-lexicon") == "en"  # the everyday list, unless the league chooses
    phone.fill("#rule-bresk-extra_words", "zorp, qix\nblick")
    phone.fill("#rule-bresk-banned_words", "cat")
    phone.select_option("#rule-bresk-lexicon", "en-wordgame")
    phone.uncheck("#rule-block-buster-tie_takes_nobody")
    phone.check("#rule-bresk-live_word_marking")
    phone.fill("#rule-make-n-break-rounds", "3")
    phone.fill("#rule-make-n-break-seconds_1", "35")
    phone.click("#save-rules")
    phone.wait_for_selector(".rules-status:has-text('Saved — new tables in this league use these rules.')")
    assert league_view(live_server, league)["rules"] == {
        "bresk": {"extra_words": ["BLICK", "QIX", "ZORP"], "banned_words": ["CAT"], "lexicon": "en-wordgame",
                  "live_word_marking": True},
        "block-buster": {"tie_takes_nobody": False},
        "make-n-break": {"rounds": 3, "seconds_1": 35},
    }
    assert phone.input_value("#rule-bresk-extra_words") == "BLICK, QIX, ZORP"  # as the server keeps them

    # Opened again, the form shows the league's rules; empty boxes are the game's defaults.
    phone.reload()
    phone.wait_for_selector("#save-rules")
    assert phone.input_value("#rule-bresk-banned_words") == "CAT"
    assert phone.input_value("#rule-bresk-lexicon") == "en-wordgame"
    assert phone.locator("#rule-bresk-lexicon option:checked").inner_text() == "Word-game list"
    assert not phone.locator("#rule-block-buster-tie_takes_nobody").is_checked()
    assert phone.locator("#rule-bresk-live_word_marking").is_checked()
    assert phone.input_value("#rule-make-n-break-rounds") == "3"
    assert phone.input_value("#rule-make-n-break-seconds_2") == ""

    # A word both allowed and banned: the server refuses, the message sits by the field, nothing is lost.
    phone.expected_errors.append("status of 422")
    phone.fill("#rule-bresk-banned_words", "cat zorp")
    phone.fill("#rule-make-n-break-seconds_3", "70")
    phone.click("#save-rules")
    error = phone.locator("#rule-bresk-banned_words-error")
    error.wait_for()
    assert "A word cannot be both allowed and banned" in error.inner_text() and "ZORP" in error.inner_text()
    assert phone.get_attribute("#rule-bresk-banned_words", "aria-invalid") == "true"
    assert phone.input_value("#rule-bresk-banned_words") == "cat zorp"
    assert phone.input_value("#rule-make-n-break-seconds_3") == "70"
    assert phone.locator(".rules-status").inner_text() == ""
    phone.screenshot(path=shots / "league-admin-refused.png", full_page=True)
    assert league_view(live_server, league)["rules"]["bresk"]["banned_words"] == ["CAT"]

    # A number out of the game's range is refused by the server too, next to its box.
    phone.fill("#rule-bresk-banned_words", "cat")
    phone.fill("#rule-make-n-break-rounds", "11")
    phone.click("#save-rules")
    phone.locator("#rule-make-n-break-rounds-error").wait_for()
    assert phone.locator("#rule-make-n-break-rounds-error").inner_text() == "Rounds must be at most 10."
    assert phone.locator("#rule-bresk-banned_words-error").is_hidden()


def test_seasons_players_and_qr_codes_of_the_links(phone, live_server, shots):
    league = api_league(live_server, "Thursday club", players=("Ann", "Ben"))
    open_settings(phone, league)
    assert phone.locator(".season-list li").count() == 1
    assert "Default" in phone.locator(".season-list li").first.inner_text()
    assert phone.locator(".player-count").inner_text() == "2 players"

    # A season that ends before it starts is refused by the server, with its message.
    phone.expected_errors += ["status of 422", "status of 409"]
    phone.fill("#season-name", "Spring")
    phone.fill("#season-from", "2026-05-31")
    phone.fill("#season-to", "2026-03-01")
    phone.click("#add-season")
    phone.wait_for_selector(".season-form .form-error:has-text('must end on or after')")
    assert phone.get_attribute("#season-to", "aria-invalid") == "true"
    phone.fill("#season-from", "2026-03-01")
    phone.fill("#season-to", "2026-05-31")
    phone.click("#add-season")
    phone.wait_for_selector(".season-status:has-text('Spring')")
    assert phone.locator(".season-list li").count() == 2
    assert "Spring" in phone.locator(".season-list li").nth(1).inner_text()
    assert phone.input_value("#season-name") == ""
    seasons = league_view(live_server, league)["seasons"]
    assert [(s["name"], s["starts_on"], s["ends_on"]) for s in seasons if not s["default"]] == [
        ("Spring", "2026-03-01", "2026-05-31")]

    # Players: add one; a name already taken (whatever its case) is refused with the server's message.
    phone.fill("#admin-new-player", "Cleo")
    phone.click("#admin-add-player")
    phone.wait_for_selector(".player-chips a:has-text('Cleo')")
    assert phone.locator(".player-count").inner_text() == "3 players"
    phone.fill("#admin-new-player", "ann")
    phone.click("#admin-add-player")
    phone.wait_for_selector(".add-player-form .form-error:has-text('already has a player')")
    phone.screenshot(path=shots / "league-admin.png", full_page=True)
    phone.emulate_media(color_scheme="dark")
    phone.screenshot(path=shots / "league-admin-dark.png", full_page=True)
    phone.emulate_media(color_scheme="light")
    phone.set_viewport_size({"width": 360, "height": 740})  # the narrowest phone it is made for
    phone.screenshot(path=shots / "league-admin-360.png", full_page=True)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360  # nothing sticks out sideways

    # The viewer link as a QR code, in a dialog; closing it removes it.
    assert phone.locator("#share .show-qr").count() == 3
    phone.get_by_role("button", name="Show QR code for the viewer link").click()
    qr = phone.locator("dialog.qr-dialog[open] svg[role=img]")
    qr.wait_for()
    assert qr.get_attribute("aria-label") == "QR code for the viewer link"
    assert qr.locator("path").count() >= 1
    assert "Anyone who scans this can see the standings" in phone.locator("dialog.qr-dialog").inner_text()
    phone.screenshot(path=shots / "league-admin-qr.png")
    phone.emulate_media(color_scheme="dark")
    phone.screenshot(path=shots / "league-admin-qr-dark.png")
    phone.emulate_media(color_scheme="light")
    phone.get_by_role("button", name="Close").click()
    phone.locator("dialog.qr-dialog").wait_for(state="detached")

    # The new season is in the league home's season filter.
    phone.click("a.back")
    phone.wait_for_function(f"() => location.hash === '#/league/{league['id']}'")
    phone.wait_for_selector("#filter-season option:has-text('Spring')", state="attached")
    assert phone.locator("#filter-season option").count() == 2 and not phone.locator("#filter-season").is_disabled()


def test_a_member_link_cannot_open_the_settings(phone, live_server):
    league = api_league(live_server, "Members only")
    open_link(phone, league, f"t={league['member_token']}")
    phone.evaluate(f"location.hash = '#/league/{league['id']}/admin'")
    message = phone.locator(".admin-refused")
    message.wait_for()
    assert "needs the admin link" in message.inner_text() and "member link" in message.inner_text()
    assert phone.locator("#save-rules, #add-season").count() == 0
    phone.get_by_role("link", name="Back to the league").first.click()
    phone.wait_for_function(f"() => location.hash === '#/league/{league['id']}'")

    # A league this phone has no link for at all.
    phone.evaluate("location.hash = '#/league/nosuchleague/admin'")
    phone.wait_for_selector(".admin-refused:has-text('no link for this league')")
