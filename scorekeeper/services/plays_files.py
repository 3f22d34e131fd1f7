"""Another app's file of plays, read as its format says: ``bgstats`` (a BG Stats export file, JSON) or ``bgg``
(a saved BoardGameGeek plays file, XML). Sent inside a request's JSON, the file is its text (either) or, for
BG Stats, its JSON itself."""

from __future__ import annotations

from typing import Any

import orjson

from . import bgg_plays, bgstats_import
from .league_input import refuse
from .plays_import import PlaysFile


def read(format_: str, file: Any) -> PlaysFile:
    if format_ == "bgg":
        if not isinstance(file, str):
            raise refuse("file", "A BoardGameGeek plays file is sent as its text.")
        return bgg_plays.read(file.encode())
    if not isinstance(file, (str, dict)):
        raise refuse("file", "A BG Stats export file is sent as its text or as its JSON object.")
    if isinstance(file, str):
        try:
            file = orjson.loads(file)
        except orjson.JSONDecodeError:
            raise refuse("file", "This is not a BG Stats export file (it is not JSON).") from None
    return bgstats_import.read(file)
