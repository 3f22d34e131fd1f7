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

Clients and servers share this machine's two cores, so the figures include the
cost of running a thousand clients too.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import statistics
import time
from urllib.parse import urlparse

from servers import database, server


async def http(base: str, method: str, path: str, body: dict | None = None) -> dict:
    host = urlparse(base)
    reader, writer = await asyncio.open_connection(host.hostname, host.port)
    payload = json.dumps(body).encode() if body is not None else b""
    writer.write(f"{method} {path} HTTP/1.1\r\nHost: {host.netloc}\r\nContent-Type: application/json\r\n"
                 f"Content-Length: {len(payload)}\r\nConnection: close\r\n\r\n".encode() + payload)
    await writer.drain()
    raw = await reader.read()
    writer.close()
    return json.loads(raw.split(b"\r\n\r\n", 1)[1])


CONNECT_S = 30  # a batch of phones has this long to get the table's first message
HEAR_S = 60  # every phone has this long to hear of the start


class Subscriber:
    def __init__(self, base: str, code: str):
        self.base, self.code = base, code
        self.ready = asyncio.Event()  # the first message arrived, or the stream ended without one
        self.got_at: float | None = None
        self.failure: str | None = None  # why this phone never got the table's first message

    async def run(self) -> None:
        try:
            await self.listen()
        except OSError as error:
            self.failure = f"connection failed: {error}"
        finally:
            if not self.ready.is_set():
                self.failure = self.failure or "the stream ended before its first message"
                self.ready.set()

    async def listen(self) -> None:
        host = urlparse(self.base)
        reader, writer = await asyncio.open_connection(host.hostname, host.port)
        writer.write(f"GET /api/tables/{self.code}/stream HTTP/1.1\r\nHost: {host.netloc}\r\n"
                     "Accept: text/event-stream\r\n\r\n".encode())
        await writer.drain()
        buffer = b""
        try:
            while b"\r\n\r\n" not in buffer:  # the response's head: a refused stream ends here (e.g. 429)
                chunk = await reader.read(65536)
                if not chunk:
                    return
                buffer += chunk
            if not buffer.startswith(b"HTTP/1.1 200"):
                self.failure = buffer.split(b"\r\n", 1)[0].decode(errors="replace")
                return
            while self.got_at is None:
                while b"\n\n" in buffer:
                    message, buffer = buffer.split(b"\n\n", 1)
                    if b"event: table" not in message:
                        continue
                    if not self.ready.is_set():
                        self.ready.set()  # the first message is the current state
                    elif b'"state":"running"' in message:
                        self.got_at = time.perf_counter()
                if self.got_at is None:
                    chunk = await reader.read(65536)
                    if not chunk:
                        return
                    buffer += chunk
        finally:
            writer.close()


async def one_case(label: str, bases: list[str], n: int) -> dict:
    table = await http(bases[0], "POST", "/api/tables", {"game": "scorepad", "seats": [{"name": "Ann"}]})
    code = table["code"]
    await http(bases[0], "POST", f"/api/tables/{code}/timer", {"action": "set", "seconds": 30})
    subscribers = [Subscriber(bases[i % len(bases)], code) for i in range(n)]
    tasks = []
    try:
        for i in range(0, n, 50):  # connect in batches so the listen queue never overflows
            batch = subscribers[i:i + 50]
            tasks += [asyncio.create_task(s.run()) for s in batch]
            await deadline(asyncio.gather(*(s.ready.wait() for s in batch)), CONNECT_S,
                           f"{label}: phones {i}–{i + len(batch)} got no first message in {CONNECT_S} s")
            failures = [s.failure for s in batch if s.failure]
            if failures:
                raise SystemExit(f"{label}: {len(failures)} of phones {i}–{i + len(batch)} have no stream: "
                                 f"{failures[0]}")
        await asyncio.sleep(0.5)
        sent = time.perf_counter()
        await http(bases[0], "POST", f"/api/tables/{code}/timer", {"action": "start"})
        await asyncio.wait(tasks, timeout=HEAR_S)  # those that never hear are counted as missing
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    delays = sorted((s.got_at - sent) * 1000 for s in subscribers if s.got_at)
    missing = n - len(delays)
    if not delays:
        raise SystemExit(f"{label}: no phone heard of the start in {HEAR_S} s")
    return {
        "case": label, "n": n, "missing": missing,
        "p50": statistics.median(delays), "p95": delays[int(0.95 * (len(delays) - 1))], "max": delays[-1],
    }


async def deadline(awaitable, seconds: float, message: str):
    try:
        return await asyncio.wait_for(awaitable, timeout=seconds)
    except TimeoutError:
        raise SystemExit(message) from None


def run(kind: str, instances: int, n: int) -> dict:
    # Every phone here is 127.0.0.1: allow it all of them, and each worker room for all of them.
    settings = {"connections": n + 200, "env": {"SCOREKEEPER_STREAMS_PER_ADDRESS": str(n)}}
    with database(kind) as url, contextlib.ExitStack() as stack:
        bases = [stack.enter_context(server(url, **settings)) for _ in range(instances)]
        label = f"{kind}, {instances} instance{'s' if instances > 1 else ''}"
        return asyncio.run(one_case(label, bases, n))


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
    print(f"{'case':<26} {'N':>5} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8} {'missing':>8}")
    for r in rows:
        print(f"{r['case']:<26} {r['n']:>5} {r['p50']:>8.1f} {r['p95']:>8.1f} {r['max']:>8.1f} {r['missing']:>8}")


if __name__ == "__main__":
    main()
