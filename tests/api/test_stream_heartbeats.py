"""A quiet table's stream still speaks: a heartbeat event every STREAM_HEARTBEAT_S, so a phone can tell a
quiet table from a lost server (a route gone while the wifi stays up leaves the socket open and silent)."""

import json
import time
import uuid

from api_calls import new_table
from support import CAST

from scorekeeper import create_app


def messages(response, count: int, within_s: float) -> list[str]:
    """The first ``count`` messages of a stream (blank-line separated), or fewer if ``within_s`` passes."""
    started, buffer, found = time.monotonic(), "", []
    for chunk in response.response:
        buffer += chunk.decode()
        *done, buffer = buffer.split("\n\n")
        found += [m for m in done if m]
        if len(found) >= count or time.monotonic() - started > within_s:
            break
    return found[:count]


def event(message: str) -> tuple[str | None, dict | None]:
    fields = dict(line.split(": ", 1) for line in message.splitlines() if ": " in line and not line.startswith(":"))
    return fields.get("event"), json.loads(fields["data"]) if "data" in fields else None


def test_a_quiet_stream_sends_a_heartbeat_event_every_interval_and_says_the_interval(app):
    app.config.update(STREAM_HEARTBEAT_S=0.2)
    client = app.test_client()
    code = new_table(client, seats=CAST[:1])["code"]
    response = client.get(f"/api/tables/{code}/stream", buffered=False)
    started = time.monotonic()
    retry, table, *beats = messages(response, 5, within_s=5)
    took = time.monotonic() - started
    response.close()
    assert retry == "retry: 1000"
    assert event(table)[0] == "table"
    # The phone hears the interval at once (the first heartbeat follows the table), then one every interval.
    assert [event(b) for b in beats] == [("heartbeat", {"every_ms": 200})] * 3
    assert took < 3, took


def test_a_busy_stream_needs_no_heartbeat_between_changes(app):
    app.config.update(STREAM_HEARTBEAT_S=5)
    client = app.test_client()
    code = new_table(client, seats=CAST[:1])["code"]
    response = client.get(f"/api/tables/{code}/stream", buffered=False)
    first = messages(response, 3, within_s=5)
    posted = client.post(f"/api/tables/{code}/events",
                         json={"id": str(uuid.uuid4()), "type": "points", "data": {"seat": 0, "points": 1}})
    assert posted.status_code == 201, posted.get_json()
    change = messages(response, 1, within_s=5)
    response.close()
    assert [event(m)[0] for m in first[1:]] == ["table", "heartbeat"]
    assert event(change[0])[0] == "table"


def test_the_heartbeat_interval_comes_from_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("SCOREKEEPER_STREAM_HEARTBEAT_S", "2.5")
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'x.sqlite3'}"})
    assert app.config["STREAM_HEARTBEAT_S"] == 2.5
