"""JSON in and out with orjson: every response and every stored state goes through here.

A table's view is a few kilobytes of JSON read by every phone at the table, again
and again; orjson encodes and decodes it several times faster than the standard
library. Non-string keys (a dict keyed by seat number) are written as strings, as
the standard library does.
"""

from __future__ import annotations

from typing import Any

import orjson
from flask.json.provider import DefaultJSONProvider

OPTIONS = orjson.OPT_NON_STR_KEYS


def dumps(value: Any) -> str:
    return orjson.dumps(value, option=OPTIONS).decode()


loads = orjson.loads


class OrjsonProvider(DefaultJSONProvider):
    """Flask's JSON, faster; unusual values (dates, decimals) still go through Flask's own encoder."""

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        try:
            return dumps(obj)
        except TypeError:
            return super().dumps(obj, **kwargs)

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        return orjson.loads(s)
