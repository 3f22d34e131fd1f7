"""One JSON shape for every error: ``{code, status, message, errors?}``.

``code`` is a stable slug a program can branch on (``not_found``,
``validation_error``, or a game's rule code such as ``not_your_turn``),
``status`` the HTTP status, ``message`` a sentence a player understands, and
``errors`` maps each offending field (a dotted path) to its messages.

Services raise domain errors (``domain_errors.py``) and the games ``RuleError``; here each
gets its HTTP status, and every message is said in the asker's language (``i18n.py``,
by ``Accept-Language``). ``code`` and the field paths are the same in every language.
"""

from __future__ import annotations

import logging
from typing import Any

from flask import Flask, current_app, jsonify, request
from flask_limiter.errors import RateLimitExceeded
from marshmallow import Schema, fields
from sqlalchemy.exc import DBAPIError, OperationalError
from sqlalchemy.exc import TimeoutError as SQLAlchemyTimeoutError
from werkzeug.exceptions import HTTPException, InternalServerError

from . import i18n
from .domain_errors import (
    Conflict,
    DomainError,
    Forbidden,
    NotFound,
    NotInstalled,
    Refused,
    TooBig,
    Unauthorized,
    Unavailable,
    UnknownTable,
)
from .games.base import RuleError
from .limits import join_code_miss, over_limit
from .text import N_

log = logging.getLogger(__name__)


class ErrorSchema(Schema):
    code = fields.String(required=True, metadata={"description": "Stable slug, e.g. not_found or a rule code."})
    status = fields.Integer(required=True)
    message = fields.String(required=True)
    errors = fields.Dict(
        keys=fields.String(),
        values=fields.List(fields.String()),
        metadata={"description": "Messages per field, the field as a dotted path."},
    )


# The one place a domain error becomes an HTTP status.
STATUS = {Refused: 422, NotFound: 404, Conflict: 409, Unauthorized: 401, Forbidden: 403, TooBig: 413,
          Unavailable: 503, NotInstalled: 501}


def body(status: int, code: str, message: str, errors: dict[str, list[str]] | None = None, **extra) -> dict:
    out: dict[str, Any] = {"code": code, "status": status, "message": message}
    if errors:
        out["errors"] = errors
    out.update(extra)
    return out


def _answer(status: int, code: str, message: Any, errors: dict[str, list[Any]] | None = None, **extra):
    """The error as JSON, its messages in the asker's language (which is why the answer varies by it)."""
    said = {field: [i18n.render(m) for m in messages] for field, messages in errors.items()} if errors else None
    response = jsonify(body(status, code, i18n.render(message), said, **i18n.localize(extra)))
    response.status_code = status
    response.vary.add("Accept-Language")
    return response


def _flatten(messages: Any, prefix: str = "") -> dict[str, list[str]]:
    """webargs' nested {"json": {"seats": {0: {"name": [...]}}}} → {"seats.0.name": [...]}."""
    if isinstance(messages, list) and all(isinstance(m, str) for m in messages):
        return {prefix or "_body": [i18n.loose(m) for m in messages]}
    if isinstance(messages, dict):
        out: dict[str, list[str]] = {}
        for key, value in messages.items():
            name = f"{prefix}.{key}" if prefix else str(key)
            out.update(_flatten(value, name))
        return out
    return {prefix or "_body": [str(messages)]}


def _validation_errors(exc: HTTPException) -> dict[str, list[str]] | None:
    messages = (getattr(exc, "data", None) or {}).get("messages")
    if not messages:
        return None
    # Drop webargs' location level ("json", "query", "view_args"): the field name is what matters.
    if isinstance(messages, dict) and set(messages) <= {"json", "query", "view_args", "headers", "form", "files"}:
        merged: dict[str, list[str]] = {}
        for part in messages.values():
            merged.update(_flatten(part))
        return merged
    return _flatten(messages)


def _slug(exc: HTTPException) -> str:
    return (exc.name or "error").lower().replace(" ", "_").replace("'", "")


def handle_http(exc: HTTPException):
    status = exc.code or 500
    errors = _validation_errors(exc)
    if status == 422 and errors:
        first_field, first_msgs = next(iter(errors.items()))
        message = f"{first_field}: {first_msgs[0]}" if first_field != "_body" else first_msgs[0]
        code = "validation_error"
    elif status == 400 and errors:
        message = next(iter(errors.values()))[0]
        code = "bad_request"
    elif isinstance(exc, RateLimitExceeded):
        message, code = over_limit(exc.limit), _slug(exc)
    else:
        message = i18n.loose((getattr(exc, "data", None) or {}).get("message") or exc.description or exc.name)
        code = _slug(exc)
    response = _answer(status, code, message, errors)
    for name, value in exc.get_headers():
        if name.lower() not in ("content-type", "content-length"):
            response.headers[name] = value
    return response


def handle_rule(err: RuleError):
    return _answer(422, err.code, err.text, {err.field: [err.text]} if err.field else None)


def handle_domain(err: DomainError):
    errors = {err.field: [err.detail if err.detail is not None else err.text]} if err.field else None
    status = next(STATUS[kind] for kind in type(err).__mro__ if kind in STATUS)  # UnknownTable: NotFound's
    response = _answer(status, err.code, err.text, errors, **err.extra)
    if "retry_after" in err.extra:  # said in the body for the phone, and as HTTP says it for every client
        response.headers["Retry-After"] = str(max(1, int(err.extra["retry_after"])))
    return response


def handle_unknown_table(err: UnknownTable):
    """Guessing table codes costs, on every endpoint that takes one: past the address's budget, a 429."""
    over_budget = join_code_miss()
    return handle_http(over_budget) if over_budget else handle_domain(err)


def handle_unexpected(exc: Exception):
    # Unexpected: log the traceback server-side, tell the client nothing internal.
    # repr: a path with a newline or NUL in it cannot forge a log line of its own.
    log.exception("unhandled error on %s %r", request.method, request.path)
    return handle_http(InternalServerError(N_("Something went wrong on our side; nothing was saved. Try again.")))


def handle_database_lost(exc: Exception):
    """The database did not answer (a lost connection, a server restarting, no free connection): nothing of
    this request was stored, and trying again in a moment works, so 503 with Retry-After, which the phone
    retries (frontend/js/api.js). SQLAlchemy has dropped the dead connection and those pooled before it, so
    the next request connects afresh."""
    log.warning("database unavailable on %s %r: %s", request.method, request.path, type(exc).__name__)
    return handle_domain(Unavailable("database_unavailable", "The database is not answering just now; "
                                     "try again in a moment.", extra={"retry_after": 2}))


def _lost(exc: Exception) -> bool:
    return isinstance(exc, OperationalError | SQLAlchemyTimeoutError) or bool(
        getattr(exc, "connection_invalidated", False))


def handle_database_error(exc: DBAPIError):
    if _lost(exc):
        return handle_database_lost(exc)
    if current_app.debug:
        raise exc  # the debugger shows the traceback, as for any other unexpected error
    return handle_unexpected(exc)


def register(app: Flask) -> None:
    app.register_error_handler(HTTPException, handle_http)
    app.register_error_handler(RuleError, handle_rule)
    app.register_error_handler(DomainError, handle_domain)
    app.register_error_handler(UnknownTable, handle_unknown_table)
    app.register_error_handler(DBAPIError, handle_database_error)
    app.register_error_handler(SQLAlchemyTimeoutError, handle_database_lost)
    if not app.debug:  # in debug, let the debugger show the traceback
        app.register_error_handler(Exception, handle_unexpected)
