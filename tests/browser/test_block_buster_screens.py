"""Block Buster on a phone: a 3-player table from setup to the final scores.

Skips and their refusals in the penalty ledger, all 16 point blocks counted with the
steppers, passes, leftovers, finish — then the screen's totals against the API's, both
the table's own result and a stateless score sheet built from the same numbers.
"""

import re

import pytest
import requests
from screens import (
    PHONE,
    SLID_IN,
    missing_values,
    new_table,
    phone_page,
    places,
    post_event,
    serious_violations,
    start_table_in_the_ui,
)

pytestmark = pytest.mark.browser

MINUS = "\u2212"
NAMES = ("Ann", "Ben", "Cat")  # seats in turn order: yellow, blue, red by default
COLOURS = ("yellow", "blue", "red")

# The 3-player pattern row by row (rulebook diagram 1-2) and the counts the table enters:
# a mix of owners, ties (2-way and 3-way), clinched blocks (7+ or an unassailable lead).
ROWS = [
    ["red-circle", "blue-wave", "red-star", "green-spiral"],
    ["green-spiral", "red-circle", "blue-wave", "red-star"],
    ["red-star", "green-spiral", "red-circle", "blue-wave"],
    ["blue-wave", "red-star", "green-spiral", "red-circle"],
]
PATTERN = [shape for row in ROWS for shape in row]
COUNTS = [
    {"yellow": 7, "blue": 3},  # Ann, clinched
    {"blue": 5, "red": 4},  # Ben, leading until the board is final
    {"red": 6, "yellow": 6},  # tie: nobody
    {"yellow": 4, "blue": 2, "red": 3},  # Ann
    {"blue": 6, "red": 2},  # Ben
    {"red": 5, "yellow": 3, "blue": 2},  # Cat
    {"yellow": 8},  # Ann, clinched
    {"blue": 4, "red": 4, "yellow": 4},  # three-way tie: nobody
    {"red": 7, "yellow": 5},  # Cat, clinched (12 of 12)
    {"yellow": 3},  # Ann
    {"blue": 6, "yellow": 5},  # Ben
    {"red": 9, "blue": 3},  # Cat, clinched (12 of 12)
    {"yellow": 2, "blue": 1},  # Ann
    {"yellow": 5, "blue": 2, "red": 1},  # Ann
    {"red": 4, "blue": 4},  # tie: nobody
    {"yellow": 3, "red": 6},  # Cat
]
SKIPS = {"Ann": 3, "Ben": 2, "Cat": 2}
LEFTOVERS = {"Ann": 5, "Ben": 0, "Cat": 8}


def create_block_buster_table(phone, names=NAMES):
    code = start_table_in_the_ui(phone, "block-buster", names)
    phone.wait_for_selector(".bb-board .bb-tile")
    return code


def unstick_topbar(phone):
    # The sticky top bar would cover the top of element screenshots.
    phone.evaluate("document.querySelector('.topbar').style.position = 'static'")


def ledger_row(phone, seat):
    return phone.locator(f".bb-ledger .bb-player[data-seat='{seat}']")


def wait_penalty(phone, seat, value):
    phone.wait_for_selector(f".bb-ledger .bb-player[data-seat='{seat}'] .bb-penalty[data-penalty='{value}']")


def supply_text(phone):
    return phone.locator(".bb-supply-title").inner_text()


def wait_supply(phone, twos, ones):
    expected = f"{twos} × {MINUS}2 and {ones} × {MINUS}1 left"
    phone.wait_for_function("t => document.querySelector('.bb-supply-title')?.textContent.includes(t)", arg=expected)
    assert phone.locator(".bb-supply-row[data-value='-2'] .bb-token:not(.ghost)").count() == twos
    assert phone.locator(".bb-supply-row[data-value='-2'] .bb-token.ghost").count() == 8 - twos
    assert phone.locator(".bb-supply-row[data-value='-1'] .bb-token:not(.ghost)").count() == ones


def skip_many(phone, seat, spaces):
    row = ledger_row(phone, seat)
    row.get_by_role("button", name="Skipped 2 or more").click()
    for _ in range(spaces - 2):
        row.get_by_role("button", name="More spaces").click()
    row.get_by_role("button", name=f"Take {spaces} × {MINUS}2").click()


def enter_point_block(phone, index, counts, shots=None, shot_name=None):
    """Tap the block, then count its spaces (the picker's way for a majority in doubt)."""
    phone.locator(f".bb-tile[data-index='{index}']").click()
    phone.locator("dialog.bb-picker[open] .bb-count-spaces").click()
    editor = phone.locator("dialog.bb-editor[open]")
    editor.wait_for()
    total = 0
    for colour, n in counts.items():
        for _ in range(n):
            editor.get_by_role("button", name=f"More {colour}").click()
        total += n
        assert editor.locator(".bb-sum").inner_text() == f"{total} of 12 spaces"
    if total == 12:
        # A full ring: no colour can be raised any more.
        for colour in COLOURS:
            assert editor.get_by_role("button", name=f"More {colour}").is_disabled()
    if shots is not None:
        phone.screenshot(path=shots / shot_name)
    owner_text = editor.locator(".bb-owner").inner_text()
    editor.get_by_role("button", name="Save").click()
    phone.wait_for_selector("dialog.bb-editor[open]", state="detached")
    phone.wait_for_function(
        f"() => document.querySelector(\".bb-tile[data-index='{index}']\").dataset.state !== 'empty'"
    )
    return owner_text


def test_three_players_from_setup_to_final_scores(phone, live_server, shots):
    code = create_block_buster_table(phone)
    phone.expected_errors.append("status of 422")  # the two refusals below are meant to happen
    assert phone.locator(".bb-tile").count() == 16
    shapes = phone.eval_on_selector_all(".bb-tile .bb-shape", "els => els.map(e => e.dataset.shape)")
    assert shapes == PATTERN
    assert phone.locator(".bb-ledger .bb-player-name").all_inner_texts() == list(NAMES)

    # Start penalties, paid from the supply: Ann -3 (one -2, one -1), Ben -1, Cat 0.
    for seat, value in enumerate((-3, -1, 0)):
        wait_penalty(phone, seat, value)
    wait_supply(phone, 7, 6)

    # Skips: each skipped space takes a -2 token from the common supply.
    ledger_row(phone, 0).get_by_role("button", name="Skipped 1 space").click()
    wait_penalty(phone, 0, -5)
    wait_supply(phone, 6, 6)
    skip_many(phone, 1, 2)
    wait_penalty(phone, 1, -5)
    wait_supply(phone, 4, 6)
    skip_many(phone, 0, 2)
    wait_penalty(phone, 0, -9)
    wait_supply(phone, 2, 6)
    assert ledger_row(phone, 0).locator(".bb-held .bb-token[data-value='-2']").count() == 4
    assert ledger_row(phone, 0).locator(".bb-held .bb-token[data-value='-1']").count() == 1

    # Refused: Ann at -9 cannot skip again (-11 is below -10); the server says why.
    ledger_row(phone, 0).get_by_role("button", name="Skipped 1 space").click()
    note = ledger_row(phone, 0).locator(".bb-note")
    note.wait_for()
    assert "below -10" in note.inner_text()
    assert "Ann has -9" in note.inner_text()
    wait_penalty(phone, 0, -9)

    skip_many(phone, 2, 2)
    wait_penalty(phone, 2, -4)
    wait_supply(phone, 0, 6)
    # Refused: the supply of -2 tokens is exhausted.
    ledger_row(phone, 1).get_by_role("button", name="Skipped 1 space").click()
    note = ledger_row(phone, 1).locator(".bb-note")
    note.wait_for()
    assert "supply has only 0 left" in note.inner_text()
    wait_penalty(phone, 1, -5)
    unstick_topbar(phone)
    phone.wait_for_selector(".toast", state="hidden", timeout=8000)  # the table's copy of the refusal
    phone.locator(".bb-ledger-card").screenshot(path=shots / "block-buster-ledger.png")

    # All 16 point blocks through the steppers.
    for index, counts in enumerate(COUNTS):
        shot = {"shots": shots, "shot_name": "block-buster-editor.png"} if index == 11 else {}
        owner_text = enter_point_block(phone, index, counts, **shot)
        if index == 0:
            assert "Ann (yellow) takes it" in owner_text and "clinched" in owner_text
        if index == 2:
            assert "Tie 6–6: nobody" in owner_text
        if index == 7:
            assert "Tie 4–4–4: nobody" in owner_text
    tiles = phone.eval_on_selector_all(".bb-tile", "els => els.map(e => [e.dataset.state, e.dataset.owner])")
    assert tiles[0] == ["clinched", "yellow"]
    assert tiles[1] == ["leading", "blue"]  # 5 vs 4 with 3 free: still open while play goes on
    assert tiles[2] == ["tie", ""]
    assert tiles[8] == ["clinched", "red"]
    assert phone.locator(".bb-tile .bb-lock-badge").count() == 4  # blocks 0, 6, 8, 11
    assert phone.locator(".bb-progress").inner_text() == "16 of 16 entered"
    assert phone.locator(".bb-finish").is_hidden()  # play goes on: the way out is "End the game"
    assert phone.get_by_role("button", name="End the game").is_visible()
    phone.locator(".bb-board-card").screenshot(path=shots / "block-buster-board.png")

    # Everyone passes; then leftovers per player.
    for seat in range(3):
        ledger_row(phone, seat).get_by_role("button", name="Pass").click()
        phone.wait_for_selector(f".bb-ledger .bb-player[data-seat='{seat}'][data-passed='true']")
    tiles = phone.eval_on_selector_all(".bb-tile", "els => els.map(e => [e.dataset.state, e.dataset.owner])")
    assert tiles[1] == ["decided", "blue"]  # final once nobody can place
    # Leftovers on the keypad: opened from Ann's row, it moves on to Ben and Cat by itself,
    # then shows the final scores to confirm.
    ledger_row(phone, 0).get_by_role("button", name="Enter Ann's leftover squares").click()
    keypad = phone.locator("dialog.bb-keypad[open]")
    for name in NAMES:
        keypad.locator("h2", has_text=f"{name}: leftover squares").wait_for()
        for digit in str(LEFTOVERS[name]):
            keypad.get_by_role("button", name=digit, exact=True).click()
        keypad.locator(".bb-keypad-save").click()
    phone.get_by_role("button", name="Finish: Ann wins").click()
    phone.wait_for_selector(".bb-banner[data-kind='final']")

    # The screen against the API: the table's result and a stateless sheet of the same game.
    table = requests.get(f"{live_server.url}/api/tables/{code}", timeout=10).json()
    result = table["result"]
    assert result["finished"] is True
    sheet = {
        "variant": "standard",
        "players": [
            {"name": n, "colours": [c], "skips": SKIPS[n], "leftover_squares": LEFTOVERS[n]}
            for n, c in zip(NAMES, COLOURS, strict=True)
        ],
        "point_blocks": [{"shape": s, "counts": c} for s, c in zip(PATTERN, COUNTS, strict=True)],
    }
    scored = requests.post(f"{live_server.url}/api/games/block-buster/score", json=sheet, timeout=10)
    assert scored.status_code == 200, scored.text
    scored = scored.json()
    api_totals = [p["total"] for p in result["players"]]
    assert api_totals == [p["total"] for p in scored["players"]]
    assert [p["lines"] for p in result["players"]] == [p["lines"] for p in scored["players"]]
    assert result["winners"] == scored["winners"]
    assert [b["owner"] for b in result["point_blocks"]] == [b["owner"] for b in scored["point_blocks"]]

    panel_totals = phone.eval_on_selector_all(".bb-scores .bb-total", "els => els.map(e => Number(e.dataset.total))")
    assert panel_totals == api_totals
    assert phone.locator(".table-screen > .scores").is_hidden()  # the score card is the one scoreboard
    shown = phone.locator(".bb-scores .bb-total").all_inner_texts()
    assert shown == [str(t).replace("-", MINUS) for t in api_totals]
    # Worked out by hand from the counts: Ann 1 circle, 1 star, 2 spirals, 2 waves = 20,
    # start -3, 3 skipped spaces -6, 5 leftover squares -5.
    assert api_totals == [6, 4, 1]
    ann_lines = phone.locator(".bb-score[data-seat='0'] .bb-line").all_inner_texts()
    assert any("2 × green spiral" in line and "+7" in line for line in ann_lines)
    assert any("Leftover squares (5)" in line for line in ann_lines)
    assert "Ann wins" in phone.locator(".bb-banner").inner_text()
    assert phone.locator(".bb-finish").is_hidden()
    phone.locator(".bb-score-card").screenshot(path=shots / "block-buster-result.png")
    phone.screenshot(path=shots / "block-buster-final.png", full_page=True)


def test_immediate_win_banner(phone, live_server, shots):
    code = new_table(live_server, "block-buster", NAMES)
    # Ann already holds three clinched red circles (board indices 0, 5, 10).
    for index in (0, 5, 10):
        post_event(live_server, code, "point_block", {"index": index, "counts": {"yellow": 7}})
    phone.goto(f"/#/table/{code}")
    phone.wait_for_selector(".live[data-state=live]")
    phone.wait_for_selector(".bb-tile[data-index='10'][data-state='clinched']")
    assert phone.locator(".bb-banner").is_hidden()
    enter_point_block(phone, 15, {"yellow": 7, "blue": 2})
    banner = phone.locator(".bb-banner[data-kind='immediate']")
    banner.wait_for()
    assert banner.inner_text() == "Ann wins at once: 4 red circles"
    assert re.search(r"Immediate win", phone.locator(".bb-score-note").inner_text())
    phone.screenshot(path=shots / "block-buster-immediate-win.png")


@pytest.mark.parametrize("size", [(390, 844), (360, 640)])
def test_finish_waits_for_everything_then_shows_the_scores_to_confirm(phone, live_server, shots, size):
    phone.set_viewport_size({"width": size[0], "height": size[1]})
    code = new_table(live_server, "block-buster", ("Ann", "Ben"))
    for seat in (0, 1):
        post_event(live_server, code, "pass", {"seat": seat})
    post_event(live_server, code, "leftover", {"seat": 0, "squares": 3})
    owners = ["yellow", "blue", None, "yellow", "blue", "yellow", None, "blue"]  # the ninth is not entered
    for index, owner in enumerate(owners):
        post_event(live_server, code, "point_block", {"index": index, "owner": owner})
    phone.goto(f"/#/table/{code}")
    phone.wait_for_selector(".live[data-state=live]")
    phone.wait_for_selector(".bb-board .bb-tile")
    # A point block still open: no finishing, and the note says what is missing.
    assert phone.locator(".bb-finish").is_disabled()
    assert "1 point block still open" in phone.locator(".bb-now-text").inner_text()
    post_event(live_server, code, "point_block", {"index": 8, "owner": None})
    # Ben's leftovers are not said: 0 is not assumed.
    phone.wait_for_function("() => document.querySelector('.bb-now-text').textContent.includes('of Ben')")
    assert phone.locator(".bb-finish").is_disabled()
    row = phone.locator(".bb-ledger .bb-player[data-seat='1']")
    row.get_by_role("button", name="Enter Ben's leftover squares").click()
    keypad = phone.locator("dialog.bb-keypad[open]")
    assert keypad.locator(".bb-keypad-save").is_disabled()  # nothing typed: 0 is not assumed
    keypad.get_by_role("button", name="0", exact=True).click()
    keypad.locator(".bb-keypad-save").click()

    # Everything said: the summary opens by itself, everyone's final lines and totals, the winner,
    # and a way back.
    dialog = phone.locator("dialog.bb-summary")
    dialog.wait_for()
    # The sheet has slid in (a fixed pause is too short on a busy machine, and axe then sees half-faded colours).
    phone.wait_for_function(SLID_IN)
    phone.screenshot(path=shots / f"block-buster-finish-summary-{size[0]}.png")
    players = dialog.locator(".bb-summary-player")
    assert players.count() == 2
    assert players.first.locator(".bb-player-name").inner_text() == "Ben"  # a circle, a star, a spiral: 9
    assert players.first.locator(".bb-total").inner_text() == "9"
    assert players.nth(1).locator(".bb-total").inner_text() == "1"  # 9 − 5 start − 3 leftover
    assert "Leftover squares (3)" in players.nth(1).inner_text()
    assert phone.evaluate("document.documentElement.scrollWidth") <= size[0]
    dialog.get_by_role("button", name="Not yet").click()
    dialog.wait_for(state="hidden")
    table = requests.get(f"{live_server.url}/api/tables/{code}", timeout=10).json()
    assert table["result"]["finished"] is False  # looking is not finishing
    phone.get_by_role("button", name="Finish the game").click()
    phone.get_by_role("button", name="Finish: Ben wins").click()
    phone.wait_for_selector(".bb-banner[data-kind='final']")
    assert requests.get(f"{live_server.url}/api/tables/{code}", timeout=10).json()["result"]["finished"] is True


SCHEMES = [pytest.param((w, h, scheme), id=f"{w}x{h}-{scheme}") for w, h in ((360, 640), (390, 844))
           for scheme in ("light", "dark")]


@pytest.mark.parametrize("size", SCHEMES)
def test_a_finished_table_shows_one_scoreboard_the_score_card(browser, live_server, shots, size):
    """After the game the table's own list of totals would repeat the score card's: only the card shows,
    after the banner and Play again, with each player's lines."""
    width, height, scheme = size
    code = new_table(live_server, "block-buster", ("Ann", "Ben"))
    for seat in (0, 1):
        post_event(live_server, code, "pass", {"seat": seat})
        post_event(live_server, code, "leftover", {"seat": seat, "squares": 3 - 3 * seat})
    owners = ["yellow", "blue", None, "yellow", "blue", "yellow", None, "blue", None]
    for index, owner in enumerate(owners):
        post_event(live_server, code, "point_block", {"index": index, "owner": owner})
    post_event(live_server, code, "finish", {})
    page = phone_page(browser, live_server, {"width": width, "height": height}, scheme)
    context = page.context
    try:
        page.goto(f"/#/table/{code}")
        page.wait_for_selector(".after-panel:not([hidden])")
        page.wait_for_selector(".bb-banner[data-kind='final']")
        visible_boards = page.eval_on_selector_all(
            ".scoreboard, .bb-score-card", "els => els.filter((e) => e.checkVisibility()).map((e) => e.className)")
        assert visible_boards == ["card bb-score-card"]
        assert page.locator(".bb-score-card .bb-total").all_inner_texts() == ["1", "9"]
        assert page.locator(".bb-score-card h2").inner_text() == "Final score"
        assert "Leftover squares (3)" in page.locator(".bb-score[data-seat='0']").inner_text()
        # In reading order: the banner, Play again, then the scores.
        tops = [page.locator(sel).bounding_box()["y"] for sel in (".bb-banner", ".after-game", ".bb-score-card")]
        assert tops == sorted(tops), tops
        page.screenshot(path=shots / f"block-buster-finished-{width}x{height}-{scheme}.png", full_page=True)
        assert serious_violations(page) == []
        assert missing_values(page) == []
    finally:
        context.close()


# The page has stopped scrolling (a smooth scroll takes a few frames): scrollY the same over two looks 100 ms apart.
SCROLLED = """() => new Promise((done) => {
  let last = null;
  const look = () => (scrollY === last ? done(scrollY) : ((last = scrollY), setTimeout(look, 100)));
  setTimeout(look, 100);
})"""


def assert_in_view(page, selectors: dict[str, str]):
    """Each element is shown whole between the sticky top bar and the bottom of the screen, as it is scrolled now."""
    page.evaluate(SCROLLED)
    top = page.locator(".topbar").bounding_box()["height"]
    shown = places(page, selectors)
    for what, selector in selectors.items():
        box = shown[what]
        assert box is not None, f"{what} ({selector}) is not shown"
        assert box["y"] >= top - 1 and box["y"] + box["height"] <= page.viewport_size["height"], \
            f"{what} ({selector}) is at {box}, out of the screen (top bar {top})"
        assert box["uncovered"], f"{what} ({selector}) is covered by something else"


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_end_the_game_asks_where_the_player_is_on_a_small_phone(browser, live_server, shots, motion):
    """At 360×640 "End the game" sits below the board; its "are you sure" goes to the top of the panel (the next thing
    to do), hundreds of pixels above: the tap seemed to do nothing. The question is brought into view, the focus on
    its safe answer; "Not yet" brings "End the game" back into view, as it was."""
    code = new_table(live_server, "block-buster", NAMES)
    context = browser.new_context(base_url=live_server.url, reduced_motion=motion,
                                  **{**PHONE, "viewport": {"width": 360, "height": 640}})
    page = context.new_page()
    try:
        page.goto(f"/#/table/{code}")
        page.wait_for_selector(".live[data-state=live]")
        page.wait_for_selector(".bb-now[data-phase='playing'] .bb-step-action")
        end = page.get_by_role("button", name="End the game")
        end.scroll_into_view_if_needed()
        end.click()
        page.wait_for_selector(".bb-now[data-confirming='true']")
        assert_in_view(page, {"are you sure": ".bb-now-text", "yes, end it": ".bb-step-action",
                              "not yet": ".bb-not-yet"})
        page.screenshot(path=shots / f"block-buster-end-sure-360x640-{motion}.png")
        # Focus on the answer that keeps playing: a second Enter on the same key must not end the game.
        assert page.evaluate("document.activeElement.textContent") == "Not yet"
        page.keyboard.press("Enter")
        page.wait_for_selector(".bb-now[data-confirming='false']")
        assert_in_view(page, {"what now": ".bb-now-text", "End the game": ".bb-step-action"})
        assert page.evaluate("document.activeElement.textContent") == "End the game"
    finally:
        context.close()


def test_a_pass_stays_where_it_was_tapped_on_a_small_phone(browser, live_server, shots):
    """Ann's Pass makes ending the game the next thing, and its card moved above the board: the page followed the
    card (the browser keeps the element it scrolls by in place), so Ann's row left the screen and the tap seemed to
    do nothing. The row stays under the finger, saying she passed."""
    code = new_table(live_server, "block-buster", NAMES)
    context = browser.new_context(base_url=live_server.url, **{**PHONE, "viewport": {"width": 360, "height": 640}})
    page = context.new_page()
    try:
        page.goto(f"/#/table/{code}")
        page.wait_for_selector(".live[data-state=live]")
        page.wait_for_selector(".bb-now[data-phase='playing'] .bb-step-action")
        row = ".bb-ledger .bb-player[data-seat='0']"
        page.locator(row).get_by_role("button", name="Pass").scroll_into_view_if_needed()
        page.locator(row).get_by_role("button", name="Pass").click()
        page.wait_for_selector(".bb-now[data-ending='true']")
        page.wait_for_selector(f"{row}[data-passed='true']")
        assert_in_view(page, {"Ann's row": f"{row} .bb-player-head"})
        page.screenshot(path=shots / "block-buster-passed-360x640.png")
    finally:
        context.close()
