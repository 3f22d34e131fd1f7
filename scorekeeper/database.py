"""Engine settings per database: SQLite gets WAL, foreign keys and a patient lock wait."""

from __future__ import annotations

import logging

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
    if is_sqlite(app):
        # Writers queue for the lock instead of failing at once with "database is locked".
        options.setdefault("connect_args", {}).setdefault("timeout", 30)
    else:
        # A server can restart under us: test a pooled connection before handing it out.
        options.setdefault("pool_pre_ping", True)
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
