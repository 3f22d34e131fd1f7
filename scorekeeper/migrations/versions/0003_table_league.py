"""tables may belong to a league

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade():
    # batch mode: SQLite cannot add a foreign key to an existing table in place.
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("league_id", sa.Integer(), nullable=True))
        batch.create_foreign_key(op.f("fk_tables_league_id_leagues"), "leagues", ["league_id"], ["id"],
                                 ondelete="SET NULL")


def downgrade():
    with op.batch_alter_table("tables") as batch:
        batch.drop_constraint(op.f("fk_tables_league_id_leagues"), type_="foreignkey")
        batch.drop_column("league_id")
