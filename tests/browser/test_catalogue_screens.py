"""The games' catalogue a phone keeps (for offline) is replaced by the server's once per page load, whichever
screen the phone opens first: a phone that kept it before a server upgrade sees the games as they are now."""

import json

import pytest
from screens import new_table

pytestmark = pytest.mark.browser

KEPT = "JSON.parse(localStorage.getItem('scorekeeper')) || {}"


def test_a_catalogue_kept_from_before_an_upgrade_is_replaced_from_a_table(phone, live_server):
    code = new_table(live_server, "make-n-break", ("Ann", "Ben"))
    phone.goto("/")
    phone.wait_for_selector("ul.games:not([aria-busy])")
    kept = phone.evaluate(KEPT)
    # As kept before the upgrade: Make 'N' Break under another name, and no Bresk! yet.
    games = [g for g in kept["catalogue"]["games"] if g["id"] != "bresk"]
    for game in games:
        if game["id"] == "make-n-break":
            game["name"] = "Make 'N' Break (old)"
    kept["catalogue"]["games"] = games
    phone.evaluate(f"localStorage.setItem('scorekeeper', {json.dumps(json.dumps(kept))})")

    phone.goto(f"/#/table/{code}")  # a fresh page load: the guest's link, as from a QR code
    phone.reload()
    phone.wait_for_selector(".table-screen:not(.loading)")
    phone.wait_for_function(f"() => ({KEPT}).catalogue.games.some((g) => g.id === 'bresk')")
    assert phone.evaluate(f"({KEPT}).catalogue.games.find((g) => g.id === 'make-n-break').name") == \
        "Make 'N' Break Extreme"
    phone.goto("/#/new")  # within the page: what is kept now
    options = phone.locator("#game option")
    options.first.wait_for(state="attached")
    assert "Bresk!" in options.all_inner_texts()
    assert "Make 'N' Break (old)" not in options.all_inner_texts()
