"""A phone the server cannot reach while its wifi stays up (a route gone): it says so, its timer shows the
last state known and never a time-up it cannot know, its own timer commands wait in sight, and it catches up.

The cut is a TCP proxy between that phone and the server that stops forwarding while every socket stays open
(what a lost route looks like to the phone: no error, no close, ``navigator.onLine`` true), not the browser's
offline switch, which the page would hear of at once.
"""

from __future__ import annotations

import contextlib
import socket
import threading
import uuid

import pytest
import requests
from screens import PHONE, serious_violations, with_axe
from support import LiveServer, migrate

from scorekeeper import create_app

pytestmark = pytest.mark.browser

HEARTBEAT_S = 0.5  # the server's heartbeat here: the phone says it is not connected ~2 s into a silence

# The chime's tones and buzzes, and every word the timer's status has said, kept where the test reads them.
WITNESS = """
window.__tones = 0;
window.__buzzes = 0;
window.__said = [];
const createOscillator = AudioContext.prototype.createOscillator;
AudioContext.prototype.createOscillator = function (...args) {
  window.__tones += 1;
  return createOscillator.apply(this, args);
};
navigator.vibrate = () => { window.__buzzes += 1; return true; };
new MutationObserver(() => {
  const status = document.querySelector('.timer-status')?.textContent;
  const state = document.querySelector('.timer')?.dataset.state;
  const said = `${state}: ${status}`;
  if (status && window.__said[window.__said.length - 1] !== said) window.__said.push(said);
}).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
"""


class PausableProxy:
    """Forwards TCP between the browser and the server; paused, it forwards nothing (not even a close) and
    keeps every socket open, and new connections are taken but wait; resumed, all that waited goes through."""

    def __init__(self, upstream_port: int):
        self.upstream = ("127.0.0.1", upstream_port)
        self.flowing = threading.Event()
        self.flowing.set()
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.listener.getsockname()[1]}"
        self.sockets: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
                server = socket.create_connection(self.upstream)
            except OSError:
                return
            self.sockets += [client, server]
            for source, sink in ((client, server), (server, client)):
                threading.Thread(target=self._pump, args=(source, sink), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket) -> None:
        try:
            while chunk := source.recv(65536):
                self.flowing.wait()
                sink.sendall(chunk)
        except OSError:
            pass
        self.flowing.wait()  # a close waits for the route too
        with contextlib.suppress(OSError):
            sink.shutdown(socket.SHUT_WR)

    def pause(self) -> None:
        self.flowing.clear()

    def resume(self) -> None:
        self.flowing.set()

    def close(self) -> None:
        self.flowing.set()
        self.listener.close()
        for s in self.sockets:
            s.close()


@pytest.fixture(scope="module")
def quick_server(tmp_path_factory):
    """gunicorn as in production, with a heartbeat short enough that a silence is noticed in a test's time."""
    tmp = tmp_path_factory.mktemp("drop")
    url = f"sqlite:///{tmp / 'drop.sqlite3'}"
    migrate(create_app({"SQLALCHEMY_DATABASE_URI": url}))
    env = {"SCOREKEEPER_RATELIMIT": "off", "SCOREKEEPER_STREAM_HEARTBEAT_S": str(HEARTBEAT_S)}
    server = LiveServer(url, tmp, env=env)
    yield server
    server.stop()


@pytest.fixture
def proxy(quick_server):
    p = PausableProxy(quick_server.port)
    yield p
    p.close()


@pytest.fixture
def phones(browser):
    opened = []

    def open_one(base_url: str, size=(390, 844), scheme="light"):
        context = browser.new_context(base_url=base_url, **{**PHONE, "viewport": {"width": size[0], "height": size[1]}},
                                      color_scheme=scheme)
        context.add_init_script(script=WITNESS)
        with_axe(context)
        page = context.new_page()
        page.errors = []
        page.on("pageerror", lambda e: page.errors.append(str(e)))
        opened.append((context, page))
        return page

    yield open_one
    for context, page in opened:
        context.close()
        assert not page.errors, page.errors


def timer(page) -> dict:
    return page.evaluate("""() => {
        const card = document.querySelector('.timer');
        const queued = card.querySelector('.timer-queued');
        return { state: card.dataset.state, status: card.querySelector('.timer-status').textContent,
                 ms: Number(card.querySelector('.timer-digits').dataset.remainingMs),
                 unsure: card.classList.contains('unsure'), queued: queued.hidden ? '' : queued.textContent };
    }""")


def fits(page, selector: str) -> dict:
    """Whether an element shows all its text (nothing cut, nothing past the screen's edge)."""
    return page.evaluate("""(selector) => {
        const el = document.querySelector(selector);
        const box = el.getBoundingClientRect();
        return { cut: el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight,
                 inside: box.left >= 0 && box.right <= innerWidth, ellipsis: getComputedStyle(el).textOverflow };
    }""", selector)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_phone_cut_off_from_the_server_says_so_and_never_calls_time_up_for_a_paused_timer(
        quick_server, proxy, phones, scheme, shots):
    body = {"game": "make-n-break", "seats": [{"name": "Ann"}, {"name": "Ben"}]}
    code = requests.post(f"{quick_server.url}/api/tables", json=body, timeout=10).json()["code"]
    set_5_s = {"id": str(uuid.uuid4()), "action": "set", "seconds": 5}
    requests.post(f"{quick_server.url}/api/tables/{code}/timer", json=set_5_s, timeout=10).raise_for_status()
    here = phones(quick_server.url, scheme=scheme)  # Ann's phone, straight to the server
    cut = phones(proxy.url, size=(360, 640), scheme=scheme)  # Ben's, through the proxy
    for page in (here, cut):
        page.goto(f"/#/table/{code}")
        page.wait_for_selector(".live[data-state=live]")
        page.wait_for_function("() => document.querySelector('.timer-status')?.textContent === 'Ready'")
    here.get_by_role("button", name="Start").click()
    cut.wait_for_function("() => document.querySelector('.timer').dataset.state === 'running'")

    proxy.pause()
    here.get_by_role("button", name="Pause").click()
    here.wait_for_function("() => document.querySelector('.timer').dataset.state === 'paused'")
    # Ben's phone hears nothing more: within a few heartbeats it says so, on the timer and in the top bar.
    cut.wait_for_function("() => document.querySelector('.timer.unsure')", timeout=10_000)
    shown = timer(cut)
    assert shown["status"] == "Not connected — the timer may be out of date (last seen: Running)", shown
    assert cut.locator("#net-status").inner_text() == "Not connected"
    assert cut.locator(".live").inner_text() == "Not connected"
    # The last state known runs out on Ben's phone: greyed, still only "last seen: Running", no chime.
    cut.wait_for_function("() => document.querySelector('.timer-digits').dataset.remainingMs === '0'", timeout=10_000)
    shown = timer(cut)
    assert shown["unsure"] and shown["state"] == "running" and "Time!" not in shown["status"], shown
    assert cut.evaluate("[window.__tones, window.__buzzes]") == [0, 0]
    assert not [s for s in cut.evaluate("window.__said") if s.startswith("expired") or "Time!" in s]
    digits, text = cut.evaluate("""() => [getComputedStyle(document.querySelector('.timer-digits')).color,
        getComputedStyle(document.querySelector('.timer-status')).color]""")
    assert digits != text  # greyed: the digits in the muted colour, the words in the text's

    # Ben taps Reset: it waits, and his timer says so; the badge says it in full at 360 px.
    cut.get_by_role("button", name="Reset").click()
    cut.wait_for_function("() => !document.querySelector('.timer-queued').hidden")
    assert timer(cut)["queued"] == "Waiting to send: Reset"
    assert cut.locator(".live").inner_text() == "Not connected · 1 to send"
    badge = fits(cut, ".live")
    assert not badge["cut"] and badge["inside"] and badge["ellipsis"] != "ellipsis", badge
    beside_the_code = cut.locator(".live").bounding_box()["y"] < cut.locator("button.code").bounding_box()["y"] + 30
    assert beside_the_code
    assert serious_violations(cut) == []
    cut.evaluate("scrollTo(0, 0)")
    cut.screenshot(path=shots / f"table-not-connected-{scheme}.png", full_page=True)
    assert requests.get(f"{quick_server.url}/api/tables/{code}", timeout=10).json()["timer"]["state"] == "paused"

    # The route is back: Ben's phone hears the pause, sends its Reset once, and both phones agree.
    proxy.resume()
    for page in (here, cut):
        page.wait_for_function("""() => document.querySelector('.timer-status').textContent === 'Ready'
            && document.querySelector('.timer-digits').dataset.remainingMs === '5000'""", timeout=10_000)
    cut.wait_for_selector(".live[data-state=live]")
    assert timer(cut) == timer(here) == {"state": "idle", "status": "Ready", "ms": 5000, "unsure": False, "queued": ""}
    assert cut.locator("#net-status").is_hidden()
    assert cut.evaluate("[window.__tones, window.__buzzes]") == [0, 0]
    events = requests.get(f"{quick_server.url}/api/tables/{code}/events", timeout=10).json()["events"]
    assert [e["data"]["action"] for e in events if e["type"] == "timer"] == ["set", "start", "pause", "reset"]
