"""Word lists for Bresk!: build once, cache, load fast, judge words with a reason.

    from scorekeeper.lexicon import get_lexicon
    lexicon = get_lexicon("en", cache_dir=app.instance_path)
    lexicon.check("café")          # Verdict(word='café', normalized='CAFE', valid=True, reason='valid')
    lexicon.word_check("paris")    # (False, 'proper_noun') -- what games.bresk takes
    league = lexicon.with_house_rules(allowed=["qi"], banned=["ok"])
"""

from .lexicon import (
    HYPHEN_OR_APOSTROPHE,
    NOT_A_WORD,
    NOT_LETTERS,
    PROPER_NOUN,
    REASONS,
    TOO_SHORT,
    VALID,
    Lexicon,
    Verdict,
)
from .normalize import normalize
from .registry import ENGLISH, LEXICON_IDS, UnknownLexicon, default_cache_dir, get_lexicon

__all__ = [
    "ENGLISH",
    "HYPHEN_OR_APOSTROPHE",
    "LEXICON_IDS",
    "NOT_A_WORD",
    "NOT_LETTERS",
    "PROPER_NOUN",
    "REASONS",
    "TOO_SHORT",
    "VALID",
    "Lexicon",
    "UnknownLexicon",
    "Verdict",
    "default_cache_dir",
    "get_lexicon",
    "normalize",
]
