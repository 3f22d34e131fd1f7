"""deleted results: a result an admin deletes keeps its row (and history) as a tombstone

Revision ID: 0007
Revises: 0006

``league_results.deleted_at_ms`` is set when an admin deletes a result: its entries go (it no
longer counts, and its players may be removed), its last version joins its history, and its id
stays taken, so a replay of the same id does not record it again.
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("league_results", schema=None) as batch_op:
        batch_op.add_column(sa.Column("deleted_at_ms", sa.BigInteger(), nullable=True))


def downgrade():
    results = sa.table("league_results", sa.column("deleted_at_ms", sa.BigInteger))
    op.get_bind().execute(results.delete().where(results.c.deleted_at_ms.is_not(None)))
    with op.batch_alter_table("league_results", schema=None) as batch_op:
        batch_op.drop_column("deleted_at_ms")
