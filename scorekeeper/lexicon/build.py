"""Build the English word list from its sources (slow: about a second; done once, then cached)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from .expand import expand_dictionary
from .normalize import fold_accents
from .source import SourceFiles

_LOWER_LETTERS = re.compile(r"[a-z]+")


@dataclass(frozen=True)
class WordList:
    words: list[str]  # upper case, sorted: every playable form
    proper_nouns: list[str]  # upper case, sorted: forms the dictionary has only capitalised
    stats: dict[str, int]


def build_english(source: SourceFiles) -> WordList:
    # Imported here, not at module level: only a build needs them, and they are slow to import.
    from breame.data.spelling_constants import AMERICAN_ENGLISH_SPELLINGS
    from spylls.hunspell.readers import FileReader, read_aff, read_dic

    aff, context = read_aff(FileReader(str(source.aff)))
    dic = read_dic(FileReader(str(source.dic), encoding=context.encoding), aff=aff, context=context)
    american, capitalised = split_forms(expand_dictionary(aff, dic))
    british = {word for word in (fold_accents(w) for w in AMERICAN_ENGLISH_SPELLINGS.values()) if _is_lower(word)}
    words = american | british
    # "paris" is a proper noun only if no lower-case form of it exists ("china" does).
    proper_nouns = capitalised - words
    return WordList(
        words=sorted(w.upper() for w in words),
        proper_nouns=sorted(w.upper() for w in proper_nouns),
        stats={
            "stems": len(dic.words),
            "american_words": len(american),
            "british_added": len(british - american),
            "words": len(words),
            "proper_nouns": len(proper_nouns),
        },
    )


def split_forms(forms: Iterable[str]) -> tuple[set[str], set[str]]:
    """Lower-case a–z forms, and the lower-cased forms of capitalised ones (Paris, USA)."""
    lower: set[str] = set()
    capitalised: set[str] = set()
    for form in forms:
        folded = fold_accents(form)
        if _is_lower(folded):
            lower.add(folded)
        elif _is_lower(folded.lower()):
            capitalised.add(folded.lower())
        # Anything else has an apostrophe, hyphen, digit or other mark: never playable.
    return lower, capitalised


def _is_lower(text: str) -> bool:
    return _LOWER_LETTERS.fullmatch(text) is not None
