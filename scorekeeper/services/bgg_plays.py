"""A saved BoardGameGeek plays file (XML API2 ``plays``) read into plays to import (``plays_import.Play``).

The file is what a user saves from ``/xmlapi2/plays?username=…`` in a browser::

    <plays username=… total=…><play id date quantity length incomplete nowinstats location>
      <item name objecttype objectid/><comments/>
      <players><player username userid name startposition color score new rating win/></players>
    </play>…</plays>

It is XML from anyone, so it is read by defusedxml with no DTD, no entities and no external references
allowed (a "billion laughs" file is refused, not expanded), bounded by the body's size and, while it is
read, by the plays an import holds (``league_import.MAX_RESULTS``: the 5,001st play stops the reading).
A refusal names the element and attribute as ``play.3.player.1.score`` (the fourth play, its second player).

Where the file says little, as BoardGameGeek keeps it:
- A play's id is kept as the result's id ``bgg-<id>``, so the same play imported again is found and
  skipped. ``quantity="3"`` is three plays of the same players and scores (``bgg-<id>``, ``bgg-<id>-2``, …).
- A play marked ``incomplete`` (not finished) or ``nowinstats`` (the player asked BoardGameGeek not to count
  it) is left out and counted: it has no result to rank.
- BoardGameGeek keeps no ranks, only scores (text) and who won (``win="1"``). The places: by score,
  highest or lowest first, whichever agrees with the winners marked; where neither does (or scores are
  missing) the winners share first place and everyone else the next one; with scores and no winner marked,
  the game ranks the scores. A player with no name goes by their BoardGameGeek username.
- No teams (the file has none); colours, ratings and start positions are not kept by a league.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any
from xml.etree.ElementTree import Element, ParseError

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import iterparse

from ..domain_errors import TooBig
from ..text import N_
from .league_import import MAX_RESULTS
from .league_input import clean_name, refuse
from .plays_import import Play, PlaysFile, competition_places

SOURCE = "bgg"
MAX_QUANTITY = 100  # one line of a log for more plays than an evening holds is a typing slip
DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
SCORE = re.compile(r"^[+-]?\d{1,9}$")
ID = re.compile(r"^\d{1,30}$")
# Our export's words for a field, as this file says them (refusals from the league's own checks).
FIELD_WORDS = {"players": "player", "played_on": "date", "id": "id", "place": "score"}


class _Lines:
    """The bytes as a file for iterparse."""

    def __init__(self, data: bytes):
        self.data, self.at = data, 0

    def read(self, size: int = -1) -> bytes:
        end = len(self.data) if size < 0 else self.at + size
        out, self.at = self.data[self.at:end], min(end, len(self.data))
        return out


def read(data: bytes) -> PlaysFile:
    """The file's plays, or a 422 naming what is wrong (a 413 past the plays an import holds)."""
    plays: list[Play] = []
    count = 0
    root_seen = False
    try:
        for event, element in iterparse(_Lines(data), events=("start", "end"), forbid_dtd=True):
            if event == "start":
                if not root_seen:
                    root_seen = True
                    if element.tag != "plays":
                        raise refuse("plays", "A BoardGameGeek plays file starts with <plays>.")
                continue
            if element.tag != "play":
                continue
            if count >= MAX_RESULTS:
                raise TooBig("import_too_big", "An import holds at most {most:,} {what}; this one has {count:,}.",
                             "plays", most=MAX_RESULTS, what=N_("plays"), count=count + 1)
            plays.extend(_play(element, f"play.{count}"))
            count += 1
            element.clear()  # what is read is kept as plays, not as XML
    except ParseError as err:
        line = err.position[0] if getattr(err, "position", None) else 0
        raise refuse("plays", "This is not a BoardGameGeek plays file (line {line} cannot be read).",
                     line=line) from None
    except DefusedXmlException:
        raise refuse("plays", "A plays file may not declare a DTD or entities.") from None
    if not root_seen:
        raise refuse("plays", "A BoardGameGeek plays file starts with <plays>.")
    if len(plays) > MAX_RESULTS:
        raise TooBig("import_too_big", "An import holds at most {most:,} {what}; this one has {count:,}.",
                     "plays", most=MAX_RESULTS, what=N_("plays"), count=len(plays))
    return PlaysFile(plays=plays, players=_names_in(plays), lowest_wins_pad=False, words=FIELD_WORDS)


def _names_in(plays: list[Play]) -> list[str]:
    seen: dict[str, None] = {}
    for play in plays:
        for p in play.result["players"]:
            seen.setdefault(p["name"], None)
    return list(seen)


def _play(element: Element, field: str) -> list[Play]:
    play_id = (element.get("id") or "").strip()
    if not ID.match(play_id):
        raise refuse(f"{field}.id", "Each play needs its BoardGameGeek id (a whole number).")
    item = element.find("item")
    name = (item.get("name") if item is not None else None) or ""
    if not name.strip():
        raise refuse(f"{field}.item.name", "Each play names its game (<item name=…>).")
    when = (element.get("date") or "").strip()
    try:
        played_on = dt.date.fromisoformat(when) if DATE.match(when) else None
    except ValueError:
        played_on = None
    if played_on is None:
        raise refuse(f"{field}.date", "date must be a day, YYYY-MM-DD.")
    quantity = _whole(element.get("quantity"), f"{field}.quantity", default=1)
    if not 1 <= quantity <= MAX_QUANTITY:
        raise refuse(f"{field}.quantity", "quantity must be from 1 to {most}.", most=MAX_QUANTITY)
    rows = _players(element, field)
    why = None
    if element.get("incomplete", "0").strip() == "1":
        why = "incomplete"
    elif element.get("nowinstats", "0").strip() == "1":
        why = "no_win_stats"
    players = _places(rows)
    return [Play(result={"id": f"bgg-{play_id}" + (f"-{k}" if k > 1 else ""), "played_on": played_on,
                         "players": players},
                 game=" ".join(name.split()), at=field, why=why, source_game=None)
            for k in range(1, quantity + 1)]


def _whole(value: str | None, field: str, default: int) -> int:
    if value is None or not value.strip():
        return default
    if not SCORE.match(value.strip()):
        raise refuse(field, "{field2} must be a whole number.", field2=field.rsplit(".", 1)[-1])
    return int(value)


def _players(element: Element, field: str) -> list[dict[str, Any]]:
    listed = element.find("players")
    rows = []
    for j, p in enumerate(listed.findall("player") if listed is not None else []):
        at = f"{field}.player.{j}"
        name = " ".join((p.get("name") or "").split()) or " ".join((p.get("username") or "").split())
        if not name:
            raise refuse(f"{at}.name", "Each player needs a name (or a BoardGameGeek username).")
        name = clean_name(name, f"{at}.name", what=N_("A player's name"))
        score = (p.get("score") or "").strip()
        if score and not SCORE.match(score):
            raise refuse(f"{at}.score", "A score here is a whole number (or empty); {value!r} is not.",
                         value=p.get("score"))
        win = (p.get("win") or "0").strip()
        if win not in ("0", "1"):
            raise refuse(f"{at}.win", "win is 1 (won) or 0.")
        rows.append({"name": name, "score": int(score) if score else None, "winner": win == "1"})
    return rows


def _places(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Places that agree with the winners the file marks (the module's docstring says how)."""
    scores = [r["score"] for r in rows]
    winners = {i for i, r in enumerate(rows) if r["winner"]}
    out = [{"name": r["name"], "score": r["score"], "team": None} for r in rows]
    if rows and None not in scores:
        if not winners:
            return out  # the game ranks the scores
        for highest in (True, False):
            places = competition_places(scores, highest)
            if {i for i, place in enumerate(places) if place == 1} == winners:
                return [{**o, "place": place} for o, place in zip(out, places, strict=True)]
    after = 1 + len(winners)
    return [{**o, "place": 1 if i in winners else after} for i, o in enumerate(out)]
