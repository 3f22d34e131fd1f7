"""A phone without a connection, as players meet it: a German phone at 360 px with actions waiting to be
sent (the connection badge says its longest text, whole), and a phone that has only ever opened one page
online and then opens Home offline (the New-table form draws, or says plainly what needs the connection)."""

import pytest
from screens import PHONE, controlled_by_the_worker, new_table, serious_violations, with_axe

pytestmark = pytest.mark.browser

SMALL = {"width": 360, "height": 640}
OFFLINE_ERRORS = ("ERR_INTERNET_DISCONNECTED", "ERR_NETWORK_CHANGED", "api/")

# Is ``selector`` shown whole: not cut (no overflow, no ellipsis), inside the screen and its parent's box.
WHOLE = """(el) => {
  const box = el.getBoundingClientRect(), bar = el.parentElement.getBoundingClientRect();
  const style = getComputedStyle(el);
  return {
    text: el.textContent,
    fits: el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight + 1,
    ellipsis: style.textOverflow === 'ellipsis' || el.textContent.includes('…'),
    inside: box.left >= bar.left - 1 && box.right <= bar.right + 1 && box.right <= document.documentElement.clientWidth,
  };
}"""


def open_context(browser, live_server, scheme="light", **options):
    context = with_axe(browser.new_context(base_url=live_server.url, color_scheme=scheme, **{**PHONE, **options}))
    page = context.new_page()
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    return context, page, errors


def unexpected(errors):
    return [e for e in errors if not any(x in e for x in OFFLINE_ERRORS)]


@pytest.mark.parametrize(("scheme", "text"), [("light", "100%"), ("dark", "100%"), ("light", "200%")])
def test_a_german_phone_offline_with_twelve_actions_waiting_shows_its_badge_whole(browser, live_server, shots,
                                                                                 scheme, text):
    code = new_table(live_server, "scorepad", ("Anna", "Bernd"))
    context, page, errors = open_context(browser, live_server, scheme, viewport=SMALL, locale="de-DE")
    try:
        page.goto(f"/#/table/{code}")
        page.wait_for_selector("#points")
        controlled_by_the_worker(page)
        page.wait_for_selector(".live[data-state=live]")
        context.set_offline(True)
        page.reload()  # offline: the table as last seen, "Offline · letzter Stand"
        page.wait_for_selector(".live[data-state=offline]")
        page.wait_for_selector("#points")
        for _ in range(12):
            page.get_by_role("button", name="Anna").click()
        page.wait_for_function("() => document.querySelector('.live').textContent === 'Offline · 12 zu senden'")
        page.wait_for_selector("#net-status:not([hidden])")
        page.evaluate("(size) => { document.documentElement.style.fontSize = size; }", text)  # large text
        for selector in (".live", "#net-status"):
            shown = page.eval_on_selector(selector, WHOLE)
            assert shown["fits"] and not shown["ellipsis"] and shown["inside"], (selector, shown)
        code_box, badge = page.locator("button.code").bounding_box(), page.locator(".live").bounding_box()
        if text == "100%":  # beside the code, in its height (at 200 % the code has the whole line)
            assert badge["height"] <= code_box["height"] + 1, (badge, code_box)
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=shots / f"de-table-offline-12-waiting-{scheme}-{text[:-1]}.png")
        assert serious_violations(page) == []
    finally:
        context.set_offline(False)
        context.close()
    assert not unexpected(errors), errors


@pytest.mark.parametrize("first", ["/#/judge", "/#/leagues", "/"])
def test_a_fresh_phone_offline_starts_a_table_from_home(browser, live_server, shots, first):
    """Its one visit online was ``first``; offline, Home lists the games and the New-table form draws."""
    context, page, errors = open_context(browser, live_server, viewport=SMALL)
    try:
        page.goto(first)
        page.wait_for_selector("main h1")
        controlled_by_the_worker(page)
        page.wait_for_selector("main h1")
        context.set_offline(True)
        page.goto("/")
        page.wait_for_selector(".games .game")
        assert page.locator(".games .error").count() == 0
        page.get_by_role("link", name="Start a table", exact=True).click()
        page.wait_for_selector("form #game")
        assert page.locator("form .seats input").count() >= 2
        assert page.locator("form button[type=submit]").inner_text() == "Start the table"
        name = first.strip("/#") or "home"
        page.screenshot(path=shots / f"new-table-offline-after-{name}.png")
        assert serious_violations(page) == []
    finally:
        context.set_offline(False)
        context.close()
    assert not unexpected(errors), errors


def test_a_phone_without_the_games_offline_says_what_needs_the_connection_and_draws_when_back(
        browser, live_server, shots):
    """The games it remembers are in English and it has just switched to German, offline: no form to draw."""
    context, page, errors = open_context(browser, live_server, viewport=SMALL)
    try:
        page.goto("/")
        page.wait_for_selector(".games .game")
        controlled_by_the_worker(page)
        page.wait_for_selector(".games .game")
        context.set_offline(True)
        page.evaluate("localStorage.setItem('scorekeeper.lang', 'de')")
        page.goto("/#/new")
        page.reload()
        page.wait_for_selector("form p.error")
        assert "braucht das Handy einmal die Spiele vom Server" in page.locator("form p.error").inner_text()
        page.screenshot(path=shots / "de-new-table-offline-no-games.png")
        assert serious_violations(page) == []
        context.set_offline(False)  # back: the form draws by itself
        page.wait_for_selector("form #game")
        assert page.locator("form button[type=submit]").inner_text() == "Tisch starten"
        page.goto("/")
        page.wait_for_selector(".games .game")
    finally:
        context.set_offline(False)
        context.close()
    assert not unexpected(errors), errors
