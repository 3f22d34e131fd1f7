"""The API's words in the asker's language: English, or German, chosen by ``Accept-Language``.

The code says everything in English, as templates with named values (``text.py``
``Text``, ``N_``); the answer is rendered here, at the edge, from the gettext catalog
``scorekeeper/translations/<language>/LC_MESSAGES/messages.po``. A catalog is read and
compiled in memory the first time a language is asked for (a few milliseconds), so no
compiled ``.mo`` file exists anywhere: a clean checkout, ``make run``, ``make test`` and the
wheel carry only the ``.po`` files, and a compiled file can never fall behind its source.

Messages that other libraries put in an answer (marshmallow's "Missing data for required
field.", werkzeug's descriptions) arrive already filled in; ``loose`` finds the template
they were made from (``library_messages.py`` lists them for the catalogs) and says it again.

Adding a language is adding its catalog (docs/LANGUAGES.md).
"""

from __future__ import annotations

import functools
import gettext
import io
import re
import string
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

import orjson
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from flask import has_request_context, request
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header

from .text import SAID, Text, unsaid

DEFAULT = "en"  # the language the code is written in, and the answer when none we have is asked for
CATALOGS = Path(__file__).resolve().parent / "translations"
DOMAIN = "messages"


def catalog_path(language: str) -> Path:
    return CATALOGS / language / "LC_MESSAGES" / f"{DOMAIN}.po"


# Every language with a catalog: adding one is adding its catalog, nothing else.
LANGUAGES = (DEFAULT, *sorted(p.name for p in CATALOGS.iterdir() if catalog_path(p.name).is_file()))


@functools.cache
def translations(language: str) -> gettext.NullTranslations:
    """The language's catalog, compiled in memory once per process; English is the code's own words."""
    if language == DEFAULT:
        return gettext.NullTranslations()
    with catalog_path(language).open("rb") as po:
        catalog = read_po(po, locale=language, domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def language() -> str:
    """The language this request asked for (``de-DE`` counts as ``de``); English when it asked for none we have.

    A ``lang`` query parameter naming a language we have wins: an ``EventSource`` cannot send
    ``Accept-Language``, so the phone names its language in the stream's address."""
    if not has_request_context():
        return DEFAULT
    return _chosen(request.args.get("lang", ""), request.headers.get("Accept-Language", ""))


def language_of(environ: dict) -> str:
    """``language()`` for a WSGI ``environ`` outside any request (the stream gate's early refusal)."""
    named = parse_qs(environ.get("QUERY_STRING", "")).get("lang", [""])[0]
    return _chosen(named, environ.get("HTTP_ACCEPT_LANGUAGE", ""))


# Every answer asks, some twice, and a phone sends the same Accept-Language with each request: parsing and matching
# "de-DE,de;q=0.9,en-US;q=0.8,en;q=0.7" took 12 µs a time, a few per cent of an append's request on SQLite
# (bench/append_cost.py: ~510 µs). A caller sending a new header each time only pushes the others out (headers
# are bounded by the server's field size).
@functools.lru_cache(maxsize=256)
def _chosen(named: str, accept_language: str) -> str:
    if named:
        named = named.split("-")[0].lower()
        if named in LANGUAGES:
            return named
    return parse_accept_header(accept_language, LanguageAccept).best_match(LANGUAGES, default=DEFAULT)


def render(value: Any, language_code: str | None = None) -> str:
    """``value`` in ``language_code`` (this request's by default): a ``Text`` is translated, with every
    value in it that is a ``Text`` too; anything else is shown as it is."""
    if not isinstance(value, Text):
        return str(value)
    catalog = translations(language_code or language())
    if value.plural is not None:
        template = catalog.ngettext(value.template, value.plural, value.count)
    else:
        template = catalog.gettext(value.template)
    if not value.params:
        return template
    params = {k: render(v, language_code) if isinstance(v, Text) else v for k, v in value.params.items()}
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):  # a translation naming a value the code does not give
        return str(value)


def localize(value: Any, language_code: str | None = None) -> Any:
    """``value`` (an answer's JSON, or state as stored) with every text in it said in ``language_code``
    (this request's by default): a ``Text`` anywhere, and each field a stored dict keeps the template of
    under ``SAID`` (``text.py`` ``with_said``), which is then dropped. Nothing else is copied."""
    language_code = language_code or language()
    return _localize(value, language_code)


def _localize(value: Any, language_code: str, look: int = 2) -> Any:
    # A table's view is hundreds of nodes, nearly all numbers and names. In the top ``look`` levels a dict
    # or list is looked into only when its JSON (made in C, with any Text marked) holds a text (a table's
    # long history holds none); below, every dict, list and text is (checked by exact type, inline).
    if value.__class__ is Text:
        return render(value, language_code)
    deeper = look - 1
    if value.__class__ is dict:
        texts = value.get(SAID)
        if look > 0:
            out = {k: _localize(v, language_code, deeper) if v.__class__ in _DEEP and _holds_text(v) else v
                   for k, v in value.items() if k != SAID}
        else:
            out = {k: _localize(v, language_code, 0) if v.__class__ in _DEEP else v
                   for k, v in value.items() if k != SAID}
        if texts.__class__ is dict and language_code != DEFAULT:  # the English words are there already
            for key, form in texts.items():
                out[key] = _said_again(orjson.dumps(form, option=orjson.OPT_SORT_KEYS), language_code)
        return out
    if value.__class__ is list:
        if look > 0:
            return [_localize(v, language_code, deeper) if v.__class__ in _DEEP and _holds_text(v) else v
                    for v in value]
        return [_localize(v, language_code, 0) if v.__class__ in _DEEP else v for v in value]
    return value


_DEEP = frozenset((dict, list, Text))
_MARK = b'"' + SAID.encode() + b'"'


def _as_said(value: Any) -> Any:
    if isinstance(value, Text):
        return {SAID: 0}
    return str(value)


def _holds_text(value: Any) -> bool:
    """Whether ``value`` holds a ``Text`` or a stored template (a name that reads "said" only costs a look)."""
    return value.__class__ is Text or _MARK in orjson.dumps(value, default=_as_said,
                                                             option=orjson.OPT_PASSTHROUGH_SUBCLASS)


@functools.lru_cache(maxsize=4096)
def _said_again(form: bytes, language_code: str) -> str:
    """A stored template (``said`` JSON) in a language: the same lines recur in every read of a table."""
    return render(unsaid(orjson.loads(form)), language_code)


def vary_by_language(response):
    """Every API answer may say things in the asker's language (a table's score lines, the games'
    options, a verdict): caches must keep one copy per language."""
    if has_request_context() and request.path.startswith("/api/") and response.mimetype in (
            "application/json", "text/event-stream"):
        response.vary.add("Accept-Language")
    return response


_FIELD = re.compile(r"\{(\w+)(![rsa])?(:[^{}]*)?\}")


@functools.cache
def _patterns(language_code: str) -> list[tuple[re.Pattern[str], str]]:
    """(pattern, translation) for each library template with values (``library_messages.py``): how a
    filled-in English sentence is recognised, the most specific first. The translation's fields lose
    their conversions (``!r``, ``:,``): the values taken from the English sentence are shown that way."""
    from .library_messages import MARSHMALLOW, OURS, WEBARGS, WERKZEUG

    catalog = translations(language_code)
    out = []
    for text in (*MARSHMALLOW, *OURS, *WEBARGS, *WERKZEUG):
        if "{" not in text.template:
            continue
        parts, names, literal_length = [], set(), 0
        for literal, name, _, _ in string.Formatter().parse(text.template):
            parts.append(re.escape(literal))
            literal_length += len(literal)
            if name is not None:
                parts.append(f"(?P={name})" if name in names else f"(?P<{name}>.+?)")
                names.add(name)
        pattern = re.compile("".join(parts) + r"\Z", re.DOTALL)
        out.append((literal_length, pattern, _FIELD.sub(r"{\1}", catalog.gettext(text.template))))
    return [(pattern, said) for _, pattern, said in sorted(out, key=lambda x: -x[0])]


def loose(message: Any, language_code: str | None = None) -> str:
    """A message that arrived as finished English text (a library's), said in the asker's language
    when the catalog knows the sentence or the template it was filled from; else as it came."""
    if isinstance(message, Text):
        return render(message, language_code)
    message = str(message)
    language_code = language_code or language()
    if language_code == DEFAULT:
        return message
    said = translations(language_code).gettext(message)
    if said != message:
        return said
    for pattern, translation in _patterns(language_code):
        found = pattern.match(message)
        if found:
            try:
                return translation.format(**found.groupdict())
            except (KeyError, IndexError, ValueError):
                break
    return message
