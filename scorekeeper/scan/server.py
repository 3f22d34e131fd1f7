"""The instance's scan service: ``python -m scorekeeper.scan.server SOCKET``, started by the gunicorn master.

A scan process holds the recogniser and its libraries, about 280 MB. One per web worker (scan/pool.py's
``Pool``, as a worker without this service still has) made two of them per instance, each loaded on its
worker's first scan, so the first player to scan waited for the model too. This small process (the
standard library and orjson, some 15 MB) starts with the instance, starts the scan process at once so its
model is loaded before anyone scans (``SCOREKEEPER_SCAN_WARM=off`` leaves that to the first scan), and
answers every web worker of the instance on a Unix socket: one request a connection, framed as the pipe to
the scan process is (8-byte big-endian length, then the photo; the answer as JSON).

The scan process itself is ``children.Pool``'s, with its guarantees: ``SCOREKEEPER_SCAN_PROCESSES`` at once,
``QUEUE`` more waiting their turn, busy beyond that, a process that dies or runs past its time replaced on
the next photo. What a web worker hears back is the scan process's answer, ``{"busy": …}`` or
``{"failed": …}`` (scan/pool.py's ``Shared`` turns those into Busy and Failed again). The scan process runs
at nice 10 (scan/worker.py): where a phone's request and a scan both want a core, the phone goes first. This
process, which only passes photos on, keeps the instance's priority (else its scan process, nicing itself
from there, would end up at 19). The service ends with the master that started it.
"""

from __future__ import annotations

import contextlib
import logging
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time

import orjson

from .. import children

QUEUE = 8  # photos waiting for the scan process, the instance's whole (two workers had four each before)
WAIT_S = 20.0  # the longest a photo waits for its turn
TIMEOUT_S = 30.0  # the longest one photo may take
MAX_REQUEST_BYTES = 11 * 1024 * 1024  # a photo (services/scan.py: at most 10 MB) and its frame
READ_S = 10.0  # a web worker sends its photo at once: a connection that stalls is dropped


def answer(pool: children.Pool, data: bytes) -> dict:
    try:
        return pool.read(data)
    except children.Busy:
        return {"busy": True}
    except children.Failed as err:
        return {"failed": str(err) or "the scan process failed"}


def _receive(conn: socket.socket, n: int) -> bytes | None:
    chunks, left = [], n
    while left:
        chunk = conn.recv(min(left, 1 << 20))
        if not chunk:
            return None
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def handle(conn: socket.socket, pool: children.Pool) -> None:
    """One web worker's request on ``conn``: a photo in, the answer out."""
    with conn, contextlib.suppress(OSError):
        conn.settimeout(READ_S)
        header = _receive(conn, children.FRAME)
        if header is None or int.from_bytes(header, "big") > MAX_REQUEST_BYTES:
            return
        data = _receive(conn, int.from_bytes(header, "big"))
        if data is None:
            return
        conn.settimeout(None)
        body = orjson.dumps(answer(pool, data))
        conn.sendall(len(body).to_bytes(children.FRAME, "big") + body)


def leave_with_parent(parent: int, listener: socket.socket, path: str) -> None:
    """End when the master that started this is gone (the scan process ends as its pipe closes)."""
    while os.getppid() == parent:
        time.sleep(1)
    with contextlib.suppress(OSError):
        os.unlink(path)
    listener.close()
    os._exit(0)


def listen(path: str) -> socket.socket:
    with contextlib.suppress(FileNotFoundError):
        os.unlink(path)  # one left by a service that was killed
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    old = os.umask(0o177)  # only this user's processes (the instance's workers) may connect
    try:
        listener.bind(path)
    finally:
        os.umask(old)
    listener.listen(64)
    return listener


class Service:
    """The master's side (gunicorn_conf.py): start the service, start it again if it dies, stop it at the end."""

    def __init__(self) -> None:
        self.folder = tempfile.mkdtemp(prefix="scorekeeper-scan-")  # this user's alone (mode 0700)
        self.path = os.path.join(self.folder, "scan.sock")
        self.process = self._start()
        self._stopping = threading.Event()
        # A thread, not a signal handler: gunicorn's master reaps every child it has on SIGCHLD, ours too.
        threading.Thread(target=self._keep_up, name="scan-service", daemon=True).start()

    def _start(self) -> subprocess.Popen:
        return subprocess.Popen([sys.executable, "-m", "scorekeeper.scan.server", self.path],  # noqa: S603
                                stdin=subprocess.DEVNULL, close_fds=True)

    def _keep_up(self) -> None:
        while not self._stopping.wait(1.0):
            if self.process.poll() is not None:  # gone (if gunicorn reaped it first, poll says 0)
                logging.getLogger("gunicorn.error").warning("the scan service ended; starting it again")
                self.process = self._start()

    def stop(self) -> None:
        self._stopping.set()
        self.process.terminate()
        try:
            self.process.wait(5)
        except subprocess.TimeoutExpired:
            self.process.kill()
        except ChildProcessError:
            pass  # reaped by gunicorn already
        shutil.rmtree(self.folder, ignore_errors=True)


def main() -> None:
    path = sys.argv[1]
    parent = os.getppid()
    pool = children.Pool("scorekeeper.scan.worker", size=max(1, int(os.environ.get("SCOREKEEPER_SCAN_PROCESSES", "1"))),
                         queue=QUEUE, wait_s=WAIT_S, timeout_s=TIMEOUT_S)
    listener = listen(path)
    if os.environ.get("SCOREKEEPER_SCAN_WARM", "on") != "off":
        pool.warm()
    threading.Thread(target=leave_with_parent, args=(parent, listener, path), daemon=True).start()
    while True:
        try:
            conn, _ = listener.accept()
        except OSError:
            return
        threading.Thread(target=handle, args=(conn, pool), daemon=True).start()


if __name__ == "__main__":
    main()
