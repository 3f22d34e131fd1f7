"""Bresk!'s "Scan my card" on a phone: photo → the grid read and checked → handed in as if typed."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
import requests
from screens import PHONE, missing_values, serious_violations, with_axe
from test_bresk_screens import new_table, open_table

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from scan_photos import make_photo  # noqa: E402

pytestmark = pytest.mark.browser

SEED = 3  # a card with two empty squares, read right (tests/scan/test_accuracy.py's set)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", [(360, 640), (390, 844)])
def test_scan_check_correct_and_hand_in(browser, live_server, tmp_path, shots, scheme, size):
    photo = make_photo(SEED)
    path = tmp_path / "card.jpg"
    path.write_bytes(photo.jpeg)
    code = new_table(live_server, hand_in_early=True)
    context = with_axe(browser.new_context(base_url=live_server.url, **{**PHONE, "viewport": dict(
        zip(("width", "height"), size, strict=True))}, color_scheme=scheme))
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        open_table(page, code, "Ann")
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
        page.wait_for_timeout(300)
        assert serious_violations(page) == [] and missing_values(page) == []
        label = f"{size[0]}x{size[1]}-{scheme}"
        page.locator(".bresk-scan-review").screenshot(path=shots / f"bresk-scan-check-{label}.png")

        # The player fills the first empty square: it becomes a correction, not a doubt.
        first = cells.nth(empties[0])
        first.click()
        page.keyboard.type("Q")
        assert first.input_value() == "Q" and "corrected" in first.get_attribute("class")

        page.get_by_role("button", name="Looks right — hand in").click()
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
    code = new_table(live_server, hand_in_early=True)
    phone.expected_errors.append("422")
    open_table(phone, code, "Ben")
    phone.set_input_files(".bresk-scan-file", str(path))
    phone.wait_for_function("() => document.querySelector('.bresk-scan-status').textContent.includes('No scorecard')",
                            timeout=60_000)
    assert phone.locator(".bresk-scan-status").inner_text() == (
        "No scorecard found: photograph the whole card, flat, in good light.")
    assert phone.locator(".bresk-scan-review").is_hidden()
