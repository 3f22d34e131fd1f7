"""The ratings module and the one-pass analysis, without Flask or a database."""

import datetime as dt
import random

import pytest
from openskill.models import (
    BradleyTerryFull,
    BradleyTerryPart,
    PlackettLuce,
    ThurstoneMostellerFull,
    ThurstoneMostellerPart,
)

from scorekeeper.services import ratings as ratings_module
from scorekeeper.services.league_stats import TALLY_FORMAT, Entry, Played, Tally
from scorekeeper.services.ratings import Ratings

# Places of one game from equal ratings. The model must give equal places equal ratings, and never
# end a lower place rated above a higher one.
TIE_CASES = [
    [1, 1], [1, 2], [1, 1, 3], [1, 2, 2], [1, 1, 3, 4], [1, 2, 2, 4], [1, 1, 1, 4], [1, 2, 3, 3],
    [1, 1, 3, 3], [1, 1, 1, 1, 5], [1, 2, 2, 2, 5], [1, 1, 3, 4, 5, 6], [1, 2, 3, 4, 4, 4],
    [1, 1, 1, 1, 1, 1, 1, 8], [1, 1, 3, 3, 5, 5, 7, 7, 9, 9], [1, 2, 2, 4, 4, 6, 7, 7],
]


def tie_problems(rate, places):
    """What is wrong with one game's outcome: ``rate(places)`` gives each side's (rating, mu)."""
    rated = rate(places)
    problems = []
    for i, (place_i, (rating_i, _)) in enumerate(zip(places, rated, strict=True)):
        for j, (place_j, (rating_j, _)) in enumerate(zip(places, rated, strict=True)):
            if place_i == place_j and rating_i != pytest.approx(rating_j, abs=1e-9):
                problems.append(f"{places}: places {i} and {j} are both {place_i} but rated apart")
            if place_i < place_j and rating_i < rating_j - 1e-9:
                problems.append(f"{places}: place {place_j} ends above place {place_i}")
    return problems


def library(model_class):
    def rate(places):
        model = model_class()
        out = model.rate([[model.rating()] for _ in places], ranks=list(places))
        return [(side[0].ordinal(), side[0].mu) for side in out]
    return rate


def ours(places):
    ratings = Ratings()
    ratings.rate([(i, place, None) for i, place in enumerate(places)])
    return [(ratings.ordinal(i), ratings.get(i)[0]) for i in range(len(places))]


@pytest.mark.parametrize("model_class, sound", [
    (PlackettLuce, False),  # openskill.py #155, #173: 1, 1, 3, 4 rates the third above the winners
    (BradleyTerryPart, False),
    (ThurstoneMostellerPart, False),
    (ThurstoneMostellerFull, True),
    (BradleyTerryFull, True),
])
def test_how_each_model_treats_ties(model_class, sound):
    """The table the model was chosen by (see services/ratings.py)."""
    problems = [p for places in TIE_CASES for p in tie_problems(library(model_class), places)]
    assert (not problems) == sound, problems[:3]


@pytest.mark.parametrize("places", TIE_CASES, ids=str)
def test_our_ratings_behave_on_ties(places):
    assert tie_problems(ours, places) == []


def test_the_tie_example_puts_the_joint_winners_above_third():
    ratings = Ratings()
    ratings.rate([("ana", 1, None), ("ben", 1, None), ("dan", 3, None), ("cleo", 4, None)])
    assert ratings.ordinal("ana") == ratings.ordinal("ben") > ratings.ordinal("dan") > ratings.ordinal("cleo")


def test_a_draw_between_equals_changes_no_mean():
    ratings = Ratings()
    ratings.rate([("a", 1, None), ("b", 1, None)])
    assert ratings.get("a")[0] == pytest.approx(25.0) and ratings.get("b")[0] == pytest.approx(25.0)
    assert ratings.get("a")[1] < ratings_module.SIGMA  # but both are now known a little better


def test_ratings_match_the_library_with_ties_and_teams():
    """Our formulas are openskill's BradleyTerryFull, number for number, over many random games."""
    rng = random.Random(13)
    ours_now, model = Ratings(), BradleyTerryFull()
    theirs = {}
    for _ in range(300):
        players = rng.sample(range(12), rng.randint(2, 8))
        teamed = rng.random() < 0.3
        game = [(p, rng.randint(1, 4), f"t{rng.randint(0, 2)}" if teamed else None) for p in players]
        sides: dict = {}
        for p, _, team in game:
            label = ("team", team) if team else ("solo", p)
            sides.setdefault(label, []).append(p)
        if len(sides) < 2:
            continue
        ranks = {label: min(place for p, place, _ in game if p in members) for label, members in sides.items()}
        for p in players:
            theirs.setdefault(p, model.rating())
        rated = model.rate([[theirs[p] for p in members] for members in sides.values()], ranks=list(ranks.values()))
        for members, side in zip(sides.values(), rated, strict=True):
            for p, rating in zip(members, side, strict=True):
                theirs[p] = rating
        ours_now.rate(game)
    for p, rating in theirs.items():
        assert ours_now.view(p) == pytest.approx({"rating": rating.ordinal(), "mu": rating.mu, "sigma": rating.sigma},
                                                 abs=1e-9)


def test_one_side_only_changes_nothing():
    ratings = Ratings()
    ratings.rate([("a", 1, "x"), ("b", 1, "x")])
    assert ratings.view("a") == pytest.approx(Ratings().view("new"))


def test_a_tally_saved_under_another_model_is_counted_again():
    tally = Tally()
    tally.add(Played("1", dt.date(2024, 1, 1), "scorepad", (Entry("a", 5, 1, None), Entry("b", 1, 2, None))))
    assert Tally.loads(tally.dumps()).ratings.view("a") == tally.ratings.view("a")
    older = tally.dumps().replace(f'"format":{TALLY_FORMAT}'.encode(), b'"format":1')
    with pytest.raises(ValueError):
        Tally.loads(older)


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
