"""Service health, the clock-sync probe and the address phones reach the app by."""

from __future__ import annotations

import time

from flask import request
from marshmallow import Schema, fields
from sqlalchemy import text

from ..extensions import db
from ..links import public_base
from ..version import __version__
from .blueprint import Blueprint

blp = Blueprint("meta", __name__, url_prefix="/api", description="Health, server time and the address phones use.")


class HealthSchema(Schema):
    status = fields.String(required=True, metadata={"description": "ok, or degraded when the database is unreachable"})
    version = fields.String(required=True)
    database = fields.String(required=True, metadata={"description": "sqlite or postgresql"})
    database_reachable = fields.Boolean(required=True)


class LinksSchema(Schema):
    base_url = fields.String(
        required=True,
        metadata={"description": "scheme://host[:port] other phones reach this app by: SCOREKEEPER_PUBLIC_URL, "
                  "else the LAN address when asked on localhost or 127.x, else the address asked on."},
    )


class TimeSchema(Schema):
    now_ms = fields.Integer(required=True, metadata={"description": "Server time, ms since the Unix epoch."})


@blp.route("/health")
@blp.response(200, HealthSchema)
@blp.alt_response(503, schema=HealthSchema, description="The database cannot be reached.")
def health():
    """Is the service up, and can it reach its database?"""
    try:
        db.session.execute(text("SELECT 1"))
        reachable = True
    except Exception:  # noqa: BLE001 - any failure means "not reachable"; the body says so
        db.session.rollback()
        reachable = False
    payload = {
        "status": "ok" if reachable else "degraded",
        "version": __version__,
        "database": db.engine.dialect.name,
        "database_reachable": reachable,
    }
    return payload, (200 if reachable else 503)


@blp.route("/time")
@blp.response(200, TimeSchema)
def server_time():
    """The server's clock, for phones to estimate their offset (never cached)."""
    return {"now_ms": int(time.time() * 1000)}, 200, {"Cache-Control": "no-store"}


@blp.route("/links")
@blp.response(200, LinksSchema)
def links():
    """Where links and QR codes for other phones should point (a page on localhost cannot use its own address)."""
    return {"base_url": public_base(request.host_url)}, 200, {"Cache-Control": "no-store"}
