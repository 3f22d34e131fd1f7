"""The definition every game declares (``Game``), and the shapes its results take.

Rules modules are pure: standard library only, no Flask, no database (a test
enforces it). A table's state is derived by replaying its event log:

    state = game.setup(options, seats)
    for event in events:
        state = game.apply(state, event)

States are plain JSON-serialisable dicts that are never mutated in place:
``apply`` returns a new dict (``evolve`` copies one), so a
state can be cached, stored or sent to a phone as it is.
"""

from __future__ import annotations

import json
import marshal
import math
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..text import N_, UNSTORABLE, Text, storable, with_said


class RuleError(Exception):
    """An event or sheet that breaks a rule.

    ``code`` is a stable machine-readable slug (``not_your_turn``),
    ``message`` says in a player's words what is wrong, and ``field`` names
    the offending input as a dotted path (``players.1.grid.3.5``) when there is one.
    ``message`` is a template filled from ``params`` (``"The supply has only {left} left"``,
    ``left=3``), so the API can say it in the asker's language; ``text`` keeps both.
    """

    def __init__(self, code: str, message: str, field: str | None = None, **params: Any):
        self.text = message if isinstance(message, Text) and not params else Text(message, params)
        super().__init__(str(self.text))
        self.code = code
        self.message = self.text  # a Text: re-raised with another field, it stays translatable
        self.field = field

    def at(self, field: str | None) -> RuleError:
        """The same refusal, naming another field (a sheet's path for an event's field)."""
        return RuleError(self.code, self.text, field)

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, "field": self.field}


@dataclass(frozen=True)
class Line:
    """One line of a player's score: the answer to "why do I have 13?"."""

    label: str  # a Text where the game can say it in other languages
    points: int
    extra: dict[str, Any] = field(default_factory=dict)  # what a phone draws from (Block Buster: shape, count)

    def to_dict(self) -> dict[str, Any]:
        return with_said({"label": "", "points": self.points, **self.extra}, label=self.label)


@dataclass(frozen=True)
class PlayerResult:
    name: str
    total: int
    lines: list[Line] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)  # game-specific fields

    def to_dict(self) -> dict[str, Any]:
        out = {"name": self.name, "total": self.total, "lines": [line.to_dict() for line in self.lines]}
        out.update(self.extra)
        return out


@dataclass(frozen=True)
class Result:
    """The common outer shape of every score (docs/ARCHITECTURE.md §2), extended per game."""

    game: str
    players: list[PlayerResult]
    winners: list[str]
    finished: bool
    reason: str
    extra: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        out = {
            "game": self.game,
            "players": [p.to_dict() for p in self.players],
            "winners": list(self.winners),
            "finished": self.finished,
            "reason": "",
        }
        out.update(self.extra)
        return with_said(out, reason=self.reason)


@dataclass(frozen=True)
class Option:
    """A table-changeable rule decision, with its default (docs/ARCHITECTURE.md §5).

    ``label`` names it in a player's words, with the rulebook's terms ("Rounds", "Seconds on timer dial 1");
    ``description`` says more where a label cannot; ``choice_labels`` name each of ``choices`` the same way.
    ``league``: a league may set it as a house rule (its tables then start from the league's value).
    """

    name: str
    default: Any
    description: str
    choices: tuple[Any, ...] | None = None  # allowed values, when it is a choice
    minimum: int | None = None
    maximum: int | None = None
    label: str = ""
    choice_labels: tuple[str, ...] | None = None
    league: bool = False

    @property
    def kind(self) -> str:
        """choice, boolean, integer, or list (a value per seat, checked by the game's setup)."""
        if self.choices is not None:
            return "choice"
        if isinstance(self.default, bool):
            return "boolean"
        if isinstance(self.default, int):
            return "integer"
        return "list"

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "label": self.label, "type": self.kind, "default": self.default,
                               "description": self.description, "league": self.league}
        if self.choices is not None:
            out["choices"] = list(self.choices)
            out["choice_labels"] = list(self.choice_labels or (str(c) for c in self.choices))
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.maximum is not None:
            out["maximum"] = self.maximum
        return out

    def check(self, value: Any) -> Any:
        field_name = f"options.{self.name}"
        if self.choices is not None:
            if value not in self.choices:
                allowed = ", ".join(str(c) for c in self.choices)
                raise RuleError("bad_option", "{name} must be one of: {allowed}.", field_name,
                                name=self.name, allowed=allowed)
            return value
        if isinstance(self.default, bool):
            if not isinstance(value, bool):
                raise RuleError("bad_option", "{name} must be true or false.", field_name, name=self.name)
            return value
        if isinstance(self.default, int):
            if isinstance(value, bool) or not isinstance(value, int):
                raise RuleError("bad_option", "{name} must be a whole number.", field_name, name=self.name)
            if self.minimum is not None and value < self.minimum:
                raise RuleError("bad_option", "{name} must be at least {minimum}.", field_name,
                                name=self.name, minimum=self.minimum)
            if self.maximum is not None and value > self.maximum:
                raise RuleError("bad_option", "{name} must be at most {maximum}.", field_name,
                                name=self.name, maximum=self.maximum)
            return value
        return value


def resolve_options(declared: tuple[Option, ...], given: dict[str, Any] | None) -> dict[str, Any]:
    """Defaults overlaid with what a table chose; unknown names are refused."""
    given = dict(given or {})
    known = {o.name: o for o in declared}
    for name in given:
        if name not in known:
            raise RuleError("unknown_option", "There is no option called {name!r}.", f"options.{name}", name=name)
    return {o.name: o.check(given[o.name]) if o.name in given else o.default for o in declared}


# A word check handed to games that need a dictionary: word -> (valid, reason).
WordCheck = Callable[[str], "tuple[bool, str]"]


def no_timer(state: dict[str, Any]) -> None:
    """The timer hook of a game that leaves the shared timer to the players."""
    return None


def no_dice_typed(kind: str, data: dict[str, Any]) -> None:
    """The hook of a game whose dice are only ever rolled by the app (or not at all)."""
    return None


def no_turn(state: dict[str, Any]) -> None:
    """The turn hook of a game whose players do not take turns the app follows (a score pad)."""
    return None


def sheet_names(sheet: dict[str, Any]) -> list[str]:
    """The players' names in a score sheet of any game here, in its order (a name, or an object with one)."""
    players = sheet.get("players") if isinstance(sheet, dict) else None
    if not isinstance(players, list):
        return []
    return [p if isinstance(p, str) else str(p.get("name", "")) if isinstance(p, dict) else "" for p in players]


def rename_sheet_players(sheet: dict[str, Any], names: list[str]) -> dict[str, Any]:
    """A copy of ``sheet`` with its players, in order, renamed to ``names``: who played changes, what they
    did stays. ``players`` as names or objects with a name; a game whose sheet names players elsewhere
    too declares its own ``rename_players`` that calls this first."""
    old = sheet_names(sheet)
    if len(old) != len(names):
        raise RuleError("bad_players", "This score sheet has {old_count} players; name {old_count}.", "players",
                        old_count=len(old))
    new = evolve(sheet)
    for i, name in enumerate(names):
        if isinstance(new["players"][i], dict):
            new["players"][i]["name"] = name
        else:
            new["players"][i] = name
    return new


def renaming_builders(*keys: str) -> Callable[[dict[str, Any], list[str]], dict[str, Any]]:
    """A ``rename_players`` for a sheet whose turns (the lists under ``keys``) name their ``builder``."""
    def rename(sheet: dict[str, Any], names: list[str]) -> dict[str, Any]:
        new = rename_sheet_players(sheet, names)
        renamed = dict(zip(sheet_names(sheet), names, strict=True))
        for key in keys:
            for turn in new.get(key) or ():
                if isinstance(turn, dict) and isinstance(turn.get("builder"), str) and turn["builder"] in renamed:
                    turn["builder"] = renamed[turn["builder"]]
        return new
    return rename


@dataclass(frozen=True)
class Sample:
    """What a game is played with by the registry-wide tests: a typed final result that can happen
    (``scores``, one a player, the last player ahead) and a short table: ``events`` the game takes, in
    order, after ``setup(options, seats)`` (a few moves; it need not reach the game's end)."""

    scores: tuple[int, ...]
    seats: tuple[str, ...] = ("Ana", "Ben")
    options: dict[str, Any] = field(default_factory=dict)
    events: tuple[dict[str, Any], ...] = ()


@dataclass(frozen=True)
class Game:
    """Everything a game declares: the one definition the services, the league's house rules, the API's
    schemas and catalogue and the phone's settings screens are derived from (docs/ARCHITECTURE.md §5).

    A frozen dataclass rather than a Protocol: a Protocol only describes, so a game that forgot a hook
    would be found by whatever called it first; a definition is built once, at import, so a missing hook
    fails then, optional hooks have one declared default (no ``getattr`` anywhere), and a test can make a
    game of its own in a few lines. Each rules module ends with its ``GAME``; ``games/__init__.py`` lists them.
    The names mirror the module's own (``OPTIONS``, ``MIN_SEATS``…), so the definition reads like the module.
    """

    id: str  # url slug: "bresk", "block-buster", ...
    name: str  # shown to people: "Bresk!"
    MIN_SEATS: int
    MAX_SEATS: int
    OPTIONS: tuple[Option, ...]  # what a table may set; those with league=True are house rules too
    EVENT_FIELDS: dict[str, tuple[str, ...]]  # event type -> the data fields it takes (see check_event_data)
    catalogue: Callable[[], dict[str, Any]]  # what only it has (variants, boards, its dice) for GET /api/games
    setup: Callable[..., dict[str, Any]]  # (options, seats) -> the first state
    apply: Callable[..., dict[str, Any]]  # (state, event, **context) -> the next state, or RuleError
    result: Callable[..., Result]  # (state, **context) -> the score now
    score_sheet: Callable[..., Result]  # (sheet, **context) -> a finished game's score
    league_places: Callable[[dict[str, Any]], list[int]]  # a finished table's or sheet's result -> places
    places_from_scores: Callable[..., list[int]]  # (scores, teams, lowest_wins=…) of a typed result -> places
    check_final: Callable[[list[dict[str, Any]]], None]  # a typed final result: RuleError when it cannot happen
    # (state) -> (moment, seconds) | None: a game that sets the shared timer (a die picks the dial) says
    # what it is set to now; the timer is set again whenever the moment changes.
    timer_setting: Callable[[dict[str, Any]], tuple[str, int] | None] = no_timer
    # (event type, data) -> the faces of a real die typed in by that event ([{"die", "face"}]), or None:
    # the table shows them as its last roll, as it shows the app's (a typed die after an app roll would
    # otherwise leave the previous turn's roll on show).
    dice_typed: Callable[[str, dict[str, Any]], list[dict[str, Any]] | None] = no_dice_typed
    # The option naming the word list its words are judged by; None: the game judges no words. A game
    # that does is handed ``word_check`` by the service, and a league may add and ban words for it.
    word_list_option: str | None = None
    # (state) -> the seat whose turn it is now (the builder, the roller), None when it is nobody's: that
    # seat's phone says "Your turn".
    turn_seat: Callable[[dict[str, Any]], int | None] = no_turn
    # event type -> the data field naming the seat it is done for, for acts that are a player's own (a grid
    # handed in): they come from the phone holding that seat, or are confirmed as done for that player.
    PLAYER_ACTS: dict[str, str] = field(default_factory=dict)
    # The game's own dice by name ({"name", "faces", "description"}), rollable at any table (games/dice.py).
    DICE: dict[str, dict[str, Any]] = field(default_factory=dict)
    # Every table's turn order begins with seat 0 (BG Stats is told who started); False: no turn order kept.
    FIRST_SEAT_STARTS: bool = False
    # The boolean option that ranks the lowest total first (a golf-style pad), if the game has one: a
    # BG Stats file's "lowest wins" game becomes that house rule.
    LOWEST_WINS_OPTION: str | None = None
    # Results of games the app does not know are kept as this game's, under their own name (an imported
    # play of Catan): the score pad's. One game of the registry says so (games.stand_in()).
    STANDS_IN_FOR_OTHERS: bool = False
    # (sheet, names) -> the sheet with its players renamed in order; a game whose sheet names players in
    # more places (turns naming their builder) renames them there too.
    rename_players: Callable[[dict[str, Any], list[str]], dict[str, Any]] = rename_sheet_players
    # What the registry-wide tests play this game with (tests/games/test_every_game.py), so a new game
    # is tested by them as it is added.
    SAMPLE: Sample | None = None

    def describe(self) -> dict[str, Any]:
        """The game in GET /api/games: its own catalogue (what only it has: variants, dice, boards), with
        what is declared here (id, name, seats, options, word-list needs, turns)."""
        return {"id": self.id, "name": self.name, "min_seats": self.MIN_SEATS, "max_seats": self.MAX_SEATS,
                "variants": [], **self.catalogue(), "options": [o.to_dict() for o in self.OPTIONS],
                "word_list_option": self.word_list_option, "turns": self.turn_seat is not no_turn,
                "first_seat_starts": self.FIRST_SEAT_STARTS}

    def option(self, name: str) -> Option | None:
        return next((o for o in self.OPTIONS if o.name == name), None)

    def house_rule_options(self) -> tuple[Option, ...]:
        """The options a league may set for this game."""
        return tuple(o for o in self.OPTIONS if o.league)


def evolve(state: dict[str, Any]) -> dict[str, Any]:
    """A private copy of ``state`` for ``apply`` to change and return.

    States are plain data, so a marshal round trip copies them whole, about ten times
    faster than ``copy.deepcopy`` (a score pad's state at 2,000 lines: 0.19 ms against 1.8).
    """
    return marshal.loads(marshal.dumps(state))  # noqa: S302 - bytes made on the line itself


# --- what an event's data may hold ------------------------------------------------------------
#
# Every game declares, per event type, the data fields it takes (EVENT_FIELDS, next to its
# constants); the table service checks every event against them before any rule sees it, so
# nothing a game does not read is ever stored or streamed. The rules then check each value.
MAX_EVENT_BYTES = 4096  # the largest honest event, a Bresk! grid handed in, is about 200 bytes
MAX_TEXT = 200
MAX_NUMBER = 10**9
MAX_DEPTH = 4


def check_event_data(fields: dict[str, tuple[str, ...]], kind: str, data: Any) -> None:
    """Refuse fields ``kind`` does not take, and values too big, too deep or not storable as text.

    ``fields`` maps an event type to the data fields it takes (which of them are required is
    for the rules to say). A type nobody declared is left to the game to refuse.
    """
    if not isinstance(data, dict):
        raise RuleError("bad_event", "An event's data must be an object.", "data")
    allowed = fields.get(kind)
    if allowed is not None:
        for name in data:
            if name not in allowed:
                field_name = str(name)[:40]
                if not allowed:
                    raise RuleError("unknown_field", "A {kind} event has no field {name!r}; it takes none.",
                                    f"data.{field_name}", kind=kind, name=field_name)
                raise RuleError("unknown_field", "A {kind} event has no field {name!r}; it takes {fields}.",
                                f"data.{field_name}", kind=kind, name=field_name, fields=", ".join(allowed))
    _check_value(data, "data", 0)
    if len(json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()) > MAX_EVENT_BYTES:
        raise RuleError("too_big", "An event's data is at most {MAX_EVENT_BYTES:,} bytes.", "data",
                        MAX_EVENT_BYTES=MAX_EVENT_BYTES)


def _check_value(value: Any, where: str, depth: int) -> None:
    if depth > MAX_DEPTH:
        raise RuleError("too_deep", "This event's data is nested too deeply.", where)
    if isinstance(value, str):
        _check_text(value, where)
    elif isinstance(value, bool) or value is None:
        return
    elif isinstance(value, (int, float)):
        if (isinstance(value, float) and not math.isfinite(value)) or abs(value) > MAX_NUMBER:
            raise RuleError("bad_number", "Numbers in an event are at most {MAX_NUMBER:,}.", where,
                            MAX_NUMBER=MAX_NUMBER)
    elif isinstance(value, dict):
        for key, item in value.items():
            _check_text(str(key), where)
            _check_value(item, f"{where}.{str(key)[:40]}", depth + 1)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            _check_value(item, f"{where}.{i}", depth + 1)
    else:
        raise RuleError("bad_event", "An event's data holds only text, numbers, lists and objects.", where)


def _check_text(text: str, where: str) -> None:
    if len(text) > MAX_TEXT:
        raise RuleError("too_long", "Text in an event is at most {MAX_TEXT} characters.", where, MAX_TEXT=MAX_TEXT)
    if not storable(text):
        raise RuleError("bad_text", UNSTORABLE, where)


def dispatch(handlers: dict[str, Callable[..., dict[str, Any]]], state: dict[str, Any], event: Any,
             game_name: str) -> dict[str, Any]:
    """Hand ``event`` to the handler for its type: ``handler(state, data)``.

    Malformed events and types the game does not know are refused here, once for every game.
    """
    if not isinstance(event, dict):
        raise RuleError("bad_event", "An event must be an object with a type.")
    kind = event.get("type")
    data = event.get("data") or {}
    if not isinstance(data, dict):
        raise RuleError("bad_event", "An event's data must be an object.", "data")
    handler = handlers.get(kind) if isinstance(kind, str) else None
    if handler is None:
        raise RuleError("unknown_event", "{game_name} has no {kind!r} event.", "type", game_name=game_name, kind=kind)
    return handler(state, data)


def rolled(data: dict[str, Any], die: str, one_only: RuleError) -> tuple[int, Any] | None:
    """(index, face) of ``die`` in a server roll's results; None when the roll did not include it.

    ``one_only`` is the refusal for a roll that threw that die more than once.
    """
    results = data.get("results")
    if not isinstance(results, list):
        raise RuleError("bad_roll", "A roll needs its results.", "data.results")
    ours = [(i, r) for i, r in enumerate(results) if isinstance(r, dict) and r.get("die") == die]
    if not ours:
        return None
    if len(ours) > 1:
        raise one_only
    index, found = ours[0]
    return index, found.get("face")


# Characters that show nothing by themselves, which a name may carry where a script or an emoji needs them
# (a zero-width joiner in 👩‍👩‍👧, a variation selector, a Hangul filler in old Hangul) but which never tell two
# names apart: the zero-width joiner, the combining grapheme joiner, the Hangul fillers, the Khmer inherent
# vowels, the Mongolian variation selectors, the blank Braille pattern and the variation selectors.
INVISIBLE = frozenset("\u200d\u034f\u115f\u1160\u3164\uffa0\u17b4\u17b5\u180b\u180c\u180d\u180f\u2800"
                      + "".join(map(chr, range(0xFE00, 0xFE10))) + "".join(map(chr, range(0xE0100, 0xE01F0))))


def visible(name: str) -> str:
    """``name`` without the characters that show nothing (``INVISIBLE``)."""
    return "".join(char for char in name if char not in INVISIBLE)


MAX_NAME = 40  # a player's name or a team's, at a table and in a league alike (a seat's name joins its league)
# Characters that can hide or disguise text on other people's phones: control, private-use, unassigned and
# unpaired-surrogate characters, and format characters (a right-to-left override makes "Ann" read as another
# name) but the zero-width joiner that emoji sequences need (names.py says what else a name may not be).
_HIDING = frozenset(("Cc", "Co", "Cs", "Cn"))
_ZWJ = "\u200d"


def hiding_character(text: str) -> str | None:
    """The first character of ``text`` that can hide or disguise it, or None."""
    for char in text:
        category = unicodedata.category(char)
        if category in _HIDING or (category == "Cf" and char != _ZWJ):
            return char
    return None


def name_key(name: str) -> str:
    """How two players' names are compared, here and in leagues (``names.key``): case, spacing, Unicode's
    compatibility forms ("Ａｎｎ" is "Ann") and characters that show nothing do not tell people apart."""
    return " ".join(visible(unicodedata.normalize("NFKC", name)).split()).casefold()


def refuse_same_names(names: list[str], field: Callable[[int], str]) -> None:
    """Refuse a second player of one name: results, winners and leagues go by name."""
    seen: set[str] = set()
    for i, player in enumerate(names):
        if name_key(player) in seen:
            raise RuleError("duplicate_name", "Two players are called {name!r}; give each player a different name.",
                            field(i),
                            name=player.strip())
        seen.add(name_key(player))


def not_your_turn(state: dict[str, Any], named: Any) -> RuleError:
    """An action naming a builder whose turn it is not: nearly always a phone that had not yet heard that
    turn end. Said so, since on the next builder's own phone "It is Ben's turn" reads as if Ben were wrong."""
    who = state["seats"][state["builder"]]
    if isinstance(named, int) and not isinstance(named, bool) and 0 <= named < len(state["seats"]):
        return RuleError("not_your_turn", "{was}'s turn is over: it is {who}'s turn to build now.", "data.builder",
                         was=state["seats"][named], who=who)
    return RuleError("not_your_turn", "It is {who}'s turn to build.", "data.builder", who=who)


def winners_by_total(players: list[PlayerResult]) -> list[str]:
    """Everyone sharing the highest total (ties share the win)."""
    if not players:
        return []
    best = max(p.total for p in players)
    return [p.name for p in players if p.total == best]


def chips(points: int) -> dict[str, int]:
    """Points paid from a bank of 10- and 1-chips: 23 → 2 tens, 3 ones."""
    tens, ones = divmod(max(points, 0), 10)
    return {"tens": tens, "ones": ones}


# --- a finished game in a league ----------------------------------------------------------------
# A league keeps each player's place. Where a game decides its winner by a rule rather than by points
# (an immediate win, sudden death, a shared win, teams), the place comes from the game's own result;
# each game module says so through ``league_places`` (a finished table or sheet), ``places_from_scores`` (a
# result typed in with scores only) and ``check_final`` (a result typed in: what can happen).


def _sides(teams: list[str | None]) -> list[tuple[str, Any]]:
    return [("team", team) if team else ("seat", i) for i, team in enumerate(teams)]


def rank_sides(totals: list[int], teams: list[str | None], lowest_wins: bool = False,
               first: frozenset[tuple[str, Any]] = frozenset()) -> list[int]:
    """Each player's place (1, 1, 3: ties share, the next place is skipped). A team counts its members'
    total and its members share its place. Sides in ``first`` (a rule made them win) share place 1;
    the rest follow them by total."""
    sides = _sides(teams)
    total: dict[tuple[str, Any], int] = {}
    for side, points in zip(sides, totals, strict=True):
        total[side] = total.get(side, 0) + points
    sign = -1 if lowest_wins else 1

    def place(side: tuple[str, Any]) -> int:
        if side in first:
            return 1
        ahead = sum(1 for other, points in total.items()
                    if other in first or sign * points > sign * total[side])
        return 1 + ahead

    return [place(side) for side in sides]


def places_from_result(result: dict[str, Any], lowest_wins: bool = False) -> list[int]:
    """Places from a finished game's ``Result.to_dict()``: its winners first, whatever their points (the game
    decided them), everyone else after them by total. No winners named: by total alone."""
    players = result["players"]
    teams = [p.get("team") or None for p in players]
    teams = [str(t) if t is not None else None for t in teams]
    winners = set(result.get("winners") or ())
    sides = _sides(teams)
    first = frozenset(side for side, p in zip(sides, players, strict=True) if p["name"] in winners)
    return rank_sides([p["total"] for p in players], teams, lowest_wins, first)


def check_typed_final(players: list[dict[str, Any]], *, game: str, min_players: int, max_players: int,
                floor: int | None = None, floor_rule: str = "", ceiling: int | None = None, ceiling_rule: str = "",
                lowest_wins: bool = False, winner_by_rule: str = "", tie_at_top_by_rule: str = "") -> None:
    """A final result typed in by hand, checked against what can happen in ``game``.

    ``players``: ``[{"name", "score"?, "place"?, "team"?}]``. Refusals name the player and the rule.
    Places must agree with scores (a team: its members' total), except where a rule decides:
    ``winner_by_rule`` (the first place may have fewer points, e.g. an immediate win) and
    ``tie_at_top_by_rule`` (players level at the top may be split, e.g. by sudden death).
    """
    if not min_players <= len(players) <= max_players:
        raise RuleError("wrong_player_count", "{game} is for {min_players} to {max_players} players.", "players",
                        game=game, min_players=min_players, max_players=max_players)
    for i, p in enumerate(players):
        score = p.get("score")
        if score is None:
            continue
        if floor is not None and score < floor:
            raise RuleError("impossible_score", "{name}: {score} cannot happen in {game}: {floor_rule}.",
                            f"players.{i}.score", name=p['name'], score=score, game=game, floor_rule=floor_rule)
        if ceiling is not None and score > ceiling:
            raise RuleError("impossible_score", "{name}: {score} cannot happen in {game}: {ceiling_rule}.",
                            f"players.{i}.score", name=p['name'], score=score, game=game, ceiling_rule=ceiling_rule)
    if any(p.get("score") is None or p.get("place") is None for p in players):
        return  # places alone, or scores alone (the places then follow from them): nothing to compare
    sides = _sides([p.get("team") or None for p in players])
    total: dict[tuple[str, Any], int] = {}
    place: dict[tuple[str, Any], int] = {}
    first_seat: dict[tuple[str, Any], int] = {}
    for i, (side, p) in enumerate(zip(sides, players, strict=True)):
        total[side] = total.get(side, 0) + p["score"]
        place[side] = min(place.get(side, p["place"]), p["place"])
        first_seat.setdefault(side, i)
    sign = -1 if lowest_wins else 1
    for a in total:
        for b in total:
            if place[a] >= place[b] or sign * total[a] > sign * total[b]:
                continue
            if place[a] == 1 and winner_by_rule:
                continue
            if place[a] == 1 and total[a] == total[b] and tie_at_top_by_rule:
                continue
            who, other = players[first_seat[a]]["name"], players[first_seat[b]]["name"]
            level = total[a] == total[b]
            if level:
                why = N_("level on points with {other} ({points}) but placed above them", other=other, points=total[a])
            elif lowest_wins:
                why = N_("placed above {other} with more points ({points} to {others})", other=other, points=total[a],
                         others=total[b])
            else:
                why = N_("placed above {other} with fewer points ({points} to {others})", other=other, points=total[a],
                         others=total[b])
            rule = (N_("in {game} the fewest points win and level players share a place", game=game) if lowest_wins
                    else N_("in {game} the most points win and level players share a place", game=game))
            extra = [r for r in (winner_by_rule if not level else "", tie_at_top_by_rule if level else "") if r]
            if extra:
                raise RuleError("places_disagree", "{who} is {why}: {rule}; {exception}.",
                                f"players.{first_seat[a]}.place", who=who, why=why, rule=rule, exception=extra[0])
            raise RuleError("places_disagree", "{who} is {why}: {rule}.",
                            f"players.{first_seat[a]}.place", who=who, why=why, rule=rule)
