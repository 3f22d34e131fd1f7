"""Resident memory of one instance (gunicorn, two workers) before and after reading cards.

Starts an instance on a fresh SQLite database, waits for it to answer, and prints each process of its tree
(from /proc: the master, the web workers, the scan service and its scan process, anything else) with its
resident set (RSS) and proportional set (PSS: shared pages divided among the processes sharing them, so the
sum is what the tree really takes), first at boot (once the scan process has loaded its model, which it does
at boot) and then after ``--scans`` cards sent over fresh connections, ``--parallel`` at a time, so both
workers read some.

    .venv/bin/python bench/scan_memory.py [--scans 8] [--parallel 4]
"""

from __future__ import annotations

import argparse
import os
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.request import Request, urlopen

from scan_photos import make_photo
from servers import database, server

SETTLE_S = 120  # the scan process loads its model at boot; a loaded machine takes its time


def tree(root: int) -> dict[int, str]:
    """``root`` and every process below it: pid → command line."""
    table = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            ppid = int(stat.read_text().rsplit(")", 1)[1].split()[1])
            command = (stat.parent / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace").strip()
        except OSError:
            continue
        table[int(stat.parent.name)] = (ppid, command)
    out, parents = {root: table.get(root, (0, "?"))[1]}, {root}
    while parents:
        more = {pid: command for pid, (ppid, command) in table.items() if ppid in parents and pid not in out}
        out.update(more)
        parents = set(more)
    return out


def memory_kb(pid: int) -> tuple[int, int]:
    """(RSS, PSS) in kB, from /proc/<pid>/smaps_rollup."""
    values = {}
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]:
        name, value, *_ = line.split()
        values[name.rstrip(":")] = int(value)
    return values["Rss"], values["Pss"]


def role(command: str) -> str:
    for marker, name in (("scan.worker", "scan process"), ("scan.server", "scan service"),
                         ("offload_child", "import process")):
        if marker in command:
            return name
    return "gunicorn"


def report(title: str, master: int) -> None:
    rows = []
    for pid, command in sorted(tree(master).items()):
        try:
            rss, pss = memory_kb(pid)
        except OSError:
            continue
        name = "master" if pid == master else role(command)
        name = "web worker" if name == "gunicorn" else name
        rows.append((name, pid, os.getpriority(os.PRIO_PROCESS, pid), rss, pss))
    print(f"\n{title} (load average {os.getloadavg()[0]:.2f})")
    print(f"{'process':<16} {'pid':>7} {'nice':>4} {'RSS MB':>8} {'PSS MB':>8}")
    for name, pid, nice, rss, pss in rows:
        print(f"{name:<16} {pid:>7} {nice:>4} {rss / 1024:>8.1f} {pss / 1024:>8.1f}")
    print(f"{'total':<16} {len(rows):>7} {'':>4} {sum(r[3] for r in rows) / 1024:>8.1f} "
          f"{sum(r[4] for r in rows) / 1024:>8.1f}")


def post_photo(base: str, data: bytes) -> int:
    boundary = uuid.uuid4().hex
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"card.jpg\"\r\n"
            "Content-Type: image/jpeg\r\n\r\n").encode() + data + f"\r\n--{boundary}--\r\n".encode()
    request = Request(f"{base}/api/games/bresk/scan", body, method="POST",
                      headers={"Content-Type": f"multipart/form-data; boundary={boundary}", "Connection": "close"})
    with urlopen(request, timeout=SETTLE_S) as response:  # noqa: S310 - our own loopback server
        return response.status


def master_of(port: int) -> int:
    """The gunicorn master serving ``port``: the process of that bind whose parent is this one."""
    for pid, command in tree(os.getpid()).items():
        if f"--bind=127.0.0.1:{port}" in command and pid != os.getpid():
            return pid
    raise SystemExit(f"no gunicorn master for port {port} among this process's children")


def scanners_settled(master: int, seconds: float) -> None:
    """Wait until the scan processes (if any: before the shared service, none ran before a scan) have loaded
    their model: each is past its libraries (100 MB) and its memory has not moved for three seconds."""
    deadline, history = time.monotonic() + seconds, []
    while time.monotonic() < deadline:
        scanners = sorted(pid for pid, command in tree(master).items() if "scan.worker" in command)
        history.append([memory_kb(pid)[0] for pid in scanners])
        recent = history[-4:]
        if len(recent) == 4 and len({len(x) for x in recent}) == 1 and all(
                max(column) - min(column) < 1024 and min(column) > 100 * 1024 for column in zip(*recent, strict=True)):
            return
        if not scanners and len(history) >= 4:
            return
        time.sleep(1)
    raise SystemExit(f"the scan processes' memory did not settle in {seconds} s: {history[-4:]} kB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scans", type=int, default=8)
    parser.add_argument("--parallel", type=int, default=4)
    args = parser.parse_args()
    photo = make_photo(3)
    with database("sqlite") as url, server(url, workers=2) as base:
        master = master_of(int(base.rsplit(":", 1)[1]))
        scanners_settled(master, SETTLE_S)
        report("at boot", master)
        with ThreadPoolExecutor(args.parallel) as pool:
            statuses = list(pool.map(lambda _: post_photo(base, photo.jpeg), range(args.scans)))
        if statuses != [200] * args.scans:
            raise SystemExit(f"scans answered {statuses}")
        scanners_settled(master, SETTLE_S)
        report(f"after {args.scans} scans, {args.parallel} at a time", master)


if __name__ == "__main__":
    main()
