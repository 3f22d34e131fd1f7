"""Bresk! on phones: the word judge (online and offline), grids on two phones, the dice flow."""

import uuid

import pytest
import requests
from screens import SLID_IN, controlled_by_the_worker, new_table, open_table, post_event, wait_for_seq

pytestmark = pytest.mark.browser

OFFLINE_ERRORS = ["ERR_INTERNET_DISCONNECTED", "ERR_NETWORK_CHANGED", "Failed to fetch"]

# The rulebook's examples: BAND THE scores 7 and NINEHAT 0; CAFÉ across shares its E with VEST down.
ANN = ["BAND#THE", "########", "NINEHAT#", "########", "########", "########", "########", "########"]
NAMES = ("Ann", "Ben")
BEN = ["###V####", "CAFÉ####", "###S####", "###T####", "########", "########", "########", "########"]



# --- the word judge ---------------------------------------------------------------------------


def judge(page, words):
    page.fill("#judge-input", words)
    page.get_by_role("button", name="Judge", exact=True).click()
    page.wait_for_selector(".verdict:not([hidden])")
    overlay = page.locator(".verdict")
    return overlay.get_attribute("data-valid"), overlay.inner_text()


def done(page):
    page.get_by_role("button", name="Done").click()
    page.wait_for_selector(".verdict", state="hidden")


def test_judge_screen_online_then_offline(phone, shots):
    phone.goto("/#/judge")
    phone.wait_for_selector(".lexicon-status")
    phone.screenshot(path=shots / "judge.png")
    # A first visit saves the word list for offline use, in the background, showing its progress.
    phone.wait_for_selector(".lexicon-status[data-state=ready]", timeout=30_000)
    assert "words saved on this phone" in phone.locator(".lexicon-status").inner_text()
    assert phone.locator(".lexicon-name").inner_text() == "Judged by the everyday list"

    valid, text = judge(phone, "café, band")
    assert valid == "true"
    assert "✓" in text and "Valid" in text and "2 words · in the everyday list" in text
    assert "judged offline" not in text
    phone.wait_for_function(SLID_IN)  # the verdict's fade-in
    phone.screenshot(path=shots / "judge-valid.png")
    done(phone)
    assert phone.input_value("#judge-input") == ""

    valid, text = judge(phone, "band ninehat vest")
    assert valid == "false"
    assert "✗" in text and "Not valid" in text
    assert "NINEHAT" not in text.upper() and "BAND" not in text.upper()  # which one failed stays secret
    # Still there for a moment, then cleared so the next person cannot read it.
    assert phone.input_value("#judge-input") == "band ninehat vest"
    phone.wait_for_function("() => document.querySelector('#judge-input').value === ''", timeout=6000)
    phone.screenshot(path=shots / "judge-not-valid.png")  # by now long faded in
    phone.get_by_role("button", name="Which one?").click()
    phone.wait_for_selector(".verdict-reveal:not([hidden])")
    reveal = phone.locator(".verdict-reveal").inner_text()
    assert "NINEHAT — not in the everyday list" in reveal and "BAND — valid in the everyday list" in reveal
    done(phone)

    # Proper nouns and abbreviations: the server knows them (online), and whether the other list takes them.
    valid, text = judge(phone, "paris asap za")
    assert valid == "false" and "3 words · by the everyday list" in text
    phone.get_by_role("button", name="Which one?").click()
    phone.wait_for_selector(".verdict-reveal:not([hidden])")
    reveal = phone.locator(".verdict-reveal").inner_text()
    assert "PARIS — not in the everyday list (a proper noun); valid in the word-game list" in reveal
    assert "ASAP — not in the everyday list (an abbreviation)\n" in reveal + "\n"
    assert "ZA — not in the everyday list (an abbreviation); valid in the word-game list" in reveal
    phone.screenshot(path=shots / "judge-reveal.png")
    done(phone)

    # The network goes: the list saved on the phone judges, and says so.
    phone.expected_errors += OFFLINE_ERRORS
    phone.context.set_offline(True)
    try:
        valid, text = judge(phone, "Vest")
        assert valid == "true" and "judged offline" in text
        done(phone)
        valid, text = judge(phone, "vest qzxv")
        assert valid == "false" and "judged offline" in text and "QZXV" not in text
        phone.get_by_role("button", name="Which one?").click()
        assert "QZXV — not in the everyday list" in phone.locator(".verdict-reveal").inner_text()
        done(phone)
        valid, _ = judge(phone, "x-ray don't")
        assert valid == "false"
        phone.get_by_role("button", name="Which one?").click()
        reveal = phone.locator(".verdict-reveal").inner_text()
        assert "X-RAY — not letters: only A to Z count" in reveal
        assert "DON'T — not in the everyday list (a contraction)" in reveal
        done(phone)
    finally:
        phone.context.set_offline(False)


def test_judge_works_after_an_offline_reload(phone):
    phone.goto("/#/judge")
    phone.wait_for_selector(".lexicon-status[data-state=ready]", timeout=30_000)
    controlled_by_the_worker(phone)
    phone.wait_for_selector(".lexicon-status[data-state=ready]")
    phone.expected_errors += OFFLINE_ERRORS
    phone.context.set_offline(True)
    try:
        phone.reload()
        # The list comes from the phone's storage; its name too.
        phone.wait_for_selector(".lexicon-status[data-state=ready]")
        assert "everyday list" in phone.locator(".lexicon-name").inner_text()
        valid, text = judge(phone, "jumped finches")
        assert valid == "true" and "judged offline" in text
    finally:
        phone.context.set_offline(False)


def test_judge_with_the_word_game_list_online_and_offline(phone, shots):
    phone.goto("/#/judge")
    phone.wait_for_selector(".lexicon-status[data-state=ready]", timeout=30_000)  # the everyday list
    phone.select_option("#judge-list", "en-wordgame")
    phone.wait_for_selector(".lexicon-status[data-state=ready]", timeout=30_000)
    assert phone.locator(".lexicon-name").inner_text() == "Judged by the word-game list"
    assert "273,055 words saved on this phone" in phone.locator(".lexicon-status").inner_text()

    valid, text = judge(phone, "qi za xu")
    assert valid == "true" and "3 words · in the word-game list" in text and "judged offline" not in text
    done(phone)

    controlled_by_the_worker(phone)
    phone.wait_for_selector(".lexicon-status[data-state=ready]")
    phone.expected_errors += OFFLINE_ERRORS
    phone.context.set_offline(True)
    try:
        phone.reload()  # the choice is kept, and the list comes from the phone's storage
        phone.wait_for_selector(".lexicon-status[data-state=ready]")
        assert phone.input_value("#judge-list") == "en-wordgame"
        valid, text = judge(phone, "qi za")
        assert valid == "true" and "in the word-game list · judged offline" in text
        done(phone)
        valid, text = judge(phone, "xu arse")
        assert valid == "false" and "judged offline" in text
        phone.get_by_role("button", name="Which one?").click()
        reveal = phone.locator(".verdict-reveal").inner_text()
        assert "XU — valid in the word-game list" in reveal
        assert "ARSE — not in the word-game list" in reveal
        phone.screenshot(path=shots / "judge-word-game-offline.png")
        done(phone)
    finally:
        phone.context.set_offline(False)


# --- grids on two phones ------------------------------------------------------------------------


def type_grid(page, rows):
    page.locator(".bresk-entry input.cell").first.click()
    for row in rows:
        page.keyboard.type(row)


def grid_letters(page, selector=".bresk-entry .cell"):
    return page.eval_on_selector_all(selector, "els => els.map(e => e.value ?? e.textContent).join('')")


def final_table(page):
    page.wait_for_selector(".bresk-final:not([hidden]) .bresk-results")
    return page.eval_on_selector_all(
        ".bresk-results tbody tr",
        "rows => rows.map(r => [...r.children].map(c => c.textContent.replace(' ★', '')))")


def expected_rows(result):
    rows = []
    for p in result["players"]:
        b = p["bonuses"]
        rows.append([p["name"], str(sum(p["row_totals"])), str(sum(p["column_totals"])),
                     f"+{b['longest_word']}" if b["longest_word"] else "–",
                     f"+{b['most_words']}" if b["most_words"] else "–", str(p["total"])])
    return rows


def test_two_phones_enter_grids_hand_in_and_see_the_same_result(phone, second_phone, live_server, shots):
    code = new_table(live_server, "bresk", NAMES, hand_in_early=True, live_word_marking=True)
    open_table(phone, code, bresk_seat="Ann")
    open_table(second_phone, code, bresk_seat="Ben")
    for page in (phone, second_phone):
        assert page.locator(".bresk-left").inner_text() == "64 of 64 squares left"
        page.wait_for_selector(".bresk-word-note:empty", state="attached", timeout=30_000)  # word list loaded

    type_grid(phone, ANN[:3])
    # Live: BAND and THE light up, NINEHAT does not; the margins add up the row.
    phone.wait_for_function("() => document.querySelectorAll('.bresk-entry .cell.across-valid').length === 7")
    assert phone.locator(".bresk-entry .cell.across-bad").count() == 7  # NINEHAT
    assert phone.locator(".bresk-entry .row-total").all_inner_texts()[:3] == ["7", "0", "0"]
    assert phone.locator(".bresk-entry .grand-total").inner_text() == "7"
    # Backspace steps back and clears; the arrows move.
    phone.keyboard.press("X")
    phone.keyboard.press("Backspace")
    phone.keyboard.press("ArrowUp")
    phone.keyboard.press("ArrowUp")
    phone.keyboard.press("ArrowUp")
    focused = phone.evaluate("document.activeElement.dataset.i")
    assert focused == "0"  # from row 4's first square, up three rows
    assert grid_letters(phone)[:24] == "BAND●THE●●●●●●●●NINEHAT●"
    assert grid_letters(phone)[24:] == ""

    # A reload loses nothing: the draft is kept on the phone.
    phone.reload()
    phone.wait_for_selector(".live[data-state=live]")
    phone.wait_for_function("() => document.querySelectorAll('.bresk-entry .cell.across-valid').length === 7")
    assert phone.locator(".bresk-seat[aria-pressed=true]").inner_text().startswith("Ann")

    type_grid(second_phone, BEN[:4])
    second_phone.wait_for_function("() => document.querySelector('.bresk-entry .grand-total').textContent === '8'")
    assert grid_letters(second_phone)[8:16] == "CAFE●●●●"
    second_phone.screenshot(path=shots / "bresk-grid-entry.png", full_page=True)

    assert "empty squares count as spaces" in phone.locator(".bresk-hand-in-why").inner_text()
    phone.get_by_role("button", name="Hand in my grid").click()
    phone.wait_for_function("() => document.querySelector('.bresk-hand-in-why').textContent.includes('Waiting for')")
    assert phone.locator(".bresk-hand-in-why").inner_text() == "Handed in. Waiting for Ben."
    assert phone.get_by_role("button", name="Hand in my grid").is_disabled()
    second_phone.get_by_role("button", name="Hand in my grid").click()
    second_phone.wait_for_selector(".bresk-final:not([hidden])")
    assert "Words judged by the everyday list." in second_phone.locator(".bresk-final .meta").inner_text()

    table = requests.get(f"{live_server.url}/api/tables/{code}", timeout=10).json()
    result = table["result"]
    assert result["finished"] and result["winners"] == ["Ben"]
    assert table["state"]["hand_ins"] == [ANN, [r.replace("É", "E") for r in BEN]]
    sheet = {"lexicon": "en", "players": [{"name": "Ann", "grid": ANN}, {"name": "Ben", "grid": BEN}]}
    scored = requests.post(f"{live_server.url}/api/games/bresk/score", json=sheet, timeout=10).json()
    assert [p["total"] for p in scored["players"]] == [p["total"] for p in result["players"]] == [15, 16]

    expected = expected_rows(result)
    # Ann: BAND + THE across (NINEHAT is no word); Ben: CAFE across, VEST down. Both have a
    # 4-letter word (+5) and two words (+3).
    assert expected == [["Ann", "7", "0", "+5", "+3", "15"], ["Ben", "4", "4", "+5", "+3", "16"]]
    for page in (phone, second_phone):
        assert final_table(page) == expected
        assert page.locator(".bresk-winners").inner_text() == "Winner: Ben"
        assert page.locator(".bresk-entry").is_hidden()

    # Tap a player: their grid with every word marked; tap a word: why it scored or not.
    second_phone.locator(".bresk-player", has_text="Ann").click()
    detail = second_phone.locator(".bresk-player-detail")
    detail.locator(".bresk-word", has_text="NINEHAT").click()
    assert detail.locator(".bresk-why").inner_text() == "NINEHAT — not a word, 0 points"
    detail.locator(".bresk-word", has_text="BAND").click()
    assert detail.locator(".bresk-why").inner_text() == "BAND — valid, 4 points"
    assert detail.locator(".cell.picked").count() == 4
    phone.locator(".bresk-player", has_text="Ben").click()
    phone.locator(".bresk-player-detail .bresk-word", has_text="CAFE").click()
    assert phone.locator(".bresk-player-detail .bresk-why").inner_text() == "CAFE — valid, 4 points"
    # Tapping the shared E shows both words through it.
    phone.locator(".bresk-player-detail .cell[data-i='11']").click()
    assert phone.locator(".bresk-player-detail .bresk-why").inner_text().splitlines() == [
        "CAFE — valid, 4 points", "VEST — valid, 4 points"]
    assert phone.locator(".bresk-player-detail .row-total").all_inner_texts()[:2] == ["0", "4"]
    # The picked words' meanings, asked only when tapped.
    phone.get_by_role("button", name="What does it mean?").click()
    phone.wait_for_selector(".bresk-meanings .meaning-senses li")
    meanings = phone.locator(".bresk-meanings").inner_text()
    assert "CAFE" in meanings and "noun — a small restaurant" in meanings and "VEST" in meanings
    phone.screenshot(path=shots / "bresk-final.png", full_page=True)


def roll_and_wait(page, live_server, code, button):
    """Tap a roll button; the face the server rolled, once the log has it."""
    url = f"{live_server.url}/api/tables/{code}/events"
    before = len(requests.get(url, timeout=10).json()["events"])
    page.get_by_role("button", name=button).click()
    for _ in range(100):
        events = requests.get(url, timeout=10).json()["events"]
        if len(events) > before:
            return events[-1]["data"]["results"][0]["face"]
        page.wait_for_timeout(50)
    raise AssertionError(f"{button}: no roll reached the server")


def test_rolls_through_the_ui_keep_the_counter_right(phone, second_phone, live_server, shots):
    code = new_table(live_server, "bresk", NAMES)
    open_table(phone, code, bresk_seat="Ann")
    second_phone.goto(f"/#/table/{code}")
    second_phone.wait_for_selector(".live[data-state=live]")
    # Without hand_in_early, handing in waits for all 64 squares, and says so.
    assert phone.get_by_role("button", name="Hand in my grid").is_disabled()
    assert "64 still to place" in phone.locator(".bresk-hand-in-why").inner_text()
    assert phone.locator(".bresk-ask-big").inner_text() == "Roll the Bresk die"

    placed = 0
    seen_bresk = False
    for turn in range(8):
        face = roll_and_wait(phone, live_server, code, "Roll the Bresk die")
        if face == "BRESK":
            seen_bresk = True
            phone.wait_for_function("() => document.querySelector('.bresk-ask-big').textContent === 'BRESK!'")
            # Now the alphabet die is the one to roll, and the Bresk die is not offered.
            assert phone.get_by_role("button", name="Roll the alphabet die").count() == 1
            assert phone.get_by_role("button", name="Roll the Bresk die").count() == 0
            second_phone.wait_for_function("() => document.querySelector('.bresk-ask-big').textContent === 'BRESK!'")
            letter = roll_and_wait(second_phone, live_server, code, "Roll the alphabet die")
            want = "Everyone writes a space ●" if letter == "#" else f"Everyone writes {letter}"
            phone.wait_for_function(f"() => document.querySelector('.bresk-ask-big').textContent === '{want}'")
            placed += 1
        elif face == 0:
            phone.wait_for_function("() => document.querySelector('.bresk-ask-big').textContent === '0 — turn over'")
        else:
            want = f"Write {face} {'letter or space' if face == 1 else 'letters or spaces'}"
            phone.wait_for_function(f"() => document.querySelector('.bresk-ask-big').textContent === '{want}'")
            placed += face
        for page in (phone, second_phone):
            page.wait_for_function(
                f"() => document.querySelector('.bresk-left').textContent === '{64 - placed} of 64 squares left'")
        roller = ["Ann", "Ben"][(turn + 1) % 2]
        assert phone.locator(".bresk-next").inner_text() == f"Next: {roller} rolls the Bresk die."
    state = requests.get(f"{live_server.url}/api/tables/{code}", timeout=10).json()["state"]
    assert state["placements"] == placed and state["placements_left"] == 64 - placed
    assert f"{64 - placed} still to place" in phone.locator(".bresk-hand-in-why").inner_text()
    phone.screenshot(path=shots / "bresk-rolls.png", full_page=True)
    print("saw a BRESK face:", seen_bresk)


def test_a_tap_on_a_roll_button_holds_while_another_phone_changes_the_table(phone, live_server):
    """A finger is down on "Roll the Bresk die" when another phone's change arrives (Ben takes his seat there):
    the button stays the one under the finger, and the roll is made."""
    code = new_table(live_server, "bresk", NAMES)
    open_table(phone, code, bresk_seat="Ann")
    seq = int(phone.locator(".table-screen").get_attribute("data-seq"))
    phone.get_by_role("button", name="Roll the Bresk die").hover()
    phone.mouse.down()
    post_event(live_server, code, "claim_seat", {"seat": 1, "device": str(uuid.uuid4())})  # Ben's phone
    wait_for_seq(phone, seq + 1)
    phone.mouse.up()
    wait_for_seq(phone, seq + 2)
    events = requests.get(f"{live_server.url}/api/tables/{code}/events", timeout=10).json()
    assert [e["type"] for e in events["events"]][-2:] == ["claim_seat", "roll"]


def test_a_challenge_at_the_table_lands_in_its_log(phone, second_phone, live_server, shots):
    code = new_table(live_server, "bresk", NAMES)
    open_table(phone, code, bresk_seat="Ben")
    second_phone.goto(f"/#/table/{code}")
    second_phone.wait_for_selector(".live[data-state=live]")
    phone.get_by_role("button", name="Challenge a word").click()
    dialog = phone.locator("dialog.judge-dialog")
    assert dialog.locator("#judge-by").input_value() == "1"  # "I am Ben" is the default challenger
    dialog.locator("#judge-input").fill("vest zzxq")
    dialog.get_by_role("button", name="Judge", exact=True).click()
    phone.wait_for_selector(".verdict[data-valid=false]:not([hidden])")
    phone.wait_for_function(SLID_IN)  # the verdict's fade-in
    phone.screenshot(path=shots / "bresk-challenge.png")
    assert "ZZXQ" not in phone.locator(".verdict").inner_text().upper()
    phone.get_by_role("button", name="Done").click()
    dialog.get_by_role("button", name="Close").click()
    challenges = requests.get(f"{live_server.url}/api/tables/{code}", timeout=10).json()["challenges"]
    assert [(c["words"], c["by"], c["valid"]) for c in challenges] == [(["vest", "zzxq"], 1, False)]
    for page in (phone, second_phone):
        page.wait_for_selector(".bresk-challenges li.bad")
        assert page.locator(".bresk-challenges li").first.inner_text() == (
            "✗ VEST, ZZXQ — not valid in the everyday list · challenged by Ben")
    second_phone.locator(".bresk-challenges").scroll_into_view_if_needed()
    second_phone.screenshot(path=shots / "bresk-challenge-log.png")


# --- what the dice force (issue 12) -------------------------------------------------------------


def roll_until_a_letter_is_forced(live_server, code):
    """Roll through the API until the alphabet die has forced a letter; the letters and spaces it forced."""
    table = f"{live_server.url}/api/tables/{code}"

    def state():
        return requests.get(table, timeout=10).json()["state"]

    def roll(die):
        body = {"id": str(uuid.uuid4()), "type": "roll", "data": {"dice": [die]}}
        response = requests.post(f"{table}/events", json=body, timeout=10)
        assert response.status_code == 201, response.text

    for _ in range(60):
        now = state()
        if any(x != "#" for x in now["letters_rolled"]):
            if now["placements"] < 60:  # one more roll, so only the reminder is left of "Everyone writes …"
                roll("bresk")
                if state()["alphabet_pending"]:
                    roll("alphabet")
            return state()["letters_rolled"]
        roll("alphabet" if now["alphabet_pending"] else "bresk")
    raise AssertionError("the alphabet die never forced a letter")


@pytest.mark.parametrize("size", [(390, 844), (360, 640)])
def test_a_forced_letter_stays_on_every_phone_until_used(phone, second_phone, live_server, shots, size):
    code = new_table(live_server, "bresk", NAMES, hand_in_early=True)  # live word marking: off, as by default
    for page in (phone, second_phone):
        page.set_viewport_size({"width": size[0], "height": size[1]})
    open_table(phone, code, bresk_seat="Ann")
    open_table(second_phone, code, bresk_seat="Ben")
    forced = roll_until_a_letter_is_forced(live_server, code)
    placements = requests.get(f"{live_server.url}/api/tables/{code}", timeout=10).json()["state"]["placements"]
    shown = " ".join("●" if x == "#" else x for x in forced)
    for page in (phone, second_phone):
        page.wait_for_selector(f".bresk-left[data-left='{64 - placements}']")  # every roll has arrived
        page.wait_for_selector(".bresk-forced:not([hidden])")
        assert page.locator(".bresk-forced-letters").inner_text().split() == shown.split()
        assert page.get_by_role("button", name="Hand in my grid").is_disabled()
    letter = next(x for x in forced if x != "#")
    assert f"Write {letter} in your grid" in second_phone.locator(".bresk-hand-in-why").inner_text()
    second_phone.screenshot(path=shots / f"bresk-forced-{size[0]}.png")

    # Ann writes what the die forced: her reminder goes, Ben's stays.
    type_grid(phone, ["".join(forced)])
    phone.wait_for_selector(".bresk-forced", state="hidden")
    letters = sum(1 for x in forced if x != "#")
    assert phone.locator(".bresk-count").inner_text() == (
        f"The dice have given {placements} {'square' if placements == 1 else 'squares'}; you have written {letters} "
        f"{'letter' if letters == 1 else 'letters'}.")
    assert second_phone.locator(".bresk-forced").is_visible()
    # No dictionary while writing: no word is marked and the margins stay empty.
    assert phone.locator(".bresk-entry .cell.across-valid, .bresk-entry .cell.across-bad").count() == 0
    assert set(phone.locator(".bresk-entry .row-total").all_inner_texts()) == {""}
    assert "only at scoring" in phone.locator(".bresk-marking").inner_text()
    phone.screenshot(path=shots / f"bresk-forced-used-{size[0]}.png")
    assert phone.evaluate("document.documentElement.scrollWidth") <= size[0]
    phone.get_by_role("button", name="Hand in my grid").click()
    phone.wait_for_function("() => document.querySelector('.bresk-hand-in-why').textContent.includes('Waiting for')")


def test_the_last_roll_asks_for_its_letters_before_the_hand_in(phone, live_server):
    """At the last roll the card said "Write 3 letters or spaces" and "All squares are placed: hand in your
    grids" at once (issue 24): the letters come first."""
    code = new_table(live_server, "bresk", NAMES)
    table = f"{live_server.url}/api/tables/{code}"
    for _ in range(200):  # every roll places 0 to 3 squares or a letter: bounded, however the dice fall
        state = requests.get(table, timeout=10).json()["state"]
        if state["placements"] >= 64 and not state["alphabet_pending"]:
            break
        body = {"id": str(uuid.uuid4()), "type": "roll", "data": {"dice": ["alphabet" if state["alphabet_pending"]
                                                                           else "bresk"]}}
        assert requests.post(f"{table}/events", json=body, timeout=10).status_code == 201
    assert state["requires"]["kind"] in ("choose", "letter", "space")  # the roll that placed the last squares
    phone.goto(f"/#/table/{code}")
    phone.wait_for_selector(".live[data-state=live]")
    assert phone.locator(".bresk-ask-big").inner_text().startswith(("Write", "Everyone writes"))
    assert phone.locator(".bresk-next").inner_text() == "That was the last roll: write it in, then hand in your grid."
