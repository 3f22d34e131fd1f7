"""Long requests share their worker: under gevent, a loop that works for long yields now and then."""

import time

# Not 0: gevent's sleep(0) runs the other ready greenlets but may not poll for I/O, so a phone's
# request that has just arrived would still wait. A sleep of half a millisecond lets the loop poll.
PAUSE_S = 0.0005


def let_others_run() -> None:
    """Under gevent (time is patched), let the worker's other requests run; elsewhere a short pause."""
    time.sleep(PAUSE_S)
