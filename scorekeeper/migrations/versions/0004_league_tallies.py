"""saved standings tallies

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "league_tallies",
        sa.Column("league_id", sa.Integer(), nullable=False),
        sa.Column("scope", sa.String(length=80), nullable=False),
        sa.Column("revision", sa.Integer(), nullable=False),
        sa.Column("data", sa.LargeBinary(), nullable=False),
        sa.ForeignKeyConstraint(["league_id"], ["leagues.id"], name=op.f("fk_league_tallies_league_id_leagues"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("league_id", "scope", name=op.f("pk_league_tallies")),
    )


def downgrade():
    op.drop_table("league_tallies")
