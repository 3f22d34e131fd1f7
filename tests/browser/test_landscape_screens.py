"""A phone on its side (640×360): the top bar steps aside and the table's first screen shows the shared
timer and the action side by side — proved by bounding boxes, and axe-core stays clean."""

import pytest
from screens import new_table, open_table, phone_page, places, post_event, serious_violations

pytestmark = pytest.mark.browser

NAMES = ("Ann", "Ben")
LANDSCAPE = {"width": 640, "height": 360}

@pytest.fixture(params=["light", "dark"])
def scheme(request):
    return request.param


def open_on_its_side(browser, live_server, code, ready, scheme):
    page = phone_page(browser, live_server, LANDSCAPE, scheme)
    open_table(page, code, ready, unscrolled=True)
    return page.context, page


def assert_first_screen(page, selectors, shot):
    page.screenshot(path=shot)
    assert page.evaluate("document.scrollingElement.scrollWidth") <= LANDSCAPE["width"]
    bar = page.locator(".topbar").bounding_box()  # across the top it took 65 px, 18 % of the screen
    assert bar["width"] * bar["height"] <= 0.05 * LANDSCAPE["width"] * LANDSCAPE["height"], bar
    places_now = places(page, selectors)
    for what, selector in selectors.items():
        box = places_now[what]
        assert box is not None, f"{what} ({selector}) is not shown"
        assert box["y"] >= 0 and box["y"] + box["height"] <= LANDSCAPE["height"], f"{what} ({selector}) is at {box}"
        assert box["uncovered"], f"{what} ({selector}) is covered by something else"
    assert serious_violations(page) == []


def test_make_n_break_timer_and_roll_side_by_side(browser, live_server, shots, scheme):
    code = new_table(live_server, "make-n-break", NAMES)
    context, page = open_on_its_side(browser, live_server, code, ".mnb-roll:not([hidden])", scheme)
    assert_first_screen(page, {"whose turn": ".mnb-builder", "timer": ".timer-digits", "start": ".timer-main",
                               "roll": ".mnb-roll-app", "a real die's face": ".mnb-face"},
                        shots / f"landscape-mnb-roll-{scheme}.png")
    timer, roll = page.locator(".timer-digits").bounding_box(), page.locator(".mnb-roll-app").bounding_box()
    assert roll["x"] + roll["width"] <= timer["x"] or timer["x"] + timer["width"] <= roll["x"]  # two columns
    post_event(live_server, code, "die", {"face": 1, "builder": 0})
    page.wait_for_selector(".mnb-build:not([hidden])")
    assert_first_screen(page, {"whose turn": ".mnb-builder", "timer": ".timer-digits", "start": ".timer-main",
                               "a card": ".mnb-build .mnb-cardbtn"}, shots / f"landscape-mnb-build-{scheme}.png")
    context.close()


def test_wuerfelspiel_stopper_and_los(browser, live_server, shots, scheme):
    code = new_table(live_server, "wuerfelspiel", NAMES)
    context, page = open_on_its_side(browser, live_server, code, ".ws-los", scheme)
    assert_first_screen(page, {"whose turn": ".mnb-builder", "stopper total": ".ws-total", "Los!": ".ws-los"},
                        shots / f"landscape-wuerfelspiel-{scheme}.png")
    context.close()


def test_wuerfelspiel_stopp_and_the_cards(browser, live_server, shots, scheme):
    code = new_table(live_server, "wuerfelspiel", NAMES, stopper="person")
    for _ in range(10):
        post_event(live_server, code, "stopper", {"face": 3})
    context, page = open_on_its_side(browser, live_server, code, ".ws-stopp:not([hidden])", scheme)
    assert_first_screen(page, {"Stopp!": ".ws-stopp", "a card to tap": ".ws-points button"},
                        shots / f"landscape-wuerfelspiel-stopp-{scheme}.png")
    context.close()


def test_score_pad_timer_and_points(browser, live_server, shots, scheme):
    code = new_table(live_server, "scorepad", NAMES)
    context, page = open_on_its_side(browser, live_server, code, ".seat-buttons .seat", scheme)
    assert_first_screen(page, {"timer": ".timer-digits", "start": ".timer-main", "points": "#points",
                               "players": ".seat-buttons .seat"}, shots / f"landscape-scorepad-{scheme}.png")
    context.close()


def test_bresk_the_roll(browser, live_server, shots, scheme):
    code = new_table(live_server, "bresk", NAMES)
    context, page = open_on_its_side(browser, live_server, code, ".bresk-ask-big:not(:empty)", scheme)
    assert_first_screen(page, {"what now": ".bresk-ask-big", "roll": ".dice-buttons button.primary"},
                        shots / f"landscape-bresk-{scheme}.png")
    context.close()


def test_block_buster_the_board(browser, live_server, shots, scheme):
    code = new_table(live_server, "block-buster", ("Ann", "Ben", "Cy"))
    context, page = open_on_its_side(browser, live_server, code, ".bb-board > *", scheme)
    assert_first_screen(page, {"the board": ".bb-board-card h2", "a block to tap": ".bb-board > *"},
                        shots / f"landscape-block-buster-{scheme}.png")
    context.close()
