"""The meanings' build (WordNet's files read by make lexicon) and lookups, on a WordNet-shaped directory
made here: base forms by the exception lists and the suffix rules, closed compounds, words made from
another, the common words' own senses."""

from __future__ import annotations

import gzip

import pytest

from scorekeeper.lexicon import wordnet
from scorekeeper.lexicon.meanings import get_meanings

LICENCE_LINE = "  1 This software and database is being provided to you, the LICENSEE\n"
DATA = {  # offset: (words as written, gloss)
    "noun": {100: (["finch"], 'small songbird; "a finch sang"'), 101: (["mouse"], "small rodent"),
             102: (["Berlin"], "capital of Germany"), 103: (["berlin"], "a limousine"),
             104: (["jump"], "a sudden increase"), 105: (["leaf"], "the main organ of photosynthesis")},
    "verb": {200: (["jump"], "move forward by leaps"), 201: (["baby-sit"], "care for a child"),
             202: (["leave"], "go away from a place")},
    "adj": {300: (["ambivalent"], "uncertain or unable to decide")},
    "adv": {},
}
INDEX = {
    "noun": [("berlin", [102, 103], 1), ("finch", [100], 1), ("jump", [104], 0), ("leaf", [105], 3),
             ("mouse", [101], 2)],
    "verb": [("baby-sit", [201], 1), ("jump", [200], 5), ("leave", [202], 9)],
    "adj": [("ambivalent", [300], 1)],
    "adv": [],
}
EXCEPTIONS = {"noun": "mice mouse\nleaves leaf\n", "verb": "", "adj": "", "adv": ""}


@pytest.fixture
def wordnet_dir(tmp_path):
    for name, synsets in DATA.items():
        lines = [LICENCE_LINE]
        for offset, (words, gloss) in synsets.items():
            written = " ".join(f"{w} 0" for w in words)
            lines.append(f"{offset:08d} 05 {name[0]} {len(words):02x} {written} 000 | {gloss}  \n")
        (tmp_path / f"data.{name}").write_text("".join(lines), encoding="latin-1")
        index = [LICENCE_LINE] + [f"{lemma} {name[0]} {len(offsets)} 1 @ {len(offsets)} {tagged} "
                                  + " ".join(f"{o:08d}" for o in offsets) + "  \n"
                                  for lemma, offsets, tagged in INDEX[name]]
        (tmp_path / f"index.{name}").write_text("".join(index), encoding="latin-1")
        (tmp_path / f"{name}.exc").write_text(EXCEPTIONS[name], encoding="latin-1")
    return tmp_path


@pytest.fixture
def meanings(wordnet_dir, tmp_path):
    keep = {"finch", "mouse", "mice", "berlin", "jump", "babysit", "ambivalent", "leaf", "leave", "leaves", "the"}
    text = wordnet.meanings_text(wordnet.read_lemmas(wordnet_dir), wordnet.read_exceptions(wordnet_dir),
                                 {"the": ("article", "the definite article")}, keep)
    source = tmp_path / "data" / "meanings.tsv.gz"
    source.parent.mkdir()
    source.write_bytes(gzip.compress(text.encode(), mtime=0))
    return get_meanings(tmp_path / "cache", source)


def lemmas(found):
    return [(e.lemma, e.base, e.derived, [s.pos for s in e.senses]) for e in found]


def test_the_build_keeps_the_definition_the_case_and_the_parts_of_speech(wordnet_dir):
    read = wordnet.read_lemmas(wordnet_dir)
    assert read["finch"].senses[0].gloss == "small songbird"  # its example left out
    assert [(s.form, s.gloss) for s in read["berlin"].senses] == [("Berlin", "capital of Germany"),
                                                                    ("", "a limousine")]
    assert (read["berlin"].sense_count, read["berlin"].capitalised) == (2, 1)
    # Parts of speech in turn, the one with more tagged senses first: jump's verb before its noun.
    assert [s.pos for s in read["jump"].senses] == ["verb", "noun"]
    assert "babysit" in read  # baby-sit, written closed


def test_base_forms_by_exception_and_by_rule(meanings):
    assert lemmas(meanings.lookup("MICE")) == [("mouse", True, False, ["noun"])]
    assert lemmas(meanings.lookup("FINCHES")) == [("finch", True, False, ["noun"])]
    assert lemmas(meanings.lookup("jumped")) == [("jump", True, False, ["verb"])]  # the verb's senses only
    assert lemmas(meanings.lookup("BABYSITS")) == [("babysit", True, False, ["verb"])]
    assert lemmas(meanings.lookup("LEAVES")) == [("leaf", True, False, ["noun"]), ("leave", True, False, ["verb"])]


def test_a_word_made_from_another_and_the_common_words(meanings):
    assert lemmas(meanings.lookup("AMBIVALENTLY")) == [("ambivalent", False, True, ["adjective"])]
    assert lemmas(meanings.lookup("THE")) == [("the", False, False, ["article"])]
    assert meanings.lookup("ZAX") == [] and meanings.lookup("X-RAY") == []
