"""What a word means: up to three short senses for the word as written and for its base forms.

    from scorekeeper.lexicon.meanings import get_meanings
    get_meanings(cache_dir).lookup("FINCHES")
    # [Entry(lemma='finch', base=True, senses=[Sense(pos='noun', form='', gloss='any of numerous small…')])]

The senses come from Princeton WordNet 3.0 (``make lexicon`` writes ``data/meanings.tsv.gz``;
see ``wordnet.py``), and for the common words WordNet leaves out (THE, OF, AND) from
``function_words.py``. Base forms are found as WordNet's own ``morphy`` finds them: the
exception lists first (MICE → mouse, WENT → go), else its suffix rules (FINCHES → finch,
JUMPED → jump), keeping only forms that are WordNet lemmas of that part of speech.

The committed file is made, once per cache directory, into a memory-mapped trie (as the word
lists are, ``cache.py``), so a fresh process answers its first meaning in milliseconds and
workers share one copy of the pages.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import shutil
import tempfile
import threading
from pathlib import Path
from typing import NamedTuple

import marisa_trie

from .normalize import fold_accents

MEANINGS_FILE = Path(__file__).resolve().parent / "data" / "meanings.tsv.gz"
SOURCE = "Princeton WordNet 3.0 (Debian package wordnet-base)"
LICENCE = ("WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved. Used under the WordNet "
           "licence; see NOTICE.")
BUILD_VERSION = 1
MOST_SENSES = 3
MOST_ENTRIES = 3  # the word itself and up to two base forms (LEAVES: leaf, leave)

# WordNet's morphy rules (morph.c): (suffix, ending) per part of speech, tried in this order.
RULES = {
    "noun": (("s", ""), ("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"), ("shes", "sh"),
             ("men", "man"), ("ies", "y")),
    "verb": (("s", ""), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""), ("ing", "e"),
             ("ing", "")),
    "adjective": (("er", ""), ("est", ""), ("er", "e"), ("est", "e")),
    "adverb": (),
}  # fmt: skip
# When neither the word nor a base form is a lemma: the word it is made from, by a common suffix
# (AMBIVALENTLY: ambivalent, CHASTISERS: chastise, ALLERGENICITY: allergenic), or its plural or
# tense stripped whatever the part of speech (CROFTING: croft, a noun only). Shown as
# "made from", never as the word's own meaning.
DERIVATIONS = (("", ""), ("ically", "ic"), ("lly", "ll"), ("ably", "able"), ("ibly", "ible"), ("ily", "y"),
               ("ly", ""), ("iness", "y"), ("ness", ""), ("ation", "ate"), ("ation", "e"), ("ation", ""),
               ("ity", ""), ("ity", "e"), ("ers", ""), ("ers", "e"), ("er", ""), ("er", "e"), ("ment", ""),
               ("al", ""), ("ism", ""), ("ist", ""), ("ists", ""), ("able", ""), ("able", "e"), ("ful", ""),
               ("less", ""), ("iest", "y"), ("ier", "y"), ("ship", ""), ("hood", ""), ("ic", "y"), ("al", "e"),
               ("ency", "ent"), ("ess", ""))  # fmt: skip
# Still nothing: the word with a common prefix taken off (READOPTING: adopt, UNFETTER: fetter, REMAPS: map),
# also shown as "made from". Longest first, so OVER is tried before O-anything; the rest must be a word
# of at least three letters (REMAP: map; UNION is a lemma itself, so ION is never asked for).
PREFIXES = ("under", "over", "anti", "micro", "post", "semi", "inter", "non", "mis", "pre", "out", "sub",
            "un", "re", "de", "co")  # fmt: skip
_SHORTEST_REST = 3
# WordNet spells the American way: a British spelling is looked up as its American form too
# (INTELLECTUALISES: intellectualize, MICROMETRES: micrometer, PARALYSINGLY: paralyzing).
SPELLINGS = (("isation", "ization"), ("ise", "ize"), ("isi", "izi"), ("yse", "yze"), ("ysi", "yzi"),
             ("tres", "ters"), ("tre", "ter"), ("our", "or"), ("ae", "e"))  # fmt: skip
_SHORTEST_STEM = 3
_EXCEPTION = "="  # key prefix of an exception in the trie: "=mice" → noun mouse
_TRIE = "meanings.marisa"


class Sense(NamedTuple):
    pos: str  # noun, verb, adjective, adverb; article, pronoun, … for the common words
    form: str  # the word as this sense writes it when not all lower case ("Berlin"), else ""
    gloss: str

    def to_dict(self) -> dict[str, str]:
        return self._asdict()


class Entry(NamedTuple):
    lemma: str  # lower case: "finch"
    base: bool  # a base form of the word asked about, not the word itself
    senses: list[Sense]
    derived: bool = False  # the word it is made from (AMBIVALENTLY: ambivalent), not a base form

    def to_dict(self) -> dict[str, object]:
        return {"lemma": self.lemma, "base": self.base, "derived": self.derived,
                "senses": [s.to_dict() for s in self.senses]}


class Meanings:
    """Lookups in the memory-mapped trie. Immutable; safe to share between threads."""

    def __init__(self, trie: marisa_trie.BytesTrie):
        self._trie = trie

    def lookup(self, word: str, depth: int = 0) -> list[Entry]:
        """The word's own senses (if it is a lemma), then its base forms' (FINCHES → finch)."""
        key = fold_accents(word.strip()).lower()
        if not key.isascii() or not key.isalpha():
            return []
        entries = []
        own = self._lemma(key)
        if own is not None:
            entries.append(Entry(key, False, own[1][:MOST_SENSES]))
        for base, parts in self._bases(key).items():
            found = self._lemma(base)
            if base == key or len(base) < 2 or found is None or len(entries) >= MOST_ENTRIES:
                continue  # one letter is no base form a player means (IS is not a plural of I)
            senses = found[1]
            # The senses of the part of speech the form comes from (LEAVES as a verb: leave).
            fitting = [s for s in senses if s.pos in parts] or senses
            entries.append(Entry(base, True, fitting[:MOST_SENSES]))
        if not entries:
            made_from = self._made_from(key)
            if made_from is not None:
                entries.append(Entry(made_from[0], False, made_from[1][1][:MOST_SENSES], derived=True))
        if not entries and depth < 1:
            entries = self._another_way(key, depth + 1)
        return entries

    def _another_way(self, key: str, depth: int) -> list[Entry]:
        """The word spelled the American way, else with a common prefix taken off, else as two words: what
        the first such form finds. A prefix's or a compound's words are what it is made from (``derived``),
        never the word's own meaning."""
        for british, american in SPELLINGS:
            if british in key:
                found = self.lookup(key.replace(british, american), depth)
                if found:
                    return found
        for prefix in PREFIXES:
            if key.startswith(prefix) and len(key) - len(prefix) >= _SHORTEST_REST:
                found = self.lookup(key[len(prefix):], depth)
                if found:
                    lemma, _, senses, _ = found[0]
                    return [Entry(lemma, False, senses, derived=True)]
        # Two words written as one (WHITESPACE: white, space; CROSSBOWMEN: crossbow, man): each part a word
        # or a plain form of one (not itself "made from"), at least three letters; of several cuts the most
        # even (WHITE|SPACE, not WHITES|PACE), then the longer first word.
        cuts = []
        for cut in range(_SHORTEST_REST, len(key) - _SHORTEST_REST + 1):
            parts = [[e for e in self.lookup(part, depth) if not e.derived][:1] for part in (key[:cut], key[cut:])]
            if all(parts):
                cuts.append((min(cut, len(key) - cut), cut, parts))
        if cuts:
            *_, parts = max(cuts, key=lambda c: c[:2])
            return [Entry(e.lemma, False, e.senses, derived=True) for [e] in parts]
        return []

    def _made_from(self, key: str) -> tuple[str, tuple[set[str], list[Sense]]] | None:
        """The first lemma a common suffix leads to, from the word or its plural/tense stripped."""
        stems = [key] + [key[: len(key) - len(suffix)] + ending for rules in RULES.values()
                         for suffix, ending in rules if key.endswith(suffix) and len(key) > len(suffix)]
        for suffix, ending in DERIVATIONS:
            for stem in stems:
                if not (stem.endswith(suffix) and len(stem) - len(suffix) >= _SHORTEST_STEM):
                    continue
                candidate = stem[: len(stem) - len(suffix)] + ending
                # CRABBER: crab, its last consonant doubled before the suffix.
                doubled = candidate[-1:] == candidate[-2:-1] and not ending
                for form in (candidate, candidate[:-1]) if doubled else (candidate,):
                    found = self._lemma(form) if form != key else None
                    if found is not None:
                        return form, found
        return None

    def _lemma(self, key: str) -> tuple[set[str], list[Sense]] | None:
        found = self._trie.get(key)
        return _decode(found[0]) if found else None

    def _exceptions(self, key: str) -> list[tuple[str, str]]:
        found = self._trie.get(_EXCEPTION + key)
        if not found:
            return []
        fields = found[0].decode("utf-8").split("\t")
        return list(zip(fields[::2], fields[1::2], strict=True))

    def _bases(self, key: str) -> dict[str, set[str]]:
        """Base form → the parts of speech it is the base in, as morphy finds them."""
        out: dict[str, set[str]] = {}
        exceptions = self._exceptions(key)
        for pos, rules in RULES.items():
            listed = [base for p, base in exceptions if p == pos]
            candidates = listed or [key[: len(key) - len(suffix)] + ending for suffix, ending in rules
                                    if key.endswith(suffix) and len(key) > len(suffix)]
            for base in candidates:
                found = self._lemma(base)
                if found is not None and pos in found[0]:
                    out.setdefault(base, set()).add(pos)
        return out


def _decode(value: bytes) -> tuple[set[str], list[Sense]]:
    """``parts\\tpos\\tform\\tgloss[\\tpos\\tform\\tgloss…]`` → (parts of speech, senses)."""
    fields = value.decode("utf-8").split("\t")
    senses = [Sense(*fields[i:i + 3]) for i in range(1, len(fields) - 2, 3)]
    return set(fields[0].split(",")), senses


# --- the committed file and its cache -------------------------------------------------------


def parse(text: str) -> tuple[dict[str, str], dict[str, str]]:
    """The committed file's lines → ({lemma: encoded senses}, {form: encoded exceptions})."""
    lemmas, exceptions = {}, {}
    for line in text.splitlines():
        kind, key, rest = line.split("\t", 2)
        (lemmas if kind == "L" else exceptions)[key] = rest
    return lemmas, exceptions


_loaded: dict[Path, Meanings] = {}
_lock = threading.Lock()


def get_meanings(cache_dir: str | os.PathLike[str], source: Path = MEANINGS_FILE) -> Meanings:
    """The meanings, loaded once per process and cache directory (built into it first if need be)."""
    directory = Path(cache_dir).resolve()
    found = _loaded.get(directory)
    if found is None:
        with _lock:
            found = _loaded.get(directory)
            if found is None:
                found = _loaded[directory] = _load_or_build(directory, source)
    return found


def _load_or_build(cache_dir: Path, source: Path) -> Meanings:
    target = cache_dir / f"meanings-{_key(source)}" / _TRIE
    if not target.exists():
        _build(target, source.read_bytes())
        for old in cache_dir.glob("meanings-*"):
            if old != target.parent:
                shutil.rmtree(old, ignore_errors=True)
    trie = marisa_trie.BytesTrie()
    trie.mmap(str(target))
    return Meanings(trie)


def _key(source: Path) -> str:
    """Changes with the committed file and with BUILD_VERSION, so a stale trie is never read. The
    committed file's checksum is read from the manifest beside it (a test keeps the two equal): a cold
    start then need not read and hash two megabytes."""
    manifest = source.parent / "manifest.json"
    checksum = json.loads(manifest.read_text(encoding="utf-8"))["sha256"].get(source.name) if manifest.exists() \
        else None
    checksum = checksum or hashlib.sha256(source.read_bytes()).hexdigest()  # a file of its own (tests)
    return hashlib.sha256(f"{BUILD_VERSION}\0{checksum}".encode()).hexdigest()[:16]


def _build(target: Path, data: bytes) -> None:
    """The trie, written to a temporary file and renamed: another worker never reads half of it."""
    lemmas, exceptions = parse(gzip.decompress(data).decode("utf-8"))
    items = [(k, v.encode("utf-8")) for k, v in lemmas.items()]
    items += [(_EXCEPTION + k, v.encode("utf-8")) for k, v in exceptions.items()]
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, staging = tempfile.mkstemp(prefix=".meanings-", dir=target.parent)
    os.close(handle)
    try:
        marisa_trie.BytesTrie(items).save(staging)
        os.chmod(staging, 0o644)
        os.replace(staging, target)
    finally:
        if os.path.exists(staging):
            os.remove(staging)
