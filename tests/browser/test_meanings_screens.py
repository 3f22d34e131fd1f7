""""What does it mean?" after a ruling, on a 360×640 phone: at a Bresk! table's challenge (English)
and in the judge (German). The verdict never waits for the meanings: the phone asks for them only
when tapped (the request is held here until the verdict has been seen), and offline it says they
need the connection. Senses stay English; labels follow the phone's language."""

import pytest
import requests
from screens import SLID_IN, missing_values, open_table, serious_violations, wait_until, with_axe

pytestmark = pytest.mark.browser

SMALL = {"width": 360, "height": 640}
MEANINGS = "**/api/lexicons/*/meanings*"
OFFLINE_ERRORS = ["ERR_INTERNET_DISCONNECTED", "ERR_NETWORK_CHANGED", "Failed to fetch"]


@pytest.fixture
def small_phone(browser, live_server):
    """A 360×640 phone without the service worker. These tests hold the meanings request at the route, and with
    the worker in control of the page the request twice went out unseen by Playwright's interception in a full run
    (the test waited 15 s for it), the second time after /api/* had been given a network route in the worker.
    Playwright's docs suggest blocking service workers for predictable tests; nothing here needs one: the verdicts
    come from the word list the phone keeps in IndexedDB."""
    opened = []

    def open_one(locale="en-GB"):
        context = with_axe(browser.new_context(base_url=live_server.url, viewport=SMALL, device_scale_factor=2,
                                               is_mobile=True, has_touch=True, locale=locale,
                                               service_workers="block"))
        page = context.new_page()
        errors = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        opened.append((context, errors))
        return page

    yield open_one
    problems = []
    for context, errors in opened:
        context.close()
        problems += [e for e in errors if not any(x in e for x in OFFLINE_ERRORS)]
    assert not problems, f"console errors: {problems}"


def hold_meanings(page):
    """Every meanings request, held until the test lets it go (route.continue_())."""
    held = []
    page.route(MEANINGS, lambda route: held.append(route))
    return held


def verdict_then_meanings(page, judge_button, words, ask, held):
    """Judge ``words``; the verdict shows with no meanings asked; tapping ``ask`` asks, and the verdict
    stays on screen while the answer is held."""
    page.locator("#judge-input").fill(words)
    page.get_by_role("button", name=judge_button, exact=True).click()
    page.wait_for_selector(".verdict[data-valid=true]:not([hidden])")
    assert held == []  # the verdict came without a meanings request
    page.wait_for_function(SLID_IN)  # the verdict has scaled in: a tap during it can miss the button
    page.get_by_role("button", name=ask).click()
    wait_until(page, lambda: len(held) == 1, "the meanings request")
    assert page.locator(".verdict[data-valid=true]").is_visible()
    assert not page.locator(".meaning-senses").count()  # not loaded yet: the verdict did not wait
    held.pop().continue_()
    page.wait_for_selector(".meaning-senses li")
    page.wait_for_function(SLID_IN)
    return page.locator(".verdict").inner_text()


def test_a_table_challenge_shows_the_meanings_after_its_verdict(small_phone, live_server, shots):
    body = {"game": "bresk", "seats": [{"name": "Ann"}, {"name": "Ben"}]}
    code = requests.post(f"{live_server.url}/api/tables", json=body, timeout=30).json()["code"]
    page = small_phone()
    open_table(page, code, bresk_seat="Ben")  # the seat is this phone's: "Who challenges?" reads Ben
    held = hold_meanings(page)
    page.get_by_role("button", name="Challenge a word").click()
    text = verdict_then_meanings(page, "Judge", "finches the", "What does it mean?", held)
    assert "FINCHES" in text and "finch, the base form of FINCHES" in text and "noun — any of numerous small" in text
    assert "article — the definite article" in text and "Princeton WordNet" in text
    page.screenshot(path=shots / "meanings-challenge.png")
    assert serious_violations(page) == []
    assert missing_values(page) == []
    # The verdict shows from the phone's own word list; the challenge reaches the table's log a moment later.
    stored = lambda: requests.get(f"{live_server.url}/api/tables/{code}", timeout=10).json()["challenges"]  # noqa: E731
    wait_until(page, lambda: stored(), "the challenge in the table's log")
    assert [(c["words"], c["valid"]) for c in stored()] == [(["finches", "the"], True)]


def test_the_judge_in_german_shows_english_senses_with_german_labels_and_says_offline_needs_the_connection(
        small_phone, shots):
    page = small_phone("de-DE")
    page.goto("/#/judge")
    page.wait_for_selector(".lexicon-status[data-state=ready]", timeout=60_000)  # saved for offline judging
    held = hold_meanings(page)
    text = verdict_then_meanings(page, "Prüfen", "mice the", "Was bedeutet das?", held)
    assert "mouse, die Grundform von MICE" in text and "Substantiv — any of numerous small rodents" in text
    assert "Artikel — the definite article" in text
    assert "Bedeutungen aus Princeton WordNet" in text
    page.screenshot(path=shots / "meanings-judge-de.png")
    assert serious_violations(page) == []

    page.get_by_role("button", name="Fertig").click()
    page.context.set_offline(True)
    try:
        page.locator("#judge-input").fill("hat")
        page.get_by_role("button", name="Prüfen", exact=True).click()
        page.wait_for_selector(".verdict[data-valid=true]:not([hidden])")
        page.get_by_role("button", name="Was bedeutet das?").click()
        page.wait_for_selector(".meaning-note")
        assert page.locator(".meaning-note").inner_text() == (
            "Bedeutungen brauchen eine Verbindung. Das Urteil gilt; frag noch mal, wenn du online bist.")
        assert held == []  # offline, nothing was asked
        page.screenshot(path=shots / "meanings-offline-de.png")
        assert serious_violations(page) == []
    finally:
        page.context.set_offline(False)


def test_a_refused_word_is_said_not_to_count_and_gets_no_meaning(small_phone):
    page = small_phone()
    page.goto("/#/judge")
    page.locator("#judge-input").fill("berlin hat")
    page.get_by_role("button", name="Judge", exact=True).click()
    page.wait_for_selector(".verdict[data-valid=false]:not([hidden])")
    page.get_by_role("button", name="What does it mean?").click()
    page.wait_for_selector(".meaning-senses li")
    berlin, hat = page.locator(".verdict-meanings .meaning").all_inner_texts()
    assert [line for line in berlin.splitlines() if line] == [
        "BERLIN", "Does not count: not in the everyday list (a proper noun); valid in the word-game list. "
                  "No meaning is shown for it."]
    assert "noun — headdress that protects the head" in hat
    assert serious_violations(page) == []


def test_meanings_the_server_does_not_answer_say_so_over_the_verdict_and_show_when_it_does(small_phone, shots):
    """The wifi is up but carries nothing to the server: the meanings' ask hangs. The verdict covers the screen (and
    the top bar that says the phone is waiting), so the place the meanings go says it, and fills in once answered."""
    page = small_phone()
    page.goto("/#/judge")
    held = hold_meanings(page)
    page.locator("#judge-input").fill("hat")
    page.get_by_role("button", name="Judge", exact=True).click()
    page.wait_for_selector(".verdict[data-valid=true]:not([hidden])")
    page.wait_for_function(SLID_IN)
    page.get_by_role("button", name="What does it mean?").click()
    wait_until(page, lambda: len(held) == 1, "the meanings request")
    assert page.locator(".meaning-note").inner_text() == "Looking up the meanings…"
    page.wait_for_function("() => document.querySelector('.meaning-note')?.textContent === 'The server has not "
                           "answered yet. The meanings show as soon as it does; the verdict stands.'", timeout=10_000)
    page.screenshot(path=shots / "meanings-late.png")
    assert serious_violations(page) == []
    held.pop().continue_()
    page.wait_for_selector(".meaning-senses li")
    assert "noun — headdress that protects the head" in page.locator(".verdict-meanings").inner_text()
