"""The hot paths' SQL on the pooled driver connection itself: reading a table, and appending to it.

SQLAlchemy's execution machinery (and the ORM's unit of work) cost several times the
statements themselves: an append through the ORM measured 88× the bare database's cost
for the same writes on SQLite, 6.9× on PostgreSQL (docs/PERFORMANCE.md). An append here is
a batch of one or more events for one table (services/table_lanes.py), in two steps, and on
PostgreSQL two round trips:

1. the table's row, read as it takes the table's write lock first thing (``SELECT … FOR
   UPDATE`` of the row on PostgreSQL; on SQLite an ``UPDATE … RETURNING`` that writes the row
   as it is, taking the database's), so seqs are gap-free and two phones acting at once are
   simply ordered; it also answers whether any of the batch's ids was stored before, and the
   league's public id and house rules. On PostgreSQL it is sent in one go with the BEGIN and
   the transaction's ``lock_timeout``.
2. a plain ``INSERT`` of the batch's events, the new state's, last seq's and time's ``UPDATE``, on
   PostgreSQL its ``pg_notify``, and the ``COMMIT``, one query there. An id stored by a racing
   request (or sent twice in one batch) makes the insert fail on the table's unique ids, so
   nothing of the batch is kept and the caller tries its events one by one.

Anything that fails before the commit is rolled back: nothing is half-written. The second round
trip is the one a busy table waits on: it ends the row lock the first took.

Driver errors are raised as SQLAlchemy raises its own statements' errors, so errors.py
answers them alike (a lost connection: 503 with Retry-After), and a lost server drops
every pooled connection, as SQLAlchemy does.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any, NamedTuple

from sqlalchemy.exc import DBAPIError

from .. import jsonio

# A lock wait that ran out (PostgreSQL's lock_not_available): the table is busy, not the database lost.
LOCK_NOT_AVAILABLE = "55P03"


class TableRow(NamedTuple):
    """What a view of a table needs: read straight from the row (services/tables.py ``read``), taken from a
    loaded Table, or as an append locked it (``Locked``)."""

    id: int
    code: str
    game: str
    options: dict[str, Any]
    seats: list[str]
    last_seq: int
    snapshot: dict[str, Any]
    created_at_ms: int
    league: str | None  # the league's public id


class Locked(NamedTuple):
    """A table's row as the append's first statement took it, and what the append needs beyond a view of it."""

    row: TableRow
    league_id: int | None
    league_token_hash: str | None
    league_rules: dict[str, Any] | None  # the league's house rules, which the game's rules may need (house words)
    repeats: int  # how many of the batch's ids were stored before (as far as the statement could see)


class Stored(NamedTuple):
    """One event of a batch, as it is written."""

    seq: int
    uid: str
    kind: str
    data: dict[str, Any]
    trail: Any
    at_ms: int


def _sql(postgres: bool, text: str) -> str:
    return text.format(p="%s" if postgres else "?", json="::json" if postgres else "")


_LOCKED_ROW = ("id, game, options, seats, last_seq, snapshot, created_at_ms, league_id, league_token_hash, "
               "(SELECT public_id FROM leagues WHERE leagues.id = tables.league_id), "
               "(SELECT rules FROM leagues WHERE leagues.id = tables.league_id), "
               "(SELECT count(*) FROM events WHERE events.table_id = tables.id AND events.uid IN ({uids}))")
# PostgreSQL locks the row as it reads it. SQLite has no row locks: a write takes the database's write lock, so
# its statement writes the row as it is. (An UPDATE on PostgreSQL too wrote a new version of the row, state and
# all, that the append's own UPDATE then replaced: bench/append_cost.py, docs/PERFORMANCE.md.)
_LOCK_PG = "SELECT {row} FROM tables WHERE code = %s FOR UPDATE".replace("{row}", _LOCKED_ROW)
_LOCK_SQLITE = "UPDATE tables SET last_seq = last_seq WHERE code = ? RETURNING {row}".replace("{row}", _LOCKED_ROW)
_INSERT = "INSERT INTO events (table_id, seq, uid, type, data, trail, created_at_ms) VALUES {rows}"
_STATE = "UPDATE tables SET snapshot = {p}{json}, last_seq = {p}, updated_at_ms = {p} WHERE id = {p}"
# PostgreSQL: the insert, the state, the NOTIFY and the COMMIT in one round trip; a failing insert stops the rest.
_STORE_PG = f"{_INSERT}; {_STATE}; SELECT pg_notify(%s, %s); COMMIT"
# Opens the append's transaction on PostgreSQL, with how long it may wait for the table's row.
_BEGIN_PG = "BEGIN; SET LOCAL lock_timeout = %s; "
_PAST = "SELECT seq, type, data, created_at_ms, trail FROM events WHERE table_id = {p} AND seq = {p}"


def _listed(statement: str, name: str, count: int, item: str = "{p}") -> str:
    """``statement`` with its ``{name}`` written out as ``count`` items."""
    return statement.replace("{" + name + "}", ", ".join([item] * count))


# One event's values, as many times as a batch has events.
_EVENT = "({p}, {p}, {p}, {p}, {p}{json}, {p}{json}, {p})"


def _several_statements(driver):
    """A psycopg cursor that binds its parameters on this side, so that one execute may send several statements
    in one round trip (psycopg, a dependency, imported only where PostgreSQL is used)."""
    import psycopg

    return psycopg.ClientCursor(driver)


@contextlib.contextmanager
def driver_errors(engine, pooled) -> Iterator[None]:
    """Raise the driver's errors as SQLAlchemy's (errors.py answers them); a lost server drops the pool."""
    dialect = engine.dialect
    try:
        yield
    except dialect.loaded_dbapi.Error as err:
        lost = dialect.is_disconnect(err, pooled.driver_connection, None)
        if lost:
            pooled.invalidate(err)
            engine.dispose(close=False)
        raise DBAPIError.instance(None, None, err, dialect.loaded_dbapi.Error, hide_parameters=True,
                                  connection_invalidated=lost, dialect=dialect) from err


class Append:
    """One append's transaction on a pooled driver connection; rolled back unless committed."""

    def __init__(self, engine, lock_wait_ms: int):
        self.engine = engine
        self.postgres = engine.dialect.name == "postgresql"
        self.lock_wait_ms = lock_wait_ms
        self.pooled = engine.raw_connection()
        self.driver = self.pooled.driver_connection
        self.done = False

    def close(self) -> None:
        """Let the connection go (rolling back what was not committed); again is a no-op."""
        if self.pooled is None:
            return
        try:
            if not self.done:
                with contextlib.suppress(Exception):  # a lost connection has nothing to roll back
                    self.driver.rollback()
            if self.postgres and self.driver.autocommit:
                try:
                    self.driver.autocommit = False  # the pool's other users run in transactions psycopg begins
                except Exception:  # noqa: BLE001 - still in a transaction, or lost: no one else may have it
                    if self.pooled.is_valid:  # a lost one was invalidated where it was found lost
                        self.pooled.invalidate()
        finally:
            self.pooled.close()
            self.pooled = None

    def rollback(self) -> None:
        with driver_errors(self.engine, self.pooled):
            self.driver.rollback()
        self.done = True

    def lock(self, code: str, uids: list[str]) -> Locked | None:
        """Take the table's write lock; None when no table has this code."""
        with driver_errors(self.engine, self.pooled):
            if self.postgres:
                # BEGIN, the lock wait's bound and the locking read in one query, sent in autocommit mode so that
                # psycopg sends no BEGIN of its own before it (close() turns it off again).
                self.driver.autocommit = True
                cursor = _several_statements(self.driver)
                cursor.execute(_BEGIN_PG + _listed(_LOCK_PG, "uids", len(uids), "%s"),
                               (f"{self.lock_wait_ms}ms", *uids, code))  # the row's ids, then its code
                cursor.nextset()  # past BEGIN's answer
                cursor.nextset()  # and SET's, to the row
                row = cursor.fetchone()
                cursor.close()
            else:
                cursor = self.driver.cursor()
                cursor.execute(_listed(_LOCK_SQLITE, "uids", len(uids), "?"), (code, *uids))
                row = cursor.fetchone()
                cursor.close()
        if row is None:
            return None
        table_id, game, options, seats, last_seq, snapshot, created_at_ms, league_id, token_hash, league, rules, \
            repeats = row
        if not self.postgres:  # SQLite hands JSON columns back as text; psycopg decodes them
            options, seats, snapshot = jsonio.loads(options), jsonio.loads(seats), jsonio.loads(snapshot)
            rules = None if rules is None else jsonio.loads(rules)
        shown = TableRow(table_id, code, game, options, seats, last_seq, snapshot, created_at_ms, league)
        return Locked(shown, league_id, token_hash, rules, repeats)

    def past(self, table_id: int, seq: int) -> tuple:
        """(seq, type, data, at_ms, trail) of a stored event, read inside this transaction (undo and redo)."""
        with driver_errors(self.engine, self.pooled):
            cursor = self.driver.cursor()
            cursor.execute(_sql(self.postgres, _PAST), (table_id, seq))
            row = cursor.fetchone()
            cursor.close()
        if row is None:
            raise LookupError(f"table {table_id} has no event {seq}")
        seq, kind, data, at_ms, trail = row
        if not self.postgres:
            data, trail = jsonio.loads(data), None if trail is None else jsonio.loads(trail)
        return seq, kind, data, at_ms, trail

    def store(self, table_id: int, events: list[Stored], snapshot: dict[str, Any], channel: str) -> None:
        """Write the events and the table's new state (and NOTIFY ``channel``), and commit.

        Raises SQLAlchemy's IntegrityError, with nothing kept, when an event's id is stored already."""
        rows = [(table_id, e.seq, e.uid, e.kind, jsonio.dumps(e.data),
                 None if e.trail is None else jsonio.dumps(e.trail), e.at_ms) for e in events]
        last = events[-1].seq
        with driver_errors(self.engine, self.pooled):
            if self.postgres:
                cursor = _several_statements(self.driver)
                cursor.execute(_sql(True, _listed(_STORE_PG, "rows", len(rows), _EVENT)),
                               (*(value for row in rows for value in row), jsonio.dumps(snapshot), last,
                                events[-1].at_ms, table_id, channel, f"{table_id}:{last}"))
                cursor.close()
            else:
                cursor = self.driver.cursor()
                cursor.executemany(_sql(False, _listed(_INSERT, "rows", 1, _EVENT)), rows)
                cursor.execute(_sql(False, _STATE), (jsonio.dumps(snapshot), last, events[-1].at_ms, table_id))
                cursor.close()
                self.driver.commit()
        self.done = True


def is_lock_timeout(err: DBAPIError) -> bool:
    return getattr(err.orig, "sqlstate", None) == LOCK_NOT_AVAILABLE
