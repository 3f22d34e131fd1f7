"""How a web worker hands a photo to a scan process, so reading a card never blocks a web worker.

Recognition costs about a second of one core and a few hundred MB; a gevent web worker that ran it in
process would answer nobody else meanwhile. Under gunicorn the instance has one scan service
(scan/server.py, started by the master at boot, its scan process loaded before the first card), and each
web worker hands it photos on a Unix socket (``Shared``), which gevent makes cooperative: the web worker
keeps serving the table while the card is read. Anywhere else (the tests' app, ``flask run``) the process
starts a scan process of its own on its first scan (``Pool``: ``scorekeeper/children.py``, the pipe, the
queue, the time limit, replacing a process that died).
"""

from __future__ import annotations

import socket
import time

import orjson

from .. import children
from ..children import Busy, Failed

__all__ = ["Busy", "Failed", "Pool", "Shared"]

CONNECT_S = 5.0  # the service is being started (the instance booting) or restarted: it may take this long


class Pool(children.Pool):
    def __init__(self, size: int = 1, queue: int = 4, wait_s: float = 20.0, timeout_s: float = 30.0):
        super().__init__("scorekeeper.scan.worker", size=size, queue=queue, wait_s=wait_s, timeout_s=timeout_s)


class Shared:
    """The instance's scan service at ``path`` (scan/server.py), asked as a ``Pool`` is."""

    def __init__(self, path: str, timeout_s: float):
        self.path, self.timeout_s = path, timeout_s  # the whole answer: the wait for a turn and the reading

    def read(self, data: bytes) -> dict:
        try:
            with self._connect() as conn:
                conn.settimeout(self.timeout_s)
                conn.sendall(len(data).to_bytes(children.FRAME, "big") + data)
                size = int.from_bytes(self._receive(conn, children.FRAME), "big")
                reply = orjson.loads(self._receive(conn, size))
        except OSError as err:  # the service is gone, or took too long
            raise Failed(f"the scan service did not answer: {err}") from err
        if "busy" in reply:
            raise Busy()
        if "failed" in reply:
            raise Failed(reply["failed"])
        return reply

    def _connect(self) -> socket.socket:
        deadline = time.monotonic() + CONNECT_S
        while True:
            conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                conn.connect(self.path)
                return conn
            except (FileNotFoundError, ConnectionRefusedError):
                conn.close()
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)

    @staticmethod
    def _receive(conn: socket.socket, n: int) -> bytes:
        chunks, left = [], n
        while left:
            chunk = conn.recv(min(left, 1 << 20))
            if not chunk:
                raise ConnectionResetError("the scan service closed the connection")
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)

    def close(self) -> None:
        """Nothing of the service's is this worker's to stop."""
