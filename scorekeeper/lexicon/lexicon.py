"""Verdicts on words: is it playable, and if not, why not."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import NamedTuple, Protocol

from .normalize import normalize

# One vocabulary everywhere (API, judge screen, table challenges, league house rules).
VALID = "valid"
NOT_A_WORD = "not_a_word"
PROPER_NOUN = "proper_noun"
ABBREVIATION = "abbreviation"  # unit symbols, codes and Roman numerals too
CONTRACTION = "contraction"  # don't, or DONT written without its apostrophe
TOO_SHORT = "too_short"
NOT_LETTERS = "not_letters"  # digits, spaces, hyphens (x-ray), anything but A–Z
BANNED_BY_LEAGUE = "banned_by_league"
ADDED_BY_LEAGUE = "added_by_league"
REASONS = (VALID, NOT_A_WORD, PROPER_NOUN, ABBREVIATION, CONTRACTION, TOO_SHORT, NOT_LETTERS,
           BANNED_BY_LEAGUE, ADDED_BY_LEAGUE)  # fmt: skip
VALID_REASONS = frozenset((VALID, ADDED_BY_LEAGUE))

# Letters joined by apostrophes are a contraction a player recognises ("don't", "o'clock"), whatever
# else they are. Curly apostrophes come from phone keyboards.
_APOSTROPHES = "'\u2019\u02bc\u2018"
_LETTERS_AND_APOSTROPHES = re.compile(f"[A-Z{_APOSTROPHES}]+")  # linear: no backtracking on long input
_A_LETTER = re.compile("[A-Z]")


class Verdict(NamedTuple):
    """One word's verdict. A NamedTuple: immutable, cheap to make (checks run by the million)."""

    word: str  # as given
    normalized: str  # as looked up (see normalize)
    valid: bool
    reason: str  # one of REASONS

    def to_dict(self) -> dict[str, object]:
        return self._asdict()  # a NamedTuple would otherwise become a JSON list


# tuple.__new__ straight away skips NamedTuple's keyword-handling __new__ (a third of a check's time).
_new_verdict = tuple.__new__


class WordSet(Protocol):
    def __contains__(self, word: object) -> bool: ...
    def __len__(self) -> int: ...


def _no_reasons(form: str) -> str | None:
    return None


class Lexicon:
    """A word list with verdicts. Immutable; safe to share between threads.

    ``with_house_rules`` returns another ``Lexicon`` over the same (shared,
    memory-mapped) list plus a league's allowed and banned words.
    """

    def __init__(
        self,
        *,
        id: str,  # shadows the builtin on purpose: it is the API's name for it
        name: str,
        source: str,
        licence: str,
        version: str,
        words: WordSet,
        refused_reason: Callable[[str], str | None] = _no_reasons,  # why a form is not a word, if known
        words_text_path: Path | None = None,
        allowed: frozenset[str] = frozenset(),
        banned: frozenset[str] = frozenset(),
    ):
        self.id = id
        self.source = source
        self.licence = licence
        self._base_name = name
        self._base_version = version
        self._words = words
        self._refused_reason = refused_reason
        self._words_text_path = words_text_path
        self._words_text: str | None = None
        self._allowed = allowed - banned
        self._banned = banned
        self._has_house_rules = bool(self._allowed or banned)
        self.word_count = len(words) + sum(1 for w in self._allowed if w not in words)
        self.word_count -= sum(1 for w in banned if w in words)
        self.name = f"{name} + this league's words" if self.has_house_rules else name
        # Changes whenever the list can change: fit for an ETag.
        self.version = version + _house_rules_suffix(self._allowed, banned) if self.has_house_rules else version

    def __repr__(self) -> str:
        return f"<Lexicon {self.id} {self.word_count} words {self.version}>"

    @property
    def has_house_rules(self) -> bool:
        return self._has_house_rules

    def check(self, word: str) -> Verdict:
        # Inlined ASCII fast path of normalize(): checks run by the million.
        normalized = word.strip().upper() if word.isascii() else normalize(word)
        reason = self._reason(normalized)
        return _new_verdict(Verdict, (word, normalized, reason in VALID_REASONS, reason))

    def word_check(self, word: str) -> tuple[bool, str]:
        """The ``(valid, reason)`` callable that game rules take (games.base.WordCheck)."""
        reason = self._reason(word.strip().upper() if word.isascii() else normalize(word))
        return reason in VALID_REASONS, reason

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and self._reason(normalize(word)) in VALID_REASONS

    def _reason(self, normalized: str) -> str:
        # Fast path first: the list holds only A–Z strings, so a hit needs no shape checks.
        if normalized in self._words:
            if len(normalized) < 2:
                return TOO_SHORT
            return BANNED_BY_LEAGUE if self._has_house_rules and normalized in self._banned else VALID
        if not (normalized.isascii() and normalized.isalpha()):
            return _shape_reason(normalized)
        if len(normalized) < 2:
            return TOO_SHORT
        if self._has_house_rules:
            if normalized in self._banned:
                return BANNED_BY_LEAGUE
            if normalized in self._allowed:
                return ADDED_BY_LEAGUE
        return self._refused_reason(normalized) or NOT_A_WORD

    def words_text(self) -> str:
        """Every valid word, upper case, one per line, sorted: the phone's offline judge."""
        if self._words_text is None:
            base = self._base_words_text()
            if self.has_house_rules:
                words = (set(base.split()) | self._allowed) - self._banned
                base = "\n".join(sorted(words)) + "\n"
            self._words_text = base  # racing threads compute the same text; no lock needed
        return self._words_text

    def _base_words_text(self) -> str:
        if self._words_text_path is not None:
            return self._words_text_path.read_text(encoding="ascii")
        keys = getattr(self._words, "keys", None)
        if keys is None:
            raise TypeError("this word set cannot list its words")
        return "\n".join(sorted(keys())) + "\n"

    def with_house_rules(self, allowed: Iterable[str] = (), banned: Iterable[str] = ()) -> Lexicon:
        """This list plus a league's extra allowed words, minus its banned ones.

        Raises ValueError naming a house word that could never be played
        (not letters, or a single letter). Banned beats allowed.
        """
        more_allowed = _house_words(allowed, "allowed")
        more_banned = _house_words(banned, "banned")
        return Lexicon(
            id=self.id,
            name=self._base_name,
            source=self.source,
            licence=self.licence,
            version=self._base_version,
            words=self._words,
            refused_reason=self._refused_reason,
            words_text_path=self._words_text_path,
            allowed=(self._allowed | more_allowed),
            banned=(self._banned | more_banned),
        )


def _shape_reason(normalized: str) -> str:
    if _LETTERS_AND_APOSTROPHES.fullmatch(normalized) and _A_LETTER.search(normalized):
        return CONTRACTION
    return NOT_LETTERS


def _house_words(words: Iterable[str], kind: str) -> frozenset[str]:
    if isinstance(words, str):
        raise TypeError(f"{kind} words must be a list of words, not one string")
    out = set()
    for word in words:
        normalized = normalize(word)
        if not (normalized.isascii() and normalized.isalpha()) or len(normalized) < 2:
            raise ValueError(f"House rule {kind} word {word!r} must be two or more letters A–Z.")
        out.add(normalized)
    return frozenset(out)


def _house_rules_suffix(allowed: frozenset[str], banned: frozenset[str]) -> str:
    blob = "+" + ",".join(sorted(allowed)) + "-" + ",".join(sorted(banned))
    return "-h" + hashlib.sha256(blob.encode()).hexdigest()[:12]
