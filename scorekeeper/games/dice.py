"""The dice a table can roll, face by face: the plain six-sided die every game may use, and each
registered game's own (its ``Game.DICE``, declared in its rules module).

Rolls happen on the server (the caller supplies the randomness) so that every
phone at a table shows the same faces; this module only says what the faces are.
"""

from __future__ import annotations

from collections.abc import Callable

from ..text import N_
from .base import RuleError

# Everybody's die; each game's own are declared by the game.
COMMON: dict[str, dict] = {
    "d6": {
        "name": N_("Six-sided die"),
        "faces": [1, 2, 3, 4, 5, 6],
        "description": N_("An ordinary die, for any other game."),
    },
}

MAX_DICE_PER_ROLL = 12


def every_die() -> dict[str, dict]:
    """Each registered game's dice, then the common die (read when asked: the registry imports the games)."""
    from . import REGISTRY  # the registry's rules modules do not import this one: no cycle

    return {name: die for game in REGISTRY.values() for name, die in game.DICE.items()} | COMMON


def roll(names: list[str], randbelow: Callable[[int], int]) -> list[dict]:
    """Roll the named dice with ``randbelow(n)`` (``secrets.randbelow`` in the service)."""
    if not isinstance(names, list) or not names:
        raise RuleError("no_dice", "Say which dice to roll.", "data.dice")
    if len(names) > MAX_DICE_PER_ROLL:
        raise RuleError("too_many_dice", "At most {MAX_DICE_PER_ROLL} dice at once.", "data.dice",
                        MAX_DICE_PER_ROLL=MAX_DICE_PER_ROLL)
    out, known = [], every_die()
    for i, name in enumerate(names):
        die = known.get(name) if isinstance(name, str) else None
        if die is None:
            raise RuleError("unknown_die", "There is no die called {name!r}; the dice are {known}.", f"data.dice.{i}",
                            name=name, known=", ".join(known))
        out.append({"die": name, "face": die["faces"][randbelow(len(die["faces"]))]})
    return out


def catalogue() -> list[dict]:
    return [{"id": key, **value} for key, value in every_die().items()]
