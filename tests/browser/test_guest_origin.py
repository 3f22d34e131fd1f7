"""A guest who joins from the QR code `make run` prints opens the app at the laptop's LAN address over
plain http: not a secure context, so no wake lock and no service worker. The phone says so once, in
words, with what the host can do, and the table works behind it."""

import pytest
from screens import CHROMIUM, CHROMIUM_ARGS, PHONE, new_table, serious_violations, with_axe

pytestmark = pytest.mark.browser

SIZES = [pytest.param((w, h, scheme), id=f"{w}x{h}-{scheme}") for w, h in ((360, 640), (390, 844))
         for scheme in ("light", "dark")]

# Once this import resolves in the page, main.js's own callback on the same module has run too (it was
# registered first), so a notice absent then is absent for good, not merely not shown yet.
MODULE_DONE = "async () => { await import('/js/lib/insecure-origin.js'); return true; }"


@pytest.fixture(scope="module")
def lan_browser(browser):
    """Chromium that reaches the test server by a LAN-style name, as a guest's phone reaches the laptop."""
    other = browser.browser_type.launch(executable_path=CHROMIUM,
                                        args=[*CHROMIUM_ARGS, "--host-resolver-rules=MAP table.lan 127.0.0.1"])
    yield other
    other.close()


def guest(lan_browser, live_server, size):
    width, height, scheme = size
    base = live_server.url.replace("127.0.0.1", "table.lan")
    context = with_axe(lan_browser.new_context(base_url=base, color_scheme=scheme,
                                               **{**PHONE, "viewport": {"width": width, "height": height}}))
    return context, context.new_page()


@pytest.mark.parametrize("size", SIZES)
def test_a_guest_at_a_plain_http_address_is_told_once_what_the_phone_lacks(lan_browser, live_server, shots, size):
    code = new_table(live_server, "make-n-break", ("Ann", "Ben"))
    context, page = guest(lan_browser, live_server, size)
    try:
        page.goto(f"/#/table/{code}")
        assert page.evaluate("[window.isSecureContext, 'wakeLock' in navigator, 'serviceWorker' in navigator]") \
            == [False, False, False]
        notice = page.locator("dialog.insecure-origin[open]")
        notice.wait_for()
        text = notice.inner_text()
        assert "plain http:// address" in text and "keep its screen awake" in text
        assert "without a connection" in text and "make run TLS=1" in text
        page.wait_for_selector(".table-screen:not(.loading)")
        assert serious_violations(page) == []
        page.screenshot(path=shots / f"guest-insecure-origin-{size[0]}x{size[1]}-{size[2]}.png")

        notice.get_by_role("button", name="Got it").click()
        page.locator("dialog.insecure-origin").wait_for(state="detached")
        page.wait_for_selector(".live[data-state=live]")  # the table plays behind it, as anywhere

        page.reload()
        page.wait_for_selector(".table-screen:not(.loading)")
        assert page.evaluate(MODULE_DONE)
        assert page.locator("dialog.insecure-origin").count() == 0  # once per phone
    finally:
        context.close()


def test_the_host_at_localhost_is_never_told(browser, live_server):
    code = new_table(live_server, "scorepad", ("Ann",))
    context = browser.new_context(base_url=live_server.url.replace("127.0.0.1", "localhost"), **PHONE)
    page = context.new_page()
    try:
        page.goto(f"/#/table/{code}")
        page.wait_for_selector(".live[data-state=live]")
        assert page.evaluate("window.isSecureContext") is True
        assert page.evaluate(MODULE_DONE)  # loaded here by the test alone: main.js never asks for it
        assert page.locator("dialog.insecure-origin").count() == 0
    finally:
        context.close()
