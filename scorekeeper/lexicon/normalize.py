"""One way to turn what somebody typed into the letters we look up.

The phone's offline judge does the same (NFKD, drop combining marks, trim,
upper-case) so a word gets the same verdict online and offline.
"""

from __future__ import annotations

import unicodedata


def fold_accents(text: str) -> str:
    """``Café`` → ``Cafe``: decompose (NFKD) and drop the combining marks."""
    if text.isascii():  # the common case: nothing to decompose
        return text
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def normalize(word: str) -> str:
    """The lookup form of a word: accents folded, surrounding space trimmed, upper case.

    ``normalize(" café ") == "CAFE"``. Upper-casing happens between two folds
    because it can both create marks (``ǰ`` → ``J̌``) and follow them
    (``ª`` only becomes a letter ``A`` after NFKD).
    """
    word = word.strip()
    if word.isascii():
        return word.upper()
    return fold_accents(fold_accents(word).upper())
