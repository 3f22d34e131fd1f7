"""Extension objects, created unbound and initialised in create_app()."""

from flask_migrate import Migrate
from flask_smorest import Api
from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import MetaData
from sqlalchemy.orm import DeclarativeBase

from .errors import ErrorSchema, handle_http

# Named constraints so migrations can alter them on every database.
NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


db = SQLAlchemy(model_class=Base)
migrate = Migrate()


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
