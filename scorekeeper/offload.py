"""Requests a web worker hands to a child process running the same app: a league import.

A gevent worker answers all its connections in one thread, so everything a request computes is
time in which the worker answers nobody else. An import of 5,000 results is a second or two of
parsing, checking and writing; in process it was cut into slices between which the worker served
the others, but each slice (a transaction of results, the database's commit and WAL checkpoint,
freeing the parsed body) still held every phone on that worker for 10–140 ms. So the worker only
reads the body off the socket and hands it, with the headers that shape the answer, to a child
process (``python -m scorekeeper.offload_child``, one per worker, started on the first import and kept;
``children.py``). The child runs the same app on the same database: the same checks, the same
refusals in the asker's language, the same all-or-nothing writing. The worker waits on the pipe,
which gevent makes cooperative, and passes the child's answer back as it is.

On (``OFFLOAD``, environment ``SCOREKEEPER_OFFLOAD``) everywhere but in tests, which turn it on
where they test it.
"""

from __future__ import annotations

import orjson
from flask import Flask, Response, current_app, request

from . import children
from .domain_errors import Unavailable
from .services import league_import

# What the child is told of the request, and what of its answer is passed on (the worker's own after-request
# hooks add the rest: security headers, compression).
# Authorization: an import into an existing league is its admin's (the child checks the link as the worker would).
REQUEST_HEADERS = ("Content-Type", "Accept-Language", "Host", "Authorization")
ANSWER_HEADERS = ("Content-Type", "Cache-Control", "Vary", "Content-Language", "Retry-After")
TIMEOUT_S = 120.0  # an import of the largest league takes a few seconds of one core


def pool(app: Flask) -> children.Pool:
    """This worker's import process (one, queue of four), started on first use, for this app's database."""
    found = app.extensions.get("offload")
    if found is None:
        env = {"DATABASE_URL": app.config["SQLALCHEMY_DATABASE_URI"], "SCOREKEEPER_OFFLOAD": "off",
               "SCOREKEEPER_RATELIMIT": "off",  # counted here already, by the client's own address
               "SCOREKEEPER_RECENT_ROWS": "off"}
        found = app.extensions["offload"] = children.Pool("scorekeeper.offload_child", size=1, queue=4, wait_s=60.0,
                                                         timeout_s=TIMEOUT_S, env=env)
    return found


def forward(body: bytes) -> Response:
    """The child's answer to this request (its path, method, the headers above and ``body``)."""
    query = request.query_string.decode("latin-1")  # a BG Stats import's ?name=…: the child must see it too
    head = orjson.dumps({"path": f"{request.path}?{query}" if query else request.path, "method": request.method,
                         "headers": {k: request.headers[k] for k in REQUEST_HEADERS if k in request.headers}})
    try:
        reply = pool(current_app).read(len(head).to_bytes(4, "big") + head + body)
    except children.Busy:
        raise Unavailable("import_busy", "Other leagues are being imported; try again in a minute.",
                          extra={"retry_after": 30}) from None
    except children.Failed as err:
        # The child died (or ran out of time) part way: what it wrote goes, so the import leaves nothing, and
        # it is not run again on a fresh child (children.py): the client tries again.
        if err.pid is not None:
            league_import.forget_unfinished(err.pid)
        raise Unavailable("import_failed", "The import could not be finished; try again.",
                          extra={"retry_after": 5}) from None
    return Response(reply["body"], status=reply["status"],
                    headers=[(k, v) for k, v in reply["headers"] if k in ANSWER_HEADERS])
