"""HTTP API: one flask-smorest Blueprint per resource, views kept thin."""

from flask import Flask
from flask_smorest import Api
from werkzeug.routing import BaseConverter

from ..errors import ErrorSchema, handle_http


class LeagueIdConverter(BaseConverter):
    """A league's public id: url-safe characters, and never the word "import" (POST /api/leagues/import)."""

    regex = r"(?!import$)[A-Za-z0-9_-]{1,32}"


class ResultIdConverter(BaseConverter):
    """A league result's id: a UUID as phones make them, or an imported id; never a NUL byte."""

    regex = r"[^/\x00-\x1f]{1,64}"


class ScorekeeperApi(Api):
    """flask-smorest with our one error shape, in responses and in the OpenAPI document."""

    ERROR_SCHEMA = ErrorSchema

    def handle_http_exception(self, error):
        return handle_http(error)

    def register_blueprint(self, blp, **options):
        super().register_blueprint(blp, **options)
        # Refusals that any operation may meet, said in every operation's responses: a rate
        # limit (limits.py), and for operations with a body, a body that is not JSON (web.py).
        common = {
            "TOO_MANY_REQUESTS": "Too many requests from this address; Retry-After says when to try again.",
            "UNSUPPORTED_MEDIA_TYPE": "The body is not JSON (Content-Type: application/json).",
        }
        for name, description in common.items():
            if name not in self.spec.components.responses:
                self.spec.components.response(name, {
                    "description": description, "content": {"application/json": {"schema": self.ERROR_SCHEMA}}})
        for operations in self.spec._paths.values():  # apispec keeps no public way to edit a path
            for operation in operations.values():
                if not isinstance(operation, dict) or "responses" not in operation:
                    continue
                operation["responses"].setdefault("429", {"$ref": "#/components/responses/TOO_MANY_REQUESTS"})
                if "requestBody" in operation:
                    operation["responses"].setdefault("415", {"$ref": "#/components/responses/UNSUPPORTED_MEDIA_TYPE"})


api = ScorekeeperApi()


def register_blueprints(app: Flask, api: Api) -> None:
    from . import games, leagues, lexicons, meta, qr, scan, tables

    app.url_map.converters["game"] = games.GameConverter
    app.url_map.converters["league_id"] = LeagueIdConverter
    app.url_map.converters["result_id"] = ResultIdConverter
    api.register_converter(ResultIdConverter, lambda _: {"type": "string", "minLength": 1, "maxLength": 64})
    api.register_converter(LeagueIdConverter, lambda _: {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,32}$"})

    for module in (meta, games, scan, tables, lexicons, leagues, qr):
        api.register_blueprint(module.blp)
