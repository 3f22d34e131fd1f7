"""The Blueprint every API module uses: flask-smorest's, with a parser that survives hostile JSON."""

from __future__ import annotations

import re
from typing import Any

import flask_smorest
from flask import g
from marshmallow import ValidationError
from webargs.flaskparser import FlaskParser

from ..text import UNSTORABLE, storable

# Where a body can hold text no database keeps: JSON writes NUL and half a character only as escapes.
_ESCAPED_UNSTORABLE = re.compile(rb"\\u(?:0000|[dD][89a-fA-F])")


class JsonParser(FlaskParser):
    def _raw_load_json(self, req):
        body = g.get("parsed_json")  # a hook may have parsed it already (a league import: a megabyte, once)
        if body is None:
            try:
                body = super()._raw_load_json(req)
            except RecursionError as err:  # [[[[…]]]] nested past Python's limit: a bad body, not a crash
                self._handle_invalid_json_error(err, req)
        if _ESCAPED_UNSTORABLE.search(req.get_data(cache=True)):
            refuse_unstorable(body)
        return body


def refuse_unstorable(value: Any, field: str = "") -> None:
    """A 422 naming the first field (or key) of a parsed body whose text fails ``text.storable``: NUL, which
    PostgreSQL refuses, or half a character ("\\ud800"), which the word list and the database failed on (500)."""
    if isinstance(value, str):
        if not storable(value):
            raise ValidationError({field or "_schema": [UNSTORABLE]})
    elif isinstance(value, dict):
        for key, item in value.items():
            where = f"{field}.{key}" if field else str(key)
            if not storable(str(key)):
                raise ValidationError({field or "_schema": [UNSTORABLE]})
            refuse_unstorable(item, where)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            refuse_unstorable(item, f"{field}.{i}" if field else str(i))


class Blueprint(flask_smorest.Blueprint):
    ARGUMENTS_PARSER = JsonParser()

    def arguments(self, schema, *args, **kwargs):
        """flask-smorest's, given a schema instance made once: webargs makes a new one from a class on every
        request (70 µs, a twentieth of an append's cost), and a marshmallow schema keeps nothing of a load."""
        return super().arguments(schema() if isinstance(schema, type) else schema, *args, **kwargs)
