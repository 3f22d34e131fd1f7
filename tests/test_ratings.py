"""The ratings module and the one-pass analysis, without Flask or a database."""

import datetime as dt

import pytest
from openskill.models import PlackettLuce

from scorekeeper.services.league_stats import Entry, Played, Tally
from scorekeeper.services.ratings import Ratings


def test_ratings_match_openskill_with_ties_and_teams():
    ours = Ratings()
    ours.rate([("a", 1, None), ("b", 1, None), ("c", 3, None)])
    ours.rate([("a", 2, "x"), ("c", 2, "x"), ("b", 1, "y"), ("d", 1, "y")])
    model = PlackettLuce()
    a, b, c, d = (model.rating() for _ in range(4))
    [[a], [b], [c]] = model.rate([[a], [b], [c]], ranks=[1, 1, 3])
    [[a, c], [b, d]] = model.rate([[a, c], [b, d]], ranks=[2, 1])
    for key, want in zip("abcd", (a, b, c, d), strict=True):
        assert ours.view(key) == pytest.approx({"rating": want.ordinal(), "mu": want.mu, "sigma": want.sigma})


def test_one_side_only_changes_nothing():
    ours = Ratings()
    ours.rate([("a", 1, "x"), ("b", 1, "x")])
    assert ours.view("a") == pytest.approx(Ratings().view("new"))


def test_streaks_shared_wins_and_history():
    day = dt.date(2024, 1, 1)
    games = [Played(str(i), day + dt.timedelta(days=i), "scorepad", entries) for i, entries in enumerate([
        (Entry("a", 5, 1, None), Entry("b", 5, 1, None)),  # shared
        (Entry("a", 6, 1, None), Entry("b", 1, 2, None)),
        (Entry("a", 0, 2, None), Entry("b", 9, 1, None)),
        (Entry("a", 0, 2, None), Entry("b", 9, 1, None)),
    ])]
    analysis = Tally()
    for game in games:
        analysis.add(game)
    a, b = analysis.row("a", "A"), analysis.row("b", "B")
    assert (a["wins"], a["shared_wins"], a["current_streak"], a["longest_win_streak"]) == (2, 1, -2, 2)
    assert (b["wins"], b["shared_wins"], b["current_streak"], b["longest_win_streak"]) == (3, 1, 2, 2)
    assert [p["date"] for p in analysis.rating_history("a")] == ["2024-01-01", "2024-01-02", "2024-01-03", "2024-01-04"]
    assert analysis.rating_history("a")[-1]["rating"] == pytest.approx(a["rating"])
