"""A league's dispute log: every word challenged at its tables (a Bresk! panel's challenge, or the judge
opened at one of its tables), newest first, with the words the league argued about most and the house
words it added or banned on the way ("BERLIN banned by the league").

The challenges are the ``challenge`` events already in its tables' logs (verdict and list as judged then,
services/judge.py), so the log needs nothing stored twice and survives a restart like any move. Which word
of a challenge failed is shown only where the challenge itself asked for it (``reveal``): the log must not
tell a table what its judge kept quiet while the game goes on.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from sqlalchemy import select

from .. import names
from ..extensions import db
from ..models import Event, League, LeagueWordChange, Table, now_ms
from ..text import SAID
from .house_rules import WORD_LISTS

SCANNED = 2000  # the newest challenges a request looks through (a player's filter reads among these)
SHOWN = 200  # of those, the newest shown
ARGUED = 10  # the words argued about most
CHANGES_SHOWN = 200

# What happened to a house word: a word list (house_rules.WORD_LISTS) gained it, or lost it.
WORD_CHANGES = {("extra_words", True): "added", ("extra_words", False): "no_longer_added",
                ("banned_words", True): "banned", ("banned_words", False): "no_longer_banned"}


def record_word_changes(league: League, before: dict[str, Any], after: dict[str, Any]) -> None:
    """Adds to the session a line for each house word that the new rules add to or take from a list."""
    at = now_ms()
    for game in sorted(set(before) | set(after)):
        old, new = before.get(game) or {}, after.get(game) or {}
        for rule in WORD_LISTS:
            was, now = set(old.get(rule, ())), set(new.get(rule, ()))
            for word, gained in [*((w, True) for w in sorted(now - was)), *((w, False) for w in sorted(was - now))]:
                db.session.add(LeagueWordChange(league_id=league.id, game=game, word=word,
                                                change=WORD_CHANGES[rule, gained], at_ms=at))


def disputes(league: League, player: str | None = None) -> dict[str, Any]:
    """``{challenges, argued, word_changes, challengers}``; ``player`` keeps the challenges that player made."""
    rows = db.session.execute(
        select(Event.data, Event.created_at_ms, Table.code, Table.game, Table.seats)
        .join(Table, Table.id == Event.table_id)
        .where(Table.league_id == league.id, Event.type == "challenge")
        .order_by(Event.created_at_ms.desc(), Event.id.desc()).limit(SCANNED)).all()
    challenges = [_challenge(row) for row in rows]
    challengers = sorted({c["by"] for c in challenges if c["by"]}, key=names.key)
    if player is not None:
        wanted = names.key(player)
        challenges = [c for c in challenges if c["by"] and names.key(c["by"]) == wanted]
    argued = Counter(word for c in challenges for word in {w.upper() for w in c["words"]})
    changes = db.session.scalars(
        select(LeagueWordChange).where(LeagueWordChange.league_id == league.id)
        .order_by(LeagueWordChange.at_ms.desc(), LeagueWordChange.id.desc()).limit(CHANGES_SHOWN))
    return {
        "challenges": challenges[:SHOWN],
        "argued": [{"word": w, "count": n} for w, n in sorted(argued.items(), key=lambda i: (-i[1], i[0]))[:ARGUED]],
        "word_changes": [{"at_ms": c.at_ms, "game": c.game, "word": c.word, "change": c.change} for c in changes],
        "challengers": challengers,
    }


def _challenge(row) -> dict[str, Any]:
    data, verdict = row.data, row.data.get("verdict") or {}
    by = data.get("by")
    out = _kept(verdict, "list") | {
        "at_ms": row.created_at_ms, "table": row.code, "game": row.game,
        "by": row.seats[by] if isinstance(by, int) and 0 <= by < len(row.seats) else None,
        "words": list(data.get("words") or ()), "valid": bool(verdict.get("valid")), "lexicon": verdict.get("lexicon"),
    }
    if "verdicts" in verdict:  # the challenge asked which word failed, and why
        out["verdicts"] = [_kept(one, "message") | {k: one.get(k) for k in ("word", "valid", "reason")}
                           for one in verdict["verdicts"]]
    return out


def _kept(stored: dict[str, Any], *texts: str) -> dict[str, Any]:
    """``texts`` of a stored verdict with the templates they were said from, so the answer says them in the
    asker's language (i18n.localize)."""
    out: dict[str, Any] = {key: stored.get(key, "") for key in texts}
    templates = {key: form for key, form in (stored.get(SAID) or {}).items() if key in texts}
    if templates:
        out[SAID] = templates
    return out
