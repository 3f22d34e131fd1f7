"""Standings, leaderboards, head-to-head and rating history from a league's results.

Pure: the input is the results in the order they count (played_on, then creation),
each with its entries; no Flask, no database.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import orjson

from . import ratings as rating_model
from .ratings import PROVISIONAL_GAMES, Ratings

TALLY_FORMAT = 2  # bump when Tally.dumps or the rating model changes: tallies saved before are counted again
# 2: Bradley-Terry full pairing instead of Plackett-Luce (services/ratings.py)


def record(row: dict[str, Any]) -> tuple:
    """What the standings order by: most wins, then the higher win rate, then more games played."""
    return (-row["wins"], -row["win_rate"], -row["played"])


def rank(rows: list[dict[str, Any]], key) -> list[dict[str, Any]]:
    """Give rows already in order their ``rank`` ("standard competition" ranking: 1, 1, 3) and ``tied``
    (True where another row shares the rank, shown as "=1"). Rows with equal ``key`` share a rank."""
    keys = [key(r) for r in rows]
    for i, row in enumerate(rows):
        row["rank"] = rows[i - 1]["rank"] if i and keys[i] == keys[i - 1] else i + 1
        row["tied"] = (i > 0 and keys[i] == keys[i - 1]) or (i + 1 < len(rows) and keys[i] == keys[i + 1])
    return rows


def ranks_without(rows: list[dict[str, Any]], entries: Iterable[tuple[str, int]]) -> dict[str, int]:
    """Each player's rank before one result was counted, from the standings' rows (``wins`` order) less
    that result: ``entries`` its players' (name, place). Ordered and ranked as the standings are; a player
    whose only game it was had no rank before."""
    places = dict(entries)
    shared = list(places.values()).count(1) > 1
    before = []
    for row in rows:
        row = dict(row)
        if row["player"] in places:
            row["played"] -= 1
            won = places[row["player"]] == 1
            row["wins"] -= won
            row["shared_wins"] -= won and shared
            if not row["played"]:
                continue
            row["win_rate"] = row["wins"] / row["played"]
        before.append(row)
    before.sort(key=lambda r: (r["player"].casefold(), r["player"]))
    before.sort(key=record)
    return {row["player"]: row["rank"] for row in rank(before, record)}


class Entry(NamedTuple):
    # Tuples, not dataclasses: a big league's standings build tens of thousands of these at once.
    player: Hashable
    score: int | None
    place: int
    team: str | None


class Played(NamedTuple):
    id: str
    played_on: dt.date
    game: str
    entries: tuple[Entry, ...]
    row: int = 0  # the database row: after the date, the order results count in
    version: int = 1  # bumped by every correction


def _side(entry: tuple) -> tuple[str, Any]:
    """A team, or a player on their own: (player, score, place, team) → who shares a place with whom."""
    player, team = entry[0], entry[3]
    return ("team", team) if team else ("solo", player)


@dataclass(slots=True)  # slots: counting a big league touches these attributes a few hundred thousand times
class Line:
    played: int = 0
    wins: int = 0
    shared_wins: int = 0
    score_total: int = 0
    scored: int = 0
    streak: int = 0
    longest_win_streak: int = 0
    # After each game: the day (date.toordinal()) and the rating, flat — day, rating, day, rating…
    # One list of numbers, not thousands of pairs: a big league's tally loads without waking
    # the garbage collector.
    history: list[float] = field(default_factory=list)


class Tally:
    """What the standings need from a run of results: ratings and each player's line.

    Results are added in the order they count. A tally can be saved (``dumps``) and restored
    exactly, and carried forward with later results, so the expensive part — rating every game
    in order — is done once per result rather than once per view. ``last`` and ``fingerprint``
    say which results are in it, so a caller can tell whether the stored results up to ``last``
    have changed underneath it (a correction bumps a version; a back-dated result adds a row).
    """

    def __init__(self, ratings: Ratings | None = None):
        self.ratings = ratings or Ratings()
        self.lines: dict[Hashable, Line] = defaultdict(Line)
        self.fingerprint = (0, 0, 0)  # results counted, sum of versions, sum of row id × version
        self.last: tuple[dt.date, int] | None = None

    def add(self, result: Played) -> None:
        self.count(result.played_on, result.row, result.version, result.entries)

    def count(self, played_on: dt.date, row: int, version: int,
              entries: tuple[Entry, ...] | list[tuple]) -> None:
        """One result: its day, row and version, and its entries as ``(player, score, place, team, …)`` in the
        result's order (``Entry`` or plain tuples, later fields ignored: counting from nothing makes no
        ``Played`` at all)."""
        places = [e[2] for e in entries]  # list comprehensions, not generators: a few times faster this small
        if any([e[3] for e in entries]):
            rated = self.ratings.rate([(e[0], e[2], e[3]) for e in entries])
            shared = len({_side(e) for e in entries if e[2] == 1}) > 1
        else:
            rated = self.ratings.rate_solo([e[0] for e in entries], places)
            shared = places.count(1) > 1
        day = played_on.toordinal()
        lines = self.lines
        for e, rating in zip(entries, rated):  # noqa: B905 (rate gives one per entry)
            player, score, place = e[0], e[1], e[2]
            line = lines[player]
            line.played += 1
            if place == 1:
                line.wins += 1
                line.shared_wins += shared
                streak = line.streak + 1 if line.streak > 0 else 1
                line.streak = streak
                if streak > line.longest_win_streak:
                    line.longest_win_streak = streak
            else:
                line.streak = line.streak - 1 if line.streak < 0 else -1
            if score is not None:
                line.score_total += score
                line.scored += 1
            line.history += (day, rating)
        count, versions, rows = self.fingerprint
        self.fingerprint = (count + 1, versions + version, rows + row * version)
        self.last = (played_on, row)

    def row(self, player: Hashable, name: str) -> dict[str, Any]:
        line = self.lines[player] if player in self.lines else Line()
        return {
            "player": name,
            "played": line.played,
            "wins": line.wins,
            "shared_wins": line.shared_wins,
            "win_rate": line.wins / line.played if line.played else 0.0,
            "average_score": line.score_total / line.scored if line.scored else None,
            "current_streak": line.streak,
            "longest_win_streak": line.longest_win_streak,
            **self.ratings.view(player),
            "rating_provisional": line.played < PROVISIONAL_GAMES,
        }

    def standings(self, names: dict[Hashable, str], sort: str = "wins") -> list[dict[str, Any]]:
        """Players who played, best first, each with its ``rank`` (1, 1, 3: rows level share one).

        ``wins`` (the default, what a group counts at the table): wins, shared wins included, then win
        rate, then games played. Players level on all three share a rank and are listed by name: never
        by the skill estimate, which depends on the order the games were entered in. ``rating``: the
        skill estimate first (equal estimates share a rank), then the same.
        """
        rows = [self.row(p, names[p]) for p in self.lines]
        rows.sort(key=lambda r: (r["player"].casefold(), r["player"]))
        rows.sort(key=record)  # stable: level rows stay in name order
        if sort == "rating":
            rows.sort(key=lambda r: -r["rating"])  # stable: equal ratings keep the order above
        return rank(rows, (lambda r: -r["rating"]) if sort == "rating" else record)

    def rating_history(self, player: Hashable) -> list[dict[str, Any]]:
        """One point per day played: the rating after that day's last game."""
        points: dict[int, float] = {}
        history = self.lines[player].history if player in self.lines else []
        for day, rating in zip(history[::2], history[1::2], strict=True):
            points[day] = rating
        return [{"date": dt.date.fromordinal(day).isoformat(), "rating": rating} for day, rating in points.items()]

    # Saved as JSON: floats round-trip exactly, so a restored tally rates on bit for bit.
    def dumps(self) -> bytes:
        lines = [[player, line.played, line.wins, line.shared_wins, line.score_total, line.scored, line.streak,
                  line.longest_win_streak, line.history]
                 for player, line in self.lines.items()]
        last = [self.last[0].toordinal(), self.last[1]] if self.last else None
        return orjson.dumps({"format": TALLY_FORMAT, "model": rating_model.MODEL, "ratings": self.ratings.state(),
                             "lines": lines, "fingerprint": self.fingerprint, "last": last})

    @classmethod
    def loads(cls, data: bytes) -> Tally:
        state = orjson.loads(data)
        if not isinstance(state, dict) or state.get("format") != TALLY_FORMAT:
            raise ValueError("a tally saved in another format")
        if state.get("model") != rating_model.MODEL:
            raise ValueError("a tally rated by another model")
        tally = cls(Ratings.restore(state["ratings"]))
        for player, *counts, history in state["lines"]:
            tally.lines[player] = Line(*counts, history=history)
        tally.fingerprint = tuple(state["fingerprint"])
        if state["last"]:
            tally.last = (dt.date.fromordinal(state["last"][0]), state["last"][1])
        return tally


def leaderboards(results: Iterable[Played], names: dict[Hashable, str],
                 lowest_best: frozenset[str] = frozenset()) -> list[dict[str, Any]]:
    """Per game: how many results, the best score (the first to reach it is named with it; ``players`` is
    everyone who reached it, by name, as a tie at the top of standings is shared), the average, most wins.
    The best score is the highest, or the lowest for the games in ``lowest_best`` (a golf-style score pad)."""
    boards: dict[str, dict[str, Any]] = {}
    wins: dict[str, dict[Hashable, int]] = defaultdict(lambda: defaultdict(int))
    for result in results:
        board = boards.setdefault(result.game, {"game": result.game, "results": 0, "best_score": None,
                                               "_total": 0, "_scored": 0})
        board["results"] += 1
        for e in result.entries:
            if e.place == 1:
                wins[result.game][e.player] += 1
            if e.score is None:
                continue
            board["_total"] += e.score
            board["_scored"] += 1
            best = board["best_score"]
            lowest = result.game in lowest_best
            if best is None or (e.score < best["score"] if lowest else e.score > best["score"]):  # first keeps it
                board["best_score"] = {"score": e.score, "player": names[e.player],
                                       "played_on": result.played_on.isoformat(), "result_id": result.id}
                board["_holders"] = {e.player}
            elif e.score == best["score"]:
                board["_holders"].add(e.player)
    out = []
    for game, board in boards.items():
        top = max(wins[game].values(), default=0)
        leaders = sorted((names[p] for p, n in wins[game].items() if n == top and top), key=str.casefold)
        out.append({
            "game": game,
            "results": board["results"],
            "best_score": board["best_score"] and {
                **board["best_score"],
                "players": sorted((names[p] for p in board["_holders"]), key=lambda n: (n.casefold(), n))},
            "average_score": board["_total"] / board["_scored"] if board["_scored"] else None,
            "most_wins": [{"player": name, "wins": top} for name in leaders],
        })
    out.sort(key=lambda b: b["game"])
    return out


def head_to_head(results: Iterable[Played], a: Hashable, b: Hashable) -> dict[str, Any]:
    """Results both played: who finished ahead how often, ties, and games as teammates; also per game."""

    def blank() -> dict[str, int]:
        return {"games": 0, "a_ahead": 0, "b_ahead": 0, "ties": 0, "teammates": 0}

    total, per_game = blank(), defaultdict(blank)
    for result in results:
        ea = next((e for e in result.entries if e.player == a), None)
        eb = next((e for e in result.entries if e.player == b), None)
        if ea is None or eb is None:
            continue
        if ea.team and ea.team == eb.team:
            key = "teammates"
        elif ea.place < eb.place:
            key = "a_ahead"
        elif eb.place < ea.place:
            key = "b_ahead"
        else:
            key = "ties"
        for counts in (total, per_game[result.game]):
            counts["games"] += 1
            counts[key] += 1
    return {**total, "by_game": [{"game": g, **c} for g, c in sorted(per_game.items())]}


def _ahead(me: Entry, other: Entry) -> int | None:
    """+1 if ``me`` finished ahead of ``other``, -1 if behind, 0 if level; None for teammates (not rivals)."""
    if me.team and me.team == other.team:
        return None
    return (me.place < other.place) - (other.place < me.place)


def _most(counts: dict[Hashable, list[int]], names: dict[Hashable, str], which: int) -> list[dict[str, Any]]:
    """The players at the top of ``counts[p][which]`` (times ahead) the way standings rank: most times, then
    the higher share of the games together; level on both, all of them, by name."""
    def key(p):
        times, games = counts[p][which], counts[p][2]
        return (-times, -times / games)

    found = [p for p in counts if counts[p][which]]
    if not found:
        return []
    best = min(key(p) for p in found)
    top = sorted((p for p in found if key(p) == best), key=lambda p: (names[p].casefold(), names[p]))
    return [{"player": names[p], "times": counts[p][which], "games": counts[p][2]} for p in top]


def rivals(results: Iterable[Played], player: Hashable, names: dict[Hashable, str]) -> dict[str, Any]:
    """Who finished ahead of ``player`` most often (``beaten_most_by``) and whom they finished ahead of most
    (``beats_most``), each with the times and the games the two played against each other (teammates do
    not count; a shared place is a game together with nobody ahead). Level at the top: all of them, by name."""
    counts: dict[Hashable, list[int]] = defaultdict(lambda: [0, 0, 0])  # [other ahead, me ahead, games]
    for result in results:
        me = next((e for e in result.entries if e.player == player), None)
        if me is None:
            continue
        for other in result.entries:
            if other.player == player or (verdict := _ahead(me, other)) is None:
                continue
            line = counts[other.player]
            line[2] += 1
            if verdict:
                line[0 if verdict < 0 else 1] += 1
    return {"beaten_most_by": _most(counts, names, 0), "beats_most": _most(counts, names, 1)}
