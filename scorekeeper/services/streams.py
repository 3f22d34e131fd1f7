"""Server-Sent Events: every phone at a table hears of every change at once.

Each worker process has one Hub. A stream waits for its table's next change
(no database connection is held while waiting). A change made in this process
wakes the streams right after its commit; a change made by another worker or
another instance arrives through the database: PostgreSQL's LISTEN/NOTIFY
(the NOTIFY is sent inside the append's transaction, so it is delivered only
if the event was stored), or, on SQLite, which has no such thing, a poll of
the watched tables' ``last_seq`` every 100 ms (SQLite is one machine anyway).

The message for a change is built once per process and shared by every stream
that was at the same point, so a thousand phones cost one query, not a thousand.
The messages kept for sharing are bounded in bytes (``MESSAGE_CACHE_BYTES``), not
only in number, since a message carries the whole table.

One address cannot take a worker's connections: it may hold at most
``STREAMS_PER_ADDRESS`` streams in a worker (a club on one wifi: 30 tables of six
phones), or in all workers and instances when the rate limits are kept in Redis
(stream_slots.py), and streams altogether at most ``STREAMS_PER_WORKER``, so reads
always find a free connection. A stream that has carried nothing but heartbeats for
``STREAM_IDLE_S`` ends; the phone's EventSource reconnects by itself a second later
with Last-Event-ID, so an honest phone misses nothing and a forgotten one lets go.

A quiet table's stream sends a ``heartbeat`` event every ``STREAM_HEARTBEAT_S`` (one right after the first
message too, saying the interval), an event and not an SSE comment because a page's EventSource never sees
comments. A route lost while the phone's wifi stays up leaves the socket open and silent, and
``navigator.onLine`` true: hearing nothing for a few intervals is how the phone knows (session.js).
"""

from __future__ import annotations

import itertools
import json
import logging
import threading
import time
from collections import Counter, OrderedDict
from collections.abc import Callable, Iterator
from typing import Any

from flask import Flask, current_app
from sqlalchemy import select, text

from ..extensions import db
from ..models import Table

log = logging.getLogger(__name__)

CHANNEL = "scorekeeper_tables"
SQLITE_POLL_S = 0.1
PG_SAFETY_POLL_S = 2.0  # catches anything missed while the LISTEN connection was being re-opened
MESSAGE_CACHE_BYTES = 8 * 1024 * 1024
MESSAGE_CACHE_COUNT = 256


def notify_in_transaction(table_id: int, seq: int) -> None:
    """Tell other instances, delivered by PostgreSQL only if the transaction commits."""
    if db.engine.dialect.name == "postgresql":
        db.session.execute(text("SELECT pg_notify(:channel, :payload)"),
                           {"channel": CHANNEL, "payload": f"{table_id}:{seq}"})


class Hub:
    def __init__(self, app: Flask):
        self.app = app
        self._lock = threading.Lock()
        self._changes: dict[int, threading.Event] = {}  # per table streamed here: set at its next change
        self._latest: dict[int, int] = {}
        self._watching: Counter[int] = Counter()
        self._messages: OrderedDict[tuple[int, int, int, str], tuple[int, bytes]] = OrderedDict()
        self._message_bytes = 0
        self._streams: Counter[str] = Counter()  # open streams per client address
        self._build_locks: dict[int, threading.Lock] = {}
        self._watcher: threading.Thread | None = None
        # PostgreSQL: which LISTEN connection is up (a new number each time one is opened),
        # None while there is none. What was learnt under one number holds while it lasts.
        self.epoch: int | None = None
        self._epochs = itertools.count(1)

    # --- hearing of changes ---------------------------------------------------------------

    def _follow(self, table_id: int) -> None:
        """Make ready what the streams of ``table_id`` share: its message lock and its change event."""
        with self._lock:
            if table_id not in self._changes:
                self._changes[table_id] = threading.Event()
                self._build_locks[table_id] = threading.Lock()

    def published(self, table_id: int, seq: int) -> None:
        with self._lock:
            if seq <= self._latest.get(table_id, 0):
                return
            self._latest[table_id] = seq
            # On PostgreSQL every table's changes are heard: only those streamed here have an event.
            changed = self._changes.get(table_id)
            if changed is not None:
                self._changes[table_id] = threading.Event()  # the next change's
        if changed is not None:
            changed.set()

    def latest(self, table_id: int) -> int:
        return self._latest.get(table_id, 0)

    def wait(self, table_id: int, after: int, timeout: float) -> int:
        """Block until the table is past ``after`` or ``timeout`` passes; the latest seq.

        Each table has one event for its next change, set and replaced when the change comes (under the lock
        under which a stream takes it, so none can miss it). Under gevent an event's waiters are woken in one
        pass; a condition variable woke each stream through a lock of its own and then its condition's lock
        again, half as fast again for a thousand streams.
        """
        with self._lock:
            if self._latest.get(table_id, 0) > after:
                return self._latest[table_id]
            changed = self._changes[table_id]
        changed.wait(timeout)
        return self._latest.get(table_id, 0)

    # --- who is watching ------------------------------------------------------------------

    def watch(self, table_id: int, seq: int) -> None:
        with self._lock:
            self._watching[table_id] += 1
        self._follow(table_id)
        self.start()
        self.published(table_id, seq)

    def start(self) -> None:
        """Hear of changes made by other workers and instances from now on (idempotent)."""
        with self._lock:
            if self._watcher is None or not self._watcher.is_alive():
                self._watcher = threading.Thread(target=self._watch_database, name="table-watcher", daemon=True)
                self._watcher.start()

    def unwatch(self, table_id: int) -> None:
        with self._lock:
            self._watching[table_id] -= 1
            if self._watching[table_id] <= 0:
                del self._watching[table_id]

    def _watch_database(self) -> None:
        with self.app.app_context():
            postgres = db.engine.dialect.name == "postgresql"
        while True:
            try:
                if postgres:
                    self._listen()
                else:
                    self._poll_forever(SQLITE_POLL_S)
            except Exception:  # noqa: BLE001 - the watcher must outlive a database hiccup
                log.warning("table watcher lost the database; retrying in 1 s", exc_info=True)
                time.sleep(1)

    def _poll_once(self) -> None:
        with self._lock:
            ids = list(self._watching)
        if not ids:
            return
        with self.app.app_context():
            try:
                rows = db.session.execute(select(Table.id, Table.last_seq).where(Table.id.in_(ids))).all()
            finally:
                db.session.remove()
        for table_id, seq in rows:
            self.published(table_id, seq)

    def _poll_forever(self, every: float) -> None:
        while True:
            self._poll_once()
            time.sleep(every)

    def _listen(self) -> None:
        import psycopg

        with self.app.app_context():
            url = db.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        try:
            with psycopg.connect(url, autocommit=True) as conn:
                conn.execute(f"LISTEN {CHANNEL}")
                self._poll_once()  # anything that happened before LISTEN took effect
                self.epoch = next(self._epochs)
                last_poll = time.monotonic()
                while True:
                    for note in conn.notifies(timeout=PG_SAFETY_POLL_S):
                        table_id, seq = (int(x) for x in note.payload.split(":"))
                        self.published(table_id, seq)
                    if time.monotonic() - last_poll >= PG_SAFETY_POLL_S:
                        self._poll_once()
                        last_poll = time.monotonic()
        finally:
            self.epoch = None  # deaf until the next connection: what was learnt may be missing changes

    # --- who may open a stream ----------------------------------------------------------------

    def admit(self, address: str, per_address: int, per_worker: int, shared=None):
        """Count a new stream from ``address``; its ``Ticket``, or None when over a cap.

        ``shared`` (stream_slots.SharedSlots, passed in by the view: a service does not reach the rate limits):
        the address's streams are counted across every worker and instance; without it, in this worker only.
        """
        with self._lock:
            if self._full(address, None if shared is not None else per_address, per_worker):
                return None
            self._streams[address] += 1
            held_here = self._streams[address]
        ticket = Ticket(self, address)
        if shared is not None:
            ticket.slot = shared.take(address, per_address, held_here)
            if ticket.slot is None:
                ticket.release()
                return None
        return ticket

    def refuses(self, address: str, per_address: int, per_worker: int) -> bool:
        """Whether this worker's own count already refuses a new stream from ``address``: the address holds its cap
        here, or the worker all it may. A count shared across workers is never below this one, so it refuses too."""
        with self._lock:
            return self._full(address, per_address, per_worker)

    def _full(self, address: str, per_address: int | None, per_worker: int) -> bool:
        # The caller holds the lock. ``per_address`` None: the address is counted elsewhere (shared slots).
        over_address = per_address is not None and self._streams[address] >= per_address
        return over_address or self._streams.total() >= per_worker

    def _let_go(self, address: str) -> None:
        with self._lock:
            self._streams[address] -= 1
            if self._streams[address] <= 0:
                del self._streams[address]

    def open_streams(self, address: str | None = None) -> int:
        with self._lock:
            return self._streams.total() if address is None else self._streams[address]

    # --- what a stream sends --------------------------------------------------------------

    def message(self, table_id: int, after: int, build, cache_key: str = "") -> tuple[int, bytes]:
        """(seq, SSE message) taking a phone from ``after`` to now, built once and shared.

        Shared only by streams with the same ``cache_key``: a message holds a join link made from the
        address the stream was opened through.
        """
        latest = self.latest(table_id)
        key = (table_id, after, latest, cache_key)
        cached = self._messages.get(key)
        if cached is not None:
            return cached
        with self._build_locks[table_id]:
            cached = self._messages.get(key)
            if cached is None:
                cached = build(after)
                size = len(cached[1])
                if size > MESSAGE_CACHE_BYTES // 4:
                    return cached  # too big to keep: each stream that needs it builds its own
                with self._lock:
                    if key not in self._messages:
                        self._messages[key] = cached
                        self._message_bytes += size
                    while len(self._messages) > MESSAGE_CACHE_COUNT or self._message_bytes > MESSAGE_CACHE_BYTES:
                        _, (_, dropped) = self._messages.popitem(last=False)
                        self._message_bytes -= len(dropped)
        return cached

    def cached_bytes(self) -> int:
        return self._message_bytes


class Ticket:
    """One admitted stream: renewed as it sends (its shared slot's lease), released once when it ends."""

    def __init__(self, hub_: Hub, address: str):
        self._hub, self._address = hub_, address
        self.slot = None  # stream_slots.Slot, when counted across processes
        self._released = False

    def renew(self) -> None:
        if self.slot is not None:
            self.slot.renew()

    def release(self) -> None:
        with self._hub._lock:
            if self._released:
                return
            self._released = True
        self._hub._let_go(self._address)
        if self.slot is not None:
            self.slot.give_back()


_hubs: dict[int, Hub] = {}
_hubs_lock = threading.Lock()


def hub(app: Flask | None = None) -> Hub:
    """This process's hub for ``app`` (the current app by default)."""
    app = app or current_app._get_current_object()  # type: ignore[attr-defined]
    with _hubs_lock:
        if id(app) not in _hubs:
            _hubs[id(app)] = Hub(app)
        return _hubs[id(app)]


def start_listening(app: Flask) -> bool:
    """When a worker starts (``gunicorn_conf.post_worker_init``): on PostgreSQL with ``RECENT_ROWS``, hear of
    every table's changes from now on, so table reads may be served again from memory (services/tables.py).
    Nothing else starts the hub but a stream; a read never does. True when it started listening."""
    with app.app_context():
        postgres = db.engine.dialect.name == "postgresql"
    if not (app.config["RECENT_ROWS"] and postgres):
        return False
    hub(app).start()
    return True


def sse(event: str, data: Any, seq: int | None = None) -> bytes:
    """One SSE message, as bytes: encoded once where it is built, not once per stream that sends it."""
    head = f"id: {seq}\n" if seq is not None else ""
    return f"{head}event: {event}\ndata: {json.dumps(data, separators=(',', ':'))}\n\n".encode()


Render = Callable[[int], "tuple[int, dict[str, Any]]"]


def stream(table_id: int, start_seq: int, after: int | None, render: Render,
           cache_key: str = "", renew: Callable[[], None] = lambda: None) -> Iterator[bytes]:
    """The body of GET /api/tables/{code}/stream: catch up from ``after``, then follow until idle.

    ``render(since)`` is the API layer's: the table's seq and the message's data (the events after
    ``since`` and the table as the phone shows it), read in an app context of its own. Messages are
    shared by the streams with the same ``cache_key`` (what else the message depends on: the address
    its join link is made from). ``renew`` is called as it sends (the ticket's shared slot's lease).
    """
    app_hub = hub()
    app = app_hub.app
    idle_s = app.config["STREAM_IDLE_S"]
    every_s = app.config["STREAM_HEARTBEAT_S"]
    heartbeat = sse("heartbeat", {"every_ms": round(every_s * 1000)})

    def build(since: int) -> tuple[int, bytes]:
        with app.app_context():
            try:
                seq, data = render(since)
                return seq, sse("table", data, seq)
            finally:
                db.session.remove()

    app_hub.watch(table_id, start_seq)
    try:
        yield b"retry: 1000\n\n"
        position = start_seq if after is None else min(after, start_seq)
        # First message: the current state (and any events the phone missed).
        position, message = app_hub.message(table_id, position, build, cache_key)
        yield message
        yield heartbeat  # the interval, before the phone has to wait for it
        last_message = time.monotonic()
        while (idle_left := last_message + idle_s - time.monotonic()) > 0:
            latest = app_hub.wait(table_id, position, min(every_s, idle_left))
            renew()
            if latest > position:
                position, message = app_hub.message(table_id, position, build, cache_key)
                last_message = time.monotonic()
                yield message
            elif idle_left > every_s:
                yield heartbeat
    finally:
        app_hub.unwatch(table_id)
