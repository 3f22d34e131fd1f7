"""Engine settings per database: SQLite gets WAL, foreign keys and a patient lock wait."""

from __future__ import annotations

import logging
import os

from flask import Flask
from sqlalchemy import event
from sqlalchemy.exc import DBAPIError

from . import jsonio
from .extensions import db

log = logging.getLogger(__name__)


def is_sqlite(app: Flask) -> bool:
    return app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite")


def init_database(app: Flask) -> None:
    """Call instead of ``db.init_app``: engine options must be in place before the engine exists."""
    options = app.config.setdefault("SQLALCHEMY_ENGINE_OPTIONS", {})
    # JSON columns (a table's state) are read on every request: orjson is several times faster.
    options.setdefault("json_serializer", jsonio.dumps)
    options.setdefault("json_deserializer", jsonio.loads)
    # Errors and logs show the SQL, never the values bound into it (names, tokens' digests, …).
    options.setdefault("hide_parameters", True)
    if is_sqlite(app):
        # Writers queue for the lock instead of failing at once with "database is locked".
        options.setdefault("connect_args", {}).setdefault("timeout", 30)
    else:
        # No pool_pre_ping: it costs a round trip on every request. If the server restarts,
        # a request on a dead connection fails cleanly (a 503 database_unavailable with
        # Retry-After, errors.py, which the phone retries) and SQLAlchemy marks every connection
        # pooled before it stale, so the next requests connect afresh: one failed request per
        # connection in use at the moment of the cut, not one per pooled connection
        # (tests/api/test_database_lost.py).
        # A gevent worker serves many requests at once; each holds a connection only briefly,
        # but SQLAlchemy's default of 5 (+10) made them queue for one. A pool of a fixed size, no
        # overflow: a connection past the pool's size is closed as soon as it is given back, so a
        # busy worker opened and closed one after another, each a new backend process for the
        # server (10 + 10 overflow: 0.23-0.24 of the baseline for appends to 64 tables; 20 + 0, the
        # same ceiling: 0.26-0.28; docs/PERFORMANCE.md). Connections are opened as they are needed,
        # so a quiet server holds few. Keep workers × size under the server's max_connections
        # (100 by default).
        options.setdefault("pool_size", int(os.environ.get("SCOREKEEPER_DB_POOL", "20")))
        options.setdefault("max_overflow", 0)
    db.init_app(app)

    @app.teardown_appcontext
    def _end_session(_exc):
        # Runs before Flask-SQLAlchemy's own teardown. If the database dropped the connection
        # (a restart), the session's ROLLBACK fails here, after the response was made: drop the
        # dead connection quietly so the client still gets the answer already built.
        try:
            db.session.remove()
        except DBAPIError:
            log.warning("database connection lost at the end of a request; discarded")
            db.session.registry().invalidate()
            db.session.registry.clear()

    if not is_sqlite(app):
        return
    with app.app_context():

        @event.listens_for(db.engine, "connect")
        def _pragmas(dbapi_connection, _record):
            cursor = dbapi_connection.cursor()
            # WAL lets phones read while someone writes; foreign keys are off by default in SQLite.
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.close()
