"""The league link a request carries: ``Authorization: Bearer <token>`` (docs/ARCHITECTURE.md §7).

Read here, in the API layer, and handed to the services as a plain token.
"""

from __future__ import annotations

from flask import request


def bearer(header: str | None) -> str | None:
    """The token of an ``Authorization: Bearer …`` header; None for none or another scheme."""
    if not header:
        return None
    scheme, _, token = header.strip().partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


def league_token() -> str | None:
    """This request's league link token, if it sent one."""
    return bearer(request.headers.get("Authorization"))
