"""Refusals in the asker's language: German for Accept-Language de, English otherwise (SQLite, PostgreSQL).

For every game and every area of the API, the same refusal asked in German and in English has
the same status, code and field paths; only the words differ, and the German ones are German.
"""

from __future__ import annotations

import pytest
from api_calls import new_table, post_event

GERMAN = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.8"}
ENGLISH = {"Accept-Language": "en-GB,en;q=0.9"}


def _league(client):
    return client.post("/api/leagues", json={"name": "Club"}).get_json()


def _bearer(token, headers):
    return {**headers, "Authorization": f"Bearer {token}"}


# name: (request, expected code, a German phrase the answer must hold)
CASES = {
    # --- each game's rules ---
    "make-n-break die": (
        lambda c, h: post_event(c, new_table(c, "make-n-break", ["Ann", "Ben"])["code"],
                                "die", {"face": 7}, headers=h),
        "bad_face", "Der Make-'N'-Break-Würfel hat keine 7: Er zeigt 1, 2 oder 3."),
    "wuerfelspiel stopper die": (
        lambda c, h: post_event(c, new_table(c, "wuerfelspiel", ["Ann", "Ben"])["code"],
                                "stopper", {"face": 5}, headers=h),
        "bad_face", "Der Stopper-Würfel zeigt 1, 2, 3 oder eine leere Seite (0)."),
    "block-buster sheet": (
        lambda c, h: c.post("/api/games/block-buster/score", headers=h,
                            json={"players": [{"name": "Ann"}, {"name": "Ben"}]}),
        "leftovers_missing", "Sag, wie viele Felder Ann übrig hat"),
    "bresk grid": (
        lambda c, h: c.post("/api/games/bresk/score", headers=h,
                            json={"players": [{"name": "Ann", "grid": ["ABC"]}, {"name": "Ben", "grid": ["ABC"]}]}),
        "bad_grid", "Ein Raster hat 8 Reihen mit je 8 Feldern. Dieses hat 1 Reihen."),
    "scorepad points": (
        lambda c, h: post_event(c, new_table(c, "scorepad", ["Ann"])["code"],
                                "points", {"seat": 0, "points": 10**8}, headers=h),
        "bad_points", "points muss eine ganze Zahl"),
    "block-buster plural": (
        lambda c, h: post_event(c, new_table(c, "block-buster", ["Ann", "Ben"])["code"],
                                "finish", {}, headers=h),
        "still_playing", "Ann und Ben haben noch nicht gepasst."),
    # --- tables, the timer, the event log ---
    "unknown table": (lambda c, h: c.get("/api/tables/ZZZZZZ", headers=h), "unknown_table",
                      "Es gibt keinen Tisch mit dem Code 'ZZZZZZ'."),
    "seats": (lambda c, h: c.post("/api/tables", headers=h,
                                  json={"game": "block-buster", "seats": [{"name": f"P{i}"} for i in range(5)]}),
              "bad_seats", "Block Buster ist für 2–4 Spieler. Du hast 5 eingetragen."),
    "stale table": (
        lambda c, h: post_event(c, new_table(c, "scorepad", ["Ann"])["code"],
                                "points", {"seat": 0, "points": 1}, headers=h, expected_seq=5),
        "stale", "Am Tisch ist schon mehr passiert (Stand 0, du dachtest 5)."),
    "timer": (
        lambda c, h: c.post(f"/api/tables/{new_table(c, 'scorepad', ['Ann'])['code']}/timer", headers=h,
                            json={"action": "pause"}),
        "timer_not_running", "Nur ein laufender Timer lässt sich pausieren."),
    "undo": (lambda c, h: post_event(c, new_table(c, "scorepad", ["Ann"])["code"], "undo", {}, headers=h),
             "nothing_to_undo", "Es gibt nichts zurückzunehmen."),
    # --- leagues ---
    "league without link": (lambda c, h: c.get(f"/api/leagues/{_league(c)['id']}", headers=h), "unauthorized",
                            "Diese Liga braucht ihren Link"),
    "league role": (
        lambda c, h: (lambda lg: c.post(f"/api/leagues/{lg['id']}/seasons", headers=_bearer(lg["member_token"], h),
                                        json={"name": "S", "starts_on": "2026-01-01", "ends_on": "2026-02-01"})
                      )(_league(c)),
        "forbidden", "Dafür brauchst du den Admin-Link der Liga. Deiner ist der Mitglieder-Link."),
    "league player twice": (
        lambda c, h: (lambda lg: [c.post(f"/api/leagues/{lg['id']}/players", headers=_bearer(lg["member_token"], h),
                                         json={"name": "Ann"}) for _ in range(2)][-1])(_league(c)),
        "duplicate_player", "In dieser Liga gibt es schon einen Spieler 'Ann'."),
    "league result": (
        lambda c, h: (lambda lg: c.post(f"/api/leagues/{lg['id']}/results", headers=_bearer(lg["member_token"], h),
                                        json={"game": "scorepad", "played_on": "2026-01-02",
                                              "players": [{"name": "Zed", "score": 1}, {"name": "Ann", "score": 2}]})
                      )(_league(c)),
        "unknown_player", "In dieser Liga gibt es keinen Spieler 'Zed'. Füg ihn zuerst hinzu."),
    "league import": (
        lambda c, h: c.post("/api/leagues/import", headers=h,
                            json={"format": "scorekeeper-league", "version": 1, "name": "Club",
                                  "players": [f"P{i}" for i in range(1001)]}),
        "import_too_big", "Ein Import enthält höchstens 1000 Spieler. Dieser hat 1001."),
    # --- word lists, QR codes, request bodies ---
    "word list": (lambda c, h: c.get("/api/lexicons/xx/words/CAT", headers=h), "unknown_lexicon",
                  "Es gibt keine Wortliste 'xx'."),
    "qr": (lambda c, h: c.post("/api/qr", headers=h, json={"url": "https://elsewhere.example/x"}), "foreign_url",
           "QR-Codes gibt es nur für Links in diese App."),
    "missing field": (lambda c, h: c.post("/api/tables", headers=h, json={"seats": [{"name": "Ann"}]}),
                      "validation_error", "game: Pflichtfeld fehlt."),
    "range": (lambda c, h: c.get(f"/api/tables/{new_table(c, 'scorepad', ['Ann'])['code']}/events?limit=900",
                                 headers=h),
              "validation_error", "limit: Muss von 1 bis 500 sein."),
}


@pytest.mark.parametrize("case", CASES, ids=str)
def test_german_asker_gets_german_with_the_same_code_and_fields(client, case):
    ask, code, german = CASES[case]
    english, deutsch = ask(client, ENGLISH), ask(client, GERMAN)
    en, de = english.get_json(), deutsch.get_json()
    assert english.status_code == deutsch.status_code >= 400, (en, de)
    assert en["code"] == de["code"] == code, (en, de)
    assert list(en.get("errors", {})) == list(de.get("errors", {}))
    assert german in de["message"], de
    assert de["message"] != en["message"]
    for field, messages in de.get("errors", {}).items():
        assert messages != en["errors"][field], (field, messages)
    assert "Accept-Language" in deutsch.headers.get("Vary", "")


def test_english_is_the_default_and_unchanged(client):
    asked = client.get("/api/tables/ZZZZZZ")
    in_french = client.get("/api/tables/ZZZZZZ", headers={"Accept-Language": "fr-FR"})
    expected = "There is no table with the code 'ZZZZZZ'. Check the code and try again."
    assert asked.get_json()["message"] == in_french.get_json()["message"] == expected
    assert "Accept-Language" in asked.headers["Vary"]


def test_german_preferred_by_quality(client):
    asked = client.get("/api/tables/ZZZZZZ", headers={"Accept-Language": "en;q=0.5, de;q=0.9"})
    assert asked.get_json()["message"].startswith("Es gibt keinen Tisch")


def test_a_conflict_keeps_its_table_in_every_language(client):
    code = new_table(client, "scorepad", ["Ann"])["code"]
    first = post_event(client, code, "points", {"seat": 0, "points": 1}, headers=GERMAN)
    same_id = client.post(f"/api/tables/{code}/events", headers=GERMAN,
                          json={"id": first.get_json()["event"]["id"], "type": "points",
                                "data": {"seat": 0, "points": 2}})
    body = same_id.get_json()
    assert same_id.status_code == 409 and body["code"] == "id_reused"
    assert body["message"].startswith("Diese id gehört schon zu Aktion #1")
    assert body["table"]["code"] == code and body["event"]["seq"] == 1
