"""The phone app's catalogs (frontend/js/i18n/<lang>.json) against the code that uses them.

A key the code asks for must be in every catalog, and every catalog entry must be asked for
somewhere; plurals and {placeholders} must match between languages. Keys are only ever written
out in full, t('home.title'), so a scan of the sources finds them all; a t() call whose key is
not a literal is refused here too, since it would hide keys from this check.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

FRONTEND = Path(__file__).resolve().parent.parent / "frontend"
CATALOGS = FRONTEND / "js" / "i18n"
LANGUAGES = ("en", "de")
KEY_CALL = re.compile(r"""\bt\(\s*(['"])([A-Za-z0-9_.\-]+)\1""")
ANY_CALL = re.compile(r"""\bt\(\s*(?=[^\s)])""")
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def sources() -> dict[Path, str]:
    # i18n.js defines t() and shows it in its comments: it asks for no key itself.
    files = [*FRONTEND.joinpath("js").rglob("*.js"), FRONTEND / "index.html", FRONTEND / "sw.js"]
    files = [path for path in files if path.name != "i18n.js"]
    return {path: path.read_text(encoding="utf-8") for path in files}


def catalog(lang: str) -> dict:
    return json.loads((CATALOGS / f"{lang}.json").read_text(encoding="utf-8"))


def keys_in_code(files: dict[Path, str] | None = None) -> dict[str, list[str]]:
    used: dict[str, list[str]] = {}
    for path, text in (sources() if files is None else files).items():
        for match in KEY_CALL.finditer(text):
            used.setdefault(match.group(2), []).append(path.relative_to(FRONTEND).as_posix())
    return used


def forms(entry) -> dict[str, str]:
    return entry if isinstance(entry, dict) else {"other": entry}


def test_every_language_named_in_the_code_has_a_catalog():
    code = (FRONTEND / "js" / "lib" / "language.js").read_text(encoding="utf-8")
    named = re.search(r"LANGUAGES = \{([^}]*)\}", code).group(1)
    assert sorted(re.findall(r"(\w+):", named)) == sorted(LANGUAGES)
    assert sorted(p.stem for p in CATALOGS.glob("*.json")) == sorted(LANGUAGES)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_key_the_code_asks_for_is_in_the_catalog(lang):
    entries = catalog(lang)
    missing = {key: where for key, where in keys_in_code().items() if key not in entries}
    assert not missing, f"{lang}.json lacks: {missing}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_catalog_entry_is_used(lang):
    unused = sorted(set(catalog(lang)) - set(keys_in_code()))
    assert not unused, f"{lang}.json has entries no code asks for: {unused}"


def test_every_t_call_names_its_key_in_full():
    hidden = []
    for path, text in sources().items():
        for match in ANY_CALL.finditer(text):
            if not KEY_CALL.match(text, match.start()):
                line = text.count("\n", 0, match.start()) + 1
                hidden.append(f"{path.relative_to(FRONTEND)}:{line}")
    assert not hidden, f"t() with a key that is not a literal: {hidden}"


def test_catalogs_agree_on_plurals_and_placeholders():
    english, german = catalog("en"), catalog("de")
    for key, entry in english.items():
        other = german.get(key)
        if other is None:
            continue  # reported by the test above
        assert isinstance(entry, dict) == isinstance(other, dict), key
        wanted = {name for text in forms(entry).values() for name in PLACEHOLDER.findall(text)}
        for form, text in forms(other).items():
            assert set(PLACEHOLDER.findall(text)) <= wanted, f"{key} ({form}) names a value English does not give"
        given = {name for text in forms(other).values() for name in PLACEHOLDER.findall(text)}
        assert given == wanted, f"{key}: English shows {sorted(wanted)}, German {sorted(given)}"
        assert all(forms(other).values()), f"{key}: an empty German text"
        assert "other" in forms(entry) and "other" in forms(other), f"{key}: a plural needs its 'other' form"


def test_the_scan_finds_keys_in_either_quote_and_not_in_other_calls():
    code = "t('a.used'); t(\"b.used\", { n: 1 }); t( 'c.used'); split('x.no'); at('y.no')"
    assert set(keys_in_code({FRONTEND / "js" / "x.js": code})) == {"a.used", "b.used", "c.used"}
