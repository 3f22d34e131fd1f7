"""First screen first: on a 360×640 phone each game's table shows, without scrolling, whose turn
it is, the shared timer (large) and the one action that matters now — proved by bounding boxes."""

import pytest
import requests
from screens import new_table, open_table, phone_page, places, post_event

pytestmark = pytest.mark.browser

NAMES = ("Ann", "Ben")
# The small phone in light and dark (dark type can be wider), and the common one.
PHONES = [pytest.param((360, 640, "light"), id="360x640-light"), pytest.param((360, 640, "dark"), id="360x640-dark"),
          pytest.param((390, 844, "dark"), id="390x844-dark")]


@pytest.fixture(params=PHONES)
def size(request):
    return request.param


def first_screen(browser, live_server, code, ready, size, bresk_seat=None):
    width, height, scheme = size
    page = phone_page(browser, live_server, {"width": width, "height": height}, scheme, axe=False)
    open_table(page, code, ready, bresk_seat, unscrolled=True)
    return page.context, page


def assert_on_first_screen(page, selectors: dict[str, str], shot):
    scheme = "dark" if page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches") else "light"
    size = page.viewport_size
    shot = shot.with_name(f"{shot.stem}-{size['width']}x{size['height']}-{scheme}.png")
    """Each element is shown whole between the top bar and the bottom of the screen, unscrolled."""
    page.screenshot(path=shot)
    assert page.evaluate("scrollY") == 0
    top = page.locator(".topbar").bounding_box()["height"]
    bottom = page.viewport_size["height"]
    places_now = places(page, selectors)
    for what, selector in selectors.items():
        box = places_now[what]
        assert box is not None, f"{what} ({selector}) is not shown"
        assert box["y"] >= top - 1 and box["y"] + box["height"] <= bottom, f"{what} ({selector}) is at {box}"
        assert box["uncovered"], f"{what} ({selector}) is covered by something else"


def test_make_n_break_roll_build_and_game_over(browser, live_server, shots, size):
    code = new_table(live_server, "make-n-break", NAMES, rounds=1)
    context, page = first_screen(browser, live_server, code, ".mnb-roll:not([hidden])", size)
    assert_on_first_screen(page, {"whose turn": ".mnb-builder", "timer": ".timer-digits",
                                  "roll": ".mnb-roll-app", "a real die's face": ".mnb-face"},
                           shots / "first-mnb-roll.png")
    assert page.locator(".timer-digits").bounding_box()["height"] >= 64  # large: readable across the table
    post_event(live_server, code, "die", {"face": 1, "builder": 0})
    page.wait_for_selector(".mnb-build:not([hidden])")
    assert_on_first_screen(page, {"whose turn": ".mnb-builder", "timer": ".timer-digits", "start": ".timer-main"},
                           shots / "first-mnb-build.png")
    post_event(live_server, code, "card", {"kind": "standard", "points": 3, "builder": 0})
    post_event(live_server, code, "end_turn", {"builder": 0})
    post_event(live_server, code, "die", {"face": 1, "builder": 1})
    post_event(live_server, code, "end_turn", {"builder": 1})
    page.wait_for_selector(".mnb-over:not([hidden])")
    assert_on_first_screen(page, {"game over": ".mnb-over .mnb-winner"}, shots / "first-mnb-over.png")
    context.close()


def test_wuerfelspiel_stopper_total_and_los(browser, live_server, shots, size):
    code = new_table(live_server, "wuerfelspiel", NAMES)
    context, page = first_screen(browser, live_server, code, ".ws-los", size)
    assert_on_first_screen(page, {"whose turn": ".mnb-builder", "stopper total": ".ws-total", "Los!": ".ws-los"},
                           shots / "first-wuerfelspiel.png")
    context.close()


def test_bresk_who_rolls_and_the_roll(browser, live_server, shots, size):
    code = new_table(live_server, "bresk", NAMES)
    context, page = first_screen(browser, live_server, code, ".bresk-ask-big:not(:empty)", size)
    assert_on_first_screen(page, {"what now": ".bresk-ask-big", "who rolls": ".bresk-ask-small",
                                  "roll": ".dice-buttons button.primary"}, shots / "first-bresk.png")
    context.close()


def test_block_buster_board_first(browser, live_server, shots, size):
    code = new_table(live_server, "block-buster", ("Ann", "Ben", "Cy"))
    context, page = first_screen(browser, live_server, code, ".bb-board > *", size)
    assert_on_first_screen(page, {"the board": ".bb-board-card h2", "a block to tap": ".bb-board > *"},
                           shots / "first-block-buster.png")
    context.close()


def test_score_pad_timer_and_players(browser, live_server, shots, size):
    code = new_table(live_server, "scorepad", NAMES)
    context, page = first_screen(browser, live_server, code, ".seat-buttons .seat", size)
    # A score pad has no turns: the action is giving points, so they come first, the timer right after.
    assert_on_first_screen(page, {"timer": ".timer-digits", "points": "#points", "players": ".seat-buttons .seat"},
                           shots / "first-scorepad.png")
    context.close()


def test_wuerfelspiel_stopp_and_the_cards_to_tap(browser, live_server, shots, size):
    code = new_table(live_server, "wuerfelspiel", NAMES, stopper="person")
    for _ in range(10):
        post_event(live_server, code, "stopper", {"face": 3})
    context, page = first_screen(browser, live_server, code, ".ws-stopp:not([hidden])", size)
    assert_on_first_screen(page, {"whose turn": ".mnb-builder", "Stopp!": ".ws-stopp",
                                  "a card to tap": ".ws-points button", "End turn": ".ws-cards .mnb-end"},
                           shots / "first-wuerfelspiel-stopp.png")
    context.close()


def test_make_n_break_bonus_build(browser, live_server, shots, size):
    code = new_table(live_server, "make-n-break", NAMES)
    post_event(live_server, code, "die", {"face": 2, "builder": 0})
    post_event(live_server, code, "card", {"kind": "ten", "builder": 0})
    post_event(live_server, code, "end_turn", {"builder": 0})
    context, page = first_screen(browser, live_server, code, ".mnb-bonus:not([hidden])", size)
    assert_on_first_screen(page, {"whose turn": ".mnb-builder", "timer": ".timer-digits", "start": ".timer-main",
                                  "bonus done": ".mnb-bonus-done", "not completed": ".mnb-bonus-miss"},
                           shots / "first-mnb-bonus.png")
    context.close()


def bresk_roll(live_server, code, die):
    post_event(live_server, code, "roll", {"dice": [die]})
    return requests.get(f"{live_server.url}/api/tables/{code}", timeout=10).json()["state"]


def test_bresk_writing(browser, live_server, shots, size):
    code = new_table(live_server, "bresk", NAMES)
    state = bresk_roll(live_server, code, "bresk")
    while state["requires"] is None or state["requires"].get("kind") not in ("choose", "letter", "space"):
        state = bresk_roll(live_server, code, "alphabet" if state["alphabet_pending"] else "bresk")
    context, page = first_screen(browser, live_server, code, ".bresk-seat[aria-pressed=true]", size, "Ann")
    # What to write (big), who rolls next, and the grid to write in: its first row at least.
    assert_on_first_screen(page, {"what to write": ".bresk-ask-big", "who rolls next": ".bresk-next",
                                  "the grid's first square": ".bresk-entry .cell",
                                  "the first row's last square": ".bresk-entry .cell[data-i='7']"},
                           shots / "first-bresk-writing.png")
    context.close()


def test_bresk_hand_in(browser, live_server, shots, size):
    code = new_table(live_server, "bresk", NAMES)
    state = bresk_roll(live_server, code, "bresk")
    for _ in range(200):  # every roll fills at least nothing and at most 5 squares: bounded, however the dice fall
        if state["placements"] >= 64 and not state["alphabet_pending"]:
            break
        state = bresk_roll(live_server, code, "alphabet" if state["alphabet_pending"] else "bresk")
    assert state["placements"] == 64
    context, page = first_screen(browser, live_server, code, ".bresk-seat[aria-pressed=true]", size, "Ann")
    assert_on_first_screen(page, {"what now": ".bresk-ask-big", "hand in": ".bresk-hand-in"},
                           shots / "first-bresk-hand-in.png")
    context.close()


def test_block_buster_finished(browser, live_server, shots, size):
    code = new_table(live_server, "block-buster", ("Ann", "Ben", "Cy"))
    for seat in range(3):
        post_event(live_server, code, "pass", {"seat": seat})
        post_event(live_server, code, "leftover", {"seat": seat, "squares": seat})
    owners = ("yellow", "blue", "red", None)
    for index in range(16):
        post_event(live_server, code, "point_block", {"index": index, "owner": owners[index % 4]})
    post_event(live_server, code, "finish")
    context, page = first_screen(browser, live_server, code, ".bb-banner[data-kind='final']", size)
    assert_on_first_screen(page, {"game over": ".bb-banner", "play again": ".play-again"},
                           shots / "first-block-buster-over.png")
    context.close()


def test_block_buster_everyone_passed(browser, live_server, shots, size):
    code = new_table(live_server, "block-buster", ("Ann", "Ben", "Cy"))
    for seat in range(3):
        post_event(live_server, code, "pass", {"seat": seat})
    context, page = first_screen(browser, live_server, code, ".bb-now[data-phase='entering']", size)
    assert_on_first_screen(page, {"what now": ".bb-now-text", "enter the blocks": ".bb-step-action",
                                  "the board": ".bb-board > *"}, shots / "first-block-buster-entering.png")
    context.close()


def test_make_n_break_card_buttons_while_the_timer_runs(browser, live_server, shots, size):
    """The builder's timer is running: tapping each completed card is the action, and End turn after it."""
    code = new_table(live_server, "make-n-break", NAMES)
    post_event(live_server, code, "die", {"face": 3, "builder": 0})
    post_event(live_server, code, "timer", {"action": "start"}, path="timer")
    context, page = first_screen(browser, live_server, code, ".mnb-build:not([hidden]) .mnb-cardbtn", size)
    assert_on_first_screen(page, {"whose turn": ".mnb-builder", "time left": ".mnb-build .mnb-clock",
                                  "a standard card": ".mnb-cardbtn.standard", "a red hand card": ".mnb-cardbtn.red",
                                  "an Extreme card": ".mnb-cardbtn.extreme", "10 set aside": ".mnb-cardbtn.ten",
                                  "End turn": ".mnb-build .mnb-end"}, shots / "first-mnb-cards.png")
    context.close()


def test_wuerfelspiel_card_buttons_while_the_app_rolls(browser, live_server, shots, size):
    """The app is the stopper and has begun rolling: the builder taps each completed card."""
    code = new_table(live_server, "wuerfelspiel", NAMES)
    for _ in range(3):
        post_event(live_server, code, "roll", {"dice": ["stopper"]})  # the app rolls: at most 3 a roll, short of 30
    context, page = first_screen(browser, live_server, code, ".ws-cards .ws-points button", size)
    assert_on_first_screen(page, {"whose turn": ".mnb-builder", "stopper total": ".ws-total",
                                  "a card to tap": ".ws-points button", "a red card": ".ws-red button",
                                  "End turn": ".ws-cards .mnb-end"}, shots / "first-wuerfelspiel-cards.png")
    context.close()


# The buttons of the first row of .ws-points (those level with its first), each with whether it shows whole above the
# thumb bar that stays at the bottom (Undo, End turn) and below the top bar.
FIRST_ROW = """() => {
  const top = document.querySelector('.topbar').getBoundingClientRect().bottom;
  const bar = document.querySelector('.ws-cards .mnb-thumbbar').getBoundingClientRect().top;
  const buttons = [...document.querySelectorAll('.ws-points button')]
    .map((b) => [b.textContent, b.getBoundingClientRect()]);
  return buttons.filter(([, r]) => Math.abs(r.top - buttons[0][1].top) < 1)
    .map(([label, r]) => ({ label, top: r.top, bottom: r.bottom, whole: r.top >= top - 1 && r.bottom <= bar + 1 }));
}"""


def test_wuerfelspiel_card_buttons_at_stopp(browser, live_server, shots, size):
    """Stopp!: the completed cards are what is left to tap. On the builder's own phone ("Your turn, Ann" on top) their
    first row showed whole while the app rolled, but at Stopp only its tops peeked out above Undo and End turn."""
    code = new_table(live_server, "wuerfelspiel", NAMES)
    post_event(live_server, code, "claim_seat", {"seat": 0, "device": "phone-of-ann"})
    for _ in range(10):
        post_event(live_server, code, "stopper", {"face": 3})
    width, height, scheme = size
    page = phone_page(browser, live_server, {"width": width, "height": height}, scheme, axe=False)
    context = page.context
    context.add_init_script("localStorage.setItem('device-id', 'phone-of-ann')")  # this phone holds Ann's seat
    open_table(page, code, ".ws-stopper.stopped", unscrolled=True)
    page.get_by_role("status").filter(has_text="Your turn, Ann").wait_for()
    assert_on_first_screen(page, {"whose turn": ".mnb-builder", "Stopp!": ".ws-stopp",
                                  "End turn": ".ws-cards .mnb-end"}, shots / "first-wuerfelspiel-stopp.png")
    row = page.evaluate(FIRST_ROW)
    assert [b["label"] for b in row] == ["1", "2", "3", "4", "5"]
    assert all(b["whole"] for b in row), row
    context.close()


def test_block_buster_end_the_game(browser, live_server, shots, size):
    """Two have passed, one still plays: "End the game" (and its "are you sure") with the board, unscrolled."""
    code = new_table(live_server, "block-buster", ("Ann", "Ben", "Cy"))
    for seat in range(2):
        post_event(live_server, code, "pass", {"seat": seat})
    context, page = first_screen(browser, live_server, code, ".bb-now[data-phase='playing'] .bb-step-action", size)
    assert_on_first_screen(page, {"the board": ".bb-board-card h2", "what now": ".bb-now-text",
                                  "End the game": ".bb-step-action"}, shots / "first-block-buster-end.png")
    page.locator(".bb-step-action").click()
    page.wait_for_selector(".bb-now[data-confirming='true']")
    page.evaluate("scrollTo(0, 0)")
    assert_on_first_screen(page, {"are you sure": ".bb-now-text", "yes, end it": ".bb-step-action",
                                  "not yet": ".bb-not-yet"}, shots / "first-block-buster-end-sure.png")
    context.close()
