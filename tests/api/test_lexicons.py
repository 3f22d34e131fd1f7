"""The word judge API: the lists, one word's verdict, challenges, the whole list as text."""

from __future__ import annotations

import gzip

import pytest
from support import english

from scorekeeper.games.base import RuleError
from scorekeeper.lexicon import REASONS, compact, get_lexicon
from scorekeeper.services.judge import judge_challenge


@pytest.fixture(scope="session")
def lexicon_dir(tmp_path_factory):
    # The same directory as tests/lexicon and tests/games use: one build per test run.
    return tmp_path_factory.getbasetemp() / "lexicon-cache"


@pytest.fixture
def client(sqlite_app, lexicon_dir):
    sqlite_app.config["LEXICON_CACHE_DIR"] = str(lexicon_dir)
    return sqlite_app.test_client()


def assert_error(response, status, code, field=None):
    assert response.status_code == status, response.get_data(as_text=True)
    body = response.get_json()
    assert body["code"] == code and body["status"] == status
    assert isinstance(body["message"], str) and body["message"]
    if field is None:
        assert "errors" not in body
    else:
        assert field in body["errors"], body
        assert all(isinstance(m, str) for m in body["errors"][field])
    return body


# --- GET /api/lexicons ---------------------------------------------------------------------


def test_lists_the_lexicons(client):
    response = client.get("/api/lexicons")
    assert response.status_code == 200
    everyday, wordgame = response.get_json()["lexicons"]
    assert set(everyday) == {"id", "name", "word_count", "source", "licence"}
    assert (everyday["id"], everyday["name"]) == ("en", "everyday list")
    assert (wordgame["id"], wordgame["name"]) == ("en-wordgame", "word-game list")
    assert everyday["word_count"] > 100_000 and wordgame["word_count"] > 250_000
    assert "SCOWL" in everyday["source"] and "SCOWL" in everyday["licence"]
    assert "word-list" in wordgame["source"] and "MIT" in wordgame["licence"]


# --- GET /api/lexicons/{id}/words/{word} ---------------------------------------------------

VERDICTS = [
    ("cat", "CAT", "valid", "valid in the everyday list", []),
    ("colour", "COLOUR", "valid", "valid in the everyday list", []),
    ("a", "A", "too_short", "too short: a word has at least two letters", []),
    ("c4t", "C4T", "not_letters", "not letters: only A to Z count", []),
    ("x-ray", "X-RAY", "not_letters", "not letters: only A to Z count", []),
    ("don't", "DON'T", "contraction", "not in the everyday list (a contraction)", []),
    ("dont", "DONT", "contraction", "not in the everyday list (a contraction)", []),
    ("paris", "PARIS", "proper_noun", "not in the everyday list (a proper noun); valid in the word-game list",
     ["en-wordgame"]),
    ("asap", "ASAP", "abbreviation", "not in the everyday list (an abbreviation)", []),
    ("za", "ZA", "abbreviation", "not in the everyday list (an abbreviation); valid in the word-game list",
     ["en-wordgame"]),
    ("zzxq", "ZZXQ", "not_a_word", "not in the everyday list", []),
]
LEAGUE_REASONS = {"banned_by_league", "added_by_league"}  # covered in tests/api/test_league_tables.py


def test_every_reason_is_covered():
    assert {reason for _, _, reason, _, _ in VERDICTS} | LEAGUE_REASONS == set(REASONS)


@pytest.mark.parametrize(("word", "normalized", "reason", "message", "also"), VERDICTS)
def test_word_verdicts(client, word, normalized, reason, message, also):
    response = client.get(f"/api/lexicons/en/words/{word}")
    assert response.status_code == 200
    assert response.get_json() == {
        "word": word, "normalized": normalized, "valid": reason == "valid", "reason": reason, "lexicon": "en",
        "list": "everyday list", "message": message, "also_valid_in": also,
    }


@pytest.mark.parametrize(
    ("word", "reason", "message"),
    [("qi", "valid", "valid in the word-game list"),
     ("za", "valid", "valid in the word-game list"),
     ("asap", "abbreviation", "not in the word-game list (an abbreviation)"),
     ("arse", "not_a_word", "not in the word-game list; valid in the everyday list")],
)
def test_word_game_list_verdicts_name_it(client, word, reason, message):
    body = client.get(f"/api/lexicons/en-wordgame/words/{word}").get_json()
    assert (body["reason"], body["message"], body["list"]) == (reason, message, "word-game list")


def test_url_encoded_accents_are_folded(client):
    response = client.get("/api/lexicons/en/words/caf%C3%A9")
    assert response.status_code == 200
    body = response.get_json()
    assert body["word"] == "café" and body["normalized"] == "CAFE" and body["valid"] is True


def test_a_slash_in_the_word_is_a_verdict_not_a_404(client):
    body = client.get("/api/lexicons/en/words/a%2Fb").get_json()
    assert body["reason"] == "not_letters"


def test_word_of_64_characters_is_judged_65_is_refused(client):
    assert client.get("/api/lexicons/en/words/" + "a" * 64).get_json()["reason"] == "not_a_word"
    body = assert_error(client.get("/api/lexicons/en/words/" + "a" * 65), 422, "validation_error", "word")
    assert "64" in body["message"]


# --- POST /api/lexicons/{id}/challenge -----------------------------------------------------


def test_challenge_all_valid(client):
    response = client.post("/api/lexicons/en/challenge", json={"words": ["cat", "colour", "café"]})
    assert response.status_code == 200
    assert response.get_json() == {"valid": True, "lexicon": "en", "list": "everyday list", "words": 3}


def test_challenge_hides_which_word_failed(client):
    body = client.post("/api/lexicons/en/challenge", json={"words": ["cat", "paris"]}).get_json()
    assert body == {"valid": False, "lexicon": "en", "list": "everyday list", "words": 2}
    body = client.post("/api/lexicons/en/challenge", json={"words": ["cat", "paris"], "reveal": False}).get_json()
    assert body == {"valid": False, "lexicon": "en", "list": "everyday list", "words": 2}


def test_challenge_reveals_verdicts_when_asked(client):
    response = client.post("/api/lexicons/en/challenge", json={"words": ["cat", "paris", "x-ray"], "reveal": True})
    assert response.status_code == 200
    body = response.get_json()
    assert body["valid"] is False and body["words"] == 3 and body["lexicon"] == "en"
    assert [(v["normalized"], v["valid"], v["reason"], v["message"]) for v in body["verdicts"]] == [
        ("CAT", True, "valid", "valid in the everyday list"),
        ("PARIS", False, "proper_noun", "not in the everyday list (a proper noun); valid in the word-game list"),
        ("X-RAY", False, "not_letters", "not letters: only A to Z count"),
    ]
    assert all(v["lexicon"] == "en" and v["list"] == "everyday list" for v in body["verdicts"])


def test_challenge_of_ten_words_is_fine(client):
    response = client.post("/api/lexicons/en/challenge", json={"words": ["cat"] * 10})
    assert response.get_json() == {"valid": True, "lexicon": "en", "list": "everyday list", "words": 10}


@pytest.mark.parametrize(
    ("payload", "field"),
    [
        ({"words": ["cat"] * 11}, "words"),
        ({"words": []}, "words"),
        ({}, "words"),
        ({"words": "cat"}, "words"),
        ({"words": ["cat", "a" * 65]}, "words.1"),
        ({"words": ["cat", ""]}, "words.1"),
        ({"words": ["cat", 3]}, "words.1"),
        ({"words": ["cat"], "reveal": "perhaps"}, "reveal"),
    ],
)
def test_challenge_limits(client, payload, field):
    assert_error(client.post("/api/lexicons/en/challenge", json=payload), 422, "validation_error", field)


# --- GET /api/lexicons/{id}/words.txt ------------------------------------------------------


def test_words_txt_is_the_whole_list(client):
    response = client.get("/api/lexicons/en/words.txt")
    assert response.status_code == 200
    assert response.mimetype == "text/plain" and response.mimetype_params["charset"] == "utf-8"
    assert "Content-Encoding" not in response.headers
    assert response.headers["Cache-Control"] == "public, max-age=86400"
    assert response.headers["Vary"] == "Accept-Encoding"
    words = response.get_data(as_text=True).splitlines()
    assert {"CAT", "COLOUR"} <= set(words) and "PARIS" not in words
    assert all(w == w.upper() and w.isalpha() for w in words)
    assert words == sorted(words)
    assert len(words) == client.get("/api/lexicons").get_json()["lexicons"][0]["word_count"]


def test_words_txt_etag_and_304(client, lexicon_dir):
    response = client.get("/api/lexicons/en/words.txt")
    etag, weak = response.get_etag()
    assert not weak
    assert etag == get_lexicon("en", cache_dir=lexicon_dir).version
    again = client.get("/api/lexicons/en/words.txt", headers={"If-None-Match": response.headers["ETag"]})
    assert again.status_code == 304
    assert again.data == b""
    assert again.headers["ETag"] == response.headers["ETag"]
    assert again.headers["Cache-Control"] == "public, max-age=86400"
    other = client.get("/api/lexicons/en/words.txt", headers={"If-None-Match": '"en-some-older-list"'})
    assert other.status_code == 200 and other.data == response.data


def test_words_txt_gzip_when_accepted(client):
    plain = client.get("/api/lexicons/en/words.txt")
    zipped = client.get("/api/lexicons/en/words.txt", headers={"Accept-Encoding": "gzip, deflate, br"})
    assert zipped.status_code == 200
    assert zipped.headers["Content-Encoding"] == "gzip"
    assert zipped.headers["Vary"] == "Accept-Encoding"
    assert int(zipped.headers["Content-Length"]) == len(zipped.data) < len(plain.data) / 3
    assert gzip.decompress(zipped.data) == plain.data
    # Stable bytes (mtime=0), and their own strong ETag.
    assert client.get("/api/lexicons/en/words.txt", headers={"Accept-Encoding": "gzip"}).data == zipped.data
    assert zipped.get_etag() == (plain.get_etag()[0] + "-gzip", False)
    revalidated = client.get("/api/lexicons/en/words.txt",
                             headers={"Accept-Encoding": "gzip", "If-None-Match": zipped.headers["ETag"]})
    assert revalidated.status_code == 304 and revalidated.data == b""


@pytest.mark.parametrize("lexicon_id", ["en", "en-wordgame"])
def test_words_compact_is_the_same_list_small_enough_for_a_phone(client, lexicon_id):
    plain = client.get(f"/api/lexicons/{lexicon_id}/words.txt").get_data(as_text=True).split()
    zipped = client.get(f"/api/lexicons/{lexicon_id}/words.compact", headers={"Accept-Encoding": "gzip"})
    assert zipped.status_code == 200 and zipped.headers["Content-Encoding"] == "gzip"
    assert len(zipped.data) <= 400 * 1024  # the phone's offline copy
    assert compact.decode(gzip.decompress(zipped.data).decode("ascii")) == plain
    etag = zipped.headers["ETag"]
    assert "compact" in etag and etag != client.get(f"/api/lexicons/{lexicon_id}/words.txt").headers["ETag"]
    again = client.get(f"/api/lexicons/{lexicon_id}/words.compact",
                       headers={"Accept-Encoding": "gzip", "If-None-Match": etag})
    assert again.status_code == 304


def test_compact_coding_round_trips():
    words = ["A", "AB", "ABC", "ABD", "B", "B" * 80, "BA", "Z"]
    text = compact.encode(words)
    assert text.startswith("0A0B0C1D3B0") and compact.decode(text) == words
    assert compact.encode(["CAT", "CATS", "CAVE"]) == "0CAT0S2VE"


def test_words_txt_not_gzipped_when_refused(client):
    response = client.get("/api/lexicons/en/words.txt", headers={"Accept-Encoding": "gzip;q=0, identity"})
    assert "Content-Encoding" not in response.headers
    assert b"\nCAT\n" in response.data


# --- unknown lexicon -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("get", "/api/lexicons/xx/words/cat"),
        ("post", "/api/lexicons/xx/challenge"),
        ("get", "/api/lexicons/xx/words.txt"),
        ("get", "/api/lexicons/xx/words.compact"),
    ],
)
def test_unknown_lexicon_is_404(client, method, path):
    response = getattr(client, method)(path, json={"words": ["cat"]} if method == "post" else None)
    body = assert_error(response, 404, "unknown_lexicon")
    assert "'xx'" in body["message"]


# --- the helper the table's challenge event uses -------------------------------------------


def test_judge_challenge_helper(lexicon_dir):
    lexicon = get_lexicon("en", cache_dir=lexicon_dir)
    wordgame = get_lexicon("en-wordgame", cache_dir=lexicon_dir)
    assert english(judge_challenge(lexicon, ["cat", "dog"], others=[wordgame])) == {
        "valid": True, "lexicon": "en", "list": "everyday list", "words": 2}  # the API says "list" in any language
    revealed = judge_challenge(lexicon, ["cat", "zzxq", "qat"], reveal=True, others=[wordgame])
    assert revealed["valid"] is False
    assert [v["reason"] for v in revealed["verdicts"]] == ["valid", "not_a_word", "not_a_word"]
    assert [v["also_valid_in"] for v in revealed["verdicts"]] == [[], [], ["en-wordgame"]]
    assert judge_challenge(lexicon, ["za"], reveal=True, others=[])["verdicts"][0]["also_valid_in"] == []


@pytest.mark.parametrize(
    ("words", "field"),
    [([], "words"), (["cat"] * 11, "words"), ("cat", "words"), (None, "words"), (["cat", "b" * 65], "words.1"),
     (["cat", 7], "words.1"), (["cat", ""], "words.1")],
)
def test_judge_challenge_helper_refuses_bad_words(lexicon_dir, words, field):
    with pytest.raises(RuleError) as caught:
        judge_challenge(get_lexicon("en", cache_dir=lexicon_dir), words)
    assert caught.value.code == "bad_words" and caught.value.field == field
