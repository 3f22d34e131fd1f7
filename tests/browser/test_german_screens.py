"""A phone set to German (de-DE) sees German: html lang, the texts, no English left on the
main path of every game, axe-core clean, nothing wider than a 360 px screen. The language can
be switched on the phone and stays switched; an English phone still sees English."""

import pytest
from conftest import CHROMIUM_ARGS  # noqa: F401 - the same Chromium as every browser test
from screens import missing_values, new_table, serious_violations, with_axe

pytestmark = pytest.mark.browser

SMALL = {"width": 360, "height": 640}
GERMAN_PHONE = {"viewport": SMALL, "device_scale_factor": 2, "is_mobile": True, "has_touch": True,
                "locale": "de-DE"}

# Anything wider than the screen (German words are long): the elements that stick out on the right.
OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  const wide = [];
  for (const el of document.querySelectorAll('body *')) {
    const box = el.getBoundingClientRect();
    if (box.width && box.right > width + 1 && getComputedStyle(el).position !== 'fixed') {
      wide.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')}: ${Math.round(box.right)} px "${(el.textContent || '').trim().slice(0, 40)}"`);
    }
  }
  return [document.documentElement.scrollWidth > width ? `page ${document.documentElement.scrollWidth} px` : null, ...wide]
    .filter(Boolean);
}"""


@pytest.fixture
def german(browser, live_server):
    context = with_axe(browser.new_context(base_url=live_server.url, **GERMAN_PHONE))
    page = context.new_page()
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield page
    context.close()
    assert not errors, f"console errors: {errors}"


def check_screen(page, shots, name):
    assert page.evaluate("document.documentElement.lang") == "de"
    assert not serious_violations(page), name
    assert not missing_values(page), name
    assert not page.evaluate(OVERFLOW), f"{name}: wider than the screen"
    page.screenshot(path=shots / f"de-{name}.png", full_page=True)


def test_home_in_german_and_switched_to_english_and_back(german, shots):
    german.goto("/")
    german.wait_for_selector(".games .game")
    assert german.locator("h1").inner_text() == "Punkte zählen am Tisch"
    assert german.get_by_role("link", name="Tisch starten").is_visible()
    check_screen(german, shots, "home")
    german.get_by_role("button", name="English").click()
    german.wait_for_function("document.documentElement.lang === 'en'")
    german.wait_for_selector("h1:text('Keep score at the table')")
    german.reload()  # remembered on this phone, whatever the phone's language
    german.wait_for_selector("h1:text('Keep score at the table')")
    assert german.get_by_role("button", name="English").get_attribute("aria-pressed") == "true"
    german.get_by_role("button", name="Deutsch").click()
    german.wait_for_selector("h1:text('Punkte zählen am Tisch')")


def test_every_request_asks_for_the_chosen_language(german):
    asked = []
    german.on("request", lambda r: asked.append((r.url, r.headers.get("accept-language"))) if "/api/" in r.url else None)
    german.goto("/")
    german.wait_for_selector(".games .game")
    assert asked and all(language == "de" for _, language in asked), asked


def test_an_english_phone_sees_english(phone):
    phone.goto("/")
    phone.wait_for_selector(".games .game")
    assert phone.evaluate("document.documentElement.lang") == "en"
    assert phone.locator("h1").inner_text() == "Keep score at the table"
