"""Princeton WordNet 3.0 as the Debian package ``wordnet-base`` installs it, read for ``make lexicon``.

Only the build reads these files (``/usr/share/wordnet``); the app reads the compact
``data/meanings.tsv.gz`` written from them (``meanings.py``). What is kept:

* every single-word lemma of letters a–z (``jump``, ``cafe``; not ``ice_cream`` or ``3-D``),
  and hyphenated or two-word ones written closed (``baby-sit``: ``babysit``), with up to
  ``SENSES_KEPT`` senses: WordNet lists each part of speech's senses most frequent first,
  and the parts of speech are taken in turn, the one with the most tagged senses first (so
  ``jump`` keeps its first verb and its first noun sense);
* each sense's part of speech, its definition (the gloss less its quoted examples, cut at
  ``GLOSS_CHARS``) and the lemma as that sense writes it when it is not all lower case
  (``Berlin``, ``AWOL``);
* every part of speech a lemma has (base forms are looked for per part of speech);
* the exception lists (``noun.exc``: ``mice mouse``) for those lemmas.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from .normalize import fold_accents as fold

WORDNET_DIR = Path("/usr/share/wordnet")
WORDNET_VERSION = "3.0"  # Debian package wordnet-base 1:3.0-37
SENSES_KEPT = 3
GLOSS_CHARS = 120

POS_NAMES = {"n": "noun", "v": "verb", "a": "adjective", "r": "adverb"}
_FILES = {"n": "noun", "v": "verb", "a": "adj", "r": "adv"}
_LEMMA = re.compile(r"[a-z]+")
_MARKER = re.compile(r"\([a-z]+\)$")  # adjective position markers: galore(ip)


@dataclass
class Sense:
    pos: str  # noun, verb, adjective, adverb
    form: str  # the lemma as this sense writes it ("Berlin"), or "" when all lower case
    gloss: str


@dataclass
class Lemma:
    parts_of_speech: list[str] = field(default_factory=list)
    senses: list[Sense] = field(default_factory=list)
    sense_count: int = 0  # all of WordNet's senses, kept or not
    capitalised: int = 0  # how many of them write it with a capital


def short_gloss(gloss: str, limit: int = GLOSS_CHARS) -> str:
    """The definition without its examples ('; "she jumped"'), cut at a word when too long."""
    text = gloss.split('; "')[0].split(' "')[0].strip().rstrip(";").strip()
    if len(text) <= limit:
        return text
    return text[: limit - 1].rsplit(" ", 1)[0].rstrip(",;:") + "…"


def _synsets(path: Path) -> dict[int, tuple[list[str], str]]:
    """offset → (the words as written, gloss)."""
    out = {}
    with path.open(encoding="latin-1") as lines:
        for line in lines:
            if line.startswith("  "):
                continue  # the licence at the top of every file
            head, _, gloss = line.partition(" | ")
            parts = head.split()
            count = int(parts[3], 16)
            words = [_MARKER.sub("", parts[4 + 2 * i]) for i in range(count)]
            out[int(parts[0])] = (words, gloss.strip())
    return out


def _index(path: Path) -> Iterator[tuple[str, int, list[int]]]:
    """(lemma, tagged senses, synset offsets most frequent first) for each line of an index file."""
    with path.open(encoding="latin-1") as lines:
        for line in lines:
            if line.startswith("  "):
                continue
            parts = line.split()
            synset_count, pointer_count = int(parts[2]), int(parts[3])
            tagged = int(parts[5 + pointer_count])
            yield parts[0], tagged, [int(x) for x in parts[-synset_count:]]


def read_lemmas(directory: Path = WORDNET_DIR) -> dict[str, Lemma]:
    """Lemma (a–z) → its parts of speech and kept senses."""
    found: dict[str, list[tuple[int, int, str, Sense]]] = {}
    lemmas: dict[str, Lemma] = {}
    single = _single_word_lemmas(directory)
    for order, (pos, name) in enumerate(_FILES.items()):
        synsets = _synsets(directory / f"data.{name}")
        for lemma, tagged, offsets in _index(directory / f"index.{name}"):
            key = fold(lemma)
            if not _LEMMA.fullmatch(key):
                key = _closed(key, single)
                if key is None:
                    continue
            entry = lemmas.setdefault(key, Lemma())
            entry.parts_of_speech.append(POS_NAMES[pos])
            entry.sense_count += len(offsets)
            for rank, offset in enumerate(offsets):
                words, gloss = synsets[offset]
                written = next((w for w in words if w.lower() == lemma), lemma)
                entry.capitalised += written != written.lower()
                form = written if written != written.lower() else ""
                # Parts of speech in turn: each one's best sense before any one's second.
                found.setdefault(key, []).append((rank, -tagged * 10 + order, POS_NAMES[pos],
                                                  Sense(POS_NAMES[pos], form, short_gloss(gloss))))
    for key, senses in found.items():
        senses.sort(key=lambda s: (s[0], s[1]))
        lemmas[key].senses = [s[3] for s in senses[:SENSES_KEPT]]
    return lemmas


def _single_word_lemmas(directory: Path) -> set[str]:
    return {fold(lemma) for name in _FILES.values() for lemma, _, _ in _index(directory / f"index.{name}")
            if _LEMMA.fullmatch(fold(lemma))}


def _closed(lemma: str, single: set[str]) -> str | None:
    """A hyphenated or two-word lemma written closed, as a player writes it (baby-sit: babysit, bail out:
    bailout), unless that is a lemma of its own. Only a word the list accepts is ever looked up, so
    XRAY (not a word: hyphenated) gets no x-ray."""
    closed = lemma.replace("-", "").replace("_", "")
    return closed if closed != lemma and _LEMMA.fullmatch(closed) and closed not in single else None


def _join(lemma: str) -> str:
    return lemma.replace("-", "").replace("_", "")


def read_exceptions(directory: Path = WORDNET_DIR) -> dict[str, list[tuple[str, str]]]:
    """Inflected form → [(part of speech, base form)], from the ``*.exc`` files (a–z forms only)."""
    out: dict[str, list[tuple[str, str]]] = {}
    for pos, name in _FILES.items():
        with (directory / f"{name}.exc").open(encoding="latin-1") as lines:
            for line in lines:
                form, *bases = line.split()
                form, bases = _join(form), [_join(b) for b in bases]  # deep-froze deep-freeze, as closed
                for base in bases:
                    if _LEMMA.fullmatch(form) and _LEMMA.fullmatch(base) and base != form:
                        out.setdefault(form, []).append((POS_NAMES[pos], base))
    return out


def available(directory: Path = WORDNET_DIR) -> bool:
    return all((directory / f"{kind}.{name}").is_file() for name in _FILES.values() for kind in ("index", "data"))


def meanings_text(lemmas: dict[str, Lemma], exceptions: dict[str, list[tuple[str, str]]],
                  function_words: dict[str, tuple[str, str]], keep: set[str]) -> str:
    """The committed ``meanings.tsv.gz``'s text: the lemmas (and exceptions) a list can reach, sorted.

    ``L lemma parts (pos form gloss)…`` per lemma in ``keep`` (lower case: the words of both
    lists), the common words' own sense first; ``X form (pos base)…`` per exception whose form
    is in ``keep`` and whose base is a kept lemma. Tab-separated; the app reads it (meanings.py).
    """
    lines = []
    for key in sorted(set(lemmas) | set(function_words)):
        if key not in keep:
            continue
        lemma = lemmas.get(key, Lemma())
        own = function_words.get(key)
        senses = [Sense(own[0], "", own[1])] if own else []
        senses = (senses + lemma.senses)[:SENSES_KEPT]
        parts = lemma.parts_of_speech + ([own[0]] if own else [])
        fields = [",".join(parts)] + [x for s in senses for x in (s.pos, s.form, s.gloss)]
        lines.append("\t".join(["L", key, *fields]))
    for form in sorted(exceptions):
        bases = [(pos, base) for pos, base in exceptions[form] if base in lemmas and base in keep]
        if form in keep and bases:
            lines.append("\t".join(["X", form, *(x for pair in bases for x in pair)]))
    return "".join(f"{line}\n" for line in lines)


def first_sense_lower_case(word: str, lemmas: dict[str, Lemma]) -> bool:
    lemma = lemmas.get(word)
    return bool(lemma and lemma.senses and not lemma.senses[0].form)


def writes_lower_case(word: str, lemmas: dict[str, Lemma], exceptions: dict[str, list[tuple[str, str]]]) -> bool:
    """Whether WordNet has ``word``, or a base form of it, as an ordinary lower-case word: its most
    frequent sense written lower case, or at least as many lower-case senses as capitalised ones
    (MARCHES: march; CHINA: the porcelain; BERLIN is mostly the city, so no)."""
    from .meanings import RULES  # the same suffix rules the lookups use

    bases = {word} | {base for _, base in exceptions.get(word, ())}
    bases |= {word[: len(word) - len(suffix)] + ending for rules in RULES.values() for suffix, ending in rules
              if word.endswith(suffix) and len(word) > len(suffix)}
    for base in bases:
        lemma = lemmas.get(base)
        if lemma is None or not lemma.senses or len(base) < 2:
            continue  # one letter is no base (LS is not a plural of l, the litre)
        if not lemma.senses[0].form or lemma.sense_count - lemma.capitalised >= lemma.capitalised:
            return True
    return False
