"""Recent standard words (docs/WORD-LISTS.md, "Recent words"): the everyday list stays what SCOWL says, the
word-game list has some, and a league's house words are how a group plays the rest."""

import uuid

from scorekeeper.lexicon.registry import get_lexicon
from scorekeeper.services.judge import judge_word

RECENT = ("VLOG", "STAYCATION", "BROMANCE", "HANGRY", "NOOB")


def test_the_everyday_list_refuses_recent_words_and_says_where_they_count(tmp_path_factory):
    cache = tmp_path_factory.getbasetemp() / "lexicon-cache"
    everyday, wordgame = get_lexicon("en", cache_dir=cache), get_lexicon("en-wordgame", cache_dir=cache)
    assert {w: everyday.check(w).valid for w in RECENT} == dict.fromkeys(RECENT, False)
    assert {w: wordgame.check(w).valid for w in RECENT} == {
        "VLOG": True, "STAYCATION": True, "BROMANCE": False, "HANGRY": False, "NOOB": True}
    older = ("SELFIE", "EMOJI", "BLOG")
    assert {w: everyday.check(w).valid for w in older} == dict.fromkeys(older, True)
    said = judge_word(everyday, "VLOG", others=[wordgame])
    assert said["also_valid_in"] == ["en-wordgame"]  # the verdict points to the list that has it
    assert said["message"] == "not in the everyday list; valid in the word-game list"


def test_a_league_plays_a_recent_word_by_adding_it(client):
    league = client.post("/api/leagues", json={"name": "Modern", "rules": {"bresk": {"extra_words": ["hangry"]}}})
    assert league.status_code == 201, league.get_json()
    body = league.get_json()
    table = client.post("/api/tables", headers={"Authorization": f"Bearer {body['member_token']}"},
                        json={"game": "bresk", "league": body["id"], "seats": [{"name": "Ann"}, {"name": "Ben"}]})
    code = table.get_json()["code"]
    challenge = client.post(f"/api/tables/{code}/events", json={
        "id": str(uuid.uuid4()), "type": "challenge", "data": {"words": ["hangry"], "reveal": True}})
    verdict = challenge.get_json()["event"]["data"]["verdict"]["verdicts"][0]
    assert (verdict["valid"], verdict["reason"]) == (True, "added_by_league")
