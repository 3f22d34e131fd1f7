"""The shapes of a league's dispute log (services/disputes.py)."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from ..services.disputes import WORD_CHANGES


class DisputesQuerySchema(Schema):
    player = fields.String(validate=validate.Length(min=1, max=40),
                           metadata={"description": "Only the challenges this player made."})


class WordVerdictSchema(Schema):
    word = fields.String(required=True)
    valid = fields.Boolean(required=True)
    reason = fields.String(allow_none=True, metadata={"description": "As in a word's verdict (GET …/words/{word})."})
    message = fields.String(required=True, metadata={"description": "The verdict in words, in the asker's language."})


class ChallengeSchema(Schema):
    at_ms = fields.Integer(required=True)
    table = fields.String(required=True, metadata={"description": "The code of the table it was made at."})
    game = fields.String(required=True)
    by = fields.String(allow_none=True, metadata={"description": "Who challenged (a seat's name), if they said."})
    words = fields.List(fields.String(), required=True)
    valid = fields.Boolean(required=True, metadata={"description": "Every word valid."})
    lexicon = fields.String(allow_none=True)
    list = fields.String(required=True, metadata={"description": "The word list that judged, by its name."})
    verdicts = fields.List(fields.Nested(WordVerdictSchema),
                           metadata={"description": "Each word's verdict and reason: only where the challenge asked "
                                                    "which word failed (the log tells no more than the judge did)."})


class ArguedSchema(Schema):
    word = fields.String(required=True)
    count = fields.Integer(required=True, metadata={"description": "Challenges that named it."})


class WordChangeSchema(Schema):
    at_ms = fields.Integer(required=True)
    game = fields.String(required=True)
    word = fields.String(required=True)
    change = fields.String(required=True, validate=validate.OneOf(sorted(set(WORD_CHANGES.values()))))


class DisputesSchema(Schema):
    challenges = fields.List(fields.Nested(ChallengeSchema), required=True,
                             metadata={"description": "Newest first, at most 200 (of the newest 2,000)."})
    argued = fields.List(fields.Nested(ArguedSchema), required=True,
                         metadata={"description": "The words argued about most (among those challenges), at most 10."})
    word_changes = fields.List(fields.Nested(WordChangeSchema), required=True,
                               metadata={"description": "House words added or banned, or taken back; newest first."})
    challengers = fields.List(fields.String(), required=True, metadata={"description": "Who made challenges."})
