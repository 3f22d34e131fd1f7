"""Who plays at a Block Buster table: the players' names in turn order, each one's colours, and in the
couple game each one's team.

Decisions where the rulebook is silent, besides those at the top of ``block_buster.py``:

- Default colours in turn order: yellow, blue, red, green; two-colour: seat 0 yellow + red,
  seat 1 blue + green. Couples teams default to seats 0 + 2 against 1 + 3 (partners
  alternate around the table); the starting team's -2 token is held by the starting player.
- Names: two players of one name (ignoring case and spacing) are refused: winners are
  named, and two of one name could not be told apart.
"""

from __future__ import annotations

from typing import Any

from .base import MAX_NAME, RuleError, hiding_character, refuse_same_names, visible

COLOURS = ("yellow", "blue", "red", "green")
DEFAULT_TEAMS = ("A", "B", "A", "B")


def check_seats(seats: Any, seat_counts: tuple[int, ...], title: str) -> list[str]:
    """The players' names in turn order, for a game of ``title`` played by ``seat_counts`` players."""
    if not isinstance(seats, list):
        raise RuleError("bad_seats", "List the players in turn order, the starting player first.", "seats")
    if len(seats) not in seat_counts:
        wanted = " or ".join(str(n) for n in seat_counts)
        raise RuleError(
            "wrong_player_count",
            "{title} is for {wanted} players; this table has {seats_count}.",
            "seats", title=title, wanted=wanted, seats_count=len(seats),
        )
    for i, seat in enumerate(seats):
        if not isinstance(seat, str) or not seat.strip():
            raise RuleError("bad_name", "Every player needs a name.", f"seats.{i}")
    refuse_same_names(seats, lambda i: f"seats.{i}")
    return [s.strip() for s in seats]


def seat_colours(given: Any, per_player: int, title: str, players: int) -> list[list[str]]:
    """Chosen colours per seat; a seat left out (None) gets the first default colours still free."""
    if given is None:
        return _default_colours(per_player, players)
    if not isinstance(given, list) or len(given) != players:
        raise RuleError("bad_colours", "Choose colours for each of the {players} players.", "options.colours",
                        players=players)
    chosen: list[list[str] | None] = []
    taken: set[str] = set()
    for seat, entry in enumerate(given):
        colours = None if entry is None else _one_seat_colours(entry, per_player, title, f"options.colours.{seat}")
        for colour in colours or []:
            if colour in taken:
                raise RuleError("colour_taken", "{colour} is already being played.", f"options.colours.{seat}",
                                colour=colour)
            taken.add(colour)
        chosen.append(colours)
    free = [c for seat in _default_colours(per_player, len(COLOURS)) for c in seat if c not in taken]
    filled = []
    for colours in chosen:
        if colours is None:
            colours, free = free[:per_player], free[per_player:]
        filled.append(colours)
    return filled


def _default_colours(per_player: int, players: int) -> list[list[str]]:
    if per_player == 2:
        return [["yellow", "red"], ["blue", "green"]]
    return [[c] for c in COLOURS[:players]]


def _one_seat_colours(entry: Any, wanted: int, title: str, field: str) -> list[str]:
    colours = [entry] if isinstance(entry, str) else entry
    if not isinstance(colours, list) or len(colours) != wanted:
        each = "one colour" if wanted == 1 else "two colours"
        raise RuleError("bad_colours", "Each player plays {each} in {title}.", field, each=each, title=title)
    normalised = [colour_name(c, field) for c in colours]
    if len(set(normalised)) != len(normalised):
        raise RuleError("colour_taken", "A player cannot play the same colour twice.", field)
    return normalised


def colour_name(value: Any, field: str) -> str:
    colour = value.strip().lower() if isinstance(value, str) else value
    if colour not in COLOURS:
        raise RuleError(
            "unknown_colour", "{value!r} is not a Block Buster colour; choose from {colours}.", field, value=value,
            colours=", ".join(COLOURS),
        )
    return colour


def seat_teams(given: Any, teams: bool, players: int) -> list[str | None]:
    if not teams:
        if given is not None:
            raise RuleError("no_teams", "Only the couple game has teams.", "options.teams")
        return [None] * players
    if given is None:
        return list(DEFAULT_TEAMS)
    if not isinstance(given, list) or len(given) != players:
        raise RuleError("bad_teams", "Give a team for each of the 4 players.", "options.teams")
    labels = []
    for seat, label in enumerate(given):
        if isinstance(label, bool) or not isinstance(label, str | int) or not str(label).strip():
            raise RuleError("bad_teams", "Every player needs a team.", f"options.teams.{seat}")
        label = str(label).strip()
        # Shown on every phone and kept by a league as a player's name is: held to what a name may be.
        if len(label) > MAX_NAME or hiding_character(label) or not visible(label).strip():
            raise RuleError("bad_teams", "A team's name is at most {most} characters, each one that shows.",
                            f"options.teams.{seat}", most=MAX_NAME)
        labels.append(label)
    if sorted(labels.count(x) for x in set(labels)) != [2, 2]:
        raise RuleError("bad_teams", "The couple game is two teams of two players.", "options.teams")
    return labels
