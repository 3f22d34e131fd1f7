"""The phone shell in Chromium: renders, installable, works offline."""

import pytest

pytestmark = pytest.mark.browser


def test_home_lists_the_games(phone, shots):
    phone.goto("/")
    phone.wait_for_selector(".games .game")
    names = phone.locator(".games .game h3").all_inner_texts()
    assert "Score pad" in names
    assert phone.locator("h1").inner_text() == "Keep score at the table"
    phone.screenshot(path=shots / "home.png", full_page=True)


def test_service_worker_registers_and_page_reloads_offline(phone):
    phone.goto("/")
    phone.wait_for_selector(".games .game")
    phone.evaluate("navigator.serviceWorker.ready.then(() => true)")
    # The shell is cached once the worker is active; wait for it to control the page.
    phone.reload()
    phone.wait_for_function("() => navigator.serviceWorker.controller !== null")
    phone.wait_for_selector(".games .game")
    phone.expected_errors.append("ERR_INTERNET_DISCONNECTED")  # the catalogue refresh fails, as it should
    phone.context.set_offline(True)
    try:
        phone.reload()
        phone.wait_for_selector("h1")
        assert phone.locator("h1").inner_text() == "Keep score at the table"
        # The games come from the remembered catalogue, and the page says it is offline.
        phone.wait_for_selector(".games .game")
        assert phone.locator("#net-status").inner_text() == "Offline"
    finally:
        phone.context.set_offline(False)


def test_manifest_is_linked_and_parsed(phone):
    phone.goto("/")
    href = phone.locator('link[rel="manifest"]').get_attribute("href")
    manifest = phone.evaluate(f"fetch('{href}').then(r => r.json())")
    assert manifest["display"] == "standalone"
