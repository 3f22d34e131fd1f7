"""One address cannot take the event streams from everyone else (SQLite and PostgreSQL)."""

import time

from api_calls import new_table
from flask import request
from support import CAST

from scorekeeper.services import streams


def test_streams_per_address_are_capped_and_released(app):
    app.config.update(STREAMS_PER_ADDRESS=3, STREAMS_PER_WORKER=5)
    client = app.test_client()
    code = new_table(client, seats=CAST[:1])["code"]
    held = [client.get(f"/api/tables/{code}/stream", buffered=False) for _ in range(3)]
    assert [r.status_code for r in held] == [200, 200, 200]
    refused = client.get(f"/api/tables/{code}/stream", buffered=False)
    assert refused.status_code == 429 and refused.get_json()["code"] == "too_many_requests"
    assert int(refused.headers["Retry-After"]) > 0
    # Reads and other addresses are still served; the worker keeps room for reads.
    assert client.get(f"/api/tables/{code}").status_code == 200
    assert client.get("/api/health").status_code == 200
    held[2].close()  # (the test client nests streams' contexts: they close last first)
    again = client.get(f"/api/tables/{code}/stream", buffered=False)
    assert again.status_code == 200
    others = [client.get(f"/api/tables/{code}/stream", buffered=False, environ_base={"REMOTE_ADDR": f"10.0.0.{i}"})
              for i in (1, 2, 3)]
    assert [r.status_code for r in others] == [200, 200, 429]  # 5 streams in this worker at most
    for response in [*reversed(others), again, held[1], held[0]]:
        response.close()
    with app.app_context():
        assert streams.hub().open_streams() == 0


def test_a_stream_over_the_cap_is_refused_before_the_app_and_answered_as_the_view_answers(app):
    """Most of a flood of streams is refused: each refusal went through the whole app (routing, hooks, parsing,
    about 1 ms of a worker), which kept a phone's reads waiting while the flood arrived (bench/abuse.py). A stream
    the worker already holds the address's cap for is refused at its place in the gate (stream_gate.py)."""
    app.config.update(STREAMS_PER_ADDRESS=1, STREAMS_PER_WORKER=5)
    hooked = []
    app.before_request(lambda: hooked.append(request.path))
    client = app.test_client()
    code = new_table(client, seats=CAST[:1])["code"]
    held = client.get(f"/api/tables/{code}/stream", buffered=False)
    assert held.status_code == 200
    hooked.clear()
    refused = client.get(f"/api/tables/{code}/stream?lang=de", buffered=False)
    assert hooked == []  # the app's request hooks never ran for it
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) == 5
    assert refused.get_json()["code"] == "too_many_requests"
    assert refused.get_json()["message"].startswith("Von dieser Adresse sind zu viele Tische live offen")
    assert refused.headers["X-Content-Type-Options"] == "nosniff" and "Accept-Language" in refused.headers["Vary"]
    # Each in its phone's language (the answer is made once per language and kept).
    english, german = (client.get(f"/api/tables/{code}/stream", buffered=False,
                                  headers={"Accept-Language": lang, "Accept-Encoding": "gzip, br"})
                       for lang in ("en-GB,en;q=0.9", "de-DE,de;q=0.9,en;q=0.5"))
    assert "Content-Encoding" not in english.headers  # kept as made, so plain: any phone can read it
    assert english.get_json()["message"] == ("Too many live tables are open from this address; close some and "
                                             "try again.")
    assert german.get_json()["message"] == refused.get_json()["message"]
    assert hooked == [] and {english.status_code, german.status_code} == {429}
    # Another address, and the worker's own count, are untouched.
    other = client.get(f"/api/tables/{code}/stream", buffered=False, environ_base={"REMOTE_ADDR": "10.0.0.9"})
    assert other.status_code == 200 and hooked == [f"/api/tables/{code}/stream"]
    for response in (other, german, english, refused, held):
        response.close()
    with app.app_context():
        assert streams.hub().open_streams() == 0


def test_an_idle_stream_ends_by_itself(app):
    app.config.update(STREAM_IDLE_S=0.5)
    client = app.test_client()
    code = new_table(client, seats=CAST[:1])["code"]
    response = client.get(f"/api/tables/{code}/stream", buffered=False)
    started = time.monotonic()
    body, ended = b"", True
    for chunk in response.response:
        body += chunk
        if time.monotonic() - started > 5:
            ended = False
            break
    assert ended and time.monotonic() - started < 5
    assert body.startswith(b"retry: 1000") and b"event: table" in body
    response.close()


class FakeHub(streams.Hub):
    pass


def test_the_message_cache_is_bounded_in_bytes(app):
    hub = FakeHub(app)
    hub._build_locks[1] = __import__("threading").Lock()
    big = "x" * (streams.MESSAGE_CACHE_BYTES // 8)
    for after in range(40):  # 40 streams at different points, each message an eighth of the bound
        hub._latest[1] = after + 1
        assert hub.message(1, after, lambda since: (since + 1, big))[1] == big
    assert hub.cached_bytes() <= streams.MESSAGE_CACHE_BYTES
    huge = "y" * streams.MESSAGE_CACHE_BYTES
    hub._latest[1] = 100
    assert hub.message(1, 99, lambda since: (100, huge))[1] == huge
    assert hub.cached_bytes() <= streams.MESSAGE_CACHE_BYTES
