"""Pure game rules. See base.py for the protocol; REGISTRY maps url slugs to modules."""

from __future__ import annotations

from types import ModuleType

from . import scorepad

REGISTRY: dict[str, ModuleType] = {m.id: m for m in (scorepad,)}


def get(game_id: str) -> ModuleType | None:
    return REGISTRY.get(game_id)
