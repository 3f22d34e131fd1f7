"""Ratings: the Weng-Lin Bradley-Terry full-pairing model (OpenSkill's ``BradleyTerryFull``), shown as
the conservative estimate mu - 3 sigma. Multiplayer, ties and teams.

Why this model. OpenSkill 6.2's Plackett-Luce mishandles ties (openskill.py issues #155 and
#173; the fix, PR #176, is not merged): in a 4-player game placed 1, 1, 3, 4 from equal ratings
the third ends rated *above* the two joint winners. tests/test_ratings.py runs every model on a
table of tie cases; the full-pairing models (Bradley-Terry, Thurstone-Mosteller) pass — equal
places move equally, a lower place never ends above a higher one — while Plackett-Luce and the
partial-pairing models fail. Bradley-Terry full is chosen over Thurstone-Mosteller full because
one game moves a rating by a sensible step (a 4-player win: +7.8 against +17.2).

Why written here. The formulas below are the library's ``BradleyTerryFull.rate`` with its default
parameters, step for step; the tests check them against the pinned library (openskill 6.2.0) to
1e-9. The library's ``rate`` deep-copies every rating and makes a UUID for each, which made
rating the slow part of standings (about 10 µs a player-game against 2 µs here: bench/standings.py).
The library's tie averaging after ``_compute`` changes nothing in 6.2 (it compares each rating
with itself), so it is left out: tied players from equal ratings move equally anyway.

Pure: no Flask, no database. ``Ratings.rate(game)`` takes one game as a list of
``(player_key, place, team)`` and updates everyone in it; call it in date order.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable
from typing import Any

from ..text import N_

MODEL = "bradley-terry-full"  # saved with each tally: a tally rated by another model is counted again
MU = 25.0
SIGMA = MU / 3
BETA = MU / 6
KAPPA = 0.0001
TAU = MU / 300
NEW = (MU, SIGMA)  # a player's rating before any game
Z = 3.0  # the shown rating is mu - Z sigma: 99.7 % sure the true skill is at least this

# Fewer games than this and the estimate is a first guess: the screen shows it in brackets (README: Standings).
PROVISIONAL_GAMES = 5

# Said in the asker's language by the API (standings' rating_label and rating_explanation). The explanation says
# what the numbers do: mu - 3 sigma is 0 before any game, and a player who finishes behind more than ahead goes
# below 0 (the mean falls faster than the uncertainty shrinks), so "it only rises" would not be true.
LABEL = N_("Skill estimate")
EXPLANATION = N_("A cautious guess at skill from whom you finished ahead of and behind (mean − 3 × uncertainty). "
                 "Everyone starts at 0: finishing ahead raises it, finishing behind lowers it, below 0 too, so "
                 "a win and a loss can leave it near 0. In brackets while a player has played fewer than "
                 "{games} games: a first guess.", games=PROVISIONAL_GAMES)


def _pairs(team_mu: list[float], team_s2: list[float], ranks: list[int]) -> tuple[list[float], list[float]]:
    """Each side's omega (the mean's move) and delta (the variance's shrink): the library's loop over ordered
    pairs, taken once per unordered pair, since p(q beats i) = 1 - p(i beats q).

    The hot loop of standings counted from nothing (a big league rates tens of thousands of pairs): names
    bound locally and each side's s2 * sqrt(s2) taken once, the arithmetic otherwise exactly the library's,
    operation for operation, so every rating is the same to the last bit."""
    two_beta2 = 2 * BETA * BETA
    sqrt, exp = math.sqrt, math.exp
    n = len(team_mu)
    omega, delta = [0.0] * n, [0.0] * n
    weight = [s2 * sqrt(s2) for s2 in team_s2]  # gamma = sqrt(s2) / c, times s2 / c: s2 sqrt(s2) / c2
    for i in range(n - 1):
        mu_i, s2_i, rank_i, weight_i = team_mu[i], team_s2[i], ranks[i], weight[i]
        omega_i, delta_i = omega[i], delta[i]  # what the pairs before i gave it, summed in the library's order
        for q in range(i + 1, n):
            s2_q, rank_q = team_s2[q], ranks[q]
            c2 = s2_i + s2_q + two_beta2
            c = sqrt(c2)
            p = 1 / (1 + exp((team_mu[q] - mu_i) / c))  # i beats q
            outcome = 1.0 if rank_q > rank_i else 0.5 if rank_q == rank_i else 0.0
            omega_i += s2_i / c * (outcome - p)
            omega[q] += s2_q / c * (p - outcome)
            spread = p * (1 - p) / (c2 * c)
            delta_i += weight_i * spread
            delta[q] += weight[q] * spread
        omega[i], delta[i] = omega_i, delta_i
    return omega, delta


def rate_sides(sides: list[list[tuple[float, float]]], ranks: list[int]) -> list[list[tuple[float, float]]]:
    """New (mu, sigma) of every player: ``sides`` are teams of (mu, sigma), ``ranks`` their places (1 = first)."""
    tau2 = TAU * TAU
    sides = [[(mu, math.sqrt(sigma * sigma + tau2)) for mu, sigma in side] for side in sides]
    team_s2 = [sum(sigma * sigma for _, sigma in side) for side in sides]
    omega, delta = _pairs([sum(mu for mu, _ in side) for side in sides], team_s2, ranks)
    return [[(mu + sigma * sigma / team_s2[i] * omega[i],
              sigma * math.sqrt(max(1 - sigma * sigma / team_s2[i] * delta[i], KAPPA))) for mu, sigma in side]
            for i, side in enumerate(sides)]


class Ratings:
    """Everyone's current (mu, sigma), updated one game at a time."""

    def __init__(self):
        self._ratings: dict[Hashable, tuple[float, float]] = {}

    def get(self, key: Hashable) -> tuple[float, float]:
        return self._ratings.get(key, NEW)

    def rate(self, game: Iterable[tuple[Hashable, int, str | None]]) -> list[float]:
        """One game: ``(player, place, team)`` each. The same team label makes one team; ties share a place.
        Returns everyone's rating (mu - 3 sigma) after it, in the order given.

        A team's rank is its best member's place (teammates normally share it).
        """
        game = list(game)
        if any(team for _, _, team in game):
            self._rate_teams(game)
            return [self.ordinal(key) for key, _, _ in game]
        return self.rate_solo([key for key, _, _ in game], [place for _, place, _ in game])

    def rate_solo(self, players: list[Hashable], places: list[int]) -> list[float]:
        """``rate`` for a game of everyone for themselves, the usual game: the same formulas without the
        team bookkeeping. Returns everyone's rating (mu - 3 sigma) after it, in the order given."""
        ratings = self._ratings
        if len(players) < 2:
            return [self.ordinal(key) for key in players]
        tau2 = TAU * TAU
        before = [ratings.get(key, NEW) for key in players]
        mus = [mu for mu, _ in before]
        s2s = [sigma * sigma + tau2 for _, sigma in before]
        omega, delta = _pairs(mus, s2s, places)
        sqrt, out = math.sqrt, []
        for key, mu, s2, moved, shrink in zip(players, mus, s2s, omega, delta):  # noqa: B905 (all of len(players))
            mu, sigma = mu + moved, sqrt(s2 * max(1 - shrink, KAPPA))
            ratings[key] = (mu, sigma)
            out.append(mu - Z * sigma)
        return out

    def _rate_teams(self, game: list[tuple[Hashable, int, str | None]]) -> None:
        teams: dict[Hashable, list[Hashable]] = {}
        ranks: dict[Hashable, int] = {}
        for key, place, team in game:
            label = ("team", team) if team else ("solo", key)
            teams.setdefault(label, []).append(key)
            ranks[label] = min(place, ranks.get(label, place))
        if len(teams) < 2:
            return  # nobody to be compared with: no information
        labels = list(teams)
        rated = rate_sides([[self.get(k) for k in teams[label]] for label in labels],
                           [ranks[label] for label in labels])
        for label, side in zip(labels, rated, strict=True):
            for key, rating in zip(teams[label], side, strict=True):
                self._ratings[key] = rating

    def state(self) -> list[list[Any]]:
        """``[[key, mu, sigma], …]``: everything needed to carry on exactly where this left off."""
        return [[key, mu, sigma] for key, (mu, sigma) in self._ratings.items()]

    @classmethod
    def restore(cls, state: Iterable[list[Any]]) -> Ratings:
        ratings = cls()
        for key, mu, sigma in state:
            ratings._ratings[key] = (mu, sigma)
        return ratings

    def ordinal(self, key: Hashable) -> float:
        mu, sigma = self.get(key)
        return mu - Z * sigma

    def view(self, key: Hashable) -> dict[str, float]:
        mu, sigma = self.get(key)
        return {"rating": mu - Z * sigma, "mu": mu, "sigma": sigma}
