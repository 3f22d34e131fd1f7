"""Word lists for Bresk!: committed, cached for fast lookups, judging words with a reason.

    from scorekeeper.lexicon import get_lexicon
    lexicon = get_lexicon("en", cache_dir=app.instance_path)   # the everyday list
    lexicon.check("café")          # Verdict(word='café', normalized='CAFE', valid=True, reason='valid')
    lexicon.word_check("paris")    # (False, 'proper_noun') -- what games.bresk takes
    league = lexicon.with_house_rules(allowed=["qi"], banned=["ok"])
"""

from .lexicon import (
    ABBREVIATION,
    ADDED_BY_LEAGUE,
    BANNED_BY_LEAGUE,
    CONTRACTION,
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
from .registry import ENGLISH, EVERYDAY, LEXICON_IDS, LISTS, WORDGAME, UnknownLexicon, default_cache_dir, get_lexicon

__all__ = [
    "ABBREVIATION",
    "ADDED_BY_LEAGUE",
    "BANNED_BY_LEAGUE",
    "CONTRACTION",
    "ENGLISH",
    "EVERYDAY",
    "LEXICON_IDS",
    "LISTS",
    "NOT_A_WORD",
    "NOT_LETTERS",
    "PROPER_NOUN",
    "REASONS",
    "TOO_SHORT",
    "VALID",
    "WORDGAME",
    "Lexicon",
    "UnknownLexicon",
    "Verdict",
    "default_cache_dir",
    "get_lexicon",
    "normalize",
]
