"""the dispute log: a league's house-word changes, and indexes to find its tables' challenges

Revision ID: 0009
Revises: 0008

``league_word_changes`` keeps each word a league added or banned (or took back), with when, so the
league's dispute log can say "BERLIN banned by the league" beside the challenges. The challenges
themselves are the ``challenge`` events already in its tables' logs: a partial index finds them among
the moves, and an index on ``tables.league_id`` finds a league's tables.
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "league_word_changes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("league_id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(length=32), nullable=False),
        sa.Column("word", sa.String(length=64), nullable=False),
        sa.Column("change", sa.String(length=16), nullable=False),
        sa.Column("at_ms", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(["league_id"], ["leagues.id"], name=op.f("fk_league_word_changes_league_id_leagues"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_league_word_changes")),
    )
    op.create_index(op.f("ix_league_word_changes_league_id"), "league_word_changes", ["league_id"])
    op.create_index(op.f("ix_tables_league_id"), "tables", ["league_id"])
    op.create_index("ix_events_challenges", "events", ["table_id", "created_at_ms"],
                    sqlite_where=sa.text("type = 'challenge'"), postgresql_where=sa.text("type = 'challenge'"))


def downgrade():
    op.drop_index("ix_events_challenges", table_name="events")
    op.drop_index(op.f("ix_tables_league_id"), table_name="tables")
    op.drop_index(op.f("ix_league_word_changes_league_id"), table_name="league_word_changes")
    op.drop_table("league_word_changes")
