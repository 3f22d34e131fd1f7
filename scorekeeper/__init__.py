"""scorekeeper: keep score at the table. ``create_app()`` builds the Flask app."""

from __future__ import annotations

import os
from typing import Any

from .version import __version__

__all__ = ["__version__", "create_app"]


def create_app(test_config: dict[str, Any] | None = None):
    from flask import Flask
    from flask_compress import Compress

    from . import cli, config, errors, i18n, models, web  # noqa: F401 - models registers the tables
    from .api import api, register_blueprints
    from .api.tables import early_refusal
    from .database import init_database
    from .extensions import db, migrate
    from .jsonio import OrjsonProvider
    from .limits import limiter
    from .stream_gate import StreamGate

    app = Flask(__name__, instance_relative_config=True)
    app.request_class = web.Request
    app.json = OrjsonProvider(app)
    os.makedirs(app.instance_path, exist_ok=True)
    app.config.from_mapping(config.load(app.instance_path, test_config))
    if app.config["PRODUCTION"]:
        app.debug = False  # FLASK_DEBUG=1 would show tracebacks and run code typed into a browser

    init_database(app)
    migrate.init_app(app, db, directory=os.path.join(os.path.dirname(__file__), "migrations"))
    api.init_app(app)
    register_blueprints(app, api)
    limiter.init_app(app)
    Compress(app)
    errors.register(app)
    app.after_request(i18n.vary_by_language)
    web.init_app(app)
    app.wsgi_app = StreamGate(app.wsgi_app, refuse=early_refusal(app))
    if app.config["PROXIES"]:
        from werkzeug.middleware.proxy_fix import ProxyFix

        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=app.config["PROXIES"], x_proto=app.config["PROXIES"])
    cli.init_app(app)  # flask backup / restore
    return app
