"""Tables: create, read, and append events to the log (DESIGN §2).

A table's state is derived from its event log. The derived state after the
last event (the *snapshot*) is stored on the table row, so reading a table
needs no replay; only undo replays the log.

Appends to one table are serialised by the first statement of the append's
transaction, an UPDATE that bumps ``tables.last_seq``: it takes the row's
write lock (PostgreSQL) or the database's (SQLite), so sequence numbers are
gap-free and two phones acting at once are simply ordered.
"""

from __future__ import annotations

import datetime as dt
import logging
import re
import secrets
import threading
import time
import uuid
from collections import OrderedDict
from typing import Any, NamedTuple

from flask import current_app, request
from sqlalchemy import bindparam, select, update
from sqlalchemy.exc import IntegrityError

from .. import games, jsonio, names, timer
from ..errors import ApiError
from ..extensions import db
from ..games import dice
from ..games.base import RuleError
from ..links import public_base
from ..models import Event, League, Table, now_ms
from . import leagues, scoring, streams

log = logging.getLogger(__name__)

# No look-alikes: no 0/O, no 1/I/L. 31 symbols ** 6 ≈ 887 million codes.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
MAX_SEATS = 10
MAX_NAME = 40
CODE_SHAPE = re.compile(f"^[{CODE_ALPHABET}]{{{CODE_LENGTH}}}$")
EVENT_TYPE = re.compile(r"^[a-z][a-z0-9_-]{0,31}$")
INTERNAL_EVENTS = frozenset({"next_table"})

MAX_CHALLENGES_SHOWN = 50


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalize_code(code: str) -> str:
    return code.strip().upper()


# --- creating and reading ----------------------------------------------------------------


def _seat_names(seats: list[dict[str, Any]], game) -> list[str]:
    if not game.MIN_SEATS <= len(seats) <= min(game.MAX_SEATS, MAX_SEATS):
        raise ApiError(
            422, "bad_seats",
            f"{game.name} is for {game.MIN_SEATS}–{min(game.MAX_SEATS, MAX_SEATS)} players; you listed {len(seats)}.",
            {"seats": [f"{game.MIN_SEATS} to {min(game.MAX_SEATS, MAX_SEATS)} seats"]},
        )
    seated: list[str] = []
    for i, seat in enumerate(seats):
        name = names.clean(str(seat.get("name", "")))
        if not 1 <= len(name) <= MAX_NAME:
            raise ApiError(422, "bad_name", f"Seat {i + 1} needs a name of 1 to {MAX_NAME} characters.",
                           {f"seats.{i}.name": [f"1 to {MAX_NAME} characters"]})
        trouble = names.problem(name)
        if trouble:
            raise ApiError(422, "bad_name", f"Seat {i + 1}'s name {trouble}.", {f"seats.{i}.name": [trouble]})
        if names.key(name) in (names.key(n) for n in seated):
            raise ApiError(422, "duplicate_name", f"Two seats are called {name!r}; give each player a different name.",
                           {f"seats.{i}.name": ["already taken at this table"]})
        seated.append(name)
    return seated


def create(game_id: str, options: dict[str, Any] | None, seats: list[dict[str, Any]], league=None) -> Table:
    """A new table; inside ``league`` it starts from the league's house rules and seats join its players."""
    game = games.get(game_id)
    if game is None:
        raise ApiError(422, "unknown_game", f"There is no game called {game_id!r}; the games are "
                       f"{', '.join(games.REGISTRY)}.", {"game": ["unknown game"]})
    seat_names = _seat_names(seats, game)
    if league is not None:
        options = {**leagues.table_defaults(league, game_id), **(options or {})}
    state = game.setup(options or {}, seat_names)  # RuleError → 422 naming the option
    snapshot = {"game": state, "timer": timer.initial(), "dice": None, "done": [], "undone": [], "challenges": []}
    for _ in range(10):
        if league is not None:  # again on every try: a rollback takes the new players with it
            known = {p.name_key for p in leagues.players(league)}
            for name in seat_names:
                if names.key(name) not in known:
                    leagues.add_player(league, name, commit=False)
        table = Table(code=new_code(), game=game_id, options=state.get("options", options or {}),
                      seats=seat_names, last_seq=0, snapshot=snapshot, league_id=league.id if league else None)
        table.snapshot = {**snapshot, "result": score_of(table, state)}
        db.session.add(table)
        try:
            db.session.commit()
            return table
        except IntegrityError:  # the code was taken (or a seat's name joined the league just now): try again
            db.session.rollback()
    raise ApiError(503, "no_code", "Could not find a free table code; try again.")


def get(code: str) -> Table:
    code = normalize_code(code)
    # Only a well-formed code reaches the database (PostgreSQL refuses NUL bytes with an error, for one).
    table = db.session.scalar(select(Table).where(Table.code == code)) if CODE_SHAPE.match(code) else None
    if table is None:
        raise ApiError(404, "unknown_table", f"There is no table with the code {code!r}. Check the code and try again.")
    return table


class TableRow(NamedTuple):
    """What a view of a table needs: read straight from the row, or taken from a loaded Table."""

    id: int
    code: str
    game: str
    options: dict[str, Any]
    seats: list[str]
    last_seq: int
    snapshot: dict[str, Any]
    created_at_ms: int
    league: str | None  # the league's public id


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
    while this process has heard of no change to it (see ``_RecentRows``).
    """
    code = normalize_code(code)
    hub = streams.hub() if current_app.config["RECENT_ROWS"] and db.engine.dialect.name == "postgresql" else None
    epoch = _recent_rows.epoch(hub)
    row = _recent_rows.get(code, hub, epoch)
    if row is not None:
        return row
    found = _fetch(code) if CODE_SHAPE.match(code) else None
    if found is None:
        get(code)  # raises the 404
    table_id, code, game, options, seats, last_seq, snapshot, created_at_ms, league = found
    if isinstance(snapshot, str):  # SQLite hands JSON columns back as text; psycopg decodes them
        options, seats, snapshot = jsonio.loads(options), jsonio.loads(seats), jsonio.loads(snapshot)
    row = TableRow(table_id, code, game, options, seats, last_seq, snapshot, created_at_ms, league)
    _recent_rows.put(row, hub, epoch)
    return row


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

    def __init__(self) -> None:
        self._rows: OrderedDict[str, tuple[TableRow, int, float]] = OrderedDict()
        self._lock = threading.Lock()

    @staticmethod
    def epoch(hub: streams.Hub | None) -> int | None:
        if hub is None:
            return None
        if hub.epoch is None:  # not listening (yet, or again): from the first read on, hear of changes
            hub.start()
        return hub.epoch

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
    except dialect.loaded_dbapi.Error as err:
        if dialect.is_disconnect(err, driver, None):
            # As SQLAlchemy does for its own statements: a lost server means every pooled connection is dead.
            pooled.invalidate(err)
            engine.dispose(close=False)
        raise
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
    return {
        "code": table.code,
        "game": table.game,
        "options": table.options,
        "seats": table.seats,
        "seq": table.last_seq,
        "created_at_ms": table.created_at_ms,
        "league": table.league,
        "state": snap["game"],
        "result": snap["result"],
        "timer": timer.view(snap["timer"], now),
        "dice": snap["dice"],
        "challenges": snap.get("challenges", []),
        "can_undo": bool(snap["done"]),
        "can_redo": bool(snap["undone"]),
        "now_ms": now,
        "join_url": join_url(table, host_url),
        "next_code": snap.get("next_code"),
    }


def score_of(table: Table, state: dict[str, Any]) -> dict[str, Any]:
    """The live score for a game state; kept in the snapshot so a read does not recompute it."""
    return games.get(table.game).result(state, **scoring.table_context(table)).to_dict()


def event_dict(event: Event) -> dict[str, Any]:
    return {"seq": event.seq, "id": event.uid, "type": event.type, "data": event.data, "at_ms": event.created_at_ms}


def events_after(table: Table | TableRow, after: int, limit: int = 500) -> list[Event]:
    return list(db.session.scalars(
        select(Event).where(Event.table_id == table.id, Event.seq > after).order_by(Event.seq).limit(limit)
    ))


# --- appending ------------------------------------------------------------------------------


_EXISTING = (select(Event.seq, Event.uid, Event.type, Event.data, Event.created_at_ms)
             .join(Table).where(Table.code == bindparam("code"), Event.uid == bindparam("uid")))


def _existing(code: str, uid: str) -> dict[str, Any] | None:
    """The event already stored under this id, as the API shows it."""
    with db.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
        row = conn.execute(_EXISTING, {"code": normalize_code(code), "uid": uid}).first()
    return None if row is None else {"seq": row.seq, "id": row.uid, "type": row.type, "data": row.data,
                                     "at_ms": row.created_at_ms}


def append(code: str, uid: str, kind: str, data: dict[str, Any], expected_seq: int | None = None,
           internal: bool = False):
    """Validate and store one event. Returns (event, table row, created): created is False for a repeat id.

    ``internal`` events (the pointer to the next table) are written by the app itself, never sent by a phone.
    """
    if not CODE_SHAPE.match(normalize_code(code)):
        get(code)  # the 404, without asking the database about a code that cannot exist
    if not EVENT_TYPE.match(kind):
        raise ApiError(422, "bad_type", "type must be a short lower-case name such as 'points'.", {"type": ["bad"]})
    if kind in INTERNAL_EVENTS and not internal:
        message = f"'{kind}' is written by the app itself: use Play again (POST /api/tables/{{code}}/again)."
        raise ApiError(422, "bad_type", message, {"type": [message]})
    first = _existing(code, uid)
    if first is not None:  # a retry or an offline replay: the first outcome stands
        return first, read(code), False

    now = now_ms()
    # The write lock, first thing: everything below sees the table as no one else can change it.
    row = db.session.execute(
        update(Table).where(Table.code == normalize_code(code))
        .values(last_seq=Table.last_seq + 1, updated_at_ms=now)
        .returning(Table.id, Table.last_seq)
    ).first()
    if row is None:
        db.session.rollback()
        get(code)  # raises the 404
    table = db.session.get(Table, row.id, populate_existing=True)
    seq = row.last_seq
    try:
        if expected_seq is not None and expected_seq != seq - 1:
            raise ApiError(409, "stale", f"The table has moved on (it is at {seq - 1}, you expected {expected_seq}); "
                           "here is the current state.", table=view_for_conflict(table, seq - 1))
        stored, snapshot = step(table, {"seq": seq, "type": kind, "data": data}, now)
        scored = snapshot["game"] is not table.snapshot["game"]  # timer and challenge events leave the score alone
        if scored:
            snapshot["result"] = score_of(table, snapshot["game"])
        db.session.add(Event(table_id=table.id, seq=seq, uid=uid, type=kind, data=stored, created_at_ms=now))
        table.snapshot = snapshot
        # What the answer shows, taken now: after the commit the objects would be reloaded.
        event = {"seq": seq, "id": uid, "type": kind, "data": stored, "at_ms": now}
        shown = row_of(table)
        streams.notify_in_transaction(table.id, seq)
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        first = _existing(code, uid)
        if first is None:
            raise
        return first, read(code), False  # the same id raced us and won: its outcome stands
    except Exception:
        db.session.rollback()
        raise
    streams.hub().published(shown.id, seq)
    if scored and table.league_id is not None:
        post_to_league(table, snapshot["result"], event["at_ms"])
    return event, shown, True


def again_event_id(code: str) -> str:
    """One "next table" event per table, whoever asks: two phones tapping Play again store it once."""
    return str(uuid.uuid5(uuid.NAMESPACE_URL, f"scorekeeper:again:{normalize_code(code)}"))


def play_again(code: str) -> tuple[Table | TableRow, bool]:
    """The table after this one: same game, seats and options (and league). Returns (table, created).

    Every phone at the old table follows it: the old table's log gets a ``next_table`` event
    naming it. Asked twice (or by two phones at once), the first new table stands and any other
    is removed, so the table has exactly one next.
    """
    old = get(code)
    if old.snapshot.get("next_code"):
        return read(old.snapshot["next_code"]), False
    fresh = create(old.game, old.options, [{"name": name} for name in old.seats], old.league)
    event, _, created = append(old.code, again_event_id(old.code), "next_table", {"code": fresh.code}, internal=True)
    if created:
        return fresh, True
    db.session.delete(fresh)  # another phone's Play again got there first: follow theirs
    db.session.commit()
    return read(event["data"]["code"]), False


def league_result_id(table: Table) -> str:
    """One league result per table, whatever happens to the log: a stable id from the code."""
    return str(uuid.uuid5(uuid.NAMESPACE_URL, f"scorekeeper:table:{table.code}"))


def post_to_league(table: Table, result: dict[str, Any], at_ms: int) -> None:
    """When a league table's game is over, its ``result`` goes to the league's standings.

    After the event's own commit, so a problem here never loses the event. An
    undo and a different ending correct the result rather than adding another.
    """
    if not result["finished"] or not result["players"]:
        return
    players = [{"name": p["name"], "score": p["total"], **({"team": str(p["team"])} if p.get("team") else {})}
               for p in result["players"]]
    played_on = dt.datetime.fromtimestamp(at_ms / 1000, dt.UTC).date()
    try:
        leagues.record_table_result(table.league, table.code, table.game, played_on, players,
                                    league_result_id(table))
    except ApiError as err:
        db.session.rollback()
        if err.status != 409:
            log.warning("table %s could not post its result to its league: %s", table.code, err.message)
            return
        leagues.correct(table.league, league_result_id(table),
                        {"game": table.game, "played_on": played_on, "players": players})


def view_for_conflict(table: Table, seq: int) -> dict[str, Any]:
    out = view(table, request.host_url)
    out["seq"] = seq
    return out


def step(table: Table, event: dict[str, Any], now: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """The stored data and the next snapshot for ``event``; RuleError when it breaks a rule."""
    game = games.get(table.game)
    context = scoring.table_context(table)
    snap = dict(table.snapshot)
    kind, data = event["type"], dict(event["data"])

    # The timer, the word judge's log and the next table stay out of undo/redo: they are not moves in the game.
    if kind == "next_table":
        snap["next_code"] = data["code"]
        return data, snap
    if kind == "timer":
        snap["timer"] = timer.command(snap["timer"], data.get("action"), now, data.get("seconds"))
        return data, snap
    if kind == "challenge":
        data["verdict"] = _challenge(table, data)
        entry = {**data["verdict"], "seq": event["seq"], "words": data["words"], "by": data.get("by"), "at_ms": now}
        snap["challenges"] = [*snap.get("challenges", []), entry][-MAX_CHALLENGES_SHOWN:]
        return data, snap
    if kind == "undo":
        if not snap["done"]:
            raise RuleError("nothing_to_undo", "There is nothing to undo.")
        undone_seq = snap["done"][-1]
        snap["done"] = snap["done"][:-1]
        snap["undone"] = [*snap["undone"], undone_seq]
        snap["game"], snap["dice"] = replay(table, game, snap["done"], context)
        data["undid"] = undone_seq
        return data, _follow_game_timer(game, table.snapshot["game"], snap, now)
    if kind == "redo":
        if not snap["undone"]:
            raise RuleError("nothing_to_redo", "There is nothing to redo.")
        redo_seq = snap["undone"][-1]
        original = db.session.scalar(select(Event).where(Event.table_id == table.id, Event.seq == redo_seq))
        snap["undone"] = snap["undone"][:-1]
        snap["done"] = [*snap["done"], redo_seq]
        snap["game"] = game.apply(snap["game"], _game_event(original.type, original.data, redo_seq), **context)
        if original.type == "roll":
            snap["dice"] = _dice_shown(original.seq, original.data, original.created_at_ms)
        data["redid"] = redo_seq
        return data, _follow_game_timer(game, table.snapshot["game"], snap, now)

    if kind == "roll":
        data["results"] = dice.roll(data.get("dice"), secrets.randbelow)
        snap["dice"] = _dice_shown(event["seq"], data, now)
    snap["game"] = game.apply(snap["game"], _game_event(kind, data, event["seq"]), **context)
    snap["done"] = [*snap["done"], event["seq"]]
    snap["undone"] = []  # a new action ends the redo chain, as in every editor
    return data, _follow_game_timer(game, table.snapshot["game"], snap, now)


def _challenge(table: Table, data: dict[str, Any]) -> dict[str, Any]:
    """A Bresk! word challenge at the table, judged with the table's word list."""
    from .judge import judge_challenge

    by = data.get("by")
    if by is not None and (isinstance(by, bool) or not isinstance(by, int) or not 0 <= by < len(table.seats)):
        raise RuleError("bad_seat", f"by must be a seat number from 0 to {len(table.seats) - 1}.", "data.by")
    return judge_challenge(scoring.table_lexicon(table), data.get("words"), reveal=bool(data.get("reveal")))


def _game_event(kind: str, data: dict[str, Any], seq: int) -> dict[str, Any]:
    return {"type": kind, "data": data, "seq": seq}


def _dice_shown(seq: int, data: dict[str, Any], at_ms: int) -> dict[str, Any]:
    return {"seq": seq, "results": data["results"], "at_ms": at_ms}


def replay(table: Table, game, seqs: list[int], context: dict[str, Any]):
    """The game state (and last dice) after the events ``seqs``, from the table's setup."""
    state = game.setup(table.options, table.seats)
    shown = None
    if not seqs:
        return state, shown
    events = db.session.scalars(
        select(Event).where(Event.table_id == table.id, Event.seq.in_(seqs)).order_by(Event.seq)
    )
    for e in events:
        state = game.apply(state, _game_event(e.type, e.data, e.seq), **context)
        if e.type == "roll":
            shown = _dice_shown(e.seq, e.data, e.created_at_ms)
    return state, shown


def _follow_game_timer(game, before: dict[str, Any], snap: dict[str, Any], now: int) -> dict[str, Any]:
    """A game that sets the timer (a die roll picks the dial) sets the shared timer too.

    Such a game has ``timer_setting(state) -> (moment, seconds) | None``; the
    timer is set when the moment changes (a new turn's roll, a bonus build).
    """
    setting = getattr(game, "timer_setting", None)
    if setting is None:
        return snap
    wanted = setting(snap["game"])
    if wanted and wanted != setting(before):
        snap["timer"] = timer.command(snap["timer"], "set", now, wanted[1])
    return snap
