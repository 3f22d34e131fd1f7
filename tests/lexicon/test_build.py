"""make lexicon's build rules, on a small SCOWL-shaped directory made here (no apt needed)."""

from __future__ import annotations

import gzip
import json

import pytest

from scorekeeper.lexicon import build

SCOWL = {
    "english-words.10": ["cat", "cats", "that", "that's", "abashment", "abashment's", "china", "China", "kW", "café"],
    "british-words.50": ["colour", "colours"],
    "british_variant_1-words.20": ["gaol"],
    "variant_3-words.20": ["cyder"],  # seldom-used spellings: not taken
    "english-words.80": ["zax", "paris"],  # bigger than the everyday size
    "english-abbreviations.40": ["ASAP", "ABM", "ABM's", "etc."],
    "english-proper-names.50": ["Paris", "Paris's", "Monday"],
    "english-upper.50": ["Adrenalin", "NASA"],
    "english-contractions.35": ["don't", "that'll"],
    "special-roman-numerals.35": ["xx"],
    "special-hacker.50": ["kluge"],
}
WORD_LIST = ["cat", "qi", "asap", "paris", "monday", "nasa", "colour", "thats", "a", "kluge"]


@pytest.fixture
def scowl_dir(tmp_path):
    directory = tmp_path / "scowl"
    directory.mkdir()
    for name, entries in SCOWL.items():
        (directory / name).write_text("".join(f"{e}\n" for e in entries), encoding="utf-8")
    (directory / "README").write_text("not a word file\n")
    return directory


def test_everyday_list_takes_only_lower_case_words_of_the_word_categories(scowl_dir):
    built = build.build(scowl_dir, WORD_LIST, size=70)
    assert built.everyday == ["ABASHMENT", "CAFE", "CAT", "CATS", "CHINA", "COLOUR", "COLOURS", "GAOL", "THAT"]


def test_refused_forms_carry_their_reason(scowl_dir):
    refused = build.build(scowl_dir, WORD_LIST, size=70).refused
    assert refused["ASAP"] == refused["ABMS"] == refused["ETC"] == refused["KW"] == refused["NASA"] == "abbreviation"
    assert refused["XX"] == refused["MMXX"] == "abbreviation"  # Roman numerals, listed or not
    assert refused["DONT"] == refused["THATLL"] == "contraction"
    assert refused["THATS"] == "contraction"  # that's: "that" is shortened elsewhere (that'll)
    assert "ABASHMENTS" not in refused  # a possessive, not a contraction
    assert refused["PARIS"] == refused["MONDAY"] == refused["ADRENALIN"] == "proper_noun"
    assert "PARISS" not in refused
    assert "KLUGE" not in refused and "CYDER" not in refused


def test_size_80_adds_its_words(scowl_dir):
    built = build.build(scowl_dir, WORD_LIST, size=80)
    assert {"ZAX", "PARIS"} <= set(built.everyday)


def test_word_game_list_leaves_out_names_and_abbreviations_only(scowl_dir):
    built = build.build(scowl_dir, WORD_LIST, size=70)
    # paris stays: SCOWL has it in lower case at size 80; thats is a contraction, not excluded here.
    assert built.wordgame == ["CAT", "COLOUR", "KLUGE", "PARIS", "QI", "THATS"]
    assert built.stats["wordgame_left_out"] == 3  # asap, monday, nasa ("a" is one letter)


def test_write_reports_changes_and_keeps_unchanged_files(scowl_dir, tmp_path):
    data = tmp_path / "data"
    first = build.write(build.build(scowl_dir, WORD_LIST, size=70), scowl_dir, data)
    assert "CAT" in first["everyday"][0] and not first["everyday"][1]
    before = {p.name: p.read_bytes() for p in data.iterdir()}

    again = build.write(build.build(scowl_dir, WORD_LIST, size=70), scowl_dir, data)
    assert all(not added and not removed for added, removed in again.values())
    assert {p.name: p.read_bytes() for p in data.iterdir()} == before  # reproducible, byte for byte

    bigger = build.write(build.build(scowl_dir, WORD_LIST, size=80), scowl_dir, data)
    assert bigger["everyday"] == ({"ZAX", "PARIS"}, set())
    manifest = json.loads((data / "manifest.json").read_text())
    assert manifest["scowl"]["everyday_size"] == 80
    for name, checksum in manifest["sha256"].items():
        assert build.sha256_bytes((data / name).read_bytes()) == checksum
    assert "ZAX" in gzip.decompress((data / "everyday.txt.gz").read_bytes()).decode().split()


def test_main_needs_scowl(tmp_path, capsys):
    assert build.main(["--scowl", str(tmp_path / "missing")]) == 2
    assert "apt-get install scowl" in capsys.readouterr().err


def test_rulebook_exclusions_take_names_initialisms_and_letters_plurals(tmp_path):
    scowl = {
        "english-words.10": ["china", "us", "as", "marches"],
        "english-words.70": ["berlin", "ne", "ls", "brazil"],
        "english-words.95": ["l's", "u's", "a's"],
        "english-upper.50": ["Berlin", "China", "Brazil", "Marches"],
        "english-abbreviations.35": ["NE"],
        "english-abbreviations.40": ["AWOL"],
        "variant_1-words.40": ["awol"],
    }
    for name, entries in scowl.items():
        (tmp_path / name).write_text("".join(f"{e}\n" for e in entries), encoding="utf-8")
    files = build.scowl_files(tmp_path)
    everyday = build.scowl_words(files, 70) | {"awol"}
    lower_case_words = {"brazil"}  # WordNet: brazil nut; Berlin is mostly the city
    out = build.rulebook_exclusions(files, everyday, lower_case_words.__contains__, lambda w: False)
    # china, marches: everyday words (size 10) whatever their names; brazil: WordNet's lower-case word;
    # us, as: words of their own, though u's and a's are letters' plurals.
    assert out == {"berlin": "proper_noun", "ne": "abbreviation", "awol": "abbreviation", "ls": "contraction"}
