"""Sentences for people, kept translatable: ``Text`` (its English words and what they were made from),
``N_``/``Np_`` to mark them for the message catalogs, and ``said``/``unsaid`` to keep them in stored JSON.

One home for the app's text core, apart from the game contract (``games/base.py``), so a module that only
says things imports this and nothing of the games. Standard library only: the rules modules use it too.
"""

from __future__ import annotations

from typing import Any


class Text(str):
    """A sentence for a person: its English words, and the template and values they were made from.

    It is a ``str`` (the English rendering), so it goes wherever text goes; the API renders the
    template again in the asker's language (``scorekeeper/i18n.py``), with each value that is itself
    a ``Text`` translated too. Templates use ``str.format`` fields named for what they hold.
    """

    template: str
    params: dict[str, Any]
    plural: str | None  # the template when ``count`` is not 1 (in English; other languages have their forms)
    count: int | None

    def __new__(cls, template: str, params: dict[str, Any] | None = None, plural: str | None = None,
                count: int | None = None) -> Text:
        params = params or {}
        chosen = plural if plural is not None and count != 1 else template
        self = super().__new__(cls, chosen.format(**params) if params else chosen)
        self.template, self.params, self.plural, self.count = template, params, plural, count
        return self

    def __reduce__(self):  # copies and pickles keep what it was made from
        return Text, (self.template, self.params, self.plural, self.count)


def N_(template: str, **params: Any) -> Text:  # noqa: N802 - the gettext convention extraction looks for
    """Mark ``template`` for the message catalogs (``make messages``) and keep its values."""
    return Text(template, params)


def Np_(singular: str, plural: str, count: int, /, **params: Any) -> Text:  # noqa: N802 - as N_
    """``N_`` for a sentence with a number in it: the catalogs hold each language's plural forms."""
    return Text(singular, params, plural, count)


# The key under which a stored dict keeps the templates of its texts ({"label": said(label)}), so the
# state stays JSON and its plain English strings stay where they were; the API says them again in the
# asker's language (``scorekeeper/i18n.py`` ``localize``) and drops this key.
SAID = "said"


def said(text: Any) -> Any:
    """A ``Text`` as JSON that keeps what it was made from (``Text.from_said`` makes it again)."""
    if not isinstance(text, Text):
        return text
    out: dict[str, Any] = {"template": text.template}
    if text.params:
        out["params"] = {k: said(v) for k, v in text.params.items()}
    if text.plural is not None:
        out["plural"], out["count"] = text.plural, text.count
    return out


def unsaid(form: Any) -> Any:
    """``said`` undone: the ``Text`` again (values that were texts too), anything else as it is."""
    if not isinstance(form, dict) or "template" not in form:
        return form
    params = {k: unsaid(v) for k, v in form.get("params", {}).items()}
    return Text(form["template"], params, form.get("plural"), form.get("count"))


def with_said(out: dict[str, Any], **texts: Any) -> dict[str, Any]:
    """``out`` with ``texts`` as fields: their English words, and the templates of those that are a
    ``Text`` kept under ``SAID`` (state is stored as JSON and copied by ``marshal``, so only plain
    strings and dicts go in)."""
    kept = {}
    for key, text in texts.items():
        out[key] = str(text)
        if isinstance(text, Text):
            kept[key] = said(text)
    if kept:
        out[SAID] = kept
    return out


def storable(text: str) -> bool:
    """Whether a database can keep ``text``: PostgreSQL refuses NUL, and half a character (a lone surrogate,
    which JSON can escape as "\\ud800") cannot be written as UTF-8 at all."""
    return "\x00" not in text and not any("\ud800" <= ch <= "\udfff" for ch in text)


# Said where a request's text fails ``storable`` (games/base.py for an event's data, api/blueprint.py for any body).
UNSTORABLE = N_("This text holds a character that cannot be stored.")


def names_and(names: list[str]) -> Any:
    """Names as one text: "Ann", "Ann and Bob", "Ann, Bob and Cid"."""
    return names[0] if len(names) == 1 else N_("{names} and {last}", names=", ".join(names[:-1]), last=names[-1])


def joined(items: list[Any], separator: str = "; ") -> Any:
    """``items`` as one text, each item still translatable ("row 1, column 2; row 3, column 1")."""
    out = items[0]
    for item in items[1:]:
        out = Text("{first}" + separator + "{then}", {"first": out, "then": item})
    return out
