"""Tables: create, read, and append events to the log (docs/ARCHITECTURE.md §2).

A table's state is derived from its event log by the pure reducer
(``scorekeeper/reducer.py``). The derived state after the last event (the
*snapshot*) is stored on the table row, so reading a table needs no replay;
each event row keeps the reducer's trail for later undos and redos.

Appends to one table are serialised by the first statement of the append's
transaction, an UPDATE that bumps ``tables.last_seq``: it takes the row's
write lock (PostgreSQL) or the database's (SQLite), so sequence numbers are
gap-free and two phones acting at once are simply ordered. The append's
statements run on the driver connection itself (``table_sql.py``).
"""

from __future__ import annotations

import datetime as dt
import functools
import logging
import re
import secrets
import threading
import time
import uuid
from collections import OrderedDict
from typing import Any, NamedTuple

from flask import current_app
from sqlalchemy import bindparam, select
from sqlalchemy.exc import DBAPIError, IntegrityError

from .. import games, jsonio, names, reducer, timer
from ..domain_errors import Conflict, DomainError, Refused, Unavailable, UnknownTable
from ..extensions import db
from ..games.base import RuleError, check_event_data
from ..links import public_base
from ..models import (
    TABLE_CODE_ALPHABET,
    TABLE_CODE_LENGTH,
    Event,
    League,
    LeaguePlayer,
    Table,
    TableSeatPlayer,
    is_table_code,
    now_ms,
)
from . import house_rules, leagues, scoring, streams, table_lanes, table_sql
from .table_sql import TableRow

log = logging.getLogger(__name__)

MAX_SEATS = 10
EVENT_TYPE = re.compile(r"^[a-z][a-z0-9_-]{0,31}$")
INTERNAL_EVENTS = frozenset({"next_table"})

# The data fields of the events the service itself handles, for every game (games declare their own).
SERVICE_EVENT_FIELDS = {"timer": ("action", "seconds"), "challenge": ("words", "by", "reveal"), "undo": ("seq",),
                        "redo": ("seq",), "roll": ("dice",), "next_table": ("code",),
                        "claim_seat": ("seat", "device", "take_over"), "release_seat": ("seat", "device")}
DEVICE_ID = reducer.DEVICE_ID  # what a phone's id may look like (its home is the reducer, which checks claims)


def new_code() -> str:
    return "".join(secrets.choice(TABLE_CODE_ALPHABET) for _ in range(TABLE_CODE_LENGTH))


def normalize_code(code: str) -> str:
    return code.strip().upper()


# --- creating and reading ----------------------------------------------------------------


def _seat_names(seats: list[dict[str, Any]], game) -> list[str]:
    if not game.MIN_SEATS <= len(seats) <= min(game.MAX_SEATS, MAX_SEATS):
        raise Refused("bad_seats", "{game} is for {fewest}–{most} players; you listed {seats}.", "seats",
                      "{fewest} to {most} seats", game=game.name, fewest=game.MIN_SEATS,
                      most=min(game.MAX_SEATS, MAX_SEATS), seats=len(seats))
    seated: list[str] = []
    for i, seat in enumerate(seats):
        name = names.clean(str(seat.get("name", "")))
        if not 1 <= len(name) <= names.MAX_LENGTH:
            raise Refused("bad_name", "Seat {number} needs a name of 1 to {most} characters.", f"seats.{i}.name",
                          "1 to {most} characters", number=i + 1, most=names.MAX_LENGTH)
        trouble = names.problem(name)
        if trouble:
            raise Refused("bad_name", "Seat {number}'s name {trouble}.", f"seats.{i}.name", trouble,
                          number=i + 1, trouble=trouble)
        if names.key(name) in (names.key(n) for n in seated):
            raise Refused("duplicate_name", "Two seats are called {name!r}; give each player a different name.",
                          f"seats.{i}.name", "already taken at this table", name=name)
        seated.append(name)
    return seated


def create(game_id: str, options: dict[str, Any] | None, seats: list[dict[str, Any]], league=None,
           league_link: str | None = None) -> Table:
    """A new table; inside ``league`` it starts from the league's house rules and seats join its players.

    ``league_link`` is the digest of the league link that started it (see ``post_to_league``)."""
    game = scoring.known_game(game_id)
    seat_names = _seat_names(seats, game)
    if league is not None:
        options = {**house_rules.table_defaults(league, game_id), **(options or {})}
    state = game.setup(options or {}, seat_names)  # RuleError → 422 naming the option
    for _ in range(10):
        # Again on every try: a rollback takes the new players with it.
        seated = _league_players(league, seat_names) if league is not None else []
        table = Table(code=new_code(), game=game_id, options=state.get("options", options or {}),
                      seats=seat_names, last_seq=0, league_id=league.id if league else None,
                      league_token_hash=league_link)
        table.snapshot = reducer.initial(rules_of(table), state)
        db.session.add(table)
        try:
            db.session.flush()
            db.session.add_all(TableSeatPlayer(table_id=table.id, seat=i, player_id=p.id) for i, p in enumerate(seated))
            db.session.commit()
            return table
        except IntegrityError:  # the code was taken (or a seat's name joined the league just now): try again
            db.session.rollback()
    raise Unavailable("no_code", "Could not find a free table code; try again.")


def _league_players(league, seat_names: list[str]) -> list[Any]:
    """The league player at each seat: the one of that name, or a new one (committed with the table)."""
    known = {p.name_key: p for p in leagues.players(league)}
    return [known.get(names.key(name)) or leagues.add_player(league, name, commit=False) for name in seat_names]


def get(code: str) -> Table:
    code = normalize_code(code)
    # Only a well-formed code reaches the database (PostgreSQL refuses NUL bytes with an error, for one).
    table = db.session.scalar(select(Table).where(Table.code == code)) if is_table_code(code) else None
    if table is None:  # guessing codes costs the asker (limits.py); a code that exists never does
        raise UnknownTable("unknown_table",
                           "There is no table with the code {given!r}. Check the code and try again.", given=code)
    return table


_READ = (select(Table.id, Table.code, Table.game, Table.options, Table.seats, Table.last_seq, Table.snapshot,
                Table.created_at_ms, League.public_id)
         .outerjoin(League, League.id == Table.league_id).where(Table.code == bindparam("code")))
_READ_SQL: dict[str, tuple[str, bool]] = {}  # per dialect: (SQL, positional parameters?)


def read(code: str) -> TableRow:
    """A table for reading: the hot path every phone polls and streams.

    It runs ``_READ`` on the pooled driver connection itself: SQLAlchemy's execution
    machinery cost more than the query (measured 117 µs against 17 µs a read on SQLite,
    239 against 128 on PostgreSQL). On PostgreSQL it runs outside a transaction, so no
    BEGIN and ROLLBACK round trips, and a row read in the last second is served again
    while this process has heard of no change to it (see ``_RecentRows``). When such a row
    expires, the readers waiting for it at that moment share one fetch (they all expired at
    once and each read it again: the read tail of issue 31's measurements).
    """
    code = normalize_code(code)
    hub = streams.hub() if current_app.config["RECENT_ROWS"] and db.engine.dialect.name == "postgresql" else None
    epoch = _recent_rows.epoch(hub)
    row = _recent_rows.get(code, hub, epoch)
    if row is not None:
        return row
    if epoch is None:
        return _load(code)
    # One fetch per expired row: the readers that find it gone while it is being fetched wait for that one.
    flight, leading = _recent_rows.join(code, epoch)
    if not leading:
        if flight.done.wait(_RecentRows.FLIGHT_WAIT_S):
            row = _recent_rows.still_good(flight, hub, epoch)
            if row is not None:
                return row
        return _load(code)  # the fetch failed (a 404 says itself again), went stale or is stuck: read anew
    try:
        row = _load(code)
        _recent_rows.put(row, hub, epoch)
        flight.row = row
        return row
    finally:
        _recent_rows.land(code, flight)


def _load(code: str) -> TableRow:
    found = _fetch(code) if is_table_code(code) else None
    if found is None:
        get(code)  # raises the 404
    table_id, code, game, options, seats, last_seq, snapshot, created_at_ms, league = found
    if isinstance(snapshot, str):  # SQLite hands JSON columns back as text; psycopg decodes them
        options, seats, snapshot = jsonio.loads(options), jsonio.loads(seats), jsonio.loads(snapshot)
    return TableRow(table_id, code, game, options, seats, last_seq, snapshot, created_at_ms, league)


class _Flight:
    """A fetch of one table's row under way, which the readers arriving meanwhile wait for."""

    __slots__ = ("epoch", "done", "row", "waiting")

    def __init__(self, epoch: int):
        self.epoch, self.done, self.row, self.waiting = epoch, threading.Event(), None, 0


class _RecentRows:
    """PostgreSQL only: table rows this process read in the last second, to read again without a round trip.

    Every change to a table is an append, and every append NOTIFYs its new seq; the hub
    hears each one (streams.py). A remembered row is served only while the hub has been
    listening without a break since it was read and has heard of no seq beyond it. A
    change made elsewhere reaches this process within milliseconds; if notices were ever
    lost without the hub noticing, a row is still at most ``TTL_S`` old. A row read here
    may thus trail a write made this very moment on another worker by that much; the
    phones drop any view older than the one they have, and a write's own answer carries
    the new state. SQLite has no notices (and its reads cost 17 µs): it always reads.
    """

    TTL_S = 1.0
    SIZE = 2000
    # How long a reader waits for another's fetch of the same row before reading it itself.
    FLIGHT_WAIT_S = 2.0

    def __init__(self) -> None:
        self._rows: OrderedDict[str, tuple[TableRow, int, float]] = OrderedDict()
        self._flights: dict[str, _Flight] = {}
        self._lock = threading.Lock()

    @staticmethod
    def epoch(hub: streams.Hub | None) -> int | None:
        """The hub's listening epoch; None (remember nothing) while it is not listening. A read never
        starts it: the server does, when a worker starts (``gunicorn_conf.post_worker_init``)."""
        return None if hub is None else hub.epoch

    def get(self, code: str, hub: streams.Hub | None, epoch: int | None) -> TableRow | None:
        if epoch is None:
            return None
        with self._lock:
            hit = self._rows.get(code)
        if hit is None:
            return None
        row, seen, at = hit
        if seen != epoch or time.monotonic() - at > self.TTL_S or hub.latest(row.id) > row.last_seq:
            return None
        return row

    def join(self, code: str, epoch: int) -> tuple[_Flight, bool]:
        """The fetch of ``code`` under way, or a new one; True when the caller is to make it."""
        with self._lock:
            flight = self._flights.get(code)
            if flight is not None and flight.epoch == epoch:
                flight.waiting += 1
                return flight, False
            flight = self._flights[code] = _Flight(epoch)
            return flight, True

    def land(self, code: str, flight: _Flight) -> None:
        with self._lock:
            if self._flights.get(code) is flight:
                del self._flights[code]
        flight.done.set()

    @staticmethod
    def still_good(flight: _Flight, hub: streams.Hub, epoch: int) -> TableRow | None:
        """A flight's row for a reader that waited for it: as for a remembered row, only while the hub has
        listened throughout and heard of no change beyond it (a write answered here just now, say)."""
        row = flight.row
        if row is None or hub.epoch != epoch or hub.latest(row.id) > row.last_seq:
            return None
        return row

    def put(self, row: TableRow, hub: streams.Hub | None, epoch: int | None) -> None:
        if epoch is None or hub.epoch != epoch:  # the hub went deaf while we read: a change may be unheard
            return
        with self._lock:
            self._rows[row.code] = (row, epoch, time.monotonic())
            self._rows.move_to_end(row.code)
            while len(self._rows) > self.SIZE:
                self._rows.popitem(last=False)


_recent_rows = _RecentRows()


def _fetch(code: str) -> tuple | None:
    engine = db.engine
    dialect = engine.dialect
    if dialect.name not in _READ_SQL:
        compiled = _READ.compile(dialect=dialect)
        _READ_SQL[dialect.name] = (str(compiled), compiled.positional)
    sql, positional = _READ_SQL[dialect.name]
    postgres = dialect.name == "postgresql"
    pooled = engine.raw_connection()
    driver = pooled.driver_connection
    try:
        with table_sql.driver_errors(engine, pooled):
            if postgres:
                driver.autocommit = True
            try:
                cursor = pooled.cursor()
                cursor.execute(sql, (code,) if positional else {"code": code})
                row = cursor.fetchone()
                cursor.close()
            finally:
                if postgres:
                    driver.autocommit = False
    finally:
        pooled.close()
    return row


def row_of(table: Table) -> TableRow:
    return TableRow(table.id, table.code, table.game, table.options, table.seats, table.last_seq, table.snapshot,
                    table.created_at_ms, table.league.public_id if table.league is not None else None)


def join_url(table: Table | TableRow, host_url: str) -> str:
    return f"{public_base(host_url)}/#/table/{table.code}"


def view(table: Table | TableRow, host_url: str, now: int | None = None) -> dict[str, Any]:
    """Everything a phone shows about a table, as of ``now``; ``host_url`` makes its join link."""
    if isinstance(table, Table):
        table = row_of(table)
    now = now_ms() if now is None else now
    snap = table.snapshot
    stack = snap["undo"]
    return {
        "code": table.code,
        "game": table.game,
        "options": table.options,
        "seats": table.seats,
        "seq": table.last_seq,
        "created_at_ms": table.created_at_ms,
        "league": table.league,
        "state": snap["game"],
        "result": with_places(table.game, snap["result"]),
        "timer": timer.view(snap["timer"], now),
        "dice": snap["dice"],
        "challenges": snap.get("challenges", []),
        "can_undo": stack["last"] is not None,
        "can_redo": stack["redo"] is not None,
        "undo_seq": stack["last"],
        "redo_seq": stack["redo"] and stack["redo"]["seq"],
        "now_ms": now,
        "join_url": join_url(table, host_url),
        "next_code": snap.get("next_code"),
        "claims": reducer.claims_of(snap, len(table.seats)),
        "turn_seat": games.get(table.game).turn_seat(snap["game"]),
    }


def with_places(game_id: str, result: dict[str, Any]) -> dict[str, Any]:
    """The score, and once the game is over each player's place as the game decides it (``league_places``:
    an immediate win, sudden death, lowest total first…): what a league records, whether the table posts
    it or a phone records a casual table's game in a league."""
    if not result.get("finished") or not result.get("players"):
        return result
    return {**result, "places": games.get(game_id).league_places(result)}


def rules_of(table: Table) -> reducer.Rules:
    """What the reducer derives the table's states from: its game, setup and word check."""
    return reducer.Rules(games.get(table.game), table.options, table.seats, scoring.table_context(table))


def event_dict(event: Event) -> dict[str, Any]:
    return {"seq": event.seq, "id": event.uid, "type": event.type, "data": event.data, "at_ms": event.created_at_ms}


def events_after(table: Table | TableRow, after: int, limit: int = 500) -> list[Event]:
    return list(db.session.scalars(
        select(Event).where(Event.table_id == table.id, Event.seq > after).order_by(Event.seq).limit(limit)
    ))


# --- appending ------------------------------------------------------------------------------


_EXISTING = (select(Event.seq, Event.uid, Event.type, Event.data, Event.created_at_ms)
             .join(Table).where(Table.code == bindparam("code"), Event.uid == bindparam("uid")))


def _existing(code: str, uid: str, kind: str, data: dict[str, Any], host_url: str) -> dict[str, Any] | None:
    """The event already stored under this id, as the API shows it; 409 when it was another action."""
    with db.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
        row = conn.execute(_EXISTING, {"code": normalize_code(code), "uid": uid}).first()
    if row is None:
        return None
    first = {"seq": row.seq, "id": row.uid, "type": row.type, "data": row.data, "at_ms": row.created_at_ms}
    if not reducer.same_action(kind, data, row.type, row.data):
        raise Conflict("id_reused", "This id was already used for event #{seq} (a {type!r} event) with other data; a "
                       "new action needs a new id.",
                       extra={"event": first, "table": view(read(code), host_url)}, seq=row.seq, type=row.type)
    return first


class _History:
    """The table's stored events, as the reducer asks for them (undo and redo only), read inside the append;
    the batch's own events before they are stored."""

    def __init__(self, table_id: int, tx: table_sql.Append):
        self.table_id, self.tx = table_id, tx
        self.batch: dict[int, reducer.Past] = {}

    def event(self, seq: int) -> reducer.Past:
        return self.batch.get(seq) or reducer.Past(*self.tx.past(self.table_id, seq))


class _Appending:
    """The table a batch of appends works on: its locked row, and for a league's table the league's house rules
    (all a game's rules read of a league) until the committed result is posted to the league itself."""

    def __init__(self, locked: table_sql.Locked):
        self.row = row = locked.row
        self.code, self.id, self.game, self.options, self.seats = row.code, row.id, row.game, row.options, row.seats
        self.league_id, self.league_token_hash = locked.league_id, locked.league_token_hash
        self.league: Any = None if locked.league_id is None else _HouseRules(locked.league_rules)

    def shown(self, seq: int, snapshot: dict[str, Any]) -> TableRow:
        return self.row._replace(last_seq=seq, snapshot=snapshot)


class _HouseRules(NamedTuple):
    rules: dict[str, Any] | None


def _judge(table: Table | _Appending) -> reducer.Judge:
    def judge(words: Any, reveal: bool) -> dict[str, Any]:
        from .judge import judge_challenge

        return judge_challenge(scoring.table_lexicon(table), words, reveal=reveal)

    return judge


class Sender(NamedTuple):
    """The phone an event comes from (its id, if it sent one) and whether it acts for a seat another phone holds."""

    device: str | None = None
    on_behalf: bool = False


NO_SENDER = Sender()  # the app itself, or a client that sent no phone id


class _Ask(NamedTuple):
    """One phone's append, as it waits in its table's lane (table_lanes.py)."""

    uid: str
    kind: str
    data: dict[str, Any]
    expected_seq: int | None
    host_url: str
    league_token: str | None
    sender: Sender


# What refuses one event: the service's checks and the game's rules (errors.py answers both in words).
_REFUSALS = (DomainError, RuleError)

# A process's appends to one table go to the database in batches: see table_lanes.py. A batch's events are checked
# and written in one transaction, so the table's lock is held for their game steps: 64 of them take milliseconds.
_LANES = table_lanes.Lanes(most=64)


def append(code: str, uid: str, kind: str, data: dict[str, Any], expected_seq: int | None = None,
           internal: bool = False, host_url: str = "", league_token: str | None = None, sender: Sender = NO_SENDER):
    """Validate and store one event. Returns (event, table row, created): created is False for a repeat id.

    ``internal`` events (the pointer to the next table) are written by the app itself, never sent by a phone.
    ``host_url`` is the address the phone asked on (a conflict's table view carries a join link made from
    it); ``league_token`` the league link the phone sent, if any (see ``post_to_league``).

    Appends to the same table that meet in this process are stored together (``_append_batch``); each is
    checked against the table as the ones before it left it, and answered as if it had come alone.
    """
    _check_kind(code, kind, internal)
    code = normalize_code(code)
    # A lane per database and table: an app of another database in the same process (tests) has lanes of its own.
    return _LANES.run((db.engine, code), _Ask(uid, kind, data, expected_seq, host_url, league_token, sender),
                      functools.partial(_append_batch, code))


def command_timer(code: str, uid: str, data: dict[str, Any], expected_seq: int | None = None, host_url: str = "",
                  league_token: str | None = None):
    """A timer command (``POST …/timer``): a ``timer`` event, whose refusals name the command's own fields
    ("action"), not an event's data ("data.action")."""
    try:
        return append(code, uid, "timer", data, expected_seq, host_url=host_url, league_token=league_token)
    except RuleError as err:
        raise err.at(err.field.removeprefix("data.") if err.field else None) from None


def appends_waiting(code: str) -> int:
    """How many appends to this table wait in this process for the batch ahead of theirs (table_lanes.py)."""
    return _LANES.waiting((db.engine, normalize_code(code)))


def _append_batch(code: str, tickets: list[table_lanes.Ticket]) -> None:
    """Store the tickets' events in one transaction (table_sql.py), and answer each.

    An id stored before is a retry or an offline replay: its first outcome stands, whatever this table
    has become since (an undo sent again is not "stale"). The lock's statement sees such an id; one
    stored by a request racing this one is seen by the insert, which then fails and keeps nothing, or,
    when the race made the event's step fail, by a look after the commit. A batch that meets either is
    tried again one event at a time, as rare as retries are.
    """
    now = now_ms()
    asks = [ticket.ask for ticket in tickets]
    # The transaction's connection is let go before any other is asked for (the repeat's look, the
    # league's result): holding one while waiting for another, many requests at once would empty the pool.
    tx = table_sql.Append(db.engine, current_app.config["TABLE_LOCK_WAIT_MS"])
    try:
        done = _append_in(tx, code, asks, now)
    except UnknownTable:
        raise  # no table, no event stored under it: nothing to look for
    except DomainError as err:  # the table busy: a racing request may have stored these ids all the same
        tx.close()
        for ticket in tickets:
            ticket.settle(functools.partial(_first_outcome, code, ticket.ask, err))
        return
    finally:
        tx.close()
    if done is None:  # an id stored before, or twice in this batch: nothing was written
        if len(tickets) == 1:
            tickets[0].settle(functools.partial(_first_outcome, code, asks[0], None))
        else:
            for ticket in tickets:
                ticket.settle(functools.partial(_alone, code, ticket))
        return
    table, answers = done
    to_post, last_seq = [], None
    for ticket, answer in zip(tickets, answers, strict=True):
        if isinstance(answer, _REFUSALS):
            ticket.settle(functools.partial(_first_outcome, code, ticket.ask, answer))
            continue
        event, shown, result = answer
        ticket.result = (event, shown, True)
        last_seq = shown.last_seq
        if result is not None:
            to_post.append((result, event["at_ms"], ticket.ask.league_token))
    if last_seq is not None:
        streams.hub().published(table.id, last_seq)
    for result, at_ms, league_token in to_post:  # in the events' order: a later ending corrects an earlier one
        table.league = db.session.get(League, table.league_id)
        post_to_league(table, result, at_ms, league_token)


def _alone(code: str, ticket: table_lanes.Ticket):
    """``ticket``'s append in a batch of its own."""
    single = table_lanes.Ticket(ticket.ask)
    _append_batch(code, [single])
    return single.answer()


def _first_outcome(code: str, ask: _Ask, refusal: Exception | None):
    """The answer to an append whose id is stored already; ``refusal`` (raised) when it is not."""
    first = _existing(code, ask.uid, ask.kind, ask.data, ask.host_url)
    if first is not None:
        return first, read(code), False
    if refusal is None:  # cannot be: the id was found stored, and events are never deleted
        raise RuntimeError(f"event {ask.uid} at table {code} was neither stored nor found")
    raise refusal


def _append_in(tx: table_sql.Append, code: str, asks: list[_Ask], now: int):
    """The batch's transaction: (table, each ask's (event, shown, result to post) or refusal) once committed;
    None when one of its ids was stored before (nothing written)."""
    try:
        locked = tx.lock(code, [ask.uid for ask in asks])
    except DBAPIError as err:
        if table_sql.is_lock_timeout(err):
            raise Unavailable("table_busy", "This table is busy just now; try again in a moment.",
                              extra={"retry_after": 1}) from None
        raise
    if locked is None:
        tx.close()  # let go before get() asks the pool for a connection of its own
        get(code)  # raises the 404
    if locked.repeats:
        tx.rollback()
        return None
    table = _Appending(locked)
    history = _History(table.id, tx)
    seq, snapshot = locked.row.last_seq, locked.row.snapshot
    answers: list[Any] = []
    stored: list[table_sql.Stored] = []
    for ask in asks:
        try:
            event, shown, to_post, trail = _step(table, seq, snapshot, history, ask, now)
        except _REFUSALS as err:
            answers.append(err)
            continue
        seq, snapshot = shown.last_seq, shown.snapshot
        answers.append((event, shown, to_post))
        stored.append(table_sql.Stored(seq, ask.uid, ask.kind, event["data"], trail, now))
        history.batch[seq] = reducer.Past(seq, ask.kind, event["data"], now, trail)
    if not stored:
        tx.rollback()
        return table, answers
    try:
        tx.store(table.id, stored, snapshot, streams.CHANNEL)
    except IntegrityError:  # an id a racing request stored first, or one sent twice in this batch
        tx.rollback()
        return None
    return table, answers


def _check_kind(code: str, kind: str, internal: bool) -> None:
    """A 404 for a code that cannot exist, and a refusal for an event type no phone may send."""
    if not is_table_code(normalize_code(code)):
        get(code)  # the 404, without asking the database about a code that cannot exist
    if not EVENT_TYPE.match(kind):
        raise Refused("bad_type", "type must be a short lower-case name such as 'points'.", "type", "bad")
    if kind in INTERNAL_EVENTS and not internal:
        raise Refused("bad_type", "{kind!r} is written by the app itself: use Play again "
                      "(POST /api/tables/{{code}}/again).", "type", kind=kind)


def _step(table: _Appending, last_seq: int, snapshot: dict[str, Any], history: _History, ask: _Ask, now: int):
    """One event through the reducer, on the locked table as the batch's events before it left it (``last_seq``,
    ``snapshot``); written by the caller.

    Returns the event as answered, the table as answered, the result to post to the table's league
    (None unless the score moved at a league's table) and the event's trail.
    """
    seq = last_seq + 1
    before = table.shown(last_seq, snapshot)
    if ask.expected_seq is not None and ask.expected_seq != last_seq:
        raise Conflict("stale", "The table has moved on (it is at {seq}, you expected {expected_seq}); here is "
                       "the current state.",
                       extra={"table": view(before, ask.host_url)}, seq=last_seq, expected_seq=ask.expected_seq)
    # Only the fields each event takes, bounded, before any rule sees them (nothing else is stored).
    check_event_data({**SERVICE_EVENT_FIELDS, **games.get(table.game).EVENT_FIELDS}, ask.kind, ask.data)
    try:
        done = reducer.step(snapshot, {"seq": seq, "type": ask.kind, "data": ask.data, "device": ask.sender.device,
                                       "on_behalf": ask.sender.on_behalf}, rules_of(table),
                            history, now=now, randbelow=secrets.randbelow, judge=_judge(table))
    except reducer.Stale as err:
        raise Conflict("stale", err.message, extra={"table": view(before, ask.host_url)}) from None
    except reducer.SeatHeld as err:  # the phone asks its player (take over? do it for Ben?) and sends again
        raise Conflict(err.code, err.message, extra={"table": view(before, ask.host_url)}) from None
    scored = done.snapshot["game"] is not snapshot["game"]  # timer and challenge events leave the score alone
    event = {"seq": seq, "id": ask.uid, "type": ask.kind, "data": done.data, "at_ms": now}
    to_post = done.snapshot["result"] if scored and table.league_id is not None else None
    return event, table.shown(seq, done.snapshot), to_post, done.trail


def again_event_id(code: str) -> str:
    """One "next table" event per table, whoever asks: two phones tapping Play again store it once."""
    return str(uuid.uuid5(uuid.NAMESPACE_URL, f"scorekeeper:again:{normalize_code(code)}"))


def play_again(code: str, host_url: str = "", league_token: str | None = None) -> tuple[Table | TableRow, bool]:
    """The table after this one: same game, seats and options (and league). Returns (table, created).

    Every phone at the old table follows it: the old table's log gets a ``next_table`` event
    naming it. Asked twice (or by two phones at once), the first new table stands and any other
    is removed, so the table has exactly one next.
    """
    old = get(code)
    if old.snapshot.get("next_code"):
        return read(old.snapshot["next_code"]), False
    league, link = _league_again(old, league_token)
    fresh = create(old.game, old.options, [{"name": name} for name in _seats_again(old, league)], league,
                   league_link=link)
    try:
        append(old.code, again_event_id(old.code), "next_table", {"code": fresh.code}, internal=True,
               host_url=host_url)
        return fresh, True
    except Conflict as err:
        if err.code != "id_reused":
            raise
        winner = err.extra["event"]["data"]["code"]  # another phone's Play again got there first: follow theirs
    db.session.delete(fresh)
    db.session.commit()
    return read(winner), False


def _seats_again(old: Table, league: Any) -> list[str]:
    """The next table's seats: in a league, as its players are called now (renamed during the game, they
    sit down as themselves, not as a new player of the old name); unless a merge made two seats one."""
    if league is None:
        return old.seats
    now_called = _seat_players_now(old)
    seats = [now_called.get(names.key(name), name) for name in old.seats]
    return seats if len({names.key(name) for name in seats}) == len(seats) else old.seats


def _league_again(old: Table, league_token: str | None) -> tuple[Any, str | None]:
    """(league, link digest) for the table after ``old``: its league only for a request with that league's
    member (or admin) link, which the new table then posts on; else a casual table (None, None).

    The join code is not a league link: without this, anyone who found a league table's code could add
    results through one Play again after another. A casual table's game can still be recorded in the
    league by a member ("Record in …")."""
    if old.league_id is None or league_token is None:
        return None, None
    try:
        league, _ = leagues.authorize(old.league.public_id, league_token, need="member")
    except DomainError:
        return None, None
    return league, leagues.token_hash(league_token)


def league_result_id(table: Table) -> str:
    """One league result per table, whatever happens to the log: a stable id from the code."""
    return str(uuid.uuid5(uuid.NAMESPACE_URL, f"scorekeeper:table:{table.code}"))


def _seat_players_now(table: Table) -> dict[str, str]:
    """Each seat's name (as a key) → what its league player is called now: renamed or merged during the
    game, the result is theirs all the same. A seat without a row (a removed player, a table older than
    the rows) keeps its own name."""
    rows = db.session.execute(select(TableSeatPlayer.seat, LeaguePlayer.name)
                              .join(LeaguePlayer, LeaguePlayer.id == TableSeatPlayer.player_id)
                              .where(TableSeatPlayer.table_id == table.id)).all()
    return {names.key(table.seats[seat]): name for seat, name in rows if seat < len(table.seats)}


def post_to_league(table: Table, result: dict[str, Any], at_ms: int, league_token: str | None = None) -> None:
    """When a league table's game is over, its ``result`` goes to the league's standings.

    After the event's own commit, so a problem here never loses the event. The join
    code is not a league link: a table posts only while the link that started it is
    still the league's member or admin link, and once its result is recorded, an undo
    and a different ending correct it only when the event carries a member link
    (``league_token``, sent as ``Authorization: Bearer …``); otherwise the admin corrects it on the
    result's page.
    """
    if not result["finished"] or not result["players"]:
        return
    league = table.league
    if table.league_token_hash and table.league_token_hash not in (league.member_token_hash,
                                                                   league.admin_token_hash):
        log.info("table %s did not post its result: the league link that started it was replaced", table.code)
        return
    # The game's own places: an immediate win, sudden death, a shared win, teams (never re-ranked by points).
    places = with_places(table.game, result)["places"]
    now_called = _seat_players_now(table)
    players = [{"name": now_called.get(names.key(p["name"]), p["name"]), "score": p["total"], "place": place,
                **({"team": str(p["team"])} if p.get("team") else {})}
               for p, place in zip(result["players"], places, strict=True)]
    played_on = dt.datetime.fromtimestamp(at_ms / 1000, dt.UTC).date()
    try:
        leagues.record_table_result(league, table.code, table.game, played_on, players,
                                    league_result_id(table))
    except Conflict:  # recorded before: this is a different ending (after an undo), a correction
        db.session.rollback()
    except DomainError as err:
        db.session.rollback()
        log.warning("table %s could not post its result to its league: %r", table.code, str(err.message))
        return
    else:
        return
    try:
        leagues.authorize(league.public_id, league_token, need="member")
    except DomainError:
        log.info("table %s did not rewrite its recorded league result: no member link", table.code)
        return
    try:
        leagues.correct(league, league_result_id(table),
                        {"game": table.game, "played_on": played_on, "players": players}, source=leagues.FROM_GAME)
    except DomainError as err:  # the event is stored and stays so: the phone hears of it, not of a refusal
        db.session.rollback()
        log.warning("table %s could not correct its league result: %r", table.code, str(err.message))
