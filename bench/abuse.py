"""One hostile address against a well-behaved phone: does the phone notice?

A well-behaved phone reads its table (GET /api/tables/{code}) every 20 ms, first on an
idle server, then while one address abuses the same server. Each case prints the phone's
p95 latency as a ratio to the idle p95 of the same round (target: within 2×) and, with
``--rounds`` over 1, the same over every round's reads together: a round's idle p95 is a
millisecond or so that moves by half from round to round on a quiet machine, so a single
round's ratio says as much about that as about the abuse.

- ``streams``: one address opens 2,100 event streams (the issue's flood) and holds them.
  The server admits at most STREAMS_PER_ADDRESS per worker and answers the rest 429. The phone is
  measured from the first connection on: the burst of connections is where a phone waited seconds
  (the third review's item 9). The flood comes from a process of its own on plain sockets, as from a
  flooding tool on another machine: ~0.1 s of CPU here, where asyncio in the bench's own process took
  0.3 s of the same two cores (the phone's ratios came out alike either way, docs/PERFORMANCE.md).
- ``import``: one address imports the largest league an import may hold (5,000 results),
  three times in a row. The web worker hands it to its import process (scorekeeper/offload.py);
  ``--offload off`` imports in the worker itself, for comparison.
- ``scans``: six addresses (127.0.0.2 to 127.0.0.7, loopback's own) read photographed scorecards at
  once, three each (18 scans; the review's flood). The web worker hands each to its scan process
  (niced, scorekeeper/scan/); rate limits are off here, so this is the CPU the scans take, not what
  the budgets let through.
- ``undo``: a table of 6,000 events, undone and redone (the reducer's case; off by default
  as filling the table takes minutes: ``--cases undo``).

The server is gunicorn with two gevent workers as in production (``--workers``; with ONE, the phone
always shares the worker with the abuse, but a lone worker accepts connections as fast as it can, where
several each took one per turn of their loop before scorekeeper/gunicorn_worker.py).
Everything is on loopback, and every loop is bounded.

    .venv/bin/python bench/abuse.py                       # streams and import, SQLite
    .venv/bin/python bench/abuse.py --db postgresql       # on PostgreSQL
    .venv/bin/python bench/abuse.py --cases undo          # the undo case
    .venv/bin/python bench/abuse.py --cases scans         # the scan flood (needs the [scan] extra)
    .venv/bin/python bench/abuse.py --cases import --rounds 3 --offload off   # importing in the web worker
"""

from __future__ import annotations

import argparse
import concurrent.futures
import functools
import http.client
import json
import multiprocessing
import os
import resource
import selectors
import socket
import statistics
import tempfile
import threading
import time
import uuid
from urllib.parse import urlparse

from servers import database, server

FLOOD_STREAMS = 2_100
SCAN_ADDRESSES, SCANS_EACH = 6, 3
IMPORT_RESULTS = 5_000
UNDO_EVENTS = 6_000
READ_EVERY_S = 0.02
MEASURE_S = 6.0
WINDOWS: list[tuple[float, float]] = []  # each measurement's (start, end), time.monotonic()


class Phone(threading.Thread):
    """Reads one table every READ_EVERY_S on one keep-alive connection until stopped; keeps each latency."""

    def __init__(self, base: str, code: str):
        super().__init__(daemon=True)
        host = urlparse(base)
        self.host, self.port, self.code = host.hostname, host.port, code
        self.latencies: list[float] = []
        self.at: list[float] = []  # when each read finished (time.monotonic)
        self.failures = 0
        self.stop = threading.Event()

    def run(self) -> None:
        conn = http.client.HTTPConnection(self.host, self.port, timeout=30)
        deadline = time.monotonic() + 600  # bounded, whatever happens
        while not self.stop.is_set() and time.monotonic() < deadline:
            started = time.perf_counter()
            try:
                conn.request("GET", f"/api/tables/{self.code}")
                response = conn.getresponse()
                response.read()
                if response.status == 200:
                    self.latencies.append(time.perf_counter() - started)
                    self.at.append(time.monotonic())
                else:
                    self.failures += 1
            except OSError:
                self.failures += 1
                conn.close()
                conn = http.client.HTTPConnection(self.host, self.port, timeout=30)
            time.sleep(READ_EVERY_S)
        conn.close()


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[18] if len(values) >= 20 else max(values, default=float("nan"))


def measure(base: str, code: str, abuse) -> tuple[list[float], int, object]:
    """The phone's latencies (s) while ``abuse()`` runs (or MEASURE_S when abuse is None), its failures, and
    what the abuse answered.

    An abuse that answers {"measure_from": t} is measured from t on (the streams: once they are all held).
    """
    phone = Phone(base, code)
    phone.start()
    time.sleep(0.5)  # the phone is reading before the abuse starts
    started = time.monotonic()
    outcome = abuse() if abuse else time.sleep(MEASURE_S)
    phone.stop.set()
    phone.join()
    since = outcome.pop("measure_from", started) if isinstance(outcome, dict) else started
    latencies = [v for v, at in zip(phone.latencies, phone.at, strict=True) if at >= since]
    WINDOWS.append((since, time.monotonic()))
    return latencies, phone.failures, outcome


def call(base: str, method: str, path: str, body=None, timeout: float = 120) -> tuple[int, dict]:
    host = urlparse(base)
    conn = http.client.HTTPConnection(host.hostname, host.port, timeout=timeout)
    payload = json.dumps(body) if body is not None else None
    conn.request(method, path, body=payload, headers={"Content-Type": "application/json"} if payload else {})
    response = conn.getresponse()
    raw = response.read()
    conn.close()
    return response.status, json.loads(raw) if raw else {}


def new_table(base: str) -> str:
    status, body = call(base, "POST", "/api/tables", {"game": "scorepad", "seats": [{"name": "Ann"}, {"name": "Ben"}]})
    assert status == 201, body
    return body["code"]


# --- the cases ---------------------------------------------------------------------------------


def stream_flood(base: str, code: str):
    """2,100 streams from one address, held for MEASURE_S after the last was answered; the phone is
    measured from the first connection on, the connecting burst and the holding both.

    The flood runs in a process of its own, as it would on the hostile address's own machine, not beside the
    phone's thread under one interpreter lock."""
    spawn = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(max_workers=1, mp_context=spawn) as flood:
        statuses = flood.submit(open_streams, base, code).result(timeout=120)
    return {"admitted": statuses.count(200), "refused 429": statuses.count(429),
            "failed": len(statuses) - statuses.count(200) - statuses.count(429)}


def open_streams(base: str, code: str) -> list[int]:
    """FLOOD_STREAMS stream requests at once, each held until all are answered and MEASURE_S more; their statuses
    (0: no answer). Plain non-blocking sockets, as a flooding tool would use: the kernel makes the connections,
    and this process spends a few tens of µs on each, so that the burst the phone meets is the server's."""
    host = urlparse(base)
    request = f"GET /api/tables/{code}/stream HTTP/1.1\r\nHost: x\r\n\r\n".encode()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)  # a spawned process starts from the shell's limit
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 8192)), hard))
    selector = selectors.DefaultSelector()
    statuses: dict[socket.socket, int] = {}
    heard: dict[socket.socket, bytes] = {}
    for _ in range(FLOOD_STREAMS):
        sock = socket.socket()
        sock.setblocking(False)
        sock.connect_ex((host.hostname, host.port))
        selector.register(sock, selectors.EVENT_WRITE)
    deadline = time.monotonic() + 30  # bounded, whatever happens
    while len(statuses) < FLOOD_STREAMS and time.monotonic() < deadline:
        for key, events in selector.select(timeout=1):
            sock = key.fileobj
            try:
                if events & selectors.EVENT_WRITE:  # connected: ask, then wait for the status line
                    sock.sendall(request)
                    selector.modify(sock, selectors.EVENT_READ)
                    continue
                chunk = sock.recv(256)
            except OSError:
                chunk = b""
            heard[sock] = heard.get(sock, b"") + chunk
            if chunk and b"\r\n" not in heard[sock]:
                continue
            selector.unregister(sock)
            line = heard[sock].split(b"\r\n", 1)[0].split()
            statuses[sock] = int(line[1]) if len(line) > 1 and line[1].isdigit() else 0
    time.sleep(MEASURE_S)  # the admitted streams held, reading nothing more
    for sock in selector.get_map().values():
        statuses.setdefault(sock.fileobj, 0)
    for sock in statuses:
        sock.close()
    return list(statuses.values())


def league_export(n: int) -> dict:
    players = [f"Player {i}" for i in range(12)]
    return {"format": "scorekeeper-league", "version": 1, "name": "Big club", "players": players,
            "results": [{"id": str(uuid.uuid4()), "game": "scorepad", "played_on": "2026-01-02",
                         "players": [{"name": players[i % 12], "score": i % 50},
                                     {"name": players[(i + 1) % 12], "score": (i * 7) % 50},
                                     {"name": players[(i + 2) % 12], "score": (i * 3) % 50}]} for i in range(n)]}


def big_import(base: str, _code: str):
    body = league_export(IMPORT_RESULTS)
    took = []
    for _ in range(3):
        started = time.perf_counter()
        status, answer = call(base, "POST", "/api/leagues/import", body)
        assert status == 201, answer
        took.append(time.perf_counter() - started)
    return {"imports": len(took), "each": f"{statistics.mean(took):.2f} s"}


def scan(base: str, photo: bytes, source: str = "127.0.0.1") -> int:
    boundary = uuid.uuid4().hex
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"card.jpg\"\r\n"
            f"Content-Type: image/jpeg\r\n\r\n").encode() + photo + f"\r\n--{boundary}--\r\n".encode()
    host = urlparse(base)
    conn = http.client.HTTPConnection(host.hostname, host.port, timeout=120, source_address=(source, 0))
    conn.request("POST", "/api/games/bresk/scan", body=body,
                 headers={"Content-Type": f"multipart/form-data; boundary={boundary}"})
    status = conn.getresponse().status
    conn.close()
    return status


def scan_flood(base: str, _code: str):
    """SCAN_ADDRESSES clients at once, SCANS_EACH photographed cards each; the scan process is loaded first
    (its 5 s model load is not the flood), and the phone is measured from the first scan of the flood on."""
    from scan_photos import make_photo

    photos = [make_photo(seed).jpeg for seed in range(SCAN_ADDRESSES)]
    assert scan(base, photos[0]) == 200, "the scan extra is not installed or the scan failed"
    started = time.monotonic()
    statuses: list[int] = []

    def one_address(photo: bytes, source: str) -> None:
        statuses.extend(scan(base, photo, source) for _ in range(SCANS_EACH))

    threads = [threading.Thread(target=one_address, args=(photo, f"127.0.0.{2 + i}"))
               for i, photo in enumerate(photos)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(300)
    took = time.monotonic() - started
    answers = {status: statuses.count(status) for status in sorted(set(statuses))}  # 503: the queue was full
    return {"measure_from": started, "scans": len(statuses), "answers": answers, "took": f"{took:.1f} s"}


def undo_at_6000(base: str, _code: str):
    """The reducer's case: a table of UNDO_EVENTS events, then undo and redo five times each."""
    code = new_table(base)
    for i in range(UNDO_EVENTS):
        status, body = call(base, "POST", f"/api/tables/{code}/events",
                            {"id": str(uuid.uuid4()), "type": "points", "data": {"seat": i % 2, "points": 1}})
        assert status == 201, body
    took = []
    for kind in ("undo", "redo") * 5:
        started = time.perf_counter()
        status, body = call(base, "POST", f"/api/tables/{code}/events", {"id": str(uuid.uuid4()), "type": kind})
        assert status == 201, body
        took.append(time.perf_counter() - started)
    return {"events": UNDO_EVENTS, "undo/redo p50": f"{statistics.median(took) * 1000:.0f} ms"}


CASES = {"streams": stream_flood, "import": big_import, "scans": scan_flood, "undo": undo_at_6000}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--db", choices=["sqlite", "postgresql"], default="sqlite")
    parser.add_argument("--cases", nargs="+", choices=list(CASES), default=["streams", "import"])
    parser.add_argument("--rounds", type=int, default=1,
                        help="idle, then each case, this many times (each ratio to its round's idle)")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers (production: 2)")
    parser.add_argument("--offload", choices=["on", "off"], default="on",
                        help="off: the worker imports in process, as before offload.py (for comparison)")
    args = parser.parse_args()
    os.environ["SCOREKEEPER_OFFLOAD"] = args.offload

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)  # 2,100 sockets here and as many in the server
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 8192)), hard))
    os.environ["SCOREKEEPER_CONNECTIONS"] = "2000"  # as --worker-connections in servers.server

    print(f"load average at the start: {os.getloadavg()[0]:.1f}")
    rows = []
    pooled: dict[str, list[float]] = {"idle": [], **{name: [] for name in args.cases}}  # every round's latencies
    with tempfile.TemporaryDirectory() as tmp, database(args.db) as url:
        os.environ["BENCH_HOLDS"] = holds_file = f"{tmp}/holds.jsonl"
        for round_ in range(1, args.rounds + 1):  # a fresh server each round: the last round's streams are gone
            with server(url, workers=args.workers, config="bench.holds") as base:
                code = new_table(base)
                idle = measure(base, code, None)[0]
                pooled["idle"] += idle
                rows.append(f"{args.db}, {args.workers} workers, offload {args.offload}, round {round_}: "
                            f"idle phone {figures(idle)} ({len(idle)} reads)")
                print(rows[-1], flush=True)
                for name in args.cases:
                    case = functools.partial(CASES[name], base, code)
                    abused, failures, outcome = measure(base, code, case)
                    pooled[name] += abused
                    rows.append(f"  {name:8} phone {figures(abused)} = {p95(abused) / p95(idle):5.2f}× idle p95 "
                                f"({len(abused)} reads, {failures} failed); abuse: {outcome}")
                    print(rows[-1], flush=True)
        holds = []
        if os.path.exists(holds_file):
            with open(holds_file) as lines:
                holds = [json.loads(line) for line in lines]
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")
    if args.rounds > 1:
        # A round's idle p95 is its 15th-slowest read of ~290, a millisecond or so that moves by half between rounds
        # on a quiet machine; the same percentiles over every round's reads are the steadier estimate of both.
        idle = pooled.pop("idle")
        print(f"all {args.rounds} rounds' reads together: idle phone {figures(idle)} ({len(idle)} reads)")
        for name, abused in pooled.items():
            print(f"  {name:8} phone {figures(abused)} = {p95(abused) / p95(idle):5.2f}× idle p95 "
                  f"(+{(p95(abused) - p95(idle)) * 1000:.1f} ms; {len(abused)} reads)")
    print("The worker's loop held by one greenlet, longest (CPU time; wall time), how often over 5 ms of CPU, and the "
          "longest pass of the cyclic garbage collector (inside one of those holds):")
    labels = iter(line.split(":")[0].strip() if not line.startswith(" ") else "    " + line.split()[0]
                  for line in rows)
    for (start, end), label in zip(WINDOWS, labels, strict=True):
        inside = [h for h in holds if start <= h["at"] <= end and "gc" not in h]
        cpu = max((h["cpu"] for h in inside), default=0)
        wall = max((h["wall"] for h in inside), default=0)
        over = sum(h["cpu"] > 0.005 for h in inside)
        collector = max((h["cpu"] for h in holds if start <= h["at"] <= end and "gc" in h), default=0)
        print(f"  {label:44} longest {cpu * 1000:6.1f} ms CPU; {wall * 1000:6.1f} ms wall; over 5 ms: {over:3}; "
              f"of which the longest collector pass {collector * 1000:5.1f} ms")


def figures(latencies: list[float]) -> str:
    return (f"p50 {statistics.median(latencies) * 1000:5.1f} ms, p95 {p95(latencies) * 1000:6.1f} ms, "
            f"max {max(latencies) * 1000:6.1f} ms")


if __name__ == "__main__":
    main()
