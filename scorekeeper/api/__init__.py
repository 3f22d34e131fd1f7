"""HTTP API: one flask-smorest Blueprint per resource, views kept thin."""

from flask import Flask
from flask_smorest import Api
from werkzeug.routing import BaseConverter


class LeagueIdConverter(BaseConverter):
    """A league's public id: url-safe characters, and never the word "import" (POST /api/leagues/import)."""

    regex = r"(?!import$)[A-Za-z0-9_-]{1,32}"


def register_blueprints(app: Flask, api: Api) -> None:
    from . import games, leagues, lexicons, meta, qr, tables

    app.url_map.converters["league_id"] = LeagueIdConverter
    api.register_converter(LeagueIdConverter, lambda _: {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,32}$"})

    for module in (meta, games, tables, lexicons, leagues, qr):
        api.register_blueprint(module.blp)
