"""Names people type (players, leagues): what is kept, and what is refused.

Names are shown on other people's phones, so characters that can hide or
disguise text are refused: control characters, bidirectional overrides (which
can make "Ann" display as another name), private-use and unpaired surrogates.
Emoji are welcome, including sequences joined by a zero-width joiner. Names are
stored in Unicode NFKC (full-width letters and ligatures become their plain
forms, so "Ａｎｎ" is "Ann") with runs of white space folded to one space; two names
are the same name when they match case-blind and ignoring the characters that show
nothing (``games.base.INVISIBLE``: joiners, Hangul fillers, the blank Braille pattern,
variation selectors). A name made of nothing else is refused, since it shows as blank.
Those characters are kept in a name, not stripped: emoji sequences and some scripts
need them, and the name stays as its player typed it; they only never tell two
players apart.
"""

from __future__ import annotations

import unicodedata

from .games.base import MAX_NAME, hiding_character, name_key, visible
from .text import N_

MAX_LENGTH = MAX_NAME


def problem(name: str) -> str | None:
    """Why ``name`` cannot be used as it is, or None."""
    char = hiding_character(name)
    if char is not None:
        return N_("contains an invisible or control character (U+{code:04X})", code=ord(char))
    if not visible(name).strip():
        return N_("has no letter or sign that shows")
    return None


def clean(value: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", value).split())


def key(name: str) -> str:
    """What two names are compared by: the games' own comparison, so a table, a score sheet and a league
    agree on who is the same player."""
    return name_key(name)
