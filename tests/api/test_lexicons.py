"""The word judge API: the lists, one word's verdict, challenges, the whole list as text."""

from __future__ import annotations

import gzip

import pytest

from scorekeeper.games.base import RuleError
from scorekeeper.lexicon import REASONS, get_lexicon
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
    (english,) = response.get_json()["lexicons"]
    assert set(english) == {"id", "name", "word_count", "source", "licence"}
    assert english["id"] == "en"
    assert english["word_count"] > 70_000
    assert "SCOWL" in english["source"] and "SCOWL" in english["licence"]


# --- GET /api/lexicons/{id}/words/{word} ---------------------------------------------------

VERDICTS = [
    ("cat", "CAT", "valid"),
    ("colour", "COLOUR", "valid"),
    ("a", "A", "too_short"),
    ("c4t", "C4T", "not_letters"),
    ("x-ray", "X-RAY", "hyphen_or_apostrophe"),
    ("don't", "DON'T", "hyphen_or_apostrophe"),
    ("paris", "PARIS", "proper_noun"),
    ("zzxq", "ZZXQ", "not_a_word"),
]


def test_every_reason_is_covered():
    assert {reason for _, _, reason in VERDICTS} == set(REASONS)


@pytest.mark.parametrize(("word", "normalized", "reason"), VERDICTS)
def test_word_verdicts(client, word, normalized, reason):
    response = client.get(f"/api/lexicons/en/words/{word}")
    assert response.status_code == 200
    assert response.get_json() == {
        "word": word, "normalized": normalized, "valid": reason == "valid", "reason": reason, "lexicon": "en",
    }


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
    assert response.get_json() == {"valid": True, "lexicon": "en", "words": 3}


def test_challenge_hides_which_word_failed(client):
    body = client.post("/api/lexicons/en/challenge", json={"words": ["cat", "paris"]}).get_json()
    assert body == {"valid": False, "lexicon": "en", "words": 2}
    body = client.post("/api/lexicons/en/challenge", json={"words": ["cat", "paris"], "reveal": False}).get_json()
    assert body == {"valid": False, "lexicon": "en", "words": 2}


def test_challenge_reveals_verdicts_when_asked(client):
    response = client.post("/api/lexicons/en/challenge", json={"words": ["cat", "paris", "x-ray"], "reveal": True})
    assert response.status_code == 200
    body = response.get_json()
    assert body["valid"] is False and body["words"] == 3 and body["lexicon"] == "en"
    assert body["verdicts"] == [
        {"word": "cat", "normalized": "CAT", "valid": True, "reason": "valid", "lexicon": "en"},
        {"word": "paris", "normalized": "PARIS", "valid": False, "reason": "proper_noun", "lexicon": "en"},
        {"word": "x-ray", "normalized": "X-RAY", "valid": False, "reason": "hyphen_or_apostrophe", "lexicon": "en"},
    ]


def test_challenge_of_ten_words_is_fine(client):
    response = client.post("/api/lexicons/en/challenge", json={"words": ["cat"] * 10})
    assert response.get_json() == {"valid": True, "lexicon": "en", "words": 10}


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
    ],
)
def test_unknown_lexicon_is_404(client, method, path):
    response = getattr(client, method)(path, json={"words": ["cat"]} if method == "post" else None)
    body = assert_error(response, 404, "unknown_lexicon")
    assert "'xx'" in body["message"]


# --- the helper the table's challenge event uses -------------------------------------------


def test_judge_challenge_helper(lexicon_dir):
    lexicon = get_lexicon("en", cache_dir=lexicon_dir)
    assert judge_challenge(lexicon, ["cat", "dog"]) == {"valid": True, "lexicon": "en", "words": 2}
    revealed = judge_challenge(lexicon, ["cat", "zzxq"], reveal=True)
    assert revealed["valid"] is False
    assert [v["reason"] for v in revealed["verdicts"]] == ["valid", "not_a_word"]


@pytest.mark.parametrize(
    ("words", "field"),
    [([], "words"), (["cat"] * 11, "words"), ("cat", "words"), (None, "words"), (["cat", "b" * 65], "words.1"),
     (["cat", 7], "words.1"), (["cat", ""], "words.1")],
)
def test_judge_challenge_helper_refuses_bad_words(lexicon_dir, words, field):
    with pytest.raises(RuleError) as caught:
        judge_challenge(get_lexicon("en", cache_dir=lexicon_dir), words)
    assert caught.value.code == "bad_words" and caught.value.field == field
