"""Reading a photographed Bresk! scorecard into the grid the hand-in and the score sheet take."""

from __future__ import annotations

from flask import request
from marshmallow import Schema, fields
from werkzeug.exceptions import RequestEntityTooLarge

from ..errors import ErrorSchema, handle_domain
from ..limits import scans
from ..services import scan
from .blueprint import Blueprint

blp = Blueprint("scan", __name__, url_prefix="/api/games/bresk/scan",
                description="Read a photographed Bresk! scorecard (an optional extra: pip install -e '.[scan]').")


class PhotoSchema(Schema):
    photo = fields.Raw(required=True, metadata={"type": "string", "format": "binary",
                                                "description": "A JPEG or PNG photo of the card, at most 10 MB."})


class CellSchema(Schema):
    row = fields.Integer(required=True, metadata={"description": "0–7, from the top"})
    col = fields.Integer(required=True, metadata={"description": "0–7, from the left"})
    value = fields.String(required=True, metadata={"description": "A–Z, # for a filled circle, ? for an empty square"})
    confidence = fields.Float(required=True, metadata={"description": "0–1; 1 for circles and empty squares"})


class ScanSchema(Schema):
    grid = fields.List(fields.String(), required=True, metadata={
        "description": "8 rows of 8: A–Z, # for a filled circle (a space), ? for an empty or unreadable square"})
    cells = fields.List(fields.Nested(CellSchema), required=True)
    flagged = fields.List(fields.List(fields.Integer()), required=True, metadata={
        "description": "[row, col] of each square to check: letters read with low confidence, empty squares"})
    crops = fields.List(fields.String(), required=True, metadata={
        "description": "Each flagged square as the photo shows it (flat, upright, 72 px grey JPEG, a data: URL), "
                       "in the order of flagged: the phone shows it beside the square to check"})


class ScanStatusSchema(Schema):
    available = fields.Boolean(required=True)
    max_bytes = fields.Integer(required=True)
    max_side = fields.Integer(required=True, metadata={"description": "px: the phone downsizes photos to this"})
    install = fields.String(allow_none=True, metadata={"description": "How to add scanning, when it is missing"})


@blp.route("", methods=["GET"])
@blp.response(200, ScanStatusSchema)
def status():
    """Whether this server reads scorecards (the phone shows its camera button only then)."""
    return scan.status()


@blp.route("", methods=["POST"])
@scans
@blp.arguments(PhotoSchema, location="files")
@blp.response(200, ScanSchema)
@blp.alt_response(413, schema=ErrorSchema, description="The photo is larger than 10 MB.", success=False)
@blp.alt_response(422, schema=ErrorSchema, description="Not a JPEG or PNG, too many pixels, or no scorecard found "
                  "(the message says what to do: more light, hold the phone flat…).", success=False)
@blp.alt_response(501, schema=ErrorSchema, description="Scanning is not installed on this server.", success=False)
@blp.alt_response(503, schema=ErrorSchema, success=False, description="Every scan process is busy; try again "
                  "after the seconds that Retry-After (and the body's retry_after, when busy) says.",
                  headers={"Retry-After": {"description": "Seconds to wait before trying again (when busy).",
                                           "schema": {"type": "integer"}}})
def read(files):
    """Read the 8×8 grid from a photo of a Bresk! scorecard; the photo is not kept."""
    return scan.read(files["photo"].read(scan.MAX_PHOTO_BYTES + 1))


@blp.before_request
def _photo_size():
    if request.method == "POST":
        request.max_content_length = scan.MAX_PHOTO_BYTES + 64 * 1024  # the photo and its multipart wrapping


@blp.errorhandler(RequestEntityTooLarge)
def _photo_too_large(_err):
    return handle_domain(scan.photo_too_large())  # the service's own refusal, in the asker's language
