"""A sorted word list written compactly for the phone's offline judge (front coding).

Each word is written as how many letters to drop from the end of the word before it,
then the letters to add: ``CAT CATS CAVE`` is ``0CAT0S2VE``. The drop is one or more
marker characters (``0``–``9`` count 0–9, ``a``–``z`` count 10–35, summed), never an
upper-case letter, so no separator is needed. Gzipped, the word-game list shrinks from
about 700 KiB to about 300 KiB; frontend/js/lib/wordpack.js decodes it.
"""

from __future__ import annotations

from collections.abc import Iterable

_MARKERS = "0123456789abcdefghijklmnopqrstuvwxyz"
_BIGGEST = len(_MARKERS) - 1


def _drop(count: int) -> str:
    out = [_MARKERS[_BIGGEST]] * (count // _BIGGEST)
    rest = count % _BIGGEST
    if rest or not out:
        out.append(_MARKERS[rest])
    return "".join(out)


def encode(words: Iterable[str]) -> str:
    """Sorted upper-case A–Z words → the compact text."""
    out = []
    previous = ""
    for word in words:
        shared = 0
        limit = min(len(previous), len(word))
        while shared < limit and previous[shared] == word[shared]:
            shared += 1
        out.append(_drop(len(previous) - shared) + word[shared:])
        previous = word
    return "".join(out)


def decode(text: str) -> list[str]:
    """The compact text → the words (the phone does the same in JavaScript)."""
    words: list[str] = []
    word = ""
    i = 0
    while i < len(text):
        drop = 0
        while i < len(text) and not text[i].isupper():
            drop += _MARKERS.index(text[i])
            i += 1
        start = i
        while i < len(text) and text[i].isupper():
            i += 1
        word = word[: len(word) - drop] + text[start:i]
        words.append(word)
    return words
