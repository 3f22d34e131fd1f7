"""Engine settings per database: SQLite gets WAL, foreign keys and a patient lock wait."""

from __future__ import annotations

from flask import Flask
from sqlalchemy import event

from .extensions import db


def is_sqlite(app: Flask) -> bool:
    return app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite")


def init_database(app: Flask) -> None:
    """Call instead of ``db.init_app``: engine options must be in place before the engine exists."""
    if is_sqlite(app):
        options = app.config.setdefault("SQLALCHEMY_ENGINE_OPTIONS", {})
        # Writers queue for the lock instead of failing at once with "database is locked".
        options.setdefault("connect_args", {}).setdefault("timeout", 30)
    db.init_app(app)
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
