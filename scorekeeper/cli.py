"""Command-line tools: ``flask --app scorekeeper backup PATH`` and ``restore PATH``.

SQLite: SQLite's online backup API copies a consistent snapshot of the
database (what is in the WAL included) while the server keeps running; the
copy is a single self-contained file. PostgreSQL: ``pg_dump --format=custom``
and ``pg_restore``, which must be installed (``apt-get install
postgresql-client`` of the server's major version or newer).

Both write through a temporary file and rename it, so PATH is either the
whole backup or untouched. The database is the one the app is configured
with (``DATABASE_URL``).
"""

from __future__ import annotations

import os
import shlex
import shutil
import sqlite3
import subprocess
import tempfile
from pathlib import Path

import click
from flask import Flask, current_app
from flask.cli import with_appcontext
from sqlalchemy import inspect, select, text
from sqlalchemy.engine import URL

from .extensions import db

# Tables whose rows are the app's data (everything except the migration bookkeeping).
_BOOKKEEPING = {"alembic_version"}


def init_app(app: Flask) -> None:
    app.cli.add_command(backup)
    app.cli.add_command(restore)


# --- which database ---------------------------------------------------------------------------


def _url() -> URL:
    return db.engine.url


def _sqlite_path(url: URL) -> Path:
    if not url.database or url.database == ":memory:" or url.database.startswith("file:"):
        raise click.ClickException(f"cannot back up the SQLite database {url.database or ':memory:'!r}; "
                                   "it must be a file.")
    return Path(url.database)


def pg_connection(url: URL) -> tuple[str, list[str], dict[str, str]]:
    """(libpq connection URL, schemas, environment) for pg_dump/pg_restore from a SQLAlchemy URL.

    The driver part (``+psycopg``) goes; the password travels in PGPASSWORD, not on the
    command line; a ``-csearch_path=…`` in ``options`` is taken out and its schemas returned
    (the app's tables live there: pg_dump gets them as ``--schema``).
    """
    query = dict(url.query)
    schemas: list[str] = []
    options = query.pop("options", None)
    if isinstance(options, tuple):  # options given twice: libpq would take the last
        options = options[-1]
    if options:
        kept: list[str] = []
        words = shlex.split(options)
        i = 0
        while i < len(words):
            word = words[i]
            if word == "-c" and i + 1 < len(words):
                word = "-c" + words[i + 1]
                i += 1
            setting = word[2:] if word.startswith("-c") else ""
            if setting.replace(" ", "").startswith("search_path="):
                for name in setting.split("=", 1)[1].split(","):
                    name = name.strip().strip('"')
                    if name and name not in ("$user", "pg_catalog"):
                        schemas.append(name)
            else:
                kept.append(word)
            i += 1
        if kept:
            query["options"] = " ".join(kept)
    bare = URL.create("postgresql", username=url.username, host=url.host, port=url.port, database=url.database,
                      query=query)  # no password: URL.set(password=None) would keep it
    conninfo = bare.render_as_string(hide_password=False)
    env = dict(os.environ)
    if url.password is not None:
        env["PGPASSWORD"] = str(url.password)
    return conninfo, schemas, env


def _pg_tool(name: str) -> str:
    path = shutil.which(name)
    if path is None:
        raise click.ClickException(f"{name} is not installed; install the PostgreSQL client tools "
                                   "(apt-get install postgresql-client, of the server's major version or newer).")
    return path


def _rows_in(engine) -> dict[str, int]:
    """Rows per data table in the configured database (empty when it has no tables yet)."""
    counts: dict[str, int] = {}
    with engine.connect() as conn:
        for name in inspect(conn).get_table_names():
            if name not in _BOOKKEEPING:
                counts[name] = conn.execute(text(f'SELECT count(*) FROM "{name}"')).scalar_one()  # noqa: S608 - catalog names
    return counts


def _summary(counts: dict[str, int]) -> str:
    return ", ".join(f"{n:,} {name}" for name, n in sorted(counts.items()) if n) or "no data"


def _temporary_next_to(path: Path) -> Path:
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".partial", dir=path.parent)
    os.close(fd)
    return Path(tmp)


# --- backup -----------------------------------------------------------------------------------


@click.command("backup")
@click.argument("path", type=click.Path(dir_okay=False, writable=True, path_type=Path))
@click.option("--force", is_flag=True, help="Overwrite PATH if it exists.")
@with_appcontext
def backup(path: Path, force: bool) -> None:
    """Back up the database to PATH, safely while the server runs.

    SQLite: a consistent copy made with SQLite's online backup API (a single file,
    anything still in the WAL included). PostgreSQL: `pg_dump --format=custom`
    of DATABASE_URL (only the schema named by `options=-csearch_path=…` when the URL
    has one); pg_dump must be installed, of the server's major version or newer.
    """
    if path.exists() and not force:
        raise click.ClickException(f"{path} exists; choose another name or pass --force.")
    path = path.resolve()
    path.parent.mkdir(parents=True, exist_ok=True)
    url = _url()
    tmp = _temporary_next_to(path)
    what = ""
    try:
        if url.get_backend_name() == "sqlite":
            what = "; " + _sqlite_backup(_sqlite_path(url), tmp)
        elif url.get_backend_name() == "postgresql":
            conninfo, schemas, env = pg_connection(url)
            _run([_pg_tool("pg_dump"), "--format=custom", "--no-password", f"--file={tmp}",
                  *(f"--schema={s}" for s in schemas), f"--dbname={conninfo}"], env)
        else:
            raise click.ClickException(f"backups of {url.get_backend_name()} databases are not supported.")
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)
    click.echo(f"backed up {url.render_as_string(hide_password=True)} to {path} ({path.stat().st_size:,} bytes{what})")


def _sqlite_backup(source: Path, target: Path) -> str:
    """Copy ``source`` to ``target``; what the copy holds, in words."""
    if not source.exists():
        raise click.ClickException(f"there is no database at {source}.")
    src = sqlite3.connect(source, timeout=30)
    dst = sqlite3.connect(target)
    try:
        # pages=-1: the whole database in one step, under one read transaction, so the
        # copy is one consistent moment; writers carry on meanwhile (WAL).
        src.backup(dst, pages=-1)
        dst.execute("PRAGMA journal_mode=DELETE")  # one self-contained file, no -wal beside it
        check = dst.execute("PRAGMA quick_check").fetchone()[0]
        if check != "ok":
            raise click.ClickException(f"the copy failed its check: {check}")
        names = [r[0] for r in dst.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        counts = {n: dst.execute(f'SELECT count(*) FROM "{n}"').fetchone()[0]  # noqa: S608 - catalog names
                  for n in names if n not in _BOOKKEEPING}
        return _summary(counts)
    finally:
        dst.close()
        src.close()


def _run(args: list[str], env: dict[str, str]) -> None:
    result = subprocess.run(args, env=env, capture_output=True, text=True, check=False)  # noqa: S603
    if result.returncode != 0:
        tool = Path(args[0]).name
        raise click.ClickException(f"{tool} failed (exit {result.returncode}): {result.stderr.strip()}")


# --- restore ----------------------------------------------------------------------------------


@click.command("restore")
@click.argument("path", type=click.Path(exists=True, dir_okay=False, readable=True, path_type=Path))
@click.option("--force", is_flag=True, help="Replace the data already in the database.")
@with_appcontext
def restore(path: Path, force: bool) -> None:
    """Restore the database from a backup made by `backup`. Stop the server first.

    Refuses when the configured database already holds data, unless --force.
    SQLite: copied back with SQLite's backup API. PostgreSQL: `pg_restore --clean
    --if-exists --no-owner --single-transaction` (all or nothing); pg_restore must be
    installed. Afterwards run `flask --app scorekeeper db upgrade` if the backup is
    from an older version.
    """
    url = _url()
    backend = url.get_backend_name()
    if backend not in ("sqlite", "postgresql"):
        raise click.ClickException(f"restoring {backend} databases is not supported.")
    if backend == "sqlite":
        _check_sqlite_backup(path)  # before touching (or creating) the target
    else:
        conninfo, schemas, env = pg_connection(url)
        _check_pg_backup(path, schemas or ["public"])
    counts = _rows_in(db.engine)
    if any(counts.values()) and not force:
        raise click.ClickException(f"the database already holds data ({_summary(counts)}); "
                                   "pass --force to replace it.")
    db.session.remove()
    db.engine.dispose()  # no pooled connection of ours holds the old database
    if backend == "sqlite":
        src = sqlite3.connect(_read_only(path), uri=True)
        dst = sqlite3.connect(_sqlite_path(url), timeout=30)
        try:
            src.backup(dst, pages=-1)
        finally:
            dst.close()
            src.close()
    else:
        _run([_pg_tool("pg_restore"), "--clean", "--if-exists", "--no-owner", "--no-privileges",
              "--single-transaction", "--no-password", f"--dbname={conninfo}", str(path)], env)
    db.engine.dispose()
    with db.engine.connect() as conn:
        version = conn.execute(select(text("version_num")).select_from(text("alembic_version"))).scalar()
    click.echo(f"restored {path} into {url.render_as_string(hide_password=True)} ({_summary(_rows_in(db.engine))}; "
               f"schema revision {version}). Run `flask --app scorekeeper db upgrade` if the code is newer.")
    current_app.logger.info("database restored from %s", path)


def _check_sqlite_backup(path: Path) -> None:
    try:
        conn = sqlite3.connect(_read_only(path), uri=True)
        try:
            check = conn.execute("PRAGMA quick_check").fetchone()[0]
            names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        finally:
            conn.close()
    except sqlite3.DatabaseError as err:
        raise click.ClickException(f"{path} is not a SQLite backup: {err}") from None
    if check != "ok":
        raise click.ClickException(f"{path} failed SQLite's check: {check}")
    if not {"alembic_version", "tables", "events"} <= names:
        raise click.ClickException(f"{path} is not a scorekeeper backup (it has no tables/events/alembic_version).")
    conn = sqlite3.connect(_read_only(path), uri=True)
    try:
        revisions = [r[0] for r in conn.execute("SELECT version_num FROM alembic_version")]
        columns = {name: {r[1] for r in conn.execute(f'PRAGMA table_info("{name}")')} for name in names}
    finally:
        conn.close()
    _check_contents(path, revisions, columns)


def _check_contents(path: Path, revisions: list[str], columns: dict[str, set[str]] | None) -> None:
    """A backup names one schema revision this code knows; at the newest, it has every table (and column).

    ``columns``: the columns of each table in the backup, or None where only the table names are known
    (then the keys are the names and the values empty).
    """
    from alembic.script import ScriptDirectory

    script = ScriptDirectory(str(Path(__file__).resolve().parent / "migrations"))
    known = {revision.revision for revision in script.walk_revisions()}
    if len(revisions) != 1 or revisions[0] not in known:
        raise click.ClickException(f"{path} is not a scorekeeper backup: it names no schema revision this "
                                   f"version knows ({', '.join(revisions) or 'none'}).")
    if revisions[0] not in script.get_heads():
        return  # an older schema: `flask db upgrade` brings it up to date after the restore
    for table in db.metadata.sorted_tables:
        have = columns.get(table.name)
        if have is None:
            raise click.ClickException(f"{path} is not a whole scorekeeper backup: it has no {table.name} table.")
        missing = {c.name for c in table.columns} - have if have else set()
        if missing:
            raise click.ClickException(f"{path} is not a whole scorekeeper backup: {table.name} lacks "
                                       f"{', '.join(sorted(missing))}.")


def _read_only(path: Path) -> str:
    return path.resolve().as_uri() + "?mode=ro"


def _check_pg_backup(path: Path, schemas: list[str]) -> None:
    """The dump is pg_dump's custom format and its tables are in the schema the app will look in."""
    result = subprocess.run([_pg_tool("pg_restore"), "--list", str(path)],  # noqa: S603
                            capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise click.ClickException(f"{path} is not a pg_dump custom-format backup: {result.stderr.strip()}")
    tables = set()  # (schema, name) of each table in the dump; a line is "id; oid oid TABLE schema name owner"
    for line in result.stdout.splitlines():
        parts = line.split()
        if not line.startswith(";") and len(parts) > 5 and parts[3] == "TABLE" and parts[4] != "DATA":
            tables.add((parts[4], parts[5]))
    if "tables" not in {name for _, name in tables}:
        raise click.ClickException(f"{path} is not a scorekeeper backup (it has no tables table).")
    # The revision is in the dump's data for alembic_version; pg_restore prints it without a database.
    data = subprocess.run([_pg_tool("pg_restore"), "--data-only", "--table=alembic_version", "--file=-",  # noqa: S603
                           str(path)], capture_output=True, text=True, check=False).stdout.splitlines()
    copying, revisions = False, []
    for line in data:
        if line.startswith("COPY ") and "alembic_version" in line:
            copying = True
        elif copying and line == "\\.":
            copying = False
        elif copying:
            revisions.append(line.strip())
    _check_contents(path, revisions, {name: set() for _, name in tables})
    found = {schema for schema, _ in tables}
    if not found <= set(schemas):
        raise click.ClickException(
            f"{path} holds schema {', '.join(sorted(found))} but DATABASE_URL's search_path is "
            f"{', '.join(schemas)}; set options=-csearch_path={sorted(found)[0]} in DATABASE_URL.")
