"""Database tables (SQLAlchemy 2 typed models). The schema changes only through migrations/."""

from __future__ import annotations

import time
from typing import Any

from sqlalchemy import JSON, BigInteger, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .extensions import db


def now_ms() -> int:
    return int(time.time() * 1000)


class Table(db.Model):
    """One game being played right now by seats in clockwise order (DESIGN §2)."""

    __tablename__ = "tables"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    code: Mapped[str] = mapped_column(String(6), unique=True)
    game: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seats: Mapped[list[str]] = mapped_column(JSON)
    # The highest event seq: bumped first thing in every append, which also
    # takes the row's write lock, so appends to one table are serialised.
    last_seq: Mapped[int] = mapped_column(Integer, default=0)
    # Derived state after last_seq, cached so reads need no replay.
    snapshot: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    created_at_ms: Mapped[int] = mapped_column(BigInteger, default=now_ms)
    updated_at_ms: Mapped[int] = mapped_column(BigInteger, default=now_ms)

    events: Mapped[list[Event]] = relationship(back_populates="table", order_by="Event.seq", lazy="raise")


class Event(db.Model):
    """One action at a table, in the order the server accepted it."""

    __tablename__ = "events"
    __table_args__ = (
        UniqueConstraint("table_id", "seq", name="uq_events_table_seq"),
        UniqueConstraint("table_id", "uid", name="uq_events_table_uid"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    uid: Mapped[str] = mapped_column(String(36))  # the client's UUID: appending it twice is a no-op
    type: Mapped[str] = mapped_column(String(32))
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at_ms: Mapped[int] = mapped_column(BigInteger, default=now_ms)

    table: Mapped[Table] = relationship(back_populates="events")
