"""How fast a timer start reaches every phone listening to a table.

N Server-Sent-Event subscribers follow one table; one client starts the timer;
we time from just before the start request is sent until each subscriber has
received the state with the running timer: p50, p95, max. Cases:

- SQLite, one instance (2 gevent workers): subscribers spread over both workers;
  the other worker hears of the change by its 100 ms poll.
- PostgreSQL, two instances (2 workers each): half the subscribers on each
  instance, the start sent to the first; the second hears through LISTEN/NOTIFY.

    .venv/bin/python bench/timer_fanout.py            # N = 100 and 1000, both cases
    .venv/bin/python bench/timer_fanout.py --n 5000 --db postgresql --instances 2

Every phone of the bench comes from 127.0.0.1, so its servers allow that address
as many streams as there are phones (production allows 200 a worker), and each
worker enough connections for all of them. Every wait has a deadline: a stream
the server refuses, or a phone that never hears, ends the run with what went wrong.

Clients and servers share this machine's two cores, so the phones' figures include
the cost of reading N streams in one client process. Beside them the bench prints
the server's own part (bench/fanout_trace.py): when each worker heard of the start,
and when its streams had written it to their sockets, on the same clock. The client
reads its sockets in one plain ``epoll`` loop (no asyncio: at 5,000 streams its
per-read cost was most of the figure), and a phone's time is when its read returned.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import selectors
import socket
import statistics
import tempfile
import time
from urllib.parse import urlparse

from servers import database, server

CONNECT_S = 30  # a batch of phones has this long to get the table's first message
HEAR_S = 60  # every phone has this long to hear of the start
BATCH = 50  # phones connected at a time, so the listen queue never overflows
RUNNING = b'"state":"running"'


def address(base: str) -> tuple[str, int]:
    host = urlparse(base)
    return host.hostname, host.port


def request_bytes(base: str, method: str, path: str, body: dict | None = None, close: bool = True) -> bytes:
    payload = json.dumps(body).encode() if body is not None else b""
    host = urlparse(base).netloc
    return (f"{method} {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(payload)}\r\n{'Connection: close' if close else 'Accept: text/event-stream'}"
            "\r\n\r\n").encode() + payload


def http(base: str, method: str, path: str, body: dict | None = None) -> dict:
    with socket.create_connection(address(base), timeout=HEAR_S) as conn:
        conn.sendall(request_bytes(base, method, path, body))
        raw = b""
        while chunk := conn.recv(65536):
            raw += chunk
    return json.loads(raw.split(b"\r\n\r\n", 1)[1])


class Phone:
    """One subscriber: a non-blocking socket, and what it has heard."""

    def __init__(self, base: str, code: str):
        self.sock = socket.create_connection(address(base), timeout=CONNECT_S)
        self.sock.sendall(request_bytes(base, "GET", f"/api/tables/{code}/stream", close=False))
        self.sock.setblocking(False)
        self.buffer = b""
        self.ready = False  # the table's first message arrived
        self.got_at: float | None = None
        self.failure: str | None = None

    def readable(self, now: float) -> bool:
        """Read what has come; True when this phone needs no more reading (it heard, or it failed)."""
        try:
            chunk = self.sock.recv(65536)
        except BlockingIOError:
            return False
        except OSError as error:
            self.failure = f"connection failed: {error}"
            return True
        if not chunk:
            self.failure = self.failure or "the stream ended"
            return True
        if self.ready:  # only the running timer matters now; keep a tail in case it is split across reads
            data = self.buffer[-len(RUNNING):] + chunk
            if RUNNING in data:
                self.got_at = now
                return True
            self.buffer = data[-len(RUNNING):]
            return False
        self.buffer += chunk
        if not self.buffer.startswith(b"HTTP/1.1 200") and b"\r\n" in self.buffer:
            self.failure = self.buffer.split(b"\r\n", 1)[0].decode(errors="replace")  # e.g. 429
            return True
        if b"event: table" in self.buffer and b"\n\n" in self.buffer.split(b"event: table", 1)[1]:
            self.ready, self.buffer = True, b""  # the first message is the current state
        return False

    def close(self) -> None:
        self.sock.close()


def read_until(selector: selectors.BaseSelector, done, seconds: float) -> bool:
    """Read every readable phone until ``done()`` or ``seconds`` pass; whether ``done()`` came."""
    end = time.monotonic() + seconds
    while not done():
        left = end - time.monotonic()
        if left <= 0:
            return False
        for key, _ in selector.select(min(left, 1.0)):
            now = time.monotonic()
            if key.data.readable(now):
                selector.unregister(key.fileobj)
    return True


def connect(selector: selectors.BaseSelector, label: str, bases: list[str], code: str, n: int) -> list[Phone]:
    phones: list[Phone] = []
    for i in range(0, n, BATCH):
        batch = [Phone(bases[(i + j) % len(bases)], code) for j in range(min(BATCH, n - i))]
        phones += batch
        for phone in batch:
            selector.register(phone.sock, selectors.EVENT_READ, phone)
        if not read_until(selector, lambda b=batch: all(p.ready or p.failure for p in b), CONNECT_S):
            waiting = [p for p in batch if not (p.ready or p.failure)]
            silent = sum(1 for p in waiting if not p.buffer)
            raise SystemExit(f"{label}: {len(waiting)} of phones {i}–{i + len(batch)} got no first message in "
                             f"{CONNECT_S} s ({silent} of them no answer at all, the others only its start)")
        failures = [p.failure for p in batch if p.failure]
        if failures:
            raise SystemExit(f"{label}: {len(failures)} of phones {i}–{i + len(batch)} have no stream: {failures[0]}")
    return phones


def one_case(label: str, bases: list[str], n: int) -> dict:
    table = http(bases[0], "POST", "/api/tables", {"game": "scorepad", "seats": [{"name": "Ann"}]})
    code = table["code"]
    http(bases[0], "POST", f"/api/tables/{code}/timer", {"action": "set", "seconds": 30})
    selector = selectors.DefaultSelector()
    phones: list[Phone] = []
    try:
        phones = connect(selector, label, bases, code, n)
        read_until(selector, lambda: False, 0.5)  # the heartbeats after each first message
        start = socket.create_connection(address(bases[0]), timeout=HEAR_S)
        sent = time.monotonic()
        start.sendall(request_bytes(bases[0], "POST", f"/api/tables/{code}/timer", {"action": "start"}))
        read_until(selector, lambda: all(p.got_at or p.failure for p in phones), HEAR_S)  # the rest: missing
        start.settimeout(HEAR_S)
        answer = start.recv(65536)
        start.close()
        if not answer.startswith((b"HTTP/1.1 200", b"HTTP/1.1 201")):
            status = answer.split(b"\r\n", 1)[0]
            raise SystemExit(f"{label}: the start was answered {status!r}")
    finally:
        for phone in phones:
            phone.close()
        selector.close()
    delays = sorted((p.got_at - sent) * 1000 for p in phones if p.got_at)
    if not delays:
        raise SystemExit(f"{label}: no phone heard of the start in {HEAR_S} s")
    return {"case": label, "n": n, "missing": n - len(delays), "sent": sent, **spread(delays)}


def spread(delays: list[float]) -> dict:
    delays = sorted(delays)
    return {"p50": statistics.median(delays), "p95": delays[int(0.95 * (len(delays) - 1))], "max": delays[-1]}


def server_side(path: str, sent: float) -> dict | None:
    """The servers' own record (bench/fanout_trace.py) of the start, relative to when it was sent."""
    heard, written = {}, []
    with contextlib.suppress(FileNotFoundError), open(path) as lines:
        for line in lines:
            record = json.loads(line)
            for at, _seq in record["heard"]:
                if at >= sent:
                    heard[record["pid"]] = min(heard.get(record["pid"], at), at)
            written += [(at - sent) * 1000 for at in record["sent"] if at >= sent]
    if not written:
        return None
    return {"heard": sorted((at - sent) * 1000 for at in heard.values()), **spread(written), "count": len(written)}


def run(kind: str, instances: int, n: int) -> dict:
    # Every phone here is 127.0.0.1: allow it all of them, and each worker room for all of them.
    with tempfile.TemporaryDirectory() as tmp:
        trace = os.path.join(tmp, "fanout.jsonl")
        settings = {"connections": n + 200, "config": "bench.fanout_trace",
                    "env": {"SCOREKEEPER_STREAMS_PER_ADDRESS": str(n), "BENCH_FANOUT": trace}}
        log: list[str] = []
        try:
            with database(kind) as url, contextlib.ExitStack() as stack:
                bases = [stack.enter_context(server(url, log=log, **settings)) for _ in range(instances)]
                label = f"{kind}, {instances} instance{'s' if instances > 1 else ''}"
                row = one_case(label, bases, n)
                time.sleep(3 * 0.5)  # the workers write their records every half second
                row["server"] = server_side(trace, row["sent"])
        except SystemExit:
            print("the servers' last log lines:", *log[-15:], sep="\n  ")
            raise
        return row


# The cases run by default: SQLite on one instance, PostgreSQL on two.
CASES = {"sqlite": 1, "postgresql": 2}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, action="append", help="subscribers (repeatable); default 100 and 1000")
    parser.add_argument("--db", choices=list(CASES), action="append", help="database (repeatable); default both")
    parser.add_argument("--instances", type=int, help="instances of 2 workers; default 1 on SQLite, 2 on PostgreSQL")
    args = parser.parse_args()
    rows = []
    for n in args.n or [100, 1000]:
        for kind in args.db or list(CASES):
            rows.append(run(kind, args.instances or CASES[kind], n))
    print(f"load average {os.getloadavg()[0]:.2f} (phones: when each read it; server: when each stream had written it)")
    print(f"{'case':<26} {'N':>5} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8} {'missing':>8}   "
          f"{'server p50':>10} {'p95':>6} {'max':>6}  workers heard at (ms)")
    for r in rows:
        s = r["server"]
        server = (f"{s['p50']:>10.1f} {s['p95']:>6.1f} {s['max']:>6.1f}  "
                  + ", ".join(f"{h:.1f}" for h in s["heard"])) if s else "   (no server record)"
        print(f"{r['case']:<26} {r['n']:>5} {r['p50']:>8.1f} {r['p95']:>8.1f} {r['max']:>8.1f} {r['missing']:>8}   "
              + server)


if __name__ == "__main__":
    main()
