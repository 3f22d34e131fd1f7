"""The physical dice of the four games, face by face.

Rolls happen on the server (the caller supplies the randomness) so that every
phone at a table shows the same faces; this module only says what the faces are.
"""

from __future__ import annotations

from collections.abc import Callable

from ..text import N_
from .base import RuleError

DICE: dict[str, dict] = {
    "make-n-break": {
        "name": N_("Make 'N' Break die"),
        "faces": [1, 2, 3, 1, 2, 3],
        "description": N_("Sets the timer dial: 1, 2 or 3."),
    },
    "stopper": {
        "name": N_("Würfelspiel stopper die"),
        "faces": [0, 0, 0, 1, 2, 3],
        "description": N_("The small yellow die: 1, 2, 3 and three blanks (0), summed to 30."),
    },
    "bresk": {
        "name": N_("Bresk die"),
        "faces": [0, 1, 2, 3, "BRESK", "BRESK"],
        "description": N_("0 ends the turn; 1–3 letters or spaces; BRESK rolls the alphabet die."),
    },
    "alphabet": {
        "name": N_("Bresk alphabet die"),
        # The rulebook speaks of "the blank side" (one): A–Z and one blank, which means
        # everybody writes a space, written '#' in a grid (see games/bresk.py).
        "faces": [chr(c) for c in range(ord("A"), ord("Z") + 1)] + ["#"],
        "description": N_("A–Z and one blank side; the blank means everyone writes a space."),
    },
    "d6": {
        "name": N_("Six-sided die"),
        "faces": [1, 2, 3, 4, 5, 6],
        "description": N_("An ordinary die, for any other game."),
    },
}

# A Bresk die shows five kinds of face on six sides; the rulebook does not say which is
# printed twice (games/bresk.py, option bresk_die_twice). These are the other four.
for _twice in (0, 1, 2, 3):
    DICE[f"bresk-{_twice}-twice"] = {
        "name": N_("Bresk die ({twice} twice)", twice=_twice),
        "faces": [0, 1, 2, 3, "BRESK", _twice],
        "description": N_("A Bresk die with one BRESK face and {twice} on two faces.", twice=_twice),
    }

MAX_DICE_PER_ROLL = 12


def roll(names: list[str], randbelow: Callable[[int], int]) -> list[dict]:
    """Roll the named dice with ``randbelow(n)`` (``secrets.randbelow`` in the service)."""
    if not isinstance(names, list) or not names:
        raise RuleError("no_dice", "Say which dice to roll.", "data.dice")
    if len(names) > MAX_DICE_PER_ROLL:
        raise RuleError("too_many_dice", "At most {MAX_DICE_PER_ROLL} dice at once.", "data.dice",
                        MAX_DICE_PER_ROLL=MAX_DICE_PER_ROLL)
    out = []
    for i, name in enumerate(names):
        die = DICE.get(name) if isinstance(name, str) else None
        if die is None:
            known = ", ".join(DICE)
            raise RuleError("unknown_die", "There is no die called {name!r}; the dice are {known}.", f"data.dice.{i}",
                            name=name, known=known)
        out.append({"die": name, "face": die["faces"][randbelow(len(die["faces"]))]})
    return out


def catalogue() -> list[dict]:
    return [{"id": key, **value} for key, value in DICE.items()]
