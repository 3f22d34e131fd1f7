"""Tables: the shared event log, the timer, the join QR code and the live stream."""

from __future__ import annotations

import uuid

from flask import Flask, Response, current_app, jsonify, request, stream_with_context
from flask_limiter.util import get_remote_address
from werkzeug.exceptions import TooManyRequests

from .. import i18n
from ..errors import ErrorSchema, handle_http
from ..services import leagues, streams, table_league, tables
from ..stream_slots import shared_slots
from ..text import N_
from .blueprint import Blueprint
from .league_link import league_token
from .qr import svg
from .schemas import (
    AppendedSchema,
    ConflictSchema,
    EventInSchema,
    EventListSchema,
    EventsQuerySchema,
    StreamQuerySchema,
    TableCreateSchema,
    TableSchema,
    TableStandingsSchema,
    TimerCommandSchema,
)

blp = Blueprint("tables", __name__, url_prefix="/api/tables",
                description="A game being played: seats, the event log, the shared timer and dice.")


def _view(table):
    """The table as a phone shows it, its texts (score lines, reasons) in the asker's language."""
    return i18n.localize(tables.view(table, request.host_url))


def _appended(event, table, created):
    body = {"event": i18n.localize(event), "table": _view(table), "duplicate": not created}
    return jsonify(body), 201 if created else 200


@blp.route("", methods=["POST"])
@blp.arguments(TableCreateSchema)
@blp.response(201, TableSchema)
@blp.alt_response(401, schema=ErrorSchema, description="league given without a valid league link.", success=False)
@blp.alt_response(403, schema=ErrorSchema, description="league given with a viewer link.", success=False)
def create_table(payload):
    """Start a table: a game, its options and the seats in clockwise order. Returns the join code.

    With ``league`` (and that league's member link as ``Authorization: Bearer …``) the
    table starts from the league's house rules, and its result is posted to the league
    when the game ends.
    """
    league, link = None, None
    if payload.get("league"):
        token = league_token()
        league, _ = leagues.authorize(payload["league"], token, need="member")
        link = leagues.token_hash(token)
    table = tables.create(payload["game"], payload["options"], payload["seats"], league, link)
    return jsonify(_view(table)), 201


@blp.route("/<string:code>")
@blp.response(200, TableSchema)
@blp.alt_response(404, schema=ErrorSchema, description="No table has this code.", success=False)
def get_table(code):
    """The table with its derived state, live score, timer and last dice."""
    # jsonify, not a schema dump: the view is built to the schema already, and this is the hot read.
    return jsonify(_view(tables.read(code)))


@blp.route("/<string:code>/events", methods=["POST"])
@blp.arguments(EventInSchema)
@blp.response(201, AppendedSchema, description="Stored.")
@blp.alt_response(200, schema=AppendedSchema, description="This id was stored before: the first outcome.")
@blp.alt_response(404, schema=ErrorSchema, description="No table has this code.", success=False)
@blp.alt_response(409, schema=ConflictSchema, description="expected_seq is stale, an undo or redo names an action "
                  "that is no longer the one to undo or redo (stale), or the id was used for another action "
                  "(id_reused), a seat another phone holds is claimed without take_over (seat_taken) or a player's "
                  "own act is done for it without on_behalf (seat_on_another_phone); the current table is "
                  "included.", success=False)
def append_event(payload, code):
    """Append an action (idempotent by id). A refused action is a 422 with the rule broken.

    The same id with the same type and data answers the first outcome again; with another
    type or data it is 409 ``id_reused``, naming the event stored under it.
    """
    sender = tables.Sender(payload.get("device"), payload["on_behalf"])
    event, table, created = tables.append(code, str(payload["id"]), payload["type"], payload["data"],
                                          payload.get("expected_seq"), host_url=request.host_url,
                                          league_token=league_token(), sender=sender)
    return _appended(event, table, created)


@blp.route("/<string:code>/again", methods=["POST"])
@blp.response(201, TableSchema, description="The new table.")
@blp.alt_response(200, schema=TableSchema, description="This table was played again before: that table.")
@blp.alt_response(404, schema=ErrorSchema, description="No table has this code.", success=False)
def play_again(code):
    """Play again: a new table with the same game, seats and options, which every phone at this one follows.

    A league table's next table stays in the league only when this request carries the league's member
    link (``Authorization: Bearer …``); otherwise it is a casual table, which a member can record later.
    """
    table, created = tables.play_again(code, request.host_url, league_token())
    return jsonify(_view(table)), 201 if created else 200


@blp.route("/<string:code>/events")
@blp.arguments(EventsQuerySchema, location="query")
@blp.response(200, EventListSchema)
@blp.alt_response(404, schema=ErrorSchema, description="No table has this code.", success=False)
def list_events(query, code):
    """The log after a sequence number, oldest first."""
    table = tables.get(code)
    events = tables.events_after(table, query["after"], query["limit"])
    return {"events": i18n.localize([tables.event_dict(e) for e in events]), "seq": table.last_seq}


@blp.route("/<string:code>/timer", methods=["POST"])
@blp.arguments(TimerCommandSchema)
@blp.response(201, AppendedSchema, description="Stored.")
@blp.alt_response(200, schema=AppendedSchema, description="This id was stored before: the first outcome.")
@blp.alt_response(404, schema=ErrorSchema, description="No table has this code.", success=False)
@blp.alt_response(409, schema=ConflictSchema, description="expected_seq is stale, or the id was used for "
                  "another action (id_reused).", success=False)
def timer_command(payload, code):
    """set / start / pause / resume / add / reset the shared timer (recorded as a table event)."""
    data = {"action": payload["action"]}
    if "seconds" in payload:
        data["seconds"] = payload["seconds"]
    uid = str(payload.get("id") or uuid.uuid4())
    event, table, created = tables.command_timer(code, uid, data, payload.get("expected_seq"),
                                                 host_url=request.host_url, league_token=league_token())
    return _appended(event, table, created)


@blp.route("/<string:code>/stream")
@blp.arguments(StreamQuerySchema, location="query")
@blp.response(200, description="Server-Sent Events: one `table` event per change ({events, table}), "
              "with ids to resume from (Last-Event-ID), and a `heartbeat` event ({every_ms}) "
              "after the first and then whenever the table has been quiet that long.",
              content_type="text/event-stream")
@blp.alt_response(404, schema=ErrorSchema, description="No table has this code.", success=False)
def stream(query, code):
    """Follow a table live. Reconnecting phones send Last-Event-ID and miss nothing."""
    # The caps first and the table after, and the table by the read every phone polls (not the whole ORM row):
    # a flood of streams is mostly refused, and each refusal must cost the worker as little as it can.
    config = current_app.config
    ticket = streams.hub().admit(get_remote_address(), config["STREAMS_PER_ADDRESS"], config["STREAMS_PER_WORKER"],
                                 shared_slots(current_app))
    if ticket is None:
        raise _too_many_streams()
    try:
        table = tables.read(code)
    except BaseException:
        ticket.release()
        raise
    after = query.get("after")
    last_id = request.headers.get("Last-Event-ID", "")
    if last_id.isdigit() and len(last_id) <= 9:
        # A stream opened with ?after= and reconnected by the browser sends both: the header is newer.
        after = max(after or 0, int(last_id))
    language = i18n.language()  # ?lang=, else Accept-Language: the messages are said in it, and cached per language
    render = _stream_render(table.code, request.host_url, language)
    body = stream_with_context(streams.stream(table.id, table.last_seq, after, render,
                                              cache_key=f"{language} {request.host_url}", renew=ticket.renew))
    response = Response(body, mimetype="text/event-stream",
                        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
    response.call_on_close(ticket.release)
    return response


def _too_many_streams() -> TooManyRequests:
    return TooManyRequests(N_("Too many live tables are open from this address; close some and try again."),
                           retry_after=5)


def early_refusal(app: Flask):
    """For the stream gate (stream_gate.py): a stream request from an address that holds its cap of streams in this
    worker, or to a worker that holds all it may, is answered as ``stream`` answers it (made by the app once per
    language and kept: it differs in nothing else), without routing, the request hooks or parsing its query (a
    Host the app does not answer to is then told 429, not 400). Anything else goes on to ``stream``, which counts
    again, and across instances when the counts are shared (``Hub.refuses``)."""
    answers: dict[str, tuple[str, list[tuple[str, str]], bytes]] = {}  # language → the 429 as sent

    def refuse(environ):
        address = environ.get("REMOTE_ADDR") or "127.0.0.1"  # as get_remote_address reads it, behind ProxyFix too
        if not streams.hub(app).refuses(address, app.config["STREAMS_PER_ADDRESS"], app.config["STREAMS_PER_WORKER"]):
            return None
        language = i18n.language_of(environ)
        if language not in answers:  # made uncompressed, so that it may be sent to any phone
            plain = {key: value for key, value in environ.items() if key != "HTTP_ACCEPT_ENCODING"}
            with app.request_context(plain):
                response = app.process_response(handle_http(_too_many_streams()))
            answers[language] = (response.status, list(response.headers.items()), response.get_data())
        status, headers, body = answers[language]

        def answer(_environ, start_response):
            start_response(status, headers)
            return [body]
        return answer
    return refuse


def _stream_render(code: str, host_url: str, language: str):
    """What each stream message of this table says: the events after ``since`` and the table now, its
    texts in ``language``."""

    def render(since: int):
        table = tables.read(code)
        events = [tables.event_dict(e) for e in tables.events_after(table, since)]
        return table.last_seq, i18n.localize({"events": events, "table": tables.view(table, host_url)}, language)

    return render


@blp.route("/<string:code>/standings")
@blp.response(200, TableStandingsSchema)
@blp.alt_response(404, schema=ErrorSchema, description="No table has this code, or it is not a league's.",
                  success=False)
def standings_after(code):
    """A finished league table's players in the league's standings, and where each stood before this game:
    what the big screen shows at the end. Only this table's players: the code shows no other member."""
    return table_league.standings_after(code)


@blp.route("/<string:code>/qr.svg")
@blp.response(200, description="An SVG QR code of the join link.", content_type="image/svg+xml")
@blp.alt_response(404, schema=ErrorSchema, description="No table has this code.", success=False)
def join_qr(code):
    """A QR code that opens this table on another phone."""
    table = tables.get(code)
    response = Response(svg(tables.join_url(table, request.host_url), f"Join table {table.code}"),
                        mimetype="image/svg+xml")
    response.headers["Cache-Control"] = "public, max-age=3600"
    response.vary.add("Host")  # the link in it is made from the address asked on (links.py)
    return response
