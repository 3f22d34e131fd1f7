"""What every registered game must do, played with the sample it declares (``Game.SAMPLE``): a new game
is tested here as soon as it is in the registry, with no line of this file naming it. No Flask."""

from __future__ import annotations

import json

import pytest

from scorekeeper import games
from scorekeeper.games.base import Sample

EVERY_GAME = list(games.REGISTRY.values())


def accept_every_word(word: str) -> tuple[bool, str]:
    return True, ""


def played(game, sample: Sample) -> dict:
    state = game.setup(dict(sample.options), list(sample.seats))
    for event in sample.events:
        state = game.apply(state, event, word_check=accept_every_word)
    return state


@pytest.fixture(params=EVERY_GAME, ids=lambda g: g.id)
def game(request):
    assert isinstance(request.param.SAMPLE, Sample), f"{request.param.id} declares no SAMPLE to be tested with"
    return request.param


def test_the_catalogue_says_what_the_definition_declares(game):
    described = game.describe()
    assert (described["id"], described["name"]) == (game.id, str(game.name))
    assert (described["min_seats"], described["max_seats"]) == (game.MIN_SEATS, game.MAX_SEATS)
    assert [o["name"] for o in described["options"]] == [o.name for o in game.OPTIONS]
    assert described["first_seat_starts"] is game.FIRST_SEAT_STARTS
    json.dumps(described)


def test_typed_scores_decide_the_places(game):
    scores = list(game.SAMPLE.scores)
    places = game.places_from_scores(scores, [None] * len(scores))
    assert sorted(places)[0] == 1 and places[-1] == 1  # the sample's last player is ahead
    game.check_final([{"name": f"Player {i + 1}", "score": s, "place": p}
                      for i, (s, p) in enumerate(zip(scores, places, strict=True))])


def test_a_short_table_plays_the_same_every_time(game):
    state = played(game, game.SAMPLE)
    assert played(game, game.SAMPLE) == state  # no clock, no chance inside: the log replays
    json.dumps(state)
    result = game.result(state, word_check=accept_every_word).to_dict()
    assert [p["name"] for p in result["players"]] == list(game.SAMPLE.seats)
    assert all(isinstance(line["points"], int) for p in result["players"] for line in p["lines"])


def test_every_event_the_sample_plays_is_declared(game):
    assert {e["type"] for e in game.SAMPLE.events} <= set(game.EVENT_FIELDS) | {"roll"}


def test_a_renamed_sheet_keeps_what_was_played(game):
    sheet = {"players": list(game.SAMPLE.seats)}
    names = [f"{n} 2" for n in game.SAMPLE.seats]
    assert game.rename_players(sheet, names)["players"] == names
