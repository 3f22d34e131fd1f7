"""HTTP API: one flask-smorest Blueprint per resource, views kept thin."""

from flask_smorest import Api


def register_blueprints(api: Api) -> None:
    from . import games, leagues, lexicons, meta, tables

    for module in (meta, games, tables, lexicons, leagues):
        api.register_blueprint(module.blp)
