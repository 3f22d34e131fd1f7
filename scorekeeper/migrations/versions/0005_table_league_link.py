"""a league table remembers which league link started it

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("league_token_hash", sa.String(length=64), nullable=True))


def downgrade():
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("league_token_hash")
