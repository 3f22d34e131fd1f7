"""What a person types into a league, checked: names, and refusals that name the field.

Shared by the league service, standings and import, so a name is checked, and a refusal shaped,
the same way wherever it is typed (an export being imported included).
"""

from __future__ import annotations

from .. import names
from ..errors import ApiError
from ..games.base import RuleError

MAX_NAME = 40


def clean_name(value: str, field: str, most: int = MAX_NAME, what: str = "A name") -> str:
    name = names.clean(str(value or ""))
    if not 1 <= len(name) <= most:
        raise ApiError(422, "bad_name", f"{what} must be 1 to {most} characters.", {field: [f"1 to {most} characters"]})
    trouble = names.problem(name)
    if trouble:
        raise ApiError(422, "bad_name", f"{what} {trouble}.", {field: [trouble]})
    return name


def refuse(field: str, message: str, code: str = "bad_result") -> ApiError:
    return ApiError(422, code, message, {field: [message]})


def game_refusal(err: RuleError, prefix: str) -> ApiError:
    """A game's RuleError about a result, its field placed under ``prefix`` (``players``, ``sheet``)."""
    field = f"{prefix}.{err.field}" if err.field else prefix
    field = field.replace("players.players", "players")
    return ApiError(422, err.code, err.message, {field: [err.message]})
