"""a score pad result may keep the name of the game it stands for

Revision ID: 0010
Revises: 0009

``league_results.game_name``: a play imported from BG Stats or BoardGameGeek of a game other than our
four becomes a score pad result, and keeps the game's name (``Catan``) so that the league shows it and
its exports carry it on. Empty for every other result.
"""

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("league_results", schema=None) as batch_op:
        batch_op.add_column(sa.Column("game_name", sa.String(80), nullable=True))


def downgrade():
    with op.batch_alter_table("league_results", schema=None) as batch_op:
        batch_op.drop_column("game_name")
