"""What the API says that is not a refusal, in the asker's language (SQLite and PostgreSQL): score-sheet
lines and result reasons, the word judge's verdicts, the games' options, dice and summaries, the 429 of a
rate limit, and a table's live stream (which names its language in its address, ``?lang=de``).

The games say each of these as a template with values, and tables store the template beside the English
words; the API says it again per request. English answers are exactly what they were, and no answer
carries the stored templates.
"""

from __future__ import annotations

import json
import uuid

from api_calls import new_table, post_event
from support import BLOCK_BUSTER_EXAMPLE, first_stream_message

from scorekeeper.text import SAID

GERMAN = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.8"}
ENGLISH = {"Accept-Language": "en-GB,en;q=0.9"}


def _no_templates(value):
    """No answer shows the templates a table stores beside its words."""
    text = json.dumps(value)
    assert f'"{SAID}"' not in text and '"template"' not in text


def _finished_scorepad(client):
    code = new_table(client, "scorepad", ["Ann", "Ben"])["code"]
    for seat, points in ((0, 7), (1, 3)):
        assert post_event(client, code, "points", {"seat": seat, "points": points}).status_code == 201
    assert post_event(client, code, "next_round", {}).status_code == 201
    assert post_event(client, code, "points", {"seat": 0, "points": 2}).status_code == 201
    assert post_event(client, code, "finish", {}).status_code == 201
    return code


def test_a_finished_score_pad_reads_in_the_askers_language(client):
    code = _finished_scorepad(client)
    german = client.get(f"/api/tables/{code}", headers=GERMAN)
    english = client.get(f"/api/tables/{code}", headers=ENGLISH)
    de, en = german.get_json()["result"], english.get_json()["result"]
    assert [line["label"] for line in de["players"][0]["lines"]] == ["Runde 1", "Runde 2"]
    assert de["reason"] == "höchste Summe"
    assert [line["label"] for line in en["players"][0]["lines"]] == ["Round 1", "Round 2"]
    assert en["reason"] == "highest total"
    # Only the words differ: the numbers, names and shape are the same.
    assert [[line["points"] for line in p["lines"]] for p in de["players"]] == \
        [[line["points"] for line in p["lines"]] for p in en["players"]]
    assert de["winners"] == en["winners"] == ["Ann"]
    for response in (german, english):
        _no_templates(response.get_json())
        assert "Accept-Language" in response.headers["Vary"]


def test_an_event_answer_and_a_conflict_carry_the_table_in_the_askers_language(client):
    code = new_table(client, "scorepad", ["Ann"])["code"]
    appended = post_event(client, code, "points", {"seat": 0, "points": 4}, headers=GERMAN).get_json()
    assert appended["table"]["result"]["players"][0]["lines"][0]["label"] == "Runde 1"
    _no_templates(appended)
    stale = client.post(f"/api/tables/{code}/events", headers=GERMAN,
                        json={"id": str(uuid.uuid4()), "type": "points", "data": {"seat": 0, "points": 1},
                              "expected_seq": 0})
    assert stale.status_code == 409
    assert stale.get_json()["table"]["result"]["players"][0]["lines"][0]["label"] == "Runde 1"
    _no_templates(stale.get_json())


def test_a_game_in_progress_says_so_far_in_german(client):
    code = new_table(client, "block-buster", ["Ann", "Ben"])["code"]
    de = client.get(f"/api/tables/{code}", headers=GERMAN).get_json()["result"]
    en = client.get(f"/api/tables/{code}", headers=ENGLISH).get_json()["result"]
    assert de["reason"] == "Spiel läuft – bisher: Ben 0, Ann -5."  # the starter's penalty
    assert en["reason"] == "Game in progress — so far: Ben 0, Ann -5."


def test_score_sheet_lines_of_every_game_in_german(client):
    sheet = {"rounds": 1, "players": ["Ann", "Ben"],
             "turns": [{"builder": "Ann", "die": 1, "cards": [{"kind": "standard", "points": 2},
                                                             {"kind": "ten", "completed": True}]},
                       {"builder": "Ben", "die": 2, "cards": []}]}
    de = client.post("/api/games/make-n-break/score", json=sheet, headers=GERMAN).get_json()
    en = client.post("/api/games/make-n-break/score", json=sheet, headers=ENGLISH).get_json()
    assert [line["label"] for line in de["players"][0]["lines"]] == [
        "Runde 1: 1 Karte geschafft", "Runde 1: „10“-Bonusbau geschafft"]
    assert [line["label"] for line in en["players"][0]["lines"]] == [
        "Round 1: 1 card completed", 'Round 1: "10" bonus build completed']
    assert de["reason"] == "höchste Summe nach 1 Runde" and en["reason"] == "highest total after 1 round"
    assert [row["label"] for row in de["score_table"]] == ["Runde 1"]
    assert [row["label"] for row in en["score_table"]] == ["Round 1"]
    _no_templates(de)
    _no_templates(en)




def test_block_buster_lines_in_german_say_their_shapes(client):
    de = client.post("/api/games/block-buster/score", json=BLOCK_BUSTER_EXAMPLE, headers=GERMAN).get_json()
    en = client.post("/api/games/block-buster/score", json=BLOCK_BUSTER_EXAMPLE, headers=ENGLISH).get_json()
    assert [(line["label"], line["points"]) for line in de["players"][1]["lines"]] == [
        ("1 × roter Kreis", 3), ("1 × roter Stern", 3), ("2 × grüne Spirale", 7), ("Übrige Quadrate (8)", -8)]
    assert [line["label"] for line in en["players"][1]["lines"]] == [
        "1 × red circle", "1 × red star", "2 × green spiral", "Leftover squares (8)"]
    assert de["reason"] == "Die meisten Punkte: Yellow 8 gegen Blue 5."
    assert en["reason"] == "Most points: Yellow 8 vs Blue 5."
    # The phone draws a set line's shapes from these, whatever the language.
    assert [(line.get("shape"), line.get("count")) for line in de["players"][1]["lines"]] == [
        ("red-circle", 1), ("red-star", 1), ("green-spiral", 2), (None, None)]


def test_the_game_catalogue_in_german(client):
    de = client.get("/api/games", headers=GERMAN)
    en = client.get("/api/games", headers=ENGLISH)
    assert "Accept-Language" in de.headers["Vary"]
    games_de = {g["id"]: g for g in de.get_json()["games"]}
    games_en = {g["id"]: g for g in en.get_json()["games"]}
    option_de = {o["name"]: o for o in games_de["scorepad"]["options"]}["lowest_wins"]
    option_en = {o["name"]: o for o in games_en["scorepad"]["options"]}["lowest_wins"]
    assert option_de["label"] == "Niedrigste Summe gewinnt (wie beim Golf)"
    assert option_en["label"] == "Lowest total wins (golf-style)"
    assert option_de["description"].startswith("Eingetippte Ergebnisse")
    stopper_de = {o["name"]: o for o in games_de["wuerfelspiel"]["options"]}["stopper"]
    assert stopper_de["label"] == "Der Stopper" and stopper_de["choice_labels"] == ["Die App", "Ein Spieler"]
    assert games_de["make-n-break"]["summary"].startswith("Baut die Karte nach")
    assert games_en["make-n-break"]["summary"].startswith("Build the card")
    dice_de = {d["id"]: d for d in de.get_json()["dice"]}
    assert dice_de["bresk"]["name"] == "Bresk-Würfel" and dice_de["bresk-1-twice"]["name"] == "Bresk-Würfel (1 doppelt)"
    # Names, ids, choices and numbers are the same in both.
    assert [(o["name"], o.get("choices"), o["default"]) for g in games_de.values() for o in g["options"]] == \
        [(o["name"], o.get("choices"), o["default"]) for g in games_en.values() for o in g["options"]]


def test_the_word_judge_speaks_german(client):
    de = client.get("/api/lexicons/en/words/paris", headers=GERMAN).get_json()
    en = client.get("/api/lexicons/en/words/paris", headers=ENGLISH).get_json()
    assert de["message"] == "nicht in der Alltagsliste (ein Eigenname); gültig in der Wortspiel-Liste"
    assert en["message"] == "not in the everyday list (a proper noun); valid in the word-game list"
    assert de["list"] == "Alltagsliste" and en["list"] == "everyday list"
    assert (de["reason"], de["valid"]) == (en["reason"], en["valid"]) == ("proper_noun", False)
    ok = client.get("/api/lexicons/en/words/cat", headers=GERMAN).get_json()
    assert ok["message"] == "gültig in der Alltagsliste"
    both = client.post("/api/lexicons/en/challenge", headers=GERMAN,
                       json={"words": ["cat", "za"], "reveal": True}).get_json()
    assert both["list"] == "Alltagsliste"
    assert both["verdicts"][1]["message"] == "nicht in der Alltagsliste (eine Abkürzung); gültig in der Wortspiel-Liste"
    _no_templates(both)


def test_a_tables_challenge_is_stored_once_and_said_in_each_askers_language(client):
    code = new_table(client, "bresk", ["Ann", "Ben"])["code"]
    stored = post_event(client, code, "challenge", {"words": ["paris"], "by": 0, "reveal": True}, headers=ENGLISH)
    assert stored.status_code == 201, stored.get_json()
    en = stored.get_json()["event"]["data"]["verdict"]["verdicts"][0]["message"]
    assert en == "not in the everyday list (a proper noun); valid in the word-game list"
    events = client.get(f"/api/tables/{code}/events", headers=GERMAN).get_json()["events"]
    assert events[-1]["data"]["verdict"]["verdicts"][0]["message"] == \
        "nicht in der Alltagsliste (ein Eigenname); gültig in der Wortspiel-Liste"
    _no_templates(events)


def test_die_names_inside_bresk_refusals_are_german(client):
    code = new_table(client, "bresk", ["Ann", "Ben"])["code"]
    refused = post_event(client, code, "roll", {"dice": ["bresk", "bresk"]}, headers=GERMAN)
    assert refused.status_code == 422
    assert refused.get_json()["message"] == "Wirf den Bresk-Würfel einmal, nicht zweimal."
    english = post_event(client, code, "roll", {"dice": ["bresk", "bresk"]}, headers=ENGLISH)
    assert english.get_json()["message"] == "Roll the Bresk die once, not twice."


def test_the_stream_says_its_texts_in_the_language_its_address_names(client):
    code = _finished_scorepad(client)
    # The same table at the same point: each language gets its own message, not the other's cached one.
    de = first_stream_message(client, f"/api/tables/{code}/stream?lang=de")
    en = first_stream_message(client, f"/api/tables/{code}/stream?lang=en", GERMAN)
    default = first_stream_message(client, f"/api/tables/{code}/stream")
    by_header = first_stream_message(client, f"/api/tables/{code}/stream", GERMAN)
    unknown = first_stream_message(client, f"/api/tables/{code}/stream?lang=xx")
    assert de["table"]["result"]["reason"] == "höchste Summe"
    assert de["table"]["result"]["players"][0]["lines"][0]["label"] == "Runde 1"
    assert en["table"]["result"]["reason"] == default["table"]["result"]["reason"] == "highest total"
    assert by_header["table"]["result"]["reason"] == "höchste Summe"
    assert unknown["table"]["result"]["reason"] == "highest total"
    _no_templates(de)
    assert client.get(f"/api/tables/{code}/stream?lang={'x' * 40}").status_code == 422


def test_a_rate_limits_429_is_german_for_a_german_asker(limited):
    for _ in range(240):
        assert limited.get("/api/lexicons/en/words/cat").status_code == 200
    de = limited.get("/api/lexicons/en/words/cat", headers=GERMAN)
    en = limited.get("/api/lexicons/en/words/cat", headers=ENGLISH)
    assert de.status_code == en.status_code == 429
    assert de.get_json()["code"] == en.get_json()["code"] == "too_many_requests"
    assert de.get_json()["message"] == ("Zu viele Anfragen von dieser Adresse: höchstens 240 dieser Art pro Minute. "
                                        "Versuch es in einer Minute noch einmal.")
    assert en.get_json()["message"] == ("Too many requests from this address: at most 240 of this kind a minute. "
                                        "Try again in a minute.")
    assert int(de.headers["Retry-After"]) > 0


def test_the_score_pads_name_is_german_the_brands_stay(client):
    """"Score pad" says what it is; the four board games' names are their boxes' (issue 24)."""
    names = {g["id"]: g["name"] for g in client.get("/api/games", headers=GERMAN).get_json()["games"]}
    built_in = {"scorepad": "Punktezettel", "bresk": "Bresk!", "make-n-break": "Make 'N' Break Extreme",
                "wuerfelspiel": "Make 'n' Break Würfelspiel", "block-buster": "Block Buster"}
    assert {game: names.get(game) for game in built_in} == built_in  # a game added beside them has its own say
    english = {g["id"]: g["name"] for g in client.get("/api/games", headers=ENGLISH).get_json()["games"]}
    assert english["scorepad"] == "Score pad"
