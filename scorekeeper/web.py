"""The phone UI (static files from frontend/), the API docs page, security headers, and the request (its body limit)."""

from __future__ import annotations

import hashlib
from functools import lru_cache

from flask import Blueprint, Flask, Response, current_app, jsonify, render_template_string, request, send_from_directory
from flask import Request as FlaskRequest
from flask.sessions import SessionInterface
from werkzeug.exceptions import BadRequest, RequestEntityTooLarge, UnsupportedMediaType

from . import compressed_files, links
from .app_files import FRONTEND, added_game_files, app_files
from .text import N_


class Request(FlaskRequest):
    """Flask's request, but a body sent in chunks (no Content-Length) that reaches the size limit is 413, as one
    whose Content-Length says so is: werkzeug stops reading such a body at the limit and says nothing, and the
    cut JSON was answered 400 "Invalid JSON body"."""

    def get_data(self, cache: bool = True, as_text: bool = False, parse_form_data: bool = False):
        data = super().get_data(cache=True, parse_form_data=parse_form_data)
        limit = self.max_content_length
        if self.content_length is None and limit is not None and len(data) >= limit:
            raise RequestEntityTooLarge()
        return super().get_data(cache=cache, as_text=as_text, parse_form_data=parse_form_data)


# No inline script anywhere: every script is a file from our own origin.
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
    "font-src 'self'; connect-src 'self'; manifest-src 'self'; worker-src 'self'; media-src 'self' data: blob:; "
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
# Swagger UI sets style attributes at run time; its page alone allows inline styles.
DOCS_CSP = CSP.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")
# A page's policy, and a worker's, comes from the response that loads it; a module, a stylesheet, an image or
# an API answer runs under the policy of the page (or worker) that loaded it, whatever its own headers say.
# Those get the policy of a response never meant to be a page: opened on its own, it runs and frames nothing.
# The page's whole set on each of a table's ~38 first requests was 16 KB of a phone's first load.
NOT_A_PAGE_CSP = "default-src 'none'; frame-ancestors 'none'"
WORKER_SCRIPTS = ("/sw.js", "/js/workers/")

web = Blueprint("web", __name__)

DOCS_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>scorekeeper API</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="{{ base }}/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="{{ base }}/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script></body></html>"""

DOCS_INIT = """window.ui = SwaggerUIBundle({url: "/api/openapi.json", dom_id: "#swagger-ui", deepLinking: true});"""


@web.get("/")
def index():
    return _frontend("index.html")


@web.get("/shell.json")
def shell():
    """What the service worker caches for offline use: every file of the phone app."""
    files, version = _shell_files()
    response = jsonify({"version": version, "files": ["/", *files]})
    response.headers["Cache-Control"] = "no-cache"
    return response


@lru_cache(maxsize=1)
def _shell_files() -> tuple[list[str], str]:
    digest = hashlib.sha256()
    files = []
    for rel, path in sorted(app_files().items()):
        if rel == "sw.js" or rel.startswith("."):
            continue
        files.append("/" + rel)
        digest.update(rel.encode() + b"\0" + path.read_bytes())
    return files, digest.hexdigest()[:16]


# Only the app's own folders and files: nothing else (least of all /api/…) falls through to here.
@web.get("/<any(js, css, icons):folder>/<path:filename>")
def frontend_asset(folder: str, filename: str):
    return _frontend(f"{folder}/{filename}")


@web.get('/<any("index.html", "manifest.webmanifest", "sw.js"):filename>')
def frontend_file(filename: str):
    return _frontend(filename)


def _frontend(filename: str) -> Response:
    # send_from_directory refuses paths that climb out of FRONTEND (404). An added game's file is served
    # only by the exact path it is listed at, and never in place of one of ours.
    added = added_game_files().get(filename)
    if added and not (FRONTEND / filename).is_file():
        response, path = send_from_directory(added.parent, added.name, max_age=0), added
    else:
        response, path = send_from_directory(FRONTEND, filename, max_age=0), FRONTEND / filename
    response = compressed_files.compress(response, path, request, current_app.config["COMPRESS_MIMETYPES"])
    # Revalidate every time (ETag/Last-Modified make that cheap): there is no build step
    # to put hashes in file names, and the service worker does the offline caching.
    response.headers["Cache-Control"] = "no-cache"
    # Said by Cache-Control already, and a file shown in place needs no name: bytes on every request.
    for needless in ("Expires", "Content-Disposition"):
        response.headers.pop(needless, None)
    if filename == "sw.js":
        response.headers["Service-Worker-Allowed"] = "/"
    return response


@web.get("/api/docs")
def docs():
    response = Response(render_template_string(DOCS_PAGE, base="/api/docs/static"), mimetype="text/html")
    response.headers["Content-Security-Policy"] = DOCS_CSP
    return response


@web.get("/api/docs/init.js")
def docs_init():
    return Response(DOCS_INIT, mimetype="text/javascript")


@web.get("/api/docs/static/<path:filename>")
def docs_static(filename: str):
    import swagger_ui_bundle

    response = send_from_directory(swagger_ui_bundle.swagger_ui_path, filename, max_age=86400)
    return response


# The one upload: a photo of a scorecard, sent as a phone's file input sends it (api/scan.py).
PHOTO_UPLOADS = ("/api/games/bresk/scan",)
# And a saved BoardGameGeek plays file, sent as it was saved (api/leagues.py).
XML_UPLOADS = ("/api/leagues/import/bgg",)


def require_json() -> Response | None:
    """Bodies sent to the API must say they are JSON (a photo upload: multipart; a BoardGameGeek plays file:
    XML); anything else is refused."""
    writes = request.method in ("POST", "PUT", "PATCH")
    if not (writes and request.path.startswith("/api/") and request.content_length):
        return None
    if request.path in PHOTO_UPLOADS:
        if request.mimetype != "multipart/form-data":
            raise UnsupportedMediaType(N_("Send the photo as multipart/form-data, in the field photo."))
    elif request.path in XML_UPLOADS:
        if request.mimetype not in ("application/xml", "text/xml"):
            raise UnsupportedMediaType(N_("Send the plays file as XML, with Content-Type: application/xml."))
    elif not request.is_json:
        raise UnsupportedMediaType(N_("Send the body as JSON, with Content-Type: application/json."))
    return None


def trusted_port() -> None:
    """With trusted hosts set, the Host header's port must be one this app is reached on too (links.py)."""
    if current_app.config.get("TRUSTED_HOSTS") and not links.port_trusted(
            request.host, request.scheme, request.environ.get("SERVER_PORT")):
        raise BadRequest(N_("This app is not reached on the port {port}.", port=request.host.rpartition(":")[2]))


def _is_page(response: Response) -> bool:
    """A document or a worker: the responses whose headers set the policy scripts run under."""
    return response.mimetype == "text/html" or request.path.startswith(WORKER_SCRIPTS)


def security_headers(response: Response) -> Response:
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    if _is_page(response):
        response.headers.setdefault("Content-Security-Policy", CSP)
        response.headers.setdefault("Referrer-Policy", "no-referrer")
        response.headers.setdefault("X-Frame-Options", "DENY")
        response.headers.setdefault("Permissions-Policy", "camera=(self), microphone=(), geolocation=()")
    else:
        response.headers.setdefault("Content-Security-Policy", NOT_A_PAGE_CSP)
    if request.is_secure:
        response.headers.setdefault("Strict-Transport-Security", "max-age=31536000")
    if request.path.startswith("/api/leagues") or "Authorization" in request.headers:
        # League answers carry links (tokens) or what only their holders may read: no cache keeps them.
        response.headers["Cache-Control"] = "no-store"
    return response


class NoCookieSession(SessionInterface):
    """No session cookie is read or set: a phone is known by the device id it sends, a league's member by its
    link. Flask's signed-cookie session cost each request 20 µs to open for nothing, and code that wrote to
    ``flask.session`` would now fail at once instead of setting a cookie nobody reads."""

    def open_session(self, app, request):
        return None  # Flask hands the request its null session

    def save_session(self, app, session, response):
        pass


def init_app(app: Flask) -> None:
    app.session_interface = NoCookieSession()
    app.register_blueprint(web)
    app.before_request(trusted_port)
    app.before_request(require_json)
    app.after_request(security_headers)
