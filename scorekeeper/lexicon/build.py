"""Build the two word lists from their sources, and write them into ``data/`` (``make lexicon``).

Sources (see NOTICE):

* SCOWL 2020.12.07 as the Debian package ``scowl`` installs it (``/usr/share/dict/scowl``):
  one file per category and size, e.g. ``british-words.70``, ``english-abbreviations.40``.
* The npm package ``word-list`` (MIT, derived from Letterpress's list), pinned by version
  and by the sha256 of its tarball.

What a word is (the everyday list):

* Words come only from SCOWL's *word* categories — english, american, british, british_z,
  canadian and australian, and their variant_1/variant_2 spellings (GAOL is a British
  variant_1; variant_3, the seldom-used ones such as ADVERTIZE, is left out) — up to
  ``EVERYDAY_SIZE``. Never from abbreviations, proper names,
  contractions, upper (capitalised words), Roman numerals or hacker slang.
* An entry is a word only as written all lower case, a–z once accents are folded
  (CAFÉ is CAFE). ``kW``, ``OK'd``, ``Paris`` and ``x-ray`` are not.

Why a refused word is refused (reasons, for both lists):

* only listed with an apostrophe (``don't``; ``that's`` in the word files, whose ``that`` the
  contraction files shorten elsewhere too, as ``that'll``): contraction. Possessives
  (``abashment's``, ``Paris's``) say nothing the word itself does not;
* listed as an abbreviation, a Roman numeral (SCOWL's and every numeral 1–3999), or written
  with a capital after its first letter (``kW``, ``ASAP``): abbreviation;
* only listed capitalised (``Paris``): proper noun.
A form that is a word in the list is never refused (CHINA is a word though China is a name).

What the rulebook excludes though SCOWL also lists it in lower case (the everyday list only, and
only when built with WordNet; ``rulebook_exclusions``). "Proper nouns do not count (words that
normally start with a capital letter)" and "words … using an apostrophe also do not count":

* proper noun: SCOWL lists a capitalised form (Berlin) at a smaller size, i.e. as more common,
  than the lower-case word, the lower-case word only from size ``RARE_LOWER_SIZE`` (so no word of
  everyday vocabulary is ever lost), and WordNet does not write it (or a base form of it) as an
  ordinary lower-case word (``wordnet.writes_lower_case``: BRAZIL keeps its brazil nut, BERLIN's
  senses are mostly the city);
* abbreviation: the same with an all-capitals form (NE, PS, KB), or an initialism whose lower-case
  form SCOWL lists only as a variant spelling of it, unless WordNet's most frequent sense is
  lower case (AWOL, awol);
* contraction: a letter's plural, normally written with an apostrophe (LS, TS: SCOWL lists l's,
  t's), unless it is a word of its own (AS, IS, US; OS, the bone).

The word-game list is ``word-list``'s words, with the same exclusions: an entry SCOWL knows
*only* as a proper noun or an abbreviation (it has no lower-case word form in
any size up to 80) is left out.

Meanings (``data/meanings.tsv.gz``, "What does it mean?"): Princeton WordNet 3.0 from the Debian
package ``wordnet-base`` (``/usr/share/wordnet``), for the lemmas either list can reach, with
up to three senses each, and the common words WordNet leaves out (``function_words.py``); see
``wordnet.py`` for what is kept and ``meanings.py`` for how base forms are found.

Run it as ``python -m scorekeeper.lexicon.build`` (``make lexicon`` does): it rebuilds the
lists, prints the words added and removed, and rewrites ``data/`` only where a list changed.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from . import wordnet
from .function_words import FUNCTION_WORDS
from .normalize import fold_accents as fold

SCOWL_DIR = Path("/usr/share/dict/scowl")
SCOWL_VERSION = "2020.12.07"  # Debian package scowl 2020.12.07-2
EVERYDAY_SIZE = 70  # chosen on the probe set: see docs/WORD-LISTS.md
# A word-list entry SCOWL refuses is kept only if SCOWL lists it as a lower-case word up to this
# size: 95, SCOWL's largest, also lists Roman numerals (ii, xx) and names (mary) in lower case.
KNOWN_WORDS_SIZE = 80
RARE_LOWER_SIZE = 60  # a lower-case word SCOWL has only from here on may be a name's rare lower-case use

WORD_LIST_PACKAGE = "word-list"
WORD_LIST_VERSION = "4.1.0"
WORD_LIST_TARBALL_SHA256 = "c0cd6e2a112392204960e9998d79347a8ae1571dab5e3fdbfa685ef5977faedb"

DATA_DIR = Path(__file__).resolve().parent / "data"
MANIFEST = "manifest.json"
LIST_FILES = {"everyday": "everyday.txt.gz", "wordgame": "wordgame.txt.gz", "refused": "refused.tsv.gz",
              "meanings": "meanings.tsv.gz"}

CONTRACTION = "contraction"
ABBREVIATION = "abbreviation"
PROPER_NOUN = "proper_noun"
GAME_EXCLUSIONS = (ABBREVIATION, PROPER_NOUN)
_REFUSAL_ORDER = (CONTRACTION, ABBREVIATION, PROPER_NOUN)  # first wins when a form is several

_FILE_NAME = re.compile(r"(?P<category>[a-z0-9_]+)-(?P<kind>[a-z-]+)\.(?P<size>\d+)")
_WORD_CATEGORY = re.compile(
    r"(english|american|british|british_z|canadian|australian|((american|british|canadian|australian)_)?variant_[12])"
)
_LOWER = re.compile(r"[a-z]+")


@dataclass(frozen=True)
class ScowlFile:
    path: Path
    category: str
    kind: str  # words, abbreviations, proper-names, contractions, upper, roman-numerals, hacker
    size: int

    @property
    def is_words(self) -> bool:
        return self.kind == "words" and _WORD_CATEGORY.fullmatch(self.category) is not None


def scowl_files(directory: Path) -> list[ScowlFile]:
    out = []
    for path in sorted(directory.iterdir()):
        match = _FILE_NAME.fullmatch(path.name)
        if match:
            out.append(ScowlFile(path, match["category"], match["kind"], int(match["size"])))
    if not out:
        raise FileNotFoundError(f"No SCOWL word files in {directory} (apt-get install scowl).")
    return out


def _entries(path: Path) -> Iterable[str]:
    with path.open(encoding="utf-8") as lines:
        for line in lines:
            entry = fold(line.strip())
            if entry:
                yield entry


def scowl_words(files: Iterable[ScowlFile], size: int) -> set[str]:
    """Lower-case a–z entries of the word categories up to ``size``."""
    words: set[str] = set()
    for f in files:
        if f.is_words and f.size <= size:
            words.update(e for e in _entries(f.path) if _LOWER.fullmatch(e))
    return words


def _refusal(entry: str, f: ScowlFile) -> tuple[str, str] | None:
    """(lower-case form, reason) when this entry names a form that is not a word, else None."""
    if f.kind == "hacker" or (f.kind == "words" and not f.is_words):
        return None  # slang and the seldom-used variant_3 spellings tell nothing either way
    if entry.endswith("'s") and not entry.islower() and f.kind != "abbreviations":
        return None  # Paris's: the name itself is listed on its own (ABM's is still an abbreviation)
    form = entry.replace("'", "").replace(".", "").lower()
    if not _LOWER.fullmatch(form):
        return None  # hyphens, spaces, digits: never playable, judged by their shape
    if f.kind in ("abbreviations", "roman-numerals") or any(ch.isupper() for ch in entry[1:]):
        return form, ABBREVIATION  # ASAP, kW, and their plurals (ABM's)
    if f.kind == "contractions" or (entry.islower() and "'" in entry):
        return form, CONTRACTION
    if entry[0].isupper():
        return form, PROPER_NOUN
    return None  # an ordinary lower-case word


def roman_numerals(limit: int = 3999) -> Iterable[str]:
    """Every Roman numeral from 1 to ``limit``, lower case (SCOWL lists only some)."""
    values = ((1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"),
              (50, "l"), (40, "xl"), (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i"))  # fmt: skip
    for number in range(1, limit + 1):
        out, rest = [], number
        for value, letters in values:
            while rest >= value:
                out.append(letters)
                rest -= value
        yield "".join(out)


def _contraction_bases(files: Iterable[ScowlFile]) -> set[str]:
    """Words SCOWL's contraction files shorten (that'll, who'd): with them, that's reads "that is"."""
    bases = set()
    for f in files:
        if f.kind == "contractions":
            bases.update(e.split("'")[0] for e in _entries(f.path) if e.islower() and e.count("'") == 1)
    return bases


def refusals(files: Iterable[ScowlFile]) -> dict[str, str]:
    """Lower-case form → why it is not a word, from every SCOWL category and size."""
    files = list(files)
    found: dict[str, str] = {numeral: ABBREVIATION for numeral in roman_numerals()}
    contraction_bases = _contraction_bases(files)
    for f in files:
        for entry in _entries(f.path):
            if f.kind == "words" and entry.endswith("'s") and entry[:-2] not in contraction_bases:
                continue  # a possessive (abashment's), not another word
            refusal = _refusal(entry, f)
            if refusal is None:
                continue
            form, reason = refusal
            known = found.get(form)
            if known is None or _REFUSAL_ORDER.index(reason) < _REFUSAL_ORDER.index(known):
                found[form] = reason
    return found


@dataclass
class Built:
    everyday: list[str]  # upper case, sorted
    wordgame: list[str]
    refused: dict[str, str]  # upper case → reason, for forms SCOWL says are not words
    stats: dict[str, int] = field(default_factory=dict)
    meanings: str | None = None  # data/meanings.tsv.gz's text, when built with WordNet


def build(scowl_dir: Path, word_list: Iterable[str], size: int = EVERYDAY_SIZE,
          wordnet_dir: Path | None = None) -> Built:
    files = scowl_files(scowl_dir)
    everyday = scowl_words(files, size)
    known_words = scowl_words(files, KNOWN_WORDS_SIZE)
    refused = refusals(files)
    game_source = {w for w in (fold(x.strip()).lower() for x in word_list) if _LOWER.fullmatch(w) and len(w) >= 2}
    left_out = {w for w in game_source if refused.get(w) in GAME_EXCLUSIONS and w not in known_words}
    wordgame = game_source - left_out
    reasons = {w.upper(): r for w, r in refused.items()}  # a list never refuses its own words (cache.py)
    meanings = None
    excluded: dict[str, str] = {}
    if wordnet_dir is not None:
        lemmas, exceptions = wordnet.read_lemmas(wordnet_dir), wordnet.read_exceptions(wordnet_dir)
        meanings = wordnet.meanings_text(lemmas, exceptions, FUNCTION_WORDS, everyday | wordgame)
        excluded = rulebook_exclusions(files, everyday, lambda w: wordnet.writes_lower_case(w, lemmas, exceptions),
                                       lambda w: wordnet.first_sense_lower_case(w, lemmas))
        everyday -= set(excluded)
        for word, reason in excluded.items():
            reasons.setdefault(word.upper(), reason)  # SCOWL's own reason first (Cs: an abbreviation)
    return Built(
        meanings=meanings,
        everyday=sorted(w.upper() for w in everyday),
        wordgame=sorted(w.upper() for w in wordgame),
        refused=dict(sorted(reasons.items())),
        stats={"everyday_size": size, "everyday_words": len(everyday), "everyday_excluded": len(excluded),
               "wordgame_source_words": len(game_source), "wordgame_left_out": len(left_out),
               "wordgame_words": len(wordgame), "refused_forms": len(reasons)},
    )


def _smallest_sizes(files: list[ScowlFile], words: set[str]) -> tuple[dict[str, int], dict[str, int], dict]:
    """For the everyday words: the smallest size of each as a lower-case word (non-variant and any
    category), and of its capitalised forms, {word: (size, 'proper_noun' | 'abbreviation')}."""
    plain: dict[str, int] = {}
    any_kind: dict[str, int] = {}
    capitalised: dict[str, tuple[int, str]] = {}
    for f in files:
        if f.kind == "hacker" or (f.kind == "words" and not f.is_words):
            continue
        variant = "variant" in f.category
        for entry in _entries(f.path):
            form = entry.lower()
            if form not in words:
                continue
            if entry.islower() and f.is_words:
                any_kind[form] = min(any_kind.get(form, 999), f.size)
                if not variant:
                    plain[form] = min(plain.get(form, 999), f.size)
            elif entry[0].isupper():
                kind = ABBREVIATION if f.kind in ("abbreviations", "roman-numerals") or sum(
                    c.isupper() for c in entry) > 1 else PROPER_NOUN
                known = capitalised.get(form)
                if known is None or f.size < known[0]:
                    capitalised[form] = (f.size, kind)
    return plain, any_kind, capitalised


def rulebook_exclusions(files: list[ScowlFile], everyday: set[str], lower_case_word: Callable[[str], bool],
                        first_lower_case: Callable[[str], bool]) -> dict[str, str]:
    """Everyday words the rulebook excludes (see the module's docstring), with the reason.

    ``lower_case_word(word)``: whether a dictionary (WordNet) has it as an ordinary lower-case word;
    ``first_lower_case(word)``: whether its most frequent sense is written lower case.
    """
    plain, any_kind, capitalised = _smallest_sizes(files, everyday)
    apostrophe_plurals = {e[0] for f in files for e in _entries(f.path) if len(e) == 3 and e[1:] == "'s"}
    out = {}
    for word, (size, kind) in capitalised.items():
        if word in FUNCTION_WORDS or len(word) < 2:
            continue
        lower = plain.get(word)
        if lower is None and kind == ABBREVIATION and size <= any_kind[word]:
            if not first_lower_case(word):
                out[word] = ABBREVIATION  # awol: SCOWL's own variant spelling of AWOL
        elif lower is not None and size < lower and lower >= RARE_LOWER_SIZE and not lower_case_word(word):
            out[word] = kind
    for word in everyday:
        letters_plural = len(word) == 2 and word[1] == "s" and word[0] in apostrophe_plurals
        if letters_plural and word not in out and word not in FUNCTION_WORDS and not lower_case_word(word):
            out[word] = CONTRACTION  # ls: l's, a letter's plural
    return out


# --- the committed files ------------------------------------------------------------------------


def _gzip(text: str) -> bytes:
    # mtime=0: the same bytes for the same list. UTF-8: the lists are ASCII, a gloss may not be.
    return gzip.compress(text.encode("utf-8"), 9, mtime=0)


def list_text(words: Iterable[str]) -> str:
    return "".join(f"{w}\n" for w in words)


def refused_text(refused: dict[str, str]) -> str:
    return "".join(f"{w}\t{r}\n" for w, r in refused.items())


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _scowl_checksum(scowl_dir: Path) -> str:
    digest = hashlib.sha256()
    for f in scowl_files(scowl_dir):
        digest.update(f.path.name.encode() + b"\0" + f.path.read_bytes())
    return digest.hexdigest()


def write(built: Built, scowl_dir: Path, data_dir: Path = DATA_DIR) -> dict[str, tuple[set[str], set[str]]]:
    """Write what changed into ``data_dir``; return {list: (added, removed)}."""
    data_dir.mkdir(parents=True, exist_ok=True)
    texts = {"everyday": list_text(built.everyday), "wordgame": list_text(built.wordgame),
             "refused": refused_text(built.refused)}
    if built.meanings is not None:
        texts["meanings"] = built.meanings
    changes = {}
    outputs = {}
    for name, text in texts.items():
        path = data_dir / LIST_FILES[name]
        old = gzip.decompress(path.read_bytes()).decode("utf-8") if path.exists() else ""
        if old != text:  # unchanged lists keep their bytes, whatever this zlib would write
            path.write_bytes(_gzip(text))
        old_lines, new_lines = set(old.splitlines()), set(text.splitlines())
        changes[name] = (new_lines - old_lines, old_lines - new_lines)
        outputs[LIST_FILES[name]] = sha256_bytes(path.read_bytes())
    manifest = {
        "scowl": {"version": SCOWL_VERSION, "debian_package": "scowl", "everyday_size": built.stats["everyday_size"],
                  "files_sha256": _scowl_checksum(scowl_dir)},
        "word_list": {"npm_package": WORD_LIST_PACKAGE, "version": WORD_LIST_VERSION,
                      "tarball_sha256": WORD_LIST_TARBALL_SHA256},
        "stats": built.stats,
        "sha256": outputs,
    }
    if built.meanings is not None:
        manifest["wordnet"] = {"version": wordnet.WORDNET_VERSION, "debian_package": "wordnet-base",
                               "senses_kept": wordnet.SENSES_KEPT, "gloss_chars": wordnet.GLOSS_CHARS,
                               "lemmas": sum(line.startswith("L\t") for line in built.meanings.splitlines())}
    (data_dir / MANIFEST).write_text(json.dumps(manifest, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return changes


def fetch_word_list(scratch: Path) -> list[str]:
    """``word-list``'s words, from its npm tarball (``npm pack``), checked against the pinned sha256."""
    subprocess.run(["npm", "pack", f"{WORD_LIST_PACKAGE}@{WORD_LIST_VERSION}", "--silent"],  # noqa: S603, S607 -- fixed arguments
                   cwd=scratch, check=True, stdout=subprocess.DEVNULL)
    tarball = scratch / f"{WORD_LIST_PACKAGE}-{WORD_LIST_VERSION}.tgz"
    checksum = sha256_bytes(tarball.read_bytes())
    if checksum != WORD_LIST_TARBALL_SHA256:
        raise RuntimeError(f"{tarball.name} has sha256 {checksum}, not the pinned {WORD_LIST_TARBALL_SHA256}.")
    with tarfile.open(tarball) as archive:
        member = archive.extractfile("package/words.txt")
        if member is None:
            raise RuntimeError(f"{tarball.name} has no package/words.txt")
        return member.read().decode("utf-8").split()


def _summary(name: str, added: set[str], removed: set[str], show: int = 12) -> str:
    if not added and not removed:
        return f"{name}: no change"

    def some(words: set[str]) -> str:
        listed = sorted(words)[:show]
        return ", ".join(listed) + (", …" if len(words) > show else "")

    return f"{name}: {len(added):,} added ({some(added)}), {len(removed):,} removed ({some(removed)})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Rebuild the word lists in scorekeeper/lexicon/data.")
    parser.add_argument("--scowl", type=Path, default=SCOWL_DIR, help="SCOWL's final/ files (apt-get install scowl)")
    parser.add_argument("--word-list", type=Path, help="word-list's words.txt (default: npm pack the pinned version)")
    parser.add_argument("--size", type=int, default=EVERYDAY_SIZE, choices=(60, 70, 80))
    parser.add_argument("--wordnet", type=Path, default=wordnet.WORDNET_DIR,
                        help="WordNet 3.0's dict files (apt-get install wordnet-base)")
    args = parser.parse_args(argv)
    if not args.scowl.is_dir():
        print(f"{args.scowl} is missing: apt-get install scowl", file=sys.stderr)
        return 2
    if not wordnet.available(args.wordnet):
        print(f"{args.wordnet} has no WordNet files: apt-get install wordnet-base", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="word-list-") as scratch:
        if args.word_list:
            game_words = args.word_list.read_text(encoding="utf-8").split()
        else:
            if shutil.which("npm") is None:
                print("npm is needed to fetch word-list (or pass --word-list words.txt)", file=sys.stderr)
                return 2
            game_words = fetch_word_list(Path(scratch))
    built = build(args.scowl, game_words, args.size, args.wordnet)
    for name, (added, removed) in write(built, args.scowl).items():
        if name == "meanings":  # lines of senses: their count says enough
            print(f"meanings: {len(added):,} lines added, {len(removed):,} removed")
        else:
            print(_summary(name, added, removed))
    print(json.dumps(built.stats, sort_keys=True))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
