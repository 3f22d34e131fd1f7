"""The word lists there are, each loaded once per process (and cached once per cache directory)."""

from __future__ import annotations

import os
import tempfile
import threading
from pathlib import Path
from typing import NamedTuple

from .cache import load_or_build
from .lexicon import ABBREVIATION, CONTRACTION, PROPER_NOUN, Lexicon
from .source import SCOWL_LICENCE, WORD_LIST_LICENCE, list_files


class ListInfo(NamedTuple):
    name: str  # as verdicts say it: "not in the everyday list"
    files: str  # data/<files>.txt.gz
    source: str
    licence: str


EVERYDAY = "en"
WORDGAME = "en-wordgame"
LISTS = {
    EVERYDAY: ListInfo(
        "everyday list", "everyday",
        "SCOWL 2020.12.07 (Debian package scowl), size 70: the word categories of every English variety "
        "(American, British, Canadian, Australian, and their common variant spellings); no abbreviations, "
        "proper names, contractions or Roman numerals.",
        SCOWL_LICENCE,
    ),
    WORDGAME: ListInfo(
        "word-game list", "wordgame",
        "The word-list npm package 4.1.0 (Letterpress-derived), the short words word-game players use "
        "included (QI, ZA, XU); entries SCOWL knows only as proper nouns, abbreviations or contractions "
        "left out.",
        WORD_LIST_LICENCE,
    ),
}
LEXICON_IDS = tuple(LISTS)
ENGLISH = EVERYDAY  # the default list

_REASONS = {r.encode("ascii"): r for r in (ABBREVIATION, CONTRACTION, PROPER_NOUN)}
_loaded: dict[tuple[str, Path], Lexicon] = {}
_lock = threading.Lock()


class UnknownLexicon(LookupError):
    pass


def get_lexicon(lexicon_id: str = EVERYDAY, *, cache_dir: str | os.PathLike[str] | None = None) -> Lexicon:
    """The lexicon ``lexicon_id``, loaded at most once per process and cache directory.

    ``cache_dir`` is where the lookup-ready list is kept (the app passes its instance
    folder); without one, a per-user cache directory is used.
    """
    if lexicon_id not in LISTS:
        raise UnknownLexicon(f"There is no word list called {lexicon_id!r}; there is: {', '.join(LEXICON_IDS)}.")
    directory = Path(cache_dir) if cache_dir is not None else default_cache_dir()
    key = (lexicon_id, directory.resolve())
    lexicon = _loaded.get(key)
    if lexicon is None:
        with _lock:  # one load (or build) per process even when many threads ask at once
            lexicon = _loaded.get(key)
            if lexicon is None:
                lexicon = _load(lexicon_id, directory)
                _loaded[key] = lexicon
    return lexicon


def default_cache_dir() -> Path:
    """``$XDG_CACHE_HOME/scorekeeper`` (or ``~/.cache/scorekeeper``), else the temp dir."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    candidate = Path(base) / "scorekeeper"
    try:
        candidate.mkdir(parents=True, exist_ok=True)
        if os.access(candidate, os.W_OK):
            return candidate
    except OSError:
        pass
    return Path(tempfile.gettempdir()) / "scorekeeper-cache"


def _load(lexicon_id: str, cache_dir: Path) -> Lexicon:
    info = LISTS[lexicon_id]
    cached = load_or_build(cache_dir, list_files(info.files), lexicon_id)
    refused = cached.refused

    def refused_reason(form: str) -> str | None:
        found = refused.get(form)  # a BytesTrie: a list of values, or None
        return _REASONS.get(found[0]) if found else None

    return Lexicon(
        id=lexicon_id,
        name=info.name,
        source=info.source,
        licence=info.licence,
        version=f"{lexicon_id}-{cached.meta['key']}",
        words=cached.words,
        refused_reason=refused_reason,
        words_text_path=cached.words_text_path,
    )
