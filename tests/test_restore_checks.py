"""`flask restore` refuses a file that is not a whole scorekeeper backup, before touching the database."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import uuid

from sqlalchemy import create_engine, text
from support import PG_PROBLEM, PG_URL, migrate, missing, pg_url_for

from scorekeeper import create_app
from scorekeeper.config import database_url

FAKE = ["CREATE TABLE alembic_version (version_num VARCHAR(32))", "CREATE TABLE tables (id INTEGER)",
        "CREATE TABLE events (id INTEGER)"]


def restore(url: str, path) -> tuple[int, str]:
    result = create_app({"SQLALCHEMY_DATABASE_URI": url}).test_cli_runner().invoke(args=["restore", str(path)])
    return result.exit_code, result.output


def target(tmp_path):
    url = f"sqlite:///{tmp_path / 'target.sqlite3'}"
    migrate(create_app({"SQLALCHEMY_DATABASE_URI": url}))
    return url


def test_three_empty_tables_of_the_right_names_are_refused(tmp_path):
    fake = tmp_path / "fake.sqlite3"
    with sqlite3.connect(fake) as conn:
        for statement in FAKE:
            conn.execute(statement)
    url = target(tmp_path)
    status, output = restore(url, fake)
    assert status != 0 and "schema revision" in output
    with create_engine(url).connect() as conn:  # the target is untouched
        assert conn.execute(text("SELECT count(*) FROM alembic_version")).scalar() == 1


def test_a_backup_missing_a_column_is_refused(tmp_path):
    backup = tmp_path / "partial.sqlite3"
    migrate(create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{backup}"}))
    with sqlite3.connect(backup) as conn:
        conn.execute("DROP TABLE league_tallies")
    status, output = restore(target(tmp_path), backup)
    assert status != 0 and "league_tallies" in output


def test_a_postgresql_dump_of_three_empty_tables_is_refused(tmp_path):
    if PG_PROBLEM:
        missing(PG_PROBLEM)
    if not (shutil.which("pg_dump") and shutil.which("pg_restore")):
        missing("pg_dump/pg_restore are not installed (apt-get install postgresql-client)")
    admin = create_engine(database_url(PG_URL, ""), isolation_level="AUTOCOMMIT")
    fake, real = f"f_{uuid.uuid4().hex[:10]}", f"r_{uuid.uuid4().hex[:10]}"
    try:
        with admin.connect() as conn:
            conn.execute(text(f'CREATE SCHEMA "{fake}"'))
            conn.execute(text(f'CREATE SCHEMA "{real}"'))
            for statement in FAKE:
                conn.execute(text(statement.replace("CREATE TABLE ", f'CREATE TABLE "{fake}".')))
        dump = tmp_path / "fake.dump"
        subprocess.run(["pg_dump", "--format=custom", f"--schema={fake}", f"--file={dump}", PG_URL.split("?")[0]],
                       check=True, capture_output=True)
        url = database_url(pg_url_for(real), "")
        migrate(create_app({"SQLALCHEMY_DATABASE_URI": url}))
        status, output = restore(database_url(pg_url_for(fake), ""), dump)
        assert status != 0 and "schema revision" in output
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP SCHEMA IF EXISTS "{fake}" CASCADE'))
            conn.execute(text(f'DROP SCHEMA IF EXISTS "{real}" CASCADE'))
        admin.dispose()
