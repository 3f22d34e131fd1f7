"""The first load of a table and of the word judge: no file fetched twice, no clock probe before the table
shows (its state's answer is the clock's first estimate, right on a phone whose clock is an hour fast), no
script laying it out at once and no number format made for its first screen, each stylesheet added once;
the table's state and panel asked for while the screen's modules load, the event stream and the log's words
once it shows; and the table's head keeps its layout whatever the connection badge says."""

import pytest
from screens import PHONE, new_table, post_event, serious_violations, wait_until, with_axe
from support import CAST

pytestmark = pytest.mark.browser

SIZES = [pytest.param((w, h, scheme), id=f"{w}x{h}-{scheme}") for w, h in ((360, 640), (390, 844))
         for scheme in ("light", "dark")]


# When the table dropped its loading state, on the page's own clock (a MutationObserver runs at once); a test's own
# script may set window.onShown to read the screen at that moment.
SHOWN_AT = """
window.shownAt = null;
new MutationObserver(() => {
  const screen = document.querySelector('.table-screen');
  if (window.shownAt === null && screen && !screen.classList.contains('loading')) {
    window.shownAt = performance.now();
    window.onShown?.();
  }
}).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
"""


# When the page opened its first event stream, on the same clock.
STREAM_OPENED_AT = """
window.streamOpenedAt = null;
window.EventSource = class extends window.EventSource {
  constructor(...args) {
    super(...args);
    window.streamOpenedAt ??= performance.now();
  }
};
"""


# When the page made each Intl.NumberFormat, on the same clock: the first one loads the language's number data, tens
# of milliseconds of a slow phone's CPU (lib/translate.js).
NUMBER_FORMATS_AT = """
window.numberFormatsAt = [];
Intl.NumberFormat = new Proxy(Intl.NumberFormat, {
  construct(target, args) { window.numberFormatsAt.push(performance.now()); return new target(...args); },
  apply(target, self, args) { window.numberFormatsAt.push(performance.now()); return target(...args); },
});
"""


def pages_own(request) -> bool:
    """A request of the page or its workers, not of the service worker's copy of the app for offline use."""
    return not (request.service_worker or request.url.endswith(("/sw.js", "/shell.json")))


def first_load(browser, live_server, path: str, ready: str, script: str = ""):
    """The page's and its workers' requests (not the service worker's copy of the app for offline use); ``script``
    runs before the page's own, beside SHOWN_AT."""
    context = browser.new_context(base_url=live_server.url, **PHONE)
    context.add_init_script(SHOWN_AT + script)
    page = context.new_page()
    urls: list[str] = []
    context.on("request", lambda r: pages_own(r) and urls.append(r.url.removeprefix(live_server.url)))
    page.goto(path)
    page.wait_for_selector(ready)
    return context, page, urls


def test_the_table_fetches_nothing_twice_and_probes_the_clock_only_once_it_shows(browser, live_server):
    code = new_table(live_server, "make-n-break", ("Ann", "Ben"))
    context, page, urls = first_load(browser, live_server, f"/#/table/{code}", ".table-screen:not(.loading)")
    try:
        # The table's own answer is the first estimate of the server's clock; four probes refine it once it shows.
        page.wait_for_function("() => performance.getEntriesByName(location.origin + '/api/time').length === 4")
        starts = page.evaluate("performance.getEntriesByName(location.origin + '/api/time').map((e) => e.startTime)")
        shown = page.evaluate("window.shownAt")
        assert min(starts) > shown, (starts, shown)
        repeated = {url for url in urls if urls.count(url) > 1 and url != "/api/time"}
        assert not repeated, repeated
        assert "/css/games/make-n-break.css" in urls and "/js/games/make-n-break.js" in urls
        assert not any(url.startswith("/icons/") for url in urls)  # the icon is written into the page
        sheets = page.eval_on_selector_all('link[rel="stylesheet"]', "els => els.map((e) => e.getAttribute('href'))")
        assert sorted(sheets) == sorted(set(sheets)) == ["/css/app.css", "/css/games/make-n-break.css"]
    finally:
        context.close()


# A phone whose clock is an hour fast (its wall clock, which the app reads as Date.now()); and what its timer
# showed the moment the table did.
CLOCK_AN_HOUR_FAST = """
const phoneNow = Date.now;
Date.now = () => phoneNow() + 3600 * 1000;
window.onShown = () => {
  window.remainingWhenShown = Number(document.querySelector('.timer-digits').dataset.remainingMs);
};
"""


def test_a_running_timer_is_right_on_the_first_screen_of_a_phone_whose_clock_is_an_hour_fast(browser, live_server):
    """With no probe of the server's clock before the table shows, the table's own answer (its ``now_ms``, timed by
    the request's Resource Timing) puts the phone's clock right: the timer shows the minutes left, not "time's up"."""
    code = new_table(live_server, "make-n-break", ("Ann", "Ben"))
    post_event(live_server, code, "", {"action": "set", "seconds": 600}, path="timer")
    post_event(live_server, code, "", {"action": "start"}, path="timer")
    context, page, _ = first_load(browser, live_server, f"/#/table/{code}", ".table-screen:not(.loading)",
                                  CLOCK_AN_HOUR_FAST)
    try:
        assert page.evaluate("performance.getEntriesByName(location.origin + '/api/time').filter("
                             "(e) => e.startTime <= window.shownAt).length") == 0
        assert 550_000 < page.evaluate("window.remainingWhenShown") <= 600_000
        offset = page.evaluate("import('/js/lib/clock.js').then(({ offset }) => offset())")
        assert abs(offset + 3600 * 1000) < 2000, offset
    finally:
        context.close()


# Every script that laid the page out at once (read a size, focused, scrolled) in a long frame, as the browser
# attributes it (Long Animation Frames).
FORCED_LAYOUTS = """
window.forcedLayouts = [];
new PerformanceObserver((list) => {
  for (const frame of list.getEntries()) {
    for (const script of frame.scripts) {
      if (script.forcedStyleAndLayoutDuration > 0) {
        window.forcedLayouts.push([script.sourceURL.split('/').pop(), script.sourceFunctionName,
                                   Math.round(script.forcedStyleAndLayoutDuration)]);
      }
    }
  }
}).observe({ type: 'long-animation-frame', buffered: true });
"""


def test_no_script_lays_the_table_out_before_it_shows(browser, live_server):
    """A script that lays the page out at once makes its task longer by the whole layout, where the frame would
    have done it anyway: the router focused (and scrolled) the table's loading screen as it mounted it, a layout
    of 62 ms on a CPU slowed 4× (Lighthouse's phone) in the task that ran the screen's modules. The screen's
    place still takes the focus, before the screen is put in."""
    code = new_table(live_server, "make-n-break", ("Ann", "Ben"))
    context = browser.new_context(base_url=live_server.url, **PHONE)
    context.add_init_script(FORCED_LAYOUTS)
    page = context.new_page()
    context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 4})  # long frames, reported
    try:
        page.goto(f"/#/table/{code}")
        page.wait_for_selector(".table-screen:not(.loading)")
        page.wait_for_function("() => document.activeElement?.id === 'app'")
        # The focus and the scroll lay out the emptied page: a few objects, 1-2 ms (22-62 ms with the screen in).
        forced = page.evaluate("window.forcedLayouts")
        assert sum(ms for _, _, ms in forced) <= 10, forced
        page.goto("/#/")  # and a screen opened from another gets it too
        page.wait_for_selector("#join-code")
        page.wait_for_function("() => document.activeElement?.id === 'app'")
    finally:
        context.close()


@pytest.mark.parametrize("game", ["make-n-break", "bresk", "block-buster"])
def test_the_tables_first_screen_makes_no_number_format(browser, live_server, game):
    """Its numbers are small integers, written without one; a large one still gets the language's grouping."""
    code = new_table(live_server, game, ("Ann", "Ben"))
    context, page, _ = first_load(browser, live_server, f"/#/table/{code}", ".table-screen:not(.loading)",
                                  NUMBER_FORMATS_AT)
    try:
        assert page.evaluate("window.numberFormatsAt.filter((at) => at <= window.shownAt)") == []
        written = page.evaluate("import('/js/i18n.js').then(({ number }) => number(12345))")
        assert (written, page.evaluate("window.numberFormatsAt.length")) == ("12,345", 1)
    finally:
        context.close()


def test_the_table_asks_for_its_state_and_panel_while_its_modules_load_and_streams_once_it_shows(browser, live_server):
    code = new_table(live_server, "make-n-break", ("Ann", "Ben"))
    context = browser.new_context(base_url=live_server.url, **PHONE)
    context.add_init_script(SHOWN_AT + STREAM_OPENED_AT)
    held = []  # the table screen's session module, held back until the panel has been asked for
    context.route("**/js/session.js", lambda route: held.append(route))
    streams = []  # the event stream, held back until the badge has been read
    context.route("**/stream?*", lambda route: streams.append(route))
    page = context.new_page()
    try:
        asked = []
        page.on("request", lambda r: asked.append(r.url.removeprefix(live_server.url)))
        with page.expect_request(lambda r: r.url.endswith("/js/games/make-n-break.js"), timeout=15000):
            page.goto(f"/#/table/{code}")
        assert f"/api/tables/{code}" in asked and "/api/games" in asked
        # Asked before the screen's modules: a phone opens six connections at most to an HTTP/1.1 server, and
        # asked after them, the state waited for a dozen modules to free one.
        assert asked.index(f"/api/tables/{code}") < asked.index("/js/views/table.js"), asked
        assert page.evaluate("document.querySelector('.table-screen') === null")  # its modules are still coming
        wait_until(page, lambda: held, "the session module to reach its route")
        held[0].continue_()
        page.wait_for_selector(".table-screen:not(.loading)")
        page.wait_for_function("() => window.streamOpenedAt !== null")
        assert page.locator(".live").inner_text() == "Connecting…"  # never connected yet: not "Reconnecting…"
        wait_until(page, lambda: streams, "the event stream to reach its route")
        streams[0].continue_()
        page.wait_for_selector(".live[data-state=live]")
        # The log's words, the shared ones and the game's own: the game's stylesheet no longer waits for them.
        words, game_words = (f"performance.getEntriesByName(location.origin + '/js/{path}')"
                             for path in ("lib/log-lines.js", "games/make-n-break-log.js"))
        page.wait_for_function(f"() => {words}.length === 1 && {game_words}.length === 1")
        shown, stream, words, game_words = page.evaluate(
            f"[window.shownAt, window.streamOpenedAt, {words}[0].startTime, {game_words}[0].startTime]")
        assert shown < stream and shown < words and shown < game_words, (shown, stream, words, game_words)
    finally:
        context.close()


# From the event stream's first message on: what changed in the table's panel and scores.
REDRAWN = """
window.tableMessages = 0;
window.redrawn = [];
window.EventSource = class extends window.EventSource {
  constructor(...args) {
    super(...args);
    this.addEventListener('table', () => {  // added before the session's own listener: it runs first
      window.tableMessages += 1;
      if (window.tableMessages > 1) return;
      const what = (r) => `${r.attributeName || r.type} of ${r.target.nodeName.toLowerCase()}.${r.target.className}`;
      const watch = new MutationObserver((records) => window.redrawn.push(...records.map(what)));
      for (const el of document.querySelectorAll('.table-screen > .panel, .table-screen > .scores')) {
        watch.observe(el, { subtree: true, childList: true, attributes: true, characterData: true });
      }
    });
  }
};
"""


def test_the_streams_first_message_redraws_nothing_when_the_table_has_not_changed(browser, live_server):
    """The stream's first message is the table as it is then: when nothing happened since the screen read it
    (the usual case, and every reconnect of a quiet table), nothing on screen is drawn again."""
    code = new_table(live_server, "make-n-break", ("Ann", "Ben"))
    context = browser.new_context(base_url=live_server.url, **PHONE)
    context.add_init_script(REDRAWN)
    page = context.new_page()
    try:
        page.goto(f"/#/table/{code}")
        page.wait_for_selector(".table-screen:not(.loading) .live[data-state=live]")
        page.wait_for_function("() => window.tableMessages > 0")
        page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
        assert page.evaluate("window.redrawn") == []
        # A change still shows, of course.
        page.get_by_role("button", name="Rolled 2").click()
        page.wait_for_function("() => window.redrawn.length > 0")
    finally:
        context.close()


def test_the_tables_first_load_as_sent_headers_and_all_stays_under_100_kb(browser, live_server):
    """What Lighthouse weighs (bench/lighthouse.py): every request of the first load, its response's headers
    with its compressed body, the table's state and the clock probes after it shows included. The page's
    own Resource Timing cannot see the headers (it counts 300 bytes for any), so the browser says."""
    code = new_table(live_server, "make-n-break", CAST)
    context = browser.new_context(base_url=live_server.url, **PHONE)
    page = context.new_page()
    finished = []
    context.on("requestfinished", lambda r: pages_own(r) and finished.append(r))
    try:
        page.goto(f"/#/table/{code}")
        page.wait_for_selector(".table-screen:not(.loading) .live[data-state=live]")
        page.wait_for_function("() => performance.getEntriesByName(location.origin + '/api/time').length === 4")
        page.wait_for_function("() => performance.getEntriesByName(location.origin + '/js/lib/log-lines.js').length")
        sizes = [(r.url.removeprefix(live_server.url), r.sizes()) for r in finished]  # api/time four times
        sent = sum(s["responseHeadersSize"] + s["responseBodySize"] for _, s in sizes)
        # The event stream never finishes: Lighthouse counts the ~4 KB it carried meanwhile; the rest has 96.
        assert len(sizes) > 30 and sent < 96 * 1024, (sent, len(sizes))
        headers = max(s["responseHeadersSize"] for url, s in sizes if url.startswith(("/js/", "/css/")))
        assert headers < 500, headers  # a module's or stylesheet's: no page's policy on each of them
    finally:
        context.close()


def test_the_judge_and_its_word_list_worker_fetch_no_module_twice(browser, live_server):
    context, page, urls = first_load(browser, live_server, "/#/judge", ".judge-card:not([hidden])")
    try:
        # The worker starts with the page and fetches its own modules: none is one the page fetched too.
        page.wait_for_selector(".lexicon-status[data-state='ready']", timeout=60000)  # the worker has done its part
        repeated = {url for url in urls if urls.count(url) > 1 and "/words.compact" not in url}
        assert not repeated, repeated
        assert "/js/session.js" not in urls  # a judge outside a table has no session
        assert "/js/lib/wordpack.js" in urls  # the worker's
    finally:
        context.close()


@pytest.mark.parametrize("size", SIZES)
def test_the_connection_badge_never_pushes_the_table_down(browser, live_server, shots, size):
    width, height, scheme = size
    code = new_table(live_server, "make-n-break", ("Ann", "Ben"))
    context = with_axe(browser.new_context(base_url=live_server.url, color_scheme=scheme,
                                           **{**PHONE, "viewport": {"width": width, "height": height}}))
    page = context.new_page()
    try:
        page.goto(f"/#/table/{code}")
        page.wait_for_selector(".live[data-state=live]")
        top = page.locator(".mnb-who").bounding_box()["y"]
        code_box = page.locator("button.code").bounding_box()
        # The longest things it says, in both languages: whole (wrapped inside the badge, never cut to "…"),
        # beside the code, and the table stays where it was.
        for text in ("Offline · letzter Stand", "Offline · 12 zu senden", "Getrennt · 12 zu senden",
                     "Not connected · 12 to send", "Offline · last state seen", "12 waiting to send"):
            page.eval_on_selector(".live", "(el, text) => { el.textContent = text; el.dataset.state = 'offline'; }",
                                  text)
            badge = page.locator(".live").bounding_box()
            assert abs(badge["y"] + badge["height"] / 2 - (code_box["y"] + code_box["height"] / 2)) < 2, text
            assert badge["x"] + badge["width"] <= width and badge["height"] <= code_box["height"], (text, badge)
            assert page.eval_on_selector(".live", "el => el.scrollWidth <= el.clientWidth"), text
            assert page.locator(".mnb-who").bounding_box()["y"] == top, text
        page.screenshot(path=shots / f"table-badge-offline-{width}x{height}-{scheme}.png")
        assert serious_violations(page) == []
    finally:
        context.close()


def test_the_judge_at_a_table_loads_the_tables_session_when_it_needs_it(browser, live_server):
    code = new_table(live_server, "bresk", ("Ann", "Ben"))
    context, page, urls = first_load(browser, live_server, f"/#/judge/{code}", ".judge-card:not([hidden])")
    try:
        # Who challenged: the table's seats, from its session.
        page.wait_for_function("() => document.querySelectorAll('#judge-by option').length === 3")
        assert page.locator("#judge-by option").all_inner_texts()[1:] == ["Ann", "Ben"]
        assert page.locator(f"a.button[href='#/table/{code}']").is_visible()
        assert "/js/session.js" in urls
    finally:
        context.close()


@pytest.mark.parametrize("game", ["bresk", "make-n-break"])
def test_the_big_screens_first_load_stays_under_100_kb(browser, live_server, game):
    """As sent (compressed), everything the big screen fetched until it shows, its QR code included."""
    code = new_table(live_server, game, ("Ann", "Ben"))
    context = browser.new_context(base_url=live_server.url, viewport={"width": 1280, "height": 720})
    page = context.new_page()
    try:
        page.goto(f"/#/table/{code}/screen")
        page.wait_for_selector(".sb-screen:not(.loading) .sb-live[data-state=live]")
        page.wait_for_function("() => document.querySelector('.sb-qr').complete")
        sent = page.evaluate("""() => ['navigation', 'resource'].flatMap((type) => performance.getEntriesByType(type))
            .reduce((sum, e) => sum + e.transferSize, 0)""")
        assert 10_000 < sent < 100 * 1024, sent
    finally:
        context.close()
