"""Where the word list comes from, pinned by checksum, and whose work it is.

The files are located without importing ``spylls`` or ``breame`` (both are
only needed to *build* the list), so loading a cached list stays fast.
"""

from __future__ import annotations

import hashlib
import importlib.util
from pathlib import Path
from typing import NamedTuple

# sha256 of the exact files the word list is built from (spylls 0.1.7, breame 0.1.2).
# A test compares these with the installed files: if upstream changes them,
# the suite fails instead of verdicts changing silently.
PINNED_SHA256 = {
    "en_US.dic": "f0b1a234bd178bdd01875b2a392a9647f888b8fe879f79c52aae62c2759b3647",
    "en_US.aff": "99e31aec1b48984dc0257b4c8d672fbd6a20e0d205d435155fce7ecf50638308",
    "spelling_constants.py": "c5c46bdbf992ab6bb088b26d8704b0adce80a9a733a94ffebd3b3ef25d8b2260",
}

SOURCE_DESCRIPTION = (
    "SCOWL-based en_US Hunspell dictionary 2020.12.07 (as shipped in the spylls 0.1.7 wheel), "
    "expanded through its affix rules and kept where the form is all a–z after folding accents; "
    "British spellings added from breame 0.1.2."
)

LICENCE = (
    "Word list derived from SCOWL (Spell Checker Oriented Word Lists) and the Hunspell en_US "
    "dictionary made from it, Copyright 2000-2019 by Kevin Atkinson, under the SCOWL licence "
    "(MIT-like): permission to use, copy, modify, distribute and sell these word lists, the "
    "associated scripts, the output created from the scripts, and its documentation for any "
    "purpose is granted without fee, provided the copyright notice and this permission notice "
    "appear in all copies and supporting documentation; provided \"as is\" without express or "
    "implied warranty. SCOWL also includes work by others under BSD-compatible terms. British "
    "spellings from breame (Apache-2.0). See NOTICE."
)


class SourceFiles(NamedTuple):
    """The three files the English list is built from."""

    dic: Path
    aff: Path
    british: Path  # breame's American↔British spelling table

    def sha256(self) -> dict[str, str]:
        return {path.name: _sha256(path) for path in (self.dic, self.aff, self.british)}


def english_source() -> SourceFiles:
    spylls_dir = _package_dir("spylls")
    breame_dir = _package_dir("breame")
    data = spylls_dir / "hunspell" / "data" / "en"
    return SourceFiles(
        dic=data / "en_US.dic",
        aff=data / "en_US.aff",
        british=breame_dir / "data" / "spelling_constants.py",
    )


def _package_dir(name: str) -> Path:
    spec = importlib.util.find_spec(name)  # finds the package without running its __init__
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError(f"The {name} package is not installed; it is needed for the word list.")
    return Path(next(iter(spec.submodule_search_locations)))


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()
