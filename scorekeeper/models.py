"""Database tables (SQLAlchemy 2 typed models). The schema changes only through migrations/."""

from __future__ import annotations

import re
import time
from typing import Any

from sqlalchemy import JSON, BigInteger, ForeignKey, Index, Integer, LargeBinary, String, UniqueConstraint, text
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .extensions import db


def now_ms() -> int:
    return int(time.time() * 1000)


# A table's join code. No look-alikes: no 0/O, no 1/I/L. 31 symbols ** 6 ≈ 887 million codes.
TABLE_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
TABLE_CODE_LENGTH = 6
_TABLE_CODE = re.compile(f"[{TABLE_CODE_ALPHABET}]{{{TABLE_CODE_LENGTH}}}")


def is_table_code(value: Any) -> bool:
    """Whether ``value`` is shaped like a join code the app gives (not whether a table has it)."""
    return isinstance(value, str) and _TABLE_CODE.fullmatch(value) is not None


class Table(db.Model):
    """One game being played right now by seats in clockwise order (docs/ARCHITECTURE.md §2)."""

    __tablename__ = "tables"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    code: Mapped[str] = mapped_column(String(6), unique=True)
    game: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seats: Mapped[list[str]] = mapped_column(JSON)
    # The highest event seq: bumped first thing in every append, which also
    # takes the row's write lock, so appends to one table are serialised.
    last_seq: Mapped[int] = mapped_column(Integer, default=0)
    # A table started inside a league takes its house rules and posts its result there.
    league_id: Mapped[int | None] = mapped_column(ForeignKey("leagues.id", ondelete="SET NULL"), nullable=True,
                                                  index=True)
    # The digest of the league link that started it: it posts only while that link is still the
    # league's member or admin link (rotating the member link ends it).
    league_token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    # Derived state after last_seq, cached so reads need no replay.
    snapshot: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    created_at_ms: Mapped[int] = mapped_column(BigInteger, default=now_ms)
    updated_at_ms: Mapped[int] = mapped_column(BigInteger, default=now_ms)

    events: Mapped[list[Event]] = relationship(back_populates="table", order_by="Event.seq", lazy="raise")
    league: Mapped[League | None] = relationship(lazy="select")


class Event(db.Model):
    """One action at a table, in the order the server accepted it."""

    __tablename__ = "events"
    __table_args__ = (
        UniqueConstraint("table_id", "seq", name="uq_events_table_seq"),
        UniqueConstraint("table_id", "uid", name="uq_events_table_uid"),
        # A league's dispute log reads its tables' challenges among all their moves (services/disputes.py).
        Index("ix_events_challenges", "table_id", "created_at_ms", sqlite_where=text("type = 'challenge'"),
              postgresql_where=text("type = 'challenge'")),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    uid: Mapped[str] = mapped_column(String(36))  # the client's UUID: appending it twice is a no-op
    type: Mapped[str] = mapped_column(String(32))
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    # The reducer's note for later undos and redos (where a move sits on the undo stack, and a
    # checkpoint of the state now and then); see scorekeeper/reducer.py. None for timer and challenges.
    trail: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    created_at_ms: Mapped[int] = mapped_column(BigInteger, default=now_ms)

    table: Mapped[Table] = relationship(back_populates="events")


# --- leagues (docs/ARCHITECTURE.md §7) ------------------------------------------------------
# New column types come through ``db`` (flask-sqlalchemy re-exports SQLAlchemy's) so this
# section only appends to the file.


class League(db.Model):
    """A group that plays together: players, seasons, results, house rules; reached by capability tokens."""

    __tablename__ = "leagues"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    public_id: Mapped[str] = mapped_column(String(32), unique=True)  # random, url-safe: what URLs carry
    name: Mapped[str] = mapped_column(String(80))
    rules: Mapped[dict[str, Any]] = mapped_column(JSON)
    # SHA-256 hex digests of the capability tokens; the tokens themselves are never stored.
    admin_token_hash: Mapped[str] = mapped_column(String(64))
    member_token_hash: Mapped[str] = mapped_column(String(64))
    viewer_token_hash: Mapped[str] = mapped_column(String(64))
    # The member and viewer tokens, sealed under the admin token so only an admin link reads them
    # (services/league_links.py); None for a league made before they were kept.
    member_token_sealed: Mapped[str | None] = mapped_column(String(200), nullable=True)
    viewer_token_sealed: Mapped[str | None] = mapped_column(String(200), nullable=True)
    # Bumped by every change to results: the key that cached standings are valid for.
    revision: Mapped[int] = mapped_column(Integer, default=0)
    created_at_ms: Mapped[int] = mapped_column(BigInteger, default=now_ms)


class LeaguePlayer(db.Model):
    __tablename__ = "league_players"
    __table_args__ = (UniqueConstraint("league_id", "name_key", name="uq_league_players_league_name"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    league_id: Mapped[int] = mapped_column(ForeignKey("leagues.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(40))
    name_key: Mapped[str] = mapped_column(String(40))  # casefolded: names are unique case-insensitively
    created_at_ms: Mapped[int] = mapped_column(BigInteger, default=now_ms)


class Season(db.Model):
    __tablename__ = "league_seasons"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    league_id: Mapped[int] = mapped_column(ForeignKey("leagues.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(60))
    starts_on: Mapped[Any | None] = mapped_column(db.Date, nullable=True)  # None: open-ended
    ends_on: Mapped[Any | None] = mapped_column(db.Date, nullable=True)
    is_default: Mapped[bool] = mapped_column(db.Boolean, default=False)  # "All time"
    created_at_ms: Mapped[int] = mapped_column(BigInteger, default=now_ms)


class LeagueResult(db.Model):
    """One finished game in a league; ``uid`` is the client's UUID, so recording twice is a no-op."""

    __tablename__ = "league_results"
    __table_args__ = (
        UniqueConstraint("league_id", "uid", name="uq_league_results_league_uid"),
        db.Index("ix_league_results_league_played", "league_id", "played_on", "id"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)  # also the creation order
    league_id: Mapped[int] = mapped_column(ForeignKey("leagues.id", ondelete="CASCADE"))
    uid: Mapped[str] = mapped_column(String(36))
    game: Mapped[str] = mapped_column(String(32))
    # A score pad result's game, when it stands for a game other than ours (an imported play of "Catan").
    game_name: Mapped[str | None] = mapped_column(String(80), nullable=True)
    played_on: Mapped[Any] = mapped_column(db.Date)
    table_code: Mapped[str | None] = mapped_column(String(6), nullable=True)
    sheet: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    digest: Mapped[str] = mapped_column(String(64))  # of the first recorded body: a replay must match it
    version: Mapped[int] = mapped_column(Integer, default=1)
    created_at_ms: Mapped[int] = mapped_column(BigInteger, default=now_ms)
    updated_at_ms: Mapped[int] = mapped_column(BigInteger, default=now_ms)
    # Set when an admin deletes it: the row stays, with no entries, so its history still says what it was
    # and a replay of its id (a table's finish, a phone's queued post) does not record it again.
    deleted_at_ms: Mapped[int | None] = mapped_column(BigInteger, nullable=True)

    entries: Mapped[list[ResultEntry]] = relationship(
        back_populates="result", order_by="ResultEntry.position", cascade="all, delete-orphan", lazy="selectin")


class ResultEntry(db.Model):
    """One player's line in a result."""

    __tablename__ = "league_result_entries"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    result_id: Mapped[int] = mapped_column(ForeignKey("league_results.id", ondelete="CASCADE"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("league_players.id", ondelete="CASCADE"), index=True)
    position: Mapped[int] = mapped_column(Integer)  # order as entered
    score: Mapped[int | None] = mapped_column(Integer, nullable=True)
    place: Mapped[int] = mapped_column(Integer)  # 1 = first; ties share a place
    team: Mapped[str | None] = mapped_column(String(40), nullable=True)

    result: Mapped[LeagueResult] = relationship(back_populates="entries")


class ResultVersion(db.Model):
    """A result as it was before an admin corrected it."""

    __tablename__ = "league_result_versions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    result_id: Mapped[int] = mapped_column(ForeignKey("league_results.id", ondelete="CASCADE"), index=True)
    version: Mapped[int] = mapped_column(Integer)
    data: Mapped[dict[str, Any]] = mapped_column(JSON)  # {game, played_on, players, sheet, table_code}
    replaced_at_ms: Mapped[int] = mapped_column(BigInteger, default=now_ms)


class LeagueTally(db.Model):
    """A league's standings tally for one season and game, saved (services/standings.py).

    Rating every game in order is the slow part of standings; saving the result lets every
    worker and instance, and the app after a restart, start from it and rate only what is new.
    ``revision`` is the league's revision it includes at least; ``data`` is ``Tally.dumps()``.
    """

    __tablename__ = "league_tallies"

    league_id: Mapped[int] = mapped_column(ForeignKey("leagues.id", ondelete="CASCADE"), primary_key=True)
    scope: Mapped[str] = mapped_column(String(80), primary_key=True)
    revision: Mapped[int] = mapped_column(Integer)
    data: Mapped[bytes] = mapped_column(LargeBinary)


class LeagueWordChange(db.Model):
    """A house word the league added or banned, or took back: a line of its dispute log ("BERLIN banned")."""

    __tablename__ = "league_word_changes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    league_id: Mapped[int] = mapped_column(ForeignKey("leagues.id", ondelete="CASCADE"), index=True)
    game: Mapped[str] = mapped_column(String(32))
    word: Mapped[str] = mapped_column(String(64))
    change: Mapped[str] = mapped_column(String(16))  # services/disputes.py WORD_CHANGES
    at_ms: Mapped[int] = mapped_column(BigInteger, default=now_ms)


class TableSeatPlayer(db.Model):
    """Which league player sits at a league table's seat: by id, so that a rename or a merge during the game
    still posts its result to that person (services/tables.py ``post_to_league``), not to whoever holds the
    seat's name by then. A removed player's rows go with them (the seat's name is all that is left)."""

    __tablename__ = "table_seat_players"

    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("league_players.id", ondelete="CASCADE"), index=True)
