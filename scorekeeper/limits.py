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
gets up to W times each budget); RATELIMIT_STORAGE_URI=redis://… shares them.
"""

from __future__ import annotations

import time
from typing import Any

from flask import current_app, request
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from limits import parse
from werkzeug.exceptions import TooManyRequests

from .games.base import N_

WRITES = "600 per minute"
JOIN_CODE_MISSES = "30 per minute"
WORD_CHECKS = "240 per minute"
# Reading a photographed scorecard costs about a second of a core (docs/SCANNING.md):
# a budget of its own, on top of the write budget. 6 a minute is a table of six scanning at once,
# and one address at its limit keeps one scan process busy a tenth of the time.
SCANS = "6 per minute"


def _is_read() -> bool:
    return request.method in ("GET", "HEAD", "OPTIONS")


limiter = Limiter(
    key_func=get_remote_address,
    # Application limits are shared by every route: one budget per address, not one per endpoint.
    application_limits=[WRITES],
    application_limits_exempt_when=_is_read,
    headers_enabled=True,
    storage_uri="memory://",
)

word_checks = limiter.limit(WORD_CHECKS)
scans = limiter.limit(SCANS)

_MISSES = parse(JOIN_CODE_MISSES)


def over_limit(limit) -> Any:
    """What a 429 from a budget says (``limit``: flask-limiter's ``RateLimitExceeded.limit``), as a
    template with the budget in it rather than the library's "600 per 1 minute"."""
    item = getattr(limit, "limit", None)
    amount, per = getattr(item, "amount", None), getattr(item, "GRANULARITY", None)
    if isinstance(amount, int) and getattr(per, "name", "") == "minute" and getattr(item, "multiples", 1) == 1:
        return N_("Too many requests from this address: at most {amount} of this kind a minute. "
                  "Try again in a minute.", amount=amount)
    return N_("Too many requests from this address. Try again in a minute.")


def join_code_miss() -> TooManyRequests | None:
    """A code that does not exist was asked for: one miss more for this address; past the budget, the
    429 to answer instead of the 404 (errors.py answers it)."""
    if not (limiter.enabled and current_app.config.get("RATELIMIT_ENABLED")):
        return None
    address = get_remote_address()
    if limiter.limiter.hit(_MISSES, "join-code-miss", address):
        return None
    reset_at, _ = limiter.limiter.get_window_stats(_MISSES, "join-code-miss", address)
    return TooManyRequests(N_("Too many table codes that do not exist were tried from this address; "
                              "check the code and try again in a minute."),
                           retry_after=max(1, int(reset_at - time.time()) + 1))
