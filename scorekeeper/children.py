"""A few child processes per web worker, for work that would hold a gevent worker for too long.

A gevent web worker answers all its connections in one thread: a request that computes for a
second answers nobody else meanwhile. Such work goes to a child process (``python -m <module>``,
started on first use, not before) through a pipe, each request and answer framed as an 8-byte
big-endian length and then the bytes (the answer as JSON). Waiting for the answer is a ``select``
on the pipe, which gevent makes cooperative: the web worker keeps serving everyone else.

At most ``size`` requests run at once per web worker; up to ``queue`` more wait their turn (for
at most ``wait_s``); beyond that a request is refused at once as busy. A child that takes longer
than ``timeout_s`` or dies is killed and replaced on the next request. A request goes to a fresh
child only when the one it was given had died before it took the request (while idle): once a
child has taken a request it may have done part of it (an import's first results), so its death
then is Failed, never a second run.

Used by reading a scorecard (scan/pool.py) and importing a league (offload.py).
"""

from __future__ import annotations

import contextlib
import os
import select
import subprocess
import sys
import threading
import time

import orjson

FRAME = 8


class Busy(Exception):
    """Every child is taken and the queue is full (or the wait ran out)."""


class Failed(Exception):
    """The child died or ran past its time (``pid``: which child)."""

    def __init__(self, message: str = "", pid: int | None = None):
        super().__init__(message)
        self.pid = pid


class NotTaken(Failed):
    """The child was gone before it had the whole request, so it did none of it."""


class _Child:
    def __init__(self, module: str, env: dict[str, str] | None):
        self.proc = subprocess.Popen(  # noqa: S603 - our own module, run by this interpreter
            [sys.executable, "-m", module],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=None, close_fds=True,
            env=None if env is None else {**os.environ, **env},
        )
        self.stdin = self.proc.stdin.fileno()
        self.stdout = self.proc.stdout.fileno()
        os.set_blocking(self.stdin, False)
        os.set_blocking(self.stdout, False)

    def ask(self, data: bytes, deadline: float) -> dict:
        if not self._waiting():
            raise NotTaken("the child died while idle")
        self._send(len(data).to_bytes(FRAME, "big") + data, deadline)
        size = int.from_bytes(self._receive(FRAME, deadline), "big")
        return orjson.loads(self._receive(size, deadline))

    def _send(self, data: bytes, deadline: float) -> None:
        view = memoryview(data)
        while view:
            _, writable, _ = select.select([], [self.stdin], [], self._left(deadline))
            if not writable:
                raise Failed("the child took too long")
            try:
                view = view[os.write(self.stdin, view):]
            except BlockingIOError:
                continue
            except OSError as err:  # its end of the pipe is closed: it cannot have read the whole request
                raise NotTaken(f"the child is gone: {err}") from err

    def _waiting(self) -> bool:
        """Alive, and with nothing to say: an idle child that died has exited or closed its stdout."""
        if self.proc.poll() is not None:
            return False
        readable, _, _ = select.select([self.stdout], [], [], 0)
        return not readable

    def _receive(self, n: int, deadline: float) -> bytes:
        chunks, left = [], n
        while left:
            readable, _, _ = select.select([self.stdout], [], [], self._left(deadline))
            if not readable:
                raise Failed("the child took too long")
            try:
                chunk = os.read(self.stdout, min(left, 1 << 20))
            except BlockingIOError:
                continue
            if not chunk:
                raise Failed("the child is gone")
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)

    @staticmethod
    def _left(deadline: float) -> float:
        return max(0.0, deadline - time.monotonic())

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        for stream in (self.proc.stdin, self.proc.stdout):
            with contextlib.suppress(OSError):
                stream.close()

    @property
    def pid(self) -> int:
        return self.proc.pid


class Pool:
    """Children running ``python -m <module>``, each answering one framed request at a time."""

    def __init__(self, module: str, size: int = 1, queue: int = 4, wait_s: float = 20.0, timeout_s: float = 30.0,
                 env: dict[str, str] | None = None):
        self.module, self.env = module, env
        self.size, self.queue, self.wait_s, self.timeout_s = size, queue, wait_s, timeout_s
        self._slots = threading.BoundedSemaphore(size)  # gevent-cooperative once monkey-patched
        self._lock = threading.Lock()
        self._waiting = 0
        self._idle: list[_Child] = []

    def read(self, data: bytes) -> dict:
        """A child's answer to one request; Busy or Failed."""
        with self._lock:
            if self._waiting >= self.size + self.queue:
                raise Busy()
            self._waiting += 1
        try:
            if not self._slots.acquire(timeout=self.wait_s):
                raise Busy()
            try:
                return self._read(data)
            finally:
                self._slots.release()
        finally:
            with self._lock:
                self._waiting -= 1

    def _read(self, data: bytes) -> dict:
        with self._lock:
            child = self._idle.pop() if self._idle else None
        deadline = time.monotonic() + self.timeout_s
        if child is not None:
            try:
                return self._ask(child, data, deadline)
            except NotTaken:
                pass  # it had died while idle (killed, out of memory): a fresh one tries once
        return self._ask(_Child(self.module, self.env), data, deadline)

    def _ask(self, child: _Child, data: bytes, deadline: float) -> dict:
        try:
            reply = child.ask(data, deadline)
        except Failed as err:
            child.close()
            err.pid = child.pid
            raise
        with self._lock:
            self._idle.append(child)
        return reply

    def warm(self) -> None:
        """Start the children now rather than on the first requests (each loads what it needs as it starts)."""
        with self._lock:
            missing = self.size - len(self._idle)
        started = [_Child(self.module, self.env) for _ in range(max(0, missing))]
        with self._lock:
            self._idle.extend(started)

    def pids(self) -> list[int]:
        with self._lock:
            return [c.pid for c in self._idle]

    def close(self) -> None:
        with self._lock:
            children, self._idle = self._idle, []
        for child in children:
            child.close()


def _read_exact(stream, n: int) -> bytes | None:
    chunks, left = [], n
    while left:
        chunk = stream.read(left)
        if not chunk:
            return None
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def serve(answer) -> None:
    """The child's side: answer each framed request on stdin with ``answer(bytes) -> dict``, until the web
    worker goes away (its end of the pipe closes)."""
    out = os.fdopen(os.dup(1), "wb")  # the protocol owns stdout; anything a library prints goes to stderr
    os.dup2(2, 1)
    stdin = sys.stdin.buffer
    while True:
        header = _read_exact(stdin, FRAME)
        if header is None:
            return
        data = _read_exact(stdin, int.from_bytes(header, "big"))
        if data is None:
            return
        body = orjson.dumps(answer(data))
        del data
        out.write(len(body).to_bytes(FRAME, "big") + body)
        out.flush()
