"""sealed league links: an admin reads the member and viewer links without replacing them

Revision ID: 0011
Revises: 0010

``leagues.member_token_sealed`` and ``viewer_token_sealed`` keep those tokens encrypted under a key
derived from the admin token (services/league_links.py). Existing leagues have none (the tokens were
never stored): their admin makes a new member or viewer link once, as before.
"""

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("leagues", schema=None) as batch_op:
        batch_op.add_column(sa.Column("member_token_sealed", sa.String(length=200), nullable=True))
        batch_op.add_column(sa.Column("viewer_token_sealed", sa.String(length=200), nullable=True))


def downgrade():
    # Not batch mode: on SQLite it would copy and drop the leagues table, and the drop cascades to every
    # league's players and results. Both databases drop a column in place (SQLite since 3.35).
    op.execute("ALTER TABLE leagues DROP COLUMN viewer_token_sealed")
    op.execute("ALTER TABLE leagues DROP COLUMN member_token_sealed")
