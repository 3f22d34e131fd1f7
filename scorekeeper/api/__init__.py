"""HTTP API: one flask-smorest Blueprint per resource, views kept thin."""

from flask import Flask
from flask_smorest import Api
from werkzeug.routing import BaseConverter


class LeagueIdConverter(BaseConverter):
    """A league's public id: url-safe characters, and never the word "import" (POST /api/leagues/import)."""

    regex = r"(?!import$)[A-Za-z0-9_-]{1,32}"


class ResultIdConverter(BaseConverter):
    """A league result's id: a UUID as phones make them, or an imported id; never a NUL byte."""

    regex = r"[^/\x00-\x1f]{1,64}"


def register_blueprints(app: Flask, api: Api) -> None:
    from . import games, leagues, lexicons, meta, qr, scan, tables

    app.url_map.converters["game"] = games.GameConverter
    app.url_map.converters["league_id"] = LeagueIdConverter
    app.url_map.converters["result_id"] = ResultIdConverter
    api.register_converter(ResultIdConverter, lambda _: {"type": "string", "minLength": 1, "maxLength": 64})
    api.register_converter(LeagueIdConverter, lambda _: {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,32}$"})

    for module in (meta, games, scan, tables, lexicons, leagues, qr):
        api.register_blueprint(module.blp)
