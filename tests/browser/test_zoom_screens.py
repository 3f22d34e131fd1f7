"""Large text and zoom: at 200 % text (the root font size doubled) and at 150 % zoom (a 360 px phone shows
240 CSS px), every game screen keeps its controls whole inside their cards and the page never scrolls
sideways — proved by bounding boxes and computed font sizes."""

import pytest
from screens import PHONE, new_table, post_event

pytestmark = pytest.mark.browser

NAMES = ("Ann", "Ben")
# (id, viewport, root font size): 150 % zoom of a 360×640 phone, 200 % text on it, and the 320 px phone.
SIZES = [pytest.param(((240, 427), "100%"), id="zoom150-240x427"),
         pytest.param(((360, 640), "200%"), id="text200-360x640"),
         pytest.param(((320, 568), "100%"), id="320x568")]

BIG_TEXT = "(size) => { document.documentElement.style.fontSize = size; }"

# Everything on screen that sticks out: of the page sideways, of the card it sits in, or of its own box
# (a button whose words are wider than the button). Inside a scroller of its own (a score table), only
# the scroller must fit.
CUT_OFF = """() => {
  const problems = [];
  const vw = document.documentElement.clientWidth;
  const scroller = document.scrollingElement;
  if (scroller.scrollWidth > vw) problems.push(`the page scrolls sideways by ${scroller.scrollWidth - vw} px`);
  const name = (el) => `${el.tagName.toLowerCase()}.${String(el.className).trim().split(/\\s+/).join('.')}`
    + ` "${el.textContent.trim().slice(0, 20)}"`;
  const span = (r) => `${Math.round(r.left)}–${Math.round(r.right)}`;
  const inOwnScroller = (el) => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      if (/auto|scroll/.test(getComputedStyle(p).overflowX)) return true;
    }
    return false;
  };
  const words = 'button, .button, input, select, textarea, .timer-digits, p, h1, h2, h3, output, li';
  for (const el of document.querySelectorAll('.topbar *, main *')) {
    if (!el.checkVisibility() || inOwnScroller(el)) continue;
    const r = el.getBoundingClientRect();
    if (!r.width) continue;
    if (r.right > vw + 0.5 || r.left < -0.5) problems.push(`${name(el)} runs off the screen (${span(r)} of ${vw})`);
    const card = el.parentElement.closest('.card');
    if (card && getComputedStyle(el).display !== 'inline') {
      const c = card.getBoundingClientRect();
      if (r.right > c.right + 0.5 || r.left < c.left - 0.5) {
        problems.push(`${name(el)} runs past its card (${span(r)} in ${span(c)})`);
      }
    }
    const cut = el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).textOverflow !== 'ellipsis';
    if (el.matches(words) && cut) problems.push(`${name(el)} is cut: ${el.scrollWidth} px of it in ${el.clientWidth}`);
  }
  return problems;
}"""


def open_at(browser, live_server, code, ready, size, seat=None):
    (width, height), root = size
    context = browser.new_context(base_url=live_server.url, **{**PHONE, "viewport": {"width": width, "height": height}})
    page = context.new_page()
    page.goto(f"/#/table/{code}")
    page.evaluate(BIG_TEXT, root)
    page.wait_for_selector(".after-panel:not([hidden])")
    page.wait_for_selector(".live[data-state=live]")
    if seat:
        page.locator(".bresk-seat", has_text=seat).click()
    page.wait_for_selector(ready)
    return context, page


def assert_whole(page, shot):
    root = page.evaluate("document.documentElement.style.fontSize")
    if root == "200%":  # text follows the root size: the body's words and the buttons' are twice as large
        sizes = page.evaluate("""() => [getComputedStyle(document.body).fontSize,
                                        getComputedStyle(document.querySelector('main button')).fontSize]""")
        assert float(sizes[0][:-2]) >= 34 - 0.5, sizes
    page.screenshot(path=shot, full_page=True)
    problems = page.evaluate(CUT_OFF)
    assert not problems, "\n".join(problems)


def tables(live_server):
    """(name, code, what to wait for, seat to play) of each game screen worth a look."""
    yield "mnb-roll", new_table(live_server, "make-n-break", NAMES), ".mnb-roll:not([hidden])", None
    code = new_table(live_server, "make-n-break", NAMES)
    post_event(live_server, code, "die", {"face": 1, "builder": 0})
    yield "mnb-build", code, ".mnb-build:not([hidden])", None
    yield "ws-los", new_table(live_server, "wuerfelspiel", NAMES), ".ws-los", None
    code = new_table(live_server, "wuerfelspiel", NAMES, stopper="person")
    for _ in range(10):
        post_event(live_server, code, "stopper", {"face": 3})
    yield "ws-stopp", code, ".ws-stopp:not([hidden])", None
    yield "bresk", new_table(live_server, "bresk", NAMES), ".bresk-seat", "Ann"
    yield "block-buster", new_table(live_server, "block-buster", ("Ann", "Ben", "Cy")), ".bb-board > *", None
    yield "scorepad", new_table(live_server, "scorepad", NAMES), ".seat-buttons .seat", None


@pytest.mark.parametrize("size", SIZES)
def test_every_game_screen_holds_at_large_text_and_zoom(browser, live_server, shots, size):
    problems = {}
    for name, code, ready, seat in tables(live_server):
        context, page = open_at(browser, live_server, code, ready, size, seat)
        try:
            assert_whole(page, shots / f"zoom-{name}-{page.viewport_size['width']}-{size[1][:-1]}.png")
        except AssertionError as e:
            problems[name] = str(e)
        context.close()
    assert not problems, "\n\n".join(f"{k}:\n{v}" for k, v in problems.items())
