"""Bresk!'s "Scan my card" on a phone: photo → the grid read and checked → handed in as if typed."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
import requests
from screens import (
    PHONE,
    SLID_IN,
    api_league,
    auth,
    missing_values,
    new_table,
    open_table,
    serious_violations,
    wait_until,
    with_axe,
)

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))
from scan_photos import make_photo  # noqa: E402

pytestmark = pytest.mark.browser

SEED = 3  # a card with two empty squares, read right (tests/scan/test_accuracy.py's set)


def check_every_doubt(scope) -> int:
    """Tap "Right" on each highlighted square the check shows, till none is left; how many were checked."""
    checked = 0
    check = scope.locator(".bresk-scan-check")
    while check.is_visible():
        assert scope.locator(".bresk-scan-confirm").is_disabled()
        scope.locator(".bresk-scan-right").click()
        checked += 1
        assert checked <= 64
    return checked


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", [(360, 640), (390, 844)])
def test_scan_check_correct_and_hand_in(browser, live_server, tmp_path, shots, scheme, size):
    photo = make_photo(SEED)
    path = tmp_path / "card.jpg"
    path.write_bytes(photo.jpeg)
    code = new_table(live_server, "bresk", ("Ann", "Ben"), hand_in_early=True)
    context = with_axe(browser.new_context(base_url=live_server.url, **{**PHONE, "viewport": dict(
        zip(("width", "height"), size, strict=True))}, color_scheme=scheme))
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        open_table(page, code, bresk_seat="Ann")
        page.wait_for_selector(".bresk-scan:not([hidden])")
        assert "deleted at once" in page.locator(".bresk-scan-privacy").inner_text()
        page.set_input_files(".bresk-scan-file", str(path))
        page.wait_for_selector(".bresk-scan-review:not([hidden])", timeout=60_000)
        cells = page.locator(".bresk-scan-cell")
        assert cells.count() == 64
        shown = "".join(cells.nth(i).input_value() for i in range(64))
        expected = "".join(photo.truth).replace("#", "●").replace("?", "")
        assert shown == expected
        empties = [i for i, ch in enumerate("".join(photo.truth)) if ch == "?"]
        assert empties and all("flagged" in cells.nth(i).get_attribute("class") for i in empties)
        assert "check this square" in cells.nth(empties[0]).get_attribute("aria-label")
        assert page.locator(".bresk-scan-thumb").is_visible()
        page.wait_for_function(SLID_IN)
        assert serious_violations(page) == [] and missing_values(page) == []
        label = f"{size[0]}x{size[1]}-{scheme}"
        page.locator(".bresk-scan-review").screenshot(path=shots / f"bresk-scan-check-{label}.png")

        # "Looks right" waits till every highlighted square has been looked at.
        flagged = [i for i in range(64) if "flagged" in cells.nth(i).get_attribute("class")]
        confirm = page.get_by_role("button", name="Looks right — hand in")
        assert confirm.is_disabled()
        why = page.locator(".bresk-scan-why").inner_text()
        assert why == f"Check the {len(flagged)} highlighted squares left first."
        assert page.locator(".bresk-scan-checked").inner_text() == f"0 of {len(flagged)} highlighted squares checked"
        # The check shows the first doubtful square, beside its picture from the photo, on one screen with it.
        first_flagged = flagged[0]
        crop = page.locator(".bresk-scan-crop")
        assert crop.is_visible() and page.evaluate("document.querySelector('.bresk-scan-crop').naturalWidth") == 72
        row, column = first_flagged // 8 + 1, first_flagged % 8 + 1
        assert crop.get_attribute("alt") == f"Row {row}, column {column} in your photo"
        assert "current" in cells.nth(first_flagged).get_attribute("class")
        box, square = crop.bounding_box(), cells.nth(first_flagged).bounding_box()
        assert square["y"] + square["height"] - box["y"] <= size[1], "the picture and its square fit one screen"
        what = page.locator(".bresk-scan-check-what").bounding_box()
        assert what["x"] >= box["x"] + box["width"] and abs(what["y"] - box["y"]) < box["height"], "side by side"

        # The player taps the first empty square and fills it: a correction is a look taken.
        first = cells.nth(empties[0])
        first.click()
        assert page.locator(".bresk-scan-reads").inner_text() == (
            f"Row {empties[0] // 8 + 1}, column {empties[0] % 8 + 1} was read as empty.")
        page.keyboard.type("Q")
        assert first.input_value() == "Q" and "corrected" in first.get_attribute("class")
        assert "checked" in first.get_attribute("aria-label")
        assert page.locator(".bresk-scan-checked").inner_text() == f"1 of {len(flagged)} highlighted squares checked"
        assert confirm.is_disabled()
        # The rest: "Right" on each, one after another.
        assert check_every_doubt(page) == len(flagged) - 1
        assert page.locator(".bresk-scan-checked").inner_text() == "Every highlighted square is checked."
        assert page.locator(".bresk-scan-why").is_hidden()
        page.wait_for_function(SLID_IN)
        assert serious_violations(page) == [] and missing_values(page) == []

        confirm.click()
        page.wait_for_function("() => document.querySelector('.bresk-hand-in-why').textContent.includes('Waiting for')")
        want = "".join(photo.truth)
        want = want[:empties[0]] + "Q" + want[empties[0] + 1:]
        want = [want[r * 8:r * 8 + 8].replace("?", "#") for r in range(8)]
        table = requests.get(f"{live_server.url}/api/tables/{code}", timeout=10).json()
        assert table["state"]["hand_ins"][0] == want
        assert page.locator(".bresk-scan").is_hidden()
        page.screenshot(path=shots / f"bresk-scan-handed-in-{label}.png", full_page=True)
    finally:
        context.close()
    assert not errors


def test_a_photo_without_a_card_says_what_to_do(phone, live_server, tmp_path):
    import cv2
    import numpy as np

    ok, png = cv2.imencode(".png", np.full((900, 1200, 3), 170, np.uint8))
    path = tmp_path / "wall.png"
    path.write_bytes(png.tobytes())
    code = new_table(live_server, "bresk", ("Ann", "Ben"), hand_in_early=True)
    phone.expected_errors.append("422")
    open_table(phone, code, bresk_seat="Ben")
    phone.set_input_files(".bresk-scan-file", str(path))
    phone.wait_for_function("() => document.querySelector('.bresk-scan-status').textContent.includes('No scorecard')",
                            timeout=60_000)
    assert phone.locator(".bresk-scan-status").inner_text() == (
        "No scorecard found: photograph the whole card, flat, in good light.")
    assert phone.locator(".bresk-scan-review").is_hidden()


def scanned(page, row, path):
    """A player's card scanned on the score sheet: photo → the grid checked → "Looks right"."""
    row.locator(".bresk-scan-file").set_input_files(str(path))
    row.locator(".bresk-scan-review:not([hidden])").wait_for(timeout=60_000)
    assert row.locator(".bresk-scan-cell").count() == 64
    page.wait_for_function(SLID_IN)
    assert serious_violations(page) == [] and missing_values(page) == []
    assert check_every_doubt(row) >= 2  # the card's two empty squares at least
    row.get_by_role("button", name="Looks right", exact=True).click()
    row.locator(".rec-card-grid").wait_for()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_scan_each_players_card_on_the_score_sheet(browser, live_server, tmp_path, shots, scheme):
    """Recording a league's Bresk! game: each player's card scanned, the grid filled, saved as a score sheet."""
    photo = make_photo(SEED)
    path = tmp_path / "card.jpg"
    path.write_bytes(photo.jpeg)
    league = api_league(live_server, "Scanners", ("Ann", "Ben"))
    context = with_axe(browser.new_context(base_url=live_server.url, **{**PHONE, "viewport": {"width": 360,
                                                                                              "height": 640}},
                                           color_scheme=scheme))
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(f"/#/league/{league['id']}?t={league['member_token']}")
        page.locator("#record-result").click()
        page.wait_for_selector(".rec-players:not([aria-busy])")
        page.select_option("#rec-game", "bresk")
        ann, ben = (page.locator(f".rec-player[data-name='{name}']") for name in ("Ann", "Ben"))
        for row in (ann, ben):
            row.locator("button.pick").click()
        ann.locator(".bresk-scan:not([hidden])").wait_for()
        assert ann.get_by_role("button", name="Scan Ann's card").is_visible()
        assert "deleted at once" in page.locator(".rec-scan-privacy").inner_text()
        assert page.locator(".bresk-scan-privacy").count() == 0  # said once, not under every player
        scanned(page, ann, path)

        want = ["".join("#" if ch == "?" else ch for ch in row) for row in photo.truth]
        shown = "".join(ann.locator(".rec-card-square").all_inner_texts())
        assert shown == "".join(want).replace("#", "●")
        assert ann.locator("input.rec-value").is_disabled()
        assert ann.locator(".rec-card-note").inner_text() == "Scored from the card when you save."
        page.wait_for_function(SLID_IN)
        assert serious_violations(page) == [] and missing_values(page) == []
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        page.screenshot(path=shots / f"league-record-scanned-360x640-{scheme}.png", full_page=True)

        # One card scanned and one score typed: the sheet needs every card.
        ben.locator("input.rec-value").fill("12")
        page.locator("#save-result").click()
        refusal = page.locator(".record-form > p.error:not([hidden])")
        refusal.wait_for()
        assert refusal.inner_text() == "Scan Ben's card too, or type every score."
        scanned(page, ben, path)
        page.locator("#save-result").click()
        page.wait_for_function(f"() => location.hash === '#/league/{league['id']}'")
        page.wait_for_selector("p.status:has-text('Saved')")
    finally:
        context.close()
    assert not errors
    results = requests.get(f"{live_server.url}/api/leagues/{league['id']}/results",
                           headers=auth(league["member_token"]), timeout=10).json()["results"]
    assert [p["grid"] for p in results[0]["sheet"]["players"]] == [want, want]
    assert [p["name"] for p in results[0]["players"]] == ["Ann", "Ben"]


def test_scan_and_confirm_in_german(browser, live_server, tmp_path, shots):
    """A German phone: every word of the scan → check → hand-in path from the catalogs."""
    from test_german_screens import GERMAN_PHONE, check_screen

    photo = make_photo(SEED)
    path = tmp_path / "card.jpg"
    path.write_bytes(photo.jpeg)
    code = new_table(live_server, "bresk", ("Ann", "Ben"), hand_in_early=True)
    context = with_axe(browser.new_context(base_url=live_server.url, **GERMAN_PHONE))
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    try:
        open_table(page, code, bresk_seat="Ann")
        page.wait_for_selector(".bresk-scan:not([hidden])")
        assert page.get_by_role("button", name="Meine Karte scannen").is_visible()
        assert page.locator(".bresk-scan-privacy").inner_text() == german("scan.privacy")
        page.set_input_files(".bresk-scan-file", str(path))
        page.wait_for_selector(".bresk-scan-review:not([hidden])", timeout=60_000)
        page.wait_for_function(SLID_IN)
        assert page.locator(".bresk-scan-title").inner_text() == german("scan.title")
        empties = [i for i, ch in enumerate("".join(photo.truth)) if ch == "?"]
        cells = page.locator(".bresk-scan-cell")
        assert cells.nth(empties[0]).get_attribute("aria-label") == german("scan.square_flagged").format(
            row=empties[0] // 8 + 1, column=empties[0] % 8 + 1)
        assert page.locator(".bresk-scan-thumb").get_attribute("alt") == german("scan.thumbnail")
        check_screen(page, shots, "bresk-scan-check")
        assert page.locator(".bresk-scan-right").inner_text() == german("scan.right")
        assert page.locator(".bresk-scan-change").inner_text() == german("scan.change")
        check_every_doubt(page)
        assert page.locator(".bresk-scan-checked").inner_text() == german("scan.all_checked")
        page.get_by_role("button", name=german("scan.confirm")).click()
        page.wait_for_function("() => document.querySelector('.bresk-scan').classList.contains('handed-in')")
        page.wait_for_function(SLID_IN)
        check_screen(page, shots, "bresk-scan-handed-in")
    finally:
        context.close()
    assert not errors
    table = requests.get(f"{live_server.url}/api/tables/{code}", timeout=10).json()
    assert table["state"]["hand_ins"][0] == ["".join("#" if ch == "?" else ch for ch in row) for row in photo.truth]


def german(key: str) -> str:
    """The German catalog's text for a key."""
    return json.loads((ROOT / "frontend" / "js" / "i18n" / "de.json").read_text(encoding="utf-8"))[key]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_scan_shows_its_progress_while_it_reads(browser, live_server, tmp_path, scheme):
    """The first scan after a start takes ~10 s: a moving bar and the seconds so far, for eyes and screen readers."""
    path = tmp_path / "card.jpg"
    path.write_bytes(make_photo(SEED).jpeg)
    code = new_table(live_server, "bresk", ("Ann", "Ben"), hand_in_early=True)
    context = with_axe(browser.new_context(base_url=live_server.url, **{**PHONE, "viewport": {"width": 360,
                                                                                              "height": 640}},
                                           color_scheme=scheme))
    page = context.new_page()
    held = []
    page.route("**/api/games/bresk/scan", lambda route: held.append(route) if route.request.method == "POST"
               else route.continue_())
    try:
        open_table(page, code, bresk_seat="Ann")
        page.wait_for_selector(".bresk-scan:not([hidden])")
        assert page.locator(".bresk-scan-progress").is_hidden()
        page.set_input_files(".bresk-scan-file", str(path))
        wait_until(page, lambda: held, "the photo sent")
        status = page.get_by_role("status").filter(has_text="Reading your card")
        status.wait_for()
        assert page.locator(".bresk-scan-progress progress").is_visible()
        assert page.locator(".bresk-scan-button").is_disabled()
        # The seconds count on while the server reads: the screen is not frozen.
        page.wait_for_function("() => /Reading your card… [1-9] s/.test("
                               "document.querySelector('.bresk-scan-progress').textContent)")
        assert serious_violations(page) == []
        held[0].continue_()
        page.wait_for_selector(".bresk-scan-review:not([hidden])", timeout=60_000)
        assert page.locator(".bresk-scan-progress").is_hidden()
        assert not page.locator(".bresk-scan-button").is_disabled()
    finally:
        context.close()
