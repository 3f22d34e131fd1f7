"""Score tables on a 360 px phone: every player's column inside its card, nothing clipped or scrolled sideways."""

import pytest
from screens import PHONE, new_table, post_event

pytestmark = pytest.mark.browser

# Names as a group types them: long enough to widen a column.
NAMES = ("Annabelle", "Maximilian", "Christopher")

# The table's right edge, its card's inner right edge, and whether its box scrolls sideways, read in one go.
FITS = """(selector) => {
  const table = document.querySelector(selector);
  const card = table.closest('section.card');
  const style = getComputedStyle(card);
  const edge = parseFloat(style.paddingRight) + parseFloat(style.borderRightWidth);
  const inner = card.getBoundingClientRect().right - edge;
  const cells = [...table.querySelectorAll('th, td')].map((c) => c.getBoundingClientRect().right);
  const scroller = table.parentElement;
  return { right: Math.max(...cells), inner, scrolls: scroller.scrollWidth > scroller.clientWidth + 1,
           page: document.documentElement.scrollWidth };
}"""


def phone_at_360(browser, live_server, scheme, locale="en-GB"):
    context = browser.new_context(base_url=live_server.url, **{**PHONE, "viewport": {"width": 360, "height": 640}},
                                  color_scheme=scheme, locale=locale)
    return context, context.new_page()


def assert_fits(page, selector, shot):
    page.locator(selector).scroll_into_view_if_needed()
    page.locator(selector).screenshot(path=shot)
    fits = page.evaluate(FITS, selector)
    assert fits["right"] <= fits["inner"] + 0.5, f"{selector} runs past its card: {fits}"
    assert not fits["scrolls"], f"{selector} scrolls sideways: {fits}"
    assert fits["page"] <= 360


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_make_n_break_score_table_shows_the_third_player(browser, live_server, shots, scheme):
    code = new_table(live_server, "make-n-break", NAMES, rounds=1)
    for builder in range(3):
        post_event(live_server, code, "die", {"face": 2, "builder": builder})
        post_event(live_server, code, "card", {"kind": "ten", "builder": builder})
        post_event(live_server, code, "card", {"kind": "standard", "points": 3, "builder": builder})
        post_event(live_server, code, "end_turn", {"builder": builder})
        post_event(live_server, code, "bonus", {"completed": True, "builder": builder})
    context, page = phone_at_360(browser, live_server, scheme)
    try:
        page.goto(f"/#/table/{code}")
        page.wait_for_selector(".live[data-state=live]")
        page.wait_for_selector(".mnb-score:not([hidden]) .mnb-table tfoot")
        assert page.locator(".mnb-table thead th").all_inner_texts()[1:] == list(NAMES)
        assert_fits(page, ".mnb-table", shots / f"narrow-mnb-score-table-{scheme}.png")
    finally:
        context.close()


BRESK_NAMES = ("Annabelle", "Maximilian", "Christopher", "Bartholomew")
GRID = ["CAT#DOG#", "########", "BAND####", "########", "FISH####", "########", "QAT#####", "########"]


@pytest.mark.parametrize(("scheme", "locale"), [("light", "en-GB"), ("dark", "de-DE")])
def test_bresk_final_table_stays_inside_its_card(browser, live_server, shots, scheme, locale):
    code = new_table(live_server, "bresk", BRESK_NAMES, hand_in_early=True)
    for seat in range(len(BRESK_NAMES)):
        post_event(live_server, code, "hand_in", {"seat": seat, "grid": GRID})
    context, page = phone_at_360(browser, live_server, scheme, locale)
    try:
        page.goto(f"/#/table/{code}")
        page.wait_for_selector(".live[data-state=live]")
        page.wait_for_selector(".bresk-final:not([hidden]) .bresk-results tbody tr")
        assert page.locator(".bresk-results tbody tr").count() == len(BRESK_NAMES)
        assert_fits(page, ".bresk-results", shots / f"narrow-bresk-final-{locale}-{scheme}.png")
    finally:
        context.close()
