"""The API tier's helpers, imported by name (``from api_calls import …``): tables, events and the header a
league link rides in, made through a Flask test client and played by the cast in support.py.

Fixtures (``client``, ``limited``) are in conftest.py; what every tier shares is in ../support.py.
"""

from __future__ import annotations

import uuid

from support import CAST


def auth(token: str) -> dict[str, str]:
    """The header a league call carries its capability token in."""
    return {"Authorization": f"Bearer {token}"}


def new_table(client, game: str = "scorepad", seats=CAST[:3], *, league: dict | None = None, headers=None,
              base_url=None, **options) -> dict:
    """A table of ``game`` seating ``seats``, which must be made; its creation answer (``["code"]`` is its code).

    In ``league`` (a league's creation answer) it is started with the league's member link, unless ``headers``
    carry another."""
    body = {"game": game, "options": options, "seats": [{"name": n} for n in seats]}
    if league is not None:
        body["league"] = league["id"]
        headers = headers or auth(league["member_token"])
    response = client.post("/api/tables", json=body, headers=headers, base_url=base_url)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def post_event(client, code: str, kind: str, data=None, *, uid=None, headers=None, **extra):
    """One event sent to a table, as a phone sends it; the answer, whatever it is (``extra``: e.g. expected_seq)."""
    body = {"id": uid or str(uuid.uuid4()), "type": kind, "data": data or {}, **extra}
    return client.post(f"/api/tables/{code}/events", json=body, headers=headers)


def accepted(response):
    """``response``, after checking the table took the event (201)."""
    assert response.status_code == 201, response.get_json()
    return response


def play(client, code: str, kind: str, data=None, *, headers=None):
    """An event the table must take; its answer."""
    return accepted(post_event(client, code, kind, data, headers=headers))


def undo(client, code: str, kind: str = "undo", *, headers=None):
    """Undo (or redo) the action this phone sees as the one to take back (or restore); the answer."""
    seen = client.get(f"/api/tables/{code}").get_json()[f"{kind}_seq"]
    return post_event(client, code, kind, {"seq": seen}, headers=headers)
