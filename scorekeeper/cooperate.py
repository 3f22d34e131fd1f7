"""Long requests share their worker: under gevent, a loop that works for long yields now and then."""

import gc
import time

# Not 0: gevent's sleep(0) runs the other ready greenlets but may not poll for I/O, so a phone's
# request that has just arrived would still wait. A sleep of half a millisecond lets the loop poll.
PAUSE_S = 0.0005


# In the import process (offload_child.py) nobody else waits on this process, but everyone shares the machine's
# cores: an import there and the database's work for it took two whole cores of a small server, and the phones'
# reads waited for one (bench/abuse.py, PostgreSQL: 1.9-2.6x their idle p95). So there a long request rests
# between its slices as long as it has just worked, waiting for its database included: together they take about
# one core, and the import takes longer (5,000 results on PostgreSQL: 1.5 -> 2.5 s). The rest is capped, as the
# first slice of a request is counted from the end of the last request.
MAX_REST_S = 0.05
_resting = False
_last_pause = time.perf_counter()


def rest_as_long_as_work() -> None:
    """From now on, each pause in this process rests as long as the work since the one before."""
    global _resting
    _resting = True


def let_others_run() -> None:
    """Under gevent (time is patched), let the worker's other requests run; elsewhere a short pause, or the
    rest that pacing asks for."""
    global _last_pause
    worked = time.perf_counter() - _last_pause
    time.sleep(min(worked, MAX_REST_S) if _resting else PAUSE_S)
    _last_pause = time.perf_counter()


# A big request (a league import) makes hundreds of thousands of small objects at once: its parsed body and
# what is checked from it. Each batch of them woke Python's cyclic garbage collector, whose oldest-generation
# pass walks every object in the process and held the worker, and every phone waiting on it, for 60–150 ms at
# a time (bench/abuse.py). The collector is paused while such a request runs; reference counting still frees
# everything as usual, and the collector resumes (counted, so overlapping requests agree) when the last ends.
_paused = 0
_we_disabled = False


def pause_collector() -> None:
    global _paused, _we_disabled
    if _paused == 0 and gc.isenabled():
        gc.disable()
        _we_disabled = True
    _paused += 1


def resume_collector() -> None:
    global _paused, _we_disabled
    _paused = max(_paused - 1, 0)
    if _paused == 0 and _we_disabled:
        _we_disabled = False
        gc.enable()
