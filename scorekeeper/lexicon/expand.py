"""Expand Hunspell stems through their affix rules into every word form.

spylls parses the .aff/.dic files for us but has no generator (it only
analyses words), so the expansion is written here. It covers what the en_US
files use: one suffix and one prefix per form, and prefix+suffix cross
products where both affixes allow them. Affixes carrying continuation flags
(a second round of affixes) are refused rather than silently ignored.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any


def expand_word(
    stem: str, flags: Iterable[str], prefixes: dict[str, list[Any]], suffixes: dict[str, list[Any]]
) -> Iterator[str]:
    """Every form of one dictionary entry: the stem, +suffix, prefix+, prefix+…+suffix."""
    yield stem
    suffixed = list(_apply_suffixes(stem, flags, suffixes))
    for _, form in suffixed:
        yield form
    for prefix, form in _apply_prefixes(stem, flags, prefixes):
        yield form
        if not prefix.crossproduct:
            continue
        for suffix, suffixed_form in suffixed:
            if suffix.crossproduct and _prefix_fits(prefix, suffixed_form):
                yield prefix.add + suffixed_form[len(prefix.strip) :]


def expand_dictionary(aff: Any, dic: Any) -> Iterator[str]:
    """All forms of all entries of a spylls ``Aff``/``Dic`` pair (duplicates possible)."""
    _refuse_continuation_classes(aff)
    skip = {flag for flag in (aff.ONLYINCOMPOUND, aff.FORBIDDENWORD) if flag}
    needs_affix = aff.NEEDAFFIX
    for word in dic.words:
        if skip & word.flags:
            continue  # "1th" only exists inside compounds; forbidden words are not words
        forms = expand_word(word.stem, word.flags, aff.PFX, aff.SFX)
        if needs_affix and needs_affix in word.flags:
            next(forms)  # the bare stem is not a word on its own
        yield from forms


def _apply_suffixes(stem: str, flags: Iterable[str], suffixes: dict[str, list[Any]]):
    for flag in flags:
        for suffix in suffixes.get(flag, ()):
            # Hunspell checks the condition against the stem *before* stripping.
            if stem.endswith(suffix.strip) and len(stem) > len(suffix.strip) and suffix.cond_regexp.search(stem):
                yield suffix, stem[: len(stem) - len(suffix.strip)] + suffix.add


def _apply_prefixes(stem: str, flags: Iterable[str], prefixes: dict[str, list[Any]]):
    for flag in flags:
        for prefix in prefixes.get(flag, ()):
            if _prefix_fits(prefix, stem):
                yield prefix, prefix.add + stem[len(prefix.strip) :]


def _prefix_fits(prefix: Any, stem: str) -> bool:
    return stem.startswith(prefix.strip) and len(stem) > len(prefix.strip) and bool(prefix.cond_regexp.search(stem))


def _refuse_continuation_classes(aff: Any) -> None:
    for table in (aff.PFX, aff.SFX):
        for entries in table.values():
            for affix in entries:
                if affix.flags:
                    raise NotImplementedError(f"Affix {affix!r} has continuation flags, which this expander lacks.")
