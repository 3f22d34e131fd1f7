"""GET /api/lexicons/{id}/meanings: what a word means, after a ruling (WordNet, base forms found)."""

from __future__ import annotations

import pytest

GERMAN = {"Accept-Language": "de-DE,de;q=0.9"}


@pytest.fixture(scope="session")
def lexicon_dir(tmp_path_factory):
    return tmp_path_factory.getbasetemp() / "lexicon-cache"


@pytest.fixture
def client(sqlite_app, lexicon_dir):
    sqlite_app.config["LEXICON_CACHE_DIR"] = str(lexicon_dir)
    return sqlite_app.test_client()


def meanings(client, words, lexicon="en", headers=None):
    response = client.get(f"/api/lexicons/{lexicon}/meanings", query_string={"words": words}, headers=headers)
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()


def test_a_word_as_written_has_its_senses_with_their_part_of_speech(client):
    body = meanings(client, "quixotic")
    assert body["lexicon"] == "en" and body["list"] == "everyday list" and "WordNet" in body["source"]
    (word,) = body["words"]
    assert (word["normalized"], word["valid"], word["found"], word["note"]) == ("QUIXOTIC", True, True, "")
    (entry,) = word["entries"]
    assert (entry["lemma"], entry["base"]) == ("quixotic", False)
    assert entry["senses"][0]["pos"] == "adjective"
    assert "idealistic and unrealistic" in entry["senses"][0]["gloss"]


@pytest.mark.parametrize(("word", "base", "pos"), [
    ("FINCHES", "finch", "noun"), ("JUMPED", "jump", "verb"), ("MICE", "mouse", "noun"),
    ("JUMPING", "jump", "verb"), ("WENT", "go", "verb"), ("CHILDREN", "child", "noun"),
])
def test_base_forms_are_found_with_the_senses_of_their_part_of_speech(client, word, base, pos):
    (found,) = meanings(client, word)["words"]
    bases = [e for e in found["entries"] if e["base"]]
    assert bases and bases[0]["lemma"] == base, found
    assert {s["pos"] for s in bases[0]["senses"]} == {pos}
    assert 1 <= len(bases[0]["senses"]) <= 3


def test_every_example_of_the_rulebook_has_a_meaning(client):
    words = meanings(client, "FINCHES,JUMPING,JUMPED,BAND,THE,CAFÉ,VEST,NINE,HAT")["words"]
    assert [w["found"] for w in words] == [True] * 9
    the = words[4]["entries"][0]["senses"][0]
    assert the["pos"] == "article"  # WordNet has no function words: the project's own sense
    assert words[5]["normalized"] == "CAFE" and words[5]["entries"][0]["lemma"] == "cafe"
    assert all(1 <= len(e["senses"]) <= 3 for w in words for e in w["entries"])


def test_no_meaning_found_is_said_plainly(client):
    (word,) = meanings(client, "ZAX", lexicon="en-wordgame")["words"]  # valid in the word-game list
    assert (word["valid"], word["found"], word["entries"]) == (True, False, [])
    assert word["note"] == "No meaning found for ZAX."
    (german,) = meanings(client, "ZAX", lexicon="en-wordgame", headers=GERMAN)["words"]
    assert german["note"] == "Keine Bedeutung gefunden für ZAX."


def test_a_refused_word_gets_its_verdict_and_no_meaning(client):
    # WordNet has meanings for PARIS (the capital) and MPH (miles per hour): neither is offered.
    paris, dont, mph = meanings(client, "PARIS,DONT,MPH")["words"]
    for word in (paris, dont, mph):
        assert (word["valid"], word["found"], word["entries"]) == (False, False, []), word
    assert paris["reason"] == "proper_noun"
    assert paris["note"] == ("No meaning is given for a word that does not count: PARIS is not in the everyday "
                              "list (a proper noun).")
    (german,) = meanings(client, "PARIS", headers=GERMAN)["words"]
    assert german["note"].startswith("Keine Bedeutung") and "Eigenname" in german["note"], german["note"]


def test_the_senses_stay_english_for_a_german_phone(client):
    english = meanings(client, "HAT")["words"][0]["entries"]
    german = meanings(client, "HAT", headers=GERMAN)
    assert german["words"][0]["entries"] == english
    assert german["list"] != "everyday list"  # the list's name is said in German


@pytest.mark.parametrize(("query", "field"), [
    ({}, "words"), ({"words": ""}, "words"), ({"words": ",".join(["cat"] * 11)}, "words"),
    ({"words": "cat," + "a" * 65}, "words.1"),
])
def test_words_are_bounded_in_count_and_length(client, query, field):
    response = client.get("/api/lexicons/en/meanings", query_string=query)
    assert response.status_code == 422, response.get_data(as_text=True)
    assert field in response.get_json()["errors"]


def test_an_unknown_list_is_404(client):
    response = client.get("/api/lexicons/xx/meanings?words=cat")
    assert response.status_code == 404 and response.get_json()["code"] == "unknown_lexicon"


def test_a_word_wordnet_lacks_is_shown_with_the_word_it_is_made_from(client):
    (word,) = meanings(client, "AMBIVALENTLY")["words"]
    (entry,) = word["entries"]
    assert (entry["lemma"], entry["base"], entry["derived"]) == ("ambivalent", False, True)
    assert word["found"] and entry["senses"][0]["pos"] == "adjective"


@pytest.mark.parametrize(("asked", "made_from"), [
    ("MICROMETRES", ["micrometer"]),  # spelled as WordNet spells it: the word itself, not "made from"
    ("READOPTING", ["adopt"]), ("REMAPS", ["map"]), ("UNFETTER", ["fetter"]),  # a prefix taken off
    ("FIZZIEST", ["fizzy"]), ("DEACONSHIP", ["deacon"]),  # a suffix
    ("WHITESPACE", ["white", "space"]), ("CAMERAWOMEN", ["camera", "woman"]),  # two words written as one
])
def test_a_word_wordnet_lacks_is_found_by_spelling_prefix_or_as_two_words(client, asked, made_from):
    (word,) = meanings(client, asked)["words"]
    assert word["found"]
    assert [e["lemma"] for e in word["entries"]] == made_from
    assert all(e["derived"] for e in word["entries"]) == (asked != "MICROMETRES")


def test_a_valid_word_of_no_known_parts_is_still_said_to_have_no_meaning(client):
    (word,) = meanings(client, "ACALEPH")["words"]  # valid, and neither a prefix nor two words finds it
    assert word["valid"] and not word["found"] and word["entries"] == []


def test_at_a_league_table_the_words_are_judged_as_the_table_judges_them(client):
    league = client.post("/api/leagues", json={"name": "Club", "rules": {"bresk": {
        "extra_words": ["zzxq"], "banned_words": ["hat"]}}}).get_json()
    code = client.post("/api/tables", headers={"Authorization": f"Bearer {league['member_token']}"}, json={
        "game": "bresk", "league": league["id"], "seats": [{"name": "Ann"}]}).get_json()["code"]
    response = client.get("/api/lexicons/en/meanings", query_string={"words": "zzxq,hat", "table": code})
    assert response.status_code == 200, response.get_json()
    zzxq, hat = response.get_json()["words"]
    assert (zzxq["valid"], zzxq["reason"], zzxq["note"]) == (True, "added_by_league", "No meaning found for ZZXQ.")
    assert (hat["valid"], hat["reason"], hat["entries"]) == (False, "banned_by_league", [])
    response = client.get("/api/lexicons/en/meanings", query_string={"words": "hat", "table": "ZZZZZZ"})
    assert response.status_code == 404 and response.get_json()["code"] == "unknown_table"
