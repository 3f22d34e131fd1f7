"""The English word list: pinned sources and counts, verdicts, house rules, the cache."""

from __future__ import annotations

import json
import shutil
import threading
import time

import pytest

from scorekeeper.lexicon import REASONS, Lexicon, UnknownLexicon, get_lexicon, normalize, registry
from scorekeeper.lexicon import cache as cache_module
from scorekeeper.lexicon.source import list_files, manifest

# Pinned: if any of these change, a list changed; check why (make lexicon says what) before updating.
WORD_COUNT = 117_873  # the everyday list: SCOWL size 70, every variety, less 244 the rulebook excludes
WORDGAME_COUNT = 273_055  # word-list 4.1.0 less what SCOWL knows only as names or abbreviations


@pytest.fixture(scope="session")
def lexicon_dir(tmp_path_factory):
    # The same directory as tests/games/test_bresk.py uses, so one build serves the whole run.
    return tmp_path_factory.getbasetemp() / "lexicon-cache"


@pytest.fixture(scope="session")
def lexicon(lexicon_dir) -> Lexicon:
    return get_lexicon("en", cache_dir=lexicon_dir)


@pytest.fixture(scope="session")
def wordgame(lexicon_dir) -> Lexicon:
    return get_lexicon("en-wordgame", cache_dir=lexicon_dir)


def _cache_dir_of(lexicon_dir, lexicon_id="en"):
    (directory,) = lexicon_dir.glob(f"lexicon-{lexicon_id}-[0-9a-f]*")
    return directory


def test_committed_files_match_their_checksums():
    pinned = manifest()["sha256"]
    for name in ("everyday", "wordgame"):
        files = list_files(name).sha256()
        assert files == {key: pinned[key] for key in files}, f"{name}: rebuild with make lexicon"


def test_word_counts_are_pinned(lexicon, wordgame, lexicon_dir):
    assert lexicon.word_count == WORD_COUNT
    assert wordgame.word_count == WORDGAME_COUNT
    meta = json.loads((_cache_dir_of(lexicon_dir) / "meta.json").read_text())
    assert meta["word_count"] == WORD_COUNT
    assert meta["source_sha256"] == list_files("everyday").sha256()
    stats = manifest()["stats"]
    assert (stats["everyday_words"], stats["wordgame_words"]) == (WORD_COUNT, WORDGAME_COUNT)


def test_describes_itself(lexicon, wordgame):
    assert (lexicon.id, lexicon.name) == ("en", "everyday list")
    assert (wordgame.id, wordgame.name) == ("en-wordgame", "word-game list")
    assert "SCOWL" in lexicon.source and "size 70" in lexicon.source
    assert "Kevin Atkinson" in lexicon.licence and "SCOWL" in lexicon.licence
    assert "word-list" in wordgame.source and "MIT" in wordgame.licence and "Sindre Sorhus" in wordgame.licence
    assert lexicon.version.startswith("en-") and wordgame.version.startswith("en-wordgame-")


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
        ("unhappiness", "UNHAPPINESS", "valid"),
        ("colour", "COLOUR", "valid"),  # British
        ("cheque", "CHEQUE", "valid"),
        ("gaol", "GAOL", "valid"),  # a British variant spelling
        ("color", "COLOR", "valid"),
        ("syzygy", "SYZYGY", "valid"),
        ("china", "CHINA", "valid"),  # capitalised *and* lower case: the word wins
        ("a", "A", "too_short"),
        ("I", "I", "too_short"),
        ("paris", "PARIS", "proper_noun"),
        ("Monday", "MONDAY", "proper_noun"),
        ("qr", "QR", "abbreviation"),
        ("kw", "KW", "abbreviation"),  # kW: a unit symbol, however SCOWL files it
        ("asap", "ASAP", "abbreviation"),
        ("xx", "XX", "abbreviation"),  # Roman numeral
        ("mmxx", "MMXX", "abbreviation"),  # a Roman numeral SCOWL does not list
        ("dont", "DONT", "contraction"),
        ("thats", "THATS", "contraction"),
        ("don't", "DON'T", "contraction"),
        ("don\u2019t", "DON\u2019T", "contraction"),
        ("x-ray", "X-RAY", "not_letters"),
        ("abc1", "ABC1", "not_letters"),
        ("", "", "not_letters"),
        ("ice cream", "ICE CREAM", "not_letters"),
        ("-", "-", "not_letters"),
        ("'", "'", "not_letters"),
        ("zzxq", "ZZXQ", "not_a_word"),
        ("ninehat", "NINEHAT", "not_a_word"),
        ("za", "ZA", "abbreviation"),  # a word only in the word-game list
    ],
)
def test_verdicts(lexicon, word, normalized, reason):
    verdict = lexicon.check(word)
    assert (verdict.word, verdict.normalized, verdict.reason) == (word, normalized, reason)
    assert verdict.valid is (reason == "valid")
    assert lexicon.word_check(word) == (reason == "valid", reason)
    assert reason in REASONS
    assert verdict.to_dict() == {"word": word, "normalized": normalized, "valid": reason == "valid",
                                 "reason": reason}  # fmt: skip


@pytest.mark.parametrize(
    ("word", "reason"),
    [("qi", "valid"), ("za", "valid"), ("xu", "valid"), ("cat", "valid"), ("colour", "valid"),
     ("asap", "abbreviation"), ("qr", "abbreviation"), ("kb", "abbreviation"), ("dont", "contraction"),
     ("don't", "contraction"), ("monday", "proper_noun"), ("a", "too_short"), ("x-ray", "not_letters")],
)
def test_wordgame_verdicts(wordgame, word, reason):
    assert wordgame.check(word).reason == reason


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
    league = lexicon.with_house_rules(allowed=["zzxq", "Paris", "dog"], banned=["cat", "qwfp"])
    assert league.check("ZZXQ") == league.check("ZZXQ")  # verdicts are plain values
    assert (league.check("zzxq").reason, league.check("zzxq").valid) == ("added_by_league", True)
    assert league.check("paris").valid and league.word_check("paris") == (True, "added_by_league")
    assert (league.check("cat").reason, league.check("cat").valid) == ("banned_by_league", False)
    assert league.check("qwfp").reason == "banned_by_league"
    assert league.check("dog").reason == "valid"  # a word already: the league adds nothing
    assert league.word_count == WORD_COUNT + 2 - 1  # QWFP was never a word
    assert league.name == "everyday list + this league's words"
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

    def slow_load(lexicon_id, cache_dir):
        calls.append(cache_dir)
        time.sleep(0.05)
        return object()

    monkeypatch.setattr(registry, "_load", slow_load)
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

    monkeypatch.setattr(cache_module, "read_lists", no_build)
    cached = cache_module.load_or_build(lexicon_dir, list_files("everyday"))
    assert len(cached.words) == WORD_COUNT
    assert "CAT" in cached.words and cached.refused.get("PARIS") == [b"proper_noun"]
    assert "KB" not in cached.refused  # a word of this list is never refused, whatever SCOWL also says


def test_cache_key_covers_sources_and_build_version(monkeypatch):
    pinned = list_files("everyday").sha256()
    key = cache_module.cache_key("en", pinned)
    assert cache_module.cache_key("en", {**pinned, "everyday.txt.gz": "0" * 64}) != key
    assert cache_module.cache_key("en-wordgame", pinned) != key
    monkeypatch.setattr(cache_module, "BUILD_VERSION", cache_module.BUILD_VERSION + 1)
    assert cache_module.cache_key("en", pinned) != key


def test_damaged_or_stale_cache_is_rebuilt(lexicon_dir, tmp_path):
    good = _cache_dir_of(lexicon_dir)
    damaged = tmp_path / good.name
    shutil.copytree(good, damaged)
    (damaged / "meta.json").write_text("{not json")
    stale = tmp_path / "lexicon-en-0000000000000000"
    shutil.copytree(good, stale)

    cached = cache_module.load_or_build(tmp_path, list_files("everyday"))

    assert cached.directory == damaged
    assert len(cached.words) == WORD_COUNT
    assert not stale.exists()
    assert not list(tmp_path.glob(".lexicon-*"))  # no half-built leftovers


def test_bresk_and_leagues_offer_every_list():
    from scorekeeper.api.league_schemas import HouseRulesSchema
    from scorekeeper.games import bresk

    (option,) = [o for o in bresk.OPTIONS if o.name == "lexicon"]
    assert option.choices == registry.LEXICON_IDS and option.default == "en" and option.league
    house_rule = HouseRulesSchema().fields["bresk"].schema.fields["lexicon"]  # derived from the option
    assert tuple(house_rule.metadata["enum"]) == registry.LEXICON_IDS
