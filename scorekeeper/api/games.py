"""The game catalogue and stateless scoring of finished score sheets."""

from __future__ import annotations

from flask import jsonify
from werkzeug.routing import AnyConverter

from .. import games, i18n
from ..errors import ErrorSchema
from ..services import scoring
from .blueprint import Blueprint
from .schemas import CatalogueSchema, ResultSchema, SheetSchema

blp = Blueprint("games", __name__, url_prefix="/api/games", description="The games and their rules.")


@blp.route("")
@blp.response(200, CatalogueSchema)
def catalogue():
    """Every game with its variants, options and defaults, and the dice."""
    # jsonify: each game adds fields of its own (Block Buster's board patterns, …).
    # The labels, descriptions and summaries in the asker's language.
    return jsonify(i18n.localize(scoring.catalogue()))


class GameConverter(AnyConverter):
    """A game's id, one of the registry's when the app is made: an unknown game is a plain 404, and the
    OpenAPI document lists the games (as for werkzeug's ``any``)."""

    def __init__(self, url_map, *args, **kwargs):
        super().__init__(url_map, *games.REGISTRY)


@blp.route("/<game:game>/score", methods=["POST"])
@blp.arguments(SheetSchema)
@blp.response(200, ResultSchema)
@blp.alt_response(404, schema=ErrorSchema, description="No such game.", success=False)
def score(sheet, game):
    """Score a finished game's sheet: totals explained line by line, and the winners."""
    # jsonify, not the schema: each game's result carries fields of its own.
    return jsonify(i18n.localize(scoring.score(game, sheet)))
