"""table seat players: a league table knows which league player sits at each seat

Revision ID: 0012
Revises: 0011

``table_seat_players`` ties a league table's seats to league players by id, so that a player renamed
or merged during the game still gets its result. Tables started before have no rows: they post by
the seats' names, as before.
"""

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "table_seat_players",
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"], name=op.f("fk_table_seat_players_table_id_tables"),
                                ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["player_id"], ["league_players.id"],
                                name=op.f("fk_table_seat_players_player_id_league_players"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("table_id", "seat", name=op.f("pk_table_seat_players")),
    )
    op.create_index(op.f("ix_table_seat_players_player_id"), "table_seat_players", ["player_id"])


def downgrade():
    op.drop_index(op.f("ix_table_seat_players_player_id"), table_name="table_seat_players")
    op.drop_table("table_seat_players")
