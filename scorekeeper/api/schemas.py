"""Marshmallow schemas shared by several resources."""

from __future__ import annotations

from marshmallow import INCLUDE, Schema, ValidationError, fields, validate

from .. import games
from ..services.tables import DEVICE_ID
from ..text import N_


class StrictBoolean(fields.Boolean):
    """true or false, as JSON says: not 0, 1, "yes" or "on" (marshmallow's lenient default)."""

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, bool):  # 0 == False in Python, so a set lookup would not do
            raise ValidationError(N_("Must be true or false."))
        return value


class LineSchema(Schema):
    """One line of a score; a game may add fields of its own that its phone draws the line by."""

    class Meta:
        unknown = INCLUDE

    label = fields.String(required=True, metadata={"description": "In the asker's language (Accept-Language)."})
    points = fields.Integer(required=True)


class PlayerResultSchema(Schema):
    class Meta:
        unknown = INCLUDE

    name = fields.String(required=True)
    total = fields.Integer(required=True)
    lines = fields.List(fields.Nested(LineSchema), required=True, metadata={"description": "The total, line by line."})


class ResultSchema(Schema):
    """The common outer shape of every score; each game adds its own fields."""

    class Meta:
        unknown = INCLUDE

    game = fields.String(required=True)
    players = fields.List(fields.Nested(PlayerResultSchema), required=True)
    winners = fields.List(fields.String(), required=True)
    finished = fields.Boolean(required=True)
    reason = fields.String(required=True)


class OptionSchema(Schema):
    name = fields.String(required=True)
    label = fields.String(required=True, metadata={"description": "The option in a player's words, with the "
                                                   "rulebook's terms: what a settings screen shows."})
    type = fields.String(required=True, validate=validate.OneOf(("choice", "boolean", "integer", "list")),
                         metadata={"description": "choice (one of choices), boolean, integer (minimum to maximum), "
                                   "or list (a value per seat, in turn order)."})
    default = fields.Raw(required=True)
    description = fields.String(required=True, metadata={"description": "More about it, where the label cannot say "
                                                         "all (the rulebook's words where it is silent or unclear)."})
    league = fields.Boolean(required=True, metadata={"description": "A league may set it as a house rule."})
    choices = fields.List(fields.Raw())
    choice_labels = fields.List(fields.String(), metadata={"description": "Each choice in a player's words, in the "
                                                           "order of choices."})
    minimum = fields.Integer()
    maximum = fields.Integer()


class GameSchema(Schema):
    class Meta:
        unknown = INCLUDE

    id = fields.String(required=True)
    name = fields.String(required=True)
    summary = fields.String(required=True)
    min_seats = fields.Integer(required=True)
    max_seats = fields.Integer(required=True)
    options = fields.List(fields.Nested(OptionSchema), required=True)
    word_list_option = fields.String(required=True, allow_none=True, metadata={
        "description": "The option naming the word list the game's words are judged by; null: it judges no words. "
        "A league may add and ban words (extra_words, banned_words) for a game that judges words."})
    turns = fields.Boolean(required=True, metadata={
        "description": "The game has turns the app follows (a table's turn_seat): a phone may claim its seat to be "
                       "told when it is its turn."})
    first_seat_starts = fields.Boolean(required=True, metadata={
        "description": "Every table's turn order begins with its first seat (who started, for BG Stats)."})
    card_scan = fields.Boolean(metadata={
        "description": "A played card of the game can be read from a photo (POST /api/games/{game}/scan)."})


class DieSchema(Schema):
    id = fields.String(required=True)
    name = fields.String(required=True)
    faces = fields.List(fields.Raw(), required=True)
    description = fields.String(required=True)


class CatalogueSchema(Schema):
    games = fields.List(fields.Nested(GameSchema), required=True)
    dice = fields.List(fields.Nested(DieSchema), required=True)


class SheetSchema(Schema):
    """A finished game's score sheet; its fields depend on the game (see each game's rules)."""

    class Meta:
        unknown = INCLUDE


# --- tables -------------------------------------------------------------------------------


class SeatSchema(Schema):
    name = fields.String(required=True, validate=validate.Length(min=1, max=40))


class KnownGame(validate.OneOf):
    """One of the games in the registry as it is when a request is checked (games/__init__.py)."""

    def __init__(self):
        super().__init__(())

    @property
    def choices(self):
        return list(games.REGISTRY)

    @choices.setter
    def choices(self, _):  # OneOf's constructor sets it; the registry is the one list
        pass

    @property
    def choices_text(self):
        return ", ".join(self.choices)

    @choices_text.setter
    def choices_text(self, _):
        pass


class TableCreateSchema(Schema):
    game = fields.String(required=True, validate=KnownGame(),
                         metadata={"description": "A game id from GET /api/games."})
    options = fields.Dict(keys=fields.String(), load_default=dict, metadata={"description": "The game's options."})
    seats = fields.List(fields.Nested(SeatSchema), required=True, validate=validate.Length(min=1, max=10),
                        metadata={"description": "Players in clockwise order."})
    league = fields.String(validate=validate.Regexp(r"^[A-Za-z0-9_-]{1,32}$", error=N_("Not a league id.")), metadata={
        "description": "Play inside this league (needs its member link as a Bearer token)."})


class TimerSchema(Schema):
    state = fields.String(required=True, validate=validate.OneOf(["idle", "running", "paused", "expired"]))
    duration_ms = fields.Integer(required=True)
    remaining_ms = fields.Integer(required=True, metadata={"description": "As of now_ms."})
    started_at_ms = fields.Integer(allow_none=True, required=True)
    ends_at_ms = fields.Integer(allow_none=True, required=True, metadata={"description": "Server time it runs out."})
    version = fields.Integer(required=True)


class TableSchema(Schema):
    code = fields.String(required=True, metadata={"description": "The join code: 6 characters, no look-alikes."})
    game = fields.String(required=True)
    options = fields.Dict(required=True)
    seats = fields.List(fields.String(), required=True)
    seq = fields.Integer(required=True, metadata={"description": "The last event's sequence number."})
    created_at_ms = fields.Integer(required=True)
    league = fields.String(allow_none=True, required=True, metadata={"description": "The league's id, if any."})
    state = fields.Dict(required=True, metadata={"description": "The game's derived state."})
    result = fields.Dict(required=True, metadata={
        "description": "The live score, in the common result shape; once the game is over, also `places`: each "
                       "player's place as the game decides it (what a league records), in seat order."})
    timer = fields.Nested(TimerSchema, required=True)
    dice = fields.Dict(allow_none=True, required=True, metadata={
        "description": "The last roll shown: {seq, results: [{die, face}], at_ms}; typed: true for a real die typed."})
    challenges = fields.List(fields.Dict(), required=True, metadata={"description": "Word challenges, newest last."})
    can_undo = fields.Boolean(required=True)
    can_redo = fields.Boolean(required=True)
    undo_seq = fields.Integer(allow_none=True, required=True, metadata={
        "description": "The action an undo takes back: send it as the undo's data.seq."})
    redo_seq = fields.Integer(allow_none=True, required=True, metadata={
        "description": "The action a redo restores: send it as the redo's data.seq."})
    now_ms = fields.Integer(required=True, metadata={"description": "Server time this view is for."})
    join_url = fields.String(required=True)
    next_code = fields.String(allow_none=True, required=True,
                              metadata={"description": "The table played next (Play again), which its phones follow."})
    claims = fields.List(fields.Dict(allow_none=True), required=True, metadata={
        "description": "Per seat, the phone playing it ({device, at_ms}), or null: claimed with a claim_seat event "
                       "({seat, device, take_over?}), given up with release_seat ({seat, device})."})
    turn_seat = fields.Integer(allow_none=True, required=True, metadata={
        "description": "The seat whose turn it is (the builder, the roller), or null: its phone says so."})


# Sequence numbers are 32-bit integers in the database; larger ones cannot exist.
SEQ = validate.Range(min=0, max=2**31 - 1)


class EventInSchema(Schema):
    id = fields.UUID(required=True, metadata={"description": "Made by the phone; the same id twice is stored once."})
    type = fields.String(required=True, validate=validate.Regexp(r"^[a-z][a-z0-9_-]{0,31}$"),
                         metadata={"description": "points, roll, undo, … (what the game accepts). An undo or "
                                   "redo names its action: data.seq, the table's undo_seq or redo_seq."})
    data = fields.Dict(keys=fields.String(), load_default=dict)
    expected_seq = fields.Integer(strict=True, validate=SEQ,
                                  metadata={"description": "Refuse with 409 if the table is no longer at this seq."})
    device = fields.String(validate=validate.Regexp(DEVICE_ID), metadata={
        "description": "The sending phone's id (as in its claim_seat): a player's own act (a grid handed in, a "
                       "challenge's challenger) for a seat another phone holds is refused (409 "
                       "seat_on_another_phone) unless on_behalf is true."})
    on_behalf = StrictBoolean(load_default=False, metadata={
        "description": "Confirmed on this phone: the act is done for the seat's player, who is on another phone."})


class EventSchema(Schema):
    seq = fields.Integer(required=True)
    id = fields.String(required=True)
    type = fields.String(required=True)
    data = fields.Dict(required=True)
    at_ms = fields.Integer(required=True)


class AppendedSchema(Schema):
    event = fields.Nested(EventSchema, required=True)
    table = fields.Nested(TableSchema, required=True)
    duplicate = fields.Boolean(required=True, metadata={"description": "True when this id was already stored."})


class EventsQuerySchema(Schema):
    after = fields.Integer(load_default=0, validate=SEQ)
    limit = fields.Integer(load_default=500, validate=validate.Range(min=1, max=500))


class EventListSchema(Schema):
    events = fields.List(fields.Nested(EventSchema), required=True)
    seq = fields.Integer(required=True)


class StreamQuerySchema(Schema):
    after = fields.Integer(validate=SEQ,
                           metadata={"description": "Resume after this seq (as the Last-Event-ID header does)."})
    lang = fields.String(validate=validate.Length(max=35), metadata={
        "description": "The language the messages' texts are said in (an EventSource cannot send "
                       "Accept-Language): en or de; any other value, or none, follows Accept-Language."})


class TimerCommandSchema(Schema):
    id = fields.UUID(metadata={"description": "Optional; makes the command idempotent like any event."})
    action = fields.String(required=True, validate=validate.OneOf(["set", "start", "pause", "resume", "add", "reset"]))
    seconds = fields.Float(validate=validate.Range(min=0, max=3600),
                           metadata={"description": "For set and add."})
    expected_seq = fields.Integer(strict=True, validate=SEQ)


class ConflictSchema(Schema):
    code = fields.String(required=True)
    status = fields.Integer(required=True)
    message = fields.String(required=True)
    table = fields.Nested(TableSchema, required=True)
    event = fields.Nested(EventSchema, metadata={"description": "id_reused: the event stored under this id."})


class TableStandingSchema(Schema):
    player = fields.String(required=True)
    rank = fields.Integer(required=True, metadata={"description": "In the league's standings (wins order)."})
    tied = fields.Boolean(required=True, metadata={"description": "Another row shares the rank (=1)."})
    played = fields.Integer(required=True)
    wins = fields.Integer(required=True)
    rank_before = fields.Integer(allow_none=True, required=True,
                                 metadata={"description": "Before this table's game counted; null: their first."})


class TableStandingsSchema(Schema):
    league = fields.String(required=True, metadata={"description": "The league's name."})
    posted = fields.Boolean(required=True, metadata={
        "description": "Whether the table's result is in the league yet: false until its game is over and a moment "
                       "after (then no rows; ask again)."})
    rows = fields.List(fields.Nested(TableStandingSchema), required=True,
                       metadata={"description": "The table's players only, best first."})
