"""The code's shape, measured: lines per module, long functions, import cycles, what adding a game touches.

    .venv/bin/python bench/structure.py            # the working tree
    .venv/bin/python bench/structure.py --top 15   # more of the largest modules

JavaScript functions are found without a parser (none is installed, and the phone has no build
step): comments, strings, template text and regular expressions are blanked, brackets are matched,
and every ``{`` after ``=>`` or after ``function name(…)``/``name(…)`` opens a function body; each
function's length counts its nested functions, as Python's does.

Import cycles and private names are read as ``tests/test_imports.py`` reads them (with ``ast``,
imports inside functions included). "Files that name a game" are the files outside a game's own
rules module (``scorekeeper/games/<game>.py``) and phone panel (``frontend/js/games/<game>.js``)
that spell out a game's id: each is a file a new game may have to be added to.
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from test_imports import cycles, import_graph, private_attributes, private_imports  # noqa: E402

LONG = 60
GAME_IDS = ("bresk", "block-buster", "make-n-break", "wuerfelspiel", "scorepad")
OWN_FILES = {f"scorekeeper/games/{g.replace('-', '_')}.py" for g in GAME_IDS} | {
    f"frontend/js/games/{g}.js" for g in GAME_IDS} | {"scorekeeper/games/__init__.py"}  # the registry line
JS_ID = re.compile("['\"`](" + "|".join(map(re.escape, GAME_IDS)) + ")['\"`]")


def python_files() -> list[Path]:
    return [p for p in sorted((ROOT / "scorekeeper").rglob("*.py")) if "migrations" not in p.parts]


def long_functions(paths: list[Path]) -> list[tuple[int, str]]:
    out = []
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                length = node.end_lineno - node.lineno + 1
                if length > LONG:
                    out.append((length, f"{path.relative_to(ROOT)}:{node.lineno} {node.name}"))
    return sorted(out, reverse=True)


JS_KEYWORDS = {"if", "for", "while", "switch", "catch", "with", "function", "return", "typeof", "await", "else",
               "do", "try", "finally"}
REGEX_AFTER = set("(,=:[!&|?{};+-*%<>~^") | {"return", ""}  # a ``/`` after these starts a regular expression
WORD = re.compile(r"[A-Za-z_$][\w$]*")


def _blank(text: str) -> str:
    return "".join(c if c == "\n" else " " for c in text)


def _quoted_end(src: str, i: int, quote: str) -> int:
    """Where the string opened at ``i`` ends (after its closing quote), or a template's text before ``${``."""
    j = i + 1
    while j < len(src) and src[j] != quote and not (quote == "`" and src.startswith("${", j)):
        j += 2 if src[j] == "\\" else 1
    return j + (2 if src.startswith("${", j) else 1)


def _regex_end(src: str, i: int) -> int:
    j, in_class = i + 1, False
    while j < len(src) and (in_class or src[j] != "/") and src[j] != "\n":
        if src[j] == "\\":
            j += 1
        in_class = (in_class or src[j] == "[") and src[j] != "]"
        j += 1
    j += 1
    while j < len(src) and src[j].isalpha():
        j += 1
    return j


def js_code(src: str) -> str:
    """The code with comments, strings, template text and regular expressions blanked (newlines kept)."""
    out: list[str] = []
    i, last = 0, ""  # last: the last word or character of code, to tell a division from a regex
    templates: list[int] = []  # for each open ``${`` in a template: braces opened inside it
    while i < len(src):
        c = src[i]
        end = None
        if src.startswith("//", i):
            end = src.find("\n", i) % (len(src) + 1)
        elif src.startswith("/*", i):
            end = src.find("*/", i + 2) + 2
        elif c in "'\"`" or (c == "}" and templates and templates[-1] == 0):
            if c == "}":
                templates.pop()
            end = _quoted_end(src, i, "`" if c == "}" else c)
            if src.startswith("${", end - 2) and (c in "`}"):
                templates.append(0)
            last = "s"
        elif c == "/" and last in REGEX_AFTER:
            end, last = _regex_end(src, i), "s"
        if end is not None:
            out.append(_blank(src[i:end]))
            i = end
            continue
        if templates and c in "{}":
            templates[-1] += 1 if c == "{" else -1
        word = WORD.match(src, i)
        token = word.group() if word else c
        if not token.isspace():
            last = token
        out.append(token)
        i += len(token)
    return "".join(out)


def js_functions(src: str):
    """(name, first line, length in lines) of each function with a braced body, nested ones included."""
    code = js_code(src)

    def line_at(pos: int) -> int:
        return code.count("\n", 0, pos) + 1

    opens, pairs = [], {}
    for pos, c in enumerate(code):
        if c in "({[":
            opens.append(pos)
        elif c in ")}]" and opens:
            pairs[opens.pop()] = pos
    closing = {v: k for k, v in pairs.items()}
    found = []
    for pos, c in enumerate(code):
        if c != "{" or pos not in pairs:
            continue
        before = code[:pos].rstrip()
        start, name = None, None
        if before.endswith("=>"):
            head = before[:-2].rstrip()
            if head.endswith(")") and len(head) - 1 in closing:
                p = closing[len(head) - 1]
            else:
                p = len(head) - len(re.search(r"[\w$]*$", head).group())
            pre = code[:p].rstrip()
            pre = re.sub(r"\basync$", "", pre).rstrip()
            m = re.search(r"([\w$]+)\s*[=:]$", pre)
            name = m.group(1) if m else None
            start = p
        elif before.endswith(")") and len(before) - 1 in closing:
            p = closing[len(before) - 1]
            pre = code[:p].rstrip()
            m = re.search(r"(?:function\s*\*?\s*([\w$]*)|([\w$]+))$", pre)
            if not m:
                continue
            if m.group(1) is not None:
                name = m.group(1) or None
                if not name:
                    m2 = re.search(r"([\w$]+)\s*[=:]\s*(?:async\s+)?function\s*\*?$", pre)
                    name = m2.group(1) if m2 else None
            else:
                word = m.group(2)
                if word in JS_KEYWORDS:
                    continue
                # a method (name(...) {) only where a statement or member may start
                if not re.search(r"(^|[;{},]|\basync|\bstatic|\bget|\bset)\s*$", pre[: m.start()]):
                    continue
                name = word
            start = m.start()
        else:
            continue
        first = line_at(start)
        found.append((name or "(anonymous)", first, line_at(pairs[pos]) - first + 1))
    return found


def js_files() -> list[Path]:
    return sorted((ROOT / "frontend" / "js").rglob("*.js"))


def long_js_functions(paths: list[Path]) -> list[tuple[int, str]]:
    out = []
    for path in paths:
        for name, line, length in js_functions(path.read_text(encoding="utf-8")):
            if length > LONG:
                out.append((length, f"{path.relative_to(ROOT)}:{line} {name}"))
    return sorted(out, reverse=True)


def names_a_game(path: Path) -> bool:
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".py":
        return any(isinstance(n, ast.Constant) and n.value in GAME_IDS for n in ast.walk(ast.parse(text)))
    return bool(JS_ID.search(text))


def print_sizes(language: str, paths: list[Path], top: int) -> None:
    """Modules, lines in all and per module, and the ``top`` largest modules."""
    sizes = sorted(((len(p.read_text(encoding="utf-8").splitlines()), p) for p in paths), reverse=True)
    total = sum(n for n, _ in sizes)
    print(f"{language} modules: {len(paths)}, {total:,} lines, {total / len(paths):.0f} a module on average")
    for n, path in sizes[:top]:
        print(f"  {n:5d}  {path.relative_to(ROOT)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--top", type=int, default=8, help="how many of the largest modules to list")
    args = parser.parse_args()
    paths = python_files()
    print_sizes("python", paths, args.top)
    longest = long_functions(paths)
    print(f"functions over {LONG} lines: {len(longest)}")
    for n, where in longest:
        print(f"  {n:5d}  {where}")
    js = js_files()
    print_sizes("javascript", js, args.top)
    js_longest = long_js_functions(js)
    print(f"javascript functions over {LONG} lines: {len(js_longest)} ({sum(n > 80 for n, _ in js_longest)} over 80)")
    for n, where in js_longest:
        print(f"  {n:5d}  {where}")
    found = cycles(import_graph())
    print(f"import cycles (function-level imports included): {len(found)}")
    for cycle in found:
        print("  " + " ↔ ".join(cycle))
    private = private_imports() + private_attributes()
    print(f"private names used outside their module: {len(private)}")
    candidates = python_files() + js
    naming = [p.relative_to(ROOT).as_posix() for p in candidates if names_a_game(p)]
    others = [p for p in naming if p not in OWN_FILES]
    print(f"files to touch to add a game: {len(others) + 3} (rules module, phone panel, registry line"
          f"{', and ' + str(len(others)) + ' that name games' if others else ''})")
    for path in others:
        print(f"  {path}")


if __name__ == "__main__":
    main()
