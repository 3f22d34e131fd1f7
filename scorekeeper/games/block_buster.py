"""Block Buster: majorities around point blocks, shape sets and penalty tokens.

Table events (``{"type": ..., "data": {...}}``; seats are numbered in turn order,
seat 0 is the starting player):

- ``skip``        ``{"seat": i, "spaces": n}``  n ≥ 1; takes n tokens of -2 from the supply
- ``pass``        ``{"seat": i}``               the player cannot place any more blocks
- ``point_block`` ``{"index": k, "counts": {colour: n}}`` or ``{"index": k, "owner": colour|null}``,
                  optional ``"shape"`` that must match the pattern; re-entering corrects it
- ``leftover``    ``{"seat": i, "squares": n}`` squares of the blocks not placed (after passing)
- ``finish``      once everyone has passed (or at once after an immediate win: a no-op)
- ``roll``        ignored (dice are shown, not scored)

Sheet (``score_sheet``)::

    {"variant": "standard",            # standard | two-colour | couples | official-2p
     "tie_takes_nobody": true,         # optional, like the table options
     "max_squares_per_block": 4,       # optional
     "two_player_sets": "three-win",   # optional: three-win | as-with-4
     "players": [{"name": "Ann", "colours": ["yellow"], "team": "A",
                  "skips": 0, "leftover_squares": 0}, ...],   # turn order, starter first
     "point_blocks": [{"shape": "red-circle", "counts": {"yellow": 7, "blue": 5}},
                      {"shape": "red-star", "owner": "blue"}, ...]}   # board order, row by row

Decisions where the rulebook is silent (docs/ARCHITECTURE.md §5 asks for each to be named here; those of
a part with a module of its own are at the top of that module: the players' colours and teams in
``block_buster_seats.py``, the point blocks' owners and clinching in ``block_buster_board.py``, the
penalty tokens in ``block_buster_penalties.py``, the end count in ``block_buster_scoring.py``):

- Blocks: 14/15/16 per colour by players; two-colour plays 16 of each of its two colours
  (as in a 4-player game). Two-colour, couples and official 2-player use the 4-player
  area and its 5 × 5 pattern.
- Official 2-player blocks, in the rulebook's words: "You use only one color but double
  the amount: 32 blocks in total." The box holds "64 game blocks in 4 colors", 16 a
  colour: one colour each is
  16 blocks a player, 32 in total on the board, and no colour has more. A group that
  reads "double" as 32 blocks each (a second colour's blocks played as one's own) sets
  ``official_2p_blocks`` to 32. Leftover squares are bounded by these blocks.
- Three of a shape in the 2-player games on the 4-player area (the special and the official rule).
  The rulebook says, for 2 players, "If a player acquires 3 same shaped point blocks during a game,
  the game is immediately over with his victory. (for 2 players)", and of those rules "you use all
  areas on the board like a 4-player game", where 3 of a shape score 12 and 4 win. Both readings
  are played, so it is the option ``two_player_sets``: by default three of a shape win at once, as
  the 2-player rule says of every 2-player game (and the rulebook's tips: "If any player acquires 3
  same shaped point blocks, the game immediately ends"); ``as-with-4`` plays the big board's sets as
  with 3–4 players. The standard 2-player game's 3 × 3 area holds three of a shape at most, so
  there three always win.
- A player who passed may not skip or pass again.
- Leftovers are bounded by blocks × ``max_squares_per_block`` (default 4: the rulebook's
  example has 2 blocks of 8 squares); they can be entered once the player has passed.
- "Finish the game" (``finish``) needs every point block entered (held by a colour, or
  by nobody) and every player's leftover squares said, 0 included: "If a player leaves
  any blocks at game end, it is also deducted", so nothing is assumed. A sheet, too,
  says every player's ``leftover_squares``.
- After the game is over (finish or an immediate win) every event but ``roll`` and ``finish``
  is refused: undo to correct.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..text import N_, Np_, joined, names_and
from .base import (
    Game,
    Option,
    Result,
    RuleError,
    Sample,
    evolve,
    places_from_result,
    rank_sides,
    resolve_options,
)
from .base import check_typed_final as league_check
from .block_buster_board import (
    CLINCH_AT,
    PATTERNS,
    SHAPE_NAMES,
    SHAPES,
    SPACES_AROUND,
    check_shape,
    place,
    refresh,
    seat_of_colour,
)
from .block_buster_penalties import PENALTY_FLOOR, SKIP_COST, TOKEN_SUPPLY, take_skip, tokens_for
from .block_buster_scoring import SET_VALUES, result_of
from .block_buster_seats import COLOURS, check_seats, colour_name, seat_colours, seat_teams

# The data fields each event takes (the table service refuses any other; see base.check_event_data).
EVENT_FIELDS = {"skip": ("seat", "spaces"), "pass": ("seat",), "point_block": ("index", "counts", "owner", "shape"),
                "leftover": ("seat", "squares"), "finish": ()}

id = "block-buster"
name = "Block Buster"
MIN_SEATS = 2
MAX_SEATS = 4

BLOCKS_PER_COLOUR = {2: 14, 3: 15, 4: 16}
STANDARD_START_PENALTIES = {2: (-5, 0), 3: (-3, -1, 0), 4: (-3, -1, 0, 0)}


@dataclass(frozen=True)
class Variant:
    slug: str
    title: str
    description: str
    seat_counts: tuple[int, ...]
    colours_per_player: int = 1
    area: int | None = None  # whose board area and pattern; None: as many as there are players
    blocks_per_colour: int | None = None  # None: 14 / 15 / 16 by players
    starter_penalty: int | None = None  # None: the rulebook's table by seat
    teams: bool = False


VARIANTS = {
    v.slug: v
    for v in (
        Variant("standard", N_("Standard"), N_("2–4 players, one colour each."), (2, 3, 4)),
        Variant(
            "two-colour",
            N_("Special rule for 2 players"),
            N_("Two colours each on the 4-player area; single colours decide the point blocks."),
            (2,),
            colours_per_player=2,
            area=4,
            blocks_per_colour=16,
            starter_penalty=-3,
        ),
        Variant(
            "couples",
            N_("Couple game"),
            N_("4 players in 2 teams on the 4-player area; partners' points are summed."),
            (4,),
            area=4,
            blocks_per_colour=16,
            starter_penalty=-2,
            teams=True,
        ),
        Variant(
            "official-2p",
            N_("Official rule for 2 players"),
            N_("One colour each, 16 blocks a player (32 in total), on the 4-player area."),
            (2,),
            area=4,
            blocks_per_colour=16,
            starter_penalty=-3,
        ),
    )
}

OPTIONS = (
    Option("variant", "standard", N_("The standard game or one of the rulebook's special rules."), tuple(VARIANTS),
           label=N_("Rules"), choice_labels=tuple(v.title for v in VARIANTS.values())),
    Option(
        "tie_takes_nobody",
        True,
        N_("A tie for a point block gives it to nobody; off: the tied colour latest in turn order takes it."),
        label=N_("A tie around a point block: nobody gets it"),
        league=True,
    ),
    Option(
        "max_squares_per_block",
        4,
        N_("The most squares one block has: a player's leftover squares are checked against it."),
        minimum=1,
        maximum=10,
        label=N_("Most squares in one game block"),
    ),
    Option(
        "colours",
        None,
        N_("Colours per player, in turn order (two each with the special rule for 2 players). Usually yellow, "
        "blue, red, green; with two colours each: yellow + red against blue + green."),
        label=N_("Each player's colours"),
    ),
    Option("teams", None, N_("Couple game only: a team name per player. Usually the 1st and 3rd player against "
           "the 2nd and 4th."), label=N_("Teams in the Couple game")),
    Option(
        "official_2p_blocks",
        16,
        N_("Official 2-player rule, blocks per player: 16 (one colour of the box each, \"32 blocks in total\"), "
        "or 32 (each also plays a second colour's blocks as their own)."),
        choices=(16, 32),
        label=N_("Official rule for 2 players: blocks per player"),
        choice_labels=(N_("16 each (32 in total)"), N_("32 each")),
    ),
    Option(
        "two_player_sets",
        "three-win",
        N_("Two players on the 4-player area (the special and the official rule for 2 players use \"all areas "
           "on the board like a 4-player game\"): three of a shape end the game with a win, as \"3 same shaped "
           "point blocks … (for 2 players)\" says; or as with 3–4 players, three score 12 and four win."),
        choices=("three-win", "as-with-4"),
        label=N_("Two players on the big board: three of a shape"),
        choice_labels=(N_("Win at once"), N_("Score 12, four win")),
        league=True,
    ),
)


def start_penalties(variant: Variant, players: int) -> list[int]:
    if variant.starter_penalty is None:
        return list(STANDARD_START_PENALTIES[players])
    return [variant.starter_penalty] + [0] * (players - 1)


def rules_for(variant: Variant, players: int, two_player_sets: str = "three-win") -> dict[str, Any]:
    """Everything that depends on the variant and the number of players, JSON-ready."""
    area = variant.area or players
    per_colour = variant.blocks_per_colour or BLOCKS_PER_COLOUR[players]
    # The rulebook: 3 of a shape win for 2 players, 4 for 3–4; on the big board, 2 players may play it as with 4.
    win_count = 3 if players == 2 and not (area == 4 and two_player_sets == "as-with-4") else 4
    penalties = start_penalties(variant, players)
    start_tokens = [tokens_for(p) for p in penalties]
    return {
        "area": area,
        "columns": len(PATTERNS[area]),
        "pattern": [shape for row in PATTERNS[area] for shape in row],
        "blocks_per_colour": per_colour,
        "blocks_per_player": per_colour * variant.colours_per_player,
        "colours_per_player": variant.colours_per_player,
        "start_penalties": penalties,
        "start_tokens": start_tokens,
        "supply_after_start": {k: TOKEN_SUPPLY[k] - sum(t[k] for t in start_tokens) for k in TOKEN_SUPPLY},
        "win_count": win_count,
        "set_values": list(SET_VALUES[:win_count]),
        "teams": variant.teams,
    }


def catalogue() -> dict[str, Any]:
    return {
        "summary": N_("Surround point blocks with your blocks; sets of shapes score, penalty tokens cost."),
        "colours": list(COLOURS),
        "shapes": [{"id": s, "name": SHAPE_NAMES[s]} for s in SHAPES],
        "patterns": {
            str(area): {"columns": len(rows), "point_blocks": len(rows) ** 2, "rows": [list(r) for r in rows]}
            for area, rows in PATTERNS.items()
        },
        "variants": [_variant_entry(v) for v in VARIANTS.values()],
        "set_values": {str(n): SET_VALUES[n] for n in range(1, len(SET_VALUES))},
        "immediate_win": {"2": 3, "3": 4, "4": 4},
        "token_supply": dict(TOKEN_SUPPLY),
        "skip_cost": -SKIP_COST,
        "penalty_floor": PENALTY_FLOOR,
        "spaces_around_point_block": SPACES_AROUND,
        "clinch_at": CLINCH_AT,
        "leftover_points_per_square": -1,
        "events": ["skip", "pass", "point_block", "leftover", "finish"],
    }


def _variant_entry(variant: Variant) -> dict[str, Any]:
    return {
        "id": variant.slug,
        "name": variant.title,
        "description": variant.description,
        "players": list(variant.seat_counts),
        "colours_per_player": variant.colours_per_player,
        "teams": variant.teams,
        "by_players": {str(n): rules_for(variant, n) for n in variant.seat_counts},
    }


# --- setup ------------------------------------------------------------------------------


def setup(options: dict[str, Any] | None, seats: list[str]) -> dict[str, Any]:
    opts = resolve_options(OPTIONS, options)
    variant = VARIANTS[opts["variant"]]
    names = check_seats(seats, variant.seat_counts, variant.title)
    rules = rules_for(variant, len(names), opts["two_player_sets"])
    if variant.slug == "official-2p":
        rules["blocks_per_colour"] = rules["blocks_per_player"] = opts["official_2p_blocks"]
    colours = seat_colours(opts["colours"], variant.colours_per_player, variant.title, len(names))
    teams = seat_teams(opts["teams"], variant.teams, len(names))
    opts["colours"] = colours
    opts["teams"] = teams if variant.teams else None
    players = [
        _new_player(names[seat], colours[seat], teams[seat], rules["start_penalties"][seat])
        for seat in range(len(names))
    ]
    state = {
        "options": opts,
        "variant": variant.slug,
        "seats": names,
        "rules": rules,
        "players": players,
        "supply": dict(rules["supply_after_start"]),
        "point_blocks": [None] * len(rules["pattern"]),  # what the table entered, by board index
        "finish_called": False,
    }
    return refresh(state)


def _new_player(name_: str, colours: list[str], team: str | None, start: int) -> dict[str, Any]:
    return {
        "name": name_,
        "colours": colours,
        "team": team,
        "start_penalty": start,
        "tokens": tokens_for(start),
        "skipped_spaces": 0,
        "penalty": start,
        "passed": False,
        "leftover_squares": None,
    }


# --- events -----------------------------------------------------------------------------


def apply(state: dict[str, Any], event: dict[str, Any], **_: Any) -> dict[str, Any]:
    kind = event.get("type")
    data = event.get("data") or {}
    if kind == "roll":
        return state  # dice are shown, not scored
    handler = _HANDLERS.get(kind)
    if handler is None:
        raise RuleError("unknown_event", "Block Buster has no {kind!r} event.", "type", kind=kind)
    if not isinstance(data, dict):
        raise RuleError("bad_event", "An event's data must be an object.", "data")
    if state["finished"]:
        if kind == "finish":
            return state  # finishing twice (or after an immediate win) changes nothing
        raise RuleError("game_over", "The game is over; undo the last event to change it.")
    return refresh(handler(state, data))


def _on_skip(state: dict[str, Any], data: dict[str, Any]) -> dict[str, Any]:
    seat = _seat(state, data)
    spaces = _whole_number(data.get("spaces"), "data.spaces", "spaces", minimum=1, label=N_("Skipped spaces"))
    player = state["players"][seat]
    _refuse_after_pass(player, N_("skip spaces"))
    return take_skip(state, seat, spaces)


def _on_pass(state: dict[str, Any], data: dict[str, Any]) -> dict[str, Any]:
    seat = _seat(state, data)
    _refuse_after_pass(state["players"][seat], N_("pass again"))
    new = evolve(state)
    new["players"][seat]["passed"] = True
    return new


def _on_point_block(state: dict[str, Any], data: dict[str, Any]) -> dict[str, Any]:
    pattern = state["rules"]["pattern"]
    index = _whole_number(data.get("index"), "data.index", "index", minimum=0, maximum=len(pattern) - 1)
    if "shape" in data:
        check_shape(data["shape"], pattern[index], index, state, "data.shape")
    new = evolve(state)
    new["point_blocks"][index] = _point_block_entry(state, data)
    return new


def _on_leftover(state: dict[str, Any], data: dict[str, Any]) -> dict[str, Any]:
    seat = _seat(state, data)
    player = state["players"][seat]
    blocks, most = state["rules"]["blocks_per_player"], state["options"]["max_squares_per_block"]
    label = N_("{name} has {blocks} blocks of at most {most} squares, so leftover squares", name=player["name"],
               blocks=blocks, most=most)
    squares = _whole_number(data.get("squares"), "data.squares", "squares", 0, blocks * most, label)
    if not player["passed"]:
        raise RuleError(
            "still_playing",
            "{name} has not passed yet; count leftover squares once no more blocks fit.",
            "data.seat", name=player['name'],
        )
    new = evolve(state)
    new["players"][seat]["leftover_squares"] = squares
    return new


def _on_finish(state: dict[str, Any], data: dict[str, Any]) -> dict[str, Any]:
    waiting = [p["name"] for p in state["players"] if not p["passed"]]
    if waiting:
        raise RuleError("still_playing", Np_(
            "{names} has not passed yet; the game ends when nobody can place a block.",
            "{names} have not passed yet; the game ends when nobody can place a block.",
            len(waiting), names=names_and(waiting),
        ))
    unentered = [i for i, entry in enumerate(state["point_blocks"]) if entry is None]
    if unentered:
        where = joined([place(state, i) for i in unentered[:5]] + (["…"] if len(unentered) > 5 else []))
        raise RuleError("point_blocks_missing", Np_(
            "{count} point block not entered yet ({where}): enter who holds each, or nobody, before finishing.",
            "{count} point blocks not entered yet ({where}): enter who holds each, or nobody, before finishing.",
            len(unentered), count=len(unentered), where=where,
        ), f"point_blocks.{unentered[0]}")
    unsaid = [seat for seat, p in enumerate(state["players"]) if p["leftover_squares"] is None]
    if unsaid:
        names = names_and([state["players"][seat]["name"] for seat in unsaid])
        raise RuleError(
            "leftovers_missing",
            "Say how many squares {names} left over — 0 if every block was placed — before finishing.",
            f"players.{unsaid[0]}.leftover_squares", names=names,
        )
    new = evolve(state)
    new["finish_called"] = True
    return new


_HANDLERS = {
    "skip": _on_skip,
    "pass": _on_pass,
    "point_block": _on_point_block,
    "leftover": _on_leftover,
    "finish": _on_finish,
}


def _refuse_after_pass(player: dict[str, Any], action: str) -> None:
    # Passing means "I cannot place any more", so a passed player never places (or skips) again.
    if player["passed"]:
        raise RuleError("already_passed", "{name} has passed and cannot {action}.", "data.seat", name=player["name"],
                        action=action)


def _seat(state: dict[str, Any], data: dict[str, Any]) -> int:
    last = len(state["players"]) - 1
    seat = data.get("seat")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= last:
        raise RuleError("bad_seat", "seat must be a seat number from 0 to {last}.", "data.seat", last=last)
    return seat


def _whole_number(value: Any, field: str, what: str, minimum: int, maximum: int | None = None, label: str = "") -> int:
    """``what`` names the refusal (bad_spaces); ``label`` says it in words when that reads better."""
    in_range = not isinstance(value, bool) and isinstance(value, int) and value >= minimum
    if not in_range or (maximum is not None and value > maximum):
        if maximum is None:
            raise RuleError(f"bad_{what}", "{what} must be a whole number of at least {minimum}.", field,
                            what=label or what, minimum=minimum)
        raise RuleError(f"bad_{what}", "{what} must be a whole number from {minimum} to {maximum}.", field,
                        what=label or what, minimum=minimum, maximum=maximum)
    return value


def _point_block_entry(state: dict[str, Any], data: dict[str, Any]) -> dict[str, Any]:
    if ("counts" in data) == ("owner" in data):
        raise RuleError(
            "counts_or_owner", "Give either the counts around the point block or who holds it, not both.", "data"
        )
    if "owner" in data:
        return {"owner": _owner(state, data["owner"])}
    return {"counts": _counts(state, data["counts"])}


def _owner(state: dict[str, Any], value: Any) -> str | None:
    if value is None:
        return None  # entered as held by nobody
    colour = colour_name(value, "data.owner")
    _refuse_colour_not_in_play(state, colour, "data.owner")
    return colour


def _counts(state: dict[str, Any], counts: Any) -> dict[str, int]:
    if not isinstance(counts, dict):
        raise RuleError("bad_counts", "counts must map each colour to its spaces around the block.", "data.counts")
    in_play = {c: 0 for p in state["players"] for c in p["colours"]}
    for key, value in counts.items():
        field = f"data.counts.{key}"
        colour = colour_name(key, field)
        _refuse_colour_not_in_play(state, colour, field)
        in_play[colour] = _whole_number(
            value, field, "spaces", minimum=0, maximum=SPACES_AROUND, label=f"The spaces around it held by {colour}"
        )
    total = sum(in_play.values())
    if total > SPACES_AROUND:
        raise RuleError(
            "too_many_spaces",
            "A point block has only {SPACES_AROUND} spaces around it; these counts add up to {total}.",
            "data.counts", SPACES_AROUND=SPACES_AROUND, total=total,
        )
    return in_play


def _refuse_colour_not_in_play(state: dict[str, Any], colour: str, field: str) -> None:
    if seat_of_colour(state).get(colour) is None:
        raise RuleError("colour_not_in_play", "Nobody plays {colour} at this table.", field, colour=colour)


# --- results (the count itself: block_buster_scoring.py) ----------------------------------


def result(state: dict[str, Any], **_: Any) -> Result:
    return result_of(state, id)


# --- whole sheets -----------------------------------------------------------------------


def score_sheet(sheet: dict[str, Any], **_: Any) -> Result:
    """Score a finished game entered at once (format in the module docstring)."""
    if not isinstance(sheet, dict):
        raise RuleError("bad_sheet", "A score sheet must be an object.")
    players = sheet.get("players")
    if not isinstance(players, list) or not MIN_SEATS <= len(players) <= MAX_SEATS:
        raise RuleError("wrong_player_count", "Block Buster is for {MIN_SEATS} to {MAX_SEATS} players.", "players",
                        MIN_SEATS=MIN_SEATS, MAX_SEATS=MAX_SEATS)
    for i, p in enumerate(players):
        if not isinstance(p, dict):
            raise RuleError("bad_player", "Each player must be an object with a name.", f"players.{i}")
    state = _sheet_setup(sheet, players)
    for i, p in enumerate(players):
        # A sheet's 0 is a player who never skipped; a skip event skips at least 1.
        spaces = _whole_number(p.get("skips", 0), f"players.{i}.skips", "spaces", minimum=0, label=N_("Skipped spaces"))
        if spaces != 0:
            state = _sheet_event(state, "skip", {"seat": i, "spaces": spaces}, f"players.{i}.skips")
    for i in range(len(players)):
        state = _sheet_event(state, "pass", {"seat": i}, f"players.{i}")
    for i, p in enumerate(players):
        if "leftover_squares" not in p:
            raise RuleError("leftovers_missing", "Say how many squares {name} left over — 0 if every block was placed.",
                            f"players.{i}.leftover_squares", name=p.get("name"))
        squares = p["leftover_squares"]
        state = _sheet_event(state, "leftover", {"seat": i, "squares": squares}, f"players.{i}.leftover_squares")
    state = _sheet_point_blocks(state, sheet.get("point_blocks"))
    return result(apply(refresh(state), {"type": "finish"}))


def sheet_penalties(sheet: dict[str, Any]) -> list[int]:
    """Each player's points lost to penalties in a recorded sheet, in its order (0 or less): the start
    penalty, skipped spaces and leftover squares, as ``penalty_lines`` counts them. Read from the setup
    and the sheet's numbers, which ``score_sheet`` checked when it was recorded, without replaying the board."""
    players = sheet.get("players")
    if not isinstance(players, list) or not all(isinstance(p, dict) for p in players):
        raise RuleError("bad_sheet", "A score sheet must be an object.")
    state = _sheet_setup(sheet, players)
    return [player["start_penalty"] - SKIP_COST * int(p.get("skips", 0) or 0) - int(p.get("leftover_squares", 0) or 0)
            for player, p in zip(state["players"], players, strict=True)]


def _sheet_setup(sheet: dict[str, Any], players: list[dict[str, Any]]) -> dict[str, Any]:
    options: dict[str, Any] = {"variant": sheet.get("variant", "standard")}
    for key in ("tie_takes_nobody", "max_squares_per_block", "official_2p_blocks", "two_player_sets"):
        if key in sheet:
            options[key] = sheet[key]
    if any("colours" in p for p in players):
        options["colours"] = [p.get("colours") for p in players]
    if any("team" in p for p in players):
        options["teams"] = [p.get("team") for p in players]
    try:
        return setup(options, [p.get("name") for p in players])
    except RuleError as err:
        raise RuleError(err.code, err.message, _sheet_setup_field(err.field)) from None


def _sheet_setup_field(field: str | None) -> str | None:
    """Setup names table options and seats; a sheet names its own fields."""
    if not field:
        return field
    parts = field.split(".")
    if parts[0] == "seats":
        return f"players.{parts[1]}.name" if len(parts) > 1 else "players"
    if parts[:2] == ["options", "colours"]:
        return f"players.{parts[2]}.colours" if len(parts) > 2 else "players"
    if parts[:2] == ["options", "teams"]:
        return f"players.{parts[2]}.team" if len(parts) > 2 else "players"
    return ".".join(parts[1:]) if parts[0] == "options" else field


def _sheet_point_blocks(state: dict[str, Any], blocks: Any) -> dict[str, Any]:
    expected = len(state["rules"]["pattern"])
    if not isinstance(blocks, list) or len(blocks) != expected:
        given = len(blocks) if isinstance(blocks, list) else 0
        raise RuleError(
            "wrong_point_block_count",
            "This board has {expected} point blocks, row by row; the sheet lists {given}.",
            "point_blocks", expected=expected, given=given,
        )
    for k, block in enumerate(blocks):
        field = f"point_blocks.{k}"
        if not isinstance(block, dict) or "shape" not in block:
            raise RuleError("bad_point_block", "Each point block needs its shape and counts or owner.", field)
        # The whole board is entered before judging it, so an immediate win found on the way
        # does not end the game before the rest of the sheet is read (the handler skips refresh).
        state = _sheet_event(state, "point_block", {**block, "index": k}, field, handler=_on_point_block)
    return state


def _sheet_event(state: dict[str, Any], kind: str, data: dict[str, Any], field: str, handler: Any = None) -> dict:
    """Apply one event, naming the sheet's field instead of the event's when it is refused."""
    try:
        if handler is not None:
            return handler(state, data)
        return apply(state, {"type": kind, "data": data})
    except RuleError as err:
        raise RuleError(err.code, err.message, _sheet_event_field(err.field, field)) from None


def _sheet_event_field(event_field: str | None, sheet_field: str) -> str:
    # data.counts.red → point_blocks.3.counts.red; a player's fields are already the sheet field.
    if event_field and sheet_field.startswith("point_blocks") and event_field.startswith("data."):
        return f"{sheet_field}.{event_field[len('data.') :]}"
    return sheet_field


# --- in a league (games/base.py) ------------------------------------------------------------------
# A table or sheet: its winners are the game's (an immediate win, whatever the points; couples as a team);
# everyone else follows by points. Typed in, the variant is not known, so the bounds are the widest of the
# variants for that many players: penalty tokens stop at -10 ("the sum of penalty tokens must not be
# under -10 points") and leftovers cost a point a square, at most blocks × the default 4 squares; the most
# points hold every shape's pattern blocks short of an immediate win. A first place with fewer points is
# an immediate win; below it, places follow points.
league_places = places_from_result  # a finished table or sheet: the game's winners first, then by total
places_from_scores = rank_sides  # a typed result: highest total first, ties share the place


def _bounds(players: int) -> tuple[int, int]:
    low = high = 0
    for variant in VARIANTS.values():
        if players not in variant.seat_counts:
            continue
        for sets in ("three-win", "as-with-4"):  # a typed result does not say how the group plays
            rules = rules_for(variant, players, sets)
            squares = rules["blocks_per_player"] * OPTIONS[2].default
            low = min(low, PENALTY_FLOOR - squares)
            counts = {shape: rules["pattern"].count(shape) for shape in set(rules["pattern"])}
            high = max(high, sum(SET_VALUES[min(n, rules["win_count"] - 1)] for n in counts.values()))
    return low, high


def check_final(players: list[dict[str, Any]], **_: Any) -> None:
    low, high = _bounds(len(players)) if MIN_SEATS <= len(players) <= MAX_SEATS else (None, None)
    league_check(players, game=name, min_players=MIN_SEATS, max_players=MAX_SEATS,
                 floor=low, floor_rule=N_("penalty tokens stop at {floor} and leftover squares cost at most {most} "
                                          "with {players} players", floor=PENALTY_FLOOR,
                                          most=-(low or 0) + PENALTY_FLOOR, players=len(players)),
                 ceiling=high, ceiling_rule=N_("with {players} players every shape's point blocks short of an "
                                               "immediate win make {most}", players=len(players), most=high),
                 winner_by_rule=N_("only an immediate win puts a player first with fewer points"))


# --- what the services, the league and the phone read of this game (games/base.py Game) ----------

# Played by the registry-wide tests (tests/games/test_every_game.py).
SAMPLE = Sample(scores=(5, 9), seats=("Yellow", "Blue"), events=(
    {"type": "pass", "data": {"seat": 1}}, {"type": "leftover", "data": {"seat": 1, "squares": 8}},
    {"type": "pass", "data": {"seat": 0}}, {"type": "leftover", "data": {"seat": 0, "squares": 0}},
))


GAME = Game(
    id=id, name=name, MIN_SEATS=MIN_SEATS, MAX_SEATS=MAX_SEATS, OPTIONS=OPTIONS, EVENT_FIELDS=EVENT_FIELDS,
    catalogue=catalogue, setup=setup, apply=apply, result=result, score_sheet=score_sheet,
    league_places=league_places, places_from_scores=places_from_scores, check_final=check_final,
    FIRST_SEAT_STARTS=True, SAMPLE=SAMPLE,
)
