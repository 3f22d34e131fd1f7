"""event trails: the undo stack lives with the events, not as lists in the snapshot

Revision ID: 0006
Revises: 0005

Snapshots kept the whole undo and redo stacks as lists of seqs (``done``,
``undone``), which grew with the log. Now each move carries its place on the
stack (``events.trail``, see scorekeeper/reducer.py) and the snapshot only the
top of each stack (``undo``). Tables played before keep their whole history:
their moves get trails without checkpoints (an undo down there replays from the
setup, as before), and moves made from now on get checkpoints again.
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

tables = sa.table("tables", sa.column("id", sa.Integer), sa.column("snapshot", sa.JSON))
events = sa.table("events", sa.column("table_id", sa.Integer), sa.column("seq", sa.Integer),
                  sa.column("type", sa.String), sa.column("data", sa.JSON), sa.column("trail", sa.JSON))


def _set_trail(conn, table_id, seq, trail):
    conn.execute(events.update().where(events.c.table_id == table_id, events.c.seq == seq).values(trail=trail))


def upgrade():
    op.add_column("events", sa.Column("trail", sa.JSON(), nullable=True))
    conn = op.get_bind()
    for table_id, snapshot in conn.execute(sa.select(tables.c.id, tables.c.snapshot)).all():
        if not snapshot or "done" not in snapshot:
            continue
        done, undone = snapshot.pop("done"), snapshot.pop("undone")
        for depth, seq in enumerate(done, start=1):
            _set_trail(conn, table_id, seq, {"below": done[depth - 2] if depth > 1 else None, "depth": depth})
        # Each undone move's trail (its place when it was done) and the undo that took it back, latest first.
        undid_by = {}
        for seq, data in conn.execute(sa.select(events.c.seq, events.c.data).where(
                events.c.table_id == table_id, events.c.type == "undo").order_by(events.c.seq)).all():
            undid_by[data.get("undid")] = seq
        redo = None
        for position, seq in enumerate(undone):
            by = undid_by.get(seq)
            if by is None:  # cannot happen in a log written by the app; the redo stack starts above it
                redo = None
                continue
            _set_trail(conn, table_id, seq, {"below": undone[position + 1] if position + 1 < len(undone)
                                             else (done[-1] if done else None), "depth": len(done) + len(undone)
                                             - position})
            _set_trail(conn, table_id, by, {"below": redo})
            redo = {"seq": seq, "by": by}
        snapshot["undo"] = {"last": done[-1] if done else None, "depth": len(done), "redo": redo}
        conn.execute(tables.update().where(tables.c.id == table_id).values(snapshot=snapshot))


def downgrade():
    conn = op.get_bind()
    for table_id, snapshot in conn.execute(sa.select(tables.c.id, tables.c.snapshot)).all():
        if not snapshot or "undo" not in snapshot:
            continue
        trails = dict(conn.execute(sa.select(events.c.seq, events.c.trail).where(
            events.c.table_id == table_id, events.c.trail.is_not(None))).all())
        stack = snapshot.pop("undo")
        done, seq = [], stack["last"]
        while seq is not None:
            done.append(seq)
            seq = trails[seq]["below"]
        undone, redo = [], stack["redo"]
        while redo is not None:
            undone.append(redo["seq"])
            redo = trails[redo["by"]]["below"]
        snapshot["done"], snapshot["undone"] = done[::-1], undone[::-1]
        conn.execute(tables.update().where(tables.c.id == table_id).values(snapshot=snapshot))
    op.drop_column("events", "trail")
