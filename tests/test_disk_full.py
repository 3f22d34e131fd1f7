"""The disk under the SQLite database fills while phones append: clear 503s (nothing half-written), and the
server goes on by itself once there is space again."""

from __future__ import annotations

import os
import subprocess
import uuid

import pytest
from support import migrate, missing

from scorekeeper import create_app
from scorekeeper.extensions import db

SIZE = "4m"


@pytest.fixture
def small_disk(tmp_path):
    """A 4 MB filesystem of the test's own (tmpfs), unmounted afterwards."""
    mount = tmp_path / "disk"
    mount.mkdir()
    if os.geteuid() != 0:
        missing("mounting a small filesystem needs root")
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={SIZE}", "tmpfs", str(mount)], capture_output=True,
                          text=True)
    if done.returncode != 0:
        missing(f"this machine cannot mount a tmpfs: {done.stderr.strip()}")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


def fill(path, chunk=64 * 1024):
    """Write ``path`` until the filesystem is full."""
    with open(path, "wb") as out:
        try:
            while True:
                out.write(b"\0" * chunk)
                out.flush()
        except OSError:
            pass


def test_a_full_disk_answers_503_writes_nothing_half_and_recovers(small_disk):
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{small_disk / 'db.sqlite3'}"})
    migrate(app)
    client = app.test_client()
    code = client.post("/api/tables", json={"game": "scorepad", "seats": [{"name": "Ann"}]}).get_json()["code"]

    def point(n):
        return client.post(f"/api/tables/{code}/events",
                           json={"id": str(uuid.uuid4()), "type": "points", "data": {"seat": 0, "points": n}})

    assert point(1).status_code == 201
    fill(small_disk / "filler")
    statuses = []
    for n in range(2, 400):  # until the database file and its log cannot grow
        response = point(n)
        statuses.append(response.status_code)
        if response.status_code != 201:
            break
    assert statuses[-1] == 503, statuses[-5:]
    refused = response.get_json()
    assert refused["code"] == "database_unavailable" and int(response.headers["Retry-After"]) >= 1
    stored = statuses.count(201) + 1
    table = client.get(f"/api/tables/{code}").get_json()
    events = client.get(f"/api/tables/{code}/events").get_json()["events"]
    assert table["seq"] == stored and [e["seq"] for e in events] == list(range(1, stored + 1))  # nothing half
    assert table["result"]["players"][0]["total"] == sum(range(1, stored + 1))

    (small_disk / "filler").unlink()  # space again: the same server goes on
    assert point(1000).status_code == 201
    assert client.get(f"/api/tables/{code}").get_json()["seq"] == stored + 1
    with app.app_context():
        db.engine.dispose()
