"""QR codes of links into this app, for one phone to show and another to scan.

League share links hold a capability token, so the link travels in a POST body: never in a
URL, where it would end up in access logs, browser history and caches.
"""

from __future__ import annotations

import io
from urllib.parse import urlsplit

import segno
from flask import Response, request
from marshmallow import Schema, fields, validate

from ..domain_errors import Refused
from ..links import our_hosts
from ..text import N_
from .blueprint import Blueprint

FOREIGN = N_("Only links into this app get a QR code.")

blp = Blueprint("qr", __name__, url_prefix="/api", description="QR codes of links into this app.")


class QrRequestSchema(Schema):
    url = fields.String(
        required=True,
        validate=[validate.Length(min=1, max=1000), validate.URL(schemes={"http", "https"}, require_tld=False)],
        metadata={"format": "uri", "description": "An http(s) link to this app's own address."},
    )


def svg(data: str, title: str) -> bytes:
    """An SVG QR code of ``data``, sized for a phone screen; ``title`` names the image."""
    out = io.BytesIO()
    # A quiet zone of 4 modules, as the QR standard asks: scanners find the code even on a dark page.
    segno.make(data, error="m").save(out, kind="svg", scale=8, border=4, xmldecl=False, title=title)
    return out.getvalue()


def _ours(url: str) -> bool:
    """Does the link point at this app: the address it was asked on, the public or the LAN one?"""
    return urlsplit(url).netloc.lower() in our_hosts(request.host)


@blp.route("/qr", methods=["POST"])
@blp.arguments(QrRequestSchema)
@blp.response(200, description="An SVG QR code of the link.", content_type="image/svg+xml")
def make_qr(payload):
    """A QR code of a link into this app, e.g. a league's share link (links to elsewhere are refused)."""
    url = payload["url"]
    if not _ours(url):
        raise Refused("foreign_url", FOREIGN, "url")
    response = Response(svg(url, "QR code of a scorekeeper link"), mimetype="image/svg+xml")
    response.headers["Cache-Control"] = "no-store"  # the link may hold a token
    return response
