"""Pure game rules. See base.py for the protocol; REGISTRY maps url slugs to modules."""

from __future__ import annotations

from types import ModuleType

from . import block_buster, bresk, make_n_break, scorepad, wuerfelspiel

REGISTRY: dict[str, ModuleType] = {m.id: m for m in (bresk, block_buster, make_n_break, wuerfelspiel, scorepad)}


def get(game_id: str) -> ModuleType | None:
    return REGISTRY.get(game_id)
