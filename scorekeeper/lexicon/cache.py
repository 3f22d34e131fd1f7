"""A word list ready for lookups on disk: one directory per (committed files, build version).

Layout: ``<cache_dir>/lexicon-<id>-<key>/{words.marisa, refused.marisa, words.txt, meta.json}``.
The tries are made from the committed lists (``data/``) once (well under a second) and
then memory-mapped. The key hashes the files' checksums and ``BUILD_VERSION``, so a
rebuilt list or a changed rule lands in a new directory and a stale one is never read.
A build is written to a temporary directory and renamed into place, so a
reader (another worker, another process) never sees half a cache.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any, NamedTuple

import marisa_trie

from .source import ListFiles, read_refused, read_words

# Bump whenever the rules here change what ends up in the cache.
BUILD_VERSION = 2

WORDS_TRIE = "words.marisa"
REFUSED_TRIE = "refused.marisa"
WORDS_TEXT = "words.txt"
META = "meta.json"


class CachedList(NamedTuple):
    directory: Path
    meta: dict[str, Any]
    words: marisa_trie.Trie
    refused: marisa_trie.BytesTrie  # form -> reason (ASCII bytes), for forms that are not words

    @property
    def words_text_path(self) -> Path:
        return self.directory / WORDS_TEXT


def cache_key(lexicon_id: str, source_sha256: dict[str, str]) -> str:
    blob = json.dumps({"id": lexicon_id, "build": BUILD_VERSION, "sources": source_sha256}, sort_keys=True)
    return hashlib.sha256(blob.encode()).hexdigest()[:16]


def load_or_build(cache_dir: Path, source: ListFiles, lexicon_id: str = "en") -> CachedList:
    """The cached list for these sources, building (and caching) it first if needed."""
    checksums = source.sha256()
    key = cache_key(lexicon_id, checksums)
    directory = cache_dir / f"lexicon-{lexicon_id}-{key}"
    try:
        return _load(directory, key)
    except (OSError, ValueError, KeyError, RuntimeError):
        pass  # missing or damaged: build it (again)
    _build_into(directory, key, lexicon_id, source, checksums)
    _remove_stale(cache_dir, lexicon_id, keep=directory)
    return _load(directory, key)


def read_lists(source: ListFiles) -> tuple[list[str], dict[str, str]]:
    """The committed list's words and the refused forms' reasons."""
    words = read_words(source.words)
    refused = read_refused(source.refused)
    return words, refused


def _load(directory: Path, key: str) -> CachedList:
    meta = json.loads((directory / META).read_text(encoding="utf-8"))
    if meta.get("key") != key:
        raise ValueError("cache made from other sources")
    words, refused = marisa_trie.Trie(), marisa_trie.BytesTrie()
    # mmap: the OS shares one copy of the pages between all worker processes.
    words.mmap(str(directory / WORDS_TRIE))
    refused.mmap(str(directory / REFUSED_TRIE))
    if len(words) != meta["word_count"]:
        raise ValueError("damaged cache")
    return CachedList(directory, meta, words, refused)


def _build_into(directory: Path, key: str, lexicon_id: str, source: ListFiles, checksums: dict[str, str]) -> None:
    directory.parent.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    words, refused = read_lists(source)
    listed = set(words)
    refused_items = [(form, reason.encode("ascii")) for form, reason in refused.items() if form not in listed]
    staging = Path(tempfile.mkdtemp(prefix=f".lexicon-{lexicon_id}-", dir=directory.parent))
    try:
        marisa_trie.Trie(words).save(str(staging / WORDS_TRIE))
        marisa_trie.BytesTrie(refused_items).save(str(staging / REFUSED_TRIE))
        (staging / WORDS_TEXT).write_text("\n".join(sorted(words)) + "\n", encoding="ascii")
        meta = {
            "id": lexicon_id,
            "key": key,
            "build_version": BUILD_VERSION,
            "source_sha256": checksums,
            "word_count": len(words),
            "refused_count": len(refused_items),
            "build_seconds": round(time.perf_counter() - started, 3),
        }
        (staging / META).write_text(json.dumps(meta, indent=2, sort_keys=True), encoding="utf-8")
        staging.chmod(0o755)  # mkdtemp makes it private; other workers' users may need to read it
        try:
            os.rename(staging, directory)
        except OSError:
            if _is_loadable(directory, key):
                return  # another process finished the same build first; theirs is identical
            shutil.rmtree(directory, ignore_errors=True)  # a damaged earlier attempt
            os.rename(staging, directory)
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def _is_loadable(directory: Path, key: str) -> bool:
    try:
        _load(directory, key)
    except (OSError, ValueError, KeyError, RuntimeError):
        return False
    return True


def _remove_stale(cache_dir: Path, lexicon_id: str, keep: Path) -> None:
    """Best effort: drop lists built from older sources or build versions."""
    for old in cache_dir.glob(f"lexicon-{lexicon_id}-*"):
        if old != keep and old.is_dir():
            shutil.rmtree(old, ignore_errors=True)
