"""league players' name keys ignore the characters that show nothing

Revision ID: 0008
Revises: 0007

Two names are now the same name when they differ only by characters that show
nothing (joiners, Hangul fillers, the blank Braille pattern, variation selectors:
``games.base.INVISIBLE``). Stored keys are recomputed so a player whose name
carries one is found by the name as it now compares. Where two players of one
league would get the same key, both keep their old keys (neither is merged
into the other behind the league's back).
"""

import unicodedata

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

# The set as this revision knows it (the code's may grow later; a migration does not change with it).
INVISIBLE = frozenset("\u200d\u034f\u115f\u1160\u3164\uffa0\u17b4\u17b5\u180b\u180c\u180d\u180f\u2800"
                      + "".join(map(chr, range(0xFE00, 0xFE10))) + "".join(map(chr, range(0xE0100, 0xE01F0))))

players = sa.table("league_players", sa.column("id", sa.Integer), sa.column("league_id", sa.Integer),
                   sa.column("name", sa.String), sa.column("name_key", sa.String))


def _key(name: str) -> str:
    shown = "".join(c for c in unicodedata.normalize("NFKC", name) if c not in INVISIBLE)
    return " ".join(shown.split()).casefold()


def _old_key(name: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", name).split()).replace("\u200d", "").casefold()


def _rekey(key_of) -> None:
    conn = op.get_bind()
    rows = conn.execute(sa.select(players.c.id, players.c.league_id, players.c.name, players.c.name_key)).all()
    taken = {(league_id, key) for _, league_id, _, key in rows}
    for player_id, league_id, name, key in rows:
        new = key_of(name)
        if new != key and (league_id, new) not in taken:
            conn.execute(players.update().where(players.c.id == player_id).values(name_key=new))
            taken.add((league_id, new))


def upgrade():
    _rekey(_key)


def downgrade():
    _rekey(_old_key)
