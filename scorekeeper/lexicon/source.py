"""The committed word lists (``data/``), pinned by checksum, and whose work they are.

``make lexicon`` (``build.py``) writes them from the Debian package ``scowl`` and the npm
package ``word-list``; running the app only reads them, so it needs neither.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from pathlib import Path
from typing import Any, NamedTuple

DATA_DIR = Path(__file__).resolve().parent / "data"
MANIFEST = DATA_DIR / "manifest.json"

SCOWL_LICENCE = (
    "Derived from SCOWL (Spell Checker Oriented Word Lists) 2020.12.07, Copyright 2000-2019 by Kevin "
    "Atkinson: permission to use, copy, modify, distribute and sell these word lists, the associated "
    "scripts, the output created from the scripts, and its documentation for any purpose is granted "
    "without fee, provided the copyright notice and this permission notice appear in all copies and "
    "supporting documentation; provided \"as is\" without express or implied warranty. SCOWL also "
    "includes work by others under BSD-compatible terms. See NOTICE."
)
WORD_LIST_LICENCE = (
    "Words from the word-list npm package 4.1.0, Copyright (c) Sindre Sorhus, MIT licence (derived from "
    "the Letterpress word list); entries SCOWL knows only as names, abbreviations or contractions removed "
    "using SCOWL (Kevin Atkinson, SCOWL licence). See NOTICE."
)


class ListFiles(NamedTuple):
    """One list's files: its words, and the reasons shared by both lists for refused forms."""

    words: Path
    refused: Path

    def sha256(self) -> dict[str, str]:
        return {path.name: _sha256(path) for path in (self.words, self.refused)}


def list_files(name: str) -> ListFiles:
    return ListFiles(DATA_DIR / f"{name}.txt.gz", DATA_DIR / "refused.tsv.gz")


def manifest() -> dict[str, Any]:
    return json.loads(MANIFEST.read_text(encoding="utf-8"))


def read_words(path: Path) -> list[str]:
    return gzip.decompress(path.read_bytes()).decode("ascii").split()


def read_refused(path: Path) -> dict[str, str]:
    lines = gzip.decompress(path.read_bytes()).decode("ascii").splitlines()
    return dict(line.split("\t") for line in lines if line)


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()
