"""Available lexicons, each loaded once per process (and built once per cache directory)."""

from __future__ import annotations

import os
import tempfile
import threading
from pathlib import Path

from .cache import load_or_build
from .lexicon import Lexicon
from .source import LICENCE, SOURCE_DESCRIPTION, english_source

ENGLISH = "en"
ENGLISH_NAME = "English (SCOWL en_US + British spellings)"
LEXICON_IDS = (ENGLISH,)

_loaded: dict[tuple[str, Path], Lexicon] = {}
_lock = threading.Lock()


class UnknownLexicon(LookupError):
    pass


def get_lexicon(lexicon_id: str = ENGLISH, *, cache_dir: str | os.PathLike[str] | None = None) -> Lexicon:
    """The lexicon ``lexicon_id``, loaded at most once per process and cache directory.

    ``cache_dir`` is where the built list is kept (the app passes its instance
    folder); without one, a per-user cache directory is used.
    """
    if lexicon_id not in LEXICON_IDS:
        raise UnknownLexicon(f"There is no word list called {lexicon_id!r}; there is: {', '.join(LEXICON_IDS)}.")
    directory = Path(cache_dir) if cache_dir is not None else default_cache_dir()
    key = (lexicon_id, directory.resolve())
    lexicon = _loaded.get(key)
    if lexicon is None:
        with _lock:  # one load (or build) per process even when many threads ask at once
            lexicon = _loaded.get(key)
            if lexicon is None:
                lexicon = _load_english(directory)
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


def _load_english(cache_dir: Path) -> Lexicon:
    cached = load_or_build(cache_dir, english_source(), ENGLISH)
    return Lexicon(
        id=ENGLISH,
        name=ENGLISH_NAME,
        source=SOURCE_DESCRIPTION,
        licence=LICENCE,
        version=f"{ENGLISH}-{cached.meta['key']}",
        words=cached.words,
        proper_nouns=cached.proper_nouns,
        words_text_path=cached.words_text_path,
    )
