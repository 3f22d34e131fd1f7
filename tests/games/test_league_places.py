"""How each game decides places for a league (games/base.py and each module's league functions); no Flask."""

import pytest

from scorekeeper import games
from scorekeeper.games.base import RuleError, rank_sides, rename_sheet_players


def test_ranking_shares_ties_and_skips_the_next_place():
    assert rank_sides([30, 30, 12, 0], [None] * 4) == [1, 1, 3, 4]
    assert rank_sides([70, 72, 68], [None] * 3, lowest_wins=True) == [2, 3, 1]
    assert rank_sides([4, 3, 6, 4], ["x", "y", "y", "x"]) == [2, 1, 1, 2]  # a team counts its total


def test_a_rule_made_winner_goes_first_and_the_rest_follow_by_points():
    result = {"players": [{"name": "Ana", "total": -5}, {"name": "Ben", "total": 3}, {"name": "Cy", "total": 1}],
              "winners": ["Ana"]}
    assert games.get("block-buster").league_places(result) == [1, 2, 3]


def test_a_golf_pad_result_ranks_the_lowest_first():
    pad = games.get("scorepad")
    state = pad.setup({"lowest_wins": True}, ["Ana", "Ben"])
    for seat, points in ((0, 70), (1, 68)):
        state = pad.apply(state, {"type": "points", "data": {"seat": seat, "points": points}})
    result = pad.result(pad.apply(state, {"type": "finish"})).to_dict()
    assert pad.league_places(result) == [2, 1]


@pytest.mark.parametrize("game", ["make-n-break", "wuerfelspiel"])
def test_renaming_a_sheet_renames_its_turns_too(game):
    rename = games.get(game).rename_players
    sheet = {"players": ["Ana", "Ben"], "turns": [{"builder": "Ana"}, {"builder": "Ben"}]}
    swapped = rename(sheet, ["Ben", "Ana"])
    assert swapped == {"players": ["Ben", "Ana"], "turns": [{"builder": "Ben"}, {"builder": "Ana"}]}
    assert sheet["players"] == ["Ana", "Ben"]  # the original is left alone
    with pytest.raises(RuleError):
        rename(sheet, ["Ana"])


def test_the_shared_rename_knows_no_game_s_turns():
    sheet = {"players": [{"name": "Ana", "grid": []}, "Ben"], "turns": [{"builder": "Ana"}]}
    assert rename_sheet_players(sheet, ["Cy", "Di"]) == {"players": [{"name": "Cy", "grid": []}, "Di"],
                                                         "turns": [{"builder": "Ana"}]}
