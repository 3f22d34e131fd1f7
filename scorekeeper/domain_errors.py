"""Why a service cannot do what it was asked, in the domain's words rather than HTTP's.

Services raise these (and the games raise ``RuleError``); ``scorekeeper/errors.py`` turns each
into the one JSON error shape with its HTTP status, and says the message in the asker's
language. A service therefore never needs Flask's request or a status code
(docs/ARCHITECTURE.md §4).

Every error has a stable ``code`` slug, a ``message`` template filled from named values
(``"There is no table with the code {code!r}."``, ``code="ABC"``), and, when one field is to
blame, that ``field`` as a dotted path with a short ``detail`` for it (the message itself
when there is none). ``extra`` carries what the answer adds (a conflict's current table).
No Flask, no database: this module is as pure as the games.
"""

from __future__ import annotations

from typing import Any

from .text import Text


class DomainError(Exception):
    """The base of the refusals below; raise one of them."""

    def __init__(self, code: str, message: str, field: str | None = None, detail: str | None = None,
                 extra: dict[str, Any] | None = None, **params: Any):
        self.text = _text(message, params)
        super().__init__(str(self.text))
        self.code = code
        self.message = self.text
        self.field = field
        self.detail = None if detail is None else _text(detail, params)
        self.extra = extra or {}

    def under(self, prefix: str) -> DomainError:
        """The same refusal with its field inside ``prefix`` (an import's ``results.3``)."""
        field = f"{prefix}.{self.field}" if self.field else prefix
        return type(self)(self.code, self.text, field, self.detail, self.extra)


def _text(words: str, params: dict[str, Any]) -> Text:
    """A template and its values; a Text given as it is (already filled, e.g. a game's refusal) stays."""
    return words if isinstance(words, Text) else Text(words, params)


class Refused(DomainError):
    """The request is well-formed but cannot be done as asked: a bad name, a date out of range (422)."""


class NotFound(DomainError):
    """No such table, league player, season, result or game (404)."""


class UnknownTable(NotFound):
    """No table has this code (404). The HTTP layer counts it as a guess against the asker's address
    (``limits.py``): past that address's budget the answer is 429 instead."""


class Conflict(DomainError):
    """It collides with what is already there: a name taken, an id used for something else, a stale table (409)."""


class Unauthorized(DomainError):
    """No league link, or one that is not this league's (401)."""


class Forbidden(DomainError):
    """A league link whose role is below what is asked (403)."""


class TooBig(DomainError):
    """More than the bounds allow, refused before the work starts (413)."""


class Unavailable(DomainError):
    """Could not be done just now; the same request may work a moment later (503)."""


class NotInstalled(DomainError):
    """This server lacks an optional part the request needs, e.g. reading scorecards (501)."""
