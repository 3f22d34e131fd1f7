"""The gevent worker, taking every waiting connection off the listening socket at each turn of its loop.

gunicorn's gevent worker accepts ONE connection per turn of the loop when there are several workers (to share
connections out evenly), and a turn also runs whatever the connections accepted before it have to do. Under a flood
of 2,000 stream requests the listening socket's queue was then drained at the pace the worker answered them, and a
phone's health check waited at its end, in the kernel, for seconds (docs/PERFORMANCE.md). Taken off the
queue at once, each connection waits in the worker instead, where the stream requests park at their gate
(stream_gate.py) and every other request is answered in its turn.
"""

from __future__ import annotations

from gevent.server import StreamServer
from gunicorn.workers import ggevent

ACCEPT_PER_TURN = 100  # gevent's own default; a worker's share of a burst is taken in a few turns


class _EagerServer(StreamServer):
    """gevent's StreamServer with a fixed ``max_accept``: gunicorn's setting of it to 1 is ignored."""

    @property
    def max_accept(self) -> int:
        return ACCEPT_PER_TURN

    @max_accept.setter
    def max_accept(self, _value: int) -> None:
        pass


class GeventWorker(ggevent.GeventWorker):
    def run(self):
        ggevent.StreamServer = _EagerServer  # the module's name for the server it makes, in this worker process only
        super().run()
