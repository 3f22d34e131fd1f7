"""Rate limits: enough for a busy table, far too few to guess a join code.

Limits count per client address. All the phones at one table usually share one
address (the house wifi), so the write limit is sized for a whole table, not one
phone. Behind a reverse proxy, set SCOREKEEPER_PROXIES to the number of proxies
so the client's own address is used (werkzeug's ProxyFix).

Counters live in each worker's memory by default (so with W workers a client
gets up to W times the limit); RATELIMIT_STORAGE_URI=redis://… shares them.
"""

from __future__ import annotations

from flask import request
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address

WRITES = "600 per minute"
# Only lookups of codes that do not exist count: a phone that knows its code is never slowed.
JOIN_CODE_MISSES = "30 per minute"
WORD_CHECKS = "240 per minute"


def _is_read() -> bool:
    return request.method in ("GET", "HEAD", "OPTIONS")


limiter = Limiter(
    key_func=get_remote_address,
    default_limits=[WRITES],
    default_limits_exempt_when=_is_read,
    headers_enabled=True,
    storage_uri="memory://",
)

join_code_lookup = limiter.shared_limit(
    JOIN_CODE_MISSES, scope="join-code", deduct_when=lambda response: response.status_code == 404
)
word_checks = limiter.limit(WORD_CHECKS)
