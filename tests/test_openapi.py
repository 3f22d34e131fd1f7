"""openapi.yaml is what the code generates, and a valid OpenAPI document."""

from pathlib import Path

import yaml
from openapi_spec_validator import validate

from scorekeeper.api import api

ROOT = Path(__file__).resolve().parent.parent


def test_committed_openapi_matches_the_code(sqlite_app):
    with sqlite_app.app_context():
        generated = api.spec.to_dict()
    committed = yaml.safe_load((ROOT / "openapi.yaml").read_text())
    assert committed == generated, "openapi.yaml is stale: run `make openapi` and commit it"


def test_openapi_is_valid():
    validate(yaml.safe_load((ROOT / "openapi.yaml").read_text()))
