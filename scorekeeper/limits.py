"""Rate limits: enough for a busy table, far too few to guess a join code.

Limits count per client address. All the phones at one table usually share one
address (the house wifi), so the write budget is sized for a whole table, not one
phone, and it is ONE budget per address across every write endpoint (a new table,
an event, a timer command, a league result… all draw on it). Behind a reverse
proxy, set SCOREKEEPER_PROXIES to the number of proxies so the client's own
address is used (werkzeug's ProxyFix).

Join codes: only a code that does not exist costs anything, on every endpoint that
takes one (reads, streams, QR codes, events, timer). Once an address has used up
its misses, further misses get 429; a code that exists is still answered, so the
phones behind that address that know their code are never slowed.

Counters live in each worker's memory by default (so with W workers a client
gets up to W times each budget); RATELIMIT_STORAGE_URI=redis://… shares them
between every worker of every instance (tests/test_instances.py). If Redis goes
away, each process counts in its own memory until it is back (fail open to the
per-process budgets): the tables keep playing, and an address is still bounded,
by processes × budget instead of one budget. Failing closed would stop every
table in the house for a Redis restart.
"""

from __future__ import annotations

import logging
import socket
import time
from typing import Any

from flask import current_app, request
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from limits import parse
from limits.storage import MemoryStorage
from limits.strategies import FixedWindowRateLimiter
from werkzeug.exceptions import TooManyRequests

from .text import N_

log = logging.getLogger(__name__)

WRITES = "600 per minute"  # the default of SCOREKEEPER_WRITES_PER_MINUTE (config.py)
JOIN_CODE_MISSES = "30 per minute"  # the default of SCOREKEEPER_JOIN_CODE_MISSES_PER_MINUTE
WORD_CHECKS = "240 per minute"
# Reading a photographed scorecard costs about a second of a core (docs/SCANNING.md):
# a budget of its own, on top of the write budget. 6 a minute is a table of six scanning at once,
# and one address at its limit keeps one scan process busy a tenth of the time.
SCANS = "6 per minute"
# And one budget for every address at once, per machine (the cores are the machine's): a few addresses each
# within their own budget would otherwise keep every core reading cards. A scan is about 1 s of a core, so 20 a
# minute keep about a third of one core busy. Counted per worker with the in-memory storage, per machine with
# Redis (README, "Scanning a scorecard").
SCANS_PER_MACHINE = "20 per minute"
# A league import writes up to 5,000 results (about 3 MB): an address may grow the database by a few of them an
# hour, not by as many as the import process can write (5,000 results every 2.5 s). Moving a league is one import.
IMPORTS = "10 per hour"
# A league's export reads the whole league (5,000 results: 0.7 s of a core and 4 MB each time), and reads pay no
# write budget: its files (JSON, BG Stats, CSV) share a budget of their own, more than any group downloads.
EXPORTS = "20 per minute"


def _is_read() -> bool:
    return request.method in ("GET", "HEAD", "OPTIONS")


def _writes() -> str:
    return current_app.config.get("WRITES_PER_MINUTE") or WRITES


# The storage comes from RATELIMIT_STORAGE_URI (config.py): a storage_uri given here would win over it.
limiter = Limiter(
    key_func=get_remote_address,
    # Application limits are shared by every route: one budget per address, not one per endpoint.
    application_limits=[_writes],
    application_limits_exempt_when=_is_read,
    headers_enabled=True,
)

def _this_machine() -> str:
    return f"machine:{socket.gethostname()}"


# One budget for all of the word judge's routes (a lookup, meanings, a challenge): each had 240 of its own.
word_checks = limiter.shared_limit(WORD_CHECKS, scope="word-checks")
exports = limiter.shared_limit(EXPORTS, scope="exports")
_scans_per_address = limiter.limit(SCANS)
_scans_per_machine = limiter.limit(SCANS_PER_MACHINE, key_func=_this_machine, scope="scans-per-machine")


def scans(view):
    """The scan endpoint's budgets: its address's, then the machine's."""
    return _scans_per_machine(_scans_per_address(view))

# Where the shared storage does not answer: this process's own count of misses and imports, as flask-limiter's in-memory
# fallback does for the other budgets, and for how long the shared storage is left alone before it is tried again.
_local_misses = FixedWindowRateLimiter(MemoryStorage())
RETRY_STORAGE_S = 5.0
_storage_down_until = 0.0


def over_limit(limit) -> Any:
    """What a 429 from a budget says (``limit``: flask-limiter's ``RateLimitExceeded.limit``), as a
    template with the budget in it rather than the library's "600 per 1 minute"."""
    if getattr(limit, "key_func", None) is _this_machine:
        return N_("Cards are being read for many players just now; try again in a minute.")
    item = getattr(limit, "limit", None)
    amount, per = getattr(item, "amount", None), getattr(item, "GRANULARITY", None)
    if isinstance(amount, int) and getattr(per, "name", "") == "minute" and getattr(item, "multiples", 1) == 1:
        return N_("Too many requests from this address: at most {amount} of this kind a minute. "
                  "Try again in a minute.", amount=amount)
    return N_("Too many requests from this address. Try again in a minute.")


def join_code_miss() -> TooManyRequests | None:
    """A code that does not exist was asked for: one miss more for this address; past the budget, the
    429 to answer instead of the 404 (errors.py answers it)."""
    misses = current_app.config.get("JOIN_CODE_MISSES_PER_MINUTE") or JOIN_CODE_MISSES
    reset_at = _hit(misses, "join-code-miss")
    if reset_at is None:
        return None
    return TooManyRequests(N_("Too many table codes that do not exist were tried from this address; "
                              "check the code and try again in a minute."),
                           retry_after=max(1, int(reset_at - time.time()) + 1))


def count_import() -> None:
    """A league import from this address: 429 past its budget. Counted here, not by a decorator, because the web
    worker hands an import to its import process (offload.py) before the view would run."""
    reset_at = _hit(IMPORTS, "league-import")
    if reset_at is not None:
        raise TooManyRequests(N_("Too many leagues were imported from this address; try again in an hour."),
                              retry_after=max(1, int(reset_at - time.time()) + 1))


def _hit(budget: str, name: str) -> float | None:
    """One more of ``name`` for this address; None within ``budget``, else when its window ends (a time)."""
    if not (limiter.enabled and current_app.config.get("RATELIMIT_ENABLED")):
        return None
    item = parse(budget)
    key = [k for k in (current_app.config.get("RATELIMIT_KEY_PREFIX"), name, get_remote_address()) if k]
    counter = _misses_counter()
    try:
        if counter.hit(item, *key):
            return None
        return counter.get_window_stats(item, *key)[0]
    except Exception as err:  # noqa: BLE001 - whatever the storage raises, the phone is answered
        _storage_lost(err)
        if _local_misses.hit(item, *key):
            return None
        return _local_misses.get_window_stats(item, *key)[0]


def _misses_counter():
    return _local_misses if time.monotonic() < _storage_down_until else limiter.limiter


def _storage_lost(err: Exception) -> None:
    global _storage_down_until
    log.warning("rate limit storage unreachable (%s): counting join code misses in this process", type(err).__name__)
    _storage_down_until = time.monotonic() + RETRY_STORAGE_S
