"""gunicorn settings for bench/timer_fanout.py: scorekeeper's, plus a record of when each worker heard of a
change and when each of its streams had written it, so the server's part is measured apart from the client's.

``$BENCH_FANOUT`` names a file; each worker appends JSON lines to it: ``{"pid", "heard": [monotonic time,
seq]}`` when its hub first learns of a table's new seq (from its own append or the database), and
``{"pid", "sent": [times…]}`` for the table messages its streams finished handing to the socket (the
stream's generator resumes after gunicorn has written what it yielded). The times are ``time.monotonic()``,
one clock for every process on the machine, the bench's own included. Kept in memory and written every
half second by a greenlet of the worker's own, so recording costs a stream a list append.

    gunicorn --config=python:bench.fanout_trace …
"""

import json
import os
import time

from scorekeeper.gunicorn_conf import *  # noqa: F403 - the same settings, plus the hooks below
from scorekeeper.gunicorn_conf import post_worker_init as _post_worker_init

FLUSH_S = 0.5


def post_worker_init(worker):
    _post_worker_init(worker)
    path = os.environ.get("BENCH_FANOUT")
    if not path:
        return
    import gevent

    from scorekeeper.services import streams

    heard, sent = [], []
    published, stream = streams.Hub.published, streams.stream

    profile_dir = os.environ.get("BENCH_PROFILE")  # a cProfile of the second after each new seq, per worker

    def traced_published(hub, table_id, seq):
        if seq > hub.latest(table_id):
            heard.append([time.monotonic(), seq])
            if profile_dir:
                profile(seq)
        return published(hub, table_id, seq)

    def profile(seq):
        import cProfile

        profiler = cProfile.Profile()
        profiler.enable()

        def stop():
            gevent.sleep(1.0)
            profiler.disable()
            profiler.dump_stats(f"{profile_dir}/{os.getpid()}-{seq}.prof")

        gevent.spawn(stop)

    def traced_stream(*args, **kwargs):
        for item in stream(*args, **kwargs):
            yield item
            if item[:3] in ("id:", b"id:"):  # a table message, written by now
                sent.append(time.monotonic())

    streams.Hub.published, streams.stream = traced_published, traced_stream

    def flush():
        with open(path, "a") as out:
            while True:
                gevent.sleep(FLUSH_S)
                if heard or sent:
                    lines = {"pid": os.getpid(), "heard": heard[:], "sent": sent[:]}
                    del heard[:], sent[:]
                    out.write(json.dumps(lines) + "\n")
                    out.flush()

    gevent.spawn(flush)
