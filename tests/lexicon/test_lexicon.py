"""The English word list: pinned sources and counts, verdicts, house rules, the cache."""

from __future__ import annotations

import json
import shutil
import threading
import time

import pytest

from scorekeeper.lexicon import REASONS, Lexicon, UnknownLexicon, get_lexicon, normalize, registry
from scorekeeper.lexicon import cache as cache_module
from scorekeeper.lexicon.source import PINNED_SHA256, english_source

# Pinned: if any of these change, the word list changed; check why before updating them.
WORD_COUNT = 79_615
AMERICAN_WORDS = 77_976  # en_US forms that are all a–z after folding
BRITISH_ADDED = 1_639  # breame British spellings not already in en_US
PROPER_NOUNS = 9_994  # lower-cased forms the dictionary has only capitalised


@pytest.fixture(scope="session")
def lexicon_dir(tmp_path_factory):
    # The same directory as tests/games/test_bresk.py uses, so one build serves the whole run.
    return tmp_path_factory.getbasetemp() / "lexicon-cache"


@pytest.fixture(scope="session")
def lexicon(lexicon_dir) -> Lexicon:
    return get_lexicon("en", cache_dir=lexicon_dir)


def _cache_dir_of(lexicon_dir):
    (directory,) = lexicon_dir.glob("lexicon-en-*")
    return directory


def test_sources_are_the_pinned_files():
    assert english_source().sha256() == PINNED_SHA256


def test_word_counts_are_pinned(lexicon, lexicon_dir):
    assert lexicon.word_count == WORD_COUNT
    meta = json.loads((_cache_dir_of(lexicon_dir) / "meta.json").read_text())
    assert meta["word_count"] == WORD_COUNT
    assert meta["stats"]["american_words"] == AMERICAN_WORDS
    assert meta["stats"]["british_added"] == BRITISH_ADDED
    assert meta["proper_noun_count"] == PROPER_NOUNS
    assert meta["source_sha256"] == PINNED_SHA256


def test_describes_itself(lexicon):
    assert lexicon.id == "en"
    assert lexicon.name == "English (SCOWL en_US + British spellings)"
    assert "SCOWL" in lexicon.source and "breame" in lexicon.source
    assert "Kevin Atkinson" in lexicon.licence and "SCOWL" in lexicon.licence
    assert lexicon.version.startswith("en-")


@pytest.mark.parametrize(
    ("word", "normalized", "reason"),
    [
        ("cat", "CAT", "valid"),
        ("CAFÉ", "CAFE", "valid"),
        ("café", "CAFE", "valid"),
        ("Cafe\u0301", "CAFE", "valid"),  # E + combining acute
        (" cat ", "CAT", "valid"),
        ("FINCHES", "FINCHES", "valid"),
        ("JUMPING", "JUMPING", "valid"),
        ("JUMPED", "JUMPED", "valid"),
        ("unhappiness", "UNHAPPINESS", "valid"),  # prefix × suffix cross product
        ("colour", "COLOUR", "valid"),  # British, from breame
        ("centre", "CENTRE", "valid"),
        ("color", "COLOR", "valid"),
        ("china", "CHINA", "valid"),  # capitalised *and* lower case: the word wins
        ("a", "A", "too_short"),
        ("I", "I", "too_short"),
        ("paris", "PARIS", "proper_noun"),
        ("Monday", "MONDAY", "proper_noun"),
        ("usa", "USA", "proper_noun"),
        ("don't", "DON'T", "hyphen_or_apostrophe"),
        ("don\u2019t", "DON\u2019T", "hyphen_or_apostrophe"),
        ("x-ray", "X-RAY", "hyphen_or_apostrophe"),
        ("abc1", "ABC1", "not_letters"),
        ("", "", "not_letters"),
        ("ice cream", "ICE CREAM", "not_letters"),
        ("-", "-", "not_letters"),
        ("zzxq", "ZZXQ", "not_a_word"),
        ("ninehat", "NINEHAT", "not_a_word"),
    ],
)
def test_verdicts(lexicon, word, normalized, reason):
    verdict = lexicon.check(word)
    assert (verdict.word, verdict.normalized, verdict.reason) == (word, normalized, reason)
    assert verdict.valid is (reason == "valid")
    assert verdict.house_rule is False
    assert lexicon.word_check(word) == (reason == "valid", reason)
    assert reason in REASONS
    assert verdict.to_dict() == {"word": word, "normalized": normalized, "valid": reason == "valid",
                                 "reason": reason, "house_rule": False}  # fmt: skip


@pytest.mark.parametrize(
    ("typed", "normalized"),
    [("café", "CAFE"), ("  Straße ", "STRASSE"), ("naïve", "NAIVE"), ("ÉTÉ", "ETE"), ("x-ray", "X-RAY")],
)
def test_normalize(typed, normalized):
    assert normalize(typed) == normalized


def test_words_text_is_the_whole_list_upper_case(lexicon):
    text = lexicon.words_text()
    words = text.splitlines()
    assert len(words) == WORD_COUNT
    assert words == sorted(words)
    assert all(w.isascii() and w.isalpha() and w.isupper() for w in words)
    assert {"CAT", "COLOUR", "JUMPED"} <= set(words)
    assert "PARIS" not in words


def test_house_rules_allow_and_ban(lexicon):
    league = lexicon.with_house_rules(allowed=["zzxq", "Paris"], banned=["cat", "qwfp"])
    assert league.check("ZZXQ") == league.check("ZZXQ")  # verdicts are plain values
    assert (league.check("zzxq").reason, league.check("zzxq").house_rule) == ("valid", True)
    assert league.check("paris").valid
    assert (league.check("cat").reason, league.check("cat").house_rule) == ("not_a_word", True)
    assert league.check("dog").reason == "valid" and not league.check("dog").house_rule
    assert league.word_count == WORD_COUNT + 2 - 1  # QWFP was never a word
    assert league.name.endswith("+ house rules")
    assert league.version != lexicon.version
    words = set(league.words_text().split())
    assert {"ZZXQ", "PARIS"} <= words and "CAT" not in words
    # The shared list itself is untouched.
    assert lexicon.check("cat").valid and not lexicon.check("zzxq").valid
    # Layers stack, and banned beats allowed.
    stricter = league.with_house_rules(banned=["zzxq"])
    assert not stricter.check("zzxq").valid and not stricter.check("cat").valid


@pytest.mark.parametrize("bad", [["x"], ["two words"], ["abc1"], ["don't"]])
def test_house_rules_refuse_unplayable_words(lexicon, bad):
    with pytest.raises(ValueError, match="House rule"):
        lexicon.with_house_rules(allowed=bad)


def test_get_lexicon_loads_once(lexicon, lexicon_dir):
    assert get_lexicon("en", cache_dir=lexicon_dir) is lexicon
    with pytest.raises(UnknownLexicon):
        get_lexicon("xx", cache_dir=lexicon_dir)


def test_get_lexicon_is_thread_safe(tmp_path, monkeypatch):
    calls = []

    def slow_load(cache_dir):
        calls.append(cache_dir)
        time.sleep(0.05)
        return object()

    monkeypatch.setattr(registry, "_load_english", slow_load)
    results = []
    threads = [threading.Thread(target=lambda: results.append(get_lexicon("en", cache_dir=tmp_path))) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(calls) == 1
    assert len({id(r) for r in results}) == 1


def test_cache_is_reused_without_rebuilding(lexicon, lexicon_dir, monkeypatch):
    def no_build(source):
        raise AssertionError("rebuilt although a cache exists")

    monkeypatch.setattr(cache_module, "build_english", no_build)
    cached = cache_module.load_or_build(lexicon_dir, english_source())
    assert len(cached.words) == WORD_COUNT
    assert "CAT" in cached.words and "PARIS" in cached.proper_nouns


def test_cache_key_covers_sources_and_build_version(monkeypatch):
    key = cache_module.cache_key("en", PINNED_SHA256)
    assert cache_module.cache_key("en", {**PINNED_SHA256, "en_US.dic": "0" * 64}) != key
    monkeypatch.setattr(cache_module, "BUILD_VERSION", cache_module.BUILD_VERSION + 1)
    assert cache_module.cache_key("en", PINNED_SHA256) != key


def test_damaged_or_stale_cache_is_rebuilt(lexicon_dir, tmp_path):
    good = _cache_dir_of(lexicon_dir)
    damaged = tmp_path / good.name
    shutil.copytree(good, damaged)
    (damaged / "meta.json").write_text("{not json")
    stale = tmp_path / "lexicon-en-0000000000000000"
    shutil.copytree(good, stale)

    cached = cache_module.load_or_build(tmp_path, english_source())

    assert cached.directory == damaged
    assert len(cached.words) == WORD_COUNT
    assert not stale.exists()
    assert not list(tmp_path.glob(".lexicon-*"))  # no half-built leftovers
