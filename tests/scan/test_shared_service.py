"""One scan process per instance: gunicorn's two workers hand their photos to the same warm, niced scan process
(scan/server.py), which is started again when it dies, and refuses a decompression bomb as a worker's own did."""

from __future__ import annotations

import http.client
import json
import os
import time
import uuid
import zlib
from pathlib import Path

import pytest
from support import LiveServer, migrate

from scorekeeper import create_app

TIMEOUT_S = 60  # a scan on a loaded two-core machine takes a few seconds; the first may wait for the model


def processes() -> dict[int, tuple[int, str]]:
    """Every live process: pid → (parent pid, command line)."""
    found = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            command = (stat.parent / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if fields[0] != "Z":
            found[int(stat.parent.name)] = (int(fields[1]), command)
    return found


def descendants(root: int, table: dict[int, tuple[int, str]]) -> dict[int, str]:
    """The processes below ``root``: pid → command line."""
    out, parents = {}, {root}
    while True:
        more = {pid: command for pid, (parent, command) in table.items() if parent in parents and pid not in out}
        if not more:
            return out
        out.update(more)
        parents = set(more)


def scan_processes(master: int) -> list[int]:
    return [pid for pid, command in descendants(master, processes()).items() if "scorekeeper.scan.worker" in command]


def wait_for(condition, what: str, timeout: float = TIMEOUT_S):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = condition()
        if found:
            return found
        time.sleep(0.1)
    raise AssertionError(f"{what} within {timeout} s")


def owner(server: LiveServer, conn: http.client.HTTPConnection, workers: list[int]) -> int | None:
    """Which web worker holds the server's end of ``conn`` (matched by the socket's inode in /proc)."""
    client_port = conn.sock.getsockname()[1]
    inodes = set()
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        local, remote = (int(address.split(":")[1], 16) for address in fields[1:3])
        if local == server.port and remote == client_port:
            inodes.add(f"socket:[{fields[9]}]")
    for worker in workers:
        for fd in Path(f"/proc/{worker}/fd").iterdir():
            try:
                if os.readlink(fd) in inodes:
                    return worker
            except OSError:
                continue
    return None


def post_photo(conn: http.client.HTTPConnection, data: bytes, name: str = "card.jpg") -> tuple[int, dict]:
    boundary = uuid.uuid4().hex
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"{name}\"\r\n"
            f"Content-Type: application/octet-stream\r\n\r\n").encode() + data + f"\r\n--{boundary}--\r\n".encode()
    conn.request("POST", "/api/games/bresk/scan", body, {"Content-Type": f"multipart/form-data; boundary={boundary}"})
    response = conn.getresponse()
    return response.status, json.loads(response.read())


def png_that_says(width: int, height: int) -> bytes:
    """A PNG whose header says ``width`` × ``height`` 1-bit pixels, with a few bytes of image data after it."""
    def chunk(kind: bytes, body: bytes) -> bytes:
        return len(body).to_bytes(4, "big") + kind + body + zlib.crc32(kind + body).to_bytes(4, "big")

    header = width.to_bytes(4, "big") + height.to_bytes(4, "big") + bytes([1, 0, 0, 0, 0])
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\0" * 64))
            + chunk(b"IEND", b""))


@pytest.fixture
def instance(tmp_path):
    url = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    migrate(create_app({"SQLALCHEMY_DATABASE_URI": url}))
    server = LiveServer(url, tmp_path, workers=2, env={"SCOREKEEPER_RATELIMIT": "off", "SCOREKEEPER_SCAN_WARM": "on"})
    try:
        yield server
    finally:
        server.stop()


def web_workers(server: LiveServer) -> list[int]:
    workers = [pid for pid, (parent, command) in processes().items()
               if parent == server.process.pid and "gunicorn" in command]
    assert len(workers) == 2, workers
    return workers


def scan_on_each_worker(server: LiveServer, photo) -> set[int]:
    """Connections opened until each of the two web workers has read ``photo`` on one; the workers that did.
    (A connection is used at once: gunicorn closes one idle for two seconds.)"""
    workers, answered = web_workers(server), set()
    for _ in range(60):
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=TIMEOUT_S)
        try:
            conn.request("GET", "/api/health")
            conn.getresponse().read()
            worker = owner(server, conn, workers)
            if worker is None or worker in answered:
                continue
            status, body = post_photo(conn, photo.jpeg)
            assert status == 200, body
            assert body["grid"] == photo.truth
            answered.add(worker)
        finally:
            conn.close()
        if len(answered) == 2:
            return answered
    raise AssertionError(f"60 connections reached only worker {answered}")


def test_both_workers_read_cards_with_one_warm_niced_scan_process(instance, photos):
    # Started at boot, before any scan: the scan process is there (and loading its model) already.
    (scanner,) = wait_for(lambda: scan_processes(instance.process.pid), "a scan process started at boot")
    assert os.getpriority(os.PRIO_PROCESS, scanner) == min(19, os.getpriority(os.PRIO_PROCESS, 0) + 10)
    workers = scan_on_each_worker(instance, photos[3])
    table = processes()
    assert scan_processes(instance.process.pid) == [scanner]  # the same one, for both workers
    for worker in workers:
        assert not descendants(worker, table), "a web worker started a process of its own"

    # A decompression bomb: refused from its header, and the same scan process reads the next card.
    conn = http.client.HTTPConnection("127.0.0.1", instance.port, timeout=TIMEOUT_S)
    try:
        status, body = post_photo(conn, png_that_says(20_000, 20_000), "bomb.png")
        assert status == 422 and body["code"] == "photo_too_large", body
        status, body = post_photo(conn, photos[3].jpeg)
        assert status == 200, body
    finally:
        conn.close()
    assert scan_processes(instance.process.pid) == [scanner]


def test_a_scan_process_or_service_that_dies_is_started_again(instance, photos):
    (scanner,) = wait_for(lambda: scan_processes(instance.process.pid), "a scan process started at boot")
    os.kill(scanner, 9)
    conn = http.client.HTTPConnection("127.0.0.1", instance.port, timeout=TIMEOUT_S)
    try:
        status, body = post_photo(conn, photos[0].jpeg)
        assert status == 200, body
        (fresh,) = scan_processes(instance.process.pid)
        assert fresh != scanner

        # The service itself (the master's child that owns the scan process): the master starts it again.
        table = processes()
        (service,) = [pid for pid, (parent, command) in table.items()
                      if parent == instance.process.pid and "scorekeeper.scan.server" in command]
        os.kill(service, 9)
        wait_for(lambda: [pid for pid, (parent, command) in processes().items() if parent == instance.process.pid
                          and "scorekeeper.scan.server" in command and pid != service], "a new scan service")
        status, body = post_photo(conn, photos[1].jpeg)
        assert status == 200, body
        assert len(scan_processes(instance.process.pid)) == 1
    finally:
        conn.close()
