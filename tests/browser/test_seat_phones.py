"""A seat belongs to a phone (issue 24): two phones tap the same seat, the second is asked, the first is told,
and every grid ends up under its own player; one phone can still hand in for a player on another phone."""

import uuid

import pytest
import requests
from screens import new_table, open_table, phone_page, post_event, serious_violations, with_axe

pytestmark = pytest.mark.browser

ANNA = ["BAND#THE", "########", "########", "########", "########", "########", "########", "########"]
BEN = ["###V####", "CAFE####", "###S####", "###T####", "########", "########", "########", "########"]
# Every call to navigator.vibrate, kept where the test can read it (headless Chromium has no motor).
VIBRATIONS = "navigator.vibrate = (pattern) => { (window.vibrations ||= []).push(pattern); return true; };"


def table(live_server, code):
    return requests.get(f"{live_server.url}/api/tables/{code}", timeout=10).json()


def seat(page, name):
    return page.locator(".bresk-seat", has_text=name)


def type_grid(page, rows):
    page.locator(".bresk-entry input.cell").first.click()
    for row in rows:
        page.keyboard.type(row)


def test_two_phones_tap_the_same_seat_the_second_is_asked_the_first_is_told(phone, second_phone, live_server,
                                                                           shots):
    code = new_table(live_server, "bresk", hand_in_early=True)
    for page in (phone, second_phone):
        page.context.add_init_script(VIBRATIONS)
    open_table(phone, code, ".bresk-seat")
    open_table(second_phone, code, ".bresk-seat")

    # Anna's phone taps Ben by mistake; every phone sees Ben is on a phone.
    seat(phone, "Ben").click()
    phone.wait_for_selector(".bresk-seat[aria-pressed=true]:has-text('Ben · this phone')")
    second_phone.wait_for_selector(".bresk-seat[data-held=elsewhere]:has-text('Ben · on a phone')")
    assert table(live_server, code)["claims"][0] is None

    # Ben's phone taps Ben: it is asked, and nothing changes until it answers.
    seat(second_phone, "Ben").click()
    dialog = second_phone.get_by_role("dialog", name="Ben is on another phone — take over?")
    dialog.wait_for()
    assert "The other phone goes back to choosing a seat." in dialog.inner_text()
    second_phone.screenshot(path=shots / "seats-take-over-question.png")
    dialog.get_by_role("button", name="Take over").click()
    second_phone.wait_for_selector(".bresk-seat[aria-pressed=true]:has-text('Ben · this phone')")

    # Anna's phone is told, drops back to choosing, and cannot hand in until it has.
    note = phone.locator(".bresk-who .seat-note")
    note.filter(has_text="Another phone took over Ben's seat. Choose your seat again.").wait_for()
    assert phone.locator(".bresk-seat[aria-pressed=true]").count() == 0
    assert phone.get_by_role("button", name="Hand in my grid").is_disabled()
    assert "Pick who you are" in phone.locator(".bresk-hand-in-why").inner_text()
    phone.screenshot(path=shots / "seats-taken-over.png")

    seat(phone, "Anna").click()
    phone.wait_for_selector(".bresk-seat[aria-pressed=true]:has-text('Anna · this phone')")
    phone.wait_for_function("() => document.querySelector('.seat-note').textContent === ''")
    # Anna rolls first: her phone says so (and vibrates), Ben's does not.
    phone.get_by_role("status").filter(has_text="Your turn, Anna").wait_for()
    assert phone.evaluate("window.vibrations") == [200]
    assert second_phone.locator(".your-turn").is_hidden()

    type_grid(phone, ANNA[:1])
    type_grid(second_phone, BEN[:4])
    phone.get_by_role("button", name="Hand in my grid").click()
    phone.wait_for_function("() => document.querySelector('.bresk-hand-in-why').textContent.includes('Waiting for')")
    second_phone.get_by_role("button", name="Hand in my grid").click()
    for page in (phone, second_phone):
        page.wait_for_selector(".bresk-final:not([hidden]) .bresk-results")
        assert page.locator(".bresk-winners").inner_text() == "Winner: Ben"

    # Each grid under its own player.
    final = table(live_server, code)
    assert final["state"]["hand_ins"] == [ANNA, BEN]
    assert [c["device"] for c in final["claims"]] == [
        phone.evaluate("localStorage.getItem('device-id')"), second_phone.evaluate("localStorage.getItem('device-id')")]
    phone.locator(".bresk-player", has_text="Anna").click()
    assert phone.locator(".bresk-player-detail h3").inner_text().startswith("Anna")
    assert "BAND" in phone.locator(".bresk-player-detail .bresk-words").inner_text()


def test_a_tap_on_a_seat_holds_while_another_phone_takes_its_own(phone, live_server):
    """Four friends join at once: a finger is down on "Ben" when another phone takes Anna's seat (her button now
    says "on a phone"); Ben's button stays the one under the finger, and the seat is Ben's."""
    code = new_table(live_server, "bresk", hand_in_early=True)
    open_table(phone, code, ".bresk-seat")
    seat(phone, "Ben").hover()
    phone.mouse.down()
    post_event(live_server, code, "claim_seat", {"seat": 0, "device": str(uuid.uuid4())})  # Anna's phone
    phone.wait_for_selector(".bresk-seat[data-held=elsewhere]")
    phone.mouse.up()
    phone.wait_for_selector(".bresk-seat[data-held=here]:has-text('Ben')")
    assert [bool(c) for c in table(live_server, code)["claims"]][:2] == [True, True]


def test_one_phone_hands_in_for_a_player_on_another_phone_once_confirmed(phone, second_phone, live_server):
    code = new_table(live_server, "bresk", hand_in_early=True)
    open_table(phone, code, ".bresk-seat")
    open_table(second_phone, code, ".bresk-seat")
    seat(phone, "Anna").click()
    phone.wait_for_selector(".bresk-seat[aria-pressed=true]:has-text('Anna')")
    seat(second_phone, "Ben").click()
    second_phone.wait_for_selector(".bresk-seat[aria-pressed=true]:has-text('Ben')")
    second_phone.wait_for_selector(".bresk-seat[data-held=elsewhere]:has-text('Anna')")

    # Anna's battery is low: Ben's phone enters her card, without taking her seat.
    seat(second_phone, "Anna").click()
    dialog = second_phone.get_by_role("dialog", name="Anna is on another phone — take over?")
    dialog.get_by_role("button", name="Hand in for Anna").click()
    type_grid(second_phone, ANNA[:1])
    button = second_phone.get_by_role("button", name="Hand in for Anna")
    button.click()
    phone.wait_for_selector(".bresk-seat:has-text('Anna') .bresk-done")
    state = table(live_server, code)
    assert state["state"]["hand_ins"][0] == ANNA and state["state"]["hand_ins"][1] is None
    assert state["claims"][0]["device"] == phone.evaluate("localStorage.getItem('device-id')")  # still Anna's
    # Anna's own phone shows her grid as handed in.
    phone.wait_for_function("() => document.querySelector('.bresk-entry-title').textContent === 'My grid (handed in)'")


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", [(360, 640), (390, 844)])
def test_the_seat_screens_pass_axe(browser, live_server, shots, scheme, size):
    code = new_table(live_server, "bresk", hand_in_early=True)
    other = requests.post(f"{live_server.url}/api/tables/{code}/events", timeout=10, json={
        "id": "0b6f6c62-3c1e-4f57-8d0e-5c1f9a3b2e11", "type": "claim_seat",
        "data": {"seat": 1, "device": "another-phone-1"}})
    assert other.status_code == 201
    page = phone_page(browser, live_server, {"width": size[0], "height": size[1]}, scheme)
    context = page.context
    try:
        open_table(page, code, ".bresk-seat")
        seat(page, "Anna").click()
        page.get_by_role("status").filter(has_text="Your turn, Anna").wait_for()
        page.wait_for_selector(".bresk-seat[data-held=elsewhere]")
        problems = {"seats": serious_violations(page)}
        page.screenshot(path=shots / f"seats-{scheme}-{size[0]}.png")
        seat(page, "Ben").click()
        page.get_by_role("dialog").wait_for()
        problems["question"] = serious_violations(page)
        page.screenshot(path=shots / f"seats-question-{scheme}-{size[0]}.png")
        page.get_by_role("button", name="Cancel").click()
        page.get_by_role("dialog").wait_for(state="detached")
        # Taken over by the other phone: the note.
        requests.post(f"{live_server.url}/api/tables/{code}/events", timeout=10, json={
            "id": "6d0c1c0e-8f7a-4a53-a7a2-0b7f5e2d9c31", "type": "claim_seat",
            "data": {"seat": 0, "device": "another-phone-2", "take_over": True}})
        page.locator(".seat-note", has_text="Another phone took over").wait_for()
        problems["taken over"] = serious_violations(page)
        page.screenshot(path=shots / f"seats-taken-over-{scheme}-{size[0]}.png")
    finally:
        context.close()
    assert not any(problems.values()), problems


def test_the_builders_and_the_stoppers_phones_say_so(phone, second_phone, live_server, shots):
    """Every game with turns: the builder's phone says "Your turn", the Würfelspiel stopper's phone that it rolls."""
    body = {"game": "wuerfelspiel", "seats": [{"name": n} for n in ("Anna", "Ben", "Cy")],
            "options": {"stopper": "person"}}
    code = requests.post(f"{live_server.url}/api/tables", json=body, timeout=10).json()["code"]
    phone.context.add_init_script(VIBRATIONS)
    with_axe(second_phone.context)
    for page, name in ((phone, "Anna"), (second_phone, "Cy")):
        page.goto(f"/#/table/{code}")
        page.wait_for_selector(".live[data-state=live]")
        page.get_by_role("group", name="Who plays on this phone?").get_by_role("button", name=name).click()
        page.wait_for_selector(f".seat-pick[aria-pressed=true]:has-text('{name} · this phone')")
    phone.get_by_role("status").filter(has_text="Your turn, Anna").wait_for()
    second_phone.get_by_role("status").filter(has_text="You roll the yellow die, Cy: tap what it shows").wait_for()
    assert phone.evaluate("window.vibrations") == [200]
    second_phone.screenshot(path=shots / "seats-stopper.png", full_page=True)
    assert serious_violations(second_phone) == []
    # Ann's turn ends: Ben builds, Anna stops; Anna's phone says so, Cy's says nothing.
    for _ in range(10):
        requests.post(f"{live_server.url}/api/tables/{code}/events", timeout=10,
                      json={"id": str(uuid.uuid4()), "type": "stopper", "data": {"face": 3}})
    requests.post(f"{live_server.url}/api/tables/{code}/events", timeout=10,
                  json={"id": str(uuid.uuid4()), "type": "end_turn", "data": {"builder": 0}})
    phone.get_by_role("status").filter(has_text="You roll the yellow die, Anna").wait_for()
    second_phone.wait_for_selector(".your-turn", state="hidden")
