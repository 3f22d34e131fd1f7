"""POST /api/qr: a QR code of a link into this app (league links hold tokens, so never in a URL)."""

import io

import pytest
import segno

FOREIGN = "Only links into this app get a QR code."
LINK = "http://localhost/#/league/abc123?t=secret-admin-token&m=secret-member-token"


def qr(client, url, **kwargs):
    return client.post("/api/qr", json={"url": url}, **kwargs)


def test_a_link_into_this_app_gets_an_svg_qr_code_that_is_never_cached(client):
    response = qr(client, LINK)
    assert response.status_code == 200 and response.mimetype == "image/svg+xml"
    assert response.headers["Cache-Control"] == "no-store"
    assert response.data.startswith(b"<svg") and b"<path" in response.data
    expected = io.BytesIO()
    segno.make(LINK, error="m").save(expected, kind="svg", scale=8, border=4, xmldecl=False,
                                     title="QR code of a scorekeeper link")
    assert response.data == expected.getvalue()
    assert b"secret" not in response.data.split(b"<path")[0]  # the token is not in the image's title


def test_the_host_asked_and_the_configured_public_host_both_count(client, app):
    assert qr(client, "https://LOCALHOST/#/leagues").status_code == 200  # host names ignore case
    assert qr(client, "http://192.168.1.20:8000/#/x", base_url="http://192.168.1.20:8000").status_code == 200
    app.config["PUBLIC_URL"] = "https://club.example.org/"
    assert qr(client, "https://club.example.org/#/league/abc?t=x").status_code == 200
    assert qr(client, "http://localhost/#/league/abc?t=x").status_code == 200


@pytest.mark.parametrize("url", [
    "https://evil.example.com/#/league/abc?t=x",
    "http://localhost:8001/#/league/abc",  # another port is another app
    "http://localhost.evil.example.com/",
    "http://user@localhost/",
])
def test_a_link_elsewhere_is_refused_naming_url(client, url):
    response = qr(client, url)
    assert response.status_code == 422
    body = response.get_json()
    assert body["message"] == FOREIGN and body["errors"] == {"url": [FOREIGN]}


@pytest.mark.parametrize("body", [
    {},
    {"url": ""},
    {"url": None},
    {"url": 42},
    {"url": "not a url"},
    {"url": "/#/league/abc"},  # a relative link: the QR code must work on another phone
    {"url": "javascript:alert(1)"},
    {"url": "ftp://localhost/file"},
    {"url": "http://localhost/#/" + "a" * 1000},
])
def test_a_missing_or_malformed_or_too_long_url_is_refused_naming_url(client, body):
    response = client.post("/api/qr", json=body)
    assert response.status_code == 422
    assert set(response.get_json()["errors"]) == {"url"}


def test_the_body_must_be_json(client):
    response = client.post("/api/qr", data="url=http://localhost/", content_type="application/x-www-form-urlencoded")
    assert response.status_code == 415


def test_a_get_with_the_link_in_the_query_is_not_offered(client):
    assert client.get("/api/qr?url=http://localhost/").status_code == 405
