"""gunicorn settings for benchmarks: scorekeeper's, plus a record of how long each worker's loop was held.

A gevent worker answers everyone in one thread: while one greenlet computes, every other request on that
worker waits. This records, per worker, each stretch a greenlet ran before it switched away
(``greenlet.settrace``) that was over ``HOLD_S``: its CPU time (the rest of a busy machine does not lengthen
it, but neither does a wait inside a blocking call, such as a disk flush) and its wall time (which has both),
with the time it ended, as a JSON line appended to ``$BENCH_HOLDS`` (at once: a worker holding event
streams may be killed at shutdown before any exit hook runs).
``bench/abuse.py`` reads them back per measured window.

    gunicorn --config=python:bench.holds …
"""

import json
import os
import time

from scorekeeper.gunicorn_conf import *  # noqa: F403 - the same settings, plus the hooks below
from scorekeeper.gunicorn_conf import post_worker_init as _post_worker_init

HOLD_S = 0.001


def post_worker_init(worker):
    _post_worker_init(worker)
    path = os.environ.get("BENCH_HOLDS")
    if not path:
        return
    import greenlet

    out = open(path, "a", buffering=1)  # noqa: SIM115 - open for the worker's life, a line written at once
    last = [time.thread_time(), time.monotonic()]

    def trace(_event, _args):
        cpu, wall = time.thread_time(), time.monotonic()
        if cpu - last[0] > HOLD_S or wall - last[1] > HOLD_S:
            out.write(json.dumps({"pid": os.getpid(), "at": wall, "cpu": cpu - last[0], "wall": wall - last[1]}) + "\n")
        last[0], last[1] = time.thread_time(), time.monotonic()  # the writing is not counted as the next hold

    greenlet.settrace(trace)

    import gc

    started = [0.0, 0.0]

    def collected(phase, info):  # the cyclic collector's passes, which run inside whichever greenlet allocates
        if phase == "start":
            started[0], started[1] = time.thread_time(), time.monotonic()
        elif time.thread_time() - started[0] > HOLD_S:
            out.write(json.dumps({"pid": os.getpid(), "at": time.monotonic(), "gc": info["generation"],
                                  "cpu": time.thread_time() - started[0], "wall": time.monotonic() - started[1]})
                      + "\n")

    gc.callbacks.append(collected)
