"""Links for other phones: never localhost or 127.x when the page was opened on the laptop that runs the app."""

import pytest
from api_calls import new_table

LAN = "http://192.168.1.20:8000"


@pytest.mark.parametrize("asked_on", ["http://localhost:8000", "http://127.0.0.1:8000", "http://127.0.1.1:8000",
                                      "http://[::1]:8000"])
def test_a_page_on_localhost_hands_out_the_lan_address(client, app, asked_on):
    app.config["LAN_URL"] = LAN
    table = new_table(client, base_url=asked_on)
    assert table["join_url"] == f"{LAN}/#/table/{table['code']}"
    again = client.get(f"/api/tables/{table['code']}", base_url=asked_on).get_json()
    assert again["join_url"] == table["join_url"]
    assert client.get("/api/links", base_url=asked_on).get_json() == {"base_url": LAN}
    # The join QR code holds the LAN link too.
    svg = client.get(f"/api/tables/{table['code']}/qr.svg", base_url=asked_on).data
    assert svg == client.get(f"/api/tables/{table['code']}/qr.svg", base_url=LAN).data


def test_a_page_opened_at_another_address_keeps_it(client, app):
    app.config["LAN_URL"] = LAN
    table = new_table(client, base_url="http://scores.local:8000")
    assert table["join_url"].startswith("http://scores.local:8000/#/table/")
    assert client.get("/api/links", base_url="http://10.0.0.7:8000").get_json() == {"base_url": "http://10.0.0.7:8000"}


def test_the_public_url_wins_over_everything(client, app):
    app.config["LAN_URL"] = LAN
    app.config["PUBLIC_URL"] = "https://club.example.org/"
    table = new_table(client, base_url="http://localhost:8000")
    assert table["join_url"] == f"https://club.example.org/#/table/{table['code']}"
    assert client.get("/api/links", base_url="http://127.0.0.1").get_json() == {"base_url": "https://club.example.org"}


def test_without_a_lan_address_localhost_is_all_there_is(client):
    assert client.get("/api/links", base_url="http://localhost:8000").get_json() == {
        "base_url": "http://localhost:8000"}


def test_a_league_link_at_the_lan_address_gets_a_qr_code_from_a_page_on_localhost(client, app):
    app.config["LAN_URL"] = LAN
    response = client.post("/api/qr", json={"url": f"{LAN}/#/league/abc?t=x"}, base_url="http://localhost:8000")
    assert response.status_code == 200
    assert client.post("/api/qr", json={"url": "http://192.168.1.21:8000/#/x"},
                       base_url="http://localhost:8000").status_code == 422


def test_the_join_qr_code_is_cached_per_host_it_was_asked_on(client):
    """Its link is made from the address asked on (links.py): a shared cache keeps one copy per Host."""
    table = new_table(client, base_url="http://scores.local:8000")
    response = client.get(f"/api/tables/{table['code']}/qr.svg", base_url="http://scores.local:8000")
    assert response.headers["Cache-Control"] == "public, max-age=3600"
    assert "Host" in [v.strip() for v in response.headers.get("Vary", "").split(",")]
