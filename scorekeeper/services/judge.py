"""The word judge: verdicts on one word, and on a Bresk! challenge of several.

Pure functions over a ``Lexicon``: the ``/api/lexicons`` endpoints use them, and
so does a table's ``challenge`` event, so both give the same answer.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..games.base import RuleError
from ..lexicon import Lexicon, Verdict

MAX_WORDS = 10  # words in one challenge
MAX_WORD_LENGTH = 64  # characters in one word, as typed


def verdict_dict(verdict: Verdict, lexicon_id: str) -> dict[str, Any]:
    """One word's verdict as the API shows it: ``{word, normalized, valid, reason, lexicon}``."""
    return {
        "word": verdict.word,
        "normalized": verdict.normalized,
        "valid": verdict.valid,
        "reason": verdict.reason,
        "lexicon": lexicon_id,
    }


def judge_word(lexicon: Lexicon, word: str) -> dict[str, Any]:
    return verdict_dict(lexicon.check(word), lexicon.id)


def check_words(words: Any) -> list[str]:
    """``words`` as a challenge takes them, or RuleError naming the offending field."""
    if not isinstance(words, list | tuple) or not 1 <= len(words) <= MAX_WORDS:
        raise RuleError("bad_words", f"Challenge 1 to {MAX_WORDS} words at a time.", "words")
    for i, word in enumerate(words):
        if not isinstance(word, str) or not 1 <= len(word) <= MAX_WORD_LENGTH:
            raise RuleError("bad_words", f"Each word must be 1 to {MAX_WORD_LENGTH} characters.", f"words.{i}")
    return list(words)


def judge_challenge(lexicon: Lexicon, words: Sequence[str], reveal: bool = False) -> dict[str, Any]:
    """A challenge's outcome: ``{valid, lexicon, words, verdicts?}``.

    ``valid`` is true only when every word is valid; ``words`` is how many were
    judged. Which word failed is told only with ``reveal`` (then ``verdicts``
    lists each word's verdict, in the order given). Raises RuleError (code
    ``bad_words``, field ``words`` or ``words.N``) for 0 or more than 10 words,
    or a word that is not a string of 1 to 64 characters.
    """
    checked = [lexicon.check(word) for word in check_words(words)]
    out: dict[str, Any] = {
        "valid": all(v.valid for v in checked),
        "lexicon": lexicon.id,
        "words": len(checked),
    }
    if reveal:
        out["verdicts"] = [verdict_dict(v, lexicon.id) for v in checked]
    return out
