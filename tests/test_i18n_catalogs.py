"""The phone app's catalogs (frontend/js/i18n/<lang>.json, and the league screens' own words in
frontend/js/i18n/league/<lang>.json) against the code that uses them.

A key the code asks for must be in every language's catalogs, and every catalog entry must be asked for
somewhere; plurals and {placeholders} must match between languages. Keys are only ever written
out in full, t('home.title'), so a scan of the sources finds them all; a t() call whose key is
not a literal is refused here too, since it would hide keys from this check.

The league words are the keys only the league screens' modules ask for: a phone at a table never loads
them (a table's first load is the budget docs/PERFORMANCE.md watches), and a league screen's module runs
once they are in (main.js). A key any other module asks for is in <lang>.json, or that screen would show
the key itself; a key only the league screens ask for is in league/<lang>.json, or every table would
download it.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from support import PHONE_CATALOGS as CATALOGS
from support import phone_catalog as catalog

FRONTEND = Path(__file__).resolve().parent.parent / "frontend"
JS = FRONTEND / "js"
LEAGUE_CATALOGS = CATALOGS / "league"
LANGUAGES = ("en", "de")
KEY_CALL = re.compile(r"""\bt\(\s*(['"])([A-Za-z0-9_.\-]+)\1""")
ANY_CALL = re.compile(r"""\bt\(\s*(?=[^\s)])""")
PLACEHOLDER = re.compile(r"\{(\w+)\}")
# import … from './x.js', import './x.js', import('./x.js'): the module graph, as far as it is written out.
IMPORT = re.compile(r"""\bimport(?:\s+[^'";]*?\sfrom)?\s*\(?\s*(['"])(\.{1,2}/[^'"]+)\1""")
# main.js's league screens: route('/league/:id', () => league('./views/league.js')).
LEAGUE_ROUTE = re.compile(r"""route\('(/leagues?(?:/[^']*)?)',\s*\(\)\s*=>\s*league\('\./([^']+)'\)\)""")


def sources() -> dict[Path, str]:
    # i18n.js defines t() and shows it in its comments: it asks for no key itself.
    files = [*FRONTEND.joinpath("js").rglob("*.js"), FRONTEND / "index.html", FRONTEND / "sw.js"]
    files = [path for path in files if path.name != "i18n.js"]
    return {path: path.read_text(encoding="utf-8") for path in files}


def part(folder: Path, lang: str) -> dict:
    return json.loads((folder / f"{lang}.json").read_text(encoding="utf-8"))


def imports(module: Path) -> set[Path]:
    return {(module.parent / match.group(2)).resolve() for match in IMPORT.finditer(module.read_text("utf-8"))}


def reached(starts: set[Path]) -> set[Path]:
    seen: set[Path] = set()
    todo = [start.resolve() for start in starts]
    while todo:
        module = todo.pop()
        if module not in seen and module.is_file():
            seen.add(module)
            todo.extend(imports(module))
    return seen


def league_only_modules() -> set[Path]:
    """The modules only the league screens load: reached from the views main.js routes /league… and /leagues to,
    and from nothing else the app runs (main.js's other screens, the games' modules, which panels.js imports
    by name, and the workers). The table imports league-common.js, for one: it is not league-only."""
    main = JS / "main.js"
    league_views = {(JS / view).resolve() for _path, view in LEAGUE_ROUTE.findall(main.read_text("utf-8"))}
    elsewhere = (imports(main) - league_views) | set(JS.glob("games/*.js")) | set(JS.glob("workers/*.js"))
    return reached(league_views) - reached(elsewhere) - {main.resolve()}


def league_keys() -> set[str]:
    """The keys only league-only modules ask for."""
    league = league_only_modules()
    files = sources()
    return (set(keys_in_code({p: t for p, t in files.items() if p.resolve() in league}))
            - set(keys_in_code({p: t for p, t in files.items() if p.resolve() not in league})))


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
    assert sorted(p.stem for p in LEAGUE_CATALOGS.glob("*.json")) == sorted(LANGUAGES)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_key_the_code_asks_for_is_in_the_catalog(lang):
    entries = catalog(lang)
    missing = {key: where for key, where in keys_in_code().items() if key not in entries}
    assert not missing, f"{lang}.json lacks: {missing}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_catalog_entry_is_used(lang):
    unused = sorted(set(catalog(lang)) - set(keys_in_code()))
    assert not unused, f"{lang}.json has entries no code asks for: {unused}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_league_words_are_the_keys_only_the_league_screens_ask_for(lang):
    only_league = league_keys()
    assert len(only_league) > 100, "the module graph was not found: the check would prove nothing"
    elsewhere = sorted(set(part(LEAGUE_CATALOGS, lang)) - only_league)
    assert not elsewhere, f"other screens ask for these and would show the key: move to {lang}.json: {elsewhere}"
    heavy = sorted(set(part(CATALOGS, lang)) & only_league)
    assert not heavy, f"only league screens ask for these, yet every table loads them: to league/{lang}.json: {heavy}"


def test_the_league_screens_are_found_and_what_the_table_loads_is_not_among_them():
    league = league_only_modules()
    routes = LEAGUE_ROUTE.findall((JS / "main.js").read_text("utf-8"))
    assert {path for path, _view in routes} >= {"/leagues", "/league/:id", "/league/:id/record"}
    assert JS.joinpath("views", "league.js").resolve() in league
    assert JS.joinpath("views", "league-common.js").resolve() not in league  # the table imports it
    assert JS.joinpath("views", "table.js").resolve() not in league


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
