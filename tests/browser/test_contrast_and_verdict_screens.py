"""High contrast and the judge's verdict. Under forced colours (the system's high-contrast palette) Block
Buster keeps each player's colour, with a pattern of its own, and the penalty tokens' marks; while the
judge's full-screen verdict is up the page behind it is inert, and the focus comes back on close."""

import pytest
from screens import SLID_IN, contrast, new_table, open_table, serious_violations

pytestmark = pytest.mark.browser

COLOURS = {"yellow": (242, 191, 42), "blue": (47, 111, 214), "red": (216, 57, 46)}  # block-buster.css

LOOKS = """(selector) => [...document.querySelectorAll(selector)].map((el) => {
  const s = getComputedStyle(el);
  const rgb = (c) => c.match(/[\\d.]+/g).slice(0, 3).map(Number);
  return { colour: el.dataset.colour || null, background: rgb(s.backgroundColor), pattern: s.backgroundImage,
           around: rgb(getComputedStyle(el.parentElement).backgroundColor) };
})"""


def test_forced_colours_keep_the_players_colours_and_the_tokens_marks(sized_phone, live_server, shots):
    code = new_table(live_server, "block-buster", ("Ann", "Ben", "Cy"))
    sized_phone.emulate_media(forced_colors="active")
    open_table(sized_phone, code, ".bb-ledger .bb-swatch")
    assert sized_phone.evaluate("matchMedia('(forced-colors: active)').matches")
    swatches = sized_phone.evaluate(LOOKS, ".bb-ledger .bb-swatch")
    assert {s["colour"] for s in swatches} == set(COLOURS)
    for swatch in swatches:
        assert tuple(swatch["background"]) == COLOURS[swatch["colour"]], swatch  # the palette stripped it before
        assert swatch["pattern"] != "none", swatch  # and not colour alone
    assert len({s["pattern"] for s in swatches}) == len(COLOURS)  # a pattern each

    marks = sized_phone.evaluate(LOOKS, ".bb-supply-row .bb-token:not(.ghost) i")
    assert marks
    for mark in marks:  # each cube stands out from its token
        assert contrast(mark["background"], mark["around"]) >= 3, mark
    shot = shots / f"forced-colours-block-buster-{sized_phone.viewport_size['width']}.png"
    sized_phone.locator(".bb-ledger-card").screenshot(path=shot)
    assert serious_violations(sized_phone) == []


def test_the_verdict_makes_the_page_behind_it_inert(sized_phone):
    sized_phone.goto("/#/judge")
    sized_phone.wait_for_selector("#judge-input")
    sized_phone.locator("#judge-input").fill("hat")
    sized_phone.keyboard.press("Enter")
    sized_phone.wait_for_selector(".verdict:not([hidden])")
    sized_phone.wait_for_function(SLID_IN)
    inert = sized_phone.evaluate("""() => ({
      input: Boolean(document.querySelector('#judge-input').closest('[inert]')),
      topbar: Boolean(document.querySelector('.topbar').closest('[inert]')),
      verdict: Boolean(document.querySelector('.verdict').closest('[inert]')),
      focus: Boolean(document.activeElement.closest('.verdict')),
    })""")
    assert inert == {"input": True, "topbar": True, "verdict": False, "focus": True}
    for _ in range(8):  # Tab goes round the verdict's buttons and never reaches the form behind it
        sized_phone.keyboard.press("Tab")
        assert sized_phone.evaluate("!document.activeElement.closest('main form, .topbar')"), \
            sized_phone.evaluate("document.activeElement.outerHTML.slice(0, 80)")
    sized_phone.keyboard.press("Escape")
    sized_phone.wait_for_selector(".verdict", state="hidden")
    assert sized_phone.evaluate("document.querySelectorAll('[inert]').length") == 0
    assert sized_phone.evaluate("document.activeElement.id") == "judge-input"  # back where it was
    assert serious_violations(sized_phone) == []
