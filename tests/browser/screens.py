"""Helpers for the browser tests, imported by name (``from screens import …``): the phone, axe-core, words that
must never show, contrast, where things sit on the screen, leagues and tables made through the API or the
screens, seating the cast named in support.py. Fixtures (a live server, Chromium, phones) are in conftest.py."""

from __future__ import annotations

import functools
import os
import time
import uuid
from pathlib import Path

import pytest
import requests
from support import CAST, phone_catalog

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
# Every animation on the page has ended, e.g. a sheet's slide-in (an endless one, such as a pulsing
# dot, never does and is left out). A fixed pause is too short on a busy machine: axe then sees half-faded colours.
SLID_IN = ("() => document.getAnimations().every((a) => a.playState === 'finished'"
           " || a.effect?.getTiming().iterations === Infinity)")

# No fetch in flight and nothing on the page busy: a screen's last answers have landed. An init script
# (settled_fetches) counts the page's fetches; an event stream is not a fetch and never counts.
SETTLED = ("() => window.__fetchesInFlight === 0 && !document.querySelector('main [aria-busy=true]')")
COUNT_FETCHES = """
window.__fetchesInFlight = 0;
const realFetch = window.fetch.bind(window);
window.fetch = (...args) => {
  window.__fetchesInFlight += 1;
  return realFetch(...args).finally(() => { window.__fetchesInFlight -= 1; });
};
"""

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
# The small phone in light and the common one in dark (dark type can be wider): the sizes a screen is checked at.
SMALL_AND_COMMON = [pytest.param(({"width": 360, "height": 640}, "light"), id="360x640-light"),
                    pytest.param(({"width": 390, "height": 844}, "dark"), id="390x844-dark")]
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]

# A phone whose clock runs 7 s ahead, as a badly set phone's would: the shared timer must not care.
SKEW_MS = 7000
SKEWED_CLOCK = f"""
(() => {{
  const realNow = Date.now.bind(Date);
  Date.now = () => realNow() + {SKEW_MS};
}})();
"""

# axe-core comes inside the pinned `axe-playwright-python` wheel (dev extra): `make test` installs it
# with everything else, and no Node is needed. Only its axe.min.js is used.
AXE_VERSION = "4.12.1"


def axe_script() -> str:
    import axe_playwright_python

    return (Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text(encoding="utf-8")


def with_axe(context):
    """Load axe-core into every page of ``context`` (an init script: the app's CSP forbids inline scripts)."""
    context.add_init_script(script=axe_script())
    return context


def phone_page(browser, live_server, viewport=None, scheme="light", axe=True):
    """A page on a phone of its own (``viewport`` instead of PHONE's, in colour ``scheme``), axe-core loaded
    unless ``axe`` is false. Close it with ``page.context.close()``."""
    context = browser.new_context(base_url=live_server.url, color_scheme=scheme,
                                  **{**PHONE, "viewport": viewport or PHONE["viewport"]})
    return (with_axe(context) if axe else context).new_page()


def wait_for_seq(page, seq: int) -> None:
    """The phone's table shows seq ``seq`` or later (``.table-screen``'s ``data-seq``)."""
    page.wait_for_function("(seq) => Number(document.querySelector('.table-screen')?.dataset.seq) >= seq", arg=seq)


def controlled_by_the_worker(page) -> None:
    """The service worker installed (the app cached) and in control of the page, as after a first visit: what a
    page needs before going offline (an offline reload without it is the browser's own error page)."""
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")


def open_table(page, code: str, ready: str | None = None, bresk_seat: str | None = None, unscrolled=False) -> None:
    """The table ``code`` on ``page``, with its panel shown and the stream's first message in (the screen as it
    stays); then, if asked, the Bresk! player this phone is picked, ``ready`` waited for, the page scrolled up."""
    page.goto(f"/#/table/{code}")
    page.wait_for_selector(".after-panel:not([hidden])")
    page.wait_for_selector(".live[data-state=live]")
    if bresk_seat:
        page.locator(".bresk-seat", has_text=bresk_seat).click()
        page.wait_for_selector(f".bresk-seat[aria-pressed=true]:has-text('{bresk_seat}')")
    if ready:
        page.wait_for_selector(ready)
    if unscrolled:
        page.evaluate("scrollTo(0, 0)")


# Every element's place, read in one go in the page: read one by one from the test, an element the screen
# drew afresh in between (a message from the stream) was gone by the time its box was asked for.
PLACES = """(selectors) => Object.fromEntries(Object.entries(selectors).map(([what, selector]) => {
  const el = document.querySelector(selector);
  if (!el || !el.checkVisibility()) return [what, null];
  const r = el.getBoundingClientRect();
  const uncovered = el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
  return [what, { x: r.x, y: r.y, width: r.width, height: r.height, uncovered }];
}))"""


def places(page, selectors: dict[str, str]) -> dict:
    """Where each of ``selectors`` (by what it is) sits: its box and whether it is uncovered, or None if not shown."""
    return page.evaluate(PLACES, selectors)


def counting_fetches(context):
    """Count every page's fetches in flight (``SETTLED`` waits for none)."""
    context.add_init_script(script=COUNT_FETCHES)
    return context


def wait_until(page, condition, what: str, timeout_s: float = 15) -> None:
    """Wait for something the test itself holds, such as a list a route or event callback fills.

    Playwright calls those callbacks only while the test is inside one of its calls, and a page-side
    signal (the page made the request) comes a moment before the callback (the request reached the
    route): so wait on the callback's own result, giving Playwright short turns to deliver it.
    """
    deadline = time.monotonic() + timeout_s
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {timeout_s} s for {what}")
        page.wait_for_timeout(10)


def serious_violations(page) -> list[str]:
    """axe-core on the page as it is now: its serious and critical violations, one line each."""
    assert page.evaluate("axe.version") == AXE_VERSION
    violations = page.evaluate("""async () => (await axe.run(document, { resultTypes: ['violations'] })).violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`)""")
    return violations


# "null", "undefined" or "NaN" on a screen is a value that went missing on its way to the page; a catalog key is
# words that did (t() shows the key itself when its words are not loaded, as when a screen ran before the league
# screens' words were in).
NO_MISSING_VALUES = r"""(keys) => {
  const known = new Set(keys);
  const bad = (text) => /\b(null|undefined|NaN)\b/.test(text)
    || text.split(/\s+/).some((word) => known.has(word.replace(/[:,;]+$/, '')));
  const hits = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (bad(node.textContent)) hits.push(node.textContent.trim().slice(0, 80));
  }
  for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
    for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
      const value = el.getAttribute(name);
      if (value && bad(value)) hits.push(`${name}="${value}"`);
    }
  }
  return hits;
}"""


@functools.cache
def catalog_keys() -> tuple[str, ...]:
    """Every key of the phone's catalogs (the same in every language)."""
    return tuple(phone_catalog("en"))


def missing_values(page) -> list[str]:
    return page.evaluate(NO_MISSING_VALUES, list(catalog_keys()))


def luminance(rgb) -> float:
    def channel(c):
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(foreground, background) -> float:
    a, b = sorted((luminance(foreground), luminance(background)), reverse=True)
    return (a + 0.05) / (b + 0.05)


def colours_of(page, selector: str):
    """The text and background colours of an element, as (r, g, b) tuples."""
    return page.locator(selector).evaluate("""el => {
        const s = getComputedStyle(el);
        const rgb = (c) => c.match(/[\\d.]+/g).slice(0, 3).map(Number);
        return [rgb(s.color), rgb(s.backgroundColor)];
    }""")


def new_table(live_server, game: str, names=CAST[:2], **options) -> str:
    """A table made through the API; its code."""
    body = {"game": game, "options": options, "seats": [{"name": n} for n in names]}
    response = requests.post(f"{live_server.url}/api/tables", json=body, timeout=30)
    assert response.status_code == 201, response.text
    return response.json()["code"]


def post_event(live_server, code: str, kind: str, data=None, path="events") -> dict:
    """An event (or, with ``path``, another table call) the table must take; its answer."""
    body = {"id": str(uuid.uuid4()), "type": kind, "data": data or {}} if path == "events" else data
    response = requests.post(f"{live_server.url}/api/tables/{code}/{path}", json=body, timeout=10)
    assert response.status_code in (200, 201), response.text
    return response.json()


def auth(token: str) -> dict[str, str]:
    """The header a league call carries its capability token in."""
    return {"Authorization": f"Bearer {token}"}


def api_league(live_server, name: str = "Club", players=()) -> dict:
    """A league made through the API, with ``players`` added by the member link; its creation answer (tokens)."""
    league = requests.post(f"{live_server.url}/api/leagues", json={"name": name}, timeout=10).json()
    for player in players:
        response = requests.post(f"{live_server.url}/api/leagues/{league['id']}/players", json={"name": player},
                                 headers=auth(league["member_token"]), timeout=10)
        assert response.status_code == 201, response.text
    return league


def start_table_in_the_ui(phone, game: str, names) -> str:
    """Home → Start a table → pick ``game``, name the seats → start; the new table's code.

    Fails with the screen's own message if the new-table screen refuses.
    """
    phone.goto("/")
    phone.get_by_role("link", name="Start a table", exact=True).click()
    phone.select_option("#game", game)
    phone.wait_for_function(f"() => location.hash === '#/new/{game}'")
    inputs = phone.locator(".seats input")
    for i, name in enumerate(names):
        if i >= inputs.count():
            phone.get_by_role("button", name="+ Add player").click()
        inputs.nth(i).fill(name)
    phone.get_by_role("button", name="Start the table").click()
    phone.wait_for_function(
        "() => location.hash.startsWith('#/table/') || !document.querySelector('form p.error')?.hidden"
    )
    if not phone.evaluate("location.hash.startsWith('#/table/')"):
        pytest.fail(f"the new-table screen refused: {phone.locator('form p.error').inner_text()}")
    phone.wait_for_selector(".live[data-state=live]")
    return phone.evaluate("location.hash.split('/')[2]")
