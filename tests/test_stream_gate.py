"""Stream requests pass the gate a few at a time; every other request walks past it (scorekeeper/stream_gate.py)."""

from __future__ import annotations

import threading
import time

from scorekeeper.stream_gate import STREAM_OPENINGS, StreamGate


def test_stream_openings_wait_for_a_place_and_other_requests_do_not():
    inside, most, lock, go = [0], [0], threading.Lock(), threading.Event()

    def app(environ, start_response):
        if environ["PATH_INFO"].endswith("/stream"):
            with lock:
                inside[0] += 1
                most[0] = max(most[0], inside[0])
            go.wait(10)
            with lock:
                inside[0] -= 1
        return [environ["PATH_INFO"].encode()]

    gate = StreamGate(app)
    streams = [threading.Thread(target=gate, args=({"PATH_INFO": "/api/tables/ABC234/stream"}, None))
               for _ in range(STREAM_OPENINGS + 3)]
    for thread in streams:
        thread.start()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:  # until the places are all taken (the threads start in their own time)
        with lock:
            if inside[0] == STREAM_OPENINGS:
                break
        time.sleep(0.01)
    assert inside[0] == STREAM_OPENINGS
    # The places are all taken and three openings wait: a health check and a table read are answered at once.
    assert gate({"PATH_INFO": "/api/health"}, None) == [b"/api/health"]
    assert gate({"PATH_INFO": "/api/tables/ABC234"}, None) == [b"/api/tables/ABC234"]
    go.set()
    for thread in streams:
        thread.join(10)
    assert most[0] == STREAM_OPENINGS and inside[0] == 0
