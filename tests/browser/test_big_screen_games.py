"""A short whole game of each title on two phones with the big screen beside them at 1280×720: each change
shows on the screen within 250 ms (the median; big_screen.py times it from the phone's answer), the game's
board shows what the room follows (the "10" bonus build's countdown, each stopper roll with its running
total to 30), the end shows the podium, and the screen reads in light and dark. The score pad's game is in
test_big_screen.py."""

import pytest
import requests
from big_screen import (
    ANSWERED_AT,
    act_and_time,
    assert_prompt,
    caught_up,
    delays_since,
    open_phone_at,
    settle,
    shoot_both_schemes,
    tap_and_time,
)
from screens import missing_values, new_table, open_table, serious_violations
from test_block_buster_quick_entry import LEFTOVERS, OWNERS, TOTALS, end_by_tapping
from test_block_buster_screens import ledger_row
from test_bresk_screens import type_grid
from test_make_n_break_screens import tap_card

pytestmark = pytest.mark.browser


def stat_of(screen, label: str):
    return screen.locator(".sb-stat", has_text=label).locator(".sb-value")


def total_on(screen, name: str) -> str:
    return screen.locator(".sb-scores li", has_text=name).locator(".total").inner_text()


def in_view(screen, locator) -> bool:
    """Wholly inside the screen's 1280×720: the board cuts off what does not fit."""
    box = locator.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= screen.viewport_size["height"]


def podium_first(screen) -> list[str]:
    screen.wait_for_selector(".sb-podium .sb-step[data-place='1']")
    assert serious_violations(screen) == []
    assert missing_values(screen) == []
    return screen.locator(".sb-step[data-place='1'] .name").all_inner_texts()


def test_make_n_break_on_two_phones_with_the_bonus_builds_countdown(open_phone, open_screen, live_server, shots):
    """One round of two: Ann builds a "10" card, and its bonus build runs on the room's screen as the "10"
    countdown (the timer on 1: 30 s); Ben's turn ends the game."""
    code = new_table(live_server, "make-n-break", ("Ann", "Ben"), rounds=1)
    screen = open_screen(code)
    ann, ben = (open_phone_at(open_phone, code, ".mnb-who") for _ in range(2))
    delays = {"die": tap_and_time(ben, screen, "Rolled 2")}  # Ben, to Ann's right, runs the timer
    assert screen.locator(".sb-turn").inner_text() == "Ann's turn"
    assert stat_of(screen, "Die").inner_text() == "2"
    delays["ten"] = act_and_time(ann, screen, lambda: tap_card(ann, "10 set aside"))[0]
    delays["card"] = act_and_time(ann, screen, lambda: tap_card(ann, "Standard 3"))[0]
    assert "Standard 3" in screen.locator(".sb-chips").inner_text()
    delays["start"] = tap_and_time(ben, screen, "Start")
    delays["end turn"] = tap_and_time(ann, screen, "End turn")

    # The bonus build: the timer is on 1 and the screen says whose "10" it is, before and while it runs.
    bonus = screen.locator(".sb-timer-label")
    assert bonus.inner_text() == "“10” bonus build: Ann"
    assert screen.locator(".sb-digits").inner_text() == "30"
    assert screen.locator(".sb-timer-status").inner_text() == "Ready"
    delays["bonus start"] = tap_and_time(ben, screen, "Start")
    screen.wait_for_function("() => Number(document.querySelector('.sb-digits').dataset.remainingMs) < 29_000")
    assert screen.locator(".sb-timer").get_attribute("data-state") == "running"
    assert bonus.is_visible() and screen.locator(".sb-timer-status").inner_text() == "Running"
    assert in_view(screen, screen.locator(".sb-chip", has_text="Standard 3"))  # the turn's cards, under the timer
    assert stat_of(screen, "Bonus build").inner_text() == "1 bonus build to go."
    assert in_view(screen, stat_of(screen, "Bonus build"))
    shoot_both_schemes(screen, lambda scheme: shots / f"big-screen-make-n-break-bonus-{scheme}.png")
    delays["bonus done"] = tap_and_time(ann, screen, "Bonus build done (+5)")
    assert total_on(screen, "Ann") == "8" and bonus.is_hidden()

    delays["die 2"] = tap_and_time(ann, screen, "Rolled 1")
    assert screen.locator(".sb-turn").inner_text() == "Ben's turn"
    delays["card 2"] = act_and_time(ben, screen, lambda: tap_card(ben, "Standard 2"))[0]
    shoot_both_schemes(screen, lambda scheme: shots / f"big-screen-make-n-break-{scheme}.png")
    delays["last turn"] = tap_and_time(ben, screen, "End turn")
    assert podium_first(screen) == ["Ann"]
    assert_prompt(delays, "Make 'N' Break")


STOPPER = {"Ann": [3, 0, 2, 3, 3, 1, 3, 3, 3, 3, 3, 3], "Ben": [3] * 10}  # each builder's stopper rolls, to 30


def roll_the_stopper(phone, screen, faces, total: int = 0) -> list[float]:
    """The stopper taps each face on ``phone`` (the turn's total ``total`` before); the screen shows each
    roll as it comes, the running total beside it and the die as it fell."""
    delays, before = [], screen.locator(".sb-roll").count()
    for face in faces:
        delays.append(tap_and_time(phone, screen, f"Stopper {face}" if face else "Blank"))
        total += face
        rolls = screen.locator(".sb-roll")
        assert rolls.last.locator(".sb-roll-face").inner_text() == (str(face) if face else "–")
        assert rolls.last.locator(".sb-roll-total").inner_text() == str(total)
        assert in_view(screen, rolls.last)
        assert screen.locator(".sb-dice .die").get_attribute("data-face") == str(face)
        said = f"{total} · Stopp!" if total >= 30 else f"{total} / 30"
        assert stat_of(screen, "Stopper total").inner_text() == said
    assert rolls.count() == before + len(faces)
    return delays


def test_wuerfelspiel_on_two_phones_each_stopper_roll_with_its_running_total(open_phone, open_screen, live_server,
                                                                                shots):
    code = new_table(live_server, "wuerfelspiel", ("Ann", "Ben"), stopper="person", turns_each=1)
    screen = open_screen(code)
    ann, ben = (open_phone_at(open_phone, code, ".ws-faces") for _ in range(2))
    delays = roll_the_stopper(ben, screen, STOPPER["Ann"][:6])  # Ben, before Ann, stops her turn
    shoot_both_schemes(screen, lambda scheme: shots / f"big-screen-wuerfelspiel-{scheme}.png")
    delays += roll_the_stopper(ben, screen, STOPPER["Ann"][6:], sum(STOPPER["Ann"][:6]))
    delays.append(tap_and_time(ann, screen, "Card 5"))
    delays.append(tap_and_time(ann, screen, "End turn"))
    assert screen.locator(".sb-turn").inner_text() == "Ben's turn"
    assert screen.locator(".sb-roll").count() == 0 and total_on(screen, "Ann") == "5"
    delays += roll_the_stopper(ann, screen, STOPPER["Ben"])
    shoot_both_schemes(screen, lambda scheme: shots / f"big-screen-wuerfelspiel-stopp-{scheme}.png")
    delays.append(tap_and_time(ben, screen, "Red 4"))
    delays.append(tap_and_time(ben, screen, "End turn"))
    assert podium_first(screen) == ["Ann"]
    assert_prompt(delays, "Würfelspiel")


def test_block_buster_on_two_phones_from_a_skip_to_the_final_scores(open_phone, open_screen, live_server, shots):
    """Three seats on two phones: a skip in play on one, the end by tapping (every point block, the leftovers,
    Finish) on the other (test_block_buster_quick_entry.py's game)."""
    names = ("Ann", "Ben", "Cat")
    code = new_table(live_server, "block-buster", names)
    screen = open_screen(code)
    phones = [open_phone_at(open_phone, code, ".bb-board .bb-tile") for _ in range(2)]
    # Ann starts with −3 (the first player's tokens); a skipped space is −2 more.
    delays = {"skip": act_and_time(phones[1], screen, lambda: ledger_row(phones[1], 0).get_by_role(
        "button", name="Skipped 1 space").click())[0]}
    assert "Ann: penalty -5" in screen.locator(".sb-board").inner_text()
    shoot_both_schemes(screen, lambda scheme: shots / f"big-screen-block-buster-{scheme}.png")
    before = int(screen.locator(".sb-screen").get_attribute("data-seq"))

    def look(sheet):  # halfway through the board, the screen has each block as the phone enters it
        if sheet == "point block 8":
            screen.wait_for_function("() => document.querySelectorAll('.sb-cell[data-held=\"1\"]').length === 7")

    end_by_tapping(phones[0], OWNERS, LEFTOVERS, "Ben", look)
    phones[0].wait_for_selector(".bb-banner[data-kind='final']")
    delays.update(delays_since(screen, phones, before))
    assert podium_first(screen) == ["Ben"]
    totals = screen.locator(".sb-step .total").all_inner_texts()
    assert sorted(map(int, totals), reverse=True) == sorted(TOTALS, reverse=True)
    shoot_both_schemes(screen, lambda scheme: shots / f"big-screen-block-buster-end-{scheme}.png")
    assert_prompt(delays, "Block Buster")


def bresk_phone(open_phone, code: str, seat: str):
    phone = open_phone()
    phone.add_init_script(ANSWERED_AT)
    open_table(phone, code, bresk_seat=seat)
    settle(phone)
    phone.wait_for_selector(".bresk-word-note:empty", state="attached", timeout=30_000)  # the word list is in
    return phone


def allowed_letters(live_server, code: str) -> int:
    """How many letters a grid may hold after the rolls so far (the squares placed, less the forced spaces)."""
    state = requests.get(f"{live_server.url}/api/tables/{code}", timeout=10).json()["state"]
    return state["placements"] - state["letters_rolled"].count("#")


def test_bresk_on_two_phones_from_the_rolls_to_the_hand_ins(open_phone, open_screen, live_server, shots):
    code = new_table(live_server, "bresk", ("Ann", "Ben"), hand_in_early=True)
    screen = open_screen(code)
    ann, ben = bresk_phone(open_phone, code, "Ann"), bresk_phone(open_phone, code, "Ben")
    delays = []
    for i in range(4):  # the server rolls: a Bresk! face asks for the alphabet die next
        phone = (ann, ben)[i % 2]
        caught_up(phone, screen)  # which die is next, as the other phone's last roll left it
        alphabet = phone.locator("button", has_text="Roll the alphabet die").count()
        delays.append(tap_and_time(phone, screen, "Roll the alphabet die" if alphabet else "Roll the Bresk die"))
    rolled = requests.get(f"{live_server.url}/api/tables/{code}", timeout=10).json()["state"]["letters_rolled"]
    shown = screen.locator(".sb-stat", has_text="Letters rolled").locator(".sb-chip").all_inner_texts()
    assert shown == [x.replace("#", "●") for x in rolled]
    shoot_both_schemes(screen, lambda scheme: shots / f"big-screen-bresk-{scheme}.png")
    # Each writes the letters the dice forced (a forced space stays empty), Ann a word of her own besides.
    forced = "".join(x for x in rolled if x != "#")
    type_grid(ann, [forced.ljust(8, "#"), "BAND####"] if len(forced) + 4 <= allowed_letters(live_server, code)
              else [forced])
    delays.append(act_and_time(ann, screen, lambda: ann.get_by_role("button", name="Hand in my grid").click())[0])
    type_grid(ben, [forced])
    delays.append(act_and_time(ben, screen, lambda: ben.get_by_role("button", name="Hand in my grid").click())[0])
    result = requests.get(f"{live_server.url}/api/tables/{code}", timeout=10).json()["result"]
    assert sorted(podium_first(screen)) == sorted(result["winners"])  # the dice may leave them level
    assert screen.locator(".sb-step .total").all_inner_texts() == sorted(
        (str(p["total"]) for p in result["players"]), key=int, reverse=True)
    shoot_both_schemes(screen, lambda scheme: shots / f"big-screen-bresk-end-{scheme}.png")
    assert_prompt(delays, "Bresk!")
