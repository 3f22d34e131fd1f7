"""The probe set scored against both lists: the figures in docs/WORD-LISTS.md come from here.

``python tests/lexicon/test_probe.py`` prints the score per category. The tests pin every
miss, so a list that gets better or worse on the probe set fails until the figures in docs/WORD-LISTS.md
(and the lists of misses below) are updated.
"""

from __future__ import annotations

import sys
from collections import defaultdict
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from probe_words import PROBES, RULEBOOK_PROBES, probes, rulebook_probes  # noqa: E402

from scorekeeper.lexicon import get_lexicon  # noqa: E402

# Misses as measured (word: what the list says instead). Each is SCOWL's or word-list's own call.
EVERYDAY_MISSES = {
    "ZAX": "not_a_word",  # SCOWL has it only from size 80
    "KB": "valid",  # SCOWL lists kb in lower case at size 70, and WordNet writes kb (kilobyte) lower case
    "LX": "valid",  # lx (lux), in lower case at size 70
}  # fmt: skip
# The rulebook exclusions' misses (build.py rulebook_exclusions), each the data's own call:
RULEBOOK_MISSES = {
    # SCOWL lists french, christian, protestant, dumpster in lower case at sizes 10-35: everyday
    # vocabulary, which the rule never takes, though dictionaries capitalise them.
    "FRENCH": "valid", "CHRISTIAN": "valid", "PROTESTANT": "valid", "DUMPSTER": "valid",
    # WordNet writes most of their senses with capitals (REM, AI, Java, Chardonnay, TelePrompter), so
    # the lower-case words SCOWL has only at sizes 60-70 are taken for names:
    "REMS": "abbreviation", "AI": "abbreviation", "TELEPROMPTER": "abbreviation", "JAVA": "proper_noun",
    "CHARDONNAY": "proper_noun",
}  # fmt: skip

WORDGAME_MISSES = {
    "ARSE": "not_a_word",  # word-list filters rude words
    "PARIS": "valid", "TEXAS": "valid", "EASTER": "valid", "CANADA": "valid", "BOSTON": "valid",  # lower-case
    # words in SCOWL 80 too (herb paris, a ship's texas, the easter wind, canada goose, the card game boston)
    "THERES": "valid",  # in SCOWL 80 in lower case
    "XRAY": "valid",  # word-list has it closed
}  # fmt: skip


def score(lexicon, which=probes, categories=PROBES) -> tuple[dict[str, tuple[int, int]], dict[str, str]]:
    """{category: (right, total)}, and {word: reason} for every miss."""
    right: dict[str, int] = defaultdict(int)
    misses = {}
    for category, word, expected in which():
        reason = lexicon.check(word).reason
        if reason == expected:
            right[category] += 1
        else:
            misses[word] = reason
    return {c: (right[c], len(words)) for c, (_, words) in categories.items()}, misses


@pytest.fixture(scope="module")
def lexicon_dir(tmp_path_factory):
    return tmp_path_factory.getbasetemp() / "lexicon-cache"


def test_the_probe_set_is_big_enough_and_has_no_repeats():
    words = [word for _, word, _ in probes()]
    assert len(words) >= 300
    assert len(set(words)) == len(words)
    assert len(PROBES) == 9


@pytest.mark.parametrize(("lexicon_id", "misses"), [("en", EVERYDAY_MISSES), ("en-wordgame", WORDGAME_MISSES)])
def test_probe_set_misses_are_exactly_the_known_ones(lexicon_dir, lexicon_id, misses):
    _, found = score(get_lexicon(lexicon_id, cache_dir=lexicon_dir))
    assert found == misses


def test_the_rulebook_probe_set_is_big_enough_and_new():
    words = [word for _, word, _ in rulebook_probes()]
    assert len(words) >= 60
    assert len(set(words)) == len(words)
    assert not set(words) & {word for _, word, _ in probes()}


def test_rulebook_exclusions_miss_exactly_the_known_words(lexicon_dir):
    _, found = score(get_lexicon("en", cache_dir=lexicon_dir), rulebook_probes, RULEBOOK_PROBES)
    assert found == RULEBOOK_MISSES


def test_the_words_the_issue_found_no_longer_score(lexicon_dir):
    everyday = get_lexicon("en", cache_dir=lexicon_dir)
    said = {word: everyday.check(word).reason for word in ("BERLIN", "LS", "TS", "NE", "AWOL", "PE", "YA")}
    assert said == {"BERLIN": "proper_noun", "LS": "contraction", "TS": "contraction", "NE": "abbreviation",
                    "AWOL": "abbreviation", "PE": "valid", "YA": "valid"}  # PE, YA: see probe_words.py


def test_everyday_list_refuses_what_the_issue_found_and_accepts_every_spelling(lexicon_dir):
    everyday = get_lexicon("en", cache_dir=lexicon_dir)
    for word in ("QR", "XX", "DZ", "KW", "JR", "ETC", "MPH", "KG", "LBS", "LTD", "ASAP", "AKA", "II", "IV", "XV"):
        assert everyday.check(word).reason == "abbreviation", word
    for word in ("CHEQUE", "KERB", "GAOL", "AMONGST", "LEARNT", "DREAMT", "SPOILT", "SYZYGY"):
        assert everyday.check(word).valid, word


if __name__ == "__main__":
    cache = Path(sys.argv[1]) if len(sys.argv) > 1 else None
    for lexicon_id in ("en", "en-wordgame"):
        lexicon = get_lexicon(lexicon_id, cache_dir=cache)
        table, _ = score(lexicon)
        total = sum(r for r, _ in table.values()), sum(n for _, n in table.values())
        print(f"{lexicon.name} ({lexicon.word_count:,} words): {total[0]}/{total[1]}")
        for category, (r, n) in table.items():
            print(f"  {category}: {r}/{n}")
        table, _ = score(lexicon, rulebook_probes, RULEBOOK_PROBES)
        print(f"  rulebook exclusions: {sum(r for r, _ in table.values())}/{sum(n for _, n in table.values())}")
        for category, (r, n) in table.items():
            print(f"  {category}: {r}/{n}")
