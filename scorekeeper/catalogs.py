"""The message catalogs: find every sentence the code says, and keep each language's ``.po`` in step.

    python -m scorekeeper.catalogs update   # after changing a message: new ones in, unused ones out
    python -m scorekeeper.catalogs check    # what is missing, untranslated or unused (exit 1 if any)
    python -m scorekeeper.catalogs new fr   # start the catalog of a new language

(``make messages`` and ``make messages-check`` run the first two.) A sentence is found where
the code marks it: ``N_("…")`` and ``Np_("…", "…", n)`` anywhere, the message of a
``RuleError(code, "…", field)``, and the message and field detail of a domain error
(``Refused(code, "…", field, "…")`` and its siblings) or of ``refuse(field, "…")``.
Only string literals count, which is why a message is never an f-string: its values are
named in the template (``"{name} has passed"``, ``name=…``), and ``tests/test_catalogs.py``
refuses a message the extraction cannot see. Catalog entries keep no line numbers, so a
change of code that moves a message does not change the catalog.

No Flask: this reads and writes files only.
"""

from __future__ import annotations

import ast
import datetime
import inspect
import sys
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from . import domain_errors, games

PACKAGE = Path(__file__).resolve().parent
CATALOGS = PACKAGE / "translations"
DOMAIN = "messages"
PROJECT = "scorekeeper"

# Call name -> the positions of its arguments that are sentences (each on its own).
SENTENCES = {
    "N_": (0,),
    "RuleError": (1,),
    "refuse": (1,),  # services/league_input.py
    # Every domain error, read from domain_errors.py: a new one (UnknownTable) is extracted by itself.
    **{name: (1, 3) for name, kind in vars(domain_errors).items()
       if isinstance(kind, type) and issubclass(kind, domain_errors.DomainError)},
}
PLURALS = {"Np_": (0, 1)}  # (singular, plural)
STABLE_DATE = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)  # headers that do not change on every update


def call_name(call: ast.Call) -> str | None:
    func = call.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None


def _literal(node: ast.expr | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def sentence_arguments(call: ast.Call) -> list[ast.expr]:
    """The arguments of ``call`` that hold a sentence (literal or not)."""
    name = call_name(call)
    positions = SENTENCES.get(name, ()) + PLURALS.get(name, ())
    found = [call.args[i] for i in positions if i < len(call.args)]
    found += [k.value for k in call.keywords if k.arg in ("message", "detail") and name in SENTENCES]
    return found


def source_files() -> list[Path]:
    """The package's modules, and the rules module of each registered game kept outside it
    (``SCOREKEEPER_GAMES``): its sentences belong in the catalogs as ours do."""
    ours = {p for p in PACKAGE.rglob("*.py") if "migrations" not in p.parts}
    added = {Path(inspect.getsourcefile(game.setup)).resolve() for game in games.REGISTRY.values()}
    return sorted(ours | {p for p in added if PACKAGE not in p.parents})


def extract() -> Iterator[tuple[str | tuple[str, str], Path, int]]:
    """(message, file, line) for every sentence marked in the code; a plural is (singular, plural)."""
    for path in source_files():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = call_name(node)
            if name in PLURALS:
                one, many = (_literal(node.args[i]) if i < len(node.args) else None for i in PLURALS[name])
                if one and many:
                    yield (one, many), path, node.lineno
            elif name in SENTENCES:
                for arg in sentence_arguments(node):
                    text = _literal(arg)
                    if text:
                        yield text, path, node.lineno


def _where(path: Path) -> str:
    return path.relative_to(PACKAGE.parent).as_posix() if PACKAGE.parent in path.parents else path.as_posix()


def template() -> Catalog:
    """Every sentence the code says, as an empty catalog."""
    catalog = Catalog(project=PROJECT, domain=DOMAIN, fuzzy=False, creation_date=STABLE_DATE)
    for message, path, line in extract():
        catalog.add(message, locations=[(_where(path), line)],
                    flags=("python-brace-format",) if "{" in (message[0] if isinstance(message, tuple) else message)
                    else ())
    return catalog


def po_path(language: str) -> Path:
    return CATALOGS / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def languages() -> list[str]:
    return sorted(p.name for p in CATALOGS.iterdir() if po_path(p.name).is_file()) if CATALOGS.is_dir() else []


def read(language: str) -> Catalog:
    with po_path(language).open("rb") as po:
        return read_po(po, locale=language, domain=DOMAIN)


def write(catalog: Catalog, language: str) -> None:
    path = po_path(language)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as po:
        # No line numbers, sorted by file then message: moving code never changes a catalog.
        write_po(po, catalog, width=100, include_lineno=False, sort_by_file=True, ignore_obsolete=True)


def update(language: str) -> None:
    """New sentences in (untranslated), sentences no longer said out; translations kept."""
    catalog = read(language)
    catalog.update(template(), no_fuzzy_matching=True)
    write(catalog, language)


def problems(language: str) -> list[str]:
    """What keeps the catalog from matching the code: missing, untranslated, unused, or fields that differ."""
    said = {message.id for message in template() if message.id}
    catalog = read(language)
    kept = {message.id: message for message in catalog if message.id}
    out = [f"missing: {m!r}" for m in sorted(said - set(kept), key=str)]
    out += [f"unused: {m!r}" for m in sorted(set(kept) - said, key=str)]
    for mid in sorted(said & set(kept), key=str):
        message = kept[mid]
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not all(strings) or message.fuzzy:
            out.append(f"untranslated: {mid!r}")
            continue
        wanted = _fields(mid[0] if isinstance(mid, tuple) else mid)
        for text in strings:
            if _fields(text) - wanted:
                out.append(f"names a value the code does not give: {mid!r} -> {text!r}")
    return out


def _fields(text: str) -> set[str]:
    import string

    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def main(argv: list[str]) -> int:
    command, *rest = argv or ["check"]
    if command == "new":
        (language,) = rest
        catalog = Catalog(locale=language, project=PROJECT, domain=DOMAIN, fuzzy=False, creation_date=STABLE_DATE,
                          revision_date=STABLE_DATE)
        catalog.update(template(), no_fuzzy_matching=True)
        write(catalog, language)
        return 0
    if command == "update":
        for language in rest or languages():
            update(language)
        return 0
    if command == "check":
        failed = False
        for language in rest or languages():
            for line in problems(language):
                print(f"{language}: {line}")
                failed = True
        return 1 if failed else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
