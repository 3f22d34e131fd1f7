"""What a person types into a league, checked: names, and refusals that name the field.

Shared by the league service, standings and import, so a name is checked, and a refusal shaped,
the same way wherever it is typed (an export being imported included).
"""

from __future__ import annotations

from typing import Any

from .. import names
from ..domain_errors import Refused
from ..games.base import RuleError
from ..text import N_


def clean_name(value: str, field: str, most: int = names.MAX_LENGTH, what: str = N_("A name")) -> str:
    name = names.clean(str(value or ""))
    if not 1 <= len(name) <= most:
        raise Refused("bad_name", "{what} must be 1 to {most} characters.", field, "1 to {most} characters",
                      what=what, most=most)
    trouble = names.problem(name)
    if trouble:
        raise Refused("bad_name", "{what} {trouble}.", field, trouble, what=what, trouble=trouble)
    return name


def refuse(field: str, message: str, code: str = "bad_result", **params: Any) -> Refused:
    """A refusal of ``field``; ``message`` is a template its ``params`` fill in the asker's language."""
    return Refused(code, message, field, **params)


def game_refusal(err: RuleError, prefix: str) -> Refused:
    """A game's RuleError about a result, its field placed under ``prefix`` (``players``, ``sheet``)."""
    field = f"{prefix}.{err.field}" if err.field else prefix
    field = field.replace("players.players", "players")
    return Refused(err.code, err.message, field)
