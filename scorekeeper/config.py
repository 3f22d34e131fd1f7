"""Configuration: defaults, then the environment, then a test's overrides.

Environment: DATABASE_URL (PostgreSQL; ``postgres://`` accepted), SECRET_KEY,
SCOREKEEPER_ENV=production (refuses to start without a strong SECRET_KEY, and
without SCOREKEEPER_PUBLIC_URL or SCOREKEEPER_TRUSTED_HOSTS; FLASK_DEBUG is then
ignored), SCOREKEEPER_PUBLIC_URL (the address phones join by, for QR codes),
SCOREKEEPER_TRUSTED_HOSTS (comma-separated Host names the app answers to), SCOREKEEPER_LAN_URL
(this computer's address on the local network, set by ``make run``; see links.py).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from . import compressed_files, links
from .version import __version__


class ConfigError(RuntimeError):
    pass


def database_url(raw: str | None, instance_path: str) -> str:
    """The SQLAlchemy URL: SQLite in the instance folder unless DATABASE_URL says otherwise."""
    if not raw:
        return f"sqlite:///{Path(instance_path) / 'scorekeeper.sqlite3'}"
    # Hosting platforms still hand out postgres:// URLs; SQLAlchemy wants a driver name.
    for prefix in ("postgres://", "postgresql://"):
        if raw.startswith(prefix):
            return "postgresql+psycopg://" + raw[len(prefix) :]
    return raw


DEV_SECRET = "dev-only-not-secret"  # noqa: S105 - refused in production
MIN_SECRET_LENGTH = 32


def _check_production(env, test_config: dict[str, Any]) -> None:
    """Refuse to start in production with a guessable secret, or with join links the Host header would set."""
    secret = test_config.get("SECRET_KEY") or env.get("SECRET_KEY") or ""
    if len(secret) < MIN_SECRET_LENGTH or secret == DEV_SECRET or len(set(secret)) < 8:
        raise ConfigError(f"SECRET_KEY must be a random value of at least {MIN_SECRET_LENGTH} characters when "
                          "SCOREKEEPER_ENV=production (python -c 'import secrets; print(secrets.token_urlsafe(32))').")
    if not env.get("SCOREKEEPER_PUBLIC_URL") and not env.get("SCOREKEEPER_TRUSTED_HOSTS"):
        raise ConfigError("Set SCOREKEEPER_PUBLIC_URL (the address phones join by) or SCOREKEEPER_TRUSTED_HOSTS "
                          "when SCOREKEEPER_ENV=production: otherwise any Host header would set the join links.")


def _per_minute(value: str | None) -> str | None:
    """A budget from the environment ("40") as a limit ("40 per minute"); None: the default."""
    if not value:
        return None
    if not value.isdigit() or int(value) < 1:
        raise ConfigError(f"A budget per minute must be a whole number above 0, not {value!r}.")
    return f"{int(value)} per minute"


def _seconds(value: str | None, default: float) -> float:
    """A positive number of seconds from the environment ("2.5"); None: the default."""
    if not value:
        return default
    try:
        seconds = float(value)
    except ValueError:
        seconds = 0.0
    if not 0 < seconds <= 3600:
        raise ConfigError(f"A number of seconds must be above 0 and at most 3600, not {value!r}.")
    return seconds


def _rate_limits(env) -> dict[str, Any]:
    """Where the rate limits count (limits.py), and the budgets set from the environment."""
    uri = env.get("RATELIMIT_STORAGE_URI", "memory://")
    return {
        "RATELIMIT_STORAGE_URI": uri,
        # One Redis may serve several apps: each counts under its own prefix.
        "RATELIMIT_KEY_PREFIX": env.get("SCOREKEEPER_RATELIMIT_PREFIX", "scorekeeper"),
        # Redis gone: each process counts in its own memory until it is back (limits.py says why), and a
        # Redis that does not answer holds a request at most this long.
        "RATELIMIT_IN_MEMORY_FALLBACK_ENABLED": True,
        "RATELIMIT_STORAGE_OPTIONS": {"socket_timeout": 0.5, "socket_connect_timeout": 0.5}
        if uri.startswith(("redis://", "rediss://")) else {},
        # The budgets per address (limits.py), as "<n> per minute".
        "WRITES_PER_MINUTE": _per_minute(env.get("SCOREKEEPER_WRITES_PER_MINUTE")),
        "JOIN_CODE_MISSES_PER_MINUTE": _per_minute(env.get("SCOREKEEPER_JOIN_CODE_MISSES_PER_MINUTE")),
    }


# flask-smorest: the API's own description (openapi.yaml is made from it).
OPENAPI: dict[str, Any] = {
    "API_TITLE": "scorekeeper",
    "API_VERSION": __version__,
    "OPENAPI_VERSION": "3.0.3",
    "OPENAPI_URL_PREFIX": "/api",
    "OPENAPI_JSON_PATH": "openapi.json",
    "API_SPEC_OPTIONS": {
        "info": {
            "description": "Keep score while playing Make 'N' Break Extreme, Make 'n' Break Würfelspiel, "
            "Block Buster and Bresk!: rules that refuse impossible scores, shared tables, timer and dice.",
        },
    },
}


def load(instance_path: str, test_config: dict[str, Any] | None = None) -> dict[str, Any]:
    env = os.environ
    production = env.get("SCOREKEEPER_ENV", "development") == "production"
    secret = env.get("SECRET_KEY")
    if production:
        _check_production(env, test_config or {})
    trusted = [h.strip().lower() for h in env.get("SCOREKEEPER_TRUSTED_HOSTS", "").split(",") if h.strip()]
    config: dict[str, Any] = {
        "SECRET_KEY": secret or DEV_SECRET,
        # Host names the app answers to (Flask refuses others with 400); None: any. An entry may name a port
        # (scores.example:8443, a proxy's), which web.py's trusted_port then accepts besides the server's own.
        "TRUSTED_HOSTS": [links.host_name(h) for h in trusted] or None,
        "TRUSTED_HOST_PORTS": [h for h in trusted if links.host_name(h) != h],
        "PRODUCTION": production,
        "SQLALCHEMY_DATABASE_URI": database_url(env.get("DATABASE_URL"), instance_path),
        "PUBLIC_URL": env.get("SCOREKEEPER_PUBLIC_URL", ""),
        "LAN_URL": env.get("SCOREKEEPER_LAN_URL", ""),
        "MAX_CONTENT_LENGTH": 256 * 1024,  # the largest honest body is a few KiB
        "LEXICON_CACHE_DIR": env.get("SCOREKEEPER_LEXICON_CACHE", str(Path(instance_path) / "lexicon")),
        **OPENAPI,
        "PROXIES": int(env.get("SCOREKEEPER_PROXIES", "0")),
        # Off in tests unless a test turns it on: the suite itself sends thousands of requests.
        "RATELIMIT_ENABLED": not (test_config or {}).get("TESTING", False)
        and env.get("SCOREKEEPER_RATELIMIT", "on") != "off",
        **_rate_limits(env),
        # PostgreSQL: serve a table read this process made in the last second again while it has heard
        # of no change (services/tables.py). It keeps a LISTEN connection per process, so it is off in
        # tests unless a test turns it on: the suite makes hundreds of apps.
        "RECENT_ROWS": not (test_config or {}).get("TESTING", False)
        and env.get("SCOREKEEPER_RECENT_ROWS", "on") != "off",
        "RATELIMIT_HEADERS_ENABLED": True,
        # PostgreSQL: how long an append waits for its table's row lock (another append to the same table)
        # before answering 503 table_busy with Retry-After, so one busy table cannot hold every connection
        # of a worker's pool (services/table_sql.py). SQLite's writers wait for its lock as database.py says.
        "TABLE_LOCK_WAIT_MS": int(env.get("SCOREKEEPER_TABLE_LOCK_WAIT_MS", "5000")),
        # A league import is answered by a child process of each worker (offload.py); off in tests unless a
        # test turns it on, and in that child.
        "OFFLOAD": not (test_config or {}).get("TESTING", False)
        and env.get("SCOREKEEPER_OFFLOAD", "on") != "off",
        # Event streams (services/streams.py): per client address (per worker, or across every worker and instance
        # with Redis: stream_slots.py) and per worker, and how long a stream
        # that carries nothing but heartbeats stays open before the phone is asked to reconnect.
        "STREAMS_PER_ADDRESS": int(env.get("SCOREKEEPER_STREAMS_PER_ADDRESS", "200")),
        "STREAMS_PER_WORKER": int(int(env.get("SCOREKEEPER_CONNECTIONS", "1000")) * 0.9),
        "STREAM_IDLE_S": float(env.get("SCOREKEEPER_STREAM_IDLE_S", "300")),
        # How often a quiet stream says it is still there: a phone that hears nothing for two of these
        # and a second says it is not connected (session.js), so this bounds how long a lost route goes unnoticed.
        "STREAM_HEARTBEAT_S": _seconds(env.get("SCOREKEEPER_STREAM_HEARTBEAT_S"), 10.0),
        # Compressed answers for phones on a busy wifi (Flask-Compress's setting; the app's files: compressed_files.py).
        "COMPRESS_MIMETYPES": list(compressed_files.TYPES),
    }
    if test_config:
        config.update(test_config)
    return config
