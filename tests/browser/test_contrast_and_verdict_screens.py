"""High contrast and the judge's verdict. Under forced colours (the system's high-contrast palette) Block
Buster keeps each player's colour, with a pattern of its own, and the penalty tokens' marks; while the
judge's full-screen verdict is up the page behind it is inert, and the focus comes back on close."""

import pytest
from screens import PHONE, SLID_IN, contrast, new_table, serious_violations, with_axe

pytestmark = pytest.mark.browser

SIZES = [pytest.param(({"width": 360, "height": 640}, "light"), id="360x640-light"),
         pytest.param(({"width": 390, "height": 844}, "dark"), id="390x844-dark")]
COLOURS = {"yellow": (242, 191, 42), "blue": (47, 111, 214), "red": (216, 57, 46)}  # block-buster.css

LOOKS = """(selector) => [...document.querySelectorAll(selector)].map((el) => {
  const s = getComputedStyle(el);
  const rgb = (c) => c.match(/[\\d.]+/g).slice(0, 3).map(Number);
  return { colour: el.dataset.colour || null, background: rgb(s.backgroundColor), pattern: s.backgroundImage,
           around: rgb(getComputedStyle(el.parentElement).backgroundColor) };
})"""


@pytest.fixture(params=SIZES)
def page(request, browser, live_server):
    viewport, scheme = request.param
    context = with_axe(browser.new_context(base_url=live_server.url, **{**PHONE, "viewport": viewport},
                                           color_scheme=scheme))
    yield context.new_page()
    context.close()


def test_forced_colours_keep_the_players_colours_and_the_tokens_marks(page, live_server, shots):
    code = new_table(live_server, "block-buster", ("Ann", "Ben", "Cy"))
    page.emulate_media(forced_colors="active")
    page.goto(f"/#/table/{code}")
    page.wait_for_selector(".live[data-state=live]")
    page.wait_for_selector(".bb-ledger .bb-swatch")
    assert page.evaluate("matchMedia('(forced-colors: active)').matches")
    swatches = page.evaluate(LOOKS, ".bb-ledger .bb-swatch")
    assert {s["colour"] for s in swatches} == set(COLOURS)
    for swatch in swatches:
        assert tuple(swatch["background"]) == COLOURS[swatch["colour"]], swatch  # the palette stripped it before
        assert swatch["pattern"] != "none", swatch  # and not colour alone
    assert len({s["pattern"] for s in swatches}) == len(COLOURS)  # a pattern each

    marks = page.evaluate(LOOKS, ".bb-supply-row .bb-token:not(.ghost) i")
    assert marks
    for mark in marks:  # each cube stands out from its token
        assert contrast(mark["background"], mark["around"]) >= 3, mark
    shot = shots / f"forced-colours-block-buster-{page.viewport_size['width']}.png"
    page.locator(".bb-ledger-card").screenshot(path=shot)
    assert serious_violations(page) == []


def test_the_verdict_makes_the_page_behind_it_inert(page):
    page.goto("/#/judge")
    page.wait_for_selector("#judge-input")
    page.locator("#judge-input").fill("hat")
    page.keyboard.press("Enter")
    page.wait_for_selector(".verdict:not([hidden])")
    page.wait_for_function(SLID_IN)
    inert = page.evaluate("""() => ({
      input: Boolean(document.querySelector('#judge-input').closest('[inert]')),
      topbar: Boolean(document.querySelector('.topbar').closest('[inert]')),
      verdict: Boolean(document.querySelector('.verdict').closest('[inert]')),
      focus: Boolean(document.activeElement.closest('.verdict')),
    })""")
    assert inert == {"input": True, "topbar": True, "verdict": False, "focus": True}
    for _ in range(8):  # Tab goes round the verdict's buttons and never reaches the form behind it
        page.keyboard.press("Tab")
        assert page.evaluate("!document.activeElement.closest('main form, .topbar')"), \
            page.evaluate("document.activeElement.outerHTML.slice(0, 80)")
    page.keyboard.press("Escape")
    page.wait_for_selector(".verdict", state="hidden")
    assert page.evaluate("document.querySelectorAll('[inert]').length") == 0
    assert page.evaluate("document.activeElement.id") == "judge-input"  # back where it was
    assert serious_violations(page) == []
