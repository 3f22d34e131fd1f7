"""Health, the clock probe, and the one error shape."""

import time

import pytest


def test_health_reports_version_and_database(client, backend):
    response = client.get("/api/health")
    assert response.status_code == 200
    body = response.get_json()
    assert body["status"] == "ok"
    assert body["database_reachable"] is True
    assert body["database"] == backend["name"]
    assert body["version"]


def test_time_is_now_and_never_cached(client):
    before = int(time.time() * 1000)
    response = client.get("/api/time")
    after = int(time.time() * 1000)
    assert before <= response.get_json()["now_ms"] <= after
    assert response.headers["Cache-Control"] == "no-store"


def assert_error_shape(response, status, code=None):
    assert response.status_code == status
    assert response.mimetype == "application/json"
    body = response.get_json()
    assert set(body) >= {"code", "status", "message"}
    assert body["status"] == status
    assert isinstance(body["message"], str) and body["message"]
    if code:
        assert body["code"] == code
    return body


@pytest.mark.parametrize("path", ["/api/nope", "/api/games/nope/score/extra", "/api/"])
def test_unknown_api_path_is_json_404(sqlite_app, path):
    assert_error_shape(sqlite_app.test_client().get(path), 404, "not_found")


def test_wrong_method_is_json_405(sqlite_app):
    body = assert_error_shape(sqlite_app.test_client().delete("/api/health"), 405, "method_not_allowed")
    assert "405" not in body["message"]


def test_broken_json_body_is_400_in_the_same_shape(sqlite_app):
    response = sqlite_app.test_client().post(
        "/api/games/scorepad/score", data="{not json", content_type="application/json"
    )
    assert_error_shape(response, 400, "bad_request")


def test_unknown_game_is_404(sqlite_app):
    response = sqlite_app.test_client().post("/api/games/chess/score", json={})
    assert_error_shape(response, 404, "not_found")


def test_rule_error_is_422_naming_the_field(sqlite_app):
    response = sqlite_app.test_client().post(
        "/api/games/scorepad/score", json={"players": [{"name": "Ann", "points": [3, 20000]}]}
    )
    body = assert_error_shape(response, 422, "bad_points")
    assert body["errors"] == {"players.0.points.1": [body["message"]]}


def test_unexpected_error_is_json_500_without_internals(tmp_path, monkeypatch):
    from scorekeeper import create_app
    from scorekeeper.services import scoring

    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'x.sqlite3'}"})

    def explode(*_):
        raise RuntimeError("secret internal detail")

    monkeypatch.setattr(scoring, "score", explode)
    response = app.test_client().post("/api/games/scorepad/score", json={})
    body = assert_error_shape(response, 500, "internal_server_error")
    assert "secret" not in response.get_data(as_text=True)
    assert "Traceback" not in body["message"]


def test_too_large_body_is_413(sqlite_app):
    response = sqlite_app.test_client().post(
        "/api/games/scorepad/score", data="x" * (300 * 1024), content_type="application/json"
    )
    assert_error_shape(response, 413)
