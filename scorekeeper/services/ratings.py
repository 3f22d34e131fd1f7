"""OpenSkill ratings (Plackett-Luce): multiplayer, ties and teams, shown as the conservative ordinal.

Pure: no Flask, no database. ``Ratings.rate(game)`` takes one game as a list of
``(player_key, place, team)`` and updates everyone in it; call it in date order.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Any

from openskill.models import PlackettLuce

MODEL = PlackettLuce()


class Ratings:
    """Everyone's current rating, updated one game at a time."""

    def __init__(self, model: Any = MODEL):
        self.model = model
        self._ratings: dict[Hashable, Any] = {}

    def get(self, key: Hashable):
        rating = self._ratings.get(key)
        if rating is None:
            rating = self._ratings[key] = self.model.rating()
        return rating

    def rate(self, game: Iterable[tuple[Hashable, int, str | None]]) -> None:
        """One game: ``(player, place, team)`` each. The same team label makes one team; ties share a place.

        A team's rank is its best member's place (teammates normally share it).
        """
        teams: dict[Hashable, list[Hashable]] = {}
        ranks: dict[Hashable, int] = {}
        for key, place, team in game:
            label = ("team", team) if team else ("solo", key)
            teams.setdefault(label, []).append(key)
            ranks[label] = min(place, ranks.get(label, place))
        if len(teams) < 2:
            return  # nobody to be compared with: no information
        labels = list(teams)
        rated = self.model.rate([[self.get(k) for k in teams[label]] for label in labels],
                                ranks=[ranks[label] for label in labels])
        for label, team in zip(labels, rated, strict=True):
            for key, rating in zip(teams[label], team, strict=True):
                self._ratings[key] = rating

    def state(self) -> list[list[Any]]:
        """``[[key, mu, sigma], …]``: everything needed to carry on exactly where this left off."""
        return [[key, rating.mu, rating.sigma] for key, rating in self._ratings.items()]

    @classmethod
    def restore(cls, state: Iterable[list[Any]], model: Any = MODEL) -> Ratings:
        ratings = cls(model)
        for key, mu, sigma in state:
            ratings._ratings[key] = model.rating(mu=mu, sigma=sigma)
        return ratings

    def ordinal(self, key: Hashable) -> float:
        return self.get(key).ordinal()

    def view(self, key: Hashable) -> dict[str, float]:
        rating = self.get(key)
        return {"rating": rating.ordinal(), "mu": rating.mu, "sigma": rating.sigma}
