"""Smaller holes a review found: spreadsheet formulas, the admin link, team labels, 500s, logs (both databases)."""

from __future__ import annotations

import csv
import io
import logging

import pytest
from api_calls import auth
from support import migrate

from scorekeeper import create_app
from scorekeeper.config import ConfigError


@pytest.fixture
def league(client):
    made = client.post("/api/leagues", json={"name": "Club"}).get_json()
    for name in ("=HYPERLINK(\"http://x\")", "+Ann", "Ben"):
        assert client.post(f"/api/leagues/{made['id']}/players", json={"name": name},
                           headers=auth(made["member_token"])).status_code == 201
    return made


def test_csv_cells_cannot_start_a_formula(client, league):
    response = client.post(f"/api/leagues/{league['id']}/results", headers=auth(league["member_token"]), json={
        "game": "scorepad", "played_on": "2026-01-01",
        "players": [{"name": "=HYPERLINK(\"http://x\")", "score": -3, "team": "@SUM(A1)"},
                    {"name": "+Ann", "score": 5, "team": "-team"}, {"name": "Ben", "score": 1}]})
    assert response.status_code == 201, response.get_json()
    text = client.get(f"/api/leagues/{league['id']}/export.csv", headers=auth(league["viewer_token"])).get_data(True)
    rows = list(csv.reader(io.StringIO(text)))[1:]
    cells = [cell for row in rows for cell in row]
    formulas = [c for c in cells if c[:1] in ("=", "+", "@", "\t", "\r") or (c[:1] == "-" and not c[1:].isdigit())]
    assert not formulas
    assert rows[0][3] == "'=HYPERLINK(\"http://x\")" and rows[0][6] == "'@SUM(A1)"
    assert rows[0][4] == "-3"  # a negative score stays a number


def test_the_admin_link_can_be_rotated(client, league):
    response = client.post(f"/api/leagues/{league['id']}/tokens/rotate", json={"role": "admin"},
                           headers=auth(league["admin_token"]))
    assert response.status_code == 200 and response.get_json()["role"] == "admin"
    new = response.get_json()["token"]
    assert client.get(f"/api/leagues/{league['id']}", headers=auth(league["admin_token"])).status_code == 401
    assert client.get(f"/api/leagues/{league['id']}", headers=auth(new)).get_json()["role"] == "admin"
    assert response.headers["Cache-Control"] == "no-store"


@pytest.mark.parametrize("team", ["A\u202eB", "A\u0000B", "A\u0007", "\u2066x\u2069"])
def test_team_labels_get_the_name_checks(client, league, team):
    response = client.post(f"/api/leagues/{league['id']}/results", headers=auth(league["member_token"]), json={
        "game": "scorepad", "played_on": "2026-01-01",
        "players": [{"name": "Ben", "score": 1, "team": team}, {"name": "+Ann", "score": 2}]})
    assert response.status_code == 422 and "players.0.team" in response.get_json()["errors"]


def test_names_are_nfkc_normalised(client, league):
    # Full-width letters and ligatures are the same name as their plain forms.
    response = client.post(f"/api/leagues/{league['id']}/players", json={"name": "Ｂｅｎ"},
                           headers=auth(league["member_token"]))
    assert response.status_code == 409
    made = client.post(f"/api/leagues/{league['id']}/players", json={"name": "Ef\ufb01"},
                       headers=auth(league["member_token"])).get_json()
    assert made["name"] == "Effi"


@pytest.mark.parametrize("path", [
    "/results?season=99999999999999999999", "/standings?season=99999999999999999999",
    "/results?game=scorepad%00", "/standings?game=x%00", "/leaderboards?game=x%00",
    "/results/abc%00", "/players/Ann%00",
])
def test_odd_queries_are_4xx_not_500(client, league, path):
    response = client.get(f"/api/leagues/{league['id']}{path}", headers=auth(league["viewer_token"]))
    assert 400 <= response.status_code < 500, (response.status_code, response.get_json())


def test_a_nul_in_a_league_reference_is_a_4xx(client, league):
    response = client.post("/api/tables", headers=auth(league["member_token"]),
                           json={"game": "scorepad", "seats": [{"name": "Ben"}], "league": "ab\u0000c"})
    assert 400 <= response.status_code < 500


def test_token_bearing_answers_are_not_stored_by_caches(client):
    made = client.post("/api/leagues", json={"name": "Club"})
    assert made.headers["Cache-Control"] == "no-store"
    league = made.get_json()
    assert client.get(f"/api/leagues/{league['id']}", headers=auth(league["viewer_token"])
                      ).headers["Cache-Control"] == "no-store"


def test_logged_paths_cannot_forge_log_lines(app, caplog):
    app.config["PROPAGATE_EXCEPTIONS"] = False

    @app.get("/api/explode/<anything>")
    def explode(anything):
        raise RuntimeError("boom")

    logging.getLogger("scorekeeper.errors").disabled = False  # alembic's logging setup disables it in tests
    with caplog.at_level(logging.ERROR):
        app.test_client().get("/api/explode/x%0Afake%20line%00")
    messages = [r.getMessage() for r in caplog.records]
    assert messages and not [m for m in messages if "\n" in m or "\x00" in m]


def test_sql_errors_are_logged_without_their_parameters(app):
    with app.app_context():
        from scorekeeper.extensions import db

        assert db.engine.hide_parameters


# --- production ------------------------------------------------------------------------------------------


@pytest.fixture
def production(monkeypatch, tmp_path):
    monkeypatch.setenv("SCOREKEEPER_ENV", "production")
    monkeypatch.setenv("SECRET_KEY", "Vq3x9LrT2mZp8KdW4sYb7NcJ6hFg1QeA5uRt")
    monkeypatch.setenv("SCOREKEEPER_PUBLIC_URL", "https://scores.example")
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'p.sqlite3'}")
    return monkeypatch


@pytest.mark.parametrize("secret", ["x", "dev-only-not-secret", "changeme"])
def test_production_refuses_a_weak_secret_key(production, secret):
    production.setenv("SECRET_KEY", secret)
    with pytest.raises(ConfigError):
        create_app()


def test_production_ignores_flask_debug(production):
    production.setenv("FLASK_DEBUG", "1")
    assert create_app().debug is False


def test_production_needs_a_public_url_or_trusted_hosts(production):
    production.delenv("SCOREKEEPER_PUBLIC_URL")
    with pytest.raises(ConfigError):
        create_app()
    production.setenv("SCOREKEEPER_TRUSTED_HOSTS", "scores.example, 192.168.1.5")
    app = create_app()
    assert app.config["TRUSTED_HOSTS"] == ["scores.example", "192.168.1.5"]
    assert app.test_client().get("/api/health", headers={"Host": "evil.example"}).status_code == 400


def test_hsts_under_tls_only(client):
    assert "Strict-Transport-Security" not in client.get("/api/health").headers
    secure = client.get("/api/health", base_url="https://localhost")
    assert secure.headers["Strict-Transport-Security"].startswith("max-age=")


def test_with_trusted_hosts_the_port_in_the_host_header_cannot_set_join_links(production):
    """The port asked on must be the one the server listens on (or one a trusted host names): else a forged
    Host header would make join links and QR codes point at another port of the same machine."""
    production.delenv("SCOREKEEPER_PUBLIC_URL")
    production.setenv("SCOREKEEPER_TRUSTED_HOSTS", "127.0.0.1, scores.example:8443")
    app = create_app()
    migrate(app)
    client = app.test_client()
    served = {"base_url": "http://127.0.0.1:8000"}  # the server listens on 8000
    body = {"game": "scorepad", "seats": [{"name": "Ann"}]}
    forged = client.post("/api/tables", json=body, headers={"Host": "127.0.0.1:6666"}, **served)
    assert forged.status_code == 400 and forged.get_json()["code"] == "bad_request", forged.get_json()
    assert client.get("/api/links", headers={"Host": "127.0.0.1:6666"}, **served).status_code == 400
    for host, base in (("127.0.0.1:8000", "http://127.0.0.1:8000"), ("127.0.0.1", "http://127.0.0.1"),
                       ("scores.example:8443", "http://scores.example:8443")):
        table = client.post("/api/tables", json=body, headers={"Host": host}, **served)
        assert table.status_code == 201, (host, table.get_json())
        assert table.get_json()["join_url"].startswith(f"{base}/#/table/")
    assert client.get("/api/links", headers={"Host": "scores.example:9999"}, **served).status_code == 400
