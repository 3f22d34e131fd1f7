"""Marshmallow schemas shared by several resources."""

from __future__ import annotations

from marshmallow import INCLUDE, Schema, fields


class LineSchema(Schema):
    label = fields.String(required=True)
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
    default = fields.Raw(required=True)
    description = fields.String(required=True)
    choices = fields.List(fields.Raw())
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
