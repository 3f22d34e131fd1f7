"""The message catalogs match the code: every sentence said is translated, every entry is said.

The extraction (scorekeeper/catalogs.py, the same as `make messages`) runs here and is compared
with each committed .po; and every message handed to a refusal is a literal the extraction can
see (an f-string would be filled before anyone could translate it).
"""

from __future__ import annotations

import ast

import pytest
from babel.messages.catalog import Catalog

from scorekeeper import catalogs, i18n
from scorekeeper.games.base import RuleError
from scorekeeper.text import N_, Np_


@pytest.mark.parametrize("language", catalogs.languages())
def test_catalog_matches_the_code(language):
    assert catalogs.problems(language) == []


def test_german_is_there():
    assert "de" in catalogs.languages() and "de" in i18n.LANGUAGES


def _params_and_marked(function: ast.AST) -> set[str]:
    """Names in ``function`` that may carry a message: its parameters, and names bound to N_ / Np_ calls."""
    ok: set[str] = set()
    if isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
        args = function.args
        ok |= {a.arg for a in [*args.posonlyargs, *args.args, *args.kwonlyargs]}
    for node in ast.walk(function):
        if isinstance(node, ast.Assign) and _is_marked(node.value):
            ok |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    return ok


# Functions that return a marked Text (names.problem: why a name is refused).
RETURN_TEXT = {"N_", "Np_", "problem"}


def _is_marked(node: ast.AST) -> bool:
    if isinstance(node, ast.Call) and catalogs.call_name(node) in RETURN_TEXT:
        return True
    if isinstance(node, ast.IfExp):
        return _is_marked(node.body) and _is_marked(node.orelse)
    return False


def unseen_messages(source: str) -> list[str]:
    """Refusal messages in ``source`` that the extraction cannot see (not literals, not marked)."""
    tree = ast.parse(source)
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    out = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        for arg in catalogs.sentence_arguments(node):
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str) or _is_marked(arg):
                continue
            if isinstance(arg, ast.Constant) and arg.value is None:
                continue
            if isinstance(arg, ast.Attribute) and arg.attr in ("message", "text", "detail"):
                continue  # a refusal passed on (re-raised under another field)
            if isinstance(arg, ast.Name):
                scope = node
                while scope in parents and not isinstance(scope, ast.FunctionDef | ast.Lambda):
                    scope = parents[scope]
                if arg.id in _params_and_marked(scope) or arg.id.isupper():  # a module constant made with N_
                    continue
            out.append(f"line {node.lineno}: {ast.unparse(arg)}")
    return out


@pytest.mark.parametrize("module", catalogs.source_files(), ids=lambda p: p.relative_to(catalogs.PACKAGE).as_posix())
def test_every_refusal_message_is_seen_by_the_extraction(module):
    assert unseen_messages(module.read_text()) == []


@pytest.mark.parametrize("source", [
    'raise RuleError("bad", f"{x} is bad", "field")',
    'raise Refused("bad", "ok", "field", f"{x} detail")',
    'raise NotFound("gone", message)',
])
def test_the_check_would_catch_an_unseen_message(source):
    assert unseen_messages(source)


def test_the_check_lets_templates_through():
    source = ('def f(field, message):\n'
              '    raise RuleError("bad", "{x} is bad", field, x=1)\n'
              '    raise Refused("bad", message, field)\n'
              '    why = N_("because")\n'
              '    raise Conflict("bad", why)\n')
    assert unseen_messages(source) == []


def test_problems_would_catch_missing_unused_and_wrong_values(monkeypatch):
    real = catalogs.read("de")
    broken = Catalog(locale="de", domain=catalogs.DOMAIN)
    for message in real:
        if message.id and message.id != "There is nothing to undo.":
            broken.add(message.id, message.string)
    broken.add("A sentence nobody says.", "Ein Satz, den niemand sagt.")
    broken["There is nothing to redo."].string = ""
    broken["{who} has already handed in; undo that to hand in again."].string = "{wer} hat schon abgegeben."
    monkeypatch.setattr(catalogs, "read", lambda language: broken)
    found = "\n".join(catalogs.problems("de"))
    assert "missing: 'There is nothing to undo.'" in found
    assert "unused: 'A sentence nobody says.'" in found
    assert "untranslated: 'There is nothing to redo.'" in found
    assert "names a value the code does not give" in found


def test_a_refusal_renders_in_german_with_translated_values():
    err = RuleError("x", "{name}: {score} cannot happen in {game}: {floor_rule}.", "players.0.score", name="Ann",
                    score=-3, game="Bresk!", floor_rule=N_("letters of valid words and bonuses score, nothing takes "
                                                           "points away"))
    assert err.message == ("Ann: -3 cannot happen in Bresk!: letters of valid words and bonuses score, nothing "
                           "takes points away.")
    assert i18n.render(err.text, "de") == ("Ann: -3 ist bei Bresk! unmöglich: Punkte gibt es für Buchstaben "
                                          "gültiger Wörter und Boni, nichts zieht Punkte ab.")
    assert i18n.render(err.text, "en") == err.message


def test_plurals_follow_the_language():
    one = Np_("{count} point block not entered yet ({where}): enter who holds each, or nobody, before finishing.",
              "{count} point blocks not entered yet ({where}): enter who holds each, or nobody, before finishing.",
              1, count=1, where="x")
    two = Np_(one.template, one.plural, 2, count=2, where="x")
    assert str(one).startswith("1 point block not") and str(two).startswith("2 point blocks not")
    assert i18n.render(one, "de").startswith("1 Punkteblock fehlt")
    assert i18n.render(two, "de").startswith("2 Punkteblöcke fehlen")


def test_library_sentences_are_recognised_by_their_templates():
    assert i18n.loose("Missing data for required field.", "de") == "Pflichtfeld fehlt."
    said = i18n.loose("Must be greater than or equal to 1 and less than or equal to 500.", "de")
    assert said == "Muss von 1 bis 500 sein."
    assert i18n.loose("Something only a library says.", "de") == "Something only a library says."
