"""Event streams open a few at a time in each worker, so a flood of them cannot hold up every other request.

A gevent worker runs its requests in turn, each until it waits on the network. 2,000 stream requests arriving at
once kept a phone's health check waiting seconds behind them (the third review: 2.2-4.2 s; docs/PERFORMANCE.md),
the time the worker took to answer all of them, most with a 429 from the per-address cap. Here each stream request
waits for one of ``STREAM_OPENINGS`` places before the app sees it: a waiting request is a parked greenlet that
costs nothing, and every other request walks past the gate, so it waits behind at most that many stream openings,
not behind the flood. Only the opening is gated (the view: caps, table read, the response): what a stream sends
afterwards is not.

Most of a flood is refused (1,700 of the 2,100 in bench/abuse.py), and each refusal went through the whole app
(routing, the request hooks, parsing): both workers were busy for most of a second while the flood arrived, and
a phone's reads waited in that second (docs/PERFORMANCE.md). So at its place a stream request is
first offered to ``refuse`` (api/tables.py ``early_refusal``): a stream the worker already knows it must refuse
is answered there.
"""

from __future__ import annotations

import threading

STREAM_OPENINGS = 4  # per worker: an opening takes a few ms, so a phone's own stream still opens at once


def is_stream(environ) -> bool:
    path = environ.get("PATH_INFO", "")
    return path.startswith("/api/tables/") and path.endswith("/stream")


class StreamGate:
    """WSGI middleware: stream requests through ``openings`` places at a time (gevent patches the semaphore).
    ``refuse(environ)``: the answer (a WSGI app) to a stream request refused at its place, or None to go on."""

    def __init__(self, app, openings: int = STREAM_OPENINGS, refuse=None):
        self.app = app
        self.refuse = refuse or (lambda _environ: None)
        self._places = threading.BoundedSemaphore(openings)

    def __call__(self, environ, start_response):
        if not is_stream(environ):
            return self.app(environ, start_response)
        with self._places:  # counted at its place: the streams admitted before it are counted by then
            return (self.refuse(environ) or self.app)(environ, start_response)
