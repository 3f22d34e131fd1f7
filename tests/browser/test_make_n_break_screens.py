"""Make 'N' Break Extreme and the Würfelspiel at a table, on two phones."""

import re

import pytest
import requests
from screens import new_table, open_table, post_event

pytestmark = pytest.mark.browser

SECONDS = {1: 30, 2: 40, 3: 50}  # the default seconds per timer setting
NAMES = ["Ann", "Ben", "Cy"]
READY = ".panel .mnb-who, .panel .mnb-over"  # the panel says whose turn it is, or that the game is over

# Headless Chromium has no voices: record what the page asks to be spoken.
RECORD_SPEECH = """
(() => {
  window.__spoken = [];
  if (!('speechSynthesis' in window)) {
    Object.defineProperty(window, 'speechSynthesis', { value: { speak() {}, cancel() {} }, configurable: true });
  }
  if (typeof window.SpeechSynthesisUtterance !== 'function') {
    window.SpeechSynthesisUtterance = class { constructor(text) { this.text = text; } };
  }
  const synth = window.speechSynthesis;
  const real = synth.speak.bind(synth);
  synth.speak = (utterance) => {
    window.__spoken.push(utterance.text);
    try { real(utterance); } catch (e) { /* no voice */ }
  };
})();
"""



def snap(page, path, selector=None):
    """What the phone's screen shows with ``selector`` scrolled to the top (or the whole page)."""
    if selector:
        page.locator(selector).first.evaluate("el => el.scrollIntoView({block: 'start'})")
        page.evaluate("scrollBy(0, -72)")  # below the sticky top bar
        page.screenshot(path=path)
    else:
        page.evaluate("scrollTo(0, 0)")
        page.screenshot(path=path, full_page=True)


def totals_on(page):
    return [int(t) for t in page.locator(".scoreboard .total").all_inner_texts()]


def wait_for_builder(page, name, phase):
    page.wait_for_function(
        """([name, phase]) => document.querySelector('.mnb-builder')?.textContent === name
             && !document.querySelector(`.mnb-${phase}`).hidden""", arg=[name, phase])


def wait_for_turn_points(page, text):
    page.wait_for_function("(t) => document.querySelector('.mnb-turn-points')?.textContent.startsWith(t)", arg=text)


def timer_shows(page, seconds):
    page.wait_for_function(
        "(s) => document.querySelector('.timer-digits').textContent === String(s)"
        " && document.querySelector('.timer-status').textContent === 'Ready'", arg=seconds)


# --- Make 'N' Break -----------------------------------------------------------------------

# Two rounds of three players: (builder, cards tapped, bonus builds, roll how).
# Ann 3+2+2 | Ben 5+1 (a wrong tap undone) | Cy 2 and a "10" (+5) | Ann 4+3+3+3 | Ben 1 | Cy 1 and a missed "10".
TURNS = [
    ("Ann", [("Standard 3", {"kind": "standard", "points": 3}), ("Red hand 2", {"kind": "red-hand", "points": 2}),
             ("4 ←", {"kind": "left-arrow", "completed": True})], [], "server"),
    ("Ben", [("Extreme 5", {"kind": "extreme-5"}), ("Standard 1", {"kind": "standard", "points": 1})], [], "server"),
    ("Cy", [("10 set aside", {"kind": "ten"}), ("Standard 2", {"kind": "standard", "points": 2})], [True], "server"),
    ("Ann", [("Extreme 4", {"kind": "extreme-4"}), ("Standard 3", {"kind": "standard", "points": 3}),
             ("Standard 3", {"kind": "standard", "points": 3}), ("Red hand 3", {"kind": "red-hand", "points": 3})],
     [], "physical"),
    ("Ben", [("Standard 1", {"kind": "standard", "points": 1})], [], "panel"),
    ("Cy", [("10 set aside", {"kind": "ten"}), ("Red hand 1", {"kind": "red-hand", "points": 1})], [False], "server"),
]
EXPECTED_TOTALS = [20, 9, 8]  # Ann 7 + 13, Ben 2 (left arrow) + 6 + 1, Cy 7 + 1


def tap_card(page, label):
    name = label
    if label == "4 ←":  # named by what it shows, the left neighbour included: "4 ← Ben built it"
        neighbour = page.locator(".mnb-roles li").nth(1).locator("strong").inner_text()
        name = f"4 ← {neighbour} built it"
    # No one completes two builds within the double-tap guard's moment: a tap waits for it, as a builder does.
    page.wait_for_selector(".mnb-cards:not([data-settling])", state="attached")
    page.get_by_role("button", name=name, exact=True).click()


def test_a_two_round_game_on_two_phones(phone, second_phone, live_server, shots):
    code = new_table(live_server, "make-n-break", NAMES, rounds=2)
    open_table(phone, code, READY)
    open_table(second_phone, code, READY)
    phones = [phone, second_phone]

    # The timer's presets are the three settings' seconds; the left neighbour and timer runner are named.
    assert phone.locator(".timer-presets button").all_inner_texts() == ["30 s", "40 s", "50 s"]
    assert phone.locator(".mnb-builder").inner_text() == "Ann"
    assert phone.locator(".mnb-roles").inner_text().split("\n") == ["Timer", "Cy", "← Left neighbour", "Ben"]
    snap(phone, shots / "mnb-roll.png", ".mnb-roll")
    # One roll control: the panel's (no second "Roll" on the shared dice card), and the die it
    # shows is the turn's, whether the app rolled it or someone typed in a real one.
    assert phone.get_by_role("button", name=re.compile("^Roll ")).count() == 1  # not "Rolled 2": a real die
    assert phone.locator(".dice").count() == 0

    sheet_turns = []
    for number, (builder, cards, bonuses, how) in enumerate(TURNS):
        roller, builder_phone = phones[number % 2], phones[(number + 1) % 2]  # alternate who taps what
        wait_for_builder(roller, builder, "roll")
        if how in ("server", "panel"):  # the app rolls
            roller.get_by_role("button", name="Roll the die").click()
            roller.wait_for_selector(".mnb-build:not([hidden])")
            face = int(roller.locator(".mnb-pill").inner_text().removeprefix("Die "))
        else:
            face = 2
            roller.get_by_role("button", name="Rolled 2").click()
        # The die is on screen on both phones, and the shared timer is set to that setting's seconds.
        for page in phones:
            page.wait_for_function("(f) => document.querySelector('.mnb-pill')?.textContent === `Die ${f}`", arg=face)
            timer_shows(page, SECONDS[face])
        assert roller.get_by_role("button", name="Roll the die").count() == 0  # no roll outside the roll phase

        wait_for_builder(builder_phone, builder, "build")
        if number == 1:  # a wrong tap, undone with the thumb
            tap_card(builder_phone, "Standard 2")
            wait_for_turn_points(builder_phone, "This turn: Ben +2")
            builder_phone.locator(".mnb-build .mnb-undo").click()
            wait_for_turn_points(builder_phone, "This turn: Ben +0")
        for i, (label, _) in enumerate(cards):
            tap_card(builder_phone if i % 2 == 0 else roller, label)
            for page in phones:
                page.wait_for_function("(n) => document.querySelectorAll('.mnb-played li').length === n", arg=i + 1)
        if number == 0:
            assert "Ben +2" in phone.locator(".mnb-turn-points").inner_text()  # the left neighbour's share
            roller.get_by_role("button", name="Start", exact=True).click()  # the timer runner starts the time
            builder_phone.wait_for_function("() => document.querySelector('.mnb-clock').dataset.state === 'running'")
            assert builder_phone.locator(".mnb-build .mnb-clock").inner_text().endswith("s left")
            snap(builder_phone, shots / "mnb-build.png", ".mnb-who")
        roller.get_by_role("button", name="End turn", exact=True).click()

        for made in bonuses:
            for page in phones:
                wait_for_builder(page, builder, "bonus")
                timer_shows(page, SECONDS[1])  # the bonus build runs with the timer on 1
            if made:
                snap(builder_phone, shots / "mnb-bonus.png", ".mnb-who")
            button = "Bonus build done (+5)" if made else "Not completed"
            builder_phone.get_by_role("button", name=button).click()

        sheet_cards = [dict(data) for _, data in cards]
        for card, made in zip([c for c in sheet_cards if c["kind"] == "ten"], bonuses, strict=True):
            card["completed"] = made
        sheet_turns.append({"builder": builder, "die": face, "cards": sheet_cards})

        # After the turn: the points and the chips to take, on the other phone too.
        other = phones[(number + 1) % 2]
        other.wait_for_function("(n) => document.querySelector('.mnb-last h2')?.textContent.startsWith(`Turn ${n}:`)",
                                arg=number + 1)
        if number == 0:
            summary = other.locator(".mnb-last").inner_text()
            assert "Ann takes 7 × 1" in summary and "Ben takes 2 × 1" in summary
        if number == 3:
            assert "Ann takes 1 × 10 + 3 × 1" in other.locator(".mnb-last").inner_text()
            snap(other, shots / "mnb-after-turn.png", ".mnb-last")

    for page in phones:
        page.wait_for_selector(".mnb-over:not([hidden])")
        assert totals_on(page) == EXPECTED_TOTALS
        assert page.locator(".mnb-winner").inner_text() == "★ Ann wins!"
        assert page.locator(".mnb-chips-list li.winner .name").inner_text() == "Ann"
        rows = page.locator(".mnb-table tbody tr").all_inner_texts()
        assert [r.split("\t") for r in rows] == [["Round 1", "7", "8", "7"], ["Round 2", "13", "1", "1"]]
        assert page.locator(".mnb-table tfoot tr").first.inner_text().split("\t") == ["Total", "20", "9", "8"]
    snap(phone, shots / "mnb-game-over.png", ".mnb-over")

    table = requests.get(f"{live_server.url}/api/tables/{code}", timeout=10).json()
    assert [p["total"] for p in table["result"]["players"]] == EXPECTED_TOTALS
    assert table["result"]["winners"] == ["Ann"] and table["result"]["finished"]
    sheet = {"rounds": 2, "players": NAMES, "turns": sheet_turns}
    scored = requests.post(f"{live_server.url}/api/games/make-n-break/score", json=sheet, timeout=10)
    assert scored.status_code == 200, scored.text
    assert [p["total"] for p in scored.json()["players"]] == EXPECTED_TOTALS
    assert scored.json()["winners"] == ["Ann"]


def test_a_tie_after_the_last_round_shows_sudden_death(phone, live_server, shots):
    code = new_table(live_server, "make-n-break", ["Ann", "Ben"], rounds=1)
    for _ in range(2):
        post_event(live_server, code, "die", {"face": 1})
        post_event(live_server, code, "card", {"kind": "standard", "points": 2})
        post_event(live_server, code, "end_turn")
    open_table(phone, code, READY)
    notice = phone.locator(".mnb-notice")
    assert notice.is_visible()
    assert "Sudden death: Ann and Ben build one more turn each" in notice.inner_text()
    assert phone.locator(".mnb-stage").inner_text().startswith("Sudden death 1")
    snap(phone, shots / "mnb-sudden-death.png", ".mnb-who")


# --- Würfelspiel ---------------------------------------------------------------------------


def test_b_the_app_rolls_the_stopper_and_speaks_the_totals(phone, second_phone, live_server, shots):
    code = new_table(live_server, "wuerfelspiel", ["Ann", "Ben"], stopper="app", pace_ms=500)
    for page in (phone, second_phone):
        page.add_init_script(RECORD_SPEECH)
        open_table(page, code, READY)
    assert phone.locator(".timer").count() == 0  # the stopper die is the clock
    assert phone.locator(".mnb-builder").inner_text() == "Ann"
    assert "the app, rolling for Ben" in phone.locator(".mnb-roles").inner_text()
    assert phone.get_by_role("button", name="End turn (at 30)").is_disabled()
    snap(phone, shots / "ws-ready.png", ".mnb-who")

    phone.get_by_role("button", name="Los!").click()
    seen = []
    while True:  # the totals climb, on both phones
        phone.wait_for_function("(n) => Number(document.querySelector('.ws-total').textContent) > n",
                                arg=seen[-1] if seen else 0, timeout=15000)
        seen.append(int(phone.locator(".ws-total").inner_text()))
        if len(seen) == 3:
            assert second_phone.locator(".ws-status").inner_text() == "Rolling on another phone…"
            assert second_phone.get_by_role("button", name="Los!").count() == 0
            snap(phone, shots / "ws-rolling.png", ".ws-stopper")
        if seen[-1] >= 30:
            break
    assert seen == sorted(seen)
    for page in (phone, second_phone):
        page.wait_for_selector(".ws-stopp:not([hidden])")
        assert page.locator(".ws-stopp").inner_text() == "Stopp!"

    # Each stopper roll in the log: the running total below 30 until the last one.
    events = requests.get(f"{live_server.url}/api/tables/{code}/events", timeout=10).json()["events"]
    rolls = [e["data"]["results"][0]["face"] for e in events if e["type"] == "roll"]
    assert all(e["data"]["dice"] == ["stopper"] for e in events if e["type"] == "roll")
    running = [sum(rolls[: i + 1]) for i in range(len(rolls))]
    assert all(t < 30 for t in running[:-1]) and running[-1] >= 30
    assert phone.locator(".ws-total").inner_text() == str(running[-1])

    # Only the phone that pressed Los! rolled and spoke: every total, then "Stopp!".
    phone.wait_for_function("() => window.__spoken.includes('Stopp!')")
    spoken = phone.evaluate("window.__spoken")
    assert spoken[0] == "Los!" and spoken[-1] == "Stopp!"
    assert [int(t) for t in spoken[1:-1]] == running
    assert second_phone.evaluate("window.__spoken") == []
    snap(phone, shots / "ws-stopp.png", ".ws-stopper")

    second_phone.get_by_role("button", name="Card 5").click()
    phone.get_by_role("button", name="Red 4").click()
    second_phone.wait_for_function(
        "() => document.querySelector('.mnb-turn-points').textContent === 'This turn: Ann +9'")
    second_phone.get_by_role("button", name="End turn", exact=True).click()
    for page in (phone, second_phone):
        page.wait_for_function("() => document.querySelector('.mnb-builder').textContent === 'Ben'")
        assert page.locator(".ws-totals .pts").all_inner_texts() == ["9", "0"]  # the one scoreboard
        assert page.locator(".ws-total").inner_text() == "0"
        assert page.locator(".ws-totals li").first.inner_text().split("\n") == ["Ann", "1 of 3 turns", "9"]
    assert "Ann scored 9 with 2 cards" in phone.locator(".mnb-last").inner_text()
    snap(phone, shots / "ws-next-turn.png", ".mnb-who")


def test_the_stopper_line_says_for_whom_the_app_rolls(phone, live_server, shots):
    """On Ann's phone the banner said "Your turn, Ann" and the stopper line "the app · Ben's turn": whose turn, then?
    Ann builds; the app rolls the die in place of Ben, the stopper (the seat before the builder), and says so."""
    code = new_table(live_server, "wuerfelspiel", ["Ann", "Ben"], stopper="app")
    post_event(live_server, code, "claim_seat", {"seat": 0, "device": "phone-of-ann"})
    phone.context.add_init_script("localStorage.setItem('device-id', 'phone-of-ann')")
    open_table(phone, code, READY)
    phone.get_by_role("status").filter(has_text="Your turn, Ann").wait_for()
    roles = phone.locator(".mnb-roles").inner_text()
    assert roles.split("\n") == ["Stopper", "the app, rolling for Ben"]
    assert "turn" not in roles
    snap(phone, shots / "ws-stopper-line.png", ".mnb-who")


# The scoreboards a player sees (the table's own list, the Würfelspiel's totals): those shown, by class.
SHOWN_SCOREBOARDS = """() => [...document.querySelectorAll('.scoreboard, .ws-totals-card')]
  .filter((e) => e.checkVisibility()).map((e) => e.className)"""


def test_the_wuerfelspiel_shows_its_scores_once_in_plain_words(phone, live_server, shots):
    """Below "Totals" came the table's own list of the same scores, ending in "partial: 2 of 4 turns played; next:
    Ann's turn", a status word and not a player's. The totals card is the one scoreboard, in play and at the end."""
    code = new_table(live_server, "wuerfelspiel", ["Ann", "Ben"], stopper="person", turns_each=2)

    def turn(builder, points):
        for _ in range(10):
            post_event(live_server, code, "stopper", {"face": 3})
        post_event(live_server, code, "card", {"kind": "standard", "points": points, "builder": builder})
        post_event(live_server, code, "end_turn", {"builder": builder})

    turn(0, 5)
    turn(1, 3)
    open_table(phone, code, READY)
    assert phone.evaluate(SHOWN_SCOREBOARDS) == ["card ws-totals-card"]
    assert "So far" not in phone.locator("main").inner_text()  # the status line, as the server words it
    assert [li.split("\n") for li in phone.locator(".ws-totals li").all_inner_texts()] == [
        ["Ann · building", "1 of 2 turns", "5"], ["Ben", "1 of 2 turns", "3"]]
    phone.locator(".ws-totals-card").screenshot(path=shots / "ws-totals-in-play.png")
    turn(0, 2)
    turn(1, 1)
    phone.wait_for_selector(".mnb-over:not([hidden])")
    assert phone.evaluate(SHOWN_SCOREBOARDS) == ["card ws-totals-card"]
    assert phone.locator(".ws-totals .pts").all_inner_texts() == ["7", "4"]
    assert "Ann wins with 7 points" in phone.locator(".mnb-winner").inner_text()
    phone.screenshot(path=shots / "ws-game-over.png", full_page=True)


def test_a_person_as_stopper_taps_the_real_die(phone, live_server, shots):
    code = new_table(live_server, "wuerfelspiel", ["Ann", "Ben", "Cy"], stopper="person")
    for face in [3] * 9:
        post_event(live_server, code, "stopper", {"face": face})
    phone.add_init_script(RECORD_SPEECH)
    open_table(phone, code, READY)
    assert phone.get_by_role("button", name="Los!").count() == 0
    assert phone.locator(".ws-total").inner_text() == "27"
    phone.get_by_role("button", name="Blank").click()
    phone.wait_for_function("() => document.querySelectorAll('.ws-rolls li').length === 10")
    snap(phone, shots / "ws-person.png", ".mnb-who")
    phone.get_by_role("button", name="Stopper 3").click()
    phone.wait_for_selector(".ws-stopp:not([hidden])")
    assert phone.locator(".ws-total").inner_text() == "30"
    assert phone.locator(".ws-faces").is_hidden()
    phone.wait_for_function("() => window.__spoken.at(-1) === 'Stopp!'")
    assert phone.evaluate("window.__spoken") == ["27", "30", "Stopp!"]


# --- a double tap (issue 24) -----------------------------------------------------------------------------------


def cards_on_the_server(live_server, code):
    state = requests.get(f"{live_server.url}/api/tables/{code}", timeout=10).json()["state"]
    return [(c["kind"], c.get("points")) for c in state["turn"]["cards"]]


def test_a_double_tap_on_a_card_counts_one_card(phone, live_server):
    code = new_table(live_server, "make-n-break", NAMES)
    post_event(live_server, code, "die", {"face": 2, "builder": 0})
    open_table(phone, code, READY)
    phone.wait_for_selector(".mnb-build:not([hidden])")
    # Two taps 40 ms apart, as a finger's double tap gives: no one completes two builds in that time.
    phone.get_by_role("button", name="Standard 2", exact=True).dblclick(delay=40)
    phone.wait_for_selector(".mnb-cards:not([data-settling])")
    # A moment later the builder completes the next card: it counts.
    phone.get_by_role("button", name="Red hand 1", exact=True).click()
    phone.wait_for_function("() => document.querySelectorAll('.mnb-played li').length >= 2")
    phone.wait_for_selector(".mnb-played li.red-hand")
    assert cards_on_the_server(live_server, code) == [("standard", 2), ("red-hand", 1)]


def test_a_double_tap_on_a_wuerfelspiel_card_counts_one_card(phone, live_server):
    code = new_table(live_server, "wuerfelspiel", NAMES, stopper="person")
    for _ in range(10):
        post_event(live_server, code, "stopper", {"face": 3})
    phone.goto(f"/#/table/{code}")
    phone.wait_for_selector(".live[data-state=live]")
    phone.get_by_role("button", name="Card 2", exact=True).dblclick(delay=40)
    phone.wait_for_selector(".ws-points:not([data-settling])")
    phone.get_by_role("button", name="Card 1", exact=True).click()
    phone.wait_for_function("() => document.querySelectorAll('.ws-cards .mnb-played li').length >= 2")
    phone.wait_for_function("() => /1/.test(document.querySelector('.ws-cards .mnb-played li:last-child').textContent)")
    assert cards_on_the_server(live_server, code) == [("standard", 2), ("standard", 1)]


@pytest.mark.parametrize("game", ["make-n-break", "wuerfelspiel"])
def test_the_timer_card_goes_when_the_game_is_over(phone, live_server, game):
    """After "Game over" there is nothing left to time (issue 24): the timer card goes, Play again comes first."""
    code = new_table(live_server, game, NAMES[:2], **({"rounds": 1} if game == "make-n-break" else
                                                          {"turns_each": 1, "stopper": "person"}))
    for builder in (0, 1):
        if game == "make-n-break":
            post_event(live_server, code, "die", {"face": 1, "builder": builder})
        else:
            for _ in range(10):
                post_event(live_server, code, "stopper", {"face": 3})
        post_event(live_server, code, "card", {"kind": "standard", "points": 2 + builder, "builder": builder})
        post_event(live_server, code, "end_turn", {"builder": builder})
    phone.goto(f"/#/table/{code}")
    phone.wait_for_selector(".after-game:not([hidden]) .play-again")
    assert phone.locator(".table-screen.finished").count() == 1
    assert phone.locator(".timer").is_hidden()


def test_a_phone_that_missed_the_end_of_a_turn_is_told_whose_turn_it_is_now(phone, live_server):
    """On Ben's own phone the refusal read "It is Ben's turn to build", as if he were wrong (issue 24)."""
    code = new_table(live_server, "make-n-break", NAMES)
    post_event(live_server, code, "die", {"face": 2, "builder": 0})
    held = []  # this phone's event stream, held: it does not hear Ann's turn end
    phone.context.route("**/stream?*", lambda route: held.append(route))
    phone.expected_errors.append("status of 422")
    phone.goto(f"/#/table/{code}")
    phone.wait_for_selector(".mnb-build:not([hidden])")
    post_event(live_server, code, "end_turn", {"builder": 0})
    phone.get_by_role("button", name="Standard 2", exact=True).click()
    toast = phone.locator(".toast")
    toast.filter(has_text="turn").wait_for()
    assert toast.inner_text() == "Ann's turn is over: it is Ben's turn to build now."
