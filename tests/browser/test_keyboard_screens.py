"""Keyboard only: a grid of squares is one tab stop with the arrows inside (Bresk!'s grid, Block Buster's
point blocks), Tab follows the order the eye reads, the timer's full screen is reachable, and a date
field's focus ring is as clear as every other's — by key presses and computed styles, axe-core clean."""

import pytest
from screens import SLID_IN, api_league, contrast, new_table, open_table, post_event, serious_violations

pytestmark = pytest.mark.browser

NAMES = ("Ann", "Ben")

# What has the focus: its tag, classes, text or label, and where it sits on the page (not the screen).
FOCUSED = """() => {
  const el = document.activeElement;
  const r = el.getBoundingClientRect();
  const name = el.getAttribute('aria-label') || el.textContent.trim();
  return { tag: el.tagName.toLowerCase(), cls: String(el.className), name,
           i: el.dataset.i ?? el.dataset.index ?? null, top: r.top + scrollY, left: r.left };
}"""


def focused(page):
    return page.evaluate(FOCUSED)


def tab_through(page, limit=80):
    """Every stop Tab makes from the top of the page, once round."""
    # From the document's start: blurred, the next Tab would start from the element last clicked.
    page.evaluate("""() => { const b = document.body; b.tabIndex = -1; b.focus(); b.removeAttribute('tabindex');
                             scrollTo(0, 0); }""")
    stops = []
    for _ in range(limit):
        page.keyboard.press("Tab")
        stop = focused(page)
        if stop["tag"] == "body" or (stops and stop == stops[0]):
            break
        stops.append(stop)
    return stops


def test_bresk_grid_is_one_tab_stop_with_arrows_inside(sized_phone, live_server):
    code = new_table(live_server, "bresk", NAMES, hand_in_early=True)
    open_table(sized_phone, code, ".bresk-entry .cell", bresk_seat="Ann")
    stops = tab_through(sized_phone)
    cells = [s for s in stops if "cell" in s["cls"].split()]
    assert len(cells) == 1 and cells[0]["i"] == "0", cells  # was 64 tab stops
    after = stops[stops.index(cells[0]) + 1]
    assert after["cls"] in ("primary bresk-hand-in", "bresk-clear"), after  # next: Hand in (while it cannot, Clear)

    sized_phone.focus(".bresk-entry .cell[data-i='0']")
    sized_phone.keyboard.press("ArrowRight")
    sized_phone.keyboard.press("ArrowDown")
    assert focused(sized_phone)["i"] == "9"
    sized_phone.keyboard.press("Tab")
    assert focused(sized_phone)["cls"] == after["cls"]
    sized_phone.keyboard.press("Shift+Tab")
    assert focused(sized_phone)["i"] == "9"  # back where it left the grid
    assert sized_phone.locator(".bresk-entry .cell[tabindex='0']").count() == 1
    assert serious_violations(sized_phone) == []


def test_block_buster_board_is_one_tab_stop_with_arrows_inside(sized_phone, live_server):
    code = new_table(live_server, "block-buster", ("Ann", "Ben", "Cy"))
    open_table(sized_phone, code, ".bb-board > *")
    columns = int(sized_phone.get_attribute(".bb-board", "data-columns"))
    stops = tab_through(sized_phone)
    tiles = [s for s in stops if "bb-tile" in s["cls"]]
    assert len(tiles) == 1 and tiles[0]["i"] == "0", tiles  # was one stop a block
    sized_phone.focus(".bb-tile[data-index='0']")
    sized_phone.keyboard.press("ArrowRight")
    assert focused(sized_phone)["i"] == "1"
    sized_phone.keyboard.press("ArrowDown")
    assert focused(sized_phone)["i"] == str(1 + columns)
    sized_phone.keyboard.press("Home")
    assert focused(sized_phone)["i"] == str(columns)
    sized_phone.keyboard.press("Enter")  # a block's sheet opens from the keyboard as from a tap
    sized_phone.wait_for_selector("dialog[open]")
    sized_phone.wait_for_function(SLID_IN)
    assert serious_violations(sized_phone) == []


def test_make_n_break_focus_follows_the_screen_and_the_timer_goes_full_screen(sized_phone, live_server):
    code = new_table(live_server, "make-n-break", NAMES)
    open_table(sized_phone, code, ".mnb-roll:not([hidden])")
    stops = tab_through(sized_phone)
    names = [s["name"] for s in stops]
    assert names.index("Roll the die") < names.index("add 10 seconds"), names  # the roll sits above the timer
    for before, after in zip(stops, stops[1:], strict=False):  # down the sized_phone, left to right along a row
        assert after["top"] >= before["top"] - 2, (before, after)
    assert "Full screen" in names

    sized_phone.focus(".timer-full")
    sized_phone.keyboard.press("Enter")
    assert sized_phone.locator(".timer.fullscreen").is_visible()
    assert sized_phone.get_attribute(".timer-full", "aria-pressed") == "true"
    box = sized_phone.locator(".timer").bounding_box()
    assert box["width"] == sized_phone.viewport_size["width"] and box["height"] == sized_phone.viewport_size["height"]
    sized_phone.keyboard.press("Escape")
    assert sized_phone.locator(".timer.fullscreen").count() == 0
    assert sized_phone.get_attribute(".timer-full", "aria-pressed") == "false"
    assert serious_violations(sized_phone) == []


def test_a_date_field_shows_a_clear_focus_ring(sized_phone, live_server, shots):
    league = api_league(live_server, "Ring club")
    sized_phone.goto(f"/#/league/{league['id']}?t={league['admin_token']}&m={league['member_token']}&v={league['viewer_token']}")
    sized_phone.wait_for_function(f"() => location.hash === '#/league/{league['id']}'")
    # The address is tidied before the links are checked with the server and kept: the admin screen opened
    # before that finds no admin link on this phone (seen under load).
    sized_phone.wait_for_selector(".league-head h1:not(:empty)")
    sized_phone.evaluate(f"location.hash = '#/league/{league['id']}/admin'")
    sized_phone.wait_for_selector("#season-from")
    sized_phone.focus("#season-name")
    sized_phone.keyboard.press("Tab")
    ring = sized_phone.evaluate("""() => {
      const el = document.activeElement, s = getComputedStyle(el);
      const rgb = (c) => c.match(/[\\d.]+/g).slice(0, 3).map(Number);
      return { id: el.id, style: s.outlineStyle, width: parseFloat(s.outlineWidth), colour: rgb(s.outlineColor),
               behind: rgb(getComputedStyle(document.body).backgroundColor) };
    }""")
    assert ring["id"] == "season-from"
    box = sized_phone.locator("#season-from").bounding_box()
    around = {"x": box["x"] - 12, "y": box["y"] - 12, "width": box["width"] + 24, "height": box["height"] + 24}
    sized_phone.screenshot(path=shots / f"focus-date-{sized_phone.viewport_size['width']}.png", clip=around)
    assert ring["style"] == "solid" and ring["width"] >= 3, ring
    assert contrast(ring["colour"], ring["behind"]) >= 3, ring  # a focus indicator needs 3:1 against the page
    assert serious_violations(sized_phone) == []


def test_bresk_tab_order_follows_the_screen_through_the_dice_and_the_grid(sized_phone, live_server, shots):
    """While the dice are rolled and everyone writes, Tab goes down the screen as it is drawn: the dice's
    roll button, the grid (one stop) and what comes after, never back up the page."""
    code = new_table(live_server, "bresk", NAMES)
    post_event(live_server, code, "roll", {"dice": ["bresk"]})
    open_table(sized_phone, code, ".bresk-entry .cell", bresk_seat="Ann")
    stops = tab_through(sized_phone)
    sized_phone.screenshot(path=shots / f"bresk-tab-order-{sized_phone.viewport_size['width']}.png", full_page=True)
    names = [s["name"] for s in stops]
    cells = [i for i, s in enumerate(stops) if "cell" in s["cls"].split()]
    rolls = [i for i, s in enumerate(stops) if s["name"].startswith("Roll the")]
    assert len(cells) == 1 and rolls, names
    for before, after in zip(stops, stops[1:], strict=False):  # down the page, left to right along a row
        assert after["top"] >= before["top"] - 2, (names, before, after)
    assert serious_violations(sized_phone) == []


def test_once_the_game_is_over_tab_reaches_play_again_and_the_result_before_the_controls_below_them(
        sized_phone, live_server, shots):
    """Game over: the stylesheet shows Play again and the result first and the controls that scored the game after
    them; Tab follows (it reached the score pad's controls first, then jumped back up to Play again)."""
    code = new_table(live_server, "scorepad", NAMES)
    post_event(live_server, code, "points", {"seat": 1, "points": 5})
    post_event(live_server, code, "finish")
    open_table(sized_phone, code, ".after-game .play-again")
    stops = tab_through(sized_phone)
    again = next(i for i, s in enumerate(stops) if "play-again" in s["cls"].split())
    below = [s for s in stops[:again] if s["top"] > stops[again]["top"]]
    assert not below, f"Tab reached these below Play again before it: {below}"
    tops = [s["top"] for s in stops]
    assert tops == sorted(tops), stops
    sized_phone.screenshot(path=shots / f"game-over-tab-{sized_phone.viewport_size['width']}.png", full_page=True)
