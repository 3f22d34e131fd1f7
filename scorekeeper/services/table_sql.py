"""The hot paths' SQL on the pooled driver connection itself: reading a table, and appending to it.

SQLAlchemy's execution machinery (and the ORM's unit of work) cost several times the
statements themselves: an append through the ORM measured 88× the bare database's cost
for the same writes on SQLite, 6.9× on PostgreSQL (docs/PERFORMANCE.md). Here each append
is three statements and a commit, and on PostgreSQL two round trips:

1. ``UPDATE tables SET last_seq = last_seq + 1 … RETURNING`` the row: it takes the
   table's write lock first thing (the row's on PostgreSQL, the database's on SQLite), so
   seqs are gap-free and two phones acting at once are simply ordered; it also answers
   whether the event's id was stored before, and the league's public id and house rules. On PostgreSQL
   it is sent in one go with the BEGIN and the transaction's ``lock_timeout``.
2. ``INSERT … ON CONFLICT (table_id, uid) DO NOTHING`` the event, the new state's
   ``UPDATE``, and on PostgreSQL its ``pg_notify``, all one statement there, run only when
   the insert stored a row: an id stored by a racing request stores nothing, changes
   nothing and notifies no one.
3. ``COMMIT``, on PostgreSQL sent with the second (there, an id a racing request stored first
   gives back the seq the first statement took, in the same statement). Anything that fails
   before it is rolled back: nothing is half-written.

The second round trip is the one a busy table waits on: it ends the row lock the first took.

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
    """A table's row as the append's first statement took it, its last_seq already the new event's, and
    what the append needs beyond a view of it."""

    row: TableRow
    league_id: int | None
    league_token_hash: str | None
    league_rules: dict[str, Any] | None  # the league's house rules, which the game's rules may need (house words)
    repeat: int | None  # the seq of the event stored before under the same id, if any


def _sql(postgres: bool, text: str) -> str:
    return text.format(p="%s" if postgres else "?", json="::json" if postgres else "")


_LOCK = ("UPDATE tables SET last_seq = last_seq + 1, updated_at_ms = {p} WHERE code = {p} "
         "RETURNING id, game, options, seats, last_seq, snapshot, created_at_ms, league_id, league_token_hash, "
         "(SELECT public_id FROM leagues WHERE leagues.id = tables.league_id), "
         "(SELECT rules FROM leagues WHERE leagues.id = tables.league_id), "
         "(SELECT seq FROM events WHERE events.table_id = tables.id AND events.uid = {p})")
_INSERT = ("INSERT INTO events (table_id, seq, uid, type, data, trail, created_at_ms) "
           "VALUES ({p}, {p}, {p}, {p}, {p}{json}, {p}{json}, {p}) ON CONFLICT (table_id, uid) DO NOTHING")
_STATE = "UPDATE tables SET snapshot = {p}{json} WHERE id = {p}"
# PostgreSQL: the three and the COMMIT in one round trip. The state's UPDATE and the NOTIFY happen only for a row
# the INSERT stored; without one, the seq the lock took is given back, so the commit keeps the log gap-free.
_STORE_PG = ("WITH stored AS (INSERT INTO events (table_id, seq, uid, type, data, trail, created_at_ms) "
             "VALUES (%s, %s, %s, %s, %s::json, %s::json, %s) ON CONFLICT (table_id, uid) DO NOTHING "
             "RETURNING table_id), "
             "moved AS (UPDATE tables SET snapshot = %s::json FROM stored WHERE tables.id = stored.table_id "
             "RETURNING tables.id), "
             "given_back AS (UPDATE tables SET last_seq = last_seq - 1 "
             "WHERE id = %s AND NOT EXISTS (SELECT FROM stored)) "
             "SELECT pg_notify(%s, %s) FROM moved; COMMIT")
# Opens the append's transaction on PostgreSQL, with how long it may wait for the table's row.
_BEGIN_PG = "BEGIN; SET LOCAL lock_timeout = %s; "
_PAST = "SELECT seq, type, data, created_at_ms, trail FROM events WHERE table_id = {p} AND seq = {p}"


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
                    self.pooled.invalidate()
        finally:
            self.pooled.close()
            self.pooled = None

    def rollback(self) -> None:
        with driver_errors(self.engine, self.pooled):
            self.driver.rollback()
        self.done = True

    def lock(self, code: str, uid: str, now: int) -> Locked | None:
        """Take the table's write lock and its next seq; None when no table has this code."""
        params = (now, code, uid)
        with driver_errors(self.engine, self.pooled):
            if self.postgres:
                # BEGIN, the lock wait's bound and the UPDATE in one query, sent in autocommit mode so that
                # psycopg sends no BEGIN of its own before it (close() turns it off again).
                self.driver.autocommit = True
                cursor = _several_statements(self.driver)
                cursor.execute(_BEGIN_PG + _sql(True, _LOCK), (f"{self.lock_wait_ms}ms", *params))
                cursor.nextset()  # past BEGIN's answer
                cursor.nextset()  # and SET's, to the UPDATE's row
                row = cursor.fetchone()
                cursor.close()
            else:
                cursor = self.driver.cursor()
                cursor.execute(_sql(False, _LOCK), params)
                row = cursor.fetchone()
                cursor.close()
        if row is None:
            return None
        table_id, game, options, seats, last_seq, snapshot, created_at_ms, league_id, token_hash, league, rules, \
            repeat = row
        if not self.postgres:  # SQLite hands JSON columns back as text; psycopg decodes them
            options, seats, snapshot = jsonio.loads(options), jsonio.loads(seats), jsonio.loads(snapshot)
            rules = None if rules is None else jsonio.loads(rules)
        shown = TableRow(table_id, code, game, options, seats, last_seq, snapshot, created_at_ms, league)
        return Locked(shown, league_id, token_hash, rules, repeat)

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

    def store(self, table_id: int, seq: int, uid: str, kind: str, data: dict[str, Any], trail: Any, now: int,
              snapshot: dict[str, Any], channel: str) -> bool:
        """Write the event and the table's new state (and NOTIFY ``channel``), and commit; False when the id
        was stored first by a request that raced this one (then nothing is kept)."""
        event = (table_id, seq, uid, kind, jsonio.dumps(data), None if trail is None else jsonio.dumps(trail), now)
        with driver_errors(self.engine, self.pooled):
            if self.postgres:
                cursor = _several_statements(self.driver)
                cursor.execute(_STORE_PG, (*event, jsonio.dumps(snapshot), table_id, channel, f"{table_id}:{seq}"))
                stored = cursor.fetchone() is not None
                cursor.close()
            else:
                cursor = self.driver.cursor()
                cursor.execute(_sql(False, _INSERT), event)
                stored = cursor.rowcount == 1
                if stored:
                    cursor.execute(_sql(False, _STATE), (jsonio.dumps(snapshot), table_id))
                cursor.close()
                if stored:
                    self.driver.commit()
                else:
                    self.driver.rollback()
        self.done = True
        return stored


def is_lock_timeout(err: DBAPIError) -> bool:
    return getattr(err.orig, "sqlstate", None) == LOCK_NOT_AVAILABLE
