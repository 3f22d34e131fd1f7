"""gunicorn settings shared by `make run`, the Procfile, the tests and the benchmarks.

    gunicorn -c python:scorekeeper.gunicorn_conf 'scorekeeper:create_app()'

gevent workers: every phone at a table holds an event stream open, and a
greenlet per open stream is cheap where a thread per stream is not. psycopg 3
cooperates with gevent by itself.
"""

import os

bind = f"0.0.0.0:{os.environ.get('PORT', '8000')}"
worker_class = "scorekeeper.gunicorn_worker.GeventWorker"
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
worker_connections = int(os.environ.get("SCOREKEEPER_CONNECTIONS", "1000"))
timeout = 60
graceful_timeout = 5  # open event streams would otherwise hold a restart for the full default
# Longest request line gunicorn allows: long URLs get the app's own JSON errors, not gunicorn's HTML 414.
limit_request_line = 8190
# A log line per request, to stdout; SCOREKEEPER_ACCESS_LOG= (empty) turns it off (benchmarks).
accesslog = os.environ.get("SCOREKEEPER_ACCESS_LOG", "-") or None
errorlog = "-"


def when_ready(server):
    """Before the workers fork: compress the phone app's files, which each worker then has (compressed_files.py),
    and start the instance's scan service (scan/server.py), which the workers find by the environment."""
    import time

    from scorekeeper import app_files, compressed_files

    started = time.perf_counter()
    count = compressed_files.encode_ahead(app_files.app_files().values())
    server.log.info("Compressed the app's %d files in %.1f s", count, time.perf_counter() - started)

    from scorekeeper.services import scan

    if scan.available():
        from scorekeeper.scan.server import Service

        server.scan_service = Service()
        os.environ["SCOREKEEPER_SCAN_SOCKET"] = server.scan_service.path


def on_exit(server):
    service = getattr(server, "scan_service", None)
    if service is not None:
        service.stop()


def post_worker_init(worker):
    """Each worker's hub starts listening for table changes as the worker starts, not on some first read; and
    what is loaded by then is left out of the garbage collector's passes."""
    from scorekeeper.services.streams import start_listening

    start_listening(worker.wsgi)
    # The app's own objects (the libraries, the schemas, the games) live as long as the worker: kept out of the
    # cyclic collector's passes, which under a flood of 2,000 stream requests took 100 ms each, holding the loop.
    import gc

    gc.freeze()


def post_request(worker, req, environ, resp):
    """Let other connections run after each request.

    A busy keep-alive connection's next request is often already waiting, and
    gevent would serve it before anyone else: under load, a few phones got
    answers in 1 ms while others waited seconds. One cooperative yield per
    request evens that out.
    """
    import gevent

    gevent.sleep(0)
