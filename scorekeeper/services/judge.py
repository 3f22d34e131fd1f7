"""The word judge: verdicts on one word, and on a Bresk! challenge of several.

Functions over a ``Lexicon``: the ``/api/lexicons`` endpoints use them, and so does a
table's ``challenge`` event, so both give the same answer in the same words. Every
verdict names its list ("not in the everyday list; valid in the word-game list").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..games.base import RuleError
from ..lexicon import (
    ABBREVIATION,
    ADDED_BY_LEAGUE,
    BANNED_BY_LEAGUE,
    CONTRACTION,
    EVERYDAY,
    NOT_A_WORD,
    NOT_LETTERS,
    PROPER_NOUN,
    TOO_SHORT,
    VALID,
    WORDGAME,
    Lexicon,
    Verdict,
)
from ..lexicon.meanings import LICENCE as MEANINGS_LICENCE
from ..lexicon.meanings import SOURCE as MEANINGS_SOURCE
from ..lexicon.meanings import Meanings
from ..text import N_, Text, joined, with_said

MAX_WORDS = 10  # words in one challenge
MAX_WORD_LENGTH = 64  # characters in one word, as typed

# The one vocabulary, in a player's words (frontend/js/lib/lexicon.js says the same).
REASON_TEXT = {
    VALID: N_("valid"),
    NOT_A_WORD: N_("not a word"),
    PROPER_NOUN: N_("a proper noun"),
    ABBREVIATION: N_("an abbreviation"),
    CONTRACTION: N_("a contraction"),
    TOO_SHORT: N_("too short"),
    NOT_LETTERS: N_("not letters"),
    BANNED_BY_LEAGUE: N_("banned by this league"),
    ADDED_BY_LEAGUE: N_("added by this league"),
}

# Each list's name as verdicts say it ("not in the everyday list"), in any language.
LIST_NAMES = {EVERYDAY: N_("everyday list"), WORDGAME: N_("word-game list")}


def base_name(lexicon: Lexicon) -> str:
    """"everyday list", without a league's "+ this league's words"."""
    return lexicon.name.split(" + ")[0]


def list_name(lexicon: Lexicon) -> Text | str:
    return LIST_NAMES.get(lexicon.id) or base_name(lexicon)


def message(verdict: Verdict, lexicon: Lexicon, also_valid_in: Sequence[Lexicon] = ()) -> Text:
    """The verdict as a sentence that names the list: "not in the everyday list; valid in the word-game list"."""
    name = list_name(lexicon)
    reason = verdict.reason
    if reason == VALID:
        return N_("valid in the {list}", list=name)
    if reason == ADDED_BY_LEAGUE:
        return N_("added by this league to the {list}", list=name)
    if reason == BANNED_BY_LEAGUE:
        return N_("banned by this league")
    if reason == TOO_SHORT:
        return N_("too short: a word has at least two letters")
    if reason == NOT_LETTERS:
        return N_("not letters: only A to Z count")
    said = N_("not in the {list}", list=name) if reason == NOT_A_WORD else N_(
        "not in the {list} ({reason})", list=name, reason=REASON_TEXT[reason])
    return joined([said, *(N_("valid in the {list}", list=list_name(other)) for other in also_valid_in)])


def verdict_dict(verdict: Verdict, lexicon: Lexicon, others: Sequence[Lexicon] = ()) -> dict[str, Any]:
    """One word's verdict as the API shows it.

    ``{word, normalized, valid, reason, lexicon, list, message, also_valid_in}``: ``others`` are
    the other lists, asked only when this one refuses the word for a reason another could differ on.
    """
    also = []
    if not verdict.valid and verdict.reason not in (TOO_SHORT, NOT_LETTERS, BANNED_BY_LEAGUE):
        also = [other for other in others if other.check(verdict.word).valid]
    # "list" and "message" keep their templates too (a challenge's verdict is stored in the table's log):
    # the API says them in the asker's language.
    return with_said({
        "word": verdict.word,
        "normalized": verdict.normalized,
        "valid": verdict.valid,
        "reason": verdict.reason,
        "lexicon": lexicon.id,
        "list": "",
        "message": "",
        "also_valid_in": [other.id for other in also],
    }, list=list_name(lexicon), message=message(verdict, lexicon, also))


def judge_word(lexicon: Lexicon, word: str, others: Sequence[Lexicon] | None = None) -> dict[str, Any]:
    return verdict_dict(lexicon.check(word), lexicon, _others(lexicon, others))


def check_words(words: Any) -> list[str]:
    """``words`` as a challenge takes them, or RuleError naming the offending field."""
    if not isinstance(words, list | tuple) or not 1 <= len(words) <= MAX_WORDS:
        raise RuleError("bad_words", "Challenge 1 to {MAX_WORDS} words at a time.", "words", MAX_WORDS=MAX_WORDS)
    for i, word in enumerate(words):
        if not isinstance(word, str) or not 1 <= len(word) <= MAX_WORD_LENGTH:
            raise RuleError("bad_words", "Each word must be 1 to {MAX_WORD_LENGTH} characters.", f"words.{i}",
                            MAX_WORD_LENGTH=MAX_WORD_LENGTH)
    return list(words)


def judge_challenge(
    lexicon: Lexicon, words: Sequence[str], reveal: bool = False, others: Sequence[Lexicon] | None = None
) -> dict[str, Any]:
    """A challenge's outcome: ``{valid, lexicon, list, words, verdicts?}``.

    ``valid`` is true only when every word is valid; ``words`` is how many were
    judged; ``list`` names the list that judged them. Which word failed is told only
    with ``reveal`` (then ``verdicts`` lists each word's verdict, in the order given).
    Raises RuleError (code ``bad_words``, field ``words`` or ``words.N``) for 0 or
    more than 10 words, or a word that is not a string of 1 to 64 characters.
    """
    checked = [lexicon.check(word) for word in check_words(words)]
    out: dict[str, Any] = with_said({
        "valid": all(v.valid for v in checked),
        "lexicon": lexicon.id,
        "list": "",
        "words": len(checked),
    }, list=list_name(lexicon))
    if reveal:
        other_lists = _others(lexicon, others)
        out["verdicts"] = [verdict_dict(v, lexicon, other_lists) for v in checked]
    return out


def _others(lexicon: Lexicon, others: Sequence[Lexicon] | None) -> Sequence[Lexicon]:
    if others is not None:
        return others
    from .scoring import other_lexicons  # the app's lists; judging itself needs no app

    return other_lexicons(lexicon.id)


# --- meanings ("What does it mean?", after a ruling) ---------------------------------------------


def word_meanings(lexicon: Lexicon, meanings: Meanings, word: str,
                  others: Sequence[Lexicon] | None = None) -> dict[str, Any]:
    """One word's verdict and, only when the list accepts it, its senses and its base forms'.

    A refused word gets no senses at all: a meaning beside it would read as proof that it counts
    (BERLIN has one, and does not), so ``note`` says it is not in the list instead. A valid word
    WordNet lacks gets ``found`` false and ``note`` "No meaning found".
    """
    verdict = lexicon.check(word)
    out = verdict_dict(verdict, lexicon, _others(lexicon, others))
    entries = [e.to_dict() for e in meanings.lookup(verdict.normalized)] if verdict.valid else []
    if not verdict.valid:
        note = N_("No meaning is given for a word that does not count: {word} is {verdict}.",
                  word=verdict.normalized, verdict=message(verdict, lexicon))
    elif not entries:
        note = N_("No meaning found for {word}.", word=verdict.normalized)
    else:
        note = ""
    return {**out, "found": bool(entries), "entries": entries, "note": note}  # the API says note in any language


def judge_meanings(lexicon: Lexicon, meanings: Meanings, words: Sequence[str],
                   others: Sequence[Lexicon] | None = None) -> dict[str, Any]:
    """``{lexicon, list, source, licence, words: [word_meanings…]}`` for 1 to ``MAX_WORDS`` words."""
    other_lists = _others(lexicon, others)
    return with_said({
        "lexicon": lexicon.id,
        "list": "",
        "source": MEANINGS_SOURCE,
        "licence": MEANINGS_LICENCE,
        "words": [word_meanings(lexicon, meanings, w, other_lists) for w in check_words(list(words))],
    }, list=list_name(lexicon))
