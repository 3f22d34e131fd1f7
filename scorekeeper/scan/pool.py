"""A small pool of scan processes per web worker, so reading a card never blocks a web worker.

Recognition costs about a second of one core and a few hundred MB; a gevent web worker that ran
it in process would answer nobody else meanwhile. So each web worker starts (on its first scan,
not before) ``size`` child processes running ``scorekeeper.scan.worker`` and hands them photos
through a pipe. Waiting for the answer is a ``select`` on the pipe, which gevent makes
cooperative: the web worker keeps serving the table while the child reads the card.

At most ``size`` scans run at once per web worker; up to ``queue`` more wait their turn (for at
most ``wait_s``); beyond that a scan is refused at once as busy. A child that takes longer than
``timeout_s`` or dies is killed and replaced on the next scan.
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

from .worker import FRAME


class Busy(Exception):
    """Every scan process is taken and the queue is full (or the wait ran out)."""


class Failed(Exception):
    """The scan process died or ran past its time."""


class _Child:
    def __init__(self):
        self.proc = subprocess.Popen(  # noqa: S603 - our own module, run by this interpreter
            [sys.executable, "-m", "scorekeeper.scan.worker"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=None, close_fds=True,
        )
        self.stdin = self.proc.stdin.fileno()
        self.stdout = self.proc.stdout.fileno()
        os.set_blocking(self.stdin, False)
        os.set_blocking(self.stdout, False)

    def ask(self, data: bytes, deadline: float) -> dict:
        self._send(len(data).to_bytes(FRAME, "big") + data, deadline)
        size = int.from_bytes(self._receive(FRAME, deadline), "big")
        return orjson.loads(self._receive(size, deadline))

    def _send(self, data: bytes, deadline: float) -> None:
        view = memoryview(data)
        while view:
            _, writable, _ = select.select([], [self.stdin], [], self._left(deadline))
            if not writable:
                raise Failed("the scan took too long")
            try:
                view = view[os.write(self.stdin, view):]
            except BlockingIOError:
                continue
            except OSError as err:
                raise Failed(f"the scan process is gone: {err}") from err

    def _receive(self, n: int, deadline: float) -> bytes:
        chunks, left = [], n
        while left:
            readable, _, _ = select.select([self.stdout], [], [], self._left(deadline))
            if not readable:
                raise Failed("the scan took too long")
            try:
                chunk = os.read(self.stdout, min(left, 1 << 20))
            except BlockingIOError:
                continue
            if not chunk:
                raise Failed("the scan process is gone")
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
    def __init__(self, size: int = 1, queue: int = 4, wait_s: float = 20.0, timeout_s: float = 30.0):
        self.size, self.queue, self.wait_s, self.timeout_s = size, queue, wait_s, timeout_s
        self._slots = threading.BoundedSemaphore(size)  # gevent-cooperative once monkey-patched
        self._lock = threading.Lock()
        self._waiting = 0
        self._idle: list[_Child] = []

    def read(self, data: bytes) -> dict:
        """The worker's answer for one photo; Busy or Failed."""
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
            except Failed:
                if time.monotonic() >= deadline:
                    raise  # it ran out of time: no second try
                # it had died while idle (killed, out of memory): a fresh one tries once
        return self._ask(_Child(), data, deadline)

    def _ask(self, child: _Child, data: bytes, deadline: float) -> dict:
        try:
            reply = child.ask(data, deadline)
        except Failed:
            child.close()
            raise
        with self._lock:
            self._idle.append(child)
        return reply

    def pids(self) -> list[int]:
        with self._lock:
            return [c.pid for c in self._idle]

    def close(self) -> None:
        with self._lock:
            children, self._idle = self._idle, []
        for child in children:
            child.close()
