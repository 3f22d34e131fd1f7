"""Bresk!: write letters in an 8×8 grid as the dice say, score the words.

Pure rules: standard library only. Words are judged by a ``word_check``
callable handed in by the caller (see ``base.WordCheck``); this module never
loads a dictionary itself.

Scoring a grid
    Every row is read left to right and every column top to bottom. Each
    maximal run of letters between spaces (``#``) or edges is a candidate; it
    scores its length when it has at least two letters and ``word_check``
    accepts it, else 0 (NINEHAT scores 0, never NINE + HAT). Across all
    players, +5 to everyone who has a valid word of the longest valid length
    and +3 to everyone with the most valid words; nobody gets a bonus for 0.

Table play (``setup`` / ``apply`` / ``result``)
    ``roll``     ``{"dice": [...], "results": [{"die": "bresk", "face": 2}, ...]}``,
                 rolled by the server. The roller rotates through the seats, one
                 Bresk-die roll per turn. 0: nothing placed. 1–3: everyone places
                 that many letters or spaces. BRESK: the same roller then rolls
                 the alphabet die (or rolls both dice in one event) and everyone
                 places that letter, or a space on a blank. When both dice are
                 rolled together and the Bresk die shows a number, the alphabet
                 die is ignored (it was rolled for convenience, not by the rules).
    ``hand_in``  ``{"seat": i, "grid": [8 rows]}`` once all 64 squares are placed
                 (or at any time with the ``hand_in_early`` option, for tables
                 that roll real dice without entering them). Once per seat; an
                 ``undo`` (handled by the service) makes room for a new one.
    The game is finished when every seat has handed in.
    ``challenge`` events belong to the service (it logs word disputes); they
    leave the state unchanged. Any other type is refused.

What the dice allow, checked at every hand-in (and on a sheet that lists its rolls)
    "If 1, 2, or 3 are rolled, players add 1, 2, or 3 letters respectively"; "If the
    Bresk side of the die is rolled, then also roll the alphabet die once. All players
    must note it … and then use this letter in their grid. If the blank side of the
    alphabet die is rolled, every player must use a space on their scorecard." So a
    grid must hold every letter the alphabet die gave (as many times as it gave it) and
    a space for every blank, and no more letters than the rolls gave squares, less the
    forced spaces. A square left empty holds no letter, so the app counts it as a space
    (the phone hands empty squares in as spaces): spaces are never too many.

Decisions where the rulebook is silent or unclear (the rulebook's words quoted)
    - The alphabet die has one blank: "If the blank side of the alphabet die is rolled"
      speaks of one side, so the die is A–Z and one blank, 27 faces (``DICE`` below); the
      app's rolls give each the same chance.
    - The "six-sided Bresk die" shows 0, 1, 2, 3 and "the Bresk side": five kinds of
      face on six sides, so one is printed twice. The rulebook does not say which; the
      app's die has two BRESK faces, and the ``bresk_die_twice`` option names another
      face for a table whose die differs (only the app's rolls depend on it).
    - A dictionary mid-game: "Players may only consult a dictionary during the scoring phase
      to verify words if there is a dispute." Marking words valid or not while players
      write is consulting one, so the ``live_word_marking`` option is off by default; a
      table that wants it (practice, children) switches it on.
    - Playing alone: the rulebook gives no player count; one player may play, to
      practise. "The player(s) with the longest word will receive 5 bonus points": a
      lone player is that player, so both bonuses are theirs; ``solo_bonuses`` off
      scores a lone player's words only, for comparing with their own earlier games.
    - With ``hand_in_early`` (real dice, not entered) the app knows only the rolls that
      were entered: letters are counted against them only once at least one was.
    - Names: two players of one name (ignoring case and spacing) are refused, as at a
      table: scores and winners are named.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from typing import Any

from ..text import N_, Np_
from .base import (
    Game,
    Line,
    Option,
    PlayerResult,
    Result,
    RuleError,
    Sample,
    WordCheck,
    evolve,
    places_from_result,
    rank_sides,
    refuse_same_names,
    resolve_options,
    winners_by_total,
)
from .base import check_typed_final as league_check

# The data fields each event takes (the table service refuses any other; see base.check_event_data).
EVENT_FIELDS = {"hand_in": ("seat", "grid")}

id = "bresk"
name = "Bresk!"
MIN_SEATS = 1
MAX_SEATS = 10
SIZE = 8
SQUARES = SIZE * SIZE
SPACE = "#"
LONGEST_WORD_BONUS = 5
MOST_WORDS_BONUS = 3
MIN_WORD_LENGTH = 2
OPTIONS = (
    Option(
        "lexicon",
        "en",
        N_("The everyday list, or the word-game list, which also takes the short words word-game players use "
        "(QI, ZA, XU)."),
        choices=("en", "en-wordgame"),
        label=N_("Word list"),
        choice_labels=(N_("Everyday list"), N_("Word-game list")),
        league=True,
    ),
    Option(
        "hand_in_early",
        False,
        N_("Let players hand in before the dice have filled all 64 squares "
        "(for tables that roll real dice without entering the rolls)."),
        label=N_("Hand in a scorecard before all 64 squares are filled"),
    ),
    Option(
        "live_word_marking",
        False,
        N_("Mark words green or red in your grid while you write. Off by default: the rulebook says \"Players "
        "may only consult a dictionary during the scoring phase to verify words if there is a dispute.\""),
        label=N_("Show which words count while you write"),
        league=True,
    ),
    Option(
        "bresk_die_twice",
        "BRESK",
        N_("Which face the six-sided Bresk die shows twice (it has 0, 1, 2, 3 and BRESK on six sides). "
        "Only the app's rolls depend on it."),
        choices=("BRESK", 0, 1, 2, 3),
        label=N_("The Bresk die face that appears twice"),
    ),
    Option(
        "solo_bonuses",
        True,
        N_("Playing alone, you are the player with the longest word and the most words (+5, +3); "
        "off: score your words alone, to compare with your earlier games."),
        label=N_("Playing alone: score the longest-word (+5) and most-words (+3) bonuses"),
    ),
)

EVENTS = ("roll", "hand_in")
SERVICE_EVENTS = ("challenge",)  # logged by the service; no effect on the game state

BRESK_FACE = "BRESK"
DICE: dict[str, dict] = {
    "bresk": {
        "name": N_("Bresk die"),
        "faces": [0, 1, 2, 3, "BRESK", "BRESK"],
        "description": N_("0 ends the turn; 1–3 letters or spaces; BRESK rolls the alphabet die."),
    },
    "alphabet": {
        "name": N_("Bresk alphabet die"),
        # The rulebook speaks of "the blank side" (one): A–Z and one blank, which means
        # everybody writes a space, written '#' in a grid (see games/bresk.py).
        "faces": [chr(c) for c in range(ord("A"), ord("Z") + 1)] + ["#"],
        "description": N_("A–Z and one blank side; the blank means everyone writes a space."),
    },
}
# A Bresk die shows five kinds of face on six sides; the rulebook does not say which is
# printed twice (option bresk_die_twice). These are the other four.
for _twice in (0, 1, 2, 3):
    DICE[f"bresk-{_twice}-twice"] = {
        "name": N_("Bresk die ({twice} twice)", twice=_twice),
        "faces": [0, 1, 2, 3, "BRESK", _twice],
        "description": N_("A Bresk die with one BRESK face and {twice} on two faces.", twice=_twice),
    }

BRESK_FACES = frozenset(DICE["bresk"]["faces"])
ALPHABET_FACES = frozenset(DICE["alphabet"]["faces"])

_WORD_RUN = re.compile(r"[A-Z]+")
_LETTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ")


def catalogue() -> dict[str, Any]:
    return {
        "summary": N_("Roll the dice, fill an 8×8 grid with letters and spaces, score every word across and down."),
        "events": list(EVENTS),
        "dice": ["bresk", "alphabet"],
        "grid": {"rows": SIZE, "columns": SIZE, "space": SPACE},
        "card_scan": True,  # a played card can be read from a photo (POST /api/games/bresk/scan)
        "bonuses": {"longest_word": LONGEST_WORD_BONUS, "most_words": MOST_WORDS_BONUS},
    }


# --------------------------------------------------------------------------- grids


def parse_grid(grid: Any, field: str) -> list[str]:
    """A grid as 8 strings of 8 upper-case letters or ``#``; RuleError naming the bad cell."""
    if not isinstance(grid, list) or len(grid) != SIZE:
        count = N_("{rows} rows", rows=len(grid)) if isinstance(grid, list) else N_("no rows")
        raise RuleError("bad_grid", "A grid has {SIZE} rows of {SIZE} squares; this one has {count}.", field,
                        SIZE=SIZE, count=count)
    rows = []
    for r, row in enumerate(grid):
        if not isinstance(row, str):
            raise RuleError("bad_grid", "Row {r} must be written as text, e.g. 'BAND#THE'.", f"{field}.{r}", r=r + 1)
        # NFC first so a letter typed as E + combining accent counts as one square.
        cells = unicodedata.normalize("NFC", row)
        if len(cells) != SIZE:
            raise RuleError(
                "bad_grid",
                "Row {r} has {cells_count} squares; it needs {SIZE} (letters, or # for a space).",
                f"{field}.{r}", r=r + 1, cells_count=len(cells), SIZE=SIZE,
            )
        rows.append("".join(_parse_cell(cell, r, c, field) for c, cell in enumerate(cells)))
    return rows


def _parse_cell(cell: str, r: int, c: int, field: str) -> str:
    if cell in (SPACE, " "):
        return SPACE
    folded = "".join(ch for ch in unicodedata.normalize("NFKD", cell) if not unicodedata.combining(ch)).upper()
    if len(folded) == 1 and folded in _LETTERS:
        return folded
    raise RuleError(
        "bad_cell",
        "Row {r}, column {c}: {cell!r} is not a letter or a space ({SPACE}).",
        f"{field}.{r}.{c}", r=r + 1, c=c + 1, cell=cell, SPACE=SPACE,
    )


# --------------------------------------------------------------------------- scoring


def score_grid(grid: list[str], judge: WordCheck) -> dict[str, Any]:
    """One parsed grid's candidates and totals, before bonuses."""
    lines = [("row", r, grid[r]) for r in range(SIZE)]
    lines += [("column", c, "".join(grid[r][c] for r in range(SIZE))) for c in range(SIZE)]
    candidates = []
    row_totals = [0] * SIZE
    column_totals = [0] * SIZE
    for direction, index, text in lines:
        totals = row_totals if direction == "row" else column_totals
        for run in _WORD_RUN.finditer(text):
            word = run.group()
            if len(word) < MIN_WORD_LENGTH:
                valid, reason = False, "too_short"
            else:
                valid, reason = judge(word)
            points = len(word) if valid else 0
            totals[index] += points
            candidates.append(
                {
                    "text": word,
                    "direction": direction,
                    "index": index,
                    "start": run.start(),
                    "length": len(word),
                    "valid": valid,
                    "reason": reason,
                    "points": points,
                }
            )
    valid_lengths = [c["length"] for c in candidates if c["valid"]]
    return {
        "grid": grid,
        "candidates": candidates,
        "row_totals": row_totals,
        "column_totals": column_totals,
        "base": sum(row_totals) + sum(column_totals),
        "valid_words": len(valid_lengths),
        "longest": max(valid_lengths, default=0),
    }


def score_players(names: list[str], grids: list[list[str]], word_check: WordCheck, lexicon: str,
                  solo_bonuses: bool = True) -> Result:
    """Score parsed grids, award the bonuses across players, pick the winners."""
    judge = _remembering(word_check)
    scored = [score_grid(grid, judge) for grid in grids]
    bonuses_apply = solo_bonuses or len(scored) > 1
    longest = max((s["longest"] for s in scored), default=0) if bonuses_apply else 0
    most_words = max((s["valid_words"] for s in scored), default=0) if bonuses_apply else 0
    players = []
    for player_name, s in zip(names, scored, strict=True):
        bonuses = {
            "longest_word": LONGEST_WORD_BONUS if longest and s["longest"] == longest else 0,
            "most_words": MOST_WORDS_BONUS if most_words and s["valid_words"] == most_words else 0,
        }
        lines = [Line(N_("Rows"), sum(s["row_totals"])), Line(N_("Columns"), sum(s["column_totals"]))]
        if bonuses["longest_word"]:
            lines.append(Line(N_("Longest word bonus"), bonuses["longest_word"]))
        if bonuses["most_words"]:
            lines.append(Line(N_("Most words bonus"), bonuses["most_words"]))
        total = s["base"] + sum(bonuses.values())
        players.append(PlayerResult(player_name, total, lines, {**s, "bonuses": bonuses}))
    return Result(
        game=id,
        players=players,
        winners=winners_by_total(players),
        finished=True,
        reason=N_("highest total: a point per letter of each valid word, +{longest} longest word, +{most} most words",
                  longest=LONGEST_WORD_BONUS, most=MOST_WORDS_BONUS),
        extra={"lexicon": lexicon, "longest_word_length": max((s["longest"] for s in scored), default=0),
               "most_valid_words": max((s["valid_words"] for s in scored), default=0)},
    )


def _remembering(word_check: WordCheck) -> WordCheck:
    """Ask about each distinct word once per scoring (the same word recurs across grids)."""
    seen: dict[str, tuple[bool, str]] = {}

    def judge(word: str) -> tuple[bool, str]:
        verdict = seen.get(word)
        if verdict is None:
            valid, reason = word_check(word)
            verdict = seen[word] = (bool(valid), reason)
        return verdict

    return judge


def score_sheet(sheet: dict[str, Any], *, word_check: WordCheck | None = None, **_: Any) -> Result:
    """Score a finished game typed in at once.

    ``{"lexicon": "en", "solo_bonuses"?: true, "players": [{"name", "grid"}], "rolls"?: [...]}``;
    ``rolls``, when the scorecards' margins kept them, lists every roll of the Bresk die in
    order: 0-3, or for a BRESK the alphabet die's letter (``#`` for its blank side). The
    grids are then checked against them as at a hand-in.
    """
    judge = _need_word_check(word_check)
    if not isinstance(sheet, dict):
        raise RuleError("bad_sheet", "A score sheet lists the players and their grids.")
    given = {key: sheet[key] for key in ("lexicon", "solo_bonuses") if key in sheet}
    try:
        options = resolve_options(OPTIONS, given)
    except RuleError as err:
        raise RuleError(err.code, err.message, (err.field or "").removeprefix("options.")) from None
    players = sheet.get("players")
    if not isinstance(players, list) or not MIN_SEATS <= len(players) <= MAX_SEATS:
        raise RuleError("bad_players", "players must list {MIN_SEATS} to {MAX_SEATS} players.", "players",
                        MIN_SEATS=MIN_SEATS, MAX_SEATS=MAX_SEATS)
    names, grids = [], []
    for i, player in enumerate(players):
        if not isinstance(player, dict) or not isinstance(player.get("name"), str) or not player["name"].strip():
            raise RuleError("bad_name", "Every player needs a name.", f"players.{i}.name")
        names.append(player["name"].strip())
        grids.append(parse_grid(player.get("grid"), f"players.{i}.grid"))
    refuse_same_names(names, lambda i: f"players.{i}.name")
    if sheet.get("rolls") is not None:
        state = _sheet_rolls(sheet["rolls"], names)
        for i, grid in enumerate(grids):
            check_rolled(state, grid, f"players.{i}.grid")
    return score_players(names, grids, judge, options["lexicon"], options["solo_bonuses"])


MAX_SHEET_ROLLS = 1000  # 64 squares take at least 22 rolls; a game of many zeros takes more


def _sheet_rolls(rolls: Any, names: list[str]) -> dict[str, Any]:
    """The table state after the sheet's rolls, which must fill the 64 squares."""
    if not isinstance(rolls, list) or len(rolls) > MAX_SHEET_ROLLS:
        raise RuleError("bad_sheet", "rolls lists the Bresk die's rolls in order (at most {MAX_SHEET_ROLLS}).",
                        "rolls", MAX_SHEET_ROLLS=MAX_SHEET_ROLLS)
    state = setup({}, names)
    for i, face in enumerate(rolls):
        if isinstance(face, str):
            face = face.strip().upper()  # written down as the grids are: in any case
        if _is_count(face):
            results = [{"die": "bresk", "face": face}]
        elif isinstance(face, str) and face in ALPHABET_FACES:
            results = [{"die": "bresk", "face": BRESK_FACE}, {"die": "alphabet", "face": face}]
        else:
            raise RuleError("bad_roll", "A roll is 0, 1, 2 or 3, or the letter (A–Z, or # for the blank side) the "
                            "alphabet die gave after a BRESK.", f"rolls.{i}")
        try:
            state = _roll(state, {"results": results})
        except RuleError as err:
            raise RuleError(err.code, err.message, f"rolls.{i}") from None
    if state["placements"] < SQUARES:
        raise RuleError("rolls_short", "These rolls fill {placements} squares; a game rolls until all {SQUARES} are "
                        "filled.", "rolls", placements=state['placements'], SQUARES=SQUARES)
    return state


def _is_count(face: Any) -> bool:
    return isinstance(face, int) and not isinstance(face, bool) and 0 <= face <= 3


def check_rolled(state: dict[str, Any], grid: list[str], field: str) -> None:
    """Refuse a grid the rolls so far could not have made (see "What the dice allow")."""
    forced = Counter(state["letters_rolled"])
    written = Counter("".join(grid))
    for letter in sorted(forced):
        if letter == SPACE or written[letter] >= forced[letter]:
            continue
        if forced[letter] == 1:
            raise RuleError("forced_letter", "The alphabet die gave {letter}: every player must use it in their "
                            "grid, and this grid has {written}.", field, letter=letter, written=written[letter])
        raise RuleError("forced_letter", "The alphabet die gave {letter} {times} times: every player must use it in "
                        "their grid, and this grid has {written}.", field, letter=letter, times=forced[letter],
                        written=written[letter])
    if written[SPACE] < forced[SPACE]:
        raise RuleError("forced_space", Np_(
            "The alphabet die showed its blank side {times} time: every player must use a space for it, and this "
            "grid has {written}.",
            "The alphabet die showed its blank side {times} times: every player must use a space for it, and this "
            "grid has {written}.",
            forced[SPACE], times=forced[SPACE], written=written[SPACE]), field)
    if state["options"]["hand_in_early"] and state["turn"] == 1:
        return  # no roll entered: the table rolls real dice the app never saw
    letters = SQUARES - written[SPACE]
    allowed = state["placements"] - forced[SPACE]
    if letters > allowed:
        if forced[SPACE]:
            raise RuleError("too_many_letters", "The dice have given {squares} squares, {spaces} of them spaces; "
                            "this grid has {letters} letters. Write only as many letters as were rolled.", field,
                            squares=state["placements"], spaces=forced[SPACE], letters=letters)
        raise RuleError("too_many_letters", "The dice have given {squares} squares; this grid has {letters} letters. "
                        "Write only as many letters as were rolled.", field, squares=state["placements"],
                        letters=letters)


def _need_word_check(word_check: WordCheck | None) -> WordCheck:
    if word_check is None:
        raise TypeError("Bresk! scoring needs word_check=..., a function word -> (valid, reason).")
    return word_check


# --------------------------------------------------------------------------- table play


def setup(options: dict[str, Any] | None, seats: list[str]) -> dict[str, Any]:
    if not MIN_SEATS <= len(seats) <= MAX_SEATS:
        raise RuleError("bad_seats", "Bresk! is for {MIN_SEATS} to {MAX_SEATS} players.", "seats",
                        MIN_SEATS=MIN_SEATS, MAX_SEATS=MAX_SEATS)
    return {
        "options": resolve_options(OPTIONS, options),
        "seats": list(seats),
        "roller": 0,  # seat whose turn it is to roll the Bresk die
        "turn": 1,
        "placements": 0,  # squares every player has been told to fill so far
        "placements_left": SQUARES,
        "alphabet_pending": False,  # a BRESK came up: the same roller rolls the alphabet die next
        "requires": {"kind": "roll_bresk"},  # what the table must do now
        "last_roll": None,
        "letters_rolled": [],  # alphabet-die results, like the right side of the scorecard
        "hand_ins": [None for _ in seats],
        "finished": False,
    }


def apply(state: dict[str, Any], event: dict[str, Any], **_: Any) -> dict[str, Any]:
    kind = event.get("type")
    data = event.get("data") or {}
    if kind in SERVICE_EVENTS:
        return state
    if kind == "roll":
        return _roll(state, data)
    if kind == "hand_in":
        return _hand_in(state, data)
    raise RuleError("unknown_event", "Bresk! has no {kind!r} event; it has {events}.", "type", kind=kind,
                        events=", ".join(EVENTS))


def _roll(state: dict[str, Any], data: dict[str, Any]) -> dict[str, Any]:
    if state["finished"]:
        raise RuleError("game_over", "Everyone has handed in; the game is over.")
    if state["placements"] >= SQUARES:
        raise RuleError("grid_full", "All 64 squares are filled: no more rolling, hand in your grids.")
    faces = _faces(data.get("results"), bresk_die(state["options"]))
    bresk, letter = faces.get("bresk"), faces.get("alphabet")
    new = evolve(state)
    roller = state["roller"]
    if state["alphabet_pending"]:
        if bresk is not None or letter is None:
            raise RuleError(
                "alphabet_pending", "The Bresk die showed BRESK: now roll the alphabet die, on its own.", "data.dice"
            )
        _place_letter(new, letter)
    elif bresk is None:
        raise RuleError(
            "bresk_first", "Roll the Bresk die first; the alphabet die is only rolled after a BRESK.", "data.dice"
        )
    elif bresk == BRESK_FACE:
        if letter is None:
            new["alphabet_pending"] = True
            new["requires"] = {"kind": "roll_alphabet"}
        else:
            _place_letter(new, letter)
    else:
        count = min(bresk, SQUARES - state["placements"])  # the last roll may ask for more than is left
        new["placements"] += count
        new["requires"] = {"kind": "choose", "count": count} if count else {"kind": "nothing"}
        _next_roller(new)
    new["placements_left"] = SQUARES - new["placements"]
    new["last_roll"] = {"seat": roller, "bresk": bresk, "alphabet": letter}
    if bresk is not None and bresk != BRESK_FACE and letter is not None:
        new["last_roll"]["alphabet_ignored"] = True
    return new


def bresk_die(options: dict[str, Any]) -> str:
    """The name (in ``DICE``) of the Bresk die this table rolls."""
    twice = options.get("bresk_die_twice", BRESK_FACE)
    return "bresk" if twice == BRESK_FACE else f"bresk-{twice}-twice"


def _faces(results: Any, bresk_name: str = "bresk") -> dict[str, Any]:
    """``{"bresk": face, "alphabet": face}`` from a roll's results (either may be missing)."""
    if not isinstance(results, list) or not results:
        raise RuleError("no_dice", "A roll needs the faces the dice showed.", "data.results")
    faces: dict[str, Any] = {}
    for i, result in enumerate(results):
        die = result.get("die") if isinstance(result, dict) else None
        face = result.get("face") if isinstance(result, dict) else None
        if die == bresk_name:
            die = "bresk"
        elif die not in ("alphabet",):
            raise RuleError("wrong_die", "Bresk! is played with this table's Bresk die ({die}) and the alphabet die.",
                            f"data.results.{i}", die=DICE[bresk_name]["name"])
        if die in faces:
            raise RuleError("wrong_die", "Roll the {name} once, not twice.", f"data.results.{i}",
                            name=DICE[die]['name'])
        allowed = BRESK_FACES if die == "bresk" else ALPHABET_FACES
        if isinstance(face, bool) or face not in allowed:
            raise RuleError("bad_face", "The {name} has no face {face!r}.", f"data.results.{i}.face",
                            name=DICE[die]['name'], face=face)
        faces[die] = face
    return faces


def _place_letter(state: dict[str, Any], letter: str) -> None:
    state["alphabet_pending"] = False
    state["placements"] += 1
    state["letters_rolled"].append(letter)
    state["requires"] = {"kind": "space"} if letter == SPACE else {"kind": "letter", "letter": letter}
    _next_roller(state)


def _next_roller(state: dict[str, Any]) -> None:
    state["roller"] = (state["roller"] + 1) % len(state["seats"])
    state["turn"] += 1


def _hand_in(state: dict[str, Any], data: dict[str, Any]) -> dict[str, Any]:
    if state["finished"]:
        raise RuleError("game_over", "Everyone has handed in; the game is over.")
    seat = data.get("seat")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(state["seats"]):
        raise RuleError("bad_seat", "seat must be a seat number from 0 to {last}.", "data.seat",
                        last=len(state["seats"]) - 1)
    who = state["seats"][seat]
    if state["hand_ins"][seat] is not None:
        raise RuleError("already_handed_in", "{who} has already handed in; undo that to hand in again.", "data.seat",
                        who=who)
    if state["placements"] < SQUARES and not state["options"]["hand_in_early"]:
        raise RuleError(
            "too_early",
            "Hand in once all {squares} squares are filled: {left} still to place.",
            "data.seat", squares=SQUARES, left=SQUARES - state["placements"],
        )
    grid = parse_grid(data.get("grid"), "data.grid")
    check_rolled(state, grid, "data.grid")
    new = evolve(state)
    new["hand_ins"][seat] = grid
    new["finished"] = all(g is not None for g in new["hand_ins"])
    if new["finished"]:
        new["requires"] = {"kind": "nothing"}
    return new


def result(state: dict[str, Any], *, word_check: WordCheck | None = None, **_: Any) -> Result:
    """The full score once everyone has handed in; until then, zeros and where the game stands."""
    progress = {
        "lexicon": state["options"]["lexicon"],
        "placements": state["placements"],
        "placements_left": state["placements_left"],
        "roller": state["roller"],
        "roller_name": state["seats"][state["roller"]],
        "alphabet_pending": state["alphabet_pending"],
        "requires": state["requires"],
        "handed_in": [state["seats"][i] for i, g in enumerate(state["hand_ins"]) if g is not None],
    }
    if state["finished"]:
        judge = _need_word_check(word_check)
        options = state["options"]
        scored = score_players(state["seats"], state["hand_ins"], judge, options["lexicon"],
                               options.get("solo_bonuses", True))
        return Result(scored.game, scored.players, scored.winners, True, scored.reason, {**scored.extra, **progress})
    players = [PlayerResult(seat_name, 0) for seat_name in state["seats"]]
    return Result(
        game=id,
        players=players,
        winners=[],
        finished=False,
        reason=_progress_reason(state),
        extra=progress,
    )


def _progress_reason(state: dict[str, Any]) -> Any:
    roller = state["seats"][state["roller"]]
    if state["alphabet_pending"]:
        return N_("BRESK! {roller} rolls the alphabet die.", roller=roller)
    if state["placements"] < SQUARES:
        return Np_("{left} square to fill; {roller} rolls the Bresk die.",
                   "{left} squares to fill; {roller} rolls the Bresk die.", state["placements_left"],
                   left=state["placements_left"], roller=roller)
    waiting = [n for n, g in zip(state["seats"], state["hand_ins"], strict=True) if g is None]
    return N_("The grids are full; waiting for {names} to hand in.", names=", ".join(waiting))


# --- in a league (games/base.py) ------------------------------------------------------------------
# Bresk! has no tie-break: players level on points share the place (the rulebook: "the player with the
# most points wins"; its bonuses already go to every player level on longest word or most words).
MOST_POINTS = 2 * SIZE * SIZE + LONGEST_WORD_BONUS + MOST_WORDS_BONUS  # every row and column one 8-letter word
league_places = places_from_result  # a finished table or sheet: the game's winners first, then by total
places_from_scores = rank_sides  # a typed result: highest total first, ties share the place


def check_final(players: list[dict[str, Any]], **_: Any) -> None:
    league_check(players, game=name, min_players=MIN_SEATS, max_players=MAX_SEATS,
                 floor=0, floor_rule=N_("letters of valid words and bonuses score, nothing takes points away"),
                 ceiling=MOST_POINTS, ceiling_rule=N_(
                     "an {size}×{size} grid scores at most {most} (every row and column one {size}-letter word, "
                     "+{longest} and +{most_words})", size=SIZE, most=MOST_POINTS, longest=LONGEST_WORD_BONUS,
                     most_words=MOST_WORDS_BONUS))


# --- what the services, the league and the phone read of this game (games/base.py Game) ----------

def turn_seat(state: dict[str, Any]) -> int | None:
    """The seat that rolls next, while there is a roll to make."""
    return None if state["finished"] or state["placements"] >= SQUARES else state["roller"]


# Played by the registry-wide tests (tests/games/test_every_game.py).
SAMPLE = Sample(scores=(5, 9), seats=("Ana",), options={"hand_in_early": True}, events=(
    {"type": "hand_in", "data": {"seat": 0, "grid": ["########"] * 8}},
))


GAME = Game(
    id=id, name=name, MIN_SEATS=MIN_SEATS, MAX_SEATS=MAX_SEATS, OPTIONS=OPTIONS, EVENT_FIELDS=EVENT_FIELDS,
    catalogue=catalogue, setup=setup, apply=apply, result=result, score_sheet=score_sheet,
    league_places=league_places, places_from_scores=places_from_scores, check_final=check_final,
    word_list_option="lexicon",
    turn_seat=turn_seat, PLAYER_ACTS={"hand_in": "seat"}, DICE=DICE, FIRST_SEAT_STARTS=True, SAMPLE=SAMPLE,
)
