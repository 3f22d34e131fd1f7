"""How fast a timer start reaches every phone listening to a table.

N Server-Sent-Event subscribers follow one table; one client starts the timer;
we time from just before the start request is sent until each subscriber has
received the state with the running timer: p50, p95, max. Cases:

- SQLite, one instance (2 gevent workers): subscribers spread over both workers;
  the other worker hears of the change by its 100 ms poll.
- PostgreSQL, two instances (2 workers each): half the subscribers on each
  instance, the start sent to the first; the second hears through LISTEN/NOTIFY.

    .venv/bin/python bench/timer_fanout.py            # N = 100 and 1000
    .venv/bin/python bench/timer_fanout.py --n 200    # other sizes

Clients and servers share this machine's two cores, so the figures include the
cost of running a thousand clients too.
"""

from __future__ import annotations

import argparse
import asyncio
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


class Subscriber:
    def __init__(self, base: str, code: str):
        self.base, self.code = base, code
        self.ready = asyncio.Event()
        self.got_at: float | None = None

    async def run(self) -> None:
        host = urlparse(self.base)
        reader, writer = await asyncio.open_connection(host.hostname, host.port)
        writer.write(f"GET /api/tables/{self.code}/stream HTTP/1.1\r\nHost: {host.netloc}\r\n"
                     "Accept: text/event-stream\r\n\r\n".encode())
        await writer.drain()
        buffer = b""
        try:
            while self.got_at is None:
                chunk = await reader.read(65536)
                if not chunk:
                    return
                buffer += chunk
                while b"\n\n" in buffer:
                    message, buffer = buffer.split(b"\n\n", 1)
                    if b"event: table" not in message:
                        continue
                    if not self.ready.is_set():
                        self.ready.set()  # the first message is the current state
                    elif b'"state":"running"' in message:
                        self.got_at = time.perf_counter()
        finally:
            writer.close()


async def one_case(label: str, bases: list[str], n: int) -> dict:
    table = await http(bases[0], "POST", "/api/tables", {"game": "scorepad", "seats": [{"name": "Ann"}]})
    code = table["code"]
    await http(bases[0], "POST", f"/api/tables/{code}/timer", {"action": "set", "seconds": 30})
    subscribers = [Subscriber(bases[i % len(bases)], code) for i in range(n)]
    tasks = []
    for i in range(0, n, 50):  # connect in batches so the listen queue never overflows
        tasks += [asyncio.create_task(s.run()) for s in subscribers[i:i + 50]]
        await asyncio.gather(*(s.ready.wait() for s in subscribers[i:i + 50]))
    await asyncio.sleep(0.5)
    sent = time.perf_counter()
    await http(bases[0], "POST", f"/api/tables/{code}/timer", {"action": "start"})
    await asyncio.wait_for(asyncio.gather(*tasks), timeout=60)
    delays = sorted((s.got_at - sent) * 1000 for s in subscribers if s.got_at)
    missing = n - len(delays)
    return {
        "case": label, "n": n, "missing": missing,
        "p50": statistics.median(delays), "p95": delays[int(0.95 * (len(delays) - 1))], "max": delays[-1],
    }


def run(kind: str, instances: int, n: int) -> dict:
    with database(kind) as url:
        if instances == 1:
            with server(url) as base:
                return asyncio.run(one_case(f"{kind}, 1 instance", [base], n))
        with server(url) as a, server(url) as b:
            return asyncio.run(one_case(f"{kind}, {instances} instances", [a, b], n))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, action="append", help="subscribers (repeatable); default 100 and 1000")
    args = parser.parse_args()
    rows = []
    for n in args.n or [100, 1000]:
        rows.append(run("sqlite", 1, n))
        rows.append(run("postgresql", 2, n))
    print(f"{'case':<26} {'N':>5} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8} {'missing':>8}")
    for r in rows:
        print(f"{r['case']:<26} {r['n']:>5} {r['p50']:>8.1f} {r['p95']:>8.1f} {r['max']:>8.1f} {r['missing']:>8}")


if __name__ == "__main__":
    main()
