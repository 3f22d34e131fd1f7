"""The schema comes only from migrations: after upgrading, the database matches the models exactly."""

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from scorekeeper.extensions import db


def test_migrations_build_exactly_the_models(app):
    with app.app_context(), db.engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        differences = compare_metadata(context, db.metadata)
    # alembic_version is the migrations' own bookkeeping, not a model.
    assert [d for d in differences if not (d[0] == "remove_table" and d[1].name == "alembic_version")] == []
