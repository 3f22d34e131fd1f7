"""The season (or one evening) told back: its awards, computed from a league's stored results alone.

Pure: handed the results in the order they count, the players' names and the score sheets of the results
that kept one; it reads nothing else (services/recaps.py loads them). Every award names *all* its holders
when they are level, as the standings share a rank: a tie stays a tie.

What each award reads, and the decisions where the rulebooks are silent:

- **Champion of each game**: the rows ranked 1 in that game's standings over the same results, by the
  standings' own order (wins, shared ones included, then win rate, then games played; league_stats.record).
  Level on all three, all are champions. The skill estimate decides nothing, as in the standings.
- **Most wins**: first places, shared ones included (as the standings count them), over all games.
- **Longest winning streak**: first places in a row, in the order results count (date, then creation), over
  all games, as the standings' ``longest_win_streak``, here counted within the season or the evening.
- **Bresk! longest word**: the longest valid word in a stored grid, judged by the word list the result
  was scored by (its sheet's list and the league's house words, as a sheet is scored). Only a result
  scored from a sheet keeps its grids; a typed total or a table's posted result does not.
- **Bresk! best grid**: the most points one player scored in one game (its total, bonuses included: the
  rulebook counts them into the grid's score). Every Bresk! result with a score counts, typed ones too.
- **Make 'N' Break biggest turn**: the most points a builder scored in one turn (its cards and "10" bonus
  builds; a "4 with left arrow" card's share belongs to the neighbour who built it). Only a sheet keeps
  turns.
- **Block Buster comeback**: the rulebook counts penalties at the end ("Minus tokens that players have are
  deducted from total victory points. If a player leaves any blocks at game end, it is also deducted"); a
  comeback is read as the winner who lost the most points so and still finished first (start penalty,
  skipped spaces, leftover squares, read from the result's sheet). Only a sheet keeps the penalties.

A sheet that no longer scores (a word list or rule that has since changed) is left out of what it would have
told, and counted as not read.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable, Iterable
from typing import Any

from ..games import block_buster, bresk, make_n_break
from ..games.base import RuleError
from .league_stats import Played, rank, record

# At most this many holders of one award are named (a tie of 50 players at one grid score says little more).
MOST_HOLDERS = 20

WordCheck = Callable[[str], tuple[bool, str]]

# The order the awards are told in (the champions come first, one per game).
AWARDS = ("champion", "most_wins", "longest_streak", "bresk_longest_word", "bresk_best_grid",
          "make_n_break_best_turn", "block_buster_comeback")


def _by_name(names: dict[Hashable, str]):
    return lambda p: (names[p].casefold(), names[p])


def _award(award: str, value: int | None, holders: list[dict[str, Any]], results: int, read: int,
           game: str | None = None) -> dict[str, Any]:
    return {"award": award, "game": game, "value": value, "holders": holders[:MOST_HOLDERS],
            "holders_total": len(holders), "results": results, "read": read}


def _when(result: Played) -> dict[str, Any]:
    return {"played_on": result.played_on.isoformat(), "result_id": result.id}


def champions(results: list[Played], names: dict[Hashable, str]) -> list[dict[str, Any]]:
    """Per game (by id), the players ranked 1 in its standings over ``results``."""
    lines: dict[str, dict[Hashable, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    counts: dict[str, int] = defaultdict(int)
    for result in results:
        counts[result.game] += 1
        game = lines[result.game]
        for e in result.entries:
            line = game[e.player]
            line[0] += 1
            line[1] += e.place == 1
    out = []
    for game_id in sorted(lines):
        rows = [{"player": names[p], "played": n, "wins": w, "win_rate": w / n} for p, (n, w) in lines[game_id].items()]
        rows.sort(key=lambda r: (r["player"].casefold(), r["player"]))
        rows.sort(key=record)
        top = [r for r in rank(rows, record) if r["rank"] == 1]
        holders = [{"player": r["player"], "wins": r["wins"], "played": r["played"]} for r in top]
        out.append(_award("champion", top[0]["wins"], holders, counts[game_id], counts[game_id], game_id))
    return out


def wins_and_streaks(results: list[Played], names: dict[Hashable, str]) -> list[dict[str, Any]]:
    """Most wins and the longest winning streak over all games (none when nobody won)."""
    wins: dict[Hashable, int] = defaultdict(int)
    played: dict[Hashable, int] = defaultdict(int)
    streak: dict[Hashable, int] = defaultdict(int)
    longest: dict[Hashable, int] = defaultdict(int)
    for result in results:
        for e in result.entries:
            played[e.player] += 1
            if e.place == 1:
                wins[e.player] += 1
                streak[e.player] += 1
                if streak[e.player] > longest[e.player]:
                    longest[e.player] = streak[e.player]
            else:
                streak[e.player] = 0
    out = []
    for award, counts in (("most_wins", wins), ("longest_streak", longest)):
        best = max(counts.values(), default=0)
        if best:
            holders = [{"player": names[p], "wins": counts[p], "played": played[p]}
                       for p in sorted((p for p in counts if counts[p] == best), key=_by_name(names))]
            out.append(_award(award, best, holders, len(results), len(results)))
    return out


def _top(found: list[tuple[int, tuple, dict[str, Any]]]) -> tuple[int | None, list[dict[str, Any]]]:
    """The best value of (value, order, holder) and its holders in order (the first to reach it first)."""
    best = max((value for value, _, _ in found), default=None)
    return best, [holder for value, order, holder in sorted(found, key=lambda f: f[1]) if value == best]


def bresk_awards(results: list[Played], names: dict[Hashable, str], sheets: dict[int, Any],
                 word_check_for: Callable[[dict[str, Any]], WordCheck]) -> list[dict[str, Any]]:
    """The longest valid word in a stored grid, and the most points in one grid."""
    mine = [r for r in results if r.game == bresk.id]
    if not mine:
        return []
    words: list[tuple[int, tuple, dict[str, Any]]] = []
    grids: list[tuple[int, tuple, dict[str, Any]]] = []
    read = 0
    for n, result in enumerate(mine):
        for i, e in enumerate(result.entries):
            if e.score is not None:
                grids.append((e.score, (n, i), {"player": names[e.player], **_when(result)}))
        found = _longest_words(result, names, sheets.get(result.row), word_check_for)
        if found is not None:
            read += 1
            words += [(len(w["word"]), (n, i), w) for i, w in enumerate(found)]
    out = []
    length, holders = _top(words)
    out.append(_award("bresk_longest_word", length, holders, len(mine), read, bresk.id))
    points, holders = _top(grids)
    out.append(_award("bresk_best_grid", points, holders, len(mine), sum(1 for r in mine if any(
        e.score is not None for e in r.entries)), bresk.id))
    return out


def _longest_words(result: Played, names: dict[Hashable, str], sheet: Any,
                   word_check_for: Callable[[dict[str, Any]], WordCheck]) -> list[dict[str, Any]] | None:
    """Each player's longest valid words in the result's stored grids (None when it kept none that read)."""
    players = _sheet_players(sheet, result)
    if players is None:
        return None
    try:
        judge = word_check_for(sheet)
        grids = [bresk.parse_grid(p.get("grid"), f"players.{i}.grid") for i, p in enumerate(players)]
    except (RuleError, LookupError, ValueError):
        return None
    seen: dict[str, tuple[bool, str]] = {}

    def check(word: str) -> tuple[bool, str]:  # a word recurs across grids: asked once per result
        if word not in seen:
            seen[word] = judge(word)
        return seen[word]

    out = []
    for entry, grid in zip(result.entries, grids, strict=True):
        valid = [c["text"] for c in bresk.score_grid(grid, check)["candidates"] if c["valid"]]
        longest = max(map(len, valid), default=0)
        for word in dict.fromkeys(w for w in valid if len(w) == longest):  # once each, in reading order
            out.append({"player": names[entry.player], "word": word, **_when(result)})
    return out


def _sheet_players(sheet: Any, result: Played) -> list[dict[str, Any]] | None:
    """The sheet's players, one per entry in the result's order (as a sheet's result is recorded), or None."""
    if not isinstance(sheet, dict):
        return None
    players = sheet.get("players")
    if not isinstance(players, list) or len(players) != len(result.entries):
        return None
    return players


def _read_sheets(mine: list[Played], sheets: dict[int, Any], reader: Callable[[Any], Any],
                 unreadable: tuple[type[Exception], ...]) -> list[tuple[int, Played, Any]]:
    """(position, result, what ``reader`` reads of its sheet) for each result whose stored sheet names its
    players and reads; a sheet ``reader`` refuses with one of ``unreadable`` is left out, as none kept."""
    out = []
    for n, result in enumerate(mine):
        sheet = sheets.get(result.row)
        if _sheet_players(sheet, result) is None:
            continue
        try:
            out.append((n, result, reader(sheet)))
        except unreadable:
            continue
    return out


def make_n_break_award(results: list[Played], names: dict[Hashable, str],
                       sheets: dict[int, Any]) -> list[dict[str, Any]]:
    """The most points a builder scored in one turn, from the sheets that keep each turn."""
    mine = [r for r in results if r.game == make_n_break.id]
    if not mine:
        return []
    turns: list[tuple[int, tuple, dict[str, Any]]] = []
    read = _read_sheets(mine, sheets, make_n_break.sheet_turns, (RuleError, TypeError, ValueError, AttributeError))
    for n, result, played in read:
        for i, turn in enumerate(played):
            if turn["points"] > 0:
                holder = {"player": names[result.entries[turn["seat"]].player], "round": turn["round"],
                          "stage": turn["stage"], **_when(result)}
                turns.append((turn["points"], (n, i), holder))
    points, holders = _top(turns)
    return [_award("make_n_break_best_turn", points, holders, len(mine), len(read), make_n_break.id)]


def block_buster_award(results: list[Played], names: dict[Hashable, str],
                       sheets: dict[int, Any]) -> list[dict[str, Any]]:
    """The winner who lost the most points to penalties, from the sheets that keep them."""
    mine = [r for r in results if r.game == block_buster.id]
    if not mine:
        return []
    comebacks: list[tuple[int, tuple, dict[str, Any]]] = []
    read = _read_sheets(mine, sheets, block_buster.sheet_penalties, (RuleError, TypeError, ValueError))
    for n, result, penalties in read:
        for i, (entry, penalty) in enumerate(zip(result.entries, penalties, strict=True)):
            if entry.place == 1 and penalty < 0:
                holder = {"player": names[entry.player], "score": entry.score, **_when(result)}
                comebacks.append((-penalty, (n, i), holder))
    lost, holders = _top(comebacks)
    return [_award("block_buster_comeback", lost, holders, len(mine), len(read), block_buster.id)]


def recap(results: Iterable[Played], names: dict[Hashable, str], sheets: dict[int, Any],
          word_check_for: Callable[[dict[str, Any]], WordCheck]) -> list[dict[str, Any]]:
    """Every award ``results`` support, in the order of ``AWARDS``.

    ``sheets``: the stored sheet of each Bresk!, Make 'N' Break and Block Buster result that has one, by the
    result's row; ``word_check_for(sheet)``: the word check a Bresk! sheet is scored by. An award of a game
    played here is given even when no result kept what it reads (``value`` null, ``read`` 0), so that a
    reader is told why it is missing; a game not played here has none.
    """
    results = list(results)
    return [*champions(results, names), *wins_and_streaks(results, names),
            *bresk_awards(results, names, sheets, word_check_for), *make_n_break_award(results, names, sheets),
            *block_buster_award(results, names, sheets)]
