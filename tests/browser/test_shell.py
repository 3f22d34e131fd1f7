"""The phone shell in Chromium: renders, installable, works offline."""

import pytest
from screens import controlled_by_the_worker

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
    controlled_by_the_worker(phone)
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


# Where a request was answered, as the page's resource timing tells it: "network" when the worker's static
# routes sent it there without waking the worker, "cache-storage" when the worker answered from its cache.
ANSWERED_FROM = """async (path) => {
  performance.clearResourceTimings();
  const entry = new Promise((found) => new PerformanceObserver((list, observer) => {
    const mine = list.getEntries().find((e) => e.name.endsWith(path));
    if (mine) { observer.disconnect(); found(mine); }
  }).observe({ type: 'resource' }));
  await (await fetch(path)).text();
  const { workerMatchedSourceType, deliveryType } = await entry;
  return workerMatchedSourceType || deliveryType;
}"""


def test_api_requests_go_to_the_network_without_waking_the_service_worker(phone):
    """A score, a stream or a challenge never waits for the worker to start only to be let through; the app's own
    files still come from its cache."""
    phone.goto("/")
    controlled_by_the_worker(phone)
    assert phone.evaluate(ANSWERED_FROM, "/api/health") == "network"
    assert phone.evaluate(ANSWERED_FROM, "/js/lib/uuid.js") == "cache-storage"


def test_manifest_is_linked_and_parsed(phone):
    phone.goto("/")
    href = phone.locator('link[rel="manifest"]').get_attribute("href")
    manifest = phone.evaluate(f"fetch('{href}').then(r => r.json())")
    assert manifest["display"] == "standalone"
